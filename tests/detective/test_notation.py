"""Memory Detective's compact line notation reads into the same records as TOML: the
round trip TOML → compact → TOML is lossless, errors point at the typed line (the
reader's and the rules' messages, and the notation's own with its own words), and a
record typed in the notation analyzes the same as its TOML.  The round trip of
simulated records (every seat, cut, decorated with the fields simulated games never
write) is the conformance suite's (``tests/conformance/test_round_trip.py``)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from suiri.models import open_session, read_record
from suiri.models.detective.analysis import analyze
from suiri.models.detective.cards import FAKE_CARD
from suiri.models.detective.game import GAME
from suiri.models.detective.notation import is_compact, parse, to_compact
from suiri.models.detective.record import DetectiveRecord, from_document, load, loads, to_toml
from suiri.models.detective.rules import Deduce, Reveal, replay, variant_for
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.simulator import simulate
from suiri.solver.errors import (
    ErrorList,
    IllegalMoveError,
    InconsistentRecordError,
    RecordSyntaxError,
    SuiriError,
)

RECORDS = Path(__file__).resolve().parents[2] / "models" / "detective" / "records"
BUNDLED = sorted(RECORDS.glob("*.toml"))
REFERENCE = RECORDS / "detective-3p.toml"
VARIANTS = ("base", "fake", "clue", "clue-fake")


def content(r: DetectiveRecord) -> tuple[Any, ...]:
    """Everything a record says (not where it was read from)."""
    return (r.variant, r.players, r.viewer, r.hand, r.public, r.events)


def compact_record(text: str, name: str = "typed.txt") -> DetectiveRecord:
    return from_document(parse(name, text))


def assert_round_trip(record: DetectiveRecord) -> str:
    """TOML → compact → TOML gives the same record and the same canonical TOML; the
    compact text is canonical too (written again, it does not change)."""
    toml = to_toml(record)
    from_toml = loads(toml)
    assert content(from_toml) == content(record)
    text = to_compact(from_toml)
    again = compact_record(text)
    assert content(again) == content(record)
    assert to_toml(again) == toml
    assert to_compact(again) == text
    return text


def write(tmp_path: Path, text: str, name: str = "typed.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- round trips ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_records_round_trip(path: Path) -> None:
    assert_round_trip(load(path))


def test_the_reference_record_in_compact_form() -> None:
    assert to_compact(load(REFERENCE)) == (
        "detective aki bea cid\n"
        "viewer aki w1 r3 w9 r2 s4 s8\n"
        "public w2 w3 w6 r9 w5 s9\n"
        "peek bea s5\n"
        "deduce cid s3 w7 r1 bea\n"
        "deduce aki s1 w8 r3 cid=w8\n"
        "deduce cid s7 w8 r3 aki bea\n"
        "reveal aki s8\n"
        "deduce aki s3 w7 r7 bea=r7 cid=s3\n")


def test_every_line_of_a_legal_record_can_be_added_alone(sweep: Callable[[list[int]], list[int]]) -> None:
    """``suiri live`` adds one line at a time and checks the whole text: every prefix of
    a legal record's lines replays, the bluffer's own record included (a bluff and the
    reveal of the fake are one line, D7)."""
    joined = 0
    for seed in sweep(list(range(60))):
        variant = VARIANTS[seed % 4]
        game = simulate(variant_for(3 + seed % 3, variant), seed, max_events=30)
        for viewer in (*game.players, None):
            lines = to_compact(game.record(viewer)).splitlines()
            header = next(i for i, line in enumerate(lines) if line.split()[0] in
                          ("deduce", "suggest", "accuse", "reveal", "peek", "show")) if len(lines) > 3 else len(lines)
            for n in range(header, len(lines) + 1):
                replay(compact_record("\n".join(lines[:n]) + "\n"))
            joined += sum(" ; " in line for line in lines)
    assert joined


def test_a_bluff_typed_as_two_lines_is_refused_for_the_bluffer() -> None:
    """Why a bluff is one line: the bluffer's raise alone is illegal in its own record."""
    for seed in range(200):
        game = simulate(variant_for(3, "fake"), seed, max_events=30)
        bluffs = [(k, e) for k, e in enumerate(game.state.events) if isinstance(e, Deduce) and FAKE_CARD in e.shown.values()]
        if not bluffs:
            continue
        k, bluff = bluffs[0]
        bluffer = next(p for p, c in bluff.shown.items() if c == FAKE_CARD)
        record = game.record(bluffer, k + 2)
        lines = to_compact(record).splitlines()
        assert lines[-1].endswith(f" ; reveal {bluffer} fake")
        replay(compact_record("\n".join(lines) + "\n"))
        cut = [*lines[:-1], lines[-1].split(" ; ")[0]]
        with pytest.raises(IllegalMoveError, match="bluff with the fake"):
            replay(compact_record("\n".join(cut) + "\n"))
        return
    pytest.fail("no bluff in 200 games")


