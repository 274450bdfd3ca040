"""`cardtable learn GAME`: a guided first game, then a real one against an easy opponent.

A lesson is data: ``data/lesson.yaml`` in the game's package (the format is in
docs/learn.md). Each step starts from a position the file writes out, or from where the
previous step left the game. It names the rule clauses that apply now (each with its
sentence from the game's catalog, as ``explain`` shows it), says what the player can do
and suggests a move by its canonical text; after the move it says why the suggestion is
good. The person answers at the ordinary table prompt (the human agent's loop, so
``help``, ``rules``, ``explain``, ``why`` and ``log`` work). Any legal move is accepted;
when it is not the suggestion the lesson says so, says why the suggestion is better and
plays the suggestion, so that every later step finds the table its text describes. The
opponent's moves are the step's scripted ``reply``. Nothing of a lesson is saved or taken
back. Then a real game against the lesson's opponent starts from a normal new game
through `cardtable play`'s own session (autosave, ``quit``, the table's commands).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from cardtable.cli.human import HumanAgent, QuitGame
from cardtable.cli.play import HUMAN, PlaySession
from cardtable.cli.render import COMPACT_BELOW, console, seat_label, t
from cardtable.cli.table import rule_sentence
from cardtable.core.agent import Agent, SeatView
from cardtable.core.carddata import Names, schema_problem
from cardtable.core.datafile import as_mapping, read_data
from cardtable.core.errors import CardDataError, CardtableError, Message, SetupError
from cardtable.core.game import Action, Game, game_package
from cardtable.core.position import check_game
from cardtable.core.registry import game_ids, get_game
from cardtable.core.replay import Replay

PKG = "cardtable.cli"
LESSON_FILE = "lesson.yaml"


# --- the lesson file ---------------------------------------------------------------------
class Step(BaseModel):
    """One step: where it starts, what it teaches, the move it suggests and the replies."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    position: dict[str, Any] | None = None
    """A position document (docs/positions.md); none: the previous step's table goes on."""
    rules: list[str] = Field(min_length=1)
    """Ids of the rule clauses that apply now (docs/rules/<game>.md)."""
    text: Names
    """What applies now and what the player can do."""
    suggest: str = Field(min_length=1)
    """The suggested move: the canonical text of one legal action."""
    why: Names
    """Why the suggestion is good (said after the move)."""
    reply: list[str] = Field(default_factory=list)
    """The opponents' moves that follow, as action texts, up to the learner's next decision."""


class Final(BaseModel):
    """The real game after the lesson: a setup and one agent spec per seat."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    setup: dict[str, Any] = Field(default_factory=dict)
    players: list[str] = Field(min_length=1)


class Lesson(BaseModel):
    """A game's guided first game (``data/lesson.yaml``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    game: str
    seat: int = Field(default=0, ge=0)
    """The learner's seat (0: the first, Clash's A, Player 1 elsewhere)."""
    title: Names
    intro: Names
    outro: Names
    steps: list[Step] = Field(min_length=1)
    final: Final


def text_of(names: Names, lang: str) -> str:
    """A lesson text in ``lang``."""
    return str(getattr(names, lang))


def lesson_file(game: Game) -> Path:
    """Where a game's lesson lives (the file may be missing)."""
    base = resources.files(game_package(game)).joinpath("data")
    return Path(str(base)) / LESSON_FILE


def lesson_games() -> list[str]:
    """The registered games that have a lesson."""
    return [g for g in game_ids() if lesson_file(get_game(g)).is_file()]


def load_lesson(game: Game) -> Lesson:
    """A game's lesson, checked against its schema (one CardDataError naming the file and
    the field); a game without one is a SetupError listing the games that have one."""
    path = lesson_file(game)
    if not path.is_file():
        raise SetupError.msg_in(PKG, "learn_none", game=game.id, games=", ".join(lesson_games()))
    data = as_mapping(read_data(path, "yaml", CardDataError), str(path), CardDataError)
    try:
        lesson = Lesson.model_validate(data)
    except ValidationError as exc:
        raise CardDataError(schema_problem(exc)).at(str(path)) from None
    if lesson.game != game.id:
        raise CardDataError.msg_in(PKG, "lesson_game", named=lesson.game, game=game.id).at(
            str(path)
        )
    if lesson.steps[0].position is None:
        raise CardDataError.msg_in(PKG, "lesson_first_position").at(str(path))
    return lesson


# --- walking the script --------------------------------------------------------------------
def step_place(game: Game, index: int) -> tuple[str, Message]:
    """Where a lesson error is: the file and the step (counted from 1)."""
    return str(lesson_file(game)), Message("lesson_step", {"n": index + 1}, PKG)


