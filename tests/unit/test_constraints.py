"""The games' rules are stated once, through CP-SAT's method names, and kept as plain data
(``solver.constraints``, issue 19 item 22: no ``ortools`` nor numpy imported by a command
that never solves with CP-SAT).  These tests build the same models with CP-SAT's own
``CpModel`` and check that the two protos are the same, field by field: so the clauses,
and every answer, are what they were when CP-SAT held the model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from suiri.models import example_records, open_session
from suiri.solver import model as model_module
from suiri.solver.constraints import Constraints
from suiri.solver.model import Model, load_cp_model


def calls(m: object) -> None:
    """Every form of constraint the games and tests write, on a ``CpModel`` or ``Constraints``."""
    a, b, c, d = (m.new_bool_var(n) for n in "abcd")  # type: ignore[attr-defined]
    m.add(a == sum([b, c, d]))  # type: ignore[attr-defined]
    m.add(sum([b, c, d]) == 2)  # type: ignore[attr-defined]
    m.add(d == a + b)  # type: ignore[attr-defined]
    m.add(b == 0)  # type: ignore[attr-defined]
    m.add(b == int(True)).only_enforce_if(~c)  # type: ignore[attr-defined]
    m.add(a == b).only_enforce_if([c, d])  # type: ignore[attr-defined]
    m.add(sum([b, ~c]) == 1)  # type: ignore[attr-defined]
    m.add(~a + ~b == 1)  # type: ignore[attr-defined]
    m.add(~a == 1)  # type: ignore[attr-defined]
    m.add(a - a + b == 1)  # type: ignore[attr-defined]
    m.add_implication(a, ~b)  # type: ignore[attr-defined]
    m.add_bool_or([])  # type: ignore[attr-defined]
    m.add_bool_or([a, ~d]).only_enforce_if(b)  # type: ignore[attr-defined]
    m.add_bool_and([~a]).only_enforce_if([b, ~c])  # type: ignore[attr-defined]
    m.add_max_equality(a, [b, c])  # type: ignore[attr-defined]
    m.add_exactly_one([a, b])  # type: ignore[attr-defined]
    m.add_at_most_one(x for x in [a, b, ~c])  # type: ignore[attr-defined]
    m.add(sum([]) == 0)  # type: ignore[attr-defined]
    m.add(True)  # type: ignore[attr-defined]
    m.add(False)  # type: ignore[attr-defined]
    m.add_linear_constraint(sum(k * x for k, x in zip([2, -1], [a, b], strict=True)), -1, 3)  # type: ignore[attr-defined]


def test_the_calls_write_what_cp_sat_writes() -> None:
    cp_model = load_cp_model()
    real, mine = cp_model.CpModel(), Constraints()
    calls(real)
    calls(mine)
    assert str(mine.to_cp_sat().proto) == str(real.proto)


def test_a_copy_is_apart_and_a_constraint_is_no_truth_value() -> None:
    m = Model()
    x, y = m.new_bool("x"), m.new_bool("y")
    m.cp.add(x == y).only_enforce_if(m.rule("r"))
    copy = m.cp.clone()
    copy.constraints[0].enforcement_literal[0] = copy.new_bool_var("other").index
    assert m.cp.constraints[0].enforcement_literal == [m.literal("r").index]
    assert len(m.cp.variables) == 3 and len(copy.variables) == 4
    with pytest.raises(TypeError):
        bool(x == y)


SIMULATED = [("canary", 4), ("canary", 2), ("detective", 4), ("werewolf", 4)]


def simulated(game: str, players: int, folder: Path) -> str:
    out = subprocess.run([sys.executable, "-m", "suiri.cli.main", "simulate", "--game", game, "--players",
                          str(players), "--seed", "3", "--turns", "40"], capture_output=True, text=True, check=True)
    path = folder / f"{game}-{players}.toml"
    path.write_text(out.stdout, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name", sorted(example_records()) + [f"simulated-{g}-{p}p" for g, p in SIMULATED])
def test_each_games_model_is_the_one_cp_sat_builds(name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    records = {k: str(v) for k, v in example_records().items()}
    path = records[name] if name in records else simulated(name.split("-")[1], int(name[-2]), tmp_path)
    _, session = open_session(path)
    mine = session.engine.model.cp
    monkeypatch.setattr(model_module, "Constraints", load_cp_model().CpModel)  # the same encoder, on CP-SAT
    _, again = open_session(path)
    real = again.engine.model.cp
    assert type(real).__name__ == "CpModel"
    assert str(mine.to_cp_sat().proto) == str(real.proto)
