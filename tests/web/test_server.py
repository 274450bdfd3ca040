"""The web table's server: tables made, played over WebSockets, refused moves, invites,
spectators, replays and restarts (docs/web.md)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.core.game import state_hash
from cardtable.core.registry import get_game
from cardtable.core.replay import Replay, verify
from tests.web.play import next_error, play_out, until


def new_table(client: TestClient, game: str, seats: list[str], **extra: object) -> dict:
    r = client.post("/api/tables?lang=en", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("game", ["clash", "epic", "bluemoon", "boss"])
def test_a_whole_game_against_an_agent_over_the_socket(make_client, game: str) -> None:
    """A person plays a seeded game to its end against greedy; the downloaded replay
    verifies to the table's final state."""
    me = make_client()
    made = new_table(me, game, ["human", "greedy"], seed=7)
    with me.websocket_connect(f"/ws/{made['id']}?seat=0&lang=en") as ws:
        first = until(ws, lambda m: True)
        assert first["seat"] == 0 and first["game"] == game
        last = play_out(ws, 0, first)
    assert last["outcome"] is not None and last["outcome_text"]
    r = me.get(f"/api/tables/{made['id']}/replay")
    assert r.status_code == 200
    replay = Replay.from_json(r.json())
    assert replay.seed == 7 and len(replay.actions) == last["n"]
    final = verify(replay)
    assert get_game(game).outcome(final).to_json() == last["outcome"]


def test_a_seat_cannot_be_taken_or_played_by_another_person(make_client) -> None:
    """Another browser cannot open the host's seat, and acts only as a spectator."""
    host, other = make_client(), make_client()
    made = new_table(host, "clash", ["human", "greedy"], seed=3)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        other.websocket_connect(f"/ws/{made['id']}?seat=0&lang=en") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403
    with other.websocket_connect(f"/ws/{made['id']}?lang=en") as ws:
        seen = until(ws, lambda m: True)
        assert seen["seat"] is None and seen["legal"] == []
        ws.send_json({"type": "act", "n": seen["n"], "choice": 0})
        assert next_error(ws) == {"type": "error", "error": "A spectator cannot act."}


def test_refused_messages_change_nothing(make_client) -> None:
    """Malformed, oversized, replayed, out-of-range and out-of-turn messages are refused
    with a message in the client's language, and the table stays where it was."""
    me = make_client()
    made = new_table(me, "clash", ["human", "human"], seed=5)
    table = me.app.state.service.get(made["id"])  # type: ignore[attr-defined]
    before = state_hash(table.state)
    with me.websocket_connect(f"/ws/{made['id']}?seat=0&lang=ru") as ws:
        msg = until(ws, lambda m: True)
        assert msg["to_move"] == 0
        for bad in ("not json", json.dumps([1, 2]), json.dumps({"type": "shout"})):
            ws.send_text(bad)
            assert ws.receive_json()["type"] == "error"
        ws.send_text(json.dumps({"type": "act", "n": 0, "choice": 0, "pad": "x" * 5000}))
        assert "длиннее" in ws.receive_json()["error"]
        ws.send_json({"type": "act", "n": 0, "choice": 10_000})
        assert ws.receive_json()["error"] == "Нет варианта номер 10000."
        ws.send_json({"type": "act", "n": 7, "choice": 0})
        assert "не актуален" in ws.receive_json()["error"]
        ws.send_json({"type": "act", "n": 0, "choice": True})
        assert ws.receive_json()["type"] == "error"
        assert state_hash(table.state) == before and table.actions == []
        ws.send_json({"type": "act", "n": 0, "choice": 0})
        after = until(ws, lambda m: m["n"] == 1)
        ws.send_json({"type": "act", "n": 0, "choice": 0})  # the same message again
        assert "не актуален" in ws.receive_json()["error"]
        if after["to_move"] != 0:
            ws.send_json({"type": "act", "n": 1, "choice": 0})
            assert "не место 1" in ws.receive_json()["error"]
    assert len(table.actions) == 1


