"""The first hour (issue 11): every error a new user meets in the documented shape
``error: FILE[:LINE]: field: what (valid: ...)``, exit 2, no traceback, in the command's
``--lang``; a byte-order mark accepted; ``check --lang``; ``convert --to``.

Each test runs the real ``suiri`` command (click's runner, as ``cli_support`` does).
Names a message must list are read from where the games define them, never restated.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from cli_support import assert_clean_exit_2, replace, user_error
from click.testing import Result

from suiri.cli.main import main
from suiri.models import GAMES, example_records

Run = Callable[..., Result]

# One bundled record per game (the games' own reference records).
BUNDLED = {name: next(p for key, p in sorted(example_records().items()) if key.startswith(name + "-"))
           for name in GAMES}


def bundled(name: str) -> str:
    return BUNDLED[name].read_text(encoding="utf-8")


def players_of(name: str) -> list[str]:
    return list(tomllib.loads(bundled(name))["players"])


def write_bytes(tmp_path: Path, data: bytes, name: str = "record.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def one_line(result: Result, lang: str = "en") -> str:
    """The single stderr line of a clean exit-2 error."""
    if lang == "en":
        assert_clean_exit_2(result)
    else:
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
        assert result.stdout == "" and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# -- files that hold no record ---------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "\n\n   \n", "\ufeff"], ids=["empty", "blank-lines", "only-a-bom"])
@pytest.mark.parametrize("command", ["check", "analyze", "convert"])
def test_an_empty_file_is_named_and_called_empty(tmp_path: Path, suiri: Run, text: str, command: str) -> None:
    """Was: ``error: F: game: unknown game None (valid: "canary", ...)``."""
    path = write_bytes(tmp_path, text.encode("utf-8"))
    line = one_line(suiri(command, path))
    assert line.startswith(f"error: {path}: the file is empty (valid: a record starts with game = ")
    assert "None" not in line
    assert all(f'"{g}"' in line for g in GAMES), line


@pytest.mark.parametrize("suffix", [".toml", ".txt"])
def test_a_file_of_comments_only_says_so(tmp_path: Path, suiri: Run, suffix: str) -> None:
    path = write_bytes(tmp_path, b"# canary aki bea cid\n\n   # nothing yet\n", "notes" + suffix)
    line = one_line(suiri("check", path))
    assert line.startswith(f"error: {path}: the file holds only comments and blank lines (valid: a record starts with ")


def test_a_record_without_a_game_field_says_the_game_is_missing(tmp_path: Path, suiri: Run) -> None:
    text = bundled("canary").replace('game = "canary"', "", 1)
    path = write_bytes(tmp_path, text.encode())
    err = user_error(suiri("check", path))
    assert err.field == "game" and err.what.startswith("missing game (valid: ")


def test_a_misspelt_game_is_suggested(tmp_path: Path, suiri: Run) -> None:
    path = write_bytes(tmp_path, replace(bundled("werewolf"), 'game = "werewolf"', 'game = "werwolf"').encode())
    err = user_error(suiri("check", path))
    assert err.field == "game" and "unknown game 'werwolf'; did you mean 'werewolf'?" in err.what


# -- a byte-order mark (Notepad writes one with Japanese text) ---------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_byte_order_mark_is_accepted_in_toml(tmp_path: Path, suiri: Run, name: str) -> None:
    plain = write_bytes(tmp_path, bundled(name).encode(), "plain.toml")
    marked = write_bytes(tmp_path, b"\xef\xbb\xbf" + bundled(name).encode(), "marked.toml")
    with_mark, without = suiri("check", marked, "--json"), suiri("check", plain, "--json")
    assert with_mark.exit_code == 0, with_mark.output
    assert json.loads(with_mark.stdout) | {"file": None} == json.loads(without.stdout) | {"file": None}


def test_a_byte_order_mark_is_accepted_in_the_compact_notation(tmp_path: Path, suiri: Run) -> None:
    compact = suiri("convert", BUNDLED["canary"], "--to", "compact").stdout
    path = write_bytes(tmp_path, b"\xef\xbb\xbf" + compact.encode(), "typed.txt")
    result = suiri("check", path)
    assert result.exit_code == 0, result.output
    assert "legal and consistent — 12 turns" in result.stdout


# -- what is not a record file: each its own sentence ------------------------------------------
NOT_A_RECORD: dict[str, tuple[Callable[[Path], Path], str]] = {
    "directory": (lambda tmp: tmp, "this is a directory, not a record file (valid: the path of a record file"),
    "png": (lambda tmp: write_bytes(tmp, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "photo.png"),
            "not a text file: byte 1 (0x89) is not UTF-8 text"),
    "latin-1": (lambda tmp: write_bytes(tmp, 'game = "canary"\n# café\n'.encode("latin-1")),
                "not a text file: byte 22 (0xe9) is not UTF-8 text"),
    "nul-bytes": (lambda tmp: write_bytes(tmp, b'game = "canary"\x00\x00'), "not a text file: byte 16 (0x00)"),
    "utf-16": (lambda tmp: write_bytes(tmp, bundled("canary").encode("utf-16")),
               "the file is UTF-16 text (Notepad's \"Unicode\"), not UTF-8"),
    "missing": (lambda tmp: tmp / "nowhere.toml",
                "no such file (valid: the path of a game record (TOML or a compact notation))"),
}


@pytest.mark.parametrize("kind", NOT_A_RECORD, ids=NOT_A_RECORD.keys())
@pytest.mark.parametrize("command", ["check", "analyze", "convert", "advise"])
def test_what_is_not_a_record_file_gets_a_sentence_of_its_own(tmp_path: Path, suiri: Run, kind: str,
                                                               command: str) -> None:
    """Was: click's ``Usage: ... Error: Invalid value for 'RECORD': ... is a directory``
    for a directory, and Python's codec message for a binary file."""
    make, sentence = NOT_A_RECORD[kind]
    path = make(tmp_path)
    line = one_line(suiri(command, path))
    assert line.startswith(f"error: {path}: {sentence}"), line
    assert "(valid: " in line and "Usage:" not in line and "codec" not in line


