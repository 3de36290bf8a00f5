"""Build Ahotnik scenarios in tests and resolve them with exactly the dice a test states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests import support

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "ahotnik"


class Outcome(support.Outcome):
    """The shared outcome (tests/support.py), with this game's own questions."""

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events if e.kind != "action"]

    def ahotnik(self, name: str) -> Any:
        return self.state.ahotnik(name)

    def demon(self, name: str) -> Any:
        return self.state.demon(name)

    def strikes(self) -> list[tuple[str, str, int, int, int]]:
        """(attacker, target, amount, to_shields, to_life) of every unit an attack reached: each ``hit`` (its
        ``result`` is the damage the blow carries) with the ``damage`` its Shields and Life took after it."""
        found: list[tuple[str, str, int, int, int]] = []
        for e in self.events:
            if e.kind == "hit":
                found.append((e.attacker, e.target, e.result, 0, 0))
            elif e.kind == "damage":
                attacker, target, amount, shields, life = found[-1]
                assert (attacker, target) == (e.attacker, e.target), "damage follows the hit on that unit"
                if e.pool == "Shields":
                    found[-1] = (attacker, target, amount, shields + e.amount, life)
                else:
                    found[-1] = (attacker, target, amount, shields, life + e.amount)
        return found


def run_file(path: Path | str, session: list[int] | None = None, **options: Any) -> Outcome:
    return support.run_file(path, session, Outcome, **options)


def run_data(data: dict[str, Any], session: list[int] | None = None, **options: Any) -> Outcome:
    return support.run_data(data, session, Outcome, **options)


def game(
    ahotniks: dict[str, dict[str, Any]],
    actions: list[dict[str, Any]],
    demons: dict[str, dict[str, Any]] | None = None,
    *,
    radius: int = 3,
    threat: int | None = None,
    singularity: list[int] | None = None,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A scenario document; Ahotniks default to Shields 2, Life 6, facing 1."""
    full = {name: {"shields": 2, "life": 6, "facing": 1, **spec} for name, spec in ahotniks.items()}
    map_spec: dict[str, Any] = {"radius": radius}
    if singularity is not None:
        map_spec["singularity"] = singularity
    return {
        "ruleset": "ahotnik",
        "options": options or {},
        "map": map_spec,
        "threat": threat if threat is not None else len(ahotniks) + 2,
        "ahotniks": full,
        "demons": demons or {},
        "actions": actions,
        **extra,
    }


def attack(name: str, choice: Any, **more: Any) -> dict[str, Any]:
    return {"do": "attack", "ahotnik": name, "choice": choice, **more}
