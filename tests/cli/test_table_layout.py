"""Every game's screen fits the terminal (docs/table.md, "The screen"): for random states
of every ``conformance_setups()`` setup, the board at 100 columns and the compact board at
80 columns have no line past the width, and nothing is cut: every word of a card, ability
or keyword name shown on a wide console is still whole on the narrow one, and no "…"
appears. The game-over screen shows the final state: the end in its header, no card
offered as playable.
"""

from __future__ import annotations

import re
from functools import cache
from io import StringIO

import pytest
from rich.cells import cell_len
from rich.console import Console

from cardtable.core import get_game
from cardtable.core.game import Game
from cardtable.core.rng import Rng

GAMES = ["clash", "epic", "bluemoon", "boss"]
MOMENTS = (30,)  # decisions into a game at which its screen is checked
BOX = re.compile(r"[\u2500-\u257f]")
PUNCT = ".,;:()[]«»“”\"'!?—–·|"


def rendered(game: Game, state: object, seat: int | None, width: int, lang: str) -> str:
    """The screen as plain text on a console ``width`` columns wide (compact below 100)."""
    console = Console(width=width, file=StringIO(), record=True, color_system=None)
    console.print(game.render(state, seat, lang, compact=width < 100 or width == 3000))
    return console.export_text()


def words(text: str) -> set[str]:
    """The words of a screen, box lines and punctuation left out."""
    return {w.strip(PUNCT) for w in BOX.sub(" ", text).split()} - {""}


@cache
def names(game_id: str, lang: str) -> frozenset[str]:
    """Every word of 4 letters or more of the game's card, ability and keyword names."""
    out = set()
    for term in get_game(game_id).glossary(lang):
        out |= {w.strip(PUNCT) for w in term.title.split() if len(w.strip(PUNCT)) >= 4}
    return frozenset(out)


def sample(game: Game, setup: dict[str, object], seed: int, end: bool) -> list[object]:
    """States along one random game: at the MOMENTS (its board filled up), and with
    ``end`` its final state."""
    state = game.new_game(setup, seed)
    rng = Rng(seed)
    out = []
    step = 0
    while game.to_move(state) is not None and step < 600:
        options = game.legal_actions(state)
        game.apply_unchecked(state, options[rng.randbelow(len(options))])
        step += 1
        if step in MOMENTS:
            out.append(state.clone())
    return [*out, state] if end or not out else out


def check(game_id: str, game: Game, state: object, seat: int | None, lang: str) -> None:
    for width, wide in ((100, 2000), (80, 3000)):
        text = rendered(game, state, seat, width, lang)
        long = [line for line in text.splitlines() if cell_len(line) > width]
        assert not long, f"{game_id}: a line past {width} columns: {long[0]!r}"
        full = rendered(game, state, seat, wide, lang)
        assert text.count("…") <= full.count("…"), f"{game_id}: cut with … at {width}"
        lost = (words(full) & names(game_id, lang)) - words(text)
        assert not lost, f"{game_id}: names cut at {width} columns: {sorted(lost)[:5]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_screen_fits_100_and_80_columns(game_id: str) -> None:
    """The screens of every setup, from the seat deciding and (first setup) a spectator,
    at 100 columns and compact at 80, in Russian and English (docs/table.md)."""
    game = get_game(game_id)
    for k, setup in enumerate(game.conformance_setups()):
        lang = "ru" if k % 2 == 0 else "en"
        for state in sample(game, setup, k + 1, end=k % 3 == 0):
            seat = game.to_move(state)
            check(game_id, game, state, seat if seat is not None else 0, lang)
            if k == 0:
                check(game_id, game, state, None, lang)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_game_over_screen(game_id: str, lang: str) -> None:
    """The final screen says the game is over and offers no card as playable or available
    (docs/table.md, "The screen")."""
    game = get_game(game_id)
    state = sample(game, {}, 5, end=True)[-1]
    assert game.outcome(state) is not None
    for compact in (False, True):
        console = Console(width=100, file=StringIO(), record=True, color_system=None)
        console.print(game.render(state, 0, lang, compact=compact))
        text = " ".join(console.export_text().split())
        over = {"ru": ("окончена",), "en": ("over", "ended")}[lang]
        assert any(word in text for word in over), text[:200]
        shown = {"ru": ("можно сыграть", "доступна"), "en": ("playable", "available")}[lang]
        assert not any(word in text for word in shown), text
