"""Solo mode set-up, the quick and custom variants, and the clash-solo agent spec
(«Одиночный режим»: быстрый вариант, настраиваемый вариант).

Rule ids: clash.solo.mode, clash.solo.no_constructed, clash.solo.precon, clash.solo.draft,
clash.solo.setup, clash.solo.ai_deck, clash.solo.first, clash.solo.player_turn,
clash.solo.ai.mana, clash.custom.level, clash.custom.variable_mana, clash.custom.fixed_mana,
clash.custom.first_player, clash.custom.toughness, clash.custom.abilities.

Point costs are read from the rulebook's icons as the number of marks between the
brackets (AI first 1, resilience 2, Ярость and Рассечение 2, other abilities 1); the custom
AI starts from 2 mana and none per creature, and its mana costs what ruling R41 sets
(base mana 3 to 9 one point per mana above 2, 10 three more than 9; +1 per creature 3,
+2 per creature 5). They are written out here by hand.
"""

from __future__ import annotations

import pytest

from cardtable.core import SetupError, get_game
from cardtable.games.clash.cards import default_db
from cardtable.games.clash.solo import (
    AiSpend,
    ai_settings,
    levels,
    levels_document,
    parse_levels,
    spend_option,
    spends,
)

GAME = get_game("clash")
DB = default_db()
ARCHIPELAGO = ["ember", "shadow", "storm", "tide"]

COSTS = {"first": 1, "resilience": 2}
FIXED = {3: 1, 4: 2, 5: 3, 6: 4, 7: 5, 8: 6, 9: 7, 10: 10}
VARIABLE = {1: 3, 2: 5}
BASE_FIXED, BASE_VARIABLE = 2, 0
ABILITY_COST = {
    "edge": 1,
    "berserk": 1,
    "vanish": 1,
    "pierce": 1,
    "fury": 2,
    "sprint": 1,
    "water": 1,
    "catalyst": 1,
    "instinct": 1,
    "defence": 1,
    "cleave": 2,
}

CARDS = [
    {
        "id": "f",
        "number": 901,
        "name": {"ru": "Ф", "en": "F"},
        "kind": "creature",
        "cost": 1,
        "attack": 1,
        "health": 1,
    },
    {
        "id": "n33",
        "number": 902,
        "name": {"ru": "Н33", "en": "N33"},
        "kind": "creature",
        "cost": 3,
        "attack": 3,
        "health": 3,
    },
    {
        "id": "wall",
        "number": 903,
        "name": {"ru": "Стена", "en": "Wall"},
        "kind": "creature",
        "cost": 1,
        "attack": 0,
        "health": 9,
        "abilities": ["defender"],
    },
    {
        "id": "edge",
        "number": 904,
        "name": {"ru": "Остриё", "en": "Edge"},
        "kind": "creature",
        "cost": 5,
        "attack": 5,
        "health": 5,
        "abilities": ["edge"],
    },
    {
        "id": "w22",
        "number": 905,
        "name": {"ru": "Водник", "en": "Water"},
        "kind": "creature",
        "cost": 2,
        "attack": 2,
        "health": 2,
        "abilities": ["water"],
    },
    {
        "id": "d11",
        "number": 907,
        "name": {"ru": "Д11", "en": "D11"},
        "kind": "creature",
        "cost": 1,
        "attack": 1,
        "health": 1,
        "abilities": ["defender"],
    },
    {
        "id": "n22",
        "number": 906,
        "name": {"ru": "Н22", "en": "N22"},
        "kind": "creature",
        "cost": 2,
        "attack": 2,
        "health": 2,
    },
]


def card_of(entry):
    return entry["card"] if isinstance(entry, dict) else entry


def export(st):
    return GAME.export_position(st)


def play(st, *texts):
    for t in texts:
        GAME.apply(st, GAME.parse_action(st, t))
    return export(st)


def hand_cost(spend):
    total = 0
    for key in ("first", "resilience"):
        if spend.get(key):
            total += COSTS[key]
    variable = spend.get("variable_mana")
    if variable is not None and variable is not False:
        total += VARIABLE[2 if variable is True else variable]
    if spend.get("fixed_mana") is not None:
        total += FIXED[spend["fixed_mana"]]
    total += sum(ABILITY_COST[a] for a in spend.get("abilities", ()))
    return total


