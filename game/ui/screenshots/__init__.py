"""The ``--screenshot`` scenes: a representative state of every screen, built without playing."""
