"""Two attacks side by side (``tabroll odds … --vs UNIT``): two attackers, or two forms of one attack, against the
same target from the same position. Each is worked out on its own (exact, or simulated); this module compares the
two reports: the difference of each chance and mean, and the chance that one deals more damage than the other.

The two attacks are alternatives, not a sequence: each starts from the same state, and their dice are independent,
so P(A deals more than B) is the sum of P_A(a) · P_B(b) over a > b. It is exact when both reports are exact, and an
estimate (no interval) when either was simulated. A module of data: it computes nothing of the games' rules."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import msgspec

from tabroll.odds.figures import Estimate, Report

VERSUS_FORMAT = "tabroll.odds_versus"
VERSUS_FORMAT_VERSION = 1

DAMAGE = "damage"


class Side(msgspec.Struct):
    """One of the two attacks: what the screens call it and its report."""

    label: str
    report: Report


class Comparison(msgspec.Struct):
    """``a`` against ``b``: each figure of both (``rows``: name, A's, B's, A − B), and how the damage of one
    compares with the other's (``a_more``, ``equal``, ``b_more``; None where either report has no damage)."""

    a: Side
    b: Side
    rows: list[tuple[str, Estimate, Estimate, Estimate]] = msgspec.field(default_factory=list)
    a_more: Estimate | None = None
    equal: Estimate | None = None
    b_more: Estimate | None = None
    damage: list[tuple[Any, Estimate, Estimate]] = msgspec.field(default_factory=list)

    @property
    def exact(self) -> bool:
        return self.a.report.method == "exact" and self.b.report.method == "exact"

    def to_json(self) -> dict[str, Any]:
        """The document: each side's own odds document, the figures compared, and the damage."""
        out: dict[str, Any] = {
            "format": VERSUS_FORMAT,
            "version": VERSUS_FORMAT_VERSION,
            "method": "exact" if self.exact else "estimate",
            "a": {"label": self.a.label, **self.a.report.to_json()},
            "b": {"label": self.b.label, **self.b.report.to_json()},
            "differences": {name: diff.to_json() for name, _, _, diff in self.rows},
        }
        if self.a_more is not None and self.equal is not None and self.b_more is not None:
            out["damage"] = {
                "a_more": self.a_more.to_json(),
                "equal": self.equal.to_json(),
                "b_more": self.b_more.to_json(),
                "values": [{"outcome": v, "a": ea.to_json(), "b": eb.to_json()} for v, ea, eb in self.damage],
            }
        return out


def compare(a: Side, b: Side) -> Comparison:
    """The two reports compared, figure by figure (a chance one report lacks is 0 there: the attack cannot do it)."""
    comparison = Comparison(a=a, b=b)
    exact = comparison.exact
    first, second = a.report.attack, b.report.attack
    zero = _estimate(Fraction(0), exact)
    for name in dict.fromkeys([*first.probabilities, *second.probabilities]):
        if name.startswith("hit: "):
            continue  # one target: its P(hit) is the attack's
        ea, eb = first.probabilities.get(name, zero), second.probabilities.get(name, zero)
        comparison.rows.append((f"P({name})", ea, eb, _difference(ea, eb)))
    for name in first.means:
        if name in second.means and not name.startswith("damage to "):
            ea, eb = first.means[name], second.means[name]
            comparison.rows.append((f"mean {name}", ea, eb, _difference(ea, eb)))
    if DAMAGE in first.distributions and DAMAGE in second.distributions:
        _damage(comparison, first.distributions[DAMAGE], second.distributions[DAMAGE], exact)
    return comparison


def _damage(
    comparison: Comparison, first: list[tuple[Any, Estimate]], second: list[tuple[Any, Estimate]], exact: bool
) -> None:
    """P(A's damage > B's), = and <, over independent dice; and both distributions on one list of values."""
    more: Any
    more = same = less = Fraction(0) if exact else 0.0
    for va, ea in first:
        for vb, eb in second:
            weight = _weight(ea, exact) * _weight(eb, exact)
            if va > vb:
                more += weight
            elif va == vb:
                same += weight
            else:
                less += weight
    comparison.a_more, comparison.equal, comparison.b_more = (_estimate(x, exact) for x in (more, same, less))
    by_a, by_b = dict(first), dict(second)
    zero = _estimate(Fraction(0), exact)
    comparison.damage = [(v, by_a.get(v, zero), by_b.get(v, zero)) for v in sorted({*by_a, *by_b})]


def _weight(e: Estimate, exact: bool) -> Any:
    return e.exact if exact and e.exact is not None else e.value


def _estimate(value: Any, exact: bool) -> Estimate:
    return Estimate.of(value) if exact else Estimate(float(value))


def _difference(a: Estimate, b: Estimate) -> Estimate:
    """A − B: exact when both are; an estimate otherwise (no interval: the two intervals do not simply add)."""
    if a.exact is not None and b.exact is not None:
        return Estimate.of(a.exact - b.exact)
    return Estimate(a.value - b.value)