def step_state(game: Game, lesson: Lesson, index: int, state: Any) -> Any:
    """The state step ``index`` starts from: its own position (with a log), or ``state``,
    where the previous step left the game. The learner must be the one to decide."""
    step = lesson.steps[index]
    if step.position is not None:
        data = {"game": game.id, **step.position}
        try:
            check_game(data, game.id)
            state = game.load_position(data)
            game.check_decks(state)
        except CardtableError as exc:
            raise CardDataError.wrap(exc, *step_place(game, index)) from None
        state.log = []
    seat = game.to_move(state)
    if seat != lesson.seat:
        raise CardDataError.msg_in(PKG, "lesson_not_learner", seat=str(seat)).at(
            *step_place(game, index)
        )
    return state


def parse(game: Game, state: Any, text: str, index: int) -> Action:
    """The legal action a lesson's text names (a CardDataError naming the step if none)."""
    try:
        return game.parse_action(state, text)
    except CardtableError as exc:
        raise CardDataError.wrap(exc, *step_place(game, index)) from None


def suggestion(game: Game, lesson: Lesson, index: int, state: Any) -> Action:
    """Step ``index``'s suggested action in ``state``."""
    return parse(game, state, lesson.steps[index].suggest, index)


def play_reply(
    game: Game,
    lesson: Lesson,
    index: int,
    state: Any,
    announce: Callable[[int, Action], None] | None = None,
) -> None:
    """Apply step ``index``'s replies to ``state``, each by the seat that decides then
    (never the learner's); ``announce(seat, action)`` is told of each before it is played."""
    for text in lesson.steps[index].reply:
        seat = game.to_move(state)
        if seat is None or seat == lesson.seat:
            raise CardDataError.msg_in(PKG, "lesson_reply_seat", text=text).at(
                *step_place(game, index)
            )
        action = parse(game, state, text, index)
        if announce is not None:
            announce(seat, action)
        game.apply(state, action)


def walk(game: Game, lesson: Lesson) -> Iterator[tuple[int, Any]]:
    """Every step of the script in order: its index and (a copy of) the state it starts
    from. Between two steps the suggestion and the replies are played."""
    state: Any = None
    for index in range(len(lesson.steps)):
        state = step_state(game, lesson, index, state)
        yield index, state.clone()
        game.apply(state, suggestion(game, lesson, index, state))
        play_reply(game, lesson, index, state)


def final_match(game: Game, lesson: Lesson) -> tuple[dict[str, Any], list[str]]:
    """The setup and agent specs of the real game after the lesson (as `play` prepares them)."""
    return game.prepare_match(dict(lesson.final.setup), list(lesson.final.players))


# --- the lesson at the terminal ---------------------------------------------------------------
class Script:
    """A lesson's opponent: its moves are the steps' replies, played by the lesson."""

    def __init__(self, name: str) -> None:
        self.name = name

    def act(self, view: SeatView) -> Action:
        """Never asked: the lesson plays the script itself."""
        raise NotImplementedError("a lesson's opponent plays its script")


class Learner(HumanAgent):
    """The person at a lesson's table: the human agent, with the step above its options."""

    def __init__(self, session: PlaySession) -> None:
        super().__init__(session)
        self.panel: RenderableType | None = None

    def show_options(self, view: SeatView) -> None:
        """The step's panel (rules, what to do, the suggestion), then the options."""
        if self.panel is not None:
            self.session.console.print(self.panel)
        super().show_options(view)


