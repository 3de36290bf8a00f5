"""The languages tabroll speaks: every sentence a person reads goes through a :class:`Domain`.

tabroll's own sentences live in the ``tabroll`` domain (catalogues under ``tabroll/locale/``); each game has a
domain of its own, named by its id, in its folder (``rulesets/<game>/locale/``), so everything about a game,
its words in every language included, stays in the game's folder. Catalogues are GNU gettext's: ``.po`` files
people edit, compiled into the ``.mo`` files read here with the standard library's :mod:`gettext` (nothing else
is imported, and English reads no file at all). ``python -m tabroll.i18n`` extracts, checks and compiles them
(the contributor's guide, docs/contributing/index.md, "Translating tabroll").

The language is chosen once per command (:func:`choose`): ``--lang CODE``, else ``TABROLL_LANG``, else the
locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. ``game`` means each game's own language: a command
speaks it once the game is known (:func:`enter_game`), and English before.

A message that a catalogue lacks is said in English; a translation whose placeholders do not fit its message
is said in English too: a missing or broken translation never stops a command. Messages are written with named
placeholders (``_("{unit} is flipped", unit=name)``) so that a translation may put the words in its own order.
Machines are not affected: JSON keeps its keys, kinds and values; only its prose follows the language.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

ENGLISH = "en"
GAME = "game"
"""``--lang game``: each game speaks its own source's language."""

LANGUAGES: dict[str, str] = {
    "en": "English",
    "pt": "Português",
    "it": "Italiano",
    "ru": "Русский",
    "es": "Español",
    "pl": "Polski",
}
"""The languages tabroll's own messages are kept in, by code, each named in itself."""

CORE_DOMAIN = "tabroll"
CORE_LOCALE = Path(__file__).resolve().parent.parent / "locale"

_CONTEXT = "\x04"  # how gettext joins a context to its message


class _Catalogue(NamedTuple):
    """One compiled catalogue: its messages and its plural rule."""

    messages: Mapping[Any, str]
    plural: Callable[[int], int]


_EMPTY = _Catalogue({}, lambda n: int(n != 1))
_LOADED: dict[tuple[Path, str, str], _Catalogue] = {}


def _catalogue(folder: Path, domain: str, language: str) -> _Catalogue:
    key = (folder, domain, language)
    found = _LOADED.get(key)
    if found is None:
        found = _EMPTY
        if language != ENGLISH:
            import gettext

            try:  # gettext keeps what it read: Click's words, looked up in the same file (cli/click_words.py)
                compiled = gettext.translation(domain, str(folder), languages=[language])
            except (OSError, ValueError, EOFError, IndexError, KeyError, SyntaxError):  # none, or unreadable
                pass  # said in English: a missing or broken catalogue never stops a command
            else:
                found = _Catalogue(compiled._catalog, compiled.plural)  # type: ignore[attr-defined]
        _LOADED[key] = found
    return found


class _Choice:
    """The command's language: the code chosen, and the game being played (for ``game`` and its own words)."""

    chosen: str = ENGLISH
    game: tuple[Path, str, str] | None = None  # the game's locale folder, domain and own language


_NOW = _Choice()


def language() -> str:
    """The language sentences are said in now."""
    if _NOW.chosen == GAME:
        return _NOW.game[2] if _NOW.game is not None else ENGLISH
    return _NOW.chosen


def use(code: str) -> None:
    """Say everything from now on in ``code`` (one of :data:`LANGUAGES`, or :data:`GAME`)."""
    _NOW.chosen = code


def enter_game(folder: Path | None, domain: str, own_language: str) -> None:
    """The game being played is ``domain`` (its id), whose catalogues are in ``folder``: its own catalogue may
    word tabroll's messages in the game's own terms, and ``--lang game`` now means ``own_language``."""
    _NOW.game = (folder, domain, own_language) if folder is not None else None


def code_of(value: str) -> str | None:
    """The language a code or a locale names (``pt``, ``pt_BR.UTF-8``, ``PT-br``, ``game``), or ``None``."""
    word = value.strip().lower()
    if word == GAME:
        return GAME
    if word in ("c", "posix"):
        return ENGLISH
    base = word.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    return base if base in LANGUAGES else None


