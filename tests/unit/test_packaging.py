"""``make demo`` on a fresh clone prints what the user needs, not a page of setuptools
warnings that reads like a failed install: the wheel builds without a warning from the
build backend, and it carries the bundled records and the licence.

The wheel is built offline from a copy of the source (so that the repository gets no
``build/`` folder), with the venv's own setuptools (``--no-build-isolation``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# What setuptools says when the configuration is out of date or ambiguous: a deprecated
# licence table, data folders missing from `packages`, any *Warning class it raises.
BACKEND_WARNING = re.compile(r"\w+Warning\b|deprecated|absent from the `packages`|Package would be ignored", re.I)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """(the wheel, what pip and the backend printed) for a copy of the source tree."""
    src = tmp_path_factory.mktemp("src")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in PYPROJECT["tool"]["setuptools"]["package-dir"].values():
        shutil.copytree(ROOT / folder, src / folder, ignore=skip)
    for name in ("pyproject.toml", "README.md", *PYPROJECT["project"].get("license-files", [])):
        shutil.copy(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-build-isolation", "--no-deps",
                           "--no-index", "--wheel-dir", str(out), str(src)],
                          capture_output=True, text=True, timeout=300, env=env)
    printed = done.stdout + done.stderr
    assert done.returncode == 0, printed
    wheels = list(out.glob("suiri-*.whl"))
    assert len(wheels) == 1, printed
    return wheels[0], printed


@pytest.mark.slow  # builds the wheel: a few seconds
def test_the_build_backend_warns_of_nothing(built: tuple[Path, str]) -> None:
    _, printed = built
    backend = [line for line in printed.splitlines()
               if BACKEND_WARNING.search(line) and "Location 'file:" not in line]  # the machine's pip mirrors
    assert not backend, "\n".join(backend)


@pytest.mark.slow  # builds the wheel: a few seconds
def test_the_wheel_carries_the_bundled_records_and_the_licence(built: tuple[Path, str]) -> None:
    wheel, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    bundled = {f"suiri/{p.relative_to(ROOT).as_posix()}" for p in ROOT.glob("models/*/records/*.toml")}
    assert bundled and bundled <= names, sorted(bundled - names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA")))
    assert b"License-Expression: MIT" in metadata


def test_make_demo_installs_quietly_and_still_shows_errors() -> None:
    """pip stays at ``--quiet`` (warnings and errors still print), never ``-qq`` or a
    redirect that would hide a failed install."""
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in recipe.splitlines() if "pip install" in line]
    assert installs and all("--quiet" in line for line in installs)
    assert not any(re.search(r"-qq|>\s*/dev/null|2>&1", line) for line in installs)
