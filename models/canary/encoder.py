"""The Canary rules and a record's observations as a grouped CP-SAT model.

Unknowns: each player's clue, the fake holder (4 players) and the card on every
square.  Each rule below is one function named after it; each observation's
constraints are enforced by its own literal *and* the literal of the rule that gives
it meaning, so a minimal explanation names both the record lines and the rules.
Subjects declared for facts: ``clue:NAME``, ``goal``, ``fake`` (4 players) and
``square:SQ`` (the card on a square).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from suiri.solver.constraints import BoolVar, Literal
from suiri.solver.model import Model

from .cards import Attribute
from .rules import (
    Answered,
    CheckSeen,
    DeclarationOutcome,
    Declared,
    Observation,
    OwnAuthenticity,
    OwnClue,
    Variant,
)

# Rule groups, cited by explanations and hints (sentences in text.py).
DECK = "deck"  # the deck holds exactly its copies of each card
CLUES_DIFFER = "clues-differ"  # one clue card per attribute: no two players share a clue
HIDE = "hide"  # a card put back face-down carries the mover's clue
REVEAL = "reveal"  # a card turned face-up lacks the mover's clue
ANSWER = "answer"  # a genuine player answers yes iff the card carries its clue; the fake says no
DECLARE = "declare-own-clue"  # R4: a genuine declarer's clue is on the card
OUTCOME = "outcome"  # who wins or fails a declaration (4 players)
RULES = (DECK, CLUES_DIFFER, HIDE, REVEAL, ANSWER, DECLARE, OUTCOME)


@dataclass
class CanaryModel:
    model: Model
    variant: Variant
    players: tuple[str, ...]
    clue: dict[str, dict[Attribute, BoolVar]]
    fake: dict[str, BoolVar]
    card: list[dict[str, BoolVar]]  # square -> kind id -> literal
    attr: list[dict[Attribute, BoolVar]]
    goal: list[BoolVar]


def encode(variant: Variant, players: Sequence[str], observations: Sequence[Observation]) -> CanaryModel:
    m = Model()
    players = tuple(players)
    cm = CanaryModel(m, variant, players, {}, {}, [], [], [])
    one_clue_each(cm)
    one_fake_among_four(cm)
    one_card_per_square(cm)
    deck_counts(cm)
    clues_differ(cm)
    goal_definition(cm)
    for o in observations:
        observe(cm, o)
    declare_subjects(cm)
    return cm


# -- the deal --------------------------------------------------------------------------
def one_clue_each(cm: CanaryModel) -> None:
    """Every player holds exactly one clue card."""
    for p in cm.players:
        cm.clue[p] = {a: cm.model.new_bool(f"clue[{p},{a}]") for a in cm.variant.deck.attributes}
        cm.model.cp.add_exactly_one(cm.clue[p].values())


def one_fake_among_four(cm: CanaryModel) -> None:
    """With four players exactly one authenticity card is fake."""
    if not cm.variant.fake:
        return
    cm.fake = {p: cm.model.new_bool(f"fake[{p}]") for p in cm.players}
    cm.model.cp.add_exactly_one(cm.fake.values())


def one_card_per_square(cm: CanaryModel) -> None:
    """Each square holds one card; a square carries an attribute iff its card does."""
    deck = cm.variant.deck
    cp = cm.model.cp
    for sq in cm.variant.board.squares:
        cards = {k.id: cm.model.new_bool(f"card[{sq},{k.id}]") for k in deck.kinds}
        cp.add_exactly_one(cards.values())
        attrs: dict[Attribute, BoolVar] = {}
        for a in deck.attributes:
            attrs[a] = cm.model.new_bool(f"attr[{sq},{a}]")
            cp.add(attrs[a] == sum(cards[k.id] for k in deck.kinds if a in k.attrs))
        cm.card.append(cards)
        cm.attr.append(attrs)


def deck_counts(cm: CanaryModel) -> None:
    """The deck holds exactly its number of copies of each kind."""
    rule = cm.model.rule(DECK)
    for k in cm.variant.deck.kinds:
        cm.model.cp.add(sum(cm.card[sq][k.id] for sq in cm.variant.board.squares) == k.copies).only_enforce_if(rule)


def clues_differ(cm: CanaryModel) -> None:
    """There is one clue card per attribute, so no two players share a clue."""
    rule = cm.model.rule(CLUES_DIFFER)
    for a in cm.variant.deck.attributes:
        cm.model.cp.add_at_most_one(cm.clue[p][a] for p in cm.players).only_enforce_if(rule)


def goal_definition(cm: CanaryModel) -> None:
    """A goal square's card carries every genuine player's clue."""
    m, cp, deck = cm.model, cm.model.cp, cm.variant.deck
    in_goal: dict[Attribute, BoolVar] = {}
    for a in deck.attributes:
        holders: list[BoolVar] = []
        for p in cm.players:
            if cm.variant.fake:
                g = m.new_bool(f"genuine-clue[{p},{a}]")
                cp.add_bool_and([cm.clue[p][a], ~cm.fake[p]]).only_enforce_if(g)
                cp.add_bool_or([~cm.clue[p][a], cm.fake[p], g])
                holders.append(g)
            else:
                holders.append(cm.clue[p][a])
        in_goal[a] = m.new_bool(f"in-goal[{a}]")
        cp.add_max_equality(in_goal[a], holders)
    for sq in cm.variant.board.squares:
        goal = m.new_bool(f"goal[{sq}]")
        missing: list[BoolVar] = []
        for a in deck.attributes:
            cp.add_bool_or([~in_goal[a], cm.attr[sq][a]]).only_enforce_if(goal)
            lacks = m.new_bool(f"lacks[{sq},{a}]")
            cp.add_bool_and([in_goal[a], ~cm.attr[sq][a]]).only_enforce_if(lacks)
            missing.append(lacks)
        cp.add_bool_or([goal, *missing])
        cm.goal.append(goal)


# -- observations ----------------------------------------------------------------------
def _genuine_or_any(cm: CanaryModel, player: str) -> list[Literal]:
    """Extra disjunct 'this player is the fake' (4 players), else nothing."""
    return [cm.fake[player]] if cm.variant.fake else []


def own_clue(cm: CanaryModel, o: OwnClue) -> None:
    """The viewer knows its own clue card."""
    lit = cm.model.observation(o.id, o.source)
    cm.model.cp.add_bool_and([cm.clue[o.player][o.attribute]]).only_enforce_if(lit)


def own_authenticity(cm: CanaryModel, o: OwnAuthenticity) -> None:
    """The viewer knows whether its authenticity card is genuine."""
    lit = cm.model.observation(o.id, o.source)
    fake = cm.fake[o.player]
    cm.model.cp.add_bool_and([~fake if o.genuine else fake]).only_enforce_if(lit)


def map_check(cm: CanaryModel, o: CheckSeen) -> None:
    """Hidden: the card carries the mover's clue.  Revealed: it lacks it."""
    m = cm.model
    lit = m.observation(o.id, o.source)
    if o.face is not None:
        m.cp.add_bool_and([cm.card[o.square][o.face.id]]).only_enforce_if(lit)
    rule = m.rule(HIDE if o.hidden else REVEAL)
    for a in cm.variant.deck.attributes:
        has = cm.attr[o.square][a]
        m.cp.add_bool_or([~cm.clue[o.player][a], has if o.hidden else ~has]).only_enforce_if([lit, rule])


