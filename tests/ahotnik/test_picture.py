"""The picture of the hex map (the game's state view, drawn as text and as Rich) on small maps."""

from __future__ import annotations

from rich.console import Console

from tabroll.engine import find_ruleset
from tabroll.render.state import view_lines, view_rich
from tests.ahotnik.helpers import game, run_data


def _board(**kw):
    data = game(
        {"Eagle": {"at": [0, 0], "facing": 2}, "Wolf": {"at": [1, 0], "facing": 5, "phase_transition": True}},
        [],
        {"Fire Demon": {"at": [-1, 1], "life": 3}},
        radius=1,
        singularity=[0, -1],
        **kw,
    )
    return run_data(data).state


def _lines(board):
    return view_lines(find_ruleset("ahotnik").state_view(board))


def test_state_lines_draw_the_hexes_units_facings_and_legend() -> None:
    lines = _lines(_board())
    assert lines[:6] == [
        "",
        "final board:",
        "     ◎   ·",
        "   ·  EA→ WO←",
        "    fi   ·",
        "",
    ]
    assert "  EA  Eagle at [0, 0]: facing 2 (E), Shields 2, Life 6" in lines
    assert "  WO  Wolf at [1, 0]: facing 5 (W), Shields 2, Life 6, PHASE TRANSITION" in lines
    assert "  fi  Fire Demon at [-1, 1]: Shields 0, Life 3" in lines
    assert "  threat level 4 (floor 2); Singularity ◎ at [0, -1]" in lines


def test_flat_maps_draw_columns_half_a_row_apart() -> None:
    data = game({"A": {"at": [0, 0], "facing": 4}}, [], radius=1)
    data["map"]["orientation"] = "flat"
    lines = _lines(run_data(data).state)
    assert lines[2:8] == ["       ·", "   ·       ·", "      A1↓", "   ·       ·", "       ·", ""]


def test_big_maps_are_not_drawn_but_listed() -> None:
    data = game({"A": {"at": [0, 0]}}, [], radius=40)
    lines = _lines(run_data(data).state)
    assert "  (map too large to draw)" in lines
    assert any(line.startswith("  A1  A at [0, 0]") for line in lines)


def test_rich_picture_renders() -> None:
    console = Console(width=80, record=True, color_system=None)
    console.print(view_rich(find_ruleset("ahotnik").state_view(_board())))
    text = console.export_text()
    assert "EA→ WO←" in text and "final board" in text


def test_the_view_marks_units_by_side_and_the_board_by_what_it_is() -> None:
    view = find_ruleset("ahotnik").state_view(_board())
    tones = {text.strip(): tone for line in view.lines for text, tone in line if text.strip()}
    shown = (tones["EA→"], tones["WO←"], tones["fi"], tones["◎"], tones["·"])
    assert shown == ("ally", "ally", "enemy", "feature", "faint")
