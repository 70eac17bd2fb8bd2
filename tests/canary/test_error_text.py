"""Canary's error sentences (``models/canary/error_text.py``) in both languages.

The catalogue is whole (every key in English and Japanese, with the same parameters);
a broken record, TOML or compact, prints in Japanese under ``--lang ja`` with no
English sentence left (only the file path, quoted or literal syntax, squares, card ids
and player names stay as written); and in English it prints exactly what it printed
before the catalogue existed (``ENGLISH``, today's output with ``{path}`` for the file).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models.canary.cards import STANDARD_DECK
from suiri.models.canary.error_text import ERRORS
from suiri.models.canary.game import GAME
from suiri.models.canary.record import loads
from suiri.solver.errors import SuiriError

REFERENCE = (files("suiri.models.canary") / "records" / "canary-3p.toml").read_text(encoding="utf-8")
COMPACT = """canary aki bea cid
viewer aki ancient
start a7 g7 a1
aki b7 h giant-stone-bridge
bea f7 r abandoned-materials
cid a2 h
aki c7 r strata-valley
bea f6 r nothing-here
cid a3 r seaside-cave
aki b7 h giant-stone-bridge
bea g6 r nothing-here
cid a4 ! lava-rock-hill aki=n bea=y
aki c7 -
bea g7 r crag-lookout
aki d7 h ruins-above-the-clouds
"""
THREE = """game = "canary"
players = ["aki", "bea", "cid"]
viewer = "aki"
clue = "ancient"
{extra}
[start]
aki = "a7"
bea = "g7"
cid = "a1"
"""
FOUR = """game = "canary"
players = ["aki", "bea", "cid", "dai"]
viewer = "aki"
clue = "ancient"
genuine = {genuine}

[start]
aki = "a7"
bea = "g7"
cid = "a1"
dai = "g1"
"""
TWO = """game = "canary"
players = ["aki", "bea"]
viewer = "aki"
clue = "ancient"

[start]
aki = "a7"
bea = "g1"
"""
ANSWERS = 'answers = { aki = "no", bea = "yes" }'
T3_CHECK = 'check = "hidden"                        # it carries cid'
T7_CARD = 'card = "giant-stone-bridge"\n\n[[turn]]                                # turn 8'
SKIP_COMMENT = "# (cid's turn is skipped here and is not written)"


def edit(text: str, *pairs: tuple[str, str]) -> str:
    """``text`` with each ``old`` replaced (its first occurrence) by ``new``."""
    for old, new in pairs:
        assert old in text, f"test bug: {old!r} not in the record"
        text = text.replace(old, new, 1)
    return text


def turn(player: str, to: str, check: str | None, card: str | None = None, declare: str | None = None) -> str:
    """One ``[[turn]]`` table; ``declare``: the lines of its ``[turn.declare]`` (no check, R8)."""
    out = ["", "[[turn]]", f'player = "{player}"', f'to = "{to}"']
    out += [f'check = "{check}"'] if check else []
    out += [f'card = "{card}"'] if card else []
    out += ["[turn.declare]", declare] if declare else []
    return "\n".join(out) + "\n"


def declare(card: str, answers: str, outcome: str | None = None) -> str:
    return f'card = "{card}"\nanswers = {{ {answers} }}' + (f'\noutcome = "{outcome}"' if outcome else "")


def spectator(text: str) -> str:
    return edit(text, ('viewer = "aki"', ""), ('clue = "ancient"', ""))


def two_player_lost() -> str:
    """aki fails twice (R6: two skipped turns after the first), so aki has lost."""
    return (TWO + turn("aki", "b7", None, declare=declare("giant-stone-bridge", 'bea = "no"'))
            + "".join(turn("bea", f"g{n}", "revealed", "nothing-here") for n in (2, 3, 4))
            + turn("aki", "c7", None, declare=declare("ruins-above-the-clouds", 'bea = "no"')))


def occupied() -> str:
    """A spectator's record of a table that does not share squares (R2): bea steps onto aki."""
    moves = ["aki b7", "bea f7", "cid a2", "aki c7", "bea e7", "cid a3", "aki d7", "bea d7"]
    return spectator(THREE.format(extra="\n[rules]\nshared_squares = false\n")) + "".join(
        turn(*m.split(), "hidden") for m in moves)


