"""The README and ``docs/*.md`` stay true: their commands run and their links lead somewhere.

* Every fenced block tagged ``sh`` (or ``shell``, ``bash``, ``console``) is read line by
  line (``#`` starts a comment, ``&&`` joins commands).  A command that is quick and
  needs no window runs for real in a subprocess with the dummy SDL drivers and a
  throw-away home folder: a ``--headless`` game (its last line is the result), a
  ``--screenshot`` (written into a temporary folder instead, and checked to be a PNG
  of the right size), the map checker.  A command that opens a window, takes minutes
  (tournaments, benchmarks, the monkey test) or has a placeholder (``FILE``,
  ``ADDRESS``) is run with ``--help`` instead, and every option it uses must be in
  that help; a script with no options is checked to exist and compile.  Commands that
  install things are skipped, saying so.
* A fenced block with no tag may not hide a command (it must be tagged ``sh``).
* Every relative link and picture in the README and ``docs/*.md`` names a file that
  exists, and every ``#anchor`` a heading of that file (GitHub's slugs).
* The README stays short, opens with its picture and leads to each topic's page; no
  page a user or contributor reads speaks of the team's issues or sessions.
"""

from __future__ import annotations

import importlib.util
import os
import py_compile
import re
import shlex
import struct
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


SHELL_TAGS = {"sh", "shell", "bash", "console"}
FENCE = re.compile(r"^```\s*([\w-]*)\s*$")
LINK = re.compile(r"\]\(([^)\s]+)\)")
INSTALLERS = {"pip", "pip3", "sudo", "apt-get", "apt", "dnf", "brew", "pyinstaller"}
PLACEHOLDER = re.compile(r"^[A-Z][A-Z_]+$")
#: Seconds one command may take on a busy machine before the test calls it broken.
TIMEOUT = 90


@dataclass(frozen=True)
class Command:
    """One command of a fenced shell block: the page, its line number (1-based) and its words."""

    page: Path
    line: int
    argv: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}: {shlex.join(self.argv)}"


def fenced_blocks(page: Path) -> list[tuple[str, int, list[str]]]:
    """The fenced code blocks of ``page``: (tag, line number of the first line inside, lines)."""
    blocks, tag, start, body = [], None, 0, []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(line.strip())
        if fence and tag is None:
            tag, start, body = fence.group(1).lower(), number + 1, []
        elif line.strip() == "```" and tag is not None:
            blocks.append((tag, start, body))
            tag = None
        elif tag is not None:
            body.append(line)
    return blocks


def page_commands(page: Path) -> list[Command]:
    """Every command of ``page``'s shell blocks, a line split at ``&&``, comments dropped."""
    found = []
    for tag, start, lines in fenced_blocks(page):
        if tag not in SHELL_TAGS:
            continue
        for offset, line in enumerate(lines):
            words = shlex.split(line, comments=True)
            while words:
                cut = words.index("&&") if "&&" in words else len(words)
                found.append(Command(page, start + offset, tuple(words[:cut])))
                words = words[cut + 1:]
    return found


ALL_COMMANDS = [c for page in PAGES for c in page_commands(page)]


def environment(home: Path) -> dict[str, str]:
    """No screen, no sound card, this checkout first on the path, and a home of its own
    so that a command never reads or writes the settings and saves of whoever runs the tests."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep),
               HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_STATE_HOME=str(home / "state"), XDG_CACHE_HOME=str(home / "cache"))
    env.pop("CLUE_LANG", None)
    return env


def script_of(argv: tuple[str, ...]) -> Path | None:
    """The file a ``python FILE ...`` or ``python -m MODULE ...`` command runs, or None."""
    if argv[1] == "-m":
        spec = importlib.util.find_spec(argv[2])
        return Path(spec.origin) if spec and spec.origin else None
    return ROOT / argv[1]


def options(argv: tuple[str, ...]) -> list[str]:
    """The ``--options`` a command uses (``--x=1`` gives ``--x``)."""
    return [w.split("=", 1)[0] for w in argv if w.startswith("--")]


def run(argv: list[str], home: Path) -> subprocess.CompletedProcess:
    """``argv`` run from the checkout's root, its output captured, bounded by :data:`TIMEOUT`."""
    return subprocess.run(argv, cwd=ROOT, env=environment(home), capture_output=True, text=True,
                          timeout=TIMEOUT, stdin=subprocess.DEVNULL)


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header; AssertionError when the file is no PNG."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def check_help(command: Command, argv: list[str], home: Path) -> None:
    """``argv`` (the command's own program) answers ``--help`` and lists every option the command uses."""
    done = run([*argv, "--help"], home)
    assert done.returncode == 0, f"{command}: --help failed:\n{done.stderr[-2000:]}"
    missing = [o for o in options(command.argv) if o not in done.stdout]
    assert not missing, f"{command}: --help does not list {missing}"


