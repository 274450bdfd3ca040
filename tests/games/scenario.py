"""Scenario files, shared by every game: a position, actions in text form, and what must
follow.

A scenario YAML holds:
  rules:    [rule ids it checks]          (required; see docs/rules/<game>.md)
  title:    one line
  position: a position document (docs/positions.md); with ``step: true`` the game stops
            at every phase boundary and ``continue`` goes on, and the ``derived`` values
            it writes are checked when it loads
  apply:    [action texts, e.g. "play spark_imp", "row top", "end", "continue"]
  expect:   a partial position: every key given must match the exported position
            (mappings compared key by key, lists exactly), ``derived`` values included
  legal:    optional list of action texts that must be exactly the legal ones at the end
  has:      optional list of action texts that must be among the legal ones at the end
  lacks:    optional list of action texts that must not be legal at the end
  events:   optional list of event kinds that must occur in this order (a subsequence)
  illegal:  optional action text that must be refused before ``apply``, leaving the state
            unchanged
  outcome:  optional {winners: [P1], reason: lethal} (seats as the game's positions name
            them)
A file may hold several scenarios as a YAML list; a mapping may be shared with YAML
anchors.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from cardtable.core import IllegalAction, get_game, state_hash

# libyaml's safe loader when PyYAML was built with it (the wheels are): the same documents
# as yaml.safe_load, several times faster over the scenario folders.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_scenarios(folder: Path) -> list[tuple[str, dict[str, Any]]]:
    """(test id, scenario) for every scenario file in ``folder``."""
    out = []
    for path in sorted(folder.glob("*.yaml")):
        doc = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
        items = doc if isinstance(doc, list) else [doc]
        for i, sc in enumerate(items):
            out.append((f"{path.stem}[{i}]:{sc.get('title', '')[:50]}", sc))
    return out


def subset_mismatch(expected: Any, actual: Any, where: str = "") -> str | None:
    """Where ``expected`` is not contained in ``actual``, or None."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{where or '/'}: expected a mapping, got {actual!r}"
        for k, v in expected.items():
            if k not in actual:
                if v in ([], None, False, 0, {}):  # an absent optional key means empty
                    continue
                return f"{where}/{k}: missing (have {sorted(actual)})"
            problem = subset_mismatch(v, actual[k], f"{where}/{k}")
            if problem:
                return problem
        return None
    if expected != actual:
        return f"{where}: expected {expected!r}, got {actual!r}"
    return None


def run_scenario(game_id: str, sc: dict[str, Any]) -> None:
    """Play a scenario of ``game_id`` and assert its expectations."""
    assert sc.get("rules"), "a scenario must cite the rule ids it checks"
    game = get_game(game_id)
    state = game.load_position({"game": game_id, **sc["position"]})
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
        try:
            action = game.parse_action(state, str(text))
        except IllegalAction as exc:
            log = [e.kind for e in state.log]
            raise AssertionError(f"{text!r}: {exc}\nevents: {log}") from None
        game.apply(state, action)
        problems = game.check_invariants(state)
        assert not problems, problems
    exported = game.export_position(state)
    log = [e.kind for e in state.log]
    problem = subset_mismatch(sc.get("expect", {}), exported)
    assert problem is None, f"{problem}\nevents: {log}\nposition: {exported}"
    legal = [game.action_text(state, a) for a in game.legal_actions(state)]
    if "legal" in sc:
        assert sorted(legal) == sorted(sc["legal"]), f"legal: {legal}"
    for t in sc.get("has", []):
        assert t in legal, f"{t!r} is not legal; legal: {legal}"
    for t in sc.get("lacks", []):
        assert t not in legal, f"{t!r} is legal; legal: {legal}"
    if "events" in sc:
        it = iter(log)
        missing = [k for k in sc["events"] if not any(k == e for e in it)]
        assert not missing, f"events {sc['events']} not in order in {log}"
    if "outcome" in sc:
        out = game.outcome(state)
        assert out is not None, "the game is not over"
        want = sc["outcome"]
        winners = exported.get("winners", [])
        assert winners == want.get("winners", winners), f"winners {winners}"
        assert out.reason == want.get("reason", out.reason), f"reason {out.reason}"
