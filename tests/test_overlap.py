"""Nothing drawn covers text: the guided game's arrow and
ring, the thinking dots after the whose-turn line, and text beside text.

Every scene reports the marks it draws that are not text through
``Scene.mark_rects()`` (the coach through ``Coach.mark_rects()``).  The words are
measured as they are drawn: each line of text blitted on the screen (its inked
pixels), each button's label and each card's name.  In English, Spanish and
Catalan, normal and large text, no mark may touch a word, and two separate
texts side by side keep apart.
"""

from __future__ import annotations

import os
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules.cards import SUSPECTS  # noqa: E402
from game.storage.settings import Settings  # noqa: E402
from game.ui.draw import layers, theme, widgets  # noqa: E402
from game.ui.draw.widgets import CardButton  # noqa: E402
from game.ui.lesson.pointer import name_box  # noqa: E402
from game.ui.shell.i18n import card, fmt  # noqa: E402
from game.ui.shell.input import Intent, Kind  # noqa: E402
from tests.test_i18n import _app  # noqa: E402

LANGS = ("en", "es", "ca")
SIZES = ("normal", "large")
#: Two texts on one line closer than this (pixels) read as one.
SIDE_GAP = 16


class Recorder(pygame.Surface):
    """The logical screen, remembering where text was blitted (its inked pixels)."""

    def __init__(self, texts: weakref.WeakSet) -> None:
        super().__init__((1280, 720))
        self.texts = texts
        self.words: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):
        drawn = super().blit(source, dest, *args, **kwargs)
        if source in self.texts:
            pos = dest.topleft if isinstance(dest, pygame.Rect) else dest
            ink = source.get_bounding_rect().move(pos)
            if ink.width and ink.height:
                self.words.append(ink)
        return drawn


@pytest.fixture
def recording(monkeypatch):
    """Text surfaces are tagged as :func:`theme.text` makes them; buttons paint
    straight on the screen (not from their cache) so their words are seen too."""
    # the pictures themselves, weakly: an id of a text the cache let go is reused by other pictures
    texts: weakref.WeakSet = weakref.WeakSet()
    real = theme.text

    def tagged(*args, **kwargs):
        surf = real(*args, **kwargs)
        texts.add(surf)
        return surf

    monkeypatch.setattr(theme, "text", tagged)
    monkeypatch.setattr(widgets.Button, "draw", lambda self, surface: self._paint(surface))
    monkeypatch.setattr(layers.PanelLayers, "part", _painted_on_the_screen)
    return texts


def _painted_on_the_screen(self, surface, name, rect, key, paint):
    """A table's kept part (its log, its buttons ...) painted on the screen in every frame,
    not once on the backdrop: so its words are seen as they are drawn."""
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect).clip(clip))
    try:
        return paint(surface)
    finally:
        surface.set_clip(clip)


def card_names(scene) -> list[pygame.Rect]:
    """Where the card buttons' names are (drawn inside the card pictures)."""
    return [name_box(b) for b in getattr(getattr(scene, "focus", None), "buttons", []) if isinstance(b, CardButton)]


def words_on_screen(app, texts) -> list[pygame.Rect]:
    """Draw the whole app (every scene and the coach) and return where the words are."""
    rec = Recorder(texts)
    app.window.surface = rec
    app.draw()
    return rec.words + card_names(app.top)


def assert_clear(words, marks, what) -> None:
    for mark in marks:
        hit = [w for w in words if w.colliderect(mark)]
        assert not hit, (what, mark, hit)


def assert_apart(words, what, gap: int = SIDE_GAP) -> None:
    """No two texts overlap, nor sit closer than ``gap`` pixels side by side on one line
    (a text drawn twice, offset for a shadow, aside)."""
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            if a.contains(b) or b.contains(a) or abs(a.x - b.x) <= 4 and abs(a.y - b.y) <= 4:
                continue
            same_line = min(a.bottom, b.bottom) - max(a.top, b.top) > 4
            assert not (same_line and a.inflate(2 * gap, 0).colliderect(b)) and not a.colliderect(b), \
                (what, a, b)


