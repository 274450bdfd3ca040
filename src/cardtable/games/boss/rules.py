"""Boss Battle turn structure, the stack with priority, combat, and the decisions they open.

Decisions (``state.pending``):
  ("redeal", seat)             keep the hand or ask for a redeal   -> ("keep",) | ("redeal",)
  ("wound", seat)              the «ранение»'s reward               -> ("slot",) | ("card",)
  ("priority", seat)           the seat holds priority              -> ("pass",) | ("wait",) |
                               ("play", card) | ("activate", card, k) | ("construct", card) |
                               ("synergy", card) | ("scrap", card) | ("substitute", card) |
                               ("attack", unit) | ("reckon", card)
  ("attackers", seat)          more attackers, one at a time         -> ("attack", unit) | ("done",)
  ("scrap_cost", seat, card)   the permanent Металлолом destroys     -> ("destroy", permanent)
  ("subst_target", seat, card) the mitsim Подмена brings back        -> ("return", card)
  ("target", seat)             the target of the step resolving      -> ("target", code)
  ("mode", seat)               "choose one"                          -> ("mode", k)
  ("discard", seat) / ("sacrifice", seat)                           -> ("discard"|"sacrifice", card)
  ("feed", seat)               the unit Голод takes a token from     -> ("feed", unit)
  ("energy", seat) / ("amount", seat)  a Синергия move               -> ("give"|"take", card) / ("amount", n)
  ("continue", boundary)       step mode: a stop at a phase boundary -> ("continue",)

Every card and activated ability goes on the stack; priority goes round in turn order from
the active player; the top item resolves when every player has passed in succession, and
then the active player has priority again (boss.stack.*). With an empty stack, passes all
round end the phase (boss.turn.*).

Step mode (``state.step``, engine.step): no decision is taken for a player (a target, a
Голод unit, a Синергия move or amount, a discard among copies, the «ранение»'s card with
full slots, the pass of a player who cannot act: each is offered with its one option), and
the turn stops at each boundary of its steps with ``("continue", boundary)``
(``BOUNDARIES``). The turn is written as one function per stretch between two
boundaries; default mode runs them straight through.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import CONTINUE
from cardtable.core import rng as crng
from cardtable.core.errors import Message
from cardtable.core.game import NO_DECISION
from cardtable.games.boss.effects import (
    ALL_SEATS,
    GameOver,
    attack_of,
    available,
    can_attack,
    can_use_abilities,
    check_deaths,
    choice_options,
    damage_boss,
    defn,
    do_step,
    draw,
    emit,
    end_of_frame,
    enter_field,
    finish,
    fire,
    fire_cast,
    fire_turn,
    forbidden,
    frame_steps,
    gain_slot,
    max_resources,
    pay,
    statics,
    tactic_cost,
    tactic_delta,
    target_options,
    turn_card,
    turn_order,
)
from cardtable.games.boss.mechanics import (
    activate,
    activate_construct,
    activate_scrap,
    activate_substitution,
    activate_synergy,
    amount_options,
    can_activate,
    can_construct,
    can_scrap,
    can_substitute,
    can_synergy,
    construct_energy,
    feed_options,
    hunger_frame,
    overloads,
    resolve_hunger,
    resolve_substitution,
    resolve_synergy,
    substitution_targets,
    synergy_options,
)
from cardtable.games.boss.problems import MESSAGES
from cardtable.games.boss.records import BossDB
from cardtable.games.boss.state import (
    COMBAT,
    END,
    F_CARD,
    F_CTL,
    F_MEMO,
    F_SRC,
    F_STEP,
    MAIN1,
    MAIN2,
    OVER,
    PHASES,
    REDEAL,
    SRC_CARD,
    SRC_HUNGER,
    SRC_RECKON,
    SRC_SUBST,
    SRC_SYNERGY,
    START,
    BossState,
    new_frame,
)

BOSS_PER_PLAYER = 25
HAND_SIZE = 5
REDEAL_EXILE = 3
TURN_CAP = 500
"""An engine safety net (engine.turn_limit): a game still running after it is a draw."""
PASS = ("pass",)

# Step mode's stops (engine.step), in a turn's order; each names what ``continue`` does next.
UNTAP = "untap"  # the turn has begun (announced, overloads resolved): untap and refill
DRAW = "draw"  # the draw
WOUND = "wound"  # the «ранение»: 1 damage to the boss, then its reward
START_EFFECTS = "start_effects"  # the "at the start of turn" effects, then priority
PLACEMENT1 = "placement1"  # the start phase is over: phase 2
COMBAT_STOP = "combat"  # phase 3
PLACEMENT2 = "placement2"  # the combat is over (its damage dealt): phase 4
END_STOP = "end"  # phase 5
NEXT = "next"  # the turn is over (cleaned up): the next player's turn begins
BOUNDARIES = (
    UNTAP,
    DRAW,
    WOUND,
    START_EFFECTS,
    PLACEMENT1,
    COMBAT_STOP,
    PLACEMENT2,
    END_STOP,
    NEXT,
)
# the start phase's steps (``state.combat`` while phase is START and nobody holds priority)
UNTAP_NEXT, DRAW_NEXT, WOUND_NEXT, EFFECTS_NEXT = -3, -4, -1, -2
START_STOPS = {UNTAP_NEXT: UNTAP, DRAW_NEXT: DRAW, WOUND_NEXT: WOUND, EFFECTS_NEXT: START_EFFECTS}
# the stop at the end of each phase (the phase the game stands in at the stop)
PHASE_STOPS = {
    START: PLACEMENT1,
    MAIN1: COMBAT_STOP,
    COMBAT: PLACEMENT2,
    MAIN2: END_STOP,
    END: NEXT,
}
NEXT_PHASE = {
    START: (MAIN1, "boss.turn.placement"),
    MAIN1: (COMBAT, "boss.turn.combat"),
    COMBAT: (MAIN2, "boss.turn.placement2"),
    MAIN2: (END, "boss.turn.end"),
}
"""The phase that follows each (but the end phase), and the rule that opens it."""
STOP_PHASE = {
    **dict.fromkeys(START_STOPS.values(), START),
    **{b: p for p, b in PHASE_STOPS.items()},
}
"""The phase the game stands in at each stop."""


def new_state(
    db: BossDB,
    decks: list[list[str]],
    labels: list[str],
    seed: int,
    first: int | None,
    log: bool,
    max_turns: int = 0,
) -> BossState:
    """Decks shuffled, the boss at 25 health per player, a random first player, five cards
    each, then the redeals (boss.setup.*)."""
    st = BossState.__new__(BossState)
    n = len(decks)
    st.card_ids = [c for deck in decks for c in deck]
    st.labels = list(labels)
    st.owner = [s for s, deck in enumerate(decks) for _ in deck]
    m = len(st.card_ids)
    st.ctl = [-1] * m
    for name in ("dur", "energy", "atk", "eot_atk", "tapped", "exhausted", "fed", "since"):
        setattr(st, name, [0] * m)
    st.known = [0] * m
    st.rng = crng.seed_state(seed)
    st.log = [] if log else None
    st.overrides = ""
    st._legal = None
    st._sts = None
    st.boss = st.boss_max = BOSS_PER_PLAYER * n
    emit(st, "boss", "boss.setup.boss_health", None, n=st.boss)
    st.turn = 0
    st.phase = REDEAL
    st.prio = -1
    st.passes = 0
    st.combat = 0
    st.shield = 0
    st.stamp = 0
    st.reason = ""
    st.max_turns = max_turns
    st.slots = [0] * n
    st.filled = [0] * n
    st.temp = [0] * n
    st.waiting = [0] * n
    st.redeals = [0] * n
    st.attackers = []
    st.winners = []
    st.hands = [[] for _ in range(n)]
    st.graves = [[] for _ in range(n)]
    st.abyss = [[] for _ in range(n)]
    st.field = [[] for _ in range(n)]
    st.stack, st.res, st.queue, st.effects = [], [], [], []
    st.decks = []
    start = 0
    for deck in decks:
        cards = list(range(start, start + len(deck)))
        start += len(deck)
        crng.shuffle(st, cards)
        st.decks.append(cards)
    st.first = crng.randbelow(st, n) if first is None else first
    st.active = st.first
    emit(st, "first", "boss.setup.first", st.first)
    for s in range(n):
        draw(st, s, HAND_SIZE, "boss.setup.hand")
    st.redeal_queue = turn_order(st, st.first)
    st.pending = ("redeal", st.first)
    st.step = False
    return st


# --- redeals (boss.setup.redeal) ---------------------------------------------------------
def can_redeal(st: BossState, seat: int) -> bool:
    """A redeal after the first costs the 3 bottom cards: it is offered only while five
    cards would still be left in the deck after it (ruling R11)."""
    cards = len(st.decks[seat]) + len(st.hands[seat])
    if st.redeals[seat] == 0:
        return cards > HAND_SIZE
    return cards - REDEAL_EXILE - HAND_SIZE >= HAND_SIZE


def redeal(st: BossState, seat: int) -> None:
    """The hand goes back, the deck is shuffled; from the second redeal on the 3 bottom
    cards go to the abyss, unseen by their owner and shown to the opponents
    (boss.setup.redeal_exile); five new cards."""
    deck = st.decks[seat]
    deck.extend(st.hands[seat])
    st.hands[seat] = []
    crng.shuffle(st, deck)
    for c in deck:
        st.known[c] = 0
    st.redeals[seat] += 1
    emit(st, "redeal", "boss.setup.redeal", seat, n=st.redeals[seat])
    if st.redeals[seat] >= 2:
        exiled = deck[:REDEAL_EXILE]
        del deck[:REDEAL_EXILE]
        for c in exiled:
            st.abyss[seat].append(c)
            st.known[c] = ALL_SEATS & ~(1 << seat)
        emit(st, "redeal_exile", "boss.setup.redeal_exile", seat, cards=exiled)
    draw(st, seat, HAND_SIZE, "boss.setup.hand")


# --- turns -------------------------------------------------------------------------------
def stop(st: BossState, boundary: str) -> None:
    """Step mode: stand at a phase boundary until ``continue`` (engine.step)."""
    st.pending = ("continue", boundary)
    st._legal = None


def begin_turn(db: BossDB, st: BossState, seat: int) -> None:
    """The start phase (boss.turn.start): overloads of the other players' constructs; they
    resolve before the untap, the refill and the draw, which follow in ``start_steps``."""
    st.turn += 1
    cap = st.max_turns or TURN_CAP
    if st.turn > cap:
        emit(st, "turn_limit", "engine.turn_limit", None, turns=cap)
        finish(st, [], "turn_limit", "engine.turn_limit")
    st.active = seat
    st.phase = START
    st.prio = -1
    st.passes = 0
    st.combat = 0
    st.waiting[seat] = 0
    st.effects = [e for e in st.effects if not (e[2] == "next_turn" and e[3] == seat)]
    if st.log is not None:
        emit(st, "turn", "boss.turn.start", seat, turn=st.turn)
    overloads(db, st, seat)
    st.combat = UNTAP_NEXT  # once the overloads have resolved (start_steps)


def start_steps(db: BossDB, st: BossState) -> None:
    """The rest of the start phase, one step at a time as ``state.combat`` says: untap,
    refilled slots and the draw; the «ранение»; the "at the start of turn" effects
    (boss.turn.start). In step mode each step waits for its stop first (go_on)."""
    step = st.combat
    if st.step:
        stop(st, START_STOPS[step])
    elif step == UNTAP_NEXT:
        untap_step(db, st)
        draw_step(st)
    elif step == DRAW_NEXT:
        draw_step(st)
    elif step == WOUND_NEXT:
        wound_step(db, st)
    else:
        effects_step(db, st)


def untap_step(db: BossDB, st: BossState) -> None:
    """Untap the active player's permanents; their slots are refilled (boss.tap.untap_step)."""
    seat = st.active
    for i in st.field[seat]:
        st.tapped[i] = 0
        st.exhausted[i] = 0
    st.filled[seat] = min(st.slots[seat], max_resources(db, st, seat) - st.temp[seat])
    if st.log is not None:
        emit(st, "untap", "boss.tap.untap_step", seat)
    st.combat = DRAW_NEXT


