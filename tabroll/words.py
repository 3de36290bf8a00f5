"""Text from a file or a user as a terminal may show it (:func:`visible`), and the tip for a misspelt name
(:func:`did_you_mean`)."""

from __future__ import annotations

from collections.abc import Sequence

_VISIBLE: dict[int, str] = {
    **{code: f"\\u{code:04x}" for code in (*range(0x00, 0x20), *range(0x7F, 0xA0))},
    **{code: f"\\u{code:04x}" for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))},  # bidi overrides
    ord("\n"): "\\n",
    ord("\t"): "\\t",
    ord("\r"): "\\r",
}
_VISIBLE_LINES = {code: shown for code, shown in _VISIBLE.items() if code != ord("\n")}


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` as a terminal may show it: every control character (and every bidirectional override, which
    reorders what the eye reads) written out as its escape, the way a field path shows one (``\\u001b``), so that
    a name in a file cannot clear the screen, retitle the window or make the log blink. ``lines``: the line breaks
    stay (a text of several lines of tabroll's own). Only for people: JSON keeps every character exactly."""
    if text.isprintable() and (lines or "\n" not in text):
        return text
    return text.translate(_VISIBLE_LINES if lines else _VISIBLE)


def did_you_mean(name: str, names: Sequence[str], otherwise: str) -> str:
    """The tip for a ``name`` that is none of ``names``: the nearest of them, else ``otherwise`` (the names listed,
    say). The one fuzzy match of a misspelt name."""
    from difflib import get_close_matches

    from tabroll.i18n import _

    close = get_close_matches(name, list(names), n=1)
    return _("did you mean '{name}'?", name=close[0]) if close else otherwise
