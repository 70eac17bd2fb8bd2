"""The search calls (W15) and the Medium's targets (W16), as ``replay.replay`` checks them.

Each bad record is refused at the line and field of the problem, with what would be
valid; good records replay into the calls the table heard (the orders no entry lists
included) and count exactly as the brute force does (tests/werewolf/
test_counter_bruteforce.py covers the counts).  The marker ``<<`` in a record text names
the line the error must point at.
"""

from __future__ import annotations

import pytest

from suiri.models.werewolf.cards import MADMAN, SLEEP, VOTE
from suiri.models.werewolf.counter import count
from suiri.models.werewolf.record import loads, to_toml
from suiri.models.werewolf.replay import replay
from suiri.solver.errors import ErrorList, IllegalMoveError, RecordSyntaxError, SuiriError

HERE = "  # <<"

# 9 cards, 3 players: 5 turns, then the search phase.  Seers and Sleeps are all played,
# so ben, cho and the ruins hold the Madman, the Lost Legacy and a Vote.
DECK = "deck = { madman = 1, knight = 1, lost-legacy = 1, seer = 2, vote = 2, sleep = 2 }\n"
PLAY = '''
[[turn]]
player = "aki"
play = "sleep"

[[turn]]
player = "ben"
play = "seer"
target = "cho"

[[turn]]
player = "cho"
play = "vote"
votes = { aki = "cho", ben = "cho", cho = "aki" }
eliminated = "none"

[[turn]]
player = "aki"
play = "seer"
target = "ben"

[[turn]]
player = "ben"
play = "sleep"
'''
SPECTATOR = 'game = "werewolf"\nplayers = ["aki", "ben", "cho"]\n' + DECK + PLAY
VIEWER = SPECTATOR.replace(DECK, DECK + 'viewer = "aki"\nhand = "knight"\n').replace(
    'player = "aki"\nplay = "sleep"', 'player = "aki"\ndrew = "sleep"\nplay = "sleep"').replace(
    'player = "aki"\nplay = "seer"', 'player = "aki"\ndrew = "seer"\nplay = "seer"')

MADMAN_SHOW = '\n[[search]]\norder = 3\nraised = ["ben"]\n'
AKI_AT_4 = '\n[[search]]\norder = 4\nplayer = "aki"\ntarget = "ruins"\nfound = "vote"\n'
CHO_FINDS = '\n[[search]]\norder = 5\nplayer = "cho"\ntarget = "hand:cho"\nfound = "lost-legacy"\n'
GOOD = SPECTATOR + MADMAN_SHOW + AKI_AT_4 + CHO_FINDS


def marked(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if line.endswith(HERE))


def refused(text: str) -> SuiriError:
    with pytest.raises(SuiriError) as info:
        replay(loads(text, "game.toml"))
    err = info.value
    return err.errors[0] if isinstance(err, ErrorList) else err


def test_good_calls() -> None:
    rp = replay(loads(GOOD))
    assert [(c.order, c.raised, c.entry is not None) for c in rp.calls] == [
        ((1, (), False)), (2, (), False), (3, ("ben",), True), (4, ("aki",), True), (5, ("cho",), True)]
    assert rp.calls[2].madman and rp.calls[2].search is None and rp.call(4).search is not None
    assert rp.over == "cho found the Lost Legacy" and rp.next_call is None
    assert [c.id for c in rp.calls] == ["call-1", "call-2", "call-3", "call-4", "call-5"]
    # the unlisted calls 1 and 2 are implied by the first entry: they point at its `order`
    assert rp.call(1).source == rp.call(3).source and rp.call(1).source.field == "search[1].order"
    c = count(rp)
    assert c.werewolf() == {"cho": c.weight} and c.holder(MADMAN) == {"ben": c.weight}


def test_a_record_stops_between_calls() -> None:
    rp = replay(loads(SPECTATOR + MADMAN_SHOW + '\n[[search]]\norder = 4\nraised = []\n'))
    assert [c.raised for c in rp.calls] == [(), (), ("ben",), ()] and rp.next_call == 5 and rp.over is None
    c = count(rp)  # nobody raised at 4: the Knight is in the ruins
    assert c.places[("ruins",)][3] == c.weight


def test_the_writer_reads_back() -> None:
    for text in (GOOD, SPECTATOR + MADMAN_SHOW + '\n[[search]]\norder = 7\nraised = ["aki", "cho"]\n'):
        record = loads(text)
        assert loads(to_toml(record)).searches == record.searches
    assert "raised" not in to_toml(loads(SPECTATOR + AKI_AT_4))  # a lone searcher: raised is implied


