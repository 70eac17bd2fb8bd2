"""The Werewolf hint walk (issue 12): take each hint's fact as known and ask again.  On
the reference record and on simulated records whose old hints cited five to eight record
lines, the walk derives every certain fact, every hint step checks out on the CP-SAT model
(``chains.ModelChecker``: entailment, minimality) and cites at most ``MAX_LINES`` record lines: the history
vocabulary (``steps.history``: the cards dealt, drawn and kept) lets the explainer cut
a count over a whole game into steps of one or two lines each."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from suiri.models import game, open_session
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.steps import WerewolfSteps
from suiri.solver.backends import SatOracle
from suiri.solver.chain import StepExplainer, check_step, entailment
from suiri.solver.facts import Fact
from suiri.solver.problem import Step

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from chains import ModelChecker  # noqa: E402

MAX_LINES = 3  # the "two or three record lines"; the walks below need at most 2
# Simulated records whose hints cited 5, 7, 7 and 8 lines without the history; the long
# walks (60-90 hints, 10-30 s) run with --full.
SEEDS = (4, pytest.param(7, marks=pytest.mark.slow), pytest.param(9, marks=pytest.mark.slow),
         pytest.param(15, marks=pytest.mark.slow))


def simulated(seed: int) -> WerewolfSession:
    g = game("werewolf")
    players = (3, 4)[seed % 2]
    state = g.new_state(players, seed, "base")
    session = g.open(g.simulate(players, seed, 60, state.players[seed % players], "base"))
    assert isinstance(session, WerewolfSession)
    return session


def walk(steps: WerewolfSteps) -> list[Step]:
    """The hints one after another, each asked as a new command would ask it (a fresh
    solver on the record's problem), each hint's fact then known."""
    certain = steps.certain_facts()
    known: list[Fact] = []
    out: list[Step] = []
    while (hint := StepExplainer(steps.problem, SatOracle(steps.problem.cnf)).next_step(certain, known)) is not None:
        out.append(hint[1])
        known += hint[1].conclusions  # a step said for several facts gives them all
        assert len(out) <= 200, "the walk does not end"
    return out


def problems(steps: WerewolfSteps) -> list[str]:
    checker = ModelChecker(steps.problem)  # answers as CP-SAT on the game's model would (chains.py)
    hints = walk(steps)
    checker.settle(entailment(steps.problem, h) for h in hints)  # every hint's entailment: one CP-SAT question
    derived = {f for h in hints for f in h.conclusions}
    out = [f"never derived: {f}" for f in steps.certain_facts() if f not in derived]
    have: set[Fact] = set()
    for i, h in enumerate(hints, 1):
        if len(h.lines) > MAX_LINES:
            out.append(f"hint {i} ({h.fact}) cites {len(h.lines)} lines: {h.lines}")
        if not set(h.facts) <= have:
            out.append(f"hint {i} ({h.fact}) cites facts not known yet: {set(h.facts) - have}")
        check = check_step(steps.problem, checker, h)
        if not check.ok:
            out.append(f"hint {i} ({h.fact}): entails {check.entails}, could drop {check.unneeded}")
        have.update(h.conclusions)
    return out


@pytest.mark.slow  # the edit-test loop walks the reference through the CLI (tests/cli/test_explain_steps.py)
def test_reference_record_hint_walk() -> None:
    _, session = open_session("models/werewolf/records/werewolf-4p.toml")
    assert isinstance(session, WerewolfSession)
    steps = WerewolfSteps(session)
    assert problems(steps) == []


@pytest.mark.parametrize("seed", SEEDS)
def test_simulated_record_hint_walk(seed: int) -> None:
    assert problems(WerewolfSteps(simulated(seed))) == []
