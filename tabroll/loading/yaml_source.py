"""Read one YAML scenario safely and remember where every value came from.

Scenario files come from players, forums and chat messages, so this module treats them as hostile:

* the size is capped before and while reading, and the text must be UTF-8 (a BOM is accepted);
* only PyYAML's *safe* parser is used, and only its event stream: we build plain Python values
  ourselves instead of calling ``yaml.compose`` or ``yaml.load``. Composing recurses once per nesting
  level (the C composer crashes the interpreter on ~100,000 nested ``[``); the event stream does not,
  so we stop at :attr:`YamlLimits.max_depth` before anything deep exists;
* aliases are counted with their expanded size, so an alias bomb is refused after a few dozen events;
* duplicate keys, non-text keys, tags and a second document are refused rather than silently accepted.

Rulings: merge keys (``<<: *base`` or ``<<: [*a, *b]``) are supported with YAML 1.1 semantics — keys
written in the mapping itself win over merged ones, earlier merge sources win over later ones.
Timestamps (``2024-05-01``) stay text, exactly as written. ``!!binary``, ``!!set``, ``!!omap``,
``!!pairs``, every ``!!python/...`` tag and any custom tag are refused. A value reached through an
alias is a fresh copy, so :attr:`YamlDocument.data` is always a plain tree."""

from __future__ import annotations

import codecs
import difflib
import math
import os
import re
import stat
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

import msgspec
import msgspec.structs
import yaml
from yaml import events as ev

from tabroll.errors import InputError, Location
from tabroll.i18n import N_, _
from tabroll.loading.document import (
    LineColumn,
    PathLike,
    YamlDocument,
    command_line_document,
    format_path,
    unpacked_line_column,
)

__all__ = [
    "DEFAULT_LIMITS",
    "YamlDocument",
    "YamlLimits",
    "command_line_document",
    "format_path",
    "load_yaml_file",
    "load_yaml_text",
]


class YamlLimits(msgspec.Struct, frozen=True):  # compared (the tests), never shown
    """Caps that keep a hostile file from exhausting time or memory."""

    max_bytes: int = 2 * 1024 * 1024
    max_depth: int = 64  # nesting of mappings and lists, counted after alias expansion
    max_nodes: int = 200_000  # values and keys, counted after alias expansion
    max_aliases: int = 1_000  # uses of '*name'
    max_scalar_chars: int = 100_000
    max_int_digits: int = 30  # checked before the text is converted


DEFAULT_LIMITS: Final = YamlLimits()

