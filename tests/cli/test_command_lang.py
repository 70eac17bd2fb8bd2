"""Every command speaks the chosen language, and a command that writes a file says so
in one line (issue 19, item 18): `report` printed nothing on success, `puzzle-book`
printed "wrote …" in English under ``--lang ja``, and `convert`, `simulate`, `puzzle`
(and `examples`) had no ``--lang``."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models import example_records

KANA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana or kanji: a Japanese sentence


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_every_command_takes_lang() -> None:
    assert isinstance(main, click.Group)
    missing = [name for name, command in main.commands.items()
               if not any(p.name == "lang" for p in command.params)]
    assert not missing, missing


def file_options(command: click.Command) -> list[str]:
    """The options of ``command`` that name a file it writes."""
    return [p.opts[0] for p in command.params if isinstance(p, click.Option) and p.name and p.name.endswith("_path")
            and p.name != "show_path"]


WRITES = {  # the commands that write a file, with what else they need to run
    "report": [str(example_records()["canary-3p"])],
    "puzzle-book": ["--game", "canary", "--count", "1", "--workers", "1"],  # the quickest book to make (0.3 s)
}


def test_the_commands_that_write_files_are_all_checked() -> None:
    assert isinstance(main, click.Group)
    assert {name for name, c in main.commands.items() if file_options(c)} == set(WRITES)


@pytest.mark.sweep  # a command and a language a case (a puzzle book ~1 s): make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", sorted(WRITES))
def test_a_written_file_is_told_in_one_line_in_the_language(name: str, lang: str, tmp_path: Path) -> None:
    command = main.commands[name]  # type: ignore[attr-defined]
    for option in file_options(command):
        target = tmp_path / f"out-{option.strip('-')}"
        status, out, err = run(name, *WRITES[name], option, str(target), "--lang", lang)
        assert status == 0, err
        assert target.exists()
        lines = out.splitlines()
        assert len(lines) == 1 and str(target) in lines[0], out
        assert bool(KANA.search(lines[0])) == (lang == "ja"), lines[0]
        assert "wrote" not in lines[0] or lang == "en"


@pytest.mark.parametrize("args", [
    ["convert", "missing.txt"],
    ["simulate", "--game", "werewolf", "--players", "2"],
    ["simulate", "--viewer", "zed"],
    ["puzzle", "--lines", "5-2"],
    ["puzzle", "--game", "werewolf", "--question", "nothing"],
    ["examples", "canary-3"],
], ids=lambda a: " ".join(a))
def test_errors_are_said_in_japanese(args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, en = run(*args)
    assert status == 2 and en.startswith("error: ")
    status, _, ja = run(*args, "--lang", "ja")
    assert status == 2 and ja.startswith("エラー: ") and KANA.search(ja.split("(", 1)[0][5:]), ja


def test_a_puzzles_header_is_in_the_language() -> None:
    _, en, _ = run("puzzle", "--seed", "3")
    _, ja, _ = run("puzzle", "--seed", "3", "--lang", "ja")
    head_en = [line for line in en.splitlines() if line.startswith("#")]
    head_ja = [line for line in ja.splitlines() if line.startswith("#")]
    assert len(head_en) == len(head_ja) >= 2
    assert all(KANA.search(line) for line in head_ja) and not any(KANA.search(line) for line in head_en)
    assert en.split("\n", len(head_en))[-1] == ja.split("\n", len(head_ja))[-1]  # the same record
