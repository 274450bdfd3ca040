"""Card texts generated from the card data (render.card_text), in Russian and English.

Every card of the database gets a clean text in both languages (no vocabulary ids, no
format braces, Russian in Cyrillic); every op, trigger, selector and flag of the
vocabulary has words; and spot checks read what specific cards say. The rule ids each test
checks open its docstring.
"""

from __future__ import annotations

import re
from typing import Any, get_args

import pytest

from cardtable.core import get_game
from cardtable.games.epic import render
from cardtable.games.epic.cards import Ability, Selector, Step, parse_cards, selector_def
from cardtable.games.epic.game import EpicGame
from cardtable.games.epic.records import CardDef

_GAME = get_game("epic")
assert isinstance(_GAME, EpicGame)
GAME: EpicGame = _GAME
LANGS = ("ru", "en")
OPS: tuple[str, ...] = get_args(Step.model_fields["op"].annotation)
WHENS: tuple[str, ...] = get_args(Ability.model_fields["when"].annotation)
# an op printed as a whole sentence on its own ("When it attacks: counters") is a raw id;
# "recycle" is also the English keyword, so it may stand alone
BARE_OP = re.compile(
    r"(?:^|[:;—] )(" + "|".join(o for o in OPS if o != "recycle") + r")(?:[.;]|$)", re.I
)


def text(card: str | CardDef, lang: str) -> str:
    """A card's text, by id or definition."""
    d = GAME.db.card(card) if isinstance(card, str) else card
    return render.card_text(GAME, d, lang)


def both(card: str | CardDef) -> tuple[str, str]:
    """The Russian and English texts."""
    return text(card, "ru"), text(card, "en")


def problems(t: str, lang: str) -> list[str]:
    """What is wrong with a generated text: raw ids, braces, the wrong alphabet."""
    out = []
    if not t.strip():
        out.append("empty")
    for bad in ("_", "{", "}", "when_", "sel_", "op_"):
        if bad in t:
            out.append(f"contains {bad!r}")
    out += [f"bare op {m.group(1)!r}" for m in BARE_OP.finditer(t)]
    if lang == "ru":
        if not re.search("[а-яё]", t, re.I):
            out.append("no Cyrillic")
        latin = set(re.findall("[A-Za-z]+", t)) - {"X", "N"}
        if latin:
            out.append(f"Latin words {sorted(latin)}")
    elif re.search("[а-яё]", t, re.I):
        out.append("Cyrillic in English")
    return out


def card(**fields: Any) -> CardDef:
    """A synthetic card (for vocabulary no printed card uses yet)."""
    base: dict[str, Any] = {
        "id": "synthetic",
        "edition": "base2015",
        "name": {"ru": "Проба", "en": "Probe"},
        "faction": "wild",
        "type": "champion",
        "cost": 1,
        "offense": 3,
        "defense": 3,
    }
    if fields.get("type") == "event":
        del base["offense"], base["defense"]
    return parse_cards("synthetic", [base | fields])[0]


# --- every card, every part of the vocabulary ---------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ident", sorted(GAME.db.cards))
def test_every_card_has_a_clean_text(ident: str, lang: str) -> None:
    """epic.card.text, epic.card.keywords: each of the cards (duel set, 2015 base set,
    tokens) reads as words in both languages, with no vocabulary ids left in it."""
    t = text(ident, lang)
    assert not problems(t, lang), (ident, lang, t, problems(t, lang))


def test_the_database_holds_every_set() -> None:
    """epic.card.text: the texts above cover 17 duel-set, 120 base-set and 4 token cards."""
    editions = [d.edition for d in GAME.db.cards.values()]
    assert (editions.count("duel2023"), editions.count("base2015")) == (17, 120)
    assert editions.count("token") == 4


def _minimal_step(op: str) -> dict[str, Any]:
    step: dict[str, Any] = {"op": op, "amount": 2, "to": [{"target": "champion"}]}
    if op in ("tokens", "transform"):
        step["kind"] = "wolf"
    if op in ("from_discard", "recall_self"):
        step["into"] = "hand"
    if op == "from_discard":
        step["to"] = [{"target": "discard_card", "controller": "you"}]
    if op == "from_hand":
        step["to"] = [{"target": "hand_card"}]
    return step


