"""Command line: play in a window, play headless, or render one screenshot."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Callable, Iterable, Iterator

import game
from game.storage import paths

log = logging.getLogger(__name__)

#: Smallest and largest window sizes in pixels (smaller makes text too small for a child).
MIN_SIZE = (960, 540)
MAX_SIZE = (7680, 4320)


class _Names:
    """The choices of an option, ``names()``, looked up only when the option is given
    or the help is shown: playing in the window needs none of them before the first frame."""

    def __init__(self, names: Callable[[], Iterable[str]]) -> None:
        self._names = names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name in tuple(self)


def _scene_names() -> Iterable[str]:
    # building the list imports every scene, both games and their computer players
    from game.ui.screenshots.screens import SCENE_NAMES

    return SCENE_NAMES


def _preset_names() -> Iterable[str]:
    from game.rules.options import PRESETS

    return tuple(PRESETS)


SCENES = _Names(_scene_names)    # one list, in game.ui.screenshots.screens
PRESET_NAMES = _Names(_preset_names)


class _Parser(argparse.ArgumentParser):
    """argparse's parser with the epilog (the rule presets, from the rules) written only when the help is shown."""

    def format_help(self) -> str:
        from game.rules.options import PRESETS

        self.epilog = ("Rule presets: " + "; ".join(f"{k} = {v.title}" for k, v in PRESETS.items())
                       + ". House rules switch on top of any preset: --dice 2, --up-to, --stay, --accuse-in-room "
                       "(or all at once: --house two-dice,up-to,stay,accuse-in-room). "
                       "Examples: clue --headless --rules cluedo-es --players 4 --seed 7; "
                       "clue --headless --mode card-game --advanced --players 5 --seed 3. "
                       "From a checkout, python run.py takes the same options.")
        return super().format_help()


class _Version(argparse.Action):
    """``--version``: print ``clue <version>`` and exit (the version is read only then)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {game.__version__}")
        parser.exit()

def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line; argparse prints usage and exits 2 on bad input."""
    p = _Parser(prog="clue", description="Clue: the classic detective board game.")
    p.add_argument("--version", action=_Version, help="show the program's version number and exit")
    p.add_argument("--headless", action="store_true", help="play an all-computer game without a window and print the log")
    p.add_argument("--players", type=int, default=4, help="number of players, 3 to 6 (headless)")
    p.add_argument("--seed", type=int, default=None, help="seed for the shuffle and the dice")
    p.add_argument("--mode", choices=("board", "card-game"), default="board",
                   help="board = the board game; card-game = the 2018 Clue Card Game for --headless (in the "
                        "window: Card game on the title screen)")
    p.add_argument("--advanced", action="store_true", help="card game: add the '+' cards (one weapon, two locations)")
    p.add_argument("--level", choices=("simple", "beginner", "easy", "medium", "hard"), default=None,
                   help="computer level for every seat (headless; board default simple, card game default medium)")
    p.add_argument("--rules", choices=PRESET_NAMES, default="classic", metavar="PRESET",
                   help="rule preset of the board game: %(choices)s")
    p.add_argument("--dice", type=int, choices=(1, 2), default=None, help="house rule: roll 1 or 2 dice")
    p.add_argument("--up-to", action="store_true", help="house rule: move up to the roll instead of exactly")
    p.add_argument("--stay", action="store_true", help="house rule: may stay in a room to suggest again")
    p.add_argument("--accuse-in-room", action="store_true", help="house rule: the accuser must stand in the accused room")
    p.add_argument("--house", default="", metavar="LIST",
                   help="comma list of house rules: two-dice,up-to,stay,accuse-in-room")
    p.add_argument("--screenshot", metavar="PATH", help="render one frame of --scene to a PNG and exit")
    p.add_argument("--scene", choices=SCENES, default="title", metavar="SCENE",
                   help="scene for --screenshot: %(choices)s")
    p.add_argument("--speech-log", metavar="FILE",
                   help="write every sentence read aloud to FILE, one a line with the seconds since the start "
                        "(for testing read aloud by ear; see docs/read-aloud.md)")
    p.add_argument("--size", default="1280x720", help="window size WxH in pixels")
    p.add_argument("--map", default=str(paths.MANSION_MAP), help="Tiled map of the board")
    p.add_argument("--replay", metavar="FILE",
                   help="replay a saved game without a window: print its public log, or the first "
                        "illegal action with its reason (exit code 2)")
    p.add_argument("--lang", choices=("en", "es", "ca"), default=None,
                   help="language of the screen and the log (default: your settings, else the system's)")
    p.add_argument("--join", metavar="ADDRESS",
                   help="take a seat in a game hosted on another computer: opens the seat's address "
                        "(as shown under its QR code, e.g. 192.168.1.20:8765/s/Qx3k...) in your web browser")
    p.add_argument("--host-port", type=int, default=0, metavar="PORT",
                   help="the port this game serves the phones on (default: a free one; a continued game "
                        "uses its own again). Forward this port on your router to let family join from afar")
    p.add_argument("--remote", action="store_true",
                   help="let players from outside the local network join (the phones' server otherwise "
                        "refuses them) and ask the home router to forward the port (UPnP, with the "
                        "miniupnpc package); the log says the public address to send, or why there is none")
    p.add_argument("--vpn-range", action="append", default=[], metavar="RANGE",
                   help="a network range whose phones count as on the local network, e.g. 100.64.0.0/10 "
                        "for Tailscale (may be given more than once; the setting vpn_ranges adds more)")
    p.add_argument("--trust-proxy", action="append", default=[], metavar="ADDRESS",
                   help="the address (or range) of an HTTPS reverse proxy in front of the game whose "
                        "X-Forwarded-For header names the phone (may be given more than once); "
                        "see docs/network.md")
    return p.parse_args(argv)


