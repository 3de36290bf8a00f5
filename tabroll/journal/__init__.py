"""The game journal: state that lasts between commands at the table.

A journal is an append-only JSON Lines file (UTF-8, one JSON object per line, every line ending in ``\\n``) that
records, for one scenario file, every action resolved with ``--journal FILE``. The next command with the same
journal starts from the scenario plus everything recorded: the resolver replays each recorded action with its
recorded dice, so the whole state of the game (ammunition, defeats, who has acted, cooldowns…)
comes back exactly, whatever the ruleset. The user's YAML is never rewritten.

Format (version :data:`JOURNAL_VERSION`)
-----------------------------------------
Line 1 is the header::

    {"format": "tabroll.journal", "version": 2, "ruleset": "<game id>", "scenario": "<path as given>",
     "scenario_sha256": "<sha256 of the parsed scenario>", "options": {<the house rules in force>},
     "created_by": "tabroll 0.1.0", "check": "<sha256>"}

Every other line is one action that happened (an action the rules refuse changes nothing and is not recorded)::

    {"seq": 1, "action": {<the action as JSON, as in a scenario file>}, "dice": [7, 12], "refused": false,
     "events": [<event.to_json()>, ...], "state": <ruleset.summarize_state(after)>, "step": 1, "check": "<sha256>"}

* ``seq`` counts actions from 1 with no gaps; ``dice`` is every die value drawn, in order.
* ``step`` is the scenario file's action the record resolves (from 1), or 0 for an action typed at the table
  (``tabroll attack --journal``, ``tabroll play``): running the file again skips every action up to the last
  step recorded, a refused one before it included.
* ``check`` is the SHA-256 (hex) of the canonical JSON of the object without ``check`` (keys sorted, separators
  ``,`` and ``:``, UTF-8, no NaN). A line whose hash does not match was changed or damaged.
* ``events`` and ``state`` are there for people and for verification: the state is always rebuilt by replaying
  the actions with their dice, and a replay that does not give back the recorded events and state is reported
  (the journal and the rules disagree) rather than trusted.
* A reader refuses a header whose ``version`` is newer than its own.

Safety
------
Records are appended and fsynced under an exclusive lock, only while the file is the size this command read, and
a failed append is cut back. Damage (a torn line, a line that is not JSON, a check-hash mismatch, seq out of
order) raises :class:`JournalDamaged` with the file and line. :func:`undo` rewrites atomically
(:mod:`tabroll.writing`). The size limits are in :mod:`tabroll.journal.limits`.
"""

from __future__ import annotations

from tabroll.journal.book import Journal, decode_action, encode_action, journal_scenario, open_journal, replay, undo
from tabroll.journal.records import JournalDamaged, JournalRecord, check_hash, read_journal

__all__ = [
    "Journal",
    "JournalDamaged",
    "JournalRecord",
    "check_hash",
    "decode_action",
    "encode_action",
    "journal_scenario",
    "open_journal",
    "read_journal",
    "replay",
    "undo",
]
