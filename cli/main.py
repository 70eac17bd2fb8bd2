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
from typing import TYPE_CHECKING, Any

import click

from suiri.cli.views import view
from suiri.models import GAMES, facts

if TYPE_CHECKING:  # pragma: no cover
    from suiri.models import Game, GameFacts, Session

FACTS = {name: facts(name) for name in GAMES}  # cheap: no game's rules are imported

LANG = click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True,
                    help="Language of names and sentences.")
JSON = click.option("--json", "as_json", is_flag=True, help="Print one JSON object for tools.")
RECORD = click.argument("record", type=click.Path(dir_okay=False))


def user_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn any ``SuiriError`` into ``label: message`` on stderr and its exit status (2; 3 for
    ``Undecided``), never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from suiri.solver.errors import SuiriError

        try:
            return fn(*args, **kwargs)
        except SuiriError as exc:
            from suiri.solver.errors import ErrorList

            for err in exc.errors if isinstance(exc, ErrorList) else [exc]:
                click.echo(f"{err.label}: {err.render()}", err=True)
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


def open_session(path: str) -> tuple[Game[Any, Any], Session]:
    from suiri.models import open_session as run

    return run(path)


def by_game(what: Callable[[GameFacts], str]) -> str:
    """One help sentence per game (for an option's help), e.g. its variants."""
    return "  ".join(f"{f.title_en}: {what(f)}." for f in FACTS.values())


def game_table(what: Callable[[GameFacts], str], heading: str = "") -> str:
    """One help line per game (for a command's help, kept as written), e.g. its subjects."""
    width = max(len(name) for name in FACTS) + 2
    rows = [f"  {name:<{width}}{what(f)}" for name, f in FACTS.items()]
    return "\n    ".join(["\b", *([heading] if heading else []), *rows])


def emit(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=1))


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, help=f"""suiri (推理): what is certain,
    possible and likely in a deduction game record.

    {game_table(lambda f: f"{f.title_en} ({f.title_ja})", "Games:")}

    \b
    A record is a TOML file written from one seat (see docs/record-format.md).  Try:
      suiri examples                        # bundled records
      suiri check game.toml                 # is the record legal and consistent?
      suiri analyze game.toml --lang ja     # exact probabilities and certain facts
      suiri explain game.toml 'clue:bea!=high'
      suiri explain case.toml 'holder:s3=cid'
      suiri explain wolf.toml 'lost-legacy=hand:ben'
      suiri hint game.toml --level 2
      suiri advise game.toml
    """)
@click.version_option(package_name="suiri", prog_name="suiri")
def main() -> None:
    pass


@main.command()
@RECORD
@JSON
@user_errors
def check(record: str, as_json: bool) -> None:
    """Replay RECORD through the rules and report the first problem.

    Exit status 0 when every turn is legal and some hidden state fits them all,
    2 otherwise (file:line: field, what is wrong, what would be valid).

    \b
    Example:
      suiri check game.toml
    """
    from suiri.solver.errors import ErrorList, IllegalMoveError, InconsistentRecordError, SuiriError

    try:
        game, session = open_session(record)
        tally = session.check()
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
                          "conflict": [str(c) for c in getattr(e, "conflict", ())]} for e in errors]})
        sys.exit(2)
    from .messages import Messages

    if as_json:
        emit({"file": record, "legal": True, "consistent": True, game.facts.step_name: session.steps,
              "worlds": str(tally.total)})  # a world is a deal in Memory Detective
    else:
        click.echo(Messages("en")("check-ok", file=record, steps=session.steps, unit=game.facts.step_name,
                                  worlds=tally.total, kind=game.facts.world_name))


@main.command()
@RECORD
@JSON
@LANG
@user_errors
def analyze(record: str, as_json: bool, lang: str) -> None:
    """Exact probabilities and certain facts from the viewer's seat.

    \b
    Example:
      suiri analyze game.toml
      suiri analyze game.toml --json | jq .goal
    """
    game, session = open_session(record)
    result = game.analyze(session)
    if as_json:
        emit(result.to_json())
    else:
        click.echo(view(game.facts.name).analysis(result, lang))


@main.command(help=f"""Why FACT is certain (a minimal proof), or a world where it fails.

    FACT is SUBJECT=VALUE or SUBJECT!=VALUE, with the subjects of the record's game:

    {game_table(lambda f: ", ".join(f.subjects))}

    \b
    Examples:
      suiri explain game.toml 'clue:bea!=high'
      suiri explain game.toml goal=c4
      suiri explain game.toml 'square:a2=lava-rock-hill' --lang ja
      suiri explain case.toml 'holder:w2!=bea'
      suiri explain case.toml case:suspect=s1
      suiri explain wolf.toml 'lost-legacy=hand:ben'
    """)
@RECORD
@click.argument("fact")
@JSON
@LANG
@user_errors
def explain(record: str, fact: str, as_json: bool, lang: str) -> None:
    game, session = open_session(record)
    from suiri.solver.reasoning import explain as run

    reasoner = game.reasoner(session)
    proof = run(reasoner, reasoner.parse_fact(fact))
    if as_json:
        emit(proof.to_json(reasoner))
    else:
        click.echo(view(game.facts.name).proof(session, proof, lang))


@main.command()
@RECORD
@click.option("--level", type=click.IntRange(1, 4), default=1, show_default=True,
              help="1 where to look, 2 which rule, 3 which observations, 4 the whole step.")
