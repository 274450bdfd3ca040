"""Epic set-up options and deck formats (epic.format.*)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cardtable.core import rng as crng
from cardtable.core.errors import DeckError, Message
from cardtable.games.epic.cards import FACTIONS
from cardtable.games.epic.draft import dealt_size
from cardtable.games.epic.problems import MESSAGES, PKG
from cardtable.games.epic.records import EpicDB

RANDOM_DECK = 30
LIMITED_DECK = 30
CONSTRUCTED_MIN = 60
MAX_COPIES = 3
DEFAULT_COPIES = {"duel2023": 4, "base2015": 1}
# The three ways to split four factions into two pairs (epic.format.precon).
PAIRINGS = (
    (("good", "wild"), ("evil", "sage")),
    (("good", "evil"), ("wild", "sage")),
    (("good", "sage"), ("wild", "evil")),
)


class EpicSetup(BaseModel):
    """The options an Epic game starts from (unknown keys are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal[
        "random",
        "random_pick",
        "precon",
        "limited",
        "draft_pool",
        "draft_blind",
        "draft_triple",
        "constructed",
    ] = Field(
        default="random",
        description="random: 30 cards each from the shuffled pool; random_pick: 60 dealt, "
        "keep 30; precon: two factions of a set each; limited: 30 cards built from a pool "
        "of random cards; draft_pool / draft_blind / draft_triple: decks drafted at the "
        "table; constructed: decks of one's own (lists)",
    )
    edition: Literal["duel2023", "base2015"] = Field(
        default="base2015", description="the card pool: the 2015 base set or the duel set"
    )
    copies: int | None = Field(
        default=None, ge=1, le=8, description="copies of each card in the pool (4 duel, 1 base)"
    )
    factions: tuple[tuple[str, str], tuple[str, str]] | None = Field(
        default=None, description="precon: each player's two factions (default: by the seed)"
    )
    pool_size: int = Field(default=45, ge=30, le=120, description="limited: cards per pool")
    lists: tuple[tuple[str, ...], ...] | None = Field(
        default=None, description="constructed or limited: each player's deck (card ids)"
    )
    players: int = Field(default=2, ge=2, le=8, description="number of players")
    mode: Literal["duel", "ffa", "hunter_first_blood", "hunter_last_survivor", "team", "hydra"] = (
        Field(
            default="duel",
            description="duel (2 players); with 3 or more: ffa, hunter_first_blood, "
            "hunter_last_survivor, team, hydra",
        )
    )
    teams: tuple[tuple[int, ...], ...] | None = Field(
        default=None, description="team and hydra: the players (1, 2, ...) of each team"
    )
    first: int | None = Field(default=None, ge=0, le=7)
    overrides: dict[str, Any] | None = Field(
        default=None,
        description="what-if balance: {card id or name: {field: number}} replacing printed "
        "cost, offense, defense or recall_gold for this game (overrides.py; checked when "
        "the game is set up)",
    )
    step: bool = Field(
        default=False,
        description="step mode: offer every single-option decision and stop at each phase "
        "boundary with a 'continue' decision (rules.stop; the CLI's --step)",
    )

    @model_validator(mode="after")
    def _check(self) -> EpicSetup:
        if self.factions is not None:
            named = [f for pair in self.factions for f in pair]
            bad = [f for f in named if f not in FACTIONS]
            if bad:
                raise MESSAGES.problem(
                    "setup_unknown_faction", faction=bad[0], known=", ".join(FACTIONS)
                )
            for pair in self.factions:
                if pair[0] == pair[1]:
                    raise MESSAGES.problem("setup_same_faction", faction=pair[0])
            if self.format != "precon":
                raise MESSAGES.problem("setup_factions_precon")
        if self.lists is not None and self.format not in ("constructed", "limited"):
            raise MESSAGES.problem("setup_lists_format")
        if self.lists is not None and len(self.lists) != self.players:
            raise MESSAGES.problem("setup_lists_count", n=self.players)
        if self.first is not None and self.first >= self.players:
            raise MESSAGES.problem("setup_first_range", last=self.players - 1)
        if (self.mode == "duel") != (self.players == 2):
            raise MESSAGES.problem("setup_duel_players")
        if self.format == "precon" and self.players != 2:
            raise MESSAGES.problem("setup_precon_players")
        if self.format == "draft_blind" and self.players != 2:
            raise MESSAGES.problem("setup_blind_players")
        if self.format == "draft_pool" and self.players < 3:
            raise MESSAGES.problem("setup_pool_players")
        if self.mode in ("team", "hydra"):
            self._check_teams()
        elif self.teams is not None:
            raise MESSAGES.problem("setup_teams_mode")
        return self

    def _check_teams(self) -> None:
        if self.teams is None:
            raise MESSAGES.problem("setup_needs_teams", mode=self.mode)
        seats = sorted(p for t in self.teams for p in t)
        if seats != list(range(1, self.players + 1)):
            raise MESSAGES.problem("setup_teams_once", n=self.players)
        if len(self.teams) < 2 or any(not t for t in self.teams):
            raise MESSAGES.problem("setup_teams_two")
        if self.mode == "hydra" and len({len(t) for t in self.teams}) != 1:
            raise MESSAGES.problem("setup_hydra_equal")

    def team_of_seats(self) -> list[int] | None:
        """Each seat's team number (None: every player for themselves)."""
        if self.teams is None:
            return None
        out = [0] * self.players
        for t, members in enumerate(self.teams):
            for p in members:
                out[p - 1] = t
        return out

    @property
    def pool_copies(self) -> int:
        """Copies of each card in the pool (the edition's default unless given)."""
        return self.copies if self.copies is not None else DEFAULT_COPIES[self.edition]


def parse_setup(setup: Mapping[str, Any] | None) -> EpicSetup:
    """A validated setup, with one clear message naming the bad option."""
    try:
        return EpicSetup.model_validate(dict(setup or {}))
    except ValidationError as exc:
        raise MESSAGES.invalid_setup(exc) from None


_POOLS: dict[tuple[int, str, int], tuple[EpicDB, tuple[str, ...]]] = {}
"""Each database's pool per edition and copies, listed once (a new game copies it)."""


def _pool(db: EpicDB, setup: EpicSetup) -> list[str]:
    copies = setup.pool_copies
    key = (id(db), setup.edition, copies)
    known = _POOLS.get(key)
    if known is None or known[0] is not db:
        if len(_POOLS) >= 64:
            _POOLS.clear()
        ids = tuple(c.id for c in db.pool(setup.edition) for _ in range(copies))
        known = _POOLS[key] = (db, ids)
    return list(known[1])


def random_decks(db: EpicDB, setup: EpicSetup, seed: int) -> list[list[str]]:
    """Shuffle the pool and deal 30 cards to each player (epic.format.random)."""
    players = setup.players
    pool = _pool(db, setup)
    if len(pool) < RANDOM_DECK * players:
        raise MESSAGES.setup_problem("setup_pool_small", have=len(pool), n=RANDOM_DECK * players)
    dealer = crng.Rng(seed ^ 0xDEC)
    dealer.shuffle(pool)
    return [pool[k * RANDOM_DECK : (k + 1) * RANDOM_DECK] for k in range(players)]


def precon_factions(setup: EpicSetup, seed: int) -> tuple[tuple[str, str], tuple[str, str]]:
    """Each player's two factions: as given, or one of the three splits by the seed."""
    if setup.factions is not None:
        return setup.factions
    dealer = crng.Rng(seed ^ 0x9EC)
    a, b = PAIRINGS[dealer.randbelow(len(PAIRINGS))]
    return (a, b) if dealer.randbelow(2) == 0 else (b, a)


def precon_decks(db: EpicDB, setup: EpicSetup, seed: int) -> list[list[str]]:
    """Split the set by faction; each player shuffles two factions together
    (epic.format.precon)."""
    pairs = precon_factions(setup, seed)
    used = [f for pair in pairs for f in pair]
    if len(set(used)) != len(used):
        shared = sorted({f for f in used if used.count(f) > 1})
        raise MESSAGES.setup_problem("setup_precon_share", factions=", ".join(shared))
    cards = db.pool(setup.edition)
    decks = []
    for pair in pairs:
        deck = [c.id for c in cards if c.faction in pair for _ in range(setup.pool_copies)]
        if len(deck) < RANDOM_DECK:
            raise MESSAGES.setup_problem(
                "setup_precon_set", edition=setup.edition, n=len(deck), a=pair[0], b=pair[1]
            )
        decks.append(deck)
    return decks


def limited_pools(db: EpicDB, setup: EpicSetup, seed: int) -> list[list[str]]:
    """Each player's pool of random cards (epic.format.limited)."""
    players = setup.players
    pool = _pool(db, setup)
    need = setup.pool_size * players
    if len(pool) < need:
        raise MESSAGES.setup_problem(
            "setup_pools_small", have=len(pool), n=need, players=players, size=setup.pool_size
        )
    dealer = crng.Rng(seed ^ 0x11A)
    dealer.shuffle(pool)
    return [sorted(pool[k * setup.pool_size : (k + 1) * setup.pool_size]) for k in range(players)]


def limited_problem(db: EpicDB, pool: Sequence[str], deck: Sequence[str]) -> Message | None:
    """Why a limited deck is refused, or None: exactly 30 cards, all from the pool."""
    if len(deck) != LIMITED_DECK:
        return MESSAGES.message("deck_limited_size", size=LIMITED_DECK, n=len(deck))
    have = Counter(pool)
    for c, n in Counter(deck).items():
        if c not in db.cards:
            return MESSAGES.message("deck_unknown_card", card=c)
        if n > have[c]:
            return MESSAGES.message("deck_not_in_pool", count=n, card=c, n=have[c])
    return None


def limited_decks(db: EpicDB, setup: EpicSetup, seed: int) -> list[list[str]]:
    """Decks brought to a Limited game: the given lists, checked against the pools (without
    lists the players build at the table, ``draft_material``; R72)."""
    pools = limited_pools(db, setup, seed)
    if setup.lists is None:
        raise MESSAGES.setup_problem("setup_limited_lists")
    decks = []
    for s, (pool, deck) in enumerate(zip(pools, setup.lists, strict=True)):
        problem = limited_problem(db, pool, deck)
        if problem:
            raise DeckError.msg_in(PKG, "deck_limited_of", seat=s + 1, problem=problem)
        decks.append(list(deck))
    return decks


def deck_problem(db: EpicDB, cards: Sequence[str]) -> Message | None:
    """Why a constructed deck is refused, or None (epic.format.constructed)."""
    for c in cards:
        if c not in db.cards or db.cards[c].type == "token":
            return MESSAGES.message("deck_unknown_card", card=c)
    if len(cards) < CONSTRUCTED_MIN:
        return MESSAGES.message("deck_constructed_size", size=CONSTRUCTED_MIN, n=len(cards))
    counts = Counter(cards)
    for c, n in counts.items():
        if n > MAX_COPIES:
            return MESSAGES.message("deck_copies", n=n, card=c, most=MAX_COPIES)
    for faction in FACTIONS:
        zero = sum(
            n for c, n in counts.items() if db.cards[c].faction == faction and db.cards[c].cost == 0
        )
        one = sum(
            n for c, n in counts.items() if db.cards[c].faction == faction and db.cards[c].cost == 1
        )
        if one < 2 * zero:
            return MESSAGES.message(
                "deck_cost_ratio", n=zero, faction=faction, need=2 * zero, have=one
            )
    return None


def check_deck(db: EpicDB, cards: Sequence[str], who: str | Message) -> None:
    """Raise DeckError unless the deck is legal (``who``: whose deck, said in the message)."""
    problem = deck_problem(db, cards)
    if problem:
        raise DeckError.msg_in(PKG, "deck_problem", who=who, problem=problem)


DRAFTS = {
    "random_pick": "pick",
    "draft_pool": "pool",
    "draft_blind": "blind",
    "draft_triple": "triple",
}


def draft_kind(setup: EpicSetup) -> str:
    """The draft a game starts with, "" for none: the draft formats, and Limited when the
    players bring no lists (they leave cards of their pool out until 30 remain, R72)."""
    if setup.format == "limited" and setup.lists is None:
        return "limited"
    return DRAFTS.get(setup.format, "")


def draft_material(db: EpicDB, setup: EpicSetup, seed: int) -> tuple[list[list[str]], str]:
    """The cards each player is dealt for a draft, in dealing order, and the draft's kind."""
    kind = draft_kind(setup)
    if kind == "limited":  # each player's pool is theirs: epic.format.limited
        return limited_pools(db, setup, seed), kind
    each = dealt_size(kind)
    pool = _pool(db, setup)
    need = each * setup.players
    if len(pool) < need:
        raise MESSAGES.setup_problem(
            "setup_draft_pool", format=setup.format, n=need, each=each, have=len(pool)
        )
    dealer = crng.Rng(seed ^ 0xD4A)
    dealer.shuffle(pool)
    return [pool[k * each : (k + 1) * each] for k in range(setup.players)], kind


def make_decks(db: EpicDB, setup: EpicSetup, seed: int) -> list[list[str]]:
    """Every player's deck for a setup (drafts: see draft_material)."""
    if setup.format == "constructed":
        if setup.lists is None:
            raise MESSAGES.setup_problem("setup_constructed_lists")
        decks = [list(x) for x in setup.lists]
        for s, deck in enumerate(decks):
            check_deck(db, deck, MESSAGES.message("deck_of", seat=s + 1))
        return decks
    if setup.format == "precon":
        return precon_decks(db, setup, seed)
    if setup.format == "limited":
        return limited_decks(db, setup, seed)
    return random_decks(db, setup, seed)
