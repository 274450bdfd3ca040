"""Clash turn structure and decisions: starting a game, turns, summoning, assault.

Decisions (``state.pending``):
  ("pick",)        draft: take one revealed card           -> ("pick", inst)
  ("main",)        summoning phase: play a card or end it  -> ("play", inst) | ("end",)
  ("place", inst)  where a creature goes                   -> ("row", 0|1) | ("host", inst)
  ("target", inst) which creature a spell strikes          -> ("target", inst)
  ("give", inst, target)  which opponent a Наёмник spell cast on one's own side goes
                   back to, when several share a row with the caster -> ("give", seat)
  ("reinforce", inst, seat)  where the creature Подкрепление plays goes; ``seat``
                   decides, on anyone's turn          -> ("row", 0|1) | ("host", inst)
  ("continue", boundary)  step mode only: the game stands at a phase boundary
                   (BOUNDARIES)                       -> ("continue",)
The seat deciding is the active player's except for "reinforce" (``game.to_move``) and a
stop on an AI's turn (answered by the first player seat). "reinforce" stops a resolution
in its middle: the rest waits in ``state.stack`` and ``resume`` finishes it once the row
is chosen. Forced steps (one option) are applied by the engine and never shown to agents,
except in step mode (engine.step). AI seats (solo, co-op) never decide: the engine plays
their turns (solo.ai_mana_phase, solo.ai_summon).

A turn runs start_turn -> open_turn (fatigue, phase 1) -> the summoning (a player's
"main" decisions, or solo.ai_summon) -> to_assault -> assault_and_end -> to_heal ->
end_turn -> start_turn of the next seat. In default mode the functions call on directly;
in step mode (engine.step) the game stops before open_turn (``turn``), an AI's summoning
(``summon``), assault_and_end (``assault``), end_turn (``heal``) and the next start_turn
(``next``), and ``continue`` goes on from there (go_on).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import CONTINUE, NO_DECISION
from cardtable.games.clash.abilities import BLOOD_TRIBUTE, CATALYST, MERCENARY, SYMBIOSIS
from cardtable.games.clash.effects import (
    SPELL_HIT,
    GameOver,
    Suspend,
    assault,
    available,
    champion_cost,
    check_fortress,
    cost_now,
    count_controlled,
    damage_fortress_units,
    emit,
    enter_play,
    fort_hp,
    hit_targets,
    resolve_hit,
    restore_champions,
    resume_chain,
    resume_hit,
    resume_replies,
)
from cardtable.games.clash.formats import ClashSetup, draft_pick, new_state
from cardtable.games.clash.records import CardDB
from cardtable.games.clash.solo import ai_mana_phase, ai_summon
from cardtable.games.clash.state import (
    CHAMP_EXHAUSTED,
    CHAMP_IN_PLAY,
    CHAMP_READY,
    DRAFT,
    OVER,
    ClashState,
)

FIRST_TURN_MANA = 6
FATIGUE_AFTER = 8
ENGINE_TURN_CAP = 2000  # an engine safety net against endless games (never reached in play)
SPELL = 1

# Step mode's stops (engine.step): ("continue", boundary) before what the name says.
TURN = "turn"  # the turn is counted and announced; fatigue and phase 1 (mana) follow
SUMMON = "summon"  # an AI's mana is counted; its summoning follows
ASSAULT = "assault"  # the summoning is over (``end``, or the AI's); phase 3 follows
HEAL = "heal"  # the assault is over; creatures heal and unspent mana is lost
NEXT = "next"  # the turn is over; the next seat's turn begins
BOUNDARIES = (TURN, SUMMON, ASSAULT, HEAL, NEXT)


def new_game_state(db: CardDB, setup: ClashSetup, seed: int, log: bool = False) -> ClashState:
    """A game set up by the rulebook (clash.setup.*), at its first decision."""
    st = new_state(db, setup, seed, log)
    if st.phase != DRAFT:
        begin(st)
    return st


def begin(st: ClashState) -> None:
    """Start the first turn (an AI starting plays its whole turn at once, except in step mode)."""
    try:
        try:
            start_turn(st, st.first)
        except Suspend as s:
            _suspended(st, s)
        settle(st)
    except GameOver:
        st._legal = None


def stop(st: ClashState, boundary: str) -> None:
    """Step mode: stand at a phase boundary until ``continue`` (engine.step)."""
    st.pending = ("continue", boundary)
    st._legal = None


def continue_seat(st: ClashState) -> int:
    """Who answers a stop: the active seat, or on an AI's turn the first player seat."""
    seat = st.active
    return st.ai.index(0) if st.ai[seat] else seat


