"""Scenario files: a position, actions in text form, and the position expected after them.

A scenario YAML holds:
  rules:   [rule ids it checks]          (required; see docs/rules/epic.md)
  title:   one line
  position: a position document (docs/positions.md); with ``step: true`` the game stops
           at every phase boundary and ``continue`` goes on (docs/positions.md), and the
           ``derived`` values it writes are checked when it loads
  apply:   [action texts, e.g. "attack", "add grunt", "pass", "continue"]
  expect:  a partial position: every key given must match the exported position
           (mappings compared key by key, lists exactly), ``derived`` values included
           (e.g. ``derived: {supply: {human_demon: 19}, gold: {P1: 0}}``)
  events:  optional list of event kinds that must occur in this order (a subsequence)
  illegal: optional action text that must be refused, leaving the state unchanged
A file may hold several scenarios as a YAML list; a mapping under ``cards`` may be shared
with YAML anchors.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from cardtable.core import IllegalAction, get_game, state_hash

HERE = Path(__file__).parent / "scenarios"


def load_scenarios() -> list[tuple[str, dict[str, Any]]]:
    """(test id, scenario) for every scenario file."""
    out = []
    for path in sorted(HERE.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        items = doc if isinstance(doc, list) else [doc]
        for i, sc in enumerate(items):
            out.append((f"{path.stem}[{i}]:{sc.get('title', '')[:40]}", sc))
    return out


def subset_mismatch(expected: Any, actual: Any, where: str = "") -> str | None:
    """Where ``expected`` is not contained in ``actual``, or None."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where or '/'}: expected a mapping, got {actual!r}"
        for k, v in expected.items():
            if k not in actual:
                # an absent optional value in the export means empty
                if v in ([], None, False, 0, {}):
                    continue
                return f"{where}/{k}: missing (have {sorted(actual)})"
            problem = subset_mismatch(v, actual[k], f"{where}/{k}")
            if problem:
                return problem
        return None
    if expected != actual:
        return f"{where}: expected {expected!r}, got {actual!r}"
    return None


def run_scenario(sc: dict[str, Any]) -> None:
    """Play a scenario and assert its expectations."""
    assert sc.get("rules"), "a scenario must cite the rule ids it checks"
    game = get_game("epic")
    state = game.load_position({"game": "epic", **sc["position"]})
    state.log = []
    if "illegal" in sc:
        before = state_hash(state)
        try:
            action = game.parse_action(state, sc["illegal"])
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{sc['illegal']!r} was accepted as {action}")
        assert state_hash(state) == before
    for text in sc.get("apply", []):
        action = game.parse_action(state, str(text))
        game.apply(state, action)
        assert not game.check_invariants(state), game.check_invariants(state)
    exported = game.export_position(state)
    problem = subset_mismatch(sc.get("expect", {}), exported)
    log = [e.kind for e in state.log]
    assert problem is None, f"{problem}\nevents: {log}\nposition: {exported}"
    wanted = list(sc.get("events", []))
    it = iter(log)
    missing = [k for k in wanted if not any(k == x for x in it)]
    assert not missing, f"events {wanted} not in order in {log}"
