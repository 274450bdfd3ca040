"""The compiled hot path: which engine modules are compiled with mypyc, and which build
this process runs.

``tools/compile.py`` (run by ``make``) compiles ``GROUPS`` into extension modules beside
their sources; Python then imports the extension in preference to the source. Setting
``CARDTABLE_INTERPRETED=1`` before ``cardtable`` is imported makes the process load the
sources instead (``cardtable/__init__.py`` installs ``SourceFirst``): the differential
test and ``cardtable bench`` run both builds on one machine.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

# Compiled together (one shared library per group): the state, the rules and the
# effects each game's legal-move generation and application run through, and the
# search's tree and OpenSpiel's rollout loop (rl/rollout.py), the card records they read
# (each game's records.py), and the views
# (observations are asked for at every node of OpenSpiel's search and for every RL
# tensor). Card schemas (pydantic), set-up, positions and rendering stay interpreted.
GROUPS: dict[str, tuple[str, ...]] = {
    "core_native": ("cardtable.core.rng", "cardtable.core.instances", "cardtable.core.records"),
    "agents_native": ("cardtable.agents.ismcts", "cardtable.rl.rollout"),
    "clash_native": (
        "cardtable.games.clash.records",
        "cardtable.games.clash.state",
        "cardtable.games.clash.abilities",
        "cardtable.games.clash.effects",
        "cardtable.games.clash.rules",
        "cardtable.games.clash.invariants",
        "cardtable.games.clash.texts",
        "cardtable.games.clash.view",
    ),
    "epic_native": (
        "cardtable.games.epic.records",
        "cardtable.games.epic.state",
        "cardtable.games.epic.multi",
        "cardtable.games.epic.effects",
        "cardtable.games.epic.rules",
        "cardtable.games.epic.invariants",
        "cardtable.games.epic.texts",
        "cardtable.games.epic.view",
    ),
    "bluemoon_native": (
        "cardtable.games.bluemoon.records",
        "cardtable.games.bluemoon.state",
        "cardtable.games.bluemoon.powers",
        "cardtable.games.bluemoon.tasks",
        "cardtable.games.bluemoon.rules",
        "cardtable.games.bluemoon.invariants",
        "cardtable.games.bluemoon.texts",
        "cardtable.games.bluemoon.view",
    ),
    "boss_native": (
        "cardtable.games.boss.records",
        "cardtable.games.boss.state",
        "cardtable.games.boss.mechanics",
        "cardtable.games.boss.effects",
        "cardtable.games.boss.rules",
        "cardtable.games.boss.invariants",
        "cardtable.games.boss.texts",
        "cardtable.games.boss.view",
    ),
}
MODULES = frozenset(m for group in GROUPS.values() for m in group)
INTERPRETED_ENV = "CARDTABLE_INTERPRETED"


def compiled_files(src: Path) -> list[Path]:
    """The extension modules a compiled build put under ``src`` (modules and groups)."""
    found: list[Path] = []
    for suffix in EXTENSION_SUFFIXES:
        found.extend((src / "cardtable").rglob(f"*{suffix}"))
    return sorted(set(found))


def is_compiled(module: ModuleType) -> bool:
    """True when ``module`` was loaded from an extension (a compiled build)."""
    return (getattr(module, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES))


def build_name() -> str:
    """'compiled' when every listed module this process imported is compiled,
    'interpreted' when none is, 'mixed' otherwise (a stale or partial build)."""
    loaded = [sys.modules[m] for m in MODULES if m in sys.modules]
    if not loaded:
        import cardtable.core.rng  # noqa: F401  (the smallest listed module)

        loaded = [sys.modules["cardtable.core.rng"]]
    flags = {is_compiled(m) for m in loaded}
    if flags == {True}:
        return "compiled"
    if flags == {False}:
        return "interpreted"
    return "mixed"


class SourceFirst(MetaPathFinder):
    """Loads the listed modules from their ``.py`` sources even where a compiled
    extension sits beside them."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in MODULES or not path:
            return None
        source = Path(path[0]) / (fullname.rsplit(".", 1)[1] + ".py")
        if not source.exists():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install_source_first() -> None:
    """Make this process interpreted (``CARDTABLE_INTERPRETED=1``)."""
    if not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())


SRC = Path(__file__).resolve().parent.parent
"""The folder holding ``cardtable`` (its sources and extensions)."""


def _stale(root: Path) -> list[tuple[str, Path, Path]]:
    """(module, source, extension) for each listed module under ``root`` whose source is
    newer than its compiled extension."""
    out = []
    for module in sorted(MODULES):
        source = root / (module.replace(".", "/") + ".py")
        for suffix in EXTENSION_SUFFIXES:
            built = source.with_name(source.stem + suffix)
            if built.exists():
                if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
                    out.append((module, source, built))
                break
    return out


def stale_modules(root: Path = SRC) -> list[str]:
    """Listed modules whose source is newer than their compiled extension (edited since
    the last build): a process never runs compiled code older than its source."""
    return [module for module, _source, _built in _stale(root)]


def refresh_stale(root: Path = SRC) -> list[str]:
    """Bring the extensions of ``stale_modules`` up to their sources' times, for a build
    whose sources are byte for byte the ones it compiled (``tools/compile.py`` checks that
    first): a source copied back or checked out again is newer than its extension without
    being changed. The modules refreshed."""
    stale = _stale(root)
    for _module, source, built in stale:
        mtime = source.stat().st_mtime_ns
        os.utime(built, ns=(mtime, mtime))
    return [module for module, _source, _built in stale]


if os.environ.get(INTERPRETED_ENV, "") not in ("", "0"):
    install_source_first()
elif stale := stale_modules():
    install_source_first()
    sys.stderr.write(
        f"cardtable: {', '.join(stale)} changed since the compiled build: running the "
        "sources (interpreted); `make` or `python tools/compile.py` rebuilds\n"
    )
