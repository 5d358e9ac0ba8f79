"""The guided first game on screen: the coach that shows the lessons of
:mod:`game.learning.tutorial` one at a time and points at the thing to press.

* :class:`GuidedMatch` is a :class:`~game.ui.board.match.Match` whose computer
  players follow :data:`game.learning.tutorial.SCRIPT` (:class:`ScriptedPlayer`) and
  that saves itself to the lesson file, never over the family's autosave.
* :class:`Coach` sits on the :class:`~game.ui.app.App` above every scene
  (``app.coach``).  When a lesson is due it shows a speech bubble (a long
  lesson in parts of whole sentences, each at most :data:`BUBBLE_SECONDS` to
  say, confirm going to the next) and holds the game still until confirm; then it keeps the focus on the one thing to
  press next (a button, a card, a square of the board), circles it and points
  at it with an arrow.  Pressing only confirm plays the whole guided game.
* :func:`start_lesson` opens it from the title screen (asking first whether to
  go on with a lesson left half way).
"""

from __future__ import annotations

import dataclasses
import logging
import math

import pygame

from game.learning import tutorial
from game.rules.actions import Move
from game.rules.cards import SUSPECTS
from game.storage.files import may_be_there
from game.ui.board.match import Match
from game.ui.draw import gfx, theme
from game.ui.draw.widgets import spatial_next, wrong_press_words
from game.ui.lesson import pointer
from game.ui.shell import prompts
from game.ui.shell.i18n import _, fmt
from game.ui.shell.input import DIRECTIONS, Intent, Kind
from game.ui.shell.registry import is_scene, make
from game.ui.shell.scene import OPEN_NOTEBOOK

log = logging.getLogger(__name__)

#: Width of the speech bubble (logical pixels).
BUBBLE_W = 564
#: How much wider and taller than the thing pointed at the room a bubble keeps clear is (logical
#: pixels): the ring and the arrow (56 long) on either side of it.
POINTER_CLEAR = 150
#: How much wider and taller than the next thing to press the room a bubble keeps clear is while
#: nothing points at it yet (logical pixels): its focus glow and a little air.
TARGET_CLEAR = 24
#: A line of text the bubble would hide counts this many times its area against a place: a
#: word hidden is worse than a button's or a card's plain face.
WORDS_WEIGH = 4
#: Seconds a new bubble ignores confirm, so a key held to hurry the game never skips a lesson unread.
READ_GUARD = 0.4
#: Seconds of speech (espeak-ng's default rate) one bubble holds at most: a child who listens follows one
#: short part at a time, so a longer lesson is shown in parts, each read and closed with confirm.
BUBBLE_SECONDS = 8.0


def bubble_parts(text: str, lang: str) -> list[str]:
    """``text`` cut at its sentence ends (:func:`game.ui.voice.speech.sentences`)
    into parts of whole sentences, in order, each at most
    :data:`BUBBLE_SECONDS` to say in ``lang``
    (:func:`game.ui.voice.speech.estimate_seconds`); a single longer sentence is a
    part of its own.  An empty text is one empty part."""
    from game.ui.voice.speech import estimate_seconds, sentences

    parts: list[str] = []
    for sentence in sentences(text):
        if parts and estimate_seconds(parts[-1] + " " + sentence, lang) <= BUBBLE_SECONDS:
            parts[-1] += " " + sentence
        else:
            parts.append(sentence)
    return parts or [text]


def lesson_parts(lesson: tutorial.Lesson, lang: str) -> list[str]:
    """The parts (:func:`bubble_parts`) ``lesson`` is shown in, translated to
    ``lang`` (the current language) with its device words
    (:func:`game.ui.shell.prompts.fmt`).  A lesson that talks about a place
    (:attr:`~game.learning.tutorial.Lesson.point`) and then asks for a press
    has that last sentence as a part of its own, so the arrow moves from the
    place to the thing to press with the words."""
    from game.ui.voice.speech import sentences

    text = prompts.fmt(_(lesson.text))
    said = sentences(text)
    if lesson.press and (lesson.point is not None or lesson.sentence_points) and len(said) > 1:
        return bubble_parts(" ".join(said[:-1]), lang) + [said[-1]]
    return bubble_parts(text, lang)


def lesson_steps(lang: str) -> list[int]:
    """How many parts each lesson of :data:`game.learning.tutorial.LESSONS` is
    shown in (:func:`lesson_parts`), in order: the steps the bubble's head
    counts ("Learning to play: 5 of 50"), each part once."""
    return [len(lesson_parts(ls, lang)) for ls in tutorial.LESSONS]


