"""A game's view of a state (:mod:`tabroll.kit.views`), drawn by :mod:`tabroll.render.state`: plain text keeps
its lines exactly, Rich and Markdown show every text as written (no markup read, no control character sent)."""

from __future__ import annotations

from rich.console import Console

from tabroll.kit.views import StateView, ViewTable, text_line, units_view
from tabroll.render.state import view_lines, view_rich

HOSTILE = "Lance\x1b[2Jiro [bold]x[/bold]"


def _shown(renderable: object) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_text_is_the_heading_then_each_line_indented_and_a_blank_line_stays_blank() -> None:
    view = StateView("final board", (text_line("a"), (), (("b", "ally"), (" c", "enemy"))))
    assert view_lines(view) == ["", "final board:", "  a", "", "  b c"]


def test_a_view_with_no_lines_shows_nothing() -> None:
    assert view_lines(StateView()) == []
    assert view_rich(StateView()) is None


def test_the_default_view_lists_units_with_the_games_words() -> None:
    summary = {
        "units": [
            {"name": "Lanceiro", "side": "red", "position": [1, 0], "flipped": True, "vitality": 3},
            {"name": "Alquimista", "side": "blue", "position": [2, 0], "defeated": True, "statuses": ["burning"]},
        ]
    }
    view = units_view(summary, (("flipped", "flipped"), ("vitality", "VIT")))
    assert view_lines(view)[2:] == [
        "  Lanceiro (red), at [1, 0], flipped, VIT 3",
        "  Alquimista (blue), defeated, burning",
    ]
    assert view.table == ViewTable(
        ("unit", "side", "where", "state"),
        (
            (("Lanceiro", "red", "[1, 0]", "flipped, VIT 3"), False),
            (("Alquimista", "blue", "—", "defeated, burning"), True),
        ),
    )


def test_rich_shows_names_as_written_in_lines_and_in_tables() -> None:
    lines = StateView(lines=(text_line(HOSTILE, "ally"),))
    table = StateView(lines=(text_line(HOSTILE),), table=ViewTable(("unit",), (((HOSTILE,), False),), caption=HOSTILE))
    for view in (lines, table):
        shown = _shown(view_rich(view))
        assert "\x1b" not in shown
        assert "Lance\\u001b[2Jiro [bold]x[/bold]" in shown
