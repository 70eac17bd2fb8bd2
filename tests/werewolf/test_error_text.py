"""Werewolf Never Sleeps' own error sentences (``models/werewolf/error_text.py``) print
in the command's language.

1. **The catalogue**: every key says its sentence in English and in Japanese, with the
   same ``{fields}``.
2. **Japanese**: for one malformed record per message family (the compact notation, the
   TOML reader, the rules of ``replay``, ``--drew``, advice and facts), ``--lang ja``
   prints a clean user error (exit 2, no traceback, ``エラー:``) with no English sentence
   left: once the file path, quoted literals, player names, card ids and the notation's
   words are taken out, no three lower-case English words follow one another.
3. **English**: the same records print, byte for byte, the English they printed before
   the catalogue (``EXPECTED_EN``, captured from the raw-string messages).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models.werewolf.cards import KINDS
from suiri.models.werewolf.error_text import ERRORS
from suiri.models.werewolf.notation import RESERVED

PLAYERS = ("aki", "ben", "cho", "dan")

# The reference game (``records/werewolf-4p.toml``) in the compact notation, as aki saw it.
HEAD = ["werewolf aki ben cho dan", "viewer aki seer"]
TURNS = [
    "aki drew medium seer cho saw sleep",  # 1
    "ben villager cho unknown",  # 2
    "cho sleep",  # 3
    "dan vote aki=ben ben=cho cho=ben dan=ben out none",  # 4
    "aki drew knight medium peek cho 1 saw vote",  # 5
    "ben seer dan",  # 6
    "cho attack-1 dan out ben shows villager",  # 7
    "dan sleep",  # 8
    "aki drew vote vote aki=cho cho=aki dan=cho out cho shows madman vote sleep",  # 9
    "dan attack-3 aki out none",  # 10
    "aki drew sleep sleep",  # 11
]
SEARCH = "search 4 aki discard:dan:3 sleep"
WOLF_OUT = "aki drew vote vote aki=cho cho=aki dan=cho out cho shows lost-legacy vote sleep"  # turn 9: the Werewolf out


def game(*lines: str, head: tuple[str, ...] = tuple(HEAD)) -> str:
    return "\n".join([*head, *lines]) + "\n"


def turns(n: int, **changed: str) -> list[str]:
    """The first ``n`` turns, turn ``tK`` replaced by ``changed["tK"]``."""
    return [changed.get(f"t{i}", line) for i, line in enumerate(TURNS[:n], start=1)]


def whole(*searches: str, **changed: str) -> str:
    return game(*turns(11, **changed), *(searches or (SEARCH,)))


SPECTATOR = ("werewolf aki ben cho dan",)
SMALL = ("werewolf aki ben cho", "deck lost-legacy=1 madman=1 vote=2")  # 4 cards, 3 players: no draw
TOML_HEAD = 'game = "werewolf"\nplayers = ["aki", "ben", "cho", "dan"]\nviewer = "aki"\nhand = "seer"\n'
TURN_1 = '\n[[turn]]\nplayer = "aki"\ndrew = "medium"\nplay = "seer"\ntarget = "cho"\nsaw = "sleep"\n'


def toml(*tables: str, head: str = TOML_HEAD) -> str:
    return head + "".join(tables)


def turn_table(**fields: str) -> str:
    return "\n[[turn]]\n" + "".join(f"{k} = {v}\n" for k, v in fields.items())


def search_table(**fields: str) -> str:
    return "\n[[search]]\n" + "".join(f"{k} = {v}\n" for k, v in fields.items())


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    command: str = "check"
    args: tuple[str, ...] = ()
    suffix: str = ".txt"


def case(id: str, text: str, *args: str, command: str = "check", suffix: str = ".txt") -> Case:
    return Case(id, text, command, args, suffix)


CASES = [
    # -- the compact notation (notation.py) --
    case("quote", game('aki drew "Lost Legacy seer cho')),
    case("position", game(*turns(4), "aki drew knight medium peek cho 0 saw vote")),
    case("second-viewer", game("viewer aki seer", *turns(1))),
    case("turn-after-search", game(*turns(11), SEARCH, "dan sleep")),
    case("reserved-name", game(head=("werewolf aki ben cho deck",))),
    case("viewer-short", game(head=("werewolf aki ben cho dan", "viewer aki"))),
    case("viewer-long", game(head=("werewolf aki ben cho dan", "viewer aki seer vote"))),
    case("deck-twice", game("deck vote=1 vote=2")),
    case("deck-unreadable", game("deck vote")),
    case("drew-alone", game("aki drew")),
    case("turn-alone", game(*turns(1), "ben")),
    case("search-alone", game(*turns(11), "search")),
    case("search-short", game(*turns(11), "search 4 aki ruins")),
    case("not-with-card", game(*turns(5), "ben seer dan out cho")),
    case("out-twice", game(*turns(3), "dan vote aki=ben ben=cho cho=ben dan=ben out none out none")),
    case("swap-twice", game(*turns(2), "cho sleep swap keep")),
    case("sleep-card-twice", game(*turns(2), "cho sleep vote seer")),
    case("keyword-as-card", game("aki saw")),
    case("saw-no-value", game(*turns(5), "ben seer dan saw")),
    case("medium-saw-no-value", game(*turns(4), "aki drew knight medium saw")),
    case("drew-late", game(*turns(5), "ben seer dan drew vote")),
    case("raised-in-turn", game(*turns(5), "ben seer dan raised")),
    case("votes-twice", game(*turns(3), "dan vote aki=ben aki=cho")),
    case("unexpected-word", game(*turns(5), "ben seer dan cho")),
    case("did-you-mean", game(*turns(6), "cho attack-1 dan oot ben")),
    case("nothing-more", game(*turns(1), "ben knight cho")),
    case("peek-no-player", game(*turns(4), "aki drew knight medium peek")),
    case("peek-no-index", game(*turns(4), "aki drew knight medium peek cho")),
    case("flip-no-card", game(*turns(4), "aki drew knight medium flip cho")),
    # -- the cards and the deck (cards.py, record.py) --
    case("deck-copies", game("deck vote=5")),
    case("deck-no-lost-legacy", game("deck vote=3 sleep=3 seer=2")),
    case("deck-too-small", game("deck lost-legacy=1 vote=2")),
    case("deck-not-table", toml(head=TOML_HEAD + "deck = 5\n"), suffix=".toml"),
    # -- the TOML reader (record.py) --
    case("missing-player", toml(turn_table(play='"seer"')), suffix=".toml"),
    case("missing-hand", toml(head=TOML_HEAD.replace('hand = "seer"\n', "")), suffix=".toml"),
    case("spectator-hand", toml(head=TOML_HEAD.replace('viewer = "aki"\n', "")), suffix=".toml"),
    case("pending-not-viewer", game(*turns(1), "ben drew vote")),
    case("missing-play", toml(TURN_1, turn_table(player='"ben"')), suffix=".toml"),
    case("pending-mid-game", game("aki drew medium", "ben seer cho")),
    case("turn-not-array", toml(head=TOML_HEAD + "turn = 3\n"), suffix=".toml"),
    case("turn-not-table", toml(head=TOML_HEAD + "turn = [1]\n"), suffix=".toml"),
    case("unknown-turn-field", toml(TURN_1, turn_table(player='"ben"', play='"villager"', target='"cho"')),
         suffix=".toml"),
    case("revealed-not-list", toml(TURN_1, turn_table(player='"ben"', play='"vote"', revealed='"villager"')),
         suffix=".toml"),
    case("swapped-not-bool", toml(TURN_1, turn_table(player='"ben"', play='"sleep"', swapped="1")), suffix=".toml"),
    case("index-zero", toml(TURN_1, turn_table(player='"ben"', play='"sleep"', index="0")), suffix=".toml"),
    case("flip-not-table", toml(TURN_1, turn_table(player='"ben"', play='"medium"', flip='"cho"')), suffix=".toml"),
    case("peek-no-index-toml", toml(TURN_1, turn_table(player='"ben"', play='"medium"', peek='{ player = "cho" }')),
         suffix=".toml"),
    case("peek-index-zero",
         toml(TURN_1, turn_table(player='"ben"', play='"medium"', peek='{ player = "cho", index = 0 }')),
         suffix=".toml"),
    case("votes-not-table", toml(TURN_1, turn_table(player='"ben"', play='"vote"', votes='"aki"')), suffix=".toml"),
    case("search-not-array", toml(head=TOML_HEAD + "search = [1]\n"), suffix=".toml"),
    case("unknown-search-field", toml(search_table(order="4", raised="[]", seen="1")), suffix=".toml"),
    case("missing-order", toml(search_table(raised="[]")), suffix=".toml"),
    case("order-nine", game(*turns(11), "search 9")),
    case("raised-not-list", toml(search_table(order="4", raised='"aki"')), suffix=".toml"),
    case("raised-twice", game(*turns(11), "search 5 raised dan dan")),
    case("search-missing-target", toml(search_table(order="4", player='"aki"', found='"sleep"')), suffix=".toml"),
    case("missing-raised", toml(search_table(order="4")), suffix=".toml"),
    case("place-not-text", toml(search_table(order="4", player='"aki"', target="3", found='"sleep"')),
         suffix=".toml"),
    case("not-a-place", game(*turns(11), "search 4 aki ruin sleep")),
    # -- the rules (replay.py) --
    case("seer-no-target", game(*turns(5), "ben seer")),
    case("seer-itself", game(*turns(5), "ben seer ben")),
    case("put-eliminated", game(*turns(9), "dan attack-3 ben out none")),
    case("drew-not-viewer", game(*turns(1), "ben drew vote seer dan")),
    case("turn-after-over", game(*turns(8, t9=WOLF_OUT), WOLF_OUT, "dan sleep")),
    case("turn-after-deck", game(*turns(11), "dan sleep")),
    case("wrong-player", game(*turns(3), "cho vote aki=ben ben=cho cho=ben dan=ben out none")),
    case("pending-wrong-player", game(*turns(7), "aki drew vote")),
    case("lost-legacy-played", game(*turns(1), "ben lost-legacy")),
    case("viewer-not-holding", game("aki drew medium vote aki=ben ben=cho cho=ben dan=ben")),
    case("viewer-attack", game("aki drew attack-1 seer cho saw sleep")),
    case("peek-and-flip", game(*turns(6), "cho medium peek dan 1 flip ben seer")),
    case("medium-must-act", game(*turns(5), "ben medium")),
    case("medium-no-effect-saw", game("aki drew medium medium saw sleep")),
    case("peek-empty", game(*turns(4), "aki drew knight medium peek ben 1 saw vote")),
    case("peek-face-up", game(*turns(6), "cho medium peek ben 1")),
    case("flip-saw", game(*turns(6), "cho medium flip ben seer saw vote")),
    case("flip-far", game(*turns(6), "cho medium flip ben 2")),
    case("flip-face-down", game(*turns(6), "cho medium flip dan 1")),
    case("flip-other-card", game(*turns(6), "cho medium flip ben vote 1")),
    case("flip-no-such-card", game(*turns(6), "cho medium flip ben vote")),
    case("villager-placed", game("aki drew villager villager cho vote")),
    case("villager-lost-legacy", game("aki drew villager villager cho lost-legacy",
                                      head=("werewolf aki ben cho dan", "viewer aki lost-legacy"))),
    case("vote-missing-votes", game(*turns(3), "dan vote out none")),
    case("vote-missing-voter", game(*turns(3), "dan vote aki=ben ben=cho cho=ben")),
    case("vote-eliminated-voter", game(*turns(8), "aki drew vote vote aki=cho ben=cho cho=aki dan=cho")),
    case("vote-result", game(*turns(3), "dan vote aki=ben ben=cho cho=ben dan=ben out ben")),
    case("swapped-spectator", game("aki sleep swap", head=SPECTATOR)),
    case("card-without-swap", game("aki drew sleep sleep keep vote")),
    case("sleep-index", game("aki drew sleep sleep swap vote 1")),
    case("attack-missing-out", game(*turns(6), "cho attack-1 dan")),
    case("attack-knight", game("aki drew medium seer cho saw sleep", "ben knight",
                               "cho attack-1 dan out ben shows villager")),
    case("attack-revealed", game(*turns(6), "cho attack-1 dan out ben shows vote")),
    case("attack-itself", game(*turns(6), "cho attack-1 ben out cho shows villager vote sleep")),
    case("revealed-missing", game(*turns(6), "cho attack-1 dan out ben")),
    case("search-after-over", game(*turns(8), WOLF_OUT, "search 1")),
    case("search-too-early", game(*turns(10), "search 4 aki ruins sleep")),
    case("orders-down", game(*turns(11), SEARCH, "search 2")),
    case("raised-eliminated", game(*turns(11), "search 1 raised ben")),
    case("raised-again", game(*turns(11), SEARCH, "search 5 raised aki")),
    case("too-many-raisers", game(*turns(11), "search 1 raised dan")),
    case("searcher-not-raised", game(*turns(11), "search 4 dan ruins sleep raised aki")),
    case("madman-searches", game("search 3 ben ruins vote", head=SMALL)),
    case("raised-together", game("search 7 ben ruins vote raised ben cho", head=SMALL)),
    case("lone-raiser-no-search", game("search 7 raised ben", head=SMALL)),
    case("viewer-cannot-raise", game("search 4 raised aki", head=("werewolf aki ben cho", "viewer aki vote",
                                                                   "deck lost-legacy=1 knight=1 vote=2"))),
    case("viewer-must-raise", game(*turns(11), "search 4 raised dan")),
    case("search-face-up", game(*turns(11), "search 4 aki discard:aki:1 sleep")),
    case("search-eliminated-hand", game(*turns(11), "search 4 aki hand:ben sleep")),
    case("search-far", game(*turns(11), "search 4 aki discard:dan:9 sleep")),
    case("no-history", game("aki drew madman madman", "ben knight",
                            head=("werewolf aki ben cho dan", "viewer aki knight"))),
    # -- advise --drew (drawn.py), advice (advice.py) --
    case("drew-spectator", game(head=SPECTATOR), "--drew", "vote", command="advise"),
    case("drew-already", game(*turns(8), "aki drew vote"), "--drew", "sleep", command="advise"),
    case("drew-search-phase", whole(), "--drew", "vote", command="advise"),
    case("drew-game-over", game(*turns(8), WOLF_OUT), "--drew", "vote", command="advise"),
    case("drew-eliminated", game("aki seer cho", "ben villager cho unknown", *TURNS[2:4], "aki medium peek cho 1",
                                 *TURNS[5:8], head=("werewolf aki ben cho dan", "viewer ben villager")),
         "--drew", "vote", command="advise"),
    case("drew-not-your-turn", game(*turns(7)), "--drew", "vote", command="advise"),
    case("drew-impossible", game(*turns(8)), "--drew", "seer", command="advise"),
    case("advice-spectator", game(head=SPECTATOR), command="advise"),
    # -- facts about the record (session.py) --
    case("fact-eliminated-hand", whole(), "hand:ben=villager", command="explain"),
    case("fact-face-up", whole(), "discard:aki:1=seer", command="explain"),
]
IDS = [c.id for c in CASES]
assert len(set(IDS)) == len(IDS)

# What each case printed in English before the catalogue (FILE: the record's path).
EXPECTED_EN: dict[str, str] = {
    'quote': 'error: FILE:3: a " is not closed (valid: a name in quotes: "Lost Legacy")\n',
    'position': "error: FILE:7: peek: '0' is not a card position (valid: medium peek NAME INDEX [saw CARD], medium flip NAME [CARD] [INDEX], or medium alone (no effect, W16) (INDEX counts from 1))\n",
    'second-viewer': "error: FILE:3: viewer: a second 'viewer' line (the first is line 2) (valid: one 'viewer' "
                     'line)\n',
    'turn-after-search': 'error: FILE:15: a turn after a search line: the search phase comes after every turn (valid: the turns first, then the search lines)\n',
    'reserved-name': "error: FILE:1: players: player name 'deck' is a word of the compact notation (valid: another "
                     'name, or write the record in TOML)\n',
    'viewer-short': 'error: FILE:2: viewer: viewer needs the seat and its dealt card (valid: viewer NAME CARD, '
                    'e.g. viewer aki seer (a spectator writes no viewer line))\n',
    'viewer-long': "error: FILE:2: viewer: unexpected 'vote' (valid: viewer NAME CARD, e.g. viewer aki seer (a "
                   'spectator writes no viewer line))\n',
    'deck-twice': "error: FILE:3: deck: 'vote' twice (valid: deck CARD=N ..., e.g. deck vote=2 sleep=2)\n",
    'deck-unreadable': "error: FILE:3: deck: cannot read 'vote' (valid: deck CARD=N ..., e.g. deck vote=2 "
                       'sleep=2)\n',
    'drew-alone': 'error: FILE:3: drew: drew needs the card drawn (valid: PLAYER drew CARD [PLAY ...])\n',
    'turn-alone': 'error: FILE:4: a turn needs the card played (valid: PLAYER [drew CARD] PLAY ...)\n',
    'search-alone': 'error: FILE:14: search needs the order called (valid: search ORDER PLAYER PLACE CARD, search ORDER raised NAME ..., or search ORDER (nobody raised))\n',
    'search-short': "error: FILE:14: cannot read 'aki ruins': a search names who searched, where and the card (valid: search ORDER PLAYER PLACE CARD, search ORDER raised NAME ..., or search ORDER (nobody raised))\n",
    'not-with-card': "error: FILE:8: out: 'out' does not go with a seer turn (valid: seer TARGET [saw CARD])\n",
    'out-twice': 'error: FILE:6: out: out is written twice (valid: vote VOTER=TARGET ... [out NAME|none] [shows CARD ...])\n',
    'swap-twice': 'error: FILE:5: swap/keep: swap or keep is written twice (valid: sleep, or from a Werewolf viewer sleep VIEWER swap|keep [CARD] [INDEX])\n',
    'sleep-card-twice': 'error: FILE:5: card: card is written twice (valid: sleep, or from a Werewolf viewer sleep VIEWER swap|keep [CARD] [INDEX])\n',
    'keyword-as-card': "error: FILE:3: card played: 'saw' where the card played belongs (valid: PLAYER [drew CARD] PLAY ...)\n",
    'saw-no-value': 'error: FILE:8: saw: saw needs a value (valid: seer TARGET [saw CARD])\n',
    'medium-saw-no-value': 'error: FILE:7: saw: saw needs a value (valid: medium peek NAME INDEX [saw CARD], medium flip NAME [CARD] [INDEX], or medium alone (no effect, W16))\n',
    'drew-late': "error: FILE:8: drew: 'drew' here (valid: drew before the card played: PLAYER [drew CARD] PLAY ...)\n",
    'raised-in-turn': "error: FILE:8: raised: 'raised' here (valid: seer TARGET [saw CARD])\n",
    'votes-twice': 'error: FILE:6: votes: aki votes twice (valid: vote VOTER=TARGET ... [out NAME|none] [shows CARD ...])\n',
    'unexpected-word': "error: FILE:8: unexpected 'cho' after seer (valid: seer TARGET [saw CARD])\n",
    'did-you-mean': "error: FILE:9: unexpected 'oot' after attack-1; did you mean 'out'? (valid: attack-N [PUT] out NAME|none [shows CARD ...])\n",
    'nothing-more': "error: FILE:4: unexpected 'cho' after knight (valid: knight (nothing more))\n",
    'peek-no-player': 'error: FILE:7: peek: peek needs the player whose discard (valid: medium peek NAME INDEX [saw CARD], medium flip NAME [CARD] [INDEX], or medium alone (no effect, W16))\n',
    'peek-no-index': "error: FILE:7: peek: peek needs the card's position in cho's discard (valid: medium peek NAME INDEX [saw CARD], medium flip NAME [CARD] [INDEX], or medium alone (no effect, W16))\n",
    'flip-no-card': "error: FILE:7: flip: flip needs the card or its position in cho's discard (valid: medium peek NAME INDEX [saw CARD], medium flip NAME [CARD] [INDEX], or medium alone (no effect, W16))\n",
    'deck-copies': 'error: FILE:3: deck: deck vote=5 (valid: 0 to 3)\n',
    'deck-no-lost-legacy': 'error: FILE:3: deck: the deck must hold the Lost Legacy once (valid: lost-legacy = 1)\n',
    'deck-too-small': 'error: FILE:3: deck: a deck of 3 cards cannot deal 4 hands and the ruins (valid: at least 5 '
                      'cards)\n',
    'deck-not-table': "error: FILE:5: deck: deck must be a table of copies per card, not 5 (valid: deck = { vote = 2, "
                      'sleep = 2, ... })\n',
    'missing-player': 'error: FILE:6: turn[1].player: missing player (valid: aki, ben, cho, dan)\n',
    'missing-hand': 'error: FILE:3: viewer: missing hand: aki knows its dealt card (valid: hand = "seer")\n',
    'spectator-hand': 'error: FILE:3: hand: a spectator has no hand (valid: omit hand, or name the viewer)\n',
    'pending-not-viewer': "error: FILE:4: drew: a turn without play is the viewer's turn in progress: only the viewer knows its draw (valid: PLAYER PLAY ... (the card played))\n",
    'missing-play': 'error: FILE:13: turn[2]: missing play: the card played (valid: villager, medium, madman, '
                    'knight, lost-legacy, seer, vote, sleep, attack-1, attack-2, attack-3)\n',
    'pending-mid-game': "error: FILE:3: missing the card played (valid: only the viewer's last turn may stop after drew)\n",
    'turn-not-array': 'error: FILE:5: turn: turn must be an array of tables ([[turn]]) (valid: [[turn]] sections)\n',
    'turn-not-table': 'error: FILE:5: turn[1]: a turn must be a table (valid: [[turn]] with player and play)\n',
    'unknown-turn-field': "error: FILE:16: turn[2].target: unknown field 'target' for a villager turn (valid: "
                          'player, drew, play, put, placed)\n',
    'revealed-not-list': 'error: FILE:16: turn[2].revealed: revealed must be a list of cards (valid: ["villager", '
                         '"vote"])\n',
    'swapped-not-bool': 'error: FILE:16: turn[2].swapped: swapped must be true or false, not 1 (valid: true, '
                        'false)\n',
    'index-zero': 'error: FILE:16: turn[2].index: a card position counts from 1, not 0 (valid: index = 2)\n',
    'flip-not-table': "error: FILE:16: turn[2].flip: flip must name player and card (or index), not 'cho' (valid: "
                      '{ player = "ben", card = "knight" } or { player = "ben", index = 2 })\n',
    'peek-no-index-toml': "error: FILE:16: turn[2].peek: expected player and index, not {'player': 'cho'} (valid: "
                          '{ player = "ben", index = 1 })\n',
    'peek-index-zero': 'error: FILE:16: turn[2].peek: index must be a card position from 1, not 0 (valid: { player '
                       '= "ben", index = 1 })\n',
    'votes-not-table': 'error: FILE:16: turn[2].votes: votes must map each voter to a target (valid: { aki = '
                       '"ben", ben = "cho", ... })\n',
    'search-not-array': 'error: FILE:5: search[1]: a search must be a table (valid: [[search]] with order, raised, '
                        'player, target, found)\n',
    'unknown-search-field': "error: FILE:9: search[1].seen: unknown field 'seen' for a search call (valid: order, "
                            'raised, player, target, found)\n',
    'missing-order': 'error: FILE:6: search[1]: missing order: the search order called (W15: the orders are called '
                     'from 1 up) (valid: order = 1 to 8)\n',
    'order-nine': 'error: FILE:14: order: order must be a search order, not 9 (valid: 1 to 8)\n',
    'raised-not-list': 'error: FILE:8: search[1].raised: raised must be a list of the players who raised a hand '
                       '(valid: ["aki"] or [])\n',
    'raised-twice': 'error: FILE:14: raised: dan raised twice at one call (valid: each player once)\n',
    'search-missing-target': 'error: FILE:6: search[1]: missing target: a search names player, target and found '
                             '(valid: all three, or none (a Madman show, several raisers))\n',
    'missing-raised': 'error: FILE:6: search[1]: missing raised: who raised a hand at this call (valid: raised = '
                      '["NAME", ...], or player, target and found for a lone searcher)\n',
    'place-not-text': 'error: FILE:9: search[1].target: a place is needed, not 3 (valid: "ruins", "hand:NAME" or '
                      '"discard:NAME:INDEX")\n',
    'not-a-place': "error: FILE:14: place: 'ruin' is not a place (valid: ruins, hand:NAME or discard:NAME:INDEX with NAME one of aki, ben, cho, dan)\n",
    'seer-no-target': "error: FILE:8: target: missing the Seer's target (valid: aki, cho, dan)\n",
    'seer-itself': "error: FILE:8: target: ben cannot choose itself as the Seer's target (valid: aki, cho, dan)\n",
    'put-eliminated': "error: FILE:12: put: ben was eliminated and cannot be the Attack's put (valid: aki, dan)\n",
    'drew-not-viewer': "error: FILE:4: drew: drew is written on ben's turn, but aki could not know it (valid: drew only on the viewer's own turns)\n",
    'turn-after-over': 'error: FILE:12: the game was over (the Werewolf cho was eliminated): no turn follows (valid: a record ending at turn 9)\n',
    'turn-after-deck': 'error: FILE:14: the deck is empty: the search phase has begun, no more turns (valid: search lines)\n',
    'wrong-player': "error: FILE:6: player: it is dan's turn, not cho's (valid: dan)\n",
    'pending-wrong-player': "error: FILE:10: drew: it is dan's turn, not aki's (valid: a record ending here)\n",
    'lost-legacy-played': 'error: FILE:4: card played: the Lost Legacy can never be played (valid: the other card in hand)\n',
    'viewer-not-holding': 'error: FILE:3: card played: aki holds seer and medium, not vote (valid: medium or seer)\n',
    'viewer-attack': 'error: FILE:3: card played: aki holds attack-1: an Attack in hand must be played (W5) (valid: attack-1)\n',
    'peek-and-flip': 'error: FILE:9: flip: a Medium either peeks or flips: write one of them (valid: peek NAME INDEX or flip NAME CARD)\n',
    'medium-must-act': "error: FILE:8: card played: the Medium must act where it can (W16): aki's 2 cards, cho's 2 cards, dan's 1 card in the discard (valid: peek NAME INDEX or flip NAME CARD on aki, cho, dan)\n",
    'medium-no-effect-saw': 'error: FILE:3: saw: the Medium had no effect: it saw nothing (valid: omit saw)\n',
    'peek-empty': "error: FILE:7: peek: the Medium looks at a face-down card: ben's discard has 0 cards (valid: flip instead: no face-down card there)\n",
    'peek-face-up': "error: FILE:9: peek: the Medium looks at a face-down card: card 1 of ben's discard is face-up (seer) (valid: flip instead: no face-down card there)\n",
    'flip-saw': 'error: FILE:9: saw: saw goes with peek, not flip (valid: omit saw)\n',
    'flip-far': "error: FILE:9: flip: the Medium turns a face-up card face-down: ben's discard has 1 card (valid: a face-up position of ben's discard: 1 (seer))\n",
    'flip-face-down': "error: FILE:9: flip: the Medium turns a face-up card face-down: card 1 of dan's discard is face-down (valid: a face-up position of dan's discard: none)\n",
    'flip-other-card': "error: FILE:9: flip: card 1 of ben's discard is seer, not vote (valid: flip NAME seer, or flip NAME with no card)\n",
    'flip-no-such-card': 'error: FILE:9: flip: ben has no face-up vote to turn face-down (valid: seer)\n',
    'villager-placed': 'error: FILE:3: placed: aki held villager and seer, not vote (valid: villager or seer)\n',
    'villager-lost-legacy': "error: FILE:3: placed: the Lost Legacy cannot go into another player's discard (valid: villager aki, or the Villager itself)\n",
    'vote-missing-votes': 'error: FILE:6: missing the votes: VOTER=TARGET for each living player (valid: aki=TARGET ben=TARGET cho=TARGET dan=TARGET)\n',
    'vote-missing-voter': 'error: FILE:6: votes: every living player votes once: dan did not vote (valid: voters aki, ben, cho, dan)\n',
    'vote-eliminated-voter': 'error: FILE:11: votes: every living player votes once: ben was eliminated (valid: voters aki, cho, dan)\n',
    'vote-result': 'error: FILE:6: out: the votes (aki 0, ben 3, cho 3, dan 0, face-down cards included) eliminate nobody, not ben (valid: out none)\n',
    'swapped-spectator': 'error: FILE:2: swap/keep: swap or keep is written, but only the Werewolf knows whether it swapped (valid: sleep alone: no swap, keep, card or index)\n',
    'card-without-swap': 'error: FILE:3: card: card goes with swap (sleep VIEWER swap CARD INDEX) (valid: swap)\n',
    'sleep-index': "error: FILE:3: index: card 1 of aki's discard is not a face-down card (the Sleep just played is face-up) (valid: no face-down card: keep)\n",
    'attack-missing-out': 'error: FILE:9: missing out: whom the Attack eliminated (valid: out NAME (the holder of villager) or out none)\n',
    'attack-knight': 'error: FILE:5: out: ben has a face-up Knight in its discard and cannot be eliminated (valid: out none)\n',
    'attack-revealed': "error: FILE:9: shows: attack-1 eliminates the holder of villager, but ben's hand is written as vote (valid: villager first)\n",
    'attack-itself': 'error: FILE:9: put: the Attack eliminated cho itself: it stays in its discard (valid: cho as the put, or no put)\n',
    'revealed-missing': "error: FILE:9: shows: shows is missing: ben's hand and its 0 face-down cards turn up (valid: shows followed by 1 card: the hand card first, then the face-down discards in pile order)\n",
    'search-after-over': 'error: FILE:12: order: the game was over (the Werewolf cho was eliminated): no more calls (valid: no more search lines)\n',
    'search-too-early': 'error: FILE:13: order: the search phase begins when the deck is empty; 1 card is left (valid: more turn lines first)\n',
    'orders-down': 'error: FILE:15: order: the search orders are called from 1 up: 2 cannot follow 4 (W15) (valid: 5 to 8)\n',
    'raised-eliminated': 'error: FILE:14: raised: ben was eliminated: it holds no hand and cannot raise (valid: aki, dan)\n',
    'raised-again': 'error: FILE:15: raised: aki raised at 4 already: one card, one search order (valid: dan)\n',
    'too-many-raisers': 'error: FILE:14: raised: 1 player raised at 1, but villager can be in at most 0 hands (valid: at most 0 raisers)\n',
    'searcher-not-raised': 'error: FILE:14: player: dan did not raise at 4: only a lone raiser searches (W15) (valid: aki)\n',
    'madman-searches': 'error: FILE:3: player: the Madman holder shows the Madman at its call and cannot search (W15) (valid: search ORDER raised NAME ... (nobody searches))\n',
    'raised-together': 'error: FILE:3: player: ben, cho raised together at 7: none of them searches (W15) (valid: search ORDER raised NAME ... (nobody searches))\n',
    'lone-raiser-no-search': 'error: FILE:3: raised: ben raised alone at 7 and searches: search 7 ben PLACE CARD (valid: search 7 ben PLACE CARD)\n',
    'viewer-cannot-raise': 'error: FILE:4: raised: aki holds vote (search order 7) and cannot raise at 4 (valid: its own order only)\n',
    'viewer-must-raise': 'error: FILE:14: raised: aki holds knight (search order 4) and must raise at 4 (valid: aki among the raisers at 4)\n',
    'search-face-up': 'error: FILE:14: card: discard:aki:1 is face-up: it is seer, not sleep (valid: seer)\n',
    'search-eliminated-hand': 'error: FILE:14: place: ben was eliminated: its hand card lies face-up in its discard (valid: hand:aki, hand:dan)\n',
    'search-far': "error: FILE:14: place: dan's discard has 3 cards (valid: discard:dan:1 to 3)\n",
    'no-history': 'error: FILE: no history fits these 2 record lines together (each is legal alone; at least one was written wrongly) (valid: a record in which some deal and hidden choices fit every turn)\n  FILE:2: viewer aki knight\n  FILE:4: ben knight\n',
    'drew-spectator': "error: FILE: --drew: a spectator draws no card: --drew is the viewer's draw (valid: a "
                      'record with a viewer, or no --drew)\n',
    'drew-already': "error: FILE: --drew: the record already has aki's turn in progress: it drew vote (valid: "
                    '--drew vote, or no --drew)\n',
    'drew-search-phase': 'error: FILE: --drew: no turn follows: the deck is empty and the search phase has begun '
                         '(valid: no --drew)\n',
    'drew-game-over': 'error: FILE: --drew: no turn follows: the Werewolf cho was eliminated (valid: no --drew)\n',
    'drew-eliminated': 'error: FILE: --drew: ben was eliminated and takes no more turns (valid: no --drew)\n',
    'drew-not-your-turn': "error: FILE: --drew: it is dan's turn, not aki's: --drew is the viewer's own draw "
                          "(valid: the turns up to aki's, or no --drew)\n",
    'drew-impossible': 'error: FILE: --drew: aki cannot have drawn seer: no history fits it on top of the deck '
                       '(valid: attack-2, attack-3, sleep, lost-legacy, vote, madman)\n',
    'advice-spectator': "error: FILE: viewer: advice is for a player: this record is a spectator's (valid: a "
                        'record with viewer = NAME)\n',
    'fact-eliminated-hand': 'error: FILE: FACT: ben was eliminated: its hand card lies face-up in its discard '
                            '(valid: hand:aki, hand:dan, ruins, discard:aki:3, discard:aki:4, discard:aki:5, '
                            'discard:dan:1, discard:dan:2)\n',
    'fact-face-up': 'error: FILE: FACT: discard:aki:1 is face-up: everybody sees it is seer (valid: hand:aki, '
                    'hand:dan, ruins, discard:aki:3, discard:aki:4, discard:aki:5, discard:dan:1, discard:dan:2)\n',
}


def run(tmp_path: Path, c: Case, lang: str) -> tuple[str, str]:
    """The record's path and the command's stderr (a clean exit-2 user error)."""
    path = tmp_path / f"{c.id}{c.suffix}"
    path.write_text(c.text, encoding="utf-8")
    result = CliRunner().invoke(main, [c.command, str(path), *c.args, "--lang", lang])
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and result.stdout == ""
    return str(path), result.stderr


# Words that may stand in a Japanese message as written: players, card ids, the notation's words.
LITERAL = sorted({*PLAYERS, *(k.id for k in KINDS), *RESERVED}, key=len, reverse=True)
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")
ENGLISH = re.compile(r"(?<![A-Za-z0-9_\-=:.\[|/])[a-z]+(?: [a-z]+){2,}(?![A-Za-z0-9_\-=:\]|/])")


def english_left(text: str, path: str) -> list[str]:
    """Runs of three or more lower-case English words left in ``text`` once the path, quoted
    literals, player names, card ids and the notation's words are taken out."""
    text = QUOTED.sub(" Q ", text.replace(path, "FILE"))
    for word in LITERAL:
        text = re.sub(rf"(?<![A-Za-z0-9_\-]){re.escape(word)}(?![A-Za-z0-9_\-])", "W", text)
    return ENGLISH.findall(text)


