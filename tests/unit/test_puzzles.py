"""Generated puzzles have a unique answer, the wanted difficulty and a legal record, for
every game (``suiri.puzzles.generate`` over the ``Game`` interface)."""

from __future__ import annotations

import pytest

from suiri.models import game
from suiri.puzzles import generate
from suiri.solver.errors import SuiriError
from suiri.solver.probability import fact_probability

CASES = [("canary", 3, 1, "clue"), ("canary", 3, 2, "clue"), ("canary", 3, 3, "goal"),
         ("detective", 3, 1, "suspect"), ("detective", 3, 2, "card"),
         ("werewolf", 4, 1, "werewolf"), ("werewolf", 4, 2, "lost-legacy"), ("werewolf", 3, 3, "werewolf")]


@pytest.mark.sweep  # a generated puzzle a case: make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize(("name", "players", "seed", "question"), CASES)
def test_puzzles_have_a_unique_answer_first_proven_at_the_cut(name: str, players: int, seed: int,
                                                             question: str) -> None:
    played = game(name)
    puzzle = generate(played, players, seed, question, 2, 6)
    assert puzzle is not None
    session = played.open(puzzle.record)
    session.check()  # a legal, consistent record
    assert fact_probability(played.reasoner(session), puzzle.answer) == 1
    assert 2 <= puzzle.difficulty <= 6
    assert puzzle.question == puzzle.answer.subject
    # one step earlier the question was still open for that seat
    cuts = played.cuts(puzzle.record)
    assert len(cuts) >= 2
    earlier = played.reasoner(played.open(cuts[-2]))
    assert fact_probability(earlier, puzzle.answer) != 1


def test_a_question_the_game_does_not_ask_is_a_user_error() -> None:
    with pytest.raises(SuiriError, match="no question 'goal'"):
        generate(game("werewolf"), 4, 1, "goal", 2, 5)
    with pytest.raises(SuiriError, match="five squares"):
        generate(game("canary"), 2, 1, "goal", 2, 5)
    with pytest.raises(SuiriError, match="players"):
        generate(game("werewolf"), 5, 1, "werewolf", 2, 5)
