"""The schedule: seats rotated fairly, deals shared within a round, options checked."""

from __future__ import annotations

from collections import Counter

import pytest

from suiri.arena import schedule
from suiri.models import GAMES
from suiri.solver.errors import SuiriError


@pytest.fixture
def three_bots(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Canary with three bots by name (copies of random: the schedule reads names only)."""
    game = GAMES["canary"].game()
    monkeypatch.setattr(game, "bots", {**game.bots, "b": game.bots["random"], "c": game.bots["random"]})
    return ["random", "b", "c"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_sits_in_every_seat_equally_often(players: int, three_bots: list[str]) -> None:
    for bots in (three_bots[:2], three_bots):
        fixtures = schedule("canary", bots, 6 * len(bots), players, seed=5)
        seats = Counter((seat, bot) for f in fixtures for seat, bot in enumerate(f.lineup))
        assert set(seats) == {(s, b) for s in range(players) for b in bots}
        assert set(seats.values()) == {6}, seats


def test_a_round_plays_one_deal_once_per_rotation(three_bots: list[str]) -> None:
    fixtures = schedule("canary", three_bots, 9, 3, seed=5)
    rounds = [fixtures[i:i + 3] for i in range(0, 9, 3)]
    for r in rounds:
        assert len({f.seed for f in r}) == 1
        assert sorted(f.lineup for f in r) == sorted({f.lineup for f in r})  # three different line-ups
    assert len({r[0].seed for r in rounds}) == 3
    assert [f.index for f in fixtures] == list(range(9))


def test_the_seed_seeds_the_whole_tournament() -> None:
    a, b, c = (schedule("werewolf", ["random"], 5, 4, seed=s) for s in (1, 1, 2))
    assert a == b and [f.seed for f in a] != [f.seed for f in c]
    assert len({f.seed for f in a}) == 5


@pytest.mark.parametrize(("args", "said"), [
    (("canary", ["reasonr"], 4), "unknown bot 'reasonr'"),
    (("canary", ["randm"], 4), "did you mean 'random'"),
    (("canary", [], 4), "no bot named"),
    (("canary", ["random", "random"], 4), "bot 'random' is listed twice"),
    (("canary", ["random"], 5), "Where is the Canary? is for 2 to 4 players, not 5"),
    (("kanary", ["random"], 4), "unknown game 'kanary'; did you mean 'canary'?"),
])
def test_bad_options_are_clear_errors(args: tuple[str, list[str], int], said: str) -> None:
    with pytest.raises(SuiriError) as caught:
        game, bots, players = args
        schedule(game, bots, 4, players)
    assert said in str(caught.value)
    assert caught.value.exit_code == 2


def test_an_unknown_variant_is_an_error() -> None:
    with pytest.raises(SuiriError, match="unknown variant 'nope'"):
        schedule("detective", ["random"], 2, 4, variant="nope")
