"""The translator's tools behind ``python -m tabroll.i18n``: find every message in the code, keep each
language's catalogue in step with it, compile the catalogues, and check them.

Only for people who change messages (it needs Babel, from the ``dev`` extra); tabroll itself reads the compiled
catalogues with the standard library alone (:mod:`tabroll.i18n`).

A domain's messages are the calls ``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")``, ``np_(…)`` and
``N_("…")`` in its Python files, with their literal strings; tabroll's own domain adds the commands' help (each
command's docstring as help shows it, and each option's ``help=``), read from the command line itself, and the
core's event kinds; a game's domain what the core says of what the game declares (:func:`game_messages`), read
from the game.
"""

from __future__ import annotations

import ast
import io
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from tabroll.i18n import CORE_DOMAIN, CORE_LOCALE, LANGUAGES

try:
    from babel.messages import catalog, mofile, pofile
except ImportError as err:  # pragma: no cover - the dev extra has Babel
    raise SystemExit("the translator's tools need Babel: pip install -e '.[dev]'") from err

KEYWORDS: dict[str, tuple[str, ...]] = {
    "_": ("message",),
    "N_": ("message",),
    "n_": ("message", "plural"),
    "p_": ("context", "message"),
    "np_": ("context", "message", "plural"),
}
"""The names a message is marked with, and what each of their first arguments is."""

COMPLETE = "complete"
"""A catalogue whose header comment has a line ``complete`` claims every message of its domain: the check fails
when one has no translation there."""


class Message(msgspec.Struct):
    message: str
    plural: str | None = None
    context: str | None = None
    places: list[tuple[str, int]] = msgspec.field(default_factory=list)

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.message)


