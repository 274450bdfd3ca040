"""Player-facing names of the neutral, Forge and Mitsim cards: every card of
``data/neutral.toml``, ``forge.toml`` and ``mitsims.toml`` has a Russian and an English name,
non-empty, and the names the player sees (``card_title``) are those (boss.zone.hand: cards
are shown and chosen by name)."""

import re
import tomllib
from importlib import resources

import pytest

from cardtable.core import get_game

GAME = get_game("boss")
FILES = ("neutral.toml", "forge.toml", "mitsims.toml")
COUNTS = {"neutral.toml": 12, "forge.toml": 20, "mitsims.toml": 16}


def _entries(name: str) -> list[dict]:
    data = resources.files("cardtable.games.boss").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(data)["card"]


CARDS = [(name, c) for name in FILES for c in _entries(name)]


@pytest.mark.parametrize("name", FILES)
def test_file_card_count(name: str) -> None:
    assert len(_entries(name)) == COUNTS[name]


@pytest.mark.parametrize("card", [c for _, c in CARDS], ids=[c["id"] for _, c in CARDS])
def test_names_in_both_languages(card: dict) -> None:
    ru, en = card["name"]["ru"], card["name"]["en"]
    assert ru.strip() == ru and ru, card["id"]
    assert en.strip() == en and en, card["id"]
    assert re.search("[А-Яа-яЁё]", ru), f"{card['id']}: Russian name {ru!r} has no Cyrillic"
    assert re.fullmatch(r"[A-Za-z][A-Za-z' -]*", en), f"{card['id']}: English name {en!r}"
    assert GAME.card_title(card["id"], "ru") == ru
    assert GAME.card_title(card["id"], "en") == en


def test_names_unique() -> None:
    """Cards may be named instead of by id, so no two share a name in either language."""
    db = GAME.db
    for lang in ("ru", "en"):
        names = [c.name(lang).lower() for c in db.cards.values()]
        assert len(names) == len(set(names)), lang
