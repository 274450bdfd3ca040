"""Helpers of the web tests: reading a seat's socket until something holds, and playing."""

from __future__ import annotations

from typing import Any

from starlette.testclient import WebSocketTestSession


def until(ws: WebSocketTestSession, done: Any, limit: int = 5000) -> dict[str, Any]:
    """Read state messages until ``done(message)``; the message that satisfied it."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg.get("type") == "state" and done(msg):
            return msg
    raise AssertionError("the expected message never came")


def next_error(ws: WebSocketTestSession, limit: int = 1000) -> dict[str, Any]:
    """The next error message (state messages of other seats' moves may come first)."""
    for _ in range(limit):
        msg = ws.receive_json()
        if msg.get("type") == "error":
            return msg
    raise AssertionError("no error came")


def play_out(ws: WebSocketTestSession, seat: int, first: dict[str, Any]) -> dict[str, Any]:
    """Play ``seat`` by always choosing the last legal option until the game is over."""
    msg = first
    acted = -1  # a view sent twice (a join, a reconnect) is answered once
    for _ in range(20_000):
        if msg["status"] == "over":
            return msg
        if msg["to_move"] == seat and msg["legal"] and msg["n"] > acted:
            ws.send_json({"type": "act", "n": msg["n"], "choice": len(msg["legal"]) - 1})
            acted = msg["n"]
        msg = ws.receive_json()
        assert msg["type"] == "state", msg
    raise AssertionError("the game did not end")
