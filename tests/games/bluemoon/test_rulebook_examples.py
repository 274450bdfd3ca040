"""The rulebook's two example fights, move by move (bluemoon.example.fight1/2)."""

from __future__ import annotations

from typing import Any

from cardtable.core import get_game
from cardtable.games.bluemoon.powers import total
from cardtable.games.bluemoon.state import BlueMoonState

GAME = get_game("bluemoon")
VULCA_DECK = ["spark", "ignite", "sear", "torch", "shimmer", "blaze", "furnace", "cinder"]
HOAX_DECK = [
    "wogarathoras_the_gloomy",
    "athradysas_the_seeker",
    "ledinemras_the_monk",
    "zedemikras_the_brain",
    "nirwadas_the_traveler",
    "helkomedes_the_rhetorician",
    "ballista_of_confusion",
    "inscrutable_armor",
]


def table(p1: dict[str, Any], p2: dict[str, Any], **top: Any) -> BlueMoonState:
    doc = {
        "game": "bluemoon",
        "phase": "fight",
        "fight": 1,
        "fight_turn": 1,
        "starter": "P1",
        "active": "P1",
        "first": "P1",
        "players": {
            "P1": {"people": "vulca", "turns": 1, **p1},
            "P2": {"people": "hoax", **p2},
        },
    } | top
    st = GAME.load_position(doc)
    st.log = []
    return st


def play(st: BlueMoonState, *texts: str) -> None:
    """Apply actions by text; "done" only when it is still to be chosen (with nothing else
    to do the engine ends the turn by itself)."""
    for t in texts:
        if t == "done" and ("done",) not in GAME.legal_actions(st):
            continue
        GAME.apply(st, GAME.parse_action(st, t))


def names(st: BlueMoonState, cards: list[int]) -> list[str]:
    return [st.card_ids[c] for c in cards]


def announced(st: BlueMoonState) -> list[tuple[int, int]]:
    """(total, element) of every announcement so far."""
    return [(e.data["n"], e.data["element"]) for e in st.log or [] if e.kind == "announce"]


def test_example_fight_one() -> None:
    """bluemoon.example.fight1, bluemoon.fight.start, bluemoon.fight.element,
    bluemoon.turn.play, bluemoon.turn.announce, bluemoon.turn.refill, bluemoon.fight.win,
    bluemoon.fight.end, bluemoon.setup.dragons: Volca 5 Fire; Vetraskedas + Trebuchet 5 Fire; Flamebreath +
    Fireblast 10 Fire; Hoax retreats: Vulca attracts one dragon, the areas are discarded."""
    st = table(
        {
            "hand": ["volca", "flamebreath_the_dazzling", "fireblast", "spark", "ignite", "sear"],
            "deck": VULCA_DECK[3:],
        },
        {
            "hand": ["vetraskedas_the_sceptic", "trebuchet_of_fear", *HOAX_DECK[:4]],
            "deck": HOAX_DECK[4:],
        },
    )
    play(st, "char volca fire", "done")
    assert announced(st) == [(5, 0)] and len(st.hands[0]) == 6  # drew one
    play(st, "char vetraskedas_the_sceptic", "support trebuchet_of_fear", "done")
    assert announced(st)[-1] == (5, 0) and len(st.hands[1]) == 6  # drew two
    play(st, "char flamebreath_the_dazzling", "boost fireblast", "done")
    assert announced(st)[-1] == (10, 0) and len(st.hands[0]) == 6
    play(st, "retreat")
    assert st.dragons == [1, 0]
    assert st.combat == [[], []] and st.support == [[], []]
    assert sorted(names(st, st.discards[0])) == ["fireblast", "flamebreath_the_dazzling", "volca"]
    assert sorted(names(st, st.discards[1])) == ["trebuchet_of_fear", "vetraskedas_the_sceptic"]
    assert st.fight == 2 and st.starter == 1  # the loser starts the next fight


def test_example_fight_two() -> None:
    """bluemoon.example.fight2, bluemoon.example.fight2.muster,
    bluemoon.example.fight2.retrieve, bluemoon.example.fight2.ignore,
    bluemoon.example.fight2.dragons, bluemoon.turn.leadership, bluemoon.cards.mutant,
    bluemoon.icon.retrieve, bluemoon.special.ignore, bluemoon.fight.win.sixth_card: 3 Earth,
    5 Earth, 7 Earth, the mutant's 5 Fire, 3 Fire, 6 Fire, 7 Fire, a retreat; Hoax attracts
    two dragons: Vulca's goes back to the centre and Hoax takes one."""
    vulca_hand = [
        "aaralia_aqua_secunda",
        "flickering_fires",
        "zig_nur_don",
        "glimmer",
        "elemental_enchantment",
        "spark",
    ]
    hoax_hand = [
        "muster_reinforcements",
        "penemikanas_the_paranoid",
        "catusan",
        "battling_boomerang",
        "hank_highflyer_hawk",
        "tome_of_wisdom",
    ]
    st = table(
        {"hand": vulca_hand, "deck": VULCA_DECK, "dragons": 1, "turns": 0},
        {"hand": hoax_hand, "deck": ["thirkomedas_the_serene", *HOAX_DECK], "turns": 1},
        fight=2,
        starter="P2",
        active="P2",
        pending={"kind": "lead", "seat": "P2"},
    )
    # Hoax: Muster Reinforcements draws five; Penemikanas: 3 Earth; no refill above six.
    play(st, "lead muster_reinforcements", "draw 5")
    assert len(st.hands[1]) == 10 and "thirkomedas_the_serene" in names(st, st.hands[1])
    play(st, "char penemikanas_the_paranoid earth", "done")
    assert announced(st) == [(3, 1)] and len(st.hands[1]) == 9
    # Vulca: Aaralia + Flickering Fires: 5 Earth, draws two.
    play(st, "char aaralia_aqua_secunda", "support flickering_fires", "done")
    assert announced(st)[-1] == (5, 1) and len(st.hands[0]) == 6
    # Hoax: Catusan + Battling Boomerang: 7 Earth (Flickering Fires forbids leadership).
    assert not any(a[0] == "lead" for a in GAME.legal_actions(st))
    play(st, "char catusan", "boost battling_boomerang", "done")
    assert announced(st)[-1] == (7, 1)
    # Vulca: the mutant (attacked by at least 5 Earth) turns the fight to Fire: 5 Fire.
    play(st, "char zig_nur_don", "done")
    assert announced(st)[-1] == (5, 0) and st.element == 0
    # Hoax retrieves the Boomerang, plays Hank (Vulca's characters ignored) + Tome: 3 Fire
    # against Vulca's 1.
    play(st, "retrieve battling_boomerang", "char hank_highflyer_hawk", "support tome_of_wisdom")
    assert total(GAME.db, st, 0) == 1
    play(st, "done")
    assert announced(st)[-1] == (3, 0)
    # Vulca: Glimmer (ignored) + Elemental Enchantment: 6 Fire.
    play(st, "char glimmer", "boost elemental_enchantment", "done")
    assert announced(st)[-1] == (6, 0)
    # Hoax: Thirkomedas + the Boomerang again: 7 Fire.
    play(st, "char thirkomedas_the_serene", "boost battling_boomerang", "done")
    assert announced(st)[-1] == (7, 0)
    # Vulca may not play boosters or supports now and retreats.
    assert not any(a[0] in ("boost", "support", "lead") for a in GAME.legal_actions(st))
    play(st, "retreat")
    assert st.dragons == [0, 1]
