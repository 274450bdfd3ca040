"""The compiled build (mypyc, tools/compile.py) against the interpreted one: the same
seeded games of every game and conformance setup end in identical state hashes, and the
views show the same observations and texts along them.

Each build runs in a fresh process (``CARDTABLE_INTERPRETED=1`` loads the sources even
where compiled modules sit beside them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from cardtable.native import MODULES, compiled_files, refresh_stale, stale_modules

ROOT = Path(__file__).resolve().parents[1]


def start(interpreted: bool) -> subprocess.Popen[str]:
    """The seeded games of ``tests.native_hashes`` in a fresh process of one build."""
    env = dict(os.environ, CARDTABLE_INTERPRETED="1" if interpreted else "0")
    return subprocess.Popen(
        [sys.executable, "-m", "tests.native_hashes"],
        env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def result(proc: subprocess.Popen[str]) -> dict:
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err[-2000:]
    return json.loads(out)


def test_compiled_and_interpreted_builds_play_identical_games() -> None:
    if not compiled_files(ROOT / "src"):
        pytest.skip("no compiled build (tools/compile.py needs a C compiler and mypyc)")
    assert not stale_modules(), "compiled modules older than their sources: make native"
    both = start(True), start(False)  # side by side
    interpreted, compiled = result(both[0]), result(both[1])
    assert interpreted["build"] == "interpreted"
    assert compiled["build"] == "compiled"
    assert interpreted["hashes"] == compiled["hashes"]
    assert len(compiled["hashes"]) > 40
    views = [k for k in compiled["hashes"] if k.endswith("/views")]
    assert len(views) == sum(1 for k in compiled["hashes"] if k.endswith("/0")), "a setup's views"


def test_every_listed_module_is_compiled_in_a_compiled_build() -> None:
    """A build either compiles every listed module or none (a partial build is stale)."""
    built = {(p.parent, p.name.split(".", 1)[0]) for p in compiled_files(ROOT / "src")}
    if not built:
        pytest.skip("no compiled build (tools/compile.py needs a C compiler and mypyc)")
    for module in sorted(MODULES):
        source = ROOT / "src" / (module.replace(".", "/") + ".py")
        assert (source.parent, source.stem) in built, f"{module} is not compiled"


def test_a_source_newer_than_its_extension_is_stale_until_refreshed(tmp_path: Path) -> None:
    """A process runs a module's source when it is newer than the module's extension; a
    build of byte-identical sources (tools/compile.py's fingerprint) brings the stale
    extensions' times forward and leaves the others alone."""
    times = {"cardtable.core.rng": 2_000, "cardtable.core.records": 1_000}
    for module, source_time in times.items():
        source = tmp_path / (module.replace(".", "/") + ".py")
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("")
        built = source.with_name(source.stem + EXTENSION_SUFFIXES[0])
        built.write_bytes(b"")
        os.utime(source, (source_time, source_time))
        os.utime(built, (1_500, 1_500))
    assert set(times) <= MODULES
    assert stale_modules(tmp_path) == ["cardtable.core.rng"]
    assert refresh_stale(tmp_path) == ["cardtable.core.rng"]
    assert stale_modules(tmp_path) == []
    records = tmp_path / "cardtable/core/records"
    assert records.with_name("records" + EXTENSION_SUFFIXES[0]).stat().st_mtime == 1_500
    assert refresh_stale(tmp_path) == []
