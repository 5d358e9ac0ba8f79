"""The board game's own screens (rules texts 000-002): the pickers, the private steps, the notebook, game over."""
