"""The database tables: accounts, game tables, their seats and every action played.

A game table is its setup, seed and the actions in order: the state is never stored, it
is replayed (docs/web.md, "Persistence"). An action row is written in the transaction
that applies it; its primary key (table, number) refuses a second action for one turn.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Integer, String, Text, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """The declarative base of the web tables."""


class User(Base):
    """An account: a name and a password hash (guests have no row)."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class GameTable(Base):
    """One game: its setup and seed; the actions replay it."""

    __tablename__ = "game_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(20))
    setup: Mapped[str] = mapped_column(Text)  # canonical JSON
    seed: Mapped[int] = mapped_column(BigInteger)
    host: Mapped[str] = mapped_column(String(64))  # the creator's player key
    status: Mapped[str] = mapped_column(String(10), default="open")  # open, playing, over
    outcome: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON once over
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.seat", cascade="all, delete-orphan"
    )


class Seat(Base):
    """A seat at a table: an agent spec, or a person (their player key once taken, and the
    hash of the invite that takes it while it is free)."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    agent: Mapped[str | None] = mapped_column(String(200), nullable=True)
    player: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    table: Mapped[GameTable] = relationship(back_populates="seats")


class ActionRow(Base):
    """The ``n``-th action of a table (0-based), as its JSON list."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(Text)
