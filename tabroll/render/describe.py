"""The sentence of an event read back from JSON (a journal's records), as the logs word it.

Each event class words itself (:meth:`tabroll.events.Event.sentence`): the core's events in ``tabroll``, each
game's in its own folder. An event of a kind nobody knows (read back from a journal written by another version)
falls back to its fields, so nothing is ever hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabroll import events as ev


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def describe_json(data: Mapping[str, Any], kinds: Mapping[str, type[ev.Event]]) -> str:
    """The sentence of an event read back from JSON, with the event classes of its game (``kinds``)."""
    kind = str(data.get("kind"))
    cls = kinds.get(kind)
    if cls is not None:
        try:
            fields = {k: _tuples(v) for k, v in data.items() if k != "kind"}
            if cls is ev.Roll and fields.get("terms"):
                fields["terms"] = tuple(
                    ev.RolledDice(t["dice"], tuple(t["values"]), tuple(t["kept"])) for t in fields["terms"]
                )
            return cls(**fields).sentence()
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            pass
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in data.items() if k != "kind")
