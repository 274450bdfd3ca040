"""Runs every Blue Moon scenario file under scenarios/ (rule ids are in each file's `rules`)."""

import pytest

from tests.games.bluemoon.scenario import load_scenarios, run_scenario

SCENARIOS = load_scenarios()


@pytest.mark.parametrize("scenario", [s for _, s in SCENARIOS], ids=[i for i, _ in SCENARIOS])
def test_scenario(scenario: dict) -> None:
    run_scenario(scenario)
