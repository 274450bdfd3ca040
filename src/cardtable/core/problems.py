"""Bad input said in the player's language: a package's catalog messages and the
errors made of them.

Each game keeps one ``Messages`` of its own catalog. A rule across setup options is
checked inside pydantic validators, which may only raise ``ValueError``: ``Problem``
(core.errors) is one carrying its catalog message (``Messages.problem``), and
``Messages.invalid_setup`` turns the validation error into a ``SetupError`` led by the
game's own "… setup:" (its catalog's ``setup_problem``). A card file's validators raise
the same ``Problem``s; the card loader says them in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from cardtable.core.carddata import schema_problem
from cardtable.core.errors import Message, Problem, SetupError


@dataclass(frozen=True, slots=True)
class Messages:
    """The catalog messages of one package and the errors made of them."""

    package: str

    def message(self, key: str, /, **params: Any) -> Message:
        """The catalog message ``key`` with its parameters."""
        return Message(key, params, self.package)

    def problem(self, key: str, /, **params: Any) -> Problem:
        """A ``Problem`` (for a pydantic validator) saying the message ``key``."""
        return Problem(self.message(key, **params))

    def setup_error(self, problem: Message) -> SetupError:
        """A setup the game cannot start from: "<game> setup: <problem>"."""
        return SetupError.msg_in(self.package, "setup_problem", problem=problem)

    def setup_problem(self, key: str, /, **params: Any) -> SetupError:
        """``setup_error`` of the catalog message ``key``."""
        return self.setup_error(self.message(key, **params))

    def invalid_setup(self, exc: ValidationError) -> SetupError:
        """The first problem of a setup's validation, naming the option at fault."""
        return self.setup_error(schema_problem(exc))


def joined(problems: list[Message]) -> Message:
    """Several problems as one message: "a; b; c" (the kernel's ``joined``)."""
    out = problems[-1]
    for m in reversed(problems[:-1]):
        out = Message("joined", {"a": m, "b": out})
    return out