# Every message this module shows, by kind: kind -> (message, tip), each marked to be translated where shown.
_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "too_big": (
        N_("the file is {size:,} bytes or more; tabroll reads at most {limit:,} bytes"),
        N_("a scenario file is far smaller than this; check that it is the right file"),
    ),
    "missing": (N_("the file does not exist"), "{hint}"),
    "folder": (N_("this is a folder, not a file"), N_("give the path of a .yaml file inside it")),
    "not_regular": (
        N_("this is not a regular file (a pipe, a device or a socket)"),
        N_("save the scenario to a file, or pipe it to '-'"),
    ),
    "denied": (N_("tabroll may not read this file (permission denied)"), N_("check the file's permissions")),
    "unreadable": (N_("the file could not be read: {why}"), N_("check that the path names a readable file")),
    "no_stdin": (N_("there is no standard input to read"), N_("pass a file name instead of '-'")),
    "tty": (
        N_("standard input is a terminal, not a file"),
        N_("pipe a scenario in ('tabroll ... - < scenario.yaml') or pass a file name"),
    ),
    "utf16": (N_("the file is saved as UTF-16, not UTF-8"), N_("save the file as UTF-8")),
    "not_utf8": (
        N_("the file is not UTF-8: byte 0x{byte:02x} at byte offset {offset:,} (line {line}, column {column})"),
        N_("save the file as UTF-8"),
    ),
    "not_utf8_stdin": (N_("standard input is not valid UTF-8"), N_("save the file as UTF-8")),
    "empty": (N_("the file is empty"), N_("write the scenario as 'key: value' lines")),
    "no_document": (
        N_("the file holds no YAML document, only comments or blank lines"),
        N_("write the scenario as 'key: value' lines"),
    ),
    "bad_char": (
        N_("the file contains {what} (U+{code:04X}), which YAML does not allow"),
        N_("remove it; if the file is not text, check that it is the right file"),
    ),
    "syntax": (N_("YAML syntax error: {plain}{snippet}"), "{hint}"),
    "not_yaml": (N_("the file is not valid YAML: {why}"), ""),
    "deep_python": (N_("the file is nested too deeply to read"), N_("flatten the structure")),
    "memory": (N_("the file needs more memory than tabroll may use"), N_("use a smaller file")),
    "second_doc": (
        N_("the file holds more than one YAML document (a second one starts here)"),
        N_("tabroll reads one scenario per file; split the documents into separate files"),
    ),
    "python_tag": (
        N_("the tag '{tag}' is not allowed: tabroll never builds Python objects from a file"),
        N_("remove the tag"),
    ),
    "tag": (
        N_("tabroll does not read YAML tags such as '{tag}'"),
        N_("remove the tag and write the value as plain text, a number, a list or a mapping"),
    ),
    "surrogate": (
        N_("this value holds an escape of a lone surrogate (U+{code:04X}), which is not a character"),
        N_("remove the escape; write the character itself, or its full \\U00XXXXXX escape"),
    ),
    "long_text": (
        N_("this value is {size:,} characters long; tabroll reads at most {limit:,}"),
        N_("shorten it, or check that this is the right file"),
    ),
    "key_kind": (N_("the key {key!r} is read as {reads_as}, not as a name"), N_('put the key in quotes: "{key}": ...')),
    "big_int": (
        N_("this whole number has {digits:,} digits; tabroll reads at most {limit}"),
        N_("check the value; no game needs numbers that large"),
    ),
    "bad_tagged": (N_("{text!r} is marked as {reads_as} but is not one"), N_("remove the {tag} tag, or fix the value")),
    "depth": (
        N_("the file nests {depth} levels deep; tabroll reads at most {limit}"),
        N_("scenario files need only a few levels; look for runaway brackets or indentation"),
    ),
    "alias_depth": (
        N_("using the alias '*{name}' here nests the file {depth} levels deep; tabroll reads at most {limit}"),
        N_("use the alias at a shallower place"),
    ),
    "nodes": (
        N_("the file expands to at least {count:,} values; tabroll reads at most {limit:,}"),
        N_("every alias (*name) copies its anchored value; use fewer aliases or a smaller file"),
    ),
    "nodes_plain": (  # the same limit met by a file with no alias: it is simply that large
        N_("the file expands to at least {count:,} values; tabroll reads at most {limit:,}"),
        N_("no scenario needs that many: split the file into smaller ones"),
    ),
    "aliases": (
        N_("the file uses at least {count:,} aliases (*name); tabroll reads at most {limit:,}"),
        N_("write the values out, or split the file"),
    ),
    "complex_key": (N_("a list or mapping cannot be a key"), N_("keys are plain names such as 'hp'")),
    "self_alias": (
        N_("the alias '*{name}' is used inside its own anchor '&{name}'"),
        N_("a value cannot contain itself; copy the part you need instead"),
    ),
    "no_anchor": (N_("the alias '*{name}' refers to no anchor defined above it"), "{hint}"),
    "alias_key": (
        N_("the alias '*{name}' cannot be a key: it does not stand for plain text"),
        N_("keys are plain names such as 'hp'"),
    ),
    "duplicate": (
        N_("duplicate key {key!r} (first at line {line})"),
        N_("a key may appear only once in a mapping; remove or rename one of them"),
    ),
    "bad_merge": (
        N_("the merge key '<<' needs a mapping or a list of mappings"),
        N_("write '<<: *base' where '&base' names a mapping"),
    ),
}
"""A tip of ``"{hint}"`` is the hint given, already in the language."""

# How the parsers (libyaml, then PyYAML) word syntax problems -> plain words | tip.
_SYNTAX: Final = [
    (
        "mapping values are not allowed",
        N_("a ':' that cannot start a value"),
        N_("quote text with ': ', or fix indents"),
    ),
    ("found unexpected end of stream", N_("the file ends inside quoted text"), N_("close the quotes")),
    (
        "unknown escape",
        N_("an unknown escape in double-quoted text"),
        N_("use single quotes, or write a backslash as \\\\\\\\"),
    ),
    (
        "did not find expected key",
        N_("this line does not fit the mapping above it"),
        N_("check the indentation of this line"),
    ),
    (
        "expected <block end>",
        N_("this line does not fit the indentation above it"),
        N_("check the indentation of this line"),
    ),
    (
        "did not find expected '-'",
        N_("expected a list item starting with '- '"),
        N_("check the indentation of this line"),
    ),
    ("could not find expected ':'", N_("expected 'key: value' (a ':' is missing)"), N_("add the ':' after the key")),
    ("expected ',' or ']'", N_("expected ',' or ']' here"), N_("close the list with ']', or add the missing ','")),
    ("expected ',' or '}'", N_("expected ',' or '}' here"), N_("close the mapping with '}', or add the missing ','")),
    ("document start", N_("unexpected text after the end of the document"), N_("remove the stray text")),
    ("node content", N_("a value is missing here"), N_("write a value, or put quotes around text")),
    (
        "alphabetic or numeric",
        N_("an anchor or alias name is missing after '&' or '*'"),
        N_("name it, or quote the text"),
    ),
    ("found unexpected ':'", N_("a ':' in the wrong place"), N_("put quotes around text that contains ':'")),
]
_CONTEXT: Final = {
    "block mapping": N_("(in the mapping that starts at line {line})"),
    "flow mapping": N_("(in the '{{...}}' mapping that starts at line {line})"),
    "flow sequence": N_("(in the '[...]' list that starts at line {line})"),
    "block collection": N_("(in the list that starts at line {line})"),
    "quoted scalar": N_("(in the quoted text that starts at line {line})"),
}

