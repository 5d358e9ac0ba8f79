"""The phone page (``game/net/web/``) in a real browser: headless Chromium driven by selenium,
at phone size (390 x 844), against the real host server (``game.net``) on loopback.

Two kinds of test:

* the page's own protocol against a real :class:`HostSession` / :class:`NetServer` whose
  main thread is this test (hand-made seat views, every request checked as it arrives):
  join, marks, the card to show in one tap, the pad, the card game's ask, the language,
  rejoin after a dropped socket (an unacknowledged action is sent again only when the host
  has not applied it), a restarted host found again, what the page keeps in localStorage;
* a whole seeded board game hosted by ``game.net`` (computer seats and this page's seat):
  the page shows a card when asked and makes a suggestion, the host applies each once,
  a reload rejoins with the same view.

Screenshots: every test saves its pictures (390 x 844 PNG) under ``tmp_path``; with
``CLUE_PAGE_SHOTS=docs/images/phones`` they go there instead (the committed ones):
``page-*.png`` from the hosted games, ``page-example-*.png`` from the hand-made views.

Skipped, saying why, only where selenium, Chromium or chromedriver is missing
(``.ci/run`` installs them: ``apt-get install chromium chromium-driver``).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import time
from itertools import combinations, product
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CLUE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = os.environ.get("CLUE_CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed: pip install -e '.[test]'")
if not Path(CHROMIUM).is_file():
    pytest.skip(f"Chromium is not installed ({CHROMIUM}): apt-get install chromium", allow_module_level=True)
if not Path(CHROMEDRIVER).is_file():
    pytest.skip(f"chromedriver is not installed ({CHROMEDRIVER}): apt-get install chromium-driver",
                allow_module_level=True)

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from game.cardgame.cards import CARDS, deck, piles  # noqa: E402
from game.core.cards import ALL_CARDS, CARD_NAMES, ROOMS, SUSPECTS, WEAPONS  # noqa: E402
from game.net.server import NetServer  # noqa: E402
from game.net.session import HostSession  # noqa: E402

WIDTH, HEIGHT = 390, 844
#: A failure guard only: every wait ends as soon as the page or the host gets there.
PATIENCE = 120   # a hang guard: each wait ends as soon as the page shows what it waits for
SEAT = 2


# ------------------------------------------------------------------ the browser
@pytest.fixture(scope="module")
def browser():
    """One headless Chromium at phone size (390 x 844 CSS pixels, touch, scale 1)."""
    from tests.farphone import phone_browser

    drv = phone_browser(CHROMIUM, CHROMEDRIVER)   # installed: it must start
    yield drv
    drv.quit()


@pytest.fixture
def page(browser):
    """The browser with a clean origin storage before and after the test."""
    yield browser
    try:
        browser.execute_script("localStorage.clear(); sessionStorage.clear();")
    except WebDriverException:
        pass
    browser.get("about:blank")


def wait(drv, cond, what: str):
    """Wait until ``cond()`` is true (polled); fail saying ``what`` was awaited."""
    return WebDriverWait(drv, PATIENCE, poll_frequency=0.05).until(lambda _d: cond(), message=what)


def state(drv) -> dict:
    return drv.execute_script("return window.cluePage && window.cluePage.state();") or {}


def connected(drv, rev: int | None = None) -> bool:
    s = state(drv)
    return s.get("conn") == "connected" and (rev is None or s.get("rev") == rev)


def css(drv, selector: str):
    return drv.find_elements(By.CSS_SELECTOR, selector)


def click(drv, selector: str) -> None:
    """Click the first element matching ``selector`` once it is enabled.  The
    page draws each view afresh, so an element found just before a redraw is
    gone by the click (stale): it is found again, and the click tried again,
    until one lands."""
    def clicked() -> bool:
        try:
            found = css(drv, selector)
            if not found or not found[0].is_enabled():
                return False
            drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", found[0])  # clear of the sticky button
            found[0].click()
            return True
        except StaleElementReferenceException:
            return False
    wait(drv, clicked, f"{selector} to be enabled and clicked")


def tab(drv, name: str) -> None:
    click(drv, f'#tabs button[data-tab="{name}"]')


def texts(drv, selector: str) -> list[str]:
    return [e.text for e in css(drv, selector)]


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def shoot(drv, tmp_path: Path, name: str) -> Path:
    """Save the page as ``name``.png (390 x 844) and return its path."""
    out = Path(os.environ.get("CLUE_PAGE_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.png"
    drv.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur();")
    assert drv.save_screenshot(str(path))
    assert png_size(path) == (WIDTH, HEIGHT)
    return path


def storage(drv) -> dict:
    return drv.execute_script(
        "var o = {}; for (var i = 0; i < localStorage.length; i++) { var k = localStorage.key(i);"
        " o[k] = localStorage.getItem(k); } return o;")


def assert_storage_private(drv, token: str) -> dict:
    """localStorage holds one entry, this seat's: its token, client id, seq and language; nothing
    else (no card, no view, nothing of another seat); no sessionStorage, no cookie."""
    items = storage(drv)
    assert list(items) == [f"clue.seat.{token}"], items
    entry = json.loads(items[f"clue.seat.{token}"])
    assert sorted(entry) == ["client", "lang", "seq", "token"], entry
    assert entry["token"] == token
    assert isinstance(entry["client"], str) and len(entry["client"]) == 24
    assert isinstance(entry["seq"], int) and entry["seq"] >= 0
    assert entry["lang"] in ("en", "es", "ca")
    assert drv.execute_script("return sessionStorage.length;") == 0
    assert drv.execute_script("return document.cookie;") == ""
    return entry


# ------------------------------------------------------------------ a host whose main thread is the test
class FakeTable:
    """A real :class:`HostSession` and :class:`NetServer` on loopback for seat :data:`SEAT`;
    the test plays the main thread: it publishes views and reads what the page asked."""

    def __init__(self, kind: str = "board", session: HostSession | None = None, port: int = 0):
        self.session = session or HostSession(kind, [SEAT])
        self.server = NetServer(self.session, bind="127.0.0.1", port=port)
        self.host, self.port = self.server.start()
        self.url = self.session.url(SEAT, f"http://{self.host}:{self.port}")
        self.token = self.session.tokens[SEAT]
        self.seen: list = []

    def requests(self, kind: str | None = None) -> list:
        self.seen += self.session.poll()
        return [r for r in self.seen if kind is None or r.kind == kind]

    def wait_request(self, drv, kind: str, count: int = 1) -> list:
        wait(drv, lambda: len(self.requests(kind)) >= count, f"{count} {kind} request(s) from the page")
        return self.requests(kind)

    def stop(self) -> None:
        self.server.stop()


@pytest.fixture
def table():
    t = FakeTable()
    yield t
    t.stop()


def kind_of(card: str) -> str:
    return "suspect" if card in SUSPECTS else "weapon" if card in WEAPONS else "room"


def board_view(**over) -> dict:
    """A board-game view of seat 2 (Mrs. Peacock) in the payload's shape (game/net/payload.py)."""
    hand = ["plum", "rope", "kitchen", "hall"]
    seats = [{"id": s, "name": CARD_NAMES[s], "out": s == "mustard", "cards": 5 if s == "plum" else 6,
              "phone": s == "peacock"} for s in ("scarlet", "mustard", "peacock", "plum")]
    notebook = [{"id": c, "name": CARD_NAMES[c], "kind": kind_of(c),
                 "mark": "X" if c in hand or c == "knife" else "?" if c == "white" else "",
                 "fact": "hand" if c in hand else "shown:0" if c == "knife" else None,
                 "hint": ("Nobody could show a card for the Lounge, and you don't hold it: "
                          "it is in the envelope.") if c == "lounge" else None} for c in ALL_CARDS]
    view = {"game": "board", "seat": SEAT, "lang": "en", "you": "peacock", "seats": seats, "turn": 0,
            "actor": 0, "phase": "move", "over": False, "hand": hand, "face_up": [],
            "prompt": {"kind": "wait", "text": "Miss Scarlet is moving."}, "legal": [], "move": False,
            "disprove": None, "shown": [{"by": 0, "card": "knife", "i": 17}], "notebook": notebook,
            "names": dict(CARD_NAMES),
            "log": ["Miss Scarlet rolls a 5.", "Colonel Mustard suggests Mrs. White with the Rope in the Hall.",
                    "Mrs. Peacock shows a card to Colonel Mustard.", "Colonel Mustard accuses wrongly and is out.",
                    "Miss Scarlet shows a card to Mrs. Peacock."],
            "room": None, "result": None}
    view.update(over)
    return view


def show_view() -> dict:
    return board_view(actor=SEAT, phase="disprove",
                      prompt={"kind": "disprove", "text": "Miss Scarlet suggests Professor Plum with the Rope "
                                                          "in the Hall. Show her one card."},
                      disprove={"asker": 0, "cards": ["plum", "rope", "hall"], "preselect": "rope"},
                      legal=[{"type": "Disprove", "card": c} for c in ("plum", "rope", "hall")])


def suggest_view(**over) -> dict:
    return board_view(actor=SEAT, turn=SEAT, phase="suggest", room="kitchen", **over,
                      prompt={"kind": "suggest", "text": "You are in the Kitchen. Make a suggestion, or accuse."},
                      legal=[{"type": "Suggest", "suspect": s, "weapon": w} for s in SUSPECTS for w in WEAPONS]
                      + [{"type": "Accuse", "suspect": s, "weapon": w, "room": r}
                         for s in SUSPECTS for w in WEAPONS for r in ROOMS] + [{"type": "EndTurn"}])


def cards_view() -> dict:
    d = deck(False)
    return board_view(game="cards", actor=SEAT, turn=SEAT, phase="ask", hand=["plum", "rope"], face_up=["kitchen"],
                      prompt={"kind": "ask", "text": "Your turn: ask about two cards, or accuse."},
                      notebook=[{"id": c, "name": CARDS[c].name, "kind": CARDS[c].kind, "mark": "",
                                 "fact": "hand" if c in ("plum", "rope") else "up" if c == "kitchen" else None,
                                 "hint": None} for c in d],
                      shown=[],
                      legal=[{"type": "Ask", "first": a, "second": b} for a, b in combinations(d, 2)]
                      + [{"type": "Accuse", "person": p, "weapon": w, "location": loc}
                         for p, w, loc in product(*piles(False))])


def open_seat(drv, table: FakeTable, view: dict | None = None) -> int:
    """Open the seat's page, wait for it to join, publish ``view`` and wait until it is drawn."""
    drv.get(table.url)
    wait(drv, lambda: connected(drv), "the page to join")
    rev = table.session.publish(SEAT, view or board_view())
    wait(drv, lambda: connected(drv, rev), "the page to draw the view")
    return rev