@dataclass(frozen=True)
class Case:
    id: str
    text: str
    name: str = "record.toml"  # a compact record: game.txt
    command: str = "check"
    extra: tuple[str, ...] = ()  # arguments after the path


R = REFERENCE
CASES = [
    # the rules (rules.py)
    Case("move-too-far", edit(R, ('to = "b7"', 'to = "c7"'))),
    Case("move-diagonal", edit(R, ('to = "b7"', 'to = "b6"'))),
    Case("move-passing", edit(R, ('to = "b7"', 'to = "a7"'))),
    Case("move-onto-a-piece", occupied()),
    Case("turn-out-of-order", edit(R, ('player = "bea"', 'player = "cid"'))),
    Case("turn-while-skipping", edit(R, (SKIP_COMMENT, turn("cid", "a5", "hidden")))),
    Case("face-down-not-checked", edit(R, ('check = "hidden"', 'check = "none"'))),
    Case("face-up-checked", edit(R, ('check = "none"', 'check = "revealed"\ncard = "strata-valley"'))),
    Case("revealed-without-card", edit(R, ('card = "abandoned-materials"', ""))),
    Case("hidden-face-the-viewer-did-not-see", edit(R, (T3_CHECK, 'card = "object-stone"\n' + T3_CHECK))),
    Case("hidden-face-a-spectator-did-not-see", spectator(R)),
    Case("face-contradicts-what-was-seen", edit(R, (T7_CARD, T7_CARD.replace("giant-stone-bridge", "crag-lookout")))),
    Case("too-many-copies", edit(R, ('card = "abandoned-materials"', 'card = "ruins-above-the-clouds"'))),
    Case("answer-missing", edit(R, (ANSWERS, 'answers = { aki = "no" }'))),
    Case("declarer-answers", edit(R, (ANSWERS, 'answers = { aki = "no", bea = "yes", cid = "yes" }'))),
    Case("declare-without-own-clue-R4", edit(R, ('check = "revealed"\ncard = "strata-valley"',
                                                 "[turn.declare]\n" + declare("strata-valley", 'bea = "no", cid = "no"')))),
    Case("check-on-a-declaring-turn-R8", edit(R, ('to = "a4"', 'to = "a4"\ncheck = "hidden"'))),
    Case("card-on-a-declaring-turn-R8", edit(R, ('to = "a4"', 'to = "a4"\ncard = "lava-rock-hill"'))),
    Case("viewer-hides-without-its-clue", edit(R, ('check = "revealed"\ncard = "strata-valley"',
                                                   'check = "hidden"\ncard = "strata-valley"'))),
    Case("viewer-reveals-its-clue", edit(R, ('check = "hidden"\ncard = "ruins-above-the-clouds"',
                                             'check = "revealed"\ncard = "ruins-above-the-clouds"'))),
    Case("viewer-answers-yes-wrongly", edit(R, (ANSWERS, 'answers = { aki = "yes", bea = "yes" }'))),
    Case("viewer-answers-no-wrongly",
         R + turn("bea", "f7", None, declare=declare("abandoned-materials", 'aki = "no", cid = "yes"'))),
    Case("declared-face-contradicts-the-table",
         R + turn("bea", "g6", None, declare=declare("crag-lookout", 'aki = "no", cid = "no"'))),
    Case("declaring-on-face-up-R5",
         edit(R, ("[start]", "[rules]\ndeclare_on_face_up = false\n\n[start]"))
         + turn("bea", "g6", None, declare=declare("nothing-here", 'aki = "no", cid = "no"'))),
    Case("outcome-contradicts-answers", edit(R, (ANSWERS, ANSWERS + '\noutcome = "success"'))),
    Case("outcome-contradicts-answers-4p",
         FOUR.format(genuine="true")
         + turn("aki", "b7", None, declare=declare("hanging-garden", 'bea = "yes", cid = "yes", dai = "yes"', "failure"))),
    Case("turn-after-a-won-game",
         R + turn("bea", "f7", None, declare=declare("abandoned-materials", 'aki = "yes", cid = "yes"'))
         + turn("aki", "d6", "hidden")),
    Case("turn-after-a-lost-game", two_player_lost() + turn("bea", "g5", "revealed", "nothing-here")),
    Case("fake-answers-yes",
         FOUR.format(genuine="false") + turn("aki", "b7", "revealed", "crag-lookout")
         + turn("bea", "g6", None, declare=declare("hanging-garden", 'aki = "yes", cid = "no", dai = "no"'))),
    Case("start-not-a-corner", edit(R, ('cid = "a1"', 'cid = "a2"'))),
    Case("start-corner-shared", edit(R, ('cid = "a1"', 'cid = "g7"'))),
    # the map and the cards (board.py, cards.py)
    Case("square-off-the-board", edit(R, ('to = "b7"', 'to = "h8"'))),
    Case("square-unreadable", edit(R, ('to = "b7"', 'to = "b"'))),
    Case("card-not-a-string", edit(R, ('card = "abandoned-materials"', "card = 3"))),
    Case("card-unknown", edit(R, ('card = "abandoned-materials"', 'card = "golden-cage"'))),
    Case("clue-unknown", edit(R, ('clue = "ancient"', 'clue = "ancien"'))),
    # the TOML fields (record.py)
    Case("clue-missing", edit(R, ('clue = "ancient"', ""))),
    Case("spectator-with-a-clue", edit(R, ('viewer = "aki"', ""))),
    Case("genuine-with-3-players", edit(R, ('clue = "ancient"', 'clue = "ancient"\ngenuine = true'))),
    Case("genuine-not-a-boolean", FOUR.format(genuine='"yes"')),
    Case("spectator-with-genuine", edit(FOUR.format(genuine="true"), ('viewer = "aki"\nclue = "ancient"\n', ""))),
    Case("start-missing", edit(THREE.format(extra=""), ('[start]\naki = "a7"\nbea = "g7"\ncid = "a1"\n', ""))),
    Case("start-corner-missing", edit(R, ('cid = "a1"', ""))),
    Case("rules-not-a-table", edit(R, ('game = "canary"', 'game = "canary"\nrules = 3'))),
    Case("ruling-unknown", edit(R, ("[start]", "[rules]\nskip = 2\n\n[start]"))),
    Case("ruling-skip-turns", edit(R, ("[start]", "[rules]\nskip_turns = 12\n\n[start]"))),
    Case("ruling-not-a-boolean", edit(R, ("[start]", "[rules]\nshared_squares = 1\n\n[start]"))),
    Case("turns-not-tables", THREE.format(extra="turn = 3\n")),
    Case("turn-not-a-table", THREE.format(extra="turn = [1]\n")),
    Case("turn-without-player", edit(R, ('player = "bea"', ""))),
    Case("check-unknown", edit(R, ('check = "revealed"', 'check = "peeked"'))),
    Case("check-missing", edit(R, ('check = "none"', ""))),
    Case("declare-not-a-table", edit(R, ('check = "none"', 'check = "none"\ndeclare = 3'))),
    Case("declare-without-card", edit(R, ('card = "lava-rock-hill"', ""))),
    Case("answers-missing", edit(R, (ANSWERS, ""))),
    Case("answers-not-a-table", edit(R, (ANSWERS, 'answers = "all"'))),
    Case("answer-unknown", edit(R, (ANSWERS, 'answers = { aki = "maybe", bea = "yes" }'))),
    Case("outcome-unknown", edit(R, (ANSWERS, ANSWERS + '\noutcome = "draw"'))),
    # the compact notation (notation.py)
    Case("compact-second-head-line", edit(COMPACT, ("start a7", "viewer bea dark\nstart a7")), "game.txt"),
    Case("compact-keyword-as-name", edit(COMPACT, ("canary aki bea cid", "canary aki bea start")), "game.txt"),
    Case("compact-viewer-without-name", edit(COMPACT, ("viewer aki ancient", "viewer")), "game.txt"),
    Case("compact-viewer-extra-words", edit(COMPACT, ("viewer aki ancient", "viewer aki ancient genuine now")), "game.txt"),
    Case("compact-viewer-not-genuine-or-fake", edit(COMPACT, ("viewer aki ancient", "viewer aki ancient real")), "game.txt"),
    Case("compact-corners", edit(COMPACT, ("start a7 g7 a1", "start a7 g7")), "game.txt"),
    Case("compact-ruling-twice", edit(COMPACT, ("start a7", "rule skip_turns=2 skip_turns=1\nstart a7")), "game.txt"),
    Case("compact-ruling-unreadable", edit(COMPACT, ("start a7", "rule skip_turns=two\nstart a7")), "game.txt"),
    Case("compact-turn-too-short", edit(COMPACT, ("aki b7 h giant-stone-bridge", "aki b7")), "game.txt"),
    Case("compact-turn-unreadable", edit(COMPACT, ("aki b7 h giant-stone-bridge", "aki b7 h giant-stone-bridge now")),
         "game.txt"),
    Case("compact-check-letter", edit(COMPACT, ("aki b7 h", "aki b7 x")), "game.txt"),
    Case("compact-answer", edit(COMPACT, ("aki=n bea=y", "aki=maybe bea=y")), "game.txt"),
    Case("compact-unclosed-quote", edit(COMPACT, ("bea f7 r abandoned-materials", 'bea f7 r "Abandoned Materials')),
         "game.txt"),
    Case("compact-move-too-far", edit(COMPACT, ("aki b7 h", "aki c7 h")), "game.txt"),
    Case("compact-declarer-answers", edit(COMPACT, ("aki=n bea=y", "aki=n bea=y cid=y")), "game.txt"),
    # other commands (advice.py, reasoning.py)
    Case("advise-a-spectator", spectator(THREE.format(extra="")) + turn("aki", "b7", "hidden"), command="advise"),
    Case("fact-fake-with-3-players", R, command="explain", extra=("fake=bea",)),
]

