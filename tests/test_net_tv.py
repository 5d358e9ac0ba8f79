"""Phones at the table, the TV side: the autosave keeps the phones'
port and tokens, Continue serves the same codes again; the TV never covers
for a seat whose phone is connected, shows only public words while that
phone chooses, and falls back to its cover when the phone drops."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.cardgame.engine import CardSetup  # noqa: E402
from game.rules.setup import GameSetup, SeatConfig  # noqa: E402
from game.storage.save import read_save, save_game  # noqa: E402
from game.storage.savefile import read_net  # noqa: E402
from tests.inputs import defaults_after  # noqa: E402,F401

THREE_PEOPLE = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "human"),
                                SeatConfig("white", "human"), SeatConfig("peacock", "computer", "medium")),
                         seed=6)
NET = {"port": 40123, "tokens": {"0": "AAAAbbbbCCCC1234", "1": "zzzz-yyyy_xxxx99", "2": "QQQQwwwwEEEErrrr"},
       "applied": {"0": 3}, "clients": {"0": "phone-a"}}


# ------------------------------------------------------------------ the save

def card_table(app, seed: int, levels: tuple[str, ...]):
    """A four-seat card game (Scarlet first) on ``app``'s table; returns the table scene."""
    from game.cardgame import engine as ce
    from game.ui.cardgame.match import CardMatch
    from game.ui.shell.registry import make

    match = CardMatch(ce.CardSetup(players=4, seed=seed, levels=levels, first=0),
                      ("scarlet", "mustard", "white", "peacock"))
    table = make("card_table", app, match)
    app.push(table)
    return table

def test_board_autosave_keeps_port_and_tokens(tmp_path):
    from game.board.tmx import load_board
    from game.storage import paths
    from game.ui.board.match import Match

    match = Match(load_board(paths.MANSION_MAP), THREE_PEOPLE)
    match.net = NET
    path = tmp_path / "autosave.json"
    save_game(path, match.saved())
    doc = json.loads(path.read_text())
    assert doc["net"] == NET
    again = Match.resume(load_board(paths.MANSION_MAP), read_save(path), path)
    assert again.net == NET


def test_card_autosave_keeps_port_and_tokens(tmp_path):
    from game.ui.cardgame.match import CardMatch

    match = CardMatch(CardSetup(players=4, seed=3, levels=("human", "human", "medium", "medium")),
                      ("scarlet", "white", "peacock", "green"))
    match.net = {"port": 5000, "tokens": {"1": "abcdefgh12345678"}}
    path = tmp_path / "autosave.json"
    save_game(path, match.saved())
    assert json.loads(path.read_text())["net"] == {"port": 5000, "tokens": {"1": "abcdefgh12345678"}}
    assert CardMatch.resume(read_save(path), path).net == {"port": 5000, "tokens": {"1": "abcdefgh12345678"}}


def test_old_saves_without_phones_still_load(tmp_path):
    from game.board.tmx import load_board
    from game.storage import paths
    from game.ui.board.match import Match

    match = Match(load_board(paths.MANSION_MAP), THREE_PEOPLE)
    path = tmp_path / "autosave.json"
    save_game(path, match.saved())
    assert "net" not in json.loads(path.read_text())
    assert read_save(path).net is None


@pytest.mark.parametrize("net", [
    {"port": "80", "tokens": {}}, {"port": 70000, "tokens": {}}, {"port": 80, "tokens": {"9": "abcdefgh1234"}},
    {"port": 80, "tokens": {"0": "<script>"}}, {"port": 80, "tokens": {"0": "short"}}, [], "x"])
def test_a_damaged_phones_part_is_dropped_and_the_game_loads(net):
    assert read_net({"net": net}, 4) is None


def test_a_damaged_record_of_actions_taken_is_left_out():
    net = read_net({"net": {"port": 80, "tokens": {"0": "abcdefgh1234"}, "applied": {"0": "x"},
                            "clients": {"0": "phone"}}}, 4)
    assert net == {"port": 80, "tokens": {"0": "abcdefgh1234"}, "clients": {"0": "phone"}}


# ------------------------------------------------------------- the table
import pygame  # noqa: E402

from game.rules import actions as ra  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.draw import assets  # noqa: E402
from game.ui.phones.host import HostOptions  # noqa: E402
from game.ui.phones.phone_screens import LocalPhone  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import key  # noqa: E402
from tests.test_ui import DT, act_for_people  # noqa: E402

#: The two seats with a phone in the hot-seat game (Miss Scarlet, Mrs. White); Colonel Mustard plays on the TV.
PHONES = (0, 2)


def hosted_app(tmp_path=None, serve: bool = False, **kw) -> App:
    """An app that hosts phones (without a web server unless ``serve``: the phones sit on the session)."""
    a = App(seed=11, sound=False, speed=20.0, threaded_ai=False,
            save_path=None if tmp_path is None else tmp_path / "autosave.json",
            host=HostOptions(bind="127.0.0.1", serve=serve), **kw)
    a.start()
    return a


def before_start(app: App, phones=PHONES, setup=THREE_PEOPLE):
    """The board game of three people and a computer, ``phones`` seated, the join screen on top
    (Start not pressed yet): (the board scene, seat -> its :class:`LocalPhone`)."""
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    board = make("board", app, Match(app.board, setup))
    app.push(board)
    seated = {s: LocalPhone(app.phones, s, f"phone-{s}") for s in phones}
    assert all(p.hello() == "welcome" for p in seated.values())
    app.step(DT, draw=False)
    assert is_scene(app.top, "phones")              # the join screen comes first: the codes, who has a phone
    assert [app.phones.has_phone(s) for s in range(3)] == [s in phones for s in range(3)]
    return board, seated


def hot_seat(app: App, phones=PHONES, setup=THREE_PEOPLE):
    """The board game of three people and a computer, ``phones`` seated; the join screen passed."""
    board, seated = before_start(app, phones, setup)
    key(app, pygame.K_RETURN, draw=False)          # Start
    assert app.top is board or (is_scene(app.top, "phone_wait") and app.top.what == "turn")   # on Scarlet's phone
    return board, seated


def phone_action(g, seat: int):
    """What a phone's person picks now (never an accusation, so the game goes on)."""
    legal = g.legal_actions()
    for kind in (ra.Disprove, ra.Suggest, ra.Roll, ra.TakePassage, ra.EndTurn):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    return None


