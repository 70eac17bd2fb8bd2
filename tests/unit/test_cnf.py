"""The clause export's short form of ``t = x1 + … + xn`` (issue 19, item 22: a Canary
hint's SAT calls): when the model already allows at most one of the ``x``, the sum is
``t ⇔ x1 ∨ … ∨ xn``, with no auxiliary variable.  Checked against the constraints
evaluated directly on every assignment, with and without the at-most-one, guarded or not."""

from __future__ import annotations

import random
from itertools import product

import pytest

from suiri.solver.backends import SatOracle
from suiri.solver.cnf import export
from suiri.solver.model import Model


def sum_model(rng: random.Random, n: int, one_of: str, guarded: bool, with_sum: bool = True) -> tuple[Model, object]:
    """``t = Σ xs`` over n - 1 of the n booleans (t the last), with the xs' exactly-one,
    at-most-one or nothing stated unconditionally; returns the model and a direct check."""
    m = Model()
    v = [m.new_bool(f"v{i}") for i in range(n)]
    xs, t = v[: n - 2], v[n - 2]
    guard = v[n - 1]
    if one_of == "exactly":
        m.cp.add_exactly_one(xs)
    elif one_of == "at-most":
        m.cp.add_at_most_one(xs)
    if with_sum:
        c = m.cp.add(t == sum(xs))
        if guarded:
            c.only_enforce_if(guard)

    def check(a: tuple[int, ...]) -> bool:
        k = sum(a[: n - 2])
        base = {"exactly": k == 1, "at-most": k <= 1, "none": True}[one_of]
        return base and ((guarded and a[n - 1] == 0) or a[n - 2] == k)

    return m, check


@pytest.mark.parametrize("one_of", ["exactly", "at-most", "none"])
@pytest.mark.parametrize("guarded", [False, True])
def test_a_sum_of_exclusive_literals_is_an_or(one_of: str, guarded: bool) -> None:
    n = 11  # nine xs: over the pairwise bound, so the long form would need a ladder of auxiliaries
    m, check = sum_model(random.Random(0), n, one_of, guarded)
    cnf = export(m.cp.proto)
    if one_of != "none":  # the sum adds no auxiliary variable to those of the at-most-one
        alone, _ = sum_model(random.Random(0), n, one_of, guarded, with_sum=False)
        assert cnf.top == export(alone.cp.proto).top
    oracle = SatOracle(cnf)
    for a in product((0, 1), repeat=n):
        fixed = [i + 1 if x else -(i + 1) for i, x in enumerate(a)]
        assert oracle.solve(fixed) == check(a), a  # type: ignore[operator]


def test_the_last_export_is_reused_but_each_caller_gets_its_own_list() -> None:
    m, _ = sum_model(random.Random(1), 6, "exactly", False)
    first, second = export(m.cp.proto), export(m.cp.proto)
    assert first.clauses == second.clauses and first.clauses is not second.clauses
    first.clauses.append([1])
    assert export(m.cp.proto).clauses == second.clauses
    m.cp.add_bool_or([m.new_bool("more")])  # the model grew: exported again
    assert len(export(m.cp.proto).clauses) == len(second.clauses) + 1
