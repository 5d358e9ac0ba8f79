"""Raw pygame events become *intents*; scenes read intents, never raw keys.

An :class:`Intent` says what the player means (``UP``, ``CONFIRM``, ``BACK`` ...)
and which ``device`` it came from: ``"keyboard"``, ``"mouse"`` or one
``"pad:<instance id>"`` per game controller.  Mouse intents carry their
position in *logical* coordinates (pixels of the 1280 x 720 drawing surface).

Controllers are tracked by SDL *instance id* (device indexes go stale after a
hot-plug) in :class:`Pads`.  Each device is read through one API only: a pad
SDL knows as a game controller through ``pygame._sdl2.controller`` (standard
A/B/X/Y layout), any other joystick through ``pygame.joystick``.  The real event
handler calls :meth:`Pads.on_added` / :meth:`Pads.on_removed`; tests feed
those (or synthetic events carrying instance ids) without opening hardware.

A held d-pad or stick repeats its direction at a steady rate (driven by
``dt`` in :meth:`InputHandler.update`); sticks have a dead zone.

The handler also knows which keys and buttons are held down, and since when
(in seconds of its own clock, advanced by ``dt``): an intent from a key or
button that was already down (a key's auto-repeat, a held direction) is marked
``repeat``, and :meth:`InputHandler.quiet` says how long no key or button of
some kinds has been pressed, held or let go.  The privacy cover uses both, so
that only a fresh press made after everybody let go can open a private screen
(see :class:`game.ui.shell.scene.FreshPressGuard`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Callable

import pygame


class Kind(enum.Enum):
    """What a player means."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    CONFIRM = "confirm"
    BACK = "back"
    NOTEBOOK = "notebook"
    MENU = "menu"
    JOIN = "join"            # take a seat in the setup (the keyboard's J; any button of a free pad)
    FULLSCREEN = "fullscreen"
    REPEAT = "repeat"        # say the last line read aloud again (R; a pad's right shoulder button)
    LOG_UP = "log_up"        # scroll the log back to older lines (Page Up, the wheel, the right stick up)
    LOG_DOWN = "log_down"    # scroll the log on to newer lines (Page Down, the wheel, the right stick down)
    ROOM = "room"            # while walking, the next room to head for (Tab; a pad's left shoulder button)
    CLICK = "click"      # mouse button 1 pressed at ``pos``
    POINT = "point"      # mouse moved to ``pos``


DIRECTIONS = (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT)
#: Scrolling the log (and other long lists): older, newer.
SCROLLS = (Kind.LOG_UP, Kind.LOG_DOWN)
#: The intents a person can bind keys to (in the order of the controls screen).
REMAPPABLE = (Kind.UP, Kind.DOWN, Kind.LEFT, Kind.RIGHT, Kind.CONFIRM, Kind.BACK, Kind.NOTEBOOK, Kind.MENU,
              Kind.JOIN, Kind.FULLSCREEN, Kind.REPEAT)


@dataclass(frozen=True)
class Intent:
    """One intent: its ``kind``, the ``device`` it came from and, for the mouse,
    ``pos`` in logical pixels.  ``repeat`` is True when it is not a fresh
    press: the key or button was already held down (an auto-repeat), or a held
    direction repeating (not compared: an intent means the same either way)."""

    kind: Kind
    device: str = "keyboard"
    pos: tuple[int, int] | None = None
    repeat: bool = field(default=False, compare=False)

    @property
    def is_mouse(self) -> bool:
        return self.pos is not None

    @property
    def is_pad(self) -> bool:
        return is_pad(self.device)


def is_pad(device: str | None) -> bool:
    """True for a pad's ``device`` string ("pad:<id>")."""
    return device is not None and device.startswith("pad:")


def pad_id(instance_id: int) -> str:
    """The ``device`` string of the pad with SDL instance id ``instance_id``."""
    return f"pad:{instance_id}"


# ------------------------------------------------------------------ keyboard
#: Default keyboard bindings: intent name -> pygame key names (``pygame.key.name``).
DEFAULT_KEYS: dict[str, list[str]] = {
    "up": ["up", "w"], "down": ["down", "s"], "left": ["left", "a"], "right": ["right", "d"],
    "confirm": ["return", "keypad enter", "space"], "back": ["escape", "backspace"],
    "notebook": ["n"], "menu": ["m", "f10"], "join": ["j"], "fullscreen": ["f11"],
    "repeat": ["r"], "log_up": ["page up"], "log_down": ["page down"], "room": ["tab"],
}


