"""Step-wise explanations as a game offers them (``Game.steps``): the ``Stepwise``
protocol the CLI, the puzzles and the bench ask, ``RecordSteps`` (a record's problem, its
explainer and the exact counter's certain facts), and the shared words of a step's
sentence: how many premises a sentence names, how grouped premises are listed, how step
numbers read.  The chains themselves are ``solver.chain``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Generic, Protocol, TypeVar, cast

from .backends import SatOracle
from .chain import StepExplainer
from .cnf import Proto, export, literal_of
from .facts import Fact
from .model import Model
from .oracle import Backend
from .problem import Step, StepProblem
from .search import minimal

PartT = TypeVar("PartT")


MAX_PREMISES = 5  # a printed step names at most this many premises ...
MAX_CHARS = 300  # ... in a sentence of at most this many characters; beyond, premises are grouped
ITEM = "\n   – "  # a grouped premise, listed under its step's sentence


@dataclass
class ChainContext:
    """What the sentences of one chain share: the asides already said (a rule of the
    game said once per chain) and which step concluded each fact (so a group of cited
    facts can be named by its steps)."""

    said: set[str] = field(default_factory=set)
    numbers: dict[Fact, int] = field(default_factory=dict)

    def once(self, key: str) -> bool:
        """True the first time ``key`` is asked in this chain."""
        first = key not in self.said
        self.said.add(key)
        return first

    def steps_of(self, facts: Iterable[Fact]) -> list[int]:
        return sorted({self.numbers[f] for f in facts if f in self.numbers})


@dataclass(frozen=True)
class Said:
    """A step as printed: its sentence (with any grouped premises listed under it, one
    per line) and how many premises the sentence itself names (a group counts once)."""

    text: str
    premises: int

    @property
    def sentence(self) -> str:
        return self.text.split("\n", 1)[0]


@dataclass(frozen=True, eq=False)
class Group:
    """Premises of one kind (record lines, earlier facts, ...) or a step's conclusions,
    which may be named together when a sentence would carry too many: ``name(n)`` says
    the group ("the 4 record lines below") and its items are listed under the sentence;
    no ``name``: always said."""

    items: list[str]
    name: Callable[[int], str] | None = None
    premises: bool = True  # False: the step's conclusions (not counted as premises)


# The names of grouped premises (``fit``), the same in every game; a game's catalogue takes
# them in (``**GROUP_WORDS[lang]``) and may say one otherwise (Werewolf's reasons are all rules).
GROUP_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "group-lines": "the {n} record lines below", "group-lines-1": "the record line below",
        "group-reasons": "by the {n} rules and counts below", "group-reasons-1": "by the rule below",
        "group-conclusions": "each of the {n} facts below holds", "group-conclusions-1": "the fact below holds",
        "group-facts": "the {n} facts below", "group-facts-1": "the fact below",
        "group-facts-steps": "the {n} facts of steps {steps} (below)",
        "group-facts-steps-1": "the fact of step {steps} (below)",
    },
    "ja": {
        "group-lines": "下記の記録{n}行", "group-lines-1": "下記の記録の行",
        "group-reasons": "下記の規則と枚数{n}点を当てはめる", "group-reasons-1": "下記の規則を当てはめる",
        "group-conclusions": "下記の{n}点が成り立つ", "group-conclusions-1": "下記の事実が成り立つ",
        "group-facts": "下記の{n}点", "group-facts-1": "下記の事実",
        "group-facts-steps": "手順{steps}でわかった下記の{n}点",
        "group-facts-steps-1": "手順{steps}でわかった下記の事実",
    },
}


def fit(compose: Callable[[list[list[str]]], str], groups: Sequence[Group]) -> Said:
    """A step's sentence, ``compose`` of each group's items, with at most
    ``MAX_PREMISES`` premises and ``MAX_CHARS`` characters: every item said when they
    fit; else the fewest groups named (those with a name and two items or more, first
    in the order given; one item only as a last resort), their items listed under the
    sentence.  A reader follows "the
    6 facts of steps 2–8 (below); …" better than one sentence of twenty premises."""
    choices: list[tuple[Group, ...]] = []
    for least in (2, 1):  # a group of one item only when nothing else fits
        nameable = [g for g in groups if g.name is not None and len(g.items) >= least]
        choices += [c for k in range(len(nameable) + 1) for c in combinations(nameable, k) if c not in choices]
    best: Said | None = None
    for chosen in choices:
        head = [[g.name(len(g.items))] if g in chosen and g.name is not None else g.items for g in groups]
        text = compose(head) + "".join(ITEM + item for g in groups if g in chosen for item in g.items)
        best = Said(text, sum(len(h) for h, g in zip(head, groups, strict=True) if g.premises))
        if best.premises <= MAX_PREMISES and len(best.sentence) <= MAX_CHARS:
            break
    assert best is not None
    return best


STEP_NUMBERS = {"en": ("–", ", ", " and "), "ja": ("〜", "、", "、")}