def installs(argv: list[str] | tuple[str, ...]) -> bool:
    """True for a command that installs things (pip, a package manager, a venv, a build
    of the frozen folder): :func:`test_command_runs` leaves those out."""
    return Path(argv[0]).name in INSTALLERS or list(argv[1:3]) in (["-m", "pip"], ["-m", "venv"])


def test_the_wheel_install_line_outlives_a_version_bump() -> None:
    """docs/install.md installs the wheel it built by a pattern (a version bump leaves no stale
    file name in it), and the tests know that line as an install, not a command to run."""
    wheel = [c for c in page_commands(ROOT / "docs" / "install.md") if any(w.endswith(".whl") for w in c.argv)]
    assert [c.argv for c in wheel] == [("pip", "install", "dist/clue_family-*.whl")], [str(c) for c in wheel]
    assert all(installs(c.argv) for c in wheel)
    stale = [f"{p.name}: {m}" for p in PAGES for m in re.findall(r"clue_family-\d[\w.-]*", p.read_text("utf-8"))]
    assert not stale, stale


@pytest.mark.parametrize("command", ALL_COMMANDS, ids=str)
def test_command_runs(command: Command, tmp_path: Path) -> None:
    argv = list(command.argv)
    program = argv[0] if argv[0] in {".", "source"} else Path(argv[0]).name   # ~/venv/bin/pip is pip
    if program == "python3":
        program = "python"
    if installs(argv):
        pytest.skip(f"installs things: {command}")
    if program in {".", "source"}:
        pytest.skip(f"sets up the shell (activates an environment): {command}")
    if program == "clue":               # the installed command is run.py's main()
        argv = ["python", "run.py", *argv[1:]]
    elif program == "python" and argv[1:3] == ["-m", "game"]:   # game/__main__.py is run.py's main()
        argv = ["python", "run.py", *argv[3:]]
    else:
        argv[0] = program
    assert argv[0] == "python", f"{command}: only python commands are known to this test"
    argv[0] = sys.executable
    placeholder = any(PLACEHOLDER.match(w) for w in argv[2:])

    if argv[1] == "run.py" and not placeholder and ("--headless" in argv or "--screenshot" in argv):
        if "--screenshot" in argv:      # into the temporary folder, not the checkout
            at = argv.index("--screenshot") + 1
            argv[at] = str(tmp_path / Path(argv[at]).name)
        done = run(argv, tmp_path)
        assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stderr[-2000:]}"
        if "--headless" in argv:
            assert done.stdout.strip().splitlines()[-1].startswith("RESULT: "), f"{command}: no result line"
        else:
            size = argv[argv.index("--size") + 1] if "--size" in argv else "1280x720"
            assert png_size(Path(argv[at])) == tuple(int(n) for n in size.split("x")), command
        return
    if argv[1:3] == ["-m", "game.board.tmx"] and not placeholder:
        done = run(argv, tmp_path)
        assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stderr[-2000:]}"
        assert done.stdout.startswith(f"{argv[3]}: "), f"{command}: {done.stdout[:200]}"
        return
    if argv[1:3] == ["-m", "pytest"]:   # the whole suite, which holds this test: its options only
        check_help(command, argv[:3], tmp_path)
        return

    # A window, minutes of work or a placeholder: the program and its options must exist.
    script = script_of(tuple(argv))
    assert script is not None and script.is_file(), f"{command}: {argv[1:3]} does not exist"
    if argv[1] == "run.py" or "argparse" in script.read_text(encoding="utf-8"):
        check_help(command, argv[:3] if argv[1] == "-m" else argv[:2], tmp_path)
    else:
        py_compile.compile(str(script), cfile=str(tmp_path / "compiled.pyc"), doraise=True)
        assert not options(command.argv), f"{command}: {script.name} takes no options"


