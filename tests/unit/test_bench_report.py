"""``make bench`` rewrites docs/performance.md but keeps the sections it does not
measure (the test-suite timings, measured by hand)."""

from __future__ import annotations

import importlib.util
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
