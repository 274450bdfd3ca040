"""A fort that damage pushes to or past the rightmost place is left there when the game ends.

Rules: clash.fortress.damage («Если крепость получает урон, она сдвигается в руке своего
владельца на столько карт вправо, сколько урона получила»), clash.end.fort_rightmost
(«Партия заканчивается, как только форт в руке какого-либо игрока становится крайней
правой картой»): the final position, the observation and the screen show the loser's
fort as the rightmost card, with no health left, in every mode. clash.solo.end: the AI's
fort falls when its deck is empty.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from tests.games.clash.helpers import GAME, card, play

CARDS = [
    card("f", attack=1, health=1),
    card("n1", attack=1, health=9),
    card("n2", attack=2, health=9),
    card("n5", attack=5, health=9),
    card("edge5", attack=5, health=9, abilities=["edge"]),
    card("altar", attack=0, health=9, abilities=["sacrifice"]),
    card("tribute", cost=3, attack=0, health=9, abilities=["blood_tribute"]),
    card("g", attack=0, health=1),
    card("k", attack=0, health=1),
]


def _screen(st: Any, lang: str) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(GAME.render(st, None, lang))
    return console.export_text()


def _hand(st: Any, seat: str) -> list[Any]:
    return GAME.export_position(st)["players"][seat]["hand"]


def _fallen(st: Any, loser: int, winners: list[int]) -> None:
    """The game is over, the loser's fort is its rightmost card and its health is 0."""
    assert GAME.outcome(st) is not None
    assert list(GAME.outcome(st).winners) == winners
    assert st.hands[loser][-1] == st.fortress[loser]
    assert GAME.check_invariants(st) == []
    fort = GAME.observe(st, winners[0])["fortress"][loser]
    assert fort == {"index": len(st.hands[loser]) - 1, "side": "fort", "health": 0}


def test_exact_damage_leaves_the_fort_rightmost() -> None:
    """clash.fortress.damage, clash.end.fort_rightmost: two damage to a fort with two
    cards on its right moves it onto the rightmost place; the screen shows health 0."""
    st = GAME.load_position(
        {
            "cards": CARDS,
            "active": "A",
            "players": {
                "A": {"hand": ["@bastion", "f"], "top": ["n2"]},
                "B": {"hand": ["@fort", "f", "f"]},
            },
        }
    )
    play(st, "end")
    _fallen(st, 1, [0])
    assert _hand(st, "B") == ["f", "f", "@fort"]
    assert "Player B: fort, health 0" in _screen(st, "en")
    assert "Игрок Б: форт, здоровье 0" in _screen(st, "ru")


def test_overkill_stops_at_the_rightmost_place() -> None:
    """clash.fortress.damage, clash.end.fort_rightmost: five damage to a fort with two
    cards on its right: it moves as far as the hand goes, the rightmost place."""
    st = GAME.load_position(
        {
            "cards": CARDS,
            "active": "B",
            "players": {
                "A": {"hand": ["f", "@fort", "f", "f"]},
                "B": {"hand": ["@bastion", "f"], "top": ["n5"]},
            },
        }
    )
    play(st, "end")
    _fallen(st, 0, [1])
    assert _hand(st, "A") == ["f", "f", "f", "@fort"]
    assert "Player A: fort, health 0" in _screen(st, "en")