def draw_step(st: BossState) -> None:
    """The turn's card (boss.turn.start.draw); the «ранение» is next."""
    draw(st, st.active, 1, "boss.turn.start.draw")
    st.combat = WOUND_NEXT


def wound_step(db: BossDB, st: BossState) -> None:
    """The «ранение»: 1 damage to the boss by the player, then a filled slot or a card
    (only the card once the slots are at their maximum) (boss.resource.wound)."""
    seat = st.active
    st.combat = EFFECTS_NEXT
    damage_boss(db, st, 1, -1, seat, "boss.resource.wound")
    if st.slots[seat] >= max_resources(db, st, seat) and not st.step:
        wound_reward(db, st, seat, "card")
    else:
        st.pending = ("wound", seat)


def effects_step(db: BossDB, st: BossState) -> None:
    """The "at the start of turn" effects (energy for constructs, Голод, triggered
    abilities: boss.turn.start.effects), then the start phase's priority round."""
    seat = st.active
    st.combat = 0
    construct_energy(db, st, seat)
    hunger_frame(db, st, seat)
    fire_turn(db, st, seat, "start_of_turn")
    start_priority(st)


def wound_reward(db: BossDB, st: BossState, seat: int, choice: str) -> None:
    """The «ранение»'s reward: a permanent filled resource slot, or an extra card."""
    if st.log is not None:
        emit(st, "wound", "boss.resource.wound", seat, choice=choice)
    if choice == "slot":
        gain_slot(db, st, seat, 1, "boss.resource.wound")
    else:
        draw(st, seat, 1, "boss.resource.wound")