# Today's English output of each case ("{path}": the record's path).
ENGLISH: dict[str, str] = {
    'move-too-far': 'error: {path}:17: turn[1].to: aki cannot move from a7 to c7: a move is one square, not 2 (valid: a6, b7)\n',
    'move-diagonal': 'error: {path}:17: turn[1].to: aki cannot move from a7 to b6: diagonal moves are not allowed (valid: a6, b7)\n',
    'move-passing': 'error: {path}:17: turn[1].to: aki cannot move from a7 to a7: a move must leave the square (R2: passing is not allowed) (valid: a6, b7)\n',
    'move-onto-a-piece': 'error: {path}:51: turn[8].to: bea cannot move from e7 to d7: another piece stands there and this table does not share squares (R2) (valid: e6, f7)\n',
    'turn-out-of-order': "error: {path}:22: turn[2].player: it is bea's turn, not cid's (valid: bea)\n",
    'turn-while-skipping': "error: {path}:84: turn[12].player: it is aki's turn, not cid's (cid skipping after a failed declaration) (valid: aki)\n",
    'face-down-not-checked': 'error: {path}:18: turn[1].check: the card on b7 is face-down, so it must be checked (valid: "hidden" or "revealed")\n',
    'face-up-checked': 'error: {path}:74: turn[10].check: the card on c7 is face-up (strata-valley), so there is no check (valid: "none")\n',
    'revealed-without-card': 'error: {path}:21: turn[2].card: turn reveals f7 but does not say which card (valid: card = the face turned up)\n',
    'hidden-face-the-viewer-did-not-see': 'error: {path}:30: turn[3].card: cid hid a2: only cid saw that card, and the viewer (aki) has not seen its face (valid: omit card)\n',
    'hidden-face-a-spectator-did-not-see': 'error: {path}:19: turn[1].card: aki hid b7: only aki saw that card, and the viewer (a spectator) has not seen its face (valid: omit card)\n',
    'face-contradicts-what-was-seen': 'error: {path}:54: turn[7].card: the card on b7 is known to be giant-stone-bridge, not crag-lookout (valid: giant-stone-bridge)\n',
    'too-many-copies': 'error: {path}:87: turn[12].card: 2 copies of ruins-above-the-clouds seen (d7, f7); the deck has 1 (valid: at most 1 square showing ruins-above-the-clouds)\n',
    'answer-missing': 'error: {path}:67: turn[9].declare.answers: no answer from bea (valid: one answer from each of aki, bea)\n',
    'declarer-answers': 'error: {path}:67: turn[9].declare.answers: cid declared and cannot answer its own declaration (valid: aki, bea)\n',
    'declare-without-own-clue-R4': "error: {path}:36: turn[4].declare.card: aki declared on strata-valley, which lacks aki's clue (ancient) (R4: a genuine player declares only on a card with its clue) (valid: a card carrying ancient)\n",
    'check-on-a-declaring-turn-R8': 'error: {path}:65: turn[9].check: cid declared on this turn, and a declaration replaces the map check (R8): the card is opened for all, not hidden or revealed (valid: omit check on a declaring turn)\n',
    'card-on-a-declaring-turn-R8': 'error: {path}:65: turn[9].card: cid declared on this turn: the face opened for all is declare.card (R8: the declaration replaces the map check) (valid: omit card; write the face as declare.card)\n',
    'viewer-hides-without-its-clue': 'error: {path}:35: turn[4].check: aki hid strata-valley, which lacks aki\'s clue (ancient): it must be revealed (valid: "revealed")\n',
    'viewer-reveals-its-clue': 'error: {path}:86: turn[12].check: aki revealed ruins-above-the-clouds, which carries aki\'s clue (ancient): it must be hidden (valid: "hidden")\n',
    'viewer-answers-yes-wrongly': 'error: {path}:67: turn[9].declare.answers: lava-rock-hill lacks aki\'s clue (ancient), so aki answers no (valid: "no")\n',
    'viewer-answers-no-wrongly': 'error: {path}:94: turn[13].declare.answers: abandoned-materials carries aki\'s clue (ancient), so aki answers yes (valid: "yes")\n',
    'declared-face-contradicts-the-table': 'error: {path}:93: turn[13].declare.card: the card on g6 is nothing-here, not crag-lookout (valid: nothing-here)\n',
    'declaring-on-face-up-R5': 'error: {path}:96: turn[13].declare.card: this table does not declare on face-up cards (R5) (valid: no declaration)\n',
    'outcome-contradicts-answers': 'error: {path}:68: turn[9].declare.outcome: with these answers the declaration fails (valid: "failure")\n',
    'outcome-contradicts-answers-4p': 'error: {path}:19: turn[1].declare.outcome: with these answers the declaration succeeds (valid: "success")\n',
    'turn-after-a-won-game': "error: {path}:97: turn[14].player: turn 13's declaration succeeded, so the game ended there (valid: no further turns)\n",
    'turn-after-a-lost-game': 'error: {path}:43: turn[6].player: turn 6 comes after the end of the game (aki failed 2 declarations and lost) (valid: no further turns)\n',
    'fake-answers-yes': 'error: {path}:24: turn[2].declare.answers: aki holds the fake and may only answer no (ちがう) (valid: "no")\n',
    'start-not-a-corner': 'error: {path}:13: start.cid: cid starts on a2, which is not a corner (valid: a1, a7, g1, g7)\n',
    'start-corner-shared': 'error: {path}:13: start.cid: cid and bea both start on g7: each player chooses a different corner (valid: a1, g1)\n',
    'square-off-the-board': "error: {path}:17: turn[1].to: square 'h8' is off the board (valid: a1 to g7)\n",
    'square-unreadable': "error: {path}:17: turn[1].to: cannot read the square 'b' (valid: a square name from a1 to g7)\n",
    'card-not-a-string': "error: {path}:25: turn[2].card: a card must be a string, not 3 (valid: a card id such as 'crag-lookout')\n",
    'card-unknown': "error: {path}:25: turn[2].card: unknown card 'golden-cage' (valid: a card id: one of 26, listed in docs/rules-canary.md; or its Japanese or English name, or its attributes joined by '+' (e.g. 'high+dark', 'none'))\n",
    'clue-unknown': "error: {path}:8: clue: unknown clue 'ancien'; did you mean 'ancient'? (valid: high, dark, ancient, nature, weathered (or 高所, 暗所, 旧文明, 自然物, 風化))\n",
    'clue-missing': 'error: {path}:7: viewer: the viewer\'s clue is missing: aki knows its own clue card (valid: clue = "high" (or dark, ancient, nature, weathered))\n',
    'spectator-with-a-clue': 'error: {path}:8: clue: a spectator has no clue (valid: omit clue, or name the viewer)\n',
    'genuine-with-3-players': 'error: {path}:9: genuine: authenticity cards are dealt only with 4 players (valid: omit genuine)\n',
    'genuine-not-a-boolean': "error: {path}:5: genuine: genuine must be true or false, not 'yes' (valid: true / false)\n",
    'spectator-with-genuine': 'error: {path}:3: genuine: a spectator has no authenticity card (valid: omit genuine)\n',
    'start-missing': 'error: {path}: start: missing [start] table (valid: [start] with one corner per player)\n',
    'start-corner-missing': 'error: {path}:10: start: no start corner for cid (valid: a1, a7, g1 or g7)\n',
    'rules-not-a-table': 'error: {path}:6: rules: rules must be a table (valid: [rules])\n',
    'ruling-unknown': "error: {path}:11: rules.skip: unknown ruling 'skip' (valid: declare_needs_own_clue, declare_on_face_up, shared_squares, skip_turns)\n",
    'ruling-skip-turns': 'error: {path}:11: rules.skip_turns: skip_turns must be a whole number from 0 to 9, not 12 (valid: 0 to 9 (the rules say 2))\n',
    'ruling-not-a-boolean': 'error: {path}:11: rules.shared_squares: shared_squares must be true or false (valid: true / false)\n',
    'turns-not-tables': 'error: {path}:5: turn: turns must be [[turn]] tables (valid: [[turn]])\n',
    'turn-not-a-table': 'error: {path}:5: turn[1]: a turn must be a table (valid: [[turn]])\n',
    'turn-without-player': 'error: {path}:21: turn[2].player: missing player (valid: aki, bea, cid)\n',
    'check-unknown': 'error: {path}:24: turn[2].check: check is \'peeked\' (valid: "hidden", "revealed" or "none" (omitted only on a declaring turn, R8))\n',
    'check-missing': 'error: {path}:71: turn[10].check: missing check (valid: "hidden", "revealed" or "none" (omitted only on a declaring turn, R8))\n',
    'declare-not-a-table': 'error: {path}:75: turn[10].declare: declare must be a table (valid: [turn.declare] with card and answers)\n',
    'declare-without-card': 'error: {path}:65: turn[9].declare.card: a declaration shows its card to everyone: card is required (valid: card = the face shown)\n',
    'answers-missing': 'error: {path}:65: turn[9].declare.answers: missing answers (valid: { name = "yes" / "no", ... } for every other player)\n',
    'answers-not-a-table': 'error: {path}:67: turn[9].declare.answers: answers must be a table, not \'all\' (valid: { name = "yes" / "no", ... } for every other player)\n',
    'answer-unknown': 'error: {path}:67: turn[9].declare.answers: answer \'maybe\' from aki (valid: "yes" (ここだ) or "no" (ちがう))\n',
    'outcome-unknown': 'error: {path}:68: turn[9].declare.outcome: outcome \'draw\' (valid: "success" or "failure")\n',
    'compact-second-head-line': "error: {path}:3: viewer: a second 'viewer' line (the first is line 2) (valid: one 'viewer' line)\n",
    'compact-keyword-as-name': "error: {path}:1: players: player name 'start' is a keyword of the compact notation (valid: another name, or write the record in TOML)\n",
    'compact-viewer-without-name': 'error: {path}:2: viewer: viewer needs a name (valid: viewer NAME CLUE [genuine|fake])\n',
    'compact-viewer-extra-words': "error: {path}:2: viewer: unexpected 'now' (valid: viewer NAME CLUE [genuine|fake])\n",
    'compact-viewer-not-genuine-or-fake': "error: {path}:2: genuine: 'real' after the clue (valid: genuine or fake)\n",
    'compact-corners': 'error: {path}:3: start: 2 corners for 3 players (valid: one corner per player, in player order (after the canary line))\n',
    'compact-ruling-twice': "error: {path}:3: rule skip_turns: the ruling 'skip_turns' is set twice (valid: set each ruling once)\n",
    'compact-ruling-unreadable': "error: {path}:3: rule skip_turns: cannot read 'skip_turns=two' (valid: KEY=VALUE, e.g. skip_turns=2)\n",
    'compact-turn-too-short': "error: {path}:4: a turn needs a player, a square and a check or a declaration, got 'aki b7' (valid: NAME SQUARE h|r|- [CARD]  or  NAME SQUARE ! CARD NAME=y|n ...)\n",
    'compact-turn-unreadable': "error: {path}:4: cannot read 'now' (valid: ! CARD NAME=y|n ... (a declaration, in place of the check))\n",
    'compact-check-letter': "error: {path}:4: check: 'x' is not a check letter (valid: h, r, - (hidden, revealed, no check), or ! CARD NAME=y|n ... to declare)\n",
    'compact-answer': "error: {path}:12: answers: answer 'maybe' from aki (valid: NAME=y or NAME=n (ここだ, ちがう))\n",
    'compact-unclosed-quote': 'error: {path}:5: cannot split the line into words: no closing quotation (valid: words separated by blanks; a name with spaces in quotes, e.g. "Giant Stone Bridge")\n',
    'compact-move-too-far': 'error: {path}:4: square: aki cannot move from a7 to c7: a move is one square, not 2 (valid: a6, b7)\n',
    'compact-declarer-answers': 'error: {path}:12: answers: cid declared and cannot answer its own declaration (valid: aki, bea)\n',
    'advise-a-spectator': 'error: {path}: viewer: advise needs the viewer\'s seat and clue (valid: viewer = "NAME" and clue = "ATTRIBUTE" in the record)\n',
    'fact-fake-with-3-players': 'error: {path}: FACT: only the 4-player game has a fake clue (valid: clue:NAME, goal, square:SQ)\n',
}


