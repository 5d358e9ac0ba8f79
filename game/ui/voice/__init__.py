"""Sound and speech: sound effects and music, and read aloud."""
