"""What a person reads: the odds chart (bars on a 0–100% scale, the at-least column), the matrix on an 80-column
terminal, and the SVG pictures. Every figure ``tabroll odds`` prints is checked against the test's own count of
the dice outcomes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from rich.cells import cell_len

from tabroll.errors import InputError
from tabroll.odds.figures import Cell, Estimate, Matrix, Report
from tabroll.odds.matrix import build_matrix
from tabroll.odds.measures import ATTACK
from tabroll.odds.report import build_report
from tabroll.odds.tally import Tally
from tabroll.render.bars import bar
from tabroll.render.matrix import CORNER, abbreviations, matrix_view
from tabroll.render.odds import report_lines, report_view
from tabroll.render.svg import matrix_svg, odds_svg

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
PROJECTILE = SCENARIOS / "tabmaster" / "05-projectile-arqueiro.yaml"
SVG = "{http://www.w3.org/2000/svg}"
ODD = "Sir <&\"'> Odd"  # a unit name that is markup in XML, and a quote of each kind


def projectile_by_hand() -> tuple[Fraction, Fraction, dict[int, Fraction], Fraction]:
    """Example 5 counted here: the Arqueiro rolls 1d10 + 2 (two levels above) against distance 8; on a hit,
    1d20 damage against DEF 6 under ">". Every (attack die, damage die) pair is equally likely."""
    hit = defeated = Fraction(0)
    damage: dict[int, Fraction] = {}
    for attack in range(1, 11):
        if attack + 2 < 8:
            damage[0] = damage.get(0, Fraction(0)) + Fraction(1, 10)
            continue
        hit += Fraction(1, 10)
        for dealt in range(1, 21):
            damage[dealt] = damage.get(dealt, Fraction(0)) + Fraction(1, 200)
            defeated += Fraction(1, 200) if dealt > 6 else 0
    mean = sum((v * p for v, p in damage.items()), Fraction(0))
    return hit, defeated, damage, mean


def at_least(damage: dict[int, Fraction], n: int) -> Fraction:
    return sum((p for v, p in damage.items() if v >= n), Fraction(0))


def test_every_figure_odds_prints_for_example_5_is_the_count_of_its_dice(cli) -> None:
    hit, defeated, damage, mean = projectile_by_hand()
    assert (hit, defeated, mean) == (Fraction(1, 2), Fraction(7, 20), Fraction(21, 4))
    out = cli("odds", str(PROJECTILE), "--format", "text")
    assert out.code == 0, out.err
    lines = out.out.splitlines()
    assert lines[1] == "odds (exact, over 105 dice outcomes)"  # 5 misses, 5 × 20 hits
    assert f"  P(hit) = {float(hit):.2%}  = {hit}" in lines
    assert f"  P(defeated: Lanceiro) = {float(defeated):.2%}  = {defeated}" in lines
    assert f"  damage: mean {float(mean):.3f} = {mean}" in lines
    header = lines.index("  damage: mean 5.250 = 21/4") + 1
    assert lines[header].split()[:3] == ["exactly", "at", "least"]
    rows = [line.split() for line in lines[header + 1 :]]
    assert [int(row[0]) for row in rows] == sorted(damage)
    for row in rows:
        n = int(row[0])
        assert row[1] == f"{float(damage[n]):.2%}", n
        assert row[2] == f"{float(at_least(damage, n)):.2%}", n
        # 100% is 50 characters: 50% is 25, 2.5% is 1.25 → 1.
        assert row[3] == "#" * round(50 * float(damage[n])), n

    doc = cli("odds", str(PROJECTILE), "--format", "json").json()
    chart = doc["distributions"]["damage"]
    assert [(v["outcome"], Fraction(v["exact"])) for v in chart["values"]] == sorted(damage.items())
    assert [(v["outcome"], Fraction(v["exact"])) for v in chart["at_least"]] == [
        (n, at_least(damage, n)) for n in sorted(damage)
    ]
    assert chart["at_least"][1] == {"outcome": 1, "value": 0.5, "exact": "1/2"}


def test_the_at_least_figures_of_a_simulation_have_their_own_interval() -> None:
    tally = Tally()
    for value, count in ((0, 60), (3, 30), (5, 10)):
        tally.add({(ATTACK, "damage"): value}, count)
    report = build_report(tally, exact=False, samples=100)
    least = dict(report.attack.at_least["damage"])
    assert [least[v].value for v in (0, 3, 5)] == [1.0, 0.4, 0.1]
    low, high = least[3].low, least[3].high
    assert low is not None and high is not None and low < 0.4 < high


def test_bars_are_on_a_fixed_scale_with_nothing_for_zero_and_a_thin_mark_for_a_trace() -> None:
    assert bar(0.0) == "" and bar(0.0, fine=True) == ""
    assert bar(1.0) == "#" * 50 and bar(0.5) == "#" * 25
    assert bar(0.001) == "." and bar(0.001, fine=True) == "▏"  # not 0, and not as much as 2%
    assert bar(0.5, fine=True) == "█" * 25
    assert bar(0.025, fine=True) == "█▎"  # 1.25 characters, in eighths


def report_of(shares: dict[int, Fraction], samples: int = 1) -> Report:
    tally = Tally()
    for value, share in shares.items():
        tally.add({(ATTACK, "damage"): value, (ATTACK, "hit"): value > 0}, share)
    return build_report(tally, exact=True, samples=samples)


def chart_rows(report: Report) -> dict[str, str]:
    lines = report_lines(report)
    start = next(i for i, line in enumerate(lines) if "exactly" in line) + 1
    return {line.split()[0]: line for line in lines[start:]}


def test_a_value_of_probability_zero_has_no_bar_and_a_trace_has_a_thin_one() -> None:
    report = report_of({0: Fraction(999, 1000), 7: Fraction(1, 1000)})
    report.attack.distributions["damage"].append((9, Estimate(0.0, exact=Fraction(0))))
    rows = chart_rows(report)
    assert rows["9"].split() == ["9", "0.00%"]  # no bar, no mark (and no at-least figure: none was given)
    assert rows["7"].split()[-1] == "." and rows["7"].split()[1] == "0.10%"
    assert rows["0"].split()[-1] == "#" * 50  # 99.9% of 50 characters


def test_a_share_is_never_printed_as_zero_or_certain_when_it_is_not() -> None:
    rows = chart_rows(report_of({0: 1 - Fraction(1, 10**6), 4: Fraction(1, 10**6)}))
    assert rows["4"].split()[1:3] == ["<0.01%", "<0.01%"]
    assert rows["0"].split()[1] == ">99.99%"


def test_plurals() -> None:
    assert report_lines(report_of({3: Fraction(1)}))[0] == "odds (exact, over 1 dice outcome)"
    assert report_lines(report_of({0: Fraction(1, 2), 3: Fraction(1, 2)}, 2))[0] == (
        "odds (exact, over 2 dice outcomes)"
    )
    simulated = build_report(Tally(values={(ATTACK, "damage"): {1: 1}}, weight=1), exact=False, samples=1)
    assert report_lines(simulated)[0].startswith("odds (Monte Carlo, 1 trial;")


def test_the_words_the_issue_names_are_gone_from_odds_output(cli) -> None:
    out = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--trials", "200", "--seed", "0", "--format", "text").out
    assert "seed 0, 1 job" in out and "job(s)" not in out
    for words in ("(> needed)", "1 actions", "hex(es)", "(s)"):
        assert words not in out


def test_the_rich_view_colours_figures_and_draws_fine_bars() -> None:
    _, _, damage, _ = projectile_by_hand()
    lines = report_view(report_of(damage), fine=True)
    bars = [piece for line in lines for piece in line if piece[1] == "green"]
    assert len(bars) == len(damage) and bars[0][0] == "█" * 25  # 1/2 of 50 characters
    figures = [text for line in lines for text, style in line if style == "bold yellow"]
    assert figures == ["50.00%", "5.250 = 21/4"]  # P(hit) = 1/2 and the mean damage stand out


# The matrix on an 80-column terminal.


def fake_matrix(names: list[str], *, follow: bool = False) -> Matrix:
    """A matrix with made-up figures (no dice walked): unit i defeats unit j with probability ((i+j) mod 11)/10
    (100% shown as such, 0 too), a unit refuses itself, and some pairs are simulated; with ``follow``, a
    counterattack follows the attack where (i+j) mod 4 is not 0."""
    table = Matrix(ruleset="demo", attackers=names, targets=names, setting="distance 1")
    for i, a in enumerate(names):
        for j, t in enumerate(names):
            cell = Cell(attacker=a, target=t)
            if a == t:
                cell.refused = "a unit does not attack itself"
            else:
                share = Fraction((i + j) % 11, 10)
                report = Report(method="exact" if (i + j) % 3 else "monte_carlo", samples=1)
                report.attack.probabilities[f"defeated: {t}"] = Estimate(float(share), exact=share)
                report.attack.means["damage"] = Estimate(12.25 * (i + 1), exact=None)
                if follow and (i + j) % 4:
                    from tabroll.odds.figures import Block

                    back = Block(label="counterattack")
                    back.probabilities[f"defeated: {a}"] = Estimate(0.25, exact=Fraction(1, 4))
                    back.means[f"damage taken by {a}"] = Estimate(1.5, exact=Fraction(3, 2))
                    report.follow_ups.append(back)
                cell.report = report
            table.cells[(a, t)] = cell
    return table


def texts(lines: list[list[tuple[str, str]]]) -> list[str]:
    return ["".join(piece for piece, _ in line).rstrip() for line in lines]


def test_a_wide_matrix_is_split_and_abbreviated_and_never_wider_than_80_columns() -> None:
    names = [f"Unit number {k} of the long roster" for k in range(12)] + [ODD, "Ña", "龍騎士"]
    lines = texts(matrix_view(fake_matrix(names, follow=True)))
    assert max(cell_len(line) for line in lines) <= 80
    assert sum(line.count(CORNER) for line in lines) == 1  # attacker \ target, once
    headers = [line for line in lines if line.startswith(" ") and "Unit" in line and "%" not in line]
    assert len(headers) >= 4  # two tables (the attack, the counterattack), each in at least two parts
    start = next(i for i, x in enumerate(lines) if x.startswith("names: "))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    legend = " ".join(" ".join(lines[start:end]).split())
    entries = dict(entry.split(" = ", 1)[::-1] for entry in legend.removeprefix("names: ").split(", "))
    for name in names:
        if cell_len(name) > 14:  # too long for any column: shortened, and explained
            assert name in entries, name
    table_text = "\n".join(lines[:start])
    for name, short in entries.items():
        assert name in names and short in table_text
    assert len(set(abbreviations(names, 14).values())) == len(names)  # every short name is a different one
    for cell_text in ("100% 49.0", "0% 12.2", "refused"):
        assert any(cell_text in line for line in lines), cell_text
    assert any("—" in line for line in lines[:start])  # a pair with no counterattack shows a dash
    assert "— nothing follows that attack" in lines


def test_a_narrow_matrix_keeps_whole_names_and_the_corner_inline() -> None:
    lines = texts(matrix_view(fake_matrix(["Lanceiro", "Soldado"])))
    assert any(line.startswith(CORNER) and "Lanceiro" in line and "Soldado" in line for line in lines)
    assert not any(line.startswith("names:") for line in lines)
    assert "refused pairs:" in lines
    assert "  each unit against itself: a unit does not attack itself" in lines


def test_the_catalogue_matrix_fits_with_a_legend(cli) -> None:
    out = cli("matrix", "-r", "tabmaster", "--format", "text")
    assert out.code == 0, out.err
    lines = out.out.splitlines()
    assert max(cell_len(line) for line in lines) <= 80
    assert lines.count(CORNER) + sum(1 for x in lines if x.startswith(CORNER + " ")) == 1
    assert "names: Alquimi. = Alquimista, Cavalei. = Cavaleiro, Feitice. = Feiticeiro" in lines
    assert "% / " not in out.out


BUNDLED = sorted(SCENARIOS.glob("*/*.yaml"))


@pytest.mark.slow  # a matrix of odds for every bundled scenario
@pytest.mark.parametrize("path", BUNDLED, ids=[f"{p.parent.name}/{p.name}" for p in BUNDLED])
def test_the_matrix_of_every_bundled_scenario_fits_80_columns(path: Path) -> None:
    try:
        table = build_matrix(
            scenario_file=str(path), ruleset=None, attackers=None, targets=None, fields={}, budget=300, trials=30,
            seed=0, options={},
        )  # fmt: skip
    except InputError as error:  # a game whose scenario lists no units to compare: nothing to render
        pytest.skip(error.message)
    lines = texts(matrix_view(table))
    assert max(cell_len(line) for line in lines) <= 80, "\n".join(lines)
    assert sum(line.count(CORNER) for line in lines) == 1
    svg = ET.fromstring(matrix_svg(table))
    cells = svg.findall(f"{SVG}g[@id='attack']/{SVG}g[@class='cell']")
    assert len(cells) == len(table.attackers) * len(table.targets)


# Pictures.


def test_the_odds_picture_has_a_bar_per_value_and_the_at_least_curve() -> None:
    _, _, damage, _ = projectile_by_hand()
    report = report_of(damage)
    title = f"{ODD} attacks {ODD}"
    svg = ET.fromstring(odds_svg(report, title))
    assert svg.tag == f"{SVG}svg" and svg.findtext(f"{SVG}title") == title  # escaped, and read back whole
    bars = svg.findall(f"{SVG}rect[@class='bar']")
    assert len(bars) == len(damage) == 21
    heights = [float(b.get("height", "0")) for b in bars]
    assert heights[0] == pytest.approx(20 * heights[1])  # 1/2 against 1/40, on the same scale
    (curve,) = svg.findall(f"{SVG}polyline[@class='at-least']")
    ys = [float(point.split(",")[1]) for point in curve.get("points", "").split()]
    assert len(ys) == 21 and ys == sorted(ys)  # P(≥ n) never rises with n: y grows downwards
    tips = [b.findtext(f"{SVG}title") for b in bars]
    assert tips[7] == "damage = 7: 2.50% = 1/40; damage ≥ 7: 35.00% = 7/20"


def test_the_matrix_picture_escapes_names_and_has_a_cell_per_pair() -> None:
    names = [ODD, "B&B", "<script>"]
    source = matrix_svg(fake_matrix(names, follow=True))
    assert "<script>" not in source and "Sir <&" not in source
    svg = ET.fromstring(source)
    words = {t.text for t in svg.iter(f"{SVG}text")}
    assert set(names) <= words
    for panel in ("attack", "follow-ups"):
        cells = svg.findall(f"{SVG}g[@id='{panel}']/{SVG}g[@class='cell']")
        assert len(cells) == 9, panel


def test_svg_files_from_the_command_line(cli, tmp_path: Path) -> None:
    picture = tmp_path / "odds.svg"
    out = cli("odds", str(PROJECTILE), "--format", "json", "--svg", str(picture))
    assert out.code == 0, out.err
    assert out.json()["method"] == "exact"  # standard output is still the JSON alone
    assert len(ET.parse(picture).getroot().findall(f"{SVG}rect[@class='bar']")) == 21
    heat = tmp_path / "matrix.svg"
    out = cli("matrix", "--attackers", "Lanceiro,Levi", "--targets", "Soldado", "--svg", str(heat))
    assert out.code == 0, out.err
    assert len(ET.parse(heat).getroot().findall(f".//{SVG}g[@class='cell']")) == 2


@pytest.mark.parametrize("command", ["odds", "matrix"])
def test_a_picture_path_that_cannot_be_written_is_an_input_error(cli, tmp_path: Path, command: str) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("")
    args = ("-a", "Lanceiro", "-t", "Soldado") if command == "odds" else ("--attackers", "Lanceiro")
    for path, says in (
        (tmp_path, "is a folder, not a file"),
        (tmp_path / "missing" / "x.svg", "does not exist"),
        (a_file / "x.svg", "is a file, not a folder"),
    ):
        out = cli(command, *args, "--svg", str(path))
        assert out.code == 2 and says in out.err and "Traceback" not in out.err, (path, out.err)
        assert out.out == ""  # refused before any work


@pytest.mark.slow  # the exact odds of every pair of a Gathering of Heroes exchange
def test_the_dash_is_explained_only_when_a_cell_shows_it(cli) -> None:
    """The note '— nothing follows that attack' reads the second table's dashes: a table in which every pair
    has its counterattack (Gathering of Heroes' direct combat) shows none, and so has no such note."""
    from pathlib import Path

    exchange = Path(__file__).resolve().parents[2] / "scenarios/mtg_heroes/02-direct-combat.yaml"
    lines = cli("matrix", str(exchange), "--format", "text").out.splitlines()
    second = lines.index(next(line for line in lines if line.startswith("then, ")))
    assert not any("—" in line for line in lines[second:] if not line.startswith("  "))
    assert "— nothing follows that attack" not in lines
