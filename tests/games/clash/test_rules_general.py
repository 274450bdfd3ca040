"""General Clash clauses checked directly on states (rule ids in each docstring)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import SetupError, get_game
from cardtable.core.rng import Rng
from cardtable.games.clash.abilities import WATER
from cardtable.games.clash.state import ClashState
from tests.games.clash.helpers import card, play

GAME = get_game("clash")


def position(
    cards: list[dict[str, Any]], a: dict[str, Any], b: dict[str, Any], **top: Any
) -> ClashState:
    doc = {
        "game": "clash",
        "turn": 3,
        "active": "A",
        "first": "A",
        "mana": 9,
        "cards": cards,
        "players": {"A": a, "B": b},
    } | top
    st = GAME.load_position(doc)
    st.log = []
    return st


def test_table_layout() -> None:
    """clash.setup.bridges, clash.setup.kingdoms, clash.setup.fortress, clash.setup.mode:
    two rows meet at the bridges, A's kingdom on one side and B's on the other, one fortress each."""
    st = GAME.new_game({}, 3)
    assert len(st.board) == 2 and all(len(lane) == 2 for lane in st.board)
    assert st.seat_rows[0] == ((0, 0), (1, 0)) and st.seat_rows[1] == ((0, 1), (1, 1))
    assert [st.card_ids[f] for f in st.fortress] == ["fortress", "fortress"]
    assert all(st.fortress[s] in st.hands[s] for s in range(2))


def test_modes_and_formats_are_validated() -> None:
    """clash.setup.mode, clash.setup.format: an unknown mode or format is refused by name."""
    with pytest.raises(SetupError, match="mode"):
        GAME.new_game({"mode": "solitaire"}, 1)
    with pytest.raises(SetupError, match="format"):
        GAME.new_game({"format": "sealed"}, 1)


def test_fortress_place_is_public() -> None:
    """clash.goal, clash.goal.public_fortress, clash.card.fortress: each player sees where the other's
    fortress stands and which half is up, but not the hidden cards around it."""
    st = GAME.new_game({"first": 0}, 11)
    obs = GAME.observe(st, 1)
    assert obs["fortress"][0] == {"index": 0, "side": "bastion", "health": 8}
    assert obs["hands"][0][0] == {"inst": st.fortress[0], "card": "fortress"}
    assert obs["hands"][0][1:] == [None] * 8
    assert len(obs["hidden"][0]) == 8


def test_draft_picks_are_public() -> None:
    """clash.format.draft.public: during the draft both players see every card taken."""
    st = GAME.new_game({"format": "draft"}, 5)
    play(st, GAME.action_text(st, GAME.legal_actions(st)[0]))
    taken = [c for d in st.drafted for c in d]
    assert taken
    for seat in range(2):
        drafted = GAME.observe(st, seat)["draft"]["drafted"]
        assert sorted(c for d in drafted for c in d) == sorted(st.card_ids[c] for c in taken)


def test_cost_is_paid_from_mana() -> None:
    """clash.card.cost: playing a card spends its cost in mana."""
    st = position(
        [card("x", cost=3, attack=1, health=1), card("y")],
        {"hand": ["@bastion", "x", "y"]},
        {"hand": ["@bastion", "y"]},
        mana=5,
    )
    play(st, "play x", "row top")
    assert st.mana == 2


def test_abilities_never_ask_for_decisions() -> None:
    """clash.ability.mandatory: abilities apply by themselves; the only decisions are which
    card, which row or host, which target, which draft pick, and ending the phase."""
    rng = Rng(3)
    kinds = set()
    for seed in range(40):
        st = GAME.new_game({"fatigue": True}, seed)
        while GAME.to_move(st) is not None:
            legal = GAME.legal_actions(st)
            kinds.update(a[0] for a in legal)
            GAME.apply(st, legal[rng.randbelow(len(legal))])
    assert kinds <= {"play", "row", "host", "target", "end", "pick"}


def test_no_ability_twice() -> None:
    """clash.ability.no_duplicate: an aura giving Water to a creature that has it does not
    double its damage twice."""
    st = position(
        [
            card("w", attack=2, health=5, abilities=["water"]),
            card("giver", attack=0, health=5, abilities=["aura"], aura="water"),
            card("filler"),
            card("f2"),
            card("f3"),
            card("f4"),
            card("f5"),
            card("f6"),
        ],
        {"hand": ["@bastion", "filler"], "top": ["w", "giver"]},
        {"hand": ["@bastion", "f2", "f3", "f4", "f5", "f6"]},
    )
    before = GAME.observe(st, 0)["fortress"][1]["health"]
    play(st, "end")
    assert before - GAME.observe(st, 0)["fortress"][1]["health"] == 4


def test_summoning_may_end_without_playing() -> None:
    """clash.summon.optional, clash.turn.phases: ending at once gives the turn to the other
    player, whose turn begins with the mana phase."""
    st = position(
        [card("x", cost=1), card("y", cost=1)],
        {"hand": ["@bastion", "x"]},
        {"hand": ["@bastion", "y"]},
    )
    play(st, "end")
    kinds = [e.kind for e in st.log]
    assert kinds[kinds.index("assault") :][:3] == ["assault", "turn", "mana"]
    assert st.active == 1 and st.mana == 2


@pytest.mark.parametrize("fatigue", [False, True])
def test_fatigue_is_optional_and_counted_per_player(fatigue: bool) -> None:
    """clash.fatigue.optional, clash.fatigue.tracking: with the module, a player's 9th turn
    starts by removing the rightmost card; without it nothing is removed."""
    st = position(
        [card("x", cost=1), card("y", cost=1), card("z", cost=1)],
        {"hand": ["@bastion", "x", "y"]},
        {"hand": ["@bastion", "z"]},
        fatigue=fatigue,
        turns_taken={"A": 8, "B": 8},
        turn=16,
        active="B",
    )
    play(st, "end")
    assert st.turns_taken[0] == 9
    assert (st.card_ids[st.removed[0]] == "y") if fatigue else not st.removed


def test_turn_limit_is_a_draw() -> None:
    """engine.turn_limit: a game past the safety cap ends as a draw (ruling R6)."""
    st = GAME.new_game({"max_turns": 2, "first": 0}, 1)
    while GAME.to_move(st) is not None:
        play(st, "end")
    out = GAME.outcome(st)
    assert out is not None and out.winners == () and out.reason == "turn_limit"


def test_aura_update_after_vanish() -> None:
    """clash.order.assault.16, clash.order.assault.17, clash.order.assault.18,
    clash.ability.aura, clash.ability.vanish: a wounded aura
    carrier vanishes to the back of its row and its old neighbour loses the aura's ability
    at the next update."""
    st = position(
        [
            card("hitter", attack=1, health=9),
            card("front", attack=0, health=9),
            card("carrier", attack=0, health=9, abilities=["aura", "vanish"], aura="water"),
            card("back", attack=0, health=9),
            card("filler"),
        ],
        {"hand": ["@bastion", "filler"], "top": ["hitter"]},
        {"hand": ["@bastion", "filler"], "top": ["carrier", "front", "back"]},
    )
    front, back = st.board[0][1][1], st.board[0][1][2]
    assert st.eff[front] & WATER and not st.eff[back] & WATER
    play(st, "end")
    assert [st.card_ids[c] for c in st.board[0][1]] == ["front", "back", "carrier"]
    assert not st.eff[front] & WATER
    assert st.eff[back] & WATER  # "back" now neighbours the carrier


def test_spell_regeneration_and_edge_in_the_summoning_phase() -> None:
    """clash.order.summon.14, clash.order.summon.15, clash.ability.regeneration,
    clash.ability.edge: a spell that destroys a creature moves the caster's fortress left
    (Регенерация) and sends its surplus to the creature owner's fortress (Остриё)."""
    st = position(
        [
            card("bolt", kind="spell", cost=1, damage=5, abilities=["regeneration", "edge"]),
            card("victim", attack=0, health=2),
            card("filler"),
            card("f2"),
            card("f3"),
            card("f4"),
        ],
        {"hand": ["filler", "@bastion", "bolt", "f4"]},
        {"hand": ["@bastion", "f2", "f3"], "top": ["victim"]},
    )
    play(st, "play bolt")  # the only creature in play is the target: a forced step
    hand_a = [st.card_ids[c] for c in st.hands[0]]
    assert hand_a == [
        "fortress",
        "filler",
        "f4",
        "bolt",
    ]  # moved left once; the spell back rightmost
    assert st.fort_up[0] == 0
    hand_b = [st.card_ids[c] for c in st.hands[1]]
    # victim back rightmost (+1), then surplus 3 pushes the bastion right: breaks, fort leftmost
    assert st.fort_up[1] == 1 and hand_b[0] == "fortress"