def test_the_sentences_differ(tmp_path: Path, suiri: Run) -> None:
    said = {kind: one_line(suiri("check", make(tmp_path))).split(": ", 2)[2]
            for kind, (make, _) in NOT_A_RECORD.items() if kind in ("directory", "png", "missing")}
    assert len(set(said.values())) == 3, said


def test_a_directory_suggests_the_records_inside(tmp_path: Path, suiri: Run) -> None:
    (tmp_path / "game.toml").write_text(bundled("canary"), encoding="utf-8")
    line = one_line(suiri("check", tmp_path))
    assert f"(valid: the path of a record file, e.g. {tmp_path / 'game.toml'})" in line


# -- misspelt names: "did you mean" and the real list --------------------------------------------
def test_misspelt_player_in_a_canary_record(tmp_path: Path, suiri: Run) -> None:
    path = write_bytes(tmp_path, replace(bundled("canary"), 'player = "bea"', 'player = "bae"').encode())
    err = user_error(suiri("check", path))
    assert err.field == "turn[2].player"
    assert err.what == f"unknown player 'bae'; did you mean 'bea'? (valid: {', '.join(players_of('canary'))})"


def test_misspelt_card_in_a_canary_record_names_the_closest_and_where_the_rest_are(tmp_path: Path,
                                                                                     suiri: Run) -> None:
    """Issue 19, item 16: not the 26 ids (six lines in `live`), but the closest few and the
    page that lists every card."""
    from suiri.models.canary.cards import CARD_LIST, STANDARD_DECK

    text = replace(bundled("canary"), 'card = "abandoned-materials"', 'card = "abandoned-material"')
    err = user_error(suiri("check", write_bytes(tmp_path, text.encode())))
    assert err.field == "turn[2].card"
    assert "unknown card 'abandoned-material'; did you mean 'abandoned-materials'?" in err.what
    listed = [k.id for k in STANDARD_DECK.kinds if k.id in err.what]
    assert listed == ["abandoned-materials"], listed
    assert CARD_LIST in err.what and len(err.what) < 250
    page = (Path(__file__).parents[2] / CARD_LIST).read_text(encoding="utf-8")
    assert all(f"`{k.id}`" in page for k in STANDARD_DECK.kinds)


