#!/usr/bin/env python3
"""Start Clue.  ``python run.py`` opens the game window; see ``--help``."""

from game.commands.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
