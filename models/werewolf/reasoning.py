"""Werewolf's part of ``explain`` and ``hint`` (the flow is ``suiri.solver.reasoning``):
``WerewolfReasoner`` wraps a session (the state) as a ``ReasoningSession``: how facts
are typed, which rules are simple, which turns to try first, what a proof step
reports, and how a history looks."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from suiri.solver.errors import FactError, unknown_name
from suiri.solver.facts import Fact
from suiri.solver.model import World
from suiri.solver.reasoning import Reasoner
from suiri.solver.records import find_name

from .analysis import certain_facts
from .cards import KINDS, NOBODY, parse_kind
from .rules import hand, slot_name
from .session import WerewolfSession, line_source

SUBJECT_ALIASES = {"lost-legacy": "lost-legacy", "ll": "lost-legacy", "遺産": "lost-legacy",
                   "失われた遺産": "lost-legacy", "werewolf": "werewolf", "人狼": "werewolf",
                   "madman": "madman", "狂人": "madman", "ruins": "ruins", "遺跡": "ruins"}



@dataclass
class WorldView:
    """A consistent history, reduced to what a person wants to see: where things are now."""

    lost_legacy: str
    werewolf: str
    hands: dict[str, str]
    ruins: str


def line_json(session: WerewolfSession, oid: str) -> dict[str, Any]:
    src = line_source(session, oid)
    out: dict[str, Any] = {"id": oid, "line": src.line, "field": src.field}
    kind, _, n = oid.partition("-")
    if kind in ("turn", "call"):
        out[kind] = int(n)
    return out


def view(session: WerewolfSession, world: World) -> WorldView:
    m = session.werewolf_model
    subjects = m.model.subjects

    def value(name: str) -> str:
        return world.which(subjects[name].values)

    hands = {p: next(k.id for k in KINDS if world.value(m.now[hand(p)][k.index])) for p in session.living}
    ruins = value(slot_name(("ruins",)))
    return WorldView(value("lost-legacy"), value("werewolf"), hands, ruins)


class WerewolfReasoner(Reasoner[WerewolfSession]):
    """A ``WerewolfSession`` as the explain/hint flow reasons with it
    (``suiri.solver.reasoning.ReasoningSession``)."""

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

    def certain_facts(self) -> list[Fact]:
        return certain_facts(self.session)

    def line_json(self, oid: str) -> dict[str, Any]:
        return line_json(self.session, oid)

    def world_view(self, world: World, fact: Fact) -> WorldView:
        return view(self.session, world)


__all__ = ["SUBJECT_ALIASES", "WerewolfReasoner", "WorldView", "line_json", "view"]
