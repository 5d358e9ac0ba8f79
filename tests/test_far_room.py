"""A seat played from far away, as the room sees it: a phone at home never takes it (the TV is
not even asked), the Phones screen hides its code unless the host asks for it on purpose, the
join screen's words for family far away, the log keeps whom the computer chose for, and a far
phone away on its own turn is waited for once per turn."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.phones.phone_screens import LocalPhone  # noqa: E402
from game.ui.shell.registry import is_scene, make  # noqa: E402
from tests.inputs import key  # noqa: E402
from tests.test_net_tv import armed, hosted_app, hot_seat  # noqa: E402
from tests.test_ui import DT  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def far_scarlet(app):
    """The hot-seat game (Miss Scarlet and Mrs. White with phones) with Miss Scarlet's phone far away."""
    board, phones = hot_seat(app)
    phones[0] = LocalPhone(app.phones, 0, "phone-0", far=True)       # the same page, now from afar
    assert phones[0].hello() == "welcome" and app.phones.far(0) and not app.phones.far(2)
    app.step(DT, draw=False)
    return board, phones


# --------------------------------------------------- a phone at home asks for a far seat
def test_a_phone_at_home_never_takes_a_far_seat_and_the_tv_is_not_asked():
    """Someone in the room read Miss Scarlet's code (she plays from far away) and opens it on their
    phone: every byte that phone gets is one refusal naming the reason (no seat, no view, no card);
    the TV asks nothing, however the keys are mashed; the far phone keeps the seat."""
    from tests.test_net_tv import mash

    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        token = app.phones.session.tokens[0]
        for lang in ("en", "es", "ca"):
            other = LocalPhone(app.phones, 0, f"in-the-room-{lang}")
            assert other.hello(token.upper(), lang=lang) == "far_seat"
            assert other.raw == [b'{"type":"refused","reason":"far_seat"}'] and other.closed
        app.step(DT, draw=False)
        assert app.phones.session.pending_joins() == []
        mash(app, 60)                                    # whatever is pressed at the TV: no question
        assert not any(is_scene(s, "confirm") for s in app.stack)
        assert app.phones.session.clients[0] == "phone-0" and app.phones.far(0)
        assert app.phones.session.stats["far_refused"] == 3
        assert not phones[0].closed and phones[0].last("refused") is None
    finally:
        app.close()


def test_the_page_says_why_a_far_seat_refused_it_in_each_language():
    """The page's words for that refusal exist in en, es and ca, and the page shows them for the
    reason ``far_seat`` (and does not retry by itself)."""
    words = (ROOT / "game/net/web/i18n.js").read_text(encoding="utf-8")
    found = re.findall(r'far_seat: "([^"]+)"', words)
    assert len(found) == 3 and len(set(found)) == 3, found
    assert "far away" in found[0] and "lejos" in found[1] and "lluny" in found[2]
    page = (ROOT / "game/net/web/app.js").read_text(encoding="utf-8")
    assert 'm.reason === "far_seat"' in page and 'w("far_seat")' in page
    assert 'conn === "far_seat"' in page.split("function stopped()", 1)[1].split("\n", 1)[0]


def test_a_far_phone_asking_for_a_far_seat_gets_the_tvs_question_and_the_page_that_held_it_may_come_home():
    """Another phone from far away asks for Miss Scarlet's seat: the TV asks (No is Enter's answer).
    Her own page (the same client) coming back from home takes the seat back: it is her phone."""
    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        other = LocalPhone(app.phones, 0, "another-far-phone", far=True)
        assert other.hello() == "waiting"
        app.step(DT, draw=False)
        assert is_scene(app.top, "confirm") and "plays from far away" in app.top.detail
        armed(app)                                      # the question takes presses now
        key(app, pygame.K_RETURN, draw=False)           # Enter answers No
        app.step(DT, draw=False)
        assert other.closed and app.phones.session.clients[0] == "phone-0"
        home = LocalPhone(app.phones, 0, "phone-0")     # her own page, from the home's Wi-Fi now
        assert home.hello() == "welcome" and not app.phones.far(0)
    finally:
        app.close()


# ------------------------------------------------------- the Phones screen mid-game
def phones_screen(app, board):
    """The pause menu's Phones… screen over ``board``."""
    screen = make("phones", app, board.match, app.phones, first=False)
    app.push(screen)
    app.step(DT)
    return screen


def words_of(screen) -> str:
    return " ".join(getattr(w, "label", None) or getattr(w, "text", "") for w in screen.widgets())


