"""Boss Battle's effect vocabulary and its interpreter.

A frame on ``state.res`` resolves step by step (``run``). A step that targets asks its
controller when it resolves, as a pending ``("target", seat)`` decision, unless only one
choice exists (step mode offers that one too); a step with no legal target does nothing
and the rest applies (boss.stack.targets). Triggered abilities that fire meanwhile wait in
``state.queue`` and resolve, in the order they fired, once the current frame is done
(boss.trigger). Units with no durability left go to the graveyard after every step
(boss.type.unit.death). Constant effects are read from the permanents on the battlefield
whenever a rule or an effect asks (boss.golden.statics). Events are built only when the
state keeps a log (``emit``; the hottest calls check ``state.log`` first).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.events import Event
from cardtable.core.game import NO_DECISION
from cardtable.games.boss.records import BossDB, CardDef, StaticDef, StepDef
from cardtable.games.boss.state import (
    F_CARD,
    F_CTL,
    F_IDX,
    F_MEMO,
    F_SRC,
    OVER,
    PER_INSTANCE,
    PLAYER,
    SRC_ACT,
    SRC_CARD,
    SRC_CONSTRUCT,
    SRC_OVERLOAD,
    SRC_RECKON,
    SRC_SCRAP,
    SRC_TRIG,
    STACK,
    BossState,
    new_frame,
)

MAX_RESOURCES = 9
HAND_LIMIT = 9
ALL_SEATS = (1 << 16) - 1


class GameOver(Exception):
    """The boss has fallen (or the turn limit was reached): the game has ended."""


def emit(st: BossState, kind: str, rule: str, seat: int | None = None, **data: Any) -> None:
    """Record an event if the state carries a log."""
    if st.log is not None:
        st.log.append(Event(kind, rule, seat, data))


def defn(db: BossDB, st: BossState, i: int) -> CardDef:
    """The definition of an instance."""
    return db.cards[st.card_ids[i]]


def next_seat(st: BossState, seat: int) -> int:
    """The next player clockwise (boss.setup.order)."""
    return (seat + 1) % len(st.hands)


def turn_order(st: BossState, start: int) -> list[int]:
    """Every seat in turn order from ``start``."""
    n = len(st.hands)
    return [(start + k) % n for k in range(n)]


def finish(st: BossState, winners: list[int], reason: str, rule: str) -> None:
    """End the game."""
    st.phase = OVER
    st.winners = list(winners)
    st.reason = reason
    st.pending = NO_DECISION
    st._legal = None
    emit(st, "game_over", rule, winners[0] if winners else None, reason=reason)
    raise GameOver


# --- constant effects (boss.golden.*) --------------------------------------------------
def statics(db: BossDB, st: BossState) -> list[tuple[int, StaticDef]]:
    """Every constant effect on the battlefield with the permanent that has it (kept until
    a permanent enters or leaves the battlefield)."""
    known = st._sts
    if known is not None:
        return known
    out: list[tuple[int, StaticDef]] = []
    cards = db.cards
    ids = st.card_ids
    for row in st.field:
        for i in row:
            d = cards[ids[i]]
            if d.statics:
                out.extend((i, s) for s in d.statics)
    st._sts = out
    return out


def covers_unit(db: BossDB, st: BossState, src: int, s: StaticDef, u: int) -> bool:
    """Whether a constant effect of ``src`` concerns unit ``u``."""
    a = s.applies
    if a == "self":
        return u == src
    if not defn(db, st, u).is_unit:
        return False
    if a == "all_units":
        return True
    mine = st.ctl[u] == st.ctl[src]
    if a == "your_units":
        return mine
    if a == "other_your_units":
        return mine and u != src
    if a == "your_mitsims":
        return mine and defn(db, st, u).is_mitsim
    if a == "opponents_units":
        return not mine
    return False


def covers_player(st: BossState, src: int, s: StaticDef, seat: int) -> bool:
    """Whether a constant effect of ``src`` concerns player ``seat``."""
    a = s.applies
    if a == "all_players":
        return True
    if a == "you":
        return seat == st.ctl[src]
    if a == "opponents":
        return seat != st.ctl[src]
    return False


def forbidden(
    db: BossDB, st: BossState, what: str, seat: int, unit: int = -1, sts: Any = None
) -> bool:
    """Whether a card forbids ``what`` to player ``seat`` (or to ``unit``): a constant
    effect, or a lasting effect of a strategy or tactic (boss.golden.forbid)."""
    for e in st.effects:
        if e[0] == what and e[1] == seat:
            return True
    for src, s in statics(db, st) if sts is None else sts:
        if s.kind != "forbid" or s.what != what:
            continue
        if covers_player(st, src, s, seat) or (unit >= 0 and covers_unit(db, st, src, s, unit)):
            return True
    return False


def allowed(db: BossDB, st: BossState, what: str, unit: int, sts: Any = None) -> bool:
    """Whether card text allows ``unit`` what the rules do not (boss.golden.card_text);
    a card that forbids the same thing wins (boss.golden.forbid)."""
    d = defn(db, st, unit)
    yes = what == "attack_exhausted" and d.haste
    if not yes:
        for src, s in statics(db, st) if sts is None else sts:
            if s.kind == "allow" and s.what == what and covers_unit(db, st, src, s, unit):
                yes = True
                break
    return yes and not forbidden(db, st, what, st.ctl[unit], unit, sts)


def attack_of(db: BossDB, st: BossState, u: int, sts: Any = None) -> int:
    """A unit's attack now: printed, changes, the Голод bonus and constant effects."""
    value = defn(db, st, u).attack + st.atk[u] + st.eot_atk[u] + st.fed[u]
    for src, s in statics(db, st) if sts is None else sts:
        if s.kind == "attack" and covers_unit(db, st, src, s, u):
            value += s.amount
    return max(0, value)


