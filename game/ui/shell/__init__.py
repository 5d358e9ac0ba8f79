"""What every screen stands on: raw input to intents, the button prompts, the Scene interface,
scenes by name, moves between screens, and the UI's translation hook."""
