"""The 30 Sage cards of the 2015 base set (data/base_sage.toml) on small positions.

Each test plays a card through the public API and checks what its text makes happen; the
rule ids each test checks open its docstring.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.epic.effects import (
    AIRBORNE,
    BLITZ,
    BREAKTHROUGH,
    UNBLOCKABLE,
    UNBREAKABLE,
    UNTARGETABLE,
    keywords,
    offense,
)
from cardtable.games.epic.effects import defense as defense_of
from cardtable.games.epic.game import EpicGame
from cardtable.games.epic.state import EXPENDED, PREPARED, EpicState
from tests.games.epic.helpers import play, position, texts

_GAME = get_game("epic")
assert isinstance(_GAME, EpicGame)
GAME: EpicGame = _GAME


def pos(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> EpicState:
    """A position with the default card database (the Sage cards are in it)."""
    return position([], p1, p2, **top)


def ids(st: EpicState, cards: list[int]) -> list[str]:
    """Card ids of instances."""
    return [st.card_ids[c] for c in cards]


def one(st: EpicState, ident: str) -> int:
    """The single instance of a card id anywhere in the state."""
    found = [i for i, c in enumerate(st.card_ids) if c == ident]
    assert len(found) == 1, (ident, found)
    return found[0]


def attack_alone(st: EpicState, ident: str) -> None:
    """P1 attacks with one champion; P1 keeps initiative in the window before blocks."""
    play(st, "attack")
    if st.pending[0] == "attackers":
        play(st, f"add {ident}")
    if st.pending[0] == "attackers":
        play(st, "done")
    assert st.window == "before_blocks" and st.attackers == [one(st, ident)]


# --- Amnesia ------------------------------------------------------------------------------
def test_amnesia_banishes_the_targets_pile_then_recycles() -> None:
    """epic.card.text, epic.keyword.recycle, epic.banish: the target player's whole discard
    pile goes under their deck; then its player recycles two cards of their own pile."""
    st = pos(
        {"hand": ["amnesia", "armament"], "discard": ["howl", "purification", "armament"]},
        {"hand": ["armament"], "discard": ["howl", "mobilization"]},
    )
    play(st, "play amnesia", "target p2")
    assert st.discards[1] == []
    # Recycling is P1's choice: which two cards, or none.
    assert texts(st) == ["decline", "bury howl", "bury purification", "bury armament"]
    play(st, "bury howl", "bury purification")
    assert sorted(ids(st, st.decks[1][:2])) == ["howl", "mobilization"]
    assert len(st.decks[1]) == 8
    # P1 recycled two of its three cards and drew one.
    assert sorted(ids(st, st.decks[0][:2])) == ["howl", "purification"]
    assert len(st.hands[0]) == 2
    assert ids(st, st.discards[0]) == ["armament", "amnesia"]


def test_amnesia_on_yourself_leaves_nothing_to_recycle() -> None:
    """epic.card.text, epic.keyword.recycle: the pile is banished first, so targeting
    yourself empties your own pile and the recycle that follows finds no two cards."""
    st = pos(
        {"hand": ["amnesia", "armament"], "discard": ["howl", "purification", "armament"]},
        {"hand": ["armament"], "discard": ["howl"]},
    )
    play(st, "play amnesia", "target p1")
    assert ids(st, st.hands[0]) == ["armament"]
    assert ids(st, st.discards[0]) == ["amnesia"] and len(st.decks[0]) == 9
    assert ids(st, st.discards[1]) == ["howl"]


def test_amnesia_second_mode_costs_one_gold() -> None:
    """epic.card.text, epic.event.modes, epic.gold.pay: drawing two cards costs {1}; with no
    gold left only the free mode is offered."""
    st = pos({"hand": ["amnesia", "armament"]}, {"hand": ["armament"]})
    play(st, "play amnesia 2")
    assert len(st.hands[0]) == 3 and st.gold[0] == 0
    broke = pos({"hand": ["amnesia", "armament"], "gold": 0}, {"hand": ["armament"]})
    assert "play amnesia" in texts(broke) and "play amnesia 2" not in texts(broke)


# --- Ancient Chant ------------------------------------------------------------------------
def test_ancient_chant_draws_two() -> None:
    """epic.card.text, epic.event.resolve: draw two cards; the event ends in the pile."""
    st = pos({"hand": ["ancient_chant", "armament"]}, {"hand": ["armament"]})
    play(st, "play ancient_chant")
    assert len(st.hands[0]) == 3 and ids(st, st.discards[0]) == ["ancient_chant"]


def test_ancient_chant_recall_returns_it_and_draws() -> None:
    """epic.keyword.recall.base_set, epic.discard_text: for {1} it goes back to the hand, and
    leaving the discard pile draws a card; without gold the recall is not offered."""
    st = pos({"hand": ["armament"], "discard": ["ancient_chant"]}, {"hand": ["armament"]})
    assert "recall ancient_chant" in texts(st)
    play(st, "recall ancient_chant")
    assert sorted(ids(st, st.hands[0]))[:2] == ["ancient_chant", "armament"]
    assert len(st.hands[0]) == 3 and st.discards[0] == [] and st.gold[0] == 0
    broke = pos(
        {"hand": ["armament"], "discard": ["ancient_chant"], "gold": 0}, {"hand": ["armament"]}
    )
    assert "recall ancient_chant" not in texts(broke)


def test_ancient_chant_draws_when_banished_from_the_pile() -> None:
    """epic.discard_text, epic.card.text: leaving the pile any way (here banished by Amnesia)
    also draws a card."""
    st = pos(
        {"hand": ["amnesia", "armament"], "discard": ["ancient_chant"]}, {"hand": ["armament"]}
    )
    play(st, "play amnesia", "target p1")
    assert len(st.hands[0]) == 2  # armament + the Chant's draw (nothing to recycle)
    assert one(st, "ancient_chant") in st.decks[0]


# --- Blue Dragon --------------------------------------------------------------------------
def test_blue_dragon_tribute_draws_and_deals_two() -> None:
    """epic.keyword.tribute, epic.card.text, epic.keyword.airborne: entering play draws a
    card, then 2 damage to a target (any champion or player)."""
    st = pos({"hand": ["blue_dragon", "armament"]}, {"hand": ["armament"], "play": ["wolf_token"]})
    play(st, "play blue_dragon")
    assert len(st.hands[0]) == 2
    assert texts(st) == ["target blue_dragon", "target wolf_token", "target p1", "target p2"]
    play(st, "target wolf_token")
    assert st.play[1] == []
    assert keywords(GAME.dbs(st), st, one(st, "blue_dragon")) & AIRBORNE


def test_blue_dragon_ally_deals_two_on_cost_one_sage() -> None:
    """epic.keyword.ally, epic.keyword.ally.free_cards: another cost-1 Sage card played deals
    2 damage to a target; a cost-0 Sage card does not."""
    st = pos(
        {"hand": ["spike_trap", "lying_in_wait", "armament"], "play": ["blue_dragon"]},
        {"hand": ["armament"]},
    )
    play(st, "play spike_trap")
    assert st.pending[0] == "act"
    play(st, "play lying_in_wait")
    assert st.pending[0] == "target"
    play(st, "target p2")
    assert st.health[1] == 28


# --- Crystal Golem ------------------------------------------------------------------------
def test_crystal_golem_breaks_itself_to_draw_two() -> None:
    """epic.talent, epic.card.text: breaking it (no expend, so even while arriving) draws two
    cards; it goes to the discard pile."""
    st = pos(
        {"hand": ["armament"], "play": [{"card": "crystal_golem", "arriving": True}]},
        {"hand": ["armament"]},
    )
    play(st, "talent crystal_golem")
    assert st.play[0] == [] and ids(st, st.discards[0]) == ["crystal_golem"]
    assert len(st.hands[0]) == 3


def test_crystal_golem_is_untargetable_and_ambushes() -> None:
    """epic.keyword.untargetable, epic.keyword.ambush: Transform cannot pick it (the other
    champion is the forced target), and it can be played in the opponent's turn."""
    st = pos(
        {"hand": ["transform", "armament"], "play": ["crystal_golem"]},
        {"hand": ["armament"], "play": ["keeper_of_secrets"]},
    )
    play(st, "play transform 2")
    assert ids(st, st.play[0]) == ["crystal_golem"] and ids(st, st.play[1]) == ["wolf_token"]
    other = pos(
        {"hand": ["crystal_golem", "armament"]},
        {"hand": ["armament"]},
        active="P2",
        window="pass",
        initiative="P1",
    )
    assert "play crystal_golem" in texts(other)


