"""How a command rolls: ``--seed``, ``--dice`` or ``--prompt`` (one of them), checked once for every command
(:class:`DiceChoice`), and the line that says how to replay what was rolled: every draw is recorded, so the end of
a run can say exactly how (``--dice 7,12``), and the seed is reported only when seeded dice were really rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import msgspec.structs

from tabroll.dice.sources import (
    MAX_SEED,
    DiceSource,
    GivenDice,
    RecordingDice,
    SeededDice,
    fresh_seed,
    parse_dice_values,
)
from tabroll.errors import InputError
from tabroll.i18n import _


def check_seed(seed: int | None) -> int | None:
    """Every command takes the same seeds: a whole number from 0 to 2**63-1 (Python's generator would read -1 as 1)."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise InputError(
            _("{flag} is out of range", flag=f"--seed {seed}"), tip=_("give a whole number from 0 to 2**63-1")
        )
    return seed


def seed_or_fresh(seed: int | None) -> int:
    """``--seed`` of odds and matrix (checked as :func:`check_seed`), or without one a fresh seed (the output names
    it, so the same figures can be had again)."""
    checked = check_seed(seed)
    return fresh_seed() if checked is None else checked


def check_jobs(jobs: int) -> int:
    """Every command takes the same ``--jobs``: 1 to 64 processes."""
    if not 1 <= jobs <= 64:
        raise InputError(_("{flag} is out of range", flag=f"--jobs {jobs}"), tip=_("use 1 to 64 processes"))
    return jobs


class Asking(msgspec.Struct, frozen=True):
    """How ``--prompt`` talks to the table: ``ask(question) -> answer``, ``tell(message)``, and ``ask_secret``
    for a choice the other players must not see."""

    ask: Callable[[str], str]
    tell: Callable[[str], None]
    ask_secret: Callable[[str], str]


class DiceChoice(msgspec.Struct):
    """What the command line said about the dice: at most one of ``seed``, ``dice`` and ``prompt``."""

    seed: int | None = None
    dice: str | None = None
    prompt: bool = False
    answers: bool = False
    asking: Asking | None = None
    signed: bool = False  # the roll has Fudge dice: --dice may give their faces, -1, 0 and +1
    master: int = 0  # set in __post_init__: the seed given, or a fresh one
    given: GivenDice | None = None  # set in __post_init__, from ``dice``

    def __post_init__(self) -> None:
        if sum((self.seed is not None, self.dice is not None, self.prompt)) > 1:
            raise InputError(_("choose one of --seed, --dice and --prompt"), tip=_("they are different ways to roll"))
        check_seed(self.seed)
        self.given = None
        self.master = self.seed if self.seed is not None else fresh_seed()
        if self.dice is not None:
            values = parse_dice_values(self.dice, "--dice", signed=self.signed)
            self.given = GivenDice(values, origin="--dice", answers=self.answers)

    @property
    def seeded(self) -> bool:
        return self.given is None and not self.prompt

    def source(self, seed: int | None) -> DiceSource:
        """The dice one file draws from: the given values, the table, or a generator seeded with ``seed``."""
        if self.given is not None:
            return self.given
        if self.prompt:
            from tabroll.dice.sources import PromptDice

            assert self.asking is not None, "--prompt needs a way to ask"
            return PromptDice(ask=self.asking.ask, tell=self.asking.tell, ask_secret=self.asking.ask_secret)
        return SeededDice(seed)

    def replay_note(self, drawn: Sequence[int], *, seed: int | None, answers: bool) -> str:
        """The line that says how to replay ``drawn``: the values (with ``--answers`` when the table answered
        choices too), or ``seed`` when seeded dice were rolled."""
        values = ",".join(str(v) for v in drawn)
        dice = f"--dice {values}" + (" --answers" if answers else "")
        if self.seeded and seed is not None:
            return _(
                "dice drawn: {values} (replay with {dice} or {seed})", values=values, dice=dice, seed=f"--seed {seed}"
            )
        return _("dice drawn: {values} (replay with {dice})", values=values, dice=dice)

    def leftover_note(self) -> str | None:
        """A warning when ``--dice`` gave more values than were used."""
        if self.given is not None and self.given.remaining:
            return "--dice values not used: " + ", ".join(str(v) for v in self.given.remaining)
        return None


class Session:
    """The dice of one command that resolves one action (``attack``, ``check-skill``): drawn from the choice,
    recorded, and told afterwards (the values, the seed, how to replay them)."""

    def __init__(self, choice: DiceChoice) -> None:
        self.choice = choice
        inner = choice.source(choice.seed)
        self.seed: int | None = inner.seed if isinstance(inner, SeededDice) else None
        self.source = RecordingDice(inner)

    def facts(self) -> dict[str, Any]:
        """What to print after the events: the values drawn and, when seeded, the seed."""
        if not self.source.log:
            return {}
        out: dict[str, Any] = {"dice_drawn": list(self.source.values)}
        if self.seed is not None:
            out["seed"] = self.seed
        return out

    def replay_lines(self) -> list[str]:
        if not self.source.log:
            return []
        return [self.choice.replay_note(self.source.values, seed=self.seed, answers=self.source.asks_players)]
