"""Blue Moon special powers and icons: what is active, totals, shields, prohibitions.

Active cards: the combat cards marked active, every support card, and the leadership
card played in this turn (effects "on this turn" / "now"). Ignoring (bluemoon.special.ignore)
takes away a card's value, icons and power (``aspect = "all"``), or only its power text
(``text``) or only its icons (``icons``); PROTECTED cards cannot be ignored
(bluemoon.icon.protected). Which powers ignore is read from the opponent's active cards
themselves, one level deep: an ignoring card is not itself checked for being ignored.

Power kinds (``cards.Power.kind``; "you" is the card's opponent, "I" its owner):
  draw            now: I draw ``n`` cards
  forbid          you may not play cards of ``types`` (filters: ``has_text``, ``min_printed``)
  limit           on your turn you may not play more than ``n`` cards (``combat_only``)
  ignore          your cards of ``types`` (``with_icons``: only those with icons) are ignored
                  in ``aspect``, except cards of people ``except_people`` (of
                  ``except_types``) and, for icons, the icons ``except_icons``
  total_at_least  my total (in ``element`` only, if given) increases to ``n``
  extra           on my turn I may play ``n`` more cards of ``types`` (0: any number)
  free_next       the next character/booster/support I play this turn counts as FREE
  double          the values of my cards of ``types`` double
  value           one of my characters: ``double_one`` (``element``), ``set_one`` (to ``n``,
                  in ``element`` or both), ``sum_one``, ``max_one``; your characters /
                  boosters-supports (``types``): ``zero_odd``, ``zero_even`` printed values
  retreat_dragons when ``who`` retreats the winner attracts ``delta`` more, none
                  (``at_most = 0``) or at most ``at_most``
  draw_block      your drawing: ``none``, ``one_per_turn``, ``hand_four``, ``no_take``
  end_draw        at the end of my turn I draw ``n`` more (``mode = "to"``: up to ``n``)
  storm, flood    two active Storm supports at the start of my turn attract one dragon;
                  two active Flood supports after my turn make you retreat
  must_play       on your turn you must play a card of ``types``, or retreat

Speed: each player's active cards, ignoring powers and powers are kept in the state's memo
while a function that does not change the state runs (``memoizing``: legal actions, totals);
outside one, each of them opens a memo for its own run.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, TypeVar

from cardtable.games.bluemoon.cards import BlueMoonDB, CardDef, Power
from cardtable.games.bluemoon.state import EARTH, FIRE, BlueMoonState, Memo

P = ParamSpec("P")
R = TypeVar("R")
ELEMENTS = ("fire", "earth")
ALL = ("character", "booster", "support", "leadership")


def memoizing(
    f: Callable[Concatenate[BlueMoonDB, BlueMoonState, P], R],
) -> Callable[Concatenate[BlueMoonDB, BlueMoonState, P], R]:
    """Run ``f(db, st, ...)`` with the state's memo open: each player's active cards, ignoring
    powers and powers are worked out once and kept (``state.Memo``) until ``f`` returns. Only
    for functions that do not change the state; nested calls share the outer memo."""

    @wraps(f)
    def run(db: BlueMoonDB, st: BlueMoonState, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if st._memo is not None:
            return f(db, st, *args, **kwargs)
        st._memo = Memo()
        try:
            return f(db, st, *args, **kwargs)
        finally:
            st._memo = None

    return run


def _seat_memoized(
    f: Callable[[BlueMoonDB, BlueMoonState, int], R], db: BlueMoonDB, st: BlueMoonState, s: int
) -> R:
    """``f(db, st, s)`` with a memo open while it runs (for callers that have none open)."""
    st._memo = Memo()
    try:
        return f(db, st, s)
    finally:
        st._memo = None


def defn(db: BlueMoonDB, st: BlueMoonState, i: int) -> CardDef:
    """The definition of an instance."""
    return db.cards[st.card_ids[i]]


def in_areas(st: BlueMoonState, s: int) -> list[int]:
    """Every card in a player's combat and support areas (active or not)."""
    return st.combat[s] + st.support[s]


