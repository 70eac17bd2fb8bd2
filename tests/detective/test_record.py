"""Memory Detective records: the reader, the writer, and the rule checks of ``replay``.

Every bad record is checked for the exact field and line its error names."""

from __future__ import annotations

from pathlib import Path

import pytest

from suiri.models.detective.cards import FAKE, Deck
from suiri.models.detective.record import DetectiveRecord, load, loads, to_toml
from suiri.models.detective.rules import (
    ACCUSATION,
    BLUFF,
    CLUE_ORDER,
    PUBLIC_EVIDENCE,
    Accuse,
    CaseIs,
    CaseIsNot,
    Deduce,
    HoldsNone,
    HoldsOneOf,
    Peek,
    Reveal,
    Show,
    replay,
)
from suiri.solver.errors import ErrorList, IllegalMoveError, RecordSyntaxError

REFERENCE = Path(__file__).resolve().parents[2] / "models" / "detective" / "records" / "detective-3p.toml"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "records" / "detective-3p.toml"

# Lines 1-5; events start on line 7 (one blank line before each [[event]]).
SETUP = """game = "detective"
players = ["aki", "bea", "cid"]
viewer = "aki"
hand = ["w1", "r3", "w9", "r2", "s4", "s8"]
public = ["w2", "w3", "w6", "r9", "w5", "s9"]
"""

CLUE_SETUP = """game = "detective"
players = ["aki", "bea", "cid", "dan"]
viewer = "bea"
variant = "clue"
hand_sizes = { aki = 5, bea = 5, cid = 4, dan = 4 }
hand = ["scarlet", "dagger", "kitchen", "ballroom", "hall"]
public = []

[cards]
suspects = ["scarlet", "mustard", "white", "green", "peacock", "plum"]
weapons = ["candlestick", "dagger", "lead-pipe", "revolver", "rope", "wrench"]
scenes = ["kitchen", "ballroom", "conservatory", "dining", "billiard", "library", "lounge", "hall", "study"]
"""

FAKE_SETUP = """game = "detective"
players = ["aki", "bea", "cid"]
viewer = "aki"
fake = true
hand_sizes = { aki = 6, bea = 7, cid = 6 }
hand = ["w1", "r3", "w9", "r2", "s4", "s8"]
public = ["w2", "w3", "w6", "r9", "w5", "s9"]
"""


def event(**fields: object) -> str:
    """One ``[[event]]`` table (values written as TOML by hand where they are tables)."""
    lines = ["", "[[event]]"]
    for key, value in fields.items():
        if isinstance(value, str) and not value.startswith("{"):
            lines.append(f'{key} = "{value}"')
        elif isinstance(value, list):
            lines.append(f"{key} = [" + ", ".join(f'"{v}"' for v in value) + "]")
        else:
            lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def same(a: DetectiveRecord, b: DetectiveRecord) -> bool:
    return (a.variant, a.players, a.viewer, a.hand, a.public, a.events) == (
        b.variant, b.players, b.viewer, b.hand, b.public, b.events)


def round_trips(record: DetectiveRecord) -> None:
    text = to_toml(record)
    again = loads(text, "again.toml")
    assert same(again, record)
    assert to_toml(again) == text


def syntax_error(text: str) -> tuple[int | None, str | None, str]:
    """The single reader error of ``text``: its line, field and full text."""
    with pytest.raises(RecordSyntaxError) as info:
        loads(text, "bad.toml")
    err = info.value
    assert err.source is not None and err.source.file == "bad.toml"
    return err.source.line, err.source.field, err.render()


def illegal(text: str) -> tuple[int | None, str | None, str]:
    """The first rule broken by ``text`` (which reads without error)."""
    record = loads(text, "bad.toml")
    with pytest.raises(IllegalMoveError) as info:
        replay(record)
    err = info.value
    assert err.source is not None and err.source.file == "bad.toml"
    return err.source.line, err.source.field, err.render()


