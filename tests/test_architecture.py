"""The architecture contracts of pyproject.toml ([tool.importlinter]), checked
with import-linter as ``lint-imports`` does: the engines and computer players
import no pygame and nothing from game.ui, and the game modes do not import
each other.  The contracts hold on this tree, and each one breaks when a
forbidden import is slipped into a copy of it."""

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
