"""Random legal Ahotnik play (Hypothesis stateful testing): from each bundled scenario, random attack phases,
attacks with random synapse choices, summons, Contaminated Terrain and phase transitions, with random dice.

After every action: no count below 0 (shields, life, threat…), every die drawn in exactly one ``roll`` event, a
refused action changes nothing and is not recorded, an Ahotnik or Demon out of play acts no more, and the
journal the game is recorded in replays to the same state. ``TABROLL_THOROUGH=1`` plays 2,000 longer games."""

from __future__ import annotations

import pytest

from tests.support import play_at_random


@pytest.mark.property
def test_random_ahotnik_games_keep_their_invariants() -> None:
    play_at_random("ahotnik", full=30)
