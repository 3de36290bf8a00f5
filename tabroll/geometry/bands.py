"""Abstract range bands: how far apart each pair of combatants is, for games played without a grid.

Conventions
===========

Scale
    A :class:`BandScale` is the game's ordered list of band names, **closest first**, e.g.
    ``("direct", "near", "far")``. The order is data: a game may use two bands or five. A band's *rank* is its
    index in that list, so a smaller rank is closer. :meth:`BandScale.parse` reads a band name (any case,
    surrounding spaces ignored, plus any aliases the game declares) and refuses anything else with an
    :class:`~tabroll.errors.InputError` that suggests the closest name.

Pairs
    :class:`RangeBands` stores one band for each unordered pair of combatant names: the band between ``a`` and
    ``b`` is the band between ``b`` and ``a``. A pair never given explicitly is at the ``default`` band. A
    combatant is never paired with itself. Instances are immutable: every change returns a new object.

Movement
    :meth:`RangeBands.closer` and :meth:`RangeBands.away` move a pair one or more steps along the scale and
    refuse (:class:`~tabroll.errors.RuleRefusal`) a step past either end, naming both combatants and the band.
    :meth:`RangeBands.with_band` sets a band outright.

Queries
    :meth:`RangeBands.between`, :meth:`RangeBands.within` (at that band or closer), :meth:`RangeBands.others`
    (every other combatant at a band, or within it), and :meth:`RangeBands.pairs` (the explicit pairs, sorted).

What each band *allows* is a game's business, not this module's: rulesets keep their own table keyed by band
name and use :meth:`RangeBands.between` to look it up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tabroll.errors import InputError, RuleRefusal
from tabroll.i18n import _

Pair = tuple[str, str]


def _fold(name: str) -> str:
    return " ".join(name.strip().casefold().replace("_", " ").replace("-", " ").split())


@dataclass(frozen=True, slots=True)
class BandScale:
    """The ordered band names of a game, closest first, and optional aliases (``{"bliski": "near"}``)."""

    bands: tuple[str, ...]
    aliases: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if len(self.bands) < 2:
            raise ValueError("a band scale needs at least two bands")
        folded = [_fold(b) for b in self.bands]
        if len(set(folded)) != len(folded) or not all(folded):
            raise ValueError(f"band names must be distinct and non-empty: {self.bands!r}")
        for alias, target in self.aliases:
            if target not in self.bands:
                raise ValueError(f"alias {alias!r} points to unknown band {target!r}")

    @classmethod
    def of(cls, *bands: str, aliases: Mapping[str, str] | None = None) -> BandScale:
        """``BandScale.of("direct", "near", "far", aliases={"bliski": "near"})``."""
        return cls(bands=tuple(bands), aliases=tuple(sorted((aliases or {}).items())))

    @property
    def closest(self) -> str:
        return self.bands[0]

    @property
    def farthest(self) -> str:
        return self.bands[-1]

    def rank(self, band: str) -> int:
        """Position of ``band`` on the scale: 0 is the closest."""
        return self.bands.index(self.parse(band))

    def parse(self, text: str) -> str:
        """The band called ``text`` (a band name or alias, any case)."""
        wanted = _fold(str(text))
        for band in self.bands:
            if _fold(band) == wanted:
                return band
        for alias, band in self.aliases:
            if _fold(alias) == wanted:
                return band
        from difflib import get_close_matches

        names = [*self.bands, *(alias for alias, _ in self.aliases)]
        close = get_close_matches(wanted, [_fold(n) for n in names], n=1)
        if close:
            tip = _("did you mean '{name}'?", name=close[0])
        else:
            tip = _("the ranges are: {names}", names=", ".join(self.bands))
        raise InputError(_("unknown range '{name}'", name=text), tip=tip)

    def step(self, band: str, steps: int) -> str | None:
        """The band ``steps`` further away (negative: closer), or ``None`` past either end."""
        index = self.rank(band) + steps
        return self.bands[index] if 0 <= index < len(self.bands) else None

    def at_or_closer(self, band: str, limit: str) -> bool:
        """Whether ``band`` is ``limit`` or closer than it."""
        return self.rank(band) <= self.rank(limit)


def _key(a: str, b: str) -> Pair:
    if a == b:
        raise ValueError(f"'{a}' has no range to itself")
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class RangeBands:
    """The band between every pair of combatants (symmetric), with a default for pairs never set."""

    scale: BandScale
    default: str
    names: tuple[str, ...] = ()
    _pairs: tuple[tuple[Pair, str], ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "default", self.scale.parse(self.default))
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"combatant names repeat: {self.names!r}")

    @classmethod
    def build(
        cls,
        scale: BandScale,
        names: Iterable[str],
        *,
        default: str,
        pairs: Iterable[tuple[str, str, str]] = (),
    ) -> RangeBands:
        """Bands for ``names``; ``pairs`` are ``(a, b, band)`` triples, the rest sit at ``default``."""
        bands = cls(scale=scale, default=default, names=tuple(names))
        for a, b, band in pairs:
            bands = bands.with_band(a, b, band)
        return bands

    def _check(self, name: str) -> None:
        if self.names and name not in self.names:
            from difflib import get_close_matches

            close = get_close_matches(name, self.names, n=1)
            if close:
                tip = _("did you mean '{name}'?", name=close[0])
            else:
                tip = _("the combatants are: {names}", names=", ".join(self.names))
            raise InputError(_("no combatant called '{name}'", name=name), tip=tip)

    def between(self, a: str, b: str) -> str:
        """The band between ``a`` and ``b`` (the same either way round)."""
        self._check(a)
        self._check(b)
        key = _key(a, b)
        for pair, band in self._pairs:
            if pair == key:
                return band
        return self.default

    def within(self, a: str, b: str, limit: str) -> bool:
        """Whether ``a`` and ``b`` are at ``limit`` or closer."""
        return self.scale.at_or_closer(self.between(a, b), limit)

    def with_band(self, a: str, b: str, band: str) -> RangeBands:
        """A copy with the pair ``a``–``b`` at ``band``."""
        self._check(a)
        self._check(b)
        key = _key(a, b)
        chosen = self.scale.parse(band)
        kept = tuple((pair, value) for pair, value in self._pairs if pair != key)
        pairs = tuple(sorted((*kept, (key, chosen)))) if chosen != self.default else kept
        return RangeBands(scale=self.scale, default=self.default, names=self.names, _pairs=pairs)

    def _moved(self, a: str, b: str, steps: int, *, closer: bool) -> RangeBands:
        current = self.between(a, b)
        moved = self.scale.step(current, steps)
        if moved is None:
            values = {"a": a, "b": b, "band": current}
            if closer:
                told = _("{a} and {b} are at {band} range, the closest there is: they cannot move closer", **values)
            else:
                told = _(
                    "{a} and {b} are at {band} range, the farthest there is: they cannot move further apart", **values
                )
            raise RuleRefusal(told, rule="range")
        return self.with_band(a, b, moved)

    def closer(self, a: str, b: str, steps: int = 1) -> RangeBands:
        """A copy with ``a`` and ``b`` ``steps`` bands closer; refused past the closest band."""
        if steps < 1:
            raise ValueError("steps must be at least 1")
        return self._moved(a, b, -steps, closer=True)

    def away(self, a: str, b: str, steps: int = 1) -> RangeBands:
        """A copy with ``a`` and ``b`` ``steps`` bands further apart; refused past the farthest band."""
        if steps < 1:
            raise ValueError("steps must be at least 1")
        return self._moved(a, b, steps, closer=False)

    def others(self, name: str, band: str, *, or_closer: bool = False) -> tuple[str, ...]:
        """The other combatants at ``band`` from ``name`` (or at it or closer), in the order of ``names``."""
        self._check(name)
        wanted = self.scale.parse(band)
        found: list[str] = []
        for other in self.names:
            if other == name:
                continue
            current = self.between(name, other)
            if current == wanted or (or_closer and self.scale.at_or_closer(current, wanted)):
                found.append(other)
        return tuple(found)

    def pairs(self) -> tuple[tuple[str, str, str], ...]:
        """The pairs set away from the default, as sorted ``(a, b, band)`` triples."""
        return tuple((a, b, band) for (a, b), band in self._pairs)

    def without(self, name: str) -> RangeBands:
        """A copy with ``name`` and all its pairs removed (a combatant that left the fight)."""
        self._check(name)
        pairs = tuple((pair, band) for pair, band in self._pairs if name not in pair)
        names = tuple(n for n in self.names if n != name)
        return RangeBands(scale=self.scale, default=self.default, names=names, _pairs=pairs)
