"""Puzzles for any game: a record cut from a simulated game, from one seat, whose
question has exactly one answer that no single record line gives away; rated by the
answer's step-wise proof (``suiri.puzzles.rating``) and gathered into printable books
(``suiri.puzzles.book``).

This package sits above the games: it uses only the ``Game`` interface (``simulate``,
``cuts``, ``open``, ``answer``, ``reasoner``, ``steps``, ``write``); no game imports it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from suiri.models.interface import A, PuzzleSource, R, S, V, check_players, check_question
from suiri.solver.chain import StepExplainer
from suiri.solver.facts import Fact
from suiri.solver.plural import Count
from suiri.solver.problem import Step
from suiri.solver.stepwise import Stepwise

from .rating import LEVELS, MIN_LINES, Rating, rate, valid


@dataclass
class Proven:
    """An answer's step-wise proof (``suiri.solver.stepwise``) and its rating."""

    chain: list[Step]
    rating: Rating
    level: str
    words: Stepwise  # says each step in words (``words.sentence(step, lang)``)

# The puzzle's leading comments, by language (English counts: ``solver.plural``), and the
# words of its level.
HEADER: dict[str, dict[str, str]] = {
    "en": {"made": "# suiri puzzle: what is {question}?  ({made_by})",
           "difficulty": "# difficulty: {level}, score {score}: {lines:record line/record lines}, {steps:step/steps}, "
                         "hardest rule {hardest}",
           "answer": "# answer: {answer}  (suiri explain FILE '{answer}'; game seed {seed})",
           "easy": "easy", "medium": "medium", "hard": "hard"},
    "ja": {"made": "# suiri パズル：{question} は何か？（{made_by}）",
           "difficulty": "# 難しさ：{level}、点数 {score}：記録の {lines} 行、{steps} 段階、最も重いルール {hardest}",
           "answer": "# 答え：{answer}（suiri explain FILE '{answer}'、ゲームのシード {seed}）",
           "easy": "やさしい", "medium": "ふつう", "hard": "むずかしい"},
}


@dataclass
class Puzzle(Generic[R]):
    record: R
    question: str  # the subject asked about, e.g. "clue:bea", "goal", "case:suspect"
    answer: Fact
    proven: Proven
    seed: int  # the simulated game's seed (``game.simulate(players, seed, ...)``): the answer key
    write: Callable[[R], str]  # the game's record writer (TOML)
    made_by: str = ""  # the command that makes this puzzle again

    @property
    def lines(self) -> list[str]:
        """The record lines the step-wise proof cites."""
        return list(dict.fromkeys(g for s in self.proven.chain for g in s.lines))

    @property
    def rules(self) -> list[str]:
        """The rules the step-wise proof uses."""
        return list(dict.fromkeys(r for s in self.proven.chain for r in s.rules))

    @property
    def difficulty(self) -> int:
        """Record lines the answer's step-wise proof cites."""
        return self.rating.lines

    @property
    def rating(self) -> Rating:
        return self.proven.rating

    def to_toml(self, answer: bool = False, lang: str = "en") -> str:
        """The record with the puzzle in its leading comments (in ``lang``): the command
        that makes it again and the question; the answer, and the seed of the simulated
        game (which deals the hidden state again), only when asked for.  Comments leave
        the record's meaning unchanged (records README v1)."""
        words, r = HEADER[lang], self.rating
        head = [words["made"].format(question=self.question, made_by=self.made_by),
                words["difficulty"].format(level=words[self.proven.level], score=r.score, lines=Count(r.lines),
                                           steps=Count(r.steps), hardest=r.hardest)]
        if answer:
            head.append(words["answer"].format(answer=self.answer, seed=self.seed))
        return "\n".join(head) + "\n" + self.write(self.record)

    def to_json(self, answer: bool = False) -> dict[str, Any]:
        r = self.rating
        out: dict[str, Any] = {"made_by": self.made_by, "question": self.question, "difficulty": self.difficulty,
                               "level": self.proven.level, "score": r.score, "steps": r.steps,
                               "record": self.write(self.record)}
        if answer:
            out |= {"answer": str(self.answer), "seed": self.seed, "lines": self.lines,
                    "rules": self.rules}
        return out


BUDGET = 300  # solver calls a puzzle's proof may spend on looking for small steps (``StepExplainer``)


