"""Four-player records: the fake clue's answers, declaration outcomes, R4, R5 and R8
(a declaring turn has no check: ``turn(..., None, None, declare)``)."""

from __future__ import annotations

from cli_support import HERE, marked_lines, user_error

HEAD = """game = "canary"
players = ["aki", "bea", "cid", "dai"]
viewer = "aki"
clue = "ancient"
genuine = {genuine}

[start]
aki = "a7"
bea = "g7"
cid = "a1"
dai = "g1"
"""


def record(genuine: str, *turns: str) -> str:
    return HEAD.format(genuine=genuine) + "".join(turns)


def turn(player: str, to: str, check: str | None, card: str | None = None, declare: str | None = None,
         mark: str = "") -> str:
    out = ["", "[[turn]]", f'player = "{player}"', f'to = "{to}"']
    if check is not None:
        out.append(f'check = "{check}"')
    if card:
        out.append(f'card = "{card}"')
    if declare:
        out += ["[turn.declare]", declare + (HERE if mark == "declare" else "")]
    return "\n".join(out) + "\n"


def test_fake_viewer_may_only_answer_no(write, suiri) -> None:
    text = record("false", turn("aki", "b7", "revealed", "crag-lookout"),
                  turn("bea", "g6", None, None,
                       'card = "hanging-garden"\nanswers = { aki = "yes", cid = "no", dai = "no" }', "declare"))
    err = user_error(suiri("check", write(text)))
    assert "holds the fake and may only answer no" in err.what and err.field == "turn[2].declare.answers"
    assert err.line in marked_lines(text)


def test_outcome_contradicting_the_answers(write, suiri) -> None:
    text = record("true", turn("aki", "b7", None, None,
                                'card = "hanging-garden"\nanswers = { bea = "yes", cid = "yes", dai = "yes" }\n'
                                'outcome = "failure"'))
    err = user_error(suiri("check", write(text)))
    assert err.field == "turn[1].declare.outcome" and "succeeds" in err.what


def test_genuine_viewer_r4(write, suiri) -> None:
    text = record("true", turn("aki", "b7", None, None,
                               'card = "crag-lookout"\nanswers = { bea = "no", cid = "no", dai = "no" }', "declare"))
    err = user_error(suiri("check", write(text)))
    assert "R4" in err.what


def test_fake_viewer_may_declare_anywhere_and_its_failure_is_known(write, suiri) -> None:
    # aki is the fake: declaring on a card without its clue is legal (R4) ...
    text = record("false", turn("aki", "b7", None, None,
                                'card = "lava-rock-hill"\nanswers = { bea = "yes", cid = "no", dai = "yes" }'))
    result = suiri("check", write(text))
    assert result.exit_code == 0, result.output
    # ... and with one "no", the fake's declaration failed: aki skips its next two turns
    text += turn("bea", "g6", "revealed", "nothing-here") + turn("cid", "a2", "revealed", "nothing-here") \
        + turn("dai", "f1", "revealed", "nothing-here") + turn("aki", "a7", "none")
    err = user_error(suiri("check", write(text, "skip.toml")))
    assert err.field == "turn[5].player" and "bea" in err.what


def test_one_no_leaves_a_genuine_declaration_open_and_analysis_counts_both(write, suiri) -> None:
    import json

    text = record("true", turn("aki", "b7", "revealed", "crag-lookout"),
                  turn("bea", "g6", None, None,
                       'card = "crater-cave"\nanswers = { aki = "no", cid = "yes", dai = "yes" }'))
    result = suiri("analyze", write(text), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"clues", "assignments", "goal", "fake"}
    assert abs(sum(data["fake"].values()) - 1) < 1e-9 and data["fake"]["aki"] == 0


# -- R8: a declaration replaces the map check ------------------------------------------------
FAKE_DECLARES_OFF_ITS_CLUE = (
    turn("aki", "b7", "revealed", "crag-lookout"),
    turn("bea", "g6", None, None, 'card = "object-stone"\nanswers = { aki = "no", cid = "yes", dai = "no" }'),
    turn("cid", "a2", "revealed", "nothing-here"),
    turn("dai", "f1", "revealed", "nothing-here"),
)