# ------------------------------------------------------------------ the page's own protocol
def test_join_shows_hand_notebook_and_table(page, table, tmp_path):
    """Joining with the token in the URL seats the page (one hello, the host's welcome), then it draws
    the seat's hand with its card pictures, the notebook (facts locked, hints with their reason) and the
    public Table; a tap on a mark cycles it and tells the host."""
    open_seat(page, table)
    assert [r.kind for r in table.requests()] == ["connect"]
    assert page.find_element(By.ID, "me-name").text == "Mrs. Peacock"
    assert "Miss Scarlet is moving." in page.find_element(By.ID, "prompt").text
    tab(page, "hand")
    assert sorted(e.get_attribute("data-card") for e in css(page, ".grid.hand .card")) == sorted(
        ["plum", "rope", "kitchen", "hall"])
    assert "Professor Plum" in texts(page, ".grid.hand .card .name")
    pictures = [e.get_attribute("src") for e in css(page, ".grid.hand .card img")]
    assert all(p.endswith(f"/cards/{c}.png")
               for p, c in zip(pictures, ["plum", "rope", "kitchen", "hall"], strict=True))
    from tests.test_assets import make_assets  # the sprites' size, as the tool draws them
    wide = make_assets.CARD_PICTURE_SIZE[0]
    wait(page, lambda: all(page.execute_script("return arguments[0].naturalWidth;", e) == wide
                           for e in css(page, ".grid.hand .card img")), "the card pictures to load")
    assert "Miss Scarlet showed you:" in page.find_element(By.CSS_SELECTOR, ".shown-row").text
    shoot(page, tmp_path, "page-example-hand")

    tab(page, "notes")
    assert len(css(page, ".nb-row")) == 21
    locked = {e.get_attribute("data-card") for e in css(page, ".mark[disabled]")}
    assert locked == {"plum", "rope", "kitchen", "hall", "knife"}
    assert "it is in the envelope" in page.find_element(By.CSS_SELECTOR, '.nb-row[data-card="lounge"] .hint').text
    assert "Miss Scarlet showed you" in page.find_element(By.CSS_SELECTOR, '.nb-row[data-card="knife"] .fact').text
    white = '.mark[data-card="white"]'
    assert page.find_element(By.CSS_SELECTOR, white).get_attribute("data-mark") == "?"
    click(page, white)
    marks = table.wait_request(page, "mark")
    assert [(r.card, r.mark) for r in marks] == [("white", "✓")]
    assert page.find_element(By.CSS_SELECTOR, white).get_attribute("data-mark") == "✓"
    assert "yes" in page.find_element(By.CSS_SELECTOR, white).text        # a word, not a colour alone
    page.find_element(By.CSS_SELECTOR, '.mark[data-card="hall"]').click()  # locked: nothing is sent
    click(page, '.mark[data-card="green"]')
    assert [(r.card, r.mark) for r in table.wait_request(page, "mark", 2)] == [("white", "✓"), ("green", "X")]
    page.execute_script("document.querySelector('.nb-row[data-card=\"lounge\"]').scrollIntoView({block: 'center'});")
    shoot(page, tmp_path, "page-example-notebook")

    tab(page, "table")
    seats = texts(page, ".seats .seat")
    assert len(seats) == 4 and "turn" in seats[0] and "out" in seats[1] and "you" in seats[2]
    assert texts(page, ".log li")[0] == "Miss Scarlet shows a card to Mrs. Peacock."     # newest first
    shoot(page, tmp_path, "page-example-table")
    assert_storage_private(page, table.token)


def test_show_a_card_is_preselected_and_one_tap(page, table, tmp_path):
    """Asked to show a card: the preselected card is chosen already, one tap on the big button sends
    exactly that Disprove as seq 1; choosing another card first sends that one instead."""
    open_seat(page, table, show_view())
    assert page.find_element(By.CSS_SELECTOR, '#show-panel .card[aria-pressed="true"]').get_attribute(
        "data-card") == "rope"
    assert page.find_element(By.ID, "show-btn").text == "Show Rope"
    assert "Miss Scarlet" in page.find_element(By.CSS_SELECTOR, "#show-panel h2").text
    shoot(page, tmp_path, "page-example-show-card")
    click(page, "#show-btn")
    (act,) = table.wait_request(page, "act")
    assert (act.seq, act.action) == (1, {"type": "Disprove", "card": "rope"})
    assert state(page)["pending"] == 1
    table.session.answer(SEAT, 1, True)
    wait(page, lambda: state(page)["pending"] is None, "the page to take the ack")
    # the next time, another card: tap it, then the button
    rev = table.session.publish(SEAT, show_view())
    wait(page, lambda: connected(page, rev), "the page to draw the next view")
    click(page, '#show-panel .card[data-card="hall"]')
    assert page.find_element(By.ID, "show-btn").text == "Show Hall"
    click(page, "#show-btn")
    acts = table.wait_request(page, "act", 2)
    assert (acts[1].seq, acts[1].action) == (2, {"type": "Disprove", "card": "hall"})


def test_suggestion_picker_sends_a_legal_suggestion(page, table, tmp_path):
    """The suggestion picker offers the people and weapons of ``legal`` in the room the seat stands
    in; the button says what will be suggested and sends that Suggest; Accuse asks twice."""
    open_seat(page, table, suggest_view())
    assert "Kitchen" in page.find_element(By.CSS_SELECTOR, "#suggest-panel .where").text
    assert len(css(page, '.picker[data-field="suspect"] .card')) == 6
    assert len(css(page, '.picker[data-field="weapon"] .card')) == 6
    assert not page.find_element(By.ID, "suggest-btn").is_enabled()
    # my notebook marks on the picker's cards: held cards read ✗, my own "?" stays "?"
    marks = page.execute_script(
        "var o = {}; document.querySelectorAll('.picker .card').forEach(function (e) {"
        " var m = e.querySelector('.nbmark'); if (m) o[e.getAttribute('data-card')] = m.getAttribute('data-mark'); });"
        " return o;")
    assert marks == {"plum": "X", "white": "?", "rope": "X", "knife": "X"}
    click(page, '.picker[data-field="suspect"] .card[data-card="white"]')
    click(page, '.picker[data-field="weapon"] .card[data-card="candlestick"]')
    assert page.find_element(By.ID, "suggest-btn").text == "Suggest Mrs. White with Candlestick"
    page.execute_script("document.getElementById('main').scrollTop = 0;")
    shoot(page, tmp_path, "page-example-suggest")
    click(page, "#suggest-btn")
    (act,) = table.wait_request(page, "act")
    assert act.action == {"type": "Suggest", "suspect": "white", "weapon": "candlestick"}
    table.session.answer(SEAT, act.seq, True)
    wait(page, lambda: state(page)["pending"] is None, "the ack")
    # an accusation needs three picks and a second tap
    rev = table.session.publish(SEAT, suggest_view())
    wait(page, lambda: connected(page, rev), "the page to draw the next view")
    click(page, 'button[data-act="Accuse"]')
    for field, c in (("suspect", "plum"), ("weapon", "rope"), ("room", "hall")):
        click(page, f'.picker[data-field="{field}"] .card[data-card="{c}"]')
        click(page, "#own-anyway")            # a card of this seat's hand: asked first, as on the TV
    click(page, "#accuse-btn")
    assert table.requests("act") == [act]                       # nothing yet: "are you sure?"
    shoot(page, tmp_path, "page-example-accuse-sure")
    click(page, "#accuse-sure")
    acts = table.wait_request(page, "act", 2)
    assert acts[1].action == {"type": "Accuse", "suspect": "plum", "weapon": "rope", "room": "hall"}


def test_card_game_ask_two_cards(page, table, tmp_path):
    """The card game's turn: tap two cards, the button names both, it sends that Ask; a third tap
    replaces the first pick."""
    table.stop()
    t = FakeTable("cards")
    try:
        open_seat(page, t, cards_view())
        assert len(css(page, '.picker[data-field="ask"] .card')) == 9
        click(page, '.picker .card[data-card="green"]')
        click(page, '.picker .card[data-card="knife"]')
        click(page, '.picker .card[data-card="dining_room"]')            # replaces green
        assert page.find_element(By.ID, "ask-btn").text == "Ask about Knife and Dining Room"
        shoot(page, tmp_path, "page-example-cards-ask")
        click(page, "#ask-btn")
        (act,) = t.wait_request(page, "act")
        assert act.action == {"type": "Ask", "first": "knife", "second": "dining_room"}
        tab(page, "hand")
        assert "Face up" in page.find_element(By.ID, "tab-hand").text
    finally:
        t.stop()


def test_card_game_join_or_decline(page, table):
    """Another player accuses in the card game: the page offers "No, I don't" first and the three
    piles to join with; each sends its action."""
    table.stop()
    t = FakeTable("cards")
    try:
        join = [{"type": "Join", "person": p, "weapon": w, "location": loc} for p, w, loc in product(*piles(False))]
        view = cards_view()
        view.update(phase="join", turn=0, prompt={"kind": "join", "text": "Join the accusation, or let it go."},
                    legal=join + [{"type": "Decline"}])
        open_seat(page, t, view)
        assert page.find_element(By.CSS_SELECTOR, "#accuse-panel h2").text == "Do you want to accuse too?"
        click(page, "#decline-btn")
        (act,) = t.wait_request(page, "act")
        assert act.action == {"type": "Decline"}
        t.session.answer(SEAT, act.seq, True)
        wait(page, lambda: state(page)["pending"] is None, "the ack")
        rev = t.session.publish(SEAT, view)
        wait(page, lambda: connected(page, rev), "the page to draw the next view")
        for field, c in (("person", "green"), ("weapon", "knife"), ("location", "dining_room")):
            click(page, f'.picker[data-field="{field}"] .card[data-card="{c}"]')
        click(page, "#accuse-btn")
        click(page, "#accuse-sure")
        acts = t.wait_request(page, "act", 2)
        assert acts[1].action == {"type": "Join", "person": "green", "weapon": "knife", "location": "dining_room"}
        assert acts[1].seq == 2
    finally:
        t.stop()


def test_a_seat_that_is_out_is_told_why_it_still_shows_cards(page, table):
    """A seat out of the game (a wrong accusation) reads why it has no turns but still shows cards."""
    view = show_view()
    view["seats"][SEAT]["out"] = True
    open_seat(page, table, view)
    assert "you still show cards" in page.find_element(By.ID, "out-note").text
    assert page.find_element(By.ID, "show-btn").is_enabled()


def test_a_card_the_computer_showed_for_this_seat_is_said_on_its_page(page, table):
    """Back from sleep, the phone reads which of its cards the computer showed, and to whom (a toast
    once, and a line on the Play tab)."""
    open_seat(page, table)
    assert not page.find_elements(By.ID, "chosen-for-you")
    rev = table.session.publish(SEAT, board_view(chosen_for_you=[{"to": 0, "card": "rope", "i": 23}]))
    wait(page, lambda: connected(page, rev), "the page to draw the view")
    line = "Your phone was away, so the computer chose for you: your Rope was shown to Miss Scarlet."
    assert page.find_element(By.ID, "toast").text == line
    assert page.find_element(By.ID, "chosen-for-you").text.startswith(line)


def test_pad_when_the_seat_moves_on_the_tv(page, table, tmp_path):
    """While the seat must move on the TV, the page shows the arrows pad and sends its keys."""
    open_seat(page, table, board_view(actor=SEAT, turn=SEAT, move=True, phase="move", roll=7,
                                      prompt={"kind": "move", "text": "Move your token on the TV, or with the "
                                                                      "arrows here."}))
    assert page.find_element(By.CSS_SELECTOR, "#prompt .badge").text.endswith("Your turn!")
    for key in ("up", "left", "ok"):
        click(page, f'.pad button[data-key="{key}"]')
    assert [r.key for r in table.wait_request(page, "pad", 3)] == ["up", "left", "ok"]
    page.execute_script("document.getElementById('main').scrollTop = 0;")
    shoot(page, tmp_path, "page-example-pad")


