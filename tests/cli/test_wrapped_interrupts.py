"""Ctrl-C that a library turned into an error of its own is still Ctrl-C: one line, exit 130, never "a bug".

pydantic-core catches any exception raised while it builds a validator and raises a ``SchemaError`` that only
quotes it; CI met this once (Ctrl-C while a F0R60D scenario's model was being built: "internal error:
SchemaError ... _Interrupted"). The command-line handler records each Ctrl-C in ``INTERRUPTS`` before it raises;
these tests play that part, then raise what the library would, at each place that catches broad errors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tabroll.errors import INTERRUPTS, InputError

SCENARIO = "scenarios/tabmaster/05-projectile-arqueiro.yaml"


class SchemaError(Exception):
    """Stands for pydantic-core's, which is not a class its users can raise."""


def _wrapping(error: Exception) -> Callable[..., Any]:
    def load(*args: Any, **kwargs: Any) -> Any:
        INTERRUPTS.append(2)  # what the SIGINT handler does before it raises
        raise error

    return load


@pytest.fixture(autouse=True)
def _no_interrupt_left() -> Any:
    yield
    INTERRUPTS.clear()


@pytest.mark.parametrize(
    "error",
    [SchemaError('Error building "literal" validator: _Interrupted'), OSError("wrapped"), InputError("wrapped")],
    ids=["schema-error", "os-error", "input-error"],
)
@pytest.mark.parametrize("command", ["run", "check"])
def test_an_interrupt_wrapped_while_a_file_loads(cli, monkeypatch, error: Exception, command: str) -> None:
    import tabroll.loading.scenario

    monkeypatch.setattr(tabroll.loading.scenario, "load_scenario_file", _wrapping(error))
    result = cli(command, SCENARIO)
    assert result.code == 130
    assert result.err == "interrupted\n"


def test_a_file_that_fails_without_an_interrupt_is_still_a_bug(cli, monkeypatch) -> None:
    import tabroll.loading.scenario

    def load(*args: Any, **kwargs: Any) -> Any:
        raise SchemaError("a real one")

    monkeypatch.setattr(tabroll.loading.scenario, "load_scenario_file", load)
    result = cli("run", SCENARIO)
    assert result.code == 70
    assert "internal error: SchemaError: a real one" in result.err


def test_an_interrupt_wrapped_while_a_game_is_imported(cli, monkeypatch) -> None:
    import importlib

    import tabroll.engine

    real = importlib.import_module

    def import_module(name: str, *args: Any) -> Any:
        if name.endswith(".ahotnik"):
            INTERRUPTS.append(2)
            raise SchemaError("wrapped")
        return real(name, *args)

    monkeypatch.setattr(tabroll.engine, "_REGISTRY", None)
    monkeypatch.setattr(tabroll.engine.importlib, "import_module", import_module)
    result = cli("units", "ahotnik")
    assert result.code == 130
    assert result.err == "interrupted\n"


def test_an_interrupt_where_python_cannot_raise_is_not_printed(cli, monkeypatch) -> None:
    """Ctrl-C that lands in a weak reference's callback (the import system's module locks have one) cannot be
    raised there: Python printed "Exception ignored in …" and a traceback (the slow tier met it once, under load,
    0.388 s into an exact walk). The interrupt is recorded, so the command stops all the same; nothing is printed."""
    import gc
    import sys
    import weakref

    import tabroll.loading.scenario
    from tabroll.cli.app import _Interrupted

    real = tabroll.loading.scenario.load_scenario_file

    def load(*args: Any, **kwargs: Any) -> Any:
        class Lock:
            pass

        lock = Lock()

        def released(ref: Any) -> None:
            INTERRUPTS.append(2)  # the SIGINT handler, run inside the callback
            raise _Interrupted

        held = weakref.ref(lock, released)
        del lock  # the callback runs here; what it raises is "unraisable"
        gc.collect()
        assert held() is None
        return real(*args, **kwargs)

    monkeypatch.setattr(tabroll.loading.scenario, "load_scenario_file", load)
    monkeypatch.setattr(sys, "unraisablehook", sys.__unraisablehook__)  # Python's own (pytest sets one of its own)
    result = cli("run", SCENARIO)
    assert "Exception ignored" not in result.err and "Traceback" not in result.err


def test_other_unraisable_errors_are_still_shown(cli, monkeypatch) -> None:
    import sys

    from tabroll.cli.app import _quiet_interrupts

    seen: list[Any] = []
    hook = _quiet_interrupts(seen.append)

    class Unraisable:
        exc_value = ValueError("a real one")

    hook(Unraisable())
    INTERRUPTS.append(2)
    hook(Unraisable())  # not an interrupt: shown even while one is recorded
    assert len(seen) == 2
    before = sys.unraisablehook
    cli("roll", "1d6", "--seed", "1")
    assert sys.unraisablehook is before  # main() gives a program that called it its own hook back
