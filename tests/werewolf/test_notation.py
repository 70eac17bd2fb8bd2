"""The compact line notation of Werewolf Never Sleeps (``models/werewolf/notation.py``).

1. **Lossless.**  TOML → notation → TOML gives the same record (the typed records equal,
   and the canonical TOML texts equal) for every bundled record; the records of seeded
   games (3 and 4 players, every seat and the spectator, the standard deck and smaller
   ones, cut at random moments) are the conformance suite's
   (``tests/conformance/test_round_trip.py``, ``werewolf_hooks.py``).  The canonical notation is a fixed point, a
   turn in progress finished on the next line reads as the whole turn, and Japanese
   names, quoted English names and comments read as the ids.
2. **Errors point at the typed line**, the notation's own with its words in ``valid``,
   and the reader's and the rules' at the line of the field.
3. **Same answers**: a notation record analyzes as its TOML does.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import pytest

from suiri.models import example_records, open_session, read_record
from suiri.models.werewolf.cards import KINDS, STANDARD
from suiri.models.werewolf.game import GAME
from suiri.models.werewolf.notation import is_compact, parse, to_compact, turn_words
from suiri.models.werewolf.record import WerewolfRecord, from_document, load, loads, to_toml
from suiri.solver.errors import ErrorList, InconsistentRecordError, RecordSyntaxError, SuiriError

Sweep = Callable[[Iterable[int]], list[int]]
RECORDS = Path(__file__).resolve().parents[2] / "models" / "werewolf" / "records"
CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from corpus import CHUNKS  # noqa: E402
from werewolf_hooks import SMALL_CUT_RATE, features, moments, specs, split_draws  # noqa: E402


def bare(record: WerewolfRecord) -> WerewolfRecord:
    """The record without where it was read from (no rule reads the file or the lines)."""
    return replace(record, file="<record>", lines=None)


def compact_read(text: str, name: str = "game.txt") -> WerewolfRecord:
    assert is_compact(text)
    return from_document(parse(name, text))


def assert_round_trip(record: WerewolfRecord, where: object) -> str:
    """TOML → notation → TOML is the identity, and the notation is canonical."""
    text = to_compact(record)
    back = compact_read(text)
    assert bare(back) == bare(record), (where, text)
    assert to_toml(back) == to_toml(record), where
    assert to_compact(back) == text, where
    return text


# -- 1. lossless --------------------------------------------------------------------------------------
def bundled() -> list[Path]:
    return sorted(p for p in RECORDS.iterdir() if p.suffix == ".toml")


@pytest.mark.parametrize("path", bundled(), ids=lambda p: p.name)
def test_every_bundled_record_round_trips(path: Path) -> None:
    record = GAME.read(read_record(path))
    text = assert_round_trip(record, path.name)
    assert bare(compact_read(split_draws(text))) == bare(record)
    for cut in GAME.cuts(record):
        assert_round_trip(cut, (path.name, len(cut.turns), len(cut.searches)))


def test_rare_flips_round_trip() -> None:
    """A Medium's flip by card, by position, and by card and position, are rare: the
    conformance corpus (``werewolf_hooks``: its standard and small-deck games, in order)
    meets each, and their records round-trip like the rest."""
    wanted = {"flip card", "flip index", "flip card index"}
    seen: set[str] = set()
    for spec in (s for chunk in range(CHUNKS) for s in specs(chunk, CHUNKS) if s[0] != "chains"):
        _, players, seed, deck = spec
        for state in moments(players, seed, deck, SMALL_CUT_RATE, None):
            for seat in (*state.players, None):
                record = state.record_for(seat)
                text = to_compact(record)
                found = features(text) & wanted
                if found - seen:
                    assert_round_trip(record, (spec, seat))
                    seen |= found
        if seen == wanted:
            return
    pytest.fail(f"the corpus never flips by {wanted - seen}")


def test_every_kind_of_line_is_in_the_canonical_text() -> None:
    """One hand-written record with each rare shape: a villager without put, a flip by
    card and index, a sleep swap with card and index, revealed with nobody written out,
    a search with a raised list beside the searcher."""
    text = "\n".join([
        "werewolf aki ben cho", "viewer aki seer", "deck villager=1 lost-legacy=1 seer=1 vote=2 sleep=2",
        "aki drew vote villager - other", "ben medium flip cho seer 2", "cho sleep aki swap vote 2",
        "aki vote aki=ben ben=cho cho=ben shows", "search 4 aki ruins vote raised aki ben", "search 8"]) + "\n"
    record = compact_read(text)
    assert to_compact(record) == text
    t = record.turns
    assert (t[0].put, t[0].placed, t[1].flip[1:], t[2].swapped, t[2].index) == (None, "other", (KINDS[5], 2), True, 2)
    assert t[3].revealed == () and t[3].eliminated is None
    assert record.searches[0].raised == ("aki", "ben") and record.searches[1].raised == ()
    assert record.deck == (1, 0, 0, 0, 1, 1, 2, 2, 0, 0, 0)


def test_the_viewers_sleep_choice_is_written_as_its_own() -> None:
    """``cho sleep keep`` read as if cho kept something: the viewer's choice in another
    player's Sleep is written after the viewer's name (``cho sleep aki keep``).  The old
    form still reads (lenient import), the writer writes the new one (strict export),
    and both give the same record, for every Sleep of simulated Werewolf-viewer records."""
    checked = 0
    for seed in range(40):
        for state in moments(4, seed, STANDARD, SMALL_CUT_RATE, None):
            for seat in state.players:
                record = state.record_for(seat)
                text = to_compact(record)
                sleeps = [t for t in record.turns if t.swapped is not None]
                for t in sleeps:
                    choice = "swap" if t.swapped else "keep"
                    line = " ".join(turn_words(t, seat))
                    assert f" sleep {seat} {choice}" in f" {line}", line  # the viewer's name, then its choice
                    checked += 1
                old = "\n".join(re.sub(rf" {seat} (swap|keep)\b", r" \1", ln) if " sleep " in f" {ln} " else ln
                                for ln in text.splitlines()) + "\n"
                if sleeps:
                    assert old != text
                assert bare(compact_read(old)) == bare(record)
                assert to_compact(compact_read(old)) == text
    assert checked > 20


@pytest.mark.parametrize("typed", ["cho sleep ben keep", "cho sleep cho swap vote 1"])
def test_only_the_viewers_choice_follows_a_sleep(typed: str) -> None:
    text = "werewolf aki ben cho\nviewer aki lost-legacy\naki drew vote vote aki=ben ben=cho cho=ben out none\n" \
           "ben seer cho\n" + typed + "\n"
    with pytest.raises(RecordSyntaxError) as info:
        compact_read(text)
    said = info.value.render()
    assert "is not the viewer" in said and f"aki {typed.split()[3]}" in said


# -- names, comments, quoting ------------------------------------------------------------------------
def reference_text() -> str:
    return to_compact(load(RECORDS / "werewolf-4p.toml"))


def test_japanese_names_read_as_the_ids() -> None:
    text = reference_text()
    ja = " ".join(KINDS[k].ja if (k := next((i for i, c in enumerate(KINDS) if c.id == w), -1)) >= 0 else w
                  for w in text.replace("\n", " \n ").split(" "))
    assert "占い師" in ja and "人狼の襲撃①" in ja and "投票" in ja
    assert bare(compact_read(ja)) == bare(compact_read(text))
    wide = ja.replace(" ", "\u3000").replace("=", "＝").replace("4", "４")  # as a Japanese input method types
    assert "失われた遺産：人狼" not in wide and "discard:dan:3" in wide
    assert bare(compact_read("＃ 人狼は眠らない\n" + wide)) == bare(compact_read(text))
    ll = text.replace("aki drew sleep sleep", "aki drew 失われた遺産：人狼 sleep")  # the full-width colon of a name
    assert compact_read(ll).turns[-1].drew == compact_read(text.replace("drew sleep sleep", "drew lost-legacy sleep")
                                                           ).turns[-1].drew


def test_quoted_english_names_and_comments() -> None:
    text = reference_text()
    english = text.replace("attack-1", '"Werewolf Attack ①"').replace("sleep sleep", 'Sleep "sleep"')
    commented = "# aki's game, typed at the table\n\n" + english.replace("\n", "   # a comment\n", 3) + "# the end\n"
    assert bare(compact_read(commented)) == bare(compact_read(text))
    assert '"Werewolf Attack ①"' in commented


def test_a_byte_order_mark_is_ignored() -> None:
    text = reference_text()
    assert bare(compact_read("\ufeff" + text)) == bare(compact_read(text))


def test_toml_is_not_the_notation() -> None:
    assert not is_compact((RECORDS / "werewolf-4p.toml").read_text(encoding="utf-8"))
    assert not is_compact("canary aki bea cid\n")
    assert is_compact("# a comment\n\nwerewolf aki ben cho\n")


# -- 2. errors point at the typed line ---------------------------------------------------------------
HEAD = "werewolf aki ben cho dan\nviewer aki seer\n"


def errors(text: str, name: str = "game.txt") -> list[SuiriError]:
    with pytest.raises(SuiriError) as caught:
        GAME.open(compact_read(text, name)).check()
    exc = caught.value
    return list(exc.errors) if isinstance(exc, ErrorList) else [exc]


def only(text: str) -> SuiriError:
    found = errors(text)
    assert len(found) == 1, [str(e) for e in found]
    return found[0]


@pytest.mark.parametrize(("lines", "line", "field", "said", "valid"), [
    # the notation's own
    (["aki drew medium seer cho saw"], 3, "turn[1].saw", "saw needs a value", "seer TARGET [saw CARD]"),
    (["aki drew medium seer cho ben"], 3, "turn[1]", "unexpected 'ben' after seer", "seer TARGET [saw CARD]"),
    (["aki drew medium seer cho sav sleep"], 3, "turn[1]", "unexpected 'sav' after seer; did you mean 'saw'?",
     "seer TARGET [saw CARD]"),
    (["aki drew medium seer cho out ben"], 3, "turn[1].eliminated", "'out' does not go with a seer turn",
     "seer TARGET [saw CARD]"),
    (["aki drew medium medium peek cho"], 3, "turn[1].peek", "peek needs the card's position in cho's discard",
     "medium peek NAME INDEX"),
    (["aki drew medium medium peek cho 0"], 3, "turn[1].peek", "'0' is not a card position", "INDEX counts from 1"),
    (["aki drew vote vote aki=ben aki=cho"], 3, "turn[1].votes", "aki votes twice", "vote VOTER=TARGET ..."),
    (["aki drew vote vote aki=ben out none out ben"], 3, "turn[1].eliminated", "out is written twice",
     "vote VOTER=TARGET ..."),
    (["aki drew sleep sleep swap keep"], 3, "turn[1].swapped", "swap or keep is written twice", "sleep VIEWER swap|keep"),
    (["aki drew medium seer cho", "ben drew vote"], 4, "turn[2].drew",
     "a turn without play is the viewer's turn in progress", None),
    (["aki drew vote", "ben seer cho"], 3, "turn[1]", "missing the card played", "only the viewer's last turn may stop after drew"),
    (["aki drew"], 3, "turn[1].drew", "drew needs the card drawn", "PLAYER drew CARD [PLAY ...]"),
    (["aki"], 3, "turn[1]", "a turn needs the card played", "PLAYER [drew CARD] PLAY ..."),
    (["aki drew vote saw vote"], 3, "turn[1].play", "'saw' where the card played belongs", "PLAYER [drew CARD]"),
    (["viewer ben vote"], 3, "viewer", "a second 'viewer' line (the first is line 2)", "one 'viewer' line"),
    (["search 4 aki ruins"], 3, "search[1]", "cannot read 'aki ruins'", "search ORDER PLAYER PLACE CARD"),
    (["search"], 3, "search[1]", "search needs the order called", "search ORDER raised NAME ..."),
    (['aki drew "lost legacy seer cho'], 3, None, 'a " is not closed', '"Lost Legacy"'),
    (["search 8", "aki drew vote seer cho"], 4, "turn[1]", "a turn after a search line",
     "the turns first, then the search lines"),
    (["deck vote"], 3, "deck", "cannot read 'vote'", "deck CARD=N ..."),
    # the reader's, at the line typed
    (["aki drew medium seerr cho"], 3, "turn[1].play", "unknown card 'seerr'", "villager, medium"),
    (["aki drew medium seer eve"], 3, "turn[1].target", "unknown player 'eve'", "aki, ben, cho, dan"),
    (["aki drew medium seer cho", "ben villager cho", "cho sleep", "dan vote aki=ben ben=cho cho=ben dan=eve"],
     6, "turn[4].votes", "unknown player 'eve'", "aki, ben, cho, dan"),
    (["search 9 aki ruins vote"], 3, "search[1].order", "order must be a search order, not 9", "1 to 8"),
    (["search 4 aki ruin vote"], 3, "search[1].target", "'ruin' is not a place", "discard:NAME:INDEX"),
    # the rules', at the line typed
    (["aki drew medium seer cho", "cho sleep"], 4, "turn[2].player", "it is ben's turn, not cho's", "ben"),
    (["aki drew medium seer cho saw sleep", "ben seer aki saw vote"], 4, "turn[2].saw",
     "saw is written on ben's turn, but aki could not know it", None),
    (["aki drew medium seer aki"], 3, "turn[1].target", "aki cannot choose itself", None),
])
def test_errors_point_at_the_typed_line(lines: list[str], line: int, field: str | None, said: str,
                                        valid: str | None) -> None:
    e = only(HEAD + "\n".join(lines) + "\n")
    assert e.source is not None and e.source.file == "game.txt"
    assert (e.source.line, e.source.field) == (line, field), str(e)
    assert said in e.message, str(e)
    if valid is not None:
        assert e.valid is not None and valid in e.valid, str(e)


def test_a_turn_finished_on_the_next_line_keeps_each_field_at_its_line() -> None:
    e = only(HEAD + "aki drew medium\n\n# aki thinks\naki seer eve\n")
    assert e.source is not None and (e.source.line, e.source.field) == (6, "turn[1].target")
    e = only(HEAD + "aki drew medum\naki seer cho\n")
    assert e.source is not None and (e.source.line, e.source.field) == (3, "turn[1].drew")


def test_field_errors_are_reported_together_each_at_its_line() -> None:
    found = errors(HEAD + "aki drew medium seer eve\nben villagr cho\n")
    assert sorted((e.source.line, e.source.field) for e in found if e.source) == \
        [(3, "turn[1].target"), (4, "turn[2].play")]


def test_an_inconsistent_record_names_its_lines() -> None:
    """The tutorial's conflict (record-format.md): aki's Medium sees a Vote where cho's
    Sleep went face-down.  Both lines are named by their line in the notation."""
    turns = ["aki drew medium seer cho saw sleep", "ben villager cho unknown", "cho sleep",
             "dan vote aki=ben ben=cho cho=ben dan=ben out none", "aki drew knight medium peek cho 2 saw vote"]
    e = only(HEAD + "\n".join(turns) + "\n")
    assert isinstance(e, InconsistentRecordError)
    assert sorted(s.line for s in e.conflict) == [5, 7]


def test_player_names_that_are_words_of_the_notation_are_refused() -> None:
    with pytest.raises(RecordSyntaxError, match="'out' is a word of the compact notation"):
        parse("game.txt", "werewolf aki ben out\n")
    record = load(RECORDS / "werewolf-4p.toml")
    renamed = loads(to_toml(record).replace('"ben"', '"search"').replace("ben =", "search ="))
    with pytest.raises(SuiriError, match="'search' is a word of the compact notation"):
        to_compact(renamed)


def test_a_new_record_starts_from_the_setup_lines() -> None:
    lines = GAME.setup_lines(("aki", "ben", "cho"), "aki")
    assert lines == ["werewolf aki ben cho", "viewer aki CARD"]
    record = compact_read("\n".join(lines).replace("CARD", "占い師") + "\n")
    assert (record.players, record.viewer, record.hand, record.turns) == (("aki", "ben", "cho"), "aki", KINDS[5], [])
    assert GAME.setup_lines(("aki", "ben", "cho"), None) == ["werewolf aki ben cho"]
    words = GAME.vocabulary(record)
    assert {"aki", "seer", "占い師", "peek", "shows", "unknown", "none", "ruins", "hand:cho", "discard:ben:"} <= set(words)


def test_write_offers_both_notations() -> None:
    record = load(RECORDS / "werewolf-4p.toml")
    assert GAME.write(record) == to_toml(record)
    assert GAME.write(record, "compact") == to_compact(record)
    with pytest.raises(SuiriError, match="toml, compact"):
        GAME.write(record, "yaml")


# -- 3. same answers -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(k for k in example_records() if k.startswith("werewolf")))
def test_a_notation_record_analyzes_as_its_toml(name: str, tmp_path: Path) -> None:
    toml_path = Path(str(example_records()[name]))
    typed = tmp_path / f"{name}.txt"
    typed.write_text(to_compact(load(toml_path)), encoding="utf-8")
    for path in (toml_path, typed):
        game, session = open_session(path)
        assert game is GAME
    answers = [GAME.analyze(open_session(p)[1]).to_json() for p in (toml_path, typed)]
    assert answers[0] == answers[1]
    advice = [GAME.advise(open_session(p)[1]) for p in (toml_path, typed)]
    assert advice[0].to_json(open_session(toml_path)[1]) == advice[1].to_json(open_session(typed)[1])


def test_mistyped_lines_are_errors_never_crashes(sweep: Sweep) -> None:
    """Words dropped, doubled, swapped or replaced (by words of the notation, names,
    numbers, places) in the reference record: each text reads and checks, or is refused
    with a ``SuiriError`` at a line of the text — never another exception."""
    lines = reference_text().splitlines()
    words = sorted({*GAME.vocabulary(load(RECORDS / "werewolf-4p.toml")), "0", "2", "9", "=", "aki=", "x=y", '"'})
    refused = 0
    for seed in sweep(range(3000)):
        rng = random.Random(seed)
        typed = list(lines)
        for _ in range(rng.randint(1, 3)):
            n = rng.randrange(1, len(typed))  # the first line says which game: a mistyped one is no Werewolf record
            line = typed[n].split() or ["aki"]
            at = rng.randrange(len(line))
            edit = rng.choice(("drop", "double", "swap", "replace", "add"))
            if edit == "drop":
                del line[at]
            elif edit == "double":
                line.insert(at, line[at])
            elif edit == "swap" and at + 1 < len(line):
                line[at], line[at + 1] = line[at + 1], line[at]
            elif edit == "add":
                line.insert(at, rng.choice(words))
            else:
                line[at] = rng.choice(words)
            typed[n] = " ".join(line)
        try:
            GAME.open(compact_read("\n".join(typed) + "\n")).check()
        except SuiriError as exc:
            errors = list(exc.errors) if isinstance(exc, ErrorList) else [exc]
            assert all(e.source is None or e.source.line is None or 1 <= e.source.line <= len(typed)
                       for e in errors), [str(e) for e in errors]
            refused += 1
    assert refused > 0
