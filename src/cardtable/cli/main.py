"""The cardtable command line: the Typer app and its commands (the work is in sibling modules).

Every command takes ``--lang ru|en``; bad input prints one red error line and exits 2.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.text import Text
from typer import Abort
from typer._click.exceptions import ClickException
from typer.core import TyperGroup

from cardtable.agents.hints import DEFAULT_ITERS
from cardtable.cli import helptext, lab, tools
from cardtable.cli.modes import is_rulebook_ai, mode_setup, prepare, seat_specs
from cardtable.cli.mutation import mutation_command
from cardtable.cli.play import HUMAN, PlaySession, check_save_path, load_saved
from cardtable.cli.render import COMPACT_BELOW, console, err_console, fail, seat_label, t
from cardtable.core.errors import CardtableError, ReplayError, SetupError
from cardtable.core.registry import get_game
from cardtable.core.replay import Replay


class OneLineErrors(TyperGroup):
    """Usage errors (unknown option, bad value) as one red line, exit code 2."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        standalone = kwargs.pop("standalone_mode", True)
        kwargs["standalone_mode"] = False
        argv = list(kwargs.get("args") or (args[0] if args else None) or sys.argv[1:])
        tools.set_invocation(argv)
        lang = helptext.requested_lang(argv)
        helptext.localize(self, lang)
        try:
            rv = super().main(*args, **kwargs)
        except ClickException as exc:
            if not standalone:
                raise
            if not exc.format_message().strip():  # e.g. no command given: help was shown
                raise SystemExit(0) from None
            message = helptext.usage_error(exc.format_message(), lang)
            raise SystemExit(fail(message, lang).exit_code) from None
        except Abort:
            if not standalone:
                raise
            raise SystemExit(1) from None
        if not standalone:
            return rv
        raise SystemExit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    help="cardtable: tabletop card games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class Lang(StrEnum):
    """Languages of the interface."""

    ru = "ru"
    en = "en"


class Format(StrEnum):
    """Deck formats (each game accepts its own: Clash precon/draft/constructed, Epic
    random/precon/limited/constructed)."""

    precon = "precon"
    draft = "draft"
    constructed = "constructed"
    random = "random"
    limited = "limited"
    random_pick = "random_pick"
    draft_pool = "draft_pool"
    draft_blind = "draft_blind"
    draft_triple = "draft_triple"


class Mode(StrEnum):
    """Clash table modes."""

    duel = "duel"
    solo = "solo"
    coop = "coop"
    ffa = "ffa"
    two_v_two = "2v2"


class AiSeat(StrEnum):
    """The AI's seat in solo."""

    A = "A"
    B = "B"


ModeOpt = Annotated[
    Mode | None,
    typer.Option(
        "--mode", help="duel, solo (against the rulebook's AI), coop (2 players, 2 AIs), ffa, 2v2."
    ),
]
LevelOpt = Annotated[
    int | None,
    typer.Option("--level", min=1, max=10, help="Solo/co-op: the AI's level 1-10 (see `levels`)."),
]
AiSeatOpt = Annotated[
    AiSeat | None, typer.Option("--ai-seat", help="Solo: the AI's seat, A or B (default B).")
]
AiFirstOpt = Annotated[bool, typer.Option("--ai-first", help="Solo/co-op: the AI plays first.")]
ChampionsOpt = Annotated[
    str | None,
    typer.Option(
        "--champions",
        help="Champion module: one creature id per seat, joined by commas ('-' for none).",
    ),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        help="How many players (the setup's 'players'; Boss Battle 2-6, Epic 2-8); "
        "seats past --p4 play the default agent.",
    ),
]
DecksOpt = Annotated[
    str | None,
    typer.Option("--decks", help="Precon deck ids, one per player seat, joined by commas."),
]
LangOpt = Annotated[Lang, typer.Option("--lang", envvar=helptext.ENV, help="Language: ru or en.")]
FormatOpt = Annotated[
    Format | None,
    typer.Option(
        "--format",
        help="Clash: precon, draft, constructed; Epic: random, random_pick, precon, limited, "
        "draft_pool, draft_blind, draft_triple, constructed.",
    ),
]
SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Any setup option as KEY=VALUE (VALUE in JSON if it parses), repeatable: "
        "--set players=4 --set mode=team --set 'teams=[[1,3],[2,4]]'.",
    ),
]
FatigueOpt = Annotated[bool, typer.Option("--fatigue", help="Use the fatigue module.")]
StepOpt = Annotated[
    bool,
    typer.Option(
        "--step",
        help="Step mode (the setup option step=true): offer every decision with one option "
        "and stop at each phase boundary with a 'continue' decision.",
    ),
]
DeckAOpt = Annotated[
    str | None,
    typer.Option("--deck-a", help="Deck of seat A: a precon id, or 8 card ids joined by commas."),
]
DeckBOpt = Annotated[str | None, typer.Option("--deck-b", help="Deck of seat B (as --deck-a).")]


