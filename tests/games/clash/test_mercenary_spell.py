"""Which opponent a Наёмник spell goes back to when more than one could take it.

Rules: clash.ability.mercenary («он вместо этого возвращается в руку противника»),
clash.order.summon.16, clash.multi.table (each player shares one row with the opponent
on the left and one with the opponent on the right), ruling R46: a spell cast at an
opponent's creature goes to that opponent; cast at the caster's own side, the caster
chooses between the opponents sharing a row with it.
"""

from __future__ import annotations

import json
from typing import Any

from tests.games.clash.helpers import GAME, card, play

CARDS = [
    card("f", attack=0, health=5),
    card("own", attack=0, health=5),
    card("foe", attack=0, health=5),
    card("g", attack=0, health=1),
    card("smerc", kind="spell", damage=1, abilities=["mercenary"]),
]


def _four(mode: str, b_top: list[str] | None = None) -> Any:
    ai = mode == "coop"
    side_b: dict[str, Any] = {"deck": ["g", "g", "g"]} if ai else {"hand": ["@bastion", "f"]}
    side_d: dict[str, Any] = {"deck": ["g", "g", "g"]} if ai else {"hand": ["@bastion", "f"]}
    side_b["bottom"] = b_top or []  # B's bottom row is the one it shares with A
    return GAME.load_position(
        {
            "cards": CARDS,
            "mode": mode,
            "active": "A",
            "mana": 3,
            "players": {
                "A": {"hand": ["@bastion", "smerc", "f", "f"], "top": ["own"]},
                "B": side_b,
                "C": {"hand": ["@bastion", "f"]},
                "D": side_d,
            },
        }
    )


def test_cast_on_ones_own_creature_the_caster_picks_the_opponent() -> None:
    """clash.ability.mercenary, clash.multi.table (ruling R46): every man for himself, A
    casts at its own creature: A chooses between B and D (C, opposite, shares no row)."""
    st = _four("ffa", ["foe"])
    play(st, "play smerc", "target own")
    assert GAME.to_move(st) == 0 and GAME.is_subdecision(st)
    assert [GAME.action_text(st, a) for a in GAME.legal_actions(st)] == ["give B", "give D"]
    assert GAME.describe(("give", 3), "en", st) == "Mercenary: the spell goes to Player D"
    assert GAME.describe(("give", 3), "ru", st) == "Наёмник: отдать заклинание — Игрок Г"
    doc = GAME.export_position(st)
    assert doc["pending"] == {"give": "smerc", "target": "A.top.0"}
    again = GAME.load_position(json.loads(json.dumps(doc)))
    assert GAME.export_position(again) == doc
    play(st, "give D")
    doc = GAME.export_position(st)
    assert doc["pending"] == "main" and doc["mana"] == 2
    assert doc["players"]["D"]["hand"] == ["@bastion", "f", "smerc"]
    assert doc["players"]["B"]["hand"] == ["@bastion", "f"]
    assert doc["players"]["A"]["top"] == [{"card": "own", "damage": 1}]


def test_cast_at_an_opponents_creature_it_goes_to_that_opponent() -> None:
    """clash.ability.mercenary (ruling R46): no choice when the target is an opponent's."""
    st = _four("2v2", ["foe"])
    play(st, "play smerc", "target foe")
    assert st.pending == ("main",)
    assert GAME.export_position(st)["players"]["B"]["hand"] == ["@bastion", "f", "smerc"]


def test_coop_the_chosen_ai_puts_it_on_top_of_its_deck() -> None:
    """clash.ability.mercenary, clash.solo.ai.mercenary (ruling R46): in co-op the caster
    picks either AI; the spell goes on top of that AI's deck."""
    st = _four("coop", ["foe"])
    play(st, "play smerc", "target own")
    assert [GAME.action_text(st, a) for a in GAME.legal_actions(st)] == ["give B", "give D"]
    play(st, "give B")
    assert GAME.export_position(st)["players"]["B"]["deck"][0] == "smerc"


def test_a_duel_has_one_opponent_and_no_choice() -> None:
    """clash.ability.mercenary: with one opponent the spell goes to it at once."""
    st = GAME.load_position(
        {
            "cards": CARDS,
            "active": "A",
            "mana": 3,
            "players": {
                "A": {"hand": ["@bastion", "smerc", "f"], "top": ["own"]},
                "B": {"hand": ["@bastion", "f"], "top": ["foe"]},
            },
        }
    )
    play(st, "play smerc", "target own")
    assert st.pending == ("main",)
    assert GAME.export_position(st)["players"]["B"]["hand"] == ["@bastion", "f", "smerc"]
