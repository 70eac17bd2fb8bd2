"""Wilson intervals against published values, and the tallies of a summary."""

from __future__ import annotations

import pytest

from suiri.arena import Fixture, Played, Summary, wilson
from suiri.models.bots import Forfeit


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (5, 10, 0.2366, 0.7634),  # symmetric about one half
    (20, 20, 0.8389, 1.0),
])
def test_wilson_matches_published_values(wins: int, games: int, low: float, high: float) -> None:
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_of_no_games_says_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def game(i: int, lineup: tuple[str, ...], winners: tuple[str, ...], ending: str = "over", steps: int = 10,
         forfeit: Forfeit | None = None) -> Played:
    seats = ("aki", "bea", "cid", "dai")[:len(lineup)]
    return Played(Fixture(i, "canary", len(lineup), "base", 100 + i // 2, lineup, False), seats, winners, steps,
                  steps, ending, forfeit, (), 0.0)


def test_a_summary_counts_games_per_bot_per_seat_and_head_to_head() -> None:
    games = [game(0, ("a", "b", "a", "b"), ("aki",), steps=10),  # a wins
             game(1, ("b", "a", "b", "a"), ("aki", "bea"), steps=20),  # both win (a team)
             game(2, ("a", "b", "a", "b"), ("dai",), steps=30),  # b wins
             game(3, ("b", "a", "b", "a"), (), "forfeit", forfeit=Forfeit("bea", "ValueError: x")),
             game(4, ("a", "b", "a", "b"), (), "draw", steps=5000)]
    s = Summary.of(games, ["a", "b"])
    out = s.to_json()
    assert {n: (b["games"], b["wins"], b["draws"], b["forfeits"]) for n, b in out["bots"].items()} == \
        {"a": (5, 2, 1, 1), "b": (5, 2, 1, 0)}
    assert out["bots"]["a"]["win_rate"] == 0.4
    assert out["bots"]["a"]["ci95"] == pytest.approx(wilson(2, 5), abs=1e-6)
    assert {seat: (t["games"], t["wins"]) for seat, t in out["seats"].items()} == \
        {"aki": (5, 2), "bea": (5, 1), "cid": (5, 0), "dai": (5, 1)}
    assert {seat: (t["games"], t["wins"]) for seat, t in out["bots"]["a"]["seats"].items()} == \
        {"aki": (3, 1), "bea": (2, 1), "cid": (3, 0), "dai": (2, 0)}
    assert (out["head_to_head"]["games"], out["head_to_head"]["wins"]) == (2, 1)  # games 0 and 2
    assert out["lengths"] == {"games": 3, "mean": 20.0, "min": 10, "p25": 15.0, "median": 20.0, "p75": 25.0, "max": 30}
    assert out["draws"] == 1
    assert out["forfeits"] == [{"game": 4, "seed": 101, "lineup": ["b", "a", "b", "a"], "seat": "bea", "bot": "a",
                                "error": "ValueError: x"}]
