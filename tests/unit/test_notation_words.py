"""Errors about a record typed in a compact notation speak the notation's words (issue 19,
item 13): not ``turn[2].eliminated`` but ``out``, not ``(valid: "revealed")`` but
``(valid: r)``, not ``(valid: "no")`` but ``(valid: aki=n)``; a conflict lists the lines
as typed; an unquoted name with spaces says to quote it or write its id.

The sweep: every game's records (bundled and simulated) in the notation, each line
mutated at random many times (a word replaced, dropped or added); every error any layer
raises (the notation's parser, the record reader, the rules, the consistency check), in
both languages, holds no word only the TOML form has."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from suiri.models import example_records, game, read_record
from suiri.solver.errors import ErrorList, InconsistentRecordError, SuiriError

# Words only the TOML form has: an indexed table, a TOML table header, key = value, a quoted
# TOML value, and the field names the notations do not use.
TOML_ONLY = re.compile("|".join([
    r"\b(?:turn|event|search)\[\d", r"\[\[", r"\[(?:turn|start|rules|cards|deck)\b", r"[A-Za-z_] = [\"\[{A-Za-z]",
    r"\"(?:none|yes|no|hidden|revealed|solved|wrong|clue|base|ruins)\"", r"\[\"", r"\bswapped\s*=",
    r"\brevealed (?:is|must)\b", r"\brefuted_by\b", r"\bhand_sizes\b", r"\bdeclare\.", r"\bpassed must\b",
    r"\bmissing (?:play|hand|check|kind|named|correct|order|raised|eliminated)\b",
    r"\b(?:revealed|swapped|eliminated|hand|play|raised|named|kind|correct|check|passed) (?:が|は|を)",
]))


def texts(name: str) -> Iterator[tuple[str, str]]:
    """(label, compact text) of the game's bundled records and a few simulated ones."""
    chosen = game(name)
    for key, path in sorted(example_records().items()):
        doc = read_record(path)
        if doc.data.get("game") == name:
            yield key, chosen.write(chosen.read(doc), "compact")
    for players, seed in ((3, 1), (4, 2)):
        state = chosen.new_state(players, seed)
        for seat in state.players[:2]:
            record = chosen.simulate(players, seed, 14, seat)
            yield f"{players}p-{seed}-{seat}", chosen.write(record, "compact")


def mutants(text: str, rng: random.Random, per_line: int) -> Iterator[str]:
    lines = text.splitlines()
    vocabulary = sorted({w for line in lines for w in line.split()} | {"-", "none", "x", "1", "9", "=", "!"})
    for i, line in enumerate(lines):
        for _ in range(per_line):
            words = line.split()
            j = rng.randrange(len(words))
            op = rng.random()
            if op < 0.5:
                words[j] = rng.choice(vocabulary)
            elif op < 0.7 and len(words) > 1:
                del words[j]
            elif op < 0.85:
                words.insert(j + 1, rng.choice(vocabulary))
            else:
                words = [*words[:j], *words[j + 1:], words[j]]  # a word moved to the end
            yield "\n".join([*lines[:i], " ".join(words), *lines[i + 1:]]) + "\n"


def errors(name: str, text: str) -> list[SuiriError]:
    """What reading, replaying and checking ``text`` raises (a text that is no longer the
    notation, its first word changed, is read as TOML: not a notation record)."""
    chosen = game(name)
    if not chosen.is_compact(text):
        return []
    try:
        session = chosen.open(chosen.read(chosen.parse_compact("typed.txt", text)))
        session.check()
    except ErrorList as exc:
        return exc.errors
    except SuiriError as exc:
        return [exc]
    return []


