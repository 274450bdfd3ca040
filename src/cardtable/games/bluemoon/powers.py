"""Blue Moon special powers and icons: what is active, totals, shields, prohibitions.

Active cards: the combat cards marked active, every support card, and the leadership
card played in this turn (effects "on this turn" / "now"). An ignored card stays an active
card (rule 2 calls it one): it can still be retrieved, discarded or counted as active.
Ignoring (bluemoon.special.ignore) takes away a card's value, icons and power
(``aspect = "all"``), or only its power text (``text``) or only its icons (``icons``);
PROTECTED cards cannot be ignored (bluemoon.icon.protected). An ignored card's powers stop
working entirely, its own ignoring among them (bluemoon.special.ignore.effect): which
ignoring powers work is settled over the active ignoring cards of both players
(``_contest``): a card works when every opposing card that would ignore its text (or that
its printed exception names, ``void_if_opposed_by``) does not; cards left undecided by a
circle of such cards ignore each other, so none of them works (ruling R14).

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
  value           one of my characters (the player chooses which, ``state.aim``):
                  ``double_one`` (``element``), ``set_one`` (to ``n``, in ``element`` or
                  both), ``sum_one``, ``max_one``; your characters / boosters-supports
                  (``types``): ``zero_odd``, ``zero_even`` printed values
  retreat_dragons when ``who`` retreats the winner attracts ``delta`` more, none
                  (``at_most = 0``) or at most ``at_most``
  draw_block      your drawing: ``none``, ``one_per_turn``, ``hand_four``, ``no_take``
  end_draw        at the end of my turn I draw ``n`` more (``mode = "to"``: up to ``n``)
  storm, flood    two active Storm supports at the start of my turn attract one dragon;
                  two active Flood supports after my turn make you retreat
  must_play       on your turn you must play a card of ``types``, or retreat

Speed: what the cards in play make of each other (each player's active cards, ignoring
powers that work, active cards not wholly ignored, powers) is worked out once for both players
into a ``state.Seen`` and kept in the state (``seen``), and each player's total beside it
(``total``), from action to action, until the rules change something they are made from and
drop them (``BlueMoonState.forget``: rules.py and tasks.py call it where cards enter or leave
the combat and support areas, active flags, the turn's leadership card, the active player,
the owners, the element or an aim change).
"""

from __future__ import annotations

from dataclasses import replace

from cardtable.games.bluemoon.records import BlueMoonDB, CardDef, PowerDef
from cardtable.games.bluemoon.state import (
    EARTH,
    FIRE,
    BlueMoonState,
    Cards,
    Powers,
    Seen,
)

ELEMENTS = ("fire", "earth")
ALL = ("character", "booster", "support", "leadership")


def defn(db: BlueMoonDB, st: BlueMoonState, i: int) -> CardDef:
    """The definition of an instance."""
    return db.cards[st.card_ids[i]]


def in_areas(st: BlueMoonState, s: int) -> list[int]:
    """Every card in a player's combat and support areas (active or not)."""
    return st.combat[s] + st.support[s]


def _raw(st: BlueMoonState, s: int) -> Cards:
    """Active cards before ignoring: active combat cards, support cards, and the
    leadership card played this turn (bluemoon.turn.character.active)."""
    out = [i for i in st.combat[s] if st.act[i]]
    out += st.support[s]
    if st.lead_now >= 0 and st.owner[st.lead_now] == s and st.active == s:
        out.append(st.lead_now)
    return tuple(out)


def raw_active(st: BlueMoonState, s: int) -> Cards:
    """Active cards before ignoring: active combat cards, support cards, and the
    leadership card played this turn (the kept ``Seen``'s, when the state has one)."""
    known = st._seen
    return known.raw[s] if known is not None else _raw(st, s)


def in_play(st: BlueMoonState, s: int) -> list[int]:
    """A player's active cards in the combat and support areas, ignored ones included (an
    ignored card is still an active card, bluemoon.special.rule2)."""
    return [i for i in st.combat[s] if st.act[i]] + st.support[s]


_NONE: frozenset[int] = frozenset()
_NO_POWERS: Powers = ()


def seen(db: BlueMoonDB, st: BlueMoonState) -> Seen:
    """What the cards in play make of each other (``state.Seen``): the state's kept one,
    or worked out now and kept until ``BlueMoonState.forget`` drops it. One worked out
    with another card database is not used (the same state always comes with the same one:
    this only guards against a mix-up)."""
    known = st._seen
    if known is None or known.db is not db:
        known = st._seen = _see(db, st)
        st._totals = None  # worked out with what was there before
    return known


