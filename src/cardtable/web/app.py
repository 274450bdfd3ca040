"""The FastAPI application: the lobby and table API, one WebSocket per seat (or spectator),
the agents' worker pool and the pages.

A client never sends an action of its own making: it sends the number of the action it
saw (``n``) and the index of its choice in the legal list the server sent it. The server
checks both with the engine, stores the action, and sends every connection its own view.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.sessions import SessionMiddleware

from cardtable.agents.base import agent_names
from cardtable.cli.render import game_module
from cardtable.core.errors import CardtableError
from cardtable.core.game import game_package
from cardtable.core.i18n import LANGS, has, keys, load, tr
from cardtable.core.registry import game_ids, get_game
from cardtable.sim.backends import worker_pool
from cardtable.web.accounts import Accounts, TooManyLogins
from cardtable.web.database import connect, session_factory
from cardtable.web.decks import deck_choices, read_list, with_chosen_decks
from cardtable.web.tables import (
    PKG,
    LiveTable,
    TableService,
    agent_seed,
    decide,
    known_game,
    refuse,
)
from cardtable.web.views import seat_view

STATIC = Path(__file__).with_name("static")
MAX_MESSAGE = 2048  # bytes of one client message; longer ones are refused unread


@dataclass
class Settings:
    """How the server runs: its database, the cookie key, the agents' workers (0: one
    thread in the server process, for tests)."""

    database: str
    secret: str
    agent_workers: int = 2


class NewTable(BaseModel):
    """A table as the host asks for it."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=20)
    setup: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] = Field(min_length=1, max_length=8)
    host_seat: int | None = 0
    seed: int | None = Field(default=None, ge=0, lt=2**62)
    decks: list[str] | None = Field(default=None, max_length=8)
    lists: list[str] | None = Field(default=None, max_length=8)


class DeckQuery(BaseModel):
    """A setup whose deck choices the lobby asks for, with a pasted list to read."""

    model_config = ConfigDict(extra="forbid")
    setup: dict[str, Any] = Field(default_factory=dict)
    text: str | None = None


class Join(BaseModel):
    """Taking a seat with its invite."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, lt=8)
    invite: str = Field(min_length=1, max_length=100)


class Credentials(BaseModel):
    """A name and a password (registering or logging in)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=200)


class Me(BaseModel):
    """The name and language a guest chooses."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, max_length=40)
    lang: str | None = None


@dataclass(eq=False)
class Client:
    """One open WebSocket: its seat (None: spectator) and language."""

    socket: WebSocket
    seat: int | None
    lang: str
    log_sent: int | None = None  # log lines this connection has had (None: none yet)

    def view(self, table: LiveTable) -> dict[str, Any]:
        """This connection's next view: the log lines it has not had."""
        msg = seat_view(table, self.seat, self.lang, self.log_sent)
        self.log_sent = msg["log_from"] + len(msg["log"])
        return msg


@dataclass
class Hub:
    """The open connections of every table, and the tables whose agents are thinking."""

    clients: dict[str, set[Client]] = field(default_factory=dict)
    driving: set[str] = field(default_factory=set)

    async def broadcast(self, table: LiveTable) -> None:
        """Send every connection of the table its own view (made once per seat and
        language: spectators share theirs)."""
        made: dict[tuple[int | None, str, int | None], tuple[str, int]] = {}
        for client in list(self.clients.get(table.id, ())):
            key = (client.seat, client.lang, client.log_sent)
            if key not in made:
                with table.lock:
                    msg = client.view(table)
                made[key] = json.dumps(msg), msg["log_from"] + len(msg["log"])
            text, client.log_sent = made[key]
            try:
                await client.socket.send_text(text)
            except Exception:  # a closed socket: forgotten
                self.clients.get(table.id, set()).discard(client)


def player_key(request: Request | WebSocket) -> str:
    """Who this is: ``user:<id>`` when logged in, else the signed cookie's guest key
    (made on first contact)."""
    session = request.session
    user = session.get("user")
    if isinstance(user, int):
        return f"user:{user}"
    key = session.get("player")
    if not isinstance(key, str):
        key = secrets.token_hex(16)
        session["player"] = key
    return key


