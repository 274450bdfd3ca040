"""The order of attacks in the assault phase, read from the event log.

Rules: clash.assault.order and clash.order.assault.2 (top row far→near, then bottom row
far→near; the list is fixed at the start of the assault, rulings R2),
clash.assault.attackers (creatures played this turn do not attack), clash.ability.berserk /
clash.order.assault.19 (all of a creature's attacks before the next creature),
clash.ability.instinct / clash.order.assault.20 (replies after all attacks of the provoking
creature, several carriers in the simultaneous order, rulings R18), clash.simultaneous and
clash.damage.return_order (creatures destroyed together return top far→near, then bottom).
Expected sequences are worked out by hand from the rulebook, not copied from the engine.
"""

from __future__ import annotations

from itertools import count
from typing import Any

from cardtable.core import get_game

_NUMBERS = count(801)


def _card(ident: str, attack: int, health: int, *abilities: str, cost: int = 1) -> dict[str, Any]:
    return {
        "id": ident,
        "number": next(_NUMBERS),
        "name": {"ru": ident.upper(), "en": ident.upper()},
        "kind": "creature",
        "cost": cost,
        "attack": attack,
        "health": health,
        "abilities": list(abilities),
    }


def _run(cards: list[dict[str, Any]], players: dict[str, Any]) -> tuple[Any, list[Any]]:
    """Load the position (A active), end A's turn, return the state and its log."""
    game = get_game("clash")
    st = game.load_position({"cards": cards, "active": "A", "players": players})
    st.log = []
    game.apply(st, game.parse_action(st, "end"))
    return st, st.log


def _attackers(st: Any, log: list[Any]) -> list[str]:
    return [st.card_ids[e.data["card"]] for e in log if e.kind == "attack"]


def _kinds_with_cards(st: Any, log: list[Any], kind: str) -> list[str]:
    return [st.card_ids[e.data["card"]] for e in log if e.kind == kind]


FILLER = _card("ff", 1, 1)


def test_attack_order_rows_berserk_instinct_and_new_creatures() -> None:
    """clash.assault.order, clash.order.assault.2, clash.assault.attackers,
    clash.ability.berserk, clash.order.assault.19, clash.ability.instinct, clash.order.assault.20.

    A top (bridge outward): ta, tb (Berserk), tc, tnew (entered this turn).
    A bottom: ba (1/5), bb.  B top: m1, m2, wall.  B bottom: iw (Instinct, 1/50).
    Top far→near: tnew skipped; tc kills m1; tb kills m2, then (Berserk) hits the wall and
    stops; ta hits the wall.  Bottom far→near: bb wounds iw, which replies at A's nearest
    bottom creature ba; ba wounds iw, which replies again.
    """
    cards = [
        FILLER,
        _card("ta", 1, 1),
        _card("tb", 1, 1, "berserk"),
        _card("tc", 1, 1),
        _card("tnew", 9, 9),
        _card("ba", 1, 5),
        _card("bb", 1, 1),
        _card("m1", 1, 1),
        _card("m2", 1, 1),
        _card("wall", 0, 50),
        _card("iw", 1, 50, "instinct"),
    ]
    players = {
        "A": {
            "hand": ["@bastion", "ff"],
            "top": ["ta", "tb", "tc", {"card": "tnew", "new": True}],
            "bottom": ["ba", "bb"],
        },
        "B": {
            "hand": ["@bastion", "ff", "ff", "ff"],
            "top": ["m1", "m2", "wall"],
            "bottom": ["iw"],
        },
    }
    st, log = _run(cards, players)
    assert _attackers(st, log) == ["tc", "tb", "tb", "ta", "bb", "iw", "ba", "iw"]
    assert _kinds_with_cards(st, log, "destroyed") == ["m1", "m2"]
    # every attack of the assault is the active player's except the Instinct replies
    seats = [e.seat for e in log if e.kind == "attack"]
    assert seats == [0, 0, 0, 0, 0, 1, 0, 1]


def test_attack_list_is_fixed_at_the_start_sprint() -> None:
    """clash.assault.order (rulings R2), clash.ability.sprint.

    A top: x0, x1, x2 (Sprint).  x2 attacks first (farthest), dashing to the bridge
    (row becomes x2, x0, x1); it does not attack again and x1, x0 still attack, in the
    order listed at the start: x2, x1, x0.
    """
    cards = [
        FILLER,
        _card("x0", 1, 1),
        _card("x1", 1, 1),
        _card("x2", 1, 1, "sprint"),
        _card("wall", 0, 50),
    ]
    players = {
        "A": {"hand": ["@bastion", "ff"], "top": ["x0", "x1", "x2"]},
        "B": {"hand": ["@bastion", "ff", "ff", "ff"], "top": ["wall"]},
    }
    st, log = _run(cards, players)
    assert _attackers(st, log) == ["x2", "x1", "x0"]
    assert [e.data["bonus"] for e in log if e.kind == "sprint"] == [2]


