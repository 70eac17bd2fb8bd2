"""The CLI on Werewolf Never Sleeps records: check, analyze, explain, hint, the text
catalogue behind them, and one clear user error (exit status 2, no traceback) for every
kind of bad record.

Line numbers of the reference record ``werewolf-4p.toml`` used below: hand 8; turn 1 =
line 13, turn 4 (dan's Vote) = 34, turn 5 (aki's Medium) = 41, turn 6 (ben's Seer on
dan) = 51, turn 7 (cho's Attack ①) = 56, turn 9 (aki's Vote, cho out) = 68, turn 10 =
76, turn 11 = 82; search 1 = 90.

The exact answer for the reference (``analyze --json``) is stored beside the golden
transcripts as ``tests/golden/werewolf-4p.answer.json``, a copy of the shared
``records/werewolf-4p.answer.json`` (absent on CI machines).  Explanations take a few
seconds each, so each command runs once per module (``cli``) and the tests share it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path

import pytest
from cli_support import HERE, assert_clean_exit_2, marked_lines, user_error
from click.testing import CliRunner, Result

from suiri.cli.main import main

REFERENCE = files("suiri.models.werewolf") / "records" / "werewolf-4p.toml"
GOLDEN_ANSWER = Path(__file__).parents[1] / "golden" / "werewolf-4p.answer.json"
SHARED_ANSWER = Path(__file__).parents[2].parent / "shared" / "records" / "werewolf-4p.answer.json"
PLAYERS = ("aki", "ben", "cho", "dan")
LOST_LEGACY_PLACES = {"hand:aki", "hand:dan", "discard:aki", "discard:ben", "discard:cho", "discard:dan", "ruins"}


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("werewolf") / "werewolf-4p.toml"
    path.write_text(REFERENCE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def cli(record: Path) -> Callable[..., Result]:
    """``suiri ARGS...`` on the reference record (``REC`` stands for its path), each
    command line run once per module."""

    @cache
    def run(*args: str) -> Result:
        return CliRunner().invoke(main, [str(record) if a == "REC" else a for a in args])

    return run


def ok(result: Result) -> str:
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.stdout


def ok_json(result: Result) -> dict:
    return json.loads(ok(result))


# -- check and analyze -----------------------------------------------------------------------
def test_check_reference(record: Path, cli) -> None:
    out = ok(cli("check", "REC"))
    assert out.startswith(f"{record}: legal and consistent — 12 ") and out.endswith(", 72 consistent histories\n")
    data = ok_json(cli("check", "REC", "--json"))
    assert data["file"] == str(record) and data["legal"] is True and data["consistent"] is True
    assert data["worlds"] == "72" and 12 in data.values()  # 11 turns and 1 search


def test_analyze_json_matches_the_reference_answer(cli) -> None:
    data = ok_json(cli("analyze", "REC", "--json"))
    answer = json.loads(GOLDEN_ANSWER.read_text(encoding="utf-8"))
    # keys whose value is 0 may be missing from both; every key must be a valid place / name
    assert set(data["lost_legacy"]) <= LOST_LEGACY_PLACES | {"deck"}
    assert set(data["werewolf"]) <= {*PLAYERS, "nobody"}
    for key in ("lost_legacy", "werewolf"):
        assert set(answer[key]) <= set(data[key]) | {k for k, p in answer[key].items() if p == 0}
        assert sum(data[key].values()) == pytest.approx(1, abs=1e-12)
        for name in set(data[key]) | set(answer[key]):
            assert data[key].get(name, 0.0) == pytest.approx(answer[key].get(name, 0.0), abs=1e-9), (key, name)


@pytest.mark.skipif(not SHARED_ANSWER.exists(), reason=f"{SHARED_ANSWER} is absent")
def test_stored_answer_is_the_shared_one() -> None:
    assert json.loads(GOLDEN_ANSWER.read_text(encoding="utf-8")) == json.loads(SHARED_ANSWER.read_text(encoding="utf-8"))


def test_analyze_json_extras(cli) -> None:
    data = ok_json(cli("analyze", "REC", "--json"))
    assert data["game"] == "werewolf" and data["viewer"] == "aki" and data["players"] == list(PLAYERS)
    assert data["phase"] == "search" and data["over"] is None and data["living"] == ["aki", "dan"]
    assert data["deck"] == 0 and data["histories"] == "72"
    assert data["calls"] == [{"order": 1, "raised": [], "listed": False}, {"order": 2, "raised": [], "listed": False},
                             {"order": 3, "raised": [], "listed": False},
                             {"order": 4, "raised": ["aki"], "listed": True, "player": "aki",
                              "target": "discard:dan:3", "found": "sleep"}]
    assert data["next_call"] == 5
    assert data["madman"] == {"nobody": 1.0}
    assert data["cards"]["hand:aki"] == {"knight": 1.0}
    assert data["cards"]["ruins"] == {"attack-2": 1.0}
    for row in data["cards"].values():
        assert sum(row.values()) == pytest.approx(1, abs=1e-12)
    assert "werewolf=dan" in data["certain"] and "ruins=attack-2" in data["certain"]


def test_analyze_text(record: Path, cli) -> None:
    out = ok(cli("analyze", "REC"))
    assert out.startswith(f"Werewolf Never Sleeps — {record}\n11 turns and 4 search calls, seen by aki\n"
                          "Phase: search — the deck is empty; orders called: 1–4; next call: 5\n"
                          "Players left: aki, dan (out: ben, cho)\nconsistent histories: 72\n")
    assert re.search(r"^  dan's discard +66\.7%$", out, re.M), out
    assert re.search(r"^  dan's hand +33\.3%$", out, re.M), out
    assert re.search(r"^  the ruins +✗$", out, re.M), out
    assert re.search(r"^  dan +✓$", out, re.M) and re.search(r"^  nobody \(ruins or deck\) +✗$", out, re.M), out
    assert "The Madman at the search phase" in out and "holds the Madman now" not in out
    assert re.search(r"^  nobody \(not in a hand\) +✓$", out, re.M), out
    # hidden cards, most likely first
    assert re.search(r"^  card 1 of dan's discard +Vote 55\.6%  Lost Legacy 33\.3%  Werewolf Attack ① 11\.1%$",
                     out, re.M), out
    assert re.search(r"^  aki's hand +Knight ✓$", out, re.M), out
    assert "  • dan is the Werewolf\n" in out and "  • the card in the ruins is the Werewolf Attack ②\n" in out


def test_analyze_japanese(record: Path, cli) -> None:
    out = ok(cli("analyze", "REC", "--lang", "ja"))
    assert out.startswith(f"人狼は眠らない — {record}\n11ターン・探索順の掛け声4回、akiの視点\n"
                          "段階：探索フェイズ — 山札は空、掛け声済みの探索順：1〜4、次は探索順5\n")
    assert "失われた遺産：人狼の現在の場所" in out and "確定していること" in out
    assert re.search(r"^  danの捨て札 +66\.7%$", out, re.M), out
    assert "  • 人狼プレイヤーはdan\n" in out and "遺跡のカードは人狼の襲撃②" in out
    assert "Werewolf" not in out and "discard" not in out and "Phase" not in out


# -- explain ---------------------------------------------------------------------------------
def test_explain_certain_werewolf(cli) -> None:
    out = ok(cli("explain", "REC", "werewolf=dan", "--lines"))  # the lines and rules the step-wise proof cites
    assert out.startswith("Fact: dan is the Werewolf — certain\nMinimal proof: ")
    assert "turn 9: aki drew a Vote and played a Vote; votes aki→cho, cho→aki, dan→cho; cho was eliminated" in out
    # one of several inclusion-minimal sets of 9 lines (which one depends on the SAT solver's cores)
    assert "(line 68)" in out
    assert "Rules used:\n" in out and "\n  • the deck: the 16 cards: two Seers, three Votes, three Sleeps" in out
    assert "  • elimination: an eliminated player's hand card" in out
    assert out.rstrip().endswith("Therefore: dan is the Werewolf.")


def test_explain_ruled_out_werewolf(cli) -> None:
    out = ok(cli("explain", "REC", "werewolf!=aki"))
    assert out.startswith("Fact: aki is not the Werewolf — certain\n")
    assert out.rstrip().endswith("Therefore: aki is not the Werewolf.")
    data = ok_json(cli("explain", "REC", "werewolf!=aki", "--json"))
    assert data["status"] == "certain" and data["p"] == 1.0
    for o in data["observations"]:
        assert f"(line {o['line']})" in out, o
    assert set(data["rules"]) <= {"deck", "must-play", "play", "lost-legacy-stays", "attack", "elimination",
                                  "search-call", "seen"}


def test_explain_hand_card(cli) -> None:
    out = ok(cli("explain", "REC", "hand:dan!=seer", "--lines"))
    assert out.startswith("Fact: dan's hand card is not a Seer — certain\n")
    assert "turn 6: ben played a Seer; looked at dan's hand (line 51)" in out


def test_explain_ruins(cli) -> None:
    out = ok(cli("explain", "REC", "ruins=attack-2", "--lines"))
    assert out.startswith("Fact: the card in the ruins is the Werewolf Attack ② — certain\n")
    assert "(line 76)" in out  # dan's Attack ③ hit nobody (the other lines: one of several minimal sets)
    assert out.rstrip().endswith("Therefore: the card in the ruins is the Werewolf Attack ②.")


def test_explain_open_fact(cli) -> None:
    out = ok(cli("explain", "REC", "lost-legacy=discard:dan"))
    assert out.startswith("Fact: the Lost Legacy is in dan's discard — not certain (probability 66.7%)\n")
    assert "A consistent history where it fails:\n  the Lost Legacy is in dan's hand\n  dan is the Werewolf\n" in out
    assert "  hands: aki Knight, dan Lost Legacy\n" in out
    data = ok_json(cli("explain", "REC", "lost-legacy=discard:dan", "--json"))
    assert data["status"] == "open" and data["p"] == pytest.approx(2 / 3, abs=1e-12)
    assert data["counterexample"]["lost_legacy"] == "hand:dan" and "observations" not in data


def test_explain_impossible_fact(cli) -> None:
    out = ok(cli("explain", "REC", "werewolf=cho"))
    assert out.startswith("Fact: cho is the Werewolf — impossible — the record rules it out\n\nWhy it is impossible:\n")
    assert "(line 68)" in out and "A consistent history" not in out
    assert out.rstrip().endswith("Therefore: cho is not the Werewolf.")
    data = ok_json(cli("explain", "REC", "werewolf=cho", "--json"))
    assert data["status"] == "impossible" and data["p"] == 0.0
    assert [o["id"] for o in data["observations"]] == ["turn-9"]


def test_explain_japanese(cli) -> None:
    out = ok(cli("explain", "REC", "werewolf=cho", "--lang", "ja", "--lines"))
    assert out.startswith("事実：人狼プレイヤーはcho — ありえない — 記録が否定している")
    assert "ターン9：akiが投票を引き、投票を出した。" in out and "（68行目）" in out
    assert "よって：choは人狼プレイヤーではない。" in out


@pytest.mark.parametrize(("fact", "says"), [
    ("colour=red", "unknown subject 'colour'"),
    ("hand:ben=seer", "ben was eliminated: its hand card lies face-up"),
    ("discard:aki:1=seer", "discard:aki:1 is face-up"),
    ("hand:dan=joker", "unknown card 'joker'"),
    ("lost-legacy=attic", "'attic' is not a place"),
    ("werewolf=eve", "'eve' is not a player here"),
])
def test_explain_bad_fact(cli, fact: str, says: str) -> None:
    result = cli("explain", "REC", fact)
    assert_clean_exit_2(result)
    assert len(result.stderr.strip().splitlines()) == 1
    assert says in result.stderr and "(valid: " in result.stderr


# -- hint ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def hinted(record: Path):
    """The first hint on the reference, computed once."""
    from suiri.models.werewolf.reasoning import WerewolfReasoner
    from suiri.models.werewolf.record import load
    from suiri.models.werewolf.session import WerewolfSession
    from suiri.models.werewolf.steps import WerewolfSteps
    from suiri.solver.reasoning import hint

    session = WerewolfSession(load(record))
    return session, hint(WerewolfReasoner(session), [], steps=WerewolfSteps(session))


def test_hint_levels(cli, hinted) -> None:
    """The first step toward the nearest certain fact: one turn, the deck count, then the
    whole step; each level repeats the one before."""
    from suiri.cli.werewolf_view import hint as render
    from suiri.models.werewolf.reasoning import WerewolfReasoner

    session, result = hinted
    outs = {level: render(session, result, level, "en") + "\n" for level in (1, 2, 3, 4)}
    assert ok(cli("hint", "REC", "--level", "4")) == outs[4]
    data = result.to_json(WerewolfReasoner(session), 4)
    (h,) = data["hints"]
    assert [x["id"] for x in h["step"]["lines"]] == ["turn-1"] and data["remaining"] == 2
    assert outs[1].startswith("Look at turn 1.\n")
    assert "Rule to apply:" not in outs[1]
    assert "Rule to apply: what was seen (a card one was dealt, drew, looked at" in outs[2]
    assert "Observations to combine:" not in outs[2]
    assert "  • turn 1: aki drew the Medium and played a Seer; saw a Sleep in cho's hand (line 13)" in outs[3]
    assert "Deduction:" not in outs[3]
    assert ("Deduction:\n  t1 aki Seer (drew Medium; →cho; saw Sleep) (line 13), so the card cho was dealt is "
            "a Sleep\n") in outs[4]
    for level in (1, 2, 3):  # every level repeats the one before it
        head = outs[level].rsplit("\n(", 1)[0]
        assert outs[level + 1].startswith(head)


def test_hint_japanese(hinted) -> None:
    from suiri.cli.werewolf_view import hint as render

    out = render(*hinted, 4, "ja")
    assert out.startswith("ターン1を見てください。\n使うルール：")
    assert "推理：\n  t1 aki 占い師（霊媒師を引いた。→cho。就寝を見た）（13行目）。よって、choに配られたカードは就寝\n" in out
    assert "（この一歩の後も、まだ見つけていない確かな事実：2件）" in out
    assert ", " not in out and "Deduction" not in out


# -- the catalogue ---------------------------------------------------------------------------
def test_catalogue_is_complete_in_both_languages() -> None:
    from suiri.models.werewolf.encoder import RULE_IDS
    from suiri.models.werewolf.text import CATALOGUE

    singular = {k for k in CATALOGUE["en"] if k.endswith("-1") and k.removesuffix("-1") in CATALOGUE["en"]}
    assert CATALOGUE["en"].keys() - singular == CATALOGUE["ja"].keys() - singular  # Japanese has no plural
    for lang, m in CATALOGUE.items():
        for rule in RULE_IDS:
            assert f"rule:{rule}" in m and f"rule-name:{rule}" in m, (lang, rule)
        for key in ("hint-none", "hint-obvious", "hint-level1", "hint-level1-obvious", "hint-level2",
                    "hint-level2-none", "hint-level3", "hint-level4"):  # cli/layout.hint_levels
            assert key in m, (lang, key)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_fact_sentences(lang: str) -> None:
    from suiri.models.werewolf.text import Text
    from suiri.solver.facts import Fact

    t = Text(lang)
    want = {
        "en": ["the Lost Legacy is in ben's hand", "the Lost Legacy is not in the deck", "dan is the Werewolf",
               "aki is not the Werewolf", "nobody is the Werewolf (the Lost Legacy is in the ruins or the deck)",
               "cho holds the Madman", "nobody holds the Madman", "card 2 of ben's discard is a Vote",
               "the card in the ruins is not the Knight"],
        "ja": ["失われた遺産：人狼はbenの手札にある", "失われた遺産：人狼は山札にはない", "人狼プレイヤーはdan",
               "akiは人狼プレイヤーではない", "人狼プレイヤーはいない（失われた遺産：人狼は遺跡か山札にある）",
               "choの手札は狂人", "狂人は誰の手札にもない", "benの捨て札2枚目は投票", "遺跡のカードは騎士ではない"],
    }[lang]
    facts = [Fact("lost-legacy", "hand:ben"), Fact("lost-legacy", "deck", False), Fact("werewolf", "dan"),
             Fact("werewolf", "aki", False), Fact("werewolf", "nobody"), Fact("madman", "cho"),
             Fact("madman", "nobody"), Fact("discard:ben:2", "vote"), Fact("ruins", "knight", False)]
    assert [t.fact(f) for f in facts] == want
    assert [t.place(p) for p in ("hand:ben", "discard:ben", "discard:ben:2", "ruins", "deck")] == {
        "en": ["ben's hand", "ben's discard", "card 2 of ben's discard", "the ruins", "the deck"],
        "ja": ["benの手札", "benの捨て札", "benの捨て札2枚目", "遺跡", "山札"]}[lang]


# -- other states of the game ------------------------------------------------------------------
PLAYING = '''game = "werewolf"
players = ["aki", "ben", "cho"]
viewer = "ben"
hand = "villager"

[[turn]]
player = "aki"
play = "knight"

[[turn]]
player = "ben"
drew = "seer"
play = "villager"
put = "cho"
placed = "seer"

[[turn]]
player = "cho"
play = "medium"
flip = { player = "aki", card = "knight" }
'''

# aki, the Werewolf, swaps the Lost Legacy into its discard and is voted out
OVER = '''game = "werewolf"
players = ["aki", "ben", "cho"]
viewer = "aki"
hand = "lost-legacy"

[[turn]]
player = "aki"
drew = "vote"
play = "vote"
votes = { aki = "ben", ben = "cho", cho = "ben" }
eliminated = "ben"
revealed = ["seer"]

[[turn]]
player = "cho"
play = "sleep"

[[turn]]
player = "aki"
drew = "sleep"
play = "sleep"
swapped = true
card = "vote"

[[turn]]
player = "cho"
play = "vote"
votes = { aki = "cho", cho = "aki" }
eliminated = "aki"
revealed = ["vote", "lost-legacy", "sleep"]
'''


@pytest.fixture
def suiri_at(write) -> Callable[..., Result]:
    def run(text: str, *args: str) -> Result:
        return CliRunner().invoke(main, [args[0], str(write(text)), *args[1:]])

    return run


def test_analyze_during_play(suiri_at) -> None:
    out = ok(suiri_at(PLAYING, "analyze"))
    assert "3 turns, seen by ben\nPhase: play — 9 cards left in the deck; next: aki\n" in out
    assert "Who holds the Madman now" in out and "at the search phase" not in out
    assert re.search(r"^  the deck +\d+\.\d%$", out, re.M), out
    assert re.search(r"^  card 1 of aki's discard +Knight ✓$", out, re.M), out  # turned face-down by the Medium
    pending = ok(suiri_at(PLAYING + '\n[[turn]]\nplayer = "aki"\nplay = "seer"\ntarget = "cho"\n\n'
                          '[[turn]]\nplayer = "ben"\ndrew = "sleep"\n', "analyze", "--lang", "ja"))
    assert "段階：プレイ中 — benが就寝を引いて、まだ出していない（山札残り7枚）" in pending


def test_hint_sentences_of_play_turns(suiri_at) -> None:
    out = ok(suiri_at(PLAYING, "hint", "--level", "4"))
    assert "  • turn 1: aki played the Knight (line 6)\n" in out
    assert "  t1 aki Knight (line 6); a card played is one of the two in its player's hand, so card 1 of aki's " \
           "discard is the Knight\n" in out


def test_analyze_after_the_game(suiri_at) -> None:
    out = ok(suiri_at(OVER, "analyze"))
    assert "Phase: over — the Werewolf aki was eliminated. ben and cho won.\nPlayers left: cho (out: aki, ben)\n" in out
    assert "  • the Lost Legacy is in aki's discard\n  • aki is the Werewolf\n" in out
    ja = ok(suiri_at(OVER, "analyze", "--lang", "ja"))
    assert "段階：終了 — 人狼プレイヤーの aki が脱落した。勝者はbenとcho。" in ja


def test_record_line_sentences() -> None:
    """One sentence per record line, and its short form, in both languages."""
    from suiri.models.werewolf.record import loads
    from suiri.models.werewolf.replay import replay
    from suiri.models.werewolf.text import Text

    over = loads(OVER)
    en, ja = Text("en"), Text("ja")
    assert en.observation("turn-3", over, replay(over)) == (
        "turn 3: aki drew a Sleep and played a Sleep; aki, the Werewolf, swapped: it took a Vote from its discard "
        "into its hand; then face-down as card 2 of aki's discard")
    assert ja.observation("turn-3", over, replay(over)) == (
        "ターン3：akiが就寝を引き、就寝を出した。人狼プレイヤーのakiが入れ替えた：捨て札の投票を手札に取った。"
        "その後akiの捨て札2枚目としてウラ向きになった")
    assert en.short("turn-4", over, replay(over)) == "t4 cho Vote (aki out: Vote, Lost Legacy, Sleep)"
    playing = loads(PLAYING)
    assert en.observation("turn-3", playing, replay(playing)) == (
        "turn 3: cho played the Medium; turned aki's face-up Knight face-down (card 1 of its discard)")
    assert ja.observation("turn-2", playing, replay(playing)) == (
        "ターン2：benが占い師を引き、村人を出した。占い師をchoの捨て札にウラ向きで置いた（1枚目）")
    assert en.observation("hand", playing) == "ben was dealt the Villager"


# -- bad records -------------------------------------------------------------------------------
HEAD = 'game = "werewolf"\nplayers = ["aki", "ben", "cho"]\nviewer = "aki"\nhand = "seer"\n'


def turns(*tables: str) -> str:
    return HEAD + "".join(f"\n[[turn]]\n{t}\n" for t in tables)


KNIGHT_TURN = 'player = "aki"\ndrew = "knight"\nplay = "knight"'


@dataclass(frozen=True)
class Case:
    id: str
    text: str  # the record, its error line(s) marked with HERE
    field: str
    what: str  # must appear in the description of the problem
    valid: str  # must appear inside "(valid: ...)"


CASES = [
    Case("unknown-card", turns(f'player = "aki"\ndrew = "knight"\nplay = "joker"{HERE}'),
         "turn[1].play", "unknown card 'joker'", "villager, medium, madman, knight, lost-legacy"),
    Case("lost-legacy-played", HEAD.replace('"seer"', '"lost-legacy"') + turns(
        f'player = "aki"\ndrew = "knight"\nplay = "lost-legacy"{HERE}').removeprefix(HEAD),
         "turn[1].play", "the Lost Legacy can never be played", "the other card in hand"),
    Case("not-your-turn", turns(f'player = "ben"{HERE}\nplay = "knight"'),
         "turn[1].player", "it is aki's turn, not ben's", "aki"),
    Case("vote-count", turns('player = "aki"\ndrew = "vote"\nplay = "vote"\n'
                             'votes = { aki = "ben", ben = "cho", cho = "ben" }\n'
                             f'eliminated = "none"{HERE}'),
         "turn[1].eliminated", "the votes (aki 0, ben 2, cho 1, face-down cards included) eliminate ben, not none",
         '"ben"'),
    Case("search-too-early", turns(KNIGHT_TURN) + f'\n[[search]]\norder = 6{HERE}\nplayer = "ben"\ntarget = "ruins"\nfound = "vote"\n',
         "search[1].order", "the search phase begins when the deck is empty; 11 cards are left",
         "more [[turn]] sections first"),
    Case("drew-on-another-turn", turns(KNIGHT_TURN, f'player = "ben"\ndrew = "vote"{HERE}\nplay = "sleep"'),
         "turn[2].drew", "drew is written on ben's turn, but aki could not know it",
         "drew only on the viewer's own turns"),
    Case("saw-on-another-seer", turns(KNIGHT_TURN, f'player = "ben"\nplay = "seer"\ntarget = "cho"\nsaw = "vote"{HERE}'),
         "turn[2].saw", "saw is written on ben's turn, but aki could not know it",
         "saw only on the viewer's own turns"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_record(case: Case, write, suiri) -> None:
    path = write(case.text)
    for command in (("check", path), ("analyze", path), ("hint", path)):
        result = suiri(*command)
        err = user_error(result)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert err.file == str(path)
        lines = marked_lines(case.text)
        assert err.line in lines, f"line {err.line}, expected {sorted(lines)}: {err.message}"
        assert err.field == case.field, err.message
        assert case.what in err.what, err.message
        assert case.valid in err.what.split("(valid: ", 1)[1], err.message


# aki holds the only Knight (its dealt card, line 4), yet ben plays a Knight (turn 2).
# Each line is legal alone; together no history fits them.
INCONSISTENT = HEAD.replace('hand = "seer"', f'hand = "knight"{HERE}') + f'''
[[turn]]
player = "aki"
drew = "madman"
play = "madman"

[[turn]]{HERE}
player = "ben"
play = "knight"
'''


def test_inconsistent_record_names_the_conflicting_lines(write, suiri) -> None:
    path = write(INCONSISTENT)
    result = suiri("check", path)
    assert_clean_exit_2(result)
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"error: {path}: no history fits these 2 record lines together"), lines[0]
    assert "(valid: " in lines[0]
    cited = [re.fullmatch(r"\s+(.+?):(\d+): (\S+)", line) for line in lines[1:]]
    assert len(cited) >= 2 and all(cited), result.stderr
    assert {int(m[2]) for m in cited if m} == marked_lines(INCONSISTENT)
    assert [m[3] for m in cited if m] == ["hand", "turn[2]"]
    for command in ("analyze", "explain"):  # every command refuses it the same way
        again = suiri(command, path, *(["werewolf=aki"] if command == "explain" else []))
        assert_clean_exit_2(again)
        assert again.stderr == result.stderr


# -- advise --------------------------------------------------------------------------------------
def test_advise_vote_for_the_werewolf_shows_the_table_view(suiri_at) -> None:
    """OVER cut before the end: aki, the Werewolf, voted ben out and holds a Vote again.
    It is shown what the table believes, not told to point at "the likeliest Werewolf"
    (and never at ben, who is dead)."""
    text = "[[turn]]".join(OVER.split("[[turn]]")[:2])  # turn 1: aki drew a Vote and voted ben out
    text += '\n[[turn]]\nplayer = "cho"\nplay = "knight"\n\n[[turn]]\nplayer = "aki"\ndrew = "vote"\n'
    out = ok(suiri_at(text, "advise"))
    assert "likeliest Werewolf" not in out and ": ben" not in out, out
    assert re.search(r"^     the table's chance each is the Werewolf \(before your play\): aki \(you\) \d+\.\d%, "
                     r"cho \d+\.\d%$", out, re.M), out
    ja = ok(suiri_at(text, "advise", "--lang", "ja"))
    assert re.search(r"^     卓から見た各人が人狼である確率（プレイ前）：aki（あなた）\d+\.\d%、cho \d+\.\d%$", ja, re.M), ja
    data = ok_json(suiri_at(text, "advise", "--json"))
    vote = next(o for o in data["options"] if o["play"] == "vote")
    assert vote["point_at"] == {} and set(vote["table_view"]) == {"aki", "cho"}
    assert vote["tally"] == {"aki": 1, "cho": 0}


def test_advise_attack_into_own_discard(suiri_at) -> None:
    text = ('game = "werewolf"\nplayers = ["aki", "ben", "cho"]\nviewer = "aki"\nhand = "lost-legacy"\n\n'
            '[[turn]]\nplayer = "aki"\ndrew = "attack-2"\n')
    out = ok(suiri_at(text, "advise"))
    assert "play Werewolf Attack ②, then put it into aki's discard, keep Lost Legacy" in out, out
    assert ("     face-down in your own discard, the Attack is a card you may swap with your hand card "
            "in a later Sleep") in out, out
    ja = ok(suiri_at(text, "advise", "--lang", "ja"))
    assert "人狼の襲撃②をプレイ、その後akiの捨て札に置く、失われた遺産：人狼を残す" in ja, ja
    assert "     自分の捨て札にウラ向きで置けば、後の就寝でこの人狼の襲撃を手札と入れ替えられます" in ja, ja


def test_search_calls_in_every_command(write, suiri) -> None:
    """A simulated 4-player game cut after its third call: aki (order 1) searched, nobody
    raised at 2, dan showed the Madman at 3.  ben, the Werewolf, holds the Lost Legacy
    (order 5): call 4 comes first."""
    from suiri.models.werewolf import simulator
    from suiri.models.werewolf.record import to_toml

    game = simulator.simulate(4, 40)
    path = write(to_toml(game.record("ben", simulator.steps(game, 99, 3))))
    out = ok(suiri("analyze", path))
    assert "11 turns and 3 search calls, seen by ben\nPhase: search — the deck is empty; orders called: 1–3; " \
           "next call: 4\n" in out, out
    assert "dan's hand card is the Madman" not in out  # dan showed it: the record says so
    ja = ok(suiri("analyze", path, "--lang", "ja"))
    assert "11ターン・探索順の掛け声3回、benの視点\n段階：探索フェイズ — 山札は空、掛け声済みの探索順：1〜3、次は探索順4\n" in ja
    data = ok_json(suiri("analyze", path, "--json"))
    assert data["calls"] == [
        {"order": 1, "raised": ["aki"], "listed": True, "player": "aki", "target": "discard:ben:3", "found": "attack-2"},
        {"order": 2, "raised": [], "listed": False},
        {"order": 3, "raised": ["dan"], "listed": True, "showed": "madman"}]
    assert data["next_call"] == 4 and data["madman"] == {"dan": 1.0}

    advice = ok(suiri("advise", path))
    assert ("Search phase — calls so far: 1 aki searched card 3 of ben's discard and found the Werewolf Attack ②, "
            "2 nobody raised, 3 dan showed the Madman\n"
            "Your call is 5 (Lost Legacy); call 4 comes first, and a lone raiser at each searches before you.\n"
            "You are the Werewolf: search the Lost Legacy where you know it is.\n"
            "Where the Lost Legacy may be, given the calls so far:\n        ✓  ben's hand\n") in advice, advice
    ja = ok(suiri("advise", path, "--lang", "ja"))
    assert ("探索フェイズ — これまでの掛け声：1でakiがbenの捨て札3枚目を探索（人狼の襲撃②）、2は名乗りなし、3でdanが狂人を公開\n"
            "あなたの探索順は5（失われた遺産：人狼）。先に探索順4が呼ばれ、そこで1人だけ名乗りを上げた人は"
            "あなたより先に探索します。\n") in ja, ja
    data = ok_json(suiri("advise", path, "--json"))
    assert data["phase"] == "search" and data["note"] == "waiting"
    assert data["my_order"] == 5 and data["next_call"] == 4 and data["shares_order"] == 0.0
    assert [c["order"] for c in data["calls"]] == [1, 2, 3]
    assert data["searches"][0] == {"place": "hand:ben", "p": 1.0}

    proof = ok(suiri("explain", path, "hand:dan=madman", "--lines"))
    assert "  • call 3: dan alone raised a hand and showed the Madman (it cannot search) (line " in proof, proof
    for lines in ([], ["--lines"]):
        data = ok_json(suiri("explain", path, "hand:dan=madman", "--json", *lines))
        assert [o["id"] for o in data["observations"]] == ["call-3"] and data["observations"][0]["call"] == 3
        assert data["rules"] == ["search-call"]
    steps = ok(suiri("explain", path, "hand:dan=madman"))
    assert "  1. c3 " in steps and "so dan's hand card is the Madman" in steps, steps


def test_hint_cites_search_calls(write, suiri) -> None:
    """A simulated 3-player game: ben raised alone at 2 and searched, aki and cho raised
    together at 7 (nobody searched)."""
    from suiri.models.werewolf.record import to_toml
    from suiri.models.werewolf.simulator import simulate

    path = write(to_toml(simulate(3, 59).record(None)))
    out = ok(suiri("hint", path, "--level", "4"))
    over = "The game is over: every order was called: nobody found the Lost Legacy. Nobody won.\n"
    assert out.startswith(over + "Look at call 2.\n"), out
    assert "  • call 2: ben alone raised a hand, searched cho's hand and found a Vote (line " in out, out
    assert "  c2 ben found Vote (cho's hand) (line 67); at each call exactly the living holders of that search " \
           "order raise a hand (W15)" in out, out
    assert out.rstrip().endswith("so ben's hand card is the Medium\n(Still to find after this step: 4 certain facts.)"), out
    ja = ok(suiri("hint", path, "--level", "4", "--lang", "ja"))
    assert ja.startswith("ゲームは終了："), ja
    assert "\n探索順2の掛け声を見てください。\n" in ja, ja
    assert "  c2 benの探索：choの手札は投票（67行目）。" in ja and "よって、benの手札は霊媒師\n" in ja, ja
    data = ok_json(suiri("hint", path, "--json"))
    cited = {o["id"] for h in data["hints"] for o in h["observations"]}
    assert cited == {"call-2"}, data


def test_sentences_of_the_new_fields() -> None:
    """W16: a Medium with no effect, a flip by position; W11: a Werewolf viewer's swap by position."""
    from suiri.models.werewolf.record import loads
    from suiri.models.werewolf.replay import replay
    from suiri.models.werewolf.text import Text

    en, ja = Text("en"), Text("ja")
    alone = loads(HEAD + '\n[[turn]]\nplayer = "aki"\ndrew = "medium"\nplay = "medium"\n')
    assert en.observation("turn-1", alone, replay(alone)) == (
        "turn 1: aki drew the Medium and played the Medium; no other living player's discard held a card: "
        "no effect (W16)")
    assert ja.observation("turn-1", alone, replay(alone)) == (
        "ターン1：akiが霊媒師を引き、霊媒師を出した。他の生存者の捨て札にカードがなく、効果なし（W16）")
    assert en.short("turn-1", alone, replay(alone)) == "t1 aki Medium (drew Medium; no effect)"
    flip = loads(HEAD + '\n[[turn]]\nplayer = "aki"\ndrew = "knight"\nplay = "knight"\n'
                 '\n[[turn]]\nplayer = "ben"\nplay = "medium"\nflip = { player = "aki", index = 1 }\n')
    assert en.observation("turn-2", flip, replay(flip)) == (
        "turn 2: ben played the Medium; turned aki's face-up Knight face-down (card 1 of its discard)")
    assert en.short("turn-2", flip, replay(flip)) == "t2 ben Medium (flipped aki's Knight)"
    swap = loads(OVER.replace('card = "vote"', 'card = "vote"\nindex = 1'))
    assert en.observation("turn-3", swap, replay(swap)) == (
        "turn 3: aki drew a Sleep and played a Sleep; aki, the Werewolf, swapped: it took a Vote (card 1 of its "
        "discard) into its hand; then face-down as card 2 of aki's discard")
    assert ja.observation("turn-3", swap, replay(swap)).startswith(
        "ターン3：akiが就寝を引き、就寝を出した。人狼プレイヤーのakiが入れ替えた：捨て札1枚目の投票を手札に取った。")
