"""Canary's part of ``explain`` and ``hint`` (the flow is ``suiri.solver.reasoning``):
which rules are simple, what a proof step reports, and how a world looks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from suiri.solver.facts import Fact
from suiri.solver.hints import KNOWN_PREFIX
from suiri.solver.model import World
from suiri.solver.queries import Explanation

from .encoder import CLUES_DIFFER, DECK, DECLARE, OUTCOME

if TYPE_CHECKING:  # pragma: no cover
    from .session import CanarySession

# Simplicity of each rule for ranking hints: reading one card is easy, counting the
# deck or reasoning about who won a declaration is not.
RULE_WEIGHT = {"hide": 1, "reveal": 1, "answer": 1, CLUES_DIFFER: 1, DECLARE: 2, DECK: 3, OUTCOME: 3}


@dataclass
class WorldView:
    """A consistent world, reduced to what a person wants to see."""

    clues: dict[str, str]
    fake: str | None
    goal: list[str]
    squares: dict[str, str]  # square name -> kind id, for the squares the fact is about


def line_json(session: CanarySession, oid: str) -> dict[str, Any]:
    if oid.startswith(KNOWN_PREFIX):
        return {"id": oid, "line": None}
    o = session.observation(oid)
    return {"id": oid, "turn": o.turn, "line": o.source.line, "field": o.source.field}


def context_subjects(session: CanarySession, explanation: Explanation | None = None) -> list[str]:
    """What a proof step reports: every unknown clue, the fake, and the squares whose
    card a cited line shows."""
    subjects = [f"clue:{p}" for p in session.record.players if p != session.record.viewer]
    subjects += ["fake"] if session.variant.fake else []
    for oid in explanation.observations if explanation else ():
        if oid.startswith(KNOWN_PREFIX):
            continue
        o = session.observation(oid)
        if getattr(o, "face", None) is not None:
            name = f"square:{session.board.name(o.square)}"  # type: ignore[attr-defined]
            if name not in subjects:
                subjects.append(name)
    return subjects


def view(session: CanarySession, world: World, fact: Fact) -> WorldView:
    cm = session.canary_model
    board = session.board
    clues = {p: next(a for a, lit in cm.clue[p].items() if world.value(lit)) for p in session.record.players}
    fake = next((p for p, lit in cm.fake.items() if world.value(lit)), None) if cm.fake else None
    goal = [board.name(sq) for sq in board.squares if world.value(cm.goal[sq])]
    wanted = set(goal)
    if fact.subject.startswith("square:"):
        wanted.add(fact.subject.split(":", 1)[1])
    if fact.subject == "goal":
        wanted.add(fact.value)
    squares = {}
    for name in sorted(wanted):
        sq = board.parse(name)
        squares[name] = next(k for k, lit in cm.card[sq].items() if world.value(lit))
    return WorldView(clues, fake, goal, squares)
