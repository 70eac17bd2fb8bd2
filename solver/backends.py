"""The two back ends behind the one oracle interface (``solver.oracle``).

``SatOracle`` (python-sat's CaDiCaL, incremental, on the model's clauses) answers every
question the product asks: exact, with no limit, the same on a quiet and on a loaded
machine (decision 175).  ``CpSatOracle`` asks the game's CP-SAT model itself (cloned), with
the parameters of ``model.fast_solver``; the tests check chains, cores and backbones with
it against the SAT back end, and ``bench/stepwise.py`` times the two side by side.
"""

from __future__ import annotations

import atexit
import sys
import weakref
from array import array
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import TYPE_CHECKING, Protocol, cast

from .cnf import Cnf
from .constraints import Constraints
from .errors import Undecided
from .model import WORK_LIMIT, fast_solver
from .oracle import Values
from .search import backbone

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model


class _BoolOr(Protocol):
    @property
    def literals(self) -> MutableSequence[int]: ...


class _Held(Protocol):
    """The one placeholder constraint of ``CpSatOracle`` (OR-tools' stubs leave it untyped)."""

    @property
    def bool_or(self) -> _BoolOr: ...


class _HeldProto(Protocol):
    @property
    def constraints(self) -> Sequence[_Held]: ...


class _Response(Protocol):
    @property
    def solution(self) -> Sequence[int]: ...


class _PySat(Protocol):
    """The part of python-sat's ``Solver`` used here (python-sat ships no types)."""

    def solve(self, assumptions: list[int]) -> bool | None: ...
    def get_model(self) -> list[int] | None: ...
    def get_core(self) -> list[int] | None: ...
    def add_clause(self, clause: list[int]) -> object: ...
    def set_phases(self, literals: list[int]) -> object: ...
    def propagate(self, assumptions: list[int]) -> tuple[bool, list[int] | None]: ...
    def delete(self) -> object: ...


_SIGN = bytes.maketrans(b"\x00\xff", b"\x01\x00")  # a 32-bit integer's top byte: 0 when positive, 0xff when negative
_TOP = 3 if sys.byteorder == "little" else 0  # where that byte is


def _values(model: Sequence[int], n: int) -> Values:
    """Variables ``1..n`` of a SAT solution (literals ``±v`` in order), a byte each: the
    top byte of each literal as a 32-bit integer, read at C speed (as fast as numpy's
    conversion was, without its import)."""
    return b"\x00" + array("i", model[:n]).tobytes()[_TOP::4].translate(_SIGN)


_LIVE: weakref.WeakSet[_PySat] = weakref.WeakSet()  # the solvers not freed yet


@atexit.register
def _free_at_exit() -> None:
    """Free the solvers still held (a cached session) while python-sat is loaded: freed
    later, as the interpreter tears its modules down, each printed "Exception ignored in
    Solver.__del__ … 'NoneType' object is not callable"."""
    for solver in list(_LIVE):
        solver.delete()


class SatOracle:
    """python-sat's CaDiCaL (1.9.5) loaded once; every query is assumptions only."""

    RENEW_AFTER = 2000  # one-query clause literals before the solver is rebuilt

    def __init__(self, cnf: Cnf, name: str = "cadical195") -> None:
        self.cnf, self.name = cnf, name
        self.calls = 0
        self._model: list[int] = []
        self._unread = False  # the last solve found a solution not copied out yet
        self.solver = self._new()
        self._top = cnf.top

    def _new(self) -> _PySat:
        from pysat.solvers import Solver

        solver = cast("_PySat", Solver(name=self.name, bootstrap_with=self.cnf.clauses))
        _LIVE.add(solver)
        return solver

    def solve(self, assumptions: Sequence[int], some: Sequence[int] = ()) -> bool:
        """``some``: a clause for this query only (behind a fresh literal, retired after),
        and the solver's phases are steered towards making it true.  Each such literal
        stays a variable of the solver and ``get_model`` copies every variable, so after
        ``RENEW_AFTER`` of them the solver is rebuilt from the clauses (measured on the
        Werewolf hint walk: a reused explainer's hint 492 ms → 122 ms median).  A solution
        is copied out (every variable, a Python int each: a quarter of a Canary query's
        cost) only when it is read, before anything else touches the solver."""
        self.calls += 1
        self._unread = False
        extra: list[int] = []
        if some and self._top - self.cnf.top >= self.RENEW_AFTER:
            self.solver.delete()
            self.solver, self._top = self._new(), self.cnf.top
        if some:
            self._top += 1
            extra = [self._top]
            self.solver.add_clause([-self._top, *some])
            self.solver.set_phases(list(some))
        ok = bool(self.solver.solve(assumptions=[*assumptions, *extra]))
        self._unread = ok
        if some:
            self._solution()  # before the clause below, which ends the solution
            self.solver.add_clause([-self._top])
        return ok

    def _solution(self) -> list[int]:
        if self._unread:
            self._model, self._unread = self.solver.get_model() or [], False
        return self._model

    def true_among(self, lits: Iterable[int]) -> set[int]:
        model = self._solution()
        return {x for x in lits if model[abs(x) - 1] == x}

    def values(self, n: int) -> Values:
        return _values(self._solution(), n)

    def core(self) -> list[int]:
        return list(self.solver.get_core() or [])

    def implied(self, assumptions: Sequence[int]) -> set[int]:
        """The literals unit propagation derives from the assumptions (no search)."""
        self._solution()  # a solution found before stays readable, as it did
        ok, lits = self.solver.propagate(assumptions=list(assumptions))
        return set(lits or []) if ok else set()

    def close(self) -> None:
        self.solver.delete()


