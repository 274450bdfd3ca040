"""The balance and tournament hooks of Epic: played cards, the precon faction pairs and
what-if card numbers (games/epic/balance.py, games/epic/overrides.py)."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

from cardtable.agents import make_agent
from cardtable.core import SetupError, state_hash
from cardtable.core.errors import PositionError
from cardtable.core.match import play_match
from cardtable.core.rng import Rng
from cardtable.games.epic.balance import PRECON_DECKS
from cardtable.games.epic.effects import defense
from cardtable.games.epic.game import EpicGame
from cardtable.games.epic.overrides import (
    CHAMPION_FIELDS,
    EVENT_FIELDS,
    FIELDS,
    TOKEN_FIELDS,
    fields_of,
    limits,
)
from cardtable.games.epic.state import EpicState
from tests.games.epic.helpers import GAME as REGISTERED
from tests.games.epic.helpers import play, position, texts

GAME = cast(EpicGame, REGISTERED)
DB = GAME.db
HUMAN = DB.cards["human_token"].name_en


# --- played_card -------------------------------------------------------------------------
def _play_tracking(
    setup: dict[str, Any], seed: int, limit: int = 3000
) -> tuple[EpicState, list[list[str]], list[list[str]], int]:
    """A seeded random game (at most ``limit`` actions): the cards played_card names per
    seat; the cards the "play" events of the log say left each player's hand; and how many
    "play" events came from steps the engine took on its own (the only option left)."""
    st = GAME.new_game(setup, seed, log=True)
    assert st.log is not None
    n = GAME.num_seats(st)
    rng = Rng(seed + 11)
    counted: list[list[str]] = [[] for _ in range(n)]
    left: list[list[str]] = [[] for _ in range(n)]
    forced = 0
    for _ in range(limit):
        seat = GAME.to_move(st)
        if seat is None:
            break
        options = GAME.legal_actions(st)
        action = options[rng.randbelow(len(options))]
        card = GAME.played_card(st, action)
        if action[0] == "play":
            inst = action[1]
            assert st.pending[0] == "act"
            assert card == st.card_ids[inst] and inst in st.hands[seat]
            assert DB.cards[card].type in ("champion", "event")
            counted[seat].append(card)
        else:
            assert card is None, action
        hand_before = list(st.hands[seat])
        before = len(st.log)
        GAME.apply(st, action)
        plays = [e for e in st.log[before:] if e.kind == "play"]
        if card is not None:
            # The chosen card leaves the hand first, paid by the player who chose it.
            assert plays and plays[0].seat == seat and plays[0].data["card"] == action[1]
            assert action[1] not in st.hands[seat] and action[1] in hand_before
            left[seat].append(st.card_ids[plays[0].data["card"]])
            plays = plays[1:]
        forced += len(plays)
    return st, counted, left, forced


PLAYED_SETUPS = [
    {},
    {"format": "precon", "first": 1},
    {"edition": "duel2023", "copies": 5},
    {"players": 3, "mode": "ffa"},
    {"format": "draft_blind"},
]


@pytest.mark.parametrize("setup", PLAYED_SETUPS, ids=lambda s: json.dumps(s, sort_keys=True))
def test_played_card_matches_the_play_events(setup: dict[str, Any]) -> None:
    """epic.play.pay, epic.play.champion, epic.play.event: a ``("play", card, mode)``
    action names the card it pays for from the hand, once; talents, recall, targets,
    attacks, blocks, passes, picks and mulligans name none."""
    plays = 0
    for seed in (3, 8):
        _, counted, left, forced = _play_tracking(setup, seed)
        assert counted == left
        assert forced == 0  # a play is never the only option (passing always is one)
        plays += sum(len(c) for c in counted)
    assert plays > 0


def test_played_card_none_for_other_decisions() -> None:
    """Mulligan choices, a stale instance, a card not in the deciding hand: None."""
    st = GAME.new_game({}, 5)
    assert st.pending[0] == "mulligan"
    for action in GAME.legal_actions(st):
        assert GAME.played_card(st, action) is None
    seat = st.pending[1]
    other = 1 - seat
    assert GAME.played_card(st, ("play", st.hands[other][0], 0)) is None
    assert GAME.played_card(st, ("play", 10_000, 0)) is None
    assert GAME.played_card(st, ("play", True, 0)) is None
    assert GAME.played_card(st, ("pass",)) is None


# --- decks --------------------------------------------------------------------------------
def test_deck_names_are_the_six_faction_pairs() -> None:
    """epic.format.precon: four factions, each player two of them: six decks by sorted
    pair, also when no format is named (seating them chooses precon); no decks in other
    formats or with more than two players."""
    names = GAME.deck_names({"format": "precon"})
    assert names == list(PRECON_DECKS) and len(names) == 6 == len(set(names))
    assert "good+wild" in names and "evil+sage" in names
    for n in names:
        a, b = n.split("+")
        assert a < b
    assert GAME.deck_names(None) == GAME.deck_names({}) == names
    for setup in ({"format": "limited"}, {"format": "random"}, {"players": 3, "mode": "ffa"}):
        assert GAME.deck_names(setup) == []


def test_with_decks_seats_the_pairs() -> None:
    """epic.format.precon: the players' factions as given, in seat order; names normalised."""
    setup = GAME.with_decks({"format": "precon", "first": 0}, ["wild+good", "evil+sage"])
    assert setup == {
        "format": "precon",
        "first": 0,
        "factions": [["good", "wild"], ["evil", "sage"]],
    }
    st = GAME.new_game(setup, 4)
    for seat, pair in enumerate((("good", "wild"), ("evil", "sage"))):
        mine = [c for c in range(len(st.card_ids)) if st.owner[c] == seat]
        assert {DB.cards[st.card_ids[c]].faction for c in mine} == set(pair)
    a = GAME.with_decks({"format": "precon"}, ["good+sage", "evil+wild"])
    b = GAME.with_decks({"format": "precon"}, ["evil+wild", "good+sage"])
    assert a["factions"] == [["good", "sage"], ["evil", "wild"]]
    assert b["factions"] == [["evil", "wild"], ["good", "sage"]]


