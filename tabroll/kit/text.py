"""Text a game reads: names compared as a player types them, its bundled YAML tables, and an error pointed at the
place in a scenario file it is about."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabroll.errors import InputError

if TYPE_CHECKING:
    from tabroll.loading.document import PathLike, YamlDocument


def plain(text: str, *, spaces: str = "") -> str:
    """Lower case, no accents, single spaces: ``"Opieka  nad zwierzętami"`` → ``"opieka nad zwierzetami"``; ``ł``
    reads as ``l`` (Unicode gives it no accent to take off), each character of ``spaces`` as a space."""
    decomposed = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    for ch in spaces:
        bare = bare.replace(ch, " ")
    return " ".join(bare.split())


def bundled_yaml(module_file: str, name: str) -> Any:
    """The data of the YAML file ``name`` shipped beside the module ``module_file`` (its ``__file__``): read by
    libyaml's safe loader when it is installed (the same data, faster), by PyYAML's own otherwise. Read as a plain
    file, as the game's catalogue is: importlib.resources would add its readers to every command's start-up."""
    import yaml

    text = Path(module_file).with_name(name).read_text(encoding="utf-8")
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def cli_values(
    words: Mapping[str, str],
    *,
    flags: bool = False,
    lists: Collection[str] = (),
    text_if: Callable[[str], Callable[[str], bool] | None] | None = None,
) -> dict[str, Any]:
    """Each ``KEY=VALUE`` typed on the command line read as a file's value (``loading.document.cli_value``, named
    ``command line (KEY)``); ``flags``: options, named ``--move-to`` and stripped; ``lists``: keys whose value may
    be a list with commas (``2,1``); ``text_if(key)``: when that key's words are the text typed."""
    if not words:
        return {}  # nothing typed: the YAML reader is not loaded
    from tabroll.loading.document import cli_value

    read: dict[str, Any] = {}
    for key, value in words.items():
        origin = f"command line ({key})"
        if flags:
            value, origin = value.strip(), f"command line (--{key.replace('_', '-')})"
        if key in lists and value and not value.startswith("["):
            value = f"[{value}]"
        read[key] = cli_value(value, origin=origin, text_if=None if text_if is None else text_if(key))
    return read


class located:
    """``with located(doc, path):`` an :class:`~tabroll.errors.InputError` raised in the block is pointed at
    ``path`` in ``doc`` (a class, not a generator: it wraps every word of every action a file has)."""

    __slots__ = ("doc", "path")

    def __init__(self, doc: YamlDocument, path: PathLike) -> None:
        self.doc, self.path = doc, path

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, err: BaseException | None, trace: object) -> None:
        if isinstance(err, InputError):
            raise InputError(err.message, tip=err.tip, location=self.doc.locate(self.path)) from None
