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

from itertools import combinations
from typing import Any, NamedTuple

from cardtable.core import rng as crng
from cardtable.core.events import Event
from cardtable.core.game import NO_DECISION
from cardtable.games.epic.cards import FACTIONS, KW_BIT
from cardtable.games.epic.multi import (
    HUNTER,
    Eliminated,
    alive,
    change_health,
    in_range,
    next_seat,
    opposed,
    prev_seat,
    winners_for,
)
from cardtable.games.epic.records import CardDef, EpicDB, SelectorDef, StaticDef, StepDef
from cardtable.games.epic.state import (
    EXPENDED,
    F_CARD,
    F_CHOSEN,
    F_CTL,
    F_IDX,
    F_MEMO,
    F_SRC,
    F_STEP,
    F_TP,
    FLIPPED,
    OVER,
    PREPARED,
    SRC_ABILITY,
    SRC_MODE,
    SRC_TALENT,
    EpicState,
    new_frame,
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
    """Record an event if the state carries a log (the callers look at ``st.log`` first:
    with logging off no call is made and no keyword arguments are gathered)."""
    if st.log is not None:
        st.log.append(Event(kind, rule, seat, data))


# --- numbers of champions in play ---------------------------------------------------
def defn(db: EpicDB, st: EpicState, i: int) -> CardDef:
    """The definition of an instance."""
    return db.cards[st.card_ids[i]]


FACTION_BIT = {f: 1 << k for k, f in enumerate(FACTIONS)}


def static_applies(db: EpicDB, st: EpicState, s: Any, i: int, seat: int, j: int) -> bool:
    """Whether champion ``j``'s constant ability ``s`` (its controller ``seat``) reaches ``i``."""
    if s.your_turn and st.active != seat:
        return False
    if s.to.this:
        return i == j
    return matches(db, st, s.to, i, seat, j)


# A constant ability in play: (its champion's controller, the champion, the ability).
Source = tuple[int, int, StaticDef]


class StaticsInPlay(NamedTuple):
    """The constant abilities of the champions in play, by what they change, in seat and
    play order; remembered on the state (``_statics``) until a play area changes
    (EpicState.forget_play), for the database ``db``."""

    db: EpicDB
    stats: tuple[Source, ...]
    keywords: tuple[Source, ...]
    factions: tuple[Source, ...]
    # Whether the keyword and faction abilities reach champions by who controls what, the
    # turn player and card data alone (no combat, offense or defense filter): only then
    # are champions' keywords remembered on the state (``_keywords``).
    plain: bool


def _plain_reach(s: StaticDef) -> bool:
    """A constant ability whose reach (``static_applies``) follows only the play areas,
    the turn player and card data: no filter on combat, offense or defense."""
    to = s.to
    return to.combat is None and to.max_offense is None and to.max_defense is None


def statics_in_play(db: EpicDB, st: EpicState) -> StaticsInPlay:
    """The constant abilities in play (found again only after a play area changed, or for
    another database); finding them again also forgets the keywords remembered."""
    known = st._statics
    if known is not None and known.db is db:
        return known
    stats: list[Source] = []
    kws: list[Source] = []
    factions: list[Source] = []
    plain = True
    cards = db.cards
    ids = st.card_ids
    for seat, row in enumerate(st.play):
        for j in row:
            d = cards[ids[j]]
            if d.statics:
                stats.extend((seat, j, s) for s in d.stat_statics)
                kws.extend((seat, j, s) for s in d.keyword_statics)
                factions.extend((seat, j, s) for s in d.statics if s.faction is not None)
                plain = plain and all(
                    _plain_reach(s) for s in d.statics if s.keywords or s.faction is not None
                )
    found = StaticsInPlay(db, tuple(stats), tuple(kws), tuple(factions), plain)
    st._statics = found
    st._keywords = None
    return found


def _static_bonus(
    db: EpicDB, st: EpicState, i: int, sources: tuple[Source, ...]
) -> tuple[int, int]:
    off = dfn = 0
    for seat, j, s in sources:
        if static_applies(db, st, s, i, seat, j):
            off += s.offense
            dfn += s.defense
    return off, dfn


def has_faction(db: EpicDB, st: EpicState, i: int, faction: str) -> bool:
    """Printed faction, or one a constant ability adds ("are also evil")."""
    if defn(db, st, i).faction == faction:
        return True
    if st.controller[i] < 0:
        return False
    for seat, j, s in statics_in_play(db, st).factions:
        if s.faction == faction and static_applies(db, st, s, i, seat, j):
            return True
    return False


def offense(db: EpicDB, st: EpicState, i: int, statics: StaticsInPlay | None = None) -> int:
    """Current offense: printed + counters + this turn's changes + constant abilities
    (``statics``: what ``statics_in_play`` says, when already known)."""
    value = db.cards[st.card_ids[i]].offense + st.counters[i] + st.eot_off[i]
    sources = (statics or statics_in_play(db, st)).stats
    if sources:
        value += _static_bonus(db, st, i, sources)[0]
    return value if value > 0 else 0


def defense(db: EpicDB, st: EpicState, i: int, statics: StaticsInPlay | None = None) -> int:
    """Current defense."""
    value = db.cards[st.card_ids[i]].defense + st.counters[i] + st.eot_def[i]
    sources = (statics or statics_in_play(db, st)).stats
    if sources:
        value += _static_bonus(db, st, i, sources)[1]
    return value if value > 0 else 0


def strength(
    db: EpicDB, st: EpicState, i: int, statics: StaticsInPlay | None = None
) -> tuple[int, int]:
    """``(offense, defense)`` at once: the constant abilities are looked at once for both."""
    d = db.cards[st.card_ids[i]]
    off = d.offense + st.counters[i] + st.eot_off[i]
    dfn = d.defense + st.counters[i] + st.eot_def[i]
    sources = (statics or statics_in_play(db, st)).stats
    if sources:
        bonus = _static_bonus(db, st, i, sources)
        off += bonus[0]
        dfn += bonus[1]
    return (off if off > 0 else 0), (dfn if dfn > 0 else 0)


def frenzy(st: EpicState, seat: int) -> bool:
    """Frenzy holds while an opponent has more cards in hand (epic.keyword.frenzy)."""
    mine = len(st.hands[seat])
    return any(len(h) > mine for s, h in enumerate(st.hands) if s != seat)


def _static_keywords(db: EpicDB, st: EpicState, i: int, sources: tuple[Source, ...]) -> int:
    bits = 0
    for seat, j, s in sources:
        if static_applies(db, st, s, i, seat, j):
            for k in s.keywords:
                bits |= KW_BIT[k]
    return bits


def keywords(db: EpicDB, st: EpicState, i: int, statics: StaticsInPlay | None = None) -> int:
    """Keyword bits: printed, gained this turn, given by constant abilities, and Frenzy's
    while it holds. A champion's bits but Frenzy's are remembered on the state
    (``_keywords``, see EpicState) while the constant abilities in play allow it."""
    d = db.cards[st.card_ids[i]]
    ctl = st.controller[i]
    if ctl < 0:
        return d.keywords | st.eot_kw[i]
    found = statics_in_play(db, st) if statics is None else statics
    known = st._keywords
    if known is not None and found is st._statics:
        bits = known.get(i, -1)
        if bits < 0:
            bits = _champion_keywords(db, st, i, d, found)
            known[i] = bits
    else:
        bits = _champion_keywords(db, st, i, d, found)
        if found.plain and found is st._statics:
            st._keywords = {i: bits}
    if d.frenzy_keywords and frenzy(st, ctl):
        bits |= d.frenzy_keywords  # epic.keyword.frenzy.dynamic
    return bits


def _champion_keywords(
    db: EpicDB, st: EpicState, i: int, d: CardDef, statics: StaticsInPlay
) -> int:
    """A champion's keyword bits but Frenzy's: printed, gained this turn, and given by the
    constant abilities in play."""
    bits = d.keywords | st.eot_kw[i]
    sources = statics.keywords
    if sources:
        bits |= _static_keywords(db, st, i, sources)
    return bits


def arriving_blocks(db: EpicDB, st: EpicState, i: int) -> bool:
    """Arriving keeps a champion from attacking and expend talents: Blitz lifts it, except
    after a change of control, which only Blitz gained later lifts (epic.control.arriving)."""
    a = st.arriving[i]
    return a == 2 or (a == 1 and not keywords(db, st, i) & BLITZ)


def in_combat(db: EpicDB, st: EpicState, i: int, kind: str) -> bool:
    """The combat filters: attacking, blocking, attacking alone, idle (out of battle and
    prepared; an attacking player's champion must also be able to attack)."""
    if kind == "attacking":
        return i in st.attackers
    if kind == "blocking":
        return i in st.blockers
    if kind == "attacking_alone":
        return st.attackers == [i]
    if st.pos[i] != PREPARED or i in st.attackers or i in st.blockers:
        return False
    return st.controller[i] != st.active or not arriving_blocks(db, st, i)


def matches(
    db: EpicDB,
    st: EpicState,
    sel: SelectorDef,
    i: int,
    ctl: int,
    source: int,
    frame: list[Any] | None = None,
) -> bool:
    """Whether champion ``i`` in play fits a selector's filters (``each``, statics, targets)."""
    owner = st.controller[i]
    whose = sel.controller
    if whose != "any":
        if whose == "you" and owner != ctl:
            return False
        if whose == "opponent" and not opposed(st, ctl, owner):
            return False
        if whose == "target_player" and (frame is None or owner != frame[F_TP]):
            return False
    if frame is not None and st.mode in HUNTER and not in_range(st, ctl, owner):
        return False
    if sel.other and i == source:
        return False
    d = db.cards[st.card_ids[i]]
    if sel.faction is not None and not has_faction(db, st, i, sel.faction):
        return False
    if sel.klass is not None and sel.klass not in d.classes:
        return False
    if sel.cost is not None and d.cost != sel.cost:
        return False
    if sel.not_token and d.type == "token":
        return False
    if sel.combat is not None and not in_combat(db, st, i, sel.combat):
        return False
    if sel.max_offense is not None and offense(db, st, i) > sel.max_offense:
        return False
    if sel.max_defense is not None and defense(db, st, i) > sel.max_defense:
        return False
    if frame is not None:
        memo = frame[F_MEMO]
        if sel.distinct and i in memo.get("targets", ()):
            return False
        if sel.unmarked and i in memo.get("marked", ()):
            return False
    return sel.not_faction is None or not has_faction(db, st, i, sel.not_faction)


# --- zones ---------------------------------------------------------------------------
def champions(st: EpicState) -> list[int]:
    """Every champion in play, seat by seat in order of entry."""
    return [i for row in st.play for i in row]


def draw(st: EpicState, seat: int, n: int) -> None:
    """Draw n cards; drawing from an empty deck wins the game (epic.end.deck_out_win)."""
    for _ in range(n):
        deck = st.decks[seat]
        if not deck:
            finish(st, winners_for(st, seat), "empty_deck", "epic.end.deck_out_win")
        st.hands[seat].append(deck.pop())
    if st.log is not None:
        emit(st, "draw", "epic.turn.start.draw", seat, n=n)


def finish(st: EpicState, winners: list[int], reason: str, rule: str) -> None:
    """End the game at once."""
    st.phase = OVER
    st.winners = sorted(winners)
    st.reason = reason
    st.pending = NO_DECISION
    st._legal = None
    if st.log is not None:
        emit(st, "game_over", rule, None, winners=st.winners, reason=reason)
    raise GameOver


def check_players(db: EpicDB, st: EpicState) -> None:
    """A player at 0 health is out; all out together is a draw (epic.end.eliminated).
    With three or more players the others play on (epic.multi.elimination)."""
    out = [s for s in range(len(st.health)) if st.health[s] <= 0 and s not in st.out]
    if not out:
        return
    if st.mode == "duel":
        left = [s for s in range(len(st.health)) if st.health[s] > 0]
        finish(st, left, "draw" if not left else "health", "epic.end.eliminated")
    order = sorted(out, key=lambda s: (s - st.active) % len(st.health))
    right = {s: prev_seat(st, s) for s in order}
    for s in order:
        eliminate(db, st, s)
    if st.mode in HUNTER:
        for s in order:
            r = right[s]
            if r in st.out:
                continue
            if st.mode == "hunter_first_blood":  # the player to the right wins
                finish(st, [r], "first_blood", "epic.multi.hunter_first_blood")
            change_health(st, r, 5)  # epic.multi.hunter_last_survivor
            draw(st, r, 1)
    teams = {st.team[s] for s in alive(st)}
    if len(teams) <= 1:
        won = [s for s in range(len(st.health)) if st.team[s] in teams]
        finish(st, won, "last_standing" if won else "draw", "epic.multi.ffa")
    if st.active in order:
        raise Eliminated  # the eliminated player's turn ends at once


def eliminate(db: EpicDB, st: EpicState, seat: int) -> None:
    """Remove a player: every card they own leaves the game, champions of others they
    controlled go back, their effects end (epic.multi.elimination.*)."""
    st.out.append(seat)
    if st.log is not None:
        emit(st, "eliminated", "epic.multi.elimination", seat)
    gone: list[int] = []
    for row in st.play:
        for i in list(row):
            if st.owner[i] == seat:
                row.remove(i)
                gone.append(i)
    for i in list(st.play[seat]):  # others' champions go back to their owners
        owner = st.owner[i]
        st.play[seat].remove(i)
        st.play[owner].append(i)
        st.controller[i] = owner
        if i in st.attackers:
            st.attackers.remove(i)
        if i in st.blockers:
            st.blockers.remove(i)
    for zone in (st.hands[seat], st.decks[seat], st.discards[seat]):
        gone.extend(zone)
        zone.clear()
    for c in list(st.limbo):
        if st.owner[c] == seat:
            st.limbo.remove(c)
            gone.append(c)
    for i in gone:
        st.controller[i] = -1
        st.pos[i] = st.damage[i] = st.counters[i] = 0
        st.eot_off[i] = st.eot_def[i] = st.eot_kw[i] = st.arriving[i] = 0
        st.public[i] = 1
        st.removed.append(i)
    st.forget_play()  # champions left play or changed control (epic.multi.elimination)
    lost = set(gone)
    st.attackers = [i for i in st.attackers if i not in lost]
    st.blockers = [i for i in st.blockers if i not in lost]
    st.broken_turn = [i for i in st.broken_turn if i not in lost]
    st.eot_break = [i for i in st.eot_break if i not in lost]
    pairs = st.eot_control
    st.eot_control = [
        x
        for k in range(0, len(pairs), 2)
        if pairs[k] not in lost and pairs[k + 1] != seat
        for x in pairs[k : k + 2]
    ]
    d = st.eot_discard
    st.eot_discard = [x for k in range(0, len(d), 2) if d[k] != seat for x in d[k : k + 2]]
    st.stack = [f for f in st.stack if f[F_CTL] != seat and f[F_CARD] not in lost]
    st.triggers = [
        kept for s in st.triggers if (kept := [t for t in s if t[1] != seat and t[0] not in lost])
    ]
    st.new_triggers = [t for t in st.new_triggers if t[1] != seat and t[0] not in lost]
    for key in ("discard", "recycle"):
        if key in st.assign and isinstance(st.assign[key], list):
            if key == "recycle" and st.assign[key] and st.assign[key][0] == seat:
                st.assign.pop("buried", None)
            st.assign[key] = [x for x in st.assign[key] if x != seat]
    if "recalled" in st.assign:
        st.assign["recalled"] = [c for c in st.assign["recalled"] if c not in lost]
    if st.init == seat:  # epic.multi.elimination.initiative
        st.init = next_seat(st, seat)


def fire(
    st: EpicState, d: CardDef, i: int, ctl: int, when: str, zone: str = "play", player: int = -1
) -> None:
    """Queue the abilities of card ``i`` that fire on ``when`` (from ``zone``); ``player``:
    the player the event concerns ("when this card damages a player": that player), who
    becomes the resolving ability's target player ("that player")."""
    if when not in d.whens:
        return
    for k, ab in enumerate(d.abilities):
        if ab.when == when and (ab.zone == zone or zone == "any"):
            st.new_triggers.append([i, ctl, k] if player < 0 else [i, ctl, k, player])


def fire_in_play(db: EpicDB, st: EpicState, when: str) -> None:
    """Queue the abilities on ``when`` of every champion in play, seat by seat."""
    cards = db.cards
    ids = st.card_ids
    for seat, row in enumerate(st.play):
        for i in row:
            d = cards[ids[i]]
            if when in d.whens:
                fire(st, d, i, seat, when)


def put_in_discard(db: EpicDB, st: EpicState, c: int) -> None:
    """A card goes to its owner's discard pile ("goes into your discard pile" abilities)."""
    owner = st.owner[c]
    st.discards[owner].append(c)
    st.public[c] = 1
    d = defn(db, st, c)
    if d.discard_abilities:
        fire(st, d, c, owner, "to_discard", "any")


def take_from_discard(db: EpicDB, st: EpicState, c: int) -> None:
    """A card leaves its owner's discard pile ("leaves your discard pile" abilities)."""
    owner = st.owner[c]
    st.discards[owner].remove(c)
    d = defn(db, st, c)
    if d.discard_abilities:
        fire(st, d, c, owner, "leaves_discard", "any")


def to_deck_bottom(st: EpicState, cards: list[int]) -> None:
    """Cards put under their owners' decks together go in random order (epic.banish.many)."""
    if len(cards) > 1:
        crng.shuffle(st, cards)
    for c in cards:
        st.decks[st.owner[c]].insert(0, c)
        st.public[c] = 0


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
    st.forget_play()
    owner = st.owner[i]
    d = defn(db, st, i)
    if i in st.attackers:
        st.attackers.remove(i)
    if i in st.blockers:  # the block itself stands (st.blocked, epic.combat.blocks)
        st.blockers.remove(i)
    if i in st.eot_break:
        st.eot_break.remove(i)
    if st.eot_control:
        pairs = st.eot_control
        st.eot_control = [
            x for k in range(0, len(pairs), 2) if pairs[k] != i for x in pairs[k : k + 2]
        ]
    if d.type == "token":
        st.supply.append(i)
    elif to == "discard":
        put_in_discard(db, st, i)
    elif to == "hand":
        st.hands[owner].append(i)
        st.public[i] = 1
    elif to == "deck":  # banished: the bottom of the owner's deck
        to_deck_bottom(st, [i])
    for k, ab in enumerate(d.abilities):
        if ab.zone == "play" and (
            ab.when == "leaves_play" or (ab.when == "broken" and to == "discard")
        ):
            st.new_triggers.append([i, ctl, k])


def break_champion(db: EpicDB, st: EpicState, i: int, rule: str) -> bool:
    """Break a champion unless it is unbreakable (epic.break); "when another champion is
    broken" abilities of the champions in play fire."""
    if keywords(db, st, i) & UNBREAKABLE:
        return False
    if st.log is not None:
        emit(st, "broken", rule, st.controller[i], card=i)
    leave_play(db, st, i, "discard")
    if defn(db, st, i).type != "token":
        st.broken_turn.append(i)
    fire_in_play(db, st, "other_broken")
    return True


def check_champions(db: EpicDB, st: EpicState) -> None:
    """Champions with damage at least their defense this turn are broken (epic.break)."""
    while True:
        # Losing a champion can lower others' defense (constant abilities): check again.
        if not st._damaged:
            return  # no champion is damaged (the usual case: known from the last check)
        damage = st.damage
        hurt = [i for row in st.play for i in row if damage[i]]
        if not hurt:
            st._damaged = False  # until damage is dealt to a champion (deal_damage)
            return
        statics = statics_in_play(db, st)
        dead = [
            i
            for i in hurt
            if damage[i] >= defense(db, st, i, statics)
            and not keywords(db, st, i, statics) & UNBREAKABLE
        ]
        if not dead:
            return
        for i in dead:
            if st.controller[i] >= 0:
                break_champion(db, st, i, "epic.break")


def settle(db: EpicDB, st: EpicState) -> None:
    """State-based checks and forming the activation set of what fired."""
    check_champions(db, st)
    if min(st.health) <= 0:  # (the usual case: nobody is at 0 health)
        check_players(db, st)
    if st.new_triggers:
        first = st.init if st.init >= 0 else st.active
        n = len(st.health)
        fired = sorted(and_or_once(db, st, st.new_triggers), key=lambda t: (t[1] - first) % n)
        st.triggers.append(fired)
        st.new_triggers = []


def and_or_once(db: EpicDB, st: EpicState, fired: list[list[int]]) -> list[list[int]]:
    """Abilities joined by "and/or" that fire together apply once (R20)."""
    out: list[list[int]] = []
    seen: set[tuple[int, Any]] = set()
    for t in fired:
        ab = defn(db, st, t[0]).abilities[t[2]]
        if ab.and_or:
            key = (t[0], ab.steps)
            if key in seen:
                continue
            seen.add(key)
        out.append(t)
    return out


def answer_may(db: EpicDB, st: EpicState, yes: bool) -> None:
    """Loyalty's reveal: yes shows N cards of the faction and applies it; no drops it."""
    frame = st.stack[-1]
    st.pending = NO_DECISION
    if frame[F_STEP] <= -2:  # an optional sentence
        k = -frame[F_STEP] - 2
        frame[F_STEP] = k if yes else k + 1
        frame[F_MEMO]["did"] = int(yes)
        if yes:
            frame[F_MEMO]["go"] = 1
        return
    if not yes:
        st.stack.pop()
        return
    d = defn(db, st, frame[F_CARD])
    matching = [c for c in st.hands[frame[F_CTL]] if defn(db, st, c).faction == d.faction]
    show_cards(st, matching)


def loyalty_options(db: EpicDB, st: EpicState) -> list[tuple[Any, ...]]:
    """Loyalty's decision: which N cards of the faction to reveal (one option per set of
    card names), or none; with exactly N such cards "yes" shows them all (R30)."""
    frame = st.stack[-1]
    d = defn(db, st, frame[F_CARD])
    n = d.abilities[frame[F_IDX]].n
    matching = [c for c in st.hands[frame[F_CTL]] if defn(db, st, c).faction == d.faction]
    if len(matching) < n:
        return [("no",)]
    if len(matching) == n:
        return [("yes",), ("no",)]
    out: list[tuple[Any, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for combo in combinations(matching, n):
        key = tuple(sorted(st.card_ids[c] for c in combo))
        if key not in seen:
            seen.add(key)
            out.append(("show", *combo))
    return [*out, ("no",)]


def show_cards(st: EpicState, cards: list[int] | tuple[int, ...]) -> None:
    """Loyalty's cards are revealed and its ability applies (epic.keyword.loyalty)."""
    frame = st.stack[-1]
    st.pending = NO_DECISION
    for c in cards:
        st.public[c] = 1
    if st.log is not None:
        emit(st, "reveal", "epic.keyword.loyalty", frame[F_CTL], n=len(cards))
    frame[F_STEP] = 0


def enter_play(db: EpicDB, st: EpicState, i: int, ctl: int, silent: bool = False) -> None:
    """A champion enters play prepared and arriving; its Tribute and Loyalty fire unless
    the effect says they do not (epic.play.champion)."""
    st.play[ctl].append(i)
    st.controller[i] = ctl
    st.forget_play()
    st.pos[i] = PREPARED
    st.arriving[i] = 1
    st.public[i] = 1
    d = defn(db, st, i)
    if st.log is not None:
        emit(st, "enter", "epic.play.champion", ctl, card=i)
    if not silent:
        for k, ab in enumerate(d.abilities):
            if ab.when in ("tribute", "loyalty"):
                st.new_triggers.append([i, ctl, k])


def ally_triggers(db: EpicDB, st: EpicState, seat: int, card: int) -> None:
    """Playing a cost-1 card fires the ally abilities of that faction on the player's other
    cards in play, and on discard-pile abilities of their discard pile (epic.keyword.ally,
    epic.discard_text); cost-0 cards never do."""
    d = defn(db, st, card)
    if d.cost != 1:
        return
    st.played1[seat] |= FACTION_BIT[d.faction]
    cards = db.cards
    ids = st.card_ids
    for i in st.play[seat]:
        if i == card:
            continue
        for k, ab in enumerate(cards[ids[i]].abilities):
            if ab.when == "ally" and ab.faction == d.faction and ab.zone == "play":
                st.new_triggers.append([i, seat, k])
    for c in st.discards[seat]:
        dc = cards[ids[c]]
        if dc.discard_abilities:
            for k, ab in enumerate(dc.abilities):
                if ab.when == "ally" and ab.faction == d.faction and ab.zone == "discard":
                    st.new_triggers.append([c, seat, k])


def make_token(db: EpicDB, st: EpicState, kind: str, ctl: int) -> int:
    """A new token instance from the supply, entering play under ``ctl``."""
    i = st.add_instance(db.token(kind).id, ctl)
    enter_play(db, st, i, ctl)
    return i


# --- targets --------------------------------------------------------------------------
def target_options(
    db: EpicDB, st: EpicState, sel: SelectorDef, ctl: int, frame: list[Any] | None = None
) -> list[int]:
    """Legal choices for a target selector: champion instances, cards in a discard pile or
    hand, and PLAYER | seat."""
    out: list[int] = []
    if sel.target in ("champion", "any"):
        source = -1 if frame is None else frame[F_CARD]
        targeted_only = not sel.choice  # chosen, not targeted: Untargetable does not protect
        statics = statics_in_play(db, st)
        for row in st.play:
            for i in row:
                if targeted_only and keywords(db, st, i, statics) & UNTARGETABLE:
                    continue  # epic.keyword.untargetable
                if matches(db, st, sel, i, ctl, source, frame):
                    out.append(i)
    elif sel.target == "discard_card":
        for seat, pile in enumerate(st.discards):
            if sel.controller == "you" and seat != ctl:
                continue
            if sel.controller == "opponent" and not opposed(st, ctl, seat):
                continue
            if not in_range(st, ctl, seat):
                continue
            if sel.controller == "target_player" and (frame is None or seat != frame[F_TP]):
                continue
            out.extend(c for c in pile if _card_fits(db, st, sel, c))
    elif sel.target == "hand_card":
        out.extend(c for c in st.hands[ctl] if _card_fits(db, st, sel, c))
    if sel.target in ("player", "any"):
        for s in range(len(st.health)):
            if sel.controller == "opponent" and not opposed(st, ctl, s):
                continue
            if sel.controller == "you" and s != ctl:
                continue
            if not in_range(st, ctl, s):
                continue
            if (
                sel.distinct
                and frame is not None
                and PLAYER | s in frame[F_MEMO].get("targets", ())
            ):
                continue
            out.append(PLAYER | s)
    return out


def _card_fits(db: EpicDB, st: EpicState, sel: SelectorDef, c: int) -> bool:
    """The filters of a card outside play (a discard pile or a hand)."""
    d = defn(db, st, c)
    if sel.card_type == "champion" and not d.is_champion:
        return False
    if sel.card_type == "event" and d.is_champion:
        return False
    if sel.faction is not None and d.faction != sel.faction:
        return False
    if sel.cost is not None and d.cost != sel.cost:
        return False
    return not sel.broken_this_turn or c in st.broken_turn


def expand(
    db: EpicDB, st: EpicState, sel: SelectorDef, frame: list[Any], chosen: list[int]
) -> list[int]:
    """The champions/players (PLAYER | seat) a selector names, given the step's choice."""
    ctl = frame[F_CTL]
    memo = frame[F_MEMO]
    if sel.target is not None:
        return chosen
    if sel.you:
        return [PLAYER | ctl]
    if sel.turn_player:
        return [PLAYER | st.active]
    if sel.this:
        i = frame[F_CARD]
        return [i] if st.controller[i] >= 0 else []
    if sel.it:
        i = memo.get("it", -1)
        return [i] if i >= 0 and st.controller[i] >= 0 else []
    if sel.its_controller:
        return [PLAYER | memo["it_ctl"]] if memo.get("it_ctl", -1) >= 0 else []
    if sel.them:
        return [i for i in memo.get("them", ()) if st.controller[i] >= 0]
    if sel.each == "player" and sel.controller == "target_player":  # "that player"
        tp = frame[F_TP]
        return [PLAYER | tp] if tp >= 0 and tp not in st.out else []
    if sel.each == "player":
        return [
            PLAYER | s
            for s in range(len(st.health))
            if in_range(st, ctl, s) and (sel.controller != "opponent" or opposed(st, ctl, s))
        ]
    if sel.same_name:
        named = [x for x in chosen if not x & PLAYER]
        if not named:
            return []
        name = st.card_ids[named[0]]
        return [i for i in champions(st) if st.card_ids[i] == name and i not in named]
    return [i for i in champions(st) if matches(db, st, sel, i, ctl, frame[F_CARD], frame)]


def amount(db: EpicDB, st: EpicState, step: StepDef, frame: list[Any], x: int) -> int:
    """A step's number, with what it adds (X, the targeted champion's offense, champions in
    a discard pile, damage taken this turn)."""
    n = step.amount
    add = step.add
    if add is None:
        return n
    memo = frame[F_MEMO]
    if add == "x":
        return n + int(memo.get("x", 0))
    if add == "it_offense":
        return n + int(memo.get("it_off", 0))
    if add == "discard_champions":
        seat = x & ~PLAYER
        return n + sum(1 for c in st.discards[seat] if defn(db, st, c).is_champion)
    card = frame[F_CARD]  # damage_taken: this card's damage this turn
    return n + (st.damage[card] if st.controller[card] >= 0 else 0)


def step_live(st: EpicState, step: StepDef, frame: list[Any]) -> bool:
    """Whether the turn allows the sentence ("if it is your turn" and the reverse)."""
    mine = frame[F_CTL] == st.active
    return not (step.your_turn and not mine) and not (step.their_turn and mine)


def condition_holds(db: EpicDB, st: EpicState, step: StepDef, frame: list[Any]) -> bool:
    """A sentence's condition ("if you do", "if you were its controller", ...)."""
    cond = step.cond
    memo = frame[F_MEMO]
    if cond is None:
        return True
    if cond == "did":
        return bool(memo.get("did"))
    if cond == "you_controlled_it":
        return bool(memo.get("it_ctl", -1) == frame[F_CTL])
    if cond == "it_unblocked_vs_you":
        return bool(memo.get("it_unb"))
    if cond == "in_play":
        return bool(st.controller[frame[F_CARD]] >= 0)
    faction = defn(db, st, frame[F_CARD]).faction
    return bool(st.played1[frame[F_CTL]] & FACTION_BIT[faction])


# --- the ops ---------------------------------------------------------------------------
def do_step(
    db: EpicDB, st: EpicState, step: StepDef, frame: list[Any], chosen: list[int], last: bool = True
) -> list[int]:
    """Carry out one sentence; returns what it acted on."""
    ctl = frame[F_CTL]
    if step.frenzy and not frenzy(st, ctl):
        if st.log is not None:
            emit(st, "frenzy_off", "epic.keyword.frenzy.trigger_check", ctl)
        return []
    if (step.your_turn and ctl != st.active) or (step.their_turn and ctl == st.active):
        return []
    if not condition_holds(db, st, step, frame):
        return []
    things: list[int] = []
    for sel in step.to:
        things.extend(expand(db, st, sel, frame, chosen))
    op = step.op
    rule = "epic.card.text"
    memo = frame[F_MEMO]
    if op == "damage":
        for x, n in [(x, amount(db, st, step, frame, x)) for x in things]:
            deal_damage(db, st, x, n, rule)
    elif op == "draw":
        for x in things:
            draw(st, x & ~PLAYER, amount(db, st, step, frame, x))
    elif op == "gain_health":
        for x in things:
            n = amount(db, st, step, frame, x)
            change_health(st, x & ~PLAYER, n)
            if st.log is not None:
                emit(st, "heal", rule, x & ~PLAYER, amount=n)
    elif op == "tokens":
        counts = [(x, amount(db, st, step, frame, x)) for x in things]
        for x, n in counts:  # each count taken before any token arrives
            for _ in range(n):
                make_token(db, st, step.kind or "human", x & ~PLAYER)
    elif op == "banish":
        batch = []
        for x in things:
            if x & PLAYER:
                continue
            if st.controller[x] >= 0:
                if not keywords(db, st, x) & UNBANISHABLE:
                    if st.log is not None:
                        emit(st, "banished", "epic.banish", st.controller[x], card=x)
                    leave_play(db, st, x, "batch")
                    batch.append(x)
            elif x in st.discards[st.owner[x]]:
                if st.log is not None:
                    emit(st, "banished", "epic.banish", st.owner[x], card=x)
                take_from_discard(db, st, x)
                batch.append(x)
        to_deck_bottom(st, [x for x in batch if defn(db, st, x).type != "token"])
    elif op == "break":
        for x in things:
            if not x & PLAYER and st.controller[x] >= 0:
                break_champion(db, st, x, rule)
    elif op == "return_to_hand":
        for x in things:
            if not x & PLAYER and st.controller[x] >= 0:
                if st.log is not None:
                    emit(st, "returned", rule, st.controller[x], card=x)
                leave_play(db, st, x, "hand")
    elif op == "modify":
        for x in things:
            if x & PLAYER or st.controller[x] < 0:
                continue
            st.eot_off[x] += step.offense
            st.eot_def[x] += step.defense
            if step.keywords:
                for k in step.keywords:
                    st.eot_kw[x] |= KW_BIT[k]
                st.forget_keywords()  # gained until the end of the turn
            if "blitz" in step.keywords and st.arriving[x] == 2:
                st.arriving[x] = 1  # Blitz gained after a change of control
            if st.log is not None:
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
                st.counters[x] += amount(db, st, step, frame, x)  # +1/+1 counters stay
    elif op in ("expend", "prepare"):
        for x in things:
            if not x & PLAYER and st.controller[x] >= 0:
                st.pos[x] = EXPENDED if op == "expend" else PREPARED
    elif op == "transform":
        batch = []
        for x in things:
            if not x & PLAYER and st.controller[x] >= 0:
                # The card goes under its owner's deck; its controller gets the token
                # (epic.keyword.transform): not a banish, so Unbanishable does not stop it.
                owner_ctl = st.controller[x]
                if st.log is not None:
                    emit(st, "transformed", "epic.keyword.transform", owner_ctl, card=x)
                leave_play(db, st, x, "batch")
                if defn(db, st, x).type != "token":
                    batch.append(x)
                make_token(db, st, step.kind or "wolf", owner_ctl)
        to_deck_bottom(st, batch)  # epic.keyword.transform.many
    elif op == "lose_health":
        for x in things:
            change_health(st, x & ~PLAYER, -step.amount)
            if st.log is not None:
                emit(st, "player_damage", rule, x & ~PLAYER, amount=step.amount)
    elif op == "forbid_attacks":
        st.no_attacks = 1
    elif op == "recycle":
        if len(st.discards[ctl]) >= 2:  # a decision: which two, or none (R34)
            st.assign.setdefault("recycle", []).append(ctl)
    elif op == "from_discard":
        for c in things:
            if c & PLAYER or c not in st.discards[st.owner[c]]:
                continue
            take_from_discard(db, st, c)
            if step.into == "hand":
                st.hands[st.owner[c]].append(c)
                st.public[c] = 1
                if st.log is not None:
                    emit(st, "returned", rule, ctl, card=c)
            else:
                enter_play(db, st, c, ctl)
    elif op == "from_hand":
        for c in things:
            if not c & PLAYER and c in st.hands[ctl]:
                st.hands[ctl].remove(c)
                enter_play(db, st, c, ctl)
    elif op == "recall_self":
        c = frame[F_CARD]
        owner = st.owner[c]
        if c in st.discards[owner]:
            take_from_discard(db, st, c)
            if st.log is not None:
                emit(st, "recall", "epic.keyword.recall", owner, card=c)
            fire(st, defn(db, st, c), c, owner, "recalled", "any")
            if step.into == "hand":
                st.hands[owner].append(c)
                st.public[c] = 1
            else:
                enter_play(db, st, c, owner)
    elif op == "remove_from_battle":
        for x in things:
            if x & PLAYER:
                continue
            if x in st.attackers or x in st.blockers:
                if x in st.attackers:
                    st.attackers.remove(x)
                if x in st.blockers:
                    st.blockers.remove(x)
                st.pos[x] = PREPARED
                if st.log is not None:
                    emit(st, "removed", rule, st.controller[x], card=x)
    elif op == "reanimate_all":
        for seat in alive(st):
            if not in_range(st, ctl, seat):
                continue
            for c in [c for c in st.discards[seat] if defn(db, st, c).is_champion]:
                take_from_discard(db, st, c)
                enter_play(db, st, c, seat, silent=True)
    elif op == "banish_pile":
        for x in things:
            seat = x & ~PLAYER
            pile = st.discards[seat][:]
            for c in pile:
                take_from_discard(db, st, c)
            to_deck_bottom(st, pile)
            if st.log is not None:
                emit(st, "pile_banished", "epic.banish", seat, n=len(pile))
    elif op == "gain_control":
        for x in things:
            if x & PLAYER or st.controller[x] < 0 or st.controller[x] == ctl:
                continue
            old = st.controller[x]
            st.play[old].remove(x)
            st.play[ctl].append(x)
            st.controller[x] = ctl
            st.forget_play()  # epic.control
            st.arriving[x] = 2  # epic.control.arriving
            if x in st.attackers:
                st.attackers.remove(x)
            if x in st.blockers:
                st.blockers.remove(x)
            if step.until_eot:
                st.eot_control += [x, old]
            if st.log is not None:
                emit(st, "control", "epic.control", ctl, card=x)
    elif op == "join_combat":
        source = frame[F_CARD]
        for x in things:
            if x & PLAYER or st.controller[x] != ctl or not in_combat(db, st, x, "idle"):
                continue
            st.eot_kw[x] |= AIRBORNE
            st.forget_keywords()  # Airborne until the end of the turn
            if source in st.attackers:
                st.attackers.append(x)
                st.pos[x] = EXPENDED
            elif source in st.blockers:
                st.blockers.append(x)
                st.pos[x] = FLIPPED
            if st.log is not None:
                emit(st, "joined", rule, ctl, card=x)
    elif op == "break_at_end":
        st.eot_break.extend(x for x in things if not x & PLAYER and st.controller[x] >= 0)
    elif op == "discard_at_end":
        for x in things:
            st.eot_discard += [x & ~PLAYER, step.amount]
    elif op == "mark":
        memo.setdefault("marked", []).extend([x for x in things if not x & PLAYER])
    elif op == "divide":
        memo.setdefault("bag", []).extend(things)
        if last:
            bag = memo.pop("bag")
            for x in dict.fromkeys(bag):
                deal_damage(db, st, x, step.amount * bag.count(x), rule)
    return [x for x in things if not x & PLAYER]


def recycle_options(db: EpicDB, st: EpicState) -> list[tuple[Any, ...]]:
    """Recycle's decision: decline (before the first card), or the next card to put under
    the deck (epic.keyword.recycle, epic.keyword.recycle.optional)."""
    seat = st.assign["recycle"][0]
    buried = st.assign.get("buried", [])
    out: list[tuple[Any, ...]] = [] if buried else [("decline",)]
    seen: set[str] = set()
    for c in st.discards[seat]:
        if c not in buried and st.card_ids[c] not in seen:
            seen.add(st.card_ids[c])
            out.append(("bury", c))
    return out


def recycle_choice(db: EpicDB, st: EpicState, card: int) -> None:
    """One card chosen for Recycle (-1: declined). The first chosen goes lowest; with two
    chosen both go under the deck and the player draws a card."""
    seat = st.assign["recycle"][0]
    st.pending = NO_DECISION
    if card >= 0:
        buried = st.assign.setdefault("buried", [])
        buried.append(card)
        if len(buried) < 2:
            return
        for c in reversed(buried):  # the first chosen ends lowest
            take_from_discard(db, st, c)
            st.decks[seat].insert(0, c)
            st.public[c] = 0
    st.assign.pop("buried", None)
    st.assign["recycle"].pop(0)
    if not st.assign["recycle"]:
        del st.assign["recycle"]
    if card >= 0:
        if st.log is not None:
            emit(st, "recycle", "epic.keyword.recycle", seat)
        draw(st, seat, 1)
    settle(db, st)


def deal_damage(db: EpicDB, st: EpicState, x: int, amount: int, rule: str) -> None:
    """Damage to a champion (kept until the end of turn) or a player's health."""
    if amount <= 0:
        return
    if x & PLAYER:
        seat = x & ~PLAYER
        change_health(st, seat, -amount)
        if st.log is not None:
            emit(st, "player_damage", rule, seat, amount=amount)
    elif st.controller[x] >= 0:
        st.damage[x] += amount
        st._damaged = True  # for check_champions
        if st.log is not None:
            emit(st, "damage", rule, st.controller[x], card=x, amount=amount)


# --- resolving frames -------------------------------------------------------------------
def frame_steps(db: EpicDB, st: EpicState, frame: list[Any]) -> tuple[StepDef, ...]:
    """The steps a frame resolves (from the card's data, by index)."""
    d = db.cards[st.card_ids[int(frame[F_CARD])]]
    index = int(frame[F_IDX])
    if frame[F_SRC] == SRC_MODE:
        return d.modes[index].steps
    if frame[F_SRC] == SRC_TALENT:
        return d.talents[index].steps
    return d.abilities[index].steps


def push_event(st: EpicState, card: int, ctl: int, mode: int) -> None:
    """Start resolving an event's chosen mode."""
    st.stack.append(new_frame(card, ctl, SRC_MODE, mode))


def chooser(st: EpicState, step: StepDef, ctl: int) -> int:
    """Who chooses a step's target: its controller, or the next player."""
    if step.chooser == "you":
        return ctl
    s = next_seat(st, ctl)
    while not opposed(st, ctl, s) and s != ctl:
        s = next_seat(st, s)
    return s


def _next_chooser(st: EpicState, frame: list[Any]) -> bool:
    """A sentence every player chooses in ("starting with you, each player chooses …",
    R37, R66): the players still to choose, from the sentence's controller clockwise
    (Hunter: those within range), kept in the frame's memo; False once all have chosen."""
    memo = frame[F_MEMO]
    queue = memo.get("choosers")
    if queue is None:
        ctl = frame[F_CTL]
        queue = [ctl]
        s = next_seat(st, ctl)
        while s != ctl:
            if in_range(st, ctl, s):
                queue.append(s)
            s = next_seat(st, s)
        memo["choosers"] = queue
    while queue and queue[0] in st.out:
        queue.pop(0)
    if not queue:
        del memo["choosers"]
        return False
    return True


def choosing_seat(step: StepDef, frame: list[Any]) -> int:
    """The player whose "you" a target sentence's selectors mean while they choose: the
    player choosing in an "each player chooses" sentence, otherwise its controller."""
    if step.chooser == "each":
        return int(frame[F_MEMO]["choosers"][0])
    return int(frame[F_CTL])


def targeted(step: StepDef) -> SelectorDef | None:
    """The selector of a step that asks for a target, if any."""
    for sel in step.to:
        if sel.target is not None:
            return sel
    return None


def target_choices(step: StepDef, options: list[int]) -> list[tuple[Any, ...]]:
    """The actions of a target decision: each legal target, and "skip" for an "up to" one."""
    out: list[tuple[Any, ...]] = [("target", x) for x in options]
    if step.up_to:
        out.append(("skip",))
    return out


def ask(st: EpicState, pending: tuple[Any, ...], options: list[tuple[Any, ...]]) -> None:
    """Open a decision whose options were just worked out: they are kept as the legal
    actions (the state does not change before they are asked for)."""
    st.pending = pending
    st._legal = options


def step_times(step: StepDef, frame: list[Any]) -> int:
    """How many times a sentence runs (``times`` or X)."""
    return int(frame[F_MEMO].get("x", 0)) if step.times_x else step.times


def run(db: EpicDB, st: EpicState) -> None:
    """Resolve frames and activation sets until a decision is needed or nothing is left."""
    while not st.pending:
        if st.assign and _assigned_choice(st):
            return
        if st.stack:
            frame = st.stack[-1]
            steps = frame_steps(db, st, frame)
            k = frame[F_STEP]
            memo = frame[F_MEMO]
            if k < 0:  # a Loyalty or a "may" waiting for its decision
                st.pending = ("may", frame[F_CTL])
                return
            if k >= len(steps):
                st.stack.pop()
                end_frame(db, st, frame)
                settle(db, st)
                continue
            step = steps[k]
            times = step_times(step, frame)
            if times <= 0:
                frame[F_STEP] = k + 1
                continue
            if (
                step.may
                and step.to
                and all(
                    sel.target is not None and not target_options(db, st, sel, frame[F_CTL], frame)
                    for sel in step.to
                )
            ):
                memo["did"] = 0  # nothing it could act on: no question (epic.target.partial)
                frame[F_STEP] = k + 1
                continue
            if step.may and not frame[F_CHOSEN] and not memo.pop("go", 0):
                # "You may …": the controller decides before the sentence (epic.ability.may).
                frame[F_STEP] = -(k + 2)
                st.pending = ("may", frame[F_CTL])
                return
            if step.op == "choose_x":
                if "x" not in memo:
                    st.pending = ("x", frame[F_CTL])
                    return
                frame[F_STEP] = k + 1
                continue
            target_sel = targeted(step)
            skipped = bool(memo.pop("skip", 0))
            each = step.chooser == "each"
            if each and not _next_chooser(st, frame):
                frame[F_STEP] = k + 1  # every player has chosen (or had nothing to choose)
                continue
            if target_sel is not None and not frame[F_CHOSEN] and not skipped:
                who = memo["choosers"][0] if each else frame[F_CTL]
                options = target_options(db, st, target_sel, who, frame)
                if options and step_live(st, step, frame) and condition_holds(db, st, step, frame):
                    if not each:
                        who = chooser(st, step, frame[F_CTL])
                    ask(st, ("target", who), target_choices(step, options))
                    return
                if each:  # nothing of theirs to choose: the next player
                    memo["choosers"].pop(0)
                    continue
                # no legal target: this sentence does what it can (epic.target.partial)
            chosen = list(frame[F_CHOSEN])
            if target_sel is not None and target_sel.target == "player" and chosen:
                frame[F_TP] = chosen[0] & ~PLAYER
            if chosen:
                remember(db, st, frame, chosen[0])
            frame[F_CHOSEN] = []
            rep = int(memo.get("rep", 0)) + 1
            last = rep >= times
            if last:
                memo.pop("rep", None)
                frame[F_STEP] = k + 1
            else:
                memo["rep"] = rep
            if each:  # the next player chooses in the same sentence
                memo["choosers"].pop(0)
                frame[F_STEP] = k
            acted = do_step(db, st, step, frame, chosen, last)
            if step.op not in ("mark", "divide"):
                memo["them"] = acted
            settle(db, st)
            continue
        if st.triggers:
            if len(order_options(db, st)) > 1:
                # The player orders their own simultaneous abilities (epic.trigger.set, R28).
                st.pending = ("order", st.triggers[0][0][1])
                return
            start_trigger(db, st, 0)
            continue
        return


def _assigned_choice(st: EpicState) -> bool:
    """Open a discard or Recycle decision that ``state.assign`` is waiting for, if any (a
    discard owed by a player whose hand is empty by then does nothing: two "discards at
    the end of the turn" aimed at one small hand)."""
    queue = st.assign.get("discard")
    while queue and not st.hands[queue[0]]:
        queue.pop(0)
    if queue:
        st.pending = ("discard", queue[0])
        return True
    if st.assign.get("recycle"):
        st.pending = ("recycle", st.assign["recycle"][0])
        return True
    return False


def order_options(db: EpicDB, st: EpicState) -> list[tuple[Any, ...]]:
    """The abilities of the next player in the current activation set that could go first
    (one option per different ability: copies and identical abilities are one choice)."""
    fired = st.triggers[0]
    ctl = fired[0][1]
    out: list[tuple[Any, ...]] = []
    seen: set[int] = set()
    for t in fired:
        card, c, k = t[0], t[1], t[2]
        if c != ctl:
            break
        ability = defn(db, st, card).abilities[k]
        if ability.when == "loyalty" and not loyalty_possible(db, st, card, c, ability.n):
            continue  # it will do nothing: no reason to order it
        key = value_key(ability)
        if key not in seen:
            seen.add(key)
            out.append(("first", card, k))
    return out


_INTERNED: dict[Any, int] = {}
_KEY_OF: dict[int, tuple[Any, int]] = {}


def value_key(part: Any) -> int:
    """A number shared by equal card parts (hashable pydantic models, e.g. abilities):
    comparing these numbers is comparing the parts, but each part is hashed only once."""
    known = _KEY_OF.get(id(part))
    if known is not None and known[0] is part:
        return known[1]
    key = _INTERNED.setdefault(part, len(_INTERNED))
    _KEY_OF[id(part)] = (part, key)  # the part is kept alive, so its id stays its own
    return key


def loyalty_possible(db: EpicDB, st: EpicState, card: int, ctl: int, n: int) -> bool:
    """Whether the player holds N cards of the card's faction to reveal."""
    faction = defn(db, st, card).faction
    return sum(1 for c in st.hands[ctl] if defn(db, st, c).faction == faction) >= n


def start_trigger(db: EpicDB, st: EpicState, index: int) -> None:
    """Put one ability of the current activation set on the stack (a Loyalty without enough
    cards of its faction in hand does nothing, epic.keyword.loyalty)."""
    fired = st.triggers[0]
    t = fired.pop(index)
    card, ctl, k = t[0], t[1], t[2]
    if not fired:
        st.triggers.pop(0)
    ability = defn(db, st, card).abilities[k]
    start = 0
    if ability.when == "loyalty":
        if not loyalty_possible(db, st, card, ctl, ability.n):
            return
        start = -1
    if st.log is not None:
        emit(st, "trigger", "epic.ability.triggered", ctl, card=card)
    frame = new_frame(card, ctl, SRC_ABILITY, k, start)
    if len(t) > 3:
        frame[F_TP] = t[3]  # the player the trigger concerns: "that player"
    st.stack.append(frame)


def order_choice(db: EpicDB, st: EpicState, card: int, k: int) -> None:
    """The chosen ability goes first."""
    fired = st.triggers[0]
    index = next(n for n, t in enumerate(fired) if t[0] == card and t[2] == k)
    st.pending = NO_DECISION
    start_trigger(db, st, index)


def remember(db: EpicDB, st: EpicState, frame: list[Any], x: int) -> None:
    """Keep the chosen target for later sentences ("it", "its controller")."""
    memo = frame[F_MEMO]
    memo.setdefault("targets", []).append(x)
    if x & PLAYER:
        return
    memo["it"] = x
    if st.controller[x] >= 0:
        memo["it_ctl"] = st.controller[x]
        memo["it_off"] = offense(db, st, x)
        memo["it_unb"] = int(
            x in st.attackers
            and st.window == "before_damage"
            and not st.blocked
            and st.defender == frame[F_CTL]
        )
    else:
        memo["it_ctl"] = -1
        memo["it_off"] = 0
        memo["it_unb"] = 0


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
                if st.log is not None:
                    emit(st, "banished", "epic.keyword.recall", st.owner[card], card=card)
            else:
                put_in_discard(db, st, card)


def choose_target(db: EpicDB, st: EpicState, x: int) -> None:
    """Bind the current step's target (``-1``: an "up to" target left unchosen)."""
    if x < 0:
        st.stack[-1][F_MEMO]["skip"] = 1
    else:
        st.stack[-1][F_CHOSEN] = [x]
    st.pending = NO_DECISION


def choose_x(st: EpicState, n: int) -> None:
    """Bind X for the effect resolving."""
    st.stack[-1][F_MEMO]["x"] = n
    st.pending = NO_DECISION


def x_options(db: EpicDB, st: EpicState) -> list[int]:
    """The values X may take: 0 up to the number of cards the step counts."""
    frame = st.stack[-1]
    step = frame_steps(db, st, frame)[frame[F_STEP]]
    sel = step.to[0] if step.to else None
    top = len(target_options(db, st, sel, frame[F_CTL], frame)) if sel is not None else 0
    return list(range(top + 1))


def discard_choice(db: EpicDB, st: EpicState, card: int) -> None:
    """A player discards a chosen card (epic.card.text)."""
    seat = st.assign["discard"].pop(0)
    st.hands[seat].remove(card)
    put_in_discard(db, st, card)
    if st.log is not None:
        emit(st, "discard", "epic.card.text", seat, card=card)
    st.pending = NO_DECISION
    settle(db, st)


__all__ = ["EXPENDED", "GameOver", "run"]
