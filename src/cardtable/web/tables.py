"""Game tables on the server: made, joined, played and restored from the database.

The engine is the only authority. A table in memory is its game, setup, seed, seats and
the state reached by its actions; an action is checked by the engine on a copy of the
state, written to the database in one transaction with its number, and only then made
the table's state. A table not in memory (after a restart) is rebuilt by replaying its
actions, so a killed server loses nothing that a client was told had happened.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from cardtable.agents.base import make_agent
from cardtable.core.agent import SeatView
from cardtable.core.errors import CardtableError, IllegalAction
from cardtable.core.game import Action, Game, canonical_json, to_action
from cardtable.core.registry import game_ids, get_game
from cardtable.core.replay import Replay, run_replay
from cardtable.web.models import ActionRow, GameTable, Seat

PKG = "cardtable.web"
HUMAN = "human"
MAX_SEATS = 8


class TableError(CardtableError):
    """A request the table refuses (unknown table, not your seat, not your turn …)."""


def refuse(key: str, **params: Any) -> TableError:
    """A ``TableError`` saying the web catalog's message ``key``."""
    return TableError.msg_in(PKG, key, **params)


def known_game(game_id: str) -> Game:
    """The game, or the refusal naming the games there are."""
    if game_id not in game_ids():
        raise refuse("unknown_game", game=game_id[:20], known=", ".join(game_ids()))
    return get_game(game_id)


def token_hash(token: str) -> str:
    """The stored form of an invite: its SHA-256 (the token itself is never stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class SeatInfo:
    """Who sits at a seat: an agent spec, or a person's player key (None while free)."""

    seat: int
    agent: str | None = None
    player: str | None = None
    name: str | None = None
    invite_hash: str | None = None

    @property
    def human(self) -> bool:
        return self.agent is None


@dataclass(slots=True)
class LiveTable:
    """A table in memory: the state its actions reached."""

    id: str
    game: Game
    setup: dict[str, Any]
    seed: int
    host: str
    seats: list[SeatInfo]
    state: Any
    actions: list[Action] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    # the log's events as the pages show them, per language (each rendered once)
    log_lines: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def status(self) -> str:
        if self.game.to_move(self.state) is None:
            return "over"
        if any(s.human and s.player is None for s in self.seats):
            return "open"
        return "playing"

    def seat_of(self, player: str) -> list[int]:
        """The seats this player key holds."""
        return [s.seat for s in self.seats if s.player == player]

    def at(self, k: int) -> LiveTable:
        """A copy of this table after its first ``k`` actions (clamped to the game)."""
        k = max(0, min(k, len(self.actions)))
        state = replayed(self.game, self.setup, self.seed, self.actions[:k])
        return LiveTable(
            self.id, self.game, self.setup, self.seed, self.host, self.seats, state,
            self.actions[:k],
        )  # fmt: skip

    def replay(self) -> Replay:
        """The game so far in the replay format of the command line."""
        replay = Replay(game=self.game.id, setup=dict(self.setup), seed=self.seed)
        replay.actions = list(self.actions)
        if self.game.to_move(self.state) is None:
            replay.seal(self.game, self.state)
        return replay


def replayed(game: Game, setup: dict[str, Any], seed: int, actions: list[Action]) -> Any:
    """The state a table's actions reach, with its log (every action checked)."""
    return run_replay(Replay(game=game.id, setup=setup, seed=seed, actions=actions), log=True)


def check_specs(game: Game, seats: Sequence[str]) -> None:
    """Check every agent spec by making the agent (a clear error names a bad one)."""
    for spec in seats:
        if spec != HUMAN:
            make_agent(spec, game, 0)


