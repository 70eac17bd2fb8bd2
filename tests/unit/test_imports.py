"""A command imports what it uses and nothing else (issue 19, item 22): a command on one
game's record loads no module of another game, and no command loads pandas (OR-tools'
``cp_model`` imports it for helpers suiri never calls: ``solver.model.load_cp_model``).
Checked by what a real command process has in ``sys.modules``, not by a clock."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models import GAMES, example_records

# each bundled record, and a fact it proves (the golden transcripts' facts)
FACT = {"canary-3p": "goal!=d7", "detective-3p": "holder:s7=bea", "werewolf-4p": "werewolf=dan"}
COMMANDS = ("check", "analyze", "advise", "explain", "explain --lines", "hint")

PROBE = """
import json, sys
from suiri.cli.main import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("\\n" + json.dumps(sorted(sys.modules)))
"""


def loaded_by(*args: str) -> set[str]:
    """The modules a ``suiri`` command has loaded when it ends (run in a fresh process)."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.sweep  # a command process a case: make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", sorted(FACT))
def test_a_command_loads_its_own_game_only_and_never_pandas(name: str, command: str) -> None:
    path = str(example_records()[name])
    words = command.split()
    args = [words[0], path, *([FACT[name]] if words[0] == "explain" else []), *words[1:]]
    loaded = loaded_by(*args)
    game = name.split("-")[0]
    others = sorted(m for m in loaded for g in GAMES if g != game and m.startswith(f"suiri.models.{g}."))
    assert not others, f"suiri {' '.join(args)} loaded another game's modules: {others}"
    assert f"suiri.models.{game}.session" in loaded  # the probe did run the command
    assert not {m for m in loaded if m == "pandas" or m.startswith("pandas.")}, "pandas was imported"
    if words[0] in ("check", "analyze"):  # counting only: no model, no solver
        assert not {m.split(".")[0] for m in loaded} & {"ortools", "pysat", "numpy"}
    if words[0] in ("explain", "hint"):  # the model's clauses on CaDiCaL: CP-SAT is never asked
        assert not {m.split(".")[0] for m in loaded} & {"ortools", "numpy"}
    assert "networkx" not in loaded  # a Canary board's distances are a grid's (models/canary/board.py)


@pytest.mark.parametrize("size", [(7, 7), (3, 5), (1, 4), (6, 2)])
def test_board_distances_are_the_grid_graphs(size: tuple[int, int]) -> None:
    import networkx as nx

    from suiri.models.canary.board import Board

    board = Board(*size)
    paths = dict(nx.all_pairs_shortest_path_length(board.graph))
    assert all(board.distance(a, b) == paths[a][b] for a in board.squares for b in board.squares)


def test_a_compact_record_loads_the_game_it_names_only(tmp_path) -> None:
    """A file in a game's line notation is recognised by its first word: only that
    game's notation is loaded, not every game's to ask each one."""
    record = tmp_path / "wolf.txt"
    record.write_text("# a comment first\nＷerewolf aki ben cho\nviewer aki villager\n", encoding="utf-8")
    loaded = loaded_by("check", str(record))
    assert "suiri.models.werewolf.notation" in loaded
    assert not any(m.startswith(("suiri.models.canary.", "suiri.models.detective.")) for m in loaded)


def test_cp_model_loads_without_pandas_and_pandas_still_imports_after() -> None:
    code = ("import sys\nfrom suiri.solver.model import Model, load_cp_model\n"
            "m = Model(); x = m.new_bool('x'); m.cp.add_bool_or([x])\n"
            "assert 'pandas' not in sys.modules\n"
            "s = load_cp_model().CpSolver(); assert s.solve(m.cp.to_cp_sat()) == load_cp_model().OPTIMAL\n"
            "import pandas\nassert hasattr(pandas, 'DataFrame')\nprint('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


@pytest.mark.sweep  # two command processes a case: make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("seed", range(1, 9))
def test_a_small_detective_count_needs_no_numpy(seed: int) -> None:
    """A 6-player Clue spectator record with the fake, cut at 10 events (the slowest
    realistic ``analyze`` of issue 19): few "one of" facts are open at once, so the
    counter's plain recursion meets few dead ends and the numpy pass (and its ~0.1 s
    import) is not needed."""
    made = CliRunner().invoke(main, ["simulate", "--game", "detective", "--players", "6", "--variant", "clue-fake",
                                     "--viewer", "none", "--seed", str(seed), "--turns", "10"])  # in process: not probed
    assert made.exit_code == 0, made.output
    out = made.stdout
    probe = PROBE.replace("main(sys.argv[1:])", "main(['analyze', '/dev/stdin'])")
    done = subprocess.run([sys.executable, "-c", probe], input=out, capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "suiri.models.detective.counter" in loaded
    assert "numpy" not in loaded


@pytest.mark.parametrize("name", sorted(FACT))
def test_reading_a_record_imports_its_game_only(name: str, tmp_path) -> None:
    """``read_record`` picks the game from the file's first word (compact) or its ``game``
    field (TOML) before importing any game: no other game's module is loaded."""
    game = name.split("-")[0]
    toml = str(example_records()[name])
    compact = tmp_path / "game.txt"
    from suiri.models import game as played
    from suiri.models import read_record

    chosen = played(game)
    compact.write_text(chosen.write(chosen.read(read_record(toml)), "compact"), encoding="utf-8")
    for path in (toml, str(compact)):
        code = ("import json, sys\nfrom suiri.models import read_record\n"
                f"read_record({path!r})\nprint(json.dumps(sorted(sys.modules)))")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        loaded = json.loads(done.stdout.splitlines()[-1])
        assert not [m for m in loaded for g in GAMES if g != game and m.startswith(f"suiri.models.{g}.")], path
