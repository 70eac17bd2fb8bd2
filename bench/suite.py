"""How long the test suite takes, and how long the assertions of the suite before issue 10
take on today's code (issue 10: "make test at least twice as fast as before, with the
same assertions").  Not part of ``make bench``: it runs the whole suite, minutes of both
cores; the figures it prints are quoted in docs/performance.md ("Test suite").

    python bench/suite.py ids              # the test functions of the suite at BEFORE, as they are named today
    python bench/suite.py time             # make test-fast, the BEFORE set with --full, make test: wall and CPU

"The same assertions" is read as the test functions that existed at ``BEFORE`` (ce9bf47,
the commit whose ``make test`` took 250 s), found today by file and name: four files
were renamed since (``RENAMED``), a few functions moved to another file of their folder
(found by name), and five were renamed or merged (``REPLACED``; the Canary and Werewolf
soundness sweeps became part of the State sweeps, which check more).  Those functions have grown since (more tutorial text, step-wise proofs in the
CLI tests), so the set costs at least what the old assertions cost.
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "ce9bf47"
RENAMED = {
    "tests/unit/test_notation.py": "tests/canary/test_notation.py",
    "tests/unit/test_board_record.py": "tests/canary/test_board_record.py",
    "tests/cli/test_check_errors.py": "tests/cli/test_canary_check_errors.py",
    "tests/cli/test_commands.py": "tests/cli/test_canary_cli.py",
    "tests/cli/test_four_players.py": "tests/cli/test_canary_four_players.py",
}
REPLACED = {
    "tests/unit/test_puzzles.py::test_clue_and_goal_puzzles":
        "tests/unit/test_puzzles.py::test_puzzles_have_a_unique_answer_first_proven_at_the_cut",
    "tests/unit/test_puzzles.py::test_detective_puzzles":
        "tests/unit/test_puzzles.py::test_puzzles_have_a_unique_answer_first_proven_at_the_cut",
    "tests/unit/test_reader_fuzz.py::test_every_field_with_every_odd_value_is_a_clean_error":
        "tests/unit/test_reader_fuzz.py::test_every_field_with_every_odd_value_is_success_or_a_clean_error",
    "tests/werewolf/test_soundness.py::test_truth_survives":
        "tests/werewolf/test_state.py::test_every_seat_replays_and_the_truth_survives",
    "tests/canary/test_soundness.py::test_truth_survives_the_counter":
        "tests/canary/test_state.py::test_records_of_every_seat_pass_the_check_and_keep_the_truth",
}


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def defines(path: Path, func: str) -> bool:
    return path.exists() and re.search(rf"^def {func}\b", path.read_text(encoding="utf-8"), re.M) is not None


def before_ids() -> list[str]:
    """Today's node ids (file::function, every parametrization) of the functions at BEFORE."""
    ids: dict[str, None] = {}
    for path in git("ls-tree", "-r", "--name-only", BEFORE, "tests").split():
        if not Path(path).name.startswith("test_"):
            continue
        for name in re.findall(r"^def (test_\w+)", git("show", f"{BEFORE}:{path}"), re.M):
            old = f"{path}::{name}"
            new = REPLACED.get(old, f"{RENAMED.get(path, path)}::{name}")
            file, func = new.split("::")
            if not defines(ROOT / file, func):  # moved to another file of the same folder?
                moved = [f for f in sorted((ROOT / file).parent.glob("test_*.py")) if defines(f, func)]
                if len(moved) != 1:
                    raise SystemExit(f"{old}: not found today as {new} (add it to RENAMED or REPLACED)")
                new = f"{moved[0].relative_to(ROOT).as_posix()}::{func}"
            ids[new] = None
    return list(ids)


def timed(argv: list[str]) -> tuple[float, float, int]:
    """(wall s, CPU s of the children, exit status) of one command run from the repository."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    status = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, status


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "time"
    ids = before_ids()
    if what == "ids":
        print("\n".join(ids))
        return
    pytest = str(Path(sys.executable).parent / "pytest")
    runs = {
        "make test-fast": ["make", "--no-print-directory", "test-fast"],
        f"the {len(ids)} test functions of {BEFORE}, --full": [pytest, "-n", "auto", "--dist", "worksteal", "--full",
                                                               "-p", "no:cacheprovider", *ids],
        "make test": ["make", "--no-print-directory", "test"],
    }
    for label, argv in runs.items():
        wall, cpu, status = timed(argv)
        print(f"{label}: {wall:.0f} s wall, {cpu:.0f} s CPU{'' if status == 0 else f' (FAILED, status {status})'}",
              flush=True)


if __name__ == "__main__":
    main()
