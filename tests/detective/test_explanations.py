"""Memory Detective explanations are minimal, judged by the exact counter (not by CP-SAT).

For certain facts of ``analyze(session).certain`` (every one on the reference record, a
sample on 20 simulated records, ``case:`` facts and ``!=`` facts included),
``explain`` must answer "certain" with a set of record lines such that:

- the cited observations alone prove the fact: a ``DealCounter`` over exactly those
  observations gives it probability 1 (``!=``: the excluded place probability 0);
- dropping any one cited observation leaves it unproven for the counter;
- the rules they need (a minimal set, ``solver.search.minimal``) suffice and each is
  needed (the engine's own check);
- ``--json`` names the cited lines where they were written.

Every rule group is on in the counter (it has no switches): the case file, the hand
sizes and the public count are always known.  Without the ``public`` line, though, the
counter's ``DealProblem`` would know neither which cards are public nor how many slots
they fill (``from_observations`` simply drops public cards), so such subsets are counted
with the public area as one more "hand" of ``public_count`` cards (the fake never in
it): the deals of the CP-SAT model, where ``public`` is a holder like any other.
``holder:`` facts are about where a card is *now*: public if it was public at setup or
a cited reveal took it there, else where it was dealt (without its reveal line, nothing
takes a revealed card out of the hand it was dealt to).

Open facts give "open" with a deal where the fact fails (checked against the counter),
impossible facts give "impossible" with a minimal proof of the negation.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import cache
from importlib.resources import files

import pytest

from suiri.models.detective.analysis import analyze
from suiri.models.detective.cards import CATEGORIES, Category
from suiri.models.detective.counter import CASE, PUBLIC, Counts, DealCounter, DealProblem
from suiri.models.detective.game import GAME
from suiri.models.detective.reasoning import DetectiveReasoner
from suiri.models.detective.record import load, loads
from suiri.models.detective.rules import Holds, Observation, PublicSetup, Variant, variant_for
from suiri.models.detective.session import DetectiveSession
from suiri.models.detective.simulator import simulate
from suiri.solver.facts import Fact
from suiri.solver.reasoning import Proof, explain
from suiri.solver.search import minimal

REFERENCE = files("suiri.models.detective") / "records" / "detective-3p.toml"
FACTS_PER_RECORD = 4


# -- the counter on a subset of observations ----------------------------------------------------
def count_subset(variant: Variant, players: tuple[str, ...], observations: list[Observation]) -> Counts:
    """Exact counts of the deals satisfying only ``observations`` (every rule on)."""
    if any(isinstance(o, PublicSetup) for o in observations):
        return DealCounter(DealProblem.from_observations(variant, players, observations)).count()
    # No public line: the public area is a hand of public_count unknown cards.
    extended = Variant(variant.players + 1, variant.deck, variant.clue, variant.fake, 0,
                       (*variant.hand_sizes, variant.public_count))
    problem = DealProblem.from_observations(extended, (*players, PUBLIC), observations)
    allowed = {c: (a - {PUBLIC} if c.category is None else a) for c, a in problem.allowed.items()}
    return DealCounter(replace(problem, allowed=allowed)).count()


def probability(counts: Counts, fact: Fact, session: DetectiveSession, subset: list[Observation]) -> Fraction:
    """P(subject = value) over ``counts`` (the positive form of ``fact``): a card is public
    now if it was public at setup or a reveal among ``subset`` took it there, else where
    it was dealt."""
    assert counts.total > 0, "a subset of a consistent record is consistent"
    kind, _, arg = fact.subject.partition(":")
    if kind == "case":
        index = CATEGORIES.index(Category(arg))
        hits = sum(n for t, n in counts.truth.items() if t[index].id == fact.value)
        return Fraction(hits, counts.total)
    card = session.deck.parse(arg, None, session.variant.fake)
    if any(isinstance(o, Holds) and o.how == "reveal" and o.card == card for o in subset):
        return Fraction(int(fact.value == PUBLIC))
    row = counts.holders.get(card)
    if row is None:  # a public card of the setup (not in the problem)
        return Fraction(int(fact.value == PUBLIC))
    return Fraction(row.get(fact.value, 0), counts.total)


def proven(session: DetectiveSession, ids: list[str], fact: Fact) -> bool:
    """Do the observations ``ids`` alone prove ``fact``, for the exact counter?"""
    subset = [session.observation(i) for i in ids]
    p = probability(count_subset(session.variant, session.record.players, subset), fact, session, subset)
    return p == (1 if fact.holds else 0)


# -- the one engine's proof -----------------------------------------------------------------------
def proof_of(session: DetectiveSession, fact: Fact, lines_only: bool = False) -> Proof:
    return explain(DetectiveReasoner(session), fact, GAME.steps(session), lines_only=lines_only)


def cited(session: DetectiveSession, proof: Proof) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The record lines a proof's chain cites, and a minimal set of rules they need for
    its conclusion."""
    steps = GAME.steps(session)
    p, lines = steps.problem, tuple(proof.chain_lines)
    target = proof.chain[-1].fact
    kept = set(minimal(steps.explainer.oracle, [*(p.lines[g] for g in lines), -p.literal(target)], list(p.rules.values())))
    return lines, tuple(r for r, x in p.rules.items() if x in kept)


