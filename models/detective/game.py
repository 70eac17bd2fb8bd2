"""*Memory Detective* as a ``suiri.models.Game``: the one object the CLI and the
puzzle generator call (registered in ``suiri.models.GAMES``, imported lazily)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from suiri.models import check_players, check_variant
from suiri.models.interface import Game, GameOver
from suiri.solver.errors import SuiriError
from suiri.solver.facts import Fact
from suiri.solver.records import TomlDocument

from . import FACTS
from .advice import DetectiveAdvice, advise
from .analysis import DetectiveAnalysis, analyze
from .ending import game_over
from .error_text import ErrorText
from .notation import EVENTS, NONE, OUTCOMES, is_compact, parse, to_compact
from .reasoning import DetectiveReasoner
from .record import DetectiveRecord, from_document, to_toml
from .rules import PUBLIC_EVIDENCE, bluff_follows, variant_for
from .session import DetectiveSession
from .simulator import simulate
from .state import DetectiveState
from .steps import DetectiveSteps

CATEGORY_QUESTIONS = FACTS.questions[:3]  # suspect, weapon, scene: a category of the truth


class DetectiveGame:
    facts = FACTS

    def read(self, doc: TomlDocument) -> DetectiveRecord:
        return from_document(doc)

    def is_compact(self, text: str) -> bool:
        return is_compact(text)

    def parse_compact(self, name: str, text: str) -> TomlDocument:
        return parse(name, text)

    def write(self, record: DetectiveRecord, notation: str = "toml") -> str:
        if notation == "toml":
            return to_toml(record)
        if notation == "compact":
            return to_compact(record)
        raise SuiriError(ErrorText("game:no-notation", notation=repr(notation)), None, "toml, compact")

    def open(self, record: DetectiveRecord) -> DetectiveSession:
        return DetectiveSession(record)

    def reasoner(self, session: DetectiveSession) -> DetectiveReasoner:
        return DetectiveReasoner(session)

    def steps(self, session: DetectiveSession) -> DetectiveSteps:
        return DetectiveSteps(session)

    def analyze(self, session: DetectiveSession) -> DetectiveAnalysis:
        return analyze(session)

    def advise(self, session: DetectiveSession) -> DetectiveAdvice:
        return advise(session)

    def game_over(self, session: DetectiveSession) -> GameOver | None:
        return game_over(session)

    def new_state(self, players: int, seed: int, variant: str = "base") -> DetectiveState:
        """A game dealt from ``seed``, as ``simulate`` deals it before the first move."""
        check_players(FACTS, players)
        check_variant(FACTS, variant)
        return DetectiveState.new(variant_for(players, variant), random.Random(seed), f"<simulated seed={seed}>")

    def simulate(self, players: int, seed: int, turns: int, viewer: str | None,
                 variant: str = "base") -> DetectiveRecord:
        """The record ``viewer`` (one of ``new_state(players, seed).players``; None: a
        spectator) writes of a random legal game of at most ``turns`` events."""
        check_players(FACTS, players)
        check_variant(FACTS, variant)
        return simulate(variant_for(players, variant), seed, max_events=turns).state.record_for(viewer)

    def answer(self, session: DetectiveSession, question: str) -> Fact | None:
        """The fact that answers ``question`` once the record proves it and the seat did
        not see it written: a category of the truth (``suspect``, ``weapon``, ``scene``)
        or where some card is (``card``)."""
        for fact in analyze(session).certain:  # certain facts skip what the record states
            if not fact.holds:
                continue
            if question in CATEGORY_QUESTIONS and fact.subject == f"case:{question}":
                return fact
            if question == "card" and fact.subject.startswith("holder:"):
                return fact
        return None

    def cuts(self, record: DetectiveRecord) -> Sequence[DetectiveRecord]:
        """The record after its first event, its first two, ...; never between a bluff
        and the fake's reveal that closes it (D7: the two are one answer)."""
        events = record.events
        return [record.truncated(n) for n in range(1, len(events) + 1)
                if n == len(events) or not bluff_follows(record.variant, events[n - 1], events[n])]

    def setup_lines(self, players: Sequence[str], viewer: str | None) -> list[str]:
        """The players, the viewer's hand and the public evidence of the base game, one
        ``CARD`` per card to fill in (the fake, Clue and a deck of one's own add header
        lines: docs/record-format.md)."""
        check_players(FACTS, len(players))
        variant = variant_for(len(players), "base")
        lines = [f"{FACTS.name} " + " ".join(players)]
        if viewer is not None:
            lines.append(f"viewer {viewer} " + " ".join(["CARD"] * variant.hand_sizes[list(players).index(viewer)]))
        return [*lines, "public " + (" ".join(["CARD"] * PUBLIC_EVIDENCE[len(players)]) or NONE)]

    def vocabulary(self, record: DetectiveRecord) -> list[str]:
        """Players, card ids and Japanese names, the event words and answers."""
        cards = record.variant.cards
        return [*record.players, *(c.id for c in cards), *(c.ja for c in cards if c.ja != c.id), *EVENTS,
                *OUTCOMES, "correct", NONE, "bluff=y", "bluff=n"]


GAME: Game[DetectiveRecord, DetectiveSession] = DetectiveGame()
