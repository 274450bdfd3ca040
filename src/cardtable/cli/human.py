"""The human agent: shows the table from its own seat and reads a choice from the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from cardtable.cli.render import EVENTS_SHOWN, board, recent_events, seat_label, t
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


class HumanAgent:
    """A person at the terminal; sees only what its seat may know."""

    name = "human"

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def show_table(self, seat: int) -> None:
        """The board as this seat sees it, and the recent events."""
        s = self.session
        s.console.print()
        s.console.print(board(s.game, s.state, seat, s.lang))
        # Everything since this person last looked (other seats' and the AI's turns).
        log = s.state.log or []
        unseen = len(log) - s.seen.get(seat, len(log))
        s.console.print(recent_events(s.game, s.state, s.lang, max(EVENTS_SHOWN, unseen)))
        s.seen[seat] = len(log)

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

    def act(self, view: SeatView) -> Action:
        """Show the table (not again for a sub-decision), then read until a legal choice."""
        s = self.session
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
            if command in ("help", "?", "помощь"):
                s.console.print(t("help", s.lang), markup=False)
                self.show_options(view)
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
                    return s.game.parse_action(s.state, text)
                except CardtableError:
                    s.console.print(
                        Text(t("bad_choice", s.lang, text=text, n=len(view.legal)), style="yellow")
                    )
