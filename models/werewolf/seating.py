"""Werewolf Never Sleeps played seat by seat (``suiri.models.bots.Seating``).

The State's moves already name only what their player knows (its own hand and pile,
the public table), so a seat's options are its legal moves.  What a seat must also know
to choose a sub-step (whom to point at, whether to swap, where to put an Attack) is the
card being played, which the whole table sees: the decision carries it.  The record a
seat writes holds its drawn card while its turn is in progress (``record_for``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Kind
from .record import WerewolfRecord
from .state import Move, WerewolfState

Choice = Move


@dataclass(frozen=True)
class WerewolfDecision:
    """A Werewolf seat's decision: its record, its options and, during a played card's
    sub-steps (pointing, the swap, the Attack's put), that card and its player."""

    seat: str
    record: WerewolfRecord
    options: tuple[Choice, ...]
    playing: Kind | None = None
    played_by: str | None = None


class WerewolfSeating:
    """A dealt game (``WerewolfState``) between its seats."""

    def __init__(self, state: WerewolfState) -> None:
        self.state = state

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def steps(self) -> int:
        return len(self.state.turns) + len(self.state.calls)

    def record_for(self, seat: str | None) -> WerewolfRecord:
        return self.state.record_for(seat)

    def decision(self) -> WerewolfDecision | None:
        player = self.state.current_player()
        if player is None:
            return None
        options = tuple(self.state.legal_moves(player))
        play = self.state.pending
        return WerewolfDecision(player, self.state.record_for(player), options,
                                play.card if play else None, play.player if play else None)

    def choose(self, choice: Choice) -> None:
        self.state.apply(choice)  # the State refuses an illegal move (ValueError)

    def winners(self) -> tuple[str, ...]:
        return self.state.table.winners


def seating(players: int, seed: int, variant: str = "base") -> WerewolfSeating:
    """A game dealt from ``seed`` as ``simulate`` deals it."""
    return WerewolfSeating(WerewolfState.dealt(players, seed))


__all__ = ["Choice", "WerewolfDecision", "WerewolfSeating", "seating"]
