"""Questions asked of a grouped model: each is a few satisfiability calls under assumptions.

The game builds its model with CP-SAT (``solver.model``); the questions are answered on
the model's clauses (``solver.cnf``, the same export the step-wise explanations use) by
an incremental SAT solver (python-sat's CaDiCaL, ``solver.stepwise.SatOracle``).  That
is exact and has no limit: every answer is the same on a quiet and on a loaded machine
(decision 175).  CP-SAT with a wall-clock limit answered "undecided" on a loaded machine
where it needed 8 s for one Memory Detective question that CaDiCaL decides in 20 ms.
CP-SAT still checks step-wise chains in the tests (``CpSatOracle``), bounded by
deterministic time (``fast_solver``), never by the clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cnf import export, literal_of
from .errors import Undecided
from .facts import Fact
from .model import Model, World, fast_solver

if TYPE_CHECKING:  # pragma: no cover
    from .stepwise import SatOracle

__all__ = ["Engine", "Explanation", "Undecided", "fast_solver"]


@dataclass(frozen=True)
class Explanation:
    """Why a fact is certain: a minimal set of observations, and the rules they need."""

    fact: Fact
    observations: tuple[str, ...]
    rules: tuple[str, ...]


class Engine:
    """Answers queries on one ``Model``; reuse it, it keeps one SAT solver on the model's
    clauses, exported again only when the model has grown (known facts added)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._oracle: SatOracle | None = None
        self._size = (0, 0)  # the model's variables and constraints when last exported
        self._variables = 0
        self._true = model.cp.new_bool_var("[true]")
        model.cp.add(self._true == 1)

    # -- the primitive ----------------------------------------------------------
    def _sat(self) -> SatOracle:
        from .stepwise import SatOracle

        proto = self.model.cp.proto
        size = (len(proto.variables), len(proto.constraints))
        if self._oracle is None or size != self._size:
            if self._oracle is not None:
                self._oracle.close()
            self._oracle, self._size, self._variables = SatOracle(export(proto)), size, size[0]
        return self._oracle

    def _solve(self, assumptions: Sequence[Any], some: Sequence[Any] = ()) -> World | None:
        """A world where every assumption holds (and, with ``some``, one of those
        literals too; the search tries them first), or None when there is none."""
        oracle = self._sat()
        if not oracle.solve([literal_of(x) for x in assumptions], [literal_of(x) for x in some]):
            return None
        return World(oracle.values(self._variables)[1:].tolist())

    def _core(self, assumptions: Sequence[Any]) -> list[int]:
        """Indices of the assumption literals in the solver's (not minimal) core of the
        last, unsatisfiable, solve."""
        core = set(self._sat().core())
        return [lit.index for lit in assumptions if literal_of(lit) in core]

    def _active(self, observations: Iterable[str] | None, rules: Iterable[str] | None) -> list[Any]:
        m = self.model
        obs = m.observations if observations is None else observations
        rls = m.rules if rules is None else rules
        return m.group_literals([*rls, *obs])

    # -- queries ------------------------------------------------------------------
    def world(
        self,
        facts: Sequence[Fact] = (),
        observations: Iterable[str] | None = None,
        rules: Iterable[str] | None = None,
    ) -> World | None:
        """One world consistent with the chosen groups and facts, or None."""
        lits = [self.model.fact_literal(f) for f in facts]
        return self._solve([*self._active(observations, rules), *lits])

    def consistent(self, observations: Iterable[str] | None = None) -> bool:
        return self.world(observations=observations) is not None

    def possible(
        self,
        literals: Sequence[Any],
        observations: Iterable[str] | None = None,
        extra: Sequence[Any] = (),
        rules: Iterable[str] | None = None,
    ) -> list[bool]:
        """For each literal, whether some world makes it true (projection).

        Solution-guided: every world found marks all literals it makes true; the
        next solve must make an unmarked one true (a fresh clause behind a fresh
        assumption), steered there by a hint.  When that is infeasible, every
        literal still unmarked is impossible at once.
        """
        base = [*self._active(observations, rules), *extra]
        marked = [False] * len(literals)
        while True:
            todo = [lit for lit, m in zip(literals, marked, strict=True) if not m]
            if not todo:
                return marked
            world = self._solve(base, some=todo)
            if world is None:
                return marked
            for i, lit in enumerate(literals):
                if not marked[i] and world.value(lit):
                    marked[i] = True

    def possible_values(
        self, subjects: Sequence[str], observations: Iterable[str] | None = None,
        rules: Iterable[str] | None = None,
    ) -> dict[str, list[str]]:
        """Which values of each subject some consistent world gives it."""
        pairs = [(s, v) for s in subjects for v in self.model.subjects[s].values]
        lits = [self.model.subjects[s].values[v] for s, v in pairs]
        ok = self.possible(lits, observations, rules=rules)
        out: dict[str, list[str]] = {s: [] for s in subjects}
        for (s, v), yes in zip(pairs, ok, strict=True):
            if yes:
                out[s].append(v)
        return out

    def determined(
        self, subjects: Sequence[str], observations: Iterable[str] | None = None,
        rules: Iterable[str] | None = None,
    ) -> dict[str, str | None]:
        """For each subject, its value if every world agrees on one, else None.

        Cheaper than ``possible_values`` for subjects with many values: one world
        proposes a value, one more solve per subject tries to refute it."""
        world = self._solve(self._active(observations, rules))
        if world is None:
            raise ValueError("the chosen groups are inconsistent")
        out: dict[str, str | None] = {}
        for name in subjects:
            values = self.model.subjects[name].values
            value = next((v for v, lit in values.items() if world.value(lit)), None)
            if value is not None and self._solve([*self._active(observations, rules), ~values[value]]) is None:
                out[name] = value
            else:
                out[name] = None
        return out

    def certain_facts(
        self, subjects: Sequence[str], observations: Iterable[str] | None = None
    ) -> list[Fact]:
        """Every ``subject=value`` and ``subject!=value`` true in all worlds (backbone)."""
        pairs = [(s, v) for s in subjects for v in self.model.subjects[s].values]
        pos = [self.model.subjects[s].values[v] for s, v in pairs]
        can_true = self.possible(pos, observations)
        can_false = self.possible([~lit for lit in pos], observations)
        facts: list[Fact] = []
        for (s, v), t, f in zip(pairs, can_true, can_false, strict=True):
            if t and not f:
                facts.append(Fact(s, v, True))
            elif f and not t:
                facts.append(Fact(s, v, False))
        return facts

    def is_certain(self, fact: Fact, observations: Iterable[str] | None = None) -> bool:
        return self.world([fact.negate()], observations) is None

    def counterexample(self, fact: Fact, observations: Iterable[str] | None = None) -> World | None:
        """A consistent world in which ``fact`` fails (None when the fact is certain)."""
        return self.world([fact.negate()], observations)

    def _shrink(self, fixed: Sequence[Any], candidates: list[Any]) -> list[Any]:
        """Deletion-based minimisation with core refinement.

        Drop one candidate; if ``fixed + rest`` stays infeasible, continue from the
        solver's core of that solve (a subset of ``rest``).  A candidate found
        necessary stays necessary in every subset, so the scan never goes back.
        """
        kept = list(candidates)
        i = 0
        while i < len(kept):
            trial = kept[:i] + kept[i + 1 :]
            if self._solve([*fixed, *trial]) is None:
                core = set(self._core([*fixed, *trial]))
                kept = [lit for lit in trial if lit.index in core] if core else trial
            else:
                i += 1
        return kept

    def minimal_subset(self, fixed: Sequence[Any], groups: Sequence[str]) -> list[str]:
        """An inclusion-minimal subset of ``groups`` infeasible with ``fixed``."""
        lits = self.model.group_literals(groups)
        assumptions = [*fixed, *lits]
        if self._solve(assumptions) is not None:
            raise ValueError("the chosen groups are consistent: nothing to explain")
        core = set(self._core(assumptions))
        start = [lit for lit in lits if lit.index in core] or lits
        if self._solve([*fixed, *start]) is not None:  # defensive: core must be sufficient
            start = lits
        kept = self._shrink(fixed, start)
        by_index = {lit.index: g for g, lit in zip(groups, lits, strict=True)}
        chosen = {by_index[lit.index] for lit in kept}
        return [g for g in groups if g in chosen]

    def explain(self, fact: Fact, observations: Sequence[str] | None = None,
                first: Sequence[str] = ()) -> Explanation:
        """A minimal set of observations forcing ``fact``, then the rules that needs.

        Observations are minimised with every rule on (inclusion-minimal: removing any
        returned observation makes the fact uncertain); then the rules are minimised with
        those observations.  Deletion keeps a subset of the solver's first core and can
        miss a one-line proof, so when it returns more than one line, each of ``first``
        (the observations the game thinks most related to the fact) is tried alone.
        """
        m = self.model
        obs = list(m.observations if observations is None else observations)
        negated = m.fact_literal(fact.negate())
        all_rules = m.group_literals(m.rules)
        chosen_obs = self.minimal_subset([negated, *all_rules], obs)
        if len(chosen_obs) > 1:
            for g in first:
                if g in obs and self._solve([negated, *all_rules, m.literal(g)]) is None:
                    chosen_obs = [g]
                    break
        chosen_rules = self.minimal_subset([negated, *m.group_literals(chosen_obs)], m.rules) if m.rules else []
        return Explanation(fact, tuple(chosen_obs), tuple(chosen_rules))

    def conflict(self, observations: Sequence[str] | None = None) -> list[str]:
        """A minimal set of observations that cannot all hold (record inconsistent)."""
        m = self.model
        obs = list(m.observations if observations is None else observations)
        return self.minimal_subset(m.group_literals(m.rules), obs)
