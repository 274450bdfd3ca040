"""The 28 special abilities of Clash of Decks: ids and bit flags; their names and short
texts in ru/en are the game's catalog messages ``ability_<id>_name`` / ``ability_<id>_text``.

Abilities are held as bit masks on card instances so that the hot path tests them
with one ``&``. The rule ids are those of docs/rules/clash.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from cardtable.core.i18n import LANGS, tr

PKG = "cardtable.games.clash"


@dataclass(frozen=True, slots=True)
class Ability:
    """One special ability."""

    id: str
    bit: int
    rule: str

    def name(self, lang: str) -> str:
        """The ability's name in ``lang`` ("Берсерк", "Berserk")."""
        return tr(PKG, f"ability_{self.id}_name", lang)

    def summary(self, lang: str) -> str:
        """What the ability does, in a few words, in ``lang``."""
        return tr(PKG, f"ability_{self.id}_text", lang)


_IDS = (
    "aura",
    "berserk",
    "water",
    "air",
    "sacrifice",
    "defender",
    "instinct",
    "vanish",
    "catalyst",
    "blood_tribute",
    "mercenary",
    "immunity",
    "defence",
    "shackles",
    "edge",
    "retaliation",
    "reinforcement",
    "errand",
    "curse",
    "pierce",
    "cleave",
    "regeneration",
    "symbiosis",
    "sprint",
    "vulnerability",
    "blackmail",
    "fury",
    "clarity",
)

ABILITIES: dict[str, Ability] = {
    ident: Ability(ident, 1 << i, f"clash.ability.{ident}") for i, ident in enumerate(_IDS)
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


@cache
def _aliases() -> dict[str, str]:
    """Ability ids by their names in every language, lower case."""
    return {a.name(lang).lower(): a.id for lang in LANGS for a in ABILITIES.values()}


def ability_id(name: str) -> str | None:
    """The id of an ability named by id, Russian or English name (any case), else None."""
    key = name.strip().lower()
    if key in ABILITIES:
        return key
    return _aliases().get(key)


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
    return [a.name(lang) for a in ABILITIES.values() if mask & a.bit]