def _see(db: BlueMoonDB, st: BlueMoonState) -> Seen:
    """Work out a ``Seen``: the raw active cards, the active ignoring cards, which of them
    do not work (only when both players have some can one stop another), the ignoring
    powers that work, then each card's fate under the opponent's working powers."""
    cards, ids = db.cards, st.card_ids
    raw = (_raw(st, 0), _raw(st, 1))
    found = (
        tuple([i for i in raw[0] if cards[ids[i]].ignores]),
        tuple([i for i in raw[1] if cards[ids[i]].ignores]),
    )
    muted = _contest(db, st, found[0] + found[1]) if found[0] and found[1] else _NONE
    ignoring = (_applied(db, st, found[0], muted), _applied(db, st, found[1], muted))
    active: list[Cards] = []
    working: list[Powers] = []
    for s in (0, 1):
        here = raw[s]
        out: list[PowerDef] = []
        if not ignoring[0] and not ignoring[1] and not muted:  # nothing ignores any card
            active.append(here)
            for i in here:
                out += cards[ids[i]].powers
        else:
            active.append(
                tuple([i for i in here if not _ignored(db, st, i, "all", found, muted, ignoring)])
            )
            for i in here:
                card_powers = cards[ids[i]].powers
                if card_powers and not _ignored(db, st, i, "text", found, muted, ignoring):
                    out += card_powers
        working.append(tuple(out))
    kinds = (frozenset([p.kind for p in working[0]]), frozenset([p.kind for p in working[1]]))
    return Seen(
        db,
        raw,
        found,
        muted,
        ignoring,
        (active[0], active[1]),
        (working[0], working[1]),
        kinds,
    )


def _applied(db: BlueMoonDB, st: BlueMoonState, found: Cards, muted: frozenset[int]) -> Powers:
    """The ignoring powers of a player's working cards (``found``: their active ignoring
    cards)."""
    if not found:
        return _NO_POWERS
    cards, ids = db.cards, st.card_ids
    known: list[PowerDef] = []
    for i in found:
        if i not in muted:
            known += cards[ids[i]].ignores
    return tuple(known)


def _contest(db: BlueMoonDB, st: BlueMoonState, found: Cards) -> frozenset[int]:
    """The ignoring cards that do not work, when both players have some (ruling R14).

    Card ``x`` stops card ``y`` (of the other player) when ``x`` would ignore ``y``'s text
    or ``y``'s printed exception names ``x`` ("no effect if opposed by …"). A card works
    when every card that would stop it does not work, and does not work when one that
    would stop it works; the cards this leaves open stop each other in a circle, and none
    of them works."""
    stoppers: dict[int, list[int]] = {}
    for y in found:
        dy = defn(db, st, y)
        out = []
        for x in found:
            if st.owner[x] == st.owner[y]:
                continue
            dx = defn(db, st, x)
            hit = not dy.protected and _reaches(dx.ignores, dy, "text")
            if hit or any(dx.id in p.void_if_opposed_by for p in dy.ignores):
                out.append(x)
        stoppers[y] = out
    works: dict[int, bool] = {}
    changed = True
    while changed:
        changed = False
        for y in found:
            if y in works:
                continue
            if any(works.get(x) is True for x in stoppers[y]):
                works[y] = False
                changed = True
            elif all(works.get(x) is False for x in stoppers[y]):
                works[y] = True
                changed = True
    return frozenset(y for y in found if not works.get(y, False))


def ignoring_powers(db: BlueMoonDB, st: BlueMoonState, s: int) -> Powers:
    """The ignoring powers of a player's active cards that work (their text not ignored)."""
    known = st._seen
    if known is None or known.db is not db:
        known = seen(db, st)
    return known.ignoring[s]


def _reaches(ignoring: Powers, d: CardDef, aspect: str) -> bool:
    """Whether one of these ignoring powers takes away this (unprotected) card's ``aspect``."""
    for p in ignoring:
        if p.aspect != "all" and p.aspect != aspect:
            continue
        if p.void_if_opposed_by and d.id in p.void_if_opposed_by:
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


