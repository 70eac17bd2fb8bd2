"""``explain`` and ``hint`` for any game, with the game's exact counter deciding what
is certain and the one step-wise engine (``solver.chain``) saying why.

A proof is a chain of small steps: each step derives one fact from a few record lines
and earlier facts, and the fact asked comes last; a fact the rules force alone (no record
line needed) is a chain of one step that names the rules.  A hint is the first step
toward the nearest certain fact the player does not know yet.  A game supplies a
``ReasoningSession`` (its counter, how facts are typed, where a line was written, how a
world looks: ``Game.reasoner``) and a ``Stepwise`` (its chains said in its words:
``Game.steps``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .errors import FactError, InconsistentRecordError, Message, Source, Text
from .facts import Fact
from .model import World
from .probability import fact_probability
from .problem import Step
from .queries import Engine
from .stepwise import Stepwise


class ReasoningSession(Protocol):
    """A session as the shared explain/hint flow and the CLI reason with it: each game
    implements it in ``models/<game>/reasoning.py`` as a class wrapping the game's
    ``Session`` (the state), returned by ``Game.reasoner(session)``."""

    @property
    def session(self) -> Any: ...  # the game's Session (suiri.models.Session): the record, replayed
    @property
    def engine(self) -> Engine: ...  # the record's grouped model and its queries (a counterexample)

    def check(self) -> object: ...  # the session's full check: its Counts (raises SuiriError)
    def parse_fact(self, text: str) -> Fact: ...  # a fact typed by the user (raises FactError)
    def distribution(self, subject: str) -> dict[str, Fraction]: ...  # exact, from the counter
    def certain_facts(self) -> list[Fact]: ...  # proven and not written in the record
    def source(self, oid: str) -> Source: ...  # where a line id was written
    def line_json(self, oid: str) -> dict[str, Any]: ...  # a line id for --json
    def world_view(self, world: World, fact: Fact) -> object: ...  # a counterexample, as data (a dataclass)


class Sourced(Protocol):
    """One observation of a record: its line id and where that line was written."""

    @property
    def id(self) -> str: ...
    @property
    def source(self) -> Source: ...


ObsT = TypeVar("ObsT", bound=Sourced)  # a game's observation


class Observing(Protocol[ObsT]):
    """A record replayed through a game's rules into observations (the game's ``Replay``)."""

    observations: list[ObsT]


class Observed(Generic[ObsT]):
    """The part of a session that reads its replay's observations (Canary, Memory
    Detective): each found by its line id, whose record line a proof step or an
    inconsistency names.  Stated once here so that every game finds lines alike."""

    replay: Observing[ObsT]

    @property
    def observations(self) -> list[ObsT]:
        return self.replay.observations

    def observation(self, oid: str) -> ObsT:
        return next(o for o in self.observations if o.id == oid)

    def source(self, oid: str) -> Source:
        return self.observation(oid).source


class Studied(Protocol):
    """What every game's session (``models/<game>/session.py``) offers its reasoner."""

    @property
    def engine(self) -> Engine: ...
    def check(self) -> object: ...
    def source(self, oid: str) -> Source: ...


St = TypeVar("St", bound=Studied)  # a game's session


class Reasoner(Generic[St]):
    """The members of a ``ReasoningSession`` that every game's reasoner reads from its
    session unchanged (the engine, the full check, where a line was written); the game's
    subclass adds how facts are typed and how a world looks."""

    def __init__(self, session: St) -> None:
        self.session = session

    @property
    def engine(self) -> Engine:
        return self.session.engine

    def check(self) -> object:
        return self.session.check()

    def source(self, oid: str) -> Source:
        return self.session.source(oid)


CountsT = TypeVar("CountsT")  # a game's exact counts


class Checked(ABC, Generic[CountsT]):
    """What every game's session does alike: its full check is its exact counts (the
    record was found legal turn by turn when it was replayed), and a record that no
    hidden state fits is an error naming a minimal set of its lines, said with the
    game's word for a hidden state (``worlds``, e.g. "deal") and what would be valid."""

    worlds: ClassVar[Message]
    valid: ClassVar[Message]

    @property
    @abstractmethod
    def counts(self) -> CountsT:
        """Exact counts over the hidden states that fit; none raises ``inconsistency()``."""

    @property
    @abstractmethod
    def engine(self) -> Engine: ...

    @abstractmethod
    def source(self, oid: str) -> Source: ...

    def check(self) -> CountsT:
        """Full validation: legal step by step (done at construction) and consistent."""
        return self.counts

    def inconsistency(self) -> InconsistentRecordError:
        """A minimal set of record lines that cannot all be true, as an error."""
        sources = list(dict.fromkeys(self.source(i) for i in self.engine.conflict()))
        lines = len(dict.fromkeys(s.cited() for s in sources))  # as listed: one typed line may hold several fields
        said = Text("inconsistent:lines", worlds=self.worlds, n=lines) if lines > 1 else \
            Text("inconsistent:line", worlds=self.worlds)
        return InconsistentRecordError(said, sources, self.valid)


WorldT = TypeVar("WorldT")  # how the game shows a world where a fact fails (its ``WorldView``)