def test_phones_mid_game_hides_a_far_seats_code_until_asked_and_mashed_keys_never_show_it():
    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        far_path = "/s/" + app.phones.session.tokens[0]
        home_path = "/s/" + app.phones.session.tokens[2]
        assert app.window.get_size() == (1280, 720)     # a click's place is the button's own
        screen = phones_screen(app, board)
        assert far_path not in words_of(screen) and home_path in words_of(screen)
        assert [u for u, _s in screen._codes if far_path in u] == []          # no QR code made of it either
        assert "Miss Scarlet plays from far away, so the code is hidden here." in words_of(screen)
        assert list(screen.show_buttons) == [0] and screen.show_buttons[0].label == "Show link again"
        # mashed: the focus on "Show link again" and Enter, Space and clicks on it again and again
        button = screen.show_buttons[0]
        for i in range(120):
            if app.top is not screen:
                screen = phones_screen(app, board)
                button = screen.show_buttons[0]
            screen.focus.focus_on(button)
            if i % 3 == 2:
                for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
                app.step(DT)
            else:
                key(app, (pygame.K_RETURN, pygame.K_SPACE)[i % 2])
            assert screen.revealed == set() and far_path not in words_of(screen)
            assert [u for u, _s in screen._codes if far_path in u] == []
        # an arrow onto "Show link again" and Enter at once (after a quiet moment): still hidden
        for _ in range(200):                             # bounded: the guard arms after a quiet moment
            if screen.guard.armed:
                break
            app.step(DT)
        screen.focus.focus_on(screen.go)
        app.step(DT)
        for _ in range(len(screen.focus.buttons)):       # arrows until the focus is on it, Enter at once
            if screen.focus.focused is screen.show_buttons[0]:
                break
            key(app, pygame.K_UP)
        assert screen.focus.focused is screen.show_buttons[0]
        key(app, pygame.K_RETURN)
        assert screen.revealed == set() and far_path not in words_of(screen)
        # asked on purpose: quiet, then one press
        for _ in range(200):                             # bounded: the guard arms after a quiet moment
            if screen.guard.armed:
                break
            app.step(DT)
        screen.focus.focus_on(screen.show_buttons[0])
        key(app, pygame.K_RETURN)
        assert screen.revealed == {0} and far_path in words_of(screen)
        app.draw()
        assert [u for u, _s in screen._codes if far_path in u]
        assert "Waits for its phone" not in words_of(screen)
        phones[0].drop()
        app.step(DT)
        assert "Miss Scarlet" in words_of(screen) and "Waits for its phone from far away" in words_of(screen)
        again = phones_screen(app, board)                # a new visit hides it again
        assert far_path not in words_of(again)
    finally:
        app.close()


def test_the_join_screen_after_inviting_family_far_away_says_what_is_true_for_them():
    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        screen = phones_screen(app, board)
        assert "same Wi-Fi" in screen.intro() and "far away" not in screen.intro()
        from game.net.upnp import Outcome

        class Mapped:                                    # the router's answer: the port is forwarded
            port, outcome = 8765, Outcome("mapped", "81.2.69.160:8765", "")

        app.phones.invited = True                        # as "Invite family far away" leaves it
        app.phones.forwarding = Mapped()
        intro = screen.intro()
        assert intro.startswith("In the room, scan your seat's code")
        assert "Family far away open their seat's address from any network: send it only to them." in intro
        assert not intro.startswith("Scan your seat's code with your phone's camera. The phone must be")
        app.phones.forwarding = None
    finally:
        app.close()


def test_far_seat_refusal_bytes_name_nothing_of_the_seat():
    """The refusal a phone at home gets is the same bytes whichever far seat it asked for."""
    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        phones[2] = LocalPhone(app.phones, 2, "phone-2", far=True)
        assert phones[2].hello() == "welcome"
        got = []
        for seat in (0, 2):
            other = LocalPhone(app.phones, seat, f"room-{seat}")
            assert other.hello() == "far_seat"
            got.append(other.raw)
        assert got[0] == got[1] and json.loads(got[0][0]) == {"type": "refused", "reason": "far_seat"}
    finally:
        app.close()


# ------------------------------------------- the computer's choice, kept in the log
STOOD = "Miss Scarlet's phone did not come back: the computer chose for Miss Scarlet."


