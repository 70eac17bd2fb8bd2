"""The JSON API beside the pages (issue 22): ``POST /api/check|analyze|explain|hint|advise``
with a record's text as the body answer exactly what ``suiri … --json`` prints for the same
record, through the same functions (``suiri.cli.answers``).

The body is the record as a file would hold it: TOML (``application/toml``) or either
notation (``text/plain``, or any other type: then the record's first word tells, as for a
file not named ``.toml``).  In errors and in ``check``'s ``file`` the record is called
``record.toml`` or ``record.txt`` accordingly.  A record or an option the CLI refuses is a
400 whose body holds the errors as ``check --json`` prints them (``answers.failure``); the
solver's time limit (the CLI's exit status 3) is a 503 of the same shape.  The security
guard checks the token, the Origin and the body's size; no CSRF token is needed, since the
API reads nothing from cookies and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from suiri.cli import answers
from suiri.solver.errors import SuiriError
from suiri.solver.records import decode_text

router = APIRouter(prefix="/api", tags=["api"])

TOML_TYPE = "application/toml"


class ErrorEntry(BaseModel):
    """One error, as ``suiri check --json`` lists it."""

    kind: str  # RecordSyntaxError, IllegalMoveError, InconsistentRecordError, FactError, Undecided, ...
    line: int | None  # the record's line, when the error has one
    field: str | None  # the field (or the option, e.g. FACT, --known) it is about
    message: str  # what is wrong (English, as --json prints it)
    valid: str | None  # what would be valid
    conflict: list[str]  # a minimal set of record lines that cannot all hold (an inconsistent record)


class Failure(BaseModel):
    """A 400 (503: the solver's time limit): the record or an option is refused."""

    file: str  # record.toml or record.txt: how the body was read
    legal: bool | None = None  # /api/check only, as check --json prints it
    consistent: bool | None = None  # /api/check only
    errors: list[ErrorEntry]


BODY = {"required": True, "description": "The record: TOML, or the game's compact line notation "
                                         "(docs/record-format.md).",
        "content": {TOML_TYPE: {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}}}
ANSWER: dict[int | str, dict[str, Any]] = {
    200: {"description": "What `suiri … --json` prints for the same record.",
          "content": {"application/json": {"schema": {"type": "object"}}}},
    400: {"model": Failure, "description": "The record does not read or replay, or an option is wrong."},
    503: {"model": Failure, "description": "The solver hit its time limit (the CLI's exit status 3)."},
}
Lang = Annotated[Literal["en", "ja"], Query(description="The language of the proof's or hint's sentences (--lang); "
                                                         "the other answers hold no sentences.")]


async def answered(request: Request, answer: Callable[[str, str], dict[str, Any]], check: bool = False) -> JSONResponse:
    """``answer(name, text)`` on the request's body, in a worker thread (the solver is slow
    and synchronous); a ``SuiriError`` becomes the 400 (or 503) ``Failure``."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    name = "record.toml" if kind == TOML_TYPE else "record.txt"
    try:
        text = decode_text(name, await request.body())
        return JSONResponse(await run_in_threadpool(answer, name, text))
    except SuiriError as exc:
        return JSONResponse(answers.failure(name, exc, check), status_code=400 if exc.exit_code == 2 else 503)


@router.post("/check", summary="Is the record legal and consistent? (suiri check --json)", responses=ANSWER,
             openapi_extra={"requestBody": BODY})
async def check(request: Request) -> JSONResponse:
    """Replay the record through the rules: the number of steps and of hidden states
    (worlds) that fit, or the first problem (400: `legal`, `consistent` and the errors,
    exactly as `suiri check --json` prints them)."""
    return await answered(request, answers.check, check=True)


@router.post("/analyze", summary="Exact probabilities and certain facts (suiri analyze --json)", responses=ANSWER,
             openapi_extra={"requestBody": BODY})
async def analyze(request: Request) -> JSONResponse:
    """The exact probability of every value of every subject from the viewer's seat, the
    certain facts, and `game_over`."""
    return await answered(request, answers.analyze)


@router.post("/explain", summary="Why a fact is certain, step by step (suiri explain --json)", responses=ANSWER,
             openapi_extra={"requestBody": BODY})
async def explain(request: Request,
                  fact: Annotated[str, Query(description="SUBJECT=VALUE or SUBJECT!=VALUE, e.g. clue:bea!=high, "
                                                         "holder:s3=cid, lost-legacy=hand:ben.")],
                  lines: Annotated[bool, Query(description="The record lines and rules the proof cites, "
                                                           "not its steps (--lines).")] = False,
                  lang: Lang = "en") -> JSONResponse:
    """The proof of `fact`: each step derives one fact from a few record lines and earlier
    steps; or, when the fact is not certain, a world where it fails."""
    return await answered(request, lambda name, text: answers.explain(name, text, fact, lines, lang))


@router.post("/hint", summary="The next deduction, in four levels of help (suiri hint --json)", responses=ANSWER,
             openapi_extra={"requestBody": BODY})
async def hint(request: Request,
               level: Annotated[int, Query(ge=1, le=4, description="1 where to look, 2 which rule, 3 which premises, "
                                                                   "4 the whole step.")] = 1,
               known: Annotated[list[str] | None, Query(description="A fact already worked out, or an earlier "
                                                                    "hint's fact (repeat the parameter).")] = None,
               skip_obvious: Annotated[bool, Query(description="Treat every one-line deduction as known.")] = False,
               lang: Lang = "en") -> JSONResponse:
    """The next step of the nearest deduction not yet made; give each hint's fact back
    as `known` and the hints walk along the proof, one step at a time."""
    given = tuple(known or ())
    return await answered(request, lambda name, text: answers.hint(name, text, level, given, skip_obvious, lang))


@router.post("/advise", summary="The viewer's next moves, ranked (suiri advise --json)", responses=ANSWER,
             openapi_extra={"requestBody": BODY})
async def advise(request: Request,
                 drew: Annotated[str | None, Query(description="Werewolf: the card just drawn (a turn in "
                                                               "progress), instead of writing it into the record.")]
                 = None) -> JSONResponse:
    """The viewer's legal moves for its next turn, each with its chances and the
    information it gains, in the game's terms."""
    return await answered(request, lambda name, text: answers.advise(name, text, drew))
