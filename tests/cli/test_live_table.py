"""A game at the table through ``suiri live`` (issue 19, "Done when"): for each game, a
session driven through a pseudo-terminal as a person types it, with Tab completion on
every line, ``hint``, ``known``, ``explain``, ``undo``, ``save`` and ``quit``, ends with
the record on disk equal to what was typed (and the saved copy too).  Once in English
for each game, and once in Japanese: Japanese command words and Canary's Japanese card
names, completed from their first character.
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
from suiri.models import example_records, game, open_session
from suiri.models.live import LiveRecord, setup_length

pexpect = pytest.importorskip("pexpect")

SUIRI = str(Path(sys.executable).with_name("suiri"))
REFERENCE = {"canary": "canary-3p", "detective": "detective-3p", "werewolf": "werewolf-4p"}
SAID = {  # what each command word is, and what its answer starts with, in each language
    "en": {"hint": "hint", "known": "known", "explain": "explain", "undo": "undo", "save": "save", "quit": "quit",
           "noted": "noted: ", "took": "took back", "saved": "saved to"},
    "ja": {"hint": "ヒント", "known": "分かった", "explain": "説明", "undo": "戻す", "save": "保存", "quit": "終了",
           "noted": "記録: ", "took": "取り消し", "saved": "に保存しました"},
}


def record_lines(name: str, lang: str) -> list[str]:
    """The reference record in the compact notation; in Japanese, Canary's card names too."""
    chosen, session = open_session(example_records()[REFERENCE[name]])
    lines = chosen.write(session.record, "compact").splitlines()
    if lang == "ja" and name == "canary":
        ja = {k.id: k.name_ja for k in session.record.variant.deck.kinds}
        lines = [" ".join(ja.get(w, w) for w in line.split()) for line in lines]
    return lines


def head_of(name: str, lines: list[str]) -> int:
    head = setup_length(game(name), lines)
    while head < len(lines) and lines[head].split()[0] == "viewer":
        head += 1
    return head


class Table:
    """The person at the terminal, and a twin of the record in process that tells which
    first letters of a word Tab completes to the whole word."""

    def __init__(self, name: str, lang: str, folder: Path, setup: list[str]) -> None:
        self.name, self.prompt, self.said = name, f"{name}>", SAID[lang]
        self.path = folder / "game.txt"
        self.path.write_text("\n".join(setup) + "\n", encoding="utf-8")
        self.twin = LiveRecord.start(folder / "twin.txt", name, setup)
        env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", SUIRI_NO_HISTORY="1")
        self.child: Any = pexpect.spawn(SUIRI, ["live", str(self.path), "--lang", lang], env=env, encoding="utf-8",
                                        timeout=120, dimensions=(50, 160))
        self.child.expect(self.prompt)
        self.completed = 0

    def prefix(self, words: list[str], i: int) -> str | None:
        """The shortest beginning of ``words[i]`` that Tab completes to the word alone."""
        before = " ".join(words[:i]) + (" " if i else "")
        for k in range(1, len(words[i])):
            if complete(self.twin, view(self.twin.game.facts.name).events, before + words[i][:k], WORDS)[1] == [words[i]] and \
                    words[i][k:] not in before + words[i][:k]:
                return words[i][:k]
        return None

    def type(self, line: str) -> None:
        """Type a line, its last completable word by its first letters and Tab (the
        rest of the word must appear on the screen)."""
        words = line.split()
        at = [i for i in range(len(words)) if self.prefix(words, i) is not None]
        if not at:
            self.child.sendline(line)
            return
        i = at[-1]
        prefix = self.prefix(words, i)
        assert prefix is not None
        self.child.send(" ".join(words[:i]) + (" " if i else "") + prefix)
        self.child.send("\t")
        self.child.expect(re.escape(words[i][len(prefix):]))
        self.child.sendline("".join(" " + w for w in words[i + 1:]))
        self.completed += 1

    def event(self, line: str) -> None:
        """Type an event and see it accepted."""
        self.type(line)
        self.child.expect("✓")
        self.child.expect(self.prompt)
        self.twin.add(line)

    def command(self, line: str, answer: str = r"\S") -> str:
        self.type(line)
        self.child.expect(answer)
        shown = str(self.child.before + self.child.after)
        self.child.expect(self.prompt)
        shown += str(self.child.before)
        assert "✗" not in shown and "error" not in shown and "エラー" not in shown, shown
        return shown


def play(name: str, lang: str, folder: Path) -> None:
    lines = record_lines(name, lang)
    head = head_of(name, lines)
    table = Table(name, lang, folder, lines[:head])
    said = table.said
    events = lines[head:]
    middle = len(events) // 2
    for n, line in enumerate(events):
        table.event(line)
        if n == middle:
            table.command(said["hint"])
            certain = table.twin.position.analysis.certain
            fact = str(certain[0])
            table.command(f"{said['known']} {fact}", re.escape(said["noted"] + fact))
            table.command(f"{said['explain']} {fact}")
            table.command(said["hint"])
    table.command(said["undo"], said["took"])
    table.twin.undo()
    table.event(events[-1])  # typed again
    table.command(f"{said['save']} {folder / 'copy.txt'}", said["saved"])
    table.child.sendline(said["quit"])
    table.child.expect(pexpect.EOF)
    assert table.completed >= len(events) // 2 + 2  # Tab did most of the lines' work, and the facts'
    typed = lines[:head] + events
    assert table.path.read_text(encoding="utf-8").splitlines() == typed
    assert (folder / "copy.txt").read_text(encoding="utf-8").splitlines() == typed


@pytest.mark.parametrize("name", [pytest.param(g, marks=[] if g == "canary" else [pytest.mark.slow])
                                  for g in REFERENCE])
def test_a_game_at_the_table(name: str, tmp_path: Path) -> None:
    play(name, "en", tmp_path)


@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
def test_a_game_at_the_table_in_japanese(tmp_path: Path) -> None:
    play("canary", "ja", tmp_path)