def start_priority(st: BossState) -> None:
    """A priority round from the active player (boss.stack.priority)."""
    st.prio = st.active
    st.passes = 0


def end_phase(db: BossDB, st: BossState) -> None:
    """Every player passed with an empty stack: the phase is over (the combat's attackers
    deal their damage, the end phase's cleanup is done); the next phase follows, in step
    mode after the phase's stop (boss.turn.*)."""
    phase = st.phase
    if phase == COMBAT:
        if st.combat == 1:
            combat_damage(db, st)
        st.combat = 2
    elif phase == END:
        cleanup(st)
    if st.step:
        stop(st, PHASE_STOPS[phase])
        return
    next_phase(db, st)


def next_phase(db: BossDB, st: BossState) -> None:
    """The phase after the current one begins with a priority round from the active
    player; after the end phase the next player's turn begins (boss.turn.*)."""
    seat = st.active
    phase = st.phase
    if phase == END:
        begin_turn(db, st, (seat + 1) % len(st.hands))
        return
    st.phase, rule = NEXT_PHASE[phase]
    if phase == MAIN1:
        st.combat = 0
    if st.log is not None:
        emit(st, "phase", rule, seat, phase=PHASES[st.phase])
    if phase == MAIN2:
        fire_turn(db, st, seat, "end_of_turn")
    st.prio = seat  # a priority round from the active player (start_priority)
    st.passes = 0


