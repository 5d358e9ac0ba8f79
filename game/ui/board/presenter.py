"""The board game's event presenter: engine event -> what the table shows.

One handler per event type (:meth:`BoardPresenter.handlers`): the die
tumbling, a token walking or taking a secret passage, tokens and weapons
summoned into the room of a suggestion, the card shown to a person and the
envelope looked into (private steps behind the cover).  Pauses come from
:data:`game.ui.bases.pacing.BOARD_PAUSES`, sounds from :attr:`BoardPresenter.sounds`.
"""

from __future__ import annotations

from typing import Callable

from game.rules import events as ev
from game.ui.bases.notebook import accuse_ready, tell_envelope
from game.ui.bases.pacing import BOARD_PAUSES, PULLED_TIME
from game.ui.bases.table import Presenter
from game.ui.board.moments import SuggestionShow, prepare
from game.ui.board.panels import BoardPanels
from game.ui.draw import anim
from game.ui.mansion import stage
from game.ui.shell.i18n import _, fmt


def pulled_in(events: list[ev.Event], seat: int, suspect: str) -> ev.SuggestionMade | None:
    """The suggestion that last brought ``seat``'s token (``suspect``) into a
    room since that seat's previous turn (000 "Suggestions" 2: the suspect
    named is moved into the room), from the public ``events`` as shown so far
    (the last one is the seat's new ``TurnStarted``); None when nobody did.
    A suggestion that names the suggester moves nobody."""
    summoned = None
    for e in reversed(events[:-1]):
        if isinstance(e, ev.TurnStarted) and e.player == seat:
            return None
        if summoned is None and isinstance(e, ev.TokenSummoned) and e.suspect == suspect:
            summoned = e
        elif summoned is not None and isinstance(e, ev.SuggestionMade):
            return e if e.player != seat and e.suspect == suspect else None
    return None


def pulled_texts(suggestion: ev.SuggestionMade, suspects: tuple[str, ...]) -> tuple[str, str]:
    """The words of the pulled-in banner and the line under them: where the
    token was brought, and who brought it with which suggestion."""
    s = suggestion
    return (fmt("You were brought to the {room}!", room=s.room),
            fmt("{who} brought you here with a suggestion: {suspect}, with the {weapon}, in the {room}.",
                who=suspects[s.player], suspect=s.suspect, weapon=s.weapon, room=s.room))


