"""The CLI on Memory Detective records: check, analyze, explain, hint, advise, simulate,
and one clear user error (exit status 2, no traceback) for every kind of bad record.

Line numbers of the reference record ``detective-3p.toml`` used below: players 7,
viewer 8, hand 9, public 10; event 1 (peek, card) = lines 15-18; event 2 (cid deduces
s3/w7/r1, bea raised) = 20-24; event 3 (aki deduces s1/w8/r3, cid raised and showed w8) =
26-31; event 4 (cid deduces s7/w8/r3, aki and bea raised) = 33-37; event 5 (reveal of s8
from aki) = 39-42; event 6 (aki deduces s3/w7/r7, bea showed r7, cid s3) = 44-49.

The exact answer for the reference (``analyze --json``) is stored beside the golden
transcripts as ``tests/golden/detective-3p.answer.json``, a copy of the shared
``records/detective-3p.answer.json`` (absent on CI machines).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_support import HERE, assert_clean_exit_2, marked_lines, replace, user_error

GOLDEN_ANSWER = Path(__file__).parents[1] / "golden" / "detective-3p.answer.json"
SHARED_ANSWER = Path(__file__).parents[2].parent / "shared" / "records" / "detective-3p.answer.json"
PLAYERS = ("aki", "bea", "cid")
HOLDERS = (*PLAYERS, "case", "public")
CARDS = [f"{k}{i}" for k in "swr" for i in range(1, 10)]
CATEGORY = {"suspect": "s", "weapon": "w", "scene": "r"}


@pytest.fixture
def record(detective_text: str, write) -> Path:
    return write(detective_text, "detective-3p")


def ok(result) -> str:
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.stdout


def ok_json(result) -> dict:
    return json.loads(ok(result))


# -- check -----------------------------------------------------------------------------------
def test_check_reference(record: Path, suiri) -> None:
    result = suiri("check", record)
    assert ok(result).startswith(f"{record}: legal and consistent — 6 events, 403 consistent ")
    assert result.stderr == ""
    data = ok_json(suiri("check", record, "--json"))
    assert data == {"file": str(record), "legal": True, "consistent": True, "events": 6, "worlds": "403"}


def test_check_the_bundled_example(detective_text: str, suiri) -> None:
    path = Path(ok(suiri("examples", "detective-3p", "--path")).strip())
    assert path.name == "detective-3p.toml"
    assert path.read_text(encoding="utf-8") == detective_text
    assert "legal and consistent — 6 events" in ok(suiri("check", path))
    assert "detective-3p" in [line.split("\t")[0] for line in ok(suiri("examples")).splitlines()]


# -- analyze -----------------------------------------------------------------------------------
def test_analyze_json_matches_the_reference_answer(record: Path, suiri) -> None:
    data = ok_json(suiri("analyze", record, "--json"))
    answer = json.loads(GOLDEN_ANSWER.read_text(encoding="utf-8"))
    assert {"truth", "owners"} <= data.keys()
    # keys whose value is 0 may be missing from the answer file
    assert set(data["truth"]) == set(CATEGORY)
    for cat, prefix in CATEGORY.items():
        cards = [c for c in CARDS if c.startswith(prefix)]
        assert set(data["truth"][cat]) == set(cards)
        assert sum(data["truth"][cat].values()) == pytest.approx(1, abs=1e-12)
        for card in cards:
            want = answer["truth"][cat].get(card, 0.0)
            assert data["truth"][cat][card] == pytest.approx(want, abs=1e-9), (cat, card)
    assert set(data["owners"]) == set(CARDS)
    for card in CARDS:
        row = data["owners"][card]
        assert set(row) == set(HOLDERS), card
        assert sum(row.values()) == pytest.approx(1, abs=1e-12)
        for holder in HOLDERS:
            want = answer["owners"].get(card, {}).get(holder, 0.0)
            assert row[holder] == pytest.approx(want, abs=1e-9), (card, holder)


@pytest.mark.skipif(not SHARED_ANSWER.exists(), reason=f"{SHARED_ANSWER} is absent")
def test_stored_answer_is_the_shared_one() -> None:
    assert json.loads(GOLDEN_ANSWER.read_text(encoding="utf-8")) == json.loads(SHARED_ANSWER.read_text(encoding="utf-8"))


def test_analyze_json_extras(record: Path, suiri) -> None:
    data = ok_json(suiri("analyze", record, "--json"))
    assert data["game"] == "detective" and data["viewer"] == "aki" and data["players"] == list(PLAYERS)
    assert data["worlds"] == "403" and data["solved"] is None
    assert data["hand_sizes"] == {"aki": 5, "bea": 6, "cid": 6}  # s8 left aki's hand
    assert len(data["triples"]) == 27
    assert sum(t["p"] for t in data["triples"]) == pytest.approx(1, abs=1e-12)
    for t in data["triples"]:
        assert data["truth"]["suspect"][t["suspect"]] >= t["p"] > 0
    assert set(data["certain"]) == {"holder:s1!=bea", "holder:s3=cid", "holder:s5=bea", "holder:s7=bea",
                                    "holder:w8=cid", "holder:r7=bea"}


def test_analyze_text(record: Path, suiri) -> None:
    out = ok(suiri("analyze", record))
    assert out.startswith(f"Memory Detective — {record}\n6 events, seen by aki\nconsistent deals: 403\n")
    assert "Notebook: where each card is now" in out
    assert re.search(r"^  s7 +✗ +✗ +✓ +✗ +✗ *$", out, re.M), out  # case, aki, bea, cid, public
    assert re.search(r"^  s8 +✗ +✗ +✗ +✗ +✓ *$", out, re.M), out  # revealed: public now
    assert "weapon    w4 65.3%  w7 34.7%" in out
    assert "Possible truths (27)" in out
    assert "  • s7 is in bea's hand" in out and "s1 is not in bea's hand" in out


def test_analyze_japanese(record: Path, suiri) -> None:
    out = ok(suiri("analyze", record, "--lang", "ja"))
    assert out.startswith(f"記憶探偵 — {record}\n6イベント、akiの視点\n")
    assert "捜査メモ" in out and "確定していること" in out
    assert "容疑者7はbeaの手札" in out and "容疑者1はbeaの手札ではない" in out
    assert "Notebook" not in out and "is in bea's hand" not in out and "see --json" not in out


# -- explain -----------------------------------------------------------------------------------
def test_explain_certain_fact(record: Path, detective_text: str, suiri) -> None:
    out = ok(suiri("explain", record, "holder:s7=bea", "--lines"))
    assert out.startswith("Fact: s7 is in bea's hand — certain\n")
    assert "Minimal proof: 2 record lines" in out
    assert "event 3: bea did not raise on aki's deduction of s1, w8, r3 (line 30)" in out
    assert "event 4: bea raised a hand on cid's deduction of s7, w8, r3 (line 37)" in out
    assert out.rstrip().endswith("Therefore: s7 is in bea's hand.")
    data = ok_json(suiri("explain", record, "holder:s7=bea", "--json", "--lines"))
    assert data["status"] == "certain" and data["p"] == 1.0
    assert [(o["id"], o["line"], o["field"]) for o in data["observations"]] == [
        ("e3.bea", 30, "event[3].raised"), ("e4.bea", 37, "event[4].raised")]
    assert data["rules"] == ["must-raise"]
    steps = ok(suiri("explain", record, "holder:s7=bea"))  # the default: one step from the same two lines
    assert "  1. e3 bea silent on s1, w8, r3 (line 30); e4 bea raised on s7, w8, r3 (line 37); " in steps
    assert "so s7 is in bea's hand." in steps
    chain = ok_json(suiri("explain", record, "holder:s7=bea", "--json"))["chain"]
    assert [([x["id"] for x in c["lines"]], c["fact"]) for c in chain] == [(["e3.bea", "e4.bea"], "holder:s7=bea")]
    lines = detective_text.splitlines()
    for o in data["observations"]:
        assert lines[o["line"] - 1].startswith(o["field"].rsplit(".", 1)[1])


def test_explain_japanese_names(record: Path, suiri) -> None:
    """Facts may name cards and places in Japanese."""
    out = ok(suiri("explain", record, "holder:容疑者7=bea", "--lang", "ja"))
    assert out.startswith("事実：容疑者7はbeaの手札 — 確定")
    assert "（37行目）より" in out and "ので、容疑者7はbeaの手札。" in out


def test_explain_impossible_fact(record: Path, suiri) -> None:
    out = ok(suiri("explain", record, "case:suspect=s3", "--lines"))
    assert out.startswith("Fact: the suspect in the case file is s3 — impossible")
    assert "event 6: cid showed s3 on aki's deduction (line 49)" in out
    steps = ok(suiri("explain", record, "case:suspect=s3"))
    assert "  1. e6 cid showed s3 (line 49); a shown card is in the hand of whoever showed it, so the suspect " \
           "in the case file is not s3." in steps
    data = ok_json(suiri("explain", record, "case:suspect=s3", "--json"))
    assert data["status"] == "impossible" and data["p"] == 0.0
    assert [o["id"] for o in data["observations"]] == ["e6.shown.cid"]


def test_explain_open_fact(record: Path, suiri) -> None:
    out = ok(suiri("explain", record, "holder:w4=case"))
    assert out.startswith("Fact: w4 is in the case file — not certain (probability 65.3%)")
    assert "A consistent deal where it fails:" in out
    data = ok_json(suiri("explain", record, "holder:w4=case", "--json"))
    assert data["status"] == "open" and data["p"] == pytest.approx(263 / 403, abs=1e-12)
    world = data["counterexample"]
    assert world["places"]["w4"] in ("bea", "cid") and "w4" not in world["case"]
    assert "observations" not in data


@pytest.mark.parametrize(("fact", "says"), [
    ("holder:s99=bea", "unknown card 's99'"),
    ("holder:s1=dan", "'dan' is not a place a card can be"),
    ("case:suspect=w1", "w1 is not a suspect"),
    ("colour:s1=red", "unknown subject"),
])
def test_explain_bad_fact(record: Path, suiri, fact: str, says: str) -> None:
    result = suiri("explain", record, fact)
    assert_clean_exit_2(result)
    assert len(result.stderr.strip().splitlines()) == 1
    assert says in result.stderr and "(valid: " in result.stderr


# -- hint ------------------------------------------------------------------------------------
def test_hint_levels(record: Path, suiri) -> None:
    """Each level adds to the one before: where to look, the rule, the premises, the whole step."""
    outs = {level: ok(suiri("hint", record, "--level", level)) for level in (1, 2, 3, 4)}
    assert outs[1].startswith("Look at event 3.\n")
    assert "Rule to apply:" not in outs[1] and "No special rule" not in outs[1]
    assert "Rule to apply: holders must raise" in outs[2] and "Observations to combine:" not in outs[2]
    assert "Observations to combine:" in outs[3] and "(line 30)" in outs[3] and "Deduction:" not in outs[3]
    assert ("Deduction:\n  e3 bea silent on s1, w8, r3 (line 30); who holds a named card must raise a hand, "
            "so s1 is not in bea's hand.") in outs[4]
    for level in (1, 2, 3):  # every level repeats the one before it
        head = outs[level].rsplit("\n(", 1)[0]
        assert outs[level + 1].startswith(head)
    assert ok(suiri("hint", record)) == outs[1]
    data = ok_json(suiri("hint", record, "--level", "4", "--json"))
    assert data["obvious"] is False and data["remaining"] == 4  # s5 in bea's hand is written (event 1)
    assert "holder:s5=bea" in data["stated"] and "holder:s3=cid" not in data["stated"]  # a rule: shown
    assert [h["fact"] for h in data["hints"]] == ["holder:s1!=bea"]
    assert [x["id"] for x in data["hints"][0]["step"]["lines"]] == ["e3.bea"]


def test_hint_skip_obvious_reaches_the_two_line_deduction(record: Path, suiri) -> None:
    """With every one-line fact taken as known, the next certain fact needs two lines."""
    known: list[str] = []
    for _ in range(5):
        data = ok_json(suiri("hint", record, "--skip-obvious", "--json", *(a for k in known for a in ("--known", k))))
        (h,) = data["hints"]
        known.append(h["fact"])
        if h["fact"] == "holder:s7=bea":
            break
    assert known[-1] == "holder:s7=bea" and data["remaining"] == 0
    assert "e4.bea" in {x["id"] for x in h["step"]["lines"]}


def test_hint_japanese(record: Path, suiri) -> None:
    out = ok(suiri("hint", record, "--level", "4", "--lang", "ja"))
    assert out.startswith("イベント3を見てください。\n")
    assert "推理：\n  e3 bea挙手なし 容疑者1、凶器8、現場3（30行目）より、" in out and "容疑者1はbeaの手札ではない。" in out


# -- advise ----------------------------------------------------------------------------------
def test_advise(record: Path, suiri) -> None:
    out = ok(suiri("advise", record))
    assert out.startswith("Advice for aki: truth uncertainty 4.68 bits, 27 possible truths\n1. name ")
    assert "(answers weighed with every matching card equally likely to be shown" in out
    assert "screened" not in out
    data = ok_json(suiri("advise", record, "--json"))
    assert data["player"] == "aki" and data["truths"] == 27 and data["deduce_now"] is None
    assert data["screened"] is False
    bits = [s["bits"] for s in data["suggestions"]]
    assert bits and bits == sorted(bits, reverse=True)
    for s in data["suggestions"]:
        assert 0 <= s["bits"] <= data["uncertainty_bits"]
        assert sum(o["p"] for o in s["outcomes"]) == pytest.approx(1, abs=1e-12)
        assert all(p in ("bea", "cid") for o in s["outcomes"] for p in o["shown"])


def test_advise_japanese(record: Path, suiri) -> None:
    out = ok(suiri("advise", record, "--lang", "ja"))
    assert out.startswith("akiへの助言：真相の不確かさ 4.68 ビット、ありうる真相 27通り")
    assert "Advice for" not in out


def test_advise_writes_a_zero_chance_as_a_number(record: Path) -> None:
    from dataclasses import replace as with_field
    from fractions import Fraction

    from suiri.cli.detective_view import advice as render
    from suiri.models.detective.advice import advise
    from suiri.models.detective.record import load
    from suiri.models.detective.session import DetectiveSession

    session = DetectiveSession(load(str(record)))
    result = advise(session)
    result.suggestions = [with_field(s, p_truth=Fraction(0)) for s in result.suggestions]
    for lang, says in (("en", "because it is the truth "), ("ja", "誰も挙げない確率 ")):
        lines = [line for line in render(session, result, lang).splitlines() if says in line]
        assert lines and all(line.rstrip().endswith("%") for line in lines), lines


CLUE_RECORD = """game = "detective"
variant = "clue"
players = ["aki", "bea", "cid"]
viewer = "aki"
hand = ["scarlet", "mustard", "knife", "candlestick", "kitchen", "ballroom"]
public = []

