"""Epic turn structure, initiative and combat, and the decisions they open.

Decisions (``state.pending``):
  ("mulligan", seat)      put cards back (one at a time) or keep   -> ("mull", card) | ("keep",)
  ("act", seat)           the seat holds initiative                -> ("play", card, mode) |
                                                                      ("attack",) | ("pass",)
  ("return_or_end", seat) the opponent played after you passed     -> ("return",) | ("end",)
  ("attackers", seat)     choose attackers, one at a time           -> ("add", card) | ("done",)
  ("blockers", seat)      choose blockers, one at a time            -> ("add", card) | ("done",)
  ("assign", seat)        split one champion's combat damage        -> ("to", card, n) | ("player", n)
  ("target", seat)        the target of the sentence resolving      -> ("target", card | PLAYER|seat)
  ("discard", seat)       discard a card                            -> ("discard", card)
  ("continue", seat, boundary)  step mode only: the game stands at a phase boundary
                          (BOUNDARIES); the turn player answers   -> ("continue",)
Windows (``state.window``): "main" (the turn player's main phase), "pass" (the turn
player passed; the opponent may play), "before_blocks", "before_damage", "end".

A turn runs start_turn (the marker) -> open_turn (gold, draw, prepare, start-of-turn
abilities) -> to_main (initiative to the turn player) -> the main phase's decisions, with
any number of combats: begin_blocks_window (step 1's attackers expended, step 2 opens)
-> to_blockers (step 3) -> end_blocks (step 4 opens) -> to_damage -> combat_damage (step
5) -> to_main; then end_turn -> end_effects (end-of-turn abilities) -> end_discard (the
hand limit) -> finish_end (heal, prepare flipped, "this turn" ends) -> start_turn of the
next player. In default mode the functions call on directly; in step mode (engine.step)
the game stops before what each boundary names (``turn``, ``main``, ``before_blocks``,
``blockers``, ``before_damage``, ``damage``, ``end``, ``heal``, ``next``) and
``continue`` goes on from there (go_on). A resolution suspended for a decision resumes
through the same functions (resume -> end_discard; next_assignment -> deal_combat ->
to_main), so it stops where the default path goes on.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import rng as crng
from cardtable.core.game import CONTINUE, NO_DECISION
from cardtable.games.epic import draft as drafting
from cardtable.games.epic.draft import start_draft
from cardtable.games.epic.effects import (
    AIRBORNE,
    AMBUSH,
    BREAKTHROUGH,
    PLAYER,
    RIGHTEOUS,
    UNBLOCKABLE,
    UNBREAKABLE,
    GameOver,
    ally_triggers,
    answer_may,
    arriving_blocks,
    ask,
    break_champion,
    champions,
    choose_target,
    choose_x,
    choosing_seat,
    deal_damage,
    defense,
    defn,
    discard_choice,
    draw,
    emit,
    enter_play,
    fire,
    fire_in_play,
    frame_steps,
    keywords,
    loyalty_options,
    offense,
    order_choice,
    order_options,
    push_event,
    put_in_discard,
    recycle_choice,
    recycle_options,
    run,
    settle,
    show_cards,
    statics_in_play,
    take_from_discard,
    target_choices,
    target_options,
    targeted,
    x_options,
)
from cardtable.games.epic.multi import (
    Eliminated,
    alive,
    change_health,
    defenders,
    next_seat,
    side,
)
from cardtable.games.epic.records import EpicDB
from cardtable.games.epic.state import (
    EXPENDED,
    FLIPPED,
    MULLIGAN,
    OVER,
    PLAY,
    PREPARED,
    SRC_TALENT,
    EpicState,
    new_frame,
)

START_HEALTH = 30
HAND_SIZE = 5
MAX_HAND = 7
TURN_CAP = 400  # engine safety net (ruling R-cap): a draw past it

# Step mode's stops (engine.step): ("continue", seat, boundary) before what the name says.
TURN = "turn"  # a turn begins (the marker taken); gold, the draw, preparing and start-of-turn
# abilities follow
MAIN = "main"  # the main phase opens or reopens (after the start phase or a combat): the turn
# player holds initiative; abilities waiting resolve first
BEFORE_BLOCKS = "before_blocks"  # attackers declared and expended (combat step 1); step 2
# follows: the attacker holds initiative, "attacks" abilities resolve first
BLOCKERS = "blockers"  # everyone passed before blocks; step 3 (choosing blockers) follows
BEFORE_DAMAGE = "before_damage"  # blockers declared and flipped (step 3); step 4 follows: the
# defender holds initiative, "blocks" abilities resolve first
DAMAGE = "damage"  # everyone passed before damage; step 5 (combat damage) follows
END = "end"  # the main phase is over; the end phase (end-of-turn abilities) follows
HEAL = "heal"  # end-of-turn abilities resolved, the hand down to 7; champions heal, flipped
# ones are prepared and "this turn" ends
NEXT = "next"  # the turn is over (or ended by its player's elimination); the next turn follows
BOUNDARIES = (TURN, MAIN, BEFORE_BLOCKS, BLOCKERS, BEFORE_DAMAGE, DAMAGE, END, HEAL, NEXT)
# The window each stop stands in (a ``turn`` stop keeps the last turn's; a ``next`` stop
# after an elimination the window the turn ended in).
STOP_WINDOW = {
    MAIN: "main",
    BEFORE_BLOCKS: "before_blocks",
    BLOCKERS: "before_blocks",
    BEFORE_DAMAGE: "before_damage",
    DAMAGE: "before_damage",
    END: "end",
    HEAL: "end",
    NEXT: "end",
}


def new_state(
    db: EpicDB,
    decks: list[list[str]],
    seed: int,
    first: int | None,
    log: bool,
    mode: str = "duel",
    teams: list[int] | None = None,
    draft: str = "",
) -> EpicState:
    """Decks shuffled, 30 health (Hydra: 30 per team member, shared), 5 cards, first player
    by the seed, mulligans to decide."""
    st = EpicState.__new__(EpicState)
    n = len(decks)
    st.mode = mode
    st.team = list(teams) if teams is not None else list(range(n))
    st.out = []
    st.removed = []
    st.card_ids = [c for deck in decks for c in deck]
    st.owner = [s for s, deck in enumerate(decks) for _ in deck]
    st.reset_instances()
    st.rng = crng.seed_state(seed)
    st.log = [] if log else None
    st.overrides = ""  # what-if numbers: set by EpicGame.new_game (overrides.py)
    st.clear_caches()
    st.step = False  # step mode: set by EpicGame.new_game
    st.phase = MULLIGAN
    st.turn = 0
    st.window = ""
    st.init = -1
    st.passes = 0
    st.played = 0
    st.blocked = 0
    st.defender = -1
    st.reason = ""
    st.no_attacks = 0
    st.health = [START_HEALTH] * n
    if mode == "hydra":
        st.health = [START_HEALTH * st.team.count(st.team[s]) for s in range(n)]
    st.gold = [1] * n
    st.turns_taken = [0] * n
    st.limbo = []
    st.supply = []
    st.attackers = []
    st.blockers = []
    st.winners = []
    st.broken_turn = []
    st.played1 = [0] * n
    st.eot_control = []
    st.eot_break = []
    st.eot_discard = []
    st.hands = [[] for _ in range(n)]
    st.discards = [[] for _ in range(n)]
    st.play = [[] for _ in range(n)]
    st.decks = []
    start = 0
    for deck in decks:
        cards = list(range(start, start + len(deck)))
        start += len(deck)
        if not draft:
            crng.shuffle(st, cards)
        st.decks.append(cards)
    st.stack = []
    st.triggers = []
    st.new_triggers = []
    st.assign = {}
    st.packs = [[] for _ in range(n)]
    st.later = [[] for _ in range(n)]
    st.drafted = [[] for _ in range(n)]
    st.draft = draft
    st.draft_round = st.draft_step = 0
    st.draft_queue = []
    st.mull_queue = []
    st.mull_chosen = []
    st.first = -1 if first is None else first
    st.active = 0
    if draft:
        start_draft(st, draft)  # the decks are drafted first (epic.format.draft_pool)
    else:
        deal_start(st)
    return st


def deal_start(st: EpicState) -> None:
    """First player by the seed (unless chosen), 5 cards each, mulligans to decide."""
    n = len(st.health)
    if st.first < 0:
        st.first = crng.randbelow(st, n)
    st.active = st.first
    st.forget_keywords()  # the turn player ("during your turn" abilities)
    st.phase = MULLIGAN
    if st.log is not None:
        emit(st, "first", "epic.setup.first_player", st.first)
    for s in range(n):
        for _ in range(HAND_SIZE):
            st.hands[s].append(st.decks[s].pop())
    # Mulligans from the second player on, then the first player (epic.mulligan).
    st.mull_queue = [(st.first + k) % n for k in range(1, n)] + [st.first]
    st.mull_chosen = []
    st.pending = ("mulligan", st.mull_queue[0])


# --- turns ------------------------------------------------------------------------------
def stop(st: EpicState, boundary: str) -> None:
    """Step mode: stand at a phase boundary until ``continue`` (engine.step)."""
    st.pending = ("continue", continue_seat(st), boundary)
    st._legal = None


def continue_seat(st: EpicState) -> int:
    """Who answers a stop: the turn player, or (the turn ended by their elimination) the
    next player, whose turn comes."""
    seat = st.active
    return next_seat(st, seat) if seat in st.out else seat


def start_turn(db: EpicDB, st: EpicState, seat: int) -> None:
    """Start phase step 1: the turn marker (epic.turn.start, epic.turn.start.marker); "this
    turn" starts afresh. The other steps follow (open_turn), in step mode after the
    ``turn`` stop."""
    st.turn += 1
    if st.turn > TURN_CAP:
        st.phase = OVER
        st.winners = []
        st.reason = "turn_limit"
        st.pending = NO_DECISION
        raise GameOver
    st.active = seat
    st.forget_keywords()  # the turn player ("during your turn" abilities)
    st.turns_taken[seat] += 1
    st.init = -1
    if st.log is not None:
        emit(st, "turn", "epic.turn.start", seat, turn=st.turn)
    st.played1 = [0] * len(st.played1)
    st.broken_turn = []
    if st.step:
        stop(st, TURN)
        return
    open_turn(db, st)


def open_turn(db: EpicDB, st: EpicState) -> None:
    """Start phase steps 2-5: gold (epic.turn.start.gold), the draw (epic.turn.start.draw),
    preparing (epic.turn.start.prepare), start-of-turn abilities (epic.turn.start.triggers);
    the main phase follows (to_main)."""
    seat = st.active
    for s in range(len(st.gold)):
        if st.mode == "duel" or s == seat:  # epic.multi.gold: only your own turn's gold
            st.gold[s] = 1
    if not (seat == st.first and st.turns_taken[seat] == 1) or st.mode != "duel":
        draw(st, seat, 1)  # epic.multi.first_draw
    for i in st.play[seat]:
        st.pos[i] = PREPARED
        st.arriving[i] = 0
    for i in st.play[seat]:
        fire(st, defn(db, st, i), i, seat, "start_of_turn")
    cards = db.cards
    ids = st.card_ids
    for c in st.discards[seat]:
        d = cards[ids[c]]
        if d.discard_abilities:  # epic.discard_text
            fire(st, d, c, seat, "start_of_turn", "discard")
    to_main(db, st)


def to_main(db: EpicDB, st: EpicState) -> None:
    """The main phase opens, or reopens after a combat (epic.combat.damage.continue): the
    turn player gains initiative (epic.turn.main.initiative); the abilities waiting (the
    start of the turn's, the combat's) resolve first, in step mode after the ``main`` stop."""
    st.window = "main"
    st.init = st.active
    st.passes = 0
    st.pending = NO_DECISION
    settle(db, st)
    if st.step:
        stop(st, MAIN)
        return
    run(db, st)  # (resolve_then_act, written out: once a turn and after every combat)
    if not st.pending:
        st.pending = ("act", st.active)


def resolve_then_act(db: EpicDB, st: EpicState, seat: int) -> None:
    """A window's first moment: what waits resolves, then ``seat`` holds initiative."""
    run(db, st)
    if not st.pending:
        st.pending = ("act", seat)


