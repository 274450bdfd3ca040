"""Clash's effect vocabulary: damage, the fortress, and every special ability.

The functions follow the rulebook's activation order (docs/rules/clash.md,
``clash.order.assault.*`` and ``clash.order.summon.*``). A lost fort ends the game at
once: ``lose`` raises ``GameOver``, which ``rules.apply`` catches.

One decision falls in the middle of a resolution: the row (or host) of the creature
Подкрепление plays. ``reinforce`` then raises ``Suspend``; every function between it
and the action that started the resolution catches it on the way out, adds a frame
(plain data: where it stopped and what it still needs) and re-raises. ``rules``
stores the frames in ``state.stack`` and, once the row is chosen, resumes them from
the innermost out (``resume_hit``, ``resume_chain``, ``resume_replies`` here; the
assault's and the AI turn's frames in ``rules``).

Spells have one effect op, ``damage``: the spell deals its printed damage to the
chosen creature, with the damage abilities it carries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.core.events import Event
from cardtable.core.game import NO_DECISION
from cardtable.core.rng import randbelow, shuffle
from cardtable.games.clash.abilities import (
    AIR,
    BERSERK,
    BLACKMAIL,
    CLARITY,
    CLEAVE,
    CURSE,
    DEFENCE,
    DEFENDER,
    EDGE,
    ERRAND,
    FURY,
    IMMUNITY,
    INSTINCT,
    MERCENARY,
    PIERCE,
    REGENERATION,
    REINFORCEMENT,
    RETALIATION,
    SACRIFICE,
    SHACKLES,
    SPRINT,
    VANISH,
    VULNERABILITY,
    WATER,
)
from cardtable.games.clash.records import CREATURE
from cardtable.games.clash.state import (
    ALL_ROWS,
    CHAMP_EXHAUSTED,
    CHAMP_READY,
    OVER,
    ClashState,
)

ATTACK, SPELL_HIT, RETALIATE = 0, 1, 2
SPELL_OPS = ("damage",)
MAX_CHAIN = 500  # instinct/berserk recursion guard: far beyond anything the rules allow


class GameOver(Exception):
    """Raised when a fort becomes the rightmost card: the game ends immediately."""


class Suspend(Exception):
    """Raised when a player must decide in the middle of a resolution; carries the
    frames of the functions it passed through, innermost first."""

    def __init__(self) -> None:
        super().__init__("suspended for a decision")
        self.frames: list[tuple[Any, ...]] = []


def emit(st: ClashState, kind: str, rule: str, seat: int | None = None, **data: Any) -> None:
    """Record an event if the state carries a log.

    The callers test ``st.log is not None`` before calling: without a log (simulations,
    search) no keyword dict and no event is built at all."""
    if st.log is not None:
        st.log.append(Event(kind, rule, seat, data))


# --- the fortress -------------------------------------------------------------------
def fort_hp(st: ClashState, seat: int) -> int:
    """A player's health: cards right of the fortress; an AI's: the cards of its deck."""
    if st.ai[seat]:
        return len(st.decks[seat])
    h = st.hands[seat]
    return len(h) - 1 - h.index(st.fortress[seat])


def winners_after_loss(st: ClashState, seat: int, by: int) -> list[int]:
    """Who wins when ``seat``'s fort falls (clash.end.fort_rightmost, clash.multi.end).

    Every-man-for-himself: the player who destroyed it; if the loser brought it down
    alone, the opponent with the most health (ties share the win). Otherwise: the
    other team.
    """
    seats = range(len(st.hands))
    if st.mode != "ffa":
        return [s for s in seats if st.team[s] != st.team[seat]]
    if by >= 0 and by != seat:
        return [by]
    others = [s for s in seats if s != seat]
    best = max(fort_hp(st, s) + 100 * (1 - st.fort_up[s]) for s in others)
    return [s for s in others if fort_hp(st, s) + 100 * (1 - st.fort_up[s]) == best]


def lose(st: ClashState, seat: int, reason: str, rule: str, by: int = -1) -> None:
    """Seat loses at once; the game ends."""
    st.phase = OVER
    st.winners = winners_after_loss(st, seat, by)
    st.reason = reason
    st.pending = NO_DECISION
    st.stack = []  # nothing of a suspended resolution is left to do
    st._legal = None
    if st.log is not None:
        emit(st, "lose", rule, seat, reason=reason)
    raise GameOver


def break_bastion(st: ClashState, seat: int) -> None:
    """The bastion is destroyed: flip to the fort and move it leftmost (clash.fortress.bastion)."""
    h = st.hands[seat]
    f = st.fortress[seat]
    h.remove(f)
    h.insert(0, f)
    st.fort_up[seat] = 1
    if st.log is not None:
        emit(st, "bastion_broken", "clash.fortress.bastion", seat)
    if len(h) == 1:
        lose(st, seat, "last_card", "clash.fortress.last_card")


def check_fortress(st: ClashState, seat: int, by: int = -1) -> None:
    """After a card leaves a hand: a rightmost bastion breaks, a rightmost fort loses.

    For an AI, after a card leaves its deck: an empty deck shows its fortress.
    """
    if st.ai[seat]:
        if not st.decks[seat]:
            ai_deck_empty(st, seat, by)
        return
    h = st.hands[seat]
    if h[-1] == st.fortress[seat]:
        if st.fort_up[seat]:
            lose(st, seat, "fort_destroyed", "clash.end.fort_rightmost", by)
        break_bastion(st, seat)


def damage_fortress(
    st: ClashState, seat: int, amount: int, rule: str, by: int = -1, attack: bool = False
) -> None:
    """Move the fortress right by ``amount``; surplus past a broken bastion is lost.

    An AI's fortress is its deck: damage mills that many cards (clash.solo.ai.fortress_damage);
    with the resilience setting an attack mills only 1 (clash.custom.toughness).
    """
    if amount <= 0:
        return
    if st.ai[seat]:
        if attack and st.ai_resilient[seat]:
            amount = 1
        if st.log is not None:
            emit(st, "fortress_damage", rule, seat, amount=amount)
        mill(st, seat, amount, by)
        return
    h = st.hands[seat]
    f = st.fortress[seat]
    i = h.index(f)
    j = i + amount
    if st.log is not None:
        emit(st, "fortress_damage", rule, seat, amount=amount)
    if j >= len(h) - 1:
        if st.fort_up[seat]:
            # The fort moves right like any damaged fortress and stops at the rightmost
            # place, where it falls (clash.fortress.damage, clash.end.fort_rightmost).
            del h[i]
            h.append(f)
            lose(st, seat, "fort_destroyed", "clash.end.fort_rightmost", by)
        break_bastion(st, seat)
    else:
        del h[i]
        h.insert(j, f)


def mill(st: ClashState, seat: int, n: int, by: int = -1) -> None:
    """Move the top ``n`` cards of an AI deck to its discard pile, one by one."""
    deck = st.decks[seat]
    pile = st.discards[seat]
    for _ in range(n):
        if not deck:
            break
        c = deck.pop()
        pile.append(c)
        st.public[c] = 1
        if not deck:
            # The rest of the damage is lost, as at a bastion (ruling R40).
            ai_deck_empty(st, seat, by)
            return


def ai_deck_empty(st: ClashState, seat: int, by: int = -1) -> None:
    """An AI's deck ran out: a bastion flips to the fort over the reshuffled discard pile;
    a fort means the AI is beaten (clash.solo.ai.bastion, clash.solo.end)."""
    if st.fort_up[seat] or not st.discards[seat]:
        st.fort_up[seat] = 1
        lose(st, seat, "fort_destroyed", "clash.solo.end", by)
    st.fort_up[seat] = 1
    pile = st.discards[seat]
    st.discards[seat] = []
    shuffle(st, pile)
    for c in pile:
        st.public[c] = 0
    st.decks[seat] = pile
    if st.log is not None:
        emit(st, "bastion_broken", "clash.solo.ai.bastion", seat)


def damage_fortress_units(st: ClashState, seat: int, amount: int, rule: str) -> None:
    """Fortress damage counted one unit at a time (Blood Tribute): nothing is lost."""
    for _ in range(amount):
        damage_fortress(st, seat, 1, rule)


def fortress_left(st: ClashState, seat: int) -> None:
    """Regeneration: move the fortress one card left; a leftmost fort flips back (clash.ability.regeneration).

    For an AI: the top card of its discard pile goes back on its deck (clash.solo.ai.regeneration).
    """
    if st.ai[seat]:
        if st.discards[seat]:
            c = st.discards[seat].pop()
            st.decks[seat].append(c)
            st.public[c] = 0
            if st.log is not None:
                emit(st, "fortress_heal", "clash.solo.ai.regeneration", seat)
        return
    h = st.hands[seat]
    f = st.fortress[seat]
    i = h.index(f)
    if i > 0:
        h[i - 1], h[i] = h[i], h[i - 1]
    elif st.fort_up[seat]:
        st.fort_up[seat] = 0
        del h[0]
        h.insert(len(h) - 1, f)
    else:
        return
    if st.log is not None:
        emit(st, "fortress_heal", "clash.ability.regeneration", seat)


# --- hands ---------------------------------------------------------------------------
def to_hand(st: ClashState, seat: int, inst: int, leftmost: bool = False) -> None:
    """Put a card into a hand, rightmost (or leftmost); its place there is public.

    An AI has no hand: a card sent to it goes on top of its deck (clash.solo.ai.mercenary,
    clash.solo.ai.shackles).
    """
    if st.ai[seat]:
        st.decks[seat].append(inst)
        st.public[inst] = 0
        return
    if leftmost:
        st.hands[seat].insert(0, inst)
    else:
        st.hands[seat].append(inst)
    st.public[inst] = 1


def leftmost_card(st: ClashState, seat: int) -> int:
    """The leftmost creature or spell in a hand (the fortress skipped), or -1."""
    f = st.fortress[seat]
    for c in st.hands[seat]:
        if c != f:
            return c
    return -1


def controls(st: ClashState, seat: int, bit: int) -> bool:
    """True if a creature the seat controls has the ability."""
    eff = st.eff
    board = st.board
    for lane, side in st.seat_rows[seat]:
        for c in board[lane][side]:
            if eff[c] & bit:
                return True
    return False


def count_controlled(st: ClashState, seat: int, bit: int) -> int:
    """How many creatures the seat controls with the ability."""
    eff = st.eff
    board = st.board
    n = 0
    for lane, side in st.seat_rows[seat]:
        for c in board[lane][side]:
            if eff[c] & bit:
                n += 1
    return n


def available(st: ClashState, seat: int) -> list[int]:
    """The 4 leftmost cards of a hand, fortress not counted; Blackmail hides the last (clash.summon.available)."""
    f = st.fortress[seat]
    out: list[int] = []
    for c in st.hands[seat]:
        if c != f:
            out.append(c)
            if len(out) == 4:
                break
    if len(out) > 1 and controls(st, seat, BLACKMAIL):
        out.pop()
    return out


def cost_now(st: ClashState, seat: int, c: int) -> int:
    """The mana cost of a card in hand now (Clarity: 2 less as the leftmost card)."""
    cost = st.cost[c]
    if st.abil[c] & CLARITY and leftmost_card(st, seat) == c:
        cost = max(0, cost - 2)
    return cost


# --- creatures in play ---------------------------------------------------------------
def hp_of(st: ClashState, c: int) -> int:
    """Health of a creature in play (a symbiotic pair adds both cards)."""
    carrier = st.symb.get(c)
    return st.hp[c] if carrier is None else st.hp[c] + st.hp[carrier]


def atk_of(st: ClashState, c: int) -> int:
    """Attack of a creature in play (a symbiotic pair adds both cards)."""
    carrier = st.symb.get(c)
    return st.atk[c] if carrier is None else st.atk[c] + st.atk[carrier]


def row_of(st: ClashState, c: int) -> list[int]:
    """The row list holding a creature in play."""
    code = st.lane_of[c]
    return st.board[code >> 1][code & 1]


def order_key(st: ClashState, c: int) -> tuple[int, int]:
    """Simultaneous-effect order: top row before bottom, far from the bridge first (clash.simultaneous)."""
    code = st.lane_of[c]
    lane, side = code >> 1, code & 1
    owner = st.lane_seats[lane][side]
    rank = 0 if st.seat_rows[owner][0] == (lane, side) else 1
    return rank, -st.board[lane][side].index(c)


# --- abilities in play: the aura cache ------------------------------------------------
# ``st.eff[c]`` holds a creature's abilities now: printed, its symbiont's
# (clash.ability.symbiosis), its seat's grant (clash.custom.abilities) and its
# neighbours' auras (clash.ability.aura). The rulebook updates them at fixed steps
# (clash.order.assault.1, clash.order.assault.18, clash.order.summon.13,
# clash.order.summon.19: the calls of ``refresh_auras``), and between those steps a
# creature keeps the abilities of the last update. A row's values depend only on the row
# itself: which creatures it holds and in what order, their symbionts, the printed
# ``abil``/``aura`` (fixed for the game) and the grant of the row's seat (fixed too). So
# an update recomputes only the rows marked in ``st._aura_dirty`` (bit
# ``lane * 2 + side``, the code of ``lane_of``; see state.py) and clears the marks: a row
# left unmarked already holds exactly what the full update would write, so the values
# read between updates are those of the full update. Every change a row's values depend
# on marks its row (``st._aura_dirty |= 1 << code``, written out on the hot paths):
#   - a creature enters the row, or a symbiont joins a host in it (enter_play, which
#     also writes the newcomer's or the host's ``eff`` by hand: clash.summon.place,
#     clash.ability.symbiosis; Reinforcement's creature and the AI's cards enter here);
#   - a creature (with its symbiont) leaves the row (destroy: clash.damage.destroy,
#     clash.order.summon.12; the champion exhausted, Mercenary, Curse all leave here);
#   - the row's order changes (Vanish's move to the back in hit_tail, Sprint's move to
#     the front in attack_chain: clash.ability.vanish, clash.order.assault.17,
#     clash.ability.sprint).
# Nothing else moves a creature in play, gives one a symbiont or writes ``eff`` (Shackles
# take a card from a hand or a deck, never from a row; ``seat_grant``, ``abil`` and
# ``aura`` never change after the set-up). A new state (state.build_state), a state
# loaded from JSON and a position (positions.load) start with every row marked; ``clone``
# copies the marks. The marks never reach the state's plain form (to_json, hashes).


def touch_all_rows(st: ClashState) -> None:
    """Mark every row for recomputation (a board filled by hand)."""
    st._aura_dirty = ALL_ROWS


def refresh_auras(st: ClashState) -> None:
    """Update every creature's abilities: printed, symbiont's, seat grants, neighbours'
    auras. Only the rows changed since the last update are recomputed (the others
    already hold the result; see the comment above)."""
    dirty = st._aura_dirty
    if not dirty:
        return
    st._aura_dirty = 0
    eff = st.eff
    abil = st.abil
    aura = st.aura
    symb = st.symb
    grant = st.seat_grant
    code = -1
    for lane_index, lane in enumerate(st.board):
        seats = st.lane_seats[lane_index]
        for side in (0, 1):
            code += 1
            row = lane[side]
            if not row or not (dirty >> code) & 1:
                continue
            g = grant[seats[side]]
            auras = 0
            for c in row:
                carrier = symb.get(c)
                if carrier is None:
                    eff[c] = abil[c] | g
                    auras |= aura[c]
                else:
                    eff[c] = abil[c] | abil[carrier] | g
                    auras |= aura[c] | aura[carrier]
            if not auras:
                continue
            n = len(row)
            for i, c in enumerate(row):
                carrier = symb.get(c)
                payload = aura[c] if carrier is None else aura[c] | aura[carrier]
                if payload:
                    if i > 0:
                        eff[row[i - 1]] |= payload
                    if i + 1 < n:
                        eff[row[i + 1]] |= payload


def hit_targets(st: ClashState, bits: int, target: int) -> list[int]:
    """The target plus Pierce's creature behind and Cleave's neighbour in the other row."""
    out = [target]
    if bits & (PIERCE | CLEAVE):
        code = st.lane_of[target]
        lane, side = code >> 1, code & 1
        row = st.board[lane][side]
        i = row.index(target)
        if bits & PIERCE and i + 1 < len(row):
            out.append(row[i + 1])
        if bits & CLEAVE:
            owner = st.lane_seats[lane][side]
            for ol, os in st.seat_rows[owner]:
                if (ol, os) != (lane, side):
                    other = st.board[ol][os]
                    if i < len(other):
                        out.append(other[i])
                    break
    return out


def release_shackles(st: ClashState, c: int) -> None:
    """Oковы: a wounded carrier gives back the card held under it (clash.ability.shackles)."""
    carriers = (c,) if c not in st.symb else (c, st.symb[c])
    for k in carriers:
        held = st.shackled.pop(k, None)
        if held is not None:
            card, seat = held
            to_hand(st, seat, card)
            if st.log is not None:
                emit(st, "shackles_release", "clash.ability.shackles", seat, card=card)


def destroy(st: ClashState, c: int, returned: list[tuple[int, int, int]]) -> None:
    """A destroyed creature leaves play and returns to hand.

    Appends (seat, lane, side) for each card back in its controller's hand (or an AI's
    discard pile) with Подкрепление (printed or granted, judged like Наёмник and
    Проклятие).
    """
    code = st.lane_of[c]
    lane, side = code >> 1, code & 1
    seat = st.lane_seats[lane][side]
    foe = st.lane_seats[lane][1 - side]
    st.board[lane][side].remove(c)
    st._aura_dirty |= 1 << code  # its neighbours lose its aura at the next update
    st.lane_of[c] = -1
    st.damage[c] = 0
    st.sprint[c] = 0
    carrier = st.symb.pop(c, None)
    cards: tuple[tuple[int, int], ...]
    if carrier is None:
        cards = ((c, st.eff[c]),)
    else:
        g = st.seat_grant[seat]
        cards = ((carrier, st.abil[carrier] | g), (c, st.abil[c] | g))
    if st.log is not None:
        emit(st, "destroyed", "clash.damage.destroy", seat, card=c)
    if st.champion.count(-1) != len(st.champion):
        champs = [k for k in cards if k[0] in st.champion]
        for card, _ in champs:
            # A destroyed champion is exhausted beside the table instead (clash.champion.exhausted).
            owner = st.champion.index(card)
            st.champ_state[owner] = CHAMP_EXHAUSTED
            if st.log is not None:
                emit(st, "champion_exhausted", "clash.champion.exhausted", owner, card=card)
        cards = tuple(k for k in cards if k[0] not in st.champion)
    if st.ai[seat]:
        for card, bits in cards:
            if bits & (MERCENARY | CURSE):
                # AI exceptions: both send the card back on top of the AI's deck.
                st.decks[seat].append(card)
                st.public[card] = 0
                rule = "clash.solo.ai.mercenary" if bits & MERCENARY else "clash.solo.ai.curse"
                if st.log is not None:
                    emit(st, "returned", rule, seat, card=card, deck=True)
            else:
                st.discards[seat].append(card)
                if bits & REINFORCEMENT:
                    returned.append((seat, lane, side))
        return
    for card, bits in cards:
        dest = foe if bits & MERCENARY else seat
        to_hand(st, dest, card, leftmost=bool(bits & CURSE))
        if bits & (MERCENARY | CURSE):
            rule = "clash.ability.mercenary" if bits & MERCENARY else "clash.ability.curse"
            if st.log is not None:
                emit(st, "returned", rule, dest, card=card, leftmost=bool(bits & CURSE))
        if dest == seat and bits & REINFORCEMENT:
            returned.append((seat, lane, side))


def reinforce(st: ClashState, seat: int, lane: int, side: int) -> None:
    """Подкрепление: the leftmost available creature costing ≤4 without it leaves the hand
    free of mana; its player then chooses its row (or a host for Симбиоз), as for any
    creature played (ruling R10): the resolution stops here until that decision.

    An AI summons the top card of its deck into the carrier's row instead
    (clash.solo.ai.reinforcement).
    """
    if st.ai[seat]:
        from cardtable.games.clash.solo import ai_reveal_into

        if st.log is not None:
            emit(st, "reinforce", "clash.solo.ai.reinforcement", seat)
        ai_reveal_into(st, seat, lane, side)
        return
    for c in available(st, seat):
        if st.kind[c] == CREATURE and st.cost[c] <= 4 and not st.abil[c] & REINFORCEMENT:
            st.hands[seat].remove(c)
            if st.log is not None:
                emit(st, "reinforce", "clash.ability.reinforcement", seat, card=c)
            st.limbo.append(c)  # on its way to the table, face up
            st.public[c] = 1
            check_fortress(st, seat)
            st.pending = ("reinforce", c, seat)
            st._legal = None
            raise Suspend


def resolve_hit(
    st: ClashState,
    src: int,
    seat: int,
    kind: int,
    targets: list[int],
    fort_seat: int,
    base: int,
    spell_foe: int = -1,
) -> tuple[bool, list[int]]:
    """One damage source from damage calculation to the last aura update.

    Returns (an enemy creature was destroyed, wounded creatures still in play).
    ``spell_foe`` is the opponent a Mercenary spell goes to.
    """
    turn = st.turn
    damage = st.damage
    eff = st.eff
    bits = st.abil[src] if kind == SPELL_HIT else eff[src]
    vuln = bool(bits & VULNERABILITY) and kind != RETALIATE
    bonus = st.sprint[src] if kind == ATTACK else 0
    double = False
    if bits & WATER and kind != SPELL_HIT:
        double = row_of(st, src)[0] == src
    # steps: damage calculation (vulnerability, water) and dealing it (guard, immunity)
    hits: list[tuple[int, int, int]] = []
    targets_hit: list[int] = []
    for t in targets:
        rem = hp_of(st, t) - damage[t]
        amount = (rem - 1 if vuln else base) + bonus
        if double:
            amount *= 2
        if amount > 0:
            tb = eff[t]
            if kind != ATTACK and tb & IMMUNITY:
                amount = 0
                if st.log is not None:
                    emit(st, "immune", "clash.ability.immunity", None, card=t)
            elif tb & DEFENCE and st.guard_used[t] != turn:
                st.guard_used[t] = turn
                amount = 0
                if st.log is not None:
                    emit(st, "guard", "clash.ability.defence", None, card=t)
        if amount > 0:
            damage[t] += amount
            hits.append((t, amount, rem))
            targets_hit.append(t)
            if st.log is not None:
                emit(st, "damage", "clash.damage.deal", seat, source=src, card=t, amount=amount)
    fort_hit = False
    if fort_seat >= 0:
        if vuln:
            # Against an AI's deck Уязвимость counts as 0 (clash.solo.ai.vulnerability).
            base = 0 if st.ai[fort_seat] else fort_hp(st, fort_seat) - 1
        amount = base + bonus
        if double:
            amount *= 2
        if amount > 0:
            fort_hit = True
            damage_fortress(st, fort_seat, amount, "clash.fortress.damage", seat, kind == ATTACK)
    if not hits and not fort_hit:
        if kind == SPELL_HIT:
            return_spell(st, seat, src, spell_foe)
        return False, []
    # shackles: a wounded carrier lets go
    if st.shackled:
        for t, _, _ in hits:
            release_shackles(st, t)
    # destroyed creatures return to hand in the simultaneous order
    dead = [h for h in hits if damage[h[0]] >= hp_of(st, h[0])]
    killed_enemy = False
    returned: list[tuple[int, int, int]] = []
    surplus: tuple[tuple[int, int], ...] = ()
    if dead:
        if len(dead) > 1:
            dead.sort(key=lambda h: order_key(st, h[0]))
        dead_owner = [st.owner_in_play(h[0]) for h in dead]
        killed_enemy = any(o != seat for o in dead_owner)
        if bits & EDGE:
            # Остриё's surplus per fortress owner, several kills added (ruling R15)
            extra: dict[int, int] = {}
            for (_, amount, rem), owner in zip(dead, dead_owner, strict=True):
                extra[owner] = extra.get(owner, 0) + amount - rem
            surplus = tuple(extra.items())
        for t, _, _ in dead:
            destroy(st, t, returned)
    return hit_tail(
        st, src, seat, kind, bits, spell_foe, killed_enemy, returned, 0, surplus, targets_hit
    )


def hit_tail(
    st: ClashState,
    src: int,
    seat: int,
    kind: int,
    bits: int,
    spell_foe: int,
    killed_enemy: bool,
    returned: Sequence[tuple[int, int, int]],
    i: int,
    surplus: tuple[tuple[int, int], ...],
    targets_hit: Sequence[int],
) -> tuple[bool, list[int]]:
    """A damage source from Подкрепление (its ``i``-th carrier on) to the last aura update."""
    if returned:
        for k in range(i, len(returned)):
            back_to, lane, side = returned[k]
            try:
                reinforce(st, back_to, lane, side)
            except Suspend as s:
                done = k + 1
                frame = (src, seat, kind, bits, spell_foe, int(killed_enemy), tuple(returned), done)
                s.frames.append(("hit", *frame, surplus, tuple(targets_hit)))
                raise
    refresh_auras(st)
    if bits & REGENERATION:
        fortress_left(st, seat)
    if surplus and st.edge_used[src] != st.turn:
        st.edge_used[src] = st.turn
        for owner, extra in surplus:
            if st.log is not None:
                emit(st, "edge", "clash.ability.edge", owner, amount=extra)
            damage_fortress(st, owner, extra, "clash.ability.edge", seat)
    if kind == SPELL_HIT:
        return_spell(st, seat, src, spell_foe)
    eff = st.eff
    wounded = [t for t in targets_hit if st.lane_of[t] >= 0]
    vanishing = [t for t in wounded if eff[t] & VANISH]
    if vanishing:
        if len(vanishing) > 1:
            vanishing.sort(key=lambda t: order_key(st, t))
        for t in vanishing:
            code = st.lane_of[t]
            row = st.board[code >> 1][code & 1]
            row.remove(t)
            row.append(t)
            st._aura_dirty |= 1 << code  # new neighbours: the next update sees them
            if st.log is not None:
                emit(st, "vanish", "clash.ability.vanish", None, card=t)
    refresh_auras(st)
    return killed_enemy, wounded


def resume_hit(st: ClashState, frame: tuple[Any, ...], _value: Any) -> tuple[bool, list[int]]:
    """Go on with a damage source stopped at Подкрепление's decision."""
    _, src, seat, kind, bits, spell_foe, killed, returned, i, surplus, targets_hit = frame
    return hit_tail(
        st, src, seat, kind, bits, spell_foe, bool(killed), returned, i, surplus, targets_hit
    )


