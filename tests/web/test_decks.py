"""Decks chosen in the lobby: preconstructed decks per seat and pasted deck lists, read
as they are typed and refused with the seat and the reason (clash.format.constructed,
clash.format.unique, clash.solo.precon, epic.format.precon, bluemoon.deck.ready)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import create_engine, select

from cardtable.core import get_game
from cardtable.web.models import GameTable
from tests.web.play import until

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

LIST_A = ["spark_imp", "ash_berserker", "river_otter", "mist_wraith", "storm_hawk",
          "wind_adept", "jailer", "lightning_bolt"]  # fmt: skip
LIST_B = ["cursed_knight", "hired_brute", "coral_warden", "sea_serpent", "whirlblade",
          "storm_herald", "fire_lance", "ice_shard"]  # fmt: skip
CLASH = get_game("clash")


def stored_setup(db_url: str, table: str) -> dict:
    """The setup the server stored for a table (the table's own API does not show it:
    built decks may be secret)."""
    engine = create_engine(db_url)
    with engine.connect() as db:
        found = db.execute(select(GameTable.setup).where(GameTable.id == table)).scalar_one()
    engine.dispose()
    return json.loads(found)


def names(ids: list[str], lang: str) -> str:
    return "\n".join(CLASH.card_title(c, lang) for c in ids)


def test_the_lobby_learns_the_deck_seats_and_precons_of_a_setup(make_client) -> None:
    """A duel seats two decks of the set; in solo only the player brings one (the
    rulebook's AI plays the other decks: clash.solo.precon); a draft offers none."""
    me = make_client()
    duel = me.post("/api/decks/clash?lang=en", json={"setup": {}}).json()
    assert duel["seats"] == [0, 1]
    titles = {d["id"]: d["title"] for d in duel["precons"]}
    assert set(titles) == set(CLASH.deck_names({})) and all(titles.values())
    assert titles[next(iter(titles))] == CLASH.deck_title(next(iter(titles)), "en")
    solo = me.post("/api/decks/clash", json={"setup": {"mode": "solo"}}).json()
    assert solo["seats"] == [0]
    draft = me.post("/api/decks/clash", json={"setup": {"format": "draft"}}).json()
    assert draft["precons"] == []
    bad = me.post("/api/decks/clash?lang=en", json={"setup": {"mode": "chess"}})
    assert bad.status_code == 400 and "mode" in bad.json()["error"]


def test_a_pasted_list_is_read_by_name_or_refused_line_by_line(make_client) -> None:
    me = make_client()
    ok = me.post("/api/decks/clash?lang=ru", json={"text": names(LIST_A, "ru")})
    assert ok.status_code == 200
    assert [c["id"] for c in ok.json()["cards"]] == LIST_A
    assert ok.json()["cards"][0]["name"] == CLASH.card_title(LIST_A[0], "ru")
    bad = me.post("/api/decks/clash?lang=en", json={"text": "Spark Imp\nNo Such Card"})
    assert bad.status_code == 400
    assert "line 2: “No Such Card”" in bad.json()["error"]


def test_tables_start_from_pasted_lists_with_those_cards(make_client, db_url) -> None:
    """clash.format.constructed: the pasted lists are the two players' decks."""
    me = make_client()
    r = me.post("/api/tables?lang=en", json={
        "game": "clash", "seats": ["human", "greedy"], "seed": 4,
        "lists": [names(LIST_A, "en"), "\n".join(LIST_B)],
    })  # fmt: skip
    assert r.status_code == 200, r.text
    table = r.json()["id"]
    assert stored_setup(db_url, table)["lists"] == [LIST_A, LIST_B]
    assert "lists" not in json.dumps(me.get(f"/api/tables/{table}").json())
    with me.websocket_connect(f"/ws/{table}?seat=0&lang=en") as ws:
        msg = until(ws, lambda m: True)
    hand = [c["card"] for c in msg["view"]["hands"][0] if c and c["card"] != "fortress"]
    assert sorted(hand) == sorted(LIST_A)


def test_a_list_breaking_the_rules_is_refused_naming_its_seat(make_client) -> None:
    """clash.format.unique: seven cards (or one twice) cannot be a deck; no table is made."""
    me = make_client()
    before = me.get("/api/tables").json()
    short = me.post("/api/tables?lang=en", json={
        "game": "clash", "seats": ["human", "greedy"], "lists": ["\n".join(LIST_A), "\n".join(LIST_B[:7])],
    })  # fmt: skip
    assert short.status_code == 400
    assert "8 cards" in short.json()["error"] and "B" in short.json()["error"]
    unread = me.post("/api/tables?lang=ru", json={
        "game": "clash", "seats": ["human", "greedy"], "lists": ["\n".join(LIST_A), "Бармаглот"],
    })  # fmt: skip
    assert unread.status_code == 400 and unread.json()["error"].startswith("список места 2")
    both = me.post("/api/tables?lang=en", json={
        "game": "clash", "seats": ["human", "greedy"], "decks": ["a", "b"], "lists": ["x", "y"],
    })  # fmt: skip
    assert both.status_code == 400 and "not both" in both.json()["error"]
    assert me.get("/api/tables").json() == before


@pytest.mark.parametrize(
    ("game", "decks", "key", "expected"),
    [
        ("epic", ["good+wild", "evil+sage"], "factions", [["good", "wild"], ["evil", "sage"]]),
        ("bluemoon", ["vulca", "hoax"], "peoples", ["vulca", "hoax"]),
    ],
)
def test_preconstructed_decks_chosen_per_seat(
    make_client, db_url, game, decks, key, expected
) -> None:
    """epic.format.precon (two factions each), bluemoon.deck.ready (a people's box each)."""
    me = make_client()
    r = me.post("/api/tables", json={"game": game, "seats": ["human", "greedy"], "decks": decks})
    assert r.status_code == 200, r.text
    assert stored_setup(db_url, r.json()["id"])[key] == expected
    same = me.post(
        "/api/tables?lang=en",
        json={"game": game, "seats": ["human", "greedy"], "decks": [decks[0], decks[0]]},
    )
    assert same.status_code == 400
