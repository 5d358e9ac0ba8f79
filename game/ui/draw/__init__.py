"""Drawing: the device-pixel canvas, colours and text, pictures, widgets, animations, the pawns,
the table's surfaces and the window."""
