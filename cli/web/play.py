"""The web app's play pages (issue 22, "Play"): a game against bots, one decision a request.

A game is ``suiri play``'s save file (``cli/play.py``'s ``Saved``: the seed, the seats, the
bots and the person's choices; docs/play.md), kept as ``play/ID.toml`` inside --dir (not
among the records): the browser and ``suiri play --resume`` go on with the same files.  The game is played by
``play_game``, the terminal's one loop, with the person's seat a ``Person``: its saved
choices replayed, then ``Waiting`` raised at its next decision, which stops the loop with
the referee at that decision (``Waiting`` is not an ``Exception``: ``play_game`` does not
take it for a forfeit).  A choice calls ``play_game`` again on the same referee.

The running games stay in memory (``Tables``: a few, by id) with the file as the truth: a
table whose choices are not the file's (the server restarted, another process played,
``undo``) is dealt again from the seed and replayed, as ``--resume`` does.  Each change
names the number of choices it was made after (``version``); a stale one is refused and
nothing is written.  The person's record is kept among the records as ``play-ID.toml``,
rewritten after every choice, so that its picture, facts, proofs, hints and advice are the
games pages' own (``games.py``); at the end the review is shown (``models/review.py``, in
``cli/review.py``'s words).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, Generic

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from suiri.cli.messages import ErrorText, Messages
from suiri.cli.play import (
    FAMILY,
    SAY,
    Failed,
    Saved,
    Seat,
    best,
    new_game,
    news,
    read_saved,
    seated,
)
from suiri.cli.views import VIEWS, View
from suiri.models import GAMES
from suiri.models.bots import MAX_CHOICES, Bot, Decision, Outcome, Seating, play_game
from suiri.models.interface import A, Game, R, S, V
from suiri.models.live import write_atomically
from suiri.models.review import Recorder, review
from suiri.solver.errors import Source, SuiriError

from .games import Shown, game_context, new_form_context, shown_errors, store
from .pages import page_lang, render
from .store import NotFound, Store, StoreError, renamed

router = APIRouter()

PREFIX = "play-"  # the person's record: play-ID.toml in the games folder
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
    over), and what the review needs.  Used under its game's lock (``Tables.of``)."""

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
        """What the play page shows of the game now, from the person's seat, in ``lang``
        (the seat's record, its picture and facts come from the record's own page parts)."""
        from suiri.cli.play_options import context, named

        game, view = self.game, self.view
        shown: dict[str, Any] = {"seat": self.person.seat, "bots": self.bots, "version": len(self.saved.choices)}
        session = game.open(self.record()) if coach or self.decision is None else None
        if self.decision is not None:
            options = named(game.facts.name, self.decision)
            families: dict[str, list[int]] = {}
            for i, o in enumerate(options):
                families.setdefault(o.key.split()[0], []).append(i + 1)
            groups: list[dict[str, Any]] = []
            for verb, members in families.items():  # in the options' order: the first button is option 1
                if len(members) > FAMILY:  # Detective's 729 triples: a word per slot, as the terminal takes them
                    keys = [options[n - 1].key.split() for n in members]
                    slots = [list(dict.fromkeys(k[j] for k in keys if len(k) > j)) for j in range(1, max(map(len, keys)))]
                    groups.append({"verb": verb, "slots": slots, "count": len(members),
                                   "example": options[members[0] - 1].key})
                else:
                    groups.append({"options": [{"number": n, "key": options[n - 1].key,
                                                "text": options[n - 1].say(lang)} for n in members]})
            shown |= {"seen": context(game.facts.name, self.decision, lang), "groups": groups,
                      "undo": self.person.rewound() is not None, "news": self.news()}
            if session is not None and len(options) > 1:  # the coach (one option: nothing to advise)
                shown["advice"] = best(view.advice(session, game.advise(session), lang))
            return shown
        assert self.outcome is not None and session is not None
        said = SAY[lang]
        if self.outcome.ending == "forfeit" and self.outcome.forfeit is not None:
            shown["ending"] = said["forfeit"].format(seat=self.outcome.forfeit.seat, error=self.outcome.forfeit.error)
        elif self.outcome.ending == "draw":
            shown["ending"] = said["draw"].format(n=self.total)
        else:
            shown["ending"] = view.game_over(session, lang) or said["over"]
        shown["review"] = self.review_lines(lang)
        return shown

    def news(self) -> list[str]:
        """The lines of the person's record new since its last move began (its own move and
        what its seat saw of the others' since), as ``suiri play`` prints them."""
        moves = self.person.recorder.moves
        if not moves:
            return []
        before = self.game.write(moves[-1].before[self.person.seat], "compact").splitlines()
        return news(self.game.write(self.record(), "compact").splitlines(), before)

    def record(self) -> R:
        """The person's record as its seat writes it now."""
        return self.seating.record_for(self.person.seat)

    def record_text(self) -> str:
        return self.game.write(self.record(), "toml")

    def number(self, option: str, verb: str, slots: list[str]) -> int | None:
        """The option chosen in a form: its number (a button), or a family's words (its
        verb and one word per slot, as the terminal takes them); None: not an option now."""
        from suiri.cli.play_options import named

        if self.decision is None:
            return None
        if option:
            count = len(self.decision.options)
            return int(option) if option.isdigit() and 1 <= int(option) <= count else None
        words = " ".join([verb, *slots])
        keys = [o.key for o in named(self.game.facts.name, self.decision)]
        return keys.index(words) + 1 if words in keys else None


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

    def drop(self, path: Path) -> None:
        """Forget the game's table (a request failed half-way: the file is the truth)."""
        with self.lock:
            self.kept.pop(path, None)


