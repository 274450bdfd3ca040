"""Blue Moon "now" actions that need choices (power kind ``act``), as explicit tasks.

Playing a card whose power acts "now" queues a task ``[code, actor, source, n, done]`` on
``state.tasks``; while tasks wait the decision is ``("task", actor)``:

  ("pick", card)   choose a card the action works on
  ("yes",)         carry out an optional action that needs no card choice
  ("stop",)        decline an optional action / stop choosing ("may", "any number")

Modes (``Power.mode`` of kind ``act``):
  discard_active   discard up to ``n`` of your active cards of ``types`` (PROTECTED cards
                   and, with ``except_last``, your last active character excepted)
  discard_all      discard all your cards of ``types`` in play (active PROTECTED excepted)
  retrieve_own     take back one of my active cards (``types``) into my hand
  take_hand        take ``n`` random cards from your hand and discard them
  force_discard    you discard ``n`` cards of your choice from your hand
  hand_cap         you discard down to ``n`` cards, your choice
  reveal_hand      your hand is revealed (face up until played)
  search_deck      I may take one card of my deck into my hand (shown), then reshuffle
  search_pile      I may take one card of my discard pile into my hand (shown)
  pile_draw        I may draw ``n`` cards at random from my shuffled discard pile
  pile_to_deck     I may shuffle my discard pile into my deck
  discard_any      I may discard any number of cards from my hand
  bottom_any       I may put any number of cards from my hand under my deck
  dragon_discard   I may discard cards from hand with printed ``element`` values totalling at
                   least ``n`` (or ``n`` characters, ``types = ["character"]``) to attract a dragon
"""

from __future__ import annotations

from typing import Any

from cardtable.core import rng as crng
from cardtable.games.bluemoon.cards import BlueMoonDB, Power
from cardtable.games.bluemoon.powers import active, defn, draw_cap, icons, powers
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
)
T_CODE, T_ACTOR, T_SOURCE, T_N, T_DONE = range(5)
ELEMENT = {"fire": 0, "earth": 1}


def power_of(db: BlueMoonDB, st: BlueMoonState, task: list[int]) -> Power:
    """The ``act`` power a task carries out."""
    acts = [p for p in defn(db, st, task[T_SOURCE]).powers if p.kind == "act"]
    return acts[task[T_N]]


def queue(db: BlueMoonDB, st: BlueMoonState, s: int, c: int, timing: str = "now") -> None:
    """Queue the ``act`` powers of a card of ``s`` that act at ``timing`` ("now": just
    played, which includes "on my turn" powers); actions without a choice happen at once."""
    acts = [p for p in defn(db, st, c).powers if p.kind == "act"]
    for k, p in enumerate(acts):
        if p.timing != timing and not (timing == "now" and p.timing == "my_turn"):
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


def _take_hand(st: BlueMoonState, s: int, n: int) -> None:
    other = 1 - s
    for _ in range(min(n, len(st.hands[other]))):
        k = crng.randbelow(st, len(st.hands[other]))
        c = st.hands[other].pop(k)
        st.discards[other].append(c)
        st.public[c] = 1
    st.irrev = 1


def _opp_active(db: BlueMoonDB, st: BlueMoonState, s: int, p: Power) -> list[int]:
    other = 1 - s
    cards = [
        i
        for i in active(db, st, other)
        if defn(db, st, i).type in (p.types or ("booster", "support", "character"))
    ]
    cards = [i for i in cards if "protected" not in defn(db, st, i).icons]
    if p.with_icons:
        cards = [i for i in cards if icons(db, st, i)]
    if p.except_last:
        chars = [i for i in active(db, st, other) if defn(db, st, i).type == "character"]
        if len(chars) <= 1:
            cards = [i for i in cards if i not in chars]
    return cards


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
        pool = st.combat[s] if p.combat_only else active(db, st, s)
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
    elif mode in ("pile_draw", "pile_to_deck", "discard_all", "mill", "take_hand"):
        out = [("yes",)]
    elif mode == "top3":
        out = [("pick", c) for c in st.decks[s][-3:]]
    elif mode == "draw3":
        out = [("yes",)] if task[T_DONE] < 3 and st.decks[s] else []
    elif mode == "back2":
        out = [("pick", c) for c in st.hands[s]]
    seen: set[str] = set()
    unique = []
    for o in out:
        key = st.card_ids[o[1]] if len(o) > 1 else o[0]
        if key not in seen:
            seen.add(key)
            unique.append(o)
    if mode in INTO_HAND and blocked(db, st, s, mode in FROM_DECK):
        unique = []  # the opponent's cards forbid taking cards (draw_block powers)
    if mode == "dragon_discard" and task[T_DONE] == 0 and not _reachable(db, st, s, p):
        unique = []  # all or nothing: it cannot be done (bluemoon.special.rule4)
    if _optional(mode, task, p, db, st) or not unique:
        unique.append(("stop",))
    return unique


INTO_HAND = ("search_deck", "search_pile", "pile_draw", "top3", "draw3", "retrieve_own")
FROM_DECK = ("search_deck", "top3", "draw3")


