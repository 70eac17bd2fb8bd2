"""Memory Detective (and Clue) played seat by seat (``suiri.models.bots.Seating``).

A seat's options are the State's legal moves named as the seat can name them: a
deduction, an accusation, the end of its turn and a response name only public cards or
the seat's own; an action on another hand (a reveal, a private look) names the hand,
and the referee draws the card from it (the action-card texts are not in the source,
D2; a face-down card is taken blind).  A reveal of the seat's own card names the card.
The referee never reveals the fake right after its holder raised (the State would
write that reveal ``bluff = false``, which format v1's writers never do).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import FAKE_CARD
from .record import DetectiveRecord
from .rules import Deduce, variant_for
from .state import (
    Accusation,
    Deduction,
    DetectiveState,
    EndTurn,
    LookAt,
    Response,
    RevealCard,
    Triple,
)


@dataclass(frozen=True)
class RevealFrom:
    """An action: a card of ``owner``'s hand (another seat's) goes face up, drawn blind."""

    owner: str


@dataclass(frozen=True)
class LookInto:
    """An action: the seat looks at a card of ``owner``'s hand, drawn blind, in private."""

    owner: str


Choice = Deduction | Response | Accusation | RevealCard | EndTurn | RevealFrom | LookInto


@dataclass(frozen=True)
class DetectiveDecision:
    """A Detective seat's decision: its record, its options and, while it answers a
    deduction, who asked and the named triple."""

    seat: str
    record: DetectiveRecord
    options: tuple[Choice, ...]
    asked_by: str | None = None
    named: Triple | None = None


class DetectiveSeating:
    """A dealt game (``DetectiveState``) between its seats; ``rng`` draws the blind cards."""

    def __init__(self, state: DetectiveState, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        self._decided: tuple[tuple[int, int, bool, int], DetectiveDecision | None] | None = None

    def _moment(self) -> tuple[int, int, bool, int]:
        """Where the game stands (the events, whose turn, acted, the answers still owed):
        the decision is listed once per moment (``play_game`` asks, then ``choose`` checks)."""
        s = self.state
        return len(s.events), s.seat, s.acted, -1 if s.asking is None else len(s.asking.queue)

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def steps(self) -> int:
        return len(self.state.events)

    def record_for(self, seat: str | None) -> DetectiveRecord:
        return self.state.record_for(seat)

    def decision(self) -> DetectiveDecision | None:
        moment = self._moment()
        if self._decided is not None and self._decided[0] == moment:
            return self._decided[1]
        decided = self._decide()
        self._decided = (moment, decided)
        return decided

    def _decide(self) -> DetectiveDecision | None:
        player = self.state.current_player()
        if player is None:
            return None
        record = self.state.record_for(player)
        asking = self.state.asking
        if asking is not None:
            return DetectiveDecision(player, record, tuple(self.options(player)), asking.by, asking.named)
        return DetectiveDecision(player, record, tuple(self.options(player)))

    def options(self, player: str) -> list[Choice]:
        """The legal moves as the seat names them, in their order, each once.  Deductions,
        accusations and responses are distinct moves already: only the actions, named by
        hand, need merging (hashing 729 deductions at every choice was most of the cost)."""
        out: list[Choice] = []
        actions: set[Choice] = set()
        for move in self.state.legal_moves(player):
            if isinstance(move, Deduction | Accusation | Response | EndTurn):
                out.append(move)
                continue
            if isinstance(move, RevealCard) and move.owner != player:
                choice: Choice = RevealFrom(move.owner)
            elif isinstance(move, LookAt):
                choice = LookInto(move.owner)
            else:
                choice = move
            if choice not in actions and (not isinstance(choice, RevealCard | RevealFrom) or self._revealable(choice)):
                actions.add(choice)
                out.append(choice)
        return out

    def _revealable(self, choice: RevealCard | RevealFrom) -> bool:
        return bool(self._reveals(choice))

    def _reveals(self, choice: RevealCard | RevealFrom) -> list[RevealCard]:
        """The true reveals a reveal option stands for (not the fake right after its holder raised)."""
        last = self.state.events[-1] if self.state.events else None
        player = self.state.current_player()
        assert player is not None
        moves = [choice] if isinstance(choice, RevealCard) else \
            [RevealCard(player, choice.owner, c) for c in self.state.hands[choice.owner]]
        return [m for m in moves
                if not (m.card == FAKE_CARD and isinstance(last, Deduce) and m.owner in last.raised)]

    def choose(self, choice: Choice) -> None:
        decision = self.decision()
        if decision is None or choice not in decision.options:
            raise ValueError(f"{choice!r} is not an option now")
        player = decision.seat
        if isinstance(choice, RevealFrom | RevealCard):
            self.state.apply(self.rng.choice(self._reveals(choice)))
        elif isinstance(choice, LookInto):
            self.state.apply(LookAt(player, choice.owner, self.rng.choice(self.state.hands[choice.owner])))
        else:
            self.state.apply(choice)

    def winners(self) -> tuple[str, ...]:
        """A solved deduction or a correct accusation wins for its player (``rules.Table``'s
        end); the other ends have no winner."""
        end = self.state.table.end
        return (end.by,) if end is not None and end.by is not None else ()


def seating(players: int, seed: int, variant: str = "base") -> DetectiveSeating:
    """A game dealt from ``seed`` as ``simulate`` deals it; the blind draws follow from the
    same seed."""
    rng = random.Random(seed)
    return DetectiveSeating(DetectiveState.new(variant_for(players, variant), rng, f"<game seed={seed}>"), rng)


__all__ = ["Choice", "DetectiveDecision", "DetectiveSeating", "EndTurn", "LookInto", "RevealFrom", "seating"]
