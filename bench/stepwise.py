"""Step-wise explanations (issue 12): time per certain fact, python-sat against CP-SAT
(the two back ends of the one oracle interface), and the time of one step-wise hint
(``StepExplainer.next_step``) per record.

    .venv/bin/python bench/stepwise.py [--records N] [--cpsat N] [--games canary,...]

Records per game: the bundled reference record and N simulated ones (Canary: 2-4
players, 10-35 turns; Memory Detective: 3-5 players, up to 60 events; Werewolf: 3-4
players, whole games), each from one player's seat, through the game's adapter
(``models/<game>/steps.py``).  Times are in process, after the session is opened; the
set-up (clause export and solver load) is reported apart.  Every chain is checked
(entailment and minimality of every step) with CP-SAT on the game's own model.
Targets (issue 12): under 1 s median and 2 s worst per command beyond start-up.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from suiri.models import game, open_session
from suiri.models.canary.rules import Variant
from suiri.models.canary.session import CanarySession
from suiri.models.canary.simulator import simulate
from suiri.models.canary.steps import CanarySteps
from suiri.models.detective.steps import DetectiveSteps
from suiri.models.werewolf.steps import WerewolfSteps
from suiri.solver.backends import CpSatOracle, SatOracle
from suiri.solver.chain import StepExplainer, check_chain
from suiri.solver.errors import Undecided

ADAPTERS: dict[str, Any] = {"canary": CanarySteps, "detective": DetectiveSteps, "werewolf": WerewolfSteps}
CPSAT_LIMIT = 10.0  # CP-SAT deterministic seconds (work, not the clock) per call before it counts as undecided
REFERENCE = {"canary": "canary-3p", "detective": "detective-3p", "werewolf": "werewolf-4p"}


def sessions(name: str, n: int) -> list[Any]:
    """The reference record's session, then ``n`` simulated ones."""
    _, reference = open_session(f"models/{name}/records/{REFERENCE[name]}.toml")
    out = [reference]
    g = game(name)
    for seed in range(n):
        if name == "canary":
            players = 2 + seed % 3
            sim = simulate(Variant.for_players(players), seed, max_turns=10 + 5 * (seed % 6), declare_rate=0.2)
            out.append(CanarySession(sim.record(sim.players[seed % players])))
            continue
        players = (3, 4, 5)[seed % 3] if name == "detective" else (3, 4)[seed % 2]
        state = g.new_state(players, seed, "base")
        out.append(g.open(g.simulate(players, seed, 60, state.players[seed % players])))
    return out


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def summary(name: str, times: Sequence[float]) -> str:
    if not times:
        return f"  {name:<36} (none)"
    return (f"  {name:<36} n={len(times):<4} median {1000 * statistics.median(times):6.0f} ms"
            f"   worst {1000 * max(times):6.0f} ms   over 1 s: {sum(t > 1 for t in times)}")


def bench_game(name: str, records: int, cpsat: int) -> list[str]:
    setup, sat, cp, hints, kept = [], [], [], [], []
    undecided = 0
    bad: list[str] = []
    for i, session in enumerate(sessions(name, records)):
        dt, adapter = timed(lambda s=session: ADAPTERS[name](s))  # type: ignore[misc]
        setup.append(dt)
        problem = adapter.problem
        checker = CpSatOracle(problem.cp)
        facts = adapter.certain_facts()
        for fact in facts:
            dt, steps = timed(lambda f=fact, a=adapter: a.explain(f))  # type: ignore[misc]
            sat.append(dt)
            kept.append(len(steps))
            bad += [f"{fact}: {p}" for p in check_chain(problem, checker, steps, fact)]
        if facts:
            fresh = StepExplainer(problem, SatOracle(problem.cnf))
            hints.append(timed(lambda e=fresh, fs=facts: e.next_step(fs))[0])  # type: ignore[misc]
        if i < cpsat:
            on_cpsat = StepExplainer(problem, CpSatOracle(problem.cp, work_limit=CPSAT_LIMIT))
            for fact in facts:
                try:
                    cp.append(timed(lambda f=fact, e=on_cpsat: e.explain(f))[0])  # type: ignore[misc]
                except Undecided:
                    undecided += 1
    lines = [f"{name}: reference + {records} simulated records, {len(sat)} certain facts",
             summary("set-up (export + solver load)", setup),
             summary("explain by steps, python-sat", sat),
             summary(f"explain by steps, CP-SAT (first {cpsat})", cp)
             + (f"   undecided after {CPSAT_LIMIT:.0f} deterministic s: {undecided}" if undecided else ""),
             summary("hint by steps (first step), python-sat", hints),
             f"  steps per explanation: median {statistics.median(kept) if kept else 0}, max {max(kept, default=0)}",
             f"  chains failing the CP-SAT check: {len(bad)}"]
    lines += [f"    {b}" for b in bad[:10]]
    return lines


def markdown(records: int, cpsat: int, games: Sequence[str] = ("canary", "detective", "werewolf")) -> list[str]:
    """The side-by-side figures as a section of docs/performance.md."""
    lines = ["## Step-wise explanations in process: python-sat against CP-SAT (issue 12)", "",
             f"`bench/stepwise.py --records {records} --cpsat {cpsat}`: per certain fact, after the session is "
             "opened (set-up = clause export and solver load, once per record). Every chain is checked by CP-SAT.",
             "", "```"]
    for name in games:
        lines += bench_game(name, records, cpsat)
    return lines + ["```", ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--records", type=int, default=30, help="simulated records per game")
    parser.add_argument("--cpsat", type=int, default=6, help="records per game also explained on CP-SAT")
    parser.add_argument("--games", default="canary,detective,werewolf")
    args = parser.parse_args()
    for name in args.games.split(","):
        for line in bench_game(name, args.records, args.cpsat):
            print(line, flush=True)


if __name__ == "__main__":
    main()
