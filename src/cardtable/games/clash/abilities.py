"""The 28 special abilities of Clash of Decks: ids, bit flags and names in ru/en.

Abilities are held as bit masks on card instances so that the hot path tests them
with one ``&``. The rule ids are those of docs/rules/clash.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ability:
    """One special ability."""

    id: str
    bit: int
    ru: str
    en: str
    rule: str
    summary_ru: str
    summary_en: str


_TABLE = [
    (
        "aura",
        "Аура",
        "Aura",
        "соседи в ряду получают связанную способность",
        "neighbours in the row gain the linked ability",
    ),
    (
        "berserk",
        "Берсерк",
        "Berserk",
        "уничтожив врага атакой, атакует снова",
        "attacks again after destroying an enemy",
    ),
    (
        "water",
        "Вода",
        "Water",
        "у моста наносит двойной урон",
        "deals double damage next to the bridge",
    ),
    (
        "air",
        "Воздух",
        "Air",
        "в верхнем ряду бьёт прямо по крепости",
        "in the top row strikes the fortress directly",
    ),
    (
        "sacrifice",
        "Жертвоприношение",
        "Sacrifice",
        "кто играет карту в этот ряд, получает 1 урон",
        "whoever plays a card into this row takes 1 damage",
    ),
    ("defender", "Защитник", "Defender", "не атакует крепость", "cannot attack the fortress"),
    (
        "instinct",
        "Инстинкт",
        "Instinct",
        "раненный существом, отвечает атакой",
        "strikes back when wounded by a creature",
    ),
    (
        "vanish",
        "Исчезновение",
        "Vanish",
        "раненный, уходит в конец ряда",
        "when wounded, moves to the back of its row",
    ),
    (
        "catalyst",
        "Катализатор",
        "Catalyst",
        "+2 маны в начале вашего хода",
        "+2 mana at the start of your turn",
    ),
    (
        "blood_tribute",
        "Кровавая дань",
        "Blood Tribute",
        "недостающую ману можно оплатить уроном крепости",
        "missing mana may be paid with fortress damage",
    ),
    (
        "mercenary",
        "Наёмник",
        "Mercenary",
        "уничтоженный, уходит в руку противника",
        "when destroyed, goes to the opponent's hand",
    ),
    (
        "immunity",
        "Невосприимчивость",
        "Immunity",
        "не получает урон от заклинаний и ответного удара",
        "takes no damage from spells and Retaliation",
    ),
    (
        "defence",
        "Оборона",
        "Guard",
        "первый источник урона за ход не ранит",
        "the first damage source each turn deals 0",
    ),
    (
        "shackles",
        "Оковы",
        "Shackles",
        "забирает крайнюю левую карту противника, пока не ранен",
        "holds the opponent's leftmost card until wounded",
    ),
    (
        "edge",
        "Остриё",
        "Edge",
        "излишек урона первого за ход убийства бьёт крепость",
        "the first kill each turn carries its surplus to the fortress",
    ),
    (
        "retaliation",
        "Ответный удар",
        "Retaliation",
        "при входе бьёт на число карт левее крепости",
        "on entry strikes for the cards left of your fortress",
    ),
    (
        "reinforcement",
        "Подкрепление",
        "Reinforcement",
        "вернувшись в руку, вызывает дешёвое существо",
        "on returning to hand, calls in a cheap creature",
    ),
    (
        "errand",
        "Поручение",
        "Errand",
        "при входе крайняя левая карта уходит направо",
        "on entry your leftmost card moves to the right end",
    ),
    (
        "curse",
        "Проклятие",
        "Curse",
        "возвращается крайней левой картой",
        "returns as your leftmost card",
    ),
    (
        "pierce",
        "Пронзание",
        "Pierce",
        "бьёт и существо позади цели",
        "also hits the creature behind the target",
    ),
    (
        "cleave",
        "Рассечение",
        "Cleave",
        "бьёт и соседа цели в другом ряду",
        "also hits the target's neighbour in the other row",
    ),
    (
        "regeneration",
        "Регенерация",
        "Regeneration",
        "нанося урон, сдвигает вашу крепость влево",
        "dealing damage moves your fortress left",
    ),
    (
        "symbiosis",
        "Симбиоз",
        "Symbiosis",
        "может слиться с вашим существом в игре",
        "may merge with a creature of yours in play",
    ),
    (
        "sprint",
        "Спринт",
        "Sprint",
        "атакуя, рвётся к мосту и бьёт сильнее",
        "dashes to the bridge when attacking, hitting harder",
    ),
    (
        "vulnerability",
        "Уязвимость",
        "Weaken",
        "оставляет цели 1 очко здоровья",
        "leaves its target at 1 health",
    ),
    (
        "blackmail",
        "Шантаж",
        "Blackmail",
        "вам доступна на одну карту меньше",
        "you have one fewer available card",
    ),
    (
        "fury",
        "Ярость",
        "Fury",
        "может атаковать существ в ход входа",
        "may attack creatures on the turn it enters",
    ),
    (
        "clarity",
        "Ясность",
        "Clarity",
        "крайняя левая в руке стоит на 2 меньше",
        "costs 2 less as your leftmost card",
    ),
]

ABILITIES: dict[str, Ability] = {
    row[0]: Ability(row[0], 1 << i, row[1], row[2], f"clash.ability.{row[0]}", row[3], row[4])
    for i, row in enumerate(_TABLE)
}
BY_BIT: dict[int, Ability] = {a.bit: a for a in ABILITIES.values()}

AURA = ABILITIES["aura"].bit
BERSERK = ABILITIES["berserk"].bit
WATER = ABILITIES["water"].bit
AIR = ABILITIES["air"].bit
SACRIFICE = ABILITIES["sacrifice"].bit
DEFENDER = ABILITIES["defender"].bit
INSTINCT = ABILITIES["instinct"].bit
VANISH = ABILITIES["vanish"].bit
CATALYST = ABILITIES["catalyst"].bit
BLOOD_TRIBUTE = ABILITIES["blood_tribute"].bit
MERCENARY = ABILITIES["mercenary"].bit
IMMUNITY = ABILITIES["immunity"].bit
DEFENCE = ABILITIES["defence"].bit
SHACKLES = ABILITIES["shackles"].bit
EDGE = ABILITIES["edge"].bit
RETALIATION = ABILITIES["retaliation"].bit
REINFORCEMENT = ABILITIES["reinforcement"].bit
ERRAND = ABILITIES["errand"].bit
CURSE = ABILITIES["curse"].bit
PIERCE = ABILITIES["pierce"].bit
CLEAVE = ABILITIES["cleave"].bit
REGENERATION = ABILITIES["regeneration"].bit
SYMBIOSIS = ABILITIES["symbiosis"].bit
SPRINT = ABILITIES["sprint"].bit
VULNERABILITY = ABILITIES["vulnerability"].bit
BLACKMAIL = ABILITIES["blackmail"].bit
FURY = ABILITIES["fury"].bit
CLARITY = ABILITIES["clarity"].bit

# An aura may carry any ability but another aura.
AURA_PAYLOADS = frozenset(a for a in ABILITIES if a != "aura")

_ALIASES = {a.ru.lower(): a.id for a in ABILITIES.values()} | {
    a.en.lower(): a.id for a in ABILITIES.values()
}


def ability_id(name: str) -> str | None:
    """The id of an ability named by id, Russian or English name (any case), else None."""
    key = name.strip().lower()
    if key in ABILITIES:
        return key
    return _ALIASES.get(key)


def mask_of(ids: list[str] | tuple[str, ...]) -> int:
    """The bit mask of a list of ability ids."""
    mask = 0
    for ident in ids:
        mask |= ABILITIES[ident].bit
    return mask


def ids_of(mask: int) -> list[str]:
    """Ability ids in a mask, in catalog order."""
    return [a.id for a in ABILITIES.values() if mask & a.bit]


def names_of(mask: int, lang: str) -> list[str]:
    """Ability names in a mask, in catalog order."""
    return [getattr(a, lang) for a in ABILITIES.values() if mask & a.bit]