def max_resources(db: BossDB, st: BossState, seat: int) -> int:
    """The most resources a player may have: nine, unless a card says otherwise
    (boss.resource.max, boss.golden.card_text)."""
    top = MAX_RESOURCES
    for src, s in statics(db, st):
        if s.kind == "max_resources" and covers_player(st, src, s, seat):
            top = max(top, s.amount)
    return top


def tactic_delta(db: BossDB, st: BossState, seat: int) -> int:
    """How much more (or, negative, less) tactics cost a player now (constant effects)."""
    delta = 0
    if db.cost_statics:
        for src, s in statics(db, st):
            if s.kind == "tactic_cost" and covers_player(st, src, s, seat):
                delta += s.amount
    return delta


def tactic_cost(db: BossDB, st: BossState, seat: int, d: CardDef) -> int:
    """What a card costs its player to cast now (constant effects may change tactics)."""
    if d.type != "tactic":
        return d.cost
    return max(0, d.cost + tactic_delta(db, st, seat))


def protected(db: BossDB, st: BossState, u: int, by: int) -> bool:
    """Whether a constant effect keeps unit ``u`` from damage dealt by another player's
    strategy or tactic (boss.golden.statics)."""
    if by == st.ctl[u]:
        return False
    return any(s.kind == "protect" and covers_unit(db, st, src, s, u) for src, s in statics(db, st))


def can_use_abilities(db: BossDB, st: BossState, i: int) -> bool:
    """A permanent's activated abilities (and «Расплата») work unless it is exhausted
    (boss.type.exhaustion) or a card forbids them."""
    seat = st.ctl[i]
    if st.exhausted[i] and not allowed(db, st, "abilities_exhausted", i):
        return False
    return not forbidden(db, st, "abilities", seat, i)


def can_attack(db: BossDB, st: BossState, u: int, sts: Any = None) -> bool:
    """An untapped unit attacks unless a card forbids it; an exhausted one only if its
    text allows it (boss.type.exhaustion, boss.golden.*)."""
    if st.tapped[u]:
        return False
    seat = st.ctl[u]
    if forbidden(db, st, "attack", seat, u, sts):
        return False
    return not st.exhausted[u] or allowed(db, st, "attack_exhausted", u, sts)


# --- resources (boss.resource.*) -------------------------------------------------------
def available(st: BossState, seat: int) -> int:
    """Resources a player can spend now: filled slots and this turn's extra resources."""
    return st.filled[seat] + st.temp[seat]


def pay(st: BossState, seat: int, cost: int) -> None:
    """Spend resources: this turn's extra ones first, then filled slots (boss.resource.pay)."""
    from_temp = min(cost, st.temp[seat])
    st.temp[seat] -= from_temp
    st.filled[seat] -= cost - from_temp


