"""The Epic duel set's 17 printed cards and the 4 token kinds (data/duel_set.toml,
data/tokens.toml) on small positions.

Each test plays a card through the public API and checks what its text, as the duel set
rulebook prints it, makes happen; the rule ids each test checks open its docstring (card
ids are the snake_case English names; readings of lost icons follow docs/rulings/epic.md).
"""

from __future__ import annotations

from typing import Any

from cardtable.games.epic.cards import KW_BIT, CardDef, EpicDB
from cardtable.games.epic.effects import defense, keywords, offense
from cardtable.games.epic.game import EpicGame
from cardtable.games.epic.state import EpicState
from tests.games.epic.helpers import GAME, play, position, texts


def champ(ident: str, faction: str = "good", offense: int = 2, defense: int = 2) -> dict[str, Any]:
    """An inline vanilla champion (for stats no printed card has)."""
    return {
        "id": ident,
        "edition": "duel2023",
        "name": {"ru": ident, "en": ident},
        "faction": faction,
        "type": "champion",
        "cost": 0,
        "offense": offense,
        "defense": defense,
    }


CARDS = [
    champ("ex_twelve", offense=12, defense=12),
    champ("ex_thirteen", offense=13, defense=13),
    champ("ex_sage", faction="sage", offense=4, defense=4),
]


