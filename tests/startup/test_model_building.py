"""How the games' scenario models are built: nothing in them makes a start pay for work no answer needs."""

from __future__ import annotations

import importlib
import inspect

import pytest
from pydantic import BaseModel

from tabroll.engine import ruleset_ids


def _models(module_name: str) -> list[type[BaseModel]]:
    module = importlib.import_module(module_name)
    return [
        value
        for value in vars(module).values()
        if inspect.isclass(value) and issubclass(value, BaseModel) and value.__module__ == module_name
    ]


@pytest.mark.parametrize("module_name", ["tabroll.kit.models", *(f"tabroll.rulesets.{g}.model" for g in ruleset_ids())])
def test_no_model_field_takes_a_builtin_as_its_default_factory(module_name: str) -> None:
    """``default_factory=list`` makes pydantic read the builtin's text signature, which :mod:`inspect` parses with
    :mod:`tokenize` (its regular expressions compiled at each start): the kit's ``empty_list``/``empty_dict`` are
    read at once."""
    builtin = [
        f"{model.__name__}.{name}"
        for model in _models(module_name)
        for name, info in model.model_fields.items()
        if inspect.isbuiltin(info.default_factory) or getattr(info.default_factory, "__module__", "") == "builtins"
    ]
    assert builtin == []


def test_the_empty_factories_make_a_new_value_each_time() -> None:
    from tabroll.kit.models import empty_dict, empty_list

    assert empty_list() == [] and empty_list() is not empty_list()
    assert empty_dict() == {} and empty_dict() is not empty_dict()
