"""One game of a tournament: a fixture played through its game's referee.

Runs in whichever process the executor chose: it takes the fixture alone and gives
back plain data (picklable, and small unless the records are kept).  The bot in each
seat gets its own generator, seeded from the deal, the seat and the bot's name, so a
game is the same wherever it is played.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from suiri.models import GAMES
from suiri.models.bots import Bot, Forfeit, play_game

from .schedule import Fixture


@dataclass(frozen=True)
class Played:
    """How one fixture went."""

    fixture: Fixture
    seats: tuple[str, ...]  # the seats' names, in seat order (the bots are ``fixture.lineup``)
    winners: tuple[str, ...]  # seats, by the rules; none after a forfeit or a draw
    steps: int  # the game's length in its record's unit (``GameFacts.step_name``)
    choices: int  # how many choices the bots made
    ending: str  # "over", "forfeit" or "draw" (``suiri.models.bots.Outcome``)
    forfeit: Forfeit | None
    records: tuple[tuple[str, str], ...]  # (seat, its record as TOML), with ``fixture.records``
    cpu: float  # seconds of CPU the game took where it ran (not part of the result proper)

    def bot(self, seat: str) -> str:
        return self.fixture.lineup[self.seats.index(seat)]

    def winning_bots(self) -> set[str]:
        return {self.bot(seat) for seat in self.winners}


def bot_seed(fixture: Fixture, seat: str, name: str) -> str:
    """The seed of the generator of the bot ``name`` in ``seat`` (a string: stable across
    processes)."""
    return f"{fixture.seed}/{seat}/{name}"


def play(fixture: Fixture) -> Played:
    """Deal the fixture's game and play it to its end (or a forfeit, or a draw)."""
    start = time.process_time()
    game = GAMES[fixture.game].game()
    seating = game.seating(fixture.players, fixture.seed, fixture.variant)
    seats = seating.players
    bots: dict[str, Bot[Any, Any]] = {}
    for seat, name in zip(seats, fixture.lineup, strict=True):
        try:
            bots[seat] = game.bots[name](seat, random.Random(bot_seed(fixture, seat, name)))
        except Exception as e:  # a bot that cannot even sit down forfeits like one that raises later
            lost = Forfeit(seat, f"{type(e).__name__}: {e}")
            return Played(fixture, seats, (), 0, 0, "forfeit", lost, (), time.process_time() - start)
    outcome = play_game(seating, bots)
    records = tuple((seat, game.write(seating.record_for(seat))) for seat in seats) if fixture.records else ()
    return Played(fixture, seats, outcome.winners, outcome.steps, outcome.choices, outcome.ending, outcome.forfeit,
                  records, time.process_time() - start)


def play_all(fixtures: list[Fixture]) -> list[Played]:
    """A batch of fixtures, one task for an executor (a task per game costs more than a
    short game)."""
    return [play(f) for f in fixtures]
