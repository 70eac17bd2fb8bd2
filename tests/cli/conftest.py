"""Shared fixtures of the CLI tests: a click runner, the reference records, and a writer
of (broken) records in ``tmp_path``.  Helpers live in ``cli_support.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from suiri.cli.main import main

HERE_DIR = str(Path(__file__).parent)
if HERE_DIR not in sys.path:
    sys.path.insert(0, HERE_DIR)

from cli_support import DETECTIVE_REFERENCE, REFERENCE  # noqa: E402


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def reference_text() -> str:
    return REFERENCE.read_text(encoding="utf-8")


@pytest.fixture
def detective_text() -> str:
    """The Memory Detective reference record (``detective-3p.toml``)."""
    return DETECTIVE_REFERENCE.read_text(encoding="utf-8")


@pytest.fixture
def write(tmp_path: Path) -> Callable[..., Path]:
    """Write ``text`` to ``tmp_path/NAME.toml`` and return the path."""

    def _write(text: str, name: str = "record") -> Path:
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return _write


@pytest.fixture
def suiri(runner: CliRunner) -> Callable[..., Result]:
    """Run ``suiri ARGS...`` in-process with the ``runner`` fixture (paths become strings)."""

    def _run(*args: object) -> Result:
        return runner.invoke(main, [str(a) for a in args])

    return _run