# -- the checks ----------------------------------------------------------------------------------
def check_minimal(session: DetectiveSession, fact: Fact, observations: tuple[str, ...], rules: tuple[str, ...]) -> None:
    """``observations`` prove ``fact`` (the counter), and each one and each rule is needed."""
    known = {o.id for o in session.observations}
    assert observations, fact
    assert len(set(observations)) == len(observations), (fact, observations)
    assert set(observations) <= known, (fact, observations)
    chosen = list(observations)
    assert proven(session, chosen, fact), (str(fact), chosen)
    for drop in chosen:
        rest = [i for i in chosen if i != drop]
        assert not proven(session, rest, fact), (str(fact), chosen, drop)
    engine = session.engine
    assert engine.world([fact.negate()], observations=chosen, rules=list(rules)) is None, (str(fact), rules)
    for drop in rules:
        fewer = [r for r in rules if r != drop]
        assert engine.world([fact.negate()], observations=chosen, rules=fewer) is not None, (str(fact), drop)


def check_certain(session: DetectiveSession, fact: Fact) -> int:
    proof = proof_of(session, fact)
    assert proof.status == "certain" and proof.probability == 1, (str(fact), proof.status)
    assert proof.chain and proof.chain[-1].fact == fact
    observations, rules = cited(session, proof)
    check_minimal(session, fact, observations, rules)
    check_json(session, proof)
    return len(observations)


def check_json(session: DetectiveSession, proof: Proof) -> None:
    """``--json`` names each cited line where it was written."""
    data = proof.to_json(DetectiveReasoner(session))
    assert [o["id"] for o in data["observations"]] == proof.chain_lines
    for o in data["observations"]:
        source = session.observation(o["id"]).source
        assert o["line"] == source.line and o["field"] == source.field


def check_open(session: DetectiveSession, fact: Fact) -> None:
    p = fact_probability(session, fact)
    assert 0 < p < 1
    proof = proof_of(session, fact)
    assert proof.status == "open" and proof.probability == p and not proof.chain, str(fact)
    check_counterexample(session, fact, proof.counterexample)


def check_impossible(session: DetectiveSession, fact: Fact) -> None:
    assert fact_probability(session, fact) == 0
    proof = proof_of(session, fact)
    assert proof.status == "impossible" and proof.probability == 0, str(fact)
    assert proof.chain and proof.chain[-1].fact == fact.negate()
    check_minimal(session, fact.negate(), *cited(session, proof))
    check_json(session, proof)
    check_counterexample(session, fact, proof.counterexample)


