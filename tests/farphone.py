"""A relative's phone, far away: headless Chromium at 390 x 844 that plays one seat's page to the
end of the game by itself, walking by tapping the lit squares of its board.

Run as a program (``python -m tests.farphone URL OUT.json SHOT.png``) so it can run inside a
network namespace (``ip netns exec ...``), where selenium in the test's own process could not
reach its chromedriver.  It presses what a person would: *Got it*, the preselected card to show,
a suggestion (a random suspect and weapon), *Roll*, a tap on a lit room (else a random lit
square), *End turn*; it never accuses, so the computer seats end the game.  After each press it
waits for the host's answer (a new view), bounded in time and count.

``OUT.json`` gets ``frames`` (every WebSocket text frame the page received, read from Chrome's
performance log), ``taps`` (taps on a lit destination), ``presses``, ``over``, ``seconds`` and
``errors``; ``SHOT.png`` is the page after its first roll, the lit squares on its board.
Options: ``--resolve NAME=ADDRESS`` (the host name of a proxy) and ``--insecure`` (accept the
proxy's own certificate).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

WIDTH, HEIGHT = 390, 844
#: Hang guards only: every wait ends as soon as the page shows the host's answer.
GAME_GUARD = 900.0
ANSWER_GUARD = 60.0
MAX_PRESSES = 2000


def phone_browser(chromium: str, driver: str, extra: list[str] | None = None,
                  capabilities: dict | None = None) -> webdriver.Chrome:
    """Headless Chromium at phone size (390 x 844 CSS pixels, touch, scale 1) driven by ``driver``
    (chromedriver's path); ``extra``: more command-line switches; ``capabilities``: more of selenium's."""
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={WIDTH},{HEIGHT}", "--force-device-scale-factor=1", "--hide-scrollbars",
                "--lang=en-US", "--no-first-run", "--disable-extensions", *(extra or ())):
        opts.add_argument(arg)
    for name, value in (capabilities or {}).items():
        opts.set_capability(name, value)
    drv = webdriver.Chrome(service=Service(driver), options=opts)
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
    drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return drv


class Phone:
    """One headless Chromium on one seat's page; :meth:`play` plays it to the end."""

    def __init__(self, chromium: str, driver: str, url: str, resolve: str = "", insecure: bool = False):
        extra = [f"--host-resolver-rules=MAP {resolve.replace('=', ' ', 1)}"] if resolve else []
        if insecure:
            extra.append("--ignore-certificate-errors")
        self.drv = phone_browser(chromium, driver, extra, {"goog:loggingPrefs": {"performance": "ALL"}})
        self.url = url
        self.frames: list[str] = []
        self.taps = self.presses = 0
        self.errors: list[str] = []
        self.rng = random.Random(url)

    # ------------------------------------------------------------ reading the page
    def collect(self) -> None:
        """Move the WebSocket frames received since the last call from Chrome's log to :attr:`frames`."""
        for entry in self.drv.get_log("performance"):
            msg = json.loads(entry["message"])["message"]
            if msg.get("method") == "Network.webSocketFrameReceived":
                response = msg["params"]["response"]
                if response.get("opcode") == 1:
                    self.frames.append(response["payloadData"])

    def state(self) -> dict:
        return self.drv.execute_script("return window.cluePage && window.cluePage.state();") or {}

    def shown(self, selector: str):
        """The first element matching ``selector`` that is displayed and enabled, or None."""
        try:
            for el in self.drv.find_elements(By.CSS_SELECTOR, selector):
                if el.is_displayed() and el.is_enabled():
                    return el
        except StaleElementReferenceException:
            pass
        return None

    def settled(self) -> bool:
        s = self.state()
        return s.get("conn") == "connected" and s.get("pending") is None and bool(s.get("hasView"))

    def wait_answer(self, rev) -> None:
        """Wait for the host's next view after a press (a hang guard, not a pass window)."""
        end = time.monotonic() + ANSWER_GUARD
        while time.monotonic() < end:
            s = self.state()
            if s.get("conn") == "connected" and s.get("pending") is None and s.get("rev") != rev:
                return
            time.sleep(0.05)
        self.errors.append(f"no answer after press {self.presses} (rev {rev})")

    # ------------------------------------------------------------ pressing
    def press(self, el) -> None:
        rev = self.state().get("rev")
        try:
            what = el.get_attribute("id") or el.get_attribute("data-act")
            self.drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
            el.click()
        except (StaleElementReferenceException, WebDriverException):
            return                         # redrawn under the finger: looked at again next round
        self.presses += 1
        print(f"farphone: pressed {what}", file=sys.stderr, flush=True)
        self.wait_answer(rev)

    def dismiss(self, el) -> None:
        """*Got it* on a card shown or the envelope: the page's own window, the host hears nothing."""
        try:
            el.click()
        except (StaleElementReferenceException, WebDriverException):
            return
        self.presses += 1
        end = time.monotonic() + ANSWER_GUARD
        while time.monotonic() < end:
            try:
                if not el.is_displayed():
                    return
            except StaleElementReferenceException:
                return                            # the page drew without that window
            time.sleep(0.05)

    def tap(self, el) -> None:
        """A finger's tap (touch events, as a phone sends) on the middle of ``el``."""
        rev = self.state().get("rev")
        self.drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
        x, y = self.drv.execute_script("var r = arguments[0].getBoundingClientRect();"
                                       " return [r.left + r.width / 2, r.top + r.height / 2];", el)
        for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
            self.drv.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        self.taps += 1
        self.presses += 1
        self.wait_answer(rev)

    def walk(self, shot: Path) -> None:
        """Tap a lit room if there is one, else a random lit square; the first time, save ``shot``."""
        if not shot.exists():
            self.drv.execute_script("document.getElementById('main').scrollTop = 0;"
                                    "document.activeElement && document.activeElement.blur();")
            self.drv.save_screenshot(str(shot))
        rooms = self.drv.find_elements(By.CSS_SELECTOR, "#mansion-play [data-lit-room]")
        squares = self.drv.find_elements(By.CSS_SELECTOR, "#mansion-play [data-lit]")
        self.tap(rooms[0] if rooms else self.rng.choice(squares))

    def suggest(self) -> None:
        for field in ("suspect", "weapon"):
            cards = self.drv.find_elements(By.CSS_SELECTOR, f'#suggest-panel [data-field="{field}"] button')
            self.drv.execute_script("arguments[0].click();", self.rng.choice(cards))
        self.press(self.drv.find_element(By.ID, "suggest-btn"))

    def play(self, shot: Path) -> bool:
        """Play until the page shows the game's end; True if it did."""
        self.drv.get(self.url)
        end = time.monotonic() + GAME_GUARD
        over = False
        while time.monotonic() < end and self.presses < MAX_PRESSES:
            self.collect()
            try:
                if self.shown("#winner"):
                    over = True
                    break
                if not self.settled():
                    time.sleep(0.05)
                    continue
                if el := self.shown("#got-it"):
                    self.dismiss(el)
                elif el := self.shown("#show-btn"):
                    self.press(el)
                elif self.shown("#mansion-play .m-lit"):
                    self.walk(shot)
                elif self.shown("#suggest-panel"):
                    self.suggest()
                elif el := self.shown('button[data-act="Roll"]') or self.shown('button[data-act="EndTurn"]'):
                    self.press(el)
                else:
                    time.sleep(0.05)
            except (StaleElementReferenceException, WebDriverException) as exc:
                self.errors.append(type(exc).__name__)   # a redraw under the finger: look again
        # the last views (the game over) reach the page a moment after its first sign
        end = time.monotonic() + ANSWER_GUARD
        while time.monotonic() < end and not (self.settled() and self.shown("#envelope")):
            time.sleep(0.05)
        self.collect()
        return over


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("out", type=Path)
    parser.add_argument("shot", type=Path)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--resolve", default="")
    parser.add_argument("--insecure", action="store_true")
    args = parser.parse_args(argv)
    start = time.monotonic()
    phone = Phone(args.chromium, args.chromedriver, args.url, args.resolve, args.insecure)
    try:
        over = phone.play(args.shot)
    finally:
        phone.drv.quit()
    args.out.write_text(json.dumps({"frames": phone.frames, "taps": phone.taps, "presses": phone.presses,
                                    "over": over, "seconds": round(time.monotonic() - start, 1),
                                    "errors": phone.errors}))
    return 0 if over else 1


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))     # the browser is closed on the way out
    raise SystemExit(main())
