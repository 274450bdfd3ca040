"""Where batches of games run: local processes (default) or a Ray cluster.

A task is plain picklable data and its result depends on nothing but the task (every
seed is inside it), so the same tasks give the same results whichever backend runs
them and however many workers share them. Results are yielded as they finish, with the
task's position, so callers can show progress and write each one down at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from cardtable.core.errors import SetupError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


def _run_chunk(fn: Callable[[T], R], items: list[tuple[int, T]]) -> list[tuple[int, R]]:
    return [(i, fn(task)) for i, task in items]


def _chunks(tasks: Sequence[T], size: int) -> list[list[tuple[int, T]]]:
    indexed = list(enumerate(tasks))
    return [indexed[i : i + size] for i in range(0, len(indexed), size)]


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk: int = 1,
) -> Iterator[tuple[int, R]]:
    """Run ``fn`` (a module-level function) on every task; yield ``(index, result)`` as
    results come in. ``jobs <= 1`` on the local backend runs in this process."""
    if backend not in BACKENDS:
        raise SetupError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if jobs < 1:
        raise SetupError(f"--jobs must be at least 1, got {jobs}")
    if address is not None and backend != "ray":
        raise SetupError("--address names a Ray cluster: use it with --backend ray")
    chunks = _chunks(tasks, max(1, chunk))
    if backend == "ray":
        yield from _run_ray(fn, chunks, jobs, address)
    elif jobs == 1:
        for items in chunks:
            yield from _run_chunk(fn, items)
    else:
        yield from _run_processes(fn, chunks, jobs)


def _run_processes(
    fn: Callable[[T], R], chunks: list[list[tuple[int, T]]], jobs: int
) -> Iterator[tuple[int, R]]:
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[list[tuple[int, R]]]] = set()
        queue = iter(chunks)
        for items in queue:
            pending.add(pool.submit(_run_chunk, fn, items))
            if len(pending) >= 2 * jobs:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(_run_chunk, fn, nxt))


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SetupError(
            "the Ray backend needs the optional extra: pip install 'cardtable[ray]'"
        ) from None
    return ray


def _run_ray(
    fn: Callable[[T], R], chunks: list[list[tuple[int, T]]], jobs: int, address: str | None
) -> Iterator[tuple[int, R]]:
    ray = _ray()
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:  # a local Ray instance with ``jobs`` workers
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(_run_chunk)
        pending = [remote.remote(fn, items) for items in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()
