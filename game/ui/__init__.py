"""The pygame-ce user interface: scenes, widgets, input and drawing.

Everything is drawn on a logical 1280 x 720 surface (:data:`LOGICAL_SIZE`)
that :mod:`game.ui.draw.window` scales to the window.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no greeting line from pygame on the console

LOGICAL_SIZE = (1280, 720)

#: The smallest window allowed (resizing below it is undone): smaller scales the
#: text down too far to read.
MIN_WINDOW = (960, 540)
