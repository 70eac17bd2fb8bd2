"""Memory Detective's and Clue's bots (models/detective/bots.py): whole legal games at every
player count, the reasoner's beliefs never rule the truth out, every strategy plays blind
(and a bot reading the hidden deal is caught), and the reasoner beats the notebook."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from sibling import load_sibling

from suiri.models.bots import Outcome, play_game
from suiri.models.detective.bots import Checklist, ConcealerBot, NotebookBot, ReasonerBot
from suiri.models.detective.cards import CATEGORIES
from suiri.models.detective.game import BOTS, GAME
from suiri.models.detective.rules import Deal
from suiri.models.detective.seating import Choice, DetectiveDecision, DetectiveSeating, seating
from suiri.models.detective.state import Accusation, Deduction, DetectiveState, EndTurn, Response

check_blind = load_sibling(__file__, "blind.py", "bots_blind").check_blind
STRATEGIES = ("random", "notebook", "reasoner", "concealer")
VARIANTS = ("base", "clue")
FEW = (2, 3, 4)  # the default run; every count (2 to 8) with --full


def counts() -> list[Any]:
    return [n if n in FEW else pytest.param(n, marks=pytest.mark.slow) for n in range(2, 9)]


def play(variant: str, players: int, seed: int, lineup: list[str]) -> tuple[DetectiveSeating, Outcome, list[Any]]:
    """One seeded game; the bots by seat; the reasoners' beliefs checked at each of their turns."""
    s = seating(players, seed, variant)
    bots = {p: BOTS[name](p, random.Random(f"{seed}-{p}")) for p, name in zip(s.players, lineup, strict=True)}
    case = s.state.deal.case
    checked: list[Any] = []

    def watch(decision: Any, choice: object) -> None:
        bot = bots[decision.seat]
        if isinstance(bot, ReasonerBot) and bot._cached is not None and bot._cached[0] is decision.record:
            truth = bot._cached[1].truth_counts.truth  # the count the bot chose by
            assert truth.get(case, 0) > 0, f"{decision.seat} ruled the truth {case} out"
            checked.append(decision)

    return s, play_game(s, bots, watch=watch), checked


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("players", counts())
def test_whole_legal_games(variant: str, strategy: str, players: int) -> None:
    """Each strategy at every seat plays to the end (random may hit the draw bound) with
    only offered options; a reasoner's analysis never rules the true deal out."""
    s, out, checked = play(variant, players, 11 + players, [strategy] * players)
    assert out.forfeit is None, out.forfeit
    assert out.ending == "over" or (strategy == "random" and out.ending == "draw")
    if out.ending == "over":
        assert s.state.is_over() and s.decision() is None
    if strategy in ("notebook", "reasoner", "concealer"):
        assert out.ending == "over" and len(out.winners) == 1  # someone finds the truth
        assert s.state.table.end is not None and s.state.table.end.reason in ("solved", "accused")
    if strategy in ("reasoner", "concealer"):
        assert checked


def test_mixed_table_rotated() -> None:
    """Every strategy at one table, each variant: a legal game with a winner."""
    for variant in VARIANTS:
        _, out, checked = play(variant, 4, 5, list(STRATEGIES))
        assert out.forfeit is None and out.ending == "over" and checked


# -- the checklist ------------------------------------------------------------------------------
def test_checklist_crosses_off_and_concludes() -> None:
    """The notebook's checklist of a played Clue game: never crosses off the truth, and
    every card it places is where the deal put it (or public)."""
    for seed in range(6):
        s = seating(4, seed, "clue")
        bots = {p: NotebookBot(p, random.Random(p)) for p in s.players}
        while (d := s.decision()) is not None:
            sheet = Checklist.of(d.record)
            assert s.state.deal.case in sheet.triples()
            for card, at in sheet.at.items():
                assert at == s.state.holder(card) or (at == "public" and card in s.state.table.public)
            s.choose(bots[d.seat].choose(d))


def test_notebook_names_what_is_left_and_accuses_when_one_is() -> None:
    """Clue: with one triple left on its checklist the notebook accuses it; otherwise it
    suggests one not crossed off, or ends its turn; and some game gets to one triple."""
    accused = 0
    for seed in range(6):
        s = seating(4, seed, "clue")
        bots = {p: NotebookBot(p, random.Random(p)) for p in s.players}
        while (d := s.decision()) is not None:
            choice = bots[d.seat].choose(d)
            if d.named is None:
                left = Checklist.of(d.record).triples()
                if len(left) == 1:
                    assert choice == Accusation(d.seat, left[0])
                    accused += 1
                else:
                    assert isinstance(choice, EndTurn) or (isinstance(choice, Deduction) and choice.named in left)
            s.choose(choice)
    assert accused >= 6


# -- blind --------------------------------------------------------------------------------------
class Scrambled(DetectiveSeating):
    """A seating that says which State is deciding (for the leaking test bot)."""

    def decision(self) -> DetectiveDecision | None:
        PEEK["state"] = self.state
        return super().decision()


