"""The languages machinery (tabroll.i18n): how a language is chosen, how a message falls back to English, the
plural rules, and the catalogues' own checks (a catalogue that claims to be complete and lacks a message fails
here). The sentences of each language are pinned beside the code that says them (tests/<area>/test_language.py)."""

from __future__ import annotations

import gettext
import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabroll import i18n
from tabroll.errors import InputError
from tabroll.events import PROSE_FIELDS
from tabroll.i18n import catalogues
from tests import support

ROOT = Path(__file__).resolve().parent.parent


# --- choosing -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flag", "environ", "expected"),
    [
        (None, {}, "en"),
        ("pt", {"TABROLL_LANG": "ru", "LANG": "it_IT.UTF-8"}, "pt"),
        (None, {"TABROLL_LANG": "ru", "LC_ALL": "it_IT.UTF-8"}, "ru"),
        (None, {"TABROLL_LANG": "", "LC_ALL": "it_IT.UTF-8", "LANG": "pl_PL.UTF-8"}, "it"),
        (None, {"LC_MESSAGES": "es_AR.UTF-8", "LANG": "pl_PL.UTF-8"}, "es"),
        (None, {"LANG": "pl_PL.UTF-8"}, "pl"),
        (None, {"LANG": "pt_BR.UTF-8@euro"}, "pt"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LC_ALL": "POSIX", "LANG": "ru_RU.UTF-8"}, "en"),  # the first one set decides, as in C
        (None, {"LANG": "de_DE.UTF-8"}, "en"),  # a locale we have no catalogue for: English, quietly
        ("PT-br", {}, "pt"),
        ("game", {}, "game"),
        (None, {"TABROLL_LANG": "game"}, "game"),
        (None, {"LANG": "game"}, "en"),  # "game" is asked for by name, never read off a locale
    ],
)
def test_the_language_is_the_flag_then_tabroll_lang_then_the_locale(
    flag: str | None, environ: dict[str, str], expected: str
) -> None:
    assert i18n.choose(flag, environ) == expected


@pytest.mark.parametrize(("flag", "environ"), [("xx", {}), (None, {"TABROLL_LANG": "klingon"})])
def test_a_language_asked_for_by_name_that_tabroll_lacks_is_an_input_error(
    flag: str | None, environ: dict[str, str]
) -> None:
    with pytest.raises(InputError) as caught:
        i18n.choose(flag, environ)
    assert "en, pt, it, ru, es, pl" in caught.value.describe()


def test_an_unknown_lang_exits_2_naming_the_languages(cli: Callable[..., Any]) -> None:
    result = cli("roll", "1d6", "--seed", "1", "--lang", "xx")
    assert result.code == 2
    assert result.err.startswith("error: --lang: no language 'xx'")
    assert "en, pt, it, ru, es, pl" in result.err
    assert "Traceback" not in result.err


def test_lang_without_a_code_exits_2(cli: Callable[..., Any]) -> None:
    result = cli("roll", "1d6", "--lang")
    assert result.code == 2
    assert "--lang needs a language code" in result.err


def test_lang_is_taken_anywhere_and_in_both_spellings(cli: Callable[..., Any]) -> None:
    english = cli("roll", "1d6", "--seed", "3", "--format", "json")
    for words in (["--lang", "ru", "roll", "1d6"], ["roll", "--lang=ru", "1d6"], ["roll", "1d6", "--lang", "ru"]):
        result = cli(*words, "--seed", "3", "--format", "json")
        assert result.code == 0, result.err
        assert result.json() == english.json()  # a roll's JSON has no prose of its own: the same in any language