def raw_active(st: BlueMoonState, s: int) -> list[int]:
    """Active cards before ignoring: active combat cards, support cards, and the
    leadership card played this turn."""
    memo = st._memo
    if memo is not None and (known := memo.raw[s]) is not None:
        return known
    out = [i for i in st.combat[s] if st.act[i]]
    out += st.support[s]
    if st.lead_now >= 0 and st.owner[st.lead_now] == s and st.active == s:
        out.append(st.lead_now)
    if memo is not None:
        memo.raw[s] = out
    return out


def ignoring_powers(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[Power]:
    """The ignoring powers on a player's active cards (one level: not checked themselves)."""
    memo = st._memo
    if memo is None:
        return _seat_memoized(ignoring_powers, db, st, s)
    known = memo.ignoring[s]
    if known is None:
        known = memo.ignoring[s] = []
        for i in raw_active(st, s):
            known += defn(db, st, i).ignores
    return known


def _reaches(ignoring: list[Power], d: CardDef, aspect: str) -> bool:
    """Whether one of these ignoring powers takes away this (unprotected) card's ``aspect``."""
    for p in ignoring:
        if p.aspect != "all" and p.aspect != aspect:
            continue
        if d.type not in (p.types or ALL):
            continue
        if p.with_icons and not d.icons and d.gang is None:  # a gang mark is an icon too
            continue
        if (
            p.except_people is not None
            and d.people == p.except_people
            and (not p.except_types or d.type in p.except_types)
        ):
            continue
        return True
    return False


def ignored(db: BlueMoonDB, st: BlueMoonState, i: int, aspect: str = "all") -> bool:
    """Whether the opponent's active powers ignore this card's ``aspect`` ("all" = the whole
    card; "text" and "icons" are also ignored when the whole card is)."""
    ignoring = ignoring_powers(db, st, 1 - st.owner[i])
    if not ignoring:
        return False
    d = defn(db, st, i)
    return not d.protected and _reaches(ignoring, d, aspect)


def active(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[int]:
    """A player's active cards that are not wholly ignored."""
    memo = st._memo
    if memo is None:
        return _seat_memoized(active, db, st, s)
    known = memo.active[s]
    if known is None:
        known = memo.active[s] = [i for i in raw_active(st, s) if not ignored(db, st, i)]
    return known


def icons(db: BlueMoonDB, st: BlueMoonState, i: int) -> frozenset[str]:
    """A card's icons that count (ignoring powers may take all or some away)."""
    d = defn(db, st, i)
    if not d.icons or d.protected or not ignored(db, st, i, "icons"):
        return d.icons
    kept: set[str] = set()
    for p in ignoring_powers(db, st, 1 - st.owner[i]):
        if p.aspect == "icons":
            kept |= set(p.except_icons) & d.icons
    return frozenset(kept)


def gang(db: BlueMoonDB, st: BlueMoonState, i: int) -> str | None:
    """A Khind character's gang, unless the opponent's cards ignore its icons."""
    d = defn(db, st, i)
    if d.gang is None or not ignored(db, st, i, "icons"):
        return d.gang
    return None


def powers(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[Power]:
    """The powers of a player's active cards whose text is not ignored."""
    memo = st._memo
    if memo is None:
        return _seat_memoized(powers, db, st, s)
    known = memo.powers[s]
    if known is None:
        known = memo.powers[s] = []
        for i in raw_active(st, s):
            card_powers = defn(db, st, i).powers
            if card_powers and not ignored(db, st, i, "text"):
                known += card_powers
    return known


def _printed(d: CardDef, element: int) -> int:
    return d.value(element)


def card_value(db: BlueMoonDB, st: BlueMoonState, i: int, element: int, mine: list[Power]) -> int:
    """A card's value with its owner's doubling and the opponent's reductions: increases
    first, then decreases (bluemoon.special.rule7)."""
    d = defn(db, st, i)
    if d.type == "leadership":
        return 0
    v = _printed(d, element)
    for p in mine:
        if p.kind == "double" and d.type in p.types:
            v *= 2
    if d.protected:
        return v
    for p in powers(db, st, 1 - st.owner[i]):
        if p.kind == "value" and p.mode in ("zero_odd", "zero_even") and d.type in p.types:
            printed = _printed(d, element)
            if printed % 2 == (1 if p.mode == "zero_odd" else 0) and printed:
                v = 0
    return v


def _zeroed(db: BlueMoonDB, st: BlueMoonState, i: int, element: int) -> bool:
    """The opponent's odd/even reduction takes this card's value to 0."""
    d = defn(db, st, i)
    if "protected" in d.icons:
        return False
    printed = _printed(d, element)
    for p in powers(db, st, 1 - st.owner[i]):
        parity = 1 if p.mode == "zero_odd" else 0
        hit = p.kind == "value" and p.mode in ("zero_odd", "zero_even") and d.type in p.types
        if hit and printed and printed % 2 == parity:
            return True
    return False


def _one_character_bonus(db: BlueMoonDB, st: BlueMoonState, s: int, element: int, p: Power) -> int:
    """The most a "one of my character cards" change adds to the total (the engine applies
    it where it helps most, ruling R13)."""
    best = 0
    for i in active(db, st, s):
        d = defn(db, st, i)
        if d.type != "character" or _zeroed(db, st, i, element):
            continue  # a reduction to 0 comes after any increase (bluemoon.special.rule7)
        now = _printed(d, element)
        if p.mode == "double_one":
            if p.element is None or ELEMENTS.index(p.element) == element:
                best = max(best, now)
        elif p.mode == "set_one":
            if p.element is None or ELEMENTS.index(p.element) == element:
                best = max(best, p.n - now)
        elif p.mode == "sum_one":
            best = max(best, d.fire + d.earth - now)
        elif p.mode == "max_one":
            best = max(best, max(d.fire, d.earth) - now)
    return best


@memoizing
def total(db: BlueMoonDB, st: BlueMoonState, s: int) -> int:
    """A player's total power in the contested element (bluemoon.turn.announce)."""
    element = st.element if st.element >= 0 else FIRE
    mine = powers(db, st, s)
    value = sum(card_value(db, st, i, element, mine) for i in active(db, st, s))
    for p in mine:
        if p.kind == "value" and p.mode in ("double_one", "set_one", "sum_one", "max_one"):
            value += _one_character_bonus(db, st, s, element, p)
    for p in mine:
        if p.kind == "total_at_least" and (
            p.element is None or ELEMENTS.index(p.element) == element
        ):
            value = max(value, p.n)
    return value


def shielded(db: BlueMoonDB, st: BlueMoonState, s: int) -> bool:
    """An active shield of the contested element: no need to match (bluemoon.icon.shield)."""
    icon = "shield_earth" if st.element == EARTH else "shield_fire"
    return any(icon in icons(db, st, i) for i in active(db, st, s))


def forbidden(db: BlueMoonDB, st: BlueMoonState, s: int, card_type: str, c: int = -1) -> bool:
    """The opponent's active cards forbid ``s`` to play this type, or this card ("you may
    not", bluemoon.special.you_may_not)."""
    for p in powers(db, st, 1 - s):
        if p.kind != "forbid" or card_type not in p.types:
            continue
        if c < 0:
            if p.has_text is None and p.min_printed is None:
                return True
            continue
        d = defn(db, st, c)
        if p.has_text is not None and d.has_power != p.has_text:
            continue
        if p.min_printed is not None and max(d.fire, d.earth) < p.min_printed:
            continue
        return True
    return False


def play_limit(db: BlueMoonDB, st: BlueMoonState, s: int) -> tuple[int, int]:
    """(cards, cards into the combat area) ``s`` may still play this turn by the
    opponent's limits (-1: no limit)."""
    total_left = combat_left = -1
    for p in powers(db, st, 1 - s):
        if p.kind == "limit":
            if p.combat_only:
                combat_left = p.n if combat_left < 0 else min(combat_left, p.n)
            else:
                total_left = p.n if total_left < 0 else min(total_left, p.n)
    return total_left, combat_left


def extra_allowed(db: BlueMoonDB, st: BlueMoonState, s: int, card_type: str) -> int:
    """How many more cards of a type ``s`` may play this turn by their powers (-1: any)."""
    n = 0
    for p in powers(db, st, s):
        if p.kind == "extra" and card_type in p.types:
            if p.n == 0:
                return -1
            n += p.n
    return n


def draw_cap(db: BlueMoonDB, st: BlueMoonState, s: int, n: int, drawn_this_turn: int) -> int:
    """How many of ``n`` cards ``s`` may take from the deck now (the opponent's blocks)."""
    for p in powers(db, st, 1 - s):
        if p.kind != "draw_block":
            continue
        if p.mode in ("none", "no_take"):
            return 0
        if p.mode == "one_per_turn" and st.active == s:
            n = min(n, max(0, 1 - drawn_this_turn))
        if p.mode == "hand_four":
            n = min(n, max(0, 4 - len(st.hands[s])))
    return n


@memoizing
def count_kind(db: BlueMoonDB, st: BlueMoonState, s: int, kind: str) -> int:
    """How many active, not ignored support cards of ``s`` carry a power of ``kind``."""
    return sum(
        1
        for i in st.support[s]
        if not ignored(db, st, i, "text") and any(p.kind == kind for p in defn(db, st, i).powers)
    )


def obligations(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[Power]:
    """The opponent's "by the end of your booster/support phase you must discard …" powers,
    in order; the owner's ``double_effect`` doubles the first (bluemoon.special.rule5)."""
    out = [p for p in powers(db, st, 1 - s) if p.kind == "must_discard"]
    if out and any(p.kind == "double_effect" for p in powers(db, st, 1 - s)):
        first = out[0]
        out[0] = first.model_copy(update={"n": first.n * 2})
    return out


def _contributes(d: CardDef, p: Power, got: list[CardDef]) -> bool:
    if p.types:
        return d.type in p.types
    if p.mode == "both":  # n Fire and n Earth on different cards
        fire = sum(x.fire for x in got if x.fire)
        earth = sum(x.earth for x in got if x.earth)
        return (fire < p.n and d.fire > 0) or (earth < p.n and d.earth > 0)
    if p.mode == "either":
        return d.fire > 0 or d.earth > 0
    return d.value(EARTH if p.element == "earth" else FIRE) > 0


def _met(p: Power, got: list[CardDef]) -> bool:
    if p.types:
        return len(got) >= max(1, p.n)
    if p.mode == "both":
        fire_cards = [x for x in got if x.fire]
        earth_cards = [x for x in got if x.earth]
        fire = sum(x.fire for x in fire_cards)
        earth = sum(x.earth for x in earth_cards)
        return fire >= p.n and earth >= p.n and len(got) >= 2
    if p.mode == "either":
        return sum(x.fire for x in got) >= p.n or sum(x.earth for x in got) >= p.n
    return sum(x.value(EARTH if p.element == "earth" else FIRE) for x in got) >= p.n


def obligation_state(
    db: BlueMoonDB, st: BlueMoonState, s: int
) -> tuple[list[Power], list[list[CardDef]]]:
    """Each obligation and the cards shed toward it this turn (each card counts for the
    first unmet obligation it helps, in the order it was discarded)."""
    obs = obligations(db, st, s)
    got: list[list[CardDef]] = [[] for _ in obs]
    for c in st.shed:
        d = defn(db, st, c)
        for k, p in enumerate(obs):
            if not _met(p, got[k]) and _contributes(d, p, got[k]):
                got[k].append(d)
                break
    return obs, got


def unmet(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[Power]:
    """The obligations ``s`` has not met this turn."""
    obs, got = obligation_state(db, st, s)
    return [p for k, p in enumerate(obs) if not _met(p, got[k])]


def shed_options(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[int]:
    """Hand cards that would help an unmet obligation (no extra cards, rule 5)."""
    obs, got = obligation_state(db, st, s)
    if not obs:
        return []
    out = []
    for c in st.hands[s]:
        d = defn(db, st, c)
        if any(not _met(p, got[k]) and _contributes(d, p, got[k]) for k, p in enumerate(obs)):
            out.append(c)
    return out
