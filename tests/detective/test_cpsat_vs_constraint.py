"""CP-SAT's possible values against an independent python-constraint model and the counter.

On small games every card is a python-constraint variable whose value is where it was
dealt (a player, the case file, the public area; the fake only to a player); the deal
sizes, the case file and each observation are constraints written from the rules
digest.  Over *all* its solutions, the set of values of every subject must equal
``Engine.possible_values`` on the CP-SAT encoding, and the support of the exact counter
(holders and truth cards with a count above 0).  Subjects are ``holder:CARD``, where the
card is *now* (a card revealed from a hand, like a public setup card, is "public"), and
``case:suspect`` / ``case:weapon`` / ``case:scene``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import constraint
import pytest

HERE_DIR = str(Path(__file__).parent)
if HERE_DIR not in sys.path:
    sys.path.insert(0, HERE_DIR)

from brute import D2, D3, UNEVEN, UNEVEN2, Spec, make_instance  # noqa: E402

from suiri.models.detective import simulator  # noqa: E402
from suiri.models.detective.cards import CATEGORIES  # noqa: E402
from suiri.models.detective.counter import DealCounter, DealProblem  # noqa: E402
from suiri.models.detective.encoder import encode  # noqa: E402
from suiri.models.detective.rules import (  # noqa: E402
    ACCUSATION,
    Accuse,
    CaseIs,
    CaseIsNot,
    Holds,
    HoldsNone,
    HoldsOneOf,
    OwnHand,
    PublicSetup,
    Variant,
    replay,
)
from suiri.solver.queries import Engine  # noqa: E402

CASE, PUBLIC = "case", "public"
LIMIT = 20_000  # solutions; the instances stay well below

SPECS: list[Spec] = [
    Spec(2, D2, viewer=False, style="light"),
    Spec(2, D3, viewer=False),
    Spec(2, D3, fake=True, style="light"),
    Spec(2, D3, fake=True, viewer=False, style="wrong"),
    Spec(2, D3, fake=True, public=2, viewer=False, style="clauses"),
    Spec(2, UNEVEN, fake=True, public=1, style="false"),
    Spec(3, D2, fake=True, viewer=False),
    Spec(3, D3, style="light"),
    Spec(3, D3, viewer=False, style="light"),
    Spec(3, D3, viewer=False, style="clauses"),
    Spec(3, D3, fake=True, viewer=False, style="wrong"),
    Spec(3, D3, public=2, viewer=False, style="false"),
    Spec(3, UNEVEN2, fake=True, public=1, viewer=False, style="light"),
    Spec(4, D2, fake=True, viewer=False),
    Spec(4, D3, viewer=False, style="clauses"),
    Spec(4, D3, public=2, fake=True, viewer=False, style="light"),
    Spec(4, D3, public=1, sizes=(3, 1, 1, 0), style="wrong"),
    Spec(4, UNEVEN2, viewer=False, style="false"),
]
SEEDS_PER_SPEC = 2


def instances():
    out = []
    for i, spec in enumerate(SPECS):
        for j in range(SEEDS_PER_SPEC):
            seed = 3301 * i + 53 * j + 5
            out.append(pytest.param(spec, seed, id=f"{spec.label()}-s{seed}"))
    return out


# -- the independent model ---------------------------------------------------------------
def constraint_problem(variant: Variant, players, observations) -> constraint.Problem:
    pb = constraint.Problem(constraint.BacktrackingSolver())
    cards = variant.cards
    for c in cards:
        pb.addVariable(c.id, list(players) + ([CASE, PUBLIC] if c.category is not None else []))
    everything = [c.id for c in cards]
    for p, size in zip(players, variant.hand_sizes, strict=True):
        pb.addConstraint(constraint.SomeInSetConstraint([p], n=size, exact=True), everything)
    pb.addConstraint(constraint.SomeInSetConstraint([PUBLIC], n=variant.public_count, exact=True), everything)
    for cat in CATEGORIES:  # the box: one card of each category
        pb.addConstraint(constraint.SomeInSetConstraint([CASE], n=1, exact=True),
                         [c.id for c in variant.deck.of(cat)])
    for o in observations:
        if isinstance(o, OwnHand):
            for c in cards:
                if c in o.cards:
                    pb.addConstraint(constraint.InSetConstraint([o.player]), [c.id])
                else:
                    pb.addConstraint(constraint.NotInSetConstraint([o.player]), [c.id])
        elif isinstance(o, PublicSetup):
            for c in o.cards:
                pb.addConstraint(constraint.InSetConstraint([PUBLIC]), [c.id])
        elif isinstance(o, Holds):
            pb.addConstraint(constraint.InSetConstraint([o.player]), [o.card.id])
        elif isinstance(o, HoldsOneOf):
            pb.addConstraint(constraint.FunctionConstraint(lambda *hs, p=o.player: p in hs),
                             [c.id for c in o.cards])
        elif isinstance(o, HoldsNone):
            for c in o.cards:
                pb.addConstraint(constraint.NotInSetConstraint([o.player]), [c.id])
        elif isinstance(o, CaseIs):
            for c in o.cards:
                pb.addConstraint(constraint.InSetConstraint([CASE]), [c.id])
        elif isinstance(o, CaseIsNot):
            pb.addConstraint(constraint.FunctionConstraint(lambda *hs: not all(h == CASE for h in hs)),
                             [c.id for c in o.cards])
        else:  # pragma: no cover
            raise TypeError(o)
    return pb


def revealed_cards(observations):
    return {o.card for o in observations if isinstance(o, Holds) and o.how == "reveal"}


def subjects_of(variant: Variant) -> list[str]:
    return [f"holder:{c.id}" for c in variant.cards] + [f"case:{cat.value}" for cat in CATEGORIES]


def enumerate_possible(variant: Variant, players, observations):
    revealed = revealed_cards(observations)
    out: dict[str, set[str]] = {s: set() for s in subjects_of(variant)}
    n = 0
    for sol in constraint_problem(variant, players, observations).getSolutionIter():
        n += 1
        assert n <= LIMIT, "instance too large for enumeration"
        for c in variant.cards:
            out[f"holder:{c.id}"].add(PUBLIC if c in revealed else sol[c.id])
        for cat in CATEGORIES:
            (card,) = [c for c in variant.deck.of(cat) if sol[c.id] == CASE]
            out[f"case:{cat.value}"].add(card.id)
    return out, n


def counter_support(variant: Variant, players, observations):
    revealed = revealed_cards(observations)
    counts = DealCounter(DealProblem.from_observations(variant, players, observations)).count()
    out: dict[str, set[str]] = {s: set() for s in subjects_of(variant)}
    for c in variant.cards:
        row = counts.holders.get(c)
        if row is None:  # a public setup card
            where = {PUBLIC} if counts.total else set()
        else:
            where = {h for h, n in row.items() if n > 0}
        out[f"holder:{c.id}"] = {PUBLIC} if where and c in revealed else where
    for i, cat in enumerate(CATEGORIES):
        out[f"case:{cat.value}"] = {t[i].id for t, n in counts.truth.items() if n > 0}
    return out, counts.total


def check(variant: Variant, players, observations) -> int:
    expected, n = enumerate_possible(variant, players, observations)
    support, total = counter_support(variant, players, observations)
    assert total == n
    assert support == expected
    dm = encode(variant, players, observations)
    subjects = list(dm.model.subjects)
    assert sorted(subjects) == sorted(expected)
    got = Engine(dm.model).possible_values(subjects)
    assert {s: set(v) for s, v in got.items()} == expected
    return n


@pytest.mark.sweep
@pytest.mark.parametrize("spec,seed", instances())
def test_possible_values_match(spec: Spec, seed: int):
    inst = make_instance(spec, seed)
    n = check(inst.variant, inst.players, inst.observations)
    if spec.style != "false":
        assert n > 0


def test_instances_cover_the_brief():
    """Some instances reveal cards, some are inconsistent, many have several deals."""
    reveals = zero = wide = 0
    for p in instances():
        spec, seed = p.values
        inst = make_instance(spec, seed)
        reveals += bool(revealed_cards(inst.observations))
        solutions = constraint_problem(inst.variant, inst.players, inst.observations).getSolutionIter()
        zero += next(solutions, None) is None
        wide += next(solutions, None) is not None and next(solutions, None) is not None
    assert reveals >= 5
    assert 1 <= zero <= len(SPECS)
    assert wide >= 10


# -- simulated records (reveals and bluffs as the rules write them) ---------------------------
SIM_VARIANTS = [
    Variant.for_players(3, deck=D3, fake=True, public_count=1),
    Variant.for_players(4, deck=D3, public_count=2),
    Variant.for_players(3, deck=UNEVEN2, clue=True, fake=True, public_count=0),
]


@pytest.mark.sweep
@pytest.mark.parametrize("vi", range(len(SIM_VARIANTS)))
@pytest.mark.parametrize("seed", range(2))
def test_simulated_records_match(vi: int, seed: int):
    variant = SIM_VARIANTS[vi]
    game = simulator.simulate(variant, seed, max_events=12)
    rng = random.Random(10 * vi + seed)
    viewer = rng.choice([*game.players, None])
    record = game.record(viewer, rng.randint(len(game.state.events) // 2, len(game.state.events)))
    observations = replay(record).observations
    expected, n = enumerate_possible(variant, game.players, observations)
    assert n > 0
    check(variant, game.players, observations)
    for c, where in simulator.current_holders(game, len(record.events)).items():
        assert where in expected[f"holder:{c.id}"]


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(4))
def test_simulated_accusation_records_match(seed: int):
    """Clue records full of guessed accusations (right ones end the game, wrong ones exclude
    their triple): CP-SAT's possible values equal the counter's support."""
    variant = Variant.for_players(3, deck=D3, clue=True, public_count=0)
    game = simulator.simulate(variant, seed, max_events=10, accuse_rate=0.4)
    accusations = [e for e in game.state.events if isinstance(e, Accuse)]
    assert accusations
    rng = random.Random(seed)
    record = game.record(rng.choice([*game.players, None]))
    observations = replay(record).observations
    assert any(isinstance(o, CaseIs | CaseIsNot) and o.rule == ACCUSATION for o in observations)
    expected, n = enumerate_possible(variant, game.players, observations)
    assert n > 0
    check(variant, game.players, observations)