def check_counterexample(session: DetectiveSession, fact: Fact, world) -> None:
    """A deal where ``fact`` fails, possible for the counter."""
    assert world is not None, str(fact)
    case = [session.deck.parse(c, None) for c in world.case]
    assert [c.category for c in case] == list(CATEGORIES), world
    assert session.counts.truth.get(tuple(case), 0) > 0, (str(fact), world)
    kind, _, arg = fact.subject.partition(":")
    if kind == "case":
        actual = case[CATEGORIES.index(Category(arg))].id
    else:
        assert set(world.places) == {arg}, world
        actual = world.places[arg]
        assert session.where_now(session.deck.parse(arg, None, session.variant.fake))[actual] > 0, world
    assert (actual == fact.value) != fact.holds, (str(fact), world)


def fact_probability(session: DetectiveSession, fact: Fact) -> Fraction:
    """P(fact) for the session (``!=`` facts included)."""
    p = DetectiveReasoner(session).distribution(fact.subject)[fact.value]
    return p if fact.holds else 1 - p


# -- which facts ---------------------------------------------------------------------------------
def pick_certain(session: DetectiveSession, rng: random.Random) -> list[Fact]:
    """A few certain facts: every ``case:`` fact, then ``!=`` and ``=`` facts."""
    certain = analyze(session).certain
    case = [f for f in certain if f.subject.startswith("case:")]
    negative = [f for f in certain if not f.holds and f not in case]
    positive = [f for f in certain if f.holds and f not in case]
    picked = case[:2]
    picked += rng.sample(negative, min(2, len(negative)))
    picked += rng.sample(positive, min(FACTS_PER_RECORD - len(picked), len(positive)))
    return picked


def pick_uncertain(session: DetectiveSession, rng: random.Random) -> tuple[list[Fact], list[Fact]]:
    """(open facts, impossible facts) about hidden cards and the case file."""
    open_, impossible = [], []
    hidden = [c for c in session.variant.cards
              if c not in session.record.public and c not in session.replay.revealed]
    for card in hidden:
        for place, p in session.where_now(card).items():
            fact = Fact(f"holder:{card.id}", place)
            if 0 < p < 1:
                open_.append(fact)
            elif p == 0 and place != PUBLIC and not (place == CASE and card.category is None):
                impossible.append(fact)
    for cat in CATEGORIES:
        for card, p in session.truth(cat).items():
            fact = Fact(f"case:{cat.value}", card.id)
            (open_ if 0 < p < 1 else impossible if p == 0 and card in hidden else []).append(fact)
    opened = rng.sample(open_, min(2, len(open_)))
    negated = [f.negate() for f in rng.sample(open_, min(1, len(open_)))]
    return opened + negated, rng.sample(impossible, min(2, len(impossible)))


# -- the reference record ------------------------------------------------------------------------
@cache
def reference() -> DetectiveSession:
    return DetectiveSession(load(str(REFERENCE)))


def test_reference_certain_facts_have_minimal_explanations() -> None:
    session = reference()
    certain = analyze(session).certain
    assert {str(f) for f in certain} == {"holder:s1!=bea", "holder:s3=cid", "holder:s5=bea", "holder:s7=bea",
                                         "holder:w8=cid", "holder:r7=bea"}
    sizes = {str(f): check_certain(session, f) for f in certain}
    assert sizes["holder:s7=bea"] == 2  # bea raised on s7/w8/r3 and was silent on s1/w8/r3
    assert sizes["holder:s5=bea"] == 1  # aki's peek


def test_reference_more_certain_facts() -> None:
    """Certain facts analyze does not list (written in the record, or implied): still minimal."""
    session = reference()
    for text in ("holder:w8!=bea", "holder:r3!=cid", "case:suspect!=s3", "case:weapon!=w8", "holder:s1!=aki",
                 "holder:s8=public", "holder:s8!=aki", "case:suspect!=s8"):  # s8 was revealed (event 5)
        fact = DetectiveReasoner(session).parse_fact(text)
        assert fact_probability(session, fact) == 1, text
        check_certain(session, fact)


