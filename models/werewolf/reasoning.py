"""Werewolf's part of ``explain`` and ``hint`` (the flow is ``suiri.solver.reasoning``):
which rules are simple, which turns to try first, what a proof step reports, and how a
history looks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from suiri.solver.errors import Source
from suiri.solver.facts import Fact
from suiri.solver.hints import KNOWN_PREFIX
from suiri.solver.model import World
from suiri.solver.queries import Explanation

from .cards import KINDS
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

if TYPE_CHECKING:  # pragma: no cover
    from .session import WerewolfSession

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


def line_source(session: WerewolfSession, oid: str) -> Source:
    """The record line of an observation: ``hand``, ``turn-N``, or ``call-N`` (the call of
    search order N: its ``[[search]]`` entry's ``order``, or for a call nobody raised at
    that the record does not list, the entry that implies it, W15)."""
    kind, _, n = oid.partition("-")
    r = session.record
    if oid == "hand":
        return r.where(None, None, "hand")
    if kind == "call":
        return session.replay.call(int(n)).source
    return r.where("turn", int(n))


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


def context_subjects(session: WerewolfSession, fact: Fact, explanation: Explanation | None) -> list[str]:
    """What a proof step reports: the Lost Legacy's place, and the fact's own subject."""
    subjects = ["lost-legacy"]
    if fact.subject not in subjects:
        subjects.append(fact.subject)
    return subjects


def view(session: WerewolfSession, world: World, fact: Fact) -> WorldView:
    m = session.werewolf_model
    subjects = m.model.subjects

    def value(name: str) -> str:
        return next(v for v, lit in subjects[name].values.items() if world.value(lit))

    hands = {p: next(k.id for k in KINDS if world.value(m.now[hand(p)][k.index])) for p in session.living}
    ruins = value(slot_name(("ruins",)))
    return WorldView(value("lost-legacy"), value("werewolf"), hands, ruins)