@pytest.mark.parametrize("op", OPS)
def test_every_op_has_words(op: str) -> None:
    """epic.card.text: every op of the vocabulary is described, plain and with "may"."""
    for may in (False, True):
        d = card(abilities=[{"when": "tribute", "steps": [_minimal_step(op) | {"may": may}]}])
        for lang in LANGS:
            t = text(d, lang)
            assert not problems(t, lang), (op, lang, t)


@pytest.mark.parametrize("when", WHENS)
def test_every_trigger_has_words(when: str) -> None:
    """epic.ability.triggered, epic.discard_text: every `when` is described, in play and
    from the discard pile (the grey frame)."""
    for zone in ("play", "discard"):
        ability = {"when": when, "zone": zone, "faction": "good", "steps": [{"op": "recycle"}]}
        d = card(abilities=[ability])
        ru, en = both(d)
        assert not problems(ru, "ru") and not problems(en, "en"), (when, ru, en)
        if zone == "discard":
            assert "сброс" in ru and "discard pile" in en


SELECTORS: list[dict[str, Any]] = [
    {"target": "any"},
    {"target": "any", "distinct": True},
    {"target": "champion", "controller": "opponent", "faction": "evil", "max_offense": 3},
    {"target": "champion", "controller": "you", "class": "dragon", "max_defense": 4},
    {"target": "champion", "cost": 0, "not_faction": "sage", "combat": "blocking"},
    {"target": "champion", "choice": True, "combat": "idle", "controller": "you"},
    {"target": "player", "controller": "opponent"},
    {"target": "discard_card", "controller": "target_player", "card_type": "event"},
    {"target": "discard_card", "controller": "opponent", "broken_this_turn": True},
    {"target": "hand_card", "card_type": "champion", "faction": "good"},
    {"each": "champion", "other": True, "not_token": True, "combat": "attacking_alone"},
    {"each": "champion", "controller": "target_player", "unmarked": True},
    {"each": "champion", "same_name": True},
    {"each": "player", "controller": "opponent"},
    {"self": True},
    {"you": True},
    {"turn_player": True},
    {"it": True},
    {"its_controller": True},
    {"them": True},
]


@pytest.mark.parametrize("case", ["nom", "dat", "acc", "gen", "pl", "cnt"])
def test_every_selector_has_words_in_every_case(case: str) -> None:
    """epic.target.sentence: every selector and filter is described, in each case the
    sentences use (Russian declines them)."""
    for raw in SELECTORS:
        sel = selector_def(Selector.model_validate(raw))
        for lang in LANGS:
            t = render.selector_text(sel, case, lang)
            assert t and not [p for p in problems(t, lang) if p != "no Cyrillic"], (raw, t)


def test_unused_vocabulary_reads_well() -> None:
    """epic.keyword.frenzy, epic.keyword.recall, epic.keyword.leaves_play,
    epic.target.up_to: parts of the vocabulary no printed card uses yet still have words."""
    d = card(
        frenzy_keywords=["breakthrough"],
        recall="play",
        recall_gold=0,
        abilities=[
            {
                "when": "leaves_play",
                "steps": [{"op": "draw", "amount": 1, "frenzy": True, "to": [{"you": True}]}],
            },
            {
                "when": "tribute",
                "steps": [
                    {
                        "op": "damage",
                        "amount": 2,
                        "up_to": True,
                        "chooser": "opponent",
                        "to": [{"target": "champion"}],
                    }
                ],
            },
        ],
    )
    ru, en = both(d)
    assert "При «Бешенстве»: Прорыв" in ru and "While Frenzy holds: Breakthrough" in en
    assert "Хрип: при «Бешенстве» возьмите 1 карту" in ru
    assert "When this champion leaves play: while Frenzy holds, draw 1 card" in en
    assert "2 урона не более чем одному существу-цели (цель выбирает противник)" in ru
    assert "2 damage to up to one target champion (an opponent chooses the target)" in en
    assert "Воззвание — бесплатно: разыграйте эту карту из вашего сброса, не платя её цену" in ru
    assert "Recall — free: play this card from your discard pile without paying its cost" in en