def settings_of(setup):
    """The AI settings a setup produces (via a real game), for the positions below."""
    return export(GAME.new_game({"mode": "solo", "decks": ["ember"], **setup}, 0))["ai_settings"]


def solo_position(ai_settings, players, **extra):
    return {
        "mode": "solo",
        "cards": CARDS,
        "ai_settings": ai_settings,
        "active": "A",
        "players": players,
        **extra,
    }


# --- clash.solo.precon, clash.solo.setup, clash.solo.ai_deck, clash.solo.first ----------
@pytest.mark.parametrize("deck", ARCHIPELAGO)
def test_precon_ai_deck_is_the_other_three_decks(deck):
    doc = export(GAME.new_game({"mode": "solo", "decks": [deck]}, 11))
    a, b = doc["players"]["A"], doc["players"]["B"]
    assert a["hand"][0] == "@bastion" and len(a["hand"]) == 9
    assert sorted(card_of(c) for c in a["hand"][1:]) == sorted(DB.deck(deck).cards)
    others = [c for d in ARCHIPELAGO if d != deck for c in DB.deck(d).cards]
    assert len(others) == 24
    assert sorted(b["deck"]) == sorted(others)
    assert b["fortress"] == "bastion" and b["discard"] == []
    assert "hand" not in b
    assert b["top"] == [] and b["bottom"] == []
    # the player goes first with 6 mana (clash.solo.first, clash.solo.player_turn)
    assert doc["first"] == "A" and doc["active"] == "A" and doc["mana"] == 6
    assert doc["ai_settings"] == {
        "fixed_mana": 6,
        "variable_mana": 1,
        "resilience": False,
        "abilities": [],
    }


def test_precon_ai_deck_is_shuffled():
    orders = {
        tuple(export(GAME.new_game({"mode": "solo", "decks": ["tide"]}, s))["players"]["B"]["deck"])
        for s in range(8)
    }
    assert len(orders) > 1


def test_solo_first_player_always_the_player_whatever_the_seed():
    firsts = {export(GAME.new_game({"mode": "solo"}, s))["first"] for s in range(20)}
    assert firsts == {"A"}


def test_solo_ai_seat_a_makes_b_the_first_player():
    doc = export(GAME.new_game({"mode": "solo", "decks": ["storm"], "ai_seat": 0}, 3))
    assert doc["first"] == "B" and doc["active"] == "B" and doc["mana"] == 6
    assert len(doc["players"]["A"]["deck"]) == 24
    assert len(doc["players"]["B"]["hand"]) == 9


def test_solo_refuses_constructed():
    lists = [list(DB.deck("ember").cards)]
    with pytest.raises(SetupError):
        GAME.new_game({"mode": "solo", "format": "constructed", "lists": lists}, 0)


# --- clash.solo.draft ----------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 3, 8])
def test_solo_draft_player_keeps_one_of_four_ai_gets_three(seed):
    st = GAME.new_game({"mode": "solo", "format": "draft"}, seed, log=True)
    rounds = 0
    while export(st)["phase"] == "draft":
        doc = export(st)
        assert doc["active"] == "A"
        assert len(doc["draft"]["revealed"]) == 4
        assert len(doc["draft"].get("ai_pool", [])) == 3 * rounds
        assert len(doc["draft"]["drafted"]["A"]) == rounds
        options = GAME.legal_actions(st)
        assert len(options) == 4
        GAME.apply(st, options[-1])
        rounds += 1
    assert rounds == 8
    assert {e.seat for e in st.log if e.kind == "pick"} == {0}
    doc = export(st)
    hand = doc["players"]["A"]["hand"]
    assert hand[0] == "@bastion" and len(hand) == 9
    ai = doc["players"]["B"]
    assert len(ai["deck"]) == 24 and ai["fortress"] == "bastion"
    mine = [card_of(c) for c in hand[1:]]
    assert sorted(mine + ai["deck"]) == sorted(DB.card_set("archipelago").cards)
    assert doc["first"] == "A" and doc["active"] == "A" and doc["mana"] == 6