CALL_ERRORS = {
    "not-ascending": (SPECTATOR + AKI_AT_4 + f"\n[[search]]\norder = 3{HERE}\nraised = [\"ben\"]\n",
                      "search[2].order", "3 cannot follow 4", "5 to 8"),
    "several-raisers-search": (SPECTATOR + f'\n[[search]]\norder = 7\nraised = ["ben", "cho"]\nplayer = "ben"{HERE}\n'
                               'target = "ruins"\nfound = "vote"\n',
                               "search[1].player", "ben, cho raised together at 7: none of them searches",
                               "omit player"),
    "madman-searches": (SPECTATOR + f'\n[[search]]\norder = 3\nplayer = "ben"{HERE}\ntarget = "ruins"\nfound = "vote"\n',
                        "search[1].player", "the Madman holder shows the Madman", "omit player"),
    "searcher-did-not-raise": (SPECTATOR + f'\n[[search]]\norder = 4\nraised = ["aki"]\nplayer = "ben"{HERE}\n'
                               'target = "ruins"\nfound = "vote"\n', "search[1].player", "ben did not raise at 4", "aki"),
    "raised-twice": (SPECTATOR + MADMAN_SHOW + f'\n[[search]]\norder = 7\nraised = ["ben", "cho"]{HERE}\n',
                     "search[2].raised", "ben raised at 3 already", "aki, cho"),
    "lone-raiser-without-search": (SPECTATOR + f'\n[[search]]\norder = 4\nraised = ["aki"]{HERE}\n',
                                   "search[1].raised", "aki raised alone at 4 and searches", 'player = "aki"'),
    "more-raisers-than-cards": (SPECTATOR + f'\n[[search]]\norder = 6\nraised = ["aki", "cho"]{HERE}\n',
                                "search[1].raised", "seer can be in at most 0 hands", "at most 0"),
    "after-the-end": (GOOD + f"\n[[search]]\norder = 7{HERE}\nraised = []\n", "search[4].order",
                      "the game was over (cho found the Lost Legacy)", "no [[search]]"),
    "viewer-did-not-raise": (VIEWER + f"\n[[search]]\norder = 5{HERE}\nraised = [\"cho\"]\n"
                             'player = "cho"\ntarget = "ruins"\nfound = "vote"\n',
                             "search[1].order", "aki holds knight (search order 4) and must raise at 4",
                             "aki among the raisers at 4"),
    "viewer-raised-wrongly": (VIEWER + f'\n[[search]]\norder = 3\nraised = ["aki"]{HERE}\n', "search[1].raised",
                              "aki holds knight (search order 4) and cannot raise at 3", "its own order only"),
    "too-early": (SPECTATOR.replace(PLAY, PLAY.split("[[turn]]\nplayer = \"aki\"\nplay = \"seer\"")[0]) +
                  f"\n[[search]]\norder = 4{HERE}\nraised = []\n",
                  "search[1].order", "the search phase begins when the deck is empty; 2 cards are left",
                  "more [[turn]] sections first"),
}

ELIMINATED = SPECTATOR.replace('votes = { aki = "cho", ben = "cho", cho = "aki" }\neliminated = "none"',
                               'votes = { aki = "ben", ben = "cho", cho = "ben" }\neliminated = "ben"\n'
                               'revealed = ["madman"]')
ELIMINATED = ELIMINATED.replace('[[turn]]\nplayer = "ben"\nplay = "sleep"', '[[turn]]\nplayer = "cho"\nplay = "sleep"')
ELIMINATED = ELIMINATED.replace('play = "seer"\ntarget = "ben"', 'play = "seer"\ntarget = "cho"')
CALL_ERRORS["eliminated-raises"] = (ELIMINATED + f'\n[[search]]\norder = 3\nraised = ["ben"]{HERE}\n',
                                    "search[1].raised", "ben was eliminated: it holds no hand", "aki, cho")


@pytest.mark.parametrize("name", CALL_ERRORS)
def test_call_errors(name: str) -> None:
    text, field, what, valid = CALL_ERRORS[name]
    err = refused(text)
    assert isinstance(err, IllegalMoveError)
    assert err.source is not None and err.source.line == marked(text) and err.source.field == field, err
    assert what in err.message and valid in (err.valid or ""), err


