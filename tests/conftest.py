import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# The game's log file goes to platformdirs' user_log_dir, on Linux under
# $XDG_STATE_HOME: a folder of this run's own, for this process and every game
# a test starts, never the real user's log.
_STATE = tempfile.mkdtemp(prefix="clue-test-state-")
atexit.register(shutil.rmtree, _STATE, True)
os.environ["XDG_STATE_HOME"] = _STATE

from game.storage import logfile  # noqa: E402

# Logged as the game logs (stderr and the file), whichever test comes first.
logfile.setup()
