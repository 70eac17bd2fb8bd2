"""*Where is the Canary?* (カナリアはいずこ？): rules, records, model, counter, advice.

Modules, one concern each: ``cards`` (attributes and the 26 kinds), ``board``
(squares and geometry), ``rules`` (variants, legal turns, replay into observations),
``record`` (TOML reader/writer), ``notation`` (the compact line notation),
``simulator`` (random legal games), ``encoder`` (CP-SAT model, one function per rule),
``counter`` (exact world counting), ``session`` / ``analysis`` / ``reasoning`` /
``advice`` (the CLI's questions) and ``text`` (English and Japanese sentences).

The names below are the game's interface to the CLI (see ``suiri.models.GameModule``).
"""

from __future__ import annotations

from typing import Any

GAME = "canary"
QUESTIONS = ("clue", "goal")  # what `suiri puzzle --question` may ask


def open_record(doc: Any) -> Any:
    from .record import from_document
    from .session import CanarySession

    return CanarySession(from_document(doc))


def is_compact(text: str) -> bool:
    from .notation import is_compact as run

    return run(text)


def parse_compact(name: str, text: str) -> Any:
    from .notation import parse

    return parse(name, text)


def simulate(players: int, seed: int, turns: int, viewer: str | None, variant: str = "base") -> str:
    """The TOML record of a random legal game, from ``viewer``'s seat ("none" = spectator)."""
    from suiri.solver.errors import SuiriError

    if variant != "base":
        raise SuiriError(f"Where is the Canary? has no variant {variant!r}: the player count sets the rules",
                         None, "--variant base")
    from .record import to_toml
    from .rules import Variant
    from .simulator import simulate as run

    _players_in_range(players)
    game = run(Variant.for_players(players), seed, max_turns=turns)
    seat = None if viewer == "none" else (viewer or game.players[0])
    if seat is not None and seat not in game.players:
        raise SuiriError(f"--viewer {seat!r} is not a player", None, ", ".join(game.players) + ", none")
    return to_toml(game.record(seat))


def puzzle(players: int, seed: int, question: str, low: int, high: int) -> Any:
    from suiri.puzzles.canary import generate

    _players_in_range(players)
    return generate(players, seed, question, low, high)


def _players_in_range(players: int) -> None:
    from suiri.solver.errors import SuiriError

    from .rules import MAX_PLAYERS, MIN_PLAYERS

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SuiriError(f"Where is the Canary? is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}", None,
                         f"--players {MIN_PLAYERS} to {MAX_PLAYERS}")
