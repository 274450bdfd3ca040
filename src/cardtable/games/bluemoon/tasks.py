"""Blue Moon powers that need choices, as explicit tasks.

Playing a card whose power acts "now" (power kind ``act``, or a "may" draw) queues a task
``[code, actor, source, n, done]`` on ``state.tasks`` (``n``: the index of the power among
the source card's powers); while tasks wait the decision is ``("task", actor)``:

  ("pick", card)   choose a card the action works on
  ("yes",)         carry out an optional action that needs no card choice
  ("draw", k)      take k cards (a "may draw": how many is the player's choice)
  ("reveal", k)    reveal k cards from the top of the deck (Shaman of the Holy Sacrifice)
  ("stop",)        decline an optional action / stop choosing ("may", "any number")

Modes (``Power.mode`` of kind ``act``, and the engine's own ``aim`` and ``draw``):
  discard_active   discard up to ``n`` of your active cards of ``types`` (PROTECTED cards
                   and, with ``except_last``, your last active character excepted)
  discard_all      discard all your cards of ``types`` in play (active PROTECTED excepted)
  retrieve_own     take back one of my active cards (``types``) into my hand
  take_hand        take up to ``n`` random cards from your hand and discard them
  force_discard    you discard ``n`` cards of your choice from your hand
  hand_cap         you discard down to ``n`` cards, your choice
  reveal_hand      your hand is revealed (face up until played)
  search_deck      I may take one card of my deck into my hand (shown), then reshuffle
  search_pile      I may take one card of my discard pile into my hand (shown)
  pile_draw        I may draw up to ``n`` cards at random from my shuffled discard pile
  pile_to_deck     I may shuffle my discard pile into my deck
  discard_any      I may discard any number of cards from my hand
  bottom_any       I may put any number of cards from my hand under my deck
  dragon_discard   I may discard cards from hand with printed ``element`` values totalling at
                   least ``n`` (or ``n`` characters, ``types = ["character"]``) to attract a dragon
  mill             I may discard the top card of your deck
  top3             I may reveal up to three cards from the top of my deck, discard one of
                   them and take the others into my hand
  draw3            I may draw up to three cards, then put two hand cards back and reshuffle
  back2            (the second half of draw3)
  drown            I may discard all your active combat cards except one active character
                   (of my choice) and PROTECTED cards (Drown Resistance)
  aim              the engine's: the player chooses the card a "one of my …" card applies to
  draw             the engine's: a "may draw" (kind ``draw`` now, ``end_draw`` at the end
                   of my turn): how many cards to draw
Cards are taken into a hand one at a time, each as far as the opponent's cards allow
(draw_block powers: Quivering Quicksand's limit holds for every card).
"""

from __future__ import annotations

from typing import Any

from cardtable.core import rng as crng
from cardtable.games.bluemoon.powers import (
    active,
    aim_targets,
    defn,
    discard_card,
    draw_cap,
    has_power,
    icons,
    in_play,
    powers,
)
from cardtable.games.bluemoon.records import BlueMoonDB, PowerDef
from cardtable.games.bluemoon.state import BlueMoonState

MODES = (
    "discard_active",
    "discard_all",
    "retrieve_own",
    "take_hand",
    "force_discard",
    "hand_cap",
    "reveal_hand",
    "search_deck",
    "search_pile",
    "pile_draw",
    "pile_to_deck",
    "discard_any",
    "bottom_any",
    "dragon_discard",
    "mill",
    "top3",
    "draw3",
    "back2",
    "drown",
    "aim",
    "draw",
)
ENGINE_MODES = ("aim", "draw")  # the engine's own tasks, never a card's ``act`` mode
T_CODE, T_ACTOR, T_SOURCE, T_N, T_DONE = range(5)
ELEMENT = {"fire": 0, "earth": 1}
P_DRAWN = 4  # rules.P_DRAWN: cards drawn from the deck this turn
MANY = 99


def power_of(db: BlueMoonDB, st: BlueMoonState, task: list[int]) -> PowerDef:
    """The power a task carries out."""
    return defn(db, st, task[T_SOURCE]).powers[task[T_N]]


