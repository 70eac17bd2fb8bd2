"""The tutorial's console sessions are real: every command is run and its printed
output must appear in order (lines shown as "…" are trimmed output and skip ahead).

``suiri`` runs in process (click's CliRunner, in the session's folder); the rest of a
command line (``;``, ``&&``, pipes, ``>`` and ``>>``, sed, jq, printf, ...) runs as the shell
would, stage by stage.  A line the small interpreter below does not cover (a ``for``
loop, ``$(...)``) goes to bash whole.  ``test_each_command_runs_as_a_program`` keeps one
real ``suiri`` process per command."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "docs" / "tutorial-canary.md", ROOT / "docs" / "tutorial-detective.md",
        ROOT / "docs" / "tutorial-werewolf.md"]
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def sessions(path: Path) -> list[tuple[str, list[str]]]:
    steps: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall(path.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line.rstrip())
    return steps


def matches(expected: str, actual: str) -> bool:
    if "<install>" in expected:
        head, tail = expected.split("<install>", 1)
        return actual.startswith(head) and actual.endswith(tail)
    if expected.endswith("…"):
        return actual.startswith(expected[:-1])
    return expected == actual


def in_order(expected: list[str], actual: list[str]) -> tuple[bool, str]:
    i = 0
    for want in expected:
        if want.strip() in ("…", ""):
            continue
        while i < len(actual) and not matches(want, actual[i].rstrip()):
            i += 1
        if i == len(actual):
            return False, want
        i += 1
    return True, ""


def shell_words(command: str) -> list[str] | None:
    """The words and operators of a simple command line, or None for bash."""
    if any(k in command for k in ("$(", "`", "for ", "while ", "if ")):
        return None
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|>")
    lexer.whitespace_split = True
    words = list(lexer)
    if any(w in ("&", "||", ">&", "|&") or w.startswith("2>") for w in words):
        return None
    return words


def split(words: list[str], ops: set[str]) -> list[tuple[str, list[str]]]:
    """``words`` cut at the operators in ``ops``: [(operator before, words)]."""
    out: list[tuple[str, list[str]]] = [("", [])]
    for w in words:
        if w in ops:
            out.append((w, []))
        else:
            out[-1][1].append(w)
    return out


def run_stage(argv: list[str], stdin: str | None, cwd: Path) -> tuple[int, str, str, str]:
    """(exit status, stdout, stderr, both interleaved) of one stage of a pipeline."""
    if argv[0] == "suiri":
        result = CliRunner().invoke(main, argv[1:], input=stdin, env={"COLUMNS": "100"}, prog_name="suiri")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.exit_code, result.stdout, result.stderr, result.output
    done = subprocess.run(argv, input=stdin, cwd=cwd, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr, done.stderr + done.stdout


def run_line(command: str, cwd: Path, env: dict[str, str]) -> str:
    """What ``command`` prints (stdout and stderr), suiri in process where it can be."""
    words = shell_words(command)
    if words is None:
        done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=120)
        return done.stdout
    printed, status = "", 0
    for op, pipeline in split(words, {";", "&&"}):
        if op == "&&" and status != 0:
            continue
        text: str | None = None
        for i, (_, stage) in enumerate(stages := split(pipeline, {"|"})):
            target, append = None, False
            if ">" in stage or ">>" in stage:
                at = stage.index(">") if ">" in stage else stage.index(">>")
                target, append, stage = stage[at + 1], stage[at] == ">>", stage[:at]
            stage = [w.replace("$?", str(status)) for w in stage]
            status, out, err, both = run_stage(stage, text, cwd)
            last = i == len(stages) - 1
            if target is not None:
                with open(cwd / target, "a" if append else "w", encoding="utf-8") as f:
                    f.write(out)
                printed += err
                text = ""
            elif last:
                printed += both
            else:
                printed += err
                text = out
    return printed


@pytest.mark.slow  # some 60 whole commands, 10-15 s: make test (the edit loop keeps the smoke tests below)
@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_console_sessions_print_what_the_doc_shows(doc: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", COLUMNS="100")
    monkeypatch.chdir(tmp_path)
    for command, expected in sessions(doc):
        if command.startswith("export "):
            continue
        if "jq " in command and shutil.which("jq") is None:
            continue
        printed = run_line(command, tmp_path, env)
        ok, missing = in_order(expected, printed.splitlines())
        assert ok, f"{doc.name}: `{command}` did not print:\n{missing}\n--- it printed:\n{printed}"


SMOKE = [  # one real `suiri` process per command: the entry point, stdout/stderr, exit status
    (["examples"], 0, "canary-3p"),
    (["check", "{canary}"], 0, "legal and consistent"),
    (["analyze", "{canary}"], 0, "goal"),
    (["explain", "{canary}", "clue:bea!=high"], 0, "clue"),
    (["hint", "{canary}"], 0, ""),
    (["advise", "{werewolf}"], 0, ""),
    (["convert", "{detective}"], 0, 'game = "detective"'),
    (["simulate", "--game", "werewolf", "--players", "3", "--turns", "4"], 0, 'game = "werewolf"'),
    (["puzzle", "--seed", "3"], 0, "suiri puzzle"),
    (["check", "{missing}"], 2, "error: "),
]


@pytest.mark.parametrize(("args", "status", "shown"), [  # make test-fast: the first two (one process each)
    pytest.param(*case, marks=[] if i < 2 else [pytest.mark.slow]) for i, case in enumerate(SMOKE)],
    ids=lambda a: " ".join(a) if isinstance(a, list) else "")
def test_each_command_runs_as_a_program(args: list[str], status: int, shown: str, tmp_path: Path) -> None:
    from suiri.models import example_records

    found = example_records()
    paths = {"canary": found["canary-3p"], "detective": found["detective-3p"], "werewolf": found["werewolf-4p"],
             "missing": tmp_path / "missing.toml"}
    argv = [str(Path(sys.executable).parent / "suiri"), *(a.format(**paths) for a in args)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == status, done.stderr
    assert shown in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def readme_tour() -> str:
    """The shell block of the README's tour, as written."""
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## A five-minute tour", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section.split("\n## ", 1)[0], re.S)
    assert block is not None
    return block.group(1)