def test_your_turn_buzzes_and_says_so(page, table):
    """When the seat must act the page says "Your turn!" and vibrates (where the phone can), once per
    turn, not on every new view; waiting for another seat says who."""
    script = page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        "window.__buzz = []; Object.defineProperty(navigator, 'vibrate', {value: function (p) {"
        " window.__buzz.push(p); return true; }});")})
    try:
        open_seat(page, table)
        assert page.execute_script("return window.__buzz.length;") == 0
        assert "…" in page.find_element(By.CSS_SELECTOR, "#prompt .badge").text
        rev = table.session.publish(SEAT, suggest_view())
        wait(page, lambda: connected(page, rev), "my turn")
        assert page.find_element(By.CSS_SELECTOR, "#prompt .badge").text.endswith("Your turn!")
        assert page.execute_script("return window.__buzz.length;") == 1
        rev = table.session.publish(SEAT, suggest_view())          # the same turn, a new view
        wait(page, lambda: connected(page, rev), "the next view")
        assert page.execute_script("return window.__buzz.length;") == 1
        rev = table.session.publish(SEAT, board_view(actor=1, prompt={"kind": "wait", "text": "Waiting."}))
        wait(page, lambda: connected(page, rev), "someone else's turn")
        assert "Colonel Mustard" in page.find_element(By.ID, "tab-play").text
    finally:
        page.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def test_language_switch_and_reload_keep_it(page, table):
    """EN/ES/CA: the page's own words change at once, the host is told (it sends the game texts
    translated), and a reload says hello in the chosen language."""
    open_seat(page, table)
    click(page, '#langs button[data-lang="es"]')
    assert texts(page, "#tabs button")[0].endswith("Jugar")
    assert table.wait_request(page, "lang")[0].lang == "es"
    assert table.session.lang(SEAT) == "es"
    click(page, '#langs button[data-lang="ca"]')
    assert texts(page, "#tabs button")[2].endswith("Llibreta")
    assert [r.lang for r in table.wait_request(page, "lang", 2)] == ["es", "ca"]
    page.refresh()
    wait(page, lambda: connected(page), "the page to join again")
    assert table.wait_request(page, "connect", 2)[-1].lang == "ca"
    assert page.execute_script("return document.documentElement.lang;") == "ca"
    assert assert_storage_private(page, table.token)["lang"] == "ca"


def test_unacknowledged_action_is_sent_again_once(page, table):
    """An action tapped while the socket is down is kept and sent when the page is welcomed again
    (its seq > applied); the host gets it once; after a reload nothing is sent again and the next
    action takes the next seq."""
    open_seat(page, table, show_view())
    page.execute_script("cluePage.drop(); document.getElementById('show-btn').click();")
    assert state(page)["pending"] == 1
    (act,) = table.wait_request(page, "act")
    assert (act.seq, act.action) == (1, {"type": "Disprove", "card": "rope"})
    assert table.requests("connect")[-1] is not table.requests("connect")[0]      # it joined again
    table.session.answer(SEAT, 1, True)
    wait(page, lambda: state(page)["pending"] is None, "the ack")
    page.refresh()
    wait(page, lambda: connected(page) and state(page)["applied"] == 1, "the rejoin")
    rev = table.session.publish(SEAT, suggest_view())
    wait(page, lambda: connected(page, rev), "the new view")
    assert len(table.requests("act")) == 1 and table.session.stats["duplicates"] == 0
    click(page, '.picker[data-field="suspect"] .card[data-card="green"]')
    click(page, '.picker[data-field="weapon"] .card[data-card="rope"]')
    click(page, "#suggest-btn")
    acts = table.wait_request(page, "act", 2)
    assert acts[1].seq == 2


def test_an_action_dropped_as_too_fast_is_sent_again(page, table):
    """The host dropped the page's action unread (``too_fast``): the page sends the same seq again
    a moment later, still waiting for its answer; a bad-message error instead ends the wait."""
    from game.net import messages as m
    open_seat(page, table, show_view())
    click(page, "#show-btn")
    (act,) = table.wait_request(page, "act")
    table.session._links[SEAT].send(m.encode(m.Error("too_fast", "Too many messages; this one was dropped.")))
    wait(page, lambda: table.session.stats["in_flight"] == 1, "the same act again")
    assert state(page)["pending"] == act.seq == 1 and len(table.requests("act")) == 1
    table.session._links[SEAT].send(m.encode(m.Error("bad_shape", "That message was not understood.")))
    wait(page, lambda: state(page)["pending"] is None, "the page to stop waiting")
    assert "not understood" in page.find_element(By.ID, "toast").text


def test_applied_action_whose_ack_was_lost_is_not_sent_again(page, table):
    """The host applied the action but the socket broke before the ack: the welcome's ``applied``
    tells the page, which drops it instead of sending it twice."""
    open_seat(page, table, show_view())
    click(page, "#show-btn")
    (act,) = table.wait_request(page, "act")
    table.server.stop()                             # the socket breaks before the host answers...
    wait(page, lambda: not table.session.has_phone(SEAT), "the host to see the phone go")
    table.session.answer(SEAT, act.seq, True)       # ...which it does with nobody to hear it
    assert state(page)["pending"] == 1
    table.server = NetServer(table.session, bind="127.0.0.1", port=table.port)
    table.server.start()
    wait(page, lambda: connected(page) and state(page)["pending"] is None, "the page to learn it was applied")
    assert state(page)["applied"] == 1 and state(page)["seq"] == 1
    rev = table.session.publish(SEAT, board_view())
    wait(page, lambda: connected(page, rev), "a new view")
    assert len(table.requests("act")) == 1
    assert table.session.stats["duplicates"] == 0 and table.session.stats["in_flight"] == 0


def test_restarted_host_is_found_again(page, table):
    """The host stops (killed) and starts again on the same port from its saved state (Continue):
    the page shows a calm reconnecting state meanwhile and joins again by itself."""
    open_seat(page, table)
    saved, port = table.session.state(), table.port
    table.stop()
    wait(page, lambda: state(page)["conn"] == "reconnecting", "the reconnecting state")
    status = page.find_element(By.ID, "status")
    assert status.is_displayed() and "Reconnecting" in status.text
    again = FakeTable(session=HostSession.from_state("board", [SEAT], saved), port=port)
    try:
        wait(page, lambda: connected(page), "the page to find the host again")
        assert not page.find_element(By.ID, "status").is_displayed()
        assert [r.kind for r in again.requests()] == ["connect"]       # the same client: no TV confirmation
        assert again.session.stats["joins_asked"] == 0
    finally:
        again.stop()


