"""Step-wise explanations: a certain fact as a chain of small, checkable steps.

After Bogaerts, Gamba and Guns, "A framework for step-wise explaining how to solve
constraint satisfaction problems" (AIJ 2021), and its cost-optimal follow-up (OCUS,
IJCAI 2021).  A *step* derives one new fact from a few *premises* (record lines and facts
derived in earlier steps) with the help of a few *rules*; its premises entail its
conclusion and are minimal: dropping any one premise or rule breaks the entailment.  The
target comes last.

How a chain is built (``StepExplainer.explain``):

1. *Focus.*  A minimal set of record lines ``U`` that forces the target (every rule on).
   Every step uses only these lines, so the chain stays on the argument.
2. *Candidates.*  The facts of the game's vocabulary that ``U`` forces but that need at
   least one record line (the backbone under ``U``): a fact may be about any hidden
   card or slot, not only about a subject the user asked for.
3. *Greedy, cheapest first, in premise units.*  A record line is one unit; derived
   facts with one ``unit_key`` (by default one subject) are one unit, as a reader takes
   "bea's clue is not high, dark or ancient" as one premise.  Every unit alone, then
   every pair, is tried (every rule on): what it forces is taken as steps, each new
   fact a new premise, and the search starts again from single units.  When no small
   step is left (or ``budget`` solver calls are spent), the target is derived from a
   minimal set of units (deletion refined by cores, in two orders, the smaller kept).
4. *Prune and finish.*  Walking back from the target, only steps whose fact a kept step
   (or the target) cites are kept; each kept step's premises are minimised literal by
   literal, then its rules, heaviest tried first (so the simplest rules stay).

"Cheapest" (fewest premise units, then lightest ``rule_weight``) is exact for steps of
one and two units and a heuristic beyond (a minimal set found by deletion is not always
a smallest one; OCUS would make it exact at a higher price: ``docs/explanations.md``).
Every step is checkable by ``check_step`` with any ``Oracle``; the tests check every
step with CP-SAT on the model the clauses were exported from.  ``next_step`` is the
hint: the first step toward the nearest target not known yet.

The oracle is pluggable: ``SatOracle`` (python-sat, incremental, assumptions and cores)
or ``CpSatOracle`` (the game's CP-SAT model, the same parameters as ``Engine``), so both
can be measured side by side (``bench/stepwise.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from math import comb
from typing import Any, Generic, Protocol, TypeVar

from .cnf import Cnf, export, literal_of
from .facts import KNOWN_PREFIX, Fact
from .model import WORK_LIMIT, Model, fast_solver, load_cp_model

EXHAUSTIVE_UNITS = 2  # steps of up to this many premise units are searched exhaustively ...
COMBINATIONS = 300  # ... (beyond two) while there are at most this many combinations
PartT = TypeVar("PartT")
BUDGET = 1500  # solver calls for the search for small steps; then the target from what is known


@dataclass(frozen=True)
class Step:
    """One step: ``fact`` follows from ``lines`` and ``facts`` (earlier steps' facts or
    facts the player already knows) under ``rules``; each of them is needed."""

    fact: Fact
    lines: tuple[str, ...]
    facts: tuple[Fact, ...]
    rules: tuple[str, ...]
    weight: int  # the rules' total weight
    also: tuple[Fact, ...] = ()  # further facts the same premises and rules give (said in one sentence)

    @property
    def conclusions(self) -> tuple[Fact, ...]:
        return (self.fact, *self.also)

    @property
    def premises(self) -> int:
        return len(self.lines) + len(self.facts)

    @property
    def cost(self) -> tuple[int, int]:
        """Fewest premises first, then the simplest rules."""
        return (self.premises, self.weight)


@dataclass
class StepProblem:
    """What the explainer needs: clauses, the group selectors (a record line or rule is
    on when its selector is assumed true) and the vocabulary of facts (a positive fact
    ``subject=value`` and its SAT literal; ``subject!=value`` is the negated literal)."""

    cnf: Cnf
    lines: dict[str, int]  # record line id -> selector literal, in record order
    rules: dict[str, int]  # rule id -> selector literal
    facts: dict[Fact, int]  # positive facts only
    vocabulary: list[int]  # the literals steps may conclude and cite (one or both polarities)
    rule_weight: Mapping[str, int] = field(default_factory=dict)
    cp: Any = None  # the CP-SAT model the clauses came from (for ``CpSatOracle``)
    unit_key: Callable[[Fact], str] = lambda f: f.subject  # derived facts cited as one premise

    def literal(self, fact: Fact) -> int:
        lit = self.facts[Fact(fact.subject, fact.value, True)]
        return lit if fact.holds else -lit

    def parse(self, text: str) -> Fact | None:
        """``text`` as a fact a step may state (None when it is not one)."""
        from .errors import FactError

        try:
            fact = Fact.parse(text)
        except FactError:
            return None
        return fact if Fact(fact.subject, fact.value, True) in self.facts else None

    def fact_of(self, lit: int) -> Fact:
        return self._by_literal[lit]

    def __post_init__(self) -> None:
        self._by_literal: dict[int, Fact] = {}
        for f, lit in self.facts.items():
            self._by_literal.setdefault(lit, f)
            self._by_literal.setdefault(-lit, f.negate())


def problem_from_model(model: Model, rule_weight: Mapping[str, int] = {},
                       extra: Mapping[Fact, Any] = {},
                       keep: Callable[[Fact], bool] = lambda f: True,
                       unit_key: Callable[[Fact], str] = lambda f: f.subject) -> StepProblem:
    """A ``StepProblem`` from a game's grouped CP-SAT model: its clauses (exported), its
    observation and rule groups, every subject's values plus ``extra`` (further named
    literals, e.g. "square d7 carries high") as facts, and as vocabulary the facts and
    negated facts that ``keep`` accepts.  ``unit_key``: which derived facts a reader
    takes as one premise (by default those about one subject).  Groups named
    ``known:…`` (``solver.hints``) are not record lines: known facts are passed to
    ``explain`` instead."""
    facts: dict[Fact, int] = {}
    for name, subject in model.subjects.items():
        for value, lit in subject.values.items():
            facts[Fact(name, value, True)] = literal_of(lit)
    for f, lit in extra.items():
        facts[f] = literal_of(lit)
    vocabulary = [x for f, lit in facts.items() for g, x in ((f, lit), (f.negate(), -lit)) if keep(g)]
    return StepProblem(
        cnf=export(model.cp.proto),
        lines={g: literal_of(model.literal(g)) for g in model.observations if not g.startswith(KNOWN_PREFIX)},
        rules={g: literal_of(model.literal(g)) for g in model.rules},
        facts=facts,
        vocabulary=vocabulary,
        rule_weight=rule_weight,
        cp=model.cp,
        unit_key=unit_key,
    )


# -- oracles ---------------------------------------------------------------------------
class Oracle(Protocol):
    """Satisfiability under assumptions (SAT literals), with a core when unsatisfiable."""

    calls: int

    def solve(self, assumptions: Sequence[int], some: Sequence[int] = ()) -> bool: ...  # True: satisfiable
    def true_among(self, lits: Iterable[int]) -> set[int]: ...  # after True: which hold
    def core(self) -> list[int]: ...  # after False: a subset of the assumptions
    def values(self, n: int) -> Any: ...  # after True: numpy bools, index v = variable v (0 unused)
    def implied(self, assumptions: Sequence[int]) -> set[int]: ...  # some literals the assumptions force (sound)


class ModelPool:
    """Solutions found so far, kept to answer "is this literal forced?" without a solve.

    A stored solution in which every assumption of a query holds is a solution of that
    query (assumptions only switch groups on and fix literals): each literal it makes
    false is not forced.  Only when no stored solution fits is the solver asked."""

    def __init__(self, variables: int, size: int = 256) -> None:
        import numpy as np

        self._np = np
        self.variables = variables
        self.rows = np.zeros((size, variables + 1), dtype=bool)
        self.count = 0
        self._next = 0

    def add(self, values: Any) -> None:
        self.rows[self._next] = values
        self._next = (self._next + 1) % len(self.rows)
        self.count = min(self.count + 1, len(self.rows))

    def _holds(self, rows: Any, lits: Sequence[int]) -> Any:
        np = self._np
        idx = np.fromiter((abs(x) for x in lits), dtype=np.int64, count=len(lits))
        pos = np.fromiter((x > 0 for x in lits), dtype=bool, count=len(lits))
        return rows[:, idx] == pos

    def open_among(self, assumptions: Sequence[int], lits: Sequence[int]) -> set[int] | None:
        """The literals of ``lits`` true in every stored solution that fits the
        assumptions (None when none fits)."""
        if not self.count or not lits or any(abs(x) > self.variables for x in assumptions):
            return None
        rows = self.rows[: self.count]
        fits = rows[self._holds(rows, assumptions).all(axis=1)] if assumptions else rows
        if not len(fits):
            return None
        keep = self._holds(fits, lits).all(axis=0)
        return {x for x, k in zip(lits, keep, strict=True) if k}


class SatOracle:
    """python-sat's CaDiCaL (1.9.5) loaded once; every query is assumptions only."""

    RENEW_AFTER = 2000  # one-query clause literals before the solver is rebuilt

    def __init__(self, cnf: Cnf, name: str = "cadical195") -> None:
        self.cnf, self.name = cnf, name
        self.calls = 0
        self._model: list[int] = []
        self._renew()

    def _renew(self) -> None:
        from pysat.solvers import Solver

        self.solver = Solver(name=self.name, bootstrap_with=self.cnf.clauses)
        self._top = self.cnf.top

    def solve(self, assumptions: Sequence[int], some: Sequence[int] = ()) -> bool:
        """``some``: a clause for this query only (behind a fresh literal, retired after),
        and the solver's phases are steered towards making it true.  Each such literal
        stays a variable of the solver and ``get_model`` copies every variable, so after
        ``RENEW_AFTER`` of them the solver is rebuilt from the clauses (measured on the
        Werewolf hint walk: a reused explainer's hint 492 ms → 122 ms median)."""
        self.calls += 1
        extra: list[int] = []
        if some and self._top - self.cnf.top >= self.RENEW_AFTER:
            self.solver.delete()
            self._renew()
        if some:
            self._top += 1
            extra = [self._top]
            self.solver.add_clause([-self._top, *some])
            self.solver.set_phases(list(some))
        ok = bool(self.solver.solve(assumptions=[*assumptions, *extra]))
        if ok:
            self._model = self.solver.get_model() or []
        if some:
            self.solver.add_clause([-self._top])
        return ok

    def true_among(self, lits: Iterable[int]) -> set[int]:
        model = self._model
        return {x for x in lits if model[abs(x) - 1] == x}

    def values(self, n: int) -> Any:
        import numpy as np

        out = np.zeros(n + 1, dtype=bool)
        out[1:] = np.asarray(self._model[:n]) > 0
        return out

    def core(self) -> list[int]:
        return list(self.solver.get_core() or [])

    def implied(self, assumptions: Sequence[int]) -> set[int]:
        """The literals unit propagation derives from the assumptions (no search)."""
        ok, lits = self.solver.propagate(assumptions=list(assumptions))
        return set(lits or []) if ok else set()

    def close(self) -> None:
        self.solver.delete()


