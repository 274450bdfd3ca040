"""``cardtable serve`` as ``make play`` runs it: the embedded database in the data folder
made on first run, and a table against greedy whose printed link seats the first person
who opens it."""

from __future__ import annotations

from pathlib import Path

import httpx2

from tests.web.server import free_port, start


def test_make_play_serves_a_table_against_greedy(tmp_path: Path) -> None:
    port = free_port()
    server = start(None, port, tmp_path, extra=("--table", "clash"))
    try:
        assert server.stdout is not None
        head = server.stdout.readline() + server.stdout.readline()  # one line each
        assert f"Web table: http://127.0.0.1:{port}/" in head
        assert (tmp_path / "data" / "cardtable.db").exists()  # made on first run
        link = head.split("open ")[1].strip()
        table, query = link.split("/t/")[1].split("?")
        invite = dict(p.split("=") for p in query.split("&"))["invite"]
        me = httpx2.Client(base_url=f"http://127.0.0.1:{port}")
        me.get(link)
        assert me.post(f"/api/tables/{table}/join", json={"seat": 0, "invite": invite}).is_success
        info = me.get(f"/api/tables/{table}").json()
        assert info["mine"] == [0] and info["game"] == "clash"
        assert [s["agent"] for s in info["seats"]] == [None, "greedy"]
        other = httpx2.Client(base_url=f"http://127.0.0.1:{port}")
        again = other.post(f"/api/tables/{table}/join", json={"seat": 0, "invite": invite})
        assert again.status_code == 400
    finally:
        server.kill()
        server.wait(timeout=10)