def test_reference_open_and_impossible_facts() -> None:
    session = reference()
    for text in ("holder:w4=case", "holder:s1=cid", "case:scene=r1", "case:weapon!=w4", "holder:r1!=bea"):
        check_open(session, DetectiveReasoner(session).parse_fact(text))
    for text in ("holder:s3=bea", "case:suspect=s3", "holder:s7=case", "case:weapon=w2", "holder:s1=bea",
                 "holder:s8=aki"):
        check_impossible(session, DetectiveReasoner(session).parse_fact(text))


def test_counter_on_subsets_agrees_with_the_session() -> None:
    """The helper above: with every observation it is the session's own count, and with the
    public area as a hand (the public line given as Holds) the same deals again."""
    for session in (reference(), *(simulated(i) for i in (0, 5, 11))):
        obs = session.observations
        direct = count_subset(session.variant, session.record.players, obs)
        assert (direct.total, direct.truth) == (session.counts.total, session.counts.truth)
        as_hand = [o for o in obs if not isinstance(o, PublicSetup)]
        as_hand += [Holds(f"public.{c.id}", o.source, None, PUBLIC, c) for o in obs if isinstance(o, PublicSetup)
                    for c in o.cards]
        extended = count_subset(session.variant, session.record.players, as_hand)
        assert (extended.total, extended.truth) == (direct.total, direct.truth)
        for card, row in direct.holders.items():
            assert {h: n for h, n in extended.holders[card].items() if n} == {h: n for h, n in row.items() if n}


# -- simulated records ---------------------------------------------------------------------------
SIMULATED = [(2, "base"), (3, "base"), (4, "base"), (5, "base"), (6, "base"), (3, "fake"), (4, "fake"),
             (5, "fake"), (7, "fake"), (8, "base"), (3, "clue"), (4, "clue"), (5, "clue"), (6, "clue-fake"),
             (4, "clue-fake"), (2, "fake"), (3, "base"), (4, "fake"), (6, "fake"), (3, "clue")]


