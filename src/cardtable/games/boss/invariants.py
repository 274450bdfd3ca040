"""Boss Battle's state invariants (``BossGame.check_invariants``): every card in one place,
counters in range, one pending decision or an outcome. Compiled with the rules: the
conformance suite checks them after every action of thousands of games."""

from __future__ import annotations

from cardtable.core.instances import flatten, is_permutation
from cardtable.games.boss.effects import available, defn, max_resources
from cardtable.games.boss.records import BossDB
from cardtable.games.boss.rules import legal_actions, stop_messages
from cardtable.games.boss.state import F_CARD, F_SRC, OVER, SRC_CARD, BossState


def invariant_problems(db: BossDB, st: BossState) -> list[str]:
    """Broken invariants as messages (see ``BossGame.check_invariants``)."""
    problems: list[str] = []
    m = len(st.card_ids)
    flat = flatten((*st.hands, *st.decks, *st.graves, *st.abyss, *st.field))
    flat += [f[F_CARD] for f in (*st.stack, *st.res) if f[F_SRC] == SRC_CARD]
    if not is_permutation(flat, m):
        # (a permutation of the instances passes; anything else is worked out in detail)
        seen = [0] * m
        for c in flat:
            if 0 <= c < m:
                seen[c] += 1
            else:
                problems.append(f"instance {c} is not a card of this game")
        for c in range(m):
            if seen[c] != 1:
                problems.append(f"card {c} ({st.card_ids[c]}) is in {seen[c]} places")
    for s, row in enumerate(st.field):
        for i in row:
            if st.ctl[i] != s:
                problems.append(f"permanent {i}: controller {st.ctl[i]} on player {s + 1}'s field")
            if (
                defn(db, st, i).is_unit
                and st.dur[i] <= 0
                and not (st.combat == 1 and i in st.attackers)
                and not st.res
                and st.phase != OVER
            ):
                problems.append(f"unit {i} has no durability left but is on the battlefield")
    for s in range(len(st.hands)):
        if len(st.hands[s]) > 9:
            problems.append(f"player {s + 1} holds {len(st.hands[s])} cards")
        top = max_resources(db, st, s)
        if not 0 <= st.slots[s] <= top:
            problems.append(f"player {s + 1}: {st.slots[s]} slots")
        if not 0 <= st.filled[s] <= st.slots[s]:
            problems.append(f"player {s + 1}: {st.filled[s]} filled of {st.slots[s]} slots")
        if st.temp[s] < 0 or available(st, s) > top:
            problems.append(f"player {s + 1}: {available(st, s)} resources (at most {top})")
    if st.boss > st.boss_max:
        problems.append(f"the boss has {st.boss} health, above {st.boss_max}")
    if st.phase == OVER:
        if st.pending:
            problems.append("a finished game has a pending decision")
    else:
        if not st.pending:
            problems.append("a running game has no pending decision")
        elif not legal_actions(db, st):
            problems.append(f"no legal action for {st.pending}")
        if st.boss <= 0:
            problems.append("the boss has fallen but the game goes on")
        if st.pending and st.pending[0] == "continue":
            problems += stop_problems(st)
    return problems


def stop_problems(st: BossState) -> list[str]:
    """``stop_messages`` in English (the invariant checks)."""
    return [str(m) for m in stop_messages(st)]