# The C parser is faster; both emit the same events with 0-based character marks (tests swap them).
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER: Final = yaml.resolver.Resolver()
_resolve: Final[Callable[[type, str, Any], str]] = _RESOLVER.resolve
# The first characters of the texts YAML may read as something other than text (a digit, a sign, 't' of true...):
# a plain scalar starting with any other is text without trying the patterns (the unit names of a large file).
_MAY_RESOLVE: Final = (
    frozenset(k for k in _RESOLVER.yaml_implicit_resolvers if k)
    if None not in _RESOLVER.yaml_implicit_resolvers
    else None
)
_CONSTRUCTOR: Final = yaml.constructor.SafeConstructor()
_Y: Final = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL, _TIME, _MERGE_TAG, _SEQ, _MAP = (
    _Y + t for t in ("str", "int", "float", "bool", "null", "timestamp", "merge", "seq", "map")
)
_SCALAR_TAGS: Final = {_STR, _INT, _FLOAT, _BOOL, _NULL, _TIME, _MERGE_TAG}
_KIND: Final = {_INT: N_("a number"), _FLOAT: N_("a number"), _BOOL: N_("true/false"), _NULL: N_("an empty value")}
# What YAML refuses to read, plus a byte-order mark anywhere but the start (libyaml refuses that too): the
# complement of YAML's allowed set (checked by the tests), which compiles far faster than a negated class. Written
# with the regex engine's escapes (a raw string): a literal holding surrogates crashes mypy 2.0's cache.
_BAD_CHAR_PATTERN: Final = r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufeff\ufffe\uffff]"
_BAD_ASCII: Final = re.compile("[^\t\n\r\x20-\x7e]")
_SURROGATE: Final = r"[\ud800-\udfff]"  # compiled (and kept by re) for the text that needs it, as the two below


def _bad_char(text: str) -> re.Match[str] | None:
    """The first character YAML may not contain. ASCII text (the usual file) is checked with a small pattern;
    the one for all of Unicode is built only for text that needs it."""
    if text.isascii():
        return _BAD_ASCII.search(text)
    return re.compile(_BAD_CHAR_PATTERN).search(text)


_LINE_BREAK: Final = "\r\n|[\r\n\x85\u2028\u2029]"  # where an error is placed
_NO_KEY: Final = object()  # a mapping waits for its next key
_MERGE_KEY: Final = object()  # a mapping reads the value of its '<<' merge key


def _clip(text: str, size: int = 40) -> str:
    """Text short enough to quote in a message."""
    return text if len(text) <= size else text[: size - 3] + "..."


def _error(kind: str, source: str, at: LineColumn | None = None, path: PathLike = (), **fields: Any) -> InputError:
    msg, tip = _TEXTS[kind]
    line, column = at if at is not None else (None, None)
    name = format_path(path)
    name = name if len(name) <= 120 else f"{name[:40]}...{name[-60:]}"
    where = Location(source, line, column, name or None)
    shown_tip = _(tip, **fields) if tip else fields.get("hint")
    return InputError(_(msg, **fields), tip=shown_tip or None, location=where)


class _Pos(msgspec.Struct, eq=False):  # bookkeeping, like _Anchor: never compared nor shown
    """Where one collection starts, and where its keys and children are. A scalar's position is only its line and
    column, packed in one int: a large file has hundreds of thousands of values, so each costs as little as it
    can."""

    line: int
    column: int
    keys: dict[str, int] = msgspec.field(default_factory=dict)  # mapping key -> position of the key itself, packed
    children: dict[str, ValuePosition] | list[ValuePosition] | None = None


ValuePosition = _Pos | int  # where a value is: a collection's position, or a scalar's line and column packed in an int