# -- reading what people type --------------------------------------------------------------------
TYPED = """# aki's notes, game of Tuesday
detective aki bea cid
viewer aki 凶器1 現場3 w9 r2 s4 s8   # Japanese names as in TOML
public w2 w3 w6 r9 w5 s9

peek bea 容疑者５          # full-width digit, as an IME types it
deduce cid s3 w7 r1 bea
deduce aki s1 w8 r3 cid＝凶器8
Deduce cid s7 w8 r3 aki=y bea
reveal aki s8
deduce aki s3 w7 r7 bea=r7 cid=s3   # the end
"""


def test_japanese_names_comments_and_ime_forms_read_as_the_reference(tmp_path: Path) -> None:
    assert content(open_session(write(tmp_path, TYPED))[1].record) == content(load(REFERENCE))


def test_a_record_typed_in_the_notation_analyzes_the_same_as_its_toml(tmp_path: Path) -> None:
    paths = [(write(tmp_path, TYPED), REFERENCE)]
    for k, variant in enumerate(VARIANTS):
        game = simulate(variant_for(3 + k % 2, variant), 40 + k, max_events=14)
        record = game.record(game.players[0])
        paths.append((write(tmp_path, to_compact(record), f"{variant}.txt"),
                      write(tmp_path, to_toml(record), f"{variant}.toml")))
    for typed, toml in paths:
        a, b = (analyze(open_session(p)[1]) for p in (typed, toml))  # type: ignore[arg-type]
        assert a.counts.total == b.counts.total and a.owners == b.owners and a.truth == b.truth
        assert a.triples == b.triples and a.certain == b.certain


def test_explanations_cite_the_typed_lines(tmp_path: Path) -> None:
    """A proof names the line the event was typed on (TYPED: event 4 is line 9)."""
    session = open_session(write(tmp_path, TYPED))[1]
    assert isinstance(session, DetectiveSession)
    assert {o.source.line for o in session.observations if o.event == 4} == {9}
    assert session.observation("hand").source.line == 3


def test_the_registry_reads_compact_files() -> None:
    text = to_compact(load(REFERENCE))
    assert is_compact(text) and is_compact("\ufeff# notes\n\n" + text) and GAME.is_compact(text)
    assert not is_compact(REFERENCE.read_text(encoding="utf-8"))
    assert not is_compact('detective = "aki"\n') and not is_compact('detective="aki"\n')
    assert is_compact("detective aki bea  # game = detective, players = aki, bea\n")
    assert GAME.write(load(REFERENCE), "compact") == text
    assert content(GAME.read(GAME.parse_compact("x.txt", text))) == content(load(REFERENCE))
    with pytest.raises(SuiriError, match="valid: toml, compact"):
        GAME.write(load(REFERENCE), "yaml")


def test_read_record_dispatches_on_the_first_word(tmp_path: Path) -> None:
    doc = read_record(write(tmp_path, to_compact(load(REFERENCE)), "notes"))
    assert doc.data["game"] == "detective" and doc.lines.keys[(("event", 4), "card")] == 8


CLUE = """detective aki bea cid
variant clue
viewer aki scarlet mustard knife candlestick kitchen ballroom
public -
suspects scarlet mustard white green peacock plum
weapons candlestick knife lead-pipe revolver rope wrench
scenes kitchen ballroom conservatory dining-room billiard-room library lounge hall study
suggest aki plum rope library bea=n cid=rope
suggest bea scarlet knife library cid=n aki
deduce cid plum wrench hall aki=n bea
accuse bea plum lead-pipe library wrong
"""

CLUE_TOML = """game = "detective"
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
kind = "suggest"
by = "bea"
named = ["scarlet", "knife", "library"]
passed = ["cid"]
refuted_by = "aki"

[[event]]
kind = "deduce"
by = "cid"
named = ["plum", "wrench", "hall"]
passed = ["aki"]
refuted_by = "bea"

[[event]]
kind = "accuse"
by = "bea"
named = ["plum", "lead-pipe", "library"]
correct = false
"""


