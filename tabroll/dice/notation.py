"""Dice notation: read expressions like ``4d6kh3+2`` or ``8d10>=7``, roll them, and work out their exact odds.

The grammar (blanks may separate tokens; letters may be in either case; the parser is :mod:`tabroll.dice.parser`)::

    top      := sum [compare SIGNED] [comment]   '!=' too; 1d20+7>=15 is 1 (success) or 0
    sum      := product (('+' | '-') product)*
    product  := unary (('*' | '/' | '//' | '%') unary)*   '/' keeps the fraction to the end, '//' floors
    unary    := ('-' | '+') unary | atom ['[' label ']']
    atom     := NUMBER | dice | '(' sum ')' dice | FUNC '(' sum ')' | group
    group    := '(' sum [compare SIGNED] ')' | '(' sum (',' sum)* [','] ')' setmods | '{' sum (',' sum)* '}' setmods
    dice     := [INT] 'd' (INT | '%' | 'F') dicemods       (1d4)d6 rolls its number of dice
    dicemods := (reroll | explode | clamp | keep | crit | success ['f' face])*, in any order
    setmods  := keep* [success ['f' face]]
    reroll   := ('r' | 'rr' | 'ro') [face]            again and again (up to a limit), or once; bare: the lowest face
    explode  := ('!' | 'x' | 'e' | '!!' | 'xo' | 'ra') [face]   bare: the highest face (ra: the lowest)
    clamp    := ('mi' | 'min' | 'ma' | 'max') SIGNED  a floor or a ceiling on each die
    keep     := ('kh' | 'kl' | 'dh' | 'dl' | 'ph' | 'pl') [INT] | ('k' | 'd') INT | ('k' | 'p') compare SIGNED
    crit     := ('cs' | 'cf') face                    critical and fumble marks
    success  := compare SIGNED                        8d10>=7 counts the dice showing 7 or more
    face     := INT | compare SIGNED                  r1 is r=1; !>4, f<=2
    compare  := '>=' | '<=' | '>' | '<' | '=' | '=='
    NUMBER   := INT ['.' DIGITS]        FUNC := 'floor' | 'ceil' | 'round' | 'abs'

``!`` adds a new die, ``!!`` adds to the same die, ``xo`` and ``ra`` explode once. ``k`` is ``kh``, ``d`` is
``dl``, ``ph``/``pl`` are ``dh``/``dl``; several steps (``kh3kl1``) act in turn. A term's parts act in one order
whatever the order written: rerolls, explosions, floors and ceilings, keep/drop, then the success count. A
comparison right after dice counts their successes; after anything else it compares the whole expression. A
comment is text after ``#`` outside a label, or words after the roll (``1d20+5 to hit``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

import msgspec
import msgspec.structs

from tabroll.dice.nodes import (
    DEFAULT_LIMITS,
    PLAIN_FEATURES,
    DiceLimits,
    DiceRules,
    DiceTerm,
    Feature,
    Node,
    Range,
    explosion_cap,
    features_of,
    fold,
    node_range,
    to_notation,
    truncated,
)
from tabroll.dice.rolled import RolledExpression, RolledTerm
from tabroll.dice.sources import DiceSource
from tabroll.errors import InputError
from tabroll.frozen import eq_hash_without
from tabroll.i18n import N_, _
from tabroll.lazy import names_from

if TYPE_CHECKING:
    from fractions import Fraction

    from tabroll.dice.extended import Compare as Compare

__all__ = [
    "Compare",
    "DiceExpression",
    "DiceLimitError",
    "DiceRefused",
    "DiceRules",
    "DiceSyntaxError",
    "DiceTerm",
    "RolledExpression",
    "RolledTerm",
    "explosion_cap",
    "parse",
]
"""What the rest of tabroll reads here; the nodes themselves live in :mod:`tabroll.dice.nodes` and
:mod:`tabroll.dice.extended`."""


__getattr__ = names_from(globals(), "tabroll.dice.extended", ("Compare",))  # imported when first asked for


DICE_TIP = N_("dice are written like 1d20, 2d6+3, 4d6kh3")
"""The tip of a dice expression that cannot be read: in English here, said in the language where it is shown."""
SPLIT_TIP = N_("split it into several smaller rolls")
"""The tip of an expression past a limit of :class:`DiceLimits`, said in the language where it is shown."""
DIGITS = "0123456789"
"""The digits a number of dice notation is written with (``str.isdigit`` also takes other scripts' digits)."""
SPACE = " \t\r\n"
"""The blanks allowed between the parts of an expression."""


def _pointed(text: str, position: int, reason: str, *, refused: bool = False) -> str:
    """The message with the expression quoted and a caret line under ``position``."""
    shown = "".join(ch if ch.isprintable() else " " if ch in SPACE else "?" for ch in text)
    start = max(0, min(position - 30, len(shown) - 60))
    prefix = "..." if start else ""
    window = prefix + shown[start : start + 60] + ("..." if start + 60 < len(shown) else "")
    quoted = shown if len(shown) <= 60 else shown[:57] + "..."
    caret = " " * (len(prefix) + position - start) + "^"
    values = {"text": quoted, "position": position + 1, "reason": reason}
    if refused:
        head = _("dice expression '{text}' at position {position}: {reason}", **values)
    else:
        head = _("cannot read dice expression '{text}' at position {position}: {reason}", **values)
    return f"{head}\n    {window}\n    {caret}"


def _tip(tip: str | None) -> str | None:
    """A tip in the language now: the shared ones (:data:`DICE_TIP`) are kept in English until shown."""
    return _(tip) if tip in (DICE_TIP, SPLIT_TIP) else tip


class DiceSyntaxError(InputError):
    """Text that is not a dice expression. ``position`` is 0-based; the message counts from 1."""

    def __init__(self, text: str, position: int, reason: str, *, tip: str | None = DICE_TIP) -> None:
        super().__init__(_pointed(text, position, reason, refused=isinstance(self, DiceRefused)), tip=_tip(tip))
        self.text, self.position, self.reason = text, position, reason


class DiceRefused(DiceSyntaxError):
    """A well-formed expression that uses a part of the language the game's rules do not allow here."""


class DiceLimitError(InputError):
    """An expression, or a request for its odds, larger than :class:`DiceLimits` allows."""

    def __init__(
        self, reason: str, *, text: str | None = None, position: int | None = None, tip: str | None = None
    ) -> None:
        message = reason if text is None or position is None else _pointed(text, position, reason)
        super().__init__(message, tip=_tip(tip))
        self.text, self.position, self.reason = text, position, reason


class DiceExpression(msgspec.Struct, frozen=True, dict=True):
    """A parsed expression; equal trees compare equal whatever the spacing or spelling of ``text``. Build one with
    :func:`parse`, which enforces the limits (direct construction does not)."""

    root: Node
    text: str = ""  # not compared
    limits: DiceLimits = DEFAULT_LIMITS  # not compared
    comment: str = ""  # not compared
    """Text after the roll (``1d20+5 to hit``, ``2d6 # fire``): what the roll is for, as typed (spaces joined)."""
    # Not fields (set in __post_init__, in the instance's dict): notation, _range, _terms, features.
    if TYPE_CHECKING:
        notation: ClassVar[str]
        _range: ClassVar[Range]
        _terms: ClassVar[tuple[DiceTerm, ...]]
        features: ClassVar[frozenset[Feature]]

    __eq__, __hash__ = eq_hash_without("text", "limits", "comment")

    def __post_init__(self) -> None:
        terms: list[DiceTerm] = []

        def combine(node: Node, parts: list[tuple[Range, frozenset[Feature]]]) -> tuple[Range, frozenset[Feature]]:
            if isinstance(node, DiceTerm):
                terms.append(node)
            return node_range(node, [p[0] for p in parts], self.limits), features_of(node, [p[1] for p in parts])

        value_range, features = fold(self.root, combine)
        self.__dict__["notation"] = to_notation(self.root)
        self.__dict__["_range"] = value_range
        self.__dict__["_terms"] = tuple(terms)
        self.__dict__["features"] = features
        if not self.text:
            msgspec.structs.force_setattr(self, "text", self.notation)

    def __str__(self) -> str:
        return self.notation

    def min(self) -> int:
        """The lowest total this expression can roll (exact for NdM, keep/drop and + - *; a bound beyond them)."""
        return truncated(self._range[0])

    def max(self) -> int:
        """The highest total this expression can roll (exact for NdM, keep/drop and + - *; a bound beyond them)."""
        return truncated(self._range[1])

    def dice_terms(self) -> tuple[DiceTerm, ...]:
        """The dice terms in the order they are rolled."""
        return self._terms

    @property
    def extended(self) -> bool:
        """Whether the expression goes beyond NdM, keep/drop and ``+ - *`` (its roll then keeps a tree)."""
        return not self.features <= PLAIN_FEATURES

    def roll(self, source: DiceSource, purpose: str, *, total_only: bool = False) -> RolledExpression:
        """Roll the dice terms left to right; a term asks ``source`` once for its dice, then once for each round
        of rerolls and of explosions. ``total_only``: the caller reads only the total (it may then be rolled as
        sums: see :attr:`~tabroll.dice.sources.DiceRequest.total_only`)."""
        from tabroll.dice.rolling import roll_expression

        return roll_expression(self, source, purpose, total_only=total_only)

    def distribution(self) -> dict[int, Fraction]:
        """The exact chance of every possible total, in increasing order of total (:mod:`tabroll.dice.distribution`);
        a :class:`DiceLimitError` up front when it would take more than ``limits.max_distribution_work`` steps."""
        from tabroll.dice.distribution import distribution

        return distribution(self)


@lru_cache(maxsize=1024)
def parse(text: str, limits: DiceLimits = DEFAULT_LIMITS, *, rules: DiceRules | None = None) -> DiceExpression:
    """Read a dice expression, checking every limit before anything is rolled: :class:`DiceSyntaxError` for text
    outside the grammar, :class:`DiceRefused` for a part ``rules`` (a game's) does not allow, and
    :class:`DiceLimitError` for an expression beyond ``limits``. Cached: expressions are immutable."""
    if len(text) > limits.max_text_length:
        raise DiceLimitError(
            _(
                "the dice expression is {size:,} characters long; the limit is {limit:,}",
                size=len(text),
                limit=limits.max_text_length,
            )
        )
    from tabroll.dice.parser import Parser

    hashed = _hash_at(text)
    body = text if hashed is None else text[:hashed]
    start = hashed
    try:
        expression = Parser(body, limits, rules).expression()
    except (DiceSyntaxError, DiceLimitError) as error:
        start = _comment_start(body, error.position) if type(error) is DiceSyntaxError else None
        said = _of_text(error, text) if body != text else error  # of the whole text, a comment after '#' too
        if start is None:
            raise said from None
        try:
            expression = Parser(body[:start], limits, rules).expression()
        except DiceSyntaxError:
            raise said from None
    if start is None:
        return expression
    comment = text[start:].lstrip("#")
    bad = next((i for i in range(start, len(text)) if not (text[i].isprintable() or text[i] in SPACE)), None)
    if bad is not None:
        raise DiceSyntaxError(text, bad, _("a comment cannot hold {char!r}", char=text[bad]))
    return DiceExpression(expression.root, text, limits, " ".join(comment.split()))


_MODIFIER_WORD = r"(kh|kl|k|dh|dl|d|ph|pl|p|rr|ro|ra|r|xo|x|e|!!|!|min|max|mi|ma|cs|cf|f)([<>=]=?)?[-+]?\d*"
"""A word spelled as a dice modifier (``kh9``, ``r<3``), case aside."""


def _of_text(error: DiceSyntaxError | DiceLimitError, text: str) -> DiceSyntaxError | DiceLimitError:
    """The same error, said of the whole text."""
    if isinstance(error, DiceSyntaxError):
        return type(error)(text, error.position, error.reason, tip=error.tip)
    if error.position is None:
        return error
    return DiceLimitError(error.reason, text=text, position=error.position, tip=error.tip)


def _hash_at(text: str) -> int | None:
    """Where a ``#`` outside any label starts a comment (Foundry's ``2d6 # fire``), if one does."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        elif ch == "#" and not depth:
            return i
    return None


def _comment_start(text: str, error_at: int) -> int | None:
    """Where a comment starts, given where the expression could not be read: the last word at or before that
    place that follows a space and starts with a letter (``1d20+5 to hit``), unless the word is spelled as a
    modifier (``4d6 kh9``: a mistake, said as one)."""
    for start in range(min(error_at, len(text) - 1), 0, -1):
        if text[start - 1] in SPACE and text[start].isalpha():
            word = text[start:].split(maxsplit=1)[0]
            return None if re.fullmatch(_MODIFIER_WORD, word, re.IGNORECASE) else start
    return None
