"""The engine's fast paths (the cache of the cards in play kept in the state, ``state.Seen``
and the totals, and the per-card flags) agree with the plain definitions of active cards,
ignoring and powers; the cache is always current and never part of the state."""

from __future__ import annotations

import random

from cardtable.core import get_game, state_hash
from cardtable.core.rng import Rng
from cardtable.games.bluemoon.powers import (
    ALL,
    active,
    icons,
    ignored,
    ignoring_powers,
    powers,
    raw_active,
    total,
)
from cardtable.games.bluemoon.records import BlueMoonDB, CardDef, PowerDef
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


def _hits(p: PowerDef, d: CardDef, aspect: str) -> bool:
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


def _ignoring(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[PowerDef]:
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


def _powers(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[PowerDef]:
    return [
        p
        for i in _raw_active(st, s)
        if not _ignored(db, st, i, "text")
        for p in _defn(db, st, i).powers
    ]


# --- the engine's answers, from the kept cache and from scratch ----------------------------
def _facts(db: BlueMoonDB, st: BlueMoonState, totals: bool = True) -> list[object]:
    out: list[object] = []
    for s in (0, 1):
        out += [list(raw_active(st, s)), list(ignoring_powers(db, st, s))]
        out += [list(active(db, st, s)), list(powers(db, st, s))]
        if totals:
            out.append(total(db, st, s))
        for i in st.combat[s] + st.support[s] + st.hands[s]:
            out += [ignored(db, st, i, a) for a in ASPECTS]
            out.append(icons(db, st, i))
    return out


def _fresh_facts(db: BlueMoonDB, st: BlueMoonState) -> list[object]:
    """The engine's answers worked out from scratch (on a copy with nothing kept)."""
    copy = st.clone()
    copy.forget()
    return _facts(db, copy)


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
    """At every decision of random games the kept cache answers as the plain definitions
    do, before and after the options are listed, and so do a clone's, a JSON copy's and a
    determinized copy's."""
    ignoring_seen = contested = 0
    for seed in range(40):
        st = GAME.new_game(None, seed)
        pick = random.Random(seed)
        db = GAME.dbs(st)
        while GAME.to_move(st) is not None:
            plain = _plain_facts(db, st)
            assert _facts(db, st, totals=False) == plain
            ignoring_seen += any(_ignoring(db, st, s) for s in (0, 1))
            contested += all(_ignoring(db, st, s) for s in (0, 1))
            legal = GAME.legal_actions(st)
            fresh = _fresh_facts(db, st)
            assert _facts(db, st, totals=False) == plain and _facts(db, st) == fresh
            assert _facts(db, st.clone()) == fresh
            assert _facts(db, GAME.state_from_json(st.to_json())) == fresh
            if seed % 4 == 0:
                seat = GAME.to_move(st)
                assert seat is not None
                other = GAME.determinize(st, seat, Rng(seed))
                assert _facts(db, other) == _fresh_facts(db, other)
            GAME.apply(st, legal[pick.randrange(len(legal))])
    assert ignoring_seen > 0  # the games did put ignoring powers on the table
    assert contested > 0  # and ignoring cards against ignoring cards


def test_the_kept_cache_is_always_current() -> None:
    """After every action, in every setup (step mode, the optional reshuffle, a match with
    swapped decks), what the state keeps equals what it would work out from scratch; and an
    action taken with the kept cache ends where it ends from an empty one."""
    for k, setup in enumerate(GAME.conformance_setups()):
        for seed in range(6):
            st = GAME.new_game(setup, 100 * k + seed)
            pick = random.Random(seed)
            db = GAME.dbs(st)
            while GAME.to_move(st) is not None:
                legal = GAME.legal_actions(st)
                assert _facts(db, st) == _fresh_facts(db, st)
                action = legal[pick.randrange(len(legal))]
                empty = st.clone()
                empty.forget()
                GAME.apply(empty, action)
                GAME.apply(st, action)
                assert st.to_json() == empty.to_json()
                if st._seen is not None:
                    assert _facts(db, st) == _fresh_facts(db, st)


def test_the_cache_is_no_part_of_the_state() -> None:
    """Neither the JSON form nor the hash sees the cache; a JSON copy and a position start
    without one; a clone shares the (immutable) one it was made with, and what happens to
    the original afterwards leaves the clone's answers right."""
    st = GAME.new_game(None, 3)
    db = GAME.dbs(st)
    powers(db, st, 0)
    total(db, st, 1)
    assert st._seen is not None and st._totals is not None
    data = st.to_json()
    assert not {"_seen", "_totals", "_legal", "_memo"} & set(data)
    before = state_hash(st)
    st.forget()
    assert state_hash(st) == before and st.to_json() == data
    powers(db, st, 0)
    loaded = GAME.state_from_json(data)
    assert loaded._seen is None and loaded._totals is None
    copy = st.clone()
    assert copy._seen is st._seen
    plain = _fresh_facts(db, copy)
    pick = random.Random(3)
    for _ in range(40):
        if GAME.to_move(st) is None:
            break
        legal = GAME.legal_actions(st)
        GAME.apply(st, legal[pick.randrange(len(legal))])
        assert _facts(db, copy) == plain
    assert GAME.legal_actions(copy) == GAME.legal_actions(GAME.state_from_json(data))


def test_positions_start_with_a_current_cache() -> None:
    """A loaded position answers as one worked out from scratch."""
    for seed in range(4):
        st = GAME.new_game(None, seed)
        pick = random.Random(seed)
        for _ in range(25):
            if GAME.to_move(st) is None:
                break
            legal = GAME.legal_actions(st)
            GAME.apply(st, legal[pick.randrange(len(legal))])
        if GAME.to_move(st) is None:
            continue
        loaded = GAME.load_position(GAME.export_position(st))
        db = GAME.dbs(loaded)
        assert _facts(db, loaded) == _fresh_facts(db, loaded)
