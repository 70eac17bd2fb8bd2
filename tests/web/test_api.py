"""The JSON API (``suiri.cli.web.api``): for each bundled record it answers exactly what
``suiri … --json`` prints for the same record (run through click's CliRunner on a file of
the name the API gives the body), and a bad record or option is a 400 holding the errors
as ``suiri check --json`` prints them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi import FastAPI
from fastapi.testclient import TestClient

from suiri.cli.main import main
from suiri.cli.web.app import create_app
from suiri.cli.web.config import ServeConfig
from suiri.models import example_records

BASE_URL = "http://127.0.0.1:8765"
EXAMPLES = example_records()
TOML = {"content-type": "application/toml"}
PLAIN = {"content-type": "text/plain; charset=utf-8"}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The CLI runs in a folder of its own, on the file name the API gives the body."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def api(app: FastAPI) -> Iterator[TestClient]:
    """A client as another tool calls the API: no cookie, no CSRF token."""
    with TestClient(app, base_url=BASE_URL, raise_server_exceptions=False) as client:
        yield client


def cli(*args: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(main, [*args, "--json"])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, json.loads(result.stdout)


def compact(name: str) -> str:
    result = CliRunner().invoke(main, ["convert", str(EXAMPLES[name]), "--to", "compact"])
    assert result.exit_code == 0, result.output
    return result.stdout


def same_as_cli(api: TestClient, here: Path, file: str, text: str, args: list[str], path: str,
                params: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """POST ``text`` to ``path`` and run ``suiri ARGS --json`` on it written as ``file``:
    the two answers are equal (the status: 200 for exit status 0, else 400); the answer."""
    (here / file).write_text(text, encoding="utf-8")
    code, expected = cli(args[0], file, *args[1:])
    answer = api.post(path, params=params or [], content=text.encode(), headers=TOML if file.endswith(".toml") else PLAIN)
    assert answer.status_code == (200 if code == 0 else 400), answer.text
    assert answer.json() == expected
    return expected


# -- exactly the CLI's --json -------------------------------------------------------------------

@pytest.mark.slow  # the edit loop leaves it to make test (docs/testing.md)
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_command_answers_what_the_cli_prints(api: TestClient, here: Path, name: str) -> None:
    text = EXAMPLES[name].read_text(encoding="utf-8")
    record = "record.toml"
    assert same_as_cli(api, here, record, text, ["check"], "/api/check")["legal"] is True
    analysis = same_as_cli(api, here, record, text, ["analyze"], "/api/analyze")
    certain = analysis["certain"][0]
    proof = same_as_cli(api, here, record, text, ["explain", certain], "/api/explain", [("fact", certain)])
    assert proof["status"] == "certain" and proof["chain"]
    same_as_cli(api, here, record, text, ["explain", certain, "--lines", "--lang", "ja"], "/api/explain",
                [("fact", certain), ("lines", "true"), ("lang", "ja")])
    negated = certain.replace("!=", "=") if "!=" in certain else certain.replace("=", "!=", 1)
    assert same_as_cli(api, here, record, text, ["explain", negated], "/api/explain",
                       [("fact", negated)])["status"] == "impossible"
    first = same_as_cli(api, here, record, text, ["hint"], "/api/hint")
    assert first["hints"], first
    japanese = same_as_cli(api, here, record, text, ["hint", "--level", "4", "--lang", "ja"], "/api/hint",
                           [("level", "4"), ("lang", "ja")])
    assert japanese["hints"][0]["step"] != first["hints"][0]["step"]  # said in Japanese
    known = first["hints"][0]["fact"]
    same_as_cli(api, here, record, text, ["hint", "--level", "3", "--known", known, "--known", certain, "--skip-obvious"],
                "/api/hint", [("level", "3"), ("known", known), ("known", certain), ("skip_obvious", "true")])
    same_as_cli(api, here, record, text, ["advise"], "/api/advise")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_compact_notation_as_plain_text(api: TestClient, here: Path, name: str) -> None:
    text = compact(name)
    assert same_as_cli(api, here, "record.txt", text, ["check"], "/api/check")["file"] == "record.txt"
    same_as_cli(api, here, "record.txt", text, ["analyze"], "/api/analyze")
    same_as_cli(api, here, "record.txt", text, ["hint", "--level", "2"], "/api/hint", [("level", "2")])


def test_a_werewolf_turn_in_progress(api: TestClient, here: Path) -> None:
    """``advise --drew CARD``: the card just drawn, as a query parameter."""
    text = "\n".join(compact("werewolf-4p").splitlines()[:6]) + "\n"  # the first round: aki's turn next
    advice = same_as_cli(api, here, "record.txt", text, ["advise", "--drew", "knight"], "/api/advise", [("drew", "knight")])
    assert advice["options"]
    assert same_as_cli(api, here, "record.txt", text, ["check"], "/api/check")["legal"] is True


# -- bad records and options: 400 with the errors as check --json lists them --------------------

def test_an_illegal_line_is_a_400_as_check_prints_it(api: TestClient, here: Path) -> None:
    text = compact("canary-3p").replace("aki b7 h giant-stone-bridge", "aki e3 h giant-stone-bridge", 1)
    failed = same_as_cli(api, here, "record.txt", text, ["check"], "/api/check")
    assert failed["legal"] is False
    (error,) = failed["errors"]
    assert (error["kind"], error["line"], error["field"]) == ("IllegalMoveError", 4, "turn[1].to")
    assert "e3" in error["message"] and error["valid"] == "a6, b7"
    for path in ("/api/analyze", "/api/hint", "/api/advise"):  # the same error from every command
        answer = api.post(path, content=text, headers=PLAIN)
        assert answer.status_code == 400
        assert answer.json() == {"file": "record.txt", "errors": failed["errors"]}


def test_an_inconsistent_record_names_its_conflict(api: TestClient, here: Path) -> None:
    text = compact("canary-3p").replace("bea f7 r abandoned-materials", "bea f7 r strata-valley", 1)
    failed = same_as_cli(api, here, "record.txt", text, ["check"], "/api/check")
    assert (failed["legal"], failed["consistent"]) == (True, False)
    assert failed["errors"][0]["kind"] == "InconsistentRecordError"
    assert [c.split(":")[:2] for c in failed["errors"][0]["conflict"]] == [["record.txt", "5"], ["record.txt", "12"],
                                                                            ["record.txt", "14"]]


@pytest.mark.parametrize(("body", "headers", "what"), [
    (b"", PLAIN, "the file is empty"),
    (b"# only a comment\n", TOML, "comment"),
    (b'game = "chess"\n', TOML, "unknown game 'chess'"),
    (b"canery aki bea cid\n", PLAIN, "unknown game 'canery'"),  # a misspelt game
    (b'game = "canary"\nplayers = [\n', TOML, ""),
    (b"canary aki bea cid\n", TOML, "compact"),  # said to be TOML, written in the notation
    (b"\xff\xfeg\x00", PLAIN, "UTF-16"),
    (b"game = \"canary\"\n\xc3\x28", TOML, "not UTF-8"),
])
def test_a_record_that_does_not_read(api: TestClient, here: Path, body: bytes, headers: dict[str, str],
                                     what: str) -> None:
    answer = api.post("/api/check", content=body, headers=headers)
    assert answer.status_code == 400
    failed = answer.json()
    assert failed["legal"] is False and failed["errors"][0]["kind"] == "RecordSyntaxError"
    assert what in failed["errors"][0]["message"] + (failed["errors"][0]["valid"] or ""), failed
    file = "record.toml" if headers is TOML else "record.txt"
    (here / file).write_bytes(body)
    assert cli("check", file) == (2, failed)
    assert api.post("/api/analyze", content=body, headers=headers).json()["errors"] == failed["errors"]


@pytest.mark.parametrize(("fact", "field", "kind"), [
    ("nonsense", "FACT", "FactError"),
    ("clue:zed=high", "FACT", "FactError"),
    ("clue:bea=purple", "FACT", "RecordSyntaxError"),  # an unknown value: "did you mean"
])
def test_a_fact_that_is_no_fact(api: TestClient, fact: str, field: str, kind: str) -> None:
    text = EXAMPLES["canary-3p"].read_text(encoding="utf-8")
    answer = api.post("/api/explain", params={"fact": fact}, content=text, headers=TOML)
    assert answer.status_code == 400
    (error,) = answer.json()["errors"]
    assert (error["kind"], error["field"], error["line"]) == (kind, field, None)
    assert error["message"] and error["valid"]
    known = api.post("/api/hint", params={"known": fact}, content=text, headers=TOML)
    assert known.status_code == 400 and known.json()["errors"][0]["field"] == "--known"


def test_options_the_command_line_would_refuse(api: TestClient) -> None:
    text = EXAMPLES["canary-3p"].read_text(encoding="utf-8")
    drew = api.post("/api/advise", params={"drew": "vote"}, content=text, headers=TOML)
    assert drew.status_code == 400 and drew.json()["errors"][0]["field"] == "--drew"
    for path, params in (("/api/hint", {"level": "5"}), ("/api/hint", {"level": "two"}), ("/api/explain", {}),
                         ("/api/explain", {"fact": "goal=c4", "lang": "fr"})):
        assert api.post(path, params=params, content=text, headers=TOML).status_code == 422, (path, params)
    assert api.get("/api/check").status_code == 405
    assert api.post("/api/check", content=text, headers=TOML).status_code == 200  # still serving


# -- the guards: token, Origin, size; no CSRF token needed ---------------------------------------

def test_the_api_needs_no_csrf_token_but_a_foreign_origin_is_refused(api: TestClient) -> None:
    text = EXAMPLES["detective-3p"].read_text(encoding="utf-8")
    assert "X-CSRF-Token" not in api.headers and not api.cookies
    assert api.post("/api/check", content=text, headers=TOML).status_code == 200
    assert api.post("/api/check", content=text, headers={**TOML, "Origin": BASE_URL}).status_code == 200
    foreign = api.post("/api/check", content=text, headers={**TOML, "Origin": "https://evil.example"})
    assert foreign.status_code == 403 and "error" in foreign.json()


def test_a_body_over_the_limit_is_a_413(api: TestClient, config: ServeConfig) -> None:
    body = b"#" * (config.max_body + 1)
    assert api.post("/api/check", content=body, headers=PLAIN).status_code == 413


def test_off_loopback_the_api_needs_the_token(games_dir: Path) -> None:
    app = create_app(ServeConfig(games_dir=games_dir, host="0.0.0.0", token="s3cret"))
    text = EXAMPLES["werewolf-4p"].read_text(encoding="utf-8")
    with TestClient(app, base_url="http://192.168.1.5:8765", raise_server_exceptions=False) as client:
        assert client.post("/api/check", content=text, headers=TOML).status_code == 403
        assert client.post("/api/check", params={"token": "wrong"}, content=text, headers=TOML).status_code == 403
        assert client.post("/api/check", params={"token": "s3cret"}, content=text, headers=TOML).status_code == 200


# -- OpenAPI --------------------------------------------------------------------------------------

def test_openapi_describes_the_api(api: TestClient) -> None:
    spec = api.get("/openapi.json").json()
    expected = {"check": set(), "analyze": set(), "explain": {"fact", "lines", "lang"},
                "hint": {"level", "known", "skip_obvious", "lang"}, "advise": {"drew"}}
    for command, params in expected.items():
        post = spec["paths"][f"/api/{command}"]["post"]
        assert f"suiri {command} --json" in post["summary"]
        assert {p["name"] for p in post.get("parameters", [])} == params
        assert all(p.get("description") for p in post.get("parameters", []))
        assert set(post["requestBody"]["content"]) == {"application/toml", "text/plain"}
        assert post["responses"]["400"]["content"]["application/json"]["schema"]["$ref"].endswith("/Failure")
    explain = {p["name"]: p for p in spec["paths"]["/api/explain"]["post"]["parameters"]}
    assert explain["fact"]["required"] is True
    level = {p["name"]: p for p in spec["paths"]["/api/hint"]["post"]["parameters"]}["level"]["schema"]
    assert (level["minimum"], level["maximum"]) == (1, 4)
    schemas = spec["components"]["schemas"]
    assert set(schemas["ErrorEntry"]["properties"]) == {"kind", "line", "field", "message", "valid", "conflict"}
    assert set(schemas["Failure"]["properties"]) == {"file", "legal", "consistent", "errors"}