# --- Deadly Raid --------------------------------------------------------------------------
def test_deadly_raid_draws_two() -> None:
    """epic.card.text, epic.event.modes: the first mode draws two cards."""
    st = pos({"hand": ["deadly_raid", "armament"]}, {"hand": ["armament"]})
    play(st, "play deadly_raid")
    assert len(st.hands[0]) == 3


def test_deadly_raid_makes_your_champions_unblockable_and_stronger() -> None:
    """epic.card.text, epic.card.keywords, epic.turn.end.expire: your champions get +2
    offense and unblockable this turn (the opponent's do not); the blocker cannot block and
    the attack deals 6; it all ends with the turn."""
    st = pos(
        {"hand": ["deadly_raid", "armament"], "play": ["warrior_golem"]},
        {"hand": ["armament"], "play": ["keeper_of_secrets"]},
    )
    play(st, "play deadly_raid 2")
    db = GAME.dbs(st)
    golem, keeper = one(st, "warrior_golem"), one(st, "keeper_of_secrets")
    assert offense(db, st, golem) == 6 and keywords(db, st, golem) & UNBLOCKABLE
    assert offense(db, st, keeper) == 2 and not keywords(db, st, keeper) & UNBLOCKABLE
    attack_alone(st, "warrior_golem")
    play(st, "pass", "pass")  # the blockers step offers no blocker: done is forced
    assert st.window == "before_damage"
    play(st, "pass", "pass")
    assert st.health[1] == 24
    play(st, "pass", "pass")  # the turn ends
    assert offense(db, st, golem) == 4 and not keywords(db, st, golem) & UNBLOCKABLE


# --- Djinn of the Sands -------------------------------------------------------------------
def test_djinn_of_the_sands_gets_three_counters_and_spends_them() -> None:
    """epic.keyword.tribute, epic.talent.expend, epic.keyword.blitz: it enters with three
    +1/+1 counters (8/8); with Blitz it may at once expend and remove a counter to draw."""
    st = pos({"hand": ["djinn_of_the_sands", "armament"]}, {"hand": ["armament"]})
    play(st, "play djinn_of_the_sands")
    db = GAME.dbs(st)
    djinn = one(st, "djinn_of_the_sands")
    assert (offense(db, st, djinn), defense_of(db, st, djinn)) == (8, 8)
    play(st, "talent djinn_of_the_sands")
    assert len(st.hands[0]) == 2 and st.counters[djinn] == 2 and st.pos[djinn] == EXPENDED
    assert "talent djinn_of_the_sands" not in texts(st)