#: Keys that always keep their meaning, whatever the bindings say: Esc goes
#: back and Enter confirms (in addition to any remapped key), so a remapping
#: can never lock anybody out of the menus.
RESERVED_KEYS: dict[str, Kind] = {"escape": Kind.BACK, "return": Kind.CONFIRM, "keypad enter": Kind.CONFIRM}


def key_code(name: str) -> int | None:
    """The pygame key code of a key name, or None for an unknown name."""
    try:
        return pygame.key.key_code(name)
    except (ValueError, pygame.error):
        return None


def key_label(name: str) -> str:
    """A key name as printed on screen ("return" -> "Enter", "escape" -> "Esc")."""
    from game.text.i18n import _

    special = {"return": _("Enter"), "escape": "Esc", "keypad enter": _("Enter"), "backspace": _("Backspace"),
               "space": _("Space"), "tab": "Tab", "up": "↑", "down": "↓", "left": "←", "right": "→"}
    return special.get(name, name.upper() if len(name) <= 3 else name.title())


def merged_keys(custom: dict[str, list[str]] | None) -> dict[str, list[str]]:
    """The default bindings with the player's ``custom`` ones (from the settings) on top."""
    keys = {k: list(v) for k, v in DEFAULT_KEYS.items()}
    taken: set[str] = set()
    for name, names in (custom or {}).items():
        if name in keys and names:
            keys[name] = list(names)
            taken.update(names)
    for name in keys:           # a key chosen for one action is not also another's default (R, new in 13)
        if name not in (custom or {}):
            keys[name] = [k for k in keys[name] if k not in taken]
    return keys


def build_keymap(keys: dict[str, list[str]]) -> dict[int, Kind]:
    """pygame key code -> intent, from intent name -> key names."""
    out: dict[int, Kind] = {}
    for name, names in keys.items():
        try:
            kind = Kind(name)
        except ValueError:
            continue
        for n in names:
            code = key_code(n)
            if code is not None:
                out[code] = kind
    for n, kind in RESERVED_KEYS.items():
        code = key_code(n)
        if code is not None:
            out[code] = kind
    return out


# ---------------------------------------------------------------------- pads
#: Game-controller buttons (``pygame.CONTROLLER_BUTTON_*``) -> intent.
PAD_BUTTONS: dict[int, Kind] = {
    pygame.CONTROLLER_BUTTON_A: Kind.CONFIRM, pygame.CONTROLLER_BUTTON_B: Kind.BACK,
    pygame.CONTROLLER_BUTTON_Y: Kind.NOTEBOOK, pygame.CONTROLLER_BUTTON_X: Kind.NOTEBOOK,
    pygame.CONTROLLER_BUTTON_START: Kind.MENU, pygame.CONTROLLER_BUTTON_BACK: Kind.MENU,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Kind.REPEAT, pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Kind.ROOM,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Kind.UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN: Kind.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Kind.LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Kind.RIGHT,
}
#: Plain joysticks (no controller mapping): button number -> intent.
JOY_BUTTONS: dict[int, Kind] = {0: Kind.CONFIRM, 1: Kind.BACK, 2: Kind.NOTEBOOK, 3: Kind.NOTEBOOK,
                                4: Kind.ROOM, 5: Kind.REPEAT, 6: Kind.MENU, 7: Kind.MENU, 9: Kind.MENU}
#: What the pad prompts show for each intent (the face buttons of the standard layout).
PAD_LABELS: dict[Kind, str] = {Kind.CONFIRM: "A", Kind.BACK: "B", Kind.NOTEBOOK: "Y", Kind.MENU: "Start",
                               Kind.JOIN: "A", Kind.UP: "D-pad", Kind.DOWN: "D-pad", Kind.LEFT: "D-pad",
                               Kind.RIGHT: "D-pad", Kind.REPEAT: "RB", Kind.LOG_UP: "R-stick ↑",
                               Kind.LOG_DOWN: "R-stick ↓", Kind.ROOM: "LB"}
#: Badge colours of the face buttons.
PAD_COLOURS = {"A": (60, 160, 70), "B": (200, 60, 50), "X": (50, 100, 200), "Y": (220, 180, 40)}