def test_edge_sacrifice_and_blood_tribute_damage_also_move_the_fort() -> None:
    """clash.ability.edge, clash.ability.sacrifice, clash.ability.blood_tribute with
    clash.end.fort_rightmost: every kind of fortress damage moves the fort onto the
    rightmost place before the game ends."""
    edge = GAME.load_position(
        {
            "cards": CARDS,
            "active": "A",
            "players": {
                "A": {"hand": ["@bastion", "f"], "top": ["edge5"]},
                "B": {"hand": ["@fort", "f", "f"], "top": ["g"]},
            },
        }
    )
    play(edge, "end")  # 5 damage on a 1-health creature: 4 to B's fort
    _fallen(edge, 1, [0])
    assert _hand(edge, "B") == ["f", "f", "g", "@fort"]

    sacrifice = GAME.load_position(
        {
            "cards": CARDS,
            "active": "A",
            "mana": 5,
            "players": {
                "A": {"hand": ["k", "@fort", "f"], "top": ["altar"]},
                "B": {"hand": ["@bastion", "g"]},
            },
        }
    )
    play(sacrifice, "play k", "row top")  # A's own altar: 1 damage, the fort had 1 left
    _fallen(sacrifice, 0, [1])
    assert _hand(sacrifice, "A") == ["f", "@fort"]

    tribute = GAME.load_position(
        {
            "cards": CARDS,
            "active": "A",
            "mana": 0,
            "players": {
                "A": {"hand": ["@fort", "tribute", "f", "f"]},
                "B": {"hand": ["@bastion", "g"]},
            },
        }
    )
    play(tribute, "play tribute", "row top")  # 3 damage, unit by unit: the third topples it
    _fallen(tribute, 0, [1])
    assert _hand(tribute, "A") == ["tribute", "f", "f", "@fort"]


def test_four_players_the_fallen_fort_is_rightmost() -> None:
    """clash.multi.end, clash.multi.duel_rules, clash.end.fort_rightmost: in every man
    for himself the fort that falls ends rightmost too."""
    st = GAME.load_position(
        {
            "cards": CARDS,
            "mode": "ffa",
            "active": "A",
            "players": {
                "A": {"hand": ["@bastion", "f"], "top": ["n5"]},
                "B": {"hand": ["f", "@fort", "f"]},
                "C": {"hand": ["@bastion", "f"]},
                "D": {"hand": ["@bastion", "f"]},
            },
        }
    )
    play(st, "end")
    _fallen(st, 1, [0])
    assert _hand(st, "B") == ["f", "f", "@fort"]
    assert "Player B" in _screen(st, "en")


def test_solo_and_coop_the_ai_topples_a_players_fort_to_the_right() -> None:
    """clash.solo.end, clash.coop.end, clash.end.fort_rightmost: the AI's attack leaves
    the player's fort rightmost, in solo and in co-op."""
    solo = GAME.load_position(
        {
            "cards": CARDS,
            "mode": "solo",
            "active": "A",
            "players": {
                "A": {"hand": ["@fort", "f", "f"]},
                "B": {"deck": ["g", "g", "g", "g", "g", "g", "g", "g"], "top": ["n5"]},
            },
        }
    )
    play(solo, "end")
    _fallen(solo, 0, [1])
    assert _hand(solo, "A") == ["f", "f", "@fort"]
    assert "Player A: fort, health 0" in _screen(solo, "en")

    coop = GAME.load_position(
        {
            "cards": CARDS,
            "mode": "coop",
            "active": "A",
            "players": {
                "A": {"hand": ["@fort", "f"]},
                "B": {"deck": ["g", "g", "g", "g", "g", "g", "g", "g"], "bottom": ["n5"]},
                "C": {"hand": ["@bastion", "f"]},
                "D": {"deck": ["g", "g", "g", "g", "g", "g", "g", "g"]},
            },
        }
    )
    play(coop, "end")
    _fallen(coop, 0, [1, 3])
    assert _hand(coop, "A") == ["f", "@fort"]


def test_the_ai_deck_empties_under_its_fort() -> None:
    """clash.solo.end, clash.solo.ai.fortress_damage: the AI's fort falls when damage
    empties its deck; its fortress shows the fort with no cards left on it."""
    st = GAME.load_position(
        {
            "cards": CARDS,
            "mode": "solo",
            "active": "A",
            "players": {
                "A": {"hand": ["@bastion", "f", "f"], "top": ["n5"]},
                "B": {"fortress": "fort", "deck": ["g", "g"], "discard": ["g"]},
            },
        }
    )
    play(st, "end")
    assert list(GAME.outcome(st).winners) == [0]
    assert st.decks[1] == []
    assert GAME.observe(st, 0)["fortress"][1] == {"index": -1, "side": "fort", "health": 0}
    assert "AI B: fort, health 0" in _screen(st, "en")
