"""Werewolf Never Sleeps in the conformance suite.

The corpus:

- 2000 seeded games on the standard deck (1000 each with 3 and 4 players), played on a
  ``WerewolfState`` with the simulator's policy (``simulator.choose``).  At random
  moments (each move with chance 5%, and the end) — between turns, in the middle of a
  turn (a drawn card pending, a Vote's pointings under way), between two calls of the
  search phase and between a call and its search — ``record_for(seat)`` of every seat
  and the spectator is taken: checked and round-tripped (from the former State sweep 1 of
  ``tests/werewolf/test_state.py``, whose 5% moments give as many standard-deck records
  as the former notation sweep's 800 games at 15%);
- 2400 games on three small decks (400 per deck and player count), every seat's record
  at moments with chance 15% and the end: round-tripped (the former notation sweep's
  small decks);
- 30 games (3 and 4 players, one seat's record of the whole game) for the step-wise
  chains.

The truth (``truth``): whenever the record shows everything that happened (between
turns or calls, or the viewer's own draw pending), the true Lost Legacy, Werewolf and
every hidden card keep a positive count, and the Lost Legacy's places, the Werewolf's
distribution and every slot's kinds sum to the total weight.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from corpus import CHAINS, CHECK, ROUND_TRIP, Played, Sample
from hooks import Hooks

from suiri.models import game
from suiri.models.werewolf.cards import NOBODY, STANDARD
from suiri.models.werewolf.counter import Counts
from suiri.models.werewolf.notation import RESERVED, is_compact, parse
from suiri.models.werewolf.record import WerewolfRecord, from_document
from suiri.models.werewolf.simulator import choose
from suiri.models.werewolf.state import WerewolfState
from suiri.solver.probability import exact_sum

GAMES = 1000  # per player count on the standard deck
SMALL_GAMES = 400  # per player count and small deck
CHAIN_GAMES = 30
CUT_RATE = 0.05  # the chance that the records are taken after a move (standard deck)
SMALL_CUT_RATE = 0.15  # the same on the small decks
SMALL_DECKS = (  # copies per kind (cards.KINDS order): the Lost Legacy once, and a few of the rest
    (1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0),
    (1, 0, 0, 1, 1, 1, 2, 2, 0, 1, 0),
    (1, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1),
)


def specs(chunk: int, chunks: int) -> list[tuple[Any, ...]]:
    standard = [("state", players, seed, STANDARD) for players in (3, 4)
                for seed in range(1000 * players, 1000 * players + GAMES)]
    small = [("small", players, seed, deck) for deck in SMALL_DECKS for players in (3, 4) for seed in range(SMALL_GAMES)]
    chains = [("chains", (3, 4)[seed % 2], seed, STANDARD) for seed in range(CHAIN_GAMES) if seed % chunks == chunk]
    return [*standard[chunk::chunks], *small[chunk::chunks], *chains]


def moments(players: int, seed: int, deck: tuple[int, ...], rate: float, named: set[Any] | None
            ) -> Iterator[WerewolfState]:
    """The states of one seeded game at random moments (each move with chance ``rate``),
    the end included; ``named``: the policy's memory of the game (None: none)."""
    rng = random.Random(seed)
    cuts = random.Random(f"cuts-{seed}")
    state = WerewolfState.new(players, rng, deck, name=f"<state seed={seed}>")
    if named is not None and cuts.random() < rate:  # the State sweep's games may cut before the first move
        yield state
    while not state.is_over():
        player = state.current_player()
        assert player is not None
        state.apply(choose(state, player, rng, set() if named is None else named))
        if state.is_over() or cuts.random() < rate:
            yield state


def play(spec: tuple[Any, ...]) -> Played:
    kind, players, seed, deck = spec
    if kind == "chains":
        g = game("werewolf")
        seat = g.new_state(players, seed, "base").players[seed % players]
        record = g.simulate(players, seed, 60, seat, "base")
        return Played(spec, None, [Sample(seat, record, frozenset({CHAINS}), None, f"chains seed {seed}")])
    standard = kind == "state"
    sweeps = frozenset({CHECK, ROUND_TRIP}) if standard else frozenset({ROUND_TRIP})
    rate, named = (CUT_RATE, set()) if standard else (SMALL_CUT_RATE, None)
    played = Played(spec, None)
    state = None
    for state in moments(players, seed, deck, rate, named):
        moment = state.copy()
        where = f"{players}p seed {seed} after {len(state.turns)} turns, {len(state.calls)} calls"
        for seat in (*state.players, None):
            played.samples.append(Sample(seat, state.record_for(seat), sweeps, moment, where))
        played.tags.add("search" if state.calls else "settled" if state.settled else "mid-turn")
    played.final = state
    return played


