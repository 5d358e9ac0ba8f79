"""``python -m game``: the same as the ``clue`` command (see ``--help``)."""

from game.commands.cli import main

raise SystemExit(main())
