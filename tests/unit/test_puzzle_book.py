"""`suiri puzzle` holds the answer back and keeps its seed in the file; `suiri puzzle-book`
makes unique-answer, rated, varied puzzles and writes them as self-contained HTML and
Markdown with the answers only in the solutions section."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models import facts, game, read_record
from suiri.puzzles import first_answered, generate
from suiri.puzzles.book import Book, BookPuzzle, before_play, build, markdown, page
from suiri.puzzles.rating import LEVELS, MIN_LINES, MIN_STEPS, Thresholds, thirds
from suiri.solver.facts import Fact


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


# -- suiri puzzle -------------------------------------------------------------------------------

PUZZLE = ("puzzle", "--game", "detective", "--players", "4", "--seed", "5", "--question", "card", "--lines", "1-9")


def test_puzzle_prints_the_answer_only_when_asked() -> None:
    found = generate(game("detective"), 4, 5, "card", 1, 9)
    assert found is not None
    answer = str(found.answer)
    status, plain = run(*PUZZLE)
    assert status == 0
    assert answer not in plain and "answer" not in plain.lower()
    status, shown = run(*PUZZLE, "--answer")
    assert status == 0
    assert f"# answer: {answer}" in shown
    _, as_json = run(*PUZZLE, "--json")
    assert "answer" not in json.loads(as_json) and "lines" not in json.loads(as_json)
    _, with_answer = run(*PUZZLE, "--json", "--answer")
    assert json.loads(with_answer)["answer"] == answer


def test_the_command_is_in_the_file_the_game_seed_only_with_the_answer(tmp_path: Path) -> None:
    """The file says how to make the puzzle again; the seed of the simulated game, which
    deals its hidden state again (``suiri simulate --seed``), only with ``--answer``."""
    played = game("detective")
    found = generate(played, 4, 5, "card", 1, 9)
    assert found is not None
    _, text = run(*PUZZLE)
    first = text.splitlines()[0]
    assert first.startswith("# suiri puzzle: what is ")
    assert "--seed 5 " in first and str(found.seed) not in text
    _, shown = run(*PUZZLE, "--answer")
    assert f"game seed {found.seed})" in shown
    path = tmp_path / "puzzle.toml"
    path.write_text(text, encoding="utf-8")
    status, checked = run("check", str(path))
    assert status == 0 and "legal and consistent" in checked
    record = played.read(read_record(path))
    assert played.write(record) == played.write(found.record)  # the comments change nothing
    again = played.simulate(4, found.seed, 500, record.viewer, "base")  # the game seed makes it again
    assert any(played.write(cut) == played.write(record) for cut in played.cuts(again))


def test_bisection_finds_the_first_answered_cut_when_answers_stay() -> None:
    """Canary's clues never change, so the cut ``first_answered`` bisects to is the first
    cut with an answer (what a scan from the start finds)."""
    played = game("canary")
    for seed in (1, 2, 3):
        record = played.simulate(3, seed, 500, "bea", "base")
        cuts = played.cuts(record)
        scan = next((i for i, cut in enumerate(cuts) if played.answer(played.open(cut), "clue") is not None), None)
        found = first_answered(played, cuts, "clue")
        assert (found is None) == (scan is None)
        if found is not None:
            assert found[0] is cuts[scan]


# -- suiri puzzle-book ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def book() -> Book:
    from suiri.cli.views import picture_svg

    return build("detective", 6, "mixed", seed=2, picture=picture_svg, workers=1)


def only_answer(puzzle: BookPuzzle) -> None:
    """The exact counter gives the puzzle's subject exactly one possible value: the answer
    (read back from the TOML the book keeps, and from its lines in the compact notation)."""
    played = game(puzzle.game)
    from_toml = played.read(played.parse_compact("p.txt", "\n".join(puzzle.lines) + "\n"))
    for record in (from_toml, played.read(_toml(puzzle.record_toml))):
        chances = played.reasoner(played.open(record)).distribution(puzzle.subject)
        assert [value for value, p in chances.items() if p == 1] == [puzzle.value]
        assert all(p == 0 for value, p in chances.items() if value != puzzle.value)
    assert puzzle.answer == f"{puzzle.subject}={puzzle.value}"


def _toml(text: str):  # type: ignore[no-untyped-def]
    from suiri.solver.records import parse_toml

    return parse_toml("p.toml", text)


@pytest.mark.slow  # the book fixture: make test only: the edit loop (make test-fast) stays under 90 s
def test_every_puzzle_in_a_book_has_exactly_one_answer(book: Book) -> None:
    assert len(book.puzzles) == 6
    for puzzle in book.puzzles:
        only_answer(puzzle)


@pytest.mark.slow  # the book fixture: make test only: the edit loop (make test-fast) stays under 90 s
def test_a_mixed_book_is_varied_and_rated(book: Book) -> None:
    puzzles = book.puzzles
    assert len({p.key for p in puzzles}) == len(puzzles)  # no two records alike
    assert len({p.question for p in puzzles}) >= 3
    assert len({p.players for p in puzzles}) >= 3
    assert len({p.seat for p in puzzles}) >= 2
    assert [p.level for p in puzzles] == ["easy"] * 2 + ["medium"] * 2 + ["hard"] * 2  # a third each, easiest first
    for p in puzzles:
        assert p.level == facts("detective").thresholds.level(p.rating.score)
        assert p.rating.lines == len(p.proof) >= MIN_LINES  # the printed lines the proof cites
        assert p.rating.steps == len(p.steps) >= MIN_STEPS[p.level]
        assert p.rating.hardest == max((w for _, w in p.rules), default=1)


@pytest.mark.slow  # three books, ~14 s of CPU: make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("level", LEVELS)
def test_a_book_asked_for_one_level_has_only_that_level(level: str) -> None:
    chosen = build("detective", 2, level, seed=7, workers=1)
    assert len(chosen.puzzles) == 2
    limits = facts("detective").thresholds
    for p in chosen.puzzles:
        assert p.level == level
        low = {"easy": 0, "medium": limits.easy + 1, "hard": limits.medium + 1}[level]
        high = {"easy": limits.easy, "medium": limits.medium, "hard": 10**6}[level]
        assert low <= p.rating.score <= high


@pytest.mark.slow  # the book fixture: make test only: the edit loop (make test-fast) stays under 90 s
def test_the_picture_gives_no_answer_away(book: Book) -> None:
    """The picture shows the table at the end and only what the seat knew at the setup:
    the answer is not certain in what it is drawn from."""
    played = game("detective")
    for p in book.puzzles:
        record = played.read(played.parse_compact("p.txt", "\n".join(p.lines) + "\n"))
        drawn_from = before_play(played, record, played.open(record))
        assert drawn_from.certain == []
        assert drawn_from.chances()[Fact(p.subject, p.value)] < 1
        assert p.picture.startswith("<svg")


@pytest.mark.slow  # the book fixture: make test only: the edit loop (make test-fast) stays under 90 s
def test_the_html_is_self_contained_and_holds_the_answers_back(book: Book) -> None:
    text = page(book)
    assert not re.search(r"https?:|<script|<link|\bsrc=|@import|url\(", text)
    assert "@page { size: A4" in text and "break-before: page" in text
    assert text.count("<svg") == len(book.puzzles)
    questions, solutions = text.split('<section class="solutions">')
    for p in book.puzzles:
        assert p.answer not in questions
        assert p.answer in solutions
    assert "not in the book yet" not in text


@pytest.mark.slow  # the book fixture: make test only: the edit loop (make test-fast) stays under 90 s
def test_the_markdown_has_each_puzzle_then_the_solutions(book: Book) -> None:
    text = markdown(book)
    questions, solutions = text.split("## Solutions")
    assert questions.count("**") == 2 * len(book.puzzles)  # one question each
    for i, p in enumerate(book.puzzles, 1):
        assert f"## Puzzle {i} ({p.level})" in questions
        assert p.answer not in questions
        assert f"### Puzzle {i}: `{p.answer}`" in solutions


def test_the_command_writes_html_and_markdown(tmp_path: Path) -> None:
    html, md = tmp_path / "book.html", tmp_path / "book.md"
    status, said = run("puzzle-book", "--game", "detective", "--count", "3", "--difficulty", "easy",
                       "--lang", "ja", "--html", str(html), "--markdown", str(md), "--workers", "1")
    assert status == 0, said
    assert said.splitlines()[0].startswith(f"{html} に書き出しました：パズル 3 問（やさしい 3 問）")  # --lang ja
    assert '<html lang="ja">' in html.read_text(encoding="utf-8")
    assert "## 解答" in md.read_text(encoding="utf-8")


def test_the_command_needs_an_output_file() -> None:
    status, said = run("puzzle-book", "--game", "detective", "--count", "2")
    assert status == 2 and "error: " in said and "--html FILE" in said


@pytest.mark.sweep
@pytest.mark.parametrize(("name", "count"), [("canary", 6), ("werewolf", 6), ("detective", 12)])
def test_a_book_of_each_game_builds_in_a_process_pool(name: str, count: int) -> None:
    from suiri.cli.views import picture_svg

    made = build(name, count, "mixed", seed=3, picture=picture_svg, workers=2)
    assert sorted(p.level for p in made.puzzles) == sorted(LEVELS * (count // 3))
    assert len({p.key for p in made.puzzles}) == count
    for p in made.puzzles:
        only_answer(p)
        assert p.picture.startswith("<svg")


def test_thresholds_cut_the_scores_into_thirds() -> None:
    assert thirds([2, 2, 2, 3, 4, 5, 6, 7, 9]) == Thresholds(easy=2, medium=5, sampled=9)
    assert thirds([2] * 8 + [3]).easy == 2  # ties stay together; the rest is split above
    t = facts("detective").thresholds
    assert t.sampled > 0 and t.easy < t.medium
    assert [MIN_STEPS[level] for level in LEVELS] == sorted(set(MIN_STEPS.values())) and MIN_STEPS["easy"] >= 2
    assert [t.level(s) for s in (t.easy, t.easy + 1, t.medium, t.medium + 1)] == ["easy", "medium", "medium", "hard"]
