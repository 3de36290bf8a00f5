"""A scenario's data and where each value came from: what validation and a game's errors point at, read from a
file by :mod:`.yaml_source` or built from command-line words (:func:`command_line_document`). This module does not
import the YAML reader: an attack typed on the command line is validated without it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import msgspec
import msgspec.structs

from tabroll.errors import InputError, Location
from tabroll.frozen import eq_hash_without

if TYPE_CHECKING:
    from tabroll.loading.yaml_source import ValuePosition

PathLike = Sequence[str | int]
LineColumn = tuple[int, int]  # 1-based line and column
_PLAIN_KEY: Final = r"[^\s.\[\]\"'\\]+"  # a key spelled as it is in a field's path


def format_path(path: PathLike) -> str:
    """Spell a field path the way players read it: ``units[2].stats.ATK`` (odd keys as ``["a b"]``)."""
    out = ""
    for seg in path:
        if isinstance(seg, int) and not isinstance(seg, bool):
            out += f"[{seg}]"
        elif re.fullmatch(_PLAIN_KEY, str(seg)):
            out += f".{seg}" if out else str(seg)
        else:
            out += f"[{json.dumps(str(seg), ensure_ascii=False)}]"
    return out


def unpacked_line_column(at: int) -> LineColumn:
    return at >> 32, at & 0xFFFFFFFF


def _at(node: ValuePosition) -> LineColumn:
    return unpacked_line_column(node) if isinstance(node, int) else (node.line, node.column)


class YamlDocument(msgspec.Struct, frozen=True):
    """A loaded document: plain Python data plus the source position of every value and key."""

    data: Any
    source: str
    positions: ValuePosition | None = None  # not compared

    __eq__, __hash__ = eq_hash_without("positions")

    def _find(self, path: PathLike, *, want_value: bool) -> Location:
        node = self.positions
        where: tuple[int | None, int | None] = _at(node) if node is not None else (None, None)
        for seg in path:
            pos = None if node is None or isinstance(node, int) else node  # a collection's position
            kids = pos.children if pos is not None else None
            if pos is not None and isinstance(kids, dict) and str(seg) in kids:
                key_at, node = unpacked_line_column(pos.keys[str(seg)]), kids[str(seg)]
                where = _at(node) if want_value else key_at
            elif isinstance(kids, list) and type(seg) is int and 0 <= seg < len(kids):
                node = kids[seg]
                where = _at(node)
            else:
                break
        return Location(self.source, where[0], where[1], format_path(path) or None)

    def locate(self, path: PathLike) -> Location:
        """Position of the node at ``path``: of the key when the path ends at a mapping key.

        When the path does not exist (a missing field, say) this is the nearest existing ancestor's
        position; :attr:`Location.field` always spells the whole requested path."""
        return self._find(path, want_value=False)

    def value_position(self, path: PathLike) -> Location:
        """Like :meth:`locate`, but the position of the value rather than of its key."""
        return self._find(path, want_value=True)


COMMAND_LINE: Final = "<command line>"


class _NotPlain(Exception):
    """A value :func:`command_line_document` hands to the YAML round trip."""


def command_line_document(data: Any) -> YamlDocument:
    """A document built from command-line words (a quick attack, a skill test), so it is validated and its
    errors are worded exactly like a file's. It has no lines to point at: errors name ``<command line>`` and
    the field (``units.A.life``), which is what the player typed.

    The data must obey exactly the limits and types of a file. Plain data (below) does, and is copied as it is;
    anything else goes through the YAML writer and reader, which check it as a file's."""
    try:
        return YamlDocument(data=_plain(data, 0, [0]), source=COMMAND_LINE)
    except _NotPlain:
        import yaml

        from tabroll.loading.yaml_source import load_yaml_text

        checked = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source=COMMAND_LINE)
        return YamlDocument(data=checked.data, source=COMMAND_LINE)


def _plain(value: Any, depth: int, seen: list[int]) -> Any:
    """A fresh copy of ``value`` when writing it as YAML and reading it back gives it again, within a file's
    limits: null, true/false, whole numbers, short printable text, and lists and text-keyed mappings of them, not
    deep and not many (the tests compare both ways); else :class:`_NotPlain`."""
    seen[0] += 1
    if seen[0] > 1000 or depth > 32:
        raise _NotPlain
    kind = type(value)
    if value is None or kind is bool or (kind is int and -(10**18) < value < 10**18) or _text(value):
        return value
    if kind is list:
        return [_plain(item, depth + 1, seen) for item in value]
    if kind is dict and all(_text(key) for key in value):
        return {key: _plain(item, depth + 1, seen) for key, item in value.items()}
    raise _NotPlain


def _text(value: Any) -> bool:
    return type(value) is str and len(value) <= 200 and value.isprintable()


_WHOLE_OR_DIE: Final = re.compile(r"(-?(?:0|[1-9][0-9]{0,17}))|(?:[1-9][0-9]{0,5})?d[1-9][0-9]{0,5}")
"""A whole number or a plain die as typed (``3``, ``-2``, ``1d20``, ``d6``): what YAML reads them as is plain (the
number, the text), so they are read without loading the YAML reader (the tests compare the two readings)."""


def cli_value(text: str, *, origin: str, text_if: Callable[[str], bool] | None = None) -> Any:
    """A value typed on the command line (``--set path=[[1, 0]]``, ``--attacker-stat DEF=4``), read as YAML
    with the same limits and errors as a file; blank text stays text. ``origin`` names it in messages.

    ``text_if(text)`` says when the words are meant as text whatever YAML makes of them: a value YAML cannot
    read, or reads as a mapping or a list (the colon of a printed card's ``1d10 (Projectile: Arrow)``), is
    then taken as the text typed. This is the one reader of command-line values every game uses."""
    plain = _WHOLE_OR_DIE.fullmatch(text)
    if plain is not None:
        return text if plain.group(1) is None else int(text)
    if not text.strip():
        return text
    from tabroll.loading.yaml_source import load_yaml_text

    try:
        read = load_yaml_text(text, source=origin).data
    except InputError:
        if text_if is not None and _printable(text) and text_if(text):
            return text.strip()
        raise
    if isinstance(read, dict | list) and text_if is not None and _printable(text) and text_if(text):
        return text.strip()
    return read


def _printable(text: str) -> bool:
    return not any(ord(c) < 32 or ord(c) == 127 for c in text)