def test_the_computers_choice_for_a_far_seat_stays_in_the_log_naming_no_card():
    """After the wait the computer shows a card for Miss Scarlet: the banner goes after a moment, but
    the log keeps the line (the seat, no card, no card picture), in the language in use."""
    from game.rules.engine import Phase
    from game.ui.phones.host import FAR_WAIT
    from game.ui.shell.i18n import card as card_name
    from tests.test_phone_table import far_disprove

    app = hosted_app()
    try:
        board, phones, wait = far_disprove(app)
        g, match = board.game, board.match
        phones[0].drop()
        for _ in range(int(FAR_WAIT) + 10):              # one-second frames, bounded
            if g.phase is not Phase.DISPROVE:
                break
            app.step(1.0, draw=False)
        assert app.phones.stood_in == [0]
        for _ in range(20):                              # the banner's time passes
            app.step(1.0, draw=False)
        assert board.banner is None or board.banner.text != STOOD
        entries = [(line, cards) for line, cards in match.log_entries() if line == STOOD]
        assert entries == [(STOOD, ())]
        hand = set(g.view(0).hand) - {"scarlet"}
        assert not any(card_name(c).lower() in STOOD.lower() for c in hand)
        from game.ui.shell.i18n import set_language

        set_language("es")
        try:
            match.retranslate()
            spanish = "El móvil de la Señorita Amapola no ha vuelto: el ordenador ha elegido en lugar de la Señorita Amapola."
            assert match.log.count(spanish) == 1 and STOOD not in match.log, match.log[-6:]
        finally:
            set_language("en")
            match.retranslate()
        assert STOOD in match.log
    finally:
        app.close()


# --------------------------------------------------- a far seat's own turn, phone away
def test_a_far_seats_turn_waits_once_then_the_computer_plays_the_rest_at_its_pace():
    """Miss Scarlet's far phone sleeps at the start of her turn: the game waits FAR_WAIT once, then
    the computer rolls, walks and finishes her turn without waiting again (never accusing); the log
    says it once."""
    from game.rules.engine import Phase
    from game.ui.phones.host import FAR_WAIT

    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        g, match = board.game, board.match
        assert g.turn == 0 and g.phase is Phase.START
        phones[0].drop()
        clock, first = 0.0, None
        for _ in range(int(FAR_WAIT) + 60):              # one-second frames, bounded
            if g.turn != 0 or g.over:
                break
            app.step(1.0, draw=False)
            clock += 1.0
            if first is None and g.actions:
                first = clock
        assert first is not None and FAR_WAIT <= first <= FAR_WAIT + 2
        mine = [a for a in g.actions if type(a).__name__ != "Disprove"]
        assert g.turn != 0 and len(mine) >= 3, mine  # roll, walk, ... end: the whole turn
        assert clock - first <= 20, (clock, first)       # the rest at the computer's pace, not 90 s a step
        assert not [a for a in g.actions if type(a).__name__ == "Accuse"]
        assert [line for line in match.log if line == STOOD] == [STOOD]
        assert app.phones.stood_in.count(0) == len([a for a in g.actions[:len(mine)]])
    finally:
        app.close()


def test_a_far_phone_back_after_the_computers_first_step_plays_the_rest_of_its_turn():
    """The computer took her first step after the wait; her phone comes back: nothing more is
    played for her, however long she thinks, and her phone's action is taken."""
    from game.rules import actions as ra
    from game.ui.phones.host import FAR_WAIT

    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        g = board.game
        phones[0].drop()
        for _ in range(int(FAR_WAIT) + 10):              # one-second frames, bounded
            if g.actions:
                break
            app.step(1.0, draw=False)
        assert len(g.actions) == 1 and g.turn == 0
        back = LocalPhone(app.phones, 0, "phone-0", far=True)
        back.seq = phones[0].seq
        assert back.hello() == "welcome"
        for _ in range(30):                              # 30 s of her thinking: the computer waits
            app.step(1.0, draw=False)
        assert len(g.actions) == 1 and g.turn == 0 and app.phones.stood_in == [0]
        assert type(g.actions[0]).__name__ == "Roll"   # the seed's start: no passage from the start square
        dest = next(iter(g.moves()))
        action = ra.Move(square=dest, room=None) if isinstance(dest, tuple) else ra.Move(square=None, room=dest)
        back.act(ra.to_dict(action))
        app.step(DT, draw=False)
        assert back.last("ack")["ok"] and len(g.actions) == 2, back.last("ack")
    finally:
        app.close()


