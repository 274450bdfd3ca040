"""Epic's effect vocabulary and its interpreter.

A card's effect is a list of steps (one per sentence). ``run`` resolves the frame on top
of ``state.stack`` step by step; a step whose selector asks for a *target* stops with a
pending ``("target", seat)`` decision and continues when the choice arrives
(epic.target.sentence). A step with no legal target is skipped and the rest applied
(epic.target.partial). After every step, broken champions leave play and lost players
are checked (state-based). Triggered abilities that fire during a step form one
activation set, resolved after the current frame (epic.trigger.set).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.events import Event
from cardtable.games.epic.cards import KW_BIT, CardDef, EpicDB, Selector, Step
from cardtable.games.epic.state import (
    EXPENDED,
    F_CARD,
    F_CHOSEN,
    F_CTL,
    F_IDX,
    F_SRC,
    F_STEP,
    F_TP,
    OVER,
    PREPARED,
    SRC_ABILITY,
    SRC_MODE,
    SRC_TALENT,
    EpicState,
)

AIRBORNE = KW_BIT["airborne"]
AMBUSH = KW_BIT["ambush"]
BLITZ = KW_BIT["blitz"]
BREAKTHROUGH = KW_BIT["breakthrough"]
RIGHTEOUS = KW_BIT["righteous"]
UNBREAKABLE = KW_BIT["unbreakable"]
UNTARGETABLE = KW_BIT["untargetable"]
UNBANISHABLE = KW_BIT["unbanishable"]
UNBLOCKABLE = KW_BIT["unblockable"]
PLAYER = 1 << 20  # targets: a player p is written PLAYER | p


class GameOver(Exception):
    """The game has ended (a player at 0 health, or a draw from an empty deck)."""


def emit(st: EpicState, kind: str, rule: str, seat: int | None = None, **data: Any) -> None:
    """Record an event if the state carries a log."""
    if st.log is not None:
        st.log.append(Event(kind, rule, seat, data))


# --- numbers of champions in play ---------------------------------------------------
def defn(db: EpicDB, st: EpicState, i: int) -> CardDef:
    """The definition of an instance."""
    return db.cards[st.card_ids[i]]


def _static_bonus(db: EpicDB, st: EpicState, i: int) -> tuple[int, int]:
    off = dfn = 0
    for seat, row in enumerate(st.play):
        for j in row:
            for s in defn(db, st, j).statics:
                if matches(db, st, s.to, i, seat, j):
                    off += s.offense
                    dfn += s.defense
    return off, dfn


def offense(db: EpicDB, st: EpicState, i: int) -> int:
    """Current offense: printed + counters + this turn's changes + constant abilities."""
    bonus = _static_bonus(db, st, i)[0] if any(st.play) else 0
    return max(0, defn(db, st, i).offense + st.counters[i] + st.eot_off[i] + bonus)


def defense(db: EpicDB, st: EpicState, i: int) -> int:
    """Current defense."""
    bonus = _static_bonus(db, st, i)[1]
    return max(0, defn(db, st, i).defense + st.counters[i] + st.eot_def[i] + bonus)


def frenzy(st: EpicState, seat: int) -> bool:
    """Frenzy holds while an opponent has more cards in hand (epic.keyword.frenzy)."""
    mine = len(st.hands[seat])
    return any(len(h) > mine for s, h in enumerate(st.hands) if s != seat)


def _static_keywords(db: EpicDB, st: EpicState, i: int) -> int:
    bits = 0
    for seat, row in enumerate(st.play):
        for j in row:
            for s in defn(db, st, j).statics:
                if s.keywords and matches(db, st, s.to, i, seat, j):
                    for k in s.keywords:
                        bits |= KW_BIT[k]
    return bits


def keywords(db: EpicDB, st: EpicState, i: int) -> int:
    """Keyword bits: printed, gained this turn, given by constant abilities, and Frenzy's
    while it holds."""
    d = defn(db, st, i)
    bits = d.keywords | st.eot_kw[i]
    if st.controller[i] >= 0:
        bits |= _static_keywords(db, st, i)
    if d.frenzy_keywords and st.controller[i] >= 0 and frenzy(st, st.controller[i]):
        bits |= d.frenzy_keywords  # epic.keyword.frenzy.dynamic
    return bits


