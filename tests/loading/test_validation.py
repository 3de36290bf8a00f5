"""Validation errors in a player's words: exact file:line:column, YAML field paths, plain messages and tips."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from tabroll.errors import InputError, Location
from tabroll.loading.validation import MAX_LISTED, validate
from tabroll.loading.yaml_source import YamlDocument, load_yaml_text


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Stats(Frozen):
    attack: int = Field(validation_alias=AliasChoices("attack", "ATK"), ge=0)
    hp: int = Field(ge=1)


class Melee(Frozen):
    kind: Literal["melee"]
    reach: int = 1


class Ranged(Frozen):
    kind: Literal["ranged"]
    range: int
    ammo: int = 10


class Unit(Frozen):
    name: str = Field(min_length=1)
    stats: Stats
    attack_type: Literal["common", "trample", "magic"] = "common"
    weapon: Annotated[Melee | Ranged, Field(discriminator="kind")] = Melee(kind="melee")
    position: tuple[int, int]
    tags: list[str] = []
    bonus: int | str = 0

    @field_validator("name")
    @classmethod
    def _not_reserved(cls, value: str) -> str:
        if value.lower() == "nobody":
            raise ValueError("'nobody' is reserved; pick another name")
        return value


class Scenario(Frozen):
    title: str
    units: list[Unit] = Field(min_length=1)
    table: dict[int, str] = {}

    @model_validator(mode="after")
    def _unique_names(self) -> Scenario:
        names = [u.name for u in self.units]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"two units are called '{name}'")
        return self


GOOD = """\
title: Skirmish
units:
  - name: Lanceiro
    stats: {ATK: 3, hp: 10}
    position: [0, 0]
  - name: Arqueiro
    stats:
      attack: 2
      hp: 6
    weapon: {kind: ranged, range: 4}
    position: [2, 1]