class ScriptedPlayer:
    """A computer player of the guided game: it plays the next action of
    :data:`game.learning.tutorial.SCRIPT` (``index`` is set before each choice to the
    number of actions played).  Should the game ever leave the script, it
    plays like a medium computer player instead, from its view only."""

    def __init__(self, seat: int, seed: int) -> None:
        from game.ai.simple import make_player

        self.seat = seat
        self.index = 0
        self.fallback = make_player("medium", seed)

    def restore(self, view) -> None:
        """Nothing to rebuild: the script is the memory (the fallback rebuilds its own)."""
        restore = getattr(self.fallback, "restore", None)
        if restore is not None:
            restore(view)

    def choose(self, view, legal):
        """The scripted action when it is this seat's and of a legal kind, else the fallback's choice."""
        step = tutorial.next_action(self.index)
        if step is not None and step[0] == self.seat and type(step[1]) in {type(a) for a in legal}:
            action = step[1]
            if not isinstance(action, Move) or (action.room or action.square) in view.moves:
                return action
        return self.fallback.choose(view, legal)


class GuidedMatch(Match):
    """The match of the guided game (setup :data:`game.learning.tutorial.SETUP`).
    ``seen`` holds the keys of the lessons already shown; :meth:`save_to`
    writes the lesson file."""

    guided = True

    def __init__(self, board, setup=tutorial.SETUP, devices=None, **kw) -> None:
        super().__init__(board, setup, devices, **kw)
        self.players = {seat: ScriptedPlayer(seat, i) for i, seat in enumerate(self.players)}
        self.seen: list[str] = []

    def _ready(self, seat: int, view):
        player = super()._ready(seat, view)
        if isinstance(player, ScriptedPlayer):     # a seat handed to a computer player plays on its own
            player.index = len(self.game.actions)
        return player

    def state(self) -> tutorial.LessonState:
        """The lesson file's contents: actions played and lessons seen."""
        return tutorial.LessonState(list(self.game.actions), list(self.seen))

    def save_to(self, path) -> None:
        """Keep the lesson in ``path`` (removed once the game is won).  Raises ``OSError``."""
        if self.game.over:
            path.unlink(missing_ok=True)
        else:
            tutorial.save_lesson(path, self.state())


def start_lesson(app) -> None:
    """Open the guided game from the title screen.  A lesson left half way is
    offered first ("go on, or start again?"); a damaged lesson file is kept
    aside and said on screen, and a new lesson starts."""
    path = app.store.lesson_path
    if path is not None and may_be_there(path):
        try:
            state = tutorial.load_lesson(path)
        except tutorial.LessonError as exc:
            from game.storage.files import quarantine

            log.warning(exc.for_log())
            kept = None
            if exc.movable:                 # not a named pipe or a folder: those are never moved
                try:
                    kept = quarantine(path)
                except OSError as err:
                    log.warning(f"lesson {path}: not moved aside ({err})")
            _open(app, None)
            if kept is not None:
                text = fmt("The lesson you left could not be read: {problem}. It was kept as "
                           "{name}. A new lesson starts.", problem=exc.said(), name=kept.name)
            else:                           # a pipe is then replaced by the new lesson's file, a folder stays
                text = fmt("The lesson you left, {name}, could not be read: {problem}. A new lesson starts.",
                           problem=exc.said(), name=path.name)
            app.push(make("message", app, text, title=_("A file was damaged")))
            return
        if state.actions:
            app.push(make("lesson_choice", app, lambda: _open(app, state), lambda: _open(app, None)))
            return
    _open(app, None)


def _open(app, state: tutorial.LessonState | None) -> None:
    """Push the board of the guided game (resumed from ``state``) with its coach."""
    from game.storage.save import SavedGame

    if state is None:
        match = GuidedMatch(app.board)
    else:
        resumed = GuidedMatch.resume(app.board, SavedGame(tutorial.SETUP, list(state.actions)), app.store.lesson_path)
        assert isinstance(resumed, GuidedMatch)      # resume builds the class it is called on
        match = resumed
        match.seen = list(state.seen)
    device = app.router.last_device               # opened with a controller: that controller plays Miss Scarlet
    if device.startswith("pad:") and device in app.pads:
        match.give_device(tutorial.YOU, device)
    app.coach = Coach(app, match, resumed=state is not None)
    app.push(make("board", app, match))


