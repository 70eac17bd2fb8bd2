"""Seeded random legal games of Canary, and the records any seat would write of them.

The simulator plays by ``rules``: legal moves only, checks answered from the hidden
``Deal``, answers and outcomes from ``rules.answer`` / ``rules.succeeds``.  A player
decides to declare at the map check, having looked at the card (or seeing it face-up),
before any hide or reveal: the declaration replaces the check (R8).  It declares only
where R4 allows (the fake holder anywhere) and R5 allows (face-up cards), on cards of
any size.  Player strategy is random on purpose (R7: strategy is not evidence), with a
taste for unexplored squares and for declaring on cards that could be the goal.
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
# How much less often a player declares on a card with fewer attributes than a goal
# needs (1 = as often as on a possible goal), by how many attributes are missing.
DECLARE_SHARE = {0: 1.0, 1: 0.3}
DECLARE_SHARE_FEWER = 0.1
FAKE_SHARE = 1 / 3  # the fake holder declares less often (it is guessing)


@dataclass
class SimulatedGame:
    """A whole game with its hidden deal; every check's face is kept (the truth), and a
    declaring turn's face is its ``declare.card`` (it has no check, R8)."""

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
        face = truth.layout[to]  # the mover sees it: at the check, or face-up
        n = len(turns) + 1
        declare = _maybe_declare(variant, truth, names, player, face, state.is_face_up(to), rng, declare_rate)
        if declare is not None:  # R8: the declaration replaces the check
            if declare.outcome == "success":
                state.declaration_succeeded(player, n)
            else:
                state.declaration_failed(player, to, face)  # face-down again, face public (R3)
                declare = Declare(declare.card, declare.answers, None)
            turns.append(Turn(player, to, None, None, declare))
            continue
        check = Check.NONE if state.is_face_up(to) else check_result(truth, player, to)
        if check is Check.REVEALED:
            state.reveal(to, face)
        turns.append(Turn(player, to, check, face))
    return SimulatedGame(variant, names, truth, start, turns, seed)


def _maybe_declare(variant: Variant, truth: Deal, names: Sequence[str], player: str, face: Kind,
                   face_up: bool, rng: random.Random, rate: float) -> Declare | None:
    """Whether ``player``, at the check of ``face``, declares instead (R8), and how the
    table answers.  R4: a genuine player only on its own clue; R5: face-up cards too."""
    genuine = truth.fake != player
    if genuine and variant.declare_needs_own_clue and truth.clues[player] not in face.attrs:
        return None
    if face_up and not variant.declare_on_face_up:
        return None
    wanted = variant.genuine_count if variant.players > 2 else 2  # attributes on a goal card
    share = DECLARE_SHARE.get(max(wanted - len(face.attrs), 0), DECLARE_SHARE_FEWER)
    if rng.random() >= rate * share * (1 if genuine else FAKE_SHARE):
        return None
    answers = {q: answer(truth, q, face) for q in names if q != player}
    won = succeeds(truth, player, answers)
    return Declare(face, answers, "success" if won else "failure")
