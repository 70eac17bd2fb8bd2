"""The package's types stay checked where they are used (issue 20): mypy's
``--any-exprs-report`` counts the expressions whose type is ``Any``; the package as a whole
is at least 99% typed and every cli module at least 97% (the views and commands are where
an erased type would slip through to what is printed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("solver", "models", "cli", "puzzles", "arena")
PACKAGE, CLI_MODULE = 99.0, 97.0  # % of expressions not Any


def any_exprs(report: Path) -> dict[str, tuple[int, int]]:
    """``module -> (Any expressions, expressions)`` from mypy's any-exprs.txt (``Total`` included)."""
    rows: dict[str, tuple[int, int]] = {}
    for line in (report / "any-exprs.txt").read_text().splitlines():
        words = line.split()
        if len(words) == 4 and words[1].isdigit() and words[2].isdigit():
            rows[words[0]] = (int(words[1]), int(words[2]))
    return rows


def typed(anys: int, exprs: int) -> float:
    return 100.0 * (exprs - anys) / exprs if exprs else 100.0


def test_the_report_reader() -> None:
    assert typed(1, 100) == 99.0 and typed(0, 0) == 100.0


@pytest.mark.slow  # one mypy run over the package from a cold cache, ~10 s: make test
def test_the_package_is_typed(tmp_path: Path) -> None:
    """The same check as ``make typecheck`` (the folders linked as the package ``suiri``),
    writing no cache (``--cache-dir`` the null device: a cold run's cache is read by nobody,
    and writing it is a tenth of the run), so that it can run beside ``make typecheck``."""
    linked = tmp_path / "typecheck" / "suiri"
    linked.mkdir(parents=True)
    for folder in FOLDERS:
        (linked / folder).symlink_to(ROOT / folder, target_is_directory=True)
    report = tmp_path / "report"
    command = [sys.executable, "-m", "mypy", *(a for f in FOLDERS for a in ("-p", f"suiri.{f}")),
               "--cache-dir", os.devnull, "--any-exprs-report", str(report)]
    env = {**os.environ, "MYPYPATH": str(linked.parent)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = any_exprs(report)
    total = typed(*rows.pop("Total"))
    assert total >= PACKAGE, f"the package is {total:.2f}% typed (at least {PACKAGE}%)"
    cli = {m: typed(*n) for m, n in rows.items() if m == "suiri.cli" or m.startswith("suiri.cli.")}
    assert cli, "no cli module in the report"
    low = {m: round(p, 2) for m, p in sorted(cli.items()) if p < CLI_MODULE}
    assert not low, f"cli modules under {CLI_MODULE}% typed: {low}"