def drive(app: App, board, phones: dict, until, limit: int = 4000) -> list[int]:
    """Play on: the phone seats choose on their phones (moving with the phone's
    arrows), the others on the TV, the computer by itself, until ``until()``.
    Returns the seat of every cover pushed; asserts no cover or private screen
    is ever on the stack for a phone seat."""
    covers: list[int] = []
    g = board.game
    for _ in range(limit):
        if until() or g.over:
            break
        for scene in app.stack:
            seat = getattr(scene, "seat", None)
            if is_scene(scene, "cover") or scene.private:
                assert seat not in phones, f"{type(scene).__name__} for phone seat {seat}"
        top = app.top
        if is_scene(top, "cover") and (not covers or covers[-1] != id(top)):
            covers.append(id(top))
            board.cover_seats = getattr(board, "cover_seats", []) + [top.seat]
        actor = g.actor
        if actor in phones and not board.busy and not g.over and (top is board or is_scene(top, "phone_wait")):
            if g.phase is Phase.MOVE:
                phones[actor].pad("ok")                    # the phone's OK picks the square under the cursor
                for _ in range(8):                         # once: an OK tapped again at once is mashing
                    if g.phase is not Phase.MOVE or g.actor != actor:
                        break
                    app.step(DT, draw=False)
            else:
                phones[actor].act(ra.to_dict(phone_action(g, actor)))
            app.step(DT, draw=False)
            continue
        act_for_people(app)
    return getattr(board, "cover_seats", [])


def to_phone_roll(app: App, board, phones: dict) -> int:
    """Play on (:func:`drive`) until a seat with a phone may roll, its turn shown on the TV as played
    on the phone; that seat."""
    g = board.game
    drive(app, board, phones, lambda: g.phase is Phase.START and g.actor in PHONES and not board.busy
          and is_scene(app.top, "phone_wait") and app.top.what == "turn"
          and any(isinstance(a, ra.Roll) for a in g.legal_actions()))
    return g.actor


def test_phone_seats_get_no_cover_and_the_tv_seat_keeps_its_own():
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        net = app.phones.net

        def enough():
            disproved = {a.seat for a in net.applied if isinstance(a.action, ra.Disprove)}
            return disproved == set(PHONES) and 1 in getattr(board, "cover_seats", [])

        covers = drive(app, board, phones, enough)
        assert 1 in covers and not set(covers) & set(PHONES)
        applied = [a for a in net.applied if isinstance(a.action, ra.Disprove)]
        assert applied and all(a.seat in PHONES for a in applied)
        shown = [e for e in board.game.events if type(e).__name__ == "CardShown" and e.by in PHONES]
        assert shown                                # the phone's card reached the asker (the engine applied it)
        assert all(p.last("ack") is None or p.last("ack")["ok"] for p in phones.values())
    finally:
        app.close()


def to_phone_disprove(app, board, phones, seat: int = 0):
    """Play on until ``seat`` (with a phone) must show a card: the TV shows only who is choosing."""
    g = board.game
    drive(app, board, {s: p for s, p in phones.items() if s != seat} | {seat: phones[seat]},
          lambda: g.phase is Phase.DISPROVE and g.actor == seat and is_scene(app.top, "phone_wait"))
    assert g.phase is Phase.DISPROVE and g.actor == seat and is_scene(app.top, "phone_wait")
    return app.top


def test_the_tv_says_who_is_choosing_and_applies_the_phones_card():
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        wait = to_phone_disprove(app, board, phones)
        app.draw()
        assert wait.speech_prompt() == "Miss Scarlet is choosing a card to show…"
        asked = board.game.suggestion
        card = next(a.card for a in board.game.legal_actions() if isinstance(a, ra.Disprove))
        seq = phones[0].act({"type": "Disprove", "card": card})
        app.step(DT, draw=False)
        assert phones[0].last("ack") == {"type": "ack", "seq": seq, "ok": True, "error": None}
        shown = [e for e in board.game.events if type(e).__name__ == "CardShown"][-1]
        assert (shown.by, shown.card) == (0, card) and asked is not None
        assert wait not in app.stack                # the game moved on: the TV's words are gone
    finally:
        app.close()


def test_mashing_keys_over_the_choosing_screen_never_draws_the_phone_seats_cards(monkeypatch):
    """Privacy: while Miss Scarlet chooses on her phone, every key and click the TV
    gets (Enter, Space, arrows, N for the notebook, clicks everywhere) draws no
    card of her hand larger than the log's public thumbnails, and no private screen."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        to_phone_disprove(app, board, phones)
        # the suggestion's three cards are public (the staged question round shows them large);
        # the rest of her hand is hers alone
        hand = set(board.game.view(0).hand) - set(board.game.suggestion.cards)
        assert hand
        big: list[str] = []
        real_card = assets.card

        def spy(card_id, width, *a, **k):
            if width >= 60:
                big.append(card_id)
            return real_card(card_id, width, *a, **k)

        monkeypatch.setattr(assets, "card", spy)
        keys = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP,
                pygame.K_n, pygame.K_RETURN]
        w, h = app.window.get_size()
        for i in range(240):
            if i % 5 == 4:
                pos = ((i * 97) % w, (i * 53) % h)
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
                app.step(DT)
            else:
                key(app, keys[i % len(keys)], dt=DT)
            private = [type(s).__name__ for s in app.stack if s.private]
            assert not private, private
            assert board.game.phase is Phase.DISPROVE and board.game.actor == 0
        assert not set(big) & hand, set(big) & hand
        from game.ui.shell.registry import make

        big.clear()
        app.push(make("disprove", app, board, 0))   # the control: the TV's own card-to-show screen is caught
        app.draw()
        assert set(big) & set(board.game.view(0).hand)
    finally:
        app.close()


def test_a_phone_dropping_mid_choice_gives_the_choice_back_to_the_cover():
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        wait = to_phone_disprove(app, board, phones)
        phones[0].drop()
        app.step(DT, draw=False)
        assert wait not in app.stack
        app.step(DT, draw=False)
        assert is_scene(app.top, "cover") and app.top.seat == 0      # today's cover for Miss Scarlet
        again = LocalPhone(app.phones, 0, "phone-0")                  # the same phone comes back: no question
        again.seq = phones[0].seq                                     # (the page keeps its numbers)
        assert again.hello() == "welcome"
        card = next(a.card for a in board.game.legal_actions() if isinstance(a, ra.Disprove))
        again.act({"type": "Disprove", "card": card})                 # the phone answers after all
        app.step(DT, draw=False)
        assert not any(is_scene(s, "cover") and s.seat == 0 for s in app.stack)   # the TV's cover for it closed
        assert [e for e in board.game.events if type(e).__name__ == "CardShown"][-1].by == 0
    finally:
        app.close()


def test_choose_here_instead_takes_the_choice_back_to_the_tv():
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        wait = to_phone_disprove(app, board, phones)
        key(app, pygame.K_RETURN, draw=False)           # Enter alone chooses nothing: the phone is choosing
        assert app.top is wait
        key(app, pygame.K_DOWN, draw=False)
        key(app, pygame.K_RETURN, draw=False)           # too soon after the last Enter: a mashed press
        assert app.top is wait and wait.too_soon
        for _ in range(8):                              # hands off for a moment, then one deliberate press
            app.step(DT, draw=False)
        key(app, pygame.K_RETURN, draw=False)           # "Choose here instead"
        app.step(DT, draw=False)
        assert is_scene(app.top, "cover") and app.top.seat == 0 and app.phones.has_phone(0)
    finally:
        app.close()


def covers_for(app, seat: int) -> list:
    return [s for s in app.stack if is_scene(s, "cover") and s.seat == seat]


def test_a_cover_for_a_choice_goes_the_frame_the_choice_is_made_elsewhere():
    """"Choose here instead" opened Miss Scarlet's cover; the card is then shown another way (the
    game moves past her choice without the cover being passed): the cover goes that very frame,
    never left up over a choice that is made."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        wait = to_phone_disprove(app, board, phones)
        wait.choose_here()
        app.step(DT, draw=False)
        assert len(covers_for(app, 0)) == 1
        card = next(a.card for a in board.game.legal_actions() if isinstance(a, ra.Disprove))
        assert board.do(ra.Disprove(card))
        app.step(DT, draw=False)
        assert covers_for(app, 0) == []
        assert [e for e in board.game.events if type(e).__name__ == "CardShown"][-1].by == 0
    finally:
        app.close()