def choose(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language a command speaks: ``flag`` (``--lang``), else ``TABROLL_LANG``, else the locale, else English.
    A flag or ``TABROLL_LANG`` that names no language is an :class:`~tabroll.errors.InputError` (someone asked for
    it by name); a locale tabroll has no catalogue for is English (the machine's setting, not a request)."""
    env = os.environ if environ is None else environ
    for asked, where in ((flag, "--lang"), (env.get("TABROLL_LANG") or None, "TABROLL_LANG")):
        if asked is not None:
            code = code_of(asked)
            if code is None:
                from tabroll.errors import InputError

                raise InputError(
                    f"{where}: no language '{asked}'",
                    tip=f"the languages are: {', '.join(LANGUAGES)}, or '{GAME}' for each game's own language",
                )
            return code
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:  # the first one set decides, as the C library reads them
            code = code_of(value)
            return code if code is not None and code != GAME else ENGLISH
    return ENGLISH


def N_(message: str) -> str:
    """Marks a message to be translated where it is used (a table of messages at import time): unchanged here."""
    return message


def _formatted(text: str, source: str, values: Mapping[str, Any]) -> str:
    if not values:
        return text
    for said in (text, source):  # a translation whose placeholders do not fit: the English
        try:
            return said.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):
            continue
    return source  # a slip in the code: said as written


class Domain:
    """The messages of one part of tabroll (the core, or one game), in every language it has a catalogue for:
    ``folder`` holds ``<language>/LC_MESSAGES/<name>.mo``. A game's domain looks in its own catalogue, then in
    tabroll's; tabroll's looks first in the playing game's own (so a game may word a shared sentence, such as a
    defeat, in its own terms), then in its own."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name = name
        self.folder = folder

    def _catalogues(self) -> list[_Catalogue]:
        code = language()
        if code == ENGLISH:
            return []
        found = []
        game = _NOW.game
        if self.name == CORE_DOMAIN and game is not None:
            found.append(_catalogue(game[0], game[1], code))
        found.append(_catalogue(self.folder, self.name, code))
        if self.name != CORE_DOMAIN:
            found.append(_catalogue(CORE_LOCALE, CORE_DOMAIN, code))
        return found

    def _found(self, key: Callable[[_Catalogue], Any]) -> str | None:
        """The first translation the catalogues hold under ``key`` (a catalogue's own, for a plural form)."""
        for catalogue in self._catalogues():
            text = catalogue.messages.get(key(catalogue))
            if text:
                return str(text)
        return None

    def lookup(self, message: str) -> str | None:
        """The translation of ``message`` as the catalogue has it (placeholders unfilled), or ``None``."""
        return self._found(lambda _catalogue: message)

    def gettext(self, message: str, /, **values: Any) -> str:
        """``message`` in the language now, its ``{placeholders}`` filled from ``values``."""
        return _formatted(self.lookup(message) or message, message, values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """The form of a message for the count ``n`` (given to the message as ``{n}`` too, unless ``values`` has
        it), by the language's own plural rule: English has two forms, Russian and Polish three."""
        return self._counted(singular, singular, plural, n, values)

    def _counted(self, key: str, singular: str, plural: str, n: int, values: dict[str, Any]) -> str:
        source = singular if n == 1 else plural
        text = self._found(lambda catalogue: (key, catalogue.plural(n)))
        return _formatted(text or source, source, {"n": n, **values})

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        """``message`` where its words alone could mean several things (``context`` says which: a defeat's
        ``how``, an event's kind)."""
        return _formatted(self.plookup(context, message) or message, message, values)

    def plookup(self, context: str, message: str) -> str | None:
        """The translation of ``message`` in ``context`` as the catalogue has it (placeholders unfilled), or
        ``None``."""
        return self._found(lambda _catalogue: f"{context}{_CONTEXT}{message}")

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """:meth:`ngettext` of a message in ``context`` (as :meth:`pgettext`)."""
        return self._counted(f"{context}{_CONTEXT}{singular}", singular, plural, n, values)


class SideWords:
    """A game's ``_`` and ``n_`` that say the sides its scenarios name (``red``, ``blue``) in the language now,
    from the game's catalogue (``p_("side", "red")``); any other side as the scenario writes it, and a value the
    message quotes (``'{side}'``: the name as typed) as it is. The name itself (JSON, the scenario's keys) never
    changes."""

    def __init__(self, domain: Domain) -> None:
        self.domain = domain

    def word(self, side: str) -> str:
        return self.domain.plookup("side", side) or side

    def _said(self, message: str, values: dict[str, Any]) -> dict[str, Any]:
        return {
            key: self.word(value) if isinstance(value, str) and f"'{{{key}}}'" not in message else value
            for key, value in values.items()
        }

    def gettext(self, message: str, /, **values: Any) -> str:
        if language() == ENGLISH:  # no catalogue to look in, and a side is said as it is named: filled at once
            return _formatted(message, message, values)
        return self.domain.gettext(message, **self._said(message, values))

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        return self.domain.ngettext(singular, plural, n, **self._said(singular, values))


class _Numbers(NamedTuple):
    """How a language writes numbers (CLDR's ``latn`` symbols and standard patterns): the decimal mark, the
    thousands separator, the fewest digits before the first separator is used (CLDR's ``minimumGroupingDigits``:
    Spanish and Polish write 1234 but 12.345) and what stands between a percentage and its sign."""

    decimal: str
    group: str
    least: int
    percent: str


_NO_BREAK = "\u00a0"  # CLDR's thousands separator (and space before %) for Russian and Polish, and Spanish's %
NUMBERS: dict[str, _Numbers] = {
    "en": _Numbers(".", ",", 1, "%"),
    "pt": _Numbers(",", ".", 1, "%"),
    "it": _Numbers(",", ".", 1, "%"),
    "ru": _Numbers(",", _NO_BREAK, 1, _NO_BREAK + "%"),
    "es": _Numbers(",", ".", 2, _NO_BREAK + "%"),
    "pl": _Numbers(",", _NO_BREAK, 2, "%"),
}
"""Each language's way of writing numbers (for people only: JSON keeps its numbers, and machine strings their
English form)."""


def numeral(text: str) -> str:
    """An English numeral (``1,234.5``, ``-0.25``, ``1.5e+07``, as Python's format writes it) written the way the
    language now writes numbers (``1 234,5`` in Russian); text that is no numeral comes back as it is (``inf``).
    English is left exactly as it is."""
    way = NUMBERS.get(language(), NUMBERS[ENGLISH])
    if way is NUMBERS[ENGLISH]:
        return text
    sign = text[:1] if text[:1] in "+-" else ""
    whole, point, rest = text[len(sign) :].partition(".")
    digits = whole.replace(",", "")
    if not digits.isdigit():
        return text
    grouped = whole.replace(",", way.group) if len(digits) >= 3 + way.least else digits
    return sign + grouped + (way.decimal if point else "") + rest


def number(value: float | int, places: int | None = None, *, grouped: bool = True) -> str:
    """``value`` as the language now writes it: a whole number with its thousands separators (``10,000``,
    ``10 000``), else with ``places`` decimals (``10.50``, ``10,50``); ``grouped=False`` writes no thousands
    separator (as ``f"{value:.3f}"`` does). Only for people: JSON keeps its numbers."""
    comma = "," if grouped else ""
    return numeral(f"{value:{comma}}" if places is None else f"{value:{comma}.{places}f}")


def percent(share: float, places: int = 0) -> str:
    """The share ``share`` (0.125) in percent with ``places`` decimals, as the language now writes it:
    ``12.5%``, ``12,5%``, ``12,5 %`` (Russian and Spanish put a no-break space before the sign)."""
    return numeral(f"{100 * share:.{places}f}") + percent_sign()


def percent_sign() -> str:
    """What follows a number to make it a percentage in the language now: ``%``, or a no-break space and ``%``."""
    return NUMBERS.get(language(), NUMBERS[ENGLISH]).percent


MESSAGES = Domain(CORE_DOMAIN, CORE_LOCALE)
"""tabroll's own messages."""

_ = MESSAGES.gettext
n_ = MESSAGES.ngettext
p_ = MESSAGES.pgettext
np_ = MESSAGES.npgettext

__all__ = [
    "ENGLISH",
    "GAME",
    "LANGUAGES",
    "MESSAGES",
    "NUMBERS",
    "N_",
    "Domain",
    "_",
    "choose",
    "code_of",
    "enter_game",
    "language",
    "n_",
    "np_",
    "number",
    "numeral",
    "p_",
    "percent",
    "percent_sign",
    "use",
]