def gain_temp(db: BossDB, st: BossState, seat: int, n: int, rule: str) -> None:
    """Resources until the end of the turn, up to the maximum (boss.resource.max)."""
    if n <= 0 or forbidden(db, st, "gain_temp", seat):
        return
    room = max_resources(db, st, seat) - available(st, seat)
    got = max(0, min(n, room))
    st.temp[seat] += got
    if st.log is not None:
        emit(st, "resource", rule, seat, n=got, lost=n - got)


def gain_slot(db: BossDB, st: BossState, seat: int, n: int, rule: str) -> None:
    """Permanent resource slots that arrive filled (boss.resource.wound)."""
    top = max_resources(db, st, seat)
    got = max(0, min(n, top - st.slots[seat]))
    st.slots[seat] += got
    st.filled[seat] += max(0, min(got, top - available(st, seat)))
    if st.log is not None:
        emit(st, "slot", rule, seat, n=got)


# --- zones -----------------------------------------------------------------------------
def to_hand(st: BossState, seat: int, c: int, known: int, rule: str) -> None:
    """Put a card into a hand; a tenth card goes to the graveyard (boss.zone.hand_limit)."""
    if len(st.hands[seat]) >= HAND_LIMIT:
        st.graves[st.owner[c]].append(c)
        st.known[c] = ALL_SEATS
        emit(st, "overflow", "boss.zone.hand_limit", seat, card=c)
        return
    st.hands[seat].append(c)
    st.known[c] = known
    emit(st, "to_hand", rule, seat, card=c)


def draw(st: BossState, seat: int, n: int, rule: str = "boss.zone.deck") -> None:
    """Draw cards from the top; nothing from an empty deck (boss.zone.empty_deck)."""
    deck = st.decks[seat]
    for _ in range(n):
        if not deck:
            emit(st, "no_card", "boss.zone.empty_deck", seat)
            return
        c = deck.pop()
        if len(st.hands[seat]) >= HAND_LIMIT:
            st.graves[seat].append(c)
            st.known[c] = ALL_SEATS
            if st.log is not None:
                emit(st, "overflow", "boss.zone.hand_limit", seat, card=c)
            continue
        st.hands[seat].append(c)
        st.known[c] |= 1 << seat
        if st.log is not None:
            emit(st, "draw", rule, seat)


def clear_instance(st: BossState, i: int) -> None:
    """Forget what a card carried on the battlefield."""
    for name in PER_INSTANCE:
        getattr(st, name)[i] = 0
    st.ctl[i] = -1


def leave_field(st: BossState, i: int) -> int:
    """Take a permanent off the battlefield; its controller is returned."""
    seat = st.ctl[i]
    st.field[seat].remove(i)
    st._sts = None
    clear_instance(st, i)
    if i in st.attackers:
        st.attackers.remove(i)
    return seat


def enter_field(db: BossDB, st: BossState, i: int, seat: int, rule: str) -> None:
    """A permanent enters the battlefield exhausted (boss.type.exhaustion): a unit with its
    printed durability as tokens; its "enters" abilities trigger."""
    d = defn(db, st, i)
    st.field[seat].append(i)
    st._sts = None
    st.ctl[i] = seat
    st.dur[i] = d.durability
    st.exhausted[i] = 1
    st.stamp += 1
    st.since[i] = st.stamp
    st.known[i] = ALL_SEATS
    if st.log is not None:
        emit(st, "enter", rule, seat, card=i)
    if "enters" in d.whens:
        fire(db, st, i, "enters", seat)


def to_grave(db: BossDB, st: BossState, i: int, rule: str) -> None:
    """A permanent goes from the battlefield to its owner's graveyard; a unit's "dies"
    abilities trigger, and its controller's "ally dies" ones (boss.zone.graveyard)."""
    d = defn(db, st, i)
    seat = leave_field(st, i)
    st.graves[st.owner[i]].append(i)
    emit(st, "to_grave", rule, seat, card=i)
    if d.is_unit:
        if "dies" in d.whens:
            fire(db, st, i, "dies", seat)
        for j in st.field[seat]:
            if "ally_dies" in defn(db, st, j).whens:
                fire(db, st, j, "ally_dies", seat)


