"""Werewolf explanations are minimal and agree with the exact counter.

For every certain fact ``analyze`` lists (and a few chosen ``!=`` facts) on the
reference record and on simulated records, ``explain`` must answer "certain" with a
set of record lines such that the model with exactly those lines (and the cited
rules) proves the fact, and without any one of them does not.  The counter must give
the fact probability 1 (the explanation is of a true certainty, not a solver quirk);
an open fact gives a counterexample history where it fails.
"""

from __future__ import annotations

from importlib.resources import files

import pytest

from suiri.models.werewolf.game import GAME
from suiri.models.werewolf.reasoning import WerewolfReasoner
from suiri.models.werewolf.record import WerewolfRecord, loads, to_toml
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.text import Text
from suiri.solver.facts import Fact
from suiri.solver.probability import fact_probability
from suiri.solver.reasoning import Proof, explain
from suiri.solver.search import minimal


def reasoner(record: WerewolfRecord) -> WerewolfReasoner:
    return WerewolfReasoner(WerewolfSession(record))


def reference() -> WerewolfReasoner:
    text = (files("suiri.models.werewolf") / "records" / "werewolf-4p.toml").read_text(encoding="utf-8")
    return reasoner(loads(text, "werewolf-4p.toml"))


def proof_of(session: WerewolfReasoner, fact: Fact, lines_only: bool = False) -> Proof:
    return explain(session, fact, GAME.steps(session.session), lines_only=lines_only)


def needed_rules(session: WerewolfReasoner, proof: Proof) -> list[str]:
    """A minimal set of rules the lines a proof's chain cites need for its conclusion."""
    steps = GAME.steps(session.session)
    p = steps.problem
    fixed = [*(p.lines[g] for g in proof.chain_lines), -p.literal(proof.chain[-1].fact)]
    kept = set(minimal(steps.explainer.oracle, fixed, list(p.rules.values())))
    return [r for r, x in p.rules.items() if x in kept]


def assert_minimal(session: WerewolfReasoner, fact: Fact) -> None:
    proof = proof_of(session, fact)
    assert proof.status == "certain"
    assert fact_probability(session, fact) == 1
    assert proof.chain and proof.chain[-1].fact == fact
    cited = proof.chain_lines
    engine = session.engine
    rules = needed_rules(session, proof)
    assert engine.world([fact.negate()], observations=cited, rules=rules) is None
    for o in cited:
        rest = [x for x in cited if x != o]
        assert engine.world([fact.negate()], observations=rest, rules=rules) is not None, o
    for r in rules:
        fewer = [x for x in rules if x != r]
        assert engine.world([fact.negate()], observations=cited, rules=fewer) is not None, r


def test_reference_certain_facts_minimal() -> None:
    s = reference()
    facts = s.certain_facts()
    assert Fact("werewolf", "dan") in facts
    for fact in facts:
        assert_minimal(s, fact)


@pytest.mark.sweep  # the lines a proof cites; its steps are checked in test_steps.py
@pytest.mark.parametrize("text", ["hand:dan!=seer", "werewolf!=aki", "lost-legacy!=ruins", "ruins=attack-2",
                                  "hand:dan!=madman"])
def test_reference_chosen_facts_minimal(text: str) -> None:
    s = reference()
    assert_minimal(s, s.parse_fact(text))


def test_open_fact_has_a_counterexample() -> None:
    s = reference()
    proof = proof_of(s, s.parse_fact("lost-legacy=discard:dan"))
    assert proof.status == "open"
    assert proof.counterexample is not None and proof.counterexample.lost_legacy != "discard:dan"


def test_impossible_fact_proves_the_negation() -> None:
    s = reference()
    proof = proof_of(s, s.parse_fact("werewolf=ben"))
    assert proof.status == "impossible" and proof.chain


