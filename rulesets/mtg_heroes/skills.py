"""Skill tests: the ten colour pairs and their twenty skills (``skills.yaml``), dice from the colour identity
(:func:`roll_skill_test`, behind the ``skill_test`` action and so the command-line check).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Literal, TypeVar

import msgspec

from tabroll.engine.work import BaseTurn
from tabroll.errors import InputError
from tabroll.kit.text import bundled_yaml, plain

from .events import SkillTest
from .messages import _, n_, p_

if TYPE_CHECKING:
    from .model import SkillTestAction
    from .work import HeroesTurn

COLOURS = "WUBRG"
MAX_IDENTITY = 40
"""Most colour symbols an identity may have (a real one has a handful)."""

TargetReading = Literal["upper", "lower"]


class Skill(msgspec.Struct, frozen=True):
    name: str
    polish: str
    colours: tuple[str, str]


class Difficulty(msgspec.Struct, frozen=True):
    name: str
    polish: str
    low: int
    high: int | None

    @property
    def band(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}–{self.high}"

    def target(self, reading: TargetReading) -> int:
        """The total needed: the band's upper value (the source's example) or its lower one."""
        if reading == "lower" or self.high is None:
            return self.low
        return self.high


def colour_word(symbol: str) -> str:
    """A colour of the identity (W U B R G) as the language names it."""
    words = {
        "W": p_("colour", "white"),
        "U": p_("colour", "blue"),
        "B": p_("colour", "black"),
        "R": p_("colour", "red"),
        "G": p_("colour", "green"),
    }
    return words.get(symbol, symbol)


def skill_word(name: str) -> str:
    """A skill's name as the log says it: the source's own Polish name in Polish, else its English name."""
    from tabroll.i18n import language

    if language() != "pl":
        return name
    found = next((s for s in tables()[0] if s.name == name), None)
    return found.polish if found is not None else name


def difficulty_word(band: Difficulty) -> str:
    """A difficulty's name as the log says it: the source's own Polish name in Polish, else its English name."""
    from tabroll.i18n import language

    return band.polish if language() == "pl" else band.name


@cache
def tables() -> tuple[tuple[Skill, ...], tuple[Difficulty, ...]]:
    """The bundled skills and difficulties (``skills.yaml``)."""
    data = bundled_yaml(__file__, "skills.yaml")
    skills = tuple(
        Skill(name=s["name"], polish=s["polish"], colours=(pair["colours"][0], pair["colours"][1]))
        for pair in data["pairs"]
        for s in pair["skills"]
    )
    difficulties = tuple(
        Difficulty(name=d["name"], polish=d["polish"], low=d["low"], high=d["high"]) for d in data["difficulties"]
    )
    return skills, difficulties


EntryT = TypeVar("EntryT", Skill, Difficulty)
"""A skill or a difficulty: the two tables looked up by English or Polish name."""


def find_skill(name: str) -> Skill:
    """A skill by its English or Polish name (any case, accents optional)."""
    return _by_name(tables()[0], name, "skill")


def find_difficulty(name: str) -> Difficulty:
    """A difficulty by its English or Polish name."""
    return _by_name(tables()[1], name, "difficulty")


def _by_name(entries: Sequence[EntryT], name: str, what: Literal["skill", "difficulty"]) -> EntryT:
    """The entry of the bundled table named ``name`` in English or Polish, or the error suggesting the nearest."""
    wanted = plain(name, spaces="_-")
    for entry in entries:
        if wanted in (plain(entry.name, spaces="_-"), plain(entry.polish, spaces="_-")):
            return entry
    from difflib import get_close_matches

    names = [e.name for e in entries]
    close = get_close_matches(wanted, [plain(n, spaces="_-") for n in names], n=1)
    match = next((n for n in names if close and plain(n, spaces="_-") == close[0]), None)
    listed = ", ".join(names)
    if what == "skill":
        message = _("unknown skill '{word}'", word=name)
        tip = _("did you mean '{match}'?", match=match) if match else _("the skills are: {listed}", listed=listed)
    else:
        message = _("unknown difficulty '{word}'", word=name)
        tip = _("did you mean '{match}'?", match=match) if match else _("the difficulties are: {listed}", listed=listed)
    raise InputError(message, tip=tip)


def parse_identity(text: str) -> str:
    """A colour identity such as ``WUBB``, ``[WUBB]`` or ``{W}{U}{B}{B}``, as upper-case symbols."""
    symbols = "".join(ch for ch in str(text).upper() if ch not in "[]{}(), ")
    wrong = sorted({ch for ch in symbols if ch not in COLOURS})
    if wrong:
        raise InputError(
            _(
                "colour identity '{text}' has {value}, which is not a colour",
                text=text,
                value=", ".join(repr(c) for c in wrong),
            ),
            tip=_("write the identity with W (white), U (blue), B (black), R (red), G (green), e.g. WUBB"),
        )
    if len(symbols) > MAX_IDENTITY:
        raise InputError(
            _(
                "colour identity '{text}' has {symbols} symbols; at most {MAX_IDENTITY} are allowed",
                text=text[:50],
                symbols=len(symbols),
                MAX_IDENTITY=MAX_IDENTITY,
            ),
            tip=_("write the identity with W (white), U (blue), B (black), R (red), G (green), e.g. WUBB"),
        )
    return symbols


def dice_for(identity: str, skill: Skill) -> int:
    """Dice of a test: the identity's symbols of the skill's two colours, or 1 when it has none."""
    return max(1, sum(1 for symbol in identity if symbol in skill.colours))


def roll_skill_test(
    log: BaseTurn,
    identity: str,
    skills: Sequence[str],
    *,
    difficulty: str | None = None,
    target: int | None = None,
    reading: TargetReading = "upper",
    unit: str | None = None,
) -> SkillTest:
    """Roll a skill test and log it: the choice of skill, the roll, the target and the outcome (returned).
    ``skills``: one or several that fit (the strongest is used); an explicit ``target`` wins over ``difficulty``."""
    symbols = parse_identity(identity)
    candidates = [find_skill(name) for name in skills]
    skill, count = choose_skill(log, symbols, candidates, unit)
    band, needed, where = target_of(log, difficulty, target, reading)
    rolled = log.roll_dice(f"{count}d6", _("{skill} test", skill=skill_word(skill.name)), unit)
    success = rolled.total >= needed
    rule = f"{rolled.total} {'≥' if success else '<'} {needed} ({where})"
    outcome = SkillTest(
        unit=unit,
        identity=symbols,
        skill=skill.name,
        colours=skill.colours,
        dice_count=count,
        total=rolled.total,
        target=needed,
        difficulty=band.name if band is not None else None,
        success=success,
        rule=rule,
    )
    log.emit(outcome)
    return outcome


def choose_skill(log: BaseTurn, symbols: str, candidates: list[Skill], unit: str | None) -> tuple[Skill, int]:
    """The strongest of the skills that fit (the first named among equals) and its dice, both logged."""
    skill = max(candidates, key=lambda s: dice_for(symbols, s))  # max keeps the first of equals
    count = dice_for(symbols, skill)
    if len(candidates) > 1:
        listed = ", ".join(f"{skill_word(s.name)} ({dice_for(symbols, s)}d6)" for s in candidates)
        text = _(
            "several skills fit: {listed}; the strongest, {skill}, is used", listed=listed, skill=skill_word(skill.name)
        )
        log.note(text, unit)
    first, second = (colour_word(c) for c in skill.colours)
    colours = _("{first} and {second}", first=first, second=second)
    shown = f"[{symbols}]" if symbols else "[]"
    held = [symbol for symbol in symbols if symbol in skill.colours]
    if held:
        why = n_(
            "{n} {colours} symbol in {shown}: {dice}d6",
            "{n} {colours} symbols in {shown}: {dice}d6",
            len(held),
            colours=colours,
            shown=shown,
            dice=count,
        )
    else:
        why = _("no {colours} symbol in {shown}: one die", colours=colours, shown=shown)
    log.note(_("{skill} is a {colours} skill; {why}", skill=skill_word(skill.name), colours=colours, why=why), unit)
    return skill, count


def target_of(
    log: BaseTurn, difficulty: str | None, target: int | None, reading: TargetReading
) -> tuple[Difficulty | None, int, str]:
    """The total to reach: the explicit target, or the difficulty band's (its upper or lower value as
    ``difficulty_target`` reads a band of two); with the band, if any, and how the target was set."""
    band: Difficulty | None = find_difficulty(difficulty) if difficulty is not None else None
    if target is not None:
        needed = target
        where = _("target {needed} (given)", needed=needed)
        if band is not None:
            where = _(
                "{where}, instead of {difficulty} {band}", where=where, difficulty=difficulty_word(band), band=band.band
            )
    else:
        assert band is not None
        needed = band.target(reading)
        values = {"difficulty": difficulty_word(band), "band": band.band, "needed": needed}
        where = _("{difficulty} {band}: target {needed}", **values)
        if band.high is not None:
            text = (
                _(
                    "{difficulty} is {band}: the total must reach its upper value {needed} (the source's "
                    "Medium example needs more than 7)",
                    **values,
                )
                if reading == "upper"
                else _("{difficulty} is {band}: the total must reach its lower value {needed}", **values)
            )
            log.ruling("difficulty_target", reading, text)
    return band, needed, where


def resolve_skill_test(turn: HeroesTurn, action: SkillTestAction) -> None:
    """The ``skill_test`` action: the test of a named combatant (its colour identity unless the action gives one)
    or of an identity alone."""
    identity = action.identity
    if action.unit is not None:
        unit = turn.unit(action.unit)
        if identity is None:
            identity = unit.identity
    assert identity is not None
    roll_skill_test(
        turn,
        identity,
        action.skill_names(),
        difficulty=action.difficulty,
        target=action.target,
        reading=turn.options.difficulty_target,
        unit=action.unit,
    )
