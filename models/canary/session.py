"""One record under study: replayed once, with the counter and the CP-SAT engine
built on demand and shared by every question (analyze, explain, hint, advise)."""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property

from suiri.solver.errors import FactError, InconsistentRecordError
from suiri.solver.facts import Fact
from suiri.solver.model import World
from suiri.solver.queries import Engine, Explanation
from suiri.solver.reasoning import inconsistency

from .cards import parse_attribute
from .counter import InconsistentError, Tally, WorldCounter, kind_marginals
from .encoder import CanaryModel, encode
from .reasoning import RULE_WEIGHT, WorldView, context_subjects, line_json, view
from .record import CanaryRecord
from .rules import Observation, Replay, replay


class CanarySession:
    rule_weight = RULE_WEIGHT

    def __init__(self, record: CanaryRecord) -> None:
        self.record = record
        self.variant = record.variant
        self.board = record.variant.board
        self.replay: Replay = replay(record)  # raises IllegalMoveError at the first bad turn


    @property
    def observations(self) -> list[Observation]:
        return self.replay.observations

    def observation(self, oid: str) -> Observation:
        return next(o for o in self.observations if o.id == oid)

    @cached_property
    def counter(self) -> WorldCounter:
        return WorldCounter(self.variant, self.record.players, self.observations)

    @cached_property
    def tally(self) -> Tally:
        """Exact counts; an empty one means the record contradicts itself."""
        try:
            return self.counter.tally()
        except InconsistentError:
            raise self.inconsistency() from None

    def inconsistency(self) -> InconsistentRecordError:
        """A minimal set of record lines that cannot all be true, as an error."""
        return inconsistency(self.engine, lambda oid: self.observation(oid).source, "layout and clue deal",
                             "a record in which some world satisfies every line")

    step_name = "turns"
    world_name = "worlds"  # what `check` counts

    @property
    def steps(self) -> int:
        return len(self.record.turns)

    def check(self) -> Tally:
        """Full validation: legal turn by turn (done at construction) and consistent."""
        return self.tally

    @cached_property
    def canary_model(self) -> CanaryModel:
        return encode(self.variant, self.record.players, self.observations)

    @cached_property
    def engine(self) -> Engine:
        return Engine(self.canary_model.model)

    # -- the exact counter as the engine's probability interface -----------------------
    def distribution(self, subject: str) -> dict[str, Fraction]:
        """Exact probabilities of each value of ``clue:NAME``, ``goal``, ``fake`` or
        ``square:SQ`` (``solver.probability.ExactCounter``)."""
        tally = self.tally
        kind, _, arg = subject.partition(":")
        if kind == "clue":
            return dict(tally.clue_marginals(arg))
        if kind == "goal":
            return {self.board.name(sq): p for sq, p in enumerate(tally.goal_marginals())}
        if kind == "fake":
            return tally.fake_marginals()
        if kind == "square":
            faces = kind_marginals(self.counter, self.board.parse(arg), tally)
            return {k.id: p for k, p in faces.items()}
        raise FactError(f"unknown subject {subject!r}", None, "clue:NAME, goal, fake, square:SQ")

    # -- facts -------------------------------------------------------------------------
    def parse_fact(self, text: str) -> Fact:
        """Read a fact, accepting Japanese names and any case for squares and cards."""
        fact = Fact.parse(text)
        subject, _, arg = fact.subject.partition(":")
        players = ", ".join(self.record.players)
        if subject == "clue":
            if arg not in self.record.players:
                raise FactError(f"unknown player {arg!r} in {text!r}", None, players)
            value = parse_attribute(fact.value, None, self.variant.deck.attributes)
            return Fact(fact.subject, value, fact.holds)
        if subject == "goal" and not arg:
            return Fact("goal", self.board.name(self.board.parse(fact.value)), fact.holds)
        if subject == "fake" and not arg:
            if not self.variant.fake:
                raise FactError("only the 4-player game has a fake clue", None, "clue:NAME, goal, square:SQ")
            if fact.value not in self.record.players:
                raise FactError(f"unknown player {fact.value!r}", None, players)
            return fact
        if subject == "square" and arg:
            sq = self.board.name(self.board.parse(arg))
            return Fact(f"square:{sq}", self.variant.deck.parse_kind(fact.value).id, fact.holds)
        raise FactError(
            f"unknown subject {fact.subject!r}", None,
            "clue:NAME=ATTRIBUTE, goal=SQUARE" + (", fake=NAME" if self.variant.fake else "") + ", square:SQ=CARD",
        )

    def related(self, fact: Fact) -> list[str]:
        """Observations about the fact's player or square: the likely one-line proofs."""
        subject, _, arg = fact.subject.partition(":")
        if subject == "clue":
            who = {arg}
        elif subject == "fake":
            who = {fact.value}
        else:
            who = set()
        square = self.board.parse(arg if subject == "square" else fact.value) if subject in ("square", "goal") else None
        out = []
        for o in self.observations:
            players = {getattr(o, "player", None), getattr(o, "declarer", None)}
            if (who & players) or (square is not None and getattr(o, "square", None) == square):
                out.append(o.id)
        return out

    def written(self, fact: Fact) -> bool:
        """Facts the record states outright (the viewer's own cards)."""
        viewer = self.record.viewer
        if viewer is None:
            return False
        own_card = self.record.genuine is not None  # the record says whether the viewer is the fake
        return fact.subject == f"clue:{viewer}" or (own_card and fact.subject == "fake" and fact.value == viewer)

    # -- what the shared explain/hint flow asks (suiri.solver.reasoning) -----------------
    def certain_facts(self) -> list[Fact]:
        from .analysis import analyze

        return analyze(self).certain

    def line_json(self, oid: str) -> dict[str, object]:
        return line_json(self, oid)

    def context_subjects(self, fact: Fact, explanation: Explanation | None) -> list[str]:
        return context_subjects(self, explanation)

    def world_view(self, world: World, fact: Fact) -> WorldView:
        return view(self, world, fact)