@pytest.mark.slow  # about 15 s: some thirty real `suiri` processes
def test_readme_tour_runs_in_a_scratch_folder(tmp_path: Path) -> None:
    """The tour runs as written from the repository folder: every line succeeds, it writes
    nothing into the repository, and git ignores each file it writes (should it be run
    in the repository folder)."""
    script = readme_tour()
    if not (ROOT / ".venv" / "bin" / "activate").exists():  # suiri installed some other way
        script = script.replace(". .venv/bin/activate", ":", 1)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
               TMPDIR=str(tmp_path), COLUMNS="100")
    before = set(ROOT.iterdir())
    done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=600)  # `suiri live` reads no lines: it opens and quits
    assert done.returncode == 0, done.stderr[-3000:]
    assert set(ROOT.iterdir()) == before
    written = sorted(p.relative_to(scratch).as_posix() for scratch in tmp_path.iterdir() if scratch.is_dir()
                     for p in scratch.rglob("*") if p.is_file())
    assert "game.txt" in written  # `convert` had its input
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *written], cwd=ROOT, capture_output=True, text=True)
    assert sorted(ignored.stdout.split()) == written


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_script_is_produced(shell: str) -> None:
    """The README's completion lines work: click writes each shell's script, and a Tab
    after ``suiri an`` offers ``analyze``."""
    suiri = str(Path(sys.executable).parent / "suiri")
    assert f"_SUIRI_COMPLETE={shell}_source suiri" in (ROOT / "README.md").read_text(encoding="utf-8")
    script = subprocess.run([suiri], env=dict(os.environ, _SUIRI_COMPLETE=f"{shell}_source"),
                            capture_output=True, text=True, timeout=60)
    assert script.returncode == 0 and "_suiri_completion" in script.stdout
    offered = subprocess.run([suiri], env=dict(os.environ, _SUIRI_COMPLETE="bash_complete", COMP_WORDS="suiri an",
                                               COMP_CWORD="1"), capture_output=True, text=True, timeout=60)
    assert "plain,analyze" in offered.stdout.splitlines()