def return_spell(st: ClashState, seat: int, s: int, foe: int = -1) -> None:
    """A cast spell returns to hand: rightmost, leftmost with Curse, to the foe with Mercenary.

    An AI's spells go to its discard pile (clash.solo.ai.discard).
    """
    st.limbo.remove(s)
    if st.ai[seat]:
        st.discards[seat].append(s)
        return
    bits = st.abil[s]
    dest = seat
    if bits & MERCENARY:
        dest = foe if foe >= 0 else (seat + 1) % len(st.hands)
    to_hand(st, dest, s, leftmost=bool(bits & CURSE))


def restore_champions(st: ClashState, card: int) -> None:
    """Playing a card of an exhausted champion's cost restores it (clash.champion.restore)."""
    cost = st.cost[card]
    for s, champ in enumerate(st.champion):
        if champ >= 0 and st.champ_state[s] == CHAMP_EXHAUSTED and st.cost[champ] == cost:
            st.champ_state[s] = CHAMP_READY
            if st.log is not None:
                emit(st, "champion_restored", "clash.champion.restore", s, card=champ)


def champion_cost(st: ClashState, champ: int) -> int:
    """A champion costs 1 less per creature in play of the same cost (clash.champion.discount)."""
    cost = st.cost[champ]
    same = sum(1 for lane in st.board for row in lane for x in row if st.cost[x] == cost)
    return max(0, cost - same)