[cards]
suspects = ["scarlet", "mustard", "white", "green", "peacock", "plum"]
weapons = ["candlestick", "knife", "lead-pipe", "revolver", "rope", "wrench"]
scenes = ["kitchen", "ballroom", "conservatory", "dining-room", "billiard-room", "library", "lounge", "hall", "study"]

[[event]]
kind = "suggest"
by = "aki"
named = ["plum", "rope", "library"]
passed = ["bea"]
refuted_by = "cid"
shown = { cid = "rope" }

[[event]]
kind = "accuse"
by = "cid"
named = ["plum", "wrench", "library"]
correct = false
"""


def test_clue_advice_speaks_clue(write, suiri) -> None:
    """Regression (was a bug): Clue advice said "nobody raises" and "the fake's bluff" in a
    game with no fake, and listed several showers.  Now: who refutes first, with which card,
    or nobody refutes; and whether to accuse, with the exact chance of the likeliest triple."""
    path = write(CLUE_RECORD, "clue")
    out = ok(suiri("advise", path))
    assert "nobody raises" not in out and "bluff" not in out and "shows" not in out
    assert "1. suggest " in out and " refutes with " in out
    assert "Do not accuse yet: the likeliest truth, " in out and "a wrong accusation puts you out" in out
    assert "(answers: the first player clockwise who holds a named card refutes" in out
    data = ok_json(suiri("advise", path, "--json"))
    assert data["variant"] == "clue" and data["accuse_now"] is None
    assert f"({data['likeliest']['exact']})" in out
    assert all(len(o["shown"]) <= 1 for s in data["suggestions"] for o in s["outcomes"])
    assert any(o["shown"] == {} for s in data["suggestions"] for o in s["outcomes"])  # nobody refutes
    ja = ok(suiri("advise", path, "--lang", "ja"))
    assert "まだ告発しない" in ja and "否定する" in ja and "はったり" not in ja
    out_record = CLUE_RECORD.replace('by = "cid"\nnamed = ["plum", "wrench"', 'by = "aki"\nnamed = ["plum", "wrench"')
    out = ok(suiri("advise", write(out_record, "clue-out")))
    assert "aki accused wrongly at event 2 and is out" in out and "suggest" not in out.split("out:")[0]


def test_japanese_lists_use_the_japanese_separator(record: Path, suiri) -> None:
    for command in (("advise", record), ("hint", record, "--level", "4")):
        out = ok(suiri(*command, "--lang", "ja"))
        assert ", " not in out, [line for line in out.splitlines() if ", " in line]


def test_advise_for_a_spectator_is_a_user_error(write, suiri) -> None:
    sim = ok(suiri("simulate", "--game", "detective", "--seed", "10", "--turns", "6", "--viewer", "none"))
    result = suiri("advise", write(sim))
    assert_clean_exit_2(result)
    assert "spectator" in result.stderr and "(valid: " in result.stderr


# -- simulate ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "players"), [("base", 4), ("fake", 3), ("fake", 6), ("clue", 3), ("clue", 5),
                                                  ("clue-fake", 4), ("clue-fake", 6)])
def test_simulate_passes_check(variant: str, players: int, write, suiri) -> None:
    for viewer in (None, "none"):
        args = ["simulate", "--game", "detective", "--variant", variant, "--players", players, "--seed", 3,
                "--turns", 25] + (["--viewer", viewer] if viewer else [])
        out = ok(suiri(*args))
        rec = tomllib.loads(out)
        assert rec["game"] == "detective" and len(rec["players"]) == players
        assert rec.get("fake", False) is variant.endswith("fake")
        assert rec.get("variant", "base") == ("clue" if variant.startswith("clue") else "base")
        assert ("viewer" in rec) is (viewer is None)
        assert 0 < len(rec.get("event", [])) <= 26  # a bluff keeps its reveal
        path = write(out, f"sim-{variant}-{players}-{viewer}")
        assert "legal and consistent" in ok(suiri("check", path))
        data = ok_json(suiri("analyze", path, "--json"))
        assert {"truth", "owners"} <= data.keys()
    assert out == ok(suiri(*args))  # seeded: the same record again


def test_simulate_bad_variant(suiri) -> None:
    result = suiri("simulate", "--game", "detective", "--variant", "cluedo")
    assert_clean_exit_2(result)
    assert "unknown variant 'cluedo'" in result.stderr and "(valid: base, fake, clue, clue-fake)" in result.stderr


# -- bad records -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    id: str
    edit: Callable[[str], str]  # reference text -> broken text, error line(s) marked with HERE
    field: str
    what: str  # must appear in the description of the problem
    valid: str  # must appear inside "(valid: ...)"


def r(*pairs: tuple[str, str]) -> Callable[[str], str]:
    def edit(text: str) -> str:
        for old, new in pairs:
            text = replace(text, old, new)
        return text

    return edit


PUBLIC = 'public = ["w2", "w3", "w6", "r9", "w5", "s9"]'
HAND = 'hand = ["w1", "r3", "w9", "r2", "s4", "s8"]'
CASES = [
    Case("unknown-card", r(('card = "s5"', 'card = "s99"' + HERE)),
         "event[1].card", "unknown card 's99'", "suspects s1…s9; weapons w1…w9; scenes r1…r9"),
    Case("unknown-card-in-named", r(('named = ["s3", "w7", "r1"]', 'named = ["s3", "w7", "r10"]' + HERE)),
         "event[2].named", "unknown card 'r10'", "scenes r1…r9"),
    Case("player-not-in-game", r(('raised = ["bea"]', 'raised = ["dan"]' + HERE)),
         "event[2].raised", "unknown player 'dan'", "aki, bea, cid"),
    Case("deducer-not-in-game", r(('by = "cid"', 'by = "dan"' + HERE)),
         "event[2].by", "unknown player 'dan'", "aki, bea, cid"),
    Case("named-two-suspects", r(('named = ["s3", "w7", "r1"]', 'named = ["s3", "s7", "r1"]' + HERE)),
         "event[2].named", "names one suspect, one weapon and one scene", "[suspect, weapon, scene]"),
    Case("raised-contains-the-deducer", r(('raised = ["cid"]', 'raised = ["cid", "aki"]' + HERE)),
         "event[3].raised", "aki deduced and cannot raise", "the other players"),
    Case("shown-on-someone-elses-deduction",
         r(('raised = ["aki", "bea"]', 'raised = ["aki", "bea"]\nshown = { bea = "s7" }' + HERE)),
         "event[4].shown", "only the deducer sees the shown cards", "omit shown"),
    Case("shown-card-not-named", r(('shown = { cid = "w8" }', 'shown = { cid = "w7" }' + HERE)),
         "event[3].shown", "cid can only show a named card, not w7", "s1, w8, r3"),
    Case("peek-of-a-public-card", r(('card = "s5"', 'card = "w2"' + HERE)),
         "event[1].card", "w2 is public, not in bea's hand", "a card that is not public"),
    Case("reveal-from-another-player-of-a-viewer-card",
         r(('card = "s8"\nfrom = "aki"', 'card = "w1"\nfrom = "bea"' + HERE)),
         "event[5].from", "w1 is in aki's hand, not bea's (a card in two places)", "aki"),
    Case("card-in-hand-and-public", r((PUBLIC, PUBLIC.replace('"s9"', '"s4"') + HERE), (HAND, HAND + HERE)),
         "hand", "s4 is both in the hand and public", "cards that are not public"),
    # the missing field belongs with the players (line 7)
    Case("uneven-deal-without-hand-sizes",
         r(('players = ["aki", "bea", "cid"]', 'players = ["aki", "bea", "cid"]' + HERE + "\nfake = true")),
         "hand_sizes", "uneven deal: give hand_sizes (19 cards in the hands, 3 players)",
         "hand_sizes = { aki = 7, bea = 6, cid = 6 }"),
    Case("wrong-public-count", r((PUBLIC, PUBLIC.replace(', "s9"]', "]") + HERE)),
         "public", "5 public cards, but the setup table lays out 6 for 3 players", "6 cards"),
    Case("viewer-holding-a-named-card-does-not-raise", r(('raised = ["aki", "bea"]', 'raised = ["bea"]' + HERE)),
         "event[4].raised", "aki holds r3 and must raise", "include aki"),
    Case("accusation-outside-clue", r(('kind = "reveal"', 'kind = "accuse"' + HERE)),
         "event[5].kind", "accuse is a classic Clue event", "deduce, reveal, peek, show"),
    Case("suggestion-outside-clue", r(('kind = "peek"', 'kind = "suggest"' + HERE)),
         "event[1].kind", "suggest is a classic Clue event", "deduce, reveal, peek, show"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_record(case: Case, detective_text: str, write, suiri) -> None:
    text = case.edit(detective_text)
    path = write(text)
    for command in (("check", path), ("analyze", path), ("explain", path, "holder:s7=bea")):
        result = suiri(*command)
        err = user_error(result)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert err.file == str(path)
        assert err.line in marked_lines(text), f"line {err.line}, expected {sorted(marked_lines(text))}: {err.message}"
        assert err.field == case.field, err.message
        assert case.what in err.what, err.message
        assert case.valid in err.what.split("(valid: ", 1)[1], err.message


@pytest.mark.parametrize("case", CASES[:3] + CASES[-3:], ids=[c.id for c in CASES[:3] + CASES[-3:]])
def test_bad_record_with_json_flag(case: Case, detective_text: str, write, suiri) -> None:
    text = case.edit(detective_text)
    path = write(text)
    result = suiri("check", path, "--json")
    assert result.exit_code == 2 and "Traceback" not in result.output
    data = json.loads(result.stdout)
    assert data["file"] == str(path) and data["legal"] is False and data["consistent"] is None
    assert len(data["errors"]) == 1
    e = data["errors"][0]
    assert e["line"] in marked_lines(text) and e["field"] == case.field, data
    assert case.what in e["message"] and case.valid in e["valid"]


# bea raises on s3, w8 and r3: but bea was silent on aki's s1/w8/r3 (event 3), and cid
# showed aki s3 (event 6).  Each event is legal alone; together no deal fits them.
INCONSISTENT = f'''
[[event]]                               # event 7
kind = "deduce"
by = "cid"
named = ["s3", "w8", "r3"]
raised = ["aki", "bea"]{HERE}
'''


def test_inconsistent_record_lists_the_conflicting_lines(detective_text: str, write, suiri) -> None:
    text = detective_text + INCONSISTENT
    path = write(text)
    result = suiri("check", path)
    assert_clean_exit_2(result)
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"error: {path}: no deal fits these 3 record lines together"), lines[0]
    assert "(valid: " in lines[0]
    cited = [re.fullmatch(r"\s+(.+?):(\d+): (\S+)", line) for line in lines[1:]]
    assert all(cited), result.stderr
    assert {m[1] for m in cited} == {str(path)}
    assert [(int(m[2]), m[3]) for m in cited] == [(30, "event[3].raised"), (49, "event[6].shown"),
                                                   (55, "event[7].raised")]
    assert 55 in marked_lines(text)
    for command in ("analyze", "advise"):  # every command refuses it the same way
        again = suiri(command, path)
        assert_clean_exit_2(again)
        assert again.stderr == result.stderr


def test_inconsistent_record_with_json_flag(detective_text: str, write, suiri) -> None:
    path = write(detective_text + INCONSISTENT)
    result = suiri("check", path, "--json")
    assert result.exit_code == 2 and "Traceback" not in result.output
    data = json.loads(result.stdout)
    assert data["legal"] is True and data["consistent"] is False
    (e,) = data["errors"]
    assert e["kind"] == "InconsistentRecordError"
    assert e["conflict"] == [f"{path}:30: event[3].raised", f"{path}:49: event[6].shown",
                             f"{path}:55: event[7].raised"]


def test_prefix_of_the_inconsistent_record_is_consistent(detective_text: str, write, suiri) -> None:
    """Without bea's raise the same event is legal and consistent (cid's cards, aki's r3)."""
    text = detective_text + INCONSISTENT.replace('raised = ["aki", "bea"]', 'raised = ["aki"]')
    assert "legal and consistent — 7 events" in ok(suiri("check", write(text)))