class FakeLink:
    """Another phone's socket, as the server would hand it to the session."""

    def __init__(self, client: str):
        self.client, self.sent, self.closed = client, [], False

    def send(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    def close(self) -> None:
        self.closed = True


def test_the_seat_opened_again_in_another_case_is_the_same_phone(page, table):
    """The host reads a seat's address in any case; the page keeps one store for every spelling, so
    opening it again typed in upper case takes the seat back at once (no 'second phone' for the TV)."""
    open_seat(page, table)
    client = table.session.clients[SEAT]
    assert table.token == table.token.lower() and table.token in table.url
    page.get(table.url.replace(table.token, table.token.upper()))
    wait(page, lambda: connected(page), "the page to take its seat again")
    assert table.session.clients[SEAT] == client and table.session.pending_joins() == []


def test_another_phone_takes_the_seat_then_the_tv_says_no(page, table):
    """Another phone takes the seat (the TV said yes): this page says so calmly and stops; asking
    for the seat back waits for the TV; the TV saying no is said plainly, with a way to try again."""
    open_seat(page, table)
    other = FakeLink("another-phone")
    assert table.session.hello(other, table.token, other.client) == "waiting"
    table.session.confirm_join(SEAT, True)
    wait(page, lambda: state(page)["conn"] == "taken", "the page to learn the seat was taken")
    assert "another screen" in page.find_element(By.ID, "status").text
    assert table.session.clients[SEAT] == "another-phone"
    click(page, "#retry-btn")
    wait(page, lambda: state(page)["conn"] == "waiting", "the page to wait for the TV")
    assert "Waiting for the TV" in page.find_element(By.ID, "status").text
    assert table.session.pending_joins() == [SEAT]
    table.session.confirm_join(SEAT, False)
    wait(page, lambda: state(page)["conn"] == "refused", "the TV's no")
    assert "The TV said no" in page.find_element(By.ID, "status").text
    assert page.find_element(By.ID, "retry-btn").text == "Try again"
    assert [m["type"] for m in other.sent][:3] == ["waiting", "welcome", "view"] and not other.closed


def base(text: str) -> list[str]:
    """The placeholders of one of the page's words, each as its plain name ({name} for {name_the})."""
    import re
    return sorted(re.sub(r"_(the|to)}$", "}", p) for p in re.findall(r"{\w+}", text))


def test_page_words_exist_in_three_languages(page, table):
    """Every word the page draws (app.js ``w("key")``, index.html ``data-w``) exists in English,
    Spanish and Catalan, none empty; the placeholders of each word are the same in the three."""
    import re
    web = Path(__file__).resolve().parent.parent / "game" / "net" / "web"
    used = set(re.findall(r'\bw\("([a-z_]+)"\s*[,)]', (web / "app.js").read_text()))
    used |= set(re.findall(r'data-w="([a-z_]+)"', (web / "index.html").read_text()))
    used |= {"mark_none", "mark_x", "mark_q", "mark_y", "taken", "refused", "take_back", "try_again"}
    page.get(table.url)
    wait(page, lambda: connected(page), "the page to join (its scripts, the words first, have run)")
    words = page.execute_script("return window.CLUE_WORDS;")
    assert sorted(words) == ["ca", "en", "es"]
    assert used <= set(words["en"]), used - set(words["en"])
    for lang in ("es", "ca"):
        assert set(words[lang]) == set(words["en"]), (lang, set(words["en"]) ^ set(words[lang]))
        for key, text in words[lang].items():
            assert text.strip(), (lang, key)
            # a placeholder may take its article form ({name_the}, {name_to}: the page fills them
            # from the host's card forms), never a name the English does not give
            assert base(text) == base(words["en"][key]), (lang, key)


def test_a_new_game_on_the_same_port_stops_the_old_page(page, table):
    """A new game (new tokens) on the same address: the old page is told its code opens no seat and
    says to scan again, instead of knocking forever."""
    open_seat(page, table)
    port = table.port
    table.stop()
    wait(page, lambda: state(page)["conn"] == "reconnecting", "the reconnecting state")
    other = FakeTable(port=port)
    try:
        wait(page, lambda: state(page)["conn"] == "gone", "the page to give up on its old code")
        assert "Scan your seat's QR code" in page.find_element(By.ID, "status").text
        assert other.session.stats["forged"] >= 1 and other.requests() == []
    finally:
        other.stop()


def test_two_seats_in_two_windows_of_one_browser(page):
    """Three browser windows on one computer is a way to play: two seats' pages in two tabs of one
    browser keep apart (each its own storage entry, client id and seq) and act for their own seat."""
    session = HostSession("board", [1, SEAT])
    server = NetServer(session, bind="127.0.0.1")
    host, port = server.start()
    base = f"http://{host}:{port}"
    try:
        page.get(session.url(1, base))
        wait(page, lambda: connected(page), "seat 1 to join")
        first = page.current_window_handle
        page.switch_to.new_window("tab")
        page.get(session.url(SEAT, base))
        wait(page, lambda: connected(page), "seat 2 to join")
        session.publish(1, board_view(seat=1, you="mustard"))
        rev = session.publish(SEAT, show_view())
        wait(page, lambda: connected(page, rev), "seat 2's view")
        click(page, "#show-btn")
        page.switch_to.window(first)
        wait(page, lambda: state(page)["rev"] == session.revs[1], "seat 1's view")
        tab(page, "notes")
        click(page, '.mark[data-card="green"]')
        seen: list = []
        wait(page, lambda: seen.extend(session.poll()) or {(r.seat, r.kind) for r in seen} >= {(SEAT, "act"), (1, "mark")},
             "each tab's request")
        assert [(r.seat, r.seq) for r in seen if r.kind == "act"] == [(SEAT, 1)]
        assert [(r.seat, r.card) for r in seen if r.kind == "mark"] == [(1, "green")]
        items = storage(page)
        assert sorted(items) == sorted(f"clue.seat.{session.tokens[s]}" for s in (1, SEAT))
        one, two = (json.loads(items[f"clue.seat.{session.tokens[s]}"]) for s in (1, SEAT))
        assert one["client"] != two["client"] and (one["seq"], two["seq"]) == (0, 1)
        assert session.clients == {1: one["client"], SEAT: two["client"]}
    finally:
        for handle in page.window_handles[1:]:
            page.switch_to.window(handle)
            page.close()
        page.switch_to.window(page.window_handles[0])
        server.stop()


def test_unknown_token_gets_no_page(page, table):
    """A made-up token opens nothing."""
    page.get(table.url.rsplit("/", 1)[0] + "/not-a-seat-token")
    assert "No seat has this address" in page.find_element(By.TAG_NAME, "body").text
    assert storage(page) == {}


# ------------------------------------------------------------------ a whole hosted game (game.net)
def drive(game, drv, until, what: str, guard: float = PATIENCE):
    """Step the hosted game on this (main) thread until ``until()``; ``guard`` seconds is a hang
    guard only (the loop ends as soon as the page or the game gets there)."""
    end = time.monotonic() + guard
    while not until():
        if game.step(wait=0.01) and not until():
            pytest.fail(f"the game ended before {what}")
        if time.monotonic() > end:
            pytest.fail(f"no {what} after {guard:.0f} s")


def settled(drv, game, seat: int) -> bool:
    """The page holds the host's latest view of ``seat`` and waits for no ack."""
    s = state(drv)
    return s.get("conn") == "connected" and s.get("pending") is None and s.get("rev") == game.session.revs[seat]


def visible(drv, selector: str) -> bool:
    """Something matching ``selector`` is shown; False while the page redraws it (a stale element:
    the caller polls again)."""
    try:
        return any(e.is_displayed() for e in css(drv, selector))
    except StaleElementReferenceException:
        return False


def page_texts(drv) -> dict:
    """What the seat sees in every tab (the tab shown is put back)."""
    out = {"prompt": drv.find_element(By.ID, "prompt").text}
    before = state(drv)["tab"]
    for name in ("play", "hand", "notes", "table"):
        tab(drv, name)
        out[name] = drv.find_element(By.ID, f"tab-{name}").text
        out[name + "-marks"] = [e.get_attribute("data-mark") for e in css(drv, f"#tab-{name} .mark")]
    tab(drv, before)
    return out


@pytest.fixture
def hosted():
    """Start ``game.net.driver.NetGame`` tables on loopback; stopped at the end."""
    from game.net.driver import NetGame
    games = []

    def start(table, **kw):
        g = NetGame(table, **kw)
        g.start()
        games.append(g)
        return g
    yield start
    for g in games:
        g.stop()


def test_board_game_show_a_card_suggest_switch_language_and_rejoin(page, hosted, tmp_path):
    """A seeded 3-player board game hosted by game.net: two computer seats and seat 0 on this page
    (its moves are made on the TV).  The page shows a card when asked (the preselected one, one tap)
    and makes a suggestion; the host applies each once, with seq 1, 2, ...; switching to Spanish
    brings the game's texts in Spanish; a reload rejoins with the same view and nothing is applied
    twice; localStorage holds only the seat's token, client id, seq and language."""
    from game.net.driver import board_table
    from game.rules.actions import Disprove, Roll, Suggest

    seat = 0
    game = hosted(board_table(3, 7, [seat]))
    page.get(game.url(seat))
    drive(game, page, lambda: settled(page, game, seat), "join")
    assert page.find_element(By.ID, "me-name").text == CARD_NAMES[game.table.suspects[seat]]
    hand = sorted(game.engine.view(seat).hand)
    tab(page, "hand")
    assert sorted(e.get_attribute("data-card") for e in css(page, ".grid.hand .card")) == hand
    shoot(page, tmp_path, "page-hand")
    tab(page, "play")

    done: dict[str, object] = {}
    while not ("show" in done and "suggest" in done):
        drive(game, page, lambda: settled(page, game, seat) and (
            visible(page, "#show-btn") or visible(page, "#suggest-btn") or visible(page, 'button[data-act="Roll"]')
            or visible(page, 'button[data-act="EndTurn"]') or visible(page, "#got-it")), "something for the page to do")
        if visible(page, "#got-it"):
            click(page, "#got-it")
            continue
        assert len(game.engine.actions) < 300, "no disprove and suggestion for the page's seat"
        if visible(page, "#show-btn"):
            chosen = page.find_element(By.CSS_SELECTOR, '#show-panel .card[aria-pressed="true"]').get_attribute(
                "data-card")
            options = [e.get_attribute("data-card") for e in css(page, "#show-panel .card")]
            assert chosen in hand and set(options) <= set(hand)
            assert chosen == game.net.payload(seat)["disprove"]["preselect"]
            if "show" not in done:
                shoot(page, tmp_path, "page-show-card")
            click(page, "#show-btn")
            done["show"] = Disprove(chosen)
        elif visible(page, "#suggest-btn"):
            suspect = css(page, '.picker[data-field="suspect"] .card')[-1].get_attribute("data-card")
            weapon = css(page, '.picker[data-field="weapon"] .card')[0].get_attribute("data-card")
            click(page, f'.picker[data-field="suspect"] .card[data-card="{suspect}"]')
            click(page, f'.picker[data-field="weapon"] .card[data-card="{weapon}"]')
            page.execute_script("document.getElementById('main').scrollTop = 0;")
            shoot(page, tmp_path, "page-suggest")
            click(page, "#suggest-btn")
            done["suggest"] = Suggest(suspect, weapon)
        elif visible(page, 'button[data-act="Roll"]'):
            click(page, 'button[data-act="Roll"]')
            done.setdefault("roll", Roll())
        else:
            click(page, 'button[data-act="EndTurn"]')
        drive(game, page, lambda: settled(page, game, seat) and len(game.applied) == state(page)["seq"],
              "the host to apply the page's action")
        if visible(page, "#got-it"):         # a card shown to this seat, big, until "Got it"
            modal = page.find_element(By.ID, "shown-modal")
            shown = game.net.payload(seat)["shown"][-1]
            assert modal.find_element(By.CSS_SELECTOR, ".card").get_attribute("data-card") == shown["card"]
            assert CARD_NAMES[game.table.suspects[shown["by"]]] in modal.text
            if "shown" not in done:
                shoot(page, tmp_path, "page-card-shown-to-you")
            done["shown"] = shown["card"]
            click(page, "#got-it")

    mine = [a for a in game.applied if a.seat == seat]
    assert [a.seq for a in mine] == list(range(1, len(mine) + 1))          # each seq once, in order
    assert done["show"] in [a.action for a in mine] and done["suggest"] in [a.action for a in mine]
    assert done["show"] in game.engine.actions and done["suggest"] in game.engine.actions
    assert game.session.stats["duplicates"] == 0 and game.session.stats["refused"] == 0

    tab(page, "notes")
    rows = {e.get_attribute("data-card"): e for e in css(page, ".nb-row")}
    assert len(rows) == 21 and all("locked" in rows[c].get_attribute("class") for c in hand)
    shoot(page, tmp_path, "page-notebook")

    # Spanish: the page's words at once, the game's texts from the host
    click(page, '#langs button[data-lang="es"]')
    from game.net.payload import speaking
    from game.text.i18n import card as card_name
    with speaking("es"):
        spanish = {c: card_name(c) for c in hand}
    tab(page, "hand")
    drive(game, page, lambda: settled(page, game, seat) and sorted(texts(page, ".grid.hand .card .name")) == sorted(
        spanish.values()), "the Spanish view")
    assert texts(page, "#tabs button")[1].endswith("Mano")
    shoot(page, tmp_path, "page-hand-es")
    tab(page, "notes")
    shoot(page, tmp_path, "page-notebook-es")
    tab(page, "hand")
    assert game.net.payload(seat)["lang"] == "es"

    # reload: the same view, nothing applied twice
    before, applied, seq = page_texts(page), len(game.applied), state(page)["seq"]
    page.refresh()
    drive(game, page, lambda: settled(page, game, seat), "the rejoin")
    assert state(page)["applied"] == seq == applied and state(page)["seq"] == seq
    for _ in range(20):
        game.step(wait=0.01)
    assert page_texts(page) == before
    assert len(game.applied) == applied and game.session.stats["duplicates"] == 0
    assert game.session.stats["joins_asked"] == 0                       # the same page: no TV confirmation
    assert assert_storage_private(page, game.session.tokens[seat]) == {
        "token": game.session.tokens[seat], "client": game.session.clients[seat], "seq": seq, "lang": "es"}


def test_card_game_ask_in_a_hosted_game(page, hosted, tmp_path):
    """The card game hosted by game.net: on its turn the page asks about two cards it picks; the
    host applies that Ask; cards to show and joins are answered too."""
    from game.cardgame.engine import Ask
    from game.net.driver import cards_table

    seat = 1
    game = hosted(cards_table(3, 5, [seat]))
    page.get(game.url(seat))
    asked = None
    while asked is None:
        drive(game, page, lambda: settled(page, game, seat) and (
            visible(page, "#ask-btn") or visible(page, "#show-btn") or visible(page, "#decline-btn")),
              "the page's turn")
        assert len(game.engine.actions) < 200
        if visible(page, "#show-btn"):
            click(page, "#show-btn")
        elif visible(page, "#decline-btn"):
            click(page, "#decline-btn")
        else:
            cards = [e.get_attribute("data-card") for e in css(page, '.picker[data-field="ask"] .card')]
            assert sorted(cards) == sorted(deck(game.table.setup.advanced))
            first, second = cards[0], cards[-1]
            click(page, f'.picker .card[data-card="{first}"]')
            click(page, f'.picker .card[data-card="{second}"]')
            assert page.find_element(By.ID, "ask-btn").text == (
                f"Ask about {CARDS[first].name} and {CARDS[second].name}")
            page.execute_script("document.getElementById('main').scrollTop = 0;")
            shoot(page, tmp_path, "page-cards-ask")
            click(page, "#ask-btn")
            asked = Ask(first, second)
        drive(game, page, lambda: settled(page, game, seat) and len(game.applied) == state(page)["seq"],
              "the host to apply the page's action")
    assert game.applied[-1].action == asked and asked in game.engine.actions
    assert [a.seq for a in game.applied] == list(range(1, len(game.applied) + 1))


def _play_a_while(game, drv, seat: int, rolls: int) -> None:
    """Play on (the page's seat rolls, shows the preselected card and ends its turns; its moves
    are made on the TV) until ``rolls`` dice have been rolled and the page holds the newest view."""
    from game.rules.events import DieRolled

    def rolled() -> int:
        return sum(isinstance(e, DieRolled) for e in game.engine.events)
    while rolled() < rolls:
        drive(game, drv, lambda: rolled() >= rolls or settled(drv, game, seat) and (
            visible(drv, "#show-btn") or visible(drv, 'button[data-act="Roll"]')
            or visible(drv, 'button[data-act="EndTurn"]') or visible(drv, "#got-it")), "something for the page to do")
        if rolled() >= rolls:
            break
        for selector in ("#got-it", "#show-btn", 'button[data-act="Roll"]', 'button[data-act="EndTurn"]'):
            if visible(drv, selector):
                click(drv, selector)
                break
        drive(game, drv, lambda: settled(drv, game, seat), "the host to take the page's action")
    drive(game, drv, lambda: settled(drv, game, seat), "the newest view")


def test_the_table_tab_shows_the_public_board_with_every_piece_where_it_stands(page, hosted, tmp_path):
    """A far-away seat's public board: the Table tab draws the mansion from the host's geometry at
    the phone's width with every token (its colour AND its letters, all different) and every weapon
    where the engine has it -- a room's piece inside that room's squares, a corridor token on its
    very square --, the current player's token ringed, the public log and "Where everyone is" under it."""
    from game.net.driver import board_table

    seat = 0
    table = board_table(3, 7, [seat])
    game = hosted(table)
    page.get(game.url(seat))
    _play_a_while(game, page, seat, 5)
    tab(page, "table")
    engine = game.engine
    rows = {e.get_attribute("data-token"): e.text for e in css(page, "#where-people li")}
    assert set(rows) == set(SUSPECTS)
    for s, text in rows.items():
        pos = engine.positions[s]
        assert (CARD_NAMES[pos] if isinstance(pos, str) else "In a corridor") in text
    weapons = {e.get_attribute("data-weapon"): e.text.split("\n")[-2:] for e in css(page, "#where-weapons li")}
    assert weapons == {w: [CARD_NAMES[w], CARD_NAMES[r]] for w, r in engine.weapons.items()}
    svg = css(page, "#mansion")[0]
    box = svg.rect
    assert WIDTH - 30 <= box["width"] <= WIDTH
    cols, rows_ = int(svg.get_attribute("data-cols")), int(svg.get_attribute("data-rows"))

    def square(el) -> tuple[int, int]:
        """The board square under the centre of a piece."""
        r = el.rect
        return (int((r["x"] + r["width"] / 2 - box["x"]) / box["width"] * cols),
                int((r["y"] + r["height"] / 2 - box["y"]) / box["height"] * rows_))

    tokens = {e.get_attribute("data-token"): e for e in css(page, "#mansion .m-token")}
    assert set(tokens) == set(SUSPECTS)
    letters = [e.text for e in tokens.values()]
    assert all(letters) and len(set(letters)) == len(letters)   # never colour alone
    corridor = rooms = 0
    for s, el in tokens.items():
        pos, at = engine.positions[s], square(el)
        if isinstance(pos, str):
            assert at in engine.board.rooms[pos].squares, (s, pos, at)
            rooms += 1
        else:
            assert at == tuple(pos), (s, pos, at)
            corridor += 1
    assert corridor and rooms
    marks = {e.get_attribute("data-weapon"): e for e in css(page, "#mansion .m-weapon")}
    assert set(marks) == set(WEAPONS) and all(e.text for e in marks.values())
    for w, el in marks.items():
        assert square(el) in engine.board.rooms[engine.weapons[w]].squares, (w, engine.weapons[w])
    ringed = [e.get_attribute("data-token") for e in css(page, "#mansion .m-token.turn")]
    assert ringed == [table.suspects[engine.turn]]
    facts = page.find_element(By.ID, "where-facts").text
    assert CARD_NAMES[table.suspects[engine.turn]] in facts and "Last roll:" in facts
    headings = texts(page, "#tab-table h2")
    assert headings.index("The board") < headings.index("What happened") < headings.index("Where everyone is")
    assert texts(page, ".log li")[0] == game.net.payload(seat)["log"][-1]
    assert "null" not in page.find_element(By.ID, "tab-table").text
    page.execute_script("document.getElementById('main').scrollTop = 0;")
    shoot(page, tmp_path, "page-table-board")
    page.execute_script("document.getElementById('where-people').scrollIntoView({block: 'start'});")
    shoot(page, tmp_path, "page-table-where")



def test_pieces_on_the_phones_mansion_stand_clear_of_the_room_names(page, table, tmp_path):
    """Every piece in one room at a time: no token or weapon covers a line of any room's name.
    The pieces stand below the name's last line (the Billiard Room's takes two lines on the
    phone's mansion, three in Spanish and Catalan, "Sala / de / billar": the Revolver's "Pi" sat
    on "bil")."""
    from game.board.tmx import load_board
    from game.net.payload import geometry
    from game.storage import paths

    geo = geometry(load_board(paths.MANSION_MAP))

    def overlap(a, b, slack: float = 2.0) -> bool:
        # slack: the name's line box reaches its descenders' room and the turn's ring its square's rim
        return (a["x"] + slack < b["x"] + b["width"] and b["x"] + slack < a["x"] + a["width"]
                and a["y"] + slack < b["y"] + b["height"] and b["y"] + slack < a["y"] + a["height"])

    for room in ("billiard_room", "conservatory", "dining_room"):
        pieces = {"tokens": [{"id": s, "at": room} for s in SUSPECTS],
                  "weapons": [{"id": w, "at": room} for w in WEAPONS], "turn": 0, "last_roll": 5}
        open_seat(page, table, board_view(board=geo, pieces=pieces))
        tab(page, "table")
        words = [e.text for e in css(page, "#mansion .m-name")]
        assert "Billiard" in words and "Room" in words, words       # two lines here
        names = [e.rect for e in css(page, "#mansion .m-name")]
        marks = [e.rect for e in css(page, "#mansion .m-token, #mansion .m-weapon")]
        assert len(marks) == 12 and names
        hit = [(m, n) for m in marks for n in names if overlap(m, n)]
        assert not hit, (room, hit)
    shoot(page, tmp_path, "page-mansion-names")

def test_the_table_tab_says_whose_cursor_is_where(page, table, tmp_path):
    """The TV's move cursor is public: every seat's Table tab draws it on the mansion and says whose
    it is and where; a seat that does not move gets no lit squares."""
    from game.board.tmx import load_board
    from game.net.payload import geometry
    from game.storage import paths

    geo = geometry(load_board(paths.MANSION_MAP))
    pieces = {"tokens": [{"id": s, "at": "hall" if s == "scarlet" else [7, 16]} for s in SUSPECTS[:1]],
              "weapons": [], "turn": 0, "last_roll": 5}
    open_seat(page, table, board_view(board=geo, pieces=pieces, cursor={"seat": 0, "at": "lounge"}))
    tab(page, "table")
    assert page.find_element(By.ID, "cursor-line").text == "⌖ Miss Scarlet's cursor: Lounge"
    ring = page.find_element(By.CSS_SELECTOR, "#mansion .m-cursor")
    assert ring.get_attribute("data-at") == "lounge" and ring.get_attribute("data-seat") == "0"
    assert css(page, "#mansion [data-lit]") == [] and css(page, "#mansion-play") == []
    rev = table.session.publish(SEAT, board_view(board=geo, pieces=pieces, cursor={"seat": 0, "at": [7, 16]}))
    wait(page, lambda: connected(page, rev), "the cursor's next view")
    assert page.find_element(By.ID, "cursor-line").text == "⌖ Miss Scarlet's cursor: In a corridor"
    assert page.find_element(By.CSS_SELECTOR, "#mansion .m-cursor").get_attribute("data-at") == "7,16"
    shoot(page, tmp_path, "page-example-cursor")


def tap(drv, svg, square) -> None:
    """A finger's tap (touch events, as a phone sends) on the middle of board ``square`` of ``svg``."""
    box = drv.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];",
                             svg)
    cols, rows = int(svg.get_attribute("data-cols")), int(svg.get_attribute("data-rows"))
    x, y = box[0] + (square[0] + .5) * box[2] / cols, box[1] + (square[1] + .5) * box[3] / rows
    for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
        drv.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_the_phones_board_lights_the_roll_and_a_tap_walks_the_token(page, hosted, tmp_path):
    """A seat that walks from its phone (390 x 844): after its roll the page draws the mansion from
    the host's geometry with exactly the engine's destinations lit; a tap on an unlit square is
    refused with the engine's reason and moves nothing; a tap on a lit one moves the token there
    (the host's game agrees, and so does the page's token); the page stays 390 px wide."""
    from game.net.driver import board_table

    seat = 0
    game = hosted(board_table(3, 2, [seat]), phone_moves=[seat])
    page.get(game.url(seat))
    me = game.table.suspects[seat]
    shots = Path(os.environ.get("CLUE_BOARD_SHOTS") or tmp_path)
    for walk in range(2):
        while not (settled(page, game, seat) and visible(page, "#mansion-play .m-lit")):
            drive(game, page, lambda: settled(page, game, seat) and (
                visible(page, "#mansion-play .m-lit") or visible(page, "#got-it") or visible(page, "#show-btn")
                or visible(page, 'button[data-act="Roll"]') or visible(page, 'button[data-act="EndTurn"]')),
                "the page's roll")
            assert len(game.engine.actions) < 200
            for selector in ("#got-it", "#show-btn", 'button[data-act="Roll"]', 'button[data-act="EndTurn"]'):
                if visible(page, selector):
                    click(page, selector)
                    break
            drive(game, page, lambda: settled(page, game, seat), "the host to take the page's action")
        engine = game.engine
        assert engine.actor == seat and engine.phase.value == "move"
        moves = set(engine.moves())
        lit = {tuple(map(int, e.get_attribute("data-lit").split(","))) for e in css(page, "#mansion-play [data-lit]")}
        lit |= {e.get_attribute("data-lit-room") for e in css(page, "#mansion-play [data-lit-room]")}
        assert lit == moves
        assert page.execute_script("return document.documentElement.scrollWidth;") <= WIDTH
        svg = css(page, "#mansion-play")[0]
        assert svg.rect["x"] >= 0 and svg.rect["x"] + svg.rect["width"] <= WIDTH and svg.rect["width"] >= WIDTH - 40
        if walk == 0:
            page.execute_script("document.getElementById('main').scrollTop = 0;")
            shots.mkdir(parents=True, exist_ok=True)
            shoot(page, shots, "phone-board-after-roll")
        # an unlit corridor square: refused with the engine's words, nothing moves
        before, refused = engine.positions[me], game.session.stats["refused"]
        unlit = min((sq for sq in engine.board.corridor if sq not in moves and sq not in engine.occupied()),
                    key=lambda sq: min(abs(sq[0] - m[0]) + abs(sq[1] - m[1]) for m in moves if not isinstance(m, str))
                    if any(not isinstance(m, str) for m in moves) else 0)
        tap(page, svg, unlit)
        drive(game, page,
              lambda refused=refused: game.session.stats["refused"] == refused + 1 and settled(page, game, seat),
              "the refusal")
        assert engine.positions[me] == before and engine.phase.value == "move"
        toast = page.find_element(By.ID, "toast")
        assert toast.is_displayed() and ("too far" in toast.text or "exactly" in toast.text
                                         or "block" in toast.text), toast.text
        # a lit destination: a room if the roll reaches one, else a square
        dest = sorted(m for m in moves if isinstance(m, str))[:1] or [sorted(m for m in moves if not isinstance(m, str))[0]]
        dest = dest[0]
        square = dest if not isinstance(dest, str) else sorted(
            engine.board.rooms[dest].squares, key=lambda q: (abs(q[0] - sum(p[0] for p in engine.board.rooms[dest].squares)
                                                              / len(engine.board.rooms[dest].squares)), q))[0]
        tap(page, css(page, "#mansion-play")[0], square)
        drive(game, page, lambda engine=engine, dest=dest: engine.positions[me] == dest and settled(page, game, seat),
              "the walk")
        assert game.applied[-1].seat == seat and game.applied[-1].action.__class__.__name__ == "Move"
        tab(page, "table")
        token = page.find_element(By.CSS_SELECTOR, f'#mansion [data-token="{me}"]')
        assert token.get_attribute("data-at") == (dest if isinstance(dest, str) else f"{dest[0]},{dest[1]}")
        if walk == 0:
            page.execute_script("document.getElementById('main').scrollTop = 0;")
            shoot(page, shots, "phone-board-table-after-walk")
        tab(page, "play")
    assert game.session.stats["duplicates"] == 0