class CpSatOracle:
    """The game's CP-SAT model (cloned, so the session's model is untouched), with the
    parameters ``Engine`` uses (one worker, presolve off: cores of assumptions only)."""

    def __init__(self, cp: Any, work_limit: float = WORK_LIMIT) -> None:
        self._cp = load_cp_model()
        self.model = cp.clone()
        self._true = self.model.new_bool_var("[stepwise-true]")
        self.model.add(self._true == 1)
        self.solver = fast_solver(work_limit)
        self.calls = 0
        self._values: list[int] = []
        self._assumed: list[int] = []
        self._gate = self.model.new_bool_var("[stepwise-some]")
        self._clause = self.model.add_bool_or([self._gate]).only_enforce_if(self._gate).index

    def _var(self, lit: int) -> Any:
        v = self.model.get_bool_var_from_proto_index(abs(lit) - 1)
        return v if lit > 0 else ~v

    def solve(self, assumptions: Sequence[int], some: Sequence[int] = ()) -> bool:
        """``some``: one placeholder clause rewritten in place, switched on by a gate."""
        from .errors import Undecided

        self.calls += 1
        cp = self.model
        cp.clear_assumptions()
        cp.clear_hints()
        gate = []
        if some:
            held = cp.proto.constraints[self._clause].bool_or.literals
            held.clear()
            held.extend(self._var(x).index for x in some)
            gate = [self._gate]
            for x in dict.fromkeys(abs(y) for y in some):
                cp.add_hint(self._var(x), x in some)
        cp.add_assumptions([self._true, *gate, *(self._var(x) for x in assumptions)])
        self._assumed = list(assumptions)
        status = self.solver.solve(cp)
        if status in (self._cp.OPTIMAL, self._cp.FEASIBLE):
            self._values = list(self.solver.response_proto.solution)
            return True
        if status == self._cp.INFEASIBLE:
            return False
        raise Undecided(f"the solver stopped undecided ({self.solver.status_name(status)})")

    def true_among(self, lits: Iterable[int]) -> set[int]:
        return {x for x in lits if bool(self._values[abs(x) - 1]) == (x > 0)}

    def values(self, n: int) -> Any:
        import numpy as np

        out = np.zeros(n + 1, dtype=bool)
        out[1:] = np.asarray(self._values[:n]) > 0
        return out

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


