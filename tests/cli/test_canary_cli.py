"""The commands on the reference record: analyze, explain, hint, advise, examples,
simulate and every ``--help``.  Output is checked for content and structure; the exact
text is pinned by the golden transcripts (``test_golden.py``)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from cli_support import REFERENCE, assert_clean_exit_2

SHARED = Path(__file__).parents[2].parent / "shared" / "records"
ANSWER = SHARED / "canary-3p.answer.json"

COLUMNS, ROWS = "abcdefg", range(1, 8)
SQUARES = [f"{c}{r}" for r in ROWS for c in COLUMNS]
ATTRIBUTES = ("high", "dark", "ancient", "nature", "weathered")
# What the reference record proves (derived by hand from the rules; see the record).
RULED_OUT_GOALS = {"a3", "a4", "f6", "g6", "b7", "c7", "d7", "f7", "g7"}


def neighbours(square: str) -> set[str]:
    """Orthogonal neighbours on the 7x7 board, computed independently of the source."""
    c, r = COLUMNS.index(square[0]), int(square[1:])
    out = set()
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= c + dc < 7 and 1 <= r + dr <= 7:
            out.add(f"{COLUMNS[c + dc]}{r + dr}")
    return out


@pytest.fixture
def record(reference_text: str, write) -> Path:
    return write(reference_text, "canary-3p")


def ok(result) -> str:
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.stdout


def ok_json(result) -> dict:
    return json.loads(ok(result))


def fact_error(result) -> str:
    """A bad command-line fact: exit 2, one ``error:`` line saying what would be valid."""
    assert_clean_exit_2(result)
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1, message
    assert "(valid: " in message, message
    return message


# -- analyze ---------------------------------------------------------------------------------
def test_analyze_text(record: Path, suiri) -> None:
    out = ok(suiri("analyze", record))
    assert f"Where is the Canary? — {record}" in out
    assert "12 turns, seen by aki (clue: ancient)" in out
    assert "Clues of the other players (exact probabilities)" in out
    assert "Possible clue assignments (4)" in out
    assert "bea's clue is nature or weathered" in out
    assert "cid's clue is high, nature or weathered" in out
    assert "ruled out as goal: a3, a4, f6, g6, b7, c7, d7, f7, g7" in out
    assert "The goal is not known yet. Most likely: a2 7.1%" in out
    # the map: 7 rows of faces, pieces on d7 (aki), g7 (bea) and a4 (cid)
    assert "[HDA]@a" in out and "H@b" in out and "[HNW]@c" in out


def test_analyze_json_keys_and_invariants(record: Path, suiri) -> None:
    data = ok_json(suiri("analyze", record, "--json"))
    assert {"clues", "assignments", "goal"} <= data.keys()
    assert set(data["clues"]) == {"bea", "cid"}
    for dist in data["clues"].values():
        assert set(dist) <= set(ATTRIBUTES)
        assert sum(dist.values()) == pytest.approx(1, abs=1e-12)
        assert dist.get("ancient", 0) == 0  # aki holds ancient
    assert set(data["goal"]) == set(SQUARES)
    assert sum(data["goal"].values()) == pytest.approx(1, abs=1e-12)  # exactly one goal with 3 players
    assert {sq for sq, p in data["goal"].items() if p == 0} == RULED_OUT_GOALS
    assert sum(a["p"] for a in data["assignments"]) == pytest.approx(1, abs=1e-12)
    for a in data["assignments"]:
        assert set(a["clues"]) == {"bea", "cid"} and a["fake"] is None
        assert a["clues"]["bea"] != a["clues"]["cid"]


@pytest.mark.skipif(not ANSWER.exists(), reason=f"{SHARED} is absent")
def test_analyze_json_matches_reference_answer(record: Path, suiri) -> None:
    data = ok_json(suiri("analyze", record, "--json"))
    answer = json.loads(ANSWER.read_text(encoding="utf-8"))
    # keys whose value is 0 may be missing from the answer file
    for player, dist in answer["clues"].items():
        for attr in ATTRIBUTES:
            assert data["clues"][player].get(attr, 0.0) == pytest.approx(dist.get(attr, 0.0), abs=1e-9), (player, attr)
    for sq in SQUARES:
        assert data["goal"].get(sq, 0.0) == pytest.approx(answer["goal"].get(sq, 0.0), abs=1e-9), sq

    def key(a: dict) -> tuple:
        return tuple(sorted(a["clues"].items())), a["fake"]

    ours = {key(a): a["p"] for a in data["assignments"]}
    theirs = {key(a): a["p"] for a in answer["assignments"]}
    for k in ours.keys() | theirs.keys():
        assert ours.get(k, 0.0) == pytest.approx(theirs.get(k, 0.0), abs=1e-9), k


def test_analyze_japanese(record: Path, suiri) -> None:
    out = ok(suiri("analyze", record, "--lang", "ja"))
    assert "カナリアはいずこ？" in out
    assert "12ターン、akiの視点（手がかり：旧文明）" in out
    assert "他のプレイヤーの手がかり（厳密な確率）" in out
    for name in ("高所", "暗所", "旧文明", "自然物", "風化"):
        assert name in out
    assert "ゴールはまだ確定していない" in out
    assert "Clues of the other players" not in out and "high" not in out


# -- explain ---------------------------------------------------------------------------------
def check_observations(data: dict, record_text: str) -> None:
    lines = record_text.splitlines()
    obs = data["observations"]
    assert obs, data
    assert len({o["id"] for o in obs}) == len(obs)
    for o in obs:
        assert set(o) >= {"id", "line"}
        line = lines[o["line"] - 1]
        field = o["field"]
        if ".answers." in field:  # one answer inside the inline table: `answers = { NAME = ... }`
            key, name = "answers", field.rsplit(".", 1)[-1]
            assert f"{name} =" in line, (o, line)
        else:
            key = field.rsplit(".", 1)[-1]
        assert line.lstrip().startswith(key), (o, line)  # the cited line writes that field
    assert isinstance(data["rules"], list) and all(isinstance(r, str) for r in data["rules"])
    if "chain" in data:  # step-wise (the default): the lines are those the steps cite
        assert [o["id"] for o in obs] == list(dict.fromkeys(x["id"] for s in data["chain"] for x in s["lines"]))


def test_explain_certain_fact(record: Path, reference_text: str, suiri) -> None:
    out = ok(suiri("explain", record, "clue:bea!=high", "--lines"))
    assert out.startswith("Fact: bea's clue is not high — certain")
    assert "Minimal proof: 1 record line;" in out
    assert "turn 11: bea moved to g7 and revealed Crag Lookout (high) (line 79)" in out
    assert "Therefore: bea's clue is not high." in out

    for how in ([], ["--lines"]):
        data = ok_json(suiri("explain", record, "clue:bea!=high", "--json", *how))
        assert data["fact"] == "clue:bea!=high" and data["status"] == "certain" and data["p"] == 1.0
        assert [(o["id"], o["line"], o["field"]) for o in data["observations"]] == [("t11.check", 79, "turn[11].check")]
        assert data["rules"] == ["reveal"]
        check_observations(data, reference_text)
        assert "counterexample" not in data
    steps = ok(suiri("explain", record, "clue:bea!=high"))
    assert ("  1. t11 bea revealed g7 (high) (line 79): bea's clue is not on g7 (the reveal rule), "
            "so bea's clue is not high\n") in steps


def test_explain_certain_fact_from_several_lines(record: Path, reference_text: str, suiri) -> None:
    data = ok_json(suiri("explain", record, "goal!=d7", "--json", "--lines"))
    assert data["status"] == "certain" and data["p"] == 1.0
    assert len(data["observations"]) >= 2  # no single line proves it
    check_observations(data, reference_text)
    chain = ok_json(suiri("explain", record, "goal!=d7", "--json"))
    check_observations(chain, reference_text)
    assert chain["chain"][-1]["fact"] == "goal!=d7" and len(chain["chain"]) >= 2
    assert set(chain["chain"][-1]) == {"fact", "also", "lines", "facts", "rules", "sentence"}


def test_explain_impossible_fact(record: Path, reference_text: str, suiri) -> None:
    out = ok(suiri("explain", record, "clue:bea=dark"))
    assert out.startswith("Fact: bea's clue is dark — impossible — the record rules it out")
    assert "Why it is impossible:" in out
    assert "(line 67)" in out
    assert "Therefore: bea's clue is not dark." in out
    data = ok_json(suiri("explain", record, "clue:bea=dark", "--json"))
    assert data["status"] == "impossible" and data["p"] == 0.0
    check_observations(data, reference_text)


def test_explain_open_fact(record: Path, suiri) -> None:
    out = ok(suiri("explain", record, "clue:cid=high"))
    assert out.startswith("Fact: cid's clue is high — not certain (probability 46.4%)")
    assert "A consistent world where it fails:" in out
    data = ok_json(suiri("explain", record, "clue:cid=high", "--json"))
    assert data["status"] == "open"
    assert data["p"] == pytest.approx(13 / 28, abs=1e-12)
    assert "observations" not in data
    world = data["counterexample"]
    assert world["clues"]["aki"] == "ancient" and world["clues"]["cid"] != "high"
    assert world["clues"]["bea"] in ("nature", "weathered")
    assert len(world["goal"]) == 1 and world["goal"][0] not in RULED_OUT_GOALS
    assert world["fake"] is None


def test_explain_open_goal_fact_names_the_square(record: Path, suiri) -> None:
    data = ok_json(suiri("explain", record, "goal=a2", "--json"))
    assert data["status"] == "open" and data["p"] == pytest.approx(1 / 14, abs=1e-12)
    world = data["counterexample"]
    assert "a2" in world["squares"] and world["goal"] != ["a2"]


def test_explain_japanese(record: Path, suiri) -> None:
    out = ok(suiri("explain", record, "square:b7=巨大な石橋", "--lang", "ja"))
    assert out.startswith("事実：b7のカードは巨大な石橋 — 確定")
    assert "（18行目）" in out


@pytest.mark.parametrize(("fact", "says", "valid"), [
    ("weather:bea=high", "unknown subject 'weather:bea'", "clue:NAME=ATTRIBUTE"),
    ("clue:zed=high", "unknown player 'zed'", "aki, bea, cid"),
    ("clue:bea=purple", "unknown clue 'purple'", "high, dark, ancient, nature, weathered"),
    ("goal=h9", "square 'h9' is off the board", "a1 to g7"),
    ("square:a2=golden-cage", "unknown card 'golden-cage'", "a card id"),
    ("fake=bea", "only the 4-player game has a fake clue", "clue:NAME"),
    ("bea is high", "cannot read the fact", "subject=value"),
], ids=["unknown-subject", "unknown-player", "bad-attribute", "bad-square", "bad-card", "fake-in-3p", "no-sign"])
def test_explain_bad_fact(record: Path, suiri, fact: str, says: str, valid: str) -> None:
    message = fact_error(suiri("explain", record, fact))
    assert says in message
    assert valid in message.split("(valid: ", 1)[1]


def test_explain_bad_record_is_a_record_error(write, reference_text: str, suiri) -> None:
    path = write(reference_text.replace('to = "b7"', 'to = "h8"', 1))
    result = suiri("explain", path, "goal=c4")
    assert_clean_exit_2(result)
    assert result.stderr.startswith(f"error: {path}:17: turn[1].to:")


# -- hint ------------------------------------------------------------------------------------
def test_hint_levels_add_up(record: Path, suiri) -> None:
    outs = {level: ok(suiri("hint", record, "--level", level)) for level in (1, 2, 3, 4)}
    assert outs[1].startswith("Look at turn 5 and square f6.\n")
    assert "No special rule" not in outs[1]
    assert "No special rule: the faces and the definitions settle it" in outs[2]
    assert "Observations to combine:" not in outs[2]
    assert "Observations to combine:" in outs[3] and "(line 41)" in outs[3] and "Deduction:" not in outs[3]
    assert ("Deduction:\n  t5 bea revealed f6 (no clue) (line 41): the goal's card carries every player's clue, "
            "so f6 is not the goal\n") in outs[4]
    for level in (1, 2, 3):  # every level repeats the one before it
        head = outs[level].rsplit("\n(", 1)[0]
        assert outs[level + 1].startswith(head)
    assert default_is_level_1(record, suiri) == outs[1]


def default_is_level_1(record: Path, suiri) -> str:
    return ok(suiri("hint", record))


def test_hint_json(record: Path, reference_text: str, suiri) -> None:
    data = ok_json(suiri("hint", record, "--level", "4", "--json"))
    assert data["level"] == 4 and data["obvious"] is False and data["remaining"] == 13
    (h,) = data["hints"]
    assert h["fact"] == "goal!=f6" and h["premises"] == [] and h["rules"] == []
    lines = reference_text.splitlines()
    assert [o["line"] for o in h["observations"]] == [41] and lines[40].strip()
    assert "clue:aki=ancient" in data["stated"]  # the seat's own clue card: written, never hinted


def test_hint_skip_obvious(record: Path, suiri) -> None:
    """Every one-line certain fact taken as known: the next step combines two of them."""
    out = ok(suiri("hint", record, "--skip-obvious", "--level", "4"))
    assert out.startswith("Look at what you have already worked out: aki's clue is ancient; the card on a4 is Lava-Rock Hill")
    assert "so a4 is not the goal\n" in out
    assert "(Still to find after this step: 1 certain fact.)" in out


def test_hint_known_certain_fact_is_accepted(record: Path, suiri) -> None:
    data = ok_json(suiri("hint", record, "--known", "goal!=f6", "--level", "4", "--json"))
    facts = [h["fact"] for h in data["hints"]]
    assert facts and "goal!=f6" not in facts
    assert data["remaining"] == 12


def test_hint_known_uncertain_fact_is_rejected(record: Path, suiri) -> None:
    message = fact_error(suiri("hint", record, "--known", "clue:cid=high"))
    assert "clue:cid=high is given as known, but the record does not prove it" in message


def test_hint_known_bad_fact_is_rejected(record: Path, suiri) -> None:
    message = fact_error(suiri("hint", record, "--known", "clue:zed!=high"))
    assert "unknown player 'zed'" in message


@pytest.mark.parametrize("level", ["0", "5"])
def test_hint_level_out_of_range(record: Path, suiri, level: str) -> None:
    result = suiri("hint", record, "--level", level)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--level" in result.stderr


# -- advise ----------------------------------------------------------------------------------
def test_advise_text(record: Path, suiri) -> None:
    out = ok(suiri("advise", record))
    assert out.startswith("Advice for aki on d7 (goal uncertainty ")
    assert "It is bea's turn now; this advice is for aki's next turn." in out
    moved = {line.split("move to ", 1)[1][:2] for line in out.splitlines() if line[:1].isdigit()}
    assert moved == neighbours("d7")
    assert "face-up card: no check, nothing learned" in out  # c7 is face-up
    assert "Best: move to " in out


def test_advise_json(record: Path, suiri) -> None:
    data = ok_json(suiri("advise", record, "--json"))
    analysis = ok_json(suiri("analyze", record, "--json"))
    assert data["player"] == "aki" and data["position"] == "d7" and data["to_move"] == "bea"
    assert data["action"] == "move"
    moves = data["moves"]
    assert {m["to"] for m in moves} == neighbours("d7") == {"c7", "e7", "d6"}
    assert [m["score"] for m in moves] == sorted((m["score"] for m in moves), reverse=True)
    for m in moves:
        assert m["p_goal"] == pytest.approx(analysis["goal"][m["to"]], abs=1e-12)
        assert m["face_up"] is (m["to"] == "c7")
        assert m["info_bits"] >= 0 and m["leak_bits"] >= 0
        for d in m["declare_if"]:
            assert 0 < d["p_face"] <= 1 and 0.5 <= d["p_success"] <= 1
    face_up = next(m for m in moves if m["to"] == "c7")
    assert face_up["info_bits"] == 0 and face_up["leak_bits"] == 0 and face_up["declare_if"] == []


def test_advise_moves_are_the_neighbours_on_a_simulated_record(write, suiri) -> None:
    sim = ok(suiri("simulate", "--players", "3", "--seed", "21", "--turns", "17"))
    record = tomllib.loads(sim)
    viewer = record["viewer"]
    where = record["start"][viewer]
    for t in record["turn"]:
        if t["player"] == viewer:
            where = t["to"]
    data = ok_json(suiri("advise", write(sim), "--json"))
    assert data["position"] == where
    assert {m["to"] for m in data["moves"]} == neighbours(where)


def test_advise_needs_a_viewer(reference_text: str, write, suiri) -> None:
    spectator = reference_text.replace('viewer = "aki"', "", 1).replace('clue = "ancient"', "", 1)
    spectator = spectator.replace('card = "giant-stone-bridge"', "").replace('card = "ruins-above-the-clouds"', "")
    path = write(spectator)
    assert ok(suiri("check", path))
    result = suiri("advise", path)
    assert_clean_exit_2(result)
    assert "advise needs the viewer's seat and clue" in result.stderr and "(valid: " in result.stderr


# -- examples --------------------------------------------------------------------------------
def test_examples_lists_the_bundled_records(suiri) -> None:
    out = ok(suiri("examples"))
    names = [line.split("\t")[0] for line in out.splitlines()]
    assert "canary-3p" in names


def test_examples_path(suiri) -> None:
    out = ok(suiri("examples", "canary-3p", "--path"))
    path = Path(out.strip())
    assert path.name == "canary-3p.toml" and path.is_file()
    assert path.read_text(encoding="utf-8") == REFERENCE.read_text(encoding="utf-8")
    assert ok(suiri("check", path))


def test_examples_prints_the_record(suiri) -> None:
    out = ok(suiri("examples", "canary-3p"))
    assert out.rstrip("\n") == REFERENCE.read_text(encoding="utf-8").rstrip("\n")


def test_examples_unknown_name(suiri) -> None:
    result = suiri("examples", "chess")
    assert_clean_exit_2(result)
    assert "unknown example record 'chess'" in result.stderr and "(valid: canary-3p" in result.stderr


# -- simulate --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_output_parses_and_analyzes(players: int, write, suiri) -> None:
    out = ok(suiri("simulate", "--players", players, "--seed", "7", "--turns", "20"))
    record = tomllib.loads(out)
    assert record["game"] == "canary" and len(record["players"]) == players
    assert record["viewer"] == record["players"][0] and "clue" in record
    assert 0 < len(record["turn"]) <= 20
    assert ("genuine" in record) is (players == 4)
    data = ok_json(suiri("analyze", write(out), "--json"))
    assert {"clues", "assignments", "goal"} <= data.keys()
    assert ("fake" in data) is (players == 4)
    assert sum(a["p"] for a in data["assignments"]) == pytest.approx(1, abs=1e-12)


def test_simulate_is_deterministic_and_seeded(suiri) -> None:
    a = ok(suiri("simulate", "--seed", "3"))
    assert a == ok(suiri("simulate", "--seed", "3"))
    assert a != ok(suiri("simulate", "--seed", "4"))


def test_simulate_spectator(write, suiri) -> None:
    out = ok(suiri("simulate", "--players", "4", "--seed", "5", "--turns", "15", "--viewer", "none"))
    record = tomllib.loads(out)
    assert "viewer" not in record and "clue" not in record
    data = ok_json(suiri("analyze", write(out), "--json"))
    assert set(data["clues"]) == set(record["players"])
    explained = ok_json(suiri("explain", write(out, "again"), "fake=bea", "--json"))
    assert explained["status"] in ("certain", "impossible", "open")


def test_simulate_unknown_viewer(suiri) -> None:
    result = suiri("simulate", "--viewer", "zed")
    assert_clean_exit_2(result)
    assert "(valid: aki, bea, cid, none)" in result.stderr


# -- help ------------------------------------------------------------------------------------
COMMANDS = ["check", "analyze", "explain", "hint", "advise", "examples", "simulate"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_an_example(command: str, suiri) -> None:
    out = ok(suiri(command, "--help"))
    assert out.startswith(f"Usage: main {command}") or f" {command} " in out.splitlines()[0]
    assert "Example" in out
    assert f"suiri {command} " in out or (command == "examples" and "suiri examples" in out)


def test_main_help(suiri) -> None:
    out = ok(suiri("--help"))
    for command in COMMANDS:
        assert command in out
    assert "suiri check game.toml" in out
    assert ok(suiri("-h")) == out
