"""The Epic rulebooks' own examples, played move by move (rule ids in each docstring)."""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.epic.state import EpicState
from tests.games.epic.helpers import play, position

GAME = get_game("epic")

DRAIN = {  # «Иссушение»: 9 damage to target champion; gain 9 health (Jungle Guardians book)
    "id": "ex_drain",
    "edition": "duel2023",
    "name": {"ru": "Иссушение", "en": "Drain"},
    "faction": "evil",
    "type": "event",
    "cost": 1,
    "modes": [
        {
            "steps": [
                {"op": "damage", "amount": 9, "to": [{"target": "champion"}]},
                {"op": "gain_health", "amount": 9, "to": [{"you": True}]},
            ]
        }
    ],
}
ANCIENT = {  # «Древень»: two Tributes "Frenzy — draw 1 card"
    "id": "ex_ancient",
    "edition": "duel2023",
    "name": {"ru": "Древень", "en": "Ancient"},
    "faction": "wild",
    "type": "champion",
    "cost": 1,
    "offense": 8,
    "defense": 8,
    "abilities": [
        {
            "when": "tribute",
            "steps": [{"op": "draw", "amount": 1, "frenzy": True, "to": [{"you": True}]}],
        },
        {
            "when": "tribute",
            "steps": [{"op": "draw", "amount": 1, "frenzy": True, "to": [{"you": True}]}],
        },
    ],
}
RHINO = {  # «Взбесившийся носорог»: Frenzy — Breakthrough
    "id": "ex_rhino",
    "edition": "duel2023",
    "name": {"ru": "Взбесившийся носорог", "en": "Raging Rhino"},
    "faction": "wild",
    "type": "champion",
    "cost": 1,
    "offense": 15,
    "defense": 10,
    "frenzy_keywords": ["breakthrough"],
}
COMMUNION = {  # «Причастие»: draw 2 cards; Воззвание
    "id": "ex_communion",
    "edition": "duel2023",
    "name": {"ru": "Причастие", "en": "Communion"},
    "faction": "good",
    "type": "event",
    "cost": 1,
    "recall": "play",
    "recall_gold": 1,
    "modes": [{"steps": [{"op": "draw", "amount": 2, "to": [{"you": True}]}]}],
}
BIRD = {
    "id": "ex_bird",
    "edition": "duel2023",
    "name": {"ru": "Птица", "en": "Bird"},
    "faction": "good",
    "type": "champion",
    "cost": 0,
    "offense": 3,
    "defense": 3,
    "keywords": ["airborne"],
}
WALKER = {
    "id": "ex_walker",
    "edition": "duel2023",
    "name": {"ru": "Пехотинец", "en": "Walker"},
    "faction": "good",
    "type": "champion",
    "cost": 0,
    "offense": 2,
    "defense": 2,
}
WALL = {
    "id": "ex_wall",
    "edition": "duel2023",
    "name": {"ru": "Стена", "en": "Wall"},
    "faction": "sage",
    "type": "champion",
    "cost": 0,
    "offense": 1,
    "defense": 20,
}
CARDS = [DRAIN, ANCIENT, RHINO, COMMUNION, BIRD, WALKER, WALL]