def lang_of(request: Request | WebSocket) -> str:
    """The language asked for (``?lang=``), else the session's, else Russian."""
    asked = request.query_params.get("lang")
    if asked in LANGS:
        return asked
    saved = request.session.get("lang")
    return saved if saved in LANGS else "ru"


@cache
def example_setups(game_id: str) -> list[dict[str, Any]]:
    """Setups showing the game's modes and formats (those its conformance suite plays,
    without step mode), each with its number of seats: the lobby offers them."""
    game = get_game(game_id)
    out = []
    for setup in game.conformance_setups():
        if not setup.get("step"):
            seats = game.num_seats(game.new_game(setup, 0))
            out.append({"seats": seats, "setup": setup})
    return out


LABELLED = ("mode", "format", "players")


def example_label(example: dict[str, Any], lang: str) -> str:
    """'3 места · каждый за себя · тройной драфт' (other options as key=value)."""
    setup = example["setup"]
    parts = [tr(PKG, "example_seats", lang, n=example["seats"])]
    for key in ("mode", "format"):
        if key in setup:
            name = f"{key}_{setup[key]}"
            parts.append(tr(PKG, name, lang) if has(PKG, name, lang) else str(setup[key]))
    for key, value in setup.items():
        if key not in LABELLED:
            text = f"{key}={json.dumps(value, ensure_ascii=False)}"
            parts.append(text if len(text) <= 48 else text[:46] + "…")  # the box has all
    return " · ".join(parts)


def card_list(game: Any) -> list[dict[str, Any]]:
    """The game's card list (its ``render.card_list``)."""
    module = game_module(game, "render")
    return [] if module is None else list(module.card_list(game))


def error_json(exc: CardtableError, lang: str, status: int = 400) -> JSONResponse:
    """A refusal as ``{"error": text}`` in the client's language."""
    return JSONResponse({"error": exc.text(lang)}, status_code=status)


