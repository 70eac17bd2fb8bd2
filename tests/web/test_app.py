"""The games pages of `suiri serve` through FastAPI's TestClient (issue 22): the list, new
games, uploads, examples, a game's page and everything it does -- each answer compared
with what the CLI gives for the same record, each bad input refused with nothing written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sibling import load_sibling

from suiri.cli.views import view
from suiri.models import example_records
from suiri.models.live import LiveRecord
from suiri.solver.reasoning import explain, hint

HX = {"HX-Request": "true"}


Elements = load_sibling(__file__, "html.py", "web_html").Elements


def example(client: TestClient, name: str) -> str:
    """Copy a bundled record into the folder through the page; the copy's name."""
    answer = client.post(f"/examples/{name}", follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return answer.headers["location"].rsplit("/", 1)[-1]


def bundled(record: str) -> Path:
    return Path(str(example_records()[record]))


def version(client: TestClient, name: str) -> str:
    return Elements(client.get(f"/games/{name}").text).by_id("state")["data-version"]


# ---- the list, examples, downloads ------------------------------------------------------
def test_the_games_list_is_newest_first_with_the_examples(client: TestClient, games_dir: Path) -> None:
    page = Elements(client.get("/").text)
    assert page.having("a", "href") and not [a for a in page.having("a", "href") if a["href"].startswith("/games/")]
    first = example(client, "canary-3p")
    second = example(client, "werewolf-4p")
    os.utime(games_dir / first, (1_000_000_000, 1_000_000_000))  # the canary record is the older one
    links = [a["href"] for a in Elements(client.get("/").text).having("a", "href") if a["href"].startswith("/games/")]
    assert links == [f"/games/{second}", f"/games/{first}"]
    again = example(client, "canary-3p")
    assert again == "canary-3p-2.toml" and (games_dir / again).exists()


def test_download_gives_the_file_as_it_is(client: TestClient, games_dir: Path) -> None:
    name = example(client, "detective-3p")
    answer = client.get(f"/games/{name}/download")
    assert answer.status_code == 200
    assert answer.content == (games_dir / name).read_bytes()
    assert "attachment" in answer.headers["content-disposition"] and name in answer.headers["content-disposition"]


def test_an_unknown_example_or_record_is_a_clear_404(client: TestClient) -> None:
    answer = client.post("/examples/chess-2p", follow_redirects=False)
    assert answer.status_code == 404 and "canary-3p" in answer.text
    for path in ("/games/nothing.txt", "/games/nothing.txt/download", "/games/nothing.txt/hint"):
        assert client.get(path).status_code == 404, path
    assert client.post("/games/nothing.txt/line", data={"line": "x", "version": "v"}).status_code == 404


# ---- a game's page: the same answers as the CLI --------------------------------------
JSON_PLACES = {  # each game's analyze --json: where a subject's chances are (subject -> value -> p)
    "canary": lambda j: {**{f"clue:{p}": v for p, v in j["clues"].items()}, "goal": j["goal"]},
    "detective": lambda j: {**{f"case:{k}": v for k, v in j["truth"].items()},
                            **{f"holder:{c}": v for c, v in j["owners"].items()}},
    "werewolf": lambda j: {"lost-legacy": j["lost_legacy"], "werewolf": j["werewolf"], "madman": j["madman"],
                           **j["cards"]},
}  # a value the JSON leaves out has chance 0 (Werewolf lists only what may be)


@pytest.mark.parametrize("record", sorted(example_records()))
def test_a_games_page_shows_the_analysis_of_analyze_json(client: TestClient, record: str) -> None:
    """Certain facts and every possibility's data-p as `suiri analyze --json` prints them."""
    name = example(client, record)
    html = client.get(f"/games/{name}").text
    page = Elements(html)
    live = LiveRecord.open(bundled(record))
    analysis = live.position.analysis
    assert [li["data-fact"] for li in page.having("li", "data-fact")] == [str(f) for f in analysis.certain]
    rows = page.having("tr", "data-p")
    assert len(rows) == len(analysis.chances())
    printed = json.loads(json.dumps(analysis.to_json()))  # what `analyze --json` prints
    assert [li["data-fact"] for li in page.having("li", "data-fact")] == printed["certain"]
    places = JSON_PLACES[live.game.facts.name](printed)
    for row in rows:
        chances = places[row["data-subject"]]
        assert row["data-p"] == json.dumps(chances.get(row["data-value"], 0.0)), row
    assert page.having("svg", "class") and page.by_id("picture")
    assert page.by_id("line")["name"] == "line" and page.by_id("entry")
    for ident in ("undo", "redo", "hint-next", "advise", "lang-en", "lang-ja", "entry-error", "chances", "certain"):
        assert page.by_id(ident), ident


def test_the_picture_is_the_views_svg(client: TestClient) -> None:
    name = example(client, "werewolf-4p")
    html = client.get(f"/games/{name}").text
    live = LiveRecord.open(bundled("werewolf-4p"))
    assert view("werewolf").svg(live.position.analysis, "en") in html


def test_an_accepted_line_is_saved_at_once_and_the_state_comes_back(client: TestClient, games_dir: Path) -> None:
    name = example(client, "canary-3p")
    before = version(client, name)
    undone = client.post(f"/games/{name}/undo", data={"version": before}, headers=HX)
    assert undone.status_code == 200 and "aki d7 h ruins-above-the-clouds" in Elements(undone.text).text["said"]
    assert "ruins-above-the-clouds" not in (games_dir / name).read_text()
    now = Elements(undone.text).by_id("state")["data-version"]
    typed = client.post(f"/games/{name}/line", data={"line": "aki d7 h ruins-above-the-clouds", "version": now},
                        headers=HX)
    assert typed.status_code == 200 and typed.text.lstrip().startswith('<div id="state"')
    assert "ruins-above-the-clouds" in (games_dir / name).read_text()
    assert Elements(typed.text).by_id("redo").get("disabled") is not None  # a new line ends the redo


def test_without_javascript_a_line_is_a_post_then_a_redirect(client: TestClient, games_dir: Path) -> None:
    name = example(client, "detective-3p")
    undone = client.post(f"/games/{name}/undo", data={"version": version(client, name)}, follow_redirects=False)
    assert undone.status_code == 303 and undone.headers["location"] == f"/games/{name}"
    redone = client.post(f"/games/{name}/redo", data={"version": version(client, name)}, follow_redirects=False)
    assert redone.status_code == 303
    assert LiveRecord.open(games_dir / name).lines == LiveRecord.open(bundled("detective-3p")).lines


def test_a_refused_line_says_why_under_the_entry_and_nothing_is_saved(client: TestClient, games_dir: Path) -> None:
    name = example(client, "canary-3p")
    saved = (games_dir / name).read_bytes()
    answer = client.post(f"/games/{name}/line", data={"line": "cid a5 x lava", "version": version(client, name)},
                         headers=HX)
    assert answer.status_code == 422
    page = Elements(answer.text)
    error = page.having("li", "data-field")[0]
    assert error["data-line"] == "16" and error["data-field"].endswith("check")
    assert "'x' is not a check letter" in page.text["entry-error"]
    assert page.by_id("line")["value"] == "cid a5 x lava"  # kept, to be corrected
    assert (games_dir / name).read_bytes() == saved


def test_a_refused_line_in_japanese_and_did_you_mean(client: TestClient) -> None:
    name = example(client, "canary-3p")
    answer = client.post(f"/games/{name}/line?lang=ja", data={"line": "cid a5 h crag-lokout", "version": version(client, name)},
                         headers=HX)
    text = Elements(answer.text).text["entry-error"]
    assert answer.status_code == 422 and "crag-lookout" in text and "行目" in text


def test_a_stale_version_is_refused_and_nothing_is_overwritten(client: TestClient, games_dir: Path) -> None:
    name = example(client, "canary-3p")
    seen = version(client, name)  # tab 1
    client.post(f"/games/{name}/undo", data={"version": seen})  # tab 2 takes a line back
    saved = (games_dir / name).read_bytes()
    for path, data in ((f"/games/{name}/line", {"line": "cid a5 h", "version": seen}),
                       (f"/games/{name}/undo", {"version": seen}), (f"/games/{name}/redo", {"version": seen})):
        answer = client.post(path, data=data, headers=HX)
        assert answer.status_code == 409, path
        assert "changed since this page was loaded" in Elements(answer.text).text["entry-error"]
    assert (games_dir / name).read_bytes() == saved


def test_undo_stops_at_the_setup_and_redo_at_the_last_line(client: TestClient) -> None:
    name = example(client, "werewolf-4p")
    said = ""
    for _ in range(20):
        answer = client.post(f"/games/{name}/undo", data={"version": version(client, name)}, headers=HX)
        said = Elements(answer.text).text["said"]
    assert "Nothing to take back" in said
    for _ in range(20):
        answer = client.post(f"/games/{name}/redo", data={"version": version(client, name)}, headers=HX)
        said = Elements(answer.text).text["said"]
    assert "Nothing to put back" in said


def test_an_edit_from_outside_is_seen(client: TestClient, games_dir: Path) -> None:
    name = example(client, "canary-3p")
    first = version(client, name)
    path = games_dir / name
    path.write_text(path.read_text().replace('viewer = "aki"', 'viewer = "aki"  # edited'))
    assert version(client, name) != first


# ---- why, hints, advice, completion -----------------------------------------------------
def test_why_opens_the_proof_of_explain(client: TestClient) -> None:
    name = example(client, "detective-3p")
    page = Elements(client.get(f"/games/{name}").text)
    why = page.having("a", "hx-get")
    fact = page.having("li", "data-fact")[1]["data-fact"]
    assert any(a["href"].endswith(f"fact={fact.replace(':', '%3A').replace('=', '%3D')}") for a in why)
    answer = client.get(f"/games/{name}/explain", params={"fact": fact}, headers=HX)
    live = LiveRecord.open(bundled("detective-3p"))
    session = live.position.session
    reasoner = live.game.reasoner(session)
    steps = live.game.steps(session)
    proof = view("detective").proof(session, explain(reasoner, reasoner.parse_fact(fact), steps), "en")
    assert Elements(answer.text).text.get("proof") is None  # the panel alone, for #proof
    assert answer.status_code == 200 and proof.replace("'", "&#39;").replace('"', "&#34;") in answer.text
    full = client.get(f"/games/{name}/explain", params={"fact": fact})  # without JavaScript: the page
    said = view("detective").fact(session, reasoner.parse_fact(fact), "en")  # the fact in words, as the list says it
    assert Elements(full.text).text["proof"].strip().startswith(f"Why {said}") and said != fact


def test_a_bad_fact_is_said_in_the_proof_box(client: TestClient) -> None:
    name = example(client, "canary-3p")
    answer = client.get(f"/games/{name}/explain", params={"fact": "gaol=c4"}, headers=HX)
    assert answer.status_code == 400 and "goal" in answer.text
    assert client.get(f"/games/{name}/explain", headers=HX).status_code == 400


def test_hints_go_one_level_per_click_then_to_the_next_step(client: TestClient) -> None:
    name = example(client, "canary-3p")
    live = LiveRecord.open(bundled("canary-3p"))
    session = live.position.session
    reasoner = live.game.reasoner(session)
    result = hint(reasoner, [], live.game.steps(session))
    url, params = f"/games/{name}/hint", [("level", "1")]
    for level in (1, 2, 3, 4):
        answer = client.get(url, params=params, headers=HX)
        page = Elements(answer.text)
        said = view("canary").hint(session, result, level, "en")
        assert answer.status_code == 200 and page.having("pre", "data-level")[0]["data-level"] == str(level)
        assert said.splitlines()[0] in answer.text
        params = [(a["name"], a["value"]) for a in page.having("input", "name") if a.get("type") == "hidden"]
    assert ("known", str(result.hints[0].fact)) in params and ("level", "1") in params
    nxt = client.get(url, params=params, headers=HX)
    assert nxt.status_code == 200 and said.splitlines()[0] not in nxt.text
    assert client.get(url, params={"level": 5}, headers=HX).status_code == 400


def test_advice_is_the_advice_of_advise(client: TestClient) -> None:
    name = example(client, "werewolf-4p")
    live = LiveRecord.open(bundled("werewolf-4p"))
    session = live.position.session
    said = view("werewolf").advice(session, live.game.advise(session), "ja")
    answer = client.get(f"/games/{name}/advise?lang=ja", headers=HX)
    assert answer.status_code == 200 and said.splitlines()[0] in answer.text


def test_completion_offers_the_next_words(client: TestClient) -> None:
    name = example(client, "canary-3p")
    answer = client.get(f"/games/{name}/complete", params={"line": "cid a"})
    offered = Elements(answer.text).having("button", "data-line")
    assert offered and all(b["data-line"].startswith("cid a") and b["data-line"].endswith(" ") for b in offered)
    starts = Elements(client.get(f"/games/{name}").text).having("button", "data-line")
    assert {b["data-line"].strip() for b in starts} >= {"aki", "bea", "cid"}


# ---- new games and uploads ---------------------------------------------------------------
def test_a_new_canary_game_from_the_form(client: TestClient, games_dir: Path) -> None:
    form = Elements(client.get("/new").text)
    for ident in ("new-game", "game", "players", "seat", "secret", "variant"):
        assert form.by_id(ident), ident
    answer = client.post("/new", data={"game": "canary", "players": "aki bea cid", "seat": "aki",
                                       "secret": "ancient", "variant": "base", "name": "table-1.txt"},
                         follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/games/table-1.txt"
    assert (games_dir / "table-1.txt").read_text().splitlines() == ["canary aki bea cid", "viewer aki ancient",
                                                                    "start a1 a7 g1"]
    again = client.post("/new", data={"game": "canary", "players": "aki bea cid", "seat": "aki",
                                      "secret": "ancient", "name": "table-1"})  # .txt understood
    assert again.status_code == 409 and "exists already" in again.text


def test_a_new_game_with_cards_to_fill_in_goes_back_to_the_form(client: TestClient, games_dir: Path) -> None:
    data = {"game": "detective", "players": "aki bea cid", "seat": "aki", "secret": "w1 r3 w9 r2 s4 s8",
            "variant": "base", "name": "case.txt"}
    answer = client.post("/new", data=data)
    assert answer.status_code == 422 and not (games_dir / "case.txt").exists()
    page = Elements(answer.text)
    assert "public CARD CARD CARD CARD CARD CARD" in page.text["setup"] and "capitals" in page.text["new-error"]
    data["setup"] = "public w2 w3 w6 r9 w5 s9"
    done = client.post("/new", data=data, follow_redirects=False)
    assert done.status_code == 303
    reference = LiveRecord.open(bundled("detective-3p"))
    assert (games_dir / "case.txt").read_text().splitlines() == reference.lines[:3]


def test_a_new_game_in_a_variant_and_the_setup_lines_typed(client: TestClient, games_dir: Path) -> None:
    answer = client.post("/new", data={"game": "detective", "players": "aki bea cid", "seat": "none",
                                       "variant": "clue", "name": "clue.txt"},
                         follow_redirects=False)
    assert answer.status_code == 303, answer.text
    lines = (games_dir / "clue.txt").read_text().splitlines()
    assert "variant clue" in lines and "public -" in lines and not any(line.startswith("viewer") for line in lines)
    canary = client.post("/new", data={"game": "canary", "players": "aki bea cid", "seat": "aki", "secret": "ancient",
                                       "setup": "start a7 g7 a1", "name": "c.txt"}, follow_redirects=False)
    assert canary.status_code == 303 and "start a7 g7 a1" in (games_dir / "c.txt").read_text()


@pytest.mark.parametrize("data, said", [
    ({"game": "chess", "players": "a b"}, "chess is not a game"),
    ({"game": "canary", "players": "aki bea cid", "secret": "x", "name": "../up.txt"}, "is not a record name"),
    ({"game": "werewolf", "players": "aki bea"}, "2 players typed; Werewolf Never Sleeps takes 3 to 4"),
    ({"game": "werewolf", "players": "aki bea cid", "seat": "dan"}, "dan is not one of the players"),
    ({"game": "werewolf", "players": "aki bea cid", "variant": "clue"}, "has no variant clue"),
    ({"game": "werewolf", "players": "aki bea cid", "seat": "aki", "secret": "sorcerer"}, "sorcerer"),
])
def test_a_bad_new_game_says_which_field_and_writes_nothing(client: TestClient, games_dir: Path,
                                                             data: dict[str, str], said: str) -> None:
    answer = client.post("/new", data=data)
    assert answer.status_code in (400, 422) and said in answer.text, answer.text
    assert list(games_dir.iterdir()) == []


def test_a_players_name_that_is_markup_is_refused_and_shown_escaped(client: TestClient, games_dir: Path) -> None:
    answer = client.post("/new", data={"game": "canary", "players": "<script>alert(1)</script> bea cid"})
    assert answer.status_code == 422 and "&lt;script&gt;alert(1)&lt;/script&gt;" in answer.text
    assert "<script>alert" not in answer.text and list(games_dir.iterdir()) == []
    name = example(client, "canary-3p")
    typed = client.post(f"/games/{name}/line", data={"line": "<script>alert(1)</script> a5 h",
                                                     "version": version(client, name)}, headers=HX)
    assert typed.status_code == 422 and "<script>alert" not in typed.text and "&lt;script&gt;" in typed.text


def test_an_upload_is_checked_by_the_reader(client: TestClient, games_dir: Path) -> None:
    text = example_records()["werewolf-4p"].read_text(encoding="utf-8")
    answer = client.post("/upload", files={"record": ("my wolf game.toml", text.encode())}, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/games/my-wolf-game.toml"
    assert (games_dir / "my-wolf-game.toml").read_text() == text
    pasted = client.post("/upload", data={"text": "canary aki bea cid\nviewer aki ancient\nstart a1 a7 g1\n",
                                          "name": "pasted.txt"}, follow_redirects=False)
    assert pasted.status_code == 303 and (games_dir / "pasted.txt").exists()
    clash = client.post("/upload", data={"text": "canary aki bea cid\n", "name": "pasted.txt"})
    assert clash.status_code == 409
    toml = client.post("/upload", data={"text": text, "name": "wolf.txt"}, follow_redirects=False)
    assert toml.headers["location"] == "/games/wolf.toml"  # a TOML record is kept as TOML, whatever it was called


def test_a_bad_upload_shows_the_readers_error_and_keeps_nothing(client: TestClient, games_dir: Path) -> None:
    bad = "canary aki bea cid\nviewer aki ancient\nstart a1 a7 g1\naki b7 q\n"
    answer = client.post("/upload", files={"record": ("bad.txt", bad.encode())})
    page = Elements(answer.text)
    assert answer.status_code == 422 and page.having("li", "data-line")[0]["data-line"] == "4"
    assert str(games_dir) not in answer.text and "/tmp" not in page.text["upload-error"]  # said of the upload's name
    assert not (games_dir / "bad.txt").exists()
    assert client.post("/upload", files={"record": ("img.txt", b"\x89PNG\r\n\x1a\n\x00")}).status_code == 422
    assert client.post("/upload", data={"text": ""}).status_code == 400
    assert list(games_dir.iterdir()) == []


# ---- names: nothing outside the folder ------------------------------------------------
@pytest.mark.parametrize("name", ["..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "x.py", ".hidden.txt",
                                  "a..b.txt", "%2E%2E.txt", "name with space.txt"])
def test_names_outside_the_rules_are_refused(client: TestClient, name: str) -> None:
    answer = client.get(f"/games/{name}")
    assert answer.status_code in (400, 404), name
    download = client.get(f"/games/{name}/download")
    assert download.status_code in (400, 404) and "root:" not in download.text


def test_a_link_in_the_folder_is_refused(client: TestClient, games_dir: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.toml"
    outside.write_text(example_records()["canary-3p"].read_text(encoding="utf-8"))
    (games_dir / "link.toml").symlink_to(outside)
    assert client.get("/games/link.toml").status_code == 400
    assert client.get("/games/link.toml/download").status_code == 400
    assert "link.toml" not in client.get("/").text


# ---- languages -----------------------------------------------------------------------------
def test_the_language_follows_the_browser_then_the_switch(client: TestClient) -> None:
    assert "ゲーム" in client.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.8"}).text
    assert "Games" in client.get("/", headers={"Accept-Language": "fr, en;q=0.5"}).text
    switched = client.get("/new?lang=ja")
    assert "新しいゲーム" in switched.text and client.cookies.get("lang") == "ja"
    assert "新しいゲーム" in client.get("/new").text  # remembered
    page = Elements(client.get("/new?lang=en").text)
    assert page.by_id("lang-ja")["href"] == "/new?lang=ja" and page.by_id("lang-en")["href"] == "/new?lang=en"


def test_a_record_that_ends_its_game_says_who_won(client: TestClient, games_dir: Path) -> None:
    from suiri.models import game

    werewolf = game("werewolf")
    record = werewolf.play(3, 2, 500, None, "base")  # a whole simulated game, seen by a spectator
    (games_dir / "over.txt").write_text(werewolf.write(record, "compact"))
    said = view("werewolf").game_over(werewolf.open(record), "ja")
    assert said
    page = Elements(client.get("/games/over.txt?lang=ja").text)
    assert page.text["game-over"] == said


def test_an_empty_line_adds_nothing(client: TestClient, games_dir: Path) -> None:
    name = example(client, "canary-3p")
    saved = (games_dir / name).read_bytes()
    answer = client.post(f"/games/{name}/line", data={"line": "   ", "version": version(client, name)}, headers=HX)
    assert answer.status_code == 200 and not Elements(answer.text).text["entry-error"].strip()
    assert (games_dir / name).read_bytes() == saved


def test_changes_at_once_from_many_tabs_keep_one(client: TestClient, games_dir: Path) -> None:
    """Eight tabs send a line on the same version at the same moment: one is saved, the
    other seven are told the record changed, and the record holds the line once."""
    from concurrent.futures import ThreadPoolExecutor

    name = example(client, "canary-3p")
    seen = version(client, name)
    client.post(f"/games/{name}/undo", data={"version": seen})
    now = version(client, name)
    line = "aki d7 h ruins-above-the-clouds"

    def send(_: int) -> int:
        return client.post(f"/games/{name}/line", data={"line": line, "version": now}, headers=HX).status_code

    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(pool.map(send, range(8)))
    assert statuses == [200] + [409] * 7
    assert LiveRecord.open(games_dir / name).lines == LiveRecord.open(bundled("canary-3p")).lines  # the line once
