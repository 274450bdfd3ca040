"""A real server process killed with SIGKILL in the middle of a game: started again on the
same database, every table is where it was and the game goes on (docs/web.md,
"Persistence")."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import httpx2
from websockets.sync.client import connect

from tests.web.server import free_port, start


def views(ws: Any, done: Any) -> dict[str, Any]:
    while True:
        msg = json.loads(ws.recv(timeout=30))
        assert msg["type"] == "state", msg
        if done(msg):
            return msg


def test_sigkill_mid_game_loses_no_action(db_url: str, tmp_path: Path) -> None:
    db = db_url
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(db, port, tmp_path)
    try:
        client = httpx2.Client(base_url=base)
        client.get("/")
        made = client.post(
            "/api/tables", json={"game": "clash", "seats": ["human", "greedy"], "seed": 4}
        ).json()
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        url = f"ws://127.0.0.1:{port}/ws/{made['id']}?seat=0"
        with connect(url, additional_headers={"Cookie": cookie}) as ws:
            msg = views(ws, lambda m: m["to_move"] == 0)
            for _ in range(4):
                ws.send(json.dumps({"type": "act", "n": msg["n"], "choice": 0}))
                n = msg["n"]
                msg = views(ws, lambda m, n=n: m["n"] > n and (m["to_move"] == 0 or m["outcome"]))
        told = msg  # the last view the client was shown: its turn (or the end)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server = start(db, port, tmp_path)
        client = httpx2.Client(base_url=base, cookies=client.cookies)
        info = client.get(f"/api/tables/{made['id']}").json()
        assert info["n"] == told["n"] and info["mine"] == [0]
        with connect(url, additional_headers={"Cookie": cookie}) as ws:
            msg = views(ws, lambda m: True)
            assert msg["view"] == told["view"] and msg["legal"] == told["legal"]
            for _ in range(3):  # and the game goes on, the agent answering
                if msg["status"] == "over":
                    break
                ws.send(json.dumps({"type": "act", "n": msg["n"], "choice": 0}))
                n = msg["n"]
                msg = views(ws, lambda m, n=n: m["n"] > n and (m["to_move"] == 0 or m["outcome"]))
        assert msg["n"] > told["n"]
    finally:
        server.kill()
        server.wait(timeout=10)