# -- the end of the game, and what to do with a certain truth -------------------------------------
SMALL = """game = "detective"
players = ["aki", "bea", "cid"]
viewer = "aki"
{variant}hand = ["s1", "w1"]
public = []

[cards]
suspects = ["s1", "s2", "s3"]
weapons = ["w1", "w2", "w3"]
scenes = ["r1", "r2", "r3"]
"""
PEEKS = "".join(f'\n[[event]]\nkind = "peek"\nplayer = "{p}"\ncard = "{c}"\n'
                for p, c in (("bea", "s2"), ("bea", "r1"), ("cid", "w2"), ("cid", "r2")))
ALL_PUBLIC = "".join(f'\n[[event]]\nkind = "reveal"\ncard = "{c}"\nfrom = "{p}"\n'
                     for c, p in (("s2", "bea"), ("r1", "bea"), ("w2", "cid"), ("r2", "cid"), ("s1", "aki"),
                                  ("w1", "aki")))
ACCUSE = '\n[[event]]\nkind = "accuse"\nby = "{by}"\nnamed = {named}\ncorrect = {correct}\n'
ALL_OUT = "".join(ACCUSE.format(by=p, named=n, correct="false")
                  for p, n in (("bea", '["s2", "w2", "r2"]'), ("cid", '["s2", "w2", "r3"]'),
                               ("aki", '["s2", "w3", "r3"]')))


