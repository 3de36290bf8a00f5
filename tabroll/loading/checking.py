"""``tabroll check``: what ``tabroll run`` would refuse for input reasons, found without printing a log.

A file is loaded (every field, name and square is checked then), and then its actions are resolved once, quietly:
the dice a file gives for an action are only known to fit once the action asks for them (a 27 given for a d20,
too few values), so a dry run is the one way to find them. Dice the file does not give come from a fixed seed;
a refusal by the rules is not a problem of the file (it is counted, not reported as an error)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from tabroll.errors import EXIT_BAD_INPUT, EXIT_OK, InputError, TabrollError
from tabroll.i18n import _, n_

DRY_RUN_SEED = 0

PATH_BUDGET = 10_000
"""Most resolutions ``check`` spends following every path the dice a file leaves open can take (see
:func:`follow_every_path`); past it, ``check`` says it could not follow every path."""


class Checked(msgspec.Struct, frozen=True):
    """What ``check`` found in one file: its game and actions, or the first problem."""

    path: str
    ruleset: str | None = None
    actions: int = 0
    refused: int = 0
    error: TabrollError | None = None
    every_path: bool = True  # False: the paths of the dice the file leaves open were too many to follow

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.error is None else max(EXIT_BAD_INPUT, self.error.exit_code)

    def line(self) -> str:
        if self.error is not None:
            return _("error: {problem}", problem=self.error.describe())
        actions = n_("{n} action", "{n} actions", self.actions)
        if self.refused:
            line = n_(
                "{file}: ok ({game}, {actions}, {n} refused by the rules)",
                "{file}: ok ({game}, {actions}, {n} refused by the rules)",
                self.refused,
                file=self.path,
                game=self.ruleset,
                actions=actions,
            )
        else:
            line = _("{file}: ok ({game}, {actions})", file=self.path, game=self.ruleset, actions=actions)
        if not self.every_path:
            line += "; " + _(
                "check could not follow every path the dice can take (over {count} resolutions): give the dice "
                "of the actions that have none to check them all",
                count=f"{PATH_BUDGET:,}",
            )
        return line

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"file": self.path, "ok": self.ok}
        if self.ruleset is not None:
            record.update(ruleset=self.ruleset, actions=self.actions, refused=self.refused)
            if not self.every_path:
                record["every_path"] = False  # said only when check could not follow every path
        if self.error is not None:
            record["error"] = self.error.to_json()  # the same fields as an error of run --format json
        return record


def check_file(path: str | Path, overrides: dict[str, Any] | None = None) -> Checked:
    """Load ``path`` and resolve its actions quietly; the first input problem is the answer."""
    from tabroll.dice.sources import SeededDice
    from tabroll.engine import run_scenario
    from tabroll.loading.scenario import load_scenario_file

    shown = str(path)
    try:
        scenario = load_scenario_file(path, overrides)
    except TabrollError as err:
        return Checked(shown, error=err)
    game = scenario.ruleset.id
    refused = done = 0
    try:
        for result in run_scenario(scenario, lambda: SeededDice(DRY_RUN_SEED)):
            done += 1
            refused += result.resolution.refused
    except TabrollError as err:
        where = scenario.steps[done].location if done < len(scenario.steps) else None
        if err.location is None and where is not None and str(where) not in err.message:
            err.location = where  # a problem the game found while resolving: at least its action's line
        return Checked(shown, game, len(scenario.steps), refused, err)
    try:
        every_path = follow_every_path(scenario)
    except TabrollError as err:
        return Checked(shown, game, len(scenario.steps), refused, err)
    return Checked(shown, game, len(scenario.steps), refused, every_path=every_path)


Path_ = tuple[tuple[int, tuple[int, ...]], ...]
"""How a state was reached: for each action the file gives no dice for, its number (from 0) and the dice it
rolled on the way."""


def follow_every_path(scenario: Any, budget: int | None = None) -> bool:
    """Follow every path the dice the file leaves open can take, as ``run`` would with any seed: an action without
    dice is walked exactly from every state reached so far, one with dice resolved from each. Raises the first
    problem ``run`` would stop at on some path, saying which dice lead there. False when the paths need more than
    ``budget`` resolutions (default :data:`PATH_BUDGET`), True when every path was followed."""
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import located_dice_error, resolve
    from tabroll.odds.exact import FINAL, exact_odds
    from tabroll.odds.limits import BudgetExceeded

    steps = scenario.steps
    if all(step.dice is not None for step in steps):
        return True  # one path: the dry run followed it
    ruleset = scenario.ruleset
    stops = ruleset.stops_at_game_over

    def ends_game(events: Any) -> bool:
        return stops and any(e.kind == "game_over" for e in events)

    def final(state: Any, events: Any) -> Any:
        rolled = tuple(v for e in events if e.kind == "roll" for v in getattr(e, "values", ()))
        return state, ends_game(events), rolled

    reached: dict[Any, Path_] = {scenario.state: ()}
    left = PATH_BUDGET if budget is None else budget
    for number, step in enumerate(steps):
        after: dict[Any, Path_] = {}
        for state, path in reached.items():
            if step.dice is not None:
                if left < 1:
                    return False
                left -= 1
                origin = _("dice of action {number}", number=number + 1)
                if step.location is not None and step.location.file:
                    origin = f"{step.location}.dice:"
                try:
                    resolution = resolve(ruleset, state, step.action, GivenDice(step.dice, origin=origin))
                except InputError as err:  # located as run locates it
                    raise _on_path(located_dice_error(err, origin, step.location), scenario, step, path) from None
                except TabrollError as err:
                    raise _on_path(err, scenario, step, path) from None
                if not ends_game(resolution.events):
                    after.setdefault(resolution.state, path)
                continue
            try:
                walked = exact_odds(ruleset, state, step.action, budget=left, finals=final)
            except BudgetExceeded:
                return False
            except TabrollError as err:
                raise _on_path(err, scenario, step, path) from None
            left -= walked.resolutions
            if any(walked.tally.refused.values()):
                after.setdefault(state, path)  # a refused action changes nothing
            for (state_after, over, rolled), mass in walked.tally.values.get(FINAL, {}).items():
                if mass and not over:
                    after.setdefault(state_after, (*path, (number, rolled)))
        reached = after
        if not reached:
            break
    return True


def _on_path(err: TabrollError, scenario: Any, step: Any, path: Path_) -> TabrollError:
    """``err``, met on the path ``path``, with the action's line and the dice that lead there (and the ``run``
    that shows it, once replaying those dice is seen to stop there too)."""
    if err.location is None and step.location is not None and str(step.location) not in err.message:
        err.location = step.location
    if not path:
        return err
    rolls = _("; ").join(
        _(
            "actions[{number}] (no dice given) rolls {dice}",
            number=number + 1,
            dice=", ".join(map(str, dice)) or _("no dice"),
        )
        for number, dice in path
    )
    problem = err.message
    err.message = _("{problem}, on a path the dice can take: {rolls}", problem=problem, rolls=rolls)
    given = [value for _number, dice in path for value in dice]
    tip = _("give the dice of the actions that have none, or enough dice for every outcome")
    if given and _stops(scenario, given, problem):
        err.tip = _(
            "tabroll run {file} --dice {dice} stops there; {tip}",
            file=scenario.source,
            dice=",".join(map(str, given)),
            tip=tip,
        )
    else:
        err.tip = tip
    return err


def _stops(scenario: Any, given: list[int], problem: str) -> bool:
    """Whether ``run`` with these dice for the actions without their own stops on ``problem``."""
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import run_scenario

    try:
        for _result in run_scenario(scenario, lambda: GivenDice(given, origin="--dice")):
            pass
    except TabrollError as err:
        return err.message == problem
    return False
