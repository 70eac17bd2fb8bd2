"""The one check that a bot plays blind: what it chooses depends on its seat's view only.

``check_blind`` plays a game with one strategy at every seat, then replays the same
choices on other deals of the same game (``scrambled``: the caller's, each game keeps
some of the seat's own cards and reshuffles what that seat cannot see).  Wherever a seat's
record is the same on both deals, the referee must offer the same options (else the
options leak hidden cards), and wherever the whole decision is the same, a copy of the bot
as it was must choose the same option (else the bot reads something besides its
decision).  It returns how many decisions it compared, so that a caller can assert the
check was not vacuous.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Iterable
from typing import Any

from suiri.models.bots import Bot, Seating
from suiri.models.interface import Game


def unnamed(decision: Any) -> Any:
    """The decision with its record's file name blanked (a deal's seed names it)."""
    record = decision.record
    if dataclasses.is_dataclass(record) and hasattr(record, "name"):
        record = dataclasses.replace(record, name="")
    return dataclasses.replace(decision, record=record)


def check_blind(game: Game[Any, Any, Any, Any], strategy: str, seating: Seating[Any, Any, Any],
                scrambled: Iterable[Seating[Any, Any, Any]], seed: int = 0, max_choices: int = 300) -> int:
    """Play ``seating`` with ``strategy`` everywhere, replay its choices on each of
    ``scrambled`` and compare the seats' decisions; the number of decisions compared."""
    make: Callable[[str, random.Random], Bot[Any, Any]] = game.bots[strategy]
    bots = {p: make(p, random.Random(f"{seed}-{p}")) for p in seating.players}
    log: list[tuple[Any, Bot[Any, Any], object]] = []
    while (decision := seating.decision()) is not None and len(log) < max_choices:
        before = copy.deepcopy(bots[decision.seat])
        choice = bots[decision.seat].choose(decision)
        log.append((decision, before, choice))
        seating.choose(choice)
    compared = 0
    for other in scrambled:
        for decision, before, choice in log:
            seen = other.decision()
            if seen is None or seen.seat != decision.seat:
                break
            a, b = unnamed(decision), unnamed(seen)
            if a.record == b.record:
                assert a.options == b.options, f"{decision.seat}: same record, other options: they leak"
            if a == b:
                assert copy.deepcopy(before).choose(seen) == choice, \
                    f"{strategy} at {decision.seat} chose otherwise on another deal with the same view"
                compared += 1
            if choice not in seen.options:
                break
            other.choose(choice)
    return compared
