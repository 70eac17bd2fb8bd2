"""Puzzle difficulty calibration and the puzzle-book benchmark.

``python bench/puzzles.py --calibrate``: generates as many puzzles as ``--seconds`` allow
per game in a process pool (every player count and question in turn, as a book draws
them; the rate is printed), rates each (``suiri.puzzles.rating``), prints the score
distribution and the thirds that become each game's ``FACTS.thresholds``, keeps the samples in
``bench/results/`` (``--replot`` redraws from them) and writes the plot
``docs/puzzle-difficulty.png``.

``python bench/puzzles.py --book``: the wall time of a 20-puzzle mixed book per game
(HTML with pictures), in a process pool and in one process.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from suiri.models import check_players, check_question, facts
from suiri.models import game as game_named
from suiri.puzzles import first_answered, rated
from suiri.puzzles.book import Task, build, combos, tasks, write_book
from suiri.puzzles.rating import Thresholds, thirds
from suiri.solver.errors import SuiriError

GAMES = ("canary", "detective", "werewolf")
ROOT = Path(__file__).resolve().parents[1]


def sample(task: Task) -> tuple[int, int, int, str] | None:
    """(lines, steps, hardest rule weight, level key) of the puzzle one simulated game
    gives: its answer at the cut ``first_answered`` finds, when no single line gives it
    away (``rated``; the level's own minimum of steps is left to the book)."""
    played = game_named(task.game)
    try:
        check_players(played.facts, task.players)
        check_question(played.facts, task.question)
        players = played.new_state(task.players, task.seed, played.facts.variants[0]).players
        viewer = random.Random(task.seed).choice(players)
        record = played.simulate(task.players, task.seed, 500, viewer, played.facts.variants[0])
        found = first_answered(played, played.cuts(record), task.question)
    except SuiriError:
        return None
    proof = None if found is None else rated(played, found[1], found[2])
    if proof is None:
        return None
    r = proof[1]
    return r.lines, r.steps, r.hardest, f"{task.players}p {task.question}"


def draw(game: str, seconds: float, seed: int, workers: int) -> tuple[list[tuple[int, int, int, str]], int, float]:
    """As many simulated games' puzzles as ``seconds`` allow (batches in a process pool):
    the puzzles (games that gave none are left out), the games played and the time."""
    source = tasks(game, seed, "en", combos(game))
    got: list[tuple[int, int, int, str]] = []
    played = 0
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        while time.perf_counter() - start < seconds:
            chunk = [next(source) for _ in range(16 * workers)]
            got += [s for s in pool.map(sample, chunk, chunksize=4) if s is not None]
            played += len(chunk)
    return got, played, time.perf_counter() - start


def calibrate(seconds: float, workers: int, out: Path, samples: Path, games: tuple[str, ...] = GAMES,
              more: bool = False) -> dict[str, Thresholds]:
    """Generate for ``seconds`` per game, save the samples, plot and print the table.
    ``more``: add to the saved samples (games simulated from another seed, so none repeats)."""
    found: dict[str, list[tuple[int, int, int, str]]] = (
        json.loads(samples.read_text(encoding="utf-8")) if more and samples.exists() else {})
    for game in games:
        seed = 2 + (1 if more else 0)
        got, played, took = draw(game, seconds, seed, workers)
        found[game] = [*found.get(game, []), *got] if more else got
        print(f"{game}: {played} simulated games in {took:.0f} s with {workers} workers "
              f"({played / took:.1f}/s) gave {len(got)} puzzles", flush=True)
    samples.parent.mkdir(parents=True, exist_ok=True)
    samples.write_text(json.dumps(found), encoding="utf-8")
    print(f"wrote {samples}")
    return report(found, out)


def report(found: dict[str, list[tuple[int, int, int, str]]], out: Path) -> dict[str, Thresholds]:
    table: dict[str, Thresholds] = {}
    for game, got in found.items():
        scores = [lines + steps + hardest for lines, steps, hardest, _ in got]
        table[game] = thirds(scores)
        dist = Counter(scores)
        print(f"{game}: {len(got)} puzzles; score: count " + ", ".join(f"{s}: {dist[s]}" for s in sorted(dist)))
        print(f"  lines: {sorted(Counter(x[0] for x in got).items())}; steps: "
              f"{sorted(Counter(x[1] for x in got).items())}; hardest rule: {sorted(Counter(x[2] for x in got).items())}")
        levels = Counter(table[game].level(s) for s in scores)
        print(f"  {table[game]}; levels {dict(sorted(levels.items()))}", flush=True)
    plot(found, table, out)
    for game, t in table.items():  # each game's FACTS (models/<game>/__init__.py)
        print(f"{game}: thresholds=Thresholds(easy={t.easy}, medium={t.medium}, sampled={t.sampled}),")
    return table


def plot(found: dict[str, list[tuple[int, int, int, str]]], table: dict[str, Thresholds], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(found), figsize=(4.2 * len(found), 3.4), constrained_layout=True)
    colours = {"easy": "#6cbf6c", "medium": "#e8b84a", "hard": "#d9534f"}
    for ax, (game, got) in zip(axes, found.items(), strict=True):
        scores = Counter(lines + steps + hardest for lines, steps, hardest, _ in got)
        xs = sorted(scores)
        t = table[game]
        ax.bar(xs, [scores[x] for x in xs], color=[colours[t.level(x)] for x in xs], edgecolor="#333", width=0.8)
        for edge in (t.easy + 0.5, t.medium + 0.5):
            ax.axvline(edge, color="#333", linestyle="--", linewidth=1)
        ax.set_title(f"{game} ({len(got)} puzzles)")
        ax.set_xlabel("score = lines + steps + hardest rule weight")
        ax.set_ylabel("puzzles")
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in colours.values()]
    axes[0].legend(handles, list(colours), loc="upper right", fontsize=8)
    fig.savefig(out, dpi=110)
    print(f"wrote {out}")


