"""*Werewolf Never Sleeps* (人狼は眠らない): cards over time, as a record replays them.

Modules, lowest layer first: ``cards`` (the eleven kinds, the deck), ``rules`` (the
rules as functions and ``replay``: a record checked against the public table, turned
into moves of hidden cards), ``record`` (TOML reader/writer) and ``notation`` (the
compact line notation, read into the same data), ``table`` and ``state``
(the true game state; ``WerewolfState`` is the ``State`` moves are applied to),
``simulator`` (seeded random legal moves on a State), ``counter`` (exact counting of
hidden histories by forward DP over merged states), ``encoder`` (the time-step CP-SAT
model), ``session`` (one record replayed and counted: state only), ``analysis``,
``reasoning`` (the ``ReasoningSession`` for explain and hint), ``advice`` and ``drawn``
(``advise --drew``: the viewer's turn in progress), ``game``
(the ``Game`` the CLI calls) and ``text`` (English and Japanese sentences).

This module states the game's facts once (``FACTS``); nothing here imports the rules.
"""

from __future__ import annotations

from suiri.models.interface import GameFacts, Thresholds

FACTS = GameFacts(
    name="werewolf",
    title_en="Werewolf Never Sleeps",
    title_ja="人狼は眠らない",
    players=range(3, 5),
    variants=("base",),
    questions=("werewolf", "lost-legacy"),  # what `suiri puzzle --question` may ask
    winning=("werewolf",),
    subjects=("lost-legacy", "werewolf", "madman", "hand:NAME", "ruins", "discard:NAME:INDEX"),
    step_name="moves",  # turns and [[search]] entries
    world_name="histories",  # what `check` counts
    thresholds=Thresholds(easy=12, medium=16, sampled=305),  # bench/puzzles.py --calibrate (docs/puzzles.md)
    asks={"werewolf": ("Who is the Werewolf (or nobody)?", "人狼は誰？（いなければ nobody）"),
          "lost-legacy": ("Where is the Lost Legacy?", "失われた遺産はどこ？")},
)
