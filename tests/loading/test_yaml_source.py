"""Safe YAML loading: plain data with positions, and an InputError (never anything else) for bad input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

import tabroll.loading.yaml_source as ys
from tabroll.errors import InputError, Location
from tabroll.loading.yaml_source import (
    DEFAULT_LIMITS,
    YamlDocument,
    YamlLimits,
    format_path,
    load_yaml_file,
    load_yaml_text,
)

SCENARIO = """\
name: Skirmish
units:
  - name: Lanceiro
    stats: {ATK: 3, hp: 10}
  - name: Arqueiro
    stats:
      ATK: 2
      hp: 6
"""


@pytest.fixture(params=["libyaml", "python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test with the C parser (when present) and with PyYAML's pure-Python one."""
    if request.param == "python":
        monkeypatch.setattr(ys, "_LOADER", yaml.SafeLoader)
    elif not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML built without libyaml")
    return str(request.param)


def refused(text: str | bytes, **kwargs: object) -> InputError:
    with pytest.raises(InputError) as caught:
        load_yaml_text(text, source="s.yaml", **kwargs)  # type: ignore[arg-type]
    return caught.value


def where(err: InputError) -> tuple[int | None, int | None, str | None]:
    assert err.location is not None
    assert err.location.file == "s.yaml"
    return err.location.line, err.location.column, err.location.field


# --- data and positions ---------------------------------------------------------------------------


def test_plain_data_with_safe_scalars(loader: str) -> None:
    doc = load_yaml_text(
        "i: 12\nf: 1.5\nb: yes\nn: ~\ns: 'hi'\nhex: 0x1F\nwhen: 2024-05-01\nq: !!str 7\nlist: [1, two]\n"
    )
    assert doc.data == {
        "i": 12,
        "f": 1.5,
        "b": True,
        "n": None,
        "s": "hi",
        "hex": 31,
        "when": "2024-05-01",  # timestamps stay text, as written
        "q": "7",
        "list": [1, "two"],
    }
    assert doc.source == "<string>"


def test_locate_gives_key_positions_and_value_position_gives_values(loader: str) -> None:
    doc = load_yaml_text(SCENARIO, source="s.yaml")
    assert doc.locate(("units", 1, "stats", "ATK")) == Location("s.yaml", 7, 7, "units[1].stats.ATK")
    assert doc.value_position(("units", 1, "stats", "ATK")) == Location("s.yaml", 7, 12, "units[1].stats.ATK")
    assert doc.locate(("units", 0, "stats", "hp")) == Location("s.yaml", 4, 21, "units[0].stats.hp")
    assert doc.locate(("units", 1)) == Location("s.yaml", 5, 5, "units[1]")
    assert doc.locate(()) == Location("s.yaml", 1, 1, None)


def test_locate_falls_back_to_the_nearest_existing_ancestor(loader: str) -> None:
    doc = load_yaml_text(SCENARIO, source="s.yaml")
    assert doc.locate(("units", 1, "stats", "DEF")) == Location("s.yaml", 6, 5, "units[1].stats.DEF")
    assert doc.locate(("units", 7, "name")) == Location("s.yaml", 2, 1, "units[7].name")
    assert doc.locate(("nope",)) == Location("s.yaml", 1, 1, "nope")


def test_a_document_built_by_hand_locates_by_file_only() -> None:
    assert YamlDocument({"a": 1}, "x.yaml").locate(("a",)) == Location("x.yaml", None, None, "a")


def test_format_path() -> None:
    assert format_path(("units", 2, "stats", "ATK")) == "units[2].stats.ATK"
    assert format_path((0, "a")) == "[0].a"
    assert format_path(("table", "a b", "x.y")) == 'table["a b"]["x.y"]'
    assert format_path(()) == ""


def test_merge_keys_follow_yaml_1_1(loader: str) -> None:
    doc = load_yaml_text(
        "base: &base {hp: 5, atk: 1}\nmore: &more {atk: 2, mov: 3}\nunit:\n  <<: [*base, *more]\n  hp: 9\n",
        source="s.yaml",
    )
    assert doc.data["unit"] == {"hp": 9, "atk": 1, "mov": 3}
    assert doc.locate(("unit", "hp")) == Location("s.yaml", 5, 3, "unit.hp")  # its own key wins
    assert doc.locate(("unit", "atk")) == Location("s.yaml", 1, 21, "unit.atk")  # merged from &base
    assert doc.locate(("unit", "mov")) == Location("s.yaml", 2, 22, "unit.mov")


