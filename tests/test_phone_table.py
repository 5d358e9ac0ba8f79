"""Phones at the table, more of the TV's side: a seat that joined from far
away (no cover offered to the room; the computer chooses for it after a
longer wait), and what a family playing with phones ran into -- the first OK
after a roll, the footer over the board's bottom row, an allowed phone kept by
Continue, the pad's Back, ``--join`` without a seat, ``--seed`` with Continue
and Play again, the detective report after the game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


# ------------------------------------------------------------------ the cli
@pytest.mark.parametrize("address", ["10.77.0.1:8765", "10.77.0.1:8765/", "http://10.77.0.1:8765/s/",
                                     "https://clue.example.org/game/", "10.77.0.1:8765/web/app.js"])
def test_join_without_the_seats_part_says_so_and_opens_nothing(address, capsys, caplog):
    """The host's address alone (or a page that is no seat) would open only the home page: say so, exit 2."""
    from game.commands.cli import _join

    opened, asked = [], []
    code = _join(address, opener=lambda url: opened.append(url) or True,
                 check=lambda url: asked.append(url) or ("ok", ""))
    assert (code, opened, asked) == (2, [], [])
    assert "names the game but not your seat" in caplog.text and repr(address) in caplog.text
    assert "Your seat plays there" not in capsys.readouterr().out


def test_join_keeps_a_proxys_path_prefix():
    from game.commands.cli import seat_url

    assert seat_url("https://clue.example.org/family/s/abc") == "https://clue.example.org/family/s/abc"


# ------------------------------------------------------------- the table
import json  # noqa: E402

import pygame  # noqa: E402

from game.rules import actions as ra  # noqa: E402
from game.rules.engine import Phase  # noqa: E402
from game.ui.phones.phone_screens import LocalPhone  # noqa: E402
from game.ui.shell.registry import is_scene  # noqa: E402
from tests.inputs import key  # noqa: E402
from tests.test_net_tv import PHONES, armed, drive, hosted_app, hot_seat, to_phone_roll  # noqa: E402
from tests.test_ui import DT  # noqa: E402


def test_continue_keeps_a_phone_the_tv_allowed_before_the_seat_acted(tmp_path):
    """Allow phone B on Mrs. White's seat, quit before she acts, Continue: B holds the seat at once."""
    app = hosted_app(tmp_path)
    try:
        board, phones = hot_seat(app)
        other = LocalPhone(app.phones, 2, "phone-b")
        assert other.hello() == "waiting"
        app.step(DT, draw=False)
        assert is_scene(app.top, "confirm")
        app.top.yes()                                   # Allow
        assert app.phones.session.clients[2] == "phone-b"
        acted = len(app.phones.net.applied)
    finally:
        app.close()
    assert acted == 0                                   # nobody acted since: only the allow could save it
    assert json.loads((tmp_path / "autosave.json").read_text())["net"]["clients"]["2"] == "phone-b"
    again = hosted_app(tmp_path)
    try:
        assert again.store.continue_game()
        back = LocalPhone(again.phones, 2, "phone-b")
        assert back.hello() == "welcome"                # no second question on the TV
        again.step(DT, draw=False)
        assert not any(is_scene(s, "confirm") for s in again.stack) and again.phones.has_phone(2)
    finally:
        again.close()