def matches(db: EpicDB, st: EpicState, sel: Selector, i: int, ctl: int, source: int) -> bool:
    """Whether champion ``i`` in play fits a selector's filters (for ``each`` and statics)."""
    owner = st.controller[i]
    if sel.controller == "you" and owner != ctl:
        return False
    if sel.controller == "opponent" and owner == ctl:
        return False
    if sel.other and i == source:
        return False
    d = defn(db, st, i)
    if sel.faction is not None and d.faction != sel.faction:
        return False
    if sel.klass is not None and sel.klass not in d.classes:
        return False
    if sel.cost is not None and d.cost != sel.cost:
        return False
    return sel.not_faction is None or d.faction != sel.not_faction


# --- zones ---------------------------------------------------------------------------
def champions(st: EpicState) -> list[int]:
    """Every champion in play, seat by seat in order of entry."""
    return [i for row in st.play for i in row]


def draw(st: EpicState, seat: int, n: int) -> None:
    """Draw n cards; drawing from an empty deck wins the game (epic.end.deck_out_win)."""
    for _ in range(n):
        deck = st.decks[seat]
        if not deck:
            finish(st, [seat], "empty_deck", "epic.end.deck_out_win")
        st.hands[seat].append(deck.pop())
    emit(st, "draw", "epic.turn.start.draw", seat, n=n)


def finish(st: EpicState, winners: list[int], reason: str, rule: str) -> None:
    """End the game at once."""
    st.phase = OVER
    st.winners = sorted(winners)
    st.reason = reason
    st.pending = ()
    st._legal = None
    emit(st, "game_over", rule, None, winners=st.winners, reason=reason)
    raise GameOver


def check_players(st: EpicState) -> None:
    """A player at 0 health is out; all out together is a draw (epic.end.eliminated)."""
    out = [s for s in range(len(st.health)) if st.health[s] <= 0]
    if not out:
        return
    alive = [s for s in range(len(st.health)) if st.health[s] > 0]
    finish(st, alive, "draw" if not alive else "health", "epic.end.eliminated")


def leave_play(db: EpicDB, st: EpicState, i: int, to: str) -> None:
    """A champion leaves play (broken, banished, returned); tokens go to the supply."""
    ctl = st.controller[i]
    st.play[ctl].remove(i)
    st.controller[i] = -1
    st.damage[i] = 0
    st.counters[i] = 0
    st.eot_off[i] = st.eot_def[i] = st.eot_kw[i] = 0
    st.pos[i] = PREPARED
    st.arriving[i] = 0
    owner = st.owner[i]
    d = defn(db, st, i)
    if i in st.attackers:
        st.attackers.remove(i)
    if d.type == "token":
        st.supply.append(i)
    elif to == "discard":
        st.discards[owner].append(i)
    elif to == "hand":
        st.hands[owner].append(i)
        st.public[i] = 1
    else:  # banished: the bottom of the owner's deck
        st.decks[owner].insert(0, i)
        st.public[i] = 0
    for k, ab in enumerate(d.abilities):
        if ab.when == "leaves_play" or (ab.when == "broken" and to == "discard"):
            st.new_triggers.append([i, ctl, k])


def break_champion(db: EpicDB, st: EpicState, i: int, rule: str) -> bool:
    """Break a champion unless it is unbreakable (epic.break)."""
    if keywords(db, st, i) & UNBREAKABLE:
        return False
    emit(st, "broken", rule, st.controller[i], card=i)
    leave_play(db, st, i, "discard")
    return True


def check_champions(db: EpicDB, st: EpicState) -> None:
    """Champions with damage at least their defense this turn are broken (epic.break)."""
    while True:
        # Losing a champion can lower others' defense (constant abilities): check again.
        dead = [
            i
            for i in champions(st)
            if st.damage[i]
            and st.damage[i] >= defense(db, st, i)
            and not keywords(db, st, i) & UNBREAKABLE
        ]
        if not dead:
            return
        for i in dead:
            if st.controller[i] >= 0:
                break_champion(db, st, i, "epic.break")


def settle(db: EpicDB, st: EpicState) -> None:
    """State-based checks and forming the activation set of what fired."""
    check_champions(db, st)
    check_players(st)
    if st.new_triggers:
        first = st.init if st.init >= 0 else st.active
        n = len(st.health)
        fired = sorted(st.new_triggers, key=lambda t: (t[1] - first) % n)
        st.triggers.append(fired)
        st.new_triggers = []


def answer_may(db: EpicDB, st: EpicState, yes: bool) -> None:
    """Loyalty's reveal: yes shows N cards of the faction and applies it; no drops it."""
    frame = st.stack[-1]
    st.pending = ()
    if frame[F_STEP] <= -2:  # an optional sentence
        k = -frame[F_STEP] - 2
        frame[F_STEP] = k if yes else k + 1
        if yes:
            st.assign["may_yes"] = True
        return
    if not yes:
        st.stack.pop()
        return
    card = frame[F_CARD]
    d = defn(db, st, card)
    ability = d.abilities[frame[F_IDX]]
    shown = [c for c in st.hands[frame[F_CTL]] if defn(db, st, c).faction == d.faction]
    for c in shown[: ability.n]:
        st.public[c] = 1
    emit(st, "reveal", "epic.keyword.loyalty", frame[F_CTL], n=ability.n)
    frame[F_STEP] = 0


