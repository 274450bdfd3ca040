"""Information-set Monte Carlo tree search (single observer), generic over every game.

Each iteration samples a full state consistent with what the seat knows
(``view.sample_state``, i.e. ``game.determinize``), walks the tree choosing among the
actions legal in that sample by UCB1 with availability counts, adds one node, plays on
with the rollout policy (random, or the game's greedy policy) for at most ``depth``
decisions, scores the state with ``game.evaluate`` for every seat (or, at a cut-off
before the end, with the agent's ``evaluator`` when it has one: e.g. a learned value
network, ``cardtable.learn``), and backs the scores up (each node keeps the score of the
seat that chose its action). Actions are keyed by their canonical text, so copies of a
card and resampled hidden cards share a node.

Several players: every node keeps the score of its own mover, so each seat in the tree
plays for itself (the max-n reading of ISMCTS); team and shared-health modes come in
through ``game.evaluate``, which scores a seat's side.

Tree reuse: nodes where the searching seat moves next are indexed by that seat's
observation. At the next decision the node whose observation equals the current one
becomes the root, keeping its statistics, so search carries over from one decision to
the next (``reuse=0`` turns it off).

Early stop: the root action with the most visits is chosen; once no other action can
catch up in the iterations that remain, the search ends early with the same choice.

Prior (optional, ``prior=``: e.g. a learned policy, ``cardtable.learn``): a callable
giving, for the mover of a tree node, a probability per action key. It is asked once per
node, the first time the search chooses at that node (from that iteration's sample), and
kept in the node; a key it did not score (legal only in other samples) gets an equal
share ``1/len(legal)``. With ``prior_after=K`` it is asked only once the node has been
visited K times, every key getting the equal share until then: most nodes are visited a
few times only, and the prior is what costs most in an iteration that asks it. With a
prior, selection at every node is PUCT with availability counts:
``Q(a) + c_puct * P(a) * sqrt(N_avail(a)) / (1 + n(a))``, where ``N_avail`` is the times
the action was available (for an action not yet in the tree, the node's visits) and
``Q`` is 0 for such an action; choosing one not yet in the tree expands it. Without a
prior the search is UCB1 as above, expanding untried actions first, in random order.

The budget is a number of iterations, never seconds, and all randomness comes from the
agent's seeded generator: the same seed and game replay exactly.

Root parallelism (``jobs=N``, agents.root_parallel): N independent searches of a share
of the iterations each, in N processes, their root visit counts summed.

Spec: ``ismcts:iters=1000,c=0.7,depth=40,rollout=random|greedy,reuse=1,jobs=1,seed=S``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from cardtable.agents.base import check_params, int_param, register_agent
from cardtable.core.agent import Agent, SeatView
from cardtable.core.errors import SetupError
from cardtable.core.game import Action, Game
from cardtable.core.rng import Rng

DEPTH = 40
"""The default cut-off: decisions per iteration before ``evaluate`` scores the position."""

_EQUAL_SHARES: dict[str, float] = {}
"""The prior of a node not yet visited ``prior_after`` times: no key scored, so every
key gets the equal share."""


class Node:
    """A tree node: the action text that led here, who chose it, and its statistics."""

    __slots__ = ("children", "mover", "prior", "reward", "seen", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.seen = 0  # times this node was available (availability count)
        self.prior: dict[str, float] | None = None  # the prior at this node, once asked


class IsmctsAgent:
    """ISMCTS with an iteration budget and a seeded generator."""

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seed: int = 0,
        iters: int = 1000,
        c: float = 0.7,
        depth: int = DEPTH,
        rollout: str = "random",
        reuse: bool = True,
        evaluator: Callable[[Any, int], float] | None = None,
        prior: Callable[[Any, int, dict[str, Action]], dict[str, float]] | None = None,
        c_puct: float = 1.0,
        prior_after: int = 0,
    ) -> None:
        self.game = game
        # (state, seat) -> value in [-1, 1] used at a cut-off (a state not yet over)
        # instead of game.evaluate; a finished game is always scored by game.evaluate.
        self.evaluator = evaluator
        # (state, mover, legal actions by key) -> probability by key (module docstring)
        self.prior = prior
        self.c_puct = c_puct
        self.prior_after = prior_after  # visits a node has before the prior is asked there
        self.rng = Rng(seed)
        self.iters = iters
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self.reuse = reuse
        self.iterations_run = 0  # over the agent's life (benchmarks, tests)
        self.reused_visits = 0  # root visits inherited from earlier searches
        self._seat = -1
        self._index: dict[str, Node] = {}
        self._greedy: Any = None
        if rollout == "greedy":
            from cardtable.agents.greedy import GreedyAgent

            self._greedy = GreedyAgent(game, seed ^ 0x5EED)

    def act(self, view: SeatView) -> Action:
        """The root action visited most after at most ``iters`` iterations."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        texts = {view.text(a): a for a in legal}
        if len(texts) == 1:  # several actions with one text are the same choice
            return legal[0]
        return texts[best_text(self.root_stats(view, texts))]

    def root_stats(
        self, view: SeatView, texts: dict[str, Action] | None = None
    ) -> dict[str, tuple[int, float]]:
        """Search from ``view`` (at most ``iters`` iterations) and return each legal root
        action's (visits, summed reward), by action text."""
        if texts is None:
            texts = {view.text(a): a for a in view.legal}
        self._seat = view.seat
        root = self._root(view)
        for done in range(self.iters):
            if done and done % 16 == 0 and self._settled(root, texts, self.iters - done):
                break
            state = view.sample_state(self.rng)
            self._iterate(root, state)
            self.iterations_run += 1
        return {t: (n.visits, n.reward) for t, n in root.children.items() if t in texts}

    def _root(self, view: SeatView) -> Node:
        """The reused node for the current observation, or a fresh root."""
        index, self._index = self._index, {}
        if self.reuse:
            node = index.get(_obs_key(view.observation))
            if node is not None:
                self.reused_visits += node.visits
                return node
        return Node(-1)

    @staticmethod
    def _settled(root: Node, texts: dict[str, Action], remaining: int) -> bool:
        """Whether the most visited legal action can no longer be overtaken."""
        counts = sorted((n.visits for t, n in root.children.items() if t in texts), reverse=True)
        if len(counts) < len(texts):
            return False
        return counts[0] - counts[1] > remaining

    def _iterate(self, root: Node, state: Any) -> None:
        game = self.game
        node = root
        path = [root]
        steps = 0
        # selection and expansion
        while (mover := game.to_move(state)) is not None:
            legal = game.legal_actions(state)
            keyed = {game.action_text(state, a): a for a in legal}
            for key in keyed:
                child = node.children.get(key)
                if child is not None:
                    child.seen += 1
            if self.prior is not None:
                key = self._puct(node, state, mover, keyed)
                expand = key not in node.children
            else:
                fresh = [k for k in keyed if k not in node.children]
                expand = bool(fresh)
                if expand:
                    key = fresh[self.rng.randbelow(len(fresh))]
                else:
                    key = max(keyed, key=lambda k: self._ucb(node.children[k]))
            if expand:
                child = Node(mover)
                child.seen = 1
                node.children[key] = child
                game.apply_unchecked(state, keyed[key])
                path.append(child)
                steps += 1
                if self.reuse and game.to_move(state) == self._seat:
                    self._index.setdefault(_obs_key(game.observe(state, self._seat)), child)
                break
            node = node.children[key]
            game.apply_unchecked(state, keyed[key])
            path.append(node)
            steps += 1
        # rollout
        while (seat := game.to_move(state)) is not None and steps < self.depth:
            if self._greedy is not None:
                action = self._greedy.act(SeatView(game, state, seat))
            else:
                legal = game.legal_actions(state)
                action = legal[self.rng.randbelow(len(legal))]
            game.apply_unchecked(state, action)
            steps += 1
        # back-propagation: each node scores for the seat that chose it
        scores: dict[int, float] = {}
        evaluate: Callable[[Any, int], float] = game.evaluate
        evaluator = self.evaluator
        if evaluator is not None and game.to_move(state) is not None:
            evaluate = evaluator
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                if n.mover not in scores:
                    scores[n.mover] = evaluate(state, n.mover)
                n.reward += scores[n.mover]

    def _ucb(self, n: Node) -> float:
        if n.visits == 0:
            return math.inf
        return n.reward / n.visits + self.c * math.sqrt(math.log(max(1, n.seen)) / n.visits)

    def _puct(self, node: Node, state: Any, mover: int, keyed: dict[str, Action]) -> str:
        """The key PUCT selects at ``node`` (the prior asked on the first choice there)."""
        prior = node.prior
        if prior is None:
            assert self.prior is not None
            if node.visits < self.prior_after:
                prior = _EQUAL_SHARES
            else:
                prior = self.prior(state, mover, keyed)
                node.prior = prior
        share = 1.0 / len(keyed)
        untried = math.sqrt(max(1, node.visits))
        best = -math.inf
        chosen = ""
        for key in keyed:
            p = prior.get(key, share)
            child = node.children.get(key)
            if child is None:
                score = self.c_puct * p * untried
            else:
                q = child.reward / child.visits if child.visits else 0.0
                score = q + self.c_puct * p * math.sqrt(child.seen) / (1 + child.visits)
            if score > best:
                best = score
                chosen = key
        return chosen