def _ignored(
    db: BlueMoonDB,
    st: BlueMoonState,
    i: int,
    aspect: str,
    found: tuple[Cards, Cards],
    muted: frozenset[int],
    ignoring: tuple[Powers, Powers],
) -> bool:
    """``ignored`` from the parts of a ``Seen`` (while one is worked out)."""
    other = 1 - st.owner[i]
    against = ignoring[other]
    if not against:  # nothing of the opponent's ignores: only a circle can mute this card
        return aspect == "text" and bool(found[other]) and i in muted
    d = db.cards[st.card_ids[i]]
    if aspect == "text" and d.ignores and i in muted:
        return True
    return not d.protected and _reaches(against, d, aspect)


def ignored(db: BlueMoonDB, st: BlueMoonState, i: int, aspect: str = "all") -> bool:
    """Whether the opponent's working powers ignore this card's ``aspect`` ("all" = the whole
    card; "text" and "icons" are also ignored when the whole card is); the text of an
    ignoring card that does not work counts as ignored (ruling R14)."""
    known = st._seen
    if known is None or known.db is not db:
        known = seen(db, st)
    return _ignored(db, st, i, aspect, known.found, known.muted, known.ignoring)


def active(db: BlueMoonDB, st: BlueMoonState, s: int) -> Cards:
    """A player's active cards that are not wholly ignored."""
    known = st._seen
    if known is None or known.db is not db:
        known = seen(db, st)
    return known.active[s]


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


def powers(db: BlueMoonDB, st: BlueMoonState, s: int) -> Powers:
    """The powers of a player's active cards whose text is not ignored."""
    known = st._seen
    if known is None or known.db is not db:
        known = seen(db, st)
    return known.powers[s]


def has_power(db: BlueMoonDB, st: BlueMoonState, s: int, kind: str) -> bool:
    """Whether one of ``powers(db, st, s)`` is of this kind."""
    known = st._seen
    if known is None or known.db is not db:
        known = seen(db, st)
    return kind in known.kinds[s]


def _printed(d: CardDef, element: int) -> int:
    return d.value(element)


def card_value(
    db: BlueMoonDB,
    st: BlueMoonState,
    i: int,
    element: int,
    mine: Powers,
    aimed: list[PowerDef] | None = None,
) -> int:
    """A card's value with its owner's increases and the opponent's reductions: increases
    first, then decreases (bluemoon.special.rule7). Of the increases, the "increase to"
    changes aimed at this card (``aimed``: set_one, sum_one, max_one) come before the
    doublings (its owner's ``double`` powers and the aimed double_one): the order that
    gives the owner most, as the player decides how their cards apply
    (bluemoon.special.rule2_choice)."""
    d = defn(db, st, i)
    if d.type == "leadership":
        return 0
    v = _printed(d, element)
    doubling = 0
    if aimed:
        for p in aimed:
            if p.element is not None and ELEMENTS.index(p.element) != element:
                continue
            if p.mode == "double_one":
                doubling += 1
            elif p.mode == "set_one":
                v = max(v, p.n)
            elif p.mode == "sum_one":
                v = max(v, d.fire + d.earth)
            elif p.mode == "max_one":
                v = max(v, d.fire, d.earth)
    for p in mine:
        if p.kind == "double" and d.type in p.types:
            doubling += 1
    v <<= doubling
    if d.protected or not has_power(db, st, 1 - st.owner[i], "value"):
        return v
    for p in powers(db, st, 1 - st.owner[i]):
        if p.kind == "value" and p.mode in ("zero_odd", "zero_even") and d.type in p.types:
            printed = _printed(d, element)
            if printed % 2 == (1 if p.mode == "zero_odd" else 0) and printed:
                v = 0
    return v


def aim_targets(db: BlueMoonDB, st: BlueMoonState, i: int) -> list[int]:
    """The cards a "one of my …" card may apply to: its owner's active characters that are
    not ignored (a change to one of my characters), or its owner's active Caterpillar
    boosters whose demand works (Crysalus Frendus) (bluemoon.special.rule2)."""
    s = st.owner[i]
    p = defn(db, st, i).aimed
    if p is None:
        return []
    if p.kind == "value":
        return [c for c in active(db, st, s) if defn(db, st, c).type == "character"]
    return [
        c
        for c in active(db, st, s)
        if defn(db, st, c).type == "booster"
        and defn(db, st, c).first_word == "caterpillar"
        and any(q.kind == "must_discard" for q in defn(db, st, c).powers)
        and not ignored(db, st, c, "text")
    ]


