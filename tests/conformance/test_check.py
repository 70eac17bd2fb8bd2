"""The State against ``check``, every game: every record of the corpus (``record_for``
of a seat or a spectator, whole or cut) passes the game's full check, and the true
hidden state is among the worlds it counts (each game's ``Hooks.truth``: the truth
keeps a positive count and the marginals add up).  A game that ended leaves nobody to
move (``Hooks.game_checks``), and each chunk meets what the sweeps must cover."""

from __future__ import annotations

from corpus import CHECK, Chunk, Corpus
from hooks import hooks_for

from suiri.models import game


def test_every_record_passes_the_check_and_keeps_the_truth(chunk: Chunk, corpus: Corpus) -> None:
    g = game(chunk.game)
    hooks = hooks_for(chunk.game)
    checked = 0
    shown: set[str] = set()
    for played in corpus[chunk]:
        hooks.game_checks(played)
        for sample in played.of(CHECK):
            session = g.open(sample.record)  # replays: raises at the first illegal step
            counts = session.check()
            assert counts.total > 0, (sample.where, sample.seat)
            shown |= hooks.truth(sample, session, counts)
            checked += 1
    assert checked
    hooks.coverage(corpus[chunk], shown)