def queue(db: BlueMoonDB, st: BlueMoonState, s: int, c: int, timing: str = "now") -> None:
    """Queue the powers of a card of ``s`` that act at ``timing`` ("now": just played; a
    "may draw" now too); actions without a choice happen at once."""
    for k, p in enumerate(defn(db, st, c).powers):
        if p.kind == "draw" and p.may and timing == "now":
            st.tasks.append([MODES.index("draw"), s, c, k, 0])
            continue
        if p.kind != "act" or p.timing != timing:
            continue
        mode = p.mode or ""
        # "you discard": the opponent chooses; "I may force you": I say yes first
        opponent_acts = mode == "hand_cap" or (mode == "force_discard" and not p.may)
        actor = 1 - s if opponent_acts else s
        if mode == "reveal_hand":
            for x in st.hands[1 - s]:
                st.public[x] = 1
            st.irrev = 1
        elif mode == "hand_cap" and len(st.hands[1 - s]) <= p.n:
            continue  # nothing to discard
        else:
            st.tasks.append([MODES.index(mode), actor, c, k, 0])


def queue_end_draws(db: BlueMoonDB, st: BlueMoonState, s: int, cards: list[int]) -> None:
    """The "at the end of my turn I (may) draw" powers of these cards, as draw tasks: the
    added cards first, "draw to nine" (Ketharkopas: "if my turn is about to end") last."""
    for last in (False, True):
        for c in cards:
            for k, p in enumerate(defn(db, st, c).powers):
                if p.kind == "end_draw" and (p.mode == "to") == last:
                    st.tasks.append([MODES.index("draw"), s, c, k, 0])


def _opp_active(db: BlueMoonDB, st: BlueMoonState, s: int, p: PowerDef) -> list[int]:
    """The opponent's active cards an action may discard (ignored ones are active cards
    too, bluemoon.special.rule2)."""
    other = 1 - s
    here = in_play(st, other)
    cards = [
        i for i in here if defn(db, st, i).type in (p.types or ("booster", "support", "character"))
    ]
    cards = [i for i in cards if "protected" not in defn(db, st, i).icons]
    if p.with_icons:
        cards = [i for i in cards if icons(db, st, i)]
    if p.except_last:
        chars = [i for i in here if defn(db, st, i).type == "character"]
        if len(chars) <= 1:
            cards = [i for i in cards if i not in chars]
    return cards


def has_work(db: BlueMoonDB, st: BlueMoonState, s: int, p: PowerDef) -> bool:
    """Whether an "on my turn" action has anything to work on now."""
    if p.mode == "discard_active":
        return bool(_opp_active(db, st, s, p))
    return True


def hand_room(db: BlueMoonDB, st: BlueMoonState, s: int, from_deck: bool) -> int:
    """How many more cards ``s`` may take into hand now, one at a time (the opponent's
    draw_block powers; from the deck also its draw limits)."""
    room = MANY
    if not has_power(db, st, 1 - s, "draw_block"):
        return room  # no blocks, and none on drawing from the deck (draw_cap)
    for p in powers(db, st, 1 - s):
        if p.kind != "draw_block":
            continue
        if p.mode == "no_take":
            return 0
        if p.mode == "hand_four":
            room = min(room, max(0, 4 - len(st.hands[s])))
    if from_deck:
        drawn = st.plays[P_DRAWN] if st.active == s else 0
        room = min(room, draw_cap(db, st, s, MANY, drawn))
    return room


def blocked(db: BlueMoonDB, st: BlueMoonState, s: int, from_deck: bool) -> bool:
    """Whether the opponent's cards stop ``s`` taking a card into hand (from the deck)."""
    return hand_room(db, st, s, from_deck) <= 0


