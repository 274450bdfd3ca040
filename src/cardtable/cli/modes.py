"""Table modes on the command line: `--mode`, `--level`, `--ai-seat`, `--ai-first` and the
per-player options `--p1 … --p4`, turned into a setup and one agent spec per seat.

The game has the last word: the result goes through ``game.prepare_match`` (Clash turns
``clash-solo`` specs into a solo or co-op setup) and the setup is validated when the game
starts. Player options name the seats played by people or agents, in seat order: in solo
the one player, in co-op players A and C, in ffa/2v2 all four seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.cli.render import t
from cardtable.core.agent import parse_spec
from cardtable.core.errors import SetupError
from cardtable.core.game import Game
from cardtable.games.clash.formats import SEATS, player_seats

RULEBOOK_AI = "clash-solo"
SEAT_LETTERS = "ABCD"


def is_rulebook_ai(spec: str) -> bool:
    """Whether a spec names the rulebook's AI (``clash-solo[:level=L]``)."""
    try:
        return parse_spec(spec)[0] == RULEBOOK_AI
    except Exception:  # a malformed spec is reported later, by make_agent
        return False


def ai_spec(level: int | None) -> str:
    """The rulebook AI's spec at a level."""
    return RULEBOOK_AI if level is None else f"{RULEBOOK_AI}:level={level}"


def seat_specs(
    mode: str | None,
    given: Sequence[str | None],
    defaults: Sequence[str],
    level: int | None,
    ai_seat: int | None,
    lang: str,
    players: int | None = None,
) -> list[str]:
    """One spec per seat from the per-player options (``given[k]`` is ``--p{k+1}``).

    ``defaults[k]`` fills a player option left unset (the last default every seat past
    them). Without a mode the table has ``players`` seats (``--players``), else two (four
    when ``--p3`` or ``--p4`` is given), unless a ``clash-solo`` spec turns it into solo or
    co-op (prepare_match decides).
    """
    if mode is None:
        if players is not None:
            extra = [k for k, g in enumerate(given) if g is not None and k >= players]
            if extra:
                option = f"--p{extra[0] + 1}"
                raise SetupError(t("more_than_players", lang, option=option, n=players))
            count = players
        else:
            count = 4 if any(g is not None for g in given[2:]) else 2
        padded = [*given, *[None] * max(0, count - len(given))]
        filled = [*defaults, *[defaults[-1]] * max(0, count - len(defaults))]
        duel = [g if g is not None else filled[k] for k, g in enumerate(padded[:count])]
        if level is not None:
            duel = [ai_spec(level) if s == RULEBOOK_AI else s for s in duel]
        return duel
    if mode not in SEATS:
        raise SetupError(t("bad_mode", lang, mode=mode, modes=", ".join(SEATS)))
    player_at = player_seats(mode, 1 if ai_seat is None else ai_seat)
    specs: list[str | None] = [None] * SEATS[mode]
    ai_given: str | None = None
    for k, g in enumerate(given):
        if g is None:
            continue
        if is_rulebook_ai(g):
            if mode not in ("solo", "coop"):
                raise SetupError(t("ai_not_in_mode", lang, mode=mode))
            if k < len(player_at):
                raise SetupError(t("ai_is_not_a_player", lang, option=f"--p{k + 1}", mode=mode))
            ai_given = g
        elif k >= len(player_at):
            raise SetupError(
                t("too_many_players", lang, option=f"--p{k + 1}", mode=mode, n=len(player_at))
            )
    for k, seat in enumerate(player_at):
        g = given[k] if k < len(given) else None
        specs[seat] = g if g is not None else defaults[k]
    for seat in range(SEATS[mode]):
        if specs[seat] is None:
            specs[seat] = ai_given if ai_given is not None and level is None else ai_spec(level)
    return [s for s in specs if s is not None]


def mode_setup(
    setup: dict[str, Any],
    mode: str | None,
    level: int | None,
    ai_seat: int | None,
    ai_first: bool,
    lang: str,
) -> dict[str, Any]:
    """Add the mode options to a setup (the game validates the combination)."""
    out = dict(setup)
    if mode is not None:
        out["mode"] = mode
    if level is not None:
        out["level"] = level
    if ai_seat is not None:
        if mode not in (None, "solo"):
            raise SetupError(t("ai_seat_solo", lang))
        out["ai_seat"] = ai_seat
    if ai_first:
        if mode not in (None, "solo", "coop"):
            raise SetupError(t("ai_first_solo", lang))
        out["ai_first"] = True  # settled in prepare() once the AI's seat is known
    return out


def prepare(
    game: Game, setup: dict[str, Any], specs: list[str], lang: str
) -> tuple[dict[str, Any], list[str]]:
    """Let the game fit setup and specs together; ``--ai-first`` becomes the AI's seat.
    Step mode (``--step`` or ``--set step=true``) needs a game that has it."""
    if setup.get("step") and not game.supports_step:
        raise SetupError(t("no_step", lang, game=game.id))
    ai_first = bool(setup.pop("ai_first", False))
    setup, specs = game.prepare_match(setup, specs)
    if ai_first:
        ai = [s for s, spec in enumerate(specs) if is_rulebook_ai(spec)]
        if not ai:
            raise SetupError(t("ai_first_solo", lang))
        setup["first"] = ai[0]
    return setup, specs


def seat_roles(game: Game, setup: dict[str, Any], seed: int = 0) -> list[dict[str, Any]]:
    """Per seat: its letter, team and whether the rulebook's AI plays it (from a fresh state)."""
    state = game.new_game(setup, seed)
    n = game.num_seats(state)
    team = list(getattr(state, "team", range(n)))
    ai = list(getattr(state, "ai", [0] * n))
    mode = getattr(state, "mode", "duel")
    out = []
    for s in range(n):
        role: dict[str, Any] = {"seat": SEAT_LETTERS[s] if s < 4 else str(s + 1)}
        if mode in ("2v2", "coop"):
            role["team"] = int(team[s]) + 1
        role["ai"] = bool(ai[s])
        out.append(role)
    return out
