"""Werewolf advice as properties over simulated games (issue 19, items 1, 2 and 5).

- **Every cut advises** (item 1): for every seat of simulated games of 3 and 4 players,
  cut after every turn (with the seat's draw pending when the next turn is its own) and
  after the search phase, ``advise`` ranks exactly the legal plays of the two cards, or
  says whose turn comes first, or why the game is over for the seat; ``analyze`` shows
  the seat's hand card as the true state holds it, and the card it drew.  The same cuts
  written tersely — the seat's Sleep swaps without the card it took (``sleep swap``, as
  a person writes it) — must advise the same way wherever the record still implies the
  hand (the counting proves it); where it does not, advice says so.
- **One move per option** (item 2): each option's sentences, in English and in Japanese,
  name one play, one card kept and (a Villager) one card put down: the option's own.
- **Forced outcomes** (item 5): on small decks, every option's chance to win and to lose
  the game within the move equals a brute force's — every deck order played on the
  true-state ``Table`` along the record (tests/werewolf/brute.py), the move applied to
  each history, a Vote under every way the others may point.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from click.testing import CliRunner
from sibling import load_sibling

from suiri.cli.main import main
from suiri.cli.werewolf_view import advice as advice_text
from suiri.cli.werewolf_view import piles
from suiri.models.werewolf.advice import Option, WerewolfAdvice, advise
from suiri.models.werewolf.analysis import analyze
from suiri.models.werewolf.cards import KINDS, LOST_LEGACY, SLEEP, VOTE, Kind, deck_counts
from suiri.models.werewolf.notation import parse
from suiri.models.werewolf.record import WerewolfRecord, from_document
from suiri.models.werewolf.rules import hand
from suiri.models.werewolf.session import WerewolfSession
from suiri.models.werewolf.simulator import Simulated, simulate, truth_after, with_draw
from suiri.models.werewolf.table import OVER, Table
from suiri.models.werewolf.text import Text

Sweep = Callable[[Iterable[int]], list[int]]
GAMES = 120  # per size: a seeded tenth by default, all with --full


def cuts(g: Simulated, viewer: str) -> Iterator[tuple[int, WerewolfRecord]]:
    """The seat's record after every turn (its draw pending when the next turn is its own),
    then with the whole search phase."""
    for t in range(len(g.state.turns)):
        yield t, with_draw(g, g.record(viewer, t))
    yield len(g.state.turns), g.record(viewer)


def terse(record: WerewolfRecord) -> WerewolfRecord:
    """The record with the viewer's Sleep swaps not naming the card taken (``sleep swap``)."""
    return replace(record, turns=[replace(t, card=None) if t.play == SLEEP and t.swapped else t
                                  for t in record.turns])


def legal(held: Kind, drew: Kind) -> set[Kind]:
    """W5: an Attack in hand must be played; the Lost Legacy never is."""
    cards = {held, drew}
    return {c for c in cards if c.is_attack} or {c for c in cards if c != LOST_LEGACY}


def assert_advises(s: WerewolfSession, a: WerewolfAdvice, g: Simulated, t: int, implied: bool = True) -> None:
    """``a = advise(s)`` ranks the legal plays, or waits for another's turn, or says why the
    game is over for the seat; ``analyze`` shows the seat's true hand and its draw."""
    me = s.record.viewer
    assert me is not None
    rp = s.replay
    where = (g.seed, len(g.players), me, t)
    if rp.over or me not in rp.living:
        assert a.phase == "over" and a.note, where
        # The whole game over: the one game-over line (who won, why); only the seat out: its own line.
        last = "The game is over: " if rp.over else "The game is over for you: "
        assert advice_text(s, a, "en").splitlines()[-1].startswith(last), where
        return
    if rp.search_phase:
        assert a.phase == "search", where
        return
    truth = truth_after(g, t, pending=rp.pending is not None).hands[me]
    row = s.card(hand(me))
    if implied:
        assert row[truth.id] == 1, where  # the record implies the hand card: the counting proves it
    if row[truth.id] == 1:
        line = next(x for x in piles(analyze(s), "en") if x.startswith(f"  {me} "))
        shown = f"hand ▼{Text('en').card(truth)}" + (f" ▼{Text('en').card(rp.pending)} (drawn)" if rp.pending else "")
        assert shown in line, (where, line)
    else:
        assert row[truth.id] > 0, where  # never ruled out
    if rp.next_player != me:
        assert a.phase == "draw" and a.waiting_for == rp.next_player, where
        return
    assert rp.pending is not None
    if row[truth.id] != 1:
        assert a.phase == "hand" and not a.options, where
        assert "does not say which card" in advice_text(s, a, "en"), where
        return
    assert a.phase == "play", where
    assert {o.play for o in a.options} == legal(truth, rp.pending), where
    for o in a.options:
        assert sorted({o.put_down or o.play, o.keep}, key=str) == sorted({truth, rp.pending}, key=str) or \
            (o.put_down is not None and {o.put_down, o.keep} == {truth, rp.pending}), (where, o)


