"""The board game's panels: the mansion on the left; on the right whose turn
it is (with the status line), the die or dice, the buttons of a person's
turn, and the public log with the active rules under it.  Where each part
goes depends on the layout in use, standard or TV
(:mod:`game.ui.mansion.boardlayout`, ``self.hud``).

:class:`BoardPanels` is the drawing half of
:class:`~game.ui.board.table.BoardScene` (a mixin, typed as the
:class:`~game.ui.bases.table.TableScene` it is mixed into): it reads the places,
die and animation the scene keeps (declared on the class) and calls the
scene's actions (:meth:`BoardPanels.roll` ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, TypeVar

import pygame

from game.ai.levels import distances_to
from game.rules import events as ev
from game.rules.actions import Accuse, EndTurn, Move, Roll, Suggest, TakePassage
from game.rules.cards import SUSPECTS
from game.rules.engine import Game, Phase
from game.ui.bases.banner import banner_label, begin_scenery, draw_banner
from game.ui.bases.notebook import accuse_ready
from game.ui.bases.table import (
    TableScene,
    draw_log_frame,
    draw_thinking,
    draw_turn,
    log_frame_rows,
    scroll_hint,
    status_rect,
    thinking_rect,
    turn_labels,
)
from game.ui.board import feltview
from game.ui.board.feltview import seat_rects, seat_surname
from game.ui.board.match import Match
from game.ui.board.moments import SuggestionShow, draw_suggestion
from game.ui.board.rules_text import rules_line
from game.ui.draw import anim, assets, gfx, tabletop, theme
from game.ui.draw.anim import Animation, Banner
from game.ui.draw.layers import PanelLayers
from game.ui.draw.widgets import Button, Label
from game.ui.mansion.boardlayout import STANDARD, BoardLayout
from game.ui.mansion.boardview import BoardView, Lit, Stepped
from game.ui.mansion.drawing import case_file_boxes
from game.ui.shell import prompts
from game.ui.shell.i18n import N_, _, fmt, level_label, nfmt
from game.ui.shell.input import Kind
from game.ui.shell.scene import OPEN_NOTEBOOK, focus_on

#: HUD geometry of the standard layout (logical pixels); the scene reads its own
#: layout's (``self.hud``: :class:`~game.ui.mansion.boardlayout.BoardLayout`).
HUD_X, HUD_W = STANDARD.hud_x, STANDARD.hud_w
TURN_RECT = STANDARD.turn_rect
DIE_RECT = STANDARD.die_rect
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_STEP, BUTTON_Y = (STANDARD.button_x, STANDARD.button_w, STANDARD.button_h,
                                                      STANDARD.button_step, STANDARD.button_y)
NOTEBOOK_SLOT = 5
#: Pixels between a banner kept over the board and the panels right of it.
BANNER_GAP = 6
LOG_RECT = STANDARD.log_rect
LOG_SIZE, LOG_LINE = theme.SMALL, 25
#: The rules line's ink under the log (tools/measure_table.py tells it from the entries by it).
RULES_INK = (214, 176, 96)
#: What a person reads while these events are played on their turn.
ANSWERING = (ev.SuggestionMade, ev.TokenSummoned, ev.WeaponMoved, ev.DisproveRequested, ev.CannotDisprove,
             ev.NobodyDisproved, ev.CardShown)
CHECKING = (ev.AccusationMade, ev.EnvelopeSeen, ev.PlayerEliminated, ev.GameWon)
T = TypeVar("T")


def log_line() -> int:
    """Pixels from one log line to the next (more with the larger text)."""
    return max(LOG_LINE, theme.font(LOG_SIZE).get_linesize() + 1)


#: The largest side of a die's face rolled on the board (TV layout), logical pixels.
BOARD_DIE = 60
#: Pixels at least between the envelope's picture and the die on the board (the TV layout)
DIE_GAP = 8
#: The standard die's face in its tray, logical pixels.
TRAY_DIE = 84


def die_panel(dice: int, view=None) -> pygame.Rect:
    """The die panel of ``view``'s layout (a :class:`~game.ui.mansion.boardview.BoardView`;
    None: the standard layout): beside the buttons, taller with two dice, one
    face above the other; or in the TV layout on the board, at the bottom of
    the case-file space (the map's envelope squares) so that the envelope's
    picture in its middle stays in view, two dice side by side."""
    layout = view.layout if view is not None else STANDARD
    if layout.die_on_board and view.board.envelope:
        squares = [view.square_rect(sq) for sq in view.board.envelope]
        case = squares[0].unionall(squares[1:])
        _folder, env = case_file_boxes(view.board)
        below = view.origin[1] + (env[1] + env[3]) * view.cell[1] + DIE_GAP   # the envelope's bottom edge, and a gap
        # room for the velvet's edge and a gap across; down, the die keeps off the envelope's edge
        side = max(24, min(BOARD_DIE, (case.width - 16) // dice - 4, int(case.bottom - 4 - below) - 4))
        r = pygame.Rect(0, 0, (side + 4) * dice, side + 4)
        r.midbottom = (case.centerx, case.bottom - 4)
        return r
    die = layout.die_rect
    return die if dice == 1 else die.inflate(0, die.height).move(0, die.height // 2)


_RESTING: dict[tuple[int, int], pygame.Surface] = {}
gfx.on_scale_change(_RESTING.clear)     # pictures made for one output scale


def _die_at_rest(px: int, angle: int) -> pygame.Surface:
    """:func:`~game.ui.draw.assets.die_at_rest` of side ``px`` turned ``angle`` degrees (kept:
    the die lies still in most frames)."""
    face = _RESTING.get((px, angle))
    if face is None:
        face = _RESTING[px, angle] = gfx.rotate(assets.die_at_rest(px), angle)
    return face


def log_text_area(layout: BoardLayout, rules_lines: int = 0) -> pygame.Rect:
    """Where the log's entries go in ``layout`` (logical pixels): under the
    panel's heading, above ``rules_lines`` lines of the active rules (0: they
    share the key hint's row) and the key hint."""
    log = layout.log_rect
    top, bottom = log_frame_rows(log)
    return pygame.Rect(log.left + 14, top, log.width - 28, bottom - rules_lines * log_line() - top)


def hint_text(humans: bool) -> str:
    """The key hint under the log: the notebook's key and the menu's ("N:
    notebook    M: menu"), the menu's alone when nobody at the table is a person."""
    return prompts.fmt(_("{notebook}: notebook    {menu}: menu")) if humans else prompts.fmt(_("{menu}: menu"))


def rules_rows(layout: BoardLayout, options, humans: bool) -> tuple[list[str], bool, str]:
    """The active rules ``options`` at the bottom of ``layout``'s log panel:
    (their lines, True when they share the key hint's row, the key hint drawn).

    The rules go left of the hint on its row when they fit beside it; else
    beside the menu's key alone (the notebook's key is on its own button),
    so the log keeps a line for its entries; else wrapped above the hint."""
    line, width = rules_line(options), layout.log_rect.width - 28
    full = hint_text(humans)
    for hint in dict.fromkeys((full, hint_text(False))):
        if theme.font(LOG_SIZE).size(line)[0] <= width - theme.font(theme.SMALL).size(hint)[0] - 24:
            return [line], True, hint
    return theme.wrap(line, width, LOG_SIZE), False, full


def table_panels(layout: BoardLayout) -> dict[str, pygame.Rect]:
    """The framed panels of ``layout`` by name (logical pixels), for measuring their edges."""
    return {"turn": layout.turn_rect, "table": layout.table_rect, "log": layout.log_rect}


def button_rect(layout: BoardLayout, slot: int) -> pygame.Rect:
    """The rectangle of the button in place ``slot`` (0 at the top; the
    notebook's is :data:`NOTEBOOK_SLOT`: under the seats' column, where a layout has one, it
    spans the panel, so that its label fits in every language)."""
    if slot == NOTEBOOK_SLOT and layout.seats_rect is not None:
        return pygame.Rect(layout.hud_x, layout.button_y + slot * layout.button_step, layout.hud_w, layout.button_h)
    return pygame.Rect(layout.button_x, layout.button_y + slot * layout.button_step, layout.button_w, layout.button_h)



#: The way from a token to a square, by the signs of (columns, rows) moved: rows grow downwards.
WAYS = {(0, -1): N_("up"), (0, 1): N_("down"), (-1, 0): N_("left"), (1, 0): N_("right"),
        (-1, -1): N_("up and left"), (1, -1): N_("up and right"), (-1, 1): N_("down and left"),
        (1, 1): N_("down and right"), (0, 0): N_("here")}


def rooms_by_distance(board, start) -> list[str]:
    """The room ids a token at ``start`` (a square or a room id) may head for,
    nearest first by walking (the room it stands in left out; ties in the map's order)."""
    rooms = [room for room in board.rooms if room != start]
    return sorted(rooms, key=lambda room: distances_to(board, room).get(start, 99))


def nearest_to(board, dests: list, room: str) -> int:
    """The index in ``dests`` (a roll's destinations) of the one fewest steps
    from ``room`` (the room itself when it can be entered)."""
    far = distances_to(board, room)
    return min(range(len(dests)), key=lambda i: 0 if dests[i] == room else far.get(dests[i], 99))


def square_way(board, start, dest: tuple[int, int], room: str | None = None) -> tuple[str, str, int]:
    """Where the corridor square ``dest`` lies for a token at ``start`` (a
    square, or a room id: its squares' middle), for a person who cannot see the
    board: the way in words ("up and left", in the language in use: a side
    counts when it is at least half the other), the room id nearest to
    ``dest`` by walking (not the room the token is in) — or ``room`` when
    given (the room the listener heads for) — and the steps from ``dest`` into
    that room (1: ``dest`` is in front of its door; other tokens are not counted)."""
    in_room = start if isinstance(start, str) else None
    if in_room is not None:
        squares = board.rooms[in_room].squares
        start = (sum(c for c, _r in squares) / len(squares), sum(r for _c, r in squares) / len(squares))
    dx, dy = dest[0] - start[0], dest[1] - start[1]
    sx = (dx > 0) - (dx < 0) if abs(dx) >= max(1, abs(dy) / 2) else 0
    sy = (dy > 0) - (dy < 0) if abs(dy) >= max(1, abs(dx) / 2) else 0
    if room is not None:
        return _(WAYS[sx, sy]), room, distances_to(board, room).get(dest, 99)
    far = {r: distances_to(board, r).get(dest, 99) for r in board.rooms if r != in_room}
    near = min(far, key=lambda r: far[r])
    return _(WAYS[sx, sy]), near, far[near]


def heading_news(board, start, room: str, dest) -> str:
    """What Tab says of ``room`` (the room just chosen to head for) for a token
    at ``start`` (a square or a room id) after its roll, the cursor on
    ``dest``: its distance ("The Kitchen: 7 steps away, out of reach this
    turn."); from a room whose secret passage leads there, that passage, which
    is taken instead of rolling, so not after this roll (000 "Secret passages
    and blocked doors" 3); and when ``dest`` is another room, why the cursor
    went there (its passage leads to ``room``)."""
    if isinstance(start, str) and board.passage(start) == room:
        text = fmt("{room_the}: by the secret passage from here. Not now, you have rolled: on your next turn, "
                   "take the passage instead of rolling.", room=room)
    else:
        away = distances_to(board, room).get(start, 99)
        text = nfmt("{room_the}: {n} step away, out of reach this turn.",
                    "{room_the}: {n} steps away, out of reach this turn.", away, room=room)
    if isinstance(dest, str) and dest != room and board.passage(dest) == room:
        text += " " + fmt("The {room} has a secret passage to the {target}.", room=dest, target=room)
    return text


def first_choice(board, start, dests: list) -> int:
    """Where the cursor starts among a roll's destinations ``dests``: the
    first room that can be entered, else the square with the fewest steps on
    into a room (:func:`square_way`), so a listener hears the best one first."""
    rooms = [i for i, d in enumerate(dests) if isinstance(d, str)]
    if rooms or not dests:
        return rooms[0] if rooms else 0
    return min(range(len(dests)), key=lambda i: square_way(board, start, dests[i])[2])


if TYPE_CHECKING:
    # the type checker reads the panels as the table scene they are mixed into; at run time they
    # are a plain mixin, so that this module defines no scene (scene modules are made by name)
    _Table = TableScene[Match, Game]
else:
    _Table = object


class BoardPanels(_Table):
    """What the board scene draws and says (see the module)."""

    # The scene's state, kept by :class:`~game.ui.board.table.BoardScene`.
    #: the mansion's drawing in the layout in use
    view: BoardView
    #: the animation being played (a die, a walk, a glide or a group of them), or None
    anim: Animation | None
    #: where the tokens and weapons are drawn (behind the engine while an animation plays)
    shown_pos: dict[str, ev.Position]
    shown_weapons: dict[str, str]
    #: the last roll's total and faces (one per die), None before the turn's roll
    die_value: int | None
    dice_faces: tuple[int, ...]
    #: the die panel (logical pixels)
    die_rect: pygame.Rect
    #: the keyboard cursor among the roll's destinations
    cursor: int
    #: the room a listener chose to head for this roll (Tab, LB), or None: each square names its nearest
    target: str | None
    #: True from choosing :attr:`target` until the next arrow: the focus line names it and its distance first
    target_news: bool
    #: per person, the roll (its events' count) whose prompt said in full how to choose where to go
    how_told: dict[int, int]
    #: the suggestion on show, or None
    suggestion_show: SuggestionShow | None
    #: the banner "You were brought to the Kitchen!" waiting for the pulled-in person's turn, or None
    pulled_banner: Banner | None
    #: True while a person's card-to-show screen is open
    disprove_open: bool
    #: what happens when the animation is over (a token lands), or None
    _after: Callable[[], None] | None
    notebook_button: Button
    #: the event being played (for the status line), or None
    _playing: ev.Event | None
    #: the lit squares of a move and the game's moment they were lit for (None: light them again)
    _highlight_key: tuple[int] | None
    _highlight: Lit | None
    #: the backdrop and the key hints drawn on it (None: draw it again)
    _backdrop_surf: pygame.Surface | None = None
    _backdrop_hint: tuple[str, str]
    _rules_key: tuple[Any, ...]
    _rules_cache: tuple[list[str], bool, str]

    # The scene's actions (:class:`~game.ui.board.table.BoardScene`), which the buttons call.
    def roll(self) -> None:
        """Roll the die or dice."""
        raise NotImplementedError

    def passage(self) -> None:
        """Take the secret passage."""
        raise NotImplementedError

    def end_turn(self) -> None:
        """End the turn."""
        raise NotImplementedError

    def open_suggest(self, auto: bool = False) -> None:
        """Open the suggestion picker (``auto``: opened by itself on entering a room)."""
        raise NotImplementedError

    def open_accuse(self) -> None:
        """Open the accusation picker."""
        raise NotImplementedError

    def open_notebook(self, seat: int | None = None) -> None:
        """Open ``seat``'s notebook, or that of the person who may look now."""
        raise NotImplementedError

    def point_at(self, dest: ev.Position) -> bool:
        """Put the keyboard cursor on ``dest``; False when it is not a destination of the roll."""
        raise NotImplementedError

    def relayout(self) -> None:
        """Place the panels again in the layout in use."""
        raise NotImplementedError

    def move_cursor(self) -> int:
        """The index among the roll's destinations under the keyboard cursor."""
        raise NotImplementedError

    @property
    def hud(self) -> BoardLayout:
        """The layout in use: the board view's."""
        return self.view.layout

    @property
    def log_panel(self) -> pygame.Rect:
        """Where the mouse wheel scrolls the log (:func:`game.ui.bases.table.scroll_log`): the layout's log panel."""
        return self.hud.log_rect

    def too_soon_area(self) -> pygame.Rect:
        """The "Too fast!" words go over the log's last lines: along the screen's bottom they hid
        the board's bottom row of squares (the board takes the window's whole height)."""
        return self.hud.log_rect

    # ============================================================ buttons
    def buttons(self) -> list[Button]:
        """The buttons on the right now (Roll the die, Suggest, ..., the
        notebook), brought up to date with the game first."""
        self.refresh_buttons()
        return list(self.focus.buttons)

    def build_buttons(self) -> None:
        """A person's turn: a button for each kind of legal action (not while
        moving or choosing a card to show), and the notebook."""
        g = self.game
        buttons: list[Button] = []
        if self.human_to_act and g.phase not in (Phase.MOVE, Phase.DISPROVE) and not self.phone_plays:
            kinds = {k for k in (Roll, TakePassage, Suggest, Accuse, EndTurn) if g.allows(k)}
            spec = [(Roll, _("Roll the die") if g.options.dice == 1 else _("Roll the dice"), self.roll),
                    (TakePassage, _("Secret passage"), self.passage),
                    (Suggest, _("Suggest"), self.open_suggest), (EndTurn, _("End turn"), self.end_turn),
                    (Accuse, _("Accuse"), self.open_accuse)]
            for cls, label, fn in spec:
                if cls in kinds:
                    buttons.append(Button(button_rect(self.hud, len(buttons)), label, fn))
        if self.match.humans and (self.human_to_act or not buttons):
            buttons.append(self.notebook_button)
        accuse = next((i for i, b in enumerate(buttons) if b.on_press == self.open_accuse), None)
        # alone, once "You can accuse now" was said, Enter must not end the turn instead (at a
        # shared table the focus would tell the room, so there it stays on the first button)
        ready = accuse is not None and not self.match.needs_cover and accuse_ready(self.match, g.actor)
        self.focus.set(buttons, accuse if ready and accuse is not None else 0)
        if g.phase is Phase.MOVE or not self.human_to_act or self.phone_plays:
            self.notebook_button.focused = False    # Enter at the TV opens nothing then: no "Enter" on it

    def coach_target(self, action=None) -> pygame.Rect | None:
        """The coach's target for ``action``: its button (Roll, Secret
        passage, Suggest, Accuse, End turn, or the notebook for
        :data:`OPEN_NOTEBOOK`) or, for a :class:`Move`, the lit square or room
        (the cursor is put there)."""
        if isinstance(action, Move):
            dest = action.room or action.square
            if dest is None:
                return None
            return self.view.destination_rect(dest) if self.point_at(dest) else None
        wanted = self.open_notebook if action == OPEN_NOTEBOOK else {
            Roll: self.roll, TakePassage: self.passage, EndTurn: self.end_turn, Suggest: self.open_suggest,
            Accuse: self.open_accuse}.get(type(action))
        return focus_on(self, next((b for b in self.buttons() if b.on_press == wanted), None))

    def coach_keep_clear(self) -> list[pygame.Rect]:
        """The buttons (:meth:`Scene.coach_keep_clear`) and the board itself
        (logical pixels): the coach's bubble covers them least."""
        return super().coach_keep_clear() + [self.view.rect]

    def coach_keep_whole(self) -> list[pygame.Rect]:
        """The log's heading row and its newest entry in view (logical pixels):
        the lesson talks about that line ("You rolled a 4." over "Miss
        Scarlet rolls a 4."), so the bubble never hides it, nor cuts the heading."""
        log = self.hud.log_rect
        rows_top, _bottom = log_frame_rows(log)
        out = [pygame.Rect(log.left, log.top, log.width, rows_top - log.top)]
        blocks = self.log_blocks()
        if blocks and blocks[-1].index == self.log_view.total - 1:
            area = self.log_view.area
            out.append(pygame.Rect(area.left, blocks[-1].top, area.width, blocks[-1].height))
        return out

    # ============================================================== texts
    def _status(self) -> str:
        """What happens now, in one line."""
        g, m = self.game, self.match
        if g.over:      # the last accusation is still being played: saying "over" now would give the end away
            return self._busy_status() if self.busy else _("The game is over.")
        actor = g.actor
        if not m.is_human(actor):
            if g.phase is Phase.DISPROVE:
                return fmt("{name} picks a card to show.", name=m.suspects[actor])
            return fmt("{name} is thinking…", name=m.suspects[actor])
        if self.busy:
            return self._busy_status()
        note = getattr(self, "room_note", None)      # why Tab found no room, while the turn is where it was
        if note is not None and note[1] == (len(g.events), g.phase):
            return note[0]
        you = _("Your turn") if len(m.humans) == 1 else fmt("{name}, your turn", name=m.suspects[actor])
        if g.phase is Phase.START:
            words = self._start_words()
            return you + ": " + words if words in (_("roll the die."), _("roll the dice.")) else words
        return {
            Phase.MOVE: _("Pick a lit square or room."),
            Phase.SUGGEST: _("Make a suggestion."),
            Phase.AFTER: _("Accuse, or end your turn."),
            Phase.DISPROVE: _("Show a card."),
        }.get(g.phase, "")

    def _start_words(self) -> str:
        """What a turn's start offers, said truly: roll ("roll the die.", after
        "Your turn: "); or, pulled into a room by a suggestion, suggest there
        without rolling (000 "Secret passages and blocked doors" 3); or, with
        the door blocked by a token, the secret passage or ending the turn
        (000 "Secret passages and blocked doors" 1-2) -- these two are whole
        sentences (the panel's heading already names whose turn it is)."""
        g = self.game
        one = g.options.dice == 1
        if g.allows(Roll):
            if g.allows(Suggest):
                return _("Suggest here, or roll the die.") if one else _("Suggest here, or roll the dice.")
            return _("roll the die.") if one else _("roll the dice.")
        if g.allows(Suggest):       # pulled in by a suggestion, and a token on the door: suggesting still works
            return _("Door blocked: suggest here.")
        return _("Door blocked: take the passage.") if g.allows(TakePassage) else _("Door blocked: end your turn.")

    @staticmethod
    def start_texts() -> list[str]:
        """Every status a turn's start may show, for every seat's name (the text-fit test)."""
        rolls = [_("roll the die."), _("roll the dice.")]
        yous = [_("Your turn")] + [fmt("{name}, your turn", name=s) for s in SUSPECTS]
        return [you + ": " + w for you in yous for w in rolls] + [
            _(w) for w in ("Suggest here, or roll the die.", "Suggest here, or roll the dice.",
                           "Door blocked: take the passage.", "Door blocked: end your turn.",
                           "Door blocked: suggest here.")]

    def speech_prompt(self) -> str | None:
        """Read aloud on a person's turn: what to do now (the status line;
        while choosing where to go, also how: the arrows name each place, Enter
        goes there, Tab or LB picks a room to head for -- in full at that
        person's first roll, then only "Tab: a room to head for."); nothing
        while others play (their log lines say it)."""
        if not self.human_to_act:
            return None
        status = self._status()
        g = self.game
        if g.phase is Phase.MOVE and not self.busy and g.moves():
            # in full at a person's first roll (and in the lesson); then briefly: 8 s at every roll was too long
            if self.how_told.setdefault(g.actor, len(g.events)) != len(g.events) and self.app.coach is None:
                return status + " " + prompts.fmt(_("{room}: a room to head for."))
            how = (_("Use the arrow keys to hear each place, then press {confirm} to go there.")
                   if prompts.move_label() == _("Arrows") else
                   _("Use {move} to hear each place, then press {confirm} to go there."))
            status += " " + prompts.fmt(how) + " " + prompts.fmt(_("Press {room} to choose a room to head for."))
        return status

    def speech_focus(self) -> str | None:
        """Read aloud while a person picks where to go: the lit room or square
        under the cursor ("The Kitchen — you can go in — press Enter", "Square 2
        of 5: up and left; the Kitchen is 3 steps away — press Enter":
        :func:`square_way`, the steps to the room chosen to head for when there
        is one, after its name and distance just after it was chosen: "The
        Kitchen: 7 steps away, out of reach this turn. Square ..."); else the
        focused button (:meth:`Scene.speech_focus`)."""
        if self.human_to_act and not self.busy and self.game.phase is Phase.MOVE:
            dests = list(self.game.moves())
            if dests:
                dest = dests[self.move_cursor()]
                confirm = prompts.label(Kind.CONFIRM)
                if isinstance(dest, str):
                    line = fmt("{label} — press {confirm}", confirm=confirm,
                               label=fmt("{room_the} — you can go in", room=dest))
                else:
                    squares = [d for d in dests if not isinstance(d, str)]
                    way, room, far = square_way(self.game.board, self.my_position(), dest, self.target)
                    line = fmt("{label} — press {confirm}", confirm=confirm, label=nfmt(
                        "Square {square} of {count}: {way}; {room_the} is {n} step away",
                        "Square {square} of {count}: {way}; {room_the} is {n} steps away", far,
                        square=squares.index(dest) + 1, count=len(squares), way=way, room=room))
                # the room just chosen is named first, also when the lit place nearest to it is another room
                if self.target is not None and self.target_news and dest != self.target:
                    line = heading_news(self.game.board, self.my_position(), self.target, dest) + " " + line
                return line
        if not self.human_to_act:
            # while the table plays (the others answering), a turn's button is not the thing to do
            nb = self.notebook_button
            return nb.spoken() if nb.focused and self.match.humans else None
        self.refresh_buttons()       # the buttons of this moment, not those of the frame drawn last
        return super().speech_focus()

    def my_position(self):
        """Where the token of the seat to act stands: a corridor square or a room id."""
        return self.game.positions[self.game.seats[self.game.actor].suspect]

    def _busy_status(self) -> str:
        """What a person reads while events are still being played on their turn."""
        playing = self._playing
        if isinstance(playing, ANSWERING) or self.game.suggestion is not None:
            return _("Waiting for the others to answer…")
        if isinstance(playing, ev.DieRolled):
            return _("Rolling the die…") if self.game.options.dice == 1 else _("Rolling the dice…")
        if isinstance(playing, ev.TokenMoved):
            return _("Moving…")
        if isinstance(playing, CHECKING):
            return _("Checking the envelope…")
        return _("One moment…")

    def hint_line(self) -> str:
        """The key hint under the log ("N: notebook" only when people play)."""
        return hint_text(bool(self.match.humans))

    def log_blocks(self) -> list:
        """The log entries in view (:meth:`game.ui.draw.logview.LogView.layout`), above the rules line."""
        area = log_text_area(self.hud, self._rules_above())
        return self.log_view.layout(self.match.log_entries(), area, LOG_SIZE, log_line())

    def _rules_rows(self) -> tuple[list[str], bool, str]:
        """:func:`rules_rows` for this game and layout (cached), e.g. "Rules: Classic (U.S.)"."""
        key = (_("Rules: {rules}"), theme.text_scale(), self.hint_line(), self.hud.name)
        if getattr(self, "_rules_key", None) != key:
            self._rules_key = key
            self._rules_cache = rules_rows(self.hud, self.game.options, bool(self.match.humans))
        return self._rules_cache

    def _rules_lines(self) -> list[str]:
        """The active rules in plain words (wrapped when long), at the bottom of the log panel."""
        return self._rules_rows()[0]

    def _rules_above(self) -> int:
        """How many rules lines stand above the key hint's row (0: the rules share it)."""
        lines, beside, _hint = self._rules_rows()
        return 0 if beside else len(lines)

    def _rules_top(self) -> int:
        """Where the rules lines start (pixels): on the key hint's row, or just above it."""
        log = self.hud.log_rect
        hint_top = log.bottom - 6 - theme.font(theme.SMALL).get_height()
        return hint_top - self._rules_above() * log_line()

    # =============================================================== draw
    def _backdrop(self) -> pygame.Surface:
        """Everything that never changes: background, board, HUD panels (cached)."""
        hint = self._rules_rows()[2]
        if self._backdrop_surf is None or self._backdrop_hint != (hint, scroll_hint()):
            self._backdrop_hint = (hint, scroll_hint())
            # the board's picture is taken out of the old picture (where the view keeps it) first
            board = self.view.static
            # the old picture (a whole screen) goes before the new one is painted, not after
            self._backdrop_surf = None
            self.layers.let_go()
            # a whole screen and the panels' pictures painted into it: made room for in the pictures' budget
            gfx.make_room(2 * gfx.device_bytes(self.app.window.surface))
            s = gfx.opaque(self.app.window.surface.get_size())
            theme.background(s)
            s.blit(board, self.view.origin)
            del board
            # no panel is painted over the board: the view keeps its picture in this one, not beside it
            self.view.painted_into(s)
            with gfx.not_kept():        # the panels' large pictures live on in this picture alone
                tabletop.panel(s, self.hud.turn_rect)
                tabletop.felt_panel(s, self.hud.table_rect)
                if not self.hud.die_on_board:
                    tabletop.tray(s, self.die_rect)
                draw_log_frame(s, self.hud.log_rect, hint)
            for i, line in enumerate(self._rules_lines()):
                theme.blit_text(s, line, (self.hud.log_rect.left + 14, self._rules_top() + i * log_line()), LOG_SIZE,
                                RULES_INK)
            self._backdrop_surf = s
        self.layers.use(self._backdrop_surf)
        return self._backdrop_surf

    def let_go_pictures(self) -> None:
        """Let go of the backdrop (a whole screen, 33 MB at 3840 x 2160) and the panels' clean copies
        of it (13 MB; see :meth:`~game.ui.bases.table.TableScene.let_go_pictures`); the board's
        picture, kept in the backdrop, is drawn again if the table is shown again."""
        self._backdrop_surf = None
        self.layers.let_go()

    @property
    def layers(self) -> PanelLayers:
        """The panels' parts kept painted on the backdrop (:mod:`game.ui.draw.layers`)."""
        kept = self.__dict__.get("_layers")
        if kept is None:
            kept = self.__dict__["_layers"] = PanelLayers()
        return kept

    def weapon_point(self, weapon: str, where: dict[str, str]):
        """Where ``weapon`` stands when the weapons are in the rooms ``where``."""
        room = where[weapon]
        rank = sorted(w for w, r in where.items() if r == room).index(weapon)
        return self.view.weapon_point(weapon, room, rank)

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.board_view() is not self.view:      # the window or the setting changed the layout
            self.relayout()
        begin_scenery(surface, self.banner)     # a room's picture coming in: what it covers is not drawn
        if self.suggestion_show is not None and self.suggestion_show.staged:
            # the suggestion's stage covers the whole table: only it, and a banner over it
            b = self.banner
            covered = b is not None and not b.done and b.stage is not None
            draw_suggestion(surface, self.suggestion_show, self.match, self.t, covered)
            draw_banner(surface, self.banner)
            self.draw_too_soon(surface)
            return
        if self.suggestion_show is not None and self.game.board is not None:
            self.suggestion_show.begin(surface)
        gfx.lay(surface, self._backdrop())     # what moved last frame is put back, the rest stays
        v = self.view
        g = self.game
        if g.phase is Phase.MOVE and self.human_to_act:
            key = (len(g.events),)
            if key != self._highlight_key:
                self._highlight_key = key
                self._highlight = self._lit_squares(v, key, finish=True)
            assert self._highlight is not None   # lit with its key
            lit, at = self._highlight
            surface.blit(lit, (v.origin[0] + at[0], v.origin[1] + at[1]))
            dests = list(g.moves())
            if dests:
                v.draw_cursor(surface, dests[self.move_cursor()], self.t)
        elif g.phase is Phase.MOVE and isinstance(self.anim, anim.DieRoll) and self.match.is_human(g.turn):
            self._lit_squares(v, (len(g.events),), finish=False)     # a part a frame while the die tumbles
        a = self.anim
        parts = a.parts if isinstance(a, anim.Group) else [a] if a is not None else []
        moving_items = {(p.kind if isinstance(p, anim.Glide) else "token",
                         p.item if isinstance(p, anim.Glide) else p.suspect)
                        for p in parts if isinstance(p, (anim.Glide, anim.Walk))}
        for w in self.shown_weapons:
            if ("weapon", w) not in moving_items:
                v.draw_weapon(surface, w, self.weapon_point(w, self.shown_weapons))
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
        # a banner with a line under it (brought into a room) stays over the board: the panel's buttons stay whole
        draw_banner(surface, self.banner, self.hud.hud_x - BANNER_GAP)
        self.draw_too_soon(surface)

    def _draw_hud(self, surface: pygame.Surface) -> None:
        """The panels over the laid backdrop: the whose-turn panel, the buttons with the help
        under them and the log are kept painted on the backdrop and painted again only when
        what they show changes (:class:`~game.ui.draw.layers.PanelLayers`); the thinking
        dots, the dice and a suggestion fading in are drawn each frame."""
        g, m = self.game, self.match
        self.refresh_buttons()
        kind = _("Person") if m.is_human(g.turn) else _("Computer")
        thinking = self.pending is not None and not self.busy
        hud, scale = self.hud, theme.text_scale()
        suspect, name, status = g.seats[g.turn].suspect, m.seat_name(g.turn), self._status() or kind
        r = self.layers.part(surface, "turn", hud.turn_rect, (suspect, name, status, thinking, scale),
                             lambda s: draw_turn(s, hud.turn_rect, suspect, name, status, thinking))
        if thinking:
            draw_thinking(surface, self.t, hud.turn_rect, r)
        self._draw_dice(surface)
        buttons = self.focus.buttons
        help_words = self._help_words()
        looks = tuple((type(b), tuple(b.rect), b.look(), b.data) for b in buttons)
        question = self.question_shown(help_words)
        self.layers.part(surface, "controls", self._controls_rect(), (looks, help_words, scale, question),
                         lambda s: self._paint_controls(s, help_words, question))
        seats = self.seat_plaques()
        if seats:
            # the notebook's button spans the panel under the seats: a part of its own, beside theirs
            nb = self.notebook_button
            shown = nb in buttons
            self.layers.part(surface, "notebook", button_rect(hud, NOTEBOOK_SLOT).inflate(12, 12),
                             (nb.look() if shown else None, tuple(nb.rect), scale),
                             lambda s: nb.draw(s) if shown else None)
            col = hud.seats_rect
            assert col is not None      # plaques only where the layout has their column
            # their shadows fall 3 pixels right and down of the column
            self.layers.part(surface, "seats", col.inflate(8, 8), (tuple(seats), scale),
                             lambda s: self._paint_seats(s, seats))
        area = log_text_area(hud, self._rules_above())
        lv = self.log_view
        self.layers.part(surface, "log", area.inflate(0, 2),
                         (tuple(m.log), lv.back, lv.newer, tuple(area), log_line(), scale), self._paint_log)
        draw_suggestion(surface, self.suggestion_show, m, self.t)

    def seat_plaques(self) -> list[tuple[str, str, str, int, bool, bool, bool, tuple[str, str]]]:
        """What each seat's plaque shows in a layout with a column of them (else none), in seat
        order: (suspect, surname, kind, cards held, its turn, acting now, out, mark). Public things
        only: the kind is "Out" once the seat's wrong accusation has been played (not when the
        engine decided it: the table never gives an accusation away early), "Phone" while the
        seat's phone is connected, "Person", or the computer's level; the mark says the same in a
        picture where the plaque is too low for the kind's line (six seats): ("person", ""),
        ("phone", ""), ("computer", level) or ("", "") when out; the cards held is a count (the
        deal is face down, 000 "Setup")."""
        if self.hud.seats_rect is None:
            return []
        g, m = self.game, self.match
        out = self._seats_out()
        over = g.over
        rows = []
        for seat, place in enumerate(g.seats):
            if seat in out:
                kind, mark = _("Out"), ("", "")
            elif not m.is_human(seat):
                kind, mark = level_label(m.levels[seat]), ("computer", m.levels[seat])
            elif self.app.phones.has_phone(seat):
                kind, mark = _("Phone"), ("phone", "")
            else:
                kind, mark = _("Person"), ("person", "")
            rows.append((place.suspect, seat_surname(place.suspect), kind, len(place.hand),
                         seat == g.turn and not over, seat == g.actor and not over, seat in out, mark))
        return rows

    def _seats_out(self) -> frozenset[int]:
        """The seats whose wrong accusation the log has played (kept per length of the log)."""
        events = self.match.log_events
        return self._keyed("_out_kept", len(events),
                           lambda: frozenset(e.player for e in events if isinstance(e, ev.PlayerEliminated)))

    def _keyed(self, name: str, key: object, make: Callable[[], T]) -> T:
        """``make()``, kept in attribute ``name`` with ``key`` and made again only when the key
        changes (what is asked every frame and hangs on a few things)."""
        kept = self.__dict__.get(name)
        if kept is None or kept[0] != key:
            kept = self.__dict__[name] = (key, make())
        return kept[1]

    def _paint_seats(self, surface: pygame.Surface, seats) -> None:
        """The seats' plaques (:meth:`seat_plaques`) on ``surface``, down the layout's column."""
        for rect, (suspect, name, kind, held, turn, acting, out, mark) in zip(
                seat_rects(self.hud, len(seats)), seats, strict=True):
            tabletop.seat_plaque(surface, rect, suspect, name, kind, held, turn, acting, out, mark=mark)

    def _help_words(self) -> tuple[str, int, tuple[int, int, int]] | None:
        """The help under the whose-turn panel now: (words, text size, ink), or None."""
        g, m = self.game, self.match
        if self.human_to_act and g.phase is Phase.MOVE and not self.phone_plays:
            return self._move_help(), theme.BODY, theme.CREAM
        if not m.is_human(g.actor) and not g.over:
            return (prompts.fmt(_("Computer players are taking their turn. Press {confirm} or "
                                  "click to hurry them.")), theme.SMALL, theme.MUTED)
        return None

    def _move_help(self) -> str:
        """The help while choosing where to go: how to pick a place, and the key that picks the
        next room to head for ("Tab: a room to head for.") where its words leave room for the last
        question's low tray above the notebook's button (kept per words, text size and layout)."""
        short = prompts.fmt(_("Pick where to go: click a lit square or room, or use {move} and press {confirm}."))
        full = short + " " + prompts.fmt(_("{room}: a room to head for."))

        def fitting() -> str:
            rect = self._help_rect()
            room = button_rect(self.hud, NOTEBOOK_SLOT).top - 8 - 4 - feltview.QUESTION_LOW - rect.top
            lines = len(theme.wrap(full, rect.width, theme.BODY))
            return full if lines * (theme.font(theme.BODY).get_height() + 4) <= room else short
        return self._keyed("_move_help_kept", (full, theme.text_scale(), self.hud.name), fitting)

    def _controls_rect(self) -> pygame.Rect:
        """Where the buttons (each with its focus glow, 6 pixels round it) and the help
        under the whose-turn panel are drawn (logical pixels)."""
        top = self.hud.button_y - 6
        book = button_rect(self.hud, NOTEBOOK_SLOT)
        if self.hud.seats_rect is not None:     # the notebook's button, under the seats, is a part of its own
            return pygame.Rect(self.hud.button_x - 6, top, self.hud.button_w + 12, book.top - 6 - top)
        bottom = max(book.bottom + 6, self._help_rect().bottom)
        return pygame.Rect(self.hud.button_x - 6, top, self.hud.button_w + 12, bottom - top)

    def _paint_controls(self, surface: pygame.Surface, help_words, question) -> None:
        """The buttons, ``help_words`` (:meth:`_help_words`) and ``question`` (:meth:`question_shown`)
        on ``surface`` (the notebook's button apart, where the layout has the seats' column)."""
        apart = self.notebook_button if self.hud.seats_rect is not None else None
        for b in self.focus.buttons:
            if b is not apart:
                b.draw(surface)
        if help_words is not None:
            words, size, ink = help_words
            theme.blit_wrapped(surface, words, self._help_rect(), size, ink)
        if question is not None:
            feltview.draw_question(surface, question[0], question[1])

    def _lit_squares(self, view, key: tuple[int], finish: bool) -> Lit | None:
        """The lit squares of this roll (:meth:`~game.ui.mansion.boardview.BoardView.highlight`),
        built a part a call (:meth:`~game.ui.mansion.boardview.BoardView.highlight_steps`) while
        the die tumbles, so the frame it lands in only lays them: one more part, or with
        ``finish`` all the rest (returned).  ``key`` (the game's events counted) and ``view``
        say which roll and layout the building is for; another starts it anew."""
        building = self.__dict__.get("_lit_building")
        if building is None or building[0] != key or building[1] is not view:
            building = self.__dict__["_lit_building"] = (key, view, Stepped(view.highlight_steps(self.game.moves())))
        if finish:
            del self.__dict__["_lit_building"]
        return building[2].step(finish)

    def question_shown(self, help_words=...) -> tuple[pygame.Rect, feltview.Question | None] | None:
        """Where the last question goes and what it is (:func:`~game.ui.board.feltview.last_question`;
        None for the question: none asked yet), or None: the buttons and the help leave no room for
        its tray (:data:`~game.ui.board.feltview.QUESTION_LOW`) above the notebook's button.  The tray
        takes the room left under them, in either layout: the felt keeps no bare hole.
        ``help_words``: the frame's :meth:`_help_words`, when the caller has them already."""
        hud, m = self.hud, self.match
        book = button_rect(hud, NOTEBOOK_SLOT)
        above = [b.rect.bottom + 6 for b in self.focus.buttons if b is not self.notebook_button]   # 6: the focus glow
        if help_words is ...:
            help_words = self._help_words()
        # asked every frame: worked out again only when what it depends on changes
        key = (tuple(above), help_words, theme.text_scale(), hud.name, len(m.log_events))
        return self._keyed("_question_kept", key, lambda: self._question_place(above, help_words, book))

    def _question_place(self, above: list[int], help_words, book: pygame.Rect
                        ) -> tuple[pygame.Rect, feltview.Question | None] | None:
        """:meth:`question_shown` worked out: ``above``, the buttons' bottoms (with their glow);
        ``help_words``, the help under them; ``book``, the notebook's button."""
        hud, m = self.hud, self.match
        if help_words is not None:
            words, size, _ink = help_words
            lines = theme.wrap(words, self._help_rect().width, size)
            above.append(self._help_rect().top + len(lines) * (theme.font(size).get_height() + 4))
        # from under the buttons or the help (a little lower: the buttons' glow) to above the notebook's
        top = max(above, default=hud.button_y) + 4
        bottom = book.top - 8
        if bottom - top < feltview.QUESTION_LOW:
            return None
        rect = pygame.Rect(hud.button_x, top, hud.button_w, bottom - top)
        return rect, feltview.last_question(m.log_events, [s.suspect for s in self.game.seats])

    def _paint_log(self, surface: pygame.Surface) -> None:
        """The log's entries in view on ``surface``, laid out again."""
        self.log_blocks()
        self.log_view.draw(surface, LOG_SIZE, log_line())

    def _help_rect(self) -> pygame.Rect:
        """Where the help under the whose-turn panel goes (where the buttons would be)."""
        return pygame.Rect(self.hud.button_x, self.hud.button_y + 4, self.hud.button_w, 200)

    def die_centres(self) -> list[tuple[int, int]]:
        """The centre of each die's face (one per die of the rules): one above
        the other in the tray, side by side on the board."""
        n, r = self.game.options.dice, self.die_rect
        if self.hud.die_on_board:
            step = r.width // n
            return [(r.left + step * i + step // 2, r.centery) for i in range(n)]
        step = r.height // n
        return [(r.centerx, r.top + step * i + step // 2) for i in range(n)]

    def die_face_px(self) -> int:
        """The side of a die's face (logical pixels): the tray's, or what one die's share of the board's place holds."""
        if self.hud.die_on_board:
            return min(self.die_rect.width // self.game.options.dice, self.die_rect.height) - 4
        return TRAY_DIE

    def _draw_dice(self, surface: pygame.Surface) -> None:
        """The die (or two dice): tumbling, the roll, or before the
        roll the die at rest (:func:`~game.ui.draw.assets.die_at_rest`: a "?" for its pips, aslant)."""
        a = self.anim
        rolls = [a] if isinstance(a, anim.DieRoll) else [p for p in a.parts if isinstance(p, anim.DieRoll)] \
            if isinstance(a, anim.Group) else []
        px = self.die_face_px()
        for i, centre in enumerate(self.die_centres()):
            if rolls and i < len(rolls):
                roll = rolls[i]
                face = assets.die_face(roll.face, px)
                if roll.angle:
                    face = gfx.rotate(face, roll.angle)
                surface.blit(face, face.get_rect(center=(centre[0], centre[1] - int(roll.offset))))
            elif self.die_value and i < len(self.dice_faces):
                face = assets.die_face(min(6, self.dice_faces[i]), px)
                surface.blit(face, face.get_rect(center=centre))
            else:                       # not rolled yet: a "?" (a number would read as a roll), aslant
                face = _die_at_rest(px, 12 - 24 * i)
                surface.blit(face, face.get_rect(center=centre))

    def mark_rects(self) -> list[pygame.Rect]:
        """The thinking dots while a computer player thinks (see :meth:`Scene.mark_rects <game.ui.shell.scene.Scene.mark_rects>`)."""
        if self.pending is not None and not self.busy:
            kind = _("Person") if self.match.is_human(self.game.turn) else _("Computer")
            return [thinking_rect(self.hud.turn_rect, status_rect(self.hud.turn_rect, self._status() or kind))]
        return []

    def widgets(self) -> list:
        self.refresh_buttons()
        out: list = list(self.focus.buttons)
        thinking = [fmt(t, name=s) for t in ("{name} picks a card to show.", "{name} is thinking…") for s in SUSPECTS]
        thinking += [_("Waiting for the others to answer…"), _("Checking the envelope…")] + self.start_texts()
        # the suggestion panel's heading, every name, at the width it had beside full-width buttons (the
        # last question's tray under the TV's narrower buttons wraps it)
        wide = self.hud.seats_rect is not None
        head = pygame.Rect(self.hud.hud_x if wide else self.hud.button_x, 0,
                           (self.hud.hud_w if wide else self.hud.button_w) - 28, 30)
        out += [Label(head.copy(), fmt("{name} suggests", name=s),
                      theme.SMALL, True) for s in SUSPECTS]
        out += turn_labels(self.hud.turn_rect, self.match.seat_name(self.game.turn), [self._status()], thinking)  # every name
        for rect, (_suspect, surname, kind, _held, _turn, _acting, gone, mark) in zip(
                seat_rects(self.hud, self.game.players), self.seat_plaques(), strict=False):
            left = rect.left + min(rect.height - 8, tabletop.PORTRAIT_MAX) + 10      # beside the portrait
            held = rect.right - tabletop.HELD_W - 4
            if tabletop.plaque_lines(rect.height) == 2:
                out += [Label(pygame.Rect(left, rect.top, rect.right - 6 - left, 26), surname, theme.SMALL, True),
                        Label(pygame.Rect(left, rect.bottom - 26, held - left, 26), kind, theme.SMALL, gone)]
            else:
                end = held - (tabletop.KIND_MARK + 4 if mark[0] and not gone else 0)     # the kind's mark after it
                out.append(Label(pygame.Rect(left, rect.centery - 13, end - left, 26), surname, theme.SMALL, True))
        self.log_blocks()
        out += self.log_view.labels(LOG_SIZE, log_line())
        for i, line in enumerate(self._rules_lines()):
            out.append(Label(pygame.Rect(self.hud.log_rect.left + 14, self._rules_top() + i * log_line(), self.hud.log_rect.width - 28,
                                         log_line()), line, LOG_SIZE))
        return out + [banner_label()]
