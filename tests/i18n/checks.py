"""What a player-facing text must never contain (the i18n scan and the catalog tests).

A text is checked in the language it was made for:
- no raw id: no ``snake_case`` word, no rule id (``epic.keyword.loyalty``) outside the
  square brackets or parentheses that cite one, no unformatted ``{placeholder}``, no Python repr
  (``None``, ``['…']``, ``(…,)``);
- Russian text has no Latin word except the card ids and the words a player types
  (commands, agent names) that the caller allows;
- English text has no Cyrillic letter and uses English quotes (“…”), not «…».
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
LATIN_WORD = re.compile(r"(?<![\w.@-])[A-Za-z][A-Za-z'’-]*[A-Za-z](?![\w@-])")
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
RULE_ID = re.compile(r"\b[a-z]+\.[a-z][a-z_0-9]*(?:\.[a-z][a-z_0-9]*)+\b")
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")
REPR = re.compile(r"\bNone\b|\['|\('|\{'|\b[a-z_]+=")
BRACKETED = re.compile(r"\[[^\]]*\]")
#: a rule cited in parentheses after a sentence: "(clash.summon.available)"
CITED = re.compile(r"\((?:[a-z]+(?:\.[a-z_0-9]+)+)(?:,\s*[a-z]+(?:\.[a-z_0-9]+)+)*\)")

#: Latin words a Russian screen may show: variables printed on cards, units and names
#: that are the same in both languages (the command words are allowed by the caller).
RU_LATIN = {"X", "ISMCTS", "id", "ID"}


def problems(text: str, lang: str, allowed: Iterable[str] = ()) -> list[str]:
    """What is wrong with ``text`` shown in ``lang`` (empty when nothing is)."""
    found: list[str] = []
    ok = set(allowed) | RU_LATIN
    outside = CITED.sub(" ", BRACKETED.sub(" ", text))
    for word in SNAKE.findall(outside):
        if word not in ok:
            found.append(f"raw id {word!r}")
    for word in RULE_ID.findall(outside):
        if word not in ok:
            found.append(f"rule id {word!r} where a sentence was meant")
    if PLACEHOLDER.search(text):
        found.append(f"unformatted placeholder {PLACEHOLDER.search(text).group()!r}")  # type: ignore[union-attr]
    if REPR.search(text):
        found.append(f"Python repr {REPR.search(text).group()!r}")  # type: ignore[union-attr]
    if lang == "ru":
        for word in LATIN_WORD.findall(outside):
            if word not in ok and word.lower() not in ok:
                found.append(f"Latin word {word!r} in Russian text")
    else:
        if CYRILLIC.search(text):
            found.append("Cyrillic in English text")
        if "«" in text or "»" in text:
            found.append("Russian quotes «» in English text")
    return found


def words_of(value: Any) -> set[str]:
    """Every key and text of a document or setup (what the reader wrote, which a message
    may quote back): words split at anything but letters, digits, ``_`` and ``+``, and
    the parts of ``+``-joined ones."""
    if isinstance(value, dict):
        return {str(k) for k in value} | {w for v in value.values() for w in words_of(v)}
    if isinstance(value, list | tuple):
        return {w for v in value for w in words_of(v)}
    return {w for part in re.split(r"[^\w+]+", str(value)) for w in (part, *part.split("+"))}


def message_keys(message: Any) -> set[str]:
    """Every catalog key of a message and of the messages and errors among its
    parameters."""
    from cardtable.core.errors import CardtableError, Message

    if isinstance(message, CardtableError):
        return message_keys(message.message)
    if not isinstance(message, Message):
        return set()
    out = {message.key}
    for value in message.params.values():
        out |= message_keys(value)
    return out


def error_problems(exc: Any, allowed: Iterable[str] = ()) -> list[str]:
    """What is wrong with a refusal said to a reader: its Russian and English texts as
    ``problems`` finds them, and ``str(exc)`` other than the English text."""
    ru, en = exc.text("ru"), exc.text("en")
    found = [f"ru: {p}: {ru}" for p in problems(ru, "ru", allowed)]
    found += [f"en: {p}: {en}" for p in problems(en, "en", allowed)]
    if str(exc) != en:
        found.append(f"str() is not the English text: {exc}")
    return found


def catalog_problems(
    package: str, lang: str, prefixes: tuple[str, ...], allowed: Iterable[str] = ()
) -> list[str]:
    """What ``problems`` finds in every message of a catalog whose key starts with one of
    ``prefixes``, each filled with sample values (a counted one for 1, 2 and 5)."""
    from cardtable.core.i18n import keys, load

    catalog = load(package, lang)
    allowed = set(allowed)
    found: list[str] = []
    for key in sorted(k for k in keys(package) if k.startswith(prefixes)):
        raw = (
            catalog.raw(key) if key in catalog.keys else catalog.translations.ngettext(key, key, 2)
        )
        sample = {name: 2 for name in re.findall(r"\{([a-z_0-9]+)\}", raw)}
        for n in (1, 2, 5):
            text = catalog.text(key, **{**sample, "n": n})
            found += [f"{key}: {p}: {text}" for p in problems(text, lang, allowed)]
    return found


def _literals(annotation: Any) -> set[str]:
    from typing import Literal, get_args, get_origin

    if get_origin(annotation) is Literal:
        return {a for a in get_args(annotation) if isinstance(a, str)}
    return {w for a in get_args(annotation) for w in _literals(a)}


def schema_words(*models: Any) -> set[str]:
    """The field names and literal values of pydantic schemas: what a card file is
    written in, which its problems quote in either language."""
    out: set[str] = set()
    for model in models:
        for name, f in model.model_fields.items():
            out |= {name, f.alias or name} | _literals(f.annotation)
    return out