@pytest.mark.parametrize("players", [3, 4])
def test_every_cut_of_every_seat_advises(players: int, sweep: Sweep) -> None:
    """Item 1: advice never loses the seat's hand, written in full or tersely.  The games
    of item 2 on the standard deck (``simulate(3 + seed % 2, seed)``) are among these:
    item 2 checks their advice here, on the same sessions, rather than advising again."""
    played = tersely = unknown = 0
    for seed in sweep(range(GAMES)):
        g = simulate(players, seed)
        for me in g.players:
            for t, record in cuts(g, me):
                s = WerewolfSession(record)
                a = advise(s)
                assert_advises(s, a, g, t)
                played += a.phase == "play"
                if players == 3 + seed % 2 and record.pending is not None:
                    assert_one_move_each(a, s)
                short = terse(record)
                if short != record:
                    s = WerewolfSession(short)
                    b = advise(s)
                    assert_advises(s, b, g, t, implied=False)
                    tersely += b.phase == "play"
                    unknown += b.phase == "hand"
    assert played > 0 and tersely > 0, (played, tersely, unknown)


# -- the issue's record ----------------------------------------------------------------------------
ISSUE = """werewolf aki ben cho
viewer aki villager
aki drew ll villager aki lost-legacy
ben sleep swap
cho seer ben
"""


def notation(text: str) -> WerewolfRecord:
    return from_document(parse("issue.txt", text))


def test_the_issue_record_advises_after_the_swap() -> None:
    """aki put the Lost Legacy face-down, then took it back in ben's Sleep (``sleep swap``,
    the card not named): its hand is the Lost Legacy again, and with the Vote it drew,
    advice ranks the Vote (the only play)."""
    s = WerewolfSession(notation(ISSUE + "aki drew vote\n"))
    assert s.replay.viewer_hand == LOST_LEGACY
    a = advise(s)
    assert a.phase == "play" and [o.play for o in a.options] == [VOTE, VOTE, VOTE][:len(a.options)]
    assert {o.target for o in a.options} == {"ben", "cho"} and all(o.keep == LOST_LEGACY for o in a.options)
    line = next(x for x in piles(analyze(s), "en") if x.startswith("  aki "))
    assert "hand ▼Lost Legacy ▼Vote (drawn)" in line, line
    ja = next(x for x in piles(analyze(s), "ja") if x.startswith("  aki "))
    assert "手札 ▼失われた遺産：人狼 ▼投票（引いたカード）" in ja, ja


def test_the_issue_record_through_the_command(tmp_path: Path) -> None:
    whole, cut = tmp_path / "issue.txt", tmp_path / "cut.txt"
    whole.write_text(ISSUE + "aki drew vote\n", encoding="utf-8")
    cut.write_text(ISSUE, encoding="utf-8")
    runner = CliRunner()
    for args in (["advise", str(whole)], ["advise", str(cut), "--drew", "vote"]):
        out = runner.invoke(main, args)
        assert out.exit_code == 0, out.output
        assert "1. play Vote: point at" in out.output and "Draw first" not in out.output, out.output
    out = runner.invoke(main, ["analyze", str(whole)])
    assert "aki  hand ▼Lost Legacy ▼Vote (drawn)" in out.output, out.output


def test_a_swap_without_the_card_among_two_unlike_cards_is_not_guessed() -> None:
    """Two face-down cards of unlike kinds and no index: the record does not say what aki
    took, and advice says so rather than guess (its counts weigh both, W7)."""
    s = WerewolfSession(notation("werewolf aki ben cho\nviewer aki lost-legacy\n"
                                 "aki drew villager villager aki villager\nben seer aki\n"
                                 "cho seer aki\naki drew vote vote aki=cho ben=cho cho=aki out none\n"
                                 "ben sleep swap\ncho knight\naki drew sleep\n"))
    assert s.replay.viewer_hand is None and 0 < s.card(hand("aki"))["villager"] < 1
    a = advise(s)
    assert a.phase == "hand" and not a.options
    for lang, said in (("en", "does not say which card aki holds"), ("ja", "akiの手札が記録からはわかりません")):
        assert said in advice_text(s, a, lang)