def _packed(at: LineColumn) -> int:
    """A line and column in one int (smaller than a tuple of two, kept for every value of a file)."""
    return at[0] << 32 | at[1]


def _line_col(text_before: str) -> LineColumn:
    """1-based line and column of the character that follows ``text_before``."""
    breaks = list(re.finditer(_LINE_BREAK, text_before))
    start = breaks[-1].end() if breaks else 0
    return len(breaks) + 1, len(text_before) - start + 1


def _snippet(lines: list[str], line: int, column: int) -> str:
    """The offending line, cut to a window around the column, with a caret under the column."""
    if not 1 <= line <= len(lines) or not lines[line - 1].strip():
        return ""
    src, first = lines[line - 1], max(0, column - 61)
    lead, tail = ("..." if first else ""), ("..." if first + 100 < len(src) else "")
    shown = src[first : first + 100].replace("\t", " ")
    return f"\n    {lead}{shown}{tail}\n    {' ' * (len(lead) + column - 1 - first)}^"


def _syntax_error(err: yaml.MarkedYAMLError, text: str, source: str) -> InputError:
    mark = err.problem_mark or err.context_mark
    problem = (err.problem or err.context or "the text is not valid YAML").strip()
    plain, hint = problem, _("compare the line with a working example")
    at = (mark.line + 1, mark.column + 1) if mark is not None else None
    lines = re.split(_LINE_BREAK, text)
    char = lines[at[0] - 1][at[1] - 1 : at[1]] if at and at[0] <= len(lines) else ""
    if "cannot start any token" in problem and char == "\t":
        plain, hint = _("a tab character here; YAML indents with spaces only"), _("replace the tabs with spaces")
    elif "cannot start any token" in problem and char:
        plain, hint = _("{char!r} cannot start a value", char=char), _("put quotes around the value")
    elif "cannot start any token" in problem:
        plain, hint = _("this character cannot start a value"), _("put quotes around the value")
    else:
        plain, hint = next(((_(w), _(h)) for needle, w, h in _SYNTAX if needle in problem), (plain, hint))
    ctx = err.context_mark
    what = next((w for needle, w in _CONTEXT.items() if needle in (err.context or "")), None)
    if what and ctx is not None and at and ctx.line + 1 != at[0]:
        plain += " " + _(what, line=ctx.line + 1)
    snippet = _snippet(lines, *at) if at else ""
    return _error("syntax", source, at, plain=plain, snippet=snippet, hint=hint)


# Bookkeeping never compared or shown: no __eq__ or __repr__ is generated for it (each costs at start-up).
class _Anchor(msgspec.Struct, eq=False):
    value: Any
    pos: ValuePosition
    size: int  # nodes once expanded
    height: int  # nesting levels, this node included
    key_text: str | None  # the text, when the anchored node is a string and so may serve as a key


class _Frame(msgspec.Struct, eq=False):  # bookkeeping too, like _Anchor
    """An open mapping or list while its events arrive."""

    is_map: bool
    pos: _Pos
    path: tuple[str | int, ...]
    anchor: str | None
    nodes_before: int
    items: list[Any] = msgspec.field(default_factory=list)
    entries: dict[str, Any] = msgspec.field(default_factory=dict)  # keys written in the mapping itself
    merges: list[tuple[Any, _Pos]] = msgspec.field(default_factory=list)  # each merged mapping and its position
    height: int = 0
    pending: object = _NO_KEY  # the key whose value comes next
    pending_at: LineColumn = (0, 0)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


_DECIMAL: Final = re.compile("0|[1-9][0-9]*")
_RESOLVED: dict[tuple[str, Any], str] = {}  # a plain scalar's tag, by its text and how it was written


def _resolved(text: str, implicit: Any) -> str:
    """The tag YAML gives a scalar written without one; the tags of short texts are kept (a file of 20,000 units
    writes the same few keys and values again and again, and resolving is a search through YAML's patterns)."""
    if not implicit[0] or (_MAY_RESOLVE is not None and text and text[0] not in _MAY_RESOLVE):
        return _STR  # quoted text, or plain text that no pattern reads as anything else
    found = _RESOLVED.get((text, implicit))
    if found is None:
        found = _resolve(yaml.ScalarNode, text, implicit)
        if len(text) <= 32 and len(_RESOLVED) < 4096:
            _RESOLVED[(text, implicit)] = found
    return found


