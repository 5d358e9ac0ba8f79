"""The player's files and the game's data: settings, saved games, the error log, and where
the maps, sprites, sounds, fonts and translations are found."""
