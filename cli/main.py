"""The ``suiri`` command: parse arguments, call the record's ``Game``, render with its
view.  Nothing else.

The games, their views and OR-tools are imported inside the commands (the registry
loads a game on first use), so ``suiri --help`` reads only each game's ``FACTS`` and
starts fast.  User errors print one clear message and exit 2 (3: the solver undecided).
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec

import click

from suiri.cli.serve import serve
from suiri.cli.views import Opened, with_record
from suiri.models import GAMES, facts
from suiri.models.interface import A, R, Reasoning, S, V

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction

    from suiri.models import Game, GameFacts

FACTS = {name: facts(name) for name in GAMES}  # cheap: no game's rules are imported

P = ParamSpec("P")
LANG = click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True,
                    help="Language of names and sentences.")
JSON = click.option("--json", "as_json", is_flag=True, help="Print one JSON object for tools.")
PLAIN = click.option("--plain", is_flag=True,
                     help="No colour in the pictures (also when NO_COLOR is set or output is not a terminal).")
# No checks by click: a missing file, a directory or an unreadable one is told by suiri's
# reader, in the shape and language of every other error (click.Path still completes paths).
RECORD = click.argument("record", type=click.Path(readable=False))


def user_errors(fn: Callable[P, None]) -> Callable[P, None]:
    """Turn any ``SuiriError`` into ``label: message`` on stderr and its exit status (2; 3 for
    ``Undecided``), never a traceback; in the command's ``--lang`` when it has one."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        from suiri.solver.errors import SuiriError

        try:
            fn(*args, **kwargs)
        except SuiriError as exc:
            from suiri.solver.errors import ErrorList

            lang = str(kwargs.get("lang", "en"))
            for err in exc.errors if isinstance(exc, ErrorList) else [exc]:
                click.echo(f"{err.label_in(lang)}: {err.render(lang)}", err=True)
            sys.exit(exc.exit_code)

    return wrapper


def stderr_progress(label: str) -> Callable[[int, int], None] | None:
    """A one-line progress counter on stderr, only when a person is watching."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        end = "\n" if done + 1 >= total else ""
        click.echo(f"\r{label}: {done + 1}/{total}", err=True, nl=False)
        if end:
            click.echo("\r" + " " * (len(label) + 12) + "\r", err=True, nl=False)

    return show


def by_game(what: Callable[[GameFacts], str]) -> str:
    """One help sentence per game (for an option's help), e.g. its variants."""
    return "  ".join(f"{f.title_en}: {what(f)}." for f in FACTS.values())


def game_table(what: Callable[[GameFacts], str], heading: str = "") -> str:
    """One help line per game (for a command's help, kept as written), e.g. its subjects."""
    width = max(len(name) for name in FACTS) + 2
    rows = [f"  {name:<{width}}{what(f)}" for name, f in FACTS.items()]
    return "\n    ".join(["\b", *([heading] if heading else []), *rows])


def emit(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=1))


def with_game_over(data: dict[str, Any], game: Reasoning[R, S, A, V], session: S) -> dict[str, Any]:
    """``data`` with ``game_over``: null while the game runs, else why it ended and each
    player's chance of being among the winners (``GameOver``; docs/record-format.md)."""
    over = game.game_over(session)
    return {**data, "game_over": None if over is None else over.to_json()}


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, help=f"""suiri (推理): what is certain,
    possible and likely in a deduction game record.

    {game_table(lambda f: f"{f.title_en} ({f.title_ja})", "Games:")}

    \b
    A record is written from one seat: a TOML file, or one line per event in the
    game's compact notation (see docs/record-format.md).  Try:
      suiri examples                        # bundled records
      suiri check game.toml                 # is the record legal and consistent?
      suiri analyze game.toml --lang ja     # exact probabilities and certain facts
      suiri explain game.toml 'clue:bea!=high'
      suiri explain case.toml 'holder:s3=cid'
      suiri explain wolf.toml 'lost-legacy=hand:ben'
      suiri hint game.toml --level 2
      suiri advise game.toml
      suiri live game.txt                   # at the table: one line per event
      suiri convert game.toml --to compact  # the compact line notation
      suiri report game.toml --html r.html  # one page with pictures and proofs
    """)