# ---- the routes ------------------------------------------------------------------------

BOTS = ("reasoner", "notebook", "concealer", "random")  # every game's bots (docs/bots.md), the default first
FOLDER = "play"  # the save files' folder inside --dir (not records: the games list does not show them)


@dataclass
class Plays:
    """The app's games against bots: their save files (names checked by a ``Store`` on the
    folder ``play`` inside --dir) and their tables."""

    saves: Store
    tables: Tables = field(default_factory=Tables)

    def path(self, game_id: str) -> Path:
        """The save file of game ``game_id`` (``StoreError`` when it is not a game's name)."""
        return self.saves.path(f"{game_id}.toml")


def plays(request: Request) -> Plays:
    """The app's one ``Plays`` (made at the first request, beside the records' store)."""
    state = request.app.state
    if getattr(state, "plays", None) is None:
        state.plays = Plays(Store(Path(state.config.games_dir) / FOLDER))
    found: Plays = state.plays
    return found


def record_name(game_id: str) -> str:
    """The person's record in the games folder: a record like any other (its page, its
    proofs and hints, its download), rewritten after every choice."""
    return f"{PREFIX}{game_id}.toml"


def saved_games(request: Request) -> list[tuple[str, Saved]]:
    """The games saved, the most recently played first (a file that does not read is left out)."""
    kept = plays(request)
    found = []
    for listed in kept.saves.list():
        if listed.name.endswith(".toml"):
            try:
                found.append((listed.name[: -len(".toml")], read_saved(str(kept.saves.existing(listed.name)))))
            except SuiriError:
                continue
    return found


def new_page(request: Request, status_code: int = 200, errors: list[Shown] | None = None, about: str = "",
             **asked: str) -> HTMLResponse:
    """The form of a new game (the games, variants and player counts as the games' own new
    form names them), the games saved, and what was wrong with the last try."""
    offered = new_form_context(page_lang(request))
    return render(request, "play_new.html", status_code=status_code, errors=errors or [], about=about, asked=asked,
                  saved=saved_games(request), bots=BOTS, titles=offered["titles"], variants=offered["variants"],
                  variant_names=offered["variant_names"], counts=offered["counts"])


@router.get("/play", response_class=HTMLResponse)
def play_new(request: Request) -> HTMLResponse:
    """Start a game against bots; go on with one saved."""
    return new_page(request)


@router.post("/play")
def play_start(request: Request, game: Annotated[str, Form()] = "", players: Annotated[str, Form()] = "",
               seat: Annotated[str, Form()] = "", bots: Annotated[str, Form()] = "",
               seed: Annotated[str, Form()] = "", variant: Annotated[str, Form()] = "",
               coach: Annotated[str, Form()] = "") -> Response:
    """A new game (``suiri play``'s checks), saved at once; then its page."""
    lang = page_lang(request)
    asked = {"game": game, "players": players, "seat": seat, "bots": bots, "seed": seed, "variant": variant,
             "coach": coach}
    try:
        if game not in GAMES:
            raise StoreError(ErrorText("web:no-game", game=game), Source("game", None, "game"),
                             ErrorText("web:no-game-valid", games=", ".join(GAMES)))
        number = {name: whole(name, text) for name, text in (("players", players), ("seat", seat), ("seed", seed))}
        saved = new_game(game, number["players"], number["seat"] or 1, bots or None, number["seed"], variant or None)
        kept = plays(request)
        with kept.saves.lock(FOLDER):
            game_id = kept.saves.free_name(f"{saved.game}-{saved.seed}", ".toml")[: -len(".toml")]
            kept.saves.root.mkdir(parents=True, exist_ok=True)
            write_atomically(kept.path(game_id), saved.toml())
    except SuiriError as exc:
        return new_page(request, exc.status if isinstance(exc, StoreError) else 422, shown_errors(exc, lang), **asked)
    return RedirectResponse(play_url(game_id, coach == "on"), status_code=303)


def whole(name: str, text: str) -> int | None:
    """A number field of the form (None: left empty)."""
    if not text.strip():
        return None
    if not text.strip().isdigit():
        raise StoreError(ErrorText("save:field", kind=ErrorText("save:kinds")), Source(name, None, name))
    return int(text)


