"""Read aloud: the game speaks its words, in the language in use.

:class:`Speaker` sits on the app (``app.speech``) and decides *what* is
spoken and *when*; a driver (:class:`Driver`) only turns a line into sound.

What is spoken (each only while "Read aloud" is on: :attr:`Speaker.enabled`):

- the coach's bubble in Learn to play (:mod:`game.ui.lesson.coach`);
- the prompt of the screen on top (:meth:`game.ui.shell.scene.Scene.speech_prompt`:
  "Pick a lit square or room."), whenever it changes;
- each public log line as the table plays it (:meth:`game.ui.bases.table.Presenter.log`),
  which names whose turn it is ("It is Colonel Mustard's turn.");
- on a private screen — the card shown to you, the hint's sentence in your
  notebook — that screen's own prompt, asked only while it is on top.

Lines wait their turn: every line is cut into sentences
(:func:`sentences`), each its own utterance, and a sentence is handed to the
engine only once the one before it has ended.  Nothing the game does cuts a
sentence short; only a person's own press does (:meth:`Speaker.pressed`: the
sentence being spoken and the news still waiting are dropped, what to do now
is kept), and privacy does (below).  The table waits for the news at normal
speed (:meth:`Speaker.busy`, :meth:`game.ui.bases.table.TableScene.speech_holds`).
The repeat key (R, a pad's right shoulder button:
:data:`game.ui.shell.input.Kind.REPEAT`) goes back one sentence: while a sentence is
spoken, to the one before it (and on from there); once all is said, the last
sentence again.

Privacy (COMMON13 "Privacy is a rule"): a line from a private screen
(:attr:`Scene.private <game.ui.shell.scene.Scene.private>`) belongs to that scene.
The speakers reach the whole room, so at a hot-seat table (two or more
people: the covers in use) a private screen never speaks, not even after its
owner lifted the cover; with one person at the table it is spoken only while
that scene is the top of the stack — a private scene
is on top only after its cover was lifted by its owner (:mod:`game.ui.shell.flow`);
under a cover, the pause menu or a message it is never asked.  The moment it
stops being on top its line is cut short, and the repeat key never says it
again.

Drivers (never block the game loop; :attr:`Driver.speaking` is True from
``say`` until the line has ended; ``say`` itself cuts the line before):

- :class:`EspeakDriver` runs ``espeak-ng -v <voice> -- <text>`` as a child
  process from its own worker thread and kills it to cut it short.  Used where
  ``espeak-ng`` is installed (Linux).  Not pyttsx3 there: pyttsx3 2.99's eSpeak
  driver renders the whole line into a WAV file and plays it with a blocking
  ``os.system("aplay …")`` inside its callback, which ``stop()`` cannot cut
  short (and it prints "Audio saved" lines on stdout).
- :class:`Pyttsx3Driver` drives pyttsx3 (SAPI5 on Windows, NSSpeechSynthesizer
  on macOS) from one worker thread that owns the engine (its COM / Cocoa objects
  must stay on one thread), in pyttsx3's external-loop mode (``startLoop(False)``
  + ``iterate()``), so a new line can stop the old one at once.
- :class:`FakeDriver` records what would be spoken (tests, ``App(sound=False)``);
  :class:`TimedDriver` also lets each line last as long as espeak-ng would
  speak it (:func:`estimate_seconds`) on a clock it is given, and records
  which lines were heard to their end (tests and ``benchmarks/bench_speech.py``).

Every sentence handed to the engine (and every cut short by a press) can be
written to a file, one a line, for testing by ear without a sound card
(:func:`log_to`, the command line's ``--speech-log FILE``): only what the
room hears, so it holds nothing the speakers would not say.

Any driver failure leaves the game silent, says why on the Settings screen
(:meth:`Speaker.problem`, in plain words) and writes one line on stderr.
Never a traceback.
"""

from __future__ import annotations

import logging
import queue
import re
import shutil
import sys
import threading
import time
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

import pygame

from game.text.i18n import LANGUAGE_NAMES, N_, _, fmt, language
from game.ui.draw import gfx
from game.ui.shell import prompts
from game.ui.shell.input import Kind
from game.ui.shell.registry import find

if TYPE_CHECKING:
    import subprocess

log = logging.getLogger(__name__)
#: Every sentence handed to the engine: kept out of the game's log (stderr, ``clue.log``), written only
#: where :func:`log_to` sends it.
said_log = logging.getLogger("clue.speech")
said_log.propagate = False
said_log.setLevel(logging.INFO)
#: The clock of the lines in :func:`log_to`'s file: seconds since the game loaded this module.
_T0 = time.monotonic()
_said_to: logging.Handler | None = None     # the file of log_to, or None: nothing is written

