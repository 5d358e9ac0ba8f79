"""Scenes by name (Tuxemon pushes states by name).

A scene module never imports another scene module: it asks for the next
screen by name, ``make("picker", app, match, ...)``, and this registry imports
the module the first time the name is used (start-up imports only what the
first frame needs).  Each entry is ``"module:Class"``; the arguments are the
class's own, passed through unchanged.

Raises ``KeyError`` naming the unknown scene and the known ones.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

#: scene name -> "module:Class"
SCENES: dict[str, str] = {
    # shared screens
    "title": "game.ui.scenes.title:TitleScene",
    "setup": "game.ui.scenes.setup:SetupScene",
    "menu": "game.ui.scenes.menu:MenuScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "controls": "game.ui.scenes.controls:ControlsScene",
    "rules": "game.ui.scenes.rules:RulesScene",
    "rulebook": "game.ui.scenes.rulebook:RulebookScene",
    "cover": "game.ui.scenes.cover:CoverScene",
    "message": "game.ui.scenes.message:MessageScene",
    "confirm": "game.ui.scenes.confirm:ConfirmScene",
    "accuse_confirm": "game.ui.scenes.accuse_confirm:AccuseConfirmScene",
    "error": "game.ui.scenes.error:ErrorScene",
    "unplugged": "game.ui.scenes.unplugged:UnpluggedScene",
    "notebook_chooser": "game.ui.scenes.chooser:NotebookChooser",
    "lesson_choice": "game.ui.scenes.lesson:LessonChoice",
    "voice_offer": "game.ui.scenes.voice:VoiceOffer",
    "report": "game.ui.scenes.report:ReportScene",
    "recap": "game.ui.scenes.report:RecapScene",
    "pieces": "game.ui.scenes.pieces:PiecesScene",
    "case_solved": "game.ui.scenes.verdict:CaseSolvedScene",
    "accusation_wrong": "game.ui.scenes.verdict:WrongAccusationScene",
    "phones": "game.ui.scenes.phones:PhonesScene",
    "phone_wait": "game.ui.scenes.phone_wait:PhoneWaitScene",
    # the board game (000, 001, 002)
    "board": "game.ui.board.table:BoardScene",
    "picker": "game.ui.board.picker:PickerScene",
    "disprove": "game.ui.board.private:DisproveScene",
    "shown_card": "game.ui.board.private:ShownCardScene",
    "envelope": "game.ui.board.private:EnvelopeScene",
    "notebook": "game.ui.board.notebook:NotebookScene",
    "game_over": "game.ui.board.gameover:GameOverScene",
    # the card game (003)
    "card_setup": "game.ui.cardgame.setup:CardSetupScene",
    "card_options": "game.ui.cardgame.setup:CardOptionsScene",
    "card_table": "game.ui.cardgame.table:CardTableScene",
    "card_picker": "game.ui.cardgame.picker:CardPickerScene",
    "card_show": "game.ui.cardgame.private:CardShowScene",
    "card_shown": "game.ui.cardgame.private:CardShownScene",
    "crime": "game.ui.cardgame.private:CrimeScene",
    "join": "game.ui.cardgame.private:JoinScene",
    "card_hand": "game.ui.cardgame.private:HandPeekScene",
    "case_file": "game.ui.cardgame.notebook:CaseFileScene",
    "reveal": "game.ui.cardgame.gameover:RevealScene",
    "card_game_over": "game.ui.cardgame.gameover:CardGameOverScene",
}


def scene_class(name: str) -> type:
    """The class registered as ``name``, its module imported on first use.
    Raises ``KeyError`` for a name that is not in :data:`SCENES`."""
    try:
        target = SCENES[name]
    except KeyError:
        raise KeyError(f"no scene named {name!r}; known: {', '.join(sorted(SCENES))}") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def make(name: str, *args: Any, **kwargs: Any) -> Any:
    """A new scene ``name`` (a :class:`~game.ui.shell.scene.Scene`; the base is not
    imported here, it imports this registry) built with the class's own arguments
    (usually ``app`` first).  Raises ``KeyError`` for an unknown name."""
    return scene_class(name)(*args, **kwargs)


def is_scene(scene: object, name: str) -> bool:
    """True when ``scene`` is an instance of the class registered as ``name``,
    without importing that module when it was never used (then it cannot be)."""
    module, _, cls = SCENES[name].partition(":")
    import sys
    loaded = sys.modules.get(module)
    return loaded is not None and isinstance(scene, getattr(loaded, cls))


def find(stack: Iterable[Any], *names: str) -> Any:
    """The topmost scene of ``stack`` (bottom first, as ``App.stack``) that
    :func:`is_scene` one of ``names``, or None."""
    for scene in reversed(list(stack)):
        if any(is_scene(scene, name) for name in names):
            return scene
    return None
