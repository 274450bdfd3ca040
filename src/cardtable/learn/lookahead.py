"""``nn-value``: lookahead over the seat's own moves, scored by the value network.

At each decision with a choice, the agent samples ``dets`` states consistent with what its
seat knows (``SeatView.sample_state``), plays each legal action in each of them, and scores
the position after it with the value network from the seat's own view of it
(``ValueNet.value``: the exact result once the game is over). With ``depth=D`` above 1,
a position where the same seat moves again (a turn of several decisions) is scored by the
best of its next actions instead, up to D of its moves in a row: a search over the seat's
own line of play, every legal action at every step, so its cost grows with the options to
the power D. It plays the action with the best mean score; ties go to the first legal
action. With ``explore=E`` it plays a legal action drawn uniformly instead, with
probability E: the exploring self-play of ``cardtable train --rounds``
(``cardtable.learn.rounds``).

Sampling the hidden parts first keeps the choice honest: an action that draws a card is
scored over the cards the seat could draw, never over the one it will. Own actions are
matched across samples by their canonical text, as the search matches them.

Spec: ``nn-value:net=PATH,dets=1,depth=1,explore=0,seed=S``. Without ``net=`` it uses the
game's shipped value network (``cardtable/learn/weights/<game>.npz``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.agents.base import check_params, int_param
from cardtable.core.agent import SeatView
from cardtable.core.errors import SetupError
from cardtable.core.game import Action, Game
from cardtable.core.rng import Rng
from cardtable.learn.value import ValueNet


class ValueLookahead:
    """The legal action whose resulting position the value network rates best for the
    seat, averaged over ``dets`` samples of what the seat cannot see."""

    name = "nn-value"

    def __init__(
        self,
        game: Game,
        net: ValueNet,
        seed: int = 0,
        dets: int = 1,
        explore: float = 0.0,
        depth: int = 1,
    ) -> None:
        self.game = game
        self.net = net
        self.dets = dets
        self.explore = explore
        self.depth = depth
        self.rng = Rng(seed)
        self.calls = 0  # value calls over the agent's life (tests, benchmarks)

    def scores(self, view: SeatView) -> dict[str, float]:
        """Each legal action's mean value (by canonical text) over the samples."""
        return self._means(view, [view.text(a) for a in view.legal])

    def _means(self, view: SeatView, texts: list[str]) -> dict[str, float]:
        game, seat = self.game, view.seat
        totals = dict.fromkeys(texts, 0.0)
        for _ in range(self.dets):
            sample = view.sample_state(self.rng)
            by_text = {game.action_text(sample, a): a for a in game.legal_actions(sample)}
            for text in totals:
                totals[text] += self._best(self._after(sample, by_text[text]), seat, self.depth - 1)
        return {t: v / self.dets for t, v in totals.items()}

    def _after(self, state: Any, action: Action) -> Any:
        after = state.clone()
        self.game.apply_unchecked(after, action)
        return after

    def _best(self, state: Any, seat: int, depth: int) -> float:
        """The value of ``state`` for ``seat``; while ``depth`` allows and ``seat`` is still
        to move, the best value over its next action instead."""
        game = self.game
        if depth > 0 and game.to_move(state) == seat:
            return max(
                self._best(self._after(state, a), seat, depth - 1)
                for a in game.legal_actions(state)
            )
        self.calls += 1
        return self.net.value(game, state, seat)

    def act(self, view: SeatView) -> Action:
        """The best-rated legal action (or, exploring, a uniformly drawn one)."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if self.explore > 0 and self.rng.random() < self.explore:
            return legal[self.rng.randbelow(len(legal))]
        texts = [view.text(a) for a in legal]
        means = self._means(view, texts)
        return legal[max(range(len(legal)), key=lambda k: means[texts[k]])]


def make_value_agent(game: Game, seed: int, params: dict[str, str]) -> ValueLookahead:
    """The ``nn-value`` factory (registered lazily by ``cardtable.agents``)."""
    from cardtable.learn.nn_agent import shipped_weights

    spec = "nn-value"
    check_params(params, {"net", "dets", "explore", "depth"}, spec)
    dets = int_param(params, "dets", spec, 1)
    depth = int_param(params, "depth", spec, 1)
    for key, got in (("dets", dets), ("depth", depth)):
        if got < 1:
            raise SetupError.msg("agent_positive", spec=spec, key=key, got=params[key])
    raw = params.get("explore", "0")
    try:
        explore = float(raw)
    except ValueError:
        explore = -1.0
    if not 0.0 <= explore <= 1.0:
        raise SetupError.msg("agent_probability", spec=spec, key="explore", got=raw)
    path = params.get("net")
    if path:
        net = ValueNet.load(Path(path))  # any setup the file was trained for
        net.check(game, net.meta.setup, path)
    else:
        net = shipped_weights(game)
    return ValueLookahead(game, net, seed, dets, explore, depth)