def test_commands_were_found() -> None:
    """The reading above finds the README's two commands and the scripting page's."""
    readme = [c.argv for c in ALL_COMMANDS if c.page.name == "README.md"]
    assert ("python", "run.py") in readme and ("python", "-m", "pytest", "-q") in readme
    assert sum(c.page.name == "scripting.md" for c in ALL_COMMANDS) >= 15


def test_no_command_hides_in_an_untagged_block() -> None:
    hidden = [f"{page.relative_to(ROOT)}:{start}" for page in PAGES for tag, start, lines in fenced_blocks(page)
              if tag not in SHELL_TAGS and lines and re.match(r"(python|pip|clue|sudo)\b", lines[0].strip())]
    assert not hidden, f"commands in blocks not tagged sh (so never checked): {hidden}"


def slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of every heading of ``page`` (outside code blocks)."""
    found, in_code = set(), False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("```"):
            in_code = not in_code
        elif not in_code and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


def dangling(page: Path) -> list[str]:
    """The links of ``page`` that lead nowhere: a missing file or a missing heading."""
    bad = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):        # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        name = file.relative_to(ROOT).as_posix() if file.is_relative_to(ROOT) else str(file)
        if not file.exists():
            bad.append(f"{target} (no file {name})")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            bad.append(f"{target} (no heading #{anchor} in {name})")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_link_leads_somewhere(page: Path) -> None:
    assert not dangling(page), f"{page.relative_to(ROOT)}: {dangling(page)}"


def test_a_dangling_link_is_caught(tmp_path: Path) -> None:
    """The link check itself: a missing file and a missing heading are both reported."""
    page = ROOT / "docs" / "playing.md"
    text = page.read_text(encoding="utf-8")
    assert not dangling(page)
    broken = tmp_path / "page.md"
    broken.write_text(text, encoding="utf-8")
    assert dangling(broken)         # relative to tmp_path, its links lead nowhere
    assert anchors(page) >= {"learn-to-play", "the-clue-card-game-2018", "a-turn-and-the-rules"}


def test_readme_is_short_and_leads_to_every_topic() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines"
    assert lines[0].startswith("# Clue")
    picture = next(line for line in lines[1:] if line.strip())
    target = re.search(r"^!\[[^\]]+\]\(([^)]+)\)$", picture)
    assert target, f"README.md's first thing after the title is not its picture: {picture!r}"
    assert png_size(ROOT / target.group(1)) == (1280, 720)
    links = set(LINK.findall("\n".join(lines)))
    for topic in ("playing", "phones", "read-aloud", "controllers", "levels", "scripting", "architecture",
                  "install", "files"):
        assert f"docs/{topic}.md" in links, f"README.md does not link docs/{topic}.md"


#: Words of the team's process; whitespace between the word and its number may be a line break.
PROCESS = re.compile(r"\b(issue|session)s?\s*#?\d+|\bstop\s+\d+\b|\bNET\d+|\bnewcomer\s+W?\d+", re.IGNORECASE)


def process_words(text: str) -> list[tuple[int, str]]:
    """``(line number, words)`` of each :data:`PROCESS` match in ``text``, read across
    line breaks (the line is where the match starts; the words with whitespace joined)."""
    return [(text.count("\n", 0, m.start()) + 1, " ".join(m.group().split())) for m in PROCESS.finditer(text)]


def test_process_words_are_found_across_line_breaks() -> None:
    text = 'x\n"""An accusation\'s verdict (issue\n14 "Moments"): each\n(worst start <= 2 ms: issue\n16 "No waiting")'
    assert process_words(text) == [(2, "issue 14"), (4, "issue 16")]
    assert process_words("see session\n  11 and NET3, newcomer\n W2") == [(1, "session 11"), (2, "NET3"),
                                                                         (2, "newcomer W2")]
    assert process_words("an issue with 14 cards; the session's end; issues\n\nNothing") == []


def test_no_issue_or_session_numbers_in_what_people_read() -> None:
    """The README, docs/, --help, docstrings and comments name the rules and the code, not the team's process."""
    files = PAGES + sorted(p for folder in ("game", "tools", "benchmarks", "tests")
                           for p in (ROOT / folder).rglob("*.py")) + [ROOT / "run.py"]
    hits = [f"{f.relative_to(ROOT)}:{n}: {words}" for f in files if f != Path(__file__)
            for n, words in process_words(f.read_text(encoding="utf-8"))]
    assert not hits, "\n".join(hits)
