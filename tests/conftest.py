"""Sweeps: long exactness and soundness checks run whole by ``make test`` (``--full``,
in parallel with pytest-xdist) and as a seeded tenth by default (``make test-fast``).

Two ways to mark a sweep, with the same assertions either way:

- a parametrized test marked ``@pytest.mark.sweep``: nine in ten of its cases (chosen
  by a hash of the test id, so always the same ones) are also marked ``slow`` and run
  only with ``--full``;
- a test that loops over many games takes the ``sweep`` fixture:
  ``for seed in sweep(range(3000)):`` runs every seed with ``--full`` and a seeded
  tenth otherwise.

The conformance suite (``tests/conformance/``, docs/testing.md) marks its chunks itself:
every sweep there takes the same seeded tenth of each game's chunks by default, so the
sweeps share the games they play.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterable
from typing import TypeVar

import pytest

T = TypeVar("T")
FRACTION = 10  # the default run keeps one case in FRACTION


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true", default=False,
                     help="run the full sweeps (make test); by default a seeded tenth runs")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sweep: a parametrized sweep; nine in ten of its cases are slow")
    config.addinivalue_line("markers", "slow: runs only with --full (make test)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("sweep") is not None and hasattr(item, "callspec"):
            if zlib.crc32(item.nodeid.encode()) % FRACTION:
                item.add_marker(pytest.mark.slow)
    if config.getoption("--full"):
        return
    kept = [i for i in items if i.get_closest_marker("slow") is None]
    dropped = [i for i in items if i.get_closest_marker("slow") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture
def sweep(request: pytest.FixtureRequest) -> Callable[[Iterable[T]], list[T]]:
    """``sweep(cases)``: every case with ``--full``, else a seeded tenth (at least one)."""
    full = bool(request.config.getoption("--full"))

    def pick(cases: Iterable[T]) -> list[T]:
        every = list(cases)
        if full or len(every) <= 1:
            return every
        rng = random.Random(zlib.crc32(request.node.nodeid.encode()))
        chosen = rng.sample(range(len(every)), max(1, len(every) // FRACTION))
        return [every[i] for i in sorted(chosen)]

    return pick
