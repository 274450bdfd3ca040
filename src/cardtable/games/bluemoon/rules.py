"""Blue Moon: set-up, fights, turns, dragons, the end of a game and a match.

Decisions (``state.pending``):
  ("setup", seat)     optional rule: cards back to the deck  -> ("back", card) | ("keep",)
  ("retrieve", seat)  start of turn: take back RETRIEVE cards -> ("retrieve", card) | ("on",)
  ("lead", seat)      leadership phase                       -> ("lead", card) | ("use", card)
                                                                | ("no_lead",)
  ("play", seat)      retreat?, character, booster/support    -> ("retreat",) | ("decline",) |
                      ("char", card[, element]) | ("boost", card) | ("support", card) |
                      ("use", card) | ("shed", card[, demanding card]) | ("done",) |
                      ("undo",) | ("withdraw",) | ("concede",)
  ("task", seat)      a power's choices (tasks.py)           -> ("pick", card) | ("yes",) |
                      ("draw", k) | ("reveal", k) | ("stop",)
  ("decline", seat)   declining a fight: discard 1-3 cards    -> ("discard", card) | ("enough",)
  ("continue", seat, boundary[, 0])  step mode only: the game stands at a phase boundary
                      (BOUNDARIES); the active player answers -> ("continue",)
Everything else (announcing, refilling, awarding dragons, discarding the areas, the next
fight or game) happens by itself.

A turn's stages (``plays[P_STAGE]``): 0 the start of the turn and the leadership phase,
4 the «Сдаться?» phase begun (rule 11's point recorded; a leadership card's actions come
first), 1 the main decision («Сдаться?», character, booster or support), 3 just after the
booster/support phase (its "immediately after" actions), 2 after the announcement and the
refill (the "at the end of my turn" actions) (bluemoon.turn.phases).

A fight runs begin_fight -> begin_turn (the turn counted) -> turn_start (Storms, RETRIEVE)
-> to_leadership -> next_decision (the leadership decision, then the «Сдаться?» phase: the
main decision) -> booster_support_over (``done``) -> end_turn (the demands fall due, the
"immediately after" actions) -> to_announce -> announce -> refill_phase -> end_phase (the
"at the end of my turn" actions) -> turn_over -> finish_turn (Floods) -> begin_turn of the
other player; a retreat ends the fight and begin_fight starts the next. In default mode the
functions call on directly; in step mode (engine.step) the game stops before what each
boundary names (``fight``, ``turn``, ``leadership``, ``main``, ``after``, ``announce``,
``refill``, ``end``, ``next``) and ``continue`` goes on from there (go_on). A stop that
follows an action after which default mode does not settle the "one of my …" cards
(``STILL``) carries a trailing 0, so that the next decision leaves them as default mode
does (settle_stepped).
"""

from __future__ import annotations

from typing import Any

from cardtable.core import rng as crng
from cardtable.core.events import Event
from cardtable.core.game import CONTINUE, NO_DECISION
from cardtable.games.bluemoon import tasks as acting
from cardtable.games.bluemoon.powers import (
    active,
    aims_to_fix,
    count_kind,
    defn,
    discard_card,
    draw_cap,
    extra_allowed,
    forbidden,
    gang,
    has_power,
    icons,
    ignored,
    in_areas,
    in_play,
    play_limit,
    powers,
    raw_active,
    shed_options,
    shielded,
    total,
    unmet,
)
from cardtable.games.bluemoon.records import BlueMoonDB
from cardtable.games.bluemoon.state import (
    DRAGONS,
    EARTH,
    FIGHT,
    FIRE,
    OVER,
    SETUP,
    BlueMoonState,
)
from cardtable.games.bluemoon.tasks import T_ACTOR, T_CODE, T_SOURCE, leave_play

HAND = 6
SIX_CARDS = 6  # cards played in a fight for a second dragon
AUTO_WIN = 4  # crystals for taking a fourth dragon, or for rule 11's penalty
# per-turn counters in st.plays
P_CHAR, P_BOOST, P_SUPPORT, P_CARDS, P_DRAWN, P_FREE, P_STAGE = range(7)
NO_PLAYS = (0, 0, 0, 0, 0, 0, 0)
# P_STAGE: 0 before the main decision, 4 the «Сдаться?» phase begun, 1 in the main decision,
# 3 just after it, 2 at the end of the turn
STAGE_LEAD, STAGE_MAIN, STAGE_END, STAGE_AFTER, STAGE_OPEN = 0, 1, 2, 3, 4

# Step mode's stops (engine.step): ("continue", seat, boundary) before what the name says.
B_FIGHT = "fight"  # a fight begins (numbered, its starter active); its first turn follows
B_TURN = "turn"  # a turn begins (counted, "this turn" cleared); the start of the turn follows:
# two Storms attract a dragon, RETRIEVE cards may be taken back
B_LEADERSHIP = "leadership"  # the start of the turn is over; the leadership phase follows
B_MAIN = "main"  # the leadership phase is over (its card's actions done), or rule 11 took the
# cards back: the «Сдаться?» phase's main decision follows (retreat, character, booster/support)
B_AFTER = "after"  # the booster/support phase is over (``done``): the opponent's demands fall
# due, then the actions "immediately after my booster/support phase"
B_ANNOUNCE = "announce"  # those actions are done; the total is announced
B_REFILL = "refill"  # the total announced; the hand is refilled to 6
B_END = "end"  # refilled; the "at the end of my turn" actions and draws follow
B_NEXT = "next"  # the turn is over; two Floods make the opponent retreat, or their turn follows
BOUNDARIES = (B_FIGHT, B_TURN, B_LEADERSHIP, B_MAIN, B_AFTER, B_ANNOUNCE, B_REFILL, B_END, B_NEXT)


class GameEnd(Exception):
    """The game (or the match) has ended."""


def emit(st: BlueMoonState, kind: str, rule: str, seat: int | None = None, **data: Any) -> None:
    """Record an event if the state carries a log. Callers check ``st.log`` first, so that
    with logging off (simulations, searches) no event and no keyword dict is built."""
    if st.log is not None:
        st.log.append(Event(kind, rule, seat, data))


# --- set-up -------------------------------------------------------------------------
def new_state(
    db: BlueMoonDB,
    decks: list[list[str]],
    leaders: list[str],
    seed: int,
    first: int | None,
    log: bool,
    reshuffle_rule: bool = False,
    match_to: int = 0,
    swap: bool = False,
    overrides: str = "",
    step: bool = False,
) -> BlueMoonState:
    """Two decks of 30 shuffled, 6 cards each, the dragons neutral, the first player by
    the seed (bluemoon.setup.*). ``leaders``: each player's people (its leader card);
    ``overrides``: the state's form of the what-if numbers ``db`` already carries
    (overrides.py); ``step``: step mode (engine.step)."""
    st = BlueMoonState.__new__(BlueMoonState)
    st.overrides = overrides
    st.step = step
    st.log = [] if log else None
    st._legal = None
    st._seen = None
    st._totals = None
    st.rng = crng.seed_state(seed)
    st.boxes = list(leaders)
    st.card_ids = []
    st.owner = []
    for s, deck in enumerate(decks):
        for c in deck:
            st.card_ids.append(c)
            st.owner.append(s)
    m = len(st.card_ids)
    st.act = [0] * m
    st.played_on = [0] * m
    st.public = [0] * m
    st.aim = [-1] * m
    st.dragons = [0, 0]
    st.crystals = [0, 0]
    st.winners = []
    st.game_no = 0
    st.reason = ""
    st.target = match_to
    st.pick = [1 if reshuffle_rule else 0, 1 if swap else 0]
    st.shed = []
    st.freed = []
    st.first = first if first is not None else crng.randbelow(st, 2)
    start_game(db, st)
    return st


