"""`explain` and `hint` through the CLI with step-wise proofs (issue 12), on each game's
bundled reference record: the chain is printed by default and `--lines` keeps the
minimal set of record lines; the hints walk the player along the chains."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from suiri.cli.main import main
from suiri.models import game, open_session

ROOT = Path(__file__).resolve().parents[2]
RECORDS = {name: ROOT / f"models/{name}/records/{ref}.toml"
           for name, ref in (("canary", "canary-3p"), ("detective", "detective-3p"), ("werewolf", "werewolf-4p"))}


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output + repr(result.exception)
    return result.output


@cache  # the reference record's certain facts, counted once for every test here
def certain(name: str) -> tuple[str, ...]:
    g, session = open_session(RECORDS[name])
    return tuple(str(f) for f in g.analyze(session).certain)


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_explain_prints_numbered_steps_and_lines_keeps_the_older_proof(name: str) -> None:
    fact = certain(name)[-1]
    text = run("explain", str(RECORDS[name]), fact)
    assert "Step by step (" in text
    steps = re.findall(r"^  (\d+)\. ", text, re.M)
    assert steps and steps == [str(i) for i in range(1, len(steps) + 1)]
    assert "Therefore" in text
    older = run("explain", str(RECORDS[name]), fact, "--lines")
    assert "Step by step" not in older and "Minimal proof" in older


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_explain_json_chain_ends_with_the_fact_and_cites_lines(name: str) -> None:
    fact = certain(name)[0]
    data = json.loads(run("explain", str(RECORDS[name]), fact, "--json"))
    assert data["status"] == "certain" and data["chain"]
    assert data["chain"][-1]["fact"] == fact
    cited = {line["id"] for step in data["chain"] for line in step["lines"]}
    assert cited == {line["id"] for line in data["observations"]}
    assert all(step["sentence"] for step in data["chain"])
    ja = json.loads(run("explain", str(RECORDS[name]), fact, "--json", "--lang", "ja"))
    assert [s["fact"] for s in ja["chain"]] == [s["fact"] for s in data["chain"]]


def test_an_impossible_fact_is_explained_by_its_negation() -> None:
    path = str(RECORDS["canary"])
    ruled = next(f for f in certain("canary") if f.startswith("goal!="))
    impossible = ruled.replace("!=", "=")
    data = json.loads(run("explain", path, impossible, "--json"))
    assert data["status"] == "impossible"
    assert data["chain"][-1]["fact"] == ruled


@pytest.mark.parametrize("name", [  # Canary and Werewolf: 12 and 17 whole commands; make test runs them
    pytest.param("canary", marks=pytest.mark.slow), "detective", pytest.param("werewolf", marks=pytest.mark.slow),
])
def test_hint_walk_derives_every_certain_fact(name: str) -> None:
    """Take each hint's fact as known and ask again: the walk ends having derived every
    certain fact (or found it stated outright by a record line); each step cites only
    facts already known, and level 1 names at most three record lines."""
    path = str(RECORDS[name])
    known: list[str] = []
    stated: set[str] = set()
    for _ in range(200):
        data = json.loads(run("hint", path, "--json", "--level", "4", *(a for k in known for a in ("--known", k))))
        stated = set(data["stated"])  # what a record line says outright: written down, never hinted
        if not data["hints"]:
            break
        (h,) = data["hints"]
        step = h["step"]
        assert set(step["facts"]) <= set(known) | stated, "a hint builds only on what is known"
        assert len(step["lines"]) <= 3
        assert h["fact"] not in set(known) | stated
        known += [h["fact"], *step["also"]]  # a step said for several facts gives them all
    else:
        pytest.fail("the hint walk does not end")
    assert set(certain(name)) <= set(known) | stated


@pytest.mark.slow  # five hint commands and a hint in process, ~3.5 s: make test only: the edit loop (make test-fast) stays under 90 s
def test_hint_levels_add_rule_premises_and_the_whole_step() -> None:
    path = str(RECORDS["werewolf"])
    levels = [run("hint", path, "--level", str(n)) for n in (1, 2, 3, 4)]
    for shorter, longer in zip(levels, levels[1:], strict=False):
        assert len(longer.splitlines()) > len(shorter.splitlines())
    steps = game("werewolf").steps(open_session(RECORDS["werewolf"])[1])
    data = json.loads(run("hint", path, "--json"))
    first = steps.explainer.next_step(steps.certain_facts(), steps.explainer.stated())  # stated: written down
    assert first is not None and data["hints"][0]["step"]["sentence"] == steps.sentence(first[1], "en")
    assert steps.problem.parse(data["hints"][0]["fact"]) is not None


def test_known_takes_a_hints_intermediate_fact_and_refuses_an_unproven_one() -> None:
    path = str(RECORDS["canary"])
    result = CliRunner().invoke(main, ["hint", path, "--known", "carries:a1=high"])
    assert result.exit_code == 2 and "does not prove it" in result.output
    assert not result.exception or isinstance(result.exception, SystemExit)
