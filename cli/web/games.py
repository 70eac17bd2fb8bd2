"""The games pages: the list of records, a new game, an upload, the bundled examples, and a
game's own page (picture, certain facts, chances, the entry line, undo and redo, proofs,
hints, advice).

Every answer is the CLI's: the analysis ``suiri analyze`` prints, the proofs of ``suiri
explain``, the hints of ``suiri hint --level N``, the advice of ``suiri advise``, drawn by
the game's view; the record is kept as ``suiri live`` keeps it (``store``).  Each page part
that changes is its own template, sent alone to htmx (``HX-Request``) and inside the whole
page otherwise, so that every form also works without JavaScript (a POST, then a redirect).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Query, Request, UploadFile
from fastapi.responses import FileResponse, RedirectResponse, Response

from suiri.cli.completion import complete
from suiri.cli.facts import parse_facts
from suiri.cli.layout import percent, readable_count
from suiri.cli.messages import MESSAGES, ErrorText, Messages
from suiri.cli.views import View, view
from suiri.models import GAMES, GameFacts, example_records, facts, game
from suiri.models.interface import Analysis, Record, Session
from suiri.solver.errors import ErrorList, Source, SuiriError, render, valid_suffix
from suiri.solver.reasoning import ReasoningSession

from .pages import page_lang
from .pages import render as render_page
from .store import Entry, Store, StoreError, upload_name

router = APIRouter()
PLACEHOLDER = re.compile(r"[A-Z][A-Z-]+")  # a word of a setup line still to be replaced (CARD, CLUE)
SUGGESTIONS = 30  # completions offered at most under the entry line


def store(request: Request) -> Store:
    """The app's one store (``create_app`` makes it on the configured folder)."""
    found: Store = request.app.state.store
    return found


def htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


# ---- errors, in the page's language ------------------------------------------------------
@dataclass(frozen=True)
class Shown:
    """One error as a page shows it: where (line, field) and what, in the page's language."""

    line: int | None
    field: str | None
    message: str


def shown_errors(exc: SuiriError, lang: str) -> list[Shown]:
    """The errors of ``exc`` (one, or a reader's list), each with its line and field and its
    sentence with the "did you mean" and what would be valid; the file is the page's."""
    errors = exc.errors if isinstance(exc, ErrorList) else [exc]
    return [Shown(e.source.line if e.source else None, e.source.field if e.source else None,
                  render(e.text, lang) + valid_suffix(e.valid_text, lang)) for e in errors]


def error_page(request: Request, exc: SuiriError) -> Response:
    """A whole page for a refused request about a record (no such record, a bad name ...)."""
    status = exc.status if isinstance(exc, StoreError) else 400
    return render_page(request, "error.html", status_code=status, key=None,
                       errors=shown_errors(exc, page_lang(request)), error_id=None)


# ---- the list, new games, uploads, examples -------------------------------------------
@router.get("/")
def games_list(request: Request) -> Response:
    return render_page(request, "games.html", games=store(request).list(), examples=sorted(example_records()),
                       titles=game_titles(page_lang(request)))


def game_titles(lang: str) -> dict[str, str]:
    return {name: (f.title_ja if lang == "ja" else f.title_en) for name, f in ((n, facts(n)) for n in GAMES)}


@router.get("/new")
def new_game_form(request: Request) -> Response:
    return render_page(request, "new.html", **new_form_context(page_lang(request)))


def new_form_context(lang: str, **given: str) -> dict[str, Any]:
    about = {name: facts(name) for name in GAMES}
    form: dict[str, str] = {"game": next(iter(GAMES)), "players": "", "seat": "", "secret": "", "variant": "base",
                            "setup": "", "name": ""}
    form.update({k: v for k, v in given.items() if k in form})
    say = Messages(lang)
    named = {v: say(f"web:variant-{v}") if f"web:variant-{v}" in MESSAGES["en"] else v
             for f in about.values() for v in f.variants}
    return {"form": form, "titles": game_titles(lang), "variants": {n: list(f.variants) for n, f in about.items()},
            "variant_names": named,
            "counts": {n: f"{f.players.start}–{f.players.stop - 1}" for n, f in about.items()}, "errors": []}