def go_on(db: BossDB, st: BossState, boundary: str) -> None:
    """``continue`` at a stop: what its boundary waits for (engine.step)."""
    if boundary == UNTAP:
        untap_step(db, st)
    elif boundary == DRAW:
        draw_step(st)
    elif boundary == WOUND:
        wound_step(db, st)
    elif boundary == START_EFFECTS:
        effects_step(db, st)
    else:
        next_phase(db, st)


def cleanup(st: BossState) -> None:
    """The end of the turn: "until the end of the turn" effects and this turn's extra
    resources end (boss.resource.boss_damage, boss.turn.end.cleanup)."""
    st.eot_atk = [0] * len(st.eot_atk)
    st.effects = [e for e in st.effects if e[2] != "eot"]
    st.temp = [0] * len(st.temp)
    st.shield = 0
    st.attackers = []
    st.waiting[st.active] = 0


def combat_damage(db: BossDB, st: BossState) -> None:
    """Each attacker still on the battlefield deals its attack to the boss, one at a time
    in the order declared; then the turn of attacking costs it 1 durability
    (boss.turn.combat.damage, boss.type.unit.turn)."""
    seat = st.active
    for u in list(st.attackers):
        if st.ctl[u] != seat:
            continue
        damage_boss(db, st, attack_of(db, st, u), u, seat, "boss.turn.combat.damage")
    for u in list(st.attackers):
        if st.ctl[u] >= 0:
            st.dur[u] -= 1
    st.combat = 2
    st.attackers = []
    check_deaths(db, st)


# --- priority (boss.stack.*) -------------------------------------------------------------
def may_act(db: BossDB, st: BossState, seat: int) -> bool:
    """Whether a player could do anything but pass, judged only from what everyone knows,
    so that being asked reveals nothing about a hand (boss.stack.auto_pass). A player who
    waits is passed for; so is one with no cards in hand and no usable ability (only the
    active player has abilities to use: boss.stack.timing.ability), or with fewer
    resources than any card they could cast now could cost. When the active player is to
    be asked, the options are worked out here once (``st._legal``)."""
    if st.waiting[seat]:
        return False
    mine = seat == st.active
    cards = False
    if st.hands[seat]:
        have = st.filled[seat] + st.temp[seat]
        sorcery = mine and st.phase in (MAIN1, MAIN2) and not st.stack
        cards = (sorcery and have >= db.min_cost) or (
            have >= max(0, db.min_tactic_cost + tactic_delta(db, st, seat))
            and not ((st.effects or db.forbid_statics) and forbidden(db, st, "tactics", seat))
        )
    if not mine:
        return cards
    if not cards and not st.field[seat]:
        return False
    options = priority_options(db, st, seat)
    if cards or len(options) > 2:  # without cards to cast, only abilities make it a choice
        st._legal = options
        return True
    return False


