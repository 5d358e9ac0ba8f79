"""The board scene: the mansion on the left, the HUD on the right, and the turn
flow for people and computer players.

Engine events are played one after another: each may start an animation (die,
walk, glide), add a public log line, or open a private step behind a cover.
Computer players decide at a human pace from ``game.view(seat)`` only: each
decision is handed to a worker thread (:meth:`Match.think`) at the start of the
:data:`game.ui.pacing.AI_PAUSE`, the scene polls it every frame (so the screen keeps drawing
however long a player thinks), and the action is applied on the main thread
once both the pause and the thinking are over.  Enter or a click skips the
running animations, or hurries a computer player's pause.
"""

from __future__ import annotations

import math
from collections import deque
from concurrent.futures import Future

import pygame

from game.rules import events as ev
from game.rules.actions import Accuse, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.cards import SUSPECTS
from game.rules.engine import Phase
from game.rules.errors import IllegalActionError
from game.ui import anim, assets, prompts, theme
from game.ui.i18n import _, fmt
from game.ui.input import Intent, Kind
from game.ui.pacing import AI_PAUSE, BOARD_PAUSES, GAME_OVER_WAIT
from game.ui.scene import (OPEN_NOTEBOOK, PRIVATE_GUARD, ComputerTurn, InputGuard, Scene, TableActions,
                                 focus_on)
from game.ui.widgets import Button, FocusGroup, Label, spatial_next

#: HUD geometry (logical pixels).
HUD_X, HUD_W = 700, 570
TURN_RECT = pygame.Rect(HUD_X, 10, HUD_W, 84)
DIE_RECT = pygame.Rect(HUD_X, 104, 112, 112)
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_STEP, BUTTON_Y = 826, 444, 50, 56, 104
NOTEBOOK_SLOT = 5
LOG_RECT = pygame.Rect(HUD_X, 444, HUD_W, 266)
LOG_SIZE, LOG_LINE = theme.SMALL, 25


def log_line() -> int:
    """Pixels from one log line to the next (more with the larger text)."""
    return max(LOG_LINE, theme.font(LOG_SIZE).get_linesize() + 1)


