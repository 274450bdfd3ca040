"""``nn-value``: one move of lookahead scored by the value network.

At each decision with a choice, the agent samples ``dets`` states consistent with what its
seat knows (``SeatView.sample_state``), plays each legal action in each of them, and scores
the position after it with the value network from the seat's own view of it
(``ValueNet.value``: the exact result once the game is over). It plays the action with the
best mean score; ties go to the first legal action. With ``explore=E`` it plays a legal
action drawn uniformly instead, with probability E: the exploring self-play of
``cardtable train --rounds`` (``cardtable.learn.rounds``).

Sampling the hidden parts first keeps the choice honest: an action that draws a card is
scored over the cards the seat could draw, never over the one it will. Own actions are
matched across samples by their canonical text, as the search matches them.

Spec: ``nn-value:net=PATH,dets=1,explore=0,seed=S``. Without ``net=`` it uses the game's
shipped value network (``cardtable/learn/weights/<game>.npz``).
"""

from __future__ import annotations

from pathlib import Path

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
        self, game: Game, net: ValueNet, seed: int = 0, dets: int = 1, explore: float = 0.0
    ) -> None:
        self.game = game
        self.net = net
        self.dets = dets
        self.explore = explore
        self.rng = Rng(seed)
        self.calls = 0  # value calls over the agent's life (tests, benchmarks)

    def scores(self, view: SeatView) -> dict[str, float]:
        """Each legal action's mean value (by canonical text) over the samples."""
        game, seat = self.game, view.seat
        texts = [view.text(a) for a in view.legal]
        totals = dict.fromkeys(texts, 0.0)
        for _ in range(self.dets):
            sample = view.sample_state(self.rng)
            by_text = {game.action_text(sample, a): a for a in game.legal_actions(sample)}
            for text in totals:
                after = sample.clone()
                game.apply_unchecked(after, by_text[text])
                totals[text] += self.net.value(game, after, seat)
                self.calls += 1
        return {t: v / self.dets for t, v in totals.items()}

    def act(self, view: SeatView) -> Action:
        """The best-rated legal action (or, exploring, a uniformly drawn one)."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if self.explore > 0 and self.rng.random() < self.explore:
            return legal[self.rng.randbelow(len(legal))]
        scores = self.scores(view)
        best = max(range(len(legal)), key=lambda k: scores[view.text(legal[k])])
        return legal[best]


def make_value_agent(game: Game, seed: int, params: dict[str, str]) -> ValueLookahead:
    """The ``nn-value`` factory (registered lazily by ``cardtable.agents``)."""
    from cardtable.learn.nn_agent import shipped_weights

    spec = "nn-value"
    check_params(params, {"net", "dets", "explore"}, spec)
    dets = int_param(params, "dets", spec, 1)
    if dets < 1:
        raise SetupError.msg("agent_positive", spec=spec, key="dets", got=params["dets"])
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
    return ValueLookahead(game, net, seed, dets, explore)
