"""Drafting Epic decks before the game (epic.format.random.pick, epic.format.draft_pool,
epic.format.draft_blind, epic.format.draft_triple).

The cards each player is dealt become card instances at the start; the draft is a phase of
the game with explicit decisions, so people and agents draft alike and a drafted game
replays from its seed and actions:

  ("pick", seat)  take a card from the pack you hold         -> ("pick", card)
  ("cut", seat)   leave a card out of your drafted cards     -> ("cut", card)

Kinds: ``pick`` (60 cards each, keep 30), ``limited`` (a pool of random cards each,
keep 30: the Limited format built at the table), ``pool`` (three packs of 10, pick one and
pass the rest: left, right, left), ``blind`` (two players: 5 cards, keep 1 and pass 4,
keep 2 of the 4 received, the other 2 go face down out of the game; ten rounds),
``triple`` (three packs of 12 drafted like ``pool``, then keep 30 of the 36).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import NO_DECISION
from cardtable.games.epic.state import DRAFT, EpicState

DECK = 30
PACK = {"pick": 60, "pool": 10, "blind": 5, "triple": 12}
PACKS = {"pick": 1, "pool": 3, "blind": 10, "triple": 3}
KEEP_ALL = ("pick", "limited")  # every card dealt is the player's: only cuts


def dealt_size(kind: str) -> int:
    """Cards each player is dealt for a kind of draft."""
    return PACK[kind] * PACKS[kind]


def start_draft(st: EpicState, kind: str) -> None:
    """The dealt cards (in ``st.decks``, in dealing order) become packs; the first pick."""
    st.phase = DRAFT
    if kind in KEEP_ALL:  # everything is yours: choose the cards to leave out
        for s, cards in enumerate(st.decks):
            st.drafted[s] = cards
            st.decks[s] = []
        _queue_cuts(st)
        return
    size = PACK[kind]
    for s, cards in enumerate(st.decks):
        st.packs[s] = cards[:size]
        st.later[s] = cards[size:]
        st.decks[s] = []
    _queue_picks(st)


def _queue_picks(st: EpicState) -> None:
    seats = list(range(len(st.packs)))
    if st.draft == "blind" and st.draft_step == 1:
        st.draft_queue = [s for s in seats for _ in range(2)]  # keep 2 of the 4 received
    else:
        st.draft_queue = seats
    st.pending = ("pick", st.draft_queue[0])


def _queue_cuts(st: EpicState) -> None:
    st.draft_step = 9
    st.draft_queue = [s for s in range(len(st.drafted)) for _ in range(len(st.drafted[s]) - DECK)]
    st.pending = ("cut", st.draft_queue[0]) if st.draft_queue else ()


def options(st: EpicState) -> list[tuple[Any, ...]]:
    """The pending draft decision's options (one per card name)."""
    kind, seat = st.pending[0], st.pending[1]
    cards = st.packs[seat] if kind == "pick" else st.drafted[seat]
    seen: set[str] = set()
    out: list[tuple[Any, ...]] = []
    for c in cards:
        if st.card_ids[c] not in seen:
            seen.add(st.card_ids[c])
            out.append((kind, c))
    return out


def choose(st: EpicState, card: int) -> bool:
    """Carry out a pick or a cut; True once every deck is drafted."""
    kind, seat = st.pending[0], st.pending[1]
    st.draft_queue.pop(0)
    if kind == "cut":
        st.drafted[seat].remove(card)
        st.removed.append(card)
        st.public[card] = 0
    else:
        st.packs[seat].remove(card)
        st.drafted[seat].append(card)
        st.owner[card] = seat
    if st.draft_queue:
        st.pending = (st.pending[0], st.draft_queue[0])
        return False
    if kind == "cut":
        return finish(st)
    return _after_picks(st)


def _after_picks(st: EpicState) -> bool:
    """Everyone has picked: pass the packs, open the next, or end the picking."""
    n = len(st.packs)
    if st.draft == "blind":
        if st.draft_step == 0:  # the 4 left go to the other player
            st.packs = [st.packs[1], st.packs[0]]
            _hand_over(st)
            st.draft_step = 1
            _queue_picks(st)
            return False
        for s in range(n):  # the 2 left go face down out of the game
            for c in st.packs[s]:
                st.removed.append(c)
                st.public[c] = 0
            st.packs[s] = []
        st.draft_step = 0
        st.draft_round += 1
        if st.draft_round < PACKS["blind"]:
            _open_packs(st)
            _queue_picks(st)
            return False
        return finish(st)
    if any(st.packs):
        left = st.draft_round % 2 == 0  # epic.format.draft_pool.direction
        st.packs = (
            [st.packs[(s - 1) % n] for s in range(n)]
            if left
            else [st.packs[(s + 1) % n] for s in range(n)]
        )
        _hand_over(st)
        _queue_picks(st)
        return False
    st.draft_round += 1
    if st.draft_round < PACKS[st.draft]:
        _open_packs(st)
        _queue_picks(st)
        return False
    if st.draft == "triple":
        _queue_cuts(st)
        if st.draft_queue:
            return False
    return finish(st)


def _open_packs(st: EpicState) -> None:
    size = PACK[st.draft]
    for s in range(len(st.packs)):
        st.packs[s] = st.later[s][:size]
        st.later[s] = st.later[s][size:]


def _hand_over(st: EpicState) -> None:
    """Cards passed on belong, for now, to whoever holds them."""
    for s, pack in enumerate(st.packs):
        for c in pack:
            st.owner[c] = s


def finish(st: EpicState) -> bool:
    """The drafted cards become each player's deck."""
    for s in range(len(st.drafted)):
        st.decks[s] = st.drafted[s]
        st.drafted[s] = []
        for c in st.decks[s]:
            st.owner[c] = s
    st.draft_queue = []
    st.pending = NO_DECISION
    return True