def play_url(game_id: str, coach: bool) -> str:
    return f"/play/{game_id}" + ("?coach=1" if coach else "")


@router.get("/play/{game_id}", response_class=HTMLResponse)
def play_page(request: Request, game_id: str, coach: str = "") -> Response:
    """The game from the person's seat: the decision, the record's picture, facts and
    chances; at the end the review."""
    return on_table(request, game_id, coach == "1", None)


@router.post("/play/{game_id}/choose")
def play_choose(request: Request, game_id: str, version: Annotated[str, Form()] = "",
                option: Annotated[str, Form()] = "", verb: Annotated[str, Form()] = "",
                slot: Annotated[list[str] | None, Form()] = None, coach: Annotated[str, Form()] = "") -> Response:
    """One of the person's options (a number, or a family's words), at the version of the
    game it was offered at."""

    def choose(table: Table[Any, Any, Any, Any]) -> Table[Any, Any, Any, Any] | str:
        n = table.number(option, verb, slot or [])
        if n is None:
            return "play-page:not-option"
        table.choose(n)
        return table

    return on_table(request, game_id, coach == "1", (version, choose))


@router.post("/play/{game_id}/undo")
def play_undo(request: Request, game_id: str, version: Annotated[str, Form()] = "",
              coach: Annotated[str, Form()] = "") -> Response:
    """Back to the start of the person's move (the bots have moved since: not further)."""
    kept = plays(request)

    def undo(table: Table[Any, Any, Any, Any]) -> Table[Any, Any, Any, Any] | str:
        back = table.person.rewound() if table.decision is not None else None
        if back is None:
            return "play-page:nothing-to-undo"
        return kept.tables.get(kept.path(game_id), replace(table.saved, choices=back))

    return on_table(request, game_id, coach == "1", (version, undo))


Change = Callable[[Table[Any, Any, Any, Any]], "Table[Any, Any, Any, Any] | str"]


def on_table(request: Request, game_id: str, coach: bool, change: tuple[str, Change] | None) -> Response:
    """Game ``game_id``'s page, after ``change`` (the version it was asked at, and what it
    does: the table after it, or the key of why not) when there is one.  The file is read
    under the game's lock; a stale version or a refusal writes nothing; a change is saved
    (and the person's record) before the page is shown again."""
    lang = page_lang(request)
    kept = plays(request)
    try:
        path = kept.path(game_id)
        if not path.is_file():
            raise NotFound(ErrorText("play-page:no-game", id=game_id), Source(f"{FOLDER}/{path.name}", None, "name"),
                           ErrorText("play-page:no-game-valid"))
        with kept.tables.of(path):
            try:
                saved = read_saved(str(path))
            except SuiriError as exc:  # said of the file as the folder names it, not the server's path
                raise renamed(exc, str(path), f"{FOLDER}/{path.name}") from None
            table = kept.tables.get(path, saved)
            status, said = 200, None
            if change is not None:
                version, act = change
                if version != str(len(saved.choices)):
                    status, said = 409, "play-page:stale"
                else:
                    try:
                        done = act(table)
                    except BaseException:
                        kept.tables.drop(path)  # half-played: deal it again from the file next time
                        raise
                    if isinstance(done, str):
                        status, said = 400, done
                    else:
                        table = done
                        write_atomically(path, table.saved.toml())
            written = record_name(game_id)
            records = store(request)
            with records.lock(written):
                target = records.path(written)
                text = table.record_text()
                if not target.is_file() or target.read_text(encoding="utf-8") != text:
                    write_atomically(target, text)
            if change is not None and status == 200:
                return RedirectResponse(play_url(game_id, coach), status_code=303)
            return page(request, game_id, table, written, coach, status, said, lang)
    except SuiriError as exc:
        return new_page(request, exc.status if isinstance(exc, StoreError) else 400, shown_errors(exc, lang),
                        Messages(lang)("play-page:unreadable", id=game_id))


def page(request: Request, game_id: str, table: Table[Any, Any, Any, Any], written: str, coach: bool,
         status_code: int, said: str | None, lang: str) -> HTMLResponse:
    """The play page: the game's part (``Table.page``) and the person's record's own page
    parts (picture, certain facts with their proofs, chances: ``games.game_context``)."""
    facts = table.game.facts
    with store(request).using(written) as entry:
        seat_view = game_context(request, written, entry)
    return render(request, "play_game.html", status_code=status_code, game_id=game_id, coach=coach,
                  said=Messages(lang)(said) if said else None, saved=table.saved,
                  title=facts.title_ja if lang == "ja" else facts.title_en, name=written,
                  picture=seat_view["picture"], certain=seat_view["certain"], rows=seat_view["rows"],
                  worlds=seat_view["worlds"], lines=seat_view["lines"], **table.page(lang, coach))