def enter_play(st: ClashState, seat: int, c: int, lane: int, side: int, host: int) -> None:
    """A creature (already out of the hand and paid for) enters play: summoning steps 3-19."""
    if st.champ_state and CHAMP_EXHAUSTED in st.champ_state:
        restore_champions(st, c)
    board = st.board
    # Sacrifice carriers already in the row (either kingdom) count before the card lands.
    sacrifice_owners = [
        st.lane_seats[lane][s] for s in (0, 1) for x in board[lane][s] if st.eff[x] & SACRIFICE
    ]
    st.entered[c] = st.turn
    st.public[c] = 1
    if host >= 0:
        st.symb[host] = c
        st.eff[host] |= st.abil[c]
        # the pair's abilities and auras change: its row is recomputed at the next update
        st._aura_dirty |= 1 << st.lane_of[host]
        src = host
        if st.log is not None:
            emit(st, "merge", "clash.ability.symbiosis", seat, card=c, host=host)
    else:
        board[lane][side].append(c)
        st.lane_of[c] = lane * 2 + side
        st.eff[c] = st.abil[c] | st.seat_grant[seat]
        # it gets (and gives) auras at the next update: its row is recomputed then
        st._aura_dirty |= 1 << (lane * 2 + side)
        st.damage[c] = 0
        st.sprint[c] = 0
        src = c
        if st.log is not None:
            emit(st, "summon", "clash.summon.place", seat, card=c, lane=lane)
    own = st.abil[c] | st.seat_grant[seat]
    for x in sacrifice_owners:
        if st.log is not None:
            emit(st, "sacrifice", "clash.ability.sacrifice", seat)
        damage_fortress(st, seat, 1, "clash.ability.sacrifice", x)
    retaliation = -1
    is_ai = st.ai[seat]
    if own & RETALIATION and not is_ai:
        # An AI holds no hand, so no card is left of its fortress: nothing to strike with.
        retaliation = st.hands[seat].index(st.fortress[seat])
    if own & ERRAND and not is_ai:
        first = leftmost_card(st, seat)
        if first >= 0:
            st.hands[seat].remove(first)
            st.hands[seat].append(first)
            if st.log is not None:
                emit(st, "errand", "clash.ability.errand", seat)
    if own & SHACKLES:
        foe = st.lane_seats[lane][1 - side]
        if st.ai[foe]:
            # An AI gives the top card of its deck (ruling R44).
            taken = st.decks[foe].pop() if st.decks[foe] else -1
        else:
            taken = leftmost_card(st, foe)
            if taken >= 0:
                st.hands[foe].remove(taken)
        if taken >= 0:
            st.shackled[c] = (taken, foe)
            st.public[taken] = 1
            if st.log is not None:
                emit(st, "shackles_take", "clash.ability.shackles", foe, card=taken)
            check_fortress(st, foe, seat)
    if retaliation >= 0:
        enemy = board[lane][1 - side]
        if enemy and retaliation > 0:
            if st.log is not None:
                emit(st, "retaliation", "clash.ability.retaliation", seat, amount=retaliation)
            targets = hit_targets(st, st.eff[src], enemy[0])
            resolve_hit(st, src, seat, RETALIATE, targets, -1, retaliation)
            return
    refresh_auras(st)


