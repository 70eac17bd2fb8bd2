"""Memory Detective's error sentences print in Japanese with ``--lang ja``
(``models/detective/error_text.py``), and in English exactly as before.

Each malformed record below (compact notation and TOML) is checked through the CLI in
process: in Japanese the message holds no English sentence (only the file path, quoted or
backticked literals, card ids, player names and notation keywords are left in Latin
letters), and in English it prints what it printed before the catalogue existed.
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Formatter

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models.detective.error_text import ERRORS
from suiri.models.detective.notation import to_compact
from suiri.models.detective.record import loads
from suiri.solver.errors import SuiriError
from suiri.solver.plural import Count

# The records: ``c-``, the compact notation; ``t-``, TOML; ``x-``, another command than check.
# BASE is a legal compact record (aki's seat); each case adds or changes what makes it wrong.
BASE = "detective aki bea cid\nviewer aki s1 s2 w1 w2 r1 r2\npublic w3 w4 w5 r3 r4 r5\n"
CLUE = BASE + "variant clue\n"
HEAD = "detective aki bea cid\n"
PUBLIC = "public w3 w4 w5 r3 r4 r5\n"
TOML = ('game = "detective"\nplayers = ["aki", "bea", "cid"]\nviewer = "aki"\nhand = ["s1", "s2", "w1", "w2", "r1", "r2"]\n'
        'public = ["w3", "w4", "w5", "r3", "r4", "r5"]\n')
SMALL = 'game = "detective"\nplayers = ["aki", "bea"]\n'  # with a [cards] deck of its own
DEDUCE = '\n[[event]]\nkind = "deduce"\nby = "bea"\nnamed = ["s3", "w6", "r6"]\nraised = []\n'

RECORDS: dict[str, tuple[str, str]] = {
    "c-viewer-hand": ("txt", HEAD + "viewer aki\n" + PUBLIC),
    "c-viewer-alone": ("txt", HEAD + "viewer\n" + PUBLIC),
    "c-no-public": ("txt", HEAD + "viewer aki s1 s2 w1 w2 r1 r2\n"),
    "c-public-empty": ("txt", HEAD + "public\n"),
    "c-unknown-word-close": ("txt", BASE + "dedcue aki s3 w6 r6 bea\n"),
    "c-unknown-word": ("txt", BASE + "xyzzy\n"),
    "c-unknown-word-header": ("txt", HEAD + "xyzzy\n"),
    "c-player-first": ("txt", BASE + "bea s3 w6 r6 cid\n"),
    "c-header-after-events": ("txt", BASE + "peek bea s3\nfake\n"),
    "c-second-header": ("txt", BASE + "viewer bea s3\n"),
    "c-reserved-player": ("txt", "detective aki - cid\n" + PUBLIC),
    "c-after-fake": ("txt", BASE + "fake now\n"),
    "c-variant-words": ("txt", BASE + "variant clue extra\n"),
    "c-none-among-cards": ("txt", HEAD + "public w3 - w4\n"),
    "c-sizes-unreadable": ("txt", BASE + "sizes aki7\n"),
    "c-size-twice": ("txt", BASE + "sizes aki=6 aki=6\n"),
    "c-deck-empty": ("txt", BASE + "suspects\n"),
    "c-reserved-card": ("txt", BASE + "suspects y s2\n"),
    "c-arity": ("txt", BASE + "reveal bea\n"),
    "c-unexpected": ("txt", BASE + "peek bea s3 s4\n"),
    "c-bluff-word": ("txt", BASE + "reveal bea s3 bluff=maybe\n"),
    "c-accuse-word": ("txt", CLUE + "accuse aki s3 w6 r6 maybe\n"),
    "c-deduction-short": ("txt", BASE + "deduce aki s3 w6\n"),
    "c-raised-missing": ("txt", BASE + "deduce aki s3 w6 r6\n"),
    "c-refuted-missing": ("txt", CLUE + "suggest aki s3 w6 r6\n"),
    "c-answer-unreadable": ("txt", BASE + "deduce aki s3 w6 r6 =w6\n"),
    "c-answers-twice": ("txt", BASE + "deduce aki s3 w6 r6 bea bea=n\n"),
    "c-refuters": ("txt", CLUE + "suggest aki s3 w6 r6 bea cid\n"),
    "c-public-count": ("txt", HEAD + "viewer aki s1 s2 w1 w2 r1 r2\npublic w3 w4\n"),
    "c-public-twice": ("txt", HEAD + "viewer aki s1 s2 w1 w2 r1 r2\npublic w3 w3 w5 r3 r4 r5\n"),
    "c-hand-size": ("txt", HEAD + "viewer aki s1 s2 w1\n" + PUBLIC),
    "c-hand-twice": ("txt", HEAD + "viewer aki s1 s1 w1 w2 r1 r2\n" + PUBLIC),
    "c-hand-and-public": ("txt", HEAD + "viewer aki s1 s2 w1 w2 r1 w3\n" + PUBLIC),
    "c-unknown-card": ("txt", HEAD + "public w3 w4 w5 r3 r4 zz\n"),
    "c-fake-not-in-play": ("txt", HEAD + "public w3 w4 w5 r3 r4 fake\n"),
    "c-uneven-deal": ("txt", BASE + "fake\n"),
    "c-fake-public": ("txt", HEAD + "public w3 w4 w5 r3 r4 fake\nfake\nsizes aki=7 bea=6 cid=6\n"),
    "c-peek-self": ("txt", BASE + "peek aki s3\n"),
    "c-peek-public": ("txt", BASE + "peek bea w3\n"),
    "c-peek-own": ("txt", BASE + "peek bea s1\n"),
    "c-spectator-peek": ("txt", HEAD + PUBLIC + "peek bea s3\n"),
    "c-show-self": ("txt", BASE + "show bea bea\n"),
    "c-show-to-viewer": ("txt", BASE + "show bea aki\n"),
    "c-among-public": ("txt", BASE + "show bea cid w3 w4\n"),
    "c-among-not-held": ("txt", BASE + "show aki cid s3\n"),
    "c-already-public": ("txt", BASE + "reveal bea w3\n"),
    "c-not-held": ("txt", BASE + "reveal aki s3\n"),
    "c-in-viewer-hand": ("txt", BASE + "reveal bea s1\n"),
    "c-must-raise": ("txt", BASE + "deduce bea s1 w6 r6 -\n"),
    "c-raise-without-card": ("txt", BASE + "deduce bea s3 w6 r6 aki\n"),
    "c-shown-to-deducer": ("txt", BASE + "deduce bea s3 w6 r6 cid=s3\n"),
    "c-show-named-only": ("txt", BASE + "deduce aki s3 w6 r6 bea=w7\n"),
    "c-shown-elsewhere": ("txt", BASE + "deduce aki s3 w3 r6 bea=w3\n"),
    "c-outcome-raised": ("txt", BASE + "deduce aki s3 w6 r6 bea solved\n"),
    "c-solved-seen": ("txt", BASE + "deduce bea s3 w3 r6 - solved\n"),
    "c-own-deduction": ("txt", BASE + "deduce aki s3 w6 r6 aki\n"),
    "c-named-one-each": ("txt", BASE + "deduce aki s3 s4 r6 bea\n"),
    "c-game-over": ("txt", BASE + "deduce bea s3 w6 r6 - solved\npeek bea s4\n"),
    "c-clue-kind": ("txt", BASE + "accuse aki s3 w6 r6 wrong\n"),
    "c-clue-order": ("txt", CLUE + "suggest aki s3 w6 r6 cid\n"),
    "c-accuser-out": ("txt", CLUE + "accuse bea s3 w6 r6 wrong\naccuse bea s4 w6 r6 wrong\n"),
    "c-inconsistent": ("txt", BASE + "peek bea s3\npeek cid s3\n"),
    "t-missing-hand": ("toml", TOML.replace('hand = ["s1", "s2", "w1", "w2", "r1", "r2"]\n', "")),
    "t-spectator-hand": ("toml", TOML.replace('viewer = "aki"\n', "")),
    "t-missing-public": ("toml", TOML.replace('public = ["w3", "w4", "w5", "r3", "r4", "r5"]\n', "")),
    "t-public-not-list": ("toml", TOML.replace('public = ["w3", "w4", "w5", "r3", "r4", "r5"]', 'public = "w3"')),
    "t-fake-bool": ("toml", TOML + 'fake = "yes"\n'),
    "t-unknown-variant": ("toml", TOML + 'variant = "clu"\n'),
    "t-events-not-tables": ("toml", TOML + 'event = 3\n'),
    "t-cards-not-table": ("toml", TOML + 'cards = 3\n'),
    "t-cards-fields": ("toml", TOML + '\n[cards]\nsuspects = ["a", "fake"]\nweapons = "b"\nscenes = ["c", "c", "D!"]\nextra = 1\n'),
    "t-public-too-many": ("toml", TOML + '\n[cards]\nsuspects = ["a", "b"]\nweapons = ["c", "d"]\nscenes = ["w3", "w4", "w5", "r3", "r4", "r5"]\n'),
    "t-sizes-not-table": ("toml", TOML + 'hand_sizes = 3\n'),
    "t-sizes-bad": ("toml", TOML + 'hand_sizes = { aki = -1, bea = 6 }\n'),
    "t-sizes-sum": ("toml", TOML + 'fake = true\nhand_sizes = { aki = 6, bea = 6, cid = 6 }\n'),
    "t-sizes-uneven": ("toml", TOML + 'hand_sizes = { aki = 8, bea = 5, cid = 5 }\n'),
    "t-event-not-table": ("toml", TOML + 'event = [3]\n'),
    "t-unknown-kind": ("toml", TOML + '\n[[event]]\nkind = "dedcue"\n'),
    "t-missing-kind": ("toml", TOML + '\n[[event]]\nby = "bea"\n'),
    "t-unknown-event-field": ("toml", TOML + DEDUCE + 'colour = "red"\n\n[[event]]\nkind = "accuse"\n'),
    "t-unknown-event-field-an": ("toml", TOML + 'variant = "clue"\n\n[[event]]\nkind = "accuse"\nby = "bea"\nnamed = ["s3", "w6", "r6"]\ncorrect = false\ncolour = "red"\n'),
    "t-raised-in-clue": ("toml", TOML + 'variant = "clue"\n' + DEDUCE),
    "t-clue-field": ("toml", TOML + DEDUCE + 'passed = []\n'),
    "t-bluff": ("toml", TOML + '\n[[event]]\nkind = "reveal"\ncard = "s3"\nfrom = "bea"\nbluff = "y"\n\n[[event]]\nkind = "reveal"\ncard = "s4"\nfrom = "bea"\nbluff = true\n'),
    "t-among-empty": ("toml", TOML + '\n[[event]]\nkind = "show"\nfrom = "bea"\nto = "cid"\namong = []\n'),
    "t-among-not-list": ("toml", TOML + '\n[[event]]\nkind = "show"\nfrom = "bea"\nto = "cid"\namong = "s3"\n'),
    "t-outcome": ("toml", TOML + DEDUCE + 'outcome = "maybe"\n'),
    "t-correct": ("toml", TOML + 'variant = "clue"\n\n[[event]]\nkind = "accuse"\nby = "bea"\nnamed = ["s3", "w6", "r6"]\ncorrect = "no"\n\n[[event]]\nkind = "accuse"\nby = "bea"\nnamed = ["s3", "w6", "r6"]\n'),
    "t-missing-named": ("toml", TOML + '\n[[event]]\nkind = "deduce"\nby = "bea"\nraised = []\n'),
    "t-named-count": ("toml", TOML + '\n[[event]]\nkind = "deduce"\nby = "bea"\nnamed = ["s3", "w6"]\nraised = []\n'),
    "t-shown-not-table": ("toml", TOML + DEDUCE + 'shown = 3\n'),
    "t-players-not-list": ("toml", TOML + '\n[[event]]\nkind = "deduce"\nby = "aki"\nnamed = ["s3", "w6", "r6"]\nraised = "bea"\n'),
    "t-missing-player": ("toml", TOML + '\n[[event]]\nkind = "deduce"\nnamed = ["s3", "w6", "r6"]\nraised = []\n'),
    "t-shown-not-raised": ("toml", TOML + '\n[[event]]\nkind = "deduce"\nby = "aki"\nnamed = ["s3", "w6", "r6"]\nraised = ["bea"]\nshown = { cid = "s3" }\n'),
    "t-spectator-shown": ("toml", TOML.replace('viewer = "aki"\n', "").replace('hand = ["s1", "s2", "w1", "w2", "r1", "r2"]\n', "") + '\n[[event]]\nkind = "deduce"\nby = "aki"\nnamed = ["s3", "w6", "r6"]\nraised = ["bea"]\nshown = { bea = "s3" }\n'),
    "t-passed-outside-clue": ("toml", TOML + 'variant = "clue"\n\n[[event]]\nkind = "suggest"\nby = "aki"\nnamed = ["s3", "w6", "r6"]\nrefuted_by = "cid"\npassed = ["cid"]\n'),
    "t-not-a-player": ("toml", TOML + '\n[[event]]\nkind = "deduce"\nby = "aki"\nnamed = ["s3", "w6", "r6"]\nraised = ["bea", "bea"]\n'),
    "t-accusation-wrong": ("toml", TOML + 'variant = "clue"\n\n[[event]]\nkind = "accuse"\nby = "bea"\nnamed = ["s1", "w6", "r6"]\ncorrect = true\n'),
    "t-all-named-public": ("toml", TOML + '\n[[event]]\nkind = "reveal"\ncard = "s3"\nfrom = "bea"\n\n[[event]]\nkind = "deduce"\nby = "aki"\nnamed = ["s3", "w3", "r3"]\nraised = ["bea"]\n'),
    # the game is over
    "c-game-over-accused": ("txt", CLUE + "accuse bea s3 w6 r6 correct\npeek bea s4\n"),
    "c-game-over-all-out": ("txt", CLUE + "accuse aki s3 w6 r6 wrong\naccuse bea s3 w6 r7 wrong\naccuse cid s3 w6 r8 wrong\npeek bea s4\n"),
    "c-fake-shown": ("txt", HEAD + "viewer aki s1 s2 w1 w2 r1 r2 r7\n" + PUBLIC + "fake\nsizes aki=7 bea=6 cid=6\ndeduce aki s3 w6 r6 bea=fake\n"),
    "t-game-over-setup": ("toml", SMALL + 'public = ["d"]\n\n[cards]\nsuspects = ["a"]\nweapons = ["b"]\nscenes = ["c", "d"]\n\n[[event]]\nkind = "reveal"\ncard = "a"\nfrom = "aki"\n'),
    "t-game-over-all-public": ("toml", SMALL + 'public = []\nhand_sizes = { aki = 1, bea = 0 }\n\n[cards]\nsuspects = ["a", "e"]\nweapons = ["b"]\nscenes = ["c"]\n\n[[event]]\nkind = "reveal"\ncard = "e"\nfrom = "aki"\n\n[[event]]\nkind = "reveal"\ncard = "a"\nfrom = "bea"\n'),
    # facts typed on the command line, and advice
    "x-not-of-category": ("txt", BASE),
    "x-unknown-subject": ("txt", BASE),
    "x-advise-spectator": ("txt", HEAD + PUBLIC),
}
# The command line of a record, when it is not ``check PATH``.
ARGS: dict[str, tuple[str, ...]] = {
    "x-not-of-category": ("explain", "{path}", "case:suspect=w6"),
    "x-unknown-subject": ("explain", "{path}", "holdr:w6=bea"),
    "x-advise-spectator": ("advise", "{path}"),
}

# What each record printed in English before the Japanese catalogue (the English is unchanged).
ENGLISH: dict[str, str] = {
    'c-viewer-hand': 'error: {path}:2: viewer: viewer aki needs its hand as dealt (valid: viewer NAME CARD CARD ... (the seat and its hand as dealt; viewer NAME - for none))\n',
    "c-viewer-alone": 'error: {path}:2: viewer: viewer needs a name and its hand (valid: viewer NAME CARD CARD ... (the seat and its hand as dealt; viewer NAME - for none))\n',
    "c-no-public": 'error: {path}:1: public: no public line: the public evidence laid out at setup (valid: public CARD CARD ... (the public evidence at setup; public - for none))\n',
    "c-public-empty": 'error: {path}:2: public: public needs the cards laid out at setup (valid: public CARD CARD ... (the public evidence at setup; public - for none))\n',
    "c-unknown-word-close": "error: {path}:4: unknown word 'dedcue'; did you mean 'deduce'? (valid: deduce, suggest, accuse, reveal, peek, show; header: viewer, public, fake, sizes, variant, suspects, weapons, scenes)\n",
    "c-unknown-word": "error: {path}:4: unknown word 'xyzzy' (valid: deduce, suggest, accuse, reveal, peek, show; header: viewer, public, fake, sizes, variant, suspects, weapons, scenes)\n",
    "c-unknown-word-header": "error: {path}:2: unknown word 'xyzzy' (valid: deduce, suggest, accuse, reveal, peek, show; header: viewer, public, fake, sizes, variant, suspects, weapons, scenes)\n",
    "c-player-first": "error: {path}:4: a line starts with what happened, not with a player: 'deduce bea s3 w6 r6 cid'? (valid: deduce, suggest, accuse, reveal, peek, show; header: viewer, public, fake, sizes, variant, suspects, weapons, scenes)\n",
    "c-header-after-events": "error: {path}:5: fake: the 'fake' line comes after the events (valid: header lines before the first event (line 4))\n",
    "c-second-header": "error: {path}:4: viewer: a second 'viewer' line (the first is line 2) (valid: one 'viewer' line)\n",
    "c-reserved-player": "error: {path}:1: players: player name '-' is a word of the compact notation (valid: another name, or write the record in TOML)\n",
    "c-after-fake": "error: {path}:4: fake: unexpected 'now' after fake (valid: fake (alone: the advanced rule))\n",
    "c-variant-words": 'error: {path}:4: variant: variant takes one word (valid: variant clue (or base))\n',
    "c-none-among-cards": "error: {path}:2: public: '-' among cards (valid: public CARD CARD ... (the public evidence at setup; public - for none))\n",
    'c-sizes-unreadable': "error: {path}:4: sizes aki7: cannot read 'aki7' (valid: sizes NAME=N NAME=N ... (every player's hand size, e.g. sizes aki=7 bea=6 cid=6))\n",
    'c-size-twice': "error: {path}:4: sizes aki: aki's hand size is given twice (valid: one size per player)\n",
    'c-deck-empty': "error: {path}:4: suspects: suspects needs the deck's card ids (valid: suspects ID ID ... (the deck's suspects; ids a-z, 0-9, '-', '_'))\n",
    'c-reserved-card': "error: {path}:4: suspects: card id 'y' is a word of the compact notation (valid: another id, or write the record in TOML)\n",
    'c-arity': 'error: {path}:4: reveal needs 2 words after it, got 1 (valid: reveal NAME CARD [bluff=y|bluff=n] (NAME: whose hand the card left))\n',
    'c-unexpected': "error: {path}:4: unexpected 's4' (valid: peek NAME CARD (the viewer saw CARD in NAME's hand))\n",
    'c-bluff-word': "error: {path}:4: bluff: cannot read 'bluff=maybe' (valid: bluff=y (the reveal closes a bluff) or bluff=n (it does not); or nothing)\n",
    'c-accuse-word': "error: {path}:5: correct: cannot read 'maybe' (valid: correct (the envelope held it) or wrong)\n",
    'c-deduction-short': 'error: {path}:4: a deduction needs who deduced and three cards (valid: deduce NAME SUSPECT WEAPON SCENE ANSWERS [solved|wrong]; ANSWERS: NAME (raised), NAME=CARD (raised and showed you CARD), NAME=n (did not raise), or - (nobody))\n',
    'c-raised-missing': 'error: {path}:4: answers: who raised? the answers are missing (valid: NAME (raised), NAME=CARD (raised and showed you CARD), NAME=n (did not raise), or - (nobody))\n',
    'c-refuted-missing': 'error: {path}:5: answers: who refuted? the answers are missing (valid: NAME=n for each player who passed, then the refuter: NAME or NAME=CARD; or only NAME=n (nobody refuted))\n',
    'c-answer-unreadable': "error: {path}:4: answers: cannot read '=w6' (valid: NAME (raised), NAME=CARD (raised and showed you CARD), NAME=n (did not raise), or - (nobody))\n",
    'c-answers-twice': 'error: {path}:4: answers: bea answers twice (valid: one answer per player)\n',
    'c-refuters': 'error: {path}:5: answers: 2 refuters (bea, cid): the first refuter ends the asking (valid: NAME=n for each player who passed, then the refuter: NAME or NAME=CARD; or only NAME=n (nobody refuted))\n',
    'c-public-count': 'error: {path}:3: public: 2 public cards, but the setup table lays out 6 for 3 players (valid: 6 cards (with your own suspects, weapons and scenes lines, any number))\n',
    "c-public-twice": 'error: {path}:3: public: a public card is listed twice (valid: distinct cards)\n',
    'c-hand-size': 'error: {path}:2: viewer: aki was dealt 6 cards, the hand lists 3 (valid: 6 cards)\n',
    'c-hand-twice': 'error: {path}:2: viewer: a card is listed twice in the hand (valid: distinct cards)\n',
    'c-hand-and-public': 'error: {path}:2: viewer: w3 is both in the hand and public (a card in two places) (valid: cards that are not public)\n',
    "c-unknown-card": "error: {path}:2: public: unknown card 'zz' (valid: suspects s1…s9; weapons w1…w9; scenes r1…r9)\n",
    'c-fake-not-in-play': 'error: {path}:2: public: the fake evidence card is only in play with the advanced rule (valid: add the fake line, or name an evidence card)\n',
    'c-uneven-deal': 'error: {path}:1: sizes: uneven deal: add a sizes line (19 cards in the hands, 3 players) (valid: sizes aki=7 bea=6 cid=6)\n',
    "c-fake-public": 'error: {path}:2: public: the fake is dealt into a hand, never laid out public (valid: evidence cards)\n',
    'c-peek-self': 'error: {path}:4: player: aki is the viewer, who knows its own hand (valid: another player)\n',
    'c-peek-public': "error: {path}:4: card: w3 is public, not in bea's hand (valid: a card that is not public)\n",
    'c-peek-own': "error: {path}:4: card: s1 is in aki's hand (a card in two places) (valid: a card the viewer does not hold)\n",
    'c-spectator-peek': "error: {path}:3: a spectator sees no hand: peek is the viewer's own sight (valid: reveal, show, deduce)\n",
    'c-show-self': 'error: {path}:4: to: bea cannot show a card to itself (valid: another player)\n',
    'c-show-to-viewer': 'error: {path}:4: to: aki saw the card: write it as a peek (valid: peek bea CARD)\n',
    'c-among-public': 'error: {path}:4: among: every card in among is public: the shown card cannot be one of them (valid: cards that are still in hands)\n',
    'c-among-not-held': 'error: {path}:4: among: aki holds none of these cards (valid: r1, r2, s1, s2, w1, w2)\n',
    'c-already-public': 'error: {path}:4: card: w3 is already public (valid: a card still in a hand)\n',
    'c-not-held': 'error: {path}:4: card: aki does not hold s3 (valid: r1, r2, s1, s2, w1, w2)\n',
    'c-in-viewer-hand': "error: {path}:4: from: s1 is in aki's hand, not bea's (a card in two places) (valid: aki)\n",
    'c-must-raise': 'error: {path}:4: answers: aki holds s1 and must raise (valid: include aki)\n',
    'c-raise-without-card': 'error: {path}:4: answers: aki holds none of the named cards; raising without one is a bluff with the fake, written as a reveal of the fake right after (valid: a following reveal of fake)\n',
    'c-shown-to-deducer': 'error: {path}:4: answers: only the deducer sees the shown cards; the record is written by aki (valid: omit shown)\n',
    'c-show-named-only': 'error: {path}:4: answers: bea can only show a named card, not w7 (valid: s3, w6, r6)\n',
    'c-shown-elsewhere': 'error: {path}:4: answers: w3 is public, bea cannot show it (a card in two places) (valid: a named card bea may hold)\n',
    'c-outcome-raised': 'error: {path}:4: outcome: an outcome is written only when nobody raised (valid: omit outcome)\n',
    'c-solved-seen': 'error: {path}:4: outcome: w3 cannot be in the case file (a card in two places) (valid: wrong)\n',
    'c-own-deduction': 'error: {path}:4: answers: aki deduced and cannot raise or pass on its own deduction (valid: the other players)\n',
    'c-named-one-each': 'error: {path}:4: cards named: a deduction names one suspect, one weapon and one scene (valid: SUSPECT WEAPON SCENE, e.g. s1 w1 r1)\n',
    'c-game-over': 'error: {path}:5: the game ended with the solved deduction at event 1: no event can follow (valid: a record that ends at event 1)\n',
    'c-clue-kind': 'error: {path}:4: accuse is a classic Clue event (variant clue); this record plays Memory Detective (valid: deduce, reveal, peek, show)\n',
    'c-clue-order': 'error: {path}:5: answers: the answers NAME=n must list the players asked before cid, clockwise from aki (valid: bea=n)\n',
    'c-accuser-out': 'error: {path}:6: who: bea accused wrongly at event 1 and makes no more suggestions or accusations (it still refutes when asked) (valid: aki, cid)\n',
    'c-inconsistent': 'error: {path}: no deal fits these 2 record lines together (each is legal alone; at least one was written wrongly) (valid: a record in which some deal satisfies every event)\n  {path}:4: peek bea s3\n  {path}:5: peek cid s3\n',
    "t-missing-hand": 'error: {path}:3: hand: missing hand: aki knows its own cards (valid: hand = ["s1", "w2", ...], the cards dealt to the viewer)\n',
    "t-spectator-hand": 'error: {path}:3: hand: a spectator has no hand (valid: omit hand, or name the viewer)\n',
    "t-missing-public": 'error: {path}:2: public: missing public: the public evidence laid out at setup (valid: public = ["w2", "s9", ...] (or [] if none))\n',
    "t-public-not-list": 'error: {path}:5: public: public must be a list of cards, not \'w3\' (valid: ["s1", "w2", ...])\n',
    "t-fake-bool": "error: {path}:6: fake: fake must be true or false, not 'yes' (valid: true (the advanced rule) / false)\n",
    "t-unknown-variant": 'error: {path}:6: variant: unknown variant \'clu\'; did you mean \'clue\'? (valid: "clue" (classic Clue), or "base" / "detective" (the default))\n',
    "t-events-not-tables": 'error: {path}:6: event: events must be [[event]] tables (valid: [[event]] with kind = ...)\n',
    "t-cards-not-table": 'error: {path}:6: cards: cards must be a table (valid: [cards] with suspects, weapons and scenes)\n',
    "t-cards-fields": 'error: {path}:11: cards.extra: unknown field \'extra\' (valid: suspects, weapons, scenes)\nerror: {path}:8: cards.suspects: \'fake\' is the fake evidence card\'s id (valid: another id (fake = true adds it))\nerror: {path}:9: cards.weapons: weapons must be a non-empty list of card ids (valid: weapons = ["a", "b", ...] (at least one))\nerror: {path}:10: cards.scenes: card id \'c\' is used twice (valid: ids distinct across the whole deck)\nerror: {path}:10: cards.scenes: card id \'D!\' is not allowed (valid: an id of letters, digits, \'-\' and \'_\', or the name printed on the card ("Lead Pipe" is lead-pipe))\n',
    "t-public-too-many": "error: {path}:4: hand: unknown card 's1' (valid: suspects a, b; weapons c, d; scenes w3…r5)\nerror: {path}:4: hand: unknown card 's2' (valid: suspects a, b; weapons c, d; scenes w3…r5)\nerror: {path}:4: hand: unknown card 'w1' (valid: suspects a, b; weapons c, d; scenes w3…r5)\nerror: {path}:4: hand: unknown card 'w2' (valid: suspects a, b; weapons c, d; scenes w3…r5)\nerror: {path}:4: hand: unknown card 'r1' (valid: suspects a, b; weapons c, d; scenes w3…r5)\nerror: {path}:4: hand: unknown card 'r2' (valid: suspects a, b; weapons c, d; scenes w3…r5)\nerror: {path}:2: hand_sizes: uneven deal: give hand_sizes (1 card in the hands, 3 players) (valid: hand_sizes = { aki = 1, bea = 0, cid = 0 })\n",
    "t-sizes-not-table": 'error: {path}:6: hand_sizes: hand_sizes must be a table, not 3 (valid: { name = cards, ... } for every player)\n',
    "t-sizes-bad": 'error: {path}:6: hand_sizes.aki: a hand size is a whole number of cards, not -1 (valid: 0, 1, 2, ...)\nerror: {path}:6: hand_sizes: no hand size for cid (valid: one size for every player)\n',
    "t-sizes-sum": 'error: {path}:7: hand_sizes: hand sizes add up to 18, but 19 cards are dealt (27 cards - 3 in the case file - 6 public + the fake) (valid: sizes adding up to 19)\n',
    "t-sizes-uneven": 'error: {path}:6: hand_sizes: hands are dealt evenly: sizes differ by at most 1 (valid: sizes adding up to 18, differing by at most 1)\n',
    "t-event-not-table": 'error: {path}:6: event[1]: an event must be a table (valid: [[event]] with kind = ...)\n',
    "t-unknown-kind": "error: {path}:8: event[1].kind: unknown event kind 'dedcue' (valid: deduce, reveal, peek, show)\n",
    "t-missing-kind": 'error: {path}:7: event[1].kind: missing kind (valid: deduce, reveal, peek, show)\n',
    "t-unknown-event-field": 'error: {path}:12: event[1].colour: unknown field \'colour\' for a deduce event (valid: kind, by, named, raised, shown, outcome)\nerror: {path}:15: event[2].kind: accuse is a classic Clue event (variant = "clue"); this record plays Memory Detective (valid: deduce, reveal, peek, show)\n',
    "t-unknown-event-field-an": "error: {path}:13: event[1].colour: unknown field 'colour' for an accuse event (valid: kind, by, named, correct)\n",
    "t-raised-in-clue": 'error: {path}:12: event[1].raised: in the clue variant a suggestion has refuted_by and passed, not raised (valid: refuted_by = "name" (the first to show a card), passed = [...] (asked before it))\n',
    "t-clue-field": 'error: {path}:12: event[1].passed: passed belongs to the clue variant; this deduction lists raised (valid: raised = [...] (every player who raised), or variant = "clue")\n',
    "t-bluff": 'error: {path}:11: event[1].bluff: bluff is true or false (valid: true, false, or omit it)\nerror: {path}:17: event[2].bluff: only a reveal of the fake can close a bluff (valid: omit bluff)\n',
    "t-among-empty": 'error: {path}:11: event[1].among: among lists at least one card (valid: omit among if the cards are unknown)\n',
    "t-among-not-list": 'error: {path}:11: event[1].among: among must be a list of cards, not \'s3\' (valid: ["s1", "w2", ...])\n',
    "t-outcome": 'error: {path}:12: event[1].outcome: outcome \'maybe\' (valid: "solved" or "wrong" (only when nobody raised))\n',
    "t-correct": "error: {path}:12: event[1].correct: correct must be true or false, not 'no' (valid: true (the envelope held it: the game ends) / false (the accuser is out))\nerror: {path}:14: event[2].correct: missing correct (valid: true (the envelope held it: the game ends) / false (the accuser is out))\n",
    "t-missing-named": 'error: {path}:7: event[1].named: missing named (valid: ["s1", "w1", "r1"] (suspect, weapon, scene))\n',
    "t-named-count": 'error: {path}:10: event[1].named: a deduction names exactly 3 cards, not 2 (valid: ["s1", "w1", "r1"] (suspect, weapon, scene))\n',
    "t-shown-not-table": 'error: {path}:12: event[1].shown: shown must be a table, not 3 (valid: { name = "card", ... })\n',
    "t-players-not-list": 'error: {path}:11: event[1].raised: a list of players is needed, not \'bea\' (valid: ["aki", "bea"] or [])\n',
    "t-missing-player": 'error: {path}:7: event[1].by: missing player (valid: aki, bea, cid)\n',
    "t-shown-not-raised": 'error: {path}:12: event[1].shown: cid did not raise and showed nothing (valid: bea)\n',
    "t-spectator-shown": 'error: {path}:10: event[1].shown: only the deducer sees the shown cards; the record is written by a spectator (valid: omit shown)\n',
    "t-passed-outside-clue": 'error: {path}:13: event[1].passed: passed must list the players asked before cid, clockwise from aki (valid: ["bea"])\n',
    "t-not-a-player": 'error: {path}:11: event[1].raised: a player is listed twice (valid: distinct names)\n',
    "t-accusation-wrong": "error: {path}:12: event[1].correct: s1 is in aki's hand, so it is not in the envelope: this accusation was wrong (valid: false)\n",
    "t-all-named-public": 'error: {path}:16: event[2].raised: every named card is public: bea cannot hold one (valid: a raise only by a holder of a named card, or a bluff with the fake)\n',
    'c-game-over-accused': "error: {path}:6: the game ended with bea's correct accusation at event 1: no event can follow (valid: a record that ends at event 1)\n",
    'c-game-over-all-out': 'error: {path}:8: every player has accused wrongly (the last at event 3): the game ended: no event can follow (valid: a record that ends at event 3)\n',
    'c-fake-shown': 'error: {path}:6: answers: bea showed the fake: the next event must be a reveal of fake from bea (valid: reveal=n fake=n bea=n)\n',
    "t-game-over-setup": "error: {path}:11: event[1].kind: every player's evidence is public at setup: the game ended (everyone lost): no event can follow (valid: a record without events)\n",
    "t-game-over-all-public": "error: {path}:17: event[2].kind: every player's evidence is public after event 1: the game ended (everyone lost): no event can follow (valid: a record that ends at event 1)\n",
    "x-not-of-category": "error: {path}: FACT: w6 is not a suspect (valid: s1, s2, s3, s4, s5, s6, s7, s8, s9)\n",
    "x-unknown-subject": "error: {path}: FACT: unknown subject 'holdr:w6'; did you mean 'holder:w6'? (valid: holder:CARD=PLACE (a player, case or public), case:suspect|weapon|scene=CARD)\n",
    "x-advise-spectator": "error: a spectator does not deduce: advice is for a seat (valid: a record with viewer = NAME)\n",
}


# -- the helper: English left in a message -----------------------------------------------------
LITERAL = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")  # quoted or backticked: written as typed
IDS = re.compile(r"\b(?:aki|bea|cid|fake|[swr][1-9])\b")  # the records' player names and card ids
ENGLISH_RUN = re.compile(r"\b[a-z]+(?: [a-z]+){2}\b")  # three lower-case words in a row: a sentence
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana or kanji


def english_left(message: str, path: str) -> list[str]:
    """The runs of English words in ``message`` once the file path, literals, card ids and
    player names are taken out (notation keywords are single words between Japanese)."""
    text = LITERAL.sub(" ", message.replace(path, " "))
    text = re.sub(r"[ \t]+", " ", IDS.sub(" ", text))
    return ENGLISH_RUN.findall(text)


def test_the_helper_finds_english_in_a_japanese_frame() -> None:
    """The message before the catalogue (English in the Japanese frame): the helper catches it."""
    before = ("エラー: /tmp/bad3.txt:2: hand: viewer aki needs its hand as dealt (有効な値: viewer NAME CARD CARD ... "
              "(the seat and its hand as dealt; viewer NAME - for none))")
    assert english_left(before, "/tmp/bad3.txt")
    assert not english_left("エラー: /tmp/bad3.txt:2: hand: viewer aki には配られた手札が必要です", "/tmp/bad3.txt")


# -- the catalogue --------------------------------------------------------------------------------
def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


@pytest.mark.parametrize("key", sorted(ERRORS))
def test_every_sentence_has_both_languages_with_the_same_fields(key: str) -> None:
    en, ja = ERRORS[key]
    assert en.strip() and ja.strip() and en != ja
    assert fields(en) == fields(ja), key
    assert "key" not in fields(en), "'key' is Text's own argument: name the field otherwise"
    dummy = {name: Count(2) for name in fields(en)}  # a count may carry its nouns: {n:card/cards}
    en.format(**dummy)  # no stray brace
    ja.format(**dummy)


# -- the records, in both languages ------------------------------------------------------------
def run(tmp_path: Path, name: str, lang: str) -> tuple[int, str, str, str]:
    """Exit code, stdout, stderr of the command for record ``name``; and the record's path."""
    suffix, text = RECORDS[name]
    path = tmp_path / f"{name}.{suffix}"
    path.write_text(text, encoding="utf-8")
    args = [a.replace("{path}", str(path)) for a in ARGS.get(name, ("check", "{path}"))]
    result = CliRunner().invoke(main, [*args, "--lang", lang])
    assert "Traceback" not in result.output + result.stderr
    return result.exit_code, result.stdout, result.stderr, str(path)


