"""The Werewolf counter against ``independent.py``, an enumerator that shares no code with
the package (it reads the TOML itself and restates the rules from the digest).

``brute.py`` checks every slot's counts, but plays on ``table.Table``, which uses the rule
functions ``replay`` uses too; this check has no such shared part.  Compared exactly: the
chance that each player is the Werewolf, the chance of each place of the Lost Legacy (W7
weights, ``Fraction``s) and the plain number of histories.

Records: simulated small-deck games (3 and 4 players) from every seat and the spectator
in turn, cut at a random turn (with the viewer's draw pending when the turn is its own),
whole with every call, and cut between calls of the search phase (W15); a Werewolf
viewer's records again with its ``swapped`` left out at every Sleep (counted as the table
counts it, W7); and hand-made records (reviewer's reproducers for the unseen Sleep).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from suiri.models.werewolf.cards import SLEEP, deck_counts
from suiri.models.werewolf.counter import count
from suiri.models.werewolf.record import WerewolfRecord, loads, to_toml
from suiri.models.werewolf.replay import replay
from suiri.models.werewolf.simulator import simulate, steps, with_draw
from suiri.solver.errors import IllegalMoveError

sys.path.insert(0, str(Path(__file__).parent))
from independent import enumerate_record  # noqa: E402  (beside this file, imports nothing from suiri)

Sweep = Callable[[Iterable[Any]], list[Any]]

# name: (players, copies per kind)
DECKS: dict[str, tuple[int, dict[str, int]]] = {
    "attack": (3, {"villager": 1, "lost-legacy": 1, "seer": 1, "vote": 2, "sleep": 2, "attack-1": 1}),
    "medium": (3, {"villager": 1, "medium": 1, "lost-legacy": 1, "seer": 2, "vote": 2, "sleep": 1}),
    "knight": (3, {"medium": 1, "madman": 1, "knight": 1, "lost-legacy": 1, "vote": 2, "sleep": 2}),
    "hunts": (3, {"villager": 1, "medium": 1, "madman": 1, "lost-legacy": 1, "vote": 2, "attack-2": 1,
                  "attack-3": 1}),
    "sleepy": (3, {"villager": 1, "lost-legacy": 1, "seer": 1, "vote": 2, "sleep": 3}),
    "flips": (3, {"villager": 1, "medium": 1, "madman": 1, "lost-legacy": 1, "seer": 2, "sleep": 2}),
    "four": (4, {"villager": 1, "lost-legacy": 1, "seer": 1, "vote": 2, "sleep": 2, "attack-1": 1}),
    "four-long": (4, {"villager": 1, "lost-legacy": 1, "seer": 2, "vote": 2, "sleep": 3}),
    "four-knight": (4, {"villager": 1, "medium": 1, "knight": 1, "lost-legacy": 1, "vote": 1, "sleep": 3,
                        "attack-2": 1}),
}
GAMES = 12


def unseen_sleeps(record: WerewolfRecord) -> WerewolfRecord:
    """The record with the viewer's ``swapped``/``card``/``index`` left out at every Sleep."""
    turns = [replace(t, swapped=None, card=None, index=None) if t.play == SLEEP else t for t in record.turns]
    return replace(record, turns=turns)


def cases(name: str) -> list[tuple[str, str]]:
    """(label, record text) for each simulated cut of the deck ``name``."""
    out = []
    d = list(DECKS).index(name)
    players, spec = DECKS[name]
    for seed in range(GAMES):
        game = simulate(players, seed, deck=deck_counts(spec))
        seats: list[str | None] = [*game.players, None]
        viewer = seats[(seed + d) % len(seats)]
        rng = random.Random(f"independent-{name}-{seed}")
        cut = rng.randrange(len(game.state.turns))
        pending = game.state.turns[cut].player == viewer
        cuts = [(cut, 0, pending), (len(game.state.turns), len(game.state.calls), False)]
        if len(game.state.calls) > 1:
            cuts.append((len(game.state.turns), rng.randrange(1, len(game.state.calls)), False))
        for turns, calls, pend in cuts:
            record = game.record(viewer, steps(game, turns, calls))
            record = with_draw(game, record) if pend else record
            label = f"{name}-s{seed}-{viewer or 'spectator'}-t{turns}-c{calls}" + ("-pending" if pend else "")
            out.append((label, to_toml(record)))
            if any(t.play == SLEEP and t.swapped is not None for t in record.turns):
                out.append((label + "-unseen", to_toml(unseen_sleeps(record))))
    return out


def assert_agree(text: str, label: str = "") -> int:
    """The counter and the independent enumerator agree exactly; the plain history count."""
    c = count(replay(loads(text)))
    e = enumerate_record(text)
    assert c.total == e.total, (label, text)
    if not e.total:
        return 0
    total = Fraction(c.weight)
    assert {k: Fraction(v) / total for k, v in c.werewolf().items() if v} == \
        {k: v / e.weight for k, v in e.werewolf.items() if v}, (label, text)
    assert {k: Fraction(v) / total for k, v in c.lost_legacy().items() if v} == \
        {k: v / e.weight for k, v in e.lost_legacy.items() if v}, (label, text)
    return e.total


@pytest.mark.parametrize("deck", list(DECKS))
def test_independent_simulated(deck: str, sweep: Sweep) -> None:
    chosen = sweep(cases(deck))
    assert chosen
    for label, text in chosen:
        assert assert_agree(text, label) > 0, label  # the true history is one of them