def test_aliases_are_copies_not_shared_objects(loader: str) -> None:
    doc = load_yaml_text("a: &a {x: [1]}\nb: *a\n")
    assert doc.data["a"] == doc.data["b"]
    assert doc.data["a"] is not doc.data["b"]
    assert doc.data["a"]["x"] is not doc.data["b"]["x"]


def test_bom_is_accepted_in_bytes_and_text() -> None:
    assert load_yaml_text(b"\xef\xbb\xbfa: 1\n").data == {"a": 1}
    assert load_yaml_text("\ufeffa: 1\n").data == {"a": 1}


def test_an_explicit_null_document_loads_as_none() -> None:
    assert load_yaml_text("---\n").data is None


# --- refusals with positions ----------------------------------------------------------------------


def test_duplicate_keys_are_refused(loader: str) -> None:
    err = refused("name: x\nhp: 3\nunits: []\nhp: 4\n")
    assert err.message == "duplicate key 'hp' (first at line 2)"
    assert where(err) == (4, 1, "hp")
    assert err.tip and "only once" in err.tip


def test_non_text_keys_are_refused_with_a_quoting_tip(loader: str) -> None:
    err = refused("table:\n  1: miss\n")
    assert err.message == "the key '1' is read as a number, not as a name"
    assert err.tip == 'put the key in quotes: "1": ...'
    assert where(err) == (2, 3, "table")
    assert refused("yes: 1").message == "the key 'yes' is read as true/false, not as a name"
    assert refused("? [a]\n: 1").message == "a list or mapping cannot be a key"


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("a: !!python/object:os.system {}", "!!python/object:os.system"),
        ("a: !!python/object/apply:os.system [ls]", "!!python/object/apply:os.system"),
        ("a: !!python/name:os.system ''", "!!python/name:os.system"),
    ],
)
def test_python_tags_are_refused(loader: str, text: str, tag: str) -> None:
    err = refused(text)
    assert err.message == f"the tag '{tag}' is not allowed: tabroll never builds Python objects from a file"
    assert where(err) == (1, 4, "a")


@pytest.mark.parametrize("text", ["a: !foo 1", "a: !!binary aGk=", "a: !!set {x: null}", "a: !!omap [{x: 1}]"])
def test_other_tags_are_refused(text: str) -> None:
    assert refused(text).message.startswith("tabroll does not read YAML tags such as")


def test_a_wrongly_tagged_value_is_refused() -> None:
    err = refused("a: !!int abc")
    assert err.message == "'abc' is marked as a number but is not one"
    assert err.tip == "remove the !!int tag, or fix the value"


def test_multiple_documents_are_refused(loader: str) -> None:
    err = refused("a: 1\n---\nb: 2\n")
    assert err.message == "the file holds more than one YAML document (a second one starts here)"
    assert where(err) == (2, 1, None)


def test_empty_and_comment_only_files() -> None:
    assert refused("").message == "the file is empty"
    assert refused(b"  \n\n").message == "the file is empty"
    assert refused("# only a comment\n").message == "the file holds no YAML document, only comments or blank lines"


def test_tab_indentation_is_a_syntax_error_with_a_caret(loader: str) -> None:
    err = refused("unit:\n\tname: x\n")
    assert where(err) == (2, 1, None)
    assert err.message == "YAML syntax error: a tab character here; YAML indents with spaces only\n     name: x\n    ^"
    assert err.tip == "replace the tabs with spaces"


def test_syntax_errors_are_rephrased_with_the_line_and_a_caret(loader: str) -> None:
    err = refused("name: x\nstats: {atk: 1, hp: 2\n")
    assert where(err)[:2] == (3, 1)
    assert err.message.startswith("YAML syntax error: expected ',' or '}' here (in the '{...}' mapping that starts")
    err = refused("a: b: c\n")
    assert where(err) == (1, 5, None)
    assert err.message == "YAML syntax error: a ':' that cannot start a value\n    a: b: c\n        ^"


def test_aliases_must_exist_and_cannot_contain_themselves(loader: str) -> None:
    err = refused("base: &base {hp: 1}\nunit: *bsae\n")
    assert err.message == "the alias '*bsae' refers to no anchor defined above it"
    assert err.tip == "did you mean '*base'?"
    assert where(err) == (2, 7, "unit")
    assert refused("a: &a [1, *a]").message == "the alias '*a' is used inside its own anchor '&a'"


def test_a_merge_needs_mappings() -> None:
    err = refused("a:\n  <<: 5\n")
    assert err.message == "the merge key '<<' needs a mapping or a list of mappings"
    assert where(err) == (2, 3, "a.<<")