# -- item 2: one move per option, in both languages -------------------------------------------------
def option_blocks(text: str) -> list[str]:
    """The rendered options: each numbered line with the indented lines under it."""
    blocks: list[str] = []
    for line in text.splitlines():
        if re.match(r"^\d+\. ", line):
            blocks.append(line)
        elif blocks and line.startswith("     "):
            blocks[-1] += "\n" + line
    return blocks


def names(lang: str, kind: Kind) -> list[str]:
    """A card's names in sentences: its name, and the Lost Legacy's short name."""
    full = Text(lang).card(kind)
    return [full, *([full.split("：")[0], "Lost Legacy"] if kind == LOST_LEGACY else [])]


SAYS = {  # what an option's sentences say of a card (NAME; WHO: a player): played, kept, put down
    "en": {"play": ["play NAME"], "keep": ["keep NAME", "keep the NAME"], "down": ["put NAME face-down"]},
    "ja": {"play": ["NAMEをプレイ"], "keep": ["NAMEを残す", "NAMEを残します"], "down": ["NAMEをWHOの捨て札にウラ向きで置く"]},
}


@cache
def sayings(lang: str, what: str) -> list[tuple[Kind, re.Pattern[str]]]:
    """Each card's ways of being played, kept or put down in ``lang``, compiled once."""
    out = []
    for kind in KINDS:
        for name in names(lang, kind):
            for form in SAYS[lang][what]:
                pattern = re.escape(form).replace("NAME", re.escape(name)).replace("WHO", r"\w+?")
                out.append((kind, re.compile(r"(?<!\w)" + pattern)))
    return out


def said(block: str, lang: str, what: str) -> set[Kind]:
    """The cards the option's sentences say it plays, keeps or puts down."""
    return {kind for kind, pattern in sayings(lang, what) if pattern.search(block)}


def assert_one_move_each(a: WerewolfAdvice, s: WerewolfSession | None = None) -> int:
    if s is None or not a.options:
        return 0
    for lang in ("en", "ja"):
        blocks = option_blocks(advice_text(s, a, lang))
        assert len(blocks) == len(a.options)
        for o, block in zip(a.options, blocks, strict=True):
            assert said(block, lang, "play") == {o.play}, (lang, block)
            assert said(block, lang, "keep") == {o.keep}, (lang, block)
            assert said(block, lang, "down") == ({o.put_down} if o.put_down else set()), (lang, block)
    return len(a.options)


def test_each_option_says_one_move(sweep: Sweep) -> None:
    """Item 2, over the options of many simulated turns, in English and Japanese: games
    on the small decks below, where the Villager meets the Lost Legacy in hand more often
    (the games with the standard deck are checked by ``test_every_cut_of_every_seat_advises``,
    which advises on the same cuts)."""
    checked = villager_ll = 0
    small = [(players, seed, spec) for players, spec in SMALL.values() for seed in range(40)]
    for g in (simulate(players, seed, deck=deck_counts(spec)) for players, seed, spec in sweep(small)):
        for me in g.players:
            for _t, record in cuts(g, me):
                if record.pending is None:
                    continue
                s = WerewolfSession(record)
                a = advise(s)
                checked += assert_one_move_each(a, s)
                villager_ll += any(o.play.id == "villager" and LOST_LEGACY in (o.keep, o.put_down) for o in a.options)
    assert checked > 0 and villager_ll > 0, (checked, villager_ll)


def test_the_villager_with_the_lost_legacy_keeps_what_it_says() -> None:
    """The issue's option: put the Lost Legacy down into one's own discard, keep the Villager
    — and no sentence says the Lost Legacy is kept."""
    s = WerewolfSession(notation("werewolf aki ben cho\nviewer aki villager\naki drew ll\n"))
    a = advise(s)
    down = next(o for o in a.options if o.put_down == LOST_LEGACY)
    assert down.keep.id == "villager" and "keep-lost-legacy" not in down.notes
    assert assert_one_move_each(a, s) == len(a.options) == 4  # two cards down into aki's, Villager into ben's, cho's
    ja = advice_text(s, a, "ja")
    assert "村人をプレイ（失われた遺産：人狼をakiの捨て札にウラ向きで置く）、村人を残す" in ja, ja


# -- item 5: forced outcomes -------------------------------------------------------------------------
_brute = load_sibling(__file__, "brute.py", "werewolf_brute")

