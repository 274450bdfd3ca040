"""``cardtable serve``: the web table on uvicorn (docs/web.md)."""

from __future__ import annotations

import os
import secrets

from cardtable.cli.render import console, t
from cardtable.core.files import data_dir

SECRET_ENV = "CARDTABLE_SECRET"


def cookie_secret() -> str:
    """The key that signs session cookies: ``CARDTABLE_SECRET``, else one made on first
    run and kept in the user's data folder (so sessions survive a restart)."""
    given = os.environ.get(SECRET_ENV)
    if given:
        return given
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "secret.key"
    if not path.exists():
        path.write_text(secrets.token_hex(32), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


def serve_cmd(
    host: str, port: int, database: str | None, workers: int, lang: str, table: str | None = None
) -> None:
    """Start the server; the database is migrated first (a clear error if unreachable).
    ``table``: also set a table of that game against the greedy AI and print the link
    that seats whoever opens it first."""
    import uvicorn

    from cardtable.web.app import Settings, create_app
    from cardtable.web.database import database_url

    url = database_url(database)
    app = create_app(Settings(database=url, secret=cookie_secret(), agent_workers=workers))
    shown = url.split("@")[-1] if "@" in url else url  # no password on screen
    address = f"http://{host}:{port}"
    console().print(t("serve_start", lang, url=f"{address}/", database=shown), soft_wrap=True)
    if table is not None:
        made, invites = app.state.service.create("server", table, {}, ["human", "greedy"], None)
        link = f"{address}/t/{made.id}?seat=0&invite={invites[0]}&lang={lang}"
        console().print(t("serve_table", lang, link=link), soft_wrap=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # small messages: compressing them costs more than it saves
    )
