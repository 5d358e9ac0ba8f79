"""The guided first game on screen: the coach and its pointer."""