def test_a_far_phone_that_drops_again_in_its_turn_is_not_waited_for_a_second_time_in_full():
    """Her far phone sleeps 60 s, comes back and rolls, then drops again: the turn's one wait goes on
    from 60 s (the computer walks for her about 30 s later), it does not start again at 90 s."""
    from game.rules import actions as ra
    from game.ui.phones.host import FAR_WAIT

    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        g = board.game
        phones[0].drop()
        for _ in range(60):                              # one-second frames: 60 s asleep
            app.step(1.0, draw=False)
        assert not g.actions and g.turn == 0
        back = LocalPhone(app.phones, 0, "phone-0", far=True)
        back.seq = phones[0].seq
        assert back.hello() == "welcome"
        app.step(DT, draw=False)
        back.act(ra.to_dict(ra.Roll()))
        app.step(DT, draw=False)
        assert back.last("ack")["ok"] and len(g.actions) == 1, back.last("ack")
        back.drop()
        clock = 0.0
        for _ in range(int(FAR_WAIT) + 10):              # bounded: at most the whole wait again
            if len(g.actions) > 1 or g.turn != 0:
                break
            app.step(1.0, draw=False)
            clock += 1.0
        assert len(g.actions) > 1 and app.phones.stood_in == [0]
        assert FAR_WAIT - 60 - 2 <= clock <= FAR_WAIT - 60 + 2, clock
    finally:
        app.close()


# ------------------------------------------------ the TV's layout while a phone holds the turn
def box_clear_of_the_log(wait) -> None:
    """No entry of the log in view is cut by the bottom of ``wait``'s box (its half reads as noise)."""
    view = wait.table.log_view
    for b in view.blocks:
        top, end = max(b.top, view.area.top), b.top + b.height
        assert not (top < wait.box.bottom < end), (wait.box, b.top, b.height, b.lines)


def turn_boxes(app, board, phones, far: bool):
    """Through Miss Scarlet's phone turn (her far phone asleep when ``far``: the computer plays it after
    the wait), yield each "playing on the phone" box once the table has drawn under it."""
    from game.rules import actions as ra

    g = board.game
    if far:
        phones[0].drop()
    for _step in range(40):                                   # bounded: one turn is a few actions
        for _ in range(120):                                  # the table's animations, up to the next wait
            app.step(DT)
            if is_scene(app.top, "phone_wait") or g.turn != 0 or g.over:
                break
        wait = app.top
        if g.turn != 0 or g.over:
            return
        if is_scene(wait, "phone_wait") and wait.what == "turn":
            app.draw()
            yield wait
        if far:
            for _ in range(200):                              # the wait, then the computer's step
                if is_scene(app.top, "phone_wait") and app.top is not wait:
                    break
                app.step(1.0)
            continue
        if g.phase.name == "MOVE":
            dest = next(iter(g.moves()))
            action = ra.Move(square=dest, room=None) if isinstance(dest, tuple) else ra.Move(square=None, room=dest)
        else:
            action = next((a for a in g.legal_actions() if isinstance(a, (ra.Roll, ra.EndTurn))), None)
            action = action or next(iter(g.legal_actions()))
        phones[0].act(ra.to_dict(action))


@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("far", [False, True])
def test_the_turn_box_leaves_the_buttons_the_notebook_and_whole_log_lines_in_view(text_size, far):
    """Through Miss Scarlet's phone turn (her far phone asleep too), normal and large text: the box
    lies on the table's empty felt (beside the die's tray: the whole log stays in view) or, when its
    words do not fit there, over the log panel -- never over a button of the table (My cards &
    notebook included) -- inside the screen, and no log entry is cut in half by its bottom edge."""
    app = hosted_app()
    try:
        app.prefs.set_text_size(text_size, save=False)
        board, phones = far_scarlet(app) if far else hot_seat(app)
        seen, on_felt = 0, 0
        for wait in turn_boxes(app, board, phones, far):
            buttons = [b for b in board.focus.buttons if b.rect.width and b.rect.height]
            assert board.notebook_button in buttons
            assert not [b.label for b in buttons if b.rect.colliderect(wait.box)], (wait.box, text_size)
            assert pygame.Rect(0, 0, 1280, 720).contains(wait.box)
            if wait.box.top < board.log_panel.top:
                assert board.hud.table_rect.contains(wait.box) and not wait.box.colliderect(board.die_rect)
                assert not wait.box.colliderect(board.log_panel)       # the whole log in view
                on_felt += 1
            for line in wait.words:
                assert wait.box.contains(line.rect), line.text
            box_clear_of_the_log(wait)
            seen += 1
        assert seen >= 2
        if not far and text_size == "normal":
            assert on_felt == seen                   # a phone's turn leaves the room the log to read
    finally:
        app.close()


