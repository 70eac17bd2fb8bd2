"""Record round trips, every game: each round-trip record of the corpus, written as TOML
and read back, and written in the compact notation and read back, is the same record
(where it was read from aside).  So both texts are canonical too: the writers read
nothing but the record's fields, so a record equal to the one written is written as
the same text.  Each game adds its own checks (``Hooks.round_trip``).  Replaces the
simulated-record sweeps of ``tests/<game>/test_notation.py`` and the TOML round trip
of Werewolf's State sweep."""

from __future__ import annotations

from corpus import ROUND_TRIP, Chunk, Corpus
from hooks import hooks_for

from suiri.models import game
from suiri.solver.records import parse_toml


def test_every_record_round_trips(chunk: Chunk, corpus: Corpus) -> None:
    g = game(chunk.game)
    hooks = hooks_for(chunk.game)
    seen: set[str] = set()
    records = 0
    for played in corpus[chunk]:
        for sample in played.of(ROUND_TRIP):
            where = (sample.where, sample.seat)
            record = sample.record
            toml = g.write(record)
            assert hooks.bare(g.read(parse_toml("game.toml", toml))) == hooks.bare(record), where
            compact = g.write(record, "compact")
            assert hooks.bare(g.read(g.parse_compact("game.txt", compact))) == hooks.bare(record), (where, compact)
            seen |= hooks.round_trip(sample, compact)
            records += 1
    assert records
    hooks.round_trip_coverage(seen)