def start_game(db: BlueMoonDB, st: BlueMoonState) -> None:
    """Shuffle each player's cards into their deck, draw 6, and begin (or offer the
    optional reshuffle first, bluemoon.setup.optional_reshuffle)."""
    st.game_no += 1
    st.decks = [[], []]
    st.hands = [[], []]
    st.discards = [[], []]
    st.leaders = [[], []]
    st.combat = [[], []]
    st.support = [[], []]
    for i in range(len(st.card_ids)):
        st.decks[st.owner[i]].append(i)
        st.act[i] = st.played_on[i] = st.public[i] = 0
        st.aim[i] = -1
    for deck in st.decks:
        crng.shuffle(st, deck)
    st.dragons = [0, 0]
    st.tasks = []
    st.used = []
    st.back = []
    st.tried = []
    st.fight = 0
    st.element = -1
    st.out_first = -1
    st.fturn = 0
    st.turns_in_fight = [0, 0]
    st.plays = list(NO_PLAYS)
    st.irrev = 0
    st.stopped = 0
    st.lead_now = -1
    st.active = st.first
    st.starter = st.first
    st.forget()  # new areas, active flags, aims, element, active player (and owners, swapped)
    for s in (0, 1):
        draw(st, s, HAND)
    if st.log is not None:
        emit(st, "game", "bluemoon.setup.first", st.first, n=st.game_no)
    if st.pick[0]:
        st.phase = SETUP
        st.setup_queue = [st.first, 1 - st.first]
        st.pending = ("setup", st.first)
        return
    st.setup_queue = []
    st.phase = FIGHT
    begin_fight(db, st, st.first)


def draw(st: BlueMoonState, s: int, n: int) -> int:
    """Draw up to n cards (fewer when the deck runs out); returns how many."""
    k = 0
    while k < n and st.decks[s]:
        st.hands[s].append(st.decks[s].pop())
        k += 1
    note_empty(st, s)
    return k


def note_empty(st: BlueMoonState, s: int) -> None:
    """Remember who ran out of cards (deck and hand) first (bluemoon.end.all_neutral)."""
    if st.out_first < 0 and not st.decks[s] and not st.hands[s]:
        st.out_first = s


def take(db: BlueMoonDB, st: BlueMoonState, s: int, n: int, rule: str) -> int:
    """Draw during play, as far as the opponent's cards allow (draw_block powers)."""
    drawn = st.plays[P_DRAWN] if st.active == s else 0
    n = draw_cap(db, st, s, n, drawn)
    got = draw(st, s, n) if n > 0 else 0
    if st.active == s:
        st.plays[P_DRAWN] += got
    if got and st.log is not None:
        emit(st, "draw", rule, s, n=got)
    return got


def refill(db: BlueMoonDB, st: BlueMoonState, s: int) -> None:
    """Draw up to 6; none when holding more (bluemoon.turn.refill)."""
    need = HAND - len(st.hands[s])
    if need > 0:
        take(db, st, s, need, "bluemoon.turn.refill")


# --- fights and turns -----------------------------------------------------------------
def begin_fight(db: BlueMoonDB, st: BlueMoonState, starter: int) -> None:
    """A new fight: the element is named with the first character (bluemoon.fight.start).
    With a player out of cards (deck and hand) no new fight begins (bluemoon.end.no_cards).
    Its first turn follows, in step mode after the ``fight`` stop."""
    if any(not st.decks[s] and not st.hands[s] for s in (0, 1)):
        game_over(db, st, "")
    st.fight += 1
    st.starter = starter
    st.active = starter
    st.element = -1
    st.forget()  # the active player and the element
    st.fturn = 0
    st.turns_in_fight = [0, 0]
    if st.log is not None:
        emit(st, "fight", "bluemoon.fight.start", starter, n=st.fight)
    if st.step:
        stop(st, B_FIGHT)
        return
    begin_turn(db, st, starter)


def stop(st: BlueMoonState, boundary: str) -> None:
    """Step mode: stand at a phase boundary until ``continue``, answered by the active
    player (engine.step)."""
    st.pending = ("continue", st.active, boundary)
    st._legal = None


def go_on(db: BlueMoonDB, st: BlueMoonState) -> None:
    """``continue`` at a stop: what its boundary waits for (engine.step)."""
    boundary = st.pending[2]
    st.pending = NO_DECISION
    if boundary == B_FIGHT:
        begin_turn(db, st, st.starter)
    elif boundary == B_TURN:
        turn_start(db, st)
    elif boundary == B_LEADERSHIP:
        next_decision(db, st)
    elif boundary == B_MAIN:
        st.plays[P_STAGE] = STAGE_MAIN
        next_decision(db, st)
    elif boundary == B_AFTER:
        end_turn(db, st)
    elif boundary == B_ANNOUNCE:
        announce(db, st)
    elif boundary == B_REFILL:
        refill_phase(db, st)
    elif boundary == B_END:
        end_phase(db, st)
    elif boundary == B_NEXT:
        finish_turn(db, st)
    else:
        raise AssertionError(f"unknown boundary {boundary!r}")


def first_turn(st: BlueMoonState) -> bool:
    """The starting player's first turn of the fight (no boosters or supports,
    bluemoon.turn.first_turn)."""
    return st.active == st.starter and st.turns_in_fight[st.starter] == 1


def begin_turn(db: BlueMoonDB, st: BlueMoonState, s: int) -> None:
    """A turn begins: counted, "this turn" cleared; the start of the turn follows
    (turn_start), in step mode after the ``turn`` stop (bluemoon.turn.phases)."""
    st.active = s
    st.fturn += 1
    st.turns_in_fight[s] += 1
    st.plays = list(NO_PLAYS)
    st.stopped = 0
    st.irrev = 0
    st.lead_now = -1
    st.forget()  # the active player, the turn's leadership card (bluemoon.turn.character.active)
    st.shed = []
    st.freed = []
    st.used = []
    st.back = []
    st.tried = []
    if st.step:
        stop(st, B_TURN)
        return
    turn_start(db, st)