def _draw_limit(db: BlueMoonDB, st: BlueMoonState, task: list[int], p: PowerDef) -> int:
    """The most cards a "may draw" task may take now."""
    s = task[T_ACTOR]
    mode = MODES[task[T_CODE]]
    if mode == "take_hand":
        return min(max(1, p.n), len(st.hands[1 - s]))
    if mode == "pile_draw":
        return min(p.n, len(st.discards[s]), hand_room(db, st, s, False))
    if mode == "draw3":
        return min(3, len(st.decks[s]), hand_room(db, st, s, True))
    want = p.n - len(st.hands[s]) if p.kind == "end_draw" and p.mode == "to" else p.n
    return min(want, len(st.decks[s]), hand_room(db, st, s, True))


def options(db: BlueMoonDB, st: BlueMoonState) -> list[tuple[Any, ...]]:
    """The options of the task on top."""
    task = st.tasks[0]
    mode = MODES[task[T_CODE]]
    s = task[T_ACTOR]
    p = power_of(db, st, task)
    out: list[tuple[Any, ...]] = []
    if mode == "discard_active":
        out = [("pick", i) for i in _opp_active(db, st, s, p)]
    elif mode == "retrieve_own":  # combat_only: any card of my combat area
        pool = st.combat[s] if p.combat_only else in_play(st, s)
        out = [
            ("pick", i)
            for i in pool
            if defn(db, st, i).type in (p.types or ("character", "booster", "support"))
            and i != task[T_SOURCE]
        ]
    elif mode == "force_discard" and s == st.owner[task[T_SOURCE]]:
        out = [("yes",)]  # "I may force you": the card's player decides first
    elif mode in ("force_discard", "hand_cap", "discard_any", "bottom_any", "dragon_discard"):
        cards = st.hands[s]
        if mode == "dragon_discard":
            cards = [c for c in cards if _counts_for_dragon(db, st, c, p)]
        out = [("pick", c) for c in cards]
    elif mode == "search_deck":
        out = [("pick", c) for c in st.decks[s]]
    elif mode == "search_pile":
        out = [("pick", c) for c in st.discards[s]]
    elif mode in ("pile_to_deck", "discard_all", "mill"):
        out = [("yes",)]
    elif mode in ("take_hand", "pile_draw", "draw3", "draw"):
        out = [("draw", k) for k in range(1, _draw_limit(db, st, task, p) + 1)]
    elif mode == "top3":
        if task[T_DONE]:  # the revealed cards are the last ones in hand: discard one
            out = [("pick", c) for c in st.hands[s][-task[T_DONE] :]]
        else:
            room = hand_room(db, st, s, True)
            if room > 0:
                out = [("reveal", k) for k in range(1, min(3, len(st.decks[s]), room + 1) + 1)]
    elif mode == "back2":
        out = [("pick", c) for c in st.hands[s]]
    elif mode == "drown":
        chars = [i for i in in_play(st, 1 - s) if defn(db, st, i).type == "character"]
        out = [("pick", i) for i in chars] if chars else [("yes",)]
    elif mode == "aim":
        out = [("pick", i) for i in aim_targets(db, st, task[T_SOURCE])]
    seen: set[str] = set()
    unique = []
    for o in out:
        key = st.card_ids[o[1]] if o[0] == "pick" else repr(o)
        if key not in seen:
            seen.add(key)
            unique.append(o)
    if mode in INTO_HAND and blocked(db, st, s, mode in FROM_DECK):
        unique = []  # the opponent's cards forbid taking cards (draw_block powers)
    if mode == "dragon_discard" and task[T_DONE] == 0 and not _reachable(db, st, s, p):
        unique = []  # all or nothing: it cannot be done (bluemoon.special.rule4)
    if _optional(mode, task, p, st) or not unique:
        unique.append(("stop",))
    return unique


INTO_HAND = ("search_deck", "search_pile", "pile_draw", "draw3", "retrieve_own")
FROM_DECK = ("search_deck", "draw3")


def _reachable(db: BlueMoonDB, st: BlueMoonState, s: int, p: PowerDef) -> bool:
    cards = [c for c in st.hands[s] if _counts_for_dragon(db, st, c, p)]
    if p.types:
        return len(cards) >= p.n
    return sum(defn(db, st, c).value(ELEMENT[p.element or "fire"]) for c in cards) >= p.n