def open_window(st: EpicState, window: str, seat: int) -> None:
    """Give initiative to ``seat`` in a window."""
    st.window = window
    st.init = seat
    st.passes = 0
    st.pending = ("act", seat)


def end_turn(db: EpicDB, st: EpicState) -> None:
    """The main phase is over: the end phase, nobody holding initiative (epic.turn.end);
    its steps follow (end_effects), in step mode after the ``end`` stop."""
    st.window = "end"
    st.init = -1
    if st.step:
        stop(st, END)
        return
    end_effects(db, st)


def end_effects(db: EpicDB, st: EpicState) -> None:
    """End step 1: "at the end of the turn" effects (epic.turn.end.triggers), then the hand
    limit (end_discard)."""
    for i in st.eot_break:  # "break it at the end of the turn"
        if st.controller[i] >= 0:
            break_champion(db, st, i, "epic.card.text")
    st.eot_break = []
    fire_in_play(db, st, "end_of_turn")
    later = st.eot_discard
    for k in range(0, len(later), 2):  # "discards at the end of the turn"
        seat_d, n = later[k], later[k + 1]
        st.assign.setdefault("discard", []).extend([seat_d] * min(n, len(st.hands[seat_d])))
    st.eot_discard = []
    st.pending = NO_DECISION
    settle(db, st)
    run(db, st)
    if not st.pending:
        end_discard(db, st)