class BoardPresenter(Presenter):
    """Plays board-game events on a :class:`~game.ui.board.table.BoardScene`:
    it sets the scene's ``anim`` (what moves now), its places shown
    (``shown_pos``, ``shown_weapons``, updated when an animation lands) and
    its die (``die_value``, ``dice_faces``)."""

    scene: BoardPanels    # the board scene (game.ui.board.table), as its panels declare it
    turn_event = ev.TurnStarted
    quiet = (ev.TurnStarted, ev.DieRolled, ev.TokenSummoned, ev.TokenPushedIn, ev.WeaponMoved, ev.CannotDisprove,
             ev.DisproveRequested)
    told_by = {ev.TokenMoved: ev.SuggestionMade}
    joined_by = {ev.SuggestionMade: (ev.CardShown, ev.NobodyDisproved)}
    #: one sound per public event, the same whoever is at the table: never which card
    sounds = {ev.DieRolled: "die", ev.SuggestionMade: "suggest", ev.CardShown: "card", ev.NobodyDisproved: "nobody",
              ev.PlayerEliminated: "wrong", ev.GameWon: "chime"}

    def __init__(self, scene) -> None:
        super().__init__(scene)
        # a notebook that named the envelope before this table opened (a game resumed) is no news
        self.match.accuse_told |= {s for s in self.match.humans if accuse_ready(self.match, s)}

    def play(self, e: ev.Event) -> None:
        """Show ``e`` (:meth:`Presenter.play`), then, once every event of its action has
        been shown, tell a person whose notebook now names the whole envelope
        (:meth:`accuse_now`): the notebook reads the whole action at once, so telling
        earlier would say "You can accuse now" before the answers that made it so."""
        super().play(e)
        if not self.scene.queue:
            self.accuse_now()

    def is_quiet(self, e: ev.Event) -> bool:
        """A computer's turn leaves its details unsaid (:attr:`quiet`), but a person's
        own token pulled into a room by a suggestion is news to them: it is said."""
        if isinstance(e, (ev.TokenSummoned, ev.TokenPushedIn)) and e.suspect in self.match.suspects:
            if self.match.is_human(self.match.suspects.index(e.suspect)):
                return False
        return super().is_quiet(e)

    def accuse_now(self) -> None:
        """With Hints, the moment a person's notebook comes to name the whole
        envelope, once: alone at the table it is said now, naming the three
        cards (and shown in a banner when no other is up); with two or more
        people it waits for that seat's own screen behind the cover (the card
        shown to them, their notebook), never spoken.  From then on the three
        cards' rows say "In the envelope!" (:func:`tell_envelope`)."""
        m = self.match
        if m.notebook_mode != "hints" or self.app.coach is not None or self.game.over:
            return
        for seat in m.humans:
            # an accusation opens the envelope: nothing is left to tell one who accused
            if seat in m.accuse_told or self.game.seats[seat].eliminated or not accuse_ready(m, seat):
                continue
            m.accuse_told.add(seat)
            if m.needs_cover or self.app.phones.away(seat):
                m.accuse_unseen.add(seat)
                continue
            text = tell_envelope(m, seat)
            self.app.speech.say(text)
            if text and (self.scene.banner is None or self.scene.banner.done):
                self.scene.banner = anim.Banner(text, PULLED_TIME / self.app.speed)

    def handlers(self) -> dict[type, Callable]:
        return {ev.TurnStarted: self.turn_started, ev.DieRolled: self.die_rolled, ev.TokenMoved: self.token_moved,
                ev.SuggestionMade: self.suggested, ev.TokenSummoned: self.summoned, ev.TokenPushedIn: self.summoned,
                ev.WeaponMoved: self.weapon_moved, ev.CannotDisprove: self.cannot_disprove,
                ev.DisproveRequested: self.has_card, ev.CardShown: self.card_shown,
                ev.EnvelopeSeen: self.envelope_seen, ev.NobodyDisproved: self.nobody,
                ev.PlayerEliminated: self.eliminated, ev.GameWon: self.won}

    def log(self, e: ev.Event) -> str | None:
        """The log line, read aloud; the event is the one being played (for the status line)."""
        self.scene._playing = e
        return super().log(e)

    def joined(self, before: ev.SuggestionMade, e: ev.CardShown | ev.NobodyDisproved) -> str:
        """A computer's suggestion and its answer in one sentence (public: never which card)."""
        if isinstance(e, ev.CardShown):
            return fmt("{who} suggests {suspect}, with the {weapon}, in the {room}; {by} shows a card.",
                       who=self.match.suspects[before.player], suspect=before.suspect, weapon=before.weapon,
                       room=before.room, by=self.match.suspects[e.by])
        return fmt("{who} suggests {suspect}, with the {weapon}, in the {room}; nobody can show a card.",
                   who=self.match.suspects[before.player], suspect=before.suspect, weapon=before.weapon,
                   room=before.room)

    def pause(self, e: ev.Event) -> None:
        """A moment alone on screen (:data:`BOARD_PAUSES`), as a :class:`anim.Pause`."""
        seconds = BOARD_PAUSES.get(type(e))
        if seconds is not None:
            self.scene.anim = anim.Pause(seconds / self.app.speed)

    def turn_started(self, e: ev.TurnStarted) -> None:
        """A new turn: the die is cleared and nobody is choosing a card to show.
        A person whose token somebody's suggestion brought into a room since
        their last turn is told who and with what (:func:`pulled_in`), in a
        banner for :data:`~game.ui.bases.pacing.PULLED_TIME` once the turn can be
        played, read aloud now (``scene.pulled_banner``, shown by
        :meth:`~game.ui.board.table.BoardScene.human_turn`: hurrying the moments
        before it does not skip it), and cut short once the person plays on
        (:meth:`~game.ui.bases.table.TableScene.do`); not in the guided game: its lesson says it."""
        super().turn_started(e)
        scene = self.scene
        scene.die_value = None
        scene.dice_faces = ()
        scene.disprove_open = False
        scene.suggestion_show = None
        m = self.match
        if m.is_human(e.player) and self.app.coach is None:
            pull = pulled_in(m.log_events, e.player, m.suspects[e.player])
            if pull is not None:
                words, why = pulled_texts(pull, m.suspects)
                scene.pulled_banner = anim.Banner(words, PULLED_TIME / self.app.speed, sub=why)
                scene.pulled_banner.until_acted = True     # gone once she rolls, walks or suggests
                self.app.speech.say(words + " " + why)     # with the turn's line; the prompt follows on its own

    def die_rolled(self, e: ev.DieRolled) -> None:
        """The die (or two dice) tumbles and shows the roll."""
        scene = self.scene
        scene.die_value = e.total
        scene.dice_faces = tuple(e.dice)
        seed = len(self.game.events) + scene.turn_no
        rolls: list[anim.Animation] = [anim.DieRoll(face, self.app.speed, seed=seed + i) for i, face in enumerate(e.dice)]
        scene.anim = rolls[0] if len(rolls) == 1 else anim.Group(rolls)

    def token_moved(self, e: ev.TokenMoved) -> None:
        """A token walks its path square by square, or glides through a secret passage."""
        scene, view, speed = self.scene, self.scene.view, self.app.speed
        start = view.token_point(e.suspect, scene.shown_pos[e.suspect])
        end = view.token_point(e.suspect, e.end)
        if e.passage:
            scene.anim = anim.Glide("token", e.suspect, start, end, speed, seconds=anim.PASSAGE_TIME)
            self.app.play("passage")
        else:
            pts = [start] + [view.square_centre(sq) for sq in e.path]
            if isinstance(e.end, str):
                pts.append(end)
            scene.anim = anim.Walk(e.suspect, pts, speed, on_step=lambda i: self.app.play("step"))
        scene._after = lambda: self.land(e.suspect, e.end)

    def suggested(self, e: ev.SuggestionMade) -> None:
        """A suggestion as a cut-in (public, 000 "Suggestions" 1): its three
        cards slide in across the board into the suggestion panel while the
        suspect's token and the weapon (the next events) glide into the room;
        the panel then shows the question going round (:class:`SuggestionShow`)."""
        scene = self.scene
        show = scene.suggestion_show = SuggestionShow(e.player, (e.suspect, e.weapon, e.room), len(self.game.seats),
                                                      self.app.speed)
        prepare(show, self.match, self.app.window.surface.get_size())    # its pictures now, not in its first frames
        parts: list[anim.Animation] = [show.cut]
        landings: list = []
        if scene.queue and isinstance(scene.queue[0], ev.TokenSummoned):
            t = scene.queue.popleft()
            self.log(t)
            parts.append(self.token_glide(t.suspect, t.room))
            landings.append((t.suspect, t.room))
        self._glide_weapon(parts, landings)
        scene.anim = anim.Group(parts)
        scene._after = self._landing(landings)

    def summoned(self, e: ev.TokenSummoned | ev.TokenPushedIn) -> None:
        """A token glides into a room; the weapon of the same suggestion (the
        next event) glides along with it."""
        scene = self.scene
        parts: list[anim.Animation] = [self.token_glide(e.suspect, e.room)]
        landings: list = [(e.suspect, e.room)]
        self._glide_weapon(parts, landings)
        scene.anim = anim.Group(parts)
        scene._after = self._landing(landings)

    def _landing(self, landings: list) -> Callable[[], None]:
        """What happens when the glides of ``landings`` are over: each token
        (suspect, room) and each weapon (None, its ``WeaponMoved``) lands."""
        def land_all() -> None:
            for s, r in landings:
                if s:
                    self.land(s, r)
                else:
                    self.land_weapon(r)
        return land_all

    def _glide_weapon(self, parts: list, landings: list) -> None:
        """When the next queued event moves a weapon, take it (its log line
        added) and add its glide to ``parts``, its landing to ``landings``."""
        scene = self.scene
        if scene.queue and isinstance(scene.queue[0], ev.WeaponMoved):
            w = scene.queue.popleft()
            self.log(w)                  # read aloud on a person's turn ("The Rope is brought into the Hall.")
            parts.append(self.weapon_glide(w))
            landings.append((None, w))

    def cannot_disprove(self, e: ev.CannotDisprove) -> None:
        """A seat asked in turn has none of the cards: its badge shakes (000 "Suggestions" 4)."""
        show = self.scene.suggestion_show
        if show is not None and e.player in show.state:
            self.scene.anim = show.no(e.player)

    def has_card(self, e: ev.DisproveRequested) -> None:
        """The seat asked has a card to show: its badge glows (which card is not said)."""
        show = self.scene.suggestion_show
        if show is not None and e.player in show.state:
            show.has(e.player)

    def card_shown(self, e: ev.CardShown) -> None:
        """A card was shown: the panel marks who showed one (never which: only
        ``e.by``); the card itself goes to the asker alone, behind the cover."""
        show = self.scene.suggestion_show
        if show is not None and e.by in show.state:
            show.showed(e.by)
        super().card_shown(e)

    def nobody(self, e: ev.NobodyDisproved) -> None:
        """Nobody could show a card: every badge says no, and the banner over
        the room's picture with the asker's portrait and the cards asked about."""
        show = self.scene.suggestion_show
        if show is not None:
            show.nobody()
        super().nobody(e)
        banner = self.scene.banner
        assert banner is not None    # just put up by Presenter.nobody
        room = show.cards[2] if show is not None else self.game.room_of(e.player)
        banner.stage = stage.Scenery(self.game.board, room, self.game.seats[e.player].suspect,
                                                show.cards if show is not None else None)

    def eliminated(self, e: ev.PlayerEliminated) -> None:
        """A wrong accusation, as its own moment (public): the accusation as
        said aloud with a "Wrong!" stamp and what happens next (000
        "Accusations" 4); the envelope stays with the accuser (:meth:`envelope_seen`)."""
        acc = next(x for x in reversed(self.game.events) if isinstance(x, ev.AccusationMade) and x.player == e.player)
        name = self.match.suspects[e.player]
        words = fmt("{name} is out of the race: no more turns, and no way to win. But {name} stays at the table "
                    "and still shows cards when others suggest.", name=name)
        if self.moment("accusation_wrong", name, self.game.seats[e.player].suspect,
                       (acc.suspect, acc.weapon, acc.room), words):
            self.scene.anim = None       # the moment is this event's pause

    def won(self, e: ev.GameWon) -> None:
        """A correct accusation: the envelope opens and its three cards turn
        over (000 "Accusations" 3), before the game-over screen.  Not when the
        last player still in wins without accusing (001): nothing is opened then."""
        if e.last_standing:
            return
        title = fmt("{name} solved the case!", name=self.match.suspects[e.player])
        if self.moment("case_solved", title, self.game.seats[e.player].suspect, (e.suspect, e.weapon, e.room),
                       "envelope"):
            self.scene.anim = None

    def weapon_moved(self, e: ev.WeaponMoved) -> None:
        """A weapon glides into the room of a suggestion."""
        self.scene.anim = self.weapon_glide(e)
        self.scene._after = lambda: self.land_weapon(e)

    def envelope_seen(self, e: ev.EnvelopeSeen) -> None:
        """A person who accused wrongly looks into the envelope, alone (on their phone when it is connected)."""
        if (e.cards and self.match.is_human(e.player) and self.game.winner != e.player
                and not self.app.phones.away(e.player)):
            acc = next(x for x in reversed(self.game.events) if isinstance(x, ev.AccusationMade)
                       and x.player == e.player)
            self.private(e.player, "envelope", self.match, e.player, (acc.suspect, acc.weapon, acc.room), e.cards,
                         reason=_("Look into the envelope."))

    # ------------------------------------------------------------ places
    def token_glide(self, suspect: str, room: str) -> anim.Glide:
        """The glide of ``suspect``'s token from where it is shown into ``room``."""
        view = self.scene.view
        start = view.token_point(suspect, self.scene.shown_pos[suspect])
        return anim.Glide("token", suspect, start, view.token_point(suspect, room), self.app.speed)

    def weapon_glide(self, e: ev.WeaponMoved) -> anim.Glide:
        """The glide of weapon ``e.weapon`` from where it is shown to ``e.room``."""
        shown = self.scene.shown_weapons
        after = dict(shown)
        after[e.weapon] = e.room
        return anim.Glide("weapon", e.weapon, self.scene.weapon_point(e.weapon, shown),
                          self.scene.weapon_point(e.weapon, after), self.app.speed)

    def land(self, suspect: str, pos) -> None:
        """``suspect``'s token is shown at ``pos`` (a door sound on entering a room)."""
        shown = self.scene.shown_pos
        if isinstance(pos, str) and not isinstance(shown.get(suspect), str):
            self.app.play("door")
        shown[suspect] = pos

    def land_weapon(self, e: ev.WeaponMoved) -> None:
        """The weapon of ``e`` is shown in its new room."""
        self.scene.shown_weapons[e.weapon] = e.room