# --- the assault ---------------------------------------------------------------------
def attack_targets(st: ClashState, a: int, fury: bool) -> tuple[list[int], int] | None:
    """Step 3: whom an attacker strikes (creatures, or a fortress seat), or None."""
    code = st.lane_of[a]
    lane, side = code >> 1, code & 1
    seat = st.lane_seats[lane][side]
    bits = st.eff[a]
    foe = st.lane_seats[lane][1 - side]
    if bits & AIR and st.seat_rows[seat][0] == (lane, side):
        if bits & DEFENDER or fury:
            return None
        return [], foe
    enemy = st.board[lane][1 - side]
    if enemy:
        return hit_targets(st, bits, enemy[0]), -1
    if bits & DEFENDER or fury:
        return None
    return [], foe


def attack_chain(
    st: ClashState,
    a: int,
    fury: bool,
    depth: int = 0,
    provoked: list[int] | None = None,
    result: tuple[int, tuple[bool, list[int]]] | None = None,
) -> None:
    """One creature's attacks (Berserk repeats), then the Instinct replies they provoked.

    ``result`` resumes the chain after an attack stopped at Подкрепление's decision:
    (the attacker's seat, what that attack's damage source returned)."""
    if depth > MAX_CHAIN:
        raise RuntimeError("instinct chain does not end: check the card data")
    if provoked is None:
        provoked = []
    eff = st.eff
    while True:
        if result is None:
            if st.lane_of[a] < 0:
                break
            found = attack_targets(st, a, fury)
            if found is None:
                break
            targets, fort_seat = found
            seat = st.owner_in_play(a)
            if eff[a] & SPRINT:
                row = row_of(st, a)
                i = row.index(a)
                if i:
                    del row[i]
                    row.insert(0, a)
                    st._aura_dirty |= 1 << st.lane_of[a]  # new neighbours
                    st.sprint[a] += i
                    if st.log is not None:
                        emit(st, "sprint", "clash.ability.sprint", seat, card=a, bonus=i)
                refresh_auras(st)
            if st.log is not None:
                emit(st, "attack", "clash.assault.attack", seat, card=a, fortress=fort_seat)
            try:
                killed, wounded = resolve_hit(
                    st, a, seat, ATTACK, targets, fort_seat, atk_of(st, a)
                )
            except Suspend as s:
                s.frames.append(("chain", a, int(fury), depth, seat, tuple(provoked)))
                raise
        else:
            seat, (killed, wounded) = result
            result = None
        for t in wounded:
            if eff[t] & INSTINCT and t not in provoked:
                provoked.append(t)
        if not (killed and eff[a] & BERSERK):
            break
        if st.log is not None:
            emit(st, "berserk", "clash.ability.berserk", seat, card=a)
    if provoked:
        alive = [t for t in provoked if st.lane_of[t] >= 0]
        alive.sort(key=lambda t: order_key(st, t))
        reply_from(st, tuple(alive), 0, depth)


