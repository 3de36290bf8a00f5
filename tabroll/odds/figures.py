"""The odds as data, for every screen to draw: :class:`Estimate` (one probability or mean), :class:`Block` (the
figures of one part of the outcome), :class:`Report` (an action's odds, with its JSON shape ``tabroll.odds``),
:class:`Cell` and :class:`Matrix` (a balance table of attackers and targets, JSON ``tabroll.matrix``); and the
words every odds view and note shares (``figure_name``, ``share_text``).

It imports no computation (no engine, no walk, no simulation): the screens in ``tabroll/render/`` import it;
:mod:`tabroll.odds.report` and :mod:`tabroll.odds.matrix` fill it."""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import msgspec

from tabroll.i18n import MESSAGES, N_, _, n_, p_, percent, percent_sign
from tabroll.i18n import number as written

ODDS_FORMAT = "tabroll.odds"
ODDS_FORMAT_VERSION = 3  # 3: no `damage` summed over the units an attack strikes (each unit's own)
MATRIX_FORMAT = "tabroll.matrix"
MATRIX_FORMAT_VERSION = 2  # a change of shape raises it; CHANGELOG.md says what each version changed
HAPPENS = "happens"  # the probability that a follow-up happens: tabroll.odds.measures.HAPPENS (a test checks)


def figure_name(name: str) -> str:
    """A figure's name as people read it, in the language now (the name itself stays the JSON key): the figures
    the odds engine derives from blows, per target too, and any other (a game's own measure, a follow-up's
    label) through ``p_("figure", name)``, or, for a measure of one unit, ``p_("figure", "Life left: {unit}")``, so
    a game's catalogue may word its own; else as it is."""
    named = {
        "hit": p_("figure", "hit"),
        "damage": p_("figure", "damage"),
        HAPPENS: p_("figure", "happens"),
    }
    if name in named:
        return named[name]
    for prefix, word in (
        ("hit: ", N_("hit: {unit}")),
        ("defeated: ", N_("defeated: {unit}")),
        ("damage to ", N_("damage to {unit}")),
        ("hit on ", N_("hit on {unit}")),
        ("damage taken by ", N_("damage taken by {unit}")),
    ):
        if name.startswith(prefix):
            return _(word, unit=name.removeprefix(prefix))
    if (whole := MESSAGES.plookup("figure", name)) is not None:
        return whole
    for at, char in enumerate(name):  # a game's own measure of one unit: p_("figure", "Life left: {unit}")
        if char == " " and MESSAGES.plookup("figure", name[: at + 1] + "{unit}") is not None:
            return MESSAGES.pgettext("figure", name[: at + 1] + "{unit}", unit=name[at + 1 :])
    return name


def number(count: int) -> str:
    """A count as the odds' notes (prose of the JSON too) write it: ``1,000`` in every language (a screen writes
    counts with :func:`tabroll.i18n.number`)."""
    return f"{count:,}"


def share_text(value: float) -> str:
    """A probability in percent with two decimals, as the language now writes it (``12.50%``, ``12,50 %``); never
    rounded to exactly 0% or 100% when it is not."""
    if 0 < value < 0.00005:
        return "<" + percent(0.0001, 2)
    if 0.99995 <= value < 1:
        return ">" + percent(0.9999, 2)
    return percent(value, 2)


Z95 = 1.959963984540054  # the normal quantile of a 95% interval


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval at 95% for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