def end_discard(db: EpicDB, st: EpicState) -> None:
    """Discard down to 7 (epic.turn.end.hand_limit; each discard comes back here through
    resume), then the rest of the end phase (finish_end), in step mode after the ``heal``
    stop."""
    seat = st.active
    if len(st.hands[seat]) > MAX_HAND:
        st.pending = ("discard", seat)
        st.assign["discard"] = [seat] * (len(st.hands[seat]) - MAX_HAND)
        return
    if st.step:
        stop(st, HEAL)
        return
    finish_end(db, st)


def finish_end(db: EpicDB, st: EpicState) -> None:
    """The rest of the end phase: control "this turn" ends, champions heal
    (epic.turn.end.heal), flipped ones are prepared (epic.turn.end.prepare_flipped), "until
    the end of the turn" ends (epic.turn.end.expire); then the next player's turn, in step
    mode after the ``next`` stop (also when the turn ended by its player's elimination,
    turn_over)."""
    pairs = st.eot_control
    for k in range(0, len(pairs), 2):  # control "this turn" ends (epic.control)
        i, old = pairs[k], pairs[k + 1]
        ctl = st.controller[i]
        if ctl >= 0 and ctl != old:
            st.play[ctl].remove(i)
            st.play[old].append(i)
            st.controller[i] = old
            st.arriving[i] = 0
            st.forget_play()  # the play areas changed
    st.eot_control = []
    for i in champions(st):
        st.damage[i] = 0
        if st.pos[i] == FLIPPED:
            st.pos[i] = PREPARED
        st.eot_off[i] = st.eot_def[i] = st.eot_kw[i] = 0
    st.forget_keywords()  # "until the end of the turn" has ended (epic.turn.end.expire)
    st.no_attacks = 0
    if st.mode != "duel":
        st.gold[st.active] = 1  # epic.multi.gold: again at the end of your own turn
    if st.step:
        stop(st, NEXT)
        return
    start_turn(db, st, next_seat(st, st.active))


def go_on(db: EpicDB, st: EpicState) -> None:
    """``continue`` at a stop: what its boundary waits for (engine.step)."""
    boundary = st.pending[2]
    st.pending = NO_DECISION
    if boundary == TURN:
        open_turn(db, st)
    elif boundary in (MAIN, BEFORE_BLOCKS):
        resolve_then_act(db, st, st.active)
    elif boundary == BLOCKERS:
        st.pending = ("blockers", st.defender)
    elif boundary == BEFORE_DAMAGE:
        resolve_then_act(db, st, st.defender)
    elif boundary == DAMAGE:
        combat_damage(db, st)
    elif boundary == END:
        end_effects(db, st)
    elif boundary == HEAL:
        finish_end(db, st)
    elif boundary == NEXT:
        start_turn(db, st, next_seat(st, st.active))
    else:
        raise AssertionError(f"unknown boundary {boundary!r}")


# --- playing cards -------------------------------------------------------------------------
def playable(db: EpicDB, st: EpicState, seat: int) -> list[tuple[Any, ...]]:
    """Cards the seat may play now, with their modes (epic.play.pay, epic.golden_rule).
    Copies of a card are one choice: each card name is looked at once, in hand and in the
    discard pile; the factions the seat's champions let in as if Ambush are found once."""
    out: list[tuple[Any, ...]] = []
    cards = db.cards
    ids = st.card_ids
    my_turn = seat == st.active
    main = my_turn and st.window == "main"
    gold = st.gold[seat]
    seen: set[str] = set()  # the card names of the hand looked at
    ambush: set[str | None] | None = None  # ambush_factions, once needed
    for c in st.hands[seat]:
        d = cards[ids[c]]
        if d.id in seen:
            continue  # a copy: the same options as the first one
        seen.add(d.id)
        if d.cost > gold:
            continue
        if d.is_champion:
            if not main and not d.keywords & AMBUSH:  # champion_block, the cost paid
                if ambush is None:
                    ambush = ambush_factions(db, st, seat)
                if d.faction not in ambush:
                    continue
            out.append(("play", c, 0))
            continue
        for k, mode in enumerate(d.modes):
            if mode_block(d, mode, gold, my_turn) is None:
                out.append(("play", c, k))
    for i in st.play[seat]:
        talents = cards[ids[i]].talents
        if talents:
            for k, t in enumerate(talents):
                if talent_payable(db, st, seat, i, t.cost):
                    out.append(("talent", i, k))
    done: set[str] = set()  # the card names of the discard pile looked at
    for c in st.discards[seat]:
        d = cards[ids[c]]
        if d.recall is None or d.recall_gold > gold or d.id in done:
            continue
        done.add(d.id)
        if d.recall == "hand":
            out.append(("recall", c, 0))
            continue
        # «Воззвание»: the card is played from the pile for free (epic.keyword.recall).
        if d.is_champion and not (main or d.keywords & AMBUSH):
            continue
        for k in range(max(1, len(d.modes))):
            if d.modes and d.modes[k].your_turn and seat != st.active:
                continue
            out.append(("recall", c, k))
    return out


def mode_block(d: Any, mode: Any, gold: int, my_turn: bool) -> str | None:
    """Why an event cannot be played in one of its modes now, as a rule id (None: it can):
    its cost and the mode's gold (epic.play.pay), a mode for its player's turn only
    (epic.event.modes). ``playable`` and ``why_not`` both ask here."""
    if d.cost + mode.gold > gold:
        return "epic.play.pay"
    if mode.your_turn and not my_turn:
        return "epic.event.modes"
    return None