def seat_url(address: str) -> str:
    """The web address of ``--join ADDRESS``: ``http://`` is added when no
    scheme is given.  Raises ``ValueError`` for anything but an http(s)
    address with a host (a ``file:`` or ``javascript:`` address is never opened)
    and for an address that names no seat (its path must end in ``/s/<code>``,
    after any prefix a proxy adds: the host's own address alone opens only the home page)."""
    from urllib.parse import urlsplit

    text = address.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urlsplit(text)
    try:
        _port = parts.port              # a port that is not a number ("javascript:alert(1)") raises
    except ValueError:
        parts = parts._replace(scheme="")
    if parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() for c in text):
        raise ValueError(f"not a seat's address: {address!r} (it looks like 192.168.1.20:8765/s/...)")
    segments = parts.path.rstrip("/").split("/")
    if len(segments) < 3 or segments[-2] != "s" or not segments[-1]:
        raise ValueError(f"{address!r} names the game but not your seat: add the seat's part as shown under "
                         "its code on the TV (it looks like 192.168.1.20:8765/s/...)")
    return text


#: Seconds ``--join`` waits for the host to answer before saying it cannot reach it.
JOIN_TIMEOUT = 4.0


def check_seat(url: str, timeout: float = JOIN_TIMEOUT) -> tuple[str, str]:
    """Ask the host for the seat's page ``url`` with one short HTTP GET
    (``timeout`` seconds).  Returns ``("ok", "")``, ``("unknown", why)`` (404:
    no seat has this token), ``("refused", why)`` (403: the host lets in only
    its own network) or ``("unreachable", why)`` (no answer, or another error).
    Never raises."""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="GET"), timeout=timeout):
            return "ok", ""
    except urllib.error.HTTPError as exc:
        kind = {404: "unknown", 403: "refused"}.get(exc.code, "unreachable")
        return kind, f"HTTP {exc.code} {exc.reason}"
    except (urllib.error.URLError, OSError, ValueError) as exc:
        return "unreachable", str(getattr(exc, "reason", exc))


def _join(address: str, opener=None, check=check_seat) -> int:
    """``--join ADDRESS``: check the address with the host first (``check``:
    :func:`check_seat`, replaced in tests), then open the seat's page in the
    default web browser (``opener``: :func:`webbrowser.open`) and say what was
    done; the page itself plays the seat.  Returns the exit code: 0 opened
    (or shown to open by hand), 2 not a seat's address (not an address, or
    the host has no seat with this token), 1 the host cannot be reached or refuses."""
    import webbrowser

    try:
        url = seat_url(address)
    except ValueError as exc:
        log.error(exc)
        return 2
    answer, why = check(url)
    if answer == "unknown":
        log.error(f"No seat has this address ({url}) - scan the code on the TV again.")
        return 2
    if answer == "refused":
        log.error(f"The game at {url} lets in only players on its own network ({why}): ask whoever runs it "
                  "to start it with --remote.")
        return 1
    if answer != "ok":
        log.error(f"Cannot reach the game at {url} ({why}). Is it running, with this address on its TV? "
                  "Across the internet its port must be forwarded (see docs/phones.md).")
        return 1
    opened = (opener or webbrowser.open)(url)
    if opened:
        print(f"Opened {url} in your web browser. Your seat plays there; keep the page open "
              "(if it closes, open the address again: the seat waits for you).")
    else:
        print(f"Could not open a web browser here. Open this address in any browser: {url}")
    return 0


