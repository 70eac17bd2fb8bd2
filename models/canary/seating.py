"""Canary played seat by seat (``suiri.models.bots.Seating``): the two choices of a turn.

A player first chooses the square it steps to, knowing only its record (face-up cards
are public, face-down ones are not); arrived, it looks at the card (R8) and, where a
declaration is allowed there (R4, R5), chooses between the check and ここだ！.  The State
takes the turn as one ``Move``; here it is asked in the order the player decides, so a
seat never chooses with a face it has not seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .board import Square
from .cards import Kind
from .record import CanaryRecord
from .rules import Variant
from .session import CanarySession
from .state import CanaryState, Move


@dataclass(frozen=True)
class Step:
    """Where the mover steps (its first choice)."""

    to: Square


@dataclass(frozen=True)
class Declaring:
    """At the square stepped to, having seen its card: declare (ここだ！) or check."""

    declare: bool


Choice = Step | Declaring


@dataclass(frozen=True)
class CanaryDecision:
    """A Canary seat's decision: its record, its options, and at the second choice the
    square it stepped to and the card it sees there."""

    seat: str
    record: CanaryRecord
    options: tuple[Choice, ...]
    at: Square | None = None
    face: Kind | None = None


class CanarySeating:
    """A dealt game (``CanaryState``) between its seats."""

    def __init__(self, state: CanaryState) -> None:
        self.state = state
        self._step: Square | None = None  # the square chosen, the declaration still to choose

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def steps(self) -> int:
        return len(self.state.turns)

    def record_for(self, seat: str | None) -> CanaryRecord:
        return self.state.record_for(seat)

    def decision(self) -> CanaryDecision | None:
        player = self.state.current_player()
        if player is None:
            return None
        record = self.state.record_for(player)
        if self._step is None:
            squares = dict.fromkeys(m.to for m in self.state.legal_moves(player))
            return CanaryDecision(player, record, tuple(Step(sq) for sq in squares))
        return CanaryDecision(player, record, (Declaring(False), Declaring(True)), self._step,
                              self.state.face(self._step))

    def choose(self, choice: Choice) -> None:
        decision = self.decision()
        if decision is None or choice not in decision.options:
            raise ValueError(f"{choice!r} is not an option now")
        player = decision.seat
        if isinstance(choice, Step):
            if Move(player, choice.to, True) in self.state.legal_moves(player):
                self._step = choice.to  # the card is looked at: declare or check, next
            else:
                self.state.apply(Move(player, choice.to))
            return
        assert self._step is not None
        to, self._step = self._step, None
        self.state.apply(Move(player, to, choice.declare))

    def winners(self) -> tuple[str, ...]:
        """The rules' winners (``analysis.game_over``, one statement of them); none when
        the game stopped without a winner (a piece boxed in)."""
        from .analysis import game_over

        over = game_over(CanarySession(self.state.record_for(None)))
        return () if over is None else tuple(p for p, x in over.winners.items() if x == 1)


def seating(players: int, seed: int, variant: str = "base") -> CanarySeating:
    """A game dealt from ``seed`` as ``simulate`` deals it."""
    return CanarySeating(CanaryState.new(Variant.for_players(players), random.Random(seed), f"<game seed={seed}>"))
