"""Memory Detective's step-wise explanations (``suiri.solver.stepwise``): the record's
model as a step problem.

The vocabulary: where each card is (``holder:CARD`` is / is not a place).  The case
file's categories (``case:suspect=s8``) are the same literals as "s8 is in the case
file", so they are left out of the vocabulary; a target named that way keeps its name.
A reader takes "bea holds s1, w2 and r4" as one premise (counting a hand) and "s8 is
not with aki, bea or the public" as another, so derived facts are grouped into
premise units by holder when they place a card and by card when they rule places out.

Each step is said as one sentence (``DetectiveSteps.sentence``, English and Japanese,
every string in ``text.py``): the record lines cited (short form, line number), the
facts cited (grouped as they are counted), why they give the conclusion (the rule each
cited line is read by), and for the counting rules the count itself: "bea holds 6
cards: … are all of them", "the case file holds one suspect, and of the suspects only
s1 can be in it".  What a count counts is what the step's premises say *before*
counting: the places they force or rule out under the step's other rules (a backbone
on a solver of its own, so asking for a sentence never changes a later chain).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from suiri.solver.backends import SatOracle
from suiri.solver.cnf import literal_of
from suiri.solver.facts import Fact
from suiri.solver.oracle import Backend, Oracle
from suiri.solver.problem import Step, StepProblem, problem_from_model
from suiri.solver.search import backbone
from suiri.solver.stepwise import ChainContext, Group, RecordSteps, Said, facts_group, fit

from .analysis import analyze
from .cards import CATEGORIES, Card, Category
from .counter import CASE, PUBLIC
from .rules import (
    ACCUSATION,
    BLUFF,
    CASE_FILE,
    CLUE_ORDER,
    DEAL,
    FAKE_IN_A_HAND,
    MUST_RAISE,
    SHOW_NAMED,
    SOLVED,
    WRONG,
    CaseIs,
    HoldsNone,
    HoldsOneOf,
    Observation,
)
from .session import DetectiveSession
from .text import Text

# Simplicity of each rule, a step's cost (``Step.weight``): a shown card is plain sight;
# the case file's one-per-category and the hand sizes need a step of bookkeeping.
RULE_WEIGHT = {SHOW_NAMED: 1, MUST_RAISE: 1, CLUE_ORDER: 1, SOLVED: 1, WRONG: 1, ACCUSATION: 1, FAKE_IN_A_HAND: 1,
               BLUFF: 2, CASE_FILE: 2, DEAL: 3}

COUNTING = (DEAL, CASE_FILE)  # the rules a step states as a count
CANDIDATES = 3  # "of the suspects only s1, s2 and s6 can be in it": listed up to this many


def in_vocabulary(fact: Fact) -> bool:
    return fact.subject.startswith("holder:")


def unit_key(fact: Fact) -> str:
    """Cards placed with one holder count as one premise; places ruled out for one card too."""
    return f"holds:{fact.value}" if fact.holds else fact.subject


def step_problem(session: DetectiveSession) -> StepProblem:
    model = session.engine.model
    return problem_from_model(model, RULE_WEIGHT, keep=in_vocabulary, unit_key=unit_key)


class DetectiveSteps(RecordSteps):
    """Step-wise explanations of one Memory Detective record (``oracle``: "sat" or "cpsat")."""

    def __init__(self, session: DetectiveSession, oracle: Backend = "sat") -> None:
        self.session = session
        self._words: Oracle | None = None
        super().__init__(step_problem(session), lambda: analyze(session).certain, oracle)

    # -- sentences ------------------------------------------------------------------------
    def say(self, step: Step, lang: str, chain: ChainContext) -> Said:
        """One step as a player says it ("en" or "ja"): the record lines cited, the facts
        cited (grouped as they are counted), why they give the conclusion, then "so" and
        the conclusion.  A step citing ``deal`` or ``case-file`` states its count.  Too
        many premises for one sentence: the facts of earlier steps, then the record
        lines, are named as a group and listed under it."""
        s = self.session
        t = Text(lang, s.deck, s.variant.clue)
        counts, counted = self._counts(t, step)
        why = [*self._why(t, step), *counts]
        conclusions = [t.fact(step.fact)] if not step.also else self._facts_text(t, step.conclusions, {})

        def compose(head: list[list[str]]) -> str:
            line_part, facts, reasons, said = head
            fact = t.m["premise-sep"].join(said)
            lines = t.m["line-sep"].join(line_part)
            rest = [*facts, *reasons]
            if not rest:
                return t("step-lines", lines=lines, fact=fact) if lines else t("step-rules", fact=fact)
            premises = t.m["premise-sep"].join(rest)
            return t("step", premises=t("lines-lead", lines=lines) + premises if lines else premises, fact=fact)

        return fit(compose, [Group([self._line_text(t, g) for g in step.lines], lambda n: t("group-lines", n=n)),
                             Group(self._facts_text(t, step.facts, counted),
                                   lambda n: facts_group(t, n, chain.steps_of(step.facts), lang)),
                             Group(why, lambda n: t("group-reasons", n=n), premises=False),
                             Group(conclusions, lambda n: t("group-conclusions", n=n), premises=False)])

    def _line_text(self, t: Text, oid: str) -> str:
        """A record line in its short form, with its line number when the record has one."""
        o = self.session.observation(oid)
        short = t.short(o, self._deducer(o))
        return t("step-line", short=short, where=t("line", n=o.source.line)) if o.source.line else short

    def _deducer(self, o: Observation) -> str | None:
        if o.event is None:
            return None
        return getattr(self.session.record.events[o.event - 1], "by", None)

    # -- the facts cited, grouped as the explainer counts them ------------------------------
    def _facts_text(self, t: Text, facts: Sequence[Fact], counted: dict[str, set[Card]]) -> list[str]:
        """One phrase per premise unit: "bea holds s1, w2 and r4", "s8 is not with aki,
        bea or the public".  Cards placed with a holder a count lists in full are left
        to that count ("bea holds 4 cards: … are all of them")."""
        groups: dict[str, list[Fact]] = {}
        for f in map(as_holder, facts):
            groups.setdefault(unit_key(f), []).append(f)
        out = []
        for group in groups.values():
            first = group[0]
            if first.holds:
                if {self._card(f) for f in group} <= counted.get(first.value, set()):
                    continue
                cards = self._cards(t, [card_id(f) for f in group])
                out.append(t(f"fact-holds-{place_kind(first.value)}", p=first.value, cards=cards, n=len(group)))
            elif len(group) == 1:
                out.append(t.fact(first))
            else:
                places = [t(f"where-{place_kind(f.value)}", p=f.value) for f in self._by_place(group)]
                out.append(t("fact-not", card=t.card(card_id(first)), places=join(t, places, "or"),
                             n=len(places)))
        return out

    def _by_place(self, facts: list[Fact]) -> list[Fact]:
        order = {h: i for i, h in enumerate(self.session.holders)}
        return sorted(facts, key=lambda f: order.get(f.value, len(order)))

    def _cards(self, t: Text, ids: Sequence[str]) -> str:
        order = {c.id: i for i, c in enumerate(self.session.variant.cards)}
        return join(t, [t.card(i) for i in sorted(ids, key=lambda i: order.get(i, len(order)))], "and")

    # -- why the lines give the conclusion (the rule each cited line is read by) --------------
    def _why(self, t: Text, step: Step) -> list[str]:
        observations = [self.session.observation(g) for g in step.lines]
        out: list[str] = []
        for rule in step.rules:
            if rule in COUNTING:
                continue
            read = [o for o in observations if getattr(o, "rule", None) == rule]
            keys = why_keys(rule, read)
            out += [t(k) for k in keys] if keys else [t.rule(rule)]
        return out

    # -- counting -------------------------------------------------------------------------
    def _counts(self, t: Text, step: Step) -> tuple[list[str], dict[str, set[Card]]]:
        """The count each counting rule of the step makes, and the cards each holder
        counted in full has (the count lists them: they are not said again as facts)."""
        if not set(step.rules) & set(COUNTING):
            return [], {}
        known = self._direct(step)
        out: list[str] = []
        counted: dict[str, set[Card]] = {}
        if DEAL in step.rules:
            out += self._hand_counts(t, step, known, counted)
        if CASE_FILE in step.rules:
            out += self._case_counts(t, step, known)
        return out, counted

    def _hand_counts(self, t: Text, step: Step, known: Direct, counted: dict[str, set[Card]]) -> list[str]:
        """D3 as a count: each holder whose cards the premises list in full ("bea holds 4
        cards: s2 and one of s5/w3/r4, … are all of them"), or whose possible cards are
        exactly as many as it holds, and the holder the conclusion is about."""
        about = holder_of(as_holder(step.fact))
        card = self._card(step.fact)
        out = []
        for h in self.session.holders:
            n, placed, possible = self._size(h), known.placed[h], known.possible[h]
            count = self._count_phrase(t, h, n)
            groups = self._one_of(step, h, known)
            items = [t.card(c) for c in placed] + \
                [t("one-of", cards=t.m["alt-sep"].join(t.card(c) for c in g)) for g in groups]
            if n == 0:
                if card in possible or h == about:  # "no card was laid out public" is what rules it out
                    out.append(count)
            elif items and len(items) == n:
                counted[h] = set(placed)
                out.append(t("count-all-of", count=count, cards=join(t, items, "and"), n=len(items)))
            elif possible and len(possible) == n:
                out.append(t("count-only", count=count, cards=self._cards(t, [c.id for c in possible])))
            elif h == about:
                out.append(t("count-among", count=count, cards=join(t, items, "and")) if items
                           else t("count-alone", count=count))
        if not out:
            sizes = t.m["list-sep"].join(t("count-size-of", p=p, n=n)
                                         for p, n in zip(self.session.record.players, self.session.variant.hand_sizes,
                                                         strict=True))
            public = self.session.variant.public_count
            out.append(t("count-deal-1" if public == 1 else "count-deal", sizes=sizes, n=public))
        return out

    def _one_of(self, step: Step, h: str, known: Direct) -> list[list[Card]]:
        """The cited raises (refutations, shows) of ``h`` that each put one more card in
        its hand: none of their cards is already placed there, and no two share a card."""
        groups: list[list[Card]] = []
        used = set(known.placed[h])
        for g in step.lines:
            o = self.session.observation(g)
            if isinstance(o, HoldsOneOf) and o.player == h:
                cards = [c for c in o.cards if c in known.possible[h]]
                if cards and not used & set(cards):
                    groups.append(cards)
                    used |= set(cards)
        return groups

    def _count_phrase(self, t: Text, h: str, n: int) -> str:
        if n == 0:
            return t("count-none", p=h) if h not in (CASE, PUBLIC) else t(f"count-none-{place_kind(h)}")
        if h == CASE:
            return t("count-case", n=n)
        if h == PUBLIC:
            return t("count-public", n=n)
        dealt = any(p == h for p, _ in self.session.replay.revealed.values())
        return t("count-hand-dealt" if dealt else "count-hand", p=h, n=n)

    def _size(self, h: str) -> int:
        v = self.session.variant
        if h == PUBLIC:
            return v.public_count
        if h == CASE:
            return len(v.cards) - sum(v.hand_sizes) - v.public_count
        return v.hand_sizes[self.session.record.players.index(h)]

    def _case_counts(self, t: Text, step: Step, known: Direct) -> list[str]:
        """The case-file rule as a count: one card of each category, and which of the
        category the premises leave for it ("of the suspects only s1 can be in it")."""
        card = self._card(step.fact)
        cats = [card.category] if card.category is not None else \
            [c for c in CATEGORIES if len(known.in_case(c)[0]) == 1]
        out = []
        for cat in cats:
            possible, sure = known.in_case(cat)
            names = {"cat": t.category(cat), "cats": t("cat-plural", cat=t.category(cat))}
            if sure and sure[0] != card:
                out.append(t("case-it-is", card=t.card(sure[0]), **names))
            elif len(possible) < len(self.session.deck.of(cat)) and len(possible) <= CANDIDATES:
                said = t("case-only", cards=self._cards(t, [c.id for c in possible]), **names)
                out.append(self._elsewhere(t, said, [c for c in self.session.deck.of(cat) if c not in possible], known))
            else:
                out.append(t("case-one", **names))
        return out or [t.rule(CASE_FILE)]

    def _elsewhere(self, t: Text, said: str, others: Sequence[Card], known: Direct) -> str:
        """"… only s3 can be in it (s1 and s2 with aki, s4 with the public)": where the
        premises place the cards of the category that cannot be in the case file, so the
        reader sees why only the candidates are left."""
        placed = []
        for h in self.session.holders:
            cards = [c.id for c in others if c in known.placed[h]]
            if cards and h != CASE:
                placed.append(t("case-placed", cards=self._cards(t, cards), place=t(f"where-{place_kind(h)}", p=h)))
        return t("case-elsewhere", said=said, placed=t.m["case-sep"].join(placed)) if placed else said

    def _card(self, fact: Fact) -> Card:
        """The card a fact is about."""
        return self.session.deck.parse(card_id(as_holder(fact)), None, self.session.variant.fake)

    def _direct(self, step: Step) -> Direct:
        """What the step's premises say before counting: the places where each card
        must have been dealt, or cannot have been, under the step's other rules."""
        p, dm = self.problem, self.session.detective_model
        assume = [*(p.lines[g] for g in step.lines), *(p.literal(f) for f in step.facts),
                  *(p.rules[r] for r in step.rules if r not in COUNTING)]
        cards, holders = self.session.variant.cards, self.session.holders
        lits = {(c, h): literal_of(dm.dealt[c][h]) for c in cards for h in holders}
        forced = set(backbone(self._words_oracle, assume, [x for lit in lits.values() for x in (lit, -lit)]))
        return Direct({h: [c for c in cards if lits[c, h] in forced] for h in holders},
                      {h: [c for c in cards if -lits[c, h] not in forced] for h in holders})

    @property
    def _words_oracle(self) -> Oracle:
        """A solver of its own for the sentences: a chain built later does not depend on
        which sentences were asked for."""
        if self._words is None:
            self._words = SatOracle(self.problem.cnf)
        return self._words


@dataclass(frozen=True)
class Direct:
    """Where the cards were dealt, as far as a step's premises say before counting."""

    placed: dict[str, list[Card]]  # holder -> the cards surely dealt there
    possible: dict[str, list[Card]]  # holder -> the cards that may have been dealt there

    def in_case(self, cat: Category) -> tuple[list[Card], list[Card]]:
        """The cards of ``cat`` that may be in the case file, and those that surely are."""
        return ([c for c in self.possible[CASE] if c.category == cat],
                [c for c in self.placed[CASE] if c.category == cat])


def as_holder(fact: Fact) -> Fact:
    """``case:suspect=s8`` as ``holder:s8=case`` (one literal, one way of saying it)."""
    if fact.subject.startswith("case:"):
        return Fact(f"holder:{fact.value}", CASE, fact.holds)
    return fact


def card_id(fact: Fact) -> str:
    return fact.subject.partition(":")[2]


def holder_of(fact: Fact) -> str:
    return fact.value


def place_kind(holder: str) -> str:
    return {CASE: "case", PUBLIC: "public"}.get(holder, "player")


def join(t: Text, items: Sequence[str], word: str) -> str:
    """"a, b and c" / "a, b or c" (Japanese: 「a、b、c」)."""
    if len(items) < 2:
        return "".join(items)
    return t.m["list-sep"].join(items[:-1]) + t.m[f"{word}-last"] + items[-1]


def why_keys(rule: str, read: Sequence[Observation]) -> list[str]:
    """The sentence keys saying why the lines read by ``rule`` give what they give."""
    if rule in (MUST_RAISE, CLUE_ORDER):
        yes, no = ("why-raise", "why-silent") if rule == MUST_RAISE else ("why-refute", "why-pass")
        return ([yes] if any(isinstance(o, HoldsOneOf) for o in read) else []) + \
            ([no] if any(isinstance(o, HoldsNone) for o in read) else [])
    if rule == ACCUSATION:
        return ["why-accuse-right" if isinstance(o, CaseIs) else "why-accuse-wrong" for o in read[:1]]
    return {SHOW_NAMED: ["why-shown"], SOLVED: ["why-solved"], WRONG: ["why-wrong"], BLUFF: ["why-bluff"],
            FAKE_IN_A_HAND: ["why-fake"]}.get(rule, [])
