"""cardtable.sim."""