def passed_for(db: BossDB, st: BossState, seat: int) -> bool:
    """Whether default mode passes for the player holding priority without asking
    (``may_act``); in step mode that pass is offered as the decision's only option."""
    known = st._legal
    passed = st.waiting[seat] or not may_act(db, st, seat)
    st._legal = known  # may_act leaves the options it worked out: not this decision's
    return bool(passed)


def play_options(db: BossDB, st: BossState, seat: int) -> list[tuple[Any, ...]]:
    """The cards a player may cast now: tactics at any time they hold priority; other
    cards only in their own placement phases with an empty stack (boss.stack.timing.*).
    Copies in a hand are one choice."""
    out: list[tuple[Any, ...]] = []
    hand = st.hands[seat]
    if not hand:
        return out
    sorcery = seat == st.active and st.phase in (MAIN1, MAIN2) and not st.stack
    have = st.filled[seat] + st.temp[seat]
    info, ids = db.cast_info, st.card_ids
    delta: int | None = None  # what tactics cost more (or less); None: not known yet
    seen: set[str] = set()
    for c in hand:
        ident = ids[c]
        tactic, cost = info[ident]
        if tactic and delta is None:
            delta = tactics_delta(db, st, seat)
        if cast_block(tactic, cost, have, sorcery, delta or 0) is not None:
            continue
        if ident not in seen:
            seen.add(ident)
            out.append(("play", c))
    return out


FORBIDDEN = -99
"""``tactics_delta`` when a card forbids the player tactics."""


def tactics_delta(db: BossDB, st: BossState, seat: int) -> int:
    """What tactics cost a player more (or, negative, less) now; FORBIDDEN when a card
    forbids them tactics (boss.golden.forbid)."""
    return FORBIDDEN if forbidden(db, st, "tactics", seat) else tactic_delta(db, st, seat)


def cast_block(tactic: bool, cost: int, have: int, sorcery: bool, delta: int) -> str | None:
    """Why a card of the hand cannot be cast now, as a rule id (None: it can): tactics at
    any priority unless forbidden (boss.stack.timing.tactic, boss.golden.forbid), other
    cards only in the player's own placement phase with an empty stack
    (boss.stack.timing.sorcery); then its cost (boss.resource.pay). ``play_options`` and
    ``why_not`` both ask here."""
    if tactic:
        if delta == FORBIDDEN:
            return "boss.golden.forbid"
        return None if max(0, cost + delta) <= have else "boss.resource.pay"
    if not sorcery:
        return "boss.stack.timing.sorcery"
    return None if cost <= have else "boss.resource.pay"


def why_not(db: BossDB, st: BossState, seat: int, c: int) -> list[tuple[str, dict[str, Any]]]:
    """Why ``seat`` cannot cast the card ``c`` of its hand now: the rule ids with the values
    their sentences name, from the check ``play_options`` makes (``cast_block``)."""
    out: list[tuple[str, dict[str, Any]]] = []
    p = st.pending
    if st.phase == OVER or not p or p[0] != "priority" or p[1] != seat:
        out.append(("boss.stack.priority", {}))
    tactic, cost = db.cast_info[st.card_ids[c]]
    delta = tactics_delta(db, st, seat) if tactic else 0
    sorcery = seat == st.active and st.phase in (MAIN1, MAIN2) and not st.stack
    have = st.filled[seat] + st.temp[seat]
    block = cast_block(tactic, cost, have, sorcery, delta)
    if block == "boss.resource.pay":
        out.append((block, {"cost": max(0, cost + delta), "have": have, "n": have}))
    elif block is not None:
        out.append((block, {}))
    return out


