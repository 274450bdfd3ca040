"""Information-set Monte Carlo tree search (single observer), generic over every game.

Each iteration samples a full state consistent with what the seat knows
(``view.sample_state``, i.e. ``game.determinize``), walks the tree choosing among the
actions legal in that sample by UCB1 with availability counts, adds one node, plays on
with the rollout policy (random, or the game's greedy policy) for at most ``depth``
decisions, scores the state with ``game.evaluate`` for every seat, and backs the scores
up (each node keeps the score of the seat that chose its action). Actions are keyed by
their canonical text, so copies of a card and resampled hidden cards share a node.

The budget is a number of iterations, never seconds, and all randomness comes from the
agent's seeded generator: the same seed and game replay exactly.

Spec: ``ismcts:iters=1000,c=0.7,depth=40,rollout=random|greedy,seed=S``.
"""

from __future__ import annotations

import math
from typing import Any

from cardtable.agents.base import check_params, int_param, register_agent
from cardtable.core.agent import SeatView
from cardtable.core.errors import SetupError
from cardtable.core.game import Action, Game
from cardtable.core.rng import Rng


class Node:
    """A tree node: the action text that led here, who chose it, and its statistics."""

    __slots__ = ("children", "mover", "reward", "seen", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.seen = 0  # times this node was available (availability count)


class IsmctsAgent:
    """ISMCTS with an iteration budget and a seeded generator."""

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        iters: int = 1000,
        c: float = 0.7,
        depth: int = 40,
        rollout: str = "random",
    ) -> None:
        self.game = game
        self.rng = Rng(seed)
        self.iters = iters
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self._greedy: Any = None
        if rollout == "greedy":
            from cardtable.agents.greedy import GreedyAgent

            self._greedy = GreedyAgent(game, seed ^ 0x5EED)

    def act(self, view: SeatView) -> Action:
        """The root action visited most after ``iters`` iterations."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        root = Node(-1)
        for _ in range(self.iters):
            state = view.sample_state(self.rng)
            self._iterate(root, state)
        texts = {view.text(a): a for a in legal}
        best = max(
            (n.visits, n.reward / max(1, n.visits), t)
            for t, n in root.children.items()
            if t in texts
        )
        return texts[best[2]]

    def _iterate(self, root: Node, state: Any) -> None:
        game = self.game
        node = root
        path = [root]
        steps = 0
        # selection and expansion
        while game.to_move(state) is not None:
            mover = game.to_move(state)
            assert mover is not None
            legal = game.legal_actions(state)
            keyed = {game.action_text(state, a): a for a in legal}
            for key in keyed:
                child = node.children.get(key)
                if child is not None:
                    child.seen += 1
            fresh = [k for k in keyed if k not in node.children]
            if fresh:
                key = fresh[self.rng.randbelow(len(fresh))]
                child = Node(mover)
                child.seen = 1
                node.children[key] = child
                game.apply_unchecked(state, keyed[key])
                path.append(child)
                steps += 1
                break
            key = max(keyed, key=lambda k: self._ucb(node.children[k]))
            node = node.children[key]
            game.apply_unchecked(state, keyed[key])
            path.append(node)
            steps += 1
        # rollout
        while game.to_move(state) is not None and steps < self.depth:
            seat = game.to_move(state)
            assert seat is not None
            if self._greedy is not None:
                action = self._greedy.act(SeatView(game, state, seat))
            else:
                legal = game.legal_actions(state)
                action = legal[self.rng.randbelow(len(legal))]
            game.apply_unchecked(state, action)
            steps += 1
        # back-propagation: each node scores for the seat that chose it
        scores: dict[int, float] = {}
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                if n.mover not in scores:
                    scores[n.mover] = game.evaluate(state, n.mover)
                n.reward += scores[n.mover]

    def _ucb(self, n: Node) -> float:
        if n.visits == 0:
            return math.inf
        return n.reward / n.visits + self.c * math.sqrt(math.log(max(1, n.seen)) / n.visits)


def _make(game: Game, seed: int, params: dict[str, str]) -> IsmctsAgent:
    check_params(params, {"iters", "c", "depth", "rollout"}, "ismcts")
    spec = "ismcts"
    iters = int_param(params, "iters", spec, 1000)
    depth = int_param(params, "depth", spec, 40)
    if iters < 1 or depth < 1:
        raise SetupError("agent 'ismcts': iters and depth must be at least 1")
    try:
        c = float(params.get("c", "0.7"))
    except ValueError:
        raise SetupError(f"agent 'ismcts': c must be a number, got {params['c']!r}") from None
    rollout = params.get("rollout", "random")
    if rollout not in ("random", "greedy"):
        raise SetupError(f"agent 'ismcts': rollout is random or greedy, got {rollout!r}")
    return IsmctsAgent(game, seed, iters, c, depth, rollout)


register_agent("ismcts", _make)