def exile(st: BossState, i: int, rule: str) -> None:
    """A card goes to its owner's abyss, in view of everyone (boss.zone.abyss)."""
    st.abyss[st.owner[i]].append(i)
    st.known[i] = ALL_SEATS
    emit(st, "exile", rule, st.owner[i], card=i)


def check_deaths(db: BossDB, st: BossState) -> None:
    """Units with no durability left go to the graveyard (boss.type.unit.death); attackers
    whose attack is not yet dealt wait for it (boss.turn.combat.damage)."""
    ids = st.card_ids
    cards = db.cards
    for seat in range(len(st.hands)):
        if st.slots[seat] > MAX_RESOURCES or st.filled[seat] + st.temp[seat] > MAX_RESOURCES:
            clamp_resources(db, st, seat)
    for row in st.field:
        dead = [
            i
            for i in row
            if st.dur[i] <= 0
            and cards[ids[i]].is_unit
            and not (st.combat == 1 and i in st.attackers)
        ]
        for i in dead:
            if st.ctl[i] >= 0:
                to_grave(db, st, i, "boss.type.unit.death")


def clamp_resources(db: BossDB, st: BossState, seat: int) -> None:
    """Resources above a maximum that has dropped (a card that raised it left) are lost:
    slots first, then this turn's extra resources, then filled slots (boss.resource.max)."""
    top = max_resources(db, st, seat)
    if st.slots[seat] > top:
        st.slots[seat] = top
        st.filled[seat] = min(st.filled[seat], top)
    over = st.filled[seat] + st.temp[seat] - top
    if over > 0:
        cut = min(over, st.temp[seat])
        st.temp[seat] -= cut
        st.filled[seat] -= over - cut


def turn_card(db: BossDB, st: BossState, i: int, rule: str, wear: bool = True) -> None:
    """Turn (tap) a permanent; a unit loses 1 durability for it unless ``wear`` is False
    (Синергия: boss.mech.synergy) (boss.tap.turn, boss.type.unit.turn)."""
    st.tapped[i] = 1
    if wear and defn(db, st, i).is_unit:
        st.dur[i] -= 1
    emit(st, "tap", rule, st.ctl[i], card=i)


# --- damage to the boss (boss.win.*, boss.resource.boss_damage) -------------------------
def damage_boss(db: BossDB, st: BossState, amount: int, source: int, seat: int, rule: str) -> None:
    """Damage dealt to the boss by ``source`` (a card, or -1 for the player's own
    «ранение») under ``seat``'s control. The damage that brings the boss to 0 or below wins
    the game for that player (boss.win.lethal); nonzero damage from a source gives its
    controller 1 resource until the end of the turn (boss.resource.boss_damage)."""
    if amount <= 0:
        return
    if st.shield > 0 and not forbidden(db, st, "prevent", seat):
        stopped = min(st.shield, amount)
        st.shield -= stopped
        amount -= stopped
        emit(st, "prevented", "boss.effect.shield", seat, n=stopped)
        if amount <= 0:
            return
    st.boss -= amount
    if st.log is not None:
        emit(st, "boss_damage", rule, seat, card=source, n=amount, left=st.boss)
    if st.boss <= 0:
        finish(st, [seat], "lethal", "boss.win.lethal")
    if source >= 0:
        gain_temp(db, st, seat, 1, "boss.resource.boss_damage")
        for j in st.field[seat]:
            if "you_damage_boss" in defn(db, st, j).whens:
                fire(db, st, j, "you_damage_boss", seat)


def heal_boss(db: BossDB, st: BossState, amount: int, seat: int) -> None:
    """The boss gains health, never above what it started with (boss.effect.heal)."""
    if forbidden(db, st, "heal_boss", seat):
        emit(st, "forbidden", "boss.golden.forbid", seat, what="heal_boss")
        return
    got = max(0, min(amount, st.boss_max - st.boss))
    st.boss += got
    emit(st, "boss_heal", "boss.effect.heal", seat, n=got, left=st.boss)


