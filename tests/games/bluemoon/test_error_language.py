"""Blue Moon's refusals of bad input read in the player's language: a position file, a
setup, a built deck, seated decks or a card file refused says so in Russian with no
English word but the ids and keys of the file, and in English with no Cyrillic
(tests/i18n/checks.py), while ``str(exc)`` stays English (docs/positions.md, "Checks on
loading")."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable.core.errors import CardtableError
from cardtable.games.bluemoon import positions
from cardtable.games.bluemoon.cards import ICONS, PEOPLES, CardModel, load_db
from cardtable.games.bluemoon.formats import BlueMoonSetup
from cardtable.games.bluemoon.problems import PKG
from cardtable.games.bluemoon.tasks import MODES
from tests.games.bluemoon.helpers import GAME
from tests.i18n.checks import catalog_problems, error_problems, message_keys

DB = GAME.db  # type: ignore[attr-defined]
ERROR_KEYS = ("pos_", "setup_", "deck_", "card_", "inv_")


def _allowed() -> set[str]:
    """The words of files a message may quote: position keys and values, setup options,
    peoples, card ids, and the bad values the cases below write."""
    words = set(positions._TOP) | positions._PLAYER | set(BlueMoonSetup.model_fields)
    for field in positions.FIELDS:
        words.update(re.split(r"[.*]", field.path))
        words.update(field.one_of)
    words |= set(PEOPLES) | set(MODES) | set(DB.cards)
    for ident in DB.cards:
        words.update(ident.split("_"))
    words |= {"fire", "earth", "null", "continue", "fight", "buka", "zz", "water", "P1", "P2"}
    words |= {"element", "stopped", "active", "aims", "card", "demanding"}
    words |= {"no_such_card", "dragonzilla", "shed", "dwarves"}
    words |= set(CardModel.model_fields) | set(ICONS) | {"mutant", "custom_card"}
    return {w for w in words if w}


ALLOWED = _allowed()
BASE: dict[str, Any] = {
    "game": "bluemoon",
    "element": "fire",
    "fight_turn": 3,
    "players": {
        "P1": {"people": "vulca", "turns": 2, "hand": ["torch"], "deck": ["furnace", "spark"]},
        "P2": {
            "people": "hoax",
            "turns": 1,
            "hand": ["athradysas_the_seeker"],
            "deck": ["zedemikras_the_brain"],
            "combat": [{"card": "ledinemras_the_monk", "turn": 2}],
        },
    },
}


def _doc(**changes: Any) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    doc.update(changes)
    return doc


def _player(seat: str, **changes: Any) -> dict[str, Any]:
    doc = _doc()
    doc["players"][seat].update(changes)
    return doc


POSITIONS: list[tuple[str, dict[str, Any]]] = [
    ("pos_seat", _doc(active="P9")),
    ("position_unknown_keys", _doc(zz=1)),
    ("pos_leader_card", _player("P1", hand=["torch", "tecton_earthquaker"])),
    ("position_choice", _player("P1", people="buka")),
    ("pos_dragons", _doc(players={"P1": {"dragons": 1}, "P2": {"dragons": 1}})),
    ("position_length", _doc(plays=[1, 2])),
    ("pos_no_card_at", _doc(leadership_now="P1.hand.9")),
    ("pos_shed", _doc(shed=["P1.hand.0"])),
    ("pos_task_action", _doc(tasks=[["zz", "P1", "P1.hand.0", 1, 0]])),
    ("pos_no_card_at", _doc(tasks=[[MODES[0], "P1", "P1.hand.9", 1, 0]])),
    ("pos_stop_fight", _doc(phase="setup", step=True, pending={"continue": "turn"})),
    (
        "pos_stop_tasks",
        _doc(step=True, pending={"continue": "turn"}, tasks=[[MODES[0], "P1", "P1.hand.0", 1, 0]]),
    ),
    ("pos_stop_fight_start", _doc(step=True, pending={"continue": "fight"})),
    ("pos_path", _doc(freed=["P1.hand.9"])),
    ("pos_undo_point", _doc(undo_point={"zz": 1})),
    ("pos_element", _doc(undo_point={"element": "water"})),
    ("position_unknown_card", _player("P1", hand=["no_such_card"])),
]

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("setup_unknown_people", {"peoples": ["buka", "hoax"]}),
    ("setup_same_people", {"peoples": ["pillar", "pillar"]}),
    ("setup_lists_peoples", {"lists": [[], []]}),
]


def _raised(action: Callable[[], Any]) -> CardtableError:
    with pytest.raises(CardtableError) as info:
        action()
    return info.value


def _check(exc: CardtableError, key: str, *allowed: str) -> None:
    assert key in message_keys(exc), (key, exc.key, str(exc))
    assert not error_problems(exc, ALLOWED | set(allowed))


@pytest.mark.parametrize(
    ("key", "doc"), POSITIONS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(POSITIONS)]
)
def test_a_refused_position_reads_in_both_languages(key: str, doc: dict[str, Any]) -> None:
    """Every refusal of positions.load is a catalog message in both languages."""
    _check(_raised(lambda: GAME.load_position(copy.deepcopy(doc))), key)


@pytest.mark.parametrize(("key", "setup"), SETUPS, ids=[k for k, _ in SETUPS])
def test_a_refused_setup_reads_in_both_languages(key: str, setup: dict[str, Any]) -> None:
    """A setup the game cannot start from is refused in the player's language."""
    _check(_raised(lambda: GAME.new_game(setup, 1)), key)


