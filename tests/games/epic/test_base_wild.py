"""The 30 wild cards of the 2015 base set (data/base_wild.toml), each on a small position.

Every test plays the card through the public actions and checks what its text says
should happen; rule ids open each docstring.
"""

from __future__ import annotations

from typing import Any, cast

from cardtable.core import get_game
from cardtable.core.rng import Rng
from cardtable.games.epic.effects import (
    AIRBORNE,
    BLITZ,
    BREAKTHROUGH,
    UNBREAKABLE,
    defense,
    keywords,
    offense,
)
from cardtable.games.epic.game import EpicGame
from cardtable.games.epic.state import EXPENDED, EpicState
from tests.games.epic.helpers import play, position, texts

GAME = cast(EpicGame, get_game("epic"))


def pos(p1: dict[str, Any], p2: dict[str, Any] | None = None, **top: Any) -> EpicState:
    """P1's main phase of turn 3 with the given zones; P2 holds one Armament unless its
    hand is given (so P2 is not forced to pass)."""
    return position([], p1, {"hand": ["armament"], **(p2 or {})}, **top)


def their_turn(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> EpicState:
    """P2's turn: P2 passed its main phase and P1 holds initiative (P1 may answer)."""
    return pos(p1, p2, turn=4, active="P2", window="pass", initiative="P1")


def ids(st: EpicState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def find(st: EpicState, seat: int, ident: str) -> int:
    """The first champion with this id in the seat's play area."""
    return int(next(i for i in st.play[seat] if st.card_ids[i] == ident))


def stats(st: EpicState, i: int) -> tuple[int, int]:
    db = GAME.dbs(st)
    return offense(db, st, i), defense(db, st, i)


def has(st: EpicState, i: int, bit: int) -> bool:
    return bool(keywords(GAME.dbs(st), st, i) & bit)


# --- Bellowing Minotaur --------------------------------------------------------------------
def test_bellowing_minotaur_tribute_pumps_your_wild_champions() -> None:
    """epic.card.text, epic.keyword.tribute, epic.keyword.blitz: on entering, each of your
    wild champions (itself included) gets +2/+2 this turn; a good token and the
    opponent's wild champion do not; with Blitz it may attack at once."""
    st = pos(
        {"hand": ["bellowing_minotaur"], "play": ["triceratops", "human_token"]},
        {"hand": ["armament"], "play": ["lurking_giant"]},
    )
    play(st, "play bellowing_minotaur")
    assert stats(st, find(st, 0, "bellowing_minotaur")) == (9, 7)
    assert stats(st, find(st, 0, "triceratops")) == (12, 12)
    assert stats(st, find(st, 0, "human_token")) == (1, 1)
    assert stats(st, find(st, 1, "lurking_giant")) == (11, 11)
    play(st, "attack", "add bellowing_minotaur")  # arriving, but Blitz
    assert find(st, 0, "bellowing_minotaur") in st.attackers


def test_bellowing_minotaur_bonus_ends_with_the_turn() -> None:
    """epic.card.text, epic.turn.end.expire: the +2/+2 lasts this turn only."""
    st = pos({"hand": ["bellowing_minotaur"]}, {"hand": []})
    play(st, "play bellowing_minotaur", "pass")  # P2, with nothing to play, passes too
    assert st.active == 1
    assert stats(st, find(st, 0, "bellowing_minotaur")) == (7, 5)


def test_bellowing_minotaur_recall_costs_one_gold() -> None:
    """epic.keyword.recall.base_set: from the discard pile it returns to hand for 1 gold;
    without gold the recall is not offered."""
    st = pos({"hand": [], "discard": ["bellowing_minotaur"], "gold": 0})
    assert "recall bellowing_minotaur" not in texts(st)
    st = pos({"hand": [], "discard": ["bellowing_minotaur"], "gold": 1})
    play(st, "recall bellowing_minotaur")
    assert ids(st, st.hands[0]) == ["bellowing_minotaur"]
    assert st.discards[0] == [] and st.gold[0] == 0


# --- Burrowing Wurm ------------------------------------------------------------------------
def test_burrowing_wurm_breakthrough_tramples_over_a_blocker() -> None:
    """epic.keyword.breakthrough: 18 offense blocked by a 1/1 token: 1 breaks the token,
    the other 17 may go to the defending player (any amount of them, never the 18th)."""
    st = pos({"hand": [], "play": ["burrowing_wurm"]}, {"play": ["human_token"]})
    # P1 has no card in hand: its passes are forced.
    play(st, "attack", "pass", "add human_token", "pass")
    assert st.pending == ("assign", 0)
    options = texts(st)
    assert "to human_token 1" in options and "to human_token 18" in options
    assert [f"player {n}" for n in range(1, 18)] == [o for o in options if o[:6] == "player"]
    play(st, "to human_token 1", "player 17")
    assert st.health[1] == 13 and st.play[1] == []
    assert st.damage[find(st, 0, "burrowing_wurm")] == 1


# --- Cave Troll ----------------------------------------------------------------------------
def test_cave_troll_returns_to_hand_when_a_cost_one_wild_card_is_played() -> None:
    """epic.discard_text, epic.keyword.ally, epic.keyword.recall.base_set: in the discard
    pile, playing a cost-1 wild card brings it back to hand."""
    st = pos({"hand": ["triceratops"], "discard": ["cave_troll"]})
    play(st, "play triceratops")
    # Its recall and Triceratops' Tribute fired together: P1 orders them.
    assert sorted(texts(st)) == ["first cave_troll", "first triceratops"]
    play(st, "first cave_troll")
    assert "cave_troll" in ids(st, st.hands[0]) and st.discards[0] == []


def test_cave_troll_ignores_free_wild_and_other_factions() -> None:
    """epic.keyword.ally.free_cards, epic.discard_text: a cost-0 wild card or a cost-1 good
    card leaves it in the discard pile."""
    st = pos({"hand": ["fireball", "purification"], "discard": ["cave_troll"], "gold": 1})
    play(st, "play fireball", "target p2")
    play(st, "play purification")
    assert "cave_troll" in ids(st, st.discards[0])
    assert "cave_troll" not in ids(st, st.hands[0])


def test_cave_troll_does_nothing_from_play() -> None:
    """epic.discard_text: the ability works only from the discard pile: in play it is a 5/3."""
    st = pos({"hand": ["triceratops"], "play": ["cave_troll"]})
    play(st, "play triceratops")  # only Triceratops' Tribute fires: no order to choose
    assert st.pending == ("act", 0) and len(st.hands[0]) == 1
    assert stats(st, find(st, 0, "cave_troll")) == (5, 3)


# --- Chomp! --------------------------------------------------------------------------------
def test_chomp_damages_a_champion_and_pumps_your_dinosaurs() -> None:
    """epic.card.text, epic.card.class: 12 damage to the chosen champion; your dinosaurs
    (not the giant, not the opponent's dinosaur) get +2/+2 this turn."""
    st = pos(
        {"hand": ["chomp"], "play": ["triceratops", "lurking_giant"]},
        {"hand": [], "play": ["kong", "hunting_raptors"]},
    )
    play(st, "play chomp")
    assert "target p2" not in texts(st) and "target p1" not in texts(st)
    play(st, "target kong")
    kong = find(st, 1, "kong")
    assert st.damage[kong] == 12  # 14 defense: it survives
    assert stats(st, find(st, 0, "triceratops")) == (12, 12)
    assert stats(st, find(st, 0, "lurking_giant")) == (11, 11)
    assert stats(st, find(st, 1, "hunting_raptors")) == (5, 5)


# --- Fire Shaman ---------------------------------------------------------------------------
def test_fire_shaman_ally_deals_three() -> None:
    """epic.keyword.ally, epic.card.text: a cost-1 wild card played: 3 damage to a target."""
    st = pos({"hand": ["lurking_giant"], "play": ["fire_shaman"]})
    play(st, "play lurking_giant")
    assert "target p2" in texts(st) and "target lurking_giant" in texts(st)
    play(st, "target p2")
    assert st.health[1] == 27


def test_fire_shaman_not_for_free_cards() -> None:
    """epic.keyword.ally.free_cards: a cost-0 wild card does not fire it."""
    st = pos({"hand": ["cave_troll"], "play": ["fire_shaman"]})
    play(st, "play cave_troll")
    assert st.pending == ("act", 0) and st.health == [30, 30]


# --- Fireball ------------------------------------------------------------------------------
def test_fireball_first_mode_is_free() -> None:
    """epic.event.modes, epic.card.text: 3 damage to a target with no gold; the second
    mode, costing 1, is not offered without gold."""
    st = pos({"hand": ["fireball"], "gold": 0})
    assert "play fireball" in texts(st) and "play fireball 2" not in texts(st)
    play(st, "play fireball", "target p2")
    assert st.health[1] == 27


def test_fireball_second_mode_hits_a_player_and_their_champions() -> None:
    """epic.card.text: for 1 gold, 3 damage to the chosen player and each champion they
    control; the other side's champions are untouched."""
    st = pos(
        {"hand": ["fireball"], "play": ["wolf_token"]},
        {"hand": [], "play": ["wolf_token", "kong"]},
    )
    play(st, "play fireball 2", "target p2")
    assert st.health == [30, 27] and st.gold[0] == 0
    assert ids(st, st.play[1]) == ["kong"] and st.damage[st.play[1][0]] == 3
    assert ids(st, st.play[0]) == ["wolf_token"] and st.damage[st.play[0][0]] == 0


# --- Flame Strike --------------------------------------------------------------------------
def test_flame_strike_deals_eight_to_a_target() -> None:
    """epic.card.text, epic.keyword.untargetable: 8 damage to a player or a champion; an
    Untargetable champion is not offered."""
    st = pos(
        {"hand": ["flame_strike"]},
        {"play": ["hunting_raptors", {"card": "kong", "keywords": ["untargetable"]}]},
    )
    play(st, "play flame_strike")
    assert sorted(texts(st)) == ["target hunting_raptors", "target p1", "target p2"]
    play(st, "target hunting_raptors")
    assert ids(st, st.play[1]) == ["kong"]
    assert ids(st, st.discards[1]) == ["hunting_raptors"]
    st = pos({"hand": ["flame_strike"]})
    play(st, "play flame_strike", "target p2")
    assert st.health[1] == 22


# --- Flash Fire ----------------------------------------------------------------------------
def test_flash_fire_hits_every_champion_and_player() -> None:
    """epic.card.text: 2 damage to each champion and each player, its player's own too."""
    st = pos({"hand": ["flash_fire"], "play": ["wolf_token"]}, {"play": ["kong"]})
    play(st, "play flash_fire")
    assert st.health == [28, 28]
    assert st.play[0] == [] and st.damage[find(st, 1, "kong")] == 2


def test_flash_fire_draw_mode_costs_gold() -> None:
    """epic.event.modes: the second mode costs 1 gold and draws two cards."""
    st = pos({"hand": ["flash_fire"], "gold": 1})
    play(st, "play flash_fire 2")
    assert len(st.hands[0]) == 2 and st.gold[0] == 0
    st = pos({"hand": ["flash_fire"], "gold": 0})
    assert "play flash_fire 2" not in texts(st)


# --- Forked Lightning ----------------------------------------------------------------------
def test_forked_lightning_two_different_targets() -> None:
    """epic.card.text, epic.target.sentence: 5 damage to each of two targets; the second
    cannot be the first again."""
    st = pos({"hand": ["forked_lightning"]}, {"play": ["kong"]})
    play(st, "play forked_lightning", "target kong")
    assert "target kong" not in texts(st)
    assert "target p2" in texts(st) and "skip" in texts(st)
    play(st, "target p2")
    assert st.health[1] == 25 and st.damage[find(st, 1, "kong")] == 5


def test_forked_lightning_up_to_two() -> None:
    """epic.target.up_to: the second target may be left out (or both)."""
    st = pos({"hand": ["forked_lightning"]}, {"play": ["kong"]})
    play(st, "play forked_lightning", "target p2", "skip")
    assert st.health[1] == 25 and st.damage[find(st, 1, "kong")] == 0
    st = pos({"hand": ["forked_lightning"]}, {"play": ["kong"]})
    play(st, "play forked_lightning", "skip", "skip")
    assert st.health == [30, 30] and st.damage[find(st, 1, "kong")] == 0
    assert ids(st, st.discards[0]) == ["forked_lightning"]


# --- Hunting Raptors -----------------------------------------------------------------------
def test_hunting_raptors_ambush_and_loyalty_blitz() -> None:
    """epic.keyword.ambush, epic.keyword.loyalty, epic.keyword.blitz.gained,
    epic.talent.expend: played in the opponent's turn; revealing two wild cards gives it
    Blitz, so its expend talent works at once: 4 damage."""
    st = their_turn({"hand": ["hunting_raptors", "fireball", "lash"]})
    play(st, "play hunting_raptors", "yes")
    raptors = find(st, 0, "hunting_raptors")
    assert has(st, raptors, BLITZ)
    play(st, "talent hunting_raptors", "target p2")
    assert st.health[1] == 26 and st.pos[raptors] == EXPENDED


def test_hunting_raptors_without_loyalty_stays_arriving() -> None:
    """epic.keyword.loyalty, epic.arriving.limits: no reveal: no Blitz, no talent this turn."""
    st = pos({"hand": ["hunting_raptors", "fireball", "lash"]})
    play(st, "play hunting_raptors", "no")
    assert not has(st, find(st, 0, "hunting_raptors"), BLITZ)
    assert "talent hunting_raptors" not in texts(st)
    st = pos({"hand": ["hunting_raptors", "fireball", "armament"]})  # one wild card only
    play(st, "play hunting_raptors")
    assert st.pending == ("act", 0) and "talent hunting_raptors" not in texts(st)


def test_hunting_raptors_talent_when_settled() -> None:
    """epic.talent.expend: a settled Raptors expends for 4 damage to a champion."""
    st = pos({"hand": [], "play": ["hunting_raptors"]}, {"hand": [], "play": ["wolf_token"]})
    play(st, "talent hunting_raptors", "target wolf_token")
    assert st.play[1] == [] and "talent hunting_raptors" not in texts(st)


# --- Hurricane -----------------------------------------------------------------------------
def test_hurricane_draws_two() -> None:
    """epic.event.modes: the first mode draws two cards."""
    st = pos({"hand": ["hurricane"]})
    play(st, "play hurricane")
    assert len(st.hands[0]) == 2


def test_hurricane_nine_to_each_champion() -> None:
    """epic.card.text: 9 damage to every champion on both sides, none to players."""
    st = pos(
        {"hand": ["hurricane"], "play": ["triceratops", "bellowing_minotaur"]},
        {"hand": [], "play": ["kong", "wolf_token"]},
    )
    play(st, "play hurricane 2")
    assert ids(st, st.play[0]) == ["triceratops"] and ids(st, st.play[1]) == ["kong"]
    assert st.damage[st.play[0][0]] == 9 and st.damage[st.play[1][0]] == 9
    assert st.health == [30, 30]


# --- Jungle Queen --------------------------------------------------------------------------
def test_jungle_queen_draws_and_boosts_other_wild_champions() -> None:
    """epic.keyword.tribute, epic.ability.static: she draws a card on entering; your other
    wild champions have +1/+1, not she, a good token or the opponent's."""
    st = pos(
        {"hand": ["jungle_queen"], "play": ["triceratops", "human_token"]},
        {"hand": [], "play": ["lurking_giant"]},
    )
    play(st, "play jungle_queen")
    assert len(st.hands[0]) == 1
    assert stats(st, find(st, 0, "jungle_queen")) == (5, 7)
    assert stats(st, find(st, 0, "triceratops")) == (11, 11)
    assert stats(st, find(st, 0, "human_token")) == (1, 1)
    assert stats(st, find(st, 1, "lurking_giant")) == (11, 11)


def test_jungle_queen_lets_wild_champions_ambush() -> None:
    """epic.keyword.ambush, epic.card.text: with her in play a wild champion without Ambush
    may be played in the opponent's turn; a good one may not; without her neither."""
    hand = ["triceratops", "imperial_commander"]
    st = their_turn({"hand": hand, "play": ["jungle_queen"]})
    assert "play triceratops" in texts(st) and "play imperial_commander" not in texts(st)
    play(st, "play triceratops")
    assert "triceratops" in ids(st, st.play[0])
    st = their_turn({"hand": hand})
    assert "play triceratops" not in texts(st)


# --- Kong ----------------------------------------------------------------------------------
def test_kong_tribute_thirteen_to_a_champion() -> None:
    """epic.keyword.tribute, epic.card.text: 13 damage to a champion (players are not
    offered)."""
    st = pos({"hand": ["kong"]}, {"hand": [], "play": ["lurking_giant"]})
    play(st, "play kong")
    assert sorted(texts(st)) == ["target kong", "target lurking_giant"]
    play(st, "target lurking_giant")
    assert st.play[1] == []


def test_kong_must_hit_itself_when_alone() -> None:
    """epic.target.mandatory: the only champion in play is Kong: it takes the 13 (14
    defense) and stays."""
    st = pos({"hand": ["kong", "armament"]})
    play(st, "play kong")
    kong = find(st, 0, "kong")
    assert st.damage[kong] == 13 and st.pending == ("act", 0)


# --- Lash ----------------------------------------------------------------------------------
def test_lash_pings_and_empowers_the_same_champion() -> None:
    """epic.card.text: 1 damage to a champion; that champion gains Breakthrough and +4
    offense this turn."""
    st = pos({"hand": ["lash"], "play": ["rampaging_wurm"]}, {"play": ["kong"]})
    play(st, "play lash", "target rampaging_wurm")
    wurm = find(st, 0, "rampaging_wurm")
    assert st.damage[wurm] == 1 and stats(st, wurm) == (18, 14)
    assert has(st, wurm, BREAKTHROUGH)
    kong = find(st, 1, "kong")
    assert stats(st, kong) == (13, 14) and not has(st, kong, BREAKTHROUGH)


def test_lash_recall_to_hand() -> None:
    """epic.keyword.recall.base_set: 1 gold returns it from the discard pile to hand."""
    st = pos({"hand": ["lash"], "play": ["triceratops"], "gold": 1})
    play(st, "play lash")  # the only champion: a forced target
    assert ids(st, st.discards[0]) == ["lash"] and st.gold[0] == 1
    play(st, "recall lash")
    assert ids(st, st.hands[0]) == ["lash"] and st.gold[0] == 0


# --- Lightning Storm -----------------------------------------------------------------------
def test_lightning_storm_divides_six_damage() -> None:
    """epic.card.text: six points split as chosen (3 to the player, 2 to Kong, 1 to a
    wolf token), all dealt together after the last choice."""
    st = pos({"hand": ["lightning_storm"]}, {"play": ["kong", "wolf_token"]})
    play(st, "play lightning_storm")
    for t in ["target p2", "target p2", "target p2", "target wolf_token", "target kong"]:
        play(st, t)
    assert st.health[1] == 30 and st.damage[find(st, 1, "kong")] == 0  # not dealt yet
    assert "target wolf_token" in texts(st)  # still there: nothing is dealt yet
    play(st, "target kong")
    assert st.health[1] == 27 and ids(st, st.play[1]) == ["kong", "wolf_token"]
    assert st.damage[find(st, 1, "kong")] == 2 and st.damage[find(st, 1, "wolf_token")] == 1


def test_lightning_storm_all_on_one_target() -> None:
    """epic.card.text: all six points on one champion break a 6/6 dragon."""
    st = pos({"hand": ["lightning_storm"]}, {"play": ["strafing_dragon", "kong"]})
    play(st, "play lightning_storm")
    for _ in range(6):
        play(st, "target strafing_dragon")
    assert ids(st, st.play[1]) == ["kong"] and st.health == [30, 30]
    assert ids(st, st.discards[0]) == ["lightning_storm"]


def test_lightning_storm_recall() -> None:
    """epic.keyword.recall.base_set: 1 gold returns it from the discard pile to hand."""
    st = pos({"hand": [], "discard": ["lightning_storm"], "gold": 1})
    play(st, "recall lightning_storm")
    assert ids(st, st.hands[0]) == ["lightning_storm"] and st.gold[0] == 0


# --- Lurking Giant -------------------------------------------------------------------------
def test_lurking_giant_ambush() -> None:
    """epic.keyword.ambush: it may be played in the opponent's turn."""
    st = their_turn({"hand": ["lurking_giant"]})
    play(st, "play lurking_giant")
    assert stats(st, find(st, 0, "lurking_giant")) == (11, 11)


def test_lurking_giant_ambush_blocks_the_attack() -> None:
    """epic.keyword.ambush, epic.combat.before_blocks.window: played before blocks in the
    opponent's attack, it may then block."""
    st = pos(
        {"hand": [], "play": ["triceratops"]},
        {"hand": ["lurking_giant", "armament"]},
    )
    play(st, "attack")  # P1, with nothing to play, passes before blocks
    assert st.window == "before_blocks" and st.pending == ("act", 1)
    play(st, "play lurking_giant", "pass")  # P1's pass is forced
    assert st.pending == ("blockers", 1)
    play(st, "add lurking_giant", "pass")  # Triceratops' 10 all go to the Giant (forced)
    play(st, "to triceratops 10")
    assert st.play[0] == [] and st.damage[find(st, 1, "lurking_giant")] == 10


# --- Mighty Blow ---------------------------------------------------------------------------
def test_mighty_blow_draws_two() -> None:
    """epic.event.modes: the first mode draws two cards."""
    st = pos({"hand": ["mighty_blow"]})
    play(st, "play mighty_blow")
    assert len(st.hands[0]) == 2


def test_mighty_blow_unbreakable_attacker_survives() -> None:
    """epic.keyword.unbreakable, epic.card.text: +10 offense and Unbreakable: a 20-offense
    Triceratops breaks Kong and survives Kong's 13 damage."""
    st = pos(
        {"hand": ["mighty_blow"], "play": ["triceratops"]},
        {"play": ["kong"]},
    )
    play(st, "play mighty_blow 2", "target triceratops")
    tri = find(st, 0, "triceratops")
    assert stats(st, tri) == (20, 10) and has(st, tri, UNBREAKABLE)
    play(st, "attack", "pass", "add kong", "pass")  # P1's passes are forced
    play(st, "to kong 14", "player 6", "to triceratops 13")
    assert st.play[1] == [] and st.play[0] == [tri] and st.health[1] == 24
    assert st.damage[tri] == 13


# --- Pack Alpha ----------------------------------------------------------------------------
def test_pack_alpha_blitz_talent_makes_two_boosted_wolves() -> None:
    """epic.talent.expend, epic.keyword.blitz, epic.ability.static: the arriving Alpha
    (Blitz) expends for two wolf tokens, which as other wild champions are 3/3; the
    Alpha itself stays 5/6."""
    st = pos({"hand": ["pack_alpha"]}, {"hand": [], "play": ["wolf_token"]})
    play(st, "play pack_alpha", "talent pack_alpha")
    alpha = find(st, 0, "pack_alpha")
    wolves = [i for i in st.play[0] if i != alpha]
    assert ids(st, wolves) == ["wolf_token", "wolf_token"]
    assert [stats(st, w) for w in wolves] == [(3, 3), (3, 3)]
    assert stats(st, alpha) == (5, 6) and st.pos[alpha] == EXPENDED
    assert stats(st, st.play[1][0]) == (2, 2)


# --- Pyromancer ----------------------------------------------------------------------------
def test_pyromancer_ambush_tribute() -> None:
    """epic.keyword.ambush, epic.keyword.tribute: played in the opponent's turn, 4 damage."""
    st = their_turn({"hand": ["pyromancer"]})
    play(st, "play pyromancer", "target p2")
    assert st.health[1] == 26


def test_pyromancer_gold_talent() -> None:
    """epic.talent, epic.card.text: pay 1 gold for 4 damage (no expending, so even while
    arriving); with the gold spent it is not offered again."""
    st = pos({"hand": [], "play": [{"card": "pyromancer", "arriving": True}], "gold": 1})
    play(st, "talent pyromancer", "target p2")
    assert st.health[1] == 26 and st.gold[0] == 0
    assert "talent pyromancer" not in texts(st)
    assert st.pos[find(st, 0, "pyromancer")] != EXPENDED


# --- Rage ----------------------------------------------------------------------------------
def test_rage_pumps_a_champion() -> None:
    """epic.card.text: +4/+4 and Breakthrough this turn, for no gold."""
    st = pos({"hand": ["rage"], "play": ["lurking_giant"], "gold": 0})
    play(st, "play rage")  # the only champion: forced
    giant = find(st, 0, "lurking_giant")
    assert stats(st, giant) == (15, 15) and has(st, giant, BREAKTHROUGH)


def test_rage_draw_mode() -> None:
    """epic.event.modes: 1 gold: draw two cards."""
    st = pos({"hand": ["rage"]})
    play(st, "play rage 2")
    assert len(st.hands[0]) == 2 and st.gold[0] == 0


# --- Raging T-Rex --------------------------------------------------------------------------
def test_raging_t_rex_loyalty_draws_two() -> None:
    """epic.keyword.loyalty: revealing two wild cards draws two; declining draws none."""
    st = pos({"hand": ["raging_t_rex", "fireball", "lash"]})
    play(st, "play raging_t_rex", "yes")
    assert len(st.hands[0]) == 4
    st = pos({"hand": ["raging_t_rex", "fireball", "lash"]})
    play(st, "play raging_t_rex", "no")
    assert len(st.hands[0]) == 2


def test_raging_t_rex_must_attack() -> None:
    """epic.card.text: while it can attack, the main phase cannot be passed and every attack
    includes it; once it has attacked the turn may go on."""
    st = pos({"hand": ["armament"], "play": ["raging_t_rex", "triceratops", "lurking_giant"]})
    assert "pass" not in texts(st) and "attack" in texts(st)
    play(st, "attack", "add triceratops")
    assert sorted(texts(st)) == ["add lurking_giant", "add raging_t_rex"]  # no "done"
    play(st, "add raging_t_rex")
    assert "done" in texts(st)
    play(st, "done", "pass", "pass", "pass", "pass")  # P2 has no blocker
    assert st.health[1] == 8 and st.window == "main"
    assert "pass" in texts(st)


def test_raging_t_rex_arriving_does_not_force() -> None:
    """epic.arriving, epic.card.text: a T-Rex that cannot attack (arriving) lets the player
    pass."""
    st = pos({"hand": ["raging_t_rex", "armament"]})
    play(st, "play raging_t_rex")
    assert "pass" in texts(st)


# --- Rain of Fire --------------------------------------------------------------------------
def test_rain_of_fire_three_distinct_targets() -> None:
    """epic.card.text: 3, 4 and 5 damage to three different targets, in that order."""
    st = pos({"hand": ["rain_of_fire"]}, {"play": ["kong", "triceratops"]})
    play(st, "play rain_of_fire 2", "target p2")
    assert "target p2" not in texts(st)
    play(st, "target kong")
    assert "target kong" not in texts(st) and "target p2" not in texts(st)
    play(st, "target triceratops")
    assert st.health[1] == 27
    assert st.damage[find(st, 1, "kong")] == 4 and st.damage[find(st, 1, "triceratops")] == 5


def test_rain_of_fire_draw_mode() -> None:
    """epic.event.modes: the first mode draws two cards."""
    st = pos({"hand": ["rain_of_fire"]})
    play(st, "play rain_of_fire")
    assert len(st.hands[0]) == 2


# --- Rampaging Wurm ------------------------------------------------------------------------
def test_rampaging_wurm_blitz_attacks_at_once() -> None:
    """epic.keyword.blitz: it attacks the turn it enters play."""
    st = pos({"hand": ["rampaging_wurm"]})
    play(st, "play rampaging_wurm", "attack", "pass", "pass", "pass", "pass")
    assert st.health[1] == 16


# --- Sea Hydra -----------------------------------------------------------------------------
def test_sea_hydra_tribute_draw() -> None:
    """epic.keyword.tribute: it draws a card when it enters play."""
    st = pos({"hand": ["sea_hydra"]})
    play(st, "play sea_hydra")
    assert len(st.hands[0]) == 1


def test_sea_hydra_grows_by_the_damage_it_took() -> None:
    """epic.turn.end.triggers, epic.card.text: at the end of a turn it gets a +1/+1 counter
    per point of damage taken that turn; the damage then heals, the counters stay."""
    st = pos({"hand": [], "play": [{"card": "sea_hydra", "damage": 4}]})
    play(st, "pass", "pass")
    hydra = find(st, 0, "sea_hydra")
    assert st.active == 1 and st.counters[hydra] == 4
    assert stats(st, hydra) == (9, 14) and st.damage[hydra] == 0


def test_sea_hydra_grows_in_the_opponents_turn_too() -> None:
    """epic.turn.end.triggers: the end of each turn, not only its controller's."""
    st = pos(
        {"hand": ["armament"], "play": [{"card": "sea_hydra", "damage": 3}]},
        {"hand": ["armament"]},
        turn=4,
        active="P2",
        initiative="P2",
    )
    play(st, "pass", "pass")
    assert st.active == 0 and st.counters[find(st, 0, "sea_hydra")] == 3


def test_sea_hydra_undamaged_stays_the_same_and_recall() -> None:
    """epic.card.text, epic.keyword.recall.base_set: no damage, no counter; from the discard
    pile 1 gold returns it to hand."""
    st = pos({"hand": [], "play": ["sea_hydra"], "discard": ["sea_hydra"]})
    play(st, "recall sea_hydra")
    assert ids(st, st.hands[0]) == ["sea_hydra"]
    play(st, "pass", "pass")
    assert st.counters[find(st, 0, "sea_hydra")] == 0


# --- Strafing Dragon -----------------------------------------------------------------------
def test_strafing_dragon_ambush_with_loyalty_strike() -> None:
    """epic.keyword.ambush, epic.keyword.loyalty: played in the opponent's turn, revealing
    two wild cards deals 5 damage to a target."""
    st = their_turn({"hand": ["strafing_dragon", "fireball", "rage"]})
    play(st, "play strafing_dragon", "yes", "target p2")
    assert st.health[1] == 25
    st = their_turn({"hand": ["strafing_dragon", "fireball", "rage"]})
    play(st, "play strafing_dragon", "no")
    assert st.health == [30, 30]


def test_strafing_dragon_airborne_blitz_attack() -> None:
    """epic.keyword.blitz, epic.keyword.airborne: it attacks at once and a champion without
    Airborne cannot block it."""
    st = pos({"hand": ["strafing_dragon"]}, {"play": ["kong"]})
    play(st, "play strafing_dragon")  # no two other wild cards: no Loyalty question
    dragon = find(st, 0, "strafing_dragon")
    assert has(st, dragon, AIRBORNE)
    play(st, "attack", "pass")  # P1 has no card left: its passes are forced
    assert st.blockers == [] and st.window == "before_damage"  # Kong could not block
    play(st, "pass")
    assert st.health[1] == 24


# --- Surprise Attack -----------------------------------------------------------------------
def test_surprise_attack_draws_then_puts_the_drawn_champion_into_play() -> None:
    """epic.card.text, epic.ability.may, epic.keyword.tribute: draw (a Triceratops), then
    put it into play; its Tribute draws another card."""
    st = pos({"hand": ["surprise_attack"], "deck": ["triceratops", "purification"]})
    play(st, "play surprise_attack")
    assert texts(st) == ["yes", "no"]
    play(st, "yes")  # the only champion in hand: forced
    assert ids(st, st.play[0]) == ["triceratops"]
    assert ids(st, st.hands[0]) == ["purification"]


def test_surprise_attack_choice_after_a_determinization() -> None:
    """epic.target.partial, R33: while P1 chooses a champion of its hand, P2's view of the
    game resamples P1's hidden hand; when that hand holds no champion, P1's only option is
    to put none into play (a state with a pending choice always has an option)."""
    st = pos({"hand": ["surprise_attack", "kong", "triceratops"], "deck": ["purification"] * 6})
    play(st, "play surprise_attack", "yes")
    assert st.pending == ("target", 0)
    seen = GAME.observe(st, 1)
    skipped = 0
    for n in range(40):
        other = GAME.determinize(st, 1, Rng(n))
        assert GAME.observe(other, 1) == seen
        options = [GAME.action_text(other, a) for a in GAME.legal_actions(other)]
        if not any(GAME.db.cards[other.card_ids[c]].is_champion for c in other.hands[0]):
            assert options == ["skip"]
            skipped += 1
            GAME.apply(other, ("skip",))
            assert other.play[0] == [] and other.stack == []
    assert skipped


def test_surprise_attack_may_decline() -> None:
    """epic.ability.may: no keeps the champion in hand."""
    st = pos({"hand": ["surprise_attack", "kong"]})
    play(st, "play surprise_attack", "no")
    assert st.play[0] == [] and "kong" in ids(st, st.hands[0])


def test_surprise_attack_in_their_turn_is_not_playing_the_champion() -> None:
    """epic.card.text, epic.keyword.ally: in the opponent's turn it puts a champion without
    Ambush into play; only the event itself fires Fire Shaman, the champion put into play
    is not played; events in hand are not offered."""
    st = their_turn(
        {"hand": ["surprise_attack", "kong", "fireball"], "play": ["fire_shaman"]},
        {"hand": [], "play": ["lurking_giant"]},
    )
    play(st, "play surprise_attack")  # the event resolves before Fire Shaman's ability
    assert texts(st) == ["yes", "no"]
    play(st, "yes")  # Kong is the only champion card in hand (Fireball is not offered)
    assert "kong" in ids(st, st.play[0]) and "fireball" in ids(st, st.hands[0])
    play(st, "target p2")  # Fire Shaman's 3 damage (fired once, by the event)
    play(st, "target lurking_giant")  # Kong's Tribute
    assert st.health[1] == 27 and st.play[1] == []
    assert st.pending == ("act", 0)


# --- Triceratops ---------------------------------------------------------------------------
def test_triceratops_tribute_draw_and_breakthrough() -> None:
    """epic.keyword.tribute, epic.keyword.breakthrough: draws a card on entering; it has
    Breakthrough."""
    st = pos({"hand": ["triceratops"]})
    play(st, "play triceratops")
    assert len(st.hands[0]) == 1
    assert has(st, find(st, 0, "triceratops"), BREAKTHROUGH)


# --- Wolf Companion ------------------------------------------------------------------------
def test_wolf_companion_pumps_for_the_turn() -> None:
    """epic.card.text: a champion gets +2/+2 this turn (free)."""
    st = pos({"hand": ["wolf_companion"], "play": ["wolf_token"], "gold": 0})
    play(st, "play wolf_companion")
    wolf = st.play[0][0]
    assert stats(st, wolf) == (4, 4)
    assert len(st.play[0]) == 1  # going into the discard pile makes no wolf
    play(st, "pass", "pass")
    assert st.active == 1
    assert stats(st, wolf) == (2, 2)


def test_wolf_companion_recall_brings_a_wolf() -> None:
    """epic.keyword.recall.base_set, epic.discard_text: 1 gold returns it to hand, and
    leaving the discard pile puts a wolf token into play."""
    st = pos({"hand": [], "discard": ["wolf_companion"], "gold": 1})
    play(st, "recall wolf_companion")
    assert ids(st, st.hands[0]) == ["wolf_companion"]
    assert ids(st, st.play[0]) == ["wolf_token"] and st.gold[0] == 0


# --- Wolf's Call ---------------------------------------------------------------------------
def test_wolfs_call_four_wolves_with_blitz() -> None:
    """epic.card.text, epic.keyword.blitz.gained: four wolf tokens; your wolves gain Blitz
    this turn (an arriving Werewolf too), so they attack at once; a non-wolf arriving
    champion does not."""
    st = pos(
        {
            "hand": ["wolfs_call"],
            "play": [
                {"card": "prowling_werewolf", "arriving": True},
                {"card": "triceratops", "arriving": True},
            ],
        },
        {"hand": []},
    )
    play(st, "play wolfs_call")
    wolves = [i for i in st.play[0] if st.card_ids[i] == "wolf_token"]
    assert len(wolves) == 4
    play(st, "attack")
    options = texts(st)
    assert "add prowling_werewolf" in options and "add triceratops" not in options
    assert sum(1 for t in options if t.startswith("add wolf_token")) == 4
    play(st, "add prowling_werewolf")
    for w in wolves:  # the last one added: "done" and the passes are forced
        play(st, f"add wolf_token@P1.{st.play[0].index(w)}")
    assert st.health[1] == 30 - 9 - 8


# --- Wurm Hatchling ------------------------------------------------------------------------
def test_wurm_hatchling_grows_with_wild_cost_one_cards() -> None:
    """epic.keyword.ally, epic.keyword.ally.free_cards: a cost-1 wild card puts two +1/+1
    counters on it (they stay); a cost-0 wild card does not."""
    st = pos({"hand": ["fireball", "triceratops"], "play": ["wurm_hatchling"]})
    play(st, "play fireball", "target p2")
    hatch = find(st, 0, "wurm_hatchling")
    assert st.counters[hatch] == 0
    play(st, "play triceratops", "first wurm_hatchling")
    assert st.counters[hatch] == 2 and stats(st, hatch) == (6, 6)
    assert has(st, hatch, BREAKTHROUGH)
    play(st, "pass", "pass")
    assert st.active == 1
    assert stats(st, hatch) == (6, 6)
