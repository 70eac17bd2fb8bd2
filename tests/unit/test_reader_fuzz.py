"""Reading never crashes, in any game: a bundled record with a field replaced by a value
of the wrong type or an unknown name, or with lines dropped, doubled or swapped, gives
either a record that checks or a SuiriError that says where (file and line, or the
field that is missing) — never
another exception.  Reading here is all of it: TOML, the game's reader, the replay
through the rules and the exact count (``check``)."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from suiri.models import example_records, open_session
from suiri.solver.errors import ErrorList, SuiriError

RECORDS = sorted(example_records().items())
REFERENCE = Path(__file__).resolve().parents[2] / "models" / "canary" / "records" / "canary-3p.toml"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "records" / "canary-3p.toml"
ODD_VALUES: list[Any] = [[], {}, ["yes"], {"x": 1}, 7, -1, 2.5, True, "", "zzz", "高所"]
Sweep = Callable[[Iterable[Any]], list[Any]]


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every leaf and table of a TOML document, as a path of keys and indices."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, (*prefix, i))
    return out


def dump(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return "{ " + ", ".join(f'"{k}" = {dump(v)}' for k, v in value.items()) + " }"


def to_toml(data: dict[str, Any]) -> str:
    """A small writer for these documents: arrays of tables as ``[[name]]``, the rest inline."""
    head: list[str] = []
    tail: list[str] = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(t, dict) for t in value):
            for table in value:
                tail.append(f'[["{key}"]]')
                tail += [f'"{k}" = {dump(v)}' for k, v in table.items()]
        else:
            head.append(f'"{key}" = {dump(value)}')
    return "\n".join(head + tail) + "\n"


def set_path(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def outcome(text: str, folder: Path) -> None:
    """Read and check ``text`` as a record file; a SuiriError must name the file and a line
    (or, for a missing field, the field)."""
    path = folder / "fuzz.toml"
    path.write_text(text, encoding="utf-8")
    try:
        _, session = open_session(path)
        session.check()
    except SuiriError as exc:
        for err in exc.errors if isinstance(exc, ErrorList) else [exc]:
            sources = [err.source, *getattr(err, "conflict", ())]
            # where: the file and a line, or for a field that is missing, the field's name
            assert err.source is not None and all(s is not None and s.file == str(path)
                                                  and (s.line is not None or s.field) for s in sources), \
                err.render()


def field_mutations(text: str) -> list[str]:
    """The record with one field (or table) replaced by one odd value, for every field."""
    base = tomllib.loads(text)
    out = []
    for path in paths(base):
        for odd in ODD_VALUES:
            data = tomllib.loads(text)
            set_path(data, path, odd)
            out.append(to_toml(data))
    return out


def line_mutations(text: str, rng: random.Random, count: int) -> list[str]:
    """The record with a line dropped, doubled, swapped with the next or cut short."""
    lines = text.splitlines()
    out = []
    for _ in range(count):
        edited = list(lines)
        i = rng.randrange(len(edited))
        kind = rng.randrange(4)
        if kind == 0:
            del edited[i]
        elif kind == 1:
            edited.insert(i, edited[i])
        elif kind == 2 and i + 1 < len(edited):
            edited[i], edited[i + 1] = edited[i + 1], edited[i]
        else:
            edited[i] = edited[i][: rng.randrange(len(edited[i]) + 1)]
        out.append("\n".join(edited) + "\n")
    return out


@pytest.mark.parametrize(("name", "resource"), RECORDS, ids=[n for n, _ in RECORDS])
def test_every_field_with_every_odd_value_is_success_or_a_clean_error(name: str, resource: Any, tmp_path: Path,
                                                                      sweep: Sweep) -> None:
    cases = field_mutations(resource.read_text(encoding="utf-8"))
    assert len(cases) > 100
    for text in sweep(cases):
        outcome(text, tmp_path)


@pytest.mark.parametrize(("name", "resource"), RECORDS, ids=[n for n, _ in RECORDS])
def test_lines_dropped_doubled_swapped_or_cut_are_success_or_a_clean_error(name: str, resource: Any,
                                                                           tmp_path: Path, sweep: Sweep) -> None:
    rng = random.Random(name)
    for text in sweep(line_mutations(resource.read_text(encoding="utf-8"), rng, 300)):
        outcome(text, tmp_path)


@pytest.mark.skipif(not SHARED.exists(), reason="the shared reference records are not beside the repository")
def test_bundled_record_is_the_shared_reference_and_is_accepted_as_it_is() -> None:
    assert REFERENCE.read_bytes() == SHARED.read_bytes()
    from click.testing import CliRunner

    from suiri.cli.main import main

    result = CliRunner().invoke(main, ["check", str(SHARED)])
    assert result.exit_code == 0 and "legal and consistent" in result.output