@router.post("/new")
def new_game(request: Request, game_name: Annotated[str, Form(alias="game")],
             players: Annotated[str, Form()] = "", seat: Annotated[str, Form()] = "",
             secret: Annotated[str, Form()] = "", variant: Annotated[str, Form()] = "base",
             setup: Annotated[str, Form()] = "", name: Annotated[str, Form()] = "") -> Response:
    """Start a record from the form: the setup lines ``suiri live`` would offer, the secret
    put into the seat's line, the variant's lines added, and any line typed under "setup"
    in place of the offered line of the same kind (or added)."""
    lang = page_lang(request)
    given = {"game": game_name, "players": players, "seat": seat, "secret": secret, "variant": variant,
             "setup": setup, "name": name}
    try:
        header = setup_header(game_name, players.split(), seat.strip(), secret.split(), variant, setup)
        wanted = name.strip()
        wanted = wanted if not wanted or wanted.endswith((".txt", ".toml")) else f"{wanted}.txt"
        created = store(request).create(game_name, header, wanted or None)
    except SuiriError as exc:
        context = new_form_context(lang, **given)
        context["errors"] = shown_errors(exc, lang)
        if isinstance(exc, Unfilled):
            context["form"] = {**context["form"], "setup": "\n".join(exc.lines)}
        status = exc.status if isinstance(exc, StoreError) else 422
        return render_page(request, "new.html", status_code=status, **context)
    return RedirectResponse(f"/games/{created}", status_code=303)


class Unfilled(SuiriError):
    """Setup lines with words still to be replaced (``CARD``): they go back to the form."""

    def __init__(self, lines: list[str], at: int) -> None:
        super().__init__(ErrorText("web:unfilled"), Source("setup", at, "setup"), ErrorText("web:unfilled-valid"))
        self.lines = lines


def setup_header(name: str, players: Sequence[str], seat: str, secret: Sequence[str], variant: str,
                 setup: str) -> list[str]:
    """The record's setup lines from the new-game form (see ``new_game``)."""
    if name not in GAMES:
        raise StoreError(ErrorText("web:no-game", game=name), Source("game", None, "game"),
                         ErrorText("web:no-game-valid", games=", ".join(GAMES)))
    about = facts(name)
    if len(players) not in about.players:
        raise StoreError(ErrorText("web:players", n=len(players), game=about.title_en, low=about.players.start,
                                   high=about.players.stop - 1), Source("players", None, "players"),
                         ErrorText("web:players-valid"))
    viewer = None if seat in ("", "none") else seat
    if viewer is not None and viewer not in players:
        raise StoreError(ErrorText("web:seat", seat=seat), Source("seat", None, "seat"),
                         ErrorText("web:seat-valid", names=", ".join(players)))
    if variant not in about.variants:
        raise StoreError(ErrorText("web:variant", game=about.title_en, variant=variant),
                         Source("variant", None, "variant"),
                         ErrorText("web:variant-valid", variants=", ".join(about.variants)))
    added, empty = variant_lines(about, len(players), variant)
    lines = [f"{line.split()[0]} -" if line.split()[0] in empty else line
             for line in game(name).setup_lines(tuple(players), viewer)]
    lines = [*lines, *added]
    if viewer is not None and secret:
        lines = [f"viewer {viewer} {' '.join(secret)}" if line.split()[0] == "viewer" else line for line in lines]
    for typed in (t.strip() for t in setup.splitlines()):
        if not typed or typed.startswith("#"):
            continue
        head = typed.split()[0]
        same = [i for i, line in enumerate(lines) if line.split()[0] == head and i > 0]
        if same:
            lines[same[0]] = typed
        elif head != name:
            lines.append(typed)
    unfilled = [i for i, line in enumerate(lines, 1) if any(PLACEHOLDER.fullmatch(w) for w in line.split()[1:])]
    if unfilled:
        raise Unfilled(lines, unfilled[0])
    return lines