SMALL = {  # players, copies per kind: Attacks and Votes that can end the game within a few turns
    "attacks": (3, {"villager": 1, "medium": 1, "lost-legacy": 1, "vote": 2, "attack-1": 1, "attack-2": 1}),
    "votes": (3, {"villager": 1, "knight": 1, "lost-legacy": 1, "vote": 3, "sleep": 1, "attack-2": 1}),
    "four": (4, {"villager": 1, "medium": 1, "lost-legacy": 1, "vote": 2, "sleep": 1, "attack-1": 1,
                 "attack-2": 1}),
}


def worlds(record: WerewolfRecord) -> Iterator[tuple[Table, Fraction]]:
    """Every history that fits the record, on the true-state table, with its weight (W7)."""
    n = len(record.players)
    deck = tuple(record.deck)
    reach = min(sum(deck), n + 1 + len(record.turns) + 1)
    for order, orders in _brute.prefixes(deck, reach):
        for table, share in _brute.histories(record, order):
            yield table, orders * share


def ending(table: Table, me: str) -> str:
    if table.phase != OVER:
        return "on"
    return "win" if me in table.winners else "lose"


def brute_outcome(record: WerewolfRecord, o: Option, histories: list[tuple[Table, Fraction]]
                  ) -> tuple[Fraction, Fraction]:
    """The chance the move wins, and loses, the game at once, whatever the others point at;
    ``histories``: ``worlds(record)``, listed once for all the options (each move is played
    on a copy of each table)."""
    me = record.viewer
    assert me is not None
    total = win = lose = Fraction(0)
    for table, weight in histories:
        total += weight
        ends = set()
        if o.play == VOTE:
            others = [p for p in table.living if p != me]
            for pointing in product(*([q for q in table.living if q != p] for p in others)):
                b = table.copy()
                b.play(VOTE, votes={me: o.target, **dict(zip(others, pointing, strict=True))})
                ends.add(ending(b, me))
        elif o.play.is_attack:
            b = table.copy()
            b.play(o.play, put=lambda living: o.target if o.target in living else living[0])  # after the effect
            ends.add(ending(b, me))
        else:
            ends.add("on")
        win += weight * (ends == {"win"})
        lose += weight * (ends == {"lose"})
    return win / total, lose / total


def small_cuts() -> list:
    out = []
    for name, (players, spec) in SMALL.items():
        for seed in range(30):
            g = simulate(players, seed, deck=deck_counts(spec))
            for t, p in enumerate(g.state.turns):
                if p.play == VOTE or p.play.is_attack or p.drew.is_attack:
                    out.append(pytest.param(name, seed, t, id=f"{name}-s{seed}-t{t}-{p.player}"))
    return out


@pytest.mark.sweep
@pytest.mark.parametrize("name, seed, t", small_cuts())
def test_forced_outcomes_match_a_brute_force(name: str, seed: int, t: int) -> None:
    players, spec = SMALL[name]
    g = simulate(players, seed, deck=deck_counts(spec))
    record = with_draw(g, g.record(g.state.turns[t].player, t))
    s = WerewolfSession(record)
    a = advise(s)
    assert a.phase == "play"
    histories = list(worlds(record))
    for o in a.options:
        assert (o.wins, o.loses) == brute_outcome(record, o, histories), (o.play.id, o.target)
        assert_stated(s, a, o)


def assert_stated(s: WerewolfSession, a: WerewolfAdvice, o: Option) -> None:
    """The option's sentence states its outcome: certain, or with both exact chances."""
    for lang in ("en", "ja"):
        block = option_blocks(advice_text(s, a, lang))[a.options.index(o)]
        t = Text(lang)
        if o.wins == 1 or o.loses == 1:
            assert t("adv-result-win" if o.wins == 1 else "adv-result-lose") in block, block
            continue
        for p in (o.wins, o.loses):
            if p:
                assert f"{float(p) * 100:.1f}%" in block, block
        if not (o.wins or o.loses) and o.play.is_attack:
            assert t("adv-attack-ends", result="")[:8] not in block, block


# -- item 5: records where the outcome is forced -------------------------------------------------------
# ben is voted out at turn 1 (no face-down card yet: his hand shows); aki's Vote lies face-down.
# cho puts "the other card" face-down into its own discard and keeps the Villager (so cho holds
# the Villager, and the Lost Legacy may be the card it put down).
TWO_LEFT = ("werewolf aki ben cho\nviewer aki {hand}\n"
            "aki drew vote vote aki=ben ben=aki cho=ben out ben shows seer\n"
            "cho villager cho other\n")
# aki looks at cho's Villager; cho puts the Villager itself face-down: 2 face-down against aki's 1.
VOTE_NEXT = "aki drew seer seer cho saw villager\ncho villager cho villager\naki drew vote\n"


