"""Small helpers for the words of messages (so no message says "1 actions" or "action(s)")."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``count(1, "action")`` → ``"1 action"``; ``count(3, "hex", "hexes")`` → ``"3 hexes"``."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"