# -- good records ----------------------------------------------------------------------------
def test_reference_record_loads_replays_and_round_trips() -> None:
    record = load(REFERENCE)
    assert record.players == ("aki", "bea", "cid") and record.viewer == "aki"
    assert [c.id for c in record.hand] == ["w1", "r3", "w9", "r2", "s4", "s8"]
    assert record.variant.hand_sizes == (6, 6, 6) and record.variant.public_count == 6
    assert [type(e) for e in record.events] == [Peek, Deduce, Deduce, Deduce, Reveal, Deduce]
    third = record.events[2]
    assert isinstance(third, Deduce) and {p: c.id for p, c in third.shown.items()} == {"cid": "w8"}
    assert record.where(6, "shown").line == 49
    replay(record)
    round_trips(record)


@pytest.mark.skipif(not SHARED.exists(), reason="the shared reference records are not beside the repository")
def test_bundled_record_is_the_shared_reference() -> None:
    assert REFERENCE.read_bytes() == SHARED.read_bytes()


def test_custom_clue_deck_with_hand_sizes() -> None:
    text = (CLUE_SETUP
            + event(kind="deduce", by="aki", named=["plum", "rope", "study"], refuted_by="cid", passed=["bea"])
            + event(kind="deduce", by="cid", named=["scarlet", "wrench", "lounge"], refuted_by="bea",
                    passed=["dan", "aki"])
            + event(kind="deduce", by="bea", named=["mustard", "revolver", "library"],
                    passed=["cid", "dan", "aki"], outcome="wrong"))
    record = loads(text)
    v = record.variant
    assert v.clue and not v.deck.default and len(v.deck) == 21
    assert v.hand_sizes == (5, 5, 4, 4) and v.public_count == 0
    first = record.events[0]
    assert isinstance(first, Deduce) and first.raised == ("cid",) and first.passed == ("bea",)
    observations = replay(record).observations
    assert any(isinstance(o, HoldsOneOf) and o.player == "cid" and o.rule == CLUE_ORDER for o in observations)
    assert sum(isinstance(o, HoldsNone) and o.event == 3 for o in observations) == 3
    round_trips(record)
    assert "[cards]" in to_toml(record) and 'variant = "clue"' in to_toml(record)


def test_fake_rule_with_hand_sizes_and_japanese_names() -> None:
    text = (FAKE_SETUP
            + event(kind="deduce", by="aki", named=["容疑者3", "w7", "r7"], raised=["bea", "cid"],
                    shown='{ bea = "偽の証拠", cid = "s3" }')
            + event(kind="reveal", card="fake", **{"from": "bea"})
            + event(kind="show", **{"from": "bea", "to": "cid"}, among=["s1", "s2"]))
    record = loads(text)
    assert record.variant.fake and record.variant.hand_sizes == (6, 7, 6)
    first = record.events[0]
    assert isinstance(first, Deduce) and first.named[0].id == "s3" and first.shown["bea"].id == FAKE
    assert isinstance(record.events[2], Show) and record.events[2].among is not None
    observations = replay(record).observations
    assert any(isinstance(o, HoldsNone) and o.player == "bea" and o.rule == BLUFF for o in observations)
    round_trips(record)
    assert "fake = true" in to_toml(record) and "hand_sizes = { aki = 6, bea = 7, cid = 6 }" in to_toml(record)


def test_spectator_record_and_custom_deck_without_public_cards() -> None:
    text = """game = "detective"
players = ["aki", "bea"]
public = []

[cards]
suspects = ["s1", "s2"]
weapons = ["w1", "w2"]
scenes = ["r1", "r2", "r3"]
""" + event(kind="deduce", by="aki", named=["w1", "r1", "s1"], raised=[], outcome="solved")
    record = loads(text)
    assert record.viewer is None and record.hand == () and record.variant.hand_sizes == (2, 2)
    assert [c.id for c in record.variant.deck.suspects] == ["s1", "s2"]
    assert replay(record).solved
    round_trips(record)
    assert "hand" not in to_toml(record) and "hand_sizes" not in to_toml(record)