# --- clash.custom.level ----------------------------------------------------------------
@pytest.mark.parametrize("mode", ["solo", "coop"])
@pytest.mark.parametrize("level", range(1, 11))
def test_every_preset_spends_exactly_its_level(level, mode):
    """Solo and co-op each have a preset for every level, and a level given alone plays
    its mode's preset."""
    preset = levels().preset(level, coop=mode == "coop")
    spend = {
        "variable_mana": preset.variable_mana,
        "fixed_mana": preset.fixed_mana,
        "first": preset.first,
        "resilience": preset.resilience,
        "abilities": list(preset.abilities),
    }
    assert hand_cost(spend) == level
    setup = {"mode": "solo", "decks": ["ember"]} if mode == "solo" else {"mode": "coop"}
    doc = export(GAME.new_game({**setup, "level": level}, 0))
    got = doc["ai_settings"]
    assert got["fixed_mana"] == (preset.fixed_mana or BASE_FIXED)
    assert got["variable_mana"] == (preset.variable_mana or BASE_VARIABLE)
    assert got["resilience"] == preset.resilience
    assert sorted(doc["ai_settings"]["abilities"]) == sorted(preset.abilities)


@pytest.mark.parametrize("key", ["preset", "coop_preset"])
def test_a_levels_file_missing_a_preset_is_refused_naming_the_levels(key):
    """clash.custom.level: every level 1–10 has a named preset in solo and in co-op."""
    raw, _ = levels_document()
    raw[key] = [p for p in raw[key] if p["level"] not in (3, 8)]
    with pytest.raises(SetupError, match=r"3, 8") as err:
        parse_levels(raw, "levels.toml")
    assert key in str(err.value) and "levels.toml" in str(err.value)


def test_a_preset_that_misspends_its_points_is_refused():
    raw, _ = levels_document()
    raw["coop_preset"][0] = {"level": 1, "fixed_mana": 4}
    with pytest.raises(SetupError, match=r"levels\.toml.* 1 .* 2"):
        parse_levels(raw, "levels.toml")


def test_hand_spending_accepted():
    ai = {
        "variable_mana": 1,
        "fixed_mana": 4,
        "first": True,
        "resilience": True,
        "abilities": ["berserk"],
    }
    assert hand_cost(ai) == 9
    st = GAME.new_game({"mode": "solo", "decks": ["ember"], "level": 9, "ai": ai}, 0)
    doc = export(st)
    assert doc["ai_settings"] == {
        "fixed_mana": 4,
        "variable_mana": 1,
        "resilience": True,
        "abilities": ["berserk"],
    }
    assert doc["first"] == "B"


@pytest.mark.parametrize(
    "level,ai,needle",
    [
        (
            5,
            {
                "variable_mana": True,
                "fixed_mana": 8,
                "first": True,
                "resilience": True,
                "abilities": ["berserk"],
            },
            "15",
        ),
        (9, {"fixed_mana": 10}, "10"),
        (5, {"variable_mana": 1, "fixed_mana": 3}, "4"),
        (3, {"abilities": ["fury", "cleave"]}, "4"),
        (2, {"abilities": ["edge"]}, "1"),
    ],
)
def test_wrong_spending_refused_naming_the_points(level, ai, needle):
    with pytest.raises(SetupError) as exc:
        GAME.new_game({"mode": "solo", "level": level, "ai": ai}, 0)
    msg = str(exc.value)
    assert str(level) in msg and needle in msg


@pytest.mark.parametrize(
    "setup,needle",
    [
        ({"level": 1, "ai": {"fixed_mana": 11}}, "11"),
        ({"level": 1, "ai": {"fixed_mana": 2}}, "2"),
        ({"level": 5, "ai": {"variable_mana": 7}}, "7"),
        ({"level": 1, "ai": {"abilities": ["aura"]}}, "aura"),
        ({"level": 2, "ai": {"abilities": ["edge", "edge"]}}, "edge"),
        ({"ai": {"fixed_mana": 7}}, "level"),
        ({"level": 11}, "level"),
        ({"level": 0}, "level"),
    ],
)
def test_bad_custom_settings_refused_clearly(setup, needle):
    with pytest.raises(SetupError) as exc:
        GAME.new_game({"mode": "solo", **setup}, 0)
    assert needle in str(exc.value)


def test_level_belongs_to_solo_and_coop_only():
    with pytest.raises(SetupError):
        GAME.new_game({"mode": "duel", "level": 3}, 0)
    with pytest.raises(SetupError):
        GAME.new_game({"mode": "ffa", "level": 3}, 0)