def test_djinn_of_the_sands_needs_a_counter() -> None:
    """epic.talent, epic.card.text: with no counter left to remove the talent is not offered."""
    st = pos({"hand": ["armament"], "play": ["djinn_of_the_sands"]}, {"hand": ["armament"]})
    assert "talent djinn_of_the_sands" not in texts(st)
    st = pos(
        {"hand": ["armament"], "play": [{"card": "djinn_of_the_sands", "counters": 1}]},
        {"hand": ["armament"]},
    )
    assert "talent djinn_of_the_sands" in texts(st)


# --- Erase --------------------------------------------------------------------------------
def test_erase_draws_and_returns_to_the_owners_hand() -> None:
    """epic.card.text, epic.owner: draw two cards, then the target champion goes to its
    owner's hand (here P2's card that P1 controls)."""
    st = pos(
        {"hand": ["erase", "armament"], "play": [{"card": "time_walker", "owner": "P2"}]},
        {"hand": ["armament"]},
    )
    play(st, "play erase")  # the only champion: a forced target
    assert len(st.hands[0]) == 3
    assert st.play[0] == [] and ids(st, st.hands[1]) == ["armament", "time_walker"]


# --- Forcemage Apprentice -----------------------------------------------------------------
def test_forcemage_apprentice_pings_and_is_prepared_by_sage() -> None:
    """epic.talent.expend, epic.keyword.blitz, epic.keyword.ally: with Blitz it expends at
    once for 2 damage; a cost-1 Sage card prepares it so it can do it again."""
    st = pos({"hand": ["forcemage_apprentice", "lying_in_wait"]}, {"hand": ["armament"]})
    play(st, "play forcemage_apprentice", "talent forcemage_apprentice", "target p2")
    me = one(st, "forcemage_apprentice")
    assert st.health[1] == 28 and st.pos[me] == EXPENDED
    play(st, "play lying_in_wait")
    assert st.pos[me] == PREPARED
    play(st, "talent forcemage_apprentice", "target p2")
    assert st.health[1] == 26


# --- Frost Giant --------------------------------------------------------------------------
def test_frost_giant_expends_the_target_players_champions() -> None:
    """epic.keyword.tribute, epic.position.expended: every champion of the chosen player is
    expended; the other player's stay prepared, and the giant with Blitz may attack."""
    st = pos(
        {"hand": ["frost_giant", "armament"], "play": ["steel_golem"]},
        {"hand": ["armament"], "play": ["muse", "time_walker"]},
    )
    play(st, "play frost_giant")
    assert texts(st) == ["target p1", "target p2"]
    play(st, "target p2")
    assert all(st.pos[i] == EXPENDED for i in st.play[1])
    assert all(st.pos[i] == PREPARED for i in st.play[0])
    play(st, "attack")
    assert "add frost_giant" in texts(st)


# --- Hasty Retreat ------------------------------------------------------------------------
def _retreat_position(blocker: bool) -> EpicState:
    return pos(
        {"hand": ["armament"], "play": ["time_walker"]},
        {"hand": ["hasty_retreat", "armament"], "play": ["keeper_of_secrets"] if blocker else []},
    )


def test_hasty_retreat_unblocked_attacker_returns_and_its_controller_draws() -> None:
    """epic.card.text, epic.combat.before_damage: after blocks, the unblocked attacker goes
    back to its owner's hand and its controller draws a card."""
    st = _retreat_position(blocker=False)
    attack_alone(st, "time_walker")
    play(st, "pass", "pass")
    assert st.window == "before_damage" and st.pending == ("act", 1)
    play(st, "play hasty_retreat")  # the only attacking champion: forced
    assert st.play[0] == [] and "time_walker" in ids(st, st.hands[0])
    assert len(st.hands[0]) == 3  # armament, the walker, the draw
    play(st, "pass", "pass")
    assert st.health[1] == 30


def test_hasty_retreat_blocked_attacker_returns_without_a_draw() -> None:
    """epic.card.text, epic.combat.blocks: a blocked attacker is returned but its controller
    draws nothing."""
    st = _retreat_position(blocker=True)
    attack_alone(st, "time_walker")
    play(st, "pass", "pass", "add keeper_of_secrets")  # the only blocker: done is forced
    assert st.window == "before_damage"
    play(st, "play hasty_retreat")
    assert st.play[0] == [] and sorted(ids(st, st.hands[0])) == ["armament", "time_walker"]


def test_hasty_retreat_before_blocks_gives_no_draw() -> None:
    """epic.card.text, epic.combat.before_blocks: played before blockers are declared, the
    attacker is not yet "unblocked": it is returned and nobody draws (reading of the text)."""
    st = _retreat_position(blocker=False)
    attack_alone(st, "time_walker")
    play(st, "pass")
    assert st.window == "before_blocks" and st.pending == ("act", 1)
    play(st, "play hasty_retreat")
    assert st.play[0] == [] and sorted(ids(st, st.hands[0])) == ["armament", "time_walker"]


def test_hasty_retreat_needs_an_attacker_and_second_mode_costs_gold() -> None:
    """epic.card.text, epic.target.partial, epic.gold.pay: outside combat the first mode has
    no target and does nothing; the second costs {1} and draws two."""
    st = pos({"hand": ["hasty_retreat", "armament"], "play": ["muse"]}, {"hand": ["armament"]})
    play(st, "play hasty_retreat")
    assert ids(st, st.play[0]) == ["muse"] and len(st.hands[0]) == 1
    st = pos({"hand": ["hasty_retreat", "armament"]}, {"hand": ["armament"]})
    play(st, "play hasty_retreat 2")
    assert len(st.hands[0]) == 3 and st.gold[0] == 0