# --- encodings ----------------------------------------------------------------------------------


def test_invalid_utf8_names_offset_line_and_column() -> None:
    err = refused(b"name: ok\nd\xc3\xa9f: \xff\n")  # the 0xff is byte 15, the 6th character of line 2
    assert err.message == "the file is not UTF-8: byte 0xff at byte offset 15 (line 2, column 6)"
    assert err.tip == "save the file as UTF-8"
    assert where(err) == (2, 6, None)


def test_utf16_and_control_characters_are_refused() -> None:
    assert refused("a: 1".encode("utf-16")).message == "the file is saved as UTF-16, not UTF-8"
    err = refused("a: 1\nb: x\x00y\n")
    assert err.message == "the file contains a control character (U+0000), which YAML does not allow"
    assert where(err) == (2, 5, None)
    assert refused("a: \ud800").message == "the file contains a lone surrogate (U+D800), which YAML does not allow"


def test_columns_count_characters_not_bytes(loader: str) -> None:
    doc = load_yaml_text("é: ö\nnom: [ü, x]\n", source="s.yaml")
    assert doc.value_position(("é",)) == Location("s.yaml", 1, 4, "é")
    assert doc.value_position(("nom", 1)) == Location("s.yaml", 2, 10, "nom[1]")


# --- limits ---------------------------------------------------------------------------------------

BILLION_LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)
)


def test_billion_laughs_is_refused_without_expanding(loader: str) -> None:
    # Measured: ~0.02 s with either parser; the node count stops it at the 'f' level (~200,000 values).
    err = refused(BILLION_LAUGHS)
    assert err.message == "the file expands to at least 207,600 values; tabroll reads at most 200,000"
    assert where(err) == (6, 12, "f[1]")


def test_ten_thousand_nested_lists_are_refused_not_a_recursion_error(loader: str) -> None:
    err = refused("[" * 10_000 + "]" * 10_000)
    assert err.message == "the file nests 65 levels deep; tabroll reads at most 64"
    assert where(err)[:2] == (1, 65)
    assert refused("[" * 1_000_000).message.startswith("the file nests 65 levels")  # ~1 MB, still instant


class _StrictCParser(yaml.SafeLoader):
    """A C parser with limits of its own, as newer libyaml releases have: it refuses any text that nests
    more than ``LIMIT`` flow levels, in its own words, before it emits a single event."""

    LIMIT = 3

    def __init__(self, text: str) -> None:
        super().__init__(text)
        depth = deepest = 0
        for char in text:
            depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(char, 0)
            deepest = max(deepest, depth)
        if deepest > self.LIMIT:
            mark = yaml.Mark("<unicode string>", 0, 0, 0, None, None)
            raise yaml.scanner.ScannerError("while increasing flow level", mark, "exceeded maximum nesting depth", mark)


def test_a_parser_that_enforces_its_own_limits_never_changes_tabrolls_message(monkeypatch) -> None:
    """Whatever limits the installed libyaml enforces itself, tabroll's own checks and words come first."""
    monkeypatch.setattr(ys, "_LOADER", _StrictCParser)
    err = refused("[" * 10_000 + "]" * 10_000)
    assert err.message == "the file nests 65 levels deep; tabroll reads at most 64"
    assert where(err)[:2] == (1, 65)
    err = refused("a: [[[[1]]]]\nb: [1, 2\n")  # the strict parser refuses line 1; the real problem is line 2
    assert where(err)[0] == 3 and "YAML syntax error" in str(err)
    assert load_yaml_text("a: [[[[[1]]]]]\n").data == {"a": [[[[[1]]]]]}  # within tabroll's limits: read


def test_depth_counts_what_an_alias_brings() -> None:
    text = "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 30 + "*a" + "]" * 30
    assert refused(text).message == "using the alias '*a' here nests the file 71 levels deep; tabroll reads at most 64"


def test_alias_uses_are_capped() -> None:
    err = refused("a: &a 1\nb: [" + ", ".join(["*a"] * 11) + "]", limits=YamlLimits(max_aliases=10))
    assert err.message == "the file uses at least 11 aliases (*name); tabroll reads at most 10"


def test_node_count_is_capped() -> None:
    err = refused("[1, 2, 3, 4, 5]", limits=YamlLimits(max_nodes=4))
    assert err.message == "the file expands to at least 5 values; tabroll reads at most 4"
    assert err.tip == "no scenario needs that many: split the file into smaller ones"  # no alias to blame


def test_node_count_met_through_aliases_tips_about_aliases() -> None:
    err = refused("a: &a [1, 2]\nb: [*a, *a]", limits=YamlLimits(max_nodes=8))
    assert err.tip == "every alias (*name) copies its anchored value; use fewer aliases or a smaller file"