#: Lines of one frame kept at most (the newest): a turn played at once (the
#: instant speed) plays many events in one frame, and only the end of it still matters.
MOST_LINES = 4
#: Sentences of news waiting at most (the oldest are dropped beyond): at a
#: speed where the table does not wait for the voice, the voice must not fall ever further behind.
MOST_WAITING = 6
#: Sentences kept for the repeat key to go back through.
HISTORY = 40
#: espeak-ng at its default rate (175 words a minute), measured with ``espeak-ng -w``:
#: seconds = START + characters * PER_CHAR[language] (within 0.2 s on the game's lines).
START = 0.55
PER_CHAR = {"en": 0.048, "es": 0.055, "ca": 0.055}
#: Words after which a full stop does not end a sentence (titles of the suspects' names).
ABBREVIATIONS = frozenset({"mr", "mrs", "ms", "dr", "prof", "rev", "st", "sr", "sra", "srta", "sres", "dª", "na",
                           "e.g", "i.e", "vs", "no", "núm", "pàg", "pág"})
#: espeak-ng voices for each language, best first (any voice of the language after these).
ESPEAK_VOICES = {"en": ("en-gb", "en-us", "en"), "es": ("es", "es-419"), "ca": ("ca",)}
#: Where the speaking speaker is drawn (logical pixels): the top-left corner, clear of every screen's text.
ICON = pygame.Rect(2, 2, 26, 26)
#: Seconds the worker thread waits for a new line before it looks at the running one again.
POLL = 0.05

NO_ENGINE = N_("Read aloud is silent: this computer has no speech engine. On Linux, install espeak-ng "
               "(Windows and macOS have one built in).")
NO_VOICE = N_("Read aloud is silent in {language}: this computer has no {language} voice. The README says "
              "how to add one.")
BROKEN = N_("Read aloud stopped: the speech engine failed.")
NO_SOUND = N_("Read aloud is silent: the speech engine cannot reach the speakers.")


_BREAK = re.compile(r"(?<=[.!?…])[\"'”»)]*\s+")


def sentences(text: str) -> list[str]:
    """``text`` cut into its sentences, in order, each stripped: a break after
    ``.``, ``!``, ``?`` or ``…`` followed by a space, but not after a title
    (:data:`ABBREVIATIONS`: "Mrs. White") or an initial ("J. Smith").  A text
    without such a break is one sentence; an empty text none."""
    out: list[str] = []
    start = 0
    for m in _BREAK.finditer(text):
        head = text[start:m.start()].rstrip()
        word = head.rsplit(None, 1)[-1] if head.split() else ""
        stem = word.rstrip(".").lstrip("¿¡(\"'«“").lower()
        if word.endswith(".") and not word.endswith("..") and (stem in ABBREVIATIONS or len(stem) == 1
                                                                and stem.isalpha()):
            continue
        out.append(text[start:m.start()].strip())
        start = m.end()
    out.append(text[start:].strip())
    return [x for x in out if x]


