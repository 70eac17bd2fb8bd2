"""A model whose constraints are grouped by the rule or observation they encode.

Every constraint a game adds is enforced by the literal of its *group*: one group per
observation (a line of the record) and one per rule of the game.  A query switches
groups on by passing their literals as assumptions, so one model answers every
question about any subset of the record: what is possible, what is certain, which
observations force a fact, and which ones cannot hold together.  Constraints that are
mere definitions (one card per square, what "goal" means) stay unconditional.

The constraints are written through CP-SAT's method names but kept as plain data
(``solver.constraints``): the product answers on their clauses (``solver.cnf``), and
``ortools`` (with numpy, ~0.15 s of CPU) is imported only when CP-SAT itself is asked
(``load_cp_model``, the tests' second back end).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeVar

from .constraints import BoolVar, Constraints, load_cp_model
from .constraints import Literal as Lit  # a boolean variable or its negation
from .errors import FactError, Source, Text
from .facts import Fact

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model

GroupKind = Literal["rule", "observation"]
K = TypeVar("K")


WORK_LIMIT = 20.0  # CP-SAT's deterministic seconds (a measure of work, not of the clock)


def fast_solver(work_limit: float = WORK_LIMIT) -> cp_model.CpSolver:
    """A CP-SAT solver set for many small assumption queries on one model: one worker and
    no presolve, symmetry, probing or linearization (docs/performance.md: each query's
    own cost, not the search, dominates).  Bounded by ``work_limit`` deterministic
    seconds, so that whether it decides does not depend on the machine's load."""
    load_cp_model()
    from ortools.sat.python.cp_model import CpSolver  # loaded above, without pandas: typed here

    solver = CpSolver()
    p = solver.parameters
    p.num_workers = 1
    p.cp_model_presolve = False
    p.symmetry_level = 0
    p.cp_model_probing_level = 0
    p.linearization_level = 0
    p.max_deterministic_time = work_limit
    return solver


@dataclass(frozen=True)
class Group:
    """A named bundle of constraints: one rule, or one observation from a record line."""

    id: str
    kind: GroupKind
    source: Source | None = None


@dataclass
class Subject:
    """A named unknown with a finite set of values, each tied to one model literal."""

    name: str
    values: dict[str, Lit] = field(default_factory=dict)  # value -> literal


class Model:
    """Boolean variables and constraints (``cp``, built through CP-SAT's method names)
    plus rule and observation groups and declared subjects."""

    def __init__(self) -> None:
        self.cp = Constraints()
        self.groups: dict[str, Group] = {}
        self.subjects: dict[str, Subject] = {}
        self._literals: dict[str, Lit] = {}

    # -- building -------------------------------------------------------------
    def new_bool(self, name: str) -> BoolVar:
        return self.cp.new_bool_var(name)

    def group(self, gid: str, kind: GroupKind, source: Source | None = None) -> Lit:
        """The enforcement literal of a group, created on first use."""
        if gid in self.groups:
            return self._literals[gid]
        lit = self.cp.new_bool_var(f"[{gid}]")
        self.groups[gid] = Group(gid, kind, source)
        self._literals[gid] = lit
        return lit

    def rule(self, rid: str) -> Lit:
        return self.group(rid, "rule", None)

    def observation(self, oid: str, source: Source | None) -> Lit:
        return self.group(oid, "observation", source)

    def literal(self, gid: str) -> Lit:
        return self._literals[gid]

    def declare_subject(self, name: str, values: Mapping[str, Lit]) -> None:
        self.subjects[name] = Subject(name, dict(values))


    # -- reading ----------------------------------------------------------------
    @property
    def rules(self) -> list[str]:
        return [g.id for g in self.groups.values() if g.kind == "rule"]

    @property
    def observations(self) -> list[str]:
        return [g.id for g in self.groups.values() if g.kind == "observation"]

    def fact_literal(self, fact: Fact) -> Lit:
        """The literal that is true exactly when ``fact`` holds."""
        name = fact.subject
        subject = self.subjects.get(name)
        if subject is None:
            valid = ", ".join(sorted(self.subjects)[:12])
            raise FactError(Text("name:unknown", noun=Text("noun:subject"), name=repr(fact.subject)), None, valid)
        if fact.value not in subject.values:
            valid = ", ".join(list(subject.values)[:60])
            raise FactError(Text("fact:not-a-value", value=repr(fact.value), subject=name), None, valid)
        lit = subject.values[fact.value]
        return lit if fact.holds else ~lit

    def group_literals(self, gids: Iterable[str]) -> list[Lit]:
        return [self._literals[g] for g in gids]


@dataclass(frozen=True)
class World:
    """One complete assignment of the model's variables (a consistent hidden state)."""

    values: Sequence[int]

    def which(self, literals: Mapping[K, Lit]) -> K:
        """The key whose literal holds in this world (the first; one of several that
        exclude each other: a player's clue, a square's card)."""
        for key, lit in literals.items():
            if self.value(lit):
                return key
        raise ValueError("no literal holds in this world")

    def value(self, lit: Lit) -> bool:
        index = lit.index
        if index >= 0:
            return bool(self.values[index])
        return not bool(self.values[-index - 1])