def test_destroyed_attacker_does_not_attack_and_row_closes() -> None:
    """clash.assault.order (R2), clash.damage.close_gaps, clash.ability.instinct.

    A top: y0, y1, y2 (all 1/1).  B top: iw (Instinct 2/50).
    y2 wounds iw, iw replies at the nearest A creature y0 and destroys it (the row closes:
    y1, y2); y1 wounds iw, the reply destroys y1; y0 is gone so it never attacks.
    """
    cards = [
        FILLER,
        _card("y0", 1, 1),
        _card("y1", 1, 1),
        _card("y2", 1, 1),
        _card("iw", 2, 50, "instinct"),
    ]
    players = {
        "A": {"hand": ["@bastion", "ff"], "top": ["y0", "y1", "y2"]},
        "B": {"hand": ["@bastion", "ff", "ff", "ff"], "top": ["iw"]},
    }
    st, log = _run(cards, players)
    assert _attackers(st, log) == ["y2", "iw", "y1", "iw"]
    assert _kinds_with_cards(st, log, "destroyed") == ["y0", "y1"]
    exported = get_game("clash").export_position(st)
    assert exported["players"]["A"]["top"] == ["y2"]
    assert exported["players"]["A"]["hand"] == ["@bastion", "ff", "y0", "y1"]


def test_simultaneous_destruction_returns_top_far_to_near_then_bottom() -> None:
    """clash.simultaneous, clash.damage.return_order, clash.ability.pierce, clash.ability.cleave.

    A top: cp (Pierce + Cleave, 5/5).  B top: p0, p1; B bottom: q0, q1.
    One attack hits p0, p1 (behind) and q0 (same place, other row), all destroyed at once:
    they return top row far→near (p1, p0), then bottom (q0); q1 is untouched.
    """
    cards = [
        FILLER,
        _card("cp", 5, 5, "pierce", "cleave"),
        _card("p0", 1, 1),
        _card("p1", 1, 1),
        _card("q0", 1, 1),
        _card("q1", 1, 1),
    ]
    players = {
        "A": {"hand": ["@bastion", "ff"], "top": ["cp"]},
        "B": {"hand": ["@bastion", "ff", "ff", "ff"], "top": ["p0", "p1"], "bottom": ["q0", "q1"]},
    }
    st, log = _run(cards, players)
    assert _attackers(st, log) == ["cp"]
    assert _kinds_with_cards(st, log, "destroyed") == ["p1", "p0", "q0"]
    exported = get_game("clash").export_position(st)
    assert exported["players"]["B"]["hand"] == ["@bastion", "ff", "ff", "ff", "p1", "p0", "q0"]
    assert exported["players"]["B"]["bottom"] == ["q1"]


def test_several_instinct_replies_follow_the_simultaneous_order() -> None:
    """clash.ability.instinct, clash.order.assault.20, clash.simultaneous (rulings R18).

    A top: pc (Pierce + Cleave, 1/20).  B top: i0, i1 (Instinct 1/5); B bottom: j0 (Instinct 1/5).
    pc wounds i0, i1 and j0 in one attack; the replies come after it, top row far→near then
    bottom: i1, i0 (both at pc), then j0 (no A creature in the bottom row: A's fortress).
    """
    cards = [
        FILLER,
        _card("pc", 1, 20, "pierce", "cleave"),
        _card("i0", 1, 5, "instinct"),
        _card("i1", 1, 5, "instinct"),
        _card("j0", 1, 5, "instinct"),
    ]
    players = {
        "A": {"hand": ["@bastion", "ff", "ff", "ff"], "top": ["pc"]},
        "B": {"hand": ["@bastion", "ff", "ff", "ff"], "top": ["i0", "i1"], "bottom": ["j0"]},
    }
    st, log = _run(cards, players)
    assert _attackers(st, log) == ["pc", "i1", "i0", "j0"]
    fortress_hits = [e for e in log if e.kind == "fortress_damage"]
    assert [(e.seat, e.data["amount"]) for e in fortress_hits] == [(0, 1)]
    exported = get_game("clash").export_position(st)
    assert exported["players"]["A"]["hand"] == ["ff", "@bastion", "ff", "ff"]
