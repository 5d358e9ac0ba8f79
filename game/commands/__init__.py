"""The command line and what it runs without a window: the ``clue`` command, a headless
game, the tournament of computer levels, the monkey test."""
