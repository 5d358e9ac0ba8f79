"""The architecture contracts of pyproject.toml ([tool.importlinter]), checked
with import-linter as ``lint-imports`` does: the engines and computer players
import no pygame and nothing from game.ui, the game modes do not import each
other (engines and screens), no scene module imports another (scenes are made
by name, :mod:`game.ui.shell.registry`) and game.ui has no import cycle.  The
contracts hold on this tree, and each one breaks when a forbidden import is
slipped into a copy of it.  Cycles among the modules of game.ui are also
measured module by module with grimp (imports inside functions counted)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import importlinter  # noqa: F401  (the 'test' extra: pip install -e '.[test]'; never skipped)
import pytest

ROOT = Path(__file__).resolve().parent.parent

#: contract id -> name, as declared in pyproject.toml
CONTRACTS = {
    "engines-draw-nothing": "The engines and computer players import no pygame and nothing from game.ui",
    "modes-independent": "The game modes' engines do not import each other",
    "card-game-apart": "The card game imports nothing of the board game's map and computer players",
    "board-game-apart": "The board game's map and computer players import nothing of the card game",
    "scenes-by-name": "No scene module imports another scene module",
    "bases-below-scenes": "The scene bases import no scene module",
    "ui-modes-independent": "The game modes' screens do not import each other",
    "ui-acyclic": "No import cycle between sibling packages of game.ui",
}

_LINT = """
import importlib.util, sys
from importlinter.cli import lint_imports
root = sys.argv[1]
found = importlib.util.find_spec("game").origin
assert found.startswith(root), f"game found at {found}, not under {root}"
sys.exit(lint_imports(config_filename=root + "/pyproject.toml", no_cache=True))
"""


def lint(root: Path) -> tuple[int, str]:
    """Run import-linter on the ``game`` package under ``root``; (exit code, report)."""
    env = dict(os.environ, PYTHONPATH=str(root), NO_COLOR="1", COLUMNS="200")
    done = subprocess.run([sys.executable, "-c", _LINT, str(root)], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def test_the_contracts_hold():
    code, report = lint(ROOT)
    assert code == 0, report
    for name in CONTRACTS.values():
        assert f"{name} KEPT" in report, report


@pytest.mark.parametrize("module, line, broken", [
    ("game/rules/movement.py", "import pygame", {"engines-draw-nothing"}),
    ("game/ai/levels.py", "from game.ui import theme", {"engines-draw-nothing"}),
    ("game/cardgame/engine.py", "import pygame.font", {"engines-draw-nothing"}),
    ("game/board/model.py", "from game.ui import prompts", {"engines-draw-nothing"}),
    ("game/cardgame/cards.py", "from game.rules import events", {"modes-independent", "card-game-apart"}),
    ("game/rules/engine.py", "from game.cardgame import cards", {"modes-independent"}),
    ("game/cardgame/ai.py", "from game.ai import simple", {"modes-independent", "card-game-apart"}),
    ("game/board/model.py", "import game.cardgame.events", {"board-game-apart", "modes-independent"}),
    # indirectly: the neutral knowledge package must not reach an engine either
    ("game/knowledge/record.py", "from game.rules import cards", {"modes-independent"}),
    # a scene module reaching another scene module instead of asking the registry, even inside a function
    ("game/ui/scenes/title.py", "from game.ui.scenes import menu", {"scenes-by-name"}),
    ("game/ui/board/gameover.py", "def _f():\n    from game.ui.board.private import EnvelopeScene", {"scenes-by-name"}),
    ("game/ui/cardgame/picker.py", "from game.ui.cardgame.gameover import RevealScene", {"scenes-by-name"}),
    # one game's screens reaching the other's
    ("game/ui/cardgame/labels.py", "from game.ui.board import notebook", {"ui-modes-independent", "scenes-by-name"}),
    ("game/ui/cardgame/private.py", "import game.ui.board.private",
     {"scenes-by-name", "ui-modes-independent"}),
    # a base (or the registry) reaching a scene, which imports it back: a cycle too
    # (and then a scene reaches another through it; here the card game's setup
    # reaches the board's match through the board game's setup screen)
    ("game/ui/bases/setup.py", "from game.ui.scenes import setup",
     {"bases-below-scenes", "ui-acyclic", "scenes-by-name", "ui-modes-independent"}),
    ("game/ui/shell/registry.py", "import game.ui.cardgame.setup",
     {"bases-below-scenes", "ui-acyclic", "scenes-by-name", "ui-modes-independent"}),
    # a helper below the app importing the app
    ("game/ui/store.py", "from game.ui.app import App", {"ui-acyclic"}),
])
def test_a_forbidden_import_breaks_its_contract(tmp_path, module, line, broken):
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    with open(tmp_path / module, "a", encoding="utf-8") as fh:
        fh.write(f"\n{line}  # slipped in by the test\n")
    code, report = lint(tmp_path)
    assert code == 1, report
    for cid, name in CONTRACTS.items():
        assert (f"{name} BROKEN" in report) == (cid in broken), (cid, report)


def _sccs(edges: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for m in edges:
        if m not in index:
            visit(m)
    return out


def _cycles_within(package: str, member: str) -> list[list[str]]:
    """The import cycles among the modules of ``package`` (every import grimp
    finds, inside functions and under TYPE_CHECKING too), after checking that
    ``member`` is one of them and that ``game`` is this tree's."""
    import grimp

    graph = grimp.build_graph("game", cache_dir=None)
    mods = sorted(m for m in graph.modules if m == package or m.startswith(package + "."))
    import game

    assert Path(game.__file__).resolve().parent.parent == ROOT and member in mods
    edges = {m: sorted(x for x in graph.find_modules_directly_imported_by(m) if x in mods) for m in mods}
    return _sccs(edges)


