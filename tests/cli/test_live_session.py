"""``suiri live`` never ends on its own (issue 19, item 9): whatever is typed, an error is
said and the prompt comes back, and the record changes only by whole lines.

``known`` takes only a fact the record proves (what ``hint`` asks of a known fact), and
says the chance of one it refuses.  A seeded generator of lines (events of the game,
broken events, words of the game in any order, garbage, every command with good and
bad arguments) drives the session through ``Live.loop``, the loop ``suiri live`` runs,
in process and then through the command itself with the lines piped in.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.live import WORDS, Live
from suiri.cli.main import main
from suiri.cli.views import view
from suiri.models import GAMES, example_records, game, open_session
from suiri.models.live import LiveRecord, setup_length

SUIRI = str(Path(sys.executable).with_name("suiri"))
REFERENCE = {"canary": "canary-3p", "detective": "detective-3p", "werewolf": "werewolf-4p"}
QUITS = {w for w, name in WORDS.items() if name == "quit"}


def compact_lines(name: str) -> list[str]:
    chosen, session = open_session(example_records()[REFERENCE[name]])
    return chosen.write(session.record, "compact").splitlines()


def head_of(name: str, lines: list[str]) -> int:
    """The setup lines (with the viewer line, which a record may leave out)."""
    head = setup_length(game(name), lines)
    while head < len(lines) and lines[head].split()[0] == "viewer":
        head += 1
    return head


def test_known_then_hint_then_show_the_issue_case(tmp_path: Path) -> None:
    """`printf 'known goal!=e5\\nhint\\nshow\\n' | suiri live game.txt`: `known` refuses the
    uncertain fact with its chance, `hint` answers, `show` runs, status 0."""
    path = tmp_path / "game.txt"
    path.write_text("\n".join(compact_lines("canary")) + "\n", encoding="utf-8")
    done = subprocess.run([SUIRI, "live", str(path)], input="known goal!=e5\nhint\nshow\n", capture_output=True,
                          text=True, env={"SUIRI_NO_HISTORY": "1", "PATH": ""}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "\nnoted: goal!=e5" not in done.stdout
    assert "goal!=e5 is not certain (its chance: 97.6%)" in done.stdout
    assert "Most likely" in done.stdout.rsplit("> show", 1)[1]  # show ran after hint
    assert "error" not in done.stderr


@pytest.mark.parametrize("name", list(GAMES))
def test_known_takes_a_fact_only_if_it_is_certain(name: str, tmp_path: Path) -> None:
    """Every certain fact is noted; every open one (both ways) is refused with its chance,
    and a hint afterwards still answers."""
    lines = compact_lines(name)
    printed: list[str] = []
    live = Live(LiveRecord.start(tmp_path / "game.txt", name, lines), "en", printed.append, False, view(name))
    analysis = live.record.position.analysis
    for fact in analysis.certain[:5]:
        printed.clear()
        assert live.handle(f"known {fact}")
        assert printed == [f"noted: {fact}"]
    chances = sorted(analysis.chances().items(), key=lambda fp: str(fp[0]))
    open_facts = [(f, p) for f, p in chances if 0 < p < 1]
    assert open_facts
    rng = random.Random(19)
    for fact, p in rng.sample(open_facts, min(6, len(open_facts))):
        for said, chance in ((fact, p), (fact.negate(), 1 - p)):
            printed.clear()
            assert live.handle(f"known {said}")
            assert len(printed) == 1 and printed[0].startswith(f"not noted: {said} is not certain (its chance: ")
            assert said not in live.known
            assert f"{float(chance) * 100:.1f}"[:2] in printed[0]
    printed.clear()
    assert live.handle("hint")
    assert printed and not any("error" in p or "refused" in p for p in printed)


def test_known_refuses_in_japanese_too(tmp_path: Path) -> None:
    printed: list[str] = []
    live = Live(LiveRecord.start(tmp_path / "game.txt", "canary", compact_lines("canary")), "ja", printed.append,
                False, view("canary"))
    live.handle("分かった goal!=e5")
    assert printed == ["記録しません：goal!=e5 は確かではありません (確率 97.6%)。known に書けるのは記録が証明する事実だけです"]


@pytest.mark.parametrize("name", list(GAMES))
def test_a_known_fact_an_undo_takes_back_does_not_stop_hint(name: str, tmp_path: Path) -> None:
    lines = compact_lines(name)
    printed: list[str] = []
    live = Live(LiveRecord.start(tmp_path / "game.txt", name, lines), "en", printed.append, False, view(name))
    head = head_of(name, lines)
    while True:  # the last lines, until one of them proves a fact that is open without it
        later = set(live.record.position.analysis.certain)
        last = live.record.undo()
        assert last is not None and len(live.record.lines) >= head
        lost = sorted(later - set(live.record.position.analysis.certain))
        live.record.add(last)
        if lost:
            break
        live.record.undo()
    live.handle(f"known {lost[0]}")
    assert printed[-1] == f"noted: {lost[0]}"
    live.handle("undo")
    printed.clear()
    live.handle("hint")
    assert printed and not any("refused" in p or "error" in p for p in printed), printed


# ---- the fuzz -----------------------------------------------------------------------------
class Lines:
    """A seeded stream of lines a person might type, good and bad, for one game."""

    def __init__(self, name: str, lines: list[str], head: int, seed: int, folder: Path) -> None:
        self.rng = random.Random(seed)
        self.events = lines[head:]
        self.folder = folder
        chosen, session = open_session(example_records()[REFERENCE[name]])
        self.vocabulary = chosen.vocabulary(session.record)
        self.facts = [str(f) for f in chosen.analyze(session).certain] + [
            str(f) for f in list(chosen.analyze(session).chances())[:40]]

    def line(self, typed: list[str]) -> str:
        """The next line, given the events accepted so far (to type the next one often)."""
        rng = self.rng
        nxt = self.events[len(typed)] if len(typed) < len(self.events) else rng.choice(self.events)
        words = nxt.split()
        kind = rng.random()
        if kind < 0.35:
            return nxt  # the next event of the game
        if kind < 0.45:  # a broken event: a word dropped, swapped or replaced
            i = rng.randrange(len(words))
            how = rng.randrange(3)
            if how == 0:
                del words[i]
            elif how == 1:
                j = rng.randrange(len(words))
                words[i], words[j] = words[j], words[i]
            else:
                words[i] = rng.choice(self.vocabulary)
            return " ".join(words)
        if kind < 0.52:
            return " ".join(rng.choices(self.vocabulary, k=rng.randrange(1, 8)))
        if kind < 0.6:
            return rng.choice(["", "   ", "#", "# a comment", ">", "> ", '"', "'", "\\", "=", "!=", "；", "\x00",
                               "ｘ" * 3, "é" * 500, "\ufffd", "a" * 5000, "🐺 🐦", ";", "> " + nxt, "->"])
        if kind < 0.65:
            return "".join(chr(rng.randrange(32, 0x3100)) for _ in range(rng.randrange(1, 30)))
        command = rng.choice([w for w in WORDS if w not in QUITS])
        fact = rng.choice(self.facts)
        arguments = {  # what each command takes, good and bad (`save` only into the test's folder)
            "save": ["", str(self.folder / "copy.txt"), str(self.folder / "copy.toml"), str(self.folder),
                     str(self.folder / "no" / "such" / "folder.txt")],
            "hint": ["", "1", "4", "0", "9", "x", "1 2"],
            "explain": ["", fact, fact, "goal", "=", "!=", f"{fact} extra", rng.choice(self.vocabulary)],
        }
        arguments["known"] = arguments["explain"]
        argument = rng.choice(arguments.get(WORDS[command], ["", "", "", rng.choice(self.vocabulary)]))
        if WORDS[command] in ("hint", "explain", "advise") and rng.random() < 0.6:
            argument = "x"  # most of them cheap: the slow answers a few times only
        return f"{command} {argument}".strip()


def fuzz_lines(name: str, seed: int, n: int, folder: Path) -> tuple[list[str], list[str]]:
    lines = compact_lines(name)
    head = head_of(name, lines)
    gen = Lines(name, lines, head, seed, folder)
    typed: list[str] = []
    out = []
    for _ in range(n):
        line = gen.line(typed)
        out.append(line)
        if len(typed) < len(gen.events) and line == gen.events[len(typed)]:
            typed.append(line)
    return lines[:head], out


@pytest.mark.parametrize("name", list(GAMES))
def test_no_line_ends_the_session_nor_loses_a_saved_line(name: str, tmp_path: Path) -> None:
    """After every line: the session goes on, the file holds exactly the record's lines,
    and the lines kept are the lines before with at most one added at the end (an event,
    a redo) or the last taken back (undo)."""
    setup, lines = fuzz_lines(name, 19, 90, tmp_path)
    path = tmp_path / "game.txt"
    printed: list[str] = []
    live = Live(LiveRecord.start(path, name, setup), "en", printed.append, False, view(name))
    fed: list[str] = []

    def feed() -> object:
        for line in lines:
            before = list(live.record.lines)
            fed.append(line)
            yield line
            # the loop has handled `line` when it asks for the next one
            after = live.record.lines
            assert path.read_text(encoding="utf-8") == live.record.text
            assert after in (before, before[:-1], [*before, after[-1]]), line
            if after == before[:-1]:
                assert WORDS.get(line.split()[0]) == "undo", line
        yield "quit"  # the only way out (besides the end of the input)

    live.loop(feed())  # type: ignore[arg-type]
    assert fed == lines
    assert not [p for p in printed if "internal error" in p]
    assert len(live.record.lines) > len(setup)  # events were accepted along the way


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", list(GAMES))
def test_the_fuzz_through_the_command(name: str, lang: str, tmp_path: Path) -> None:
    """The same lines piped into `suiri live`: status 0, every line read, and the file as
    the in-process session left it."""
    setup, lines = fuzz_lines(name, 7, 60, tmp_path)
    path = tmp_path / "game.txt"
    path.write_text("\n".join(setup) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["live", str(path), "--lang", lang], input="\n".join(lines) + "\n",
                                env={"SUIRI_NO_HISTORY": "1"})
    assert result.exit_code == 0, result.output
    assert result.output.count("\n> ") + result.output.startswith("> ") >= len(lines)
    bye = "The record is in" if lang == "en" else "記録は"
    assert result.output.rstrip().splitlines()[-1].startswith(bye)
    live = Live(LiveRecord.start(tmp_path / "again.txt", name, setup), lang, lambda _: None, False, view(name))
    live.loop(lines)
    assert path.read_text(encoding="utf-8") == live.record.text
