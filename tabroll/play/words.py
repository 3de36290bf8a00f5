"""Reading what the game master types at ``tabroll play``: the commands, a game's own actions (``do KIND
key=value…``, ``KIND key=value…`` or a one-line YAML mapping ``{do: KIND, …}``), checked by the game's own action
model, and the completion candidates of a partial line."""

from __future__ import annotations

import itertools
import shlex
from collections.abc import Callable, Sequence
from typing import Any, get_args

import msgspec

from tabroll.errors import InputError
from tabroll.i18n import N_, _
from tabroll.kit import AnyRuleset

MAX_LINE = 1_000
"""Characters in one line typed at the prompt (the same limit as an answer to ``--prompt``)."""


class Command(msgspec.Struct, frozen=True):
    name: str
    usage: str
    help: str

    def told(self) -> str:
        """What the command does, in the language now."""
        return _(self.help)


COMMANDS: tuple[Command, ...] = (
    Command("attack", "attack A T [--FIELD VALUE…] [key=value…]", N_("an attack of unit A on unit T")),
    Command("do", "do KIND [key=value…]", N_("any action of the game, as in a scenario file (or type {do: KIND, …})")),
    Command(
        "next", "next", N_("the scenario file's next action not played yet, with the file's dice if it gives them")
    ),
    Command("new-round", "new-round", N_("start a new round (in a game that has them)")),
    Command(
        "roll",
        "roll EXPR…",
        N_("roll dice as tabroll roll does (2d6+3, 1d20 adv +5, 4d6kh3 4d6kh3): nothing is recorded"),
    ),
    Command(
        "odds",
        "odds A T [--FIELD VALUE…] [--full] | odds do KIND …",
        N_("the odds of an action from the game now, in short (--full: the whole report)"),
    ),
    Command("state", "state", N_("the units now")),
    Command("clear", "clear", N_("clear the screen and show the units now")),
    Command("undo", "undo", N_("drop the last recorded action")),
    Command("save", "save [FILE]", N_("say where the game is saved; with FILE, also copy the journal there")),
    Command("help", "help [COMMAND | KIND]", N_("these lines, or the fields of a command or action")),
    Command("quit", "quit", N_("end the session (Ctrl-D too); the game is already saved")),
)
COMMAND_NAMES = tuple(c.name for c in COMMANDS)
ALIASES = {"exit": "quit", "q": "quit", "?": "help", "new_round": "new-round", "undo!": "undo"}


def split_line(line: str) -> list[str]:
    """The words of a typed line, quoted as in a shell (``attack "Fire Demon" Eagle``)."""
    try:
        return shlex.split(line)
    except ValueError as err:
        raise InputError(
            _("cannot read the line: {problem}", problem=err), tip=_('quote a name with spaces as "Fire Demon"')
        ) from None


# --- the game's actions ---------------------------------------------------------------------------------------


def action_models(ruleset: AnyRuleset) -> dict[str, Any]:
    """The game's action models by their ``do:`` kind (from its scenario model's ``actions`` list)."""
    from pydantic import BaseModel

    annotation = ruleset.scenario_model().model_fields["actions"].annotation
    pending = list(get_args(annotation))
    models: dict[str, Any] = {}
    while pending:
        item = pending.pop(0)
        if isinstance(item, type) and issubclass(item, BaseModel):
            do = item.model_fields.get("do")
            for kind in get_args(do.annotation) if do is not None else ():
                models.setdefault(str(kind), item)
        else:
            pending.extend(get_args(item))
    return models


def action_fields(ruleset: AnyRuleset, kind: str) -> list[str]:
    """The fields an action of ``kind`` takes (``dice`` last: the dice are asked for at the table)."""
    model = action_models(ruleset).get(kind)
    if model is None:
        return []
    return sorted((name for name in model.model_fields if name != "do"), key=lambda name: name == "dice")


def _joined(words: Sequence[str]) -> list[str]:
    """The words with a bracketed value typed with spaces put back together (``choices={Eagle: [2, 2]}``)."""
    joined: list[str] = []
    depth = 0
    for word in words:
        if depth > 0:
            joined[-1] += " " + word
        else:
            joined.append(word)
        depth += sum(word.count(c) for c in "[{") - sum(word.count(c) for c in "]}")
    return joined


def read_fields(words: Sequence[str], *, kind: str, ruleset: AnyRuleset) -> dict[str, Any]:
    """``key=value`` words as a mapping, each value read as YAML (``to=[1,0]``, ``times=2``, ``escaped=true``)."""
    from tabroll.loading.document import cli_value

    fields: dict[str, Any] = {}
    for word in _joined(words):
        key, equals, text = word.partition("=")
        if not equals or not key:
            raise InputError(
                _("'{word}' is not a field: write it as key=value", word=word),
                tip=_("{kind} takes: {fields}", kind=kind, fields=", ".join(action_fields(ruleset, kind)) or _("none")),
            )
        if key in fields:
            raise InputError(_("{key}= is given twice", key=key), tip=_("give each field once"))
        # A flow list or mapping typed on purpose ([1, 0], {a: 1}) stays one; any other text YAML cannot read as a
        # plain value (a printed card's "1d10 (Projectile: Arrow)") is the text typed.
        fields[key] = cli_value(text, origin=f"{key}=", text_if=lambda t: not t.lstrip().startswith(("[", "{")))
    return fields


