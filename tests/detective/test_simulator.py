"""The Memory Detective simulator: deterministic, legal for every seat, and every
observation ``rules.replay`` draws from any seat's record is true of the real deal.

Covered: 2-8 players on the default deck, with and without the fake; the classic Clue
deck (6 + 6 + 9, no public cards) in the Clue variant for 3-6 players, with and without
the fake.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import pytest

from suiri.models.detective import simulator
from suiri.models.detective.cards import CATEGORIES, FAKE_CARD, Deck
from suiri.models.detective.rules import (
    Accuse,
    CaseIs,
    CaseIsNot,
    Deal,
    Deduce,
    Holds,
    HoldsNone,
    HoldsOneOf,
    Observation,
    OwnHand,
    Peek,
    PublicSetup,
    Reveal,
    Show,
    Variant,
    replay,
)
from suiri.solver.errors import IllegalMoveError

CLUE_DECK = Deck.custom([f"s{i}" for i in range(1, 7)], [f"w{i}" for i in range(1, 7)],
                        [f"r{i}" for i in range(1, 10)])
Sweep = Callable[[Iterable[int]], list[int]]
SEEDS = range(20)

VARIANTS: dict[str, Variant] = {}
for _n in range(2, 9):
    VARIANTS[f"base-{_n}p"] = Variant.for_players(_n)
    VARIANTS[f"fake-{_n}p"] = Variant.for_players(_n, fake=True)
for _n in range(3, 7):
    VARIANTS[f"clue-{_n}p"] = Variant.for_players(_n, deck=CLUE_DECK, clue=True, public_count=0)
    VARIANTS[f"clue-fake-{_n}p"] = Variant.for_players(_n, deck=CLUE_DECK, clue=True, fake=True,
                                                       public_count=0)


def holds(deal: Deal, obs: Observation) -> bool:
    """Is ``obs`` true of the deal?  Observations are about the *dealt* hands."""
    if isinstance(obs, OwnHand):
        return sorted(c.id for c in deal.hands[obs.player]) == sorted(c.id for c in obs.cards)
    if isinstance(obs, PublicSetup):
        return sorted(c.id for c in deal.public) == sorted(c.id for c in obs.cards)
    if isinstance(obs, Holds):
        return obs.card in deal.hands[obs.player]
    if isinstance(obs, HoldsOneOf):
        return any(c in deal.hands[obs.player] for c in obs.cards)
    if isinstance(obs, HoldsNone):
        return not any(c in deal.hands[obs.player] for c in obs.cards)
    if isinstance(obs, CaseIs):
        return set(obs.cards) == set(deal.case)
    if isinstance(obs, CaseIsNot):
        return set(obs.cards) != set(deal.case)
    raise AssertionError(f"unknown observation {obs!r}")


def check_game(game: simulator.Simulated) -> None:
    for viewer, record in game.records().items():
        try:
            result = replay(record)
        except IllegalMoveError as e:  # pragma: no cover - the failure message
            pytest.fail(f"seed {game.seed}, viewer {viewer}: {e}")
        false = [o for o in result.observations if not holds(game.state.deal, o)]
        assert not false, f"seed {game.seed}, viewer {viewer}: false observations {false}"
        assert result.solved == (game.state.outcome == "solved")


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_record_replays_and_tells_the_truth(name: str, sweep: Sweep) -> None:
    variant = VARIANTS[name]
    for seed in sweep(SEEDS):
        game = simulator.simulate(variant, seed)
        check_game(game)
        # every cut (a bluff keeps its reveal) is a legal record that tells the truth
        for k in range(0, len(game.state.events), 7):
            for viewer in (game.players[0], None):
                result = replay(game.record(viewer, k))
                assert all(holds(game.state.deal, o) for o in result.observations)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_deal_follows_the_setup(name: str) -> None:
    variant = VARIANTS[name]
    game = simulator.simulate(variant, 7)
    d = game.state.deal
    assert game.players == simulator.PLAYER_NAMES[: variant.players]
    assert [c.category for c in d.case] == list(CATEGORIES)
    assert len(d.public) == variant.public_count
    assert tuple(len(d.hands[p]) for p in game.players) == variant.hand_sizes
    everything = [*d.case, *d.public, *(c for h in d.hands.values() for c in h)]
    assert Counter(everything) == Counter(variant.cards)
    assert FAKE_CARD not in d.public


def test_same_seed_same_game() -> None:
    for variant in (VARIANTS["fake-4p"], VARIANTS["clue-fake-5p"]):
        a, b = simulator.simulate(variant, 42), simulator.simulate(variant, 42)
        assert a.state.deal == b.state.deal and a.state.events == b.state.events and a.state.outcome == b.state.outcome
        assert [simulator.simulate(variant, s).state.deal for s in range(5)] != [a.state.deal] * 5


def test_records_hide_what_the_seat_did_not_see() -> None:
    game = next(g for g in (simulator.simulate(VARIANTS["base-3p"], s) for s in range(50))
                if any(isinstance(e, simulator.Look) for e in g.state.events))
    looks = [(k, e) for k, e in enumerate(game.state.events) if isinstance(e, simulator.Look)]
    k, look = looks[0]
    assert game.record(look.actor).events[k] == Peek(look.player, look.card)
    assert game.record(None).events[k] == Show(look.player, look.actor, None)
    other = next(p for p in game.players if p != look.actor)
    assert game.record(other).events[k] == Show(look.player, look.actor, None)
    assert game.record(None).hand == ()
    assert game.record("bea").hand == game.state.deal.hands["bea"]
    for viewer, record in game.records().items():
        for true, seen in zip(game.state.events, record.events, strict=True):
            if isinstance(seen, Deduce):
                assert isinstance(true, Deduce)
                assert seen.shown == (true.shown if viewer == true.by else {})


def test_every_kind_of_event_occurs() -> None:
    """The simulator reaches every rule: bluffs (base and Clue), solved and wrong
    no-raise deductions, Clue refutations and passes, reveals of the fake, lost games."""
    seen: Counter[str] = Counter()
    for name in ("fake-3p", "fake-6p", "clue-fake-4p", "base-2p"):
        for seed in range(40):
            game = simulator.simulate(VARIANTS[name], seed, max_events=60)
            seen[f"over:{game.state.outcome}"] += 1
            for e in game.state.events:
                if isinstance(e, Deduce):
                    if simulator.is_bluff(e):
                        seen["clue-bluff" if name.startswith("clue") else "bluff"] += 1
                    seen[f"outcome:{e.outcome}"] += 1
                    if e.passed and e.raised:
                        seen["refuted-after-pass"] += 1
                elif isinstance(e, Reveal) and e.card == FAKE_CARD:
                    seen["fake-revealed"] += 1
                elif isinstance(e, simulator.Look):
                    seen["look"] += 1
    for kind in ("bluff", "clue-bluff", "outcome:solved", "outcome:wrong", "outcome:None",
                 "refuted-after-pass", "fake-revealed", "look", "over:solved", "over:None"):
        assert seen[kind] > 0, (kind, seen)


def test_bluffs_are_followed_by_the_fake_reveal() -> None:
    for name in ("fake-3p", "fake-5p", "clue-fake-4p"):
        for seed in range(30):
            game = simulator.simulate(VARIANTS[name], seed)
            for k, e in enumerate(game.state.events):
                if simulator.is_bluff(e):
                    assert isinstance(e, Deduce)
                    bluffer = next(p for p, c in e.shown.items() if c == FAKE_CARD)
                    assert game.state.events[k + 1] == Reveal(FAKE_CARD, bluffer)
                    assert not any(c in game.state.deal.hands[bluffer] for c in e.named)
                    assert game.state.cut(k + 1) == k + 2
            assert len(game.state.events) <= 30


def test_current_holder_follows_reveals() -> None:
    game = simulator.simulate(VARIANTS["fake-4p"], 3, max_events=60)
    for k in range(len(game.state.events) + 1):
        where = simulator.current_holders(game, k)
        assert Counter(where.values())["case"] == 3
        revealed = {e.card for e in game.state.events[:k] if isinstance(e, Reveal)}
        for card, holder in where.items():
            if card in revealed or card in game.state.deal.public:
                assert holder == "public"
            elif card in game.state.deal.case:
                assert holder == "case"
            else:
                assert card in game.state.deal.hands[holder]


def test_named_players_and_bad_sizes() -> None:
    names = ["x1", "x2", "x3"]
    game = simulator.simulate(VARIANTS["base-3p"], 1, players=names)
    assert game.players == tuple(names)
    replay(game.record("x2"))
    with pytest.raises(ValueError):
        simulator.simulate(VARIANTS["base-3p"], 1, players=["x1", "x2"])
    with pytest.raises(ValueError):
        simulator.simulate(Variant(3, hand_sizes=(6, 6, 5)), 1)
    with pytest.raises(ValueError):
        game.record("nobody")


def test_the_reference_deal() -> None:
    """Seed 10, three players: the deal of the shared reference record detective-3p.toml."""
    game = simulator.simulate(Variant.for_players(3), 10)
    assert [c.id for c in game.state.deal.hands["aki"]] == ["w1", "r3", "w9", "r2", "s4", "s8"]
    assert [c.id for c in game.state.deal.public] == ["w2", "w3", "w6", "r9", "w5", "s9"]


def test_clue_games_have_accusations() -> None:
    """Clue: right and wrong accusations occur; a wrong accuser never suggests or accuses
    again but still refutes; a correct accusation ends the game; no suggestion has an
    outcome (the game ends by an accusation); every seat's record replays (check_game)."""
    seen: Counter[str] = Counter()
    for name in ("clue-3p", "clue-fake-4p", "clue-6p"):
        for seed in range(40):
            game = simulator.simulate(VARIANTS[name], seed, max_events=60)
            check_game(game)
            out: set[str] = set()
            for k, e in enumerate(game.state.events):
                if isinstance(e, Accuse):
                    assert e.by not in out
                    assert e.correct == (set(e.named) == set(game.state.deal.case))
                    seen[f"accuse:{e.correct}"] += 1
                    if e.correct:
                        assert k == len(game.state.events) - 1 and game.state.outcome == "solved"
                    else:
                        out.add(e.by)
                elif isinstance(e, Deduce):
                    assert e.by not in out and e.outcome is None
                    seen["out-refutes"] += bool(set(e.raised) & out)
                    seen["out-passes"] += bool(set(e.passed) & out)
    for kind in ("accuse:True", "accuse:False", "out-refutes", "out-passes"):
        assert seen[kind] > 0, (kind, seen)
