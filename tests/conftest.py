"""Shared test settings: autosaves go to a temporary folder, never the user's own; the
summary counts the tests a ``-m`` expression deselected also when pytest-xdist runs them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``CARDTABLE_DATA_DIR`` (docs/saves.md, "Autosave") in a fresh temporary folder."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder


# With -n the workers collect and deselect (``make test`` leaves out the soak and Ray
# tests), and the controller's summary line would not say so: each worker hands over the
# ids it deselected when it ends, and the controller counts them once.
_DESELECTED: list[str] = []


def pytest_deselected(items: Sequence[pytest.Item]) -> None:
    _DESELECTED.extend(item.nodeid for item in items)


def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)
    if output is not None:  # an xdist worker
        output["deselected"] = list(_DESELECTED)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    ids = getattr(node, "workeroutput", {}).get("deselected", [])
    reporter = node.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None or not ids:
        return
    counted = reporter.stats.setdefault("deselected", [])
    known = {getattr(entry, "nodeid", None) for entry in counted}
    counted.extend(SimpleNamespace(nodeid=i) for i in ids if i not in known)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """A test that could not run for want of a service (a database server) says so in one
    line above the summary, with the reason, however many tests it kept from running."""
    reasons: set[str] = set()
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        if isinstance(longrepr, tuple) and len(longrepr) == 3:
            reasons.add(str(longrepr[2]).removeprefix("Skipped: "))
    for reason in sorted(reasons):
        terminalreporter.write_line(f"NOT RUN: {reason}", yellow=True, bold=True)
