"""Blue Moon special powers and icons: what is active, totals, shields, prohibitions.

Active cards: the combat cards marked active, every support card, and the leadership
card played in this turn (effects "on this turn" / "now"). An ignored card counts for
nothing: no value, no icons, no power (bluemoon.special.ignore); PROTECTED cards cannot
be ignored (bluemoon.icon.protected).

Power kinds (``cards.Power.kind``):
  draw            now: I may draw ``n`` cards
  forbid          constant: you may not play cards of ``types``
  ignore          constant: your cards of ``types`` are ignored, except those of people
                  ``except_people``
  total_at_least  constant: my total (in ``element`` only, if given) increases to ``n``
  extra           constant on my turn: I may play ``n`` more cards of ``types`` (0: any number)
  double          constant: the values of my cards of ``types`` double
"""

from __future__ import annotations

from collections.abc import Iterator

from cardtable.games.bluemoon.cards import BlueMoonDB, CardDef, Power
from cardtable.games.bluemoon.state import EARTH, FIRE, BlueMoonState

ELEMENTS = ("fire", "earth")


def defn(db: BlueMoonDB, st: BlueMoonState, i: int) -> CardDef:
    """The definition of an instance."""
    return db.cards[st.card_ids[i]]


def in_areas(st: BlueMoonState, s: int) -> list[int]:
    """Every card in a player's combat and support areas (active or not)."""
    return st.combat[s] + st.support[s]


def raw_active(st: BlueMoonState, s: int) -> list[int]:
    """Active cards before ignoring: active combat cards, support cards, and the
    leadership card played this turn."""
    out = [i for i in st.combat[s] if st.act[i]]
    out += st.support[s]
    if st.lead_now >= 0 and st.owner[st.lead_now] == s and st.active == s:
        out.append(st.lead_now)
    return out


def _powers_of(db: BlueMoonDB, st: BlueMoonState, s: int, ignore_check: bool) -> Iterator[Power]:
    for i in raw_active(st, s):
        if ignore_check and ignored(db, st, i):
            continue
        yield from defn(db, st, i).powers


def ignored(db: BlueMoonDB, st: BlueMoonState, i: int) -> bool:
    """Whether the opponent's active powers ignore this card (protected cards never)."""
    d = defn(db, st, i)
    if "protected" in d.icons:
        return False
    s = st.owner[i]
    other = 1 - s
    for p in _powers_of(db, st, other, False):
        if p.kind == "ignore" and d.type in p.types and d.people != p.except_people:
            return True
    return False


def active(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[int]:
    """A player's active cards that are not ignored."""
    return [i for i in raw_active(st, s) if not ignored(db, st, i)]


def powers(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[Power]:
    """The powers of a player's active, not ignored cards."""
    return list(_powers_of(db, st, s, True))


def card_value(db: BlueMoonDB, st: BlueMoonState, i: int, element: int, mine: list[Power]) -> int:
    """A card's value in an element with its owner's doubling powers (increases first,
    bluemoon.special.rule7)."""
    d = defn(db, st, i)
    if d.type == "leadership":
        return 0
    v = d.value(element)
    for p in mine:
        if p.kind == "double" and d.type in p.types:
            v *= 2
    return v


def total(db: BlueMoonDB, st: BlueMoonState, s: int) -> int:
    """A player's total power in the contested element (bluemoon.turn.announce)."""
    element = st.element if st.element >= 0 else FIRE
    mine = powers(db, st, s)
    value = sum(card_value(db, st, i, element, mine) for i in active(db, st, s))
    for p in mine:
        if p.kind == "total_at_least" and (
            p.element is None or ELEMENTS.index(p.element) == element
        ):
            value = max(value, p.n)
    return value


def shielded(db: BlueMoonDB, st: BlueMoonState, s: int) -> bool:
    """An active shield of the contested element: no need to match (bluemoon.icon.shield)."""
    icon = "shield_earth" if st.element == EARTH else "shield_fire"
    return any(icon in defn(db, st, i).icons for i in active(db, st, s))


def forbidden(db: BlueMoonDB, st: BlueMoonState, s: int, card_type: str) -> bool:
    """The opponent's active cards forbid ``s`` to play this type ("you may not",
    bluemoon.special.you_may_not)."""
    return any(p.kind == "forbid" and card_type in p.types for p in powers(db, st, 1 - s))


def extra_allowed(db: BlueMoonDB, st: BlueMoonState, s: int, card_type: str) -> int:
    """How many more cards of a type ``s`` may play this turn by their powers (-1: any)."""
    n = 0
    for p in powers(db, st, s):
        if p.kind == "extra" and card_type in p.types:
            if p.n == 0:
                return -1
            n += p.n
    return n