@app.callback()
def root(lang: LangOpt = Lang.ru) -> None:
    """The language of the help and of usage errors given before a command
    (``cardtable --lang en --help``); each command takes ``--lang`` too."""
    del lang


def run(lang: Lang | str, body: Callable[[], None]) -> None:
    """Run a command body; a CardtableError becomes one red line and exit code 2."""
    code = lang.value if isinstance(lang, Lang) else lang
    try:
        body()
    except CardtableError as exc:
        raise fail(exc.text(code), code) from None


def parse_sets(values: Sequence[str] | None, lang: str) -> dict[str, Any]:
    """``--set KEY=VALUE`` options as a dict (VALUE read as JSON when it parses)."""
    out: dict[str, Any] = {}
    for item in values or ():
        key, eq, raw = item.partition("=")
        if not eq or not key.strip():
            raise SetupError(t("bad_set", lang, item=item))
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw
    return out


def build_setup(
    fmt: Format | None,
    fatigue: bool,
    deck_a: str | None,
    deck_b: str | None,
    lang: str,
    sets: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A setup dict from the common options (the game validates it)."""
    setup: dict[str, Any] = parse_sets(sets, lang)
    if fmt is not None:
        setup["format"] = fmt.value
    if fatigue:
        setup["fatigue"] = True
    if (deck_a is None) != (deck_b is None):
        raise SetupError(t("deck_pair", lang))
    if deck_a is not None and deck_b is not None:
        if "," in deck_a or "," in deck_b or setup.get("format") == "constructed":
            setup["lists"] = [
                [c.strip() for c in d.split(",") if c.strip()] for d in (deck_a, deck_b)
            ]
            setup.setdefault("format", "constructed")
        else:
            setup["decks"] = [deck_a, deck_b]
    return setup


def with_players(setup: dict[str, Any], players: int | None) -> dict[str, Any]:
    """The setup with ``--players`` as its ``players`` option (the game checks the number)."""
    if players is not None:
        setup["players"] = players
    return setup


def table_options(
    setup: dict[str, Any],
    mode: Mode | None,
    level: int | None,
    ai_seat: AiSeat | None,
    ai_first: bool,
    decks: str | None,
    lang: str,
    champions: str | None = None,
) -> dict[str, Any]:
    """The setup with the mode options added."""
    if champions is not None:
        setup["champions"] = [
            None if c.strip() in ("", "-") else c.strip() for c in champions.split(",")
        ]
    if decks is not None:
        if "decks" in setup or "lists" in setup:
            raise SetupError(t("decks_twice", lang))
        setup["decks"] = [d.strip() for d in decks.split(",") if d.strip()]
    seat = None if ai_seat is None else "AB".index(ai_seat.value)
    return mode_setup(setup, mode.value if mode else None, level, seat, ai_first, lang)


# --- commands ----------------------------------------------------------------------------
@app.command("games")
def games_command(lang: LangOpt = Lang.ru) -> None:
    """List the registered games."""
    run(lang, lambda: tools.games_cmd(lang.value))


@app.command("play")
def play_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. clash.")],
    p1: Annotated[str | None, typer.Option("--p1", help="Seat 1: human or an agent spec.")] = None,
    p2: Annotated[str | None, typer.Option("--p2", help="Seat 2: human or an agent spec.")] = None,
    p3: Annotated[str | None, typer.Option("--p3", help="Player 3 (ffa, 2v2, --players).")] = None,
    p4: Annotated[str | None, typer.Option("--p4", help="Player 4 (ffa, 2v2, --players).")] = None,
    players: PlayersOpt = None,
    mode: ModeOpt = None,
    level: LevelOpt = None,
    ai_seat: AiSeatOpt = None,
    ai_first: AiFirstOpt = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (random if unset).")] = None,
    fmt: FormatOpt = None,
    fatigue: FatigueOpt = False,
    deck_a: DeckAOpt = None,
    deck_b: DeckBOpt = None,
    decks: DecksOpt = None,
    champions: ChampionsOpt = None,
    sets: SetOpt = None,
    step: StepOpt = False,
    save: Annotated[str | None, typer.Option("--save", help="Save after every action.")] = None,
    resume: Annotated[str | None, typer.Option("--resume", help="Continue a saved game.")] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Resume a save whose hash does not match, of a newer version or of "
            "another game anyway (saying what is wrong).",
        ),
    ] = False,
    delay: Annotated[
        float, typer.Option("--delay", min=0, help="Seconds between agent moves.")
    ] = 0.0,
    compact: Annotated[
        bool,
        typer.Option(
            "--compact",
            help="The short screen for 80x24 terminals (chosen by itself below 100 columns); "
            "card texts by `explain`.",
        ),
    ] = False,
    coach: Annotated[
        bool,
        typer.Option(
            "--coach",
            help="Before a move the AI rates 15 points of win chance or more below its best, "
            "warn and ask to confirm it.",
        ),
    ] = False,
    hint_iters: Annotated[
        int,
        typer.Option("--hint-iters", min=1, help="Search iterations behind `hint` and `--coach`."),
    ] = DEFAULT_ITERS,
    lang: Annotated[
        Lang | None, typer.Option("--lang", envvar=helptext.ENV, help="Language: ru or en.")
    ] = None,
) -> None:
    """Play in the terminal against agents or the rulebook's AI, or watch agents play.

    Player options name the seats of people and agents in seat order: in solo the one
    player (`--p1`), in co-op players A and C (`--p1`, `--p2`), in ffa and 2v2 all four.
    """
    code = lang.value if lang is not None else "ru"

    def body() -> None:
        game = get_game(game_id)
        specs_given = [p1, p2, p3, p4]
        ui_lang = code
        if resume is not None:
            if step:
                raise SetupError(t("step_resume", code))
            replay, doc, problems = load_saved(resume, code, game.id, force)
            for problem in problems:
                err_console().print(Text(t("save_forced", code, problem=problem), style="yellow"))
            if replay.game != game.id and force:
                game = get_game(replay.game)
                err_console().print(Text(t("save_forced_game", code, game=game.id), style="yellow"))
            if replay.game != game.id:
                raise ReplayError(
                    t("wrong_game", code, path=resume, found=replay.game, wanted=game.id)
                )
            saved = [str(x) for x in doc.get("agents") or [HUMAN, "greedy"]]
            specs = list(saved)
            people = [s for s, spec in enumerate(saved) if not is_rulebook_ai(spec)]
            for k, g in enumerate(specs_given):
                if g is not None and k < len(people):
                    specs[people[k]] = g
            if lang is None and doc.get("lang") in ("ru", "en"):
                ui_lang = str(doc["lang"])
        else:
            setup = with_players(build_setup(fmt, fatigue, deck_a, deck_b, code, sets), players)
            setup = table_options(setup, mode, level, ai_seat, ai_first, decks, code, champions)
            if step:
                setup["step"] = True
            specs = seat_specs(
                mode.value if mode else None,
                specs_given,
                [HUMAN, "greedy", "greedy", "greedy"],
                level,
                None if ai_seat is None else "AB".index(ai_seat.value),
                code,
                players,
            )
            setup, specs = prepare(game, setup, specs, code)
            replay = Replay(
                game=game.id,
                setup=setup,
                seed=seed if seed is not None else secrets.randbelow(2**31),
            )
        if save or resume:
            check_save_path(save or resume or "", code)  # refused before the first move
        out = console()
        narrow = out.is_terminal and out.width < COMPACT_BELOW
        session = PlaySession(
            game,
            replay,
            specs,
            ui_lang,
            out,
            save or resume,
            delay,
            compact or narrow,
            coach=coach,
            hint_iters=hint_iters,
        )
        out = session.console
        if len(specs) == 2 and not any(is_rulebook_ai(x) for x in specs):
            who = t("vs", ui_lang, a=specs[0], b=specs[1])
        else:
            who = "; ".join(
                f"{seat_label(game, s, ui_lang, session.state)}: {spec}"
                for s, spec in enumerate(specs)
            )
        out.print(
            t(
                "seed",
                ui_lang,
                title=game.title.get(ui_lang, game.id),
                seed=replay.seed,
                players=who,
            ),
            markup=False,
        )
        if resume is not None:
            out.print(t("resumed", ui_lang, path=resume, n=len(replay.actions)), markup=False)
        session.run()

    run(code, body)


@app.command("replay")
def replay_command(
    path: Annotated[str, typer.Argument(metavar="FILE", help="A replay or saved game (JSON).")],
    verify_only: Annotated[bool, typer.Option("--verify-only", help="Only check it.")] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Load it even if its hash does not match or its version is newer."
        ),
    ] = False,
    lang: LangOpt = Lang.ru,
) -> None:
    """Verify a replay and show its events turn by turn."""
    run(lang, lambda: tools.replay_cmd(path, verify_only, lang.value, force))


@app.command("cards")
def cards_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON list.")] = False,
    explain: Annotated[
        bool,
        typer.Option("--explain", help="Add what each ability and keyword does (rule ids)."),
    ] = False,
    lang: LangOpt = Lang.ru,
) -> None:
    """Show the card set of a game."""
    run(lang, lambda: tools.cards_cmd(game_id, as_json, lang.value, explain))


class Builds(StrEnum):
    """Which builds a benchmark measures."""

    this = "this"
    both = "both"


class Backend(StrEnum):
    """Where batches of games run."""

    local = "local"
    ray = "ray"


JobsOpt = Annotated[int, typer.Option("--jobs", min=1, help="Worker processes (or Ray CPUs).")]
BackendOpt = Annotated[
    Backend, typer.Option("--backend", help="local processes, or a Ray cluster (extra 'ray').")
]
AddressOpt = Annotated[
    str | None, typer.Option("--address", help="Ray cluster address (with --backend ray).")
]
TimingsOpt = Annotated[
    bool,
    typer.Option(
        "--timings",
        help="With --json: add the measured CPU seconds per decision (they differ from run "
        "to run; without them the document is the same bytes for the same seed).",
    ),
]
OutOpt = Annotated[
    str | None,
    typer.Option("--out", help="Write each game's record to this JSON-lines file; resume from it."),
]


@app.command("simulate")
def simulate_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    games: Annotated[int, typer.Option("--games", help="Number of games.")] = 100,
    p1: Annotated[str, typer.Option("--p1", help="Agent spec of seat 1.")] = "greedy",
    p2: Annotated[
        str | None, typer.Option("--p2", help="Agent spec of seat 2 (default random).")
    ] = None,
    p3: Annotated[str | None, typer.Option("--p3", help="Player 3 (ffa, 2v2, --players).")] = None,
    p4: Annotated[str | None, typer.Option("--p4", help="Player 4 (ffa, 2v2, --players).")] = None,
    players: PlayersOpt = None,
    mode: ModeOpt = None,
    level: LevelOpt = None,
    ai_seat: AiSeatOpt = None,
    ai_first: AiFirstOpt = False,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    jobs: JobsOpt = 1,
    backend: BackendOpt = Backend.local,
    address: AddressOpt = None,
    out: OutOpt = None,
    paired: Annotated[
        bool, typer.Option("--paired", help="Play every seed from every seat (agents swap).")
    ] = False,
    fmt: FormatOpt = None,
    fatigue: FatigueOpt = False,
    deck_a: DeckAOpt = None,
    deck_b: DeckBOpt = None,
    decks: DecksOpt = None,
    champions: ChampionsOpt = None,
    sets: SetOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
    timings: TimingsOpt = False,
    lang: LangOpt = Lang.ru,
) -> None:
    """Play many games between agents and report every seat's win rate with 95% intervals."""

    def body() -> None:
        setup = build_setup(fmt, fatigue, deck_a, deck_b, lang.value, sets)
        setup = table_options(
            with_players(setup, players),
            mode,
            level,
            ai_seat,
            ai_first,
            decks,
            lang.value,
            champions,
        )
        specs: Sequence[str] = seat_specs(
            mode.value if mode else None,
            [p1, p2, p3, p4],
            [p1, "random", "random", "random"],
            level,
            None if ai_seat is None else "AB".index(ai_seat.value),
            lang.value,
            players,
        )
        setup, specs = prepare(get_game(game_id), setup, list(specs), lang.value)
        where = tools.Where(jobs, backend.value, address, out)
        tools.simulate_cmd(
            game_id, setup, specs, games, seed, where, as_json, lang.value, paired, timings
        )

    run(lang, body)


@app.command("levels")
def levels_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    survey_level: Annotated[
        int | None,
        typer.Option(
            "--survey",
            min=1,
            max=10,
            help="Play every way to spend this level's points and rank them by win rate.",
        ),
    ] = None,
    agent: Annotated[
        str, typer.Option("--agent", help="Survey: the agent playing the player's seat.")
    ] = "greedy",
    games: Annotated[
        int, typer.Option("--games", help="Survey: seeds per spend, each from both seats.")
    ] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Survey: seed of the run.")] = 0,
    top: Annotated[
        int, typer.Option("--top", min=1, help="Survey: spends shown at each end.")
    ] = 10,
    jobs: JobsOpt = 1,
    backend: BackendOpt = Backend.local,
    address: AddressOpt = None,
    out: Annotated[
        str | None, typer.Option("--out", help="Survey: results file (JSON lines, resumable).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON document.")] = False,
    lang: LangOpt = Lang.ru,
) -> None:
    """The AI's difficulty levels (solo and co-op) and what each setting costs; with
    --survey, every way to spend a level's points, from easiest to hardest."""
    if survey_level is None:
        run(lang, lambda: tools.levels_cmd(game_id, as_json, lang.value))
        return
    from cardtable.cli.survey import SurveyRequest, survey_cmd

    req = SurveyRequest(game_id, survey_level, agent, games, seed, top, as_json, lang.value)
    where = tools.Where(jobs, backend.value, address, out)
    run(lang, lambda: survey_cmd(req, where))