def ability_options(db: BossDB, st: BossState, seat: int) -> list[tuple[Any, ...]]:
    """Activated abilities, attacks and «Расплата» a player may use now: only in their own
    turn (boss.stack.timing.ability)."""
    if seat != st.active:
        return []
    out: list[tuple[Any, ...]] = []
    declare = st.phase == COMBAT and st.combat == 0 and not st.stack
    sts = statics(db, st) if declare else None
    cards, ids = db.cards, st.card_ids
    for i in st.field[seat]:
        d = cards[ids[i]]
        if declare and d.is_unit and can_attack(db, st, i, sts):
            out.append(("attack", i))
        if declare and d.reckoning is not None and reckon_ok(db, st, i):
            out.append(("reckon", i))
        if not d.has_abilities:
            continue
        for k in range(len(d.activated)):
            if can_activate(db, st, i, k):
                out.append(("activate", i, k))
        if d.construct is not None and can_construct(db, st, i):
            out.append(("construct", i))
        if d.synergy and can_synergy(db, st, i):
            out.append(("synergy", i))
        if d.scrap and can_scrap(db, st, i):
            out.append(("scrap", i))
        if d.substitution and can_substitute(db, st, i):
            out.append(("substitute", i))
    return out


def reckon_ok(db: BossDB, st: BossState, i: int) -> bool:
    """«Расплата» can be used: untapped, working, its cost affordable (boss.turn.reckoning)."""
    r = defn(db, st, i).reckoning
    assert r is not None
    return not st.tapped[i] and can_use_abilities(db, st, i) and available(st, st.ctl[i]) >= r.cost


def priority_options(db: BossDB, st: BossState, seat: int) -> list[tuple[Any, ...]]:
    """Pass, wait (pass until something changes: for the active player, until the end of
    the turn unless another player acts), and everything castable or usable."""
    out: list[tuple[Any, ...]] = [("pass",), ("wait",)]
    out += play_options(db, st, seat)
    out += ability_options(db, st, seat)
    return out


def all_passed(db: BossDB, st: BossState) -> None:
    """Everyone passed in succession: the top of the stack resolves, or the phase ends."""
    st.passes = 0
    if not st.stack:
        end_phase(db, st)
        return
    f = st.stack.pop()
    if f[F_SRC] == SRC_CARD and defn(db, st, f[F_CARD]).is_permanent:
        enter_field(db, st, f[F_CARD], f[F_CTL], "boss.stack.resolve")
    else:
        if st.log is not None:
            emit(st, "resolve", "boss.stack.resolve", f[F_CTL], card=f[F_CARD], src=f[F_SRC])
        st.res.append(f)
    st.prio = st.active  # the active player has priority again (start_priority)


def put_on_stack(db: BossDB, st: BossState, f: list[Any], seat: int, cast: bool) -> None:
    """A card or ability goes on the stack; priority goes back to the active player; the
    other players stop waiting (boss.stack.cast)."""
    st.stack.append(f)
    if st.log is not None:
        emit(
            st,
            "cast" if cast else "activate",
            "boss.stack.cast",
            seat,
            card=f[F_CARD],
            src=f[F_SRC],
        )
    for s in range(len(st.hands)):
        if s != seat:
            st.waiting[s] = 0
    if cast:
        fire_cast(db, st, seat)
    check_deaths(db, st)
    start_priority(st)


# --- the engine loop ---------------------------------------------------------------------
def advance(db: BossDB, st: BossState) -> None:
    """Run the game on until a decision is pending (or it ends)."""
    n = len(st.hands)
    while not st.pending:
        if st.res:
            resolve_top(db, st)
            continue
        if st.queue:
            st.res.append(st.queue.pop(0))
            continue
        if st.phase == START and st.prio < 0:
            start_steps(db, st)
            continue
        if st.passes >= n:
            all_passed(db, st)
            continue
        seat = st.prio
        if not st.waiting[seat] and may_act(db, st, seat):  # pass, wait at least: a decision
            st.pending = ("priority", seat)
            return
        if st.step:  # the pass default mode makes for the player is offered (engine.step)
            st.pending = ("priority", seat)
            st._legal = [PASS]
            return
        st.passes += 1
        st.prio = (seat + 1) % n


def resolve_top(db: BossDB, st: BossState) -> None:
    """Resolve the frame on top of ``st.res`` as far as it goes."""
    f = st.res[-1]
    src = f[F_SRC]
    if src == SRC_SYNERGY:
        if resolve_synergy(db, st, f):
            st.res.pop()
        return
    if src == SRC_HUNGER:
        if resolve_hunger(db, st, f):
            st.res.pop()
        return
    if src == SRC_SUBST:
        resolve_substitution(db, st, f)
        st.res.pop()
        return
    steps = frame_steps(db, st, f)
    if steps is None:
        st.pending = ("mode", f[F_CTL])
        return
    while f[F_STEP] < len(steps):
        if not do_step(db, st, f, steps[f[F_STEP]]):
            return
        f[F_STEP] += 1
        check_deaths(db, st)
    st.res.pop()
    end_of_frame(db, st, f)
    check_deaths(db, st)


