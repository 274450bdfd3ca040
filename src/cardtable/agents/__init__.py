"""cardtable.agents."""
