"""The problem a step-wise explanation is made on, and its one ``Step``.

A ``StepProblem`` is a game's grouped CP-SAT model as clauses (``solver.cnf``): the
selector literal of each record line and rule, and the vocabulary of facts a step may
conclude and cite.  A ``Step`` derives one fact from a few record lines and earlier facts
under a few rules, each of them needed: a proof (``explain``), a hint (``hint``) and a
puzzle's rating (``puzzles.rating``) are all made of these steps (``solver.chain``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .backends import CpSatOracle, SatOracle
from .cnf import Cnf, export, literal_of
from .constraints import Constraints
from .errors import FactError
from .facts import Fact
from .model import Lit, Model
from .oracle import Backend, Oracle


@dataclass(frozen=True)
class Step:
    """One step: ``fact`` follows from ``lines`` and ``facts`` (earlier steps' facts or
    facts the player already knows) under ``rules``; each of them is needed."""

    fact: Fact
    lines: tuple[str, ...]
    facts: tuple[Fact, ...]
    rules: tuple[str, ...]
    weight: int  # the rules' total weight
    also: tuple[Fact, ...] = ()  # further facts the same premises and rules give (said in one sentence)

    @property
    def conclusions(self) -> tuple[Fact, ...]:
        return (self.fact, *self.also)

    @property
    def premises(self) -> int:
        return len(self.lines) + len(self.facts)

    @property
    def cost(self) -> tuple[int, int]:
        """Fewest premises first, then the simplest rules."""
        return (self.premises, self.weight)


@dataclass
class StepProblem:
    """What the explainer needs: clauses, the group selectors (a record line or rule is
    on when its selector is assumed true) and the vocabulary of facts (a positive fact
    ``subject=value`` and its SAT literal; ``subject!=value`` is the negated literal)."""

    cnf: Cnf
    lines: dict[str, int]  # record line id -> selector literal, in record order
    rules: dict[str, int]  # rule id -> selector literal
    facts: dict[Fact, int]  # positive facts only
    vocabulary: list[int]  # the literals steps may conclude and cite (one or both polarities)
    rule_weight: Mapping[str, int] = field(default_factory=dict)
    cp: Constraints | None = None  # the model the clauses came from (for ``CpSatOracle``)
    unit_key: Callable[[Fact], str] = lambda f: f.subject  # derived facts cited as one premise

    def literal(self, fact: Fact) -> int:
        lit = self.facts[Fact(fact.subject, fact.value, True)]
        return lit if fact.holds else -lit

    def parse(self, text: str) -> Fact | None:
        """``text`` as a fact a step may state (None when it is not one)."""
        try:
            fact = Fact.parse(text)
        except FactError:
            return None
        return fact if Fact(fact.subject, fact.value, True) in self.facts else None

    def oracle(self, backend: Backend = "sat") -> Oracle:
        """A new oracle on this problem: its clauses (SAT), or the CP-SAT model they were
        exported from."""
        if backend == "sat":
            return SatOracle(self.cnf)
        if self.cp is None:
            raise ValueError("no CP-SAT model behind these clauses")
        return CpSatOracle(self.cp)

    def fact_of(self, lit: int) -> Fact:
        return self._by_literal[lit]

    def __post_init__(self) -> None:
        self._by_literal: dict[int, Fact] = {}
        for f, lit in self.facts.items():
            self._by_literal.setdefault(lit, f)
            self._by_literal.setdefault(-lit, f.negate())


def problem_from_model(model: Model, rule_weight: Mapping[str, int] = {},
                       extra: Mapping[Fact, Lit] = {},
                       keep: Callable[[Fact], bool] = lambda f: True,
                       unit_key: Callable[[Fact], str] = lambda f: f.subject) -> StepProblem:
    """A ``StepProblem`` from a game's grouped CP-SAT model: its clauses (exported), its
    observation and rule groups, every subject's values plus ``extra`` (further named
    literals, e.g. "square d7 carries high") as facts, and as vocabulary the facts and
    negated facts that ``keep`` accepts.  ``unit_key``: which derived facts a reader
    takes as one premise (by default those about one subject).  Facts the player
    already knows are passed to ``explain`` (``known``), never added to the model."""
    facts: dict[Fact, int] = {}
    for name, subject in model.subjects.items():
        for value, lit in subject.values.items():
            facts[Fact(name, value, True)] = literal_of(lit)
    for f, lit in extra.items():
        facts[f] = literal_of(lit)
    vocabulary = [x for f, lit in facts.items() for g, x in ((f, lit), (f.negate(), -lit)) if keep(g)]
    return StepProblem(
        cnf=export(model.cp.proto),
        lines={g: literal_of(model.literal(g)) for g in model.observations},
        rules={g: literal_of(model.literal(g)) for g in model.rules},
        facts=facts,
        vocabulary=vocabulary,
        rule_weight=rule_weight,
        cp=model.cp,
        unit_key=unit_key,
    )

