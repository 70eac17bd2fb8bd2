"""The Werewolf simulator and the true-state table.

The simulator is deterministic by seed; every seat's record and the spectator's, cut
anywhere (between the calls of the search phase and with the viewer's draw pending too),
replays cleanly (``replay.replay``) and survives a TOML round trip unchanged; the true log
is legal on the table (W5, the Lost Legacy never played nor put into another's pile,
targets living, the Medium on another's pile, W16) and what a record says matches the
truth.  A few table unit tests pin the rules that records number cards by: pile
positions, an Attack's place, elimination order, Sleep swaps keeping positions, the
Knight, ties, the Medium's targets (W16), the search calls (W15), and the winners.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

from suiri.models.werewolf.cards import (
    ATTACK_1,
    ATTACK_2,
    KNIGHT,
    LOST_LEGACY,
    MADMAN,
    MEDIUM,
    NOBODY,
    SEER,
    SLEEP,
    STANDARD,
    VILLAGER,
    VOTE,
    deck_counts,
)
from suiri.models.werewolf.counter import count
from suiri.models.werewolf.record import WerewolfRecord, loads, to_toml
from suiri.models.werewolf.replay import replay
from suiri.models.werewolf.simulator import (
    PLAYER_NAMES,
    Simulated,
    simulate,
    steps,
    table_after,
    tables,
    truth_after,
    with_draw,
)
from suiri.models.werewolf.table import (
    OVER,
    PLAY,
    SEARCH,
    VILLAGERS,
    WEREWOLF,
    Illegal,
    Table,
)

Sweep = Callable[[Iterable[int]], list[int]]
SEEDS = range(40)
SMALL = deck_counts({"villager": 1, "medium": 1, "knight": 1, "lost-legacy": 1, "vote": 2, "sleep": 2,
                     "attack-1": 1})


def same(a: WerewolfRecord, b: WerewolfRecord) -> bool:
    return (a.players, a.viewer, a.hand, a.turns, a.searches, a.deck, a.pending) == \
        (b.players, b.viewer, b.hand, b.turns, b.searches, b.deck, b.pending)


# -- determinism ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_same_seed_same_game(players: int) -> None:
    for seed in range(10):
        a, b = simulate(players, seed), simulate(players, seed)
        assert a.state.order == b.state.order and a.state.turns == b.state.turns and a.state.calls == b.state.calls
        assert all(to_toml(a.record(v)) == to_toml(b.record(v)) for v in (*a.players, None))
    assert len({simulate(players, s).state.order for s in range(10)}) == 10


def test_players_and_decks() -> None:
    for n in (3, 4):
        g = simulate(n, 1)
        assert g.players == PLAYER_NAMES[:n] and g.state.deck == STANDARD and len(g.state.order) == 16
    g = simulate(3, 1, deck=SMALL)
    assert sorted(k.index for k in g.state.order) == sorted(i for i, c in enumerate(SMALL) for _ in range(c))
    with pytest.raises(ValueError):
        simulate(2, 1)
    with pytest.raises(ValueError):
        simulate(5, 1)


# -- records -------------------------------------------------------------------------------------------------
def cuts(game: Simulated) -> list[tuple[int, int]]:
    return [(t, 0) for t in range(len(game.state.turns))] + [(len(game.state.turns), c) for c in range(len(game.state.calls) + 1)]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("deck", ["standard", "small"])
def test_every_record_replays_and_round_trips(players: int, deck: str, sweep: Sweep) -> None:
    for seed in sweep(SEEDS):
        game = simulate(players, seed, deck=STANDARD if deck == "standard" else SMALL)
        for viewer in (*game.players, None):
            for turns, calls in cuts(game):
                for pending in (False, True):
                    record = game.record(viewer, steps(game, turns, calls))
                    record = with_draw(game, record) if pending else record
                    if pending and record.pending is None:
                        continue
                    text = to_toml(record)
                    back = loads(text)
                    assert same(back, record) and to_toml(back) == text
                    rp = replay(back)
                    assert rp.living == tuple(table_after(game, steps(game, turns, calls)).living)
                    if turns == len(game.state.turns):  # every call kept is replayed, the unlisted ones too
                        assert [(c.order, c.raised) for c in rp.calls] == \
                            [(c.order, c.raised) for c in game.state.calls[:calls]]
                    if viewer is not None and viewer in rp.living:
                        truth = truth_after(game, steps(game, turns, calls))
                        assert rp.viewer_hand == truth.hands[viewer]  # the viewer always knows its card


def test_whole_game_record() -> None:
    """A whole game's record ends where the game ended: the Lost Legacy found, every order
    called (W15), or over before the search phase."""
    for seed in SEEDS:
        game = simulate(4, seed)
        rp = replay(game.record(None))
        assert game.state.table.winner in (VILLAGERS, WEREWOLF, NOBODY)
        assert rp.over and rp.next_call is None
        if game.state.calls:
            assert rp.search_phase
            found = bool(game.state.searches) and game.state.searches[-1].found == LOST_LEGACY
            assert found == (game.state.table.winner != NOBODY)
            assert found or game.state.calls[-1].order == 8


def test_private_fields_only_for_the_viewer() -> None:
    """drew/saw/own placed on the viewer's own turns; swapped on every Sleep iff the viewer
    is the Werewolf then; a spectator writes none of them."""
    sleeps_seen = indexed = 0
    for seed in SEEDS:
        game = simulate(3, seed)
        for viewer in (*game.players, None):
            record = game.record(viewer)
            for t, p in zip(record.turns, game.state.turns, strict=True):
                mine = p.player == viewer
                assert (t.drew is not None) == mine
                if p.play in (SEER,) or (p.play == MEDIUM and p.peek):
                    assert (t.saw is not None) == mine
                if p.play == VILLAGER:
                    if mine:
                        assert t.placed == ("villager" if p.down == VILLAGER else p.down)
                    else:
                        assert t.placed in ("villager", "other", "unknown")
                    if not mine and not p.mixed:
                        assert t.placed == ("villager" if p.down == VILLAGER else "other")
                if p.play == SLEEP:
                    assert (t.swapped is not None) == (viewer is not None and p.werewolf == viewer)
                    if t.swapped:
                        sleeps_seen += 1
                        assert t.card == p.took and t.index in (None, p.swap)
                        indexed += t.index is not None
    assert sleeps_seen > 0 and indexed > 0


# -- legality of the true log ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_the_log_is_legal(players: int) -> None:
    seen = set()
    for seed in range(200):
        game = simulate(players, seed)
        every = tables(game)
        for before, p, after in zip(every, game.state.turns, every[1:], strict=False):
            seen.add(p.play.id)
            assert p.play != LOST_LEGACY
            assert p.play in (p.held, p.drew)
            if p.held.is_attack or p.drew.is_attack:
                assert p.play.is_attack  # W5
            assert p.player == before.current and p.player in before.living
            if p.play == VILLAGER:
                assert p.down in (VILLAGER, p.held if p.drew == VILLAGER else p.drew)
                assert p.down != LOST_LEGACY or p.put == p.player
            assert p.target is None or p.target in before.living
            assert p.put is None or p.put in after.living or p.put == p.eliminated == p.player
            assert p.target != p.player and (p.peek is None or p.peek[0] != p.player)
            assert p.flip is None or p.flip[0] != p.player  # W16: another player's pile
            if p.play == MEDIUM and p.peek is None and p.flip is None:  # no effect: nobody else has a card
                assert not any(before.piles[q] for q in before.living if q != p.player)
            if p.votes is not None:
                assert sorted(p.votes) == sorted(before.living)
                assert all(v != t and t in before.living for v, t in p.votes.items())
            # the cards are all still there
            assert sum(len(h) for h in after.hands.values()) + sum(len(c) for c in after.piles.values()) + \
                len(after.deck) + 1 == len(game.state.order)
        for s in game.state.searches[:-1]:
            assert s.found != LOST_LEGACY
        for c in game.state.calls:  # W15: the raisers are the living holders of the order called
            table_then = every[len(game.state.turns) + game.state.calls.index(c)]
            assert c.raised == tuple(q for q in table_then.living if table_then.hands[q][0].order == c.order)
            assert (c.searched is not None) == (len(c.raised) == 1 and c.order != 3)
    assert {"villager", "medium", "seer", "vote", "sleep", "madman", "knight", "attack-1", "attack-2",
            "attack-3"} <= seen


def test_variety() -> None:
    """The strategy reaches every ending and every hidden choice, every way to name a flip,
    a Medium with no effect, ties and Madman shows at the search calls."""
    reasons, features = set(), set()
    for seed in range(300):
        game = simulate(3 + seed % 2, seed)
        reasons.add(game.state.table.reason)
        for p in game.state.turns:
            features.add("mixed" if p.mixed else "")
            features.add("swap" if p.swap is not None else "")
            features.add("peek" if p.peek else "")
            features.add(("flip-card" if p.flip[2] is None else "flip-index" if p.flip[1] is None else "flip-both")
                         if p.flip else "")
            features.add("no-effect" if p.play == MEDIUM and not p.flip and not p.peek else "")
            features.add(f"{p.play.id}-out" if p.eliminated else "")
            features.add("self-attack" if p.play.is_attack and p.eliminated == p.player else "")
        for c in game.state.calls:
            features.add("tie" if len(c.raised) > 1 else "madman-show" if c.order == 3 and c.raised else "")
    assert {"werewolf-out", "alone", "found", "not-found"} <= reasons
    assert {"mixed", "swap", "flip-card", "flip-index", "flip-both", "peek", "no-effect", "vote-out", "attack-1-out",
            "self-attack", "tie", "madman-show"} <= features


# -- the table -------------------------------------------------------------------------------------------------
NAMES = ("aki", "ben", "cho")


def table(*order) -> Table:
    return Table.dealt(NAMES, list(order))


def test_deal_convention() -> None:
    t = table(SEER, VOTE, SLEEP, MADMAN, KNIGHT, MEDIUM)
    assert t.hands == {"aki": [SEER], "ben": [VOTE], "cho": [SLEEP]} and t.ruins == MADMAN
    assert t.deck == [KNIGHT, MEDIUM] and t.current == "aki" and t.phase == PLAY
    assert t.draw() == KNIGHT
    assert t.legal_plays() == [KNIGHT, SEER]


def test_must_play_and_lost_legacy() -> None:
    t = table(LOST_LEGACY, VOTE, SLEEP, MADMAN, ATTACK_1, MEDIUM, SEER)
    t.draw()
    assert t.legal_plays() == [ATTACK_1]
    with pytest.raises(Illegal):
        t.play(LOST_LEGACY)
    t = table(LOST_LEGACY, VOTE, SLEEP, MADMAN, SEER, MEDIUM)
    t.draw()
    with pytest.raises(Illegal):
        t.play(LOST_LEGACY)
    with pytest.raises(Illegal):
        t.play(SEER, target="aki")  # another player
    t = table(LOST_LEGACY, VOTE, SLEEP, MADMAN, VILLAGER, MEDIUM)
    t.draw()
    with pytest.raises(Illegal):
        t.copy().play(VILLAGER, put="ben", down=LOST_LEGACY)
    done = t.play(VILLAGER, put="aki", down=LOST_LEGACY)
    assert t.piles["aki"][0].kind == LOST_LEGACY and not t.piles["aki"][0].face_up
    assert t.hands["aki"] == [VILLAGER] and done.down == LOST_LEGACY


def test_attack_positions_and_self_elimination() -> None:
    # aki holds the Villager and plays Attack ①: it eliminates itself, the Attack stays
    t = table(VILLAGER, VOTE, SLEEP, MADMAN, ATTACK_1, MEDIUM)
    t.draw()
    done = t.play(ATTACK_1, put="ben")
    assert done.eliminated == "aki" and done.put == "aki" and done.revealed == (VILLAGER,)
    assert [(c.kind, c.face_up) for c in t.piles["aki"]] == [(ATTACK_1, True), (VILLAGER, True)]
    assert t.current == "ben" and t.living == ["ben", "cho"]
    # nobody holds the Madman: the Attack goes face-down on top of cho's pile
    t = table(VOTE, SEER, SLEEP, MADMAN, ATTACK_2, MEDIUM, KNIGHT)
    t.draw()
    done = t.play(ATTACK_2, put="cho")
    assert done.eliminated is None and t.piles["aki"] == [] and t.piles["cho"][0].kind == ATTACK_2
    assert not t.piles["cho"][0].face_up


def test_knight_protects() -> None:
    # ben keeps the Medium behind a face-up Knight: Attack ② finds nobody unprotected
    t = table(SEER, MEDIUM, SLEEP, MADMAN, VOTE, KNIGHT, ATTACK_2, VOTE)
    t.draw()
    t.play(SEER, target="ben")
    t.draw()
    t.play(KNIGHT)
    t.draw()  # cho: sleep + attack-2, must play it
    done = t.play(ATTACK_2, put="aki")
    assert done.eliminated is None and t.living == list(NAMES)
    # a Vote: ben (Knight face-up) has most votes but is protected
    t = table(VOTE, KNIGHT, SLEEP, MADMAN, SEER, VOTE, VOTE, SEER)
    t.draw()
    t.play(SEER, target="ben")
    t.draw()
    t.play(KNIGHT)
    t.draw()
    done = t.play(VOTE, votes={"aki": "ben", "ben": "cho", "cho": "ben"})
    assert done.eliminated is None
    assert t.piles["cho"][0].kind == VOTE and not t.piles["cho"][0].face_up  # turned face-down after


def test_elimination_reveals_in_pile_order_and_hand_last() -> None:
    t = table(VOTE, LOST_LEGACY, SLEEP, MADMAN, SEER, SLEEP, VOTE, VOTE)
    t.draw()
    t.play(VOTE, votes={"aki": "ben", "ben": "cho", "cho": "aki"})  # tie
    t.draw()
    t.play(SLEEP)  # ben: the Werewolf, nothing face-down to swap
    t.draw()  # cho: sleep + vote
    done = t.play(VOTE, votes={"aki": "ben", "ben": "aki", "cho": "ben"})  # ben: 2 + its Sleep
    assert done.eliminated == "ben" and done.revealed == (LOST_LEGACY, SLEEP)
    assert [(c.kind, c.face_up) for c in t.piles["ben"]] == [(SLEEP, True), (LOST_LEGACY, True)]
    assert t.phase == OVER and t.winner == VILLAGERS and t.winners == ("aki", "cho")
    assert t.lost_legacy() == "discard:ben" and t.werewolf() == "ben"


def test_sleep_swap_keeps_positions() -> None:
    t = table(LOST_LEGACY, SEER, SEER, MADMAN, VOTE, SLEEP, SLEEP, VOTE)
    t.draw()
    t.play(VOTE, votes={"aki": "ben", "ben": "cho", "cho": "aki"})
    t.draw()
    with pytest.raises(Illegal):
        t.copy().play(SLEEP, swap=2)  # ben's Sleep itself is face-up, and aki has card 1 only
    done = t.play(SLEEP, swap=1)
    assert done.werewolf == "aki" and done.took == VOTE
    assert t.hands["aki"] == [VOTE] and t.piles["aki"][0].kind == LOST_LEGACY and not t.piles["aki"][0].face_up
    assert t.lost_legacy() == "discard:aki" and t.werewolf() == "aki"


def test_medium_acts_on_another_pile_only() -> None:
    """W16: never its own pile nor itself; a flip names the card by kind or position; with
    no card in another living player's pile it has no effect."""
    t = table(MEDIUM, SEER, SLEEP, MADMAN, SEER, VOTE, KNIGHT, VOTE)
    t.draw()
    with pytest.raises(Illegal):
        t.copy().play(MEDIUM, flip=("aki", MEDIUM, None))  # itself
    done = t.copy().play(MEDIUM)  # nobody else has a card: no effect
    assert done.flip is None and done.peek is None
    t.play(SEER, target="ben")
    t.draw()
    t.play(SEER, target="cho")
    t.draw()
    t.play(SLEEP)
    t.draw()  # aki: medium + vote
    with pytest.raises(Illegal):
        t.copy().play(MEDIUM)  # ben has a face-up Seer: it must act
    with pytest.raises(Illegal):
        t.play(MEDIUM, flip=("ben", KNIGHT, None))
    assert t.hands["aki"] == [MEDIUM, VOTE] and t.turns == 3  # an illegal move changes nothing
    with pytest.raises(Illegal):
        t.copy().play(MEDIUM, flip=("ben", VOTE, 1))  # card 1 is a Seer
    done = t.play(MEDIUM, flip=("ben", None, 1))
    assert done.flip == ("ben", None, 1) and done.flipped == ("ben", 1) and not t.piles["ben"][0].face_up