def champion_block(db: EpicDB, st: EpicState, seat: int, d: Any) -> str | None:
    """Why a champion of the hand cannot be played now, as a rule id (None: it can): its
    cost, and the main phase of its player's own turn unless Ambush (given by the card
    or by a champion in play) lets it in (epic.champion.timing, epic.keyword.ambush)."""
    if d.cost > st.gold[seat]:
        return "epic.play.pay"
    main = seat == st.active and st.window == "main"
    if main or d.keywords & AMBUSH:
        return None
    if d.faction in ambush_factions(db, st, seat):
        return None
    return "epic.champion.timing"


def ambush_factions(db: EpicDB, st: EpicState, seat: int) -> set[str | None]:
    """The factions whose champions the seat may play as if they had Ambush, by its
    champions in play (None among them: a champion that lets none in)."""
    cards, ids = db.cards, st.card_ids
    return {cards[ids[i]].ambush_for for i in st.play[seat]}


def why_not(db: EpicDB, st: EpicState, seat: int, c: int) -> list[tuple[str, dict[str, Any]]]:
    """Why ``seat`` cannot play the card ``c`` of its hand now: the rule ids with the values
    their sentences name, from the checks ``playable`` makes (``champion_block``,
    ``mode_block``)."""
    out: list[tuple[str, dict[str, Any]]] = []
    p = st.pending
    if st.phase != PLAY or not p or p[0] != "act" or int(p[1]) != seat:
        out.append(("epic.golden_rule", {}))
    d = db.cards[st.card_ids[c]]
    gold = st.gold[seat]
    if d.is_champion:
        block = champion_block(db, st, seat, d)
        blocks = [] if block is None else [block]
    else:
        my_turn = seat == st.active
        found = [mode_block(d, mode, gold, my_turn) for mode in d.modes]
        blocks = [] if None in found else sorted({b for b in found if b is not None})
    for block in blocks:
        params = {"cost": d.cost, "gold": gold, "n": d.cost} if block == "epic.play.pay" else {}
        out.append((block, params))
    return out


def talent_payable(db: EpicDB, st: EpicState, seat: int, i: int, cost: Any) -> bool:
    """A talent's cost can be paid (epic.talent.expend, epic.talent.flipped, epic.arriving.limits)."""
    if cost.gold > st.gold[seat] or cost.counter > st.counters[i]:
        return False
    if cost.expend:
        if st.pos[i] == EXPENDED:
            return False  # flipped (blocking) champions may still expend
        if arriving_blocks(db, st, i):
            return False
    return not (cost.break_self and keywords(db, st, i) & UNBREAKABLE)


def use_talent(db: EpicDB, st: EpicState, seat: int, i: int, k: int) -> None:
    """Pay a talent's cost and resolve its effect (epic.talent)."""
    talent = defn(db, st, i).talents[k]
    cost = talent.cost
    if cost.gold:
        st.gold[seat] = 0
    if cost.expend:
        st.pos[i] = EXPENDED
    st.counters[i] -= cost.counter
    st.passes = 0
    if st.window == "pass" and seat != st.active:
        st.played = 1
    if st.log is not None:
        emit(st, "talent", "epic.talent", seat, card=i)
    st.stack.append(new_frame(i, seat, SRC_TALENT, k))
    if cost.break_self:
        break_champion(db, st, i, "epic.talent")
        settle(db, st)
    st.pending = NO_DECISION
    run(db, st)
    if not st.pending:
        st.pending = ("act", seat)


def recall_card(db: EpicDB, st: EpicState, seat: int, c: int, mode: int) -> None:
    """Use a card's recall from the discard pile (epic.keyword.recall, epic.keyword.recall.base_set)."""
    d = defn(db, st, c)
    if d.recall_gold:
        st.gold[seat] = 0
    take_from_discard(db, st, c)
    st.passes = 0
    if st.window == "pass" and seat != st.active:
        st.played = 1
    if st.log is not None:
        emit(st, "recall", "epic.keyword.recall", seat, card=c)
    if d.discard_abilities:
        fire(st, d, c, seat, "recalled", "any")
    if d.recall == "hand":
        st.hands[seat].append(c)
        st.public[c] = 1
        settle(db, st)
    elif d.is_champion:
        enter_play(db, st, c, seat)
        settle(db, st)
    else:
        st.limbo.append(c)
        st.assign.setdefault("recalled", []).append(c)
        push_event(st, c, seat, mode)
    st.pending = NO_DECISION
    run(db, st)
    if not st.pending:
        st.pending = ("act", seat)


def play_card(db: EpicDB, st: EpicState, seat: int, c: int, mode: int) -> None:
    """Pay and play a card: a champion enters play, an event resolves (epic.play.pay)."""
    d = defn(db, st, c)
    cost = d.cost + (d.modes[mode].gold if not d.is_champion else 0)
    if cost:
        st.gold[seat] = 0
    st.hands[seat].remove(c)
    st.public[c] = 1
    st.passes = 0
    if st.window == "pass" and seat != st.active:
        st.played = 1
    if st.log is not None:
        emit(st, "play", "epic.play.pay", seat, card=c, mode=mode)
    ally_triggers(db, st, seat, c)
    if d.is_champion:
        enter_play(db, st, c, seat)
        settle(db, st)
    else:
        st.limbo.append(c)
        push_event(st, c, seat, mode)
    st.pending = NO_DECISION
    run(db, st)
    if not st.pending:
        st.pending = ("act", seat)


def pass_initiative(db: EpicDB, st: EpicState, seat: int) -> None:
    """Pass: initiative moves on; both passing in a row ends the window (epic.initiative)."""
    other = next_seat(st, seat)
    if st.log is not None:
        emit(st, "pass", "epic.initiative.pass", seat)
    if st.window == "main":
        st.window = "pass"
        st.played = 0
        st.init = other
        st.pending = ("act", other)
        return
    if st.window == "pass":
        if other != st.active:  # the others pass in turn (epic.multi.pass)
            st.init = other
            st.pending = ("act", other)
        elif st.played:
            st.init = -1
            st.pending = ("return_or_end", st.active)
        else:
            end_turn(db, st)
        return
    st.passes += 1
    if st.passes >= len(alive(st)):
        if st.window == "before_blocks":
            to_blockers(st)
        else:
            to_damage(db, st)
        return
    st.init = other
    st.pending = ("act", other)


