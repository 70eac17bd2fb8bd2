"""The game-agnostic engine on a toy model: possible, certain, explain, conflict, on
either back end (python-sat on the clauses, CP-SAT on the model), against brute force."""

from __future__ import annotations

import itertools

import pytest

from suiri.solver.chain import StepExplainer
from suiri.solver.errors import Source
from suiri.solver.facts import Fact
from suiri.solver.model import Model
from suiri.solver.oracle import Backend
from suiri.solver.problem import problem_from_model
from suiri.solver.queries import Engine

BACKENDS = ["sat", "cpsat"]


def toy() -> tuple[Model, dict[str, object]]:
    """x, y, z in {0,1,2} as one-hot subjects; observations: o1 x!=0, o2 x!=1,
    o3 y==x (under rule 'copy'), o4 z!=y, o5 x!=1 again (redundant)."""
    m = Model()
    lits: dict[str, object] = {}
    for name in "xyz":
        vals = {str(v): m.new_bool(f"{name}{v}") for v in range(3)}
        m.cp.add_exactly_one(vals.values())
        m.declare_subject(name, vals)
        lits[name] = vals
    x, y, z = (m.subjects[n].values for n in "xyz")
    o1 = m.observation("o1", Source("toy", 1))
    m.cp.add_bool_and([~x["0"]]).only_enforce_if(o1)
    o2 = m.observation("o2", Source("toy", 2))
    m.cp.add_bool_and([~x["1"]]).only_enforce_if(o2)
    rule = m.rule("copy")
    o3 = m.observation("o3", Source("toy", 3))
    for v in "012":
        m.cp.add_implication(x[v], y[v]).only_enforce_if([o3, rule])
    o4 = m.observation("o4", Source("toy", 4))
    for v in "012":
        m.cp.add_bool_or([~y[v], ~z[v]]).only_enforce_if(o4)
    o5 = m.observation("o5", Source("toy", 5))
    m.cp.add_bool_and([~x["1"]]).only_enforce_if(o5)
    return m, lits


def brute(observations: set[str]) -> list[dict[str, str]]:
    """Naive enumeration of the toy semantics."""
    worlds = []
    for x, y, z in itertools.product("012", repeat=3):
        ok = True
        if "o1" in observations and x == "0":
            ok = False
        if ("o2" in observations or "o5" in observations) and x == "1":
            ok = False
        if "o3" in observations and y != x:
            ok = False
        if "o4" in observations and z == y:
            ok = False
        if ok:
            worlds.append({"x": x, "y": y, "z": z})
    return worlds


@pytest.mark.parametrize("backend", BACKENDS)
def test_possible_values_match_brute_force(backend: Backend) -> None:
    m, _ = toy()
    e = Engine(m, backend)
    obs = ["o1", "o2", "o3", "o4", "o5"]
    for k in range(len(obs) + 1):
        for subset in itertools.combinations(obs, k):
            got = e.possible_values(["x", "y", "z"], observations=list(subset))
            worlds = brute(set(subset))
            want = {s: sorted({w[s] for w in worlds}) for s in "xyz"}
            assert {s: sorted(v) for s, v in got.items()} == want, subset


@pytest.mark.parametrize("backend", BACKENDS)
def test_certain_facts_and_explanations_are_minimal(backend: Backend) -> None:
    m, _ = toy()
    e = Engine(m, backend)
    facts = e.certain_facts(["x", "y", "z"])
    assert Fact("x", "2") in facts and Fact("y", "2") in facts and Fact("z", "2", False) in facts
    worlds = brute({"o1", "o2", "o3", "o4", "o5"})
    assert set(facts) == {Fact(s, v, holds) for s in "xyz" for v in "012" for holds in (True, False)
                          if all((w[s] == v) == holds for w in worlds)}  # every certain fact, and no other
    problem = problem_from_model(m)
    explainer = StepExplainer(problem, problem.oracle(backend))
    observations = explainer.focus(Fact("y", "2"))
    chain = explainer.explain(Fact("y", "2"), lines=observations)
    assert set(observations) in ({"o1", "o2", "o3"}, {"o1", "o5", "o3"})
    assert tuple(dict.fromkeys(r for s in chain for r in s.rules)) == ("copy",)
    for dropped in observations:
        rest = [o for o in observations if o != dropped]
        assert not e.is_certain(Fact("y", "2"), observations=rest)


@pytest.mark.parametrize("backend", BACKENDS)
def test_conflict_is_a_minimal_unsatisfiable_subset(backend: Backend) -> None:
    m, lits = toy()
    x = m.subjects["x"].values
    o6 = m.observation("o6", Source("toy", 6))
    m.cp.add_bool_and([~x["2"]]).only_enforce_if(o6)
    e = Engine(m, backend)
    assert not e.consistent()
    core = e.conflict()
    assert "o6" in core and "o1" in core and len(core) == 3
    for dropped in core:
        assert e.consistent([o for o in core if o != dropped])


@pytest.mark.parametrize("backend", BACKENDS)
def test_counterexample_and_bad_fact(backend: Backend) -> None:
    m, _ = toy()
    e = Engine(m, backend)
    world = e.counterexample(Fact("z", "0"))
    assert world is not None and not world.value(m.subjects["z"].values["0"])
    assert e.counterexample(Fact("x", "2")) is None
    from suiri.solver.errors import FactError

    with pytest.raises(FactError):
        m.fact_literal(Fact("w", "1"))
    with pytest.raises(FactError):
        m.fact_literal(Fact("x", "7"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_determined_and_rules_alone(backend: Backend) -> None:
    """``determined`` names a subject's value only when every world agrees; a fact the
    rules force alone is one step citing no line, with the rules it needs."""
    m, _ = toy()
    e = Engine(m, backend)
    for k in range(6):
        for subset in itertools.combinations(["o1", "o2", "o3", "o4", "o5"], k):
            worlds = brute(set(subset))
            want = {s: worlds[0][s] if len({w[s] for w in worlds}) == 1 else None for s in "xyz"}
            assert e.determined(["x", "y", "z"], observations=list(subset)) == want, subset
    rule = m.rule("one-z")
    m.cp.add_bool_and([~m.subjects["z"].values["1"]]).only_enforce_if(rule)
    problem = problem_from_model(m)
    explainer = StepExplainer(problem, problem.oracle(backend))
    assert explainer.focus(Fact("z", "1", False)) == []
    step = explainer.by_rules(Fact("z", "1", False))
    assert (step.lines, step.facts, step.rules) == ((), (), ("one-z",))


@pytest.mark.parametrize("text,subject,value,holds", [
    ("clue:ben!=high", "clue:ben", "high", False),
    ("goal = c4", "goal", "c4", True),
    ("square:a2=high+dark", "square:a2", "high+dark", True),
])
def test_fact_parse(text: str, subject: str, value: str, holds: bool) -> None:
    f = Fact.parse(text)
    assert (f.subject, f.value, f.holds) == (subject, value, holds)
    assert Fact.parse(str(f)) == f


@pytest.mark.parametrize("text", ["clue:ben", "=x", "goal="])
def test_fact_parse_errors(text: str) -> None:
    from suiri.solver.errors import FactError

    with pytest.raises(FactError):
        Fact.parse(text)
