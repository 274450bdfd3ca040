"""Errors the engine raises for bad input; each carries one clear message.

A message is either plain text or a catalog message: a key of a package's gettext
catalog (``<package>/locale/<lang>/LC_MESSAGES/messages.po``) with its parameters (``PositionError.msg("position_range", ...)``), so
that the command line says it in the user's language (``exc.text("ru")``) while
``str(exc)`` stays English. A parameter may itself be a ``Message`` (or a catalog
error): it is rendered in the same language. ``exc.at(place)`` puts a place (a file, a
key path) in front of the message, and ``Cls.wrap(exc)`` turns one error into another
class keeping its message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardtable.core.i18n import tr

CORE = "cardtable.core"
"""The package whose catalog holds the kernel's messages."""

E = TypeVar("E", bound="CardtableError")


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog message: ``key`` of ``package``'s messages with its parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    package: str = CORE

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``ru`` or ``en``)."""
        return tr(
            self.package, self.key, lang, **{k: render(v, lang) for k, v in self.params.items()}
        )

    def __str__(self) -> str:
        return self.text("en")


def render(value: Any, lang: str) -> Any:
    """A message parameter as it is shown in ``lang`` (messages and errors translated)."""
    if isinstance(value, Message | CardtableError):
        return value.text(lang)
    if (
        isinstance(value, list | tuple)
        and value
        and all(isinstance(v, Message | CardtableError) for v in value)
    ):
        return "; ".join(v.text(lang) for v in value)
    return value


class Problem(ValueError):
    """A rule broken, found where only ``ValueError`` may be raised (a pydantic
    validator), carrying its catalog message; ``str`` is the English text."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


class CardtableError(Exception):
    """Base class for every error cardtable reports to a user."""

    def __init__(self, message: str | Message = "", *, where: tuple[Any, ...] = ()) -> None:
        self.message: str | Message = message
        self.where: tuple[Any, ...] = tuple(where)
        super().__init__(self.text("en"))

    @classmethod
    def msg(cls: type[E], key: str, /, **params: Any) -> E:
        """An error with the kernel's catalog message ``key`` (the catalog of cardtable.core)."""
        return cls(Message(key, params))

    @classmethod
    def msg_in(cls: type[E], package: str, key: str, /, **params: Any) -> E:
        """An error with the catalog message ``key`` of ``package`` (a game's own catalog)."""
        return cls(Message(key, params, package))

    @classmethod
    def wrap(cls: type[E], exc: CardtableError, *where: Any) -> E:
        """An error of this class with ``exc``'s message, led by ``where`` (outermost first);
        an error of the same class keeps its own attributes too."""
        state = dict(exc.__dict__) if isinstance(exc, cls) else {}
        return _rebuild(cls, exc.message, (*where, *exc.where), state)

    def at(self: E, *where: Any) -> E:
        """The same error led by ``where`` (a file, a key path; outermost first)."""
        return type(self).wrap(self, *where)

    @property
    def key(self) -> str | None:
        """The catalog key of the message, None for plain text."""
        return self.message.key if isinstance(self.message, Message) else None

    def text(self, lang: str) -> str:
        """The message in ``lang``: the places in front, then the problem."""
        body = self.message.text(lang) if isinstance(self.message, Message) else self.message
        parts = [str(render(w, lang)) for w in self.where if w not in (None, "")]
        return ": ".join([*parts, body]) if parts else body

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross process boundaries (parallel simulations): keep the message, the
        # places and a subclass's own attributes, whatever its constructor takes.
        return (_rebuild, (type(self), self.message, self.where, dict(self.__dict__)))


def _rebuild(
    cls: type[E], message: str | Message, where: tuple[Any, ...], state: dict[str, Any]
) -> E:
    """An error of ``cls`` whatever its constructor takes (subclasses may take others)."""
    error = cls.__new__(cls)
    error.__dict__.update(state)
    CardtableError.__init__(error, message, where=where)
    return error


class IllegalAction(CardtableError):
    """An action that is not among the legal actions; the state is untouched."""


class SetupError(CardtableError):
    """A setup (mode, format, decks, options) that the game cannot start from."""


class CardDataError(CardtableError):
    """A malformed card file; the message names the file, the card and the field."""


class DeckError(CardtableError):
    """A deck that breaks the construction rules."""


class PositionError(CardtableError):
    """A position file that does not describe a valid situation."""


class ReplayError(CardtableError):
    """A replay that cannot be reproduced exactly."""


def shown(value: Any, limit: int = 40) -> str:
    """A value from a file as a message shows it: text as it is, anything else in its
    YAML/JSON-like form (``null``, ``true``, ``[1, 2]``), cut to ``limit`` characters."""
    if isinstance(value, str):
        text = value
    elif value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, int) and abs(value) >= 10**30:
        text = f"{'-' if value < 0 else ''}10^{int((abs(value).bit_length() - 1) * 0.30103)}"
    else:
        text = repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


__all__ = [
    "CORE",
    "CardDataError",
    "CardtableError",
    "DeckError",
    "IllegalAction",
    "Message",
    "PositionError",
    "ReplayError",
    "SetupError",
    "render",
    "shown",
]