def test_with_decks_errors() -> None:
    """Unknown decks, a count other than two, shared factions, other formats: SetupError."""
    base = {"format": "precon"}
    with pytest.raises(SetupError, match=r"unknown deck “good\+dragons”.*good\+wild"):
        GAME.with_decks(base, ["good+dragons", "evil+sage"])
    with pytest.raises(SetupError, match=r"unknown deck “good\+good”"):
        GAME.with_decks(base, ["good+good", "evil+sage"])
    with pytest.raises(SetupError, match="unknown deck “good”"):
        GAME.with_decks(base, ["good", "evil+sage"])
    with pytest.raises(SetupError, match="give 2 decks, not 3"):
        GAME.with_decks(base, ["good+wild", "evil+sage", "evil+sage"])
    with pytest.raises(SetupError, match="give 2 decks, not 1"):
        GAME.with_decks(base, ["good+wild"])
    with pytest.raises(SetupError, match="share good: the four factions are split"):
        GAME.with_decks(base, ["good+wild", "good+sage"])
    with pytest.raises(SetupError, match="precon format only"):
        GAME.with_decks({"format": "random"}, ["good+wild", "evil+sage"])
    # no format named: the decks choose the precon format
    assert GAME.with_decks({}, ["good+wild", "evil+sage"])["format"] == "precon"


def test_titles() -> None:
    """Deck titles from the faction names of the card text; card names in both languages."""
    assert GAME.deck_title("good+wild", "en") == "Good + Wild"
    assert GAME.deck_title("wild+good", "en") == "Good + Wild"
    assert GAME.deck_title("evil+sage", "ru") == "Зло + Мудрость"
    assert GAME.deck_title("nonsense", "en") == "nonsense"
    card = DB.cards["human_token"]
    assert GAME.card_title("human_token", "en") == card.name_en
    assert GAME.card_title("human_token", "ru") == card.name_ru
    assert GAME.card_title("no_such_card", "ru") == "no_such_card"


