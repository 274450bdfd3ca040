"""The shared conformance suite: every registered game, every setup it lists.

Checks ARCHITECTURE.md's "Checks every game passes": random playouts reach a legal
outcome with invariants after every action; clones are independent; JSON round-trips
exactly; replays are exact; observations hide what they must; illegal actions change
nothing.
"""

from __future__ import annotations

import json
import os

import pytest

from cardtable.agents import RandomAgent
from cardtable.core import IllegalAction, get_game, state_hash
from cardtable.core.match import play_match
from cardtable.core.replay import Replay, verify
from cardtable.core.rng import Rng
from tests.conformance.playout import (
    games_and_setups,
    json_text,
    playout,
    roundtrip,
    snapshot,
    through_json,
)

CASES = games_and_setups()
IDS = [f"{g}-setup{i}" for g, i, _ in CASES]
# 3,000+ random games per game in CI shared among its default-mode setups, at least 200 per
# setup (Boss Battle's six play 500 each: 1,000 games for each number of players), in
# chunks of ten tests; a step-mode setup plays 200 (its games are default-mode games with
# stops added, which the games' own step-mode tests replay decision by decision).
CHUNKS = 10
GAMES_PER_GAME = 3000
GAMES_PER_SETUP = 200
# The costlier checks look at one state in STATE_SAMPLE along their seeded games.
STATE_SAMPLE = 3


