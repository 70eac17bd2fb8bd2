"""Memory Detective in the conformance suite.

The corpus: 2016 seeded games, 72 for each player count (2 to 8) and variant (base,
fake, clue, clue-fake); even seeds are played by the simulator's policy (6 to 60
events), odd seeds by random legal moves on the State (``tests/detective/state_games.py``:
accusations, looks, reveals of the fake after a real show).  Each game is cut at one
random event count (a bluff keeps its reveal: ``DetectiveState.cut``; the end and the
empty record come up too); the cut record of every seat and the spectator is checked,
and for the first 30 games of each player count and variant (840 games) also
round-tripped, as written and decorated with the fields simulated games never write.
Thirty more games (3 to 5 players, 60 events, one seat) give records for the step-wise
chains.  (From the former ``tests/detective/test_soundness.py`` truth sweep and the
former simulated-record sweep of ``tests/detective/test_notation.py``.)

The truth (``truth``): the true case triple keeps a positive count and the counts add
up; for two of each game's records (one cycling through every seat and the spectator
across the seeds, one at random, ``deep``): the true current place of every card has
positive probability, every fact ``analyze`` calls certain is true of the real game,
every card's place distribution, each category of the truth and the joint add up to 1.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from corpus import CHAINS, CHECK, ROUND_TRIP, Played, Sample
from hooks import Hooks

from suiri.models import game
from suiri.models.detective import FACTS
from suiri.models.detective.analysis import analyze
from suiri.models.detective.cards import CATEGORIES, FAKE_CARD, Category
from suiri.models.detective.counter import Counts
from suiri.models.detective.notation import to_compact
from suiri.models.detective.record import DetectiveRecord, loads, to_toml
from suiri.models.detective.rules import Deduce, Reveal, Show, variant_for
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.simulator import Simulated, current_holders, simulate
from suiri.solver.facts import Fact

DETECTIVE_TESTS = str(Path(__file__).resolve().parents[1] / "detective")
if DETECTIVE_TESTS not in sys.path:
    sys.path.insert(0, DETECTIVE_TESTS)

from state_games import play as play_on_state  # noqa: E402

GAMES_PER_CASE = 72
ROUND_TRIP_GAMES = 30  # per player count and variant: the first ones
CHAIN_GAMES = 30
PLAYERS = range(2, 9)


def seeds(players: int, variant: str) -> range:
    start = 10_000 * players + 1_000 * FACTS.variants.index(variant)
    return range(start, start + GAMES_PER_CASE)


def specs(chunk: int, chunks: int) -> list[tuple[Any, ...]]:
    games = [("state", players, variant, seed) for variant in FACTS.variants for players in PLAYERS
             for seed in seeds(players, variant)]
    chains = [("chains", (3, 4, 5)[seed % 3], "base", seed) for seed in range(CHAIN_GAMES) if seed % chunks == chunk]
    return [*games[chunk::chunks], *chains]


def viewpoints(game: Simulated, seed: int, rng: random.Random) -> list[str | None]:
    """Two seats: one cycling through every seat and the spectator, one at random."""
    seats: list[str | None] = [*game.players, None]
    return [seats[seed % len(seats)], rng.choice(seats)]


def decorated(record: DetectiveRecord, rng: random.Random) -> DetectiveRecord:
    """The record with the fields simulated games never write, at random: `among` on
    shows, an explicit `bluff` on reveals of the fake, shown cards the viewer forgot, and
    outcomes left out.  (Legal or not does not matter here: the round trip is the reader's.)"""
    cards = record.variant.cards
    events = []
    for e in record.events:
        if isinstance(e, Show) and rng.random() < 0.5:
            e = replace(e, among=tuple(rng.sample(cards, rng.randint(1, 4))))
        elif isinstance(e, Reveal) and e.card == FAKE_CARD:
            e = replace(e, bluff=rng.choice([None, True, False]))
        elif isinstance(e, Deduce):
            if e.shown and rng.random() < 0.3:
                e = replace(e, shown={p: c for p, c in e.shown.items() if rng.random() < 0.5})
            if e.outcome is not None and rng.random() < 0.3:
                e = replace(e, outcome=None)
        events.append(e)
    return replace(record, events=events)


def game_and_viewpoints(players: int, variant: str, seed: int) -> tuple[Simulated, int, list[str | None]]:
    """The game of ``seed`` (the simulator's policy for even seeds, random legal moves on
    the State for odd ones), its cut and its two viewpoints."""
    rng = random.Random(seed)
    if seed % 2:
        game_ = Simulated(seed, play_on_state(variant, players, seed, rng.randint(1, 120)))
    else:
        game_ = simulate(variant_for(players, variant), seed, max_events=rng.randint(6, 60))
    return game_, rng.randint(0, len(game_.state.events)), viewpoints(game_, seed, rng)


def play(spec: tuple[Any, ...]) -> Played:
    kind, players, variant, seed = spec
    if kind == "chains":
        g = game("detective")
        seat = g.new_state(players, seed, variant).players[seed % players]
        record = g.simulate(players, seed, 60, seat, variant)
        return Played(spec, None, [Sample(seat, record, frozenset({CHAINS}), None, f"chains seed {seed}")])
    sim, cut, chosen = game_and_viewpoints(players, variant, seed)
    round_trips = seed - seeds(players, variant).start < ROUND_TRIP_GAMES
    sweeps = frozenset({CHECK, ROUND_TRIP}) if round_trips else frozenset({CHECK})
    played = Played(spec, sim.state)
    where = f"seed {seed}, {players}p {variant}, cut {cut}"
    for seat in (*sim.players, None):  # the deep checks on the chosen seats' records (once, if chosen twice)
        played.samples.append(Sample(seat, sim.record(seat, cut), sweeps, (sim, cut), where, seat in chosen))
    return played


def fact_is_true(fact: Fact, places: dict[str, str], case: dict[Category, str]) -> bool:
    kind, _, arg = fact.subject.partition(":")
    if kind == "holder":
        actual = places[arg]
    else:
        assert kind == "case", fact
        actual = case[Category(arg)]
    return (actual == fact.value) == fact.holds


def truth(sample: Sample, session: DetectiveSession, counts: Counts) -> set[str]:
    """The true case triple keeps a positive count; the deep checks on a chosen record."""
    game_: Simulated
    game_, cut = sample.truth
    label = f"seed {game_.seed}, {game_.state.variant.players}p, viewer {sample.seat}, cut {cut}"
    truth_ = game_.state.deal.case
    assert len(sample.record.events) == game_.state.cut(cut), label  # a bluff keeps its reveal
    assert counts.truth.get(truth_, 0) > 0, (label, [c.id for c in truth_])
    assert sum(counts.truth.values()) == counts.total, label
    if not sample.deep:
        return set()
    places = current_holders(game_, game_.state.cut(cut))
    for card, place in places.items():
        row = session.where_now(card)
        assert set(row) == {*game_.players, "case", "public"}, (label, card.id)
        assert sum(row.values()) == 1, (label, card.id, row)
        assert all(p >= 0 for p in row.values()), (label, card.id, row)
        assert row[place] > 0, (label, card.id, place, row)
    for index, cat in enumerate(CATEGORIES):
        dist = session.truth(cat)
        assert sum(dist.values()) == 1, (label, cat)
        assert dist[truth_[index]] > 0, (label, cat, truth_[index].id)
    result = analyze(session)
    assert sum(p for _, p in result.triples) == 1, label
    assert result.triples and all(p > Fraction(0) for _, p in result.triples), label
    by_id = {c.id: place for c, place in places.items()}
    case = {c.category: c.id for c in truth_ if c.category is not None}
    wrong = [str(f) for f in result.certain if not fact_is_true(f, by_id, case)]
    assert not wrong, (label, wrong)
    if result.solved is not None:
        assert tuple(result.solved) == tuple(truth_), label
    return {"certain"} if result.certain else set()


def coverage(played: list[Played], shown: set[str]) -> None:
    """Every chunk proves something on a deep record."""
    assert "certain" in shown


def round_trip(sample: Sample, plain: str) -> set[str]:
    """The record written with the fields simulated games never write reads back the
    same too (TOML → compact → TOML), and the texts show bluffs, accusations and shows."""
    game_: Simulated = sample.truth[0]
    rng = random.Random(f"{game_.seed}-{sample.seat}")
    record = decorated(sample.record, rng)
    toml = to_toml(record)
    from_toml = loads(toml)
    assert content(from_toml) == content(record), (sample.where, sample.seat)
    text = to_compact(from_toml)
    again = game("detective").read(game("detective").parse_compact("typed.txt", text))
    assert content(again) == content(record), (sample.where, sample.seat)
    assert to_toml(again) == toml and to_compact(again) == text, (sample.where, sample.seat)
    seen = {"joined"} if " ; reveal " in plain else set()
    seen |= {"accuse"} if "\naccuse " in plain else set()
    seen |= {"show"} if "\nshow " in plain else set()
    seen |= {"bluff"} if any(isinstance(e, Deduce) and FAKE_CARD in e.shown.values() for e in game_.state.events) else set()
    return seen


def content(r: DetectiveRecord) -> tuple[Any, ...]:
    """Everything a record says (not where it was read from)."""
    return (r.variant, r.players, r.viewer, r.hand, r.public, r.events)


def round_trip_coverage(seen: set[str]) -> None:
    """The round trips meet bluffs, reveals joined to them, accusations and shows."""
    assert {"bluff", "joined", "accuse", "show"} <= seen, seen


HOOKS = Hooks(specs=specs, play=play, truth=truth, coverage=coverage, round_trip=round_trip,
              round_trip_coverage=round_trip_coverage)