class Estimate:
    """A probability or a mean: exact (a fraction) or estimated (a float with a 95% interval).

    An exact figure made by :meth:`share` keeps its two whole numbers and reduces them to the fraction ``exact`` the
    first time it is read: a report holds a share per value and per "at least" of every distribution, which the
    screens show as percentages and only the JSON writes as fractions."""

    __slots__ = ("_exact", "high", "low", "value")

    def __init__(
        self, value: float, exact: Fraction | tuple[int, int] | None = None, low: float | None = None,
        high: float | None = None,
    ) -> None:  # fmt: skip
        self.value, self.low, self.high = value, low, high
        self._exact = exact  # a tuple: a share's two whole numbers, not reduced

    @classmethod
    def of(cls, fraction: Fraction) -> Estimate:
        """An exact figure."""
        return cls(float(fraction), fraction)

    @classmethod
    def share(cls, mass: int, total: int, exact: bool) -> Estimate:
        """``mass`` out of ``total``: exact (whole numbers, reduced when read), or trials counted, with the Wilson
        interval. An empty total is a share of 0."""
        if not exact:
            return cls(mass / total if total else 0.0, None, *wilson(mass, total))
        if not total:
            return cls(0.0, Fraction(0))
        return cls(mass / total, (mass, total))  # a quotient of ints is rounded once, as the fraction's float

    @classmethod
    def mean(cls, points: Iterable[tuple[int, int]], total: int, exact: bool) -> Estimate:
        """The mean of ``points`` (each value with its mass) out of ``total``: exact, or over ``total`` trials with
        the 95% interval of the mean. An empty total has the mean 0."""
        if not total:
            return cls(0.0)
        points = list(points)
        if exact:
            return cls.share(sum(v * m for v, m in points), total, True)
        mean = sum(v * m for v, m in points) / total
        variance = sum(m * (v - mean) ** 2 for v, m in points) / max(1, total - 1)
        half = Z95 * math.sqrt(variance / total)
        return cls(mean, low=mean - half, high=mean + half)

    @property
    def exact(self) -> Fraction | None:
        if type(self._exact) is tuple:
            self._exact = Fraction(*self._exact)
        return self._exact  # type: ignore[return-value]  # not a tuple any more

    def _fields(self) -> tuple[float, Fraction | None, float | None, float | None]:
        return (self.value, self.exact, self.low, self.high)

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Estimate) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a record with eq

    def __repr__(self) -> str:
        return "Estimate(value={!r}, exact={!r}, low={!r}, high={!r})".format(*self._fields())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value}
        if self.exact is not None:
            out["exact"] = str(self.exact)
        if self.low is not None and self.high is not None:
            out["ci95"] = [self.low, self.high]
        return out

    def fraction(self, space: str = "  ") -> str:
        """``  = 17/20`` (after ``space``): the exact fraction after a figure, when it is not a whole number; else
        nothing."""
        return f"{space}= {self.exact}" if self.exact is not None and self.exact.denominator != 1 else ""

    def percent(self) -> str:
        text = percent(self.value, 2)
        if self.low is not None and self.high is not None:
            # The message ends with the sign: what comes before it in the language (a no-break space) ends {high}.
            high = written(100 * self.high, 2) + percent_sign().removesuffix("%")
            text += _(" (95% CI {low}–{high}%)", low=written(100 * self.low, 2), high=high)
        return text


class Block(msgspec.Struct):
    """The figures of one part of the outcome: the attack's own, one thing that followed it, or the game's own
    measures. Flags are probabilities; levels and changes are distributions with a mean."""

    label: str = ""
    probabilities: dict[str, Estimate] = msgspec.field(default_factory=dict)
    distributions: dict[str, list[tuple[Any, Estimate]]] = msgspec.field(default_factory=dict)
    means: dict[str, Estimate] = msgspec.field(default_factory=dict)
    kinds: dict[str, str] = msgspec.field(default_factory=dict)
    starts: dict[str, int] = msgspec.field(default_factory=dict)
    at_least: dict[str, list[tuple[Any, Estimate]]] = msgspec.field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.probabilities or self.distributions)

    def unchanged(self) -> list[str]:
        """The measures whose value is the same in every outcome as before the action (never true flags,
        changes always 0, levels always at ``before``; given as ``starts``)."""
        out = []
        for name, kind in self.kinds.items():
            if kind == "flag":
                if self.probabilities[name].value == 0:
                    out.append(name)
            elif len(self.distributions[name]) == 1 and self.distributions[name][0][0] == self.starts.get(name, 0):
                out.append(name)
        return out

    def figures_json(self, *, skip: tuple[str, ...] = ()) -> dict[str, Any]:
        return {
            "probabilities": {name: e.to_json() for name, e in self.probabilities.items() if name not in skip},
            "distributions": {name: self._distribution_json(name) for name in self.distributions},
        }

    def measures_json(self) -> dict[str, Any]:
        return {
            name: {"kind": kind, **self.probabilities[name].to_json()}
            if name in self.probabilities
            else {"kind": kind, **self._distribution_json(name)}
            for name, kind in self.kinds.items()
        }

    def _distribution_json(self, name: str) -> dict[str, Any]:
        return {
            "mean": self.means[name].to_json(),
            "values": [{"outcome": v, **e.to_json()} for v, e in self.distributions[name]],
            "at_least": [{"outcome": v, **e.to_json()} for v, e in self.at_least.get(name, [])],
        }


