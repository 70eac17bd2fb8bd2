"""The Clue figure of docs/bots.md (issue 21): for each bot, over 4-player Clue games
with the bots rotated round the seats, its win rate, how many suggestions it made before
it accused, and how many it had made when its own record first made the envelope
certain (exact: the seat's count of deals leaves one triple).  The published Clue
strategy studies (docs/bots.md, Memory Detective) measure the same: suggestions to a
certain accusation, and wins.

    .venv/bin/python bench/clue.py [--games N] [--bots notebook,reasoner,concealer] [--out docs/bots.md]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from pathlib import Path

from bots import replace_section  # bench/bots.py, beside this file

from suiri.models import game
from suiri.models.bots import play_game
from suiri.models.detective.rules import Accuse, Deduce
from suiri.models.detective.session import DetectiveSession

PLAYERS = 4


def figures(games: int, names: list[str], seed: int) -> list[str]:
    clue = game("detective")
    accused: dict[str, list[int]] = defaultdict(list)
    certain: dict[str, list[int]] = defaultdict(list)
    seats: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    wrong: dict[str, int] = defaultdict(int)
    for g in range(seed, seed + games):
        seating = clue.seating(PLAYERS, g, "clue")
        lineup = [names[(g + i) % len(names)] for i in range(PLAYERS)]
        bots = {p: clue.bots[b](p, random.Random(f"{g}-{p}")) for p, b in zip(seating.players, lineup, strict=True)}
        outcome = play_game(seating, bots)
        events = seating.state.events  # type: ignore[attr-defined]
        # up to the end, but not the winning accusation itself (it tells everybody)
        last = len(events) - (1 if events and isinstance(events[-1], Accuse) and events[-1].correct else 0)
        for p, b in zip(seating.players, lineup, strict=True):
            seats[b] += 1
            wins[b] += p in outcome.winners
            made = 0
            for e in events:
                if isinstance(e, Accuse) and e.by == p:
                    accused[b].append(made)
                    wrong[b] += not e.correct
                    break
                made += isinstance(e, Deduce) and e.by == p
            record = seating.record_for(p)
            made = 0
            for k in range(last + 1):
                made += k > 0 and isinstance(events[k - 1], Deduce) and events[k - 1].by == p
                truth = DetectiveSession(record.truncated(k)).counter.count(marginals=False).truth
                if sum(1 for n in truth.values() if n) == 1:
                    certain[b].append(made)
                    break

    def mean(xs: list[int]) -> str:
        return f"{statistics.mean(xs):.2f}" if xs else "–"

    out = ["## Clue figures", "",
           f"Made by `python bench/clue.py` (in `make bench`): {games} Clue games of {PLAYERS} players, the bots "
           f"{', '.join(names)} rotated round the seats, deals from seed {seed}.  Suggestions: the bot's own, "
           "before it accused (in the games it accused) and when its record first made the envelope certain "
           "(exact count; in the games where that happened).", "",
           "| bot | seats | win rate | accusations (wrong) | suggestions before accusing | "
           "suggestions until certain (games) |",
           "|---|---:|---:|---:|---:|---:|"]
    for b in dict.fromkeys(names):
        out.append(f"| {b} | {seats[b]} | {wins[b] / seats[b]:.3f} | {len(accused[b])} ({wrong[b]}) | "
                   f"{mean(accused[b])} | {mean(certain[b])} ({len(certain[b])}) |")
    return out + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bots", default="notebook,reasoner,concealer,random")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--out", default=None, help="the Markdown file whose ## Clue figures section is rewritten")
    opts = parser.parse_args()
    section = figures(opts.games, opts.bots.split(","), opts.seed)
    print("\n".join(section))
    if opts.out:
        replace_section(Path(opts.out), section)


if __name__ == "__main__":
    main()
