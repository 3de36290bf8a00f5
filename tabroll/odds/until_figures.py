"""Attacks to defeat as data, for every screen to draw: :class:`Until` (how many attacks, or rounds, the same attack
takes to defeat its target) and :class:`UntilRow` (one count of them). :mod:`tabroll.odds.until` fills it; the
screens are in :mod:`tabroll.render.until`. Its JSON is the ``until`` field of a ``tabroll.odds`` document.

Like :mod:`tabroll.odds.figures`, it imports no computation (screens may import it)."""

from __future__ import annotations

from typing import Any

import msgspec

from tabroll.odds.figures import Estimate

UNTIL_CHOICES = ("defeat",)
"""What ``--until`` may name: the attack is made again until its target is defeated."""


class UntilRow(msgspec.Struct):
    """One count ``k`` of attacks (or rounds): P(the target falls to the k-th), P(it has fallen by the k-th), and
    P(the k-th could not be made: the rules refused it, so the attacks stop there)."""

    count: int
    defeated: Estimate
    within: Estimate
    could_not: Estimate

    def to_json(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "defeated": self.defeated.to_json(),
            "defeated_within": self.within.to_json(),
            "could_not_attack": self.could_not.to_json(),
        }


class Until(msgspec.Struct):
    """The same attack, made again and again on one target until it is defeated or ``cap`` attacks were made, each
    from the state the last one left (damage kept, ammunition spent; what the game resets between two attacks, in
    ``between``).

    ``counts`` is what one attack is counted as: ``rounds`` when the game begins a new round between two attacks
    (its ``next_attack`` rule), else ``attacks``. ``rows`` has one :class:`UntilRow` per count, 1 to ``cap``.
    ``mean`` is the mean count at which the target falls, over the chains where it falls within ``cap`` (None when
    it never does). ``standing``: P(every one of the ``cap`` attacks was made and the target still stands).
    ``could_not``: P(the attacks stopped because one could not be made), by the rules' reason; the first attack
    refused counts here too. ``samples``: the resolutions the exact chain walked, or the chains simulated;
    ``states``: the most distinct states one attack was walked from (exact)."""

    target: str
    counts: str
    between: str
    cap: int
    method: str
    samples: int
    rows: list[UntilRow] = msgspec.field(default_factory=list)
    mean: Estimate | None = None
    standing: Estimate = msgspec.field(default_factory=lambda: Estimate(0.0))
    could_not: dict[str, Estimate] = msgspec.field(default_factory=dict)
    could_not_total: Estimate = msgspec.field(default_factory=lambda: Estimate(0.0))
    attacker: str | None = None
    until: str = "defeat"
    states: int = 0
    note: str = ""

    @property
    def defeated(self) -> Estimate:
        """P(the target falls within ``cap``)."""
        return self.rows[-1].within if self.rows else Estimate(0.0)

    def to_json(self) -> dict[str, Any]:
        return {
            "until": self.until,
            "target": self.target,
            "attacker": self.attacker,
            "counts": self.counts,
            "between": self.between,
            "cap": self.cap,
            "method": self.method,
            "samples": self.samples,
            "states": self.states,
            "note": self.note,
            "mean": None if self.mean is None else self.mean.to_json(),
            "defeated": self.defeated.to_json(),
            "not_defeated": self.standing.to_json(),
            "could_not_attack": {
                "total": self.could_not_total.to_json(),
                "reasons": {reason: e.to_json() for reason, e in self.could_not.items()},
            },
            "by_count": [row.to_json() for row in self.rows],
        }
