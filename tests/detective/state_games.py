"""Games played by random legal moves on ``DetectiveState`` (a move kind chosen first, so
that reveals, looks, bluffs and accusations all come up), not by the simulator's
policy: the State alone must keep them legal.  Shared by test_state and test_soundness."""

from __future__ import annotations

import random
from itertools import groupby

from suiri.models.detective.game import GAME
from suiri.models.detective.state import (
    Accusation,
    Deduction,
    DetectiveState,
    EndTurn,
    LookAt,
    Move,
    Response,
    RevealCard,
)


def random_move(state: DetectiveState, rng: random.Random) -> Move:
    """A random legal move, its kind chosen first (deductions would swamp the rest)."""
    player = state.current_player()
    assert player is not None
    kinds: dict[type, list[Move]] = {}
    for kind, run in groupby(state.legal_moves(player), type):
        kinds.setdefault(kind, []).extend(run)
    weights = {Deduction: 6, RevealCard: 2, LookAt: 2, Accusation: 0.3, EndTurn: 4, Response: 1}
    kind = rng.choices(list(kinds), [weights[k] for k in kinds])[0]
    return rng.choice(kinds[kind])


def play(variant: str, players: int, seed: int, moves: int) -> DetectiveState:
    rng = random.Random(seed)
    state = GAME.new_state(players, seed, variant)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(random_move(state, rng))
    return state


def answered(state: DetectiveState, rng: random.Random) -> DetectiveState:
    """The state with any pending deduction answered (records show it only then)."""
    while state.asking is not None:
        state.apply(random_move(state, rng))
    return state
