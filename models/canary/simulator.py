"""Seeded random legal games of Canary, and the records any seat would write of them.

The simulator plays by ``rules``: legal moves only, checks answered from the hidden
``Deal``, declarations only where R4 allows (the fake holder anywhere), answers and
outcomes from ``rules.answer`` / ``rules.succeeds``.  Player strategy is random on
purpose (R7: strategy is not evidence), with a taste for unexplored squares.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .board import Square
from .cards import Kind
from .record import CanaryRecord
from .rules import Check, Deal, Declare, PublicState, Turn, Variant, answer, check_result, succeeds

PLAYER_NAMES = ("aki", "bea", "cid", "dai")


@dataclass
class SimulatedGame:
    """A whole game with its hidden deal; every check's face is kept (the truth)."""

    variant: Variant
    players: tuple[str, ...]
    deal: Deal
    start: dict[str, Square]
    turns: list[Turn]
    seed: int

    def record(self, viewer: str | None, turns: int | None = None, forget: float = 0.0,
               rng: random.Random | None = None) -> CanaryRecord:
        """The record ``viewer`` (None = spectator) writes of the first ``turns`` turns.

        Faces of cards hidden by others are dropped; with ``forget`` > 0 the viewer
        also forgets some of its own hidden faces (they are optional in the format).
        """
        rng = rng or random.Random(self.seed)
        cut = self.turns if turns is None else self.turns[:turns]
        written = []
        for t in cut:
            card = t.card
            if t.check is Check.HIDDEN and (t.player != viewer or rng.random() < forget):
                card = None
            if t.check is Check.NONE:
                card = None
            written.append(Turn(t.player, t.to, t.check, card, t.declare))
        clue = self.deal.clues[viewer] if viewer else None
        genuine = (self.deal.fake != viewer) if (viewer and self.variant.fake) else None
        return CanaryRecord(self.variant, self.players, viewer, clue, genuine, dict(self.start), written,
                            f"<simulated seed={self.seed}>")


def deal(variant: Variant, players: Sequence[str], rng: random.Random) -> Deal:
    cards: list[Kind] = [k for k in variant.deck.kinds for _ in range(k.copies)]
    rng.shuffle(cards)
    clues = rng.sample(list(variant.deck.attributes), len(players))
    fake = rng.choice(list(players)) if variant.fake else None
    return Deal(tuple(cards), dict(zip(players, clues, strict=True)), fake)


def simulate(variant: Variant, seed: int, max_turns: int = 60, players: Sequence[str] | None = None,
             declare_rate: float = 0.35) -> SimulatedGame:
    """Play one random legal game of at most ``max_turns`` written turns."""
    rng = random.Random(seed)
    names = tuple(players or PLAYER_NAMES[: variant.players])
    truth = deal(variant, names, rng)
    corners = list(variant.board.corners)
    rng.shuffle(corners)
    start = dict(zip(names, corners, strict=False))
    state = PublicState.start(variant, names, start)
    turns: list[Turn] = []
    while len(turns) < max_turns and not state.over:
        player = state.advance()
        moves = state.legal_moves(player)
        if not moves:  # pragma: no cover - only without shared squares on tiny boards
            break
        fresh = [sq for sq in moves if not state.is_face_up(sq)]
        to = rng.choice(fresh if fresh and rng.random() < 0.75 else moves)
        state.move(player, to)
        face = truth.layout[to]
        check = Check.NONE if state.is_face_up(to) else check_result(truth, player, to)
        if check is Check.REVEALED:
            state.reveal(to, face)
        declare = _maybe_declare(variant, truth, names, player, face, check, rng, declare_rate)
        n = len(turns) + 1
        if declare is not None:
            if declare.outcome == "success":
                state.declaration_succeeded(player, n)
            else:
                state.declaration_failed(player, to, face)
                declare = Declare(declare.card, declare.answers, None)
        turns.append(Turn(player, to, check, face, declare))
    return SimulatedGame(variant, names, truth, start, turns, seed)


def _maybe_declare(variant: Variant, truth: Deal, names: Sequence[str], player: str, face: Kind,
                   check: Check, rng: random.Random, rate: float) -> Declare | None:
    genuine = truth.fake != player
    own = truth.clues[player] in face.attrs
    if genuine and variant.declare_needs_own_clue and not own:
        return None
    face_up = check is not Check.HIDDEN  # revealed just now, or already face-up
    if face_up and not variant.declare_on_face_up:
        return None
    if check is Check.NONE and not variant.fake:
        return None  # R5 allows it, but only the 4-player game gains anything by it
    wanted = variant.genuine_count if variant.players > 2 else 2
    if len(face.attrs) < wanted or rng.random() >= (rate if genuine else rate / 3):
        return None
    answers = {q: answer(truth, q, face) for q in names if q != player}
    won = succeeds(truth, player, answers)
    return Declare(face, answers, "success" if won else "failure")