def test_the_helper_finds_english() -> None:
    assert english_left("エラー: /x/g.txt:3: turn[2]: a turn needs the card played (有効な値: PLAYER ...)",
                        "/x/g.txt") == ["a turn needs the card played"]
    assert english_left("エラー: F:3: turn[2]: 'ben seer dan' は読めません (有効な値: deck CARD=N ..., "
                        "例: deck vote=2 sleep=2)", "F") == []


# -- 1. the catalogue -----------------------------------------------------------------------------
def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_sentence_is_said_in_both_languages() -> None:
    for key, (en, ja) in ERRORS.items():
        assert en and ja and en != ja, key
        assert fields(en) == fields(ja), key


# -- 2. Japanese ------------------------------------------------------------------------------------
@pytest.mark.sweep  # one case per message family: make test-fast runs a tenth
@pytest.mark.parametrize("c", CASES, ids=IDS)
def test_errors_print_in_japanese(tmp_path: Path, c: Case) -> None:
    path, err = run(tmp_path, c, "ja")
    assert err.startswith("エラー:"), err
    assert not english_left(err, path), err


# -- 3. English as before ---------------------------------------------------------------------------
@pytest.mark.sweep
@pytest.mark.parametrize("c", CASES, ids=IDS)
def test_errors_print_the_same_english(tmp_path: Path, c: Case) -> None:
    path, err = run(tmp_path, c, "en")
    assert err.replace(path, "FILE") == EXPECTED_EN[c.id]
