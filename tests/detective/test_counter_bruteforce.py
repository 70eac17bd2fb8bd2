"""The Memory Detective deal counter against an independent brute force.

``brute.py`` lists every deal of a small game with ``itertools`` (the truth triple, the
public cards, every split of the rest into hands of the variant's sizes, the fake only in
a hand) and keeps those that satisfy each observation read directly on the deal.  The
counter must agree exactly (Python integers) on the total, the joint of the truth, every
card's dealt-holder counts, the joint with tracked cards' holders, and counts with cards
fixed to a holder.  Instances are random but seeded: a true deal, then a mix of true
observations (and, for the "false" style, random ones that may contradict it: then the
count may be 0 and the counter must say so).
"""

from __future__ import annotations

import random
import sys
from math import factorial, prod
from pathlib import Path

import pytest

HERE_DIR = str(Path(__file__).parent)
if HERE_DIR not in sys.path:
    sys.path.insert(0, HERE_DIR)

from brute import (  # noqa: E402
    CASE,
    D2,
    D3,
    NAMES,
    SRC,
    UNEVEN,
    UNEVEN2,
    Spec,
    consistent_deals,
    make_instance,
    observation_holds,
    public_of,
    record_deals,
    tally,
)

from suiri.models.detective import counter as counter_module  # noqa: E402
from suiri.models.detective import simulator  # noqa: E402
from suiri.models.detective.cards import CATEGORIES, Deck  # noqa: E402
from suiri.models.detective.counter import DealCounter, DealProblem  # noqa: E402
from suiri.models.detective.rules import (  # noqa: E402
    CaseIs,
    CaseIsNot,
    Holds,
    HoldsOneOf,
    OwnHand,
    PublicSetup,
    Variant,
    replay,
)

D334 = Deck.custom(["s1", "s2", "s3"], ["w1", "w2", "w3"], ["r1", "r2", "r3", "r4"])

SPECS: list[Spec] = [
    # two players
    Spec(2, D2),
    Spec(2, D2, fake=True, viewer=False),
    Spec(2, D3),
    Spec(2, D3, viewer=False, style="wrong"),
    Spec(2, D3, fake=True, viewer=False, style="light"),
    Spec(2, D3, fake=True),
    Spec(2, D3, fake=True, public=2, viewer=False, style="clauses"),
    Spec(2, D3, public=1, sizes=(4, 1)),
    Spec(2, UNEVEN, viewer=False),
    Spec(2, UNEVEN, fake=True, public=1, style="false"),
    Spec(2, D334, fake=True, viewer=False, style="clauses"),
    Spec(2, D334, public=2, style="wrong"),
    # three players
    Spec(3, D2, fake=True),
    Spec(3, D3),
    Spec(3, D3, viewer=False),
    Spec(3, D3, fake=True, viewer=False, style="light"),
    Spec(3, D3, viewer=False, style="clauses"),
    Spec(3, D3, fake=True, viewer=False, style="clauses"),
    Spec(3, D3, fake=True, style="wrong"),
    Spec(3, D3, viewer=False, style="wrong"),
    Spec(3, D3, public=1, fake=True, viewer=False),
    Spec(3, D3, public=2, style="false"),
    Spec(3, D3, fake=True, sizes=(3, 3, 1), viewer=False, style="false"),
    Spec(3, UNEVEN, viewer=False, style="clauses"),
    Spec(3, UNEVEN2, fake=True, public=1),
    # four players
    Spec(4, D2, viewer=False),
    Spec(4, D2, fake=True, style="false"),
    Spec(4, D3),
    Spec(4, D3, fake=True, viewer=False, style="light"),
    Spec(4, D3, viewer=False, style="clauses"),
    Spec(4, D3, fake=True, viewer=False, style="clauses"),
    Spec(4, D3, fake=True, style="wrong"),
    Spec(4, D3, public=2, fake=True, viewer=False),
    Spec(4, D3, public=1, sizes=(3, 1, 1, 0), viewer=False, style="wrong"),
    Spec(4, UNEVEN2, viewer=False, style="false"),
    Spec(4, D3, fake=True, viewer=False, style="false"),
]
SEEDS_PER_SPEC = 2


def instances():
    out = []
    for i, spec in enumerate(SPECS):
        for j in range(SEEDS_PER_SPEC):
            seed = 7919 * i + 101 * j + 1
            out.append(pytest.param(spec, seed, id=f"{spec.label()}-s{seed}"))
    return out


