"""The grouped CP-SAT model as clauses, for an incremental SAT solver (python-sat).

Step-wise explanations ask thousands of tiny questions ("do these three premises force
that fact?").  CP-SAT answers each in milliseconds; a plain SAT solver with assumptions
answers in tens of microseconds (``docs/explanations.md``).  Every game model here is
boolean: clauses, conjunctions, at-most/exactly-one, ``t = max(x…)`` and linear
constraints with coefficients ±1 over booleans (the deck counts, ``attr = Σ card``).  So the clauses are
*exported* from the model the game already builds: one statement of the rules, no second
encoding to keep in step.  A CP-SAT literal keeps its number: variable ``i`` is SAT
variable ``i + 1`` and CP-SAT's negated literal ``-i - 1`` is the SAT literal ``-(i + 1)``.
Group literals and fact literals therefore carry over unchanged.

A constraint the exporter does not know raises ``NotImplementedError`` (never a silent
drop, which would make explanations unsound).
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

PAIRWISE_UP_TO = 6  # at-most-one over more literals uses a ladder


def sat_literal(cp_literal: int) -> int:
    """The SAT literal of a CP-SAT literal index (``~x`` is ``-x.index - 1``)."""
    return cp_literal + 1 if cp_literal >= 0 else cp_literal


class _Indexed(Protocol):
    @property
    def index(self) -> int: ...


def literal_of(lit: _Indexed) -> int:
    """The SAT literal of a CP-SAT ``BoolVar`` or its negation."""
    return sat_literal(lit.index)


# The parts of a ``CpModelProto`` the export (and ``SplitRule``) read.  OR-tools' stubs leave
# the proto's fields untyped; they are read through these, one cast where a proto comes in.
class _Literals(Protocol):
    literals: Sequence[int]


class _Linear(Protocol):
    vars: Sequence[int]
    coeffs: Sequence[int]
    domain: Sequence[int]


class _Expression(Protocol):
    vars: Sequence[int]
    coeffs: Sequence[int]
    offset: int


class _LinMax(Protocol):
    target: _Expression
    exprs: Sequence[_Expression]


class _Constraint(Protocol):
    enforcement_literal: MutableSequence[int]
    bool_or: _Literals
    bool_and: _Literals
    at_most_one: _Literals
    exactly_one: _Literals
    linear: _Linear
    lin_max: _LinMax

    def has_bool_or(self) -> bool: ...
    def has_bool_and(self) -> bool: ...
    def has_at_most_one(self) -> bool: ...
    def has_exactly_one(self) -> bool: ...
    def has_linear(self) -> bool: ...
    def has_lin_max(self) -> bool: ...


class _Variable(Protocol):
    name: str
    domain: Sequence[int]


class Proto(Protocol):
    variables: Sequence[_Variable]
    constraints: Sequence[_Constraint]


@dataclass
class Cnf:
    """Clauses over SAT variables ``1..top``; ``top`` grows as auxiliaries are added."""

    top: int
    clauses: list[list[int]] = field(default_factory=list)
    original: int = 0  # variables 1..original are the model's own; above: auxiliaries
    # while exporting: literal -> the unconditional at-most-one groups holding it
    one_of: dict[int, list[frozenset[int]]] = field(default_factory=dict, repr=False, compare=False)

    def add(self, clause: Iterable[int], unless: Sequence[int] = ()) -> None:
        """Add ``clause``, switched off when any of ``unless`` (enforcement literals) is false."""
        self.clauses.append([*(-e for e in unless), *clause] if unless else list(clause))  # (most have no guard)

    def fresh(self) -> int:
        self.top += 1
        return self.top


def size(model_proto: object) -> tuple[int, int]:
    """A ``CpModelProto``'s variables and constraints: it has grown when they change."""
    proto = cast(Proto, model_proto)
    return len(proto.variables), len(proto.constraints)


def export(model_proto: object) -> Cnf:
    """The clauses of a CP-SAT ``CpModelProto`` whose variables are all boolean.

    The last few exports are kept: the queries (``solver.queries``) and the step-wise
    explanations ask for the same model's clauses, and an export costs tens of ms.  A
    model that grew is exported again.  The caller gets its own list of clauses (the
    clauses themselves are shared: never edit one in place)."""
    proto = cast(Proto, model_proto)
    key = (id(proto), *size(proto))
    kept = next((cnf for k, p, cnf in _KEPT if k == key and p is proto), None)
    if kept is None:
        kept = _export(proto)
        _KEPT[:] = [(key, proto, kept), *_KEPT[: KEEP - 1]]
    return Cnf(kept.top, list(kept.clauses), kept.original)