def test_long_text_is_capped() -> None:
    err = refused("a: " + "x" * 101, limits=YamlLimits(max_scalar_chars=100))
    assert err.message == "this value is 101 characters long; tabroll reads at most 100"
    assert where(err) == (1, 4, "a")


def test_huge_integers_are_refused_before_conversion() -> None:
    err = refused("hp: " + "9" * 5000)
    assert err.message == "this whole number has 5,000 digits; tabroll reads at most 30"
    assert where(err) == (1, 5, "hp")
    assert refused("hp: 0x" + "f" * 40).message == "this whole number has 49 digits; tabroll reads at most 30"
    assert load_yaml_text("hp: 000000000000000000000000000000000012").data == {"hp": 10}  # octal, 2 digits


def test_text_and_bytes_over_the_size_cap() -> None:
    limits = YamlLimits(max_bytes=10)
    assert refused(b"a: 12345678", limits=limits).message == (
        "the file is 11 bytes or more; tabroll reads at most 10 bytes"
    )
    assert refused("a: ééééé", limits=limits).message.startswith("the file is 13 bytes")


def test_the_defaults() -> None:
    limits = YamlLimits()
    assert limits == DEFAULT_LIMITS
    assert (limits.max_bytes, limits.max_depth, limits.max_nodes) == (2 * 1024 * 1024, 64, 200_000)
    assert (limits.max_aliases, limits.max_scalar_chars, limits.max_int_digits) == (1_000, 100_000, 30)


# --- files and standard input ---------------------------------------------------------------------


def test_load_a_file(tmp_path: Path) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    doc = load_yaml_file(path)
    assert doc.source == str(path)
    assert doc.data["units"][1]["stats"] == {"ATK": 2, "hp": 6}
    assert doc.locate(("name",)) == Location(str(path), 1, 1, "name")


def test_a_missing_file_suggests_a_near_name(tmp_path: Path) -> None:
    (tmp_path / "scenario.yaml").write_text("a: 1")
    missing = tmp_path / "scenaro.yaml"
    with pytest.raises(InputError) as caught:
        load_yaml_file(missing)
    assert caught.value.message == "the file does not exist"
    assert caught.value.location == Location(str(missing))
    assert caught.value.tip == f"did you mean {str(tmp_path / 'scenario.yaml')!r}?"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load_yaml_file(tmp_path)
    assert caught.value.message == "this is a folder, not a file"
    assert caught.value.location == Location(str(tmp_path))


def test_an_unreadable_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.yaml"
    path.write_text("a: 1")

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(ys, "open", denied, raising=False)  # chmod 0 does not stop root, so fake it
    with pytest.raises(InputError) as caught:
        load_yaml_file(path)
    assert caught.value.message == "tabroll may not read this file (permission denied)"
    assert caught.value.location == Location(str(path))


def test_other_os_errors_become_input_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load_yaml_file(tmp_path / ("x" * 5000))
    assert caught.value.message == "the file could not be read: File name too long"


def test_a_three_mib_file_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: " + b"x" * (3 * 1024 * 1024))
    with pytest.raises(InputError) as caught:
        load_yaml_file(path)
    assert caught.value.message == "the file is 3,145,731 bytes or more; tabroll reads at most 2,097,152 bytes"
    assert caught.value.location == Location(str(path))


def fake_stdin(data: bytes, *, tty: bool = False) -> SimpleNamespace:
    return SimpleNamespace(buffer=io.BytesIO(data), closed=False, isatty=lambda: tty)


def test_dash_reads_standard_input_with_the_same_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", fake_stdin(b"a: 1\n"))
    doc = load_yaml_file("-")
    assert (doc.data, doc.source) == ({"a": 1}, "<stdin>")
    monkeypatch.setattr(sys, "stdin", fake_stdin(b"a: " + b"x" * 100))
    with pytest.raises(InputError) as caught:
        load_yaml_file("-", limits=YamlLimits(max_bytes=50))
    assert caught.value.message == "the file is 51 bytes or more; tabroll reads at most 50 bytes"


def test_a_terminal_on_standard_input_is_refused_instead_of_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", fake_stdin(b"", tty=True))
    with pytest.raises(InputError) as caught:
        load_yaml_file("-")
    assert caught.value.message == "standard input is a terminal, not a file"