def test_the_phones_back_takes_the_cursor_back_arrow_by_arrow():
    """The pad's Back undoes its seat's arrows one by one (and does nothing for another seat)."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        drive(app, board, phones, lambda: g.phase is Phase.MOVE and g.actor in PHONES and not board.busy
              and len(list(g.moves())) > 3 and is_scene(app.top, "phone_wait") and app.top.what == "turn")
        seat = g.actor
        for _ in range(30):                              # the turn's guard ends
            app.step(DT, draw=False)
        start, trail = board.cursor, []
        for k in ("right", "down", "left", "up", "right", "down"):
            phones[seat].pad(k)
            app.step(DT, draw=False)
            if board.cursor != (trail or [start])[-1]:
                trail.append(board.cursor)
        assert len(trail) >= 2, trail
        phones[2 if seat == 0 else 0].pad("back")        # another seat's Back moves nothing
        app.step(DT, draw=False)
        assert board.cursor == trail[-1]
        for want in reversed([start] + trail[:-1]):
            phones[seat].pad("back")
            app.step(DT, draw=False)
            assert board.cursor == want
        phones[seat].pad("back")                         # at the start: stays, and no menu opens on the TV
        app.step(DT, draw=False)
        assert board.cursor == start and not any(is_scene(s, "menu") for s in app.stack)
        assert g.phase is Phase.MOVE and g.actor == seat
    finally:
        app.close()


# ------------------------------------------------ a seat far away
from game.ui.phones.host import FAR_WAIT  # noqa: E402
from tests.test_net_tv import to_phone_disprove  # noqa: E402


def far_disprove(app):
    """The hot-seat game with Miss Scarlet's phone far away (joined from outside the home network),
    played on until she must show a card; returns the board, the phones and the wait box."""
    board, phones = hot_seat(app)
    phones[0] = LocalPhone(app.phones, 0, "phone-0", far=True)     # the same page, now from afar
    assert phones[0].hello() == "welcome" and app.phones.far(0) and not app.phones.far(2)
    app.step(DT, draw=False)
    return board, phones, to_phone_disprove(app, board, phones)


def shown_words(scene) -> list[str]:
    """The words of ``scene``'s widgets: each button's label and each line's text."""
    return [getattr(w, "label", None) or getattr(w, "text", "") for w in scene.widgets()]


def no_cover_for(app, seat: int) -> None:
    for scene in app.stack:
        assert not (is_scene(scene, "cover") and scene.seat == seat), "the room was offered a far seat's choice"
        assert not (scene.private and getattr(scene, "seat", None) == seat), type(scene).__name__


def test_a_far_seats_choice_is_never_offered_to_the_room_and_the_computer_makes_it_after_the_wait():
    app = hosted_app()
    try:
        board, phones, wait = far_disprove(app)
        g = board.game
        assert "Choose here instead" not in shown_words(wait)
        phones[0].drop()                                 # the phone went to sleep: its socket is gone
        for k in (pygame.K_RETURN, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE) * 3:
            key(app, k, draw=False)                      # someone at the TV presses keys: nothing is offered
            no_cover_for(app, 0)
        assert app.top is wait and wait.phone_gone       # the TV says it waits for her phone
        assert any("phone is away" in line.text for line in wait.words)
        waited = wait.gone
        for _ in range(int(FAR_WAIT) + 10):              # one-second frames, bounded
            if g.phase is not Phase.DISPROVE:
                break
            assert app.top is wait and wait.phone_gone
            waited = wait.gone
            app.step(1.0, draw=False)
            no_cover_for(app, 0)
        assert FAR_WAIT - 1 <= waited < FAR_WAIT         # it waited the whole time, then went on
        shown = [e for e in g.events if type(e).__name__ == "CardShown"][-1]
        assert shown.by == 0 and app.phones.stood_in == [0]
        said = board.banner.text
        assert said == "Miss Scarlet's phone did not come back: the computer chose for Miss Scarlet."
        from game.text.i18n import card as card_name

        names = {card_name(c) for c in g.view(0).hand if c != "scarlet"} | set(g.view(0).hand) - {"scarlet"}
        assert not any(n.lower() in said.lower() for n in names)    # which seat, never which card
        assert wait not in app.stack
        back = LocalPhone(app.phones, 0, "phone-0", far=True)          # the phone comes back: the seat is hers
        back.seq = phones[0].seq
        assert back.hello() == "welcome" and app.phones.has_phone(0)
    finally:
        app.close()