def check_counts(got, want, cards) -> None:
    """Exact equality of total, truth joint and every card's holder counts."""
    assert got.total == want.total
    assert got.truth == want.truth
    for c in cards:
        assert got.holders.get(c) == want.holders[c], c.id
    # holders are the non-public cards; a record naming a public card in a hand (no deal
    # fits) may add that card's row, which must then be all zeros
    for c in set(got.holders) - set(cards):
        assert got.total == 0 and not any(got.holders[c].values()), c.id


def brute(variant: Variant, players, observations):
    public = public_of(observations)
    cards = [c for c in variant.cards if c not in set(public)]
    return public, cards, consistent_deals(variant, players, observations)


def compare(variant: Variant, players, observations, rng: random.Random, truth=None, method: str = "auto") -> int:
    """Counter vs brute force: plain counts, fixed counts, marginals off.  Returns the total.
    ``method`` picks the counter's algorithm (a layer per card or per hand): both must agree."""
    public, cards, deals = brute(variant, players, observations)
    counter = DealCounter(DealProblem.from_observations(variant, players, observations))

    check_counts(counter.count(method=method), tally(deals, variant, players, public), cards)
    if truth is not None:
        assert deals and any(d.case == truth for d in deals), "the drawn truth must be counted"

    # fixed holders: the brute force restricted to that holder
    holders = (*players, CASE)
    for _ in range(3):
        card = rng.choice(cards)
        h = rng.choice([x for x in holders if x != CASE or card.category is not None])
        part = [d for d in deals if d.where[card] == h]
        check_counts(counter.count(fixed={card: h}, method=method), tally(part, variant, players, public), cards)
    if deals and len(cards) >= 2:  # two fixed cards, one where a consistent deal has it
        d0 = rng.choice(deals)
        a, b = rng.sample(cards, 2)
        fixed = {a: d0.where[a], b: rng.choice([x for x in holders if x != CASE or b.category is not None])}
        part = [d for d in deals if all(d.where[c] == h for c, h in fixed.items())]
        check_counts(counter.count(fixed=fixed, method=method), tally(part, variant, players, public), cards)
    # marginals off: total and truth only
    light = counter.count(marginals=False, method=method)
    assert light.total == len(deals)
    assert light.truth == tally(deals, variant, players, public).truth
    return len(deals)


def compare_tracked(variant: Variant, players, observations, rng: random.Random, method: str = "auto") -> None:
    """The joint of the truth and the dealt holders of two or three tracked cards."""
    public, cards, deals = brute(variant, players, observations)
    counter = DealCounter(DealProblem.from_observations(variant, players, observations))
    for _ in range(3):
        track = tuple(rng.sample(cards, rng.choice((2, 3))))
        got = counter.count(track=track, method=method)
        want = tally(deals, variant, players, public, track)
        assert got.total == want.total
        assert got.tracked == want.tracked, [c.id for c in track]
    if deals:  # tracked while fixed
        a, b = rng.sample(cards, 2)
        h = rng.choice(deals).where[a]
        part = [d for d in deals if d.where[a] == h]
        got = counter.count(fixed={a: h}, track=(a, b), method=method)
        assert got.tracked == tally(part, variant, players, public, (a, b)).tracked, (a.id, h, b.id)


# The card layers run two ways: plain recursion (small problems) and with the vectorised
# live-state pass first (forced here with SMALL_PROBLEM = -1); the hand layers are the
# second algorithm.  All three must equal the brute force.
METHODS = pytest.mark.parametrize("method", ["cards", "cards-live", "hands"])


def _method(method: str, monkeypatch: pytest.MonkeyPatch) -> str:
    if method == "cards-live":
        monkeypatch.setattr(counter_module, "SMALL_PROBLEM", -1)
        return "cards"
    return method


@pytest.mark.sweep
@METHODS
@pytest.mark.parametrize("spec,seed", instances())
def test_counter_matches_brute_force(spec: Spec, seed: int, method: str, monkeypatch: pytest.MonkeyPatch):
    inst = make_instance(spec, seed)
    truth = inst.case if spec.style != "false" else None
    compare(inst.variant, inst.players, inst.observations, random.Random(seed + 1), truth,
            _method(method, monkeypatch))