KEEP = 3  # exports kept (a session's model, the step-wise rule split's copy, ...)
_KEPT: list[tuple[tuple[int, int, int], Proto, Cnf]] = []  # (key, proto, clauses), the newest first


def _export(proto: Proto) -> Cnf:
    cnf = Cnf(len(proto.variables), original=len(proto.variables))
    cnf.one_of = _at_most_one_groups(proto)
    for i, var in enumerate(proto.variables):
        domain = list(var.domain)
        if domain == [1, 1]:
            cnf.add([i + 1])
        elif domain == [0, 0]:
            cnf.add([-(i + 1)])
        elif domain != [0, 1]:
            raise NotImplementedError(f"variable {var.name!r} is not boolean ({domain})")
    for c in proto.constraints:
        unless = [sat_literal(e) for e in c.enforcement_literal]
        if c.has_bool_or():
            cnf.add([sat_literal(x) for x in c.bool_or.literals], unless)
        elif c.has_bool_and():
            for x in c.bool_and.literals:
                cnf.add([sat_literal(x)], unless)
        elif c.has_at_most_one():
            _at_most(cnf, [sat_literal(x) for x in c.at_most_one.literals], 1, unless)
        elif c.has_exactly_one():
            _count_range(cnf, [sat_literal(x) for x in c.exactly_one.literals], 1, 1, unless)
        elif c.has_linear():
            _linear(cnf, c.linear, unless)
        elif c.has_lin_max():
            _or_equality(cnf, c.lin_max, unless)
        else:
            raise NotImplementedError(f"constraint kind not exported to clauses: {c}")
    cnf.one_of = {}
    return cnf


def _at_most(cnf: Cnf, lits: list[int], k: int, unless: Sequence[int]) -> None:
    """At most ``k`` of ``lits`` (``k`` = 0 or 1 directly, else through a counter)."""
    _count_range(cnf, lits, 0, k, unless)


def _count_range(cnf: Cnf, lits: list[int], lo: int, hi: int, unless: Sequence[int]) -> None:
    """Between ``lo`` and ``hi`` of ``lits`` are true.

    Counted from whichever side needs fewer registers (``k`` true of ``n`` is ``n - k``
    false); the bounds 0, 1, ``n - 1`` and ``n`` are written as plain clauses (at most
    one pairwise, or through a ladder for many literals); other bounds go through a
    sequential counter."""
    n = len(lits)
    lo, hi = max(lo, 0), min(hi, n)
    if lo > hi:
        cnf.add([], unless)
        return
    if max(lo, hi + 1 if hi < n else 0) > max(n - hi, n - lo + 1 if lo > 0 else 0):
        lits, lo, hi = [-x for x in lits], n - hi, n - lo
    if lo == n:
        for x in lits:
            cnf.add([x], unless)
        return
    if hi == 0:
        for x in lits:
            cnf.add([-x], unless)
        return
    if lo == 1:
        cnf.add(lits, unless)
    if hi == n - 1:
        cnf.add([-x for x in lits], unless)
    if hi == 1:
        _at_most_one(cnf, lits, unless)
    need = max(lo if lo > 1 else 0, hi + 1 if 1 < hi < n - 1 else 0)
    if need:
        count = _counter(cnf, lits, need)
        if lo > 1:
            cnf.add([count[lo - 1]], unless)
        if 1 < hi < n - 1:
            cnf.add([-count[hi]], unless)


def _at_most_one(cnf: Cnf, lits: list[int], unless: Sequence[int]) -> None:
    """Pairwise for a few literals; else a ladder: ``r_i`` = some of ``lits[0..i]`` holds."""
    n = len(lits)
    if n <= PAIRWISE_UP_TO:
        for i in range(n):
            for j in range(i + 1, n):
                cnf.add([-lits[i], -lits[j]], unless)
        return
    add, guard = cnf.clauses.append, [-e for e in unless]  # appended directly: the hot loop of an export
    prev, r = lits[0], cnf.top
    for i in range(1, n):
        x = lits[i]
        add([*guard, -prev, -x])
        if i < n - 1:
            r += 1
            add([-prev, r])
            add([-x, r])
            add([-r, prev, x])
            prev = r
    cnf.top = r


