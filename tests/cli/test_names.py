"""Names as people write them (issue 19, items 12, 14, 15, 16).

Player names may be Japanese (``canary あき べあ しど``) or in any case; a name is matched
case- and width-insensitively and printed as first declared; a near miss gets "did you
mean".  A notation file's first word picks its game in any case, a misspelt one is
suggested.  Classic Clue's ``[cards]`` take the printed card names.  A misspelt card
names the closest few, not the whole deck.

Each property is checked on every game's bundled record, renamed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_support import replace, user_error
from click.testing import Result

from suiri.models import GAMES, example_records, game, read_record

Run = Callable[..., Result]

BUNDLED = {name: next(p for key, p in sorted(example_records().items()) if key.startswith(name + "-"))
           for name in GAMES}
JAPANESE = {"aki": "あき", "bea": "べあ", "ben": "べん", "cho": "ちょ", "cid": "しど", "dan": "だん"}
# A certain fact of each bundled record that names a player, and the player it names.
FACTS = {"canary": ("clue:{bea}!=high", "bea"), "detective": ("holder:s7={bea}", "bea"),
         "werewolf": ("werewolf={dan}", "dan")}


def compact(name: str) -> str:
    """The bundled record of game ``name`` in its compact notation."""
    chosen = game(name)
    return str(chosen.write(chosen.read(read_record(BUNDLED[name])), "compact"))


def renamed(text: str, names: dict[str, str]) -> str:
    """``text`` with every player name replaced as a whole word."""
    return re.sub(r"(?<![\w-])(" + "|".join(names) + r")(?![\w-])", lambda m: names[m.group(1)], text)


def players(name: str) -> list[str]:
    return list(game(name).read(read_record(BUNDLED[name])).players)


def unordered(value: Any) -> Any:
    """``value`` with every list sorted (JSON data compared whatever the order of its lists)."""
    if isinstance(value, dict):
        return {k: unordered(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted((unordered(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    return value


def write(tmp_path: Path, text: str, file: str = "game.txt") -> Path:
    path = tmp_path / file
    path.write_text(text, encoding="utf-8")
    return path


# -- item 12: Japanese and mixed-case names ------------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_japanese_names_read_analyze_and_explain_like_the_latin_ones(name: str, tmp_path: Path, suiri: Run) -> None:
    """The same analysis, name for name (``--json``; lists compared as sets: ties are
    listed in the order of the names)."""
    names = {p: JAPANESE[p] for p in players(name)}
    before = suiri("analyze", write(tmp_path, compact(name), "latin.txt"), "--json")
    after = suiri("analyze", write(tmp_path, renamed(compact(name), names), "ja.txt"), "--json")
    assert before.exit_code == 0 and after.exit_code == 0, after.output
    expected, got = json.loads(renamed(before.stdout, names)), json.loads(after.stdout)
    assert unordered({**expected, "file": None}) == unordered({**got, "file": None})
    fact, who = FACTS[name]
    proof = suiri("explain", tmp_path / "ja.txt", fact.format(**{who: names[who]}))
    assert proof.exit_code == 0, proof.output
    assert names[who] in proof.stdout and who not in proof.stdout
    for lang in ("en", "ja"):
        assert suiri("analyze", tmp_path / "ja.txt", "--lang", lang).exit_code == 0


@pytest.mark.parametrize("name", list(GAMES))
def test_japanese_names_survive_toml_both_ways(name: str, tmp_path: Path, suiri: Run) -> None:
    """The TOML writer quotes a key that is not bare (``"あき" = "a7"``) and reads it back."""
    names = {p: JAPANESE[p] for p in players(name)}
    typed = write(tmp_path, renamed(compact(name), names))
    toml = suiri("convert", typed)
    assert toml.exit_code == 0, toml.output
    again = suiri("convert", write(tmp_path, toml.stdout, "game.toml"), "--to", "compact")
    assert again.exit_code == 0, again.output
    assert again.stdout == renamed(compact(name), names)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_name_in_any_case_is_the_name_as_first_declared(name: str, tmp_path: Path, suiri: Run) -> None:
    """The players line says ``Aki``; the lines below write ``aki`` or ``AKI``: one player,
    printed ``Aki`` everywhere (as if every line said ``Aki``)."""
    declared = {p: p.capitalize() for p in players(name)}
    text = compact(name)
    first, rest = text.split("\n", 1)
    upper = {p: p.upper() for p in players(name)}
    mixed = renamed(first, declared) + "\n" + renamed(rest, upper)
    typed = suiri("convert", write(tmp_path, mixed, "mixed.txt"), "--to", "compact")
    assert typed.exit_code == 0, typed.output
    assert typed.stdout == renamed(text, declared)
    fact, who = FACTS[name]
    proof = suiri("explain", tmp_path / "mixed.txt", fact.format(**{who: who.upper()}))
    assert proof.exit_code == 0 and declared[who] in proof.stdout, proof.output
    toml = BUNDLED[name].read_text(encoding="utf-8")  # TOML: players capitalised, the rest as it was
    listed = "players = [" + ", ".join(f'"{p}"' for p in players(name)) + "]"
    toml = replace(toml, listed, renamed(listed, declared))
    again = suiri("convert", write(tmp_path, toml, "mixed.toml"), "--to", "compact")
    assert again.exit_code == 0, again.output
    assert again.stdout == renamed(text, declared)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_misspelt_name_gets_the_closest_declared_spelling(name: str, tmp_path: Path, suiri: Run) -> None:
    names = {p: JAPANESE[p] for p in players(name)}
    text = renamed(compact(name), names)
    first, rest = text.split("\n", 1)
    second = names[players(name)[1]]
    wrong = first + "\n" + rest.replace(f"{second} ", f"{second}x ", 1)
    err = user_error(suiri("check", write(tmp_path, wrong)))
    assert f"'{second}x'" in err.what and f"did you mean '{second}'?" in err.what, err.what


@pytest.mark.parametrize("name", list(GAMES))
def test_two_players_may_not_differ_by_case_only(name: str, tmp_path: Path, suiri: Run) -> None:
    first, rest = compact(name).split("\n", 1)
    one, two = players(name)[:2]
    err = user_error(suiri("check", write(tmp_path, first.replace(f" {two}", f" {one.upper()}", 1) + "\n" + rest)))
    assert err.field == "players" and "a player is named twice" in err.what, err.what


def test_simulate_takes_the_viewer_in_any_case(suiri: Run) -> None:
    result = suiri("simulate", "--game", "canary", "--players", "3", "--turns", "2", "--viewer", "BEA")
    assert result.exit_code == 0 and 'viewer = "bea"' in result.stdout, result.output


def test_a_name_with_a_character_the_notation_needs_is_refused(tmp_path: Path, suiri: Run) -> None:
    text = replace(BUNDLED["canary"].read_text(encoding="utf-8"), 'players = ["aki",', 'players = ["a:ki",')
    err = user_error(suiri("check", write(tmp_path, text, "game.toml")))
    assert err.field == "players" and "'a:ki' is not allowed" in err.what


# -- item 15: the first word of a notation file ------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_the_first_word_picks_the_game_in_any_case(name: str, tmp_path: Path, suiri: Run) -> None:
    for word in (name.capitalize(), name.upper()):
        result = suiri("check", write(tmp_path, compact(name).replace(name, word, 1)))
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("written", "meant"), [("canery", "canary"), ("werwolf", "werewolf"),
                                                ("Canery", "canary"), ("detectiv", "detective")])
def test_a_misspelt_first_word_is_suggested(written: str, meant: str, tmp_path: Path, suiri: Run) -> None:
    text = "# my game\n\n" + compact(meant).replace(meant, written, 1)
    err = user_error(suiri("check", write(tmp_path, text)))
    assert (err.line, err.field) == (3, "game")
    assert err.what.startswith(f"unknown game '{written}'; did you mean '{meant}'?"), err.what
    assert "TOML:" not in err.what and "Expected" not in err.what
    ja = suiri("check", tmp_path / "game.txt", "--lang", "ja")
    assert f"もしかして '{meant}'" in ja.stderr


# -- item 14: classic Clue by its printed card names ---------------------------------------------
CLUE = """game = "detective"
variant = "clue"
players = ["aki", "bea", "cid"]
viewer = "aki"
hand = ["Miss Scarlet", "KNIFE", "kitchen", "Ballroom", "hall", "lead pipe"]
public = []

