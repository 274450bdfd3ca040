"""The 2015 base set's Evil cards (data/base_evil.toml), one scenario per card at least.

Every position starts in P1's main phase (turn 3); both players keep a spare Armament
(Good, cost 0) so that a decision is always left to make. Rule ids in each docstring.
"""

from __future__ import annotations

from typing import Any, cast

from cardtable.core import get_game
from cardtable.games.epic.cards import KW_BIT
from cardtable.games.epic.effects import defense as defense_of
from cardtable.games.epic.effects import has_faction, keywords, offense
from cardtable.games.epic.game import EpicGame
from cardtable.games.epic.state import EXPENDED, EpicState
from tests.games.epic.helpers import play, position, texts

GAME = cast(EpicGame, get_game("epic"))
SPARE = "armament"


def pos(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> EpicState:
    """A position with the default database; each hand gets a spare Armament."""
    p1 = {**p1, "hand": [*p1.get("hand", []), SPARE]}
    p2 = {**p2, "hand": [*p2.get("hand", []), SPARE]}
    return position([], p1, p2, **top)


def their_reply(p1: dict[str, Any], p2: dict[str, Any]) -> EpicState:
    """P1's turn, P1 has passed: P2 holds initiative and may play."""
    return pos(p1, p2, window="pass", initiative="P2")


def their_turn(p1: dict[str, Any], p2: dict[str, Any]) -> EpicState:
    """P2's own main phase."""
    return pos(p1, p2, active="P2", initiative="P2")


def names(st: EpicState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def in_play(st: EpicState, seat: int) -> list[str]:
    return names(st, st.play[seat])


def pile(st: EpicState, seat: int) -> list[str]:
    return names(st, st.discards[seat])


def hand(st: EpicState, seat: int) -> list[str]:
    return names(st, st.hands[seat])


def inst(st: EpicState, seat: int, ident: str) -> int:
    """The first champion ``ident`` in ``seat``'s play area."""
    return int(next(i for i in st.play[seat] if st.card_ids[i] == ident))


def stats(st: EpicState, i: int) -> tuple[int, int]:
    db = GAME.dbs(st)
    return offense(db, st, i), defense_of(db, st, i)


def has_kw(st: EpicState, i: int, word: str) -> bool:
    return bool(keywords(GAME.dbs(st), st, i) & KW_BIT[word])


def bottom(st: EpicState, seat: int) -> str:
    """The card at the bottom of a deck (where banished cards go)."""
    return str(st.card_ids[st.decks[seat][0]])


def pass_to_end(st: EpicState) -> None:
    """P1 passes in its main phase, P2 passes back: P1's turn ends, P2's begins."""
    play(st, "pass", "pass")


# --- Angel of Death -----------------------------------------------------------------------
def test_angel_of_death_loyalty_breaks_every_other_champion() -> None:
    """epic.card.text, epic.keyword.loyalty, epic.keyword.airborne: revealing two Evil
    cards breaks every other champion on both sides (tokens to the supply, cards to their
    owners' piles); the Angel stays and flies; a Dark Knight survives on its own turn."""
    st = pos(
        {"hand": ["angel_of_death", "medusa", "wither"], "play": ["zombie_token", "dark_knight"]},
        {"play": ["human_token", "bounty_hunter"]},
    )
    play(st, "play angel_of_death")
    assert texts(st) == ["yes", "no"]
    play(st, "yes")
    assert in_play(st, 0) == ["dark_knight", "angel_of_death"]
    assert in_play(st, 1) == []
    assert pile(st, 1) == ["bounty_hunter"]
    assert has_kw(st, inst(st, 0, "angel_of_death"), "airborne")


def test_angel_of_death_declined_or_without_loyalty_breaks_nothing() -> None:
    """epic.keyword.loyalty: declining the reveal, or lacking two Evil cards, breaks nothing."""
    st = pos({"hand": ["angel_of_death", "medusa", "wither"]}, {"play": ["bounty_hunter"]})
    play(st, "play angel_of_death", "no")
    assert in_play(st, 1) == ["bounty_hunter"]
    st = pos({"hand": ["angel_of_death", "medusa"]}, {"play": ["bounty_hunter"]})
    play(st, "play angel_of_death")
    assert st.pending[0] == "act" and in_play(st, 1) == ["bounty_hunter"]


# --- Apocalypse ---------------------------------------------------------------------------
def test_apocalypse_draws_two_or_breaks_all_on_your_turn() -> None:
    """epic.card.text, epic.event.modes: mode 1 draws two; mode 2 on your own turn breaks
    every champion, your own included."""
    st = pos({"hand": ["apocalypse"]}, {})
    play(st, "play apocalypse")
    assert len(st.hands[0]) == 3  # the spare + two drawn
    st = pos(
        {"hand": ["apocalypse"], "play": ["medusa"]}, {"play": ["bounty_hunter", "wolf_token"]}
    )
    play(st, "play apocalypse 2")
    assert in_play(st, 0) == [] and in_play(st, 1) == []
    assert pile(st, 0) == ["medusa", "apocalypse"] and pile(st, 1) == ["bounty_hunter"]


def test_apocalypse_break_mode_does_nothing_on_the_opponents_turn() -> None:
    """epic.event.modes (R23): the break mode may be chosen in the opponent's turn; its
    condition fails and nothing breaks, but the card is played (to the discard pile)."""
    st = their_reply({"play": ["medusa"]}, {"hand": ["apocalypse"]})
    play(st, "play apocalypse 2")
    assert in_play(st, 0) == ["medusa"]
    assert "apocalypse" in [st.card_ids[c] for c in st.discards[1]]


# --- Army of the Apocalypse ---------------------------------------------------------------
def test_army_of_the_apocalypse_returns_every_pile_champion_silently() -> None:
    """epic.card.text: on your turn each player's champion cards come back from their own
    pile into play under them; events stay; no Loyalty or Tribute fires (the Angel's
    Loyalty is not offered though two Evil cards are in hand, Succubus draws nothing)."""
    st = pos(
        {
            "hand": ["army_of_the_apocalypse", "medusa", "wither"],
            "discard": ["angel_of_death", "drain_essence", "succubus"],
        },
        {"discard": ["bounty_hunter", "purification"]},
    )
    before = len(st.hands[0])
    play(st, "play army_of_the_apocalypse 2")
    assert st.pending == ("act", 0)
    assert in_play(st, 0) == ["angel_of_death", "succubus"]
    assert in_play(st, 1) == ["bounty_hunter"]
    assert pile(st, 0) == ["drain_essence", "army_of_the_apocalypse"]
    assert pile(st, 1) == ["purification"]
    assert len(st.hands[0]) == before - 1
    assert all(st.arriving[i] for i in st.play[0])


def test_army_of_the_apocalypse_draw_mode_and_turn_limit() -> None:
    """epic.event.modes (R23): mode 1 draws two; in the opponent's turn mode 2 may be
    chosen and returns nobody."""
    st = pos({"hand": ["army_of_the_apocalypse"]}, {})
    play(st, "play army_of_the_apocalypse")
    assert len(st.hands[0]) == 3
    st = their_reply({}, {"hand": ["army_of_the_apocalypse"], "discard": ["medusa"]})
    play(st, "play army_of_the_apocalypse 2")
    assert in_play(st, 1) == [] and "medusa" in [st.card_ids[c] for c in st.discards[1]]


# --- Bitten -------------------------------------------------------------------------------
def test_bitten_breaks_and_the_turn_player_gets_the_zombie() -> None:
    """epic.card.text: target champion is broken; the active player (here the
    caster) gets a zombie token."""
    st = pos({"hand": ["bitten"]}, {"play": ["bounty_hunter", "trihorror"]})
    play(st, "play bitten 2", "target bounty_hunter")
    assert in_play(st, 1) == ["trihorror"]
    assert in_play(st, 0) == ["zombie_token"]


def test_bitten_in_the_opponents_turn_feeds_the_turn_player() -> None:
    """epic.card.text: played in the opponent's turn, the zombie goes to the player whose
    turn it is, not to the caster."""
    st = their_reply({"play": ["medusa"]}, {"hand": ["bitten"]})
    play(st, "play bitten 2")  # Medusa is the only champion: a forced target
    assert in_play(st, 0) == ["zombie_token"]
    assert in_play(st, 1) == []
    st = pos({"hand": ["bitten"]}, {})
    play(st, "play bitten")
    assert len(st.hands[0]) == 3


# --- Corpse Taker -------------------------------------------------------------------------
def test_corpse_taker_tribute_returns_a_cost_one_champion_card() -> None:
    """epic.card.text, epic.keyword.tribute, epic.ability.may: yes returns a cost-1
    champion card of your pile to hand (the cost-0 champion and the event are not offered,
    so the choice is forced); no leaves the pile as it was."""
    pile1 = ["trihorror", "thrasher_demon", "drain_essence"]
    st = pos({"hand": ["corpse_taker"], "discard": pile1}, {"discard": ["medusa"]})
    play(st, "play corpse_taker")
    assert texts(st) == ["yes", "no"]
    play(st, "yes")
    assert "trihorror" in hand(st, 0)
    assert pile(st, 0) == ["thrasher_demon", "drain_essence"]
    st = pos({"hand": ["corpse_taker"], "discard": pile1}, {})
    play(st, "play corpse_taker", "no")
    assert pile(st, 0) == pile1


def test_corpse_taker_talent_banishes_a_card_from_any_pile() -> None:
    """epic.card.text, epic.talent.expend, epic.banish: expend to put a card of either
    discard pile under its owner's deck."""
    st = pos(
        {"play": ["corpse_taker"], "discard": ["wither"]},
        {"discard": ["medusa", "purification"]},
    )
    play(st, "talent corpse_taker")
    assert sorted(texts(st)) == [
        "target medusa@P2.discard",
        "target purification@P2.discard",
        "target wither@P1.discard",
    ]
    play(st, "target medusa@P2.discard")
    assert pile(st, 1) == ["purification"] and bottom(st, 1) == "medusa"
    assert st.pos[inst(st, 0, "corpse_taker")] == EXPENDED


# --- Dark Assassin ------------------------------------------------------------------------
def test_dark_assassin_loyalty_gives_blitz() -> None:
    """epic.card.text, epic.keyword.loyalty, epic.keyword.blitz.gained: with the reveal it
    may attack and use its talent the turn it arrives; without, it may do neither."""
    st = pos({"hand": ["dark_assassin", "medusa", "wither"]}, {"play": ["bounty_hunter"]})
    play(st, "play dark_assassin", "yes")
    assert "attack" in texts(st) and "talent dark_assassin" in texts(st)
    st = pos({"hand": ["dark_assassin", "medusa", "wither"]}, {"play": ["bounty_hunter"]})
    play(st, "play dark_assassin", "no")
    assert "attack" not in texts(st) and "talent dark_assassin" not in texts(st)


def test_dark_assassin_talent_breaks_target_champion() -> None:
    """epic.card.text, epic.talent.expend: expend: break target champion."""
    st = pos({"play": ["dark_assassin"]}, {"play": ["trihorror", "bounty_hunter"]})
    play(st, "talent dark_assassin", "target bounty_hunter")
    assert in_play(st, 1) == ["trihorror"] and pile(st, 1) == ["bounty_hunter"]


# --- Dark Knight --------------------------------------------------------------------------
def test_dark_knight_unbreakable_only_on_its_controllers_turn() -> None:
    """epic.card.text, epic.keyword.unbreakable, epic.ability.static: on P1's turn nine
    damage and a break effect leave it in play; on P2's turn a break effect breaks it."""
    st = pos({"hand": ["drain_essence"], "play": ["dark_knight"]}, {"hand": ["bitten"]})
    play(st, "play drain_essence")  # the only champion: forced
    assert in_play(st, 0) == ["dark_knight"] and st.damage[inst(st, 0, "dark_knight")] == 9
    play(st, "pass", "play bitten 2")  # P2 answers in P1's turn
    assert "dark_knight" in in_play(st, 0)
    st = their_turn({"play": ["dark_knight"]}, {"hand": ["bitten"]})
    play(st, "play bitten 2")
    assert "dark_knight" not in in_play(st, 0) and pile(st, 0) == ["dark_knight"]


def test_dark_knight_ambush_and_blitz() -> None:
    """epic.keyword.ambush, epic.keyword.blitz: playable in the opponent's turn, and able
    to attack the turn it is played."""
    st = their_reply({}, {"hand": ["dark_knight"]})
    assert "play dark_knight" in texts(st)
    st = pos({"hand": ["dark_knight"]}, {})
    play(st, "play dark_knight")
    assert "attack" in texts(st)


# --- Dark Leader --------------------------------------------------------------------------
def test_dark_leader_makes_other_humans_stronger_and_evil() -> None:
    """epic.card.text, epic.ability.static: your other humans get +1 offense and are also
    Evil (The Risen then pumps a human token); the Leader itself and the opponent's humans
    are unchanged."""
    st = pos(
        {"hand": ["the_risen"], "play": ["dark_leader", "human_token", "corpse_taker"]},
        {"play": ["human_token"]},
    )
    db = GAME.dbs(st)
    mine = st.play[0][1]
    theirs = st.play[1][0]
    assert stats(st, mine) == (2, 1) and stats(st, st.play[0][2]) == (2, 1)
    assert stats(st, st.play[0][0]) == (4, 4)
    assert has_faction(db, st, mine, "evil") and has_faction(db, st, mine, "good")
    assert stats(st, theirs) == (1, 1) and not has_faction(db, st, theirs, "evil")
    play(st, "play the_risen")
    assert stats(st, mine) == (3, 2)  # 1 + 1 (Leader) + 1 (The Risen), 1 + 1
    assert stats(st, theirs) == (1, 1)


def test_dark_leader_talent_makes_a_human_token() -> None:
    """epic.card.text, epic.talent.expend, epic.keyword.ambush: expend for a human token,
    which gets the Leader's bonus; the Leader may come in on the opponent's turn."""
    st = pos({"play": ["dark_leader"]}, {})
    play(st, "talent dark_leader")
    assert in_play(st, 0) == ["dark_leader", "human_token"]
    assert stats(st, st.play[0][1]) == (2, 1)
    st = their_reply({}, {"hand": ["dark_leader"]})
    assert "play dark_leader" in texts(st)


# --- Demon Breach -------------------------------------------------------------------------
def test_demon_breach_three_on_your_turn_two_otherwise() -> None:
    """epic.card.text: three demon tokens on your turn, two in the opponent's turn."""
    st = pos({"hand": ["demon_breach"]}, {})
    play(st, "play demon_breach")
    assert in_play(st, 0) == ["demon_token"] * 3
    st = their_reply({}, {"hand": ["demon_breach"]})
    play(st, "play demon_breach")
    assert in_play(st, 1) == ["demon_token"] * 2 and in_play(st, 0) == []


def test_demon_breach_recall_costs_gold_and_a_health() -> None:
    """epic.keyword.recall.base_set, epic.discard_text: for 1 gold the card goes from the
    pile back to hand, and recalling it costs its owner 1 health; without gold no recall."""
    st = pos({"discard": ["demon_breach"], "health": 20}, {})
    play(st, "recall demon_breach")
    assert "demon_breach" in hand(st, 0) and pile(st, 0) == []
    assert st.health[0] == 19 and st.gold[0] == 0
    st = pos({"discard": ["demon_breach"], "gold": 0}, {})
    assert "recall demon_breach" not in texts(st)


# --- Drain Essence ------------------------------------------------------------------------
def test_drain_essence_nine_damage_and_nine_health() -> None:
    """epic.card.text: 9 damage breaks an 8-defense Medusa but not a 12-defense Trihorror;
    either way its caster gains 9."""
    st = pos({"hand": ["drain_essence"], "health": 10}, {"play": ["medusa", "trihorror"]})
    play(st, "play drain_essence", "target medusa")
    assert in_play(st, 1) == ["trihorror"] and st.health[0] == 19
    st = pos({"hand": ["drain_essence"], "health": 10}, {"play": ["trihorror"]})
    play(st, "play drain_essence")
    assert st.damage[st.play[1][0]] == 9 and in_play(st, 1) == ["trihorror"]
    assert st.health[0] == 19


# --- Drinker of Blood ---------------------------------------------------------------------
def test_drinker_of_blood_drains_when_another_champion_breaks() -> None:
    """epic.card.text, epic.ability.triggered: another champion broken (a token counts):
    its controller gains 2 and the opponent loses 2, once per champion."""
    st = pos(
        {"hand": ["bitten"], "play": ["drinker_of_blood"], "health": 20},
        {"play": ["bounty_hunter", "human_token"]},
    )
    play(st, "play bitten 2", "target bounty_hunter")
    assert (st.health[0], st.health[1]) == (22, 28)
    st = pos({"hand": ["apocalypse"], "play": ["drinker_of_blood"]}, {"play": ["human_token"] * 2})
    play(st, "play apocalypse 2")  # the Drinker is unbreakable on its own turn
    assert in_play(st, 0) == ["drinker_of_blood"]
    assert (st.health[0], st.health[1]) == (34, 26)


def test_drinker_of_blood_unbreakable_on_its_turn_and_not_its_own_trigger() -> None:
    """epic.keyword.unbreakable, epic.ability.static: on P1's turn P2's Bitten does not
    break it; on P2's turn it breaks, and its own breaking drains nobody."""
    st = pos({"play": ["drinker_of_blood"]}, {"hand": ["bitten"]}, window="pass", initiative="P2")
    play(st, "play bitten 2")
    assert in_play(st, 0) == ["drinker_of_blood", "zombie_token"]  # P1's turn: P1's zombie
    st = their_turn({"play": ["drinker_of_blood"]}, {"hand": ["bitten"]})
    play(st, "play bitten 2")
    assert in_play(st, 0) == [] and (st.health[0], st.health[1]) == (30, 30)


# --- Final Task ---------------------------------------------------------------------------
def test_final_task_borrows_a_champion_from_any_pile_for_the_turn() -> None:
    """epic.card.text, epic.keyword.blitz.gained: a champion card of the opponent's pile
    enters play under P1, may attack at once (Blitz), and is broken at the end of the
    turn, going back to its owner's pile."""
    st = pos({"hand": ["final_task"]}, {"discard": ["medusa", "purification"]})
    play(st, "play final_task 2")  # the only champion card in the piles: forced
    medusa = inst(st, 0, "medusa")
    assert st.owner[medusa] == 1 and has_kw(st, medusa, "blitz")
    assert "attack" in texts(st)
    pass_to_end(st)
    assert "medusa" not in in_play(st, 0)
    assert pile(st, 1) == ["purification", "medusa"]


def test_final_task_draw_mode_and_a_choice_of_piles() -> None:
    """epic.card.text: mode 1 draws two; mode 2 offers champion cards of both piles only."""
    st = pos({"hand": ["final_task"]}, {})
    play(st, "play final_task")
    assert len(st.hands[0]) == 3
    st = pos({"hand": ["final_task"], "discard": ["trihorror", "wither"]}, {"discard": ["medusa"]})
    play(st, "play final_task 2")
    assert sorted(texts(st)) == ["target medusa@P2.discard", "target trihorror@P1.discard"]


# --- Guilt Demon --------------------------------------------------------------------------
def test_guilt_demon_tribute_may_banish_a_pile_card() -> None:
    """epic.card.text, epic.keyword.tribute, epic.ability.may, epic.keyword.ambush: played in
    the opponent's turn (Ambush), it may banish a card of any discard pile."""
    st = their_reply({"discard": ["trihorror"]}, {"hand": ["guilt_demon"]})
    play(st, "play guilt_demon", "yes")
    assert pile(st, 0) == [] and bottom(st, 0) == "trihorror"
    st = pos({"hand": ["guilt_demon"], "discard": ["trihorror"]}, {})
    play(st, "play guilt_demon", "no")
    assert pile(st, 0) == ["trihorror"]


def test_guilt_demon_banishes_again_when_it_attacks() -> None:
    """epic.card.text, epic.combat.declare, epic.keyword.blitz: it attacks the turn it
    arrives, and attacking lets it banish another card."""
    st = pos({"hand": ["guilt_demon"]}, {"discard": ["medusa", "trihorror"]})
    play(st, "play guilt_demon", "no", "attack")
    assert texts(st) == ["yes", "no"]
    play(st, "yes", "target trihorror@P2.discard")
    assert pile(st, 1) == ["medusa"] and bottom(st, 1) == "trihorror"


# --- Infernal Gatekeeper ------------------------------------------------------------------
def test_infernal_gatekeeper_tribute_pay_a_health_for_a_demon() -> None:
    """epic.card.text, epic.keyword.tribute, epic.ability.may, epic.keyword.ally: playing it
    asks once (Tribute and the ally condition are one trigger, R20): yes costs 1 health
    for a demon token, no does nothing."""
    st = pos({"hand": ["infernal_gatekeeper"], "health": 20}, {})
    play(st, "play infernal_gatekeeper", "yes")
    assert st.health[0] == 19 and in_play(st, 0) == ["infernal_gatekeeper", "demon_token"]
    assert st.pending == ("act", 0)
    st = pos({"hand": ["infernal_gatekeeper"], "health": 20}, {})
    play(st, "play infernal_gatekeeper", "no")
    assert st.health[0] == 20 and in_play(st, 0) == ["infernal_gatekeeper"]


def test_infernal_gatekeeper_ally_on_cost_one_evil_cards_only() -> None:
    """epic.keyword.ally, epic.keyword.ally.free_cards: a cost-1 Evil card fires it again;
    a cost-0 Evil card does not."""
    st = pos(
        {"hand": ["apocalypse", "wither"], "play": ["infernal_gatekeeper"]},
        {"play": ["wolf_token"]},
    )
    play(st, "play wither", "target wolf_token")
    assert st.pending == ("act", 0)
    play(st, "play apocalypse")
    assert texts(st) == ["yes", "no"]
    play(st, "yes")
    assert in_play(st, 0) == ["infernal_gatekeeper", "demon_token"] and st.health[0] == 29


# --- Inner Demon --------------------------------------------------------------------------
def test_inner_demon_breaks_and_the_turn_player_gets_the_demon() -> None:
    """epic.card.text: target champion is broken; the active player gets a demon
    token, even when the card was played by the other player."""
    st = pos({"hand": ["inner_demon"]}, {"play": ["bounty_hunter"]})
    play(st, "play inner_demon 2")
    assert in_play(st, 1) == [] and in_play(st, 0) == ["demon_token"]
    st = their_reply({"play": ["medusa"]}, {"hand": ["inner_demon"]})
    play(st, "play inner_demon 2")
    assert in_play(st, 0) == ["demon_token"] and in_play(st, 1) == []
    st = pos({"hand": ["inner_demon"]}, {})
    play(st, "play inner_demon")
    assert len(st.hands[0]) == 3


# --- Medusa -------------------------------------------------------------------------------
def test_medusa_loyalty_breaks_target_champion() -> None:
    """epic.card.text, epic.keyword.loyalty: revealing two Evil cards breaks a chosen
    champion; declining breaks nothing."""
    st = pos({"hand": ["medusa", "wither", "bitten"]}, {"play": ["trihorror", "bounty_hunter"]})
    play(st, "play medusa", "yes", "target bounty_hunter")
    assert in_play(st, 1) == ["trihorror"] and pile(st, 1) == ["bounty_hunter"]
    st = pos({"hand": ["medusa", "wither", "bitten"]}, {"play": ["trihorror"]})
    play(st, "play medusa", "no")
    assert in_play(st, 1) == ["trihorror"]


def test_medusa_ambush() -> None:
    """epic.keyword.ambush: Medusa may be played in the opponent's turn."""
    st = their_reply({}, {"hand": ["medusa"]})
    play(st, "play medusa")
    assert in_play(st, 1) == ["medusa"]


# --- Murderous Necromancer ----------------------------------------------------------------
def test_murderous_necromancer_loyalty_three_zombies() -> None:
    """epic.card.text, epic.keyword.loyalty: the reveal brings three zombie tokens."""
    st = pos({"hand": ["murderous_necromancer", "wither", "bitten"]}, {})
    play(st, "play murderous_necromancer", "yes")
    assert in_play(st, 0) == ["murderous_necromancer"] + ["zombie_token"] * 3


def test_murderous_necromancer_talent_breaks_then_raises_a_zombie() -> None:
    """epic.card.text, epic.talent.expend: expend: break target champion, then a zombie
    token comes into play under the Necromancer's controller."""
    st = pos({"play": ["murderous_necromancer"]}, {"play": ["trihorror", "bounty_hunter"]})
    play(st, "talent murderous_necromancer", "target bounty_hunter")
    assert in_play(st, 1) == ["trihorror"]
    assert in_play(st, 0) == ["murderous_necromancer", "zombie_token"]


# --- Necromancer Lord ---------------------------------------------------------------------
def test_necromancer_lord_talent_takes_a_champion_from_any_pile() -> None:
    """epic.card.text, epic.talent.expend, epic.control: expend: a champion card of any
    discard pile enters play under P1 (events are not offered)."""
    st = pos(
        {"play": ["necromancer_lord"], "discard": ["wither"]},
        {"discard": ["bounty_hunter", "purification"]},
    )
    play(st, "talent necromancer_lord")  # only one champion card in the piles: forced
    hunter = inst(st, 0, "bounty_hunter")
    assert st.owner[hunter] == 1 and pile(st, 1) == ["purification"]
    assert st.arriving[hunter]


def test_necromancer_lord_loyalty_blitz_lets_it_use_the_talent_at_once() -> None:
    """epic.keyword.loyalty, epic.arriving.limits: with the reveal it gains Blitz and may
    expend the turn it arrives; without, it may not."""
    st = pos({"hand": ["necromancer_lord", "wither", "bitten"]}, {"discard": ["trihorror"]})
    play(st, "play necromancer_lord", "yes")
    assert "talent necromancer_lord" in texts(st)
    play(st, "talent necromancer_lord")
    assert "trihorror" in in_play(st, 0)
    st = pos({"hand": ["necromancer_lord", "wither", "bitten"]}, {"discard": ["trihorror"]})
    play(st, "play necromancer_lord", "no")
    assert "talent necromancer_lord" not in texts(st)


# --- Plague -------------------------------------------------------------------------------
def test_plague_pings_a_player_and_their_champions_then_draws_and_recycles() -> None:
    """epic.card.text, epic.keyword.recycle: 1 damage to P2 and each of P2's champions
    (the human token breaks, P1's own token is spared); draw a card; Recycle puts two pile
    cards under the deck and draws one more."""
    st = pos(
        {"hand": ["plague"], "play": ["human_token"], "discard": ["wither", "bitten"]},
        {"play": ["human_token", "medusa"]},
    )
    play(st, "play plague", "target p2")
    assert st.pending == ("recycle", 0)
    play(st, "bury wither")  # then Bitten is the only one left: forced
    assert st.health[1] == 29 and st.health[0] == 30
    assert in_play(st, 1) == ["medusa"] and st.damage[st.play[1][0]] == 1
    assert in_play(st, 0) == ["human_token"]
    assert len(st.hands[0]) == 3  # the spare, the draw, the recycle draw
    assert names(st, st.decks[0][:2]) == ["wither", "bitten"]  # first chosen lowest
    assert pile(st, 0) == ["plague"]


def test_plague_break_mode_only_on_your_turn() -> None:
    """epic.event.modes (R23): mode 2 breaks every champion on your turn; chosen in the
    opponent's turn it breaks nothing."""
    st = pos({"hand": ["plague"], "play": ["medusa"]}, {"play": ["trihorror"]})
    play(st, "play plague 2")
    assert in_play(st, 0) == [] and in_play(st, 1) == ["demon_token"] * 3
    st = their_reply({"play": ["medusa"]}, {"hand": ["plague"]})
    play(st, "play plague 2")
    assert in_play(st, 0) == ["medusa"]


# --- Plentiful Dead -----------------------------------------------------------------------
def test_plentiful_dead_zombie_token() -> None:
    """epic.card.text, epic.keyword.ally.free_cards: a zombie token; being cost 0, it fires
    no Evil ally ability (the Gatekeeper asks nothing)."""
    st = pos({"hand": ["plentiful_dead"], "play": ["infernal_gatekeeper"]}, {})
    play(st, "play plentiful_dead")
    assert in_play(st, 0) == ["infernal_gatekeeper", "zombie_token"]
    assert st.pending == ("act", 0)


def test_plentiful_dead_pays_a_health_to_return_from_the_pile() -> None:
    """epic.discard_text, epic.keyword.ally, epic.ability.may: from the pile, a cost-1
    Evil card played lets its owner pay 1 health to take it back to hand; no keeps it."""
    for answer, health, where in (("yes", 29, "hand"), ("no", 30, "pile")):
        st = pos({"hand": ["apocalypse"], "discard": ["plentiful_dead"]}, {})
        play(st, "play apocalypse")
        assert texts(st) == ["yes", "no"]
        play(st, answer)
        assert st.health[0] == health
        assert ("plentiful_dead" in hand(st, 0)) == (where == "hand")
        assert ("plentiful_dead" in pile(st, 0)) == (where == "pile")


def test_plentiful_dead_ignores_cost_zero_and_other_factions() -> None:
    """epic.keyword.ally.free_cards: a cost-0 Evil card or a cost-1 Good card does not
    wake it."""
    st = pos({"hand": ["word_of_summoning", "purification"], "discard": ["plentiful_dead"]}, {})
    play(st, "play word_of_summoning")
    assert st.pending == ("act", 0)
    play(st, "play purification")
    assert st.pending == ("act", 0) and "plentiful_dead" in pile(st, 0)


# --- Soul Hunter --------------------------------------------------------------------------
def test_soul_hunter_broken_deals_five_to_a_target_player() -> None:
    """epic.card.text, epic.ability.triggered: when it is broken its controller deals 5
    damage to a chosen player."""
    st = their_turn({"play": ["soul_hunter"]}, {"hand": ["bitten"]})
    play(st, "play bitten 2")
    assert st.pending == ("target", 0)
    assert sorted(texts(st)) == ["target p1", "target p2"]
    play(st, "target p2")
    assert st.health[1] == 25 and pile(st, 0) == ["soul_hunter"]


def test_soul_hunter_returns_from_the_pile_at_the_start_of_its_owners_turn() -> None:
    """epic.discard_text, epic.turn.start.triggers: in its owner's pile at the start of
    their turn it comes back into play (arriving); not at the start of the other turn."""
    st = their_turn({"discard": ["soul_hunter"]}, {"discard": ["soul_hunter"]})
    play(st, "pass", "pass")  # P2 ends its turn; P1's turn starts
    assert st.active == 0
    assert in_play(st, 0) == ["soul_hunter"] and pile(st, 0) == []
    assert st.arriving[st.play[0][0]]
    assert in_play(st, 1) == [] and pile(st, 1) == ["soul_hunter"]


# --- Succubus -----------------------------------------------------------------------------
def test_succubus_tribute_draw_and_loyalty_blitz() -> None:
    """epic.card.text, epic.keyword.tribute, epic.keyword.loyalty, epic.keyword.airborne:
    it draws a card on entering; the reveal gives it Blitz (attack at once)."""
    st = pos({"hand": ["succubus", "wither", "bitten"]}, {})
    play(st, "play succubus")
    assert texts(st) == ["first succubus", "first succubus 2"]  # P1 orders its two triggers
    play(st, "first succubus")
    assert len(st.hands[0]) == 4  # wither, bitten, spare, drawn
    play(st, "yes")
    assert "attack" in texts(st) and has_kw(st, st.play[0][0], "airborne")


def test_succubus_talent_banishes_only_good_champions() -> None:
    """epic.card.text, epic.talent.expend, epic.banish: only Good champions are offered;
    the banished card goes under its owner's deck."""
    st = pos({"play": ["succubus"]}, {"play": ["medusa", "bounty_hunter", "demon_token"]})
    play(st, "talent succubus")  # Bounty Hunter is the only Good champion: forced
    assert in_play(st, 1) == ["medusa", "demon_token"] and bottom(st, 1) == "bounty_hunter"


# --- The Risen ----------------------------------------------------------------------------
def test_the_risen_three_zombies_and_an_evil_rally() -> None:
    """epic.card.text, epic.keyword.blitz.gained: three zombie tokens; every Evil champion
    P1 controls (the new zombies too) gets Blitz and +1/+1 this turn; P1's Good and P2's
    Evil champions do not; it wears off at the end of the turn."""
    st = pos({"hand": ["the_risen"], "play": ["medusa", "human_token"]}, {"play": ["demon_token"]})
    play(st, "play the_risen")
    assert in_play(st, 0) == ["medusa", "human_token"] + ["zombie_token"] * 3
    zombie = st.play[0][2]
    assert stats(st, zombie) == (3, 3) and has_kw(st, zombie, "blitz")
    assert stats(st, st.play[0][0]) == (7, 9)
    assert stats(st, st.play[0][1]) == (1, 1)
    assert stats(st, st.play[1][0]) == (4, 4)
    assert "attack" in texts(st)
    pass_to_end(st)
    assert stats(st, zombie) == (2, 2) and not has_kw(st, zombie, "blitz")


# --- Thrasher Demon -----------------------------------------------------------------------
def test_thrasher_demon_grows_when_attacking() -> None:
    """epic.card.text, epic.keyword.blitz: it attacks the turn it arrives and gets two
    +1/+1 counters, so it deals 3; the counters stay."""
    st = pos({"hand": ["thrasher_demon"]}, {})
    play(st, "play thrasher_demon", "attack")
    thrasher = st.play[0][0]
    assert st.counters[thrasher] == 2 and stats(st, thrasher) == (3, 3)
    play(st, "pass", "pass", "pass", "pass")
    assert st.health[1] == 27
    pass_to_end(st)
    assert stats(st, thrasher) == (3, 3)


def test_thrasher_demon_breaks_any_champion_it_damages() -> None:
    """epic.card.text, epic.combat.damage: blocked by a 12/12 Trihorror, its 3 damage
    breaks the Trihorror anyway (whose own ability then gives P2 three demons)."""
    st = pos({"play": ["thrasher_demon"]}, {"play": ["trihorror"]})
    play(st, "attack", "pass", "pass", "add trihorror", "pass", "pass")
    play(st, "to thrasher_demon 3")  # P2 splits the Trihorror's damage
    assert "trihorror" in pile(st, 1) and "thrasher_demon" in pile(st, 0)
    assert in_play(st, 1) == ["demon_token"] * 3


# --- Trihorror ----------------------------------------------------------------------------
def test_trihorror_broken_leaves_three_demons() -> None:
    """epic.card.text, epic.ability.triggered: broken, it gives its controller three demon
    tokens."""
    st = pos({"hand": ["bitten"]}, {"play": ["trihorror"]})
    play(st, "play bitten 2")
    assert in_play(st, 1) == ["demon_token"] * 3 and in_play(st, 0) == ["zombie_token"]


def test_trihorror_breakthrough_tramples_over_a_blocker() -> None:
    """epic.keyword.breakthrough: blocked by a 2/2 zombie, the 10 damage past it may go to
    the defending player."""
    st = pos({"play": ["trihorror"]}, {"play": ["zombie_token"]})
    play(st, "attack", "pass", "pass", "add zombie_token", "pass", "pass")
    assert st.pending[0] == "assign"
    play(st, "to zombie_token 2")
    assert "player 10" in texts(st)
    play(st, "player 10")
    assert st.health[1] == 20 and in_play(st, 1) == []


# --- Unquenchable Thirst ------------------------------------------------------------------
def test_unquenchable_thirst_banishes_x_evil_cards_for_x_plus_one() -> None:
    """epic.card.text, epic.banish: X goes up to the number of Evil cards in P1's pile
    (Good cards and the opponent's pile do not count); banishing two gives 3 damage and
    3 health."""
    st = pos(
        {
            "hand": ["unquenchable_thirst"],
            "discard": ["medusa", "purification", "wither"],
            "health": 10,
        },
        {"play": ["trihorror"], "discard": ["bitten"]},
    )
    play(st, "play unquenchable_thirst")
    assert texts(st) == ["x 0", "x 1", "x 2"]
    play(st, "x 2")
    assert sorted(texts(st)) == ["target medusa@P1.discard", "target wither@P1.discard"]
    play(st, "target medusa@P1.discard")  # then Wither is the only one left: forced
    assert st.damage[st.play[1][0]] == 3 and st.health[0] == 13
    assert pile(st, 0) == ["purification", "unquenchable_thirst"]
    assert sorted(names(st, st.decks[0][:2])) == ["medusa", "wither"]
    assert pile(st, 1) == ["bitten"]


def test_unquenchable_thirst_with_x_zero() -> None:
    """epic.card.text: X = 0 banishes nothing and still deals 1 and gains 1."""
    st = pos({"hand": ["unquenchable_thirst"], "discard": ["medusa"]}, {"play": ["human_token"]})
    play(st, "play unquenchable_thirst", "x 0")
    assert in_play(st, 1) == [] and st.health[0] == 31 and "medusa" in pile(st, 0)


# --- Vampire Lord -------------------------------------------------------------------------
def test_vampire_lord_grows_when_it_deals_damage() -> None:
    """epic.card.text, epic.keyword.ambush, epic.keyword.blitz: it attacks the turn it is
    played; dealing its 5 damage puts two +1/+1 counters on it."""
    st = pos({"hand": ["vampire_lord"]}, {})
    play(st, "play vampire_lord", "attack", "pass", "pass", "pass", "pass")
    lord = st.play[0][0]
    assert st.health[1] == 25 and st.counters[lord] == 2 and stats(st, lord) == (7, 7)
    st = their_reply({}, {"hand": ["vampire_lord"]})
    assert "play vampire_lord" in texts(st)


def test_vampire_lord_unbreakable_on_its_own_turn() -> None:
    """epic.keyword.unbreakable, epic.ability.static: P1's own Apocalypse does not break
    it on P1's turn; P2's Bitten on P2's turn does."""
    st = pos({"hand": ["apocalypse"], "play": ["vampire_lord"]}, {"play": ["medusa"]})
    play(st, "play apocalypse 2")
    assert in_play(st, 0) == ["vampire_lord"] and in_play(st, 1) == []
    st = their_turn({"play": ["vampire_lord"]}, {"hand": ["bitten"]})
    play(st, "play bitten 2")
    assert in_play(st, 0) == []


# --- Wither -------------------------------------------------------------------------------
def test_wither_hits_every_champion_with_the_same_name() -> None:
    """epic.card.text: 3 damage to the target and every other champion of that name on
    either side, and -3 offense this turn for each; others are untouched."""
    st = pos(
        {"hand": ["wither"], "play": ["demon_token"]},
        {"play": ["demon_token", "medusa", "demon_token"]},
    )
    play(st, "play wither", "target demon_token@P2.0")
    for i in (st.play[0][0], st.play[1][0], st.play[1][2]):
        assert st.damage[i] == 3 and stats(st, i) == (1, 4)
    medusa = inst(st, 1, "medusa")
    assert st.damage[medusa] == 0 and stats(st, medusa) == (6, 8)


def test_wither_breaks_small_ones() -> None:
    """epic.card.text: a lone 2/2 zombie breaks; a Medusa alone loses 3 offense."""
    st = pos({"hand": ["wither"]}, {"play": ["zombie_token", "medusa"]})
    play(st, "play wither", "target zombie_token")
    assert in_play(st, 1) == ["medusa"]
    st = pos({"hand": ["wither"]}, {"play": ["medusa"]})
    play(st, "play wither")
    assert stats(st, st.play[1][0]) == (3, 8)


# --- Word of Summoning --------------------------------------------------------------------
def test_word_of_summoning_demon_then_recycle() -> None:
    """epic.card.text, epic.keyword.recycle: a demon token; then two pile cards go under the
    deck and a card is drawn."""
    st = pos({"hand": ["word_of_summoning"], "discard": ["medusa", "wither"]}, {})
    play(st, "play word_of_summoning", "bury medusa")  # then Wither: forced
    assert in_play(st, 0) == ["demon_token"]
    assert names(st, st.decks[0][:2]) == ["medusa", "wither"]
    assert len(st.hands[0]) == 2 and pile(st, 0) == ["word_of_summoning"]


def test_word_of_summoning_recycle_needs_two_cards() -> None:
    """epic.keyword.recycle: with one card in the pile, no recycle and no draw (R21)."""
    st = pos({"hand": ["word_of_summoning"], "discard": ["medusa"]}, {})
    play(st, "play word_of_summoning")
    assert in_play(st, 0) == ["demon_token"] and len(st.hands[0]) == 1
    assert pile(st, 0) == ["medusa", "word_of_summoning"]


# --- Zombie Apocalypse --------------------------------------------------------------------
def test_zombie_apocalypse_breaks_all_then_zombies_per_pile_champion() -> None:
    """epic.card.text: every champion breaks (P1's Dark Knight survives on P1's turn);
    then each player gets a zombie per champion card in their own pile (events and tokens
    do not count)."""
    st = pos(
        {
            "hand": ["zombie_apocalypse"],
            "play": ["medusa", "human_token", "dark_knight"],
            "discard": ["trihorror", "wither"],
        },
        {"play": ["dark_knight", "demon_token"]},
    )
    play(st, "play zombie_apocalypse 2")
    assert in_play(st, 0) == ["dark_knight", "zombie_token", "zombie_token"]
    assert in_play(st, 1) == ["zombie_token"]


def test_zombie_apocalypse_draw_mode_and_no_turn_limit() -> None:
    """epic.event.modes: mode 1 draws two; mode 2 has no turn condition and is offered in
    the opponent's turn."""
    st = pos({"hand": ["zombie_apocalypse"]}, {})
    play(st, "play zombie_apocalypse")
    assert len(st.hands[0]) == 3
    st = their_reply({}, {"hand": ["zombie_apocalypse"]})
    assert "play zombie_apocalypse 2" in texts(st)


def test_every_evil_card_is_in_the_file() -> None:
    """epic.card.faction: the 30 Evil cards of the 2015 base set are loaded as Evil."""
    db = GAME.db
    evil = [c for c in db.pool("base2015") if c.faction == "evil"]
    assert len(evil) == 30


def test_drinker_of_blood_broken_with_others_drains_nothing() -> None:
    """epic.card.text, epic.ability.triggered: the Drinker's drain needs the Drinker still
    on the table when the ability resolves. On P2's turn (so the Drinker is breakable)
    P2's Apocalypse breaks everything at once: every drain the Drinker set off finds it in
    the discard pile and does nothing."""
    st = their_turn(
        {"play": ["human_token", "drinker_of_blood", "zombie_token"]},
        {"hand": ["apocalypse"], "play": ["medusa"]},
    )
    play(st, "play apocalypse 2")
    assert in_play(st, 0) == [] and in_play(st, 1) == []
    assert (st.health[0], st.health[1]) == (30, 30)
