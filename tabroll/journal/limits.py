"""What the journal modules share: the size limits, in one place (the tests lower them to reach the refusals),
and the tips of their refusals."""

from __future__ import annotations

from tabroll.i18n import N_

MAX_JOURNAL_BYTES = 256 * 1024 * 1024
"""Journals larger than this are refused (one game's journal is a few hundred kilobytes)."""
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""A single line larger than this is refused."""


def size_text(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


NEW_JOURNAL_TIP = N_("give --journal a new file name (e.g. game.journal.jsonl); tabroll never writes into other files")
FORCE_TIP = N_(
    "start a new journal file, or pass --journal-force to replay this journal over the scenario as it is now"
)
"""The tips above are kept in English and said in the language where they are shown (``_(FORCE_TIP)``)."""
