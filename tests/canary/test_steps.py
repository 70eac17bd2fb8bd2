"""Canary step-wise explanations (``models/canary/steps.py``): every certain fact gets a
chain, and every step of every chain checks out (its premises entail its fact; dropping
any premise breaks that) by two independent means: CP-SAT on the game's own model (not
the exported clauses the explainer ran on), and brute force over every world of reduced
boards and decks (``test_counter_bruteforce.py``'s enumeration and world filter).  The
simulated records' chains are the conformance suite's (``tests/conformance/test_chains.py``)."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from sibling import load_sibling

from suiri.models import open_session
from suiri.models.canary.rules import Variant, replay
from suiri.models.canary.session import CanarySession
from suiri.models.canary.steps import CanarySteps
from suiri.solver.backends import CpSatOracle
from suiri.solver.chain import check_chain
from suiri.solver.facts import Fact
from suiri.solver.problem import Step

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from chains import ModelChecker, chain_problems, explained, run_folder  # noqa: E402


@cache  # one module per process, so its layouts are listed once
def brute_module() -> ModuleType:
    return load_sibling(__file__, "test_counter_bruteforce.py", "canary_brute")


@pytest.mark.slow  # ~2 s (the conformance chains stay in the loop): make test only: the edit loop (make test-fast) stays under 90 s
def test_reference_record_every_certain_fact_has_a_checked_chain(tmp_path_factory: pytest.TempPathFactory,
                                                                 request: pytest.FixtureRequest) -> None:
    g, session = open_session("models/canary/records/canary-3p.toml")
    cs = CanarySteps(session)
    assert len(cs.certain_facts()) == 14
    chains = explained(cs, g.write(session.record), run_folder(tmp_path_factory, request.config))  # as the sentence test's
    assert chain_problems(cs, chains) == []


def test_reference_record_d7_is_argued_in_steps() -> None:
    """goal!=d7 is not one leap: what bea's clue is not comes first (from her answer
    and her reveal), and the last step cites it."""
    _, session = open_session("models/canary/records/canary-3p.toml")
    cs = CanarySteps(session)
    steps = cs.explain(Fact("goal", "d7", False))
    assert len(steps) >= 3
    assert steps[-1].fact == Fact("goal", "d7", False)
    assert {f.subject for f in steps[-1].facts} >= {"clue:bea"}
    assert "so d7 is not the goal" in cs.sentence(steps[-1], "en")


@pytest.mark.slow  # a chain on CP-SAT, ~3 s: make test only: the edit loop (make test-fast) stays under 90 s
def test_cpsat_oracle_builds_the_same_kind_of_chain() -> None:
    _, session = open_session("models/canary/records/canary-3p.toml")
    cs = CanarySteps(session, oracle="cpsat")
    fact = Fact("goal", "d7", False)
    assert check_chain(cs.problem, CpSatOracle(cs.problem.cp), cs.explain(fact), fact) == []


# -- brute force on reduced instances -----------------------------------------------------
def fact_mask(fact: Fact, variant: Variant, clues: dict[str, str], fake: str | None,
              layouts: np.ndarray, board_names: dict[str, int]) -> np.ndarray:
    """Which layouts (under this deal) make ``fact`` true."""
    kinds = variant.deck.kinds
    subject, _, arg = fact.subject.partition(":")
    if subject == "clue":
        yes = np.full(len(layouts), clues[arg] == fact.value)
    elif subject == "fake":
        yes = np.full(len(layouts), fake == fact.value)
    elif subject == "goal":
        genuine = {a for p, a in clues.items() if p != fake}
        fits = np.array([genuine <= k.attrs for k in kinds])
        yes = fits[layouts[:, board_names[fact.value]]]
    elif subject == "square":
        idx = next(i for i, k in enumerate(kinds) if k.id == fact.value)
        yes = layouts[:, board_names[arg]] == idx
    elif subject == "carries":
        has = np.array([fact.value in k.attrs for k in kinds])
        yes = has[layouts[:, board_names[arg]]]
    else:  # pragma: no cover
        raise AssertionError(fact)
    return yes if fact.holds else ~yes


def brute_entails(brute: ModuleType, variant: Variant, players: tuple[str, ...], observations: list,
                  facts: list[Fact], conclusion: Fact, names: dict[str, int]) -> bool:
    layouts = brute.all_layouts(variant.deck, variant.board.size)
    for clues, fake in brute.clue_deals(variant, players):
        mask = brute.world_filter(variant, players, clues, fake, observations, layouts)
        if mask is None:
            continue
        for f in facts:
            mask = mask & fact_mask(f, variant, clues, fake, layouts, names)
        if (mask & ~fact_mask(conclusion, variant, clues, fake, layouts, names)).any():
            return False
    return True


def brute_check(brute: ModuleType, variant: Variant, players: tuple[str, ...], by_id: dict, step: Step,
                names: dict[str, int]) -> list[str]:
    obs = [by_id[g] for g in step.lines]
    out = []
    if not brute_entails(brute, variant, players, obs, list(step.facts), step.fact, names):
        out.append(f"{step}: does not follow")
    for i in range(len(obs)):
        if brute_entails(brute, variant, players, obs[:i] + obs[i + 1:], list(step.facts), step.fact, names):
            out.append(f"{step}: line {step.lines[i]} not needed")
    for f in step.facts:
        if brute_entails(brute, variant, players, obs, [x for x in step.facts if x != f], step.fact, names):
            out.append(f"{step}: fact {f} not needed")
    return out


REDUCED = [0, 5, 6, 7, 9, 11, 12, 13]  # indices into test_counter_bruteforce.SPECS (small layouts)


@pytest.mark.sweep
@pytest.mark.parametrize("spec_index", REDUCED)
@pytest.mark.parametrize("seed", [3, 20, 37])
def test_steps_check_out_by_brute_force_on_reduced_games(spec_index: int, seed: int) -> None:
    brute = brute_module()
    spec = brute.SPECS[spec_index]
    variant, game, record = brute.simulated_record(spec, seed)
    session = CanarySession(record)
    cs = CanarySteps(session)
    observations = replay(record).observations
    by_id = {o.id: o for o in observations}
    names = {variant.board.name(sq): sq for sq in variant.board.squares}
    problems = []
    for fact in cs.certain_facts():
        steps = cs.explain(fact)
        assert steps and steps[-1].fact == fact
        for step in steps:
            problems += brute_check(brute, variant, game.players, by_id, step, names)
    assert problems == []


def test_hint_walk_derives_every_certain_fact() -> None:
    """Following the hints one whole step at a time (level 4) derives every certain
    fact the analysis reports, each step checking out on the way."""
    _, session = open_session("models/canary/records/canary-3p.toml")
    cs = CanarySteps(session)
    targets = cs.certain_facts()
    checker = ModelChecker(cs.problem)
    known: list[Fact] = []
    for _ in range(5 * len(targets)):
        hint = cs.explainer.next_step(targets, known)
        if hint is None:
            break
        _, step = hint
        assert all(f in known for f in step.facts)
        assert check_chain(cs.problem, checker, [step], step.fact, known) == []
        known.append(step.fact)
    assert set(targets) <= set(known)
