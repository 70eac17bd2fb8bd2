"""The package's imports go one way (docs/engine.md, "Layering").

Every import statement of every module is read with ``ast`` — at the top, inside
functions, and under ``if TYPE_CHECKING`` alike, as import-linter counts them — and
the graph must have no cycle and respect the layers:

    solver  →  models  →  puzzles  →  arena  →  cli        ("A → B": B may import A, never back)

inside ``models``: interface → each game → registry → ``suiri.models`` → live (a game
imports only the interface below it, never the registry that lists it nor another game),
and inside each game ``models/<game>/``: error_text → cards, board → rules → record,
notation, replay, table → state → simulator, counter, encoder, text → session → analysis,
ending → reasoning, steps → advice, drawn → game; every module of a game sits in one of
these layers.  A game's ``__init__`` holds its FACTS and imports none of its own modules
(it is read by ``suiri --help``).  The registry imports each game inside a loader
function: an edge like any other, pointing down.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {"solver": "suiri.solver", "models": "suiri.models", "puzzles": "suiri.puzzles", "arena": "suiri.arena",
            "cli": "suiri.cli"}
TOP_LAYERS = ["suiri.solver", "suiri.models", "suiri.puzzles", "suiri.arena", "suiri.cli"]  # lowest first
GAME_LAYERS = [("error_text",), ("cards", "board"), ("rules",), ("record", "notation", "replay", "table"), ("state",),
               ("simulator", "counter", "encoder", "text"), ("session",), ("analysis", "ending"),
               ("seating",), ("reasoning", "steps"), ("advice", "drawn"), ("bots",), ("game",)]  # lowest first; one layer's modules may import each other
MODEL_LAYERS = ["bots", "interface", "simulation", "GAME", "registry", "", "live"]  # inside suiri.models, lowest first ("": __init__)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    found: dict[str, Path] = {}
    for folder, package in PACKAGES.items():
        for path in sorted((root / folder).rglob("*.py")):
            parts = path.relative_to(root / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """The package modules that ``name`` imports, with the line of each import."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # `import suiri.models.canary.rules as r`, ...
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target, node.lineno


def graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    """module → {imported module: line}."""
    found = modules(root)
    known = set(found)
    return {name: dict(imports(name, path, known)) for name, path in found.items()}


def cycles(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def top_layer(name: str) -> int:
    return next(i for i, p in enumerate(TOP_LAYERS) if name == p or name.startswith(p + "."))


def game_layer(name: str) -> tuple[str, int] | None:
    """(game, layer) of a game module named in GAME_LAYERS, else None."""
    parts = name.split(".")
    if len(parts) != 4 or parts[:2] != ["suiri", "models"]:
        return None
    for i, layer in enumerate(GAME_LAYERS):
        if parts[3] in layer:
            return parts[2], i
    return None


def model_layer(name: str) -> int | None:
    """The layer inside ``suiri.models`` of a module of it (every game is the layer "GAME")."""
    if name != "suiri.models" and not name.startswith("suiri.models."):
        return None
    part = name.split(".")[2] if name.count(".") >= 2 else ""
    return MODEL_LAYERS.index(part) if part in MODEL_LAYERS else MODEL_LAYERS.index("GAME")


def violations(edges: dict[str, dict[str, int]]) -> list[str]:
    """Every import against the layers, as 'importer:line imports imported (why)'."""
    bad = []
    for name, targets in sorted(edges.items()):
        for target, line in sorted(targets.items()):
            where = f"{name}:{line} imports {target}"
            if top_layer(target) > top_layer(name):
                bad.append(f"{where} (a lower layer imports a higher one)")
            below, above = model_layer(name), model_layer(target)
            if below is not None and above is not None and above > below:
                bad.append(f"{where} (inside models, a lower layer imports a higher one)")
            mine, theirs = game_layer(name), game_layer(target)
            if mine and theirs and mine[0] == theirs[0] and theirs[1] > mine[1]:
                bad.append(f"{where} (inside the game, a lower module imports a higher one)")
            if name.count(".") == 2 and name.startswith("suiri.models.") and target.startswith(name + "."):
                bad.append(f"{where} (a game's __init__ states FACTS only)")
            parts = name.split(".")
            if len(parts) >= 3 and parts[1] == "models" and target.startswith("suiri.models."):
                other = target.split(".")
                if parts[2] not in MODEL_LAYERS and other[2] not in (*MODEL_LAYERS, parts[2]):
                    bad.append(f"{where} (a game imports another game)")
    return bad


def test_the_walk_sees_imports_everywhere() -> None:
    """The walker itself: it finds function-level, TYPE_CHECKING and relative imports."""
    edges = graph()
    assert "suiri.models.interface" in edges["suiri.models"]  # a top-level relative import
    assert "suiri.solver.facts" in edges["suiri.models.interface"]  # under TYPE_CHECKING
    fake = {"a.x": {"a.y": 1}, "a.y": {"a.x": 2}, "a.z": {}}
    assert cycles(fake) == [["a.x", "a.y"]]


def test_no_import_cycles() -> None:
    found = cycles(graph())
    assert not found, "import cycles:\n" + "\n".join(" ↔ ".join(c) for c in found)


def test_imports_go_one_way() -> None:
    bad = violations(graph())
    assert not bad, "imports against the layers:\n" + "\n".join(bad)


def test_every_module_of_a_game_is_in_a_layer() -> None:
    unplaced = [name for name in modules() if name.startswith("suiri.models.") and name.count(".") == 3
                and name.split(".")[2] not in MODEL_LAYERS and game_layer(name) is None]
    assert not unplaced, f"game modules in no layer of GAME_LAYERS: {unplaced}"


def test_the_layers_inside_models_are_checked() -> None:
    """A game importing the registry or ``suiri.models`` (both above it) is caught."""
    fake = {"suiri.models.canary.game": {"suiri.models": 9, "suiri.models.registry": 10, "suiri.models.interface": 11},
            "suiri.models.registry": {"suiri.models.canary.game": 5}, "suiri.models": {"suiri.models.registry": 3}}
    bad = violations(fake)
    assert [b.split(" (")[0] for b in bad] == ["suiri.models.canary.game:9 imports suiri.models",
                                                "suiri.models.canary.game:10 imports suiri.models.registry"], bad
