"""Player-facing text in Russian and English, loaded from TOML message catalogs."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

LANGS = ("ru", "en")
DEFAULT_LANG = "ru"


def check_lang(lang: str) -> str:
    """Return lang if supported, else raise a clear error."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
    return lang


@cache
def catalog(package: str) -> dict[str, dict[str, str]]:
    """The messages of a package's ``messages.toml``: key -> {ru, en}."""
    text = resources.files(package).joinpath("messages.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    for key, entry in data.items():
        missing = [lang for lang in LANGS if lang not in entry]
        if missing:
            raise ValueError(f"{package}/messages.toml: message {key!r} lacks {missing}")
    return data


def tr(package: str, key: str, lang: str, /, **kwargs: Any) -> str:
    """The message ``key`` of ``package`` in ``lang``, formatted with kwargs."""
    entry = catalog(package).get(key)
    if entry is None:
        raise KeyError(f"{package}: no message {key!r}")
    return entry[lang].format(**kwargs)