@app.command("bench")
def bench_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    games: Annotated[int, typer.Option("--games", help="Random games to play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    ismcts_decisions: Annotated[
        int,
        typer.Option("--ismcts-decisions", min=0, help="ISMCTS decisions to time (0: skip)."),
    ] = 30,
    ismcts_iters: Annotated[
        int, typer.Option("--ismcts-iters", min=1, help="Iterations of each timed ISMCTS decision.")
    ] = 200,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    builds: Annotated[
        Builds,
        typer.Option(
            "--builds",
            help="this: measure the build this process runs; both: the interpreted and the "
            "compiled builds side by side, each in a fresh process.",
        ),
    ] = Builds.this,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            min=1,
            help="Also time root-parallel ISMCTS with this many search processes "
            "(iterations per wall-clock second).",
        ),
    ] = 1,
    vector_steps: Annotated[
        int,
        typer.Option(
            "--vector-steps",
            min=0,
            help="Game steps to time through the RL vector runner (0: skip).",
        ),
    ] = 2000,
    lang: LangOpt = Lang.ru,
) -> None:
    """Measure games and actions per second, clone/apply costs, ISMCTS speed and the RL
    vector runner's steps per second on one core."""
    run(
        lang,
        lambda: tools.bench_cmd(
            game_id,
            games,
            seed,
            ismcts_decisions,
            as_json,
            lang.value,
            builds.value,
            jobs,
            ismcts_iters,
            vector_steps,
        ),
    )