def _int_digits(text: str) -> int:
    """An upper bound on the decimal digits of a YAML 1.1 integer, found without converting it."""
    v = text.replace("_", "").lstrip("+-")
    for prefix, scale in (("0b", math.log10(2)), ("0x", math.log10(16))):
        if v.startswith(prefix):
            return math.ceil(len(v[2:].lstrip("0")) * scale)
    return sum(c.isdigit() for c in v.lstrip("0"))


class _Builder:
    """Turns the parser's events into plain data and positions, enforcing every limit on the way."""

    def __init__(self, source: str, limits: YamlLimits) -> None:
        self.source, self.limits = source, limits
        self.stack: list[_Frame] = []
        self.anchors: dict[str, _Anchor] = {}
        self.open_anchors: set[str] = set()
        self.nodes = self.aliases = 0
        self.root: tuple[Any, ValuePosition] | None = None

    def fail(self, kind: str, at: LineColumn, path: PathLike | None = None, **fields: Any) -> InputError:
        return _error(kind, self.source, at, self.here() if path is None else path, **fields)

    def here(self) -> tuple[str | int, ...]:
        """The path of the value that comes next."""
        if not self.stack:
            return ()
        top = self.stack[-1]
        if not top.is_map:
            return (*top.path, len(top.items))
        if top.pending is _MERGE_KEY:
            return (*top.path, "<<")
        return (*top.path, top.pending) if isinstance(top.pending, str) else top.path

    def key_expected(self) -> _Frame | None:
        top = self.stack[-1] if self.stack else None
        return top if top is not None and top.is_map and top.pending is _NO_KEY else None

    def count(self, n: int, at: LineColumn) -> None:
        self.nodes += n
        if self.nodes > self.limits.max_nodes:
            kind = "nodes" if self.aliases else "nodes_plain"
            raise self.fail(kind, at, count=self.nodes, limit=self.limits.max_nodes)

    def run(self, loader: Any) -> tuple[Any, ValuePosition] | None:
        get_event, plain = loader.get_event, self.plain
        while not isinstance(event := get_event(), ev.StreamEndEvent):
            if type(event) is ev.ScalarEvent and plain(event):
                continue
            at = (event.start_mark.line + 1, event.start_mark.column + 1)
            if isinstance(event, ev.DocumentStartEvent) and self.root is not None:
                raise self.fail("second_doc", at, ())
            if isinstance(event, ev.ScalarEvent):
                self.scalar(event, at)
            elif isinstance(event, ev.AliasEvent):
                self.alias(event.anchor or "", at)
            elif isinstance(event, ev.SequenceStartEvent | ev.MappingStartEvent):
                self.start(event, at)
            elif isinstance(event, ev.CollectionEndEvent):
                self.end()
        return self.root

    def plain(self, event: ev.ScalarEvent) -> bool:
        """Take the usual value at once, if ``event`` is one, and say whether it was: short ASCII text (plain or
        quoted) or a short decimal, with no tag and no anchor, as a list's item, a key or a key's value (a file of
        20,000 units is 140,000 of them). Every limit and check of :meth:`scalar` holds for it: the count is below
        its limit, the text is short and ASCII (so no surrogate), its tag is text or a decimal int, a key is new."""
        text, implicit, stack = event.value, event.implicit, self.stack
        if event.tag is not None or event.anchor is not None or not stack or self.nodes >= self.limits.max_nodes:
            return False
        if len(text) > 32 or not text.isascii():
            return False
        tag: str | None = _STR  # quoted, or plain text no pattern reads as anything else
        if implicit[0] and (_MAY_RESOLVE is None or not text or text[0] in _MAY_RESOLVE):
            tag = _RESOLVED.get((text, implicit))
        if tag == _INT and len(text) <= self.limits.max_int_digits and _DECIMAL.fullmatch(text):
            value: str | int = int(text)
        elif tag == _STR:
            value = text
        else:
            return False
        top, mark = stack[-1], event.start_mark
        if mark is None:
            return False
        packed = (mark.line + 1) << 32 | (mark.column + 1)
        children = top.pos.children
        if type(children) is list:
            top.items.append(value)
            children.append(packed)
        elif top.pending is _NO_KEY and tag == _STR:
            top.pending, top.pending_at = sys.intern(text), (mark.line + 1, mark.column + 1)
        elif type(top.pending) is str and type(children) is dict and top.pending not in top.entries:
            key, top.pending = top.pending, _NO_KEY
            top.entries[key] = value
            top.pos.keys[key], children[key] = _packed(top.pending_at), packed
        else:
            return False
        self.nodes += 1
        return True

    def check_tag(self, tag: str, allowed: set[str], at: LineColumn) -> None:
        if tag not in allowed:
            short = "!!" + tag.removeprefix(_Y) if tag.startswith(_Y) else tag
            raise self.fail("python_tag" if short.startswith("!!python/") else "tag", at, tag=short)

    def scalar(self, event: ev.ScalarEvent, at: LineColumn) -> None:
        self.count(1, at)
        text, tag = event.value, event.tag
        if len(text) > self.limits.max_scalar_chars:
            raise self.fail("long_text", at, size=len(text), limit=self.limits.max_scalar_chars)
        if not text.isascii() and (lone := re.search(_SURROGATE, text)) is not None:  # "\uDCFF" in quotes
            raise self.fail("surrogate", at, code=ord(lone.group()))
        if tag is None or tag == "!":
            tag = _resolved(text, event.implicit)
        self.check_tag(tag, _SCALAR_TAGS, at)
        if (top := self.key_expected()) is not None:
            if tag in _KIND:
                raise self.fail("key_kind", at, top.path, key=_clip(text), reads_as=_(_KIND[tag]))
            text = sys.intern(text)  # a key written on every unit is one string, not one per unit
            top.pending, top.pending_at = (_MERGE_KEY if tag == _MERGE_TAG else text), at
            if event.anchor:
                self.anchors[event.anchor] = _Anchor(text, _packed(at), 1, 0, text)
            return
        value = self.construct(tag, text, at)
        if event.anchor:
            key_text = value if isinstance(value, str) else None
            self.anchors[event.anchor] = _Anchor(value, _packed(at), 1, 0, key_text)
        self.attach(value, _packed(at), 0)

    def construct(self, tag: str, text: str, at: LineColumn) -> Any:
        if tag == _NULL:
            return None
        if tag == _INT and _DECIMAL.fullmatch(text) and len(text) <= self.limits.max_int_digits:
            return int(text)  # a plain decimal, as YAML reads it (0 first is octal: not this way)
        if tag == _INT and (digits := _int_digits(text)) > self.limits.max_int_digits:
            raise self.fail("big_int", at, digits=digits, limit=self.limits.max_int_digits)
        try:
            if tag == _BOOL:
                return _CONSTRUCTOR.bool_values[text.lower()]
            if tag == _INT:
                return _CONSTRUCTOR.construct_yaml_int(yaml.ScalarNode(tag, text))
            if tag == _FLOAT:
                return _CONSTRUCTOR.construct_yaml_float(yaml.ScalarNode(tag, text))
        except (ValueError, IndexError, KeyError, OverflowError):
            raise self.fail(
                "bad_tagged", at, text=_clip(text), reads_as=_(_KIND[tag]), tag="!!" + tag.removeprefix(_Y)
            ) from None
        return text  # text, a timestamp kept as written, or '<<' used as a value

    def start(self, event: ev.SequenceStartEvent | ev.MappingStartEvent, at: LineColumn) -> None:
        is_map = isinstance(event, ev.MappingStartEvent)
        if (depth := len(self.stack) + 1) > self.limits.max_depth:
            raise self.fail("depth", at, depth=depth, limit=self.limits.max_depth)
        if event.tag is not None and event.tag != "!":
            self.check_tag(event.tag, {_MAP if is_map else _SEQ}, at)
        if (top := self.key_expected()) is not None:
            raise self.fail("complex_key", at, top.path)
        self.count(1, at)
        if event.anchor:
            self.open_anchors.add(event.anchor)
        pos = _Pos(*at, children={} if is_map else [])
        self.stack.append(_Frame(is_map, pos, self.here(), event.anchor, self.nodes - 1))

    def end(self) -> None:
        frame = self.stack.pop()
        value: Any = frame.items
        if frame.is_map and not frame.merges:
            value = frame.entries  # the mapping as written; its positions are already in frame.pos
        elif frame.is_map:  # merged keys first (earlier sources win), then the mapping's own keys win
            value, keys, kids = {}, {}, {}
            for source, src in frame.merges:
                for key in (k for k in source if k not in value):
                    value[key], keys[key] = source[key], src.keys[key]
                    kids[key] = src.children[key] if isinstance(src.children, dict) else src
            value.update(frame.entries)
            keys.update(frame.pos.keys)
            kids.update(frame.pos.children if isinstance(frame.pos.children, dict) else {})
            frame.pos.keys, frame.pos.children = keys, kids
        height = frame.height + 1
        if frame.anchor:
            self.open_anchors.discard(frame.anchor)
            self.anchors[frame.anchor] = _Anchor(value, frame.pos, self.nodes - frame.nodes_before, height, None)
        self.attach(value, frame.pos, height)

    def alias(self, name: str, at: LineColumn) -> None:
        self.aliases += 1
        if self.aliases > self.limits.max_aliases:
            raise self.fail("aliases", at, count=self.aliases, limit=self.limits.max_aliases)
        anchor = self.anchors.get(name)
        if anchor is None and name in self.open_anchors:
            raise self.fail("self_alias", at, name=name)
        if anchor is None:
            close = difflib.get_close_matches(name, list(self.anchors), n=1)
            hint = (
                _("did you mean '*{name}'?", name=close[0])
                if close
                else _("define '&name' on a value above the '*name'")
            )
            raise self.fail("no_anchor", at, name=name, hint=hint)
        if (top := self.key_expected()) is not None:
            if anchor.key_text is None:
                raise self.fail("alias_key", at, top.path, name=name)
            self.count(1, at)
            top.pending, top.pending_at = anchor.key_text, at
            return
        if (depth := len(self.stack) + anchor.height) > self.limits.max_depth:
            raise self.fail("alias_depth", at, name=name, depth=depth, limit=self.limits.max_depth)
        self.count(anchor.size, at)  # checked before copying, so a bomb never expands
        shown = _Pos(*at, anchor.pos.keys, anchor.pos.children) if isinstance(anchor.pos, _Pos) else _packed(at)
        self.attach(_copy(anchor.value), shown, anchor.height)

    def attach(self, value: Any, pos: ValuePosition, height: int) -> None:
        if not self.stack:
            self.root = (value, pos)
            return
        top = self.stack[-1]
        top.height = max(top.height, height)
        if isinstance(top.pos.children, list):
            top.items.append(value)
            top.pos.children.append(pos)
            return
        key, at = top.pending, top.pending_at
        top.pending = _NO_KEY
        if key is _MERGE_KEY:
            kids = pos.children if isinstance(pos, _Pos) else None
            sources = list(zip(value, kids, strict=True)) if isinstance(kids, list) else []
            sources = [(value, pos)] if isinstance(value, dict) else sources
            if not sources or not all(
                isinstance(source, dict) and isinstance(where, _Pos) for source, where in sources
            ):
                raise self.fail("bad_merge", at, (*top.path, "<<"))
            top.merges.extend((source, where) for source, where in sources if isinstance(where, _Pos))
        elif isinstance(key, str) and isinstance(top.pos.children, dict):
            if key in top.entries:
                raise self.fail(
                    "duplicate", at, (*top.path, key), key=_clip(key), line=unpacked_line_column(top.pos.keys[key])[0]
                )
            top.entries[key], top.pos.keys[key], top.pos.children[key] = value, _packed(at), pos