#: Stick dead zone (fraction of full travel); a direction starts beyond
#: DEAD_ZONE and ends below RELEASE (hysteresis, so a resting stick never jitters).
DEAD_ZONE, RELEASE = 0.5, 0.3
#: A held direction repeats after REPEAT_DELAY seconds, then every REPEAT_EVERY seconds.
REPEAT_DELAY, REPEAT_EVERY = 0.40, 0.12
#: A key or button held longer than this (seconds) no longer counts as busy in
#: :meth:`InputHandler.quiet` — in case its release was never reported, so a
#: lost key-up can delay a cover a little but never lock it.
STALE_HOLD = 5.0


@dataclass
class Pad:
    """One connected controller."""

    instance_id: int
    name: str
    number: int                      # "Pad 1", "Pad 2" ... (the lowest free number when plugged in)
    api: str = "controller"          # "controller" or "joystick" (the one API that reads it)
    handle: object = None            # the opened pygame object (None for fakes in tests)
    axes: dict[int, float] = field(default_factory=dict)

    @property
    def device(self) -> str:
        return pad_id(self.instance_id)

    @property
    def label(self) -> str:
        from game.text.i18n import _

        return _("Pad {n}").format(n=self.number)


class Pads:
    """The connected controllers, keyed by SDL instance id.  ``listeners``
    are told ``(event, pad)`` with event "added" or "removed" (after the
    registry has changed)."""

    def __init__(self) -> None:
        self.pads: dict[int, Pad] = {}
        self.listeners: list[Callable[[str, Pad], None]] = []

    def on_added(self, instance_id: int, name: str = "Controller", api: str = "controller",
                 handle: object = None) -> Pad:
        if instance_id in self.pads:
            return self.pads[instance_id]
        used = {p.number for p in self.pads.values()}
        number = next(n for n in range(1, 100) if n not in used)
        pad = Pad(instance_id, name, number, api, handle)
        self.pads[instance_id] = pad
        for fn in list(self.listeners):
            fn("added", pad)
        return pad

    def on_removed(self, instance_id: int) -> Pad | None:
        pad = self.pads.pop(instance_id, None)
        if pad is not None:
            for fn in list(self.listeners):
                fn("removed", pad)
        return pad

    def get(self, device: str | None) -> Pad | None:
        if device is None or not is_pad(device):
            return None
        try:
            return self.pads.get(int(device.split(":", 1)[1]))
        except ValueError:
            return None

    def label(self, device: str | None) -> str:
        """ "Pad 2" for a connected pad, "Keyboard" otherwise."""
        pad = self.get(device)
        from game.text.i18n import _

        return pad.label if pad else (_("Keyboard") if not is_pad(device) else _("Pad"))

    def __contains__(self, device: str) -> bool:
        return self.get(device) is not None

    def __len__(self) -> int:
        return len(self.pads)


@dataclass
class _Held:
    kind: Kind
    wait: float = REPEAT_DELAY


