"""The kit's pieces for a game's scenario files: the strict pydantic base, the fields every scenario file has,
and the steps from a validated file to a :class:`~tabroll.engine.Scenario`. Imported by a game's ``model.py``
and ``setup.py`` (which are loaded when a scenario is), never by its light ``__init__``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from tabroll.dice.sources import MAX_SEED
from tabroll.errors import InputError, Location

if TYPE_CHECKING:
    from tabroll.engine import Scenario, ScenarioStep
    from tabroll.kit import AnyRuleset
    from tabroll.loading.document import YamlDocument

M = TypeVar("M", bound=BaseModel)
OptionsT = TypeVar("OptionsT", bound=BaseModel)


def empty_list() -> list[Any]:
    """A new empty list: the ``default_factory`` of a model's list field. Pydantic reads the signature of a default
    factory when it builds the model; a Python function's is at hand, whereas the builtin ``list`` has only a text
    signature, which :mod:`inspect` parses with :mod:`tokenize` (compiling its regular expressions on every start)."""
    return []


def empty_dict() -> dict[Any, Any]:
    """A new empty dict: the ``default_factory`` of a model's mapping field (see :func:`empty_list`)."""
    return {}


class Strict(BaseModel):
    """The base of every scenario model: an unknown field is an error (a typo never passes silently), values
    are frozen, and a field may be written by its name or its alias (the game's stat abbreviation)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


_PLAIN = str.maketrans({"ł": "l", "Ł": "L", "ё": "е", "Ё": "Е"})


def spellings(*words: str) -> tuple[str, ...]:
    """Each of ``words`` (a stat's name in the game's own language, as its log says it: ``defesa``, ``защита``,
    ``limite de altura``) as a scenario file may write it: as given, in lower case, capitalised, each of these
    without its diacritics (``munição``, ``municao``), and with ``_`` for its spaces (``limite_de_altura``). The
    command line folds case and accents itself (:func:`tabroll.loading.quick.stat_table`); a file's keys are
    matched exactly, so these are its spellings."""
    import unicodedata

    def bare(word: str) -> str:  # Latin letters lose their marks (ç, ã, ñ, ó, ł), and Russian ё its dots; not й
        out = []
        for char in word.translate(_PLAIN):
            parts = unicodedata.normalize("NFD", char)
            out.append(parts[0] if parts[0].isascii() else char)
        return "".join(out)

    out: dict[str, None] = {}
    for word in words:
        for case in (word, word.lower(), word[:1].upper() + word[1:].lower()):
            for form in (case, bare(case)):
                out[form] = None
                out[form.replace(" ", "_")] = None
    return tuple(out)


def keys(name: str, *aliases: str, own: Sequence[str] = ()) -> AliasChoices:
    """The keys a field is accepted under in a scenario file: its ``name``, its ``aliases`` as written (the card's
    abbreviations), and the game's own words for it (``own``) in every :func:`spellings`."""
    return AliasChoices(*dict.fromkeys((name, *aliases, *spellings(*own))))


class ScenarioFile(Strict):
    """The fields every game's scenario file has, besides ``ruleset`` (a ``Literal`` of the game's id, which
    each game declares first) and its own board, units and actions."""

    # Built the first time a file is validated (or its schema asked for), not when the game's models are imported:
    # an attack typed on the command line validates its units and action alone and never needs the whole file's.
    model_config = ConfigDict(defer_build=True)

    title: str = Field("", description="What the scenario shows, for the log's header.")
    description: str = Field("", description="Any longer text about the scenario (not used by the rules).")
    seed: int | None = Field(
        None, ge=0, le=MAX_SEED, description="The seed of the dice when the command line gives none."
    )
    options: dict[str, Any] = Field(
        default_factory=empty_dict, description="House-rule options by name (tabroll rules GAME lists them)."
    )


def scenario_options(
    ruleset: AnyRuleset, doc: YamlDocument, model: ScenarioFile, overrides: Mapping[str, Any], kind: type[OptionsT]
) -> OptionsT:
    """The file's ``options:`` with the command line's ``--option`` over them, validated as ``kind``; an error
    in one the file gives names its line."""

    def locate(name: str, value: bool) -> Location | None:
        if name not in model.options or name in overrides:
            return None  # typed on the command line
        return doc.value_position(("options", name)) if value else doc.locate(("options", name))

    from tabroll.kit.options import validate_options

    merged = {**model.options, **overrides}
    options = validate_options(ruleset.options_model(), merged, origin=f"{doc.source}: options", locate=locate)
    assert isinstance(options, kind)
    return options


def steps_of(
    doc: YamlDocument, actions: Sequence[Any], check: Callable[[Any, tuple[str | int, ...]], None] | None = None
) -> tuple[ScenarioStep, ...]:
    """The scenario's steps: each action with its own ``dice:`` list (when it has one) and its place in the file
    (so a refusal names the line). ``check(action, path)`` may refuse an action for input reasons first (an
    unknown unit, a square off the board), raising :class:`InputError` located at ``path``."""
    from tabroll.engine import ScenarioStep

    steps: list[ScenarioStep] = []
    for i, action in enumerate(actions):
        path: tuple[str | int, ...] = ("actions", i)
        if check is not None:
            check(action, path)
        dice = getattr(action, "dice", None)
        steps.append(
            ScenarioStep(action=action, dice=tuple(dice) if dice is not None else None, location=doc.locate(path))
        )
    return tuple(steps)


def assemble(
    ruleset: AnyRuleset,
    doc: YamlDocument,
    model: ScenarioFile,
    *,
    options: BaseModel,
    state: Any,
    steps: Iterable[ScenarioStep],
) -> Scenario:
    """The :class:`~tabroll.engine.Scenario` of a validated file: its header fields, options, state and steps."""
    from tabroll.engine import Scenario

    return Scenario(
        ruleset=ruleset,
        title=model.title,
        description=model.description,
        source=doc.source,
        options=options,
        state=state,
        steps=tuple(steps),
        seed=model.seed,
    )


def unknown_name(
    name: str, names: Sequence[str], doc: YamlDocument, path: tuple[str | int, ...], what: str = "unit"
) -> InputError:
    """The error for an action that names a unit the file does not have, with the nearest name as a tip
    (:func:`tabroll.kit.no_such_words`)."""
    from tabroll.kit import no_such_words

    message, tip = no_such_words(name, names, what=what)
    return InputError(message, location=doc.locate(path), tip=tip)


def command_line_model(kind: type[M], data: Mapping[str, Any]) -> M:
    """A model built from command-line words, validated and worded exactly like a file's (errors name
    ``<command line>`` and the field)."""
    from tabroll.loading.document import command_line_document
    from tabroll.loading.validation import validate

    return validate(kind, command_line_document(dict(data)))


__all__ = [
    "MAX_SEED",
    "ScenarioFile",
    "Strict",
    "assemble",
    "command_line_model",
    "empty_dict",
    "empty_list",
    "scenario_options",
    "steps_of",
    "unknown_name",
]
