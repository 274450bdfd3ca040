"""The instance numbers in Boss Battle's view (view.observation): ``hand_insts`` and
``grave_insts``.

Along seeded random games (two and four players, precon and random decks), at every
state: a seat's view gives its own hand's instances in the order of ``hand`` and no other
seat's (None), every graveyard's instances in the order of ``grave``; a spectator sees no
hand's instances; every card instance a legal action names in a hand or a graveyard is
one the acting seat's view lists; a determinized state gives the seat the same numbers
(boss.zone.hand: hands hidden from the others).
"""

from __future__ import annotations

import pytest

from cardtable.core import get_game
from cardtable.core.rng import Rng
from cardtable.games.boss.state import PLAYER, BossState

GAME = get_game("boss")
SETUPS = ({}, {"players": 4, "format": "random"})


def _states(setup: dict[str, object], seed: int) -> list[BossState]:
    st = GAME.new_game(setup, seed)
    rng = Rng(seed + 100)
    states = [st.clone()]
    while GAME.to_move(st) is not None:
        actions = GAME.legal_actions(st)
        GAME.apply(st, actions[rng.randbelow(len(actions))])
        states.append(st.clone())
    return states


def _check_view(st: BossState, seat: int | None) -> None:
    for s, p in enumerate(GAME.observe(st, seat)["players"]):
        if s == seat:
            assert p["hand_insts"] == st.hands[s]
            assert p["hand"] == [st.card_ids[c] for c in p["hand_insts"]]
        else:
            assert p["hand_insts"] is None and p["hand"] is None
        assert p["grave_insts"] == st.graves[s]
        assert p["grave"] == [st.card_ids[c] for c in p["grave_insts"]]


@pytest.mark.parametrize("setup", SETUPS, ids=["default", "random-4"])
def test_views_list_own_hand_and_graveyard_instances_only(setup: dict[str, object]) -> None:
    graves = 0
    named: set[str] = set()
    for k, st in enumerate(_states(setup, 5)):
        _check_view(st, None)
        for seat in range(st.nseats()):
            _check_view(st, seat)
        graves += sum(len(g) for g in st.graves)
        seat = GAME.to_move(st)
        if seat is None:
            continue
        p = GAME.observe(st, seat)["players"]
        hand = set(p[seat]["hand_insts"])
        grave = {c for q in p for c in q["grave_insts"]}
        field = {perm["inst"] for q in p for perm in q["field"]}
        for action in GAME.legal_actions(st):
            if action[0] in ("play", "discard"):
                assert action[1] in hand
            elif action[0] == "return":
                assert action[1] in p[seat]["grave_insts"]
            elif action[0] == "target" and action[1] < PLAYER and action[1] not in field:
                assert action[1] in grave
            else:
                continue
            named.add(action[0])
        other = GAME.determinize(st, seat, Rng(k))
        again = GAME.observe(other, seat)["players"]
        assert [q["hand_insts"] for q in again] == [q["hand_insts"] for q in p]
        assert [q["grave_insts"] for q in again] == [q["grave_insts"] for q in p]
    assert graves and {"play", "discard", "return"} <= named
