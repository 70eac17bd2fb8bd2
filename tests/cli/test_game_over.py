"""A record that ends its game says so: who won and why, in every command (analyze,
advise, hint, live, report), in English and Japanese, and in ``--json`` as ``game_over``
(issue 19, item 3).

The winners are checked against the simulators' truth over many finished games of every
game and size, from every seat and the spectator's: a player the record proves a winner
truly won, one it rules out truly lost, and a chance in between is left only where the
record hides what decides it."""

from __future__ import annotations

import html
import json
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.game_over import winners_line
from suiri.cli.main import main
from suiri.cli.views import view
from suiri.models import game, open_session
from suiri.models.interface import GameOver
from suiri.solver.errors import render

SEEDS = range(1, 41)


def _consistent(over: GameOver, truth: set[str]) -> None:
    """Proven winners won, ruled-out players lost, and every true winner was possible."""
    for p, x in over.winners.items():
        assert x == 1 and p in truth or x == 0 and p not in truth or 0 < x < 1, (over, truth)


# -- the winners against the truth ---------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_canary_winners_match_the_deal(players: int) -> None:
    from suiri.models.canary.rules import Variant
    from suiri.models.canary.simulator import simulate

    canary = game("canary")
    ended = 0
    for seed in SEEDS:
        sim = simulate(Variant.for_players(players), seed, 200)
        if sim.state.table.over is None:
            continue
        ended += 1
        last = sim.state.turns[-1]
        fake = sim.state.deal.fake
        if last.declare is not None and last.declare.outcome == "success":
            truth = {last.player} if fake is None or last.player == fake else \
                {p for p in sim.players if p != fake}
        else:  # 2 players: a second failed declaration loses
            truth = {p for p in sim.players if p != last.player}
        for seat in (*sim.players, None):
            over = canary.game_over(canary.open(sim.record(seat)))
            assert over is not None
            assert {p for p, x in over.winners.items() if x == 1} == truth  # a declaration shows it all
    assert ended >= 10


@pytest.mark.parametrize(("variant", "rates", "ends"), [
    ("base", {}, {"solved"}),
    ("base", {"sensible_rate": 0.0, "deduce_rate": 0.1}, {"all-public"}),  # every card revealed
    ("clue", {}, {"accused"}),
    ("clue", {"sensible_rate": 0.0, "accuse_rate": 0.9}, {"all-out"}),  # wild accusations
])
def test_detective_winners_match_the_case_file(variant: str, rates: dict[str, float], ends: set[str]) -> None:
    from suiri.models.detective.rules import Accuse, Deduce, variant_for
    from suiri.models.detective.simulator import simulate

    detective = game("detective")
    ended = 0
    reasons = set()
    for seed in SEEDS:
        sim = simulate(variant_for(3, variant), seed, 400, **rates)  # type: ignore[arg-type]
        if sim.state.outcome is None:
            continue
        ended += 1
        for seat in (*sim.players, None):
            session = detective.open(sim.record(seat))
            over = detective.game_over(session)
            assert over is not None
            last = session.record.events[-1]
            truth: set[str] = set()
            if isinstance(last, Deduce | Accuse) and sim.state.outcome == "solved" and set(last.named) == set(sim.state.deal.case):
                truth = {last.by}
            _consistent(over, truth)
            assert all(x in (0, 1) for x in over.winners.values())
            reasons.add(over.reason)
    assert ended >= 10 and ends <= reasons


@pytest.mark.parametrize("players", [3, 4])
def test_werewolf_winners_match_the_simulated_table(players: int) -> None:
    from suiri.models.werewolf.simulator import simulate

    werewolf = game("werewolf")
    reasons = set()
    for seed in SEEDS:
        sim = simulate(players, seed)
        for seat in (*sim.players, None):
            over = werewolf.game_over(werewolf.open(sim.record(seat)))
            assert over is not None
            reasons.add(over.reason)
            _consistent(over, set(sim.state.table.winners))
    assert reasons == {"werewolf-out", "alone", "found", "not-found"}