def log_to(path: str) -> None:
    """Write every sentence the game hands the speech engine to the file at
    ``path`` (UTF-8, replaced if it exists), one a line as it is begun:
    ``SECONDS<TAB>LANGUAGE<TAB>KIND<TAB>TEXT``, where SECONDS counts from the
    start (two decimals) and KIND is ``prompt`` (what to do now, a screen's
    name), ``news`` (the table's lines), ``focus`` (the focused control),
    ``repeat`` (the repeat key) or ``cut`` (a person's press cut the sentence
    short; no text).  Raises ``OSError`` when the file cannot be written."""
    global _said_to
    handler = logging.FileHandler(path, mode="w", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(message)s"))
    if _said_to is not None:
        said_log.removeHandler(_said_to)
        _said_to.close()
    said_log.addHandler(handler)
    _said_to = handler


def _said(lang: str, kind: str, text: str = "") -> None:
    """One line of :func:`log_to`'s file (nothing when no file was asked for)."""
    if _said_to is not None:
        said_log.info("%.2f\t%s\t%s\t%s", time.monotonic() - _T0, lang, kind, " ".join(text.split()))


def estimate_seconds(text: str, lang: str = "en") -> float:
    """Seconds espeak-ng takes to speak ``text`` in ``lang`` at its default
    rate (:data:`START`, :data:`PER_CHAR`): 24 characters of English about 1.7 s."""
    return START + len(text) * PER_CHAR.get(lang, PER_CHAR["en"])


class Driver:
    """A speech engine as the :class:`Speaker` sees it.  ``say`` and ``stop``
    return at once (the work happens elsewhere); ``say`` cuts the line being
    spoken short (the :class:`Speaker` waits for :attr:`speaking` to end first).  :meth:`problem` says, in plain words, why ``lang`` would be
    silent (None: it is not).  A driver that fails records the reason
    (:meth:`fail`: one line on stderr) and stays silent from then on."""

    def __init__(self) -> None:
        #: why nothing at all can be spoken (a message id, with ``detail``), or None
        self.broken: tuple[str, str] | None = None
        #: languages without a voice (found once the engine listed its voices)
        self.missing: set[str] = set()

    def say(self, text: str, lang: str) -> None:
        """Speak ``text`` in language ``lang`` ("en", "es", "ca"), cutting the last line short."""

    def stop(self) -> None:
        """Cut the line being spoken short."""

    def close(self) -> None:
        """Stop speaking and end the driver's work."""

    @property
    def speaking(self) -> bool:
        """True while a line is being spoken (as far as the engine lets us know)."""
        return False

    def problem(self, lang: str) -> str | None:
        """Why ``lang`` is silent, in plain words of the language in use, or
        None.  The engine's own words (English, technical) are not in it:
        :meth:`fail` wrote them in the log."""
        if self.broken is not None:
            return _(self.broken[0])
        if lang in self.missing:
            return fmt(NO_VOICE, language=LANGUAGE_NAMES.get(lang, lang))
        return None

    def fail(self, msgid: str, detail: str = "") -> None:
        """Silent from now on because of ``msgid`` (``detail``: the engine's
        words); the first failure is written on stderr, once."""
        if self.broken is None:
            self.broken = (msgid, detail)
            log.warning(f"read aloud: {detail or msgid}")


class FakeDriver(Driver):
    """Records what would be spoken: :attr:`said` holds ``(lang, text)`` pairs,
    :attr:`stops` counts the lines cut short.  ``hold``: it then counts as
    :attr:`speaking` from a line until the next stop (the screenshot of the
    speaker icon); otherwise a line is over as soon as it is said."""

    def __init__(self, hold: bool = False, missing: set[str] | None = None) -> None:
        super().__init__()
        self.said: list[tuple[str, str]] = []
        self.stops = 0
        self.hold = hold
        self.missing = set(missing or ())
        self._busy = False

    def say(self, text: str, lang: str) -> None:
        """Record ``(lang, text)`` (nothing once broken, or for a language without a voice)."""
        if self.broken is None and lang not in self.missing:
            self.said.append((lang, text))
            self._busy = self.hold

    def stop(self) -> None:
        """Count a line cut short."""
        self.stops += 1
        self._busy = False

    @property
    def speaking(self) -> bool:
        return self._busy

    @property
    def lines(self) -> list[str]:
        """The texts said, in order."""
        return [text for _lang, text in self.said]


class Heard(NamedTuple):
    """One line a :class:`TimedDriver` was given: its text, language, the
    clock's seconds when it began, its length in seconds, and the seconds of
    it heard (equal to ``seconds`` when it was heard to its end)."""

    text: str
    lang: str
    start: float
    seconds: float
    heard: float

    @property
    def whole(self) -> bool:
        """True when the line was heard to its end."""
        return self.heard >= self.seconds - 1e-9


class TimedDriver(FakeDriver):
    """A :class:`FakeDriver` whose lines take time: each lasts
    ``seconds(text, lang)`` (default :func:`estimate_seconds`) on ``clock``
    (a function returning seconds, e.g. a test's simulated clock), and is
    :attr:`speaking` until then.  A line cut short (by ``say`` or ``stop``)
    keeps the seconds heard so far: :attr:`heard` lists every line."""

    def __init__(self, clock: Callable[[], float], seconds: Callable[[str, str], float] = estimate_seconds,
                 missing: set[str] | None = None) -> None:
        super().__init__(missing=missing)
        self.clock = clock
        self.seconds = seconds
        self._heard: list[Heard] = []
        self._cut_at: dict[int, float] = {}

    def say(self, text: str, lang: str) -> None:
        """Cut the line being spoken short, then begin ``text``."""
        self._cut()
        before = len(self.said)
        super().say(text, lang)
        if len(self.said) > before:
            self._heard.append(Heard(text, lang, self.clock(), float(self.seconds(text, lang)), 0.0))

    def stop(self) -> None:
        """Cut the line being spoken short (counted in :attr:`stops`)."""
        self._cut()
        super().stop()

    def _cut(self) -> None:
        if self.speaking:
            self._cut_at[len(self._heard) - 1] = self.clock()

    @property
    def speaking(self) -> bool:
        if not self._heard or (len(self._heard) - 1) in self._cut_at:
            return False
        last = self._heard[-1]
        return self.clock() < last.start + last.seconds

    @property
    def heard(self) -> list[Heard]:
        """Every line given, with the seconds of it heard so far."""
        now = self.clock()
        return [h._replace(heard=max(0.0, min(h.seconds, self._cut_at.get(i, now) - h.start)))
                for i, h in enumerate(self._heard)]


class _Worker(Driver):
    """A driver whose engine lives on one worker thread: ``say`` and ``stop``
    only put a request in a queue; the thread takes the newest one (older
    ones are dropped: they would be cut short at once) and calls
    :meth:`_start` / :meth:`_cut`, and :meth:`_tick` between requests."""

    _CLOSE = object()

    def __init__(self) -> None:
        super().__init__()
        self._requests: queue.Queue = queue.Queue()
        self._busy = False
        self._lock = threading.Lock()
        self._unstarted = 0          # lines given but not yet begun by the thread: they count as speaking
        self._thread = threading.Thread(target=self._run, name="read-aloud", daemon=True)
        self._thread.start()

    def say(self, text: str, lang: str) -> None:
        if self.broken is None:
            with self._lock:
                self._unstarted += 1
            self._requests.put((text, lang))

    def stop(self) -> None:
        self._requests.put(None)

    def close(self) -> None:
        self._requests.put(self._CLOSE)

    @property
    def speaking(self) -> bool:
        return (self._busy or self._unstarted > 0) and self.broken is None

    def _run(self) -> None:
        try:
            self._open()
            while True:
                try:
                    item = self._requests.get(timeout=POLL)
                except queue.Empty:
                    self._busy = self._tick()
                    continue
                taken = [item]
                while not self._requests.empty():          # only the newest request counts
                    newer = self._requests.get_nowait()
                    taken.append(newer)
                    item = self._CLOSE if self._CLOSE in (item, newer) else newer
                self._cut()
                self._busy = False
                if item is self._CLOSE:
                    return
                if item is not None:
                    self._busy = self._start(*item)
                with self._lock:                            # begun (or dropped): speaking is _busy's now
                    self._unstarted -= sum(isinstance(x, tuple) for x in taken)
        except Exception as exc:     # never a traceback: silent, said on Settings and once on stderr
            self.fail(BROKEN, f"{type(exc).__name__}: {exc}")
            self._busy = False
            try:
                self._cut()
            except Exception:
                pass

    def _open(self) -> None:
        """Start the engine and find its voices (on the worker thread)."""

    def _start(self, text: str, lang: str) -> bool:
        """Begin speaking; True when something is being spoken."""
        return False

    def _cut(self) -> None:
        """Stop what is being spoken."""

    def _tick(self) -> bool:
        """Between requests: True while the line is still being spoken."""
        return False


class EspeakDriver(_Worker):
    """``espeak-ng`` (the program at ``program``) as a child process per line,
    killed to cut it short.  Its voices are listed once at start
    (``espeak-ng --voices``); a language without one stays silent (see
    :meth:`Driver.problem`)."""

    def __init__(self, program: str) -> None:
        self.program = program
        self.voices: dict[str, str] = {}
        self._proc: subprocess.Popen | None = None
        super().__init__()

    def _open(self) -> None:
        import subprocess  # here, on the voice's thread: not on the way to the title's first frame

        out = subprocess.run([self.program, "--voices"], capture_output=True, text=True, timeout=20,
                             stdin=subprocess.DEVNULL).stdout
        self.voices = pick_espeak_voices([line.split()[1] for line in out.splitlines()[1:] if len(line.split()) > 1])
        self.missing = {lang for lang in ESPEAK_VOICES if lang not in self.voices}

    def _start(self, text: str, lang: str) -> bool:
        voice = self.voices.get(lang)
        if voice is None:
            return False
        import subprocess

        self._proc = subprocess.Popen([self.program, "-v", voice, "--", text], stdin=subprocess.DEVNULL,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return True

    def _cut(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.poll() is None:
                proc.kill()
            proc.communicate(timeout=5)

    def _tick(self) -> bool:
        """A line that ended: an exit status other than 0, or an "error" on
        stderr (espeak-ng without a sound device still exits with 0), makes the
        driver silent with the reason."""
        proc = self._proc
        if proc is None or proc.poll() is None:
            return proc is not None
        self._proc = None
        errors = [line.strip() for line in proc.communicate(timeout=5)[1].decode("utf-8", "replace").splitlines()
                  if line.strip().lower().startswith("error")]
        if errors:
            self.fail(NO_SOUND, f"espeak-ng: {errors[-1]}")
        elif proc.returncode != 0:
            self.fail(BROKEN, f"espeak-ng exit status {proc.returncode}")
        return False


def pick_espeak_voices(languages: list[str]) -> dict[str, str]:
    """Language code -> the espeak-ng voice to use for it, from the language
    column of ``espeak-ng --voices`` (e.g. ``["ca", "en-gb", "es"]``)."""
    out: dict[str, str] = {}
    for lang, best in ESPEAK_VOICES.items():
        found = [v for v in best if v in languages] or sorted(v for v in languages if v.startswith(lang + "-"))
        if found:
            out[lang] = found[0]
    return out


class Pyttsx3Driver(_Worker):
    """pyttsx3 (SAPI5 on Windows, NSSpeechSynthesizer on macOS) on the worker
    thread, in pyttsx3's external-loop mode.  The voice is picked by language
    (:func:`pick_voice`); a language without one stays silent."""

    def __init__(self) -> None:
        self.engine: Any = None      # a pyttsx3 engine once opened (pyttsx3 ships no type hints)
        self.voices: dict[str, str] = {}
        self._until = 0.0
        super().__init__()

    def _open(self) -> None:
        if sys.platform == "win32":           # SAPI5 is COM: this thread must join a COM apartment first
            import pythoncom

            pythoncom.CoInitialize()
        import pyttsx3

        self.engine = pyttsx3.init()
        voices = list(self.engine.getProperty("voices") or [])
        self.voices = {lang: v for lang in ESPEAK_VOICES if (v := pick_voice(voices, lang)) is not None}
        self.missing = {lang for lang in ESPEAK_VOICES if lang not in self.voices}
        self.engine.startLoop(False)

    def _start(self, text: str, lang: str) -> bool:
        voice = self.voices.get(lang)
        if voice is None:
            return False
        self.engine.setProperty("voice", voice)
        self.engine.say(text)
        self._until = time.monotonic() + 0.5 + 0.08 * len(text)   # some engines never say they are done
        self.engine.iterate()
        return True

    def _cut(self) -> None:
        if self.engine is not None:
            self.engine.stop()
            self.engine.proxy.setBusy(False)     # stopped: idle, whether or not the engine said so

    def _tick(self) -> bool:
        self.engine.iterate()
        return self.engine.isBusy() and time.monotonic() < self._until


def pick_voice(voices: list, lang: str) -> str | None:
    """The id of the first of pyttsx3's ``voices`` whose languages (``"es_ES"``,
    ``b"\\x05ca"``, ``"ca-ES"``) or name name ``lang``, or None."""
    names = {"en": ("english",), "es": ("spanish", "español"), "ca": ("catalan", "català")}[lang]
    for voice in voices:
        for code in getattr(voice, "languages", None) or ():
            if isinstance(code, bytes):
                code = code.decode("ascii", "ignore").lstrip("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09")
            if str(code).lower().replace("_", "-").split("-")[0] == lang:
                return voice.id
    for voice in voices:
        if any(n in str(getattr(voice, "name", "")).lower() for n in names):
            return voice.id
    return None


def real_driver() -> Driver:
    """The speech engine of this computer: espeak-ng where it is installed,
    else pyttsx3 where it can be imported (Windows, macOS), else a silent
    driver that says there is no engine."""
    program = shutil.which("espeak-ng")
    if program is not None:
        return EspeakDriver(program)
    if sys.platform in ("win32", "darwin"):
        try:
            import pyttsx3  # noqa: F401
        except Exception as exc:
            log.warning(f"read aloud: pyttsx3 cannot be used ({type(exc).__name__}: {exc})")
        else:
            return Pyttsx3Driver()
    silent = Driver()
    silent.fail(NO_ENGINE, "no speech engine (install espeak-ng, or pyttsx3 on Windows / macOS)")
    return silent


class Line(NamedTuple):
    """One sentence waiting to be spoken: its ``text``, the private scene it
    belongs to (``owner``; None: public), whether it says what to do now
    (``prompt``: a screen's line, never dropped for news), when the repeat
    key put it back, its place in the history (``replay``; else -1), and
    whether it names the focused control (``focus``: the next focus line replaces it), and whether it
    begins a prompt (``head``: a press drops the rest of the prompt being spoken, up to the next head)."""

    text: str
    owner: object = None
    prompt: bool = False
    replay: int = -1
    focus: bool = False
    head: bool = False


class Speaker:
    """What ``app`` says aloud (see the module).  ``make_driver`` builds the
    driver the first time read aloud is on (a factory, so that a game with
    read aloud off never starts an engine); a failure to build it is a silent
    driver with the reason.  The app calls :meth:`update` once a frame (after
    the top scene's update) and :meth:`draw` after every scene is drawn."""

    def __init__(self, app, make_driver: Callable[[], Driver]) -> None:
        self.app = app
        self.make_driver = make_driver
        self.driver: Driver | None = None
        #: lines said this frame: (text, owner scene or None for a public line, is it a screen's prompt,
        #: does it name the focused control)
        self.pending: list[tuple[str, object, bool, bool]] = []
        #: sentences waiting their turn, oldest first
        self.waiting: deque[Line] = deque()
        #: sentences spoken, oldest first (at most :data:`HISTORY`), for the repeat key: (text, owner)
        self.history: list[tuple[str, object]] = []
        self._at = -1                          # the history's sentence spoken last (a replay goes back)
        #: the private scene whose line is being spoken, or None
        self.speaking_for: object = None
        self._screen: tuple | None = None      # the screen line spoken last: (scene id, text)
        self._scene: int | None = None         # the id of the screen whose name was said last
        self._focus: tuple | None = None       # the focus line said last: (scene id, text)
        self._focus_speaking = False           # the sentence being spoken names the focused control
        self._prompt_speaking = False          # the sentence begun last is part of a prompt (not a replay)
        #: focus lines given to the engine (a count: benchmarks compare it with the focus changes)
        self.focus_lines = 0
        #: the message that read aloud cannot speak here was shown this session (once is enough)
        self.problem_told = False

    # ------------------------------------------------------------ state
    @property
    def enabled(self) -> bool:
        """Read aloud is on: the "Read aloud" setting, or in Learn to play its
        own setting (on unless turned off there)."""
        s = self.app.store.settings
        if getattr(self.app.top, "always_spoken", False):    # the offer of read aloud itself, at first start
            return True
        return s.read_aloud_lesson if self.app.coach is not None else s.read_aloud

    def problem(self) -> str | None:
        """Why read aloud is silent in the language in use, in plain words (None: it speaks)."""
        return None if self.driver is None else self.driver.problem(language())

    @property
    def speaking(self) -> bool:
        """True while a line is being spoken."""
        return self.driver is not None and self.driver.speaking

    def busy(self) -> bool:
        """True while read aloud is on and a sentence waits to be begun: the
        table waits for it, so the voice is never more than one sentence
        behind the table.  The lines said so far this frame are handed on
        first (the engine begins one at once when it is quiet).  Lines that
        may not be spoken (a private screen's at a shared table) never wait,
        so they cannot change the table's pace either."""
        if not self.enabled or (self.driver is not None and self.driver.broken is not None):
            return False
        self._queue()
        self._speak()
        return bool(self.waiting)

    @property
    def last(self) -> tuple[str, object] | None:
        """The last sentence spoken, ``(text, owner scene or None)``, or None."""
        return self.history[-1] if self.history else None

    def _driver(self) -> Driver:
        if self.driver is None:
            try:
                self.driver = self.make_driver()
            except Exception as exc:
                self.driver = Driver()
                self.driver.fail(BROKEN, f"{type(exc).__name__}: {exc}")
        return self.driver

    # ------------------------------------------------------------ lines
    def say(self, text: str | None, owner=None, prompt: bool = False) -> None:
        """Speak ``text`` once the lines before it are said (each sentence its own line).
        ``owner``: the private scene it belongs to — said only while that scene is on top.
        ``prompt``: it says what to do now (news waiting may be dropped, this never)."""
        if text and self.enabled:
            self.pending.append((text, owner, prompt, False))

    def say_focus(self, text: str | None, owner=None) -> None:
        """Name the focused control (``text``: "Rope — ticked"; ``owner`` as
        for :meth:`say`).  It replaces a focus line not yet begun and cuts
        short the focus line being spoken: moving the focus on skips the name
        of the control left behind.  News and prompts are not cut (only a
        person's own press does that, :meth:`pressed`)."""
        if not text or not self.enabled:
            return
        self.pending = [p for p in self.pending if not p[3]]
        self.waiting = deque(line for line in self.waiting if not line.focus)
        if self._focus_speaking and self.driver is not None and self.driver.speaking:
            self.driver.stop()
        self._focus_speaking = False
        self.pending.append((text, owner, False, True))

    def repeat(self) -> None:
        """The repeat key: go back one sentence — while a sentence is spoken,
        to the one before it, then on from there; once everything is said, the
        last sentence again.  A private sentence only while its scene is still on top; on a
        private screen, only that screen's own sentences (none at a shared table: nothing)."""
        if not self.enabled or not self.history:
            return
        back = self._at - 1 if self.speaking and not self._focus_speaking else self._at
        back = max(0, min(back, len(self.history) - 1))
        top = self.app.top
        if top is not None and top.private:     # the card shown to you, not the table's line before it
            own = [i for i, (_t, o) in enumerate(self.history) if o is top]
            if not own:
                return
            back = max(back, own[0])
        self.waiting = deque(line for line in self.waiting if line.replay < 0)
        if self.speaking:
            self._driver().stop()
        self.waiting.extendleft(reversed([Line(t, o, False, i) for i, (t, o) in enumerate(self.history)
                                          if i >= back and self._may_speak(o)]))

    def pressed(self) -> None:
        """A person's own press: the sentence being spoken is cut short and the
        news waiting dropped (they skip it); so is the rest of the prompt being
        spoken (they heard its start and acted: the name of what they focus
        comes next, not the prompt's last sentences).  A prompt not yet begun
        (what to do now) is kept."""
        if self.driver is not None and self.driver.speaking:
            self.driver.stop()
            _said(language(), "cut")
        rest = self._prompt_speaking
        self._focus_speaking = self._prompt_speaking = False
        self.pending = [p for p in self.pending if p[2]]
        kept: deque[Line] = deque()
        for line in self.waiting:
            rest = rest and not line.head
            if line.prompt and line.replay < 0 and not rest:
                kept.append(line)
        self.waiting = kept

    def bumped(self, text: str | None, owner=None) -> None:
        """A person's arrow went nowhere (the last button, a row's end): the
        focused control's name ``text`` is said again, so the press is heard
        (``owner`` as for :meth:`say`)."""
        if owner is not None and self.shared_table(owner):     # a shared table hears the harmless name only
            text, owner = owner.speech_shared_focus(), None
        if text and self.enabled:
            self.say_focus(text, owner)

    def _may_speak(self, owner) -> bool:
        """A public line always; a private scene's line only while that scene
        is on top *and* nobody else shares the screen.  The speakers reach the
        whole room: at a hot-seat table (the covers in use) nothing private is
        ever spoken, not even after its owner lifted the cover."""
        return owner is None or (owner is self.app.top and not self.shared_table(owner))

    def shared_table(self, owner) -> bool:
        """True when ``owner``'s table has two or more people (its match
        ``needs_cover``), or when no match can be found for it (then silent)."""
        match = getattr(owner, "match", None)
        for holder in ("table", "board"):
            if match is None:
                match = getattr(getattr(owner, holder, None), "match", None)
        if match is None:
            match = getattr(find(self.app.stack, "board", "card_table"), "match", None)
        return match is None or bool(getattr(match, "needs_cover", True))

    def update(self) -> None:
        """Once a frame: cut a private line short whose screen is gone or
        covered (and forget it), say the top screen's line when it changed,
        put the frame's lines in line sentence by sentence, and hand the
        engine the next sentence once the last one has ended.  The engine
        starts the first time read aloud is on (so Settings can say at once why it is silent)."""
        if self.driver is None and self.enabled:
            self._driver()
        if not self._may_speak(self.speaking_for) or (self.driver is not None and not self.enabled
                                                       and self.driver.speaking):
            self._driver().stop()
            self.speaking_for = None
        if any(not self._may_speak(o) for _t, o in self.history):   # a private line is never repeated once gone
            keep = [i for i, (_t, o) in enumerate(self.history) if self._may_speak(o)]
            self._at = sum(1 for i in keep if i <= self._at) - 1
            self.history = [self.history[i] for i in keep]
            self.waiting = deque(line for line in self.waiting if line.replay < 0)
        if self.enabled:
            self._look_at_screen()
        else:
            self._screen = self._focus = None   # turned on again: the screen's line and the focus are said
            self._scene = id(self.app.top)       # but not the name of the screen it was turned on from
        self._queue()
        if self.enabled:
            self._speak()

    def _queue(self) -> None:
        """The frame's lines (the newest :data:`MOST_LINES`), each cut into
        sentences, join the waiting ones: a new prompt replaces a prompt not
        yet begun; news beyond :data:`MOST_WAITING` drops the oldest news."""
        lines = [p for p in dict.fromkeys(self.pending) if self._may_speak(p[1])][-MOST_LINES:]
        self.pending = []
        if not self.enabled:
            self.waiting.clear()
            return
        self.waiting = deque(line for line in self.waiting if self._may_speak(line.owner))
        for text, owner, prompt, focus in lines:
            if prompt:
                self.waiting = deque(line for line in self.waiting if not line.prompt or line.replay >= 0)
            # a control's name stays whole ("Suggest! — press Enter"): it is cut short as one, or heard as one
            parts = [text] if focus else sentences(text)
            self.waiting.extend(Line(s, owner, prompt, -1, focus, prompt and i == 0) for i, s in enumerate(parts))
        news = [line for line in self.waiting if not line.prompt and not line.focus and line.replay < 0]
        for line in news[:max(0, len(news) - MOST_WAITING)]:
            self.waiting.remove(line)

    def _speak(self) -> None:
        """Hand the engine the waiting sentences while it is quiet (one at a
        time for an engine that takes time; every one at once for one that does not)."""
        driver = self._driver()
        for _i in range(len(self.waiting)):
            if driver.speaking or not self.waiting:
                return
            line = self.waiting.popleft()
            if not self._may_speak(line.owner):
                continue
            if line.replay >= 0:
                self._at = line.replay
            elif not line.focus:            # the repeat key says the game's lines again, not a control's name
                self.history = (self.history + [(line.text, line.owner)])[-HISTORY:]
                self._at = len(self.history) - 1
            self.speaking_for = line.owner
            self._focus_speaking = line.focus
            self._prompt_speaking = line.prompt and line.replay < 0
            self.focus_lines += line.focus and line.replay < 0
            _said(language(), "repeat" if line.replay >= 0 else "focus" if line.focus else
                  "prompt" if line.prompt else "news", line.text)
            driver.say(line.text, language())

    def _look_at_screen(self) -> None:
        """The screen's name when a new screen comes on top
        (:meth:`~game.ui.shell.scene.Scene.speech_name`), the coach's bubble or the
        top scene's prompt when it changed, then the focused control when the
        focus moved or its state changed (:meth:`~game.ui.shell.scene.Scene.speech_focus`)."""
        app, top = self.app, self.app.top
        coach = app.coach
        owner = top if top is not None and top.private else None
        # a private screen at a shared table: its harmless words only, as public lines
        shared = owner is not None and self.shared_table(owner)
        if shared:
            owner = None
        name = None
        opened = top is not None and id(top) != self._scene
        if opened:
            self._scene = id(top)
            name = None if shared else top.speech_name()
        key: tuple[object, object]      # what the line is about: ("coach", its key) or (scene id, its text)
        bubble = coach is not None and coach.bubble is not None
        if bubble:
            key, text, owner_line = ("coach", coach.bubble.key), coach.bubble_spoken(), None
        elif top is not None:
            text = top.speech_shared() if shared else top.speech_prompt()
            owner_line = owner
            key = (id(top), text)
        else:
            return
        fresh = bool(text) and key != self._screen
        said_before = self._screen
        self._screen = key if text else None
        if fresh and not bubble and said_before is not None and said_before[0] == id(top) and \
                isinstance(said_before[1], str) and text.startswith(said_before[1]) and \
                not any(line.prompt and line.replay < 0 for line in self.waiting):
            # the same screen's line grew (the verdict, then its cards) after its start was begun: only what it adds
            text = text[len(said_before[1]):].strip()
        if name and fresh and not text.startswith(name):   # one prompt: a later prompt would replace the name
            text, owner_line = name + ("" if name.endswith((".", "!", "?", "…")) else ".") + " " + text, owner
        elif name and not fresh:
            text, fresh, owner_line = name, True, owner
        speak = fresh and not (opened and self._just_said(text))
        if bubble:      # Enter goes on while the bubble is up: the control under it is named once it is gone
            if speak:
                self.say(text, None, prompt=True)
            self._focus = None
            return
        focus = None if top is None else top.speech_shared_focus() if shared else top.speech_focus()
        # the device named in it ("press Enter", "press A") is no change of focus: said on the next move
        fkey = (id(top), focus.replace(prompts.label(Kind.CONFIRM), "") if focus else None,
                # shared: the cards sound alike, so a move to another one is heard by the control itself
                id(getattr(getattr(top, "focus", None), "focused", None)) if shared else None)
        moved = bool(focus) and fkey != self._focus
        # what to do now first when the focus is it: behind a long prompt it went unheard for seconds
        first = moved and speak and not opened and top is not None and top.speech_focus_first()
        if first:
            self.say_focus(focus, owner)
        if speak:
            self.say(text, owner_line, prompt=True)
        if moved and not first:
            self.say_focus(focus, owner)
        self._focus = fkey if focus else None

    def _just_said(self, text: str) -> bool:
        """True when ``text``'s sentences are the last ones said or waiting to be
        (the game-over screen opening on the verdict's very words): not said twice in a row."""
        parts = sentences(text)
        recent = [t for t, _o in self.history] + [line.text for line in self.waiting if line.replay < 0]
        return bool(parts) and recent[-len(parts):] == parts

    def stop(self) -> None:
        """Read aloud was turned off: cut the line short and forget what was waiting."""
        self.pending = []
        self.waiting.clear()
        if self.driver is not None:
            self.driver.stop()

    def close(self) -> None:
        """The game closes: stop speaking and end the driver's thread."""
        if self.driver is not None:
            self.driver.close()

    # ------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        """A small speaker in the top-left corner while a line is spoken
        (:data:`ICON`: a corner no screen writes text in)."""
        if self.enabled and self.speaking:
            draw_speaker(surface, ICON)


def draw_speaker(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A speaker with two sound waves in ``rect`` (logical pixels), on a dark disc."""
    from game.ui.draw import theme

    gfx.circle(surface, (20, 14, 10), rect.center, rect.width // 2)
    gfx.circle(surface, theme.BRASS, rect.center, rect.width // 2, 2)
    x, y, u = rect.left, rect.centery, rect.width / 40
    body = [(x + 8 * u, y - 5 * u), (x + 14 * u, y - 5 * u), (x + 21 * u, y - 11 * u), (x + 21 * u, y + 11 * u),
            (x + 14 * u, y + 5 * u), (x + 8 * u, y + 5 * u)]
    gfx.polygon(surface, theme.CREAM, body)
    for r in (6, 11):
        box = pygame.Rect(0, 0, 2 * r * u, 2 * r * u)
        box.center = (round(x + 21 * u), y)
        gfx.arc(surface, theme.CREAM, box, -0.9, 0.9, max(2, round(2 * u)))
