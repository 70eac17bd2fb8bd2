"""Step-wise proofs a beginner can follow (issue 19, item 20), measured over simulated
records of the three games, in English and Japanese: no printed step names more than
five premises or runs over 300 characters (a longer one names a group of its premises
and lists them under it), no step restates what one record line says outright, an
aside (a rule of the game no rule group states, as "in a Sleep only the Werewolf may
swap …") is said once per chain, and no step concludes something from the values a
subject cannot take before the step that says which value it takes.

``python -m tests.unit.test_step_readability`` prints the figures of
docs/explanations.md ("Proofs a beginner can follow")."""

from __future__ import annotations

import statistics
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from suiri.models import game
from suiri.solver.facts import Fact
from suiri.solver.problem import Step
from suiri.solver.stepwise import MAX_CHARS, MAX_PREMISES

CONFORMANCE = str(Path(__file__).resolve().parents[1] / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from chains import explained_already, run_folder  # noqa: E402

GAMES = ("canary", "detective", "werewolf")
RECORDS = 6  # simulated records per game (seeds 0..5), every size and variant in turn
FACTS = 6  # certain facts explained per record
ASIDES = {"en": ("in a Sleep only the Werewolf may swap", "the Werewolf is the player with the Lost Legacy",
                 "each card is of exactly one kind", "each player holds exactly one clue card",
                 "exactly one player holds the fake"),
          "ja": ("就寝では、人狼プレイヤーだけが", "人狼プレイヤーは失われた遺産：人狼を手札か捨て札に持つ人",
                 "カードはどれも1種類", "各プレイヤーは手がかりカードを1枚だけ持つ", "偽物カードは1枚しかない")}


def simulated(name: str, seed: int) -> tuple[Any, str]:
    """A simulated record written out and read back (so its lines have numbers), and its text."""
    g = game(name)
    if name == "canary":
        players, turns, variant = 2 + seed % 3, 10 + 5 * (seed % 6), "base"
    elif name == "detective":
        players, turns, variant = (3, 4, 5)[seed % 3], 60, ("base", "fake", "clue", "clue-fake")[seed % 4]
    else:
        players, turns, variant = (3, 4)[seed % 2], 60, "base"
    viewer = g.new_state(players, seed, variant).players[seed % players]
    record = g.simulate(players, seed, turns, viewer, variant)
    module = __import__(f"suiri.models.{name}.record", fromlist=["loads", "to_toml"])
    text = module.to_toml(record)
    return g.open(module.loads(text, f"simulated-{seed}.toml")), text


@dataclass
class Figures:
    """What a reader meets, per printed step."""

    chars: dict[str, list[int]] = field(default_factory=lambda: {"en": [], "ja": []})  # the sentence itself
    premises: list[int] = field(default_factory=list)  # premises the sentence names (a group once)
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        en, ja = self.chars["en"], self.chars["ja"]
        return (f"{len(self.premises)} steps; characters EN median {statistics.median(en):.0f} max {max(en)}, "
                f"JA median {statistics.median(ja):.0f} max {max(ja)}; premises median "
                f"{statistics.median(self.premises):.0f} max {max(self.premises)}; problems {len(self.problems)}")


def chains(name: str, records: int = RECORDS, facts: int = FACTS,
           folder: Path | None = None) -> Iterator[tuple[Any, Fact, list[Step]]]:
    """The first ``facts`` certain facts' chains of each record, explained one after
    another on a fresh explainer; a record the conformance chains of this run have
    explained already (Werewolf's and Memory Detective's are among them) is not explained
    again: its first chains are these."""
    for seed in range(records):
        session, text = simulated(name, seed)
        steps = game(name).steps(session)
        done = explained_already(text, folder)
        if done is not None:
            yield from ((steps, fact, chain) for fact, chain in done[:facts])
            continue
        for fact in steps.certain_facts()[:facts]:
            yield steps, fact, steps.explain(fact)


def out_of_order(chain: list[Step]) -> Iterator[tuple[int, str]]:
    """Steps that argue from the values a subject cannot take ("cid's clue is not high,
    dark, ancient or nature, so bea's clue …") while the chain says which value it
    takes before them (the step should cite that value), or after them in a step that
    does not need them (that step could, and should, come first)."""
    by_fact = {f: i for i, step in enumerate(chain) for f in step.conclusions}
    needs: list[set[int]] = []
    for step in chain:
        cited = {by_fact[f] for f in step.facts if f in by_fact}
        needs.append(cited.union(*(needs[k] for k in cited)))
    for i, step in enumerate(chain):
        ruled = {f.subject for f in step.facts if not f.holds} - {f.subject for f in step.facts if f.holds}
        ruled -= {f.subject for f in step.conclusions}
        for j in range(len(chain)):
            valued = ruled & {f.subject for f in chain[j].conclusions if f.holds}
            if valued and j != i and i not in needs[j]:
                yield i + 1, sorted(valued)[0]
                break


def measure(name: str, records: int = RECORDS, facts: int = FACTS, folder: Path | None = None) -> Figures:
    out = Figures()
    for steps, fact, chain in chains(name, records, facts, folder):
        where = f"{name} {fact}"
        explainer, p = steps.explainer, steps.problem
        for i, step in enumerate(chain[:-1], 1):  # the target itself may be what a line says
            if not step.facts and len(step.lines) == 1 and \
                    {p.literal(f) for f in step.conclusions} <= explainer.says(p.lines[step.lines[0]]):
                out.problems.append(f"{where}: step {i} restates line {step.lines[0]}")
        for i, early in out_of_order(chain):
            out.problems.append(f"{where}: step {i} argues from what {early} is not, before its value")
        for lang in ("en", "ja"):
            said = steps.said(chain, lang)
            for i, s in enumerate(said, 1):
                out.chars[lang].append(len(s.sentence))
                if lang == "en":
                    out.premises.append(s.premises)
                if s.premises > MAX_PREMISES or any(len(line) > MAX_CHARS for line in s.text.split("\n")):
                    out.problems.append(f"{where} ({lang}): step {i} has {s.premises} premises, "
                                        f"{len(s.sentence)} characters")
            text = "\n".join(s.text for s in said)
            for aside in ASIDES[lang]:
                if text.count(aside) > 1:
                    out.problems.append(f"{where} ({lang}): said {text.count(aside)} times: {aside}")
    return out


@pytest.mark.slow  # every chain of each reference, 2-7 s a game: make test only: the edit loop (make test-fast) stays under 90 s
@pytest.mark.parametrize("name", GAMES)
def test_printed_steps_are_short_and_in_order(name: str, tmp_path_factory: pytest.TempPathFactory,
                                              request: pytest.FixtureRequest) -> None:
    figures = measure(name, folder=run_folder(tmp_path_factory, request.config))
    assert figures.premises, "no chain measured"
    assert not figures.problems, "\n".join(figures.problems[:20])


def test_werewolf_dan_names_groups_of_premises() -> None:
    """The reference's ``werewolf=dan``: its last step cited about twenty premises in one
    sentence; it names groups now, each listed under the sentence."""
    from suiri.models import example_records, open_session

    g, session = open_session(str(example_records()["werewolf-4p"]))
    steps = g.steps(session)
    chain = steps.explain(Fact("werewolf", "dan"))
    for lang in ("en", "ja"):
        said = steps.said(chain, lang)
        assert all(s.premises <= MAX_PREMISES and len(s.sentence) <= MAX_CHARS for s in said)
        assert "\n" in said[-1].text  # a group, listed under the last step
        text = "\n".join(s.text for s in said)
        assert text.count(ASIDES[lang][0]) <= 1


if __name__ == "__main__":  # the figures of docs/explanations.md
    for name in sys.argv[1:] or GAMES:
        print(name, measure(name, RECORDS, FACTS).summary(), flush=True)