@pytest.mark.parametrize("players", sorted(PUBLIC_EVIDENCE))
def test_default_deck_for_every_player_count(players: int) -> None:
    names = [f"p{i}" for i in range(players)]
    public = ["s1", "s2", "s3", "w1", "w2", "w3", "r1", "r2"][: PUBLIC_EVIDENCE[players]]
    text = (f'game = "detective"\nplayers = [{", ".join(repr(n) for n in names)}]\n'.replace("'", '"')
            + "public = [" + ", ".join(f'"{c}"' for c in public) + "]\n")
    record = loads(text)
    assert sum(record.variant.hand_sizes) == 24 - PUBLIC_EVIDENCE[players]
    round_trips(record)


# -- bad records: the reader -----------------------------------------------------------------
def test_unknown_card() -> None:
    line, field, text = syntax_error(SETUP.replace('"s8"', '"s10"'))
    assert (line, field) == (4, "hand") and "unknown card 's10'" in text


def test_unknown_player_in_raised() -> None:
    line, field, text = syntax_error(SETUP + event(kind="deduce", by="cid", named=["s3", "w7", "r1"],
                                                   raised=["zed"]))
    assert (line, field) == (11, "event[1].raised") and "unknown player 'zed'" in text and "aki, bea, cid" in text


def test_wrong_game() -> None:
    line, field, text = syntax_error(SETUP.replace('"detective"', '"canary"'))
    assert (line, field) == (1, "game") and '"detective"' in text


@pytest.mark.parametrize("names", [["aki"], [f"p{i}" for i in range(9)]])
def test_player_count(names: list[str]) -> None:
    players = "players = [" + ", ".join(f'"{n}"' for n in names) + "]"
    line, field, text = syntax_error(SETUP.replace('players = ["aki", "bea", "cid"]', players)
                                     .replace('viewer = "aki"\n', 'viewer = "p0"\n' if len(names) > 1 else ""))
    assert (line, field) == (2, "players") and f"{len(names)} player{'s' * (len(names) > 1)}: the game is for 2 to 8" in text


def test_viewer_not_a_player() -> None:
    line, field, text = syntax_error(SETUP.replace('viewer = "aki"', 'viewer = "zed"'))
    assert (line, field) == (3, "viewer") and "aki, bea, cid or omit it" in text


def test_hand_missing_for_viewer() -> None:
    line, field, text = syntax_error(SETUP.replace('hand = ["w1", "r3", "w9", "r2", "s4", "s8"]\n', ""))
    assert (line, field) == (3, "hand") and "aki knows its own cards" in text


def test_hand_for_spectator() -> None:
    line, field, text = syntax_error(SETUP.replace('viewer = "aki"\n', ""))
    assert (line, field) == (3, "hand") and "spectator has no hand" in text


def test_uneven_deal_without_hand_sizes() -> None:
    line, field, text = syntax_error(SETUP.replace('viewer = "aki"', 'viewer = "aki"\nfake = true'))
    assert (line, field) == (2, "hand_sizes") and "uneven deal: give hand_sizes" in text
    assert "hand_sizes = { aki = 7, bea = 6, cid = 6 }" in text


def test_hand_sizes_wrong_total() -> None:
    line, field, text = syntax_error(FAKE_SETUP.replace("bea = 7", "bea = 6"))
    assert (line, field) == (5, "hand_sizes") and "add up to 18, but 19 cards are dealt" in text


