"""What is asked of an oracle, written once for every back end and every client: an
inclusion-minimal unsatisfiable subset (deletion refined by cores), a backbone (which
literals every solution makes true) and its dual, a projection (which literals some
solution makes true), both solution-guided.

The queries (``solver.queries.Engine``: conflicts, certain facts, possible values) and the
step-wise explanations (``solver.chain``: focus, candidates, minimal premises and rules)
are all built on these three.
"""

from __future__ import annotations

from collections.abc import Sequence

from .oracle import Oracle, Values

_BITS = bytes.maketrans(b"\x00\x01", b"01")  # a solution's bytes (0 or 1 each) as binary digits


class ModelPool:
    """Solutions found so far, kept to answer "is this literal forced?" without a solve.

    A stored solution in which every assumption of a query holds is a solution of that
    query (assumptions only switch groups on and fix literals): each literal it makes
    false is not forced.  Only when no stored solution fits is the solver asked.  A
    solution is kept as one integer, bit ``v`` for variable ``v`` (read from its bytes
    as binary digits, in C): a few big-integer operations test every stored solution,
    with no numpy to import (decision 197)."""

    def __init__(self, variables: int, size: int = 256) -> None:
        self.variables = variables
        self.rows: list[int] = [0] * size
        self.count = 0
        self._next = 0

    def add(self, values: Values) -> None:
        self.rows[self._next] = int(values[: self.variables + 1].translate(_BITS)[::-1], 2)
        self._next = (self._next + 1) % len(self.rows)
        self.count = min(self.count + 1, len(self.rows))

    def open_among(self, assumptions: Sequence[int], lits: Sequence[int]) -> set[int] | None:
        """The literals of ``lits`` true in every stored solution that fits the
        assumptions (None when none fits)."""
        if not self.count or not lits or (assumptions and max(max(assumptions), -min(assumptions)) > self.variables):
            return None
        true = care = 0  # the variables the assumptions make true; every variable they name
        for x in assumptions:
            bit = 1 << abs(x)
            care |= bit
            if x > 0:
                true |= bit
        fits = [r for r in self.rows[: self.count] if r & care == true]
        if not fits:
            return None
        every, some = fits[0], fits[0]
        for r in fits[1:]:
            every &= r
            some |= r
        size = self.variables + 1
        held, seen = f"{every:0{size}b}"[::-1], f"{some:0{size}b}"[::-1]  # character v: variable v
        return {x for x in lits if (held[x] == "1" if x > 0 else seen[-x] == "0")}


def minimal(oracle: Oracle, fixed: Sequence[int], candidates: Sequence[int]) -> list[int]:
    """An inclusion-minimal subset of ``candidates`` that is unsatisfiable with ``fixed``
    (``minimal_units`` with every candidate a unit of its own)."""
    return [u[0] for u in minimal_units(oracle, fixed, [[x] for x in candidates])]


def minimal_units(oracle: Oracle, fixed: Sequence[int], units: Sequence[list[int]]) -> list[list[int]]:
    """An inclusion-minimal subset of ``units`` (each a list of literals taken or dropped
    together) unsatisfiable with ``fixed``.

    Deletion in the order given (earlier units are dropped first when possible), each
    satisfiable test proving its unit necessary (hence necessary in every smaller subset,
    so the scan never goes back), each unsatisfiable one shrinking the rest to the
    solver's core.  A core that is not unsatisfiable (a back end's bug) is not trusted."""
    flat = [x for u in units for x in u]
    if oracle.solve([*fixed, *flat]):
        raise ValueError("satisfiable: nothing to explain")
    core = set(oracle.core())
    kept = [u for u in units if core & set(u)]
    if oracle.solve([*fixed, *(x for u in kept for x in u)]):
        kept = list(units)
    i = 0
    while i < len(kept):
        trial = kept[:i] + kept[i + 1:]
        if oracle.solve([*fixed, *(x for u in trial for x in u)]):
            i += 1  # kept[i] is necessary here, hence in every smaller subset
        else:
            core = set(oracle.core())  # keeps kept[:i], which are necessary
            kept = [u for u in trial if core & set(u)]
    return kept


def backbone(oracle: Oracle, assumptions: Sequence[int], lits: Sequence[int],
             pool: ModelPool | None = None) -> list[int]:
    """Which of ``lits`` every solution under ``assumptions`` makes true.

    Solution-guided: the literals true in every solution so far stay open (starting
    from the stored solutions in ``pool`` that fit); the next query asks for a solution
    falsifying at least one of them (phases steered that way), which rules out all it
    falsifies.  When none exists, every open one is in."""
    open_ = pool.open_among(assumptions, lits) if pool is not None else None
    if open_ is None:
        if not oracle.solve(assumptions):
            raise ValueError("the assumptions are inconsistent")
        open_ = oracle.true_among(lits)
        if pool is not None:
            pool.add(oracle.values(pool.variables))
    while open_ and oracle.solve(assumptions, some=[-x for x in open_]):
        open_ &= oracle.true_among(open_)
        if pool is not None:
            pool.add(oracle.values(pool.variables))
    return [x for x in lits if x in open_]


def possible(oracle: Oracle, assumptions: Sequence[int], lits: Sequence[int]) -> list[bool]:
    """For each of ``lits``, whether some solution under ``assumptions`` makes it true
    (a projection): the dual of the backbone, ``x`` is possible unless ``¬x`` is forced.
    Every literal is impossible when the assumptions are."""
    try:
        forced = set(backbone(oracle, assumptions, [-x for x in lits]))
    except ValueError:  # the assumptions are inconsistent
        return [False] * len(lits)
    return [-x not in forced for x in lits]
