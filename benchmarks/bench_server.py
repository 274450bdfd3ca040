"""A bounded load test of the web table on loopback (``make bench-server``).

Starts ``cardtable serve`` on a fresh SQLite file, then at once: TABLES Clash tables,
each a scripted person at seat 1 (acting THINK seconds after its turn comes) against
the random agent, and as many idle spectators. Each person plays ACTIONS actions (or to the game's end);
the time from sending an action to receiving the view that shows it is recorded. Prints
p50, p99 and the maximum of that time, the actions per second and the server's memory
(resident set, from /proc). Figures, not assertions: the target is p99 under 50 ms at
100 tables on two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx2
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.web.server import free_port, start


def rss_mb(pid: int) -> float:
    """The resident memory of a process and its children (the agent workers), in MB."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for p in pids:
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


async def person(
    base: str, ws_base: str, actions: int, think: float, k: int, waits: list[float]
) -> int:
    """Make a table, then act on every turn after thinking ``think`` seconds on average
    (from half to one and a half times it: people do not act in step); returns the actions
    made."""
    pause = random.Random(k)
    async with httpx2.AsyncClient(base_url=base, timeout=60) as client:
        await client.get("/")
        made = (
            await client.post(
                "/api/tables", json={"game": "clash", "seats": ["human", "random"], "seed": 1}
            )
        ).json()
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    done = 0
    async with connect(
        f"{ws_base}/ws/{made['id']}?seat=0", additional_headers={"Cookie": cookie}
    ) as ws:
        msg = json.loads(await ws.recv())
        while done < actions and msg["status"] != "over":
            if msg["to_move"] == 0 and msg["legal"]:
                await asyncio.sleep(think * (0.5 + pause.random()))
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "n": msg["n"], "choice": 0}))
                n = msg["n"]
                while True:
                    msg = json.loads(await ws.recv())
                    if msg.get("type") == "state" and msg["n"] > n:
                        waits.append(time.perf_counter() - sent)
                        break
                done += 1
            else:
                msg = json.loads(await ws.recv())
    return done


async def spectator(ws_base: str, base: str, k: int, stop: asyncio.Event) -> None:
    """Watch the ``k``-th table without a word until the run stops."""
    async with httpx2.AsyncClient(base_url=base, timeout=60) as client:
        tables = (await client.get("/api/tables")).json()
    if not tables:
        return
    async with connect(f"{ws_base}/ws/{tables[k % len(tables)]['id']}") as ws:
        while not stop.is_set():
            try:
                await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue


async def run(tables: int, actions: int, think: float, port: int) -> None:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    waits: list[float] = []
    stop = asyncio.Event()
    started = time.perf_counter()
    people = [
        asyncio.create_task(person(base, ws_base, actions, think, k, waits)) for k in range(tables)
    ]
    await asyncio.sleep(2.0)
    watchers = [asyncio.create_task(spectator(ws_base, base, k, stop)) for k in range(tables)]
    made = sum(await asyncio.gather(*people))
    stop.set()
    await asyncio.gather(*watchers)
    elapsed = time.perf_counter() - started
    waits.sort()
    p = lambda q: waits[min(len(waits) - 1, int(q * len(waits)))] * 1000  # noqa: E731
    print(
        f"tables: {tables} (+{tables} idle spectators), actions by people: {made}, "
        f"each after {think:g} s of thought"
    )
    print(
        f"action → its broadcast: p50 {p(0.50):.1f} ms, p99 {p(0.99):.1f} ms, "
        f"max {waits[-1] * 1000:.1f} ms, mean {statistics.fmean(waits) * 1000:.1f} ms"
    )
    print(f"throughput: {made / elapsed:.0f} actions/s by people over {elapsed:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--actions", type=int, default=20, help="actions per person, at most")
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each action")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        port = free_port()
        server = start(f"sqlite:///{home}/bench.db", port, Path(home), workers=1)
        try:
            asyncio.run(run(args.tables, args.actions, args.think, port))
            print(f"server memory: {rss_mb(server.pid):.0f} MB (with its agent worker)")
        finally:
            server.kill()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
