"""Player-facing text in Russian and English, from gettext catalogs read with Babel.

Each package that speaks to players keeps its catalogs as gettext ``.po`` files:
``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` (domain ``messages`` unless
named: ``"cardtable.cli:mutation"`` is the ``mutation`` domain of ``cardtable.cli``).
Message ids are stable keys (``act_play``, ``ev_draw``); both languages are
translations of the key, so a missing text is a missing entry, never English shown
in a Russian sentence. A counted message is a gettext plural entry (Russian one /
few / many, English one / other) and takes its number as ``n``.

The ``.po`` files are the source a translator edits; they are compiled in memory with
Babel into ``gettext.GNUTranslations`` the first time a process needs them.
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

LANGS = ("ru", "en")
DEFAULT_LANG = "ru"
DOMAIN = "messages"


def check_lang(lang: str) -> str:
    """Return lang if supported, else raise a clear error."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
    return lang


@dataclass(frozen=True, slots=True)
class Catalog:
    """One domain of one package in one language."""

    name: str
    lang: str
    translations: gettext.GNUTranslations
    keys: frozenset[str]
    plural: frozenset[str]

    def text(self, key: str, /, **kwargs: Any) -> str:
        """The message ``key`` formatted with kwargs (a plural message takes ``n``)."""
        if key in self.plural:
            if "n" not in kwargs:
                raise KeyError(f"{self.name}: counted message {key!r} needs n")
            return self.translations.ngettext(key, key, int(kwargs["n"])).format(**kwargs)
        if key not in self.keys:
            raise KeyError(f"{self.name}: no message {key!r}")
        return self.translations.gettext(key).format(**kwargs) if kwargs else self.raw(key)

    def raw(self, key: str) -> str:
        """The unformatted text of a singular message."""
        return self.translations.gettext(key)


def po_path(name: str, lang: str) -> Any:
    """The ``.po`` resource of a catalog name (``package`` or ``package:domain``)."""
    package, _, domain = name.partition(":")
    return (
        resources.files(package)
        .joinpath("locale")
        .joinpath(lang)
        .joinpath("LC_MESSAGES")
        .joinpath(f"{domain or DOMAIN}.po")
    )


@cache
def load(name: str, lang: str) -> Catalog:
    """The compiled catalog ``name`` (``package`` or ``package:domain``) in ``lang``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    check_lang(lang)
    with po_path(name, lang).open("rb") as fp:
        po = read_po(fp, locale=lang, domain=name.partition(":")[2] or DOMAIN)
    keys: set[str] = set()
    plural: set[str] = set()
    for message in po:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            plural.add(message.id[0])
        else:
            keys.add(message.id)
    buf = io.BytesIO()
    write_mo(buf, po, use_fuzzy=False)
    buf.seek(0)
    return Catalog(name, lang, gettext.GNUTranslations(buf), frozenset(keys), frozenset(plural))


def has(name: str, key: str, lang: str) -> bool:
    """Whether catalog ``name`` has the message ``key`` in ``lang``."""
    cat = load(name, lang)
    return key in cat.keys or key in cat.plural


def keys(name: str) -> frozenset[str]:
    """Every message key of a catalog, in any language."""
    out: set[str] = set()
    for lang in LANGS:
        cat = load(name, lang)
        out |= cat.keys | cat.plural
    return frozenset(out)


def plural_index(name: str, lang: str, n: int) -> int:
    """Which plural form ``n`` takes in ``lang`` (Russian 0 one, 1 few, 2 many; English
    0 one, 1 other), by the catalog's own Plural-Forms rule."""
    return int(load(name, lang).translations.plural(n))  # type: ignore[attr-defined]


def tr(name: str, key: str, lang: str, /, **kwargs: Any) -> str:
    """The message ``key`` of catalog ``name`` in ``lang``, formatted with kwargs."""
    return load(name, lang).text(key, **kwargs)