def _decode(raw: bytes, source: str) -> str:
    skip = len(codecs.BOM_UTF8) if raw.startswith(codecs.BOM_UTF8) else 0
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise _error("utf16", source)
    try:
        return raw[skip:].decode("utf-8")
    except UnicodeDecodeError as err:
        bad = skip + err.start
        line, column = _line_col(raw[skip:bad].decode("utf-8"))
        raise _error("not_utf8", source, (line, column), byte=raw[bad], offset=bad, line=line, column=column) from None


def _parse(text: str, source: str, limits: YamlLimits) -> YamlDocument:
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise _error("empty", source)
    if (bad := _bad_char(text)) is not None:
        char = bad.group()
        what = _("a lone surrogate") if "\ud800" <= char <= "\udfff" else _("a control character")
        raise _error("bad_char", source, _line_col(text[: bad.start()]), what=what, code=ord(char))
    try:
        result = _events_to_values(_LOADER, text, source, limits)
    except yaml.YAMLError:
        if _LOADER is yaml.SafeLoader:
            raise
        # libyaml has limits and wording of its own; the pure-Python parser reads the same grammar without them,
        # so tabroll's own checks speak first and messages stay the same whatever libyaml is installed.
        result = _events_to_values(yaml.SafeLoader, text, source, limits)
    if result is None:
        raise _error("no_document", source)
    return YamlDocument(result[0], source, result[1])


