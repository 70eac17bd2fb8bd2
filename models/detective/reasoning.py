"""Memory Detective's part of ``explain`` and ``hint`` (the flow is
``suiri.solver.reasoning``): which rules are simple, what a proof step reports, and
how a deal looks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from suiri.solver.facts import Fact
from suiri.solver.hints import KNOWN_PREFIX
from suiri.solver.model import World
from suiri.solver.queries import Explanation

from .cards import CATEGORIES
from .counter import CASE
from .rules import (
    ACCUSATION,
    BLUFF,
    CASE_FILE,
    CLUE_ORDER,
    DEAL,
    FAKE_IN_A_HAND,
    MUST_RAISE,
    SHOW_NAMED,
    SOLVED,
    WRONG,
    mentions,
)

if TYPE_CHECKING:  # pragma: no cover
    from .session import DetectiveSession

# Simplicity of each rule for ranking hints: a shown card is plain sight; the case
# file's one-per-category and the hand sizes need a step of bookkeeping.
RULE_WEIGHT = {SHOW_NAMED: 1, MUST_RAISE: 1, CLUE_ORDER: 1, SOLVED: 1, WRONG: 1, ACCUSATION: 1, FAKE_IN_A_HAND: 1,
               BLUFF: 2, CASE_FILE: 2, DEAL: 3}


@dataclass
class WorldView:
    """A consistent deal, reduced to what a person wants to see."""

    case: list[str]
    places: dict[str, str]  # card id -> where it is now, for the cards the fact is about


def line_json(session: DetectiveSession, oid: str) -> dict[str, Any]:
    if oid.startswith(KNOWN_PREFIX):
        return {"id": oid, "line": None}
    o = session.observation(oid)
    return {"id": oid, "event": o.event, "line": o.source.line, "field": o.source.field}


def context_subjects(session: DetectiveSession, fact: Fact, explanation: Explanation | None) -> list[str]:
    """What a proof step reports: the truth, and where the cards are that the fact and
    the cited lines are about."""
    cards = set(session.fact_cards(fact))
    for oid in explanation.observations if explanation else ():
        if not oid.startswith(KNOWN_PREFIX):
            cards |= set(mentions(session.observation(oid)))
    return [f"case:{cat.value}" for cat in CATEGORIES] + [
        f"holder:{c.id}" for c in session.variant.cards if c in cards]


def view(session: DetectiveSession, world: World, fact: Fact) -> WorldView:
    dm = session.detective_model
    case = [c.id for c in session.variant.deck.evidence if world.value(dm.dealt[c][CASE])]
    places = {c.id: next(h for h, lit in dm.now[c].items() if world.value(lit))
              for c in sorted(session.fact_cards(fact), key=lambda c: c.id)}
    return WorldView(case, places)
