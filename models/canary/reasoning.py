"""``explain`` and ``hint``: minimal proofs from the CP-SAT model, checked by the counter.

The counter says which facts are certain (exactly, and fast); the engine finds for
each a minimal set of record lines and the rules they need; ``proof_steps`` replays
that set one line at a time to show what each line contributes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from suiri.solver.errors import FactError
from suiri.solver.facts import Fact
from suiri.solver.hints import KNOWN_PREFIX, Hint, add_known, rank
from suiri.solver.model import World
from suiri.solver.probability import fact_probability
from suiri.solver.proof import Step, proof_steps
from suiri.solver.queries import Explanation

from .analysis import analyze
from .encoder import CLUES_DIFFER, DECK, DECLARE, OUTCOME
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


@dataclass
class Proof:
    fact: Fact
    status: str  # "certain", "impossible" or "open"
    probability: Fraction
    explanation: Explanation | None = None
    steps: list[Step] = field(default_factory=list)
    counterexample: WorldView | None = None

    def to_json(self, session: CanarySession) -> dict[str, Any]:
        out: dict[str, Any] = {"fact": str(self.fact), "status": self.status, "p": float(self.probability)}
        if self.explanation is not None:
            out["observations"] = [_line(session, o) for o in self.explanation.observations]
            out["rules"] = list(self.explanation.rules)
            out["steps"] = [
                {"observation": s.observation, "ruled_out": s.ruled_out, "remaining": s.remaining} for s in self.steps
            ]
        if self.counterexample is not None:
            w = self.counterexample
            out["counterexample"] = {"clues": w.clues, "fake": w.fake, "goal": w.goal, "squares": w.squares}
        return out


def _line(session: CanarySession, oid: str) -> dict[str, Any]:
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


def explain(session: CanarySession, fact: Fact) -> Proof:
    session.check()
    p = fact_probability(session, fact)
    engine = session.engine
    if p == 1:
        exp = engine.explain(fact, first=session.related(fact))
        return Proof(fact, "certain", p, exp, proof_steps(engine, exp, context_subjects(session, exp)))
    world = engine.counterexample(fact)
    assert world is not None, "counter and CP-SAT disagree"
    status = "impossible" if p == 0 else "open"
    proof = Proof(fact, status, p, counterexample=view(session, world, fact))
    if status == "impossible":
        exp = engine.explain(fact.negate(), first=session.related(fact))
        proof.explanation = exp
        proof.steps = proof_steps(engine, exp, context_subjects(session, exp))
    return proof


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


# -- hints ---------------------------------------------------------------------------------
@dataclass
class HintResult:
    hints: list[Hint]  # the step offered: one hint, or all the obvious ones at once
    obvious: bool
    remaining: int  # certain facts still not known after this step

    def to_json(self, session: CanarySession, level: int) -> dict[str, Any]:
        return {
            "level": level,
            "obvious": self.obvious,
            "remaining": self.remaining,
            "hints": [
                {"fact": str(h.fact), "observations": [_line(session, o) for o in h.observations],
                 "premises": [str(f) for f in h.premises], "rules": list(h.explanation.rules),
                 "cost": list(h.cost[:2])}
                for h in self.hints
            ],
        }


def hint(session: CanarySession, known: list[Fact], skip_obvious: bool = False,
         progress: Callable[[int, int], None] | None = None) -> HintResult:
    """The easiest certain fact not written in the record nor already known."""
    analysis = analyze(session)
    certain = set(analysis.certain)
    for fact in known:
        if fact not in certain and fact_probability(session, fact) != 1:
            raise FactError(f"{fact} is given as known, but the record does not prove it", None,
                            "facts that `suiri analyze` lists as certain")
    add_known(session.engine, known)
    candidates = [f for f in analysis.certain if f not in set(known)]
    ranked = rank(session.engine, candidates, RULE_WEIGHT, progress, session.related)
    obvious = [h for h in ranked if len(h.explanation.observations) == 1 and not h.premises]
    if skip_obvious and obvious:
        add_known(session.engine, [h.fact for h in obvious])
        rest = [f for f in candidates if f not in {h.fact for h in obvious}]
        ranked = rank(session.engine, rest, RULE_WEIGHT, progress, session.related)
        obvious = []
    if not ranked:
        return HintResult([], False, 0)
    if len(obvious) > 1 and ranked[0] in obvious:
        return HintResult(obvious, True, len(ranked) - len(obvious))
    return HintResult([ranked[0]], False, len(ranked) - 1)
