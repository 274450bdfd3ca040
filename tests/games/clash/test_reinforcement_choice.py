"""Подкрепление plays a creature: its player chooses the row (or a host), on anyone's turn.

Rules: clash.ability.reinforcement («немедленно разыграйте своё крайнее левое доступное
существо»), clash.summon.place («Разыгрывая существо, кладите его ... в любой ряд»),
clash.ability.symbiosis (a Симбиоз card entering play may go onto a creature),
clash.order.assault.11 and clash.order.summon.11 (the decision comes at that step and
the rest of the resolution waits for it), ruling R10. The AI's own Подкрепление keeps
its exception (clash.solo.ai.reinforcement): it is not a decision.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.agents import make_agent
from cardtable.core import state_hash
from cardtable.core.match import play_match
from tests.conformance.playout import roundtrip
from tests.games.clash.helpers import GAME, card, play

CARDS = [
    card("f", attack=0, health=5),
    card("t1", attack=1, health=9),
    card("b1", attack=1, health=9),
    card("rf", cost=2, attack=0, health=1, abilities=["reinforcement"]),
    card("rfa", cost=2, attack=0, health=1, abilities=["reinforcement"]),
    card("c", cost=3, attack=0, health=5),
    card("ca", cost=3, attack=0, health=5),
    card("sym", cost=2, attack=1, health=2, abilities=["symbiosis"]),
    card("wall", cost=4, attack=0, health=9),
    card("ret", attack=0, health=5, abilities=["retaliation"]),
    card("g", attack=0, health=1),
    card("s1", kind="spell", damage=1),
    card("zap", kind="spell", damage=1),
]


def _texts(st: Any) -> list[str]:
    return [GAME.action_text(st, a) for a in GAME.legal_actions(st)]


def _assault_position() -> dict[str, Any]:
    """A's top attacker destroys B's Подкрепление carrier; A's bottom attacker comes next."""
    return {
        "cards": CARDS,
        "active": "A",
        "players": {
            "A": {"hand": ["@bastion", "f"], "top": ["t1"], "bottom": ["b1"]},
            "B": {"hand": ["@bastion", "c", "f", "f", "f"], "top": ["rf"]},
        },
    }


def test_the_carriers_player_chooses_the_row_during_the_opponents_assault() -> None:
    """clash.ability.reinforcement, clash.summon.place, clash.order.assault.11 (ruling R10).

    t1 destroys rf in B's top row; B (not the active player) chooses where c goes: the
    bottom row. A's assault goes on with that choice: b1, attacking next in the bottom
    row, strikes c instead of B's fortress.
    """
    st = GAME.load_position(_assault_position())
    st.log = []
    play(st, "end")
    assert st.active == 0 and GAME.to_move(st) == 1
    assert _texts(st) == ["row top", "row bottom"]
    assert not GAME.is_subdecision(st)
    row = ("row", 1)
    assert GAME.describe(row, "en", st) == "Reinforcement: “c” into the bottom row"
    assert GAME.describe(row, "ru", st) == "Подкрепление: «c» в нижний ряд"
    seen = GAME.observe(st, 0)
    assert seen["pending"][0] == "reinforce" and seen["limbo"] == ["c"]
    assert GAME.check_invariants(st) == []
    play(st, "row bottom")
    attacks = [
        (st.card_ids[e.data["card"]], e.data["fortress"]) for e in st.log if e.kind == "attack"
    ]
    assert attacks == [("t1", -1), ("b1", -1)]  # b1 hit c, not B's fortress (-1)
    doc = GAME.export_position(st)
    assert doc["active"] == "B" and doc["pending"] == "main"
    assert doc["players"]["B"]["hand"] == ["@bastion", "f", "f", "f", "rf"]
    assert doc["players"]["B"]["bottom"] == ["c"]
    assert doc["players"]["B"]["top"] == []


def test_the_same_row_is_still_open_and_then_the_fortress_is_hit() -> None:
    """clash.ability.reinforcement (ruling R10): choosing the carrier's own row leaves
    B's bottom row empty, so b1 strikes B's fortress."""
    st = GAME.load_position(_assault_position())
    st.log = []
    play(st, "end", "row top")
    attacks = [
        (st.card_ids[e.data["card"]], e.data["fortress"]) for e in st.log if e.kind == "attack"
    ]
    assert attacks == [("t1", -1), ("b1", 1)]
    doc = GAME.export_position(st)
    assert doc["players"]["B"]["top"] == ["c"]
    assert doc["players"]["B"]["hand"] == ["f", "@bastion", "f", "f", "rf"]


def test_a_symbiosis_creature_called_in_may_merge_with_a_host() -> None:
    """clash.ability.reinforcement, clash.ability.symbiosis, clash.ability.symbiosis.host
    (ruling R10): the creature called in enters play like any creature played, so a Симбиоз
    card may be laid on one of its player's creatures."""
    position = _assault_position()
    position["players"]["B"] = {
        "hand": ["@bastion", "sym", "f", "f"],
        "top": ["rf"],
        "bottom": ["wall"],
    }
    st = GAME.load_position(position)
    play(st, "end")
    assert _texts(st) == ["row top", "row bottom", "host wall"]
    host = next(a for a in GAME.legal_actions(st) if a[0] == "host")
    assert GAME.describe(host, "en", st) == ("Reinforcement: merge “sym” with “wall” (Symbiosis)")
    play(st, "host wall")
    doc = GAME.export_position(st)
    assert doc["players"]["B"]["bottom"] == [{"card": "wall", "symbiont": "sym"}]