# ------------------------------------------------------------------ what the page forgets and shows
def private_traces(drv, ids) -> list[str]:
    """What of ``ids`` (card ids) or their names the page still holds in its DOM."""
    html = drv.execute_script("return document.body.innerHTML;")
    found = [c for c in ids if f'"{c}"' in html or f"/cards/{c}.png" in html or CARD_NAMES[c] in html]
    if "data-card" in html:
        found.append("data-card")
    return found


@pytest.mark.parametrize("how", ["taken", "refused", "gone"])
def test_a_replaced_phone_forgets_everything_private_at_once(page, table, tmp_path, how):
    """The seat is taken by another screen (the TV said yes), the TV refused this screen, or the code
    opens no seat: the page wipes the hand, the cards shown to it, the notebook, the pickers and the
    modals from memory and from the DOM at once, and shows only the calm message (with "Use this
    screen" when another screen took it)."""
    open_seat(page, table, board_view(shown=[{"by": 0, "card": "knife", "i": 17},
                                             {"by": 1, "card": "lounge", "i": 30}]))
    tab(page, "hand")
    private = ["plum", "rope", "kitchen", "hall", "knife", "lounge"]
    assert set(private_traces(page, private)) >= {"plum", "knife", "lounge"}
    if how == "taken":
        other = FakeLink("another-phone")
        assert table.session.hello(other, table.token, other.client) == "waiting"
        table.session.confirm_join(SEAT, True)
    elif how == "refused":
        # the host's own "refused" to a seated socket (the same client came back on another socket)
        table.session._links[SEAT].send(json.dumps({"type": "refused", "reason": "replaced"}).encode())
    else:
        table.session._links[SEAT].send(json.dumps({"type": "error", "code": "not_seated",
                                                    "message": "No seat has this token."}).encode())
    wait(page, lambda: state(page)["conn"] in ("taken", "refused", "gone"), "the page to lose the seat")
    assert private_traces(page, private) == []
    assert state(page).get("hasView") is False and state(page)["pending"] is None
    assert not page.find_element(By.ID, "overlay").is_displayed()
    assert not page.find_element(By.ID, "prompt").is_displayed()
    assert not page.find_element(By.ID, "tabs").is_displayed()
    status = page.find_element(By.ID, "status").text
    assert status.startswith({"taken": "This seat is open on another screen now.",
                              "refused": "This seat is open on another screen now.",
                              "gone": "This code opens no seat now"}[how])
    if how != "gone":
        assert page.find_element(By.ID, "retry-btn").text == "Use this screen"
        shoot(page, tmp_path, "page-example-seat-taken")
    assert page.find_element(By.ID, "main").text == ""


