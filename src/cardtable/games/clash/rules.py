"""Clash turn structure and decisions: set-up, the draft, summoning, assault, end of turn.

Decisions (``state.pending``):
  ("pick",)        draft: take one revealed card           -> ("pick", inst)
  ("main",)        summoning phase: play a card or end it  -> ("play", inst) | ("end",)
  ("place", inst)  where a creature goes                   -> ("row", 0|1) | ("host", inst)
  ("target", inst) which creature a spell strikes          -> ("target", inst)
Forced steps (one option) are applied by the engine and never shown to agents.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import rng as crng
from cardtable.core.errors import SetupError
from cardtable.games.clash.abilities import BLOOD_TRIBUTE, CATALYST, SYMBIOSIS
from cardtable.games.clash.cards import CREATURE, FORTRESS, SPELL, CardDB, CardDef
from cardtable.games.clash.effects import (
    SPELL_HIT,
    GameOver,
    assault,
    available,
    check_fortress,
    cost_now,
    count_controlled,
    damage_fortress_units,
    emit,
    enter_play,
    hit_targets,
    resolve_hit,
)
from cardtable.games.clash.formats import DRAFT_REVEAL, ClashSetup, check_deck, draft_round_order
from cardtable.games.clash.state import DRAFT, OVER, SUMMON, ClashState

FIRST_TURN_MANA = 6
FATIGUE_AFTER = 8
ENGINE_TURN_CAP = 2000  # an engine safety net against endless games (never reached in play)

DUEL_LANES = ((0, 1), (0, 1))
DUEL_ROWS = (((0, 0), (1, 0)), ((0, 1), (1, 1)))


def build_state(
    cards: list[CardDef],
    seats: int,
    lane_seats: tuple[tuple[int, int], ...],
    seat_rows: tuple[tuple[tuple[int, int], ...], ...],
    seed: int,
    fatigue: bool = False,
    max_turns: int = 0,
    custom: tuple[dict[str, Any], ...] = (),
    origin: list[int] | None = None,
) -> ClashState:
    """An empty table holding the given card instances plus one fortress per seat."""
    st = ClashState.__new__(ClashState)
    n_cards = len(cards)
    n = n_cards + seats
    st.card_ids = tuple(c.id for c in cards) + ("fortress",) * seats
    st.kind = tuple(c.kind for c in cards) + (FORTRESS,) * seats
    st.cost = tuple(c.cost for c in cards) + (0,) * seats
    st.atk = tuple(c.attack for c in cards) + (0,) * seats
    st.hp = tuple(c.health for c in cards) + (0,) * seats
    st.abil = tuple(c.abilities for c in cards) + (0,) * seats
    st.aura = tuple(c.aura for c in cards) + (0,) * seats
    st.fortress = tuple(range(n_cards, n))
    st.lane_seats = lane_seats
    st.seat_rows = seat_rows
    st.fatigue = fatigue
    st.max_turns = max_turns
    st.custom = custom
    st.origin = tuple(origin if origin is not None else [-1] * n_cards) + tuple(range(seats))
    st.rng = crng.seed_state(seed)
    st.phase = SUMMON
    st.turn = 0
    st.active = 0
    st.first = 0
    st.mana = 0
    st.limbo = []
    st.reason = ""
    st.turns_taken = [0] * seats
    st.fort_up = [0] * seats
    st.damage = [0] * n
    st.entered = [-1] * n
    st.guard_used = [-1] * n
    st.edge_used = [-1] * n
    st.sprint = [0] * n
    st.eff = [0] * n
    st.public = [0] * n
    st.lane_of = [-1] * n
    st.seat_grant = [0] * seats
    st.removed = []
    st.pool = []
    st.revealed = []
    st.draft_queue = []
    st.winners = []
    st.hands = [[] for _ in range(seats)]
    st.board = [[[], []] for _ in lane_seats]
    st.symb = {}
    st.shackled = {}
    st.pending = ()
    st.drafted = [[] for _ in range(seats)]
    st.log = None
    st._legal = None
    return st


def new_duel(db: CardDB, setup: ClashSetup, seed: int, log: bool = False) -> ClashState:
    """A duel set up by the rulebook (clash.setup.*), or a draft about to begin."""
    chooser = crng.Rng(seed ^ 0x5EED)
    if setup.format == "draft":
        pool = sorted(
            (db.card(c) for c in db.card_set(setup.card_set).cards), key=lambda c: c.number
        )
        st = build_state(pool, 2, DUEL_LANES, DUEL_ROWS, seed, setup.fatigue, setup.max_turns)
        st.log = [] if log else None
        st.phase = DRAFT
        st.pool = list(range(len(pool)))
        crng.shuffle(st, st.pool)
        st.first = -1 if setup.first is None else setup.first
        _start_draft_round(st, 0)
        return st
    if setup.format == "constructed":
        if setup.lists is None:
            raise SetupError("Clash setup: the constructed format needs 'lists' (8 card ids each)")
        lists = [list(x) for x in setup.lists]
        for seat, cards in enumerate(lists):
            check_deck(cards, db.cards, f"player {'AB'[seat]}'s deck")
    else:
        if setup.lists is not None:
            raise SetupError("Clash setup: 'lists' belongs to the constructed format")
        names = list(setup.decks) if setup.decks else _random_decks(db, chooser, setup.card_set)
        lists = [list(db.deck(d).cards) for d in names]
    defs = [db.card(c) for cards in lists for c in cards]
    origin = [seat for seat, cards in enumerate(lists) for _ in cards]
    st = build_state(
        defs, 2, DUEL_LANES, DUEL_ROWS, seed, setup.fatigue, setup.max_turns, origin=origin
    )
    st.log = [] if log else None
    start = 0
    for seat, cards in enumerate(lists):
        hand = list(range(start, start + len(cards)))
        start += len(cards)
        deal_hand(st, seat, hand)
    _first_seat(st, setup)
    start_turn(st, st.first)
    return st


def _random_decks(db: CardDB, chooser: crng.Rng, card_set: str) -> list[str]:
    ids = sorted(db.card_set(card_set).decks)
    if len(ids) < 2:
        raise SetupError("Clash setup: the card set has fewer than two preconstructed decks")
    a = chooser.choice(ids)
    rest = [d for d in ids if d != a]
    return [a, chooser.choice(rest)]


def _first_seat(st: ClashState, setup: ClashSetup) -> None:
    """The coin toss for the first player (clash.setup.coin)."""
    st.first = setup.first if setup.first is not None else crng.randbelow(st, 2)
    emit(st, "first", "clash.setup.coin", st.first)


def deal_hand(st: ClashState, seat: int, cards: list[int]) -> None:
    """Shuffle a deck into a hand with the fortress leftmost, bastion up (clash.setup.hand)."""
    crng.shuffle(st, cards)
    st.hands[seat] = [st.fortress[seat], *cards]
    st.fort_up[seat] = 0
    for c in cards:
        st.public[c] = 0
    st.public[st.fortress[seat]] = 1


# --- the draft -----------------------------------------------------------------------
def _start_draft_round(st: ClashState, round_index: int) -> None:
    """Reveal 4 cards from the pool (clash.format.draft)."""
    st.revealed = [st.pool.pop() for _ in range(min(DRAFT_REVEAL, len(st.pool)))]
    for c in st.revealed:
        st.public[c] = 1
    st.draft_queue = draft_round_order(round_index)
    st.active = st.draft_queue[0]
    st.pending = ("pick",)


def draft_pick(st: ClashState, c: int) -> None:
    """The active drafter takes a revealed card."""
    seat = st.active
    st.revealed.remove(c)
    st.drafted[seat].append(c)
    emit(st, "pick", "clash.format.draft", seat, card=c)
    st.draft_queue.pop(0)
    if st.draft_queue and st.revealed:
        st.active = st.draft_queue[0]
        return
    if len(st.drafted[0]) < 8 or len(st.drafted[1]) < 8:
        rounds_done = (len(st.drafted[0]) + len(st.drafted[1])) // DRAFT_REVEAL
        _start_draft_round(st, rounds_done)
        return
    st.phase = SUMMON
    for seat_i in range(2):
        deal_hand(st, seat_i, st.drafted[seat_i])
        st.drafted[seat_i] = []
    if st.first < 0:
        st.first = crng.randbelow(st, 2)
        emit(st, "first", "clash.setup.coin", st.first)
    start_turn(st, st.first)


# --- turns ---------------------------------------------------------------------------
def start_turn(st: ClashState, seat: int) -> None:
    """Fatigue, then phase 1: mana equal to the hand (clash.mana.*)."""
    st.turn += 1
    st.active = seat
    st.turns_taken[seat] += 1
    cap = st.max_turns or ENGINE_TURN_CAP
    if st.turn > cap:
        st.phase = OVER
        st.winners = []
        st.reason = "turn_limit"
        st.pending = ()
        emit(st, "turn_limit", "engine.turn_limit", None, turns=cap)
        raise GameOver
    emit(st, "turn", "clash.turn.start", seat, turn=st.turns_taken[seat])
    if st.fatigue and st.turns_taken[seat] > FATIGUE_AFTER:
        c = st.hands[seat].pop()
        st.removed.append(c)
        st.public[c] = 1
        emit(st, "fatigue", "clash.fatigue.discard", seat, card=c)
        check_fortress(st, seat)
    if seat == st.first and st.turns_taken[seat] == 1:
        mana = FIRST_TURN_MANA
    else:
        mana = len(st.hands[seat])
    mana += 2 * count_controlled(st, seat, CATALYST)
    st.mana = mana
    emit(st, "mana", "clash.mana.regen", seat, mana=mana)
    st.pending = ("main",)


def end_turn(st: ClashState) -> None:
    """Surviving creatures heal, unspent mana is lost, the next player begins (clash.damage.heal)."""
    n = len(st.damage)
    st.damage = [0] * n
    st.sprint = [0] * n
    st.mana = 0
    start_turn(st, (st.active + 1) % len(st.hands))


def pay(st: ClashState, seat: int, c: int) -> None:
    """Summoning steps 1-2: mana (Clarity), then Blood Tribute's damage for the shortfall."""
    cost = cost_now(st, seat, c)
    if cost <= st.mana:
        st.mana -= cost
        return
    short = cost - st.mana
    st.mana = 0
    emit(st, "blood_tribute", "clash.ability.blood_tribute", seat, amount=short)
    damage_fortress_units(st, seat, short, "clash.ability.blood_tribute")