def enter_play(db: EpicDB, st: EpicState, i: int, ctl: int) -> None:
    """A champion enters play prepared and arriving; its Tribute fires (epic.play.champion)."""
    st.play[ctl].append(i)
    st.controller[i] = ctl
    st.pos[i] = PREPARED
    st.arriving[i] = 1
    st.public[i] = 1
    d = defn(db, st, i)
    emit(st, "enter", "epic.play.champion", ctl, card=i)
    for k, ab in enumerate(d.abilities):
        if ab.when in ("tribute", "loyalty"):
            st.new_triggers.append([i, ctl, k])


def ally_triggers(db: EpicDB, st: EpicState, seat: int, card: int) -> None:
    """Playing a cost-1 card fires the ally abilities of that faction on the player's other
    cards in play (epic.keyword.ally); cost-0 cards never do."""
    d = defn(db, st, card)
    if d.cost != 1:
        return
    for i in st.play[seat]:
        if i == card:
            continue
        for k, ab in enumerate(defn(db, st, i).abilities):
            if ab.when == "ally" and ab.faction == d.faction:
                st.new_triggers.append([i, seat, k])


def make_token(db: EpicDB, st: EpicState, kind: str, ctl: int) -> int:
    """A new token instance from the supply, entering play under ``ctl``."""
    i = st.add_instance(db.token(kind).id, ctl)
    enter_play(db, st, i, ctl)
    return i


# --- targets --------------------------------------------------------------------------
def target_options(db: EpicDB, st: EpicState, sel: Selector, ctl: int) -> list[int]:
    """Legal choices for a target selector: champion instances and PLAYER | seat."""
    out: list[int] = []
    if sel.target in ("champion", "any"):
        for i in champions(st):
            if keywords(db, st, i) & UNTARGETABLE:
                continue  # epic.keyword.untargetable
            owner = st.controller[i]
            if sel.controller == "you" and owner != ctl:
                continue
            if sel.controller == "opponent" and owner == ctl:
                continue
            if sel.max_offense is not None and offense(db, st, i) > sel.max_offense:
                continue
            if sel.max_defense is not None and defense(db, st, i) > sel.max_defense:
                continue
            d = defn(db, st, i)
            if sel.faction is not None and d.faction != sel.faction:
                continue
            if sel.klass is not None and sel.klass not in d.classes:
                continue
            if sel.cost is not None and d.cost != sel.cost:
                continue
            out.append(i)
    if sel.target == "discard_card":
        for c in st.discards[ctl]:
            d = defn(db, st, c)
            if sel.card_type == "champion" and not d.is_champion:
                continue
            if sel.card_type == "event" and d.is_champion:
                continue
            if sel.faction is not None and d.faction != sel.faction:
                continue
            if sel.cost is not None and d.cost != sel.cost:
                continue
            out.append(c)
    if sel.target in ("player", "any"):
        for s in range(len(st.health)):
            if sel.controller == "opponent" and s == ctl:
                continue
            if sel.controller == "you" and s != ctl:
                continue
            out.append(PLAYER | s)
    return out


def expand(
    db: EpicDB, st: EpicState, sel: Selector, frame: list[Any], chosen: list[int]
) -> list[int]:
    """The champions/players (PLAYER | seat) a selector names, given the step's choice."""
    ctl = frame[F_CTL]
    if sel.target is not None:
        return chosen
    if sel.you:
        return [PLAYER | ctl]
    if sel.turn_player:
        return [PLAYER | st.active]
    if sel.self:
        i = frame[F_CARD]
        return [i] if st.controller[i] >= 0 else []
    if sel.each == "player":
        return [
            PLAYER | s for s in range(len(st.health)) if sel.controller != "opponent" or s != ctl
        ]
    out = []
    for i in champions(st):
        if sel.controller == "target_player":
            if frame[F_TP] < 0 or st.controller[i] != frame[F_TP]:
                continue
        elif not matches(db, st, sel, i, ctl, frame[F_CARD]):
            continue
        out.append(i)
    return out