@pytest.mark.parametrize("lag", [0, 1, 3])
def test_choose_here_and_the_phones_card_at_one_moment_leave_no_cover(lag):
    """The TV's "Choose here instead" and the phone's card a frame or three apart (0: the same frame):
    the phone's card is taken, and no cover for her is up once it is."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        wait = to_phone_disprove(app, board, phones)
        g = board.game
        card = next(a.card for a in g.legal_actions() if isinstance(a, ra.Disprove))
        wait.choose_here()
        for _ in range(lag):
            app.step(DT, draw=False)
        seq = phones[0].act({"type": "Disprove", "card": card})
        app.step(DT, draw=False)
        assert phones[0].last("ack") == {"type": "ack", "seq": seq, "ok": True, "error": None}
        for _ in range(20):
            assert covers_for(app, 0) == []
            app.step(DT, draw=False)
    finally:
        app.close()


def armed(app: App) -> None:
    """Let the frames go by, nobody pressing, until the phone's question on top takes presses
    (its guard against presses already on their way: :class:`~game.ui.bases.confirm.ConfirmBase`)."""
    box = app.top
    for _ in range(40):
        if not box.guard.active:
            return
        app.step(DT, draw=False)
    raise AssertionError("the question never took a press")


def test_a_second_phone_for_a_taken_seat_is_asked_on_the_tv():
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        other = LocalPhone(app.phones, 2, "someone-else")
        assert other.hello() == "waiting"
        app.step(DT, draw=False)
        box = app.top
        assert is_scene(box, "confirm") and box.question == "A second phone wants to play as Mrs. White. Allow?"
        armed(app)
        key(app, pygame.K_ESCAPE, draw=False)           # No (Esc answers No)
        assert other.closed and other.last("refused") is not None and not phones[2].closed
        again = LocalPhone(app.phones, 2, "new-phone")
        assert again.hello() == "waiting"
        app.step(DT, draw=False)
        app.top.yes()                                   # Allow
        assert phones[2].closed and again.last("welcome")["seat"] == 2
        assert app.phones.session.clients[2] == "new-phone"
    finally:
        app.close()


def test_the_second_phones_question_takes_no_press_already_on_its_way_and_enter_then_says_no():
    """The join screen waits for Start; a second phone asks for Mrs. White's seat just as someone
    presses Enter (Start, for them): the question that appeared takes none of the presses of the
    next moments -- Enter, Esc, an arrow, a click on Allow -- nor Enter mashed on; both phones stay
    as they were and the join screen waits under it.  Once the frames went by quietly, Enter answers
    No, the focused and safe answer: the new phone is refused, Mrs. White's own keeps her seat."""
    from tests.inputs import click

    app = hosted_app()
    try:
        _board, phones = before_start(app)
        join = app.top
        other = LocalPhone(app.phones, 2, "someone-else")
        assert other.hello() == "waiting"
        app.step(DT, draw=False)
        box = app.top
        assert is_scene(box, "confirm") and box.focus.focused is box.no_button
        key(app, pygame.K_RETURN, draw=False)           # meant for Start
        key(app, pygame.K_ESCAPE, draw=False)
        key(app, pygame.K_LEFT, draw=False)             # would move the focus to Allow
        click(app, box.yes_button.rect.center)
        for _ in range(10):                             # Enter mashed on, a few times a second
            key(app, pygame.K_RETURN, draw=False)
            app.step(0.1, draw=False)
        assert app.top is box and box.focus.focused is box.no_button
        assert join in app.stack and not other.closed and other.last("refused") is None
        assert app.phones.session.clients[2] == "phone-2" and not phones[2].closed
        armed(app)
        key(app, pygame.K_RETURN, draw=False)           # a fresh Enter: No, the safe answer
        assert box not in app.stack and app.top is join
        assert other.closed and other.last("refused") is not None
        assert app.phones.session.clients[2] == "phone-2" and not phones[2].closed
    finally:
        app.close()


def phone_moving(app: App):
    """The hot-seat game played on until a phone seat moves after a roll with more than two
    destinations, its turn's guard over: (the board scene, the phones, the moving seat)."""
    board, phones = hot_seat(app)
    g = board.game
    drive(app, board, phones, lambda: g.phase is Phase.MOVE and g.actor in PHONES and not board.busy
          and len(list(g.moves())) > 2 and is_scene(app.top, "phone_wait") and app.top.what == "turn")
    for _ in range(30):                              # the turn's guard ends
        app.step(DT, draw=False)
    return board, phones, g.actor


def test_the_phones_arrows_move_the_board_cursor_only_for_its_own_seat():
    app = hosted_app()
    try:
        board, phones, seat = phone_moving(app)
        other = phones[2 if seat == 0 else 0]
        before = board.cursor
        other.pad("right")
        other.pad("down")
        app.step(DT, draw=False)
        assert board.cursor == before                    # another seat's phone moves nothing
        for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            key(app, k, draw=False)
        assert board.cursor == before                    # nor does the TV's keyboard: the seat plays on its phone
        for k in ("right", "down", "left", "up"):
            phones[seat].pad(k)
            app.step(DT, draw=False)
            if board.cursor != before:
                break
        assert board.cursor != before
    finally:
        app.close()


def test_every_phone_sees_the_cursor_the_tv_draws():
    """The TV's move cursor is public: as the moving seat's phone moves it with its arrows, every
    phone's next view holds the same cursor (whose, and the lit destination under it)."""
    app = hosted_app()
    try:
        board, phones, seat = phone_moving(app)
        g = board.game
        seen = set()
        for k in ("right", "down", "left", "up", "right", "down"):
            phones[seat].pad(k)
            app.step(DT, draw=False)
            dest = list(g.moves())[board.cursor % len(list(g.moves()))]
            at = dest if isinstance(dest, str) else list(dest)
            for phone in phones.values():
                assert phone.last("view")["view"]["cursor"] == {"seat": seat, "at": at}
            seen.add(str(at))
        assert len(seen) > 1                             # the cursor moved, and the phones followed it
    finally:
        app.close()


