"""Werewolf step-wise explanations (``models/werewolf/steps.py``): every certain fact of
the reference record and of simulated records gets a chain, and every step checks out
(entailment and minimality) with CP-SAT on the game's own model."""

from __future__ import annotations

from suiri.models import game, open_session
from suiri.models.werewolf.steps import WerewolfSteps
from suiri.solver.facts import Fact
from suiri.solver.stepwise import CpSatOracle, check_chain


def chains_check(steps: WerewolfSteps) -> list[str]:
    checker = CpSatOracle(steps.problem.cp)
    out = []
    for fact in steps.certain_facts():
        out += [f"{fact}: {p}" for p in check_chain(steps.problem, checker, steps.explain(fact), fact)]
    return out


def test_reference_record_chains_check_out() -> None:
    _, session = open_session("models/werewolf/records/werewolf-4p.toml")
    steps = WerewolfSteps(session)
    assert steps.certain_facts() == [Fact("werewolf", "dan"), Fact("ruins", "attack-2")]
    assert chains_check(steps) == []


def test_werewolf_dan_is_argued_through_dans_hand() -> None:
    """The last step cites what dan's hand cannot be, derived in earlier steps."""
    _, session = open_session("models/werewolf/records/werewolf-4p.toml")
    chain = WerewolfSteps(session).explain(Fact("werewolf", "dan"))
    assert len(chain) >= 2 and chain[-1].fact == Fact("werewolf", "dan")
    assert any(f.subject == "hand:dan" for f in chain[-1].facts)


def test_simulated_records_chains_check_out(sweep) -> None:  # type: ignore[no-untyped-def]
    g = game("werewolf")
    for seed in sweep(range(30)):
        players = (3, 4)[seed % 2]
        state = g.new_state(players, seed, "base")
        steps = WerewolfSteps(g.open(g.simulate(players, seed, 60, state.players[seed % players])))
        assert chains_check(steps) == [], seed
