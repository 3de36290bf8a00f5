"""A game's catalogue names, declared in a small JSON file so ``tabroll attack`` without ``--ruleset`` finds the
game without loading its models, stay equal to its catalogue."""

from __future__ import annotations

import subprocess
import sys

from tabroll.engine import all_rulesets, find_ruleset


def test_every_declared_catalogue_file_names_exactly_the_catalogue() -> None:
    for game in all_rulesets():
        assert (game.catalogue_file is None) == (game.catalogue() == {}), f"{game.id}: a catalogue needs its file"
        assert game.catalogue_names() == list(game.catalogue()), game.id
    assert find_ruleset("tabmaster").catalogue_file is not None


def test_tabmaster_names_its_catalogue() -> None:
    assert find_ruleset("tabmaster").catalogue_names()[:3] == ["Lanceiro", "Alquimista", "Cavaleiro"]


def test_finding_the_game_of_two_units_loads_no_model_and_no_yaml() -> None:
    probe = (
        "import sys\n"
        "from tabroll.engine import ruleset_for_units\n"
        "assert ruleset_for_units(None, ['Lanceiro', 'arqueiro']).id == 'tabmaster'\n"
        "print(sorted(m for m in sys.modules if m == 'yaml' or m == 'pydantic' or m.endswith('.model')))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_bundled_tables_read_the_same_with_either_yaml_loader() -> None:
    import yaml

    from tabroll.rulesets.tabmaster import elements, model

    folder = find_ruleset("tabmaster").folder()
    for table in ("units.yaml", "elements.yaml"):
        text = (folder / table).read_text(encoding="utf-8")
        assert yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) == yaml.safe_load(text)
    assert list(model.catalogue()) == find_ruleset("tabmaster").catalogue_names()
    assert "fire" in elements.element_table()


def test_the_tabmaster_catalogue_is_units_yaml_as_it_is() -> None:
    """``units.json``, read at run time without the YAML reader, holds exactly what ``units.yaml`` says, in its
    order (regenerate it from the YAML file when that changes)."""
    import yaml

    from tabroll.rulesets.tabmaster import model

    game = find_ruleset("tabmaster")
    written = yaml.safe_load((game.folder() / "units.yaml").read_text(encoding="utf-8"))
    assert model.catalogue() == written
    assert list(model.catalogue()) == list(written) == game.catalogue_names()
    assert [list(unit) for unit in model.catalogue().values()] == [list(unit) for unit in written.values()]