def test_continue_serves_the_same_codes_on_the_same_port(tmp_path):
    import urllib.error
    import urllib.request

    app = hosted_app(tmp_path, serve=True)
    try:
        board, _phones = hot_seat(app, phones=())
        port, tokens = app.phones.port, dict(app.phones.session.tokens)
        assert port > 0 and urllib.request.urlopen(app.phones.url(1).replace(
            app.phones.base, f"http://127.0.0.1:{port}"), timeout=5).status == 200
        saved = json.loads((tmp_path / "autosave.json").read_text())["net"]
        assert saved["port"] == port and saved["tokens"] == {str(k): v for k, v in tokens.items()}
    finally:
        app.close()                                      # the host is gone: the server stops
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/s/{tokens[1]}", timeout=2)
    again = hosted_app(tmp_path, serve=True)
    try:
        assert again.store.continue_game()
        assert again.phones.port == port and dict(again.phones.session.tokens) == tokens
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/s/{tokens[1]}", timeout=5).status == 200
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/s/not-a-seat-token", timeout=5)
    finally:
        again.close()


def test_phones_off_means_no_server_at_all():
    from game.storage.settings import Settings

    app = hosted_app(settings=Settings(phones=False))
    try:
        from game.ui.board.match import Match
        from game.ui.shell.registry import make

        board = make("board", app, Match(app.board, THREE_PEOPLE))
        app.push(board)
        app.step(DT, draw=False)
        assert not app.phones.active and app.phones.session is None and app.top is board
    finally:
        app.close()


# ------------------------------------------------------------------ the cli
def test_join_opens_the_seats_address_in_the_browser_and_says_so(capsys):
    from game.commands.cli import _join

    opened = []
    ok = lambda url: ("ok", "")  # noqa: E731   (the host answered 200)
    assert _join("192.168.1.20:8765/s/Qx3kL9mN", opener=lambda url: opened.append(url) or True, check=ok) == 0
    assert opened == ["http://192.168.1.20:8765/s/Qx3kL9mN"]
    assert "Opened http://192.168.1.20:8765/s/Qx3kL9mN in your web browser" in capsys.readouterr().out
    assert _join("https://clue.example.org:443/s/abc", opener=lambda url: False, check=ok) == 0
    assert "Open this address in any browser: https://clue.example.org:443/s/abc" in capsys.readouterr().out


@pytest.mark.parametrize("bad", ["javascript:alert(1)", "file:///etc/passwd", "http://", "a b:80/s/x", ""])
def test_join_refuses_what_is_not_a_seats_address(bad, capsys):
    from game.commands.cli import _join

    opened = []
    assert _join(bad, opener=opened.append, check=lambda url: ("ok", "")) == 2 and not opened


def test_join_asks_the_host_first_a_made_up_token_or_no_host_opens_nothing(capsys):
    """A real host on loopback: its seat's address opens; a made-up token is 404 (exit 2, "scan the
    code on the TV again"); a port nobody listens on says it cannot reach the game (exit 1)."""
    import socket

    from game.commands.cli import _join

    app = hosted_app(serve=True)
    try:
        from game.ui.board.match import Match
        from game.ui.shell.registry import make

        app.push(make("board", app, Match(app.board, THREE_PEOPLE)))
        port, token = app.phones.port, app.phones.session.tokens[0]
        opened: list[str] = []
        assert _join(f"127.0.0.1:{port}/s/{token}", opener=lambda u: opened.append(u) or True) == 0
        assert opened == [f"http://127.0.0.1:{port}/s/{token}"]
        capsys.readouterr()
        assert _join(f"127.0.0.1:{port}/s/MadeUpToken12345", opener=opened.append) == 2
        out = capsys.readouterr()
        assert "No seat has this address" in out.err and "scan the code on the TV again" in out.err
        assert "Opened" not in out.out and len(opened) == 1
    finally:
        app.close()
    with socket.socket() as s:                              # a free port: nobody answers there
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    assert _join(f"127.0.0.1:{free}/s/{token}", opener=opened.append) == 1
    assert "Cannot reach the game" in capsys.readouterr().err and len(opened) == 1


def test_host_port_and_remote_reach_the_phones_host(monkeypatch):
    import game.commands.cli as cli
    import game.ui.app as app_module

    got = {}
    monkeypatch.setattr(app_module, "run_app", lambda **kw: got.update(kw) or 0)
    assert cli.main(["--host-port", "8765", "--remote"]) == 0
    assert got["host"] == HostOptions(port=8765, remote=True)
    assert cli.main(["--host-port", "70000"]) == 2


# ------------------------------------------------------------ the card game
def test_card_game_phone_seats_get_no_cover_and_their_show_is_applied():
    """The card game, three people and a computer, phones on Miss Scarlet and
    Mrs. White: their cards to show, the cards shown to them and the joining of
    an accusation happen on the phones; Colonel Mustard still gets his covers."""
    from game.cardgame import engine as ce
    from game.cardgame import events as cev
    from tests.test_cardgame_ui import Driver

    app = hosted_app()
    try:
        table = card_table(app, 4, ("human", "human", "human", "medium"))
        phones = {s: LocalPhone(app.phones, s, f"phone-{s}") for s in PHONES}
        assert all(p.hello() == "welcome" for p in phones.values())
        app.step(DT, draw=False)
        assert is_scene(app.top, "phones")
        key(app, pygame.K_RETURN, draw=False)
        g, net = table.game, app.phones.net
        crime = g.crime
        turns = lambda s: sum(isinstance(e, cev.TurnStarted) and e.player == s for e in g.events)  # noqa: E731
        driver = Driver(app)
        covers: list[int] = []
        for _ in range(6000):
            if g.over:
                break
            top = app.top
            for scene in app.stack:
                if is_scene(scene, "cover") or scene.private:
                    assert getattr(scene, "seat", None) not in PHONES, type(scene).__name__
            if is_scene(top, "cover") and (not covers or covers[-1] is not top):
                covers.append(top)
            actor = g.actor
            if actor in PHONES and not table.busy and (top is table or is_scene(top, "phone_wait")):
                legal = g.legal_actions()
                if g.phase is ce.Phase.ASK and actor == 2 and turns(2) >= 2:
                    action = ce.Accuse(*crime)                      # Mrs. White solves it on her phone
                else:
                    action = next(a for k in (ce.Show, ce.Decline, ce.Ask) for a in legal if isinstance(a, k))
                phones[actor].act(ce.action_to_dict(action))
                app.step(DT, draw=False)
                continue
            if driver.tops[-1:] != [top]:
                driver.tops.append(top)
            if ready(top):
                driver.act(top)
            else:
                app.step(DT, draw=False)
        assert g.winner == 2
        assert {c.seat for c in covers} == {1}
        shows = [a for a in net.applied if isinstance(a.action, ce.Show)]
        assert shows and {a.seat for a in shows} <= set(PHONES)
        assert any(isinstance(a.action, ce.Decline) and a.seat == 0 for a in net.applied)   # joined on her phone
    finally:
        app.close()


def ready(scene) -> bool:
    guard = getattr(scene, "guard", None)
    return guard is None or not guard.active