def test_a_spell_waits_for_the_decision_and_nested_reinforcements_each_ask() -> None:
    """clash.order.summon.11, clash.order.summon.16, clash.ability.retaliation,
    clash.ability.reinforcement (ruling R10).

    A's spell destroys B's rf; B puts ret (Ответный удар) into the top row, where its one
    damage destroys A's rfa; A then chooses where ca goes. Only then does the spell come
    back to A's hand, and A's summoning phase goes on.
    """
    st = GAME.load_position(
        {
            "cards": CARDS,
            "active": "A",
            "mana": 5,
            "players": {
                "A": {"hand": ["@bastion", "s1", "ca", "f"], "top": ["rfa"]},
                "B": {"hand": ["zap", "@bastion", "ret", "f"], "top": ["rf"]},
            },
        }
    )
    play(st, "play s1", "target rf")
    assert GAME.to_move(st) == 1 and _texts(st) == ["row top", "row bottom"]
    assert [st.card_ids[c] for c in st.limbo] == ["s1", "ret"]
    play(st, "row top")
    assert GAME.to_move(st) == 0 and st.pending[0] == "reinforce"
    assert [f[0] for f in st.stack] == ["hit", "hit"]
    assert GAME.check_invariants(st) == []
    play(st, "row bottom")
    assert st.pending == ("main",) and st.stack == [] and st.limbo == []
    doc = GAME.export_position(st)
    assert doc["mana"] == 4
    assert doc["players"]["A"]["hand"] == ["@bastion", "f", "rfa", "s1"]
    assert doc["players"]["A"]["bottom"] == [{"card": "ca", "new": True}]
    assert doc["players"]["A"]["top"] == []
    assert doc["players"]["B"]["top"] == [{"card": "ret", "new": True}]
    assert doc["players"]["B"]["hand"] == ["zap", "@bastion", "f", "rf"]


def test_solo_the_player_decides_during_the_ais_turn_and_the_ai_goes_on() -> None:
    """clash.ability.reinforcement, clash.solo.ai.spell, clash.solo.ai.summon (ruling R10):
    the AI's spell destroys the player's rf; the player chooses c's row while the AI's
    turn waits; then the AI reveals the rest of its cards (7 mana: 6 and 1 for rf)."""
    st = GAME.load_position(
        {
            "cards": CARDS,
            "mode": "solo",
            "active": "A",
            "players": {
                "A": {"hand": ["@bastion", "c", "f", "f"], "top": ["rf"]},
                "B": {"deck": ["zap", "g", "g", "g", "g", "g", "g", "g", "g", "g"]},
            },
        }
    )
    play(st, "end")
    assert st.active == 1 and GAME.to_move(st) == 0
    assert [f[0] for f in st.stack] == ["ai_turn", "ai_cost", "hit"]
    play(st, "row bottom")
    doc = GAME.export_position(st)
    assert doc["active"] == "A" and doc["pending"] == "main"
    assert doc["players"]["A"]["bottom"] == ["c"]
    # zap (top), then six g alternating bottom, top, ...: 7 mana counted in all
    assert doc["players"]["B"]["top"] == ["g", "g", "g"]
    assert doc["players"]["B"]["bottom"] == ["g", "g", "g"]
    assert doc["players"]["B"]["deck"] == ["g", "g", "g"]
    assert doc["players"]["B"]["discard"] == ["zap"]


def test_a_waiting_resolution_survives_json_and_positions() -> None:
    """Architecture: a half-resolved effect is data. A state waiting for Подкрепление's row
    round-trips through JSON and through a position document, and both copies go on
    exactly as the original."""
    st = GAME.load_position(_assault_position())
    play(st, "end")
    again = roundtrip(GAME, st)
    assert state_hash(again) == state_hash(st)
    doc = GAME.export_position(st)
    assert doc["pending"] == {"reinforce": "c", "seat": "B"}
    assert doc["limbo"] == [{"card": "c", "from": "B"}]
    assert [f["frame"] for f in doc["resolving"]] == ["assault", "chain", "hit"]
    loaded = GAME.load_position(json.loads(json.dumps(doc)))
    assert GAME.export_position(loaded) == doc
    for copy in (st, again, loaded):
        play(copy, "row bottom")
    assert GAME.export_position(again) == GAME.export_position(st)
    assert GAME.export_position(loaded) == GAME.export_position(st)


def test_agents_take_reinforcement_decisions_on_the_opponents_turn() -> None:
    """Agents see Подкрепление's decision like any other: greedy and ISMCTS finish games
    with the Storm deck (Знаменосец) in which a seat decides during the other's turn."""
    off_turn = 0
    for seed in range(12):
        agents = [make_agent("greedy", GAME, seed), make_agent("ismcts:iters=30", GAME, seed)]

        def watch(state: Any, seat: int, _action: Any) -> None:
            nonlocal off_turn
            if state.pending[0] == "reinforce" and seat != state.active:
                off_turn += 1

        result = play_match(GAME, {"decks": ["storm", "shadow"]}, seed, agents, on_action=watch)
        assert result.outcome is not None
        if off_turn:
            break
    assert off_turn > 0