def hand_made(name: str) -> list[str]:
    """The typed records of the game's catalogue tests (``tests/<game>/test_error_text.py``):
    one for each error the catalogue holds, written by hand."""
    path = Path(__file__).resolve().parents[1] / name / "test_error_text.py"
    spec = importlib.util.spec_from_file_location(f"_cases_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    if name == "detective":
        return [text for suffix, text in module.RECORDS.values() if suffix == "txt"]
    if name == "canary":
        return [c.text for c in module.CASES if not c.name.endswith(".toml")]
    return [c.text for c in module.CASES if c.suffix != ".toml"]


@pytest.mark.parametrize("name", ["canary", "detective", "werewolf"])
def test_no_toml_word_in_an_error_about_a_typed_record(name: str) -> None:
    rng = random.Random(f"notation-words-{name}")
    said: dict[str, str] = {}
    for text in hand_made(name):
        for error in errors(name, text):
            for lang in ("en", "ja"):
                said.setdefault(error.render(lang), text)
    assert len(said) > 20
    for label, text in texts(name):
        assert not errors(name, text), label
        for mutant in mutants(text, rng, per_line=6):
            for error in errors(name, mutant):
                for lang in ("en", "ja"):
                    rendered = error.render(lang)
                    said.setdefault(rendered, mutant)
    assert len(said) > 60
    toml = [(rendered, said[rendered]) for rendered in said if TOML_ONLY.search(rendered)]
    assert not toml, "\n\n".join(f"{r}\n--- from:\n{t}" for r, t in toml[:8])


def only(name: str, text: str) -> SuiriError:
    found = errors(name, text)
    assert len(found) == 1, found
    return found[0]


CANARY = "canary aki bea cid\nviewer aki ancient\nstart a7 g7 a1\n"


def test_the_issues_cases() -> None:
    """The three errors the issue quoted, now in the notation's words."""
    hid = only("canary", CANARY + "aki b7 h calm-waterside\n").render()
    assert hid.startswith("typed.txt:4: check: ") and hid.endswith("(valid: r)"), hid
    answer = only("canary", CANARY + "aki b7 h giant-stone-bridge\nbea f7 r abandoned-materials\n"
                  "cid a2 ! calm-waterside aki=y bea=y\n").render()
    assert answer.startswith("typed.txt:6: answers: ") and answer.endswith("(valid: aki=n)"), answer
    vote = only("werewolf", "werewolf aki ben cho\nviewer aki villager\naki villager ben villager\n"
                "ben vote aki=cho ben=cho cho=aki out cho\n")
    assert str(vote.source) == "typed.txt:4: shows" and vote.source is not None
    assert vote.source.field == "turn[2].eliminated"  # --json keeps the TOML path
    assert "shows is missing" in vote.render() and "shows followed by 1 card" in vote.render()


def test_a_conflict_lists_the_lines_as_typed() -> None:
    typed = "cid a2 ! giant-stone-bridge aki=y bea=y"
    conflict = only("canary", CANARY + f"aki b7 h giant-stone-bridge\nbea f7 r abandoned-materials\n{typed}\n")
    assert isinstance(conflict, InconsistentRecordError)
    listed = conflict.render().splitlines()[1:]
    assert listed == ["  typed.txt:2: viewer aki ancient", f"  typed.txt:6: {typed}"]
    assert "these 2 record lines" in conflict.render()


@pytest.mark.parametrize(("name", "text", "name_typed", "id_"), [
    ("canary", CANARY + "aki b7 r Crag Lookout\n", "Crag Lookout", "crag-lookout"),
    ("werewolf", "werewolf aki ben cho\nviewer aki villager\naki drew Lost Legacy villager ben villager\n",
     "Lost Legacy", "lost-legacy"),
    ("werewolf", "werewolf aki ben cho\nviewer aki villager\naki drew vote villager ben villager\n"
     "ben Werewolf Attack ① aki out none\n", "Werewolf Attack ①", "attack-1"),
])
def test_a_name_with_spaces_typed_without_quotes(name: str, text: str, name_typed: str, id_: str) -> None:
    said = only(name, text)
    for lang in ("en", "ja"):
        assert f'"{name_typed}"' in said.render(lang) and id_ in said.render(lang)
    assert "quotes" in said.render()