@pytest.mark.sweep
@METHODS
@pytest.mark.parametrize("spec,seed", instances())
def test_tracked_joint_matches_brute_force(spec: Spec, seed: int, method: str, monkeypatch: pytest.MonkeyPatch):
    inst = make_instance(spec, seed)
    compare_tracked(inst.variant, inst.players, inst.observations, random.Random(seed + 2),
                    _method(method, monkeypatch))


def test_tracked_card_fixed_by_propagation():
    """Minimal case: a tracked card whose holder the record fixes (aki was shown s1) keeps
    its place in the key: ((truth), (holder of s1, holder of w1))."""
    deck = Deck.standard(2)
    variant = Variant.for_players(2, deck=deck, public_count=0)  # hands of 2 and 1
    ev = {c.id: c for c in deck.evidence}
    observations = [PublicSetup("pub", SRC, None, ()), Holds("o1", SRC, 1, "aki", ev["s1"], None, "peek")]
    counter = DealCounter(DealProblem.from_observations(variant, ("aki", "bea"), observations))
    got = counter.count(track=(ev["s1"], ev["w1"]))
    assert got.total == 8
    assert all(len(held) == 2 and held[0] == "aki" for _, held in got.tracked)
    assert sum(got.tracked.values()) == 8
    assert sum(counter.count(track=(ev["s1"],)).tracked.values()) == 8


@pytest.mark.parametrize("variant", [
    Variant.for_players(2, deck=D3, public_count=0),
    Variant.for_players(3, deck=D3, fake=True, public_count=2),
    Variant.for_players(4, deck=UNEVEN2, fake=True, public_count=1, hand_sizes=(3, 2, 0, 0)),
], ids=["2p", "3p-fake-pub2", "4p-uneven-fake"])
def test_unconstrained_totals_closed_form(variant: Variant):
    """The brute force itself: with only the public cards known, every truth triple
    among the hidden cards is equally likely and the hands split by a multinomial."""
    players = NAMES[: variant.players]
    public = variant.deck.evidence[: variant.public_count]
    observations = [PublicSetup("pub", SRC, None, tuple(public))]
    triples = prod(sum(c not in public for c in variant.deck.of(cat)) for cat in CATEGORIES)
    ways = factorial(sum(variant.hand_sizes)) // prod(factorial(n) for n in variant.hand_sizes)
    deals = consistent_deals(variant, players, observations)
    assert len(deals) == triples * ways
    assert set(tally(deals, variant, players, public).truth.values()) == {ways}
    compare(variant, players, observations, random.Random(1))


def test_impossible_records_count_zero():
    """Statements no deal fits: a public card in a hand, a raise over public cards only,
    a solved triple with a public card, a hand listed with a wrong size."""
    variant = Variant.for_players(3, deck=D3, public_count=2)
    players = NAMES[:3]
    ev = {c.id: c for c in D3.evidence}
    setup = PublicSetup("pub", SRC, None, (ev["s1"], ev["w1"]))
    for bad in (
        Holds("o1", SRC, 1, "bea", ev["s1"], None, "peek"),
        HoldsOneOf("o1", SRC, 1, "bea", (ev["s1"], ev["w1"]), None),
        CaseIs("o1", SRC, 1, (ev["s1"], ev["w2"], ev["r1"])),
        OwnHand("o1", SRC, None, "aki", (ev["s2"],), None),
    ):
        observations = [setup, bad]
        assert compare(variant, players, observations, random.Random(2)) == 0
        assert DealCounter(DealProblem.from_observations(variant, players, observations)).count().total == 0


def test_instances_cover_the_brief():
    """The instances are varied: some inconsistent, many narrowed, clause-heavy ones,
    and "wrong" outcomes that exclude triples the rest of the record allows."""
    zero = narrowed = excluding = heavy = 0
    for spec, seed in ((p.values[0], p.values[1]) for p in instances()):
        inst = make_instance(spec, seed)
        obs = inst.observations
        setup = [o for o in obs if isinstance(o, PublicSetup)]
        free = consistent_deals(inst.variant, inst.players, setup)
        wrong = [o for o in obs if isinstance(o, CaseIsNot)]
        rest = [o for o in obs if not isinstance(o, CaseIsNot)]
        base = [d for d in free if all(observation_holds(d, o) for o in rest)]
        n = sum(all(observation_holds(d, o) for o in wrong) for d in base)
        zero += n == 0
        narrowed += 0 < n < len(free)
        heavy += sum(isinstance(o, HoldsOneOf) for o in obs) >= 8
        excluding += any(not observation_holds(d, o) for d in base for o in wrong)
    assert zero >= 2
    assert narrowed >= 40
    assert heavy >= 8
    assert excluding >= 10