def start_turn(st: ClashState, seat: int) -> None:
    """A turn begins: counted and announced (clash.turn.start); fatigue and phase 1
    follow (open_turn), in step mode after the ``turn`` stop."""
    st.turn += 1
    st.active = seat
    st.turns_taken[seat] += 1
    cap = st.max_turns or ENGINE_TURN_CAP
    if st.turn > cap:
        st.phase = OVER
        st.winners = []
        st.reason = "turn_limit"
        st.pending = NO_DECISION
        st.stack = []
        if st.log is not None:
            emit(st, "turn_limit", "engine.turn_limit", None, turns=cap)
        raise GameOver
    if st.log is not None:
        emit(st, "turn", "clash.turn.start", seat, turn=st.turns_taken[seat])
    if st.step:
        stop(st, TURN)
        return
    open_turn(st)


def open_turn(st: ClashState) -> None:
    """Fatigue, then phase 1: mana equal to the hand (clash.mana.*); an AI's mana, its
    summoning and its assault follow by themselves (clash.solo.ai.*)."""
    seat = st.active
    ai = st.ai[seat]
    if st.fatigue and st.turns_taken[seat] > FATIGUE_AFTER:
        # An AI, which has no hand, loses the top card of its deck (ruling R45).
        pile = st.decks[seat] if ai else st.hands[seat]
        if pile:
            c = pile.pop()
            st.removed.append(c)
            st.public[c] = 1
            if st.log is not None:
                emit(st, "fatigue", "clash.fatigue.discard", seat, card=c)
            check_fortress(st, seat)
    if ai:
        ai_mana_phase(st, seat)
        if st.step:
            stop(st, SUMMON)
            return
        ai_summon(st, seat, st.mana, 0, 0)
        to_assault(st)
        return
    order = (seat - st.first) % len(st.hands)
    if st.turns_taken[seat] == 1 and order < 3 and (order == 0 or len(st.hands) == 4):
        # First turns: 6 mana for the first player; with four seats 7 and 8 for the
        # second and third (clash.mana.first_turn, clash.multi.first_turn_mana).
        mana = FIRST_TURN_MANA + order
    else:
        mana = len(st.hands[seat])
    mana += 2 * count_controlled(st, seat, CATALYST)
    st.mana = mana
    if st.log is not None:
        emit(st, "mana", "clash.mana.regen", seat, mana=mana)
    st.pending = ("main",)


def to_assault(st: ClashState) -> None:
    """The summoning is over: phase 3 follows, in step mode after the ``assault`` stop."""
    if st.step:
        stop(st, ASSAULT)
        return
    assault_and_end(st)


def assault_and_end(st: ClashState) -> None:
    """Phase 3, then the turn passes (clash.assault.order, clash.end.next_player)."""
    if st.log is not None:
        emit(st, "assault", "clash.assault.order", st.active)
    assault(st)
    to_heal(st)


def to_heal(st: ClashState) -> None:
    """The assault is over: the end of the turn follows, in step mode after the ``heal`` stop."""
    if st.step:
        stop(st, HEAL)
        return
    end_turn(st)


def end_turn(st: ClashState) -> None:
    """Surviving creatures heal, unspent mana is lost (clash.damage.heal, clash.mana.lost);
    the next player begins (clash.end.next_player), in step mode after the ``next`` stop."""
    n = len(st.damage)
    st.damage = [0] * n
    st.sprint = [0] * n
    st.mana = 0
    if st.step:
        stop(st, NEXT)
        return
    start_turn(st, (st.active + 1) % len(st.hands))


def go_on(st: ClashState) -> None:
    """``continue`` at a stop: what its boundary waits for (engine.step)."""
    boundary = st.pending[1]
    if boundary == TURN:
        open_turn(st)
    elif boundary == SUMMON:
        ai_summon(st, st.active, st.mana, 0, 0)
        to_assault(st)
    elif boundary == ASSAULT:
        assault_and_end(st)
    elif boundary == HEAL:
        end_turn(st)
    elif boundary == NEXT:
        start_turn(st, (st.active + 1) % len(st.hands))
    else:
        raise AssertionError(f"unknown boundary {boundary!r}")


def pay(st: ClashState, seat: int, c: int) -> None:
    """Summoning steps 1-2: mana (Clarity), then Blood Tribute's damage for the shortfall."""
    cost = champion_cost(st, c) if c == st.champion[seat] else cost_now(st, seat, c)
    if cost <= st.mana:
        st.mana -= cost
        return
    short = cost - st.mana
    st.mana = 0
    if st.log is not None:
        emit(st, "blood_tribute", "clash.ability.blood_tribute", seat, amount=short)
    damage_fortress_units(st, seat, short, "clash.ability.blood_tribute")


def summon(st: ClashState, seat: int, c: int, row: int, host: int) -> None:
    """Play a creature from hand into one of the seat's rows (or onto a host)."""
    pay(st, seat, c)
    if c == st.champion[seat]:
        st.champ_state[seat] = CHAMP_IN_PLAY  # it comes from beside the table, not the hand
    else:
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


