"""The puzzle pages (issue 22): pick a game and a level, solve the puzzle in the page,
check the answer, then see the solution one step a click; and the printable book.

A puzzle here is the one-puzzle book ``suiri puzzle-book --game G --count 1 --difficulty D
--seed N`` makes (``suiri.puzzles.book``): its record, picture, question and step-wise
solution, verified by the exact counter and rated on the calibrated levels.  The address
``/puzzles/G/D/N`` carries that public number N, the one the page prints in that command;
the simulated game's seed, which would deal the hidden state again, never leaves the
server (issue 19 item 6), and neither does the answer until the solution is asked for.
Puzzles are made in a worker thread and kept (``made``): checking an answer or showing a
step costs nothing more.
"""

from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

from suiri.models import GAMES, facts
from suiri.puzzles.book import (
    DIFFICULTIES,
    LEVEL_WORDS,
    TEXT,
    Book,
    BookPuzzle,
    build,
    page,
    proof_line,
    question_text,
    score_text,
)
from suiri.puzzles.rating import LEVELS
from suiri.solver.errors import SuiriError
from suiri.solver.facts import Fact
from suiri.solver.stepwise import ITEM

from ..views import Opened, picture_svg, with_record
from .pages import page_lang, render

router = APIRouter(include_in_schema=False)  # pages for people: the OpenAPI schema describes the JSON API

MAX_SEED = 10**9 - 1  # puzzle numbers: what a person can type and say
MAX_BOOK = 30  # puzzles in a book made while the page waits (a 20-puzzle Canary book: about 20 s of CPU)


@dataclass(frozen=True)
class Step:
    """One step of a solution: its sentence and the premises it groups (``stepwise.ITEM``)."""

    sentence: str
    grouped: list[str]


@dataclass(frozen=True)
class WebPuzzle:
    """A puzzle as its page shows it, in one language."""

    game: str
    difficulty: str
    seed: int
    lang: str
    puzzle: BookPuzzle
    choices: list[tuple[str, str]]  # every value the question may have, in words: (value, sentence)
    said: dict[str, str]  # each choice's fact in words, by value

    @property
    def url(self) -> str:
        return f"/puzzles/{self.game}/{self.difficulty}/{self.seed}"

    @property
    def command(self) -> str:
        """The command line that makes the same puzzle (its public number, no game seed)."""
        return f"suiri puzzle-book --game {self.game} --count 1 --difficulty {self.difficulty} --seed {self.seed}"

    @property
    def steps(self) -> list[Step]:
        split = [step.split(ITEM) for step in self.puzzle.steps]
        return [Step(sentence, grouped) for sentence, *grouped in split]

    @property
    def question(self) -> str:
        return question_text(self.game, self.puzzle.subject, self.lang)

    @property
    def score(self) -> str:
        return score_text(self.puzzle, self.lang)

    @property
    def you(self) -> str:
        return TEXT[self.lang]["you"].format(seat=self.puzzle.seat, players=self.puzzle.players)

    @property
    def rules(self) -> str:
        return ", ".join(f"{rule} ({weight})" for rule, weight in self.puzzle.rules)

    @property
    def proof(self) -> list[str]:
        """The record lines the solution needs, as the book's solutions list them."""
        return [proof_line(q, self.lang).replace("`", "") for q in self.puzzle.proof]


@functools.lru_cache(maxsize=64)
def made(game: str, difficulty: str, seed: int, lang: str) -> WebPuzzle:
    """The puzzle numbered ``seed`` of ``game`` at ``difficulty`` in ``lang`` (raises
    ``SuiriError`` when the book finds none)."""
    book = build(game, 1, difficulty, seed, lang, picture_svg, workers=1)
    puzzle = book.puzzles[0]

    def choices(o: Opened[Any, Any, Any, Any]) -> list[tuple[str, str]]:
        values = o.game.reasoner(o.session).distribution(puzzle.subject)  # every value, certain or ruled out
        return [(value, o.view.fact(o.session, Fact(puzzle.subject, value), lang)) for value in values]

    offered = with_record("puzzle.toml", choices, puzzle.record_toml)
    return WebPuzzle(game, difficulty, seed, lang, puzzle, offered, dict(offered))


@functools.lru_cache(maxsize=4)
def booked(game: str, count: int, difficulty: str, seed: int, lang: str) -> str:
    """The printable book's page (``suiri puzzle-book --html``)."""
    made_book: Book = build(game, count, difficulty, seed, lang, picture_svg, workers=1)
    return page(made_book)


def words(lang: str) -> dict[str, Any]:
    """What the puzzle templates need besides ``t``: the book's sentences and the names
    of the games and levels in ``lang``."""
    titles = {name: (facts(name).title_ja if lang == "ja" else facts(name).title_en) for name in GAMES}
    return {"book": TEXT[lang], "levels": LEVEL_WORDS[lang], "titles": titles, "level_names": LEVELS,
            "difficulties": DIFFICULTIES, "max_seed": MAX_SEED, "max_book": MAX_BOOK}


def refused(request: Request, status: int, key: str, **kw: object) -> HTMLResponse:
    """The puzzle pages' error page: what is wrong and what would do."""
    games = ", ".join(GAMES)
    return render(request, "puzzles_error.html", status_code=status, key=key, kw=kw, games=games,
                  **words(page_lang(request)))


