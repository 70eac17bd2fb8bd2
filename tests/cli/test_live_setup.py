"""A new record and ``help`` in ``suiri live`` (issue 19, item 11).

A new Canary record asks for the start corners (the usual ones offered: Enter keeps
them) instead of taking them silently; the input ending during the setup ends the
command with a message, never a loop.  ``help`` shows one example line of each kind of
event, taken from the example in the notation's own docstring: each reads as that
notation, and together they cover the notation's kinds of line.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli import live as live_module
from suiri.cli.live import Live
from suiri.cli.main import main
from suiri.cli.views import view
from suiri.models import GAMES, example_records, game, open_session
from suiri.models.live import LiveRecord

SUIRI = str(Path(sys.executable).with_name("suiri"))


@pytest.mark.parametrize(("answer", "start"), [("", "start a1 a7 g1"), ("start g7 a1 a7", "start g7 a1 a7")])
def test_a_new_canary_record_asks_for_the_corners(answer: str, start: str, tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    typed = ["canary", "aki bea cid", "aki", "viewer aki ancient", answer, "quit"]
    result = CliRunner().invoke(main, ["live", str(path)], input="\n".join(typed) + "\n",
                                env={"SUIRI_NO_HISTORY": "1"})
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8").splitlines() == ["canary aki bea cid", "viewer aki ancient", start]
    assert "refused" not in result.output


def test_every_setup_line_after_the_first_is_asked(tmp_path: Path) -> None:
    """What is asked is the game's own setup (``Game.setup_lines``), line by line."""
    asked: list[tuple[str, str]] = []

    def ask(prompt: str, default: str) -> str:
        asked.append((prompt, default))
        answers = {"Game": "canary", "Players": "aki bea cid", "Your seat": "bea"}
        return next((a for q, a in answers.items() if prompt.startswith(q)), default.replace("CLUE", "dark"))

    from suiri.cli.live import setup

    record = setup(str(tmp_path / "new.txt"), "en", ask)
    lines = game("canary").setup_lines(("aki", "bea", "cid"), "bea")
    assert [default for prompt, default in asked[3:]] == lines[1:]
    assert record.lines == [lines[0], "viewer bea dark", lines[2]]


def test_the_input_ending_during_the_setup_ends_the_command(tmp_path: Path) -> None:
    done = subprocess.run([SUIRI, "live", str(tmp_path / "new.txt")], input="canary\n", capture_output=True,
                          text=True, env={"SUIRI_NO_HISTORY": "1", "PATH": ""}, timeout=60)
    assert done.returncode == 2
    assert "the input ended before the record's setup was complete" in done.stderr
    assert "Traceback" not in done.stderr


def example_header(name: str) -> str:
    """The first line of the notation's example (the game and its players)."""
    return next(line for line, _ in all_example_lines(name) if line.split()[0] == name)


def all_example_lines(name: str) -> list[tuple[str, str]]:
    import importlib

    doc = importlib.import_module(f"suiri.models.{name}.notation").__doc__ or ""
    block = doc.split("::", 1)[1]
    return [(raw.strip().partition("#")[0].strip(), "") for raw in block.splitlines()
            if raw.startswith("    ") and raw.strip().partition("#")[0].strip()]


@pytest.mark.parametrize("name", list(GAMES))
def test_each_example_reads_as_the_notation(name: str) -> None:
    header = example_header(name)
    chosen = game(name)
    examples = live_module.event_examples(name)
    assert examples
    for line, _ in examples:
        extra = "\nvariant clue" if line.split()[0] in ("suggest", "accuse") else ""
        public = "\npublic -" if name == "detective" else ""
        chosen.parse_compact("<example>", f"{header}{public}{extra}\n{line}\n")  # raises on a syntax error


def test_the_examples_cover_every_kind_of_line() -> None:
    from suiri.models.detective.notation import EVENTS
    from suiri.models.werewolf.cards import parse_kind
    from suiri.models.werewolf.notation import GRAMMAR, _family

    detective = [line.split()[0] for line, _ in live_module.event_examples("detective")]
    assert detective == sorted(set(detective), key=detective.index) and set(detective) == set(EVENTS)
    plays = set()
    for line, _ in live_module.event_examples("werewolf"):
        words = line.split()
        if words[0] != "search":
            play = words[3] if words[1] == "drew" and len(words) > 3 else words[1] if words[1] != "drew" else ""
            if play:
                plays.add(_family(parse_kind(play)))
    assert set(GRAMMAR) <= plays
    assert [line.split()[0] for line, _ in live_module.event_examples("werewolf")].count("search") == 1
    canary = [line.split() for line, _ in live_module.event_examples("canary")]
    assert {"h", "r", "!"} <= {words[2] for words in canary}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", list(GAMES))
def test_help_shows_the_examples(name: str, lang: str, tmp_path: Path) -> None:
    chosen, session = open_session(example_records()[{"canary": "canary-3p", "detective": "detective-3p",
                                                      "werewolf": "werewolf-4p"}[name]])
    printed: list[str] = []
    live = Live(LiveRecord.start(tmp_path / "g.txt", name, chosen.write(session.record, "compact").splitlines()),
                lang, printed.append, False, view(name))
    live.handle("help" if lang == "en" else "ヘルプ")
    shown = [p.strip() for p in printed]
    for line, comment in live_module.event_examples(name):
        if lang == "en" and comment:
            assert any(s.startswith(line) and s.endswith(f"# {comment}") for s in shown), line
        else:
            assert line in shown
    if lang == "ja":
        assert not any("#" in s for s in shown)  # the notation's comments are English