# --- triggers (boss.trigger) -----------------------------------------------------------
def fire(db: BossDB, st: BossState, i: int, when: str, seat: int) -> None:
    """Queue a permanent's abilities that trigger on ``when``."""
    for k, t in enumerate(defn(db, st, i).triggers):
        if t.when == when:
            st.queue.append(new_frame(i, seat, SRC_TRIG, k))


def fire_turn(db: BossDB, st: BossState, seat: int, when: str) -> None:
    """Queue a player's "at the start / end of turn" abilities, in the order their
    permanents entered (boss.trigger.order)."""
    for i in sorted(st.field[seat], key=st.since.__getitem__):
        if when in defn(db, st, i).whens:
            fire(db, st, i, when, seat)


def fire_cast(db: BossDB, st: BossState, seat: int) -> None:
    """Another player cast a card: "whenever an opponent casts" abilities trigger."""
    for other in turn_order(st, st.active):
        if other == seat:
            continue
        for i in st.field[other]:
            if "opponent_casts" in defn(db, st, i).whens:
                fire(db, st, i, "opponent_casts", other)


# --- steps -----------------------------------------------------------------------------
def frame_steps(db: BossDB, st: BossState, f: list[Any]) -> tuple[StepDef, ...] | None:
    """The steps a frame resolves (None: a "choose one" card whose mode is not chosen)."""
    d = defn(db, st, f[F_CARD])
    src = f[F_SRC]
    if src == SRC_CARD:
        if d.modes:
            mode = f[F_MEMO].get("mode")
            return None if mode is None else d.modes[mode].steps
        return d.steps
    if src == SRC_ACT:
        return d.activated[int(f[F_IDX])].steps
    if src == SRC_TRIG:
        return d.triggers[int(f[F_IDX])].steps
    if src == SRC_RECKON:
        assert d.reckoning is not None
        return d.reckoning.steps
    if src == SRC_CONSTRUCT:
        assert d.construct is not None
        return d.construct.steps
    if src == SRC_OVERLOAD:
        assert d.construct is not None
        return d.construct.overload
    if src == SRC_SCRAP:
        return d.scrap
    return ()


def count(db: BossDB, st: BossState, per: str, f: list[Any]) -> int:
    """The count an amount is multiplied by (``Step.per``)."""
    seat, card = f[F_CTL], f[F_CARD]
    if per == "your_units":
        return sum(1 for i in st.field[seat] if defn(db, st, i).is_unit)
    if per == "your_permanents":
        return len(st.field[seat])
    if per == "your_mitsims":
        return sum(1 for i in st.field[seat] if defn(db, st, i).is_mitsim)
    if per == "your_grave":
        return len(st.graves[seat])
    if per == "your_hand":
        return len(st.hands[seat])
    if per == "opponents":
        return len(st.hands) - 1
    if per == "energy_self":
        return st.energy[card] if st.ctl[card] >= 0 else int(f[F_MEMO].get("energy", 0))
    if per == "attack_self":
        return attack_of(db, st, card) if st.ctl[card] >= 0 else 0
    if per == "durability_self":
        return max(0, st.dur[card]) if st.ctl[card] >= 0 else 0
    if per == "attackers":
        return sum(1 for u in st.attackers if st.ctl[u] == seat)
    return 0


def amount(db: BossDB, st: BossState, step: StepDef, f: list[Any]) -> int:
    """A step's number when it resolves."""
    if step.per is None:
        return step.amount
    return step.amount * count(db, st, step.per, f)


def fits(db: BossDB, st: BossState, step: StepDef, f: list[Any], i: int) -> bool:
    """Whether a permanent (or a graveyard card) passes a step's filters."""
    d = defn(db, st, i)
    t = step.type
    if t is not None and (not d.is_permanent if t == "permanent" else d.type != t):
        return False
    if step.klass is not None and step.klass not in d.classes:
        return False
    if step.other and i == f[F_CARD]:
        return False
    if step.max_cost is not None and d.cost > step.max_cost:
        return False
    return step.tapped is None or bool(st.tapped[i]) == step.tapped


def _owner_ok(step: StepDef, seat: int, who: int) -> bool:
    c = step.controller
    return c == "any" or (c == "you") == (who == seat)


