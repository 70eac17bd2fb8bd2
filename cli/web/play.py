"""The web app's play pages (issue 22, "Play"): a game against bots, one decision a request.

A game is ``suiri play``'s save file (``cli/play.py``'s ``Saved``: the seed, the seats, the
bots and the person's choices; docs/play.md), kept in the games folder as ``play-ID.toml``:
the browser and ``suiri play --resume`` go on with the same files.  The game is played by
``play_game``, the terminal's one loop, with the person's seat a ``Person``: its saved
choices replayed, then ``Waiting`` raised at its next decision, which stops the loop with
the referee at that decision (``Waiting`` is not an ``Exception``: ``play_game`` does not
take it for a forfeit).  A choice calls ``play_game`` again on the same referee.

The running games stay in memory (``Tables``: a few, by id) with the file as the truth: a
table whose choices are not the file's (the server restarted, another process played,
``undo``) is dealt again from the seed and replayed, as ``--resume`` does.  Each change
names the number of choices it was made after (``version``); a stale one is refused and
nothing is written.  At the end the person's record is written beside the save file (for
the game page and ``suiri report``) and the review is shown (``models/review.py``, in
``cli/review.py``'s words).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, Generic

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from suiri.cli.messages import Messages
from suiri.cli.play import (
    FAMILY,
    SAY,
    Failed,
    Saved,
    Seat,
    best,
    new_game,
    read_saved,
    record_path,
    seated,
)
from suiri.cli.views import VIEWS, View
from suiri.models import GAMES
from suiri.models import game as game_named
from suiri.models.bots import MAX_CHOICES, Bot, Decision, Outcome, Seating, play_game
from suiri.models.interface import A, Game, R, S, V
from suiri.models.live import write_atomically
from suiri.models.review import Recorder, review
from suiri.solver.errors import SuiriError

from .pages import page_lang, render

router = APIRouter()

PREFIX = "play-"  # a save file is play-ID.toml, as `suiri play`'s own default (play-GAME-SEED.toml)
ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,80}")
KEPT = 8  # running games kept in memory


class Waiting(BaseException):
    """The person's seat must choose and has no saved choice left: ``play_game`` stops here.
    (Not an ``Exception``: ``play_game`` makes a bot's exception its forfeit.)"""


@dataclass
class Person(Seat[R]):
    """The person's seat in the browser: the saved choices, then ``Waiting``."""

    def ask(self, decision: Decision[Any, Any]) -> object:
        raise Waiting()


@dataclass
class Table(Generic[R, S, A, V]):
    """A game in progress in memory: the referee stopped at the person's decision (or
    over), and what the review needs.  Its methods run under ``lock``."""

    game: Game[R, S, A, V]
    view: View[S, A, V]
    saved: Saved  # as in the file: ``saved.choices`` are the person's choices so far
    seating: Seating[Any, Any, R]
    person: Person[R]
    bots: dict[str, str]  # each other seat's strategy
    players: dict[str, Bot[Any, Any]]
    decision: Decision[Any, Any] | None = None
    outcome: Outcome | None = None
    total: int = 0  # choices made by every seat (the bound on a game's choices)
    reviewed: dict[str, list[str]] = field(default_factory=dict)  # the review's lines, by language
    lock: threading.Lock = field(default_factory=threading.Lock)

    def advance(self) -> None:
        """Play on until the person must choose (and has no saved choice) or the game ends."""
        try:
            outcome = play_game(self.seating, {**self.players, self.person.seat: self.person},
                                MAX_CHOICES - self.total, watch=self.watch)
        except Waiting:
            self.decision = self.seating.decision()
            return
        except Failed as failed:
            raise failed.error from None
        self.decision, self.outcome = None, outcome
        self.person.recorder.resolve(over=True)

    def watch(self, decision: Decision[Any, Any], choice: object, /) -> None:
        self.person.watch(decision, choice)
        self.total += 1

    def choose(self, number: int) -> None:
        """The person's option ``number`` (from 1) at its decision."""
        self.person.replay = [number]
        self.advance()
        self.saved = replace(self.saved, choices=list(self.person.made))

    def review_lines(self, lang: str) -> list[str]:
        """The review (once the game is over), said as ``suiri play`` says it."""
        from suiri.cli.review import render as said

        if lang not in self.reviewed:
            assert self.outcome is not None
            result = review(self.game, self.person.recorder, self.bots, self.outcome.winners, self.outcome.ending,
                            self.saved.seed)
            self.reviewed[lang] = said(result, self.game, self.view, lang)
        return self.reviewed[lang]


    def page(self, lang: str, coach: bool) -> dict[str, Any]:
        """What the play page shows now, from the person's seat, in ``lang``."""
        from suiri.cli.play_options import context, named

        game, view = self.game, self.view
        me = self.person.seat
        record = self.seating.record_for(me)
        session = game.open(record)
        analysis = game.analyze(session)
        shown: dict[str, Any] = {
            "seat": me, "bots": self.bots, "version": len(self.saved.choices),
            "record": game.write(record, "compact").splitlines(),
            "svg": view.svg(analysis, lang),
            "certain": [(str(f), view.fact(session, f, lang)) for f in analysis.certain],
        }
        if self.decision is not None:
            options = named(game.facts.name, self.decision)
            families: dict[str, list[int]] = {}
            for i, o in enumerate(options):
                families.setdefault(o.key.split()[0], []).append(i + 1)
            shown |= {"seen": context(game.facts.name, self.decision, lang), "undo": self.person.rewound() is not None,
                      "groups": []}
            for verb, members in families.items():  # in the options' order: the first button is option 1
                if len(members) > FAMILY:  # Detective's 729 triples: a word per slot, as the terminal takes them
                    keys = [options[n - 1].key.split() for n in members]
                    slots = [list(dict.fromkeys(k[j] for k in keys if len(k) > j)) for j in range(1, max(map(len, keys)))]
                    shown["groups"].append({"verb": verb, "slots": slots, "count": len(members),
                                            "example": options[members[0] - 1].say(lang)})
                else:
                    shown["groups"].append({"options": [{"number": n, "key": options[n - 1].key,
                                                         "text": options[n - 1].say(lang)} for n in members]})
            if coach and len(options) > 1:  # (one option: nothing to advise)
                shown["advice"] = best(view.advice(session, game.advise(session), lang))
            return shown
        assert self.outcome is not None
        said = SAY[lang]
        ending = self.outcome.ending
        if ending == "forfeit" and self.outcome.forfeit is not None:
            shown["ending"] = said["forfeit"].format(seat=self.outcome.forfeit.seat, error=self.outcome.forfeit.error)
        elif ending == "draw":
            shown["ending"] = said["draw"].format(n=self.total)
        else:
            shown["ending"] = view.game_over(session, lang) or said["over"]
        shown["review"] = self.review_lines(lang)
        return shown

    def number(self, option: str, verb: str, slots: list[str]) -> int | None:
        """The option chosen in a form: its number (a button), or a family's words (its
        verb and one word per slot, as the terminal takes them); None: not an option now."""
        from suiri.cli.play_options import named

        if self.decision is None:
            return None
        count = len(self.decision.options)
        if option:
            return int(option) if option.isdigit() and 1 <= int(option) <= count else None
        words = " ".join([verb, *slots])
        keys = [o.key for o in named(self.game.facts.name, self.decision)]
        return keys.index(words) + 1 if words in keys else None

    def finish(self, path: Path) -> Path | None:
        """Once the game is over, the person's record written beside its save file (as
        ``suiri play`` writes it), for the game page and ``suiri report``."""
        if self.outcome is None:
            return None
        written = record_path(path)
        text = self.game.write(self.seating.record_for(self.person.seat), "toml")
        if not written.exists() or written.read_text(encoding="utf-8") != text:
            write_atomically(written, text)
        return written


@dataclass(frozen=True)
class Dealing:
    """Deal ``saved``'s game and replay its choices (a ``Command``: the game's types known)."""

    saved: Saved
    path: Path

    def __call__(self, game: Game[R, S, A, V], view: View[S, A, V], /) -> Table[R, S, A, V]:
        saved = self.saved
        seating = game.seating(saved.players, saved.seed, saved.variant)
        me, bots, players = seated(game, saved, seating.players)
        person: Person[R] = Person(me, self.path, Recorder(seating, me), list(saved.choices))
        table = Table(game, view, replace(saved, choices=[]), seating, person, bots, players)
        table.advance()
        table.saved = replace(saved, choices=list(person.made))
        return table


class Tables:
    """The running games by save file, the few used last, and a lock per game: every
    request on a game holds it from reading the file to writing it."""

    def __init__(self) -> None:
        self.kept: OrderedDict[Path, Table[Any, Any, Any, Any]] = OrderedDict()
        self.locks: dict[Path, threading.Lock] = {}
        self.lock = threading.Lock()

    def of(self, path: Path) -> threading.Lock:
        with self.lock:
            return self.locks.setdefault(path, threading.Lock())

    def get(self, path: Path, saved: Saved) -> Table[Any, Any, Any, Any]:
        """The table of the game saved as ``saved`` in ``path`` (hold ``of(path)``): the one
        kept when its choices are the file's, else dealt again and replayed."""
        with self.lock:
            table = self.kept.get(path)
            if table is not None and table.saved == saved:
                self.kept.move_to_end(path)
                return table
        table = VIEWS[saved.game].use(Dealing(saved, path))
        with self.lock:
            self.kept[path] = table
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        return table


TABLES = Tables()


# ---- the routes ------------------------------------------------------------------------

BOTS = ("reasoner", "notebook", "concealer", "random")  # every game's bots (docs/bots.md), the default first


def folder(request: Request) -> Path:
    return Path(request.app.state.config.games_dir)


def save_path(request: Request, game_id: str) -> Path | None:
    """The save file of game ``game_id`` (None: not a game's id)."""
    if not ID.fullmatch(game_id):
        return None
    return folder(request) / f"{PREFIX}{game_id}.toml"


def saved_games(request: Request) -> list[tuple[str, Saved]]:
    """The games saved in the folder, newest first (a file that does not read is left out)."""
    found = []
    for path in sorted(folder(request).glob(f"{PREFIX}*.toml"), key=lambda p: p.stat().st_mtime, reverse=True):
        game_id = path.name[len(PREFIX):-len(".toml")]
        if path.name.endswith(".record.toml") or not ID.fullmatch(game_id):
            continue
        try:
            found.append((game_id, read_saved(str(path))))
        except SuiriError:
            continue
    return found


def new_page(request: Request, status_code: int = 200, error: str = "", **asked: object) -> HTMLResponse:
    """The form of a new game, the games saved, and what was wrong with the last try."""
    facts = [game_named(n).facts for n in GAMES]
    choices = {"games": [(f.name, f.title_en, f.title_ja) for f in facts], "bots": BOTS,
               "variants": list(dict.fromkeys(v for f in facts for v in f.variants))}
    return render(request, "play_new.html", status_code=status_code, error=error, asked=asked,
                  saved=saved_games(request), **choices)


@router.get("/play", response_class=HTMLResponse)
def play_new(request: Request) -> HTMLResponse:
    """Start a game against bots; go on with one saved."""
    return new_page(request)


@router.post("/play")
def play_start(request: Request, game: Annotated[str, Form()] = "", players: Annotated[str, Form()] = "",
               seat: Annotated[str, Form()] = "1", bots: Annotated[str, Form()] = "",
               seed: Annotated[str, Form()] = "", variant: Annotated[str, Form()] = "",
               coach: Annotated[str, Form()] = "") -> Response:
    """A new game, saved at once; then its page."""
    lang = page_lang(request)
    t = Messages(lang)
    asked = {"game": game, "players": players, "seat": seat, "bots": bots, "seed": seed, "variant": variant,
             "coach": coach}
    numbers: dict[str, int | None] = {}
    for name, text in (("players", players), ("seat", seat), ("seed", seed)):
        if text.strip() and not text.strip().isdigit():
            return new_page(request, 400, t("play-page:not-number", field=name, value=text), **asked)
        numbers[name] = int(text) if text.strip() else None
    if game not in GAMES:
        return new_page(request, 400, t("play-page:no-game", games=", ".join(GAMES)), **asked)
    try:
        saved = new_game(game, numbers["players"], numbers["seat"] or 1, bots or None, numbers["seed"],
                         variant or None)
    except SuiriError as error:
        return new_page(request, 400, error.render(lang), **asked)
    base = f"{saved.game}-{saved.seed}"
    game_id = next(i for i in (base, *(f"{base}-{k}" for k in range(2, 1000))) if not (folder(request) / f"{PREFIX}{i}.toml").exists())
    path = save_path(request, game_id)
    assert path is not None
    with TABLES.of(path):
        write_atomically(path, saved.toml())
    return RedirectResponse(play_url(game_id, coach == "on"), status_code=303)


def play_url(game_id: str, coach: bool) -> str:
    return f"/play/{game_id}" + ("?coach=1" if coach else "")


def game_page(request: Request, game_id: str, table: Table[Any, Any, Any, Any], path: Path, coach: bool,
              status_code: int = 200, error: str = "") -> HTMLResponse:
    lang = page_lang(request)
    facts = table.game.facts
    written = table.finish(path)
    return render(request, "play_game.html", status_code=status_code, game_id=game_id, coach=coach, error=error,
                  title=facts.title_ja if lang == "ja" else facts.title_en, saved=table.saved,
                  record_file=written.name if written is not None else None, **table.page(lang, coach))


def missing(request: Request, game_id: str) -> HTMLResponse:
    return new_page(request, 404, Messages(page_lang(request))("play-page:missing", id=game_id))


def opened(request: Request, game_id: str) -> tuple[Path, Saved] | HTMLResponse:
    """The game's save file, read (hold its lock); else the page saying why."""
    path = save_path(request, game_id)
    if path is None or not path.is_file():
        return missing(request, game_id)
    try:
        return path, read_saved(str(path))
    except SuiriError as error:
        return new_page(request, 400, error.render(page_lang(request)))


@router.get("/play/{game_id}", response_class=HTMLResponse)
def play_page(request: Request, game_id: str, coach: bool = False) -> HTMLResponse:
    """The game from the person's seat: the picture, the record, the decision; at the end the review."""
    path = save_path(request, game_id)
    if path is None:
        return missing(request, game_id)
    with TABLES.of(path):
        got = opened(request, game_id)
        if isinstance(got, HTMLResponse):
            return got
        path, saved = got
        try:
            table = TABLES.get(path, saved)
        except SuiriError as error:
            return new_page(request, 400, error.render(page_lang(request)))
        return game_page(request, game_id, table, path, coach)


@router.post("/play/{game_id}/choose")
def play_choose(request: Request, game_id: str, version: Annotated[str, Form()] = "",
                option: Annotated[str, Form()] = "", verb: Annotated[str, Form()] = "",
                slot: Annotated[list[str] | None, Form()] = None, coach: Annotated[str, Form()] = "") -> Response:
    """One of the person's options, at the version of the game it was offered at."""
    return change(request, game_id, version, coach == "1",
                  lambda table: table.number(option, verb, slot or []),
                  lambda table, n: table.choose(n))


@router.post("/play/{game_id}/undo")
def play_undo(request: Request, game_id: str, version: Annotated[str, Form()] = "",
              coach: Annotated[str, Form()] = "") -> Response:
    """Back to the start of the person's move (the bots have moved since: not further)."""
    return change(request, game_id, version, coach == "1", undoable, undo)


def undoable(table: Table[Any, Any, Any, Any]) -> int | None:
    return 0 if table.decision is not None and table.person.rewound() is not None else None


def undo(table: Table[Any, Any, Any, Any], _: int) -> Table[Any, Any, Any, Any]:
    back = table.person.rewound()
    assert back is not None
    return TABLES.get(table.person.path, replace(table.saved, choices=back))


def change(request: Request, game_id: str, version: str, coach: bool,
           allowed: Callable[[Table[Any, Any, Any, Any]], int | None],
           act: Callable[[Table[Any, Any, Any, Any], int], Table[Any, Any, Any, Any] | None]) -> Response:
    """A change of the game, refused (nothing written) when ``version`` is not the file's
    number of choices or ``allowed`` says no; saved at once, then the page again."""
    path = save_path(request, game_id)
    if path is None:
        return missing(request, game_id)
    t = Messages(page_lang(request))
    with TABLES.of(path):
        got = opened(request, game_id)
        if isinstance(got, HTMLResponse):
            return got
        path, saved = got
        try:
            table = TABLES.get(path, saved)
        except SuiriError as error:
            return new_page(request, 400, error.render(page_lang(request)))
        if version != str(len(saved.choices)):
            return game_page(request, game_id, table, path, coach, 409, t("play-page:stale"))
        n = allowed(table)
        if n is None:
            return game_page(request, game_id, table, path, coach, 400, t("play-page:not-option"))
        table = act(table, n) or table
        write_atomically(path, table.saved.toml())
    return RedirectResponse(play_url(game_id, coach), status_code=303)