class TableService:
    """Every table: made and kept in the database, cached in memory while played."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        self.engine: Engine = sessions.kw["bind"]
        self.live: dict[str, LiveTable] = {}
        self._guard = threading.Lock()

    # --- making and finding tables ---------------------------------------------------
    def create(
        self,
        host: str,
        game_id: str,
        setup: Mapping[str, Any] | None,
        seats: Sequence[str],
        host_seat: int | None = 0,
        seed: int | None = None,
        name: str | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table: ``seats`` gives ``human`` or an agent spec per seat; the host sits
        at ``host_seat`` (a human seat, or None to watch). Returns the table and an invite
        token for every other human seat."""
        game = known_game(game_id)
        if not 1 <= len(seats) <= MAX_SEATS:
            raise refuse("bad_seat_count", n=len(seats))
        check_specs(game, seats)
        full, specs = game.prepare_match(dict(setup or {}), list(seats))
        seed = secrets.randbits(62) if seed is None else seed
        state = game.new_game(full, seed, log=True)
        if game.num_seats(state) != len(specs):
            raise refuse("seats_mismatch", n=game.num_seats(state), given=len(specs))
        if host_seat is not None and not (
            0 <= host_seat < len(specs) and specs[host_seat] == HUMAN
        ):
            raise refuse("host_seat", seat=host_seat + 1)
        infos: list[SeatInfo] = []
        invites: dict[int, str] = {}
        for k, spec in enumerate(specs):
            info = SeatInfo(k, agent=None if spec == HUMAN else spec)
            if spec == HUMAN:
                if k == host_seat:
                    info.player, info.name = host, name
                else:
                    invites[k] = secrets.token_urlsafe(18)
                    info.invite_hash = token_hash(invites[k])
            infos.append(info)
        table = LiveTable(secrets.token_hex(8), game, full, seed, host, infos, state)
        with self.sessions.begin() as db:
            row = GameTable(
                id=table.id,
                game=game.id,
                setup=canonical_json(full),
                seed=seed,
                host=host,
                status=table.status,
            )
            row.seats = [
                Seat(
                    seat=s.seat,
                    agent=s.agent,
                    player=s.player,
                    name=s.name,
                    invite_hash=s.invite_hash,
                )
                for s in infos
            ]
            db.add(row)
        with self._guard:
            self.live[table.id] = table
        return table, invites

    def get(self, table_id: str) -> LiveTable:
        """A table by id, rebuilt from the database if it is not in memory."""
        with self._guard:
            found = self.live.get(table_id)
        if found is not None:
            return found
        with self.sessions() as db:
            row = db.get(GameTable, table_id) if isinstance(table_id, str) else None
            if row is None:
                raise refuse("unknown_table", table=str(table_id)[:40])
            rows = db.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.n)
            ).all()
            seats = [SeatInfo(s.seat, s.agent, s.player, s.name, s.invite_hash) for s in row.seats]
            game = get_game(row.game)
            setup = json.loads(row.setup)
            missing = next((k for k, r in enumerate(rows) if r.n != k), None)
            if missing is not None:
                raise refuse("broken_table", table=table_id, n=missing)
            actions = [to_action(json.loads(r.action)) for r in rows]
            state = replayed(game, setup, row.seed, actions)
            table = LiveTable(row.id, game, setup, row.seed, row.host, seats, state, actions)
        with self._guard:
            return self.live.setdefault(table_id, table)

    def listing(self, limit: int = 100) -> list[dict[str, Any]]:
        """The newest tables with their game, status and free seats (the lobby)."""
        with self.sessions() as db:
            rows = db.scalars(
                select(GameTable).order_by(GameTable.created.desc()).limit(limit)
            ).all()
            return [
                {
                    "id": r.id,
                    "game": r.game,
                    "status": r.status,
                    "seats": [
                        {
                            "seat": s.seat,
                            "agent": s.agent,
                            "name": s.name,
                            "free": s.agent is None and s.player is None,
                        }
                        for s in r.seats
                    ],
                }
                for r in rows
            ]

    # --- people at the table ---------------------------------------------------------
    def join(self, table_id: str, seat: int, invite: str, player: str, name: str | None) -> None:
        """Take a free human seat with its invite; a taken seat or a wrong invite is refused."""
        table = self.get(table_id)
        with table.lock:
            if not 0 <= seat < len(table.seats):
                raise refuse("no_such_seat", seat=seat + 1)
            info = table.seats[seat]
            if not info.human:
                raise refuse("seat_is_agent", seat=seat + 1)
            if info.player is not None:
                raise refuse("seat_taken", seat=seat + 1)
            if info.invite_hash is None or not secrets.compare_digest(
                info.invite_hash, token_hash(invite)
            ):
                raise refuse("bad_invite")
            with self.sessions.begin() as db:
                row = db.get(Seat, (table.id, seat))
                assert row is not None
                row.player, row.name, row.invite_hash = player, name, None
                parent = db.get(GameTable, table.id)
                assert parent is not None
                info.player, info.name, info.invite_hash = player, name, None
                parent.status = table.status

    # --- playing ---------------------------------------------------------------------
    def act(self, table_id: str, seat: int, player: str | None, n: int, action: Any) -> LiveTable:
        """Apply ``action`` for ``seat`` as the table's ``n``-th action. ``player`` must hold
        the seat (None: the server's own agent). Refused without any change: a seat the
        player does not hold, a stale or replayed ``n``, another seat's turn, an illegal
        action."""
        table = self.get(table_id)
        with table.lock:
            if not 0 <= seat < len(table.seats):
                raise refuse("no_such_seat", seat=seat + 1)
            info = table.seats[seat]
            if player is None:
                if info.agent is None:
                    raise refuse("not_your_seat", seat=seat + 1)
            elif info.player != player or not info.human:
                raise refuse("not_your_seat", seat=seat + 1)
            if n != len(table.actions):
                raise refuse("stale_action", n=n, now=len(table.actions))
            game = table.game
            if game.to_move(table.state) != seat:
                raise refuse("not_your_turn", seat=seat + 1)
            try:
                move = to_action(action)
            except IllegalAction:
                raise refuse("bad_action") from None
            after = table.state.clone()
            after.log = list(table.state.log or [])
            game.apply(after, move)  # IllegalAction: refused, nothing changed
            over = game.outcome(after)
            try:  # (Core statements: one insert, and an update only when the status moves)
                with self.engine.begin() as conn:
                    conn.execute(
                        insert(ActionRow),
                        {"table_id": table.id, "n": n, "action": json.dumps(list(move))},
                    )
                    if over is not None:
                        conn.execute(
                            update(GameTable)
                            .where(GameTable.id == table.id)
                            .values(status="over", outcome=json.dumps(over.to_json()))
                        )
            except IntegrityError:  # another server wrote this turn first: reload
                with self._guard:
                    self.live.pop(table.id, None)
                raise refuse("stale_action", n=n, now=n + 1) from None
            table.state = after
            table.actions.append(move)
            return table

    def agent_turn(self, table: LiveTable) -> tuple[int, str, dict[str, Any], int] | None:
        """What an agent needs to decide now (seat, spec, state, action number), or None
        when a person (or nobody) decides."""
        with table.lock:
            seat = table.game.to_move(table.state)
            if seat is None or table.seats[seat].agent is None:
                return None
            spec = table.seats[seat].agent
            assert spec is not None
            return seat, spec, table.state.to_json(), len(table.actions)


def decide(game_id: str, state_json: dict[str, Any], seat: int, spec: str, seed: int) -> list[Any]:
    """An agent's choice (run in a worker process): the state is rebuilt from its plain
    form, and the agent sees it only through its seat's view."""
    game = get_game(game_id)
    state = game.state_from_json(state_json)
    agent = make_agent(spec, game, seed)
    return list(agent.act(SeatView(game, state, seat)))


def agent_seed(table_seed: int, n: int, seat: int) -> int:
    """The seed of an agent's ``n``-th decision at a table: a seeded table replays exactly."""
    digest = hashlib.sha256(f"{table_seed}:{n}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


__all__ = [
    "HUMAN",
    "LiveTable",
    "SeatInfo",
    "TableError",
    "TableService",
    "agent_seed",
    "decide",
    "refuse",
    "token_hash",
]
