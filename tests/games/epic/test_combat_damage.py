"""Combat damage placed champion by champion (epic.combat.damage.blocked, R18, R29):
Breakthrough lets only Breakthrough damage through, and only past the blockers' defense
(epic.keyword.breakthrough.only, R16); Righteous, deadly and "damages a player" look at
each champion's own damage (epic.keyword.righteous, R17, R35)."""

from __future__ import annotations

import json
from typing import Any

from cardtable.core import get_game
from cardtable.games.epic.state import EpicState
from tests.games.epic.helpers import play, position, texts

GAME = get_game("epic")


def champion(ident: str, offense: int, defense: int, *keywords: str) -> dict[str, Any]:
    """An inline cost-0 champion with the given numbers and keywords."""
    return {
        "id": ident,
        "edition": "duel2023",
        "name": {"ru": ident, "en": ident},
        "faction": "wild",
        "type": "champion",
        "cost": 0,
        "offense": offense,
        "defense": defense,
        "keywords": list(keywords),
    }


CARDS = [
    champion("tusker", 8, 8, "breakthrough"),
    champion("tusker5", 5, 5, "breakthrough"),
    champion("brute", 5, 5),
    champion("saint", 3, 3, "righteous"),
    champion("wall", 1, 5),
    champion("tower", 0, 10),
    champion("tower2", 0, 10),
]


