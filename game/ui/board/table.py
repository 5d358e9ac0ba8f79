"""The board scene: the mansion on the left, the HUD on the right, and the
board game's actions on the shared turn loop (:class:`game.ui.bases.table.TableScene`).

Engine events are played one after another by the board's presenter
(:class:`~game.ui.board.presenter.BoardPresenter`): each may start an
animation (die, walk, glide), add a public log line, or open a private step
behind a cover.  Computer players decide at a human pace from
``game.view(seat)`` only: each decision is handed to a worker thread
(:meth:`Match.think <game.ui.bases.match.Seats.think>`) at the start of the
:data:`game.ui.bases.pacing.AI_PAUSE`, the scene polls it every frame (so the
screen keeps drawing however long a player thinks), and the action is
applied on the main thread once both the pause and the thinking are over.
Enter or a click skips the running animations, or hurries a computer
player's pause.  The drawing is :class:`~game.ui.board.panels.BoardPanels`.
"""

from __future__ import annotations

import pygame

from game.rules import events as ev
from game.rules.actions import Accuse, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.engine import Game, Phase
from game.rules.errors import IllegalActionError
from game.rules.movement import destinations
from game.ui.bases.table import TableScene
from game.ui.board import feltview
from game.ui.board.ahead import Ahead
from game.ui.board.match import Match
from game.ui.board.moments import SuggestionShow
from game.ui.board.panels import (
    NOTEBOOK_SLOT,
    BoardPanels,
    button_rect,
    die_panel,
    first_choice,
    nearest_to,
    rooms_by_distance,
)
from game.ui.board.presenter import BoardPresenter
from game.ui.draw import anim
from game.ui.draw.widgets import Button, spatial_next
from game.ui.mansion import stage
from game.ui.shell import prompts
from game.ui.shell.i18n import _
from game.ui.shell.input import Intent, Kind
from game.ui.shell.registry import make as make_scene

#: Seconds an animation moves on at most in the update after the one that began it (one frame at 60 fps).
FIRST_STEP = 1 / 60