def cast(st: ClashState, seat: int, s: int, target: int, foe: int = -1) -> None:
    """Play a spell at a creature; it returns to hand when resolved (clash.card.spell).

    ``foe`` is the opponent a Наёмник spell goes back to (mercenary_foes)."""
    pay(st, seat, s)
    st.hands[seat].remove(s)
    st.limbo.append(s)
    if st.log is not None:
        emit(st, "cast", "clash.card.spell", seat, card=s, target=target)
    if CHAMP_EXHAUSTED in st.champ_state:
        restore_champions(st, s)
    check_fortress(st, seat)
    targets = hit_targets(st, st.abil[s], target)
    resolve_hit(st, s, seat, SPELL_HIT, targets, -1, st.atk[s], foe)


def mercenary_foes(st: ClashState, seat: int, target: int) -> list[int]:
    """The opponents a Наёмник spell may go back to (ruling R46): the controller of its
    target; cast on the caster's own side, each opponent sharing a row with the caster
    (the caster chooses when there are two)."""
    owner = st.owner_in_play(target)
    if st.team[owner] != st.team[seat]:
        return [owner]
    out: list[int] = []
    for lane, side in st.seat_rows[seat]:
        foe = st.lane_seats[lane][1 - side]
        if st.team[foe] != st.team[seat] and foe not in out:
            out.append(foe)
    return out


def reinforce_into(st: ClashState, action: tuple[Any, ...]) -> None:
    """The chosen row (or host) of the creature Подкрепление plays: it enters play there,
    then the resolution it interrupted goes on (clash.ability.reinforcement, ruling R10)."""
    _, c, seat = st.pending
    st.pending = ("main",)  # until the resolution ends or a new turn sets its own
    st.limbo.remove(c)
    if action[0] == "host":
        host = action[1]
        code = st.lane_of[host]
        lane, side = code >> 1, code & 1
    else:
        host = -1
        lane, side = st.seat_rows[seat][action[1]]
    enter_play(st, seat, c, lane, side, host)
    resume(st)


def _resume_value(_st: ClashState, frame: tuple[Any, ...], _value: Any) -> Any:
    """An AI card's counted mana, once the resolution it started is over."""
    return frame[1]


def _resume_ai_turn(st: ClashState, frame: tuple[Any, ...], value: Any) -> None:
    """The rest of an AI's summoning, then its assault and the next turn."""
    _, seat, mana, spent, row = frame
    ai_summon(st, seat, mana, spent + value, row)
    to_assault(st)


def _resume_assault(st: ClashState, frame: tuple[Any, ...], _value: Any) -> None:
    """The rest of the assault's attackers, then the next turn."""
    _, order, i = frame
    assault(st, order, i)
    to_heal(st)


RESUME = {
    "hit": resume_hit,
    "chain": resume_chain,
    "replies": resume_replies,
    "ai_cost": _resume_value,
    "ai_turn": _resume_ai_turn,
    "assault": _resume_assault,
}


def resume(st: ClashState) -> None:
    """Finish a suspended resolution, innermost frame first; each frame gets the value
    the finished inner part returned (a damage source's result, an AI card's mana)."""
    value: Any = None
    stack = st.stack
    while stack:
        frame = stack.pop()
        value = RESUME[frame[0]](st, frame, value)


def _suspended(st: ClashState, s: Suspend) -> None:
    """Keep the frames of a resolution stopped for a decision, outermost first."""
    st.stack.extend(reversed(s.frames))
    st._legal = None


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
            cards = available(st, seat)
            # Whether a creature is in play matters to spells only: asked once, if needed.
            any_creature = False
            for c in cards:
                if st.kind[c] == SPELL:
                    any_creature = max(st.lane_of) >= 0  # the fortresses make it non-empty
                    break
            for c in cards:
                if play_block(st, seat, c, mana, any_creature) is None:
                    out.append(("play", c))
            champ = st.champion[seat]
            # The champion counts among the available cards without taking a place.
            if (
                champ >= 0
                and st.champ_state[seat] == CHAMP_READY
                and (st.abil[champ] & BLOOD_TRIBUTE or champion_cost(st, champ) <= mana)
            ):
                out.append(("play", champ))
            out.append(("end",))
        elif what == "place" or what == "reinforce":
            # where a creature being played goes: a row, or onto a host for Симбиоз
            # (clash.summon.place, clash.ability.symbiosis); Подкрепление's too (R10)
            c = pending[1]
            out = [("row", 0), ("row", 1)]
            if st.abil[c] & SYMBIOSIS:
                seat = st.active if what == "place" else pending[2]
                for lane, side in st.seat_rows[seat]:
                    for h in st.board[lane][side]:
                        if not st.eff[h] & SYMBIOSIS and h not in st.symb:
                            out.append(("host", h))
        elif what == "target":
            out = [("target", t) for t in creatures_in_play(st)]
        elif what == "give":
            out = [("give", foe) for foe in mercenary_foes(st, st.active, pending[2])]
        elif what == "pick":
            out = [("pick", c) for c in st.revealed]
        elif what == "continue":
            out = [CONTINUE]
        else:
            raise AssertionError(f"unknown pending decision {pending!r}")
    st._legal = out
    return out