def test_misspelt_japanese_card_name_suggests_the_japanese_name(tmp_path: Path, suiri: Run) -> None:
    text = replace(bundled("canary"), 'card = "abandoned-materials"', 'card = "遺棄された資料"')
    err = user_error(suiri("check", write_bytes(tmp_path, text.encode())))
    assert "did you mean '遺棄された資材'?" in err.what


def test_misspelt_clue_in_a_canary_record(tmp_path: Path, suiri: Run) -> None:
    from suiri.models.canary.cards import ATTRIBUTES

    text = replace(bundled("canary"), 'clue = "ancient"', 'clue = "ancent"')
    err = user_error(suiri("check", write_bytes(tmp_path, text.encode())))
    assert err.field == "clue" and "unknown clue 'ancent'; did you mean 'ancient'?" in err.what
    assert ", ".join(ATTRIBUTES) in err.what


def test_misspelt_player_and_card_in_a_detective_record(tmp_path: Path, suiri: Run) -> None:
    from suiri.models.detective.cards import STANDARD_DECK

    text = replace(bundled("detective"), 'by = "cid"', 'by = "cdi"')
    err = user_error(suiri("check", write_bytes(tmp_path, text.encode(), "by.toml")))
    assert err.what == f"unknown player 'cdi'; did you mean 'cid'? (valid: {', '.join(players_of('detective'))})"
    text = replace(bundled("detective"), 'card = "s5"', 'card = "s55"')
    err = user_error(suiri("check", write_bytes(tmp_path, text.encode(), "card.toml")))
    assert err.field == "event[1].card" and "unknown card 's55'; did you mean 's5'?" in err.what
    assert STANDARD_DECK.describe() in err.what


def test_misspelt_player_and_card_in_a_werewolf_record(tmp_path: Path, suiri: Run) -> None:
    from suiri.models.werewolf.cards import KINDS

    text = replace(bundled("werewolf"), 'target = "cho"', 'target = "coh"')
    err = user_error(suiri("check", write_bytes(tmp_path, text.encode(), "target.toml")))
    assert err.field == "turn[1].target"
    assert err.what == f"unknown player 'coh'; did you mean 'cho'? (valid: {', '.join(players_of('werewolf'))})"
    text = replace(bundled("werewolf"), 'play = "seer"', 'play = "sear"')
    err = user_error(suiri("check", write_bytes(tmp_path, text.encode(), "play.toml")))
    assert err.field == "turn[1].play" and "unknown card 'sear'; did you mean 'seer'?" in err.what
    assert ", ".join(k.id for k in KINDS) in err.what


def test_misspelt_top_level_field(tmp_path: Path, suiri: Run) -> None:
    text = replace(bundled("canary"), 'viewer = "aki"', 'veiwer = "aki"')
    err = user_error(suiri("check", write_bytes(tmp_path, text.encode())))
    assert err.field == "veiwer" and "unknown field 'veiwer'; did you mean 'viewer'?" in err.what


FACTS = [  # (game, fact, what the message says); the suggestions keep the arguments typed
    ("canary", "clue:bae!=high", "unknown player 'bae'; did you mean 'bea'?"),
    ("canary", "squar:a2=crag-lookout", "unknown subject 'squar:a2'; did you mean 'square:a2'?"),
    ("canary", "square:a2=crag-lokout", "unknown card 'crag-lokout'; did you mean 'crag-lookout'?"),
    ("detective", "holdr:s1=bea", "unknown subject 'holdr:s1'; did you mean 'holder:s1'?"),
    ("detective", "holder:s1=baa", "'baa' is not a place a card can be; did you mean 'bea'?"),
    ("detective", "case:weapn=w4", "unknown category 'weapn'; did you mean 'weapon'?"),
    ("werewolf", "werewolf=chp", "'chp' is not a player here; did you mean 'cho'?"),
    ("werewolf", "hnad:dan=seer", "unknown subject 'hnad:dan'; did you mean 'hand:dan'?"),
    ("werewolf", "hand:dan=knigt", "unknown card 'knigt'; did you mean 'knight'?"),
]


@pytest.mark.parametrize(("name", "fact", "says"), FACTS, ids=[f"{g}-{f}" for g, f, _ in FACTS])
def test_misspelt_fact_in_explain_and_hint(suiri: Run, name: str, fact: str, says: str) -> None:
    for args in (["explain", BUNDLED[name], fact], ["hint", BUNDLED[name], "--known", fact]):
        line = one_line(suiri(*args))
        assert says in line and "(valid: " in line, line