class CpSatOracle:
    """The game's model given to CP-SAT (a copy, so the session's model is untouched), with the
    parameters of ``model.fast_solver`` (one worker, presolve off: cores of assumptions
    only), bounded by deterministic time, never by the clock."""

    def __init__(self, cp: Constraints, work_limit: float = WORK_LIMIT) -> None:
        self.model: cp_model.CpModel = cp.to_cp_sat()
        self._true = self.model.new_bool_var("[stepwise-true]")
        self.model.add(self._true == 1)
        self.solver = fast_solver(work_limit)
        self.calls = 0
        self._values: list[int] = []
        self._assumed: list[int] = []
        self._gate = self.model.new_bool_var("[stepwise-some]")
        self._clause = self.model.add_bool_or([self._gate]).only_enforce_if(self._gate).index

    def _var(self, lit: int) -> cp_model.BoolVarT:
        v = self.model.get_bool_var_from_proto_index(abs(lit) - 1)
        return v if lit > 0 else ~v

    def solve(self, assumptions: Sequence[int], some: Sequence[int] = ()) -> bool:
        """``some``: one placeholder clause rewritten in place, switched on by a gate."""
        self.calls += 1
        cp = self.model
        cp.clear_assumptions()
        cast("Callable[[], None]", cp.clear_hints)()  # unannotated in OR-tools' stubs
        gate = []
        if some:
            held = cast(_HeldProto, cp.proto).constraints[self._clause].bool_or.literals
            held.clear()
            held.extend(self._var(x).index for x in some)
            gate = [self._gate]
            for x in dict.fromkeys(abs(y) for y in some):
                cp.add_hint(self.model.get_bool_var_from_proto_index(x - 1), x in some)
        cp.add_assumptions([self._true, *gate, *(self._var(x) for x in assumptions)])
        self._assumed = list(assumptions)
        status = self.solver.status_name(self.solver.solve(cp))
        if status in ("OPTIMAL", "FEASIBLE"):
            self._values = list(cast(_Response, self.solver.response_proto).solution)
            return True
        if status == "INFEASIBLE":
            return False
        raise Undecided(f"the solver stopped undecided ({status})")

    def true_among(self, lits: Iterable[int]) -> set[int]:
        return {x for x in lits if bool(self._values[abs(x) - 1]) == (x > 0)}

    def values(self, n: int) -> Values:
        return bytes([0, *self._values[:n]])

    def implied(self, assumptions: Sequence[int]) -> set[int]:
        """CP-SAT has no propagation call: the literals every solution makes true (a
        superset of what propagation gives, still sound)."""
        if not self.solve(assumptions):
            return set()
        n = len(self._values)
        return set(backbone(self, assumptions, [x for v in range(1, n + 1) for x in (v, -v)]))

    def core(self) -> list[int]:
        core = set(self.solver.sufficient_assumptions_for_infeasibility())
        out = [x for x in self._assumed if self._var(x).index in core]
        known = {self._var(x).index for x in self._assumed} | {self._true.index}
        return out if core <= known else list(self._assumed)  # OR-tools #5141: distrust
