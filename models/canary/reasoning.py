"""Canary's ``ReasoningSession`` (``suiri.solver.reasoning``): what ``explain`` and
``hint`` ask of a record — facts typed by the user, exact distributions from the
counter, where a line was written and how a world looks.
"""

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
from .cards import parse_attribute
from .counter import kind_marginals
from .error_text import ErrorText
from .session import CanarySession


@dataclass
class WorldView:
    """A consistent world, reduced to what a person wants to see."""

    clues: dict[str, str]
    fake: str | None
    goal: list[str]
    squares: dict[str, str]  # square name -> kind id, for the squares the fact is about


class CanaryReasoner(Reasoner[CanarySession]):
    """A Canary session as the explain/hint flow reasons with it."""

    # -- facts ---------------------------------------------------------------------
    def parse_fact(self, text: str) -> Fact:
        """Read a fact, accepting Japanese names and any case for squares and cards."""
        s = self.session
        fact = Fact.parse(text)
        subject, _, arg = fact.subject.partition(":")
        if subject == "clue":
            player = find_name(arg, s.record.players)  # clue:Aki is aki's clue
            if player is None:
                raise unknown_name("player", arg, s.record.players, error=FactError)
            value = parse_attribute(fact.value, None, s.variant.deck.attributes)
            return Fact(f"clue:{player}", value, fact.holds)
        if subject == "goal" and not arg:
            return Fact("goal", s.board.name(s.board.parse(fact.value)), fact.holds)
        if subject == "fake" and not arg:
            if not s.variant.fake:
                raise FactError(ErrorText("fact:no-fake"), None, "clue:NAME, goal, square:SQ")
            player = find_name(fact.value, s.record.players)
            if player is None:
                raise unknown_name("player", fact.value, s.record.players, error=FactError)
            return Fact("fake", player, fact.holds)
        if subject == "square" and arg:
            sq = s.board.name(s.board.parse(arg))
            return Fact(f"square:{sq}", s.variant.deck.parse_kind(fact.value).id, fact.holds)
        raise unknown_subject(fact.subject, FACTS.subjects, ", ".join(self._subjects()))

    def _subjects(self) -> list[str]:
        """The subjects of this record, as ``FACTS.subjects`` writes them with a value."""
        values = {"clue:NAME": "ATTRIBUTE", "goal": "SQUARE", "fake": "NAME", "square:SQ": "CARD"}
        return [f"{s}={values[s]}" for s in FACTS.subjects if s != "fake" or self.session.variant.fake]

    def distribution(self, subject: str) -> dict[str, Fraction]:
        """Exact probabilities of each value of ``clue:NAME``, ``goal``, ``fake`` or
        ``square:SQ`` (``solver.probability.ExactCounter``)."""
        s = self.session
        counts = s.counts
        kind, _, arg = subject.partition(":")
        if kind == "clue":
            return dict(counts.clue_marginals(arg))
        if kind == "goal":
            return {s.board.name(sq): p for sq, p in enumerate(counts.goal_marginals())}
        if kind == "fake":
            return counts.fake_marginals()
        if kind == "square":
            faces = kind_marginals(s.counter, s.board.parse(arg), counts)
            return {k.id: p for k, p in faces.items()}
        raise unknown_subject(subject, FACTS.subjects)

    def certain_facts(self) -> list[Fact]:
        return analyze(self.session).certain

    # -- what a proof step shows -----------------------------------------------------
    def line_json(self, oid: str) -> dict[str, Any]:
        o = self.session.observation(oid)
        return {"id": oid, "turn": o.turn, "line": o.source.line, "field": o.source.field}

    def world_view(self, world: World, fact: Fact) -> WorldView:
        s = self.session
        cm = s.canary_model
        board = s.board
        clues = {p: world.which(cm.clue[p]) for p in s.record.players}
        fake = world.which(cm.fake) if cm.fake else None
        goal = [board.name(sq) for sq in board.squares if world.value(cm.goal[sq])]
        wanted = set(goal)
        if fact.subject.startswith("square:"):
            wanted.add(fact.subject.split(":", 1)[1])
        if fact.subject == "goal":
            wanted.add(fact.value)
        squares = {}
        for name in sorted(wanted):
            sq = board.parse(name)
            squares[name] = world.which(cm.card[sq])
        return WorldView(clues, fake, goal, squares)
