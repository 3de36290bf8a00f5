"""The parser of dice notation: recursive descent over the grammar of :mod:`tabroll.dice.notation`, every limit
checked as it reads, so an oversized or impossible expression is refused before anything is rolled. Nesting is
counted, so it can never exhaust the stack."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, cast

from tabroll.dice.nodes import (
    FEATURE_NAMES,
    BinaryOp,
    Compare,
    CompareOp,
    Condition,
    Constant,
    DiceLimits,
    DiceRules,
    DiceSet,
    DiceTerm,
    Explode,
    ExplodeKind,
    Feature,
    Keep,
    KeepMode,
    Labeled,
    Negate,
    Node,
    Op,
    Range,
    Reroll,
    combine_ranges,
    explosion_cap,
    faces_meeting,
    set_range,
    term_range,
)
from tabroll.dice.notation import (
    _DIGITS,
    _SPACE,
    _SPLIT,
    DICE_TIP,
    DiceExpression,
    DiceLimitError,
    DiceRefused,
    DiceSyntaxError,
)

_COMPARISONS = (">=", "<=", ">", "<", "=")
_KEEP_WORDS: dict[str, KeepMode] = {"kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl", "ph": "dh", "pl": "dl"}


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
                f"{self.rules.what} cannot use {FEATURE_NAMES[feature]}: {why}",
                tip=f"{self.rules.what} takes dice such as 1d20, 2d6+3, 4d6kh3",
            )

    def peek(self) -> str:
        """Skip whitespace and return the next character, or "" at the end."""
        while self.pos < len(self.text) and self.text[self.pos] in _SPACE:
            self.pos += 1
        return self.text[self.pos : self.pos + 1]

    def ahead(self, size: int) -> str:
        """The next ``size`` characters (after whitespace), lowercased."""
        self.peek()
        return self.text[self.pos : self.pos + size].lower()

    def expression(self) -> DiceExpression:
        if not self.peek():
            self.fail("the expression is empty")
        node, _ = self.sum()
        at = self.pos
        op = self.comparison()
        if op is not None:
            self.allow("compare", at)
            target, _ = self.signed("the number to compare with, like >=15")
            node = Compare(op, node, target)
        if ch := self.peek():
            if ch == ")":
                self.fail("')' without a matching '('")
            if ch == "}":
                self.fail("'}' without a matching '{'")
            if ch in "<>=":
                self.fail("an expression is compared with a number once, at its end")
            if ch == ",":
                self.fail("',' separates the items of a set, inside parentheses: (1d6,1d8)kh1")
            if ch == "]":
                self.fail("']' without a matching '['")
            self.fail(self.expected("an operator (+, -, *, /)") + ("; multiply with '*'" if ch in "xX×" else ""))
        return DiceExpression(node, self.text, self.limits)

    def expected(self, what: str) -> str:
        ch = self.peek()
        if not ch:
            return f"expected {what}, but the expression ends here"
        if ch.isdigit() and ch not in _DIGITS:
            return f"{ch!r} is not a digit tabroll reads; write numbers with 0-9"
        return f"expected {what}, not {ch!r}"

    def checked(self, node: Node, value_range: Range, at: int) -> tuple[Node, Range]:
        low, high = value_range
        if max(-low, high) > self.limits.max_magnitude:
            reach = high if high >= -low else low
            self.refuse(f"this part could reach {reach:,}; the limit is ±{self.limits.max_magnitude:,}", at)
        return node, value_range

    def sum(self) -> tuple[Node, Range]:
        return self.chain(("+", "-"), self.product)

    def product(self) -> tuple[Node, Range]:
        return self.chain(("*", "/"), self.unary)

    def chain(self, ops: tuple[Op, ...], operand: Callable[[], tuple[Node, Range]]) -> tuple[Node, Range]:
        """Operands joined by any of ``ops``, grouped from the left."""
        self.peek()
        start = self.pos
        node, value_range = operand()
        while (op := self.peek()) in ops:
            op_at = self.pos
            self.pos += 1
            if op in "*/":
                self.allow("multiply" if op == "*" else "divide", op_at)
            right_at = self.pos
            right, right_range = operand()
            if op == "/" and right_range[0] <= 0 <= right_range[1]:
                self.peek()
                low, high = right_range
                what = "this divisor is 0" if low == high else f"this divisor ranges from {low:,} to {high:,}"
                self.fail(f"{what}, and nothing can be divided by 0", right_at)
            combined = combine_ranges(op, value_range, right_range)
            node, value_range = self.checked(BinaryOp(op, node, right), combined, start)
        return node, value_range

    def nest(self) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            self.refuse(f"the expression nests more than {self.limits.max_depth} levels deep", self.pos)
        self.pos += 1

    def unary(self) -> tuple[Node, Range]:
        if self.peek() != "-":
            return self.postfix()
        self.nest()
        node, (low, high) = self.unary()
        self.depth -= 1
        return Negate(node), (-high, -low)

    def postfix(self) -> tuple[Node, Range]:
        node, value_range = self.atom()
        if self.peek() != "[":
            return node, value_range
        at = self.pos
        self.allow("label", at)
        end = self.text.find("]", at + 1)
        if end < 0:
            self.fail("a label in brackets needs its ']', like 2d6[fire]")
        label = " ".join(self.text[at + 1 : end].split())
        if not label:
            self.fail("the label is empty; write what the part is for, like 2d6[fire]")
        bad = next((ch for ch in self.text[at + 1 : end] if ch == "[" or not (ch.isprintable() or ch in _SPACE)), "")
        if bad:
            self.fail(f"a label cannot hold {bad!r}", self.text.index(bad, at + 1))
        if len(label) > self.limits.max_label_length:
            self.refuse(f"the label is {len(label)} characters long; the limit is {self.limits.max_label_length}", at)
        self.pos = end + 1
        if self.peek() == "[":
            self.fail("a part takes one label")
        return Labeled(node, label), value_range

    def atom(self) -> tuple[Node, Range]:
        ch, at = self.peek(), self.pos
        if ch in ("(", "{"):
            return self.group(ch, at)
        if ch in ("d", "D"):
            return self.dice(1, at)
        if ch and ch in _DIGITS:
            value, _ = self.integer()
            if self.peek() in ("d", "D"):
                return self.dice(value, at)
            self.count_term(at)
            return Constant(value), (value, value)
        self.fail(self.expected("a number, a die like 1d6, or '('"))

    def group(self, opener: str, at: int) -> tuple[Node, Range]:
        """``(sum)``, or a set: ``(a, b, …)`` or ``{a, …}``, then its keep/drop and success count."""
        closer = ")" if opener == "(" else "}"
        self.nest()
        items = [self.sum()]
        while self.peek() == ",":
            self.pos += 1
            items.append(self.sum())
        if self.peek() != closer:
            if self.peek() in ("<", ">", "=") and len(items) == 1 and opener == "(":
                self.fail("a comparison of the whole expression goes at its end, outside any parentheses")
            self.fail(self.expected(f"'{closer}' to close the '{opener}' at position {at + 1}"))
        self.pos += 1
        self.depth -= 1
        if opener == "(" and len(items) == 1:
            return items[0]
        self.allow("set", at)
        keep, success, failure = self.set_modifiers(len(items))
        node = DiceSet(tuple(node for node, _ in items), keep, success, failure)
        if len(items) == 1 and keep is None and success is None:
            return items[0]
        return self.checked(node, set_range(node, [r for _, r in items]), at)

    def set_modifiers(self, size: int) -> tuple[Keep | None, Condition | None, Condition | None]:
        keep: Keep | None = None
        success: Condition | None = None
        failure: Condition | None = None
        while True:
            self.peek()
            at = self.pos
            word = self.ahead(2)
            if word[:1] in ("k", "d", "p") and keep is None:
                keep = self.keep(size, at, what=("item", "items"))
            elif word[:1] in ("<", ">", "=") and success is None:
                self.allow("success", at)
                success = self.condition("a number after the comparison, like >=10")
            elif word[:1] == "f" and success is not None and failure is None:
                self.pos += 1
                failure = self.face("the failure after 'f', like f1 or f<=2", required=True)
                assert failure is not None
                self.no_overlap(success, failure, at)
            else:
                return keep, success, failure

    def integer(self, what: str = "a number") -> tuple[int, int]:
        """Read an unsigned integer; returns it and where it started."""
        ch, start, text = self.peek(), self.pos, self.text
        if not ch or ch not in _DIGITS:
            self.fail(self.expected(what))
        while self.pos < len(text) and text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos < len(text) and text[self.pos].isdigit():
            self.fail(f"{text[self.pos]!r} is not a digit tabroll reads; write numbers with 0-9")
        digits, limit = text[start : self.pos], self.limits.max_literal
        if len(digits.lstrip("0")) > len(str(limit)) or int(digits) > limit:
            self.refuse(f"the number {digits} is larger than {limit:,}", start)
        return int(digits), start

    def signed(self, what: str) -> tuple[int, int]:
        """An integer with an optional sign (a threshold may be negative: Fudge dice)."""
        self.peek()
        start = self.pos
        sign = 1
        if self.text[self.pos : self.pos + 1] in ("-", "+"):
            sign = -1 if self.text[self.pos] == "-" else 1
            self.pos += 1
        value, _ = self.integer(what)
        return sign * value, start

    def comparison(self) -> CompareOp | None:
        """A comparison operator at the current position, consumed, or ``None``."""
        self.peek()
        for op in _COMPARISONS:
            if self.text.startswith(op, self.pos):
                self.pos += len(op)
                return cast(CompareOp, op)
        return None

    def condition(self, what: str) -> Condition:
        op = self.comparison()
        assert op is not None
        value, _ = self.signed(what)
        return Condition(op, value)

    def face(self, what: str, *, required: bool = False) -> Condition | None:
        """The faces a reroll, an explosion or a failure applies to: ``1`` (= 1), ``>4``, ``<=2``; ``None`` when
        nothing is written (the modifier's own default)."""
        ch = self.peek()
        if ch in ("<", ">", "="):
            return self.condition(what)
        if ch and ch in _DIGITS:
            value, _ = self.integer(what)
            return Condition("=", value)
        if required:
            self.fail(self.expected(what))
        return None

    def count_term(self, at: int) -> None:
        self.terms += 1
        if self.terms > self.limits.max_terms:
            self.refuse(f"more than {self.limits.max_terms} numbers and dice in one expression", at)

    def dice(self, count: int, at: int) -> tuple[Node, Range]:
        limits = self.limits
        self.allow("dice", at)
        self.pos += 1  # the 'd'
        if count == 0:
            self.fail("a roll needs at least 1 die", at)
        if count > limits.max_dice_per_term:
            self.refuse(f"{count:,} dice in one roll; the limit is {limits.max_dice_per_term:,}", at, _SPLIT)
        sides, fudge = 100, False
        ch = self.peek()
        if ch == "%":
            self.pos += 1
        elif ch in ("F", "f"):
            self.allow("fudge", self.pos)
            self.pos += 1
            sides, fudge = 3, True
        else:
            sides, sides_at = self.integer("the number of sides after 'd', like d6 or d%")
            if sides == 0:
                self.fail("a die needs at least 1 side", sides_at)
            if sides > limits.max_sides:
                self.refuse(f"a d{sides:,} has too many sides; the limit is {limits.max_sides:,}", sides_at)
        term = self.dice_modifiers(DiceTerm(count, sides, fudge=fudge), at)
        self.dice_count += count
        if self.dice_count > limits.max_dice_total:
            self.refuse(f"more than {limits.max_dice_total:,} dice in one expression", at, _SPLIT)
        draws = count
        if term.reroll is not None:
            draws *= 1 + (1 if term.reroll.once else limits.max_rerolls)
        if term.explode is not None:
            draws *= 1 + explosion_cap(term, limits)
        self.potential += draws
        if self.potential > limits.max_dice_total:
            self.refuse(
                f"one roll of this expression could draw {self.potential:,} dice with its rerolls and explosions "
                f"(a die rerolls at most {limits.max_rerolls} times, a chain of explosions adds at most "
                f"{limits.max_explosions} dice); the limit is {limits.max_dice_total:,}",
                at,
                _SPLIT,
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
            if word.startswith(("ro", "rr", "r")):
                self.once("reroll", found, mod_at, "give one reroll: r<3 rerolls 1s and 2s")
                self.allow("reroll", mod_at)
                once = word.startswith("ro")
                self.pos += 2 if word.startswith(("ro", "rr")) else 1
                written = "ro" if once else "r"
                face = self.face(f"the faces to reroll after '{written}', like {written}1 or {written}<3")
                found["reroll"] = Reroll(once, face or Condition("=", term.low)), mod_at
            elif word.startswith(("!", "xo")):
                self.once("explode", found, mod_at, "give one explosion: ! for a new die, !! to add to the same die")
                self.allow("explode", mod_at)
                kind: ExplodeKind = "xo" if word.startswith("xo") else "!!" if word.startswith("!!") else "!"
                self.pos += 1 if kind == "!" else 2
                face = self.face(f"the faces that explode after '{kind}', like {kind}6 or {kind}>4")
                found["explode"] = Explode(kind, face), mod_at
            elif word.startswith(("mi", "ma")):
                name = "floor" if word.startswith("mi") else "ceiling"
                self.once(name, found, mod_at, f"give one {name}")
                self.allow("clamp", mod_at)
                self.pos += 3 if word in ("min", "max") else 2
                written = word[:2]
                value, _ = self.signed(f"the {name} after '{written}', like 8d6{written}2")
                found[name] = value, mod_at
            elif word[:1] in ("k", "p") or (word[:1] == "d" and self.drop_follows()):
                self.once("keep", found, mod_at, "keep or drop once: 4d6kh3")
                found["keep"] = self.keep(term.count, mod_at), mod_at
            elif word[:1] in ("<", ">", "=") and "success" not in found:
                self.allow("success", mod_at)
                found["success"] = self.condition("a number after the comparison, like 8d10>=7"), mod_at
            elif word[:1] == "f":
                if "success" not in found:
                    self.fail("'f' counts failures after a success count, like 8d10>=7f1")
                self.once("failure", found, mod_at, "give one failure count")
                self.pos += 1
                found["failure"] = self.face("the failure after 'f', like f1 or f<=2", required=True), mod_at
            else:
                break
        return self.checked_term(term, found)

    def once(self, name: str, found: dict[str, Any], at: int, tip: str) -> None:
        if name in found:
            self.fail(f"this dice term has two {name}s", at, tip=tip)

    def drop_follows(self) -> bool:
        """Whether the 'd' at the current position is a drop (``4d6d1``, as Roll20 and Foundry read it)."""
        rest = self.text[self.pos + 1 :].lstrip(_SPACE)
        return rest[:1] in tuple(_DIGITS) or rest[:1].lower() in ("h", "l")

    def keep(self, count: int, at: int, what: tuple[str, str] = ("die", "dice")) -> Keep:
        self.allow("keep", at)
        written = self.ahead(2)
        if written in _KEEP_WORDS:
            mode = _KEEP_WORDS[written]
            self.pos += 2
        elif written[:1] == "k":
            mode, written = "kh", "k"
            self.pos += 1
        elif written[:1] == "d":
            mode, written = "dl", "d"
            self.pos += 1
        else:
            self.fail(
                "'p' drops dice with h or l after it: ph1 drops the highest, pl1 the lowest",
                tip="as Avrae writes it: 4d6pl1 is 4d6dl1",
            )
        verb = "keep" if mode[0] == "k" else "drop"
        example = "4d6" + written + "3" if what[0] == "die" else "(1d4,1d6,1d8)" + written + "2"
        n, n_at = self.integer(f"how many {what[1]} to {verb} after '{written}', like {example}")
        things = what[0] if count == 1 else what[1]
        if verb == "keep" and not 1 <= n <= count:
            self.fail(f"cannot keep {n} of {count} {things}; keep 1 to {count}", n_at)
        if verb == "drop" and not 1 <= n < count:
            allowed = f"a single {what[0]} has none to drop" if count == 1 else f"drop 1 to {count - 1}"
            self.fail(f"cannot drop {n} of {count} {things}; {allowed}", n_at)
        return Keep(mode, n)

    def checked_term(self, term: DiceTerm, found: dict[str, Any]) -> DiceTerm:
        """The term with its modifiers, refused where they cannot work on its dice."""
        values = {name: value for name, (value, _) in found.items()}
        term = DiceTerm(term.count, term.sides, fudge=term.fudge, **values)
        every = (term.low, term.high)
        die = "a dF" if term.fudge else f"a d{term.sides}"
        shows = "-1, 0 or +1" if term.fudge else f"1 to {term.sides}"
        if term.reroll is not None:
            rerolled = faces_meeting(term, term.reroll.condition)
            at = found["reroll"][1]
            if rerolled is None:
                self.fail(f"{die} shows {shows}: no face is {term.reroll.condition.sign()}, so nothing is rerolled", at)
            if rerolled == every:
                self.fail(
                    f"{die} shows {shows}: every face is {term.reroll.condition.sign()}, so no die would stand", at
                )
        if term.explode is not None:
            boom = faces_meeting(term, term.explode.condition)
            at = found["explode"][1]
            cond = term.explode.condition
            if boom is None:
                assert cond is not None
                self.fail(f"{die} shows {shows}: no face is {cond.sign()}, so nothing explodes", at)
            if boom == every:
                shown = f"is {cond.sign()}" if cond is not None else "is its highest"
                self.fail(f"{die} shows {shows}: every face {shown}, so it would explode for ever", at)
        if term.floor is not None and term.ceiling is not None and term.floor > term.ceiling:
            self.fail(f"the floor {term.floor} is above the ceiling {term.ceiling}", found["floor"][1])
        if term.success is not None and term.failure is not None:
            self.no_overlap(term.success, term.failure, found["failure"][1])
        return term

    def no_overlap(self, success: Condition, failure: Condition, at: int) -> None:
        (s_low, s_high), (f_low, f_high) = success.interval(), failure.interval()
        low = max(x for x in (s_low, f_low) if x is not None) if s_low is not None or f_low is not None else None
        high = min(x for x in (s_high, f_high) if x is not None) if s_high is not None or f_high is not None else None
        if low is None or high is None or low <= high:
            self.fail("a die cannot be both a success and a failure: the two counts overlap", at)
