"""Golden transcripts (as OpenSpiel's playthroughs): the exact text of the commands on
the reference record, stored in ``tests/golden/`` and compared line by line.

A change of wording, layout or numbers shows up as a diff here.  When the change is
intended, regenerate the files and review the diff in version control:

    SUIRI_REGEN_GOLDEN=1 .venv/bin/pytest tests/cli/test_golden.py

The commands run in a temporary folder holding ``canary-3p.toml``,
``detective-3p.toml`` and ``werewolf-4p.toml`` (the bundled reference records), so the
file name in the output does not depend on the machine.
"""

from __future__ import annotations

import difflib
import os
from importlib.resources import files
from pathlib import Path

import pytest
from cli_support import DETECTIVE_REFERENCE, REFERENCE

GOLDEN = Path(__file__).parents[1] / "golden"
REGEN = os.environ.get("SUIRI_REGEN_GOLDEN") == "1"
RECORD = "canary-3p.toml"
DETECTIVE = "detective-3p.toml"
WEREWOLF = "werewolf-4p.toml"
WEREWOLF_REFERENCE = files("suiri.models.werewolf") / "records" / WEREWOLF  # the shared reference, as bundled
RECORDS = {RECORD: REFERENCE, DETECTIVE: DETECTIVE_REFERENCE, WEREWOLF: WEREWOLF_REFERENCE}

TRANSCRIPTS: dict[str, list[str]] = {
    "canary-3p.analyze": ["analyze", RECORD],
    "canary-3p.analyze-ja": ["analyze", RECORD, "--lang", "ja"],
    "canary-3p.explain-goal-not-d7": ["explain", RECORD, "goal!=d7"],
    "canary-3p.hint-level-4": ["hint", RECORD, "--level", "4"],
    "canary-3p.advise": ["advise", RECORD],
    "detective-3p.analyze": ["analyze", DETECTIVE],
    "detective-3p.analyze-ja": ["analyze", DETECTIVE, "--lang", "ja"],
    "detective-3p.explain-s7-bea": ["explain", DETECTIVE, "holder:s7=bea"],
    "detective-3p.hint-level-4": ["hint", DETECTIVE, "--level", "4"],
    "detective-3p.advise": ["advise", DETECTIVE],
    "werewolf-4p.analyze": ["analyze", WEREWOLF],
    "werewolf-4p.analyze-ja": ["analyze", WEREWOLF, "--lang", "ja"],
    "werewolf-4p.explain-werewolf-dan": ["explain", WEREWOLF, "werewolf=dan"],
    "werewolf-4p.hint-level-4": ["hint", WEREWOLF, "--level", "4"],
    "werewolf-4p.advise": ["advise", WEREWOLF],
}


def transcript(args: list[str], result) -> str:
    """The command line, its standard output, its standard error if any, its exit status."""
    out = [f"$ suiri {' '.join(repr(a) if any(c in a for c in ' !') else a for a in args)}", result.stdout.rstrip("\n")]
    if result.stderr:
        out += ["[stderr]", result.stderr.rstrip("\n")]
    out.append(f"[exit {result.exit_code}]")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_golden_transcript(name: str, suiri, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for file, source in RECORDS.items():
        (tmp_path / file).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    args = TRANSCRIPTS[name]
    result = suiri(*args)
    assert "Traceback" not in result.output, result.output
    got = transcript(args, result)
    path = GOLDEN / f"{name}.txt"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
        return
    assert path.exists(), f"missing {path}; generate it with SUIRI_REGEN_GOLDEN=1"
    want = path.read_text(encoding="utf-8")
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                            f"golden/{name}.txt", "current output"))
        pytest.fail(f"output differs from {path} (SUIRI_REGEN_GOLDEN=1 to accept):\n{diff}", pytrace=False)
    assert result.exit_code == 0


def test_no_stray_golden_files() -> None:
    """Every file in tests/golden/ belongs to a transcript above (renamed cases leave none behind)."""
    if not GOLDEN.exists():
        pytest.skip("no golden files yet")
    assert {p.stem for p in GOLDEN.glob("*.txt")} <= set(TRANSCRIPTS)