def test_importing_yaml_source_does_not_import_pydantic() -> None:
    code = "import sys, tabroll.loading.yaml_source; print('pydantic' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("typed", "there", "suggested"),
    [
        ("scenaro.yaml", ["scenario.yaml", "kind.yaml"], "scenario.yaml"),  # a letter left out
        ("05-projectil-arqueiro.yaml", ["05-projectile-arqueiro.yaml"], "05-projectile-arqueiro.yaml"),
        ("Scenario.YAML", ["scenario.yaml"], "scenario.yaml"),  # case
        ("arqueiro.yaml", ["05-projectile-arqueiro.yaml", "01-melee.yaml"], "05-projectile-arqueiro.yaml"),  # held
        ("attack.yaml", ["kind.yaml"], None),  # shares only the ending: unrelated
        ("foo.yaml", ["kind.yaml", "mind.yaml"], None),
        ("rnd.yaml", ["kind.yaml"], None),
        ("scenario.yml", ["scenario.yaml.bak"], None),  # another ending
        ("melee.yaml", ["01-melee.yaml", "02-melee.yaml"], None),  # held by two: no guess
        ("kind.yaml", ["mind.yaml"], "mind.yaml"),
    ],
)
def test_a_missing_file_suggests_only_a_close_name_of_the_same_kind(
    typed: str, there: list[str], suggested: str | None
) -> None:
    from tabroll.loading.yaml_source import close_file_name

    assert close_file_name(typed, there) == suggested


def test_a_missing_file_with_no_close_name_says_to_check_the_folder(tmp_path: Path) -> None:
    (tmp_path / "kind.yaml").write_text("a: 1")
    with pytest.raises(InputError) as caught:
        load_yaml_file(tmp_path / "attack.yaml")
    assert caught.value.tip == "check the spelling and the folder"


WORDS = r"[+-]?(0|[0-9][0-9_]{0,28}|0x[0-9a-f]{1,8}|0b[01]{1,12})|[a-z0-9.]{1,6}"


@given(st.lists(st.from_regex(WORDS, fullmatch=True), min_size=1, max_size=6))
def test_numbers_and_words_read_as_yaml_reads_them(words: list[str]) -> None:
    """The shortcuts of the reader (plain decimals, the tags of short words remembered) read every value as YAML
    does: ``012`` octal, ``1_000`` a thousand, ``0x1f`` hexadecimal, words text, and each again the same."""
    text = "".join(f"k{i}: {word}\n" for i, word in enumerate(words))
    expected = yaml.safe_load(text)
    assert load_yaml_text(text).data == expected
    assert load_yaml_text(text).data == expected  # the tags remembered the first time


_SCALARS = st.one_of(
    st.integers(-(10**29), 10**29),  # within the digits tabroll reads
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=40),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False),
    st.from_regex(WORDS, fullmatch=True),
)
_KEYS = st.one_of(st.from_regex(r"[A-Za-z_][A-Za-z0-9_ ]{0,40}", fullmatch=True), st.from_regex(WORDS, fullmatch=True))
_TREES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=25,
)


def _marks(
    node: yaml.Node, path: tuple[str | int, ...], found: dict[tuple[str | int, ...], tuple[object, object]]
) -> None:
    """Each value's path -> (its key's start, its own start), 1-based, as PyYAML's composer marks them."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            at = (*path, key.value)
            found[at] = (
                (key.start_mark.line + 1, key.start_mark.column + 1),
                (value.start_mark.line + 1, value.start_mark.column + 1),
            )
            _marks(value, at, found)
    elif isinstance(node, yaml.SequenceNode):
        for index, value in enumerate(node.value):
            at = (*path, index)
            start = (value.start_mark.line + 1, value.start_mark.column + 1)
            found[at] = (start, start)
            _marks(value, at, found)


@given(data=st.dictionaries(_KEYS, _TREES, min_size=1, max_size=5), flow=st.sampled_from([None, False, True]))
def test_every_value_reads_and_is_placed_as_pyyaml_reads_and_places_it(
    data: dict[str, object], flow: bool | None
) -> None:
    """Whatever way a value is read (the usual short text and numbers at once, the rest with every check), the data
    is what PyYAML's safe loader reads, and every key and value is placed where PyYAML's composer marks it."""
    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True, width=60)
    doc = load_yaml_text(text)
    assert doc.data == yaml.safe_load(text)
    found: dict[tuple[str | int, ...], tuple[object, object]] = {}
    _marks(yaml.compose(text, Loader=yaml.SafeLoader), (), found)
    for path, (key_at, value_at) in found.items():
        assert (doc.locate(path).line, doc.locate(path).column) == key_at, path
        assert (doc.value_position(path).line, doc.value_position(path).column) == value_at, path