def test_search_calls_and_winners() -> None:
    """W15: orders are called from 1 up; a lone raiser searches, the Madman holder shows
    the Madman, several raisers do not search; nobody after the call of 8: all lose."""
    # 3 hands, ruins, 1 card: one turn, then the calls; aki seer(6), ben LL(5), cho madman(3)
    t = table(SEER, LOST_LEGACY, MADMAN, VOTE, KNIGHT)
    t.draw()
    t.play(KNIGHT)
    assert t.phase == SEARCH and t.current == ""
    with pytest.raises(Illegal):
        t.copy().search("aki", ("ruins",))  # nobody raised yet
    assert [t.call().raised for _ in range(2)] == [(), ()]
    shown = t.call()
    assert shown.order == 3 and shown.raised == ("cho",) and t.current == ""  # a Madman show
    assert t.call().raised == ()
    assert t.call().raised == ("ben",) and t.current == "ben"
    with pytest.raises(Illegal):
        t.copy().call()  # ben searches first
    t.search("ben", ("hand", "ben"))
    assert t.phase == OVER and t.winner == WEREWOLF and t.winners == ("ben", "cho")
    # two Votes tie at 7: nobody searches; nobody finds it
    t = table(VOTE, VOTE, SEER, LOST_LEGACY, KNIGHT)
    t.draw()
    t.play(KNIGHT)
    calls = [t.call() for _ in range(6)]
    assert calls[-1].raised == ("cho",) and t.current == "cho"
    t.search("cho", ("hand", "aki"))
    assert t.call().raised == ("aki", "ben") and t.current == "" and t.phase == SEARCH
    assert t.call().raised == () and t.phase == OVER and t.winner == NOBODY and t.winners == ()


def test_truth_after_matches_the_tables() -> None:
    rng = random.Random(5)
    for seed in range(30):
        game = simulate(4, seed)
        turns = rng.randrange(len(game.state.turns) + 1)
        truth = truth_after(game, steps(game, turns))
        table_now = table_after(game, steps(game, turns))
        assert truth.hands == {p: h[0] for p, h in table_now.hands.items()}
        assert truth.werewolf == (table_now.werewolf() or "nobody")
        assert set(truth.slots) == {*(("hand", p) for p in table_now.living), ("ruins",), *truth.downs}
        c = count(replay(game.record(None, steps(game, turns))))
        assert c.lost_legacy().get(truth.lost_legacy, 0) > 0