def test_a_fact_error_names_the_record_and_the_argument(suiri: Run) -> None:
    """Was: ``error: unknown subject 'squar:a2' (valid: ...)``, with no FILE."""
    record = BUNDLED["canary"]
    assert one_line(suiri("explain", record, "squar:a2=crag-lookout")).startswith(
        f"error: {record}: FACT: unknown subject 'squar:a2'; did you mean 'square:a2'? (valid: clue:NAME=ATTRIBUTE, ")
    assert one_line(suiri("hint", record, "--known", "goal!=c4", "--known", "clue:bae!=high")).startswith(
        f"error: {record}: --known: unknown player 'bae'; did you mean 'bea'? (valid: ")


def test_misspelt_player_in_a_fact_lists_the_players(suiri: Run) -> None:
    line = one_line(suiri("explain", BUNDLED["canary"], "clue:bae!=high"))
    assert line.endswith(f"(valid: {', '.join(players_of('canary'))})")


def test_a_name_far_from_every_other_gets_no_guess(tmp_path: Path, suiri: Run) -> None:
    path = write_bytes(tmp_path, replace(bundled("canary"), 'player = "bea"', 'player = "zzzzzz"').encode())
    err = user_error(suiri("check", path))
    assert "did you mean" not in err.what and err.what.startswith("unknown player 'zzzzzz' (valid: aki,")


# -- errors follow --lang ja ---------------------------------------------------------------------
def lang_commands() -> list[str]:
    """Every command that reads a record and takes --lang."""
    return sorted(name for name, command in main.commands.items()
                  if any(p.name == "lang" for p in command.params) and any(p.name == "record" for p in command.params))


@pytest.mark.parametrize("command", lang_commands())
def test_every_command_with_lang_prints_its_errors_in_japanese(tmp_path: Path, runner, command: str) -> None:
    """The label, the message and "valid" of a file-level error, in Japanese."""
    params = main.commands[command].params
    extra = [p for p in params if isinstance(p, click.Argument) and p.required and p.name != "record"]
    path = write_bytes(tmp_path, b"\x89PNG\r\n\x1a\n", "photo.png")
    result = runner.invoke(main, [command, str(path), *["goal=c4" for _ in extra], "--lang", "ja"])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert result.stderr.strip() == (
        f"エラー: {path}: テキストファイルではありません：1 バイト目 (0x89) が UTF-8 の文字ではありません"
        "（画像などのバイナリファイル？） (有効な値: UTF-8 のテキストとして保存した記録（TOML またはコンパクト記法）)")


def test_check_takes_lang(suiri: Run) -> None:
    result = suiri("check", BUNDLED["canary"], "--lang", "ja")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{BUNDLED['canary']}：ルール上正しく、矛盾なし — 12ターン、矛盾のない世界は")


def test_check_errors_in_japanese(tmp_path: Path, suiri: Run) -> None:
    empty = write_bytes(tmp_path, b"", "empty.toml")
    assert one_line(suiri("check", empty, "--lang", "ja"), "ja").startswith(f"エラー: {empty}: ファイルが空です (有効な値: game = ")
    missing = tmp_path / "nowhere.toml"
    assert one_line(suiri("check", missing, "--lang", "ja"), "ja") == \
        f"エラー: {missing}: そのようなファイルはありません (有効な値: 記録ファイル（TOML またはコンパクト記法）のパス)"
    directory = tmp_path / "folder"
    directory.mkdir()
    assert one_line(suiri("check", directory, "--lang", "ja"), "ja").startswith(
        f"エラー: {directory}: これはディレクトリです。記録ファイルではありません (有効な値: ")


def test_misspelt_names_in_japanese(tmp_path: Path, suiri: Run) -> None:
    text = replace(bundled("canary"), 'player = "bea"', 'player = "bae"')
    path = write_bytes(tmp_path, text.encode())
    at = text.splitlines().index('player = "bae"') + 1
    line = one_line(suiri("analyze", path, "--lang", "ja"), "ja")
    assert line == (f"エラー: {path}:{at}: turn[2].player: 不明なプレイヤー 'bae'。もしかして 'bea'？ "
                    f"(有効な値: {', '.join(players_of('canary'))})")
    line = one_line(suiri("explain", BUNDLED["werewolf"], "werewolf=chp", "--lang", "ja"), "ja")
    assert line.startswith(f"エラー: {BUNDLED['werewolf']}: FACT: 'chp' はこの記録のプレイヤーではありません。"
                           "もしかして 'cho'？ (有効な値: ")