def target_options(db: BossDB, st: BossState, step: StepDef, f: list[Any]) -> list[int]:
    """What a targeting step may choose now (ward: boss.keyword.ward)."""
    seat = f[F_CTL]
    to = step.to
    out: list[int] = []
    if to in ("target_unit", "target_permanent"):
        for who in turn_order(st, seat):
            if not _owner_ok(step, seat, who):
                continue
            for i in st.field[who]:
                d = defn(db, st, i)
                if to == "target_unit" and not d.is_unit:
                    continue
                if d.ward and who != seat:
                    continue
                if fits(db, st, step, f, i):
                    out.append(i)
    elif to in ("target_player", "target_opponent"):
        for who in turn_order(st, seat):
            if to == "target_opponent" and who == seat:
                continue
            out.append(PLAYER + who)
    elif to == "target_stack":
        for k, item in enumerate(st.stack):
            if _owner_ok(step, seat, item[F_CTL]):
                out.append(STACK + k)
    elif to == "target_grave":  # copies in one graveyard are the same choice
        for who in turn_order(st, seat):
            if not _owner_ok(step, seat, who):
                continue
            seen: set[str] = set()
            for i in st.graves[who]:
                ident = st.card_ids[i]
                if ident not in seen and fits(db, st, step, f, i):
                    seen.add(ident)
                    out.append(i)
    return out


def each(db: BossDB, st: BossState, step: StepDef, f: list[Any]) -> list[int]:
    """The permanents or players an "each" step acts on, in turn order from its controller."""
    seat = f[F_CTL]
    to = step.to
    if to == "each_player":
        return [PLAYER + p for p in turn_order(st, seat)]
    if to == "each_opponent":
        return [PLAYER + p for p in turn_order(st, seat) if p != seat]
    out: list[int] = []
    for who in turn_order(st, seat):
        if not _owner_ok(step, seat, who):
            continue
        for i in st.field[who]:
            if to == "each_unit" and not defn(db, st, i).is_unit:
                continue
            if fits(db, st, step, f, i):
                out.append(i)
    return out


def objects(db: BossDB, st: BossState, step: StepDef, f: list[Any]) -> list[int] | None:
    """What a step acts on; None while a target choice is pending (the decision is set)."""
    to = step.to
    memo = f[F_MEMO]
    if to is None or to == "you":
        return [PLAYER + f[F_CTL]] if to == "you" or step.op in PLAYER_OPS_SET else []
    if to == "self":
        return [f[F_CARD]] if st.ctl[f[F_CARD]] >= 0 else []
    if to == "it":
        it = memo.get("it")
        return [] if it is None else [it]
    if to == "active_player":
        return [PLAYER + st.active]
    if to.startswith("each_"):
        return each(db, st, step, f)
    chosen = memo.pop("chosen", None)
    if chosen is not None:
        memo["it"] = chosen
        return [chosen]
    options = target_options(db, st, step, f)
    if not options:
        emit(st, "no_target", "boss.stack.targets", f[F_CTL])
        return []
    if len(options) == 1 and not st.step:  # step mode offers the one target (engine.step)
        memo["it"] = options[0]
        return options
    st.pending = ("target", f[F_CTL])
    return None


PLAYER_OPS_SET = frozenset(
    ("draw", "discard", "mill", "gain_temp", "gain_slot", "refill", "drain", "forbid", "sacrifice")
)


def do_step(db: BossDB, st: BossState, f: list[Any], step: StepDef) -> bool:
    """Resolve one step; False while it waits for a decision (``st.pending`` is set).
    The frame remembers whether the step did anything (``if_did`` of the next step)."""
    seat = f[F_CTL]
    memo = f[F_MEMO]
    if "objs" not in memo:
        if (
            (step.if_boss_at_most is not None and st.boss > step.if_boss_at_most)
            or (step.if_your_turn is not None and step.if_your_turn != (st.active == seat))
            or (step.if_did and not memo.get("did"))
        ):
            memo["did"] = False
            return True
        objs = objects(db, st, step, f)
        if objs is None:
            return False
        if not objs and step.op not in NO_OBJECT_OPS:
            memo["did"] = False
            return True
        memo["objs"] = objs
        memo["k"] = 0
        memo["moved"] = 0
    objs = memo["objs"]
    n = amount(db, st, step, f)
    op = step.op
    if op in NO_OBJECT_OPS:
        _boss_op(db, st, op, n, f)
        memo["did"] = n > 0
        return _done(memo)
    while memo["k"] < len(objs):
        x = objs[memo["k"]]
        if not _apply(db, st, step, f, x, n):
            return False
        memo["k"] += 1
        memo.pop("left", None)
    memo["did"] = memo["moved"] > 0 if op in ("discard", "sacrifice") else True
    return _done(memo)


