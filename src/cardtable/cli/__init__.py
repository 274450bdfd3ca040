"""cardtable.cli."""