# -- hand-made records (the reviewer's reproducers) ----------------------
HEAD = 'game = "werewolf"\nplayers = ["aki", "ben", "cho"]\n'
SMALL = "deck = { lost-legacy = 1, sleep = 3, villager = 1, vote = 1, seer = 1, knight = 1 }\n"
TIE = '\n[[turn]]\nplayer = "ben"\nplay = "vote"\nvotes = { aki = "ben", ben = "aki", cho = "ben" }\n' \
      'eliminated = "none"\n'


def werewolf_aki(placed: str, cho_sleep: str, last: str) -> str:
    """aki holds the Lost Legacy, draws the Villager and puts ``placed`` into its own
    discard; ben's tied Vote; cho's Sleep (``cho_sleep``: what aki writes of it); aki's turn."""
    return HEAD + 'viewer = "aki"\nhand = "lost-legacy"\n' + SMALL + f"""
[[turn]]
player = "aki"
drew = "villager"
play = "villager"
put = "aki"
placed = "{placed}"
{TIE}
[[turn]]
player = "cho"
play = "sleep"
{cho_sleep}
[[turn]]
player = "aki"
drew = "sleep"
{last}"""


HAND_MADE = {
    # a spectator: a mixed Villager, a tied Vote, two Sleeps nobody saw
    "spectator-h1": HEAD + SMALL + """
[[turn]]
player = "aki"
play = "villager"
put = "aki"
placed = "unknown"
""" + TIE + """
[[turn]]
player = "cho"
play = "sleep"

[[turn]]
player = "aki"
play = "sleep"
""",
    # aki kept the Lost Legacy and put the Villager down; cho's Sleep unwritten: aki may hold
    # the Villager now, and plays it (the reproducer of the replay bug)
    "unseen-h3": werewolf_aki("villager", "", 'play = "villager"\nput = "ben"\nplaced = "sleep"\n'),
    "seen-h3s": werewolf_aki("villager", 'swapped = true\ncard = "villager"\n',
                             'play = "villager"\nput = "ben"\nplaced = "sleep"\n'),
    # aki put the Lost Legacy down and holds the Villager; unwritten Sleep: it may hold the
    # Lost Legacy again, and keeps it
    "unseen-h2": werewolf_aki("lost-legacy", "", 'play = "sleep"\n'),
    "unseen-h2-plays-villager": werewolf_aki("lost-legacy", "", 'play = "villager"\nput = "aki"\nplaced = "sleep"\n'),
    "seen-h2f": werewolf_aki("lost-legacy", "swapped = false\n", 'play = "sleep"\n'),
    "seen-h2s": werewolf_aki("lost-legacy", 'swapped = true\ncard = "lost-legacy"\n', 'play = "sleep"\n'),
    # four players, the Werewolf viewer leaves its Sleep unwritten, then the calls (D3-1-aki-4)
    "unseen-search": """game = "werewolf"
players = ["aki", "ben", "cho", "dan"]
viewer = "aki"
hand = "lost-legacy"
deck = { villager = 1, medium = 1, knight = 1, lost-legacy = 1, sleep = 3, attack-2 = 1 }

[[turn]]
player = "aki"
drew = "villager"
play = "villager"
put = "aki"
placed = "lost-legacy"

[[turn]]
player = "ben"
play = "sleep"

[[turn]]
player = "cho"
play = "knight"

[[search]]
order = 2
player = "cho"
target = "discard:aki:1"
found = "villager"

[[search]]
order = 5
player = "aki"
target = "hand:aki"
found = "lost-legacy"
""",
}


@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_independent_hand_made(name: str) -> None:
    assert assert_agree(HAND_MADE[name], name) > 0


@pytest.mark.parametrize("placed", ["villager", "lost-legacy"])
def test_an_unwritten_sleep_makes_a_werewolf_viewers_hand_unknown(placed: str) -> None:
    """A Werewolf viewer with a face-down card that writes nothing at a Sleep may have
    swapped (counted 1/(k + 1) per option): replay must not hold it to its old hand card,
    whether it kept the Lost Legacy or put it down (the record ends with its next draw)."""
    assert replay(loads(werewolf_aki(placed, "", ""))).viewer_hand is None
    assert replay(loads(werewolf_aki(placed, "swapped = false\n", ""))).viewer_hand is not None


def test_a_viewer_that_cannot_be_the_werewolf_keeps_its_hand() -> None:
    """aki holds the Seer and put the Villager down: it is not the Werewolf, so an unwritten
    Sleep changes nothing and a play of a card it does not hold is still refused."""
    text = HEAD + 'viewer = "aki"\nhand = "seer"\n' + SMALL + """
[[turn]]
player = "aki"
drew = "villager"
play = "villager"
put = "aki"
placed = "villager"
""" + TIE + """
[[turn]]
player = "cho"
play = "sleep"
"""
    assert replay(loads(text)).viewer_hand is not None
    assert replay(loads(text)).viewer_hand.id == "seer"  # type: ignore[union-attr]
    bad = text + '\n[[turn]]\nplayer = "aki"\ndrew = "sleep"\nplay = "villager"\nput = "ben"\nplaced = "sleep"\n'
    with pytest.raises(IllegalMoveError, match="aki holds seer and sleep, not villager"):
        replay(loads(bad))
