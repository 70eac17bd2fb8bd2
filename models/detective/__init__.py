"""*Memory Detective* (記憶探偵): rules as information events, records, model, counter.

Modules, one concern each: ``cards`` (the deck and the fake), ``rules`` (variants,
events, replay into observations about the deal), ``record`` (TOML reader/writer),
``simulator`` (random legal games), ``encoder`` (CP-SAT model, one function per rule),
``counter`` (exact deal counting), ``session`` / ``analysis`` / ``reasoning`` /
``advice`` (the CLI's questions) and ``text`` (English and Japanese sentences).

The names below are the game's interface to the CLI (see ``suiri.models.GameModule``).
"""

from __future__ import annotations

from typing import Any

GAME = "detective"
QUESTIONS = ("suspect", "weapon", "scene", "card")  # what `suiri puzzle --question` may ask
VARIANTS = ("base", "fake", "clue", "clue-fake")


def open_record(doc: Any) -> Any:
    from .record import from_document
    from .session import DetectiveSession

    return DetectiveSession(from_document(doc))


def is_compact(text: str) -> bool:
    return False  # no compact notation for this game yet: records are TOML


def parse_compact(name: str, text: str) -> Any:
    raise NotImplementedError("Memory Detective records are TOML only")


def variant_for(players: int, variant: str) -> Any:
    """The rules for ``suiri simulate --variant``: base, fake, clue (classic 6+6+9 deck) or clue-fake."""
    from .cards import Deck
    from .rules import Variant

    clue = variant.startswith("clue")
    deck = Deck.standard() if not clue else Deck.custom(
        [f"s{i}" for i in range(1, 7)], [f"w{i}" for i in range(1, 7)], [f"r{i}" for i in range(1, 10)])
    return Variant.for_players(players, deck, clue=clue, fake=variant.endswith("fake"))


def simulate(players: int, seed: int, turns: int, viewer: str | None, variant: str = "base") -> str:
    """The TOML record of a random legal game, from ``viewer``'s seat ("none" = spectator)."""
    from suiri.solver.errors import SuiriError

    from .record import to_toml
    from .simulator import simulate as run

    _players_in_range(players)
    if variant not in VARIANTS:
        raise SuiriError(f"unknown variant {variant!r}", None, ", ".join(VARIANTS))
    game = run(variant_for(players, variant), seed, max_events=turns)
    seat = None if viewer == "none" else (viewer or game.players[0])
    if seat is not None and seat not in game.players:
        raise SuiriError(f"--viewer {seat!r} is not a player", None, ", ".join(game.players) + ", none")
    return to_toml(game.record(seat))


def puzzle(players: int, seed: int, question: str, low: int, high: int) -> Any:
    from suiri.puzzles.detective import generate

    _players_in_range(players)
    return generate(players, seed, question, low, high)


def _players_in_range(players: int) -> None:
    from suiri.solver.errors import SuiriError

    from .rules import MAX_PLAYERS, MIN_PLAYERS

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SuiriError(f"Memory Detective is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}", None,
                         f"--players {MIN_PLAYERS} to {MAX_PLAYERS}")