def reply_from(st: ClashState, alive: tuple[int, ...], i: int, depth: int) -> None:
    """Instinct: the provoked carriers reply in the simultaneous order, from the ``i``-th on."""
    while i < len(alive):
        t = alive[i]
        i += 1
        if st.lane_of[t] >= 0:
            if st.log is not None:
                emit(st, "instinct", "clash.ability.instinct", st.owner_in_play(t), card=t)
            try:
                attack_chain(st, t, False, depth + 1)
            except Suspend as s:
                s.frames.append(("replies", alive, i, depth))
                raise


def resume_chain(st: ClashState, frame: tuple[Any, ...], value: Any) -> None:
    """Go on with a creature's attacks after the one stopped at Подкрепление's decision."""
    _, a, fury, depth, seat, provoked = frame
    attack_chain(st, a, bool(fury), depth, list(provoked), (seat, value))


def resume_replies(st: ClashState, frame: tuple[Any, ...], _value: Any) -> None:
    """Go on with the Instinct replies after the one stopped at Подкрепление's decision."""
    _, alive, i, depth = frame
    reply_from(st, alive, i, depth)


def assault(st: ClashState, order: tuple[int, ...] | None = None, i: int = 0) -> None:
    """Phase 3: the active player's creatures attack in the rulebook's order (clash.assault.order),
    from the ``i``-th of the list on."""
    seat = st.active
    if order is None:
        # steps 1-2: auras checked, the attackers listed once: top row then bottom, each
        # from the farthest from the bridge to the nearest (ruling R2)
        refresh_auras(st)
        listed: list[int] = []
        for lane, side in st.seat_rows[seat]:
            listed.extend(reversed(st.board[lane][side]))
        order = tuple(listed)
    turn = st.turn
    lane_of = st.lane_of
    lane_seats = st.lane_seats
    for k in range(i, len(order)):
        a = order[k]
        code = lane_of[a]
        if code < 0 or lane_seats[code >> 1][code & 1] != seat:
            continue  # gone, or now another seat's (st.owner_in_play)
        fury = st.entered[a] == turn
        if fury and not st.eff[a] & FURY:
            continue
        try:
            attack_chain(st, a, fury)
        except Suspend as s:
            s.frames.append(("assault", order, k + 1))
            raise


# --- the first player (clash.setup.coin): per game, so compiled with the rules
def default_first(st: ClashState, setup_first: int | None, ai_first: bool) -> int:
    """Who starts: the given seat; in solo and co-op the (first) player, or an AI when the
    custom variant buys it (clash.solo.first, clash.custom.first_player); else -1 for a coin toss."""
    if setup_first is not None:
        return setup_first
    if st.mode in ("solo", "coop"):
        ai_seat = st.ai.index(1)
        if ai_first:
            return ai_seat
        return st.ai.index(0)
    return -1


def toss_first(st: ClashState, setup_first: int | None, ai_first: bool) -> None:
    """Settle the first seat now (a coin toss unless fixed)."""
    st.first = default_first(st, setup_first, ai_first)
    if st.first < 0:
        st.first = randbelow(st, len(st.hands))
    if st.log is not None:
        emit(st, "first", "clash.setup.coin", st.first)