# --- decisions ---------------------------------------------------------------------------
def legal_actions(db: BossDB, st: BossState) -> list[tuple[Any, ...]]:
    """The options of the pending decision."""
    if st._legal is not None:
        return st._legal
    out = _options(db, st)
    st._legal = out
    return out


def _options(db: BossDB, st: BossState) -> list[tuple[Any, ...]]:
    if st.phase == OVER or not st.pending:
        return []
    kind, seat = st.pending[0], st.pending[1]
    if kind == "priority":
        if st.step and passed_for(db, st, seat):
            return [PASS]
        return priority_options(db, st, seat)
    if kind == "continue":
        return [CONTINUE]
    if kind == "redeal":
        return [("keep",), ("redeal",)] if can_redeal(st, seat) else [("keep",)]
    if kind == "wound":
        if st.step and st.slots[seat] >= max_resources(db, st, seat):
            return [("card",)]  # a player at the maximum can only take the card (R6)
        return [("slot",), ("card",)]
    if kind == "attackers":
        sts = statics(db, st)
        return [
            ("attack", i)
            for i in st.field[seat]
            if defn(db, st, i).is_unit and can_attack(db, st, i, sts)
        ] + [("done",)]
    if kind == "scrap_cost":
        return [("destroy", j) for j in st.field[seat]]
    if kind == "subst_target":
        return [("return", g) for g in substitution_targets(db, st, st.pending[2])]
    f = st.res[-1]
    if kind == "target":
        steps = frame_steps(db, st, f)
        assert steps is not None
        return [("target", x) for x in target_options(db, st, steps[f[F_STEP]], f)]
    if kind == "mode":
        return [("mode", k) for k in range(len(defn(db, st, f[F_CARD]).modes))]
    if kind in ("discard", "sacrifice"):
        return [(kind, c) for c in choice_options(db, st, kind, seat)]
    if kind == "feed":
        return [("feed", u) for u in feed_options(db, st, seat)]
    if kind == "energy":
        return synergy_options(db, st, f)
    if kind == "amount":
        return amount_options(db, st, f)
    return []


def apply_action(db: BossDB, st: BossState, action: tuple[Any, ...]) -> None:
    """Perform a legal action, then run the game on to the next decision."""
    st._legal = None
    try:
        _act(db, st, action)
        advance(db, st)
    except GameOver:
        st.pending = NO_DECISION
        st._legal = None


def _act(db: BossDB, st: BossState, action: tuple[Any, ...]) -> None:
    kind = st.pending[0]
    seat = st.pending[1]
    what = action[0]
    pending = st.pending
    st.pending = NO_DECISION
    if kind == "redeal":
        if what == "redeal":
            redeal(st, seat)
            st.pending = ("redeal", seat)
            return
        emit(st, "keep", "boss.setup.redeal", seat)
        st.redeal_queue.pop(0)
        if st.redeal_queue:
            st.pending = ("redeal", st.redeal_queue[0])
        else:
            emit(st, "start", "boss.setup.first", st.first)
            begin_turn(db, st, st.first)
        return
    if kind == "wound":
        wound_reward(db, st, seat, what)
        return
    if kind == "priority":
        _priority_action(db, st, seat, action)
        return
    if kind == "attackers":
        if what == "done":
            end_declaration(db, st, seat)
        else:
            declare(db, st, action[1])
            st.pending = ("attackers", seat)
        return
    if kind == "scrap_cost":
        f = activate_scrap(db, st, pending[2], action[1])
        put_on_stack(db, st, f, seat, False)
        return
    if kind == "subst_target":
        f = activate_substitution(db, st, pending[2], action[1])
        put_on_stack(db, st, f, seat, False)
        return
    if kind == "continue":
        go_on(db, st, seat)  # a stop's second field is its boundary
        return
    f = st.res[-1]
    memo = f[F_MEMO]
    if kind == "target":
        memo["chosen"] = action[1]
    elif kind == "mode":
        memo["mode"] = action[1]
        emit(st, "mode", "boss.effect.mode", seat, card=f[F_CARD], n=action[1])
    elif kind in ("discard", "sacrifice", "feed"):
        memo["pick"] = action[1]
    elif kind == "energy":
        memo["move"] = [action[0], action[1]]
    elif kind == "amount":
        memo["amount"] = action[1]


