"""``suiri tournament`` through the command line: JSON, CSV, records, text in both
languages, and clear errors with exit status 2."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["tournament", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_json_has_every_bot_with_its_interval() -> None:
    code, out, _ = invoke("werewolf", "--bots", "random", "--games", "6", "--workers", "1", "--json", "--seed", "4")
    assert code == 0
    data = json.loads(out)
    bot = data["bots"]["random"]
    assert (data["games"], data["played"], data["interrupted"], bot["games"]) == (6, 6, False, 6)
    assert 0 <= bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1] <= 1
    assert set(data["seats"]) == {"aki", "ben", "cho", "dan"} and set(bot["seats"]) == set(data["seats"])
    assert data["lengths"]["games"] + data["draws"] + len(data["forfeits"]) == 6


def test_csv_has_one_row_per_game(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    code, out, _ = invoke("werewolf", "--bots", "random", "--games", "3", "--players", "3", "--workers", "1",
                          "--csv", str(path))
    assert code == 0 and f"wrote {path}" in out
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [r["game"] for r in rows] == ["1", "2", "3"]
    assert all(r["ending"] == "over" and r["bots"] == "random random random" and int(r["steps"]) > 0 for r in rows)
    assert all(set(r["winners"].split()) <= set(r["seats"].split()) for r in rows)


def test_records_are_every_seat_of_every_game_and_pass_check(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    code, _, _ = invoke("werewolf", "--bots", "random", "--games", "2", "--players", "3", "--workers", "1",
                        "--records", str(folder))
    assert code == 0
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"game-0000{i}-{seat}.toml" for i in (1, 2) for seat in ("aki", "ben", "cho")]
    for name in files:
        checked = CliRunner().invoke(main, ["check", str(folder / name)])
        assert checked.exit_code == 0, (name, checked.output)
    canary = tmp_path / "canary"
    assert invoke("canary", "--bots", "random", "--games", "1", "--players", "2", "--workers", "1",
                  "--records", str(canary))[0] == 0
    for path in canary.iterdir():
        assert CliRunner().invoke(main, ["check", str(path)]).exit_code == 0


def test_text_tables_in_english_and_japanese() -> None:
    code, out, _ = invoke("werewolf", "--bots", "random", "--games", "4", "--workers", "1")
    assert code == 0
    assert "Win rates by bot" in out and "Win rates by seat" in out and "95% interval" in out
    assert "Game length in moves" in out
    code, out, _ = invoke("werewolf", "--bots", "random", "--games", "4", "--workers", "1", "--lang", "ja")
    assert code == 0
    assert "ボット別の勝率" in out and "席別の勝率" in out and "95% 区間" in out and "ゲームの長さ（手" in out


@pytest.mark.parametrize(("args", "said"), [
    (("canary", "--bots", "reasoner-x"), "unknown bot 'reasoner-x'"),
    (("chess", "--bots", "random"), "unknown game 'chess'"),
    (("werewolf", "--bots", "random", "--players", "9"), "is for 3 or 4 players, not 9"),
    (("canary", "--bots", "random,random"), "listed twice"),
    (("canary", "--bots", ","), "no bot named"),
])
def test_bad_options_exit_2_with_a_clear_error(args: tuple[str, ...], said: str) -> None:
    code, out, err = invoke(*args, "--games", "2")
    assert code == 2 and out == ""
    assert err.startswith("error: ") and said in err and "Traceback" not in err


def test_errors_in_japanese() -> None:
    code, _, err = invoke("canary", "--bots", "randm", "--games", "2", "--lang", "ja")
    assert code == 2 and "ボット" in err and "'random'" in err


def test_an_unwritable_csv_is_a_clear_error(tmp_path: Path) -> None:
    code, _, err = invoke("werewolf", "--bots", "random", "--games", "1", "--workers", "1",
                          "--csv", str(tmp_path / "missing" / "games.csv"))
    assert code == 2 and "--csv: cannot write" in err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_written_files_are_told_in_one_line_each_in_the_language(lang: str, tmp_path: Path) -> None:
    """The tables, then one line per file or folder written (as `report` and `puzzle-book` do)."""
    table, folder = tmp_path / "g.csv", tmp_path / "records"
    code, out, _ = invoke("werewolf", "--bots", "random", "--games", "2", "--workers", "1", "--lang", lang,
                          "--csv", str(table), "--records", str(folder))
    assert code == 0 and table.exists() and folder.is_dir()
    told = out.splitlines()[-2:]
    assert str(table) in told[0] and str(folder) in told[1] and "8" in told[1]  # 2 games x 4 seats
    assert all(("wrote" in line) == (lang == "en") for line in told)
