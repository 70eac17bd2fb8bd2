"""``suiri live``: a record typed line by line, in process and through a real pty.

In process (``LiveRecord``): typing a record's events one by one rebuilds the same
record; a refused line changes nothing (lines, position, file); undo/redo; every
accepted line is on disk at once; reopening resumes.  Through a pseudo-terminal
(pexpect, prompt_toolkit as a person sees it): a whole game of each kind typed line
by line with a refused line, an undo and a redo, a hint, a crash (SIGKILL) mid-game
and a resume, and the setup questions of a new record.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from suiri.cli.views import view
from suiri.models import GAMES, example_records, game, open_session
from suiri.models.live import LiveRecord, setup_length
from suiri.solver.errors import SuiriError

SUIRI = str(Path(sys.executable).with_name("suiri"))
REFERENCE = {"canary": "canary-3p", "detective": "detective-3p", "werewolf": "werewolf-4p"}
BAD_EVENT = "nobody-at-all does nothing"  # not a line of any game


def compact_lines(name: str) -> list[str]:
    """The bundled reference record of ``name`` in its compact notation."""
    chosen, session = open_session(example_records()[REFERENCE[name]])
    return chosen.write(session.record, "compact").splitlines()


@pytest.mark.parametrize("name", list(GAMES))
def test_typing_the_events_one_by_one_rebuilds_the_record(name: str, tmp_path: Path) -> None:
    lines = compact_lines(name)
    head = setup_length(game(name), lines)
    path = tmp_path / "game.txt"
    live = LiveRecord.start(path, name, lines[:head])
    for n, line in enumerate(lines[head:], start=head + 1):
        live.add(line)
        assert path.read_text(encoding="utf-8").splitlines() == lines[:n]  # on disk at once
    chosen, session = open_session(example_records()[REFERENCE[name]])
    assert chosen.write(live.position.session.record) == chosen.write(session.record)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_refused_line_changes_nothing(name: str, tmp_path: Path) -> None:
    lines = compact_lines(name)
    path = tmp_path / "game.txt"
    live = LiveRecord.start(path, name, lines[:-1])
    before = (list(live.lines), live.position, path.read_bytes())
    for bad in (BAD_EVENT, lines[-1] + " extra-word-nobody-reads", lines[1]):
        with pytest.raises(SuiriError):
            live.add(bad)
        assert (live.lines, live.position, path.read_bytes()) == before
    live.add(lines[-1])
    assert live.lines == lines


@pytest.mark.parametrize("name", list(GAMES))
def test_undo_redo_and_resume(name: str, tmp_path: Path) -> None:
    lines = compact_lines(name)
    path = tmp_path / "game.txt"
    live = LiveRecord.start(path, name, lines)
    assert live.undo() == lines[-1]
    assert live.undo() == lines[-2]
    assert path.read_text(encoding="utf-8").splitlines() == lines[:-2]
    assert LiveRecord.open(path).lines == lines[:-2]  # a crash now resumes here
    assert live.redo() == lines[-2]
    assert live.redo() == lines[-1]
    assert live.redo() is None
    assert LiveRecord.open(path).lines == lines
    live.undo()
    live.add(lines[-1])  # a new line forgets what undo took
    assert live.redo() is None


def test_a_toml_file_stays_toml(tmp_path: Path) -> None:
    source = example_records()["canary-3p"]
    path = tmp_path / "game.toml"
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    live = LiveRecord.open(path)
    last = live.undo()
    assert last is not None
    text = path.read_text(encoding="utf-8")
    assert text.startswith('game = "canary"') and last.split()[1] not in text.rsplit("[[turn]]", 1)[-1]
    live.add(last)
    chosen, session = open_session(source)
    assert path.read_text(encoding="utf-8") == chosen.write(session.record)


def test_save_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure while writing leaves the old file whole and no temporary file behind."""
    lines = compact_lines("canary")
    path = tmp_path / "game.txt"
    live = LiveRecord.start(path, "canary", lines[:-1])
    before = path.read_bytes()

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        live.add(lines[-1])
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.txt"]


# ---- through a real pseudo-terminal -------------------------------------------------------
pexpect = pytest.importorskip("pexpect")


