"""Phones as private hands: the host's web server, the seats' sessions, the
messages, each seat's view payload, a Python seat client and a headless
networked game.  Imports no pygame and nothing from ``game.ui`` (contract
``net-draws-nothing``); the engine is touched only on the main thread
(``docs/network.md``)."""
