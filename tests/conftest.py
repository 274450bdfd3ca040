"""Shared test settings: autosaves go to a temporary folder, never the user's own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``CARDTABLE_DATA_DIR`` (docs/saves.md, "Autosave") in a fresh temporary folder."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder
