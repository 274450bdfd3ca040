"""Accounts on the web table: register, log in (Argon2 hashes, never the password),
seats that follow the account to another browser, and rate-limited logins."""

from __future__ import annotations

from sqlalchemy import create_engine, text

from tests.web.test_server import new_table


def test_register_login_and_seats_follow_the_account(make_client, db_url: str) -> None:
    home, phone = make_client(), make_client()
    r = home.post("/api/register?lang=en", json={"name": "Ann", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["account"] and r.json()["name"] == "Ann"
    with create_engine(db_url).connect() as db:
        stored = db.execute(text("select password_hash from users where name = 'Ann'")).scalar()
    assert stored.startswith("$argon2") and "correct horse" not in stored
    made = new_table(home, "clash", ["human", "greedy"], seed=1)
    assert phone.get(f"/api/tables/{made['id']}").json()["mine"] == []
    r = phone.post("/api/login?lang=en", json={"name": "Ann", "password": "correct horse"})
    assert r.status_code == 200
    assert phone.get(f"/api/tables/{made['id']}").json()["mine"] == [0]
    with phone.websocket_connect(f"/ws/{made['id']}?seat=0") as ws:
        assert ws.receive_json()["seat"] == 0
    phone.post("/api/logout")
    assert phone.get(f"/api/tables/{made['id']}").json()["mine"] == []


def test_bad_accounts_are_refused(make_client) -> None:
    me = make_client()
    r = me.post("/api/register?lang=en", json={"name": "Bob", "password": "short"})
    assert r.status_code == 400 and "shorter than 8" in r.json()["error"]
    assert (
        me.post("/api/register", json={"name": "Bob", "password": "long enough"}).status_code == 200
    )
    r = make_client().post("/api/register?lang=ru", json={"name": "Bob", "password": "long enough"})
    assert r.status_code == 400 and r.json()["error"] == "Имя «Bob» уже занято."


def test_logins_are_rate_limited(make_client) -> None:
    """Five wrong passwords for a name, then even the right one waits (HTTP 429)."""
    owner, attacker = make_client(), make_client()
    owner.post("/api/register", json={"name": "Cy", "password": "right password"})
    for _ in range(5):
        r = attacker.post("/api/login?lang=en", json={"name": "Cy", "password": "guess"})
        assert r.status_code == 401 and r.json()["error"] == "Wrong name or password."
    r = attacker.post("/api/login?lang=en", json={"name": "Cy", "password": "right password"})
    assert r.status_code == 429 and "wait 60 s" in r.json()["error"]
    r = attacker.post("/api/login", json={"name": "nobody", "password": "guess"})
    assert r.status_code == 429  # the address too has used up its tries
