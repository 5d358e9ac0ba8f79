"""The words the game says: translations, the public game log, and why an action is not allowed."""