def _load_board(path: str):
    from game.board.tmx import MapError, load_board

    try:
        return load_board(path)
    except MapError as exc:
        log.error(f"Cannot load the board: {exc}")
        raise SystemExit(2) from None


def rules_options(args: argparse.Namespace):
    """The board game's :class:`~game.rules.options.Options` from ``--rules``
    and the house-rule flags.  Raises ``ValueError`` for an unknown house rule."""
    from game.rules.options import preset_options

    house = [h.strip() for h in args.house.split(",") if h.strip()]
    if args.dice == 2:
        house.append("two-dice")
    if args.up_to:
        house.append("up-to")
    if args.stay:
        house.append("stay")
    if args.accuse_in_room:
        house.append("accuse-in-room")
    options = preset_options(args.rules, house)
    if args.dice == 1 and options.dice != 1:
        raise ValueError("--dice 1 contradicts two-dice")
    return options


def _card_game(args: argparse.Namespace) -> int:
    """``--headless --mode card-game``: play one all-computer Clue Card Game."""
    import random

    from game.cardgame.headless import play, result_line

    if not 3 <= args.players <= 6:
        log.error(f"--players must be 3 to 6, not {args.players}")
        return 2
    if args.level == "simple":
        log.error("the card game has no simple level (beginner, easy, medium, hard)")
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    try:
        game = play(args.players, seed, advanced=args.advanced, level=args.level or "medium", out=print)
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    print(result_line(game))
    return 0


def _cannot(line: str, error) -> int:
    """A save that cannot be replayed: ``line`` (one sentence in plain words,
    in the player's language) on stdout, the technical detail of ``error`` (a
    :class:`game.storage.save.SaveError`: place, raw value, parser message) on
    stderr.  Returns the exit code 2."""
    print(line)
    log.error(error.for_log())
    return 2


