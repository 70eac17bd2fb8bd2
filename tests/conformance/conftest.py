"""The conformance suite (OpenSpiel-style): every registered game through the same sweeps
over one simulated corpus per game, played once per run and shared by every sweep.

- ``conformance_games()`` is the one place the suite takes its games from: the registry
  (``suiri.models.GAMES``), so a game registered at test time runs through it too.
- A test that takes the ``chunk`` argument runs once per chunk of each game's corpus
  (``corpus.CHUNKS`` chunks).  The default run (``make test-fast``) takes the same
  seeded tenth of the chunks in every sweep, so the sweeps share the chunks they play;
  ``--full`` (``make test``) takes them all.
- The ``corpus`` fixture hands out a chunk's played games (``corpus[chunk]``).
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE_DIR = str(Path(__file__).parent)
if HERE_DIR not in sys.path:
    sys.path.insert(0, HERE_DIR)

from corpus import CHUNKS, Chunk, Corpus, Played  # noqa: E402
from hooks import hooks_for  # noqa: E402

FRACTION = 10  # as tests/conftest.py: the default run keeps one chunk in FRACTION


TOY = "toy"  # tests/toy: a game registered through the registry's door for each of its tests


def conformance_games() -> list[str]:
    """The games the suite runs: every game of the registry, in its order, and the toy
    game (registered at test time, as a fourth game would be in the package)."""
    from suiri.models import GAMES

    return [*GAMES, *([] if TOY in GAMES else [TOY])]


@pytest.fixture(autouse=True)
def registered_toy(request: pytest.FixtureRequest) -> Iterator[None]:
    """The toy game registered (``suiri.models.register``) while one of its tests runs."""
    chunk = getattr(request.node, "callspec", None) and request.node.callspec.params.get("chunk")
    if not (isinstance(chunk, Chunk) and chunk.game == TOY):
        yield
        return
    from toy.plugin import install, uninstall

    install()
    try:
        yield
    finally:
        uninstall()


def in_default_run(chunk: Chunk) -> bool:
    """The seeded tenth of a game's chunks that the default run takes (the same in every
    sweep, so they share the chunks played)."""
    return chunk.index % FRACTION == zlib.crc32(chunk.game.encode()) % FRACTION


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "chunk" in metafunc.fixturenames:
        params = []
        for name in conformance_games():
            for index in range(CHUNKS):
                chunk = Chunk(name, index)
                marks = () if in_default_run(chunk) else (pytest.mark.slow,)
                params.append(pytest.param(chunk, id=str(chunk), marks=marks))
        metafunc.parametrize("chunk", params)


def play_chunk(chunk: Chunk) -> list[Played]:
    hooks = hooks_for(chunk.game)
    return [hooks.play(spec) for spec in hooks.specs(chunk.index, CHUNKS)]


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Corpus:
    """Every game's corpus, chunk by chunk.  Under pytest-xdist the workers of one run
    share the chunks through the run's temporary folder (its base folder is per run);
    in one process they stay in memory."""
    folder = None
    if hasattr(request.config, "workerinput"):  # an xdist worker: basetemp is <run>/popen-gwN
        folder = tmp_path_factory.getbasetemp().parent / "conformance"
    return Corpus(folder, play_chunk)