def test_a_waiting_browser_says_only_waiting_then_only_no(page, table, tmp_path):
    """A second browser opens a seat another phone holds: it says only "Waiting for the TV…" (no
    "Connecting…" too); after the TV says no, only that message."""
    other = FakeLink("first-phone")
    assert table.session.hello(other, table.token, other.client) == "welcome"
    page.get(table.url)
    wait(page, lambda: state(page).get("conn") == "waiting", "the page to wait for the TV")
    assert page.find_element(By.ID, "status").text == "Waiting for the TV: ask the host to let you in."
    assert page.find_element(By.ID, "main").text == ""
    assert "Connecting" not in page.find_element(By.TAG_NAME, "body").text
    shoot(page, tmp_path, "page-example-waiting-for-tv")
    table.session.confirm_join(SEAT, False)
    wait(page, lambda: state(page)["conn"] == "refused", "the TV's no")
    assert page.find_element(By.ID, "status").text.splitlines() == ["The TV said no. Tap to try again.", "Try again"]
    assert page.find_element(By.ID, "main").text == ""


def test_a_wrong_accusation_shows_the_envelope_big_once(page, table, tmp_path):
    """After the seat's own wrong accusation the envelope's three cards pop up big with what happens
    next (out, still shows cards); "Got it" closes it and it does not come back for the same accusation."""
    open_seat(page, table, suggest_view())
    envelope = ["white", "candlestick", "lounge"]
    seats = board_view()["seats"]
    seats[SEAT]["out"] = True
    rev = table.session.publish(SEAT, board_view(seats=seats, seen_envelope=envelope, actor=0, turn=0,
                                                 prompt={"kind": "wait", "text": "Miss Scarlet is moving."}))
    wait(page, lambda: connected(page, rev) and css(page, "#envelope-modal"), "the envelope, big")
    modal = page.find_element(By.ID, "envelope-modal")
    assert [e.get_attribute("data-card") for e in modal.find_elements(By.CSS_SELECTOR, ".card.big")] == envelope
    assert modal.find_element(By.TAG_NAME, "h2").text == "The envelope holds…"
    assert "you still show cards" in modal.text.replace("You still", "you still")
    assert "no more turns" in modal.text
    shoot(page, tmp_path, "page-example-envelope")
    click(page, "#got-it")
    assert not css(page, "#envelope-modal")
    rev = table.session.publish(SEAT, board_view(seats=seats, seen_envelope=envelope, actor=1))
    wait(page, lambda: connected(page, rev), "the next view")
    assert not css(page, "#envelope-modal") and not page.find_element(By.ID, "overlay").is_displayed()


def test_the_winners_phone_is_not_told_it_was_wrong(page, table):
    """The envelope comes to the winner's view too when the game ends: the page says "You won!"
    and pops no "You were wrong, so you are out" box over it (only a seat put out does)."""
    open_seat(page, table, suggest_view())
    over = {"over": True, "actor": None, "phase": "over", "prompt": {"kind": "over", "text": "Over."}}
    envelope = ["plum", "rope", "hall"]
    rev = table.session.publish(SEAT, board_view(**over, seen_envelope=envelope,
                                                 result={"winner": SEAT, "envelope": envelope}))
    wait(page, lambda: connected(page, rev) and page.find_element(By.ID, "winner").text == "You won!", "You won!")
    assert not css(page, "#envelope-modal") and not page.find_element(By.ID, "overlay").is_displayed()


def test_a_reopened_page_does_not_pop_an_old_envelope(page, table):
    """A page opened after the accusation shows the envelope on the Hand tab only (once per accusation)."""
    open_seat(page, table, board_view(seen_envelope=["white", "candlestick", "lounge"]))
    assert not page.find_element(By.ID, "overlay").is_displayed()
    tab(page, "hand")
    assert len(css(page, "#seen-envelope .card")) == 3


def test_prompt_words_roll_show_to_and_winner(page, table, tmp_path):
    """The roll is said ("You rolled 4"); "Your turn!" only on the seat's own turn, "Show a card to X"
    on someone else's; the winner's phone says "You won!", the others "<name> wins!"; the card game
    names its Crime cards."""
    open_seat(page, table, board_view(actor=SEAT, turn=SEAT, move=True, roll=4, phase="move",
                                      prompt={"kind": "move", "text": "Move your token on the TV."}))
    assert page.find_element(By.ID, "rolled").text.endswith("You rolled 4")
    assert page.find_element(By.CSS_SELECTOR, "#prompt .badge").text == "Your turn!"
    rev = table.session.publish(SEAT, dict(show_view(), roll=5))     # Miss Scarlet rolled 5, not me
    wait(page, lambda: connected(page, rev), "the card to show")
    assert page.find_element(By.CSS_SELECTOR, "#prompt .badge").text == "Show a card to Miss Scarlet"
    assert not css(page, "#rolled")
    over = {"over": True, "actor": None, "phase": "over", "prompt": {"kind": "over", "text": "Over."}}
    rev = table.session.publish(SEAT, board_view(**over, result={"winner": SEAT, "envelope": ["plum", "rope", "hall"]}))
    wait(page, lambda: connected(page, rev), "the end")
    assert page.find_element(By.ID, "winner").text == "You won!"
    assert "The envelope held:" in page.find_element(By.ID, "tab-play").text
    shoot(page, tmp_path, "page-example-you-won")
    rev = table.session.publish(SEAT, board_view(**over, result={"winner": 0, "envelope": ["plum", "rope", "hall"]}))
    wait(page, lambda: connected(page, rev), "the end, another winner")
    assert page.find_element(By.ID, "winner").text == "Miss Scarlet wins!"
    rev = table.session.publish(SEAT, board_view(**over, game="cards",
                                                 result={"winner": 0, "envelope": ["plum", "rope", "kitchen"]}))
    wait(page, lambda: connected(page, rev), "the card game's end")
    text = page.find_element(By.ID, "tab-play").text
    assert "Crime cards" in text and "envelope" not in text


LAYOUT_JS = """
var m = document.getElementById('main'), btn = document.querySelector('.big-btn.sticky');
function box(e) { return e.getBoundingClientRect(); }
var out = {spill: [], covered: []};
Array.prototype.forEach.call(document.querySelectorAll('.card .name'), function (n) {
  var c = box(n.parentElement), b = box(n);
  if (n.scrollWidth > n.clientWidth + 1 || b.left < c.left || b.right > c.right || b.bottom > c.bottom)
    out.spill.push(n.parentElement.getAttribute('data-card'));
});
var cards = document.querySelectorAll('.picker .card');
Array.prototype.slice.call(cards, -3).forEach(function (c) {
  m.scrollTop = 0;
  c.scrollIntoView({block: 'end'});
  if (box(c.querySelector('.name')).bottom > box(btn).top) out.covered.push(c.getAttribute('data-card'));
});
m.scrollTop = 1e6;
Array.prototype.slice.call(cards, -3).forEach(function (c) {
  if (box(c.querySelector('.name')).bottom > box(btn).top) out.covered.push('end:' + c.getAttribute('data-card'));
});
return out;
"""


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
def test_card_names_fit_their_frames_and_clear_the_sticky_button(page, size, tmp_path):
    """Every card name fits inside its card (shrunk, or hyphenated: "Conservatory"), at 390 x 844 and
    360 x 740; a bottom-row card brought into sight stops above the sticky button, its name readable."""
    w, hgt = size
    page.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                         {"width": w, "height": hgt, "deviceScaleFactor": 1, "mobile": True})
    try:
        for kind, view, button in (("board", suggest_view(), 'button[data-act="Accuse"]'), ("cards", cards_view(), None)):
            t = FakeTable(kind)
            try:
                open_seat(page, t, view)
                if button:
                    click(page, button)
                found = page.execute_script(LAYOUT_JS)
                assert found == {"spill": [], "covered": []}, (kind, size, found)
                if kind == "board":
                    page.execute_script("document.querySelector('.card[data-card=\"conservatory\"]')"
                                        ".scrollIntoView({block: 'end'});")
                    out = Path(os.environ.get("CLUE_PAGE_SHOTS") or tmp_path)
                    out.mkdir(parents=True, exist_ok=True)
                    assert page.save_screenshot(str(out / f"page-example-accuse-rooms-{w}x{hgt}.png"))
            finally:
                t.stop()
                page.get("about:blank")
    finally:
        page.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                             {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})


@pytest.mark.parametrize("accept, title, words", [
    ("en-GB,en;q=0.9", "No seat has this address", "Scan your seat's QR code on the TV again"),
    ("es-ES,es;q=0.9,en;q=0.8", "Ningún asiento tiene esta dirección", "Vuelve a escanear el código QR"),
    ("fr-FR, ca;q=0.7, es;q=0.5", "Cap seient té aquesta adreça", "Torna a escanejar el codi QR"),
    ("", "No seat has this address", "Scan your seat's QR code"),
])
def test_unknown_token_gets_a_small_page_in_the_phone_language(table, accept, title, words):
    """A made-up token: status 404, a small styled HTML page (phone viewport) in en/es/ca from
    Accept-Language saying no seat has this address and to scan the code again."""
    import urllib.error
    import urllib.request
    req = urllib.request.Request(table.url.rsplit("/", 1)[0] + "/not-a-seat-token",
                                 headers={"Accept-Language": accept} if accept else {})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=10)
    assert err.value.code == 404
    assert err.value.headers.get_content_type() == "text/html"
    assert err.value.headers["Cache-Control"] == "no-store"
    body = err.value.read().decode("utf-8")
    assert body.startswith("<!doctype html>") and 'name="viewport"' in body and "<style>" in body
    assert f"<h1>{title}</h1>" in body and words in body


