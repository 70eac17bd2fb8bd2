"""The one oracle interface every query and explanation asks: satisfiability of the model's
clauses under assumptions (SAT literals), a solution when satisfiable, a core when not.

Its two back ends are ``solver.backends``' (python-sat's CaDiCaL on the clauses, CP-SAT on
the model); what is asked of an oracle (minimal subsets, backbones, projections) is
written once, in ``solver.search``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, Protocol, TypeAlias

Values: TypeAlias = bytes  # a solution: byte v is 1 when SAT variable v is true (byte 0 unused)
Backend = Literal["sat", "cpsat"]  # python-sat's CaDiCaL on the clauses, or CP-SAT on the model


class Oracle(Protocol):
    """Satisfiability under assumptions (SAT literals), with a core when unsatisfiable."""

    calls: int

    def solve(self, assumptions: Sequence[int], some: Sequence[int] = ()) -> bool: ...  # True: satisfiable
    def true_among(self, lits: Iterable[int]) -> set[int]: ...  # after True: which hold
    def core(self) -> list[int]: ...  # after False: a subset of the assumptions
    def values(self, n: int) -> Values: ...  # after True: index v = variable v (0 unused)
    def implied(self, assumptions: Sequence[int]) -> set[int]: ...  # some literals the assumptions force (sound)
