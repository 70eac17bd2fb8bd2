"""The one table of game-specific hooks of the conformance suite: how a game's corpus is
played, and what "the truth is among the worlds counted" means for it.  Everything
else (round trips, the check, step-wise chains) is asked through the game's registered
``Game`` (``suiri.models.game(name)``).

A game registered without hooks here fails the suite with a clear error naming what to
add (``hooks_for``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from corpus import Played, Sample


@dataclass(frozen=True)
class Hooks:
    """What the suite cannot ask a ``Game``:

    - ``specs``: the games of one chunk of the corpus (``specs(chunk, chunks)``, each a
      tuple ``play`` understands): every chunk holds some of each kind of game;
    - ``play``: one game of the corpus, played, with its samples;
    - ``truth``: the soundness checks of one sample against the truth, given its
      session and what ``check`` counted (the counts are the game's own ``Counts``);
      returns what the sample showed, for ``coverage``;
    - ``game_checks``: checks of one played game's final State;
    - ``coverage``: checks that a chunk's games, and what ``truth`` returned for its
      samples, show what the sweeps must meet;
    - ``round_trip``: the game's extra round-trip checks of one sample (beyond the
      generic TOML and compact ones), given its compact text; returns what it shows;
    - ``round_trip_coverage``: checks that a chunk's round trips showed what they must;
    - ``bare``: the record without where it was read from (the file, its line numbers:
      no rule reads them), so that a record read back compares equal to the one written.
    """

    specs: Callable[[int, int], list[tuple[Any, ...]]]
    play: Callable[[tuple[Any, ...]], Played]
    truth: Callable[[Sample, Any, Any], set[str]]
    game_checks: Callable[[Played], None] = lambda played: None
    coverage: Callable[[list[Played], set[str]], None] = lambda played, shown: None
    round_trip: Callable[[Sample, str], set[str]] = lambda sample, compact: set()
    round_trip_coverage: Callable[[set[str]], None] = lambda seen: None
    bare: Callable[[Any], Any] = lambda record: replace(record, file="<record>", lines=None)


def _table() -> dict[str, Hooks]:
    import canary_hooks
    import detective_hooks
    import toy_hooks
    import werewolf_hooks

    return {"canary": canary_hooks.HOOKS, "detective": detective_hooks.HOOKS, "werewolf": werewolf_hooks.HOOKS,
            "toy": toy_hooks.HOOKS}


HOOKS: dict[str, Hooks] = {}


def hooks_for(name: str) -> Hooks:
    """The hooks of game ``name``; a registered game without them is a clear failure."""
    if not HOOKS:
        HOOKS.update(_table())
    if name not in HOOKS:
        pytest.fail(f"game {name!r} is registered but has no conformance hooks: add a Hooks entry for it to "
                    f"tests/conformance/hooks.py (how its corpus is played and how its truth is checked)",
                    pytrace=False)
    return HOOKS[name]
