"""``explain`` and ``hint`` as whole commands (issue 12), on the bench records of every
game: the one step-wise engine (issue 20 removed the older line-set proof and hint
ranking; ``--lines`` now prints the lines the same chain cites, so it costs the same).

    .venv/bin/python bench/explain.py [--records N] [--games canary,...]

Records per game: the bundled reference record and N simulated ones (as in
``bench/stepwise.py``), written to files.  Each command runs in process through click's
``CliRunner`` (``suiri explain FILE FACT``), so a time is the whole command beyond
interpreter start-up and imports: reading the record, checking it, the exact count,
the model, and the proof.  ``explain``: every certain fact of the reference record, and
up to ``PER_RECORD`` certain facts of each simulated one (spread over the list).
``hint``: once per record, ``suiri hint FILE``.  Targets: under 1 s median and 2 s worst.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from stepwise import sessions  # bench/stepwise.py, beside this file

from suiri.cli.main import main as cli
from suiri.models import game

PER_RECORD = 6  # certain facts explained per simulated record
TARGET_MEDIAN, TARGET_WORST = 1.0, 2.0


def run(args: Sequence[str]) -> float:
    """Seconds of one whole command in process (it must succeed)."""
    t = time.perf_counter()
    result = CliRunner().invoke(cli, list(args))
    dt = time.perf_counter() - t
    if result.exit_code != 0:
        raise RuntimeError(f"suiri {' '.join(args)} failed: {result.output}{result.exception!r}")
    return dt


def spread(items: list[Any], n: int) -> list[Any]:
    if len(items) <= n:
        return items
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)]


def bench_game(name: str, records: int, folder: Path) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"explain": [], "hint": []}
    g = game(name)
    for i, session in enumerate(sessions(name, records)):
        path = folder / f"{name}-{i}.toml"
        path.write_text(g.write(session.record), encoding="utf-8")
        certain = [str(f) for f in g.analyze(session).certain]
        for fact in certain if i == 0 else spread(certain, PER_RECORD):
            times["explain"].append(run(["explain", str(path), fact]))
        if certain:
            times["hint"].append(run(["hint", str(path)]))
    return times


def cell(ts: list[float]) -> str:
    if not ts:
        return "–"
    return f"{1000 * statistics.median(ts):.0f} / {1000 * max(ts):.0f}"


def report(results: dict[str, dict[str, list[float]]], records: int) -> list[str]:
    lines = [
        "## explain and hint (issue 12; one engine since issue 20)",
        "",
        f"`bench/explain.py`: whole commands in process (click's `CliRunner`: reading, checking, counting, "
        f"the model and the proof; no interpreter start-up), on each game's reference record and {records} "
        f"simulated ones: every certain fact of the reference, up to {PER_RECORD} of each simulated record; "
        "one hint per record. Median / worst in ms; targets under 1 s median and 2 s worst.",
        "",
        "| game | explain, facts | explain | over 1 s | hint | target met |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, t in results.items():
        new = t["explain"] + t["hint"]
        met = bool(new) and statistics.median(t["explain"]) < TARGET_MEDIAN and \
            statistics.median(t["hint"] or [0]) < TARGET_MEDIAN and max(new) < TARGET_WORST
        lines.append(f"| {name} | {len(t['explain'])} | {cell(t['explain'])} | {sum(x > 1 for x in t['explain'])} | "
                     f"{cell(t['hint'])} | {'yes' if met else '**no**'} |")
    lines.append("")
    return lines


def bench(records: int, games: Sequence[str] = ("canary", "detective", "werewolf")) -> dict[str, dict[str, list[float]]]:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in games:
            out[name] = bench_game(name, records, Path(tmp))
            print(f"{name}: explain {cell(out[name]['explain'])} ms, hint {cell(out[name]['hint'])} ms", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--records", type=int, default=10, help="simulated records per game")
    parser.add_argument("--games", default="canary,detective,werewolf")
    args = parser.parse_args()
    print("\n".join(report(bench(args.records, args.games.split(",")), args.records)))


if __name__ == "__main__":
    main()