def test_champion_lowers_the_level_after_the_points_are_spent():
    """«Модуль Чемпион: распределив очки сложности, вычтите 2 из уровня сложности»
    (clash.custom.champion): the points of the chosen level are spent in full, and only
    then does the level count 2 less. Level 5 with a champion spends 5 points."""
    spend = AiSpend(variable_mana=1, fixed_mana=3, abilities=("berserk",))
    assert hand_cost({"variable_mana": 1, "fixed_mana": 3, "abilities": ["berserk"]}) == 5
    settings = ai_settings(5, spend, champion=True)
    assert settings.fixed_mana == 3 and settings.variable_mana == 1


# --- parameter effects -----------------------------------------------------------------
def _reveals(ai_settings, player_rows=None, deck=20):
    """How many one-cost cards the AI reveals on its turn (= its mana)."""
    a = {"hand": ["@bastion", "f", "f", "f", "f"], **(player_rows or {})}
    pos = solo_position(ai_settings, {"A": a, "B": {"deck": ["f"] * deck}})
    st = GAME.load_position(pos)
    doc = play(st, "end")
    return deck - len(doc["players"]["B"]["deck"])


def test_quick_variant_mana_is_6_plus_1_per_player_creature():
    quick = settings_of({})
    assert _reveals(quick) == 6
    assert _reveals(quick, {"top": ["wall"]}) == 7
    assert _reveals(quick, {"top": ["wall", "wall"], "bottom": ["wall"]}) == 9


def test_custom_ai_starts_from_2_mana_and_none_per_creature():
    """R41: the custom variant's AI, before its points buy mana, has 2 and nothing per
    creature facing it (a level spent on abilities only)."""
    s = settings_of({"level": 1, "ai": {"abilities": ["edge"]}})
    assert (s["fixed_mana"], s["variable_mana"]) == (BASE_FIXED, BASE_VARIABLE)
    assert _reveals(s) == 2
    assert _reveals(s, {"top": ["wall"], "bottom": ["wall"]}) == 2


def test_custom_variable_mana_gives_2_per_player_creature():
    """The book's option (true: +2 per creature) on the base's 2 mana."""
    s = settings_of({"level": 5, "ai": {"variable_mana": True}})
    assert _reveals(s) == 2
    assert _reveals(s, {"top": ["wall"]}) == 4
    assert _reveals(s, {"top": ["wall"], "bottom": ["wall"]}) == 6


def test_custom_variable_mana_of_1_per_player_creature():
    s = settings_of({"level": 7, "ai": {"variable_mana": 1, "fixed_mana": 6}})
    assert s == settings_of({})  # level 7 spent this way is the quick variant's AI
    assert _reveals(s) == 6
    assert _reveals(s, {"top": ["wall"]}) == 7


@pytest.mark.parametrize("fixed", sorted(FIXED))
def test_custom_fixed_mana(fixed):
    s = settings_of({"level": FIXED[fixed], "ai": {"fixed_mana": fixed}})
    assert _reveals(s) == fixed
    assert _reveals(s, {"top": ["wall"]}) == fixed  # nothing per creature without points


def test_custom_ai_first_plays_before_the_player():
    st = GAME.new_game({"mode": "solo", "decks": ["ember"], "level": 1, "ai": {"first": True}}, 4)
    doc = export(st)
    assert doc["first"] == "B"
    assert doc["active"] == "A"  # the AI's first turn was played at once
    assert doc["turns_taken"] == {"A": 1, "B": 1}
    ai = doc["players"]["B"]
    assert ai["top"], "the AI summoned into its top row on its first turn"
    assert len(ai["deck"]) < 24
    # the player is second: its first turn follows the hand, not the first player's 6
    assert doc["mana"] == len(doc["players"]["A"]["hand"]) >= 8


def test_custom_resilience_each_attack_mills_one():
    s = settings_of({"level": 2, "ai": {"resilience": True}})
    assert s["resilience"] is True
    pos = solo_position(
        s,
        {
            "A": {"hand": ["@bastion", "f", "f", "f", "f"], "top": ["n33"]},
            "B": {"deck": ["wall"] * 15},
        },
    )
    doc = play(GAME.load_position(pos), "end")
    assert len(doc["players"]["B"]["discard"]) == 1  # 3 damage, 1 card


def test_quick_variant_attack_mills_its_damage():
    pos = solo_position(
        settings_of({}),
        {
            "A": {"hand": ["@bastion", "f", "f", "f", "f"], "top": ["n33"]},
            "B": {"deck": ["wall"] * 15},
        },
    )
    doc = play(GAME.load_position(pos), "end")
    assert len(doc["players"]["B"]["discard"]) == 3


