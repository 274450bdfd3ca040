"""The caches the Epic state keeps (state.py: the constant abilities in play, champions'
keywords, whether a champion is damaged) are invalidated by every change they depend on:
at every decision of seeded games, through clones and determinizations, the remembered
values are those a state without caches works out."""

from __future__ import annotations

import random
from typing import Any

from cardtable.core import get_game, state_hash
from cardtable.core.rng import Rng
from cardtable.games.epic.cards import KW_BIT
from cardtable.games.epic.effects import (
    _champion_keywords,
    keywords,
    statics_in_play,
)
from cardtable.games.epic.state import EpicState
from tests.games.epic.helpers import play, position, texts

GAME = get_game("epic")


def _fresh(st: EpicState) -> EpicState:
    copy = st.clone()
    copy.clear_caches()
    return copy


def _check_caches(st: EpicState) -> None:
    """What ``st`` remembers equals what a copy without caches works out."""
    db = GAME.dbs(st)
    statics, known, damaged = st._statics, st._keywords, st._damaged
    remembered = None if known is None else dict(known)
    fresh = _fresh(st)
    found = statics_in_play(db, fresh)
    if statics is not None and statics.db is db:
        assert statics == found
    if remembered is not None:
        assert statics is not None and statics.plain
        for i, bits in remembered.items():
            assert st.controller[i] >= 0  # only champions in play are remembered
            want = _champion_keywords(db, fresh, i, db.cards[st.card_ids[i]], found)
            assert bits == want, (st.card_ids[i], bits, want)
    if not damaged:
        assert not any(st.damage[i] for row in st.play for i in row)
    champs = [i for row in st.play for i in row]
    assert [keywords(db, st, i) for i in champs] == [keywords(db, fresh, i) for i in champs]


def _random_playout(st: EpicState, pick: random.Random, steps: int) -> None:
    for _ in range(steps):
        if GAME.to_move(st) is None:
            return
        legal = GAME.legal_actions(st)
        GAME.apply(st, legal[pick.randrange(len(legal))])
        _check_caches(st)


def test_remembered_values_follow_every_change() -> None:
    """Every conformance setup (multi-player, drafts, step mode), each decision checked;
    now and then a determinized copy plays on, leaving the original's caches right."""
    for k, setup in enumerate(GAME.conformance_setups()):
        for seed in range(2):
            st = GAME.new_game(setup, 40 + seed)
            pick = random.Random(k * 10 + seed)
            n = 0
            while GAME.to_move(st) is not None:
                _check_caches(st)
                seat = GAME.to_move(st)
                assert seat is not None
                n += 1
                if n % 15 == 0:
                    before = state_hash(st)
                    copy = GAME.determinize(st, seat, Rng(n))
                    _check_caches(copy)
                    _random_playout(copy, random.Random(n), 25)
                    assert state_hash(st) == before
                    _check_caches(st)
                    other = st.clone()
                    _random_playout(other, random.Random(n + 1), 25)
                    _check_caches(st)
                legal = GAME.legal_actions(st)
                GAME.apply(st, legal[pick.randrange(len(legal))])
            _check_caches(st)


def test_caches_stay_out_of_the_plain_form() -> None:
    st = GAME.new_game(None, 7)
    pick = random.Random(7)
    while GAME.to_move(st) is not None and not any(st.play):
        legal = GAME.legal_actions(st)
        GAME.apply(st, legal[pick.randrange(len(legal))])
    db = GAME.dbs(st)
    for i in [i for row in st.play for i in row]:
        keywords(db, st, i)
    assert st._keywords  # remembered
    doc = st.to_json()
    assert not any(key.startswith("_") for key in doc)
    back = GAME.state_from_json(doc)
    assert back._statics is None and back._keywords is None and back._damaged
    assert state_hash(back) == state_hash(st) and back.to_json() == doc
    copy = st.clone()
    assert copy._keywords == st._keywords and copy._keywords is not st._keywords
    assert state_hash(copy) == state_hash(st)


def champ(ident: str, offense: int = 2, defense: int = 2, **extra: Any) -> dict[str, Any]:
    return {
        "id": ident,
        "edition": "duel2023",
        "name": {"ru": ident, "en": ident},
        "faction": "good",
        "type": "champion",
        "cost": 0,
        "offense": offense,
        "defense": defense,
        **extra,
    }