@app.command("position")
def position_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    path: Annotated[str, typer.Argument(metavar="FILE", help="A position file (YAML or JSON).")],
    actions: Annotated[
        str | None, typer.Option("--apply", help='Actions in text form: "play k1; row top".')
    ] = None,
    step: StepOpt = False,
    lang: LangOpt = Lang.ru,
) -> None:
    """Show a position, or play actions from it and print the resulting position."""
    run(lang, lambda: tools.position_cmd(game_id, path, actions, lang.value, step))


@app.command("learn")
def learn_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. clash.")],
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed (random if unset).")] = None,
    lang: LangOpt = Lang.ru,
) -> None:
    """A guided first game: a short scripted match that names each rule as it applies and
    suggests a move, then a real game against an easy opponent."""
    from cardtable.cli.learn import learn_cmd

    run(lang, lambda: learn_cmd(game_id, lang.value, seed))


app.command("mutation")(mutation_command)


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="SQLAlchemy URL (default: CARDTABLE_DATABASE_URL, else SQLite in the user data "
            "folder).",
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option("--agent-workers", min=0, help="Processes the AI players think in.")
    ] = 2,
    table: Annotated[
        str | None,
        typer.Option(
            "--table",
            metavar="GAME",
            help="Also set a table of GAME against greedy; print its link.",
        ),
    ] = None,
    lang: LangOpt = Lang.ru,
) -> None:
    """Serve the web table: play every game in the browser, with people and AI."""
    from cardtable.cli.serve import serve_cmd

    run(lang, lambda: serve_cmd(host, port, database, workers, lang.value, table))


