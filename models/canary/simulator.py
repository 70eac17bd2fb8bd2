"""Seeded random legal games of Canary: random legal moves on a ``CanaryState``.

Each turn the player to move picks one of ``state.legal_moves``: a step with a taste
for unexplored squares, then, looking at the card there (R8: the declaration replaces
the check), a declaration where the state offers one (R4 allows the fake holder
anywhere, R5 face-up cards) at today's rates: less often on cards with fewer
attributes than a goal needs, and less often as the fake holder, who is guessing.
Strategy is random on purpose (R7: strategy is not evidence).  One seed gives one game:
the deal and the corners come first from the seed's generator, then every choice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .record import CanaryRecord
from .rules import Check, Deal, Turn, Variant
from .state import CanaryState, Move

# How much less often a player declares on a card with fewer attributes than a goal
# needs (1 = as often as on a possible goal), by how many attributes are missing.
DECLARE_SHARE = {0: 1.0, 1: 0.3}
DECLARE_SHARE_FEWER = 0.1
FAKE_SHARE = 1 / 3  # the fake holder declares less often (it is guessing)
FRESH_SHARE = 0.75  # how often a player steps onto a face-down card when it can


@dataclass
class SimulatedGame:
    """A finished (or cut) game: its state, with the seed that made it."""

    state: CanaryState
    seed: int

    @property
    def variant(self) -> Variant:
        return self.state.variant

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def deal(self) -> Deal:
        return self.state.deal

    @property
    def turns(self) -> list[Turn]:
        return self.state.turns

    def record(self, viewer: str | None, turns: int | None = None, forget: float = 0.0,
               rng: random.Random | None = None) -> CanaryRecord:
        """The record ``viewer`` (None = spectator) writes of the first ``turns`` turns,
        forgetting each of its own hidden faces with chance ``forget`` (they are optional
        in the format)."""
        rng = rng or random.Random(self.seed)
        record = self.state.record_for(viewer)
        kept = record.turns if turns is None else record.turns[:turns]
        written = []
        for t in kept:
            if t.check is Check.HIDDEN and t.player == viewer and rng.random() < forget:
                t = Turn(t.player, t.to, t.check, None, t.declare)
            written.append(t)
        record.turns = written
        return record


def choose(state: CanaryState, rng: random.Random, declare_rate: float) -> Move:
    """The player to move: a step (to a face-down card with chance ``FRESH_SHARE``),
    then a declaration there, if legal, with chance ``declare_rate`` times the shares."""
    player = state.current_player()
    assert player is not None
    moves = state.legal_moves(player)
    squares = list(dict.fromkeys(m.to for m in moves))
    fresh = [sq for sq in squares if not state.table.is_face_up(sq)]
    to = rng.choice(fresh if fresh and rng.random() < FRESH_SHARE else squares)
    if Move(player, to, True) not in moves:
        return Move(player, to)
    variant, face = state.variant, state.face(to)
    wanted = variant.genuine_count if variant.players > 2 else 2  # attributes on a goal card
    share = DECLARE_SHARE.get(max(wanted - len(face.attrs), 0), DECLARE_SHARE_FEWER)
    genuine = state.deal.fake != player
    return Move(player, to, rng.random() < declare_rate * share * (1 if genuine else FAKE_SHARE))


def simulate(variant: Variant, seed: int, max_turns: int = 60, declare_rate: float = 0.35) -> SimulatedGame:
    """Play one random legal game of at most ``max_turns`` turns."""
    rng = random.Random(seed)
    state = CanaryState.new(variant, rng, f"<simulated seed={seed}>")
    while len(state.turns) < max_turns and not state.is_over():
        state.apply(choose(state, rng, declare_rate))
    return SimulatedGame(state, seed)
