"""Game packages; each registers itself with cardtable.core.registry."""