def test_the_werewolf_points_at_the_last_other_player_and_wins() -> None:
    """Two players left, cho with more face-down cards: the Werewolf's Vote puts cho out
    whatever cho points at, and aki wins — in one sentence, in both languages."""
    s = WerewolfSession(notation(TWO_LEFT.format(hand="lost-legacy") + VOTE_NEXT))
    a = advise(s)
    [o] = a.options
    assert (o.target, o.out, o.wins, o.loses) == ("cho", "cho", 1, 0)
    assert "1. play Vote: point at cho, keep Lost Legacy\n     cho is out, and you win." in advice_text(s, a, "en")
    assert "1. 投票をプレイ（choを指差す）、失われた遺産：人狼を残す\n     choが脱落し、あなたの勝ちです。" in \
        advice_text(s, a, "ja")


def test_a_villager_s_last_vote_wins_only_if_the_other_is_the_werewolf() -> None:
    """The same table seen by a villager holding the Knight: cho goes out; aki wins exactly
    when cho is the Werewolf, else aki is left alone and everyone loses.  The Knight, which
    ends nothing, ranks first."""
    s = WerewolfSession(notation(TWO_LEFT.format(hand="knight") + VOTE_NEXT))
    a = advise(s)
    wolf = s.werewolf()["cho"]
    assert 0 < wolf < 1
    assert [(o.play.id, o.wins, o.loses) for o in a.options] == [("knight", 0, 0), ("vote", wolf, 1 - wolf)]
    en = advice_text(s, a, "en")
    win, lose = f"{float(wolf) * 100:.1f}%", f"{float(1 - wolf) * 100:.1f}%"
    assert f"     cho is out, and you win ({win}), else you lose ({lose})." in en, en
    ja = advice_text(s, a, "ja")
    assert f"     choが脱落し、{win}の確率であなたの勝ち、{lose}の確率であなたの負けです。" in ja, ja


def test_an_attack_on_the_last_other_player() -> None:
    """Attack ① hunts the Villager, which cho surely holds: cho is out, and the game ends —
    won if cho put the Lost Legacy down, else lost (aki alone, not the Werewolf).  The
    Attack cannot go into the discard of cho, who is out before it is put down."""
    s = WerewolfSession(notation(TWO_LEFT.format(hand="knight") + "aki drew attack-1\n"))
    a = advise(s)
    wolf = s.werewolf()["cho"]
    assert [(o.target, dict(o.hits), o.wins, o.loses) for o in a.options] == [("aki", {"cho": 1}, wolf, 1 - wolf)]
    win, lose = f"{float(wolf) * 100:.1f}%", f"{float(1 - wolf) * 100:.1f}%"
    assert f"after the Attack: you win ({win}), else you lose ({lose})." in advice_text(s, a, "en")


def test_a_vote_with_nobody_forced_out() -> None:
    """Before cho's second card goes down, cho and aki have one face-down card each: the
    two points make a tie, nobody is out whatever cho does."""
    s = WerewolfSession(notation(TWO_LEFT.format(hand="lost-legacy") + "aki drew vote\n"))
    [o] = advise(s).options
    assert (o.out, o.outs, o.wins, o.loses) == ("nobody", [], 0, 0)
    assert "     nobody is out, however the others point." in advice_text(s, advise(s), "en")


def test_a_vote_among_three_depends_on_the_others() -> None:
    s = WerewolfSession(notation("werewolf aki ben cho\nviewer aki knight\naki drew vote\n"))
    a = advise(s)
    votes = [o for o in a.options if o.play == VOTE]
    assert {o.target for o in votes} == {"ben", "cho"}
    for o in votes:
        assert o.out is None and o.outs == ["aki", o.target, "nobody"] and (o.wins, o.loses) == (0, 0)
    assert f"who is out depends on how the others point: you, {votes[0].target} or nobody." in advice_text(s, a, "en")


def test_targets_follow_the_werewolf_chance_not_the_seats() -> None:
    """aki (a villager) saw cho's Vote; cho then played the Knight it drew, so cho cannot be
    the Werewolf, while ben may be: a card put face-down (a vote against its owner) goes
    to ben first, then cho, then aki's own discard last."""
    s = WerewolfSession(notation("werewolf aki ben cho\nviewer aki seer\naki drew seer seer cho saw vote\n"
                                 "ben sleep\ncho knight\naki drew villager\n"))
    assert s.werewolf()["ben"] > 0 == s.werewolf()["cho"]
    a = advise(s)
    for down in ("villager", "seer"):
        puts = [o.target for o in a.options if o.put_down is not None and o.put_down.id == down]
        assert puts == ["ben", "cho", "aki"], puts