def test_a_rule_of_the_game_is_said_in_japanese(tmp_path: Path, suiri: Run) -> None:
    """Was English inside the Japanese frame: the rules' sentences are in the game's catalogue."""
    path = write_bytes(tmp_path, replace(bundled("canary"), 'to = "b7"', 'to = "b6"').encode())
    line = one_line(suiri("check", path, "--lang", "ja"), "ja")
    assert line == f"エラー: {path}:17: turn[1].to: aki は a7 から b6 へ移動できません：斜めには移動できません (有効な値: a6, b7)"


def test_a_plain_message_prints_as_it_is_in_a_japanese_frame() -> None:
    """The fallback for a message that is data, not a sentence of a catalogue."""
    from suiri.solver.errors import Source, SuiriError

    assert SuiriError("x=1", Source("game.toml", 3), "y=2").render("ja") == "game.toml:3: x=1 (有効な値: y=2)"


def test_json_errors_stay_english(tmp_path: Path, suiri: Run) -> None:
    path = write_bytes(tmp_path, replace(bundled("canary"), 'player = "bea"', 'player = "bae"').encode())
    data = json.loads(suiri("check", path, "--json", "--lang", "ja").stdout)
    assert data["errors"][0]["message"] == "unknown player 'bae'; did you mean 'bea'?"


# -- convert --to ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_convert_to_compact_and_back(name: str, tmp_path: Path, suiri: Run) -> None:
    """Every game: TOML → compact → TOML gives the same canonical TOML, and the compact
    text is a fixed point (the notations' own sweeps cover thousands of simulated records)."""
    toml = suiri("convert", BUNDLED[name])
    compact = suiri("convert", BUNDLED[name], "--to", "compact")
    assert toml.exit_code == 0 and compact.exit_code == 0, compact.output
    assert compact.stdout.startswith(f"{name} aki ")
    path = write_bytes(tmp_path, compact.stdout.encode(), "game.txt")
    again = suiri("convert", path, "--to", "toml")
    assert again.stdout == toml.stdout
    assert suiri("convert", path, "--to", "compact").stdout == compact.stdout


def test_convert_help_shows_both_notations(suiri: Run) -> None:
    out = suiri("convert", "--help").stdout
    assert "--to [toml|compact]" in out and "suiri convert game.toml --to compact" in out


def test_convert_to_an_unknown_notation_is_a_usage_error(suiri: Run) -> None:
    result = suiri("convert", BUNDLED["canary"], "--to", "yaml")
    assert result.exit_code == 2 and "'yaml' is not one of 'toml', 'compact'" in result.output


def test_a_file_that_cannot_be_read_says_why(tmp_path: Path, suiri: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: click's ``Usage: ... Error: Invalid value for 'RECORD': File ... is not readable``
    (root reads every file, so the denial is simulated)."""
    path = write_bytes(tmp_path, bundled("canary").encode())
    original = Path.read_bytes

    def denied(self: Path) -> bytes:
        if self == path:
            raise PermissionError(13, "Permission denied", str(path))
        return original(self)

    monkeypatch.setattr(Path, "read_bytes", denied)
    assert one_line(suiri("check", path)) == \
        f"error: {path}: cannot read the file (Permission denied) (valid: a record file you may read)"


def test_compact_notation_saved_as_toml_says_what_to_do(tmp_path: Path, suiri: Run) -> None:
    """Was only ``not valid TOML: Expected '=' after a key``."""
    compact = suiri("convert", BUNDLED["canary"], "--to", "compact").stdout
    path = write_bytes(tmp_path, compact.encode(), "game.toml")
    line = one_line(suiri("check", path))
    assert line.startswith(f"error: {path}:1: not valid TOML: ")
    assert line.endswith("(valid: TOML; this file holds canary's compact notation, which is read from a file "
                         "not named .toml (e.g. game.txt))")