def test_hand_sizes_uneven_by_two_and_unknown_name() -> None:
    line, field, text = syntax_error(FAKE_SETUP.replace("aki = 6, bea = 7, cid = 6", "aki = 5, bea = 7, cid = 7"))
    assert (line, field) == (5, "hand_sizes") and "differ by at most 1" in text
    line, field, text = syntax_error(FAKE_SETUP.replace("cid = 6", "cid = 6, zed = 0"))
    assert (line, field) == (5, "hand_sizes.zed") and "'zed' is not a player" in text


def test_wrong_public_count_for_the_default_deck() -> None:
    text = SETUP.replace('players = ["aki", "bea", "cid"]', 'players = ["aki", "bea", "cid", "dan"]')
    line, field, message = syntax_error(text)
    assert (line, field) == (5, "public") and "the setup table lays out 4 for 4 players" in message


def test_named_with_two_cards() -> None:
    line, field, text = syntax_error(SETUP + event(kind="deduce", by="cid", named=["s3", "w7"], raised=["bea"]))
    assert (line, field) == (10, "event[1].named") and "exactly 3 cards, not 2" in text


def test_raised_in_the_clue_variant() -> None:
    line, field, text = syntax_error(CLUE_SETUP + event(kind="deduce", by="aki", named=["plum", "rope", "study"],
                                                        raised=["bea"]))
    assert (line, field) == (18, "event[1].raised") and "refuted_by" in text and "passed" in text


def test_refuted_by_in_the_base_variant() -> None:
    line, field, text = syntax_error(SETUP + event(kind="deduce", by="cid", named=["s3", "w7", "r1"],
                                                   refuted_by="bea"))
    assert (line, field) == (11, "event[1].refuted_by") and "raised = [...]" in text


def test_fake_card_without_the_fake_rule() -> None:
    line, field, text = syntax_error(SETUP + event(kind="deduce", by="aki", named=["s3", "w7", "r7"],
                                                   raised=["bea"], shown='{ bea = "fake" }'))
    assert (line, field) == (12, "event[1].shown.bea") and "only in play with the advanced rule" in text


def test_unknown_event_kind() -> None:
    line, field, text = syntax_error(SETUP + event(kind="accuse", by="cid"))
    assert (line, field) == (8, "event[1].kind") and "deduce, reveal, peek, show" in text


def test_unknown_key() -> None:
    line, field, text = syntax_error(SETUP + event(kind="reveal", card="s8", colour="red", **{"from": "aki"}))
    assert (line, field) == (10, "event[1].colour") and "kind, card, from" in text


def test_unknown_key_of_a_suggestion_names_the_suggest_event() -> None:
    """Regression (was a bug): an unknown field of a ``suggest`` event was reported "for a
    deduce event", a word the record does not use."""
    text = CLUE_SETUP + event(kind="suggest", by="aki", named=["plum", "rope", "study"], passed=[],
                              refuted_by="bea", correct="false")
    line, field, message = syntax_error(text)
    assert field == "event[1].correct" and "unknown field 'correct' for a suggest event" in message
    assert "deduce" not in message
    line, field, message = syntax_error(text.replace('"suggest"', '"deduce"'))
    assert "unknown field 'correct' for a deduce event" in message


def test_custom_deck_errors() -> None:
    text = CLUE_SETUP.replace('"white"', '"fake"').replace('"rope"', '"plum"')
    with pytest.raises(ErrorList) as info:
        loads(text, "bad.toml")
    found = {(e.source.line, e.source.field) for e in info.value.errors if e.source}
    assert found == {(10, "cards.suspects"), (11, "cards.weapons")}


def test_every_field_error_is_reported_at_once() -> None:
    text = SETUP.replace('"s8"', '"s10"') + "colour = 3\n" + event(kind="peek", player="zed", card="x1")
    with pytest.raises(ErrorList) as info:
        loads(text, "bad.toml")
    found = [(e.source.line, e.source.field) for e in info.value.errors if e.source]
    assert found == [(6, "colour"), (4, "hand"), (10, "event[1].player"), (11, "event[1].card")]


