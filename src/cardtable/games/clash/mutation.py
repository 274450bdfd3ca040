"""The «Мутация» (Mutation) format: a four-player campaign of six duels (clash.mutation.overview).

A campaign is plain data (a JSON-ready dict, round-tripped exactly) moved on by small steps:

1. **Draft** (clash.mutation.draft): the 64 creatures and spells of two different sets are
   shuffled with the campaign's own generator (``cardtable.core.rng``, state kept in the
   data) and dealt 16 to each seat. Seats A, B, C, D each take one card of the pack they
   hold (step ``("pick", card)``, asked one seat at a time); once all four have picked, the
   packs pass left (seat i hands its pack to seat i + 1, R61) until none remain.
2. **Deck** (clash.mutation.deck, clash.mutation.lab): each seat keeps 8 of its 16 cards, one
   ``("deck", card)`` step at a time; the other 8 become its laboratory.
3. **Mutation phase** (clash.mutation.phase, clash.mutation.points) before each round: every
   seat gets the points of ``data/mutation.toml`` (2.5) and may take
   ``("graft", deck_creature, part, lab_card)`` steps, then ``("done",)``; unspent points are
   lost. A part of a deck card already grafted cannot take another graft
   (clash.mutation.stacking); each fragment of a laboratory card is cut once (R62).
4. **Games** (clash.mutation.schedule): ``to_move`` is None, ``next_game`` gives the setup and
   seats of the next scheduled duel (the first-named player sits at A), ``record_game``
   stores its outcome and replay. After both duels of a round the next mutation phase
   opens; after the sixth round the campaign is over and ``standings`` ranks the seats (R64).

``auto_step`` is a simple chooser for agent seats. Every change goes through
``apply_step``/``record_game``, which check before they touch the data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cardtable.core import rng as crng
from cardtable.core.carddata import read_toml, schema_problem
from cardtable.core.errors import CardDataError, IllegalAction, SetupError, shown
from cardtable.core.game import Outcome
from cardtable.games.clash.cards import default_db
from cardtable.games.clash.formats import DECK_SIZE, SEAT_NAMES, Graft, grafted
from cardtable.games.clash.problems import MESSAGES, PKG
from cardtable.games.clash.records import CREATURE, CardDB, CardDef

FORMAT_ID = "clash-mutation"
VERSION = 1
SEATS = 4
HAND = 16
PARTS = ("attack", "health", "cost", "abilities")
DEFAULT_SETS = ("archipelago", "rift")
DRAFT, DECK, MUTATION, PLAY, OVER = "draft", "deck", "mutation", "play", "over"
Step = tuple[Any, ...]


# --- data: costs, points, schedule -------------------------------------------------------
class MutationCosts(BaseModel):
    """Points one fragment costs, by the part it replaces."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    attack: float = Field(gt=0)
    health: float = Field(gt=0)
    cost: float = Field(gt=0)
    abilities: float = Field(gt=0)

    @field_validator("attack", "health", "cost", "abilities")
    @classmethod
    def _halves(cls, value: float) -> float:
        if (value * 2) != int(value * 2):
            raise MESSAGES.problem("mutation_cost_halves")
        return float(value)


