"""The exact counter against an independent brute force on reduced boards and decks.

The brute force below does not use ``counter.py``: it lists every distinct layout of
the deck on the board (multiset permutations), every clue deal (an injective map
players -> attributes) and, with four players, every fake holder, and keeps the worlds
that agree with each observation, read directly from the rules digest
(the shared rules digest, ``rules/canary.md``).  Only the *type* ``counter.Hypothesis`` is borrowed,
to compare the per-deal weights key by key.

A second filter reads the record's *turns* instead of ``rules.replay``'s observations
(``record_filter``), so what a turn tells (R8: a declaring turn has no check) is also
checked independently of the replay that turns a record into observations.

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
def multiset_permutations(counts: list[int]) -> np.ndarray:
    """Every distinct sequence using kind i exactly counts[i] times, one row each, in
    lexicographic order: grown one position at a time, each row by every kind it has a
    copy left of (``nonzero`` lists them row by row, kinds in order)."""
    rows = np.zeros((1, 0), dtype=np.int16)
    left = np.array([counts], dtype=np.int16)
    for _ in range(sum(counts)):
        parent, kind = np.nonzero(left > 0)
        rows = np.concatenate([rows[parent], kind[:, None].astype(np.int16)], axis=1)
        left = left[parent]
        left[np.arange(len(parent)), kind] -= 1
    return rows


@cache
def all_layouts(deck: Deck, squares: int) -> np.ndarray:
    assert deck.size == squares
    return multiset_permutations([k.copies for k in deck.kinds])


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


def record_filter(variant: Variant, record: CanaryRecord, clues, fake, layouts):
    """Boolean mask of the layouts consistent with the record's lines under this deal,
    read turn by turn from the rules digest (not through ``rules.replay``)."""
    kinds = variant.deck.kinds
    idx = {k: i for i, k in enumerate(kinds)}
    mask = np.ones(len(layouts), dtype=bool)

    def carries(sq, attr):
        return np.array([attr in k.attrs for k in kinds])[layouts[:, sq]]

    if record.viewer is not None:
        if record.clue is not None and clues[record.viewer] != record.clue:
            return None
        if record.genuine is not None and record.genuine == (fake == record.viewer):
            return None
    for n, t in enumerate(record.turns, start=1):
        if t.declare is None:
            if t.check is Check.NONE:
                continue  # a face-up card is not checked
            has = carries(t.to, clues[t.player])
            mask &= has if t.check is Check.HIDDEN else ~has
            if t.card is not None:
                mask &= layouts[:, t.to] == idx[t.card]
            continue
        # R8: the card is opened for the declaration; there is no hide or reveal
        d = t.declare
        mask &= layouts[:, t.to] == idx[d.card]
        if variant.declare_needs_own_clue and t.player != fake and clues[t.player] not in d.card.attrs:
            return None  # R4
        for q, yes in d.answers.items():
            if yes != (q != fake and clues[q] in d.card.attrs):
                return None
        last = n == len(record.turns)
        won = (d.outcome == "success") if d.outcome is not None else (None if last else False)
        if won is not None and declaration_wins(record.players, t.player, d.answers, fake) != won:
            return None
    return mask


def brute_force(variant: Variant, players: tuple[str, ...], observations, record: CanaryRecord | None = None):
    """Per-deal weights, clue/fake/goal marginals by enumerating every world (filtered
    by the record's turns when ``record`` is given, else by the observations)."""
    layouts = all_layouts(variant.deck, variant.board.size)
    kinds = variant.deck.kinds
    weights: dict[counter.Hypothesis, int] = {}
    goal_counts = np.zeros(variant.board.size, dtype=np.int64)
    for clues, fake in clue_deals(variant, players):
        if record is not None:
            mask = record_filter(variant, record, clues, fake, layouts)
        else:
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


def compare(variant, players, observations, record: CanaryRecord | None = None):
    weights, clue_m, fake_m, goal_m = brute_force(variant, players, observations, record)
    assert weights, "the brute force found no world: the record is inconsistent"
    t = counter.count(variant, players, observations)
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


def simulated_record(spec, seed):
    variant = variant_of(spec)
    assert variant.deck.size == variant.board.size
    game = simulator.simulate(variant, seed, max_turns=24, declare_rate=0.5)
    rng = random.Random(seed)
    viewer = rng.choice([*game.players, None])
    cut = rng.randint(0, len(game.state.turns))
    record = simulator.forget(game.record(viewer, cut), 0.2, rng)
    return variant, game, record


def simulated_observations(spec, seed):
    variant, game, record = simulated_record(spec, seed)
    return variant, game, replay(record).observations


@pytest.mark.sweep  # a tenth by default, all with --full (tests/conftest.py)
@pytest.mark.parametrize("spec_index,seed", instances())
def test_counter_matches_brute_force(spec_index, seed):
    spec = SPECS[spec_index]
    variant, game, record = simulated_record(spec, seed)
    observations = replay(record).observations
    weights, _, _, goal_m = compare(variant, game.players, observations)
    assert brute_force(variant, game.players, None, record)[0] == weights  # the turns say the same (R8)
    # the truth is one of the counted worlds
    deal = game.state.deal
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
    """The simulated instances are not all trivial: some have declarations (on cards
    with fewer attributes than a goal, on face-up cards, by a four-player fake holder on
    a card without its clue), some a viewer, some fewer worlds than the unconstrained game."""
    kinds = set()
    declarations: set[str] = set()
    narrowed = 0
    for si, spec in enumerate(SPECS):
        for j in range(PER_SPEC):
            variant, game, record = simulated_record(spec, 1000 * si + 17 * j + 3)
            observations = replay(record).observations
            kinds |= {type(o).__name__ for o in observations}
            declarations |= declaration_kinds(variant, game, record.turns)
            t = counter.count(variant, game.players, observations, goals=False)
            free = len(all_layouts(variant.deck, variant.board.size)) * len(list(clue_deals(variant, game.players)))
            narrowed += t.total < free
    assert {"OwnClue", "CheckSeen", "Declared", "Answered", "DeclarationOutcome", "OwnAuthenticity"} <= kinds
    assert {"short-card", "face-up", "fake-off-clue"} <= declarations
    assert narrowed >= len(SPECS) * PER_SPEC // 2


def declaration_kinds(variant: Variant, game, turns) -> set[str]:
    """Which kinds of declaration the turns hold: on a card with fewer attributes than a
    goal ("short-card"), on a face-up card ("face-up"), by the four-player fake holder on
    a card without its clue ("fake-off-clue")."""
    out = set()
    wanted = variant.genuine_count if variant.players > 2 else 2
    face_up: set[int] = set()
    for t in turns:
        if t.declare is not None:
            assert t.check is None and t.card is None  # R8
            face = t.declare.card
            if len(face.attrs) < wanted:
                out.add("short-card")
            if t.to in face_up:
                out.add("face-up")
                face_up.discard(t.to)  # a failure puts it back face-down (R3)
            if game.state.deal.fake == t.player and game.state.deal.clues[t.player] not in face.attrs:
                out.add("fake-off-clue")
        elif t.check is Check.REVEALED:
            face_up.add(t.to)
    return out


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
    turns = [Turn("aki", b.parse("a2"), None, None, Declare(face, answers, outcome))]
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


def test_r8_fake_declaring_off_its_clue_is_neither_named_nor_ruled_out():
    """Regression (issue 9, R8): a four-player fake holder declares on a card without its
    clue.  The turn has no check, so it tells only "aki holds the fake, or aki's clue is
    on the card" (R4).  Before R8 the record had to add a check: a reveal named aki the
    fake at 100%, a hide gave aki's true clue (weathered) 0%.  Five attributes are
    needed (with four, such a declaration always unmasks the fake); the deck is
    high+dark x2, high+dark+ancient, none x3 on a 2x3 board."""
    attrs = (H, D, A, N, "weathered")
    kinds = (Kind("high+dark", frozenset({H, D}), 2, "hd", "hd"),
             Kind("high+dark+ancient", frozenset({H, D, A}), 1, "hda", "hda"),
             Kind("none", frozenset(), 3, "none", "none"))
    v = Variant.for_players(4, board=Board(2, 3), deck=Deck(attrs, kinds))
    players = ("aki", "bea", "cid", "dai")
    b = v.board
    start = {p: b.parse(s) for p, s in {"aki": "a1", "bea": "b1", "cid": "a3", "dai": "b3"}.items()}
    # the truth: aki holds the fake weathered, bea high, cid ancient, dai nature
    turns = [Turn("aki", b.parse("a2"), None, None, Declare(kinds[0], {"bea": True, "cid": False, "dai": False})),
             Turn("bea", b.parse("a1"), Check.REVEALED, kinds[2])]
    record = CanaryRecord(v, players, None, None, None, start, turns, "<hand>")
    obs = replay(record).observations
    assert not any(isinstance(o, CheckSeen) and o.turn == 1 for o in obs)  # R8: no check on turn 1
    weights, clue_m, fake_m, _ = compare(v, players, obs, record)
    assert brute_force(v, players, obs)[0] == weights
    assert 0 < fake_m["aki"] < 1
    assert clue_m["aki"]["weathered"] > 0
    truth = counter.Hypothesis(("weathered", H, A, N), 0)
    assert weights[truth] > 0


def test_r8_failed_declaration_on_a_face_up_card_turns_it_face_down():
    """R8 with R3: after a failed declaration on a face-up card, the card lies face-down
    with its face public, so the next visitor checks it and the check is evidence."""
    v = variant_of((3, (2, 3), HDA, {3: 1, 2: 1, 0: 2}))
    players = ("aki", "bea", "cid")
    b = v.board
    hda, hd = kind(v, "high+dark+ancient"), kind(v, "high+dark")
    start = {"aki": "a1", "bea": "b1", "cid": "b3"}
    turns = [Turn("aki", b.parse("a2"), Check.REVEALED, hd),
             Turn("bea", b.parse("a1"), Check.REVEALED, kind(v, "none")),
             Turn("cid", b.parse("a3"), Check.HIDDEN),
             Turn("aki", b.parse("b2"), Check.HIDDEN),
             Turn("bea", b.parse("a2"), None, None, Declare(hd, {"aki": False, "cid": True})),
             Turn("cid", b.parse("a2"), Check.HIDDEN)]  # face-down again (R3): checked
    obs = hand_replay(v, players, None, None, None, start, turns)
    checks = [o for o in obs if isinstance(o, CheckSeen)]
    assert [o.turn for o in checks] == [1, 2, 3, 4, 6]
    record = CanaryRecord(v, players, None, None, None, {p: b.parse(s) for p, s in start.items()}, turns, "<hand>")
    weights, clue_m, _, _ = compare(v, players, obs, record)
    assert brute_force(v, players, obs)[0] == weights
    assert checks[-1].square == b.parse("a2") and checks[-1].hidden and checks[-1].face is None
    assert clue_m["aki"][A] == 1  # aki revealed high+dark
    assert clue_m["cid"] == {H: Fraction(1, 2), D: Fraction(1, 2), A: 0}  # cid hid the public high+dark
    assert set(weights) == {counter.Hypothesis((A, H, D)), counter.Hypothesis((A, D, H))}
    assert hda.copies == 1  # the goal card is elsewhere: the failed declaration was on high+dark