# --- the ops ---------------------------------------------------------------------------
def do_step(db: EpicDB, st: EpicState, step: Step, frame: list[Any], chosen: list[int]) -> None:
    """Carry out one sentence."""
    ctl = frame[F_CTL]
    if step.frenzy and not frenzy(st, ctl):
        emit(st, "frenzy_off", "epic.keyword.frenzy.trigger_check", ctl)
        return
    if step.your_turn and ctl != st.active:
        return
    things: list[int] = []
    for sel in step.to:
        things.extend(expand(db, st, sel, frame, chosen))
    op = step.op
    rule = "epic.card.text"
    if op == "damage":
        for x in things:
            deal_damage(db, st, x, step.amount, rule)
    elif op == "draw":
        for x in things:
            draw(st, x & ~PLAYER, step.amount)
    elif op == "gain_health":
        for x in things:
            st.health[x & ~PLAYER] += step.amount
            emit(st, "heal", rule, x & ~PLAYER, amount=step.amount)
    elif op == "tokens":
        for x in things:
            for _ in range(step.amount):
                make_token(db, st, step.kind or "human", x & ~PLAYER)
    elif op == "banish":
        for x in things:
            if st.controller[x] >= 0 and not keywords(db, st, x) & UNBANISHABLE:
                emit(st, "banished", "epic.banish", st.controller[x], card=x)
                leave_play(db, st, x, "deck")
    elif op == "break":
        for x in things:
            if st.controller[x] >= 0:
                break_champion(db, st, x, rule)
    elif op == "return_to_hand":
        for x in things:
            if st.controller[x] >= 0:
                emit(st, "returned", rule, st.controller[x], card=x)
                leave_play(db, st, x, "hand")
    elif op == "modify":
        for x in things:
            if x & PLAYER or st.controller[x] < 0:
                continue
            st.eot_off[x] += step.offense
            st.eot_def[x] += step.defense
            for k in step.keywords:
                st.eot_kw[x] |= KW_BIT[k]
            emit(
                st,
                "modified",
                rule,
                st.controller[x],
                card=x,
                offense=step.offense,
                defense=step.defense,
            )
    elif op == "discard":
        for x in things:
            seat = x & ~PLAYER
            for _ in range(min(step.amount, len(st.hands[seat]))):
                st.assign.setdefault("discard", []).append(seat)
    elif op == "counters":
        for x in things:
            if not x & PLAYER and st.controller[x] >= 0:
                st.counters[x] += step.amount  # +1/+1 counters stay (epic.card.text)
    elif op in ("expend", "prepare"):
        for x in things:
            if not x & PLAYER and st.controller[x] >= 0:
                st.pos[x] = EXPENDED if op == "expend" else PREPARED
    elif op == "transform":
        for x in things:
            if not x & PLAYER and st.controller[x] >= 0:
                # The card goes under its owner's deck; its controller gets the token
                # (epic.keyword.transform): not a banish, so Unbanishable does not stop it.
                owner_ctl = st.controller[x]
                emit(st, "transformed", "epic.keyword.transform", owner_ctl, card=x)
                leave_play(db, st, x, "deck")
                make_token(db, st, step.kind or "wolf", owner_ctl)
    elif op == "lose_health":
        for x in things:
            st.health[x & ~PLAYER] -= step.amount
            emit(st, "player_damage", rule, x & ~PLAYER, amount=step.amount)
    elif op == "forbid_attacks":
        st.no_attacks = 1
    elif op == "recycle":
        recycle(st, ctl)
    elif op == "from_discard":
        for c in things:
            if c & PLAYER or c not in st.discards[ctl]:
                continue
            st.discards[ctl].remove(c)
            if step.into == "hand":
                st.hands[ctl].append(c)
                st.public[c] = 1
                emit(st, "returned", rule, ctl, card=c)
            else:
                enter_play(db, st, c, ctl)
    _ = ctl


def recycle(st: EpicState, seat: int) -> None:
    """Recycle: the two oldest cards of the discard pile go under the deck, then draw a card
    (epic.keyword.recycle; with fewer than two cards nothing happens, ruling R21)."""
    pile = st.discards[seat]
    if len(pile) < 2:
        return
    moved = [pile.pop(0), pile.pop(0)]
    for c in moved:
        st.decks[seat].insert(0, c)
        st.public[c] = 0
    emit(st, "recycle", "epic.keyword.recycle", seat)
    draw(st, seat, 1)


def deal_damage(db: EpicDB, st: EpicState, x: int, amount: int, rule: str) -> None:
    """Damage to a champion (kept until the end of turn) or a player's health."""
    if amount <= 0:
        return
    if x & PLAYER:
        seat = x & ~PLAYER
        st.health[seat] -= amount
        emit(st, "player_damage", rule, seat, amount=amount)
    elif st.controller[x] >= 0:
        st.damage[x] += amount
        emit(st, "damage", rule, st.controller[x], card=x, amount=amount)