class LessonTable(PlaySession):
    """The table a lesson is played at: `play`'s session on the lesson's positions, with
    the opponent's seats played by the script and nothing saved or taken back."""

    def __init__(self, game: Game, lesson: Lesson, lang: str, out: Console, compact: bool) -> None:
        self.lesson = lesson
        setup, specs = final_match(game, lesson)
        specs = [HUMAN if s == lesson.seat else spec for s, spec in enumerate(specs)]
        replay = Replay(game=game.id, setup=setup, seed=0)
        super().__init__(game, replay, specs, lang, out, None, 0.0, compact)
        self.autosave_to = None

    def _agent(self, seat: int, spec: str) -> Agent:
        if spec == HUMAN:
            return Learner(self)
        return Script(t("learn_script", self.lang))

    def take_back_refusal(self, seat: int) -> str | None:
        """Nothing is taken back in a lesson: its moves follow the script."""
        return t("learn_no_back", self.lang)

    def undo_refusal(self, seat: int) -> str | None:
        """Nothing is undone in a lesson: its moves follow the script."""
        return t("learn_no_back", self.lang)

    def save_and_report(self, path: str) -> None:
        """A lesson is not saved (it starts again with the same command)."""
        self.console.print(Text(t("learn_no_save", self.lang, game=self.game.id), "yellow"))

    @property
    def learner(self) -> Learner:
        """The person's agent."""
        agent = self.agents[self.lesson.seat]
        assert isinstance(agent, Learner)
        return agent

    def panel(self, index: int) -> RenderableType:
        """Step ``index``'s panel: the rule clauses with their sentences, what applies and
        what the player can do, and the suggested move."""
        game, lang, step = self.game, self.lang, self.lesson.steps[index]
        lines: list[RenderableType] = []
        bare: list[str] = []
        for rule in step.rules:
            sentence = rule_sentence(game, rule, lang, {})
            if sentence == rule:  # no sentence in the catalog: the step's text says it
                bare.append(f"[{rule}]")
                continue
            line = Text(f"[{rule}] ", style="dim")
            line.append(sentence)
            lines.append(line)
        if bare:
            lines.append(Text(" ".join(bare), style="dim"))
        lines.append(Text(text_of(step.text, lang)))
        action = suggestion(game, self.lesson, index, self.state)
        hint = Text(t("learn_suggest", lang, action=game.describe(action, lang, self.state)))
        hint.stylize("bold")
        hint.append(f"   [{game.action_text(self.state, action)}]", style="dim")
        lines.append(hint)
        title = t("learn_step", lang, k=index + 1, n=len(self.lesson.steps))
        return Panel(Group(*lines), title=title, title_align="left", border_style="cyan")

    def begin(self, index: int) -> None:
        """Set the table for step ``index`` (a new position starts a new log)."""
        before = self.state if index else None
        self.state = step_state(self.game, self.lesson, index, before)
        if self.state is not before:
            self.seen[self.lesson.seat] = 0
            self.last_seen[self.lesson.seat] = 0

    def play_step(self, index: int) -> None:
        """Ask for step ``index``'s move, say why the suggestion is good (and better than
        another move), play it and the replies."""
        game, lang, seat, step = self.game, self.lang, self.lesson.seat, self.lesson.steps[index]
        self.learner.panel = self.panel(index)
        chosen = self.learner.act(SeatView(game, self.state, seat))
        self.learner.panel = None
        action = suggestion(game, self.lesson, index, self.state)
        why = text_of(step.why, lang)
        if chosen == action:
            self.console.print(Text(t("learn_right", lang, why=why), style="green"))
        else:
            line = t(
                "learn_other",
                lang,
                chosen=game.describe(chosen, lang, self.state),
                suggested=game.describe(action, lang, self.state),
                why=why,
            )
            self.console.print(Text(line, style="yellow"))
        game.apply(self.state, action)
        play_reply(game, self.lesson, index, self.state, self.announce_reply)

    def announce_reply(self, seat: int, action: Action) -> None:
        """A scripted move, shown at the learner's next look at the table (as an agent's)."""
        self.moves.append((seat, self.described(seat, action)))

    def teach(self) -> bool:
        """The whole lesson; False when the person left it (``quit``, end of input)."""
        out, lang = self.console, self.lang
        out.print(Panel(Text(text_of(self.lesson.intro, lang)), title=self.title(), expand=False))
        try:
            for index in range(len(self.lesson.steps)):
                self.begin(index)
                self.play_step(index)
        except QuitGame:
            out.print()
            out.print(Text(t("learn_quit", lang, game=self.game.id), style="yellow"))
            return False
        self.show_end()
        out.print(Panel(Text(text_of(self.lesson.outro, lang)), title=self.title(), expand=False))
        return True

    def title(self) -> str:
        """The lesson's title in the table's language."""
        return text_of(self.lesson.title, self.lang)


def players_line(game: Game, session: PlaySession, specs: list[str], lang: str) -> str:
    """'Player A: human; AI B: clash-solo:level=1' for the line that opens a game."""
    return "; ".join(
        f"{seat_label(game, s, lang, session.state)}: {spec}" for s, spec in enumerate(specs)
    )


def learn_cmd(game_id: str, lang: str, seed: int | None) -> None:
    """The lesson of ``game_id``, then a real game (``seed``: its seed, random if None)."""
    game = get_game(game_id)
    lesson = load_lesson(game)
    out = console()
    compact = out.is_terminal and out.width < COMPACT_BELOW
    if not LessonTable(game, lesson, lang, out, compact).teach():
        return
    setup, specs = final_match(game, lesson)
    replay = Replay(
        game=game.id, setup=setup, seed=seed if seed is not None else secrets.randbelow(2**31)
    )
    session = PlaySession(game, replay, specs, lang, out, None, 0.0, compact)
    title = game.title.get(lang, game.id)
    players = players_line(game, session, specs, lang)
    out.print(t("seed", lang, title=title, seed=replay.seed, players=players), markup=False)
    session.run()
