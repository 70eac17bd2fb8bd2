"""The true state of a game of Canary in progress (OpenSpiel's ``State``).

``CanaryState`` holds what no seat sees whole: the layout, the clue deal and (4
players) the fake holder, with the public table (``rules.PublicState``) and every turn
as it truly happened.  A player chooses only where to step and whether to declare
there; everything else is forced by the truth, since lying is forbidden: the check
(hide iff the card carries the mover's clue), the answers to a declaration and its
outcome.  ``record_for(seat)`` is the only way out: the record that seat would write,
holding only what it saw.

The rules are the ones ``rules.replay`` checks, stated once: the step (R2, via
``PublicState.legal_moves``), where a declaration is allowed (R4, R5), what the check
shows (``rules.check_result``), the answers and the outcome (``rules.answer``,
``rules.succeeds``) and what a turn changes on the table (``PublicState.play``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .board import Square
from .cards import Kind
from .record import CanaryRecord
from .rules import (
    Check,
    Deal,
    Declare,
    PublicState,
    Turn,
    Variant,
    answer,
    check_result,
    declaration_asserts_own_clue,
    declaring_is_allowed_here,
    succeeds,
)

PLAYER_NAMES = ("aki", "bea", "cid", "dai")


@dataclass(frozen=True)
class Move:
    """A player's choice on its turn: the square it steps to, and whether it declares
    there (ここだ！) instead of the map check (R8)."""

    player: str
    to: Square
    declare: bool = False


def deal(variant: Variant, players: Sequence[str], rng: random.Random) -> Deal:
    """Shuffle the map cards onto the board and deal one clue to each player (4
    players: one of them the fake)."""
    cards: list[Kind] = [k for k in variant.deck.kinds for _ in range(k.copies)]
    rng.shuffle(cards)
    clues = rng.sample(list(variant.deck.attributes), len(players))
    fake = rng.choice(list(players)) if variant.fake else None
    return Deal(tuple(cards), dict(zip(players, clues, strict=True)), fake)


class CanaryState:
    """A game in progress, with its hidden deal; ``turns`` are the true turns (every
    check with its face)."""

    def __init__(self, variant: Variant, players: Sequence[str], truth: Deal, start: dict[str, Square],
                 name: str = "<state>") -> None:
        self.variant = variant
        self._players = tuple(players)
        self.deal = truth
        self.start = dict(start)
        self.table = PublicState.start(variant, self._players, self.start)
        self.turns: list[Turn] = []
        self.name = name  # the file name the records say they come from
        # whose turn it is and its moves, for the turns played so far (only ``apply`` changes the table)
        self._moves: tuple[int, str | None, tuple[Move, ...]] | None = None

    @classmethod
    def new(cls, variant: Variant, rng: random.Random, name: str = "<state>") -> CanaryState:
        """A game dealt from ``rng``: the deal, then each player's corner."""
        names = PLAYER_NAMES[: variant.players]
        truth = deal(variant, names, rng)
        corners = list(variant.board.corners)
        rng.shuffle(corners)
        return cls(variant, names, truth, dict(zip(names, corners, strict=False)), name)

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    def current_player(self) -> str | None:
        """Whose turn it is (players skipping after a failed declaration are passed)."""
        return self._turn()[1]

    def _turn(self) -> tuple[int, str | None, tuple[Move, ...]]:
        """Whose turn it is and its legal moves, found once per turn played (the simulator
        and the seating ask several times a turn)."""
        if self._moves is not None and self._moves[0] == len(self.turns):
            return self._moves
        player = None if self.table.over is not None else self.table.next_player()
        moves: list[Move] = []
        if player is not None:
            genuine = self.deal.fake != player
            clue = self.deal.clues[player]
            for sq in self.table.legal_moves(player):
                moves.append(Move(player, sq))
                if (declaring_is_allowed_here(self.variant, self.table.is_face_up(sq))
                        and declaration_asserts_own_clue(self.variant, genuine, clue, self.deal.layout[sq])):
                    moves.append(Move(player, sq, True))
        self._moves = (len(self.turns), player if moves else None, tuple(moves))
        return self._moves

    def is_over(self) -> bool:
        """A declaration succeeded, or (2 players) a second one failed.  Without shared
        squares a piece may be boxed in; the rules do not say what then, so the game
        stops there too."""
        return self.current_player() is None

    def legal_moves(self, player: str) -> list[Move]:
        """Every step the rules allow ``player`` now (none unless it is its turn), each
        also as a declaration where R4 and R5 allow one: the mover looks at the card
        before choosing (R8)."""
        _, mover, moves = self._turn()
        return list(moves) if player == mover else []

    def face(self, sq: Square) -> Kind:
        """The card on ``sq`` (the mover sees it when it arrives)."""
        return self.deal.layout[sq]

    def apply(self, move: Move) -> None:
        """Play ``move``; the check, the answers and the outcome follow from the truth."""
        if move not in self.legal_moves(move.player):
            raise ValueError(f"illegal move {move} (it is {self.current_player()}'s turn)")
        turn = self.turn_of(move)
        self.table.advance()
        self.table.play(turn, len(self.turns) + 1, turn.declare.outcome == "success" if turn.declare else None)
        self.turns.append(turn)

    def turn_of(self, move: Move) -> Turn:
        """The true turn ``move`` makes (legal or not: the tests write illegal ones too).
        The check shows whether the card carries the mover's clue; a declaration shows
        the card and every other player answers truthfully; the outcome is written only
        when it succeeded (a failure shows in the next turn)."""
        face = self.face(move.to)
        if move.declare:  # R8: the declaration replaces the check
            answers = {q: answer(self.deal, q, face) for q in self.players if q != move.player}
            won = succeeds(self.deal, move.player, answers)
            return Turn(move.player, move.to, None, None, Declare(face, answers, "success" if won else None))
        check = Check.NONE if self.table.is_face_up(move.to) else check_result(self.deal, move.player, move.to)
        return Turn(move.player, move.to, check, face)

    def record_for(self, seat: str | None, steps: int | None = None) -> CanaryRecord:
        """The record ``seat`` (None: a spectator) writes of the first ``steps`` turns (all:
        None): every public line, the faces it saw at its own checks, its clue and (4
        players) its authenticity."""
        clue = self.deal.clues[seat] if seat else None
        genuine = (self.deal.fake != seat) if (seat and self.variant.fake) else None
        turns = self.turns if steps is None else self.turns[:steps]
        return CanaryRecord(self.variant, self.players, seat, clue, genuine, dict(self.start),
                            [as_written(t, seat) for t in turns], self.name)


def as_written(turn: Turn, seat: str | None) -> Turn:
    """A true turn as ``seat`` writes it: a hidden card's face only at its own check, a
    face-up card's face not at all (the check is "none")."""
    seen = turn.check is Check.REVEALED or (turn.check is Check.HIDDEN and turn.player == seat)
    return turn if seen else Turn(turn.player, turn.to, turn.check, None, turn.declare)
