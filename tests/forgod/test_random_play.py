"""Random legal F0R60D play (Hypothesis stateful testing): from each bundled scenario, random initiative, attacks,
moves, charges, shields, royal guards, flanks, abilities, heals, checks, strategy changes and reinforcements.

After every action: no count below 0 (life, cards…), every die drawn in exactly one ``roll`` event, a
refused action changes nothing and is not recorded, a card defeated or fled acts no more, and the
journal the game is recorded in replays to the same state. ``TABROLL_THOROUGH=1`` plays 2,000 longer games."""

from __future__ import annotations

import pytest

from tests.support import play_at_random


@pytest.mark.property
def test_random_forgod_games_keep_their_invariants() -> None:
    play_at_random("forgod", full=30)