def book_times(count: int, workers: int) -> list[tuple[str, int, float, int]]:
    """Seconds to build and write a ``count``-puzzle mixed HTML book with pictures, per
    game and number of workers: (game, workers, seconds, simulated games)."""
    from suiri.cli.views import picture_svg

    rows = []
    print(f"{count}-puzzle mixed book, HTML with pictures, {os.cpu_count()} cores:")
    for game in GAMES:
        for w in sorted({workers, 1}, reverse=True):
            start = time.perf_counter()
            book = build(game, count, "mixed", seed=1, picture=picture_svg, workers=w)
            with tempfile.TemporaryDirectory() as tmp:
                write_book(book, str(Path(tmp) / "book.html"))
            took = time.perf_counter() - start
            rows.append((game, w, took, book.tried))
            print(f"  {game:9} {w} worker(s): {took:5.1f} s ({book.tried} simulated games)", flush=True)
    return rows


def book_report(rows: list[tuple[str, int, float, int]], count: int = 20) -> list[str]:
    """The `make bench` section: a class's book against the 30 s target."""
    worst = max(r[2] for r in rows)
    lines = ["## `suiri puzzle-book`: a book for a class", "",
             f"A {count}-puzzle mixed book (HTML with pictures, every puzzle checked by the exact counter), "
             "built and written; `bench/puzzles.py --book`. Target: under 30 s.", "",
             "| game | workers | seconds | simulated games |", "|---|---:|---:|---:|"]
    lines += [f"| {g} | {w} | {t:.1f} | {n} |" for g, w, t, n in rows]
    lines += ["", f"- Slowest book: **{worst:.1f} s** ({30 / worst:.1f}× under the target). Difficulty "
              "thresholds and their distribution: [puzzles.md](puzzles.md).", ""]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--seconds", type=float, default=90.0, help="generation time per game when calibrating")
    parser.add_argument("--book", action="store_true")
    parser.add_argument("--game", choices=GAMES, action="append", help="calibrate only these games (repeatable)")
    parser.add_argument("--more", action="store_true", help="add to the saved samples (another seed) instead of replacing them")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--plot", type=Path, default=ROOT / "docs" / "puzzle-difficulty.png")
    parser.add_argument("--samples", type=Path, default=ROOT / "bench" / "results" / "puzzle-samples.json",
                        help="where --calibrate keeps its samples (--replot redraws from them)")
    parser.add_argument("--replot", action="store_true", help="the table and plot from saved samples")
    args = parser.parse_args()
    if not (args.calibrate or args.book or args.replot):
        args.book = True
    if args.calibrate:
        calibrate(args.seconds, args.workers, args.plot, args.samples, tuple(args.game or GAMES), args.more)
    elif args.replot:
        report(json.loads(args.samples.read_text(encoding="utf-8")), args.plot)
    else:
        print("thresholds in use:", {g: (t.easy, t.medium, t.sampled)
                                     for g, t in ((g, facts(g).thresholds) for g in GAMES)})
    if args.book:
        book_times(args.count, args.workers)


if __name__ == "__main__":
    sys.exit(main())