@click.version_option(package_name="suiri", prog_name="suiri")
def main() -> None:
    pass


@main.command()
@RECORD
@JSON
@LANG
@user_errors
def check(record: str, as_json: bool, lang: str) -> None:
    """Replay RECORD through the rules and report the first problem.

    Exit status 0 when every turn is legal and some hidden state fits them all,
    2 otherwise (file:line: field, what is wrong, what would be valid).

    \b
    Examples:
      suiri check game.toml
      suiri check game.toml --lang ja
    """
    from suiri.solver.errors import ErrorList, IllegalMoveError, InconsistentRecordError, SuiriError

    def counted(o: Opened[R, S, A, V]) -> tuple[GameFacts, int, int | Fraction]:
        return o.game.facts, o.session.steps, o.session.check().total

    try:
        about, steps, total = with_record(record, counted)
    except SuiriError as exc:
        if not as_json:
            raise
        errors = exc.errors if isinstance(exc, ErrorList) else [exc]
        emit({"file": record, "legal": not any(isinstance(e, IllegalMoveError) for e in errors)
              and all(isinstance(e, InconsistentRecordError) for e in errors),
              "consistent": False if any(isinstance(e, InconsistentRecordError) for e in errors) else None,
              "errors": [{"kind": type(e).__name__, "line": e.source.line if e.source else None,
                          "field": e.source.field if e.source else None, "message": e.message,
                          "valid": e.valid,
                          "conflict": [str(c) for c in (e.conflict if isinstance(e, InconsistentRecordError) else ())]}
                         for e in errors]})
        sys.exit(2)
    from .layout import readable_count
    from .messages import Messages

    if as_json:
        emit({"file": record, "legal": True, "consistent": True, about.step_name: steps,
              "worlds": str(total)})  # a world is a deal in Memory Detective
    else:
        say = Messages(lang)
        click.echo(say("check-ok", file=record, steps=steps, unit=say.unit(about.step_name, steps),
                       worlds=readable_count(total, lang), kind=say.unit(about.world_name, total)))


@main.command()
@RECORD
@JSON
@LANG
@PLAIN
@user_errors
def analyze(record: str, as_json: bool, lang: str, plain: bool) -> None:
    """Exact probabilities and certain facts from the viewer's seat.

    \b
    Example:
      suiri analyze game.toml
      suiri analyze game.toml --json | jq .goal
    """
    def shown(o: Opened[R, S, A, V]) -> None:
        game, view, session = o.game, o.view, o.session
        result = game.analyze(session)
        if as_json:
            emit(with_game_over(result.to_json(), game, session))
        else:
            from .colour import wanted

            click.echo(view.analysis(result, lang, colour_on=wanted(plain)))

    with_record(record, shown)


@main.command(help=f"""Why FACT is certain, step by step, or a world where it fails.

    Each step derives one fact from a few record lines and earlier steps, in the
    game's own words; the fact asked comes last.  --lines prints instead the record
    lines and rules the same proof cites.

    FACT is SUBJECT=VALUE or SUBJECT!=VALUE, with the subjects of the record's game:

    {game_table(lambda f: ", ".join(f.subjects))}

    \b
    Examples:
      suiri explain game.toml 'clue:bea!=high'
      suiri explain game.toml goal=c4
      suiri explain game.toml 'square:a2=lava-rock-hill' --lang ja
      suiri explain game.toml goal=c4 --lines
      suiri explain case.toml 'holder:w2!=bea'
      suiri explain case.toml case:suspect=s1
      suiri explain wolf.toml 'lost-legacy=hand:ben'
    """)