class Report(msgspec.Struct):
    """The odds of one action: the declared attack's own figures (``attack``), what followed it
    (``follow_ups``, one block per label, each with the probability that it happens) and the game's own
    measures (``game``). ``unreported`` lists declared measures no outcome reported, ``undeclared`` measures
    an outcome reported without declaring them: both are defects of the ruleset, shown rather than guessed."""

    method: str
    samples: int
    attack: Block = msgspec.field(default_factory=Block)
    follow_ups: list[Block] = msgspec.field(default_factory=list)
    game: Block = msgspec.field(default_factory=Block)
    refused: dict[str, Estimate] = msgspec.field(default_factory=dict)
    note: str = ""
    unreported: list[str] = msgspec.field(default_factory=list)
    undeclared: list[str] = msgspec.field(default_factory=list)

    @property
    def always_refused(self) -> bool:
        """The rules refuse the action whatever the dice (as ``tabroll attack`` would, with exit code 1)."""
        if not self.refused:
            return False
        estimates = list(self.refused.values())
        if all(e.exact is not None for e in estimates):
            return sum((e.exact for e in estimates if e.exact is not None), Fraction(0)) == 1
        return sum(e.value for e in estimates) >= 1.0

    @property
    def probabilities(self) -> dict[str, Estimate]:
        """The attack's own probabilities (P(hit), P(hit: unit), P(defeated: unit))."""
        return self.attack.probabilities

    @property
    def distributions(self) -> dict[str, list[tuple[Any, Estimate]]]:
        return self.attack.distributions

    @property
    def means(self) -> dict[str, Estimate]:
        return self.attack.means

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": ODDS_FORMAT,
            "version": ODDS_FORMAT_VERSION,
            "method": self.method,
            "samples": self.samples,
            "note": self.note,
            "refused": {reason: e.to_json() for reason, e in self.refused.items()},
            **self.attack.figures_json(),
            "follow_ups": [
                {
                    "label": block.label,
                    "happens": block.probabilities[HAPPENS].to_json(),
                    **block.figures_json(skip=(HAPPENS,)),
                }
                for block in self.follow_ups
            ],
            "measures": self.game.measures_json(),
        }
        if self.unreported or self.undeclared:
            out["defects"] = {"unreported": self.unreported, "undeclared": self.undeclared}
        return out


