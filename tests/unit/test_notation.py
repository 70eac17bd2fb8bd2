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
    assert a.tally.weights == b.tally.weights and a.goal == b.goal


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
