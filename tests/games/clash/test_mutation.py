"""The Mutation campaign (clash.mutation.*): schedule, draft, decks, grafts, games, standings."""

from __future__ import annotations

import copy
import json
from itertools import combinations

import pytest

from cardtable.core import IllegalAction, get_game
from cardtable.core.errors import CardDataError, SetupError
from cardtable.games.clash import mutation as mu
from cardtable.games.clash.cards import default_db
from cardtable.games.clash.records import CREATURE, SPELL
from cardtable.games.clash.state import IN_HAND

SPECS = ["greedy", "random", "greedy", "random"]


def campaign(seed: int = 11) -> dict:
    return mu.new_campaign(seed, SPECS)


def advance_to(c: dict, phase: str) -> dict:
    """Let the automatic chooser decide until the campaign reaches ``phase``."""
    while c["phase"] != phase:
        seat = mu.to_move(c)
        assert seat is not None
        mu.apply_step(c, mu.auto_step(c, seat, mu.step_rng(c)))
    return c


def frozen(c: dict) -> str:
    return json.dumps(c, sort_keys=True)


def graft_of(c: dict, seat: int, part: str, spell_source: bool | None = None) -> tuple:
    """A legal graft of that part for the seat (optionally from a spell / a creature)."""
    db = default_db()
    for step in mu.legal_steps(c):
        if step[0] == "graft" and step[2] == part:
            kind = db.card(step[3]).kind
            if spell_source is None or (kind == SPELL) == spell_source:
                return step
    raise AssertionError(f"no {part} graft for seat {seat}")


# --- schedule (clash.mutation.schedule) ----------------------------------------------------
def test_schedule_meets_every_pair_twice_once_per_half() -> None:
    rounds = mu.rules().schedule()
    assert len(rounds) == 6
    for games in rounds:
        assert sorted(s for g in games for s in g) == [0, 1, 2, 3]
    pairs = [frozenset(g) for r in rounds for g in r]
    for a, b in combinations(range(4), 2):
        assert pairs.count(frozenset((a, b))) == 2
    first_half = {frozenset(g) for r in rounds[:3] for g in r}
    second_half = {frozenset(g) for r in rounds[3:] for g in r}
    assert len(first_half) == len(second_half) == 6


def test_schedule_first_named_player_takes_seat_a() -> None:
    rounds = mu.rules().schedule()
    a, b, c, d = range(4)
    assert rounds == [
        [(b, a), (d, c)],
        [(c, a), (d, b)],
        [(c, b), (d, a)],
        [(a, b), (c, d)],
        [(a, c), (b, d)],
        [(a, d), (b, c)],
    ]


def test_schedule_data_is_validated_with_a_clear_error() -> None:
    raw = {
        "points_per_phase": 2.5,
        "costs": {"attack": 1, "health": 1, "cost": 1, "abilities": 1.2},
        "rounds": [{"games": [["A", "B"], ["C", "D"]]}] * 6,
    }
    with pytest.raises(CardDataError, match=r"mutation\.toml: field “costs\.abilities”"):
        mu.parse_rules(raw, "mutation.toml")
    raw["costs"]["abilities"] = 1.5
    with pytest.raises(CardDataError, match="meets exactly twice"):
        mu.parse_rules(raw, "mutation.toml")


# --- draft (clash.mutation.draft) ----------------------------------------------------------
def test_new_campaign_deals_16_of_64_from_two_sets() -> None:
    c = campaign()
    db = default_db()
    pool = set(db.card_set("archipelago").cards) | set(db.card_set("rift").cards)
    assert [len(p) for p in c["packs"]] == [16] * 4
    assert set(x for p in c["packs"] for x in p) == pool
    with pytest.raises(SetupError):
        mu.new_campaign(1, SPECS, sets=("rift", "rift"))
    with pytest.raises(SetupError):
        mu.new_campaign(1, SPECS[:3])


def test_rotation_draft_packs_pass_left() -> None:
    c = campaign()
    before = copy.deepcopy(c["packs"])
    taken = []
    for seat in range(4):
        assert mu.to_move(c) == seat
        step = mu.legal_steps(c)[0]
        taken.append(step[1])
        mu.apply_step(c, step)
    # Seat i now holds what seat i - 1 held, less its pick (seat i passes to seat i + 1).
    for seat in range(4):
        prev = (seat - 1) % 4
        assert c["packs"][seat] == [x for x in before[prev] if x != taken[prev]]
    assert all(len(p) == 15 for p in c["packs"])


def test_draft_ends_with_16_each_and_no_card_twice() -> None:
    c = advance_to(campaign(), mu.DECK)
    picked = [x for p in c["picked"] for x in p]
    assert [len(p) for p in c["picked"]] == [16] * 4
    assert len(set(picked)) == 64
    assert not any(c["packs"])


def test_illegal_pick_leaves_data_untouched() -> None:
    c = campaign()
    other = c["packs"][1][0]
    snapshot = frozen(c)
    with pytest.raises(IllegalAction):
        mu.apply_step(c, ("pick", other))
    with pytest.raises(IllegalAction):
        mu.apply_step(c, ("done",))
    assert frozen(c) == snapshot


