"""What an action needs, shown before any die is asked for: the number it must reach where the rules fix one,
and its exact odds when the dice tree is small.

Both come from the game's own rules, run on dice that are thrown away: the action is resolved once with every die
at its lowest and once at its highest (the number an attack needs to hit is the same in both unless it depends on
another roll, such as an opposed one), and walked exactly when the walk is small. Nothing here changes the game,
and nothing here may stop it: a preview that cannot be made is left out.
"""

from __future__ import annotations

from typing import Any

from tabroll.dice.sources import DiceRequest
from tabroll.kit import AnyRuleset

MAX_DRAWS = 500
"""Draws one thrown-away resolution may take (a die that explodes on its highest face stops here)."""

ODDS_BUDGET = 2_000
"""Most resolutions the exact walk of a preview may take, so that the line comes at once (a resolution that
replays a merged walk's prefix costs up to half a millisecond); a larger tree is not walked (``odds`` does
it)."""


class _TooManyDraws(Exception):
    pass


class _Extreme:
    """Every die at its lowest (1) or its highest face; every choice likewise."""

    def __init__(self, high: bool) -> None:
        self.high = high
        self.draws = 0

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        self.draws += 1
        if self.draws > MAX_DRAWS:
            raise _TooManyDraws
        return (request.sides if self.high else 1,) * request.count


def _needs(ruleset: AnyRuleset, state: Any, action: Any) -> list[str]:
    from tabroll.engine import resolve

    seen: list[dict[str, set[int]]] = []
    for high in (False, True):
        try:
            resolution = resolve(ruleset, state, action, _Extreme(high))
        except Exception:
            return []
        if resolution.refused:
            return []
        needed: dict[str, set[int]] = {}
        for event in resolution.events:
            if event.kind in ("hit", "miss") and int(getattr(event, "needed", 0)) > 0:
                needed.setdefault(str(getattr(event, "target", "")), set()).add(int(event.needed))  # type: ignore[attr-defined]
        seen.append(needed)
    lines = []
    for target in dict.fromkeys([*seen[0], *seen[1]]):
        values = seen[0].get(target, set()) | seen[1].get(target, set())
        if len(values) == 1:
            from tabroll.i18n import _

            lines.append(
                _(
                    "needs a total of {total} or more, modifiers included, to hit {target}",
                    total=next(iter(values)),
                    target=target,
                )
            )
    return lines


def _odds(ruleset: AnyRuleset, state: Any, action: Any) -> str | None:
    from tabroll.odds.estimate import estimate_leaves, surely_over
    from tabroll.odds.exact import exact_odds
    from tabroll.odds.limits import BudgetExceeded
    from tabroll.odds.report import build_report

    try:
        if surely_over(estimate_leaves(ruleset, state, action), ODDS_BUDGET):
            return None
        result = exact_odds(ruleset, state, action, budget=ODDS_BUDGET)
    except BudgetExceeded:
        return None
    except Exception:
        return None
    figures = build_report(result.tally, exact=True, samples=result.leaves).to_json()["probabilities"]
    each = [name for name in figures if name.startswith("hit: ")]
    if "hit" in figures and len(each) == 1 and figures[each[0]] == figures["hit"]:
        del figures[each[0]]  # one unit aimed at: its P(hit) is the attack's
    from tabroll.i18n import _, percent
    from tabroll.odds.figures import figure_name

    shown = [
        _("P({name}) {share}", name=figure_name(name), share=percent(float(value["value"])))
        for name, value in figures.items()
    ]
    return " · ".join(shown) if shown else None


def preview_lines(ruleset: AnyRuleset, state: Any, action: Any) -> list[str]:
    """The lines shown under an action's header before its dice are asked for (none when nothing is known)."""
    lines = _needs(ruleset, state, action)
    odds = _odds(ruleset, state, action)
    if odds is not None:
        lines.append(odds)
    return lines
