"""Accounts: a name and a password (hashed with Argon2 by argon2-cffi), and a limit on
failed logins. A guest plays at once; an account keeps its seats across browsers."""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from cardtable.web.models import User
from cardtable.web.tables import PKG, TableError, refuse

MIN_PASSWORD = 8
NAME_CHARS = 40
HASHER = PasswordHasher()


class TooManyLogins(TableError):
    """Too many failed logins lately: wait (HTTP 429)."""


@dataclass
class LoginLimit:
    """At most ``tries`` failed logins per name and per address in ``window`` seconds
    (the server's clock: it limits people, it decides nothing in a game)."""

    tries: int = 5
    window: float = 60.0
    _failed: dict[str, deque[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failed.setdefault(key, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        return times

    def check(self, *keys: str) -> None:
        """Refuse when any key has used up its tries."""
        now = time.monotonic()
        with self._lock:
            if any(len(self._recent(k, now)) >= self.tries for k in keys):
                raise TooManyLogins.msg_in(PKG, "too_many_logins", n=int(self.window))

    def failed(self, *keys: str) -> None:
        now = time.monotonic()
        with self._lock:
            for k in keys:
                self._recent(k, now).append(now)


class Accounts:
    """Registering and logging in against the ``users`` table."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        self.limit = LoginLimit()

    def register(self, name: str, password: str) -> User:
        """A new account; a taken name or a short password is refused."""
        name = name.strip()
        if not 1 <= len(name) <= NAME_CHARS:
            raise refuse("bad_name", n=NAME_CHARS)
        if len(password) < MIN_PASSWORD:
            raise refuse("short_password", n=MIN_PASSWORD)
        user = User(name=name, password_hash=HASHER.hash(password))
        try:
            with self.sessions.begin() as db:
                db.add(user)
        except IntegrityError:
            raise refuse("name_taken", name=name) from None
        return user

    def login(self, name: str, password: str, address: str) -> User:
        """The account whose password this is; wrong names and passwords are refused alike,
        and too many failures from one address or for one name wait a while."""
        keys = (f"name:{name.strip().lower()}", f"addr:{address}")
        self.limit.check(*keys)
        with self.sessions() as db:
            user = db.scalars(select(User).where(User.name == name.strip())).first()
        try:
            if user is None:
                raise VerificationError
            HASHER.verify(user.password_hash, password)
        except (VerificationError, InvalidHashError):
            self.limit.failed(*keys)
            raise refuse("bad_login") from None
        return user
