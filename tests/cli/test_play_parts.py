"""``suiri play``'s parts in process (issue 21): the options' words, the save file and its
errors, the review's numbers and the record written for ``suiri report``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.cli.play import Saved, check, new_game, read_saved, record_path, seated
from suiri.cli.play_options import named
from suiri.models import GAMES, game
from suiri.models.bots import play_game
from suiri.models.review import Recorder, bits, review
from suiri.solver.errors import SuiriError


@pytest.mark.parametrize("name", list(GAMES))
def test_each_option_has_its_own_words_in_both_languages(name: str) -> None:
    """Typing an option's words picks that option and no other: within each decision of
    random games, the keys and the sentences differ."""
    played = game(name)
    checked = 0
    for seed in range(3):
        seating: Any = played.seating(4, seed)
        rng = random.Random(seed)
        while (decision := seating.decision()) is not None and checked < 120 * (seed + 1):
            words = named(name, decision)
            for said in ([o.key for o in words], [o.en for o in words], [o.ja for o in words]):
                assert len(set(said)) == len(said), said
            assert all(o.key.isascii() and o.key == " ".join(o.key.split()) for o in words)
            seating.choose(rng.choice(decision.options))
            checked += 1
    assert checked > 50


def played(name: str, seed: int, players: int | None = None) -> tuple[Any, Recorder[Any], dict[str, str], Any]:
    """A game with the person's seat played by a random bot, watched as ``suiri play`` does."""
    saved = new_game(name, players, 1, "random", seed, None)
    chosen = game(name)
    seating = chosen.seating(saved.players, saved.seed, saved.variant)
    me, names, bots = seated(chosen, saved, seating.players)
    recorder: Recorder[Any] = Recorder(seating, me)
    stand_in = chosen.bots["random"](me, random.Random(seed))
    outcome = play_game(seating, {**bots, me: stand_in}, max_choices=150, watch=recorder)
    recorder.resolve(over=True)
    return chosen, recorder, names, outcome


@pytest.mark.parametrize("name", list(GAMES))
def test_the_review_counts_what_each_move_told(name: str) -> None:
    """Every move is resolved; its gain is the fall of the person's own count of hidden
    states (recounted here), a leak is never negative and names another seat, and each
    bot's hidden lines are lines of its own record that the table's lacks."""
    chosen, recorder, names, outcome = played(name, 2)
    result = review(chosen, recorder, names, outcome.winners, outcome.ending, 2)
    me = recorder.seat
    assert result.moves and len(result.moves) == len(recorder.moves)
    for move, seen in zip(result.moves, recorder.moves, strict=True):
        assert seen.after is not None and seen.choices == move.choices
        before, after = (chosen.open(r[me]).check().total for r in (seen.before, seen.after))
        assert move.gained == pytest.approx(bits(before, after)) and move.gained >= 0
        assert move.leaked >= 0 and (move.leaked_to is None) == (move.leaked == 0) and move.leaked_to != me
        if "reasoner" not in chosen.bots:  # nothing to compare with
            assert move.instead == [None] * len(move.choices)
        for other, c in zip(move.instead, move.choices, strict=True):  # the reasoner's different option, or None
            assert other is None or (other in c.decision.options and other != c.chosen)
    assert not result.reasoner or "reasoner" in chosen.bots
    public = chosen.write(recorder.records()[None], "compact").splitlines()
    assert [h.seat for h in result.hidden] == list(names)
    for hidden in result.hidden:
        own = chosen.write(recorder.records()[hidden.seat], "compact").splitlines()
        assert hidden.lines and all(line in own and line not in public for line in hidden.lines)


def test_the_answer_certain_and_whether_the_person_acted_on_it() -> None:
    """Canary, 3 players, seed 12: the person (a random bot) learns the goal and goes on
    to win; the answer is the goal, proven at the move counted and not at the one before."""
    assert bits(8, 1) == 3 and bits(5, 5) == 0
    assert bits(5, 8) == 0  # more states after a move (new hidden cards): nothing narrowed, not -0.68 bits
    chosen, recorder, names, outcome = played("canary", 12, players=3)
    result = review(chosen, recorder, names, outcome.winners, outcome.ending, 12)
    assert result.answer_step is not None and result.answer[0].subject == "goal"
    at = next(i for i, m in enumerate(recorder.moves) if m.step == result.answer_step)
    assert chosen.answer(chosen.open(recorder.moves[at].before[recorder.seat]), "goal") == result.answer[0]
    assert at == 0 or chosen.answer(chosen.open(recorder.moves[at - 1].before[recorder.seat]), "goal") is None
    assert result.known_for == len(recorder.moves) - at and result.acted is (recorder.seat in outcome.winners)
    assert result.acted is True and result.known_for >= 1