# -- the algorithms on any oracle ------------------------------------------------------
def minimal(oracle: Oracle, fixed: Sequence[int], candidates: Sequence[int]) -> list[int]:
    """An inclusion-minimal subset of ``candidates`` that is unsatisfiable with ``fixed``.

    Deletion in the order given (earlier candidates are dropped first when possible),
    each satisfiable test proving its candidate necessary, each unsatisfiable one
    shrinking the rest to the solver's core."""
    if oracle.solve([*fixed, *candidates]):
        raise ValueError("satisfiable: nothing to explain")
    core = set(oracle.core())
    kept = [x for x in candidates if x in core]
    if oracle.solve([*fixed, *kept]):  # defensive: a core must be unsatisfiable
        kept = list(candidates)
    i = 0
    while i < len(kept):
        trial = kept[:i] + kept[i + 1:]
        if oracle.solve([*fixed, *trial]):
            i += 1  # kept[i] is necessary here, hence in every smaller subset
        else:
            core = set(oracle.core())  # keeps kept[:i], which are necessary
            kept = [x for x in trial if x in core]
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


@dataclass
class _Raw:
    """A step as the search takes it: a literal and premise literals that force it
    (minimised when the step is kept)."""

    lit: int
    premises: list[int]


class StepExplainer:
    """Builds step-wise explanations on one ``StepProblem`` and one ``Oracle``.

    Premises are weighed in *units*: a record line is one unit, and the facts already
    derived about one subject (or what the game's ``unit_key`` groups) are one unit
    ("bea's clue is not high, dark or ancient" is one premise for a reader, three
    literals for the solver)."""

    def __init__(self, problem: StepProblem, oracle: Oracle | None = None, budget: int = BUDGET) -> None:
        self.problem = problem
        self.budget = budget
        self.oracle: Oracle = oracle if oracle is not None else SatOracle(problem.cnf)
        self.all_rules = list(problem.rules.values())
        self._rule_of = {lit: r for r, lit in problem.rules.items()}
        self._line_of = {lit: g for g, lit in problem.lines.items()}
        self.pool = ModelPool(problem.cnf.original or problem.cnf.top)
        self._stated: list[Fact] | None = None
        self._says: dict[int, set[int]] = {}

    # -- pieces ------------------------------------------------------------------------
    def focus(self, target: Fact, known: Sequence[Fact] = ()) -> list[str]:
        """A minimal set of record lines that, with the known facts, forces ``target``."""
        p = self.problem
        fixed = [*self.all_rules, *(p.literal(f) for f in known), -p.literal(target)]
        kept = set(minimal(self.oracle, fixed, list(p.lines.values())))
        return [g for g, lit in p.lines.items() if lit in kept]

    def candidates(self, lines: Sequence[str], known: Sequence[Fact], vocabulary: Sequence[int]) -> list[int]:
        """The vocabulary literals the lines and known facts force, less the known facts
        and those the rules force alone (never a step)."""
        p = self.problem
        given = [p.literal(f) for f in known]
        forced = backbone(self.oracle, [*self.all_rules, *given, *(p.lines[g] for g in lines)], vocabulary, self.pool)
        free = set(backbone(self.oracle, self.all_rules, forced, self.pool)) if forced else set()
        return [x for x in forced if x not in free and x not in given]

    def _units(self, premises: Sequence[int]) -> list[list[int]]:
        """Premise literals grouped into units: each line alone, facts by the problem's
        ``unit_key`` (by default their subject)."""
        units: list[list[int]] = []
        by_key: dict[str, list[int]] = {}
        key = self.problem.unit_key
        for x in premises:
            if x in self._line_of:
                units.append([x])
            else:
                by_key.setdefault(key(self.problem.fact_of(x)), []).append(x)
        return units + list(by_key.values())

    def _rules_for(self, premises: Sequence[int], lit: int) -> tuple[tuple[str, ...], int]:
        """The rules a premise set needs for ``lit``: minimal, heaviest tried first."""
        if not self.all_rules:
            return (), 0
        weight = self.problem.rule_weight
        order = sorted(self.all_rules, key=lambda r: -weight.get(self._rule_of[r], 1))
        kept = set(minimal(self.oracle, [*premises, -lit], order))
        rules = tuple(r for r, x in self.problem.rules.items() if x in kept)
        return rules, sum(weight.get(r, 1) for r in rules)

    def _finish(self, raw: _Raw, fact: Fact) -> Step:
        """The step concluding ``fact`` (named as asked: two facts may share a literal,
        as "s8 is in the case file" and "the suspect is s8" do) with minimal premises
        (lines tried last: units were minimal) and minimal rules."""
        p = self.problem
        facts = [x for x in raw.premises if x not in self._line_of]
        lines = [x for x in raw.premises if x in self._line_of]
        implied = set().union(*(self.oracle.implied([x]) for x in facts if p.fact_of(x).holds))
        plain = [x for x in facts if x not in implied or p.fact_of(x).holds]  # a value, not what it rules out
        if len(plain) < len(facts) and not self.oracle.solve([*self.all_rules, -raw.lit, *plain, *lines]):
            facts = plain  # "aki's clue is weathered" rather than the four values it is not
        premises = minimal(self.oracle, [*self.all_rules, -raw.lit], facts + lines) if len(facts) + len(lines) > 1 \
            else facts + lines
        rules, weight = self._rules_for(premises, raw.lit)
        return Step(fact, tuple(self._line_of[x] for x in premises if x in self._line_of),
                    tuple(p.fact_of(x) for x in premises if x not in self._line_of), rules, weight)

    # -- the chain ---------------------------------------------------------------------
    def explain(self, target: Fact, known: Sequence[Fact] = (), lines: Sequence[str] | None = None,
                progress: Callable[[int, int], None] | None = None) -> list[Step]:
        """The pruned chain of steps ending with ``target`` (which must be certain);
        ``known`` facts are premises given for free (the player's ``--known``)."""
        raw = self.derive(target, known, lines, progress)
        return self.prune(raw, target)

    def derive(self, target: Fact, known: Sequence[Fact] = (), lines: Sequence[str] | None = None,
               progress: Callable[[int, int], None] | None = None) -> list[_Raw]:
        """Every step the greedy search takes until ``target`` is derived (unpruned,
        premises not yet minimised).  Past ``budget`` solver calls the search for small
        steps stops and the target is derived from what is known by then (a count,
        not a clock, so that a chain does not depend on the machine's load)."""
        deadline = self.oracle.calls + self.budget
        p = self.problem
        goal = p.literal(target)
        vocabulary = p.vocabulary if goal in p.vocabulary else [*p.vocabulary, goal]
        focus = self.focus(target, known) if lines is None else list(lines)
        todo = set(self.candidates(focus, known, vocabulary))
        if goal not in todo:
            if target in known:
                return []
            raise ValueError(f"{target} is not forced by the record beyond the rules alone")
        order = [x for x in vocabulary if x in todo]
        premises = [p.lines[g] for g in focus] + [p.literal(f) for f in known]
        looked: set[tuple[tuple[int, ...], ...]] = set()
        steps: list[_Raw] = []
        total = len(order)
        while goal in todo:
            if progress is not None:
                progress(total - len(todo), total)
            open_ = [x for x in order if x in todo]
            found: list[_Raw] = []
            units = len(self._units(premises))
            for size in range(1, EXHAUSTIVE_UNITS + 1):
                if size > 2 and comb(units, size) > COMBINATIONS:
                    break
                found = self._unit_steps(premises, looked, open_, size, deadline)
                if found:
                    break
            if not found:  # no small step left: the target from a minimal set of units
                found = [self._cheapest(premises, [goal])]
            for raw in found:
                if raw.lit in todo:
                    todo.discard(raw.lit)
                    premises.append(raw.lit)
                    steps.append(raw)
        return steps

    def entailed(self, fact: Fact) -> bool:
        """Whether the whole record (every line, every rule) proves ``fact``."""
        p = self.problem
        return not self.oracle.solve([*self.all_rules, *p.lines.values(), -p.literal(fact)])

    def stated(self) -> list[Fact]:
        """The facts some record line states outright: one line gives them with no rule
        on, by unit propagation alone ("aki saw s5 in bea's hand": s5 is in bea's hand).
        A hint does not offer them: the player has them written down."""
        if self._stated is None:
            p = self.problem
            words = set(p.vocabulary)
            free = self.oracle.implied([])
            found: dict[int, None] = {}
            for lit in p.lines.values():  # propagation: what the line says, not what can be worked out
                found.update(dict.fromkeys(sorted(x for x in self.oracle.implied([lit]) - free if x in words)))
            self._stated = [p.fact_of(x) for x in found]
        return self._stated

    def obvious(self, targets: Sequence[Fact], known: Sequence[Fact] = ()) -> list[Fact]:
        """The targets (not known yet) that one record line gives alone."""
        p = self.problem
        have = {p.literal(f) for f in known}
        by_literal = {p.literal(t): t for t in targets if p.literal(t) not in have}
        found = self._unit_steps(list(p.lines.values()), set(), list(by_literal), 1, self.oracle.calls + self.budget)
        return [by_literal[r.lit] for r in found]

    def next_step(self, targets: Sequence[Fact], known: Sequence[Fact] = ()) -> tuple[Fact, Step] | None:
        """A hint: the first step toward the nearest target not known yet (None when
        every target is known).  Nearest: fewest record lines needed with what is
        known; among those, the chain whose first step has the fewest premises (a hint
        shows one step), then the shortest chain."""
        p = self.problem
        have = {p.literal(f) for f in known}
        remaining = [t for t in targets if p.literal(t) not in have]
        if not remaining:
            return None
        by_literal = {p.literal(t): t for t in remaining}
        premises = [*p.lines.values(), *have]
        one = self._unit_steps(premises, set(), list(by_literal), 1, self.oracle.calls + self.budget)
        if one:  # a target one line (or one known fact's unit) gives: the nearest there is
            steps = [self._finish(r, by_literal[r.lit]) for r in one]
            step = min(steps, key=lambda s: s.cost)
            return step.fact, step
        focus = {t: self.focus(t, known) for t in remaining}
        fewest = min(len(f) for f in focus.values())
        best: tuple[tuple[int, int, int], Fact, Step] | None = None
        for t in remaining:
            if len(focus[t]) != fewest:
                continue
            steps = self.explain(t, known, focus[t])
            key = (steps[0].premises, len(steps), steps[0].weight)  # a hint is one step: the smallest first
            if best is None or key < best[0]:
                best = (key, t, steps[0])
            if steps[0].premises == 1:
                break
        assert best is not None
        return best[1], best[2]

    def _unit_steps(self, premises: Sequence[int], looked: set[tuple[tuple[int, ...], ...]],
                    todo: Sequence[int], size: int, deadline: int) -> list[_Raw]:
        """Every candidate that ``size`` units force together (every rule on),
        for combinations not looked at before: what they force never changes, and a
        unit that grows (a new fact on its subject) is a new unit."""
        out: list[_Raw] = []
        claimed: set[int] = set()
        units = [tuple(u) for u in self._units(premises)]
        for combo in combinations(units, size):
            if combo in looked:
                continue
            if self.oracle.calls > deadline:
                break
            open_ = [y for y in todo if y not in claimed]
            if not open_:
                break
            flat = [x for u in combo for x in u]
            forced = backbone(self.oracle, [*self.all_rules, *flat], open_, self.pool)
            first = self._sharpened(flat, forced)
            if len(first) == len(forced):
                looked.add(combo)  # else asked again once the sharpened facts are premises
            for y in first:
                claimed.add(y)
                out.append(_Raw(y, flat))
        return out

    def _sharpened(self, premises: Sequence[int], forced: Sequence[int]) -> list[int]:
        """Of what a combination forces, the facts about a subject its premises already
        speak of, when there are any: "cid's clue is not high, dark, ancient or nature,
        so cid's clue is weathered" comes before what that gives about bea ("cid's clue
        is weathered, so bea's clue is not weathered"), never after it."""
        p = self.problem
        subjects = {p.fact_of(x).subject for x in premises if x not in self._line_of}
        sharp = [y for y in forced if p.fact_of(y).subject in subjects]
        return sharp or list(forced)

    def _cheapest(self, premises: Sequence[int], todo: Sequence[int]) -> _Raw:
        """The cheapest step found among the remaining candidates: for each, a minimal
        set of units by deletion in two orders (record lines dropped first, or derived
        facts first), the smaller kept; ties go to lighter rules."""
        units = self._units(premises)
        line_units = [u for u in units if u[0] in self._line_of]
        fact_units = [u for u in units if u[0] not in self._line_of]
        best: tuple[tuple[int, int], _Raw] | None = None
        for lit in todo:
            tries = [minimal_units(self.oracle, [*self.all_rules, -lit], order)
                     for order in (line_units + fact_units, fact_units[::-1] + line_units)]
            kept = min(tries, key=len)
            if best is not None and len(kept) > best[0][0]:
                continue
            flat = [x for u in kept for x in u]
            _, weight = self._rules_for(flat, lit)
            cost = (len(kept), weight)
            if best is None or cost < best[0]:
                best = (cost, _Raw(lit, flat))
        assert best is not None, "no candidate left to derive"
        return best[1]

    def says(self, line: int) -> set[int]:
        """What one record line states outright: the literals it gives by unit
        propagation alone, no rule on ("aki's clue is dark", "s5 is in bea's hand")."""
        if line not in self._says:
            self._says[line] = self.oracle.implied([line]) - self.oracle.implied([])
        return self._says[line]

    def fold_stated(self, raw: Sequence[_Raw], goal: int) -> list[_Raw]:
        """A fact a cited record line states outright is no step of its own ("aki's clue
        is dark (line 5), so aki's clue is dark"): the steps citing it cite the line
        instead (it entails the fact with no rule, so each step stays sound; its
        premises are minimised again when it is finished)."""
        lines = dict.fromkeys(x for r in raw for x in r.premises if x in self._line_of)
        by = {r.lit: line for r in raw if r.lit != goal for line in lines if r.lit in self.says(line)}
        if not by:
            return list(raw)
        return [r if r.lit in by else _Raw(r.lit, list(dict.fromkeys(by.get(x, x) for x in r.premises)))
                for r in raw]

    def prune(self, raw: Sequence[_Raw], target: Fact) -> list[Step]:
        """The steps ``target`` needs, finished: walking back, a step stays when a kept
        step (or the target) cites its fact."""
        goal = self.problem.literal(target)
        raw = self.fold_stated(raw, goal)
        needed = {target}
        kept: list[Step] = []
        for r in reversed(raw):
            fact = target if r.lit == goal else self.problem.fact_of(r.lit)
            if fact in needed:
                step = self._finish(r, fact)
                kept.append(step)
                needed.discard(fact)
                needed.update(step.facts)
        kept.reverse()
        return merge_alike(kept)