# --------------------------------------------------- a real phone, over the network
def test_a_phone_over_the_network_joins_sees_its_own_hand_and_rolls():
    import time

    from game.net.client import ClientPool, SeatClient
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    app = hosted_app(serve=True)
    pool = ClientPool()
    try:
        board = make("board", app, Match(app.board, THREE_PEOPLE))
        app.push(board)
        base = f"http://127.0.0.1:{app.phones.port}"
        phone = pool.add(SeatClient(base, app.phones.session.tokens[0]))

        def wait(cond, what: str) -> None:
            # ends as soon as it is true; the phone's thread may be slow to get a core, so the
            # guard is generous in time (a hang guard only) and bounded in count too
            end = time.monotonic() + 120
            for _ in range(100_000):
                app.step(DT / 10, draw=False)
                if cond():
                    return
                if time.monotonic() > end:
                    break
                time.sleep(0.005)
            raise AssertionError(f"never: {what}")

        wait(lambda: app.phones.has_phone(0) and phone.view is not None, "the phone is seated and has its view")
        assert is_scene(app.top, "phones") and app.top.status(0) == "Phone connected"
        assert app.top.status(1) == "No phone yet: plays here"
        assert phone.view["you"] == "scarlet" and set(phone.view["hand"]) == set(board.game.view(0).hand)
        key(app, pygame.K_RETURN, draw=False)        # Start
        assert board.game.actor == 0 and board.game.phase is Phase.START
        seq = pool.call(phone.act({"type": "Roll"}))
        wait(lambda: any(type(e).__name__ == "DieRolled" for e in board.game.events), "the phone's roll is applied")
        wait(lambda: seq in phone.acks and phone.view["phase"] != "start", "the phone hears of it")
        assert phone.acks[seq].ok
    finally:
        pool.close()
        app.close()


def test_the_next_game_of_the_same_people_keeps_the_codes_and_the_menu_shows_them():
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        tokens = dict(app.phones.session.tokens)
        key(app, pygame.K_ESCAPE, draw=False)            # the pause menu: Phones… while phones are hosted
        menu = app.top
        assert is_scene(menu, "menu") and "Phones…" in [b.label for b in menu.focus.buttons]
        next(b for b in menu.focus.buttons if b.label == "Phones…").press()
        assert is_scene(app.top, "phones") and app.top.go.label == "Back"
        key(app, pygame.K_ESCAPE, draw=False)
        assert app.top is menu
        app.phones.keep_codes = True                      # as the game-over screen's Play again does
        again = make("board", app, Match(app.board, THREE_PEOPLE))   # Play again: the same people, same seats
        app.reset(again)
        assert app.phones.table is again and dict(app.phones.session.tokens) == tokens
        # the same seats started another way (the title's New game): maybe other people, so new
        # codes -- a phone from the last game must never see the next player's cards
        fresh = make("board", app, Match(app.board, THREE_PEOPLE))
        app.reset(fresh)
        assert app.phones.table is fresh and not set(app.phones.session.tokens.values()) & set(tokens.values())
        tokens = dict(app.phones.session.tokens)
        other = GameSetup(seats=THREE_PEOPLE.seats[:2] + (SeatConfig("white", "computer", "easy"),
                                                          THREE_PEOPLE.seats[3]), seed=2)
        app.reset(make("board", app, Match(app.board, other)))      # other people: new codes
        assert set(app.phones.session.tokens) == {0, 1} and app.phones.session.tokens[0] != tokens[0]
    finally:
        app.close()


def test_one_person_with_a_phone_has_no_hand_face_up_on_the_tv():

    app = hosted_app()
    try:
        table = card_table(app, 4, ("human", "medium", "medium", "medium"))
        assert table.hand_seat() == 0                 # alone at the TV: the hand lies face up, as before
        phone = LocalPhone(app.phones, 0)
        phone.hello()
        assert table.hand_seat() is None              # the phone holds it now
        phone.drop()
        assert table.hand_seat() == 0
    finally:
        app.close()


def test_a_hosted_board_game_serves_the_empty_board_and_a_card_game_none():
    """The TV renders the empty board once when it starts hosting a board game and serves it at
    /board.png with its geometry at /board.json (a far-away seat's public board): the picture is
    the board view's static picture (no piece), so two games with other deals and other seats get
    the very same bytes; a card game serves none (404)."""
    import urllib.error
    import urllib.request

    from game.cardgame.engine import CardSetup as Setup
    from game.rules.cards import SUSPECTS
    from game.ui.board.match import Match
    from game.ui.cardgame.match import CardMatch
    from game.ui.phones.boardpicture import board_picture
    from game.ui.shell.registry import make

    def fetch(path: str):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{app.phones.port}{path}", timeout=20) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as exc:
            return exc.code, b""

    other = GameSetup(seats=(SeatConfig("plum", "human"), SeatConfig("green", "human"),
                             SeatConfig("white", "computer", "easy")), seed=99)
    app = hosted_app(serve=True)
    try:
        pictures = []
        for setup in (THREE_PEOPLE, other):
            board = make("board", app, Match(app.board, setup))
            app.push(board)
            status, png = fetch("/board.png")
            assert status == 200 and png[:8] == b"\x89PNG\r\n\x1a\n"
            status, grid = fetch("/board.json")
            grid = json.loads(grid)
            assert status == 200 and set(grid["rooms"]) == set(app.board.rooms)
            assert grid["cell"] == list(app.board_view().cell) and grid["squares"] == [app.board.width,
                                                                                        app.board.height]
            assert all(len(r["tokens"]) == len(SUSPECTS) for r in grid["rooms"].values())
            pictures.append(png)
            app.pop(board)
        assert pictures[0] == pictures[1] == board_picture(app.board_view())[0]
        cards = make("card_table", app, CardMatch(Setup(players=3, seed=3, levels=("human", "human", "medium")),
                                             ("scarlet", "white", "peacock")))
        app.push(cards)
        assert app.phones.active and fetch("/board.png")[0] == 404 and fetch("/board.json")[0] == 404
    finally:
        app.close()


# ------------------------------------------------------------ game over (item 2)
@pytest.mark.parametrize("mode", ["board", "cards"])
def test_mashing_enter_over_the_result_never_starts_a_new_game(mode):
    """Enter mashed to skip the reveal (five presses a second for 30 s of frames) lands on the
    harmless Recap at most: the result stays, no new game starts and the phones stay on this game."""
    from game.ui.shell.registry import find, make

    app = hosted_app()
    try:
        if mode == "board":
            from game.ui.board.match import Match
            from game.ui.screenshots.screens import advance

            match = Match(app.board, THREE_PEOPLE)
            advance(match, lambda g: False, limit=20000)
            table = make("board", app, match)
        else:
            from game.ui.screenshots.card_screens import card_advance, card_match

            match = card_match(4, humans=2)
            card_advance(match, lambda g: False, limit=5000)
            table = make("card_table", app, match)
        assert match.game.over
        app.push(table)
        LocalPhone(app.phones, 0, "phone-0").hello()
        over = None
        for i in range(300):                             # the welcome screen, the wait, the result: Enter all along
            key(app, pygame.K_RETURN if i % 2 == 0 else pygame.K_SPACE, draw=False)
            over = over or find(app.stack, "game_over", "card_game_over")
            assert find(app.stack, "board", "card_table") is table, f"a new game after {i} presses"
        assert over is not None and over in app.stack
        assert app.phones.table is table                  # the phones are still on this game
        while app.top is not over:                        # a deliberate way out: Esc leaves the Recap
            key(app, pygame.K_ESCAPE, draw=False)
        for _ in range(10):                               # hands off the keys for a second
            app.step(DT, draw=False)
        assert over.again.enabled                         # mashed keys kept it shut; a quiet moment opens it
        key(app, pygame.K_LEFT, draw=False)
        assert over.focus.focused is over.again
        key(app, pygame.K_RETURN, draw=False)              # one fresh press: Play again
        assert find(app.stack, "board", "card_table") is not table
    finally:
        app.close()