@RECORD
@click.argument("fact")
@click.option("--lines", "by_lines", is_flag=True, help="The record lines and rules the proof cites, not its steps.")
@JSON
@LANG
@user_errors
def explain(record: str, fact: str, by_lines: bool, as_json: bool, lang: str) -> None:
    def shown(o: Opened[R, S, A, V]) -> None:
        game, view, session = o.game, o.view, o.session
        from suiri.cli.facts import parse_facts
        from suiri.solver.reasoning import explain as run

        reasoner = game.reasoner(session)
        steps = game.steps(session)
        wanted = parse_facts(reasoner, record, [fact], "FACT", steps)[0]
        proof = run(reasoner, wanted, steps, progress=stderr_progress("deriving facts"), lines_only=by_lines)
        if as_json:
            emit(proof.to_json(reasoner, lang))
        else:
            click.echo(view.proof(session, proof, lang))

    with_record(record, shown)


@main.command()
@RECORD
@click.option("--level", type=click.IntRange(1, 4), default=1, show_default=True,
              help="1 where to look, 2 which rule, 3 which premises, 4 the whole step.")
@click.option("--known", "known", multiple=True, metavar="FACT",
              help="A fact you already worked out, or a hint's fact (repeatable).")
@click.option("--skip-obvious", is_flag=True, help="Treat every one-line deduction as known.")
@JSON
@LANG
@user_errors
def hint(record: str, level: int, known: tuple[str, ...], skip_obvious: bool, as_json: bool, lang: str) -> None:
    """The next step of the nearest deduction you have not made yet, in four levels of
    help.  Give each hint's fact back with --known and the hints walk you along the
    proof, one step at a time.

    \b
    Examples:
      suiri hint game.toml                      # where to look
      suiri hint game.toml --level 4            # the whole step
      suiri hint game.toml --skip-obvious --known 'clue:cid!=dark' --level 3
    """
    def shown(o: Opened[R, S, A, V]) -> None:
        game, view, session = o.game, o.view, o.session
        from suiri.cli.facts import parse_facts

        reasoner = game.reasoner(session)
        steps = game.steps(session)
        given = parse_facts(reasoner, record, known, "--known", steps)
        from suiri.solver.reasoning import hint as run

        result = run(reasoner, given, steps, skip_obvious)
        if as_json:
            emit(with_game_over(result.to_json(reasoner, level, lang), game, session))
        else:
            click.echo(view.hint(session, result, level, lang))

    with_record(record, shown)


@main.command()
@RECORD
@click.option("--drew", metavar="CARD", default=None,
              help="Werewolf: the card you just drew (your turn in progress), instead of writing it into the record.")
@JSON
@LANG
@user_errors
def advise(record: str, drew: str | None, as_json: bool, lang: str) -> None:
    """Rank the viewer's legal moves for its next turn, with reasons.

    Each move comes with its chances and the information it gains, in the game's
    terms: Canary (square, goal chance, bits about the goal and about your clue,
    distance, when to declare), Memory Detective (which question to ask or accuse),
    Werewolf (which card to play and at whom, or which search call to make).

    \b
    Examples:
      suiri advise game.toml
      suiri advise case.toml --json
      suiri advise wolf.toml --drew vote     # your Werewolf turn: you just drew a Vote
    """
    def shown(o: Opened[R, S, A, V]) -> None:
        game, view, session = o.game, o.view, o.session
        if drew is not None:
            from suiri.solver.errors import Named, Source, SuiriError

            from .messages import ErrorText

            if game.with_drawn is None:
                raise SuiriError(ErrorText("drew:not-this-game", game=Named(game.facts.title_en, game.facts.title_ja)),
                                 Source(record, None, "--drew"), ErrorText("drew:leave-out"))
            session = game.open(game.with_drawn(o.record, drew))
        result = game.advise(session)
        if as_json:
            emit(with_game_over(result.to_json(session), game, session))
        else:
            click.echo(view.advice(session, result, lang))

    with_record(record, shown)