class MutationRound(BaseModel):
    """One round of the schedule: two duels, first-named player first."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    games: tuple[tuple[Literal["A", "B", "C", "D"], Literal["A", "B", "C", "D"]], ...]

    @model_validator(mode="after")
    def _everyone_once(self) -> MutationRound:
        seats = [s for g in self.games for s in g]
        if sorted(seats) != list("ABCD"):
            games = ", ".join(f"{a}–{b}" for a, b in self.games)
            raise MESSAGES.problem("mutation_round", games=games)
        return self


class MutationRules(BaseModel):
    """The mutation data file (data/mutation.toml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    points_per_phase: float = Field(gt=0)
    costs: MutationCosts
    rounds: tuple[MutationRound, ...] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _pairs_twice(self) -> MutationRules:
        met: dict[frozenset[str], int] = {}
        for r in self.rounds:
            for a, b in r.games:
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
        if len(met) != 6 or any(n != 2 for n in met.values()):
            raise MESSAGES.problem("mutation_pairs")
        return self

    def cost(self, part: str) -> float:
        """The points a fragment of this part costs."""
        return float(getattr(self.costs, part))

    def schedule(self) -> list[list[tuple[int, int]]]:
        """Rounds of (seat A, seat B) duels as campaign seat numbers."""
        return [
            [(SEAT_NAMES.index(a), SEAT_NAMES.index(b)) for a, b in r.games] for r in self.rounds
        ]


def parse_rules(raw: Mapping[str, Any], source: str) -> MutationRules:
    """Validated mutation data; one clear message naming the file and the field."""
    try:
        return MutationRules.model_validate(dict(raw))
    except ValidationError as exc:
        raise CardDataError.msg("card_file", source=source, problem=schema_problem(exc)) from None


@cache
def rules() -> MutationRules:
    """The mutation data of the package, validated once."""
    base = resources.files("cardtable.games.clash").joinpath("data")
    with resources.as_file(base) as folder:
        path = Path(folder) / "mutation.toml"
        return parse_rules(read_toml(path), str(path))


# --- the campaign's generator ----------------------------------------------------------
class _Gen:
    """The campaign's generator state, borrowed from the data and written back."""

    def __init__(self, c: dict[str, Any]) -> None:
        self.c = c
        self.rng = int(c["rng"])

    def __enter__(self) -> _Gen:
        return self

    def __exit__(self, *exc: object) -> None:
        self.c["rng"] = self.rng


def step_rng(c: Mapping[str, Any]) -> crng.Rng:
    """A generator for an automatic chooser's next decision (reproducible on resume)."""
    return crng.Rng(int(c["seed"]) * 1_000_003 + int(c["steps"]))


# --- a new campaign ----------------------------------------------------------------------
def pool_of(db: CardDB, sets: Sequence[str]) -> list[str]:
    """The draft pool: every card of two different sets (clash.mutation.draft)."""
    if len(sets) != 2 or len(set(sets)) != 2:
        raise SetupError.msg_in(PKG, "mutation_sets")
    pool = [c for sid in sets for c in db.card_set(sid).cards]
    if len(pool) != SEATS * HAND:
        raise SetupError.msg_in(PKG, "mutation_pool", n=len(pool), want=SEATS * HAND)
    return pool


def new_campaign(
    seed: int, specs: Sequence[str], sets: Sequence[str] = DEFAULT_SETS
) -> dict[str, Any]:
    """A campaign at the start of the draft: 16 shuffled cards dealt to each seat."""
    if len(specs) != SEATS or not all(isinstance(s, str) and s.strip() for s in specs):
        raise SetupError.msg_in(PKG, "mutation_players", n=SEATS)
    pool = pool_of(default_db(), sets)
    c: dict[str, Any] = {
        "format": FORMAT_ID,
        "version": VERSION,
        "seed": int(seed),
        "rng": crng.seed_state(int(seed)),
        "specs": [s.strip() for s in specs],
        "sets": list(sets),
        "phase": DRAFT,
        "packs": [],
        "picked": [[] for _ in range(SEATS)],
        "deck": [[] for _ in range(SEATS)],
        "lab": [[] for _ in range(SEATS)],
        "round": 0,
        "points": [0.0] * SEATS,
        "done": [False] * SEATS,
        "grafts": [],
        "results": [],
        "steps": 0,
    }
    with _Gen(c) as gen:
        crng.shuffle(gen, pool)
    c["packs"] = [pool[k * HAND : (k + 1) * HAND] for k in range(SEATS)]
    return c


def check_campaign(doc: Any) -> dict[str, Any]:
    """A loaded campaign document, or a clear error when it is not one."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT_ID:
        raise SetupError.msg_in(PKG, "mutation_not_campaign", format=FORMAT_ID)
    if doc.get("version") != VERSION:
        raise SetupError.msg_in(
            PKG, "mutation_version", version=shown(doc.get("version")), expected=VERSION
        )
    keys = ("seed", "rng", "specs", "sets", "phase", "packs", "picked", "deck", "lab", "round")
    missing = [k for k in (*keys, "points", "done", "grafts", "results", "steps") if k not in doc]
    if missing:
        raise SetupError.msg_in(PKG, "mutation_missing", keys=", ".join(missing))
    if doc["phase"] not in (DRAFT, DECK, MUTATION, PLAY, OVER):
        raise SetupError.msg_in(PKG, "mutation_phase", phase=shown(doc["phase"]))
    return doc


# --- whose decision ----------------------------------------------------------------------
def to_move(c: Mapping[str, Any]) -> int | None:
    """The seat to decide now; None when a game is to be played or the campaign is over."""
    phase = c["phase"]
    if phase == DRAFT:
        least = min(len(p) for p in c["picked"])
        return next(s for s in range(SEATS) if len(c["picked"][s]) == least)
    if phase == DECK:
        return next(s for s in range(SEATS) if len(c["deck"][s]) < DECK_SIZE)
    if phase == MUTATION:
        return next(s for s in range(SEATS) if not c["done"][s])
    return None


def card_now(c: Mapping[str, Any], seat: int, card: str) -> CardDef:
    """A seat's copy of a card with its grafts so far."""
    db = default_db()
    return grafted(db, db.card(card), graft_models(c, seat))


def graft_models(c: Mapping[str, Any], seat: int, as_seat: int | None = None) -> list[Graft]:
    """The seat's grafts as setup grafts (renumbered to ``as_seat`` if given)."""
    out = as_seat if as_seat is not None else seat
    return [
        Graft(seat=out, card=g["card"], part=g["part"], source=g["source"])
        for g in c["grafts"]
        if g["seat"] == seat
    ]


def used_fragments(c: Mapping[str, Any], seat: int) -> set[tuple[str, str]]:
    """(laboratory card, part) fragments the seat has cut already (R62)."""
    return {(g["source"], g["part"]) for g in c["grafts"] if g["seat"] == seat}


def covered_parts(c: Mapping[str, Any], seat: int) -> set[tuple[str, str]]:
    """(deck card, part) places that already carry a graft (clash.mutation.stacking)."""
    return {(g["card"], g["part"]) for g in c["grafts"] if g["seat"] == seat}


def fragment_ok(source: CardDef, part: str) -> bool:
    """Whether the laboratory card has this fragment (a spell has no health, R62)."""
    return part != "health" or source.kind == CREATURE


PROBLEMS = (
    "not_deck",
    "not_creature",
    "bad_part",
    "not_lab",
    "covered",
    "used",
    "no_health",
    "points",
)
"""Why a graft is refused; each is the catalog message ``mutation_<problem>``."""


def graft_problem(c: Mapping[str, Any], seat: int, card: str, part: str, source: str) -> str | None:
    """Why the seat cannot make this graft now (a key of PROBLEMS), or None."""
    db = default_db()
    if card not in c["deck"][seat]:
        return "not_deck"
    if db.card(card).kind != CREATURE:
        return "not_creature"
    if part not in PARTS:
        return "bad_part"
    if source not in c["lab"][seat]:
        return "not_lab"
    if (card, part) in covered_parts(c, seat):
        return "covered"
    if (source, part) in used_fragments(c, seat):
        return "used"
    if not fragment_ok(db.card(source), part):
        return "no_health"
    if rules().cost(part) > float(c["points"][seat]):
        return "points"
    return None


def graft_steps(c: Mapping[str, Any], seat: int) -> list[Step]:
    """Every graft the seat can afford now (clash.mutation.phase, .points, .stacking)."""
    db = default_db()
    table = rules()
    used = used_fragments(c, seat)
    covered = covered_parts(c, seat)
    points = float(c["points"][seat])
    out: list[Step] = []
    for card in c["deck"][seat]:
        if db.card(card).kind != CREATURE:
            continue
        for part in PARTS:
            if (card, part) in covered or table.cost(part) > points:
                continue
            for source in c["lab"][seat]:
                if (source, part) not in used and fragment_ok(db.card(source), part):
                    out.append(("graft", card, part, source))
    return out


def legal_steps(c: Mapping[str, Any]) -> list[Step]:
    """The decisions open to the seat to move (empty when none is)."""
    seat = to_move(c)
    if seat is None:
        return []
    phase = c["phase"]
    if phase == DRAFT:
        return [("pick", card) for card in c["packs"][seat]]
    if phase == DECK:
        return [("deck", card) for card in c["picked"][seat] if card not in c["deck"][seat]]
    return [*graft_steps(c, seat), ("done",)]


# --- applying a step ---------------------------------------------------------------------
def apply_step(c: dict[str, Any], step: Sequence[Any]) -> dict[str, Any]:
    """Apply one decision of the seat to move; IllegalAction (data untouched) if not legal."""
    step = tuple(step)
    seat = to_move(c)
    if seat is None:
        raise IllegalAction.msg_in(PKG, "mutation_no_decision", phase=c["phase"])
    if step not in legal_steps(c):
        key = None
        if c["phase"] == MUTATION and len(step) == 4 and step[0] == "graft":
            key = graft_problem(c, seat, *(str(x) for x in step[1:]))
        raise IllegalAction.msg_in(
            PKG,
            "mutation_step",
            step=" ".join(shown(x) for x in step),
            seat=SEAT_NAMES[seat],
            reason=MESSAGES.message(f"mutation_{key}" if key else "mutation_not_legal"),
        )
    kind = step[0]
    if kind == "pick":
        _pick(c, seat, step[1])
    elif kind == "deck":
        _keep(c, seat, step[1])
    elif kind == "graft":
        _graft(c, seat, step[1], step[2], step[3])
    else:
        _done(c, seat)
    c["steps"] = int(c["steps"]) + 1
    return c


def _pick(c: dict[str, Any], seat: int, card: str) -> None:
    """Take a card of the held pack; when all have picked, the packs pass left (R61)."""
    c["packs"][seat].remove(card)
    c["picked"][seat].append(card)
    counts = {len(p) for p in c["picked"]}
    if len(counts) > 1:
        return
    if not any(c["packs"]):
        c["phase"] = DECK
        return
    packs = c["packs"]
    c["packs"] = [packs[(s - 1) % SEATS] for s in range(SEATS)]


def _keep(c: dict[str, Any], seat: int, card: str) -> None:
    """Put a drafted card in the deck; the 8 left over become the laboratory."""
    c["deck"][seat].append(card)
    if len(c["deck"][seat]) == DECK_SIZE:
        c["lab"][seat] = [x for x in c["picked"][seat] if x not in c["deck"][seat]]
    if all(len(d) == DECK_SIZE for d in c["deck"]):
        start_phase(c)


def start_phase(c: dict[str, Any]) -> None:
    """A mutation phase: fresh points for everyone (clash.mutation.points)."""
    c["phase"] = MUTATION
    c["points"] = [rules().points_per_phase] * SEATS
    c["done"] = [False] * SEATS


def _graft(c: dict[str, Any], seat: int, card: str, part: str, source: str) -> None:
    c["grafts"].append(
        {"seat": seat, "card": card, "part": part, "source": source, "round": c["round"]}
    )
    c["points"][seat] = float(c["points"][seat]) - rules().cost(part)


def _done(c: dict[str, Any], seat: int) -> None:
    """End the seat's phase; unspent points are lost (clash.mutation.points)."""
    c["done"][seat] = True
    c["points"][seat] = 0.0
    if all(c["done"]):
        c["phase"] = PLAY


# --- games ---------------------------------------------------------------------------------
def game_seed(c: Mapping[str, Any], index: int) -> int:
    """The seed of the campaign's game ``index`` (0-11)."""
    return crng.Rng(int(c["seed"]) * 64 + index).spawn() & 0x7FFFFFFF


def next_game(c: Mapping[str, Any]) -> dict[str, Any]:
    """The next scheduled duel: round, seats (seat A first), seed and the Clash setup."""
    if c["phase"] != PLAY:
        raise IllegalAction.msg_in(PKG, "mutation_no_game", phase=c["phase"])
    index = len(c["results"])
    rnd, k = divmod(index, 2)
    a, b = rules().schedule()[rnd][k]
    grafts = graft_models(c, a, 0) + graft_models(c, b, 1)
    setup = {
        "mode": "duel",
        "format": "constructed",
        "lists": [list(c["deck"][a]), list(c["deck"][b])],
        "grafts": [g.model_dump() for g in grafts],
        "first": None,
    }
    return {
        "index": index,
        "round": rnd,
        "seats": [a, b],
        "seed": game_seed(c, index),
        "setup": setup,
    }


def record_game(
    c: dict[str, Any], outcome: Outcome | Mapping[str, Any], replay_json: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Store the outcome of the next scheduled duel; open the next phase or end the campaign."""
    game = next_game(c)
    if isinstance(outcome, Outcome):
        winners, reason = list(outcome.winners), outcome.reason
    else:
        winners, reason = list(outcome.get("winners", [])), str(outcome.get("reason", ""))
    if any(w not in (0, 1) for w in winners):
        raise IllegalAction.msg_in(
            PKG, "mutation_winners", winners=", ".join(shown(w) for w in winners)
        )
    seats = game["seats"]
    c["results"].append(
        {
            "index": game["index"],
            "round": game["round"],
            "seats": seats,
            "seed": game["seed"],
            "winners": [seats[w] for w in winners],
            "reason": reason,
            "replay": dict(replay_json) if replay_json is not None else None,
        }
    )
    if len(c["results"]) % 2 == 0:
        if len(c["results"]) == 2 * len(rules().rounds):
            c["phase"] = OVER
        else:
            c["round"] = int(c["round"]) + 1
            start_phase(c)
    return c


def agent_seed(game: Mapping[str, Any], side: int) -> int:
    """The seed of the agent playing one side of a scheduled duel."""
    return int(game["seed"]) + 7919 * (side + 1)


def play_next_auto(c: dict[str, Any]) -> dict[str, Any]:
    """Play the next scheduled duel with the seats' agents and record it."""
    from cardtable.agents import make_agent
    from cardtable.core.match import play_match
    from cardtable.core.registry import get_game

    game = get_game("clash")
    nxt = next_game(c)
    specs = [c["specs"][s] for s in nxt["seats"]]
    if "human" in specs:
        raise SetupError.msg_in(PKG, "mutation_human_duel")
    agents = [make_agent(spec, game, agent_seed(nxt, k)) for k, spec in enumerate(specs)]
    result = play_match(game, nxt["setup"], nxt["seed"], agents)
    return record_game(c, result.outcome, result.replay.to_json())


# --- standings -----------------------------------------------------------------------------
def standings(c: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Seats ranked by wins, ties split by the games among the tied seats, then shared (R64)."""
    rows = [
        {
            "seat": s,
            "name": SEAT_NAMES[s],
            "spec": c["specs"][s],
            "played": 0,
            "wins": 0,
            "losses": 0,
            "draws": 0,
            "tiebreak": 0,
            "place": 0,
        }
        for s in range(SEATS)
    ]
    for r in c["results"]:
        for s in r["seats"]:
            rows[s]["played"] += 1
            if not r["winners"]:
                rows[s]["draws"] += 1
            elif s in r["winners"]:
                rows[s]["wins"] += 1
            else:
                rows[s]["losses"] += 1
    for row in rows:
        tied = {x["seat"] for x in rows if x["wins"] == row["wins"]}
        row["tiebreak"] = sum(
            1
            for r in c["results"]
            if set(r["seats"]) <= tied and row["seat"] in r["winners"] and len(tied) > 1
        )
    rows.sort(key=lambda x: (-x["wins"], -x["tiebreak"], x["seat"]))
    for i, row in enumerate(rows):
        prev = rows[i - 1] if i else None
        same = prev is not None and (prev["wins"], prev["tiebreak"]) == (
            row["wins"],
            row["tiebreak"],
        )
        row["place"] = prev["place"] if same and prev is not None else i + 1
    return rows


# --- the automatic chooser -----------------------------------------------------------------
def strength(card: CardDef) -> float:
    """A rough worth of a card: its numbers and abilities against its cost."""
    abilities = bin(card.abilities).count("1")
    if card.kind == CREATURE:
        return card.attack + card.health + 1.5 * abilities - 0.75 * card.cost
    return 2.0 * card.attack + 1.5 * abilities - 0.75 * card.cost


def graft_gain(c: Mapping[str, Any], seat: int, step: Step) -> float:
    """How much a graft raises the creature's attack or health (0 for other parts)."""
    _, card, part, source = step
    if part not in ("attack", "health"):
        return 0.0
    now = card_now(c, seat, card)
    src = default_db().card(source)
    return float(getattr(src, part) - getattr(now, part))


def _best(options: list[Step], score: Any, rng: crng.Rng) -> Step:
    top = max(score(o) for o in options)
    ties = [o for o in options if score(o) == top]
    return ties[rng.randbelow(len(ties))]


def auto_step(c: Mapping[str, Any], seat: int, rng: crng.Rng) -> Step:
    """A decision for an agent seat: random for ``random`` specs, else by card strength;
    grafts that raise attack or health most per point, then ``done``."""
    if to_move(c) != seat:
        raise IllegalAction.msg_in(PKG, "mutation_not_to_move", seat=SEAT_NAMES[seat])
    options = legal_steps(c)
    if str(c["specs"][seat]).split(":")[0] == "random":
        return options[rng.randbelow(len(options))]
    db = default_db()
    if c["phase"] in (DRAFT, DECK):
        return _best(options, lambda o: strength(db.card(o[1])), rng)
    grafts = [o for o in options if o[0] == "graft" and graft_gain(c, seat, o) > 0]
    if not grafts:
        return ("done",)
    return _best(grafts, lambda o: graft_gain(c, seat, o) / rules().cost(o[2]), rng)


def run_decisions(c: dict[str, Any]) -> None:
    """Let agent seats decide until a human must, a game is due, or the campaign ends."""
    while True:
        seat = to_move(c)
        if seat is None or c["specs"][seat] == "human":
            return
        apply_step(c, auto_step(c, seat, step_rng(c)))


def run_automatic(c: dict[str, Any]) -> dict[str, Any]:
    """Play a campaign of agent seats to its end."""
    while c["phase"] != OVER:
        run_decisions(c)
        if to_move(c) is not None:
            raise SetupError.msg_in(PKG, "mutation_human_decides")
        play_next_auto(c)
    return c
