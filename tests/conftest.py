"""Shared test helpers: the ``cli`` fixture runs tabroll through its real error boundary."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, settings

from tabroll.cli.app import main
from tests import support


# Property tests never race the clock: these machines are shared and noisy, and timing belongs to benchmarks/.
# TABROLL_THOROUGH=1 runs every property test with many more examples (see tests/support.examples), the way a
# maintainer hunts for rare internal errors before a release; the default suite stays quick.
def _profile() -> None:
    settings.register_profile(
        "tabroll",
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
        print_blob=True,
        max_examples=support.examples(100),  # Hypothesis's own default, for a test that names no count
    )
    settings.load_profile("tabroll")


_profile()


def _slow_tier(config: pytest.Config) -> bool:
    return str(config.getoption("markexpr", "")).strip() == "slow"


def pytest_configure(config: pytest.Config) -> None:
    """The two tiers of the README's test command. Everyday (``pytest``, ``-m 'not slow'``): every test but the
    slow ones, and each property test with a quarter of its examples. Slow (``pytest -m slow``): the slow tests,
    and every property test again with its full count (see ``tests.support.FULL``). Runs before any test module is
    imported, so the counts the decorators read are the tier's."""
    support.FULL = _slow_tier(config)
    _profile()
    # Every test speaks English unless it chooses a language itself (tests.support.speaking, or --lang): the
    # machine's locale must not change what a test reads, here or in the commands tests start in a subprocess.
    os.environ["TABROLL_LANG"] = "en"


@pytest.fixture(autouse=True)
def _english_again() -> Any:
    """Each test starts in English with no game being played, whatever the test before it spoke."""
    from tabroll import i18n

    i18n.use(i18n.ENGLISH)
    i18n.enter_game(None, "", "")
    yield
    i18n.use(i18n.ENGLISH)
    i18n.enter_game(None, "", "")


@pytest.hookimpl(tryfirst=True)  # before the marker selection drops them
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _slow_tier(config):
        for item in items:
            if item.get_closest_marker("property") or getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
                item.add_marker(pytest.mark.slow)


ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


class Result(msgspec.Struct):
    """What one tabroll command did: its exit code, standard output and standard error."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)

    def jsonl(self) -> list[Any]:
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """``cli("run", path, "--format", "json", stdin="...")`` → :class:`Result`, through ``tabroll.cli.app.main``."""

    def invoke(*args: str, stdin: str = "") -> Result:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        with pytest.raises(SystemExit) as exit_:
            main(list(args))
        captured = capsys.readouterr()
        code = exit_.value.code
        return Result(code=code if isinstance(code, int) else 0, out=captured.out, err=captured.err)

    return invoke


@pytest.fixture
def scenarios_dir() -> Path:
    return SCENARIOS


@pytest.fixture
def started_pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ``jobs`` of every process pool tabroll starts during the test (each pool still starts)."""
    from tabroll.batch import workers

    started: list[int] = []
    real = workers.process_pool

    def counted(jobs: int) -> Any:
        started.append(jobs)
        return real(jobs)

    monkeypatch.setattr(workers, "process_pool", counted)
    return started