@main.command()
@RECORD
@click.option("--to", "notation", type=click.Choice(["toml", "compact"]), default="toml", show_default=True,
              help="The notation to print: canonical TOML, or the game's compact line notation.")
@LANG
@user_errors
def convert(record: str, notation: str, lang: str) -> None:
    """Print RECORD (TOML or a compact line notation) in the notation --to names.

    Either way round, the record is the same: converting back gives the same file.

    \b
    Canary's compact notation, one line per item (docs/record-format.md):
      canary aki bea cid
      viewer aki ancient
      start a7 g7 a1
      aki b7 h giant-stone-bridge           (h / r / - : hidden / revealed / no check)
      bea f7 r "Abandoned Materials"        (names with spaces in quotes)
      cid a2 ! lava-rock-hill aki=n bea=y   ("!" declares instead of the check, R8)
    \b
    Examples:
      suiri convert game.txt > game.toml             # compact -> TOML
      suiri convert game.toml --to compact > game.txt
      suiri convert "$(suiri examples canary-3p --path)" --to compact
    """
    def written(o: Opened[R, S, A, V]) -> str:
        return o.game.write(o.record, notation)

    click.echo(with_record(record, written), nl=False)


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
@LANG
@click.option("--plain", is_flag=True, help="No colour (also when NO_COLOR is set or output is not a terminal).")
@user_errors
def live(record: str, lang: str, plain: bool) -> None:
    """Keep RECORD open at the table: type one event per line, see what changed.

    Each line is an event in the game's compact notation (docs/record-format.md),
    checked at once: an illegal or inconsistent line is refused with the reason and
    nothing changes.  After every accepted line the record is saved (atomically),
    so reopening the file resumes the game.  A new file starts with questions: the
    game, the players, your seat and the setup lines.

    \b
    Commands (Japanese words in brackets):
      undo [戻す]  redo [やり直し]  show [表示]  hint [1-4] [ヒント]
      explain FACT [説明]  advise [助言]  known FACT [分かった]
      save [FILE] [保存]  help [ヘルプ]  quit [終了]   (Ctrl-D quits, Ctrl-C drops the line)
    \b
    Examples:
      suiri live game.txt
      suiri examples canary-3p > game.toml && suiri live game.toml --lang ja
    """
    from .live import run

    run(record, lang, plain)


@main.command()
@click.argument("name", required=False)
@click.option("--path", "show_path", is_flag=True, help="Print only the file path of NAME.")
@LANG
@user_errors
def examples(name: str | None, show_path: bool, lang: str) -> None:
    """List the records bundled with suiri, or print one (or its path).

    \b
    Examples:
      suiri examples
      suiri analyze "$(suiri examples canary-3p --path)"
    """
    from suiri.models import example_records
    from suiri.solver.errors import SuiriError

    found = example_records()
    if name is None:
        for key in sorted(found):
            click.echo(f"{key}\t{found[key]}")
        return
    if name not in found:
        from suiri.solver.errors import unknown_name

        raise unknown_name("example", name, sorted(found), error=SuiriError)
    if show_path:
        click.echo(str(found[name]))
    else:
        click.echo(found[name].read_text(encoding="utf-8"), nl=False)


GAME = click.option("--game", type=click.Choice(list(GAMES)), default=next(iter(GAMES)), show_default=True,
                    help="Which game.")
PLAYERS = click.option("--players", type=click.IntRange(min(f.players.start for f in FACTS.values()),
                                                        max(f.players.stop - 1 for f in FACTS.values())),
                       default=3, show_default=True,
                       help=by_game(lambda f: f"{f.players.start} to {f.players.stop - 1}"))


@main.command()
@GAME
@PLAYERS
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--turns", type=click.IntRange(0, 500), default=30, show_default=True, help="Cut the record after this many turns.")
@click.option("--viewer", default=None, help="The seat writing the record (default: the first player; 'none' = spectator).")
@click.option("--variant", default=None,
              help="The game's rules variant (default: the first).  " + by_game(lambda f: ", ".join(f.variants)))