def _finished_records() -> list[tuple[str, object]]:
    """Finished simulated games of every game, each ending kind, every seat's record."""
    from suiri.models.canary.rules import Variant
    from suiri.models.canary.simulator import simulate as canary
    from suiri.models.detective.rules import variant_for
    from suiri.models.detective.simulator import simulate as detective
    from suiri.models.werewolf.simulator import simulate as werewolf

    out: list[tuple[str, object]] = []
    for seed in range(1, 7):
        for players in (2, 3, 4):
            sim = canary(Variant.for_players(players), seed, 200)
            if sim.state.table.over is not None:
                out += [("canary", sim.record(p)) for p in sim.players]
        for variant, rates in (("base", {}), ("base", {"sensible_rate": 0.0, "deduce_rate": 0.1}),
                               ("clue", {}), ("clue", {"sensible_rate": 0.0, "accuse_rate": 0.9})):
            dsim = detective(variant_for(3, variant), seed, 400, **rates)  # type: ignore[arg-type]
            if dsim.state.outcome is not None:
                out += [("detective", dsim.record(p)) for p in dsim.players]
        for players in (3, 4):
            wsim = werewolf(players, seed + 10)
            out += [("werewolf", wsim.record(p)) for p in wsim.players]
    wsim = werewolf(3, 9)  # nobody found the Lost Legacy
    return out + [("werewolf", wsim.record(p)) for p in wsim.players]


@pytest.mark.slow  # make test only: the edit loop (make test-fast) stays under 90 s
def test_analysis_and_advice_say_it_for_every_finished_game() -> None:
    """The property over simulated finished games: from every seat, in both languages,
    the analysis, the advice and the picture `suiri live` redraws say why and who won."""
    kinds = set()
    for name, record in _finished_records():
        chosen = game(name)
        session = chosen.open(record)
        over = chosen.game_over(session)
        assert over is not None
        kinds.add((name, over.reason))
        shown = view(name)
        a, advice = chosen.analyze(session), chosen.advise(session)
        for lang in ("en", "ja"):
            why = shown.game_over(session, lang) if name == "detective" else render(over.why, lang)
            assert why is not None
            said = [winners_line(over, lang), why]
            for text in (shown.analysis(a, lang), shown.advice(session, advice, lang),
                         "\n".join(shown.picture(a, lang))):
                assert all(piece in text for piece in said), (name, lang, said, text)
    assert len(kinds) == 10, kinds  # every way each game can end


# -- every command says it -----------------------------------------------------------------------
@cache
def _finished(name: str, tmp: Path) -> Path:
    """A short finished game of ``name``, as a TOML file."""
    path = tmp / f"{name}.toml"
    args = {"canary": ["--players", "2", "--seed", "5"],
            "detective": ["--game", "detective", "--seed", "2", "--turns", "500"],
            "werewolf": ["--game", "werewolf", "--players", "3", "--seed", "2", "--turns", "500"]}[name]
    out = CliRunner().invoke(main, ["simulate", *args])
    assert out.exit_code == 0, out.output
    path.write_text(out.stdout, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("game-over")


def _said(name: str, path: Path, lang: str) -> list[str]:
    """What must be printed: the reason (the view's own sentence of it) and the winners."""
    chosen, session = open_session(str(path))
    over = chosen.game_over(session)
    assert over is not None
    line = view(name).game_over(session, lang)
    assert line is not None
    why = line if name == "detective" else render(over.why, lang)
    return [why, winners_line(over, lang)]


@pytest.mark.sweep  # every command on a game and a language a case: make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", ["canary", "detective", "werewolf"])
def test_every_command_says_who_won_and_why(name: str, lang: str, tmp: Path) -> None:
    path = _finished(name, tmp)
    said = _said(name, path, lang)
    assert any(w in said[1] for w in ("won", "勝者")) and said[0]
    runner = CliRunner()
    for command in (["analyze", "--plain"], ["advise"], ["hint"], ["hint", "--level", "4"]):
        out = runner.invoke(main, [*command, str(path), "--lang", lang])
        assert out.exit_code == 0, out.output
        for piece in said:
            assert piece in out.stdout, (command, piece, out.stdout)
    page = runner.invoke(main, ["report", str(path), "--html", "-", "--lang", lang]).stdout
    for piece in said:
        assert html.escape(piece) in page
    live = runner.invoke(main, ["live", str(path), "--lang", lang, "--plain"], input="show\nhint\nadvise\nquit\n")
    assert live.exit_code == 0, live.output
    for piece in said:
        assert live.stdout.count(piece) >= 3, (piece, live.stdout)  # show, hint and advise


def test_live_says_it_after_the_line_that_ends_the_game(tmp: Path) -> None:
    path = _finished("canary", tmp)
    lines = CliRunner().invoke(main, ["convert", str(path), "--to", "compact"]).stdout.splitlines()
    started = tmp / "live.txt"
    started.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["live", str(started), "--plain"], input=lines[-1] + "\nquit\n")
    assert "The game is over: aki's declaration on turn 10 succeeded. aki won." in out.stdout


