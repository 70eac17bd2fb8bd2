"""A tournament summed up: win rates with 95% Wilson intervals per bot, per seat and
per bot in each seat, the head-to-head share of two bots, game lengths, draws and
forfeits.

A bot wins a game when one of its seats is among the game's winners (with more seats
than bots a bot holds several seats, and a team game may have winners of both bots).
A forfeited game counts as a game without a win for every bot in it, and is listed.
The Wilson interval (Wilson 1927; Newcombe 1998, method 3) stays inside [0, 1] and is
sound for small counts and rates near 0 or 1, where the normal approximation is not.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .match import Played

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``games`` (none played: [0, 1])."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """Games and wins of one bot, seat or bot in a seat."""

    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {"games": self.games, "wins": self.wins,
                "win_rate": round(self.wins / self.games, 6) if self.games else None,
                "ci95": [round(low, 6), round(high, 6)]}


@dataclass
class BotTally(Tally):
    """A bot's tally, with its draws, its forfeits and its tally in each seat."""

    draws: int = 0
    forfeits: int = 0
    seats: dict[str, Tally] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "draws": self.draws, "forfeits": self.forfeits,
                "seats": {seat: t.to_json() for seat, t in self.seats.items()}}


def lengths(values: Sequence[int]) -> dict[str, Any]:
    """The distribution of game lengths: count, mean, quartiles and extremes."""
    if not values:
        return {"games": 0}
    ordered = sorted(values)
    q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else [ordered[0]] * 3
    return {"games": len(ordered), "mean": round(statistics.fmean(ordered), 3), "min": ordered[0],
            "p25": q1, "median": median, "p75": q3, "max": ordered[-1]}


@dataclass
class Summary:
    """Every figure of a tournament, from its games (in any order: they are sorted)."""

    bots: dict[str, BotTally]
    seats: dict[str, Tally]
    head_to_head: Tally | None  # two bots: games only one of them won, and how many the first won
    lengths: dict[str, Any]  # of the games that ended by the rules
    draws: int
    forfeits: list[dict[str, Any]]
    played: int

    @classmethod
    def of(cls, games: Sequence[Played], bots: Sequence[str]) -> Summary:
        by_bot = {name: BotTally() for name in bots}
        by_seat: dict[str, Tally] = {}
        pair = Tally() if len(bots) == 2 else None
        forfeits: list[dict[str, Any]] = []
        for g in sorted(games, key=lambda g: g.fixture.index):
            winners = g.winning_bots()
            for seat, name in zip(g.seats, g.fixture.lineup, strict=True):
                by_seat.setdefault(seat, Tally()).add(seat in g.winners)
                by_bot[name].seats.setdefault(seat, Tally()).add(seat in g.winners)
            for name in dict.fromkeys(g.fixture.lineup):
                tally = by_bot[name]
                tally.add(name in winners)
                tally.draws += g.ending == "draw"
            if g.forfeit is not None:
                by_bot[g.bot(g.forfeit.seat)].forfeits += 1
                forfeits.append({"game": g.fixture.index + 1, "seed": g.fixture.seed, "lineup": list(g.fixture.lineup),
                                 "seat": g.forfeit.seat, "bot": g.bot(g.forfeit.seat), "error": g.forfeit.error})
            if pair is not None and len(winners) == 1:
                pair.add(bots[0] in winners)
        return cls(by_bot, by_seat, pair, lengths([g.steps for g in games if g.ending == "over"]),
                   sum(g.ending == "draw" for g in games), forfeits, len(games))

    def to_json(self) -> dict[str, Any]:
        return {"bots": {name: t.to_json() for name, t in self.bots.items()},
                "seats": {seat: t.to_json() for seat, t in self.seats.items()},
                "head_to_head": None if self.head_to_head is None else self.head_to_head.to_json(),
                "lengths": self.lengths, "draws": self.draws, "forfeits": self.forfeits}