# -- bad records: the rules (replay) ---------------------------------------------------------
def deduce(by: str, named: list[str], raised: list[str], **more: object) -> str:
    return event(kind="deduce", by=by, named=named, raised=raised, **more)


def test_named_two_suspects() -> None:
    line, field, text = illegal(SETUP + deduce("cid", ["s3", "s7", "r1"], ["bea"]))
    assert (line, field) == (10, "event[1].named") and "one suspect, one weapon and one scene" in text


def test_deducer_in_its_own_raised_list() -> None:
    line, field, _ = illegal(SETUP + deduce("cid", ["s3", "w7", "r1"], ["cid"]))
    assert (line, field) == (11, "event[1].raised")


def test_shown_on_someone_elses_deduction() -> None:
    line, field, text = illegal(SETUP + deduce("cid", ["s3", "w7", "r1"], ["bea"], shown='{ bea = "s3" }'))
    assert (line, field) == (12, "event[1].shown") and "only the deducer sees" in text


def test_shown_card_not_named() -> None:
    line, field, text = illegal(SETUP + deduce("aki", ["s3", "w7", "r1"], ["bea"], shown='{ bea = "s5" }'))
    assert (line, field) == (12, "event[1].shown") and "only show a named card, not s5" in text


def test_shown_card_that_is_public() -> None:
    line, field, text = illegal(SETUP + deduce("aki", ["s9", "w7", "r1"], ["bea"], shown='{ bea = "s9" }'))
    assert (line, field) == (12, "event[1].shown") and "s9 is public" in text


def test_reveal_of_a_card_already_public() -> None:
    line, field, text = illegal(SETUP + event(kind="reveal", card="w2", **{"from": "bea"}))
    assert (line, field) == (9, "event[1].card") and "already public" in text


def test_reveal_from_another_player_of_a_card_in_the_viewers_hand() -> None:
    line, field, text = illegal(SETUP + event(kind="reveal", card="s8", **{"from": "bea"}))
    assert (line, field) == (10, "event[1].from") and "in aki's hand, not bea's" in text


def test_viewer_holding_a_named_card_must_raise() -> None:
    line, field, text = illegal(SETUP + deduce("cid", ["s4", "w7", "r1"], ["bea"]))
    assert (line, field) == (11, "event[1].raised") and "aki holds s4 and must raise" in text


def test_outcome_with_raisers() -> None:
    line, field, _ = illegal(SETUP + deduce("cid", ["s3", "w7", "r1"], ["bea"], outcome="wrong"))
    assert (line, field) == (12, "event[1].outcome")


def test_events_after_solved() -> None:
    text = SETUP + deduce("cid", ["s3", "w7", "r1"], [], outcome="solved") + event(kind="peek", player="bea",
                                                                                  card="s5")
    line, field, text = illegal(text)
    assert (line, field) == (15, "event[2].kind") and "solved" in text


def test_clue_passed_in_the_wrong_order() -> None:
    text = CLUE_SETUP + event(kind="deduce", by="cid", named=["scarlet", "wrench", "lounge"], refuted_by="bea",
                              passed=["aki", "dan"])
    line, field, message = illegal(text)
    assert (line, field) == (19, "event[1].passed") and '["dan", "aki"]' in message


def test_shown_fake_not_followed_by_a_reveal_of_fake() -> None:
    text = FAKE_SETUP + deduce("aki", ["s3", "w7", "r7"], ["bea"], shown='{ bea = "fake" }') + event(
        kind="peek", player="bea", card="s5")
    line, field, message = illegal(text)
    assert (line, field) == (14, "event[1].shown") and "the next event must be a reveal of fake from bea" in message


def test_public_card_also_in_the_hand() -> None:
    line, field, text = illegal(SETUP.replace('"s8"]', '"s9"]'))
    assert (line, field) == (4, "hand") and "s9 is both in the hand and public" in text