def test_clue_suggestions_and_accusations(tmp_path: Path) -> None:
    """The tutorial's Clue game, typed: passes, the refuter, the accusation."""
    typed = open_session(write(tmp_path, CLUE))[1].record
    assert content(typed) == content(loads(CLUE_TOML))
    assert to_compact(typed).splitlines()[-4:] == [
        "suggest aki plum rope library bea=n cid=rope", "suggest bea scarlet knife library cid=n aki",
        "suggest cid plum wrench hall aki=n bea", "accuse bea plum lead-pipe library wrong"]


def test_nobody_raised_and_outcomes() -> None:
    base = "detective aki bea cid\nviewer aki s1 s2 w1 w2 r1 r2\npublic s3 w3 r3 s4 w4 r4\n"
    record = compact_record(base + "deduce cid s6 w5 r7 - wrong\ndeduce bea s6 w5 r8 aki=n cid=n\n")
    assert [(e.raised, e.outcome) for e in record.events] == [((), "wrong"), ((), None)]  # type: ignore[union-attr]
    assert to_compact(record).endswith("deduce cid s6 w5 r7 - wrong\ndeduce bea s6 w5 r8 -\n")


def test_extensions_and_the_advanced_rule() -> None:
    text = ("detective aki bea cid\nviewer aki r4 r6 s2 w2 s5 w8 w1\npublic r9 w7 s4 w5 r8 r2\nfake\n"
            "sizes aki=7 bea=6 cid=6\n"
            "deduce cid s8 w2 r6 aki bea ; reveal bea fake\n"
            "reveal bea 偽の証拠 bluff=n\nshow cid bea s1 s3\nshow bea cid\n")
    record = compact_record(text)
    assert record.variant.fake and record.variant.hand_sizes == (7, 6, 6)
    assert [type(e).__name__ for e in record.events] == ["Deduce", "Reveal", "Reveal", "Show", "Show"]
    assert record.events[2] == Reveal(FAKE_CARD, "bea", False)
    assert record.events[3].among is not None and record.events[4].among is None  # type: ignore[union-attr]
    assert to_compact(record) == text.replace("偽の証拠", "fake")


# -- errors ----------------------------------------------------------------------------------------
def typed_error(tmp_path: Path, text: str, kind: type[SuiriError] = RecordSyntaxError) -> str:
    path = write(tmp_path, text)
    with pytest.raises(kind) as info:
        open_session(path)
    return info.value.render().replace(str(path), "typed.txt")


def test_the_rules_errors_point_at_the_typed_line(tmp_path: Path) -> None:
    text = TYPED.replace("Deduce cid s7 w8 r3 aki=y bea", "deduce cid s7 w8 r3 bea")
    assert typed_error(tmp_path, text, IllegalMoveError) == (
        "typed.txt:9: answers: aki holds r3 and must raise (valid: include aki)")


def test_the_readers_errors_point_at_the_typed_line(tmp_path: Path) -> None:
    text = TYPED.replace("peek bea 容疑者５", "peek bea s55").replace("deduce cid s3 w7 r1 bea", "deduce dai s3 w7 r1 bea")
    first, second = typed_error(tmp_path, text, ErrorList).splitlines()
    assert first.startswith("typed.txt:6: card: unknown card 's55'") and "s1…s9" in first
    assert second.startswith("typed.txt:7: who: unknown player 'dai'") and "aki, bea, cid" in second


def test_an_inconsistent_record_lists_the_typed_lines(tmp_path: Path) -> None:
    path = write(tmp_path, TYPED.replace("容疑者５", "s3"))
    with pytest.raises(InconsistentRecordError) as info:
        open_session(path)[1].check()
    assert [(s.line, s.field) for s in info.value.conflict] == [(6, "event[1].card"), (11, "event[6].shown")]


