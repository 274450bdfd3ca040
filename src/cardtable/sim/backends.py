"""Where batches of games run: local processes (default) or a Ray cluster.

A task is plain picklable data and its result depends on nothing but the task (every
seed is inside it), so the same tasks give the same results whichever backend runs
them and however many workers share them. Results are yielded as they finish, with the
task's position, so callers can show progress and write each one down at once.

Local worker processes never outlive the run (docs/saves.md, "Batch runs"): they
ignore Ctrl-C (the parent stops them), are terminated when the run stops early (an
exception, Ctrl-C, the consumer closing the generator), and die with their parent even
when it is killed outright (on Linux ``PR_SET_PDEATHSIG``; everywhere a thread that
watches the parent). There are never more of them than cores or work items.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from cardtable.core.errors import SetupError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
PR_SET_PDEATHSIG = 1
WATCH_EVERY = 0.5
"""Seconds between a worker's checks that its parent still lives."""


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def capped_jobs(jobs: int, work: int, backend: str = "local") -> int:
    """Worker processes worth starting: no more than the cores (local backend) nor than
    the items of work, at least one."""
    if backend == "local":
        jobs = min(jobs, available_cores())
    return max(1, min(jobs, work))


def _alive(pid: int) -> bool:
    """Whether a process exists (POSIX: signal 0; elsewhere assumed, as ``os.kill``
    would end it there)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _watch_parent(parent: int, ppid: int) -> None:
    while True:
        time.sleep(WATCH_EVERY)
        if os.getppid() != ppid or not _alive(parent):
            os._exit(1)


def _worker_init(parent: int, direct: bool) -> None:
    """In each worker: leave Ctrl-C to the parent, and die with it. ``direct``: the
    parent started this worker itself (not through a fork server)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    ppid = os.getppid()
    if (direct and ppid != parent) or not _alive(parent):  # it died before the signal was set
        os._exit(1)
    threading.Thread(
        target=_watch_parent, args=(parent, ppid), name="cardtable-parent-watch", daemon=True
    ).start()


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
) -> Generator[tuple[int, R], None, None]:
    """Run ``fn`` (a module-level function) on every task; yield ``(index, result)`` as
    results come in. ``jobs <= 1`` on the local backend runs in this process."""
    if backend not in BACKENDS:
        raise SetupError.msg("unknown_backend", got=backend, known=", ".join(BACKENDS))
    if jobs < 1:
        raise SetupError.msg("jobs_positive", n=jobs)
    if address is not None and backend != "ray":
        raise SetupError.msg("address_needs_ray")
    chunks = _chunks(tasks, max(1, chunk))
    if backend == "ray":
        yield from _run_ray(fn, chunks, jobs, address)
        return
    jobs = capped_jobs(jobs, len(chunks))
    if jobs == 1:
        for items in chunks:
            yield from _run_chunk(fn, items)
    else:
        yield from _run_processes(fn, chunks, jobs)


def worker_pool(jobs: int, start_method: str | None = None) -> ProcessPoolExecutor:
    """Worker processes that leave Ctrl-C to this process and die with it
    (``start_method``: multiprocessing's, default the platform's; ``spawn`` gives workers
    none of this process's open files, such as a server's listening socket)."""
    context = multiprocessing.get_context(start_method)
    direct = context.get_start_method() != "forkserver"
    return ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=context,
        initializer=_worker_init,
        initargs=(os.getpid(), direct),
    )


def _run_processes(
    fn: Callable[[T], R], chunks: list[list[tuple[int, T]]], jobs: int
) -> Iterator[tuple[int, R]]:
    pool = worker_pool(jobs)
    finished = False
    try:
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
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop(pool)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once: drop the waiting work, end the workers, reap them."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        with contextlib.suppress(Exception):
            worker.terminate()
    deadline = time.monotonic() + 5.0
    for worker in workers:
        with contextlib.suppress(Exception):
            worker.join(max(0.0, deadline - time.monotonic()))
            if worker.is_alive():
                worker.kill()
                worker.join(1.0)


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
