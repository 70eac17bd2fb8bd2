"""The compact line notation reads into the same records as TOML, errors included.  The
round trip of simulated records (every table ruling, cut, faces forgotten) is the
conformance suite's (``tests/conformance/test_round_trip.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from suiri.models import open_session
from suiri.models.canary.notation import to_compact
from suiri.models.canary.record import load
from suiri.models.canary.rules import Variant
from suiri.models.canary.simulator import simulate
from suiri.solver.errors import IllegalMoveError, RecordSyntaxError

REFERENCE = Path(__file__).resolve().parents[2] / "models" / "canary" / "records" / "canary-3p.toml"


def test_reference_record_in_compact_form_analyzes_the_same(tmp_path: Path) -> None:
    from suiri.models.canary.analysis import analyze

    path = tmp_path / "ref.txt"
    path.write_text(to_compact(load(REFERENCE)), encoding="utf-8")
    a, b = analyze(open_session(path)[1]), analyze(open_session(REFERENCE)[1])
    assert a.counts.weights == b.counts.weights and a.goal == b.goal


def test_errors_point_at_the_typed_line(tmp_path: Path) -> None:
    text = to_compact(load(REFERENCE)).replace("bea f6 r nothing-here", "bea e5 r nothing-here")
    path = tmp_path / "bad.txt"
    path.write_text("# typed at the table\n" + text, encoding="utf-8")
    with pytest.raises(IllegalMoveError) as info:
        open_session(path)
    line = text.splitlines().index("bea e5 r nothing-here") + 2
    assert info.value.render().startswith(f"{path}:{line}: square: bea cannot move from f7 to e5")
    path.write_text("canary aki bea\nstart a1\n", encoding="utf-8")
    with pytest.raises(RecordSyntaxError) as syntax:
        open_session(path)
    assert f"{path}:2: start" in syntax.value.render()


def test_a_declaring_turn_has_no_check_letter(tmp_path: Path) -> None:
    """R8: ``cid a4 ! lava-rock-hill aki=n bea=y`` is the reference's turn 9; the check
    letter (or a card before ``!``) typed out of habit is refused at its line, naming R8."""
    text = to_compact(load(REFERENCE))
    assert "\ncid a4 ! lava-rock-hill aki=n bea=y\n" in text
    for typed, field in (("cid a4 h ! lava-rock-hill aki=n bea=y", "check"),
                         ("cid a4 - lava-rock-hill ! lava-rock-hill aki=n bea=y", "check"),
                         ("cid a4 lava-rock-hill ! lava-rock-hill aki=n bea=y", "card"),
                         ("cid a4 ! lava-rock-hill aki=n bea=y", None)):
        path = tmp_path / "typed.txt"
        path.write_text(text.replace("cid a4 ! lava-rock-hill aki=n bea=y", typed), encoding="utf-8")
        if field is None:
            assert open_session(path)[1].record.turns[8].check is None
            continue
        with pytest.raises(IllegalMoveError) as info:
            open_session(path)
        line = text.splitlines().index("cid a4 ! lava-rock-hill aki=n bea=y") + 1
        assert info.value.render().startswith(f"{path}:{line}: {field}: ") and "R8" in info.value.render()


def test_simulated_round_trips_hold_declarations() -> None:
    """The round trips above do meet declaring turns (no check, R8)."""
    declaring = [t for players in (2, 3, 4) for seed in range(20)
                 for t in simulate(Variant.for_players(players), seed, max_turns=40).state.turns if t.declare is not None]
    assert declaring and all(t.check is None and t.card is None for t in declaring)


# -- issue 11: names with spaces, and the notation's own words in its errors ------------------
def typed(tmp_path: Path, old: str, new: str) -> Path:
    """The reference record in compact form with the line ``old`` typed as ``new``."""
    text = to_compact(load(REFERENCE))
    assert f"\n{old}\n" in text, f"test bug: {old!r} not in the record"
    path = tmp_path / "typed.txt"
    path.write_text(text.replace(f"\n{old}\n", f"\n{new}\n", 1), encoding="utf-8")
    return path


def line_of(path: Path, typed_line: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(typed_line) + 1


@pytest.mark.parametrize("new", ['aki b7 h "Giant Stone Bridge"', "aki b7 h 'giant stone bridge'",
                                 'aki b7 h "Giant Stone Bridge"  # quoted: a name with spaces'])
def test_english_names_with_spaces_in_quotes(tmp_path: Path, new: str) -> None:
    path = typed(tmp_path, "aki b7 h giant-stone-bridge", new)
    assert open_session(path)[1].record.turns == load(REFERENCE).turns


def test_a_quoted_name_with_an_apostrophe_and_a_declaration(tmp_path: Path) -> None:
    path = typed(tmp_path, "cid a4 ! lava-rock-hill aki=n bea=y", 'cid a4 ! "Lava-Rock Hill" aki=n bea=y')
    assert open_session(path)[1].record.turns == load(REFERENCE).turns
    from suiri.models.canary.notation import split_words
    from suiri.solver.errors import Source

    assert split_words("""aki b7 h "Beast's Den" # a comment""", Source("x")) == ["aki", "b7", "h", "Beast's Den"]


def test_an_unclosed_quote_is_an_error_at_its_line(tmp_path: Path) -> None:
    unclosed = 'aki b7 h "Giant Stone Bridge'
    path = typed(tmp_path, "aki b7 h giant-stone-bridge", unclosed)
    with pytest.raises(RecordSyntaxError) as info:
        open_session(path)
    where = f"{path}:{line_of(path, unclosed)}: "
    assert info.value.render().startswith(where + "cannot split the line into words: no closing quotation")
    assert '"Giant Stone Bridge"' in (info.value.valid or "")


@pytest.mark.parametrize("new", ["aki b7 x giant-stone-bridge", "aki b7 hidden-ish giant-stone-bridge",
                                 "aki b7 giant-stone-bridge"])
def test_a_wrong_check_letter_is_told_in_the_notations_words(tmp_path: Path, new: str) -> None:
    """Was: ``check is 'x' (valid: "hidden", "revealed" or "none" ...)``, the TOML's words."""
    path = typed(tmp_path, "aki b7 h giant-stone-bridge", new)
    with pytest.raises(RecordSyntaxError) as info:
        open_session(path)
    message = info.value.render()
    assert message.startswith(f"{path}:{line_of(path, new)}: check: {new.split()[2]!r} is not a check letter")
    assert info.value.valid is not None and info.value.valid.startswith("h, r, - ")
    assert '"hidden"' not in message


@pytest.mark.parametrize("answer", ["maybe", "yes!", ""])
def test_a_wrong_answer_is_told_in_the_notations_words(tmp_path: Path, answer: str) -> None:
    """Was: ``answer 'maybe' from bea (valid: "yes" (ここだ) or "no" (ちがう))``."""
    new = f"cid a4 ! lava-rock-hill aki=n bea={answer}"
    path = typed(tmp_path, "cid a4 ! lava-rock-hill aki=n bea=y", new)
    with pytest.raises(RecordSyntaxError) as info:
        open_session(path)
    assert info.value.render().startswith(f"{path}:{line_of(path, new)}: answers: "
                                          f"answer {answer!r} from bea (valid: NAME=y or NAME=n")
    assert '"yes"' not in info.value.render()


def test_a_byte_order_mark_before_the_first_word(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + to_compact(load(REFERENCE)).encode())
    assert open_session(path)[1].record.turns == load(REFERENCE).turns
