"""The table of games (``suiri.models``): every registered game loads and is complete,
the shared checks read each game's FACTS, and the error family's exit codes reach the
command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.cli.views import VIEWS
from suiri.models import (
    GAMES,
    check_players,
    check_variant,
    example_records,
    facts,
    game,
    open_session,
)
from suiri.solver.errors import SuiriError, Undecided

METHODS = ("read", "is_compact", "parse_compact", "write", "open", "reasoner", "analyze", "advise", "new_state",
           "simulate", "answer", "cuts")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_registered_whole(name: str) -> None:
    played = game(name)
    assert played.facts is facts(name) and played.facts.name == name
    assert all(callable(getattr(played, m)) for m in METHODS)
    assert name in VIEWS
    assert any(key.startswith(name + "-") for key in example_records())  # a bundled record per game
    assert played.facts.variants and played.facts.questions and played.facts.subjects


@pytest.mark.parametrize("name", GAMES)
def test_a_bundled_record_opens_through_the_registry(name: str) -> None:
    path = next(str(p) for key, p in sorted(example_records().items()) if key.startswith(name + "-"))
    played, session = open_session(path)
    assert played is game(name)
    assert session.check().total > 0 and session.steps > 0
    reasoner = played.reasoner(session)
    assert reasoner.session is session


@pytest.mark.parametrize("name", GAMES)
def test_player_counts_and_variants_are_checked_from_the_facts(name: str) -> None:
    about = facts(name)
    for players in about.players:
        check_players(about, players)
    for players in (about.players.start - 1, about.players.stop):
        with pytest.raises(SuiriError, match=re.escape(about.title_en) + f" is for .* players, not {players}") as exc:
            check_players(about, players)
        assert exc.value.valid is not None and exc.value.valid.startswith("--players")
    for variant in about.variants:
        check_variant(about, variant)
    with pytest.raises(SuiriError, match="unknown variant 'nope'") as err:
        check_variant(about, "nope")
    assert err.value.valid == ", ".join(about.variants)


def test_an_unknown_game_names_the_line_and_the_games(tmp_path: Path) -> None:
    path = tmp_path / "chess.toml"
    path.write_text('# a record\ngame = "chess"\n', encoding="utf-8")
    with pytest.raises(SuiriError) as exc:
        open_session(path)
    assert exc.value.source is not None and exc.value.source.line == 2
    assert exc.value.valid == ", ".join(f'"{g}"' for g in GAMES)


def test_undecided_is_in_the_error_family_with_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's time limit prints ``undecided: ...`` and exits 3 (not a traceback, not 2)."""
    assert issubclass(Undecided, SuiriError) and Undecided.exit_code == 3 and SuiriError.exit_code == 2
    played = game("canary")

    def give_up(session: object) -> object:
        raise Undecided("the solver stopped undecided (UNKNOWN)")

    monkeypatch.setattr(played, "analyze", give_up)
    result = CliRunner().invoke(main, ["analyze", str(example_records()["canary-3p"])])
    assert result.exit_code == 3
    assert result.stderr == "undecided: the solver stopped undecided (UNKNOWN)\n"


def test_the_registry_holds_one_plugin_object_per_game() -> None:
    """Games are registered as objects (``Plugin``: the facts and a typed loader), not
    import strings, and the CLI pairs each with its view under the same name."""
    from suiri.models import Plugin

    for name, plugin in GAMES.items():
        assert isinstance(plugin, Plugin) and plugin.facts.name == name
        assert plugin.game() is game(name) and plugin.use(lambda played: played.facts) is plugin.facts
        assert callable(VIEWS[name].view().analysis)
