"""A document built from command-line words: plain data is taken as it is, and is exactly what the YAML round trip
(written, then read back as a file) would give; anything else still goes through that round trip."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tabroll.errors import InputError
from tabroll.loading.document import cli_value, command_line_document
from tabroll.loading.yaml_source import load_yaml_text

TRICKY = [
    *("", " ", "a ", " a", "a  b", "<<", "=", "~", "null", "NULL", "true", "yes", "no", "on", "off", "y", "n"),
    *("1", "-1", "0x1F", "0o7", "1_000", "1e3", ".5", ".nan", "-.inf", "2024-05-01", "2024-05-01 10:00:00", "12:30"),
    *("- a", "? a", ": a", "a: b", "a #b", "#a", "&a", "*a", "!a", "!!str a", "%YAML", "@a", "`a", "|", ">", "'"),
    *('"', "'a'", "{a}", "[a]", "a,b", "---", "...", "\\", "é", "Lanceiro (target)", "日本語", "😀", "\u3000a"),
    *("a" * 200, ("word " * 40).strip(), "5 (Mágico)", "1d10 (Projétil: Flecha)"),
]


def round_trip(data: Any) -> Any:
    return load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<command line>").data


def same_as_round_trip(data: Any) -> None:
    """The document built from ``data`` holds what the round trip gives, or fails with the same message."""
    try:
        expected = repr(round_trip(data))
    except InputError as err:
        with pytest.raises(InputError) as raised:
            command_line_document(data)
        assert raised.value.message == err.message
        return
    assert repr(command_line_document(data).data) == expected


def shapes(text: str) -> list[Any]:
    return [{"k": text}, {text: 1}, [text], {"a": [text, {text: text, "n": None, "t": True, "i": -7}]}]


@pytest.mark.parametrize("text", TRICKY)
def test_plain_data_is_what_the_round_trip_gives(text: str) -> None:
    for data in shapes(text):
        built = command_line_document(data)
        assert built.source == "<command line>" and built.positions is None
        assert repr(built.data) == repr(round_trip(data)) == repr(data)


def test_drawn_printable_text_is_what_the_round_trip_gives() -> None:
    chars = [chr(c) for c in (*range(0x20, 0x7F), 0xA0, 0xE9, 0x2028, 0x3000, 0x1F600, 0xFEFF, 0xE000, 0xAD)]
    draw = random.Random(44)
    for _ in range(2000):
        text = "".join(draw.choice(chars) for _ in range(draw.randint(0, 12)))
        for data in shapes(text):
            same_as_round_trip(data)


def test_plain_data_is_copied() -> None:
    inner = [1, 2]
    data = {"a": inner, "b": inner}
    built = command_line_document(data)
    assert built.data == data and built.data["a"] is not inner and built.data["b"] is not built.data["a"]


@pytest.mark.parametrize(
    "value",
    [10**30, 1.5, (1, 2), "a\tb", "line\nbreak", "\x85", "\ud800", "x" * 201, list(range(2000))],
    ids=["big", "float", "tuple", "tab", "newline", "nel", "surrogate", "long", "many"],
)
def test_other_data_goes_through_the_round_trip(value: Any) -> None:
    same_as_round_trip({"units": {"A": {"life": value}}})


def test_a_key_that_is_not_text_goes_through_the_round_trip() -> None:
    with pytest.raises(InputError) as raised:
        command_line_document({1: "a"})
    with pytest.raises(InputError) as expected:
        round_trip({1: "a"})
    assert raised.value.message == expected.value.message


@pytest.mark.slow
@pytest.mark.parametrize(
    "words",
    [
        ["-a", "Lanceiro", "-t", "Alquimista", "--dice", "4"],
        ["-r", "tabmaster", "-a", "Hero ATK=1 DAN=1d12", "-t", "Orc DEF=3", "--dice", "5"],
        ["-r", "forgod", "-a", "Orc BA=2", "-t", "Elf PV=6 Evasión=1", "--dice", "7,3,5"],
    ],
)
def test_an_attack_of_catalogue_units_or_typed_numbers_and_dice_loads_no_yaml(words: list[str]) -> None:
    """Catalogue units' stats come from the catalogue's JSON twin, typed whole numbers and dice are read as they
    are, and the attack's data is plain: no YAML is read."""
    probe = (
        "import atexit, sys\n"
        "atexit.register(lambda: sys.stderr.write('\\nYAML ' + str('yaml' in sys.modules) + '\\n'))\n"
        f"sys.argv = ['tabroll', 'attack', *{words!r}, '--format', 'text']\n"
        "from tabroll.cli.entry import main\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr.rsplit("YAML ", 1)[1].strip() == "False"


@given(st.text(alphabet="-+0123456789d_:.xoe ", max_size=24) | st.integers(-(10**20), 10**20).map(str))
def test_a_typed_number_or_die_reads_as_yaml_reads_it(text: str) -> None:
    """Whole numbers and plain dice are read without the YAML reader: the same value (and type) as YAML gives, and
    whatever else is typed still goes through YAML, with its errors."""
    try:
        expected: Any = load_yaml_text(text, source="<command line>").data if text.strip() else text
    except InputError as err:
        with pytest.raises(InputError) as raised:
            cli_value(text, origin="<command line>")
        assert raised.value.message == err.message
        return
    read = cli_value(text, origin="<command line>")
    assert (type(read), read) == (type(expected), expected)


@pytest.mark.parametrize(("text", "value"), [("3", 3), ("-2", -2), ("0", 0), ("1d20", "1d20"), ("d6", "d6")])
def test_typed_numbers_and_dice_need_no_yaml_reader(text: str, value: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tabroll.loading.yaml_source", None)  # importing it would fail
    assert cli_value(text, origin="<command line>") == value