SYNTAX = [  # (a line of TYPED replaced, or text added, the error's start, a word its `valid:` must hold)
    ("deduce cid s3 w7 r1 bea", "deduse cid s3 w7 r1 bea",
     "typed.txt:7: unknown word 'deduse'; did you mean 'deduce'?", "deduce, suggest, accuse"),
    ("deduce cid s3 w7 r1 bea", "cid s3 w7 r1 bea",
     "typed.txt:7: a line starts with what happened, not with a player: 'deduce cid s3 w7 r1 bea'?",
     "deduce, suggest"),
    ("peek bea 容疑者５", "peek bea 容疑者５\nvariant clu",
     "typed.txt:7: variant: the 'variant' line comes after the events", "line 6"),
    ("deduce cid s3 w7 r1 bea", "deduce cid s3 w7 r1",
     "typed.txt:7: answers: who raised? the answers are missing", "- (nobody)"),
    ("deduce cid s3 w7 r1 bea", "deduce cid s3 w7",
     "typed.txt:7: a deduction needs who deduced and three cards", "deduce NAME SUSPECT WEAPON SCENE"),
    ("deduce cid s3 w7 r1 bea", "deduce cid s3 w7 r1 bea bea=w7",
     "typed.txt:7: answers: bea answers twice", "one answer per player"),
    ("reveal aki s8", "reveal aki s8 bluff",
     "typed.txt:10: bluff: cannot read 'bluff'", "bluff=y"),
    ("reveal aki s8", "reveal aki",
     "typed.txt:10: reveal needs 2 words after it, got 1", "reveal NAME CARD"),
    ("peek bea 容疑者５", "peek bea s5 s6",
     "typed.txt:6: unexpected 's6'", "peek NAME CARD"),
    ("reveal aki s8", "reveal aki s8\nfake",
     "typed.txt:11: fake: the 'fake' line comes after the events", "before the first event (line 6)"),
    ("public w2 w3 w6 r9 w5 s9", "",
     "typed.txt:2: public: no public line: the public evidence laid out at setup", "public - for none"),
    ("public w2 w3 w6 r9 w5 s9", "public w2 w3 w6 r9 w5 s9\npublic -",
     "typed.txt:5: public: a second 'public' line (the first is line 4)", "one 'public' line"),
    ("viewer aki 凶器1 現場3 w9 r2 s4 s8   # Japanese names as in TOML", "viewer aki",
     "typed.txt:3: viewer: viewer aki needs its hand as dealt", "viewer NAME - for none"),
    ("detective aki bea cid", "detective aki wrong cid",
     "typed.txt:2: players: player name 'wrong' is a word of the compact notation", "write the record in TOML"),
    ("detective aki bea cid", "detective aki bea cid\nsizes aki=7 aki=6",
     "typed.txt:3: sizes aki: aki's hand size is given twice", "one size per player"),
]


@pytest.mark.parametrize(("old", "new", "start", "valid"), SYNTAX, ids=[s[2].split(": ", 2)[-1] for s in SYNTAX])
def test_syntax_errors_use_the_notations_words(tmp_path: Path, old: str, new: str, start: str, valid: str) -> None:
    assert old in TYPED
    rendered = typed_error(tmp_path, TYPED.replace(old, new))
    assert rendered.startswith(start + " (valid: ") and valid in rendered.split("(valid: ", 1)[1]


def test_clue_syntax_errors(tmp_path: Path) -> None:
    rendered = typed_error(tmp_path, CLUE.replace("bea=n cid=rope", "bea cid=rope"))
    assert rendered.startswith("typed.txt:8: answers: 2 refuters (bea, cid): the first refuter ends")
    assert "NAME=n for each player who passed" in rendered
    rendered = typed_error(tmp_path, CLUE.replace(" bea=n cid=rope", ""))
    assert rendered.startswith("typed.txt:8: answers: who refuted? the answers are missing (valid: NAME=n")
    rendered = typed_error(tmp_path, CLUE.replace("library wrong", "library"))
    assert rendered.startswith("typed.txt:11: accuse needs 5 words after it, got 4")
    rendered = typed_error(tmp_path, CLUE.replace("library wrong", "library maybe"))
    assert rendered == "typed.txt:11: correct: cannot read 'maybe' (valid: correct (the envelope held it) or wrong)"
    rendered = typed_error(tmp_path, CLUE.replace("bea=n cid=rope", "cid=rope"), IllegalMoveError)
    assert rendered == 'typed.txt:8: answers: the answers NAME=n must list the players asked before cid, ' \
                       'clockwise from aki (valid: bea=n)'
    rendered = typed_error(tmp_path, CLUE.replace("suspects scarlet", "suspects n scarlet"))
    assert rendered.startswith("typed.txt:5: suspects: card id 'n' is a word of the compact notation")


def test_a_file_that_does_not_start_with_the_game() -> None:
    with pytest.raises(RecordSyntaxError) as info:
        parse("typed.txt", "viewer aki s1\ndetective aki bea\n")
    assert info.value.render().startswith("typed.txt:1: game: a compact record starts with the word 'detective'")
    with pytest.raises(RecordSyntaxError, match="typed.txt:1: game: the record is empty"):
        parse("typed.txt", "# nothing yet\n")


