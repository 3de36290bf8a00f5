"""``tabroll odds … --vs UNIT``: two attacks against one target, side by side, on the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path


def test_two_catalogue_profiles_side_by_side(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--vs", "Feiticeiro", "--format", "text")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[:2] == ["A: Lanceiro attacks Soldado", "B: Feiticeiro attacks Soldado"]
    assert "  P(defeated: Soldado)     55.00%      0.00%    +55.00%" in lines
    assert "  mean damage              10.500      3.500     +7.000" in lines
    assert "damage: A deals more 82.50% = 33/40 · as much 5.00% = 1/20 · B deals more 12.50% = 1/8" in lines


def test_two_forms_of_one_attack_with_vs_set(cli) -> None:  # type: ignore[no-untyped-def]
    # Arqueiro's Projectile (1d10 ≥ distance 1 always hits, DAN 1d20) against its secondary (ATK 1, DAN 1d4):
    # P(1d20 > 1d4) = 1/4 · Σ_{s=1..4} (20 − s)/20 = 70/80 = 7/8, equal 4/80 = 1/20, less 6/80 = 3/40.
    result = cli("odds", "-a", "Arqueiro", "-t", "Soldado", "--vs-set", "using=secondary", "--format", "json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert document["b"]["label"] == "Arqueiro attacks Soldado (secondary attack)"
    assert document["damage"]["a_more"]["exact"] == "7/8"
    assert document["damage"]["equal"]["exact"] == "1/20"
    assert document["damage"]["b_more"]["exact"] == "3/40"
    assert document["differences"]["mean damage"]["exact"] == "8"


def test_vs_refuses_an_unknown_unit_clearly(cli) -> None:  # type: ignore[no-untyped-def]
    unknown = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--vs", "Feticeiro")
    assert unknown.code != 0 and "Feiticeiro" in unknown.err and "Traceback" not in unknown.err


def test_vs_draws_both_attacks_in_one_picture(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    picture = tmp_path / "both.svg"
    result = cli(
        "odds", "-a", "Lanceiro", "-t", "Soldado", "--vs", "Feiticeiro", "--svg", str(picture), "--format", "json"
    )
    assert result.code == 0, result.err
    svg = picture.read_text(encoding="utf-8")
    # A: Lanceiro's DAN 1d20 (20 bars of 1/20), B: Feiticeiro's 1d6 (6 bars of 1/6), one legend entry each
    assert len(re.findall(r'class="bar" data-series="0"', svg)) == 20
    assert len(re.findall(r'class="bar" data-series="1"', svg)) == 6
    labels = re.findall(r'class="entry-label">([^<]*)<', svg)
    assert labels == [
        "A: Lanceiro attacks Soldado · attack: damage, mean 10.500 = 21/2",
        "B: Feiticeiro attacks Soldado · attack: damage, mean 3.500 = 7/2",
    ]
    assert "damage: A deals more 82.50% = 33/40 · as much 5.00% = 1/20 · B deals more 12.50% = 1/8" in svg


def test_vs_set_overrides_the_first_attacks_own_field(cli) -> None:  # type: ignore[no-untyped-def]
    # Lanceiro reaches 2 squares (ATK 2): at distance 1 it always hits Alquimista, at 3 the rules refuse it.
    result = cli("odds", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "1", "--vs-set", "distance=3",
                 "--format", "json")  # fmt: skip
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert document["b"]["label"] == "Lanceiro attacks Alquimista (distance=3)"
    assert document["differences"]["P(hit)"]["exact"] == "1"
    assert document["b"]["refused"] != {}


def test_vs_set_overrides_a_gathering_in_botse(cli) -> None:  # type: ignore[no-untyped-def]
    words = ("odds", "-r", "botse", "-a", "Ayrenn", "-t", "Draugr", "--gather", "Combat,Sword")
    alone = json.loads(cli(*words, "--format", "json").out)
    bow = json.loads(cli(*words[:-1], "Bow", "--format", "json").out)
    result = cli(*words, "--vs-set", "gather=Bow", "--format", "json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert document["a"]["probabilities"] == alone["probabilities"]
    assert document["b"]["probabilities"] == bow["probabilities"]
    assert document["a"]["probabilities"] != document["b"]["probabilities"]
