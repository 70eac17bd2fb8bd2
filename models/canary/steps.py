"""Canary's step-wise explanations (``suiri.solver.stepwise``): the record's model as a
step problem, the facts a step may state, and one sentence per step, in English and
Japanese.

The vocabulary a step may conclude or cite: each player's clue (is / is not), the
fake (4 players), the goal (is / is not), which card a square holds, and which
attributes a square's card carries or lacks (``carries:SQ=ATTRIBUTE``, a fact no
``explain`` subject names: "d7 lacks nature" is how a player thinks).  "Square d7 is not
the Crag Lookout" is left out: it follows from what d7 carries and would only add
noise.

A sentence says the step as a player would: the record lines it cites (short form,
with their line numbers) and the facts it cites (grouped by subject), then what the
rules it cites make of them, named as the rulebook names them, then "so" and its fact.
A step citing the deck rule is said as a count ("the deck has one Lava-Rock Hill, on
f3"); the square facts it counts are said there, not again as premises.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from itertools import combinations

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
from .cards import Kind
from .encoder import ANSWER, CLUES_DIFFER, DECK, DECLARE, HIDE, OUTCOME, REVEAL
from .rules import Answered, CheckSeen, DeclarationOutcome, Declared, Observation
from .session import CanarySession
from .text import Text

# Simplicity of each rule, a step's cost (``Step.weight``): reading one card is easy,
# counting the deck or reasoning about who won a declaration is not.
RULE_WEIGHT = {HIDE: 1, REVEAL: 1, ANSWER: 1, CLUES_DIFFER: 1, DECLARE: 2, DECK: 3, OUTCOME: 3}

CARRIES = "carries:"  # carries:SQ=ATTRIBUTE: the card on SQ carries ATTRIBUTE


def in_vocabulary(fact: Fact) -> bool:
    """Every fact but "square SQ is not card K" (what SQ carries says it better)."""
    return fact.holds or not fact.subject.startswith("square:")


def step_problem(session: CanarySession) -> StepProblem:
    """The session's CP-SAT model as clauses, with attribute facts added."""
    cm = session.canary_model
    board = session.board
    extra = {Fact(f"{CARRIES}{board.name(sq)}", a): cm.attr[sq][a]
             for sq in board.squares for a in session.variant.deck.attributes}
    return problem_from_model(cm.model, RULE_WEIGHT, extra, in_vocabulary)


def square_of(fact: Fact) -> str | None:
    """The square a ``square:SQ`` or ``carries:SQ`` fact is about."""
    kind, _, arg = fact.subject.partition(":")
    return arg if kind in ("square", "carries") else None