def summon(st: ClashState, seat: int, c: int, row: int, host: int) -> None:
    """Play a creature from hand into one of the seat's rows (or onto a host)."""
    pay(st, seat, c)
    st.hands[seat].remove(c)
    st.limbo.append(c)  # on its way to the table if the fortress check ends the game
    check_fortress(st, seat)
    st.limbo.remove(c)
    if host >= 0:
        code = st.lane_of[host]
        lane, side = code >> 1, code & 1
    else:
        lane, side = st.seat_rows[seat][row]
    enter_play(st, seat, c, lane, side, host)


def cast(st: ClashState, seat: int, s: int, target: int) -> None:
    """Play a spell at a creature; it returns to hand when resolved (clash.card.spell)."""
    pay(st, seat, s)
    st.hands[seat].remove(s)
    st.limbo.append(s)
    emit(st, "cast", "clash.card.spell", seat, card=s, target=target)
    check_fortress(st, seat)
    targets = hit_targets(st, st.abil[s], target)
    resolve_hit(st, s, seat, SPELL_HIT, targets, -1, st.atk[s])


# --- decisions -----------------------------------------------------------------------
def legal_actions(st: ClashState) -> list[tuple[Any, ...]]:
    """The options of the pending decision (cached until the next action)."""
    cached = st._legal
    if cached is not None:
        return cached
    pending = st.pending
    out: list[tuple[Any, ...]]
    if not pending:
        out = []
    else:
        what = pending[0]
        if what == "main":
            seat = st.active
            out = []
            mana = st.mana
            any_creature = any(st.lane_of[i] >= 0 for i in range(len(st.lane_of)))
            for c in available(st, seat):
                if st.kind[c] == SPELL and not any_creature:
                    continue
                if st.abil[c] & BLOOD_TRIBUTE or cost_now(st, seat, c) <= mana:
                    out.append(("play", c))
            out.append(("end",))
        elif what == "place":
            c = pending[1]
            out = [("row", 0), ("row", 1)]
            if st.abil[c] & SYMBIOSIS:
                for lane, side in st.seat_rows[st.active]:
                    for h in st.board[lane][side]:
                        if not st.eff[h] & SYMBIOSIS and h not in st.symb:
                            out.append(("host", h))
        elif what == "target":
            out = [("target", t) for t in creatures_in_play(st)]
        elif what == "pick":
            out = [("pick", c) for c in st.revealed]
        else:
            raise AssertionError(f"unknown pending decision {pending!r}")
    st._legal = out
    return out


