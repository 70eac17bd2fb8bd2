"""Step-wise chains, every game: for each record of the corpus's chain games, every
certain fact gets a chain, and every step of every chain checks out (``chains.py``).
Replaces the simulated-record sweeps of ``tests/<game>/test_steps.py``; the sentence
tests of the same records read the same chains (``chains.explained``)."""

from __future__ import annotations

import pytest
from chains import chain_problems, explained, run_folder
from corpus import CHAINS, Chunk, Corpus

from suiri.models import game


def test_every_certain_fact_has_a_chain_that_checks_out(chunk: Chunk, corpus: Corpus,
                                                         tmp_path_factory: pytest.TempPathFactory,
                                                         request: pytest.FixtureRequest) -> None:
    g = game(chunk.game)
    folder = run_folder(tmp_path_factory, request.config)
    for played in corpus[chunk]:
        for sample in played.of(CHAINS):
            steps = g.steps(g.open(sample.record))
            assert chain_problems(steps, explained(steps, g.write(sample.record), folder)) == [], sample.where
