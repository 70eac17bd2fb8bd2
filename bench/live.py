"""Benchmark of ``suiri live``: how long a player waits after typing one line.

Each record is simulated, written in its game's compact notation, and typed line by
line from its setup: in process (``Live.handle``: check, analysis and the printed
summary) and through a real pseudo-terminal (pexpect: from Enter to the next prompt,
as a person sees it).  Target: every accepted line answered in under 0.5 s.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from suiri.cli.live import Live
from suiri.models import game
from suiri.models.live import LiveRecord, setup_length

# (game, players, seed, turns, variant): the records typed, a long game of each kind.
RECORDS = (
    ("canary", 3, 11, 60, "base"),
    ("canary", 4, 12, 60, "base"),
    ("detective", 4, 13, 40, "base"),
    ("detective", 6, 14, 40, "clue-fake"),
    ("detective", 8, 17, 60, "clue"),
    ("werewolf", 3, 16, 500, "base"),
    ("werewolf", 4, 15, 500, "base"),
)
TARGET = 0.5


def compact(name: str, players: int, seed: int, turns: int, variant: str) -> list[str]:
    chosen = game(name)
    seat = chosen.new_state(players, seed, variant).players[0]
    return chosen.write(chosen.simulate(players, seed, turns, seat, variant), "compact").splitlines()


def in_process(name: str, lines: list[str], folder: Path) -> list[float]:
    head = setup_length(game(name), lines)
    live = Live(LiveRecord.start(folder / f"{name}.txt", name, lines[:head]), "en", lambda _: None, False)
    times = []
    for line in lines[head:]:
        t = time.perf_counter()
        live.handle(line)
        times.append(time.perf_counter() - t)
    assert live.record.lines == lines, "a line of a legal record was refused"
    return times


def through_pty(name: str, lines: list[str], folder: Path) -> list[float]:
    import pexpect

    head = setup_length(game(name), lines)
    path = folder / f"{name}-pty.txt"
    path.write_text("\n".join(lines[:head]) + "\n", encoding="utf-8")
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", SUIRI_NO_HISTORY="1")
    child = pexpect.spawn(str(Path(sys.executable).with_name("suiri")), ["live", str(path)], env=env,
                          encoding="utf-8", timeout=30, dimensions=(50, 140))
    prompt = f"{name}>"
    child.expect(prompt)
    times = []
    for line in lines[head:]:
        child.sendline(line)
        t = time.perf_counter()
        child.expect("✓")
        child.expect(prompt)
        times.append(time.perf_counter() - t)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    return times


def bench() -> list[tuple[str, int, str, int, list[float], list[float]]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, players, seed, turns, variant in RECORDS:
            lines = compact(name, players, seed, turns, variant)
            inside = in_process(name, lines, Path(tmp))
            pty = through_pty(name, lines, Path(tmp))
            rows.append((name, players, variant, len(inside), inside, pty))
            print(f"live {name} {players}p {variant}: {len(inside)} lines, in process median "
                  f"{statistics.median(inside)*1000:.0f} ms max {max(inside)*1000:.0f} ms; pty median "
                  f"{statistics.median(pty)*1000:.0f} ms max {max(pty)*1000:.0f} ms", flush=True)
    return rows


def report(rows: list[tuple[str, int, str, int, list[float], list[float]]]) -> list[str]:
    worst = max(max(r[4] + r[5]) for r in rows)
    lines = [
        "## `suiri live`: one line typed at the table",
        "",
        "A simulated record of each kind, written in its compact notation and typed line by line from "
        "its setup lines. In process: `Live.handle` (replay, check, analysis and the printed summary). "
        "Through a pty: `suiri live` under pexpect, from Enter to the next prompt, as a person sees it. "
        f"Target: every accepted line answered in under {TARGET:.1f} s.",
        "",
        "| game | players | variant | lines typed | in process median (ms) | in process max (ms) "
        "| pty median (ms) | pty max (ms) |",
        "|---|---:|---|---:|---:|---:|---:|---:|",
    ]
    for name, players, variant, n, inside, pty in rows:
        lines.append(f"| {name} | {players} | {variant} | {n} | {statistics.median(inside)*1000:.0f} | "
                     f"{max(inside)*1000:.0f} | {statistics.median(pty)*1000:.0f} | {max(pty)*1000:.0f} |")
    lines += ["", f"- Slowest line anywhere: **{worst*1000:.0f} ms** ({TARGET/worst:.1f}× under the target).", ""]
    return lines


if __name__ == "__main__":
    for row in report(bench()):
        print(row)
