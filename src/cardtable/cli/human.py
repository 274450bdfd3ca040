"""The human agent: shows the table from its own seat and reads a choice from the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from cardtable.cli import table
from cardtable.cli.render import (
    EVENTS_COMPACT,
    EVENTS_SHOWN,
    board,
    recent_events,
    seat_label,
    t,
)
from cardtable.core.agent import SeatView
from cardtable.core.errors import CardtableError
from cardtable.core.game import Action

if TYPE_CHECKING:
    from cardtable.cli.play import PlaySession


class QuitGame(Exception):
    """The person left the game (``quit``) or the input ended (EOF)."""

    def __init__(self, eof: bool) -> None:
        super().__init__("eof" if eof else "quit")
        self.eof = eof


class TakeBack(Exception):
    """The person takes back the choice their pending sub-decision completes (``back``)."""


class Undo(Exception):
    """The person takes back their last whole decision and the replies to it (``undo``)."""


HELP = ("help", "?", "помощь", "справка")
RULES = ("rules", "правила")
EXPLAIN = ("explain", "объясни", "что")
WHY = ("why", "почему")
BACK = ("back", "назад")
UNDO = ("undo", "takeback", "отмена", "отменить")
LOG = ("log", "журнал")
HINT = ("hint", "подсказка")


class HumanAgent:
    """A person at the terminal; sees only what its seat may know."""

    name = "human"

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def show_table(self, seat: int) -> None:
        """The board as this seat sees it, and the recent events."""
        s = self.session
        s.console.print()
        s.print_moves()
        s.console.print(board(s.game, s.state, seat, s.lang, s.compact))
        # What happened since this person last looked (other seats' and the AI's turns),
        # the newest few; ``log`` shows them all.
        log = s.state.log or []
        unseen = len(log) - s.seen.get(seat, len(log))
        shown = EVENTS_COMPACT if s.compact else EVENTS_SHOWN
        s.console.print(recent_events(s.game, s.state, s.lang, shown, unseen))
        s.last_seen[seat] = s.seen.get(seat, len(log))
        s.seen[seat] = len(log)

    def show_log(self, seat: int) -> None:
        """Every event since this person's previous look at the table (at most EVENTS_MAX)."""
        s = self.session
        log = s.state.log or []
        n = max(EVENTS_SHOWN, len(log) - s.last_seen.get(seat, len(log)))
        s.console.print(recent_events(s.game, s.state, s.lang, n))

    def show_options(self, view: SeatView) -> None:
        """The numbered list of legal actions."""
        s = self.session
        s.console.print(
            Text(
                t("options", s.lang, seat=seat_label(s.game, view.seat, s.lang, s.state)),
                style="bold",
            )
        )
        for i, action in enumerate(view.legal, 1):
            text = s.game.describe(action, s.lang, s.state)
            code = s.game.action_text(s.state, action)
            line = Text(f"{i:>3}. ", style="bold")
            line.append(text)
            line.append(f"   [{code}]", style="dim")
            s.console.print(line)

    def _is_action_text(self, text: str) -> bool:
        """Whether ``text`` is the canonical text of a legal action (Blue Moon's rule-11
        take-back reads ``undo``: the game's action wins; the table's is ``takeback``)."""
        s = self.session
        return any(s.game.action_text(s.state, a) == text for a in s.game.legal_actions(s.state))

    def act(self, view: SeatView) -> Action:
        """Show the table (not again for a sub-decision), then read until a legal choice.
        A game without a save file is autosaved first (docs/saves.md, "Autosave")."""
        s = self.session
        s.autosave()
        if not s.game.is_subdecision(s.state):
            self.show_table(view.seat)
        self.show_options(view)
        while True:
            try:
                line = s.console.input(t("prompt", s.lang))
            except EOFError:
                raise QuitGame(eof=True) from None
            except KeyboardInterrupt:
                raise QuitGame(eof=False) from None
            text = line.strip()
            if not text:
                continue
            command, _, arg = text.partition(" ")
            command = command.lower()
            game, state, seat, lang = s.game, s.state, view.seat, s.lang
            if command in HELP:
                s.console.print(table.help_text(game, lang), markup=False)
                self.show_options(view)
            elif command in RULES:
                s.console.print(table.rules_text(game, lang), markup=False)
            elif command in EXPLAIN:
                s.console.print(table.explain(game, state, seat, arg, lang))
            elif command in WHY:
                s.console.print(table.why(game, state, seat, arg, lang))
            elif command in BACK:
                refused = s.take_back_refusal(seat)
                if refused is None:
                    raise TakeBack
                s.console.print(Text(refused, style="yellow"))
            elif command in UNDO and not self._is_action_text(text):
                refused = s.undo_refusal(seat)
                if refused is None:
                    raise Undo
                s.console.print(Text(refused, style="yellow"))
            elif command in HINT:
                s.console.print(s.advisor.hint_view(view))
            elif command in LOG:
                self.show_log(seat)
            elif command in ("quit", "exit", "q", "выход"):
                raise QuitGame(eof=False)
            elif command == "board":
                self.show_table(view.seat)
                self.show_options(view)
            elif command == "save":
                path = arg.strip() or s.save_path
                if not path:
                    s.console.print(Text(t("save_needs_file", s.lang), style="yellow"))
                    continue
                s.save_and_report(path)
            else:
                try:
                    action: Action | None = s.game.parse_action(s.state, text)
                except CardtableError:
                    reading = table.read(game, state, seat, text, lang)
                    action = reading.action
                    if action is None and reading.message is not None:
                        s.console.print(reading.message)
                if action is not None and s.advisor.approves(view, action):  # --coach
                    return action