def test_records_the_notation_cannot_hold_are_refused_not_mangled() -> None:
    record = load(REFERENCE)
    third = record.events[2]
    assert isinstance(third, Deduce)
    shown_by_silent = replace(third, shown={"bea": third.named[0]})
    for bad, what in ((replace(record, events=[shown_by_silent]), "shown card of a player that did not raise"),
                      (replace(record, players=("aki", "bea", "-")), "player name '-'")):
        with pytest.raises(SuiriError, match=what):
            to_compact(bad)


def test_live_setup_lines_and_vocabulary() -> None:
    """``suiri live`` fills in the setup lines' ``CARD`` words; the vocabulary completes
    names (Japanese ones too) and the notation's words."""
    reference = load(REFERENCE)
    lines = GAME.setup_lines(reference.players, "aki")
    assert lines == ["detective aki bea cid", "viewer aki " + " ".join(["CARD"] * 6), "public " + " ".join(["CARD"] * 6)]
    filled = [lines[0], "viewer aki " + " ".join(c.id for c in reference.hand),
              "public " + " ".join(c.id for c in reference.public)]
    assert to_compact(reference).startswith("\n".join(filled) + "\n")
    spectator = GAME.setup_lines(("aki", "bea", "cid", "dai", "eri", "fumi"), None)
    assert spectator == ["detective aki bea cid dai eri fumi", "public -"]
    assert compact_record("\n".join(spectator) + "\n").viewer is None
    words = GAME.vocabulary(reference)
    assert {"aki", "s1", "容疑者1", "deduce", "reveal", "wrong", "-"} <= set(words) and "fake" not in words


def test_the_documented_examples_check(tmp_path: Path) -> None:
    """docs/record-format.md: the reference, the Clue game and the bluff, as documented."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "record-format.md").read_text(encoding="utf-8")
    section = doc[doc.index("whose first word is `detective`"):doc.index("## Werewolf Never Sleeps")]
    blocks = re.findall(r"```\n(.*?)```", section, re.S)[:3]
    assert content(compact_record(blocks[0])) == content(load(REFERENCE))
    for n, block in enumerate(blocks):
        open_session(write(tmp_path, block, f"doc{n}.txt"))[1].check()
    assert "variant clue" in blocks[1] and " ; reveal bea fake" in blocks[2]


ODD_WORDS = ["=", "-", "x=", "=y", ";", "#", "容疑者1", "偽の証拠", "bluff=", "bluff=y", "fake", "wrong", "solved",
             "aki=", "aki=n", "bea=w1", "deduce", "public", "viewer", "sizes", "aki=x", "9", ""]


def mutated(text: str, rng: random.Random) -> str:
    """A typed text with one slip: a word dropped, doubled or replaced, a line dropped,
    doubled or swapped with another."""
    lines = text.splitlines()
    n = rng.randrange(len(lines))
    words = lines[n].split()
    slip = rng.randrange(6)
    if slip == 0 and len(words) > 1:
        del words[rng.randrange(len(words))]
    elif slip == 1:
        i = rng.randrange(len(words))
        words.insert(i, words[i])
    elif slip == 2:
        words[rng.randrange(len(words))] = rng.choice(ODD_WORDS)
    elif slip == 3:
        del lines[n]
        return "\n".join(lines) + "\n"
    elif slip == 4:
        lines.insert(n, lines[n])
        return "\n".join(lines) + "\n"
    else:
        m = rng.randrange(len(lines))
        lines[n], lines[m] = lines[m], lines[n]
        return "\n".join(lines) + "\n"
    lines[n] = " ".join(words)
    return "\n".join(lines) + "\n"


def test_a_slip_of_the_keyboard_never_crashes(tmp_path: Path, sweep: Callable[[list[int]], list[int]]) -> None:
    """Whatever is typed reads into a record that checks, or into a ``SuiriError`` that
    names the file: never another exception."""
    texts = [to_compact(load(REFERENCE)), CLUE]
    for k, variant in enumerate(VARIANTS):
        game = simulate(variant_for(3 + k, variant), k, max_events=12)
        texts += [to_compact(game.record(game.players[0])), to_compact(game.record(None))]
    outcomes = {"read": 0, "refused": 0}
    for seed in sweep(list(range(600))):
        rng = random.Random(seed)
        path = write(tmp_path, mutated(texts[seed % len(texts)], rng))
        try:
            open_session(path)[1].check()
            outcomes["read"] += 1
        except SuiriError as exc:
            assert str(path) in exc.render()
            outcomes["refused"] += 1
    assert all(outcomes.values()), outcomes