def run(case: Case, tmp_path: Path, lang: str) -> tuple[str, object]:
    path = tmp_path / case.name
    path.write_text(case.text, encoding="utf-8")
    result = CliRunner().invoke(main, [case.command, str(path), *case.extra, "--lang", lang])
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and result.stdout == ""
    return result.stderr, path


# -- finding English in a Japanese message -------------------------------------------------------
NAMES = {"aki", "bea", "cid", "dai", *(k.id for k in STANDARD_DECK.kinds)}
SQUARE = re.compile(r"\b[a-z]\d+\b")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")
WORD = re.compile(r"[a-z]+")
# Words of an English sentence that no literal syntax of a record uses.
GLUE = {"a", "an", "the", "is", "are", "it", "its", "not", "and", "or", "of", "from", "must", "cannot", "so",
        "with", "only", "has", "for", "after", "but", "which", "needs", "unknown", "missing", "unexpected"}


def english_runs(message: str, path: object = None) -> list[str]:
    """What is left of an English sentence once the file path, quoted or backticked
    text, squares, card ids and player names are taken out (each leaves a mark that ends
    a run): runs of three or more lower-case English words in a row, and the glue words
    of English sentences standing alone (``it is bea's turn, not cid's``)."""
    text = message.replace(str(path), " § ") if path is not None else message
    text = QUOTED.sub(" § ", text)
    text = SQUARE.sub(" § ", text)
    text = re.sub(r"[^\x00-\x7f]+", " § ", text)  # Japanese ends a run ("：no closing quotation")
    tokens = [" § " if t.strip("()[]{}.,;:").removesuffix("'s") in NAMES else t for t in re.split(r"(\s+)", text)]
    runs: list[str] = []
    current: list[str] = []
    for token in [*"".join(tokens).split(), "§"]:
        word = token.strip(",;:")
        if word in GLUE:
            runs.append(word)
        if WORD.fullmatch(token):
            current.append(token)
            continue
        if len(current) >= 3:
            runs.append(" ".join(current))
        current = []
    return runs