def test_the_wait_line_reads_naturally_without_a_gender():
    from game.ui.scenes.phone_wait import waiting_line

    assert waiting_line("Miss Scarlet", "choose") == "Miss Scarlet is choosing on the phone…"
    assert waiting_line("Colonel Mustard", "join") == "Colonel Mustard is choosing on the phone…"
    assert waiting_line("Mrs. Peacock", "show") == "Mrs. Peacock is choosing a card to show…"


# ------------------------------------------------- one port for the whole run (item 4)
def test_a_new_game_after_the_title_serves_on_the_same_port_and_old_codes_open_nothing():
    """Game 1 on port P; the title screen; a new game of other people: still port P, so
    the first game's pages reach the new host, whose answer to their code is 404."""
    import urllib.error
    import urllib.request

    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    app = hosted_app(serve=True)
    try:
        app.push(make("board", app, Match(app.board, THREE_PEOPLE)))
        port, old = app.phones.port, app.phones.session.tokens[0]
        assert port > 0
        app.reset(make("title", app))                         # the title screen: the host stops
        assert not app.phones.active
        other = GameSetup(seats=(SeatConfig("green", "human"), SeatConfig("plum", "human"),
                                 SeatConfig("white", "computer", "easy")), seed=5)
        app.push(make("board", app, Match(app.board, other)))
        new = app.phones.session.tokens[1]                   # (Mr. Green sits second: the seats go round the board)
        assert app.phones.port == port and old not in app.phones.session.tokens.values()
        base = f"http://127.0.0.1:{port}"
        assert urllib.request.urlopen(f"{base}/s/{new}", timeout=5).status == 200
        with pytest.raises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(f"{base}/s/{old}", timeout=5)
        assert gone.value.code == 404                        # "this code opens no seat any more"
    finally:
        app.close()


# ------------------------------------ the menu and the join screen hold the phones' actions (item 5)
def test_phone_actions_wait_behind_the_join_screen_and_the_pause_menu():
    """A phone's roll sent while the join screen (before Start) or the pause menu is
    up is held -- the game does not move behind them, though a notebook mark is
    kept at once -- and is applied, once, when the game goes on."""
    from game.net.messages import Mark
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    app = hosted_app()
    try:
        board = make("board", app, Match(app.board, THREE_PEOPLE))
        app.push(board)
        g = board.game
        phone = LocalPhone(app.phones, 0, "phone-0")
        assert phone.hello() == "welcome"
        app.step(DT, draw=False)
        assert is_scene(app.top, "phones") and g.actor == 0 and g.phase is Phase.START
        seq = phone.act({"type": "Roll"})
        card = next(c for c in ("rope", "knife", "wrench", "lead_pipe") if c not in g.view(0).hand)
        phone._say(Mark(card, "X"))                                        # a notebook mark from the phone
        for _ in range(20):
            app.step(DT, draw=False)
        assert len(g.actions) == 0 and phone.last("ack") is None          # held behind the join screen
        assert app.phones.net.notebooks[0].get(card) == "X"               # the mark is kept at once
        key(app, pygame.K_RETURN, draw=False)                             # Start
        app.step(DT, draw=False)
        assert len(g.actions) == 1 and phone.last("ack") == {"type": "ack", "seq": seq, "ok": True, "error": None}
        while board.busy:                                                # the roll is shown
            app.step(DT, draw=False)
        assert g.actor == 0 and g.phase is Phase.MOVE
        key(app, pygame.K_ESCAPE, draw=False)                             # the pause menu
        assert is_scene(app.top, "menu")
        dest = next(iter(g.moves()))
        move = ra.Move(room=dest) if isinstance(dest, str) else ra.Move(square=dest)
        seq = phone.act(ra.to_dict(move))
        for _ in range(20):
            app.step(DT, draw=False)
        assert len(g.actions) == 1 and g.phase is Phase.MOVE                # nothing moved behind the menu
        assert phone.last("ack")["seq"] == seq - 1
        key(app, pygame.K_ESCAPE, draw=False)                             # Resume
        app.step(DT, draw=False)
        assert phone.last("ack") == {"type": "ack", "seq": seq, "ok": True, "error": None}
        assert g.actions[1] == move and [a.seq for a in app.phones.net.applied] == [1, 2]
    finally:
        app.close()


# ------------------------------------- the phone comes back before the cover is taken (item 3)
@pytest.mark.parametrize("taken", [False, True])
def test_a_phone_coming_back_closes_the_fallback_cover_nobody_took(taken):
    """The phone drops mid-choice: the TV's cover for Miss Scarlet.  It comes back: if nobody
    took the cover yet, the cover closes and the wait box shows again (the phone chooses);
    once she passed the cover, her screen on the TV stays."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        to_phone_disprove(app, board, phones)
        phones[0].drop()
        for _ in range(3):
            app.step(DT, draw=False)
        cover = app.top
        assert is_scene(cover, "cover") and cover.seat == 0
        if taken:
            for _ in range(12):                          # hands off, then one fresh press: she takes it
                app.step(DT, draw=False)
            key(app, pygame.K_RETURN, draw=False)
            assert is_scene(app.top, "disprove")
        again = LocalPhone(app.phones, 0, "phone-0")
        again.seq = phones[0].seq
        assert again.hello() == "welcome"
        for _ in range(3):
            app.step(DT, draw=False)
        assert cover not in app.stack
        if taken:
            assert is_scene(app.top, "disprove") and app.top.seat == 0        # her own screen stays
        else:
            assert is_scene(app.top, "phone_wait") and app.top.seat == 0      # the phone chooses again
            assert not any(is_scene(s, "cover") for s in app.stack)
    finally:
        app.close()


# ------------------------------------ the TV does not play a phone seat's turn (item 1)
MASH = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RETURN, pygame.K_LEFT,
        pygame.K_UP, pygame.K_SPACE, pygame.K_DOWN, pygame.K_RETURN]


def mash(app, presses: int) -> None:
    """``presses`` keys of :data:`MASH` and clicks all over the window, a frame apart."""
    w, h = app.window.get_size()
    for i in range(presses):
        if i % 7 == 6:
            pos = ((i * 97) % w, (i * 53) % h)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            app.step(DT, draw=False)
        else:
            key(app, MASH[i % len(MASH)], draw=False)


def test_mashing_keys_on_the_tv_never_plays_a_phone_seats_turn():
    """Miss Scarlet's turn, her phone connected: 240 Return/Space/arrow presses and clicks on the
    TV roll, move and end nothing; the TV says she plays on the phone; her phone then plays it."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        for _ in range(3):
            app.step(DT, draw=False)
        wait = app.top
        assert is_scene(wait, "phone_wait") and wait.what == "turn" and wait.seat == 0
        assert wait.speech_prompt() == "Miss Scarlet is playing on the phone…"
        mash(app, 240)
        assert len(g.actions) == 0 and g.actor == 0 and g.phase is Phase.START
        assert not any(is_scene(s, "cover") or is_scene(s, "picker") for s in app.stack)
        seq = phones[0].act({"type": "Roll"})                 # the phone still has its turn
        app.step(DT, draw=False)
        assert phones[0].last("ack") == {"type": "ack", "seq": seq, "ok": True, "error": None}
        assert len(g.actions) == 1
    finally:
        app.close()