def rated(game: PuzzleSource[R, S, A, V], session: S, fact: Fact,
          wanted: Callable[[int], bool] = lambda lines: True) -> tuple[list[Step], Rating, Stepwise] | None:
    """The step-wise proof of a certain ``fact``, its rating and the words for its steps;
    None when a puzzle asking for ``fact`` would give itself away at any level: a single
    record line gives the answer (with every rule on), or the proof is shorter than an
    easy puzzle's (``rating.MIN_STEPS``).  ``wanted``: whether a proof citing that many
    record lines is wanted (the proof cites exactly the minimal set of lines it starts
    from, so an unwanted size is known before the costlier chain is made)."""
    words = game.steps(session)
    explainer = words.explainer
    explainer.budget = min(explainer.budget, BUDGET)
    source = game.reasoner(session).source
    printed: Callable[[str], int | str] = lambda oid: source(oid).line or oid  # noqa: E731
    lines = explainer.focus(fact)
    cited = len({printed(oid) for oid in lines})
    if cited < MIN_LINES or not wanted(cited) or explainer.obvious([fact]) or one_line_gives(explainer, fact, printed):
        return None
    chain = explainer.explain(fact, lines=lines)
    rating = rate(chain, explainer.problem.rule_weight, printed)
    return (chain, rating, words) if valid(rating, LEVELS[0]) else None


def one_line_gives(explainer: StepExplainer, fact: Fact, printed: Callable[[str], int | str]) -> bool:
    """Whether one printed line that holds several record entries (a compact ``search``
    line holds one a call) gives ``fact`` alone, with every rule on (``obvious`` asks it of
    each entry alone)."""
    p = explainer.problem
    by_line: dict[int | str, list[int]] = {}
    for oid, lit in p.lines.items():
        by_line.setdefault(printed(oid), []).append(lit)
    return any(not explainer.oracle.solve([*explainer.all_rules, *lits, -p.literal(fact)])
               for lits in by_line.values() if len(lits) > 1)


def prove(game: PuzzleSource[R, S, A, V], session: S, fact: Fact,
          wanted: Callable[[int], bool] = lambda lines: True) -> Proven | None:
    """``fact``'s step-wise proof, rated and levelled, or None when a puzzle asking for
    it would give itself away (``rated``) or its proof is shorter than its level needs
    (``rating.valid``).  What the proof cites is what it is rated by, so a puzzle's
    level and the hints ``suiri hint`` gives for it come from one engine."""
    found = rated(game, session, fact, wanted)
    if found is None:
        return None
    chain, rating, words = found
    level = game.facts.thresholds.level(rating.score)
    return Proven(chain, rating, level, words) if valid(rating, level) else None


def generate(game: PuzzleSource[R, S, A, V], players: int = 3, seed: int = 1, question: str | None = None,
             min_lines: int = 2, max_lines: int = 5, attempts: int = 200) -> Puzzle[R] | None:
    """The first of ``attempts`` simulated games whose cut answers ``question`` with a
    step-wise proof citing ``min_lines`` to ``max_lines`` record lines that gives
    nothing away (``prove``); None when there is none.

    Each attempt plays a seeded game, writes it from a random seat, and finds a cut
    (``game.cuts``) at which the question has an answer for that seat (``game.answer``)
    and the cut before has none (``first_answered``); the puzzle keeps that cut when its
    proof is valid and of the wanted size.  Raises ``SuiriError`` for players or a
    question the game lacks."""
    about = game.facts
    question = question or about.questions[0]
    check_players(about, players)
    check_question(about, question)
    made_by = (f"suiri puzzle --game {about.name} --players {players} --seed {seed} --question {question}"
               f" --lines {min_lines}-{max_lines}")
    for cut, session, fact, game_seed in answered(game, players, seed, question, attempts):
        proven = prove(game, session, fact, lambda lines: min_lines <= lines <= max_lines)
        if proven is not None and min_lines <= proven.rating.lines <= max_lines:
            return Puzzle(cut, fact.subject, fact, proven, game_seed, game.write, made_by)
    return None


def answered(game: PuzzleSource[R, S, A, V], players: int, seed: int, question: str,
             attempts: int) -> Iterator[tuple[R, S, Fact, int]]:
    """For each of ``attempts`` games simulated from ``seed`` (written from a random
    seat) that answers ``question``: the cut, its session, the answer and the game's
    seed (``first_answered``)."""
    variant = game.facts.variants[0]
    rng = random.Random(seed)
    for _ in range(attempts):
        game_seed = rng.randrange(10**9)
        viewer = rng.choice(game.new_state(players, game_seed, variant).players)
        record = game.simulate(players, game_seed, 500, viewer, variant)
        found = first_answered(game, game.cuts(record), question)
        if found is not None:
            yield (*found, game_seed)


def first_answered(game: PuzzleSource[R, S, A, V], cuts: Sequence[R], question: str) -> tuple[R, S, Fact] | None:
    """A cut that answers ``question`` right after one that does not (the record before
    the first cut answers nothing), with its session and the answer; None when the whole
    record leaves the question open.

    Bisection: an answered cut and an unanswered one earlier always have such a step
    between them, so about log2(cuts) analyses are needed, not one per cut.  When an
    answer, once found, stays (Canary's clues and goal) this is the first answered cut;
    when it can be lost again (a card moving on) it is still a cut where it was just
    proven."""
    def answered(i: int) -> tuple[R, S, Fact] | None:
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