class BoardScene(BoardPanels, TableScene[Match, Game]):
    """Plays one :class:`~game.ui.board.match.Match`."""

    refuse_game = "board"
    book_scene = "notebook"
    game_over_scene = "game_over"

    def __init__(self, app, match) -> None:
        self.view = app.board_view()
        self.shown_pos = dict(match.game.positions)
        self.shown_weapons = dict(match.game.weapons)
        self.anim: anim.Animation | None = None
        self._after = None                      # what happens when the animation is over (a token lands)
        self.die_value: int | None = None
        #: the faces of the last roll, one per die (two with the two-dice house rule)
        self.dice_faces: tuple[int, ...] = ()
        self.die_rect = die_panel(match.game.options.dice, self.view)
        self.auto_suggested = -1
        self.disprove_open = False
        #: the banner "You were brought to the Kitchen!" waiting for the pulled-in person's turn, or None
        self.pulled_banner: anim.Banner | None = None
        #: the suggestion on show (its cards, the question going round), or None
        self.suggestion_show: SuggestionShow | None = None
        self._playing: ev.Event | None = None   # the event being played (for the status line)
        #: why Tab ("next room") found no room to head for, for the status line while the turn is
        #: where it was: (words, (events played, phase)), or None
        self.room_note: tuple[str, tuple[int, Phase]] | None = None
        #: the animation begun by the last update, not yet moved on (see :meth:`advance`), or None
        self._begun: anim.Animation | None = None
        self.cursor = 0
        self.target: str | None = None
        self.target_news = False
        self._target_seat: int | None = None    # whose room to head for it is (a hot-seat table has several)
        self._cursor_roll: tuple[int, int] | None = None    # the roll the cursor was set for (move_cursor)
        #: per person, the roll (its events' count) whose prompt said in full how to choose where to go
        self.how_told: dict[int, int] = {}
        self._highlight_key = None
        self._highlight = None
        #: the suggestion picker's cards, made on frames where nothing moves (:meth:`update`)
        self.ahead = Ahead()
        super().__init__(app, match)
        self.notebook_button = self.book_button = Button(
            button_rect(self.view.layout, NOTEBOOK_SLOT), self.book_texts()[0], self.open_notebook, hint="N")
        self._resume_state()
        app.store.autosave(match)

    def make_presenter(self) -> BoardPresenter:
        return BoardPresenter(self)

    def _resume_state(self) -> None:
        """A resumed match (:meth:`Match.resume`): start from the places before
        its last action and play that action's events again, so every step of
        the turn looks as it did (the die and the lit squares after a roll, the
        card shown to a person, the choice of a card to show, ...)."""
        m, g = self.match, self.game
        if m.resume_positions is None:
            return
        self.shown_pos = dict(m.resume_positions)
        self.shown_weapons = dict(m.resume_weapons or g.weapons)
        before = g.events[:len(g.events) - len(m.resume_tail)]
        self.turn_no = sum(1 for e in before if isinstance(e, ev.TurnStarted))
        for e in reversed(before):            # the die of the turn in progress
            if isinstance(e, ev.TurnStarted):
                break
            if isinstance(e, ev.DieRolled):
                self.die_value = e.total
                self.dice_faces = tuple(e.dice)
                break
        self.queue.extend(m.resume_tail)
        m.resume_tail, m.resume_positions, m.resume_weapons = [], None, None

    # =========================================================== actions
    @property
    def busy(self) -> bool:
        """True while events are still being played."""
        return self.anim is not None or bool(self.queue)

    def roll(self) -> None:
        self.do(Roll())

    def passage(self) -> None:
        self.do(TakePassage())

    def end_turn(self) -> None:
        self.do(EndTurn())

    def open_suggest(self, auto: bool = False) -> None:
        """The suggestion picker; ``auto`` when it opens by itself on entering a
        room (then it ignores input for a moment and starts with nothing focused)."""
        if not self.may(Suggest):
            return
        self.app.push(make_scene("picker", self.app, self, "suggest", guarded=auto))

    def open_accuse(self) -> None:
        if not self.may(Accuse):
            return
        seat = self.game.turn           # the accusation is the accuser's alone: behind the cover, with their marks
        self.presenter.private(seat, "picker", self, "accuse", marks=True, optional=True,
                               reason=_("Your accusation stays secret."))

    def open_notebook(self, seat: int | None = None) -> None:
        """Open the notebook of ``seat`` or of the person who may look now
        (behind a cover when needed); with several people and a computer to
        move, ask whose (:meth:`TableScene.open_book`)."""
        self.open_book(seat)

    def book_texts(self) -> tuple[str, str, str]:
        return (_("My cards & notebook"), _("Only people keep a notebook. All players here are computers."),
                _("Your cards and notebook are next."))

    def choose(self, dest) -> None:
        """Move to ``dest`` (a square or a room id).  A room to head for (:meth:`head_for_next_room`)
        is kept only when ``dest`` is that room or the lit place nearest to it: a person who walks
        elsewhere has given it up, and Enter at the next roll must not lead back to it."""
        if self.target is not None and dest != self.target:
            dests = list(self.game.moves())
            if dest not in dests or dests[nearest_to(self.game.board, dests, self.target)] != dest:
                self.target, self.target_news = None, False
        self.do(Move(room=dest) if isinstance(dest, str) else Move(square=dest))

    def update(self, dt: float) -> None:
        """As :meth:`TableScene.update`; then, on a frame that began and ends with nothing
        moving (a computer player thinking, a person not acted yet) at a table where a person
        plays, one of the suggestion picker's cards is made ahead (while a person chooses where
        to go, the cards of the rooms they may enter join them; :class:`~game.ui.board.ahead.Ahead`):
        never on an animation's last frame."""
        still = not self.busy
        super().update(dt)
        g = self.game
        if stage.rooms_kept() and not self.shows_stage():
            # the moment is over: its room's picture goes, and the cards it pushed out are made again
            stage.let_go_rooms()
            self.ahead.again()
        if still and not self.busy and self.app.top is self and not g.over \
                and any(self.match.is_human(seat) for seat in range(len(g.seats))):
            if g.phase is Phase.MOVE and self.match.is_human(g.turn):      # a person chooses where to go
                self.ahead.rooms(d for d in g.moves() if isinstance(d, str))
            self._want_ahead()
            self.ahead.step()

    def _want_ahead(self) -> None:
        """Ask :attr:`ahead` for what the next animations' last frames would make, each time
        the log or where the people stand changes: the last question's cards at every side the
        tray has drawn them (the buttons a die's landing lays out anew resize the tray), and the
        cards of the rooms each person could walk into with the highest roll (the picker opens on
        the frame a walk ends, the roll being chosen at once)."""
        g, m = self.game, self.match
        people = tuple(g.positions[s.suspect] for i, s in enumerate(g.seats) if m.is_human(i))
        sides = feltview.tray_picture_sides()
        key = (len(m.log_events), people, tuple(sides))
        if self.__dict__.get("_ahead_key") == key:
            return
        self.__dict__["_ahead_key"] = key
        q = feltview.last_question(m.log_events, [s.suspect for s in g.seats])
        if q is not None:
            self.ahead.pictures(q.cards, sides)
        for i, seat in enumerate(g.seats):
            if m.is_human(i):
                reach = destinations(g.board, g.positions[seat.suspect], 6 * g.options.dice,
                                     g.occupied(ignore=seat.suspect), exact=False)
                self.ahead.rooms(d for d in reach if isinstance(d, str))

    def shows_stage(self) -> bool:
        """Does the table show a moment's room picture now, or will it show it next: a
        suggestion's stage, or a banner over a room (:class:`~game.ui.mansion.stage.Scenery`)?"""
        b = self.banner
        return self.suggestion_show is not None or (b is not None and not b.done and b.stage is not None)

    def human_turn(self, actor: int) -> None:
        """A person must show a card (behind the cover), or has just entered a
        room (the suggestion picker opens by itself, once a turn).  A person
        pulled into a room since their last turn first sees who did it (the
        banner the presenter left in ``pulled_banner``)."""
        g = self.game
        if self.pulled_banner is not None:
            self.banner, self.pulled_banner = self.pulled_banner, None
        if g.phase is Phase.DISPROVE and not self.disprove_open:
            self.open_disprove(actor)
        elif g.phase is Phase.SUGGEST and self.auto_suggested != self.turn_no:
            self.auto_suggested = self.turn_no
            if not self.app.phones.away(actor):        # with a phone, the suggestion is picked there
                self.open_suggest(auto=True)

    def seat_handed_over(self, seat: int) -> None:
        """A computer player took ``seat``: besides the buttons, no card-to-show
        screen is open any more and the computer makes its own suggestion
        (none is opened for it)."""
        super().seat_handed_over(seat)
        self.disprove_open = False
        self.auto_suggested = self.turn_no

    def open_disprove(self, seat: int) -> None:
        """``seat`` chooses a card to show, in private: on its phone when one is
        connected (the TV says only who is choosing; the choice comes back here
        if the phone drops), else behind the cover."""
        self.disprove_open = True
        if self.app.phones.away(seat):
            self.app.push(make_scene("phone_wait", self.app, self, seat, "show",
                                     lambda: setattr(self, "disprove_open", False)))
            return
        # its cover goes by itself if the card is shown from the seat's phone meanwhile ("Choose here
        # instead" and the phone's card at one moment)
        self.presenter.private(seat, "disprove", self, seat, reason=_("You must show a card."),
                               moment=(len(self.game.events), seat))

    # ============================================================== input
    def language_changed(self) -> None:
        """Another language or text size: write the board, the HUD and the log again."""
        self.relayout()
        super().language_changed()

    def relayout(self) -> None:
        """Take the board view of the layout in use (standard or TV: the
        setting, or the window's width) and place the panels again."""
        self.view = self.app.board_view()
        self.die_rect = die_panel(self.game.options.dice, self.view)
        self.notebook_button.rect = button_rect(self.view.layout, NOTEBOOK_SLOT)
        self._backdrop_surf = None
        self._highlight_key = None
        self.ahead.restart()            # the pictures' cache was emptied for another scale or language
        self.__dict__.pop("_rules_key", None)
        self._buttons_key = None

    def handle_turn(self, intent: Intent) -> bool:
        """The notebook button; hurrying a computer player (Enter, or a click
        on the board); a person's move, buttons, or a click on the board
        (which says why that square cannot be reached)."""
        k, pos = intent.kind, intent.pos          # pos: the mouse's place (None: a key or a pad)
        if k is Kind.CLICK and pos is not None and self.match.humans and self.notebook_button.rect.collidepoint(pos):
            self.notebook_button.press()
            return True
        if not self.human_to_act:
            if k is Kind.POINT and pos is not None and self.match.humans:
                self.notebook_button.focused = self.notebook_button.rect.collidepoint(pos)
            if k is Kind.CONFIRM or (k is Kind.CLICK and pos is not None and self.view.rect.collidepoint(pos)):
                self.computer.hurry()
                return True
            return False
        if k is Kind.ROOM and (self.game.phase is not Phase.MOVE or not self.game.moves()):
            self.no_room_to_head_for()
            return True
        if self.game.phase is Phase.MOVE:
            return self._handle_move(intent)
        if self.focus.handle(intent):
            return True
        if k is Kind.CLICK and pos is not None and self.view.rect.collidepoint(pos):
            self._explain_board_click(pos)
            return True
        return False

    def aim_at(self, pos: tuple[int, int]) -> bool:
        """As :meth:`TableScene.aim_at`; while choosing where to go, a lit square or room is aimed at too."""
        if self.game.phase is Phase.MOVE and self.human_to_act and self.view.position_at(pos) in self.game.moves():
            return True
        return super().aim_at(pos)

    def _handle_move(self, intent: Intent) -> bool:
        dests = list(self.game.moves())
        if not dests:
            return False
        k = intent.kind
        self.cursor = self.move_cursor()
        if k is Kind.ROOM:
            self.head_for_next_room()
            return True
        if k in (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT):
            self.target_news = False
            rects = [pygame.Rect(0, 0, 4, 4) for _d in dests]
            for r, d in zip(rects, dests, strict=True):
                r.center = self.view.dest_point(d)
            self.cursor = spatial_next(rects, self.cursor, k)
            return True
        if k is Kind.CONFIRM:
            self.choose(dests[self.cursor])
            return True
        if k is Kind.POINT and intent.pos is not None:
            dest = self.view.position_at(intent.pos)
            if dest in dests:
                self.cursor = dests.index(dest)
            return False
        if k is Kind.CLICK and intent.pos is not None:
            dest = self.view.position_at(intent.pos)
            if dest is None:
                return False
            if dest in self.game.board.envelope or (not isinstance(dest, str) and dest not in self.game.board.corridor):
                self.refuse(IllegalActionError("You can only stop on a corridor square or in a room.", "unreachable",
                                               '000 "How a turn works" 2-3'))
                return True
            self.choose(dest)
            return True
        return False

    def head_for_next_room(self) -> None:
        """Tab or LB while choosing where to go: the next room to head for,
        nearest first (:func:`~game.ui.board.panels.rooms_by_distance`, round
        again after the farthest), and the cursor on the lit place nearest to it
        (the room itself when it can be entered); each square then counts the
        steps to that room.  Kept from roll to roll until the person is in it or walks
        elsewhere (:meth:`choose`)."""
        dests = list(self.game.moves())
        order = rooms_by_distance(self.game.board, self.my_position())
        if not dests or not order:
            return
        self.move_cursor()          # a new roll's start is set first, so it cannot undo this choice
        before = self.speech_focus()
        at = order.index(self.target) + 1 if self.target in order else 0
        self.target = order[at % len(order)]
        self.target_news = True
        self._target_seat = self.game.actor
        self.cursor = nearest_to(self.game.board, dests, self.target)
        if self.speech_focus() == before:       # already on it (a room in reach): said again, so the press is heard
            self.app.speech.bumped(before)

    def no_room_to_head_for(self) -> None:
        """Tab or LB with no roll to walk: why no room is picked, on the status line
        (until the turn moves on) and read aloud, instead of nothing."""
        if self.game.allows(Roll):
            words = prompts.fmt(_("Roll first: then {room} picks a room to head for."))
        else:
            words = prompts.fmt(_("No room to head for now: {room} picks one while you choose where to go."))
        self.room_note = (words, (len(self.game.events), self.game.phase))
        self.app.speech.say(words, prompt=True)

    def _explain_board_click(self, pos: tuple[int, int]) -> None:
        dest = self.view.position_at(pos)
        if dest is None:
            return
        action = Move(room=dest) if isinstance(dest, str) else Move(square=dest)
        try:
            self.game.check(action)
        except IllegalActionError as exc:
            self.refuse(exc)

    def point_at(self, dest) -> bool:
        """Put the keyboard cursor on ``dest`` (a square or a room id) when it
        is one of the destinations of the roll; False when it is not."""
        dests = list(self.game.moves())
        if dest not in dests:
            return False
        self.move_cursor()          # a new roll's start is set first, so it cannot replace this one later
        self.cursor = dests.index(dest)
        return True

    def move_cursor(self) -> int:
        """The index in ``list(self.game.moves())`` of the destination under
        the keyboard cursor (0 when there is none).  After each roll it starts
        on the best choice for a listener (:func:`~game.ui.board.panels.first_choice`:
        a room that can be entered, else the square nearest to one)."""
        dests = list(self.game.moves())
        if not dests:
            return 0
        roll = (id(self.game), len(self.game.events))
        if roll != self._cursor_roll:
            self._cursor_roll = roll
            # the room chosen on an earlier roll still leads the way, said again, until the person is in it
            if self.target is not None and self._target_seat == self.game.actor and self.my_position() != self.target:
                self.target_news = True
                self.cursor = nearest_to(self.game.board, dests, self.target)
            else:
                self.target, self.target_news = None, False
                self.cursor = first_choice(self.game.board, self.my_position(), dests)
        return self.cursor % len(dests)

    def skip(self) -> None:
        """Finish the running animation and those queued behind it."""
        super().skip()
        if self.anim is not None:
            self.anim.skip()

    # ============================================================= update
    def advance(self, dt: float) -> None:
        """Run the animation; when it is done, play the next queued events
        (at once, skipped, while skipping)."""
        if self.app.board_view() is not self.view:      # the window or the setting changed the layout
            self.relayout()
        if self.anim is not None:
            # an animation's first step after the frame that began it is at most a frame: that frame made its
            # pictures (a suggestion's room, portraits, cards), and its time would start the moment far along
            self.anim.update(min(dt, FIRST_STEP) if self.anim is self._begun else dt)
            if self.skipping:
                self.anim.skip()
            if self.anim.done:
                self._finish_anim()
        self._begun = None
        while self.anim is None and self.queue and self.app.top is self and not self.speech_holds():
            self.presenter.play(self.queue.popleft())
            if self.anim is not None and self.skipping:
                self.anim.skip()
                self.anim.update(0)
                self._finish_anim()
            self._begun = self.anim
        if self.suggestion_show is not None and not self.busy and self.game.phase is not Phase.DISPROVE:
            self.suggestion_show = None     # the suggestion is answered and its last moment shown

    def _finish_anim(self) -> None:
        after, self._after = self._after, None
        self.anim = None
        if after:
            after()