def test_play_here_instead_hands_the_rest_of_the_turn_to_the_tv():
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        for _ in range(3):
            app.step(DT, draw=False)
        wait = app.top
        assert is_scene(wait, "phone_wait") and wait.what == "turn"
        key(app, pygame.K_DOWN, draw=False)               # the button, then hands off, then one deliberate press
        for _ in range(8):
            app.step(DT, draw=False)
        key(app, pygame.K_RETURN, draw=False)               # "Play here instead"
        assert wait not in app.stack and app.phones.has_phone(0) and not app.phones.holds_turn(0)
        for _ in range(10):                                 # the turn's hurry guard runs out
            app.step(DT, draw=False)
        before = len(g.actions)
        for _ in range(40):                                 # the TV's keyboard plays Miss Scarlet's turn now
            if len(g.actions) > before:
                break
            key(app, pygame.K_RETURN, draw=False)
        assert len(g.actions) > before and isinstance(g.actions[before], (ra.Roll, ra.TakePassage))
        assert not any(is_scene(s, "phone_wait") for s in app.stack)    # for the rest of this turn
        drive(app, board, {2: phones[2]}, lambda: g.turn != 0, limit=6000)          # the TV ends her turn
        drive(app, board, phones, lambda: g.turn == 0 and is_scene(app.top, "phone_wait"), limit=6000)
        assert is_scene(app.top, "phone_wait") and app.top.what == "turn"   # her next turn: on her phone again
    finally:
        app.close()


def test_mashing_over_the_wait_box_never_takes_the_choice_back():
    """Down then Enter (and Space, Up, clicks) mashed over "Miss Scarlet is choosing a card to
    show…" never reach "Choose here instead": only a press after a moment's quiet does."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        wait = to_phone_disprove(app, board, phones)
        mash(app, 200)
        assert app.top is wait and not any(is_scene(s, "cover") for s in app.stack)
        assert board.game.phase is Phase.DISPROVE and board.game.actor == 0 and wait.too_soon
        app.draw()
        assert "Too fast!" in wait.footer()
    finally:
        app.close()


def test_the_seats_own_controller_still_plays_its_turn_while_its_phone_is_connected():
    """The TV's keyboard does not play Miss Scarlet's turn, and another controller does not
    either; the controller she joined with does (A presses the turn's focused button), with
    a fresh press once everybody let go."""
    from tests.inputs import pad_press

    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        mine = app.pads.on_added(7, "Scarlet's pad").device
        app.pads.on_added(8, "Another pad")
        board.match.give_device(0, mine)
        for _ in range(3):
            app.step(DT, draw=False)
        assert is_scene(app.top, "phone_wait") and app.top.what == "turn"
        for _ in range(10):
            key(app, pygame.K_RETURN, draw=False)
            pad_press(app, 8, pygame.CONTROLLER_BUTTON_A)
        assert len(g.actions) == 0
        for _ in range(10):                               # her own pad mashed with them: not a fresh press
            pad_press(app, 7, pygame.CONTROLLER_BUTTON_A)
        assert len(g.actions) == 0
        for _ in range(100):                              # she lets go a moment (the turn's guard) ...
            if not board.guard.active:
                break
            app.step(DT, draw=False)
        pad_press(app, 7, pygame.CONTROLLER_BUTTON_A)     # ... and presses once
        assert g.actions and isinstance(g.actions[0], (ra.Roll, ra.TakePassage))
    finally:
        app.close()


def test_a_whole_hot_seat_game_with_three_phones_ends_without_one_cover():
    """The whole promise of phones: three people, each with a phone, and a computer play a whole
    board game on the TV to the end; no cover or private screen is ever pushed (every private
    step happened on a phone), and every phone's last view is the end of the game."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app, phones=(0, 1, 2))
        g = board.game
        covers = drive(app, board, phones, lambda: g.over, limit=200_000)
        assert g.over and covers == [] and len(g.actions) > 20, len(g.actions)
        net = app.phones.net
        by_phone = {a.seat for a in net.applied}
        assert by_phone == {0, 1, 2}                                  # each person acted on their phone
        assert any(isinstance(a.action, ra.Disprove) for a in net.applied)
        for seat in (0, 1, 2):
            assert net.payload(seat)["over"] is True
    finally:
        app.close()


def test_one_person_whose_phone_comes_back_gets_the_choice_back_from_the_tv():
    """One person (no covers): the phone drops mid-choice, so the TV opens the card to show at
    once; when the phone comes back before anything is chosen, that TV screen closes (the card
    is not left face up on the TV) and the phone chooses again."""
    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer", "medium"),
                             SeatConfig("white", "computer", "medium")), seed=6)
    app = hosted_app()
    try:
        board, phones = hot_seat_one(app, setup)
        g = board.game
        drive(app, board, phones, lambda: g.actor == 0 and g.phase is Phase.DISPROVE
              and is_scene(app.top, "phone_wait"), limit=200_000)
        assert g.actor == 0 and g.phase is Phase.DISPROVE
        phones[0].drop()
        for _ in range(3):
            app.step(DT, draw=False)
        assert any(s.private and getattr(s, "seat", None) == 0 for s in app.stack)   # the TV has the choice
        again = LocalPhone(app.phones, 0, "phone-0")
        again.seq = phones[0].seq
        assert again.hello() == "welcome"
        for _ in range(3):
            app.step(DT, draw=False)
        assert not any(s.private and getattr(s, "seat", None) == 0 for s in app.stack)
        assert is_scene(app.top, "phone_wait") and app.top.seat == 0
    finally:
        app.close()


def hot_seat_one(app: App, setup):
    """A board game of one person (seat 0, with a phone) and computers: no join screen."""
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    board = make("board", app, Match(app.board, setup))
    app.push(board)
    seated = {0: LocalPhone(app.phones, 0, "phone-0")}
    assert seated[0].hello() == "welcome"
    app.step(DT, draw=False)
    assert not is_scene(app.top, "phones")
    return board, seated