def test_the_detector_finds_an_english_sentence_in_a_japanese_frame() -> None:
    """What ``--lang ja`` printed before the catalogue (an English rule in a Japanese frame)
    is caught; literal syntax, names and squares are not."""
    before = ("エラー: /tmp/x/record.toml:17: turn[1].to: aki cannot move from a7 to b6: diagonal moves are not allowed "
              "(有効な値: a6, b7)")
    assert "diagonal moves are not allowed" in english_runs(before, "/tmp/x/record.toml")
    assert english_runs("エラー: f.toml:22: turn[2].player: it is bea's turn, not cid's (有効な値: bea)", "f.toml")
    assert english_runs("エラー: f.txt:2: viewer: viewer 行にはプレイヤー名が必要です (有効な値: viewer NAME CLUE [genuine|fake])",
                        "f.txt") == []
    assert english_runs("aki は giant-stone-bridge を 'one two three' で b7 へ") == []


# -- the catalogue --------------------------------------------------------------------------------
def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("key", sorted(ERRORS))
def test_every_sentence_is_in_both_languages_with_the_same_parameters(key: str) -> None:
    en, ja = ERRORS[key]
    assert en.strip() and ja.strip() and en != ja, key
    assert fields(en) == fields(ja), key
    assert re.search(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]", ja), f"{key}: no Japanese in {ja!r}"


