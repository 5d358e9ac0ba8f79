"""The screens of the 2018 Clue Card Game (rules text 003), on top of the
engine in :mod:`game.cardgame`.

* :mod:`.match` -- :class:`~.match.CardMatch`: the engine, the seats (people,
  computer players, controllers), the public log in words, the case-file marks.
* :mod:`.setup` -- the card-game setup (3 to 6 seats, deck, order of checking
  joint accusations).
* :mod:`.table` -- the table: face-up cards, seats, log, Ask / Accuse / Case file.
* :mod:`.picker` -- choosing two cards to ask about, or an accusation.
* :mod:`.private` -- what only one person may see: the card to show, the card
  shown, joining an accusation, the Crime cards.
* :mod:`.notebook` -- the case file (crossed cards, marks, hints).
* :mod:`.gameover` -- the revealed accusations and the Crime cards.
* :mod:`.labels` -- the deck and the order of joint accusations in words.
* :mod:`.screens` -- the ``--screenshot`` states of the card game.

The screens extend the bases both games share (:mod:`game.ui.bases`) and
make each other by name (:mod:`game.ui.shell.registry`); every private screen opens
through :func:`game.ui.shell.flow.open_private`.
"""
