"""Abstract range bands: how far apart each pair of combatants is, for games played without a grid.

A :class:`BandScale` is the game's ordered band names, closest first (``("direct", "near", "far")``): a band's
rank is its index, so a smaller rank is closer. :class:`RangeBands` keeps one band for each unordered pair of
combatants (never one with itself); a pair never given is at the ``default`` band. What each band allows is the
game's business: a ruleset looks its own table up by :meth:`RangeBands.between`.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
import msgspec.structs

from tabroll.errors import InputError
from tabroll.i18n import _
from tabroll.words import did_you_mean

Pair = tuple[str, str]


def _fold(name: str) -> str:
    return " ".join(name.strip().casefold().replace("_", " ").replace("-", " ").split())


class BandScale(msgspec.Struct, frozen=True):
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

    def rank(self, band: str) -> int:
        """Position of ``band`` on the scale: 0 is the closest."""
        return self.bands.index(self.parse(band))

    def parse(self, text: str) -> str:
        """The band called ``text`` (a band name or alias, any case)."""
        if text in self.bands:  # a band's own name, as the rules write it: nothing to fold
            return text
        wanted = _fold(str(text))
        known = {_fold(name): band for name, band in (*self.aliases, *((b, b) for b in self.bands))}  # a band first
        if wanted in known:
            return known[wanted]
        names = [_fold(n) for n in (*self.bands, *(alias for alias, _ in self.aliases))]
        listed = _("the ranges are: {names}", names=", ".join(self.bands))
        raise InputError(_("unknown range '{name}'", name=text), tip=did_you_mean(wanted, names, listed))

    def at_or_closer(self, band: str, limit: str) -> bool:
        """Whether ``band`` is ``limit`` or closer than it."""
        return self.rank(band) <= self.rank(limit)


def _key(a: str, b: str) -> Pair:
    if a == b:
        raise ValueError(f"'{a}' has no range to itself")
    return (a, b) if a < b else (b, a)


class RangeBands(msgspec.Struct, frozen=True):
    """The band between every pair of combatants (symmetric), with a default for pairs never set."""

    scale: BandScale
    default: str
    names: tuple[str, ...] = ()
    _pairs: tuple[tuple[Pair, str], ...] = ()

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "default", self.scale.parse(self.default))
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"combatant names repeat: {self.names!r}")

    def _check(self, name: str) -> None:
        if self.names and name not in self.names:
            listed = _("the combatants are: {names}", names=", ".join(self.names))
            raise InputError(_("no combatant called '{name}'", name=name), tip=did_you_mean(name, self.names, listed))

    def between(self, a: str, b: str) -> str:
        """The band between ``a`` and ``b`` (the same either way round)."""
        self._check(a)
        self._check(b)
        return dict(self._pairs).get(_key(a, b), self.default)

    def with_band(self, a: str, b: str, band: str) -> RangeBands:
        """A copy with the pair ``a``–``b`` at ``band``."""
        self._check(a)
        self._check(b)
        key = _key(a, b)
        chosen = self.scale.parse(band)
        kept = tuple((pair, value) for pair, value in self._pairs if pair != key)
        pairs = tuple(sorted((*kept, (key, chosen)))) if chosen != self.default else kept
        return RangeBands(scale=self.scale, default=self.default, names=self.names, _pairs=pairs)

    def pairs(self) -> tuple[tuple[str, str, str], ...]:
        """The pairs set away from the default, as sorted ``(a, b, band)`` triples."""
        return tuple((a, b, band) for (a, b), band in self._pairs)
