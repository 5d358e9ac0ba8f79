"""A whole game with the family far away, for real (slow: ``python -m pytest -m slow tests/test_net_far_game.py``).

* The TV (:mod:`tests.farhost`: the real app, drawn every frame) runs in the "home" of a simulated
  home network (:mod:`tests.homenet`: Linux network namespaces, a router running Debian's
  ``miniupnpd`` with NAT); with ``--remote``'s setting it asks the router for its port by UPnP.
* Miss Scarlet's relative is on "the internet": headless Chromium (390 x 844) at the router's
  public address, reaching the TV only through the port UPnP forwarded.
* Colonel Mustard's relative is on the internet too, behind an HTTPS reverse proxy (nginx with its
  own certificate, at another host name and the path prefix ``/clue/``, as a tunnel's edge would
  be): ``wss://`` through the proxy, which the TV trusts for ``X-Forwarded-For``.
* The two other seats are computer players, so the game ends.

Both phones (:mod:`tests.farphone`) play their own turns: roll, tap a lit square or room on their
board, suggest, show a card.  Every WebSocket frame each browser received is checked by the privacy
check of :mod:`tests.test_net_privacy` (no card the seat may not know); the router's forwarding is
gone once the game ends.  Nothing leaves the namespaces the test makes.

Each phone's board after its first roll is saved as a JPEG under ``tmp_path`` (or
``CLUE_FAR_SHOTS``, e.g. ``docs/images/phones``).  The figures (frames, taps, seconds) are printed.
Skipped, saying why, where namespaces, miniupnpd, nginx, Chromium or selenium are missing.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import homenet
from tests.test_net_proxy import NGINX

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PORT = 8765
PROXY_PORT = 8443
TUNNEL_NAME = "clue-tunnel.test"
SEED = 21
#: Hang guards only (seconds): each wait ends as soon as the game or the phone gets there.
GAME_GUARD = 1200
#: Each phone's walks by tapping, at the least, in one whole game.
MIN_WALKS = 3


def _why_not() -> str:
    why = homenet.why_not()
    if why:
        return why
    for module, package in (("miniupnpc", "miniupnpc"), ("selenium", "selenium")):
        try:
            __import__(module)
        except ImportError:
            return f"the {module} package is not installed (pip install {package})"
    for tool, package in (("nginx", "nginx"), ("openssl", "openssl"), ("chromium", "chromium"),
                          ("chromedriver", "chromium-driver")):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            return f"no {tool} here (apt-get install {package})"
    return ""


WHY_NOT = _why_not()


def _env(tmp_path: Path) -> dict[str, str]:
    """The child processes' environment: this checkout first, no display, a home of their own
    (Chromium's profile and the app's files stay in ``tmp_path``)."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1", "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local"),
            "XDG_CACHE_HOME": str(home / ".cache")}


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(homenet.GUARD)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(homenet.GUARD)


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-3000:]


def _line(proc: subprocess.Popen, what: str, log: Path) -> dict:
    """The next JSON line the host prints (it prints each within its own bounded waits, or dies)."""
    line = proc.stdout.readline()
    for _ in range(100):                  # what the libraries print on their own comes first
        if not line or line.startswith("{"):
            break
        line = proc.stdout.readline()
    if not line:
        proc.wait(homenet.GUARD)
        raise AssertionError(f"the TV said no {what}: {_tail(log)}")
    return json.loads(line)


