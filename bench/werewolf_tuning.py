"""Tune the Werewolf reasoner with the tournament (issue 21, docs/bots.md): each candidate
``threshold`` plays the same seeded tournament against the notebook (seats rotated, the
same deals for every candidate), and its head to head (its share of the games only one of
the two won) is printed with its 95% Wilson interval.

    .venv/bin/python bench/werewolf_tuning.py [--games 800] [--thresholds 0.2,0.3,0.5,1.1]
                                              [--players 4] [--seed 7] [--workers K]

A threshold above 1 turns the Vote rule off (the reasoner plays advise's first move).
The candidates are registered as extra bots of the game in this process only (the pool's
workers inherit them); the figures of docs/bots.md are ``bench/bots.py``'s.
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from suiri.arena import Summary, run, schedule
from suiri.models.werewolf.bots import ReasonerBot
from suiri.models.werewolf.game import BOTS


def candidate(threshold: float) -> str:
    name = f"reasoner@{threshold:g}"
    BOTS[name] = partial(ReasonerBot, threshold=threshold)
    return name


def line(name: str, summary: dict[str, Any]) -> str:
    pair = summary["head_to_head"]
    low, high = pair["ci95"]
    rates = ", ".join(f"{bot} {t['win_rate']:.3f}" for bot, t in summary["bots"].items())
    return (f"{name}: head to head {pair['wins']}/{pair['games']} = {pair['win_rate']:.3f} "
            f"[{low:.3f}, {high:.3f}]; win rates {rates}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--thresholds", default="0.2,0.3,0.5,1.1")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=None)
    opts = parser.parse_args()
    names = [candidate(float(t)) for t in opts.thresholds.split(",")]
    for name in names:
        bots = (name, "notebook")
        finished = run(schedule("werewolf", bots, opts.games, opts.players, opts.seed), workers=opts.workers)
        print(line(name, Summary.of(finished.played, bots).to_json()), flush=True)


if __name__ == "__main__":
    main()