def test_the_environment_chooses_when_no_flag_does(cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABROLL_LANG", "xx")
    assert cli("roll", "1d6", "--seed", "1").code == 2
    assert cli("roll", "1d6", "--seed", "1", "--lang", "en").code == 0  # the flag comes first


# --- domains: fallback, placeholders, plurals, contexts, the game's own words -----------------------------------


def _compiled(folder: Path, domain: str, language: str, entries: list[tuple[Any, Any, str | None]]) -> None:
    """A catalogue of ``entries`` ((id, string, context): a tuple id and string for a plural) compiled into
    ``folder``, the way the tools write it."""
    from babel.messages.catalog import Catalog

    po = Catalog(locale=language, domain=domain)
    if language in catalogues.PLURALS:
        po._num_plurals, po._plural_expr = catalogues.PLURALS[language]
    for message_id, string, context in entries:
        po.add(message_id, string, context=context)
    target = folder / language / "LC_MESSAGES" / f"{domain}.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(catalogues.compile_to(po))


@pytest.fixture
def domain(tmp_path: Path) -> Iterator[i18n.Domain]:
    _compiled(
        tmp_path,
        "toy",
        "ru",
        [
            ("{unit} is flipped", "{unit} перевёрнут", None),
            ("{unit} is broken", "{wrong} сломан", None),  # a translation whose placeholder is not the message's
            (("{n} widget", "{n} widgets"), ("{n} действие", "{n} действия", "{n} действий"), None),
            ("thwack", "урон", "event"),
        ],
    )
    yield i18n.Domain("toy", tmp_path)
    i18n._LOADED.clear()


def test_a_message_in_the_catalogue_is_translated_and_a_missing_one_is_english(domain: i18n.Domain) -> None:
    with support.speaking("ru"):
        assert domain.gettext("{unit} is flipped", unit="Лучник") == "Лучник перевёрнут"
        assert domain.gettext("{unit} is lost", unit="Лучник") == "Лучник is lost"
    assert domain.gettext("{unit} is flipped", unit="Archer") == "Archer is flipped"


def test_a_translation_whose_placeholders_do_not_fit_is_said_in_english(domain: i18n.Domain) -> None:
    with support.speaking("ru"):
        assert domain.gettext("{unit} is broken", unit="Лучник") == "Лучник is broken"


def test_a_language_with_no_catalogue_at_all_is_english(domain: i18n.Domain) -> None:
    with support.speaking("pl"):
        assert domain.gettext("{unit} is flipped", unit="Łucznik") == "Łucznik is flipped"
        assert domain.ngettext("{n} widget", "{n} widgets", 5) == "5 widgets"


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "1 действие"), (2, "2 действия"), (4, "4 действия"), (5, "5 действий"), (11, "11 действий"),
     (12, "12 действий"), (21, "21 действие"), (22, "22 действия"), (25, "25 действий"), (111, "111 действий")],
)  # fmt: skip
def test_russian_has_three_plural_forms(domain: i18n.Domain, n: int, expected: str) -> None:
    with support.speaking("ru"):
        assert domain.ngettext("{n} widget", "{n} widgets", n) == expected


def test_a_context_keeps_a_short_word_apart(domain: i18n.Domain) -> None:
    with support.speaking("ru"):
        assert domain.pgettext("event", "thwack") == "урон"
        assert domain.gettext("thwack") == "thwack"  # the same word without the context is another message


def test_the_game_being_played_words_the_cores_messages_first(tmp_path: Path) -> None:
    core = tmp_path / "core"
    game = tmp_path / "game"
    _compiled(core, "tabroll", "pt", [("defeated", "derrotado", "defeat"), ("hit", "acerto", "event")])
    _compiled(game, "toygame", "pt", [("defeated", "aniquilado", "defeat")])
    messages = i18n.Domain("tabroll", core)
    try:
        with support.speaking("pt"):
            assert messages.pgettext("defeat", "defeated") == "derrotado"
            i18n.enter_game(game, "toygame", "it")
            assert messages.pgettext("defeat", "defeated") == "aniquilado"  # the game's own word
            assert messages.pgettext("event", "hit") == "acerto"  # the core's, where the game has none
    finally:
        i18n._LOADED.clear()


def test_lang_game_speaks_the_game_s_language_once_it_is_known() -> None:
    i18n.use(i18n.GAME)
    assert i18n.language() == "en"  # no game yet
    i18n.enter_game(Path("nowhere"), "tabmaster", "pt")
    assert i18n.language() == "pt"


def _oracle(language: str, n: int) -> int:
    """The plural forms written out from the languages' grammars, apart from the rules in the catalogues."""
    last, last_two = n % 10, n % 100
    if language == "ru":
        return 0 if last == 1 and last_two != 11 else 1 if 2 <= last <= 4 and not 12 <= last_two <= 14 else 2
    if language == "pl":
        return 0 if n == 1 else 1 if 2 <= last <= 4 and not 12 <= last_two <= 14 else 2
    if language == "pt":
        return 0 if n in (0, 1) else 1
    return 0 if n == 1 else 1


@given(n=st.integers(min_value=0, max_value=10**7))
def test_every_catalogue_s_plural_rule_is_the_language_s(n: int) -> None:
    for language, (forms, expression) in catalogues.PLURALS.items():
        rule = gettext.c2py(expression)
        assert rule(n) == _oracle(language, n) < forms


# --- the catalogues themselves ------------------------------------------------------------------------------------


