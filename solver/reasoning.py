"""``explain`` and ``hint`` for any game: minimal proofs from the CP-SAT model,
with the game's exact counter deciding what is certain.

The counter says which facts are certain (exactly, and fast); the engine finds for
each a minimal set of record lines and the rules they need; ``proof_steps`` replays
that set one line at a time to show what each line contributes.  A game supplies a
``ReasoningSession``: its engine, its counter, and a few game-specific choices
(which lines are related to a fact, what a proof step reports, how a world looks).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass
from fractions import Fraction
from typing import Any, Protocol

from .errors import FactError, InconsistentRecordError, Source
from .facts import Fact
from .hints import Hint, add_known, rank
from .model import World
from .probability import fact_probability
from .proof import Step, proof_steps
from .queries import Engine, Explanation


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


def inconsistency(engine: Engine, where: Callable[[str], Source], worlds: str, valid: str) -> InconsistentRecordError:
    """A record that no hidden state fits, as an error naming a minimal set of its lines
    (``worlds``: what the game's hidden state is called, e.g. "deal")."""
    ids = engine.conflict()
    sources = list(dict.fromkeys(where(i) for i in ids))
    return InconsistentRecordError(
        (f"no {worlds} fits these {len(ids)} record lines together " if len(ids) > 1
         else f"no {worlds} fits this record line ")
        + "(each is legal alone; at least one was written wrongly)",
        sources,
        valid,
    )


@dataclass
class Proof:
    fact: Fact
    status: str  # "certain", "impossible" or "open"
    probability: Fraction
    explanation: Explanation | None = None
    steps: list[Step] = field(default_factory=list)
    counterexample: Any = None  # the game's view of a world where the fact fails

    def to_json(self, session: ReasoningSession) -> dict[str, Any]:
        out: dict[str, Any] = {"fact": str(self.fact), "status": self.status, "p": float(self.probability)}
        if self.explanation is not None:
            out["observations"] = [session.line_json(o) for o in self.explanation.observations]
            out["rules"] = list(self.explanation.rules)
            out["steps"] = [
                {"observation": s.observation, "ruled_out": s.ruled_out, "remaining": s.remaining} for s in self.steps
            ]
        if self.counterexample is not None:
            w = self.counterexample
            out["counterexample"] = asdict(w) if is_dataclass(w) and not isinstance(w, type) else w
        return out


def explain(session: ReasoningSession, fact: Fact) -> Proof:
    """A minimal proof of a certain fact (or of its negation when it is impossible), or
    a world where it fails."""
    session.check()
    p = fact_probability(session, fact)
    engine = session.engine
    if p == 1:
        exp = engine.explain(fact, first=session.related(fact))
        return Proof(fact, "certain", p, exp, proof_steps(engine, exp, session.context_subjects(fact, exp)))
    world = engine.counterexample(fact)
    assert world is not None, "counter and CP-SAT disagree"
    status = "impossible" if p == 0 else "open"
    proof = Proof(fact, status, p, counterexample=session.world_view(world, fact))
    if status == "impossible":
        exp = engine.explain(fact.negate(), first=session.related(fact))
        proof.explanation = exp
        proof.steps = proof_steps(engine, exp, session.context_subjects(fact, exp))
    return proof


@dataclass
class HintResult:
    hints: list[Hint]  # the step offered: one hint, or all the obvious ones at once
    obvious: bool
    remaining: int  # certain facts still not known after this step

    def to_json(self, session: ReasoningSession, level: int) -> dict[str, Any]:
        return {
            "level": level,
            "obvious": self.obvious,
            "remaining": self.remaining,
            "hints": [
                {"fact": str(h.fact), "observations": [session.line_json(o) for o in h.observations],
                 "premises": [str(f) for f in h.premises], "rules": list(h.explanation.rules),
                 "cost": list(h.cost[:2])}
                for h in self.hints
            ],
        }


def hint(session: ReasoningSession, known: Sequence[Fact], skip_obvious: bool = False,
         progress: Callable[[int, int], None] | None = None) -> HintResult:
    """The easiest certain fact not written in the record nor already known.

    When several facts each follow from one record line, they are offered together
    ("the obvious ones"); ``skip_obvious`` takes them as known and looks further."""
    certain = session.certain_facts()
    for fact in known:
        if fact not in set(certain) and fact_probability(session, fact) != 1:
            raise FactError(f"{fact} is given as known, but the record does not prove it", None,
                            "facts that `suiri analyze` lists as certain")
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