class Source(msgspec.Struct, frozen=True):
    """One domain: its name, its catalogues' folder, and the Python files its messages are in."""

    name: str
    locale: Path
    folder: Path
    root: Path

    @property
    def template(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def catalogue(self, language: str) -> Path:
        return self.locale / language / "LC_MESSAGES" / f"{self.name}.po"

    def compiled(self, language: str) -> Path:
        return self.catalogue(language).with_suffix(".mo")

    def languages(self) -> list[str]:
        return sorted(p.parent.parent.name for p in self.locale.glob(f"*/LC_MESSAGES/{self.name}.po"))

    def files(self) -> list[Path]:
        paths = sorted(self.folder.rglob("*.py"))  # the core's i18n tools speak to translators, in English
        return [p for p in paths if not (self.name == CORE_DOMAIN and p.parent.name == "i18n")]


def sources() -> list[Source]:
    """tabroll's own domain and each game's."""
    from tabroll.engine import all_rulesets

    core_folder = CORE_LOCALE.parent
    root = core_folder.parent
    found = [Source(CORE_DOMAIN, CORE_LOCALE, core_folder, root)]
    for ruleset in sorted(all_rulesets(), key=lambda r: r.id):
        folder = ruleset.folder()
        found.append(Source(ruleset.id, folder / "locale", folder, root))
    return found


class Problem(Exception):
    pass


def messages_in(path: Path, root: Path, problems: list[str] | None = None) -> Iterator[Message]:
    """The marked messages of one Python file. A marker given something other than a literal is a problem
    (an f-string cannot be translated: its placeholders go in ``{names}`` given as keywords), unless it is a
    plain name (a message marked with ``N_`` where it was written)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    shown = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS):
            continue
        roles = KEYWORDS[node.func.id]
        values: dict[str, str] = {}
        for role, arg in zip(roles, node.args, strict=False):
            text = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
            if text is None:
                if not isinstance(arg, ast.Name | ast.Attribute | ast.Subscript | ast.Call) and problems is not None:
                    problems.append(f"{shown}:{node.lineno}: {node.func.id}() needs a literal {role}")
                break
            values[role] = text
        else:
            if len(values) == len(roles):
                yield Message(values["message"], values.get("plural"), values.get("context"), [(shown, node.lineno)])


def help_messages(source: Source) -> Iterator[Message]:
    """The commands' help, as help shows it (the reflowed docstrings and each option's text), and the core's event
    kinds (``p_("event", KIND)``, the log's kind column)."""
    from tabroll.cli import app as cli
    from tabroll.events import CORE_EVENTS

    for text, where, line in cli.help_texts():
        yield Message(text, places=[(where, line)])
    yield from (Message(kind.KIND, context="event", places=_place(kind, source)) for kind in CORE_EVENTS)


def _place(declared: type, source: Source) -> list[tuple[str, int]]:
    """Where a class is declared, for a message read from it."""
    import inspect

    path = Path(inspect.getfile(declared))
    where = str(path.relative_to(source.root)) if path.is_relative_to(source.root) else str(path)
    return [(where, inspect.getsourcelines(declared)[1])]


def game_messages(source: Source) -> Iterator[Message]:
    """What the core says of a game from what the game declares, read from the game itself: what ``play``'s ``help
    KIND`` says of its actions (each action model's docstring, its first paragraph, and each of its fields'
    descriptions), the names of its attack fields (``p_("attack field", NAME)``, as ``tabroll matrix`` names its
    setting) and its own event kinds (``p_("event", KIND)``, the log's kind column)."""
    from tabroll.engine import all_rulesets
    from tabroll.play.words import action_models, first_paragraph

    game = next((ruleset for ruleset in all_rulesets() if ruleset.id == source.name), None)
    if game is None:  # a domain that is no game
        return
    for model in dict.fromkeys(action_models(game).values()):
        fields = [info.description for name, info in model.model_fields.items() if name != "do"]  # do: its kind
        texts = [first_paragraph(model.__doc__), *fields]
        yield from (Message(text, places=_place(model, source)) for text in texts if text)
    for spec in game.attack_fields:
        yield Message(spec.name.replace("_", " "), context="attack field", places=_place(type(game), source))
    yield from (Message(kind.KIND, context="event", places=_place(kind, source)) for kind in game.load_events())


def extract(source: Source, problems: list[str] | None = None) -> dict[tuple[str | None, str], Message]:
    found: dict[tuple[str | None, str], Message] = {}
    every = [m for path in source.files() for m in messages_in(path, source.root, problems)]
    if source.name == CORE_DOMAIN:
        every.extend(help_messages(source))
    elif every or source.locale.is_dir():  # a game that marks no message and has no catalogue speaks English only
        every.extend(game_messages(source))
    for message in every:
        known = found.get(message.key)
        if known is None:
            found[message.key] = message
        else:
            known.places.extend(message.places)
            if message.plural and known.plural and message.plural != known.plural and problems is not None:
                problems.append(f"{message.places[0][0]}: '{message.message}' has two plural forms")
    return found


def template(source: Source, problems: list[str] | None = None) -> Any:
    pot = catalog.Catalog(project="tabroll", domain=source.name, fuzzy=False)
    for message in extract(source, problems).values():
        msgid: Any = (message.message, message.plural) if message.plural else message.message
        pot.add(msgid, None, locations=[(p, line or None) for p, line in message.places], context=message.context)  # type: ignore[misc]
    return pot


def read(path: Path) -> Any:
    with path.open("rb") as stream:
        return pofile.read_po(stream, locale=path.parent.parent.name)


def write(path: Path, po: Any) -> bool:
    """Write ``po`` at ``path``, unless the file there says the same but for the date it was extracted (so an
    ``extract`` that finds nothing new changes no file). True when the file was written."""
    buffer = io.BytesIO()
    pofile.write_po(buffer, po, width=116, sort_output=True, include_previous=False, omit_header=False)
    text = buffer.getvalue()
    if path.exists() and _undated(path.read_bytes()) == _undated(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    return True


def _undated(text: bytes) -> bytes:
    return re.sub(rb'^"POT-Creation-Date: [^"]*"$', b"", text, count=1, flags=re.MULTILINE)


def compile_to(po: Any) -> bytes:
    buffer = io.BytesIO()
    mofile.write_mo(buffer, po, use_fuzzy=False)
    return buffer.getvalue()


def update(source: Source, problems: list[str] | None = None) -> list[Path]:
    """Write the domain's template anew and bring each of its catalogues in step (new messages untranslated,
    messages gone from the code removed); then compile them. Returns the files written."""
    pot = template(source, problems)
    written = [source.template] if write(source.template, pot) else []
    for language in source.languages():
        path = source.catalogue(language)
        po = read(path)
        po.update(pot, no_fuzzy_matching=True)
        po.obsolete.clear()
        written += [path] if write(path, po) else []
    return written + compile_all(source)


PLURALS: dict[str, tuple[int, str]] = {
    "pt": (2, "(n > 1)"),
    "it": (2, "(n != 1)"),
    "es": (2, "(n != 1)"),
    "ru": (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
    "pl": (3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"),
}
"""The plural rule of each language, as GNU gettext's manual gives it (one, few, many in Russian and Polish).
Babel's own rules, from CLDR, add a form for whole millions in Portuguese, Italian and Spanish ("de millones"),
which would ask translators for a third form nobody reads in a game."""


def new(source: Source, language: str) -> Path:
    path = source.catalogue(language)
    if path.exists():
        raise Problem(f"{path} exists: edit it")
    po = catalog.Catalog(locale=language, domain=source.name, project="tabroll")
    if language in PLURALS:
        po._num_plurals, po._plural_expr = PLURALS[language]  # type: ignore[assignment]
    po.update(template(source), no_fuzzy_matching=True)
    write(path, po)
    source.compiled(language).write_bytes(compile_to(read(path)))
    return path


def _fields(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<a lone brace>"}


def check(source: Source) -> list[str]:
    """Everything wrong with a domain's catalogues: a template behind the code, a compiled file behind its
    catalogue, a translation whose placeholders are not its message's, a plural rule with the wrong number of
    forms, a catalogue that claims to be complete and is not. Empty when all is well."""
    problems: list[str] = []
    # Each message by its context and id (a plural's by its singular); the header has no id.
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in template(source, problems) if m.id}
    if source.template.exists():
        kept = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read(source.template) if m.id}
        if kept != set(wanted):
            problems.append(f"{source.template} is behind the code: run python -m tabroll.i18n extract")
    elif wanted:
        problems.append(f"{source.template} is missing: run python -m tabroll.i18n extract")
    for language in source.languages():
        path = source.catalogue(language)
        po = read(path)
        shown = path.relative_to(source.root) if path.is_relative_to(source.root) else path
        if language not in LANGUAGES:
            problems.append(f"{shown}: '{language}' is not in tabroll.i18n.LANGUAGES")
        if language in PLURALS and po.num_plurals != PLURALS[language][0]:
            problems.append(
                f"{shown}: Plural-Forms should be nplurals={PLURALS[language][0]}; plural={PLURALS[language][1]}"
            )
        complete = any(line.strip("# ").strip() == COMPLETE for line in (po.header_comment or "").splitlines())
        for key, template_message in wanted.items():
            context, msgid = key
            message = po.get(template_message.id, context=context)
            strings = [] if message is None else list(message.string) if message.pluralizable else [message.string]
            if complete and (message is None or message.fuzzy or not all(strings)):
                problems.append(f"{shown}: claims to be complete, but has no translation of {msgid!r}")
            if message is None:
                continue
            expected = _fields(msgid)
            if message.pluralizable:
                expected |= _fields(message.id[1]) | {"n"}
                if len(strings) != po.num_plurals:
                    problems.append(f"{shown}: {msgid!r} has {len(strings)} forms, the language has {po.num_plurals}")
            for text in strings:
                if not text:
                    continue
                got = _fields(text)
                if (got - expected) or (not message.pluralizable and got != expected):
                    problems.append(
                        f"{shown}: the translation of {msgid!r} names {sorted(got)}, the message {sorted(expected)}"
                    )
        if source.compiled(language).exists():
            import gettext

            with source.compiled(language).open("rb") as stream:
                have = gettext.GNUTranslations(stream)._catalog  # type: ignore[attr-defined]
            fresh = gettext.GNUTranslations(io.BytesIO(compile_to(po)))._catalog  # type: ignore[attr-defined]
            if _without_tool(have) != _without_tool(fresh):
                problems.append(f"{shown}: the .mo is behind the .po: run python -m tabroll.i18n compile")
        else:
            problems.append(f"{shown}: no .mo beside it: run python -m tabroll.i18n compile")
    return problems


def _without_tool(messages: dict[Any, str]) -> dict[Any, str]:
    """A compiled catalogue's messages, its header without the line naming the Babel that wrote it (another
    release of Babel compiles the same catalogue; the header's plural rule still counts)."""
    header = "\n".join(line for line in messages.get("", "").split("\n") if not line.startswith("Generated-By:"))
    return {**messages, "": header}


def compile_all(source: Source) -> list[Path]:
    """Compile each catalogue of the domain whose compiled file is not what it would compile to; the files written."""
    written = []
    for language in source.languages():
        path, compiled = source.compiled(language), compile_to(read(source.catalogue(language)))
        if not path.exists() or path.read_bytes() != compiled:
            path.write_bytes(compiled)
            written.append(path)
    return written