NO_OBJECT_OPS = frozenset(("damage_boss", "heal_boss", "shield_boss"))


def _done(memo: dict[str, Any]) -> bool:
    memo.pop("objs", None)
    memo.pop("k", None)
    memo.pop("left", None)
    memo.pop("moved", None)
    return True


def _boss_op(db: BossDB, st: BossState, op: str, n: int, f: list[Any]) -> None:
    seat = f[F_CTL]
    if op == "damage_boss":
        damage_boss(db, st, n, f[F_CARD], seat, "boss.effect.damage_boss")
    elif op == "heal_boss":
        heal_boss(db, st, n, seat)
    elif op == "shield_boss":
        st.shield += n
        emit(st, "shield", "boss.effect.shield", seat, n=n)


def _frame_kind(db: BossDB, st: BossState, f: list[Any]) -> str:
    """'strategy' / 'tactic' when a card of that type resolves, else 'ability'."""
    if f[F_SRC] == SRC_CARD:
        return defn(db, st, f[F_CARD]).type
    return "ability"


def _apply(db: BossDB, st: BossState, step: StepDef, f: list[Any], x: int, n: int) -> bool:
    """Apply a step to one object; False while a choice about it is pending."""
    op = step.op
    seat = f[F_CTL]
    if x >= STACK:
        if op == "counter":
            counter(db, st, x - STACK, seat)
        return True
    if x >= PLAYER:
        return _apply_player(db, st, step, f, x - PLAYER, n)
    # a card: on the battlefield, or in a graveyard (return, exile)
    if op == "return":
        return_card(db, st, x, seat, step.into)
        return True
    if op == "exile" and st.ctl[x] < 0:
        if x in st.graves[st.owner[x]]:
            st.graves[st.owner[x]].remove(x)
            exile(st, x, "boss.effect.exile")
        return True
    if st.ctl[x] < 0:  # it left the battlefield meanwhile
        return True
    d = defn(db, st, x)
    if op == "damage":
        if d.is_unit:
            kind = _frame_kind(db, st, f)
            if kind in ("strategy", "tactic") and protected(db, st, x, seat):
                emit(st, "protected", "boss.golden.statics", st.ctl[x], card=x)
            else:
                st.dur[x] -= n
                emit(st, "unit_damage", "boss.effect.damage", seat, card=x, n=n)
    elif op == "tap":
        if not st.tapped[x]:
            turn_card(db, st, x, "boss.tap.turn")
    elif op == "untap":
        st.tapped[x] = 0
        emit(st, "untap", "boss.tap.untap", st.ctl[x], card=x)
    elif op == "destroy":
        to_grave(db, st, x, "boss.effect.destroy")
    elif op == "exile":
        leave_field(st, x)
        exile(st, x, "boss.effect.exile")
    elif op == "bounce":
        leave_field(st, x)
        to_hand(st, st.owner[x], x, ALL_SEATS, "boss.effect.bounce")
    elif op == "attack":
        if d.is_unit:
            if step.until_eot:
                st.eot_atk[x] += n
            else:
                st.atk[x] += n
            emit(st, "attack_change", "boss.effect.attack", seat, card=x, n=n)
    elif op == "repair":
        if d.is_unit:
            st.dur[x] += n
            emit(st, "repair", "boss.effect.repair", seat, card=x, n=n)
    elif op == "energy":
        st.energy[x] += n
        emit(st, "energy", "boss.effect.energy", seat, card=x, n=n)
    elif op == "drain_energy":
        got = min(n, st.energy[x])
        st.energy[x] -= got
        emit(st, "energy", "boss.effect.energy", seat, card=x, n=-got)
    elif op == "stun":
        st.exhausted[x] = 1
        emit(st, "stun", "boss.effect.stun", seat, card=x)
    return True


