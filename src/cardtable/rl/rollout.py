"""The inner loop of OpenSpiel's IS-MCTS agent on the engine side: actions numbered by
their text, the generator's draws, and a random playout to the end of the game.

OpenSpiel's random rollouts are most of its search's time, almost all of it in this
loop: naming every legal action at every move (``TextCodec``), drawing one and applying
it. The module imports nothing of OpenSpiel, so the compiled build (``cardtable.native``)
compiles it with the engine; ``cardtable.rl.openspiel`` builds the agent around it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.core.game import Action, Game, Outcome

TEXT_ACTIONS = 1 << 16
"""Size of the action space when actions are numbered by their text (the agent's games)."""


class TextCodec:
    """Action ids numbered by canonical action text in order of first sight: stable for one
    agent's life, and the same for the same choice in every sampled state."""

    def __init__(self) -> None:
        self.num_actions = TEXT_ACTIONS
        self.ids: dict[str, int] = {}
        self.texts: list[str] = []

    def choices(self, game: Game, state: Any, seat: int) -> dict[int, Action]:
        """The legal actions by id (copies with one text are one choice)."""
        out: dict[int, Action] = {}
        ids = self.ids
        for action in game.legal_actions(state):
            text = game.action_text(state, action)
            known = ids.get(text)
            if known is None:
                if len(self.texts) >= self.num_actions:
                    raise RuntimeError("more distinct action texts than the action space holds")
                known = len(self.texts)
                ids[text] = known
                self.texts.append(text)
            if known not in out:
                out[known] = action
        return out


class Draws:
    """``RandomState.randint(n)`` calls answered as numpy's legacy generator answers them:
    masked rejection on the Mersenne Twister's 32-bit outputs (nothing drawn for n = 1),
    each output read with ``random_raw``, which leaves the generator exactly where the same
    ``randint`` calls leave it, at under a third of their cost."""

    def __init__(self, bits: Any) -> None:
        self.raw: Callable[[], int] = bits.random_raw

    def below(self, n: int) -> int:
        """A number in ``range(n)``: what ``randint(n)`` would return."""
        if n == 1:
            return 0
        top = n - 1
        mask = (1 << top.bit_length()) - 1
        raw = self.raw
        while True:
            value: int = raw() & mask
            if value <= top:
                return value


def random_playout(
    game: Game,
    codec: Any,
    state: Any,
    decisions: int,
    bound: int,
    draw: Callable[[int], Any],
) -> Outcome | None:
    """Play ``state`` (changed in place) on to the end with uniformly drawn moves, at most
    until ``bound`` decisions have been made in all: at each move the legal ids of
    ``codec.choices`` in order and the one at ``draw(len(ids))``, as OpenSpiel's
    ``RandomRolloutEvaluator`` picks with ``RandomState.choice``. The game's outcome, None
    when the bound stopped an unfinished game."""
    while decisions < bound:
        seat = game.to_move(state)
        if seat is None:
            break
        choices = codec.choices(game, state, seat)
        ids = sorted(choices)
        game.apply_unchecked(state, choices[ids[int(draw(len(ids)))]])
        decisions += 1
    return game.outcome(state)