def _pos(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> EpicState:
    return position(CARDS, p1, p2, **top)


def test_drain_with_no_champions_still_heals() -> None:
    """epic.target.partial: with no champion in play the first sentence is skipped and the
    second still applies — the player gains 9 health."""
    st = _pos({"hand": ["ex_drain"], "health": 10}, {"hand": ["armament"]})
    play(st, "play ex_drain")
    assert st.health[0] == 19
    assert "ex_drain" in [st.card_ids[c] for c in st.discards[0]]


def test_drain_must_target_your_own_demon_when_it_is_the_only_champion() -> None:
    """epic.target.mandatory: the only champion in play is your own demon token: it must be
    the target (a forced choice), it breaks, and you still gain 9."""
    st = _pos({"hand": ["ex_drain"], "health": 10, "play": ["demon_token"]}, {"hand": ["armament"]})
    play(st, "play ex_drain")  # the target has one option: applied by the engine
    assert st.play[0] == [] and st.health[0] == 19
    assert [e.kind for e in st.log].count("broken") == 1


def test_ancient_checks_frenzy_for_each_draw() -> None:
    """epic.keyword.frenzy.trigger_check: both Tributes fire together; each draw checks
    Frenzy when it resolves. Hand 3 → 2 after playing it, opponent 3: the first draws
    (3 > 2), the second does not (3 = 3)."""
    st = _pos(
        {"hand": ["ex_ancient", "armament", "armament"]},
        {"hand": ["armament", "armament", "armament"]},
    )
    play(st, "play ex_ancient")
    assert len(st.hands[0]) == 3
    kinds = [e.kind for e in st.log]
    assert kinds.count("draw") == 1 and kinds.count("frenzy_off") == 1


def test_ancient_draws_twice_against_a_bigger_hand() -> None:
    """epic.keyword.frenzy: with the opponent holding 5, both Frenzy draws happen."""
    st = _pos({"hand": ["ex_ancient", "armament"]}, {"hand": ["armament"] * 5})
    play(st, "play ex_ancient")
    assert len(st.hands[0]) == 3


def test_rhino_breakthrough_switched_off_by_a_card_played_before_damage() -> None:
    """epic.keyword.frenzy.dynamic, epic.keyword.breakthrough: the Rhino attacks with Frenzy
    (3 cards against 4), a human token blocks; the defender plays a card before damage, so
    Frenzy stops, Breakthrough goes, and the player takes no damage."""
    st = _pos(
        {"hand": ["armament", "armament", "armament"], "play": ["ex_rhino"]},
        {"hand": ["mobilization", "armament", "armament", "armament"], "play": ["human_token"]},
    )
    play(st, "attack")  # the only attacker: chosen and declared by forced steps
    play(st, "pass", "pass")  # both pass before blocks
    play(st, "add human_token")  # P2 blocks ("done" is then the only option)
    assert st.window == "before_damage" and st.init == 1
    play(st, "play mobilization")  # P2 gains 7 health: its hand falls to 3
    health = st.health[1]
    play(st, "pass", "pass")
    assert [GAME.action_text(st, a) for a in GAME.legal_actions(st)] == [
        "to human_token 1",
        "to human_token 15",
    ]  # no Breakthrough: nothing may go to the player
    play(st, "to human_token 15")
    assert st.health[1] == health
    assert st.play[1] == []  # the token broke


def test_rhino_breakthrough_hits_when_frenzy_holds() -> None:
    """epic.keyword.breakthrough: same attack without the card: 14 damage carry over."""
    st = _pos(
        {"hand": ["armament", "armament", "armament"], "play": ["ex_rhino"]},
        {"hand": ["mobilization", "armament", "armament", "armament"], "play": ["human_token"]},
    )
    play(st, "attack", "pass", "pass", "add human_token")
    before = st.health[1]
    play(st, "pass", "pass")
    play(st, "to human_token 1", "player 14")
    assert st.health[1] == before - 14


def test_communion_recalled_from_the_discard_pile() -> None:
    """epic.keyword.recall: «Причастие» in the discard pile: pay gold, play it for free,
    draw 2, then it goes to the bottom of the deck instead of the discard pile."""
    st = _pos({"hand": [], "discard": ["ex_communion"], "gold": 1}, {"hand": ["armament"]})
    play(st, "recall ex_communion")
    assert len(st.hands[0]) == 2 and st.gold[0] == 0
    assert st.card_ids[st.decks[0][0]] == "ex_communion"  # bottom of the deck
    assert st.discards[0] == []


def test_one_blocker_blocks_an_airborne_and_a_walking_attacker_together() -> None:
    """epic.combat.blocks.group, epic.keyword.airborne: a Bird (Airborne) and a Walker attack
    together; a Wall without Airborne may block the group, and blocks both."""
    st = _pos(
        {"hand": ["armament"], "play": ["ex_bird", "ex_walker"]},
        {"hand": ["armament"], "play": ["ex_wall"]},
    )
    play(st, "attack", "add ex_bird", "add ex_walker", "pass", "pass")  # then "done" is forced
    assert ("add", st.play[1][0]) in GAME.legal_actions(st)
    play(st, "add ex_wall")  # "done" is then the only option
    assert st.blocked and st.window == "before_damage"
    play(st, "pass", "pass")
    assert st.health[1] == 30  # both attackers were blocked: nothing reached the player


def test_airborne_alone_cannot_be_blocked_by_a_walker() -> None:
    """epic.keyword.airborne: against a Bird alone, the Wall cannot block."""
    st = _pos(
        {"hand": ["armament"], "play": ["ex_bird"]}, {"hand": ["armament"], "play": ["ex_wall"]}
    )
    play(st, "attack", "pass", "pass")
    # no blocker possible: P2's blocking step was a forced "done"; P2 holds initiative
    assert st.window == "before_damage" and st.blockers == []
    play(st, "pass", "pass")
    assert st.health[1] == 27
