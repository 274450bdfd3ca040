"""The eight Blue Moon deck boxes as data (src/cardtable/games/bluemoon/data/*.toml).

Checked against the public card list (/work/shared/data/reference/bluemoon-cards.csv):
every card of the eight boxes Hoax … Aqua (Buka is not transcribed yet) appears exactly
once with its printed people, number, type, values, icons and moons. Rule ids in docstrings.
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src" / "cardtable" / "games" / "bluemoon" / "data"
CSV_PATH = Path("/work/shared/data/reference/bluemoon-cards.csv")
BOXES = ("hoax", "vulca", "mimix", "flit", "khind", "terrah", "pillar", "aqua")
TYPES = {"leader", "character", "booster", "support", "leadership"}
PLAIN_ICONS = {"shield_fire", "shield_earth", "stop", "retrieve", "protected", "free", "pair"}
GANGS = {"no", "top", "fun", "cool"}
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def load_boxes() -> dict[str, dict[str, Any]]:
    return {box: tomllib.loads((DATA / f"{box}.toml").read_text("utf-8")) for box in BOXES}


def all_cards() -> list[tuple[str, dict[str, Any]]]:
    return [(box, card) for box, doc in load_boxes().items() for card in doc["card"]]


def csv_rows() -> list[dict[str, str]]:
    if not CSV_PATH.exists():
        pytest.skip("reference card list not available")
    with CSV_PATH.open(encoding="utf-8", newline="") as fh:
        return [row for row in csv.DictReader(fh) if row["deck_box"] != "Buka"]


def expected(row: dict[str, str]) -> dict[str, Any]:
    """The card entry a CSV row must become (id and Russian name aside)."""
    icons: list[str] = []
    gang = None
    for icon in filter(None, row["icons"].split(";")):
        if icon.startswith("GANG_"):
            gang = icon.removeprefix("GANG_").lower()
        else:
            icons.append(icon.lower())
    card: dict[str, Any] = {
        "people": row["card_people"].lower(),
        "number": int(row["card_no_in_people"]),
        "type": row["type"],
        "icons": icons,
        "moons": int(row["moons"]),
    }
    for value in ("fire", "earth"):
        if row[value] != "":
            card[value] = int(row[value])
    if gang is not None:
        card["gang"] = gang
    if row["special_text_en"].strip():
        card["power"] = True
    return card


def comparable(card: dict[str, Any]) -> dict[str, Any]:
    """The transcribed facts (the encoded power itself, ``powers``/``mutant``, is checked by
    the per-card tests)."""
    return {k: v for k, v in card.items() if k not in ("id", "name", "powers", "mutant")}


def test_files_name_their_box() -> None:
    """bluemoon.setup.decks, bluemoon.cards.deck_letter, bluemoon.cards.number: one file per
    deck box, named after it."""
    for box, doc in load_boxes().items():
        assert doc["box"] == box
        assert set(doc) == {"box", "card"}


def test_every_csv_row_present_once() -> None:
    """bluemoon.setup.decks, bluemoon.cards.values, bluemoon.icons: each printed card of the
    eight boxes is in its box's file exactly once, with the same people, number, type,
    fire/earth values (absent when unprinted), icons, gang, moons and power flag."""
    rows = csv_rows()
    cards = all_cards()
    by_name = Counter(card["name"]["en"] for _, card in cards)
    assert len(cards) == len(rows) == 8 * 31
    for row in rows:
        name = row["name_en"]
        assert by_name[name] == 1, name
        box, card = next((b, c) for b, c in cards if c["name"]["en"] == name)
        assert box == row["deck_box"].lower(), name
        assert comparable(card) == expected(row), name


def test_file_order_follows_csv() -> None:
    """bluemoon.setup.decks: each file lists its cards in the card list's order."""
    rows = csv_rows()
    for box, doc in load_boxes().items():
        want = [r["name_en"] for r in rows if r["deck_box"].lower() == box]
        assert [c["name"]["en"] for c in doc["card"]] == want


def test_leader_and_thirty_cards_per_box() -> None:
    """bluemoon.setup.decks: 30 playing cards and one leader per deck."""
    for box, doc in load_boxes().items():
        types = Counter(card["type"] for card in doc["card"])
        assert types["leader"] == 1, box
        assert sum(types.values()) - types["leader"] == 30, box
        assert set(types) <= TYPES, box
        leader = next(c for c in doc["card"] if c["type"] == "leader")
        assert leader["people"] == box
        assert leader["moons"] == 0
        assert "fire" not in leader and "earth" not in leader and leader["icons"] == []


def test_values_and_icons_well_formed() -> None:
    """bluemoon.cards.values, bluemoon.icons: values are non-negative integers, icons come
    from the known set, gang membership is a separate field; mutants are characters."""
    for box, card in all_cards():
        where = f"{box}:{card['id']}"
        for value in ("fire", "earth", "moons"):
            if value in card:
                assert isinstance(card[value], int) and card[value] >= 0, where
        assert set(card["icons"]) <= PLAIN_ICONS, where
        assert len(card["icons"]) == len(set(card["icons"])), where
        if "gang" in card:
            assert card["gang"] in GANGS and card["type"] == "character", where
        if "power" in card:
            assert card["power"] is True, where
        if card["people"] == "mutant":
            assert card["type"] == "character", where


def test_ids_and_names_unique() -> None:
    """bluemoon.setup.decks: ids are the English names in snake case, unique across all
    boxes; Russian names are unique and written in Cyrillic."""
    cards = [card for _, card in all_cards()]
    ids = Counter(card["id"] for card in cards)
    assert [i for i, n in ids.items() if n > 1] == []
    ru = Counter(card["name"]["ru"] for card in cards)
    assert [r for r, n in ru.items() if n > 1] == []
    for card in cards:
        assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", card["id"]), card["id"]
        assert card["id"] == re.sub(r"[\s\-']+", "_", card["name"]["en"].lower()).strip("_")
        assert CYRILLIC.search(card["name"]["ru"]), card["id"]
        assert not re.search(r"[A-Za-z]", card["name"]["ru"]), card["id"]