# --- tournaments and balance reports (work in cli/lab.py) ---------------------------------
class ReportFormat(StrEnum):
    """Formats of the balance report."""

    md = "md"
    html = "html"


LabDeckOpt = Annotated[
    list[str] | None,
    typer.Option("--deck", help="A preconstructed deck (repeatable)."),
]
LabDecksOpt = Annotated[
    str | None, typer.Option("--decks", help="Decks: all, or deck ids joined by commas.")
]
LabOutOpt = Annotated[
    str | None,
    typer.Option("--out", help="Directory for results.jsonl (resumable), the report and PNGs."),
]


@app.command("tournament")
def tournament_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            help="An entrant agent spec (repeatable, at least two); with decks: the one agent "
            "playing every seat (default greedy).",
        ),
    ] = None,
    deck: LabDeckOpt = None,
    decks: LabDecksOpt = None,
    games: Annotated[
        int, typer.Option("--games", help="Seeds per pairing, each played from every seat.")
    ] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    jobs: JobsOpt = 1,
    backend: BackendOpt = Backend.local,
    address: AddressOpt = None,
    out: LabOutOpt = None,
    players: PlayersOpt = None,
    sets: SetOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
    timings: TimingsOpt = False,
    lang: LangOpt = Lang.ru,
) -> None:
    """Round robin between agents or decks on paired seeds, rated with openskill."""

    def body() -> None:
        request = lab.TournamentRequest(
            game=game_id,
            agents=tuple(agents or ()),
            decks=tuple(deck or ()),
            decks_opt=decks,
            games=games,
            seed=seed,
            sets=tuple(sets or ()),
            players=players,
            setup=with_players(parse_sets(sets, lang.value), players),
            out=out,
            as_json=as_json,
            lang=lang.value,
            where=tools.Where(jobs, backend.value, address),
            timings=timings,
        )
        lab.tournament_cmd(request)

    run(lang, body)


