"""What the server sends a client: one seat's view of a table (or a spectator's), in the
client's language, built only from ``observe``/``spectate`` and the legal actions of that
seat. Nothing here reads a hidden part of the state."""

from __future__ import annotations

from typing import Any

from cardtable.cli.render import game_text, seat_label
from cardtable.core.i18n import tr
from cardtable.web.tables import PKG, LiveTable

LOG_SHOWN = 200  # the newest events a view carries


def rule_sentence(table: LiveTable, rule: str, lang: str) -> str | None:
    """A rule clause's sentence from the game's catalog (``rule.<id>``), if it has one."""
    return game_text(table.game, f"rule.{rule}", lang)


def seat_view(
    table: LiveTable, seat: int | None, lang: str, log_from: int | None = None
) -> dict[str, Any]:
    """The message ``state`` for ``seat`` (None: a spectator): the observation, whose
    turn it is, the seat's legal actions with their texts (only when it decides), the
    events with their rule ids and sentences from ``log_from`` on (None: the newest
    LOG_SHOWN; a connection is sent only the lines it has not had), the seats and the
    outcome."""
    game, state = table.game, table.state
    to_move = game.to_move(state)
    view = game.spectate(state) if seat is None else game.observe(state, seat)
    legal: list[dict[str, Any]] = []
    if seat is not None and to_move == seat:
        legal = [
            {
                "i": i,
                "text": game.describe(action, lang, state),
                "code": game.action_text(state, action),
            }
            for i, action in enumerate(game.legal_actions(state))
        ]
    lines = log_lines(table, lang)
    start = max(0, len(lines) - LOG_SHOWN) if log_from is None else min(log_from, len(lines))
    log = lines[start:]
    seats = [
        {
            "seat": s.seat,
            "label": seat_label(game, s.seat, lang, state),
            "name": s.name,
            "agent": s.agent,
            "free": s.human and s.player is None,
        }
        for s in table.seats
    ]
    outcome = game.outcome(state)
    return {
        "type": "state",
        "table": table.id,
        "game": game.id,
        "title": game.title.get(lang, game.id),
        "n": len(table.actions),
        "seat": seat,
        "to_move": to_move,
        "status": table.status,
        "view": view,
        "legal": legal,
        "log": log,
        "log_from": start,
        "seats": seats,
        "outcome": None if outcome is None else outcome.to_json(),
        "outcome_text": None if outcome is None else outcome_text(table, lang),
    }


def log_lines(table: LiveTable, lang: str) -> list[dict[str, Any]]:
    """Every event of the table's log as a line with its rule id and the rule's sentence,
    each rendered once per language (a table's log only grows)."""
    events = table.state.log or []
    lines = table.log_lines.setdefault(lang, [])
    if len(lines) > len(events):  # a log that shrank is not this table's: start again
        lines.clear()
    for ev in events[len(lines) :]:
        lines.append(
            {
                "text": table.game.render_event(table.state, ev, lang),
                "rule": ev.rule,
                "rule_text": rule_sentence(table, ev.rule, lang) if ev.rule else None,
                "turn": ev.kind == "turn",
            }
        )
    return lines


def outcome_text(table: LiveTable, lang: str) -> str:
    """'Победил Игрок 1' / 'Player 1 won' (or a draw) for a finished table."""
    out = table.game.outcome(table.state)
    assert out is not None
    names = [seat_label(table.game, w, lang, table.state) for w in out.winners]
    if not names:
        return tr(PKG, "outcome_draw", lang)
    return tr(PKG, "outcome_won", lang, who=", ".join(names), n=len(names))
