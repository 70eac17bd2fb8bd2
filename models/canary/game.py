"""*Where is the Canary?* as a ``suiri.models.Game``: the one object the CLI and the
puzzle generator call (registered in ``suiri.models.GAMES``, imported lazily)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from suiri.models import check_players, check_variant
from suiri.models.interface import Game, GameOver
from suiri.solver.errors import Named, SuiriError
from suiri.solver.facts import Fact
from suiri.solver.records import TomlDocument

from . import FACTS
from .advice import Advice, advise
from .analysis import CanaryAnalysis, analyze, game_over
from .cards import ATTRIBUTE_NAMES_JA
from .error_text import ErrorText
from .notation import is_compact, parse, to_compact
from .reasoning import CanaryReasoner
from .record import CanaryRecord, from_document, to_toml
from .rules import Variant
from .session import CanarySession
from .simulator import simulate
from .state import CanaryState
from .steps import CanarySteps


class CanaryGame:
    facts = FACTS

    def read(self, doc: TomlDocument) -> CanaryRecord:
        return from_document(doc)

    def is_compact(self, text: str) -> bool:
        return is_compact(text)

    def parse_compact(self, name: str, text: str) -> TomlDocument:
        return parse(name, text)

    def write(self, record: CanaryRecord, notation: str = "toml") -> str:
        if notation == "toml":
            return to_toml(record)
        if notation == "compact":
            return to_compact(record)
        raise SuiriError(ErrorText("game:no-notation", game=Named(FACTS.title_en, FACTS.title_ja), notation=repr(notation)),
                         None, "toml, compact")

    def open(self, record: CanaryRecord) -> CanarySession:
        return CanarySession(record)

    def reasoner(self, session: CanarySession) -> CanaryReasoner:
        return CanaryReasoner(session)

    def steps(self, session: CanarySession) -> CanarySteps:
        return CanarySteps(session)

    def analyze(self, session: CanarySession) -> CanaryAnalysis:
        return analyze(session)

    def advise(self, session: CanarySession) -> Advice:
        return advise(session)

    def game_over(self, session: CanarySession) -> GameOver | None:
        return game_over(session)

    def new_state(self, players: int, seed: int, variant: str = "base") -> CanaryState:
        """A game dealt from ``seed``, as ``simulate`` deals it before the first move."""
        check_players(FACTS, players)
        check_variant(FACTS, variant)
        return CanaryState.new(Variant.for_players(players), random.Random(seed), f"<simulated seed={seed}>")

    def simulate(self, players: int, seed: int, turns: int, viewer: str | None, variant: str = "base") -> CanaryRecord:
        """The record ``viewer`` (one of ``new_state(players, seed).players``; None: a
        spectator) writes of a random legal game of at most ``turns`` turns."""
        check_players(FACTS, players)
        check_variant(FACTS, variant)
        return simulate(Variant.for_players(players), seed, max_turns=turns).state.record_for(viewer)

    def answer(self, session: CanarySession, question: str) -> Fact | None:
        """The fact that answers ``question`` once the record proves it: a player's clue
        (``clue``) or the goal square (``goal``, 3 and 4 players: with 2 the goal is five
        squares)."""
        if question == "goal" and session.variant.players == 2:
            raise SuiriError(ErrorText("game:goal-two-players"), None, "--question clue")
        for fact in analyze(session).certain:
            if fact.holds and (fact.subject == "goal" if question == "goal" else fact.subject.startswith("clue:")):
                return fact
        return None

    def cuts(self, record: CanaryRecord) -> Sequence[CanaryRecord]:
        """The record after its first turn, its first two, ... (puzzles cut there)."""
        return [record.truncated(n) for n in range(1, len(record.turns) + 1)]

    def setup_lines(self, players: Sequence[str], viewer: str | None) -> list[str]:
        """The players, the viewer's clue (with 4 players its authenticity card) and
        the corners, in player order as far as they go (the table may change them)."""
        variant = Variant.for_players(len(players))
        lines = ["canary " + " ".join(players)]
        if viewer is not None:
            lines.append(f"viewer {viewer} CLUE" + (" genuine|fake" if variant.fake else ""))
        corners = [variant.board.name(sq) for sq in variant.board.corners]
        return [*lines, "start " + " ".join(corners[: len(players)])]

    def vocabulary(self, record: CanaryRecord) -> list[str]:
        """Players, squares, card ids and Japanese names, clues, check letters."""
        deck = record.variant.deck
        board = record.variant.board
        return [*record.players, *(board.name(sq) for sq in range(board.size)),
                *(k.id for k in deck.kinds), *(k.name_ja for k in deck.kinds), *deck.attributes,
                *(ATTRIBUTE_NAMES_JA[a] for a in deck.attributes), "h", "r", "-", "!"]


GAME: Game[CanaryRecord, CanarySession] = CanaryGame()