def test_while_a_phone_holds_the_turn_the_tv_shows_only_what_it_can_do():
    """Miss Scarlet's phone plays her turn: the TV shows no Roll, Passage or End turn button and no
    walking hint (its keys act for nobody then), and no "Enter" on the notebook; her turn taken to the
    TV ("Play here instead") brings them back."""
    app = hosted_app()
    try:
        board, phones = hot_seat(app)
        for _ in range(3):
            app.step(DT)
        wait = app.top
        assert is_scene(wait, "phone_wait") and wait.what == "turn" and board.game.phase.name == "START"
        labels = [b.label for b in board.buttons()]
        assert labels == ["My cards & notebook"] and not board.notebook_button.focused
        assert board._help_words() is None
        for _ in range(60):                              # quiet, then a deliberate press
            if wait.guard.armed:
                break
            app.step(DT)
        wait.focus.focus_on(wait.here)
        key(app, pygame.K_RETURN)
        app.step(DT)
        assert app.phones.turn_on_tv(0)
        assert "Roll the die" in [b.label for b in board.buttons()]
    finally:
        app.close()


def test_my_cards_and_notebook_answer_during_a_far_seats_phone_turn():
    """Miss Scarlet plays her turn from far away: N or a click on *My cards & notebook* (still in view
    beside the box) says that only her phone shows her cards; it used to do nothing at all.  Nothing
    of hers opens on the TV."""
    from game.ui.scenes.message import MessageScene
    from game.ui.shell.input import Intent, Kind

    app = hosted_app()
    try:
        board, phones = far_scarlet(app)
        for _ in range(3):
            app.step(DT)
        wait = app.top
        assert is_scene(wait, "phone_wait") and wait.what == "turn"
        for intent in (Intent(Kind.NOTEBOOK, "keyboard"),
                       Intent(Kind.CLICK, "mouse", pos=board.notebook_button.rect.center)):
            app.router.handle(intent)
            box = app.top
            assert isinstance(box, MessageScene), type(box).__name__
            assert box.text == "Miss Scarlet plays from far away: only Miss Scarlet's phone shows Miss Scarlet's " \
                               "cards and notebook."
            assert not any(getattr(s, "private", False) for s in app.stack)
            app.pop(box)
            app.step(DT)
            assert app.top is wait
    finally:
        app.close()


def test_the_far_wait_box_leaves_the_suggestions_cards_in_view():
    """Miss Scarlet (far, phone asleep) must show a card while the suggestion's stage shows its three
    cards: the box goes under them, the weapon card included, in normal and large text."""
    from game.ui.mansion import stage
    from tests.test_phone_table import far_disprove

    for text_size in ("normal", "large"):
        app = hosted_app()
        try:
            app.prefs.set_text_size(text_size, save=False)
            board, phones, wait = far_disprove(app)
            assert board.suggestion_show is not None
            phones[0].drop()
            for _ in range(5):
                app.step(1.0)
            app.draw()
            assert app.top is wait and wait.phone_gone
            for spot in stage.card_spots():
                assert not spot.colliderect(wait.box), (text_size, spot, wait.box)
            assert pygame.Rect(0, 0, 1280, 720).contains(wait.box)
            for line in wait.words:
                assert wait.box.contains(line.rect), line.text
        finally:
            app.close()


@pytest.mark.parametrize("game", ["board", "cards"])
@pytest.mark.parametrize("text_size", ["normal", "large"])
def test_the_turn_box_never_cuts_the_newest_log_entry_whatever_the_log_holds(text_size, game):
    """Entries of one and two lines come into the log while Miss Scarlet plays on her phone (the
    board game, and the card game, whose short log starts at the top of its panel): after each, the
    box's bottom edge lies between two entries, never across one."""
    from game.ui.bases.match import LogNote
    from tests.test_net_tv import card_table

    app = hosted_app()
    try:
        app.prefs.set_text_size(text_size, save=False)
        if game == "board":
            board, phones = hot_seat(app)
        else:
            board = card_table(app, 5, ("human", "human", "medium", "medium"))
            phone = LocalPhone(app.phones, 0, "phone-0")
            assert phone.hello() == "welcome"
            app.step(DT)
            if is_scene(app.top, "phones"):
                key(app, pygame.K_RETURN)               # Start
        for _ in range(3):
            app.step(DT)
        wait = app.top
        assert is_scene(wait, "phone_wait") and wait.what == "turn"
        for k in range(14):
            words = "{name} waits." if k % 3 else "{name} waits while the others look at the board and think it over."
            board.match.add_note(LogNote(words, "mustard"))
            app.step(DT)
            app.draw()
            assert app.top is wait
            box_clear_of_the_log(wait)
    finally:
        app.close()
