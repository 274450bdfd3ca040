"""Blue Moon scenario files under scenarios/ (the format: tests/games/scenario.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.games import scenario

HERE = Path(__file__).parent / "scenarios"


def load_scenarios() -> list[tuple[str, dict[str, Any]]]:
    """(test id, scenario) for every scenario file."""
    return scenario.load_scenarios(HERE)


def run_scenario(sc: dict[str, Any]) -> None:
    """Play a scenario and assert its expectations."""
    scenario.run_scenario("bluemoon", sc)