def test_a_page_that_reconnects_with_its_act_on_its_way_keeps_it(page, table):
    """The page's act has reached the host but the game has not taken it (the
    TV is behind a menu) when the same page reconnects: it keeps the act as
    sent (no second tap offered), and the host's later refusal is still said."""
    rev = open_seat(page, table, show_view())
    click(page, "#show-btn")
    table.wait_request(page, "act")                          # on its way: not answered yet
    before = len(table.requests("connect"))
    page.execute_script("cluePage.drop();")                  # the same page, client id and store
    wait(page, lambda: len(table.requests("connect")) > before and connected(page, rev), "the rejoin and view")
    assert state(page)["pending"] == 1
    assert not page.find_element(By.ID, "show-btn").is_enabled()
    # the rejoin resends act 1: the host answers it only once the resend has reached it
    wait(page, lambda: table.session.stats["in_flight"] == 1, "the host to drop the resent act 1 as on its way")
    table.session.answer(SEAT, 1, False, "It is not your turn now.")
    wait(page, lambda: page.find_element(By.ID, "toast").text == "It is not your turn now.", "the refusal's toast")


def test_a_reloaded_tab_numbers_after_its_act_on_its_way(page, table):
    """A reloaded tab forgets the act it had sent (it lived in memory) while the
    host still holds it on its way: the tab numbers its next act after it, so
    that act is not taken for a repeat of the first and lost."""
    open_seat(page, table, show_view())
    click(page, "#show-btn")
    table.wait_request(page, "act")
    before = len(table.requests("connect"))
    page.refresh()
    wait(page, lambda: len(table.requests("connect")) > before and connected(page), "the rejoin")
    assert state(page)["seq"] == 1


def test_a_tab_back_after_another_tab_went_on_numbers_after_it(page, table):
    """Two tabs of the seat in one browser (the code scanned twice): tab 1's
    act is on its way when its socket drops; tab 2 takes the seat and sends
    act 2.  Tab 1 comes back (the same client, no TV question) and resends
    act 1, and its next act must be numbered after 2, or the host would take
    it for a repeat of tab 2's and it would never reach the game."""
    rev = open_seat(page, table, show_view())
    first = page.current_window_handle
    try:
        page.execute_script("window._WS = window.WebSocket;"
                            "window.WebSocket = function () { throw new Error('off'); };"
                            "document.getElementById('show-btn').click(); cluePage.drop();")
        table.wait_request(page, "act")
        wait(page, lambda: not table.session.has_phone(SEAT), "tab 1 to be gone")
        page.switch_to.new_window("tab")
        page.get(table.url)
        rev = table.session.publish(SEAT, show_view())
        wait(page, lambda: connected(page, rev), "tab 2 to join and draw")
        click(page, "#show-btn")
        assert [a.seq for a in table.wait_request(page, "act", 2)] == [1, 2]
        page.switch_to.window(first)
        page.execute_script("window.WebSocket = window._WS;")
        wait(page, lambda: connected(page) and state(page)["pending"] == 1, "tab 1 to come back holding act 1")
        # tab 1 resends act 1 on its welcome; answered before that resend reaches the host, it would
        # arrive as a repeat of an answered act (a duplicate): wait until the host holds it
        wait(page, lambda: table.session.stats["in_flight"] == 1, "the host to drop tab 1's resent act 1 as on its way")
        table.session.answer(SEAT, 1, True)
        table.session.answer(SEAT, 2, True)
        wait(page, lambda: state(page)["pending"] is None, "act 1's answer")
        rev = table.session.publish(SEAT, suggest_view())
        wait(page, lambda: connected(page, rev), "tab 1 to draw the next view")
        click(page, '.picker[data-field="suspect"] .card[data-card="green"]')
        click(page, '.picker[data-field="weapon"] .card[data-card="rope"]')
        click(page, "#suggest-btn")
        wait(page, lambda: len(table.requests("act")) >= 3 or state(page)["pending"] is None,
             "tab 1's act to reach the game, or to be answered as a repeat")
        assert table.session.stats["duplicates"] == 0
        assert [a.seq for a in table.requests("act")] == [1, 2, 3]
    finally:
        for handle in page.window_handles:
            if handle != first:
                page.switch_to.window(handle)
                page.close()
        page.switch_to.window(first)


def test_an_act_held_from_the_last_game_is_never_sent_into_the_next(page, table):
    """The page taps while its socket is down (the act never reaches the
    host), the game ends and Play again starts another with the same codes:
    the welcome names another game, so the page drops the held act instead of
    resending it into the new game, and numbers after the new game's count."""
    rev = open_seat(page, table, show_view())
    old_game = table.session.game_id
    page.execute_script("window._WS = window.WebSocket;"
                        "window.WebSocket = function () { throw new Error('off'); };"
                        "cluePage.drop(); document.getElementById('show-btn').click();")
    wait(page, lambda: state(page)["pending"] == 1, "the act to be held")
    assert table.requests("act") == []
    table.server.stop()                                      # Play again: the next game, same codes
    table.session = HostSession.from_state("board", [SEAT], {"tokens": {str(SEAT): table.token},
                                                              "clients": dict(table.session.state()["clients"])})
    assert table.session.game_id != old_game
    table.server = NetServer(table.session, bind="127.0.0.1", port=table.port)
    table.server.start()
    table.seen = []
    page.execute_script("window.WebSocket = window._WS;")
    wait(page, lambda: connected(page) and state(page)["pending"] is None, "the rejoin to the next game")
    rev = table.session.publish(SEAT, show_view())
    wait(page, lambda: connected(page, rev), "the next game's view")
    assert table.requests("act") == [] and state(page)["seq"] == 0


# ------------------------------------------------------------------ the TV holds the game; the dock; one's own card
def roll_view(**over) -> dict:
    """Seat 2's own turn, about to roll (its view's ``"tv"`` from ``over``)."""
    return board_view(actor=SEAT, turn=SEAT, phase="roll", legal=[{"type": "Roll"}, {"type": "EndTurn"}],
                      prompt={"kind": "roll", "text": "Your turn: roll the die."}, **over)


def status_text(drv) -> str:
    return "" if not css(drv, "#status") or not css(drv, "#status")[0].is_displayed() else css(drv, "#status")[0].text


def test_the_page_says_why_the_tv_holds_the_game_and_that_a_press_counts_later(page, table, tmp_path):
    """The TV paused (its menu) or not started yet: the page says so at the top, and after a press that
    what was sent is kept and counts once the game goes on (the host keeps it); the arrows rest, saying
    to press them again then.  Once the TV goes on and the act is answered, the line goes."""
    open_seat(page, table, roll_view(tv="paused"))
    assert status_text(page) == "The TV is paused. The game goes on when someone at the TV closes its menu."
    shoot(page, tmp_path, "page-example-tv-paused")
    click(page, 'button[data-act="Roll"]')
    act = table.wait_request(page, "act")[0]
    wait(page, lambda: "What you sent is kept" in status_text(page), "the page to say the press is kept")
    assert status_text(page).endswith("What you sent is kept: it counts as soon as the game goes on.")
    shoot(page, tmp_path, "page-example-tv-paused-sent")
    rev = table.session.publish(SEAT, roll_view(tv="start"))
    wait(page, lambda: connected(page, rev), "the view before Start")
    assert status_text(page).startswith("Waiting for the game to start: someone at the TV presses Start.")
    assert "What you sent is kept" in status_text(page)
    rev = table.session.publish(SEAT, roll_view(tv=None))
    table.session.answer(SEAT, act.seq, True)
    wait(page, lambda: connected(page, rev) and state(page)["pending"] is None, "the answer")
    assert status_text(page) == ""
    move = board_view(actor=SEAT, turn=SEAT, phase="move", move=True, legal=[], tv="paused",
                      prompt={"kind": "move", "text": "Move your pawn."})
    rev = table.session.publish(SEAT, move)
    wait(page, lambda: connected(page, rev), "the move while paused")
    assert all(not b.is_enabled() for b in css(page, ".pad button")) and len(css(page, ".pad button")) == 6
    assert texts(page, "#pad-held") == ["The arrows do nothing until the game goes on: press them again then."]
    shoot(page, tmp_path, "page-example-tv-paused-pad")
    rev = table.session.publish(SEAT, dict(move, tv=None))
    wait(page, lambda: connected(page, rev), "the move going on")
    assert all(b.is_enabled() for b in css(page, ".pad button")) and css(page, "#pad-held") == []


def big_buttons(drv) -> dict:
    """Each big button drawn now (its id or data-act) -> (its words, enabled)."""
    return {(e.get_attribute("id") or e.get_attribute("data-act")): (e.text, e.is_enabled())
            for e in css(drv, ".big-btn") if e.get_attribute("id") or e.get_attribute("data-act")}


def test_only_the_pressed_button_says_sent_while_the_tv_holds_the_game(page, table, tmp_path):
    """Paused on the TV, Roll pressed: Roll alone reads "Sent…", End turn keeps its words, both rest,
    and the line at the top says why it waits and that the press is kept -- while the TV is paused,
    then waits for Start; once the host takes the press every button is back.  An accusation
    pressed while paused stays drawn as it was sent (its three cards, "Back"), its button alone
    reading "Sent…" and its cards resting, until the host answers."""
    open_seat(page, table, roll_view(tv="paused"))
    assert big_buttons(page) == {"Roll": ("Roll the die", True), "EndTurn": ("End my turn", True)}
    click(page, 'button[data-act="Roll"]')
    act = table.wait_request(page, "act")[0]
    wait(page, lambda: state(page)["pending"] == act.seq, "the press to wait for its answer")
    assert big_buttons(page) == {"Roll": ("Sent…", False), "EndTurn": ("End my turn", False)}
    assert status_text(page).endswith("What you sent is kept: it counts as soon as the game goes on.")
    shoot(page, tmp_path, "page-example-tv-paused-sent")
    rev = table.session.publish(SEAT, roll_view(tv="start"))
    wait(page, lambda: connected(page, rev), "the view before Start")
    assert big_buttons(page) == {"Roll": ("Sent…", False), "EndTurn": ("End my turn", False)}
    assert status_text(page).startswith("Waiting for the game to start") and "What you sent is kept" in status_text(page)
    rev = table.session.publish(SEAT, roll_view(tv=None))
    table.session.answer(SEAT, act.seq, True)
    wait(page, lambda: connected(page, rev) and state(page)["pending"] is None, "the answer")
    assert big_buttons(page) == {"Roll": ("Roll the die", True), "EndTurn": ("End my turn", True)}
    assert status_text(page) == ""
    # an accusation while paused
    rev = table.session.publish(SEAT, dict(suggest_view(), tv="paused"))
    wait(page, lambda: connected(page, rev), "the suggestion while paused")
    click(page, 'button[data-act="Accuse"]')
    for field, c in (("suspect", "green"), ("weapon", "wrench"), ("room", "study")):
        click(page, f'.picker[data-field="{field}"] .card[data-card="{c}"]')
    click(page, "#accuse-btn")
    click(page, "#accuse-sure")
    acc = table.wait_request(page, "act", 2)[1]
    assert acc.action == {"type": "Accuse", "suspect": "green", "weapon": "wrench", "room": "study"}
    wait(page, lambda: state(page)["pending"] == acc.seq, "the accusation to wait for its answer")
    assert big_buttons(page) == {"cancel-btn": ("Back", False), "accuse-sure": ("Sent…", False)}
    chosen = [e.get_attribute("data-card") for e in css(page, '#accuse-panel .card[aria-pressed="true"]')]
    assert chosen == ["green", "wrench", "study"]
    assert all(not e.is_enabled() for e in css(page, "#accuse-panel .card"))
    page.execute_script("document.getElementById('main').scrollTop = 0;")
    shoot(page, tmp_path, "page-example-tv-paused-accuse-sent")
    table.session.answer(SEAT, acc.seq, False, "Not now.")
    wait(page, lambda: state(page)["pending"] is None, "the refusal")
    assert css(page, "#accuse-panel") == [] and big_buttons(page)["Accuse"] == ("Accuse…", True)


