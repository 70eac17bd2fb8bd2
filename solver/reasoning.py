"""``explain`` and ``hint`` for any game, with the game's exact counter deciding what
is certain.

A proof is a chain of small steps (``solver.stepwise``, the default): each step derives
one fact from a few record lines and earlier facts, and a hint is the first step toward
the nearest certain fact the player does not know yet.  The older proof (``--lines``) is
a minimal set of record lines and the rules they need, replayed one line at a time by
``proof_steps``.  A game supplies a ``ReasoningSession`` (its engine, its counter, and a
few game-specific choices: which lines are related to a fact, what a proof step
reports, how a world looks) and a ``Stepwise`` (``Game.steps``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass
from fractions import Fraction
from typing import Any, Protocol

from .errors import FactError, InconsistentRecordError, Message, Source, Text
from .facts import KNOWN_PREFIX, Fact
from .hints import Hint, add_known, rank
from .model import World
from .probability import fact_probability
from .proof import Step, proof_steps
from .queries import Engine, Explanation
from .stepwise import Step as ChainStep
from .stepwise import Stepwise


class ReasoningSession(Protocol):
    """A session as the shared explain/hint flow and the CLI reason with it: each game
    implements it in ``models/<game>/reasoning.py`` as a class wrapping the game's
    ``Session`` (the state), returned by ``Game.reasoner(session)``."""

    @property
    def session(self) -> Any: ...  # the game's Session (suiri.models.Session): the record, replayed
    @property
    def engine(self) -> Engine: ...  # the CP-SAT model of the record, grouped by line
    @property
    def rule_weight(self) -> Mapping[str, int]: ...  # simplicity of each rule, for ranking hints

    def check(self) -> Any: ...  # the session's full check: its Counts (raises SuiriError)
    def parse_fact(self, text: str) -> Fact: ...  # a fact typed by the user (raises FactError)
    def distribution(self, subject: str) -> dict[str, Fraction]: ...  # exact, from the counter
    def related(self, fact: Fact) -> list[str]: ...  # line ids to try first when explaining
    def certain_facts(self) -> list[Fact]: ...  # proven and not written in the record
    def source(self, oid: str) -> Source: ...  # where a line id was written
    def line_json(self, oid: str) -> dict[str, Any]: ...  # a line id for --json
    def context_subjects(self, fact: Fact, explanation: Explanation | None) -> list[str]: ...
    def world_view(self, world: World, fact: Fact) -> Any: ...  # a counterexample, as data


def inconsistency(engine: Engine, where: Callable[[str], Source], worlds: Message, valid: Message) -> InconsistentRecordError:
    """A record that no hidden state fits, as an error naming a minimal set of its lines
    (``worlds``: what the game's hidden state is called, e.g. "deal")."""
    ids = engine.conflict()
    sources = list(dict.fromkeys(where(i) for i in ids))
    lines = len(dict.fromkeys(s.cited() for s in sources))  # as listed: one typed line may hold several fields
    said = Text("inconsistent:lines", worlds=worlds, n=lines) if lines > 1 else \
        Text("inconsistent:line", worlds=worlds)
    return InconsistentRecordError(said, sources, valid)


@dataclass
class Proof:
    fact: Fact
    status: str  # "certain", "impossible" or "open"
    probability: Fraction
    explanation: Explanation | None = None
    steps: list[Step] = field(default_factory=list)  # the minimal lines replayed (``--lines``)
    counterexample: Any = None  # the game's view of a world where the fact fails
    chain: list[ChainStep] = field(default_factory=list)  # the step-wise proof (default)
    words: Stepwise | None = None  # says each chain step in words

    @property
    def chain_lines(self) -> list[str]:
        """Every record line the chain cites, in the order first cited."""
        return list(dict.fromkeys(g for s in self.chain for g in s.lines))

    def to_json(self, session: ReasoningSession, lang: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {"fact": str(self.fact), "status": self.status, "p": float(self.probability)}
        if self.chain:
            out["observations"] = [session.line_json(o) for o in self.chain_lines]
            out["rules"] = list(dict.fromkeys(r for s in self.chain for r in s.rules))
            said = self.words.sentences(self.chain, lang) if self.words is not None else [None] * len(self.chain)
            out["chain"] = [step_json(session, s, sentence) for s, sentence in zip(self.chain, said, strict=True)]
        elif self.explanation is not None:
            out["observations"] = [session.line_json(o) for o in self.explanation.observations]
            out["rules"] = list(self.explanation.rules)
            out["steps"] = [
                {"observation": s.observation, "ruled_out": s.ruled_out, "remaining": s.remaining} for s in self.steps
            ]
        if self.counterexample is not None:
            w = self.counterexample
            out["counterexample"] = asdict(w) if is_dataclass(w) and not isinstance(w, type) else w
        return out


def step_json(session: ReasoningSession, step: ChainStep, sentence: str | None) -> dict[str, Any]:
    """One step of a chain for ``--json``, with its sentence as the chain says it."""
    out: dict[str, Any] = {"fact": str(step.fact), "also": [str(f) for f in step.also],
                           "lines": [session.line_json(g) for g in step.lines],
                           "facts": [str(f) for f in step.facts], "rules": list(step.rules)}
    if sentence is not None:
        out["sentence"] = sentence
    return out


def explain(session: ReasoningSession, fact: Fact, steps: Stepwise | None = None,
            progress: Callable[[int, int], None] | None = None) -> Proof:
    """A proof of a certain fact (or of its negation when it is impossible), or a world
    where it fails.  With ``steps`` the proof is a chain of steps; without, a minimal
    set of record lines replayed line by line.  A fact the rules force alone (no record
    line needed) has no chain: its proof names the rules."""
    session.check()
    p = fact_probability(session, fact)
    engine = session.engine
    proof = Proof(fact, "certain" if p == 1 else "impossible" if p == 0 else "open", p)
    if p != 1:
        world = engine.counterexample(fact)
        assert world is not None, "counter and CP-SAT disagree"
        proof.counterexample = session.world_view(world, fact)
        if p != 0:
            return proof
    target = fact if p == 1 else fact.negate()
    if steps is not None:
        lines = steps.explainer.focus(target)
        if lines:
            proof.chain = steps.explainer.explain(target, lines=lines, progress=progress)
            proof.words = steps
            return proof
    exp = engine.explain(target, first=session.related(fact))
    proof.explanation = exp
    proof.steps = proof_steps(engine, exp, session.context_subjects(fact, exp))
    return proof


@dataclass
class HintResult:
    hints: list[Hint]  # the step offered: one hint, or all the obvious ones at once
    obvious: bool
    remaining: int  # certain facts still not known after this step
    words: Stepwise | None = None  # says a step in words (step-wise hints)
    stated: list[Fact] = field(default_factory=list)  # facts a record line states outright: not hinted

    def to_json(self, session: ReasoningSession, level: int, lang: str = "en") -> dict[str, Any]:
        out = []
        for h in self.hints:
            item: dict[str, Any] = {
                "fact": str(h.fact), "observations": [session.line_json(o) for o in h.observations],
                "premises": [str(f) for f in h.premises], "rules": list(h.explanation.rules),
                "cost": list(h.cost[:2])}
            if h.step is not None:
                item["step"] = step_json(session, h.step,
                                         self.words.sentence(h.step, lang) if self.words is not None else None)
            out.append(item)
        return {"level": level, "obvious": self.obvious, "remaining": self.remaining, "hints": out,
                "stated": [str(f) for f in self.stated]}


def check_known(session: ReasoningSession, known: Sequence[Fact], certain: Sequence[Fact],
                steps: Stepwise | None = None) -> None:
    """Raise unless the record proves every fact the player gives as known."""
    for fact in known:
        if fact in set(certain):
            continue
        proven = steps.explainer.entailed(fact) if steps is not None and fact.subject not in \
            session.engine.model.subjects else fact_probability(session, fact) == 1
        if not proven:
            raise FactError(Text("fact:not-proven", fact=str(fact)), None, Text("fact:not-proven-valid"))


def hint(session: ReasoningSession, known: Sequence[Fact], skip_obvious: bool = False,
         progress: Callable[[int, int], None] | None = None, steps: Stepwise | None = None) -> HintResult:
    """The next deduction to make: with ``steps``, the first step of the chain toward
    the nearest certain fact not written in the record nor known (the step's fact may be
    an intermediate one, such as what a square's card lacks); without, the easiest
    certain fact by its minimal set of lines (``hint_by_lines``).

    A fact some record line states outright (no rule needed) is taken as known: the
    player has it written down.  ``skip_obvious`` takes every certain fact that one
    record line gives alone as known too, and looks further."""
    if steps is None:
        return hint_by_lines(session, known, skip_obvious, progress)
    certain = session.certain_facts()
    check_known(session, known, certain, steps)
    stated = [f for f in steps.explainer.stated() if f not in set(known)]  # written down already
    have = [*known, *stated]
    if skip_obvious:
        have += [f for f in steps.explainer.obvious(certain, have) if f not in have]
    targets = [f for f in certain if f not in set(have)]
    found = steps.explainer.next_step(targets, have)
    if found is None:
        return HintResult([], False, 0, steps, stated)
    _, step = found
    exp = Explanation(step.fact, (*step.lines, *(KNOWN_PREFIX + str(f) for f in step.facts)), step.rules)
    left = len([t for t in targets if t not in step.conclusions])
    return HintResult([Hint(step.fact, exp, (*step.cost, str(step.fact)), step)], False, left, steps, stated)


def hint_by_lines(session: ReasoningSession, known: Sequence[Fact], skip_obvious: bool = False,
                  progress: Callable[[int, int], None] | None = None) -> HintResult:
    """The easiest certain fact not written in the record nor already known, ranked by
    its minimal set of record lines (the algorithm before step-wise hints; the bench
    compares the two).

    When several facts each follow from one record line, they are offered together
    ("the obvious ones"); ``skip_obvious`` takes them as known and looks further."""
    certain = session.certain_facts()
    check_known(session, known, certain)
    engine, weight = session.engine, session.rule_weight
    add_known(engine, list(known))
    candidates = [f for f in certain if f not in set(known)]
    ranked = rank(engine, candidates, weight, progress, session.related)
    obvious = [h for h in ranked if len(h.explanation.observations) == 1 and not h.premises]
    if skip_obvious and obvious:
        add_known(engine, [h.fact for h in obvious])
        rest = [f for f in candidates if f not in {h.fact for h in obvious}]
        ranked = rank(engine, rest, weight, progress, session.related)
        obvious = []
    if not ranked:
        return HintResult([], False, 0)
    if len(obvious) > 1 and ranked[0] in obvious:
        return HintResult(obvious, True, len(ranked) - len(obvious))
    return HintResult([ranked[0]], False, len(ranked) - 1)
