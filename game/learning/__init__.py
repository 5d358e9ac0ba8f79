"""Learning the game: the guided first game, the detective notebook's hints, the detective report."""
