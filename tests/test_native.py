"""The compiled build (mypyc, tools/compile.py) against the interpreted one: the same
seeded games of every game and conformance setup end in identical state hashes.

Each build runs in a fresh process (``CARDTABLE_INTERPRETED=1`` loads the sources even
where compiled modules sit beside them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.native import MODULES, compiled_files, stale_modules

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


def test_every_listed_module_is_compiled_in_a_compiled_build() -> None:
    """A build either compiles every listed module or none (a partial build is stale)."""
    built = {(p.parent, p.name.split(".", 1)[0]) for p in compiled_files(ROOT / "src")}
    if not built:
        pytest.skip("no compiled build (tools/compile.py needs a C compiler and mypyc)")
    for module in sorted(MODULES):
        source = ROOT / "src" / (module.replace(".", "/") + ".py")
        assert (source.parent, source.stem) in built, f"{module} is not compiled"
