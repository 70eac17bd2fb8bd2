"""*Werewolf Never Sleeps* (人狼は眠らない): cards over time, as a record replays them.

Modules, one concern each: ``cards`` (the eleven kinds, the deck), ``record`` (TOML
reader/writer), ``rules`` (the rules as functions and ``replay``: a record checked
against the public table, turned into moves of hidden cards), ``table`` (the true
game state, played by the simulator), ``simulator`` (seeded random legal games),
``counter`` (exact counting of hidden histories by forward DP over merged states),
``encoder`` (the time-step CP-SAT model: one step per turn), ``session`` /
``analysis`` / ``reasoning`` / ``advice`` (the CLI's questions) and ``text``
(English and Japanese sentences).

The names below are the game's interface to the CLI (see ``suiri.models.GameModule``).
"""

from __future__ import annotations

from typing import Any

GAME = "werewolf"
QUESTIONS = ("werewolf", "lost-legacy")  # what `suiri puzzle --question` may ask
VARIANTS = ("base",)


def open_record(doc: Any) -> Any:
    from .record import from_document
    from .session import WerewolfSession

    return WerewolfSession(from_document(doc))


def is_compact(text: str) -> bool:
    return False  # records are TOML only


def parse_compact(name: str, text: str) -> Any:
    raise NotImplementedError("Werewolf records are TOML only")


def simulate(players: int, seed: int, turns: int, viewer: str | None, variant: str = "base") -> str:
    """The TOML record of a random legal game, from ``viewer``'s seat ("none" = spectator)."""
    from suiri.solver.errors import SuiriError

    from .record import to_toml
    from .simulator import simulate as run

    _players_in_range(players)
    if variant not in VARIANTS:
        raise SuiriError(f"unknown variant {variant!r}", None, ", ".join(VARIANTS))
    game = run(players, seed)
    seat = None if viewer == "none" else (viewer or game.players[0])
    if seat is not None and seat not in game.players:
        raise SuiriError(f"--viewer {seat!r} is not a player", None, ", ".join(game.players) + ", none")
    return to_toml(game.record(seat, turns=turns))


def puzzle(players: int, seed: int, question: str, low: int, high: int) -> Any:
    from suiri.puzzles.werewolf import generate

    _players_in_range(players)
    return generate(players, seed, question, low, high)


def _players_in_range(players: int) -> None:
    from suiri.solver.errors import SuiriError

    from .record import MAX_PLAYERS, MIN_PLAYERS

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SuiriError(f"Werewolf Never Sleeps is for {MIN_PLAYERS} or {MAX_PLAYERS} players, not {players}", None,
                         f"--players {MIN_PLAYERS} or {MAX_PLAYERS}")
