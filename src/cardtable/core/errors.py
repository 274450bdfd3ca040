"""Errors the engine raises for bad input; each carries one clear message."""


class CardtableError(Exception):
    """Base class for every error cardtable reports to a user."""


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
