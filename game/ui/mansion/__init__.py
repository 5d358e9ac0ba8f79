"""The mansion's picture: furnished rooms, the board drawn from the Tiled map, where pieces stand,
the scenery behind the title and the stage of a big moment."""
