"""What-if files: card numbers changed for one balance run, read from a small TOML file.

    # what-if: make the imp cheaper
    [cards.spark_imp]
    cost = 1

The file becomes ``{card id: {field: number}}``; the game's ``with_card_overrides`` hook
puts it into the setup and names unknown cards or fields. Every error here names the
file and what is wrong; a ``WhatIfError`` carries a catalog message, so the command line
says it in the user's language.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable.core.datafile import read_data
from cardtable.core.errors import SetupError, shown

Overrides = dict[str, dict[str, int | float]]
"""Card id -> field -> new number."""


class WhatIfError(SetupError):
    """A what-if file that cannot be used; its message is a catalog message
    (the catalog of cardtable.core, keys ``whatif_*`` and ``file_*``)."""

    @property
    def fields(self) -> dict[str, Any]:
        """The message's parameters."""
        return dict(getattr(self.message, "params", {}))


def read_whatif(path: str | Path) -> Overrides:
    """The overrides a what-if file asks for (checked for shape, not against the game);
    the file is read by the shared reader (a missing file, bytes that are not UTF-8 and
    TOML syntax errors name the file and the place)."""
    try:
        data = read_data(path, "toml", WhatIfError)
    except WhatIfError as exc:
        raise WhatIfError.msg("whatif_read", problem=exc) from None
    return parse_whatif(data, str(path))


def parse_whatif(data: Mapping[str, Any], path: str = "<what-if>") -> Overrides:
    """Check the parsed TOML document and return its overrides, sorted by card and field."""
    for key in sorted(data):
        if key != "cards":
            raise WhatIfError.msg("whatif_top", path=path, name=shown(key))
    cards = data.get("cards")
    if not isinstance(cards, dict) or not cards:
        raise WhatIfError.msg("whatif_empty", path=path)
    out: Overrides = {}
    for card in sorted(cards):
        fields = cards[card]
        if not isinstance(fields, dict) or not fields:
            raise WhatIfError.msg("whatif_not_table", path=path, card=card)
        out[card] = {name: _number(path, card, name, fields[name]) for name in sorted(fields)}
    return out


def _number(path: str, card: str, field: str, value: Any) -> int | float:
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if not is_number or (isinstance(value, float) and not math.isfinite(value)):
        raise WhatIfError.msg(
            "whatif_not_number", path=path, card=card, field=field, value=shown(value)
        )
    return value  # type: ignore[no-any-return]


def overrides_text(overrides: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """One 'card.field = value' line per override, sorted (for report headers)."""
    return [
        f"{card}.{name} = {overrides[card][name]}"
        for card in sorted(overrides)
        for name in sorted(overrides[card])
    ]
