"""Deck lists as people paste them (core.decklist): names in either language, counts,
comments; every unreadable line reported; the game's construction rules applied when a
game starts from the lists (clash.format.constructed, clash.format.unique,
epic.format.constructed, epic.format.constructed.copies, bluemoon.deck.build,
boss.setup.deck)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.core import DeckError, SetupError, get_game
from cardtable.core.decklist import MAX_TEXT, read_deck_list

CLASH = get_game("clash")
LIST_A = ["spark_imp", "ash_berserker", "river_otter", "mist_wraith", "storm_hawk",
          "wind_adept", "jailer", "lightning_bolt"]  # fmt: skip
LIST_B = ["cursed_knight", "hired_brute", "coral_warden", "sea_serpent", "whirlblade",
          "storm_herald", "fire_lance", "ice_shard"]  # fmt: skip


def clash_text(ids: list[str]) -> str:
    """The list written as a person would: Russian and English names, an id, comments."""
    db = CLASH.db
    lines = ["# my deck", ""]
    for k, c in enumerate(ids):
        card = db.cards[c]
        lines.append(
            [card.name_ru.upper(), f"1x {card.name_en}", f"{c} x1", f"  {card.name_en}  "][k % 4]
        )
    return "\n".join(lines)


def hand_cards(state, seat: str) -> list[str]:
    doc = CLASH.export_position(state)
    return sorted(c["card"] if isinstance(c, dict) else c for c in doc["players"][seat]["hand"][1:])


def test_clash_lists_by_name_start_a_constructed_game() -> None:
    """clash.format.constructed: each player's pasted list is that player's 8 cards."""
    a = read_deck_list(CLASH, clash_text(LIST_A))
    b = read_deck_list(CLASH, "// B\n" + clash_text(LIST_B))
    assert list(a.cards) == LIST_A and list(b.cards) == LIST_B and a.base is None
    setup = CLASH.with_lists({"first": 0}, [a.cards, b.cards], [None, None])
    assert setup["format"] == "constructed"
    state = CLASH.new_game(setup, 3)
    assert hand_cards(state, "A") == sorted(LIST_A) and hand_cards(state, "B") == sorted(LIST_B)


def test_every_unreadable_line_is_named_with_its_number() -> None:
    text = f"Spark Imp\nNo Such Card\n2 Nothing Either\n0 {CLASH.db.cards['jailer'].name_en}"
    with pytest.raises(DeckError) as err:
        read_deck_list(CLASH, text)
    ru, en = err.value.text("ru"), err.value.text("en")
    assert "3 lines cannot be read" in en
    assert "line 2: “No Such Card”" in en and "line 3: “2 Nothing Either”" in en
    assert "line 4" in en and "1 to 99" in en and "line 1" not in en
    assert (
        "не прочитаны 3 строки" in ru and "строка 2: «No Such Card»" in ru and "Битва колод" in ru
    )


def test_empty_and_oversized_lists_are_refused() -> None:
    with pytest.raises(DeckError, match="no cards"):
        read_deck_list(CLASH, "# only a comment\n\n")
    with pytest.raises(DeckError, match="too long"):
        read_deck_list(CLASH, "Spark Imp\n" * (MAX_TEXT // 9))


def test_clash_list_breaking_unique_is_refused_when_the_game_starts() -> None:
    """clash.format.unique: a pasted list with a card twice reads, but cannot start a game."""
    twice = read_deck_list(CLASH, "2 Spark Imp\n" + "\n".join(LIST_A[1:7]))
    assert Counter(twice.cards)["spark_imp"] == 2
    setup = CLASH.with_lists({}, [twice.cards, LIST_B], [None, None])
    with pytest.raises(DeckError) as err:
        CLASH.new_game(setup, 1)
    assert "spark_imp" in err.value.text("en")


def test_a_clash_list_cannot_name_a_preconstructed_deck() -> None:
    """A Clash deck is built from cards alone: a list naming a deck is refused."""
    deck = CLASH.deck_names({})[0]
    read = read_deck_list(CLASH, CLASH.deck_title(deck, "en") + "\n" + "\n".join(LIST_A), {})
    assert read.base == deck
    with pytest.raises(SetupError, match="start from none"):
        CLASH.with_lists({}, [read.cards, LIST_B], [read.base, None])


def test_epic_counts_build_sixty_cards_and_four_copies_are_refused() -> None:
    """epic.format.constructed(.copies): '3 Name' lines give 60 cards with at most three
    copies; a fourth copy is refused naming the card."""
    epic_game = get_game("epic")
    cards = sorted(
        (c for c in epic_game.db.cards.values() if c.cost > 0 and c.edition != "token"),
        key=lambda c: c.id,
    )
    chosen = cards[:20]
    text = "\n".join(f"3 {c.name_en}" for c in chosen)
    read = read_deck_list(epic_game, text)
    assert len(read.cards) == 60 and Counter(read.cards)[chosen[0].id] == 3
    setup = epic_game.with_lists({}, [read.cards, read.cards], [None, None])
    state = epic_game.new_game(setup, 5)
    assert epic_game.to_move(state) is not None
    four = read_deck_list(epic_game, f"4 {chosen[0].name_ru}\n" + text)
    with pytest.raises(DeckError):
        epic_game.new_game(epic_game.with_lists({}, [four.cards, read.cards], [None, None]), 5)


def test_bluemoon_lists_name_their_people_or_take_the_most_common() -> None:
    """bluemoon.deck.build: a built deck belongs to a people, named on a line of its own
    (its id or title) or else the people most of its cards come from."""
    bm = get_game("bluemoon")
    vulca = [bm.db.cards[c] for c in bm.db.deck("vulca")]  # the boxed decks, written out
    hoax = [bm.db.cards[c] for c in bm.db.deck("hoax")]
    named = read_deck_list(
        bm, bm.deck_title("vulca", "ru") + "\n" + "\n".join(c.name_ru for c in vulca)
    )
    plain = read_deck_list(bm, "\n".join(c.id for c in hoax))
    assert named.base == "vulca" and plain.base is None
    setup = bm.with_lists({}, [named.cards, plain.cards], [named.base, plain.base])
    assert setup["peoples"] == ["vulca", "hoax"]
    state = bm.new_game(setup, 2)
    assert bm.to_move(state) is not None
    short = read_deck_list(bm, "\n".join(c.id for c in hoax[:29]))
    with pytest.raises(DeckError):
        bm.new_game(bm.with_lists({}, [named.cards, short.cards], [None, None]), 2)


def test_boss_lists_of_two_copies_start_and_three_copies_are_refused() -> None:
    """boss.setup.deck: 30 to 50 cards, at most two copies of a card."""
    boss_game = get_game("boss")
    playable = sorted(boss_game.db.cards.values(), key=lambda c: c.id)
    pairs = "\n".join(f"{c.name_en} x2" for c in playable[:15])
    read = read_deck_list(boss_game, pairs)
    assert len(read.cards) == 30
    state = boss_game.new_game(boss_game.with_lists({}, [read.cards, read.cards], [None, None]), 4)
    assert boss_game.to_move(state) is not None
    three = read_deck_list(boss_game, f"3 {playable[0].id}\n" + pairs)
    with pytest.raises(DeckError):
        boss_game.new_game(boss_game.with_lists({}, [three.cards, read.cards], [None, None]), 4)
