"""Werewolf's part of ``explain`` and ``hint`` (the flow is ``suiri.solver.reasoning``):
``WerewolfReasoner`` wraps a session (the state) as a ``ReasoningSession``: how facts
are typed, which rules are simple, which turns to try first, what a proof step
reports, and how a history looks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from suiri.solver.errors import FactError, Source, unknown_name
from suiri.solver.facts import KNOWN_PREFIX, Fact
from suiri.solver.model import World
from suiri.solver.queries import Engine, Explanation
from suiri.solver.records import find_name

from .analysis import certain_facts
from .cards import KINDS, NOBODY, parse_kind
from .counter import Counts
from .encoder import (
    DECK,
    ELIMINATION,
    HUNT,
    MUST_PLAY,
    PLAYED_FROM_HAND,
    SEARCH_CALL,
    SEEN,
    STAYS_HOME,
)
from .rules import hand, slot_name
from .session import WerewolfSession, line_source

SUBJECT_ALIASES = {"lost-legacy": "lost-legacy", "ll": "lost-legacy", "遺産": "lost-legacy",
                   "失われた遺産": "lost-legacy", "werewolf": "werewolf", "人狼": "werewolf",
                   "madman": "madman", "狂人": "madman", "ruins": "ruins", "遺跡": "ruins"}

# Simplicity of each rule for ranking hints: what one saw is plain sight, and so is a hand
# raised at a call (W15); counting the deck takes a step of bookkeeping.
RULE_WEIGHT = {SEEN: 1, PLAYED_FROM_HAND: 1, ELIMINATION: 1, HUNT: 1, SEARCH_CALL: 1, MUST_PLAY: 2, STAYS_HOME: 2,
               DECK: 3}


@dataclass
class WorldView:
    """A consistent history, reduced to what a person wants to see: where things are now."""

    lost_legacy: str
    werewolf: str
    hands: dict[str, str]
    ruins: str


def line_json(session: WerewolfSession, oid: str) -> dict[str, Any]:
    if oid.startswith(KNOWN_PREFIX):
        return {"id": oid, "line": None}
    src = line_source(session, oid)
    out: dict[str, Any] = {"id": oid, "line": src.line, "field": src.field}
    kind, _, n = oid.partition("-")
    if kind in ("turn", "call"):
        out[kind] = int(n)
    return out


def related(session: WerewolfSession, fact: Fact) -> list[str]:
    """Turns and search calls that mention the fact's player or card: the likely short proofs."""
    words = {fact.value, *fact.subject.split(":")}
    out = []
    for t in session.record.turns:
        named = {t.player, t.play.id, t.target, t.put, t.eliminated, *(k.id for k in t.revealed or ()),
                 *(k.id for k in (t.drew, t.saw, t.card) if k)}
        if words & {x for x in named if x}:
            out.append(f"turn-{t.number}")
    for c in session.replay.calls:
        s = c.search.search if c.search is not None else None
        named = {*c.raised, *((s.player, s.found.id if s.found else None, *(str(x) for x in s.target or ()))
                              if s else ())}
        if words & {x for x in named if x}:
            out.append(c.id)
    return out


def context_subjects(fact: Fact) -> list[str]:
    """What a proof step reports: the Lost Legacy's place, and the fact's own subject."""
    subjects = ["lost-legacy"]
    if fact.subject not in subjects:
        subjects.append(fact.subject)
    return subjects


def view(session: WerewolfSession, world: World) -> WorldView:
    m = session.werewolf_model
    subjects = m.model.subjects

    def value(name: str) -> str:
        return next(v for v, lit in subjects[name].values.items() if world.value(lit))

    hands = {p: next(k.id for k in KINDS if world.value(m.now[hand(p)][k.index])) for p in session.living}
    ruins = value(slot_name(("ruins",)))
    return WorldView(value("lost-legacy"), value("werewolf"), hands, ruins)


class WerewolfReasoner:
    """A ``WerewolfSession`` as the explain/hint flow reasons with it
    (``suiri.solver.reasoning.ReasoningSession``)."""

    rule_weight: Mapping[str, int] = RULE_WEIGHT

    def __init__(self, session: WerewolfSession) -> None:
        self.session = session

    @cached_property
    def engine(self) -> Engine:
        return self.session.engine

    def check(self) -> Counts:
        return self.session.check()

    def distribution(self, subject: str) -> dict[str, Fraction]:
        """Exact probabilities of each value of a subject (``solver.probability.ExactCounter``)."""
        s = self.session
        if subject == "lost-legacy":
            return s.lost_legacy()
        if subject == "werewolf":
            return s.werewolf()
        if subject == "madman":
            return s.madman()
        return s.card(s.slot(subject))

    def parse_fact(self, text: str) -> Fact:
        """``lost-legacy=hand:ben``, ``werewolf!=cho``, ``hand:dan!=seer``, ``discard:dan:3=sleep``;
        Japanese card and subject names are accepted."""
        s = self.session
        fact = Fact.parse(text)
        subject = SUBJECT_ALIASES.get(fact.subject, fact.subject)
        if subject == "lost-legacy":
            place = find_name(SUBJECT_ALIASES.get(fact.value, fact.value), list(s.lost_legacy()))  # hand:Ben
            if place is None:
                raise unknown_name("place", fact.value, list(s.lost_legacy()), error=FactError, phrase="not-a")
            return Fact(subject, place, fact.holds)
        if subject in ("werewolf", "madman"):
            names = s.werewolf() if subject == "werewolf" else s.madman()
            value = NOBODY if fact.value in (NOBODY, "none", "なし") else find_name(fact.value, list(names))
            if value is None or value not in names:
                raise unknown_name("player", fact.value, list(names), error=FactError, phrase="not-here")
            return Fact(subject, value, fact.holds)
        slot = s.slot(subject)
        return Fact(slot_name(slot), parse_kind(fact.value).id, fact.holds)

    def related(self, fact: Fact) -> list[str]:
        return related(self.session, fact)

    def certain_facts(self) -> list[Fact]:
        return certain_facts(self.session)

    def source(self, oid: str) -> Source:
        return line_source(self.session, oid)

    def line_json(self, oid: str) -> dict[str, Any]:
        return line_json(self.session, oid)

    def context_subjects(self, fact: Fact, explanation: Explanation | None) -> list[str]:
        return context_subjects(fact)

    def world_view(self, world: World, fact: Fact) -> WorldView:
        return view(self.session, world)


__all__ = ["RULE_WEIGHT", "SUBJECT_ALIASES", "WerewolfReasoner", "WorldView", "line_json", "related",
           "view"]