"""


def doc_of(text: str) -> YamlDocument:
    return load_yaml_text(text, source="s.yaml")


def error_of(text: str, model: type[BaseModel] = Scenario, **kwargs: Any) -> InputError:
    with pytest.raises(InputError) as caught:
        validate(model, doc_of(text), **kwargs)
    return caught.value


def with_unit(unit_lines: str) -> str:
    """GOOD with its second unit replaced by the given YAML lines (indented under '  - ')."""
    return GOOD.split("  - name: Arqueiro")[0] + unit_lines


# the tip of a value the model refuses, where it has none of its own
WHAT_IT_TAKES = "\nTip: what this field takes: tabroll schema scenario -r GAME"


def test_valid_data_gives_the_model() -> None:
    scenario = validate(Scenario, doc_of(GOOD))
    assert scenario.units[0].stats == Stats(attack=3, hp=10)
    assert scenario.units[1].weapon == Ranged(kind="ranged", range=4)


def test_a_wrong_type_points_at_the_value() -> None:
    err = error_of(GOOD.replace("ATK: 3", "ATK: two"))
    assert err.describe() == "s.yaml:4:18: units[0].stats.ATK: expected a whole number, got 'two'" + WHAT_IT_TAKES
    assert err.location == Location("s.yaml", 4, 18, "units[0].stats.ATK")


def test_an_unknown_field_points_at_the_key_and_suggests_the_nearest() -> None:
    err = error_of(GOOD.replace("      attack: 2", "      atack: 2"))
    assert err.message == "found 2 problems:\n" + "\n".join(
        [
            "s.yaml:7:5: units[1].stats: missing required field 'attack' (also accepted as 'ATK')",
            "s.yaml:8:7: units[1].stats.atack: unknown field 'atack' — did you mean 'attack'?",
        ]
    )
    assert err.location == Location("s.yaml")


def test_a_single_unknown_field_has_its_tip_apart() -> None:
    err = error_of(GOOD.replace("position: [0, 0]", "position: [0, 0]\n    Tags: [a]"))
    assert err.describe() == "s.yaml:6:5: units[0].Tags: unknown field 'Tags'\nTip: did you mean 'tags'?"


def test_suggestions_ignore_case_and_list_the_fields_when_nothing_is_close() -> None:
    err = error_of(GOOD.replace("{ATK: 3, hp: 10}", "{atk: 3, hp: 10}"))
    assert err.message.splitlines()[2] == "s.yaml:4:13: units[0].stats.atk: unknown field 'atk' — did you mean 'ATK'?"
    err = error_of(GOOD.replace("{ATK: 3, hp: 10}", "{ATK: 3, hp: 10, zzz: 1}"))
    assert (err.message, err.tip) == ("unknown field 'zzz'", "valid fields here: attack, ATK, hp")


def test_a_missing_field_points_at_the_mapping_that_lacks_it() -> None:
    err = error_of(GOOD.replace("    position: [2, 1]\n", ""))
    assert err.describe() == (
        "s.yaml:6:5: units[1]: missing required field 'position'\n"
        "Tip: add 'position:' here; every field and what it takes: tabroll schema scenario -r GAME"
    )
    err = error_of("units: []\n")
    assert err.message.splitlines()[1:] == [
        "s.yaml:1:1: missing required field 'title'",
        "s.yaml:1:8: units: expected at least 1 item, got 0",
    ]


def test_a_literal_lists_the_choices_and_the_nearest() -> None:
    err = error_of(with_unit("  - name: B\n    stats: {ATK: 1, hp: 1}\n    position: [1, 1]\n    attack_type: comon\n"))
    assert err.describe() == (
        "s.yaml:9:18: units[1].attack_type: expected one of: common, trample, magic (got 'comon') "
        "— did you mean 'common'?" + WHAT_IT_TAKES
    )


def test_discriminated_union_paths_drop_the_tag() -> None:
    err = error_of(GOOD.replace("{kind: ranged, range: 4}", "{kind: ranged, range: far, amo: 3}"))
    assert err.message.splitlines()[1:] == [
        "s.yaml:10:35: units[1].weapon.range: expected a whole number, got 'far'",
        "s.yaml:10:40: units[1].weapon.amo: unknown field 'amo' — did you mean 'ammo'?",
    ]


def test_discriminated_union_tag_problems() -> None:
    err = error_of(GOOD.replace("{kind: ranged, range: 4}", "{kind: ranget, range: 4}"))
    assert err.describe() == (
        "s.yaml:10:20: units[1].weapon.kind: expected kind to be one of: melee, ranged (got 'ranget') "
        "— did you mean 'ranged'?" + WHAT_IT_TAKES
    )
    err = error_of(GOOD.replace("{kind: ranged, range: 4}", "{range: 4}"))
    assert err.describe() == (
        "s.yaml:10:13: units[1].weapon: missing required field 'kind' (one of: melee, ranged)\n"
        "Tip: add 'kind:' here; every field and what it takes: tabroll schema scenario -r GAME"
    )


def test_a_plain_union_is_one_message_not_a_wall() -> None:
    err = error_of(GOOD.replace("position: [0, 0]", "position: [0, 0]\n    bonus: [1]"))
    assert err.describe() == "s.yaml:6:12: units[0].bonus: expected a whole number or text, got a list" + WHAT_IT_TAKES


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("name: Lanceiro", "name: Nobody", "s.yaml:3:11: units[0].name: 'nobody' is reserved; pick another name"),
        (
            "name: Lanceiro",
            "name: ''",
            "s.yaml:3:11: units[0].name: expected text of at least 1 character, got empty text",
        ),
        ("name: Lanceiro", "name: 12", "s.yaml:3:11: units[0].name: expected text, got 12"),
        ("hp: 10", "hp: 0", "s.yaml:4:25: units[0].stats.hp: expected a number at least 1, got 0"),
        ("{ATK: 3, hp: 10}", "[3, 10]", "s.yaml:4:12: units[0].stats: expected a mapping of fields, got a list"),
        ("position: [0, 0]", "position: [0, 0, 0]", "s.yaml:5:15: units[0].position: expected at most 2 items, got 3"),
        (
            "position: [0, 0]",
            "position: [0, 0]\n    tags: abc",
            "s.yaml:6:11: units[0].tags: expected a list, got 'abc'",
        ),
        ("name: Arqueiro", "name: Lanceiro", "s.yaml:1:1: two units are called 'Lanceiro'"),
        (
            "title: Skirmish",
            "title: Skirmish\ntable: {a: one}",
            "s.yaml:2:9: table.a: the key 'a': expected a whole number, got 'a'",
        ),
    ],
)
def test_common_problems_in_plain_words(old: str, new: str, expected: str) -> None:
    err = error_of(GOOD.replace(old, new, 1))
    said, _, tip = err.describe().partition("\nTip: ")
    assert said == expected and tip == err.tip and tip


def test_an_empty_document_is_not_a_mapping() -> None:
    err = error_of("---\n")
    assert err.message == "expected a mapping of fields, got nothing (an empty value)"
    assert err.location is not None and err.location.file == "s.yaml"


def test_many_problems_are_listed_in_file_order_and_capped() -> None:
    units = "".join(f"  - {{name: u{i}, stats: {{ATK: 1, hp: 0}}, position: [0, {i}]}}\n" for i in range(25))
    err = error_of("title: Many\nunits:\n" + units)
    lines = err.message.splitlines()
    assert lines[0] == "found 25 problems:"
    assert lines[1] == "s.yaml:3:36: units[0].stats.hp: expected a number at least 1, got 0"
    assert lines[MAX_LISTED] == "s.yaml:22:37: units[19].stats.hp: expected a number at least 1, got 0"
    assert lines[-1] == "and 5 more"
    assert len(lines) == MAX_LISTED + 2


def test_problems_are_available_one_by_one() -> None:
    doc = doc_of(GOOD.replace("ATK: 3", "ATK: x").replace("hp: 6", "hp: -1"))
    with pytest.raises(InputError) as caught:
        validate(Scenario, doc)
    found = caught.value.problems
    assert [(p.location.line, p.location.field) for p in found] == [(4, "units[0].stats.ATK"), (9, "units[1].stats.hp")]


def test_a_sub_tree_is_located_with_its_base_path() -> None:
    doc = doc_of(GOOD.replace("hp: 6", "hp: six"))
    with pytest.raises(InputError) as caught:
        validate(Stats, doc, data=doc.data["units"][1]["stats"], base_path=("units", 1, "stats"))
    assert (
        caught.value.describe() == "s.yaml:9:11: units[1].stats.hp: expected a whole number, got 'six'" + WHAT_IT_TAKES
    )


def test_an_explicit_none_is_validated_not_replaced_by_the_document() -> None:
    doc = doc_of("stats:\n")
    with pytest.raises(InputError) as caught:
        validate(Stats, doc, data=doc.data["stats"], base_path=("stats",))
    assert caught.value.describe() == (
        "s.yaml:1:7: stats: expected a mapping of fields, got nothing (an empty value)\n"
        "Tip: 'stats:' has nothing after it (or says null or ~), which YAML reads as empty: write a mapping of fields "
        "after it, or remove the line if the field is optional"
    )


def test_context_reaches_the_model() -> None:
    class Limited(Frozen):
        hp: int

        @field_validator("hp")
        @classmethod
        def _cap(cls, value: int, info: ValidationInfo) -> int:
            cap = (info.context or {}).get("cap", 100)
            if value > cap:
                raise ValueError(f"hp may be at most {cap} in this game")
            return value

    assert validate(Limited, doc_of("hp: 50\n")).hp == 50
    err = error_of("hp: 50\n", Limited, context={"cap": 20})
    assert err.describe() == "s.yaml:1:5: hp: hp may be at most 20 in this game" + WHAT_IT_TAKES


def test_our_own_errors_raised_in_a_validator_keep_their_words_and_tip() -> None:
    class Dice(Frozen):
        roll: str

        @field_validator("roll")
        @classmethod
        def _parse(cls, value: str) -> str:
            if "d" not in value:
                raise InputError(f"cannot read the dice {value!r}", tip="write dice like 2d6")
            return value

    err = error_of("roll: seven\n", Dice)
    assert err.describe() == "s.yaml:1:7: roll: cannot read the dice 'seven'\nTip: write dice like 2d6"


def test_a_document_without_positions_still_names_file_and_field() -> None:
    with pytest.raises(InputError) as caught:
        validate(Stats, YamlDocument({"ATK": "x", "hp": 1}, "built.yaml"))
    assert caught.value.describe() == "built.yaml: ATK: expected a whole number, got 'x'" + WHAT_IT_TAKES
