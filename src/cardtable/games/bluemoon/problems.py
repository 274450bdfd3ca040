"""Blue Moon's catalog messages and the errors made of them (core.problems)."""

from cardtable.core.problems import Messages

PKG = "cardtable.games.bluemoon"
MESSAGES = Messages(PKG)