@pytest.mark.parametrize("source", catalogues.sources(), ids=lambda s: s.name)
def test_every_catalogue_is_in_step_with_the_code(source: catalogues.Source) -> None:
    """The template holds every marked message; each catalogue's placeholders are its messages'; its compiled file
    is its own; and a catalogue that claims to be complete has every message (python -m tabroll.i18n check)."""
    assert catalogues.check(source) == []


def test_the_core_speaks_every_language_and_each_game_its_own() -> None:
    found = {source.name: source.languages() for source in catalogues.sources()}
    assert set(found["tabroll"]) == set(i18n.LANGUAGES) - {"en"}
    from tabroll.engine import all_rulesets

    for ruleset in all_rulesets():
        if ruleset.language != "en":
            assert ruleset.language in found[ruleset.id], ruleset.id
    bundled = ("tabmaster", "ahotnik", "botse", "forgod", "mtg_heroes")
    for game in bundled:  # every bundled game speaks every language, each catalogue complete
        assert set(found[game]) == set(i18n.LANGUAGES) - {"en"}, game
        source = next(s for s in catalogues.sources() if s.name == game)
        for language in found[game]:
            header = catalogues.read(source.catalogue(language)).header_comment or ""
            claims = [line.strip("# ").strip() for line in header.splitlines()]
            assert catalogues.COMPLETE in claims, (game, language)


def _toy_source(tmp_path: Path, header: str, translations: dict[str, str]) -> catalogues.Source:
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "code.py").write_text(
        'from .messages import _, n_\n_("{unit} attacks")\n_("{unit} waits")\nn_("{n} die", "{n} dice", 2)\n',
        encoding="utf-8",
    )
    source = catalogues.Source("toy", folder / "locale", folder, tmp_path)
    catalogues.write(source.template, catalogues.template(source))
    po = catalogues.read(source.template)
    po.locale = None
    text = io.BytesIO()
    from babel.messages.pofile import write_po

    write_po(text, po)
    body = text.getvalue().decode()
    for message_id, string in translations.items():
        body = body.replace(f'msgid "{message_id}"\nmsgstr ""', f'msgid "{message_id}"\nmsgstr "{string}"')
    path = source.catalogue("pt")
    path.parent.mkdir(parents=True)
    path.write_text(header + body.split("\n\n", 1)[1], encoding="utf-8")
    catalogues.compile_all(source)
    return source


_HEADER = 'msgid ""\nmsgstr ""\n"Language: pt\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'


def test_a_catalogue_that_claims_to_be_complete_and_lacks_a_message_fails_the_check(tmp_path: Path) -> None:
    source = _toy_source(tmp_path, "# complete\n" + _HEADER, {"{unit} attacks": "{unit} ataca"})
    problems = catalogues.check(source)
    assert any("claims to be complete" in p and "{unit} waits" in p for p in problems), problems


def test_a_catalogue_that_does_not_claim_completeness_may_lack_messages(tmp_path: Path) -> None:
    source = _toy_source(tmp_path, _HEADER, {"{unit} attacks": "{unit} ataca"})
    assert catalogues.check(source) == []


def test_a_translation_that_drops_a_placeholder_fails_the_check(tmp_path: Path) -> None:
    source = _toy_source(tmp_path, _HEADER, {"{unit} attacks": "ataca"})
    assert any("names []" in p for p in catalogues.check(source))


