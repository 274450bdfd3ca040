"""The learned agents: ``ismcts-nn``, the project's ISMCTS with a value network scoring
its cut-offs and a policy network as its prior, and ``nn``, the policy network alone.

Spec: ``ismcts-nn:iters=1000,c=0.7,depth=8,rollout=random|greedy,reuse=1,
net=PATH|none,policy=PATH|shipped|none,cpuct=1.0,after=0,jobs=1,seed=S``.
Without ``net=`` the game's shipped weights are used: the package data file
``cardtable/learn/weights/<game>.npz`` (read with ``importlib.resources``, never
downloaded), trained for the game's default setup by the command recorded in docs/ai.md.
A game with no shipped weights, or a file that is not a network for this game, is refused
with a catalog message naming it. ``net=none`` scores the cut-offs with the game's own
``evaluate``, as ``ismcts`` does, so that the prior can be used without a value network.

``policy=`` chooses the prior of the search (``IsmctsAgent``'s ``prior``: PUCT selection
with ``cpuct`` as ``c_puct``, asked once per tree node from the mover's view of that
iteration's sample, and with ``after=K`` only once the node has K visits): a policy file
(``policy.npz`` of ``cardtable train``), ``shipped``
(``cardtable/learn/weights/<game>-policy.npz``, refused when the game has none) or
``none`` (UCB1, exactly the search of ``ismcts`` with the network at the cut-offs). The
default is the shipped policy when the game has one, else none.

Spec: ``nn:net=PATH,temp=0,seed=S``: the policy network alone, no search. ``temp=0``
plays the legal action the network scores highest; ``temp>0`` samples from the softmax
of its scores divided by ``temp`` over the legal actions, with a generator seeded by the
agent's seed. Without ``net=`` it plays the game's shipped policy (as above). It reads
only the seat's view.

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

``jobs=N`` searches in N processes at once (root parallelism, as ``ismcts:jobs=N``:
agents.root_parallel): each process loads the networks itself, and the root statistics
of the N searches are summed.
"""

from __future__ import annotations

import math
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.agents.base import check_params, int_param
from cardtable.agents.ismcts import DEPTH as PLAIN_DEPTH
from cardtable.agents.ismcts import IsmctsAgent, search_params
from cardtable.agents.root_parallel import RootParallel
from cardtable.core.agent import SeatView
from cardtable.core.errors import SetupError
from cardtable.core.game import Action, Game
from cardtable.learn.policy import PolicyNet
from cardtable.learn.value import ValueNet

DEPTH = 8
"""The default cut-off depth of ``ismcts-nn`` (see the module docstring)."""


def weights_entry(game_id: str) -> Traversable:
    """Where the shipped weights of a game are (package data, maybe absent)."""
    return resources.files("cardtable.learn").joinpath("weights", f"{game_id}.npz")


def policy_entry(game_id: str) -> Traversable:
    """Where the shipped policy weights of a game are (package data, maybe absent)."""
    return resources.files("cardtable.learn").joinpath("weights", f"{game_id}-policy.npz")


def shipped_weights(game: Game) -> ValueNet:
    """The value network shipped for ``game``'s default setup; a SetupError when there is
    none, a ValueFileError (naming the file) when the file does not fit the game."""
    entry = weights_entry(game.id)
    if not entry.is_file():
        raise SetupError.msg("ismcts_nn_no_weights", game=game.id)
    with resources.as_file(entry) as path:
        return ValueNet.load(path, game, {})


def shipped_policy(game: Game, name: str = "nn", param: str = "net") -> PolicyNet:
    """The policy network shipped for ``game``'s default setup; a SetupError naming the
    agent and its parameter when there is none, a ValueFileError (naming the file) when
    the file does not fit the game."""
    entry = policy_entry(game.id)
    if not entry.is_file():
        raise SetupError.msg("policy_no_weights", name=name, game=game.id, param=param)
    with resources.as_file(entry) as path:
        return PolicyNet.load(path, game, {})


def load_policy(game: Game, path: str) -> PolicyNet:
    """A policy file for ``game`` (any setup it was trained for), checked."""
    net = PolicyNet.load(Path(path))
    net.check(game, net.meta.setup, path)
    return net


def _non_negative(params: dict[str, str], key: str, spec: str, default: float) -> float:
    raw = params.get(key)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value < 0:
        raise SetupError.msg("agent_non_negative", spec=spec, key=key, got=raw)
    return value


