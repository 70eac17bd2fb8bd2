"""*Higher or Lower*, a toy game that is not shipped: it proves the door of
docs/engine.md ("Adding a game") by going through it at test time (``plugin.register``).

Two players are dealt one card each from the cards 1 to 4; the other two stay face down.
In turn, a player asks the other "is your card above N?" (N from 1 to 3) and the other
answers truthfully, four questions in all.  A record is written from one seat (its own
card known) or by a spectator.  This module states the game's facts, as a real game's
``__init__`` does."""

from __future__ import annotations

from suiri.models.interface import GameFacts, Thresholds

FACTS = GameFacts(
    name="toy",
    title_en="Higher or Lower",
    title_ja="上か下か",
    players=range(2, 3),
    variants=("base",),
    questions=("card",),
    subjects=("card:NAME",),
    step_name="turns",
    world_name="deals",
    thresholds=Thresholds(easy=4, medium=6, sampled=0),
    asks={"card": ("What is {who}'s card?", "{who} のカードは？")},
)