@cache
def simulated(i: int) -> DetectiveSession:
    """Record ``i``: a seat (every fourth a spectator) late in a game of 20 to 40 events."""
    players, variant = SIMULATED[i]
    seed = 500 + 37 * i
    rng = random.Random(seed)
    game = simulate(variant_for(players, variant), seed, max_events=rng.randint(20, 40))
    viewer = None if i % 4 == 3 else rng.choice(game.players)
    cut = rng.randint(len(game.state.events) * 2 // 3, len(game.state.events))
    return DetectiveSession(game.record(viewer, cut))


@pytest.mark.sweep
@pytest.mark.parametrize("i", range(len(SIMULATED)),
                         ids=[f"{i}-{v}-{n}p" for i, (n, v) in enumerate(SIMULATED)])
def test_simulated_explanations_are_minimal(i: int) -> None:
    session = simulated(i)
    facts = pick_certain(session, random.Random(i))
    assert facts, "no certain fact to explain"
    for fact in facts:
        check_certain(session, fact)
    opened, impossible = pick_uncertain(session, random.Random(i))
    for fact in opened:
        check_open(session, fact)
    for fact in impossible:
        check_impossible(session, fact)


def test_simulated_records_cover_case_and_negative_facts() -> None:
    """The sample above explains ``case:`` facts, ``!=`` facts and multi-line proofs."""
    kinds: set[str] = set()
    for i in range(len(SIMULATED)):
        session = simulated(i)
        for fact in pick_certain(session, random.Random(i)):
            kinds.add(("case" if fact.subject.startswith("case:") else "holder") + ("=" if fact.holds else "!="))
    assert {"case=", "holder=", "holder!="} <= kinds, kinds


# -- proof steps with many players ---------------------------------------------------------------
def many_players(players: int) -> DetectiveSession:
    """A default-deck record: cid names s9/w8/r5, only dai raises; aki's hand holds none."""
    names = ["aki", "bea", "cid", "dai", "eri", "fumi", "gen", "hana"][:players]
    rules = variant_for(players, "base")
    size = rules.hand_sizes[0]
    public = ["s2", "w2", "r2", "s3", "w3", "r3", "s4", "w4"][: rules.public_count]
    hand = ["s1", "w1", "r1", "s5", "w5", "r6"][:size]
    text = (f'game = "detective"\nplayers = {names!r}\nviewer = "aki"\nhand = {hand!r}\npublic = {public!r}\n'
            '\n[[event]]\nkind = "deduce"\nby = "cid"\nnamed = ["s9", "w8", "r7"]\nraised = ["dai"]\n')
    return DetectiveSession(loads(text.replace("'", '"'), f"{players}p.toml"))


@pytest.mark.parametrize("players", [4, 6, 7, 8])
def test_steps_report_a_place_ruled_out_with_many_players(players: int) -> None:
    """Regression (was a bug of the older proof): with 7 or 8 players a holder subject has
    9 or 10 values; the one line proving 's9 is not in bea's hand' is still found."""
    session = many_players(players)
    fact = DetectiveReasoner(session).parse_fact("holder:s9!=bea")
    proof = proof_of(session, fact)
    assert proof.status == "certain" and tuple(proof.chain_lines) == ("e1.bea",)
    check_minimal(session, fact, *cited(session, proof))


FAKE_RECORD = """game = "detective"
players = ["aki", "bea", "cid"]
viewer = "aki"
fake = true
hand_sizes = { aki = 7, bea = 6, cid = 6 }
hand = ["w6", "fake", "s3", "r4", "w3", "r5", "s9"]
public = ["s5", "r6", "r3", "w9", "s2", "s4"]
"""


def test_the_fake_never_in_the_case_file_has_a_reason() -> None:
    """Regression (was a bug): the fake's place was no rule group in the CP-SAT model, so
    'holder:fake!=case' got an empty proof (no record line, no rule, no step)."""
    session = DetectiveSession(loads(FAKE_RECORD, "fake.toml"))
    fact = DetectiveReasoner(session).parse_fact("holder:fake!=case")
    proof = proof_of(session, fact)
    assert proof.status == "certain"
    assert proof.chain_lines or proof.chain_rules


# -- Clue accusations in proofs ------------------------------------------------------------------
ACCUSED = """game = "detective"
variant = "clue"
players = ["aki", "bea", "cid"]
viewer = "aki"
hand = ["s1", "w1"]
public = []

[cards]
suspects = ["s1", "s2", "s3"]
weapons = ["w1", "w2", "w3"]
scenes = ["r1", "r2", "r3"]

[[event]]
kind = "peek"
player = "bea"
card = "s3"

[[event]]
kind = "peek"
player = "cid"
card = "w3"

[[event]]
kind = "accuse"
by = "bea"
named = ["s2", "w2", "r1"]
correct = false
"""


def test_a_wrong_accusation_is_cited_with_its_line_and_rule() -> None:
    """s2 and w2 are in the envelope (aki's hand and two peeks), so bea's wrong accusation of
    s2, w2, r1 rules r1 out: the proof cites line 27 (``correct``) and the accusation rule."""
    from suiri.cli.detective_view import proof as render

    session = DetectiveSession(loads(ACCUSED, "accused.toml"))
    fact = DetectiveReasoner(session).parse_fact("case:scene!=r1")
    assert check_certain(session, fact) == 4
    p = proof_of(session, fact, lines_only=True)
    assert "e3" in p.chain_lines and "accusation" in cited(session, p)[1]
    assert session.observation("e3").source.line == 27
    english = render(session, p, "en")
    assert "event 3: bea accused s2, w2, r1 and was wrong (line 27)" in english
    assert "an accusation: an accusation checks the envelope" in english
    japanese = render(session, p, "ja")
    assert "イベント3：beaが容疑者2、凶器2、現場1と告発し、はずれだった" in japanese and "告発: 告発では封筒" in japanese


def test_a_correct_accusation_proves_the_truth() -> None:
    session = DetectiveSession(loads(ACCUSED.replace('"r1"]\ncorrect = false', '"r2"]\ncorrect = true'), "a.toml"))
    assert session.replay.solved
    fact = DetectiveReasoner(session).parse_fact("case:scene=r2")
    check_certain(session, fact)
    assert proof_of(session, fact).chain_lines == ["e3"]


def test_the_fake_is_out_of_the_case_file_by_counting_alone() -> None:
    """Regression (was a hang): with the hand sizes and the case file rule but not the
    fake's own rule, "the fake is not in the case file" follows by counting (the case file
    gets the three cards left, one per category).  CP-SAT, without presolve, ran into its
    20-second limit proving it on the Clue deck with 4 players (``explain`` then raised
    ``Undecided`` on a simulated record); the model now states the count."""
    session = DetectiveSession(GAME.simulate(4, 1, 0, None, "clue-fake"))
    engine = session.engine
    fake_in_case = Fact("holder:fake", "case")
    assert engine.world([fake_in_case], observations=[], rules=["case-file", "deal"]) is None
    assert engine.world([fake_in_case], observations=[], rules=["deal"]) is not None  # each rule is needed
    assert engine.world([fake_in_case], observations=[], rules=["case-file"]) is not None


# -- Clue's own words ---------------------------------------------------------------------------
CLUE_WORDS_RECORD = """game = "detective"
players = ["aki", "bea", "cid"]
viewer = "aki"
variant = "clue"
hand = ["s1", "w1"]
public = []

[cards]
suspects = ["s1", "s2", "s3"]
weapons = ["w1", "w2", "w3"]
scenes = ["r1", "r2", "r3"]

[[event]]
kind = "suggest"
by = "aki"
named = ["s2", "w2", "r2"]
passed = []
refuted_by = "bea"
shown = { bea = "s2" }

[[event]]
kind = "suggest"
by = "bea"
named = ["s3", "w3", "r1"]
passed = ["cid", "aki"]
outcome = "wrong"
"""
MEMORY_DETECTIVE_WORDS = {"en": ("raise", "deduction", "deducer"), "ja": ("手を挙げ", "推理者")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_clue_explanations_use_clue_words(lang: str) -> None:
    """Regression (was a bug): Clue proofs and hints said "bea showed s2 on aki's deduction",
    "a raiser shows the deducer ..." and "nobody raised on ...": Memory Detective's words.
    Every record line and rule a Clue proof can cite now speaks of suggestions, refuting
    and passing; the base game keeps its own words."""
    from suiri.models.detective.rules import RULES
    from suiri.models.detective.text import Text

    session = DetectiveSession(loads(CLUE_WORDS_RECORD, "clue.toml"))
    t = Text(lang, session.deck, clue=True)
    lines = [t.observation(o, "aki", o.event and session.record.events[o.event - 1].by) for o in session.observations]
    lines += [t.rule(r) for r in RULES if r != "must-raise"] + [t.rule_name(r) for r in RULES if r != "must-raise"]
    for line in lines:
        assert not any(w in line.lower() for w in MEMORY_DETECTIVE_WORDS[lang]), line
    shown = {"en": "event 1: bea refuted aki's suggestion with s2",
             "ja": "イベント1：akiの推理をbeaが容疑者2を見せて否定した"}[lang]
    nobody = {"en": "event 2: nobody refuted s3, w3, r1, declared wrong",
              "ja": "イベント2：容疑者3、凶器3、現場1を誰も否定しなかったが、はずれだった"}[lang]
    assert shown in lines and nobody in lines
    base = Text(lang, session.deck)
    assert any(w in base.rule("show-named") for w in MEMORY_DETECTIVE_WORDS[lang])
    assert any(w in base("wrong", ev="", cards="") for w in ("raised", "手を挙げ"))