def turn_start(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The start of the turn: two Storms attract a dragon; RETRIEVE cards may be taken back;
    then the leadership phase (bluemoon.turn.start)."""
    s = st.active
    storms, retrieving = _turn_start(db, st, s)
    if storms:  # two Storms attract one dragon (in total)
        if st.log is not None:
            emit(st, "storm", "bluemoon.cards.special_text", s)
        award(st, s, 1)
    if retrieving:
        st.pending = ("retrieve", s)
        return
    to_leadership(db, st)


def _turn_start(db: BlueMoonDB, st: BlueMoonState, s: int) -> tuple[bool, bool]:
    """Two active Storms; RETRIEVE cards to take back."""
    return count_kind(db, st, s, "storm") >= 2, bool(retrievable(db, st, s))


def retrievable(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[int]:
    """Own active RETRIEVE cards, unless the opponent has an active combat card with
    RETRIEVE (bluemoon.icon.retrieve, bluemoon.icon.retrieve.exception)."""
    other = 1 - s
    if any("retrieve" in icons(db, st, i) for i in active(db, st, other) if i in st.combat[other]):
        return []
    if acting.blocked(db, st, s, False):  # no more cards into hand (draw_block powers)
        return []
    return [i for i in active(db, st, s) if "retrieve" in icons(db, st, i)]


def to_leadership(db: BlueMoonDB, st: BlueMoonState) -> None:
    """Leadership phase: one leadership card, if any may be played
    (bluemoon.turn.leadership), in step mode after the ``leadership`` stop."""
    if st.step:
        stop(st, B_LEADERSHIP)
        return
    next_decision(db, st)


def lead_options(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[int]:
    """Leadership cards ``s`` may play now."""
    if forbidden(db, st, s, "leadership") or not room(db, st, s, False):
        return []
    return [
        c
        for c in st.hands[s]
        if defn(db, st, c).type == "leadership" and not forbidden(db, st, s, "leadership", c)
    ]


def play_leadership(db: BlueMoonDB, st: BlueMoonState, c: int) -> None:
    """Put a leadership card on the leader; it acts for this turn only; its "now" draws
    happen at once (bluemoon.turn.leadership.pile)."""
    s = st.active
    st.hands[s].remove(c)
    st.leaders[s].append(c)
    st.public[c] = 1
    st.lead_now = c
    st.forget()  # active for this turn (bluemoon.turn.leadership.pile)
    if "stop" in defn(db, st, c).icons:
        st.stopped = 1  # bluemoon.icon.stop
    if st.log is not None:
        emit(st, "lead", "bluemoon.turn.leadership", s, card=c)
    enter_main(db, st)
    now_effects(db, st, s, c)
    next_decision(db, st)


def now_effects(
    db: BlueMoonDB, st: BlueMoonState, s: int, c: int, muted: bool | None = None
) -> None:
    """A card's "now" effects: drawing (a "may" draw is a choice, tasks.py), the next card
    counting as FREE, the actions that need choices (``muted``: its text ignored, if
    already known)."""
    if not defn(db, st, c).powers:
        return
    if muted is None:
        muted = c in raw_active(st, s) and ignored(db, st, c, "text")
    if muted:
        return
    for p in defn(db, st, c).powers:
        if p.kind == "draw" and p.n and not p.may:
            if take(db, st, s, p.n, "bluemoon.cards.special_text"):
                st.irrev = 1  # cards were drawn: no going back (bluemoon.special.rule11)
        elif p.kind == "free_next":
            st.plays[P_FREE] += 1
    acting.queue(db, st, s, c)  # actions that need choices


def next_decision(db: BlueMoonDB, st: BlueMoonState) -> None:
    """Tasks first; then the leadership decision while that phase is open, the main
    decision (in step mode after the ``main`` stop), or the rest of the turn after it
    (bluemoon.turn.phases)."""
    s = st.active
    if st.tasks:
        st.pending = ("task", st.tasks[0][T_ACTOR])
        return
    stage = st.plays[P_STAGE]
    if stage == STAGE_LEAD:
        if lead_options(db, st, s):
            st.pending = ("lead", s)
            return
        enter_main(db, st)
        stage = STAGE_OPEN
    if stage == STAGE_OPEN:  # the «Сдаться?» phase's main decision opens
        if st.step:
            stop(st, B_MAIN)
            return
        st.plays[P_STAGE] = stage = STAGE_MAIN
    if stage == STAGE_MAIN:
        st.pending = ("play", s)
    elif stage == STAGE_AFTER:
        to_announce(db, st)
    else:
        turn_over(db, st)


def enter_main(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The leadership phase is over: the «Сдаться?» phase begins, the point rule 11 may
    return to (``state.back``: the element, STOP, the active combat cards and every aim);
    the main decision opens once the leadership card's actions are done."""
    st.plays[P_STAGE] = STAGE_OPEN
    s = st.active
    was = [i for i in st.combat[s] if st.act[i]]
    back = [st.element, st.stopped, len(was), *was]
    for seat in (0, 1):
        for i in in_areas(st, seat):
            if defn(db, st, i).aimed is not None:
                back += [i, st.aim[i]]
    st.back = back


def usable(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[int]:
    """``s``'s active cards with an "on my turn, I may …" action not used yet this turn and
    something to work on (bluemoon.cards.special_text, ruling R23): usable at any decision
    of the turn up to its end (``("use", card)``)."""
    out: list[int] = []
    if not any(defn(db, st, i).on_my_turn for i in raw_active(st, s)):
        return out
    for i in speaking(db, st, s):
        if i in st.used or not defn(db, st, i).on_my_turn:
            continue
        for p in defn(db, st, i).powers:
            if p.kind == "act" and p.timing == "my_turn" and acting.has_work(db, st, s, p):
                out.append(i)
                break
    return out


def speaking(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[int]:
    """``s``'s active cards whose text is not ignored (queueing their actions does not change
    which these are)."""
    return [i for i in active(db, st, s) if not ignored(db, st, i, "text")]


def played_this_turn(st: BlueMoonState, s: int) -> list[int]:
    """Cards ``s`` put into the combat or support area this turn."""
    return [i for i in st.combat[s] + st.support[s] if st.played_on[i] == st.fturn]


def char_options(
    db: BlueMoonDB, st: BlueMoonState, s: int, this: list[int] | None = None
) -> list[int]:
    """Characters ``s`` may play now (bluemoon.turn.character, icons free/pair/gang,
    mutants); ``this``: the cards played this turn, if known."""
    cards, ids = db.cards, st.card_ids
    hand = [c for c in st.hands[s] if cards[ids[c]].type == "character"]
    if not hand or turn_block(db, st, s, "character") is not None:
        return []
    if this is None:
        this = played_this_turn(st, s)
    mine = [  # FREE characters do not use up the turn's character (bluemoon.icon.free)
        i for i in this if cards[ids[i]].type == "character" and i not in st.freed
    ]
    filtered = has_power(db, st, 1 - s, "forbid")
    return [c for c in hand if char_block(db, st, s, c, mine, filtered) is None]


def turn_block(db: BlueMoonDB, st: BlueMoonState, s: int, kind: str) -> str | None:
    """Why no card of a kind can be played this turn, as a rule id (None: some may): a
    STOP card played (bluemoon.icon.stop), the opponent's "you may not" or limits on how
    many cards (bluemoon.special.you_may_not)."""
    if st.stopped:
        return "bluemoon.icon.stop"
    if forbidden(db, st, s, kind) or not room(db, st, s, kind != "support"):
        return "bluemoon.special.you_may_not"
    return None


def char_block(
    db: BlueMoonDB, st: BlueMoonState, s: int, c: int, mine: list[int], filtered: bool
) -> str | None:
    """Why the character ``c`` cannot be played now (once ``turn_block`` allows
    characters), as a rule id; None when it can. ``mine``: the characters played this
    turn that count; ``filtered``: the opponent has cards forbidding some cards.
    ``char_options`` and ``why_not`` both ask here."""
    d = db.cards[st.card_ids[c]]
    if filtered and forbidden(db, st, s, "character", c):
        return "bluemoon.special.you_may_not"
    if d.mutant is not None and not mutant_ok(db, st, s, c):
        return "bluemoon.cards.mutant"
    if not mine or st.plays[P_FREE] > 0 or ("free" in d.icons and "free" in icons(db, st, c)):
        return None  # the first character, or a FREE one
    if extra_allowed(db, st, s, "character") != 0:
        return None
    if _pairs_with(db, st, c, mine) or _joins_gang(db, st, c, mine):
        return None
    return "bluemoon.turn.character.several"


def is_free(db: BlueMoonDB, st: BlueMoonState, c: int) -> bool:
    """FREE by its icon (unless the opponent's cards ignore it), or by an earlier "the next
    card counts as FREE" this turn (bluemoon.icon.free)."""
    free = "free" in defn(db, st, c).icons and "free" in icons(db, st, c)
    return free or st.plays[P_FREE] > 0


def room(db: BlueMoonDB, st: BlueMoonState, s: int, combat: bool) -> bool:
    """The opponent's limits on how many cards ``s`` plays this turn leave room for one more."""
    left_all, left_combat = play_limit(db, st, s)
    used = st.plays[P_CARDS] + (1 if st.lead_now >= 0 else 0)  # a leadership card counts
    if left_all >= 0 and used >= left_all:
        return False
    into_combat = st.plays[P_CHAR] + st.plays[P_BOOST]
    return not (combat and left_combat >= 0 and into_combat >= left_combat)


def _pairs_with(db: BlueMoonDB, st: BlueMoonState, c: int, mine: list[int]) -> bool:
    """PAIR: a second card with the same first word and the icon (bluemoon.icon.pair)."""
    d = defn(db, st, c)
    if "pair" not in d.icons or "pair" not in icons(db, st, c):
        return False
    same = [i for i in mine if defn(db, st, i).type == d.type]
    return (
        len(same) == 1
        and "pair" in icons(db, st, same[0])
        and defn(db, st, same[0]).first_word == d.first_word
    )


def _joins_gang(db: BlueMoonDB, st: BlueMoonState, c: int, mine: list[int]) -> bool:
    """GANG: any number of characters of one gang (bluemoon.icon.gang)."""
    g = gang(db, st, c)
    return g is not None and all(gang(db, st, i) == g for i in mine)


def mutant_ok(db: BlueMoonDB, st: BlueMoonState, s: int, c: int) -> bool:
    """A mutant's condition (bluemoon.cards.mutant)."""
    m = defn(db, st, c).mutant
    assert m is not None
    other = 1 - s
    if m.when == "attacked_total":
        return st.element >= 0 and total(db, st, other) >= m.n
    if m.when == "attacked_in":
        want = EARTH if m.element == "earth" else FIRE
        return st.element == want and total(db, st, other) >= m.n
    if m.when == "you_active_cards":  # ignored cards are active cards too (rule 2)
        return len(in_play(st, other)) >= m.n
    if m.when == "my_areas_empty":
        return not in_areas(st, s)
    if m.when == "you_have_dragon":
        return st.dragons[other] >= 1
    if m.when == "you_area_cards":
        return len(in_areas(st, other)) >= m.n
    return len(st.hands[other]) >= len(st.hands[s]) - 1 + m.n  # you_more_hand


def extra_options(
    db: BlueMoonDB, st: BlueMoonState, s: int, kind: str, this: list[int] | None = None
) -> list[int]:
    """Boosters or supports ``s`` may play now: one of either per turn after a character,
    not in the starter's first turn, more by PAIR, FREE or powers
    (bluemoon.turn.booster_support); ``this``: the cards played this turn, if known."""
    cards, ids = db.cards, st.card_ids
    hand = [c for c in st.hands[s] if cards[ids[c]].type == kind]
    if not hand or turn_block(db, st, s, kind) is not None:
        return []
    if this is None:
        this = played_this_turn(st, s)
    has_char = any(cards[ids[i]].type == "character" for i in this)
    done = [i for i in this if cards[ids[i]].type in ("booster", "support")]
    counted = [i for i in done if i not in st.freed]
    filtered = has_power(db, st, 1 - s, "forbid")
    return [c for c in hand if extra_block(db, st, s, c, kind, has_char, counted, filtered) is None]


def extra_block(
    db: BlueMoonDB,
    st: BlueMoonState,
    s: int,
    c: int,
    kind: str,
    has_char: bool,
    counted: list[int],
    filtered: bool,
) -> str | None:
    """Why the booster or support ``c`` cannot be played now (once ``turn_block`` allows
    the kind), as a rule id; None when it can. ``extra_options`` and ``why_not`` both ask
    here."""
    if filtered and forbidden(db, st, s, kind, c):
        return "bluemoon.special.you_may_not"
    if st.plays[P_FREE] > 0 or (
        "free" in db.cards[st.card_ids[c]].icons and "free" in icons(db, st, c)
    ):
        return None  # FREE: any number, even first or alone (bluemoon.icon.free)
    if not has_char:
        return "bluemoon.turn.booster_support"
    if slots_allow(db, st, s, counted, kind) or _pairs_with(db, st, c, counted):
        return None
    return "bluemoon.turn.first_turn" if first_turn(st) else "bluemoon.turn.booster_support.one"


def why_not(db: BlueMoonDB, st: BlueMoonState, s: int, c: int) -> list[tuple[str, dict[str, Any]]]:
    """Why ``s`` cannot play the card ``c`` of its hand now: rule ids from the checks the
    options make (``turn_block``, ``char_block``, ``extra_block``, ``lead_options``)."""
    d = defn(db, st, c)
    p = st.pending
    if d.type == "leadership":
        if p[:2] != ("lead", s):
            return [("bluemoon.turn.leadership", {})]
        return [] if c in lead_options(db, st, s) else [("bluemoon.special.you_may_not", {})]
    if not p or p[0] != "play" or p[1] != s:
        return [("bluemoon.turn.phases", {})]
    kind = d.type
    block = turn_block(db, st, s, kind)
    if block is None:
        this = played_this_turn(st, s)
        filtered = has_power(db, st, 1 - s, "forbid")
        cards, ids = db.cards, st.card_ids
        if kind == "character":
            mine = [i for i in this if cards[ids[i]].type == "character" and i not in st.freed]
            block = char_block(db, st, s, c, mine, filtered)
        else:
            has_char = any(cards[ids[i]].type == "character" for i in this)
            done = [i for i in this if cards[ids[i]].type in ("booster", "support")]
            counted = [i for i in done if i not in st.freed]
            block = extra_block(db, st, s, c, kind, has_char, counted, filtered)
    return [] if block is None else [(block, {})]


def slots_allow(db: BlueMoonDB, st: BlueMoonState, s: int, counted: list[int], kind: str) -> bool:
    """One more booster or support fits this turn's slots: one of either (none in the
    starter's first turn), plus the extra slots powers give for one kind ("any number" of
    one kind also allows one of the other, bluemoon.special.rule3)."""
    base = 0 if first_turn(st) else 1
    extra = {k: extra_allowed(db, st, s, k) for k in ("booster", "support")}
    count = {
        k: sum(1 for i in counted if defn(db, st, i).type == k) + (kind == k)
        for k in ("booster", "support")
    }
    for k, other in (("booster", "support"), ("support", "booster")):
        if extra[k] == -1:  # any number of one kind, and one card of the other
            return count[other] <= max(1, base + max(0, extra[other]))
    over = sum(max(0, count[k] - extra[k]) for k in ("booster", "support"))
    return over <= base


def play_card(db: BlueMoonDB, st: BlueMoonState, c: int, element: int = -1) -> None:
    """Put a character, booster or support into play (bluemoon.turn.character,
    bluemoon.turn.booster_support)."""
    s = st.active
    d = defn(db, st, c)
    st.hands[s].remove(c)
    st.public[c] = 1
    st.played_on[c] = st.fturn
    if d.type == "character":
        if element >= 0 and st.element < 0:
            st.element = element  # the starting player names the element (bluemoon.fight.element)
            st.forget()  # the totals read the element
            if st.log is not None:
                emit(st, "element", "bluemoon.fight.element", s, element=element)
        if not _joins_active_gang(db, st, s, c):
            # earlier cards are covered (bluemoon.turn.character.cover)
            for i in st.combat[s]:
                if st.played_on[i] != st.fturn:
                    st.act[i] = 0
        st.combat[s].append(c)
        st.act[c] = 1
        st.plays[P_CHAR] += 1
        if d.mutant is not None:
            flip_element(st, d.mutant.switch)
    elif d.type == "booster":
        st.combat[s].append(c)
        st.act[c] = 1
        st.plays[P_BOOST] += 1
    else:
        st.support[s].append(c)
        st.plays[P_SUPPORT] += 1
    st.forget()  # a card entered an area; covered cards stopped being active
    st.plays[P_CARDS] += 1
    free, stop, muted = _entered(db, st, s, c)
    if free and d.type != "leadership":
        st.freed.append(c)
    if st.plays[P_FREE] > 0:
        st.plays[P_FREE] -= 1  # the "next card counts as FREE" is used up
    if stop:
        st.stopped = 1  # bluemoon.icon.stop
    if st.log is not None:
        emit(st, "play", "bluemoon.turn.play", s, card=c)
    now_effects(db, st, s, c, muted)


def _entered(db: BlueMoonDB, st: BlueMoonState, s: int, c: int) -> tuple[bool, bool, bool]:
    """A card just put into play: FREE, STOP, its text ignored."""
    muted = bool(defn(db, st, c).powers) and ignored(db, st, c, "text")
    return is_free(db, st, c), "stop" in icons(db, st, c), muted


def _joins_active_gang(db: BlueMoonDB, st: BlueMoonState, s: int, c: int) -> bool:
    """A GANG character played beside active characters of its own gang only: it covers
    none of them (bluemoon.icon.gang)."""
    return gang(db, st, c) is not None and all(
        gang(db, st, i) == gang(db, st, c) and defn(db, st, i).type == "character"
        for i in st.combat[s]
        if st.act[i]
    )


def flip_element(st: BlueMoonState, switch: str) -> None:
    """A mutant switches the contested element (bluemoon.cards.mutant.element)."""
    if switch == "toggle":
        st.element = 1 - st.element
    else:
        st.element = EARTH if switch == "earth" else FIRE
    st.forget()  # the totals read the element
    if st.log is not None:
        emit(st, "element", "bluemoon.cards.mutant.element", None, element=st.element)


def total_ok(db: BlueMoonDB, st: BlueMoonState, s: int) -> bool:
    """The announced total is at least the opponent's, or a shield of the element covers it
    (bluemoon.turn.announce, bluemoon.icon.shield)."""
    return shielded(db, st, s) or total(db, st, s) >= total(db, st, 1 - s)


def main_options(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[tuple[Any, ...]]:
    """The main decision: retreat or decline before anything is played; then characters,
    boosters, supports, and ending the turn when the total is enough."""
    out: list[tuple[Any, ...]] = []
    nothing_yet = st.plays[P_CARDS] == 0
    this = played_this_turn(st, s)
    chars = char_options(db, st, s, this)
    if nothing_yet:
        if first_turn(st):
            out.append(("decline",))
        else:
            out.append(("retreat",))
    for c in _dedupe(st, chars):
        if st.element < 0:
            out += [("char", c, FIRE), ("char", c, EARTH)]
        else:
            out.append(("char", c))
    if not (nothing_yet and not chars):
        for kind, tag in (("booster", "boost"), ("support", "support")):
            out += [(tag, c) for c in _dedupe(st, extra_options(db, st, s, kind, this))]
    out += [("use", c) for c in usable(db, st, s)]
    demanded = has_power(db, st, 1 - s, "must_discard")
    if demanded:
        out += _shed_actions(db, st, s)
        if st.plays[P_CARDS] and any(not p.or_dragon for p in unmet(db, st, s)):
            out.append(("retreat",))  # "… or retreat" (must_discard)
    again = has_power(db, st, s, "attack_again")
    fought = st.plays[P_CHAR] or again  # "my active cards attack again"
    if fought and total_ok(db, st, s) and obligations_met(db, st, s, demanded):
        out.append(("done",))
    elif fought or not out:
        # cards are down but the total falls short: rule 11's way back to «Сдаться?»
        if st.irrev:
            out.append(("concede",))
        elif sorted(this) in st.tried:
            out.append(("withdraw",))  # tried already: take it back and retreat
        else:
            out.append(("undo",))
    return out


def _shed_actions(db: BlueMoonDB, st: BlueMoonState, s: int) -> list[tuple[Any, ...]]:
    """Discarding toward the opponent's demands: ``("shed", card)`` when the card helps one
    unmet demand, ``("shed", card, demanding card)`` for each when it helps several
    (bluemoon.special.rule5_each_card: the player says which it counts for)."""
    pairs = shed_options(db, st, s)
    if not pairs:
        return []
    helps: dict[int, list[int]] = {}
    for c, src in pairs:
        helps.setdefault(c, []).append(src)
    out: list[tuple[Any, ...]] = []
    seen: set[tuple[str, int]] = set()
    for c, srcs in helps.items():
        key = (st.card_ids[c], len(srcs))
        if key in seen:
            continue
        seen.add(key)
        if len(srcs) == 1:
            out.append(("shed", c))
        else:
            out += [("shed", c, src) for src in srcs]
    return out


def obligations_met(db: BlueMoonDB, st: BlueMoonState, s: int, demanded: bool = True) -> bool:
    """The opponent's "you must play a … card, or retreat" (must_play powers) and "you must
    discard …, or retreat" (must_discard without a dragon alternative)."""
    if demanded and any(not p.or_dragon for p in unmet(db, st, s)):
        return False
    for p in powers(db, st, 1 - s):
        if p.kind == "must_play" and not any(
            defn(db, st, i).type in p.types for i in played_this_turn(st, s)
        ):
            return False
    return True


def _dedupe(st: BlueMoonState, cards: list[int]) -> list[int]:
    if len(cards) < 2:
        return cards
    seen: set[str] = set()
    out = []
    for c in cards:
        if st.card_ids[c] not in seen:
            seen.add(st.card_ids[c])
            out.append(c)
    return out


def undo_turn(db: BlueMoonDB, st: BlueMoonState) -> None:
    """Back to the «Сдаться?» phase when nothing was drawn or revealed
    (bluemoon.special.rule11): the cards played this turn return to hand, the table is as
    it was when the phase began (``state.back``), and the player decides again: retreat,
    or try another combination (one not taken back yet, ``state.tried``)."""
    s = st.active
    st.tried.append(sorted(played_this_turn(st, s)))
    for i in played_this_turn(st, s):
        if i in st.combat[s]:
            st.combat[s].remove(i)
        else:
            st.support[s].remove(i)
        st.hands[s].append(i)
        leave_play(st, i)
    back = st.back
    element = st.element
    st.element, st.stopped = back[0], back[1]
    k = back[2]
    was = set(back[3 : 3 + k])
    for i in st.combat[s]:
        st.act[i] = int(i in was)
    pairs = back[3 + k :]
    for j in range(0, len(pairs), 2):
        st.aim[pairs[j]] = pairs[j + 1]
    st.forget()  # cards left the areas; active flags, the element and aims as they were
    st.plays = [0, 0, 0, 0, st.plays[P_DRAWN], 0, STAGE_OPEN]  # the main decision reopens
    st.freed = []
    st.shed = []
    if st.log is not None:
        emit(st, "undo", "bluemoon.special.rule11", s)
        if st.element != element and st.element >= 0:  # a mutant's switch taken back
            emit(st, "element", "bluemoon.special.rule11", None, element=st.element)


def booster_support_over(db: BlueMoonDB, st: BlueMoonState) -> None:
    """``done``: the booster/support phase is over; its consequences follow (end_turn), in
    step mode after the ``after`` stop (bluemoon.turn.phases)."""
    if st.step:
        stop(st, B_AFTER)
        return
    end_turn(db, st)


def end_turn(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The booster/support phase is over: the opponent's demands fall due, and the actions
    "immediately after my booster/support phase" come before the announcement and the
    refill (bluemoon.turn.phases); then to_announce."""
    s = st.active
    sirens(db, st, s)
    st.plays[P_STAGE] = STAGE_AFTER
    for i in speaking(db, st, s):
        acting.queue(db, st, s, i, "after_booster_support")
    next_decision(db, st)


def to_announce(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The "immediately after" actions are done: the announcement follows, in step mode
    after the ``announce`` stop."""
    if st.step:
        stop(st, B_ANNOUNCE)
        return
    announce(db, st)


def announce(db: BlueMoonDB, st: BlueMoonState) -> None:
    """Announce the total (bluemoon.turn.announce); the refill follows, in step mode after
    the ``refill`` stop."""
    s = st.active
    if st.log is not None:  # the total is worked out for the record only
        emit(st, "announce", "bluemoon.turn.announce", s, n=total(db, st, s), element=st.element)
    if st.step:
        stop(st, B_REFILL)
        return
    refill_phase(db, st)


def refill_phase(db: BlueMoonDB, st: BlueMoonState) -> None:
    """Refill the hand to 6 (bluemoon.turn.refill); the end of the turn follows, in step
    mode after the ``end`` stop."""
    refill(db, st, st.active)
    if st.step:
        stop(st, B_END)
        return
    end_phase(db, st)


def end_phase(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The end of the turn: its actions and its extra draws, each a choice when the card
    says "may" (bluemoon.turn.end)."""
    s = st.active
    st.plays[P_STAGE] = STAGE_END
    cards = speaking(db, st, s)
    for i in cards:  # "at the end of my turn" actions
        acting.queue(db, st, s, i, "end_of_turn")
    acting.queue_end_draws(db, st, s, cards)
    next_decision(db, st)


def turn_over(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The end of the turn's actions are done: Floods and the next turn follow
    (finish_turn), in step mode after the ``next`` stop."""
    if st.step:
        stop(st, B_NEXT)
        return
    finish_turn(db, st)


def finish_turn(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The end of the turn after its actions: Floods, the next turn."""
    s = st.active
    if count_kind(db, st, s, "flood") >= 2:  # two Floods: the opponent retreats at once
        if st.log is not None:
            emit(st, "flood", "bluemoon.cards.special_text", s)
        st.active = 1 - s
        st.forget()  # the turn's leadership card counts only for its player's turn
        retreat(db, st)
        return
    begin_turn(db, st, 1 - s)


# --- winning a fight, the end of a game ---------------------------------------------------
def retreat(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The active player retreats: the opponent wins the fight (bluemoon.fight.win)."""
    loser = st.active
    winner = 1 - loser
    if st.log is not None:
        emit(st, "retreat", "bluemoon.turn.retreat", loser)
    if retreat_modifiers(db, st, loser, 1, cap_only=True) > 0:  # "you may not attract" wins
        sirens(db, st, loser)
    n = 1 + (1 if len(in_areas(st, winner)) >= SIX_CARDS else 0)
    n = retreat_modifiers(db, st, loser, n)
    if n > 0:
        award(st, winner, n)
    for s in (0, 1):  # every played card to the discard pile (bluemoon.fight.discard)
        for i in st.combat[s] + st.support[s]:
            st.discards[s].append(i)
            leave_play(st, i)
        st.combat[s] = []
        st.support[s] = []
    st.forget()  # the areas are empty (the refill's draw_block powers are gone with them)
    for s in (loser, winner):
        refill(db, st, s)
    if any(not st.decks[s] and not st.hands[s] for s in (0, 1)):
        game_over(db, st, "")  # no new fights (bluemoon.end.no_cards)
    begin_fight(db, st, loser)


def sirens(db: BlueMoonDB, st: BlueMoonState, s: int) -> None:
    """Unmet "discard …, or I attract a dragon" obligations give the opponent a dragon,
    even when ``s`` retreats."""
    for _ in range(_owed(db, st, s)):
        award(st, 1 - s, 1)


def _owed(db: BlueMoonDB, st: BlueMoonState, s: int) -> int:
    """The unmet "discard …, or I attract a dragon" demands on ``s``."""
    return sum(1 for p in unmet(db, st, s) if p.or_dragon)


def retreat_modifiers(
    db: BlueMoonDB, st: BlueMoonState, loser: int, n: int, cap_only: bool = False
) -> int:
    """Active cards change the dragons a retreat gives (retreat_dragons powers):
    one more, one fewer, none, at most one (bluemoon.fight.win.modifiers)."""
    cap: int | None = None
    for seat in (0, 1):
        for p in powers(db, st, seat):
            if p.kind != "retreat_dragons":
                continue
            retreating = seat if p.who == "me" else 1 - seat
            if retreating != loser:
                continue
            if not cap_only:
                n += p.delta
            if p.at_most is not None:
                cap = p.at_most if cap is None else min(cap, p.at_most)
    if cap is not None:
        n = min(n, cap)
    return max(0, n)


def award(st: BlueMoonState, winner: int, n: int) -> None:
    """Dragons to the winner, taken back from the opponent first; a fourth dragon wins at
    once (bluemoon.fight.win.dragons, bluemoon.end.auto_win)."""
    loser = 1 - winner
    back = min(n, st.dragons[loser])
    st.dragons[loser] -= back
    n -= back
    neutral = DRAGONS - st.dragons[0] - st.dragons[1]
    if n > 0 and st.dragons[winner] == DRAGONS:
        finish_game(st, winner, AUTO_WIN, "fourth_dragon")
    take = min(n, neutral)
    st.dragons[winner] += take
    n -= take
    if st.log is not None:
        emit(st, "dragons", "bluemoon.fight.win.dragons", winner, n=st.dragons[winner])
    if n > 0 and st.dragons[winner] == DRAGONS:
        finish_game(st, winner, AUTO_WIN, "fourth_dragon")


def game_over(db: BlueMoonDB, st: BlueMoonState, reason: str) -> None:
    """Crystals: 1 for the win and 1 per dragon; all dragons neutral: the player who ran out
    first loses and the other gets 1 (bluemoon.end.crystals)."""
    for s in (0, 1):
        if st.dragons[s]:
            finish_game(st, s, 1 + st.dragons[s], reason or "dragons")
    if st.out_first < 0:
        finish_game(st, -1, 0, "no_dragons")
    finish_game(st, 1 - st.out_first, 1, "ran_out")


def finish_game(st: BlueMoonState, winner: int, crystals: int, reason: str) -> None:
    """Record a game's result; end the match, or start the next game (the loser starts,
    bluemoon.match)."""
    if winner >= 0:
        st.crystals[winner] += crystals
    if st.log is not None:
        emit(st, "game_over", "bluemoon.end.crystals", winner, n=crystals, reason=reason)
    st.reason = reason
    if st.target and max(st.crystals) < st.target and winner >= 0:
        st.first = 1 - winner  # the loser starts the next game (bluemoon.match.loser_starts)
        if st.pick[1]:  # the players swap decks; seats keep their crystals
            st.owner = [1 - o for o in st.owner]  # (bluemoon.match.swap_decks)
            st.forget()
            st.boxes.reverse()
        raise NextGame
    st.phase = OVER
    st.pending = NO_DECISION
    if st.target:
        best = max(st.crystals)
        st.winners = [s for s in (0, 1) if st.crystals[s] == best]
    else:
        st.winners = [winner] if winner >= 0 else []
    raise GameEnd


class NextGame(Exception):
    """A match goes on with the next game."""


def decline(db: BlueMoonDB, st: BlueMoonState) -> None:
    """The starting player declines the fight: discard 1-3 cards (bluemoon.fight.decline)."""
    st.pending = ("decline", st.active)
    st.plays = list(NO_PLAYS)
    if not st.hands[st.active]:  # nothing left to discard (a leadership card was the last)
        end_decline(db, st)


def decline_discard(db: BlueMoonDB, st: BlueMoonState, c: int) -> None:
    """One card discarded while declining."""
    s = st.active
    st.hands[s].remove(c)
    discard_card(db, st, c)  # a leadership card goes to the leadership pile
    st.plays[P_CARDS] += 1
    if st.log is not None:
        emit(st, "discard", "bluemoon.fight.decline", s, card=c)
    if st.plays[P_CARDS] >= 3 or not st.hands[s]:
        end_decline(db, st)


def end_decline(db: BlueMoonDB, st: BlueMoonState) -> None:
    """After declining: refill; the game ends if those were the last cards; otherwise the
    other player may start a fight (bluemoon.fight.decline.next, bluemoon.end.decline_last)."""
    s = st.active
    if st.log is not None:
        emit(st, "decline", "bluemoon.fight.decline", s)
    refill(db, st, s)
    note_empty(st, s)
    if not st.hands[s] and not st.decks[s]:
        game_over(db, st, "")
    st.fight -= 1  # the fight never started
    begin_fight(db, st, 1 - s)


# --- decisions ------------------------------------------------------------------------
def legal_actions(db: BlueMoonDB, st: BlueMoonState) -> list[tuple[Any, ...]]:
    """The options of the pending decision (cached until the next action)."""
    if st._legal is not None:
        return st._legal
    st._legal = _options(db, st)
    return st._legal


def _options(db: BlueMoonDB, st: BlueMoonState) -> list[tuple[Any, ...]]:
    p = st.pending
    what = p[0] if p else ""
    out: list[tuple[Any, ...]] = []
    if what == "setup":
        out = [("back", c) for c in _dedupe(st, [c for c in st.hands[p[1]] if not st.act[c]])]
        out.append(("keep",))
    elif what == "retrieve":
        out = [("retrieve", c) for c in retrievable(db, st, p[1])] + [("on",)]
    elif what == "lead":
        out = [("lead", c) for c in _dedupe(st, lead_options(db, st, p[1]))]
        out += [("use", c) for c in usable(db, st, p[1])]
        out.append(("no_lead",))
    elif what == "play":
        out = main_options(db, st, p[1])
    elif what == "task":
        out = acting.options(db, st)
    elif what == "decline":
        out = [("discard", c) for c in _dedupe(st, st.hands[p[1]])]
        if st.plays[P_CARDS]:
            out.append(("enough",))
    elif what == "continue":
        out = [CONTINUE]
    return out


def apply_action(db: BlueMoonDB, st: BlueMoonState, action: tuple[Any, ...]) -> None:
    """Perform a legal action, then every forced step after it; none in step mode, where a
    decision with one option is offered like any other (engine.step)."""
    try:
        _guarded(db, st, action)
        if st.step:
            return
        while st.phase != OVER:
            options = legal_actions(db, st)
            if len(options) != 1:
                break
            _guarded(db, st, options[0])
    except GameEnd:
        st._legal = None


def _guarded(db: BlueMoonDB, st: BlueMoonState, action: tuple[Any, ...]) -> None:
    try:
        if st.step:
            before = st.pending
            _step(db, st, action)
            if st.phase == FIGHT:
                settle_stepped(db, st, action, before)
            return
        _step(db, st, action)
        if st.phase == FIGHT and action[0] not in STILL:
            settle_aims(db, st)
    except NextGame:
        st._legal = None
        start_game(db, st)


def settle_stepped(
    db: BlueMoonDB, st: BlueMoonState, action: tuple[Any, ...], before: tuple[Any, ...]
) -> None:
    """Step mode: the "one of my …" cards are settled where default mode settles them, at
    the decision an action's run ends in, never at a stop. A run that stops goes on with
    ``continue``; its stops carry a trailing 0 when the action that began it is one after
    which default mode does not settle them (``STILL``) (engine.step)."""
    # a continue goes on with the run its stop belongs to
    owed = len(before) == 3 if action[0] == "continue" else action[0] not in STILL
    p = st.pending
    if p and p[0] == "continue":
        if not owed and len(p) == 3:
            st.pending = (*p, 0)
        return
    if owed:
        settle_aims(db, st)


def settle_aims(db: BlueMoonDB, st: BlueMoonState) -> None:
    """Every working "one of my …" card applies to a card that counts
    (bluemoon.special.rule2): with one card to apply to, to that one; with several, its
    player chooses (an ``aim`` task, at the next decision of the main flow:
    bluemoon.special.rule2_choice); with none, to nothing. In step mode a single card to
    apply to is offered there too (a ``pick`` with one option, before the choices among
    several); elsewhere it is taken, as in default mode (engine.step)."""
    todo = aims_to_fix(db, st)
    if not todo:
        return
    offer = st.step and bool(st.pending) and st.pending[0] in ("play", "task")
    ask = lone = -1
    for i, targets in todo:
        if len(targets) > 1:
            if ask < 0:
                ask = i
        elif offer and targets:
            if lone < 0:
                lone = i
        else:
            st.aim[i] = targets[0] if targets else -1
    st.forget()  # the totals read the aims
    if lone >= 0:
        ask = lone
    st._legal = None
    if ask < 0 or not st.pending or st.pending[0] not in ("play", "task"):
        return
    if st.tasks and st.tasks[0][T_SOURCE] == ask and st.tasks[0][T_CODE] == AIM:
        return
    d = defn(db, st, ask)
    k = next(k for k, p in enumerate(d.powers) if p is d.aimed)
    st.tasks.insert(0, [AIM, st.owner[ask], ask, k, 0])
    st.pending = ("task", st.owner[ask])


AIM = acting.MODES.index("aim")
# actions after which no "one of my …" card can need a new card to apply to
STILL = frozenset(
    {"draw", "reveal", "stop", "shed", "discard", "enough", "back", "keep", "concede", "decline"}
)
DRAW = acting.MODES.index("draw")


def _step(db: BlueMoonDB, st: BlueMoonState, action: tuple[Any, ...]) -> None:
    st._legal = None
    kind = action[0]
    seat = st.pending[1]
    if kind == "back":
        st.act[action[1]] = 1  # marked to go back (the flag is cleared when the game starts)
        st.forget()  # a hand card's flag: nothing cached reads it, dropped all the same
        st.pending = ("setup", seat)
    elif kind == "keep":
        back = [c for c in st.hands[seat] if st.act[c]]
        for c in back:
            st.act[c] = 0
            st.hands[seat].remove(c)
            st.decks[seat].append(c)
        st.forget()
        if back:
            crng.shuffle(st, st.decks[seat])
            draw(st, seat, len(back))
            if st.log is not None:
                emit(st, "reshuffle", "bluemoon.setup.optional_reshuffle", seat, n=len(back))
        st.setup_queue.pop(0)
        if st.setup_queue:
            st.pending = ("setup", st.setup_queue[0])
        else:
            st.phase = FIGHT
            begin_fight(db, st, st.first)
    elif kind == "retrieve":
        c = action[1]
        s = st.owner[c]
        if c in st.combat[s]:
            st.combat[s].remove(c)
        else:
            st.support[s].remove(c)
        leave_play(st, c)
        st.hands[s].append(c)
        if st.log is not None:
            emit(st, "retrieve", "bluemoon.icon.retrieve", s, card=c)
        if not retrievable(db, st, s):
            to_leadership(db, st)
    elif kind == "on":
        to_leadership(db, st)
    elif kind == "lead":
        play_leadership(db, st, action[1])
    elif kind == "no_lead":
        enter_main(db, st)
        next_decision(db, st)
    elif kind == "use":  # an "on my turn, I may …" action, once this turn
        st.used.append(action[1])
        acting.queue(db, st, seat, action[1], "my_turn")
        next_decision(db, st)
    elif kind == "char":
        play_card(db, st, action[1], action[2] if len(action) > 2 else -1)
        next_decision(db, st)
    elif kind in ("boost", "support"):
        play_card(db, st, action[1])
        next_decision(db, st)
    elif kind == "draw" and st.tasks[0][T_CODE] == DRAW:  # a "may draw": how many
        task = st.tasks.pop(0)
        p = acting.power_of(db, st, task)
        rule = "bluemoon.turn.end" if p.kind == "end_draw" else "bluemoon.cards.special_text"
        if take(db, st, task[T_ACTOR], action[1], rule):
            st.irrev = 1  # cards were drawn: no going back (bluemoon.special.rule11)
        next_decision(db, st)
    elif kind in ("pick", "yes", "stop", "draw", "reveal"):
        if acting.choose(db, st, action):
            award(st, seat, 1)  # the task's actor attracts the dragon
        next_decision(db, st)
    elif kind == "done":
        booster_support_over(db, st)
    elif kind == "shed":
        c = action[1]
        src = action[2] if len(action) > 2 else _only_demand(db, st, seat, c)
        st.hands[seat].remove(c)
        discard_card(db, st, c)
        st.shed += [c, src]
        st.irrev = 1
        if st.log is not None:
            emit(st, "discard", "bluemoon.special.rule5", seat, card=c)
        next_decision(db, st)
    elif kind == "undo":
        undo_turn(db, st)
        next_decision(db, st)
    elif kind == "withdraw":
        undo_turn(db, st)
        retreat(db, st)
    elif kind == "concede":
        if st.log is not None:
            emit(st, "concede", "bluemoon.special.rule11_penalty", seat)
        finish_game(st, 1 - seat, AUTO_WIN, "penalty")
    elif kind == "retreat":
        retreat(db, st)
    elif kind == "decline":
        decline(db, st)
    elif kind == "discard":
        decline_discard(db, st, action[1])
    elif kind == "enough":
        end_decline(db, st)
    elif kind == "continue":
        go_on(db, st)
    else:
        raise AssertionError(f"unknown action {action!r}")


def _only_demand(db: BlueMoonDB, st: BlueMoonState, s: int, c: int) -> int:
    """The one unmet demand a hand card helps (``("shed", card)``)."""
    return next(src for x, src in shed_options(db, st, s) if x == c)


__all__ = ["BOUNDARIES", "apply_action", "legal_actions", "new_state", "powers", "raw_active"]
