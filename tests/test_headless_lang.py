"""``--lang`` sets the language of the headless game's log, as ``--help`` says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _log(*args: str) -> list[str]:
    out = subprocess.run([sys.executable, "run.py", "--headless", "--seed", "1", *args], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_the_board_games_log_is_in_spanish_with_lang_es():
    english, spanish = _log(), _log("--lang", "es")
    assert english[:3] == ["The game begins. Miss Scarlet, Mrs. White, Mrs. Peacock and Professor Plum are "
                           "at the table.", "It is Miss Scarlet's turn.", "Miss Scarlet rolls a 3."]
    assert spanish[:3] == ["Empieza la partida. En la mesa están la Señorita Amapola, la Señora Blanco, "
                           "la Señora Celeste y el Profesor Mora.", "Ahora juega la Señorita Amapola.",
                           "La Señorita Amapola saca un 3."]
    assert len(spanish) == len(english)          # the same game, line for line


def test_the_card_games_log_is_in_catalan_with_lang_ca():
    catalan = _log("--mode", "card-game", "--lang", "ca")
    assert catalan[1:3] == ["Joc normal. De cara per a tothom: el Ganivet i la Cuina. Comença Jugador 1.",
                            "Ara juga Jugador 1."]