# -- simulated records -------------------------------------------------------------------
SIM_VARIANTS = [
    Variant.for_players(2, deck=D3, public_count=2),
    Variant.for_players(3, deck=D3, public_count=0),
    Variant.for_players(3, deck=D3, fake=True, public_count=1),
    Variant.for_players(4, deck=D3, fake=True, public_count=0),
    Variant.for_players(3, deck=D3, clue=True, public_count=0),
    Variant.for_players(4, deck=UNEVEN2, clue=True, fake=True, public_count=0),
]


@pytest.mark.sweep
@pytest.mark.parametrize("vi", range(len(SIM_VARIANTS)))
@pytest.mark.parametrize("seed", range(3))
def test_simulated_records_match_brute_force(vi: int, seed: int):
    variant = SIM_VARIANTS[vi]
    game = simulator.simulate(variant, seed, max_events=12)
    rng = random.Random(100 * vi + seed)
    viewer = rng.choice([*game.players, None])
    record = game.record(viewer, rng.randint(0, len(game.state.events)))
    observations = replay(record).observations
    compare(variant, game.players, observations, rng, game.state.deal.case)


# -- Clue accusations: whole records read by the brute force, without replay ----------------------
CLUE_SMALL = [
    Variant.for_players(3, deck=D3, clue=True, public_count=0),
    Variant.for_players(3, deck=D3, clue=True, fake=True, public_count=0, hand_sizes=(3, 2, 2)),
    Variant.for_players(4, deck=D334, clue=True, public_count=1),
]


def accusation_records():
    """Clue games with many guessed accusations (``accuse_rate`` 0.3), from random seats."""
    out = []
    for vi, variant in enumerate(CLUE_SMALL):
        for seed in range(8):
            game = simulator.simulate(variant, seed, max_events=14, accuse_rate=0.3)
            rng = random.Random(1000 * vi + seed)
            viewer = rng.choice([*game.players, None])
            out.append(pytest.param(game, viewer, id=f"v{vi}-s{seed}-{viewer}"))
    return out


@pytest.mark.sweep
@pytest.mark.parametrize(("game", "viewer"), accusation_records())
def test_clue_records_with_accusations_match_the_record_brute_force(game, viewer) -> None:
    """``record_deals`` reads every event (suggestions, accusations, reveals, looks) on each
    deal directly; the session's counter, through ``replay``, must count the same deals."""
    record = game.record(viewer)
    deals = record_deals(record)
    public = list(record.public)
    want = tally(deals, record.variant, record.players, public)
    got = DealCounter(DealProblem.from_observations(record.variant, record.players,
                                                    replay(record).observations)).count()
    cards = [c for c in record.variant.cards if c not in set(public)]
    check_counts(got, want, cards)
    assert any(d.case == game.state.deal.case for d in deals), "the truth must be counted"


def test_the_accusation_records_cover_right_wrong_and_refuting_after_being_out() -> None:
    """The records above hold wrong and correct accusations, a wrong one that removes
    triples the rest of the record allowed, and an out player who refutes afterwards."""
    from suiri.models.detective.rules import Accuse, Deduce

    seen: set[str] = set()
    for param in accusation_records():
        game, viewer = param.values
        record = game.record(viewer)
        out: set[str] = set()
        for e in record.events:
            if isinstance(e, Accuse):
                seen.add(f"correct={e.correct}")
                if not e.correct:
                    out.add(e.by)
            elif isinstance(e, Deduce) and set(e.raised) & out:
                seen.add("out-refutes")
        without = [e for e in record.events if not (isinstance(e, Accuse) and not e.correct)]
        if len(record_deals(record)) < len(record_deals(replace_events(record, without))):
            seen.add("excludes")
    assert seen == {"correct=True", "correct=False", "out-refutes", "excludes"}, seen


def replace_events(record, events):
    from dataclasses import replace

    return replace(record, events=list(events))