def create_app(settings: Settings) -> FastAPI:
    """The application for ``settings`` (its database migrated on start)."""
    engine = connect(settings.database)
    sessions = session_factory(engine)
    service = TableService(sessions)
    accounts = Accounts(sessions)
    hub = Hub()
    pool: Executor = (
        ThreadPoolExecutor(1)
        if settings.agent_workers <= 0
        else worker_pool(settings.agent_workers, "spawn")
    )

    async def drive(table: LiveTable) -> None:
        """Let the agents play while one of them is to decide (one driver per table)."""
        if table.id in hub.driving:
            return
        hub.driving.add(table.id)
        try:
            loop = asyncio.get_running_loop()
            while (turn := service.agent_turn(table)) is not None:
                seat, spec, state_json, n = turn
                seed = agent_seed(table.seed, n, seat)
                action = await loop.run_in_executor(
                    pool, decide, table.game.id, state_json, seat, spec, seed
                )
                try:
                    await asyncio.to_thread(service.act, table.id, seat, None, n, action)
                except CardtableError:
                    break  # the table moved on meanwhile: its next turn is asked again
                await hub.broadcast(table)
        finally:
            hub.driving.discard(table.id)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        pool.shutdown(wait=False, cancel_futures=True)
        engine.dispose()

    app = FastAPI(title="cardtable", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.secret,
        session_cookie="cardtable",
        same_site="lax",
        max_age=60 * 60 * 24 * 365,
    )
    app.state.service = service
    app.state.hub = hub

    @app.exception_handler(CardtableError)
    async def refused(request: Request, exc: CardtableError) -> JSONResponse:
        return error_json(exc, lang_of(request))

    # --- pages -------------------------------------------------------------------------
    # (a page sets the signed cookie: its sockets then know the player)
    @app.get("/", include_in_schema=False)
    async def lobby_page(request: Request) -> FileResponse:
        player_key(request)
        return FileResponse(STATIC / "index.html")

    @app.get("/r/{table_id}", include_in_schema=False)
    async def replay_page(request: Request, table_id: str) -> FileResponse:
        player_key(request)
        return FileResponse(STATIC / "replay.html")

    @app.get("/cards/{game_id}", include_in_schema=False)
    async def cards_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "cards.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(request: Request, table_id: str) -> FileResponse:
        player_key(request)
        return FileResponse(STATIC / "table.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # --- the API -----------------------------------------------------------------------
    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        return {
            "player": player_key(request)[:8],
            "name": request.session.get("name"),
            "account": isinstance(request.session.get("user"), int),
            "lang": lang_of(request),
        }

    @app.post("/api/me")
    async def set_me(request: Request, body: Me) -> dict[str, Any]:
        player_key(request)
        if body.name is not None:
            request.session["name"] = body.name.strip()[:40] or None
        if body.lang is not None:
            if body.lang not in LANGS:
                raise HTTPException(400, tr(PKG, "bad_lang", lang_of(request)))
            request.session["lang"] = body.lang
        return await me(request)

    @app.post("/api/register")
    async def register(request: Request, body: Credentials) -> dict[str, Any]:
        user = accounts.register(body.name, body.password)
        request.session.update({"user": user.id, "name": user.name})
        return await me(request)

    @app.post("/api/login")
    async def login(request: Request, body: Credentials) -> Any:
        address = request.client.host if request.client else "?"
        try:
            user = accounts.login(body.name, body.password, address)
        except TooManyLogins as exc:
            return error_json(exc, lang_of(request), 429)
        except CardtableError as exc:
            return error_json(exc, lang_of(request), 401)
        request.session.update({"user": user.id, "name": user.name})
        return await me(request)

    @app.post("/api/logout")
    async def logout(request: Request) -> dict[str, Any]:
        request.session.pop("user", None)
        request.session.pop("name", None)
        return await me(request)

    @app.get("/api/texts")
    async def texts(request: Request) -> dict[str, str]:
        """The page texts in the client's language."""
        lang = lang_of(request)
        return {k: tr(PKG, k, lang) for k in sorted(keys(PKG)) if k.startswith("ui_")}

    @app.get("/api/games")
    async def games(request: Request) -> list[dict[str, Any]]:
        lang = lang_of(request)
        return [
            {
                "id": g,
                "title": get_game(g).title.get(lang, g),
                "agents": agent_names(),
                "examples": [{**x, "label": example_label(x, lang)} for x in example_setups(g)],
            }
            for g in game_ids()
        ]

    @app.get("/api/cards/{game_id}")
    async def cards(game_id: str) -> list[dict[str, Any]]:
        """Every card of a game as plain data, names and texts in both languages."""
        return card_list(known_game(game_id))

    @app.get("/api/words/{game_id}")
    async def words(request: Request, game_id: str) -> dict[str, str]:
        """The game's own words (keywords, phases, peoples …) in the client's language,
        unformatted: the drawings name things as the terminal does."""
        game, lang = known_game(game_id), lang_of(request)
        catalog = load(game_package(game), lang)
        out = {k: catalog.raw(k) for k in sorted(catalog.keys)}
        out.update({f"deck_title_{d}": game.deck_title(d, lang) for d in game.deck_names(None)})
        return out

    @app.post("/api/decks/{game_id}")
    async def decks(request: Request, game_id: str, body: DeckQuery) -> dict[str, Any]:
        """The deck seats and preconstructed decks of a setup; with ``text``, that pasted
        list read (its cards by name, its base deck)."""
        game, lang = known_game(game_id), lang_of(request)
        if body.text is not None:
            return await asyncio.to_thread(read_list, game, body.text, body.setup, lang)
        return await asyncio.to_thread(deck_choices, game, body.setup, lang)

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        return service.listing()

    @app.post("/api/tables")
    async def new_table(request: Request, body: NewTable) -> dict[str, Any]:
        player = player_key(request)
        setup = body.setup
        if body.decks or body.lists:
            game = known_game(body.game)
            setup = await asyncio.to_thread(with_chosen_decks, game, setup, body.decks, body.lists)
        table, invites = await asyncio.to_thread(
            service.create,
            player,
            body.game,
            setup,
            body.seats,
            body.host_seat,
            body.seed,
            request.session.get("name"),
        )
        asyncio.get_running_loop().create_task(drive(table))
        return {
            "id": table.id,
            "invites": {str(k): f"/t/{table.id}?seat={k}&invite={v}" for k, v in invites.items()},
        }

    @app.get("/api/tables/{table_id}")
    async def table_info(request: Request, table_id: str) -> dict[str, Any]:
        table = service.get(table_id)
        held = table.seat_of(player_key(request))
        view = seat_view(table, held[0] if held else None, lang_of(request))
        return {**view, "mine": held}

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str, body: Join) -> dict[str, Any]:
        player = player_key(request)
        name = request.session.get("name")
        await asyncio.to_thread(service.join, table_id, body.seat, body.invite, player, name)
        table = service.get(table_id)
        await hub.broadcast(table)
        asyncio.get_running_loop().create_task(drive(table))
        return {"seat": body.seat}

    @app.get("/api/tables/{table_id}/replay")
    async def replay(request: Request, table_id: str) -> Response:
        """The replay of a finished game (an unfinished one would tell its seed)."""
        table = service.get(table_id)
        if table.status != "over":
            raise HTTPException(403, tr(PKG, "replay_not_over", lang_of(request)))
        text = json.dumps(table.replay().to_json(), ensure_ascii=False, indent=1)
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{table.id}.json"'},
        )

    @app.get("/api/tables/{table_id}/at/{k}")
    async def replay_step(request: Request, table_id: str, k: int) -> dict[str, Any]:
        """A finished game after its first ``k`` actions, as seat ``?seat=`` saw it (else as
        a spectator): the replay viewer's steps."""
        table = service.get(table_id)
        lang = lang_of(request)
        if table.status != "over":
            raise HTTPException(403, tr(PKG, "replay_not_over", lang))
        seat_q = request.query_params.get("seat")
        seat = int(seat_q) if seat_q is not None and seat_q.isdigit() else None
        if seat is not None and not 0 <= seat < len(table.seats):
            raise refuse("no_such_seat", seat=seat + 1)
        return {**seat_view(table.at(k), seat, lang), "total": len(table.actions)}

    # --- the table's socket ----------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        lang = lang_of(ws)
        try:
            table = service.get(table_id)
        except CardtableError as exc:
            await ws.close(code=4404, reason=exc.text(lang)[:120])
            return
        player = player_key(ws)
        held = table.seat_of(player)
        asked = ws.query_params.get("seat")
        seat: int | None = None
        if asked is not None and asked != "":
            if not asked.isdigit() or int(asked) not in held:
                await ws.close(code=4403, reason=tr(PKG, "not_your_seat", lang, seat=asked)[:120])
                return
            seat = int(asked)
        await ws.accept()
        client = Client(ws, seat, lang)
        hub.clients.setdefault(table.id, set()).add(client)
        try:
            with table.lock:
                first = client.view(table)
            await ws.send_json(first)
            asyncio.get_running_loop().create_task(drive(table))
            while True:
                text = await ws.receive_text()
                reply = await handle(table, client, player, text)
                if reply is not None:
                    await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            hub.clients.get(table.id, set()).discard(client)

    async def handle(
        table: LiveTable, client: Client, player: str, text: str
    ) -> dict[str, Any] | None:
        """One client message: an action (``{"type": "act", "n": N, "choice": I}``) or a
        request to send the view again (``{"type": "view"}``); anything else is refused."""
        lang = client.lang
        if len(text.encode()) > MAX_MESSAGE:
            return {"type": "error", "error": tr(PKG, "too_long", lang, n=MAX_MESSAGE)}
        try:
            msg = json.loads(text)
        except ValueError:
            return {"type": "error", "error": tr(PKG, "bad_message", lang)}
        if not isinstance(msg, dict) or msg.get("type") not in ("act", "view"):
            return {"type": "error", "error": tr(PKG, "bad_message", lang)}
        if msg["type"] == "view":
            client.log_sent = None  # everything again
            with table.lock:
                return client.view(table)
        n, choice = msg.get("n"), msg.get("choice")
        if client.seat is None:
            return {"type": "error", "error": tr(PKG, "spectator_cannot_act", lang)}
        if type(n) is not int or type(choice) is not int:
            return {"type": "error", "error": tr(PKG, "bad_message", lang)}
        with table.lock:  # the choice names an option of the list as it stands now
            legal = table.game.legal_actions(table.state)
        if not 0 <= choice < len(legal):
            return {"type": "error", "error": tr(PKG, "bad_choice", lang, n=choice)}
        try:  # act refuses a stale n and another seat's turn (off the event loop)
            await asyncio.to_thread(service.act, table.id, client.seat, player, n, legal[choice])
        except CardtableError as exc:
            return {"type": "error", "error": exc.text(lang)}
        await hub.broadcast(table)
        asyncio.get_running_loop().create_task(drive(table))
        return None

    return app