def _counter(cnf: Cnf, lits: list[int], k: int) -> list[int]:
    """Registers ``c[j]`` ⇔ "at least ``j + 1`` of ``lits`` hold", for ``j < k``.

    A sequential counter (Sinz 2005) with both directions, so it serves lower and upper
    bounds; its registers are fresh variables defined exactly, so they need no guard."""
    add = cnf.clauses.append  # appended directly (no guard): the hot loop of an export
    row = [lits[0], *([0] * (k - 1))]  # 0: known false
    for i in range(1, len(lits)):
        x = lits[i]
        new = []
        for j in range(k):
            stay, below = row[j], (row[j - 1] if j > 0 else None)
            cnf.top += 1
            r = cnf.top
            # r ⇔ stay ∨ (x ∧ below); below None means "true"
            if stay:
                add([-stay, r])
            if below is None:
                add([-x, r])
                add([-r, stay, x] if stay else [-r, x])
            elif below:
                add([-x, -below, r])
                add([-r, stay, x] if stay else [-r, x])
                add([-r, stay, below] if stay else [-r, below])
            else:
                add([-r, stay] if stay else [-r])
            new.append(r)
        row = new
    return [r if r else _false(cnf) for r in row]


def _false(cnf: Cnf) -> int:
    f = cnf.fresh()
    cnf.add([-f])
    return f


def _at_most_one_groups(proto: Proto) -> dict[int, list[frozenset[int]]]:
    """Literal -> the model's unconditional exactly-one and at-most-one groups holding it."""
    groups: dict[int, list[frozenset[int]]] = {}
    for c in proto.constraints:
        if len(c.enforcement_literal):
            continue
        if c.has_exactly_one():
            lits = c.exactly_one.literals
        elif c.has_at_most_one():
            lits = c.at_most_one.literals
        else:
            continue
        group = frozenset(sat_literal(x) for x in lits)
        for x in group:
            groups.setdefault(x, []).append(group)
    return groups


def _linear(cnf: Cnf, linear: _Linear, unless: Sequence[int]) -> None:
    """``lo <= Σ c·x <= hi`` with every ``c`` = ±1: a count of literals in a range
    (``-x`` is ``¬x - 1``).

    ``t = x1 + … + xn`` over literals the model already allows at most one of (a
    square's attribute is the sum of its possible cards, one card per square) is
    ``t ⇔ x1 ∨ … ∨ xn``: n + 1 clauses instead of a ladder of auxiliaries (a third of
    the Canary model's clauses; each SAT call a third faster, decision 177)."""
    domain = list(linear.domain)
    if len(domain) != 2:
        raise NotImplementedError(f"linear constraint with a holed domain {domain}")
    lo, hi = domain
    coeffs = list(linear.coeffs)
    if lo == hi == 0 and len(coeffs) > 2 and coeffs.count(1) == 1 and coeffs.count(-1) == len(coeffs) - 1:
        t = sat_literal(linear.vars[coeffs.index(1)])
        xs = [sat_literal(v) for v, c in zip(linear.vars, coeffs, strict=True) if c == -1]
        if any(set(xs) <= group for group in cnf.one_of.get(xs[0], ())):
            cnf.add([-t, *xs], unless)
            for x in xs:
                cnf.add([-x, t], unless)
            return
    lits: list[int] = []
    shift = 0
    for v, c in zip(linear.vars, linear.coeffs, strict=True):
        x = sat_literal(v)
        if c == 1:
            lits.append(x)
        elif c == -1:
            lits.append(-x)
            shift += 1
        else:
            raise NotImplementedError(f"linear coefficient {c} (only ±1 are exported)")
    _count_range(cnf, lits, lo + shift, hi + shift, unless)


def _or_equality(cnf: Cnf, lin_max: _LinMax, unless: Sequence[int]) -> None:
    """``t = max(x1, …)`` over booleans: ``t`` holds iff one of the ``x`` does."""

    def single(expr: _Expression) -> int:
        if len(expr.vars) != 1 or list(expr.coeffs) != [1] or expr.offset != 0:
            raise NotImplementedError(f"lin_max over a non-literal expression {expr}")
        return sat_literal(expr.vars[0])

    t = single(lin_max.target)
    xs = [single(e) for e in lin_max.exprs]
    for x in xs:
        cnf.add([-x, t], unless)
    cnf.add([-t, *xs], unless)