def _replay(args: argparse.Namespace) -> int:
    """``--replay FILE``: rebuild a saved game headless and print its public
    log.  A file that cannot be replayed ends it with one line in plain words
    (stdout, in the ``--lang`` language) and the detail on stderr: exit code 2."""
    from game.rules import events as ev
    from game.storage.save import DAMAGED, SavedGame, SaveError, read_save, replay
    from game.storage.savefile import replay_moves
    from game.text.i18n import N_, _
    from game.text.log import describe

    if args.lang:
        from game.text.i18n import set_language

        set_language(args.lang)
    board = _load_board(args.map)
    try:
        saved = read_save(args.replay)
    except SaveError as exc:      # a named pipe is refused, never opened
        return _cannot(exc.sentence(N_("Cannot read the saved game {path}: {problem}."), path=args.replay), exc)
    cannot_replay = N_("Cannot replay the saved game {path}: {problem}.")
    if not isinstance(saved, SavedGame):
        from game.cardgame.engine import CardGame

        try:                                           # a card game whose moves break the rules: said as such
            for _i, _events in replay_moves(CardGame.new(saved.setup), saved.actions, args.replay, "cards"):
                pass
        except SaveError as error:
            return _cannot(error.sentence(cannot_replay, path=args.replay), error)
        log.error(_("--replay reads board games only; this is a saved card game (Continue resumes it)."))
        return 2
    # Replay action by action so the log up to a bad action is printed first.
    partial = SavedGame(saved.setup, [], saved.notebooks, saved.mode)
    game = replay(board, partial, args.replay)
    seats = tuple(s.suspect for s in game.seats)
    printed = 0

    def flush() -> None:
        nonlocal printed
        for e in game.events[printed:]:
            line = describe(ev.public(e), seats)
            if line:
                print(line)
        printed = len(game.events)

    flush()
    done = -1                    # the last action played (the log up to a bad one is printed first)
    try:
        for index, _events in replay_moves(game, saved.actions, args.replay):
            done = index
            flush()
    except SaveError as error:
        return _cannot(error.sentence(cannot_replay, path=args.replay), error)
    except Exception as exc:  # noqa: BLE001 — a hole in the checks: still one line, never a traceback
        action = saved.actions[done + 1]
        hole = SaveError(args.replay, DAMAGED, f'"actions"[{done + 1}]',
                         detail=f"{type(action).__name__} cannot be played: {type(exc).__name__}: {exc}")
        return _cannot(hole.sentence(cannot_replay, path=args.replay), hole)
    if game.over:
        from game.commands.headless import result_line

        print(result_line(game))
    else:
        from game.rules.cards import name

        print(f"SAVED: the game goes on with {name(seats[game.actor])} to act ({game.phase.value} step).")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``clue`` command, ``python -m game`` and ``run.py``
    (``argv``: the arguments, default ``sys.argv[1:]``); returns the process
    exit code.  Every mode logs to stderr and to the log file
    (:mod:`game.storage.logfile`); an error nothing else caught goes there with its
    traceback, exit code 1."""
    from game.storage import logfile

    args = parse_args(argv)
    # the window opens the file after its first frame (App.step); every other mode at once
    logfile.setup(later=not (args.headless or args.replay or args.join or args.screenshot is not None))
    try:
        return _run(args)
    except Exception:  # noqa: BLE001 -- a double-clicked game has no terminal: the log keeps the traceback
        log.exception("The game stopped on an error it did not expect; the log file %s holds the "
                      "details to send to whoever helps you.", logfile.log_path() or "(none)")
        return 1
    finally:
        logfile.open_file()         # a window closed before its second frame: what it said is kept


def _not_a_file(path: str) -> str | None:
    """Why ``path`` cannot be written as a file (empty; its folder is missing or is a
    file; it exists and is a folder, a named pipe, a device: writing into a pipe would
    wait for a reader for ever), or None."""
    from game.storage.files import FileProblem, check_regular

    if not path:
        return "the path is empty"
    folder = Path(path).parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    try:
        check_regular(path, limit=sys.maxsize)
    except FileProblem as exc:
        return exc.problem
    except OSError:             # not there yet, or not allowed to look: the writer says so
        return None
    return None


def _run(args: argparse.Namespace) -> int:
    """The mode ``args`` asks for; returns the exit code."""
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        log.error(f"--size must look like 1280x720, not {args.size!r}")
        return 2
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        log.error(f"--size must be between {MIN_SIZE[0]}x{MIN_SIZE[1]} and {MAX_SIZE[0]}x{MAX_SIZE[1]} "
                  f"pixels, not {args.size}")
        return 2
    if args.screenshot is not None and _not_a_file(args.screenshot):    # "" too: an unset shell variable
        log.error(f"--screenshot {args.screenshot}: {_not_a_file(args.screenshot)}; give the path of a "
                  "PNG file to write")
        return 2
    if args.speech_log is not None:
        from game.ui.voice.speech import log_to

        problem = _not_a_file(args.speech_log)
        if problem is None:
            try:
                log_to(args.speech_log)
            except OSError as exc:
                problem = exc.strerror or str(exc)
        if problem is not None:
            log.error(f"--speech-log {args.speech_log}: {problem}; give the path of a text file to write")
            return 2
    if args.lang:
        import os

        os.environ["CLUE_LANG"] = args.lang
    if args.join:
        return _join(args.join)
    if not 0 <= args.host_port <= 65535:
        log.error(f"--host-port must be 0 to 65535, not {args.host_port}")
        return 2
    if args.vpn_range or args.trust_proxy:      # checked here, not when the first game is hosted
        try:
            from game.net.server import parse_proxies, parse_ranges

            parse_ranges(args.vpn_range, "--vpn-range")
            parse_proxies(args.trust_proxy, "--trust-proxy")
        except ValueError as exc:
            log.error(exc)
            return 2
        except ImportError:             # no network play installed: nothing to let in
            pass
    if args.replay:
        try:
            return _replay(args)
        except BrokenPipeError:  # piped into `head`: stop quietly
            sys.stderr.close()
            return 0
    if args.headless and args.lang:     # the window takes CLUE_LANG through its settings; the log needs it now
        from game.text.i18n import set_language

        set_language(args.lang)
    if args.headless and args.mode == "card-game":
        return _card_game(args)
    if args.headless:
        import random

        from game.commands.headless import StuckGameError, computer_setup, play, result_line

        if not 3 <= args.players <= 6:
            log.error(f"--players must be 3 to 6, not {args.players}")
            return 2
        try:
            options = rules_options(args)
        except ValueError as exc:
            log.error(str(exc))
            return 2
        seed = args.seed if args.seed is not None else random.randrange(1 << 30)
        board = _load_board(args.map)
        try:
            game = play(board, computer_setup(args.players, seed, args.level or "simple", options), out=print)
        except StuckGameError as exc:
            print(f"RESULT: stuck ({exc})")
            return 1
        except BrokenPipeError:  # e.g. piped into `head`: stop quietly
            sys.stderr.close()
            return 0
        print(result_line(game))
        return 0
    from game.ui.app import run_app
    from game.ui.phones.host import HostOptions

    return run_app(size=(w, h), seed=args.seed, map_path=Path(args.map),
                   screenshot=args.screenshot, scene=args.scene,
                   host=HostOptions(port=args.host_port, remote=args.remote,
                                    vpn_ranges=tuple(args.vpn_range),
                                    trusted_proxies=tuple(args.trust_proxy)))
