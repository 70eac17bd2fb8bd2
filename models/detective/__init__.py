"""*Memory Detective* (記憶探偵): the rules as information events, and what suiri asks of them.

The package states the game (``cards``: the deck and the fake; ``rules``: variants,
events and each rule as one function, shared by the checker and the ``state``;
``record``: the TOML reader and writer; ``notation``: the compact line notation, read
into the same data), plays it (``state``: the true hidden deal and
the legal moves; ``simulator``: random legal games on a state), counts it (``counter``:
exact deal counting; ``encoder``: the CP-SAT model) and answers the CLI's questions
(``session`` → ``analysis`` → ``reasoning`` → ``advice``, in that one direction;
``text``: English and Japanese sentences).  ``game.GAME`` is its ``Game``.

This module holds only the game's facts (read by ``suiri --help`` without importing
the rules).
"""

from __future__ import annotations

from suiri.models.interface import GameFacts, Thresholds

FACTS = GameFacts(
    name="detective",
    title_en="Memory Detective",
    title_ja="記憶探偵",
    players=range(2, 9),
    variants=("base", "fake", "clue", "clue-fake"),
    questions=("suspect", "weapon", "scene", "card"),
    winning=("suspect", "weapon", "scene"),
    subjects=("holder:CARD", "case:suspect", "case:weapon", "case:scene"),
    step_name="events",
    world_name="deals",
    thresholds=Thresholds(easy=16, medium=20, sampled=443),  # bench/puzzles.py --calibrate (docs/puzzles.md)
    asks={"case": ("Which {what} is in the case file?", "事件ファイルの{what}はどれ？"),
          "holder": ("Where is card {what} now (who holds it, the case file or the public)?",
                     "カード {what} は今どこ？（持ち主・事件ファイル・公開）")},
)