def variant_lines(about: GameFacts, players: int, variant: str) -> tuple[list[str], set[str]]:
    """The header lines that say ``variant`` (Memory Detective's ``fake``, ``variant clue``
    and the Clue deck), and the setup lines that hold nothing in it (``public -``: Clue has
    no public cards), read from the game's own writer on a record of that variant dealt
    with no turn played.  ``sizes`` is left out: it says how one deal fell."""
    if variant == about.variants[0]:
        return [], set()
    played = game(about.name)
    dealt = [line.split() for line in played.write(played.play(players, 1, 0, None, variant), "compact").splitlines()]
    base = {line.split()[0] for line in played.setup_lines(tuple(f"p{i}" for i in range(players)), None)}
    added = [" ".join(words) for words in dealt[1:] if words and words[0] not in base | {"sizes"}]
    return added, {words[0] for words in dealt[1:] if words[1:] == ["-"]}


@router.get("/upload")
def upload_form(request: Request) -> Response:
    return render_page(request, "upload.html", errors=[], name="", text="")


@router.post("/upload")
async def upload(request: Request, record: Annotated[UploadFile | None, File()] = None,
                 text: Annotated[str, Form()] = "", name: Annotated[str, Form()] = "") -> Response:
    """Keep an uploaded record (a file, or pasted text) if it reads and checks."""
    lang = page_lang(request)
    data = await record.read() if record is not None else b""
    filename = record.filename if record is not None else None
    if not data and text.strip():
        data = text.encode("utf-8")
    chosen = upload_name(name.strip() or filename, "record", data)
    try:
        if not data:
            raise StoreError(ErrorText("web:no-upload"), Source("record", None, "record"),
                             ErrorText("web:no-upload-valid"))
        kept = store(request).upload(chosen, data)
    except SuiriError as exc:
        status = exc.status if isinstance(exc, StoreError) else 422
        return render_page(request, "upload.html", status_code=status, errors=shown_errors(exc, lang),
                           name=chosen, text=text)
    return RedirectResponse(f"/games/{kept}", status_code=303)


@router.post("/examples/{example}")
def open_example(request: Request, example: str) -> Response:
    """A copy of a bundled record in the folder, opened."""
    try:
        name = store(request).copy_example(example)
    except SuiriError as exc:
        return error_page(request, exc)
    return RedirectResponse(f"/games/{name}", status_code=303)


# ---- a game's page ---------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """One possibility of the chances table: ``p`` is the string ``analyze --json`` prints."""

    subject: str
    value: str
    p: str
    shown: str
    words: str
    kind: str  # "sure", "ruled" or "open"
    bar: str  # the chance in percent, for the bar behind it


def game_context(request: Request, name: str, entry: Entry, **extra: object) -> dict[str, Any]:
    """What the game's page shows of ``entry``'s position, in the page's language."""
    lang = page_lang(request)
    live = entry.live
    position = live.position
    session: Session[Record] = position.session
    analysis: Analysis = position.analysis
    about = live.game.facts
    shown: View[object, object, object] = view(about.name)
    chances = analysis.chances()
    rows = [Row(f.subject, f.value, json.dumps(float(p)), percent(p), shown.fact(session, f, lang),
                "sure" if p == 1 else "ruled" if p == 0 else "open", f"{float(p) * 100:.1f}")
            for f, p in chances.items()]
    say = Messages(lang)
    total = position.counts.total
    context: dict[str, Any] = {  # a template's context: values of every kind
        "name": name, "title": shown.title(session, lang), "game": about.name, "version": entry.version,
        "lines": live.lines, "can_redo": entry.can_redo,
        "worlds": say("web:worlds", n=readable_count(total, lang), kind=say.unit(about.world_name, total)),
        "picture": shown.svg(analysis, lang), "certain": [(str(f), shown.fact(session, f, lang))
                                                          for f in analysis.certain],
        "rows": rows, "over": shown.game_over(session, lang), "starts": shown.events(session, []),
        "typed": "", "errors": [], "said": None, "panel": None, "focus": htmx(request)}
    context.update(extra)
    return context