def wanted(request: Request, game: str, difficulty: str, seed: str) -> tuple[str, str, int] | HTMLResponse:
    """The puzzle an address names, or the 404 page saying which part is not one."""
    if game not in GAMES:
        return refused(request, 404, "puzzle-page:no-game", game=game)
    if difficulty not in LEVELS:
        return refused(request, 404, "puzzle-page:no-level", level=difficulty)
    if not seed.isdigit() or int(seed) > MAX_SEED:
        return refused(request, 404, "puzzle-page:no-number", seed=seed)
    return game, difficulty, int(seed)


async def loaded(request: Request, game: str, difficulty: str, seed: str) -> WebPuzzle | HTMLResponse:
    """The puzzle an address names, made in a worker thread (or found kept), in the
    page's language; else the 404 page saying why."""
    found = wanted(request, game, difficulty, seed)
    if isinstance(found, HTMLResponse):
        return found
    lang = page_lang(request)
    try:
        return await run_in_threadpool(made, *found, lang)
    except SuiriError as exc:  # no puzzle of that level in the games this number deals
        return refused(request, 404, "puzzle-page:none-found", why=exc.render(lang),
                       again=f"/puzzles/{game}/{difficulty}/{(found[2] + 1) % (MAX_SEED + 1)}")


async def puzzle_page(request: Request, game: str, difficulty: str, seed: str, answer: str | None = None,
                      shown: int = 0) -> Response:
    """The puzzle's page (or, for htmx, the part that changed): with the verdict on
    ``answer`` when one was sent, and the first ``shown`` steps of the solution."""
    puzzle = await loaded(request, game, difficulty, seed)
    if isinstance(puzzle, HTMLResponse):
        return puzzle
    status, verdict = 200, None
    if answer is not None:
        if answer not in puzzle.said:
            status, verdict = 400, "unknown"
        else:
            verdict = "right" if answer == puzzle.puzzle.value else "wrong"
    shown = max(0, min(shown, len(puzzle.puzzle.steps)))
    context = {"p": puzzle, "verdict": verdict, "answer": answer, "shown": shown,
               "picture": Markup(puzzle.puzzle.picture),  # drawn by suiri from a simulated game: no typed text
               **words(puzzle.lang)}
    partial = request.headers.get("hx-request") == "true"
    if partial and answer is not None:
        return render(request, "puzzles_result.html", status_code=status, **context)
    return render(request, "puzzles_puzzle.html", status_code=status, **context)


@router.get("/puzzles", response_class=HTMLResponse)
async def index(request: Request, game: str | None = None, difficulty: str | None = None,
                seed: str | None = None) -> Response:
    """The game and level to pick (and a book to print); with ``game`` and ``difficulty``
    (and no ``seed``: a new number), on to that puzzle."""
    if game is None and difficulty is None:
        return render(request, "puzzles_index.html", **words(page_lang(request)))
    number = seed.strip() if seed and seed.strip() else str(secrets.randbelow(MAX_SEED + 1))
    found = wanted(request, game or "", difficulty or "", number)
    if isinstance(found, HTMLResponse):
        return found
    return RedirectResponse(f"/puzzles/{found[0]}/{found[1]}/{found[2]}", status_code=303)


@router.get("/puzzles/book", response_class=HTMLResponse)
async def book(request: Request, game: str = next(iter(GAMES)),
               count: Annotated[int, Query(ge=1, le=MAX_BOOK)] = 6,
               difficulty: str = "mixed", seed: Annotated[int, Query(ge=0, le=MAX_SEED)] = 1) -> Response:
    """The book as ``suiri puzzle-book --html`` writes it: one self-contained page that
    prints on A4, the solutions from a new page."""
    if game not in GAMES:
        return refused(request, 404, "puzzle-page:no-game", game=game)
    if difficulty not in DIFFICULTIES:
        return refused(request, 404, "puzzle-page:no-level", level=difficulty)
    lang = page_lang(request)
    try:
        return HTMLResponse(await run_in_threadpool(booked, game, count, difficulty, seed, lang))
    except SuiriError as exc:
        return refused(request, 404, "puzzle-page:none-found", why=exc.render(lang), again="/puzzles")


@router.get("/puzzles/{game}/{difficulty}/{seed}", response_class=HTMLResponse)
async def puzzle(request: Request, game: str, difficulty: str, seed: str,
                 shown: Annotated[int, Query(ge=0)] = 0) -> Response:
    """The puzzle: who you are, the picture, the record in words, the question, the
    answer form; ``shown``: that many steps of the solution (the links without htmx)."""
    return await puzzle_page(request, game, difficulty, seed, shown=shown)


@router.post("/puzzles/{game}/{difficulty}/{seed}", response_class=HTMLResponse)
async def check(request: Request, game: str, difficulty: str, seed: str,
                answer: Annotated[str, Form()]) -> Response:
    """Right or wrong (400: not one of the choices), and the solution to open step by step."""
    return await puzzle_page(request, game, difficulty, seed, answer=answer)


@router.get("/puzzles/{game}/{difficulty}/{seed}/solution", response_class=HTMLResponse)
async def solution(request: Request, game: str, difficulty: str, seed: str,
                   shown: Annotated[int, Query(ge=0)] = 1) -> Response:
    """The solution with its first ``shown`` steps (htmx swaps it in, one more a click)."""
    puzzle = await loaded(request, game, difficulty, seed)
    if isinstance(puzzle, HTMLResponse):
        return puzzle
    shown = min(shown, len(puzzle.puzzle.steps))
    return render(request, "puzzles_solution.html", p=puzzle, shown=shown, **words(puzzle.lang))
