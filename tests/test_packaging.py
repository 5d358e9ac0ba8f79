"""Packaging: every install finds the game's files, and the frozen folder holds every module.

The wheel and the sdist are built here from a copy of the sources with
``python -m build`` (in its own environment, as anyone building them does);
the wheel is then unpacked into a folder outside the checkout and the game is
started from there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]

#: What the game reads at run time: each must be in the wheel as game/data/<path>.
DATA_FILES = (
    "maps/mansion.tmx", "maps/mansion.tsx", "maps/mansion_tiles.png",
    "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf",
    "locale/es/LC_MESSAGES/clue.mo", "locale/ca/LC_MESSAGES/clue.mo",
    "sounds/click.wav", "sounds/music/calm.wav",
    "sprites/icon.png", "sprites/cards/rope.png", "sprites/dice/6.png", "sprites/weapons/knife.png",
)
#: Not sources of the package: left out of the copy the builds start from.
NOT_SOURCES = shutil.ignore_patterns(".git", "build", "dist", ".venv", "__pycache__", "*.egg-info",
                                     ".pytest_cache", ".import_linter_cache", "benchmarks", "docs")


def _build(kind: str, tmp: Path) -> Path:
    """Build a ``kind`` ("wheel" or "sdist") of a copy of the checkout with
    ``python -m build``; returns the file.  Fails with the build's output."""
    pytest.importorskip("build", reason="python -m build makes the wheel and the sdist (pip install build)")
    src, out = tmp / "src", tmp / "out"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCES)
    run = subprocess.run([sys.executable, "-m", "build", f"--{kind}", "--outdir", str(out), str(src)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (built,) = out.iterdir()
    return built


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return _build("wheel", tmp_path_factory.mktemp("wheel"))


def test_the_wheel_carries_the_data_and_the_licence(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [f for f in DATA_FILES if f"game/data/{f}" not in names]
    assert missing == []
    # every sprite, sound and map of the checkout, not only the few named above
    for folder, pattern in (("sprites", "**/*.png"), ("sounds", "**/*.wav"), ("maps", "*")):
        for path in (ROOT / folder).glob(pattern):
            assert f"game/data/{path.relative_to(ROOT).as_posix()}" in names
    assert {f"game/net/web/{p.name}" for p in (ROOT / "game" / "net" / "web").iterdir()} <= names
    assert f"clue_family-{VERSION}.dist-info/licenses/LICENSE" in names
    assert not [n for n in names if "share/clue-family" in n]       # the data lives in the package only
    assert not [n for n in names if n.startswith("tests/")]


def test_an_installed_wheel_finds_its_files_outside_the_checkout(wheel, tmp_path):
    """The wheel unpacked as pip installs it (a site folder of its own, run
    from another folder) reads its map from the package and draws the board."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "HOME": str(tmp_path / "home")}
    where = tmp_path / "elsewhere"
    where.mkdir()
    found = subprocess.run([sys.executable, "-c", "import game, game.storage.paths as p; print(game.__file__); "
                            "print(p.MANSION_MAP); print(p.MANSION_MAP.is_file())"],
                           cwd=where, env=env, capture_output=True, text=True, timeout=60)
    package, board_map, exists = found.stdout.split()
    assert Path(package).is_relative_to(site)                # not the checkout's game
    assert Path(board_map) == site / "game" / "data" / "maps" / "mansion.tmx" and exists == "True"
    shot = subprocess.run([sys.executable, "-m", "game", "--screenshot", str(where / "board.png"), "--scene", "board"],
                          cwd=where, env=env, capture_output=True, text=True, timeout=120)
    assert shot.returncode == 0, shot.stderr
    assert (where / "board.png").stat().st_size > 10_000
    assert "Cannot load" not in shot.stderr and "cannot be used" not in shot.stderr    # the map, the fonts


def test_the_sdist_leaves_the_tests_out_and_carries_the_data(tmp_path):
    sdist = _build("sdist", tmp_path)
    names = {n.partition("/")[2] for n in tarfile.open(sdist).getnames()}     # under clue_family-<version>/
    assert not [n for n in names if n.startswith("tests")]    # half a test suite cannot run: none at all
    assert {"LICENSE", "CHANGELOG.md", "setup.py", "pyproject.toml"} <= names
    assert {f for f in DATA_FILES} <= names


def test_python_m_game_says_its_version_from_the_metadata():
    out = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"clue {VERSION}"


def test_an_uninstalled_checkout_reads_its_version_from_pyproject(tmp_path):
    """A copy of the checkout, run without site-packages (``python -S``), has
    no installed metadata: its ``pyproject.toml`` still gives the one version."""
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=NOT_SOURCES)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    out = subprocess.run([sys.executable, "-S", "-c", "import game, importlib.metadata as m; "
                          "print(game.__version__, m.packages_distributions().get('game'))"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60, env={"PATH": os.environ["PATH"]})
    assert out.stdout.split() == [VERSION, "None"], out.stderr


def test_help_names_the_command_clue(capsys):
    from game.commands.cli import parse_args

    with pytest.raises(SystemExit):
        parse_args(["--help"])
    assert capsys.readouterr().out.startswith("usage: clue ")


def test_the_spec_collects_every_module_of_the_game():
    """Scenes are imported by name, so the folder must hold every module of
    ``game``, derived from the package rather than listed by hand."""
    pytest.importorskip("PyInstaller", reason="PyInstaller builds the double-click folder (pip install pyinstaller)")
    recorded: dict = {}

    def analysis(scripts, **kw):
        recorded.update(kw)
        return type("A", (), {"pure": [], "scripts": [], "binaries": [], "datas": []})()

    spec = ROOT / "packaging" / "clue.spec"
    names = {"SPECPATH": str(spec.parent), "Analysis": analysis, "PYZ": lambda *a, **k: None,
             "EXE": lambda *a, **k: None, "COLLECT": lambda *a, **k: None, "__file__": str(spec)}
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), names)
    every = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
             for p in (ROOT / "game").rglob("*.py")}
    assert every - set(recorded["hiddenimports"]) == set()
    destinations = {dest for _src, dest in recorded["datas"]}
    assert {"game/data/maps", "game/data/sprites", "game/data/sounds", "game/data/fonts",
            "game/data/locale"} <= destinations


@pytest.mark.slow
def test_pip_install_user_plays_from_outside_the_checkout(wheel, tmp_path):
    """``pip install --user`` (into a throwaway user base, with the libraries
    fetched by pip) gives a ``clue`` command and a ``python -m game`` that
    find their map from any folder.  Slow: pip installs pygame-ce and the rest."""
    venv = tmp_path / "venv"     # sees the user site, as a system Python does; nothing lands in the real one
    subprocess.run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--system-site-packages",
                    str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    env = {**os.environ, "HOME": str(tmp_path / "home"), "PYTHONUSERBASE": str(tmp_path / "userbase"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", "--user", str(wheel)], env=env,
                             capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stderr[-3000:]
    where = tmp_path / "elsewhere"
    where.mkdir()
    shot = subprocess.run([str(tmp_path / "userbase" / "bin" / "clue"), "--screenshot", "board.png", "--scene",
                           "board"], cwd=where, env=env, capture_output=True, text=True, timeout=120)
    assert shot.returncode == 0, shot.stderr
    assert (where / "board.png").stat().st_size > 10_000 and "cannot be used" not in shot.stderr
    version = subprocess.run([str(python), "-m", "game", "--version"], cwd=where, env=env,
                             capture_output=True, text=True, timeout=60)
    assert version.stdout.strip() == f"clue {VERSION}", version.stderr
