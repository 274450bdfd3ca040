"""Golden playthroughs: one seeded game per registered game, every decision recorded.

A change to rules that alters play shows up as a diff here. After an intended change,
regenerate with ``CARDTABLE_REGEN=1 pytest tests/conformance/test_playthrough.py`` and
review the diff. A game without a playthrough file fails.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardtable.agents import make_agent
from cardtable.core import game_ids, get_game
from cardtable.core.agent import SeatView

HERE = Path(__file__).parent.parent / "playthroughs"
SEED = 2024


def record(gid: str) -> dict[str, Any]:
    """Play the golden game and record each decision, the events and the outcome."""
    game = get_game(gid)
    state = game.new_game({}, SEED, log=True)
    agents = [make_agent("greedy", game, SEED + 1), make_agent("random", game, SEED + 2)]
    steps = []
    while (seat := game.to_move(state)) is not None:
        legal = game.legal_actions(state)
        action = agents[seat].act(SeatView(game, state, seat))
        steps.append(
            {
                "seat": seat,
                "legal": [game.action_text(state, a) for a in legal],
                "chosen": game.action_text(state, action),
                "observation": game.observe(state, seat),
            }
        )
        game.apply(state, action)
    out = game.outcome(state)
    assert out is not None
    return {
        "game": gid,
        "seed": SEED,
        "steps": steps,
        "events": [game.render_event(state, e, "en") for e in state.log],
        "outcome": out.to_json(),
    }


@pytest.mark.parametrize("gid", game_ids())
def test_playthrough_matches_golden_file(gid: str) -> None:
    path = HERE / f"{gid}.json"
    fresh = record(gid)
    if os.environ.get("CARDTABLE_REGEN"):
        path.write_text(json.dumps(fresh, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden playthrough for {gid}: run with CARDTABLE_REGEN=1"
    golden = json.loads(path.read_text(encoding="utf-8"))
    for i, (want, got) in enumerate(zip(golden["steps"], fresh["steps"], strict=False)):
        assert want == got, f"{gid}: step {i + 1} differs: {want['chosen']} vs {got['chosen']}"
    assert len(golden["steps"]) == len(fresh["steps"])
    assert golden["events"] == fresh["events"]
    assert golden["outcome"] == fresh["outcome"]
