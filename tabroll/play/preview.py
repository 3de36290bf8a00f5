"""What an action needs, shown before any die is asked for: the number it must reach where the rules fix one,
and its exact odds when the dice tree is small.

Both come from one exact walk of the action through the game's own rules (:func:`tabroll.odds.exact.exact_odds`).
A number to reach is said only when it is true of every outcome of the dice (:meth:`_Watching.needs`): an opposed
roll (F0R60D's attack against the evasion roll) has only a chance, no number to reach.

Nothing here changes the game, and nothing here may stop it: a preview that cannot be made is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from tabroll.i18n import _, percent
from tabroll.kit import AnyRuleset
from tabroll.odds.estimate import estimate_leaves, surely_over
from tabroll.odds.exact import exact_odds
from tabroll.odds.figures import figure_name
from tabroll.odds.measures import GAME
from tabroll.odds.report import build_report

ODDS_BUDGET = 2_000
"""Most resolutions the exact walk of a preview may take, so that the line comes at once; a larger tree is not
walked (``odds`` does it)."""

NEEDS = "\x00needs"
"""The measure the preview's walk adds to the game's own: the units the acting unit rolled to hit in one outcome
(no game's measure can be named so)."""


class _Watching:
    """The game as it is, watched: every hit and miss event the walk meets, in any outcome, is noted.

    The walk reads each outcome's measures at every step past its prefix and at its end, with every event of the
    action so far; what follows a step the walk merged at is what the first outcome to reach it walked. So the
    events met are every event of every outcome. For each unit the acting unit rolls against, the numbers it
    needed are kept, and whether any roll hit or missed against its number (a natural 10's rule); the measure
    :data:`NEEDS` says which units each outcome rolled against (the same in most outcomes: the walk merges as
    before)."""

    def __init__(self, game: AnyRuleset, actor: str | None) -> None:
        self._game = game
        self._actor = actor
        self.numbers: dict[str, set[int]] = {}
        self.unsound: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def outcome_measures(self, before: Any, after: Any, events: Sequence[Any]) -> dict[str, Any]:
        measures: dict[str, Any] = dict(self._game.outcome_measures(before, after, events))
        struck: set[str] = set()
        for event in events:
            if event.kind not in ("hit", "miss") or (self._actor is not None and event.attacker != self._actor):
                continue  # another unit's roll (a counterattack): not a number the acting unit needs
            target, needed = str(event.target), int(event.needed)
            struck.add(target)
            self.numbers.setdefault(target, set()).add(needed)
            if (event.kind == "hit") != (int(event.result) >= needed):
                self.unsound.add(target)
        measures[NEEDS] = frozenset(struck)
        return measures

    def needs(self, tally: Any) -> dict[str, int]:
        """Each target with the one number the acting unit needs to hit it, true of every outcome of the walk
        (``tally``): it rolled against that target in every outcome, always needing that number, and hit exactly
        when its total reached it. A number that depends on the dice (an opposed roll) is no number to reach."""
        outcomes = [struck for struck, mass in tally.values.get((GAME, NEEDS), {}).items() if mass]
        if not outcomes:
            return {}
        everywhere = frozenset.intersection(*outcomes)
        needs: dict[str, int] = {}
        for target in sorted(everywhere):
            numbers = self.numbers.get(target, set())
            if target not in self.unsound and len(numbers) == 1 and (number := next(iter(numbers))) > 0:
                needs[target] = number
        return needs


def _odds_line(tally: Any, leaves: int) -> str | None:
    tally.values.pop((GAME, NEEDS), None)  # the preview's own measure: not one of the game's
    tally.undeclared.discard(NEEDS)
    figures = build_report(tally, exact=True, samples=leaves).to_json()["probabilities"]
    each = [name for name in figures if name.startswith("hit: ")]
    if "hit" in figures and len(each) == 1 and figures[each[0]] == figures["hit"]:
        del figures[each[0]]  # one unit aimed at: its P(hit) is the attack's
    shown = [
        _("P({name}) {share}", name=figure_name(name), share=percent(float(value["value"])))
        for name, value in figures.items()
    ]
    return " · ".join(shown) if shown else None


def preview_lines(ruleset: AnyRuleset, state: Any, action: Any) -> list[str]:
    """The lines shown under an action's header before its dice are asked for (none when nothing is known): the
    numbers to reach found true (:meth:`_Watching.needs`) and the odds, of one exact walk within :data:`ODDS_BUDGET`."""
    try:
        if surely_over(estimate_leaves(ruleset, state, action), ODDS_BUDGET):
            return []
        watching = _Watching(ruleset, ruleset.describe_action(action)[0])
        result = exact_odds(cast(Any, watching), state, action, budget=ODDS_BUDGET)
        needs = watching.needs(result.tally)
    except Exception:  # over the budget, or anything else: the preview is left out, never the game stopped
        return []
    lines = [
        _("needs a total of {total} or more, modifiers included, to hit {target}", total=total, target=target)
        for target, total in needs.items()
    ]
    try:
        odds = _odds_line(result.tally, result.leaves)
    except Exception:
        odds = None
    if odds is not None:
        lines.append(odds)
    return lines