def step_numbers(numbers: Sequence[int], lang: str) -> str:
    """Step numbers as a reader scans them: "2–4 and 7" / 「2〜4、7」."""
    dash, sep, last = STEP_NUMBERS.get(lang, STEP_NUMBERS["en"])
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}{dash}{r[-1]}" if len(r) > 2 else sep.join(map(str, r)) for r in runs]
    return parts[0] if len(parts) == 1 else sep.join(parts[:-1]) + last + parts[-1]


def facts_group(say: Callable[..., str], n: int, steps: Sequence[int], lang: str) -> str:
    """A group of cited facts, named by the steps that concluded them (the game's words:
    ``group-facts-steps``, or ``group-facts`` for facts given, as in a hint)."""
    return say("group-facts-steps", n=n, steps=step_numbers(steps, lang)) if steps else say("group-facts", n=n)


class Stepwise(Protocol):
    """What the CLI asks of a game's step-wise explanations (``Game.steps(session)``):
    chains, hints, and each step said in the game's own words."""

    problem: StepProblem
    explainer: StepExplainer

    def certain_facts(self) -> list[Fact]: ...  # the exact counter's certain facts (``analyze``)
    def explain(self, fact: Fact, known: Sequence[Fact] = (),
                progress: Callable[[int, int], None] | None = None) -> list[Step]: ...
    def sentence(self, step: Step, lang: str) -> str: ...  # one step, premises to conclusion ("en", "ja")
    def sentences(self, steps: Sequence[Step], lang: str) -> list[str]: ...  # a chain, each aside said once


class RecordSteps:
    """Step-wise explanations of one record: its problem, the oracle that decides it
    ("sat": python-sat, "cpsat": CP-SAT) and the exact counter's certain facts (a game
    subclasses it with its own ``step_problem`` and its ``sentence``)."""

    def __init__(self, problem: StepProblem, certain: Callable[[], list[Fact]], oracle: Backend = "sat") -> None:
        self.problem = problem
        self.explainer = StepExplainer(problem, problem.oracle(oracle))
        self._certain = certain

    def certain_facts(self) -> list[Fact]:
        """What ``analyze`` lists as certain (the exact counter's verdict)."""
        return self._certain()

    def explain(self, fact: Fact, known: Sequence[Fact] = (),
                progress: Callable[[int, int], None] | None = None) -> list[Step]:
        return self.explainer.explain(fact, known, progress=progress)

    def say(self, step: Step, lang: str, chain: ChainContext) -> Said:
        """One step as printed, within a chain (the game's words)."""
        raise NotImplementedError

    def sentence(self, step: Step, lang: str) -> str:
        """One step alone (a hint): every aside it needs is said."""
        return self.say(step, lang, ChainContext()).text

    def said(self, steps: Sequence[Step], lang: str) -> list[Said]:
        """A chain as printed: an aside is said at its first step only, and a group of
        cited facts is named by the steps that concluded them."""
        chain = ChainContext()
        out = []
        for i, step in enumerate(steps, 1):
            out.append(self.say(step, lang, chain))
            chain.numbers.update(dict.fromkeys(step.conclusions, i))
        return out

    def sentences(self, steps: Sequence[Step], lang: str) -> list[str]:
        return [s.text for s in self.said(steps, lang)]


class SplitRule(Generic[PartT]):
    """One rule group split into a selector per constraint (the deck rule into one count
    per kind), on a copy of the model as clauses, so that a step's sentence can ask which
    parts of the rule the step needs: exactly, not guessed from what its lines mention."""

    def __init__(self, model: Model, rule: str, parts: Sequence[PartT]) -> None:
        cp = model.cp.clone()
        group = model.literal(rule).index
        constraints = [c for c in cast(Proto, cp.proto).constraints if list(c.enforcement_literal) == [group]]
        if len(constraints) != len(parts):
            raise ValueError(f"rule {rule!r} has {len(constraints)} constraints, not one per part ({len(parts)})")
        self.selector: dict[PartT, int] = {}
        for part, c in zip(parts, constraints, strict=True):
            var = cp.new_bool_var(f"[{rule}:{part}]")
            c.enforcement_literal[0] = var.index
            self.selector[part] = literal_of(var)
        self.oracle = SatOracle(export(cp.proto))

    def needed(self, fixed: Sequence[int], among: Sequence[PartT] | None = None,
               prefer: Sequence[PartT] = ()) -> list[PartT]:
        """A minimal set of parts (of ``among``, by default all) that with ``fixed`` (a
        step's premises, its other rules and its negated fact) leaves no solution; the
        parts in ``prefer`` are kept when there is a choice."""
        parts = [p for p in self.selector if among is None or p in among]
        order = sorted(parts, key=lambda p: p in prefer)  # deletion tries the others first
        kept = set(minimal(self.oracle, fixed, [self.selector[p] for p in order]))
        return [p for p in parts if self.selector[p] in kept]

