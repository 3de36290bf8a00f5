"""A lone surrogate written as an escape (``"\\uDCFF"``) is not a character: refused where it is written, as a
raw one in the file already is, before any model sees it (found by the command-line fuzzer: exit 70)."""

from __future__ import annotations

import pytest

from tabroll.errors import InputError
from tabroll.loading.yaml_source import load_yaml_text


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('ruleset: forgod\nunits:\n  A:\n    TA: "\\uDCFF"\n', "<f>:4:9: units.A.TA"),
        ('ruleset: forgod\nunits:\n  A:\n    TA:\n      "x\\uD800": 1\n', "<f>:5:7: units.A.TA"),
    ],
)
def test_an_escaped_lone_surrogate_is_refused_where_it_is(text: str, where: str) -> None:
    with pytest.raises(InputError) as err:
        load_yaml_text(text, source="<f>")
    assert str(err.value).startswith(f"{where}: this value holds an escape of a lone surrogate (U+D")


def test_a_whole_escaped_character_is_read(tmp_path) -> None:
    doc = load_yaml_text('name: "\\U0001F600 \\u00fc"\n', source="<f>")
    assert doc.data == {"name": "\U0001f600 ü"}


def test_the_fuzzer_case_exits_2(cli, tmp_path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        "ruleset: forgod\nunits:\n  J:\n    side: red\n    at: [1, 1]\n    PV: 6\n    TA:\n"
        '      "\\uDCFF": 1000000000000\n  P: {side: blue, at: [1, 4], PV: 6}\n',
        encoding="utf-8",
    )
    for command in (("run", str(path)), ("check", str(path))):
        result = cli(*command)
        assert result.code == 2, result.err
        assert "lone surrogate (U+DCFF)" in result.err and "internal error" not in result.err
