"""Numbers in the reader's convention (issue 42): a decimal comma where the language writes one, its thousands
separator and the space before ``%``, in every text a person reads; never in JSON, whose numbers and notes stay
as they are in every language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabroll import i18n
from tabroll.i18n import LANGUAGES, number, numeral, percent
from tabroll.odds.dice_figures import BAR
from tests.support import speaking

NBSP = "\u00a0"
OTHERS = [code for code in LANGUAGES if code != i18n.ENGLISH]


@pytest.mark.parametrize(
    ("code", "mean", "share", "count", "four"),
    [
        ("en", "10.5", "12.5%", "20,000", "1,234.5"),
        ("pt", "10,5", "12,5%", "20.000", "1.234,5"),
        ("it", "10,5", "12,5%", "20.000", "1.234,5"),
        ("es", "10,5", f"12,5{NBSP}%", "20.000", "1234,5"),  # CLDR: Spanish groups from five digits on
        ("ru", "10,5", f"12,5{NBSP}%", f"20{NBSP}000", f"1{NBSP}234,5"),
        ("pl", "10,5", "12,5%", f"20{NBSP}000", "1234,5"),  # and so does Polish
    ],
)
def test_each_language_writes_numbers_its_own_way(code: str, mean: str, share: str, count: str, four: str) -> None:
    with speaking(code):
        assert number(10.5) == mean
        assert percent(0.125, 1) == share
        assert number(20000) == count
        assert number(1234.5, 1) == four
        assert number(1234567.125, 3, grouped=False) == ("1234567.125" if code == "en" else "1234567,125")


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_table_agrees_with_babel(code: str) -> None:
    """Babel (a dev dependency only) is CLDR's independent word: the same decimal mark, thousands separator and
    percent pattern. Babel does not apply CLDR's minimumGroupingDigits, so four-digit numbers are checked apart
    (above)."""
    babel_numbers = pytest.importorskip("babel.numbers")
    from babel import Locale

    pattern = Locale.parse(code).percent_formats[None].pattern  # "#,##0%", or "#,##0\u00a0%"
    values = [0.0, 0.5, 7.25, 12.5, 999.99, 1234.5, -3.5, 12345.678, 123456.5, 1234567.25, -98765.4321]
    with speaking(code):
        for value in values:
            for places in (0, 1, 2, 3):
                fixed = "#,##0" + ("." + "0" * places if places else "")
                expected = babel_numbers.format_decimal(value, format=fixed, locale=code)
                if len(f"{abs(value):.{places}f}".split(".")[0]) == 4 and code in ("es", "pl"):
                    # CLDR's minimumGroupingDigits is 2 for these (1234, but 12.345): Babel does not apply it
                    expected = expected.replace(babel_numbers.get_group_symbol(code), "", 1)
                assert number(value, places) == expected, (value, places)
        for share in (0.0, 0.005, 0.125, 0.5, 0.9999, 1.0):
            for places in (0, 2):
                digits = "0" + ("." + "0" * places if places else "")
                shaped = pattern.replace("0", digits, 1) if places else pattern
                expected = babel_numbers.format_percent(share, format=shaped, locale=code)
                assert percent(share, places) == expected, (share, places)


@given(st.one_of(st.integers(-(10**12), 10**12), st.floats(-1e12, 1e12, allow_nan=False)), st.integers(0, 4))
def test_english_is_left_exactly_as_python_writes_it(value: float, places: int) -> None:
    assert number(value, places) == f"{value:,.{places}f}"
    assert number(value, places, grouped=False) == f"{value:.{places}f}"
    assert numeral(f"{value:,}") == f"{value:,}"


@given(st.sampled_from(OTHERS), st.floats(-1e12, 1e12, allow_nan=False), st.integers(0, 4))
def test_every_language_writes_the_same_value(code: str, value: float, places: int) -> None:
    """Read back (its separators dropped, its decimal mark a point), a number is the English one."""
    way = i18n.NUMBERS[code]
    with speaking(code):
        shown = number(value, places)
    assert shown.replace(way.group, "").replace(way.decimal, ".") == f"{value:.{places}f}"


def _lines(cli: Any, *args: str) -> list[str]:
    result = cli(*args)
    assert result.code == 0, result.err
    return result.out.splitlines()


def test_dice_odds_in_russian(cli: Any) -> None:
    lines = _lines(cli, "--lang", "ru", "odds", "3d6")
    assert lines[2] == "  среднее 10,500 = 21/2, СКО 2,958"
    assert lines[3].endswith(
        f": 5{NBSP}% 6, 10{NBSP}% 7, 25{NBSP}% 8, 50{NBSP}% 10, 75{NBSP}% 13, 90{NBSP}% 14, 95{NBSP}% 15"
    )
    assert lines[5] == f"     3    0,46{NBSP}%   100,00{NBSP}%     0,46{NBSP}%   216,0  ."
    assert lines[4].index(f"0{NBSP}%") == lines[5].index("216,0") + len("216,0") + 2  # the columns stay aligned
    assert len(lines[4]) - lines[4].index(f"0{NBSP}%") == BAR  # and the scale's 100 % ends where a full bar would


@pytest.mark.parametrize(
    ("code", "mean", "one_in"),
    [
        ("en", "17.500", "7,776.0"),
        ("pt", "17,500", "7.776,0"),
        ("it", "17,500", "7.776,0"),
        ("es", "17,500", "7776,0"),
        ("ru", "17,500", f"7{NBSP}776,0"),
        ("pl", "17,500", "7776,0"),
    ],
)
def test_dice_odds_in_every_language(cli: Any, code: str, mean: str, one_in: str) -> None:
    lines = _lines(cli, "odds", "5d6", "--format", "text", "--lang", code)
    assert f" {mean} = 35/2," in lines[2]
    with speaking(code):
        rare = percent(0.0001, 2)  # P(5) = 1/7776
    assert lines[5].startswith("     5 ")
    assert f" {rare} " in lines[5]
    assert f"  {one_in}  ." in lines[5]


def test_an_attacks_trials_and_interval_in_russian(cli: Any) -> None:
    lines = _lines(cli, "odds", "-a", "Lanceiro", "-t", "Soldado", "--trials", "20000", "--format", "text",
                   "--lang", "ru")  # fmt: skip
    assert lines[1] == f"шансы (Монте-Карло, 20{NBSP}000 испытаний; ± — 95% доверительный интервал)"
    assert lines[4] == f"  P(попадание) = 100,00{NBSP}% (95% ДИ 99,98–100,00{NBSP}%)"
    english = _lines(cli, "odds", "-a", "Lanceiro", "-t", "Soldado", "--trials", "20000", "--format", "text")
    assert english[1] == "odds (Monte Carlo, 20,000 trials; ± is the 95% confidence interval)"
    assert english[4] == "  P(hit) = 100.00% (95% CI 99.98–100.00%)"


def test_a_comparison_and_a_matrix_in_portuguese_and_spanish(cli: Any) -> None:
    versus = _lines(cli, "odds", "-a", "Lanceiro", "-t", "Soldado", "--vs", "Arqueiro", "--format", "text",
                    "--lang", "pt")  # fmt: skip
    assert versus[4].split()[-3:] == ["100,00%", "100,00%", "0,00%"]
    assert versus[6].split()[-3:] == ["10,500", "10,500", "0,000"]
    matrix = _lines(cli, "matrix", "-r", "tabmaster", "--attackers", "Lanceiro", "--targets", "Soldado",
                    "--format", "text", "--lang", "es")  # fmt: skip
    assert matrix[-1] == f"Lanceiro             55{NBSP}% 10,5"


def test_attacks_to_defeat_in_italian(cli: Any) -> None:
    lines = _lines(cli, "odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--format", "text",
                   "--lang", "it")  # fmt: skip
    assert lines[3] == "  media 1,818 round, quando Soldado cade entro 20"
    assert lines[4] == "  P(sconfitto entro 20 round) = >99,99%"


def test_a_pictures_labels_in_russian_and_its_geometry_in_english(cli: Any, tmp_path: Any) -> None:
    picture = tmp_path / "odds.svg"
    assert cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--svg", str(picture), "--lang", "ru").code == 0
    svg = picture.read_text(encoding="utf-8")
    assert f'class="tick">50{NBSP}%</text>' in svg
    assert f"P(побеждён: Soldado) 55,00{NBSP}% = 11/20" in svg
    assert re.search(r'<text x="\d+\.\d" y="\d+\.\d"', svg)  # coordinates are the machine's: a decimal point


def test_plays_odds_line_in_polish() -> None:
    from tabroll.odds.figures import Estimate, Report
    from tabroll.render.odds_line import odds_summary

    report = Report(method="monte_carlo", samples=12345)
    report.attack.probabilities["hit"] = Estimate(0.3333, low=0.3251, high=0.3415)
    report.attack.means["damage"] = Estimate(1234.567, low=1230.5, high=1238.25)
    with speaking("pl"):
        line = odds_summary(report)[0]
    assert "P(trafienie) 33,3% (32,5%–34,2%)" in line
    assert "1234,57 (1230,50–1238,25)" in line
    assert f"12{NBSP}345" in line


def test_plays_preview_in_russian(cli: Any, tmp_path: Any) -> None:
    import shutil

    from tests.conftest import SCENARIOS

    path = tmp_path / "g.yaml"
    shutil.copy(SCENARIOS / "tabmaster" / "05-projectile-arqueiro.yaml", path)
    result = cli("play", str(path), "--format", "text", "--lang", "ru", stdin="attack Arqueiro Lanceiro\n7\n7\nquit\n")
    assert result.code == 0, result.err
    assert f"  P(попадание) 50{NBSP}% · P(побеждён: Lanceiro) 35{NBSP}%\n" in result.out


def _machine(value: Any) -> Any:
    """The JSON without its prose (the sentences a person reads): every key, number and machine string."""
    prose = {"note", "title", "text", "said", "between", "setting_text", "refused"}
    if isinstance(value, dict):
        return {k: _machine(v) for k, v in value.items() if k not in prose}
    if isinstance(value, list):
        return [_machine(v) for v in value]
    return value


ODDS_COMMANDS = [
    ("odds", "3d6"),
    ("odds", "3d6", "--trials", "20000", "--seed", "7"),
    ("odds", "-a", "Lanceiro", "-t", "Soldado", "--trials", "20000", "--seed", "7"),
    ("odds", "-a", "Lanceiro", "-t", "Soldado"),
    ("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat"),
    ("matrix", "-r", "tabmaster", "--attackers", "Lanceiro,Arqueiro", "--targets", "Soldado"),
    ("matrix", "scenarios/tabmaster/05-projectile-arqueiro.yaml"),
]


@pytest.mark.parametrize("args", ODDS_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("code", OTHERS)
def test_json_is_the_same_in_every_language(cli: Any, code: str, args: tuple[str, ...]) -> None:
    """JSON's numbers and machine strings are the English ones, and a note's numbers too (no comma for a point,
    no no-break space): only the words differ."""
    english = cli(*args, "--format", "json")
    other = cli(*args, "--format", "json", "--lang", code)
    assert english.code == other.code == 0, other.err
    assert _machine(json.loads(other.out)) == _machine(json.loads(english.out))
    assert NBSP not in other.out
    assert re.findall(r"\d[\d,.]*\d", other.out) == re.findall(r"\d[\d,.]*\d", english.out)