def declaration(cm: CanaryModel, o: Declared) -> None:
    """The declared card is shown to all; R4: a genuine declarer's clue is on it (with a
    fake in play: the declarer is the fake or its clue is on it).  The declaration
    replaces the turn's check (R8), so nothing here says hidden or revealed."""
    m = cm.model
    lit = m.observation(o.id, o.source)
    m.cp.add_bool_and([cm.card[o.square][o.face.id]]).only_enforce_if(lit)
    if cm.variant.declare_needs_own_clue:
        rule = m.rule(DECLARE)
        for a in cm.variant.deck.attributes:
            if a not in o.face.attrs:
                m.cp.add_bool_or([~cm.clue[o.player][a], *_genuine_or_any(cm, o.player)]).only_enforce_if([lit, rule])


def answer(cm: CanaryModel, o: Answered) -> None:
    """Yes (ここだ) iff the card carries the answerer's clue; the fake holder only says no."""
    m = cm.model
    lit = m.observation(o.id, o.source)
    rule = m.rule(ANSWER)
    fake = _genuine_or_any(cm, o.player)
    for a in cm.variant.deck.attributes:
        if o.yes and a not in o.face.attrs:
            m.cp.add_bool_or([~cm.clue[o.player][a]]).only_enforce_if([lit, rule])
        if not o.yes and a in o.face.attrs:
            m.cp.add_bool_or([~cm.clue[o.player][a], *fake]).only_enforce_if([lit, rule])
    if o.yes and fake:
        m.cp.add_bool_or([~fake[0]]).only_enforce_if([lit, rule])


def declaration_outcome(cm: CanaryModel, o: DeclarationOutcome) -> None:
    """With a fake in play: a genuine declarer wins when every genuine player says yes;
    the fake holder wins only when all three say yes."""
    m = cm.model
    lit = m.observation(o.id, o.source)
    rule = m.rule(OUTCOME)
    noes = [p for p, yes in o.answers.items() if not yes]
    if not noes:
        if not o.succeeded:
            m.cp.add_bool_or([]).only_enforce_if([lit, rule])
        return
    if len(noes) >= 2:
        if o.succeeded:
            m.cp.add_bool_or([]).only_enforce_if([lit, rule])
        return
    # exactly one "no": success iff the declarer is genuine and the "no" was the fake's
    declarer_fake, no_fake = cm.fake[o.declarer], cm.fake[noes[0]]
    if o.succeeded:
        m.cp.add_bool_and([~declarer_fake, no_fake]).only_enforce_if([lit, rule])
    else:
        m.cp.add_bool_or([declarer_fake, ~no_fake]).only_enforce_if([lit, rule])


def observe(cm: CanaryModel, o: Observation) -> None:
    """One observation's constraints, by its kind (a match, so that each encoder gets its own type)."""
    match o:
        case OwnClue():
            own_clue(cm, o)
        case OwnAuthenticity():
            own_authenticity(cm, o)
        case CheckSeen():
            map_check(cm, o)
        case Declared():
            declaration(cm, o)
        case Answered():
            answer(cm, o)
        case DeclarationOutcome():
            declaration_outcome(cm, o)
        case _:
            raise TypeError(f"no encoder for {type(o).__name__}")


def declare_subjects(cm: CanaryModel) -> None:
    """The names facts use: clue:NAME, goal, fake, square:SQ."""
    board, m = cm.variant.board, cm.model
    for p in cm.players:
        m.declare_subject(f"clue:{p}", cm.clue[p])
    m.declare_subject("goal", {board.name(sq): cm.goal[sq] for sq in board.squares})
    if cm.variant.fake:
        m.declare_subject("fake", cm.fake)
    for sq in board.squares:
        m.declare_subject(f"square:{board.name(sq)}", cm.card[sq])
