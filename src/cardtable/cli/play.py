"""`cardtable play`: a person against an agent (or agents watched), with save and resume.

A saved game is a JSON document: the replay fields (game, version, setup, seed, actions,
final_hash, outcome, and ``reseeds`` once an ``undo`` redrew hidden cards) plus
``agents`` (one spec per seat) and ``lang``, with its format version and hash
(``docs/saves.md``). It is a valid replay for `cardtable replay`;
`--resume` checks it and rebuilds the state by replaying its actions. Every save is
atomic. A game without ``--save`` is autosaved to the per-user data folder before each
of a person's decisions and when it stops (``quit``, Ctrl-C, end of input), and ``quit``
or Ctrl-C offers to save it to a file.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from cardtable.agents import make_agent
from cardtable.agents.hints import DEFAULT_ITERS
from cardtable.cli.coach import Advisor
from cardtable.cli.human import HumanAgent, QuitGame, TakeBack, Undo
from cardtable.cli.render import (
    board,
    event_lines,
    game_module,
    outcome_text,
    recent_events,
    seat_label,
    t,
)
from cardtable.core import savefile
from cardtable.core.agent import Agent, SeatView
from cardtable.core.errors import Message, ReplayError, SetupError, shown
from cardtable.core.files import check_writable, data_dir
from cardtable.core.game import Game
from cardtable.core.replay import Replay, run_replay
from cardtable.core.undo import undo, undo_point

HUMAN = "human"
AGENT_SEED_STEP = 7919
SYNC_EVERY = 1.0
"""Seconds between saves that also fsync the folder, and between autosaves (a save
that stops or ends the game always does both)."""


def autosave_path(game_id: str, seed: int) -> Path:
    """Where a game without ``--save`` is autosaved."""
    return data_dir() / "autosave" / f"{game_id}-{seed}.json"


def resume_command(game_id: str, path: str | Path) -> str:
    """The command that continues a saved game."""
    return shlex.join(["cardtable", "play", game_id, "--resume", str(path)])


def refusal(problem: Message, lang: str) -> str:
    """A refused file's problem in ``lang``, with the way past it when there is one."""
    text = problem.text(lang)
    return t("save_refused", lang, problem=text) if problem.key in savefile.FORCEABLE else text


def load_saved(
    path: str, lang: str, game_id: str | None = None, force: bool = False
) -> tuple[Replay, dict[str, Any], list[str]]:
    """A saved game (or plain replay), its raw document and, with ``force``, what is
    wrong with it in ``lang``. Without ``force`` the first problem is refused: a newer
    format or engine version, a hash that does not match, a save of another game."""
    try:
        doc, problems = savefile.load(path, game_id, force)
    except savefile.SaveFileError as exc:
        raise ReplayError(refusal(exc.problem, lang)) from None
    try:
        replay = Replay.from_json(doc)
        _check_save_fields(doc)
    except ReplayError as exc:
        raise ReplayError(t("bad_save", lang, path=path, reason=exc.text(lang))) from None
    return replay, doc, [p.text(lang) for p in problems]


def _check_save_fields(doc: dict[str, Any]) -> None:
    """A save's own fields besides the replay's: ``agents`` a list of agent specs and
    ``lang`` a language code, each optional."""
    agents = doc.get("agents")
    if agents is not None and not (
        isinstance(agents, list) and all(isinstance(a, str) for a in agents)
    ):
        raise ReplayError.msg("save_agents", got=shown(agents))
    if not isinstance(doc.get("lang", ""), str | None):
        raise ReplayError.msg("save_lang", got=shown(doc["lang"]))