@LANG
@user_errors
def simulate(game: str, players: int, seed: int, turns: int, viewer: str | None, variant: str | None,
             lang: str) -> None:
    """Write the record of a random legal game (for practice, tests and benchmarks).

    --turns counts turns in Canary and Werewolf (a whole Werewolf game, searches
    included, with --turns 500) and events in Memory Detective.

    \b
    Examples:
      suiri simulate --players 4 --seed 7 --turns 40 > game.toml
      suiri simulate --game detective --players 6 --variant fake --viewer bea > case.toml
      suiri simulate --game werewolf --players 4 --seed 3 --turns 500 --viewer none > wolf.toml
    """
    from suiri.models import check_players, check_variant
    from suiri.solver.errors import SuiriError
    from suiri.solver.records import find_name

    from .messages import ErrorText

    about = FACTS[game]
    chosen = variant or about.variants[0]
    check_players(about, players)
    check_variant(about, chosen)

    def written(played: Game[R, S, A, V]) -> str:
        seats = played.new_state(players, seed, chosen).players
        seat = seats[0] if viewer is None else None if viewer == "none" else find_name(viewer, seats) or viewer  # BEA: bea
        if seat is not None and seat not in seats:
            raise SuiriError(ErrorText("viewer:not-a-player", seat=repr(seat)), None, ", ".join(seats) + ", none")
        return played.write(played.simulate(players, seed, turns, seat, chosen))

    click.echo(GAMES[game].use(written), nl=False)


@main.command()
@RECORD
@click.option("--html", "html_path", metavar="FILE", help="Write the page here ('-' for standard output).  Required.")
@LANG
@user_errors
def report(record: str, html_path: str | None, lang: str) -> None:
    """Write one self-contained HTML page of RECORD's analysis: the board, notebook
    or piles as a picture, the exact chances, every certain fact with its proof (click
    to open) and the advice.  It needs no network and prints on A4.

    \b
    Examples:
      suiri report game.toml --html game.html
      suiri report case.toml --html case.html --lang ja
      suiri report "$(suiri examples werewolf-4p --path)" --html wolf.html
    """
    from .report import write_report

    def written(o: Opened[R, S, A, V]) -> None:
        if html_path is None:  # the record's own errors first
            from suiri.solver.errors import Source, SuiriError

            from .messages import ErrorText

            raise SuiriError(ErrorText("html:missing"), Source(record, None, "--html"), ErrorText("html:missing-valid"))
        write_report(o, record, html_path, lang, stderr_progress("explaining certain facts"))

    with_record(record, written)
    if html_path != "-":  # the page itself went to standard output
        from .messages import Messages

        click.echo(Messages(lang)("wrote-report", path=html_path, record=record))


@main.command()
@GAME
@PLAYERS
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--question", default=None,
              help="What the puzzle asks (default: the first).  " + by_game(lambda f: ", ".join(f.questions)))
@click.option("--lines", "lines", default="2-5", show_default=True, metavar="MIN-MAX",
              help="Difficulty: how many record lines the answer needs.")
@click.option("--answer", "show_answer", is_flag=True,
              help="Also print the answer (held back by default: the puzzle is for solving).")
