"""*Memory Detective* as a ``suiri.models.interface.Game``: the one object the CLI and the
puzzle generator call (registered in ``suiri.models.registry``, imported lazily).
Each member is the game's own function or class; what is written here is only what
no other module of the game says."""

from __future__ import annotations

import random
from collections.abc import Sequence

from suiri.models.bots import RandomBot
from suiri.models.interface import Game, check_players
from suiri.solver.facts import Fact

from . import FACTS, bots, notation
from .advice import DetectiveAdvice, advise
from .analysis import DetectiveAnalysis, analyze
from .ending import game_over
from .notation import EVENTS, NONE, OUTCOMES, is_compact, parse, to_compact
from .reasoning import DetectiveReasoner
from .record import DetectiveRecord, from_document, to_toml
from .rules import PUBLIC_EVIDENCE, bluff_follows, variant_for
from .seating import seating
from .session import DetectiveSession
from .simulator import simulate
from .state import DetectiveState
from .steps import DetectiveSteps

CATEGORY_QUESTIONS = FACTS.questions[:3]  # suspect, weapon, scene: a category of the truth


def deal(players: int, seed: int, variant: str) -> DetectiveState:
    """A game dealt from ``seed``, as ``simulate`` deals it before the first move."""
    return DetectiveState.new(variant_for(players, variant), random.Random(seed), f"<simulated seed={seed}>")


def play(players: int, seed: int, turns: int, viewer: str | None, variant: str) -> DetectiveRecord:
    """The record ``viewer`` writes of a random legal game of at most ``turns`` events."""
    return simulate(variant_for(players, variant), seed, max_events=turns).state.record_for(viewer)


def answer(session: DetectiveSession, question: str) -> Fact | None:
    """The fact that answers ``question`` once the record proves it and the seat did not
    see it written: a category of the truth (``suspect``, ``weapon``, ``scene``) or where
    some card is (``card``)."""
    for fact in analyze(session).certain:  # certain facts skip what the record states
        if not fact.holds:
            continue
        if question in CATEGORY_QUESTIONS and fact.subject == f"case:{question}":
            return fact
        if question == "card" and fact.subject.startswith("holder:"):
            return fact
    return None


def cuts(record: DetectiveRecord) -> Sequence[DetectiveRecord]:
    """The record after its first event, its first two, ...; never between a bluff and
    the fake's reveal that closes it (D7: the two are one answer)."""
    events = record.events
    return [record.truncated(n) for n in range(1, len(events) + 1)
            if n == len(events) or not bluff_follows(record.variant, events[n - 1], events[n])]


def setup_lines(players: Sequence[str], viewer: str | None) -> list[str]:
    """The players, the viewer's hand and the public evidence of the base game, one
    ``CARD`` per card to fill in (the fake, Clue and a deck of one's own add header
    lines: docs/record-format.md)."""
    check_players(FACTS, len(players))
    variant = variant_for(len(players), "base")
    lines = [f"{FACTS.name} " + " ".join(players)]
    if viewer is not None:
        lines.append(f"viewer {viewer} " + " ".join(["CARD"] * variant.hand_sizes[list(players).index(viewer)]))
    return [*lines, "public " + (" ".join(["CARD"] * PUBLIC_EVIDENCE[len(players)]) or NONE)]


def vocabulary(record: DetectiveRecord) -> list[str]:
    """Players, card ids and Japanese names, the event words and answers."""
    cards = record.variant.cards
    return [*record.players, *(c.id for c in cards), *(c.ja for c in cards if c.ja != c.id), *EVENTS,
            *OUTCOMES, "correct", NONE, "bluff=y", "bluff=n"]


BOTS = {"random": RandomBot, **bots.BOTS}  # the game's bots by name (docs/bots.md)

GAME: Game[DetectiveRecord, DetectiveSession, DetectiveAnalysis, DetectiveAdvice] = Game(
    facts=FACTS, read=from_document, is_compact=is_compact, parse_compact=parse, to_toml=to_toml,
    to_compact=to_compact, open=DetectiveSession, reasoner=DetectiveReasoner, steps=DetectiveSteps, analyze=analyze,
    advise=advise, game_over=game_over, deal=deal, play=play, answer=answer, cuts=cuts, setup_lines=setup_lines,
    vocabulary=vocabulary, notation_help=notation.__doc__ or "", heads=notation.HEADS, seat=seating, bots=BOTS)
