"""Seeded random legal games of Canary: random legal moves on a ``CanaryState``.

Each turn the player to move picks one of ``state.legal_moves``: a step with a taste
for unexplored squares, then, looking at the card there (R8: the declaration replaces
the check), a declaration where the state offers one (R4 allows the fake holder
anywhere, R5 face-up cards) at today's rates: less often on cards with fewer
attributes than a goal needs, and less often as the fake holder, who is guessing.
Strategy is random on purpose (R7: strategy is not evidence).  One seed gives one game:
the deal and the corners come first from the seed's generator, then every choice.  The
game is a ``simulation.SimulatedGame``; ``forget`` writes a record with some of its
viewer's own faces left out.
"""

from __future__ import annotations

import random
from dataclasses import replace

from suiri.models.simulation import SimulatedGame, play

from .record import CanaryRecord
from .rules import Check, Turn, Variant
from .state import CanaryState, Move

# How much less often a player declares on a card with fewer attributes than a goal
# needs (1 = as often as on a possible goal), by how many attributes are missing.
DECLARE_SHARE = {0: 1.0, 1: 0.3}
DECLARE_SHARE_FEWER = 0.1
FAKE_SHARE = 1 / 3  # the fake holder declares less often (it is guessing)
FRESH_SHARE = 0.75  # how often a player steps onto a face-down card when it can

Simulated = SimulatedGame[CanaryState, CanaryRecord]


def forget(record: CanaryRecord, share: float, rng: random.Random) -> CanaryRecord:
    """``record`` with each face its viewer saw at its own hidden checks forgotten with
    chance ``share`` (the faces are optional in the format): one draw of ``rng`` per such
    turn, in order."""
    written = []
    for t in record.turns:
        if t.check is Check.HIDDEN and t.player == record.viewer and rng.random() < share:
            t = Turn(t.player, t.to, t.check, None, t.declare)
        written.append(t)
    return replace(record, turns=written)


def choose(state: CanaryState, player: str, rng: random.Random, declare_rate: float) -> Move:
    """The policy: one of ``state.legal_moves(player)``, a step (to a face-down card with
    chance ``FRESH_SHARE``), then a declaration there, if legal, with chance
    ``declare_rate`` times the shares."""
    moves = state.legal_moves(player)
    squares = list(dict.fromkeys(m.to for m in moves))
    fresh = [sq for sq in squares if not state.table.is_face_up(sq)]
    to = rng.choice(fresh if fresh and rng.random() < FRESH_SHARE else squares)
    if Move(player, to, True) not in moves:
        return next(m for m in moves if m.to == to)
    variant, face = state.variant, state.face(to)
    wanted = variant.genuine_count if variant.players > 2 else 2  # attributes on a goal card
    share = DECLARE_SHARE.get(max(wanted - len(face.attrs), 0), DECLARE_SHARE_FEWER)
    genuine = state.deal.fake != player
    declare = rng.random() < declare_rate * share * (1 if genuine else FAKE_SHARE)
    return Move(player, to, True) if declare else Move(player, to)


def simulate(variant: Variant, seed: int, max_turns: int = 60,
             declare_rate: float = 0.35) -> Simulated:
    """Play one random legal game of at most ``max_turns`` turns."""
    rng = random.Random(seed)
    state = CanaryState.new(variant, rng, f"<simulated seed={seed}>")
    play(state, lambda s, p: choose(s, p, rng, declare_rate), lambda s: len(s.turns) >= max_turns)
    return SimulatedGame(seed, state)
