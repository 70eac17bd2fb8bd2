"""Tournaments: bots against each other, many games, seats rotated (issue 21).

``schedule`` lays out the games (which deal, which bot in which seat, each game seeded
on its own), ``match`` plays one of them through the game's referee
(``suiri.models.bots.play_game``), ``runner`` plays a schedule in this process, on a
process pool or on a Dask cluster, and ``stats`` sums the games up (win rates with
Wilson intervals, per bot and per seat, lengths, draws and forfeits).  A game's result
depends on its own seed and line-up only, so the same tournament gives the same
results whatever the executor and the number of workers.

Above the models (it plays any registered game by name), below the CLI
(``suiri tournament``, ``cli/tournament.py``) and the figures (``bench/bots.py``).
"""

from __future__ import annotations

from .match import Played, play
from .runner import Finished, run
from .schedule import Fixture, schedule
from .stats import Summary, wilson

__all__ = ["Finished", "Fixture", "Played", "Summary", "play", "run", "schedule", "wilson"]
