"""`cardtable play`: a person against an agent (or agents watched), with save and resume.

A saved game is a JSON document: the replay fields (game, version, setup, seed, actions,
final_hash, outcome) plus ``agents`` (one spec per seat) and ``lang``. It is a valid
replay for `cardtable replay`; `--resume` rebuilds the state by replaying its actions.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from cardtable.agents import make_agent
from cardtable.cli.human import HumanAgent, QuitGame
from cardtable.cli.render import (
    board,
    event_lines,
    game_module,
    outcome_text,
    recent_events,
    seat_label,
    t,
)
from cardtable.core.agent import Agent, SeatView
from cardtable.core.errors import ReplayError, SetupError
from cardtable.core.game import Game
from cardtable.core.replay import Replay, run_replay

HUMAN = "human"
AGENT_SEED_STEP = 7919


def load_saved(path: str, lang: str) -> tuple[Replay, dict[str, Any]]:
    """A saved game (or plain replay) and its raw document."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ReplayError(t("bad_save", lang, path=path, reason=exc.strerror)) from None
    except json.JSONDecodeError as exc:
        raise ReplayError(t("bad_save", lang, path=path, reason=str(exc))) from None
    if not isinstance(doc, dict):
        raise ReplayError(t("bad_save", lang, path=path, reason="not a JSON object"))
    return Replay.from_json(doc), doc


class PlaySession:
    """One game being played in the terminal."""

    def __init__(
        self,
        game: Game,
        replay: Replay,
        specs: Sequence[str],
        lang: str,
        console: Console,
        save_path: str | None = None,
        delay: float = 0.0,
    ) -> None:
        self.game = game
        self.replay = replay
        self.specs = list(specs)
        self.lang = lang
        self.console = console
        self.save_path = save_path
        self.delay = delay
        self.state = run_replay(replay, log=True)
        seats = game.num_seats(self.state)
        if len(self.specs) != seats:
            raise SetupError(f"{game.id} has {seats} seats, got {len(self.specs)} agents")
        self.agents: list[Agent] = [self._agent(s, spec) for s, spec in enumerate(self.specs)]
        self.humans = [s for s, spec in enumerate(self.specs) if spec == HUMAN]
        self.seen: dict[int, int] = {}  # per human seat: events of the log already shown

    def _agent(self, seat: int, spec: str) -> Agent:
        if spec == HUMAN:
            return HumanAgent(self)
        return make_agent(spec, self.game, self.replay.seed + AGENT_SEED_STEP * (seat + 1))

    # --- saving ------------------------------------------------------------------------
    def document(self) -> dict[str, Any]:
        """The saved-game document of the game so far."""
        self.replay.seal(self.game, self.state)
        doc = self.replay.to_json()
        doc["agents"] = list(self.specs)
        doc["lang"] = self.lang
        return doc

    def save(self, path: str) -> None:
        """Write the saved game (a clear error if the file cannot be written)."""
        try:
            Path(path).write_text(
                json.dumps(self.document(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
        except OSError as exc:
            raise ReplayError(t("save_failed", self.lang, path=path, reason=exc.strerror)) from None

    def save_and_report(self, path: str) -> None:
        """Save at a prompt and say so (an error is reported, the game goes on)."""
        try:
            self.save(path)
        except ReplayError as exc:
            self.console.print(Text(str(exc), style="red"))
            return
        self.console.print(Text(t("saved", self.lang, path=path), style="green"))

    # --- playing -----------------------------------------------------------------------
    def step(self) -> bool:
        """One decision; False once the game is over."""
        seat = self.game.to_move(self.state)
        if seat is None:
            return False
        agent = self.agents[seat]
        action = agent.act(SeatView(self.game, self.state, seat))
        described = self.described(seat, action)
        first_event = len(self.state.log or [])
        self.game.apply(self.state, action)
        self.replay.actions.append(action)
        if seat not in self.humans:
            self.announce_text(seat, described, first_event)
        if self.save_path:
            self.save(self.save_path)
        if self.delay > 0 and not self.humans:
            time.sleep(self.delay)
        return True

    def described(self, seat: int, action: Any) -> str:
        """An action's text for the people at the table: a game's render module may hide
        what they cannot see (e.g. which card an agent put back), via ``describe_seen``."""
        if self.humans and seat not in self.humans:
            module = game_module(self.game, "render")
            seen = getattr(module, "describe_seen", None)
            if seen is not None:
                return str(seen(self.game, self.state, action, seat, self.lang))
        return self.game.describe(action, self.lang, self.state)

    def announce_text(self, seat: int, described: str, first_event: int) -> None:
        """Print an agent's move (described before it was applied)."""
        text = t(
            "moves",
            self.lang,
            seat=seat_label(self.game, seat, self.lang, self.state),
            agent=self.agents[seat].name,
            action=described,
        )
        self.console.print(Text(text, style="bold"))
        if not self.humans:
            for line in event_lines(
                self.game, self.state, (self.state.log or [])[first_event:], self.lang
            ):
                self.console.print(Text("    ") + line)

    def viewer(self) -> int | None:
        """Whose eyes the table is drawn with (a spectator when no person plays)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def run(self) -> None:
        """Play to the end, or until the person quits or the input ends."""
        if not self.humans:
            self.console.print(board(self.game, self.state, None, self.lang))
            if not self.replay.actions:  # what happened before the first decision (an AI's turn)
                for line in event_lines(self.game, self.state, self.state.log or [], self.lang):
                    self.console.print(Text("    ") + line)
        try:
            while self.step():
                pass
        except QuitGame as stop:
            self.console.print()
            self.console.print(Text(t("eof" if stop.eof else "quit", self.lang), style="yellow"))
            if self.save_path:
                self.save(self.save_path)
                self.console.print(t("saved", self.lang, path=self.save_path), markup=False)
                self.console.print(
                    t("resume_with", self.lang, game=self.game.id, path=self.save_path),
                    markup=False,
                )
            return
        self.finish()

    def show_end(self) -> None:
        """The final table and the outcome."""
        self.console.print()
        self.console.print(board(self.game, self.state, self.viewer(), self.lang))
        self.console.print(recent_events(self.game, self.state, self.lang))
        outcome = self.game.outcome(self.state)
        if outcome is not None:
            self.console.print(
                Text(outcome_text(self.game, outcome, self.lang, self.state), style="bold green")
            )

    def finish(self) -> None:
        """The final table, the outcome and where the record is."""
        self.show_end()
        if self.save_path:
            self.save(self.save_path)
            self.console.print(t("replay_hint", self.lang, path=self.save_path), markup=False)
