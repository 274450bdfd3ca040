"""Clash's state invariants (``ClashGame.check_invariants``): every card in one place,
numbers in range, one pending decision or an outcome. Compiled with the rules: the
conformance suite checks them after every action of thousands of games."""

from __future__ import annotations

from cardtable.core.errors import Message
from cardtable.games.clash.effects import hp_of
from cardtable.games.clash.formats import SEAT_NAMES
from cardtable.games.clash.problems import MESSAGES
from cardtable.games.clash.rules import BOUNDARIES, legal_actions
from cardtable.games.clash.state import DRAFT, OVER, ClashState


def invariant_problems(st: ClashState) -> list[Message]:
    """What is wrong with a state, as catalog messages (empty when nothing is)."""
    problems: list[Message] = []
    msg = MESSAGES.message
    n = len(st.card_ids)
    seen = [0] * n
    places: list[list[int]] = []
    for s, h in enumerate(st.hands):
        places += [h, st.decks[s], st.discards[s]]
    places.append(st.ai_pool)
    for lane in st.board:
        places.extend(lane)
    places.append(list(st.symb.values()))
    places.append([v[0] for v in st.shackled.values()])
    places += [st.limbo, st.removed, st.pool, st.revealed, *st.drafted]
    for cards in places:
        for c in cards:
            if not 0 <= c < n:
                problems.append(msg("inv_instance", card=c))
                continue
            seen[c] += 1
    over = st.phase == OVER
    for c in range(n):
        if seen[c] > 1:
            problems.append(msg("inv_places", card=st.card_ids[c], n=seen[c]))
    in_game = st.phase != DRAFT
    for s, f in enumerate(st.fortress):
        seat = SEAT_NAMES[s]
        if st.ai[s]:
            # An AI's fortress lies under its deck, in no list (clash.solo.setup).
            if st.hands[s]:
                problems.append(msg("inv_ai_hand", seat=seat))
            if in_game and not over and not st.decks[s]:
                problems.append(msg("inv_ai_empty", seat=seat))
            continue
        if st.decks[s] or st.discards[s]:
            problems.append(msg("inv_player_deck", seat=seat))
        if st.hands[s].count(f) != 1 and in_game:
            problems.append(msg("inv_fortress_once", seat=seat))
        if in_game and not over and st.hands[s] and st.hands[s][-1] == f:
            problems.append(msg("inv_fortress_rightmost", seat=seat))
        if st.fort_up[s] not in (0, 1):
            problems.append(msg("inv_fortress_side", seat=seat, side=st.fort_up[s]))
    for li, lane in enumerate(st.board):
        for side, row in enumerate(lane):
            for c in row:
                if st.lane_of[c] != li * 2 + side:
                    problems.append(msg("inv_row", card=st.card_ids[c]))
                if not 0 <= st.damage[c] < hp_of(st, c) and not over:
                    problems.append(msg("inv_damage", card=st.card_ids[c], damage=st.damage[c]))
                if st.kind[c] != 0:
                    problems.append(msg("inv_not_creature", card=st.card_ids[c]))
    for c in range(n):
        if st.lane_of[c] >= 0 and c not in st.board[st.lane_of[c] >> 1][st.lane_of[c] & 1]:
            problems.append(msg("inv_row_lacks", card=st.card_ids[c]))
        if st.lane_of[c] < 0 and st.damage[c] != 0:
            problems.append(msg("inv_damage_outside", card=st.card_ids[c]))
    for host in st.symb:
        if st.lane_of[host] < 0:
            problems.append(msg("inv_host", card=st.card_ids[host]))
    if st.mana < 0:
        problems.append(msg("inv_mana", mana=st.mana))
    if over:
        if st.pending:
            problems.append(msg("inv_over_pending"))
        if any(w not in range(len(st.hands)) for w in st.winners):
            problems.append(msg("inv_winners"))
    else:
        if not st.pending:
            problems.append(msg("inv_no_pending"))
        if not legal_actions(st):
            problems.append(msg("inv_no_legal"))
        if st.limbo and not st.stack and st.pending[:1] != ("reinforce",):
            problems.append(msg("inv_half_cast"))
    if st.stack and st.pending[:1] != ("reinforce",):
        problems.append(msg("inv_resolution"))
    if st.pending[:1] == ("continue",):
        if not st.step:
            problems.append(msg("inv_stop_step"))
        if st.pending[1:] not in [(b,) for b in BOUNDARIES]:
            problems.append(msg("inv_stop_unknown", stop=" ".join(map(str, st.pending[1:]))))
        elif st.pending[1] == "summon" and not st.ai[st.active]:
            problems.append(msg("inv_stop_summon"))
    ai_forts = {st.fortress[s] for s in range(len(st.hands)) if st.ai[s]}
    for s, champ in enumerate(st.champion):
        if champ < 0:
            continue
        in_play = st.lane_of[champ] >= 0 or champ in st.symb.values()
        if in_play != (st.champ_state[s] == 1):
            problems.append(msg("inv_champion", seat=SEAT_NAMES[s], state=st.champ_state[s]))
        if not in_play:
            seen[champ] += 1  # beside the table (ready or exhausted)
    for c in range(n):
        if seen[c] == 0 and not (st.kind[c] == 2 and (st.phase == DRAFT or c in ai_forts)):
            problems.append(msg("inv_nowhere", card=st.card_ids[c]))
    return problems