def truth(sample: Sample, session: Any, c: Counts) -> set[str]:
    """Soundness: the true hidden state keeps a positive count, and the counts add up
    (only where the record ends with the table's last move: else the table is ahead)."""
    state: WerewolfState = sample.truth
    record: WerewolfRecord = sample.record
    if not (state.settled or record.pending is not None):
        return set()
    where = (sample.where, sample.seat)
    t = state.table
    assert c.weight > 0, where
    ll, wolf = c.lost_legacy(), c.werewolf()
    assert ll.get(t.lost_legacy(), 0) > 0, (where, t.lost_legacy(), ll)
    assert wolf.get(t.werewolf() or NOBODY, 0) > 0, (where, t.werewolf(), wolf)
    assert exact_sum(ll.values()) == c.weight and exact_sum(wolf.values()) == c.weight, where
    for slot, row in c.places.items():
        assert exact_sum(row) == c.weight, (where, slot)
    for slot, kind in t.hidden().items():
        assert c.places.get(slot, [0] * 11)[kind.index] > 0, (where, slot, kind.id)
    return {"truth:pending" if record.pending is not None else "truth:settled"}


def game_checks(played: Played) -> None:
    state: WerewolfState | None = played.final
    if state is not None:
        assert state.is_over() and state.current_player() is None
        assert not any(state.legal_moves(p) for p in state.players)


def coverage(played: list[Played], shown: set[str]) -> None:
    """Every chunk takes records in the search phase, and the truth is checked both
    between turns and with the viewer's draw pending."""
    tags = set().union(*(p.tags for p in played))
    assert "search" in tags, tags
    assert {"truth:settled", "truth:pending"} <= shown, shown


# -- round trips ----------------------------------------------------------------------------------
def split_draws(text: str) -> str:
    """Every ``P drew CARD PLAY ...`` line as two: the turn in progress, then its play."""
    return re.sub(r"^(\S+) drew (\S+) (.+)$", r"\1 drew \2\n\1 \3", text, flags=re.M)


def features(text: str) -> set[str]:
    """What a notation text uses: its line heads and keywords, and the fields by shape."""
    seen = set()
    for line in text.splitlines():
        words = line.split()
        seen.add(words[0] if words[0] in RESERVED else "turn")
        seen.update(w for w in words[1:] if w in RESERVED)
        seen.update("votes" for w in words if "=" in w and not line.startswith("deck"))
        if len(words) == 2 and words[0] == "search":
            seen.add("search silent")
        if len(words) == 3 and words[1] == "drew":
            seen.add("in progress")
        if "flip" in words:  # flip NAME then a card, an index or both
            named = words[words.index("flip") + 2:][:2]
            seen.add("flip " + " ".join("index" if w.isdigit() else "card" for w in named
                                        if w.isdigit() or w not in RESERVED))
    return seen


def round_trip(sample: Sample, text: str) -> set[str]:
    """A turn in progress finished on the next line reads as the whole turn; returns what
    the text shows (tagged by the deck: standard or small)."""
    record: WerewolfRecord = sample.record
    assert is_compact(text)
    split = from_document(parse("game.txt", split_draws(text)))
    assert replace(split, file=record.file, lines=record.lines) == record, (sample.where, sample.seat)
    deck = "standard" if record.deck == STANDARD else "small"
    return {f"{deck}:{f}" for f in features(text)}


STANDARD_FEATURES = {"werewolf", "viewer", "turn", "drew", "saw", "out", "shows", "peek", "flip", "swap", "keep",
                     "votes", "search", "raised", "search silent", "in progress"}  # the flips: rarer (test_notation.py)


def round_trip_coverage(seen: set[str]) -> None:
    """Each chunk's standard games show every common kind of line and word; the small
    decks their deck."""
    standard = {f.split(":", 1)[1] for f in seen if f.startswith("standard:")}
    assert standard >= STANDARD_FEATURES, STANDARD_FEATURES - standard
    assert "small:deck" in seen


HOOKS = Hooks(specs=specs, play=play, truth=truth, game_checks=game_checks, coverage=coverage,
              round_trip=round_trip, round_trip_coverage=round_trip_coverage)
