"""``ismcts-nn``: the project's ISMCTS with a value network scoring its cut-offs.

Spec: ``ismcts-nn:iters=1000,c=0.7,depth=8,rollout=random|greedy,reuse=1,net=PATH,seed=S``.
Without ``net=`` the game's shipped weights are used: the package data file
``cardtable/learn/weights/<game>.npz`` (read with ``importlib.resources``, never
downloaded), trained for the game's default setup by the command recorded in docs/ai.md.
A game with no shipped weights, or a file that is not a network for this game, is refused
with a catalog message naming it.

Why the default ``depth`` is 8 and not ismcts's 40: ``game.evaluate`` is a hand-written
heuristic, cheap but crude, so plain ISMCTS plays on for up to 40 decisions (tree and
rollout together) to let the game itself settle as much as possible before the heuristic
is asked. The network predicts the final result from the seat's observation, so a state
after a short cut-off already gets an estimate of where the game ends, while every extra
random rollout step moves the scored state away from the line actually being searched
(the rollout policy is far weaker than either player) and costs time; a network call is
also dearer than ``game.evaluate``, so iterations are better spent on the tree. 8 still
leaves a few decisions past a shallow tree, so the net mostly scores positions a little
ahead of the decision rather than the decision itself. (Untuned: measuring strength
against depth is separate work.)

``jobs`` (root parallelism) is not offered: the searches would each need the network in
their own process.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from cardtable.agents.base import check_params, int_param
from cardtable.agents.ismcts import IsmctsAgent, search_params
from cardtable.core.agent import SeatView
from cardtable.core.errors import SetupError
from cardtable.core.game import Action, Game
from cardtable.learn.value import ValueNet

DEPTH = 8
"""The default cut-off depth of ``ismcts-nn`` (see the module docstring)."""


def weights_entry(game_id: str) -> Traversable:
    """Where the shipped weights of a game are (package data, maybe absent)."""
    return resources.files("cardtable.learn").joinpath("weights", f"{game_id}.npz")


def shipped_weights(game: Game) -> ValueNet:
    """The value network shipped for ``game``'s default setup; a SetupError when there is
    none, a ValueFileError (naming the file) when the file does not fit the game."""
    entry = weights_entry(game.id)
    if not entry.is_file():
        raise SetupError.msg("ismcts_nn_no_weights", game=game.id)
    with resources.as_file(entry) as path:
        return ValueNet.load(path, game, {})


class IsmctsNnAgent:
    """An ``IsmctsAgent`` whose cut-offs are scored by ``net.value`` (the seat's view only)."""

    name = "ismcts-nn"

    def __init__(self, game: Game, net: ValueNet, seed: int = 0, **settings: Any) -> None:
        self.net = net
        self.calls = 0  # evaluator calls over the agent's life (tests, benchmarks)
        self.search = IsmctsAgent(game, seed, evaluator=self._value, **settings)

    def _value(self, state: Any, seat: int) -> float:
        self.calls += 1
        return self.net.value(self.search.game, state, seat)

    def act(self, view: SeatView) -> Action:
        """The ISMCTS choice with the network at the cut-offs."""
        return self.search.act(view)


def make(game: Game, seed: int, params: dict[str, str]) -> IsmctsNnAgent:
    """The ``ismcts-nn`` factory (registered lazily by ``cardtable.agents``)."""
    check_params(params, {"iters", "c", "depth", "rollout", "reuse", "net"}, "ismcts-nn")
    spec = "ismcts-nn"
    iters = int_param(params, "iters", spec, 1000)
    depth = int_param(params, "depth", spec, DEPTH)
    if iters < 1 or depth < 1:
        raise SetupError.msg("ismcts_positive")
    c, rollout, reuse = search_params(params)
    path = params.get("net")
    if path:
        net = ValueNet.load(Path(path))  # any setup the file was trained for
        net.check(game, net.meta.setup, path)
    else:
        net = shipped_weights(game)
    return IsmctsNnAgent(
        game, net, seed, iters=iters, c=c, depth=depth, rollout=rollout, reuse=reuse
    )