PEEK: dict[str, DetectiveState] = {}


def scrambles(variant: str, players: int, seed: int, seat: str, n: int = 12) -> Iterator[DetectiveSeating]:
    """Other deals with the same record for ``seat`` at the start: its own hand and the
    public cards kept, the case file and the other hands reshuffled (by category for the
    case); half keep the case file and reshuffle only the other hands."""
    base = seating(players, seed, variant)
    deal = base.state.deal
    rng = random.Random(seed)
    for k in range(n):
        others = [p for p in base.players if p != seat]
        pool = [c for p in others for c in deal.hands[p]]
        case = deal.case
        if k % 2:
            pool += list(case)
            picked = []
            for cat in CATEGORIES:
                picked.append(rng.choice([c for c in pool if c.category == cat]))
            case = (picked[0], picked[1], picked[2])
            pool = [c for c in pool if c not in case]
        rng.shuffle(pool)
        hands = {seat: deal.hands[seat]}
        at = 0
        for p in others:
            hands[p] = tuple(pool[at: at + len(deal.hands[p])])
            at += len(deal.hands[p])
        state = DetectiveState(base.state.variant, base.players, Deal(case, deal.public, hands), base.state.name)
        yield Scrambled(state, random.Random(seed))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_blind(variant: str, strategy: str) -> None:
    """Same record, same options; same decision, same choice, whatever the hidden deal."""
    compared = 0
    for seed in (1, 2):
        s = seating(4, seed, variant)
        compared += check_blind(GAME, strategy, s, scrambles(variant, 4, seed, s.players[0]), seed, max_choices=60)
    assert compared > 0


class Leaky:
    """A cheat: names the true case file (read from the deciding State)."""

    def __init__(self, seat: str, rng: random.Random) -> None:
        self.seat = seat

    def choose(self, decision: DetectiveDecision) -> Choice:
        case = PEEK["state"].deal.case
        for o in decision.options:
            if isinstance(o, Deduction | Accusation) and o.named == case:
                return o
        return next(o for o in decision.options if isinstance(o, Response | EndTurn | Deduction))


def test_blind_catches_a_leak() -> None:
    game = dataclasses.replace(GAME, bots={**GAME.bots, "leaky": Leaky})
    for variant in VARIANTS:
        s = Scrambled(seating(4, 3, variant).state, random.Random(3))
        with pytest.raises(AssertionError, match="chose otherwise"):
            check_blind(game, "leaky", s, scrambles(variant, 4, 3, s.players[0]), 3)


# -- strength -----------------------------------------------------------------------------------
def wins(variant: str, games: int, a: str, b: str) -> tuple[int, int]:
    """Wins of ``a`` and ``b`` over seeded 4-player games, the seats rotated (a, b, a, b)."""
    won = {a: 0, b: 0}
    for g in range(games):
        lineup = [a, b, a, b] if g % 2 == 0 else [b, a, b, a]
        s, out, _ = play(variant, 4, 1000 + g, lineup)
        assert out.forfeit is None
        for p, name in zip(s.players, lineup, strict=True):
            won[name] += p in out.winners
    return won[a], won[b]


@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
def test_reasoner_beats_notebook() -> None:
    """Two reasoners against two notebooks, Memory Detective: the reasoners win at least
    twice as often (measured: about 85% of the games, docs/bots.md)."""
    r, n = wins("base", 12, "reasoner", "notebook")
    assert r >= 2 * n and r >= 8, (r, n)


@pytest.mark.slow
def test_reasoner_beats_notebook_at_clue() -> None:
    """The same in Clue, where the margin is smaller (about 70% of the games): more games."""
    r, n = wins("clue", 40, "reasoner", "notebook")
    assert r >= 1.5 * n and r >= 22, (r, n)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_reasoner_beats_random_and_concealer_beats_notebook(variant: str) -> None:
    """Measured: the reasoner wins 99% of the games against random, the concealer about
    as often as the reasoner against notebooks (docs/bots.md)."""
    r, x = wins(variant, 12, "reasoner", "random")
    assert r >= 10, (r, x)
    c, n = wins(variant, 20, "concealer", "notebook")
    assert c >= 1.5 * n and c >= 12, (c, n)


def test_tuning_and_copies() -> None:
    """The tournament's keyword tuning reaches the bots; a copy forgets the cached session
    but keeps the generator's state and what the concealer showed."""
    bot = ConcealerBot("aki", random.Random(1), threshold=0.5, budget=4, weight=2.0)
    assert (bot.threshold, bot.budget, bot.weight) == (0.5, 4, 2.0)
    s = seating(4, 1, "base")
    d = s.decision()
    assert d is not None
    bot.choose(d)
    bot.shown["bea"] = {s.state.deal.hands["aki"][0]}
    twin = copy.deepcopy(bot)
    assert twin._cached is None and bot._cached is not None
    assert twin.shown == bot.shown and twin.shown is not bot.shown
    assert twin.rng.random() == bot.rng.random()
