"""The board screen's table has no holes and its log no cut lines, measured on
the rendered picture (tools/measure_table.py) as a person would see it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _measure_module():
    spec = importlib.util.spec_from_file_location("measure_table", ROOT / "tools" / "measure_table.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def shot(tmp_path: Path, scene: str, size: str = "1280x720", text_size: str = "normal") -> Path:
    """``scene`` rendered by run.py --screenshot at ``size`` with ``text_size`` text."""
    out = tmp_path / f"{scene}-{size}-{text_size}.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               CLUE_TEXT_SIZE=text_size)
    subprocess.run([sys.executable, str(ROOT / "run.py"), "--screenshot", str(out), "--scene", scene, "--size", size],
                   cwd=ROOT, env=env, check=True, capture_output=True, timeout=180)
    return out


@pytest.mark.parametrize("scene,size,layout", [("board", "1280x720", "standard"), ("board-tv", "1280x720", "tv"),
                                               ("board", "1920x1080", "tv")])
def test_the_board_screen_has_no_flat_hole_and_eight_whole_log_lines(tmp_path: Path, scene, size, layout) -> None:
    m = _measure_module().measure(str(shot(tmp_path, scene, size)), layout)
    x, y, w, h = m["flat"]["rect"]
    assert m["flat"]["square"] <= 150, m["flat"]          # no flat 150 x 150 anywhere on the screen
    assert w * h <= 150 * 150, m["flat"]
    assert m["log"]["clipped"] == 0, m["log"]["bands"]      # the top line was cut in half before
    assert m["log"]["whole"] >= 8, m["log"]["bands"]
    assert min(m["edges"].values()) >= 3.0, m["edges"]


@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("scene,layout", [("board", "standard"), ("board-tv", "tv")])
def test_the_log_shows_every_line_its_panel_fits_besides_the_rules(tmp_path: Path, scene, layout, text_size) -> None:
    """The rules line takes no entry's row: the log shows as many whole entry
    lines as fit between its heading and its key hint (8 in normal text, 6 in
    large), none cut, counted without the rules line."""
    from game.ui.bases.table import log_frame_rows
    from game.ui.board.panels import log_line
    from game.ui.draw import theme
    from game.ui.mansion.boardlayout import STANDARD, TV

    path = shot(tmp_path, scene, text_size=text_size)
    pygame.init()
    theme.set_text_scale(theme.LARGE_SCALE if text_size == "large" else 1.0)
    try:
        top, bottom = log_frame_rows((TV if layout == "tv" else STANDARD).log_rect)
        fit = (bottom - top - theme.font(theme.SMALL).get_height()) // log_line() + 1
        m = _measure_module().measure(str(path), layout)
    finally:
        theme.set_text_scale(1.0)
    assert fit == {"normal": 8, "large": 6}[text_size]
    assert m["log"]["clipped"] == 0, m["log"]["bands"]
    assert m["log"]["whole"] == fit, m["log"]["bands"]


def test_a_log_line_above_the_area_is_left_out_whole() -> None:
    """Scrolled so that an entry starts above the log's area, none of its lines is drawn in part."""
    from game.ui.draw import theme
    from game.ui.draw.logview import LogView

    pygame.init()
    surf = pygame.Surface((600, 300))
    surf.fill((60, 40, 30))
    view = LogView()
    area = pygame.Rect(10, 40, 560, 110)          # 4.4 lines of 25: the oldest in view starts above it
    entries = [(f"Entry number {i} is a long line that takes two lines of the log at this width here", ())
               for i in range(6)]
    view.layout(entries, area, theme.SMALL, 25)
    assert view.blocks[0].top < area.top          # the case the test is about
    view.draw(surf, theme.SMALL, 25)
    m = _measure_module().whole_lines(pygame.surfarray.array3d(surf).transpose(1, 0, 2), tuple(area), 25)
    assert m["clipped"] == 0, m["bands"]
    assert m["whole"] == 4, m["bands"]


@pytest.mark.parametrize("scene", ["card-game", "card-five", "card-question", "card-hotseat"])
def test_the_card_table_has_no_flat_hole_and_framed_panels(tmp_path: Path, scene) -> None:
    """The card table's felt has a nap, the strip under it and the buttons'
    place lie on baize: no flat 150 x 150 anywhere; every panel >= 3:1 at its edge."""
    m = _measure_module().measure_card(str(shot(tmp_path, scene)))
    x, y, w, h = m["flat"]["rect"]
    assert m["flat"]["square"] < 150 and w * h < 150 * 150, m["flat"]   # 210 px square (the strip) before
    assert min(m["edges"].values()) >= 3.0, m["edges"]
    assert m["log"]["clipped"] == 0, m["log"]["bands"]


