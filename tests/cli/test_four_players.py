"""Four-player records: the fake clue's answers, declaration outcomes, R4 and R5."""

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


def turn(player: str, to: str, check: str, card: str | None = None, declare: str | None = None,
         mark: str = "") -> str:
    out = ["", "[[turn]]", f'player = "{player}"', f'to = "{to}"', f'check = "{check}"']
    if card:
        out.append(f'card = "{card}"')
    if declare:
        out += ["[turn.declare]", declare + (HERE if mark == "declare" else "")]
    return "\n".join(out) + "\n"


def test_fake_viewer_may_only_answer_no(write, suiri) -> None:
    text = record("false", turn("aki", "b7", "revealed", "crag-lookout"),
                  turn("bea", "g6", "hidden", None,
                       'card = "hanging-garden"\nanswers = { aki = "yes", cid = "no", dai = "no" }', "declare"))
    err = user_error(suiri("check", write(text)))
    assert "holds the fake and may only answer no" in err.what and err.field == "turn[2].declare.answers"
    assert err.line in marked_lines(text)


def test_outcome_contradicting_the_answers(write, suiri) -> None:
    text = record("true", turn("aki", "b7", "hidden", "hanging-garden",
                                'card = "hanging-garden"\nanswers = { bea = "yes", cid = "yes", dai = "yes" }\n'
                                'outcome = "failure"'))
    err = user_error(suiri("check", write(text)))
    assert err.field == "turn[1].declare.outcome" and "succeeds" in err.what


def test_genuine_viewer_r4(write, suiri) -> None:
    text = record("true", turn("aki", "b7", "revealed", "crag-lookout",
                               'card = "crag-lookout"\nanswers = { bea = "no", cid = "no", dai = "no" }', "declare"))
    err = user_error(suiri("check", write(text)))
    assert "R4" in err.what


def test_fake_viewer_may_declare_anywhere_and_its_failure_is_known(write, suiri) -> None:
    # aki is the fake: declaring on a face-up card without its clue is legal (R4, R5) ...
    text = record("false", turn("aki", "b7", "revealed", "lava-rock-hill",
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
                  turn("bea", "g6", "hidden", None,
                       'card = "crater-cave"\nanswers = { aki = "no", cid = "yes", dai = "yes" }'))
    result = suiri("analyze", write(text), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"clues", "assignments", "goal", "fake"}
    assert abs(sum(data["fake"].values()) - 1) < 1e-9 and data["fake"]["aki"] == 0