def test_invites_seat_a_friend_once(make_client) -> None:
    """An invite link seats a friend; the link cannot be used again, nor a wrong one."""
    host, friend, third = make_client(), make_client(), make_client()
    made = new_table(host, "clash", ["human", "human"], seed=11)
    url = made["invites"]["1"]
    invite = url.split("invite=")[1]
    assert friend.post(
        f"/api/tables/{made['id']}/join?lang=en", json={"seat": 1, "invite": "wrong"}
    ).json() == {"error": "The invite does not fit this seat."}
    r = friend.post(f"/api/tables/{made['id']}/join", json={"seat": 1, "invite": invite})
    assert r.status_code == 200
    again = third.post(f"/api/tables/{made['id']}/join?lang=en", json={"seat": 1, "invite": invite})
    assert again.status_code == 400 and again.json()["error"] == "Seat 2 is already taken."
    with friend.websocket_connect(f"/ws/{made['id']}?seat=1") as ws:
        assert until(ws, lambda m: True)["seat"] == 1
    listing = host.get("/api/tables").json()
    assert listing[0]["status"] == "playing"


def test_spectators_and_unfinished_replays_show_no_hidden_card(make_client) -> None:
    """A spectator's view is the game's public view (no hand); an unfinished game's
    replay (which would tell its seed) is refused."""
    host, viewer = make_client(), make_client()
    made = new_table(host, "epic", ["human", "greedy"], seed=2)
    table = host.app.state.service.get(made["id"])  # type: ignore[attr-defined]
    with viewer.websocket_connect(f"/ws/{made['id']}") as ws:
        seen = until(ws, lambda m: True)
    game = get_game("epic")
    assert seen["view"] == json.loads(json.dumps(game.spectate(table.state)))
    assert all(not h or all(isinstance(c, str) for c in h) for h in seen["view"]["hands"])
    r = viewer.get(f"/api/tables/{made['id']}/replay?lang=en")
    assert r.status_code == 403
    info = viewer.get(f"/api/tables/{made['id']}").json()
    assert info["seat"] is None and "seed" not in json.dumps(info)


def test_a_restarted_server_goes_on_from_the_same_state(make_client) -> None:
    """Every applied action is in the database: a new server on the same database
    rebuilds the table to the same state and the game goes on."""
    me = make_client()
    made = new_table(me, "bluemoon", ["human", "greedy"], seed=9)
    with me.websocket_connect(f"/ws/{made['id']}?seat=0") as ws:
        msg = until(ws, lambda m: m["to_move"] == 0)
        for _ in range(3):
            ws.send_json({"type": "act", "n": msg["n"], "choice": 0})
            msg = until(
                ws, lambda m, n=msg["n"]: m["n"] > n and (m["to_move"] == 0 or m["outcome"])
            )
    old = me.app.state.service.get(made["id"])  # type: ignore[attr-defined]
    again = make_client(fresh=True)
    again.cookies = me.cookies
    table = again.app.state.service.get(made["id"])  # type: ignore[attr-defined]
    assert table is not old
    assert state_hash(table.state) == state_hash(old.state)
    assert table.actions == old.actions
    with again.websocket_connect(f"/ws/{made['id']}?seat=0") as ws:
        last = play_out(ws, 0, until(ws, lambda m: True))
    assert last["status"] == "over"


def test_bad_tables_are_refused_with_the_reason(make_client) -> None:
    """Unknown games and agents, seat counts the game does not have, and a bad setup are
    refused with the reason, in the client's language."""
    me = make_client()
    r = me.post("/api/tables?lang=en", json={"game": "chess", "seats": ["human", "greedy"]})
    assert r.status_code == 400 and r.json()["error"].startswith("No game “chess”")
    r = me.post("/api/tables?lang=en", json={"game": "clash", "seats": ["human", "wizard"]})
    assert r.status_code == 400 and "wizard" in r.json()["error"]
    r = me.post("/api/tables?lang=ru", json={"game": "bluemoon", "seats": ["human"] * 3})
    assert r.status_code == 400 and "мест" in r.json()["error"]
    r = me.post(
        "/api/tables?lang=en",
        json={"game": "clash", "seats": ["human", "greedy"], "setup": {"mode": "chaos"}},
    )
    assert r.status_code == 400 and "chaos" in r.json()["error"]
    assert me.get("/api/tables").json() == []