class NnAgent:
    """The policy network's choice: its most likely legal action, or (``temp`` > 0) a
    sample from its softmax at that temperature; only the seat's view is read."""

    name = "nn"

    def __init__(self, game: Game, net: PolicyNet, seed: int = 0, temp: float = 0.0) -> None:
        self.game = game
        self.net = net
        self.temp = temp
        self.rng = np.random.default_rng(seed % 2**64)

    def act(self, view: SeatView) -> Action:
        """The network's choice among the legal actions."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if self.temp == 0:
            return self.net.best(self.game, view.observation, legal)
        probs = self.net.probabilities(self.game, view.observation, legal, self.temp)
        return legal[int(self.rng.choice(len(legal), p=probs))]


def make_nn(game: Game, seed: int, params: dict[str, str]) -> NnAgent:
    """The ``nn`` factory (registered lazily by ``cardtable.agents``)."""
    check_params(params, {"net", "temp"}, "nn")
    temp = _non_negative(params, "temp", "nn", 0.0)
    path = params.get("net")
    net = load_policy(game, path) if path else shipped_policy(game)
    return NnAgent(game, net, seed, temp)


class IsmctsNnAgent:
    """An ``IsmctsAgent`` whose cut-offs are scored by ``net.value`` and, with a ``policy``,
    whose selection is guided by it (PUCT); each reads the deciding seat's view only."""

    name = "ismcts-nn"

    def __init__(
        self,
        game: Game,
        net: ValueNet | None,
        seed: int = 0,
        policy: PolicyNet | None = None,
        c_puct: float = 1.0,
        **settings: Any,
    ) -> None:
        self.net = net
        self.policy = policy
        self.calls = 0  # evaluator calls over the agent's life (tests, benchmarks)
        self.prior_calls = 0
        prior = self._prior if policy is not None else None
        evaluator = self._value if net is not None else None
        self.search = IsmctsAgent(
            game, seed, evaluator=evaluator, prior=prior, c_puct=c_puct, **settings
        )

    def _value(self, state: Any, seat: int) -> float:
        assert self.net is not None
        self.calls += 1
        return self.net.value(self.search.game, state, seat)

    def _prior(self, state: Any, mover: int, keyed: dict[str, Action]) -> dict[str, float]:
        assert self.policy is not None
        self.prior_calls += 1
        game = self.search.game
        probs = self.policy.probabilities(game, game.observe(state, mover), list(keyed.values()))
        return dict(zip(keyed, probs.tolist(), strict=True))

    @property
    def iterations_run(self) -> int:
        """The search's iterations over the agent's life (as ``IsmctsAgent``'s)."""
        return self.search.iterations_run

    def act(self, view: SeatView) -> Action:
        """The ISMCTS choice with the network at the cut-offs."""
        return self.search.act(view)


def networks(
    game: Game, net: str | None, policy: str | None
) -> tuple[ValueNet | None, PolicyNet | None]:
    """The value network (``net``: a path, ``none`` for the game's ``evaluate``, or None
    for the shipped one) and the prior (``policy``: a path, ``shipped``, ``none``, or None
    for the shipped one where the game has one), checked against ``game``."""
    spec = "ismcts-nn"
    value: ValueNet | None
    if net == "none":
        value = None
    elif net:
        value = ValueNet.load(Path(net))  # any setup the file was trained for
        value.check(game, value.meta.setup, net)
    else:
        value = shipped_weights(game)
    prior: PolicyNet | None = None
    if policy is None:
        prior = shipped_policy(game, spec, "policy") if policy_entry(game.id).is_file() else None
    elif policy == "shipped":
        prior = shipped_policy(game, spec, "policy")
    elif policy != "none":
        prior = load_policy(game, policy)
    return value, prior


def nn_search(game: Game, seed: int, iters: int, settings: dict[str, Any]) -> IsmctsAgent:
    """One search of ``ismcts-nn:jobs=N`` (agents.root_parallel), in its own process: the
    networks are loaded there from ``settings``' ``net`` and ``policy``."""
    kw = dict(settings)
    value, prior = networks(game, kw.pop("net"), kw.pop("policy"))
    c_puct = kw.pop("cpuct")
    return IsmctsNnAgent(game, value, seed, prior, c_puct, iters=iters, **kw).search


def make(game: Game, seed: int, params: dict[str, str]) -> IsmctsNnAgent | RootParallel:
    """The ``ismcts-nn`` factory (registered lazily by ``cardtable.agents``)."""
    allowed = {"iters", "c", "depth", "rollout", "reuse", "net", "policy", "cpuct", "after", "jobs"}
    check_params(params, allowed, "ismcts-nn")
    spec = "ismcts-nn"
    iters = int_param(params, "iters", spec, 1000)
    # (the game's evaluate at the cut-offs plays on as far as ismcts does by default)
    depth = int_param(params, "depth", spec, PLAIN_DEPTH if params.get("net") == "none" else DEPTH)
    jobs = int_param(params, "jobs", spec, 1)
    after = int_param(params, "after", spec, 0)
    if after < 0:
        raise SetupError.msg("agent_non_negative", spec=spec, key="after", got=params["after"])
    if iters < 1 or depth < 1 or jobs < 1:
        raise SetupError.msg("ismcts_positive")
    if jobs > iters:
        raise SetupError.msg("ismcts_jobs", jobs=jobs, iters=iters)
    c, rollout, reuse = search_params(params)
    c_puct = _non_negative(params, "cpuct", spec, 1.0)
    value, prior = networks(game, params.get("net"), params.get("policy"))
    search = {"c": c, "depth": depth, "rollout": rollout, "reuse": reuse, "prior_after": after}
    if jobs > 1:  # each search process loads the (checked) networks again
        nets = {"net": params.get("net"), "policy": params.get("policy"), "cpuct": c_puct}
        settings = {**search, **nets}
        return RootParallel(game, seed, iters, jobs, settings, build=nn_search, name=spec)
    return IsmctsNnAgent(game, value, seed, prior, c_puct, iters=iters, **search)