# --- what specific cards say --------------------------------------------------------------
def test_talents_show_their_costs() -> None:
    """epic.talent, epic.talent.expend: a talent is "cost: effect", every cost named
    (expend, gold, +1/+1 counters, breaking the card)."""
    ru, en = both("djinn_of_the_sands")
    assert "Клич: положите 3 жетона +1/+1 на это существо" in ru
    assert (
        "Талант — задействуйте это существо, снимите с него 1 жетон +1/+1: возьмите 1 карту" in ru
    )
    assert "Talent — expend this champion, remove 1 +1/+1 counter from it: draw 1 card" in en
    ru, en = both("pyromancer")
    assert "Талант — заплатите 1 золото: 4 урона любой цели" in ru
    assert "Talent — pay 1 gold: 4 damage to any target" in en
    ru, en = both("crystal_golem")
    assert "Талант — уничтожьте это существо: возьмите 2 карты" in ru
    assert "Talent — break this champion: draw 2 cards" in en


def test_recall_shows_its_gold_and_the_recalled_trigger() -> None:
    """epic.keyword.recall.base_set, epic.discard_text: the 2015 Recall returns the card to
    hand for its gold; "when recalled" and the turn conditions are spelled out."""
    ru, en = both("demon_breach")
    assert "Воззвание — заплатите 1 золото: верните эту карту из вашего сброса на руку" in ru
    assert "Recall — pay 1 gold: return this card from your discard pile to your hand" in en
    assert "Когда к этой карте в вашем сбросе применяют «Воззвание»: потеряйте 1" in ru
    assert "When this card is recalled from your discard pile: lose 1 health" in en
    assert "Если сейчас ваш ход, введите в игру 3 демонов-приспешников" in ru
    assert "if it is not your turn, put 2 Demon tokens into play" in en


def test_discard_pile_abilities_say_where_they_work() -> None:
    """epic.discard_text, epic.keyword.ally: grey-frame text says it works while the card
    is in the discard pile; the ally faction is named."""
    ru, en = both("cave_troll")
    assert "Союзное свойство «Природа», пока эта карта в вашем сбросе: верните эту карту" in ru
    assert "Ally (Wild), while this card is in your discard pile: return this card" in en
    ru, en = both("soul_hunter")
    assert "В начале вашего хода, пока эта карта в вашем сбросе: введите эту карту в игру" in ru
    assert "At the start of your turn, while this card is in your discard pile: put this" in en
    ru, en = both("warrior_golem")  # the trigger itself names the pile: said once
    assert "Когда эта карта попадает в ваш сброс: примените «Раскопку»" in ru
    assert "When this card is put into your discard pile: recycle" in en


def test_x_is_chosen_and_used() -> None:
    """epic.card.text: choose_x, a times_x step and amounts that add X read as X."""
    ru, en = both("unquenchable_thirst")
    assert "Выберите X от 0 до числа карт «Зло» в вашем сбросе" in ru
    assert "изгоните X карт «Зло» из вашего сброса; X+1 урона существу-цели" in ru
    assert "получите X+1 единиц здоровья" in ru
    assert "Choose X from 0 to the number of Evil cards in your discard pile" in en
    assert "banish X Evil cards from your discard pile; X+1 damage to target champion" in en


def test_card_flags_are_described() -> None:
    """epic.card.text: must attack, must be blocked, guarding while expended, breaking
    what it damages, and playing a faction as if with Ambush."""
    ru, en = both("raging_t_rex")
    assert "Это существо обязано атаковать в каждый ваш ход, если может" in ru
    assert "This champion must attack each turn if able" in en
    assert "Верность 2: возьмите 2 карты" in ru and "Loyalty 2: draw 2 cards" in en
    ru, en = both("lord_of_the_arena")
    assert "защищающийся игрок обязан его заблокировать, если может" in ru
    assert "the defending player must block it if able" in en
    ru, en = both("avenging_angel")
    assert "Пока это существо задействовано, вас нельзя атаковать" in ru
    assert "While this champion is expended, you cannot be attacked" in en
    ru, en = both("thrasher_demon")
    assert "Любое существо, которому это существо наносит боевой урон, уничтожается" in ru
    assert "Any champion this champion deals combat damage to is broken" in en
    ru, en = both("jungle_queen")
    assert "разыгрывать карты существ «Природа» так, будто у них есть «Засада»" in ru
    assert "You may play Wild champions as though they had Ambush" in en


