"""The words of a command line read as dice expressions: ``tabroll roll`` and ``roll`` at the ``play`` prompt share
this one reading.

Several expressions are rolled one after the other: ``roll 4d6kh3 4d6kh3`` rolls two stats, ``roll 1d20+5 2d6+3``
an attack and its damage. A word continues the expression before it when that expression ends with an operator
(``1d20 +``), or when the word starts with an operator, a comparison, a modifier or a label (``+5``, ``>=15``,
``kh3``, ``[fire]``); a word that starts a number, a die or a parenthesis after a complete expression starts a new
one. A number on its own after an expression is refused rather than guessed (``2d6 3``: ``2d6+3`` adds it).
``adv`` and ``dis`` roll the first die of the expression they follow twice and keep the higher or the lower
(written first, they apply to the expression after them). Any other word is refused: say what a roll is for with
``--label``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tabroll.dice.notation import DiceExpression, parse
from tabroll.errors import InputError
from tabroll.i18n import N_, _

ADVANTAGE_WORDS = {"adv": "h", "advantage": "h", "dis": "l", "disadvantage": "l"}
_ONE_DIE = re.compile(r"^\s*(1?)d(\d+|%)(?![\d%])", re.IGNORECASE)
_CONTINUES = "+-*/<>=!)}],["  # a word starting with one of these goes on with the expression before it
_MODIFIERS = "kdprxmfec"  # letters that start a dice modifier (kh3, dl1, ro1, xo, mi2, f1, e6, cs20)
_OPEN = "+-*/<>=([{,"  # an expression ending with one of these is not complete
_EXAMPLE = N_("tabroll rolls each expression given: roll 1d20+5 2d6+3")


def with_advantage(text: str, keep: str) -> str:
    """``1d20+5`` rolled with advantage (``keep`` ``h``) or disadvantage (``l``): ``2d20kh1+5``."""
    die = _ONE_DIE.match(text)
    if die is None:
        raise InputError(
            _("advantage and disadvantage apply to one die, and '{text}' does not start with one", text=text),
            tip=_("start with the die rolled twice: 1d20 adv +5"),
        )
    return f"2d{die.group(2)}k{keep}1{text[die.end() :]}"


def _starts_expression(word: str) -> bool:
    first = word[:1]
    if first.isdigit() or first in "({":
        return True
    return first in "dD" and word[1:2].lower() in (*"0123456789", "%", "f")


def expressions_of(words: Sequence[str]) -> list[str]:
    """The dice expressions the words spell, with ``adv``/``dis`` applied: ``1d20 adv +5`` → ``[2d20kh1+5]``,
    ``4d6kh3 4d6kh3`` → two expressions."""
    found: list[list[str]] = [[]]  # the words of each expression; adv/dis written first go with the first one
    advantage: list[str | None] = [None]
    for word in words:
        folded = word.casefold()
        if folded in ADVANTAGE_WORDS:
            if advantage[-1] is not None:
                raise InputError(
                    _("give advantage or disadvantage once"),
                    tip=_("'1d20 adv' keeps the higher of two d20, '1d20 dis' the lower"),
                )
            advantage[-1] = ADVANTAGE_WORDS[folded]
            continue
        if not word.strip():
            continue
        current = " ".join(found[-1]).rstrip()
        first = word.lstrip()[:1]
        if not current or current[-1] in _OPEN or first in _CONTINUES:
            found[-1].append(word)
            continue
        if _starts_expression(word.lstrip()):
            if word.strip().isdigit():
                number = word.strip()
                raise InputError(
                    _("'{number}' after {current} is a number on its own", number=number, current=current),
                    tip=_(
                        "to add it write {joined} (or {spaced}); {example}",
                        joined=f"{current}+{number}",
                        spaced=f"{current} +{number}",
                        example=_(_EXAMPLE),
                    ),
                )
            found.append([word])
            advantage.append(None)
            continue
        if first.lower() in _MODIFIERS:
            found[-1].append(word)
            continue
        if folded == "vs":
            raise InputError(_("'vs' compares two expressions in tabroll odds"), tip="tabroll odds 2d6 vs 2d6")
        raise InputError(
            _("'{word}' is not part of a dice expression", word=word),
            tip=_("{example}; say what a roll is for with --label", example=_(_EXAMPLE)),
        )
    if not found[0] and advantage[0] is None and words:
        return [" ".join(words)]  # only blanks: the parser says the expression is empty, and where
    if not found[0]:
        raise InputError(
            _("no dice expression given"), tip=_("e.g. {example}", example="2d6+3, 1d20 adv +5, 4d6kh3 4d6kh3")
        )
    texts = []
    for parts, chosen in zip(found, advantage, strict=True):
        text = " ".join(parts)
        texts.append(with_advantage(text.strip(), chosen) if chosen is not None else text)
    return texts


def parse_words(words: Sequence[str]) -> list[DiceExpression]:
    """Every expression the words spell, parsed (all of them before anything is rolled). A word that begins with
    ``#`` starts a comment, which with every word after it names the last expression (``1d20+5 # to hit``)."""
    mark = next((i for i, word in enumerate(words) if word.lstrip().startswith("#")), len(words))
    texts = expressions_of(words[:mark])
    if mark < len(words):
        texts[-1] = f"{texts[-1]} {' '.join(words[mark:])}"
    return [parse(text) for text in texts]
