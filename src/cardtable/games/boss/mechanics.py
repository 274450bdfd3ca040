"""The book's glossary of mechanics: Конструирование, Синергия, Металлолом, Подмена, Голод
(boss.mech.*), as activations, costs and the frames they resolve.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.boss.cards import SUBSTITUTION_COST
from cardtable.games.boss.effects import (
    available,
    can_use_abilities,
    check_deaths,
    defn,
    emit,
    enter_field,
    pay,
    to_grave,
    turn_card,
    turn_order,
)
from cardtable.games.boss.records import BossDB
from cardtable.games.boss.state import (
    F_CARD,
    F_CTL,
    F_MEMO,
    SRC_ACT,
    SRC_CONSTRUCT,
    SRC_HUNGER,
    SRC_OVERLOAD,
    SRC_SCRAP,
    SRC_SUBST,
    SRC_SYNERGY,
    BossState,
    new_frame,
)


# --- Конструирование X (boss.mech.construct) ------------------------------------------
def construct_energy(db: BossDB, st: BossState, seat: int) -> None:
    """Cards with Конструирование get 1 energy token at the start of each of their
    controller's turns (boss.mech.construct.energy)."""
    for i in st.field[seat]:
        if defn(db, st, i).construct is not None:
            st.energy[i] += 1
            emit(st, "energy", "boss.mech.construct.energy", seat, card=i, n=1)


def overloads(db: BossDB, st: BossState, seat: int) -> None:
    """At the start of a turn, every other player's construct that holds X energy and was
    not used overloads: its overload effect resolves, then it goes to the graveyard
    (boss.mech.construct.overload; "the opponent's next turn" is the next turn of any other
    player, boss.opponent)."""
    for other in turn_order(st, seat):
        if other == seat:
            continue
        for i in sorted(st.field[other], key=st.since.__getitem__):
            c = defn(db, st, i).construct
            if c is not None and st.energy[i] >= c.x:
                emit(st, "overload", "boss.mech.construct.overload", other, card=i)
                st.queue.append(new_frame(i, other, SRC_OVERLOAD))


def can_construct(db: BossDB, st: BossState, i: int) -> bool:
    """Its effect may be used: X energy on it and its abilities working."""
    c = defn(db, st, i).construct
    return c is not None and st.energy[i] >= c.x and can_use_abilities(db, st, i)


def activate_construct(db: BossDB, st: BossState, i: int) -> list[Any]:
    """Use a construct's effect: its X energy tokens are removed; the effect goes on the
    stack (boss.mech.construct)."""
    c = defn(db, st, i).construct
    assert c is not None
    st.energy[i] -= c.x
    emit(st, "construct", "boss.mech.construct", st.ctl[i], card=i, n=c.x)
    return new_frame(i, st.ctl[i], SRC_CONSTRUCT)


# --- Синергия X (boss.mech.synergy) ---------------------------------------------------
def can_synergy(db: BossDB, st: BossState, i: int) -> bool:
    """An untapped card with Синергия whose abilities work, with energy to move (on it,
    or on another permanent)."""
    if not defn(db, st, i).synergy or st.tapped[i] or not can_use_abilities(db, st, i):
        return False
    if st.energy[i] > 0:
        return any(len(row) > (1 if row is st.field[st.ctl[i]] else 0) for row in st.field)
    return any(st.energy[j] > 0 for row in st.field for j in row if j != i)


def activate_synergy(db: BossDB, st: BossState, i: int) -> list[Any]:
    """Turn the card (it loses no durability) and put the move on the stack."""
    turn_card(db, st, i, "boss.mech.synergy", wear=False)
    return new_frame(i, st.ctl[i], SRC_SYNERGY)


def synergy_options(db: BossDB, st: BossState, f: list[Any]) -> list[tuple[Any, ...]]:
    """Move energy from this card onto another permanent, or from another onto this one
    (any permanent on the battlefield, whoever controls it: boss.mech.synergy)."""
    i = f[F_CARD]
    out: list[tuple[Any, ...]] = []
    for seat in turn_order(st, f[F_CTL]):
        for j in st.field[seat]:
            if j == i:
                continue
            if st.energy[i] > 0:
                out.append(("give", j))
            if st.energy[j] > 0:
                out.append(("take", j))
    return out


