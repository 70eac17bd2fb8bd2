"""Werewolf Never Sleeps' step-wise explanations (``suiri.solver.stepwise``): the
record's model as a step problem, and each step said as one sentence, in English and
Japanese.

The vocabulary is every subject the model declares: where the Lost Legacy is, who is
the Werewolf and the Madman, and the kind of every hidden card (hands, the ruins, each
discard position), so a step can say "the ruins do not hold a Vote" although no
``explain`` subject asked about it.  Facts about one card (or one role) are one premise
for a reader: "dan's hand is not the Medium, a Villager, the Knight, the Seer or a
Sleep".  To these it adds the cards of the game's past (``history``): the card each
player was dealt (``dealt:dan``), the card drawn at each turn (``drew:8``) and a hand
card after a turn that changed it (``after:8:dan``).  Without them a step could only
speak of where cards are now, and an argument about what a card went through ("dan
drew it at turn 8 and had to play it") became one step citing five to nine turns; with
them it is a chain of steps citing one or two turns each.  What is known of one
player's past cards is one premise ("what dan was dealt, drew and kept").

A sentence gives the premises, then the conclusion ("…, so …" / 「…ので、…」): each
cited record line in its short form with its line number, the cited facts grouped by
the card or role they are about, and the reasons the step's rules give.  A step citing
the deck rule is said as a count ("three Votes exist; …"): which kinds it counts is
asked of the solver, with the deck rule split into one count per kind, so the sentence
names exactly the counts the step needs.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from suiri.solver.cnf import literal_of
from suiri.solver.facts import Fact
from suiri.solver.oracle import Backend
from suiri.solver.problem import Step, StepProblem, problem_from_model
from suiri.solver.stepwise import (
    ChainContext,
    Group,
    RecordSteps,
    Said,
    SplitRule,
    facts_group,
    fit,
)

from .analysis import analyze
from .cards import ATTACKS, BY_ID, KINDS, NOBODY, SLEEP, Kind
from .encoder import (
    DECK,
    ELIMINATION,
    HUNT,
    MUST_PLAY,
    PLAYED_FROM_HAND,
    SEARCH_CALL,
    SEEN,
    STAYS_HOME,
    Card,
)
from .rules import hand
from .session import WerewolfSession, line_source
from .text import Text

# Simplicity of each rule, a step's cost (``Step.weight``): what one saw is plain sight,
# and so is a hand raised at a call (W15); counting the deck takes a step of bookkeeping.
RULE_WEIGHT = {SEEN: 1, PLAYED_FROM_HAND: 1, ELIMINATION: 1, HUNT: 1, SEARCH_CALL: 1, MUST_PLAY: 2, STAYS_HOME: 2,
               DECK: 3}

# The reasons a step's rules give, in the order a sentence states them.  What was seen
# needs no reason (the cited line says it); the deck rule is the count that opens the
# sentence.
REASONS = (PLAYED_FROM_HAND, MUST_PLAY, HUNT, ELIMINATION, SEARCH_CALL, STAYS_HOME)
assert set(REASONS) | {SEEN, DECK} == set(RULE_WEIGHT)


DEALT, DREW, AFTER = "dealt:", "drew:", "after:"  # dealt:P, drew:N, after:N:P (see ``history``)


def history(session: WerewolfSession) -> dict[str, Card]:
    """The cards of the game's past a player reasons with, by subject: the card each
    player was dealt (``dealt:dan``), the card drawn at each turn (``drew:8``, the turn
    in progress included) and a player's hand card after each turn that changed it
    (``after:8:dan``: the mover's card kept, a Werewolf's card after a Sleep swap).  A
    card some subject of the state now already names (a hand never played from, the
    ruins) is left to that subject."""
    wm, rp = session.werewolf_model, session.replay
    players = session.record.players
    cards: dict[str, Card] = {f"{DEALT}{p}": wm.shuffle[i] for i, p in enumerate(players)}
    cards |= {f"{DREW}{m.number}": wm.shuffle[m.draw] for m in rp.moves}
    if rp.pending is not None:
        cards[f"{DREW}{len(session.record.turns) + 1}"] = wm.shuffle[wm.drawn - 1]
    before = {hand(p): wm.shuffle[i] for i, p in enumerate(players)}
    for move, state in zip(rp.moves, wm.after, strict=True):
        for p in players:
            card = state.get(hand(p))
            if card is not None and card is not before.get(hand(p)):
                cards[f"{AFTER}{move.number}:{p}"] = card
        before = state
    named = {literal_of(lit) for subject in wm.model.subjects.values() for lit in subject.values.values()}
    return {name: card for name, card in cards.items() if literal_of(card[0]) not in named}


def owner(session: WerewolfSession, subject: str) -> str | None:
    """Whose card a history subject names: the player dealt it, who drew it, whose hand
    it was (None for a subject of the state now)."""
    kind, _, rest = subject.partition(":")
    if kind == DEALT[:-1]:
        return rest
    if kind == DREW[:-1]:
        turns = session.record.turns
        return turns[int(rest) - 1].player if int(rest) <= len(turns) else session.record.viewer
    if kind == AFTER[:-1]:
        return rest.partition(":")[2]
    return None


def step_problem(session: WerewolfSession) -> StepProblem:
    """The session's model as clauses; the vocabulary is every declared subject (the
    state now) and the history's cards, each of them valued by card kind.  A player's
    past cards (dealt, drawn, kept) are one premise, as a player recalls "what ben
    went through"; a card of the state now is one premise by itself."""
    extra = {Fact(name, k.id): card[k.index] for name, card in history(session).items()
             for k in KINDS if session.record.deck[k.index]}

    def unit(fact: Fact) -> str:
        who = owner(session, fact.subject)
        return fact.subject if who is None else f"cards:{who}"

    return problem_from_model(session.engine.model, RULE_WEIGHT, extra, unit_key=unit)