def test_every_seat_is_a_plaque_with_its_suspects_portrait(tmp_path: Path) -> None:
    """Each seat round the table shows its suspect card's art (its portrait),
    not a letter badge: the plaque's portrait matches the card picture."""
    from game.ui.cardgame import tableview as tv
    from game.ui.draw import assets

    img = pygame.image.load(str(shot(tmp_path, "card-five")))
    pygame.display.set_mode((1, 1))
    seats = ["scarlet", "white", "peacock", "green", "mustard"]   # card-five's seats, in order
    for seat, suspect in enumerate(seats):
        rect = tv.badge_rect(seat, len(seats), 0)
        want = assets.card_picture(suspect, tv.PORTRAIT)      # the suspect card's own picture
        at = want.get_rect(midleft=(rect.left + 5, rect.centery))
        got = img.subsurface(at)
        # inside the frame, clear of the token in the lower right corner: the upper-left three quarters
        box = pygame.Rect(2, 2, tv.PORTRAIT * 3 // 4 - 2, tv.PORTRAIT * 3 // 4 - 2)
        a = pygame.surfarray.array3d(got.subsurface(box)).astype(int)
        b = pygame.surfarray.array3d(want.subsurface(box)).astype(int)
        assert abs(a - b).mean() < 12, (suspect, abs(a - b).mean())   # a letter badge there: 60 and more


def test_the_die_before_any_roll_shows_no_number(monkeypatch) -> None:
    """Before the first roll the die waits in its tray aslant, a "?" for its pips: no face with
    pips (which would read as a roll) is drawn, yet a die is plainly there, as bright as a rolled
    one (a dimmed blank face read as a grey tile)."""
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene
    from game.ui.draw import assets
    from tests.inputs import make_app

    app = make_app()
    try:
        scene = BoardScene(app, Match(app.board, quick_setup(3)))
        app.push(scene)
        faces, real = [], assets.die_face
        monkeypatch.setattr(assets, "die_face", lambda value, size: faces.append(value) or real(value, size))
        app.draw()
        assert not scene.die_value and faces == [], faces             # no number shown before the roll
        surf, r = app.window.surface, scene.die_rect
        light = [surf.get_at((x, y)) for x in range(r.left, r.right) for y in range(r.top, r.bottom)
                 if min(surf.get_at((x, y))[:3]) > 120]
        assert len(light) > 2000, len(light)                          # the die is there (84 px, aslant)
        assert max(sum(c[:3]) / 3 for c in light) > 240               # bright: the rolled face's white
        centre = [surf.get_at((x, y)) for x in range(r.centerx - 12, r.centerx + 12)
                  for y in range(r.centery - 16, r.centery + 16)]
        assert sum(1 for c in centre if sum(c[:3]) / 3 < 160) > 40      # the "?" inked in its middle
    finally:
        app.close()


STATUSES = ("Señorita Amapola, tu turno: tira los dados.", "Elige una casilla o habitación iluminada.",
            "La Senyoreta Amapola ha d'ensenyar una carta.", "Pick a lit square or room.")


@pytest.mark.parametrize("scale", [1.0, "large"], ids=["normal", "large"])
def test_a_long_status_stays_inside_the_whose_turn_panel(scale) -> None:
    """Every whose-turn panel (the board's two layouts, the card table) draws a long status
    inside itself, at 20 px or more, in normal and large text: wrapped onto two lines only
    where both fit the panel's height (in large text two lines of the larger size did not:
    the second was cut by the panel's edge)."""
    from game.ui.bases.table import _status_images, status_width
    from game.ui.cardgame.panels import TURN_RECT
    from game.ui.draw import theme
    from game.ui.mansion import boardlayout

    pygame.init()
    pygame.display.set_mode((1280, 720))
    theme.set_text_scale(theme.LARGE_SCALE if scale == "large" else 1.0)
    try:
        for rect in (boardlayout.STANDARD.turn_rect, boardlayout.TV.turn_rect, TURN_RECT):
            for status in STATUSES:
                for thinking in (False, True):
                    images = _status_images(rect, status, thinking)
                    assert 1 <= len(images) <= 2
                    for img, top in images:
                        assert rect.top + top + img.get_height() <= rect.bottom, (rect, status, top)
                        assert img.get_width() <= status_width(rect, thinking), (rect, status)
                        assert img.get_height() >= theme.font_px(theme.SMALL).get_height() - 1
    finally:
        theme.set_text_scale(1.0)


@pytest.mark.parametrize("which", ["hand", "face up"])
def test_the_card_strip_captions_stay_whole_in_large_text(which: str) -> None:
    """In large text a caption over the card strip is taller than its row: it is drawn over
    the cards' tops, never under them (the cards cut its lower rows)."""
    from game.ui.cardgame import tableview as tv
    from game.ui.draw import theme

    pygame.init()
    pygame.display.set_mode((1280, 720))
    theme.set_text_scale(theme.LARGE_SCALE)
    try:
        surface = pygame.Surface((1280, 720))
        surface.fill((20, 70, 40))
        x, caption = 300, "Face up for everybody"
        if which == "hand":
            tv.draw_hand(surface, x, ["mustard", "library", "rope"], True, caption)
            width = tv.hand_room(3)
        else:
            tv.draw_face_up(surface, x, ("kitchen", "knife"), caption, "none")
            width = tv.STRIP_RECT.right - 12 - x
        img = theme.text(caption, theme.SMALL, theme.BRASS, True, max_width=width)
    finally:
        theme.set_text_scale(1.0)
    top = tv.STRIP_RECT.top + tv.CAPTION_Y
    glyph = [(gx, gy) for gy in range(img.get_height() * 3 // 5, img.get_height()) for gx in range(img.get_width())
             if img.get_at((gx, gy)).a > 200]             # the caption's lowest rows, where the cards reach
    assert len(glyph) > 20
    brass = sum(1 for gx, gy in glyph
                if max(abs(a - b) for a, b in zip(surface.get_at((x + gx, top + gy))[:3], theme.BRASS, strict=True))
                < 40)
    assert brass / len(glyph) > 0.95, brass / len(glyph)


# ------------------------------------------------------------ the TV layout's felt
def _tv_table(players: int, humans: int = 1, size=(1280, 720), layout: str = "tv", language: str = "en"):
    """An app in the TV layout (or ``layout``) in ``language`` and a board game of ``players``
    seats, the first ``humans`` of them people (Miss Scarlet first), the others computer players
    (the first Hard, the rest Simple), seed 5, on top."""
    from game.rules.cards import SUSPECTS
    from game.rules.setup import GameSetup, SeatConfig
    from game.storage.settings import Settings
    from game.ui.app import App
    from game.ui.board.match import Match
    from game.ui.board.table import BoardScene

    app = App(size=size, seed=5, sound=False, speed=20.0, threaded_ai=False,
              settings=Settings(layout=layout, language=language))
    app.start()
    seats = tuple(SeatConfig(s, "human" if i < humans else "computer", "hard" if i == humans else "simple")
                  for i, s in enumerate(SUSPECTS[:players]))
    board = BoardScene(app, Match(app.board, GameSetup(seats=seats, seed=5)))
    app.push(board)
    return app, board


def _moment(board) -> str | None:
    """Which moment of a turn ``board`` shows now: "start" (a person's turn before the roll),
    "rolling" (a person's die rolling: no buttons, no help), "move" (choosing where to go), "room"
    (in a room: Suggest, End turn, Accuse), "computer" (a computer player's turn), or None
    (something else is being played)."""
    from game.rules import events as ev
    from game.rules.engine import Phase

    g = board.game
    if g.over:
        return None
    if board.busy and isinstance(board._playing, ev.DieRolled) and board.match.is_human(g.turn):
        return "rolling"
    if board.anim is not None:
        return None
    if not board.match.is_human(g.turn):
        return "computer"           # its events are being played most of its turn
    if board.busy:
        return None
    if board.human_to_act:
        if g.phase is Phase.START:
            return "start"
        if g.phase is Phase.MOVE:
            return "move"
        if g.phase in (Phase.SUGGEST, Phase.AFTER) and isinstance(g.positions[g.seats[g.actor].suspect], str):
            return "room"
    return None


def _play_through(app, board, seen_room: set):
    """Yield each frame's moment of a person's turns at ``board``: roll, walk into a room when one
    is lit (else to the first lit square), suggest there, show the first card asked for, end the
    turn; the pickers and covers are closed (the table only).  Bounded: 4000 frames."""
    from game.rules.actions import EndTurn, Roll, Suggest
    from game.rules.engine import Phase

    g = board.game
    for _frame in range(4000):
        app.step(1 / 30)
        while app.top is not board:
            app.pop()
        yield _moment(board)
        if g.over:
            return
        if board.human_to_act and not board.busy and board.anim is None:
            here = g.positions[g.seats[g.actor].suspect]
            if g.phase is Phase.START and g.can_roll():
                board.do(Roll())
            elif g.phase is Phase.MOVE:
                dests = list(g.moves())
                rooms = [d for d in dests if isinstance(d, str)]
                board.choose(rooms[0] if rooms else dests[0])
            elif g.phase is Phase.SUGGEST and "room" in seen_room:
                board.do(Suggest("plum", "rope"))
            elif g.phase is Phase.AFTER and ("room" in seen_room or not isinstance(here, str)):
                board.do(EndTurn())
            elif g.phase is Phase.DISPROVE:
                board.do(g.legal_actions()[0])


@pytest.mark.parametrize("layout,players,phone", [("tv", 3, False), ("tv", 6, False), ("tv", 3, True),
                                                   ("standard", 3, False), ("standard", 6, False)])
def test_the_felt_holds_no_bare_hole_at_any_moment_of_a_turn(monkeypatch, layout, players, phone) -> None:
    """The felt under the whose-turn panel (TV: 576 x 326 logical pixels; standard: 570 x 326 with
    the die's tray) is never bare over more than 150 x 150 (tools/measure_table.py's bare felt: the
    picture against the felt painted alone): before the roll, while the die rolls, choosing where
    to go, in a room with its buttons, and during a computer player's turn, at three seats and at
    six, and with the person's turn played on a phone (no buttons on the TV).  Before the seats'
    plaques and the last question were drawn on the TV's felt, choosing where to go left 560 x 200
    of bare baize; before the standard layout had the last question, 430 x 200 under its
    buttons; while the die rolled or a phone played, 340 x 90 above the TV's tray."""
    from game.ui.draw import gfx
    from game.ui.mansion.boardlayout import STANDARD, TV

    m = _measure_module()
    app, board = _tv_table(players, layout=layout)
    if phone:       # Miss Scarlet's whole turn is played on her phone: the TV shows no buttons
        monkeypatch.setattr(app.phones, "plays_turn", lambda table: table.human_to_act and table.game.actor == 0)
    felt = (TV if layout == "tv" else STANDARD).table_rect
    bare: dict[str, tuple] = {}
    try:
        assert board.hud.name == layout
        for moment in _play_through(app, board, bare.keys()):
            if moment is None or moment in bare:
                continue
            app.draw()
            raw = gfx.raw(app.window.surface)
            rgb = pygame.surfarray.array3d(raw).transpose(1, 0, 2)
            bare[moment] = m.bare_felt(rgb, tuple(felt), gfx.output_scale())["rect"]
            if len(bare) == 5:
                break
    finally:
        app.close()
    assert sorted(bare) == ["computer", "move", "rolling", "room", "start"], bare
    for moment, (_x, _y, w, h) in bare.items():
        assert w * h <= 150 * 150, (moment, bare[moment])


def test_the_tv_seats_plaques_say_who_plays_whose_turn_the_cards_held_and_who_is_out(monkeypatch) -> None:
    """Each seat's plaque in the TV layout, in seat order: the suspect, the surname, what plays it
    (a person, a phone while connected, or the computer's level), the cards held, the turn; after
    a wrong accusation has been played, "Out" and the seat greyed; the plaques' words are among
    the labels the text-fit tests measure."""
    from game.rules.actions import Accuse
    from game.rules.cards import ROOMS, SUSPECTS, WEAPONS
    from game.ui.board import feltview

    app, board = _tv_table(3)
    try:
        app.step(1 / 30)
        rows = board.seat_plaques()
        assert rows == [("scarlet", "Scarlet", "Person", 6, True, True, False, ("person", "")),
                        ("mustard", "Mustard", "Hard", 6, False, False, False, ("computer", "hard")),
                        ("white", "White", "Simple", 6, False, False, False, ("computer", "simple"))], rows
        rects = feltview.seat_rects(board.hud, 3)
        assert all(board.hud.seats_rect.contains(r) for r in rects) and rects[0].height == feltview.PLAQUE_H
        words = {w.text for w in board.widgets() if hasattr(w, "text")}
        assert {"Scarlet", "Mustard", "White", "Person", "Hard", "Simple"} <= words
        with monkeypatch.context() as phone:          # a phone connected for Miss Scarlet's seat
            phone.setattr(app.phones, "has_phone", lambda seat: seat == 0)
            assert board.seat_plaques()[0][2] == "Phone" and board.seat_plaques()[0][7] == ("phone", "")
        wrong = next((s, w, r) for s in SUSPECTS for w in WEAPONS for r in ROOMS if (s, w, r) != board.game.envelope)
        board.do(Accuse(*wrong))
        for _frame in range(600):                   # bounded: the accusation played, the next turn's start
            app.step(1 / 30)
            while app.top is not board:             # the verdict's screen, read and closed
                app.pop()
            if not board.busy and board.seat_plaques()[0][6]:
                break
        scarlet = board.seat_plaques()[0]
        assert scarlet[2] == "Out" and scarlet[6] and not scarlet[4] and scarlet[7] == ("", ""), scarlet
        assert sum(row[4] for row in board.seat_plaques()) == 1              # the turn has passed on
    finally:
        app.close()


@pytest.mark.parametrize("layout,turn_buttons,players", [("tv", None, 4), ("tv", 4, 4), ("tv", None, 6),
                                                          ("standard", None, 4), ("standard", 4, 4)])
def test_nothing_private_reaches_the_felt_with_phones_and_hot_seat(monkeypatch, layout, turn_buttons,
                                                                    players) -> None:
    """At a hot-seat table of two people whose seats also have phones, what the felt draws in
    either layout (the plaques and their marks, the last question in its tray, low or tall, the
    buttons' words) names no card any seat holds or was shown, only the three cards a suggestion
    named aloud: a card shown in secret stays off it even when the event that reached the table
    carries it (the panel reads who showed, never which card), and the plaques give the number of
    cards held, never the cards.  ``turn_buttons``: four of the turn's buttons over the tray
    (its lowest, the answer a token and a card's back)."""
    from game.rules import events as ev
    from game.ui.board import feltview
    from game.ui.board.panels import button_rect
    from game.ui.draw import assets, theme
    from game.ui.draw.widgets import Button
    from game.ui.shell.i18n import card

    app, board = _tv_table(players, humans=2, layout=layout)
    try:
        monkeypatch.setattr(app.phones, "has_phone", lambda seat: seat < 2)
        g, m = board.game, board.match
        hands = {c for seat in g.seats for c in seat.hand}
        named = ("mustard", "rope", "kitchen")
        secret = next(c for c in sorted(hands) if c not in named and c not in {s.suspect for s in g.seats})
        m.log_events.append(ev.SuggestionMade(player=0, suspect=named[0], weapon=named[1], room=named[2]))
        m.log_events.append(ev.CardShown(by=1, to=0, card=secret))      # as the receiver's own event would
        words: list[str] = []
        pictures: list[str] = []
        real_text, real_wrapped, real_picture = theme.blit_text, theme.blit_wrapped, assets.card_picture
        monkeypatch.setattr(theme, "blit_text", lambda s, t, *a, **k: words.append(t) or real_text(s, t, *a, **k))
        monkeypatch.setattr(theme, "blit_wrapped", lambda s, t, *a, **k: words.append(t) or real_wrapped(s, t, *a, **k))
        monkeypatch.setattr(assets, "card_picture", lambda c, size: pictures.append(c) or real_picture(c, size))
        board.refresh_buttons()
        if turn_buttons:
            board.focus.set([Button(button_rect(board.hud, i), "Button", lambda: None) for i in range(turn_buttons)]
                            + [board.notebook_button])
        shown = board.question_shown()
        board._paint_seats(app.window.surface, board.seat_plaques())      # what the felt draws, and only that
        board._paint_controls(app.window.surface, board._help_words(), shown)
        assert shown is not None and shown[1] == feltview.Question("scarlet", named, "mustard", True)
        assert (shown[0].height < feltview.QUESTION_H) == bool(turn_buttons), shown
        assert set(pictures) <= set(named) and pictures, pictures
        text = " ".join(words)
        assert turn_buttons or "Colonel Mustard showed a card." in text
        held = [c for c in sorted(hands) if c not in named and c not in {s.suspect for s in g.seats}]
        assert secret in held
        for c in held:                  # no held card but the seats' own suspects is named on the felt
            assert card(c) not in text, (c, text)
        for row in board.seat_plaques():
            assert set(row) & hands <= {row[0]}, row      # a count, never a card (the suspect is the seat's own)
    finally:
        app.close()


@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_last_question_stays_inside_its_tray_at_every_size_it_takes(lang, text_size) -> None:
    """The tray with the last suggestion, at each size the felt gives it (the TV's column beside
    the seats, 332 wide, and the standard layout's under its buttons, 428; from one line of cards,
    40 high, to the whole column, 258), before any suggestion, before its answer, answered and
    answered by nobody: nothing is drawn outside the tray -- "No suggestion yet." beside three
    "?" cards once put "suggestion" over the tray's edge, a word too long for the column left
    beside the cards."""
    from game.text import i18n
    from game.ui.board.feltview import Question, draw_question
    from game.ui.draw import theme
    from tests.inputs import make_app

    app = make_app()
    i18n.set_language(lang)
    theme.set_text_scale(theme.LARGE_SCALE if text_size == "large" else 1.0)
    try:
        cards = ("peacock", "candlestick", "billiard_room")
        for q in (None, Question("scarlet", cards, None, False), Question("scarlet", cards, "plum", True),
                  Question("scarlet", cards, None, True)):
            for w in (332, 344, 428):
                for h in (40, 44, 52, 60, 80, 92, 96, 110, 130, 150, 200, 258):
                    surf = pygame.Surface((w + 80, h + 80))
                    surf.fill((255, 0, 255))
                    tray = pygame.Rect(40, 40, w, h)
                    draw_question(surf, tray, q)
                    drawn = pygame.mask.from_threshold(surf, (255, 0, 255), (1, 1, 1, 255))
                    drawn.invert()              # the pixels drawn on
                    inside = pygame.mask.Mask(surf.get_size())
                    inside.draw(pygame.mask.Mask(tray.size, fill=True), tray.topleft)
                    assert drawn.count() == drawn.overlap_area(inside, (0, 0)), (lang, q, w, h)
    finally:
        theme.set_text_scale(1.0)
        i18n.set_language("en")
        app.close()


def _with_turn_buttons(board, n: int) -> None:
    """``board`` showing ``n`` of the turn's buttons and the notebook's, as at a turn's start in a
    corner room the person was brought into (Roll, Secret passage, Suggest, Accuse)."""
    from game.ui.board.panels import button_rect
    from game.ui.draw.widgets import Button

    board.refresh_buttons()
    board.focus.set([Button(button_rect(board.hud, i), "Button", lambda: None) for i in range(n)]
                    + [board.notebook_button])


@pytest.mark.parametrize("layout", ["tv", "standard"])
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_last_question_keeps_its_cards_under_three_and_four_buttons(monkeypatch, lang, layout) -> None:
    """Under three of the turn's buttons the last question's tray shows its three cards and the
    answer in words (in Spanish the heading on two lines once left no room for the cards: the
    heading goes first); under four, a tray as low as one line of cards stays, the answer in words
    beside them or, too long for its line, a mark after them (the token of the seat that showed,
    and a card's back) -- it vanished before."""
    from game.rules import events as ev
    from game.ui.board import feltview
    from game.ui.draw import assets, theme

    app, board = _tv_table(4, layout=layout, language=lang)
    try:
        m = board.match
        named = ("peacock", "candlestick", "billiard_room")
        m.log_events.append(ev.SuggestionMade(player=1, suspect=named[0], weapon=named[1], room=named[2]))
        m.log_events.append(ev.CardShown(by=3, to=1, card="rope"))
        pictures: list[str] = []
        tokens: list[str] = []
        words: list[str] = []
        real_picture, real_token, real_wrapped = assets.card_picture, assets.token, theme.blit_wrapped
        monkeypatch.setattr(assets, "card_picture", lambda c, size: pictures.append(c) or real_picture(c, size))
        monkeypatch.setattr(assets, "token", lambda c, size: tokens.append(c) or real_token(c, size))
        monkeypatch.setattr(theme, "blit_wrapped", lambda s, t, *a, **k: words.append(t) or real_wrapped(s, t, *a, **k))
        _, answer = feltview.question_words(feltview.Question("mustard", named, "green", True))
        for n in (3, 4):
            pictures.clear(), tokens.clear(), words.clear()
            _with_turn_buttons(board, n)
            shown = board.question_shown(None)
            assert shown is not None, (n, lang, layout)
            feltview.draw_question(app.window.surface, *shown)
            assert pictures == list(named), (n, lang, layout, pictures)
            if n == 3:
                assert answer in words, (lang, layout, words)
            else:
                # the answer beside the cards where its words fit on their line (the standard's wider tray)
                assert (tokens == ["green"]) != (answer in words), (lang, layout, tokens, words)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_six_seats_plaques_show_what_plays_each_seat_as_a_mark(lang) -> None:
    """At six seats a plaque is too low for the kind's line ("Person", "Phone", the level): a mark
    says it between the name and the cards held -- a person's head and shoulders, a computer's
    screen with as many of five bars lit as its level is strong -- in the words' muted ink; the
    name's label leaves it room (the text-fit tests measure it)."""
    from game.ui.board import feltview
    from game.ui.draw import tabletop, theme

    app, board = _tv_table(6, language=lang)
    try:
        app.step(1 / 30)
        rows = board.seat_plaques()
        assert [r[7] for r in rows] == [("person", ""), ("computer", "hard")] + [("computer", "simple")] * 4, rows
        rects = feltview.seat_rects(board.hud, 6)
        assert tabletop.plaque_lines(rects[0].height) == 1
        surface = pygame.Surface((1280, 720))
        board._paint_seats(surface, rows)
        lit = {}
        for rect, row in zip(rects, rows, strict=True):
            mark = pygame.Rect(rect.right - tabletop.HELD_W - 4 - tabletop.KIND_MARK,
                               rect.centery - tabletop.KIND_MARK // 2, tabletop.KIND_MARK, tabletop.KIND_MARK)
            px = [surface.get_at((x, y))[:3] for x in range(mark.left, mark.right) for y in range(mark.top, mark.bottom)]
            muted = sum(1 for c in px if max(abs(a - b) for a, b in zip(c, theme.MUTED, strict=True)) < 30)
            assert muted > 40, (row, muted)
            # the bars lit: the brass columns of the screen (none on a person's mark)
            lit[row[0]] = len({x for x in range(mark.left, mark.right) for y in range(mark.top, mark.bottom)
                               if max(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], theme.BRASS,
                                                                 strict=True)) < 30})
        assert lit["scarlet"] == 0 and 0 < lit["white"] == lit["plum"] and lit["mustard"] >= 4 * lit["white"], lit
        labels = {w.text: w.rect for w in board.widgets() if hasattr(w, "text")}
        for rect, row in zip(rects, rows, strict=True):
            assert labels[row[1]].right <= rect.right - tabletop.HELD_W - 4 - tabletop.KIND_MARK - 4, row
    finally:
        app.close()


@pytest.mark.parametrize("layout", ["tv", "standard"])
@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_move_help_names_the_key_for_a_room_to_head_for(lang, layout) -> None:
    """While a person picks where to go, the panel's help says how (click, arrows, Enter) and,
    where it leaves the last question room, that Tab picks a room to head for."""
    from game.rules.actions import Roll
    from game.rules.engine import Phase
    from game.ui.shell import prompts
    from game.ui.shell.i18n import _

    app, board = _tv_table(3, layout=layout, language=lang)
    try:
        app.step(1 / 30)
        board.do(Roll())
        for _frame in range(300):           # bounded: the roll played
            app.step(1 / 30)
            if board.game.phase is Phase.MOVE and not board.busy:
                break
        words = board._help_words()
        assert words is not None
        tab = prompts.fmt(_("{room}: a room to head for."))
        assert "Tab" in tab and words[0].endswith(" " + tab), words
        assert board.question_shown() is not None
    finally:
        app.close()


def test_the_measures_work_after_an_app_closed_in_the_same_process(tmp_path: Path) -> None:
    """tools/measure_table.py in a process where an app drew and closed (pygame's fonts quit):
    it measures the log's lines as it does alone, instead of failing on a cached font (it did
    when the i18n tests ran before these in one process)."""
    from game.ui.draw import theme
    from tests.inputs import make_app

    app = make_app()
    theme.font(theme.SMALL).get_height()          # a font cached by the app...
    app.close()
    pygame.quit()                                 # ...and pygame quit after it, as a test may
    m = _measure_module().measure(str(shot(tmp_path, "board")), "standard")
    assert m["log"]["whole"] >= 8, m["log"]
