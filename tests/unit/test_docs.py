"""The tutorial's console sessions are real: every command is run and its printed
output must appear in order (lines shown as "…" are trimmed output and skip ahead)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_console_sessions_print_what_the_doc_shows(doc: Path, tmp_path: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", COLUMNS="100")
    for command, expected in sessions(doc):
        if command.startswith("export "):
            continue
        if "jq " in command and shutil.which("jq") is None:
            continue
        run = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, timeout=120)
        ok, missing = in_order(expected, run.stdout.splitlines())
        assert ok, f"{doc.name}: `{command}` did not print:\n{missing}\n--- it printed:\n{run.stdout}"
