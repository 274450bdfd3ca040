"""The engine's fast paths (the per-state memo, the per-card flags) agree with the plain
definitions of active cards, ignoring and powers, and the memo never outlives a computation."""

from __future__ import annotations

import random

from cardtable.core import get_game
from cardtable.games.bluemoon.cards import BlueMoonDB, CardDef, Power
from cardtable.games.bluemoon.powers import (
    ALL,
    active,
    icons,
    ignored,
    ignoring_powers,
    memoizing,
    powers,
    raw_active,
)
from cardtable.games.bluemoon.state import BlueMoonState

GAME = get_game("bluemoon")
ASPECTS = ("all", "text", "icons")


# --- the plain definitions (no memo, no precomputed flags) -------------------------------
def _defn(db: BlueMoonDB, st: BlueMoonState, i: int) -> CardDef:
    return db.cards[st.card_ids[i]]


def _raw_active(st: BlueMoonState, s: int) -> list[int]:
    out = [i for i in st.combat[s] if st.act[i]] + st.support[s]
    if st.lead_now >= 0 and st.owner[st.lead_now] == s and st.active == s:
        out.append(st.lead_now)
    return out


def _hits(p: Power, d: CardDef, aspect: str) -> bool:
    if p.aspect not in ("all", aspect) or d.type not in (p.types or ALL):
        return False
    if d.id in p.void_if_opposed_by:
        return False
    if p.with_icons and not d.icons and d.gang is None:
        return False
    return not (
        p.except_people is not None
        and d.people == p.except_people
        and (not p.except_types or d.type in p.except_types)
    )


def _stops(db: BlueMoonDB, st: BlueMoonState, x: int, y: int) -> bool:
    """Ignoring card ``x`` would ignore ignoring card ``y``'s text, or ``y``'s printed
    exception names it."""
    dx, dy = _defn(db, st, x), _defn(db, st, y)
    if st.owner[x] == st.owner[y]:
        return False
    if any(dx.id in p.void_if_opposed_by for p in dy.powers if p.kind == "ignore"):
        return True
    if "protected" in dy.icons:
        return False
    return any(_hits(p, dy, "text") for p in dx.powers if p.kind == "ignore")


def _working(db: BlueMoonDB, st: BlueMoonState) -> set[int]:
    """The active ignoring cards that work: stopped by none that works (ruling R14)."""
    cards = [
        i
        for s in (0, 1)
        for i in _raw_active(st, s)
        if any(p.kind == "ignore" for p in _defn(db, st, i).powers)
    ]
    works: dict[int, bool] = {}
    for _ in range(len(cards) + 1):
        for y in cards:
            if y in works:
                continue
            stoppers = [x for x in cards if _stops(db, st, x, y)]
            if any(works.get(x) is True for x in stoppers):
                works[y] = False
            elif all(works.get(x) is False for x in stoppers):
                works[y] = True
    return {y for y in cards if works.get(y) is True}


def _ignoring(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[Power]:
    working = _working(db, st)
    return [
        p
        for i in _raw_active(st, s)
        if i in working
        for p in _defn(db, st, i).powers
        if p.kind == "ignore"
    ]


def _ignored(db: BlueMoonDB, st: BlueMoonState, i: int, aspect: str) -> bool:
    d = _defn(db, st, i)
    active_ignorer = i in _raw_active(st, st.owner[i]) and any(p.kind == "ignore" for p in d.powers)
    if aspect == "text" and active_ignorer and i not in _working(db, st):
        return True
    if "protected" in d.icons:
        return False
    return any(_hits(p, d, aspect) for p in _ignoring(db, st, 1 - st.owner[i]))


def _icons(db: BlueMoonDB, st: BlueMoonState, i: int) -> frozenset[str]:
    d = _defn(db, st, i)
    if "protected" in d.icons or not _ignored(db, st, i, "icons"):
        return d.icons
    kept: set[str] = set()
    for p in _ignoring(db, st, 1 - st.owner[i]):
        if p.aspect == "icons":
            kept |= set(p.except_icons) & d.icons
    return frozenset(kept)


def _powers(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[Power]:
    return [
        p
        for i in _raw_active(st, s)
        if not _ignored(db, st, i, "text")
        for p in _defn(db, st, i).powers
    ]


# --- the engine's answers, outside and inside a memo ---------------------------------------
def _facts(db: BlueMoonDB, st: BlueMoonState) -> list[object]:
    out: list[object] = []
    for s in (0, 1):
        out += [raw_active(st, s), ignoring_powers(db, st, s), active(db, st, s)]
        out.append(powers(db, st, s))
        for i in st.combat[s] + st.support[s] + st.hands[s]:
            out += [ignored(db, st, i, a) for a in ASPECTS]
            out.append(icons(db, st, i))
    return out


@memoizing
def _memoized_facts(db: BlueMoonDB, st: BlueMoonState) -> list[object]:
    first = _facts(db, st)
    assert _facts(db, st) == first  # answered again from the memo
    return first


def _plain_facts(db: BlueMoonDB, st: BlueMoonState) -> list[object]:
    out: list[object] = []
    for s in (0, 1):
        out += [_raw_active(st, s), _ignoring(db, st, s)]
        out.append([i for i in _raw_active(st, s) if not _ignored(db, st, i, "all")])
        out.append(_powers(db, st, s))
        for i in st.combat[s] + st.support[s] + st.hands[s]:
            out += [_ignored(db, st, i, a) for a in ASPECTS]
            out.append(_icons(db, st, i))
    return out


def test_fast_paths_agree_with_the_plain_definitions() -> None:
    ignoring_seen = contested = 0
    for seed in range(40):
        st = GAME.new_game(None, seed)
        pick = random.Random(seed)
        db = GAME.dbs(st)
        while GAME.to_move(st) is not None:
            plain = _plain_facts(db, st)
            assert _facts(db, st) == plain
            assert _memoized_facts(db, st) == plain
            ignoring_seen += any(_ignoring(db, st, s) for s in (0, 1))
            contested += all(_ignoring(db, st, s) for s in (0, 1))
            legal = GAME.legal_actions(st)
            assert st._memo is None
            GAME.apply(st, legal[pick.randrange(len(legal))])
            assert st._memo is None
    assert ignoring_seen > 0  # the games did put ignoring powers on the table
    assert contested > 0  # and ignoring cards against ignoring cards


def test_the_memo_is_no_part_of_the_state() -> None:
    st = GAME.new_game(None, 3)
    seen: list[BlueMoonState] = []

    @memoizing
    def inside(db: BlueMoonDB, state: BlueMoonState) -> None:
        powers(db, state, 0)
        assert state._memo is not None
        copy = state.clone()
        assert copy._memo is None
        assert "_memo" not in state.to_json() and "_legal" not in state.to_json()
        seen.append(copy)

    inside(GAME.dbs(st), st)
    assert st._memo is None
    assert GAME.state_from_json(st.to_json())._memo is None
    assert seen and GAME.legal_actions(seen[0]) == GAME.legal_actions(st)
