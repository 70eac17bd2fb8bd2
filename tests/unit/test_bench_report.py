"""``make bench`` rewrites docs/performance.md but keeps the sections it does not
measure (the test-suite timings, measured by hand), and reports a failed case and goes on
(issue 19, item 23): a command that exits non-zero, or a section that raises, becomes a
line under "Failed cases" instead of ending the run."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def bench_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_test_suite_section_survives_a_new_report(tmp_path: Path) -> None:
    bench = bench_module()
    report = tmp_path / "performance.md"
    report.write_text("# Performance\n\nold figures\n\n## Where is the Canary?\n\n| old |\n\n"
                      "## Test suite\n\n- make test: 3 min\n\n## Werewolf Never Sleeps\n\nold\n", encoding="utf-8")
    rows = [(3, 10, {"spectator": 0.001, "hint": 0.1, "cli_analyze": 0.5, "analyze": 0.002, "explain": 0.05,
                     "advise": 0.01, "peak_mib": 1.0})]
    bench.write_report(report, rows, 0.15, 0.4, 0.3, ["## Werewolf Never Sleeps", "", "new", ""])
    text = report.read_text(encoding="utf-8")
    assert "## Test suite\n\n- make test: 3 min\n" in text
    assert "| old |" not in text and "\nold\n" not in text and "\nnew\n" in text
    assert text.count("## Test suite") == 1
    bench.write_report(report, rows, 0.15, 0.4, 0.3, [])  # and again: still once
    assert report.read_text(encoding="utf-8").count("## Test suite") == 1


def test_a_failing_command_is_reported_and_the_bench_goes_on(tmp_path: Path) -> None:
    bench = bench_module()
    missing = str(tmp_path / "no-such-record.toml")
    assert math.isnan(bench.command_time(["analyze", missing], repeats=2))
    assert bench.command_time(["--help"], repeats=1) > 0  # the next case still runs
    assert len(bench.FAILED) == 1 and "no-such-record.toml" in bench.FAILED[0] and "exit 2" in bench.FAILED[0]

    def broken() -> list[str]:
        raise RuntimeError("undecided")

    lines = bench.section("explain and hint", broken)
    assert any("Failed" in line for line in lines) and len(bench.FAILED) == 2

    report = tmp_path / "performance.md"
    rows = [(3, 10, {"spectator": 0.001, "hint": 0.1, "cli_analyze": 0.5, "analyze": 0.002, "explain": 0.05,
                     "advise": 0.01, "peak_mib": 1.0})]
    bench.write_report(report, rows, 0.15, 0.4, 0.3, lines)
    text = report.read_text(encoding="utf-8")
    assert "## Failed cases" in text and "no-such-record.toml" in text and "RuntimeError('undecided')" in text