# --- combat -------------------------------------------------------------------------------
def fighting(st: EpicState, group: list[int], seat: int) -> list[int]:
    """The champions of ``group`` (attackers or blockers) still on ``seat``'s side."""
    team = side(st, seat)
    return [x for x in group if st.controller[x] in team]


def can_attack(db: EpicDB, st: EpicState, i: int) -> bool:
    """Prepared, and not arriving unless it has Blitz (epic.combat.declare)."""
    return st.pos[i] == PREPARED and (not st.arriving[i] or not arriving_blocks(db, st, i))


def blockable(db: EpicDB, st: EpicState) -> tuple[bool, bool]:
    """Whether some attacker can be blocked by any champion, and whether some can by an
    airborne one only (Unblockable attackers by none; epic.keyword.airborne)."""
    ground = air = False
    for a in st.attackers:
        kw = keywords(db, st, a)
        if kw & UNBLOCKABLE:
            continue
        if kw & AIRBORNE:
            air = True
        else:
            ground = True
    return ground, air


def can_block(db: EpicDB, st: EpicState, b: int, open_to: tuple[bool, bool] | None = None) -> bool:
    """A prepared champion that could block at least one attacker (``open_to``: what
    ``blockable`` says, when already known)."""
    if st.pos[b] != PREPARED:
        return False
    ground, air = blockable(db, st) if open_to is None else open_to
    return ground or (air and bool(keywords(db, st, b) & AIRBORNE))


def begin_blocks_window(db: EpicDB, st: EpicState) -> None:
    """Attackers are expended (epic.combat.declare); the attacking player gets initiative
    (epic.combat.before_blocks), in step mode after the ``before_blocks`` stop."""
    for a in st.attackers:
        st.pos[a] = EXPENDED
        fire(st, defn(db, st, a), a, st.controller[a], "attacks")
    if st.log is not None:
        emit(st, "attack", "epic.combat.declare", st.active, cards=list(st.attackers))
    if st.defender < 0:
        st.defender = next_seat(st, st.active)
    settle(db, st)
    st.window = "before_blocks"
    st.init = st.active
    st.passes = 0
    st.pending = NO_DECISION
    if st.step:
        stop(st, BEFORE_BLOCKS)
        return
    run(db, st)  # (resolve_then_act, written out)
    if not st.pending:
        st.pending = ("act", st.active)


def to_blockers(st: EpicState) -> None:
    """Everyone passed before blocks: step 3, nobody holding initiative; the defender
    chooses blockers (epic.combat.blocks), in step mode after the ``blockers`` stop."""
    st.init = -1
    if st.step:
        stop(st, BLOCKERS)
        return
    st.pending = ("blockers", st.defender)


def end_blocks(db: EpicDB, st: EpicState) -> None:
    """Blockers flip (epic.combat.blocks); the defending player gets initiative
    (epic.combat.before_damage), in step mode after the ``before_damage`` stop."""
    for b in st.blockers:
        st.pos[b] = FLIPPED
    st.blocked = int(bool(st.blockers))
    if st.log is not None:
        emit(st, "block", "epic.combat.blocks", st.defender, cards=list(st.blockers))
    for b in st.blockers:
        fire(st, defn(db, st, b), b, st.controller[b], "blocks")
    open_window(st, "before_damage", st.defender)
    st.pending = NO_DECISION
    settle(db, st)
    if st.step:
        stop(st, BEFORE_DAMAGE)
        return
    run(db, st)  # (resolve_then_act, written out)
    if not st.pending:
        st.pending = ("act", st.defender)


def to_damage(db: EpicDB, st: EpicState) -> None:
    """Everyone passed before damage: step 5, nobody holding initiative (combat_damage),
    in step mode after the ``damage`` stop."""
    st.init = -1
    if st.step:
        stop(st, DAMAGE)
        return
    combat_damage(db, st)


def combat_damage(db: EpicDB, st: EpicState) -> None:
    """Step 5: every fighting champion deals its attack (epic.combat.damage). Unblocked,
    the attackers' damage goes to the defending player; blocked, the attacking player
    splits each attacker's damage, then the defending player each blocker's
    (epic.combat.damage.blocked, R18)."""
    if st.defender in st.out:
        end_combat(st)
        return
    st.init = -1
    attackers = fighting(st, st.attackers, st.active)
    statics = statics_in_play(db, st)
    if not st.blocked:
        hits: list[int] = []
        for x in attackers:
            n = offense(db, st, x, statics)
            if n > 0:
                hits += [x, PLAYER | st.defender, n]
        st.assign = {"side": 0, "src": -1, "left": 0, "queue": [], "bt": [], "hits": hits}
        deal_combat(db, st)
        return
    bt = [x for x in attackers if keywords(db, st, x, statics) & BREAKTHROUGH]
    st.assign = {"side": 0, "src": -1, "left": 0, "queue": attackers, "bt": bt, "hits": []}
    next_assignment(db, st)


