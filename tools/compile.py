"""Build the compiled hot path: the engine modules listed in ``cardtable.native.GROUPS``
compiled with mypyc into extension modules beside their sources (``src/cardtable/…/*.so``).

Python imports an extension module in preference to the source of the same name, so a
compiled build needs nothing else; ``CARDTABLE_INTERPRETED=1`` makes a process ignore the
extensions (the differential test and ``cardtable bench`` compare the two builds).
Without a C compiler (or mypyc) this prints why and leaves the interpreted build.

    python tools/compile.py           # build (only groups whose sources changed)
    python tools/compile.py --clean   # remove every compiled module
    python tools/compile.py --requirement   # the compiler's pin (pyproject.toml's test extra)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))
os.environ["CARDTABLE_INTERPRETED"] = "1"  # this process reads the sources; no stale-build note

from cardtable.native import GROUPS, compiled_files, refresh_stale  # noqa: E402

BUILD = ROOT / "build" / "mypyc"
STAMP = BUILD / "sources.json"
MYPY_CONFIG = BUILD / "mypy.ini"
# mypyc type-checks the compiled modules and, for their types, the modules they import.
# The engine imports no third-party package, but the rest of cardtable does (PyTorch,
# Gymnasium, pydantic, ...): analysing those took most of the build (PyTorch alone is
# 1,700 modules) and changes no line of the generated C. Only cardtable's own modules
# and the standard library's stubs are followed; every other module is typed Any whether
# it is installed or not, so the build needs only the compiler (`--requirement`) and
# gives the same C with or without the rest: `make` compiles while uv installs the rest.
# mypy keeps its cache beside the build (its default is the current folder, src/).
MYPY_SETTINGS = f"""[mypy]
python_version = 3.11
cache_dir = {BUILD / "mypy-cache"}
follow_imports = skip
ignore_missing_imports = True

[mypy-cardtable.*]
follow_imports = normal
"""
# gcc's optimisation level for the generated C. The generated code is mostly calls into
# CPython's API, where -O3's extra inlining and vectorising buy nothing measurable: the
# conformance playouts and `cardtable bench` ran as fast at -O1 as at -O3 (within the
# machine's run-to-run noise), and -O1 compiles in about half the time (the build was
# the largest part of a fresh set-up).
OPT_LEVEL = "1"


def module_path(module: str) -> Path:
    return SRC / (module.replace(".", "/") + ".py")


def fingerprint() -> str:
    """A hash of every compiled source and of the compiler's version."""
    import mypy.version

    h = hashlib.sha256(mypy.version.__version__.encode())
    h.update(sys.version.encode())
    h.update(MYPY_SETTINGS.encode())
    h.update(OPT_LEVEL.encode())
    for group, modules in sorted(GROUPS.items()):
        h.update(group.encode())
        for m in modules:
            h.update(m.encode())
            h.update(module_path(m).read_bytes())
    return h.hexdigest()


def clean() -> None:
    for path in compiled_files(SRC):
        path.unlink()
    shutil.rmtree(BUILD, ignore_errors=True)


def why_not() -> str | None:
    """Why this machine cannot compile, or None."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def up_to_date(wanted: str) -> bool:
    """True when the last build compiled these very sources and all its modules exist."""
    if not STAMP.exists() or json.loads(STAMP.read_text()).get("hash") != wanted:
        return False
    built = {p.name.split(".", 1)[0] + "@" + str(p.parent) for p in compiled_files(SRC)}
    return all(
        f"{m.rsplit('.', 1)[1]}@{module_path(m).parent}" in built
        for ms in GROUPS.values()
        for m in ms
    )


def largest_first(extensions: list[Any]) -> list[Any]:
    """The extensions, the one with the most C first. ``build_ext -j`` hands them to its
    workers in list order and each group is one C file for one gcc: mypyc lists them by
    name, which left Epic's, the largest, to start last, while the other core idled
    (with two cores, 48 s of gcc wall time for 80 s of CPU). Largest first keeps both
    cores busy to the end."""

    def size(ext: Any) -> int:
        return sum(os.path.getsize(s) for s in ext.sources)

    return sorted(extensions, key=size, reverse=True)


def build() -> int:
    reason = why_not()
    if reason is not None:
        print(f"cardtable: interpreted build ({reason})")
        return 0
    wanted = fingerprint()
    if up_to_date(wanted):
        refreshed = refresh_stale(SRC)
        note = f" (times brought forward: {', '.join(refreshed)})" if refreshed else ""
        print(f"cardtable: compiled build up to date{note}")
        return 0
    clean()
    print(
        f"cardtable: compiling {sum(map(len, GROUPS.values()))} engine modules with mypyc (a minute or two)",
        flush=True,
    )
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(module_path(m)) for ms in GROUPS.values() for m in ms]
    separate = [
        ([str(module_path(m)) for m in ms], f"cardtable.{group}") for group, ms in GROUPS.items()
    ]
    os.chdir(SRC)
    BUILD.mkdir(parents=True, exist_ok=True)
    MYPY_CONFIG.write_text(MYPY_SETTINGS)
    extensions = mypycify(
        ["--config-file", str(MYPY_CONFIG), *(os.path.relpath(p, SRC) for p in paths)],
        opt_level=OPT_LEVEL,
        debug_level="0",
        separate=[([os.path.relpath(p, SRC) for p in files], name) for files, name in separate],
        target_dir=str(BUILD / "c"),
    )
    setup(
        name="cardtable-native",
        ext_modules=largest_first(extensions),
        script_args=[
            "-q",
            "build_ext",
            "--inplace",
            "--build-temp",
            str(BUILD / "tmp"),
            "--build-lib",
            str(BUILD / "lib"),
            "-j",
            str(os.cpu_count() or 1),
        ],
    )
    BUILD.mkdir(parents=True, exist_ok=True)
    STAMP.write_text(json.dumps({"hash": wanted}))
    print(f"cardtable: compiled build ready ({len(paths)} modules)")
    return 0


def requirement() -> str:
    """The compiler's requirement as the test extra in pyproject.toml pins it."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    test = project["optional-dependencies"]["test"]
    return next(r for r in test if re.match(r"mypy\s*[<>=~!]", r))


if __name__ == "__main__":
    if "--requirement" in sys.argv[1:]:
        print(requirement())
        sys.exit(0)
    if "--clean" in sys.argv[1:]:
        clean()
        print("cardtable: compiled modules removed")
        sys.exit(0)
    sys.exit(build())