# --- resolving frames -------------------------------------------------------------------
def frame_steps(db: EpicDB, st: EpicState, frame: list[Any]) -> tuple[Step, ...]:
    """The steps a frame resolves (from the card's data, by index)."""
    d = defn(db, st, int(frame[F_CARD]))
    index = int(frame[F_IDX])
    if frame[F_SRC] == SRC_MODE:
        return d.modes[index].steps
    if frame[F_SRC] == SRC_TALENT:
        return d.talents[index].steps
    return d.abilities[index].steps


def push_event(st: EpicState, card: int, ctl: int, mode: int) -> None:
    """Start resolving an event's chosen mode."""
    st.stack.append([card, ctl, SRC_MODE, mode, 0, -1, []])


def run(db: EpicDB, st: EpicState) -> None:
    """Resolve frames and activation sets until a decision is needed or nothing is left."""
    while not st.pending:
        if st.assign.get("discard"):
            seat = st.assign["discard"][0]
            st.pending = ("discard", seat)
            return
        if st.stack:
            frame = st.stack[-1]
            steps = frame_steps(db, st, frame)
            k = frame[F_STEP]
            if k < 0:  # a Loyalty or a "may" waiting for its decision
                st.pending = ("may", frame[F_CTL])
                return
            if k >= len(steps):
                st.stack.pop()
                end_frame(db, st, frame)
                settle(db, st)
                continue
            step = steps[k]
            if step.may and not frame[F_CHOSEN] and not st.assign.pop("may_yes", False):
                # "You may …": the controller decides before the sentence (epic.ability.may).
                frame[F_STEP] = -(k + 2)
                st.pending = ("may", frame[F_CTL])
                return
            target_sel = next((s for s in step.to if s.target is not None), None)
            if target_sel is not None and not frame[F_CHOSEN]:
                options = target_options(db, st, target_sel, frame[F_CTL])
                if options:
                    st.pending = ("target", frame[F_CTL])
                    return
                # no legal target: this sentence does what it can (epic.target.partial)
            chosen = list(frame[F_CHOSEN])
            if target_sel is not None and target_sel.target == "player" and chosen:
                frame[F_TP] = chosen[0] & ~PLAYER
            frame[F_CHOSEN] = []
            frame[F_STEP] = k + 1
            do_step(db, st, step, frame, chosen)
            settle(db, st)
            continue
        if st.triggers:
            fired = st.triggers[0]
            card, ctl, k = fired.pop(0)
            if not fired:
                st.triggers.pop(0)
            ability = defn(db, st, card).abilities[k]
            start = 0
            if ability.when == "loyalty":
                # Loyalty N: only with N cards of the faction to reveal (epic.keyword.loyalty).
                faction = defn(db, st, card).faction
                matching = [c for c in st.hands[ctl] if defn(db, st, c).faction == faction]
                if len(matching) < ability.n:
                    continue
                start = -1
            emit(st, "trigger", "epic.ability.triggered", ctl, card=card)
            st.stack.append([card, ctl, SRC_ABILITY, k, start, -1, []])
            continue
        return


def end_frame(db: EpicDB, st: EpicState, frame: list[Any]) -> None:
    """An event goes to its owner's discard pile once resolved (epic.event.resolve)."""
    if frame[F_SRC] == SRC_MODE:
        card = frame[F_CARD]
        if card in st.limbo:
            st.limbo.remove(card)
            recalled = st.assign.get("recalled", [])
            if card in recalled:
                # Played by «Воззвание»: banished instead of discarded (epic.keyword.recall).
                recalled.remove(card)
                if not recalled:
                    st.assign.pop("recalled")
                st.decks[st.owner[card]].insert(0, card)
                st.public[card] = 0
                emit(st, "banished", "epic.keyword.recall", st.owner[card], card=card)
            else:
                st.discards[st.owner[card]].append(card)


def choose_target(db: EpicDB, st: EpicState, x: int) -> None:
    """Bind the current step's target."""
    st.stack[-1][F_CHOSEN] = [x]
    st.pending = ()


def discard_choice(db: EpicDB, st: EpicState, card: int) -> None:
    """A player discards a chosen card (epic.card.text)."""
    seat = st.assign["discard"].pop(0)
    st.hands[seat].remove(card)
    st.discards[st.owner[card]].append(card)
    st.public[card] = 1
    emit(st, "discard", "epic.card.text", seat, card=card)
    st.pending = ()


__all__ = ["EXPENDED", "GameOver", "run"]
