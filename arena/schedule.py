"""Which games a tournament plays: the deals and who sits where.

Games come in rounds of one deal each, played once per rotation of the listed bots
round the seats (seat ``i`` of rotation ``r`` gets bot ``(r + i) mod k``): over a round
every bot sits in every seat once, and every bot plays the same deals from every seat,
so neither the seat order nor the luck of a deal favours one bot.  A round's deal seed
is derived from the tournament's seed and the round's number alone, and each game is
played from its own fixture (deal seed, line-up) alone, so results do not depend on
the executor, the number of workers or the order games finish in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from suiri.models import GAMES, check_players, check_variant
from suiri.solver.errors import SuiriError, unknown_name

from .text import ArenaText


@dataclass(frozen=True)
class Fixture:
    """One game to play: everything it depends on (it is sent to the worker as it is)."""

    index: int  # its place in the schedule, from 0
    game: str
    players: int
    variant: str
    seed: int  # the deal (``Game.seating``); the bots' generators derive from it
    lineup: tuple[str, ...]  # the bot in each seat, in seat order
    records: bool = False  # keep every seat's record (``--records``)


def deal_seed(seed: int, round_: int) -> int:
    """The deal of round ``round_`` of the tournament seeded ``seed`` (a string seed:
    the same in every process, whatever ``PYTHONHASHSEED``)."""
    return random.Random(f"suiri-tournament/{seed}/{round_}").randrange(2**31)


def lineup(bots: Sequence[str], players: int, rotation: int) -> tuple[str, ...]:
    """The bot of each seat in rotation ``rotation``."""
    return tuple(bots[(rotation + i) % len(bots)] for i in range(players))


def check_bots(game: str, bots: Sequence[str]) -> None:
    """Raise unless ``bots`` names the game's bots, each once."""
    known = list(GAMES[game].game().bots)
    if not bots:
        raise SuiriError(ArenaText("bots:none"), None, ArenaText("bots:none-valid", names=", ".join(known)))
    for name in bots:
        if name not in known:
            raise unknown_name("bot", name, known, error=SuiriError)
    twice = [name for i, name in enumerate(bots) if name in bots[:i]]
    if twice:
        raise SuiriError(ArenaText("bots:twice", name=repr(twice[0])), None, ArenaText("bots:twice-valid"))


def check_game(game: str) -> None:
    if game not in GAMES:
        raise unknown_name("game", game, list(GAMES), error=SuiriError)


def schedule(game: str, bots: Sequence[str], games: int, players: int, seed: int = 1,
             variant: str | None = None, records: bool = False) -> list[Fixture]:
    """``games`` fixtures of ``game`` between ``bots`` (checked: the game, its player
    count and variant, the bots' names), rounds of ``len(bots)`` rotations; a number of
    games that is not a multiple of ``len(bots)`` cuts the last round short."""
    check_game(game)
    about = GAMES[game].facts
    check_players(about, players)
    chosen = variant or about.variants[0]
    check_variant(about, chosen)
    check_bots(game, bots)
    k = len(bots)
    return [Fixture(i, game, players, chosen, deal_seed(seed, i // k), lineup(bots, players, i % k), records)
            for i in range(games)]