def test_no_import_cycle_anywhere_in_game():
    """Module by module, across the whole of ``game`` (not only between sibling
    packages): no strongly connected component of more than one module."""
    assert _cycles_within("game", "game.ui.scenes.title") == []


def test_the_cycle_check_finds_a_cycle():
    """:func:`_sccs` is what the check above relies on: a two-module loop is found."""
    assert _sccs({"a": ["b"], "b": ["a"], "c": ["a"]}) == [["a", "b"]]


def _scene_contract() -> list[str]:
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as fh:
        contracts = tomllib.load(fh)["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == "scenes-by-name")["modules"]


def _in_contract(module: str, expressions: list[str]) -> bool:
    """``module`` is named by one of ``expressions`` (a module, or "pkg.*": its direct children)."""
    return any(module == e or (e.endswith(".*") and module.rpartition(".")[0] == e[:-2]) for e in expressions)


def test_every_registered_scene_exists_and_its_module_is_in_the_scene_contract():
    from game.ui.shell import registry
    from game.ui.shell.scene import Scene

    listed = _scene_contract()
    for name, target in registry.SCENES.items():
        cls = registry.scene_class(name)
        assert isinstance(cls, type) and issubclass(cls, Scene), name
        assert f"{cls.__module__}:{cls.__name__}" == target, name
        assert _in_contract(cls.__module__, listed), (name, cls.__module__)


def test_every_module_that_defines_a_scene_is_in_the_scene_contract():
    """The other way round: a module of game.ui.scenes, game.ui.board or
    game.ui.cardgame with a Scene of its own is a scene module, and listed."""
    import importlib
    import pkgutil

    import game.ui.board
    import game.ui.cardgame
    import game.ui.scenes
    from game.ui.shell.scene import Scene

    listed = _scene_contract()
    for pkg in (game.ui.scenes, game.ui.board, game.ui.cardgame):
        for info in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
            mod = importlib.import_module(info.name)
            own = [v for v in vars(mod).values()
                   if isinstance(v, type) and issubclass(v, Scene) and v.__module__ == mod.__name__]
            assert bool(own) == _in_contract(mod.__name__, listed), (mod.__name__, own)