def pos(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> EpicState:
    """P1's main phase; each player keeps a spare Armament."""
    p1 = {**p1, "hand": [*p1.get("hand", []), "armament"]}
    p2 = {**p2, "hand": [*p2.get("hand", []), "armament"]}
    return position(CARDS, p1, p2, **top)


def find(st: EpicState, seat: int, ident: str) -> int:
    return int(next(i for i in st.play[seat] if st.card_ids[i] == ident))


def names(st: EpicState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def to_damage(st: EpicState, *attackers: str, blockers: tuple[str, ...] = ()) -> None:
    """Attack with ``attackers``, block with ``blockers``, everybody passes: step 5."""
    play(st, "attack")
    for a in attackers:
        if st.pending[0] == "attackers":
            play(st, f"add {a}")
    if st.pending[0] == "attackers":
        play(st, "done")
    while st.pending[0] != "blockers":
        play(st, "pass")
    for b in blockers:
        play(st, f"add {b}")
    if st.pending[0] == "blockers":
        play(st, "done")
    play(st, "pass", "pass")


def finish(st: EpicState) -> None:
    """Whatever split is left (the blockers' damage back), made with the first option."""
    while st.pending[0] == "assign":
        play(st, texts(st)[0])


def player_options(st: EpicState) -> list[int]:
    return [int(t.split()[1]) for t in texts(st) if t.startswith("player ")]


def test_breakthrough_only_breakthrough_damage_counts_for_the_blocker() -> None:
    """epic.keyword.breakthrough.only, epic.keyword.breakthrough, R16: a Breakthrough 8/8
    and a plain 5/5 attack together; one 1/5 wall blocks. The plain attacker's 5 would
    break the wall, but only Breakthrough damage counts: the Breakthrough attacker must
    still give the wall 5, so at most 3 reach the player."""
    st = pos({"play": ["tusker", "brute"]}, {"play": ["wall"]})
    to_damage(st, "tusker", "brute", blockers=("wall",))
    assert st.pending == ("assign", 0)
    assert st.assign["src"] == find(st, 0, "tusker")
    assert player_options(st) == [1, 2, 3]
    play(st, "player 3")  # the other 5 must go to the wall: placed at once
    # the brute's 5 has nowhere else to go: placed at once; the wall hits back
    assert st.pending == ("assign", 1)
    finish(st)
    assert st.health[1] == 27 and st.play[1] == []


def test_breakthrough_plain_damage_first_lets_nothing_extra_through() -> None:
    """epic.keyword.breakthrough.only: declared the other way round, the plain attacker's
    damage is placed first on the wall; the Breakthrough attacker still owes the wall its
    whole defense, so no more than 3 may go through, whatever was placed before."""
    st = pos({"play": ["tusker", "brute"]}, {"play": ["wall"]})
    to_damage(st, "brute", "tusker", blockers=("wall",))
    assert st.pending == ("assign", 0)
    options = texts(st)
    assert max(player_options(st)) == 3
    assert "to wall 5" in options and "to wall 8" in options
    play(st, "to wall 5")
    assert player_options(st) == [1, 2, 3]
    play(st, "player 3")
    finish(st)
    assert st.health[1] == 27


def test_breakthrough_offers_every_amount_for_the_player() -> None:
    """epic.keyword.breakthrough, R29: against a 1/5 wall an 8/8 Breakthrough attacker may
    give the player any amount from 1 to 3, not only the most; the rest stays on the wall."""
    st = pos({"play": ["tusker"]}, {"play": ["wall"]})
    to_damage(st, "tusker", blockers=("wall",))
    assert player_options(st) == [1, 2, 3]
    play(st, "player 1")  # the other 7 go to the wall (its only place left)
    assert player_options(st) == []  # the player's part is given once
    play(st, "to wall 7")
    assert st.health[1] == 29 and st.play[1] == []
    assert st.damage[find(st, 0, "tusker")] == 1


def test_breakthrough_shared_by_two_breakthrough_attackers() -> None:
    """epic.keyword.breakthrough, R16: a Breakthrough 5/5 and a Breakthrough 8/8 against a
    0/10 tower: their damage together must give the tower 10 before any goes through, so
    3 of the 13 may; whichever of them gives it, the other covers the tower."""
    st = pos({"play": ["tusker5", "tusker"]}, {"play": ["tower"]})
    to_damage(st, "tusker5", "tusker", blockers=("tower",))
    assert st.pending == ("assign", 0)
    assert st.assign["src"] == find(st, 0, "tusker5")
    assert player_options(st) == [1, 2, 3]
    play(st, "player 2")  # the 5/5's other 3 go to the tower (forced)
    assert st.assign["src"] == find(st, 0, "tusker")
    assert player_options(st) == [1]  # the 8/8 owes the tower 7 of its 8
    play(st, "player 1")
    assert st.health[1] == 27 and st.play[1] == []
    assert [e.data["amount"] for e in st.log if e.kind == "damage"] == [10]


def test_a_lone_blocker_gone_lets_only_breakthrough_through() -> None:
    """epic.combat.blocks.stays_blocked, epic.keyword.breakthrough.only, R16: the blocker
    left play before damage: the attack stays blocked, the plain attacker deals nothing,
    the Breakthrough attacker's whole damage goes to the player."""
    st = pos(
        {
            "play": [
                {"card": "tusker", "position": "expended"},
                {"card": "brute", "position": "expended"},
            ]
        },
        {},
        window="before_damage",
        initiative="P2",
        combat={
            "attackers": ["P1.play.0", "P1.play.1"],
            "blockers": [],
            "blocked": True,
            "defender": "P2",
        },
    )
    play(st, "pass", "pass")
    assert st.health[1] == 22


def test_righteous_gains_only_what_that_champion_dealt() -> None:
    """epic.keyword.righteous, R17, R35: a Righteous 3/3 and a Breakthrough 8/8 attack; the
    blocker has left play. The Breakthrough damage reaches the player, the Righteous
    champion deals nothing and so gains nothing."""
    st = pos(
        {
            "health": 20,
            "play": [
                {"card": "saint", "position": "expended"},
                {"card": "tusker", "position": "expended"},
            ],
        },
        {},
        window="before_damage",
        initiative="P2",
        combat={
            "attackers": ["P1.play.0", "P1.play.1"],
            "blockers": [],
            "blocked": True,
            "defender": "P2",
        },
    )
    play(st, "pass", "pass")
    assert st.health == [20, 22]


def test_righteous_gains_its_own_damage_with_overkill() -> None:
    """epic.keyword.righteous, R17: blocked by a 1/5 wall together with a plain 5/5, the
    Righteous 3/3 gains the 3 it dealt (not its side's 8)."""
    st = pos({"health": 20, "play": ["saint", "brute"]}, {"play": ["wall"]})
    to_damage(st, "saint", "brute", blockers=("wall",))
    while st.pending[0] == "assign":
        play(st, texts(st)[-1])
    assert st.health[0] == 23


def test_deadly_damage_of_one_point_each_breaks_two_blockers() -> None:
    """epic.card.text, epic.combat.damage.blocked, R29, R35: Thrasher Demon (3/3 once it
    attacks) blocked by two 0/10 towers places 1 on one and 2 on the other: "break any
    champion damaged by this card" breaks both."""
    st = pos({"play": ["thrasher_demon"]}, {"play": ["tower", "tower2"]})
    to_damage(st, "thrasher_demon", blockers=("tower", "tower2"))
    assert "to tower 1" in texts(st)
    play(st, "to tower 1")
    assert texts(st) == ["to tower 1", "to tower 2", "to tower2 1", "to tower2 2"]
    play(st, "to tower2 2")
    assert names(st, st.discards[1]) == ["tower", "tower2"] and st.play[1] == []
    assert st.damage[find(st, 0, "thrasher_demon")] == 0


def test_deadly_breaks_only_what_its_own_damage_hit() -> None:
    """epic.card.text, R35: Thrasher Demon and a plain 5/5 attack two 0/10 towers; the
    Demon's 3 go to one tower, the brute's 5 to the other: only the Demon's tower breaks."""
    st = pos({"play": ["thrasher_demon", "brute"]}, {"play": ["tower", "tower2"]})
    to_damage(st, "thrasher_demon", "brute", blockers=("tower", "tower2"))
    assert st.assign["src"] == find(st, 0, "thrasher_demon")
    play(st, "to tower 3", "to tower2 5")
    assert names(st, st.play[1]) == ["tower2"]
    assert st.damage[find(st, 1, "tower2")] == 5


def test_damages_a_player_only_for_the_champion_that_did() -> None:
    """epic.card.text, R35: Winter Fairy ("when this damages an opponent → draw") attacks
    with a Breakthrough 8/8; the wall blocks both. The Fairy's 4 go to the wall, 3 of the
    8 to the player: the player took damage, but not from the Fairy, so no card is drawn."""
    st = pos({"play": ["tusker", "winter_fairy"]}, {"play": ["wall"]})
    to_damage(st, "tusker", "winter_fairy", blockers=("wall",))
    hand = len(st.hands[0])
    assert st.assign["src"] == find(st, 0, "tusker")
    play(st, "to wall 5")
    play(st, "player 3")
    finish(st)
    assert st.health[1] == 27 and len(st.hands[0]) == hand


def test_the_split_is_shown_and_survives_a_position() -> None:
    """epic.combat.damage.blocked: halfway through a split, the observation and the table
    show whose damage is being placed and what was placed; the state exports as a position
    that loads back to the same split and options."""
    st = pos({"play": ["tusker", "brute"]}, {"play": ["tower", "tower2"]})
    to_damage(st, "tusker", "brute", blockers=("tower", "tower2"))
    play(st, "to tower 1")
    obs = GAME.observe(st, 1)
    split = obs["combat_damage"]
    assert split["src"] == find(st, 0, "tusker") and split["left"] == 7
    assert split["parts"] == [{"from": find(st, 0, "tusker"), "card": find(st, 1, "tower"), "n": 1}]
    doc = GAME.export_position(st)
    again = GAME.load_position(json.loads(json.dumps(doc)))
    assert GAME.export_position(again) == doc
    assert texts(again) == texts(st)
    option = next(a for a in GAME.legal_actions(st) if a[0] == "to")
    assert GAME.describe(option, "en", st).startswith("“tusker”: ")
    assert GAME.describe(option, "ru", st).startswith("«tusker»: ")


def test_greedy_splits_to_break_blockers() -> None:
    """epic.combat.damage.blocked: the greedy agent, one decision ahead, places a 5/5's
    damage to break the 1/5 wall rather than dent the 0/10 tower."""
    from cardtable.agents import make_agent
    from cardtable.core.agent import SeatView

    st = pos({"play": ["brute"]}, {"play": ["wall", "tower"]})
    to_damage(st, "brute", blockers=("wall", "tower"))
    agent = make_agent("greedy", GAME, 3)
    while st.pending[0] == "assign" and st.pending[1] == 0:
        GAME.apply(st, agent.act(SeatView(GAME, st, 0)))
    assert "wall" not in names(st, st.play[1])
