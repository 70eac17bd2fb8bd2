"""Whole commands a user waits on (issue 19, item 22): each a fresh ``suiri`` process,
start-up and imports included, beside ``suiri --help``.

    .venv/bin/python bench/commands.py [--repeats N] [--game GAME] [--out FILE]

Each case runs ``N`` times; a figure is the median (and the worst) of the wall time and
of the CPU time (user + system of the child process, from ``getrusage``).  On a busy
machine the wall time grows and the CPU time does not: compare CPU figures between
runs made at different moments.  A case that fails (non-zero exit) is reported as
failed, and the bench goes on.

Cases: the bundled reference records (``suiri examples``): ``analyze``, ``hint``,
``report`` and ``explain`` of up to ``FACTS`` certain facts; simulated records of up to 4
players and 60 turns of each game (``explain`` of up to ``FACTS`` certain facts,
``hint``, ``analyze``); the Memory Detective record of issue 19 item 23
(``explain holder:w3=cid --lines``) and 6-player Clue spectator records with the fake
cut at 10 events (the slowest realistic ``analyze``).  ``--game`` keeps one game's
records (the worst cases are Memory Detective's).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

FACTS = 3  # certain facts explained per record (spread over the record's list)
TARGETS = {"explain": 0.8, "hint": 0.8, "report": 1.5}  # seconds, median, whole process
ANALYZE_BEYOND = 0.15  # seconds beyond `suiri --help`, every game
SLOW_ANALYZE = 0.5  # the 6-player Clue spectator records with the fake
GAMES = ("canary", "detective", "werewolf")


def exe() -> str:
    return str(Path(sys.executable).with_name("suiri"))


@dataclass
class Runs:
    """The runs of one case: wall and CPU seconds, or why it failed."""

    label: str
    args: list[str]
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    failed: str | None = None


def run_once(args: list[str], into: Runs) -> None:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run([exe(), *args], capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        into.failed = f"exit {done.returncode}: {(done.stderr or done.stdout).strip().splitlines()[-1:]}"
        return
    into.wall.append(wall)
    into.cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def measure(label: str, args: list[str], repeats: int) -> Runs:
    runs = Runs(label, args)
    for _ in range(repeats):
        run_once(args, runs)
        if runs.failed:
            break
    status = f"FAILED {runs.failed}" if runs.failed else \
        f"cpu {statistics.median(runs.cpu):.2f} s, wall {statistics.median(runs.wall):.2f} s"
    print(f"  {label:<12} suiri {' '.join(Path(a).name if '/' in a else a for a in args)}: {status}", flush=True)
    return runs


def certain_facts(path: str, n: int) -> list[str]:
    """Up to ``n`` certain facts of a record, spread over its list (in process)."""
    from suiri.models import open_session

    game, session = open_session(path)
    facts = [str(f) for f in game.reasoner(session).certain_facts()]
    if len(facts) <= n:
        return facts
    return [facts[round(i * (len(facts) - 1) / (n - 1))] for i in range(n)]


def simulate(path: Path, args: list[str], failures: list[Runs]) -> Path | None:
    """``suiri simulate ARGS`` written to ``path`` (None, and a failed case, when it fails)."""
    runs = Runs(f"simulate {path.name}", ["simulate", *args])
    done = subprocess.run([exe(), "simulate", *args], capture_output=True, text=True)
    if done.returncode != 0:
        runs.failed = f"exit {done.returncode}: {(done.stderr or done.stdout).strip().splitlines()[-1:]}"
        failures.append(runs)
        return None
    path.write_text(done.stdout, encoding="utf-8")
    return path


def simulated(folder: Path, failures: list[Runs], games: tuple[str, ...] = GAMES) -> list[tuple[str, Path]]:
    """Records of up to 4 players and 60 turns (events in Memory Detective) of each game."""
    specs = [("canary", p, 60, s) for p in (2, 3, 4) for s in (1, 2)]
    specs += [("detective", p, 60, s) for p in (3, 4) for s in (1, 2)]
    specs += [("werewolf", p, 60, s) for p in (3, 4) for s in (1, 2)]
    specs = [spec for spec in specs if spec[0] in games]
    out = []
    for game, players, turns, seed in specs:
        path = simulate(folder / f"{game}-{players}p-{turns}-s{seed}.toml",
                        ["--game", game, "--players", str(players), "--seed", str(seed), "--turns", str(turns)], failures)
        if path is not None:
            out.append((f"{game} {players}p s{seed}", path))
    return out


def bench(repeats: int = 5, games: tuple[str, ...] = GAMES) -> dict[str, object]:
    from suiri.models import example_records

    results: dict[str, list[Runs]] = {"help": [], "reference": [], "simulated": [], "worst": [], "setup": []}
    results["help"].append(measure("--help", ["--help"], max(repeats, 5)))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print("reference records", flush=True)
        for name, item in sorted(example_records().items()):
            if name.split("-")[0] not in games:
                continue
            path = str(item)
            rows = results["reference"]
            rows.append(measure(name, ["analyze", path], repeats))
            rows.append(measure(name, ["hint", path], repeats))
            rows.append(measure(name, ["report", path, "--html", str(folder / f"{name}.html")], repeats))
            for fact in certain_facts(path, FACTS):
                rows.append(measure(name, ["explain", path, fact], repeats))
        print("simulated records", flush=True)
        for label, path in simulated(folder, results["setup"], games):
            rows = results["simulated"]
            rows.append(measure(label, ["analyze", str(path)], repeats))
            rows.append(measure(label, ["hint", str(path)], repeats))
            for fact in certain_facts(str(path), FACTS):
                rows.append(measure(label, ["explain", str(path), fact], repeats))
        if "detective" not in games:
            return {"results": results, "repeats": repeats}
        print("worst cases", flush=True)
        d = simulate(folder / "d.toml", ["--game", "detective", "--players", "4", "--seed", "1", "--turns", "60",
                                         "--viewer", "bea"], results["setup"])
        item23 = Runs("item 23", ["explain", "d.toml", "holder:w3=cid", "--lines"], failed="no record")
        results["worst"].append(measure("item 23", ["explain", str(d), "holder:w3=cid", "--lines"], repeats)
                                if d is not None else item23)
        for seed in range(1, 9):
            path = simulate(folder / f"clue-fake-6p-{seed}.toml",
                            ["--game", "detective", "--players", "6", "--variant", "clue-fake", "--viewer", "none",
                             "--seed", str(seed), "--turns", "10"], results["setup"])
            if path is not None:
                results["worst"].append(measure(f"clue-fake {seed}", ["analyze", str(path)], repeats))
    return {"results": results, "repeats": repeats}


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _worst(values: list[float]) -> float:
    return max(values) if values else float("nan")


def report(result: dict[str, object]) -> list[str]:
    results: dict[str, list[Runs]] = result["results"]  # type: ignore[assignment]
    repeats = result["repeats"]
    help_runs = results["help"][0]
    help_cpu, help_wall = _median(help_runs.cpu), _median(help_runs.wall)
    lines = [
        "## Whole commands (issue 19)",
        "",
        "`bench/commands.py`: each command a fresh `suiri` process (start-up and imports included), "
        f"{repeats} runs per case; CPU is user + system time of the process (what a busy machine does not "
        "change), wall is what a user waits on a quiet machine.  Seconds, median / worst over the runs of "
        "every case in the row.  Facts: up to "
        f"{FACTS} certain facts of each record, spread over its list.  Simulated records: 2, 3 and 4 players, "
        "60 turns (events in Memory Detective; Werewolf games end sooner), seeds 1 and 2, the first seat.  "
        "The commands are single-threaded (no solver runs threads), so on a quiet machine a command's wall "
        "time is its CPU time plus a little I/O: \"met\" compares the CPU median with the target, which stays "
        "true when other work shares the machine.",
        "",
        f"- `suiri --help`: CPU **{help_cpu:.2f} s**, wall {help_wall:.2f} s (median).",
        "",
        "| records | command | cases | CPU median | CPU worst | wall median | wall worst | target (median) | met (by CPU) |",
        "|---|---|---:|---:|---:|---:|---:|---|---|",
    ]
    failed: list[Runs] = []
    for group in ("reference", "simulated"):
        by_command: dict[str, list[Runs]] = {}
        for r in results[group]:
            by_command.setdefault(r.args[0], []).append(r)
            if r.failed:
                failed.append(r)
        for command, rows in by_command.items():
            games = sorted({r.label.split()[0].split("-")[0] for r in rows})
            for g in games:
                mine = [r for r in rows if r.label.split()[0].split("-")[0] == g]
                cpu = [x for r in mine for x in r.cpu]
                wall = [x for r in mine for x in r.wall]
                if command == "analyze":
                    target, met = f"≤ {ANALYZE_BEYOND} s beyond `--help`", _median(cpu) - help_cpu <= ANALYZE_BEYOND
                else:
                    limit = TARGETS[command]
                    target, met = f"< {limit} s", bool(cpu) and _median(cpu) < limit
                if any(r.failed for r in mine):
                    met = False
                lines.append(f"| {group} {g} | `{command}` | {len(mine)} | {_median(cpu):.2f} | {_worst(cpu):.2f} | "
                             f"{_median(wall):.2f} | {_worst(wall):.2f} | {target} | {'yes' if met else '**no**'} |")
    worst = results["worst"]
    failed += [r for r in worst if r.failed] + results["setup"]
    if worst:  # none with one game's records only (``--game``)
        lines += worst_cases(worst)
    if failed:
        lines += ["", "Failed cases (the bench went on):", ""]
        lines += [f"- `suiri {' '.join(r.args)}`: {r.failed}" for r in failed]
    return lines + [""]


def worst_cases(worst: list[Runs]) -> list[str]:
    """The lines of item 23's command and of the 6-player Clue spectator records."""
    item23 = worst[0]
    fake = worst[1:]
    fake_cpu = [_median(r.cpu) for r in fake if r.cpu]
    fake_wall = [_median(r.wall) for r in fake if r.wall]
    return [
        "",
        "- Issue 19 item 23, `suiri explain d.toml holder:w3=cid --lines` (Memory Detective, 4 players, seed 1, "
        "60 events, bea's seat): " + (f"**failed** ({item23.failed})" if item23.failed else
                                       f"CPU {_median(item23.cpu):.2f} s, wall {_median(item23.wall):.2f} s "
                                       "(it was 12.7 s of CPU before the queries moved to the model's clauses)."),
        f"- 6-player Clue spectator records with the fake, cut at 10 events (seeds 1–8), `suiri analyze`: "
        f"CPU median {_median(fake_cpu):.2f} s, slowest {_worst(fake_cpu):.2f} s; wall slowest "
        f"{_worst(fake_wall):.2f} s (target < {SLOW_ANALYZE} s, by CPU: "
        f"{'met' if fake_cpu and _worst(fake_cpu) < SLOW_ANALYZE else '**not met**'}).",
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", choices=GAMES, default=None, help="one game's records only")
    parser.add_argument("--out", default=None, help="write the Markdown section here")
    opts = parser.parse_args()
    lines = report(bench(opts.repeats, GAMES if opts.game is None else (opts.game,)))
    print("\n".join(lines))
    if opts.out:
        Path(opts.out).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
