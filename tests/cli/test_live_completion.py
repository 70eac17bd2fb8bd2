"""Tab completion in ``suiri live`` (issue 19, item 10): every word of a line, in its context.

In process: for simulated records of every game, size and variant, each word of each
event line, as the game's own writer spells it, is offered at its place, and the
words offered before it narrow to it as it is typed; ``explain`` / ``known`` offer the
facts of the current analysis (each of which reads back); command words come first.
Through a pseudo-terminal: a word's first letters and Tab put the whole word on the
screen and in the record.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from suiri.cli.completion import complete
from suiri.cli.live import WORDS
from suiri.cli.views import view
from suiri.models import GAMES, example_records, game, open_session
from suiri.models.live import LiveRecord, setup_length

SUIRI = str(Path(sys.executable).with_name("suiri"))
REFERENCE = {"canary": "canary-3p", "detective": "detective-3p", "werewolf": "werewolf-4p"}


def head_of(name: str, lines: list[str]) -> int:
    """The setup lines and the ``viewer`` lines after them.  ``setup_length`` looks from the
    end of the first few lines (more if the setup reaches their end), not of the whole
    record: the test replays every longer prefix itself, line by line (``live.add``), and
    fails if one is not a record, so the setup found is the same (66 records compared)."""
    window = 8
    while (head := setup_length(game(name), lines[:window])) == window and window < len(lines):
        window *= 2
    while head < len(lines) and lines[head].split()[0] == "viewer":
        head += 1
    return head


def cases() -> list[Any]:
    """(game, players, variant, seed): one per game runs always, the rest in the full suite."""
    out = []
    for name in GAMES:
        facts = game(name).facts
        for players in facts.players:
            for variant in facts.variants:
                for seed in (1, 2):
                    quick = players == 3 and variant == facts.variants[0] and seed == 1
                    out.append(pytest.param(name, players, variant, seed, marks=[] if quick else [pytest.mark.slow],
                                            id=f"{name}-{players}-{variant}-{seed}"))
    return out


@pytest.mark.parametrize(("name", "players", "variant", "seed"), cases())
def test_every_word_of_every_line_is_offered_in_its_place(name: str, players: int, variant: str, seed: int,
                                                          tmp_path: Path) -> None:
    chosen = game(name)
    seat = chosen.simulate(players, seed, 1, None, variant).players[seed % players]
    lines = chosen.write(chosen.simulate(players, seed, 40, seat, variant), "compact").splitlines()
    head = head_of(name, lines)
    live = LiveRecord.start(tmp_path / "game.txt", name, lines[:head])
    for line in lines[head:]:
        words = line.split()
        for i, word in enumerate(words):
            before = " ".join(words[:i]) + (" " if i else "")
            typed, offered = complete(live, view(live.game.facts.name).events, before, WORDS)
            assert typed == "" and word in offered, (line, i, offered)
            if word == ";":  # Memory Detective: what follows `;` is a new event
                continue
            typed, narrowed = complete(live, view(live.game.facts.name).events, before + word[:1], WORDS)
            assert typed == word[:1] and word in narrowed and set(narrowed) <= set(offered)
            assert all(w.lower().startswith(word[:1].lower()) for w in narrowed)
        live.add(line)


@pytest.mark.parametrize("name", list(GAMES))
def test_explain_and_known_offer_the_facts_of_the_analysis(name: str, tmp_path: Path) -> None:
    chosen, session = open_session(example_records()[REFERENCE[name]])
    lines = chosen.write(session.record, "compact").splitlines()
    live = LiveRecord.start(tmp_path / "game.txt", name, lines)
    analysis = live.position.analysis
    reasoner = chosen.reasoner(live.position.session)
    for command in ("explain ", "known ", "説明 ", "分かった "):
        _, offered = complete(live, view(live.game.facts.name).events, command, WORDS)
        assert offered[: len(analysis.certain)] == [str(f) for f in analysis.certain]  # the certain ones first
        assert {str(f) for f in analysis.chances()} <= set(offered)
        for text in offered[:: max(1, len(offered) // 25)]:
            assert str(reasoner.parse_fact(text)) == text
        subject = str(analysis.certain[0]).split("=")[0].rstrip("!")
        _, narrowed = complete(live, view(live.game.facts.name).events, command + subject[:3], WORDS)
        assert narrowed and all(w.startswith(subject[:3]) for w in narrowed)


@pytest.mark.parametrize("name", list(GAMES))
def test_commands_and_their_arguments(name: str, tmp_path: Path) -> None:
    chosen, session = open_session(example_records()[REFERENCE[name]])
    live = LiveRecord.start(tmp_path / "game.txt", name, chosen.write(session.record, "compact").splitlines())
    _, first = complete(live, view(live.game.facts.name).events, "", WORDS)
    assert set(WORDS) <= set(first)
    assert complete(live, view(live.game.facts.name).events, "ex", WORDS)[1] == ["explain", "exit"]
    assert complete(live, view(live.game.facts.name).events, "ヒ", WORDS)[1] == ["ヒント"]
    assert complete(live, view(live.game.facts.name).events, "hint ", WORDS)[1] == ["1", "2", "3", "4"]
    assert complete(live, view(live.game.facts.name).events, "undo ", WORDS)[1] == []
    assert not {"undo", "explain", "hint", "戻す"} & set(complete(live, view(live.game.facts.name).events, "> ", WORDS)[1])  # `>`: an event
    if name != "detective":  # a Canary or Werewolf turn starts with the player (a living one)
        players = live.position.session.replay.living if name == "werewolf" else session.record.players
        assert set(players) <= set(first)


@pytest.mark.parametrize("name", list(GAMES))
def test_any_text_completes_without_error(name: str, tmp_path: Path) -> None:
    """Whatever is on the line (words of the game in any order, garbage), Tab answers."""
    import random

    chosen, session = open_session(example_records()[REFERENCE[name]])
    lines = chosen.write(session.record, "compact").splitlines()
    live = LiveRecord.start(tmp_path / "game.txt", name, lines)
    words = [*chosen.vocabulary(session.record), *WORDS, ">", ";", "；", "=", "!", "drew", "search", "raised", "-",
             "out", "shows", "peek", "flip", "1", "99", "", "ｘ", "\"", "'", "goal=", "hand:", "discard:aki:"]
    rng = random.Random(10)
    for _ in range(400):
        text = " ".join(rng.choices(words, k=rng.randrange(0, 9))) + rng.choice(["", " ", "  "])
        typed, offered = complete(live, view(live.game.facts.name).events, text, WORDS)
        assert text.endswith(typed) and all(w.lower().startswith(typed.lower()) for w in offered)
    for line in lines:
        for cut in range(len(line) + 1):
            complete(live, view(live.game.facts.name).events, line[:cut], WORDS)


def test_the_words_come_from_the_game(tmp_path: Path) -> None:
    """Squares from the board, cards from the deck (ids and Japanese names), answers from
    the notation: nothing else."""
    from suiri.models.canary.notation import ANSWERS, CHECKS

    chosen, session = open_session(example_records()["canary-3p"])
    live = LiveRecord.start(tmp_path / "game.txt", "canary", chosen.write(session.record, "compact").splitlines())
    board, deck = session.record.variant.board, session.record.variant.deck
    assert complete(live, view(live.game.facts.name).events, "aki ", WORDS)[1] == [board.name(sq) for sq in range(board.size)]
    assert set(complete(live, view(live.game.facts.name).events, "aki b1 ", WORDS)[1]) == {*CHECKS, "!"}
    assert set(complete(live, view(live.game.facts.name).events, "aki b1 h ", WORDS)[1]) == {w for k in deck.kinds for w in (k.id, k.name_ja)}
    assert complete(live, view(live.game.facts.name).events, "aki b1 ! crater-cave bea=y c", WORDS)[1] == [f"cid={a}" for a in ANSWERS]


def test_detective_after_a_semicolon_a_new_event_starts(tmp_path: Path) -> None:
    from suiri.models.detective.record import KINDS

    chosen, session = open_session(example_records()["detective-3p"])
    live = LiveRecord.start(tmp_path / "g.txt", "detective", chosen.write(session.record, "compact").splitlines())
    # the base game's words only: suggest and accuse are classic Clue's (the record would refuse them)
    assert complete(live, view(live.game.facts.name).events, "deduce cid s8 w2 r6 aki bea ; ", WORDS)[1] == list(KINDS)
    assert complete(live, view(live.game.facts.name).events, "deduce cid s8 w2 r6 aki bea ; reveal ", WORDS)[1] == list(session.record.players)


# ---- through a real pseudo-terminal -------------------------------------------------------
pexpect = pytest.importorskip("pexpect")


def spawn(path: Path, *args: str) -> Any:
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", SUIRI_NO_HISTORY="1")
    return pexpect.spawn(SUIRI, ["live", str(path), *args], env=env, encoding="utf-8", timeout=60,
                         dimensions=(50, 140))


def unique_prefix(live: LiveRecord, words: list[str], i: int) -> str | None:
    """The shortest beginning of ``words[i]`` whose only completion is the word."""
    before = " ".join(words[:i]) + (" " if i else "")
    for k in range(1, len(words[i])):
        if complete(live, view(live.game.facts.name).events, before + words[i][:k], WORDS)[1] == [words[i]]:
            return words[i][:k]
    return None


@pytest.mark.parametrize("name", list(GAMES))
def test_tab_completes_a_word_through_a_terminal(name: str, tmp_path: Path) -> None:
    chosen, session = open_session(example_records()[REFERENCE[name]])
    lines = chosen.write(session.record, "compact").splitlines()
    path = tmp_path / "game.txt"
    live = LiveRecord.start(path, name, lines[:-1])
    words = lines[-1].split()
    i = max(i for i in range(1, len(words)) if unique_prefix(live, words, i) is not None)
    prefix = unique_prefix(live, words, i)
    assert prefix is not None
    child = spawn(path)
    child.expect(f"{name}>")
    child.send(" ".join(words[:i]) + " " + prefix)
    child.send("\t")
    child.expect(re.escape(words[i][len(prefix):]))  # the rest of the word appears
    child.sendline(" ".join(["", *words[i + 1:]]) if i + 1 < len(words) else "")
    child.expect("✓")
    child.expect(f"{name}>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert path.read_text(encoding="utf-8").splitlines() == lines