def _events_to_values(
    loader_class: Any, text: str, source: str, limits: YamlLimits
) -> tuple[Any, ValuePosition] | None:
    """Build the values from ``loader_class``'s event stream. A YAML error escapes only from the C parser, so
    the caller can read the text again with the pure-Python one; from that one it becomes an :class:`InputError`."""
    loader = None
    try:
        loader = loader_class(text)
        return _Builder(source, limits).run(loader)
    except yaml.YAMLError as err:
        if loader_class is not yaml.SafeLoader:
            raise
        if isinstance(err, yaml.MarkedYAMLError):
            raise _syntax_error(err, text, source) from None
        raise _error("not_yaml", source, why=err) from None
    except RecursionError:
        raise _error("deep_python", source) from None
    except MemoryError:
        raise _error("memory", source) from None
    finally:
        if loader is not None:
            loader.dispose()


def load_yaml_text(text: str | bytes, *, source: str = "<string>", limits: YamlLimits = DEFAULT_LIMITS) -> YamlDocument:
    """Parse YAML given as ``str`` or as UTF-8 ``bytes``; anything wrong raises :class:`InputError`."""
    size = len(text)
    if isinstance(text, str) and size <= limits.max_bytes and size * 4 > limits.max_bytes:
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > limits.max_bytes:
        raise _error("too_big", source, size=size, limit=limits.max_bytes)
    return _parse(_decode(text, source) if isinstance(text, bytes) else text, source, limits)