def resolve_synergy(db: BossDB, st: BossState, f: list[Any]) -> bool:
    """Resolve a Синергия move; False while a choice is pending."""
    i = f[F_CARD]
    memo = f[F_MEMO]
    if st.ctl[i] < 0:
        return True
    x = defn(db, st, i).synergy
    if "move" not in memo:
        options = synergy_options(db, st, f)
        if not options:
            return True
        if len(options) > 1 or st.step:  # step mode offers a single move (engine.step)
            st.pending = ("energy", f[F_CTL])
            return False
        memo["move"] = list(options[0])
    kind, j = memo["move"]
    if st.ctl[j] < 0:
        return True
    most = min(x, st.energy[i] if kind == "give" else st.energy[j])
    if most <= 0:
        return True
    n = memo.pop("amount", None)
    if n is None:
        if most > 1 or st.step:
            st.pending = ("amount", f[F_CTL])
            return False
        n = 1
    src, dst = (i, j) if kind == "give" else (j, i)
    st.energy[src] -= n
    st.energy[dst] += n
    emit(st, "energy_move", "boss.mech.synergy", f[F_CTL], card=src, to=dst, n=n)
    return True


def amount_options(db: BossDB, st: BossState, f: list[Any]) -> list[tuple[Any, ...]]:
    """How many energy tokens a Синергия move may take (1 to X)."""
    i = f[F_CARD]
    kind, j = f[F_MEMO]["move"]
    most = min(defn(db, st, i).synergy, st.energy[i] if kind == "give" else st.energy[j])
    return [("amount", n) for n in range(1, most + 1)]


# --- Металлолом (boss.mech.scrap) -----------------------------------------------------
def can_scrap(db: BossDB, st: BossState, i: int) -> bool:
    """An untapped card with Металлолом whose abilities work."""
    return bool(defn(db, st, i).scrap) and not st.tapped[i] and can_use_abilities(db, st, i)


def activate_scrap(db: BossDB, st: BossState, i: int, victim: int) -> list[Any]:
    """Pay Металлолом's cost: destroy a permanent you control (it may be this card), then
    turn this card (a unit loses 1 durability); the effect goes on the stack."""
    seat = st.ctl[i]
    frame = new_frame(i, seat, SRC_SCRAP)
    frame[F_MEMO]["energy"] = st.energy[i]
    to_grave(db, st, victim, "boss.mech.scrap")
    if st.ctl[i] >= 0:
        turn_card(db, st, i, "boss.mech.scrap")
    check_deaths(db, st)
    return frame


# --- Подмена (boss.mech.substitution) -------------------------------------------------
def substitution_targets(db: BossDB, st: BossState, i: int) -> list[int]:
    """Mitsims in the controller's graveyard costing no more than this one."""
    cards, ids = db.cards, st.card_ids
    cost = cards[ids[i]].cost
    out: list[int] = []
    seen: set[str] = set()
    for g in st.graves[st.ctl[i]]:
        d = cards[ids[g]]
        if d.is_mitsim and d.cost <= cost and d.id not in seen:  # copies: one choice
            seen.add(d.id)
            out.append(g)
    return out


def can_substitute(db: BossDB, st: BossState, i: int) -> bool:
    """A mitsim with Подмена, in its controller's turn, 2 resources and a target."""
    if not (
        defn(db, st, i).substitution
        and st.active == st.ctl[i]
        and available(st, st.ctl[i]) >= SUBSTITUTION_COST
        and can_use_abilities(db, st, i)
    ):
        return False
    cards, ids = db.cards, st.card_ids
    cost = cards[ids[i]].cost
    return any(cards[ids[g]].is_mitsim and cards[ids[g]].cost <= cost for g in st.graves[st.ctl[i]])