# --- deck and laboratory (clash.mutation.deck, clash.mutation.lab) ----------------------------
def test_deck_and_lab_split() -> None:
    c = advance_to(campaign(), mu.DECK)
    seat = mu.to_move(c)
    assert seat == 0
    assert len(mu.legal_steps(c)) == 16
    c = advance_to(c, mu.MUTATION)
    for s in range(4):
        assert len(c["deck"][s]) == len(c["lab"][s]) == 8
        assert sorted(c["deck"][s] + c["lab"][s]) == sorted(c["picked"][s])
    assert c["points"] == [2.5] * 4


# --- mutation phases (clash.mutation.phase, .points, .stacking) --------------------------------
def test_points_over_budget_refused_and_unspent_lost() -> None:
    """clash.mutation.points: 2.5 points per phase; more is refused, unspent points are lost."""
    c = advance_to(campaign(), mu.MUTATION)
    seat = mu.to_move(c)
    mu.apply_step(c, graft_of(c, seat, "abilities"))
    assert c["points"][seat] == 1.0
    assert not any(s[2] == "abilities" for s in mu.legal_steps(c) if s[0] == "graft")
    over = next(
        ("graft", card, "abilities", src)
        for card in c["deck"][seat]
        if default_db().card(card).kind == CREATURE
        and not any(g["card"] == card and g["part"] == "abilities" for g in c["grafts"])
        for src in c["lab"][seat]
        if not any(g["source"] == src and g["part"] == "abilities" for g in c["grafts"])
    )
    snapshot = frozen(c)
    with pytest.raises(IllegalAction, match="points"):
        mu.apply_step(c, over)
    assert frozen(c) == snapshot
    mu.apply_step(c, ("done",))
    assert c["points"][seat] == 0.0
    c = advance_to(c, mu.PLAY)
    while c["phase"] == mu.PLAY:
        mu.play_next_auto(c)
    assert c["phase"] == mu.MUTATION and c["round"] == 1
    assert c["points"] == [2.5] * 4


def test_no_graft_over_a_graft_even_in_a_later_phase() -> None:
    """clash.mutation.stacking: a grafted part can never be grafted again."""
    c = advance_to(campaign(), mu.MUTATION)
    seat = mu.to_move(c)
    step = graft_of(c, seat, "attack")
    mu.apply_step(c, step)
    card = step[1]
    again = [s for s in mu.legal_steps(c) if s[0] == "graft" and s[1] == card and s[2] == "attack"]
    assert again == []
    other = next(x for x in c["lab"][seat] if x != step[3])
    with pytest.raises(IllegalAction, match="stacking"):
        mu.apply_step(c, ("graft", card, "attack", other))
    # The same card may mutate another part (several parts of one card in one phase).
    assert any(s[1] == card and s[2] == "cost" for s in mu.legal_steps(c) if s[0] == "graft")
    while mu.to_move(c) is not None:
        mu.apply_step(c, ("done",))
    while c["phase"] == mu.PLAY:
        mu.play_next_auto(c)
    while mu.to_move(c) != seat:
        mu.apply_step(c, ("done",))
    assert mu.graft_problem(c, seat, card, "attack", other) == "covered"
    assert mu.graft_problem(c, seat, card, "health", other) in (None, "no_health", "used")


def test_each_fragment_is_cut_once_the_rest_stays_usable() -> None:
    c = advance_to(campaign(), mu.MUTATION)
    seat = mu.to_move(c)
    step = graft_of(c, seat, "attack", spell_source=False)
    mu.apply_step(c, step)
    source = step[3]
    creatures = [x for x in c["deck"][seat] if default_db().card(x).kind == CREATURE]
    other = next(x for x in creatures if x != step[1])
    assert mu.graft_problem(c, seat, other, "attack", source) == "used"
    with pytest.raises(IllegalAction, match="cut already"):
        mu.apply_step(c, ("graft", other, "attack", source))
    mu.apply_step(c, ("graft", other, "health", source))
    assert c["points"][seat] == 0.5
    assert mu.legal_steps(c) == [("done",)]


def test_spell_has_no_health_and_spells_do_not_mutate() -> None:
    c = advance_to(campaign(), mu.MUTATION)
    seat = mu.to_move(c)
    db = default_db()
    for s in mu.legal_steps(c):
        if s[0] == "graft":
            assert db.card(s[1]).kind == CREATURE
            assert s[2] != "health" or db.card(s[3]).kind == CREATURE
    spells = [x for x in c["deck"][seat] if db.card(x).kind == SPELL]
    if spells:
        assert mu.graft_problem(c, seat, spells[0], "attack", c["lab"][seat][0]) == "not_creature"