def check_save_path(path: str, lang: str) -> None:
    """Refuse a save file that cannot be written, before the game starts."""
    try:
        check_writable(path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ReplayError(t("save_unwritable", lang, path=path, reason=reason)) from None


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
        compact: bool = False,
        coach: bool = False,
        hint_iters: int = DEFAULT_ITERS,
    ) -> None:
        self.game = game
        self.replay = replay
        self.specs = list(specs)
        self.lang = lang
        self.console = console
        self.save_path = save_path
        self.delay = delay
        self.compact = compact
        self.state = run_replay(replay, log=True)
        seats = game.num_seats(self.state)
        if len(self.specs) != seats:
            raise SetupError.msg("seats_agents", game=game.id, n=seats, agents=len(self.specs))
        self.agents: list[Agent] = [self._agent(s, spec) for s, spec in enumerate(self.specs)]
        self.humans = [s for s, spec in enumerate(self.specs) if spec == HUMAN]
        self.seen: dict[int, int] = {}  # per human seat: events of the log already shown
        self.last_seen: dict[int, int] = {}  # per human seat: ``seen`` before its last look
        self.moves: list[tuple[int, str]] = []  # agents' moves the people have not seen yet
        self.autosave_to: Path | None = (
            autosave_path(game.id, replay.seed) if save_path is None else None
        )
        self.autosaved = False
        self.synced_at = -SYNC_EVERY  # time.monotonic() of the last save that synced fully
        self.autosaved_at = -SYNC_EVERY
        self.advisor = Advisor(self, coach, hint_iters)  # ``hint`` and ``--coach`` (cli.coach)

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

    def save(self, path: str, final: bool = True) -> None:
        """Write the saved game atomically (a clear error if the file cannot be written).
        Saves during play (not ``final``) fsync the folder at most every SYNC_EVERY
        seconds (files.atomic_write_bytes)."""
        now = time.monotonic()
        full = final or now - self.synced_at >= SYNC_EVERY
        try:
            savefile.write(path, self.document(), sync_dir=full)
            if full:
                self.synced_at = now
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise ReplayError(t("save_failed", self.lang, path=path, reason=reason)) from None

    def autosave(self, final: bool = False) -> Path | None:
        """Autosave a game without ``--save`` (during play at most every SYNC_EVERY
        seconds; ``final``: now). None when the game has a save file or the autosave
        cannot be written (then a warning is printed once)."""
        if self.autosave_to is None:
            return None
        now = time.monotonic()
        if not final and now - self.autosaved_at < SYNC_EVERY:
            return self.autosave_to
        try:
            self.autosave_to.parent.mkdir(parents=True, exist_ok=True)
            self.save(str(self.autosave_to), final)
        except (OSError, ReplayError) as exc:
            self.console.print(Text(str(exc), style="yellow"))
            self.autosave_to = None
            return None
        self.autosaved = True
        self.autosaved_at = now
        return self.autosave_to

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
        try:
            action = agent.act(SeatView(self.game, self.state, seat))
        except TakeBack:
            self.take_back(seat)
            return True
        except Undo:
            self.undo(seat)
            return True
        described = self.described(seat, action)
        first_event = len(self.state.log or [])
        self.game.apply(self.state, action)
        self.replay.actions.append(action)
        if seat not in self.humans:
            self.announce_text(seat, described, first_event)
        if self.save_path:
            self.save(self.save_path, final=False)
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

    # --- back: a half-made choice taken back (docs/table.md) ----------------------------
    def take_back_refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot take back now (None: it can): the pending decision must
        complete a choice this seat made by the last action (``Game.is_subdecision``), and
        that choice must not have shown the seat new cards."""
        if not self.replay.actions or not self.game.is_subdecision(self.state):
            return t("back_nothing", self.lang)
        before = self.before_last()
        if self.game.to_move(before) != seat:
            return t("back_nothing", self.lang)
        had = set(self.game.hand_cards(before, seat))
        if set(self.game.hand_cards(self.state, seat)) - had:
            return t("back_drawn", self.lang)
        return None

    def before_last(self) -> Any:
        """The state before the last action (replayed from the start: exact)."""
        return run_replay(self.replay.prefix(len(self.replay.actions) - 1), log=True)

    def take_back(self, seat: int) -> None:
        """Undo the last action, which this seat made (``take_back_refusal`` said so)."""
        before = self.before_last()
        action = self.replay.actions[-1]
        text = self.game.describe(action, self.lang, before)
        self.state = before
        self.replay = self.replay.prefix(len(self.replay.actions) - 1)
        log = self.state.log or []
        self.seen[seat] = min(self.seen.get(seat, len(log)), len(log))
        self.console.print(Text(t("back_done", self.lang, action=text), style="green"))
        if self.save_path:
            self.save(self.save_path, final=False)

    # --- undo: take-back against agents (docs/table.md, "Take-back") --------------------
    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot undo now (None: it can): only a person playing against
        agents alone may (the terminal has no rated games), and only back to a whole
        decision it has had."""
        if len(self.humans) > 1:
            return t("undo_humans", self.lang)
        if undo_point(self.replay, seat) is None:
            return t("undo_nothing", self.lang)
        return None

    def undo(self, seat: int) -> None:
        """Take back this seat's last whole decision and what followed it, with what it
        cannot see redrawn (``core.undo``; ``undo_refusal`` allowed it)."""
        done = undo(self.replay, seat, log=True)
        if done is None:
            return
        self.replay, self.state = done.replay, done.state
        self.moves = []  # replies taken back are never announced
        log = self.state.log or []
        self.seen[seat] = min(self.seen.get(seat, len(log)), len(log))
        self.last_seen[seat] = min(self.last_seen.get(seat, len(log)), len(log))
        text = self.game.describe(done.actions[0], self.lang, self.state)
        after = len(done.actions) - 1
        if after:
            line = t("undo_done", self.lang, action=text, n=after)
        else:
            line = t("undo_done_one", self.lang, action=text)
        self.console.print(Text(line, style="green"))
        self.console.print(Text(t("undo_redrawn", self.lang), style="dim"))
        if self.save_path:
            self.save(self.save_path, final=False)

    def print_moves(self) -> None:
        """The agents' moves since a person last looked, one wrapped line per agent run."""
        runs: list[tuple[int, list[str]]] = []
        for seat, text in self.moves:
            if runs and runs[-1][0] == seat:
                runs[-1][1].append(text)
            else:
                runs.append((seat, [text]))
        self.moves = []
        for seat, texts in runs:
            label = seat_label(self.game, seat, self.lang, self.state)
            if len(texts) == 1:
                line = t(
                    "moves", self.lang, seat=label, agent=self.agents[seat].name, action=texts[0]
                )
            else:
                line = t(
                    "agent_moves",
                    self.lang,
                    seat=label,
                    agent=self.agents[seat].name,
                    n=len(texts),
                    actions="; ".join(texts),
                )
            self.console.print(Text(line, style="bold"))

    def announce_text(self, seat: int, described: str, first_event: int) -> None:
        """Print an agent's move (described before it was applied); with people at the
        table, the moves wait for the next look at the table (``print_moves``), so that an
        agent's turn reads as one line."""
        if self.humans:
            self.moves.append((seat, described))
            return
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
            self.console.print(board(self.game, self.state, None, self.lang, self.compact))
            if not self.replay.actions:  # what happened before the first decision (an AI's turn)
                for line in event_lines(self.game, self.state, self.state.log or [], self.lang):
                    self.console.print(Text("    ") + line)
        try:
            while self.step():
                pass
        except QuitGame as stop:
            self.stopped(stop.eof)
            return
        except KeyboardInterrupt:  # Ctrl-C while an agent played: the state may be half-done
            self.state = run_replay(self.replay, log=True)
            self.stopped(eof=False)
            return
        self.finish()

    def stopped(self, eof: bool) -> None:
        """The game stops unfinished: save it (to ``--save``; else autosave it and, unless
        the input ended, offer to save it to a file) and say how to continue."""
        out, lang = self.console, self.lang
        out.print()
        out.print(Text(t("eof" if eof else "quit", lang), style="yellow"))
        where: str | Path | None = self.save_path
        if self.save_path:
            self.save(self.save_path)
            out.print(t("saved", lang, path=self.save_path), markup=False, soft_wrap=True)
        else:
            where = self.autosave(final=True)
            if where is not None:
                out.print(
                    Text(t("autosaved", lang, path=str(where)), style="green"), soft_wrap=True
                )
            if not eof:
                where = self.offer_save() or where
        if where:
            command = resume_command(self.game.id, where)
            out.print(t("resume_with", lang, command=command), markup=False, soft_wrap=True)

    def offer_save(self) -> str | None:
        """Ask for a file to save the stopped game to (None: kept in the autosave only)."""
        while True:
            try:
                line = self.console.input(t("offer_save", self.lang))
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return None
            path = line.strip()
            if not path:
                return None
            try:
                self.save(path)
            except ReplayError as exc:
                self.console.print(Text(str(exc), style="red"))
                continue
            self.console.print(
                Text(t("saved", self.lang, path=path), style="green"), soft_wrap=True
            )
            return path

    def show_end(self) -> None:
        """The final table and the outcome."""
        self.console.print()
        self.print_moves()
        self.console.print(board(self.game, self.state, self.viewer(), self.lang, self.compact))
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
        elif self.autosaved and self.autosave_to is not None:  # finished: nothing to resume
            self.autosave_to.unlink(missing_ok=True)
