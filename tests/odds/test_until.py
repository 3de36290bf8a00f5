"""Attacks to defeat (``tabroll odds … --until defeat``), pinned against chains worked by hand from the rules.

TAB MASTER: a Lanceiro (DAN 1d20) against a Soldado (DEF 9) defeats it when the damage is greater than DEF: 11
faces of 20. Nothing carries over from one attack to the next (no VIT; the flip is undone by the new round between
them), so the number of rounds is geometric with p = 11/20.

F0R60D: a card with FA 2 against one with PV 6 and Absorción 3 (active), no bonuses. Each strike: 1d10 against
1d10 evasion, evaded when the evasion is at least the attack (so a natural 10 on evasion always evades, and a natural
10 on the attack, a critical, is beaten only by another); not evaded, it deals 1d10 (doubled on a critical) less 3
when it is the first hit of the round, floored at 0. The absorption is once per round, so within one turn of two
strikes only the first hit is absorbed, and a new round between two turns makes it ready again: a Markov chain over
(PV left, absorption ready), written out below without tabroll.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from tabroll.loading.quick import AttackWords, describe_attack
from tabroll.odds.exact import FINAL, exact_odds
from tabroll.odds.until import compute_until


def attack(attacker: str, target: str, ruleset: str, **fields: str) -> Any:
    return describe_attack(
        AttackWords(
            scenario_file=None,
            attacker=attacker,
            target=target,
            ruleset=ruleset,
            fields=fields,
            settings={},
            attacker_stats={},
            target_stats={},
            options={},
            action_index=None,
            command="odds",
        )
    )


def chain_of(described: Any, cap: int, **kwargs: Any) -> Any:
    return compute_until(described.ruleset, described.state, described.action, cap=cap, **kwargs)


def exact_rows(until: Any) -> list[Fraction]:
    return [row.defeated.exact for row in until.rows]


# --- TAB MASTER: geometric --------------------------------------------------------------------------------------


def test_a_lanceiro_against_a_soldado_is_geometric_with_the_chance_of_one_attack() -> None:
    p = Fraction(11, 20)  # 1d20 > DEF 9: faces 10 to 20
    q = 1 - p
    cap = 20
    until = chain_of(attack("Lanceiro", "Soldado", "tabmaster"), cap)
    assert until.method == "exact"
    assert until.target == "Soldado" and until.attacker == "Lanceiro"
    assert until.counts == "rounds"  # TAB MASTER begins a new round between two attacks (the flip)
    assert exact_rows(until) == [p * q ** (k - 1) for k in range(1, cap + 1)]
    assert [row.within.exact for row in until.rows] == [1 - q**k for k in range(1, cap + 1)]
    assert until.standing.exact == q**cap
    assert until.could_not_total.exact == 0 and not until.could_not
    mean = sum(k * p * q ** (k - 1) for k in range(1, cap + 1)) / (1 - q**cap)
    assert until.mean is not None and until.mean.exact == mean
    assert until.states == 1  # every surviving outcome leaves the same state: they are merged


def test_the_mean_tends_to_one_over_p_as_the_cap_grows() -> None:
    until = chain_of(attack("Lanceiro", "Soldado", "tabmaster"), 200)
    assert until.mean is not None and abs(until.mean.exact - Fraction(20, 11)) < Fraction(1, 10**40)


def test_an_archer_out_of_arrows_could_not_attack_again() -> None:
    """Two arrows: the third shot cannot be made (the rules refuse it), counted apart with their reason."""
    described = attack(
        "Bow ATK='1d10 (Projétil: Flecha)' DAN=1d20 ammo='{Flecha: 2}'", "Lanceiro", "tabmaster", distance="4"
    )
    p = Fraction(7, 10) * Fraction(14, 20)  # 1d10 >= distance 4, then 1d20 > DEF 6
    until = chain_of(described, 5)
    assert exact_rows(until) == [p, (1 - p) * p, 0, 0, 0]
    assert until.rows[2].could_not.exact == (1 - p) ** 2
    assert until.could_not_total.exact == (1 - p) ** 2
    assert until.standing.exact == 0
    [(reason, estimate)] = until.could_not.items()
    assert "Flecha" in reason and estimate.exact == (1 - p) ** 2


# --- F0R60D: absorption once per round --------------------------------------------------------------------------

D10 = range(1, 11)
HUNDREDTH = Fraction(1, 100)


def strike(life: int, ready: bool) -> dict[tuple[int, bool], Fraction]:
    """One strike on a card with ``life`` PV left, its Absorción 3 ``ready`` or used this round: the (PV left,
    ready) it leaves, PV 0 or less for a card annihilated."""
    out: dict[tuple[int, bool], Fraction] = {}

    def add(key: tuple[int, bool], weight: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + weight

    for a in D10:
        for e in D10:
            if e >= a:  # evaded: the defender wins ties, a natural 10 evades, a critical falls only to a 10
                add((life, ready), HUNDREDTH)
                continue
            for d in D10:
                damage = max(0, d * (2 if a == 10 else 1) - (3 if ready else 0))
                add((life - damage, False), HUNDREDTH / 10)
    return out


def turn(life: int) -> dict[int, Fraction]:
    """One turn of two strikes from a new round (absorption ready): PV left, 0 for annihilated."""
    out: dict[int, Fraction] = {}
    for (left, ready), weight in strike(life, True).items():
        if left <= 0:
            out[0] = out.get(0, Fraction(0)) + weight
            continue
        for (after, _), second in strike(left, ready).items():
            key = max(after, 0)
            out[key] = out.get(key, Fraction(0)) + weight * second
    return out


def hand_chain(
    life: int, cap: int, round_of: Callable[[int], dict[int, Fraction]] | None = None
) -> tuple[list[Fraction], Fraction]:
    """P(annihilated in round k) for k = 1..cap, and P(still standing after cap rounds), each round's PV left
    given by ``round_of`` (a round of two strikes, :func:`turn`, by default)."""
    one_round = turn if round_of is None else round_of
    alive = {life: Fraction(1)}
    fallen: list[Fraction] = []
    for _ in range(cap):
        nxt: dict[int, Fraction] = {}
        dead = Fraction(0)
        for pv, weight in alive.items():
            for left, mass in one_round(pv).items():
                if left == 0:
                    dead += weight * mass
                else:
                    nxt[left] = nxt.get(left, Fraction(0)) + weight * mass
        fallen.append(dead)
        alive = nxt
    return fallen, sum(alive.values(), Fraction(0))


FORGOD_TARGET = "Elf PV=6 Absorción=3 absorption_active=true"


def test_one_strike_by_hand() -> None:
    """The hand's strike on its own: P(hit) 45/100 (9/100 critical), and one attack's P(annihilated) with FA 1."""
    hits = sum(w for (left, _), w in strike(6, True).items() if (left, _) != (6, True))
    assert hits == Fraction(45, 100)
    fallen = sum(w for (left, _), w in strike(6, True).items() if left <= 0)
    assert fallen == Fraction(9, 100) * Fraction(6, 10) + Fraction(36, 100) * Fraction(2, 10)  # 2d-3 >= 6; d-3 >= 6


def test_one_attack_a_round_against_the_hand_chain() -> None:
    """FA 1: every hit is the first of its round, so every hit is absorbed; PV carries over."""
    described = attack("Orc", FORGOD_TARGET, "forgod")
    cap = 4
    until = chain_of(described, cap)

    def one(life: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for (left, _), w in strike(life, True).items():
            out[max(left, 0)] = out.get(max(left, 0), Fraction(0)) + w
        return out

    fallen, standing = hand_chain(6, cap, one)
    assert exact_rows(until) == fallen
    assert until.standing.exact == standing


def test_two_strikes_a_round_absorb_once_against_the_hand_chain() -> None:
    described = attack("Orc FA=2", FORGOD_TARGET, "forgod")
    cap = 3
    until = chain_of(described, cap)
    fallen, standing = hand_chain(6, cap)
    assert until.method == "exact" and until.counts == "rounds"
    assert exact_rows(until) == fallen
    assert until.standing.exact == standing
    assert until.could_not_total.exact == 0
    mean = sum(k * f for k, f in enumerate(fallen, start=1)) / sum(fallen)
    assert until.mean is not None and until.mean.exact == mean


def test_without_the_new_round_the_absorption_would_be_spent() -> None:
    """The hand chain differs from one where the absorption stays used after the first round: the pin sees the
    game's rule for what a new round resets, not only the PV carried over."""
    fallen, _ = hand_chain(6, 2)

    def used_forever(life: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for (left, _), w in strike(life, False).items():
            if left <= 0:
                out[0] = out.get(0, Fraction(0)) + w
                continue
            for (after, _), second in strike(left, False).items():
                out[max(after, 0)] = out.get(max(after, 0), Fraction(0)) + w * second
        return out

    after_one = {pv: w for pv, w in turn(6).items() if pv}
    second = sum((w * used_forever(pv).get(0, Fraction(0)) for pv, w in after_one.items()), Fraction(0))
    assert second != fallen[1]


# --- what an attack cannot do again -------------------------------------------------------------------------------


def test_an_attacker_defeated_by_the_counterattack_could_not_attack_again() -> None:
    """Gathering of Heroes: the defender counterattacks; an attacker it destroys makes no further attack."""
    described = attack("A P=1 T=1 Life=1", "B P=1 T=1 Life=2", "mtg_heroes")
    until = chain_of(described, 3)
    assert until.method == "exact"
    assert any("out of the fight" in reason for reason in until.could_not)
    assert until.rows[0].could_not.exact == 0  # the first attack is always made
    total = sum(exact_rows(until)) + until.could_not_total.exact + until.standing.exact
    assert total == 1


# --- the exact walk's final states ------------------------------------------------------------------------------


def test_the_walk_gives_the_final_states_with_their_exact_weights() -> None:
    described = attack("Lanceiro", "Soldado", "tabmaster")
    result = exact_odds(
        described.ruleset,
        described.state,
        described.action,
        finals=lambda after, events: after.unit("Soldado").defeated,
    )
    assert result.tally.values[FINAL] == {True: Fraction(11, 20), False: Fraction(9, 20)}
    plain = exact_odds(described.ruleset, described.state, described.action)
    assert FINAL not in plain.tally.values
    assert {k: v for k, v in result.tally.values.items() if k != FINAL} == plain.tally.values


# --- simulated ------------------------------------------------------------------------------------------------


def test_a_simulated_chain_is_seeded_and_states_its_intervals() -> None:
    described = attack("Lanceiro", "Soldado", "tabmaster")
    first = chain_of(described, 10, trials=3000, seed=5)
    again = chain_of(described, 10, trials=3000, seed=5)
    assert first.method == "monte_carlo" and first.samples == 3000
    assert [r.defeated.value for r in first.rows] == [r.defeated.value for r in again.rows]
    row = first.rows[0]
    assert row.defeated.low is not None and row.defeated.high is not None
    assert row.defeated.low <= 11 / 20 <= row.defeated.high
    assert first.mean is not None and first.mean.low is not None and first.mean.low < 20 / 11 < first.mean.high


def test_over_the_budget_the_chain_is_simulated_and_says_so() -> None:
    described = attack("Orc FA=2", FORGOD_TARGET, "forgod")
    until = chain_of(described, 3, budget=500, fallback_trials=200)
    assert until.method == "monte_carlo" and until.samples == 200
    assert "--budget" in until.note and "simulated 200 chains" in until.note


@pytest.mark.parametrize("cap", [1, 2])
def test_probabilities_add_up_to_one(cap: int) -> None:
    until = chain_of(attack("Orc", FORGOD_TARGET, "forgod"), cap)
    assert sum(exact_rows(until)) + until.could_not_total.exact + until.standing.exact == 1


def test_every_game_chains_its_attack() -> None:
    """BotSE ends the adventurer's turn between two engages (Recovery), Ahotnik has no rule between attacks (the
    attacks count as attacks, not rounds); each chain adds up to 1."""
    for described, counts in (
        (attack("Hero", "Draugr defense=1 health=2", "botse", gather="Combat"), "rounds"),
        (attack("Eagle", "Wolf Vita=9 Scudi=1", "ahotnik", pilots="2,2"), "attacks"),
    ):
        until = chain_of(described, 6)
        assert until.method == "exact" and until.counts == counts
        assert sum(exact_rows(until)) + until.could_not_total.exact + until.standing.exact == 1
        assert until.rows[-1].within.exact > until.rows[0].within.exact


def test_a_gathering_chain_walks_each_battle_once_whatever_the_turn_number(monkeypatch) -> None:
    """Gathering of Heroes counts turns, and no rule reads the count: the state a new attack starts from keeps the
    turn number, so the chain meets the same dozen battles each turn and walks each once (it used to walk them
    all again every turn, past its budget, and was simulated). The figures are those of a chain that counts."""
    from msgspec.structs import replace

    described = attack("A P=1 T=1 Life=3", "B P=1 T=1 Life=3", "mtg_heroes")
    whole = chain_of(described, 20)
    assert whole.method == "exact" and whole.states <= 12
    kept = described.ruleset.next_attack_rule()
    assert kept is not None

    def counting(battle: Any, action: Any) -> Any:
        return replace(kept(battle, action), turn=battle.turn + 1)

    monkeypatch.setattr(type(described.ruleset), "next_attack_rule", lambda self: counting)
    counted = chain_of(described, 4)
    assert counted.method == "exact"
    assert exact_rows(counted) == exact_rows(whole)[:4]
    assert [row.could_not.exact for row in counted.rows] == [row.could_not.exact for row in whole.rows[:4]]
