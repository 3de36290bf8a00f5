"""The terminal picture of the hex map (state_lines / state_rich) on small maps."""

from __future__ import annotations

from rich.console import Console

from tabroll.engine import find_ruleset
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


def test_state_lines_draw_the_hexes_units_facings_and_legend() -> None:
    lines = find_ruleset("ahotnik").state_lines(_board())
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
    lines = find_ruleset("ahotnik").state_lines(run_data(data).state)
    assert lines[2:8] == ["       ·", "   ·       ·", "      A1↓", "   ·       ·", "       ·", ""]


def test_big_maps_are_not_drawn_but_listed() -> None:
    data = game({"A": {"at": [0, 0]}}, [], radius=40)
    lines = find_ruleset("ahotnik").state_lines(run_data(data).state)
    assert "  (map too large to draw)" in lines
    assert any(line.startswith("  A1  A at [0, 0]") for line in lines)


def test_rich_picture_renders() -> None:
    console = Console(width=80, record=True, color_system=None)
    console.print(find_ruleset("ahotnik").state_rich(_board()))
    text = console.export_text()
    assert "EA→ WO←" in text and "final board" in text