def _nearby(path: str) -> str:
    """A tip for a missing file: a similarly named file in the same folder, if there is one."""
    folder, name = os.path.split(path)
    try:
        with os.scandir(folder or ".") as entries:
            names = [entry.name for _, entry in zip(range(2000), entries, strict=False)]
    except OSError:
        names = []
    close = close_file_name(name, names)
    if close:
        return _("did you mean {path!r}?", path=os.path.join(folder, close))
    return _("check the spelling and the folder")


def close_file_name(name: str, names: Sequence[str]) -> str | None:
    """The one name in ``names`` that ``name`` is most likely a slip for, or None.

    Stems are compared (a shared ``.yaml`` makes short names alike), without case, with names of the same ending: a
    near spelling (a typo, a letter left out), or the one stem that holds the typed one whole (``arqueiro`` for
    ``05-projectile-arqueiro``). Where two names are as likely, there is no guess."""
    stem, ending = _split_ending(name)
    split = [(other, *_split_ending(other)) for other in names if other != name]
    same = [(other, other_stem) for other, other_stem, other_ending in split if other_ending == ending]
    if not stem or not same:
        return None
    scored = sorted(((difflib.SequenceMatcher(None, stem, other_stem).ratio(), other) for other, other_stem in same),
                    reverse=True)  # fmt: skip
    best = [other for ratio, other in scored if ratio >= 0.75 and ratio == scored[0][0]]
    if best:
        return best[0] if len(best) == 1 else None  # two as close: no guess
    holding = [other for other, other_stem in same if len(stem) >= 4 and stem in other_stem]
    return holding[0] if len(holding) == 1 else None


def _split_ending(name: str) -> tuple[str, str]:
    stem, dot, ending = name.casefold().rpartition(".")
    return (stem, ending) if dot and stem else (name.casefold(), "")


def _read(name: str, limits: YamlLimits) -> bytes | str:
    """The raw input, at most one byte more than the cap (so an oversized stream is noticed)."""
    if name != "-":
        if os.path.isdir(name):
            raise _error("folder", name)
        info = os.stat(name)
        if not stat.S_ISREG(info.st_mode):  # a FIFO or a device could block forever or never end
            raise _error("not_regular", name)
        if (size := info.st_size) > limits.max_bytes:
            raise _error("too_big", name, size=size, limit=limits.max_bytes)
        with open(name, "rb") as handle:
            return handle.read(limits.max_bytes + 1)
    stream = sys.stdin
    if stream is None or stream.closed:
        raise _error("no_stdin", "<stdin>")
    if stream.isatty():
        raise _error("tty", "<stdin>")
    buffer = getattr(stream, "buffer", None)
    return buffer.read(limits.max_bytes + 1) if buffer is not None else stream.read(limits.max_bytes + 1)


def load_yaml_file(path: str | os.PathLike[str], *, limits: YamlLimits = DEFAULT_LIMITS) -> YamlDocument:
    """Read and parse one scenario file (``"-"`` reads standard input); failures raise :class:`InputError`."""
    name = os.fspath(path)
    source = "<stdin>" if name == "-" else name
    if "\x00" in name:
        raise InputError(
            _("{name!r} is not a usable file name: it contains a NUL byte", name=name), tip=_("check the file name")
        )
    try:
        data = _read(name, limits)
    except FileNotFoundError:
        raise _error("missing", source, hint=_nearby(name)) from None
    except IsADirectoryError:
        raise _error("folder", source) from None
    except PermissionError:
        raise _error("denied", source) from None
    except OSError as err:
        raise _error("unreadable", source, why=err.strerror or err) from None
    except UnicodeDecodeError:  # a text-only standard input that is not UTF-8
        raise _error("not_utf8_stdin", source) from None
    return load_yaml_text(data, source=source, limits=limits)