def play_block(st: ClashState, seat: int, c: int, mana: int, any_creature: bool) -> str | None:
    """Why an available card cannot be played in the summoning phase, as a rule id; None
    when it can. ``legal_actions`` and ``why_not`` both ask here."""
    if st.kind[c] == SPELL and not any_creature:
        return "clash.card.spell.target"  # a spell needs a creature in play
    if st.abil[c] & BLOOD_TRIBUTE or cost_now(st, seat, c) <= mana:
        return None  # Blood Tribute pays the shortfall in damage (clash.ability.blood_tribute)
    return "clash.summon.mana_limit"


def why_not(st: ClashState, seat: int, c: int) -> list[tuple[str, dict[str, Any]]]:
    """Why ``seat`` cannot play the card ``c`` of its hand now (rule ids with the values
    their sentences name): the same checks as ``legal_actions`` (``play_block``)."""
    if st.phase == DRAFT:
        return [("clash.format.draft", {})]
    if c == st.fortress[seat]:
        return [("clash.fortress.health", {"health": fort_hp(st, seat)})]
    out: list[tuple[str, dict[str, Any]]] = []
    if st.active != seat or st.phase == OVER:
        out.append(("clash.turn.phases", {}))
    elif st.pending[:1] != ("main",):
        out.append(("clash.summon.place", {}))
    cards = available(st, seat)
    if c not in cards:
        hand = [x for x in st.hands[seat] if x != st.fortress[seat]]
        if c in hand[:4] and len(cards) < min(4, len(hand)):
            out.append(("clash.ability.blackmail", {}))
        else:
            out.append(("clash.summon.available", {"n": hand.index(c) + 1}))
        return out
    any_creature = any(x >= 0 for x in st.lane_of)
    block = play_block(st, seat, c, st.mana, any_creature)
    if block == "clash.summon.mana_limit":
        out.append((block, {"cost": cost_now(st, seat, c), "mana": st.mana}))
    elif block is not None:
        out.append((block, {}))
    return out


def creatures_in_play(st: ClashState) -> list[int]:
    """Every creature in play: lane by lane, side A then B, from the bridge outward."""
    return [c for lane in st.board for side in lane for c in side]


def apply_action(st: ClashState, action: tuple[Any, ...]) -> None:
    """Perform a legal action, then every forced step that follows it."""
    try:
        try:
            _step(st, action)
        except Suspend as s:
            _suspended(st, s)
        settle(st)
    except GameOver:
        st._legal = None


def settle(st: ClashState) -> None:
    """Apply forced steps until a real decision (two or more options) or the end; none in
    step mode, where a decision with one option is offered like any other (engine.step)."""
    if st.step:
        return
    while st.phase != OVER:
        options = legal_actions(st)
        if len(options) != 1:
            break
        try:
            _step(st, options[0])
        except Suspend as s:
            _suspended(st, s)


def _step(st: ClashState, action: tuple[Any, ...]) -> None:
    st._legal = None
    kind = action[0]
    seat = st.active
    if kind == "play":
        c = action[1]
        st.pending = ("target", c) if st.kind[c] == SPELL else ("place", c)
    elif kind == "row" or kind == "host":
        what, c = st.pending[:2]
        if what == "reinforce":
            reinforce_into(st, action)
        else:
            st.pending = ("main",)
            if kind == "row":
                summon(st, seat, c, action[1], -1)
            else:
                summon(st, seat, c, 0, action[1])
    elif kind == "target":
        c = st.pending[1]
        target = action[1]
        foe = -1
        if st.abil[c] & MERCENARY:
            foes = mercenary_foes(st, seat, target)
            if len(foes) > 1:
                st.pending = ("give", c, target)
                return
            foe = foes[0]
        st.pending = ("main",)
        cast(st, seat, c, target, foe)
    elif kind == "give":
        _, c, target = st.pending
        st.pending = ("main",)
        cast(st, seat, c, target, action[1])
    elif kind == "end":
        to_assault(st)
    elif kind == "pick":
        if draft_pick(st, action[1]):
            start_turn(st, st.first)
    elif kind == "continue":
        go_on(st)
    else:
        raise AssertionError(f"unknown action {action!r}")


__all__ = [
    "BOUNDARIES",
    "apply_action",
    "begin",
    "continue_seat",
    "legal_actions",
    "new_game_state",
    "start_turn",
]