[cards]
suspects = ["Miss Scarlet", "Colonel Mustard", "Mrs. White", "Mr. Green", "Mrs. Peacock", "Professor Plum"]
weapons = ["Knife", "Candlestick", "Revolver", "Rope", "Lead Pipe", "Wrench"]
scenes = ["Kitchen", "Ballroom", "Conservatory", "Dining Room", "Billiard Room", "Library", "Lounge", "Hall", "Study"]

[[event]]
kind = "suggest"
by = "aki"
named = ["Professor Plum", "rope", "Library"]
passed = ["bea"]
refuted_by = "cid"
shown = { cid = "Rope" }
"""


def test_clue_cards_may_be_written_as_printed(tmp_path: Path, suiri: Run) -> None:
    path = write(tmp_path, CLUE, "clue.toml")
    assert suiri("check", path).exit_code == 0, suiri("check", path).output
    ids = CLUE.replace('"Miss Scarlet"', '"miss-scarlet"').replace('"Lead Pipe"', '"lead-pipe"')
    assert suiri("check", write(tmp_path, ids, "ids.toml")).exit_code == 0
    proof = suiri("explain", path, "holder:Rope=cid")
    assert proof.exit_code == 0 and "rope" in proof.stdout, proof.output
    toml = suiri("convert", path)  # the printed names stay in [cards]; events write the ids
    assert 'weapons = ["Knife", "Candlestick", "Revolver", "Rope", "Lead Pipe", "Wrench"]' in toml.stdout
    assert 'named = ["professor-plum", "rope", "library"]' in toml.stdout
    again = suiri("convert", write(tmp_path, toml.stdout, "again.toml"))
    assert again.stdout == toml.stdout


def test_a_misspelt_printed_clue_card_is_suggested(tmp_path: Path, suiri: Run) -> None:
    err = user_error(suiri("check", write(tmp_path, CLUE.replace('"lead pipe"]', '"Lead Pip"]'), "clue.toml")))
    assert "unknown card 'Lead Pip'; did you mean 'Lead Pipe'?" in err.what, err.what


@pytest.mark.parametrize(("lang", "title"), [("en", "Clue"), ("ja", "クルー")])
def test_analyze_and_report_call_the_clue_variant_clue(lang: str, title: str, tmp_path: Path, suiri: Run) -> None:
    path = write(tmp_path, CLUE, "clue.toml")
    shown = suiri("analyze", path, "--lang", lang)
    assert shown.stdout.splitlines()[0] == f"{title} — {path}"
    assert suiri("report", path, "--html", tmp_path / "r.html", "--lang", lang).exit_code == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert f'<p class="meta">{title}' in page and "Memory Detective" not in page and "記憶探偵" not in page
    base = suiri("analyze", BUNDLED["detective"], "--lang", lang).stdout.splitlines()[0]
    assert base.startswith("Memory Detective" if lang == "en" else "記憶探偵")


# -- item 16: a misspelt card names the closest few ----------------------------------------------
@pytest.mark.parametrize(("name", "card", "typo"), [("canary", "crag-lookout", "crag-lokout"),
                                                    ("detective", "s7", "s77"),
                                                    ("werewolf", "medium", "meduim")])
def test_a_misspelt_card_names_the_closest_not_the_deck(name: str, card: str, typo: str, tmp_path: Path,
                                                        suiri: Run) -> None:
    text = compact(name)
    assert f" {card}" in text
    err = user_error(suiri("check", write(tmp_path, text.replace(f" {card}", f" {typo}", 1))))
    assert f"did you mean '{card}'" in err.what, err.what
    assert len(err.what) < 250, err.what


def test_one_voter_written_in_two_cases_is_an_error_not_a_silent_drop() -> None:
    from suiri.models.werewolf.record import loads
    from suiri.solver.errors import SuiriError

    text = ('game = "werewolf"\nplayers = ["aki", "ben", "cho"]\n\n[[turn]]\nplayer = "aki"\nplay = "vote"\n'
            'votes = { aki = "ben", AKI = "cho", ben = "aki", cho = "aki" }\n')
    with pytest.raises(SuiriError) as raised:
        loads(text)
    assert "turn[1].votes: aki votes twice" in raised.value.render()