# -- drift: what the docs say of the code, checked against it ----------------------------------------
DOCS_PROSE = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "decisions.md")]
RULINGS = {"R": "rules-canary.md", "D": "rules-detective.md", "W": "rules-werewolf.md"}  # decisions.md is history
RANGE = re.compile(r"\b([RDW])1\s*[–-]\s*([RDW])(\d+)\b")


def rulings_in(letter: str) -> int:
    """The last ruling the game's rules page defines (its table rows ``| W16 |``)."""
    text = (ROOT / "docs" / RULINGS[letter]).read_text(encoding="utf-8")
    numbers = [int(n) for n in re.findall(rf"^\| {letter}(\d+) \|", text, re.M)]
    assert numbers, RULINGS[letter]
    return max(numbers)


def test_ruling_ranges_name_every_ruling() -> None:
    """"rulings W1–W14" in the README while rules-werewolf.md defines W16: every range
    of rulings in the README and the docs ends at the last ruling its rules page defines."""
    ranges = [(p.name, m.group(0)) for p in DOCS_PROSE for m in RANGE.finditer(p.read_text(encoding="utf-8"))]
    assert {letter for _, r in ranges for letter in r[0]} >= {"R", "D", "W"}
    wrong = [(name, r) for name, r in ranges if r[0] != r.split()[-1].lstrip("–-")[0]
             or int(re.findall(r"\d+", r)[-1]) != rulings_in(r[0])]
    assert not wrong, wrong


def test_example_listings_name_every_bundled_record() -> None:
    """A doc that shows what `suiri examples` prints lists every bundled record (or marks
    the listing as cut with "…"): tutorial-detective.md listed two of three."""
    from suiri.models import example_records

    names = sorted(example_records())
    listings = 0
    for doc in DOCS:
        for command, printed in sessions(doc):
            if command.strip() != "suiri examples":
                continue
            listings += 1
            shown = [line.split("\t", 1)[0] for line in printed if line.strip()]
            assert shown == names or shown[-1:] == ["…"], (doc.name, shown, names)
    assert listings >= 2


COUNTED = re.compile(r"(\d+) (turns?|events?|moves?|searche?s?|consistent \w+)\b")


def test_the_tours_counts_are_what_the_commands_print() -> None:
    """The README tour's comments count what its records hold ("12 turns", "6 events",
    "72 consistent histories"): each count is what `suiri check` prints for the record, or
    the record's own count of turns, events or searches ("11 turns and a search" stood
    where check prints 12 moves)."""
    from suiri.models import example_records, open_session

    tour = readme_tour()
    paths = {var: example_records()[name] for var, name in
             re.findall(r'^(\w+)=\$\(suiri examples ([\w-]+) --path\)', tour, re.M)}
    assert set(paths) >= {"R", "D", "W"}
    claims = 0
    for line in tour.splitlines():
        code, _, comment = line.partition("#")
        var = re.search(r'^(\w+)=\$\(suiri examples|"\$(\w+)"', code)
        if var is None or not COUNTED.search(comment):
            continue
        path = paths[var.group(1) or var.group(2)]
        _, session = open_session(path)
        record = session.record
        said = CliRunner().invoke(main, ["check", str(path)]).stdout
        own = {(len(getattr(record, k)), one) for k, one in (("turns", "turn"), ("events", "event"),
                                                             ("searches", "search")) if hasattr(record, k)}
        for i, (n, unit) in enumerate(COUNTED.findall(comment)):
            one = re.sub(r"(?<=search)es$|(?<=[a-z])s$", "", unit)
            if i == 0 and "suiri check" in code:  # what check prints comes first, in its words
                assert f"{n} {unit}" in said, (line, said)
            assert f"{n} {unit}" in said or (int(n), one) in own, (line, said, own)
            claims += 1
    assert claims >= 3
