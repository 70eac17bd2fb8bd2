"""A fourth game is one package and one registry line (docs/engine.md, "Adding a game"):
the toy game of ``tests/toy`` goes through that door at test time and then runs through
the commands and the generic checks like the real games.  It is not shipped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models import GAMES, game, open_session, read_record
from toy import FACTS
from toy.plugin import install, uninstall


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    install()
    yield
    uninstall()


RECORD = "toy aki bea\nviewer aki 2\naki above 2 y\nbea above 1 y\naki above 3 n\n"


def test_the_toy_is_registered_through_the_door() -> None:
    assert "toy" in GAMES and GAMES["toy"].facts is FACTS
    assert game("toy").facts.name == "toy"


def test_check_and_analyze_run_on_a_toy_record(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(RECORD, encoding="utf-8")
    checked = CliRunner().invoke(main, ["check", str(path)])
    assert checked.exit_code == 0, checked.output
    assert "1 deal" in checked.output or "deal" in checked.output
    analyzed = CliRunner().invoke(main, ["analyze", str(path)])
    assert analyzed.exit_code == 0, analyzed.output
    assert "bea: 1=0%  2=0%  3=100%  4=0%" in analyzed.output  # above 2, not above 3, not the viewer's 2
    as_json = CliRunner().invoke(main, ["analyze", str(path), "--json"])
    assert '"card:bea=3"' in as_json.output and '"game_over": null' in as_json.output


def test_a_toy_record_that_no_deal_fits_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("toy aki bea\nviewer aki 4\naki above 3 y\n", encoding="utf-8")  # bea cannot hold above 3
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2 and "no deal fits" in result.stderr and "Traceback" not in result.output


def test_the_toy_record_reads_back_as_written(tmp_path: Path) -> None:
    played = game("toy")
    for seed in range(20):
        for seat in (None, "aki", "bea"):
            record = played.simulate(2, seed, 4, seat)
            for notation, suffix in (("toml", ".toml"), ("compact", ".txt")):
                path = tmp_path / f"r{seed}{suffix}"
                path.write_text(played.write(record, notation), encoding="utf-8")
                back = played.read(read_record(path))
                assert played.write(back, notation) == played.write(record, notation)


def test_the_true_state_is_among_the_deals_the_record_allows() -> None:
    played = game("toy")
    for seed in range(30):
        state = played.new_state(2, seed)
        moves = 0
        while not state.is_over():
            player = state.current_player()
            assert player is not None
            state.apply(state.legal_moves(player)[(seed + moves) % 3])
            moves += 1
            for seat in (None, *state.players):
                session = played.open(state.record_for(seat))
                assert session.check().total >= 1
                truth = {p: state.deal[p] for p in state.players}
                assert truth in session.deals


def test_a_toy_record_opens_like_any_other(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(RECORD, encoding="utf-8")
    played, session = open_session(path)
    assert played is game("toy") and session.steps == 3
