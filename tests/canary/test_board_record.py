"""Board geometry, the record reader and writer, and the simulator's records."""

from __future__ import annotations

import random

import pytest

from suiri.models.canary.board import Board
from suiri.models.canary.cards import STANDARD_DECK, STANDARD_KINDS
from suiri.models.canary.record import loads, to_toml
from suiri.models.canary.rules import Variant, replay
from suiri.models.canary.simulator import simulate
from suiri.solver.errors import ErrorList, RecordSyntaxError


@pytest.mark.parametrize("w,h", [(7, 7), (2, 3), (3, 3), (1, 4)])
def test_neighbours_agree_with_networkx_graph(w: int, h: int) -> None:
    board = Board(w, h)
    for sq in board.squares:
        assert board.neighbours(sq) == sorted(board.graph.neighbors(sq))
    a, b = board.corners[0], board.corners[-1]
    assert board.distance(a, b) == (w - 1) + (h - 1)


def test_square_names_round_trip() -> None:
    board = Board()
    for sq in board.squares:
        assert board.parse(board.name(sq)) == sq
    assert board.name(board.parse("G7")) == "g7"


def test_deck_matches_the_rules() -> None:
    assert STANDARD_DECK.size == 49 and len(STANDARD_KINDS) == 26
    by_size: dict[int, list[int]] = {}
    for k in STANDARD_KINDS:
        by_size.setdefault(len(k.attrs), []).append(k.copies)
    assert {s: (len(c), set(c)) for s, c in by_size.items()} == {3: (10, {1}), 2: (10, {2}), 1: (5, {3}), 0: (1, {4})}
    for k in STANDARD_KINDS:
        assert STANDARD_DECK.parse_kind(k.name_ja) is k
        assert STANDARD_DECK.parse_kind("+".join(a for a in STANDARD_DECK.attributes if a in k.attrs) or "none") is k


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_records_round_trip_and_replay(players: int) -> None:
    rng = random.Random(players)
    for seed in range(30):
        game = simulate(Variant.for_players(players), seed, max_turns=40)
        viewer = rng.choice([*game.players, None])
        record = game.record(viewer, rng.randint(0, len(game.state.turns)))
        text = to_toml(record)
        again = loads(text)
        assert again.turns == record.turns and again.start == record.start
        assert (again.viewer, again.clue, again.genuine) == (record.viewer, record.clue, record.genuine)
        assert to_toml(again) == text
        replay(again)


def test_reader_reports_every_field_error_at_once() -> None:
    text = """game = "canary"
players = ["aki", "bea"]
viewer = "aki"
clue = "purple"
colour = 3

[start]
aki = "a1"
bea = "g7"

[[turn]]
player = "zed"
to = "a2"
check = "maybe"
"""
    with pytest.raises(ErrorList) as info:
        loads(text, "bad.toml")
    messages = [e.render() for e in info.value.errors]
    assert any("bad.toml:4: clue: unknown clue 'purple'" in m for m in messages)
    assert any("bad.toml:5: colour: unknown field" in m for m in messages)
    assert any("bad.toml:12: turn[1].player: unknown player 'zed'" in m for m in messages)
    assert any("bad.toml:14: turn[1].check" in m for m in messages)


def test_toml_syntax_error_has_its_line() -> None:
    with pytest.raises(RecordSyntaxError) as info:
        loads('game = "canary"\nplayers = [\n', "broken.toml")
    assert "broken.toml:" in info.value.render() and "not valid TOML" in info.value.render()


def test_a_declaring_turn_is_written_without_check_or_card() -> None:
    """R8: ``to_toml`` writes a declaring turn with no ``check`` and no ``card`` (the face
    is ``declare.card``); the reader then accepts it, and asks for a check elsewhere."""
    game = next(g for g in (simulate(Variant.for_players(3), s, max_turns=40) for s in range(50))
                if any(t.declare is not None for t in g.state.turns[:-1]))  # a failed one, with turns after
    text = to_toml(game.record(None))
    declaring = [block for block in text.split("[[turn]]") if "[turn.declare]" in block]
    assert declaring and all("check =" not in b.split("[turn.declare]")[0] for b in declaring)
    assert all("\ncard =" not in b.split("[turn.declare]")[0] for b in declaring)
    replay(loads(text))
    with pytest.raises(RecordSyntaxError) as info:
        loads(text.replace('check = "revealed"', "", 1), "no-check.toml")
    assert "missing check" in info.value.render() and "omitted only on a declaring turn, R8" in info.value.render()
