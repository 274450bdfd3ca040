"""Epic's state invariants (``EpicGame.check_invariants``): every card in one place, numbers
in range, one pending decision or an outcome. Compiled with the rules: the conformance
suite checks them after every action of thousands of games."""

from __future__ import annotations

from typing import Any

from cardtable.core.errors import Message
from cardtable.core.instances import flatten, is_permutation
from cardtable.games.epic.effects import UNBREAKABLE, defense, keywords
from cardtable.games.epic.problems import MESSAGES
from cardtable.games.epic.records import EpicDB
from cardtable.games.epic.rules import (
    BOUNDARIES,
    HEAL,
    MAX_HAND,
    NEXT,
    STOP_WINDOW,
    continue_seat,
    legal_actions,
)
from cardtable.games.epic.state import MULLIGAN, OVER, PLAY, EpicState


def _stop_problems(st: EpicState) -> list[Message]:
    """What is wrong with a step-mode stop (engine.step): step mode off, an unknown
    boundary, another seat answering than the turn player, a window or combat the
    boundary cannot stand in."""
    problems: list[Message] = []
    if not st.step:
        problems.append(MESSAGES.message("inv_stop_no_step"))
    if len(st.pending) != 3 or st.pending[2] not in BOUNDARIES:
        return [
            *problems,
            MESSAGES.message("inv_stop_unknown", stop=" ".join(map(str, st.pending))),
        ]
    boundary = st.pending[2]
    if st.phase != PLAY:
        problems.append(MESSAGES.message("inv_stop_phase", stop=boundary))
    if st.pending[1] != continue_seat(st):
        problems.append(MESSAGES.message("inv_stop_seat", stop=boundary, seat=st.pending[1] + 1))
    window = STOP_WINDOW.get(boundary)
    if window is not None and st.window != window and st.active not in st.out:
        problems.append(
            MESSAGES.message("inv_stop_window", stop=boundary, window=window, got=st.window)
        )
    if window in ("before_blocks", "before_damage") and st.defender < 0:
        problems.append(MESSAGES.message("inv_stop_combat", stop=boundary))
    if boundary == HEAL and len(st.hands[st.active]) > MAX_HAND:
        problems.append(MESSAGES.message("inv_stop_heal_hand"))
    return problems


_TOKENS: list[Any] = [None, 0, frozenset()]  # the last card list seen, its length, its tokens


def _token_instances(db: EpicDB, card_ids: list[str]) -> frozenset[int]:
    """The instances that are tokens (kept for the card list last asked about: a game's
    list only grows, by cards added to it)."""
    if _TOKENS[0] is not card_ids or _TOKENS[1] != len(card_ids):
        cards = db.cards
        found = frozenset(c for c, cid in enumerate(card_ids) if cards[cid].type == "token")
        _TOKENS[:] = [card_ids, len(card_ids), found]
    tokens: frozenset[int] = _TOKENS[2]
    return tokens


def invariant_problems(db: EpicDB, st: EpicState) -> list[Message]:
    """What is wrong with a state, as catalog messages (empty when nothing is)."""
    problems: list[Message] = []
    m = len(st.card_ids)
    seen = [0] * m
    zones: list[list[int]] = [st.limbo, st.supply, st.removed]
    for s in range(len(st.health)):
        zones += [st.hands[s], st.decks[s], st.discards[s], st.play[s]]
        zones += [st.packs[s], st.later[s], st.drafted[s]]
    flat = flatten(zones)
    if not is_permutation(flat, m):
        # (a permutation of the instances passes; anything else is worked out in detail)
        for c in flat:
            if 0 <= c < m:
                seen[c] += 1
            else:
                problems.append(MESSAGES.message("inv_instance", card=c))
        for c in range(m):
            if seen[c] != 1:
                problems.append(MESSAGES.message("inv_places", card=st.card_ids[c], n=seen[c]))
    tokens = _token_instances(db, st.card_ids)
    for s in range(len(st.health)):
        for zone in (st.hands[s], st.decks[s], st.discards[s]):
            if not tokens.isdisjoint(zone):
                for c in tokens.intersection(zone):
                    problems.append(MESSAGES.message("inv_token_zone", card=st.card_ids[c]))
        for i in st.play[s]:
            if st.controller[i] != s:
                problems.append(MESSAGES.message("inv_controller", card=st.card_ids[i]))
            if st.pos[i] not in (0, 1, 2):
                problems.append(MESSAGES.message("inv_position", card=st.card_ids[i], n=st.pos[i]))
            if st.damage[i] < 0:
                problems.append(MESSAGES.message("inv_negative_damage", card=st.card_ids[i]))
            if (
                st.phase != OVER
                and st.damage[i]
                and st.damage[i] >= defense(db, st, i)
                and not keywords(db, st, i) & UNBREAKABLE
            ):
                problems.append(MESSAGES.message("inv_unbroken", card=st.card_ids[i]))
    in_play = {c for row in st.play for c in row}
    if problems or m - st.controller.count(-1) != len(in_play):
        # (without other problems every card in play has a controller: when as many cards
        # have one as are in play, no card outside play has one)
        for c, who in enumerate(st.controller):
            if who != -1 and c not in in_play:
                problems.append(MESSAGES.message("inv_controller_outside", card=st.card_ids[c]))
    if st.gold and any(g not in (0, 1) for g in st.gold):
        problems.append(MESSAGES.message("inv_gold"))
    stopped = bool(st.pending) and st.pending[0] == "continue"
    if stopped:
        problems += _stop_problems(st)
    if st.phase == OVER:
        if st.pending:
            problems.append(MESSAGES.message("inv_over_pending"))
    else:
        if not st.pending:
            problems.append(MESSAGES.message("inv_no_pending"))
        elif st.pending[1] in st.out:
            problems.append(MESSAGES.message("inv_pending_out", seat=st.pending[1] + 1))
        if st.active in st.out and not (stopped and st.pending[2:] == (NEXT,)):
            # (at a ``next`` stop the turn has just ended by its player's elimination)
            problems.append(MESSAGES.message("inv_active_out"))
        elif not legal_actions(db, st):
            problems.append(
                MESSAGES.message("inv_no_legal", kind=st.pending[0], seat=st.pending[1] + 1)
            )
        if (
            st.phase != MULLIGAN
            and st.pending
            and st.pending[0] == "act"
            and (st.stack or st.triggers)
        ):
            problems.append(MESSAGES.message("inv_golden_rule"))
    return problems
