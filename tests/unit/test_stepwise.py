"""Step-wise explanations (``solver/stepwise.py``) and the clause export they run on
(``solver/cnf.py``), against brute force: every assignment of a small model is
enumerated and each constraint, group and fact is evaluated directly in Python."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product

import pytest

from suiri.solver.backends import CpSatOracle, SatOracle
from suiri.solver.chain import StepExplainer, check_chain, needed_steps
from suiri.solver.cnf import export
from suiri.solver.facts import Fact
from suiri.solver.model import Model
from suiri.solver.oracle import Backend
from suiri.solver.problem import Step, problem_from_model
from suiri.solver.search import backbone, minimal, possible

# -- the clause export -------------------------------------------------------------------
Check = tuple[str, object, int | None]  # (kind, data, guard): evaluated by ``satisfied``


def satisfied(check: Check, a: tuple[int, ...]) -> bool:
    """A random constraint, evaluated directly on an assignment."""
    kind, data, guard = check
    if guard is not None and a[guard] == 0:
        return True
    if kind == "linear":
        idx, coeffs, lo, hi = data  # type: ignore[misc]
        return bool(lo <= sum(k * a[i] for k, i in zip(coeffs, idx, strict=True)) <= hi)
    if kind == "max":
        target, others = data  # type: ignore[misc]
        return bool(a[target] == max(a[i] for i in others))
    truth = [a[i] == 1 if pos else a[i] == 0 for i, pos in data]  # type: ignore[attr-defined]
    count = sum(truth)
    return {"or": count >= 1, "and": count == len(truth), "amo": count <= 1, "eo": count == 1}[kind]


def random_model(rng: random.Random, n: int) -> tuple[Model, list[Check]]:
    """A CP-SAT model over ``n`` booleans with random constraints of every exported
    kind, each also kept as data to evaluate directly."""
    m = Model()
    xs = [m.new_bool(f"x{i}") for i in range(n)]
    checks: list[Check] = []
    for _ in range(5):
        kind = rng.choice(["or", "and", "amo", "eo", "linear", "max"])
        picked = [(i, rng.random() < 0.6) for i in rng.sample(range(n), rng.randint(2, n))]
        lits = [xs[i] if pos else ~xs[i] for i, pos in picked]
        guard: int | None = rng.choice([None, *range(n)])
        data: object = picked
        if kind == "or":
            c = m.cp.add_bool_or(lits)
        elif kind == "and":
            c = m.cp.add_bool_and(lits)
        elif kind == "amo":
            c = m.cp.add_at_most_one(lits)
        elif kind == "eo":
            c = m.cp.add_exactly_one(lits)
        elif kind == "linear":
            idx = rng.sample(range(n), rng.randint(1, n))
            coeffs = [rng.choice([1, -1]) for _ in idx]
            lo = rng.randint(-2, 3)
            hi = lo + rng.randint(0, 3)
            c = m.cp.add_linear_constraint(sum(k * xs[i] for k, i in zip(coeffs, idx, strict=True)), lo, hi)
            data = (idx, coeffs, lo, hi)
        else:
            target = rng.randrange(n)
            others = rng.sample([i for i in range(n) if i != target], 2)
            c = m.cp.add_max_equality(xs[target], [xs[i] for i in others])
            data, guard = (target, others), None
        if guard is not None:
            c.only_enforce_if(xs[guard])
        checks.append((kind, data, guard))
    return m, checks


@pytest.mark.parametrize("seed", range(60))
def test_the_clauses_have_the_models_solutions(seed: int) -> None:
    rng = random.Random(seed)
    n = 6
    m, checks = random_model(rng, n)
    oracle = SatOracle(export(m.cp.proto))
    for a in product((0, 1), repeat=n):
        fixed = [i + 1 if v else -(i + 1) for i, v in enumerate(a)]
        assert oracle.solve(fixed) == all(satisfied(c, a) for c in checks), a


# -- a toy puzzle, brute-forced ------------------------------------------------------------
PLACES = ("p", "q", "r", "s")
CARDS = ("A", "B", "C", "D")
# record lines: (id, place, card, holds)
LINES = [("o1", "p", "A", False), ("o2", "q", "A", False), ("o3", "q", "B", False),
         ("o4", "s", "D", True), ("o5", "p", "C", False)]


def toy() -> tuple[Model, dict[str, Callable[[dict[str, str]], bool]]]:
    """Four places, four different cards (rule "distinct"); five record lines."""
    m = Model()
    card = {p: {c: m.new_bool(f"{p}={c}") for c in CARDS} for p in PLACES}
    for p in PLACES:
        m.cp.add_exactly_one(card[p].values())
        m.declare_subject(f"place:{p}", card[p])
    distinct = m.rule("distinct")
    for c in CARDS:
        m.cp.add_at_most_one(card[p][c] for p in PLACES).only_enforce_if(distinct)
    groups: dict[str, Callable[[dict[str, str]], bool]] = {
        "distinct": lambda w: len(set(w.values())) == len(PLACES)}
    for oid, p, c, holds in LINES:
        lit = m.observation(oid, None)
        m.cp.add_bool_and([card[p][c] if holds else ~card[p][c]]).only_enforce_if(lit)
        groups[oid] = lambda w, p=p, c=c, h=holds: (w[p] == c) == h
    return m, groups


def worlds() -> list[dict[str, str]]:
    return [dict(zip(PLACES, cs, strict=True)) for cs in product(CARDS, repeat=len(PLACES))]


def holds(fact: Fact, w: dict[str, str]) -> bool:
    return (w[fact.subject.split(":")[1]] == fact.value) == fact.holds


def entails(groups: dict[str, Callable[[dict[str, str]], bool]], names: list[str], facts: list[Fact],
            conclusion: Fact) -> bool:
    return all(holds(conclusion, w) for w in worlds()
               if all(groups[g](w) for g in names) and all(holds(f, w) for f in facts))


def brute_check(groups: dict[str, Callable[[dict[str, str]], bool]], step: Step) -> None:
    names = [*step.lines, *step.rules]
    assert entails(groups, names, list(step.facts), step.fact), step
    for g in names:
        assert not entails(groups, [x for x in names if x != g], list(step.facts), step.fact), (step, g)
    for f in step.facts:
        assert not entails(groups, names, [x for x in step.facts if x != f], step.fact), (step, f)


def test_toy_chains_check_out_by_brute_force() -> None:
    m, groups = toy()
    problem = problem_from_model(m, {"distinct": 2})
    explainer = StepExplainer(problem)
    everything = list(groups)
    certain = [Fact(f"place:{p}", c, h) for p in PLACES for c in CARDS for h in (True, False)
               if entails(groups, everything, [], Fact(f"place:{p}", c, h))
               and not entails(groups, ["distinct"], [], Fact(f"place:{p}", c, h))]
    assert Fact("place:r", "A") in certain and Fact("place:p", "B") in certain
    for target in certain:
        steps = explainer.explain(target)
        assert steps and steps[-1].fact == target
        for step in steps:
            brute_check(groups, step)
        assert check_chain(problem, CpSatOracle(problem.cp), steps, target) == []
        cited = {f for s in steps for f in s.facts}
        assert all(s.fact in cited for s in steps[:-1]), "a kept step nobody cites"


def test_toy_chain_builds_on_earlier_steps() -> None:
    """p=B needs a chain: A is not on p or q and D is on s, so A is on r; p is not A,
    C or D, so p holds B."""
    m, groups = toy()
    problem = problem_from_model(m, {"distinct": 2})
    steps = StepExplainer(problem).explain(Fact("place:p", "B"))
    assert len(steps) >= 2
    assert steps[-1].facts, "the last step cites earlier facts"
    for step in steps:
        brute_check(groups, step)


def test_known_facts_are_premises_for_free() -> None:
    m, _ = toy()
    problem = problem_from_model(m, {"distinct": 2})
    explainer = StepExplainer(problem)
    known = [Fact("place:r", "A")]
    steps = explainer.explain(Fact("place:p", "B"), known=known)
    assert all(s.fact != Fact("place:r", "A") for s in steps)
    assert check_chain(problem, SatOracle(problem.cnf), steps, Fact("place:p", "B"), known) == []


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_minimal_and_backbone_agree_with_brute_force(backend: Backend) -> None:
    """The one minimisation and the one backbone, on either back end of the oracle
    interface, against brute force."""
    m, groups = toy()
    problem = problem_from_model(m)
    oracle = problem.oracle(backend)
    on = [*problem.lines.values(), *problem.rules.values()]
    forced = {problem.fact_of(x) for x in backbone(oracle, on, problem.vocabulary)}
    every = [Fact(f"place:{p}", c, h) for p in PLACES for c in CARDS for h in (True, False)]
    assert forced == {f for f in every if entails(groups, list(groups), [], f)}
    target = Fact("place:r", "A")
    kept = minimal(oracle, [*problem.rules.values(), -problem.literal(target)], list(problem.lines.values()))
    names = [g for g, x in problem.lines.items() if x in kept]
    assert entails(groups, [*names, "distinct"], [], target)
    for g in names:
        assert not entails(groups, [x for x in names if x != g] + ["distinct"], [], target)


def test_the_back_ends_agree_on_cores_and_backbones() -> None:
    """python-sat on the clauses and CP-SAT on the model: each core is unsatisfiable on the
    other back end, and every projection (possible) and backbone is the same."""
    m, _ = toy()
    problem = problem_from_model(m)
    sat, cpsat = problem.oracle("sat"), problem.oracle("cpsat")
    lines, rules = list(problem.lines.values()), list(problem.rules.values())
    for fact in [Fact(f"place:{p}", c, h) for p in PLACES for c in CARDS for h in (True, False)]:
        fixed = [*rules, -problem.literal(fact)]
        if sat.solve([*fixed, *lines]):
            assert cpsat.solve([*fixed, *lines]), fact
            continue
        for one, other in ((sat, cpsat), (cpsat, sat)):
            kept = minimal(one, fixed, lines)
            assert not other.solve([*fixed, *kept]), fact
            assert all(other.solve([*fixed, *(x for x in kept if x != y)]) for y in kept), fact
    for k in range(len(lines) + 1):
        on = [*rules, *lines[:k]]
        assert backbone(sat, on, problem.vocabulary) == backbone(cpsat, on, problem.vocabulary)
        assert possible(sat, on, problem.vocabulary) == possible(cpsat, on, problem.vocabulary)


def test_prune_keeps_what_the_target_needs() -> None:
    a, b, c, t = (Fact("x", v) for v in "abct")
    chain = [Step(a, ("o1",), (), (), 0), Step(b, ("o2",), (), (), 0),
             Step(c, (), (a,), (), 0), Step(t, (), (c,), (), 0)]
    assert [s.fact for s in needed_steps(chain, t)] == [a, c, t]


def test_a_broken_step_is_reported() -> None:
    m, _ = toy()
    problem = problem_from_model(m, {"distinct": 2})
    oracle = SatOracle(problem.cnf)
    wrong = Step(Fact("place:r", "A"), ("o1",), (), ("distinct",), 2)  # o1 alone is not enough
    padded = Step(Fact("place:s", "D"), ("o4", "o1"), (), (), 0)  # o1 is not needed
    assert check_chain(problem, oracle, [wrong], wrong.fact)[0].endswith("do not entail it")
    assert "could drop line o1" in check_chain(problem, oracle, [padded], padded.fact)[0]


# -- saying a step: groups of premises listed under a long sentence ----------------------------
def test_fit_names_the_fewest_groups_and_lists_their_items() -> None:
    """Few short premises are said as they are; too many, or too long a sentence, name
    the fewest groups (in the order given), each listed under the sentence; a group of
    one item is named only when nothing else fits."""
    from suiri.solver.stepwise import ITEM, MAX_CHARS, MAX_PREMISES, Group, fit, step_numbers

    def compose(head: list[list[str]]) -> str:
        *premises, facts = head
        return "; ".join(x for part in premises for x in part) + ", so " + "; ".join(facts)

    def groups(lines: int, facts: int, width: int = 10) -> list[Group]:
        return [Group([f"line {i} " + "x" * width for i in range(lines)], lambda n: f"the {n} lines below"),
                Group([f"fact {i} " + "y" * width for i in range(facts)], lambda n: f"the {n} facts below"),
                Group(["the target"], lambda n: "the fact below", premises=False)]

    short = fit(compose, groups(2, 2))
    assert short.premises == 4 and "\n" not in short.text
    many = fit(compose, groups(2, 6))  # eight premises: the facts are named, the lines stay
    assert many.premises == 3 and many.sentence.startswith("line 0") and "the 6 facts below" in many.sentence
    assert many.text.count(ITEM) == 6
    long = fit(compose, groups(3, 1, width=120))  # three long lines: named, though few
    assert "the 3 lines below" in long.sentence and len(long.sentence) <= MAX_CHARS
    rng = random.Random(19)
    for _ in range(200):
        said = fit(compose, groups(rng.randint(0, 12), rng.randint(0, 12), rng.randint(1, 90)))
        assert said.premises <= MAX_PREMISES and len(said.sentence) <= MAX_CHARS
    assert step_numbers([2, 3, 4, 6, 7, 8, 11], "en") == "2–4, 6–8 and 11"
    assert step_numbers([1, 2], "ja") == "1、2" and step_numbers([5], "en") == "5"
