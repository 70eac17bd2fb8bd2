"""Puzzles for any game: a record cut from a simulated game, from one seat, whose
question has exactly one answer; rated by the size of the answer's minimal proof
(``suiri.puzzles.rating``) and gathered into printable books (``suiri.puzzles.book``).

This package sits above the games: it uses only the ``Game`` interface (``simulate``,
``cuts``, ``open``, ``answer``, ``reasoner``, ``write``); no game imports it."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from suiri.models import Game, check_players, check_question
from suiri.solver.facts import Fact
from suiri.solver.plural import Count
from suiri.solver.queries import Explanation

from .rating import Rating, rate

# The puzzle's leading comments, by language (English counts: ``solver.plural``).
HEADER: dict[str, dict[str, str]] = {
    "en": {"made": "# suiri puzzle: what is {question}?  ({made_by}; game seed {seed})",
           "difficulty": "# difficulty: {n:record line/record lines} needed",
           "answer": "# answer: {answer}  (suiri explain FILE '{answer}')"},
    "ja": {"made": "# suiri パズル：{question} は何か？（{made_by}、ゲームのシード {seed}）",
           "difficulty": "# 難しさ：答えに記録の {n} 行が必要",
           "answer": "# 答え：{answer}（suiri explain FILE '{answer}'）"},
}


@dataclass
class Puzzle:
    record: Any
    question: str  # the subject asked about, e.g. "clue:bea", "goal", "case:suspect"
    answer: Fact
    explanation: Explanation
    seed: int  # the simulated game's seed (``game.simulate(players, seed, ...)``)
    write: Callable[[Any], str]  # the game's record writer (TOML)
    rule_weight: Mapping[str, int]  # the game's rule weights, for the rating
    made_by: str = ""  # the command that makes this puzzle again

    @property
    def difficulty(self) -> int:
        """Record lines in the answer's minimal proof."""
        return len(self.explanation.observations)

    @property
    def rating(self) -> Rating:
        return rate(self.explanation, self.rule_weight)

    def to_toml(self, answer: bool = False, lang: str = "en") -> str:
        """The record with the puzzle in its leading comments (in ``lang``): how it was
        made (seeds included, so it can be made again) and the question; the answer only
        when asked for.  Comments leave the record's meaning unchanged (records README v1)."""
        words = HEADER[lang]
        head = [words["made"].format(question=self.question, made_by=self.made_by, seed=self.seed),
                words["difficulty"].format(n=Count(self.difficulty))]
        if answer:
            head.append(words["answer"].format(answer=self.answer))
        return "\n".join(head) + "\n" + self.write(self.record)

    def to_json(self, answer: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "made_by": self.made_by, "question": self.question,
                               "difficulty": self.difficulty, "record": self.write(self.record)}
        if answer:
            out |= {"answer": str(self.answer), "lines": list(self.explanation.observations),
                    "rules": list(self.explanation.rules)}
        return out


def generate(game: Game[Any, Any], players: int = 3, seed: int = 1, question: str | None = None,
             min_lines: int = 2, max_lines: int = 5, attempts: int = 200) -> Puzzle | None:
    """The first of ``attempts`` simulated games whose cut answers ``question`` with a
    proof of ``min_lines`` to ``max_lines`` record lines (None when there is none).

    Each attempt plays a seeded game, writes it from a random seat, and finds a cut
    (``game.cuts``) at which the question has an answer for that seat (``game.answer``)
    and the cut before has none (``first_answered``); the puzzle keeps that cut when the
    answer's minimal explanation has the wanted size.  Raises ``SuiriError`` for players
    or a question the game lacks."""
    about = game.facts
    question = question or about.questions[0]
    check_players(about, players)
    check_question(about, question)
    variant = about.variants[0]
    made_by = (f"suiri puzzle --game {about.name} --players {players} --seed {seed} --question {question}"
               f" --lines {min_lines}-{max_lines}")
    rng = random.Random(seed)
    for _ in range(attempts):
        game_seed = rng.randrange(10**9)
        viewer = rng.choice(game.new_state(players, game_seed, variant).players)
        record = game.simulate(players, game_seed, 500, viewer, variant)
        found = first_answered(game, game.cuts(record), question)
        if found is None:
            continue
        cut, session, fact = found
        reasoner = game.reasoner(session)
        explanation = reasoner.engine.explain(fact, first=reasoner.related(fact))
        if min_lines <= len(explanation.observations) <= max_lines:
            return Puzzle(cut, fact.subject, fact, explanation, game_seed, game.write, reasoner.rule_weight, made_by)
    return None


def first_answered(game: Game[Any, Any], cuts: Sequence[Any], question: str) -> tuple[Any, Any, Fact] | None:
    """A cut that answers ``question`` right after one that does not (the record before
    the first cut answers nothing), with its session and the answer; None when the whole
    record leaves the question open.

    Bisection: an answered cut and an unanswered one earlier always have such a step
    between them, so about log2(cuts) analyses are needed, not one per cut.  When an
    answer, once found, stays (Canary's clues and goal) this is the first answered cut;
    when it can be lost again (a card moving on) it is still a cut where it was just
    proven."""
    def answered(i: int) -> tuple[Any, Any, Fact] | None:
        session = game.open(cuts[i])
        fact = game.answer(session, question)
        return None if fact is None else (cuts[i], session, fact)

    if not cuts or (best := answered(len(cuts) - 1)) is None:
        return None
    low, high = -1, len(cuts) - 1  # cut ``low`` is unanswered (-1: before the record), ``high`` answered
    while high - low > 1:
        middle = (low + high) // 2
        if (got := answered(middle)) is None:
            low = middle
        else:
            high, best = middle, got
    return best