def test_a_certain_truth_in_clue_is_accused(write, suiri) -> None:
    """Regression (was a bug): Clue's analyze said "Deduce it now"; only an accusation wins."""
    clue = write(SMALL.format(variant='variant = "clue"\n') + PEEKS, "clue-certain")
    out = ok(suiri("analyze", clue))
    assert "The case is solved: s3, w3, r3. Accuse it now." in out and "Deduce" not in out
    assert "今すぐ告発しよう" in ok(suiri("analyze", clue, "--lang", "ja"))
    out_first = ACCUSE.format(by="aki", named='["s2", "w2", "r2"]', correct="false")
    gone = write(SMALL.format(variant='variant = "clue"\n') + out_first + PEEKS, "clue-certain-out")
    out = ok(suiri("analyze", gone))
    assert "The case is solved: s3, w3, r3. aki accused wrongly at event 1 and can no longer accuse." in out
    assert "Accuse it now" not in out
    base = write(SMALL.format(variant="") + PEEKS, "base-certain")
    assert "The case is solved: s3, w3, r3. Deduce it now." in ok(suiri("analyze", base))


@pytest.mark.parametrize(("name", "variant", "events", "en", "ja", "end"), [
    ("everyone-lost", "", ALL_PUBLIC,
     "The game is over: every player's evidence was public after event 6, so everyone lost.",
     "イベント6で全員の証拠が公開されたので、全員の負けです", {"reason": "all-public", "event": 6, "by": None}),
    ("all-out", 'variant = "clue"\n', ALL_OUT,
     "The game is over: every player accused wrongly (the last at event 3), so nobody won.",
     "全員の告発がはずれた（最後はイベント3）ので、勝者はいません", {"reason": "all-out", "event": 3, "by": None}),
    ("accused", 'variant = "clue"\n', ACCUSE.format(by="bea", named='["s3", "w3", "r3"]', correct="true"),
     "The game is over: bea accused s3, w3, r3 at event 1 and was right.",
     "イベント1でbeaが容疑者3、凶器3、現場3と告発し、正解でした", {"reason": "accused", "event": 1, "by": "bea"}),
    ("solved", "", '\n[[event]]\nkind = "deduce"\nby = "bea"\nnamed = ["s3", "w3", "r3"]\nraised = []\n'
     'outcome = "solved"\n', "The case was solved at event 1: s3, w3, r3. The game is over.",
     "イベント1で事件は解決済み", {"reason": "solved", "event": 1, "by": "bea"}),
])
def test_analyze_and_advise_say_the_game_is_over_and_why(write, suiri, name, variant, events, en, ja, end) -> None:
    """Regression (was a bug): after the "everyone loses" end (or every player out), the
    replay exposed no end, so advise said "Deduce now" and analyze "Deduce it now"."""
    path = write(SMALL.format(variant=variant) + events, name)
    for command in ("analyze", "advise"):
        out = ok(suiri(command, path))
        assert en in out and "Deduce" not in out and "Accuse" not in out, out
        assert ja in ok(suiri(command, path, "--lang", "ja"))
    assert ok_json(suiri("analyze", path, "--json"))["over"] == end
    data = ok_json(suiri("advise", path, "--json"))
    assert data["over"] is True and data["end"] == end and data["deduce_now"] is None
    assert data["accuse_now"] is None and data["suggestions"] == []


def test_screened_advice_says_so(write, suiri) -> None:
    """Decision 59: at 8 players early in a Clue game the ranking is screened, and the
    text and ``--json`` say so; the 3-player reference is weighed in full."""
    from suiri.models.detective.game import GAME

    path = write(GAME.write(GAME.simulate(8, 0, 3, "aki", "clue-fake")), "clue-8p")
    out = ok(suiri("advise", path))
    assert "(screened: too many triples to weigh all" in out
    assert ok_json(suiri("advise", path, "--json"))["screened"] is True
    assert "候補を絞って評価" in ok(suiri("advise", path, "--lang", "ja"))
