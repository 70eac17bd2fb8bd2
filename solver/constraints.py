"""A game's constraints as plain data, laid out as CP-SAT's ``CpModelProto`` is.

The games state their rules once, through the part of CP-SAT's ``CpModel`` interface
they use (booleans, ``~x``, sums of literals compared with ``==``, at-most/exactly-one,
``or``/``and``, ``max``, each constraint ``only_enforce_if`` literals).  The product
never solves that model with CP-SAT: it exports the clauses (``solver.cnf``) to CaDiCaL.
So the constraints are kept here, in pure Python, in the proto's layout (variables in
order of creation, ``~x`` as ``-x - 1``, a linear constraint's variables merged and
sorted by index with its constant moved into the domain, as CP-SAT writes them), and
``ortools`` (with numpy, ~0.15 s of CPU) is imported only when CP-SAT is asked
(``to_cp_sat``: the tests' second back end, ``solver.backends.CpSatOracle``).  One
statement of the rules, two readers; ``tests/unit/test_constraints.py`` checks that
CP-SAT builds the same proto from the same calls.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, MutableSequence
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, TypeAlias

if TYPE_CHECKING:  # pragma: no cover
    from ortools.sat.python import cp_model


@cache
def load_cp_model() -> ModuleType:
    """OR-tools' ``cp_model``, imported without pandas.

    ``cp_model`` imports pandas only for its ``*_series`` helpers (models indexed by a
    ``pd.Index``), which suiri never calls; pandas alone is most of the module's import
    (~0.4 s of CPU here, decision 174).  While ``cp_model`` loads, a stand-in module
    named ``pandas`` gives its annotations and ``isinstance`` tests the two class names
    they read, then leaves ``sys.modules`` again, so a real ``import pandas`` afterwards
    (by anyone) still gets pandas.  Every part of suiri loads ``cp_model`` through here."""
    if "ortools.sat.python.cp_model" in sys.modules or "pandas" in sys.modules:
        from ortools.sat.python import cp_model as loaded

        return loaded
    stand_in = ModuleType("pandas", "stand-in while ortools.sat.python.cp_model loads (suiri.solver.constraints)")
    stand_in.Index = type("Index", (), {})  # type: ignore[attr-defined]
    stand_in.Series = type("Series", (), {})  # type: ignore[attr-defined]
    sys.modules["pandas"] = stand_in
    try:
        from ortools.sat.python import cp_model as loaded
    finally:
        if sys.modules.get("pandas") is stand_in:
            del sys.modules["pandas"]
    return loaded


class _Term:
    """What can be summed and compared: a literal or a linear expression."""

    def _linear(self) -> LinearExpr:
        raise NotImplementedError

    def __add__(self, other: Operand) -> LinearExpr:
        return self._linear().plus(_as_linear(other), 1)

    def __radd__(self, other: Operand) -> LinearExpr:
        return _as_linear(other).plus(self._linear(), 1)

    def __sub__(self, other: Operand) -> LinearExpr:
        return self._linear().plus(_as_linear(other), -1)

    def __rsub__(self, other: Operand) -> LinearExpr:
        return _as_linear(other).plus(self._linear(), -1)

    def __neg__(self) -> LinearExpr:
        return LinearExpr().plus(self._linear(), -1)

    def __mul__(self, k: int) -> LinearExpr:
        return LinearExpr().plus(self._linear(), k)

    __rmul__ = __mul__

    def __eq__(self, other: object) -> Bounded:  # type: ignore[override]
        return Bounded(self - _operand(other), 0, 0)

    def __hash__(self) -> int:
        return id(self)


class BoolVar(_Term):
    """A boolean variable: its index in the model (``~x`` is its negation)."""

    def __init__(self, index: int, name: str) -> None:
        self.index, self.name = index, name

    def __invert__(self) -> NotVar:
        return NotVar(self)

    def _linear(self) -> LinearExpr:
        return LinearExpr({self.index: 1})

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return self.name


class NotVar(_Term):
    """The negation of a variable: index ``-v - 1`` (1 - v in a sum)."""

    def __init__(self, var: BoolVar) -> None:
        self.var = var
        self.index = -var.index - 1

    def __invert__(self) -> BoolVar:
        return self.var

    def _linear(self) -> LinearExpr:
        return LinearExpr({self.var.index: -1}, 1)

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"not({self.var.name})"


Literal: TypeAlias = BoolVar | NotVar


class LinearExpr(_Term):
    """``Σ coeff·var + offset`` (variables by index)."""

    def __init__(self, coeffs: dict[int, int] | None = None, offset: int = 0) -> None:
        self.coeffs = dict(coeffs or {})
        self.offset = offset

    def _linear(self) -> LinearExpr:
        return self

    def plus(self, other: LinearExpr, k: int) -> LinearExpr:
        out = LinearExpr(self.coeffs, self.offset + k * other.offset)
        for v, c in other.coeffs.items():
            out.coeffs[v] = out.coeffs.get(v, 0) + k * c
        return out


Operand: TypeAlias = _Term | int


def _as_linear(x: Operand) -> LinearExpr:
    return LinearExpr({}, x) if isinstance(x, int) else x._linear()


def _operand(x: object) -> Operand:
    if isinstance(x, (_Term, int)):
        return x
    raise TypeError(f"not a linear term: {x!r}")


@dataclass
class Bounded:
    """``lo <= expr <= hi`` (what ``==`` between terms gives, for ``Constraints.add``)."""

    expr: LinearExpr
    lo: int
    hi: int

    def __bool__(self) -> bool:
        raise TypeError("a constraint (terms compared with ==) is not a truth value")


# -- the proto's layout (what ``solver.cnf.export`` and ``SplitRule`` read) ---------------------------
@dataclass
class Variable:
    name: str
    domain: list[int] = field(default_factory=lambda: [0, 1])


@dataclass
class Literals:
    literals: list[int] = field(default_factory=list)


@dataclass
class Linear:
    vars: list[int] = field(default_factory=list)
    coeffs: list[int] = field(default_factory=list)
    domain: list[int] = field(default_factory=list)


@dataclass
class Expression:
    vars: list[int] = field(default_factory=list)
    coeffs: list[int] = field(default_factory=list)
    offset: int = 0


@dataclass
class LinMax:
    target: Expression = field(default_factory=Expression)
    exprs: list[Expression] = field(default_factory=list)


KINDS = ("bool_or", "bool_and", "at_most_one", "exactly_one", "linear", "lin_max")


@dataclass
class Constraint:
    """One constraint: its ``kind`` (a field name of CP-SAT's ``ConstraintProto``), its
    data under that name, and the literals that switch it on."""

    kind: str
    index: int
    enforcement_literal: list[int] = field(default_factory=list)
    bool_or: Literals = field(default_factory=Literals)
    bool_and: Literals = field(default_factory=Literals)
    at_most_one: Literals = field(default_factory=Literals)
    exactly_one: Literals = field(default_factory=Literals)
    linear: Linear = field(default_factory=Linear)
    lin_max: LinMax = field(default_factory=LinMax)

    def only_enforce_if(self, lits: Literal | Iterable[Literal]) -> Constraint:
        items = [lits] if isinstance(lits, (BoolVar, NotVar)) else list(lits)
        self.enforcement_literal.extend(x.index for x in items)
        return self

    def has_bool_or(self) -> bool:
        return self.kind == "bool_or"

    def has_bool_and(self) -> bool:
        return self.kind == "bool_and"

    def has_at_most_one(self) -> bool:
        return self.kind == "at_most_one"

    def has_exactly_one(self) -> bool:
        return self.kind == "exactly_one"

    def has_linear(self) -> bool:
        return self.kind == "linear"

    def has_lin_max(self) -> bool:
        return self.kind == "lin_max"


class Constraints:
    """The constraints of one model, built through CP-SAT's method names; ``proto`` is
    itself (read as a ``CpModelProto`` is)."""

    def __init__(self) -> None:
        self.variables: list[Variable] = []
        self.constraints: list[Constraint] = []
        self._vars: list[BoolVar] = []
        self._true: BoolVar | None = None

    @property
    def proto(self) -> Constraints:
        return self

    # -- building (CP-SAT's names) ------------------------------------------------------------
    def new_bool_var(self, name: str) -> BoolVar:
        var = BoolVar(len(self.variables), name)
        self.variables.append(Variable(name))
        self._vars.append(var)
        return var

    def _new(self, kind: str) -> Constraint:
        c = Constraint(kind, len(self.constraints))
        self.constraints.append(c)
        return c

    def _literals(self, kind: str, lits: Iterable[Literal]) -> Constraint:
        c = self._new(kind)
        getattr(c, kind).literals.extend(x.index for x in lits)
        return c

    def add_bool_or(self, lits: Iterable[Literal]) -> Constraint:
        return self._literals("bool_or", lits)

    def add_bool_and(self, lits: Iterable[Literal]) -> Constraint:
        return self._literals("bool_and", lits)

    def add_at_most_one(self, lits: Iterable[Literal]) -> Constraint:
        return self._literals("at_most_one", lits)

    def add_exactly_one(self, lits: Iterable[Literal]) -> Constraint:
        return self._literals("exactly_one", lits)

    def add_implication(self, a: Literal, b: Literal) -> Constraint:
        return self.add_bool_and([b]).only_enforce_if(a)

    def add(self, bounded: Bounded | bool) -> Constraint:
        """A comparison (``sum(xs) == 1``); one without variables (``sum([]) == 0``) is a
        truth value: true is a clause on a constant true variable, false an empty clause."""
        if isinstance(bounded, bool):
            return self.add_bool_or([self._constant_true()] if bounded else [])
        return self.add_linear_constraint(bounded.expr, bounded.lo, bounded.hi)

    def _constant_true(self) -> BoolVar:
        if self._true is None:
            self._true = self.new_bool_var("")
            self.variables[-1].domain = [1, 1]
        return self._true

    def add_linear_constraint(self, expr: Operand, lo: int, hi: int) -> Constraint:
        """``lo <= expr <= hi``: the variables merged, sorted by index, zero terms dropped
        and the constant moved into the domain, as CP-SAT writes it."""
        linear = _as_linear(expr)
        c = self._new("linear")
        terms = sorted((v, k) for v, k in linear.coeffs.items() if k != 0)
        c.linear.vars.extend(v for v, _ in terms)
        c.linear.coeffs.extend(k for _, k in terms)
        c.linear.domain.extend([lo - linear.offset, hi - linear.offset])
        return c

    def add_max_equality(self, target: Literal, exprs: Iterable[Literal]) -> Constraint:
        c = self._new("lin_max")
        c.lin_max.target = _expression(target)
        c.lin_max.exprs = [_expression(x) for x in exprs]
        return c

    def clone(self) -> Constraints:
        """A copy to add to without touching this one (variables shared by index)."""
        out = Constraints()
        out.variables = [Variable(v.name, list(v.domain)) for v in self.variables]
        out._vars = list(self._vars)
        out._true = self._true
        out.constraints = [_copy(c) for c in self.constraints]
        return out

    def get_bool_var_from_proto_index(self, index: int) -> BoolVar:
        return self._vars[index]

    # -- CP-SAT, when it is asked ---------------------------------------------------------------
    def to_cp_sat(self) -> cp_model.CpModel:
        """The same model as CP-SAT's ``CpModel`` (the proto written field by field)."""
        load_cp_model()
        from ortools.sat.python.cp_model import CpModel  # loaded above, without pandas: typed here

        model = CpModel()
        for v in self.variables:
            model.new_int_var(v.domain[0], v.domain[1], v.name)
        proto = model.proto
        for c in self.constraints:
            out = proto.constraints.add()
            out.enforcement_literal.extend(c.enforcement_literal)
            if c.kind == "linear":
                out.linear.vars.extend(c.linear.vars)
                out.linear.coeffs.extend(c.linear.coeffs)
                out.linear.domain.extend(c.linear.domain)
            elif c.kind == "lin_max":
                _write(out.lin_max.target, c.lin_max.target)
                for e in c.lin_max.exprs:
                    _write(out.lin_max.exprs.add(), e)
            else:
                part = getattr(out, c.kind)  # reading the field marks it present, even when empty
                part.literals.extend(getattr(c, c.kind).literals)
        return model


def _expression(x: Literal) -> Expression:
    if isinstance(x, NotVar):
        return Expression([x.var.index], [-1], 1)
    return Expression([x.index], [1], 0)


class _ExpressionProto(Protocol):
    vars: MutableSequence[int]
    coeffs: MutableSequence[int]
    offset: int


def _write(out: _ExpressionProto, e: Expression) -> None:
    out.vars.extend(e.vars)
    out.coeffs.extend(e.coeffs)
    out.offset = e.offset


def _copy(c: Constraint) -> Constraint:
    return Constraint(
        c.kind, c.index, list(c.enforcement_literal), Literals(list(c.bool_or.literals)),
        Literals(list(c.bool_and.literals)), Literals(list(c.at_most_one.literals)),
        Literals(list(c.exactly_one.literals)), Linear(list(c.linear.vars), list(c.linear.coeffs), list(c.linear.domain)),
        LinMax(Expression(list(c.lin_max.target.vars), list(c.lin_max.target.coeffs), c.lin_max.target.offset),
               [Expression(list(e.vars), list(e.coeffs), e.offset) for e in c.lin_max.exprs]))
