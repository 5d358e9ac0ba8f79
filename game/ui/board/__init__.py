"""The board game's screens (000, 001, 002): the table (:mod:`.table`, with its
event presenter :mod:`.presenter` and panels :mod:`.panels`), its match
(:mod:`.match`), the rules in plain words (:mod:`.rules_text`), and its own
screens: the pickers, the private steps, the notebook, game over."""
