"""The seat page and its WebSocket behind an HTTPS reverse proxy at another host name and a
path prefix (nginx from Debian with its own certificate, on loopback), and X-Forwarded-For
believed only from a proxy the host trusts."""

from __future__ import annotations

import re
import shutil
import socket
import ssl
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import pytest

from game.core.cards import ALL_CARDS
from game.net.client import ClientPool, SeatClient
from game.net.driver import NetGame, board_table, choose
from game.net.server import client_address, parse_proxies
from tests.netkit import GUARD, until

LOOPBACK = parse_proxies(["127.0.0.1"], "test")


# ------------------------------------------------------------------ who the client is
@pytest.mark.parametrize("peer, header, trusted, expected", [
    ("127.0.0.1", "81.2.69.160", LOOPBACK, "81.2.69.160"),               # through the trusted proxy
    ("192.168.1.7", "81.2.69.160", LOOPBACK, "192.168.1.7"),             # a phone writing the header itself
    ("127.0.0.1", "81.2.69.160", (), "127.0.0.1"),                       # no proxy trusted: header ignored
    ("127.0.0.1", "10.0.0.9, 81.2.69.160", LOOPBACK, "81.2.69.160"),    # the client's own claim is not believed
    ("127.0.0.1", "81.2.69.160, 127.0.0.1", LOOPBACK, "81.2.69.160"),   # a chain of trusted proxies
    ("127.0.0.1", "garbage", LOOPBACK, "127.0.0.1"),                     # unreadable: the proxy itself
    ("127.0.0.1", None, LOOPBACK, "127.0.0.1"),
    ("::ffff:127.0.0.1", "2001:db8::5", LOOPBACK, "2001:db8::5"),
])
def test_client_address(peer, header, trusted, expected):
    assert client_address(peer, header, trusted) == expected


def test_proxies_are_read_with_the_option_named():
    assert [str(n) for n in parse_proxies(["127.0.0.1", "10.1.0.0/16", "::1"], "x")] == \
        ["127.0.0.1/32", "10.1.0.0/16", "::1/128"]
    with pytest.raises(ValueError, match=r"--trust-proxy: 'proxy\.lan/32' is not"):
        parse_proxies(["proxy.lan"], "--trust-proxy")


# ------------------------------------------------------------------ behind nginx
def _why_not() -> str:
    for tool in ("nginx", "openssl"):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            return f"no {tool} here (apt-get install {tool})"
    return ""


#: nginx in front of the game: HTTPS at ``listen`` for host ``name``, the game (``upstream``,
#: host:port) under /clue/, the client's address in X-Forwarded-For; ``d`` holds its files.
NGINX = """daemon off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {d}/body; proxy_temp_path {d}/proxy; fastcgi_temp_path {d}/fcgi;
  uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;
  server {{
    listen {listen} ssl;
    server_name {name};
    ssl_certificate {d}/cert.pem;
    ssl_certificate_key {d}/key.pem;
    location /clue/ {{
      proxy_pass http://{upstream}/;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 300s;
    }}
  }}
}}
"""


DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_documented_nginx_lines_are_the_ones_tested_and_a_tunnel_is_told_to_trust_it():
    """docs/network.md's nginx block is this file's location block (the upstream at port 8765),
    X-Forwarded-For included: without it every relative would be the proxy, in the room.  A
    tunnel user is told to trust the tunnel's address, and to let outside addresses in."""
    tested = NGINX.split("location /clue/ {{", 1)[1].split("}}", 1)[0].format(upstream="127.0.0.1:8765")
    blocks = re.findall(r"```nginx\n(.*?)```", (DOCS / "network.md").read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    assert [line.strip() for line in blocks[0].splitlines()] == (
        ["location /clue/ {"] + [line.strip() for line in tested.strip().splitlines()] + ["}"])
    phones = " ".join((DOCS / "phones.md").read_text(encoding="utf-8").split())
    tunnel = phones[phones.index("**A tunnel**"):phones.index("**UPnP**")]
    assert "clue --host-port 8765 --remote --trust-proxy 127.0.0.1" in tunnel


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def proxied(tmp_path):
    """A hosted board game (seat 0 a phone) behind nginx at https://localhost:PORT/clue/,
    trusting loopback as its proxy: yields (game, base URL, SSL context trusting the certificate)."""
    why = _why_not()
    if why:
        pytest.skip(f"no HTTPS proxy to test behind: {why}")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem"),
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
                   check=True, capture_output=True, timeout=60)
    game = NetGame(board_table(3, 11, [0]))
    game.server.trusted = LOOPBACK
    game.start()
    port = _free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(NGINX.format(d=tmp_path, listen=f"127.0.0.1:{port}", name="localhost",
                                 upstream=f"127.0.0.1:{game.server.port}"))
    proxy = subprocess.Popen(["nginx", "-c", str(conf), "-p", str(tmp_path), "-g", "user root;"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        def listening() -> bool:
            if proxy.poll() is not None:
                raise AssertionError(f"nginx stopped: {proxy.stderr.read().decode()[-800:]}")
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", port)) == 0
        until(listening, "nginx to listen", guard=30)
        context = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))
        yield game, f"https://localhost:{port}/clue", context
    finally:
        proxy.terminate()
        try:
            proxy.wait(30)
        except subprocess.TimeoutExpired:
            proxy.kill()
            proxy.wait(30)
        game.stop()