def _optional(mode: str, task: list[int], p: PowerDef, st: BlueMoonState) -> bool:
    if mode == "force_discard":
        return task[T_ACTOR] == st.owner[task[T_SOURCE]]
    if mode in ("hand_cap", "back2", "aim"):
        return False
    if mode == "top3":
        return task[T_DONE] == 0  # once revealed, one of them is discarded
    if mode == "draw":
        return p.may
    if mode == "dragon_discard":
        return task[T_DONE] == 0  # once begun, finish it (bluemoon.special.rule4)
    return True


def _counts_for_dragon(db: BlueMoonDB, st: BlueMoonState, c: int, p: PowerDef) -> bool:
    d = defn(db, st, c)
    if p.types:
        return d.type in p.types
    return d.value(ELEMENT[p.element or "fire"]) > 0


def _into_hand(st: BlueMoonState, s: int, c: int, shown: bool) -> None:
    st.hands[s].append(c)
    st.public[c] = 1 if shown else 0


def choose(db: BlueMoonDB, st: BlueMoonState, action: tuple[Any, ...]) -> int:
    """Carry out a choice; returns the number of dragons the task attracts (0 or 1). The
    cards of a ``draw`` task are drawn by the rules (``rules.take``)."""
    task = st.tasks[0]
    mode = MODES[task[T_CODE]]
    s = task[T_ACTOR]
    p = power_of(db, st, task)
    if action[0] == "stop":
        st.tasks.pop(0)
        if mode == "search_deck":  # "then I reshuffle", whether or not a card was taken
            crng.shuffle(st, st.decks[s])
        return 0
    if mode == "aim":  # the player's own choice of how their card applies: reversible
        if s != st.active and len(aim_targets(db, st, task[T_SOURCE])) > 1:
            st.irrev = 1  # the other player chose among several: no going back (rule 11)
        st.aim[task[T_SOURCE]] = action[1]
        st.forget()  # the totals read the aims
        st.tasks.pop(0)
        return 0
    st.irrev = 1
    if mode == "force_discard" and action[0] == "yes":
        task[T_ACTOR] = 1 - s  # now the opponent chooses what to discard
        if not st.hands[1 - s]:
            st.tasks.pop(0)
        return 0
    if mode == "discard_active":
        _discard_from_play(st, action[1])
        task[T_DONE] += 1
        if task[T_DONE] >= max(1, p.n):
            st.tasks.pop(0)
    elif mode == "discard_all":
        other = 1 - s
        kinds = p.types or ("character", "booster", "support")
        for i in list(st.combat[other] + st.support[other]):
            d = defn(db, st, i)
            if d.type in kinds and not (
                "protected" in d.icons and (st.act[i] or i in st.support[other])
            ):
                _discard_from_play(st, i)
        st.tasks.pop(0)
    elif mode == "drown":
        other = 1 - s
        keep = action[1] if action[0] == "pick" else -1
        for i in [i for i in st.combat[other] if st.act[i]]:
            if i != keep and "protected" not in defn(db, st, i).icons:
                _discard_from_play(st, i)
        st.tasks.pop(0)
    elif mode == "retrieve_own":
        i = action[1]
        area = st.combat[s] if i in st.combat[s] else st.support[s]
        area.remove(i)
        leave_play(st, i)
        st.hands[s].append(i)
        st.tasks.pop(0)
    elif mode in ("force_discard", "hand_cap", "discard_any"):
        c = action[1]
        st.hands[s].remove(c)
        discard_card(db, st, c)
        task[T_DONE] += 1
        if (mode == "force_discard" and (task[T_DONE] >= p.n or not st.hands[s])) or (
            mode == "hand_cap" and len(st.hands[s]) <= p.n
        ):
            st.tasks.pop(0)
    elif mode == "bottom_any":
        c = action[1]
        st.hands[s].remove(c)
        st.decks[s].insert(0, c)
        st.public[c] = 0
    elif mode == "search_deck":
        c = action[1]
        st.decks[s].remove(c)
        _into_hand(st, s, c, True)  # shown to the opponent
        _count_deck_draws(st, s, 1)
        crng.shuffle(st, st.decks[s])
        st.tasks.pop(0)
    elif mode == "search_pile":
        c = action[1]
        st.discards[s].remove(c)
        _into_hand(st, s, c, True)
        st.tasks.pop(0)
    elif mode == "pile_draw":
        pile = st.discards[s]
        crng.shuffle(st, pile)
        for _ in range(action[1]):
            if not pile or blocked(db, st, s, False):
                break
            _into_hand(st, s, pile.pop(), False)
        st.tasks.pop(0)
    elif mode == "pile_to_deck":
        for c in st.discards[s]:
            st.public[c] = 0
        st.decks[s].extend(st.discards[s])
        st.discards[s] = []
        crng.shuffle(st, st.decks[s])
        st.tasks.pop(0)
    elif mode == "take_hand":
        _take_hand(db, st, s, action[1])
        st.tasks.pop(0)
    elif mode == "mill":
        other = 1 - s
        if st.decks[other]:
            discard_card(db, st, st.decks[other].pop())
        st.tasks.pop(0)
    elif mode == "top3":
        if action[0] == "reveal":  # the cards are shown and held until one is discarded
            for _ in range(action[1]):
                _into_hand(st, s, st.decks[s].pop(), True)
            task[T_DONE] = action[1]
            return 0
        revealed = st.hands[s][-task[T_DONE] :]
        del st.hands[s][-task[T_DONE] :]
        discard_card(db, st, action[1])
        for c in revealed:
            if c == action[1]:
                continue
            if blocked(db, st, s, True):  # the rest stays on top of the deck
                st.decks[s].append(c)
                st.public[c] = 0
            else:
                _into_hand(st, s, c, True)
                _count_deck_draws(st, s, 1)
        st.tasks.pop(0)
    elif mode == "draw3":
        for _ in range(action[1]):
            if not st.decks[s] or blocked(db, st, s, True):
                break
            _into_hand(st, s, st.decks[s].pop(), False)
            _count_deck_draws(st, s, 1)
        st.tasks.pop(0)
        if st.hands[s]:
            st.tasks.insert(0, [MODES.index("back2"), s, task[T_SOURCE], task[T_N], 0])
    elif mode == "back2":
        c = action[1]
        st.hands[s].remove(c)
        st.decks[s].append(c)
        st.public[c] = 0
        task[T_DONE] += 1
        if task[T_DONE] >= 2 or not st.hands[s]:
            crng.shuffle(st, st.decks[s])
            st.tasks.pop(0)
    elif mode == "dragon_discard":
        c = action[1]
        st.hands[s].remove(c)
        discard_card(db, st, c)
        gained = 1 if p.types else defn(db, st, c).value(ELEMENT[p.element or "fire"])
        task[T_DONE] += gained
        if task[T_DONE] >= p.n:
            st.tasks.pop(0)
            return 1
    return 0