def read_mapping(line: str) -> dict[str, Any]:
    """A one-line YAML mapping (``{do: attack, attacker: Arqueiro, target: Lanceiro}``)."""
    from tabroll.loading.yaml_source import load_yaml_text

    data = load_yaml_text(line, source="<typed line>").data
    if not isinstance(data, dict) or "do" not in data:
        raise InputError(
            _("a typed action is a mapping with do:"),
            tip=_("e.g. {example}", example="{do: attack, attacker: A, target: B}"),
        )
    return data


_TYPED: dict[str, Any] = {}


def typed_action(ruleset: AnyRuleset, data: dict[str, Any]) -> Any:
    """``data`` as the game's own action, validated by its action model; a problem is worded as for a scenario
    file (``action.target: …``), with the fields the kind takes."""
    from pydantic import create_model

    kinds = action_models(ruleset)
    kind = data.get("do")
    if not isinstance(kind, str) or kind not in kinds:
        from tabroll.words import did_you_mean

        listed = _("the {game} actions are: {kinds}", game=ruleset.name, kinds=", ".join(kinds))
        tip = did_you_mean(str(kind), list(kinds), listed)
        raise InputError(_("{game} has no action '{kind}'", game=ruleset.name, kind=kind), tip=tip)
    model = _TYPED.get(ruleset.id)
    if model is None:
        annotation = ruleset.scenario_model().model_fields["actions"].annotation
        model = _TYPED[ruleset.id] = create_model("TypedAction", action=(get_args(annotation)[0], ...))
    from tabroll.loading.document import command_line_document
    from tabroll.loading.validation import validate

    document = command_line_document({"action": data})
    try:
        return validate(model, document).action
    except InputError as err:
        general = len(err.problems) == 1 and err.problems[0].general
        if err.tip is None or general:  # the message names a field; the example shows the whole line
            err.tip = _("e.g. {example} (help {kind} lists its fields)", example=example_line(ruleset, kind), kind=kind)
        raise


def example_line(ruleset: AnyRuleset, kind: str) -> str:
    """A line that types an action of ``kind``: each field it requires as ``key=…`` (``end_turn adventurer=…``)."""
    model = action_models(ruleset)[kind]
    required = [name for name in action_fields(ruleset, kind) if model.model_fields[name].is_required()]
    return " ".join([kind, *(f"{name}=…" for name in required)])


def spaced_name(words: Sequence[str], names: Sequence[str]) -> str | None:
    """The name with a space that two or more of ``words`` in a row spell (``Grizzly Bear``), if any: typed
    unquoted, it was split in two."""
    spans = (" ".join(words[start:end]) for start in range(len(words)) for end in range(start + 2, len(words) + 1))
    return next((joined for joined in spans if joined in names), None)


# --- completion -----------------------------------------------------------------------------------------------

COMMON_DICE = ("1d20", "1d6", "2d6", "1d10", "1d8", "1d4", "1d12", "1d100", "4d6kh3")


def complete(
    before: str, ruleset: AnyRuleset, units: Callable[[], Sequence[str]], kinds: Callable[[], Sequence[str]]
) -> list[str]:
    """The words that may complete the last word of ``before`` (the line up to the cursor): commands and action
    kinds first, then unit names, ``--FIELD`` flags of an attack and ``key=`` fields of an action."""
    words = before.split()
    current = "" if not words or before[-1:].isspace() else words.pop()

    def starting(options: Sequence[str]) -> list[str]:
        bare = current.lstrip('"')
        return sorted({o for o in options if o.lstrip('"').startswith(bare)})

    names = [f'"{n}"' if " " in n else n for n in units()]
    if not words:
        builtin = set(COMMAND_NAMES)
        return starting([*COMMAND_NAMES, *[k for k in kinds() if k not in builtin]])
    command = ALIASES.get(words[0], words[0])
    if "=" in current:
        key, _equals, text = current.partition("=")
        return [f"{key}={n}" for n in names if n.lstrip('"').startswith(text.lstrip('"'))]
    if command == "help":
        return starting([*COMMAND_NAMES, *kinds()]) if len(words) == 1 else []
    if command == "roll":
        return starting(COMMON_DICE)
    if command == "odds" and len(words) >= 2 and words[1] == "do":
        command, words = "do", words[1:]
    if command in ("attack", "odds"):
        positional = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
        if len(positional) < 2 and not current.startswith("-"):
            return starting(names)
        return starting([spec.flag for spec in ruleset.attack_fields if not spec.quick_only])
    if command == "do":
        if len(words) == 1:
            return starting(kinds())
        command = words[1]
    if command in kinds():
        taken = {w.partition("=")[0] for w in words}
        fields = [f"{name}=" for name in action_fields(ruleset, command) if name not in taken]
        return starting([*fields, *names]) if current else starting(fields)
    return []


def first_paragraph(doc: str | None) -> str:
    """The first paragraph of an action model's docstring, on one line: what ``help KIND`` says of the action (a
    game's catalogue words it in the game's language, from the ``N_`` of its ``messages.py``)."""
    return " ".join(line.strip() for line in itertools.takewhile(str.strip, (doc or "").strip().splitlines()))
