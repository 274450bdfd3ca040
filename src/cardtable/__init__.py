"""cardtable: one engine for four tabletop card games."""

import cardtable.native  # noqa: F401  (CARDTABLE_INTERPRETED: sources before compiled modules)

__version__ = "0.1.0"
