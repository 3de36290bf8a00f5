"""The parser of dice notation: recursive descent over the grammar of :mod:`tabroll.dice.notation`, every limit
checked as it reads, so an oversized or impossible expression is refused before anything is rolled. Nesting is
counted, so it can never exhaust the stack."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn

from tabroll.dice.nodes import (
    FEATURE_NAMES,
    CompareOp,
    DiceLimits,
    DiceRules,
    DiceTerm,
    ExplodeKind,
    Feature,
    FunctionName,
    KeepMode,
    Node,
    Op,
    Range,
    Selection,
    combine_ranges,
    faces_meeting,
    function_range,
    pool_range,
    set_range,
    term_range,
)
from tabroll.dice.nodes import whole as exact
from tabroll.dice.notation import (
    DICE_TIP,
    DIGITS,
    SPACE,
    SPLIT_TIP,
    DiceExpression,
    DiceLimitError,
    DiceRefused,
    DiceSyntaxError,
)
from tabroll.i18n import _, n_

if TYPE_CHECKING:
    from tabroll.dice.parts import Condition, Keep

_COMPARISONS: tuple[tuple[str, CompareOp], ...] = (
    ("==", "="),
    (">=", ">="),
    ("<=", "<="),
    (">", ">"),
    ("<", "<"),
    ("=", "="),
)
_PRODUCTS: tuple[Op, ...] = ("//", "*", "/", "%")  # the longest spelling first
_FUNCTIONS: tuple[FunctionName, ...] = ("floor", "ceil", "round", "abs")
_KEEP_WORDS: dict[str, KeepMode] = {"kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl", "ph": "dh", "pl": "dl"}


def _covers(spans: list[tuple[int, int]], every: tuple[int, int]) -> bool:
    """Whether the intervals ``spans`` cover every face from ``every[0]`` to ``every[1]``."""
    reached = every[0] - 1
    for low, high in sorted(spans):
        if low > reached + 1:
            return False
        reached = max(reached, high)
    return reached >= every[1]


class Parser:
    """Recursive descent over the grammar; nesting is counted so it can never exhaust the stack."""

    def __init__(self, text: str, limits: DiceLimits, rules: DiceRules | None) -> None:
        self.text, self.limits, self.rules = text, limits, rules
        self.pos = self.depth = self.dice_count = self.terms = 0
        self.potential = 0  # the most dice a roll could draw, with rerolls and explosions

    def fail(self, reason: str, at: int | None = None, tip: str | None = DICE_TIP) -> NoReturn:
        raise DiceSyntaxError(self.text, self.pos if at is None else at, reason, tip=tip)

    def refuse(self, reason: str, at: int, tip: str | None = None) -> NoReturn:
        raise DiceLimitError(reason, text=self.text, position=at, tip=tip)

    def allow(self, feature: Feature, at: int) -> None:
        """Refuse ``feature`` here if the game's rules do."""
        if self.rules is None:
            return
        why = self.rules.reason(feature)
        if why is not None:
            raise DiceRefused(
                self.text,
                at,
                _(
                    "{what} cannot use {feature}: {why}",
                    what=self.rules.what,
                    feature=_(FEATURE_NAMES[feature]),
                    why=why,
                ),
                tip=_("{what} takes dice such as 1d20, 2d6+3, 4d6kh3", what=self.rules.what),
            )

    def peek(self) -> str:
        """Skip whitespace and return the next character, or "" at the end."""
        while self.pos < len(self.text) and self.text[self.pos] in SPACE:
            self.pos += 1
        return self.text[self.pos : self.pos + 1]

    def ahead(self, size: int) -> str:
        """The next ``size`` characters (after whitespace), lowercased."""
        self.peek()
        return self.text[self.pos : self.pos + size].lower()

    def expression(self) -> DiceExpression:
        if not self.peek():
            self.fail(_("the expression is empty"))
        node = self.compared(self.sum()[0])
        if ch := self.peek():
            if ch == ")":
                self.fail(_("')' without a matching '('"))
            if ch == "}":
                self.fail(_("'}' without a matching '{'"))
            if ch in "<>=":
                self.fail(_("an expression is compared with a number once, at its end"))
            if ch == ",":
                self.fail(_("',' separates the items of a set, inside parentheses: (1d6,1d8)kh1"))
            if ch == "]":
                self.fail(_("']' without a matching '['"))
            if ch in "xX×" and not isinstance(node, DiceTerm):
                self.fail(self.expected(_("an operator (+, -, *, /)")) + _("; multiply with '*'"))
            self.fail(self.expected(_("an operator (+, -, *, /)")))
        return DiceExpression(node, self.text, self.limits)

    def compared(self, node: Node) -> Node:
        """``node``, or its comparison with a number when one follows."""
        at = self.pos
        op = self.comparison(whole=True)
        if op is None:
            return node
        self.allow("compare", at)
        target, _at = self.signed(_("the number to compare with, like >=15"))
        from tabroll.dice.extended import Compare

        return Compare(op, node, target)

    def expected(self, what: str) -> str:
        ch = self.peek()
        if not ch:
            return _("expected {what}, but the expression ends here", what=what)
        if ch.isdigit() and ch not in DIGITS:
            return _("{char!r} is not a digit tabroll reads; write numbers with 0-9", char=ch)
        return _("expected {what}, not {char!r}", what=what, char=ch)

    def checked(self, node: Node, value_range: Range, at: int) -> tuple[Node, Range]:
        low, high = value_range
        if max(-low, high) > self.limits.max_magnitude:
            self.refuse(
                _(
                    "this part could reach {reach:,}; the limit is ±{limit:,}",
                    reach=high if high >= -low else low,
                    limit=self.limits.max_magnitude,
                ),
                at,
            )
        return node, value_range

    def sum(self) -> tuple[Node, Range]:
        return self.chain(("+", "-"), lambda: self.chain(_PRODUCTS, self.unary))

    def operator(self, ops: tuple[Op, ...]) -> Op | None:
        """The operator of ``ops`` at the current position (not consumed), or ``None``."""
        self.peek()
        return next((op for op in ops if self.text.startswith(op, self.pos)), None)

    def chain(self, ops: tuple[Op, ...], operand: Callable[[], tuple[Node, Range]]) -> tuple[Node, Range]:
        """Operands joined by any of ``ops``, grouped from the left."""
        self.peek()
        start = self.pos
        node, value_range = operand()
        while (op := self.operator(ops)) is not None:
            op_at = self.pos
            self.pos += len(op)
            if op not in ("+", "-"):
                self.allow("multiply" if op == "*" else "divide", op_at)
            right_at = self.pos
            right, right_range = operand()
            if op in ("/", "//", "%") and right_range[0] <= 0 <= right_range[1]:
                self.peek()
                low, high = right_range
                if low == high:
                    self.fail(_("this divisor is 0, and nothing can be divided by 0"), right_at)
                self.fail(
                    _(
                        "this divisor ranges from {low:,} to {high:,}, and nothing can be divided by 0",
                        low=low,
                        high=high,
                    ),
                    right_at,
                )
            combined = combine_ranges(op, value_range, right_range)
            from tabroll.dice.parts import BinaryOp

            node, value_range = self.checked(BinaryOp(op, node, right), combined, start)
        return node, value_range

    def nest(self) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            self.refuse(_("the expression nests more than {limit} levels deep", limit=self.limits.max_depth), self.pos)
        self.pos += 1

    def unary(self) -> tuple[Node, Range]:
        sign = self.peek()
        if sign not in ("-", "+"):
            return self.postfix()
        self.nest()
        node, (low, high) = self.unary()
        self.depth -= 1
        if sign == "+":  # unary plus changes nothing (d20 reads +1 as 1)
            return node, (low, high)
        from tabroll.dice.parts import Negate

        return Negate(node), (-high, -low)

    def postfix(self) -> tuple[Node, Range]:
        node, value_range = self.atom()
        if self.peek() != "[":
            return node, value_range
        at = self.pos
        self.allow("label", at)
        end = self.text.find("]", at + 1)
        if end < 0:
            self.fail(_("a label in brackets needs its ']', like 2d6[fire]"))
        label = " ".join(self.text[at + 1 : end].split())
        if not label:
            self.fail(_("the label is empty; write what the part is for, like 2d6[fire]"))
        bad = next((ch for ch in self.text[at + 1 : end] if ch == "[" or not (ch.isprintable() or ch in SPACE)), "")
        if bad:
            self.fail(_("a label cannot hold {char!r}", char=bad), self.text.index(bad, at + 1))
        if len(label) > self.limits.max_label_length:
            self.refuse(
                _(
                    "the label is {size} characters long; the limit is {limit}",
                    size=len(label),
                    limit=self.limits.max_label_length,
                ),
                at,
            )
        self.pos = end + 1
        if self.peek() == "[":
            self.fail(_("a part takes one label"))
        from tabroll.dice.extended import Labeled

        return Labeled(node, label), value_range

    def atom(self) -> tuple[Node, Range]:
        ch, at = self.peek(), self.pos
        if ch in ("(", "{"):
            node, value_range = self.group(ch, at)
            after = self.text[self.pos : self.pos + 2].lower()
            if ch == "(" and after[:1] == "d" and after[1:] and after[1:] in DIGITS + "%f":
                return self.pool(node, value_range, at)
            return node, value_range
        if ch in ("d", "D"):
            return self.dice(1, at)
        if ch.isalpha():
            return self.function(at)
        if ch == "." or (ch and ch in DIGITS):
            value, _at = self.integer() if ch != "." else (0, at)
            if self.peek() in ("d", "D") and ch != ".":
                return self.dice(value, at)
            self.count_term(at)
            if self.text.startswith(".", self.pos):  # 1.5, .5: d20 keeps the fraction to the end
                return self.decimal(value, at)
            from tabroll.dice.parts import Constant

            return Constant(value), (value, value)
        self.fail(self.expected(_("a number, a die like 1d6, or '('")))

    def pool(self, count_of: Node, counts: Range, at: int) -> tuple[Node, Range]:
        """``(1d4)d6``: as many dice as ``count_of`` rolls (a fraction truncated toward zero)."""
        self.allow("pool", at)
        low, high = int(counts[0]), int(counts[1])
        if counts[0] <= -1:
            self.fail(_("the number of dice could be {low:,}; a number of dice cannot be negative", low=low), at)
        term, _range = self.dice(high, self.pos)
        assert isinstance(term, DiceTerm)
        from tabroll.dice.extended import DicePool

        node = DicePool(count_of, term)
        return self.checked(node, pool_range(node, counts, self.limits), at)

    def decimal(self, whole: int, at: int) -> tuple[Node, Range]:
        self.pos += 1  # the '.'
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in DIGITS:
            self.pos += 1
        digits = self.text[start : self.pos]
        if not digits:
            self.fail(self.expected(_("a digit after the decimal point, like 1.5")))
        if len(digits) > 9:
            self.refuse(_("a number takes at most 9 digits after its decimal point"), start)
        value = exact(whole + Fraction(int(digits), 10 ** len(digits)))  # 1.0 is 1
        from tabroll.dice.parts import Constant

        return Constant(value), (value, value)

    def function(self, at: int) -> tuple[Node, Range]:
        """``floor(…)``, ``ceil(…)``, ``round(…)`` or ``abs(…)``."""
        end = at
        while end < len(self.text) and self.text[end].isalpha():
            end += 1
        name = self.text[at:end].lower()
        if name not in _FUNCTIONS:
            self.fail(self.expected(_("a number, a die like 1d6, or '('")))
        self.allow("function", at)
        self.pos = end
        if self.peek() != "(":
            self.fail(self.expected(_("'(' after {name}, like {name}(1d6/2)", name=name)))
        node, value_range = self.group("(", self.pos)
        from tabroll.dice.extended import Function

        return self.checked(Function(name, node), function_range(name, value_range), at)

    def group(self, opener: str, at: int) -> tuple[Node, Range]:
        """``(sum)``, or a set: ``(a, b, …)`` or ``{a, …}``, then its keep/drop and success count."""
        closer = ")" if opener == "(" else "}"
        self.nest()
        items = [self.sum()]
        if opener == "(" and (node := self.compared(items[0][0])) is not items[0][0]:  # 1+(2==2), as d20 reads it
            items[0] = node, (0, 1)
        single = False  # (1,): a set of one item, as d20 writes it
        while self.peek() == ",":
            self.pos += 1
            if self.peek() == closer and len(items) == 1:
                single = True
                break
            items.append(self.sum())
        if self.peek() != closer:
            if self.peek() in ("<", ">", "=") and len(items) == 1 and opener == "(":
                self.fail(_("a part is compared with a number once"))
            closing = _(
                "'{closer}' to close the '{opener}' at position {position}",
                closer=closer,
                opener=opener,
                position=at + 1,
            )
            self.fail(self.expected(closing))
        self.pos += 1
        self.depth -= 1
        if opener == "(" and len(items) == 1 and not single and self.ahead(1) not in ("k", "p"):
            return items[0]  # a plain group; (1d20)kh1 is a set of one item, as d20 reads it
        self.allow("set", at)
        keep, success, failure = self.set_modifiers(len(items))
        from tabroll.dice.extended import DiceSet

        node = DiceSet(tuple(node for node, _range in items), keep, success, failure)
        if len(items) == 1 and keep is None and success is None:
            return items[0]
        return self.checked(node, set_range(node, [r for _node, r in items]), at)

    def set_modifiers(self, size: int) -> tuple[Selection | None, Condition | None, Condition | None]:
        keep: Selection | None = None
        success: Condition | None = None
        failure: Condition | None = None
        while True:
            self.peek()
            at = self.pos
            word = self.ahead(2)
            if word[:1] in ("k", "d", "p") and success is None:
                keep = self.selection(keep, size, at, items=True)
            elif word[:1] in ("<", ">", "=") and success is None:
                self.allow("success", at)
                success = self.condition(_("a number after the comparison, like >=10"))
            elif word[:1] == "f" and success is not None and failure is None:
                self.pos += 1
                failure = self.face(_("the failure after 'f', like f1 or f<=2"), required=True)
                assert failure is not None
                self.no_overlap(success, failure, at)
            else:
                return keep, success, failure

    def integer(self, what: str | None = None) -> tuple[int, int]:
        """Read an unsigned integer; returns it and where it started."""
        ch, start, text = self.peek(), self.pos, self.text
        if not ch or ch not in DIGITS:
            self.fail(self.expected(what or _("a number")))
        while self.pos < len(text) and text[self.pos] in DIGITS:
            self.pos += 1
        if self.pos < len(text) and text[self.pos].isdigit():
            self.fail(_("{char!r} is not a digit tabroll reads; write numbers with 0-9", char=text[self.pos]))
        digits, limit = text[start : self.pos], self.limits.max_literal
        if len(digits.lstrip("0")) > len(str(limit)) or int(digits) > limit:
            self.refuse(_("the number {number} is larger than {limit:,}", number=digits, limit=limit), start)
        return int(digits), start

    def signed(self, what: str) -> tuple[int, int]:
        """An integer with an optional sign (a threshold may be negative: Fudge dice)."""
        self.peek()
        start, sign = self.pos, self.text[self.pos : self.pos + 1]
        if sign in ("-", "+"):
            self.pos += 1
        value, _at = self.integer(what)
        return (-value if sign == "-" else value), start

    def comparison(self, *, whole: bool = False) -> CompareOp | None:
        """A comparison operator at the current position, consumed, or ``None``; ``!=`` only compares the
        whole expression (``whole``): after dice, ``!`` explodes."""
        self.peek()
        if whole and self.text.startswith("!=", self.pos):
            self.pos += 2
            return "!="
        for written, op in _COMPARISONS:
            if self.text.startswith(written, self.pos):
                self.pos += len(written)
                return op
        return None

    def condition(self, what: str) -> Condition:
        op = self.comparison()
        assert op is not None
        value, _at = self.signed(what)
        from tabroll.dice.parts import Condition

        return Condition(op, value)

    def face(self, what: str, *, required: bool = False) -> Condition | None:
        """The faces a reroll, an explosion or a failure applies to: ``1`` (= 1), ``>4``, ``<=2``; ``None`` when
        nothing is written (the modifier's own default)."""
        ch = self.peek()
        if ch in ("<", ">", "="):
            return self.condition(what)
        if ch and ch in DIGITS:
            value, _at = self.integer(what)
            from tabroll.dice.parts import Condition

            return Condition("=", value)
        if required:
            self.fail(self.expected(what))
        return None

    def count_term(self, at: int) -> None:
        self.terms += 1
        if self.terms > self.limits.max_terms:
            self.refuse(_("more than {limit} numbers and dice in one expression", limit=self.limits.max_terms), at)

    def dice(self, count: int, at: int) -> tuple[Node, Range]:
        limits = self.limits
        self.allow("dice", at)
        self.pos += 1  # the 'd'
        if count > limits.max_dice_per_term:
            self.refuse(
                _("{count:,} dice in one roll; the limit is {limit:,}", count=count, limit=limits.max_dice_per_term),
                at,
                SPLIT_TIP,
            )
        sides, fudge = 100, False
        ch = self.peek()
        if ch == "%":
            self.pos += 1
        elif ch in ("F", "f"):
            self.allow("fudge", self.pos)
            self.pos += 1
            sides, fudge = 3, True
        else:
            sides, sides_at = self.integer(_("the number of sides after 'd', like d6 or d%"))
            if sides == 0:
                self.fail(_("a die needs at least 1 side"), sides_at)
            if sides > limits.max_sides:
                self.refuse(
                    _("a d{sides:,} has too many sides; the limit is {limit:,}", sides=sides, limit=limits.max_sides),
                    sides_at,
                )
        term = self.dice_modifiers(DiceTerm(count, sides, fudge=fudge), at)
        self.dice_count += count
        if self.dice_count > limits.max_dice_total:
            self.refuse(_("more than {limit:,} dice in one expression", limit=limits.max_dice_total), at, SPLIT_TIP)
        self.potential += term.draws(limits)
        if self.potential > limits.max_dice_total:
            self.refuse(
                _(
                    "one roll of this expression could draw {count:,} dice with its rerolls and explosions (a die"
                    " rerolls at most {rerolls} times, a chain of explosions adds at most {explosions} dice); the limit"
                    " is {limit:,}",
                    count=self.potential,
                    rerolls=limits.max_rerolls,
                    explosions=limits.max_explosions,
                    limit=limits.max_dice_total,
                ),
                at,
                SPLIT_TIP,
            )
        self.count_term(at)
        return self.checked(term, term_range(term, limits), at)

    def dice_modifiers(self, term: DiceTerm, at: int) -> DiceTerm:
        """Read a dice term's modifiers, in any order, and check that they fit its dice."""
        found: dict[str, Any] = {}
        while True:
            self.peek()
            mod_at = self.pos
            word = self.ahead(3)
            if word.startswith(("ra", "!", "x", "e")):  # x (Foundry) and e (Avrae) are !, ra (Avrae's) is xo
                self.once("explode", found, mod_at, _("give one explosion: ! for a new die, !! to add to the same die"))
                self.allow("explode", mod_at)
                kind: ExplodeKind = "xo" if word.startswith(("xo", "ra")) else "!!" if word.startswith("!!") else "!"
                mark = word[:1] if kind == "!" else word[:2]
                self.pos += len(mark)
                from tabroll.dice.extended import Explode
                from tabroll.dice.parts import Condition

                if mark == "ra":  # reroll and add: an explosion once, on the faces given (bare: the lowest)
                    what = _("the faces to reroll and add after '{mark}', like {mark}1", mark="ra")
                    face: Condition | None = self.face(what) or Condition("=", term.low)
                else:
                    face = self.face(_("the faces that explode after '{mark}', like {mark}6 or {mark}>4", mark=mark))
                found["explode"] = Explode(kind, face), mod_at
            elif word.startswith(("cs", "cf")):
                name = "critical" if word.startswith("cs") else "fumble"
                self.once(name, found, mod_at, _("give one critical mark of each kind: cs20cf1"))
                self.allow("critical", mod_at)
                self.pos += 2
                what = (
                    _("the faces that are critical after 'cs', like cs20 or cs>=19")
                    if name == "critical"
                    else _("the faces that are fumbles after 'cf', like cf1 or cf<=2")
                )
                found[name] = self.face(what, required=True), mod_at
            elif word.startswith(("ro", "rr", "r")):
                before = found.get("reroll", (None, 0))[0]
                if before is not None and before.once != word.startswith("ro"):
                    self.fail(_("a die rerolls again and again (r) or once (ro), not both"), mod_at)
                self.allow("reroll", mod_at)
                once = word.startswith("ro")
                self.pos += 2 if word.startswith(("ro", "rr")) else 1
                written = "ro" if once else "r"
                face = self.face(_("the faces to reroll after '{mark}', like {mark}1 or {mark}<3", mark=written))
                from tabroll.dice.extended import Reroll
                from tabroll.dice.parts import Condition

                condition = face or Condition("=", term.low)
                if before is None:
                    found["reroll"] = Reroll(once, condition), mod_at
                else:  # r1r2: a die showing any of them is rerolled
                    found["reroll"] = Reroll(once, before.condition, (*before.also, condition)), found["reroll"][1]
            elif word.startswith(("mi", "ma")):
                name = "floor" if word.startswith("mi") else "ceiling"
                self.once(name, found, mod_at, _("give one floor") if name == "floor" else _("give one ceiling"))
                self.allow("clamp", mod_at)
                self.pos += 3 if word in ("min", "max") else 2
                written = word[:2]
                what = (
                    _("the floor after '{mark}', like 8d6{mark}2", mark=written)
                    if name == "floor"
                    else _("the ceiling after '{mark}', like 8d6{mark}2", mark=written)
                )
                value, _at = self.signed(what)
                found[name] = value, mod_at
            elif word[:1] in ("k", "p") or (word[:1] == "d" and self.drop_follows()):
                before = found["keep"][0] if "keep" in found else None
                found["keep"] = self.selection(before, term.count, mod_at), mod_at
            elif word[:1] in ("<", ">", "=") and "success" not in found:
                self.allow("success", mod_at)
                found["success"] = self.condition(_("a number after the comparison, like 8d10>=7")), mod_at
            elif word[:1] == "f":
                if "success" not in found:
                    self.fail(_("'f' counts failures after a success count, like 8d10>=7f1"))
                self.once("failure", found, mod_at, _("give one failure count"))
                self.pos += 1
                found["failure"] = self.face(_("the failure after 'f', like f1 or f<=2"), required=True), mod_at
            else:
                break
        return self.checked_term(term, found)

    def once(self, name: str, found: dict[str, Any], at: int, tip: str) -> None:
        if name in found:
            twice = {
                "explode": _("this dice term has two explodes"),
                "critical": _("this dice term has two critical marks"),
                "fumble": _("this dice term has two fumble marks"),
                "floor": _("this dice term has two floors"),
                "ceiling": _("this dice term has two ceilings"),
                "failure": _("this dice term has two failures"),
            }
            self.fail(twice[name], at, tip=tip)

    def drop_follows(self) -> bool:
        """Whether the 'd' at the current position is a drop (``4d6d1``, as Roll20 and Foundry read it)."""
        rest = self.text[self.pos + 1 :].lstrip(SPACE)
        return rest[:1] in tuple(DIGITS) or rest[:1].lower() in ("h", "l")

    def selection(self, before: Selection | None, count: int, at: int, *, items: bool = False) -> Selection:
        """One more keep/drop step after ``before``: by rank (``kh2``), or by value (``k>3``, ``p<3``)."""
        self.allow("keep", at)
        written = self.ahead(1)
        after = self.text[self.pos + 1 : self.pos + 2]
        step: Selection
        if written in ("k", "p") and after in ("<", ">", "="):
            self.pos += 1
            from tabroll.dice.extended import KeepIf

            step = KeepIf(written == "k", self.condition(_("a number after the comparison, like k>3")))
        else:
            written = self.ahead(2)
            if written in _KEEP_WORDS:
                mode = _KEEP_WORDS[written]
                self.pos += 2
            elif written[:1] in ("k", "d"):
                written = written[:1]
                mode = "kh" if written == "k" else "dl"
                self.pos += 1
            else:
                self.fail(
                    _("'p' drops dice with h or l after it: ph1 drops the highest, pl1 the lowest"),
                    tip=_("as Avrae writes it: 4d6pl1 is 4d6dl1"),
                )
            step = self.kept(mode, written, count, items=items)
        if before is None:
            return step
        from tabroll.dice.extended import KeepIf, KeepSteps  # a second step: steps are kept together

        if isinstance(before, KeepIf) or isinstance(step, KeepIf):
            self.fail(_("keep by value (k>3, p<3) alone, with no other keep or drop"), at)
        steps = KeepSteps((*(before.steps if isinstance(before, KeepSteps) else (before,)), step))
        if not steps.kept_of(count):
            self.fail(
                _("these keeps and drops leave no item") if items else _("these keeps and drops leave no die"), at
            )
        return steps

    def kept(self, mode: KeepMode, written: str, count: int, *, items: bool) -> Keep:
        """How many dice (or a set's items) ``mode`` keeps or drops, read after its ``written`` mark."""
        keeping = mode[0] == "k"
        example = ("(1d4,1d6,1d8)" + written + "2") if items else ("4d6" + written + "3")
        values = {"mark": written, "example": example}
        if items and keeping:
            asked = _("how many items to keep after '{mark}', like {example}", **values)
        elif items:
            asked = _("how many items to drop after '{mark}', like {example}", **values)
        elif keeping:
            asked = _("how many dice to keep after '{mark}', like {example}", **values)
        else:
            asked = _("how many dice to drop after '{mark}', like {example}", **values)
        if len(written) == 2 and not (self.peek() and self.peek() in DIGITS):  # kh alone keeps 1 (Roll20, Foundry)
            n, n_at = 1, self.pos
        else:
            n, n_at = self.integer(asked)
        if keeping and not 1 <= n <= (count if not items else max(n, 1)):  # a set keeps them all (d20)
            if items:
                message = n_(
                    "cannot keep {number} of {n} item; keep 1 to {n}",
                    "cannot keep {number} of {n} items; keep 1 to {n}",
                    count,
                    number=n,
                )
            else:
                message = n_(
                    "cannot keep {number} of {n} die; keep 1 to {n}",
                    "cannot keep {number} of {n} dice; keep 1 to {n}",
                    count,
                    number=n,
                )
            self.fail(message, n_at)
        if not keeping and not 1 <= n < count:
            if count == 1:
                message = (
                    _("cannot drop {number} of 1 item; a single item has none to drop", number=n)
                    if items
                    else _("cannot drop {number} of 1 die; a single die has none to drop", number=n)
                )
            elif items:
                message = n_(
                    "cannot drop {number} of {n} item; drop 1 to {most}",
                    "cannot drop {number} of {n} items; drop 1 to {most}",
                    count,
                    number=n,
                    most=count - 1,
                )
            else:
                message = n_(
                    "cannot drop {number} of {n} die; drop 1 to {most}",
                    "cannot drop {number} of {n} dice; drop 1 to {most}",
                    count,
                    number=n,
                    most=count - 1,
                )
            self.fail(message, n_at)
        from tabroll.dice.parts import Keep

        return Keep(mode, n)

    def checked_term(self, term: DiceTerm, found: dict[str, Any]) -> DiceTerm:
        """The term with its modifiers, refused where they cannot work on its dice."""
        values = {name: value for name, (value, _at) in found.items()}
        term = DiceTerm(term.count, term.sides, fudge=term.fudge, **values)
        every = (term.low, term.high)
        shows = _("-1, 0 or +1") if term.fudge else _("1 to {sides}", sides=term.sides)
        dice = {"die": "dF" if term.fudge else f"d{term.sides}", "shows": shows}  # each message's die and its faces
        if term.reroll is not None:
            at = found["reroll"][1]
            spans = []
            for condition in term.reroll.conditions:
                rerolled = faces_meeting(term, condition)
                if rerolled is None:
                    self.fail(
                        _(
                            "a {die} shows {shows}: no face is {faces}, so nothing is rerolled",
                            faces=condition.sign(),
                            **dice,
                        ),
                        at,
                    )
                spans.append(rerolled)
            if _covers(spans, every) and not term.reroll.once:  # ro: the second roll stands, whatever it shows
                self.fail(
                    _(
                        "a {die} shows {shows}: every face is {faces}, so no die would stand",
                        faces=_(" or ").join(condition.sign() for condition in term.reroll.conditions),
                        **dice,
                    ),
                    at,
                )
        if term.explode is not None:
            boom = faces_meeting(term, term.explode.condition)
            at = found["explode"][1]
            cond = term.explode.condition
            if boom is None:
                assert cond is not None
                self.fail(
                    _(
                        "a {die} shows {shows}: no face is {faces}, so nothing explodes",
                        faces=cond.sign(),
                        **dice,
                    ),
                    at,
                )
            if boom == every and term.explode.kind != "xo":  # xo (and ra) explode once, whatever they show
                if cond is not None:
                    message = _(
                        "a {die} shows {shows}: every face is {faces}, so it would explode for ever",
                        faces=cond.sign(),
                        **dice,
                    )
                else:
                    message = _(
                        "a {die} shows {shows}: every face is its highest, so it would explode for ever", **dice
                    )
                self.fail(message, at)
        if term.floor is not None and term.ceiling is not None and term.floor > term.ceiling:
            self.fail(
                _("the floor {floor} is above the ceiling {ceiling}", floor=term.floor, ceiling=term.ceiling),
                found["floor"][1],
            )
        if term.success is not None and term.failure is not None:
            self.no_overlap(term.success, term.failure, found["failure"][1])
        return term

    def no_overlap(self, success: Condition, failure: Condition, at: int) -> None:
        (s_low, s_high), (f_low, f_high) = success.interval(), failure.interval()
        low = max(x for x in (s_low, f_low) if x is not None) if s_low is not None or f_low is not None else None
        high = min(x for x in (s_high, f_high) if x is not None) if s_high is not None or f_high is not None else None
        if low is None or high is None or low <= high:
            self.fail(_("a die cannot be both a success and a failure: the two counts overlap"), at)
