"""Step-wise chains, every game: for each record of the corpus's chain games, every
certain fact gets a chain, and every step of every chain checks out (``chains.py``).
Replaces the simulated-record sweeps of ``tests/<game>/test_steps.py``."""

from __future__ import annotations

from chains import chain_problems
from corpus import CHAINS, Chunk, Corpus

from suiri.models import game


def test_every_certain_fact_has_a_chain_that_checks_out(chunk: Chunk, corpus: Corpus) -> None:
    g = game(chunk.game)
    for played in corpus[chunk]:
        for sample in played.of(CHAINS):
            assert chain_problems(g.steps(g.open(sample.record))) == [], sample.where
