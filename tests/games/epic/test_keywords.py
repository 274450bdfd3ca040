"""Epic keywords and mechanics on small positions (rule ids in each docstring)."""

from __future__ import annotations

from typing import Any

from cardtable.core import IllegalAction, get_game, state_hash
from cardtable.games.epic.state import EXPENDED, EpicState
from tests.games.epic.helpers import play, position, texts

GAME = get_game("epic")


def champ(
    ident: str,
    faction: str = "good",
    cost: int = 0,
    offense: int = 2,
    defense: int = 2,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "id": ident,
        "edition": "duel2023",
        "name": {"ru": ident, "en": ident},
        "faction": faction,
        "type": "champion",
        "cost": cost,
        "offense": offense,
        "defense": defense,
        **extra,
    }


PINGER = champ(
    "ex_pinger",
    talents=[
        {
            "cost": {"expend": True},
            "steps": [{"op": "damage", "amount": 2, "to": [{"target": "any"}]}],
        }
    ],
)
LOYAL = champ(
    "ex_loyal",
    cost=1,
    abilities=[
        {
            "when": "loyalty",
            "n": 2,
            "steps": [{"op": "gain_health", "amount": 5, "to": [{"you": True}]}],
        }
    ],
)
ALLY = champ(
    "ex_ally",
    faction="wild",
    abilities=[
        {
            "when": "ally",
            "faction": "wild",
            "steps": [{"op": "draw", "amount": 1, "to": [{"you": True}]}],
        }
    ],
)
GOOD1 = champ("ex_good1", cost=1)
WILD1 = champ("ex_wild1", faction="wild", cost=1)
WILD0 = champ("ex_wild0", faction="wild", cost=0)
CARDS = [PINGER, LOYAL, ALLY, GOOD1, WILD1, WILD0]


def _pos(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> EpicState:
    return position(CARDS, p1, p2, **top)


def test_expend_talent() -> None:
    """epic.talent, epic.talent.expend: an expend talent expends the champion and resolves;
    it cannot be used again while expended."""
    st = _pos({"hand": ["armament"], "play": ["ex_pinger"]}, {"hand": ["armament"]})
    play(st, "talent ex_pinger", "target p2")
    assert st.health[1] == 28
    assert st.pos[st.play[0][0]] == EXPENDED
    assert "talent ex_pinger" not in texts(st)


def test_arriving_champion_cannot_expend() -> None:
    """epic.arriving.limits: an arriving champion without Blitz cannot use expend talents."""
    st = _pos(
        {"hand": ["armament"], "play": [{"card": "ex_pinger", "arriving": True}]},
        {"hand": ["armament"]},
    )
    assert "talent ex_pinger" not in texts(st)


def test_flipped_blocker_can_still_expend() -> None:
    """epic.talent.flipped: a flipped (blocking) champion may still use expend talents."""
    st = _pos(
        {"hand": ["armament"], "play": [{"card": "ex_pinger", "position": "flipped"}]},
        {"hand": ["armament"]},
    )
    assert "talent ex_pinger" in texts(st)


def test_loyalty_reveals_two_cards_of_the_faction() -> None:
    """epic.keyword.loyalty: with two good cards in hand the player may reveal them to gain 5."""
    st = _pos(
        {"hand": ["ex_loyal", "armament", "mobilization"], "health": 20}, {"hand": ["armament"]}
    )
    play(st, "play ex_loyal")
    assert texts(st) == ["yes", "no"]
    play(st, "yes")
    assert st.health[0] == 25
    assert all(st.public[c] for c in st.hands[0])


def test_loyalty_needs_the_cards() -> None:
    """epic.keyword.loyalty: without two good cards to reveal, nothing is asked or gained."""
    st = _pos({"hand": ["ex_loyal", "armament", "howl"], "health": 20}, {"hand": ["armament"]})
    play(st, "play ex_loyal")
    assert st.health[0] == 20 and st.pending[0] == "act"


def test_ally_fires_on_cost_one_cards_of_its_faction_only() -> None:
    """epic.keyword.ally, epic.keyword.ally.free_cards: a wild cost-1 card fires the wild ally
    ability of a card in play; a cost-0 wild card or a good card does not."""
    st = _pos(
        {"hand": ["ex_wild1", "ex_wild0", "ex_good1"], "play": ["ex_ally"]}, {"hand": ["armament"]}
    )
    before = len(st.hands[0])
    play(st, "play ex_wild0")
    assert len(st.hands[0]) == before - 1
    play(st, "play ex_wild1")
    assert len(st.hands[0]) == before - 1  # played one, drew one


def test_illegal_talent_changes_nothing() -> None:
    """epic.golden_rule: an action outside the options is refused and the state is untouched."""
    st = _pos(
        {"hand": ["armament"], "play": [{"card": "ex_pinger", "position": "expended"}]},
        {"hand": ["armament"]},
    )
    before = state_hash(st)
    try:
        GAME.apply(st, ("talent", st.play[0][0], 0))
    except IllegalAction:
        pass
    else:
        raise AssertionError("an expended champion used its expend talent")
    assert state_hash(st) == before


def count_paths(st: EpicState, depth: int) -> int:
    """Perft: the number of action sequences of a given length from a position."""
    if depth == 0 or GAME.to_move(st) is None:
        return 1
    total = 0
    for a in GAME.legal_actions(st):
        child = st.clone()
        GAME.apply(child, a)
        total += count_paths(child, depth - 1)
    return total


def test_perft_counts_from_fixed_positions() -> None:
    """Perft-style legal-action counts (STYLE.md), worked out by hand.

    P1 holds Armament and Howl with 1 gold and a ready Pinger; P2 holds Armament, no
    champions. Depth 1: Armament (two modes), Howl (two modes), the talent, attack, pass."""
    st = _pos({"hand": ["armament", "howl"], "play": ["ex_pinger"]}, {"hand": ["armament"]})
    assert texts(st) == [
        "play armament",
        "play armament 2",
        "play howl",
        "play howl 2",
        "talent ex_pinger",
        "attack",
        "pass",
    ]
    breakdown = {}
    for a in GAME.legal_actions(st):
        child = st.clone()
        GAME.apply(child, a)
        breakdown[GAME.action_text(st, a)] = len(GAME.legal_actions(child))
    assert breakdown == {
        # the Pinger is the only champion: Armament's target is forced; then Howl x2,
        # talent, attack, pass
        "play armament": 5,
        # gold spent: Howl's second mode is no longer payable
        "play armament 2": 4,
        # two arriving wolves: Armament x2, talent, attack (the Pinger), pass
        "play howl": 5,
        # Howl's +5/+5 lands on the Pinger (forced); Armament's second mode unpaid
        "play howl 2": 4,
        # 2 damage to any target: the Pinger, P1 or P2
        "talent ex_pinger": 3,
        # the lone attacker is declared by forced steps; in the window before blocks P1 may
        # play its four options or pass (the attacking Pinger is expended: no talent)
        "attack": 5,
        # P2 answers the pass: Armament (two modes) or pass
        "pass": 3,
    }
    assert count_paths(st, 2) == sum(breakdown.values())