@JSON
@LANG
@user_errors
def puzzle(game: str, players: int, seed: int, question: str | None, lines: str, show_answer: bool,
           as_json: bool, lang: str) -> None:
    """Generate a puzzle: a record whose question has a unique answer.

    The record's leading comments say how to make it again and what it asks; the
    answer (and the simulated game's seed, which deals it again) only with --answer.

    \b
    Examples:
      suiri puzzle --seed 3 > puzzle.toml && suiri analyze puzzle.toml
      suiri puzzle --question goal --lines 3-8 --json
      suiri puzzle --game detective --question card --players 4 --answer
      suiri puzzle --game werewolf --question lost-legacy --players 4
    """
    from suiri.puzzles import generate
    from suiri.solver.errors import SuiriError

    from .messages import ErrorText

    try:
        low, high = (int(x) for x in lines.split("-", 1))
    except ValueError:
        raise SuiriError(ErrorText("lines:format", lines=repr(lines)), None, ErrorText("lines:example")) from None
    if not 1 <= low <= high:
        raise SuiriError(ErrorText("lines:range", lines=repr(lines)), None, ErrorText("lines:example"))

    def made(played: Game[R, S, A, V]) -> None:
        found = generate(played, players, seed, question, low, high)
        if found is None:
            raise SuiriError(ErrorText("puzzle:none-found", lines=lines), None, ErrorText("puzzle:none-found-valid"))
        if as_json:
            emit(found.to_json(show_answer))
        else:
            click.echo(found.to_toml(show_answer, lang), nl=False)

    GAMES[game].use(made)


@main.command("puzzle-book")
@GAME
@click.option("--count", type=click.IntRange(1, 200), default=20, show_default=True, help="How many puzzles.")
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard", "mixed"]), default="mixed",
              show_default=True, help="Calibrated levels (docs/puzzles.md); mixed: a third of each, easiest first.")
@click.option("--seed", type=int, default=1, show_default=True)
@LANG
@click.option("--html", "html_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the book as one self-contained HTML page (prints on A4).")
@click.option("--markdown", "markdown_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the book in Markdown.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Processes making puzzles (default: the cores; 1: no process pool).")
@user_errors
def puzzle_book(game: str, count: int, difficulty: str, seed: int, lang: str, html_path: str | None,
                markdown_path: str | None, workers: int | None) -> None:
    """Write a puzzle book: COUNT unique-answer puzzles, each drawn and written out
    with one question and room for the answer; the answers and their proofs in a
    solutions section at the end.

    \b
    Examples:
      suiri puzzle-book --game canary --count 20 --html canary-book.html
      suiri puzzle-book --game detective --count 10 --difficulty hard --markdown hard.md
      suiri puzzle-book --game werewolf --count 6 --lang ja --html wolf.html --markdown wolf.md
    """
    from suiri.puzzles.book import build, write_book
    from suiri.solver.errors import SuiriError

    from .messages import ErrorText

    if html_path is None and markdown_path is None:
        raise SuiriError(ErrorText("book:no-output"), None, ErrorText("book:no-output-valid"))
    from suiri.cli.views import picture_svg

    book = build(game, count, difficulty, seed, lang, picture_svg if html_path is not None else None, workers)
    from suiri.puzzles.book import LEVEL_WORDS

    from .messages import Messages

    say = Messages(lang)
    for path in write_book(book, html_path, markdown_path):
        levels = say("list-sep").join(say("book-level", n=n, level=LEVEL_WORDS[lang][level]) for level in ("easy", "medium", "hard")
                           if (n := sum(p.level == level for p in book.puzzles)))
        click.echo(say("wrote-book", path=path, n=len(book.puzzles), levels=levels, tried=book.tried))


@main.command()
@click.argument("game", type=click.Choice(list(GAMES)), required=False)
@click.option("--players", type=click.IntRange(1, 20), default=None,
              help="How many players (default: 4 where the rules allow it).")
@click.option("--seat", type=int, default=None, help="Your seat, from 1 in turn order (default: 1).")
@click.option("--bots", default=None, metavar="A,B,...",
              help="The other seats' bots, in turn, repeated as needed (default: reasoner where the game has it, "
                   "else random).")
