"""Record round trips, every game: each round-trip record of the corpus, written as TOML
and read back, and written in the compact notation and read back, is the same record
(where it was read from aside), and both texts are canonical (written again, they do
not change).  Each game adds its own checks (``Hooks.round_trip``).  Replaces the
simulated-record sweeps of ``tests/<game>/test_notation.py`` and the TOML round trip
of Werewolf's State sweep."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from corpus import ROUND_TRIP, Chunk, Corpus
from hooks import hooks_for

from suiri.models import game
from suiri.solver.records import parse_toml


def bare(record: Any) -> Any:
    """The record without where it was read from (no rule reads the file or the lines)."""
    return replace(record, file="<record>", lines=None)


def test_every_record_round_trips(chunk: Chunk, corpus: Corpus, full: bool) -> None:
    g = game(chunk.game)
    hooks = hooks_for(chunk.game)
    seen: set[str] = set()
    records = 0
    for played in corpus[chunk]:
        for sample in played.of(ROUND_TRIP):
            where = (sample.where, sample.seat)
            record = sample.record
            toml = g.write(record)
            from_toml = g.read(parse_toml("game.toml", toml))
            assert bare(from_toml) == bare(record), where
            assert g.write(from_toml) == toml, where
            compact = g.write(record, "compact")
            again = g.read(g.parse_compact("game.txt", compact))
            assert bare(again) == bare(record), (where, compact)
            assert g.write(again) == toml, where
            assert g.write(again, "compact") == compact, where
            seen |= hooks.round_trip(sample)
            records += 1
    assert records
    hooks.round_trip_coverage(seen, full)
