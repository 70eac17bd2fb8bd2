"""When every clue that counts is certain, the goal card is known while its square may
not be: ``analyze`` names the card and where it may lie, ``advise`` plans a walk toward
it (issue 19, item 4).

The records are simulated games cut at the first turn where the clues are certain and
the square is not (3 and 4 players, every seat).  The named card is checked against the
true deal, and each square's goal chance against the chance that the square holds that
card, counted by another path of the counter (``kind_marginals``: the square fixed to
each card in turn)."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.layout import percent
from suiri.cli.main import main
from suiri.models import game
from suiri.models.canary.advice import PLAN_MOVES, advise
from suiri.models.canary.analysis import CanaryAnalysis, analyze
from suiri.models.canary.counter import kind_marginals
from suiri.models.canary.record import CanaryRecord
from suiri.models.canary.rules import Variant
from suiri.models.canary.session import CanarySession
from suiri.models.canary.simulator import simulate

CANARY = game("canary")


@cache
def cases(players: int) -> list[tuple[CanaryRecord, str]]:
    """(record, the true goal card's id) for the first cut of each game where every clue
    that counts is certain to the seat and the goal square is not."""
    out = []
    for seed in range(1, 17):
        sim = simulate(Variant.for_players(players), seed, 120)
        (truth,) = sim.state.variant.deck.carrying(sim.state.deal.genuine_clues())
        seat = sim.players[seed % players]
        for n in range(1, len(sim.state.turns) + 1):
            record = sim.record(seat, n)
            session = CANARY.open(record)
            if len({h.genuine() for h in session.counter.count(goals=False).weights}) > 1:
                continue  # the clues that count are still open (cheap to tell)
            a = analyze(session)
            if a.over is None and a.goal_known is None and a.goal_card_known:
                out.append((record, truth.id))
                break
    return out


@pytest.mark.parametrize("players", [3, pytest.param(4, marks=pytest.mark.slow)])  # [4]: make test only: the edit loop (make test-fast) stays under 90 s
def test_the_named_card_is_the_true_goal_card_and_its_odds_are_where_it_lies(players: int) -> None:
    found = cases(players)
    assert len(found) >= 6
    for i, (record, truth) in enumerate(found):
        session = CANARY.open(record)
        a = analyze(session)
        assert [k.id for k in a.goal_card_known or []] == [truth]
        card = a.goal_card_known[0]  # type: ignore[index]
        assert sum(a.goal) == 1
        if i >= 4:
            continue  # the square-by-square count below is the slow part
        base = session.counter.count(goals=False)
        for sq in session.board.squares:  # a goal square is exactly a square holding the card
            assert a.goal[sq] == kind_marginals(session.counter, sq, base).get(card, Fraction(0))


def _said(a: CanaryAnalysis, lang: str) -> str:
    from suiri.cli.canary_view import analysis

    return analysis(a, lang).splitlines()[-1]


@pytest.mark.parametrize("players", [3, 4])
def test_analyze_names_the_card_and_where_it_lies(players: int) -> None:
    for record, _ in cases(players)[:4]:
        a = analyze(CANARY.open(record))
        card = a.goal_card_known[0]  # type: ignore[index]
        likeliest = max(range(len(a.goal)), key=lambda q: (a.goal[q], -q))
        where = f"{a.session.board.name(likeliest)} {percent(a.goal[likeliest])}"
        en, ja = _said(a, "en"), _said(a, "ja")
        assert en.startswith(f"The goal is the card {card.name_en}; where it lies: {where}"), en
        assert ja.startswith(f"ゴールは「{card.name_ja}」のカード。その場所：{where}"), ja
        assert "not known yet" not in en
        data = a.to_json()
        assert data["goal_card_known"] == [card.id] and data["goal_card"] == {card.id: 1.0}


def _walks(board: object, first: int, goal: list[Fraction]) -> Fraction:
    """The most goal chance a walk of PLAN_MOVES moves from ``first`` steps on (every
    walk listed by its later steps' directions)."""
    best = Fraction(0)
    for path in product(range(4), repeat=PLAN_MOVES - 1):
        walk, ok = [first], True
        for d in path:
            nxt = board.neighbours(walk[-1])  # type: ignore[attr-defined]
            if d >= len(nxt):
                ok = False
                break
            walk.append(nxt[d])
        if ok:
            best = max(best, sum((goal[q] for q in set(walk)), Fraction(0)))
    return best


@pytest.mark.parametrize("players", [3, 4])
def test_advise_plans_toward_the_card(players: int) -> None:
    for record, truth in cases(players)[:4]:
        session: CanarySession = CANARY.open(record)
        if record.viewer is None:
            continue
        a = advise(session)
        assert a.plan is not None and a.plan.card.id == truth
        goal = session.counts.goal_marginals()
        for m in a.moves:  # each move's walk is the best one it starts, its chance exact
            assert m.p_find == _walks(session.board, m.square, goal)
            assert m.p_find == sum((goal[q] for q in set(m.walk)), Fraction(0))
            assert m.walk[0] == m.square and len(m.walk) == PLAN_MOVES
        assert a.plan.walk == a.moves[0].walk
        from suiri.cli.canary_view import advice

        card = a.plan.card
        assert f"Plan: the goal is the card {card.name_en}, its square not known yet" in advice(session, a, "en")
        assert f"方針：ゴールは「{card.name_ja}」のカードで" in advice(session, a, "ja")


def test_the_plan_counts_in_the_ranking(tmp_path: Path) -> None:
    """Each move's score adds the goal chance its walk reaches on the later moves (weighed
    as the goal chance of the move itself), so of two moves that tie on everything else the
    one whose walk reaches more of the goal card's chance ranks higher."""
    from suiri.models.canary.advice import W_DIST, W_GOAL, W_INFO, W_LEAK

    record = CANARY.simulate(3, 9, 11, "aki", "base")  # every clue certain, the square open
    path = tmp_path / "g.toml"
    path.write_text(CANARY.write(record), encoding="utf-8")
    data = json.loads(CliRunner().invoke(main, ["advise", str(path), "--json"]).stdout)
    assert data["plan"]["goal_card"] == "crater-cave"
    for m in data["moves"]:
        base = W_GOAL * m["p_goal"] + W_INFO * m["info_bits"] - W_LEAK * m["leak_bits"] - W_DIST * m["expected_distance"]
        assert m["score"] == pytest.approx(base + W_GOAL * (m["p_find"] - m["p_goal"]))
    assert [m["score"] for m in data["moves"]] == sorted((m["score"] for m in data["moves"]), reverse=True)
    assert data["plan"]["walk"] == data["moves"][0]["walk"]


def test_no_plan_while_the_card_is_open() -> None:
    from suiri.models import example_records

    path = str(example_records()["canary-3p"])
    data = json.loads(CliRunner().invoke(main, ["advise", path, "--json"]).stdout)
    assert data["plan"] is None and all("p_find" not in m for m in data["moves"])
    analysis = json.loads(CliRunner().invoke(main, ["analyze", path, "--json"]).stdout)
    assert analysis["goal_card_known"] is None