def test_resilience_does_not_reduce_edge_surplus():
    """Остриё's surplus is not an attack: with resilience it still mills in full.
    edge (5) kills a 1/1: surplus 4 to the fortress; the kill goes to the discard too."""
    s = settings_of({"level": 2, "ai": {"resilience": True}})
    pos = solo_position(
        s,
        {
            "A": {"hand": ["@bastion", "f", "f", "f", "f"], "top": ["edge"]},
            "B": {"top": ["f"], "deck": ["wall"] * 15},
        },
    )
    doc = play(GAME.load_position(pos), "end")
    assert doc["players"]["B"]["discard"] == ["wall"] * 4 + ["f"]


def test_granted_berserk_goes_to_ai_creatures_only():
    s = settings_of({"level": 1, "ai": {"abilities": ["berserk"]}})
    assert s["abilities"] == ["berserk"]
    # the AI's n33 (in play) kills both f's in its row, then hits the fortress
    pos = solo_position(
        s,
        {
            "A": {"hand": ["@bastion", "f", "f", "f", "f", "f", "f"], "top": ["f", "f"]},
            "B": {"top": ["n33"], "deck": ["wall"] * 15},
        },
    )
    doc = play(GAME.load_position(pos), "end")
    a = doc["players"]["A"]
    assert a["top"] == []
    assert a["hand"] == ["f", "f", "f", "@bastion", "f", "f", "f", "f", "f"]


def test_granted_berserk_not_given_to_the_player():
    s = settings_of({"level": 1, "ai": {"abilities": ["berserk"]}})
    pos = solo_position(
        s,
        {
            "A": {"hand": ["@bastion", "f", "f", "f", "f"], "top": ["n33"]},
            "B": {"top": ["f", "f"], "deck": ["wall"] * 15},
        },
    )
    doc = play(GAME.load_position(pos), "end")
    # n33 kills one f only (no berserk): the other stays
    assert [card_of(c) for c in doc["players"]["B"]["top"]][:1] == ["f"]
    assert doc["players"]["B"]["discard"] == ["f"]


def test_granted_fury_reaches_cards_revealed_this_turn():
    """Ярость granted: the n22 revealed this turn attacks the player's creature at once."""
    s = settings_of({"level": 2, "ai": {"abilities": ["fury"]}})
    pos = solo_position(
        s,
        {
            "A": {"hand": ["@bastion", "f", "f", "f", "f"], "top": ["d11"]},
            "B": {"deck": ["n22"] + ["wall"] * 10},
        },
    )
    doc = play(GAME.load_position(pos), "end")
    a = doc["players"]["A"]
    assert a["top"] == []
    assert a["hand"] == ["@bastion", "f", "f", "f", "f", "d11"]


def test_without_fury_a_revealed_card_waits():
    pos = solo_position(
        settings_of({}),
        {
            "A": {"hand": ["@bastion", "f", "f", "f", "f"], "top": ["d11"]},
            "B": {"deck": ["n22"] + ["wall"] * 10},
        },
    )
    doc = play(GAME.load_position(pos), "end")
    assert doc["players"]["A"]["top"] == ["d11"]


def test_granted_catalyst_counts_for_every_ai_creature():
    s = settings_of({"level": 1, "ai": {"abilities": ["catalyst"]}})
    pos = solo_position(
        s,
        {
            "A": {"hand": ["@bastion", "f", "f", "f", "f"]},
            "B": {"top": ["wall"], "bottom": ["wall"], "deck": ["f"] * 20},
        },
    )
    doc = play(GAME.load_position(pos), "end")
    assert 20 - len(doc["players"]["B"]["deck"]) == 6  # the custom base 2 + 2 x 2


def test_granted_ability_never_doubled():
    """Вода granted to a creature that has it: damage is doubled once (4, not 8)."""
    s = settings_of({"level": 1, "ai": {"abilities": ["water"]}})
    pos = solo_position(
        s, {"A": {"hand": ["@bastion"] + ["f"] * 9}, "B": {"top": ["w22"], "deck": ["wall"] * 15}}
    )
    doc = play(GAME.load_position(pos), "end")
    hand = doc["players"]["A"]["hand"]
    assert hand.index("@bastion") == 4