# --- Ice Drake ----------------------------------------------------------------------------
def test_ice_drake_loyalty_expends_a_players_champions() -> None:
    """epic.keyword.loyalty, epic.card.text: revealing two Sage cards expends every champion
    of the target player."""
    st = pos(
        {"hand": ["ice_drake", "lying_in_wait", "transform"]},
        {"hand": ["armament"], "play": ["muse", "time_walker"]},
    )
    play(st, "play ice_drake")
    assert texts(st) == ["yes", "no"]
    play(st, "yes", "target p2")
    assert all(st.pos[i] == EXPENDED for i in st.play[1])
    assert st.pos[one(st, "ice_drake")] == PREPARED


def test_ice_drake_without_loyalty_does_nothing_and_ambushes() -> None:
    """epic.keyword.loyalty, epic.keyword.ambush: with one Sage card in hand nothing is asked
    or expended; it can be played in the opponent's turn."""
    st = pos(
        {"hand": ["ice_drake", "lying_in_wait", "armament"]},
        {"hand": ["armament"], "play": ["muse"]},
    )
    play(st, "play ice_drake")
    assert st.pending == ("act", 0) and st.pos[one(st, "muse")] == PREPARED
    other = pos(
        {"hand": ["ice_drake", "armament"]},
        {"hand": ["armament"]},
        active="P2",
        window="pass",
        initiative="P1",
    )
    assert "play ice_drake" in texts(other)


# --- Juggernaut ---------------------------------------------------------------------------
def test_juggernaut_loyalty_draws() -> None:
    """epic.keyword.loyalty, epic.keyword.blitz, epic.keyword.breakthrough: revealing two Sage
    cards draws one; it has Blitz and Breakthrough."""
    st = pos({"hand": ["juggernaut", "lying_in_wait", "transform"]}, {"hand": ["armament"]})
    play(st, "play juggernaut", "yes")
    assert len(st.hands[0]) == 3
    kw = keywords(GAME.dbs(st), st, one(st, "juggernaut"))
    assert kw & BLITZ and kw & BREAKTHROUGH and "attack" in texts(st)


def test_juggernaut_unbreakable_only_on_its_controllers_turn() -> None:
    """epic.keyword.unbreakable, epic.ability.static: on your turn damage equal to its
    defense does not break it; on the opponent's turn it does."""
    mine = pos(
        {
            "hand": ["armament"],
            "play": [{"card": "juggernaut", "damage": 1}, "forcemage_apprentice"],
        },
        {"hand": ["armament"]},
    )
    play(mine, "talent forcemage_apprentice", "target juggernaut")
    jug = one(mine, "juggernaut")
    assert mine.controller[jug] == 0 and mine.damage[jug] == 3
    assert keywords(GAME.dbs(mine), mine, jug) & UNBREAKABLE
    theirs = pos(
        {"hand": ["armament"], "play": [{"card": "juggernaut", "damage": 1}]},
        {"hand": ["armament"], "play": ["forcemage_apprentice"]},
        active="P2",
        initiative="P2",
    )
    play(theirs, "talent forcemage_apprentice", "target juggernaut")
    assert ids(theirs, theirs.discards[0]) == ["juggernaut"]


# --- Keeper of Secrets --------------------------------------------------------------------
def test_keeper_of_secrets_recycles_on_cost_one_sage() -> None:
    """epic.keyword.ally, epic.keyword.recycle: a cost-1 Sage card makes it recycle two cards
    of the pile (under the deck) and draw."""
    st = pos(
        {
            "hand": ["lying_in_wait", "armament"],
            "play": ["keeper_of_secrets"],
            "discard": ["howl", "mobilization"],
        },
        {"hand": ["armament"]},
    )
    play(st, "play lying_in_wait")
    assert st.pending == ("recycle", 0)  # the event resolved first, then the keeper's ability
    play(st, "bury howl", "bury mobilization")
    assert len(st.hands[0]) == 4  # armament + two drawn + one from recycling
    assert sorted(ids(st, st.decks[0][:2])) == ["howl", "mobilization"]
    assert ids(st, st.discards[0]) == ["lying_in_wait"]


def test_keeper_of_secrets_banishes_a_card_from_any_pile() -> None:
    """epic.talent.expend, epic.banish: expend it to put a chosen card of a discard pile (the
    opponent's here) under its owner's deck."""
    st = pos(
        {"hand": ["armament"], "play": ["keeper_of_secrets"], "discard": ["transform"]},
        {"hand": ["armament"], "discard": ["howl", "purification"]},
    )
    play(st, "talent keeper_of_secrets")
    assert texts(st) == [
        "target transform@P1.discard",
        "target howl@P2.discard",
        "target purification@P2.discard",
    ]
    play(st, "target howl@P2.discard")
    assert ids(st, st.discards[1]) == ["purification"]
    assert ids(st, st.decks[1][:1]) == ["howl"]
    assert st.pos[one(st, "keeper_of_secrets")] == EXPENDED


# --- Lying in Wait ------------------------------------------------------------------------
def _lone_attack(attackers: list[str]) -> EpicState:
    st = pos(
        {"hand": ["armament"], "play": ["time_walker", "muse"]},
        {"hand": ["lying_in_wait", "armament"]},
    )
    play(st, "attack", *[f"add {a}" for a in attackers])
    if st.pending[0] == "attackers":
        play(st, "done")
    play(st, "pass")  # P2 now holds initiative before blocks
    return st


def test_lying_in_wait_banishes_a_lone_attacker() -> None:
    """epic.card.text, epic.banish: a champion attacking alone goes under its owner's deck."""
    st = _lone_attack(["time_walker"])
    play(st, "play lying_in_wait 2")
    assert ids(st, st.play[0]) == ["muse"] and ids(st, st.decks[0][:1]) == ["time_walker"]