class BoardScene(TableActions, Scene):
    """Plays one :class:`~game.ui.match.Match`."""

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.view = app.board_view()
        self.shown_pos = dict(self.game.positions)
        self.shown_weapons = dict(self.game.weapons)
        self.queue: deque[ev.Event] = deque()
        self.anim: anim.Animation | None = None
        self.die_value: int | None = None
        #: the faces of the last roll, one per die (two with the two-dice house rule)
        self.dice_faces: tuple[int, ...] = ()
        #: the die panel: taller with two dice, one face above the other
        self.die_rect = DIE_RECT if self.game.options.dice == 1 else DIE_RECT.inflate(0, DIE_RECT.height).move(
            0, DIE_RECT.height // 2)
        self.t = 0.0
        #: a computer player's choice being thought about, handed over after the pause
        self.computer = ComputerTurn()
        self.skipping = False
        self.turn_no = 0
        self.auto_suggested = -1
        self.disprove_open = False
        self.over_wait = 0.0
        self.over_shown = False
        self._playing: ev.Event | None = None   # the event being played (for the status line)
        self.cursor = 0
        self._highlight_key = None
        self._highlight = None
        self._buttons_key = None
        self.focus = FocusGroup()
        self.notebook_button = Button(
            pygame.Rect(BUTTON_X, BUTTON_Y + NOTEBOOK_SLOT * BUTTON_STEP, BUTTON_W, BUTTON_H),
            _("My cards & notebook"), self.open_notebook, hint="N")
        self._log_key = None
        self._log_lines: list[str] = []
        #: after the first turn, a person's turn ignores Enter and clicks for
        #: PRIVATE_GUARD seconds once it can be played (so Enter pressed to
        #: hurry the computer players never rolls, moves or ends it)
        self.guard = InputGuard(0.0)
        self._resume_state()
        app.store.autosave(match)

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
    def refuse(self, reason) -> None:
        """Say why not: ``reason`` is an :class:`IllegalActionError` (its
        explanation in the player's language, with the rule) or a sentence."""
        from game.ui.flow import refuse

        refuse(self.app, reason)

    @property
    def busy(self) -> bool:
        """True while events are still being played."""
        return self.anim is not None or bool(self.queue)

    @property
    def human_to_act(self) -> bool:
        return not self.busy and not self.game.over and self.match.is_human(self.game.actor)

    def roll(self) -> None:
        self.do(Roll())

    def passage(self) -> None:
        self.do(TakePassage())

    def end_turn(self) -> None:
        self.do(EndTurn())

    def open_suggest(self, auto: bool = False) -> None:
        """The suggestion picker; ``auto`` when it opens by itself on entering a
        room (then it ignores input for a moment and starts with nothing focused)."""
        from game.ui.scenes.picker import PickerScene

        if not self.may(Suggest):
            return
        self.app.push(PickerScene(self.app, self, "suggest", guarded=auto))

    def open_accuse(self) -> None:
        from game.ui.scenes.picker import PickerScene

        if not self.may(Accuse):
            return
        self.app.push(PickerScene(self.app, self, "accuse"))

    def open_notebook(self, seat: int | None = None) -> None:
        """Open the notebook of ``seat`` or of the person who may look now
        (behind a cover when needed); with several people and a computer to
        move, ask whose."""
        from game.ui.flow import open_private
        from game.ui.scenes.notebook import NotebookChooser, NotebookScene

        humans = self.match.humans
        if not humans:
            self.refuse(_("Only people keep a notebook. All players here are computers."))
            return
        actor = self.game.actor
        if seat is not None:
            pass
        elif len(humans) == 1:
            seat = humans[0]
        elif self.match.is_human(actor) and not self.game.over:
            seat = actor
        else:
            self.app.push(NotebookChooser(self.app, self.match))
            return
        open_private(self.app, self.match, seat, lambda: NotebookScene(self.app, self.match, seat),
                     optional=True, reason=_("Your cards and notebook are next."))

    def choose(self, dest) -> None:
        """Move to ``dest`` (a square or a room id)."""
        self.do(Move(room=dest) if isinstance(dest, str) else Move(square=dest))

    # ============================================================== input
    def input_seat(self, intent: Intent) -> int | None:
        """The person to act may use the board with their pad; the menu, the
        notebook and hurrying computer players are open to every device."""
        if intent.kind in (Kind.MENU, Kind.NOTEBOOK) or not self.human_to_act:
            return None
        return self.game.actor

    def on_resume(self) -> None:
        self._buttons_key = None       # a seat may have been handed to a computer player meanwhile
        self.app.store.autosave(self.match)  # notebook marks, a seat handed over

    def language_changed(self) -> None:
        """Another language or text size: write the board, the HUD and the log again."""
        self.view = self.app.board_view()
        self._backdrop_surf = None
        self._highlight_key = None
        self.__dict__.pop("_wrap_cache", None)
        self._log_key = None
        self._buttons_key = None
        self.notebook_button.label = _("My cards & notebook")
        self.match.retranslate()

    def handle(self, intent: Intent) -> bool:
        self._refresh_buttons()
        k = intent.kind
        if k is Kind.MENU or k is Kind.BACK:
            from game.ui.scenes.menu import MenuScene

            self.app.push(MenuScene(self.app, self))
            return True
        if k is Kind.NOTEBOOK:
            if intent.is_pad:        # a pad opens the notebook of its own seat, whoever's turn it is
                seat = self.match.seat_of(intent.device)
                if seat is not None and self.match.is_human(seat):
                    self.open_notebook(seat)
                return True
            self.open_notebook()
            return True
        if self.busy:
            if k in (Kind.CONFIRM, Kind.CLICK):
                self.skip()
                return True
            return False
        if self.human_to_act and self.guard.blocks(intent):
            return True              # the person's turn has just begun: a hurry-Enter must not play it
        if k is Kind.CLICK and self.match.humans and self.notebook_button.rect.collidepoint(intent.pos):
            self.notebook_button.press()
            return True
        if not self.human_to_act:
            if k is Kind.POINT and self.match.humans:
                self.notebook_button.focused = self.notebook_button.rect.collidepoint(intent.pos)
            if k is Kind.CONFIRM or (k is Kind.CLICK and self.view.rect.collidepoint(intent.pos)):
                self.computer.hurry()
                return True
            return False
        if self.game.phase is Phase.MOVE:
            return self._handle_move(intent)
        if self.focus.handle(intent):
            return True
        if k is Kind.CLICK and self.view.rect.collidepoint(intent.pos):
            self._explain_board_click(intent.pos)
            return True
        return False

    def _handle_move(self, intent: Intent) -> bool:
        dests = list(self.game.moves())
        if not dests:
            return False
        k = intent.kind
        self.cursor %= len(dests)
        if k in (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT):
            rects = [pygame.Rect(0, 0, 4, 4) for _d in dests]
            for r, d in zip(rects, dests):
                r.center = self.view.dest_point(d)
            self.cursor = spatial_next(rects, self.cursor, k)
            return True
        if k is Kind.CONFIRM:
            self.choose(dests[self.cursor])
            return True
        if k is Kind.POINT:
            dest = self.view.position_at(intent.pos)
            if dest in dests:
                self.cursor = dests.index(dest)
            return False
        if k is Kind.CLICK:
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

    def _explain_board_click(self, pos) -> None:
        dest = self.view.position_at(pos)
        if dest is None:
            return
        action = Move(room=dest) if isinstance(dest, str) else Move(square=dest)
        try:
            self.game.check(action)
        except IllegalActionError as exc:
            self.refuse(exc)

    def skip(self) -> None:
        """Finish the running animation and those queued behind it."""
        self.skipping = True
        if self.anim is not None:
            self.anim.skip()

    def on_exit(self) -> None:
        """Leaving the board: drop the pending choice and stop the worker thread."""
        self.computer.cancel()
        self.match.close()

    @property
    def thinking(self) -> bool:
        """True while a computer player's choice is still being worked out."""
        return self.computer.thinking

    @property
    def pending(self) -> Future | None:
        """The future of the computer player's choice being thought about, or None."""
        return self.computer.pending

    # ============================================================= update
    def update(self, dt: float) -> None:
        self.t += dt
        if self.app.speed >= anim.INSTANT:
            self.skipping = True
        if self.anim is not None:
            self.anim.update(dt)
            if self.skipping:
                self.anim.skip()
            if self.anim.done:
                self._finish_anim()
        while self.anim is None and self.queue and self.app.top is self:
            self._play(self.queue.popleft())
            if self.anim is not None and self.skipping:
                self.anim.skip()
                self.anim.update(0)
                self._finish_anim()
        if self.human_to_act:
            self.guard.update(dt)
        if self.busy or self.app.top is not self:
            return
        self.skipping = False
        self._decide(dt)

    def _decide(self, dt: float) -> None:
        g = self.game
        coach = self.app.coach
        if coach is not None and coach.holds():   # the guided game: a lesson comes first
            return
        if g.over:
            self.over_wait += dt
            if not self.over_shown and self.over_wait >= GAME_OVER_WAIT / self.app.speed:
                from game.ui.scenes.gameover import GameOverScene

                self.over_shown = True
                self.app.push(GameOverScene(self.app, self.match))
            return
        actor = g.actor
        if not self.match.is_human(actor):
            action = self.computer.poll(self.match, dt, AI_PAUSE / self.app.speed, self.app.threaded_ai)
            if action is not None:            # thought about during the pause, off the frame loop
                self.do(action)
            return
        if g.phase is Phase.DISPROVE and not self.disprove_open:
            self.open_disprove(actor)
        elif g.phase is Phase.SUGGEST and self.auto_suggested != self.turn_no:
            self.auto_suggested = self.turn_no
            self.open_suggest(auto=True)

    def open_disprove(self, seat: int) -> None:
        from game.ui.flow import open_private
        from game.ui.scenes.private import DisproveScene

        self.disprove_open = True
        open_private(self.app, self.match, seat, lambda: DisproveScene(self.app, self, seat),
                     reason=_("You must show a card."))

    # ----------------------------------------------------- event playback
    def _play(self, e: ev.Event) -> None:
        m = self.match
        self._playing = e
        if m.add_log(e):
            self._log_key = None
        speed = self.app.speed
        if isinstance(e, ev.TurnStarted):
            self.turn_no += 1
            if m.is_human(e.player) and self.turn_no > 1:
                self.guard = InputGuard(PRIVATE_GUARD, allow=(Kind.MENU, Kind.BACK, Kind.NOTEBOOK, Kind.POINT))
            self.die_value = None
            self.dice_faces = ()
            self.disprove_open = False
            self.anim = anim.Pause(BOARD_PAUSES[ev.TurnStarted] / speed)
        elif isinstance(e, ev.DieRolled):
            self.die_value = e.total
            self.dice_faces = tuple(e.dice)
            seed = len(self.game.events) + self.turn_no
            rolls = [anim.DieRoll(face, speed, seed=seed + i) for i, face in enumerate(e.dice)]
            self.anim = rolls[0] if len(rolls) == 1 else anim.Group(rolls)
            self.app.play("die")
        elif isinstance(e, ev.TokenMoved):
            start = self.view.token_point(e.suspect, self.shown_pos[e.suspect])
            end = self.view.token_point(e.suspect, e.end)
            if e.passage:
                self.anim = anim.Glide("token", e.suspect, start, end, speed / 1.5)
                self.app.play("door")
            else:
                pts = [start] + [self.view.square_centre(sq) for sq in e.path]
                if isinstance(e.end, str):
                    pts.append(end)
                self.anim = anim.Walk(e.suspect, pts, speed, on_step=lambda i: self.app.play("step"))
            self._after = lambda: self._land(e.suspect, e.end)
        elif isinstance(e, (ev.TokenSummoned, ev.TokenPushedIn)):
            room = e.room
            start = self.view.token_point(e.suspect, self.shown_pos[e.suspect])
            parts = [anim.Glide("token", e.suspect, start, self.view.token_point(e.suspect, room), speed)]
            landings = [(e.suspect, room)]
            if self.queue and isinstance(self.queue[0], ev.WeaponMoved):
                w = self.queue.popleft()
                m.add_log(w)
                parts.append(self._weapon_glide(w))
                landings.append((None, w))
            self.anim = anim.Group(parts)
            self._after = lambda: [self._land(s, r) if s else self._land_weapon(r) for s, r in landings]
        elif isinstance(e, ev.WeaponMoved):
            self.anim = self._weapon_glide(e)
            self._after = lambda: self._land_weapon(e)
        elif isinstance(e, ev.CardShown):
            self.app.play("card")
            if e.card is not None and m.is_human(e.to):
                from game.ui.flow import open_private
                from game.ui.scenes.private import ShownCardScene

                open_private(self.app, m, e.to, lambda: ShownCardScene(self.app, m, e.to, e.by, e.card),
                             reason=fmt("{name} has a card to show you.", name=m.suspects[e.by]))
        elif isinstance(e, ev.EnvelopeSeen):
            if e.cards and m.is_human(e.player) and self.game.winner != e.player:
                from game.ui.flow import open_private
                from game.ui.scenes.private import EnvelopeScene

                acc = next(x for x in reversed(self.game.events) if isinstance(x, ev.AccusationMade)
                           and x.player == e.player)
                open_private(self.app, m, e.player,
                             lambda: EnvelopeScene(self.app, m, e.player, (acc.suspect, acc.weapon, acc.room),
                                                   e.cards),
                             reason=_("Look into the envelope."))
        elif isinstance(e, ev.AccusationMade):
            self.anim = anim.Pause(BOARD_PAUSES[ev.AccusationMade] / speed)
        elif isinstance(e, ev.PlayerEliminated):
            self.app.play("wrong")
            self.anim = anim.Pause(BOARD_PAUSES[ev.PlayerEliminated] / speed)
        elif isinstance(e, ev.GameWon):
            self.app.play("chime")
        elif isinstance(e, ev.SuggestionMade):
            self.anim = anim.Pause(BOARD_PAUSES[ev.SuggestionMade] / speed)
        elif isinstance(e, (ev.DisproveRequested, ev.NobodyDisproved)):
            self.anim = anim.Pause(BOARD_PAUSES[type(e)] / speed)

    def _weapon_glide(self, e: ev.WeaponMoved) -> anim.Glide:
        after = dict(self.shown_weapons)
        after[e.weapon] = e.room
        return anim.Glide("weapon", e.weapon, self._weapon_point(e.weapon, self.shown_weapons),
                          self._weapon_point(e.weapon, after), self.app.speed)

    def _weapon_point(self, weapon: str, where: dict[str, str]):
        room = where[weapon]
        rank = sorted(w for w, r in where.items() if r == room).index(weapon)
        return self.view.weapon_point(weapon, room, rank)

    def _land(self, suspect: str, pos) -> None:
        if isinstance(pos, str) and not isinstance(self.shown_pos.get(suspect), str):
            self.app.play("door")
        self.shown_pos[suspect] = pos

    def _land_weapon(self, e: ev.WeaponMoved) -> None:
        self.shown_weapons[e.weapon] = e.room

    def _finish_anim(self) -> None:
        after = getattr(self, "_after", None)
        self._after = None
        self.anim = None
        if after:
            after()

    # ============================================================= HUD state
    def buttons(self) -> list[Button]:
        """The buttons on the right now (Roll the die, Suggest, ..., the
        notebook), brought up to date with the game first."""
        self._refresh_buttons()
        return list(self.focus.buttons)

    def coach_target(self, action=None) -> pygame.Rect | None:
        """The coach's target for ``action``: its button (Roll, Secret
        passage, Suggest, Accuse, End turn, or the notebook for
        :data:`OPEN_NOTEBOOK`) or, for a :class:`Move`, the lit square or room
        (the cursor is put there)."""
        if isinstance(action, Move):
            dest = action.room or action.square
            return self.view.destination_rect(dest) if self.point_at(dest) else None
        wanted = self.open_notebook if action == OPEN_NOTEBOOK else {
            Roll: self.roll, TakePassage: self.passage, EndTurn: self.end_turn, Suggest: self.open_suggest,
            Accuse: self.open_accuse}.get(type(action))
        return focus_on(self, next((b for b in self.buttons() if b.on_press == wanted), None))

    def point_at(self, dest) -> bool:
        """Put the keyboard cursor on ``dest`` (a square or a room id) when it
        is one of the destinations of the roll; False when it is not."""
        dests = list(self.game.moves())
        if dest not in dests:
            return False
        self.cursor = dests.index(dest)
        return True

    def _refresh_buttons(self) -> None:
        g = self.game
        key = (len(g.events), g.actor, g.phase, self.busy)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        buttons: list[Button] = []
        if self.human_to_act and g.phase not in (Phase.MOVE, Phase.DISPROVE):
            kinds = {k for k in (Roll, TakePassage, Suggest, Accuse, EndTurn) if g.allows(k)}
            spec = [(Roll, _("Roll the die") if g.options.dice == 1 else _("Roll the dice"), self.roll), (TakePassage, _("Secret passage"), self.passage),
                    (Suggest, _("Suggest"), self.open_suggest), (EndTurn, _("End turn"), self.end_turn),
                    (Accuse, _("Accuse"), self.open_accuse)]
            for cls, label, fn in spec:
                if cls in kinds:
                    y = BUTTON_Y + len(buttons) * BUTTON_STEP
                    buttons.append(Button(pygame.Rect(BUTTON_X, y, BUTTON_W, BUTTON_H), label, fn))
        if self.match.humans and (self.human_to_act or not buttons):
            buttons.append(self.notebook_button)
        self.focus.set(buttons, 0)
        if g.phase is Phase.MOVE or not self.human_to_act:
            self.notebook_button.focused = False

    def _status(self) -> str:
        g, m = self.game, self.match
        if g.over:
            return _("The game is over.")
        actor = g.actor
        if not m.is_human(actor):
            if g.phase is Phase.DISPROVE:
                return fmt("{name} is choosing a card to show.", name=m.suspects[actor])
            return fmt("{name} is thinking…", name=m.suspects[actor])
        if self.busy:
            return self._busy_status()
        you = _("Your turn") if len(m.humans) == 1 else fmt("{name}, your turn", name=m.suspects[actor])
        return {
            Phase.START: you + ": " + (_("roll the die.") if g.options.dice == 1 else _("roll the dice.")),
            Phase.MOVE: _("Pick a lit square or room."),
            Phase.SUGGEST: _("Make a suggestion."),
            Phase.AFTER: _("Accuse, or end your turn."),
            Phase.DISPROVE: _("Show a card."),
        }.get(g.phase, "")

    def _busy_status(self) -> str:
        """What a person reads while events are still being played on their turn."""
        playing = self._playing
        if isinstance(playing, (ev.SuggestionMade, ev.TokenSummoned, ev.WeaponMoved, ev.DisproveRequested,
                                ev.CannotDisprove, ev.NobodyDisproved, ev.CardShown)) \
                or self.game.suggestion is not None:
            return _("Waiting for the players to the left to answer…")
        if isinstance(playing, ev.DieRolled):
            return _("Rolling the die…") if self.game.options.dice == 1 else _("Rolling the dice…")
        if isinstance(playing, ev.TokenMoved):
            return _("Moving…")
        if isinstance(playing, (ev.AccusationMade, ev.EnvelopeSeen, ev.PlayerEliminated, ev.GameWon)):
            return _("Checking the envelope…")
        return _("One moment…")

    def hint_line(self) -> str:
        """The key hint under the log ("N: notebook" only when people play)."""
        return prompts.fmt(_("{notebook}: notebook    {menu}: menu")) if self.match.humans else prompts.fmt(_("{menu}: menu"))

    def _log_render(self) -> list[str]:
        key = len(self.match.log)
        if key != self._log_key:
            self._log_key = key
            lines: list[str] = []
            cache = self.__dict__.setdefault("_wrap_cache", {})
            for entry in self.match.log[-14:]:
                if entry not in cache:
                    cache[entry] = theme.wrap(entry, LOG_RECT.width - 28, LOG_SIZE)
                lines.extend(cache[entry])
            room = LOG_RECT.height - 70 - len(self._rules_lines()) * log_line()   # the rules line takes the bottom
            self._log_lines = lines[-(room // log_line()):]
        return self._log_lines

    def _rules_lines(self) -> list[str]:
        """The active rules in one line of plain words (wrapped when long),
        shown at the bottom of the log panel, e.g. "Rules: Classic (U.S.)"."""
        from game.ui.scenes.rules import rules_line

        key = (_("Rules: {rules}"), theme.text_scale())
        if getattr(self, "_rules_key", None) != key:
            self._rules_key = key
            self._rules_cache = theme.wrap(rules_line(self.game.options), LOG_RECT.width - 28, LOG_SIZE)
        return self._rules_cache

    def _rules_top(self) -> int:
        """Where the rules lines start (pixels): just above the key hint."""
        hint_h = theme.font(theme.SMALL).get_height()
        return LOG_RECT.bottom - 8 - hint_h - 2 - len(self._rules_lines()) * log_line()

    # =============================================================== draw
    def _backdrop(self) -> pygame.Surface:
        """Everything that never changes: background, board, HUD panels (cached)."""
        if getattr(self, "_backdrop_surf", None) is None or self._backdrop_hint != self.hint_line():
            self._backdrop_hint = self.hint_line()
            s = pygame.Surface(self.app.window.surface.get_size()).convert()
            theme.background(s)
            s.blit(self.view.static, self.view.origin)
            theme.panel(s, TURN_RECT)
            theme.panel(s, self.die_rect, theme.PANEL)
            theme.panel(s, LOG_RECT, (60, 40, 30))
            theme.blit_text(s, _("What happened"), (LOG_RECT.left + 14, LOG_RECT.top + 8), theme.SMALL,
                            theme.BRASS, True)
            theme.blit_text(s, self.hint_line(), (LOG_RECT.right - 14, LOG_RECT.bottom - 8),
                            theme.SMALL, (170, 150, 120), False, "bottomright")
            for i, line in enumerate(self._rules_lines()):
                theme.blit_text(s, line, (LOG_RECT.left + 14, self._rules_top() + i * log_line()), LOG_SIZE,
                                (214, 176, 96))
            self._backdrop_surf = s
        return self._backdrop_surf

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._backdrop(), (0, 0))
        v = self.view
        g = self.game
        moving = g.phase is Phase.MOVE and self.human_to_act
        if moving:
            key = (len(g.events),)
            if key != self._highlight_key:
                self._highlight_key = key
                self._highlight = v.highlight(g.moves())
            surface.blit(self._highlight, v.origin)
            dests = list(g.moves())
            if dests:
                v.draw_cursor(surface, dests[self.cursor % len(dests)], self.t)
        a = self.anim
        parts = a.parts if isinstance(a, anim.Group) else [a] if a is not None else []
        moving_items = {(p.kind if isinstance(p, anim.Glide) else "token",
                         p.item if isinstance(p, anim.Glide) else p.suspect)
                        for p in parts if isinstance(p, (anim.Glide, anim.Walk))}
        for w, room in self.shown_weapons.items():
            if ("weapon", w) not in moving_items:
                v.draw_weapon(surface, w, self._weapon_point(w, self.shown_weapons))
        active = g.seats[g.turn].suspect
        for s in SUSPECTS:
            if ("token", s) in moving_items or s not in self.shown_pos:   # 001: only the played suspects
                continue
            v.draw_token(surface, s, v.token_point(s, self.shown_pos[s]),
                         self.t if s == active and not g.over else None)
        for p in parts:
            if isinstance(p, anim.Walk):
                v.draw_token(surface, p.suspect, p.point)
            elif isinstance(p, anim.Glide):
                (v.draw_token if p.kind == "token" else v.draw_weapon)(surface, p.item, p.point)
        self._draw_hud(surface)

    def _draw_hud(self, surface: pygame.Surface) -> None:
        g, m = self.game, self.match
        self._refresh_buttons()
        # whose turn
        suspect = g.seats[g.turn].suspect
        img = assets.token(suspect, 56)
        surface.blit(img, img.get_rect(center=(TURN_RECT.left + 40, TURN_RECT.centery)))
        who = m.seat_name(g.turn)
        theme.blit_text(surface, who, (TURN_RECT.left + 80, TURN_RECT.top + 10), theme.HEADING, theme.CREAM, True,
                        max_width=TURN_RECT.width - 90)
        kind = _("Person") if m.is_human(g.turn) else _("Computer")
        status = self._status()
        r = theme.blit_text(surface, status or kind, (TURN_RECT.left + 80, TURN_RECT.top + 50), theme.SMALL,
                            theme.BRASS, max_width=TURN_RECT.width - 90)
        if self.pending is not None and not self.busy:
            self._draw_thinking(surface, r)
        # the die (or two dice, one above the other)
        self._draw_dice(surface)
        # actions
        self.focus.draw(surface)
        if self.human_to_act and g.phase is Phase.MOVE:
            theme.blit_wrapped(surface, prompts.fmt(_("Pick where to go: click a lit square or room, or use {move} "
                                                       "and press {confirm}.")), pygame.Rect(BUTTON_X, BUTTON_Y + 4, BUTTON_W, 200),
                               theme.BODY, theme.CREAM)
        elif not m.is_human(g.actor) and not g.over:
            theme.blit_wrapped(surface, prompts.fmt(_("Computer players are taking their turn. Press {confirm} or click "
                                                       "to hurry them.")), pygame.Rect(BUTTON_X, BUTTON_Y + 4, BUTTON_W, 200),
                               theme.SMALL, theme.MUTED)
        # log
        lines = self._log_render()
        y = LOG_RECT.top + 38
        for i, line in enumerate(lines):
            colour = theme.CREAM if i >= len(lines) - 3 else theme.MUTED
            theme.blit_text(surface, line, (LOG_RECT.left + 14, y), LOG_SIZE, colour)
            y += log_line()

    def die_centres(self) -> list[tuple[int, int]]:
        """The centre of each die's face in the HUD (one per die of the rules)."""
        n = self.game.options.dice
        step = self.die_rect.height // n
        return [(self.die_rect.centerx, self.die_rect.top + step * i + step // 2) for i in range(n)]

    def _draw_dice(self, surface: pygame.Surface) -> None:
        a = self.anim
        rolls = [a] if isinstance(a, anim.DieRoll) else [p for p in a.parts if isinstance(p, anim.DieRoll)] \
            if isinstance(a, anim.Group) else []
        for i, centre in enumerate(self.die_centres()):
            if rolls and i < len(rolls):
                roll = rolls[i]
                face = assets.die_face(roll.face, 84)
                if roll.angle:
                    face = pygame.transform.rotate(face, roll.angle % 90 - 45)
                surface.blit(face, face.get_rect(center=(centre[0], centre[1] - int(roll.offset))))
            elif self.die_value and i < len(self.dice_faces):
                face = assets.die_face(min(6, self.dice_faces[i]), 84)
                surface.blit(face, face.get_rect(center=centre))
            else:
                r = pygame.Rect(0, 0, 84, 84)
                r.center = centre
                pygame.draw.rect(surface, (110, 80, 60), r, 3, border_radius=14)
                theme.blit_text(surface, "?", r.center, theme.TITLE, (150, 120, 90), True, "center")

    def _draw_thinking(self, surface: pygame.Surface, text_rect: pygame.Rect) -> None:
        """Three pulsing dots after the "… is thinking" line (a computer player's turn)."""
        x = min(text_rect.right + 16, TURN_RECT.right - 50)
        y = TURN_RECT.top + 61
        for i in range(3):
            glow = 0.5 + 0.5 * math.sin(self.t * 6 - i * 0.9)
            colour = tuple(int(a + (b - a) * glow) for a, b in zip(theme.PANEL_EDGE, theme.BRASS))
            pygame.draw.circle(surface, colour, (x + i * 14, y), 4 + int(glow * 1.5))

    def widgets(self) -> list:
        self._refresh_buttons()
        out: list = list(self.focus.buttons)
        g = self.game
        out.append(Label(pygame.Rect(TURN_RECT.left + 80, TURN_RECT.top + 10, TURN_RECT.width - 90, 36),
                         self.match.seat_name(g.turn), theme.HEADING, True))
        status = [self._status()] + [fmt(t, name=s) for t in ("{name} is choosing a card to show.",
                                                               "{name} is thinking…") for s in SUSPECTS]
        status += [_("Waiting for the players to the left to answer…"), _("Checking the envelope…")]
        for text in status:                   # every status line, with every suspect's name
            out.append(Label(pygame.Rect(TURN_RECT.left + 80, TURN_RECT.top + 48, TURN_RECT.width - 90, 28), text,
                             theme.SMALL))
        for line in self._log_render():
            out.append(Label(pygame.Rect(LOG_RECT.left + 14, 0, LOG_RECT.width - 28, LOG_LINE), line, LOG_SIZE))
        for i, line in enumerate(self._rules_lines()):
            out.append(Label(pygame.Rect(LOG_RECT.left + 14, self._rules_top() + i * log_line(), LOG_RECT.width - 28,
                                         log_line()), line, LOG_SIZE))
        return out

