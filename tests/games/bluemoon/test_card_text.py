"""Blue Moon special powers in words (render.power_text), generated from the card data in
Russian and English: "I" is the card's player, "you" the opponent. Rule ids in docstrings."""

from __future__ import annotations

import dataclasses
import re

import pytest
from rich.console import Console

from cardtable.core.registry import get_game
from cardtable.games.bluemoon.cards import Mutant, Power, mutant_def, power_def
from cardtable.games.bluemoon.render import card_list, card_table, power_text
from cardtable.games.bluemoon.tasks import ENGINE_MODES, MODES

GAME = get_game("bluemoon")
DB = GAME.db  # type: ignore[attr-defined]
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
KINDS = Power.model_fields["kind"].annotation.__args__  # type: ignore[union-attr]
WHENS = Mutant.model_fields["when"].annotation.__args__  # type: ignore[union-attr]
RAW = ("_", "{", "}", "None", "True", "False", "total_at_least", "must_discard", "draw_block")


def text(card_id: str, lang: str) -> str:
    return power_text(GAME, DB.cards[card_id], lang)


def check_clean(t: str, lang: str) -> None:
    assert t.strip()
    assert not any(bad in t for bad in RAW), t
    assert t.endswith("."), t
    if lang == "ru":
        assert CYRILLIC.search(t), t
    else:
        assert not CYRILLIC.search(t), t


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_card_has_clean_text(lang):
    """bluemoon.cards.special_text: every card with a power has a text in both languages,
    without raw identifiers; cards without a power have none."""
    for d in DB.cards.values():
        t = power_text(GAME, d, lang)
        if d.has_power:
            check_clean(t, lang)
        else:
            assert t == ""


def _synthetic() -> list[Power]:
    out = [Power(kind=k, n=2) for k in KINDS if k not in ("act", "value", "draw_block")]
    modes = [m for m in MODES if m not in ENGINE_MODES]
    timings = ("now", "my_turn", "after_booster_support")
    out += [Power(kind="act", mode=m, n=2, timing=t) for m in modes for t in timings]
    out += [Power(kind="act", mode="force_discard", n=1, may=True, timing="end_of_turn")]
    out += [Power(kind="act", mode="dragon_discard", n=2, types=("character",))]
    out += [Power(kind="act", mode="retrieve_own", types=("booster",))]
    modes = ("double_one", "set_one", "sum_one", "max_one", "zero_odd", "zero_even")
    out += [Power(kind="value", mode=m, n=4, element=e) for m in modes for e in ("fire", None)]
    out += [Power(kind="draw_block", mode=m) for m in ("none", "one_per_turn", "hand_four")]
    out += [Power(kind="draw_block", mode="no_take"), Power(kind="draw", n=1)]
    out += [Power(kind="end_draw", n=3, mode="to"), Power(kind="end_draw", n=3)]
    out += [Power(kind="extra", n=3, types=("booster", "support"))]
    out += [Power(kind="forbid", types=("character",), has_text=True, min_printed=4)]
    out += [Power(kind="limit", n=2), Power(kind="limit", n=3, combat_only=True)]
    out += [Power(kind="ignore", aspect="icons", except_icons=("free",), with_icons=True)]
    out += [Power(kind="ignore", except_people="hoax", types=("booster",))]
    out += [Power(kind="ignore", aspect="text", void_if_opposed_by=("laughing_gas", "x"))]
    out += [Power(kind="retreat_dragons", who=w, delta=d) for w in ("me", "you") for d in (2, -2)]
    out += [Power(kind="retreat_dragons", who=w, at_most=a) for w in ("me", "you") for a in (0, 2)]
    out += [Power(kind="must_discard", n=2, types=("booster",), or_dragon=True)]
    out += [Power(kind="must_discard", n=4, element="earth", mode=None)]
    out += [Power(kind="must_play", types=("character", "leadership"))]
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_kind_mode_and_condition(lang):
    """bluemoon.special.reading: every power kind, act mode and timing, and every mutant
    condition and switch reads as clean words, also beyond the encoded cards."""
    base = DB.cards["ember"]
    for p in _synthetic():
        check_clean(power_text(GAME, dataclasses.replace(base, powers=(power_def(p),)), lang), lang)
    for when in WHENS:
        for switch in ("toggle", "fire", "earth"):
            m = Mutant(when=when, n=3, element="earth", switch=switch)
            d = dataclasses.replace(base, powers=(), mutant=mutant_def(m))
            check_clean(power_text(GAME, d, lang), lang)


SPOT = [
    # a forbid with a filter
    ("ember", "не можете играть героев без специальной силы", "may not play characters without"),
    ("cloying_mud", "5 и больше", "value of 5 or more"),
    # an ignore with an exception (people, types) and icon exceptions
    ("tittertweet", "кроме героев Флита", "except Flit characters"),
    ("impenetrable_fog", "кроме значков «стоп» и «защита»", "except STOP and PROTECTED"),
    ("mad_mike_magpie", "со значками", "with icons"),
    # value changes
    ("coolcat", "Нечётные напечатанные значения ваших героев", "odd printed values of your"),
    ("potion_of_sparkling_fire", "огня одного из моих героев становится равным 6", "becomes 6"),
    ("firewater", "по огню меньше 7", "in Fire is less than 7"),
    # retreat_dragons
    ("bethenitana_the_storyteller", "Если я сдаюсь, вы не получаете драконов", "you attract no"),
    ("redamikanas_the_cartographer", "я получаю на одного дракона больше", "I attract one dragon"),
    # must_discard
    ("caterpillar_fireeater", "огня не меньше 3", "Fire values totalling at least 3"),
    ("irresistible_sirens", "я получаю дракона", "I attract a dragon"),
    # act with timing end_of_turn / my_turn
    ("topshot", "В конце своего хода я могу сбросить верхнюю карту вашей колоды", "At the end of"),
    ("topnotch", "В каждый свой ход", "On each of my turns"),
    ("bashdin", "заставить вас сбросить с руки 2 карты", "make you discard 2 cards"),
    # mutants: condition and element switch
    ("zig_nur_don", "бой идёт по земле", "the fight is in Earth"),
    ("zig_nur_don", "Бой продолжается по огню", "goes on in Fire"),
    ("var_dis_nar", "огонь на землю, земля на огонь", "Fire to Earth, Earth to Fire"),
    ("fel_nar_gan", "зона битвы и зона поддержки пусты", "combat area and support area are"),
]


@pytest.mark.parametrize(("card", "ru", "en"), SPOT)
def test_spot_checks(card, ru, en):
    """bluemoon.cards.special_text: the words say what the encoded power does (forbid,
    ignore with exceptions, values, dragons on a retreat, discards, actions, mutants)."""
    assert ru in text(card, "ru")
    assert en in text(card, "en")


def test_card_list_and_table():
    """bluemoon.setup.decks: the card list holds every card, leaders too, with texts."""
    data = card_list(GAME)
    assert len(data) == len(DB.cards) == 248
    ember = next(c for c in data if c["id"] == "ember")
    assert ember["type"] == "character" and "героев" in ember["text"]["ru"]
    leader = next(c for c in data if c["type"] == "leader")
    assert leader["fire"] is None and leader["text"] == {"ru": "", "en": ""}
    console = Console(width=200, record=True)
    console.print(card_table(GAME, "ru"))
    assert "Зиг-нур-Дон" in console.export_text()
