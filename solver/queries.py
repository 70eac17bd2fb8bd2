"""Questions asked of a grouped model: each is a few satisfiability calls under assumptions.

The game builds its model with CP-SAT (``solver.model``); the questions are asked of one
``Oracle`` (``solver.oracle``): by default the model's clauses (``solver.cnf``, the same
export the step-wise explanations use) in an incremental SAT solver (python-sat's
CaDiCaL).  That is exact and has no limit: every answer is the same on a quiet and on a
loaded machine (decision 175).  ``Engine(model, "cpsat")`` asks CP-SAT instead, bounded by
deterministic time, never by the clock: the tests check the two back ends against each
other.  Minimal subsets, backbones and projections are ``solver.search``'s, the same the
step-wise explanations use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .backends import CpSatOracle, SatOracle
from .cnf import export, literal_of, size
from .errors import Undecided
from .facts import Fact
from .model import Lit, Model, World, fast_solver
from .oracle import Backend, Oracle
from .search import backbone, minimal, possible

__all__ = ["Backend", "Engine", "Undecided", "fast_solver"]

BACKENDS: dict[Backend, Callable[[Model], Oracle]] = {
    "sat": lambda model: SatOracle(export(model.cp.proto)),
    "cpsat": lambda model: CpSatOracle(model.cp),
}


class Engine:
    """Answers queries on one ``Model``; reuse it, it keeps one oracle on the model, made
    again only when the model has grown."""

    def __init__(self, model: Model, backend: Backend = "sat") -> None:
        self.model = model
        self.backend = backend
        self._oracle: Oracle | None = None
        self._size = (0, 0)  # the model's variables and constraints when the oracle was made

    # -- the oracle -------------------------------------------------------------------
    @property
    def oracle(self) -> Oracle:
        now = size(self.model.cp.proto)
        if self._oracle is None or now != self._size:
            if isinstance(self._oracle, SatOracle):
                self._oracle.close()
            self._oracle, self._size = BACKENDS[self.backend](self.model), now
        return self._oracle

    def _active(self, observations: Iterable[str] | None, rules: Iterable[str] | None) -> list[int]:
        """The SAT literals of the chosen groups (every one when None)."""
        m = self.model
        obs = m.observations if observations is None else observations
        rls = m.rules if rules is None else rules
        return [literal_of(x) for x in m.group_literals([*rls, *obs])]

    def _world(self, assumptions: Sequence[int]) -> World | None:
        oracle = self.oracle
        if not oracle.solve(assumptions):
            return None
        return World(list(oracle.values(self._size[0])[1:]))

    # -- queries ------------------------------------------------------------------
    def world(
        self,
        facts: Sequence[Fact] = (),
        observations: Iterable[str] | None = None,
        rules: Iterable[str] | None = None,
    ) -> World | None:
        """One world consistent with the chosen groups and facts, or None."""
        lits = [literal_of(self.model.fact_literal(f)) for f in facts]
        return self._world([*self._active(observations, rules), *lits])

    def consistent(self, observations: Iterable[str] | None = None) -> bool:
        return self.world(observations=observations) is not None

    def possible(
        self,
        literals: Sequence[Lit],
        observations: Iterable[str] | None = None,
        rules: Iterable[str] | None = None,
    ) -> list[bool]:
        """For each literal, whether some world makes it true (``search.possible``)."""
        return possible(self.oracle, self._active(observations, rules), [literal_of(x) for x in literals])

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
        """For each subject, its value if every world agrees on one, else None: one
        world proposes a value for each, and one backbone decides them all."""
        active = self._active(observations, rules)
        world = self._world(active)
        if world is None:
            raise ValueError("the chosen groups are inconsistent")
        proposed = {name: next((v for v, lit in self.model.subjects[name].values.items() if world.value(lit)), None)
                    for name in subjects}
        lits = {name: literal_of(self.model.subjects[name].values[v]) for name, v in proposed.items() if v is not None}
        forced = set(backbone(self.oracle, active, list(lits.values())))
        return {name: v if name in lits and lits[name] in forced else None for name, v in proposed.items()}

    def certain_facts(
        self, subjects: Sequence[str], observations: Iterable[str] | None = None
    ) -> list[Fact]:
        """Every ``subject=value`` and ``subject!=value`` true in all worlds (backbone)."""
        pairs = [(s, v) for s in subjects for v in self.model.subjects[s].values]
        pos = [literal_of(self.model.subjects[s].values[v]) for s, v in pairs]
        try:
            forced = set(backbone(self.oracle, self._active(observations, None), [x for p in pos for x in (p, -p)]))
        except ValueError:  # no world at all: nothing is said to be certain
            return []
        facts: list[Fact] = []
        for (s, v), x in zip(pairs, pos, strict=True):
            if x in forced:
                facts.append(Fact(s, v, True))
            elif -x in forced:
                facts.append(Fact(s, v, False))
        return facts

    def is_certain(self, fact: Fact, observations: Iterable[str] | None = None) -> bool:
        return self.world([fact.negate()], observations) is None

    def counterexample(self, fact: Fact, observations: Iterable[str] | None = None) -> World | None:
        """A consistent world in which ``fact`` fails (None when the fact is certain)."""
        return self.world([fact.negate()], observations)

    def conflict(self, observations: Sequence[str] | None = None) -> list[str]:
        """A minimal set of observations that cannot all hold (record inconsistent)."""
        m = self.model
        obs = list(m.observations if observations is None else observations)
        lits = self._active(obs, [])
        kept = set(minimal(self.oracle, self._active([], None), lits))
        return [g for g, x in zip(obs, lits, strict=True) if x in kept]
