"""``suiri --help`` stays fast because it imports no game's rules and no solver: the CLI
reads each game's ``FACTS`` only (``suiri.models.facts``), and the games, the views and
OR-tools load on first use.  Checked by what is imported, not by a clock (timings are
``make bench``'s business)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_help_imports_no_rules_no_views_and_no_solver() -> None:
    code = ("import sys; from suiri.cli.main import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print('\\n' + __import__('json').dumps(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    heavy = {m for m in loaded if m.startswith(("ortools", "numpy", "networkx", "suiri.cli.", "suiri.puzzles"))
             and m not in ("suiri.cli.main", "suiri.cli.views")}
    games = {m for m in loaded if m.startswith("suiri.models.") and m.count(".") >= 3}
    assert not heavy, sorted(heavy)
    assert not games, sorted(games)  # suiri.models.<game> (FACTS) only, never its modules
    assert {"suiri.models.canary", "suiri.models.detective", "suiri.models.werewolf"} <= loaded
