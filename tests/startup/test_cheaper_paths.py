"""The cheaper paths taken for start-up give the same answers as the ones they replace."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tabroll.errors import InputError
from tabroll.kit import Ruleset
from tabroll.loading import yaml_source
from tabroll.loading.yaml_source import load_yaml_text

# The characters YAML allows, plus the rule that a byte-order mark may only start the text, as first written.
ALLOWED = "[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"


def test_the_small_bad_character_pattern_refuses_exactly_what_yaml_refuses() -> None:
    small, full = re.compile(yaml_source._BAD_CHAR_PATTERN), re.compile(ALLOWED)
    differ = [c for c in range(sys.maxunicode + 1) if (small.match(chr(c)) is None) != (full.match(chr(c)) is None)]
    assert differ == []


@pytest.mark.parametrize(
    ("char", "what"),
    [("\x07", "a control character"), ("\x9f", "a control character"), ("\ufeff", "a control character")],
)
def test_a_bad_character_in_non_ascii_text_is_still_placed(char: str, what: str) -> None:
    with pytest.raises(InputError) as err:
        load_yaml_text(f"title: Ação\nnote: a{char}b\n", source="s.yaml")
    assert what in str(err.value)
    assert err.value.location is not None and (err.value.location.line, err.value.location.column) == (2, 8)


GAME = """
from typing import Any

from tabroll.kit import Ruleset


class Late(Ruleset[Any, Any]):
    id = "late"
    name = "Late"

    def load_events(self):
        from .events import EVENTS

        return EVENTS


RULESET = Late()
"""

EVENTS = """

from tabroll.events import Event, event_kind


@event_kind("damage")
class Wound(Event, frozen=True, kw_only=True):
    unit: str


EVENTS = (Wound,)
"""


def test_a_game_with_deferred_events_is_refused_when_its_kinds_are_first_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "late_game"
    package.mkdir()
    (package / "__init__.py").write_text(GAME, encoding="utf-8")
    (package / "events.py").write_text(EVENTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    game = __import__("late_game").RULESET
    assert isinstance(game, Ruleset) and "late_game.events" not in sys.modules
    with pytest.raises(InputError) as err:
        game.event_types()
    assert "event kind 'damage' of Wound is a core event kind" in str(err.value)
    assert err.value.tip == "rename the kind in late_game.events"
    for name in ("late_game", "late_game.events"):
        monkeypatch.delitem(sys.modules, name)


def test_every_bundled_game_s_events_are_its_part_and_clash_with_no_core_kind() -> None:
    from tabroll.engine import all_rulesets

    for game in all_rulesets():
        assert game.event_types()
        assert game.load_events() and all(isinstance(cls, type) for cls in game.load_events())


def test_the_core_events_declared_apart_are_found_in_tabroll_events_and_counted_as_core() -> None:
    """``tabroll.events`` hands out the core events of ``tabroll.battle_events`` by name (imported when first asked
    for): the same classes, each a core kind, and a name neither module has is still an AttributeError."""
    import tabroll.battle_events as battle
    import tabroll.events as events

    for cls in battle.CORE_EVENTS:
        assert getattr(events, cls.__name__) is cls
    assert events.CORE_EVENTS is battle.CORE_EVENTS
    assert {"action", "roll", "damage", "defeat", "game_over"} <= set(events.event_types())
    with pytest.raises(AttributeError):
        _ = events.NoSuchEvent  # type: ignore[attr-defined]


def test_the_core_kinds_a_log_lays_out_are_the_kinds_of_the_core_event_classes_in_their_order() -> None:
    """A step log reads the width of its kind column from :data:`tabroll.events.CORE_KINDS`, the classes' kinds
    written out so the classes need not be defined for it."""
    import tabroll.battle_events as battle
    from tabroll.events import CORE_KINDS

    assert tuple(cls.KIND for cls in battle.CORE_EVENTS) == CORE_KINDS


def test_a_step_log_lays_out_its_kind_column_without_defining_the_core_event_classes() -> None:
    import subprocess

    probe = "import sys; from tabroll.render.output import kind_width; kind_width(); print(sorted(sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    assert "'tabroll.battle_events'" not in done.stdout


def test_the_comparison_of_the_whole_is_found_where_it_was() -> None:
    """``tabroll.dice.notation`` hands out ``Compare`` of ``tabroll.dice.extended`` by name (the odds read it there)."""
    import tabroll.dice.extended as extended
    import tabroll.dice.notation as notation

    assert notation.Compare is extended.Compare
    with pytest.raises(AttributeError):
        _ = notation.NoSuchNode  # type: ignore[attr-defined]