def test_a_refused_built_deck_reads_in_both_languages() -> None:
    """bluemoon.deck.*: each reason a built deck is refused, in both languages."""
    own = [c for c in DB.deck("terrah")]
    heavy = [
        c for c, d in DB.cards.items() if d.people not in ("terrah", "mutant") and d.moons >= 3
    ]
    cases = {
        "deck_size": own[:29],
        "deck_card_twice": [*own[:29], own[0]],
        "deck_unknown_card": ["dragonzilla", *own[:29]],
        "deck_leader": ["tecton_earthquaker", *own[:29]],
        "deck_moons": (heavy[:5] + own)[:30],
    }
    for key, cards in cases.items():
        setup = {"peoples": ["terrah", "hoax"], "lists": [cards, DB.deck("hoax")]}
        _check(_raised(lambda setup=setup: GAME.new_game(setup, 1)), key)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_error_message_of_the_catalog_reads_in_its_language(lang: str) -> None:
    """Each error message, filled with sample values, has no stray Latin word (Russian),
    no Cyrillic (English), and a counted one agrees with its number."""
    assert not catalog_problems(PKG, lang, ERROR_KEYS, ALLOWED)


def _inline(**changes: Any) -> dict[str, Any]:
    """The base position with one inline card of its own."""
    card = {
        "id": "custom_card",
        "people": "vulca",
        "number": 99,
        "name": {"ru": "Карта", "en": "Card"},
        "type": "booster",
        "fire": 1,
        "earth": 1,
        "moons": 0,
        **changes,
    }
    return _doc(cards=[card])


INLINE: list[tuple[str, dict[str, Any]]] = [
    ("card_unknown_icon", _inline(icons=["zz"])),
    ("card_mutant_character", _inline(people="mutant")),
    ("card_gang_character", _inline(gang="top")),
]


@pytest.mark.parametrize(("key", "doc"), INLINE, ids=[k for k, _ in INLINE])
def test_a_refused_inline_card_reads_in_both_languages(key: str, doc: dict[str, Any]) -> None:
    """The card schema's own checks (cards.CardModel), met through a position's inline
    card, are said in the reader's language."""
    _check(_raised(lambda: GAME.load_position(copy.deepcopy(doc))), key)


def test_a_card_file_with_an_id_twice_reads_in_both_languages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card loader (cards.load_db): one id in two deck files."""
    monkeypatch.chdir(tmp_path)
    card = (
        '[[card]]\nid = "twin"\npeople = "vulca"\nnumber = 1\n'
        'name = { ru = "Карта", en = "Card" }\ntype = "booster"\nmoons = 0\n'
    )
    for name in ("one.toml", "two.toml"):
        Path(name).write_text(card, encoding="utf-8")
    exc = _raised(lambda: load_db([Path("one.toml"), Path("two.toml")]))
    _check(exc, "card_id_twice", "two", "twin")
    assert "two.toml" in exc.text("ru") and "two.toml" in exc.text("en")


def test_refused_seated_decks_read_in_both_languages() -> None:
    """balance.with_decks: bluemoon.match.choose_decks, and no boxes over built decks."""
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("setup_lists_boxed", lambda: GAME.with_decks({"lists": [["x"], ["y"]]}, ["aqua", "flit"])),
        ("setup_unknown_deck", lambda: GAME.with_decks({}, ["vulca", "dwarves"])),
        ("setup_two_decks", lambda: GAME.with_decks({}, ["vulca"])),
        ("setup_same_people", lambda: GAME.with_decks({}, ["aqua", "aqua"])),
    ]
    for key, action in cases:
        _check(_raised(action), key)


IMPOSSIBLE: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (("inv_support",), _player("P1", support=["torch"])),
    (("inv_leadership",), _player("P1", leadership=["torch"])),
    (("inv_shed",), _doc(shed=[["P1.hand.0", "P1.deck.0"]])),
    (("inv_aim",), _player("P1", combat=[{"card": "furnace", "aim": "P2.hand.0"}])),
    (
        ("inv_support", "joined", "inv_leadership"),
        _player("P1", support=["torch"], leadership=["spark"], deck=["furnace"]),
    ),
]


@pytest.mark.parametrize(("keys", "doc"), IMPOSSIBLE, ids=["-".join(k) for k, _ in IMPOSSIBLE])
def test_an_impossible_position_reads_in_both_languages(
    keys: tuple[str, ...], doc: dict[str, Any]
) -> None:
    """A position that passes the reading checks but breaks the game's invariants is
    refused with each problem in the reader's language (BlueMoonGame.invariant_problems),
    while check_invariants keeps the English texts."""
    exc = _raised(lambda: GAME.load_position(copy.deepcopy(doc)))
    for key in ("pos_impossible", *keys):
        _check(exc, key)