class WerewolfSteps(RecordSteps):
    """Step-wise explanations of one Werewolf record (``oracle``: "sat" or "cpsat")."""

    def __init__(self, session: WerewolfSession, oracle: Backend = "sat") -> None:
        self.session = session
        self._counted: dict[Step, list[Kind]] = {}
        super().__init__(step_problem(session), lambda: analyze(session).certain, oracle)

    @cached_property
    def kind_counts(self) -> SplitRule[Kind]:
        """The deck rule split into one count per kind (encoder.deck_composition: in KINDS order)."""
        return SplitRule(self.session.engine.model, DECK, KINDS)

    # -- sentences ---------------------------------------------------------------------
    def say(self, step: Step, lang: str, chain: ChainContext) -> Said:
        """One step as a player would say it: the count (a step citing the deck rule),
        the cited lines and facts, the reasons its rules give, then the conclusion.  Too
        many premises for one sentence: the facts of earlier steps, then the record
        lines, are named as a group and listed under it."""
        t = Text(lang, self.session.record)
        counted = self.counted(step) if DECK in step.rules else []
        items, facts = self.facts_text(t, step.facts, counted)
        reasons = self.reasons(t, step, chain)
        conclusions = [t.fact(step.fact)] if not step.also else self.facts_text(t, step.conclusions)[1]

        def compose(head: list[list[str]]) -> str:
            *premises, why, facts = head
            parts = {"premises": t("step-sep").join(x for part in premises for x in part), "fact": t("step-sep").join(facts)}
            if counted:
                parts["count"] = self.count_text(t, counted)
            key = "step-count" if counted else "step"
            if why:
                parts["why"] = t("step-sep").join(why)
                key += "-why"
            return t(key, **parts)

        plain = [f for f in step.facts if not (f.holds and BY_ID.get(f.value) in counted)]
        return fit(compose, [Group(items), Group([self.line_text(t, oid) for oid in step.lines], lambda n: t("group-lines", n=n)),
                             Group(facts, lambda n: facts_group(t, n, chain.steps_of(plain), lang)),
                             Group(reasons, lambda n: t("group-reasons", n=n), premises=False),
                             Group(conclusions, lambda n: t("group-conclusions", n=n), premises=False)])

    def counted(self, step: Step) -> list[Kind]:
        """The kinds whose number of copies the step counts (asked once per step: the
        English and the Japanese sentence name the same counts)."""
        if step not in self._counted:
            p = self.problem
            given = [*(p.lines[g] for g in step.lines), *(p.literal(f) for f in step.facts),
                     *(p.rules[r] for r in step.rules if r != DECK)]
            kinds: list[Kind] = []
            for fact in step.conclusions:  # a step said for several facts counts what each needs
                in_deck = [k for k in KINDS if self.session.record.deck[k.index]]
                kinds += [k for k in self.kind_counts.needed([*given, -p.literal(fact)], among=in_deck) if k not in kinds]
            self._counted[step] = kinds
        return self._counted[step]

    def line_text(self, t: Text, oid: str) -> str:
        """A record line in its short form (turn or call number, player, card, what it
        told) with its line number in the record file, when there is one."""
        src = line_source(self.session, oid)
        short = t.short(oid, self.session.record, self.session.replay)
        return short + (t("line-ref", n=src.line) if src.line else "")

    def facts_text(self, t: Text, facts: Sequence[Fact], counted: Sequence[Kind] = ()) -> tuple[list[str], list[str]]:
        """The cited facts, those about one card or role said together, as the explainer
        counts them as one premise ("dan's hand card is not the Medium, the Villager or a
        Seer").  In a count, a card of a counted kind is one of the copies ("one is …"):
        those items come first (returned apart), the other facts after."""
        groups: dict[tuple[str, bool], list[str]] = {}
        for f in facts:
            groups.setdefault((f.subject, f.holds), []).append(f.value)
        items: list[str] = []
        out: list[str] = []
        for (subject, holds), values in groups.items():
            if len(values) > 1:
                out.append(self._group(t, subject, holds, values))
            elif holds and BY_ID.get(values[0]) in counted and subject not in ("lost-legacy", "werewolf", "madman"):
                items.append(t("count-item", at=t.card_at(subject)))
            else:
                out.append(t.fact(Fact(subject, values[0], holds)))
        return items, out

    def _group(self, t: Text, subject: str, holds: bool, values: list[str]) -> str:
        """Several facts about one subject (one polarity: only negative facts come in
        groups, a subject has one value)."""
        if subject == "lost-legacy":
            return t("lost-legacy!=many", places=t.either([t.place(v) for v in values]))
        if subject in ("werewolf", "madman") and NOBODY not in values:
            return t(f"{subject}!=many", names=t.names_and(values))
        if subject in ("werewolf", "madman"):
            return t("fact-sep").join(t.fact(Fact(subject, v, holds)) for v in values)
        order = {k.id: k.index for k in KINDS}
        attacks = {k.id for k in ATTACKS}
        cards = [t.a(v) for v in sorted(values, key=lambda v: order[v]) if not attacks <= set(values) or v not in attacks]
        if attacks <= set(values):  # not ①, ② or ③: not an Attack
            cards.append(t("any-attack"))
        return t("card!=many", at=t.card_at(subject), cards=t.either(cards))

    def count_text(self, t: Text, kinds: Sequence[Kind]) -> str:
        """How many copies of each counted kind the deck holds ("three Votes and one
        Madman exist"); every kind counted: "counting all 16 cards"."""
        deck = self.session.record.deck
        if len(kinds) == sum(1 for n in deck if n):
            return t("count-all", n=sum(deck))
        items = [t.copies(k, deck[k.index]) for k in kinds]
        return t("count-exist" if len(kinds) > 1 or deck[kinds[0].index] > 1 else "count-exists",
                 counts=t.all_of(items))

    def reasons(self, t: Text, step: Step, chain: ChainContext | None = None) -> list[str]:
        """What the step's rules say, in a few words, and two rules of the game that are
        no rule group: a Sleep lets only the Werewolf swap (a cited Sleep turn beyond
        what it saw, or a hand card that a swap may have brought), and the
        Werewolf is who holds the Lost Legacy (a step between the two).  A rule's
        reason said at an earlier step of the chain is named in short.  A step with no
        rule at all narrows one card down to its last possible kind.  These three are
        asides, rules of the game rather than of the step: said once per chain."""
        chain = chain or ChainContext()
        out = [t(f"why:{r}") if chain.once(f"why:{r}") else t("why-again", name=t(f"rule-name:{r}"))
               for r in REASONS if r in step.rules]
        told = set(step.rules) <= {SEEN}  # what a line says it saw needs no swap
        asides = []
        if (not told and any(self._sleep(oid) for oid in step.lines)) or self._swappable(step.fact.subject):
            asides.append("why:sleep")
        if (step.fact.subject == "werewolf") != any(f.subject == "werewolf" for f in step.facts):
            asides.append("why:werewolf")
        if not step.rules and not step.lines and {f.subject for f in step.facts} == {step.fact.subject} \
                and step.fact.subject not in ("lost-legacy", "werewolf", "madman"):
            asides.append("why:one-kind")
        return out + [t(key) for key in asides if chain.once(key)]

    def _swappable(self, subject: str) -> bool:
        """Whether a hand card (``hand:P`` now, ``after:N:P``) may have come from its
        player's discard at a Sleep up to then: a hand is not only what was dealt and
        drawn."""
        kind, _, rest = subject.partition(":")
        if kind not in ("hand", AFTER[:-1]):
            return False
        turn, _, player = rest.rpartition(":")
        last = int(turn) if turn else len(self.session.replay.moves)
        return any(m.swaps and m.swaps.get(player) for m in self.session.replay.moves[:last])

    def _sleep(self, oid: str) -> bool:
        kind, _, n = oid.partition("-")
        turns = self.session.record.turns
        return kind == "turn" and int(n) <= len(turns) and turns[int(n) - 1].play == SLEEP


__all__ = ["WerewolfSteps", "history", "step_problem"]