@click.option("--known", "known", multiple=True, metavar="FACT", help="A fact you already worked out (repeatable).")
@click.option("--skip-obvious", is_flag=True, help="Treat every one-line deduction as known.")
@JSON
@LANG
@user_errors
def hint(record: str, level: int, known: tuple[str, ...], skip_obvious: bool, as_json: bool, lang: str) -> None:
    """The easiest deduction you have not made yet, in four levels of help.

    \b
    Examples:
      suiri hint game.toml                      # where to look
      suiri hint game.toml --level 4            # the whole step
      suiri hint game.toml --skip-obvious --known 'clue:cid!=dark' --level 3
    """
    game, session = open_session(record)
    reasoner = game.reasoner(session)
    given = [reasoner.parse_fact(k) for k in known]
    from suiri.solver.reasoning import hint as run

    result = run(reasoner, given, skip_obvious, progress=stderr_progress("explaining certain facts"))
    if as_json:
        emit(result.to_json(reasoner, level))
    else:
        click.echo(view(game.facts.name).hint(session, result, level, lang))


@main.command()
@RECORD
@JSON
@LANG
@user_errors
def advise(record: str, as_json: bool, lang: str) -> None:
    """Rank the viewer's legal moves for its next turn, with reasons.

    Each move comes with its chances and the information it gains, in the game's
    terms: Canary (square, goal chance, bits about the goal and about your clue,
    distance, when to declare), Memory Detective (which question to ask or accuse),
    Werewolf (which card to play and at whom, or which search call to make).

    \b
    Examples:
      suiri advise game.toml
      suiri advise case.toml --json
    """
    game, session = open_session(record)
    result = game.advise(session)
    if as_json:
        emit(result.to_json(session))
    else:
        click.echo(view(game.facts.name).advice(session, result, lang))


@main.command()
@RECORD
@user_errors
def convert(record: str) -> None:
    """Print RECORD (TOML or the compact line notation) as canonical TOML.

    \b
    The compact notation, one line per item (docs/record-format.md):
      canary aki bea cid
      viewer aki ancient
      start a7 g7 a1
      aki b7 h giant-stone-bridge
      bea f7 r abandoned-materials
      cid a2 ! lava-rock-hill aki=n bea=y   ("!" declares instead of the check, R8)
    \b
    Example:
      suiri convert game.txt > game.toml
    """
    game, session = open_session(record)
    click.echo(game.write(session.record), nl=False)


@main.command()
@click.argument("name", required=False)
@click.option("--path", "show_path", is_flag=True, help="Print only the file path of NAME.")
def examples(name: str | None, show_path: bool) -> None:
    """List the records bundled with suiri, or print one (or its path).

    \b
    Examples:
      suiri examples
      suiri analyze "$(suiri examples canary-3p --path)"
    """
    from suiri.models import example_records

    found = example_records()
    if name is None:
        for key in sorted(found):
            click.echo(f"{key}\t{found[key]}")
        return
    if name not in found:
        click.echo(f"error: no example {name!r} (valid: {', '.join(sorted(found))})", err=True)
        sys.exit(2)
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
@user_errors
def simulate(game: str, players: int, seed: int, turns: int, viewer: str | None, variant: str | None) -> None:
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
    from suiri.models import game as chosen
    from suiri.solver.errors import SuiriError

    about = FACTS[game]
    variant = variant or about.variants[0]
    check_players(about, players)
    check_variant(about, variant)
    played = chosen(game)
    seats = played.new_state(players, seed, variant).players
    seat = seats[0] if viewer is None else None if viewer == "none" else viewer
    if seat is not None and seat not in seats:
        raise SuiriError(f"--viewer {seat!r} is not a player", None, ", ".join(seats) + ", none")
    click.echo(played.write(played.simulate(players, seed, turns, seat, variant)), nl=False)


@main.command()
@GAME
@PLAYERS
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--question", default=None,
              help="What the puzzle asks (default: the first).  " + by_game(lambda f: ", ".join(f.questions)))
@click.option("--lines", "lines", default="2-5", show_default=True, metavar="MIN-MAX",
              help="Difficulty: how many record lines the answer needs.")
@JSON
@user_errors
def puzzle(game: str, players: int, seed: int, question: str | None, lines: str, as_json: bool) -> None:
    """Generate a puzzle: a record whose question has a unique answer.

    \b
    Examples:
      suiri puzzle --seed 3 > puzzle.toml && suiri analyze puzzle.toml
      suiri puzzle --question goal --lines 3-8 --json
      suiri puzzle --game detective --question card --players 4
      suiri puzzle --game werewolf --question lost-legacy --players 4
    """
    from suiri.models import game as chosen
    from suiri.puzzles import generate
    from suiri.solver.errors import SuiriError

    try:
        low, high = (int(x) for x in lines.split("-", 1))
    except ValueError:
        raise SuiriError(f"--lines {lines!r} is not MIN-MAX", None, "e.g. 2-5") from None
    if not 1 <= low <= high:
        raise SuiriError(f"--lines {lines!r}: MIN must be at least 1 and at most MAX", None, "e.g. 2-5")
    found = generate(chosen(game), players, seed, question, low, high)
    if found is None:
        raise SuiriError(f"no puzzle with {lines} lines found in 200 simulated games", None,
                         "another --seed or a wider --lines range")
    if as_json:
        emit(found.to_json())
    else:
        click.echo(found.to_toml(), nl=False)


if __name__ == "__main__":  # pragma: no cover
    main()
