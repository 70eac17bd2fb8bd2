"""Werewolf step-wise explanations (``models/werewolf/steps.py``): every certain fact of
the reference record gets a chain, and every step checks out (entailment and
minimality) with CP-SAT on the game's own model (``tests/conformance/chains.py``).  The
simulated records' chains are the conformance suite's (``tests/conformance/test_chains.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from suiri.models import game, open_session
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.steps import WerewolfSteps
from suiri.solver.facts import Fact

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from chains import chain_problems, explained, run_folder  # noqa: E402


def reference() -> WerewolfSession:
    _, session = open_session("models/werewolf/records/werewolf-4p.toml")
    assert isinstance(session, WerewolfSession)
    return session


@pytest.mark.slow  # ~2 s (the conformance chains stay in the loop): make test only: the edit loop (make test-fast) stays under 90 s
def test_reference_record_chains_check_out(tmp_path_factory: pytest.TempPathFactory,
                                           request: pytest.FixtureRequest) -> None:
    session = reference()
    steps = WerewolfSteps(session)
    assert steps.certain_facts() == [Fact("werewolf", "dan"), Fact("ruins", "attack-2")]
    chains = explained(steps, game("werewolf").write(session.record), run_folder(tmp_path_factory, request.config))
    assert chain_problems(steps, chains) == []


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