def test_round_trip_of_a_small_custom_deck_record_built_in_code() -> None:
    deck = Deck.standard(2)
    text = """game = "detective"
players = ["aki", "bea"]
viewer = "bea"
hand = ["s1"]
public = ["r1"]

[cards]
suspects = ["s1", "s2"]
weapons = ["w1", "w2"]
scenes = ["r1", "r2"]
""" + event(kind="peek", player="aki", card="w1")
    record = loads(text)
    assert record.variant.deck == deck
    replay(record)
    round_trips(record)


# -- classic Clue: suggest, accuse, and the ends of the game ---------------------------------------
# CLUE_SETUP is 13 lines; each event() adds a blank line, then [[event]] and its keys.
def suggest(by: str, named: list[str], passed: list[str], refuted_by: str | None = None) -> str:
    fields: dict[str, object] = {"kind": "suggest", "by": by, "named": named}
    if refuted_by is not None:
        fields["refuted_by"] = refuted_by
    fields["passed"] = passed
    return event(**fields)


def accuse(by: str, named: list[str], correct: bool) -> str:
    return event(kind="accuse", by=by, named=named) + f"correct = {'true' if correct else 'false'}\n"


def test_suggest_is_deduce_under_clue_s_name_and_the_writer_says_suggest() -> None:
    """Lenient import (``deduce`` or ``suggest``), strict export (``suggest`` in Clue)."""
    text = CLUE_SETUP + suggest("aki", ["plum", "rope", "study"], [], "bea")
    record = loads(text)
    again = loads(text.replace('kind = "suggest"', 'kind = "deduce"'))
    assert record.events == again.events and isinstance(record.events[0], Deduce)
    written = to_toml(again)
    assert 'kind = "suggest"' in written and 'kind = "deduce"' not in written
    round_trips(record)
    assert 'kind = "deduce"' in to_toml(load(REFERENCE))  # Memory Detective keeps its own word


def test_suggest_outside_the_clue_variant() -> None:
    line, field, text = syntax_error(SETUP + event(kind="suggest", by="cid", named=["s3", "w7", "r1"], raised=[]))
    assert (line, field) == (8, "event[1].kind")
    assert "classic Clue event" in text and "(valid: deduce, reveal, peek, show)" in text


def test_accuse_outside_the_clue_variant() -> None:
    line, field, text = syntax_error(SETUP + accuse("cid", ["s3", "w7", "r1"], False))
    assert (line, field) == (8, "event[1].kind")
    assert "accuse is a classic Clue event" in text and "(valid: deduce, reveal, peek, show)" in text


def test_accuse_reads_writes_and_tells_the_table() -> None:
    text = CLUE_SETUP + accuse("aki", ["plum", "rope", "study"], False) + accuse("cid", ["white", "rope", "study"],
                                                                                True)
    record = loads(text)
    round_trips(record)
    result = replay(record)
    wrong, right = [o for o in result.observations if o.event]
    assert isinstance(wrong, CaseIsNot) and wrong.rule == ACCUSATION and wrong.source.field == "event[1].correct"
    assert isinstance(right, CaseIs) and right.rule == ACCUSATION and right.source.line == 24
    assert result.solved and result.out == {"aki": 1}


def test_accuse_field_errors() -> None:
    line, field, text = syntax_error(CLUE_SETUP + event(kind="accuse", by="aki", named=["plum", "rope", "study"]))
    assert (line, field) == (14, "event[1].correct") and "missing correct" in text and "true" in text
    line, field, text = syntax_error(CLUE_SETUP + event(kind="accuse", by="aki", named=["plum", "rope"])
                                     + "correct = false\n")
    assert (line, field) == (17, "event[1].named") and "an accusation names exactly 3 cards" in text
    line, field, text = syntax_error(CLUE_SETUP + event(kind="accuse", by="aki", named=["plum", "rope", "study"],
                                                        raised=[]) + "correct = false\n")
    assert (line, field) == (18, "event[1].raised") and "kind, by, named, correct" in text