def merge_alike(steps: Sequence[Step]) -> list[Step]:
    """Steps with the same lines, facts and rules said as one, at the place of the first
    (their premises are all known there): "t4 dan Vote …, so the card dan was dealt is
    not the Attack ①, ② or ③" rather than three steps.  The last step (the target) stays
    alone, last."""
    if len(steps) < 2:
        return list(steps)
    groups: dict[tuple[tuple[str, ...], tuple[Fact, ...], tuple[str, ...]], list[Step]] = {}
    for step in steps[:-1]:
        groups.setdefault((step.lines, step.facts, step.rules), []).append(step)
    out = []
    for step in steps[:-1]:
        group = groups[(step.lines, step.facts, step.rules)]
        if group[0] is step:
            out.append(replace(step, also=tuple(f for s in group for f in s.conclusions)[1:]))
    return [*out, steps[-1]]


# -- saying a step -------------------------------------------------------------------------
MAX_PREMISES = 5  # a printed step names at most this many premises ...
MAX_CHARS = 300  # ... in a sentence of at most this many characters; beyond, premises are grouped
ITEM = "\n   – "  # a grouped premise, listed under its step's sentence


@dataclass
class ChainContext:
    """What the sentences of one chain share: the asides already said (a rule of the
    game said once per chain) and which step concluded each fact (so a group of cited
    facts can be named by its steps)."""

    said: set[str] = field(default_factory=set)
    numbers: dict[Fact, int] = field(default_factory=dict)

    def once(self, key: str) -> bool:
        """True the first time ``key`` is asked in this chain."""
        first = key not in self.said
        self.said.add(key)
        return first

    def steps_of(self, facts: Iterable[Fact]) -> list[int]:
        return sorted({self.numbers[f] for f in facts if f in self.numbers})


