"""The engine's fast paths (constant abilities remembered on the state, legal actions kept
from the moment a decision opens, per-card flags) agree with the plain definitions, and
the caches are no part of the state."""

from __future__ import annotations

import random
from typing import Any

from cardtable.core import get_game
from cardtable.games.epic.cards import KW_BIT, CardDef, EpicDB
from cardtable.games.epic.effects import (
    defense,
    frenzy,
    has_faction,
    keywords,
    leave_play,
    matches,
    offense,
    statics_in_play,
    value_key,
)
from cardtable.games.epic.state import EpicState

GAME = get_game("epic")
SETUPS: list[dict[str, Any]] = [
    {},
    {"edition": "duel2023"},
    {"format": "precon"},
    {"players": 3, "mode": "ffa"},
    {"players": 4, "mode": "hunter_last_survivor", "copies": 2},
    {"players": 4, "mode": "hydra", "teams": [[1, 2], [3, 4]]},
]


# --- the plain definitions (every constant ability in play looked at each time) ------------
def _defn(db: EpicDB, st: EpicState, i: int) -> CardDef:
    return db.cards[st.card_ids[i]]


def _applies(db: EpicDB, st: EpicState, s: Any, i: int, seat: int, j: int) -> bool:
    if s.your_turn and st.active != seat:
        return False
    if s.to.this:
        return i == j
    return matches(db, st, s.to, i, seat, j)


def _bonus(db: EpicDB, st: EpicState, i: int) -> tuple[int, int]:
    off = dfn = 0
    for seat, row in enumerate(st.play):
        for j in row:
            for s in _defn(db, st, j).statics:
                if (s.offense or s.defense) and _applies(db, st, s, i, seat, j):
                    off += s.offense
                    dfn += s.defense
    return off, dfn


def _offense(db: EpicDB, st: EpicState, i: int) -> int:
    return max(0, _defn(db, st, i).offense + st.counters[i] + st.eot_off[i] + _bonus(db, st, i)[0])


def _defense(db: EpicDB, st: EpicState, i: int) -> int:
    return max(0, _defn(db, st, i).defense + st.counters[i] + st.eot_def[i] + _bonus(db, st, i)[1])


def _keywords(db: EpicDB, st: EpicState, i: int) -> int:
    d = _defn(db, st, i)
    bits = d.keywords | st.eot_kw[i]
    if st.controller[i] < 0:
        return bits
    for seat, row in enumerate(st.play):
        for j in row:
            for s in _defn(db, st, j).statics:
                if s.keywords and _applies(db, st, s, i, seat, j):
                    for k in s.keywords:
                        bits |= KW_BIT[k]
    if d.frenzy_keywords and frenzy(st, st.controller[i]):
        bits |= d.frenzy_keywords
    return bits


def _has_faction(db: EpicDB, st: EpicState, i: int, faction: str) -> bool:
    if _defn(db, st, i).faction == faction:
        return True
    if st.controller[i] < 0:
        return False
    return any(
        s.faction == faction and _applies(db, st, s, i, seat, j)
        for seat, row in enumerate(st.play)
        for j in row
        for s in _defn(db, st, j).statics
    )


def _facts(db: EpicDB, st: EpicState, plain: bool) -> list[object]:
    out: list[object] = []
    for row in st.play:
        for i in row:
            if plain:
                out += [_offense(db, st, i), _defense(db, st, i), _keywords(db, st, i)]
                out += [_has_faction(db, st, i, f) for f in ("good", "evil")]
            else:
                out += [offense(db, st, i), defense(db, st, i), keywords(db, st, i)]
                out += [has_faction(db, st, i, f) for f in ("good", "evil")]
    return out


def _fresh(st: EpicState) -> EpicState:
    copy = st.clone()
    copy.clear_caches()
    return copy


def test_fast_paths_agree_with_the_plain_definitions() -> None:
    statics_seen = 0
    for seed in range(24):
        st = GAME.new_game(SETUPS[seed % len(SETUPS)], seed)
        pick = random.Random(seed)
        db = GAME.dbs(st)
        while GAME.to_move(st) is not None:
            plain = _facts(db, st, plain=True)
            assert _facts(db, st, plain=False) == plain
            assert _facts(db, _fresh(st), plain=False) == plain
            statics_seen += bool(statics_in_play(db, st).stats + statics_in_play(db, st).keywords)
            legal = GAME.legal_actions(st)
            assert GAME.legal_actions(_fresh(st)) == legal  # kept options = worked out again
            GAME.apply(st, legal[pick.randrange(len(legal))])
    assert statics_seen > 0  # the games did put constant abilities in play


def test_the_caches_are_no_part_of_the_state() -> None:
    st = GAME.new_game(None, 5)
    pick = random.Random(5)
    for _ in range(60):
        legal = GAME.legal_actions(st)
        GAME.apply(st, legal[pick.randrange(len(legal))])
    statics_in_play(GAME.dbs(st), st)
    GAME.legal_actions(st)
    assert st._statics is not None and st._legal is not None
    doc = st.to_json()
    assert "_statics" not in doc and "_legal" not in doc
    back = GAME.state_from_json(doc)
    assert back._statics is None and back._legal is None
    assert GAME.legal_actions(back) == GAME.legal_actions(st)
    # a champion leaving play is noticed: the remembered abilities are found again
    copy = st.clone()
    moved = next(i for row in copy.play for i in row) if any(copy.play) else None
    if moved is not None:
        db = GAME.dbs(copy)
        leave_play(db, copy, moved, "hand")
        assert statics_in_play(db, copy) == statics_in_play(db, _fresh(copy))
        assert statics_in_play(db, st) == statics_in_play(db, _fresh(st))  # the original kept


def test_derived_card_flags() -> None:
    db = GAME.dbs(GAME.new_game(None, 0))
    for d in db.cards.values():
        assert d.is_champion == (d.type != "event")
        assert d.stat_statics == tuple(s for s in d.statics if s.offense or s.defense)
        assert d.keyword_statics == tuple(s for s in d.statics if s.keywords)
        assert d.whens == {a.when for a in d.abilities}
    abilities = [a for d in db.cards.values() for a in d.abilities]
    for a in abilities[:60]:
        for b in abilities[:60]:
            assert (value_key(a) == value_key(b)) == (a == b)
