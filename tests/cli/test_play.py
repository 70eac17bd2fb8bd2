"""``suiri play`` through a real pseudo-terminal (issue 21): a scripted person plays a
whole game of each kind against random bots, in English and in Japanese, with
``--coach``; at its decisions it types a bad input (said, nothing lost), ``hint``,
``undo`` (back to the start of its move, or nothing to take back), leaves in the middle
(``終了`` in Japanese; Ctrl-C halfway through a line in English), resumes with
``--resume`` and plays to the end (in Japanese, one choice typed as its Japanese
sentence), where the review is printed and the seat's record is written.

The person's choices are planned in process (``plan``) on the same deal with the same
bots ``suiri play`` seats (``seated``): it walks Canary's board and declares on the
goal, names a triple and then the case file in Memory Detective, and takes the first
option in Werewolf, so each game ends in a few of its moves.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from suiri.cli.play import new_game, read_saved, record_path, seated
from suiri.cli.play_options import named
from suiri.models import game
from suiri.models.bots import play_game

pexpect = pytest.importorskip("pexpect")

SUIRI = str(Path(sys.executable).with_name("suiri"))
PROMPT = "aki>"
SEEDS = {"canary": 1, "detective": 1, "werewolf": 6}  # games that end in a few of the person's moves
SAID = {
    "en": {"bad": "not an option", "undone": "back to the start of your move", "nothing": "nothing to take back",
           "left": "--resume", "review": "Review from aki's seat", "coach": "coach:", "hint": "hint",
           "undo": "undo"},
    "ja": {"bad": "選択肢にありません", "undone": "この手番の最初に戻りました", "nothing": "取り消せるものがありません",
           "left": "--resume", "review": "aki の席からの振り返り", "coach": "コーチ：", "hint": "ヒント",
           "quit": "終了", "undo": "戻す"},
}


def plan(name: str, seed: int) -> tuple[list[tuple[str, bool]], list[str]]:
    """The person's choices (the words to type) and whether each goes on with the move of
    the one before; and each choice's Japanese sentence."""
    saved = new_game(name, None, 1, "random", seed, None)
    played = game(name)
    seating: Any = played.seating(saved.players, saved.seed, saved.variant)
    me, _, bots = seated(played, saved, seating.players)
    out: list[tuple[str, bool]] = []
    said: list[str] = []
    last: list[str | None] = [None]
    turns = [0]

    class Scripted:
        def choose(self, decision: Any) -> Any:
            turns[0] += last[0] != me
            keys = [o.key for o in named(name, decision)]
            pick = 0
            if name == "canary" and "declare" in keys:
                pick = keys.index("declare" if decision.at in seating.state.deal.goal_squares() else "check")
            elif name == "detective" and keys[0].startswith("deduce") and turns[0] >= 2:
                case = {c.id for c in seating.state.deal.case}
                pick = next(i for i, k in enumerate(keys) if set(k.split()[1:]) == case)
            words = named(name, decision)[pick]
            out.append((words.key, last[0] == me))
            said.append(words.ja)
            return decision.options[pick]

    def watch(decision: Any, choice: object) -> None:
        last[0] = decision.seat

    outcome = play_game(seating, {**bots, me: Scripted()}, watch=watch)
    assert outcome.ending == "over" and me in outcome.winners  # the plan wins: the review says it acted
    return out, said


def spawn(*args: str) -> Any:
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", SUIRI_NO_HISTORY="1")
    return pexpect.spawn(SUIRI, ["play", *args], env=env, encoding="utf-8", timeout=60, dimensions=(60, 160))


def typed(child: Any, line: str, *expect: str) -> int:
    """Type one line as a person would and wait for one of ``expect`` (what it prints
    after the line, not the prompt, which the terminal redraws as keys are typed) and
    then for the next prompt; which one came."""
    child.sendline(line)
    came = int(child.expect(list(expect)))
    child.expect(PROMPT)
    return came


QUICK = {("canary", "en"), ("werewolf", "ja")}  # the default run; the four others with --full (make test)


@pytest.mark.parametrize(("name", "lang"), [pytest.param(n, lang, marks=[] if (n, lang) in QUICK else [pytest.mark.slow])
                                            for n in SEEDS for lang in ("en", "ja")])
def test_a_whole_game_against_bots_through_a_terminal(name: str, lang: str, tmp_path: Path) -> None:
    said = SAID[lang]
    choices, japanese = plan(name, SEEDS[name])
    half = len(choices) // 2
    if choices[half][1]:  # leave between two moves, not inside one
        half += 1
    save = tmp_path / "game.toml"
    child = spawn(name, "--seed", str(SEEDS[name]), "--bots", "random", "--coach", "--save", str(save),
                  "--lang", lang)
    child.logfile_read = shown = io.StringIO()
    child.expect(PROMPT)
    typed(child, "no such thing", said["bad"])
    assert read_saved(str(save)).choices == []  # nothing lost, nothing made
    child.sendline(said["hint"])
    typed(child, "still not an option", said["bad"])  # the hint was answered and the session goes on
    undone = False
    for i, (key, goes_on) in enumerate(choices[:half]):
        if i == 1:
            came = typed(child, said["undo"], said["undone"], said["nothing"])
            assert came == (0 if goes_on else 1)
            if goes_on:  # back to the start of the move: its first choice again
                typed(child, choices[0][0], "→")
                undone = True
        typed(child, key, "→")
    if lang == "en":  # Ctrl-C in the middle of a line leaves too, the game saved
        child.send(choices[half][0][:2])
        child.sendintr()
    else:
        child.sendline(said["quit"])
    child.expect(pexpect.EOF)
    assert said["left"] in child.before
    assert said["coach"] in shown.getvalue()  # advice before a choice of more than one option
    assert len(read_saved(str(save)).choices) == half
    assert undone == choices[1][1]

    child = spawn("--resume", str(save), "--lang", lang)
    child.expect(PROMPT)
    for i, (key, _) in enumerate(choices[half:-1]):  # in Japanese, the first one by its sentence
        typed(child, japanese[half] if lang == "ja" and i == 0 else key, "→")
    child.sendline(choices[-1][0])
    child.expect(said["review"])
    child.expect(pexpect.EOF)
    review = child.before
    assert "aki" in review and ("bits" in review or "ビット" in review)
    record = record_path(save)
    assert record.exists()
    assert len(read_saved(str(save)).choices) == len(choices)
