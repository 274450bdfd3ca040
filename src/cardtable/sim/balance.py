"""Balance reports: a game's preconstructed decks against each other under one agent.

Built on the tournament schedule (every deck pairing on paired seeds, each seed from both
seats), with the cards each seat played recorded. From the records:

* seat advantage: how often the player who moved first won;
* the deck-versus-deck matrix: the row deck's score against the column deck;
* per-card impact: a seat's win rate in games where it played a card against the games
  where that seat did not, and the difference (an association, not a cause);
* game length: mean turns and their histogram.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.sim.stats import Estimate, mean, proportion
from cardtable.sim.tasks import seat_score
from cardtable.sim.tournament import Plan, Record, Tournament, estimate_json

SMALL_SAMPLE = 30
"""Card rows with fewer seat-games on either side are flagged as small samples."""


def balance_plan(
    game: str,
    decks: Sequence[str],
    *,
    agent: str = "greedy",
    setup: Mapping[str, Any] | None = None,
    games: int = 50,
    seed: int = 0,
    overrides: Mapping[str, Mapping[str, Any]] | None = None,
) -> Plan:
    """The plan of a balance run: decks as entrants, one agent, cards recorded."""
    return Plan(
        game=game,
        entrants=tuple(decks),
        by_deck=True,
        agent=agent,
        setup=dict(setup or {}),
        games=games,
        seed=seed,
        overrides=dict(overrides or {}),
        kind="balance",
        track_cards=True,
    )


@dataclass(frozen=True, slots=True)
class CardImpact:
    """How a seat did in games where it played a card, against games where a seat with
    the same deck did not."""

    card: str
    played: Estimate
    not_played: Estimate
    diff: float
    low: float
    high: float
    decks: tuple[str, ...]
    """The decks whose seats played the card."""

    @property
    def small(self) -> bool:
        """Too few seat-games on either side to read much into the difference."""
        return min(self.played.n, self.not_played.n) < SMALL_SAMPLE

    def to_json(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "card": self.card,
            "played": estimate_json(self.played),
            "not_played": estimate_json(self.not_played),
            "difference": _finite(self.diff),
            "difference_low": _finite(self.low),
            "difference_high": _finite(self.high),
            "decks": list(self.decks),
            "small_sample": self.small,
        }


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else value


def difference(a: Estimate, b: Estimate) -> tuple[float, float, float]:
    """a - b with Newcombe's 95% interval (from the two Wilson intervals)."""
    if a.n == 0 or b.n == 0:
        return math.nan, math.nan, math.nan
    d = a.value - b.value
    low = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return d, low, high


def seat_games(records: Sequence[Record]) -> list[tuple[float, frozenset[str], str]]:
    """Every seat of every game: its score, the cards it played, its deck."""
    return [
        (seat_score(r, s), frozenset(r["played"][s]), r["labels"][s])
        for r in records
        for s in range(len(r["labels"]))
    ]


def card_impact(records: Sequence[Record]) -> list[CardImpact]:
    """Every card seen played, by difference (largest first, then by card id)."""
    seats = seat_games(records)
    cards = sorted({c for _, played, _ in seats for c in played})
    rows = []
    for card in cards:
        decks = tuple(sorted({deck for _, played, deck in seats if card in played}))
        with_card = [score for score, played, _ in seats if card in played]
        # the baseline: seats of the same decks that did not play it (deck strength aside)
        without = [s for s, played, deck in seats if card not in played and deck in decks]
        a = proportion(sum(with_card), len(with_card))
        b = proportion(sum(without), len(without))
        diff, low, high = difference(a, b)
        rows.append(CardImpact(card, a, b, diff, low, high, decks))
    return sorted(rows, key=lambda c: (-c.diff if not math.isnan(c.diff) else math.inf, c.card))


def seat_advantage(records: Sequence[Record]) -> Estimate:
    """How often the player who moved first won (draws as half)."""
    rows = [r for r in records if r.get("first") is not None]
    return proportion(sum(seat_score(r, r["first"]) for r in rows), len(rows))


def length(records: Sequence[Record]) -> Estimate:
    """Mean game length in turns."""
    return mean([float(r["turns"]) for r in records])


def length_histogram(records: Sequence[Record]) -> list[tuple[int, int]]:
    """(turns, games) for every game length seen, shortest first."""
    return sorted(Counter(int(r["turns"]) for r in records).items())


@dataclass(slots=True)
class Balance:
    """A played balance run and its report's numbers."""

    tournament: Tournament

    @property
    def decks(self) -> tuple[str, ...]:
        """The decks, in the order asked for."""
        return self.tournament.plan.entrants

    @property
    def records(self) -> list[Record]:
        """Every game, in rating order."""
        return self.tournament.records

    def matrix(self) -> list[list[Estimate]]:
        """Row deck's score against column deck (n = 0 on the diagonal and for pairings
        the rules refuse)."""
        return [
            [proportion(0, 0) if a == b else self.tournament.pairwise(a, b) for b in self.decks]
            for a in self.decks
        ]

    def overall(self, deck: str) -> Estimate:
        """A deck's score over all its games."""
        return self.tournament.win_rate(deck)

    def seat_advantage(self) -> Estimate:
        """First player's win rate."""
        return seat_advantage(self.records)

    def card_impact(self) -> list[CardImpact]:
        """Per-card impact rows."""
        return card_impact(self.records)

    def length(self) -> Estimate:
        """Mean turns."""
        return length(self.records)

    def length_histogram(self) -> list[tuple[int, int]]:
        """(turns, games)."""
        return length_histogram(self.records)

    def to_json(self) -> dict[str, Any]:
        """The document ``balance --json`` prints."""
        plan = self.tournament.plan
        matrix = self.matrix()
        return {
            **plan.config(),
            "games": plan.games,
            "played": len(self.records),
            "seat_advantage": estimate_json(self.seat_advantage()),
            "matrix": [
                {"deck": a, "opponent": b, "win_rate": estimate_json(matrix[i][j])}
                for i, a in enumerate(self.decks)
                for j, b in enumerate(self.decks)
                if a != b
            ],
            "overall": {d: estimate_json(self.overall(d)) for d in self.decks},
            "cards": [c.to_json() for c in self.card_impact()],
            "mean_turns": estimate_json(self.length()),
            "length_histogram": [{"turns": t, "games": n} for t, n in self.length_histogram()],
            "skipped": [
                {"entrants": list(s.entrants), "reason": s.reason} for s in self.tournament.skipped
            ],
        }