def aims_to_fix(db: BlueMoonDB, st: BlueMoonState) -> list[tuple[int, list[int]]]:
    """The working "one of my …" cards whose card to apply to is missing or no longer
    counts (covered, discarded, ignored), each with the cards it may apply to now
    (bluemoon.special.rule2)."""
    if not any_aimed(db, st):
        return []
    return _aims_to_fix(db, st)


def _aims_to_fix(db: BlueMoonDB, st: BlueMoonState) -> list[tuple[int, list[int]]]:
    out: list[tuple[int, list[int]]] = []
    raw = seen(db, st).raw
    for s in (0, 1):
        for i in raw[s]:
            if defn(db, st, i).aimed is None or ignored(db, st, i, "text"):
                continue
            targets = aim_targets(db, st, i)
            if st.aim[i] not in targets and (targets or st.aim[i] >= 0):
                out.append((i, targets))
    return out


def any_aimed(db: BlueMoonDB, st: BlueMoonState) -> bool:
    """Whether a "one of my …" card is active on either side (a quick look at the areas)."""
    if db.aimed_ids.isdisjoint(st.card_ids):
        return False  # none in either deck
    cards, ids, act = db.cards, st.card_ids, st.act
    for s in (0, 1):
        for i in st.support[s]:
            if cards[ids[i]].aimed is not None:
                return True
        for i in st.combat[s]:
            if act[i] and cards[ids[i]].aimed is not None:
                return True
    return False


def _aimed_at(db: BlueMoonDB, st: BlueMoonState, s: int) -> dict[int, list[PowerDef]]:
    """The working changes to "one of my characters" of ``s``, by the character each
    applies to."""
    out: dict[int, list[PowerDef]] = {}
    here: Cards | None = None
    for i in seen(db, st).raw[s]:
        p = defn(db, st, i).aimed
        if p is None or p.kind != "value" or st.aim[i] < 0 or ignored(db, st, i, "text"):
            continue
        if here is None:
            here = active(db, st, s)
        t = st.aim[i]
        if t in here and defn(db, st, t).type == "character":
            out.setdefault(t, []).append(p)
    return out


def total(db: BlueMoonDB, st: BlueMoonState, s: int) -> int:
    """A player's total power in the contested element (bluemoon.turn.announce), kept in
    the state (``_totals``) beside the ``Seen`` it is made from, and dropped with it; it also
    reads the element and the aims, whose changes drop both (``BlueMoonState.forget``)."""
    seen(db, st)  # a new Seen forgets the totals worked out before it
    known = st._totals
    if known is not None:
        kept = known[s]
        if kept is not None:
            return kept
    value = _total(db, st, s)
    if s == 0:
        st._totals = (value, None if known is None else known[1])
    else:
        st._totals = (None if known is None else known[0], value)
    return value


def _total(db: BlueMoonDB, st: BlueMoonState, s: int) -> int:
    element = st.element if st.element >= 0 else FIRE
    mine = powers(db, st, s)
    value = 0
    if has_power(db, st, s, "value"):
        aimed = _aimed_at(db, st, s)
        for i in active(db, st, s):
            value += card_value(db, st, i, element, mine, aimed.get(i))
    else:
        for i in active(db, st, s):
            value += card_value(db, st, i, element, mine)
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
    if not has_power(db, st, 1 - s, "forbid"):
        return False
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
    if not has_power(db, st, 1 - s, "limit"):
        return total_left, combat_left
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
    if not has_power(db, st, s, "extra"):
        return n
    for p in powers(db, st, s):
        if p.kind == "extra" and card_type in p.types:
            if p.n == 0:
                return -1
            n += p.n
    return n


def draw_cap(db: BlueMoonDB, st: BlueMoonState, s: int, n: int, drawn_this_turn: int) -> int:
    """How many of ``n`` cards ``s`` may take from the deck now (the opponent's blocks)."""
    if not has_power(db, st, 1 - s, "draw_block"):
        return n
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


def count_kind(db: BlueMoonDB, st: BlueMoonState, s: int, kind: str) -> int:
    """How many active, not ignored support cards of ``s`` carry a power of ``kind``."""
    return sum(
        1
        for i in st.support[s]
        if not ignored(db, st, i, "text") and any(p.kind == kind for p in defn(db, st, i).powers)
    )