def _proxy(home: homenet.Home, tmp_path: Path, upstream: str) -> subprocess.Popen:
    """nginx on the internet side at https://TUNNEL_NAME:PROXY_PORT/clue/ (as a tunnel's edge: another
    host name, a path prefix, the client's address in X-Forwarded-For), with its own certificate."""
    d = tmp_path / "proxy"
    d.mkdir()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(d / "key.pem"), "-out", str(d / "cert.pem"), "-subj", f"/CN={TUNNEL_NAME}",
                    "-addext", f"subjectAltName=DNS:{TUNNEL_NAME}"], check=True, capture_output=True, timeout=60)
    conf = d / "nginx.conf"
    conf.write_text(NGINX.format(d=d, listen=f"{home.outside}:{PROXY_PORT}", name=TUNNEL_NAME, upstream=upstream))
    proxy = subprocess.Popen(home.exec(home.internet, "nginx", "-c", str(conf), "-p", str(d), "-g", "user root;"),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    end = time.monotonic() + homenet.GUARD        # nginx writes its pid once it listens
    while not (d / "nginx.pid").exists():
        if proxy.poll() is not None or time.monotonic() > end:
            _stop(proxy)
            raise AssertionError(f"nginx did not start: {proxy.stderr.read().decode()[-800:]}")
        time.sleep(0.02)
    return proxy


def _jpeg(png: Path, out: Path) -> Path:
    """``png`` (the phone's 390 x 844 screenshot) saved as a small JPEG ``out``."""
    import pygame

    picture = pygame.image.load(str(png))
    assert picture.get_size() == (390, 844), picture.get_size()
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(picture, str(out))
    return out


def _knowledge(game: dict):
    """The privacy check's :class:`Knowledge` of the TV's finished game (replayed here)."""
    from game.board.tmx import load_board
    from game.rules.engine import Game
    from game.storage.paths import MANSION_MAP
    from tests.test_net_privacy import Knowledge

    board = load_board(MANSION_MAP)
    engine = Game.replay(board, game["setup"], game["actions"])
    table = SimpleNamespace(kind="board", new_engine=lambda: Game.replay(board, game["setup"], []))
    return Knowledge(SimpleNamespace(table=table, game=SimpleNamespace(engine=engine)), None), engine


@pytest.mark.skipif(bool(WHY_NOT), reason=f"no simulated home network with phones: {WHY_NOT}")
def test_two_relatives_far_away_play_a_whole_game_by_tapping_their_boards(tmp_path):
    from tests.test_net_privacy import check_seat

    env = _env(tmp_path)
    shots = Path(os.environ.get("CLUE_FAR_SHOTS") or tmp_path)
    started = time.monotonic()
    with homenet.home_router(tmp_path) as home:
        tv = subprocess.Popen(home.exec(home.home, sys.executable, "-m", "tests.farhost", str(PORT), str(SEED),
                                        home.outside, str(tmp_path / "game.pickle")),
                              cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=open(tmp_path / "tv.log", "w"), text=True)
        proxy = phones = None
        try:
            said = _line(tv, "answer from the router", tmp_path / "tv.log")
            assert said["reason"] == "mapped", said["message"]
            assert said["public"] == f"{home.wan}:{PORT}"
            assert f"dport {PORT}" in home.forwarded() and "192.168.77.2" in home.forwarded()
            proxy = _proxy(home, tmp_path, said["public"])
            tokens = said["tokens"]
            urls = {0: f"http://{said['public']}/s/{tokens['0']}",
                    1: f"https://{TUNNEL_NAME}:{PROXY_PORT}/clue/s/{tokens['1']}"}
            extra = {0: [], 1: ["--resolve", f"{TUNNEL_NAME}={home.outside}", "--insecure"]}
            phones = {s: subprocess.Popen(home.exec(home.internet, sys.executable, "-m", "tests.farphone", urls[s],
                                                    str(tmp_path / f"phone{s}.json"), str(tmp_path / f"phone{s}.png"),
                                                    *extra[s]),
                                          cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                          stderr=open(tmp_path / f"phone{s}.log", "w"))
                      for s in (0, 1)}
            ended = _line(tv, "end of the game", tmp_path / "tv.log")
            for p in phones.values():
                p.wait(GAME_GUARD)
            tv.stdin.write("stop\n")
            tv.stdin.flush()
            tv.communicate(timeout=homenet.GUARD)
            assert tv.returncode == 0, _tail(tmp_path / "tv.log")
        finally:
            for p in [tv, proxy, *(phones or {}).values()]:
                if p is not None:
                    _stop(p)
        assert f"dport {PORT}" not in home.forwarded()          # the game ended: the router forwards nothing
    seconds = time.monotonic() - started
    played = {s: json.loads((tmp_path / f"phone{s}.json").read_text()) for s in (0, 1)}
    for s, result in played.items():
        assert phones[s].returncode == 0 and result["over"], (s, result["errors"], _tail(tmp_path / f"phone{s}.log"))
    assert ended["over"] and ended["covers"] == 0
    assert ended["far"] == [0, 1]             # both joined from outside the home: the proxy's word believed
    # every frame each phone received: no card it may not know
    with open(tmp_path / "game.pickle", "rb") as f:
        game = pickle.load(f)
    knowledge, engine = _knowledge(game)
    assert engine.over and len(engine.actions) == ended["actions"]
    views = {s: check_seat(knowledge, s, played[s]["frames"], game["suspects"]) for s in (0, 1)}
    with pytest.raises(AssertionError):     # the check sees real views: one seat's frames are a leak to the other
        check_seat(knowledge, 1, played[0]["frames"], game["suspects"])
    # each seat walked by tapping its board, several times; a tap the TV refused is tapped again
    walks = {s: ended["moves"][str(s)] for s in (0, 1)}
    for s in (0, 1):
        assert MIN_WALKS <= walks[s] <= played[s]["taps"], (s, walks[s], played[s]["taps"])
        assert views[s] >= 20, views
    names = {0: "far-away-upnp-board-after-roll.jpg", 1: "far-away-proxy-board-after-roll.jpg"}
    saved = [_jpeg(tmp_path / f"phone{s}.png", shots / names[s]) for s in (0, 1)]
    print(json.dumps({"seconds": round(seconds, 1), "actions": ended["actions"],
                      "frames": {s: len(played[s]["frames"]) for s in (0, 1)}, "views_checked": views, "leaks": 0,
                      "walks_by_tapping": walks, "taps": {s: played[s]["taps"] for s in (0, 1)},
                      "phone_actions": ended["phone_actions"], "phone_seconds": {s: played[s]["seconds"] for s in (0, 1)},
                      "screenshots": [str(p) for p in saved]}))
