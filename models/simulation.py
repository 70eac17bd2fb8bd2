"""Seeded random legal games, one shape for every game (OpenSpiel's random rollouts).

A game's simulator deals a ``State`` with ``random.Random(seed)`` and hands the same
generator to its policy; ``play`` asks the policy for the move of the player to move,
one of ``state.legal_moves(player)`` (the State applies only legal moves), until the
game is over or the simulator's ``stop`` says so.  What is game-specific is the
policy's (its rates and habits) and the simulate call's (how long a game may run);
the result is one type, ``SimulatedGame``: the seed and the true final state, and
``record(viewer, turns)``, what one seat writes of the first ``turns`` steps of the
game in its record's unit (Canary's turns, Detective's events, Werewolf's turns and
then its calls), cut by the State (``record_for(seat, steps)``).

Below the games (``models/<game>/simulator.py`` use it); it imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

M = TypeVar("M")  # a game's move
R_co = TypeVar("R_co", covariant=True)  # a game's record


class Playable(Protocol[M, R_co]):
    """A game's true ``State`` (``interface.State``) whose records can be cut after a
    number of steps: ``record_for(seat, steps)`` is the record ``seat`` writes of the
    first ``steps`` steps (all: None)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    def current_player(self) -> str | None: ...
    def legal_moves(self, player: str) -> Sequence[M]: ...
    def apply(self, move: M) -> None: ...
    def is_over(self) -> bool: ...
    def record_for(self, seat: str | None, steps: int | None = None) -> R_co: ...


S = TypeVar("S", bound=Playable[Any, Any])
R = TypeVar("R")


@dataclass(frozen=True)
class SimulatedGame(Generic[S, R]):
    """A simulated game: the seed that made it and its true final ``state`` (its log
    is the state's: Canary's ``turns``, Detective's ``events``, Werewolf's ``turns``
    and ``calls``)."""

    seed: int
    state: S

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    def record(self, viewer: str | None, turns: int | None = None) -> R:
        """The record ``viewer`` (None = a spectator) writes of the first ``turns`` steps
        of the game (all by default)."""
        if viewer is not None and viewer not in self.players:
            raise ValueError(f"{viewer!r} is not a player: {', '.join(self.players)}")
        record: R = self.state.record_for(viewer, turns)
        return record

    def records(self, turns: int | None = None) -> dict[str | None, R]:
        """Every seat's record and the spectator's (key None)."""
        return {v: self.record(v, turns) for v in (*self.players, None)}


def play(state: S, policy: Callable[[S, str], object], stop: Callable[[S], bool] | None = None) -> S:
    """Apply the ``policy``'s move (one of ``state.legal_moves(player)``) for the player
    to move until the game is over or ``stop(state)``; the state, played."""
    while not state.is_over() and not (stop is not None and stop(state)):
        player = state.current_player()
        assert player is not None
        state.apply(policy(state, player))
    return state


__all__ = ["Playable", "SimulatedGame", "play"]