@pytest.mark.parametrize("name", ["canary", "detective", "werewolf"])
def test_json_says_who_won(name: str, tmp: Path) -> None:
    path = _finished(name, tmp)
    chosen, session = open_session(str(path))
    over = chosen.game_over(session)
    assert over is not None
    for command in ("analyze", "advise", "hint"):
        data = json.loads(CliRunner().invoke(main, [command, str(path), "--json"]).stdout)
        assert data["game_over"] == {"reason": over.reason, "why": str(over.why),
                                     "winners": {p: float(x) for p, x in over.winners.items()}}
        assert set(data["game_over"]["winners"]) == set(session.record.players)


def test_a_running_game_says_nothing_of_an_end() -> None:
    from suiri.models import example_records

    for name in ("canary-3p", "detective-3p"):
        path = str(example_records()[name])
        data = json.loads(CliRunner().invoke(main, ["analyze", path, "--json"]).stdout)
        assert data["game_over"] is None
        assert "won" not in CliRunner().invoke(main, ["analyze", path]).stdout


def test_the_2_player_record_of_the_issue(tmp: Path) -> None:
    """`simulate --players 2 --seed 5` ends `aki f5 ! ivy-bound-statue bea=y`: aki won."""
    out = CliRunner().invoke(main, ["simulate", "--players", "2", "--seed", "5"]).stdout
    runner = CliRunner()
    path = tmp / "issue.toml"
    path.write_text(out, encoding="utf-8")
    analysis = runner.invoke(main, ["analyze", str(path), "--plain"]).stdout
    advice = runner.invoke(main, ["advise", str(path)]).stdout
    ja = runner.invoke(main, ["advise", str(path), "--lang", "ja"]).stdout
    assert "The game is over: aki's declaration on turn 10 succeeded. aki won." in analysis
    assert "not known yet" not in analysis
    assert advice.splitlines() == ["Advice for aki on f5",
                                   "The game is over: aki's declaration on turn 10 succeeded. aki won."]
    assert "ゲームは終了：ターン10 の aki の宣言が成功した。勝者はaki。" in ja


def test_winners_in_words() -> None:
    half = Fraction(1, 2)
    cases = [
        ({"aki": Fraction(1), "bea": Fraction(0)}, "aki won.", "勝者はaki。"),
        ({"aki": Fraction(1), "bea": Fraction(1), "cid": Fraction(1), "dan": Fraction(0)},
         "aki, bea and cid won.", "勝者はaki、beaとcid。"),
        ({"aki": Fraction(0), "bea": Fraction(0)}, "Nobody won.", "勝者はいない。"),
        ({"aki": half, "bea": Fraction(0)},
         "Who won depends on a card the record does not show: aki 50.0%.",
         "誰が勝ったかは、記録にない札しだい：aki 50.0%。"),
    ]
    for winners, en, ja in cases:
        over = GameOver("x", "x", winners)
        assert winners_line(over, "en") == en
        assert winners_line(over, "ja") == ja