def per_chunk(gid: str, setup: dict) -> int:
    """Games each chunk of this setup of ``gid`` plays."""
    if setup.get("step"):
        return -(-GAMES_PER_SETUP // CHUNKS)
    setups = sum(1 for g, _i, s in CASES if g == gid and not s.get("step"))
    games = max(GAMES_PER_SETUP, -(-GAMES_PER_GAME // setups))
    return -(-games // CHUNKS)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_random_playouts_keep_invariants(gid: str, si: int, setup: dict, chunk: int) -> None:
    """Seeded random games end with a legal outcome; invariants hold after every action."""
    game = get_game(gid)
    games = per_chunk(gid, setup)
    for k in range(games):
        seed = 10_000 * si + games * chunk + k
        state = None
        for state, _action in playout(game, setup, seed):
            problems = game.check_invariants(state)
            assert not problems, f"seed {seed}: {problems}"
            over = game.to_move(state) is None  # (playout asserts legal actions when not)
            assert over == (game.outcome(state) is not None), (
                f"seed {seed}: to_move/outcome disagree"
            )
        assert state is not None
        out = game.outcome(state)
        assert out is not None
        assert all(0 <= w < game.num_seats(state) for w in out.winners)
        assert out.reason


@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_clone_is_independent(gid: str, si: int, setup: dict) -> None:
    """Changing a clone never changes the original, and a clone equals its original."""
    game = get_game(gid)
    rng = Rng(5)
    checked = 0
    for seed in range(15):
        for state, action in playout(game, setup, 500 + seed):
            if action is None or rng.randbelow(4):
                continue
            before = snapshot(state)
            copy = state.clone()
            assert snapshot(copy) == before
            game.apply(copy, action)
            assert snapshot(state) == before, "applying to a clone changed the original"
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_json_roundtrip_is_exact(gid: str, si: int, setup: dict) -> None:
    """to_json/from_json round-trips exactly and the restored state plays identically."""
    game = get_game(gid)
    rng = Rng(9)
    for seed in range(15):
        for state, action in playout(game, setup, 900 + seed):
            if action is not None and rng.randbelow(STATE_SAMPLE):
                continue
            again = roundtrip(game, state)
            assert snapshot(again) == snapshot(state)  # equal plain forms, hence equal hashes
            if action is not None:
                assert game.legal_actions(again) == game.legal_actions(state)
                copy = state.clone()
                game.apply(copy, action)
                game.apply(again, action)
                assert snapshot(again) == snapshot(copy)
            else:
                assert state_hash(again) == state_hash(state)


@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_replays_are_exact(gid: str, si: int, setup: dict) -> None:
    """A recorded match replays to the same final state and outcome; seeds reproduce games."""
    game = get_game(gid)
    seats = game.num_seats(game.new_game(setup, 0))
    for seed in range(10):
        agents = [RandomAgent(seed * 31 + s) for s in range(seats)]
        result = play_match(game, setup, seed, agents)
        text = json.dumps(result.replay.to_json())
        replay = Replay.from_json(json.loads(text))
        final = verify(replay)
        assert state_hash(final) == state_hash(result.state)
        again = play_match(game, setup, seed, [RandomAgent(seed * 31 + s) for s in range(seats)])
        assert state_hash(again.state) == state_hash(result.state)


@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_observe_hides_hidden_parts(gid: str, si: int, setup: dict) -> None:
    """observe(seat) is unchanged when only what seat cannot know is resampled; spectate
    (no seat) is unchanged when what any seat cannot know is resampled, and shows no
    seat's hand."""
    game = get_game(gid)
    rng = Rng(99)
    resampled = False  # once a resampled state is seen, no more hashing is needed
    for seed in range(12):
        for state, _action in playout(game, setup, 1300 + seed):
            if rng.randbelow(STATE_SAMPLE):
                continue
            original = ""
            public = game.spectate(state)
            json_text(public)
            assert public.get("seat", None) is None
            for seat in range(game.num_seats(state)):
                seen = game.observe(state, seat)
                json_text(seen)
                other = game.determinize(state, seat, rng)
                assert game.observe(other, seat) == seen, f"seed {seed}: observe leaks"
                assert game.spectate(other) == public, f"seed {seed}: spectate leaks"
                assert not game.check_invariants(other)
                if game.has_hidden_info and not resampled:
                    original = original or state_hash(state)
                    resampled = state_hash(other) != original
    if game.has_hidden_info:
        assert resampled, "determinize never resampled anything"


@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_illegal_actions_change_nothing(gid: str, si: int, setup: dict) -> None:
    """Actions outside legal_actions raise IllegalAction and leave the state untouched."""
    game = get_game(gid)
    refused = 0
    for seed in range(10):
        previous_legal: list = []
        state = None
        for state, action in playout(game, setup, 1700 + seed):
            legal = game.legal_actions(state)
            candidates = [("no-such-action",), ()] + [a for a in previous_legal if a not in legal]
            before = snapshot(state)
            tried = candidates[:4]
            for bad in tried:
                with pytest.raises(IllegalAction):
                    game.apply(state, bad)
            # (one comparison after all the refusals: a change would stay to be seen)
            assert snapshot(state) == before, f"seed {seed}: one of {tried!r} changed the state"
            refused += len(tried)
            previous_legal = legal
            _ = action
        assert state is not None
        with pytest.raises(IllegalAction):
            game.apply(state, ("end",))
    assert refused > 50


SOAK = int(os.environ.get("CARDTABLE_SOAK_GAMES", "0"))


@pytest.mark.soak
@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_soak_playouts(gid: str, si: int, setup: dict) -> None:
    """Long run (make soak): many more seeded random games with invariants checked."""
    if not SOAK:
        pytest.skip("set CARDTABLE_SOAK_GAMES")
    game = get_game(gid)
    for seed in range(SOAK):
        for state, _ in playout(game, setup, 1_000_000 + seed):
            assert not game.check_invariants(state), f"seed {seed}"


@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_positions_roundtrip(gid: str, si: int, setup: dict) -> None:
    """Any state exports as a position that loads back to the same position and options."""
    game = get_game(gid)
    rng = Rng(21)
    for seed in range(8):
        for state, action in playout(game, setup, 2100 + seed):
            if action is not None and rng.randbelow(STATE_SAMPLE):
                continue  # one state in STATE_SAMPLE, and every final state
            doc = game.export_position(state)
            again = game.load_position(through_json(doc))
            assert game.export_position(again) == doc
            if game.to_move(state) is not None:
                texts = [game.action_text(state, a) for a in game.legal_actions(state)]
                assert [game.action_text(again, a) for a in game.legal_actions(again)] == texts


CARD_KEYS = ("card", "cards", "source", "target")  # event data naming card instances


def public_cards(view: object, known: set[str], out: set[str]) -> None:
    """Every card id a view shows, added to ``out``."""
    if isinstance(view, str):
        if view in known:
            out.add(view)
    elif isinstance(view, dict):
        for value in view.values():
            public_cards(value, known, out)
    elif isinstance(view, list | tuple):
        for value in view:
            public_cards(value, known, out)


@pytest.mark.parametrize(("gid", "si", "setup"), CASES, ids=IDS)
def test_the_log_names_only_cards_the_table_has_shown(gid: str, si: int, setup: dict) -> None:
    """The event log is everyone's (the web table sends its lines to every seat and
    spectator): each card an event's line names is one the spectator's view shows after
    that action or showed before it, or the card the action played from a hand (face up
    in every game); never a card only its holder could know."""
    game = get_game(gid)
    known = set(game.db.cards)  # type: ignore[attr-defined]
    named_any = False
    for seed in range(2):
        state = game.new_game(setup, 2100 + seed, log=True)
        rng = Rng(seed)
        seen: set[str] = set()
        public_cards(game.spectate(state), known, seen)
        logged = len(state.log)
        while game.to_move(state) is not None:
            legal = game.legal_actions(state)
            action = legal[rng.randbelow(len(legal))]
            played = game.played_card(state, action)
            if played is not None:
                seen.add(played)
            game.apply(state, action)
            public_cards(game.spectate(state), known, seen)
            for event in state.log[logged:]:
                line = game.render_event(state, event, "en")
                for key in CARD_KEYS:
                    value = event.data.get(key)
                    for inst in value if isinstance(value, list) else [value]:
                        if not (isinstance(inst, int) and 0 <= inst < len(state.card_ids)):
                            continue
                        card = state.card_ids[inst]
                        if game.card_title(card, "en") in line:
                            named_any = True
                            assert card in seen, f"seed {seed}: «{line}» names hidden {card}"
            logged = len(state.log)
    assert named_any, "no line named a card: the check checked nothing"
