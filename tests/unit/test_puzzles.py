"""Generated puzzles have a unique answer, the wanted difficulty and a legal record."""

from __future__ import annotations

from suiri.models.canary.analysis import analyze
from suiri.models.canary.session import CanarySession
from suiri.puzzles.canary import generate
from suiri.solver.probability import fact_probability


def test_clue_and_goal_puzzles() -> None:
    for seed, question in [(1, "clue"), (2, "clue"), (3, "goal")]:
        puzzle = generate(3, seed, question, 2, 6)
        assert puzzle is not None
        session = CanarySession(puzzle.record)
        assert fact_probability(session, puzzle.answer) == 1
        assert 2 <= puzzle.difficulty <= 6
        # one turn earlier the question was still open for that seat
        earlier = CanarySession(puzzle.record.truncated(len(puzzle.record.turns) - 1))
        assert puzzle.answer not in analyze(earlier).certain


def test_detective_puzzles() -> None:
    from suiri.models.detective.analysis import analyze as analyze_detective
    from suiri.models.detective.session import DetectiveSession
    from suiri.puzzles.detective import generate as generate_detective

    for seed, question in [(1, "suspect"), (2, "card")]:
        puzzle = generate_detective(3, seed, question, 2, 6)
        assert puzzle is not None
        session = DetectiveSession(puzzle.record)
        assert fact_probability(session, puzzle.answer) == 1
        assert 2 <= puzzle.difficulty <= 6
        # one event earlier the question was still open for that seat
        earlier = DetectiveSession(puzzle.record.truncated(len(puzzle.record.events) - 1))
        assert puzzle.answer not in analyze_detective(earlier).certain