@dataclass
class Proof(Generic[WorldT]):
    fact: Fact
    status: str  # "certain", "impossible" or "open"
    probability: Fraction
    counterexample: WorldT | None = None  # the game's view of a world where the fact fails
    chain: list[Step] = field(default_factory=list)  # the step-wise proof (empty when open)
    words: Stepwise | None = None  # says each chain step in words
    lines_only: bool = False  # ``explain --lines``: show the lines and rules the chain cites, not its steps

    @property
    def chain_lines(self) -> list[str]:
        """Every record line the chain cites, in the order first cited."""
        return list(dict.fromkeys(g for s in self.chain for g in s.lines))

    @property
    def chain_rules(self) -> list[str]:
        """Every rule the chain uses, in the order first used."""
        return list(dict.fromkeys(r for s in self.chain for r in s.rules))

    @property
    def by_rules(self) -> bool:
        """Whether the rules alone force the fact (the chain cites no record line)."""
        return bool(self.chain) and not self.chain_lines

    def to_json(self, session: ReasoningSession, lang: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {"fact": str(self.fact), "status": self.status, "p": float(self.probability)}
        if self.chain:
            out["observations"] = [session.line_json(o) for o in self.chain_lines]
            out["rules"] = self.chain_rules
            if not self.lines_only and not self.by_rules:  # the rules alone: nothing to say step by step
                said = self.words.sentences(self.chain, lang) if self.words is not None else [None] * len(self.chain)
                out["chain"] = [step_json(session, s, sentence) for s, sentence in zip(self.chain, said, strict=True)]
        w: object = self.counterexample
        if w is not None:
            out["counterexample"] = asdict(w) if is_dataclass(w) and not isinstance(w, type) else w
        return out


def step_json(session: ReasoningSession, step: Step, sentence: str | None) -> dict[str, Any]:
    """One step of a chain for ``--json``, with its sentence as the chain says it."""
    out: dict[str, Any] = {"fact": str(step.fact), "also": [str(f) for f in step.also],
                           "lines": [session.line_json(g) for g in step.lines],
                           "facts": [str(f) for f in step.facts], "rules": list(step.rules)}
    if sentence is not None:
        out["sentence"] = sentence
    return out


def explain(session: ReasoningSession, fact: Fact, steps: Stepwise,
            progress: Callable[[int, int], None] | None = None, lines_only: bool = False) -> Proof[object]:
    """A proof of a certain fact (or of its negation when it is impossible), or a world
    where it fails: a chain of steps, or one step naming the rules when the rules alone
    force the fact.  ``lines_only``: the proof is shown as the lines and rules it cites."""
    session.check()
    p = fact_probability(session, fact)
    proof: Proof[object] = Proof(fact, "certain" if p == 1 else "impossible" if p == 0 else "open", p, lines_only=lines_only)
    if p != 1:
        world = session.engine.counterexample(fact)
        assert world is not None, "counter and engine disagree"
        proof.counterexample = session.world_view(world, fact)
        if p != 0:
            return proof
    target = fact if p == 1 else fact.negate()
    explainer = steps.explainer
    lines = explainer.focus(target)
    proof.chain = explainer.explain(target, lines=lines, progress=progress) if lines else [explainer.by_rules(target)]
    proof.words = steps
    return proof


def explain_all(session: ReasoningSession, facts: Sequence[Fact], steps: Stepwise,
                progress: Callable[[int, int], None] | None = None) -> list[Proof[object]]:
    """The proofs of many facts of one record (a report), one after another on one
    explainer that finds what the whole record forces once (``share_backbone``)."""
    steps.explainer.share_backbone()
    proofs = []
    for i, fact in enumerate(facts):
        if progress is not None:
            progress(i, len(facts))
        proofs.append(explain(session, fact, steps))
    return proofs


@dataclass
class HintResult:
    hints: list[Step]  # the step offered (none when every certain fact is known)
    remaining: int  # certain facts still not known after this step
    words: Stepwise  # says a step in words
    stated: list[Fact] = field(default_factory=list)  # facts a record line states outright: not hinted

    def to_json(self, session: ReasoningSession, level: int, lang: str = "en") -> dict[str, Any]:
        out = [{"fact": str(h.fact), "observations": [session.line_json(o) for o in h.lines],
                "premises": [str(f) for f in h.facts], "rules": list(h.rules), "cost": list(h.cost),
                "step": step_json(session, h, self.words.sentence(h, lang))} for h in self.hints]
        # "obvious": a hint is one step (the older hints could offer several one-line facts at once)
        return {"level": level, "obvious": False, "remaining": self.remaining, "hints": out,
                "stated": [str(f) for f in self.stated]}


def check_known(session: ReasoningSession, known: Sequence[Fact], certain: Sequence[Fact],
                steps: Callable[[], Stepwise]) -> None:
    """Raise unless the record proves every fact the player gives as known: by the exact
    counter, or for a fact beyond the subjects (what a square's card carries) by the
    step-wise engine (``steps``: asked for only then, its clause export is the slow part)."""
    for fact in known:
        if fact in set(certain):
            continue
        proven = steps().explainer.entailed(fact) if fact.subject not in \
            session.engine.model.subjects else fact_probability(session, fact) == 1
        if not proven:
            raise FactError(Text("fact:not-proven", fact=str(fact)), None, Text("fact:not-proven-valid"))


def hint(session: ReasoningSession, known: Sequence[Fact], steps: Stepwise, skip_obvious: bool = False) -> HintResult:
    """The next deduction to make: the first step of the chain toward the nearest certain
    fact not written in the record nor known (the step's fact may be an intermediate
    one, such as what a square's card lacks).

    A fact some record line states outright (no rule needed) is taken as known: the
    player has it written down.  ``skip_obvious`` takes every certain fact that one
    record line gives alone as known too, and looks further."""
    certain = session.certain_facts()
    check_known(session, known, certain, lambda: steps)
    stated = [f for f in steps.explainer.stated() if f not in set(known)]  # written down already
    have = [*known, *stated]
    if skip_obvious:
        have += [f for f in steps.explainer.obvious(certain, have) if f not in have]
    targets = [f for f in certain if f not in set(have)]
    found = steps.explainer.next_step(targets, have)
    if found is None:
        return HintResult([], 0, steps, stated)
    _, step = found
    left = len([t for t in targets if t not in step.conclusions])
    return HintResult([step], left, steps, stated)