class InputHandler:
    """Turns pygame events into intents.

    ``to_logical`` maps a window pixel to a logical pixel (or None outside the
    drawn area).  ``keys`` are the keyboard bindings (intent name -> key
    names, see :data:`DEFAULT_KEYS`).  ``pads`` is the controller registry.
    """

    def __init__(self, to_logical: Callable[[tuple[int, int]], tuple[int, int] | None],
                 keys: dict[str, list[str]] | None = None, pads: Pads | None = None) -> None:
        self.to_logical = to_logical
        self.pads = pads if pads is not None else Pads()
        self.set_keys(keys)
        #: device -> {source: held direction}; a source is "dpad" or "stick:<axis pair>"
        self.held: dict[str, dict[str, _Held]] = {}
        #: seconds of frames so far (the sum of the ``dt`` given to :meth:`advance`)
        self.now = 0.0
        #: keys and buttons held down: "key:<code>", "mouse:<button>" or "<device>:button:<n>"
        #: -> (the intent they give, their device, :attr:`now` when pressed)
        self.down: dict[str, tuple[Kind, str, float]] = {}
        #: (device, intent kind) -> :attr:`now` when a key or button giving it was last pressed or let go
        self.touched: dict[tuple[str, Kind], float] = {}
        #: (device, intent kind) -> :attr:`now` of the last tap of a button reported by message (:meth:`tap`)
        self.tapped: dict[tuple[str, Kind], float] = {}

    def set_keys(self, keys: dict[str, list[str]] | None) -> None:
        self.keys = merged_keys(keys)
        self.keymap = build_keymap(self.keys)

    # ---------------------------------------------------------- hot-plug
    def device_added(self, event: pygame.event.Event) -> None:
        """A real JOYDEVICEADDED / CONTROLLERDEVICEADDED: open the device with its one API."""
        index = getattr(event, "device_index", None)
        if index is None:
            return
        try:
            from pygame._sdl2 import controller

            if event.type == pygame.CONTROLLERDEVICEADDED:
                c = controller.Controller(index)
                joy = c.as_joystick()
                self.pads.on_added(joy.get_instance_id(), c.name or "Controller", "controller", c)
            elif not controller.is_controller(index):   # game controllers come as CONTROLLERDEVICEADDED
                joy = pygame.joystick.Joystick(index)
                self.pads.on_added(joy.get_instance_id(), joy.get_name() or "Joystick", "joystick", joy)
        except (pygame.error, ImportError, AttributeError, ValueError):
            pass   # a device that cannot be opened is ignored, never a crash

    def device_removed(self, event: pygame.event.Event) -> None:
        iid = getattr(event, "instance_id", None)
        if iid is None:
            return
        pad = self.pads.pads.get(iid)
        if pad is None:
            return
        api = "controller" if event.type == pygame.CONTROLLERDEVICEREMOVED else "joystick"
        if pad.api != api and pad.handle is not None:
            return   # the other API's copy of the same removal
        self.held.pop(pad.device, None)
        for source in [s for s in self.down if s.startswith(pad.device + ":")]:
            self._release(source)
        self.pads.on_removed(iid)

    # -------------------------------------------------------- translation
    def translate(self, event: pygame.event.Event) -> list[Intent]:
        """The intents in one pygame event (often none)."""
        t = event.type
        if t == pygame.KEYDOWN:
            kind = self.keymap.get(event.key)
            if kind is None:
                return []
            return [Intent(kind, "keyboard", repeat=self._press(f"key:{event.key}", kind, "keyboard"))]
        if t == pygame.KEYUP:
            self._release(f"key:{event.key}")
            return []
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            repeat = self._press("mouse:1", Kind.CLICK, "mouse")
            pos = self.to_logical(event.pos)
            return [Intent(Kind.CLICK, "mouse", pos, repeat)] if pos else []
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release("mouse:1")
            return []
        if t == pygame.WINDOWFOCUSLOST:     # the keys let go elsewhere are never reported here
            for source in [s for s in self.down if s.startswith(("key:", "mouse:"))]:
                self._release(source)
            return []
        if t == pygame.MOUSEWHEEL:          # one intent a notch; where the pointer is (None: outside the picture)
            y = event.y
            kind = Kind.LOG_UP if y > 0 else Kind.LOG_DOWN if y < 0 else None
            if kind is None:
                return []
            pos = self.to_logical(getattr(event, "pos", None) or pygame.mouse.get_pos())
            return [Intent(kind, "mouse", pos) for _n in range(max(1, min(5, abs(int(y)))))]
        if t == pygame.MOUSEMOTION:
            pos = self.to_logical(event.pos)
            return [Intent(Kind.POINT, "mouse", pos)] if pos else []
        if t in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            self.device_added(event)
            return []
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            self.device_removed(event)
            return []
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION):
            return self._pad_event(event, "controller")
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYAXISMOTION, pygame.JOYHATMOTION):
            return self._pad_event(event, "joystick")
        return []

    def _pad_event(self, event, api: str) -> list[Intent]:
        instance = getattr(event, "instance_id", None)
        pad = self.pads.pads.get(instance) if instance is not None else None
        if pad is None or pad.api != api:
            return []        # unknown device, or the other API's copy of this event
        dev = pad.device
        t = event.type
        if t == pygame.CONTROLLERBUTTONDOWN or t == pygame.JOYBUTTONDOWN:
            kind = (PAD_BUTTONS if api == "controller" else JOY_BUTTONS).get(event.button)
            if kind is None:
                return []
            if kind in DIRECTIONS:
                self.held.setdefault(dev, {}).pop("dpad", None)   # a new press always moves once
                return self._hold(dev, "dpad", kind)
            return [Intent(kind, dev, repeat=self._press(f"{dev}:button:{event.button}", kind, dev))]
        if t == pygame.CONTROLLERBUTTONUP or t == pygame.JOYBUTTONUP:
            self._release(f"{dev}:button:{event.button}")
            kind = PAD_BUTTONS.get(event.button) if api == "controller" else None
            if kind in DIRECTIONS:
                self._hold(dev, "dpad", None)
            return []
        if t == pygame.JOYHATMOTION:
            x, y = event.value
            kind = Kind.LEFT if x < 0 else Kind.RIGHT if x > 0 else Kind.UP if y > 0 else Kind.DOWN if y < 0 else None
            return self._hold(dev, "dpad", kind)
        # axis motion: controller axes are -32768..32767, joystick axes -1..1
        value = event.value / 32767 if api == "controller" else float(event.value)
        axis = event.axis
        if axis > 3:        # triggers
            return []
        pad.axes[axis] = max(-1.0, min(1.0, value))
        pair = axis // 2    # (0, 1) left stick, (2, 3) right stick
        x, y = pad.axes.get(pair * 2, 0.0), pad.axes.get(pair * 2 + 1, 0.0)
        source = f"stick:{pair}"
        current = self.held.get(dev, {}).get(source)
        mag = max(abs(x), abs(y))
        if current is not None and mag >= RELEASE:
            return []       # still held (the direction changes only after returning towards the centre)
        if mag < DEAD_ZONE:
            return self._hold(dev, source, None) if mag < RELEASE else []
        kind = (Kind.RIGHT if x > 0 else Kind.LEFT) if abs(x) >= abs(y) else (Kind.DOWN if y > 0 else Kind.UP)
        if pair == 1:       # the right stick scrolls the log (up: older lines), held to repeat; sideways nothing
            kind = {Kind.UP: Kind.LOG_UP, Kind.DOWN: Kind.LOG_DOWN}.get(kind)
        return self._hold(dev, source, kind)

    def _hold(self, device: str, source: str, kind: Kind | None) -> list[Intent]:
        """Start (or stop, with None) a held direction; returns the first intent."""
        held = self.held.setdefault(device, {})
        if kind is None:
            held.pop(source, None)
            return []
        if source in held and held[source].kind is kind:
            return []
        held[source] = _Held(kind)
        return [Intent(kind, device)]

    def advance(self, dt: float) -> None:
        """Move this handler's clock on by ``dt`` seconds.  Call it *before*
        the frame's events are translated: a press that waited in the queue
        through a long frame then counts as made at the frame's end, never as
        made before the wait (which would make the wait look quiet, see
        :meth:`quiet`)."""
        self.now += dt

    def update(self, dt: float) -> list[Intent]:
        """Repeats of held directions due after ``dt`` seconds (marked
        ``repeat``).  The clock is moved on by :meth:`advance`, once a frame."""
        out: list[Intent] = []
        for device, held in self.held.items():
            for h in held.values():
                h.wait -= dt
                while h.wait <= 0:
                    out.append(Intent(h.kind, device, repeat=True))
                    h.wait += REPEAT_EVERY
        return out

    # ------------------------------------------------------- held keys
    def _press(self, source: str, kind: Kind, device: str) -> bool:
        """``source`` of ``device`` went down giving ``kind``; True when it was already down (a repeat)."""
        self.touched[(device, kind)] = self.now
        if source in self.down:
            return True
        self.down[source] = (kind, device, self.now)
        return False

    def _release(self, source: str) -> None:
        held = self.down.pop(source, None)
        if held is not None:
            self.touched[(held[1], held[0])] = self.now

    def quiet(self, kinds: tuple[Kind, ...] = (Kind.CONFIRM, Kind.CLICK),
              devices: Callable[[str], bool] | None = None) -> float:
        """Seconds since a key or button giving one of ``kinds`` was last
        pressed, repeated or let go on a device (``"keyboard"``, ``"mouse"``,
        ``"pad:<id>"``) that ``devices`` accepts (None: any device); 0.0 while
        one is held down (for at most :data:`STALE_HOLD` seconds); ``inf``
        if none ever was."""
        last = float("-inf")
        for (device, kind), when in self.touched.items():
            if kind in kinds and (devices is None or devices(device)):
                last = max(last, when)
        for kind, device, since in self.down.values():
            if kind in kinds and (devices is None or devices(device)):
                last = max(last, min(self.now, since + STALE_HOLD))
        return self.now - last

    def tap(self, device: str, kind: Kind, quiet: float) -> bool:
        """A button reported as one tap, pressed and let go (a phone's OK: ``device``
        ``"phone:<seat>"``); True when it is a repeat: that device tapped ``kind`` less than
        ``quiet`` seconds before (a tap mashed on, which no guard of a new prompt may take).
        Taps are kept apart from the keys and buttons of this computer (:meth:`quiet` does not
        count them), so a phone's tap judged fresh here stays fresh however long it waits."""
        last = self.tapped.get((device, kind), float("-inf"))
        self.tapped[(device, kind)] = self.now
        return self.now - last < quiet

    def release_all(self) -> None:
        self.held.clear()