def _priority_action(db: BossDB, st: BossState, seat: int, action: tuple[Any, ...]) -> None:
    what = action[0]
    if what in ("pass", "wait"):
        if what == "wait":
            st.waiting[seat] = 1
        if st.log is not None and not (st.step and what == "pass" and passed_for(db, st, seat)):
            emit(st, what, "boss.stack.priority", seat)  # default mode's passes are silent
        st.passes += 1
        st.prio = (seat + 1) % len(st.hands)
        return
    if what == "play":
        c = action[1]
        d = defn(db, st, c)
        pay(st, seat, tactic_cost(db, st, seat, d))
        st.hands[seat].remove(c)
        st.known[c] = ALL_SEATS
        put_on_stack(db, st, new_frame(c, seat, SRC_CARD), seat, True)
        return
    i = action[1]
    if what == "activate":
        put_on_stack(db, st, activate(db, st, i, action[2]), seat, False)
    elif what == "construct":
        put_on_stack(db, st, activate_construct(db, st, i), seat, False)
    elif what == "synergy":
        put_on_stack(db, st, activate_synergy(db, st, i), seat, False)
    elif what == "scrap":
        st.pending = ("scrap_cost", seat, i)
    elif what == "substitute":
        st.pending = ("subst_target", seat, i)
    elif what == "reckon":
        r = defn(db, st, i).reckoning
        assert r is not None
        pay(st, seat, r.cost)
        st.combat = 2
        f = new_frame(i, seat, SRC_RECKON)
        f[F_MEMO]["energy"] = st.energy[i]
        turn_card(db, st, i, "boss.turn.reckoning")
        emit(st, "reckon", "boss.turn.reckoning", seat, card=i)
        put_on_stack(db, st, f, seat, False)
    elif what == "attack":
        declare(db, st, i)
        st.pending = ("attackers", seat)


def declare(db: BossDB, st: BossState, u: int) -> None:
    """A unit attacks the boss: it is turned (its durability is paid after its damage);
    its "attacks" abilities trigger (boss.turn.combat)."""
    st.attackers.append(u)
    st.tapped[u] = 1
    emit(st, "attack", "boss.turn.combat", st.ctl[u], card=u)
    if "attacks" in defn(db, st, u).whens:
        fire(db, st, u, "attacks", st.ctl[u])


def end_declaration(db: BossDB, st: BossState, seat: int) -> None:
    """Attackers declared: the other players stop waiting and a priority round follows
    before the damage (boss.turn.combat)."""
    st.combat = 1
    for s in range(len(st.hands)):
        if s != seat:
            st.waiting[s] = 0
    start_priority(st)


def stop_messages(st: BossState) -> list[Message]:
    """What is wrong with a step-mode stop, as catalog messages: it needs step mode, a
    known boundary, the phase (and start step) of that boundary, and no resolution under
    way."""
    boundary = st.pending[1]
    out: list[Message] = []
    if not st.step:
        out.append(MESSAGES.message("inv_stop_no_step"))
    if boundary not in STOP_PHASE:
        known = ", ".join(BOUNDARIES)
        return [*out, MESSAGES.message("inv_stop_unknown", stop=str(boundary), known=known)]
    if st.phase != STOP_PHASE[boundary]:
        phase = MESSAGES.message(f"phase_{PHASES[STOP_PHASE[boundary]]}")
        out.append(MESSAGES.message("inv_stop_phase", stop=boundary, phase=phase))
    start = {b: code for code, b in START_STOPS.items()}
    if boundary in start and (st.combat != start[boundary] or st.prio >= 0):
        out.append(MESSAGES.message("inv_stop_start", stop=boundary))
    if st.stack or st.res or st.passes:
        out.append(MESSAGES.message("inv_stop_stack", stop=boundary))
    if st.queue and boundary != PLACEMENT2:  # attackers' "dies" triggers wait for phase 4
        out.append(MESSAGES.message("inv_stop_queue", stop=boundary))
    return out


__all__ = [
    "BOUNDARIES",
    "START_STOPS",
    "STOP_PHASE",
    "advance",
    "apply_action",
    "legal_actions",
    "new_state",
    "stop_messages",
]
