"""``suiri check``: every kind of bad record gives one clear user error, exit status 2.

Each case takes the reference record (``canary-3p.toml``), breaks exactly one thing,
and marks with ``HERE`` the line(s) the message must point at.  The message must have
the form ``error: FILE:LINE: FIELD: what is wrong (valid: ...)`` and no traceback.

Line numbers of the reference record used below: turn 1 = lines 15-19 (b7, hidden),
turn 2 = 21-25 (bea f7 revealed), turn 3 = 27-30 (cid a2 hidden), turn 4 = 32-36
(aki c7 revealed strata-valley), turn 9 = 62-67 (cid a4, no check: declares lava-rock-hill,
R8; aki no / bea yes), turn 10 = 71-74 (aki c7 none), turn 11 = 76-80, turn 12 = 83-87
(aki d7 hidden ruins-above-the-clouds).  cid skips the turns after 11 and after 13.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from cli_support import HERE, assert_clean_exit_2, marked_lines, replace, turn, user_error


@dataclass(frozen=True)
class Case:
    id: str
    edit: Callable[[str], str]  # reference text -> broken text, error line(s) marked with HERE
    field: str
    valid: str  # must appear inside "(valid: ...)"
    what: str  # must appear in the description of the problem


def r(*pairs: tuple[str, str]) -> Callable[[str], str]:
    """An edit made of successive ``replace(old, new)``."""

    def edit(text: str) -> str:
        for old, new in pairs:
            text = replace(text, old, new)
        return text

    return edit


T2_CHECK = "turned face-up for good"  # the comment closing turn 2's check line
T3_CHECK = 'check = "hidden"                        # it carries cid'
DECLARE_HEADER = "# cid opened the card and declared 「ここだ！」"
T9_TO = 'to = "a4"'  # cid's declaring turn: no check (R8)
ANSWERS = 'answers = { aki = "no", bea = "yes" }'
SKIP_COMMENT = "# (cid's turn is skipped here and is not written)"

CASES = [
    Case("unknown-field-in-turn", r(('to = "f7"', 'to = "f7"\ncolour = "red"' + HERE)),
         "turn[2].colour", "card, check, declare, player, to", "unknown field 'colour'"),
    Case("unknown-field-at-top", r(('clue = "ancient"', 'clue = "ancient"\nseat = 3' + HERE)),
         "seat", "clue, game, genuine, players, rules, start, turn, viewer", "unknown field 'seat'"),
    Case("unknown-field-in-declare", r(('card = "lava-rock-hill"', 'card = "lava-rock-hill"\nwho = "cid"' + HERE)),
         "turn[9].declare.who", "answers, card, outcome", "unknown field 'who'"),
    Case("unknown-player-in-turn", r(('player = "bea"', 'player = "dan"' + HERE)),
         "turn[2].player", "aki, bea, cid", "unknown player 'dan'"),
    Case("unknown-card-id", r(('card = "abandoned-materials"', 'card = "golden-cage"' + HERE)),
         "turn[2].card", "a card id: one of 26, listed in docs/rules-canary.md", "unknown card 'golden-cage'"),
    Case("off-board-square", r(('to = "b7"', 'to = "h8"' + HERE)),
         "turn[1].to", "a1 to g7", "'h8' is off the board"),
    Case("diagonal-move", r(('to = "b7"', 'to = "b6"' + HERE)),
         "turn[1].to", "a6, b7", "diagonal moves are not allowed"),
    Case("multi-square-move", r(('to = "b7"', 'to = "c7"' + HERE)),
         "turn[1].to", "a6, b7", "a move is one square, not 2"),
    Case("move-onto-same-square", r(('to = "b7"', 'to = "a7"' + HERE)),
         "turn[1].to", "a6, b7", "passing is not allowed"),
    Case("shared-start-corner", r(('cid = "a1"', 'cid = "g7"' + HERE)),
         "start.cid", "a1, g1", "both start on g7"),
    Case("start-not-a-corner", r(('cid = "a1"', 'cid = "a2"' + HERE)),
         "start.cid", "a1, a7, g1, g7", "not a corner"),
    Case("player-out-of-order", r(('player = "bea"', 'player = "cid"' + HERE)),
         "turn[2].player", "bea", "it is bea's turn, not cid's"),
    Case("declarer-plays-while-skipping", r((SKIP_COMMENT, turn("cid", "a5", "hidden", mark="player"))),
         "turn[12].player", "aki", "it is aki's turn, not cid's (cid skipping after a failed declaration)"),
    Case("declarer-plays-its-second-skipped-turn",
         lambda t: t + turn("bea", "g6", "none") + turn("cid", "a5", "hidden", mark="player"),
         "turn[14].player", "aki", "it is aki's turn, not cid's (cid skipping after a failed declaration)"),
    Case("check-none-on-face-down-card", r(('check = "hidden"', 'check = "none"' + HERE)),
         "turn[1].check", '"hidden" or "revealed"', "face-down, so it must be checked"),
    Case("check-revealed-on-face-up-card", r(('check = "none"', 'check = "revealed"' + HERE + '\ncard = "strata-valley"')),
         "turn[10].check", '"none"', "face-up (strata-valley), so there is no check"),
    Case("check-hidden-on-face-up-card", r(('check = "none"', 'check = "hidden"' + HERE)),
         "turn[10].check", '"none"', "face-up (strata-valley), so there is no check"),
    # The field is absent, so either the turn's header or its check line is a fair place.
    Case("revealed-without-card",
         r(('card = "abandoned-materials"', ""), ("# turn 2", "# turn 2" + HERE), (T2_CHECK, T2_CHECK + HERE)),
         "turn[2].card", "card = the face turned up", "does not say which card"),
    Case("card-on-another-players-hidden-check", r((T3_CHECK, 'card = "object-stone"' + HERE + "\n" + T3_CHECK)),
         "turn[3].card", "omit card", "the viewer (aki) has not seen its face"),
    Case("too-many-copies-of-a-one-copy-card",
         r(('card = "ruins-above-the-clouds"', 'card = "ruins-above-the-clouds"' + HERE),
           ('card = "abandoned-materials"', 'card = "ruins-above-the-clouds"')),
         "turn[12].card", "at most 1 square showing ruins-above-the-clouds",
         "2 copies of ruins-above-the-clouds seen (d7, f7); the deck has 1"),
    Case("five-nothing-here",
         r(('card = "abandoned-materials"', 'card = "nothing-here"'), ('card = "seaside-cave"', 'card = "nothing-here"'),
           ('card = "crag-lookout"', 'card = "nothing-here"' + HERE)),
         "turn[11].card", "at most 4 squares showing nothing-here", "5 copies of nothing-here seen"),
    # No answers key: the [turn.declare] header is the place.
    Case("declaration-without-answers", r((ANSWERS, ""), (DECLARE_HEADER, DECLARE_HEADER + HERE)),
         "turn[9].declare.answers", "for every other player", "missing answers"),
    Case("declaration-answer-missing", r((ANSWERS, 'answers = { aki = "no" }' + HERE)),
         "turn[9].declare.answers", "one answer from each of aki, bea", "no answer from bea"),
    Case("declaration-answer-from-declarer", r((ANSWERS, 'answers = { aki = "no", bea = "yes", cid = "yes" }' + HERE)),
         "turn[9].declare.answers", "aki, bea", "cid declared and cannot answer its own declaration"),
    Case("viewer-declares-without-its-clue-R4",
         r(('check = "revealed"\ncard = "strata-valley"',
            '[turn.declare]\ncard = "strata-valley"' + HERE + '\nanswers = { bea = "no", cid = "no" }')),
         "turn[4].declare.card", "a card carrying ancient", "R4"),
    Case("check-on-a-declaring-turn-R8", r((T9_TO, T9_TO + '\ncheck = "hidden"' + HERE)),
         "turn[9].check", "omit check on a declaring turn", "a declaration replaces the map check (R8)"),
    Case("card-on-a-declaring-turn-R8", r((T9_TO, T9_TO + '\ncard = "lava-rock-hill"' + HERE)),
         "turn[9].card", "omit card; write the face as declare.card", "the face opened for all is declare.card (R8"),
    Case("missing-check-without-declaration",
         r(('check = "none"                          # already face-up: no check', ""), ("# turn 10", "# turn 10" + HERE)),
         "turn[10].check", "omitted only on a declaring turn, R8", "missing check"),
    Case("viewer-hides-a-card-without-its-clue",
         r(('check = "revealed"\ncard = "strata-valley"', 'check = "hidden"' + HERE + '\ncard = "strata-valley"')),
         "turn[4].check", '"revealed"', "aki hid strata-valley, which lacks aki's clue (ancient)"),
    Case("viewer-reveals-a-card-with-its-clue",
         r(('check = "hidden"\ncard = "ruins-above-the-clouds"', 'check = "revealed"' + HERE + '\ncard = "ruins-above-the-clouds"')),
         "turn[12].check", '"hidden"', "aki revealed ruins-above-the-clouds, which carries aki's clue (ancient)"),
    Case("viewer-answers-dishonestly", r((ANSWERS, 'answers = { aki = "yes", bea = "yes" }' + HERE)),
         "turn[9].declare.answers", '"no"', "lava-rock-hill lacks aki's clue (ancient), so aki answers no"),
    Case("genuine-in-a-3-player-game", r(('clue = "ancient"', 'clue = "ancient"\ngenuine = true' + HERE)),
         "genuine", "omit genuine", "only with 4 players"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_record(case: Case, reference_text: str, write, suiri) -> None:
    text = case.edit(reference_text)
    path = write(text)
    err = user_error(suiri("check", path))
    assert err.file == str(path)
    assert err.line in marked_lines(text), f"line {err.line}, expected one of {sorted(marked_lines(text))}: {err.message}"
    assert err.field == case.field, err.message
    assert case.what in err.what, err.message
    assert case.valid in err.what.split("(valid: ", 1)[1], err.message


@pytest.mark.parametrize("case", CASES[:3], ids=[c.id for c in CASES[:3]])
def test_bad_record_with_json_flag_is_a_json_error_and_exit_2(case: Case, reference_text: str, write, suiri) -> None:
    """With --json, a bad record gives its errors as JSON on stdout (and exit 2)."""
    import json

    text = case.edit(reference_text)
    path = write(text)
    result = suiri("check", path, "--json")
    assert result.exit_code == 2 and "Traceback" not in result.output
    data = json.loads(result.stdout)
    assert data["file"] == str(path) and data["legal"] is False
    assert any(e["line"] in marked_lines(text) and e["field"] == case.field for e in data["errors"]), data


# -- TOML syntax -------------------------------------------------------------------------------
SYNTAX_CASES = {
    "unterminated-string": ('to = "f7"', 'to = "f7' + HERE),
    "duplicate-key": ('to = "f7"', 'to = "f7"\nto = "f6"' + HERE),
    "missing-value": ('check = "revealed"', "check = " + HERE),
}


@pytest.mark.parametrize("edit", SYNTAX_CASES.values(), ids=SYNTAX_CASES.keys())
def test_toml_syntax_error(edit: tuple[str, str], reference_text: str, write, suiri) -> None:
    text = replace(reference_text, *edit)
    path = write(text)
    result = suiri("check", path)
    assert_clean_exit_2(result)
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1
    m = re.match(r"^error: (.+?):(\d+): (.*)$", message)
    assert m, message
    assert m[1] == str(path)
    assert int(m[2]) in marked_lines(text), message
    assert "not valid TOML" in m[3]
    assert "(valid: TOML 1.0" in m[3]


def test_toml_syntax_error_names_the_field(reference_text: str, write, suiri) -> None:
    """Regression (was a bug): a TOML syntax error names FILE:LINE but no FIELD.

    ``solver/records.py:parse_toml`` reports ``error: F:23: not valid TOML: Illegal
    character '\\n' (valid: TOML 1.0 ...)``; the required form is ``F:LINE: FIELD: ...``
    and the broken line (``to = "f7``) names its key, which is turn[2].to.
    """
    text = replace(reference_text, 'to = "f7"', 'to = "f7')
    err = user_error(suiri("check", write(text)))
    assert err.line == 23
    assert err.field == "turn[2].to", err.message


# -- turn order after a failed declaration -----------------------------------------------------
def test_correctly_skipped_turn_order_is_accepted(reference_text: str, write, suiri) -> None:
    """cid failed on turn 9: it skips the turn after 11 and the one after 13, then plays."""
    text = (reference_text + turn("bea", "g6", "none") + turn("aki", "d6", "revealed", "nothing-here")
            + turn("bea", "g7", "none") + turn("cid", "a5", "hidden"))
    result = suiri("check", write(text))
    assert result.exit_code == 0, result.output
    assert "16 turns" in result.stdout


def test_order_resumes_after_the_skipped_turns(reference_text: str, write, suiri) -> None:
    """After its skips cid plays again, and the order goes on from cid: aki, not bea."""
    text = (reference_text + turn("bea", "g6", "none") + turn("aki", "d6", "revealed", "nothing-here")
            + turn("bea", "g7", "none") + turn("cid", "a5", "hidden") + turn("bea", "g6", "none", mark="player"))
    err = user_error(suiri("check", write(text)))
    assert err.field == "turn[17].player" and "it is aki's turn, not bea's" in err.what
    assert err.line in marked_lines(text)


# -- the two-player game -----------------------------------------------------------------------
TWO_PLAYERS = '''game = "canary"
players = ["aki", "bea"]
viewer = "aki"
clue = "ancient"

[start]
aki = "a7"
bea = "g1"
'''


def two_player_record() -> str:
    """aki fails twice (skipping two turns after the first failure: R6), so aki has lost."""
    return (TWO_PLAYERS
            + turn("aki", "b7", None, declare=("giant-stone-bridge", '{ bea = "no" }'))
            + turn("bea", "g2", "revealed", "nothing-here") + turn("bea", "g3", "revealed", "nothing-here")
            + turn("bea", "g4", "revealed", "nothing-here")
            + turn("aki", "c7", None, declare=("ruins-above-the-clouds", '{ bea = "no" }')))


def test_two_player_record_with_two_failures_is_accepted(write, suiri) -> None:
    result = suiri("check", write(two_player_record()))
    assert result.exit_code == 0, result.output


def test_two_player_turn_after_second_failed_declaration(write, suiri) -> None:
    text = two_player_record() + turn("bea", "g5", "revealed", "nothing-here", mark="player")
    path = write(text)
    err = user_error(suiri("check", path))
    assert err.file == str(path)
    assert err.line in marked_lines(text)
    assert err.field == "turn[6].player"
    assert "after the end of the game" in err.what and "aki failed 2 declarations and lost" in err.what
    assert "(valid: no further turns)" in err.what


def test_two_player_declarer_plays_while_skipping(write, suiri) -> None:
    """R6: in the 2-player game a failed declaration also costs two turns."""
    text = (TWO_PLAYERS
            + turn("aki", "b7", None, declare=("giant-stone-bridge", '{ bea = "no" }'))
            + turn("bea", "g2", "revealed", "nothing-here") + turn("aki", "c7", "revealed", "nothing-here", mark="player"))
    err = user_error(suiri("check", write(text)))
    assert err.line in marked_lines(text)
    assert err.field == "turn[3].player" and "it is bea's turn, not aki's" in err.what


# -- successful declarations -------------------------------------------------------------------
SUCCESS = ('check = "hidden"\ncard = "ruins-above-the-clouds"',
           '[turn.declare]\ncard = "tree-pierced-ruin"\nanswers = { bea = "yes", cid = "yes" }')


def test_successful_declaration_ending_the_record_is_accepted(reference_text: str, write, suiri) -> None:
    """aki finds tree-pierced-ruin (ancient, nature, weathered) on d7; bea and cid say ここだ."""
    result = suiri("check", write(replace(reference_text, *SUCCESS)))
    assert result.exit_code == 0, result.output


def test_turn_after_successful_declaration_is_rejected(reference_text: str, write, suiri) -> None:
    """Regression (was a bug): a turn written after a declaration that every player answered ここだ
    (so the game was cleared) is accepted; ``check`` exits 0.

    In ``models/canary/rules.py:_declaration`` a declaration that is not the last turn is
    taken as failed (``elif not last: succeeded = False``) before the answers are
    consulted, so the guard ``if succeeded is True and not last`` only fires with an
    explicit ``outcome = "success"``.  All-yes answers decide success in every variant
    (``declaration_outcome`` returns True), so a following turn must be an error.
    """
    text = replace(reference_text, *SUCCESS) + turn("bea", "g6", "none", mark="player")
    err = user_error(suiri("check", write(text)))
    assert err.line in marked_lines(text)
    assert err.field == "turn[13].player"
    assert "(valid: no further turns)" in err.what


def test_two_player_turn_after_successful_declaration_is_rejected(write, suiri) -> None:
    """Regression (was a bug): bea answers ここだ to aki's
    declaration, so aki has won; the turn written after it is accepted."""
    text = (TWO_PLAYERS
            + turn("aki", "b7", None, declare=("giant-stone-bridge", '{ bea = "yes" }'))
            + turn("bea", "g2", "revealed", "nothing-here", mark="player"))
    assert suiri("check", write(text.rsplit("\n[[turn]]", 1)[0] + "\n", "ended")).exit_code == 0
    err = user_error(suiri("check", write(text)))
    assert err.line in marked_lines(text)
    assert err.field == "turn[2].player"
    assert "(valid: no further turns)" in err.what


# -- an inconsistent record ----------------------------------------------------------------------
INCONSISTENT_HEAD = '''game = "canary"
players = ["aki", "bea", "cid"]
viewer = "aki"
clue = "ancient"

[start]
aki = "a1"
bea = "g7"
cid = "a7"
'''

# cid hides a6 and a5; later aki (clue ancient) reveals them: seaside-cave (dark) and
# calm-waterside (nature) share no attribute, so no clue of cid fits both hides.  Every
# other line is uninformative about cid, so the only conflict is those four check lines.
INCONSISTENT_TURNS = [
    ("aki", "a2", "revealed", "crag-lookout", ""), ("bea", "g6", "revealed", "nothing-here", ""),
    ("cid", "a6", "hidden", None, "check"),
    ("aki", "a3", "revealed", "bored-rock", ""), ("bea", "g7", "revealed", "nothing-here", ""),
    ("cid", "a5", "hidden", None, "check"),
    ("aki", "a4", "revealed", "strata-valley", ""), ("bea", "g6", "none", None, ""), ("cid", "a4", "none", None, ""),
    ("aki", "a5", "revealed", "seaside-cave", "check"), ("bea", "g7", "none", None, ""), ("cid", "a3", "none", None, ""),
    ("aki", "a6", "revealed", "calm-waterside", "check"),
]


def inconsistent_record(turns: int = len(INCONSISTENT_TURNS)) -> str:
    return INCONSISTENT_HEAD + "".join(turn(*t) for t in INCONSISTENT_TURNS[:turns])


def test_inconsistent_record_prefix_is_consistent(write, suiri) -> None:
    """Without the last turn every line is legal and some world fits them all."""
    result = suiri("check", write(inconsistent_record(12)))
    assert result.exit_code == 0, result.output


def test_inconsistent_record_lists_the_smallest_conflict(write, suiri) -> None:
    text = inconsistent_record()
    path = write(text)
    result = suiri("check", path)
    assert_clean_exit_2(result)
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"error: {path}: ")
    assert "no layout and clue deal fits these 4 record lines" in lines[0]
    cited = [re.fullmatch(r"\s+(.+?):(\d+): (\S+)", line) for line in lines[1:]]
    assert all(cited), result.stderr
    assert {m[1] for m in cited} == {str(path)}
    assert {int(m[2]) for m in cited} == marked_lines(text) == {26, 43, 64, 80}
    assert {m[3] for m in cited} == {"turn[3].check", "turn[6].check", "turn[10].check", "turn[13].check"}


def test_inconsistent_record_with_json_flag(write, suiri) -> None:
    import json

    result = suiri("check", write(inconsistent_record()), "--json")
    assert result.exit_code == 2 and "Traceback" not in result.output
    data = json.loads(result.stdout)
    assert data["legal"] is True and data["consistent"] is False
    assert len(data["errors"][0]["conflict"]) == 4


def test_inconsistent_record_message_says_what_is_valid(write, suiri) -> None:
    """Regression (was a bug): ``InconsistentRecordError.render`` (solver/errors.py)
    drops the ``valid`` text that ``CanarySession.inconsistency`` passes ("a record in
    which some world satisfies every line"), so the message lacks "(valid: ...)"."""
    result = suiri("check", write(inconsistent_record()))
    assert_clean_exit_2(result)
    assert "(valid: " in result.stderr


def test_inline_declare_table_error_has_its_line(reference_text: str, write, suiri) -> None:
    """Regression (was a bug): with the declaration written as a TOML inline table (the same data as
    ``[turn.declare]``), errors inside it carry no line number: ``error: F: turn[9].
    declare.answers: no answer from bea``.  ``LineMap`` (solver/records.py) records no
    keys of inline tables and ``source()`` then finds no table line either; it could
    fall back to the line of the ``declare`` key."""
    block = ('[turn.declare]                          # cid opened the card and declared 「ここだ！」\n'
             'card = "lava-rock-hill"                 # the face shown to everyone\n' + ANSWERS)
    text = replace(reference_text, block, 'declare = { card = "lava-rock-hill", answers = { aki = "no" } }' + HERE)
    err = user_error(suiri("check", write(text)))
    assert err.line in marked_lines(text)


# -- records that must pass --------------------------------------------------------------------
def test_reference_record_passes(reference_text: str, write, suiri) -> None:
    path = write(reference_text)
    result = suiri("check", path)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert result.stdout.startswith(f"{path}: legal and consistent — 12 turns, ")
    data = json.loads(suiri("check", path, "--json").stdout)
    assert data["legal"] is True and data["consistent"] is True and data["turns"] == 12
    assert int(data["worlds"]) > 0


def test_reference_record_with_japanese_and_attribute_names_passes(reference_text: str, write, suiri) -> None:
    """Cards and clues may be written as Japanese names or attribute sets."""
    text = reference_text
    for old, new in [('clue = "ancient"', 'clue = "旧文明"'), ('card = "abandoned-materials"', 'card = "遺棄された資材"'),
                     ('card = "strata-valley"', 'card = "nature+weathered"'), ('card = "nothing-here"', 'card = "none"')]:
        text = replace(text, old, new)
    assert tomllib.loads(text)
    ok = suiri("check", write(text, "named"), "--json")
    ref = suiri("check", write(reference_text, "plain"), "--json")
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.stdout)["worlds"] == json.loads(ref.stdout)["worlds"]


SIMULATED = [(2, 1, None), (2, 8, "none"), (3, 2, None), (3, 5, "bea"), (3, 13, "none"),
             (4, 3, None), (4, 4, "cid"), (4, 11, "none")]


@pytest.mark.parametrize(("players", "seed", "viewer"), SIMULATED,
                         ids=[f"{p}p-seed{s}-{v or 'first'}" for p, s, v in SIMULATED])
def test_simulated_records_pass(players: int, seed: int, viewer: str | None, write, suiri) -> None:
    args = ["simulate", "--players", players, "--seed", seed, "--turns", 40]
    if viewer:
        args += ["--viewer", viewer]
    sim = suiri(*args)
    assert sim.exit_code == 0, sim.output
    record = tomllib.loads(sim.stdout)
    assert len(record["players"]) == players
    result = suiri("check", write(sim.stdout))
    assert result.exit_code == 0, result.output
    assert "legal and consistent" in result.stdout


# -- other user errors ------------------------------------------------------------------------
def test_several_field_problems_are_reported_together(reference_text: str, write, suiri) -> None:
    """The reader collects every field problem; each names its file, line and field."""
    text = replace(replace(reference_text, 'to = "f7"', 'to = "f7"\ncolour = "red"' + HERE),
                   'player = "bea"', 'player = "dan"' + HERE)
    path = write(text)
    result = suiri("check", path)
    assert_clean_exit_2(result)
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all(line.startswith("error: ") for line in lines)
    lines = [line.removeprefix("error: ") for line in lines]
    cited = {int(re.match(rf"{re.escape(str(path))}:(\d+): turn\[2\]\.\w+: .+ \(valid: .+\)$", line)[1]) for line in lines}
    assert cited == marked_lines(text)


def test_missing_file(tmp_path, suiri) -> None:
    path = tmp_path / "nowhere.toml"
    result = suiri("check", path)
    assert_clean_exit_2(result)
    assert result.stderr.strip() == f"error: {path}: no such file (valid: the path of a game record (TOML or a compact notation))"
