"""The same tournament gives the same games in this process, on a process pool and on a
real Dask cluster; a bot's failure loses its game only; Ctrl-C keeps finished games."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from suiri.arena import Finished, Played, Summary, play, run, schedule
from suiri.models import GAMES


def games(finished: Finished) -> list[tuple[Any, ...]]:
    """Everything a game gave but its CPU time (the records too, when kept)."""
    return [(g.fixture, g.seats, g.winners, g.steps, g.choices, g.ending, g.forfeit, g.records)
            for g in finished.played]


@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
def test_one_worker_two_processes_and_a_dask_cluster_play_the_same_games() -> None:
    distributed = pytest.importorskip("distributed")
    fixtures = (schedule("werewolf", ["random"], 12, 4, seed=3, records=True)
                + [replace(f, index=12 + f.index) for f in schedule("canary", ["random"], 4, 3, seed=3, records=True)])
    alone = run(fixtures, workers=1)
    pooled = run(fixtures, workers=2)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
        clustered = run(fixtures, scheduler=cluster.scheduler_address)
    assert len(alone.played) == 16 and not alone.interrupted
    assert games(alone) == games(pooled) == games(clustered)
    assert Summary.of(alone.played, ["random"]).to_json() == Summary.of(clustered.played, ["random"]).to_json()
    assert {g.ending for g in alone.played} == {"over"}


@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    from suiri.arena import runner
    from suiri.solver.errors import SuiriError

    monkeypatch.setattr(runner, "CONNECT_TIMEOUT", 1)
    with pytest.raises(SuiriError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        run(schedule("werewolf", ["random"], 2, 4), scheduler="tcp://127.0.0.1:9")


class Raising:
    """Plays at random, but raises now and then (a bot's bug)."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, decision: Any) -> Any:
        if self.rng.random() < 0.08:
            raise RuntimeError("the bot's bug")
        return self.rng.choice(list(decision.options))


class Cheating:
    """Answers something it was not offered."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        pass

    def choose(self, decision: Any) -> Any:
        return "a move of its own"


def test_a_bot_that_raises_or_cheats_loses_that_game_and_the_tournament_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES["werewolf"].game()
    monkeypatch.setattr(game, "bots", {**game.bots, "raising": Raising, "cheating": Cheating})
    fixtures = schedule("werewolf", ["random", "raising"], 40, 4, seed=2)
    finished = run(fixtures, workers=1)
    assert len(finished.played) == 40
    lost = [g for g in finished.played if g.ending == "forfeit"]
    assert lost and len(lost) < 40  # some games forfeit, the others are played out
    for g in lost:
        assert g.forfeit is not None and g.bot(g.forfeit.seat) == "raising" and g.winners == ()
        assert g.forfeit.error == "RuntimeError: the bot's bug" and "Traceback" in g.forfeit.detail
        again = play(g.fixture)  # the reported seed and line-up play the same game again
        assert (again.forfeit, again.steps) == (g.forfeit, g.steps)
    summary = Summary.of(finished.played, ["random", "raising"]).to_json()
    assert summary["bots"]["raising"]["forfeits"] == len(lost) and summary["bots"]["random"]["forfeits"] == 0
    assert [f["seed"] for f in summary["forfeits"]] == [g.fixture.seed for g in lost]
    cheated = run(schedule("werewolf", ["random", "cheating"], 4, 4), workers=1)
    assert [g.ending for g in cheated.played] == ["forfeit"] * 4
    assert all("not an option" in g.forfeit.error for g in cheated.played if g.forfeit)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_tournament_keeps_the_finished_games(workers: int) -> None:
    fixtures = schedule("werewolf", ["random"], 400, 4, seed=9)
    seen: list[Played] = []

    def interrupt_after_five(played: Played) -> None:
        seen.append(played)
        if len(seen) == 5:
            raise KeyboardInterrupt

    finished = run(fixtures, workers=workers, done=interrupt_after_five)
    assert finished.interrupted and finished.planned == 400
    assert 5 <= len(finished.played) < 400
    whole = {g.fixture.index: g for g in run(fixtures[:max(g.fixture.index for g in finished.played) + 1], 1).played}
    for g in finished.played:
        assert (g.winners, g.steps) == (whole[g.fixture.index].winners, whole[g.fixture.index].steps)


@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads a process's children from /proc (Linux)")
def test_ctrl_c_stops_the_command_and_prints_the_finished_games() -> None:
    """A real SIGINT to ``suiri tournament`` on a process pool: exit 130, the JSON of the
    games finished."""
    command = [sys.executable, "-m", "suiri.cli.main", "tournament", "werewolf", "--bots", "random",
               "--games", "50000", "--workers", "2", "--json"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + 120
    while proc.poll() is None and not children.read_text().split() and time.monotonic() < deadline:
        time.sleep(0.1)  # until the pool's workers are up (the games are submitted with them)
    time.sleep(5)  # a loaded machine starts its first games late
    assert proc.poll() is None, proc.communicate()
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True and 0 < data["played"] < 50000
    assert data["bots"]["random"]["games"] == data["played"]
    assert "Traceback" not in err