def test_an_accuser_who_was_wrong_suggests_no_more_but_still_refutes() -> None:
    head = CLUE_SETUP + accuse("aki", ["plum", "rope", "study"], False)
    # aki is out, yet still asked: passed before bea's refutation on dan's suggestion
    replay(loads(head + suggest("dan", ["white", "dagger", "study"], ["aki"], "bea")))
    line, field, text = illegal(head + suggest("aki", ["white", "rope", "study"], [], "bea"))
    assert (line, field) == (22, "event[2].by")
    assert "aki accused wrongly at event 1" in text and "(valid: bea, cid, dan)" in text
    line, field, text = illegal(head + accuse("aki", ["white", "rope", "study"], True))
    assert (line, field) == (22, "event[2].by") and "no more suggestions or accusations" in text


def test_no_event_after_a_correct_accusation() -> None:
    text = CLUE_SETUP + accuse("cid", ["white", "rope", "study"], True) + suggest("dan", ["white", "rope", "study"],
                                                                                  ["aki", "bea", "cid"])
    line, field, message = illegal(text)
    assert (line, field) == (21, "event[2].kind")
    assert "the game ended with cid's correct accusation at event 1" in message


def test_no_event_after_everyone_accused_wrongly() -> None:
    text = CLUE_SETUP + "".join(accuse(p, ["white", "rope", "study"], False) for p in ("aki", "bea", "cid", "dan"))
    assert replay(loads(text)).out == {"aki": 1, "bea": 2, "cid": 3, "dan": 4}
    line, field, message = illegal(text + event(kind="reveal", card="kitchen", **{"from": "bea"}))
    assert (line, field) == (39, "event[5].kind") and "every player has accused wrongly" in message


def test_a_correct_accusation_of_a_card_the_viewer_holds() -> None:
    line, field, text = illegal(CLUE_SETUP + accuse("aki", ["scarlet", "rope", "study"], True))
    assert (line, field) == (18, "event[1].correct")
    assert "scarlet is in bea's hand" in text and "(valid: false)" in text


def test_accusations_only_in_clue_when_built_in_code() -> None:
    record = load(REFERENCE)
    named = record.events[1].named  # type: ignore[union-attr]
    record.events.append(Accuse("bea", named, False))
    with pytest.raises(IllegalMoveError) as info:
        replay(record)
    assert "belongs to the Clue variant" in info.value.render()


def test_no_event_after_every_evidence_card_is_public() -> None:
    """The "everyone loses" end (every player's evidence public) is checked: nothing follows."""
    text = """game = "detective"
players = ["aki", "bea"]
hand_sizes = { aki = 2, bea = 1 }
public = []

[cards]
suspects = ["s1", "s2"]
weapons = ["w1", "w2"]
scenes = ["r1", "r2"]
""" + event(kind="reveal", card="s1", **{"from": "aki"}) + event(kind="reveal", card="w1", **{"from": "bea"}) \
        + event(kind="reveal", card="r1", **{"from": "aki"})
    replay(loads(text))  # the last reveal ends the game: legal
    line, field, message = illegal(text + event(kind="peek", player="aki", card="s2"))
    assert (line, field) == (27, "event[4].kind") and "everyone lost" in message
    line, field, message = illegal(text + event(kind="deduce", by="aki", named=["s2", "w2", "r2"], raised=[]))
    assert (line, field) == (27, "event[4].kind") and "every player's evidence is public after event 3" in message
    # a deck whose hands get no evidence at all: the game is over at setup
    setup = text[: text.index("\n[[event]]")].replace("hand_sizes = { aki = 2, bea = 1 }", 'public = ["s2", "w2", "r2"]')
    line, field, message = illegal(setup.replace("public = []\n", "") + event(kind="peek", player="bea", card="s1"))
    assert field == "event[1].kind" and "public at setup" in message and "(valid: a record without events)" in message