@dataclass(frozen=True)
class Said:
    """A step as printed: its sentence (with any grouped premises listed under it, one
    per line) and how many premises the sentence itself names (a group counts once)."""

    text: str
    premises: int

    @property
    def sentence(self) -> str:
        return self.text.split("\n", 1)[0]


@dataclass(frozen=True, eq=False)
class Group:
    """Premises of one kind (record lines, earlier facts, ...) or a step's conclusions,
    which may be named together when a sentence would carry too many: ``name(n)`` says
    the group ("the 4 record lines below") and its items are listed under the sentence;
    no ``name``: always said."""

    items: list[str]
    name: Callable[[int], str] | None = None
    premises: bool = True  # False: the step's conclusions (not counted as premises)


# The names of grouped premises (``fit``), the same in every game; a game's catalogue takes
# them in (``**GROUP_WORDS[lang]``) and may say one otherwise (Werewolf's reasons are all rules).
GROUP_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "group-lines": "the {n} record lines below", "group-lines-1": "the record line below",
        "group-reasons": "by the {n} rules and counts below", "group-reasons-1": "by the rule below",
        "group-conclusions": "each of the {n} facts below holds", "group-conclusions-1": "the fact below holds",
        "group-facts": "the {n} facts below", "group-facts-1": "the fact below",
        "group-facts-steps": "the {n} facts of steps {steps} (below)",
        "group-facts-steps-1": "the fact of step {steps} (below)",
    },
    "ja": {
        "group-lines": "下記の記録{n}行", "group-lines-1": "下記の記録の行",
        "group-reasons": "下記の規則と枚数{n}点を当てはめる", "group-reasons-1": "下記の規則を当てはめる",
        "group-conclusions": "下記の{n}点が成り立つ", "group-conclusions-1": "下記の事実が成り立つ",
        "group-facts": "下記の{n}点", "group-facts-1": "下記の事実",
        "group-facts-steps": "手順{steps}でわかった下記の{n}点",
        "group-facts-steps-1": "手順{steps}でわかった下記の事実",
    },
}