# --- overrides ----------------------------------------------------------------------------
def _cost1() -> str:
    """A cost-1 event of the base set without Recall."""
    return next(
        c.id
        for c in DB.cards.values()
        if c.type == "event" and c.cost == 1 and c.recall is None and c.edition == "base2015"
    )


def test_override_fields_by_kind() -> None:
    """Champions: cost, offense, defense; events: cost; tokens: offense, defense; Recall
    adds recall_gold; cost and recall gold stay 0..1 (epic.gold.pay)."""
    assert fields_of(DB.cards["human_token"]) == TOKEN_FIELDS
    champ = next(c for c in DB.cards.values() if c.type == "champion" and c.recall is None)
    assert fields_of(champ) == CHAMPION_FIELDS
    assert fields_of(DB.cards[_cost1()]) == EVENT_FIELDS
    assert "recall_gold" in fields_of(DB.cards["demon_breach"])
    assert set(FIELDS) == {"cost", "offense", "defense", "recall_gold"}
    assert limits("cost") == (0, 1) and limits("offense") == (0, 99)


def test_with_card_overrides_normalises() -> None:
    """Cards named by id or printed name become ids; earlier overrides are merged."""
    name = DB.cards["human_token"].name_en
    setup = GAME.with_card_overrides({"first": 0}, {name: {"defense": 4.0}})
    assert setup == {"first": 0, "overrides": {"human_token": {"defense": 4}}}
    more = GAME.with_card_overrides(
        setup, {"human_token": {"offense": 3}, "wolf_token": {"defense": 1}}
    )
    assert more["overrides"] == {
        "human_token": {"defense": 4, "offense": 3},
        "wolf_token": {"defense": 1},
    }


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"no_such_card": {"cost": 0}}, "unknown card “no_such_card”"),
        (
            {"human_token": {"speed": 1}},
            "unknown field “speed”; the fields of a token card are offense, defense",
        ),
        ({"human_token": {"cost": 0}}, "human_token is a token card, it has no “cost”"),
        ({"human_token": {"defense": 1.5}}, "must be a whole number, not “1.5”"),
        ({"human_token": {"defense": True}}, "must be a whole number, not “true”"),
        ({"human_token": {"defense": -1}}, "out of range: the card schema allows 0 to 99"),
        ({"human_token": {"defense": "2"}}, "must be a whole number"),
        ({"human_token": {}}, "must be a table of field = number"),
        ({"human_token": {"offense": 1}, HUMAN: {"defense": 2}}, "given twice"),
    ],
)
def test_override_errors(overrides: dict[str, Any], message: str) -> None:
    """A SetupError names the card, the field or the value."""
    with pytest.raises(SetupError, match=message.replace(".", "\\.")):
        GAME.with_card_overrides({}, overrides)
    with pytest.raises(SetupError):
        GAME.new_game({"overrides": overrides}, 1)


def test_override_event_fields() -> None:
    """An event has no offense; cost stays within 0..1."""
    card = _cost1()
    with pytest.raises(SetupError, match=f"{card} is an event card, it has no “offense”"):
        GAME.with_card_overrides({}, {card: {"offense": 2}})
    with pytest.raises(SetupError, match="cost = 2 is out of range: the card schema allows 0 to 1"):
        GAME.with_card_overrides({}, {card: {"cost": 2}})


def _fight(overrides: dict[str, Any] | None) -> EpicState:
    """A wolf token attacks, a human token blocks (epic.combat.damage.blocked)."""
    top = {"overrides": overrides} if overrides else {}
    st = position([], {"play": ["wolf_token"]}, {"play": ["human_token"]}, **top)
    play(st, "attack", "add human_token")
    while GAME.to_move(st) is not None and st.turn == 3 and st.pending[0] != "act":
        play(st, texts(st)[0])
    return st