def test_statics_name_their_group_and_turn() -> None:
    """epic.ability.static: a static names whom it changes (class, "other"), an added
    faction, and "on your turn"."""
    ru, en = both("dark_leader")
    assert (
        "Ваши другие существа класса «Человек» имеют +1 к атаке и тоже относятся к фракции «Зло»"
        in ru
    )
    assert "Your other Human champions have +1 offense and are also Evil" in en
    ru, en = both("dark_knight")
    assert "Это существо имеет «Неуязвимость» в ваш ход" in ru
    assert "This champion has Unbreakable on your turn" in en
    ru, en = both("champion_of_the_wicked")
    assert "Ваши другие существа «Зло» имеют +1/+1" in ru


def test_conditions_may_and_if_you_do() -> None:
    """epic.ability.may, epic.card.text: "may", then "if you do"; a condition several
    sentences share is said once."""
    ru, en = both("infernal_gatekeeper")
    assert "можете потерять 1 единицу здоровья; если вы сделали это, введите в игру" in ru
    assert "you may lose 1 health; if you do, put 1 Demon token into play" in en
    assert "Клич или союзное свойство «Зло»:" in ru and "Tribute or ally (Evil):" in en
    ru, en = both("drinker_of_blood")
    assert "Когда уничтожено другое существо: если это существо всё ещё в игре, получите" in ru
    assert "if this champion is still in play, gain 2 health, then each opponent loses" in en
    ru, en = both("white_dragon")
    assert "если в этом ходу вы разыграли карту «Добро» с ценой 1, примените «Раскопку»" in ru
    assert "if you played a cost-1 Good card this turn, recycle" in en


def test_the_chosen_champion_and_its_controller() -> None:
    """epic.target.sentence, epic.card.text: later sentences refer to the champion an
    earlier one chose, its controller, and a number taken from it."""
    ru, en = both("vital_mission")
    assert "контролировавший его игрок получает N единиц здоровья, где N — атака" in ru
    assert "если выбранное существо было под вашим контролем, возьмите 2 карты" in ru
    assert "its controller gains N health, where N is that champion's offense" in en
    assert "if you controlled that champion, draw 2 cards" in en
    ru, en = both("hasty_retreat")
    assert "верните атакующее существо-цель на руку владельцу" in ru
    assert "если выбранное существо атаковало вас и не было заблокировано" in ru
    assert "за 1 дополнительное золото: возьмите 2 карты" in ru
    assert "return target attacking champion to its owner's hand" in en
    assert "for 1 extra gold: draw 2 cards" in en


def test_event_modes_and_turn_limits() -> None:
    """epic.event.modes: an event's branches are offered as "choose one", each with its
    extra gold; a step that needs your turn says so."""
    ru, en = both("expulsion")
    assert ru.startswith("Выберите одно: возьмите 2 карты — или — если сейчас ваш ход,")
    assert "верните всех существ на руки владельцам, затем каждый противник сбрасывает 1" in ru
    assert en.startswith("Choose one: draw 2 cards — or — if it is your turn, return every")
    ru, en = both("amnesia")
    assert "изгоните все карты из сброса игрока-цели; примените «Раскопку»" in ru
    assert "banish every card in the discard pile of target player; recycle" in en


def test_targets_up_to_distinct_and_divided() -> None:
    """epic.target.up_to, epic.target.sentence: "up to one target", "another target",
    and damage divided one point at a time."""
    ru, en = both("forked_lightning")
    assert "5 урона не более чем одной цели; 5 урона не более чем одной другой цели" in ru
    assert "5 damage to up to one target; 5 damage to up to one other target" in en
    ru, en = both("rain_of_fire")
    assert "4 урона другой цели" in ru and "4 damage to another target" in en
    ru, en = both("lightning_storm")
    assert "Распределите 6 урона как хотите между любыми целями (по 1 за раз)" in ru
    assert "Divide 6 damage as you choose among any targets (1 at a time)" in en


