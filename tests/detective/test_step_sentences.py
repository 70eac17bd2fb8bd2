"""Memory Detective step sentences (``DetectiveSteps.sentence``): every step of the
chain of every certain fact, on the reference record and on simulated records of each
variant, said in English and Japanese.  Each sentence names every record line it cites
by its line number, states each cited fact's card and the conclusion, words a step
that cites a counting rule as a count, keeps to Clue's words in the Clue variant, and
the Japanese one has no English left."""

from __future__ import annotations

import re
from functools import cache

import pytest

from suiri.models import game, open_session
from suiri.models.detective.record import loads, to_toml
from suiri.models.detective.rules import CASE_FILE, DEAL
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.steps import DetectiveSteps, as_holder, card_id
from suiri.models.detective.text import Text
from suiri.solver.backends import CpSatOracle
from suiri.solver.chain import check_step
from suiri.solver.facts import Fact
from suiri.solver.problem import Step

REFERENCE = "models/detective/records/detective-3p.toml"
# (variant, seed): simulated records whose chains cite every counting rule, Clue's
# refutations and passes, the fake's bluff and place, solved deductions and accusations.
SIMULATED = (("base", 0), ("base", 1), ("fake", 0), ("clue", 0), ("clue-fake", 2))
LANGS = ("en", "ja")
COUNT_WORDS = {  # how each counting rule is said: a count of cards
    ("en", DEAL): re.compile(r"\b(holds|was dealt) (\d+ cards?|no card)\b|\b(\d+ cards? (was|were)|no card was) laid "
                             r"out public\b|\bevery hand size is known\b"),
    ("ja", DEAL): re.compile(r"(手札|証拠|カード)は\d+枚|1枚もない|手札の枚数"),
    ("en", CASE_FILE): re.compile(r"\bthe case file holds (one|exactly one) "),
    ("ja", CASE_FILE): re.compile(r"事件ファイルには.{1,12}?が1枚(だけ|ずつ)"),
}

CLUE_NEVER = {"en": ("raise", "deduction", "deducer"), "ja": ("手を挙げ", "推理者")}  # Clue has its own words


@cache
def record_steps(name: str) -> DetectiveSteps:
    """The steps of a record read from its text, so every observation has a line number."""
    if name == "reference":
        session = open_session(REFERENCE)[1]
        assert isinstance(session, DetectiveSession)
        return DetectiveSteps(session)
    variant, seed = name.split(":")
    g = game("detective")
    players = (3, 4, 5)[int(seed) % 3]
    viewer = g.new_state(players, int(seed), variant).players[int(seed) % players]
    return DetectiveSteps(g.open(loads(to_toml(g.simulate(players, int(seed), 60, viewer, variant)))))


@cache
def chains(name: str) -> list[Step]:
    steps = record_steps(name)
    return [step for fact in steps.certain_facts() for step in steps.explain(fact)]


NAMES = ("reference", *(f"{v}:{s}" for v, s in SIMULATED))


def problems(steps: DetectiveSteps, step: Step, lang: str) -> list[str]:
    """What is wrong with the sentence of ``step`` in ``lang`` (empty: nothing)."""
    s = steps.session
    t = Text(lang, s.deck, s.variant.clue)
    said = steps.sentence(step, lang)
    out = []
    if not said.strip():
        return [f"{step.fact}: empty"]
    for oid in step.lines:
        line = s.observation(oid).source.line
        if line is None or t("line", n=line) not in said:
            out.append(f"{step.fact}: line {line} ({oid}) not named: {said}")
    if not step.also and t.fact(step.fact) not in said:
        out.append(f"{step.fact}: conclusion {t.fact(step.fact)!r} not stated: {said}")
    head, *listed = said.split("\n")  # a group of premises or conclusions is listed under the sentence
    conclusion = "\n".join([re.split(r", so |ので、|。よって、", head)[-1], *listed])
    for f in step.also and step.conclusions:  # said together: "so aki holds s1 and s6"
        if t.card(card_id(as_holder(f))) not in conclusion:
            out.append(f"{step.fact}: concluded fact {f} not stated: {said}")
    for f in step.facts:
        if t.card(card_id(as_holder(f))) not in said:
            out.append(f"{step.fact}: cited fact {f} not stated: {said}")
    for rule in (DEAL, CASE_FILE):
        if rule in step.rules and not COUNT_WORDS[lang, rule].search(said):
            out.append(f"{step.fact}: {rule} not said as a count: {said}")
    if s.variant.clue and any(w in said.lower() for w in CLUE_NEVER[lang]):
        out.append(f"{step.fact}: Memory Detective's words in a Clue sentence: {said}")
    if lang == "ja":
        rest = said
        for p in s.record.players:
            rest = rest.replace(p, "")
        rest = re.sub(r"(?<![A-Za-z])e\d+", "", rest)  # event numbers, as the record's short forms write them
        if re.search(r"[A-Za-z]", rest):
            out.append(f"{step.fact}: English left in Japanese: {said}")
    return out


@pytest.mark.sweep  # make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("name", NAMES)
def test_every_step_is_said_in_both_languages(name: str) -> None:
    steps = record_steps(name)
    assert chains(name), name
    assert [p for step in chains(name) for lang in LANGS for p in problems(steps, step, lang)] == []


def test_the_records_cite_every_kind_of_step() -> None:
    """The checks above are not vacuous: the chains cite the counting rules, shown cards,
    raises and silences, Clue's refutations and passes, the fake and the outcomes."""
    cited = {r for name in NAMES for step in chains(name) for r in step.rules}
    assert {"deal", "case-file", "show-named", "must-raise", "clue-order", "fake-in-a-hand", "bluff", "solved",
            "accusation"} <= cited


def test_a_hand_counted_in_full() -> None:
    """The count of the viewer's hand, said as a count (aki's s8 was revealed later, so
    the hand is counted as dealt); the step is checked to be a real one first."""
    steps = record_steps("reference")
    step = Step(Fact("holder:s7", "aki", False), ("hand",), (), (DEAL,), 3)
    assert check_step(steps.problem, CpSatOracle(steps.problem.cp), step).ok
    assert steps.sentence(step, "en") == ("your hand (line 9); aki was dealt 6 cards: s4, s8, w1, w9, r2 and r3 are "
                                          "all of them, so s7 is not in aki's hand.")
    assert steps.sentence(step, "ja") == ("自分の手札（9行目）より、akiに配られた手札は6枚で、容疑者4、容疑者8、凶器1、凶器9、"
                                          "現場2、現場3で全部そろうので、容疑者7はakiの手札ではない。")


def test_a_case_file_count_names_the_one_card_left() -> None:
    """A card placed in the case file by the case-file rule alone: the premises leave it
    the only card of its category that can be there, and the sentence says so."""
    found = 0
    for name in NAMES:
        steps = record_steps(name)
        for step in chains(name):
            fact = as_holder(step.fact)
            if step.rules == (CASE_FILE,) and fact.value == "case" and fact.holds:
                card = steps.session.deck.parse(card_id(fact), None)
                assert card.category is not None
                en, ja = steps.sentence(step, "en"), steps.sentence(step, "ja")
                assert f"the case file holds one {card.category.value}, and of the {card.category.value}s only " \
                       f"{card.id} can be in it" in en, en
                assert f"入りうる{card.category.ja}は{card.ja}しかない" in ja, ja
                found += 1
    assert found