# --- prepare_match: the clash-solo agent spec -------------------------------------------
def test_prepare_match_level_7_at_seat_b():
    setup, _specs = GAME.prepare_match({}, ["random", "clash-solo:level=7"])
    assert setup["mode"] == "solo" and setup["level"] == 7 and setup["ai_seat"] == 1
    doc = export(GAME.new_game(setup, 0))
    preset = levels().presets[7]
    got = doc["ai_settings"]
    assert got["fixed_mana"] == (preset.fixed_mana or BASE_FIXED)
    assert got["variable_mana"] == (preset.variable_mana or BASE_VARIABLE)
    assert sorted(got["abilities"]) == sorted(preset.abilities)
    assert "deck" in doc["players"]["B"] and "hand" in doc["players"]["A"]


def test_prepare_match_quick_variant_at_seat_a():
    setup, _ = GAME.prepare_match({}, ["clash-solo", "random"])
    assert setup["mode"] == "solo" and setup["ai_seat"] == 0 and "level" not in setup
    doc = export(GAME.new_game(setup, 0))
    assert len(doc["players"]["A"]["deck"]) == 24
    assert doc["first"] == "B"
    assert doc["ai_settings"]["fixed_mana"] == 6


def test_prepare_match_coop_ais_at_b_and_d():
    setup, _ = GAME.prepare_match(
        {}, ["random", "clash-solo:level=3", "random", "clash-solo:level=3"]
    )
    assert setup["mode"] == "coop" and setup["level"] == 3


@pytest.mark.parametrize(
    "setup,specs",
    [
        ({}, ["random", "clash-solo:level=11"]),
        ({}, ["random", "clash-solo:level=0"]),
        ({}, ["random", "clash-solo:level=hard"]),
        ({}, ["random", "clash-solo:depth=3"]),
        ({}, ["clash-solo", "clash-solo"]),
        ({}, ["clash-solo", "random", "clash-solo", "random"]),
        ({}, ["random", "clash-solo:level=2", "random", "clash-solo:level=3"]),
        ({"mode": "duel"}, ["random", "clash-solo"]),
        ({"level": 4}, ["random", "clash-solo:level=7"]),
    ],
)
def test_prepare_match_bad_specs_refused(setup, specs):
    with pytest.raises(SetupError):
        GAME.prepare_match(setup, specs)


# --- every way to spend a level's points (clash.custom.level) -------------------------
@pytest.mark.parametrize("level", [1, 2, 5, 10])
def test_spends_are_every_choice_costing_exactly_the_level(level):
    """clash.custom.level: the player spends the level's points as they like; spends()
    lists each choice once, each costs exactly the level and is accepted by the setup."""
    table = levels()
    found = spends(level)
    keys = [
        (s.variable_mana, s.fixed_mana, s.first, s.resilience, frozenset(s.abilities))
        for s in found
    ]
    assert len(set(keys)) == len(keys)
    assert all(table.cost(s) == level for s in found)
    preset = table.presets[level]
    assert spend_option(preset) in [spend_option(s) for s in found]
    for s in found[:: max(1, len(found) // 5)]:
        ai_settings(level, AiSpend(**spend_option(s)))  # a valid setup option


def test_one_point_spends_are_the_eleven_one_point_settings():
    """clash.custom.level: with 1 point: base mana 3, the AI first, or one of the nine
    abilities costing 1 (Ярость and Рассечение cost 2)."""
    found = [spend_option(s) for s in spends(1)]
    assert len(found) == 11
    assert {"fixed_mana": 3} in found and {"first": True} in found
    singles = {s["abilities"][0] for s in found if "abilities" in s}
    assert singles == {a for a, c in levels().costs.abilities.items() if c == 1}
    assert "fury" not in singles and "cleave" not in singles


def test_two_point_spends_count():
    """clash.custom.level: 2 points are base mana 4, resilience, Ярость or Рассечение, or
    two 1-point settings (11 choose 2) — 59 in all (mana per creature costs 3 or 5)."""
    assert len(spends(2)) == 4 + 55


def test_spend_option_orders_abilities_like_the_cost_table():
    """Equal spends give equal options whatever order the abilities were named in."""
    a = spend_option(AiSpend(fixed_mana=7, abilities=("water", "edge")))
    b = spend_option(AiSpend(fixed_mana=7, abilities=("edge", "water")))
    assert a == b == {"fixed_mana": 7, "abilities": ["edge", "water"]}


def test_spends_refuse_a_level_out_of_range():
    with pytest.raises(SetupError, match="from 1 to 10"):
        spends(11)