def assign_options(db: EpicDB, st: EpicState) -> list[tuple[Any, ...]]:
    """How the champion whose damage is being split (``assign["src"]``) may place the next
    part of it (R29): on a champion it fights, 1 (when there is another place for the
    rest), exactly what breaks it, exactly what Breakthrough still needs there, or all
    that is left; on the defending player (a Breakthrough attacker, once), any amount
    that leaves enough Breakthrough damage for the blockers' defense
    (epic.keyword.breakthrough, epic.keyword.breakthrough.only, R16)."""
    a = st.assign
    src = a["src"]
    left = a["left"]
    statics = statics_in_play(db, st)
    if a["side"] == 0:
        pool = fighting(st, st.blockers, st.defender)
    else:
        pool = fighting(st, st.attackers, st.active)
    bt = a["bt"]
    given: dict[int, int] = {}  # damage placed on each champion so far
    bt_given: dict[int, int] = {}  # of which by Breakthrough attackers
    player = 0
    gave = False  # this attacker has given the player its share already
    hits = a["hits"]
    for k in range(0, len(hits), 3):
        s, t, n = hits[k], hits[k + 1], hits[k + 2]
        if t & PLAYER:
            player += n
            gave = gave or s == src
            continue
        given[t] = given.get(t, 0) + n
        if s in bt:
            bt_given[t] = bt_given.get(t, 0) + n
    room: dict[int, int] = {}  # what still breaks each champion
    short: dict[int, int] = {}  # Breakthrough damage each blocker still needs
    for t in pool:
        dfn = defense(db, st, t, statics) - st.damage[t]
        room[t] = max(0, dfn - given.get(t, 0))
        short[t] = max(0, dfn - bt_given.get(t, 0))
    through = a["side"] == 0 and src in bt
    most = 0  # the most this attacker may give the player (in one part)
    reserve = need = 0
    if through:
        # Breakthrough damage not yet placed (this attacker's and those after it) must
        # cover what the blockers still need before any of it may reach the player.
        reserve = left + sum(offense(db, st, q, statics) for q in a["queue"] if q in bt)
        need = sum(short.values())
        most = 0 if gave else min(left, reserve - need)
    several = len(pool) + (most > 0) > 1
    out: list[tuple[Any, ...]] = []
    for t in pool:
        amounts = {left}
        if several:
            amounts.add(1)
        if 0 < room[t] < left:
            amounts.add(room[t])
        if through and 0 < short[t] < left:
            amounts.add(short[t])
        for n in sorted(amounts):
            # Once some damage goes to the player, what remains must still cover the
            # blockers' defense with Breakthrough damage.
            if through and player and reserve - n < need - min(n, short[t]):
                continue
            out.append(("to", t, n))
    if most > 0:
        if pool:
            out.extend(("player", n) for n in range(1, most + 1))
        else:
            out.append(("player", most))  # no blocker left: all of it goes through
    return out


def next_assignment(db: EpicDB, st: EpicState) -> None:
    """Ask for the next part of the split; a split with one option is made at once. Each
    champion's damage is placed in full before the next one's; the attackers' first, then
    the blockers'. When every split is made, the damage is dealt."""
    a = st.assign
    while True:
        if a["left"] > 0:
            options = assign_options(db, st)
            if len(options) == 1 and not st.step:  # step mode offers it (engine.step)
                _record(st, options[0])
                continue
            if options:
                ask(st, ("assign", st.active if a["side"] == 0 else st.defender), options)
                return
            a["left"] = 0  # nothing it could damage (every blocker left, no Breakthrough)
        if a["queue"]:
            src = a["queue"].pop(0)
            a["src"] = src
            a["left"] = offense(db, st, src)
            continue
        if a["side"] == 0:
            a["side"] = 1
            a["src"] = -1
            a["left"] = 0
            # the blockers strike back at the attackers still in the fight
            if fighting(st, st.attackers, st.active):
                a["queue"] = fighting(st, st.blockers, st.defender)
            continue
        deal_combat(db, st)
        return


def _record(st: EpicState, action: tuple[Any, ...]) -> None:
    """Note one part of the split as (source, target, amount) in ``assign["hits"]``, a
    target being a champion or PLAYER | the defending player."""
    a = st.assign
    target = PLAYER | st.defender if action[0] == "player" else action[1]
    n = action[-1]
    hits = a["hits"]
    src = a["src"]
    for k in range(0, len(hits), 3):
        if hits[k] == src and hits[k + 1] == target:
            hits[k + 2] += n
            break
    else:
        hits += [src, target, n]
    a["left"] -= n


def assign_damage(db: EpicDB, st: EpicState, action: tuple[Any, ...]) -> None:
    """One part of the split chosen."""
    _record(st, action)
    st.pending = NO_DECISION
    next_assignment(db, st)


def deal_combat(db: EpicDB, st: EpicState) -> None:
    """All combat damage at once; a Righteous champion's controller gains what that
    champion dealt (epic.combat.damage, epic.keyword.righteous, R17)."""
    hits = st.assign["hits"]
    totals: dict[int, int] = {}
    dealt: dict[int, int] = {}
    for k in range(0, len(hits), 3):
        s, t, n = hits[k], hits[k + 1], hits[k + 2]
        totals[t] = totals.get(t, 0) + n
        dealt[s] = dealt.get(s, 0) + n
    for t, n in totals.items():
        deal_damage(db, st, t, n, "epic.combat.damage")
    statics = statics_in_play(db, st)
    for s, n in dealt.items():
        if n > 0 and keywords(db, st, s, statics) & RIGHTEOUS:
            change_health(st, st.controller[s], n)
            if st.log is not None:
                emit(st, "heal", "epic.keyword.righteous", st.controller[s], amount=n)
    combat_abilities(db, st, dealt, hits)
    st.assign = {}
    st.attackers = []
    st.blockers = []
    st.blocked = 0
    st.defender = -1
    # The attacking player goes on with the main phase once what fired is resolved.
    to_main(db, st)


def split_forecast(db: EpicDB, st: EpicState) -> tuple[set[int], dict[int, int]]:
    """What the combat damage placed so far will do when dealt (for evaluations while a
    split is being made): the champions it breaks (enough damage, or a deadly champion's)
    and each seat's change of health (damage to the defending player, Righteous gains)."""
    hits = st.assign.get("hits") or []
    statics = statics_in_play(db, st)
    taken: dict[int, int] = {}
    health: dict[int, int] = {}
    broken: set[int] = set()
    for k in range(0, len(hits), 3):
        s, t, n = hits[k], hits[k + 1], hits[k + 2]
        if t & PLAYER:
            health[t & ~PLAYER] = health.get(t & ~PLAYER, 0) - n
        else:
            taken[t] = taken.get(t, 0) + n
            if defn(db, st, s).deadly and not keywords(db, st, t, statics) & UNBREAKABLE:
                broken.add(t)
        if keywords(db, st, s, statics) & RIGHTEOUS:
            ctl = st.controller[s]
            health[ctl] = health.get(ctl, 0) + n
    for t, n in taken.items():
        if st.damage[t] + n >= defense(db, st, t, statics) and not (
            keywords(db, st, t, statics) & UNBREAKABLE
        ):
            broken.add(t)
    return broken, health


