"""``tabroll check``: what ``tabroll run`` would refuse for input reasons, found without printing a log.

A file is loaded (every field, name and square is checked then), and then its actions are resolved once, quietly:
the dice a file gives for an action are only known to fit once the action asks for them (a 27 given for a d20,
too few values), so a dry run is the one way to find them. Dice the file does not give come from a fixed seed;
a refusal by the rules is not a problem of the file (it is counted, not reported as an error).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabroll.errors import EXIT_BAD_INPUT, EXIT_OK, TabrollError
from tabroll.i18n import _, n_

DRY_RUN_SEED = 0


@dataclass(frozen=True, slots=True)
class Checked:
    """What ``check`` found in one file: its game and actions, or the first problem."""

    path: str
    ruleset: str | None = None
    actions: int = 0
    refused: int = 0
    error: TabrollError | None = None

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
            return n_(
                "{file}: ok ({game}, {actions}, {n} refused by the rules)",
                "{file}: ok ({game}, {actions}, {n} refused by the rules)",
                self.refused,
                file=self.path,
                game=self.ruleset,
                actions=actions,
            )
        return _("{file}: ok ({game}, {actions})", file=self.path, game=self.ruleset, actions=actions)

    def to_json(self) -> dict[str, Any]:
        record: dict[str, Any] = {"file": self.path, "ok": self.ok}
        if self.ruleset is not None:
            record.update(ruleset=self.ruleset, actions=self.actions, refused=self.refused)
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
    return Checked(shown, game, len(scenario.steps), refused)