def best_text(stats: dict[str, tuple[int, float]]) -> str:
    """The action text with the most visits (then the best mean reward, then the text)."""
    return max((v, r / max(1, v), t) for t, (v, r) in stats.items())[2]


def _obs_key(observation: dict[str, Any]) -> str:
    """A key equal for equal observations (the dicts are built in a fixed order)."""
    return repr(observation)


def search_params(params: dict[str, str]) -> tuple[float, str, bool]:
    """An ISMCTS spec's exploration constant ``c``, ``rollout`` policy and ``reuse`` flag,
    each refused clearly when malformed."""
    try:
        c = float(params.get("c", "0.7"))
    except ValueError:
        raise SetupError.msg("ismcts_c", got=params["c"]) from None
    rollout = params.get("rollout", "random")
    if rollout not in ("random", "greedy"):
        raise SetupError.msg("ismcts_rollout", got=rollout)
    reuse = params.get("reuse", "1")
    if reuse not in ("0", "1"):
        raise SetupError.msg("ismcts_reuse", got=reuse)
    return c, rollout, reuse == "1"


def _make(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params(params, {"iters", "c", "depth", "rollout", "reuse", "jobs"}, "ismcts")
    spec = "ismcts"
    iters = int_param(params, "iters", spec, 1000)
    depth = int_param(params, "depth", spec, DEPTH)
    jobs = int_param(params, "jobs", spec, 1)
    if iters < 1 or depth < 1 or jobs < 1:
        raise SetupError.msg("ismcts_positive")
    if jobs > iters:
        raise SetupError.msg("ismcts_jobs", jobs=jobs, iters=iters)
    c, rollout, reuse = search_params(params)
    if jobs > 1:
        from cardtable.agents.root_parallel import RootParallel

        settings = {"c": c, "depth": depth, "rollout": rollout, "reuse": reuse}
        return RootParallel(game, seed, iters, jobs, settings)
    return IsmctsAgent(game, seed, iters, c, depth, rollout, reuse)


register_agent("ismcts", _make)