def obligations(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[tuple[int, PowerDef]]:
    """The opponent's "by the end of your booster/support phase you must discard …" powers,
    each with the card that makes the demand, in order; a working Crysalus Frendus doubles
    the demand of the Caterpillar its player applied it to (``double_effect``, ruling R22;
    bluemoon.special.rule5)."""
    other = 1 - s
    out: list[tuple[int, PowerDef]] = []
    if not has_power(db, st, other, "must_discard"):
        return out
    doubling: list[int] = []
    for i in raw_active(st, other):
        d = defn(db, st, i)
        if not d.powers or ignored(db, st, i, "text"):
            continue
        for p in d.powers:
            if p.kind == "must_discard":
                out.append((i, p))
            elif p.kind == "double_effect":
                doubling.append(i)
    for x in doubling:
        for k, (src, p) in enumerate(out):
            if src == st.aim[x]:
                out[k] = (src, replace(p, n=p.n * 2))
    return out


def _both(p: PowerDef, got: list[CardDef]) -> int:
    """How far cards go toward "n Fire and n Earth (on different cards)": the best way of
    counting each card for Fire or for Earth (any combination that meets the demand is
    accepted), as min(Fire, n) + min(Earth, n)."""
    best = 0
    k = len(got)
    for mask in range(1 << k):
        fire = earth = 0
        for j, x in enumerate(got):
            if mask >> j & 1:
                fire += x.fire
            else:
                earth += x.earth
        best = max(best, min(fire, p.n) + min(earth, p.n))
    return best


def _contributes(d: CardDef, p: PowerDef, got: list[CardDef]) -> bool:
    if p.types:
        return d.type in p.types
    if p.mode == "both":  # n Fire and n Earth on different cards
        return _both(p, [*got, d]) > _both(p, got)
    if p.mode == "either":
        return d.fire > 0 or d.earth > 0
    return d.value(EARTH if p.element == "earth" else FIRE) > 0


def _met(p: PowerDef, got: list[CardDef]) -> bool:
    if p.types:
        return len(got) >= max(1, p.n)
    if p.mode == "both":
        return _both(p, got) >= 2 * p.n
    if p.mode == "either":
        return sum(x.fire for x in got) >= p.n or sum(x.earth for x in got) >= p.n
    return sum(x.value(EARTH if p.element == "earth" else FIRE) for x in got) >= p.n


def obligation_state(
    db: BlueMoonDB, st: BlueMoonState, s: int
) -> tuple[list[tuple[int, PowerDef]], list[list[CardDef]]]:
    """Each demand on ``s`` and the cards ``s`` discarded from their own hand toward it this
    turn (``state.shed`` pairs each card with the demand its player counted it for)."""
    obs = obligations(db, st, s)
    got: list[list[CardDef]] = [[] for _ in obs]
    shed = st.shed
    for k in range(0, len(shed), 2):
        c, src = shed[k], shed[k + 1]
        if st.owner[c] != s:
            continue  # only cards from the demanded player's own hand count
        for j, (o, _p) in enumerate(obs):
            if o == src:
                got[j].append(defn(db, st, c))
                break
    return obs, got


def unmet(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[PowerDef]:
    """The demands ``s`` has not met this turn."""
    obs, got = obligation_state(db, st, s)
    return [p for k, (_src, p) in enumerate(obs) if not _met(p, got[k])]


def unmet_sources(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[int]:
    """The opponent's cards whose demands on ``s`` are not met this turn, in order."""
    obs, got = obligation_state(db, st, s)
    return [src for k, (src, p) in enumerate(obs) if not _met(p, got[k])]


def shed_options(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[tuple[int, int]]:
    """(hand card, demanding card) pairs: the card would help that unmet demand (no extra
    cards, rule 5; the player chooses which demand a card counts for, rule5_each_card)."""
    obs, got = obligation_state(db, st, s)
    if not obs:
        return []
    out = []
    for c in st.hands[s]:
        d = defn(db, st, c)
        for k, (src, p) in enumerate(obs):
            if not _met(p, got[k]) and _contributes(d, p, got[k]):
                out.append((c, src))
    return out


def discard_card(db: BlueMoonDB, st: BlueMoonState, c: int) -> None:
    """A card goes face up onto its owner's discard pile; a leadership card onto the
    leadership pile instead, never to come back (bluemoon.discard.leadership,
    bluemoon.discard.return)."""
    s = st.owner[c]
    if defn(db, st, c).type == "leadership":
        st.leaders[s].append(c)
    else:
        st.discards[s].append(c)
    st.public[c] = 1