def simulated() -> list[tuple[str, WerewolfReasoner]]:
    from suiri.models.werewolf.simulator import simulate, steps

    out = []
    for players in (3, 4):
        for seed in range(5):
            g = simulate(players, 70 + seed)
            seat = g.players[seed % players] if seed % 3 else None
            turns = len(g.record(None).turns)
            cut = turns if seed % 2 else max(1, (2 * turns) // 3)
            out.append((f"{players}p-seed{70 + seed}-{seat or 'spectator'}-{cut}", reasoner(g.record(seat, steps(g, cut)))))
    return out


@pytest.mark.sweep
@pytest.mark.parametrize("name,session", simulated(), ids=[n for n, _ in simulated()])
def test_simulated_certain_facts_minimal(name: str, session: WerewolfReasoner) -> None:
    facts = session.certain_facts()
    extra = [Fact("werewolf", p, False) for p, q in session.session.werewolf().items() if q == 0][:2]
    for fact in (facts[:3] + extra)[:4]:
        assert_minimal(session, fact)


@pytest.mark.sweep
@pytest.mark.parametrize("name,session", simulated()[:4], ids=[n for n, _ in simulated()[:4]])
def test_simulated_hint_is_a_certain_fact(name: str, session: WerewolfReasoner) -> None:
    from suiri.solver.reasoning import hint

    result = hint(session, [], GAME.steps(session.session))
    certain = session.certain_facts()
    assert result.remaining + len(result.hints) == len(certain)
    for h in result.hints:
        assert h.fact in certain and fact_probability(session, h.fact) == 1


# -- the search phase: proofs cite the calls (W15) -------------------------------------------------
CALL_PROOFS = [  # (players, seed, fact, the call that proves it, its sentence in English and Japanese)
    (3, 0, "hand:cho=villager", "call-1",
     "call 1: cho alone raised a hand, searched card 4 of ben's discard and found a Sleep",
     "探索順1の掛け声：choだけが名乗りを上げ、benの捨て札4枚目を探索し、就寝が出た"),
    (3, 59, "hand:aki=vote", "call-7", "call 7: aki and cho raised hands together; none of them searches",
     "探索順7の掛け声：aki・choが同時に名乗りを上げた。誰も探索しない"),
    (4, 40, "hand:dan=madman", "call-3", "call 3: dan alone raised a hand and showed the Madman (it cannot search)",
     "探索順3の掛け声：danだけが名乗りを上げ、狂人を公開した（探索はできない）"),
]


@pytest.mark.parametrize("players,seed,text,call,en,ja", CALL_PROOFS, ids=[c[2] for c in CALL_PROOFS])
def test_proofs_cite_search_calls(players: int, seed: int, text: str, call: str, en: str, ja: str) -> None:
    from suiri.cli.werewolf_view import proof as render
    from suiri.models.werewolf.simulator import simulate

    s = reasoner(loads(to_toml(simulate(players, seed).record(None))))  # written: with line numbers
    fact = s.parse_fact(text)
    assert_minimal(s, fact)
    proof = proof_of(s, fact, lines_only=True)
    assert proof.chain_lines == [call]
    assert needed_rules(s, proof) == ["search-call"]
    assert f"  • {en} (line {s.source(call).line})\n" in render(s.session, proof, "en")
    assert f"  • {ja}（{s.source(call).line}行目）\n" in render(s.session, proof, "ja")
    assert s.line_json(call) == {"id": call, "call": int(call.split("-")[1]), "line": s.source(call).line,
                                 "field": f"search[{s.session.replay.call(int(call.split('-')[1])).entry.number}].order"}


def test_a_call_nobody_raised_at_cites_the_entry_that_implies_it() -> None:
    from suiri.models.werewolf.simulator import simulate

    s = reasoner(loads(to_toml(simulate(3, 0).record(None))))  # entries: order 1 (cho), order 5 (ben)
    assert [c.order for c in s.session.replay.calls] == [1, 2, 3, 4, 5]
    for order in (2, 3, 4):
        assert s.source(f"call-{order}") == s.session.record.where("search", 2, "order")
    assert Text("en").observation("call-3", s.session.record, s.session.replay) == "call 3: nobody raised a hand"
    assert Text("ja").observation("call-3", s.session.record, s.session.replay) == "探索順3の掛け声：誰も名乗りを上げなかった"
    assert Text("en").short("call-1", s.session.record, s.session.replay) == "c1 cho found Sleep (card 4 of ben's discard)"
    assert Fact("hand:ben", "lost-legacy") not in s.certain_facts()  # ben's search turned it up: the record says so
