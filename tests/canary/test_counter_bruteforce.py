"""The exact counter against an independent brute force on reduced boards and decks.

The brute force below does not use ``counter.py``: it lists every distinct layout of
the deck on the board (multiset permutations), every clue deal (an injective map
players -> attributes) and, with four players, every fake holder, and keeps the worlds
that agree with each observation, read directly from the rules digest
(the shared rules digest, ``rules/canary.md``).  Only the *type* ``counter.Hypothesis`` is borrowed,
to compare the per-deal weights key by key.

Layouts are held in a numpy array (one row per layout, one column per square), so a
world filter is a handful of vectorised lookups; the worlds are still every layout of
every deal, nothing is grouped or counted analytically.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import permutations

import numpy as np
import pytest

from suiri.models.canary import counter, simulator
from suiri.models.canary.board import Board
from suiri.models.canary.cards import Deck, Kind, reduced_deck
from suiri.models.canary.record import CanaryRecord
from suiri.models.canary.rules import (
    Answered,
    Check,
    CheckSeen,
    DeclarationOutcome,
    Declare,
    Declared,
    OwnAuthenticity,
    OwnClue,
    Turn,
    Variant,
    replay,
)

H, D, A, N = "high", "dark", "ancient", "nature"
HDA = (H, D, A)
HDAN = (H, D, A, N)


# -- the brute force -----------------------------------------------------------------
def multiset_permutations(counts: list[int]):
    """Every distinct sequence using kind i exactly counts[i] times (recursive)."""
    total = sum(counts)
    seq: list[int] = []

    def rec():
        if len(seq) == total:
            yield tuple(seq)
            return
        for i, c in enumerate(counts):
            if c:
                counts[i] -= 1
                seq.append(i)
                yield from rec()
                seq.pop()
                counts[i] += 1

    yield from rec()


@cache
def all_layouts(deck: Deck, squares: int) -> np.ndarray:
    assert deck.size == squares
    rows = list(multiset_permutations([k.copies for k in deck.kinds]))
    return np.array(rows, dtype=np.int16).reshape(len(rows), squares)


def clue_deals(variant: Variant, players: tuple[str, ...]):
    """(clues by player, fake holder or None): every deal the rules allow."""
    for combo in permutations(variant.deck.attributes, len(players)):
        clues = dict(zip(players, combo, strict=True))
        if len(players) == 4:
            for fake in players:
                yield clues, fake
        else:
            yield clues, None


def declaration_wins(players, declarer, answers, fake) -> bool:
    """Rules digest: without a fake, every other player must say ここだ; with one, a
    genuine declaration needs the genuine players' yes, the fake's needs all three."""
    if fake is None or fake == declarer:
        return all(answers[p] for p in players if p != declarer)
    return all(answers[p] for p in players if p not in (declarer, fake))


def world_filter(variant: Variant, players, clues, fake, observations, layouts):
    """Boolean mask of the layouts consistent with the observations under this deal
    (None when the deal itself contradicts an observation)."""
    kinds = variant.deck.kinds
    idx = {k: i for i, k in enumerate(kinds)}
    has = {a: np.array([a in k.attrs for k in kinds]) for a in variant.deck.attributes}
    mask = np.ones(len(layouts), dtype=bool)

    def card_is(sq, face):
        nonlocal mask
        mask &= layouts[:, sq] == idx[face]

    def card_has(sq, attr, yes=True):
        nonlocal mask
        col = has[attr][layouts[:, sq]]
        mask &= col if yes else ~col

    for o in observations:
        if isinstance(o, OwnClue):
            if clues[o.player] != o.attribute:
                return None
        elif isinstance(o, OwnAuthenticity):
            if o.genuine == (fake == o.player):
                return None
        elif isinstance(o, CheckSeen):
            # hidden: the card carries the mover's clue (the fake holder plays its clue
            # as if genuine); revealed: it lacks it.  A seen face fixes the card.
            card_has(o.square, clues[o.player], o.hidden)
            if o.face is not None:
                card_is(o.square, o.face)
        elif isinstance(o, Declared):
            card_is(o.square, o.face)
            if variant.declare_needs_own_clue and o.player != fake:
                card_has(o.square, clues[o.player])  # R4
        elif isinstance(o, Answered):
            # the answer is about the face shown to the table; that the face lies on
            # the square is the Declared observation's statement
            if o.player == fake:
                if o.yes:
                    return None  # the fake holder may only say ちがう
            elif (clues[o.player] in o.face.attrs) != o.yes:
                return None
        elif isinstance(o, DeclarationOutcome):
            if declaration_wins(players, o.declarer, o.answers, fake) != o.succeeded:
                return None
        else:  # pragma: no cover
            raise TypeError(o)
    return mask


def brute_force(variant: Variant, players: tuple[str, ...], observations):
    """Per-deal weights, clue/fake/goal marginals by enumerating every world."""
    layouts = all_layouts(variant.deck, variant.board.size)
    kinds = variant.deck.kinds
    weights: dict[counter.Hypothesis, int] = {}
    goal_counts = np.zeros(variant.board.size, dtype=np.int64)
    for clues, fake in clue_deals(variant, players):
        mask = world_filter(variant, players, clues, fake, observations, layouts)
        if mask is None:
            continue
        n = int(mask.sum())
        if n == 0:
            continue
        h = counter.Hypothesis(tuple(clues[p] for p in players), None if fake is None else players.index(fake))
        weights[h] = n
        genuine = {clues[p] for p in players if p != fake}
        is_goal = np.array([genuine <= k.attrs for k in kinds])
        goal_counts += is_goal[layouts[mask]].sum(axis=0)
    total = sum(weights.values())
    clue_m = {p: {a: Fraction(0) for a in variant.deck.attributes} for p in players}
    fake_m = {p: Fraction(0) for p in players}
    for h, w in weights.items():
        for i, p in enumerate(players):
            clue_m[p][h.clues[i]] += Fraction(w, total)
        if h.fake is not None:
            fake_m[players[h.fake]] += Fraction(w, total)
    goal_m = [Fraction(int(c), total) for c in goal_counts]
    return weights, clue_m, fake_m, goal_m


def compare(variant, players, observations):
    weights, clue_m, fake_m, goal_m = brute_force(variant, players, observations)
    assert weights, "the brute force found no world: the record is inconsistent"
    t = counter.tally(variant, players, observations)
    assert t.weights == weights
    for p in players:
        assert t.clue_marginals(p) == clue_m[p], p
    assert t.fake_marginals() == fake_m
    assert t.goal_marginals() == goal_m
    return weights, clue_m, fake_m, goal_m


# -- reduced instances from simulated games ---------------------------------------------
# (players, board, attributes, copies by card size[, rulings]); deck size == board size.
SPECS = [
    (2, (2, 3), HDA, {2: 1, 1: 1}),  # 720 layouts
    (2, (2, 4), HDA, {3: 2, 2: 1, 0: 3}),  # 3360
    (2, (3, 3), HDA, {3: 1, 2: 1, 0: 5}),  # 3024
    (2, (2, 4), HDAN, {3: 1, 0: 4}),  # 1680
    (2, (3, 3), HDAN, {3: 1, 1: 1, 0: 1}),  # 362880
    (3, (2, 3), HDA, {3: 1, 2: 1, 0: 2}),  # 360
    (3, (3, 3), HDA, {3: 1, 1: 1, 0: 5}),  # 3024
    (3, (2, 4), HDAN, {3: 1, 0: 4}),  # 1680
    (3, (2, 4), HDA, {3: 1, 2: 1, 1: 1, 0: 1}),  # 40320
    (3, (3, 3), HDA, {3: 1, 2: 1, 1: 1, 0: 2}),  # 181440
    (3, (3, 3), HDAN, {4: 1, 2: 1, 0: 2}, {"declare_needs_own_clue": False}),  # 181440, R4 off
    (4, (2, 3), HDAN, {3: 1, 0: 2}),  # 360
    (4, (2, 4), HDAN, {3: 1, 0: 4}),  # 1680
    (4, (3, 3), HDAN, {3: 1, 0: 5}),  # 3024
    (4, (2, 4), HDAN, {4: 1, 3: 1, 0: 3}),  # 6720
    (4, (3, 3), HDAN, {4: 1, 2: 1, 0: 2}),  # 181440
    (4, (2, 4), HDAN, {3: 1, 0: 4}, {"declare_needs_own_clue": False}),  # 1680, R4 off
]
PER_SPEC = 4


def variant_of(spec) -> Variant:
    players, (w, h), attrs, copies = spec[:4]
    rulings = spec[4] if len(spec) > 4 else {}
    return Variant.for_players(players, board=Board(w, h), deck=reduced_deck(attrs, copies), **rulings)


def instances():
    out = []
    for si, spec in enumerate(SPECS):
        for j in range(PER_SPEC):
            seed = 1000 * si + 17 * j + 3
            out.append(pytest.param(si, seed, id=f"{spec[0]}p-{spec[1][0]}x{spec[1][1]}-s{seed}"))
    return out


def simulated_observations(spec, seed):
    variant = variant_of(spec)
    assert variant.deck.size == variant.board.size
    game = simulator.simulate(variant, seed, max_turns=24, declare_rate=0.5)
    rng = random.Random(seed)
    viewer = rng.choice([*game.players, None])
    cut = rng.randint(0, len(game.turns))
    record = game.record(viewer, turns=cut, forget=0.2, rng=rng)
    return variant, game, replay(record).observations


@pytest.mark.parametrize("spec_index,seed", instances())
def test_counter_matches_brute_force(spec_index, seed):
    spec = SPECS[spec_index]
    variant, game, observations = simulated_observations(spec, seed)
    weights, _, _, goal_m = compare(variant, game.players, observations)
    # the truth is one of the counted worlds
    deal = game.deal
    h = counter.Hypothesis(tuple(deal.clues[p] for p in game.players),
                           None if deal.fake is None else game.players.index(deal.fake))
    assert weights.get(h, 0) > 0
    for sq in deal.goal_squares():
        assert goal_m[sq] > 0
    # a random part of the record (any subset of a consistent record is consistent)
    if len(observations) >= 2:
        rng = random.Random(seed + 1)
        keep = sorted(rng.sample(range(len(observations)), rng.randint(1, len(observations) - 1)))
        compare(variant, game.players, [observations[i] for i in keep])


def test_instances_are_informative():
    """The simulated instances are not all trivial: some have declarations, some a
    viewer, some fewer worlds than the unconstrained game."""
    kinds = set()
    narrowed = 0
    for si, spec in enumerate(SPECS):
        for j in range(PER_SPEC):
            variant, game, observations = simulated_observations(spec, 1000 * si + 17 * j + 3)
            kinds |= {type(o).__name__ for o in observations}
            t = counter.tally(variant, game.players, observations, goals=False)
            free = len(all_layouts(variant.deck, variant.board.size)) * len(list(clue_deals(variant, game.players)))
            narrowed += t.total < free
    assert {"OwnClue", "CheckSeen", "Declared", "Answered", "DeclarationOutcome", "OwnAuthenticity"} <= kinds
    assert narrowed >= len(SPECS) * PER_SPEC // 2


# -- hand-made instances with known answers ---------------------------------------------
def kind(variant: Variant, ident: str) -> Kind:
    return variant.deck.by_id[ident]


def hand_replay(variant, players, viewer, clue, genuine, start, turns):
    board = variant.board
    record = CanaryRecord(variant, players, viewer, clue, genuine,
                          {p: board.parse(s) for p, s in start.items()}, turns, "<hand>")
    return replay(record).observations


def test_hand_no_observation_two_players():
    v = variant_of((2, (2, 3), HDA, {2: 1, 1: 1}))
    players = ("aki", "bea")
    obs = hand_replay(v, players, None, None, None, {"aki": "a1", "bea": "b3"}, [])
    weights, clue_m, fake_m, goal_m = compare(v, players, obs)
    assert len(weights) == 6 and set(weights.values()) == {720}
    assert clue_m["aki"] == {H: Fraction(1, 3), D: Fraction(1, 3), A: Fraction(1, 3)}
    assert goal_m == [Fraction(1, 6)] * 6  # one card carries both clues, anywhere
    assert fake_m == {"aki": 0, "bea": 0}


def test_hand_reveal_fixes_a_clue_three_players():
    # deck: high+dark+ancient, three pairs, two 'none'; aki reveals high+dark on a2
    v = variant_of((3, (2, 3), HDA, {3: 1, 2: 1, 0: 2}))
    players = ("aki", "bea", "cid")
    b = v.board
    turns = [Turn("aki", b.parse("a2"), Check.REVEALED, kind(v, "high+dark"))]
    obs = hand_replay(v, players, None, None, None, {"aki": "a1", "bea": "b1", "cid": "b3"}, turns)
    weights, clue_m, _, goal_m = compare(v, players, obs)
    assert weights == {counter.Hypothesis((A, H, D)): 60, counter.Hypothesis((A, D, H)): 60}
    assert clue_m["aki"][A] == 1 and clue_m["bea"][H] == Fraction(1, 2)
    expected = [Fraction(1, 5)] * 6
    expected[b.parse("a2")] = Fraction(0)
    assert goal_m == expected


def _four_player_declaration(outcome: str):
    v = variant_of((4, (2, 3), HDAN, {3: 1, 0: 2}))
    players = ("aki", "bea", "cid", "dai")
    b = v.board
    face = kind(v, "high+dark+ancient")
    answers = {"bea": True, "cid": True, "dai": False}
    turns = [Turn("aki", b.parse("a2"), Check.HIDDEN, None, Declare(face, answers, outcome))]
    obs = hand_replay(v, players, None, None, None, {"aki": "a1", "bea": "b1", "cid": "a3", "dai": "b3"}, turns)
    return v, players, b, obs


def test_hand_four_players_success_unmasks_the_fake():
    # success with one 'no' => the declarer is genuine and the 'no' was the fake's
    v, players, b, obs = _four_player_declaration("success")
    weights, clue_m, fake_m, goal_m = compare(v, players, obs)
    assert fake_m == {"aki": 0, "bea": 0, "cid": 0, "dai": 1}
    assert len(weights) == 6 and set(weights.values()) == {60}
    assert clue_m["dai"][N] == 1
    assert goal_m[b.parse("a2")] == 1


def test_hand_four_players_failure_unmasks_the_declarer():
    # failure with bea, cid yes and dai no: if dai were fake aki would have won, so
    # dai is genuine (its clue, nature, is off the card) and the fake is aki
    v, players, b, obs = _four_player_declaration("failure")
    weights, clue_m, fake_m, goal_m = compare(v, players, obs)
    assert fake_m == {"aki": 1, "bea": 0, "cid": 0, "dai": 0}
    assert len(weights) == 6 and set(weights.values()) == {60}
    assert clue_m["dai"][N] == 1
    expected = [Fraction(1, 5)] * 6
    expected[b.parse("a2")] = Fraction(0)
    assert goal_m == expected
