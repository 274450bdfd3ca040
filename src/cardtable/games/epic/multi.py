"""Epic with three or more players (epic.multi.*): seats still in the game, turn and
initiative order, teams, Hunter's range, shared Hydra health, elimination and the end.

A two-player game (mode ``duel``) never takes the branches here that change anything:
every helper reduces to the duel rule there.
"""

from __future__ import annotations

from cardtable.games.epic.state import EpicState

MODES = ("duel", "ffa", "hunter_first_blood", "hunter_last_survivor", "team", "hydra")
HUNTER = ("hunter_first_blood", "hunter_last_survivor")


class Eliminated(Exception):
    """Raised inside a turn whose player was eliminated: the turn ends at once."""


def alive(st: EpicState) -> list[int]:
    """Seats still in the game, in seat order."""
    if not st.out:
        return list(range(len(st.health)))
    return [s for s in range(len(st.health)) if s not in st.out]


def next_seat(st: EpicState, seat: int) -> int:
    """The next seat to the left (clockwise) still in the game (epic.multi.clockwise)."""
    n = len(st.health)
    if not st.out:
        return (seat + 1) % n
    for k in range(1, n + 1):
        s = (seat + k) % n
        if s not in st.out:
            return s
    return seat


def prev_seat(st: EpicState, seat: int) -> int:
    """The next seat to the right still in the game."""
    n = len(st.health)
    if not st.out:
        return (seat - 1) % n
    for k in range(1, n + 1):
        s = (seat - k) % n
        if s not in st.out:
            return s
    return seat


def opposed(st: EpicState, a: int, b: int) -> bool:
    """Whether seats a and b are opponents (different teams; every seat its own team
    outside team games)."""
    return a != b and st.team[a] != st.team[b]


def in_range(st: EpicState, ctl: int, seat: int) -> bool:
    """Hunter formats: a player's effects reach only them and their two neighbours
    (epic.multi.hunter.range); other formats: everyone still in the game."""
    if seat in st.out:
        return False
    if st.mode not in HUNTER:
        return True
    return seat in (ctl, next_seat(st, ctl), prev_seat(st, ctl))


def defenders(st: EpicState) -> list[int]:
    """Whom the turn player may attack: any opponent (free-for-all, teams), only the
    player to the left (Hunter), the next player in a duel."""
    if st.mode == "duel":
        return [next_seat(st, st.active)]
    if st.mode in HUNTER:
        return [next_seat(st, st.active)]
    return [s for s in alive(st) if opposed(st, st.active, s)]


def side(st: EpicState, seat: int) -> list[int]:
    """The seats whose champions fight together with ``seat``'s: teammates in Hydra
    (epic.multi.hydra.combat), otherwise the seat alone."""
    if st.mode != "hydra":
        return [seat]
    return [s for s in alive(st) if st.team[s] == st.team[seat]]


def change_health(st: EpicState, seat: int, delta: int) -> None:
    """Gain or lose health; a Hydra team shares one total (epic.multi.hydra)."""
    if st.mode == "hydra":
        for s in range(len(st.health)):
            if st.team[s] == st.team[seat]:
                st.health[s] += delta
    else:
        st.health[seat] += delta


def winners_for(st: EpicState, seat: int) -> list[int]:
    """Who wins with ``seat``: its whole team in team games (epic.multi.team)."""
    if st.mode in ("team", "hydra"):
        return [s for s in range(len(st.health)) if st.team[s] == st.team[seat]]
    return [seat]
