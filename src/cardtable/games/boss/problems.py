"""Boss Battle's catalog messages and the errors made of them (core.problems)."""

from cardtable.core.problems import Messages

PKG = "cardtable.games.boss"
MESSAGES = Messages(PKG)