def combat_abilities(db: EpicDB, st: EpicState, dealt: dict[int, int], hits: list[int]) -> None:
    """What each champion's own combat damage sets off (R35): "when this deals damage",
    "when this damages a player", and "break any champion damaged by this card"."""
    for s, n in dealt.items():
        ctl = st.controller[s]
        if n <= 0 or ctl < 0:
            continue
        d = defn(db, st, s)
        fire(st, d, s, ctl, "deals_damage")
        if "damages_player" in d.whens:
            for k in range(0, len(hits), 3):
                if hits[k] == s and hits[k + 1] & PLAYER:
                    fire(st, d, s, ctl, "damages_player", player=hits[k + 1] & ~PLAYER)
        if d.deadly:
            for k in range(0, len(hits), 3):
                t = hits[k + 1]
                if hits[k] == s and not t & PLAYER and st.controller[t] >= 0:
                    break_champion(db, st, t, "epic.card.text")


def must_attack_waiting(db: EpicDB, st: EpicState) -> bool:
    """A champion that must attack each turn can still attack (epic.card.text)."""
    if st.no_attacks:
        return False
    cards = db.cards
    ids = st.card_ids
    for i in st.play[st.active]:
        if cards[ids[i]].must_attack and can_attack(db, st, i) and i not in st.attackers:
            return True
    return False


def attackable(db: EpicDB, st: EpicState) -> list[int]:
    """The players the turn player may attack now: none when attacks are forbidden this
    turn; not one an expended guard shields ("while this card is expended, you cannot be
    attacked")."""
    if st.no_attacks:
        return []
    return [d for d in defenders(st) if not _shielded(db, st, d)]


def _shielded(db: EpicDB, st: EpicState, seat: int) -> bool:
    """An expended guard of the seat keeps it from being attacked."""
    cards = db.cards
    ids = st.card_ids
    return any(st.pos[i] == EXPENDED and cards[ids[i]].guards_when_expended for i in st.play[seat])


def attack_allowed(db: EpicDB, st: EpicState) -> bool:
    """Some player may be attacked now."""
    return bool(attackable(db, st))


def attacker_pool(st: EpicState) -> list[int]:
    """Champions that may be declared attackers: the turn player's (and, in Hydra, the
    teammates', epic.multi.hydra.combat)."""
    return [i for s in side(st, st.active) for i in st.play[s]]


def blocker_pool(st: EpicState) -> list[int]:
    """Champions that may block: the defending player's (and Hydra teammates')."""
    return [i for s in side(st, st.defender) for i in st.play[s]]


def block_required(db: EpicDB, st: EpicState) -> bool:
    """An attacker that must be blocked, and a champion able to block it (epic.card.text)."""
    for a in st.attackers:
        if not defn(db, st, a).must_be_blocked or st.controller[a] != st.active:
            continue
        kw = keywords(db, st, a)
        if kw & UNBLOCKABLE:
            continue
        for b in blocker_pool(st):
            if st.pos[b] == PREPARED and (not kw & AIRBORNE or keywords(db, st, b) & AIRBORNE):
                return True
    return False


# --- decisions ------------------------------------------------------------------------------
def legal_actions(db: EpicDB, st: EpicState) -> list[tuple[Any, ...]]:
    """The options of the pending decision (cached until the next action)."""
    if st._legal is not None:
        return st._legal
    out: list[tuple[Any, ...]] = []
    p = st.pending
    what = p[0] if p else ""
    if what == "mulligan":
        seat = p[1]
        out = [("mull", c) for c in st.hands[seat] if c not in st.mull_chosen]
        out = [*_dedupe_cards(st, out), ("keep",)]
    elif what == "act":
        seat = p[1]
        out = playable(db, st, seat)
        if st.window == "main" and seat == st.active:
            out.extend(_attack_options(db, st))
        else:
            out.append(("pass",))
    elif what == "return_or_end":
        out = [("return",)]
        if not (attack_allowed(db, st) and must_attack_waiting(db, st)):
            out.append(("end",))
    elif what == "attackers":
        out = [
            ("add", i) for i in attacker_pool(st) if i not in st.attackers and can_attack(db, st, i)
        ]
        if st.attackers and not must_attack_waiting(db, st):
            out.append(("done",))
    elif what == "blockers":
        open_to = blockable(db, st)
        out = [
            ("add", b)
            for b in blocker_pool(st)
            if b not in st.blockers and can_block(db, st, b, open_to)
        ]
        if st.blockers or not block_required(db, st):
            out.append(("done",))
    elif what == "assign":
        out = assign_options(db, st)
    elif what == "target":
        frame = st.stack[-1]
        step = frame_steps(db, st, frame)[frame[4]]
        sel = targeted(step)
        assert sel is not None
        out = target_choices(step, target_options(db, st, sel, choosing_seat(step, frame), frame))
        if not out:
            # Only after a determinization gave the chooser's hidden hand other cards (a
            # decision is never opened without a target): nothing to choose, the sentence
            # does what it can (epic.target.partial).
            out = [("skip",)]
    elif what == "x":
        out = [("x", n) for n in x_options(db, st)]
    elif what == "recycle":
        out = recycle_options(db, st)
    elif what == "order":
        out = order_options(db, st)
    elif what == "discard":
        out = _dedupe_cards(st, [("discard", c) for c in st.hands[p[1]]])
    elif what in ("pick", "cut"):
        out = drafting.options(st)
    elif what == "may":
        out = loyalty_options(db, st) if st.stack[-1][4] == -1 else [("yes",), ("no",)]
    elif what == "continue":
        out = [CONTINUE]
    st._legal = out
    return out


def _attack_options(db: EpicDB, st: EpicState) -> list[tuple[Any, ...]]:
    """The turn player's main phase: attack (a player, in multi-player modes) when some
    champion can, and pass unless a champion must attack and may."""
    out: list[tuple[Any, ...]] = []
    targets: list[int] | None = None
    if _attacker_ready(db, st):
        targets = attackable(db, st)
        if st.mode == "duel":
            out.extend([("attack",)] if targets else [])
        else:
            out.extend(("attack", d) for d in targets)
    if not must_attack_waiting(db, st):
        out.append(("pass",))
    elif not (attackable(db, st) if targets is None else targets):
        out.append(("pass",))  # no one may be attacked
    return out


def _attacker_ready(db: EpicDB, st: EpicState) -> bool:
    """Some champion of the turn player's side can attack."""
    for i in attacker_pool(st):  # noqa: SIM110 (a loop is quicker than any() here)
        if can_attack(db, st, i):
            return True
    return False