class Coach:
    """Shows the lessons of one :class:`GuidedMatch` and points at the next
    thing to press.  The app calls :meth:`update` before the top scene's
    update (which it skips while :attr:`blocking`), :meth:`handle` before the
    top scene sees an intent, and :meth:`draw` after every scene is drawn."""

    def __init__(self, app, match: GuidedMatch, resumed: bool = False) -> None:
        self.app = app
        self.match = match
        self.bubble: tutorial.Lesson | None = None   # the part on screen (key "<lesson>:2" from the 2nd part on)
        self.lesson: tutorial.Lesson | None = None   # the lesson it is a part of
        self.parts: list[str] = []
        self.part = 0
        self.bubble_text = ""
        self.box = pygame.Rect(0, 0, 0, 0)   # the bubble on screen (logical pixels)
        self.reseat = False            # place the bubble again once the screen under it is drawn
        self.pointed: pygame.Rect | None = None   # what it points at, kept clear
        self.subject = False           # pointed is the place the part talks about (a short arrow beside it)
        self.step: tuple[int, int] | None = None   # the part's step of all the lessons' parts: (n, total)
        self.point_way: tuple[int, int] = (0, 1)   # the way the arrow at a lesson's square points
        self.bubble_age = 0.0          # seconds the bubble has been on screen
        self.target: pygame.Rect | None = None
        self.t = 0.0
        self.nudge = 0.0
        self.notebook_at = -1          # actions played when the notebook was last opened
        self.ring: int | None = None   # the pointer drawn last frame: the ring's margin, the arrow's (side, length)
        self.arrow: tuple[str, int] | None = None
        self.placed: pygame.Rect | None = None
        self.welcome_back = resumed

    # ----------------------------------------------------------- state
    @property
    def blocking(self) -> bool:
        """True while a lesson is on screen: the game waits for confirm."""
        return self.bubble is not None

    def screen(self) -> str | None:
        """Which of the lessons' screens is on top (see :class:`game.learning.tutorial.Lesson`), or None."""
        top = self.app.top
        if is_scene(top, "board"):
            if top.match is not self.match or top.busy or top.game.over:
                return None
            return "board" if top.human_to_act else "watch"
        if is_scene(top, "picker"):
            return "picker" if top.mode == "suggest" else "accuse"
        if is_scene(top, "accuse_confirm"):
            return "accuse"                # the accusation's last question: the coach points at Yes
        flip = getattr(top, "flip", None) if is_scene(top, "shown_card") else None
        if flip is not None and not flip.done:
            return None                    # the card turns face up before a lesson talks about it
        for scene, name in (("disprove", "disprove"), ("shown_card", "shown"), ("notebook", "notebook"),
                            ("envelope", "envelope"), ("game_over", "over")):
            if is_scene(top, scene):
                return name
        return None

    @property
    def done(self) -> int:
        """Actions of the script played so far."""
        return len(self.match.game.actions)

    def update(self, dt: float) -> None:
        """Raise the next lesson that is due, or keep the focus on the thing to press."""
        self.t += dt
        self.nudge = max(0.0, self.nudge - dt)
        self.bubble_age += dt
        self.refresh()

    def holds(self) -> bool:
        """Asked by the board before a computer player acts or a private screen
        opens: True (wait) when a lesson is due first."""
        self.refresh()
        return self.blocking

    def refresh(self) -> None:
        """Raise the lesson due on the screen on top, else aim at the thing to press."""
        if self.match.closed:              # the board was left: the lesson is saved, the coach goes
            if self.app.coach is self:
                self.app.coach = None
                s = self.app.store.settings      # played to its end, speaking: keep read aloud on in other games?
                if self.match.game.over and s.read_aloud_lesson and not s.read_aloud and self.app.top is not None:
                    self.app.push(make("voice_offer", self.app, after_lesson=True))
            return
        screen = self.screen()
        if screen == "notebook":
            self.notebook_at = self.done
        if self.bubble is not None and self.bubble.screen != screen:
            self.bubble = None             # another screen came on top (the pause menu): ask again later
        if self.bubble is None and screen is not None:
            due = [ls for ls in tutorial.lessons_at(self.done, screen) if ls.key not in self.match.seen]
            if self._notebook_first():
                due = []                   # first open the notebook, as the last lesson asked
            back = _("Welcome back! The lesson goes on where you stopped.") + " " if self.welcome_back else ""
            if due:
                self._raise(due[0], back)
            elif back:                     # resumed between two lessons: say so before the bare arrow
                self._raise(tutorial.Lesson("welcome-back", self.done, screen,
                                            back + _("The arrow shows what to press next."), press=True), "")
        self.target = None if self.bubble is not None else self._aim(screen)

    def _raise(self, lesson: tutorial.Lesson, back: str) -> None:
        """Show ``lesson`` in its parts (:func:`lesson_parts`), ``back`` (the
        welcome back, or "") before its first part: the parts, and so the
        steps counted, are the same with it or without."""
        from game.ui.shell.i18n import language

        self.lesson, self.parts = lesson, lesson_parts(lesson, language())
        self.parts[0] = back + self.parts[0]
        self.step = None
        number = next((i for i, ls in enumerate(tutorial.LESSONS) if ls is lesson), None)
        if number is not None:
            steps = lesson_steps(language())
            self.step = (sum(steps[:number]) + 1, sum(steps))
        self.welcome_back = False
        self._show_part(0)

    def _show_part(self, i: int) -> None:
        """Show part ``i`` of the lesson raised; where it goes and what it
        points at are worked out once here, not in every frame."""
        lesson = self.lesson
        assert lesson is not None        # raised before its parts are shown
        self.part = i
        self.bubble = lesson if i == 0 else dataclasses.replace(lesson, key=f"{lesson.key}:{i + 1}")
        self.bubble_text, self.bubble_age = self.parts[i], 0.0
        # the thing to press while the part asks for it, else the place the lesson talks about (or nothing)
        asks = lesson.press and i == len(self.parts) - 1
        talks_of = None if asks else self._part_point(i)
        place = None if talks_of is None else self._board_place(talks_of)
        # a place on the board gets the short arrow beside it; one on the panel the pointer of a button
        self.subject = place is not None and self._on_board(place)
        self.pointed = self._aim(lesson.screen) if asks else place
        self.box = self.bubble_rect()
        self.reseat = True       # placed again on the first frame drawn, clear of the words it shows
        if self.subject and self.pointed is not None:
            self.point_way = self._point_way(self.pointed)

    def _part_point(self, i: int):
        """What part ``i`` of the lesson raised talks about: with
        :attr:`~game.learning.tutorial.Lesson.sentence_points`, the place of its last
        sentence that names one, else the lesson's
        :attr:`~game.learning.tutorial.Lesson.point` (also where the translation has
        another number of sentences than the English)."""
        from game.ui.shell.i18n import language
        from game.ui.voice.speech import sentences

        lesson = self.lesson
        assert lesson is not None        # raised before its parts are shown
        parts = lesson_parts(lesson, language())     # without the welcome back before the first
        counts = [len(sentences(p)) for p in parts]
        if not lesson.sentence_points or sum(counts) != len(lesson.sentence_points):
            return lesson.point
        first = sum(counts[:i])
        named = [p for p in lesson.sentence_points[first:first + counts[i]] if p is not None]
        return named[-1] if named else lesson.point

    def _on_board(self, rect: pygame.Rect) -> bool:
        """True when ``rect`` (logical pixels) lies on the board on top."""
        view = getattr(self.app.top, "view", None)
        return view is not None and view.rect.contains(rect)

    def _board_place(self, place) -> pygame.Rect | None:
        """The rectangle (logical pixels) of ``place`` -- a square ``(col, row)``,
        a room id, a suspect id for that suspect's token, "envelope", "die" (the
        die's face, on the board or in its tray), "lit" (the lit squares and
        rooms together) or "cards" (the button of your cards) -- on the board
        on top, or None when no board is on top (or nothing is lit)."""
        top = self.app.top
        view = getattr(top, "view", None) if is_scene(top, "board") else None
        if view is None:
            return None
        if place == "die":
            px = top.die_face_px()
            faces = [pygame.Rect(x - px // 2, y - px // 2, px, px) for x, y in top.die_centres()]
            return faces[0].unionall(faces[1:])
        if place == "lit":
            lit = [view.destination_rect(p) for p in self.match.game.moves()]
            return lit[0].unionall(lit[1:]) if lit else None
        if place == "cards":
            return pygame.Rect(top.notebook_button.rect)
        if place == "envelope":        # the envelope's squares in the middle of the board
            squares = [view.square_rect(sq) for sq in self.match.game.board.envelope]
            return squares[0].unionall(squares[1:]) if squares else None
        if place in SUSPECTS:
            rect = pygame.Rect(0, 0, view.square, view.square)
            rect.center = view.token_point(place, self.match.game.positions[place])
            return rect
        return view.destination_rect(place)

    def _point_way(self, square: pygame.Rect) -> tuple[int, int]:
        """The way ``(dx, dy)`` the arrow beside a lesson's ``square`` points
        (down from above it, up from below, right from its left, left from its
        right): the side whose arrow stays on screen left of the panel and
        covers least of the room names, the lit squares, the tokens and the
        bubble."""
        view = getattr(self.app.top, "view", None)
        if view is None or not hasattr(view, "label_rect"):
            return (0, 1)
        game = self.match.game
        avoid = list(view.label_rect.values()) + [self.box]
        avoid += [view.destination_rect(p) for p in list(game.moves()) + list(game.positions.values())
                  if not isinstance(p, str)]
        best, best_score = (0, 1), None
        for way in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            box = _arrow_box(_arrow_tip(square, way), way)
            score = sum(box.clip(a).width * box.clip(a).height for a in avoid if a != square)
            on_screen = pygame.Rect(0, 0, view.rect.right, 720).contains(box)     # and off the panel
            score += 0 if on_screen else 10 ** 6
            if best_score is None or score < best_score:
                best, best_score = way, score
        return best

    def dismiss(self) -> None:
        """The part on screen was read: show the next part, or after the
        last one mark the lesson seen (and saved)."""
        if self.bubble is None:
            return
        if self.part + 1 < len(self.parts):
            self.app.play("click")
            self._show_part(self.part + 1)
            return
        assert self.lesson is not None   # a bubble is a part of it
        self.match.seen.append(self.lesson.key)
        self.bubble = None
        self.app.play("click")
        self.app.store.autosave(self.match)

    # ----------------------------------------------------------- target
    def _aim(self, screen: str | None) -> pygame.Rect | None:
        """Let the top scene focus the thing to press next (its
        :meth:`~game.ui.shell.scene.Scene.coach_target`); returns its rectangle."""
        top = self.app.top
        if screen in ("shown", "envelope", "notebook", "over"):
            return top.coach_target(None)
        step = tutorial.next_action(self.done)
        if step is None or step[0] != tutorial.YOU:
            return None
        action = step[1]
        if screen == "board":
            return top.coach_target(OPEN_NOTEBOOK if self._notebook_first() else action)
        if screen in ("picker", "accuse", "disprove"):
            return top.coach_target(action)
        return None

    def _notebook_first(self) -> bool:
        """True when a lesson asked to open the notebook and it has not been opened since."""
        return self.notebook_at != self.done and any(
            ls.notebook and ls.key in self.match.seen for ls in tutorial.lessons_at(self.done, "board"))

    def bubble_spoken(self) -> str:
        """The bubble as read aloud: its words, then what its foot says to do
        ("Press Enter to go on."), which is what Enter does while it is up."""
        return self.bubble_text + " " + go_on_text() + "."

    # ------------------------------------------------------------ input
    def handle(self, intent: Intent) -> bool:
        """Take ``intent`` before the top scene; True when used.  A lesson on
        screen is closed by confirm (or a click); while a target is pointed at,
        the focus stays on it and clicks elsewhere only nudge the arrow.  The
        pause menu always opens."""
        k = intent.kind
        if k in (Kind.MENU, Kind.BACK, Kind.FULLSCREEN):
            return False
        self.refresh()                     # a lesson due now comes before the key that was pressed
        if self.bubble is not None:
            if k in (Kind.CONFIRM, Kind.CLICK) and self.bubble_age >= READ_GUARD:
                self.dismiss()
            elif k in DIRECTIONS:           # an arrow does nothing here: heard, with what Enter does
                self.app.speech.bumped(go_on_text())
            return True
        if self.target is None:
            return False
        free = self.app.top.coach_free()
        if free and self._free(intent, free):
            return k in DIRECTIONS
        if k in (*DIRECTIONS, Kind.ROOM):   # the focus stays on the target: said again, so the press is heard
            self.app.speech.bumped(self.app.top.speech_focus())
            return True
        if k is Kind.POINT:
            return True
        if k is Kind.CLICK and intent.pos is not None and not self.target.inflate(8, 8).collidepoint(intent.pos):
            self.nudge = 0.6
            self.app.play("nope")
            buttons = getattr(getattr(self.app.top, "focus", None), "buttons", [])
            pressed = next((b for b in buttons if b.rect.collidepoint(intent.pos)), None)
            if pressed is not None:            # a wrong press is said, not only buzzed
                wanted = next((b for b in buttons if b.rect == self.target), None)
                self.app.speech.say(wrong_press_words(pressed, wanted), prompt=True)
            return True
        return False

    def _free(self, intent: Intent, free: list) -> bool:
        """True when ``intent`` goes to the target or to one of the ``free``
        buttons the top scene also lets the learner press
        (:meth:`~game.ui.shell.scene.Scene.coach_free`); a direction moves the focus
        among those buttons only (never to another one, such as Play again)."""
        top = self.app.top
        target = next((b for b in top.focus.buttons if b.rect == self.target), None)
        allowed = ([target] if target is not None else []) + list(free)
        if intent.kind in DIRECTIONS:
            at = top.focus.focused
            i = allowed.index(at) if at in allowed else 0
            top.focus.focus_on(allowed[spatial_next([b.rect for b in allowed], i, intent.kind)])
            return True
        if intent.kind in (Kind.POINT, Kind.CLICK) and intent.pos is not None:
            return any(b.rect.collidepoint(intent.pos) for b in allowed)
        return False

    # ------------------------------------------------------------- draw
    def bubble_rect(self, words: list[pygame.Rect] | None = None) -> pygame.Rect:
        """Where the lesson's bubble goes (logical pixels).  Never over the
        thing pointed at (the next thing to press, and the lesson's own
        :attr:`~game.learning.tutorial.Lesson.point`); among the places that keep clear
        of it (over the right-hand panel, at the top, at the bottom, on the
        left, in the four corners, at the sides just above or below each of ``words`` and of
        what the scene keeps whole, in three widths) one that covers nothing the scene keeps
        whole (:meth:`~game.ui.shell.scene.Scene.coach_keep_whole`: the log's newest line and
        heading), else the one covering least of it; and of those the one that covers least of
        what the screen shows (its buttons and cards, the board, the answer on the game-over
        screen, and ``words``: the lines of text the screen drew, once it has been drawn)."""
        target = self._aim(self.screen())   # what will be pointed at once the bubble is read
        keep = self._keep_clear() + list(words or []) * WORDS_WEIGH
        top = self.app.top
        # a few pixels round them: the bubble's frame and shadow reach past its rectangle
        whole = [r.inflate(8, 8) for r in (top.coach_keep_whole() if top is not None else [])]
        # what is pointed at while the bubble is up keeps room for its ring and arrow; the thing to
        # press once it is read only needs to stay in sight
        now = self.pointed if self.bubble is not None else None
        clear = [now.inflate(POINTER_CLEAR, POINTER_CLEAR)] if now is not None else []
        if target is not None and target != now:
            clear.append(target.inflate(TARGET_CLEAR, TARGET_CLEAR))
        best, best_score = None, None
        for w in (BUBBLE_W, 900, 1200):
            h = self._bubble_height(w)
            places = [pygame.Rect(640 - w // 2, 16, w, h), pygame.Rect(640 - w // 2, 704 - h, w, h)]
            corners = []
            if w == BUBBLE_W:
                places = [pygame.Rect(1264 - w, 360 - h // 2, w, h)] + places + [pygame.Rect(16, 360 - h // 2, w, h)]
                corners = [pygame.Rect(x, y, w, h) for y in (16, 704 - h) for x in (16, 1264 - w)]
                # at the sides, just above or below each line of text too: a line the bubble
                # explains ("So it is not in the envelope...") stays whole under the bubble's edge;
                # and snug between what it keeps whole and what it keeps clear
                edges = [(line.top - 12 - h, line.bottom + 12) for line in words or []]
                edges += [(r.top - 1 - h, r.bottom + 1) for r in whole + clear]
                ys = {min(max(16, y), 704 - h) for pair in edges for y in pair}
                corners += [pygame.Rect(x, y, w, h) for y in sorted(ys) for x in (1264 - w, 16)]
            for r in places + corners:
                if r.collidelist(clear) >= 0:
                    continue
                score = (sum(r.clip(k).width * r.clip(k).height for k in whole),
                         sum(r.clip(k).width * r.clip(k).height for k in keep))
                if best_score is None or score < best_score:
                    best, best_score = r, score
        if best is None:
            h = self._bubble_height(1200)
            best = pygame.Rect(40, 16, 1200, h)
        return best

    def _keep_clear(self) -> list[pygame.Rect]:
        """What the bubble should cover least: what the top scene names
        (:meth:`~game.ui.shell.scene.Scene.coach_keep_clear`: its buttons and cards,
        what it asks to keep clear; the board adds its board)."""
        top = self.app.top
        return top.coach_keep_clear() if top is not None else []

    def _bubble_height(self, w: int) -> int:
        """Height in pixels of a bubble ``w`` pixels wide for the lesson on screen."""
        lines = theme.wrap(self.bubble_text, w - 48, theme.BUTTON)
        line_h = theme.font(theme.BUTTON).get_height() + 4
        return min(700, 52 + len(lines) * line_h + 54)

    def draw(self, surface: pygame.Surface) -> None:
        """The bubble (with the game dimmed behind it) or the pointer on the target."""
        if self.reseat and self.bubble is not None:
            # the scenes under it have just been drawn: their lines of text are known this once
            self.reseat = False
            self.box = self.bubble_rect(list(theme.drawn_text))
        self._place()
        if self.bubble is not None:
            theme.dim(surface, 110)
            r, target = self.box, self.pointed
            if target is not None:
                if self.subject:      # a square or token: a short arrow beside it, no line across
                    self._point_at(surface, target)
                else:
                    self._pointer(surface, target)
            theme.panel(surface, r, theme.PAPER, theme.BRASS, 18, 5)
            head = _("Learning to play") if self.step is None else fmt(
                "Learning to play: {n} of {total}", n=self.step[0] + self.part, total=self.step[1])
            theme.blit_text(surface, head, (r.left + 24, r.top + 16), theme.SMALL, (120, 80, 40), True,
                            max_width=r.width - 48)
            theme.blit_wrapped(surface, self.bubble_text, pygame.Rect(r.left + 24, r.top + 52, r.width - 48,
                                                                      r.height - 100), theme.BUTTON, theme.INK)
            theme.blit_text(surface, go_on_text(), (r.centerx, r.bottom - 16),
                            theme.BODY, (150, 60, 40), True, "midbottom", r.width - 48)
        elif self.target is not None:
            self._pointer(surface, self.target)
        theme.forget_drawn_text()          # the next frame's scenes start a new list

    def _place(self) -> None:
        """Where this frame's ring and arrow go: clear of the text the scenes just drew
        (:data:`game.ui.draw.theme.drawn_text`), the other buttons and the bubble (see :mod:`game.ui.lesson.pointer`)."""
        target = self.pointed if self.bubble is not None else self.target
        self.arrow, self.ring, self.placed = None, None, target
        if target is None:
            return
        top = self.app.top
        buttons = [b for b in getattr(getattr(top, "focus", None), "buttons", []) if b.rect != target]
        words = list(theme.drawn_text) + [pointer.name_box(b) for b in buttons]
        words += [self.box] if self.bubble is not None else []
        wanted = pointer.RING_PULSE + round((pointer.RING_MAX - pointer.RING_PULSE) * (0.5 + 0.5 * math.sin(self.t * 6)))
        own = [pointer.name_box(b) for b in getattr(getattr(top, "focus", None), "buttons", [])
               if b.rect == target and b.rect != pointer.name_box(b)]
        self.ring = pointer.ring_margin(target, words, wanted, own)
        self.arrow = pointer.arrow_place(target, words, [b.rect for b in buttons])

    def _pointer(self, surface: pygame.Surface, target: pygame.Rect) -> None:
        assert self.ring is not None     # placed this frame (:meth:`_place`)
        pointer.draw_ring(surface, target, self.ring)
        if self.arrow is not None:           # no room clear of words: the ring alone
            pointer.draw_arrow(surface, target, self.arrow[0], self.t, self.nudge, self.arrow[1])

    def _arrow_at(self, surface: pygame.Surface, tip: tuple[int, int], way: tuple[int, int] = (0, 1)) -> None:
        """A big bobbing arrow with its point at ``tip``, pointing ``way``
        (``(0, 1)`` down, ``(0, -1)`` up, ``(1, 0)`` right, ``(-1, 0)`` left)."""
        bob = int(8 * math.sin(self.t * 5)) + (int(20 * math.sin(self.nudge * 30)) if self.nudge else 0)
        if self.nudge:                       # a click elsewhere: the arrow shakes sideways
            tip = (tip[0] + bob, tip[1])
        else:
            tip = (tip[0] - bob * way[0], tip[1] - bob * way[1])
        pts = _arrow_points(tip, way)
        gfx.polygon(surface, theme.HIGHLIGHT, pts)
        gfx.polygon(surface, (20, 14, 10), pts, 3)

    def _point_at(self, surface: pygame.Surface, target: pygame.Rect) -> None:
        """A lesson about a square or token: the ring, and a short arrow beside
        it on the side that hides no room name, lit square or token
        (:meth:`_point_way`)."""
        assert self.ring is not None     # placed this frame (:meth:`_place`)
        pointer.draw_ring(surface, target, self.ring)
        self._arrow_at(surface, _arrow_tip(target, self.point_way), way=self.point_way)

    def mark_rects(self) -> list[pygame.Rect]:
        """The ring and the arrow drawn in the last frame (for the overlap test)."""
        target = self.placed
        if target is None or self.ring is None:
            return []
        if self.bubble is not None and self.subject:   # the short arrow beside a square
            arrow = [_arrow_box(_arrow_tip(target, self.point_way), self.point_way)]
        else:
            arrow = [pointer.arrow_box(target, *self.arrow)] if self.arrow is not None else []
        return pointer.ring_bands(target, self.ring) + arrow

    def widgets(self) -> list:
        """Every lesson's text in its bubble, for the text-fit test (labels of one line each)."""
        from game.ui.draw.widgets import Label
        from game.ui.shell.i18n import language

        total = sum(lesson_steps(language()))
        out = [Label(pygame.Rect(0, 0, BUBBLE_W - 48, 30), go_on_text(), theme.BODY,
                     True),
               Label(pygame.Rect(0, 0, BUBBLE_W - 48, 30),
                     fmt("Learning to play: {n} of {total}", n=total, total=total),
                     theme.SMALL, True)]
        for ls in tutorial.LESSONS:
            for line in theme.wrap(_(ls.text), BUBBLE_W - 48, theme.BUTTON):
                out.append(Label(pygame.Rect(0, 0, BUBBLE_W - 48, 30), line, theme.BUTTON))
        return out


#: The arrow's outline: (distance back from the tip, distance across), pixels.
ARROW_SHAPE = ((0, 0), (26, -22), (26, -9), (56, -9), (56, 9), (26, 9), (26, 22))


def _arrow_points(tip: tuple[int, int], way: tuple[int, int]) -> list[tuple[int, int]]:
    """The corners of an arrow with its point at ``tip`` pointing ``way`` (a unit step)."""
    ux, uy = way
    return [(tip[0] - back * ux - across * uy, tip[1] - back * uy + across * ux) for back, across in ARROW_SHAPE]


def _arrow_tip(target: pygame.Rect, way: tuple[int, int]) -> tuple[int, int]:
    """Where an arrow pointing ``way`` at ``target`` has its point: just outside the ring round it."""
    ring = target.inflate(30, 30)
    return (ring.centerx - way[0] * ring.width // 2, ring.centery - way[1] * ring.height // 2)


def _arrow_box(tip: tuple[int, int], way: tuple[int, int]) -> pygame.Rect:
    """The rectangle an arrow at ``tip`` pointing ``way`` covers as it bobs (logical pixels)."""
    xs, ys = zip(*_arrow_points(tip, way), strict=True)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1).inflate(
        16 * abs(way[0]), 16 * abs(way[1]))


def go_on_text() -> str:
    """The foot of a lesson's bubble: "Press Enter to go on" (the device's confirm button)."""
    return prompts.fmt(_("Press {confirm} to go on"))


def play_until(app, key: str | None = None, limit: int = 2000, dt: float = 0.1) -> list[str]:
    """Play the guided game on ``app`` pressing only confirm, until the lesson
    ``key`` is on screen (or, with None, until the lesson is over and the coach
    gone).  Returns the keys of the lessons shown, in order.  ``dt`` seconds
    pass between presses (three frames).  Raises ``RuntimeError`` after
    ``limit`` presses.  Used by the screenshots and the tests."""
    shown: list[str] = []
    for _i in range(limit):
        for _f in range(3):
            app.step(dt, draw=False)
        coach = app.coach
        if coach is None:
            if key is None:
                return shown
            break
        if coach.bubble is not None and (not shown or shown[-1] != coach.lesson.key):
            shown.append(coach.lesson.key)       # a lesson in parts: once, from its first part
            if coach.lesson.key == key:
                return shown
        app.router.handle(Intent(Kind.CONFIRM, device="keyboard"))
    raise RuntimeError(f"the guided game did not reach {key or 'its end'}; lessons shown: {shown}")