def fit(compose: Callable[[list[list[str]]], str], groups: Sequence[Group]) -> Said:
    """A step's sentence, ``compose`` of each group's items, with at most
    ``MAX_PREMISES`` premises and ``MAX_CHARS`` characters: every item said when they
    fit; else the fewest groups named (those with a name and two items or more, first
    in the order given; one item only as a last resort), their items listed under the
    sentence.  A reader follows "the
    6 facts of steps 2–8 (below); …" better than one sentence of twenty premises."""
    choices: list[tuple[Group, ...]] = []
    for least in (2, 1):  # a group of one item only when nothing else fits
        nameable = [g for g in groups if g.name is not None and len(g.items) >= least]
        choices += [c for k in range(len(nameable) + 1) for c in combinations(nameable, k) if c not in choices]
    best: Said | None = None
    for chosen in choices:
        head = [[g.name(len(g.items))] if g in chosen and g.name is not None else g.items for g in groups]
        text = compose(head) + "".join(ITEM + item for g in groups if g in chosen for item in g.items)
        best = Said(text, sum(len(h) for h, g in zip(head, groups, strict=True) if g.premises))
        if best.premises <= MAX_PREMISES and len(best.sentence) <= MAX_CHARS:
            break
    assert best is not None
    return best


STEP_NUMBERS = {"en": ("–", ", ", " and "), "ja": ("〜", "、", "、")}