def test_a_saved_game_reads_back_and_its_errors_name_the_field(tmp_path: Path) -> None:
    saved = Saved("werewolf", 4, "base", 6, 2, ("random", "random", "random"), [1, 3, 2])
    path = tmp_path / "game.toml"
    path.write_text(saved.toml(), encoding="utf-8")
    assert read_saved(str(path)) == saved
    for field, value, said in [("seat", "9", "seat 9 is not one of the seats 1 to 4"),
                               ("players", "7", "for 3 or 4 players, not 7"),
                               ("bots", '["random"]', "one bot for each of the 3 other seats"),
                               ("bots", '["random", "random", "psychic"]', "no bot 'psychic'"),
                               ("choices", '["b1"]', "missing, or not a list of option numbers"),
                               ("game", '"chess"', "chess")]:
        text = "\n".join(f"{field} = {value}" if line.startswith(f"{field} =") else line
                         for line in saved.toml().splitlines())
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SuiriError) as caught:
            read_saved(str(path))
        assert said in str(caught.value) and f"game.toml:{text.splitlines().index(f'{field} = {value}') + 1}: " \
            f"{field}" in str(caught.value)
    with pytest.raises(SuiriError, match="seat 0"):
        check(Saved("canary", 4, "base", 1, 0, ("random",) * 3), lambda _: None)


def test_the_command_line_errors_exit_2_without_a_traceback(tmp_path: Path) -> None:
    runner = CliRunner()
    taken = tmp_path / "taken.toml"
    taken.write_text("# a game saved before\n", encoding="utf-8")
    for args, said in [(["play", "canary", "--save", str(taken)], "taken.toml exists already (valid: suiri play --resume"),
                       (["play"], "which game to play is missing"),
                       (["play", "canary", "--bots", "random,psychic"], "no bot 'psychic'"),
                       (["play", "canary", "--players", "5"], "for 2 to 4 players"),
                       (["play", "--resume", str(tmp_path / "none.toml"), "--seed", "3"], "leave out --seed"),
                       (["play", "--resume", str(tmp_path / "none.toml")], "no such file")]:
        done = runner.invoke(main, args)
        assert done.exit_code == 2 and said in done.output and "Traceback" not in done.output
    assert taken.read_text(encoding="utf-8") == "# a game saved before\n"


def test_a_finished_game_leaves_its_record_for_the_report(tmp_path: Path) -> None:
    """Piped in: the person plays Werewolf seed 2 to its end (the first option each
    time); the seat's record is written and ``suiri report --html`` reads it."""
    save = tmp_path / "wolf.toml"
    runner = CliRunner()
    done = runner.invoke(main, ["play", "werewolf", "--seed", "2", "--bots", "random", "--save", str(save)],
                         input="1\n" * 10)
    assert done.exit_code == 0, done.output
    assert "Review from aki's seat" in done.output and "The bots' hidden cards" in done.output
    record = record_path(save)
    page = tmp_path / "wolf.html"
    shown = runner.invoke(main, ["report", str(record), "--html", str(page)])
    assert shown.exit_code == 0, shown.output
    assert "aki" in page.read_text(encoding="utf-8")
    # "1" is the first numbered option: the Sleep (option 17) after the Villager's 16 (typed as words)
    assert read_saved(str(save)).choices == [1, 17, 1]


def test_the_review_asks_the_reasoner_at_each_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a ``reasoner`` registered (here a stand-in that takes the last option), the
    review names its option wherever it differs from the person's, and says it."""
    from suiri.cli.review import render
    from suiri.cli.views import view

    class Last:
        def __init__(self, seat: str, rng: random.Random) -> None:
            pass

        def choose(self, decision: Any) -> Any:
            return decision.options[-1]

    chosen = game("werewolf")
    monkeypatch.setattr(chosen, "bots", {**chosen.bots, "reasoner": Last})
    _, recorder, names, outcome = played("werewolf", 6)
    result = review(chosen, recorder, names, outcome.winners, outcome.ending, 6)
    asked = [(c, other) for m in result.moves for c, other in zip(m.choices, m.instead, strict=True)]
    assert asked and result.reasoner
    for c, other in asked:
        last = list(c.decision.options)[-1]
        assert other == (None if c.chosen == last else last)
    assert any(other is not None for _, other in asked)
    said = "\n".join(render(result, chosen, view("werewolf"), "en"))
    assert "the reasoner would have chosen" in said and "No reasoner bot" not in said


def test_a_large_family_of_options_leaves_the_numbers_to_the_others(tmp_path: Path) -> None:
    """Memory Detective: the 729 triples are typed as words, so the hand's actions are
    numbered from 1 (not from 730), and "1" chooses the first of them."""
    save = tmp_path / "case.toml"
    done = CliRunner().invoke(main, ["play", "detective", "--players", "3", "--seed", "3", "--bots", "random",
                                     "--save", str(save)], input="1\n")
    assert "    1. reveal your " in done.output and "730." not in done.output, done.output
    assert "→ reveal your " in done.output
