"""The tournament figures of docs/bots.md (issue 21): per game, 4 players, seats rotated,
the reasoner against the notebook and against random; throughput (games per second of
one core); the speed-up from 1 to 2 worker processes; the same tournament on a local
Dask cluster (two worker processes), with the same results.

    .venv/bin/python bench/bots.py [--games N | --games canary=N,detective=N,...]
                                   [--pairing reasoner,notebook --pairing ...]
                                   [--scaling-games M | --scaling-games M,werewolf=K]
                                   [--out docs/bots.md]

``make bench`` runs it with the defaults (2000 games per pairing).  A pairing whose bot
a game does not have is reported as missing, and the bench goes on.  With ``--out`` the
section ``## Figures`` of that file is rewritten and every other section kept.

Throughput is games per CPU-second of the processes that played them (each game's own
CPU time, summed): unlike the wall time it does not grow when the machine is busy.  The
speed-up is of wall times, on the same games: it needs two idle cores to show.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from suiri.arena import Finished, Summary, run, schedule
from suiri.models import GAMES

PLAYERS = 4
PAIRINGS = (("reasoner", "notebook"), ("reasoner", "random"))
SCALING = "200,werewolf=1000"  # games of the speed-up runs: about a minute or more of one worker each


@dataclass
class Row:
    """One pairing in one game: its summary and what it cost."""

    game: str
    bots: tuple[str, ...]
    summary: dict[str, Any]
    games: int
    wall: float
    cpu: float  # the games' own CPU seconds, summed
    players: int = PLAYERS


@dataclass
class Scaling:
    """The same tournament on 1 and 2 processes and on a local Dask cluster."""

    game: str
    bots: tuple[str, ...]
    games: int
    wall: dict[str, float]  # executor -> wall seconds
    same: bool  # every game the same on all three
    cpu: float  # the games' own CPU seconds (1 worker)
    load: float  # the machine's load average over the last minute, at the end


def played(finished: Finished) -> list[tuple[Any, ...]]:
    return [(g.fixture, g.winners, g.steps, g.choices, g.ending, g.forfeit) for g in finished.played]


def timed(fixtures: list[Any], **how: Any) -> tuple[Finished, float]:
    start = time.perf_counter()
    finished = run(fixtures, **how)
    return finished, time.perf_counter() - start


def tournament(game: str, bots: tuple[str, ...], games: int, seed: int, players: int = PLAYERS) -> Row:
    fixtures = schedule(game, bots, games, players, seed)
    finished, wall = timed(fixtures)
    print(f"{game} {'-'.join(bots)}: {games} games in {wall:.1f} s", file=sys.stderr, flush=True)
    return Row(game, bots, Summary.of(finished.played, bots).to_json(), games, wall,
               sum(g.cpu for g in finished.played), players)


def scaling(game: str, bots: tuple[str, ...], games: int, seed: int, players: int = PLAYERS) -> Scaling:
    from distributed import LocalCluster

    fixtures = schedule(game, bots, games, players, seed)
    one, t1 = timed(fixtures, workers=1)
    two, t2 = timed(fixtures, workers=2)
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
        dask, td = timed(fixtures, scheduler=cluster.scheduler_address)
    print(f"{game} {'-'.join(bots)} scaling: 1 worker {t1:.1f} s, 2 workers {t2:.1f} s, Dask {td:.1f} s",
          file=sys.stderr, flush=True)
    return Scaling(game, bots, games, {"1": t1, "2": t2, "dask": td}, played(one) == played(two) == played(dask),
                   sum(g.cpu for g in one.played), os.getloadavg()[0])


def ci(t: dict[str, Any]) -> str:
    low, high = t["ci95"]
    return f"{t['win_rate'] * 100:.1f}% [{low * 100:.1f}, {high * 100:.1f}]" if t["games"] else "–"


def markdown(rows: list[Row], scales: list[Scaling], missing: list[str], seed: int) -> list[str]:
    out = ["## Figures", "",
           f"Made by `python bench/bots.py` (in `make bench`) on this project's machine: {os.cpu_count()} cores, "
           f"Python {platform.python_version()}; {PLAYERS} players unless the table says otherwise, seats rotated (each deal played once per "
           f"rotation of the bots), tournament seed {seed}.  A bot's win rate is the share of the games it played "
           "that one of its seats won, with its 95% Wilson interval; head to head is the first bot's share of the "
           "games that only one of the two won (parity: 50%).", "",
           "| game | players | bots | games | first bot's win rate [95%] | second bot's win rate [95%] | head to head [95%] "
           "| draws | forfeits | mean length | games/s per core |",
           "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        s = r.summary
        bots = list(s["bots"].values())
        pair = s["head_to_head"]
        length = s["lengths"].get("mean", "–")
        out.append(f"| {r.game} | {r.players} | {' vs '.join(r.bots)} | {r.games} | {ci(bots[0])} | "
                   f"{ci(bots[1]) if len(bots) > 1 else '–'} | {ci(pair) if pair else '–'} | {s['draws']} | "
                   f"{len(s['forfeits'])} | {length} | {r.games / r.cpu:.1f} |")
    if missing:
        out += ["", "Not run (a bot the game does not have yet): " + "; ".join(missing) + "."]
    out += ["", "Speed-up: the same games played in one process, on a pool of 2 processes and on a local Dask "
            "cluster of 2 worker processes (`distributed.LocalCluster`), wall times; \"same\" says every game "
            "came out the same on all three; the games' own CPU time on one worker; the machine's load average "
            "(runnable processes, over a minute) when the three runs ended: a speed-up needs it below the 2 cores.", "",
            "| game | bots | games | 1 worker (s) | CPU (s) | 2 workers (s) | speed-up | Dask, 2 workers (s) | same "
            "| load |",
            "|---|---|---:|---:|---:|---:|---:|---:|---|---:|"]
    for c in scales:
        out.append(f"| {c.game} | {' vs '.join(c.bots)} | {c.games} | {c.wall['1']:.1f} | {c.cpu:.1f} | "
                   f"{c.wall['2']:.1f} | {c.wall['1'] / c.wall['2']:.2f}× | {c.wall['dask']:.1f} | "
                   f"{'yes' if c.same else 'NO'} | {c.load:.1f} |")
    return out + [""]


def replace_section(path: Path, section: list[str]) -> None:
    """``path`` with its ``## Figures`` section replaced by ``section`` (appended when absent)."""
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else ["# Bots", ""]
    heading = section[0]
    if heading in lines:
        start = lines.index(heading)
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        lines[start:end] = section
    else:
        lines += ["", *section] if lines and lines[-1] else section
    path.write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8")