class Cell(msgspec.Struct):
    attacker: str
    target: str
    report: Report | None = None
    refused: str | None = None
    label: str = ""  # the target's name in the resolved attack (a unit facing its own kind is renamed)
    out_of_time: bool = False  # the pair's share of --timeout ran out: its figures are the best estimate so far
    attacks: Estimate | None = None  # with --colour attacks: the mean attacks to defeat (None: it never falls)
    attacks_cap: int = 0  # the most attacks counted (0: not worked out)

    def defeat(self) -> float | None:
        if self.report is None:
            return None
        estimate = self.report.probabilities.get(f"defeated: {self.label or self.target}")
        return 0.0 if estimate is None else estimate.value

    def mean_attacks(self) -> float | None:
        """The mean number of attacks (or rounds) the target takes to fall, over the chains where it falls within
        ``attacks_cap``; None when it was not worked out or the target never falls."""
        return None if self.attacks is None else self.attacks.value

    def mean_damage(self) -> float | None:
        damage = self._damage()
        return None if damage is None else damage.value

    def _damage(self) -> Estimate | None:
        """The mean damage to this cell's target (the attack's whole damage when it names no unit's)."""
        if self.report is None:
            return None
        means = self.report.means
        return means.get(f"damage to {self.label or self.target}", means.get("damage"))

    def comeback(self) -> tuple[Estimate, Estimate] | None:
        """What follows the attack, for the attacker: P(defeated) and the mean damage it takes, summed over the
        follow-up blocks (a unit is defeated at most once, and means add up); None when nothing follows."""
        if self.report is None or not self.report.follow_ups:
            return None
        exact, blocks = self.report.method == "exact", self.report.follow_ups

        def added(estimates: list[Estimate], most: float) -> Estimate:
            total = sum((e.exact if e.exact is not None else Fraction(e.value) for e in estimates), Fraction(0))
            if exact:
                return Estimate.of(total)
            low, high = sum((e.low or 0.0 for e in estimates), 0.0), sum((e.high or 0.0 for e in estimates), 0.0)
            return Estimate(float(total), low=low, high=min(most, high))

        defeats = [e for b in blocks if (e := b.probabilities.get(f"defeated: {self.attacker}")) is not None]
        damages = [e for b in blocks if (e := b.means.get(f"damage taken by {self.attacker}")) is not None]
        return added(defeats, 1.0), added(damages, math.inf)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"attacker": self.attacker, "target": self.target}
        if self.refused is not None:
            out["refused"] = self.refused
        if self.report is not None:
            out["method"] = self.report.method
            out["samples"] = self.report.samples
            if self.out_of_time:
                out["out_of_time"] = True
                out["note"] = self.report.note
            out["defeat"] = self.defeat()
            out["mean_damage"] = self.mean_damage()
            if self.attacks_cap:
                out["attacks_to_defeat"] = {
                    "cap": self.attacks_cap,
                    "mean": None if self.attacks is None else self.attacks.to_json(),
                }
            defeat = self.report.probabilities.get(f"defeated: {self.label or self.target}")
            if defeat is not None and defeat.exact is not None:
                out["defeat_exact"] = str(defeat.exact)
            elif defeat is None and self.report.method == "exact":
                out["defeat_exact"] = "0"  # no outcome defeats the target
            damage = self._damage()
            if damage is not None and damage.exact is not None:
                out["mean_damage_exact"] = str(damage.exact)
            comeback = self.comeback()
            if comeback is not None:
                out["follow_ups"] = {
                    "labels": [b.label for b in self.report.follow_ups],
                    "attacker_defeated": comeback[0].to_json(),
                    "mean_damage_taken": comeback[1].to_json(),
                }
        return out


class Matrix(msgspec.Struct):
    ruleset: str
    attackers: list[str]
    targets: list[str]
    cells: dict[tuple[str, str], Cell] = msgspec.field(default_factory=dict)
    setting: str = ""  # the attack fields the table was made with, the same in every language (the JSON's)
    setting_text: str = ""  # the same for people, in the language chosen
    timeout: float | None = None  # seconds for the whole table (--timeout), shared among the pairs
    seed: int | None = None  # the seed of the simulated pairs (named in the notes, to replay them)

    @property
    def out_of_time(self) -> list[Cell]:
        return [cell for cell in self.cells.values() if cell.out_of_time]

    def time_note(self) -> str:
        """What the time limit did to the table ("" when every pair was done in its share)."""
        short = self.out_of_time
        if not short or self.timeout is None:
            return ""
        return n_(
            "the time limit ({seconds} s, --timeout) cut {short} of {n} pair short: "
            "their figures are simulated estimates from the trials done in their share of the time (marked ~)",
            "the time limit ({seconds} s, --timeout) cut {short} of {n} pairs short: "
            "their figures are simulated estimates from the trials done in their share of the time (marked ~)",
            len(self.cells),
            seconds=f"{self.timeout:g}",
            short=len(short),
        )