def step_numbers(numbers: Sequence[int], lang: str) -> str:
    """Step numbers as a reader scans them: "2–4 and 7" / 「2〜4、7」."""
    dash, sep, last = STEP_NUMBERS.get(lang, STEP_NUMBERS["en"])
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}{dash}{r[-1]}" if len(r) > 2 else sep.join(map(str, r)) for r in runs]
    return parts[0] if len(parts) == 1 else sep.join(parts[:-1]) + last + parts[-1]


def facts_group(say: Callable[..., str], n: int, steps: Sequence[int], lang: str) -> str:
    """A group of cited facts, named by the steps that concluded them (the game's words:
    ``group-facts-steps``, or ``group-facts`` for facts given, as in a hint)."""
    return say("group-facts-steps", n=n, steps=step_numbers(steps, lang)) if steps else say("group-facts", n=n)


class Stepwise(Protocol):
    """What the CLI asks of a game's step-wise explanations (``Game.steps(session)``):
    chains, hints, and each step said in the game's own words."""

    problem: StepProblem
    explainer: StepExplainer

    def certain_facts(self) -> list[Fact]: ...  # the exact counter's certain facts (``analyze``)
    def explain(self, fact: Fact, known: Sequence[Fact] = (),
                progress: Callable[[int, int], None] | None = None) -> list[Step]: ...
    def sentence(self, step: Step, lang: str) -> str: ...  # one step, premises to conclusion ("en", "ja")
    def sentences(self, steps: Sequence[Step], lang: str) -> list[str]: ...  # a chain, each aside said once


class RecordSteps:
    """Step-wise explanations of one record: its problem, the oracle that decides it
    ("sat": python-sat, "cpsat": CP-SAT) and the exact counter's certain facts (a game
    subclasses it with its own ``step_problem`` and its ``sentence``)."""

    def __init__(self, problem: StepProblem, certain: Callable[[], list[Fact]], oracle: str = "sat") -> None:
        self.problem = problem
        chosen: Oracle = SatOracle(problem.cnf) if oracle == "sat" else CpSatOracle(problem.cp)
        self.explainer = StepExplainer(problem, chosen)
        self._certain = certain

    def certain_facts(self) -> list[Fact]:
        """What ``analyze`` lists as certain (the exact counter's verdict)."""
        return self._certain()

    def explain(self, fact: Fact, known: Sequence[Fact] = (),
                progress: Callable[[int, int], None] | None = None) -> list[Step]:
        return self.explainer.explain(fact, known, progress=progress)

    def say(self, step: Step, lang: str, chain: ChainContext) -> Said:
        """One step as printed, within a chain (the game's words)."""
        raise NotImplementedError

    def sentence(self, step: Step, lang: str) -> str:
        """One step alone (a hint): every aside it needs is said."""
        return self.say(step, lang, ChainContext()).text

    def said(self, steps: Sequence[Step], lang: str) -> list[Said]:
        """A chain as printed: an aside is said at its first step only, and a group of
        cited facts is named by the steps that concluded them."""
        chain = ChainContext()
        out = []
        for i, step in enumerate(steps, 1):
            out.append(self.say(step, lang, chain))
            chain.numbers.update(dict.fromkeys(step.conclusions, i))
        return out

    def sentences(self, steps: Sequence[Step], lang: str) -> list[str]:
        return [s.text for s in self.said(steps, lang)]