def test_override_changes_a_fight() -> None:
    """epic.card.defense, epic.combat.damage.break: the printed 1-defense human breaks
    under the wolf's 2 damage; with defense 9 it survives; the game after is plain."""
    plain = _fight(None)
    assert plain.play[1] == []  # broken
    what_if = _fight({"human_token": {"defense": 9}})
    assert [what_if.card_ids[i] for i in what_if.play[1]] == ["human_token"]
    human = what_if.play[1][0]
    assert defense(GAME.dbs(what_if), what_if, human) == 9
    assert what_if.overrides == '{"human_token":{"defense":9}}'
    doc = GAME.export_position(what_if)
    assert doc["overrides"] == {"human_token": {"defense": 9}}
    again = GAME.load_position(doc)
    assert state_hash(again) == state_hash(what_if)
    after = _fight(None)
    assert after.overrides == "" and after.play[1] == [] and "overrides" not in after.to_json()
    assert GAME.db.cards["human_token"].defense == 1


def test_override_in_a_position_is_checked() -> None:
    """A bad ``overrides`` in a position document is a PositionError."""
    with pytest.raises(PositionError, match="unknown field “speed”"):
        position([], {"play": ["wolf_token"]}, {}, overrides={"wolf_token": {"speed": 1}})


def test_override_cost_makes_a_card_playable() -> None:
    """epic.card.cost, epic.play.pay: without gold a cost-1 card cannot be played; at cost 0
    it can, and the player keeps no gold to pay."""
    card = _cost1()
    plain = position([], {"hand": [card], "gold": 0}, {})
    assert not any(a[0] == "play" for a in GAME.legal_actions(plain))
    cheap = position([], {"hand": [card], "gold": 0}, {}, overrides={card: {"cost": 0}})
    assert any(a[0] == "play" for a in GAME.legal_actions(cheap))
    assert GAME.dbs(cheap).cards[card].cost == 0 and GAME.db.cards[card].cost == 1


def test_override_shows_in_state_and_round_trips() -> None:
    """The changes to cards of the game (and tokens) are in the state and its JSON form."""
    setup = GAME.with_card_overrides(
        {"format": "precon", "factions": [["good", "wild"], ["evil", "sage"]]},
        {"human_token": {"offense": 5}, "wolf_token": {"defense": 2}},
    )
    st = GAME.new_game(setup, 2)
    # wolf_token's printed defense is 2: no change, dropped
    assert json.loads(st.overrides) == {"human_token": {"offense": 5}}
    data = json.loads(json.dumps(st.to_json()))
    back = GAME.state_from_json(data)
    assert back.overrides == st.overrides and state_hash(back) == state_hash(st)
    assert GAME.dbs(back).cards["human_token"].offense == 5
    assert GAME.dbs(back) is GAME.dbs(st)  # one database per overrides (speed)
    assert state_hash(st.clone()) == state_hash(st)


def _match(setup: dict[str, Any], seed: int) -> str:
    agents = [make_agent("random", GAME, seed + s) for s in range(2)]
    return state_hash(play_match(GAME, setup, seed, agents).state)


def test_overrides_reproducible_and_isolated() -> None:
    """The same what-if setup and seed replay exactly, in a fresh game object too; a plain
    game before and after is the same game."""
    cheap = {c.id: {"cost": 0} for c in DB.pool("base2015") if c.cost == 1}
    setup = GAME.with_card_overrides({"format": "precon"}, cheap)
    plain_before = _match({"format": "precon"}, 7)
    first = _match(setup, 7)
    assert _match(setup, 7) == first
    fresh = EpicGame()
    agents = [make_agent("random", fresh, 7 + s) for s in range(2)]
    assert state_hash(play_match(fresh, setup, 7, agents).state) == first
    assert first != plain_before
    assert _match({"format": "precon"}, 7) == plain_before
    assert all(c.cost == 1 for c in DB.pool("base2015") if c.id in cheap)
