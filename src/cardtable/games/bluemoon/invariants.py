"""Blue Moon's state invariants (``BlueMoonGame.check_invariants``): every card in one
place, the dragons consistent, one pending decision or an outcome. Compiled with the
rules: the conformance suite checks them after every action of thousands of games."""

from __future__ import annotations

from cardtable.core.errors import Message
from cardtable.games.bluemoon.problems import MESSAGES
from cardtable.games.bluemoon.records import BlueMoonDB
from cardtable.games.bluemoon.rules import BOUNDARIES, legal_actions
from cardtable.games.bluemoon.state import DRAGONS, OVER, SETUP, BlueMoonState


def invariant_problems(db: BlueMoonDB, st: BlueMoonState) -> list[Message]:
    """What is wrong with a state, as catalog messages (empty when nothing is)."""
    problems: list[Message] = []
    msg = MESSAGES.message
    m = len(st.card_ids)
    seen = [0] * m
    for s in (0, 1):
        for zone in (st.decks, st.hands, st.discards, st.leaders, st.combat, st.support):
            for c in zone[s]:
                seen[c] += 1
                if st.owner[c] != s:
                    problems.append(msg("inv_owner", card=st.card_ids[c], seat=s + 1))
    for c in range(m):
        if seen[c] != 1:
            problems.append(msg("inv_places", card=st.card_ids[c], n=seen[c]))
    if min(st.dragons) < 0 or sum(st.dragons) > DRAGONS or (st.dragons[0] and st.dragons[1]):
        problems.append(msg("inv_dragons", dragons=", ".join(map(str, st.dragons))))
    for s in (0, 1):
        for c in st.leaders[s]:
            if db.cards[st.card_ids[c]].type != "leadership":
                problems.append(msg("inv_leadership", card=st.card_ids[c]))
        for c in st.support[s]:
            if db.cards[st.card_ids[c]].type != "support":
                problems.append(msg("inv_support", card=st.card_ids[c]))
    for i, t in enumerate(st.aim):
        if t >= 0 and (t >= m or st.owner[t] != st.owner[i]):
            target = st.card_ids[t] if t < m else str(t)
            problems.append(msg("inv_aim", card=st.card_ids[i], target=target))
    if len(st.shed) % 2 or any(st.owner[c] == st.owner[src] for c, src in _pairs(st.shed)):
        problems.append(msg("inv_shed"))
    if st.phase == OVER:
        if st.pending:
            problems.append(msg("inv_over_pending"))
    elif not st.pending:
        problems.append(msg("inv_no_pending"))
    elif st.pending[0] == "continue" and not st.step:
        problems.append(msg("inv_stop_step"))
    elif st.pending[0] == "continue" and (
        st.pending[2] not in BOUNDARIES or st.pending[1] != st.active
    ):
        problems.append(msg("inv_stop", stop=st.pending[2], seat=st.pending[1] + 1))
    elif st.phase != SETUP and not legal_actions(db, st):
        problems.append(msg("inv_no_legal", kind=st.pending[0], seat=st.pending[1] + 1))
    return problems


def _pairs(flat: list[int]) -> list[tuple[int, int]]:
    return [(flat[k], flat[k + 1]) for k in range(0, len(flat) - 1, 2)]