def blocked(db: BlueMoonDB, st: BlueMoonState, s: int, from_deck: bool) -> bool:
    """Whether the opponent's cards stop ``s`` taking a card into hand (from the deck)."""
    for p in powers(db, st, 1 - s):
        if p.kind != "draw_block":
            continue
        if p.mode == "no_take" or (p.mode == "hand_four" and len(st.hands[s]) >= 4):
            return True
        drawn = st.plays[4] if st.active == s else 0
        if from_deck and draw_cap(db, st, s, 1, drawn) == 0:
            return True
    return False


def _reachable(db: BlueMoonDB, st: BlueMoonState, s: int, p: Power) -> bool:
    cards = [c for c in st.hands[s] if _counts_for_dragon(db, st, c, p)]
    if p.types:
        return len(cards) >= p.n
    return sum(defn(db, st, c).value(ELEMENT[p.element or "fire"]) for c in cards) >= p.n


def _optional(mode: str, task: list[int], p: Power, db: BlueMoonDB, st: BlueMoonState) -> bool:
    if mode == "force_discard":
        return task[T_ACTOR] == st.owner[task[T_SOURCE]]
    if mode in ("hand_cap", "back2"):
        return False
    if mode == "dragon_discard":
        return task[T_DONE] == 0  # once begun, finish it (bluemoon.special.rule4)
    return True


def _counts_for_dragon(db: BlueMoonDB, st: BlueMoonState, c: int, p: Power) -> bool:
    d = defn(db, st, c)
    if p.types:
        return d.type in p.types
    return d.value(ELEMENT[p.element or "fire"]) > 0


def choose(db: BlueMoonDB, st: BlueMoonState, action: tuple[Any, ...]) -> int:
    """Carry out a choice; returns the number of dragons the task attracts (0 or 1)."""
    task = st.tasks[0]
    mode = MODES[task[T_CODE]]
    s = task[T_ACTOR]
    p = power_of(db, st, task)
    if action[0] == "stop":
        st.tasks.pop(0)
        if mode == "search_deck":  # "then I reshuffle", whether or not a card was taken
            crng.shuffle(st, st.decks[s])
        if mode == "draw3" and task[T_DONE] and st.hands[s]:
            st.tasks.insert(0, [MODES.index("back2"), s, task[T_SOURCE], task[T_N], 0])
        return 0
    st.irrev = 1
    if mode == "force_discard" and action[0] == "yes":
        task[T_ACTOR] = 1 - s  # now the opponent chooses what to discard
        if not st.hands[1 - s]:
            st.tasks.pop(0)
        return 0
    if mode in FROM_DECK and st.active == s:
        st.plays[4] += 1  # a card taken from the deck this turn (Gluing Dust counts it)
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
    elif mode == "retrieve_own":
        i = action[1]
        area = st.combat[s] if i in st.combat[s] else st.support[s]
        area.remove(i)
        st.act[i] = 0
        st.played_on[i] = 0
        st.hands[s].append(i)
        st.tasks.pop(0)
    elif mode in ("force_discard", "hand_cap", "discard_any"):
        c = action[1]
        st.hands[s].remove(c)
        st.discards[s].append(c)
        st.public[c] = 1
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
        st.hands[s].append(c)
        st.public[c] = 1  # shown to the opponent
        crng.shuffle(st, st.decks[s])
        st.tasks.pop(0)
    elif mode == "search_pile":
        c = action[1]
        st.discards[s].remove(c)
        st.hands[s].append(c)
        st.public[c] = 1
        st.tasks.pop(0)
    elif mode == "pile_draw":
        pile = st.discards[s]
        crng.shuffle(st, pile)
        for _ in range(min(p.n, len(pile))):
            c = pile.pop()
            st.hands[s].append(c)
            st.public[c] = 0
        st.tasks.pop(0)
    elif mode == "pile_to_deck":
        for c in st.discards[s]:
            st.public[c] = 0
        st.decks[s].extend(st.discards[s])
        st.discards[s] = []
        crng.shuffle(st, st.decks[s])
        st.tasks.pop(0)
    elif mode == "take_hand":
        _take_hand(st, s, p.n)
        st.tasks.pop(0)
    elif mode == "mill":
        other = 1 - s
        if st.decks[other]:
            c = st.decks[other].pop()
            st.discards[other].append(c)
            st.public[c] = 1
        st.tasks.pop(0)
    elif mode == "top3":
        top = st.decks[s][-3:]
        del st.decks[s][-3:]
        for c in top:
            if c == action[1]:
                st.discards[s].append(c)
                st.public[c] = 1
            else:
                st.hands[s].append(c)
                st.public[c] = 1  # the three were revealed
        st.tasks.pop(0)
    elif mode == "draw3":
        c = st.decks[s].pop()
        st.hands[s].append(c)
        task[T_DONE] += 1
        if task[T_DONE] >= 3 or not st.decks[s]:
            st.tasks.pop(0)
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
        st.discards[s].append(c)
        st.public[c] = 1
        gained = 1 if p.types else defn(db, st, c).value(ELEMENT[p.element or "fire"])
        task[T_DONE] += gained
        if task[T_DONE] >= p.n:
            st.tasks.pop(0)
            return 1
    return 0


def _discard_from_play(st: BlueMoonState, i: int) -> None:
    s = st.owner[i]
    area = st.combat[s] if i in st.combat[s] else st.support[s]
    area.remove(i)
    st.act[i] = 0
    st.played_on[i] = 0
    st.discards[s].append(i)
    st.public[i] = 1
