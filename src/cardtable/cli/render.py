"""Generic terminal helpers: consoles, localized text, errors, seats, outcomes and events."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from cardtable.core.errors import CardtableError
from cardtable.core.events import Event
from cardtable.core.game import Game, Outcome, game_package
from cardtable.core.i18n import tr

PKG = "cardtable.cli"
EVENTS_SHOWN = 12
EVENTS_COMPACT = 6
EVENTS_MAX = 80
WIDE = 140
COMPACT_BELOW = 100
"""A terminal narrower than this many columns gets the compact screen."""


def t(key: str, lang: str, **kw: Any) -> str:
    """A CLI message."""
    return tr(PKG, key, lang, **kw)


def console() -> Console:
    """A console on the current stdout (created per command so tests can capture it)."""
    out = Console(highlight=False)
    if not out.is_terminal:  # piped or captured: wide enough for a full board
        out.width = max(out.width, WIDE)
    return out


def err_console() -> Console:
    """A console on stderr."""
    return Console(stderr=True, highlight=False)


def games_progress(lang: str) -> Progress:
    """The transient progress bar of games played, on stderr."""
    return Progress(
        TextColumn(t("sim_playing", lang)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console(),
        transient=True,
    )


def fail(message: str, lang: str) -> typer.Exit:
    """Print one red error line and return the exit (code 2) to raise."""
    err_console().print(
        Text(t("error", lang, message=message.strip()), style="bold red"), soft_wrap=True
    )
    return typer.Exit(2)


def game_module(game: Game, name: str) -> ModuleType | None:
    """An optional module of a game package (e.g. its ``render``), or None."""
    try:
        return importlib.import_module(f"{game_package(game)}.{name}")
    except ModuleNotFoundError:
        return None


def game_text(game: Game, key: str, lang: str, **kw: Any) -> str | None:
    """A message of the game's own catalog, or None if it has none under that key."""
    try:
        return tr(game_package(game), key, lang, **kw)
    except (KeyError, FileNotFoundError, ModuleNotFoundError):
        return None


def seat_label(game: Game, seat: int, lang: str, state: Any = None) -> str:
    """'Игрок А' for Clash (the game's own names; 'ИИ Б' for a seat of the rulebook's AI
    when the state says so), else 'Player 1'."""
    letter = "abcdefgh"[seat] if 0 <= seat < 8 else ""
    ai = getattr(state, "ai", None)
    if letter and ai is not None and seat < len(ai) and ai[seat]:
        named = game_text(game, f"ai_{letter}", lang)
        if named:
            return named
    return (game_text(game, f"seat_{letter}", lang) if letter else None) or t(
        "seat_n", lang, n=seat + 1
    )


def outcome_text(game: Game, outcome: Outcome, lang: str, state: Any = None) -> str:
    """'Winner: Player A (fort destroyed).'."""
    reason = game_text(game, f"reason_{outcome.reason}", lang) or outcome.reason
    if not outcome.winners:
        return t("outcome_draw", lang, reason=reason)
    names = ", ".join(seat_label(game, s, lang, state) for s in outcome.winners)
    return t("outcome_win", lang, winners=names, reason=reason)


def event_lines(game: Game, state: Any, events: list[Event], lang: str) -> list[Text]:
    """Events as styled lines (turn headers in bold), each ending with the id of the rule
    clause it applied (``docs/rules/<game>.md``), dimmed."""
    out = []
    for ev in events:
        line = Text(game.render_event(state, ev, lang), style="bold" if ev.kind == "turn" else "")
        if ev.rule:
            line.append(f"  [{ev.rule}]", style="dim")
        out.append(line)
    return out


def recent_events(
    game: Game, state: Any, lang: str, n: int = EVENTS_SHOWN, unseen: int = 0
) -> RenderableType:
    """The last ``n`` events of the state's log in a panel (at most EVENTS_MAX); when
    ``unseen`` events are more than that, a last line says how many more ``log`` shows."""
    log = state.log or []
    n = max(1, min(n, EVENTS_MAX))
    lines = event_lines(game, state, log[-n:], lang)
    if unseen > n:
        lines.append(Text(t("events_more", lang, n=unseen - n), style="dim"))
    body = Text("\n").join(lines) if lines else Text("—")
    return Panel(body, title=t("events", lang), title_align="left", expand=False)


def board(
    game: Game, state: Any, seat: int | None, lang: str, compact: bool = False
) -> RenderableType:
    """The game's own drawing of the table (a clear error if it has none); ``compact``:
    its short screen for 80 columns."""
    try:
        if compact:
            return game.render(state, seat, lang, compact=True)  # type: ignore[no-any-return]
        return game.render(state, seat, lang)  # type: ignore[no-any-return]
    except NotImplementedError:
        raise CardtableError(t("no_render", lang, game=game.id)) from None
