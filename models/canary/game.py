"""*Where is the Canary?* as a ``suiri.models.interface.Game``: the one object the CLI and
the puzzle generator call (registered in ``suiri.models.registry``, imported lazily).
Each member is the game's own function or class; what is written here is only what
no other module of the game says."""

from __future__ import annotations

import random
from collections.abc import Sequence

from suiri.models.bots import BotMaker, RandomBot
from suiri.models.interface import Game
from suiri.solver.errors import SuiriError
from suiri.solver.facts import Fact

from . import FACTS, notation
from .advice import Advice, advise
from .analysis import CanaryAnalysis, analyze, game_over
from .bots import ConcealerBot, NotebookBot, ReasonerBot
from .cards import ATTRIBUTE_NAMES_JA
from .error_text import ErrorText
from .notation import is_compact, parse, to_compact
from .reasoning import CanaryReasoner
from .record import CanaryRecord, from_document, to_toml
from .rules import Variant
from .seating import seating
from .session import CanarySession
from .simulator import simulate
from .state import CanaryState
from .steps import CanarySteps


def deal(players: int, seed: int, variant: str) -> CanaryState:
    """A game dealt from ``seed``, as ``simulate`` deals it before the first move (the
    player count sets the rules)."""
    return CanaryState.new(Variant.for_players(players), random.Random(seed), f"<simulated seed={seed}>")


def play(players: int, seed: int, turns: int, viewer: str | None, variant: str) -> CanaryRecord:
    """The record ``viewer`` writes of a random legal game of at most ``turns`` turns."""
    return simulate(Variant.for_players(players), seed, max_turns=turns).state.record_for(viewer)


def answer(session: CanarySession, question: str) -> Fact | None:
    """The fact that answers ``question`` once the record proves it: a player's clue
    (``clue``) or the goal square (``goal``, 3 and 4 players: with 2 the goal is five
    squares)."""
    if question == "goal" and session.variant.players == 2:
        raise SuiriError(ErrorText("game:goal-two-players"), None, "--question clue")
    for fact in analyze(session).certain:
        if fact.holds and (fact.subject == "goal" if question == "goal" else fact.subject.startswith("clue:")):
            return fact
    return None


def cuts(record: CanaryRecord) -> Sequence[CanaryRecord]:
    """The record after its first turn, its first two, ... (puzzles cut there)."""
    return [record.truncated(n) for n in range(1, len(record.turns) + 1)]


def setup_lines(players: Sequence[str], viewer: str | None) -> list[str]:
    """The players, the viewer's clue (with 4 players its authenticity card) and the
    corners, in player order as far as they go (the table may change them)."""
    variant = Variant.for_players(len(players))
    lines = ["canary " + " ".join(players)]
    if viewer is not None:
        lines.append(f"viewer {viewer} CLUE" + (" genuine|fake" if variant.fake else ""))
    corners = [variant.board.name(sq) for sq in variant.board.corners]
    return [*lines, "start " + " ".join(corners[: len(players)])]


def vocabulary(record: CanaryRecord) -> list[str]:
    """Players, squares, card ids and Japanese names, clues, check letters."""
    deck = record.variant.deck
    board = record.variant.board
    return [*record.players, *(board.name(sq) for sq in range(board.size)),
            *(k.id for k in deck.kinds), *(k.name_ja for k in deck.kinds), *deck.attributes,
            *(ATTRIBUTE_NAMES_JA[a] for a in deck.attributes), "h", "r", "-", "!"]


BOTS: dict[str, BotMaker] = {"random": RandomBot, "notebook": NotebookBot, "reasoner": ReasonerBot, "concealer": ConcealerBot}  # the game's bots by name (docs/bots.md)

GAME: Game[CanaryRecord, CanarySession, CanaryAnalysis, Advice] = Game(
    facts=FACTS, read=from_document, is_compact=is_compact, parse_compact=parse, to_toml=to_toml,
    to_compact=to_compact, open=CanarySession, reasoner=CanaryReasoner, steps=CanarySteps, analyze=analyze,
    advise=advise, game_over=game_over, deal=deal, play=play, answer=answer, cuts=cuts, setup_lines=setup_lines,
    vocabulary=vocabulary, notation_help=notation.__doc__ or "", heads=notation.HEADS, seat=seating, bots=BOTS)
