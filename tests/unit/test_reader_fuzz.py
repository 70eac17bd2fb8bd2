"""Lenient reading never crashes: any field replaced by a value of the wrong type or an
unknown name gives a SuiriError (exit 2 at the CLI), never another exception."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from suiri.models.canary.record import loads
from suiri.models.canary.rules import replay
from suiri.solver.errors import SuiriError

REFERENCE = Path(__file__).resolve().parents[2] / "models" / "canary" / "records" / "canary-3p.toml"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "records" / "canary-3p.toml"
ODD_VALUES: list[Any] = [[], {}, ["yes"], {"x": 1}, 7, 2.5, True, "", "zzz", "高所"]


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
    """A small writer for these documents (inline tables everywhere)."""
    lines = []
    for key, value in data.items():
        if key == "turn" and isinstance(value, list) and all(isinstance(t, dict) for t in value):
            for turn in value:
                lines.append("[[turn]]")
                lines += [f'"{k}" = {dump(v)}' for k, v in turn.items()]
        else:
            lines.insert(0, f'"{key}" = {dump(value)}')
    return "\n".join(lines) + "\n"


def set_path(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def test_every_field_with_every_odd_value_is_a_clean_error() -> None:
    base = tomllib.loads(REFERENCE.read_text(encoding="utf-8"))
    checked = 0
    for path in paths(base):
        for odd in ODD_VALUES:
            data = tomllib.loads(REFERENCE.read_text(encoding="utf-8"))
            set_path(data, path, odd)
            text = to_toml(data)
            try:
                replay(loads(text, "fuzz.toml"))
            except SuiriError:
                pass
            checked += 1
    assert checked > 500


@pytest.mark.skipif(not SHARED.exists(), reason="the shared reference records are not beside the repository")
def test_bundled_record_is_the_shared_reference_and_is_accepted_as_it_is() -> None:
    assert REFERENCE.read_bytes() == SHARED.read_bytes()
    from click.testing import CliRunner

    from suiri.cli.main import main

    result = CliRunner().invoke(main, ["check", str(SHARED)])
    assert result.exit_code == 0 and "legal and consistent" in result.output