@app.command("balance")
def balance_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    deck: LabDeckOpt = None,
    decks: LabDecksOpt = None,
    agent: Annotated[
        str, typer.Option("--agent", help="The agent playing every seat.")
    ] = lab.DEFAULT_AGENT,
    games: Annotated[
        int, typer.Option("--games", help="Seeds per group of decks, each played from every seat.")
    ] = 50,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run.")] = 0,
    what_if: Annotated[
        str | None,
        typer.Option("--what-if", help="A TOML file changing card numbers for this run."),
    ] = None,
    fmt: Annotated[
        ReportFormat, typer.Option("--format", help="Report format: md or html.")
    ] = ReportFormat.md,
    top: Annotated[
        int, typer.Option("--top", help="Cards shown at each end of the impact list.")
    ] = 10,
    jobs: JobsOpt = 1,
    backend: BackendOpt = Backend.local,
    address: AddressOpt = None,
    out: LabOutOpt = None,
    players: PlayersOpt = None,
    sets: SetOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
    lang: LangOpt = Lang.ru,
) -> None:
    """Deck-versus-deck balance: seat advantage, deck matrix, card impact, game length."""

    def body() -> None:
        request = lab.BalanceRequest(
            game=game_id,
            decks=tuple(deck or ()),
            decks_opt=decks,
            agent=agent,
            games=games,
            seed=seed,
            sets=tuple(sets or ()),
            players=players,
            setup=with_players(parse_sets(sets, lang.value), players),
            what_if=what_if,
            out=out,
            fmt=fmt.value,
            top=top,
            as_json=as_json,
            lang=lang.value,
            where=tools.Where(jobs, backend.value, address),
        )
        lab.balance_cmd(request)

    run(lang, body)


