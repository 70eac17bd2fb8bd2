"""*Where is the Canary?* (カナリアはいずこ？): rules, records, model, counter, advice.

Modules, one concern each, in import order (a module imports only those before it):
``cards`` (attributes and the 26 kinds), ``board`` (squares and geometry), ``rules``
(variants, every rule once, replay into observations), ``record`` (TOML reader and
writer), ``notation`` (the compact line notation), ``state`` (the true hidden state of a
game in progress: legal moves, ``record_for(seat)``), ``simulator`` (random legal moves
on a state), ``counter`` (exact world counting), ``encoder`` (the CP-SAT model, one
function per rule), ``session`` (one record replayed and counted), ``analysis``,
``reasoning`` (the ``ReasoningSession`` of explain and hint), ``advice``, ``text``
(English and Japanese sentences) and ``game`` (the ``Game`` the CLI calls).

This file states the game's facts once (``FACTS``); everything else is in ``game.py``,
loaded lazily through ``suiri.models.registry``.
"""

from __future__ import annotations

from suiri.models.interface import GameFacts, Thresholds

FACTS = GameFacts(
    name="canary",
    title_en="Where is the Canary?",
    title_ja="カナリアはいずこ？",
    players=range(2, 5),
    variants=("base",),  # the player count sets the rules; table rulings go in [rules]
    questions=("clue", "goal"),
    winning=("goal",),
    subjects=("clue:NAME", "goal", "fake", "square:SQ"),
    step_name="turns",
    world_name="worlds",
    thresholds=Thresholds(easy=8, medium=11, sampled=85),  # bench/puzzles.py --calibrate (docs/puzzles.md)
    asks={"clue": ("What is {who}'s clue?", "{who} の手がかりは何？"),
          "goal": ("Which square is the goal?", "ゴールはどのマス？")},
)