def activate_substitution(db: BossDB, st: BossState, i: int, target: int) -> list[Any]:
    """Pay 2 resources and sacrifice the mitsim; the return goes on the stack."""
    seat = st.ctl[i]
    pay(st, seat, SUBSTITUTION_COST)
    frame = new_frame(i, seat, SRC_SUBST)
    frame[F_MEMO]["target"] = target
    to_grave(db, st, i, "boss.mech.substitution")
    return frame


def resolve_substitution(db: BossDB, st: BossState, f: list[Any]) -> None:
    """The chosen mitsim returns from the graveyard, exhausted; its "enters" abilities
    trigger (boss.mech.substitution)."""
    g = f[F_MEMO]["target"]
    seat = f[F_CTL]
    if g in st.graves[st.owner[g]] and st.owner[g] == seat:
        st.graves[seat].remove(g)
        enter_field(db, st, g, seat, "boss.mech.substitution")


# --- Голод (boss.mech.hunger) ---------------------------------------------------------
def hunger_frame(db: BossDB, st: BossState, seat: int) -> None:
    """At the start of the turn a player with N cards with Голод removes N durability
    tokens from their units (boss.mech.hunger)."""
    n = sum(1 for i in st.field[seat] if defn(db, st, i).hunger)
    if n and any(defn(db, st, i).is_unit for i in st.field[seat]):
        f = new_frame(-1, seat, SRC_HUNGER)
        f[F_MEMO]["left"] = n
        st.queue.append(f)


def feed_options(db: BossDB, st: BossState, seat: int) -> list[int]:
    """The units a Голод token may be taken from."""
    return [i for i in st.field[seat] if defn(db, st, i).is_unit]


def resolve_hunger(db: BossDB, st: BossState, f: list[Any]) -> bool:
    """Take the tokens one at a time (the player chooses the unit); a unit that loses a
    token this way gains +1 attack, once per game (boss.mech.hunger)."""
    seat = f[F_CTL]
    memo = f[F_MEMO]
    while memo["left"] > 0:
        options = feed_options(db, st, seat)
        if not options:
            break
        u = memo.pop("pick", None)
        if u is None:
            if len(options) > 1 or st.step:  # step mode offers a single unit (engine.step)
                st.pending = ("feed", seat)
                return False
            u = options[0]
        st.dur[u] -= 1
        if not st.fed[u]:
            st.fed[u] = 1
        emit(st, "hunger", "boss.mech.hunger", seat, card=u)
        memo["left"] -= 1
        check_deaths(db, st)
    return True


# --- other activated abilities --------------------------------------------------------
def can_activate(db: BossDB, st: BossState, i: int, k: int) -> bool:
    """An activated ability whose costs can be paid now."""
    a = defn(db, st, i).activated[k]
    if a.tap and st.tapped[i]:
        return False
    return available(st, st.ctl[i]) >= a.cost and can_use_abilities(db, st, i)


def activate(db: BossDB, st: BossState, i: int, k: int) -> list[Any]:
    """Pay an activated ability's costs (resources, a turn, the card itself)."""
    a = defn(db, st, i).activated[k]
    seat = st.ctl[i]
    pay(st, seat, a.cost)
    frame = new_frame(i, seat, SRC_ACT, k)
    frame[F_MEMO]["energy"] = st.energy[i]
    if a.tap:
        turn_card(db, st, i, "boss.tap.turn")
    if a.sacrifice:
        to_grave(db, st, i, "boss.effect.sacrifice")
    check_deaths(db, st)
    return frame


__all__ = [
    "activate",
    "activate_construct",
    "activate_scrap",
    "activate_substitution",
    "activate_synergy",
    "amount_options",
    "can_activate",
    "can_construct",
    "can_scrap",
    "can_substitute",
    "can_synergy",
    "construct_energy",
    "feed_options",
    "hunger_frame",
    "overloads",
    "resolve_hunger",
    "resolve_substitution",
    "resolve_synergy",
    "substitution_targets",
    "synergy_options",
]