def state_page(request: Request, name: str, entry: Entry, status_code: int = 200, **extra: object) -> Response:
    """The game's state: alone for htmx (it replaces ``#state``), else the whole page."""
    template = "game_state.html" if htmx(request) else "game.html"
    return render_page(request, template, status_code=status_code, **game_context(request, name, entry, **extra))


@router.get("/games/{name}")
def game_page(request: Request, name: str) -> Response:
    try:
        with store(request).using(name) as entry:
            return render_page(request, "game.html", **game_context(request, name, entry))
    except SuiriError as exc:
        return error_page(request, exc)


@router.post("/games/{name}/line")
def add_line(request: Request, name: str, line: Annotated[str, Form()] = "",
             version: Annotated[str, Form()] = "") -> Response:
    """Type one line: saved at once if the record still reads and checks; otherwise the
    error under the entry line, the line kept to be corrected, nothing saved."""
    records = store(request)
    lang = page_lang(request)
    try:
        with records.using(name):
            if not line.strip():  # nothing typed: nothing to add (as in `suiri live`)
                entry = records.entry(name)
                return state_page(request, name, entry) if htmx(request) else \
                    RedirectResponse(f"/games/{name}", status_code=303)
            try:
                entry = records.add(name, line.strip(), version)
            except SuiriError as exc:
                if isinstance(exc, StoreError) and exc.status == 404:
                    raise
                entry = records.entry(name)
                status = exc.status if isinstance(exc, StoreError) else 422
                return state_page(request, name, entry, status, typed=line, errors=shown_errors(exc, lang))
            if not htmx(request):
                return RedirectResponse(f"/games/{name}", status_code=303)
            return state_page(request, name, entry)
    except SuiriError as exc:
        return error_page(request, exc)


@router.post("/games/{name}/undo")
def undo(request: Request, name: str, version: Annotated[str, Form()] = "") -> Response:
    return step_back_or_forth(request, name, version, forth=False)


@router.post("/games/{name}/redo")
def redo(request: Request, name: str, version: Annotated[str, Form()] = "") -> Response:
    return step_back_or_forth(request, name, version, forth=True)


def step_back_or_forth(request: Request, name: str, version: str, forth: bool) -> Response:
    """Undo or redo as ``suiri live`` does; what it did is said above the entry line."""
    records = store(request)
    say = Messages(page_lang(request))
    try:
        with records.using(name):
            try:
                entry, line = records.redo(name, version) if forth else records.undo(name, version)
            except StoreError as exc:
                if exc.status == 404:
                    raise
                return state_page(request, name, records.entry(name), exc.status,
                                  errors=shown_errors(exc, page_lang(request)))
            if not htmx(request):
                return RedirectResponse(f"/games/{name}", status_code=303)
            if line is None:
                said = say("web:nothing-to-redo" if forth else "web:nothing-to-undo")
            else:
                said = say("web:redone" if forth else "web:undone", line=line)
            return state_page(request, name, entry, said=said)
    except SuiriError as exc:
        return error_page(request, exc)


def panel(request: Request, name: str, entry: Entry, template: str, status_code: int = 200,
          **context: object) -> Response:
    """A proof, a hint or the advice: alone for htmx (into its box), else in the game's page."""
    if htmx(request):
        return render_page(request, template, status_code=status_code, name=name, version=entry.version,
                           **context)
    return render_page(request, "game.html", status_code=status_code,
                       **game_context(request, name, entry, panel=template, **context))


