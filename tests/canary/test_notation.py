"""The compact line notation reads into the same records as TOML, errors included."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from suiri.models import open_session
from suiri.models.canary.notation import to_compact
from suiri.models.canary.record import load
from suiri.models.canary.rules import Variant
from suiri.models.canary.simulator import simulate
from suiri.solver.errors import IllegalMoveError, RecordSyntaxError

REFERENCE = Path(__file__).resolve().parents[2] / "models" / "canary" / "records" / "canary-3p.toml"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_records_round_trip(players: int, tmp_path: Path) -> None:
    rng = random.Random(players)
    for seed in range(20):
        game = simulate(Variant.for_players(players), seed, max_turns=40)
        record = game.record(rng.choice([*game.players, None]), rng.randint(0, len(game.turns)))
        path = tmp_path / f"g{seed}.txt"
        path.write_text(to_compact(record), encoding="utf-8")
        again = open_session(path)[1].record
        assert again.turns == record.turns and again.start == record.start
        assert (again.viewer, again.clue, again.genuine) == (record.viewer, record.clue, record.genuine)


def test_reference_record_in_compact_form_analyzes_the_same(tmp_path: Path) -> None:
    from suiri.models.canary.analysis import analyze

    path = tmp_path / "ref.txt"
    path.write_text(to_compact(load(REFERENCE)), encoding="utf-8")
    a, b = analyze(open_session(path)[1]), analyze(open_session(REFERENCE)[1])
    assert a.counts.weights == b.counts.weights and a.goal == b.goal


def test_errors_point_at_the_typed_line(tmp_path: Path) -> None:
    text = to_compact(load(REFERENCE)).replace("bea f6 r nothing-here", "bea e5 r nothing-here")
    path = tmp_path / "bad.txt"
    path.write_text("# typed at the table\n" + text, encoding="utf-8")
    with pytest.raises(IllegalMoveError) as info:
        open_session(path)
    line = text.splitlines().index("bea e5 r nothing-here") + 2
    assert info.value.render().startswith(f"{path}:{line}: turn[5].to: bea cannot move from f7 to e5")
    path.write_text("canary aki bea\nstart a1\n", encoding="utf-8")
    with pytest.raises(RecordSyntaxError) as syntax:
        open_session(path)
    assert f"{path}:2: start" in syntax.value.render()


def test_a_declaring_turn_has_no_check_letter(tmp_path: Path) -> None:
    """R8: ``cid a4 ! lava-rock-hill aki=n bea=y`` is the reference's turn 9; the check
    letter (or a card before ``!``) typed out of habit is refused at its line, naming R8."""
    text = to_compact(load(REFERENCE))
    assert "\ncid a4 ! lava-rock-hill aki=n bea=y\n" in text
    for typed, field in (("cid a4 h ! lava-rock-hill aki=n bea=y", "turn[9].check"),
                         ("cid a4 - lava-rock-hill ! lava-rock-hill aki=n bea=y", "turn[9].check"),
                         ("cid a4 lava-rock-hill ! lava-rock-hill aki=n bea=y", "turn[9].card"),
                         ("cid a4 ! lava-rock-hill aki=n bea=y", None)):
        path = tmp_path / "typed.txt"
        path.write_text(text.replace("cid a4 ! lava-rock-hill aki=n bea=y", typed), encoding="utf-8")
        if field is None:
            assert open_session(path)[1].record.turns[8].check is None
            continue
        with pytest.raises(IllegalMoveError) as info:
            open_session(path)
        line = text.splitlines().index("cid a4 ! lava-rock-hill aki=n bea=y") + 1
        assert info.value.render().startswith(f"{path}:{line}: {field}: ") and "R8" in info.value.render()


def test_simulated_round_trips_hold_declarations() -> None:
    """The round trips above do meet declaring turns (no check, R8)."""
    declaring = [t for players in (2, 3, 4) for seed in range(20)
                 for t in simulate(Variant.for_players(players), seed, max_turns=40).turns if t.declare is not None]
    assert declaring and all(t.check is None and t.card is None for t in declaring)
