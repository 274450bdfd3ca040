"""Root-parallel ISMCTS: several independent searches of one decision, each with its own
share of the iterations and its own seed, their root statistics summed.

Each of the ``jobs`` searches is an ``IsmctsAgent`` that lives for the whole game (so tree
reuse works as in one process), in a process of its own. At a decision this agent draws
one state consistent with what its seat knows (``view.sample_state``: the searches never
see the real hidden cards, exactly like a single search) and sends it to every search;
each returns, per legal action text, its visits and summed reward; the action with the
most visits in total is chosen (then the best mean reward, then the text).

Determinism: every search's seed and budget follow from the agent's seed and its index,
and the results are summed in index order, so a seed gives one game whatever the
scheduling, and the same game when the searches run one after another in this process
(as they do inside a daemonic worker, which may not start processes of its own).
"""

from __future__ import annotations

import multiprocessing as mp
import weakref
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from cardtable.agents.ismcts import IsmctsAgent, best_text
from cardtable.core.agent import SeatView
from cardtable.core.game import Action, Game
from cardtable.core.registry import get_game
from cardtable.core.rng import Rng


def shares(iters: int, jobs: int) -> list[int]:
    """The iterations of each search: ``iters`` split as evenly as possible."""
    return [iters // jobs + (1 if k < iters % jobs else 0) for k in range(jobs)]


def search_seed(seed: int, k: int) -> int:
    """The seed of the k-th search of an agent seeded ``seed``."""
    return (seed * 0x9E3779B1 + 0x7F4A7C15 * (k + 1)) & ((1 << 62) - 1)


Build = Callable[[Game, int, int, dict[str, Any]], IsmctsAgent]
"""Makes one search from (game, seed, iterations, settings): a module-level function, so
that a search process started by ``spawn`` can be given it."""


def plain_search(game: Game, seed: int, iters: int, settings: dict[str, Any]) -> IsmctsAgent:
    """``ismcts``'s search: the settings are IsmctsAgent's keyword arguments."""
    return IsmctsAgent(game, seed, iters, **settings)


def _serve(
    conn: Connection, game_id: str, seed: int, iters: int, settings: dict[str, Any], build: Build
) -> None:
    """A search process: one search answering (state, seat) with its root statistics."""
    game = get_game(game_id)
    agent = build(game, seed, iters, settings)
    while True:
        message = conn.recv()
        if message is None:
            return
        data, seat = message
        before = agent.iterations_run
        stats = agent.root_stats(SeatView(game, game.state_from_json(data), seat))
        conn.send((stats, agent.iterations_run - before))


def _stop(workers: list[tuple[Any, Connection]]) -> None:
    for proc, conn in workers:
        try:
            conn.send(None)
            conn.close()
        except OSError:
            pass
        proc.join(timeout=5)
        if proc.is_alive():
            proc.kill()


class RootParallel:
    """``ismcts:jobs=N`` (and ``ismcts-nn:jobs=N``): N root-parallel searches (processes
    where this process may start them, else one after another here, with the same
    results). ``build`` makes each search from its seed, share and ``settings`` (each
    process makes its own, networks included)."""

    def __init__(
        self,
        game: Game,
        seed: int,
        iters: int,
        jobs: int,
        settings: dict[str, Any],
        processes: bool = True,
        build: Build = plain_search,
        name: str = "ismcts",
    ) -> None:
        self.game = game
        self.name = name
        self.build = build
        self.processes = processes
        self.rng = Rng(seed ^ 0x51A7E)
        self.iterations_run = 0
        self._plan = [
            (search_seed(seed, k), share, settings) for k, share in enumerate(shares(iters, jobs))
        ]
        self._local: list[IsmctsAgent] | None = None
        self._workers: list[tuple[Any, Connection]] | None = None

    def start(self) -> None:
        """Start the searches (their processes), if not yet: the first decision does."""
        if self._local is not None or self._workers is not None:
            return
        if not self.processes or mp.current_process().daemon:  # a pool worker may start none
            self._local = [self.build(self.game, s, n, kw) for s, n, kw in self._plan]
            return
        ctx = mp.get_context("spawn")
        workers: list[tuple[Any, Connection]] = []
        for seed, share, settings in self._plan:
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(
                target=_serve,
                args=(theirs, self.game.id, seed, share, settings, self.build),
                daemon=True,
            )
            proc.start()
            theirs.close()
            workers.append((proc, mine))
        self._workers = workers
        weakref.finalize(self, _stop, workers)

    def act(self, view: SeatView) -> Action:
        """The action with the most visits over all the searches."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        texts = {view.text(a): a for a in legal}
        if len(texts) == 1:
            return legal[0]
        self.start()
        sample = view.sample_state(self.rng)
        results: list[tuple[dict[str, tuple[int, float]], int]] = []
        if self._workers is not None:
            data = sample.to_json()
            for _proc, conn in self._workers:
                conn.send((data, view.seat))
            results = [conn.recv() for _proc, conn in self._workers]
        else:
            assert self._local is not None
            for agent in self._local:
                before = agent.iterations_run
                seen = SeatView(self.game, self.game.state_from_json(sample.to_json()), view.seat)
                results.append((agent.root_stats(seen), agent.iterations_run - before))
        total: dict[str, tuple[int, float]] = {}
        for stats, done in results:
            self.iterations_run += done
            for text, (visits, reward) in stats.items():
                v, r = total.get(text, (0, 0.0))
                total[text] = (v + visits, r + reward)
        return texts[best_text({t: s for t, s in total.items() if t in texts})]