class CanarySteps(RecordSteps):
    """Step-wise explanations of one Canary record (``oracle``: "sat" or "cpsat")."""

    def __init__(self, session: CanarySession, oracle: Backend = "sat") -> None:
        self.session = session
        self.deck = session.variant.deck
        self._counted: dict[Step, list[Kind]] = {}
        super().__init__(step_problem(session), lambda: analyze(session).certain, oracle)

    def text(self, lang: str) -> Text:
        return Text(lang, self.session.board, self.session.variant.players)

    # -- one step, one sentence ---------------------------------------------------------
    def say(self, step: Step, lang: str, chain: ChainContext) -> Said:
        """The step as a player would say it: its premises, what the rules make of them,
        then "so" and its fact ("…: …, so …" / 「…。…ので、…」).  Too many premises for
        one sentence: the facts of earlier steps, then the record lines, are named as a
        group and listed under it."""
        t = self.text(lang)
        counted, counts = self.counting(step, t)
        facts = [f for f in step.facts if f not in counted]
        reasons = counts + self.reasons(step, t, goal_counted=self._goal_count(step, t) is not None, chain=chain)

        def compose(head: list[list[str]]) -> str:
            *parts, why, conclusions = head
            premises = [x for part in parts for x in part]
            key = "step" if premises and why else "step-premises" if premises else "step-reasons"
            return t(key, premises=t("premise-sep").join(premises), reasons=t("reason-sep").join(why),
                     fact=t("premise-sep").join(conclusions))

        return fit(compose, [Group([self.line(oid, t) for oid in step.lines], lambda n: t("group-lines", n=n)),
                             Group(t.facts(facts, self.deck.by_id), lambda n: facts_group(t, n, chain.steps_of(facts), lang)),
                             Group(reasons, lambda n: t("group-reasons", n=n), premises=False),
                             Group(self.conclusions(step, t), lambda n: t("group-conclusions", n=n), premises=False)])

    def conclusion(self, step: Step, t: Text) -> str:
        """The conclusions as one clause ("bea's clue is not dark or ancient")."""
        return t("premise-sep").join(self.conclusions(step, t))

    def conclusions(self, step: Step, t: Text) -> list[str]:
        """What the step concludes: its fact, or all it gives when several facts follow
        from the same premises ("bea's clue is not dark or ancient")."""
        if not step.also:
            return [t.fact(step.fact, self.deck.by_id)]
        return t.facts(step.conclusions, self.deck.by_id)

    def line(self, oid: str, t: Text) -> str:
        """A cited record line in a few words, with its line number in the record."""
        o = self.session.observation(oid)
        short = t.short(o, self.deck.attributes)
        return t("cited-line", line=short, n=o.source.line) if o.source.line else short

    # -- what the rules make of the premises --------------------------------------------
    def reasons(self, step: Step, t: Text, goal_counted: bool = False, chain: ChainContext | None = None) -> list[str]:
        """One clause per cited line a rule speaks about (the mover's clue on the card,
        an answer, R4, an outcome), then the definitions the step leans on (one clue
        each, one fake: said once per chain)."""
        said: list[tuple[str | None, str]] = []
        for oid in step.lines:
            said += self.line_reasons(self.session.observation(oid), step.rules, t)
        differ = CLUES_DIFFER in step.rules
        if self.about_goal(step) and not goal_counted:
            goal = t.goal_definition(differ)  # with clues differing: that many attributes
            said.append((CLUES_DIFFER, t.tagged(goal, CLUES_DIFFER)) if differ else (None, goal))
        elif differ:
            said.append((CLUES_DIFFER, t.tagged(t("why-clues-differ"), CLUES_DIFFER)))
        said += [(None, c) for c in self.definitions(step, t, chain or ChainContext())]
        named = {r for r, _ in said} | {DECK}
        said += [(r, t.tagged(t.rule(r), r)) for r in step.rules if r not in named]  # a rule no clause names
        return [c for _, c in said]

    def line_reasons(self, o: Observation, rules: tuple[str, ...], t: Text) -> Iterator[tuple[str, str]]:
        """What a rule the step cites makes of one record line."""
        board, fake = self.session.board, self.session.variant.fake
        sq = board.name(o.square) if hasattr(o, "square") else ""
        if isinstance(o, CheckSeen) and (HIDE if o.hidden else REVEAL) in rules:
            rule = HIDE if o.hidden else REVEAL
            yield rule, t.tagged(t("clue-on" if o.hidden else "clue-off", p=o.player, sq=sq), rule)
        if isinstance(o, Answered) and ANSWER in rules:
            key = ("clue-on-genuine" if fake else "clue-on") if o.yes else ("clue-off-or-fake" if fake else "clue-off")
            yield ANSWER, t.tagged(t(key, p=o.player, sq=sq), ANSWER)
        if isinstance(o, Declared) and DECLARE in rules:
            yield DECLARE, t.tagged(t("clue-on-or-fake" if fake else "clue-on", p=o.player, sq=sq), DECLARE)
        if isinstance(o, DeclarationOutcome) and OUTCOME in rules:
            noes = [p for p, yes in o.answers.items() if not yes]
            if len(noes) == 1:  # the only outcome that says anything (encoder.declaration_outcome)
                key = "why-outcome-won" if o.succeeded else "why-outcome-failed"
                yield OUTCOME, t.tagged(t(key, d=o.declarer, q=noes[0]), OUTCOME)

    def about_goal(self, step: Step) -> bool:
        return step.fact.subject == "goal" or any(f.subject == "goal" for f in step.facts)

    def definitions(self, step: Step, t: Text, chain: ChainContext) -> list[str]:
        """What the game's definitions add, no rule needed: a face seen, a card's kind
        and its attributes, one clue card each, one fake (these two are asides: said at
        the first step of a chain that needs them)."""
        fact, out = step.fact, []
        square = square_of(fact)
        if square is not None and any(self.face_at(oid) is not None and self.square_name(oid) == square
                                      for oid in step.lines):
            out.append(t("why-face"))
        kinds = self.deck.by_id
        for f in step.facts:
            if square is not None and fact.subject.startswith(CARRIES) and f.subject == f"square:{square}" and f.holds:
                kind = kinds[f.value]
                out.append(t("why-kind-carries", kind=t.kind(kind), attrs=t.attributes(kind.attrs, self.deck.attributes)))
        if fact.subject.startswith("square:") and fact.holds and any(f.subject == f"{CARRIES}{square}" for f in step.facts):
            kind = kinds[fact.value]
            out.append(t("why-kind-only", kind=t.kind(kind), attrs=t.attributes(kind.attrs, self.deck.attributes)))
        same = any(f.subject == fact.subject for f in step.facts)
        if fact.subject.startswith("clue:") and same and chain.once("why-one-clue"):
            out.append(t("why-one-clue"))
        if fact.subject == "fake" and same and chain.once("why-one-fake"):
            out.append(t("why-one-fake"))
        return out

    def face_at(self, oid: str) -> Kind | None:
        return getattr(self.session.observation(oid), "face", None)

    def square_name(self, oid: str) -> str | None:
        square = getattr(self.session.observation(oid), "square", None)
        return None if square is None else self.session.board.name(square)

    # -- counting the deck ----------------------------------------------------------------
    @cached_property
    def kind_counts(self) -> SplitRule[Kind]:
        """The deck rule split into one count per kind (encoder.deck_counts: in deck order)."""
        return SplitRule(self.session.canary_model.model, DECK, self.session.variant.deck.kinds)

    def counted(self, step: Step) -> list[Kind]:
        """The kinds whose number of copies a step citing the deck rule counts (asked
        of the solver once per step: both languages name the same counts)."""
        if step not in self._counted:
            p = self.problem
            given = [*(p.lines[g] for g in step.lines), *(p.literal(f) for f in step.facts),
                     *(p.rules[r] for r in step.rules if r != DECK)]
            prefer = [k for k, _ in self.placed(step).values()]
            kinds: list[Kind] = []
            for fact in step.conclusions:  # a step said for several facts counts what each needs
                kinds += [k for k in self.kind_counts.needed([*given, -p.literal(fact)], prefer=prefer) if k not in kinds]
            self._counted[step] = kinds
        return self._counted[step]

    def counting(self, step: Step, t: Text) -> tuple[set[Fact], list[str]]:
        """A step citing the deck rule, said as a count.  "X is the goal" once every
        other square is ruled out: whatever the clues, the deck has n cards carrying
        them all, and n squares are left.  Otherwise the copies of exactly the kinds the
        step needs, with where the premises place them ("the deck has one Lava-Rock
        Hill, on f3").  Returns the square facts counted (said in the count, not again
        as premises) and the count, with the rule's name."""
        if DECK not in step.rules:
            return set(), []
        goal = self._goal_count(step, t)
        if goal is not None:
            return set(), [t.tagged(goal, DECK)]
        placed = self.placed(step)
        items, counted = [], set()
        for kind in self.counted(step):
            squares = [sq for sq, (k, _) in placed.items() if k == kind]
            counted |= {f for sq in squares if (f := placed[sq][1]) is not None}
            items.append(self._count_item(kind, squares, t))
        count = t("count", items=t("count-and").join(items)) if items else t("count-deck")
        return counted, [t.tagged(count, DECK)]

    def placed(self, step: Step) -> dict[str, tuple[Kind, Fact | None]]:
        """The card on each square the premises name: a face a cited line shows, or a
        cited fact "the card on SQ is K" (kept, so the count can say it instead)."""
        out: dict[str, tuple[Kind, Fact | None]] = {}
        for oid in step.lines:
            face, name = self.face_at(oid), self.square_name(oid)
            if face is not None and name is not None:
                out[name] = (face, None)
        for f in step.facts:
            if f.subject.startswith("square:") and f.holds:
                out[f.subject.partition(":")[2]] = (self.deck.by_id[f.value], f)
        return out

    def _count_item(self, kind: Kind, squares: list[str], t: Text) -> str:
        """One kind's copies, and where the premises place them."""
        where = t.together(sorted(squares, key=self.session.board.parse))
        name, attrs = t.kind(kind), t.attributes(kind.attrs, self.deck.attributes)
        if not squares:
            return t("count-only", n=kind.copies, kind=name, attrs=attrs)
        if len(squares) >= kind.copies:
            return t("count-all", n=kind.copies, kind=name, attrs=attrs, sqs=where)
        return t("count-some", n=kind.copies, m=len(squares), kind=name, attrs=attrs, sqs=where)

    def _goal_count(self, step: Step, t: Text) -> str | None:
        """"X is the goal" from the squares ruled out: whatever the clues, the deck has
        (at least) n cards carrying them all, and only n squares are left."""
        fact = step.fact
        if DECK not in step.rules or fact.subject != "goal" or not fact.holds:
            return None
        ruled = {f.value for f in step.facts if f.subject == "goal" and not f.holds}
        board = self.session.board
        left = [board.name(sq) for sq in board.squares if board.name(sq) not in ruled]
        counts = [sum(k.copies for k in self.deck.carrying(frozenset(clues)))
                  for clues in combinations(self.deck.attributes, self.session.variant.genuine_count)]
        least = min(counts)
        if not ruled or len(left) != least:
            return None
        return t("count-goal" if least == max(counts) else "count-goal-least", n=least, sqs=t.together(left))
