"""Werewolf Never Sleeps benchmarks (called by ``bench/run.py``; figures in docs/performance.md).

Cells: 3 and 4 players; whole simulated games (every turn and the search calls) and the same
games cut halfway; written from the first seat and by a spectator.  The spectator view
of a whole game is the hardest case for the counter (nobody's card is known).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from suiri.models.werewolf.advice import advise
from suiri.models.werewolf.analysis import analyze
from suiri.models.werewolf.counter import count, fill
from suiri.models.werewolf.game import GAME
from suiri.models.werewolf.reasoning import WerewolfReasoner
from suiri.models.werewolf.record import to_toml
from suiri.models.werewolf.replay import replay
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.simulator import simulate, steps, with_draw
from suiri.solver.reasoning import explain

PLAYERS = (3, 4)
GAMES_PER_CELL = 10
REPEATS = 3



def explained(record: Any, fact: Any) -> Any:
    """``explain`` from an opened record: the session, its check and the step-wise proof."""
    session = WerewolfSession(record)
    return explain(WerewolfReasoner(session), fact, GAME.steps(session))

def timed(fn: Callable[[], object], repeats: int = REPEATS) -> float:
    runs = []
    for _ in range(repeats):
        fill.cache_clear()
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def bench(folder: Path, command_time: Callable[..., float]) -> dict[str, object]:
    rows = []
    for players in PLAYERS:
        for cut in ("whole", "half"):
            for seat in ("first seat", "spectator"):
                a, cli, e, d, states = [], [], [], [], []
                for i in range(GAMES_PER_CELL):
                    g = simulate(players, 500 * players + i)
                    turns = None if cut == "whole" else max(1, len(g.record(None).turns) // 2)
                    viewer = g.players[0] if seat == "first seat" else None
                    record = g.record(viewer) if turns is None else g.record(viewer, turns)
                    a.append(timed(lambda r=record: analyze(WerewolfSession(r))))  # type: ignore[misc]
                    states.append(count(replay(record)).states)
                    session = WerewolfSession(record)
                    facts = analyze(session).certain
                    if facts and seat == "first seat":
                        e.append(timed(lambda r=record, f=facts[0]: explained(r, f), 1))  # type: ignore[misc]
                    if seat == "first seat":  # advice on the viewer's next turn in progress
                        start = len(record.turns)
                        mine = [i for i, p in enumerate(g.state.turns) if i >= start and p.player == viewer] or \
                            [i for i, p in enumerate(g.state.turns) if p.player == viewer]
                        playing = with_draw(g, g.record(viewer, mine[0]))
                        d.append(timed(lambda r=playing: advise(WerewolfSession(r)), 1))  # type: ignore[misc]
                    path = folder / f"w{players}p-{cut}-{seat[0]}-{i}.toml"
                    path.write_text(to_toml(record), encoding="utf-8")
                    cli.append(command_time(["analyze", str(path)], repeats=REPEATS))
                row = {"players": players, "cut": cut, "seat": seat, "analyze": statistics.median(a),
                       "analyze_max": max(a), "states": max(states),
                       "explain": statistics.median(e) if e else float("nan"),
                       "advise": statistics.median(d) if d else float("nan"),
                       "cli": statistics.median(cli), "cli_max": max(cli)}
                rows.append(row)
                print(f"werewolf {players}p {cut:5} {seat:10}: analyze {row['analyze']*1000:6.1f} ms "
                      f"(max {row['analyze_max']*1000:.1f}, states {row['states']})  explain "
                      f"{row['explain']*1000:6.0f} ms  advise {row['advise']*1000:6.0f} ms  CLI {row['cli']*1000:.0f} ms",
                      flush=True)
    return {"rows": rows, "sweep": sweep()}


def sweep(games: int = 20) -> dict[str, float]:
    """Every cut of ``games`` games per player count, as a spectator and from the second
    seat: the counter's (in-process analyze's core) time over all of them."""
    times = []
    for players in PLAYERS:
        for i in range(games):
            g = simulate(players, 7000 + 100 * players + i)
            for turns in range(len(g.state.turns) + 1):
                for viewer in (None, g.players[1]):
                    record = g.record(viewer, steps(g, turns))
                    fill.cache_clear()
                    t = time.perf_counter()
                    count(replay(record))
                    times.append(time.perf_counter() - t)
    times.sort()
    return {"records": len(times), "median": statistics.median(times), "p99": times[int(0.99 * len(times))],
            "max": times[-1]}


def report(result: dict[str, object], help_t: float) -> list[str]:
    rows: list[dict[str, float]] = result["rows"]  # type: ignore[assignment]
    lines = [
        "## Werewolf Never Sleeps",
        "",
        f"Simulated games (random legal play, seeded), {GAMES_PER_CELL} per cell, medians of {REPEATS} runs: "
        "whole games (every turn and the search calls) and the same games cut halfway, written from the first "
        "seat or by a spectator (no hand, no drawn or seen card, no swap).",
        "",
        "| players | record | seat | analyze (ms) | analyze, slowest (ms) | merged states (most) | explain `--lines` (ms) "
        "| advise (ms) | `suiri analyze` command (ms) | beyond start-up (ms) | slowest beyond start-up (ms) |",
        "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        ex = "" if r["explain"] != r["explain"] else f"{r['explain']*1000:.0f}"
        ad = "" if r["advise"] != r["advise"] else f"{r['advise']*1000:.0f}"
        lines.append(f"| {r['players']} | {r['cut']} | {r['seat']} | {r['analyze']*1000:.1f} | "
                     f"{r['analyze_max']*1000:.1f} | {r['states']} | {ex} | {ad} | {r['cli']*1000:.0f} | "
                     f"{(r['cli'] - help_t)*1000:.0f} | {(r['cli_max'] - help_t)*1000:.0f} |")
    sw: dict[str, float] = result["sweep"]  # type: ignore[assignment]
    slowest = max(r["cli_max"] for r in rows) - help_t
    whole = [r for r in rows if r["cut"] == "whole"]
    lines += [
        "",
        "- Full-game records, median `suiri analyze` beyond start-up: "
        + ", ".join(f"{r['players']}p {r['seat']} {(r['cli'] - help_t)*1000:.0f} ms" for r in whole)
        + f"; slowest command over every cell: **{slowest*1000:.0f} ms** beyond start-up (target < 500 ms).",
        f"- Every cut of 20 games per player count, as a spectator and from the second seat "
        f"({sw['records']:.0f} records): counting median {sw['median']*1000:.1f} ms, 99th percentile "
        f"{sw['p99']*1000:.0f} ms, slowest {sw['max']*1000:.0f} ms (a 4-player spectator early in the game, "
        "when most cards are still unseen and many hidden states stay apart).",
        "- The counter merges hidden states that no turn has told apart (docs/counting-werewolf.md); "
        "\"merged states\" is the most it held at the end of a record in that cell.",
        "- `explain` builds the time-step CP-SAT model and runs the minimal-explanation solves; `advise` is "
        "timed on the first seat's next turn in progress (the record cut there, with its drawn card): it counts "
        "the record extended by each card a Seer or Medium could show, and once more from the table's view.",
        "",
    ]
    return lines