def counts(text: str) -> dict[str, int]:
    """``--games``: one number for every game, or ``game=N,...``."""
    if text.isdigit():
        return dict.fromkeys(GAMES, int(text))
    return {game: int(n) for game, n in (part.split("=") for part in text.split(","))}


def sizes(text: str) -> dict[str, int]:
    """``--scaling-games``: a number for every game, then ``game=N`` for the games that
    differ (``200,werewolf=1000``: a Werewolf game is short, and a speed-up needs a run of
    a minute or more on one worker to show)."""
    out: dict[str, int] = {}
    for part in text.split(","):
        out.update(counts(part))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=counts, default=counts("2000"), help="games per pairing (N or game=N,...)")
    parser.add_argument("--pairing", action="append", default=None, help="bots of one pairing, e.g. reasoner,random")
    parser.add_argument("--scaling-games", type=sizes, default=sizes(SCALING),
                        help=f"games of the speed-up runs: N for every game, game=N for one (default {SCALING})")
    parser.add_argument("--players", type=counts, default={}, help=f"players by game (game=N,...; default {PLAYERS})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None, help="the Markdown file whose ## Figures section is rewritten")
    opts = parser.parse_args()
    pairings = [tuple(p.split(",")) for p in opts.pairing] if opts.pairing else list(PAIRINGS)
    rows: list[Row] = []
    scales: list[Scaling] = []
    missing: list[str] = []
    for game, games in opts.games.items():
        have = GAMES[game].game().bots
        ready = [p for p in pairings if all(b in have for b in p)]
        missing += [f"{game} {' vs '.join(p)}" for p in pairings if p not in ready]
        players = opts.players.get(game, PLAYERS)
        rows += [tournament(game, p, games, opts.seed, players) for p in ready]
        if ready:
            scales.append(scaling(game, ready[0], opts.scaling_games[game], opts.seed, players))
    section = markdown(rows, scales, missing, opts.seed)
    print("\n".join(section))
    if opts.out:
        replace_section(Path(opts.out), section)


if __name__ == "__main__":
    main()