def _lesson_frames(app, limit: int = 2000):
    """Play the guided game on ``app`` pressing only confirm: yields the coach after every
    three frames (0.1 s each), before the press; ends when the coach goes."""
    for _i in range(limit):
        for _f in range(3):
            app.step(0.1, draw=False)
        if app.coach is None:
            return
        yield app.coach
        app.router.handle(Intent(Kind.CONFIRM, device="keyboard"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_lessons_arrow_and_ring_cover_no_word(recording, lang, size):
    """The whole guided game pressing only confirm: at every frame drawn, the
    coach's ring and arrow touch no text (the arrow covered "Celeste",
    "con", "Solo la", "Mora"; the ring cut the top off the key-hint line)."""
    from game.ui.lesson.coach import start_lesson

    app = _app(settings=Settings(language=lang, text_size=size))
    try:
        app.start()
        start_lesson(app)
        checked = 0
        for coach in _lesson_frames(app):
            words = words_on_screen(app, recording)
            marks = coach.mark_rects()
            assert_clear(words, marks + app.top.mark_rects(), (lang, size, type(app.top).__name__,
                                                          coach.bubble.key if coach.bubble else "pointer"))
            checked += bool(marks)
        assert app.coach is None and checked > 40
    finally:
        app.close()
        theme.set_text_scale(1.0)



@pytest.mark.parametrize("lang", ("en", "es"))
def test_the_lessons_bubble_leaves_the_room_it_talks_about_in_view(recording, lang):
    """At the lesson on making a suggestion ("the room is always the one you are in") the
    bubble, placed once the picker under it is drawn and clear of its words, hides neither
    the room's card nor "You are here..." under it (in Spanish it covered both)."""
    from game.ui.board import picker
    from game.ui.draw import assets
    from game.ui.lesson.coach import play_until, start_lesson

    app = _app(settings=Settings(language=lang))
    try:
        app.start()
        start_lesson(app)
        play_until(app, "suggest")
        coach, top = app.coach, app.top
        app.coach = None
        words = words_on_screen(app, recording)        # the picker's words alone
        app.coach = coach
        words_on_screen(app, recording)                # the first frame with the bubble: placed again
        room = pygame.Rect((1050, picker.ROW_Y[0]), assets.card(top.room, picker.ROOM_CARD).get_size())
        assert not coach.box.colliderect(room), (coach.box, room)
        assert not [w for w in words if w.left >= room.left - 4 and w.colliderect(coach.box)]
        assert not coach.box.colliderect(top.room_card_rect())
    finally:
        app.close()

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", ("shown", "still"))
def test_the_lessons_bubble_on_a_shown_card_leaves_its_sentence_readable(recording, lang, key):
    """On the card shown to you, every part of the lesson's bubble, placed once the screen
    under it is drawn, covers none of its words: it covered the end of "So it is not in the
    envelope..." in English and Spanish."""
    from game.ui.lesson.coach import play_until, start_lesson

    app = _app(settings=Settings(language=lang))
    try:
        app.start()
        start_lesson(app)
        play_until(app, key)
        coach = app.coach
        for part in range(len(coach.parts)):
            if part:
                for _i in range(6):
                    app.step(0.1, draw=False)
                app.router.handle(Intent(Kind.CONFIRM, device="keyboard"))
            assert coach.lesson.key == key and coach.part == part
            coach.reseat, app.coach = False, None
            words = words_on_screen(app, recording)        # the shown card's words alone
            app.coach, coach.reseat = coach, True
            words_on_screen(app, recording)                # the first frame with the bubble: placed again
            assert words and not [w for w in words if w.colliderect(coach.box)], (part, coach.box, words)
    finally:
        app.close()


def _log_heading_and_newest(scene, words, texts) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The words of the board's log heading row ("What happened", the scroll keys: painted once on
    the table's backdrop, so drawn here again on their own) and of its newest entry in ``words``."""
    from game.ui.bases.table import draw_log_frame

    log = scene.hud.log_rect
    frame = Recorder(texts)
    draw_log_frame(frame, log, scene.hint_line())
    head = [w for w in frame.words if w.centery < log.top + 26]
    newest = []
    blocks, view = scene.log_view.blocks, scene.log_view
    if blocks and blocks[-1].index == view.total - 1:
        rows = pygame.Rect(view.area.left, blocks[-1].top, view.area.width, blocks[-1].height)
        newest = [w for w in words if rows.collidepoint(w.center)]
    return head, newest


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("layout", ("standard", "tv"))
def test_the_lessons_bubble_never_hides_the_logs_newest_line_nor_cuts_its_heading(recording, lang, layout):
    """Every part of every lesson on the board, placed once the board under it is drawn: the
    bubble touches none of the words of the log's newest line (the one the lesson talks about:
    in Spanish "Has sacado un 4." hid half of "La Señorita Amapola saca un 4.") nor of the
    log's heading ("Lo que ha pasado" was cut by the bubble's edge), in either layout."""
    from game.ui.lesson.coach import start_lesson
    from game.ui.shell.registry import is_scene

    app = _app(settings=Settings(language=lang, layout=layout))
    try:
        app.start()
        start_lesson(app)
        seen, checked = set(), 0
        for coach in _lesson_frames(app):
            if coach.bubble is not None and coach.bubble.key not in seen and is_scene(app.top, "board"):
                seen.add(coach.bubble.key)
                coach.reseat, app.coach = False, None
                words = words_on_screen(app, recording)        # the board's words alone
                app.coach, coach.reseat = coach, True
                words_on_screen(app, recording)                # the first frame with the bubble: placed again
                head, newest = _log_heading_and_newest(app.top, words, recording)
                if not newest:              # a moment across the whole screen (the suggestion's cut-in)
                    continue
                hidden = [w for w in head + newest if w.colliderect(coach.box)]
                assert not hidden, (lang, layout, coach.bubble.key, coach.box, hidden)
                checked += 1
        assert app.coach is None and checked > 30
    finally:
        app.close()


def _thinking(table, status) -> None:
    """``table`` with a computer player thinking and ``status`` as its whose-turn line."""
    table.computer.pending = object()
    name = "_status" if hasattr(table, "_status") else "status"
    setattr(table, name, lambda: status)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_thinking_dots_never_run_into_the_words(recording, lang, size):
    """The Catalan "decideix si acusa també" ran into the dots.  Every line a
    thinking computer player may show, for every name, in both games."""
    from game.ui.screenshots.screens import build_scene

    app = _app(settings=Settings(language=lang, text_size=size))
    try:
        for scene, lines in (("card-game", ("{name} picks a card to show.", "{name} decides: accuse too?",
                                            "{name} is thinking…")),
                             ("board", ("{name} picks a card to show.", "{name} is thinking…"))):
            build_scene(app, scene, 3)
            table = app.top
            for line in lines:
                for suspect in SUSPECTS:
                    _thinking(table, fmt(line, name=card(suspect)))
                    marks = table.mark_rects()
                    assert len(marks) == 1
                    assert_clear(words_on_screen(app, recording), marks, (lang, size, scene, line, suspect))
                    table.computer.pending = None
    finally:
        app.close()
        theme.set_text_scale(1.0)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_texts_side_by_side_keep_apart(recording, lang, size):
    """With large text the notebook's name and note columns touched,
    and so did "Ocupar un puesto" and "J" on the controls screen.  Every
    notebook row with a note (the longest names), the case file, the controls."""
    from game.ui.bases.match import quick_setup
    from game.ui.board.match import Match
    from game.ui.shell.registry import make

    app = _app(settings=Settings(language=lang, text_size=size))
    try:
        app.start()
        match = Match(app.board, quick_setup(3))
        book = make("notebook", app, match, 0)
        book.auto = {c: "shown:1" for c in book.auto} | {r.data: "hand" for r in book.rows}
        book.auto.update({"scarlet": "shown:1", "peacock": "shown:1", "conservatory": "shown:1"})
        for scene in (book, make("controls", app), make("setup", app), make("settings", app)):
            app.push(scene)
            assert_apart(words_on_screen(app, recording), (lang, size, type(scene).__name__))
            app.pop(scene)
    finally:
        app.close()
        theme.set_text_scale(1.0)


def words_of(scene, texts) -> list[pygame.Rect]:
    """Draw ``scene`` alone and return where its words are."""
    rec = Recorder(texts)
    scene.draw(rec)
    return rec.words + card_names(scene)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_no_text_runs_into_other_text_or_a_mark_on_any_screen(recording, lang, size):
    """Every screen of the text-fit test (both games, every private screen, the
    setup, the rules, the lesson's screens ...): no two texts overlap, and no
    text touches a mark the screen draws (:meth:`Scene.mark_rects`)."""
    from tests.test_ui import _all_scenes

    app = _app(settings=Settings(language=lang, text_size=size))
    try:
        scenes, _match = _all_scenes(app)
        for scene in scenes:
            words = words_of(scene, recording)
            what = (lang, size, type(scene).__name__)
            assert_apart(words, what, gap=0)
            assert_clear(words, scene.mark_rects(), what)
        assert len(scenes) > 60
    finally:
        app.close()
        theme.set_text_scale(1.0)


def test_the_recorder_sees_a_word_under_a_mark(recording):
    """The check can fail: a ring drawn over a label is caught."""
    app = _app(settings=Settings())
    try:
        app.start()
        words = words_on_screen(app, recording)
        assert words
        with pytest.raises(AssertionError):
            assert_clear(words, [words[0].inflate(4, 4)], "title")
    finally:
        app.close()


def _ink_box(a: pygame.Surface, b: pygame.Surface, rows: int) -> pygame.Rect:
    """The smallest rectangle holding every pixel that differs between ``a`` and ``b`` in
    their top ``rows`` rows (empty when none does)."""
    w = a.get_width()
    pa, pb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    xs, ys = [], []
    for y in range(rows):
        ra, rb = pa[y * w * 3:(y + 1) * w * 3], pb[y * w * 3:(y + 1) * w * 3]
        if ra != rb:
            cols = [x for x in range(w) if ra[x * 3:x * 3 + 3] != rb[x * 3:x * 3 + 3]]
            xs += [cols[0], cols[-1]]
            ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if ys else pygame.Rect(0, 0, 0, 0)


@pytest.mark.parametrize("scene_name", ["game-over", "card-over"])
def test_the_winners_portrait_is_as_big_as_the_culprits_and_clear_of_the_words(recording, scene_name):
    """Game over's portrait of the winner stands left of the envelope's cards, as big as the
    culprit's portrait on the right, and no word runs over either; the board game's and the card
    game's screens alike (the card game's scene: everybody lost, a winner is set here)."""
    from game.ui.screenshots.card_screens import build_card_scene
    from game.ui.screenshots.screens import build_scene

    app = _app(settings=Settings())
    try:
        (build_card_scene if scene_name.startswith("card") else build_scene)(app, scene_name, 3)
        over = app.top
        over.winner_suspect = over.winner_suspect or "peacock"
        screen = pygame.Surface((1280, 720))
        over.draw(screen)
        (_w, winner), (_c, culprit) = over.side_pictures()
        assert winner.centerx < 640 < culprit.centerx
        assert winner.width >= culprit.width >= 150 and winner.height >= culprit.height
        plates = [plate for _lines, plate in over.captions()]
        words = [w for w in words_of(over, recording) if w.collidelist(plates) < 0]   # but the pictures' captions
        assert_clear(words, [winner, culprit], (scene_name, "portraits"))
        assert all(r.inflate(16, 16) in over.keep_clear() for r in (winner, culprit))   # confetti keeps off them
    finally:
        app.close()
