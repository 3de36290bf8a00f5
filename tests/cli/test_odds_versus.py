"""``tabroll odds … --vs UNIT``: two attacks against one target, side by side, on the command line."""

from __future__ import annotations

import json


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


def test_vs_refuses_a_picture_and_an_unknown_unit_clearly(cli) -> None:  # type: ignore[no-untyped-def]
    picture = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--vs", "Feiticeiro", "--svg", "x.svg")
    assert picture.code != 0 and "--svg draws one attack's odds" in picture.err
    unknown = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--vs", "Feticeiro")
    assert unknown.code != 0 and "Feiticeiro" in unknown.err and "Traceback" not in unknown.err