def _get(url: str, context: ssl.SSLContext, headers: dict | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}),
                                    context=context, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_a_seat_plays_a_whole_game_through_wss_at_a_path_prefix(proxied):
    game, base, context = proxied
    token = game.session.tokens[0]
    status, page = _get(f"{base}/s/{token}", context)
    assert status == 200
    # every file the page names resolves under the prefix
    names = re.findall(rb'(?:href|src)="([^"#:]+)"', page)
    assert names and all(not n.startswith(b"/") for n in names), names
    for name in names:
        assert _get(urljoin(f"{base}/s/{token}", name.decode()), context)[0] == 200, name
    assert _get(f"{base}/cards/{ALL_CARDS[0]}.png", context)[0] == 200
    # the phone: wss://localhost:PORT/clue/ws, the certificate checked
    client = SeatClient(base, token, decide=lambda view: choose(view, 11), ssl=context)
    pool = ClientPool()
    pool.add(client)
    try:
        until(lambda: game.session.has_phone(0), "the phone to take its seat through the proxy")
        game.run(timeout=GUARD)
        until(lambda: bool(client.view and client.view.get("over")), "the last view through the proxy")
    finally:
        pool.close()
    assert client.seat == 0 and client.stats["connects"] >= 1
    assert game.engine.over and any(a.seat == 0 for a in game.applied)   # the phone's own actions went in
    assert client.frames and client.view["seat"] == 0


def test_forwarded_address_is_believed_only_from_the_trusted_proxy(proxied):
    game, base, context = proxied
    token = game.session.tokens[0]
    outside = {"X-Forwarded-For": "81.2.69.160"}
    # through nginx (trusted): the client's address is the forwarded one, outside the home: refused
    status, body = _get(f"{base}/s/{token}", context, outside)
    assert status == 403 and b"This game is only for the home network" in body and b"81.2.69.160" in body
    # a host that trusts no proxy: the header is only words, the peer (loopback) is judged
    game.server.trusted = ()
    assert _get(f"{base}/s/{token}", context, outside)[0] == 200
    # trusted again: the same header straight from loopback counts, whoever sends it from there
    direct = f"http://127.0.0.1:{game.server.port}/s/{token}"
    game.server.trusted = LOOPBACK
    assert _get(direct, context, outside)[0] == 403
    assert _get(direct, context)[0] == 200


def test_page_loads_are_limited_by_the_forwarded_address(proxied):
    """Behind a proxy every client comes from its address: the per-address page limit keys on
    each client's own, so one flooding client never locks the others out."""
    game, base, context = proxied
    token = game.session.tokens[0]
    game.server.remote = True
    burst = game.server.limits.pages[1]
    flood = {"X-Forwarded-For": "81.2.69.160"}
    codes: list[int] = []
    while 429 not in codes and len(codes) < burst * 10:     # the bucket refills as requests take time
        codes.append(_get(f"{base}/s/{token}", context, flood)[0])
    assert codes[-1] == 429 and codes[:burst] == [200] * burst
    assert _get(f"{base}/s/{token}", context, {"X-Forwarded-For": "81.2.69.161"})[0] == 200
    assert _get(f"{base}/s/{token}", context)[0] == 200       # the proxy's own address is not blocked either


def test_the_phone_page_joins_through_wss_at_the_prefix_in_chromium(proxied, tmp_path):
    """The real page (headless Chromium, 390 x 844) at https://localhost:PORT/clue/s/TOKEN: its
    files, its WebSocket (wss:// under the prefix) and its card pictures all come through nginx."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    chromium, driver = shutil.which("chromium") or "", shutil.which("chromedriver") or ""
    if not (chromium and driver):
        pytest.skip("no Chromium or chromedriver here (apt-get install chromium chromium-driver)")
    game, base, _context = proxied
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=390,844", "--ignore-certificate-errors", "--no-first-run"):
        opts.add_argument(arg)
    drv = webdriver.Chrome(service=Service(driver), options=opts)
    try:
        drv.get(f"{base}/s/{game.session.tokens[0]}")

        def joined() -> bool:
            game.step(wait=0.01)            # the host's loop: seat the phone, send its view
            s = drv.execute_script("return window.cluePage && window.cluePage.state();") or {}
            return s.get("conn") == "connected" and bool(s.get("hasView"))   # rev is -1 before the first view
        WebDriverWait(drv, GUARD, poll_frequency=0.05).until(lambda _d: joined(), message="the page to join")
        assert game.session.has_phone(0)
        drv.execute_script("document.querySelector('#tabs button[data-tab=\"hand\"]').click();")

        def pictures() -> list:
            game.step(wait=0.01)
            return drv.execute_script(
                "return Array.from(document.images).filter(i => i.src.indexOf('/clue/cards/') >= 0)"
                ".map(i => [i.src, i.complete && i.naturalWidth > 0]);")
        WebDriverWait(drv, GUARD, poll_frequency=0.05).until(
            lambda _d: pictures() and all(ok for _src, ok in pictures()), message="the hand's pictures")
        shown = pictures()
        assert len(shown) == len(game.engine.view(0).hand), shown
        drv.save_screenshot(str(tmp_path / "phone-behind-proxy.png"))
    finally:
        drv.quit()


def test_the_trust_proxy_option_reaches_the_host_and_a_bad_one_stops_with_its_name(monkeypatch, capsys):
    import game.commands.cli as cli
    import game.ui.app as app_module
    from game.ui.phones.host import HostOptions

    got = {}
    monkeypatch.setattr(app_module, "run_app", lambda **kw: got.update(kw) or 0)
    assert cli.main(["--trust-proxy", "127.0.0.1", "--trust-proxy", "10.8.0.0/16"]) == 0
    assert got["host"] == HostOptions(trusted_proxies=("127.0.0.1", "10.8.0.0/16"))
    got.clear()
    assert cli.main(["--trust-proxy", "proxy.lan"]) == 2
    err = capsys.readouterr().err
    assert "--trust-proxy" in err and "'proxy.lan/32'" in err and "Traceback" not in err and not got