def _apply_player(db: BossDB, st: BossState, step: StepDef, f: list[Any], p: int, n: int) -> bool:
    op = step.op
    seat = f[F_CTL]
    memo = f[F_MEMO]
    if op == "draw":
        draw(st, p, n, "boss.effect.draw")
    elif op == "mill":
        for _ in range(n):
            if not st.decks[p]:
                break
            c = st.decks[p].pop()
            st.graves[p].append(c)
            st.known[c] = ALL_SEATS
            emit(st, "mill", "boss.effect.mill", p, card=c)
    elif op == "gain_temp":
        gain_temp(db, st, p, n, "boss.effect.gain")
    elif op == "gain_slot":
        gain_slot(db, st, p, n, "boss.effect.gain")
    elif op == "refill":
        room = max_resources(db, st, p) - available(st, p)
        got = max(0, min(n, st.slots[p] - st.filled[p], room))
        st.filled[p] += got
        emit(st, "refill", "boss.effect.gain", p, n=got)
    elif op == "drain":
        got = min(n, st.filled[p])
        st.filled[p] -= got
        emit(st, "drain", "boss.effect.drain", p, n=got)
    elif op == "forbid":
        assert step.what is not None
        st.effects.append([step.what, p, step.until, seat])
        emit(st, "forbid", "boss.golden.forbid", p, what=step.what, by=seat)
    elif op in ("discard", "sacrifice"):
        left = memo.get("left", n)
        options = choice_options(db, st, op, p)
        while left > 0 and options:
            chosen = memo.pop("pick", None)
            if chosen is None:
                pile = st.hands[p] if op == "discard" else st.field[p]
                if len(pile) > left and (len(options) > 1 or st.step):  # a choice
                    memo["left"] = left
                    st.pending = (op, p)
                    return False
                chosen = options[-1]
            if op == "discard":
                st.hands[p].remove(chosen)
                st.graves[p].append(chosen)
                st.known[chosen] = ALL_SEATS
                emit(st, "discard", "boss.effect.discard", p, card=chosen)
            else:
                to_grave(db, st, chosen, "boss.effect.sacrifice")
            memo["moved"] = memo.get("moved", 0) + 1
            left -= 1
            options = choice_options(db, st, op, p)
        memo.pop("left", None)
    return True


def choice_options(db: BossDB, st: BossState, op: str, p: int) -> list[int]:
    """The cards a player chooses among to discard (hand: copies are the same choice) or
    sacrifice (battlefield)."""
    if op != "discard":
        return list(st.field[p])
    out: list[int] = []
    seen: set[str] = set()
    for c in st.hands[p]:
        if st.card_ids[c] not in seen:
            seen.add(st.card_ids[c])
            out.append(c)
    return out


def counter(db: BossDB, st: BossState, k: int, seat: int) -> None:
    """Cancel an item on the stack: a card goes to its owner's graveyard, an ability is
    gone (boss.effect.counter)."""
    if k >= len(st.stack):
        return
    item = st.stack.pop(k)
    c = item[F_CARD]
    if item[F_SRC] == SRC_CARD:
        st.graves[st.owner[c]].append(c)
        st.known[c] = ALL_SEATS
    emit(st, "countered", "boss.effect.counter", seat, card=c, src=item[F_SRC])


def return_card(db: BossDB, st: BossState, c: int, seat: int, into: str) -> None:
    """A card from a graveyard to its owner's hand, or to the battlefield under the
    effect's controller (boss.effect.return)."""
    grave = st.graves[st.owner[c]]
    if c not in grave:
        return
    grave.remove(c)
    if into == "battlefield" and defn(db, st, c).is_permanent:
        enter_field(db, st, c, seat, "boss.effect.return")
    else:
        to_hand(st, st.owner[c], c, ALL_SEATS, "boss.effect.return")


def end_of_frame(db: BossDB, st: BossState, f: list[Any]) -> None:
    """After the last step: a strategy or tactic goes to the graveyard; an overloaded
    construct too (boss.mech.construct.overload)."""
    c = f[F_CARD]
    if f[F_SRC] == SRC_CARD and not defn(db, st, c).is_permanent:
        st.graves[st.owner[c]].append(c)
        st.known[c] = ALL_SEATS
    elif f[F_SRC] == SRC_OVERLOAD and st.ctl[c] >= 0:
        to_grave(db, st, c, "boss.mech.construct.overload")