def test_one_person_with_computers_starts_at_once_and_a_phone_may_still_join():
    """Play for one person: no join screen between the press and the game (nothing is
    private from anybody), yet the seats' server is up, so a phone joins when wanted
    (the pause menu's Phones shows its code)."""
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer", "easy"),
                             SeatConfig("white", "computer", "easy")), seed=6)
    app = hosted_app()
    try:
        board = make("board", app, Match(app.board, setup))
        app.push(board)
        for _ in range(3):
            app.step(DT, draw=False)
        assert app.top is board and not any(is_scene(s, "phones") for s in app.stack)
        assert app.phones.seats() == (0,)
        assert LocalPhone(app.phones, 0, "phone-0").hello() == "welcome"
    finally:
        app.close()


@pytest.mark.parametrize("continued", [False, True], ids=["live", "after-continue"])
def test_play_again_keeps_the_codes_after_a_takeover(tmp_path, continued):
    """A computer took a person's seat over; the game ends and Play again
    gives the seat back to its person.  The other people's phones keep their
    codes, whether the game was played straight through or saved and continued
    (the seats a person played, :meth:`Match.people_seats`, are the same both
    ways).  The returned seat keeps its code live; after Continue it gets a
    new one (the continued game served no phone for a computer's seat)."""
    from game.storage.save import from_document, to_document
    from game.ui.board.gameover import GameOverScene
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    app = hosted_app(tmp_path)
    try:
        board, _phones = hot_seat(app)
        tokens = dict(app.phones.session.tokens)
        game_id = app.phones.session.game_id
        board.match.to_computer(2)
        match = board.match
        if continued:
            match = Match.resume(app.board, from_document(to_document(board.match.saved())))
            assert match.people_seats() == [0, 1, 2] and match.humans == [0, 1]
            app.reset(make("board", app, match))
            app.step(0.1, draw=False)
            assert app.phones.session.game_id == game_id   # Continue: the same game
        app.phones.session.applied[0] = 7                 # seat 0's phone had 7 acts taken
        app.push(GameOverScene(app, match))
        app.top._play_again()
        assert app.phones.table.match.kinds[2] == "human"
        again = app.phones.session.tokens
        assert {s: again[s] for s in (0, 1)} == {s: tokens[s] for s in (0, 1)}
        assert (again.get(2) == tokens[2]) is not continued
        # seqs go on: an act seat 0's page still holds from the last game is never taken in this one
        assert app.phones.session.applied[0] == 7
        assert app.phones.session.game_id != game_id           # and the welcome names another game
    finally:
        app.close()


def test_an_act_on_its_way_when_play_again_is_pressed_is_never_taken_in_the_new_game():
    """Seat 0's phone sends Roll while the game-over screen is up (on its way,
    never answered); Play again is pressed in the same frame; the page
    reconnects and resends it: the new game never takes it (the seqs on
    their way are carried as spent)."""
    from game.ui.board.gameover import GameOverScene
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        match = board.match
        app.push(GameOverScene(app, match))
        seq = phones[0].act({"type": "Roll"})          # held behind the game-over screen
        assert phones[0].last("ack") is None       # on its way: arrived after this frame's pump
        app.top._play_again()                       # pressed in the same frame
        new = app.phones.table
        assert new is not board
        page = LocalPhone(app.phones, 0, "phone-0")
        assert page.hello() == "welcome"
        w = page.last("welcome")
        assert w["applied"] >= seq                      # spent in the last game: the page drops it...
        from game.net import messages as m
        page._say(m.Act(seq, {"type": "Roll"}))         # ...and a careless one that resends is refused
        app.step(DT, draw=False)
        key(app, pygame.K_RETURN, draw=False)           # Start on the join screen
        for _ in range(5):
            app.step(DT, draw=False)
        assert len(new.game.actions) == 0, "the last game's act was taken in the new game"
    finally:
        app.close()


def test_play_again_without_phones_never_lends_old_codes_to_a_later_game():
    """Play again pressed for a game that hosts no phones (here the phones
    setting goes off) must not leave its wish for the next game: a new game
    from the title, with another person at seat 0, gets new codes, so the old
    phone never sees the new player's hand."""
    from game.cardgame import engine as ce
    from game.ui.cardgame.gameover import CardGameOverScene as GO
    from game.ui.cardgame.match import CardMatch
    from game.ui.shell.registry import make
    app = hosted_app()
    try:
        sus = ("scarlet", "mustard", "white")
        m1 = CardMatch(ce.CardSetup(players=3, seed=4, levels=("human", "medium", "medium"), first=0), sus)
        t1 = make("card_table", app, m1)
        app.push(t1)
        old = app.phones.session.tokens[0]
        assert LocalPhone(app.phones, 0, "old-phone").hello() == "welcome"
        app.store.settings.phones = False                 # this game hosts no phones
        app.push(GO(app, m1))
        app.top._play_again()
        assert app.phones.session is None
        app.store.settings.phones = True
        app.reset(make("title", app))
        m3 = CardMatch(ce.CardSetup(players=3, seed=9, levels=("human", "medium", "medium"), first=0), sus)
        app.push(make("card_table", app, m3))          # a new game from the title, not Play again
        oldphone = LocalPhone(app.phones, 0, "old-phone")
        assert oldphone.hello(old) != "welcome"
        assert app.phones.session.tokens[0] != old, "old person's code opens the new person's seat"
    finally:
        app.close()


def test_card_game_play_again_after_a_takeover_keeps_the_codes():
    """The card game: a computer took a person's seat over; Play again gives it
    back to its person and every phone keeps its code."""
    from game.cardgame import engine as ce
    from game.ui.cardgame.gameover import CardGameOverScene as GO
    from game.ui.cardgame.match import CardMatch
    from game.ui.shell.registry import make
    app = hosted_app()
    try:
        sus = ("scarlet", "mustard", "white", "peacock")
        m1 = CardMatch(ce.CardSetup(players=4, seed=4, levels=("human", "human", "human", "medium"), first=0), sus)
        app.push(make("card_table", app, m1))
        tokens = dict(app.phones.session.tokens)
        app.phones.session.applied[0] = 7
        m1.to_computer(2)
        app.push(GO(app, m1))
        app.top._play_again()
        new = app.phones.table.match
        assert new.kinds[2] == "human"
        assert dict(app.phones.session.tokens) == tokens and app.phones.session.applied[0] == 7
    finally:
        app.close()


def test_a_phone_turns_box_over_the_log_never_ends_across_its_key_hint_row():
    """On a TV (1920 x 1080, the TV layout) the box of a turn played on the phone lies over the
    log: it ends above the log's key-hint row ("Rules: ...  N: notebook  M: menu") or covers
    all of it, never with its frame across the letters (it stopped 4 px into the row)."""
    app = hosted_app(size=(1920, 1080))
    try:
        board, _phones = hot_seat(app)
        for _ in range(3):
            app.step(DT)
        wait = app.top
        assert is_scene(wait, "phone_wait") and wait.what == "turn" and wait.over_log
        hint_top, panel = board.log_view.area.bottom, board.log_panel
        assert wait.box.bottom <= hint_top or wait.box.bottom >= panel.bottom - 6, (wait.box, hint_top, panel)
    finally:
        app.close()