def test_the_card_the_computer_showed_for_a_far_seat_reaches_that_seats_phone_only(monkeypatch):
    """The computer shows a card for a far seat whose phone slept: when the phone comes back its view
    says which card went to whom ("chosen_for_you"); no other phone's frame carries it, and neither
    do the TV's banner or speech."""
    app = hosted_app()
    spoken: list[str] = []
    monkeypatch.setattr(app.speech, "say", lambda text, *a, **k: spoken.append(str(text)))
    try:
        board, phones, wait = far_disprove(app)
        g = board.game
        phones[0].drop()
        del spoken[:]                                    # the suggestion named its cards aloud: public
        for _ in range(int(FAR_WAIT) + 10):              # one-second frames, bounded
            if g.phase is not Phase.DISPROVE:
                break
            app.step(1.0, draw=False)
        shown = [e for e in g.events if type(e).__name__ == "CardShown"][-1]
        assert shown.by == 0 and app.phones.stood_in == [0]
        for _ in range(3):
            app.step(DT, draw=False)
        back = LocalPhone(app.phones, 0, "phone-0", far=True)
        back.seq = phones[0].seq
        assert back.hello() == "welcome"
        app.step(DT, draw=False)
        told = back.last("view")["view"]["chosen_for_you"]
        assert [(c["to"], c["card"]) for c in told] == [(shown.to, shown.card)]
        from game.text.i18n import card as card_name

        secret = {shown.card, card_name(shown.card)}
        for frame in phones[2].sent:                     # Mrs. White's phone: neither asker nor shower
            view = frame.get("view") or {}
            assert not view.get("chosen_for_you"), frame
            assert not [s for s in view.get("shown", []) if s["by"] == 0], frame
        tv_words = [board.banner.text if board.banner else ""] + spoken
        assert "Miss Scarlet's phone did not come back: the computer chose for Miss Scarlet." in tv_words
        assert not any(n.lower() in t.lower() for n in secret for t in tv_words), tv_words
    finally:
        app.close()