def test_lying_in_wait_spares_a_group_attack() -> None:
    """epic.card.text: with two attackers no champion attacks alone; nothing is banished."""
    st = _lone_attack(["time_walker", "muse"])
    play(st, "play lying_in_wait 2")
    assert ids(st, st.play[0]) == ["time_walker", "muse"]


def test_lying_in_wait_draws_two() -> None:
    """epic.card.text, epic.event.modes: the first mode draws two cards."""
    st = pos({"hand": ["lying_in_wait", "armament"]}, {"hand": ["armament"]})
    play(st, "play lying_in_wait")
    assert len(st.hands[0]) == 3


# --- Memory Spirit ------------------------------------------------------------------------
def test_memory_spirit_may_return_an_event_from_the_pile() -> None:
    """epic.keyword.tribute, epic.ability.may: only event cards of your own pile are offered;
    yes returns the chosen one to hand, no leaves the pile alone."""
    for answer in ("yes", "no"):
        st = pos(
            {
                "hand": ["memory_spirit", "armament"],
                "discard": ["erase", "warrior_golem", "transform"],
            },
            {"hand": ["armament"], "discard": ["howl"]},
        )
        play(st, "play memory_spirit")
        assert texts(st) == ["yes", "no"]
        play(st, answer)
        if answer == "no":
            assert len(st.discards[0]) == 3 and ids(st, st.hands[0]) == ["armament"]
            continue
        assert texts(st) == ["target erase@P1.discard", "target transform@P1.discard"]
        play(st, "target transform@P1.discard")
        assert ids(st, st.hands[0]) == ["armament", "transform"]
        assert ids(st, st.discards[0]) == ["erase", "warrior_golem"]


# --- Muse ---------------------------------------------------------------------------------
def _muse_turn_start() -> EpicState:
    st = pos(
        {"hand": ["armament"], "play": ["muse"]},
        {"hand": ["armament"]},
        active="P2",
        initiative="P2",
    )
    play(st, "pass", "pass")  # P2's turn ends; P1's starts (its normal draw first)
    return st


def test_muse_may_draw_at_the_start_of_your_turn() -> None:
    """epic.turn.start.triggers, epic.ability.may: at the start of its controller's turn the
    Muse offers a card: yes draws it, no does not."""
    st = _muse_turn_start()
    assert st.active == 0 and texts(st) == ["yes", "no"]
    assert len(st.hands[0]) == 2
    play(st, "yes")
    assert len(st.hands[0]) == 3
    st = _muse_turn_start()
    play(st, "no")
    assert len(st.hands[0]) == 2 and st.pending == ("act", 0)


def test_muse_ambush_and_airborne() -> None:
    """epic.keyword.ambush, epic.keyword.airborne: playable in the opponent's turn; it flies."""
    st = pos(
        {"hand": ["muse", "armament"]},
        {"hand": ["armament"]},
        active="P2",
        window="pass",
        initiative="P1",
    )
    play(st, "play muse")
    assert ids(st, st.play[0]) == ["muse"]
    assert keywords(GAME.dbs(st), st, one(st, "muse")) & AIRBORNE


# --- Ogre Mercenary -----------------------------------------------------------------------
def test_ogre_mercenary_recycles_on_entering() -> None:
    """epic.keyword.tribute, epic.keyword.recycle: two pile cards go under the deck and a card
    is drawn; with a single card in the pile nothing happens (R21)."""
    st = pos(
        {"hand": ["ogre_mercenary", "armament"], "discard": ["howl", "mobilization", "erase"]},
        {"hand": ["armament"]},
    )
    play(st, "play ogre_mercenary", "bury howl", "bury erase")
    assert len(st.hands[0]) == 2 and ids(st, st.discards[0]) == ["mobilization"]
    assert ids(st, st.decks[0][:2]) == ["howl", "erase"]  # the first chosen lowest
    st = pos({"hand": ["ogre_mercenary", "armament"], "discard": ["howl"]}, {"hand": ["armament"]})
    play(st, "play ogre_mercenary")
    assert len(st.hands[0]) == 1 and ids(st, st.discards[0]) == ["howl"]


# --- Psionic Assault ----------------------------------------------------------------------
def test_psionic_assault_discards_two_at_the_end_of_the_turn() -> None:
    """epic.card.text, epic.turn.end: nothing happens at once; when the turn ends the target
    player discards two cards of their choice."""
    st = pos(
        {"hand": ["psionic_assault", "armament"]},
        {"hand": ["armament", "howl", "erase"]},
    )
    play(st, "play psionic_assault", "target p2")
    assert len(st.hands[1]) == 3
    play(st, "pass", "pass")
    assert st.pending == ("discard", 1)
    play(st, "discard howl", "discard erase")
    assert sorted(ids(st, st.discards[1])) == ["erase", "howl"]
    assert st.active == 1 and ids(st, st.hands[1])[0] == "armament"


def test_two_psionic_assaults_on_a_one_card_hand() -> None:
    """epic.card.text, epic.turn.end, R61: two delayed "discards two cards" aimed at a
    player holding one card: that card is discarded, the other discards owed do nothing,
    and the next turn starts."""
    st = pos(
        {"hand": ["armament"]},
        {"hand": ["howl"]},
        this_turn={"discard_at_end": [["P2", 2], ["P2", 2]]},
    )
    play(st, "pass", "pass")  # P2's one discard is forced
    assert ids(st, st.discards[1]) == ["howl"]
    assert st.active == 1 and st.pending == ("act", 1)


def test_psionic_assault_returns_from_the_pile_on_sage() -> None:
    """epic.discard_text, epic.keyword.recall.base_set, epic.keyword.ally: in the discard
    pile, a cost-1 Sage card played returns it to the hand."""
    st = pos(
        {"hand": ["lying_in_wait", "armament"], "discard": ["psionic_assault"]},
        {"hand": ["armament"]},
    )
    play(st, "play lying_in_wait")
    assert "psionic_assault" in ids(st, st.hands[0])
    assert ids(st, st.discards[0]) == ["lying_in_wait"]