def test_r8_fake_declaring_off_its_clue_is_not_named_the_fake(write, suiri) -> None:
    """Regression (issue 9): bea, the fake holder (weathered), declares on object-stone
    (high, nature), which lacks its clue.  The declaration replaces the check (R8), so
    the table learns only "bea holds the fake, or its clue is on the card" (R4): bea may
    be genuine (nature; then dai holds the fake), and weathered stays possible.  Before
    R8 the turn needed a check: "revealed" named bea the fake at 100%, "hidden" gave
    weathered 0%."""
    import json

    result = suiri("analyze", write(record("true", *FAKE_DECLARES_OFF_ITS_CLUE)), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert 0 < data["fake"]["bea"] < 1 and 0 < data["fake"]["dai"] < 1
    assert data["clues"]["bea"]["weathered"] > 0 and data["clues"]["bea"]["nature"] > 0
    assert data["fake"]["cid"] == 0  # cid said yes: only the fake is bound to say no


def test_r8_a_declaring_turn_with_a_check_is_refused(write, suiri) -> None:
    """The old way of writing it (a check beside the declaration) is an error naming R8."""
    text = record("true", FAKE_DECLARES_OFF_ITS_CLUE[0],
                  turn("bea", "g6", "revealed", None,
                       'card = "object-stone"\nanswers = { aki = "no", cid = "yes", dai = "no" }').replace(
                      'check = "revealed"', 'check = "revealed"' + HERE))
    err = user_error(suiri("check", write(text)))
    assert err.field == "turn[2].check" and "R8" in err.what and err.line in marked_lines(text)
    assert "(valid: omit check on a declaring turn)" in err.message


def test_r8_failed_declaration_on_a_face_up_card_turns_it_face_down(write, suiri) -> None:
    """R5 and R3 under R8: aki (the fake) declares on the face-up crag-lookout; it fails,
    so the card lies face-down with its face public, and the next visitor checks it."""
    text = record("false", turn("aki", "b7", "revealed", "crag-lookout"),
                  turn("bea", "g6", "revealed", "nothing-here"), turn("cid", "a2", "revealed", "nothing-here"),
                  turn("dai", "f1", "revealed", "nothing-here"),
                  turn("aki", "c7", "revealed", "bored-rock"), turn("bea", "g5", "revealed", "seaside-cave"),
                  turn("cid", "a3", "revealed", "calm-waterside"), turn("dai", "e1", "revealed", "crag-lookout"),
                  turn("aki", "b7", None, None, 'card = "crag-lookout"\nanswers = { bea = "no", cid = "no", dai = "no" }'),
                  turn("bea", "g6", "none"), turn("cid", "a4", "revealed", "rock-and-sand-slope"),
                  turn("dai", "d1", "revealed", "calm-waterside"),  # aki skips
                  turn("bea", "g5", "none"), turn("cid", "b4", "revealed", "strata-valley"),
                  turn("dai", "c1", "revealed", "seaside-cave"),  # aki skips
                  turn("bea", "g6", "none"), turn("cid", "b5", "revealed", "fading-mural"),
                  turn("dai", "c2", "revealed", "beasts-den"), turn("aki", "c7", "none"),
                  turn("bea", "g5", "none"), turn("cid", "b6", "revealed", "object-stone"),
                  turn("dai", "c3", "revealed", "ivy-bound-statue"),
                  turn("aki", "b7", "none", mark=""))
    err = user_error(suiri("check", write(text)))
    assert err.field == "turn[23].check" and "face-down, so it must be checked" in err.what
    fixed = text.rsplit("\n[[turn]]", 1)[0] + "\n" + turn("aki", "b7", "revealed", "crag-lookout")
    result = suiri("check", write(fixed, "fixed.toml"))
    assert result.exit_code == 0, result.output