def test_a_far_phone_back_before_the_wait_ends_chooses_itself():
    app = hosted_app()
    try:
        board, phones, wait = far_disprove(app)
        g = board.game
        phones[0].drop()
        for _ in range(int(FAR_WAIT) // 2):
            app.step(1.0, draw=False)
        assert app.top is wait and wait.phone_gone and g.phase is Phase.DISPROVE
        back = LocalPhone(app.phones, 0, "phone-0", far=True)
        back.seq = phones[0].seq
        assert back.hello() == "welcome"
        app.step(DT, draw=False)
        assert not wait.phone_gone and not wait.away      # the words "phone is away" are gone again
        assert wait.left == FAR_WAIT - FAR_WAIT // 2     # what was waited stays counted (one wait a choice)
        for _ in range(int(FAR_WAIT) // 2 + 5):          # the phone is here: no computer choice however long
            app.step(1.0, draw=False)
        assert g.phase is Phase.DISPROVE and app.top is wait and app.phones.stood_in == []
        card = next(a.card for a in g.legal_actions() if isinstance(a, ra.Disprove))
        back.act({"type": "Disprove", "card": card})
        app.step(DT, draw=False)
        shown = [e for e in g.events if type(e).__name__ == "CardShown"][-1]
        assert (shown.by, shown.card) == (0, card) and app.phones.stood_in == []
    finally:
        app.close()


def test_a_seat_handed_to_a_far_phone_mid_choice_is_never_offered_to_the_room():
    """Miss Scarlet's home phone holds her seat when she must show a card; then a phone from outside
    the home asks for the seat and the TV allows it: the open wait box drops "Choose here instead"
    at once (pressing where it was opens nothing), and the far-away wait starts when that phone sleeps."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        wait = to_phone_disprove(app, board, phones)
        g = board.game
        assert "Choose here instead" in shown_words(wait) and not app.phones.far(0)      # a home phone: the room may help
        far = LocalPhone(app.phones, 0, "far-phone", far=True)
        assert far.hello() == "waiting"
        app.step(DT, draw=False)
        assert is_scene(app.top, "confirm")
        app.top.yes()                                    # Allow: the seat is now held from far away
        app.step(DT, draw=False)
        assert app.top is wait and app.phones.far(0) and wait.far
        assert "Choose here instead" not in shown_words(wait)
        assert wait.focus.buttons == [] and wait.footer() == "{back}: menu"
        wait.choose_here()                               # the button's old place, pressed anyway
        app.step(DT, draw=False)
        no_cover_for(app, 0)
        assert app.top is wait and g.phase is Phase.DISPROVE
        far.seq = phones[0].seq
        far.drop()                                       # the far phone sleeps: the game waits, then chooses
        app.step(DT, draw=False)
        assert wait.phone_gone and any("phone is away" in line.text for line in wait.words)
        for _ in range(int(FAR_WAIT) + 10):              # one-second frames, bounded
            if g.phase is not Phase.DISPROVE:
                break
            no_cover_for(app, 0)
            app.step(1.0, draw=False)
        assert g.phase is not Phase.DISPROVE and app.phones.stood_in == [0]
        no_cover_for(app, 0)
    finally:
        app.close()


def test_the_server_marks_a_seat_that_joined_from_outside_the_home_network(monkeypatch):
    """Over a real socket on loopback: a hello from a peer in the local networks is in the room; the
    same hello when loopback is not counted local (as a relative's address across the internet, let
    in by remote play) marks the seat far away, until a phone says hello from home again."""
    import ipaddress

    from game.net import server as server_module
    from game.net.client import ClientPool, SeatClient
    from game.net.session import HostSession
    from tests.netkit import until

    session = HostSession("cards", [0, 1])
    srv = server_module.NetServer(session, bind="127.0.0.1", remote=True)
    srv.start()
    pool = ClientPool()
    try:
        home = pool.add(SeatClient(srv.base_url, session.tokens[0], store={}))
        until(lambda: session.has_phone(0), "the phone at home to be seated")
        assert not session.is_far(0)
        monkeypatch.setattr(server_module, "LOCAL_NETWORKS", (ipaddress.ip_network("10.0.0.0/8"),))
        page: dict = {}                                  # the page's own storage: the same client id on return
        far = pool.add(SeatClient(srv.base_url, session.tokens[1], store=page))
        until(lambda: session.has_phone(1), "the far phone to be seated")
        assert session.is_far(1) and not session.is_far(0)
        pool.kill(far)
        until(lambda: not session.has_phone(1), "the far phone to go")
        assert session.is_far(1)                         # still far while its phone sleeps
        monkeypatch.setattr(server_module, "LOCAL_NETWORKS", (ipaddress.ip_network("127.0.0.0/8"),))
        pool.add(SeatClient(srv.base_url, session.tokens[1], store=page))
        until(lambda: session.has_phone(1), "the phone to be back at home")
        assert not session.is_far(1)
        assert home.view is not None or home.welcome is not None
    finally:
        pool.close()
        srv.stop()


# ------------------------------------------------ the first OK after a roll
def test_the_phones_ok_while_the_tv_still_rolls_the_die_moves_the_token():
    """Tap Roll, then OK at once while the TV animates the die: the OK is not spent hurrying the
    die; once the roll is shown the token goes to the square under the cursor."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        seat = to_phone_roll(app, board, phones)
        for _ in range(30):                              # the turn's guard ends
            app.step(DT, draw=False)
        phones[seat].act({"type": "Roll"})
        app.step(DT, draw=False)
        assert g.phase is Phase.MOVE and board.busy      # the TV is still showing the die
        moved_before = sum(isinstance(a, ra.Move) for a in g.actions)
        phones[seat].pad("ok")
        for _ in range(600):                             # frames, bounded: until the TV played the roll
            app.step(DT, draw=False)
            if g.phase is not Phase.MOVE:
                break
        assert sum(isinstance(a, ra.Move) for a in g.actions) == moved_before + 1   # one OK, one move
        assert g.phase is not Phase.MOVE and g.turn == seat
    finally:
        app.close()


# ------------------------------------------------ the board's bottom row in view
def bottom_row_hidden(app, board) -> float:
    """The share of the board's bottom band (y 676 to the board's foot) drawn as the footer's dark band."""
    import numpy as np

    from game.ui.draw import theme

    app.draw()
    rect = board.view.rect.clip(pygame.Rect(0, 676, 1280, 44))
    assert rect.height >= 20 and rect.width > 300      # the board does reach down there
    pixels = pygame.surfarray.array3d(app.window.surface.subsurface(rect))
    return float(np.all(pixels == np.array(theme.BG_DARK[:3]), axis=2).mean())


def test_the_board_bottom_row_stays_in_view_during_a_phone_turn_and_a_phone_choice():
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        drive(app, board, phones, lambda: g.actor in PHONES and not board.busy
              and is_scene(app.top, "phone_wait") and app.top.what == "turn")
        turn = bottom_row_hidden(app, board)
        wait = to_phone_disprove(app, board, phones)
        choice = bottom_row_hidden(app, board)
        assert (turn, choice) == (0.0, 0.0), (turn, choice)
        assert wait.hint_rect.bottom <= wait.box.bottom and wait.here.rect.bottom <= wait.hint_rect.top
    finally:
        app.close()


# ------------------------------------------------ --seed, Continue, Play again
def test_seed_then_continue_then_play_again_deals_a_new_game(tmp_path):
    """``--seed 11`` deals the first game; a later run with ``--seed 11`` that Continues it and then
    presses Play again must not deal game 11 once more."""
    from game.rules.setup import GameSetup
    from game.ui.board.gameover import GameOverScene
    from game.ui.board.match import Match
    from game.ui.shell.registry import make
    from tests.test_net_tv import THREE_PEOPLE

    def deal(match):
        return [tuple(match.game.view(s).hand) for s in range(4)]

    app = hosted_app(tmp_path)                           # App(seed=11): what --seed 11 gives
    try:
        match = Match(app.board, GameSetup(seats=THREE_PEOPLE.seats, seed=app.new_seed()))
        assert match.setup.seed == 11
        app.push(make("board", app, match))
        app.step(DT, draw=False)
        app.store.autosave(match)
        first = deal(match)
    finally:
        app.close()
    again = hosted_app(tmp_path)                         # the next run, with --seed 11 again
    try:
        assert again.store.continue_game()
        continued = again.phones.table.match if again.phones.table else again.stack[-1].match
        assert continued.setup.seed == 11 and deal(continued) == first
        again.push(GameOverScene(again, continued))
        again.top._play_again()
        new = next(s for s in reversed(again.stack) if is_scene(s, "board")).match
        assert new is not continued and new.setup.seed != 11 and deal(new) != first
    finally:
        again.close()


# ------------------------------------------------ the detective report after the game
def test_a_persons_report_after_the_game_is_behind_their_cover_when_others_played():
    """Three people played; a computer took two of their seats over before the end (they left
    their phones, or handed over): the last person's report still opens behind their cover, for
    the others may still be at the table; a taken-over seat's report is the shareable one."""
    from game.ui.board.gameover import GameOverScene
    from game.ui.board.match import Match
    from tests.test_net_tv import THREE_PEOPLE

    app = hosted_app()
    try:
        match = Match(app.board, THREE_PEOPLE)
        match.to_computer(1)
        match.to_computer(2)
        assert match.humans == [0] and match.people_seats() == [0, 1, 2]
        app.push(GameOverScene(app, match))
        app.top.open_report(0)
        assert is_scene(app.top, "cover") and app.top.seat == 0
        assert not any(s.private for s in app.stack)     # nothing private made before the cover is passed
        app.pop(app.top)
        app.top.open_report(1)                           # a computer took it over: its public report
        assert is_scene(app.top, "report") and not app.top.private
    finally:
        app.close()


def test_continue_remembers_a_seat_far_away_before_its_phone_is_back(tmp_path):
    """Quit while Miss Scarlet's far-away phone sleeps, Continue: before her phone says hello again her
    card to show still waits for it (never her cover), as in the game before."""
    app = hosted_app(tmp_path)
    try:
        board, phones, wait = far_disprove(app)
        phones[0].drop()
        app.step(DT, draw=False)
        app.phones._remember()
        app.store.autosave(board.match)
    finally:
        app.close()
    assert json.loads((tmp_path / "autosave.json").read_text())["net"]["far"] == {"0": True}
    again = hosted_app(tmp_path)
    try:
        assert again.store.continue_game()
        assert again.phones.far(0) and not again.phones.far(2) and not again.phones.has_phone(0)
        again.step(DT, draw=False)
        if is_scene(again.top, "phones"):                # the join screen first: Start
            key(again, pygame.K_RETURN, draw=False)
        for _ in range(10):
            again.step(DT, draw=False)
            no_cover_for(again, 0)
        assert is_scene(again.top, "phone_wait") and again.top.seat == 0 and again.top.phone_gone
    finally:
        again.close()


def test_the_card_game_far_seats_card_to_show_is_made_by_the_computer_after_the_wait():
    from game.cardgame import engine as ce
    from tests.test_cardgame_ui import Driver
    from tests.test_net_tv import card_table, ready

    app = hosted_app()
    try:
        table = card_table(app, 6, ("human", "human", "human", "medium"))
        phones = {0: LocalPhone(app.phones, 0, "phone-0", far=True), 2: LocalPhone(app.phones, 2, "phone-2")}
        assert all(p.hello() == "welcome" for p in phones.values())
        app.step(DT, draw=False)
        key(app, pygame.K_RETURN, draw=False)            # the join screen's Start
        g, driver = table.game, Driver(app)
        for _ in range(6000):                            # until Miss Scarlet must show a card on her phone
            top = app.top
            if g.over or (g.phase is ce.Phase.SHOW and g.actor == 0 and is_scene(top, "phone_wait")):
                break
            no_cover_for(app, 0)
            if g.actor in phones and not table.busy and (top is table or is_scene(top, "phone_wait")):
                legal = g.legal_actions()
                action = next(a for k in (ce.Show, ce.Decline, ce.Ask) for a in legal if isinstance(a, k))
                phones[g.actor].act(ce.action_to_dict(action))
                app.step(DT, draw=False)
                continue
            if driver.tops[-1:] != [top]:
                driver.tops.append(top)
            if ready(top):
                driver.act(top)
            else:
                app.step(DT, draw=False)
        wait = app.top
        assert g.phase is ce.Phase.SHOW and g.actor == 0 and is_scene(wait, "phone_wait")
        shows = len(g.actions)
        phones[0].drop()
        for _ in range(int(FAR_WAIT) + 10):              # one-second frames, bounded
            if g.phase is not ce.Phase.SHOW or g.actor != 0:
                break
            app.step(1.0, draw=False)
            no_cover_for(app, 0)
        assert app.phones.stood_in == [0] and isinstance(g.actions[shows], ce.Show)
        assert table.banner.text == "Miss Scarlet's phone did not come back: the computer chose for Miss Scarlet."
    finally:
        app.close()


def test_remote_with_one_person_shows_the_codes_and_the_routers_answer_first():
    """--remote and Play for one person: the join screen comes before the board (the seat's code and
    what the router did for family far away), as for a table of people; without --remote it does not."""
    from game.rules.setup import GameSetup, SeatConfig
    from game.ui.app import App
    from game.ui.board.match import Match
    from game.ui.phones.host import HostOptions
    from game.ui.shell.registry import make

    setup = GameSetup(seats=(SeatConfig("scarlet", "human"), SeatConfig("mustard", "computer", "easy"),
                             SeatConfig("white", "computer", "easy")), seed=6)
    for remote in (True, False):
        app = App(seed=11, sound=False, speed=20.0, threaded_ai=False,
                  host=HostOptions(port=8765, remote=remote, serve=False))
        app.start()
        try:
            board = make("board", app, Match(app.board, setup))
            app.push(board)
            for _ in range(3):
                app.step(DT, draw=False)
            assert is_scene(app.top, "phones") is remote
            if remote:
                assert app.top.host.seats() == (0,)
                key(app, pygame.K_RETURN, draw=False)       # Start: the game goes on
                assert app.top is board or is_scene(app.top, "phone_wait")
        finally:
            app.close()


# ------------------------------------------- the TV and a far seat's turn
def private_for(app, seat: int) -> list[str]:
    """The private screens of ``seat`` open on the TV now (behind a cover or not), by class name."""
    return [type(s).__name__ for s in app.stack
            if (getattr(s, "private", False) and getattr(s, "seat", None) == seat)
            or (is_scene(s, "cover") and s.seat == seat)]


def test_the_tv_never_shows_a_far_seats_private_screens_while_its_phone_plays_the_turn():
    """Miss Scarlet plays from far away: her turn's box offers no "Play here instead", and keys,
    deliberate presses and clicks at the TV (the notebook's key included) open none of her private
    screens -- no cover, no notebook, no picker -- and play nothing of her turn."""
    from tests.test_net_tv import mash

    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        phones[0] = LocalPhone(app.phones, 0, "phone-0", far=True)
        assert phones[0].hello() == "welcome" and app.phones.far(0)
        g = board.game
        for _ in range(3):
            app.step(DT, draw=False)
        wait = app.top
        assert is_scene(wait, "phone_wait") and wait.what == "turn" and wait.seat == 0
        assert "Play here instead" not in shown_words(wait) and wait.focus.buttons == []
        for _ in range(6):                                   # deliberate: a key, quiet, then Enter
            for k in (pygame.K_DOWN, pygame.K_n, pygame.K_TAB):
                key(app, k, draw=False)
                for _ in range(8):
                    app.step(DT, draw=False)
                assert private_for(app, 0) == [], k
            key(app, pygame.K_RETURN, draw=False)
            assert private_for(app, 0) == [] and not app.phones.turn_on_tv(0)
        wait.choose_here()                                   # the button's place, pressed anyway
        mash(app, 120)
        assert private_for(app, 0) == [] and not app.phones.turn_on_tv(0)
        board.open_book(0)                                   # her notebook asked for at the TV: only said why not
        assert private_for(app, 0) == [] and is_scene(app.top, "message")
        assert "Miss Scarlet plays from far away" in app.top.text, app.top.text
        app.pop()
        board.open_book(2)                                   # a seat at home still opens its own, behind its cover
        assert private_for(app, 2) == ["CoverScene"]
        app.pop()
        assert len(g.actions) == 0 and g.actor == 0 and g.phase is Phase.START
        seq = phones[0].act({"type": "Roll"})                # her phone still plays it
        app.step(DT, draw=False)
        assert phones[0].last("ack")["ok"] and len(g.actions) == 1 and phones[0].last("ack")["seq"] == seq
    finally:
        app.close()


def test_a_far_seats_turn_waits_for_its_phone_and_the_tv_plays_none_of_it():
    """Miss Scarlet's far phone sleeps at the start of her turn: keys at the TV play nothing and open
    nothing of hers; the box says the game waits; after the wait the computer takes one step for her
    (never an accusation); her phone back, the turn is hers again."""
    from tests.test_net_tv import mash

    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        phones[0] = LocalPhone(app.phones, 0, "phone-0", far=True)
        assert phones[0].hello() == "welcome"
        g = board.game
        for _ in range(3):
            app.step(DT, draw=False)
        phones[0].drop()
        mash(app, 120)
        wait = app.top
        assert is_scene(wait, "phone_wait") and wait.what == "turn" and wait.phone_gone
        assert private_for(app, 0) == [] and len(g.actions) == 0 and app.phones.holds_turn(0)
        for _ in range(int(FAR_WAIT) + 10):                  # one-second frames, bounded
            if g.actions:
                break
            app.step(1.0, draw=False)
            assert private_for(app, 0) == []
        assert len(g.actions) == 1 and app.phones.stood_in == [0]
        assert type(g.actions[0]).__name__ in ("Roll", "TakePassage")
        back = LocalPhone(app.phones, 0, "phone-0", far=True)
        back.seq = phones[0].seq
        assert back.hello() == "welcome"
        for _ in range(3):
            app.step(DT, draw=False)
        assert is_scene(app.top, "phone_wait") and app.top.what == "turn" and not app.top.phone_gone
    finally:
        app.close()


# ------------------------------------------------ the TV's boxes for phones
def test_the_playing_on_the_phone_box_covers_none_of_the_tables_buttons():
    """Through Miss Scarlet's phone turn (Roll, the walk, the suggestion, the end), every button the
    table shows -- which her controller still presses -- stays clear of the box that says she plays
    on the phone, and the box stays inside the screen."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        g = board.game
        seen = 0
        for _step in range(60):                                        # bounded: one turn is a few actions
            for _ in range(3):
                app.step(DT, draw=False)
            wait = app.top
            if g.turn != 0 or g.over:
                break
            if is_scene(wait, "phone_wait") and wait.what == "turn":
                app.draw()                                             # the table lays its buttons out as it draws
                buttons = [b for b in board.focus.buttons if b.rect.width and b.rect.height]
                assert buttons, "the turn shows its buttons"
                assert not [b.label for b in buttons if b.rect.colliderect(wait.box)], wait.box
                assert pygame.Rect(0, 0, 1280, 720).contains(wait.box)
                seen += 1
            action = next((a for a in g.legal_actions() if isinstance(a, (ra.Roll, ra.EndTurn))), None)
            if g.phase is Phase.MOVE:
                action = ra.Move(*next(iter(g.moves())))
            if action is None:
                action = next(iter(g.legal_actions()))
            phones[0].act(ra.to_dict(action))
        assert seen >= 2
    finally:
        app.close()


def test_the_far_wait_counts_down_the_hosts_own_time():
    """The box of a far seat whose phone sleeps shows the time left before the computer chooses,
    the host's FAR_WAIT less the time gone, a second at a time."""
    app = hosted_app()
    try:
        board, phones, wait = far_disprove(app)
        phones[0].drop()
        app.step(DT, draw=False)

        def shown() -> str:
            return next(w.text for w in wait.words if w.text.startswith("The computer chooses in"))

        total = int(FAR_WAIT)
        assert shown() == f"The computer chooses in {total // 60}:{total % 60:02d}."
        for _ in range(20):                                   # 20 one-second frames
            app.step(1.0, draw=False)
        left = total - 20
        assert shown() == f"The computer chooses in {left // 60}:{left % 60:02d}."
        app.draw()
    finally:
        app.close()


def test_a_second_phone_for_a_far_seat_is_told_on_the_tv_that_the_seat_plays_from_far_away():
    """A second phone from far away asking for a far seat: the TV's question says the seat plays from
    far away, No is the answer Enter gives, and No keeps the far phone.  (A phone in the room is refused
    without asking: tests/test_far_room.py.)"""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        phones[0] = LocalPhone(app.phones, 0, "phone-0", far=True)
        assert phones[0].hello() == "welcome" and app.phones.far(0)
        app.step(DT, draw=False)
        other = LocalPhone(app.phones, 0, "someone-far-away", far=True)
        assert other.hello() == "waiting"
        app.step(DT, draw=False)
        box = app.top
        assert is_scene(box, "confirm") and "plays from far away" in box.detail and "asked you to" in box.detail
        armed(app)                                      # the question takes presses now
        key(app, pygame.K_RETURN, draw=False)          # Enter alone answers No
        app.step(DT, draw=False)
        assert other.closed and app.phones.session.clients[0] == "phone-0" and app.phones.far(0)
    finally:
        app.close()