# Constant abilities whose reach follows combat or offense: never remembered per champion.
BANNER = champ(
    "ex_banner",
    statics=[
        {
            "to": {"each": "champion", "controller": "you", "combat": "attacking"},
            "keywords": ["airborne"],
        }
    ],
)
SHROUD = champ(
    "ex_shroud",
    statics=[
        {
            "to": {"each": "champion", "controller": "you", "max_offense": 2},
            "keywords": ["untargetable"],
        }
    ],
)
GROWTH = {
    "id": "ex_growth",
    "edition": "duel2023",
    "name": {"ru": "ex_growth", "en": "ex_growth"},
    "faction": "wild",
    "type": "event",
    "cost": 0,
    "modes": [
        {
            "steps": [
                {"op": "modify", "offense": 3, "to": [{"each": "champion", "controller": "you"}]}
            ]
        }
    ],
}


def test_keywords_by_combat_follow_the_declaration() -> None:
    """A constant ability giving Airborne to attacking champions: the attacker has it as
    soon as it is declared (no keyword remembered while such an ability is in play)."""
    st = position(
        [BANNER, champ("ex_a")],
        {"hand": ["armament"], "play": ["ex_banner", "ex_a"]},
        {"hand": ["armament"], "play": ["ex_a"]},
    )
    db = GAME.dbs(st)
    a = st.play[0][1]
    assert not keywords(db, st, a) & KW_BIT["airborne"]
    assert st._keywords is None and not statics_in_play(db, st).plain
    play(st, "attack", "add ex_a@P1.1")
    assert keywords(db, st, a) & KW_BIT["airborne"]
    _check_caches(st)


def test_keywords_by_offense_follow_a_change_of_offense() -> None:
    """Untargetable while its offense is 2 or less: +3 offense this turn takes it away
    (no keyword remembered while such an ability is in play)."""
    st = position(
        [SHROUD, champ("ex_a"), GROWTH],
        {"hand": ["ex_growth", "armament"], "play": ["ex_shroud", "ex_a"]},
        {"hand": ["armament"]},
    )
    db = GAME.dbs(st)
    a = st.play[0][1]
    assert keywords(db, st, a) & KW_BIT["untargetable"]
    assert st._keywords is None and not statics_in_play(db, st).plain
    play(st, "play ex_growth")
    assert st.eot_off[a] == 3
    assert not keywords(db, st, a) & KW_BIT["untargetable"]
    _check_caches(st)


def test_during_your_turn_keywords_follow_the_turn() -> None:
    """Dark Knight is Unbreakable during its controller's turn only: the remembered
    keywords are forgotten when the turn passes."""
    st = position([], {"hand": ["armament"], "play": ["dark_knight"]}, {"hand": ["armament"]})
    db = GAME.dbs(st)
    knight = st.play[0][0]
    unbreakable = KW_BIT["unbreakable"]
    assert keywords(db, st, knight) & unbreakable and st._keywords
    while st.active == 0:
        options = texts(st)
        play(st, "pass" if "pass" in options else options[-1])
    assert not keywords(db, st, knight) & unbreakable
    _check_caches(st)


def test_logging_changes_nothing() -> None:
    """With and without a log the same game reaches the same state."""
    for seed in range(3):
        ends = []
        for log in (False, True):
            st = GAME.new_game({"players": 3, "mode": "ffa"}, seed, log=log)
            pick = random.Random(seed)
            while GAME.to_move(st) is not None:
                legal = GAME.legal_actions(st)
                GAME.apply(st, legal[pick.randrange(len(legal))])
            ends.append(state_hash(st))
        assert ends[0] == ends[1]


def test_airborne_for_joining_the_attack_is_noticed() -> None:
    """Faithful Pegasus: the human joining its attack gains Airborne until the end of the
    turn, though its keywords were remembered just before (epic.keyword.airborne)."""
    st = position(
        [],
        {"hand": ["armament"], "play": ["faithful_pegasus", "white_knight", "gold_dragon"]},
        {"hand": ["armament"], "play": ["imperial_cavalry"]},
    )
    db = GAME.dbs(st)
    knight = st.play[0][1]
    play(st, "attack", "add faithful_pegasus", "done")
    assert not keywords(db, st, knight) & KW_BIT["airborne"]
    assert st._keywords is not None and knight in st._keywords  # remembered
    play(st, "yes")
    assert knight in st.attackers and keywords(db, st, knight) & KW_BIT["airborne"]
    _check_caches(st)
