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
Records are appended with unbuffered ``os.write`` calls then ``os.fsync``, under an exclusive lock (``flock``)
and after checking that the file is still the size this command read, so a crash loses at most the action in
flight and two commands writing one journal at once are refused rather than interleaved. A failed append (a full
disk, a file-size limit) is cut back to the file's size before it, so the journal is left exactly as it was. A
last line without its ``\\n`` (cut short by a crash), a line that is not JSON, a check-hash mismatch or seq
numbers out of order raise :class:`JournalDamaged` with the file and line; nothing is ever read past damage.
:func:`undo` (which drops a torn last line too) rewrites the file atomically: a temporary file in the same folder,
fsync, ``os.replace``, fsync of the folder; a read-only journal is never rewritten.
A journal path that is a symbolic link is followed to its target, which is written (the link stays a link); a
dangling link is refused. New journals get the mode the umask gives. Journals over :data:`MAX_JOURNAL_BYTES` and
records over :data:`MAX_RECORD_BYTES` are refused.

Use
---
``open_journal(path, scenario, scenario_path=...)`` creates or checks a journal; ``Journal.current_state()``
gives the state to start from; ``Journal.resolve(action, dice)`` resolves one action and records it;
``Journal.run(session_dice)`` is :func:`tabroll.engine.run_scenario` that records every step.
:func:`undo` and :func:`replay` serve ``tabroll journal undo|replay``.
"""

from __future__ import annotations

from tabroll.journal.book import Journal, journal_scenario, open_journal, replay, undo
from tabroll.journal.codec import decode_action, encode_action
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