@click.option("--seed", type=int, default=None, help="Deal from this seed (default: a random one, printed).")
@click.option("--variant", default=None, help="The game's rules variant (default: the first).")
@LANG
@click.option("--coach", is_flag=True, help="Print the advice before each of your choices.")
@click.option("--save", "save", metavar="FILE", default=None, help="Save the game here (default: play-GAME-SEED.toml).")
@click.option("--resume", "resume", metavar="FILE", default=None, help="Go on with a saved game.")
@click.option("--plain", is_flag=True, help="No colour (also when NO_COLOR is set or output is not a terminal).")
@user_errors
def play(game: str | None, players: int | None, seat: int | None, bots: str | None, seed: int | None,
         variant: str | None, lang: str, coach: bool, save: str | None, resume: str | None, plain: bool) -> None:
    """Play a game against bots in the terminal, with suiri as the table.

    suiri deals, keeps what is hidden hidden, plays the bots and asks you only for
    your own seat's choices: your record, what became certain, the picture, then the
    options (type a number or an option's words).  At each choice the live-session
    commands work: hint, explain FACT, advise, show, undo (back to the start of your
    move), help, quit.  --coach prints the advice before each of your choices.  The
    game is saved after every choice (--save FILE, else play-GAME-SEED.toml); quit or
    Ctrl-D leaves, --resume FILE goes on.  At the end: your seat's record (for suiri
    report) and a review of your moves (docs/play.md).

    \b
    Examples:
      suiri play canary --seed 7
      suiri play detective --players 4 --bots random --coach --lang ja
      suiri play werewolf --seat 2 --save wolf.toml
      suiri play --resume wolf.toml
    """
    from .play import run

    given = {"name": game, "players": players, "seat": seat, "bots": bots, "seed": seed, "variant": variant}
    run(game, players, 1 if seat is None else seat, bots, seed, variant, lang, coach, save, resume, plain, given)


@main.command()
@click.argument("game")
@click.option("--bots", required=True, metavar="A,B,...",
              help="The bots, by name (every game has random; see docs/bots.md); seats are filled by rotating them.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="How many games.")
@click.option("--players", type=int, default=4, show_default=True,
              help=by_game(lambda f: f"{f.players.start} to {f.players.stop - 1}"))
@click.option("--variant", default=None,
              help="The game's rules variant (default: the first).  " + by_game(lambda f: ", ".join(f.variants)))
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Processes playing games (default: every core; 1: in this process).")
@click.option("--scheduler", metavar="ADDR", default=None,
              help="Play on the Dask cluster of this scheduler (e.g. tcp://10.0.0.5:8786) instead.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seeds the whole tournament.")
@JSON
@click.option("--csv", "csv_file", metavar="FILE", default=None, help="Write one row per game to FILE.")
@click.option("--records", "records_dir", metavar="DIR", default=None,
              help="Keep every game's record from every seat in DIR (TOML, for suiri analyze).")
@LANG
@user_errors
def tournament(game: str, bots: str, games: int, players: int, variant: str | None, workers: int | None,
               scheduler: str | None, seed: int, as_json: bool, csv_file: str | None, records_dir: str | None,
               lang: str) -> None:
    """Bots against each other in GAME: win rates per bot and per seat with 95%
    intervals, game lengths, draws and forfeits.

    Each deal is played once per rotation of the bots round the seats, so every bot
    plays every seat equally often; each game is seeded on its own, so the results are
    the same on one process, many, or a Dask cluster.  A bot that raises or answers
    what it was not offered loses that game (reported with its seed); Ctrl-C stops and
    prints the finished games' figures (exit 130).

    \b
    Examples:
      suiri tournament canary --bots random --games 200
      suiri tournament detective --bots reasoner,notebook --games 2000 --json
      suiri tournament werewolf --bots reasoner,random --csv games.csv --records games/
      suiri tournament canary --bots reasoner,notebook --scheduler tcp://10.0.0.5:8786
    """
    from .tournament import play

    data, interrupted = play(game, bots, games, players, variant, workers, scheduler, seed, as_json, csv_file,
                             records_dir, lang)
    if as_json:
        emit(data)
    if interrupted:
        sys.exit(130)


main.command()(user_errors(serve))  # `suiri serve`: the web app (cli/serve.py, issue 22)

if __name__ == "__main__":  # pragma: no cover
    main()
