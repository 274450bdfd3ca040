"""The 2015 base set's Good cards (data/base_good.toml) on small positions.

Each test plays the card through the public API and checks what its text makes happen
(rule ids in each docstring; card ids are the snake_case English names).
"""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.epic.cards import KW_BIT, EpicDB
from cardtable.games.epic.effects import defense, keywords, offense
from cardtable.games.epic.game import EpicGame
from cardtable.games.epic.state import EXPENDED, PREPARED, EpicState
from tests.games.epic.helpers import play, position, texts

GAME = get_game("epic")


def pos(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> EpicState:
    """A position with only database cards; P2 holds Armament unless told otherwise."""
    p2 = {"hand": ["armament"], **p2}
    return position([], p1, p2, **top)


def their_turn(p1: dict[str, Any], p2: dict[str, Any]) -> EpicState:
    """P2's turn, P2 has passed: P1 holds initiative in the pass window."""
    return pos(p1, p2, turn=4, active="P2", window="pass", initiative="P1")


def names(st: EpicState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def find(st: EpicState, seat: int, ident: str) -> int:
    """The first champion named ``ident`` in ``seat``'s play area."""
    return int(next(i for i in st.play[seat] if st.card_ids[i] == ident))


def db(st: EpicState) -> EpicDB:
    assert isinstance(GAME, EpicGame)
    return GAME.dbs(st)


def off(st: EpicState, i: int) -> int:
    return int(offense(db(st), st, i))


def dfn(st: EpicState, i: int) -> int:
    return int(defense(db(st), st, i))


def has(st: EpicState, i: int, keyword: str) -> bool:
    return bool(keywords(db(st), st, i) & KW_BIT[keyword])


def targets(st: EpicState) -> list[str]:
    return sorted(t for t in texts(st) if t.startswith("target"))


# --- angels -----------------------------------------------------------------------------
def test_angel_of_light_tribute_and_loyalty() -> None:
    """epic.card.text, epic.keyword.tribute, epic.keyword.loyalty: entering play gains 5
    health; revealing two other Good cards gains 5 more; declining keeps only the first 5."""
    for answer, health in (("yes", 30), ("no", 25)):
        st = pos({"hand": ["angel_of_light", "armament", "mobilization"], "health": 20}, {})
        play(st, "play angel_of_light")
        assert texts(st) == ["first angel_of_light", "first angel_of_light 2"]
        play(st, "first angel_of_light")  # the Tribute first
        assert st.health[0] == 25
        assert texts(st) == ["yes", "no"]
        play(st, answer)
        assert st.health[0] == health


def test_angel_of_light_ambush_and_no_loyalty_without_cards() -> None:
    """epic.keyword.ambush, epic.keyword.loyalty: it can be played in the opponent's turn;
    without two more Good cards in hand only the Tribute's 5 health comes."""
    st = their_turn({"hand": ["angel_of_light", "howl"], "health": 20}, {})
    assert "play angel_of_light" in texts(st)
    play(st, "play angel_of_light")  # the Loyalty cannot apply: no order to choose
    assert st.health[0] == 25 and st.pending[0] == "act"
    angel = find(st, 0, "angel_of_light")
    assert has(st, angel, "airborne")


def test_angel_of_mercy_returns_a_good_champion_at_turn_start() -> None:
    """epic.card.text, epic.turn.start.triggers, epic.ability.may: at the start of its
    controller's turn it may bring a Good champion card from their discard pile into play
    (not an evil champion, not an event)."""
    for answer in ("yes", "no"):
        st = pos(
            {
                "hand": ["armament"],
                "play": ["angel_of_mercy"],
                "discard": ["avenging_angel", "demon_of_torment", "courageous_soul", "ceasefire"],
            },
            {},
            turn=4,
            active="P2",
            initiative="P2",
        )
        play(st, "pass", "pass")  # P2 passes, P1 passes: P1's turn starts
        assert st.active == 0 and texts(st) == ["yes", "no"]
        play(st, answer)
        if answer == "no":
            assert names(st, st.play[0]) == ["angel_of_mercy"]
            continue
        assert targets(st) == [
            "target avenging_angel@P1.discard",
            "target courageous_soul@P1.discard",
        ]
        play(st, "target courageous_soul@P1.discard")
        assert names(st, st.play[0]) == ["angel_of_mercy", "courageous_soul"]
        assert names(st, st.discards[0]) == ["avenging_angel", "demon_of_torment", "ceasefire"]


def test_angelic_protector_shields_a_champion() -> None:
    """epic.card.text, epic.keyword.untargetable, epic.keyword.unbreakable,
    epic.keyword.untargetable.mass: the chosen champion cannot be targeted this turn and
    survives lethal damage from an effect that does not target it."""
    st = pos(
        {"hand": ["angelic_protector"], "play": ["courageous_soul"]},
        {"hand": ["torrent_of_flame", "armament"], "play": ["white_knight"]},
    )
    play(st, "play angelic_protector")
    assert targets(st) == [
        "target angelic_protector",
        "target courageous_soul",
        "target white_knight",
    ]
    play(st, "target courageous_soul")
    soul = find(st, 0, "courageous_soul")
    assert has(st, soul, "unbreakable") and has(st, soul, "untargetable")
    play(st, "pass")  # P2 answers in the pass window
    probe = st.clone()
    play(probe, "play torrent_of_flame")  # 7 damage to any target
    assert "target courageous_soul" not in targets(probe)
    assert "target angelic_protector" in targets(probe)
    play(st, "play torrent_of_flame 2", "target p1")  # 3 to P1 and each of P1's champions
    assert st.damage[soul] == 3 and soul in st.play[0]  # 2/2, but unbreakable
    assert st.health[0] == 27


def test_avenging_angel_guards_while_expended() -> None:
    """epic.card.text: while it is expended its controller cannot be attacked; prepared,
    it does not stop attacks."""
    for position_, attack in (("expended", False), ("prepared", True)):
        st = pos(
            {"hand": ["armament"], "play": [{"card": "avenging_angel", "position": position_}]},
            {"hand": ["armament"], "play": ["white_knight"]},
            turn=4,
            active="P2",
            initiative="P2",
        )
        assert ("attack" in texts(st)) is attack


def test_avenging_angel_blitz_and_righteous() -> None:
    """epic.keyword.blitz, epic.keyword.righteous, epic.keyword.airborne: played this turn
    it attacks at once; a ground champion cannot block it; its 6 damage heals P1 by 6."""
    st = pos({"hand": ["avenging_angel"], "health": 20}, {"play": ["white_knight"]})
    play(st, "play avenging_angel")
    assert "attack" in texts(st)
    play(st, "attack", "pass", "pass")  # the knight cannot block: blocks are done at once
    play(st, "pass", "pass")
    assert st.health == [26, 24]


# --- events -----------------------------------------------------------------------------
def test_banishment_turn_player_draws() -> None:
    """epic.card.text, epic.banish: the target goes under its owner's deck and the player
    whose turn it is draws: P1 in its own turn, P2 when P1 plays it in P2's turn."""
    st = pos({"hand": ["banishment"]}, {"play": ["white_knight"]})
    play(st, "play banishment")  # the only champion: a forced target
    assert st.play[1] == [] and st.card_ids[st.decks[1][0]] == "white_knight"
    assert len(st.hands[0]) == 1 and len(st.hands[1]) == 1
    st = their_turn({"hand": ["banishment"]}, {"play": ["white_knight"]})
    play(st, "play banishment")
    assert st.play[1] == [] and len(st.hands[0]) == 0 and len(st.hands[1]) == 2


def test_brave_squire_token_and_pump() -> None:
    """epic.card.text, epic.token, epic.keyword.unbreakable: a human token comes, then the
    chosen champion gets +5 offense and Unbreakable this turn; the card costs no gold."""
    st = pos({"hand": ["brave_squire"], "play": ["white_knight"]}, {})
    play(st, "play brave_squire")
    assert names(st, st.play[0]) == ["white_knight", "human_token"]
    assert targets(st) == ["target human_token", "target white_knight"]
    play(st, "target white_knight")
    knight = find(st, 0, "white_knight")
    assert off(st, knight) == 14 and has(st, knight, "unbreakable")
    assert off(st, find(st, 0, "human_token")) == 1 and st.gold[0] == 1


def test_ceasefire_draws_and_stops_attacks() -> None:
    """epic.card.text: draw two; no champion may attack for the rest of the turn."""
    st = pos({"hand": ["ceasefire"], "play": ["white_knight"]}, {})
    assert "attack" in texts(st)
    play(st, "play ceasefire")
    assert len(st.hands[0]) == 2 and "attack" not in texts(st)


def test_ceasefire_leaves_the_current_attack() -> None:
    """epic.card.text, epic.combat.before_blocks: played during an attack, the attack goes
    on and deals its damage; afterwards no new attack is allowed this turn."""
    st = pos(
        {"hand": ["armament"], "play": ["white_knight", "palace_guard"]},
        {"hand": ["ceasefire", "armament"]},
    )
    play(st, "attack", "add white_knight", "done", "pass")
    play(st, "play ceasefire")
    assert len(st.hands[1]) == 3
    play(st, "pass", "pass")  # P2 has no blockers; then the damage window
    play(st, "pass", "pass")
    assert st.health[1] == 21 and st.window == "main"
    assert "attack" not in texts(st)  # the guard is still prepared, but attacks are over


def test_divine_judgment_modes() -> None:
    """epic.card.text, epic.event.modes, epic.keyword.unbanishable: draw two; or, in its
    controller's turn, banish every champion (tokens to the supply, Unbanishable stays)."""
    st = pos({"hand": ["divine_judgment"]}, {})
    play(st, "play divine_judgment")
    assert len(st.hands[0]) == 2
    st = pos(
        {"hand": ["divine_judgment"], "play": ["white_knight", "thundarus"]},
        {"play": ["imperial_cavalry", "human_token"]},
    )
    play(st, "play divine_judgment 2")
    assert names(st, st.play[0]) == ["thundarus"] and st.play[1] == []
    assert st.card_ids[st.decks[0][0]] == "white_knight"
    assert st.card_ids[st.decks[1][0]] == "imperial_cavalry"


def test_divine_judgment_banishes_nothing_in_the_opponents_turn() -> None:
    """epic.card.text, epic.event.modes (R23): the banishing branch may be chosen in the
    opponent's turn but then does nothing."""
    st = their_turn({"hand": ["divine_judgment"], "play": ["white_knight"]}, {"play": ["kong"]})
    play(st, "play divine_judgment 2")
    assert len(st.play[0]) == 1 and len(st.play[1]) == 1
    assert names(st, st.discards[0]) == ["divine_judgment"]


def test_feint_removes_attackers_and_prepares_them() -> None:
    """epic.card.text, epic.combat: draw two; the attacking knight leaves the battle
    prepared, so no combat damage happens and it can attack again this turn."""
    st = pos(
        {"hand": ["feint"], "play": ["white_knight"]},
        {"hand": ["armament"], "play": ["palace_guard"]},
    )
    play(st, "attack", "pass", "pass", "add palace_guard")
    play(st, "pass")  # P2 (the defender) passes first before damage
    play(st, "play feint")
    knight = find(st, 0, "white_knight")
    assert len(st.hands[0]) == 2 and st.attackers == [] and st.pos[knight] == PREPARED
    play(st, "pass", "pass")
    guard = find(st, 1, "palace_guard")
    assert st.damage[knight] == 0 and st.damage[guard] == 0 and st.health[1] == 30
    assert "attack" in texts(st)


def test_feint_removes_blockers_and_the_attack_stays_blocked() -> None:
    """epic.card.text, epic.combat.blocks.stays_blocked: played by the defender, its
    blocker leaves the battle prepared; the attacker stays blocked and deals nothing."""
    st = pos(
        {"hand": ["feint"], "play": ["white_knight"]},
        {"hand": ["armament"], "play": ["imperial_cavalry"]},
        turn=4,
        active="P2",
        initiative="P2",
    )
    play(st, "attack", "pass", "pass", "add white_knight")
    play(st, "play feint")  # P1 defends and acts first before damage
    knight = find(st, 0, "white_knight")
    assert st.blockers == [] and st.pos[knight] == PREPARED and len(st.hands[0]) == 2
    play(st, "pass", "pass")
    assert st.health[0] == 30 and st.damage[knight] == 0
    assert st.damage[find(st, 1, "imperial_cavalry")] == 0


def test_inheritance_of_the_meek_banishes_non_tokens() -> None:
    """epic.card.text, epic.token, epic.keyword.unbanishable: draw two; or banish every
    champion that is not a token; in its controller's own turn nobody draws."""
    st = pos({"hand": ["inheritance_of_the_meek"]}, {})
    play(st, "play inheritance_of_the_meek")
    assert len(st.hands[0]) == 2
    st = pos(
        {"hand": ["inheritance_of_the_meek"], "play": ["white_knight", "human_token"]},
        {"play": ["imperial_cavalry", "the_peoples_champion"]},
    )
    play(st, "play inheritance_of_the_meek 2")
    assert names(st, st.play[0]) == ["human_token"]
    assert names(st, st.play[1]) == ["the_peoples_champion"]
    assert len(st.hands[0]) == 0 and len(st.hands[1]) == 1


def test_inheritance_of_the_meek_opponent_draws_in_their_turn() -> None:
    """epic.card.text: played in the opponent's turn, that opponent draws a card."""
    st = their_turn({"hand": ["inheritance_of_the_meek"], "play": ["white_knight"]}, {})
    play(st, "play inheritance_of_the_meek 2")
    assert st.play[0] == [] and len(st.hands[0]) == 0 and len(st.hands[1]) == 2


def test_inner_peace_heals_ten() -> None:
    """epic.card.text: gain 10 health."""
    st = pos({"hand": ["inner_peace"], "health": 12}, {})
    play(st, "play inner_peace")
    assert st.health[0] == 22 and names(st, st.discards[0]) == ["inner_peace"]


def test_inner_peace_returns_when_a_good_cost1_card_is_played() -> None:
    """epic.discard_text, epic.keyword.ally, epic.keyword.ally.free_cards,
    epic.keyword.recall.base_set: from the discard pile it returns to hand when its owner
    plays a cost-1 Good card; a cost-0 Good card or a cost-1 Evil card does not."""
    st = pos({"hand": ["brave_squire", "demon_of_torment"], "discard": ["inner_peace"]}, {})
    play(st, "play brave_squire")
    play(st, "play demon_of_torment")
    assert "inner_peace" in names(st, st.discards[0])
    st = pos({"hand": ["ceasefire"], "discard": ["inner_peace"]}, {})
    play(st, "play ceasefire")
    assert names(st, st.discards[0]) == ["ceasefire"] and "inner_peace" in names(st, st.hands[0])


def test_rally_the_people_token_and_pump() -> None:
    """epic.card.text, epic.token: a human token, then P1's champions (the token too) get
    +1 offense this turn; P2's do not."""
    st = pos(
        {"hand": ["rally_the_people"], "play": ["white_knight"]}, {"play": ["imperial_cavalry"]}
    )
    play(st, "play rally_the_people")
    assert off(st, find(st, 0, "white_knight")) == 10
    assert off(st, find(st, 0, "human_token")) == 2
    assert off(st, find(st, 1, "imperial_cavalry")) == 8
    assert st.gold[0] == 1  # a cost-0 card


def test_rally_the_people_recall_for_one_gold() -> None:
    """epic.keyword.recall.base_set: from the discard pile, paying 1 gold returns it to
    hand; with no gold left it is not offered."""
    st = pos({"hand": ["armament"], "discard": ["rally_the_people"]}, {})
    assert "recall rally_the_people" in texts(st)
    play(st, "recall rally_the_people")
    assert st.gold[0] == 0 and "rally_the_people" in names(st, st.hands[0])
    assert st.discards[0] == []
    st = pos({"hand": ["armament"], "discard": ["rally_the_people"], "gold": 0}, {})
    assert "recall rally_the_people" not in texts(st)


def test_resurrection_returns_a_champion_broken_this_turn() -> None:
    """epic.card.text, epic.break: only a champion card broken this turn may come back
    (not one broken before); it enters play and its Tribute triggers."""
    st = pos(
        {"hand": ["resurrection"], "play": ["palace_guard"], "discard": ["courageous_soul"]},
        {"hand": ["armament"], "play": ["white_knight"]},
    )
    play(st, "attack", "pass", "pass", "add white_knight")
    play(st, "pass", "pass", "to palace_guard 9")  # 9 damage breaks the 6/8 guard
    assert names(st, st.discards[0]) == ["courageous_soul", "palace_guard"]
    play(st, "play resurrection 2")  # the guard is the only card allowed: forced
    assert names(st, st.play[0]) == ["palace_guard"]
    assert texts(st) == ["yes", "no"]  # the guard's own Tribute
    play(st, "no")
    assert names(st, st.discards[0]) == ["courageous_soul", "resurrection"]


def test_resurrection_draw_mode_and_nothing_to_return() -> None:
    """epic.card.text, epic.target.partial: draw two; with no champion broken this turn the
    second branch returns nothing."""
    st = pos({"hand": ["resurrection"]}, {})
    play(st, "play resurrection")
    assert len(st.hands[0]) == 2
    st = pos({"hand": ["resurrection"], "discard": ["white_knight"]}, {})
    play(st, "play resurrection 2")
    assert st.play[0] == [] and names(st, st.discards[0]) == ["white_knight", "resurrection"]


def test_secret_legion_tokens_attack_at_once() -> None:
    """epic.card.text, epic.keyword.blitz.gained, epic.arriving: six human tokens come and
    P1's humans gain Blitz, so the arriving tokens may attack; a non-human that arrived
    this turn still may not."""
    st = pos({"hand": ["secret_legion"], "play": [{"card": "thundarus", "arriving": True}]}, {})
    play(st, "play secret_legion 2")
    tokens = [i for i in st.play[0] if st.card_ids[i] == "human_token"]
    assert len(tokens) == 6 and all(has(st, t, "blitz") for t in tokens)
    play(st, "attack")
    adds = [t for t in texts(st) if t.startswith("add")]
    assert len(adds) == 6 and not any("thundarus" in t for t in adds)
    st = pos({"hand": ["secret_legion"]}, {})
    play(st, "play secret_legion")
    assert len(st.hands[0]) == 2 and st.play[0] == []


def test_vital_mission_opponents_champion() -> None:
    """epic.card.text, epic.banish: the banished champion's controller gains its offense;
    P1 did not control it, so P1 draws nothing."""
    st = pos(
        {"hand": ["vital_mission"]},
        {"play": [{"card": "white_knight", "offense": 3}], "health": 10},
    )
    play(st, "play vital_mission")
    assert st.play[1] == [] and st.health[1] == 22 and len(st.hands[0]) == 0


def test_vital_mission_own_champion_draws_two() -> None:
    """epic.card.text: banishing one's own champion gains its offense and draws two."""
    st = pos({"hand": ["vital_mission"], "play": ["white_knight"], "health": 10}, {})
    play(st, "play vital_mission")
    assert st.play[0] == [] and st.health[0] == 19 and len(st.hands[0]) == 2
    assert st.health[1] == 30


# --- champions --------------------------------------------------------------------------
def test_courageous_soul_rallies_on_attack() -> None:
    """epic.card.text, epic.combat.declare: when it attacks, all of P1's champions get +2
    offense this turn (those not attacking too); P2's do not."""
    st = pos(
        {"hand": ["armament"], "play": ["courageous_soul", "white_knight"]},
        {"hand": ["armament"], "play": [{"card": "kong", "position": "expended"}]},
    )
    soul, knight = find(st, 0, "courageous_soul"), find(st, 0, "white_knight")
    play(st, "attack", "add courageous_soul", "done")
    assert off(st, soul) == 4 and off(st, knight) == 11
    assert st.eot_off[find(st, 1, "kong")] == 0
    play(st, "pass", "pass", "pass", "pass")
    assert st.health[1] == 26


def test_courageous_soul_ambush() -> None:
    """epic.keyword.ambush: it can be played in the opponent's turn."""
    st = their_turn({"hand": ["courageous_soul"]}, {})
    play(st, "play courageous_soul")
    assert names(st, st.play[0]) == ["courageous_soul"]


def test_faithful_pegasus_tribute_recycles() -> None:
    """epic.keyword.recycle, epic.keyword.tribute: two discard-pile cards go under the deck,
    then P1 draws."""
    st = pos({"hand": ["faithful_pegasus"], "discard": ["kong", "howl"]}, {})
    play(st, "play faithful_pegasus")
    assert texts(st) == ["decline", "bury kong", "bury howl"]
    play(st, "bury howl")  # kong follows (the only card left); howl ends lowest
    assert st.discards[0] == [] and len(st.hands[0]) == 1
    assert names(st, st.decks[0][:2]) == ["howl", "kong"]


def test_faithful_pegasus_carries_a_human_into_the_attack() -> None:
    """epic.card.text, epic.keyword.airborne, epic.ability.may: when it attacks, one of
    P1's idle humans may join it with Airborne; P2's ground champion can block neither."""
    st = pos(
        {"hand": ["armament"], "play": ["faithful_pegasus", "white_knight", "gold_dragon"]},
        {"hand": ["armament"], "play": ["imperial_cavalry"]},
    )
    play(st, "attack", "add faithful_pegasus", "done")
    assert texts(st) == ["yes", "no"]
    play(st, "yes")  # the knight is the only idle human: forced
    knight = find(st, 0, "white_knight")
    assert knight in st.attackers and st.pos[knight] == EXPENDED and has(st, knight, "airborne")
    assert find(st, 0, "gold_dragon") not in st.attackers
    play(st, "pass", "pass", "pass", "pass")  # no blocker can stop flyers
    assert st.health[1] == 30 - 2 - 9


def test_faithful_pegasus_declined_attacks_alone() -> None:
    """epic.ability.may: saying no leaves the humans out of the attack."""
    st = pos(
        {"hand": ["armament"], "play": ["faithful_pegasus", "white_knight"]},
        {"hand": ["armament"]},
    )
    play(st, "attack", "add faithful_pegasus", "done", "no")
    assert st.attackers == [find(st, 0, "faithful_pegasus")]


def test_faithful_pegasus_carries_a_human_into_the_block() -> None:
    """epic.card.text, epic.combat.blocks: when it blocks, an idle human may block with it;
    both blockers' damage breaks the attacker."""
    st = pos(
        {"hand": ["armament"], "play": ["faithful_pegasus", "white_knight", "courageous_soul"]},
        {"hand": ["armament"], "play": ["imperial_cavalry"]},
        turn=4,
        active="P2",
        initiative="P2",
    )
    play(st, "attack", "pass", "pass", "add faithful_pegasus", "done", "yes")
    assert targets(st) == ["target courageous_soul", "target white_knight"]
    play(st, "target white_knight")
    knight = find(st, 0, "white_knight")
    assert knight in st.blockers and has(st, knight, "airborne")
    play(st, "pass", "pass")
    while st.pending[0] == "assign":  # P2 splits its 8 damage; whatever it does
        play(st, texts(st)[0])
    assert "imperial_cavalry" in names(st, st.discards[1]) and st.health[0] == 30


def test_gold_dragon_gives_righteous_to_good_champions() -> None:
    """epic.ability.static, epic.keyword.righteous: P1's Good champions (itself too) are
    Righteous; P1's Evil champion and P2's Good champion are not; the knight's damage heals."""
    st = pos(
        {"hand": ["armament"], "play": ["gold_dragon", "white_knight", "demon_of_torment"]},
        {"hand": ["armament"], "play": [{"card": "imperial_cavalry", "position": "expended"}]},
    )
    assert has(st, find(st, 0, "gold_dragon"), "righteous")
    assert has(st, find(st, 0, "white_knight"), "righteous")
    assert not has(st, find(st, 0, "demon_of_torment"), "righteous")
    assert not has(st, find(st, 1, "imperial_cavalry"), "righteous")
    play(st, "attack", "add white_knight", "done", "pass", "pass", "pass", "pass")
    assert st.health == [39, 21]


def test_high_king_loyalty_blitz_and_banishing_talent() -> None:
    """epic.keyword.loyalty, epic.keyword.blitz.gained, epic.talent.expend: with two Good
    cards revealed it gains Blitz and may expend at once to banish target champion."""
    st = pos(
        {"hand": ["high_king", "armament", "mobilization"]},
        {"play": ["white_knight"]},
    )
    play(st, "play high_king", "yes")
    assert "talent high_king" in texts(st)
    play(st, "talent high_king")
    assert targets(st) == ["target high_king", "target white_knight"]
    play(st, "target white_knight")
    assert st.play[1] == [] and st.card_ids[st.decks[1][0]] == "white_knight"
    assert st.pos[find(st, 0, "high_king")] == EXPENDED


def test_high_king_without_loyalty_waits_and_is_unbanishable() -> None:
    """epic.arriving.limits, epic.keyword.unbanishable: without Loyalty the arriving king
    cannot expend; a banish effect leaves it in play."""
    st = pos({"hand": ["high_king", "armament", "mobilization"]}, {})
    play(st, "play high_king", "no")
    assert "talent high_king" not in texts(st)
    st = pos({"hand": ["banishment"], "play": ["high_king"]}, {})
    play(st, "play banishment")
    assert names(st, st.play[0]) == ["high_king"]


def test_lord_of_the_arena_tribute_once() -> None:
    """epic.card.text, epic.keyword.tribute (R20): played, it gets +8 offense and
    Unbreakable once (Tribute and the Good ally trigger on its own play count once)."""
    st = pos({"hand": ["lord_of_the_arena"]}, {})
    play(st, "play lord_of_the_arena")
    lord = find(st, 0, "lord_of_the_arena")
    assert off(st, lord) == 13 and has(st, lord, "unbreakable")


def test_lord_of_the_arena_ally_stacks() -> None:
    """epic.keyword.ally, epic.keyword.ally.free_cards: in play, each cost-1 Good card its
    controller plays gives another +8; a cost-0 card does not."""
    st = pos({"hand": ["brave_squire", "ceasefire"], "play": ["lord_of_the_arena"]}, {})
    lord = find(st, 0, "lord_of_the_arena")
    play(st, "play brave_squire", "target human_token")
    assert off(st, lord) == 5
    play(st, "play ceasefire")
    assert off(st, lord) == 13 and has(st, lord, "unbreakable")


def test_lord_of_the_arena_must_be_blocked() -> None:
    """epic.card.text, epic.combat.blocks: the defender must block it when a champion can;
    with no prepared champion, no block is needed."""
    st = pos(
        {"hand": ["armament"], "play": ["lord_of_the_arena"]},
        {"hand": ["armament"], "play": ["imperial_cavalry", "courageous_soul"]},
    )
    play(st, "attack", "pass", "pass")
    assert st.pending[0] == "blockers" and "done" not in texts(st)
    play(st, "add courageous_soul")
    assert "done" in texts(st)
    st = pos(
        {"hand": ["armament"], "play": ["lord_of_the_arena"]},
        {"hand": ["armament"], "play": [{"card": "imperial_cavalry", "position": "expended"}]},
    )
    play(st, "attack", "pass", "pass")  # no possible blocker: blocks end at once
    assert st.window == "before_damage"


def test_noble_unicorn_tribute_and_ally_draw() -> None:
    """epic.keyword.tribute, epic.keyword.ally (R20): played, it draws one card (not two);
    in play, a cost-1 Good card played draws another."""
    st = pos({"hand": ["noble_unicorn"]}, {})
    play(st, "play noble_unicorn")
    assert len(st.hands[0]) == 1
    st = pos({"hand": ["ceasefire"], "play": ["noble_unicorn"]}, {})
    play(st, "play ceasefire")  # two from the event, one from the unicorn
    assert len(st.hands[0]) == 3


def test_noble_unicorn_ambush() -> None:
    """epic.keyword.ambush: it can be played in the opponent's turn."""
    st = their_turn({"hand": ["noble_unicorn"]}, {})
    play(st, "play noble_unicorn")
    assert names(st, st.play[0]) == ["noble_unicorn"] and len(st.hands[0]) == 1


def test_palace_guard_may_banish() -> None:
    """epic.card.text, epic.ability.may: entering play it may banish a chosen champion."""
    for answer, left in (("no", ["white_knight", "kong"]), ("yes", ["white_knight"])):
        st = pos({"hand": ["palace_guard"]}, {"play": ["white_knight", "kong"]})
        play(st, "play palace_guard", answer)
        if answer == "yes":
            assert targets(st) == ["target kong", "target palace_guard", "target white_knight"]
            play(st, "target kong")
        assert names(st, st.play[1]) == left


def test_priest_of_kalnor_heals_and_protects() -> None:
    """epic.keyword.tribute, epic.keyword.loyalty, epic.keyword.untargetable: entering play
    gains 4; with Loyalty 2 a chosen champion becomes unbreakable and untargetable."""
    st = pos(
        {"hand": ["priest_of_kalnor", "armament", "mobilization"], "play": ["white_knight"]},
        {"play": ["kong"]},
    )
    play(st, "play priest_of_kalnor", "first priest_of_kalnor")
    assert st.health[0] == 34
    play(st, "yes")
    play(st, "target white_knight")
    knight = find(st, 0, "white_knight")
    assert has(st, knight, "unbreakable") and has(st, knight, "untargetable")
    assert not has(st, find(st, 0, "priest_of_kalnor"), "untargetable")


def test_priest_of_kalnor_without_loyalty() -> None:
    """epic.keyword.loyalty: with fewer than two other Good cards, only the 4 health."""
    st = pos({"hand": ["priest_of_kalnor", "howl"], "health": 20}, {})
    play(st, "play priest_of_kalnor")  # Loyalty cannot apply: no order to choose
    assert st.health[0] == 24 and st.pending[0] == "act"


def test_priestess_of_angeline_recycles_and_heals_on_good() -> None:
    """epic.keyword.recycle, epic.keyword.ally, epic.keyword.ally.free_cards: entering play
    it recycles; later each cost-1 Good card played gains 3 health (cost 0: nothing)."""
    st = pos(
        {
            "hand": ["priestess_of_angeline", "brave_squire", "ceasefire"],
            "discard": ["kong", "howl"],
            "health": 20,
        },
        {},
    )
    play(st, "play priestess_of_angeline", "bury kong")
    assert st.discards[0] == [] and len(st.hands[0]) == 3
    play(st, "play brave_squire", "target priestess_of_angeline")
    assert st.health[0] == 20
    play(st, "play ceasefire")
    assert st.health[0] == 23


def test_standard_bearer_tokens_and_bonus() -> None:
    """epic.keyword.tribute, epic.ability.static: two human tokens; P1's other Good
    champions get +2 offense (the tokens too); itself, P1's Evil champion and P2's are
    unchanged."""
    st = pos(
        {"hand": ["standard_bearer"], "play": ["white_knight", "demon_of_torment"]},
        {"play": ["imperial_cavalry"]},
    )
    play(st, "play standard_bearer")
    tokens = [i for i in st.play[0] if st.card_ids[i] == "human_token"]
    assert len(tokens) == 2 and all(off(st, t) == 3 for t in tokens)
    assert off(st, find(st, 0, "standard_bearer")) == 2
    assert off(st, find(st, 0, "white_knight")) == 11
    assert off(st, find(st, 0, "demon_of_torment")) == 10
    assert off(st, find(st, 1, "imperial_cavalry")) == 8


def test_standard_bearer_ambush() -> None:
    """epic.keyword.ambush: it can be played in the opponent's turn."""
    st = their_turn({"hand": ["standard_bearer"]}, {})
    play(st, "play standard_bearer")
    assert len(st.play[0]) == 3


def test_the_peoples_champion_tokens() -> None:
    """epic.keyword.tribute, epic.keyword.ally (R20): played, two human tokens (not four);
    in play, each cost-1 Good card played brings two more."""
    st = pos({"hand": ["the_peoples_champion"]}, {})
    play(st, "play the_peoples_champion")
    assert names(st, st.play[0]).count("human_token") == 2
    st = pos({"hand": ["ceasefire"], "play": ["the_peoples_champion"]}, {})
    play(st, "play ceasefire")
    assert names(st, st.play[0]).count("human_token") == 2


def test_the_peoples_champion_unbanishable() -> None:
    """epic.keyword.unbanishable: a banish effect leaves it in play."""
    st = their_turn({"hand": ["banishment"]}, {"play": ["the_peoples_champion"]})
    play(st, "play banishment")
    assert names(st, st.play[1]) == ["the_peoples_champion"]


def test_thundarus_boosts_other_dragons() -> None:
    """epic.ability.static, epic.card.class: P1's other dragons get +5/+5; itself, P1's
    non-dragons and P2's dragons do not."""
    st = pos(
        {"hand": ["armament"], "play": ["thundarus", "gold_dragon", "white_knight"]},
        {"play": ["white_dragon"]},
    )
    gold = find(st, 0, "gold_dragon")
    assert (off(st, gold), dfn(st, gold)) == (11, 13)
    thund = find(st, 0, "thundarus")
    assert (off(st, thund), dfn(st, thund)) == (10, 15)
    knight = find(st, 0, "white_knight")
    assert (off(st, knight), dfn(st, knight)) == (9, 9)
    white = find(st, 1, "white_dragon")
    assert (off(st, white), dfn(st, white)) == (5, 5)
    assert has(st, thund, "airborne") and has(st, thund, "unbanishable")


def test_watchful_gargoyle_recycle_and_ambush() -> None:
    """epic.keyword.recycle, epic.keyword.ambush: played in the opponent's turn it
    recycles two cards and draws; with one card in the pile nothing happens (R21)."""
    st = their_turn({"hand": ["watchful_gargoyle"], "discard": ["kong", "howl"]}, {})
    play(st, "play watchful_gargoyle", "bury kong")
    assert st.discards[0] == [] and len(st.hands[0]) == 1
    st = pos({"hand": ["watchful_gargoyle"], "discard": ["kong"]}, {})
    play(st, "play watchful_gargoyle")
    assert names(st, st.discards[0]) == ["kong"] and len(st.hands[0]) == 0


def test_white_dragon_recycles_after_a_good_cost1_card() -> None:
    """epic.card.text, epic.keyword.recycle: it recycles only if its controller played a
    cost-1 Good card earlier this turn (a cost-0 Good or a cost-1 Evil card does not count)."""
    st = pos({"hand": ["ceasefire", "white_dragon"], "discard": ["kong", "howl"]}, {})
    play(st, "play ceasefire", "play white_dragon", "bury kong", "bury howl")
    assert names(st, st.discards[0]) == ["ceasefire"] and len(st.hands[0]) == 3
    st = pos(
        {"hand": ["brave_squire", "demon_of_torment", "white_dragon"], "discard": ["kong", "howl"]},
        {},
    )
    play(st, "play brave_squire", "play demon_of_torment")  # the token: the only target
    play(st, "play white_dragon")
    assert names(st, st.discards[0]) == ["kong", "howl", "brave_squire"]
    assert len(st.hands[0]) == 0


def test_white_knight_tribute_loyalty_and_talent() -> None:
    """epic.keyword.tribute, epic.keyword.loyalty, epic.talent.expend: it draws a card;
    with Loyalty it gains Blitz and may at once expend to break a chosen Evil champion
    (Good champions are not offered)."""
    st = pos(
        {"hand": ["white_knight", "armament", "mobilization"], "deck": ["kong"] * 3},
        {"play": ["demon_of_torment", "champion_of_the_wicked", "imperial_cavalry"]},
    )
    play(st, "play white_knight", "first white_knight")  # the Tribute first: draw a card
    assert names(st, st.hands[0]) == ["armament", "mobilization", "kong"]
    play(st, "yes", "talent white_knight")
    assert targets(st) == ["target champion_of_the_wicked", "target demon_of_torment"]
    play(st, "target demon_of_torment")
    assert names(st, st.discards[1]) == ["demon_of_torment"]
    assert names(st, st.play[1]) == ["champion_of_the_wicked", "imperial_cavalry"]


def test_white_knight_cannot_break_an_unbreakable_evil_champion() -> None:
    """epic.keyword.unbreakable, epic.arriving.limits: an unbreakable Evil champion stays;
    without Loyalty an arriving knight has no talent yet."""
    st = pos(
        {"hand": ["armament"], "play": ["white_knight"]},
        {"play": [{"card": "demon_of_torment", "keywords": ["unbreakable"]}]},
    )
    play(st, "talent white_knight")
    assert names(st, st.play[1]) == ["demon_of_torment"]
    st = pos({"hand": ["white_knight", "howl"]}, {"play": ["demon_of_torment"]})
    play(st, "play white_knight")
    assert "talent white_knight" not in texts(st)