def creatures_in_play(st: ClashState) -> list[int]:
    """Every creature in play: lane by lane, side A then B, from the bridge outward."""
    return [c for lane in st.board for side in lane for c in side]


def apply_action(st: ClashState, action: tuple[Any, ...]) -> None:
    """Perform a legal action, then every forced step that follows it."""
    try:
        _step(st, action)
        while st.phase != OVER:
            options = legal_actions(st)
            if len(options) != 1:
                break
            _step(st, options[0])
    except GameOver:
        st._legal = None


def _step(st: ClashState, action: tuple[Any, ...]) -> None:
    st._legal = None
    kind = action[0]
    seat = st.active
    if kind == "play":
        c = action[1]
        st.pending = ("target", c) if st.kind[c] == SPELL else ("place", c)
    elif kind == "row":
        c = st.pending[1]
        st.pending = ("main",)
        summon(st, seat, c, action[1], -1)
    elif kind == "host":
        c = st.pending[1]
        st.pending = ("main",)
        summon(st, seat, c, 0, action[1])
    elif kind == "target":
        c = st.pending[1]
        st.pending = ("main",)
        cast(st, seat, c, action[1])
    elif kind == "end":
        emit(st, "assault", "clash.assault.order", seat)
        assault(st)
        end_turn(st)
    elif kind == "pick":
        draft_pick(st, action[1])
    else:
        raise AssertionError(f"unknown action {action!r}")


def setup_summary(setup: Mapping[str, Any] | None) -> str:
    """A one-line description of a setup (for logs and saves)."""
    return ", ".join(f"{k}={v}" for k, v in sorted((setup or {}).items())) or "defaults"


__all__ = ["CREATURE", "apply_action", "legal_actions", "new_duel", "start_turn"]