# --- Sea Titan ----------------------------------------------------------------------------
def test_sea_titan_returns_a_champion_but_never_an_untargetable_one() -> None:
    """epic.keyword.tribute, epic.keyword.untargetable: the titan and the Crystal Golem
    cannot be targeted, so the keeper is the forced target and goes back to P2's hand."""
    st = pos(
        {"hand": ["sea_titan", "armament"]},
        {"hand": ["armament"], "play": ["crystal_golem", "keeper_of_secrets"]},
    )
    play(st, "play sea_titan")
    assert ids(st, st.play[1]) == ["crystal_golem"] and ids(st, st.play[0]) == ["sea_titan"]
    assert ids(st, st.hands[1]) == ["armament", "keeper_of_secrets"]
    assert keywords(GAME.dbs(st), st, one(st, "sea_titan")) & UNTARGETABLE


# --- Spike Trap ---------------------------------------------------------------------------
def test_spike_trap_hits_each_attacker_then_recycles() -> None:
    """epic.card.text, epic.keyword.recycle: 5 damage to every attacking champion (not to an
    idle one), then its player recycles."""
    st = pos(
        {"hand": ["armament"], "play": ["time_walker", "muse", "keeper_of_secrets"]},
        {"hand": ["spike_trap", "armament"], "discard": ["howl", "mobilization"]},
    )
    play(st, "attack", "add time_walker", "add muse", "done", "pass")
    play(st, "play spike_trap")
    assert st.pending == ("recycle", 1)
    play(st, "bury howl")  # the second card is then forced
    walker, keeper = one(st, "time_walker"), one(st, "keeper_of_secrets")
    assert ids(st, st.play[0]) == ["time_walker", "keeper_of_secrets"]
    assert st.damage[walker] == 5 and st.damage[keeper] == 0
    assert ids(st, st.discards[0]) == ["muse"]
    assert len(st.hands[1]) == 2 and ids(st, st.discards[1]) == ["spike_trap"]


# --- Stand Alone --------------------------------------------------------------------------
def test_stand_alone_keeps_one_champion_each() -> None:
    """epic.card.text, epic.keyword.untargetable: P1 chooses one of its champions (an
    untargetable one may be chosen), then P2 one of its own; every other champion breaks."""
    st = pos(
        {"hand": ["stand_alone", "armament"], "play": ["keeper_of_secrets", "crystal_golem"]},
        {"hand": ["armament"], "play": ["muse", "time_walker", "human_token"]},
    )
    play(st, "play stand_alone 2")
    assert st.pending == ("target", 0)
    assert texts(st) == ["target keeper_of_secrets", "target crystal_golem"]
    play(st, "target crystal_golem")
    assert st.pending == ("target", 1)
    assert texts(st) == ["target muse", "target time_walker", "target human_token"]
    play(st, "target time_walker")
    assert ids(st, st.play[0]) == ["crystal_golem"] and ids(st, st.play[1]) == ["time_walker"]
    assert ids(st, st.discards[0]) == ["keeper_of_secrets", "stand_alone"]
    assert ids(st, st.discards[1]) == ["muse"]


def test_stand_alone_draws_two() -> None:
    """epic.card.text, epic.event.modes: the first mode draws two cards."""
    st = pos({"hand": ["stand_alone", "armament"]}, {"hand": ["armament"]})
    play(st, "play stand_alone")
    assert len(st.hands[0]) == 3


# --- Steel Golem --------------------------------------------------------------------------
def test_steel_golem_loyalty_gives_blitz() -> None:
    """epic.keyword.loyalty, epic.keyword.blitz.gained: revealing two Sage cards lets it
    attack the turn it arrives; without them it cannot."""
    for answer, attacks in (("yes", True), ("no", False)):
        st = pos({"hand": ["steel_golem", "lying_in_wait", "transform"]}, {"hand": ["armament"]})
        play(st, "play steel_golem", answer)
        assert ("attack" in texts(st)) is attacks


def test_steel_golem_is_untargetable() -> None:
    """epic.keyword.untargetable, epic.target.partial: Erase finds no target and only draws."""
    st = pos({"hand": ["erase", "armament"], "play": ["steel_golem"]}, {"hand": ["armament"]})
    play(st, "play erase")
    assert ids(st, st.play[0]) == ["steel_golem"] and len(st.hands[0]) == 3


# --- Thought Plucker ----------------------------------------------------------------------
def test_thought_plucker_tribute_opponent_discards_you_draw() -> None:
    """epic.keyword.tribute, epic.card.text: the opponent (the only legal target) discards a
    card of their choice, then you draw."""
    st = pos(
        {"hand": ["thought_plucker", "armament"]},
        {"hand": ["armament", "howl"]},
    )
    play(st, "play thought_plucker")
    assert st.pending == ("discard", 1)
    play(st, "discard howl")
    assert ids(st, st.discards[1]) == ["howl"] and len(st.hands[0]) == 2


def test_thought_plucker_damaging_the_player_plucks_a_card() -> None:
    """epic.card.keywords, epic.card.text: it cannot be blocked; damaging the defending
    player makes them discard a card and you draw one."""
    st = pos(
        {"hand": ["armament"], "play": ["thought_plucker"]},
        {"hand": ["armament", "howl"], "play": ["keeper_of_secrets"]},
    )
    attack_alone(st, "thought_plucker")
    play(st, "pass", "pass")  # no blocker can block: done is forced
    assert st.window == "before_damage" and st.blockers == []
    play(st, "pass", "pass")
    assert st.health[1] == 29 and st.pending == ("discard", 1)
    play(st, "discard howl")
    assert ids(st, st.discards[1]) == ["howl"] and len(st.hands[0]) == 2