def test_the_game_objects_errors_in_both_languages() -> None:
    """The errors no record reaches through ``check``: a notation the game lacks, and the
    goal question of the 2-player game (five goal squares)."""
    with pytest.raises(SuiriError) as raised:
        GAME.write(loads(REFERENCE), "xml")
    assert raised.value.render("en") == "Where is the Canary? has no notation 'xml' (valid: toml, compact)"
    assert raised.value.render("ja") == "カナリアはいずこ？には記法 'xml' がありません (有効な値: toml, compact)"
    with pytest.raises(SuiriError) as raised:
        GAME.answer(GAME.open(loads(TWO)), "goal")
    assert raised.value.render("en") == "with 2 players the goal is five squares, not one (valid: --question clue)"
    assert raised.value.render("ja") == "2人プレイではゴールは5マスあり、1マスではありません (有効な値: --question clue)"


# -- the records ------------------------------------------------------------------------------------
@pytest.mark.sweep  # one case per message family: make test-fast runs a tenth
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_japanese_error_has_no_english_sentence(case: Case, tmp_path: Path) -> None:
    err, path = run(case, tmp_path, "ja")
    assert err.startswith("エラー: "), err
    assert english_runs(err, path) == [], err


@pytest.mark.sweep
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_english_error_is_unchanged(case: Case, tmp_path: Path) -> None:
    err, path = run(case, tmp_path, "en")
    assert err == ENGLISH[case.id].replace("{path}", str(path))


def test_every_case_has_its_english() -> None:
    assert sorted(ENGLISH) == sorted(c.id for c in CASES)