def test_choices_marks_and_the_opponent_choosing() -> None:
    """epic.target.sentence: "choose" (not target) wording, every player's choice in turn,
    and the champions left unchosen."""
    ru, en = both("stand_alone")
    assert "начиная с вас, каждый игрок выбирает одно из своих существ;" in ru
    assert "уничтожьте всех остальных существ" in ru
    assert "starting with you, each player chooses one of their champions" in en
    assert "break every champion not chosen" in en
    ru, en = both("faithful_pegasus")
    assert "Когда это существо атакует или блокирует: можете выбрать ваше подготовленное" in ru
    assert "существо класса «Человек»: оно получает «Полёт» и вступает в бой" in ru
    assert "When this champion attacks or blocks: you may choose a prepared Human champion" in en


def test_and_or_triggers_are_joined() -> None:
    """epic.card.text: conditions joined by "and/or" are printed as one ability."""
    ru, en = both("winter_fairy")
    assert "Когда это существо наносит боевой урон игроку и/или когда эта карта уничтожена" in ru
    assert "When this champion deals combat damage to a player and/or is broken: draw" in en


def test_numbers_from_the_game() -> None:
    """epic.card.text: amounts counted as the step resolves (champion cards in a discard
    pile, damage taken this turn) are named N and explained."""
    ru, en = both("zombie_apocalypse")
    assert "каждый игрок вводит в игру N зомби-приспешников, где N — число карт существ" in ru
    assert "each player puts N Zombie tokens into play, where N is the number of champion" in en
    ru, en = both("sea_hydra")
    assert "В конце каждого хода: положите N жетонов +1/+1 на это существо, где N — урон" in ru
    assert "where N is the damage this champion has taken this turn" in en


def test_champions_of_a_target_player_and_same_name() -> None:
    """epic.target.sentence, epic.card.text: "target player's champions" when only the
    champions are acted on; champions sharing a name; "those champions"."""
    ru, en = both("frost_giant")
    assert "Клич: задействуйте всех существ игрока-цели" in ru
    assert "Tribute: expend every champion of target player" in en
    ru, en = both("wither")
    assert "3 урона существу-цели и каждому другому существу с тем же названием" in ru
    assert "эти существа получают −3 к атаке до конца хода" in ru
    assert "those champions get −3 offense this turn" in en


def test_moving_cards_between_zones() -> None:
    """epic.control, epic.keyword.transform, epic.card.text: control this turn, cards
    from the discard pile or hand into play, transforming, removing from battle."""
    ru, en = both("turn")
    assert "возьмите под свой контроль до конца хода существо-цель; подготовьте выбранное" in ru
    assert "gain control of target champion until the end of the turn; prepare that" in en
    ru, en = both("final_task")
    assert "введите в игру под вашим контролем карту существа из любого сброса" in ru
    assert "в конце хода уничтожьте выбранное существо" in ru
    assert "at the end of the turn, break that champion" in en
    ru, en = both("resurrection")
    assert "карту существа, уничтоженного в этом ходу, из вашего сброса" in ru
    ru, en = both("wave_of_transformation")
    assert "трансформируйте всех существ в волков-приспешников" in ru
    assert "transform every champion into Wolf tokens" in en
    ru, en = both("feint")
    assert "выведите из боя и подготовьте всех ваших атакующих существ" in ru
    ru, en = both("army_of_the_apocalypse")
    assert "(без «Клича» и «Верности»)" in ru and "(without Tribute or Loyalty)" in en


def test_tokens_and_counted_words() -> None:
    """epic.token, epic.card.text: Russian counts agree (1 карту, 2 карты, 6 людей-
    приспешников); a token card says where it goes when it leaves play."""
    ru, en = both("secret_legion")
    assert "введите в игру 6 людей-приспешников" in ru and "put 6 Human tokens into play" in en
    ru, _ = both("bitten")
    assert "игрок, чей сейчас ход, вводит в игру 1 зомби-приспешника" in ru
    assert "возьмите 1 карту" in text("muse", "ru").replace("можете взять", "возьмите")
    ru, en = both("wolf_token")
    assert "стопку приспешников" in ru and "token supply" in en