# --- Time Bender --------------------------------------------------------------------------
def test_time_bender_banishes_a_cost_zero_champion() -> None:
    """epic.talent.expend, epic.card.cost, epic.banish: only a cost-0 champion is a legal
    target; it goes under its owner's deck."""
    st = pos(
        {"hand": ["armament"], "play": ["time_bender"]},
        {"hand": ["armament"], "play": ["keeper_of_secrets", "time_walker"]},
    )
    play(st, "talent time_bender")  # the keeper is the only cost-0 champion: forced
    assert ids(st, st.play[1]) == ["time_walker"]
    assert ids(st, st.decks[1][:1]) == ["keeper_of_secrets"]


def test_time_bender_returns_a_champion() -> None:
    """epic.talent.expend, epic.card.text: its second talent returns a target champion to its
    owner's hand; both talents need it prepared."""
    st = pos(
        {"hand": ["armament"], "play": ["time_bender"]},
        {"hand": ["armament"], "play": ["keeper_of_secrets", "time_walker"]},
    )
    play(st, "talent time_bender 2", "target time_walker")
    assert ids(st, st.hands[1]) == ["armament", "time_walker"]
    assert not any(t.startswith("talent") for t in texts(st))


def test_time_bender_loyalty_blitz_frees_its_talents() -> None:
    """epic.keyword.loyalty, epic.keyword.blitz.gained, epic.arriving.limits: arriving, it
    cannot expend; with Loyalty's Blitz it can at once."""
    for answer, usable in (("yes", True), ("no", False)):
        st = pos(
            {"hand": ["time_bender", "lying_in_wait", "transform"]},
            {"hand": ["armament"], "play": ["keeper_of_secrets"]},
        )
        play(st, "play time_bender", answer)
        assert ("talent time_bender" in texts(st)) is usable


# --- Time Walker --------------------------------------------------------------------------
def test_time_walker_loyalty_returns_every_other_champion() -> None:
    """epic.keyword.loyalty, epic.token, epic.owner: with Loyalty every other champion goes to
    its owner's hand (a token to the supply); declining keeps them."""
    for answer in ("yes", "no"):
        st = pos(
            {
                "hand": ["time_walker", "lying_in_wait", "transform"],
                "play": ["muse", {"card": "juggernaut", "owner": "P2"}],
            },
            {"hand": ["armament"], "play": ["steel_golem", "wolf_token"]},
        )
        play(st, "play time_walker", answer)
        if answer == "no":
            assert len(st.play[0]) == 3 and len(st.play[1]) == 2
            continue
        assert ids(st, st.play[0]) == ["time_walker"] and st.play[1] == []
        assert sorted(ids(st, st.hands[0])) == ["lying_in_wait", "muse", "transform"]
        assert sorted(ids(st, st.hands[1])) == ["armament", "juggernaut", "steel_golem"]


# --- Transform ----------------------------------------------------------------------------
def test_transform_turns_a_champion_into_a_wolf() -> None:
    """epic.keyword.transform, epic.keyword.transform.new_card: the champion goes under its
    owner's deck and its controller gets a wolf token; the other mode draws two."""
    st = pos({"hand": ["transform", "armament"]}, {"hand": ["armament"], "play": ["time_walker"]})
    play(st, "play transform 2")
    assert ids(st, st.play[1]) == ["wolf_token"] and ids(st, st.decks[1][:1]) == ["time_walker"]
    st = pos({"hand": ["transform", "armament"]}, {"hand": ["armament"]})
    play(st, "play transform")
    assert len(st.hands[0]) == 3


# --- Turn ---------------------------------------------------------------------------------
def test_turn_borrows_a_champion_prepared_with_blitz() -> None:
    """epic.control, epic.control.arriving, epic.keyword.blitz.gained: P1 controls the walker
    this turn, prepared and able to attack; it goes back when the turn ends."""
    st = pos(
        {"hand": ["turn", "armament"]},
        {"hand": ["armament"], "play": [{"card": "time_walker", "position": "expended"}]},
    )
    play(st, "play turn")  # forced target
    walker = one(st, "time_walker")
    assert st.controller[walker] == 0 and st.pos[walker] == PREPARED
    assert "attack" in texts(st)
    play(st, "pass", "pass")
    assert st.controller[walker] == 1 and st.active == 1


def test_turn_second_mode_keeps_the_champion_only_on_your_turn() -> None:
    """epic.control, epic.control.arriving, epic.event.modes: on your turn you keep the
    champion for good (it cannot attack this turn); in the opponent's turn that mode may be
    chosen (R23) and takes nothing, with no target asked."""
    st = pos({"hand": ["turn", "armament"]}, {"hand": ["armament"], "play": ["time_walker"]})
    play(st, "play turn 2")
    walker = one(st, "time_walker")
    assert st.controller[walker] == 0 and "attack" not in texts(st)
    play(st, "pass", "pass")
    assert st.controller[walker] == 0
    other = pos(
        {"hand": ["turn", "armament"]},
        {"hand": ["armament"], "play": ["time_walker"]},
        active="P2",
        window="pass",
        initiative="P1",
    )
    play(other, "play turn 2")
    assert other.controller[one(other, "time_walker")] == 1 and other.pending[0] != "target"