def test_a_message_written_as_an_f_string_fails_the_check(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_text('from .messages import _\nname = "x"\n_(f"{name} attacks")\n', encoding="utf-8")
    problems: list[str] = []
    assert list(catalogues.messages_in(path, tmp_path, problems)) == []
    assert problems == ["bad.py:3: _() needs a literal message"]


# --- machines are not affected --------------------------------------------------------------------------------------

PROSE = PROSE_FIELDS | {"tip", "message"}
"""The fields of the JSON whose text is for people, and follows --lang (docs/player.md, "Languages"); see also
tests/test_machine_values.py."""


def _without_prose(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: "<prose>" if k in PROSE and isinstance(v, str | list) else _without_prose(v)
                for k, v in value.items()}  # fmt: skip
    if isinstance(value, list):
        return [_without_prose(v) for v in value]
    return value


def _every_game_scenario() -> list[Path]:
    return [sorted((ROOT / "scenarios" / game).glob("*.yaml"))[0] for game in sorted(p.name for p in
            (ROOT / "scenarios").iterdir() if p.is_dir() and any(p.glob("*.yaml")))]  # fmt: skip


@pytest.mark.parametrize("path", _every_game_scenario(), ids=lambda p: p.parent.name)
def test_lang_changes_no_key_kind_value_or_number_of_the_json(cli: Callable[..., Any], path: Path) -> None:
    english = cli("run", str(path), "--format", "json")
    assert english.code in (0, 1), english.err
    for language in [*i18n.LANGUAGES, "game"]:
        told = cli("run", str(path), "--format", "json", "--lang", language)
        assert told.code == english.code
        assert _without_prose(json.loads(told.out)) == _without_prose(json.loads(english.out)), language


def test_click_s_and_typer_s_own_words_are_looked_up_in_tabroll_s_catalogue() -> None:
    """The libraries look their messages up through the standard library's gettext domain; once a language is
    chosen, tabroll's domain is bound and read, and a message it lacks stays the library's."""
    import gettext

    from tabroll.cli import click_words

    with support.speaking("pt"):
        click_words.speak()
        assert gettext.gettext("Usage:") == "Uso:"
        assert (
            gettext.ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 2)
            == "Argumentos a mais inesperados ({args})"
        )
        assert gettext.gettext("a message no catalogue has") == "a message no catalogue has"
    click_words.speak()  # each command speaks once its language is chosen
    assert gettext.gettext("Usage:") == "Usage:"  # English again


def test_a_compiled_catalogue_is_fresh_whichever_babel_wrote_it() -> None:
    """CI checks the catalogues with the lowest Babel declared too: the header line naming the tool is not a
    difference, the plural rule and every message are."""
    from tabroll.i18n.catalogues import _without_tool

    def compiled(tool: str, plural: str = "nplurals=2; plural=(n != 1);") -> dict[Any, str]:
        return {"": f"Language: it\nPlural-Forms: {plural}\nGenerated-By: Babel {tool}\n", "a": "b"}

    assert _without_tool(compiled("2.14.0")) == _without_tool(compiled("2.19.0"))
    assert _without_tool(compiled("2.14.0")) != _without_tool(compiled("2.14.0", "nplurals=1; plural=0;"))
    assert _without_tool({**compiled("2.14.0"), "a": "c"}) != _without_tool(compiled("2.14.0"))


def test_extract_that_finds_nothing_new_writes_no_file(tmp_path: Path) -> None:
    """Only the extraction date would change: the files stay as they are, so a commit shows real changes only."""
    source = _toy_source(tmp_path, _HEADER, {"{unit} attacks": "{unit} ataca"})
    first = catalogues.update(source)
    assert source.template in first or source.catalogue("pt") in first  # brought in step once
    before = {p: p.read_bytes() for p in (source.template, source.catalogue("pt"), source.compiled("pt"))}
    assert catalogues.update(source) == []
    assert {p: p.read_bytes() for p in before} == before
    (tmp_path / "toy" / "code.py").write_text('from .messages import _\n_("{unit} flees")\n', encoding="utf-8")
    changed = catalogues.update(source)
    assert set(changed) == {source.template, source.catalogue("pt"), source.compiled("pt")}
    assert "{unit} flees" in source.catalogue("pt").read_text(encoding="utf-8")


def test_a_game_s_template_holds_what_the_core_says_of_what_it_declares() -> None:
    """What play's help says of an action (its model's docstring and fields), an attack field's name and the game's
    own event kinds are read from the game: the game does not mark them again in its messages.py."""
    from tabroll.rulesets.forgod.actions import AttackAction

    (forgod,) = [s for s in catalogues.sources() if s.name == "forgod"]
    found = catalogues.extract(forgod)
    help_text = "A card's attacks for its turn (FA of them, or ``times``), after its tactical move."
    assert AttackAction.__doc__ is not None and AttackAction.__doc__.startswith(help_text)
    assert (None, help_text) in found
    assert (None, AttackAction.model_fields["move_to"].description) in found
    assert ("attack field", "attacker line") in found  # attacker_line, as tabroll matrix names its setting
    assert ("event", "cards_lost") in found


def test_a_game_that_marks_nothing_and_has_no_catalogue_has_nothing_to_extract(tmp_path: Path) -> None:
    """A game that speaks English only (the fixture games) needs no template: its declarations are not read."""
    folder = tmp_path / "forgod"
    folder.mkdir()
    (folder / "rules.py").write_text("RULES = 1\n", encoding="utf-8")
    assert catalogues.extract(catalogues.Source("forgod", folder / "locale", folder, tmp_path)) == {}
    assert catalogues.check(catalogues.Source("forgod", folder / "locale", folder, tmp_path)) == []