def test_vanish_from_spell_damage() -> None:
    """clash.order.summon.17, clash.order.summon.18, clash.order.summon.19: a creature
    wounded by a spell vanishes to the back of its row after the spell returns."""
    st = position(
        [
            card("zap", kind="spell", cost=1, damage=1),
            card("ghost", attack=0, health=3, abilities=["vanish"]),
            card("wall", attack=0, health=3),
            card("filler"),
            card("f2"),
        ],
        {"hand": ["@bastion", "zap", "filler"]},
        {"hand": ["@bastion", "f2"], "top": ["ghost", "wall"]},
    )
    play(st, "play zap", "target ghost")
    assert [st.card_ids[c] for c in st.board[0][1]] == ["wall", "ghost"]
    kinds = [e.kind for e in st.log]
    assert kinds.index("vanish") > kinds.index("damage")


def test_symbiosis_with_vulnerability_ignores_attack() -> None:
    """clash.ability.symbiosis.vulnerability: a pair with Уязвимость strikes for the target's
    health minus 1, whatever the cards' printed attack."""
    st = position(
        [
            card("host", cost=1, attack=7, health=3),
            card("leech", cost=1, attack=5, health=1, abilities=["symbiosis", "vulnerability"]),
            card("target", attack=0, health=6),
            card("filler"),
            card("f2"),
        ],
        {"hand": ["@bastion", "leech", "filler"], "top": ["host"]},
        {"hand": ["@bastion", "f2"], "top": ["target"]},
    )
    play(st, "play leech", "host host", "end")
    victim = st.board[0][1][0] if st.board[0][1] else None
    assert victim is not None and st.card_ids[victim] == "target"
    kinds = [(e.kind, e.data.get("amount")) for e in st.log if e.kind == "damage"]
    assert kinds == [("damage", 5)]
