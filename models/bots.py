"""Bots: players that choose from what their seat sees, one shape for every game.

A game is played through its ``Seating`` (the referee: the true ``State`` and the few
choices a seat makes in one move).  At each step the seating asks one seat for one
``Decision``: the record that seat writes now (``State.record_for(seat)``, with the move
in progress as the seat sees it) and its options, named without any hidden information
(a look at a face-down card names the hand, not the card; a Canary player chooses its
square before it sees the card there).  A ``Bot`` answers with one of the options; the
seating turns it into the true move, drawing what the seat leaves to chance (which
face-down card it touches) from the referee's own generator.  So a bot cannot see what
its seat cannot: the same record and options give the same choice whatever the deal.

``play_game`` is the one game loop for tournaments, ``suiri play`` and tests: a bot that
raises or answers something not among its options forfeits (it loses, the game stops
and nobody else wins), and a game longer than its bound is a draw.

Below the games (``models/<game>/seating.py`` and ``bots.py`` use it); it imports none.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

C = TypeVar("C")  # a choice as the seat names it
C_co = TypeVar("C_co", covariant=True)
R_co = TypeVar("R_co", covariant=True)  # the record a seat writes
D = TypeVar("D", bound="Decision[Any, Any]")
D_contra = TypeVar("D_contra", bound="Decision[Any, Any]", contravariant=True)
D_co = TypeVar("D_co", bound="Decision[Any, Any]", covariant=True)
C_contra = TypeVar("C_contra", contravariant=True)


class Decision(Protocol[R_co, C_co]):
    """What one seat must decide now, as it sees it (each game adds what the move in
    progress shows it: Canary's face at the square stepped to, Detective's named triple,
    Werewolf's card being played)."""

    @property
    def seat(self) -> str: ...
    @property
    def record(self) -> R_co: ...
    @property
    def options(self) -> Sequence[C_co]: ...


class Bot(Protocol[D_contra, C_co]):
    """A strategy playing one seat: one of ``decision.options``."""

    def choose(self, decision: D_contra, /) -> C_co: ...


# (seat, the bot's own random generator) -> the bot playing that seat
BotMaker = Callable[[str, random.Random], Bot[Any, Any]]


class Seating(Protocol[D_co, C_contra, R_co]):
    """A dealt game played one choice at a time (the referee)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    def record_for(self, seat: str | None, /) -> R_co: ...  # what ``seat`` (None: a spectator) writes so far
    @property
    def steps(self) -> int: ...  # the game's length so far, in its record's unit (turns, events)
    def decision(self) -> D_co | None: ...  # who decides what now; None: the game is over
    def choose(self, choice: C_contra, /) -> None: ...  # one of the decision's options (else ValueError)
    def winners(self) -> tuple[str, ...]: ...  # once over, by the rules


class RandomBot:
    """``random``: any option, uniformly."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        self.seat, self.rng = seat, rng

    def choose(self, decision: Decision[Any, C]) -> C:
        return self.rng.choice(list(decision.options))


@dataclass(frozen=True)
class Forfeit:
    """A bot that raised or chose something not offered: it loses the game."""

    seat: str
    error: str  # what went wrong, one line
    detail: str = ""  # the traceback, for the tournament's report


@dataclass(frozen=True)
class Outcome:
    """How one game ended: its winners (none after a forfeit or a draw), its length,
    how many choices were made, and why it stopped."""

    winners: tuple[str, ...]
    steps: int
    choices: int
    ending: str  # "over" (by the rules), "forfeit", "draw" (the bound on choices ran out)
    forfeit: Forfeit | None = None


class Watcher(Protocol):
    """Told of every choice as it is made (``suiri play`` prints, tests check)."""

    def __call__(self, decision: Decision[Any, Any], choice: object, /) -> None: ...


MAX_CHOICES = 5000  # a game longer than this many choices is a draw (``play_game``'s default bound)


def play_game(seating: Seating[D, C, Any], bots: Mapping[str, Bot[D, C]], max_choices: int = MAX_CHOICES,
              watch: Watcher | None = None) -> Outcome:
    """Ask the bot of each deciding seat until the game is over, a bot forfeits or
    ``max_choices`` choices were made."""
    made = 0
    while (decision := seating.decision()) is not None:
        if made >= max_choices:
            return Outcome((), seating.steps, made, "draw")
        seat = decision.seat
        try:
            choice = bots[seat].choose(decision)
        except Exception as e:  # a bot's bug loses its game, the tournament goes on
            return Outcome((), seating.steps, made, "forfeit",
                           Forfeit(seat, f"{type(e).__name__}: {e}", traceback.format_exc()))
        if choice not in decision.options:
            return Outcome((), seating.steps, made, "forfeit", Forfeit(seat, f"chose {choice!r}, not an option"))
        if watch is not None:
            watch(decision, choice)
        seating.choose(choice)
        made += 1
    return Outcome(seating.winners(), seating.steps, made, "over")


__all__ = ["MAX_CHOICES", "Bot", "BotMaker", "Decision", "Forfeit", "Outcome", "RandomBot", "Seating", "Watcher",
           "play_game"]