# --- Warrior Golem ------------------------------------------------------------------------
def test_warrior_golem_attacks_at_once_only_with_loyalty() -> None:
    """epic.keyword.loyalty, epic.keyword.blitz.gained, epic.combat.declare.arriving: with two
    Sage cards revealed it may attack the turn it arrives; otherwise it may not."""
    for answer, attacks in (("yes", True), ("no", False)):
        st = pos({"hand": ["warrior_golem", "lying_in_wait", "transform"]}, {"hand": ["armament"]})
        play(st, "play warrior_golem", answer)
        assert ("attack" in texts(st)) is attacks


def test_warrior_golem_recycles_when_broken() -> None:
    """epic.card.text, epic.keyword.recycle, epic.champion.broken_to_discard: broken into its
    owner's pile, it recycles two of that pile's cards and draws."""
    st = pos(
        {
            "hand": ["armament"],
            "play": ["warrior_golem", "forcemage_apprentice"],
            "discard": ["howl", "mobilization"],
        },
        {"hand": ["armament"]},
    )
    play(st, "talent forcemage_apprentice", "target warrior_golem")
    assert texts(st) == ["decline", "bury howl", "bury mobilization", "bury warrior_golem"]
    play(st, "bury howl", "bury mobilization")
    assert ids(st, st.discards[0]) == ["warrior_golem"]
    assert sorted(ids(st, st.decks[0][:2])) == ["howl", "mobilization"]
    assert len(st.hands[0]) == 2


def test_warrior_golem_recycles_when_discarded_from_hand() -> None:
    """epic.card.text, epic.keyword.recycle: discarded from the hand (to Thought Plucker) it
    recycles for its owner too."""
    st = pos(
        {"hand": ["thought_plucker", "armament"]},
        {"hand": ["armament", "warrior_golem"], "discard": ["howl", "erase"]},
    )
    play(st, "play thought_plucker", "discard warrior_golem")
    assert st.pending == ("recycle", 1)
    play(st, "bury howl", "bury erase")
    assert ids(st, st.discards[1]) == ["warrior_golem"]
    assert len(st.hands[1]) == 2 and len(st.decks[1]) == 7


# --- Wave of Transformation ---------------------------------------------------------------
def test_wave_of_transformation_turns_every_champion_into_a_wolf() -> None:
    """epic.keyword.transform, epic.keyword.transform.many, epic.keyword.untargetable.mass:
    every champion of both players, untargetable ones and tokens too, becomes a wolf under
    its controller; the cards go under their owners' decks."""
    st = pos(
        {"hand": ["wave_of_transformation", "armament"], "play": ["crystal_golem"]},
        {"hand": ["armament"], "play": ["time_walker", "human_token"]},
    )
    play(st, "play wave_of_transformation 2")
    assert ids(st, st.play[0]) == ["wolf_token"]
    assert ids(st, st.play[1]) == ["wolf_token", "wolf_token"]
    assert ids(st, st.decks[0][:1]) == ["crystal_golem"]
    assert ids(st, st.decks[1][:1]) == ["time_walker"] and len(st.decks[1]) == 7


def test_wave_of_transformation_draws_two() -> None:
    """epic.card.text, epic.event.modes: the first mode draws two cards."""
    st = pos({"hand": ["wave_of_transformation", "armament"]}, {"hand": ["armament"]})
    play(st, "play wave_of_transformation")
    assert len(st.hands[0]) == 3


# --- Winter Fairy -------------------------------------------------------------------------
def test_winter_fairy_draws_on_entering_and_when_broken() -> None:
    """epic.keyword.tribute, epic.card.text: it draws a card when it enters play, and another
    when it is broken."""
    st = pos({"hand": ["winter_fairy", "armament"]}, {"hand": ["armament"]})
    play(st, "play winter_fairy")
    assert len(st.hands[0]) == 2
    st = pos(
        {
            "hand": ["armament"],
            "play": [{"card": "winter_fairy", "damage": 1}, "forcemage_apprentice"],
        },
        {"hand": ["armament"]},
    )
    play(st, "talent forcemage_apprentice", "target winter_fairy")
    assert ids(st, st.discards[0]) == ["winter_fairy"] and len(st.hands[0]) == 2


def test_winter_fairy_draws_when_it_damages_the_opponent() -> None:
    """epic.card.text, epic.combat.damage.unblocked: unblocked, its damage to the opponent
    draws a card; blocked (by a flyer), it damages no player and draws nothing."""
    for blocked in (False, True):
        st = pos(
            {"hand": ["armament"], "play": ["winter_fairy"]},
            {"hand": ["armament"], "play": ["muse"]},
        )
        attack_alone(st, "winter_fairy")
        play(st, "pass", "pass")
        play(st, "add muse" if blocked else "done")  # adding the only blocker ends blocks
        play(st, "pass", "pass")
        assert st.health[1] == (30 if blocked else 26)
        assert len(st.hands[0]) == (1 if blocked else 2)


def test_winter_fairy_and_or_draws_once() -> None:
    """epic.card.text, epic.keyword.tribute (R20's reading of "and/or"): when the fairy
    damages the opponent and is broken by the same combat damage, its "damages an opponent
    and/or is broken" ability applies once: one card, not two."""
    st = pos(
        {"hand": ["armament"], "play": [{"card": "winter_fairy", "keywords": ["breakthrough"]}]},
        {"hand": ["armament"], "play": [{"card": "muse", "offense": 1}]},
    )
    attack_alone(st, "winter_fairy")
    play(st, "pass", "pass", "add muse")  # the only blocker: done is forced
    play(st, "pass", "pass")
    play(st, "to muse 2", "player 2")  # lethal to the muse, the rest breaks through
    assert st.health[1] == 28 and ids(st, st.discards[0]) == ["winter_fairy"]
    while st.pending[0] == "order":
        play(st, texts(st)[0])
    assert len(st.hands[0]) == 2  # armament + one card
