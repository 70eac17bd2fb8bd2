"""Step-wise explanations: a certain fact as a chain of small, checkable steps.

After Bogaerts, Gamba and Guns, "A framework for step-wise explaining how to solve
constraint satisfaction problems" (AIJ 2021), and its cost-optimal follow-up (OCUS,
IJCAI 2021).  A *step* (``solver.problem.Step``) derives one new fact from a few
*premises* (record lines and facts derived in earlier steps) with the help of a few
*rules*; its premises entail its conclusion and are minimal: dropping any one premise or
rule breaks the entailment.  The target comes last.

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

A fact the rules force alone (no record line needed) is a chain of one step that cites
no line: the rules it needs (``by_rules``).  "Cheapest" (fewest premise units, then
lightest ``rule_weight``) is exact for steps of one and two units and a heuristic beyond
(a minimal set found by deletion is not always a smallest one; OCUS would make it exact
at a higher price: ``docs/explanations.md``).  Every step is checkable by ``check_step``
with any ``Oracle``; the tests check every step with CP-SAT on the model the clauses were
exported from.  ``next_step`` is the hint: the first step toward the nearest target not
known yet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from math import comb
from typing import TypeVar

from .facts import Fact
from .oracle import Oracle
from .problem import Step, StepProblem
from .search import ModelPool, backbone, minimal, minimal_units

EXHAUSTIVE_UNITS = 2  # steps of up to this many premise units are searched exhaustively ...
COMBINATIONS = 300  # ... (beyond two) while there are at most this many combinations
BUDGET = 1500  # solver calls for the search for small steps; then the target from what is known
T = TypeVar("T")


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
        self.oracle: Oracle = oracle if oracle is not None else problem.oracle()
        self.all_rules = list(problem.rules.values())
        self._rule_of = {lit: r for r, lit in problem.rules.items()}
        self._line_of = {lit: g for g, lit in problem.lines.items()}
        self.pool = ModelPool(problem.cnf.original or problem.cnf.top)
        self._stated: list[Fact] | None = None
        self._says: dict[int, set[int]] = {}
        self._forced: set[int] | None = None  # what the whole record forces (``share_backbone``)

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
                progress: Callable[[int, int], None] | None = None, skip: Sequence[Fact] = ()) -> list[Step]:
        """The pruned chain of steps ending with ``target`` (which must be certain);
        ``known`` facts are premises given for free (the player's ``--known``); ``skip``:
        facts the player has beyond them: no step concludes them, nor what the rules give
        from them alone."""
        raw = self.derive(target, known, lines, progress, skip)
        return self.prune(raw, target)

    def derive(self, target: Fact, known: Sequence[Fact] = (), lines: Sequence[str] | None = None,
               progress: Callable[[int, int], None] | None = None, skip: Sequence[Fact] = ()) -> list[_Raw]:
        """Every step the greedy search takes until ``target`` is derived (unpruned,
        premises not yet minimised).  Past ``budget`` solver calls the search for small
        steps stops and the target is derived from what is known by then (a count,
        not a clock, so that a chain does not depend on the machine's load)."""
        deadline = self.oracle.calls + self.budget
        p = self.problem
        goal = p.literal(target)
        vocabulary = p.vocabulary if goal in p.vocabulary else [*p.vocabulary, goal]
        if self._forced is not None:  # what a part of the record forces, the whole record forces
            vocabulary = [x for x in vocabulary if x in self._forced or x == goal]
        focus = self.focus(target, known) if lines is None else list(lines)
        todo = set(self.candidates(focus, known, vocabulary))
        if skip:  # what the player has, and what the rules give from it alone, is not a step
            had = [p.literal(f) for f in skip]
            todo -= set(backbone(self.oracle, [*self.all_rules, *had], sorted(todo - {goal}), self.pool))
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

    def share_backbone(self) -> None:
        """Before explaining many facts of the record (a report): the vocabulary literals
        the whole record forces, found once, bound every later chain's candidates (a set
        of lines, with facts the record proves, forces nothing more).  A Canary report's
        candidates then take 211 solver calls instead of 770.  Its chains may differ
        from those of ``explain`` asked alone (the solver's cores follow its history),
        each as sound and minimal."""
        if self._forced is None:
            p = self.problem
            self._forced = set(backbone(self.oracle, [*self.all_rules, *p.lines.values()], p.vocabulary, self.pool))

    def by_rules(self, target: Fact) -> Step:
        """The proof of a fact the rules force alone (no record line needed): one step
        that cites no line, with a minimal set of rules (the simplest kept)."""
        rules, weight = self._rules_for([], self.problem.literal(target))
        return Step(target, (), (), rules, weight)

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
        return [by_literal[r.lit] for r in self._line_steps(list(by_literal))]

    def next_step(self, targets: Sequence[Fact], known: Sequence[Fact] = ()) -> tuple[Fact, Step] | None:
        """A hint: the first step toward the nearest target not known yet (None when
        every target is known), searched no further than that step needs.

        A target one unit gives (one record line, or the known facts about one subject)
        is the nearest there is: the cheapest such step.  Otherwise the nearest targets
        are those needing the fewest record lines with what is known; each is explained
        from those lines and a minimal set of the known facts (the rest are neither
        premises nor concluded: the player has them), and the chain whose first step
        has the fewest premises (a hint shows one step), then the shortest, gives it."""
        p = self.problem
        have = {p.literal(f) for f in known}
        remaining = [t for t in targets if p.literal(t) not in have]
        if not remaining:
            return None
        by_literal = {p.literal(t): t for t in remaining}
        one = self._line_steps(list(by_literal))
        claimed = {r.lit for r in one}
        one += self._unit_steps(list(have), set(), [x for x in by_literal if x not in claimed], 1,
                                self.oracle.calls + self.budget)
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
            given = self._given(t, focus[t], known)
            steps = self.explain(t, given, focus[t], skip=[f for f in known if f not in set(given)])
            key = (steps[0].premises, len(steps), steps[0].weight)  # a hint is one step: the smallest first
            if best is None or key < best[0]:
                best = (key, t, steps[0])
            if steps[0].premises == 1:
                break
        assert best is not None
        return best[1], best[2]

    def _given(self, target: Fact, lines: Sequence[str], known: Sequence[Fact]) -> list[Fact]:
        """A minimal set of the known facts (whole units) that with ``lines`` forces
        ``target``: a hint's chain starts from these, not from everything the player
        has (every fact a record line states is known to a hint: tens of units).  A
        known value that says one of them outright comes along ("aki holds r3" beside
        "r3 is not in bea's hand"), so that a finished step may cite the value."""
        p = self.problem
        units = self._units([p.literal(f) for f in known])
        if not units:
            return []
        fixed = [*self.all_rules, *(p.lines[g] for g in lines), -p.literal(target)]
        kept = minimal_units(self.oracle, fixed, units)
        chosen = {x for u in kept for x in u}
        kept += [u for u in units if u not in kept and any(
            p.fact_of(x).holds and self.oracle.implied([x]) & chosen for x in u)]
        return [p.fact_of(x) for u in kept for x in u]

    def _line_steps(self, targets: Sequence[int]) -> list[_Raw]:
        """The one-line steps to ``targets``: each target forced by a record line alone,
        cited from the first such line, in record order (as every line tried alone in
        turn would give them, with no line's backbone over every target)."""
        lines = list(self.problem.lines.values())
        index = {x: i for i, x in enumerate(lines)}
        first = {t: min(index[x] for x in forcing) for t in targets if (forcing := self._forcing_lines(t, lines))}
        order = {t: i for i, t in enumerate(targets)}
        return [_Raw(t, [lines[i]]) for t, i in sorted(first.items(), key=lambda ti: (ti[1], order[ti[0]]))]

    def _forcing_lines(self, target: int, lines: Sequence[int]) -> list[int]:
        """The ``lines`` (selector literals) that force ``target`` alone, every rule on:
        those no world with the target false switches on.  Every line not ruled out yet
        is assumed on together; a core sets its lines apart and the rest are tried
        again, until a world holds them all (none of them forces the target); the lines
        set apart are then sorted out by a backbone under the target false.  A core is
        only a guide: every answer rests on a world found or on a backbone.  A few
        solver calls per target where every line alone costs one or more each (a
        Canary record of 58 lines and 38 targets: 1,100 calls to 170)."""
        fixed = [*self.all_rules, -target]
        pending: list[int] = list(lines)
        unsure: list[int] = []  # the lines of the cores met, sorted out last
        while pending:
            if self.oracle.solve([*fixed, *pending]):
                on = self.oracle.true_among(unsure)
                unsure = [x for x in unsure if x not in on]
                break
            core = set(self.oracle.core()) & set(pending)
            if not core:  # the rules alone force the target: every line "gives" it
                return list(lines)
            unsure += [x for x in pending if x in core]
            pending = [x for x in pending if x not in core]
        else:
            if not self.oracle.solve(fixed):
                return list(lines)
        forced = set(backbone(self.oracle, fixed, [-x for x in unsure], self.pool)) if unsure else set()
        return [x for x in lines if -x in forced]

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
        named = [(r, target if r.lit == goal else self.problem.fact_of(r.lit)) for r in self.fold_stated(raw, goal)]
        return merge_alike(prune(named, target, lambda rf: (rf[1],), lambda rf: self._finish(*rf)))


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



def prune(chain: Sequence[T], target: Fact, conclusions: Callable[[T], Iterable[Fact]],
          finish: Callable[[T], Step]) -> list[Step]:
    """The steps ``target`` needs: walking back, an item of ``chain`` stays when a kept
    step (or the target) uses one of its ``conclusions``; it is ``finish``ed only then
    (a finished step's premises are what the steps before it must give)."""
    needed = {target}
    kept: list[Step] = []
    for item in reversed(chain):
        said = set(conclusions(item))
        if needed & said:
            step = finish(item)
            kept.append(step)
            needed.difference_update(said)
            needed.update(step.facts)
    kept.reverse()
    return kept


def needed_steps(chain: Sequence[Step], target: Fact) -> list[Step]:
    """The steps of a finished chain that ``target`` needs."""
    return prune(chain, target, lambda s: s.conclusions, lambda s: s)


# -- checking ----------------------------------------------------------------------------
@dataclass(frozen=True)
class StepCheck:
    entails: bool
    unneeded: tuple[str, ...]  # premises or rules that could be dropped (empty: minimal)

    @property
    def ok(self) -> bool:
        return self.entails and not self.unneeded


def _parts(problem: StepProblem, step: Step) -> list[tuple[str, int]]:
    """A step's premises and rules, each named, with its selector or fact literal."""
    return ([(f"line {g}", problem.lines[g]) for g in step.lines]
            + [(f"fact {f}", problem.literal(f)) for f in step.facts]
            + [(f"rule {r}", problem.rules[r]) for r in step.rules])


def entailment(problem: StepProblem, step: Step) -> tuple[list[int], list[int]]:
    """The question "unsatisfiable" answers when the step's premises and rules entail
    each of its conclusions: the premises and rules assumed, and one clause (some
    conclusion fails)."""
    return [x for _, x in _parts(problem, step)], [-problem.literal(fact) for fact in step.conclusions]


def check_step(problem: StepProblem, oracle: Oracle, step: Step) -> StepCheck:
    """Whether the step's premises and rules entail each of its conclusions (one
    question, ``entailment``), and which of them (if any) could be dropped with a
    conclusion still entailed (a step said for several facts must be minimal for each)."""
    parts = _parts(problem, step)
    assumed, negated = entailment(problem, step)
    entails = not oracle.solve(assumed, some=negated)
    unneeded = [name for neg in negated for i, (name, _) in enumerate(parts)
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
    if len(needed_steps(steps, target)) != len(steps):
        problems.append("the chain keeps steps the target does not need")
    return problems
