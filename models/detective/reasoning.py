"""Memory Detective's ``ReasoningSession`` (``suiri.solver.reasoning``): what
``explain`` and ``hint`` ask of a record — facts typed by the user, exact
distributions from the counter, where a line was written and how a deal looks."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from suiri.solver.errors import FactError, unknown_name, unknown_subject
from suiri.solver.facts import Fact
from suiri.solver.model import World
from suiri.solver.reasoning import Reasoner
from suiri.solver.records import find_name

from . import FACTS
from .analysis import analyze
from .cards import CATEGORIES, Category
from .counter import CASE, PUBLIC
from .error_text import ErrorText
from .session import DetectiveSession


@dataclass
class WorldView:
    """A consistent deal, reduced to what a person wants to see."""

    case: list[str]
    places: dict[str, str]  # card id -> where it is now, for the cards the fact is about


class DetectiveReasoner(Reasoner[DetectiveSession]):
    """A Memory Detective session as the explain/hint flow reasons with it."""

    def distribution(self, subject: str) -> dict[str, Fraction]:
        """Exact probabilities of each value of ``holder:CARD`` or ``case:CATEGORY``
        (``solver.probability.ExactCounter``)."""
        s = self.session
        kind, _, arg = subject.partition(":")
        if kind == "holder":
            return s.where_now(s.deck.parse(arg, None, s.variant.fake))
        if kind == "case":
            return {c.id: p for c, p in s.truth(Category(arg)).items()}
        raise unknown_subject(subject, FACTS.subjects, "holder:CARD, case:suspect|weapon|scene")

    def parse_fact(self, text: str) -> Fact:
        """Read a fact (``holder:w2=ben``, ``case:suspect!=s3``), accepting Japanese names."""
        s = self.session
        fact = Fact.parse(text)
        subject, _, arg = fact.subject.partition(":")
        if subject == "holder" and arg:
            card = s.deck.parse(arg, None, s.variant.fake)
            value = {"箱": CASE, "box": CASE, "事件ファイル": CASE, "事件": CASE, "公開": PUBLIC}.get(
                fact.value.lower(), find_name(fact.value, s.holders))  # a player as declared: Bea is bea
            if value not in s.holders:
                raise unknown_name("card-place", fact.value, s.holders, error=FactError, phrase="not-a")
            return Fact(f"holder:{card.id}", value, fact.holds)
        if subject == "case":
            cat = next((c for c in CATEGORIES if arg in (c.value, c.ja)), None)
            card = s.deck.parse(fact.value, None)
            if cat is None and not arg:
                cat = card.category
            if cat is None:
                raise unknown_name("category", arg, [c.value for c in CATEGORIES], error=FactError,
                                   spellings=[*(c.value for c in CATEGORIES), *(c.ja for c in CATEGORIES)])
            if card.category != cat:
                category = ErrorText(f"category:{cat.value}")
                raise FactError(ErrorText("facts:not-of-category", card=card.id, category=category), None,
                                ", ".join(c.id for c in s.deck.of(cat)))
            return Fact(f"case:{cat.value}", card.id, fact.holds)
        raise unknown_subject(fact.subject, FACTS.subjects, ErrorText("facts:subject-valid"))

    def certain_facts(self) -> list[Fact]:
        return analyze(self.session).certain

    def line_json(self, oid: str) -> dict[str, Any]:
        return line_json(self.session, oid)

    def world_view(self, world: World, fact: Fact) -> WorldView:
        return view(self.session, world, fact)


def line_json(session: DetectiveSession, oid: str) -> dict[str, Any]:
    o = session.observation(oid)
    return {"id": oid, "event": o.event, "line": o.source.line, "field": o.source.field}


def view(session: DetectiveSession, world: World, fact: Fact) -> WorldView:
    dm = session.detective_model
    case = [c.id for c in session.variant.deck.evidence if world.value(dm.dealt[c][CASE])]
    places = {c.id: world.which(dm.now[c]) for c in sorted(session.fact_cards(fact), key=lambda c: c.id)}
    return WorldView(case, places)
