"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English."""

from __future__ import annotations

from pathlib import Path

from tabroll.i18n import N_, Domain

MESSAGES = Domain("ahotnik", Path(__file__).resolve().parent / "locale")
_ = MESSAGES.gettext
n_ = MESSAGES.ngettext
p_ = MESSAGES.pgettext
np_ = MESSAGES.npgettext

__all__ = ["MESSAGES", "N_", "_", "n_", "np_", "p_"]