def suggest_scroll(drv) -> dict:
    """Where the suggestion's or accusation's piles stand in the scrolling middle (CSS pixels from
    its top; the middle's own height), and every scroll the page asked for since :data:`SPY_JS`."""
    return drv.execute_script("""
        var m = document.getElementById('main'), top = m.getBoundingClientRect().top, out = {};
        document.querySelectorAll('#tab-play .picker[data-field]').forEach(function (g) {
          var head = g.previousElementSibling;
          out[g.getAttribute('data-field')] = [head.getBoundingClientRect().top - top, g.getBoundingClientRect().bottom - top];
        });
        return {piles: out, height: m.clientHeight, dock: document.getElementById('dock').getBoundingClientRect().top - top,
                scrolls: window.clueScrolls.slice(), at: m.scrollTop};""")


SPY_JS = """
window.clueScrolls = [];
var m = document.getElementById('main'), to = m.scrollTo;
m.scrollTo = function (o) { window.clueScrolls.push(o); return to.apply(this, arguments); };
"""


def in_sight(where: dict, field: str) -> bool:
    """The pile ``field``'s heading and cards wholly in the scrolling middle (above the dock), the
    page's last scroll over (the middle where it asked)."""
    top, bottom = where["piles"][field]
    done = not where["scrolls"] or abs(where["at"] - where["scrolls"][-1]["top"]) < 1
    return done and top >= 0 and bottom <= where["height"] + 0.5 and bottom <= where["dock"] + 0.5


@pytest.mark.parametrize("reduce", [False, True])
def test_after_who_the_weapons_come_into_view(page, table, reduce, tmp_path):
    """The suggestion at 390 x 844: "Who?" picked, the page scrolls (smoothly; at once when the phone
    asks for less motion) until "With what?" and all its weapons are in the scrolling middle, above
    the confirm strip.  With both picked nothing moves; in an accusation "Where?" comes after "With
    what?", and a person picked last brings nothing (the button is next)."""
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-reduced-motion", "value": "reduce" if reduce else "no-preference"}]})
    try:
        open_seat(page, table, suggest_view())
        page.execute_script(SPY_JS)
        assert not in_sight(suggest_scroll(page), "weapon")
        click(page, '.picker[data-field="suspect"] .card[data-card="white"]')
        wait(page, lambda: in_sight(suggest_scroll(page), "weapon"), "the weapons to come into view")
        where = suggest_scroll(page)
        assert [s["behavior"] for s in where["scrolls"]] == ["auto" if reduce else "smooth"]
        at_end = page.execute_script("var m = document.getElementById('main');"
                                     " return m.scrollTop >= m.scrollHeight - m.clientHeight - 1;")
        assert 0 <= where["piles"]["weapon"][0] <= 12 or at_end        # "With what?" at the top, or as high as it goes
        shoot(page, tmp_path, "page-example-suggest-next" + ("-calm" if reduce else ""))
        click(page, '.picker[data-field="weapon"] .card[data-card="rope"]')
        page.execute_script("document.getElementById('main').scrollTop = 0;")
        click(page, '.picker[data-field="suspect"] .card[data-card="green"]')    # both picked: stays
        assert len(suggest_scroll(page)["scrolls"]) == 1
        # the accusation (on a page opened afresh): Where? after With what?
        open_seat(page, table, suggest_view())
        click(page, 'button[data-act="Accuse"]')
        page.execute_script("document.getElementById('main').scrollTop = 0;")
        page.execute_script(SPY_JS)
        click(page, '.picker[data-field="suspect"] .card[data-card="green"]')
        wait(page, lambda: in_sight(suggest_scroll(page), "weapon"), "the weapons of the accusation")
        click(page, '.picker[data-field="weapon"] .card[data-card="wrench"]')
        wait(page, lambda: in_sight(suggest_scroll(page), "room"), "the rooms")
        assert len(suggest_scroll(page)["scrolls"]) == 2
        click(page, '.picker[data-field="room"] .card[data-card="study"]')
        assert len(suggest_scroll(page)["scrolls"]) == 2                # every pile picked: the button is next
    finally:
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


UNDER_JS = """
var m = document.getElementById('main'), btn = document.querySelector('.big-btn.sticky');
function box(e) { return e.getBoundingClientRect(); }
var under = [], b = box(btn), top = 0, seen = 0;
for (var y = 0; y <= m.scrollHeight; y += 20) {
  m.scrollTop = y;
  var mb = box(m);
  document.querySelectorAll('#tab-play h2, #tab-play h3, #tab-play p, #tab-play .card .name').forEach(function (e) {
    var r = box(e), t = Math.max(r.top, mb.top), bt = Math.min(r.bottom, mb.bottom);
    if (bt - t < 1 || !e.textContent.trim()) return;          // scrolled out of sight
    seen += 1;
    if (bt > b.top + 1 && r.left < b.right && r.right > b.left) under.push(y + ':' + e.textContent.trim());
  });
}
return {under: under, seen: seen};
"""


@pytest.mark.parametrize("what", ["suggest", "accuse", "show"])
def test_nothing_to_read_sits_under_the_confirm_button(page, table, what, tmp_path):
    """At 390 x 844, wherever the player scrolls the suggestion's, the accusation's or the card to
    show's cards, no heading, line or card name is under the button that confirms the choice: it sits
    under the scrolling middle, not over it."""
    open_seat(page, table, show_view() if what == "show" else suggest_view())
    if what == "accuse":
        click(page, 'button[data-act="Accuse"]')
    found = page.execute_script(UNDER_JS)
    assert found["seen"] > 20 and found["under"] == [], found
    page.execute_script("document.getElementById('main').scrollTop = 0;")
    shoot(page, tmp_path, f"page-example-{what}-dock")


def asked_first(page, selector: str, why: str, heading: str, help_text: str, shot: Path | None = None) -> None:
    """Tap the accusation's card ``selector``: the page asks first (``why``: "hand", "shown" or "up";
    its ``heading`` and ``help_text``; a picture to ``shot``), "Pick another" leaves the card
    unpicked, then a tap again and "Pick it anyway" picks it."""
    click(page, selector)
    wait(page, lambda: css(page, "#own-card-modal"), f"the question about {selector} ({why})")
    assert css(page, "#own-card-modal")[0].get_attribute("data-why") == why
    assert texts(page, "#own-card-modal h2") == [heading]
    assert texts(page, "#own-card-modal p") == [help_text]
    if shot is not None:
        shoot(page, shot.parent, shot.name)
    click(page, "#own-another")
    wait(page, lambda: not css(page, "#own-card-modal"), "the question to close")
    assert css(page, selector)[0].get_attribute("aria-pressed") == "false"
    click(page, selector)
    click(page, "#own-anyway")
    wait(page, lambda: css(page, selector)[0].get_attribute("aria-pressed") == "true", f"{selector} picked anyway")
    assert not css(page, "#own-card-modal")


def test_accusing_with_a_card_of_ones_own_hand_asks_first(page, table, tmp_path):
    """Picking the Rope (in this seat's hand) for an accusation asks first, as the TV does: "Rope is one
    of your cards." -- "Pick another" leaves it unpicked, "Pick it anyway" picks it.  A card not in the
    hand is picked at once.  The page knows its own hand: nothing is sent to the host meanwhile."""
    open_seat(page, table, suggest_view())
    click(page, 'button[data-act="Accuse"]')
    asked_first(page, '.picker[data-field="weapon"] .card[data-card="rope"]', "hand", "Rope is one of your cards.",
                "A card in your hand cannot be in the envelope. Accuse with it anyway?",
                tmp_path / "page-example-accuse-own-card")
    wrench = '.picker[data-field="weapon"] .card[data-card="wrench"]'   # neither held nor shown to this seat
    click(page, wrench)
    wait(page, lambda: css(page, wrench)[0].get_attribute("aria-pressed") == "true", "the Wrench picked at once")
    assert not css(page, "#own-card-modal")
    assert table.requests("act") == []
    page.find_element(By.CSS_SELECTOR, 'button[data-lang="es"]').click()   # the same question in Spanish
    click(page, '.picker[data-field="suspect"] .card[data-card="plum"]')
    wait(page, lambda: css(page, "#own-card-modal"), "the question in Spanish")
    assert texts(page, "#own-card-modal h2")[0].endswith("es una de tus cartas.")


def test_a_suggestions_own_card_carried_into_an_accusation_is_asked_about(page, table):
    """Picks made for a suggestion carry over when "Accuse..." is pressed, but a card this seat knows
    is out (the Rope, in its hand) does not: it is left unpicked, so picking it again asks first; a
    card that may be in the envelope (Mr. Green) stays picked."""
    open_seat(page, table, suggest_view())
    rope = '.picker[data-field="weapon"] .card[data-card="rope"]'
    green = '.picker[data-field="suspect"] .card[data-card="green"]'
    for sel in (green, rope):                                          # the suggestion: no question
        click(page, sel)
        wait(page, lambda sel=sel: css(page, sel)[0].get_attribute("aria-pressed") == "true", f"{sel} picked to suggest")
    assert not css(page, "#own-card-modal")
    click(page, 'button[data-act="Accuse"]')
    wait(page, lambda: css(page, "#accuse-panel"), "the accusation")
    assert css(page, rope)[0].get_attribute("aria-pressed") == "false"
    assert css(page, green)[0].get_attribute("aria-pressed") == "true"
    assert not css(page, "#accuse-btn")                                # three cards not yet picked: no Accuse
    click(page, rope)
    wait(page, lambda: css(page, "#own-card-modal"), "the question about the Rope")
    assert table.requests("act") == []


def forms(lang: str) -> dict:
    """The card forms the host sends a page in ``lang`` ("the": "the Knife", "to": "to Miss Scarlet")."""
    from game.text import i18n
    from game.text.i18n import card as card_name

    before = i18n.language()
    i18n.set_language(lang)
    try:
        return {f: {c: card_name(c, f) for c in ALL_CARDS} for f in ("the", "to")}
    finally:
        i18n.set_language(before)


def test_accusing_with_a_card_shown_to_you_asks_first(page, table, tmp_path):
    """The Knife was shown to this seat by Miss Scarlet (its own view says so): picked for an
    accusation it asks first, as a card of one's hand does -- "Miss Scarlet showed you the Knife." --
    "Pick another" leaves it unpicked, "Pick it anyway" picks it; the same in Spanish.  The page
    knows it alone: nothing is sent to the host meanwhile."""
    open_seat(page, table, suggest_view(forms=forms("en")))
    click(page, 'button[data-act="Accuse"]')
    knife = '.picker[data-field="weapon"] .card[data-card="knife"]'
    asked_first(page, knife, "shown", "Miss Scarlet showed you the Knife.",
                "A card someone showed you cannot be in the envelope. Accuse with it anyway?",
                tmp_path / "page-example-accuse-shown-card")
    assert table.requests("act") == [] and table.requests("mark") == []
    rev = table.session.publish(SEAT, suggest_view(lang="es", forms=forms("es")))
    wait(page, lambda: connected(page, rev), "the view in Spanish")
    page.find_element(By.CSS_SELECTOR, 'button[data-lang="es"]').click()
    click(page, knife)                                              # picked: a tap leaves it
    wait(page, lambda: css(page, knife)[0].get_attribute("aria-pressed") == "false", "the Knife left")
    click(page, knife)
    wait(page, lambda: css(page, "#own-card-modal"), "the question in Spanish")
    assert texts(page, "#own-card-modal h2") == ["La Señorita Amapola te ha enseñado el Puñal."]


def test_accusing_with_a_card_face_up_asks_first(page, table):
    """The card game: the Kitchen lies face up on the table; picked for an accusation it asks first
    ("The Kitchen lies face up on the table.")."""
    table.stop()
    t = FakeTable("cards")
    try:
        open_seat(page, t, dict(cards_view(), forms=forms("en")))
        click(page, 'button[data-act="Accuse"]')
        asked_first(page, '.picker[data-field="location"] .card[data-card="kitchen"]', "up",
                    "The Kitchen lies face up on the table.",
                    "A card face up on the table cannot be in the envelope. Accuse with it anyway?")
        assert t.requests("act") == []
    finally:
        t.stop()