READER_ERRORS = {
    "missing-order": (SPECTATOR + f'\n[[search]]{HERE}\nplayer = "aki"\ntarget = "ruins"\nfound = "vote"\n',
                      "search[1]", "missing order", "1 to 8"),
    "order-out-of-range": (SPECTATOR + f"\n[[search]]\norder = 9{HERE}\nraised = []\n", "search[1].order",
                           "order must be a search order", "1 to 8"),
    "raised-twice-at-once": (SPECTATOR + f'\n[[search]]\norder = 7\nraised = ["ben", "ben"]{HERE}\n',
                             "search[1].raised", "ben raised twice at one call", "each player once"),
    "half-a-search": (SPECTATOR + f'\n[[search]]{HERE}\norder = 4\nplayer = "aki"\n', "search[1]",
                      "missing target", "all three, or none"),
}


@pytest.mark.parametrize("name", READER_ERRORS)
def test_reader_errors(name: str) -> None:
    text, field, what, valid = READER_ERRORS[name]
    with pytest.raises(SuiriError) as info:
        loads(text, "game.toml")
    errors = info.value.errors if isinstance(info.value, ErrorList) else [info.value]
    err = errors[0]
    assert isinstance(err, RecordSyntaxError)
    assert err.source is not None and err.source.line == marked(text) and err.source.field == field, err
    assert what in err.message and valid in (err.valid or ""), err


# -- the Medium (W16) ---------------------------------------------------------------------------------
MEDIUM_HEAD = 'game = "werewolf"\nplayers = ["aki", "ben", "cho"]\n'
SEER_FIRST = '\n[[turn]]\nplayer = "aki"\nplay = "seer"\ntarget = "ben"\n'
BEN_SEER = '\n[[turn]]\nplayer = "ben"\nplay = "seer"\ntarget = "cho"\n'


def test_a_medium_with_no_target_has_no_effect() -> None:
    rp = replay(loads(MEDIUM_HEAD + '\n[[turn]]\nplayer = "aki"\nplay = "medium"\n'))
    assert rp.moves[0].no_effect and not rp.moves[0].facedown
    assert count(rp).weight > 0


def test_a_flip_by_index() -> None:
    """ben's pile holds two face-up Seers; cho turns the second one down by its index."""
    text = MEDIUM_HEAD + SEER_FIRST + BEN_SEER + '\n[[turn]]\nplayer = "cho"\nplay = "vote"\n' + \
        'votes = { aki = "cho", ben = "aki", cho = "ben" }\neliminated = "none"\n' + \
        '\n[[turn]]\nplayer = "aki"\nplay = "vote"\nvotes = { aki = "ben", ben = "cho", cho = "ben" }\n' + \
        'eliminated = "none"\n' + BEN_SEER + \
        '\n[[turn]]\nplayer = "cho"\nplay = "medium"\nflip = { player = "ben", card = "seer", index = 2 }\n'
    rp = replay(loads(text))
    assert rp.moves[-1].facedown == [(("pile", "ben", 2), rp.moves[1].turn.play)]
    assert [c.face_up for c in rp.piles["ben"]] == [True, False]
    by_card = replay(loads(text.replace(", index = 2", "")))  # by kind: the first face-up Seer
    assert by_card.moves[-1].facedown[0][0] == ("pile", "ben", 1)