def _count_deck_draws(st: BlueMoonState, s: int, n: int) -> None:
    if st.active == s:
        st.plays[P_DRAWN] += n  # cards taken from the deck this turn (Gluing Dust counts)


def _take_hand(db: BlueMoonDB, st: BlueMoonState, s: int, n: int) -> None:
    other = 1 - s
    for _ in range(min(n, len(st.hands[other]))):
        k = crng.randbelow(st, len(st.hands[other]))
        discard_card(db, st, st.hands[other].pop(k))


def leave_play(st: BlueMoonState, i: int) -> None:
    """A card leaves the combat or support area: no longer active, no turn, no aim; what
    the cards in play make of each other is to be worked out again (``state.Seen``). Every
    way out of the areas passes here (retrieving, discarding from play, rule 11 taking cards
    back, the end of a fight)."""
    st.act[i] = 0
    st.played_on[i] = 0
    st.aim[i] = -1
    st.forget()


def _discard_from_play(st: BlueMoonState, i: int) -> None:
    s = st.owner[i]
    area = st.combat[s] if i in st.combat[s] else st.support[s]
    area.remove(i)
    leave_play(st, i)
    st.discards[s].append(i)
    st.public[i] = 1


__all__ = ["MODES", "active", "choose", "options", "queue"]