@pytest.mark.sweep  # one case per message family: make test-fast runs a tenth
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_malformed_record_is_reported_in_japanese(tmp_path: Path, name: str) -> None:
    code, out, err, path = run(tmp_path, name, "ja")
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("エラー: "), err
    for line in err.splitlines():
        assert line.startswith(("エラー: ", "  ")), line  # a message, or a line in conflict
        assert not english_left(line, path), line
        if line.startswith("エラー: "):  # a short message too ("unknown word 'x'") is translated
            said = line.removeprefix("エラー: ").replace(path, "").split(" (有効な値: ")[0]
            assert JAPANESE.search(said), line


@pytest.mark.sweep
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_malformed_record_is_reported_in_english_as_before(tmp_path: Path, name: str) -> None:
    code, out, err, path = run(tmp_path, name, "en")
    assert code == 2 and out == "", (code, out, err)
    assert err == ENGLISH[name].replace("{path}", path)


def test_every_record_has_its_english() -> None:
    assert set(ENGLISH) == set(RECORDS)


def test_a_record_the_compact_notation_cannot_write_is_refused_in_both_languages() -> None:
    """``convert --to compact`` has no ``--lang``: the refusal is checked on the error itself."""
    record = loads('game = "detective"\nplayers = ["aki", "solved", "cid"]\npublic = ["w3", "w4", "w5", "r3", "r4", "r5"]\n',
                   "res.toml")
    with pytest.raises(SuiriError) as caught:
        to_compact(record)
    assert caught.value.render("en") == ("res.toml: player name 'solved' is a word of the notation: the compact notation "
                                         "cannot write it (valid: TOML (suiri convert --to toml))")
    ja = caught.value.render("ja")
    assert ja.startswith("res.toml: プレイヤー名 'solved' は記法の語です") and not english_left(ja, "res.toml"), ja