MEDIUM_ERRORS = {
    "must-act": (MEDIUM_HEAD + SEER_FIRST + f'\n[[turn]]\nplayer = "ben"\nplay = "medium"{HERE}\n', "turn[2].play",
                 "the Medium must act where it can (W16): aki's 1 card in the discard", "on aki"),
    "flips-own-pile": (MEDIUM_HEAD + SEER_FIRST + BEN_SEER + '\n[[turn]]\nplayer = "cho"\nplay = "seer"\ntarget = "aki"\n'
                       f'\n[[turn]]\nplayer = "aki"\nplay = "medium"\nflip = {{ player = "aki", card = "seer" }}{HERE}\n',
                       "turn[4].flip", "aki cannot choose itself as the Medium's target (W16)", "ben, cho"),
    "flips-itself": (MEDIUM_HEAD + SEER_FIRST +
                     f'\n[[turn]]\nplayer = "ben"\nplay = "medium"\nflip = {{ player = "ben", card = "medium" }}{HERE}\n',
                     "turn[2].flip", "ben cannot choose itself", "aki, cho"),
    "flip-index-face-down": (MEDIUM_HEAD + '\n[[turn]]\nplayer = "aki"\nplay = "sleep"\n' +
                             f'\n[[turn]]\nplayer = "ben"\nplay = "medium"\nflip = {{ player = "aki", index = 1 }}{HERE}\n',
                             "turn[2].flip", "card 1 of aki's discard is face-down", "none"),
    "flip-index-other-card": (MEDIUM_HEAD + SEER_FIRST + '\n[[turn]]\nplayer = "ben"\nplay = "medium"\n'
                              f'flip = {{ player = "aki", card = "knight", index = 1 }}{HERE}\n',
                              "turn[2].flip", "card 1 of aki's discard is seer, not knight", 'card = "seer"'),
    "no-effect-saw": (MEDIUM_HEAD.replace("]\n", ']\nviewer = "aki"\nhand = "seer"\n', 1) +
                      f'\n[[turn]]\nplayer = "aki"\ndrew = "medium"\nplay = "medium"\nsaw = "vote"{HERE}\n',
                      "turn[1].saw", "the Medium had no effect: it saw nothing", "omit saw"),
    "sleep-index-not-face-down": (MEDIUM_HEAD.replace("]\n", ']\nviewer = "aki"\nhand = "lost-legacy"\n', 1) +
                                  '\n[[turn]]\nplayer = "aki"\ndrew = "sleep"\nplay = "sleep"\nswapped = true\n'
                                  f'card = "vote"\nindex = 1{HERE}\n', "turn[1].index",
                                  "card 1 of aki's discard is not a face-down card (the Sleep just played is face-up)",
                                  "no face-down card"),
}


@pytest.mark.parametrize("name", MEDIUM_ERRORS)
def test_medium_and_sleep_errors(name: str) -> None:
    text, field, what, valid = MEDIUM_ERRORS[name]
    err = refused(text)
    assert isinstance(err, IllegalMoveError)
    assert err.source is not None and err.source.line == marked(text) and err.source.field == field, err
    assert what in err.message and valid in (err.valid or ""), err


def test_truncated_between_calls() -> None:
    """A record cut after the call of N: the entries up to it, a silent call written out."""
    record = loads(GOOD)
    assert [(s.order, s.raised) for s in record.truncated(5, calls=2).searches] == [(2, ())]
    assert [(s.order, s.raised) for s in record.truncated(5, calls=3).searches] == [(3, ("ben",))]
    assert [c.order for c in replay(record.truncated(5, calls=2)).calls] == [1, 2]
    assert replay(record.truncated(5, calls=4)).next_call == 5
    assert record.truncated(5, calls=0).searches == [] and record.truncated(4, calls=8).searches == []


def test_a_swap_without_card_takes_the_card_the_viewer_knows() -> None:
    """A Werewolf viewer that swapped without writing what it took: replay never keeps the
    card it held before the Sleep.  Its only face-down card was its own Vote (public, W2),
    so it took the Vote (issue 19); had it two unlike face-down cards and no ``index``,
    the record would not say (the hand is unknown)."""
    text = MEDIUM_HEAD.replace("]\n", ']\nviewer = "aki"\nhand = "lost-legacy"\n', 1) + \
        '\n[[turn]]\nplayer = "aki"\ndrew = "vote"\nplay = "vote"\n' + \
        'votes = { aki = "ben", ben = "cho", cho = "aki" }\neliminated = "none"\n' + \
        '\n[[turn]]\nplayer = "ben"\nplay = "sleep"\nswapped = true\n'
    rp = replay(loads(text))
    assert rp.viewer_hand == VOTE
    assert rp.piles["aki"][0].kind is None  # the Lost Legacy lies there now, face-down
    assert replay(loads(text + 'card = "vote"\n')).viewer_hand == VOTE
    two = text.replace('\n[[turn]]\nplayer = "ben"\nplay = "sleep"\nswapped = true\n',
                       '\n[[turn]]\nplayer = "ben"\nplay = "knight"\n\n[[turn]]\nplayer = "cho"\nplay = "madman"\n'
                       '\n[[turn]]\nplayer = "aki"\ndrew = "sleep"\nplay = "sleep"\nswapped = false\n'
                       '\n[[turn]]\nplayer = "ben"\nplay = "sleep"\nswapped = true\n')
    assert replay(loads(two)).viewer_hand is None  # a Vote or a Sleep: the record does not say
    assert replay(loads(two + 'index = 2\n')).viewer_hand == SLEEP
    assert count(replay(loads(two))).weight > 0