def test_grafts_reach_the_duel_setup() -> None:
    c = advance_to(campaign(), mu.MUTATION)
    db = default_db()
    # Round 1 is B against A: campaign seat 1 sits at A (0) and seat 0 at B (1).
    while mu.to_move(c) != 1:
        mu.apply_step(c, ("done",))
    a_step = graft_of(c, 1, "attack", spell_source=True)
    mu.apply_step(c, a_step)
    target = a_step[1]
    h = next(
        s for s in mu.legal_steps(c) if s[0] == "graft" and s[1] == target and s[2] == "health"
    )
    mu.apply_step(c, h)
    mu.apply_step(c, ("done",))
    while mu.to_move(c) is not None:
        mu.apply_step(c, ("done",))
    nxt = mu.next_game(c)
    assert nxt["seats"] == [1, 0]
    assert nxt["setup"]["lists"] == [c["deck"][1], c["deck"][0]]
    assert {g["seat"] for g in nxt["setup"]["grafts"]} == {0}
    st = get_game("clash").new_game(nxt["setup"], nxt["seed"])
    inst = next(i for i, cid in enumerate(st.card_ids) if cid == target)
    assert st.origin[inst] == 0 and st.where(inst) == IN_HAND
    printed = db.card(target)
    assert st.atk[inst] == db.card(a_step[3]).attack  # a spell's damage becomes the attack
    assert st.hp[inst] == db.card(h[3]).health
    assert st.cost[inst] == printed.cost
    assert st.abil[inst] == printed.abilities


def test_abilities_graft_copies_the_whole_set() -> None:
    c = advance_to(campaign(3), mu.MUTATION)
    while mu.to_move(c) != 1:
        mu.apply_step(c, ("done",))
    step = graft_of(c, 1, "abilities")
    mu.apply_step(c, step)
    now = mu.card_now(c, 1, step[1])
    src = default_db().card(step[3])
    assert (now.abilities, now.aura) == (src.abilities, src.aura)
    cost_step = next(
        s for s in mu.legal_steps(c) if s[0] == "graft" and s[1] == step[1] and s[2] == "cost"
    )
    mu.apply_step(c, cost_step)
    while mu.to_move(c) is not None:
        mu.apply_step(c, ("done",))
    st = get_game("clash").new_game(mu.next_game(c)["setup"], 1)
    inst = next(i for i, cid in enumerate(st.card_ids) if cid == step[1])
    assert st.abil[inst] == src.abilities
    assert st.cost[inst] == default_db().card(cost_step[3]).cost


# --- plain data, games and standings ------------------------------------------------------------
def test_json_round_trip_is_exact_and_continues_identically() -> None:
    c = campaign(21)
    for phase in (mu.DECK, mu.MUTATION, mu.PLAY):
        c = advance_to(c, phase)
        assert json.loads(json.dumps(c)) == c
    copy_ = json.loads(json.dumps(c))
    mu.play_next_auto(c)
    mu.play_next_auto(copy_)
    assert c == json.loads(json.dumps(copy_))


def test_next_game_and_record_refused_outside_play() -> None:
    c = campaign()
    with pytest.raises(IllegalAction):
        mu.next_game(c)
    with pytest.raises(IllegalAction):
        mu.record_game(c, {"winners": [0], "reason": "x"}, None)
    c = advance_to(c, mu.PLAY)
    with pytest.raises(IllegalAction):
        mu.record_game(c, {"winners": [2], "reason": "x"}, None)
    assert mu.to_move(c) is None and mu.legal_steps(c) == []


@pytest.mark.parametrize("seed", [1, 2])
def test_full_automatic_campaign(seed: int) -> None:
    c = mu.run_automatic(mu.new_campaign(seed, SPECS))
    assert c["phase"] == mu.OVER and mu.to_move(c) is None
    assert len(c["results"]) == 12
    rows = mu.standings(c)
    assert sorted(r["seat"] for r in rows) == [0, 1, 2, 3]
    assert all(r["played"] == 6 for r in rows)
    draws = sum(1 for r in c["results"] if not r["winners"])
    assert sum(r["wins"] for r in rows) == 12 - draws
    assert rows[0]["place"] == 1
    assert [r["wins"] for r in rows] == sorted((r["wins"] for r in rows), reverse=True)
    for r in c["results"]:
        assert r["replay"]["game"] == "clash" and r["replay"]["outcome"] is not None
    assert json.loads(json.dumps(c)) == c


def test_standings_tiebreak_then_shared() -> None:
    c = campaign()
    c["phase"] = mu.OVER

    def game(a: int, b: int, w: int | None) -> dict:
        return {"seats": [a, b], "winners": [] if w is None else [w], "round": 0}

    # A and B on 2 wins, A beat B; C and D on 1 win each, split between them.
    c["results"] = [
        game(0, 1, 0),
        game(1, 2, 1),
        game(1, 3, 1),
        game(0, 2, 0),
        game(2, 3, 2),
        game(3, 2, 3),
        game(0, 3, None),
    ]
    rows = mu.standings(c)
    assert [(r["name"], r["place"]) for r in rows] == [("A", 1), ("B", 2), ("C", 3), ("D", 3)]
    assert rows[-1]["draws"] == 1
