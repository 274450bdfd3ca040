"""Deck-versus-deck win rates of the Clash preconstructed decks (greedy self-play).

Each pairing is played from both seats with the same number of games. Prints a
Markdown table; used to tune docs/cards/clash.md. Run:
    .venv/bin/python tools/clash_deck_matrix.py [GAMES_PER_SEAT] [SEED] [SET]
"""

from __future__ import annotations

import itertools
import sys

from cardtable.games.clash.cards import default_db
from cardtable.sim import proportion, simulate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    card_set = sys.argv[3] if len(sys.argv) > 3 else "archipelago"
    decks = sorted(default_db().card_set(card_set).decks)
    score: dict[tuple[str, str], float] = {}
    for a, b in itertools.combinations(decks, 2):
        r1 = simulate("clash", {"decks": [a, b]}, ["greedy", "greedy"], games, seed, jobs=2)
        r2 = simulate("clash", {"decks": [b, a]}, ["greedy", "greedy"], games, seed + 1, jobs=2)
        wins_a = r1.wins(0) + r2.wins(1) + 0.5 * (r1.draws + r2.draws)
        score[(a, b)] = wins_a
        score[(b, a)] = 2 * games - wins_a
    print("| deck | " + " | ".join(decks) + " | overall |")
    print("| --- " * (len(decks) + 2) + "|")
    for a in decks:
        cells = []
        total = 0.0
        for b in decks:
            if a == b:
                cells.append("—")
                continue
            est = proportion(score[(a, b)], 2 * games)
            total += score[(a, b)]
            cells.append(f"{est.value:.2f} [{est.low:.2f}, {est.high:.2f}]")
        overall = proportion(total, 2 * games * (len(decks) - 1))
        print(f"| {a} | " + " | ".join(cells) + f" | {overall.value:.2f} |")


if __name__ == "__main__":
    main()