def pos(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> EpicState:
    """P1's main phase; P2 holds Armament unless told otherwise."""
    return position(CARDS, p1, {"hand": ["armament"], **p2}, **top)


def their_turn(p1: dict[str, Any], p2: dict[str, Any]) -> EpicState:
    """P2's turn, P2 has passed: P1 holds initiative in the pass window."""
    return pos(p1, p2, turn=4, active="P2", window="pass", initiative="P1")


def p2_main(p1: dict[str, Any], p2: dict[str, Any]) -> EpicState:
    """P2's turn, P2 to act in its main phase."""
    return pos(p1, p2, turn=4, active="P2", initiative="P2")


def db(st: EpicState) -> EpicDB:
    assert isinstance(GAME, EpicGame)
    return GAME.dbs(st)


def card(st: EpicState, ident: str) -> CardDef:
    return db(st).card(ident)


def names(st: EpicState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def find(st: EpicState, seat: int, ident: str) -> int:
    """The first champion named ``ident`` in ``seat``'s play area."""
    return int(next(i for i in st.play[seat] if st.card_ids[i] == ident))


def all_of(st: EpicState, seat: int, ident: str) -> list[int]:
    return [i for i in st.play[seat] if st.card_ids[i] == ident]


def off(st: EpicState, i: int) -> int:
    return int(offense(db(st), st, i))


def dfn(st: EpicState, i: int) -> int:
    return int(defense(db(st), st, i))


def has(st: EpicState, i: int, keyword: str) -> bool:
    return bool(keywords(db(st), st, i) & KW_BIT[keyword])


def targets(st: EpicState) -> list[str]:
    return sorted(t for t in texts(st) if t.startswith("target"))


def card_zones(st: EpicState, i: int) -> list[str]:
    """The hand, deck and discard piles holding instance ``i`` (a token: never any)."""
    zones = []
    for seat in range(2):
        for label, pile in (("hand", st.hands), ("deck", st.decks), ("discard", st.discards)):
            if i in pile[seat]:
                zones.append(f"{label}{seat + 1}")
    return zones


def end_turn(st: EpicState) -> None:
    """Both players pass until the next turn has begun."""
    turn = st.turn
    while st.turn == turn:
        play(st, "pass")


# --- Демон страданий ------------------------------------------------------------------
def test_demon_of_torment_card_and_tribute() -> None:
    """epic.card.text, epic.keyword.tribute, epic.gold.pay, epic.token, R3: a 10/9 Evil
    demon for 1 gold; entering play it deals 3 to every opposing champion (a 1/1 token
    breaks and goes back to the supply), never to its own side or to a player."""
    st = pos(
        {"hand": ["demon_of_torment"], "play": ["imperial_commander"]},
        {"play": ["imperial_cavalry", "human_token"]},
    )
    d = card(st, "demon_of_torment")
    assert (d.faction, d.cost, d.offense, d.defense, d.classes) == ("evil", 1, 10, 9, ("demon",))
    token = find(st, 1, "human_token")
    play(st, "play demon_of_torment")
    assert st.gold[0] == 0
    cavalry = find(st, 1, "imperial_cavalry")
    assert st.damage[cavalry] == 3 and names(st, st.play[1]) == ["imperial_cavalry"]
    assert token in st.supply and card_zones(st, token) == []
    assert st.damage[find(st, 0, "imperial_commander")] == 0
    assert st.damage[find(st, 0, "demon_of_torment")] == 0
    assert st.health == [30, 30]


def test_demon_of_torment_blitz_attacks_at_once() -> None:
    """epic.keyword.blitz, epic.combat.declare.arriving: it attacks in the turn it is
    played, while an arriving champion without Blitz may not."""
    st = pos({"hand": ["demon_of_torment"]}, {})
    play(st, "play demon_of_torment")
    assert has(st, find(st, 0, "demon_of_torment"), "blitz")
    assert "attack" in texts(st)
    play(st, "attack", "pass", "pass", "pass", "pass")  # no blocker: unblocked
    assert st.health[1] == 20
    st = pos({"hand": ["imperial_commander"]}, {})
    play(st, "play imperial_commander")
    assert "attack" not in texts(st)


def test_demon_of_torment_in_an_empty_field_does_nothing_more() -> None:
    """epic.target.partial, epic.champion.timing: with no opposing champion its Tribute
    hurts nobody; lacking Ambush it cannot be played in the opponent's turn."""
    st = pos({"hand": ["demon_of_torment"], "play": ["human_token"]}, {})
    play(st, "play demon_of_torment")
    assert st.damage[find(st, 0, "human_token")] == 0 and st.health == [30, 30]
    st = their_turn({"hand": ["demon_of_torment"]}, {})
    assert "play demon_of_torment" not in texts(st)


# --- Поборник нечестивых ----------------------------------------------------------------
def test_champion_of_the_wicked_boosts_other_evil_champions() -> None:
    """epic.card.text, epic.ability.static, epic.card.faction, epic.gold.pay, R8: a free
    5/3 Evil human; its controller's other Evil champions (tokens too) have +1/+1; itself,
    its controller's Good champion and the opponent's Evil champion do not."""
    st = pos(
        {"hand": ["champion_of_the_wicked"], "play": ["demon_of_torment", "zombie_token"]},
        {"play": ["demon_token"]},
    )
    d = card(st, "champion_of_the_wicked")
    assert (d.faction, d.cost, d.classes) == ("evil", 0, ("human",))
    play(st, "play champion_of_the_wicked")
    assert st.gold[0] == 1
    wicked = find(st, 0, "champion_of_the_wicked")
    assert (off(st, wicked), dfn(st, wicked)) == (5, 3)
    demon = find(st, 0, "demon_of_torment")
    assert (off(st, demon), dfn(st, demon)) == (11, 10)
    zombie = find(st, 0, "zombie_token")
    assert (off(st, zombie), dfn(st, zombie)) == (3, 3)
    enemy = find(st, 1, "demon_token")
    assert (off(st, enemy), dfn(st, enemy)) == (4, 4)


def test_champion_of_the_wicked_bonus_ends_when_it_leaves() -> None:
    """epic.ability.static, epic.combat.damage.break, epic.token: 4 damage to each of P2's
    champions breaks the 5/3 first; without it the demon token is back to 4/4, so its 4
    damage breaks it too and it returns to the supply."""
    st = pos(
        {"hand": ["adept_pyromancer"]},
        {"play": ["champion_of_the_wicked", "demon_token", "imperial_cavalry"]},
    )
    token = find(st, 1, "demon_token")
    assert dfn(st, token) == 5
    play(st, "play adept_pyromancer", "target p2")
    assert names(st, st.play[1]) == ["imperial_cavalry"]
    assert names(st, st.discards[1]) == ["champion_of_the_wicked"]
    assert token in st.supply and card_zones(st, token) == []


def test_champion_of_the_wicked_ambush_in_combat() -> None:
    """epic.keyword.ambush, epic.combat.before_blocks.window, epic.arriving: played in the
    opponent's attack before blocks it arrives yet may block, its bonus already counting
    for the demon beside it."""
    st = p2_main(
        {"hand": ["champion_of_the_wicked"], "play": [{"card": "demon_token"}]},
        {"play": ["imperial_cavalry"]},
    )
    play(st, "attack", "pass")  # the lone cavalry attacks; P2 passes before blocks
    assert "play champion_of_the_wicked" in texts(st)
    play(st, "play champion_of_the_wicked")  # P1's only option left, pass, is automatic
    play(st, "pass")
    assert sorted(t for t in texts(st) if t.startswith("add")) == [
        "add champion_of_the_wicked",
        "add demon_token",
    ]
    play(st, "add demon_token", "done")
    play(st, "pass")  # P1's empty hand passes by itself; P2 passes: damage
    assert texts(st) == ["to demon_token 5", "to demon_token 8"]  # the demon is 5/5 now
    play(st, "to demon_token 8")  # the demon's 5 go to the cavalry (forced)
    assert st.damage[find(st, 1, "imperial_cavalry")] == 5
    assert names(st, st.play[0]) == ["champion_of_the_wicked"]


# --- Поток огня -------------------------------------------------------------------------
def test_torrent_of_flame_seven_to_any_target() -> None:
    """epic.card.text, epic.event.modes, epic.event.resolve, epic.break: the first mode
    deals 7 to one chosen target, a champion of either side or a player; a champion with 7
    defense or less is broken; the event then lies in P1's discard pile."""
    st = pos(
        {"hand": ["torrent_of_flame"], "play": ["bounty_hunter"]}, {"play": ["imperial_commander"]}
    )
    play(st, "play torrent_of_flame")
    assert st.gold[0] == 0
    assert targets(st) == [
        "target bounty_hunter",
        "target imperial_commander",
        "target p1",
        "target p2",
    ]
    probe = st.clone()
    play(probe, "target p2")
    assert probe.health == [30, 23]
    play(st, "target imperial_commander")
    assert st.play[1] == [] and names(st, st.discards[1]) == ["imperial_commander"]
    assert names(st, st.discards[0]) == ["torrent_of_flame"]


def test_torrent_of_flame_three_to_a_player_and_their_champions() -> None:
    """epic.card.text, epic.event.modes, epic.token: the second mode deals 3 to the chosen
    player and to each champion that player controls (the token breaks); the other side is
    untouched. Choosing oneself burns one's own side."""
    st = pos(
        {"hand": ["torrent_of_flame"], "play": ["imperial_cavalry"]},
        {"play": ["bounty_hunter", "human_token", "imperial_commander"]},
    )
    play(st, "play torrent_of_flame 2")
    assert targets(st) == ["target p1", "target p2"]
    play(st, "target p2")
    assert st.health == [30, 27]
    assert names(st, st.play[1]) == ["imperial_commander"]
    assert st.damage[find(st, 1, "imperial_commander")] == 3
    assert names(st, st.discards[1]) == ["bounty_hunter"]
    assert st.damage[find(st, 0, "imperial_cavalry")] == 0
    st = pos(
        {"hand": ["torrent_of_flame"], "play": ["imperial_cavalry"]}, {"play": ["bounty_hunter"]}
    )
    play(st, "play torrent_of_flame 2", "target p1")
    assert st.health == [27, 30] and st.damage[find(st, 0, "imperial_cavalry")] == 3
    assert st.damage[find(st, 1, "bounty_hunter")] == 0


def test_torrent_of_flame_in_the_opponents_turn() -> None:
    """epic.event.timing, epic.gold.refresh: an event, so P1 may play it in P2's turn with
    the gold refreshed at that turn's start."""
    st = their_turn({"hand": ["torrent_of_flame"]}, {"play": ["bounty_hunter"]})
    play(st, "play torrent_of_flame", "target bounty_hunter")
    assert st.play[1] == [] and st.gold[0] == 0


# --- Ледяной удар -----------------------------------------------------------------------
def test_frost_strike_draw_mode() -> None:
    """epic.card.text, epic.event.modes: the first mode draws two cards for 1 gold."""
    st = pos({"hand": ["frost_strike"], "deck": ["howl", "armament", "purification"]}, {})
    play(st, "play frost_strike")
    assert names(st, st.hands[0]) == ["howl", "armament"]  # the deck's top two
    assert names(st, st.decks[0]) == ["purification"]
    assert st.gold[0] == 0 and names(st, st.discards[0]) == ["frost_strike"]


def test_frost_strike_six_to_a_champion_and_each_opponent() -> None:
    """epic.card.text, epic.event.modes, R58: the second mode deals 6 to a chosen champion
    (own ones may be chosen) and 6 to every opponent, never to its caster."""
    st = pos(
        {"hand": ["frost_strike"], "play": ["imperial_cavalry"]},
        {"play": ["adept_pyromancer", "imperial_commander"]},
    )
    play(st, "play frost_strike 2")
    assert targets(st) == [
        "target adept_pyromancer",
        "target imperial_cavalry",
        "target imperial_commander",
    ]
    play(st, "target adept_pyromancer")
    assert names(st, st.play[1]) == ["imperial_commander"]
    assert st.damage[find(st, 1, "imperial_commander")] == 0
    assert st.health == [30, 24]


def test_frost_strike_without_champions_still_hits_the_opponent() -> None:
    """epic.target.partial, epic.event.timing: with no champion to choose the first part is
    skipped and the opponent still takes 6; in P2's turn the opponent is still P2."""
    st = their_turn({"hand": ["frost_strike"]}, {})
    play(st, "play frost_strike 2")
    assert st.health == [30, 24] and st.pending[0] != "target"


# --- Искусная пиромантка ----------------------------------------------------------------
def test_adept_pyromancer_tribute_burns_a_player_and_their_champions() -> None:
    """epic.card.text, epic.keyword.tribute, R3: a 6/5 Wild human mage for 1 gold; entering
    play it deals 4 to a chosen player and each of that player's champions."""
    st = pos(
        {"hand": ["adept_pyromancer"], "play": ["imperial_cavalry"]},
        {"play": ["imperial_commander", "wolf_token", "champion_of_the_wicked"]},
    )
    d = card(st, "adept_pyromancer")
    assert (d.faction, d.cost, d.offense, d.defense) == ("wild", 1, 6, 5)
    assert set(d.classes) == {"human", "mage"}
    play(st, "play adept_pyromancer")
    assert targets(st) == ["target p1", "target p2"]
    play(st, "target p2")
    assert st.health == [30, 26]
    assert names(st, st.play[1]) == ["imperial_commander"]
    assert st.damage[find(st, 1, "imperial_commander")] == 4
    assert st.damage[find(st, 0, "imperial_cavalry")] == 0


def test_adept_pyromancer_choosing_oneself_hits_itself() -> None:
    """epic.card.text, epic.target.mandatory, epic.champion.timing: chosen on its own
    controller, the 4 damage reaches every champion of that side, itself included (6/5
    survives); without Ambush it is not playable in the opponent's turn."""
    st = pos(
        {"hand": ["adept_pyromancer"], "play": ["bounty_hunter"]}, {"play": ["imperial_cavalry"]}
    )
    play(st, "play adept_pyromancer", "target p1")
    assert st.health == [26, 30]
    assert names(st, st.play[0]) == ["adept_pyromancer"]
    assert st.damage[find(st, 0, "adept_pyromancer")] == 4
    assert names(st, st.discards[0]) == ["bounty_hunter"]
    st = their_turn({"hand": ["adept_pyromancer"]}, {})
    assert "play adept_pyromancer" not in texts(st)


# --- Удар света -------------------------------------------------------------------------
def test_strike_of_light_draw_mode() -> None:
    """epic.card.text, epic.event.modes: the first mode draws two cards for 1 gold."""
    st = pos({"hand": ["strike_of_light"]}, {"play": ["imperial_cavalry"]})
    play(st, "play strike_of_light")
    assert len(st.hands[0]) == 2 and st.gold[0] == 0 and len(st.play[1]) == 1


def test_strike_of_light_banishes_a_champion_of_twelve_or_less() -> None:
    """epic.card.text, epic.event.modes, epic.banish, R9: the second mode sends a chosen
    champion whose stats are 12 or lower (12 itself allowed) under its owner's deck; a
    13/13 champion cannot be chosen."""
    st = pos(
        {"hand": ["strike_of_light"], "play": ["imperial_commander"]},
        {"play": ["ex_twelve", "ex_thirteen"]},
    )
    play(st, "play strike_of_light 2")
    assert targets(st) == ["target ex_twelve", "target imperial_commander"]
    play(st, "target ex_twelve")
    assert names(st, st.play[1]) == ["ex_thirteen"]
    assert names(st, st.decks[1][:1]) == ["ex_twelve"]
    assert "ex_twelve" not in names(st, st.discards[1])


def test_strike_of_light_banished_token_returns_to_the_supply() -> None:
    """epic.banish, epic.token.never_card_zone, epic.target.partial: a banished token goes
    to the supply, not under a deck; with no legal target the second mode does nothing."""
    st = pos({"hand": ["strike_of_light"]}, {"play": ["wolf_token"]})
    token = find(st, 1, "wolf_token")
    deck = list(st.decks[1])
    play(st, "play strike_of_light 2")  # the only champion: forced
    assert st.play[1] == [] and token in st.supply and card_zones(st, token) == []
    assert st.decks[1] == deck
    st = pos({"hand": ["strike_of_light", "howl"]}, {"play": ["ex_thirteen"]})
    play(st, "play strike_of_light 2")
    assert names(st, st.play[1]) == ["ex_thirteen"] and st.pending == ("act", 0)
    assert names(st, st.discards[0]) == ["strike_of_light"]


# --- Преображение -----------------------------------------------------------------------
def test_metamorphosis_sage_up_others_down_and_draws() -> None:
    """epic.card.text, epic.card.faction, R6: every Sage champion (either side) gets +2
    offense, every other champion (the caster's own too) -2 offense, defense unchanged;
    then two cards are drawn."""
    st = pos(
        {"hand": ["metamorphosis"], "play": ["lightning_elemental", "imperial_cavalry"]},
        {"play": ["ex_sage", "demon_of_torment"]},
    )
    play(st, "play metamorphosis")
    elemental = find(st, 0, "lightning_elemental")
    assert (off(st, elemental), dfn(st, elemental)) == (7, 5)
    cavalry = find(st, 0, "imperial_cavalry")
    assert (off(st, cavalry), dfn(st, cavalry)) == (6, 8)
    sage = find(st, 1, "ex_sage")
    assert (off(st, sage), dfn(st, sage)) == (6, 4)
    demon = find(st, 1, "demon_of_torment")
    assert (off(st, demon), dfn(st, demon)) == (8, 9)
    assert len(st.hands[0]) == 2 and st.gold[0] == 0


def test_metamorphosis_lasts_until_end_of_turn() -> None:
    """epic.turn.end.expire, epic.target.partial: the changes end with the turn; champions
    entering play afterwards are not changed; with no champion at all it still draws."""
    st = pos({"hand": ["metamorphosis", "howl"], "play": ["imperial_cavalry"]}, {})
    play(st, "play metamorphosis", "play howl")
    cavalry = find(st, 0, "imperial_cavalry")
    assert off(st, cavalry) == 6
    assert [off(st, w) for w in all_of(st, 0, "wolf_token")] == [2, 2]
    end_turn(st)
    assert off(st, cavalry) == 8
    st = pos({"hand": ["metamorphosis"]}, {})
    play(st, "play metamorphosis")
    assert len(st.hands[0]) == 2


# --- Имперская кавалерия ----------------------------------------------------------------
def test_imperial_cavalry_tribute_three_humans() -> None:
    """epic.card.text, epic.keyword.tribute, epic.token, epic.setup.tokens, R3: an 8/8
    Good human for 1 gold; entering play it brings three 1/1 human tokens from the
    supply, all arriving."""
    st = pos({"hand": ["imperial_cavalry"]}, {})
    d = card(st, "imperial_cavalry")
    assert (d.faction, d.cost, d.offense, d.defense, d.classes) == ("good", 1, 8, 8, ("human",))
    before = len(st.card_ids)
    play(st, "play imperial_cavalry")
    tokens = all_of(st, 0, "human_token")
    assert len(tokens) == 3 and all(t >= before for t in tokens)
    assert all(st.owner[t] == 0 and st.controller[t] == 0 for t in tokens)
    assert all((off(st, t), dfn(st, t)) == (1, 1) for t in tokens)
    assert "attack" not in texts(st)  # everything arrived this turn


def test_imperial_cavalry_ambush_brings_blockers() -> None:
    """epic.keyword.ambush, epic.combat.before_blocks.window: played during P2's attack
    before blocks, it and its tokens may block that attack."""
    st = p2_main({"hand": ["imperial_cavalry"]}, {"play": ["demon_of_torment"]})
    play(st, "attack", "pass", "play imperial_cavalry")  # then P1 can only pass: automatic
    play(st, "pass")
    assert st.pending[0] == "blockers"
    adds = sorted(t for t in texts(st) if t.startswith("add"))
    assert len(adds) == 4 and "add imperial_cavalry" in adds
    play(st, "add imperial_cavalry", "add human_token@P1.1", "done", "pass")
    play(st, "to imperial_cavalry 8", "to human_token@P1.1 2")  # P2 splits the demon's 10
    assert st.health[0] == 30  # blocked
    assert names(st, st.discards[0]) == ["imperial_cavalry"]
    assert names(st, st.play[0]) == ["human_token", "human_token"] and len(st.supply) == 1
    assert names(st, st.discards[1]) == ["demon_of_torment"]  # 8 + 1 damage on a 10/9


# --- Вооружение -------------------------------------------------------------------------
def test_armament_plus_seven_free() -> None:
    """epic.card.text, epic.event.modes, epic.gold.pay, R4: the first mode costs nothing
    and gives a chosen champion +7 offense (defense unchanged) until the turn ends."""
    st = pos({"hand": ["armament"], "play": ["bounty_hunter"]}, {"play": ["imperial_cavalry"]})
    play(st, "play armament")
    assert targets(st) == ["target bounty_hunter", "target imperial_cavalry"]
    play(st, "target bounty_hunter")
    hunter = find(st, 0, "bounty_hunter")
    assert (off(st, hunter), dfn(st, hunter)) == (15, 3) and st.gold[0] == 1
    end_turn(st)
    assert off(st, hunter) == 8


def test_armament_plus_ten_costs_gold() -> None:
    """epic.event.modes, epic.gold.pay, R10: the second mode gives +10 offense and spends
    the gold; with no gold only the free mode is offered."""
    st = pos({"hand": ["armament"], "play": ["bounty_hunter"]}, {})
    play(st, "play armament 2")  # the only champion: forced
    assert off(st, find(st, 0, "bounty_hunter")) == 18 and st.gold[0] == 0
    st = pos({"hand": ["armament"], "play": ["bounty_hunter"], "gold": 0}, {})
    assert [t for t in texts(st) if t.startswith("play")] == ["play armament"]


def test_armament_in_combat_from_the_defender() -> None:
    """epic.event.timing, epic.combat.before_damage: the defender pumps its blocking token
    after blocks, and the token's 8 damage breaks the 8/3 attacker."""
    st = p2_main({"hand": ["armament"], "play": ["human_token"]}, {"play": ["bounty_hunter"]})
    play(st, "attack", "pass", "pass", "add human_token")  # the lone blocker: blocks end
    play(st, "play armament", "target human_token")  # P1 defends and acts first
    token = find(st, 0, "human_token")
    assert off(st, token) == 8 and st.gold[0] == 1
    play(st, "pass", "to human_token 8", "to bounty_hunter 8")  # each side splits its damage
    assert token in st.supply and names(st, st.discards[1]) == ["bounty_hunter"]
    assert st.health == [30, 30]


# --- Мобилизация ------------------------------------------------------------------------
def test_mobilization_gain_seven_free() -> None:
    """epic.card.text, epic.event.modes, epic.gold.pay: the first mode costs nothing and
    gains 7 health (past the starting 30)."""
    st = pos({"hand": ["mobilization"]}, {})
    play(st, "play mobilization")
    assert st.health[0] == 37 and st.gold[0] == 1 and st.play[0] == []


def test_mobilization_three_humans_for_gold() -> None:
    """epic.event.modes, epic.token, R10: the second mode costs 1 gold and brings three
    human tokens; without gold it is not offered."""
    st = pos({"hand": ["mobilization"]}, {})
    play(st, "play mobilization 2")
    assert names(st, st.play[0]) == ["human_token"] * 3 and st.gold[0] == 0
    assert st.health[0] == 30
    st = pos({"hand": ["mobilization"], "gold": 0}, {})
    assert [t for t in texts(st) if t.startswith("play")] == ["play mobilization"]


def test_mobilization_tokens_block_in_the_opponents_turn() -> None:
    """epic.event.timing, epic.combat.before_blocks.window, epic.token: tokens made during
    P2's attack before blocks may block it; a broken token goes back to the supply."""
    st = p2_main({"hand": ["mobilization"]}, {"play": ["bounty_hunter"]})
    play(st, "attack", "pass", "play mobilization 2", "pass")
    tokens = all_of(st, 0, "human_token")
    assert len(tokens) == 3 and st.pending[0] == "blockers"
    play(st, "add human_token@P1.0", "done", "pass", "to human_token@P1.0 8")
    assert st.health[0] == 30 and names(st, st.play[0]) == ["human_token"] * 2
    assert tokens[0] in st.supply and card_zones(st, tokens[0]) == []
    assert names(st, st.discards[0]) == ["mobilization"]


# --- Изгнание ---------------------------------------------------------------------------
def test_expulsion_draw_mode() -> None:
    """epic.card.text, epic.event.modes: the first mode draws two cards."""
    st = pos({"hand": ["expulsion"], "play": ["imperial_cavalry"]}, {})
    play(st, "play expulsion")
    assert len(st.hands[0]) == 2 and len(st.play[0]) == 1 and st.gold[0] == 0


def test_expulsion_in_own_turn_returns_all_and_opponent_discards() -> None:
    """epic.card.text, epic.event.modes, epic.owner, epic.token.never_card_zone: in its
    caster's turn every champion goes back to its owner's hand (a borrowed one to its
    owner, tokens to the supply), then the opponent discards a card of their choice; the
    caster discards nothing."""
    st = pos(
        {
            "hand": ["expulsion", "howl"],
            "play": ["imperial_commander", "wolf_token", {"card": "bounty_hunter", "owner": "P2"}],
        },
        {"hand": ["armament", "mobilization"], "play": ["imperial_cavalry"]},
    )
    wolf = find(st, 0, "wolf_token")
    play(st, "play expulsion 2")
    assert st.play == [[], []]
    assert names(st, st.hands[0]) == ["howl", "imperial_commander"]
    assert sorted(names(st, st.hands[1])) == [
        "armament",
        "bounty_hunter",
        "imperial_cavalry",
        "mobilization",
    ]
    assert wolf in st.supply and card_zones(st, wolf) == []
    assert st.pending[0] == "discard" and st.pending[1] == 1
    play(st, "discard imperial_cavalry")
    assert names(st, st.discards[1]) == ["imperial_cavalry"]
    assert names(st, st.discards[0]) == ["expulsion"] and len(st.hands[1]) == 3


def test_expulsion_opponent_with_empty_hand() -> None:
    """epic.target.partial: an opponent with no card (even after the returns) discards
    nothing."""
    st = pos({"hand": ["expulsion", "howl"], "play": ["imperial_cavalry"]}, {"hand": []})
    play(st, "play expulsion 2")
    assert names(st, st.hands[0]) == ["howl", "imperial_cavalry"] and st.hands[1] == []
    assert st.pending == ("act", 0)


def test_expulsion_second_mode_in_the_opponents_turn_does_nothing() -> None:
    """epic.event.modes, R23: in P2's turn the second mode may still be chosen, but then
    nobody's champion returns and nobody discards; the card is spent."""
    st = their_turn(
        {"hand": ["expulsion"], "play": ["imperial_commander"]},
        {"hand": ["armament"], "play": ["imperial_cavalry"]},
    )
    assert "play expulsion 2" in texts(st)
    play(st, "play expulsion 2")
    assert names(st, st.play[0]) == ["imperial_commander"]
    assert names(st, st.play[1]) == ["imperial_cavalry"]
    assert st.hands[0] == [] and names(st, st.hands[1]) == ["armament"]
    assert names(st, st.discards[0]) == ["expulsion"] and st.gold[0] == 0


# --- Вой --------------------------------------------------------------------------------
def test_howl_two_wolves_free() -> None:
    """epic.card.text, epic.event.modes, epic.token: the first mode costs nothing and
    brings two 2/2 Wild wolf tokens, also in the opponent's turn."""
    st = pos({"hand": ["howl"]}, {})
    play(st, "play howl")
    wolves = all_of(st, 0, "wolf_token")
    assert len(wolves) == 2 and st.gold[0] == 1
    assert all((off(st, w), dfn(st, w)) == (2, 2) for w in wolves)
    st = their_turn({"hand": ["howl"]}, {})
    play(st, "play howl")
    assert names(st, st.play[0]) == ["wolf_token"] * 2


def test_howl_plus_five_plus_five_for_gold() -> None:
    """epic.event.modes, epic.turn.end.expire, R5, R10: the second mode costs 1 gold and
    gives a chosen champion +5 offense and +5 defense until the turn ends; without gold it
    is not offered."""
    st = pos({"hand": ["howl"], "play": ["bounty_hunter"]}, {"play": ["imperial_cavalry"]})
    play(st, "play howl 2")
    assert targets(st) == ["target bounty_hunter", "target imperial_cavalry"]
    play(st, "target bounty_hunter")
    hunter = find(st, 0, "bounty_hunter")
    assert (off(st, hunter), dfn(st, hunter)) == (13, 8) and st.gold[0] == 0
    end_turn(st)
    assert (off(st, hunter), dfn(st, hunter)) == (8, 3)
    st = pos({"hand": ["howl"], "play": ["bounty_hunter"], "gold": 0}, {})
    assert [t for t in texts(st) if t.startswith("play")] == ["play howl"]


def test_howl_defense_saves_a_champion() -> None:
    """epic.card.text, epic.combat.damage.break: +5 defense lets the 8/3 hunter survive 7
    damage this turn."""
    st = pos(
        {"hand": ["howl", "armament"], "play": ["bounty_hunter"]}, {"hand": ["torrent_of_flame"]}
    )
    play(st, "play howl 2", "pass")
    play(st, "play torrent_of_flame", "target bounty_hunter")
    hunter = find(st, 0, "bounty_hunter")
    assert st.damage[hunter] == 7 and dfn(st, hunter) == 8


# --- Очищение ---------------------------------------------------------------------------
def test_purification_heals_four_and_draws_two() -> None:
    """epic.card.text, epic.play.event, epic.event.resolve: for 1 gold its player gains 4
    health and then draws two cards; the card goes to the discard pile."""
    st = pos(
        {"hand": ["purification"], "health": 20, "deck": ["howl", "armament", "expulsion"]}, {}
    )
    d = card(st, "purification")
    assert (d.faction, d.cost, d.type) == ("good", 1, "event")
    play(st, "play purification")
    assert st.health[0] == 24 and len(st.hands[0]) == 2 and len(st.decks[0]) == 1
    assert names(st, st.discards[0]) == ["purification"] and st.gold[0] == 0


def test_purification_in_the_opponents_turn() -> None:
    """epic.event.timing: it is an event, so it can be played in P2's turn."""
    st = their_turn({"hand": ["purification"]}, {})
    play(st, "play purification")
    assert st.health[0] == 34 and len(st.hands[0]) == 2


# --- Крадущийся оборотень ---------------------------------------------------------------
def test_prowling_werewolf_tribute_draws() -> None:
    """epic.card.text, epic.keyword.tribute, R3: a 9/6 Wild human wolf for 1 gold; entering
    play it draws one card."""
    st = pos({"hand": ["prowling_werewolf"]}, {})
    d = card(st, "prowling_werewolf")
    assert (d.faction, d.cost, d.offense, d.defense) == ("wild", 1, 9, 6)
    assert set(d.classes) == {"human", "wolf"}
    play(st, "play prowling_werewolf")
    assert len(st.hands[0]) == 1 and st.gold[0] == 0
    assert "attack" not in texts(st)  # no Blitz


def test_prowling_werewolf_ambush_in_the_opponents_turn() -> None:
    """epic.keyword.ambush, epic.keyword.tribute: playable in P2's turn, where its Tribute
    still draws a card for P1."""
    st = their_turn({"hand": ["prowling_werewolf"]}, {})
    assert "play prowling_werewolf" in texts(st)
    play(st, "play prowling_werewolf")
    assert names(st, st.play[0]) == ["prowling_werewolf"] and len(st.hands[0]) == 1


# --- Элементаль молний ------------------------------------------------------------------
def test_lightning_elemental_two_to_any_target() -> None:
    """epic.card.text, epic.keyword.tribute, epic.gold.pay, R3: a free 5/5 Sage spirit;
    entering play it deals 2 to a chosen champion or player (itself included)."""
    st = pos({"hand": ["lightning_elemental"]}, {"play": ["human_token", "bounty_hunter"]})
    d = card(st, "lightning_elemental")
    assert (d.faction, d.cost, d.offense, d.defense, d.classes) == ("sage", 0, 5, 5, ("spirit",))
    token = find(st, 1, "human_token")
    play(st, "play lightning_elemental")
    assert st.gold[0] == 1
    assert targets(st) == [
        "target bounty_hunter",
        "target human_token",
        "target lightning_elemental",
        "target p1",
        "target p2",
    ]
    probe = st.clone()
    play(probe, "target p2")
    assert probe.health == [30, 28]
    play(st, "target human_token")
    assert names(st, st.play[1]) == ["bounty_hunter"] and token in st.supply


def test_lightning_elemental_not_in_the_opponents_turn() -> None:
    """epic.champion.timing: it has no Ambush, so P1 cannot play it in P2's turn."""
    st = their_turn({"hand": ["lightning_elemental"]}, {})
    assert "play lightning_elemental" not in texts(st)


# --- Имперский командир -----------------------------------------------------------------
def test_imperial_commander_boosts_other_good_champions() -> None:
    """epic.card.text, epic.ability.static, epic.keyword.tribute, R7: a 10/7 Good human for
    1 gold; entering play it draws a card; its controller's other Good champions (tokens
    too) have +3 offense, defense unchanged; itself, an Evil champion of its controller and
    the opponent's Good champion do not."""
    st = pos(
        {
            "hand": ["imperial_commander"],
            "play": ["bounty_hunter", "human_token", "demon_of_torment"],
        },
        {"play": ["imperial_cavalry"]},
    )
    d = card(st, "imperial_commander")
    assert (d.faction, d.cost, d.offense, d.defense, d.classes) == ("good", 1, 10, 7, ("human",))
    play(st, "play imperial_commander")
    assert len(st.hands[0]) == 1
    assert off(st, find(st, 0, "imperial_commander")) == 10
    hunter = find(st, 0, "bounty_hunter")
    assert (off(st, hunter), dfn(st, hunter)) == (11, 3)
    token = find(st, 0, "human_token")
    assert (off(st, token), dfn(st, token)) == (4, 1)
    assert off(st, find(st, 0, "demon_of_torment")) == 10
    assert off(st, find(st, 1, "imperial_cavalry")) == 8


def test_imperial_commander_covers_later_arrivals_and_ends_on_leaving() -> None:
    """epic.ability.static: tokens made later get the bonus at once; when the commander
    leaves play the bonus is gone."""
    st = pos(
        {"hand": ["mobilization"], "play": ["imperial_commander"]},
        {"hand": ["strike_of_light"]},
    )
    play(st, "play mobilization 2")
    tokens = all_of(st, 0, "human_token")
    assert [off(st, t) for t in tokens] == [4, 4, 4]
    play(st, "pass", "play strike_of_light 2", "target imperial_commander")
    assert [off(st, t) for t in tokens] == [1, 1, 1]


# --- Охотник за головами ----------------------------------------------------------------
def test_bounty_hunter_banishes_an_opposing_champion() -> None:
    """epic.card.text, epic.keyword.tribute, epic.banish, R3: an 8/3 Good human for 1 gold;
    entering play it sends a chosen champion of the opponent (never its own side's) under
    its owner's deck."""
    st = pos(
        {"hand": ["bounty_hunter"], "play": ["imperial_cavalry"]},
        {"play": ["demon_of_torment", "prowling_werewolf"]},
    )
    d = card(st, "bounty_hunter")
    assert (d.faction, d.cost, d.offense, d.defense, d.classes) == ("good", 1, 8, 3, ("human",))
    play(st, "play bounty_hunter")
    assert targets(st) == ["target demon_of_torment", "target prowling_werewolf"]
    play(st, "target demon_of_torment")
    assert names(st, st.play[1]) == ["prowling_werewolf"]
    assert names(st, st.decks[1][:1]) == ["demon_of_torment"]
    assert st.discards[1] == []


def test_bounty_hunter_with_no_opposing_champion() -> None:
    """epic.target.partial, epic.target.mandatory: with only its own side's champions in
    play nothing is banished and no target is asked; a lone opposing token is banished
    to the supply."""
    st = pos({"hand": ["bounty_hunter", "howl"], "play": ["imperial_cavalry"]}, {})
    play(st, "play bounty_hunter")
    assert names(st, st.play[0]) == ["imperial_cavalry", "bounty_hunter"]
    assert st.pending == ("act", 0) and st.discards[0] == []
    st = pos({"hand": ["bounty_hunter"]}, {"play": ["zombie_token"]})
    zombie = find(st, 1, "zombie_token")
    play(st, "play bounty_hunter")  # the only choice: forced
    assert st.play[1] == [] and zombie in st.supply and card_zones(st, zombie) == []


# --- Tokens -----------------------------------------------------------------------------
def test_human_token_card_and_supply() -> None:
    """epic.token, epic.setup.tokens, epic.token.never_card_zone, epic.owner: a 1/1 Good
    human token; made by an effect it comes from the supply under its maker's ownership;
    broken, it goes back to the supply, not to a discard pile."""
    st = pos({"hand": ["mobilization"]}, {"hand": ["torrent_of_flame"]})
    d = db(st).token("human")
    assert (d.id, d.type, d.faction, d.cost, d.offense, d.defense, d.classes) == (
        "human_token",
        "token",
        "good",
        0,
        1,
        1,
        ("human",),
    )
    play(st, "play mobilization 2")
    tokens = all_of(st, 0, "human_token")
    assert all(st.owner[t] == 0 and card_zones(st, t) == [] for t in tokens)
    play(st, "pass", "play torrent_of_flame 2", "target p1")
    assert st.play[0] == [] and sorted(st.supply) == sorted(tokens)
    assert names(st, st.discards[0]) == ["mobilization"]
    assert all(card_zones(st, t) == [] for t in tokens)


def test_wolf_token_card_and_return_to_hand() -> None:
    """epic.token, epic.token.never_card_zone: a 2/2 Wild wolf token; an effect that returns
    champions to hand sends it to the supply instead of a hand."""
    st = pos({"hand": ["howl", "expulsion"]}, {"hand": []})
    d = db(st).token("wolf")
    assert (d.type, d.faction, d.cost, d.offense, d.defense, d.classes) == (
        "token",
        "wild",
        0,
        2,
        2,
        ("wolf",),
    )
    play(st, "play howl")
    wolves = all_of(st, 0, "wolf_token")
    play(st, "play expulsion 2")
    assert st.play[0] == [] and st.hands[0] == []
    assert all(w in st.supply and card_zones(st, w) == [] for w in wolves)


def test_demon_token_card_and_banish() -> None:
    """epic.token, epic.token.never_card_zone, epic.banish, epic.owner: a 4/4 Evil demon
    token (made by the base set's Demon Breach, three in its caster's turn); banished, it
    goes to the supply, not under its owner's deck."""
    st = pos({"hand": ["demon_breach", "howl"]}, {"hand": ["strike_of_light"]})
    d = db(st).token("demon")
    assert (d.type, d.faction, d.cost, d.offense, d.defense, d.classes) == (
        "token",
        "evil",
        0,
        4,
        4,
        ("demon",),
    )
    play(st, "play demon_breach")
    demons = all_of(st, 0, "demon_token")
    assert len(demons) == 3 and all(st.owner[t] == 0 for t in demons)
    assert all((off(st, t), dfn(st, t)) == (4, 4) for t in demons)
    deck = list(st.decks[0])
    play(st, "pass", "play strike_of_light 2", "target demon_token@P1.1")  # P2 answers
    assert names(st, st.play[0]) == ["demon_token", "demon_token"]
    assert demons[1] in st.supply and card_zones(st, demons[1]) == []
    assert st.decks[0] == deck


def test_zombie_token_card_and_supply() -> None:
    """epic.token, epic.token.never_card_zone, epic.owner: a 2/2 Evil zombie token (made by
    the base set's Bitten for the player whose turn it is); broken, it goes back to the
    supply, not to a discard pile."""
    st = pos(
        {"hand": ["bitten", "howl"]}, {"play": ["bounty_hunter"], "hand": ["torrent_of_flame"]}
    )
    d = db(st).token("zombie")
    assert (d.type, d.faction, d.cost, d.offense, d.defense, d.classes) == (
        "token",
        "evil",
        0,
        2,
        2,
        ("zombie",),
    )
    play(st, "play bitten 2")  # the only champion: forced
    assert names(st, st.discards[1]) == ["bounty_hunter"]
    zombie = find(st, 0, "zombie_token")
    assert st.owner[zombie] == 0 and st.controller[zombie] == 0
    play(st, "pass", "play torrent_of_flame", "target zombie_token")
    assert st.play[0] == [] and zombie in st.supply and card_zones(st, zombie) == []
    assert names(st, st.discards[0]) == ["bitten"]


def test_token_supply_never_runs_out() -> None:
    """epic.token.supply: with twelve wolves already in play (the box's whole wolf/zombie
    stack) Howl still brings two more."""
    st = pos({"hand": ["howl"], "play": ["wolf_token"] * 12}, {})
    play(st, "play howl")
    assert len(all_of(st, 0, "wolf_token")) == 14


def test_tokens_arrive_yet_block() -> None:
    """epic.token, epic.arriving, epic.combat.blocks: tokens made in their controller's
    turn cannot attack in it, but may block in the opponent's next turn."""
    st = pos({"hand": ["howl", "armament"]}, {"play": ["bounty_hunter"]})
    play(st, "play howl")
    assert "attack" not in texts(st)
    end_turn(st)
    assert st.active == 1
    play(st, "attack", "pass", "pass")  # the hunter attacks; nobody plays a card
    assert sorted(t for t in texts(st) if t.startswith("add")) == [
        "add wolf_token@P1.0",
        "add wolf_token@P1.1",
    ]


def test_strike_of_light_bounds_defense_not_offense() -> None:
    """epic.card.text (R9): the banishing mode's bound is the champion's defense: with a
    5/15 and a 15/5 in play only the 15/5 may be chosen."""
    cards = [
        {
            "id": "ex_wall",
            "edition": "duel2023",
            "name": {"ru": "ex_wall", "en": "ex_wall"},
            "faction": "wild",
            "type": "champion",
            "cost": 0,
            "offense": 5,
            "defense": 15,
        },
        {
            "id": "ex_brute",
            "edition": "duel2023",
            "name": {"ru": "ex_brute", "en": "ex_brute"},
            "faction": "wild",
            "type": "champion",
            "cost": 0,
            "offense": 15,
            "defense": 5,
        },
    ]
    st = position(
        cards,
        {"hand": ["strike_of_light"]},
        {"hand": ["armament"], "play": ["ex_wall", "ex_brute"]},
    )
    play(st, "play strike_of_light 2")  # only ex_brute is legal: chosen at once
    assert [st.card_ids[c] for c in st.play[1]] == ["ex_wall"]