class SplitRule(Generic[PartT]):
    """One rule group split into a selector per constraint (the deck rule into one count
    per kind), on a copy of the model as clauses, so that a step's sentence can ask which
    parts of the rule the step needs: exactly, not guessed from what its lines mention."""

    def __init__(self, model: Model, rule: str, parts: Sequence[PartT]) -> None:
        cp = model.cp.clone()
        group = model.literal(rule).index
        constraints = [c for c in cp.proto.constraints if list(c.enforcement_literal) == [group]]
        if len(constraints) != len(parts):
            raise ValueError(f"rule {rule!r} has {len(constraints)} constraints, not one per part ({len(parts)})")
        self.selector: dict[PartT, int] = {}
        for part, c in zip(parts, constraints, strict=True):
            var = cp.new_bool_var(f"[{rule}:{part}]")
            c.enforcement_literal[0] = var.index
            self.selector[part] = literal_of(var)
        self.oracle = SatOracle(export(cp.proto))

    def needed(self, fixed: Sequence[int], among: Sequence[PartT] | None = None,
               prefer: Sequence[PartT] = ()) -> list[PartT]:
        """A minimal set of parts (of ``among``, by default all) that with ``fixed`` (a
        step's premises, its other rules and its negated fact) leaves no solution; the
        parts in ``prefer`` are kept when there is a choice."""
        parts = [p for p in self.selector if among is None or p in among]
        order = sorted(parts, key=lambda p: p in prefer)  # deletion tries the others first
        kept = set(minimal(self.oracle, fixed, [self.selector[p] for p in order]))
        return [p for p in parts if self.selector[p] in kept]


def minimal_units(oracle: Oracle, fixed: Sequence[int], units: Sequence[list[int]]) -> list[list[int]]:
    """An inclusion-minimal subset of ``units`` (each a list of literals taken or dropped
    together) unsatisfiable with ``fixed``; deletion in the order given, refined by cores."""
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
            i += 1
        else:
            core = set(oracle.core())
            kept = [u for u in trial if core & set(u)]
    return kept


def prune(chain: Sequence[Step], target: Fact) -> list[Step]:
    """The steps ``target`` needs: walking back, a step stays when a kept step (or the
    target) uses its fact."""
    needed = {target}
    kept: list[Step] = []
    for step in reversed(chain):
        if needed & set(step.conclusions):
            kept.append(step)
            needed.difference_update(step.conclusions)
            needed.update(step.facts)
    kept.reverse()
    return kept


# -- checking ----------------------------------------------------------------------------
@dataclass(frozen=True)
class StepCheck:
    entails: bool
    unneeded: tuple[str, ...]  # premises or rules that could be dropped (empty: minimal)

    @property
    def ok(self) -> bool:
        return self.entails and not self.unneeded


def check_step(problem: StepProblem, oracle: Oracle, step: Step) -> StepCheck:
    """Whether the step's premises and rules entail each of its conclusions, and which
    of them (if any) could be dropped with a conclusion still entailed (a step said for
    several facts must be minimal for each)."""
    parts: list[tuple[str, int]] = (
        [(f"line {g}", problem.lines[g]) for g in step.lines]
        + [(f"fact {f}", problem.literal(f)) for f in step.facts]
        + [(f"rule {r}", problem.rules[r]) for r in step.rules]
    )
    entails, unneeded = True, []
    for fact in step.conclusions:
        neg = -problem.literal(fact)
        entails = entails and not oracle.solve([*(x for _, x in parts), neg])
        unneeded += [name for i, (name, _) in enumerate(parts)
                     if not oracle.solve([*(x for j, (_, x) in enumerate(parts) if j != i), neg])]
    return StepCheck(entails, tuple(dict.fromkeys(unneeded)))


def check_chain(problem: StepProblem, oracle: Oracle, steps: Sequence[Step], target: Fact,
                known: Sequence[Fact] = ()) -> list[str]:
    """Everything wrong with a chain (empty: it is sound): each step checks out, uses
    only facts derived before it (or known), ends with the target and keeps only
    steps the target needs."""
    problems: list[str] = []
    have = set(known)
    for i, step in enumerate(steps, 1):
        c = check_step(problem, oracle, step)
        if not c.entails:
            problems.append(f"step {i} ({step.fact}): premises do not entail it")
        if c.unneeded:
            problems.append(f"step {i} ({step.fact}): not minimal, could drop {', '.join(c.unneeded)}")
        missing = [f for f in step.facts if f not in have]
        if missing:
            problems.append(f"step {i} ({step.fact}): uses {missing} before deriving them")
        have.update(step.conclusions)
    if not steps or steps[-1].fact != target:
        problems.append("the chain does not end with the target")
    if len(prune(steps, target)) != len(steps):
        problems.append("the chain keeps steps the target does not need")
    return problems
