"""Werewolf step-wise explanations (``models/werewolf/steps.py``): every certain fact of
the reference record and of simulated records gets a chain, and every step checks out
(entailment and minimality) with CP-SAT on the game's own model."""

from __future__ import annotations

import pytest

from suiri.models import game, open_session
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.steps import WerewolfSteps
from suiri.solver.backends import CpSatOracle
from suiri.solver.chain import check_chain
from suiri.solver.facts import Fact


def chains_check(steps: WerewolfSteps) -> list[str]:
    checker = CpSatOracle(steps.problem.cp)
    out = []
    for fact in steps.certain_facts():
        out += [f"{fact}: {p}" for p in check_chain(steps.problem, checker, steps.explain(fact), fact)]
    return out


def reference() -> WerewolfSession:
    _, session = open_session("models/werewolf/records/werewolf-4p.toml")
    assert isinstance(session, WerewolfSession)
    return session


def test_reference_record_chains_check_out() -> None:
    steps = WerewolfSteps(reference())
    assert steps.certain_facts() == [Fact("werewolf", "dan"), Fact("ruins", "attack-2")]
    assert chains_check(steps) == []


def test_werewolf_dan_is_argued_through_dans_hand() -> None:
    """The last step cites what dan's hand cannot be, derived in earlier steps."""
    chain = WerewolfSteps(reference()).explain(Fact("werewolf", "dan"))
    assert len(chain) >= 2 and chain[-1].fact == Fact("werewolf", "dan")
    assert any(f.subject == "hand:dan" for f in chain[-1].facts)


def test_reference_record_steps_cite_one_or_two_lines() -> None:
    """With the cards of the past in the vocabulary (dealt, drawn, kept), no step of the
    reference record's chains cites more than two record lines (before them: five for
    "dan is the Werewolf", nine for the ruins' card), and the argument runs through
    dan's past cards.  Each fact is asked of a fresh explainer, as one command would."""
    for text in ("werewolf=dan", "ruins=attack-2"):
        chain = WerewolfSteps(reference()).explain(Fact.parse(text))
        assert max(len(step.lines) for step in chain) <= 2, (text, [s.lines for s in chain])
        assert any(f.subject.startswith(("dealt:dan", "drew:", "after:")) for s in chain for f in s.facts), text


@pytest.mark.sweep  # one case per record, so xdist spreads the 30 (make test-fast: a tenth)
@pytest.mark.parametrize("seed", range(30))
def test_simulated_records_chains_check_out(seed: int) -> None:
    g = game("werewolf")
    players = (3, 4)[seed % 2]
    state = g.new_state(players, seed, "base")
    steps = WerewolfSteps(g.open(g.simulate(players, seed, 60, state.players[seed % players], "base")))
    assert chains_check(steps) == [], seed