def spawn(path: Path, *args: str) -> Any:
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", SUIRI_NO_HISTORY="1")
    child = pexpect.spawn(SUIRI, ["live", str(path), *args], env=env, encoding="utf-8", timeout=60,
                          dimensions=(50, 140))
    return child


def typed(child: Any, line: str, prompt: str, expect: str) -> str:
    """Type one line as a person would, wait for ``expect`` and the next prompt; return
    what the screen showed in between."""
    child.sendline(line)
    child.expect(expect)
    shown = child.before + child.after
    child.expect(prompt)
    return str(shown + child.before)


@pytest.mark.parametrize("name", [pytest.param(g, marks=[] if g == "canary" else [pytest.mark.slow]) for g in GAMES])
def test_a_whole_game_through_a_terminal(name: str, tmp_path: Path) -> None:
    lines = compact_lines(name)
    head = setup_length(game(name), lines)
    crash_at = head + (len(lines) - head) // 2
    path = tmp_path / "game.txt"
    path.write_text("\n".join(lines[:head]) + "\n", encoding="utf-8")
    prompt = f"{name}>"

    child = spawn(path)
    child.expect(prompt)
    typed(child, BAD_EVENT, prompt, "refused")
    for line in lines[head:crash_at]:
        typed(child, line, prompt, "✓")
    typed(child, "undo", prompt, "took back")
    typed(child, "redo", prompt, "put back")
    typed(child, "hint", prompt, r"\S")
    child.send(lines[crash_at][:3])  # half a line typed ...
    child.kill(signal.SIGKILL)  # ... and the machine dies
    child.close()
    assert path.read_text(encoding="utf-8").splitlines() == lines[:crash_at]

    child = spawn(path, "--lang", "ja")  # resume, in Japanese
    child.expect(prompt)
    for line in lines[crash_at:]:
        typed(child, line, prompt, "✓")
    typed(child, "表示", prompt, r"\S")
    child.sendline("終了")
    child.expect(pexpect.EOF)
    assert path.read_text(encoding="utf-8").splitlines() == lines


def test_a_new_record_asks_for_the_game_players_and_seat(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    child = spawn(path)
    child.expect("Game")
    child.sendline("")  # the default: canary
    child.expect("Players")
    child.sendline("aki bea cid")
    child.expect("seat")
    child.sendline("")  # the default: the first player
    child.expect("1>|2>")  # the setup line with a word to fill in, typed in already
    child.sendcontrol("u")
    child.sendline("viewer aki ancient")
    child.expect("3>")  # the start corners, asked too, the usual ones typed in already
    child.expect("start a1 a7 g1")
    child.sendcontrol("u")
    child.sendline("start g7 a1 a7")
    child.expect("canary>")
    child.sendline("aki g6 h giant-stone-bridge")
    child.expect("✓")
    child.expect("canary>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[:3] == ["canary aki bea cid", "viewer aki ancient", "start g7 a1 a7"]
    assert text.splitlines()[-1] == "aki g6 h giant-stone-bridge"


@pytest.mark.parametrize("name", list(GAMES))
def test_undo_stops_at_the_setup(name: str, tmp_path: Path) -> None:
    lines = compact_lines(name)
    head = setup_length(game(name), lines)
    live = LiveRecord.start(tmp_path / "game.txt", name, lines)
    taken = [live.undo() for _ in range(len(lines) - head)]
    assert taken == lines[head:][::-1]
    assert live.undo() is None and live.lines == lines[:head]


def test_a_command_word_that_starts_an_event_is_an_event(tmp_path: Path) -> None:
    """Memory Detective's `show aki dai` (aki shows dai a card) is an event, not the
    `show` command; `show` alone is the command."""
    from suiri.cli.live import Live

    chosen = game("detective")
    lines = chosen.write(chosen.simulate(4, 13, 40, "aki", "base"), "compact").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("show "))
    printed: list[str] = []
    live = Live(LiveRecord.start(tmp_path / "case.txt", "detective", lines[:at]), "en", printed.append, False, view("detective"))
    assert live.handle(lines[at]) and live.record.lines == lines[: at + 1]
    printed.clear()
    live.handle("show")
    assert live.record.lines == lines[: at + 1] and any("The truth" in p for p in printed)
