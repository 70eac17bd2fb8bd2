"""The one door of the tests to the step-wise explainer's chain check: everything wrong
with the chains of every certain fact of a record (empty: every chain checks out).

Each step is checked (its premises entail its fact; dropping any premise breaks that)
against the game's own CP-SAT model, which the explainer's exported clauses do not
share a solver with; each chain uses only facts derived before each step, ends with
its fact and keeps only steps the fact needs (``solver.chain.check_chain``).

The checker (``ModelChecker``) answers each question as CP-SAT on that model would, at a
fraction of the cost: a question CP-SAT would answer "satisfiable" (dropping a premise
breaks the step) is answered by a fresh SAT solver on the clauses, and its solution is
evaluated against every constraint of the CP-SAT model itself (``ModelConstraints``), so
it is a solution of the game's model, whatever the clauses say; a question the clauses
answer "unsatisfiable" (the step's entailment) is asked of CP-SAT, which must agree.
Either answer that the model does not bear out fails the test (docs/testing.md).

A record's chains are explained once per run (``explained``): the conformance chains and
the sentence tests of the same simulated records read the same chains.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from corpus import locked

from suiri.solver.backends import CpSatOracle, SatOracle
from suiri.solver.chain import check_chain, entailment
from suiri.solver.facts import Fact
from suiri.solver.model import fast_solver
from suiri.solver.oracle import Values
from suiri.solver.problem import Step, StepProblem

Chains = list[tuple[Fact, list[Step]]]  # each certain fact with its chain, in the order explained

_EXPLAINED: dict[str, Chains] = {}  # this process's, by record


def chain_problems(steps: Any, chains: Chains | None = None) -> list[str]:
    """``steps``: a game's step-wise explainer of one record (``Game.steps(session)``);
    ``chains``: its chains when explained already (``explained``)."""
    chains = explain_all(steps) if chains is None else chains
    checker = ModelChecker(steps.problem)
    checker.settle(entailment(steps.problem, step) for _, chain in chains for step in chain)
    out = []
    for fact, chain in chains:
        out += [f"{fact}: {p}" for p in check_chain(steps.problem, checker, chain, fact)]
    return out


def explain_all(steps: Any) -> Chains:
    """Every certain fact's chain, explained one after another on one explainer (each
    chain follows from the record and the explainer's solver, which the facts before
    it have used)."""
    return [(fact, steps.explain(fact)) for fact in steps.certain_facts()]


def run_folder(factory: pytest.TempPathFactory, config: pytest.Config) -> Path | None:
    """Where the workers of one pytest-xdist run share what they explain (None: one
    process, which keeps it in memory), as the corpus does (``conftest.corpus``)."""
    return factory.getbasetemp().parent / "chains" if hasattr(config, "workerinput") else None


def _key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def explained_already(text: str, folder: Path | None) -> Chains | None:
    """``explained``'s chains of the record written as ``text`` if some test of this run
    has explained it (None: not yet; nothing is explained here)."""
    key = _key(text)
    path = None if folder is None else folder / f"{key}.pickle"
    if key not in _EXPLAINED and path is not None and path.exists():
        with path.open("rb") as f:
            _EXPLAINED[key] = pickle.load(f)
    return _EXPLAINED.get(key)


def explained(steps: Any, text: str, folder: Path | None) -> Chains:
    """``explain_all`` of a record, once per run: ``steps`` is a fresh explainer of the
    record written as ``text`` (its key: a record's text says all its model holds).
    Kept in memory for the process, and in ``folder`` (``run_folder``) under a file lock
    for the other workers, so whichever test asks first explains it."""
    key = _key(text)
    if key not in _EXPLAINED:
        if folder is None:
            _EXPLAINED[key] = explain_all(steps)
        else:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{key}.pickle"
            with locked(folder / f"{key}.lock"):
                if path.exists():
                    with path.open("rb") as f:
                        _EXPLAINED[key] = pickle.load(f)
                else:
                    _EXPLAINED[key] = explain_all(steps)
                    part = path.with_suffix(".part")
                    with part.open("wb") as f:
                        pickle.dump(_EXPLAINED[key], f, protocol=pickle.HIGHEST_PROTOCOL)
                    part.replace(path)
    return _EXPLAINED[key]


class ModelConstraints:
    """Every constraint of a boolean CP-SAT model (``CpModelProto``), evaluated on a whole
    assignment at once with numpy: each constraint is rows ``lo <= Σ c·literal <= hi``,
    satisfied when all its rows hold or one of its enforcement literals is false.  It reads
    the proto itself (not the exported clauses), so it is a second reading of the model."""

    def __init__(self, proto: Any) -> None:
        self.n = len(proto.variables)
        rows: list[tuple[int, list[int], list[int], float, float]] = []  # (constraint, literals, coeffs, lo, hi)
        enforce: list[tuple[int, int]] = []  # (constraint, literal)
        for v, var in enumerate(proto.variables):  # a variable's domain: a constraint of its own
            domain = list(var.domain)
            rows.append((v, [v], [1], domain[0], domain[-1]))
        cid = self.n
        for c in proto.constraints:
            enforce += [(cid, e) for e in c.enforcement_literal]
            rows += [(cid, *row) for row in self._rows(c)]
            cid += 1
        self.constraints = cid
        self.row_of = np.array([r[0] for r in rows], dtype=np.int64)
        self.lo = np.array([r[3] for r in rows], dtype=float)
        self.hi = np.array([r[4] for r in rows], dtype=float)
        entry_row = [i for i, r in enumerate(rows) for _ in r[1]]
        lits = [x for r in rows for x in r[1]]
        coeffs = [c for r in rows for c in r[2]]
        self.entry_row = np.array(entry_row, dtype=np.int64)
        self.entry_var = np.array([x if x >= 0 else -x - 1 for x in lits], dtype=np.int64)
        negated = np.array([x < 0 for x in lits], dtype=bool)
        coeff = np.array(coeffs, dtype=float)
        self.entry_coeff = np.where(negated, -coeff, coeff)  # c·(1 - x) = c - c·x
        self.row_const = np.bincount(self.entry_row, weights=np.where(negated, coeff, 0.0), minlength=len(rows))
        self.enf_constraint = np.array([c for c, _ in enforce], dtype=np.int64)
        self.enf_var = np.array([e if e >= 0 else -e - 1 for _, e in enforce], dtype=np.int64)
        self.enf_positive = np.array([e >= 0 for _, e in enforce], dtype=bool)

    @staticmethod
    def _rows(c: Any) -> list[tuple[list[int], list[int], float, float]]:
        def ones(lits: Iterable[int]) -> tuple[list[int], list[int]]:
            xs = list(lits)
            return xs, [1] * len(xs)

        if c.has_bool_or():
            return [(*ones(c.bool_or.literals), 1, np.inf)]
        if c.has_bool_and():
            xs, cs = ones(c.bool_and.literals)
            return [(xs, cs, len(xs), len(xs))]
        if c.has_at_most_one():
            return [(*ones(c.at_most_one.literals), -np.inf, 1)]
        if c.has_exactly_one():
            return [(*ones(c.exactly_one.literals), 1, 1)]
        if c.has_linear():
            domain = list(c.linear.domain)
            if len(domain) != 2:
                raise NotImplementedError(f"linear constraint with a holed domain {domain}")
            return [(list(c.linear.vars), list(c.linear.coeffs), domain[0], domain[1])]
        if c.has_lin_max():  # t = max(x…) over single literals: t ≥ each x, t ≤ Σ x
            def single(expr: Any) -> int:
                if len(expr.vars) != 1 or list(expr.coeffs) != [1] or expr.offset != 0:
                    raise NotImplementedError(f"lin_max over a non-literal expression {expr}")
                return int(expr.vars[0])

            t, xs = single(c.lin_max.target), [single(e) for e in c.lin_max.exprs]
            return [([t, x], [1, -1], 0, np.inf) for x in xs] + [([t, *xs], [1] + [-1] * len(xs), -np.inf, 0)]
        raise NotImplementedError(f"constraint kind not evaluated: {c}")

    def violated(self, values: Values) -> int:
        """How many constraints the assignment (index v = SAT variable v) breaks."""
        x = np.frombuffer(values, dtype=np.uint8, count=self.n + 1)[1:].astype(float)
        sums = np.bincount(self.entry_row, weights=self.entry_coeff * x[self.entry_var],
                           minlength=len(self.lo)) + self.row_const
        failed = np.bincount(self.row_of, weights=((sums < self.lo) | (sums > self.hi)).astype(float),
                             minlength=self.constraints)
        off = np.bincount(self.enf_constraint, weights=(x[self.enf_var].astype(bool) != self.enf_positive).astype(float),
                          minlength=self.constraints)
        return int(np.count_nonzero((failed > 0) & (off == 0)))


class ModelChecker:
    """An oracle for ``check_step``/``check_chain`` whose every answer the game's CP-SAT
    model bears out (see the module's docstring): satisfiable only with a solution that
    meets every constraint of the model (and the query's clause ``some``, when given),
    unsatisfiable only when CP-SAT agrees.  A question asked again (a step that two
    chains of a record share, a premise set that two steps share) gets the answer
    already borne out."""

    def __init__(self, problem: StepProblem) -> None:
        self.sat = SatOracle(problem.cnf)  # its own solver: nothing learnt by the explainer's
        self.cpsat = CpSatOracle(problem.cp)
        self.model = ModelConstraints(problem.cp.to_cp_sat().proto)  # CP-SAT's own proto, not our data
        self.calls = 0
        self._answers: dict[tuple[frozenset[int], frozenset[int]], bool] = {}

    def settle(self, questions: Iterable[tuple[Sequence[int], Sequence[int]]]) -> None:
        """Ask CP-SAT once, on a copy of the model, whether any of ``questions``
        (assumptions, and a clause of which one literal must hold) has a solution: when
        none has, each is answered "unsatisfiable" (a record's entailments, one CP-SAT
        call for all of its steps); when one has, each is asked alone, as it comes."""
        pending = list(dict.fromkeys((frozenset(a), frozenset(some)) for a, some in questions))
        pending = [key for key in pending if key not in self._answers]
        if not pending:
            return
        from ortools.sat.python.cp_model import INFEASIBLE

        cp = self.cpsat.model.clone()  # the game's model (the oracle's two switches constrain nothing unassumed)

        def var(lit: int) -> Any:
            v = cp.get_bool_var_from_proto_index(abs(lit) - 1)
            return v if lit > 0 else ~v

        chosen = []
        for assumed, some in pending:
            b = cp.new_bool_var("")
            cp.add_bool_and([var(x) for x in assumed]).only_enforce_if(b)
            cp.add_bool_or([var(x) for x in some]).only_enforce_if(b)
            chosen.append(b)
        cp.add_bool_or(chosen)
        if fast_solver().solve(cp) == INFEASIBLE:
            self._answers.update(dict.fromkeys(pending, False))

    def solve(self, assumptions: Sequence[int], some: Sequence[int] = ()) -> bool:
        key = (frozenset(assumptions), frozenset(some))
        if key not in self._answers:
            self._answers[key] = self._solve(assumptions, some)
        return self._answers[key]

    def _solve(self, assumptions: Sequence[int], some: Sequence[int]) -> bool:
        self.calls += 1
        if self.sat.solve(assumptions, some):
            values = self.sat.values(self.model.n)
            assert all(values[abs(x)] == (x > 0) for x in assumptions), "the SAT solution breaks an assumption"
            assert not some or any(values[abs(x)] == (x > 0) for x in some), "the SAT solution breaks the clause asked"
            broken = self.model.violated(values)
            assert broken == 0, f"the clauses' solution breaks {broken} constraints of the CP-SAT model"
            return True
        assert not self.cpsat.solve(assumptions, some), "the clauses say unsatisfiable, the CP-SAT model says not"
        return False
