"""A command whose flags are one typed request (:func:`tabroll.cli.flags.takes_request`): Typer sees the
request's fields as the command's parameters, and the command gets them as one request."""

from __future__ import annotations

import inspect
from typing import Annotated

import msgspec
import msgspec.structs
import typer
from typer.testing import CliRunner

from tabroll.cli.commands.odds import MatrixRequest, OddsRequest, matrix, odds
from tabroll.cli.flags import takes_request


class Greeting(msgspec.Struct, frozen=True):
    name: Annotated[str, typer.Argument(help="Who is greeted.", metavar="NAME")]
    times: Annotated[int, typer.Option("--times", help="How many times.", metavar="N")] = 1
    loud: Annotated[bool, typer.Option("--loud", help="In capitals.")] = False


def test_the_command_gets_its_flags_as_one_request() -> None:
    seen: list[Greeting] = []

    @takes_request(Greeting)
    def greet(request: Greeting) -> None:
        seen.append(request)

    app = typer.Typer()
    app.command()(greet)
    runner = CliRunner()
    assert runner.invoke(app, ["Ana", "--times", "3"]).exit_code == 0
    assert runner.invoke(app, ["Bo"]).exit_code == 0
    assert seen == [Greeting("Ana", 3), Greeting("Bo")]
    shown = runner.invoke(app, ["--help"]).output
    assert "NAME" in shown and shown.index("--times") < shown.index("--loud")


def test_the_odds_commands_take_their_requests_fields_in_order() -> None:
    for command, request in ((odds, OddsRequest), (matrix, MatrixRequest)):
        parameters = list(inspect.signature(command).parameters)
        assert parameters == [field.name for field in msgspec.structs.fields(request)]
        assert command.__name__ == request.__name__.removesuffix("Request").lower()
        assert command.__doc__