# --- learned evaluation (work in cli/training.py, imported when used: numpy) ------------
@app.command("train")
def train_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    setup: Annotated[
        str | None, typer.Option("--setup", help="The setup as a JSON object (default {}).")
    ] = None,
    agent: Annotated[
        str, typer.Option("--agent", help="Agent spec playing every seat of the self-play games.")
    ] = "greedy",
    games: Annotated[
        int, typer.Option("--games", min=1, help="Self-play games to learn from.")
    ] = 500,
    epochs: Annotated[
        int, typer.Option("--epochs", min=1, help="Passes over the training positions.")
    ] = 5,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            help="Folder for value.npz, policy.npz, train.json and curve.png (default "
            "runs/train-GAME-SEED); running the same command again resumes there.",
        ),
    ] = None,
    hidden: Annotated[
        str, typer.Option("--hidden", help="Hidden layer widths joined by commas (0: linear).")
    ] = "32",
    policy_hidden: Annotated[
        str,
        typer.Option(
            "--policy-hidden",
            help="Hidden layer widths of the policy network joined by commas (0: linear).",
        ),
    ] = "32",
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds",
            min=1,
            help="Rounds of self-play: every round after the first is played by nn-value on "
            "the network the round before trained, and trains on from it.",
        ),
    ] = 1,
    td: Annotated[
        float,
        typer.Option(
            "--td",
            min=0.0,
            max=1.0,
            help="λ of the labels in rounds after the first: 1 is the final result, less "
            "mixes in the previous network's values (TD(λ)).",
        ),
    ] = 0.8,
    explore: Annotated[
        float,
        typer.Option(
            "--explore", min=0.0, max=1.0, help="nn-value's share of random moves in self-play."
        ),
    ] = 0.05,
    dets: Annotated[
        int,
        typer.Option("--dets", min=1, help="nn-value's samples of the hidden cards per move."),
    ] = 1,
    depth: Annotated[
        int,
        typer.Option("--depth", min=1, help="nn-value's own moves in a row looked ahead."),
    ] = 1,
    measure: Annotated[
        str,
        typer.Option("--measure", help="Opponent each round's nn-value agent is scored against."),
    ] = "greedy",
    measure_games: Annotated[
        int,
        typer.Option(
            "--measure-games", min=0, help="Paired games of that score per round (0: none)."
        ),
    ] = 0,
    lang: LangOpt = Lang.ru,
) -> None:
    """Train a value network and a policy network by self-play: each seat's observation
    vector labelled with its final result (+1 win, -1 loss, 0 draw), each decision with
    the agent's choice; with --rounds, again and again with the agent the last round's
    network makes."""

    def body() -> None:
        from cardtable.cli.training import TrainRequest, train_cmd
        from cardtable.learn.rounds import RoundsConfig

        req = TrainRequest(
            game_id,
            setup,
            agent,
            games,
            epochs,
            seed,
            out,
            hidden,
            lang.value,
            policy_hidden,
            RoundsConfig(rounds, explore, dets, measure, measure_games, depth),
            td,
        )
        train_cmd(req)

    run(lang, body)


def main() -> None:
    """Entry point for ``python -m cardtable.cli.main``."""
    app()


if __name__ == "__main__":
    main()
