"""Memory Detective step-wise explanations (``models/detective/steps.py``): every certain
fact of the reference record gets a chain, and every step checks out (entailment and
minimality) with CP-SAT on the game's own model, which the explainer's exported
clauses do not share a solver with (``tests/conformance/chains.py``).  The simulated
records' chains are the conformance suite's (``tests/conformance/test_chains.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

from suiri.models import game, open_session
from suiri.models.detective.steps import DetectiveSteps
from suiri.solver.facts import Fact

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from chains import chain_problems  # noqa: E402


def test_reference_record_chains_check_out() -> None:
    _, session = open_session("models/detective/records/detective-3p.toml")
    steps = DetectiveSteps(session)
    assert len(steps.certain_facts()) == 6
    assert chain_problems(steps) == []


def test_a_case_file_target_keeps_its_name() -> None:
    """``case:suspect=s8`` and "s8 is in the case file" are one literal: the chain
    still ends with the fact as asked."""
    g = game("detective")
    for seed in range(12):
        players = (3, 4, 5)[seed % 3]
        state = g.new_state(players, seed, "base")
        steps = DetectiveSteps(g.open(g.simulate(players, seed, 60, state.players[seed % players])))
        case = [f for f in steps.certain_facts() if f.subject.startswith("case:")]
        if case:
            chain = steps.explain(case[0])
            assert chain[-1].fact == case[0]
            return
    raise AssertionError("no simulated record proves a case-file card")  # pragma: no cover


def test_a_hand_counted_is_one_premise() -> None:
    """Cards placed with one holder are one premise unit (a hand counted)."""
    from suiri.models.detective.steps import unit_key

    assert unit_key(Fact("holder:s1", "bea")) == unit_key(Fact("holder:w2", "bea"))
    assert unit_key(Fact("holder:s1", "bea", False)) == unit_key(Fact("holder:s1", "cid", False))
