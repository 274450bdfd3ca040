"""What-if files: card numbers changed for one balance run, read from a small TOML file.

    # what-if: make the imp cheaper
    [cards.spark_imp]
    cost = 1

The file becomes ``{card id: {field: number}}``; the game's ``with_card_overrides`` hook
puts it into the setup and names unknown cards or fields. Every error here names the
file and what is wrong (a ``WhatIfError`` also carries a message key and its fields, so
the command line can say it in the user's language).
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable.core.errors import SetupError

Overrides = dict[str, dict[str, int | float]]
"""Card id -> field -> new number."""

_ENGLISH = {
    "whatif_missing": "what-if file {path}: no such file",
    "whatif_syntax": "what-if file {path}: not valid TOML: {reason}",
    "whatif_top": "what-if file {path}: only a [cards.ID] table per card is allowed, found {name!r}",
    "whatif_empty": "what-if file {path}: no [cards.ID] tables, nothing to change",
    "whatif_not_table": "what-if file {path}: cards.{card} must be a table of field = number",
    "whatif_not_number": "what-if file {path}: cards.{card}.{field} must be a number, got {value}",
}


class WhatIfError(SetupError):
    """A what-if file that cannot be used; ``key`` and ``fields`` name the message."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(_ENGLISH[key].format(**fields))
        self.key = key
        self.fields = fields


def read_whatif(path: str | Path) -> Overrides:
    """The overrides a what-if file asks for (checked for shape, not against the game)."""
    file = Path(path)
    if not file.is_file():
        raise WhatIfError("whatif_missing", path=str(path))
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise WhatIfError("whatif_syntax", path=str(path), reason="not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        reason = syntax_reason(str(exc), text)
        raise WhatIfError("whatif_syntax", path=str(path), reason=reason) from None
    return parse_whatif(data, str(path))


def syntax_reason(message: str, text: str) -> str:
    """tomllib's message, always naming a line ('at end of document' becomes the last)."""
    if "at end of document" in message:
        last = max(1, len(text.splitlines()))
        return message.replace("at end of document", f"at line {last}, the end of the file")
    return message


def parse_whatif(data: Mapping[str, Any], path: str = "<what-if>") -> Overrides:
    """Check the parsed TOML document and return its overrides, sorted by card and field."""
    for key in sorted(data):
        if key != "cards":
            raise WhatIfError("whatif_top", path=path, name=key)
    cards = data.get("cards")
    if not isinstance(cards, dict) or not cards:
        raise WhatIfError("whatif_empty", path=path)
    out: Overrides = {}
    for card in sorted(cards):
        fields = cards[card]
        if not isinstance(fields, dict) or not fields:
            raise WhatIfError("whatif_not_table", path=path, card=card)
        out[card] = {name: _number(path, card, name, fields[name]) for name in sorted(fields)}
    return out


def _number(path: str, card: str, field: str, value: Any) -> int | float:
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if not is_number or (isinstance(value, float) and not math.isfinite(value)):
        raise WhatIfError("whatif_not_number", path=path, card=card, field=field, value=repr(value))
    return value  # type: ignore[no-any-return]


def overrides_text(overrides: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """One 'card.field = value' line per override, sorted (for report headers)."""
    return [
        f"{card}.{name} = {overrides[card][name]}"
        for card in sorted(overrides)
        for name in sorted(overrides[card])
    ]