def _dedupe_cards(st: EpicState, options: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """One option per card name (copies of a card are the same choice)."""
    seen: set[str] = set()
    out = []
    for o in options:
        key = st.card_ids[o[1]]
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out


def apply_action(db: EpicDB, st: EpicState, action: tuple[Any, ...]) -> None:
    """Perform a legal action, then every forced step after it; none in step mode, where a
    decision with one option is offered like any other (engine.step)."""
    try:
        while True:
            try:
                _step(db, st, action)
            except Eliminated:  # the turn player is out: their turn ends at once
                turn_over(db, st)
            if st.phase == OVER:
                return
            if st.out:
                repair(db, st)
            options = legal_actions(db, st)
            if len(options) != 1 or st.step:
                return
            action = options[0]  # the only option: taken at once
    except GameOver:
        st._legal = None


def turn_over(db: EpicDB, st: EpicState) -> None:
    """The turn player was eliminated: the turn ends at once, effects being resolved end,
    and the next player still in the game starts (epic.multi.elimination.turn)."""
    while True:
        st._legal = None
        for c in st.limbo:
            put_in_discard(db, st, c)
        st.limbo = []
        st.stack = []
        st.triggers = []
        st.new_triggers = []
        st.assign = {}
        st.attackers = []
        st.blockers = []
        st.blocked = 0
        st.defender = -1
        st.eot_break = []
        st.eot_discard = []
        try:
            finish_end(db, st)
            return
        except Eliminated:
            continue


def repair(db: EpicDB, st: EpicState) -> None:
    """A decision due to an eliminated player goes on without them: initiative to the
    next player left; a combat against them ends (epic.multi.elimination.initiative)."""
    if not st.pending or st.pending[1] not in st.out:
        return
    st._legal = None
    kind = st.pending[0]
    if kind == "act":
        st.init = next_seat(st, st.pending[1])
        st.pending = ("act", st.init)
    elif kind in ("blockers", "assign"):
        end_combat(st)
    else:
        st.pending = NO_DECISION
        run(db, st)
        resume(db, st)


def end_combat(st: EpicState) -> None:
    """The attack ends without damage (its defender left the game); the main phase goes
    on, in step mode after the ``main`` stop."""
    st.assign = {}
    st.attackers = []
    st.blockers = []
    st.blocked = 0
    st.defender = -1
    st.window = "main"
    st.init = st.active
    st.passes = 0
    if st.step:
        stop(st, MAIN)
        return
    st.pending = ("act", st.active)


def _step(db: EpicDB, st: EpicState, action: tuple[Any, ...]) -> None:
    st._legal = None
    kind = action[0]
    p = st.pending
    seat = p[1]
    # the kinds are tried most frequent first
    if kind == "pass":
        pass_initiative(db, st, seat)
    elif kind == "play":
        play_card(db, st, seat, action[1], action[2])
    elif kind == "add" and p[0] == "attackers":
        st.attackers.append(action[1])
    elif kind == "add":
        st.blockers.append(action[1])
    elif kind == "done" and p[0] == "attackers":
        begin_blocks_window(db, st)
    elif kind == "done":
        end_blocks(db, st)
    elif kind in ("to", "player"):
        assign_damage(db, st, action)
    elif kind in ("target", "skip"):
        choose_target(db, st, action[1] if kind == "target" else -1)
        run(db, st)
        resume(db, st)
    elif kind == "attack":
        st.attackers = []
        st.defender = action[1] if len(action) > 1 else next_seat(st, st.active)
        st.pending = ("attackers", seat)
    elif kind == "talent":
        use_talent(db, st, seat, action[1], action[2])
    elif kind == "recall":
        recall_card(db, st, seat, action[1], action[2])
    elif kind == "return":
        open_window(st, "main", st.active)
    elif kind == "end":
        end_turn(db, st)
    elif kind in ("yes", "no"):
        answer_may(db, st, kind == "yes")
        run(db, st)
        resume(db, st)
    elif kind == "mull":
        st.mull_chosen.append(action[1])
    elif kind == "keep":
        finish_mulligan(db, st, seat)
    elif kind == "x":
        choose_x(st, action[1])
        run(db, st)
        resume(db, st)
    elif kind in ("pick", "cut"):
        if drafting.choose(st, action[1]):
            for deck in st.decks:
                crng.shuffle(st, deck)
            deal_start(st)
    elif kind in ("bury", "decline"):
        recycle_choice(db, st, action[1] if kind == "bury" else -1)
        run(db, st)
        resume(db, st)
    elif kind == "show":
        show_cards(st, action[1:])
        run(db, st)
        resume(db, st)
    elif kind == "first":
        order_choice(db, st, action[1], action[2])
        run(db, st)
        resume(db, st)
    elif kind == "discard":
        discard_choice(db, st, action[1])
        run(db, st)
        resume(db, st)
    elif kind == "continue":
        go_on(db, st)
    else:
        raise AssertionError(f"unknown action {action!r}")


def resume(db: EpicDB, st: EpicState) -> None:
    """After an effect finished: give the decision back to the initiative holder (or go on
    with the end phase when it was an end-of-turn effect or a hand-limit discard: through
    end_discard, which stops at ``heal`` in step mode)."""
    if st.pending or st.phase == OVER:
        return
    st.assign.pop("discard", None)
    if st.window == "end":
        end_discard(db, st)
        return
    st.pending = ("act", st.init if st.init >= 0 else st.active)


def finish_mulligan(db: EpicDB, st: EpicState, seat: int) -> None:
    """Put the chosen cards under the deck, draw as many, lose as much health (epic.mulligan)."""
    chosen = st.mull_chosen
    if chosen:
        for c in chosen:
            st.hands[seat].remove(c)
        crng.shuffle(st, chosen)
        st.decks[seat][:0] = chosen
        for _ in chosen:
            st.hands[seat].append(st.decks[seat].pop())
        change_health(st, seat, -len(chosen))
        if st.log is not None:
            emit(st, "mulligan", "epic.mulligan", seat, n=len(chosen))
    st.mull_chosen = []
    st.mull_queue.pop(0)
    if st.mull_queue:
        st.pending = ("mulligan", st.mull_queue[0])
        return
    st.phase = PLAY
    st.pending = NO_DECISION
    start_turn(db, st, st.first)


__all__ = [
    "BOUNDARIES",
    "STOP_WINDOW",
    "apply_action",
    "continue_seat",
    "legal_actions",
    "new_state",
]