@router.get("/games/{name}/explain")
def explain_fact(request: Request, name: str, fact: str = "") -> Response:
    """Why ``fact`` is certain, step by step (``suiri explain``)."""
    lang = page_lang(request)
    try:
        with store(request).using(name) as entry:
            session, reasoner = opened(entry)
            shown = view(entry.live.game.facts.name)
            try:
                if not fact.strip():
                    example = str(entry.live.position.analysis.certain[0]) if entry.live.position.analysis.certain \
                        else "…"
                    raise SuiriError(ErrorText("web:fact"), Source(name, None, "fact"),
                                     ErrorText("web:fact-valid", example=example))
                wanted = parse_facts(reasoner, name, [fact], "fact", entry.steps())[0]
                proof = entry.proof(reasoner, wanted)
            except SuiriError as exc:
                return panel(request, name, entry, "game_proof.html", 400, fact=fact, proof=None,
                             errors=shown_errors(exc, lang))
            return panel(request, name, entry, "game_proof.html", fact=fact, words=shown.fact(session, wanted, lang),
                         proof=shown.proof(session, proof, lang), errors=[])
    except SuiriError as exc:
        return error_page(request, exc)


@router.get("/games/{name}/hint")
def next_hint(request: Request, name: str, level: int = 1,
              known: Annotated[list[str] | None, Query()] = None) -> Response:
    """The hint of ``suiri hint --level LEVEL --known ...``; its button asks for one level
    more, and after the fourth for the next step (this step's fact known)."""
    lang = page_lang(request)
    given = [k for k in known or [] if k.strip()]
    try:
        with store(request).using(name) as entry:
            session, reasoner = opened(entry)
            shown = view(entry.live.game.facts.name)
            try:
                if not 1 <= level <= 4:
                    raise SuiriError(ErrorText("web:level", level=level), Source(name, None, "level"),
                                     ErrorText("web:level-valid"))
                facts_known = parse_facts(reasoner, name, given, "known", entry.steps())
                result = entry.hint(reasoner, facts_known)
            except SuiriError as exc:
                return panel(request, name, entry, "game_hint.html", 400, hint=None, errors=shown_errors(exc, lang),
                             next_params=[])
            if level < 4:
                following: list[tuple[str, str]] = [("level", str(level + 1)), *(("known", k) for k in given)]
            elif result.hints:
                following = [("level", "1"), *(("known", k) for k in given), ("known", str(result.hints[0].fact))]
            else:
                following = []
            return panel(request, name, entry, "game_hint.html", hint=shown.hint(session, result, level, lang),
                         level=level, errors=[], next_params=following if result.hints else [])
    except SuiriError as exc:
        return error_page(request, exc)


@router.get("/games/{name}/advise")
def advise(request: Request, name: str) -> Response:
    """The viewer's moves, ranked (``suiri advise``)."""
    lang = page_lang(request)
    try:
        with store(request).using(name) as entry:
            session, _ = opened(entry)
            shown = view(entry.live.game.facts.name)
            try:
                advice = shown.advice(session, entry.live.game.advise(session), lang)
            except SuiriError as exc:
                return panel(request, name, entry, "game_advice.html", 400, advice=None,
                             errors=shown_errors(exc, lang))
            return panel(request, name, entry, "game_advice.html", advice=advice, errors=[])
    except SuiriError as exc:
        return error_page(request, exc)


@router.get("/games/{name}/complete")
def suggestions(request: Request, name: str, line: str = "") -> Response:
    """The words that may come next on the entry line (``suiri live``'s Tab), as buttons
    that put the line so completed back into the entry."""
    try:
        with store(request).using(name) as entry:
            shown = view(entry.live.game.facts.name)
            word, options = complete(entry.live, shown.events, line, {})
    except SuiriError as exc:
        return error_page(request, exc)
    stem = line[: len(line) - len(word)] if word else line
    offered = [(option, f"{stem}{option} ") for option in options[:SUGGESTIONS]]
    return render_page(request, "game_suggestions.html", offered=offered)


@router.get("/games/{name}/download")
def download(request: Request, name: str) -> Response:
    try:
        path = store(request).existing(name)
    except SuiriError as exc:
        return error_page(request, exc)
    kind = "application/toml" if name.endswith(".toml") else "text/plain"
    return FileResponse(path, media_type=f"{kind}; charset=utf-8", filename=name)


def opened(entry: Entry) -> tuple[Session[Record], ReasoningSession]:
    """The position's session and its reasoner (what explain and hint ask)."""
    session: Session[Record] = entry.live.position.session
    return session, entry.live.game.reasoner(session)

