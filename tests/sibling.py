"""One way for a test to load a helper module that sits beside it under a name of its own
(``tests/werewolf/brute.py`` as ``werewolf_brute``): several test folders hold a
``brute.py``, and a plain ``import brute`` would give every folder the first one loaded."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_sibling(test_file: str, filename: str, name: str) -> ModuleType:
    """The module ``filename`` beside ``test_file``, loaded once per process as ``name``."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(test_file).with_name(filename))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # before running it: its dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules[name]
