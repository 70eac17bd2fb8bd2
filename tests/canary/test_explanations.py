"""Explanations are minimal, judged by the exact counter (not by CP-SAT itself).

For certain facts found by ``Engine.certain_facts`` (clue and fake subjects) and
certain ``goal!=SQ`` facts, the step-wise engine's focus (``StepExplainer.focus``: the
record lines a proof's chain cites) is a set of observations.  With
exactly those observations the counter must give the fact probability 1 (probability
0 for the value a ``!=`` fact excludes); dropping any one of them must leave the
fact uncertain for the counter.  Records: the reference ``canary-3p.toml`` and 21
simulated standard games (2, 3 and 4 players).
"""

from __future__ import annotations

import random
from fractions import Fraction
from importlib.resources import files

import pytest

from suiri.models.canary import counter, encoder, simulator
from suiri.models.canary import record as canary_record
from suiri.models.canary.rules import Variant, replay
from suiri.solver.chain import StepExplainer
from suiri.solver.facts import Fact
from suiri.solver.problem import problem_from_model
from suiri.solver.queries import Engine
from suiri.solver.search import minimal

REFERENCE = files("suiri.models.canary") / "records" / "canary-3p.toml"
FACTS_PER_RECORD = 5
GOAL_FACTS_PER_RECORD = 2


def fact_probability(variant, players, observations, fact: Fact) -> Fraction:
    """Probability, per the counter, that ``subject = value`` (the positive form)."""
    goals = fact.subject == "goal"
    t = counter.count(variant, players, observations, goals=goals)
    if fact.subject.startswith("clue:"):
        return t.clue_marginals(fact.subject.split(":", 1)[1])[fact.value]
    if fact.subject == "fake":
        return t.fake_marginals()[fact.value]
    if goals:
        return t.goal_marginals()[variant.board.parse(fact.value)]
    raise AssertionError(f"no counter for {fact}")


def certain_for_counter(variant, players, observations, fact: Fact) -> bool:
    p = fact_probability(variant, players, observations, fact)
    return p == (1 if fact.holds else 0)


def check_explanation(variant, players, observations, engine: Engine, fact: Fact) -> tuple[str, ...]:
    by_id = {o.id: o for o in observations}
    assert certain_for_counter(variant, players, observations, fact), f"{fact} is not certain for the counter"
    problem = problem_from_model(engine.model)
    explainer = StepExplainer(problem)
    chosen = explainer.focus(fact)
    fixed = [*(problem.lines[g] for g in chosen), -problem.literal(fact)]
    kept = set(minimal(explainer.oracle, fixed, list(problem.rules.values())))
    needed = [r for r, x in problem.rules.items() if x in kept]  # the rules the lines need
    assert len(set(chosen)) == len(chosen) and set(chosen) <= set(by_id)
    # sufficient: with only the chosen observations the fact holds in every world
    assert certain_for_counter(variant, players, [by_id[i] for i in chosen], fact), (fact, chosen)
    # minimal: without any one of them some world breaks the fact
    for drop in chosen:
        rest = [by_id[i] for i in chosen if i != drop]
        assert not certain_for_counter(variant, players, rest, fact), (fact, chosen, drop)
        assert not engine.is_certain(fact, observations=[o.id for o in rest]), (fact, chosen, drop)
    # the engine agrees with itself on the rules it names: enough, and each needed
    assert engine.world([fact.negate()], observations=chosen, rules=needed) is None
    for drop in needed:
        rules = [r for r in needed if r != drop]
        assert engine.world([fact.negate()], observations=chosen, rules=rules) is not None, (fact, drop)
    return tuple(chosen)


def pick_facts(variant, players, observations, engine: Engine, rng: random.Random) -> list[Fact]:
    subjects = [f"clue:{p}" for p in players] + (["fake"] if variant.fake else [])
    certain = engine.certain_facts(subjects)
    # prefer the interesting ones: positive facts and facts about other players
    positive = [f for f in certain if f.holds]
    facts = rng.sample(positive, min(2, len(positive)))
    others = [f for f in certain if f not in facts]
    facts += rng.sample(others, min(FACTS_PER_RECORD - len(facts), len(others)))
    # goal!=SQ: squares the counter rules out, confirmed certain by the engine
    t = counter.count(variant, players, observations)
    board = variant.board
    zero = [board.name(sq) for sq, x in enumerate(t.goal_marginals()) if x == 0]
    for name in rng.sample(zero, min(GOAL_FACTS_PER_RECORD, len(zero))):
        fact = Fact("goal", name, False)
        assert engine.is_certain(fact)
        facts.append(fact)
    return facts


def test_reference_record():
    rec = canary_record.load(str(REFERENCE))
    observations = replay(rec).observations
    variant, players = rec.variant, rec.players
    engine = Engine(encoder.encode(variant, players, observations).model)
    t = counter.count(variant, players, observations)

    # certain facts of the engine are exactly the counter's 0/1 marginals
    certain = set(engine.certain_facts([f"clue:{p}" for p in players] + ["goal"]))
    expected = set()
    for p in players:
        for a, x in t.clue_marginals(p).items():
            if x in (0, 1):
                expected.add(Fact(f"clue:{p}", a, x == 1))
    for sq, x in enumerate(t.goal_marginals()):
        if x in (0, 1):
            expected.add(Fact("goal", variant.board.name(sq), x == 1))
    assert certain == expected
    assert Fact("clue:aki", "ancient") in certain

    sizes = []
    for fact in sorted(certain):
        sizes.append(len(check_explanation(variant, players, observations, engine, fact)))
    assert max(sizes) >= 2  # some explanation combines several lines of the record


def simulated_cases():
    out = []
    for i in range(21):
        players = (2, 3, 4)[i % 3]
        out.append(pytest.param(players, 7000 + 101 * i, id=f"{players}p-{7000 + 101 * i}"))
    return out


@pytest.mark.sweep  # a tenth by default, all with --full (tests/conftest.py)
@pytest.mark.parametrize("players,seed", simulated_cases())
def test_simulated_explanations_are_minimal(players, seed):
    variant = Variant.for_players(players)
    game = simulator.simulate(variant, seed, max_turns=40)
    rng = random.Random(seed)
    viewer = rng.choice([*game.players, None])
    cut = rng.randint(len(game.state.turns) // 2, len(game.state.turns))
    rec = simulator.forget(game.record(viewer, cut), 0.2, rng)
    observations = replay(rec).observations
    engine = Engine(encoder.encode(variant, game.players, observations).model)
    facts = pick_facts(variant, game.players, observations, engine, rng)
    assert facts, "no certain fact to explain"
    for fact in facts:
        check_explanation(variant, game.players, observations, engine, fact)
