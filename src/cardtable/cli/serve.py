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


def serve_cmd(host: str, port: int, database: str | None, workers: int, lang: str) -> None:
    """Start the server; the database is migrated first (a clear error if unreachable)."""
    import uvicorn

    from cardtable.web.app import Settings, create_app
    from cardtable.web.database import database_url

    url = database_url(database)
    app = create_app(Settings(database=url, secret=cookie_secret(), agent_workers=workers))
    shown = url.split("@")[-1] if "@" in url else url  # no password on screen
    console().print(t("serve_start", lang, url=f"http://{host}:{port}/", database=shown))
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024)
