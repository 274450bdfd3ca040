"""The OpenSpiel adapter (cardtable.rl.openspiel) and the ``openspiel-ismcts`` agent.

Every game loads by name as ``python_cardtable_<game>`` and passes OpenSpiel's own random
simulation test (``pyspiel.random_sim_test``), also in modes with one, three and four
players and with state serialization; the game type declares a single explicit chance
node (the deal seed), imperfect information and zero-sum utility only for two-seat
duels; information-state and observation strings and tensors are the same for a state
and any ``determinize``d copy from that player's view, and ``resample_from_infostate``
keeps them; OpenSpiel's IS-MCTS bot runs on the adapted game. The agent plays a match
through the project's match runner, given only a seat's view (no true state to reach)
and searching from states with that seat's observation; its rollouts, played on the
engine side, give OpenSpiel's random-rollout evaluator's values and draws exactly.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.agents import make_agent
from cardtable.core.agent import SeatView
from cardtable.core.errors import SetupError
from cardtable.core.game import Action, Game, canonical_json, state_hash
from cardtable.core.match import play_match
from cardtable.core.registry import game_ids, get_game
from cardtable.core.rng import Rng
from cardtable.rl.openspiel import (
    GAME_CLASSES,
    CardtableState,
    Draws,
    EngineRollouts,
    FilteringIsmctsBot,
    TextCodec,
    legacy_generator,
    load_game,
    view_text,
)

MODES = [
    ("clash", {"mode": "solo"}),
    ("clash", {"mode": "2v2", "format": "draft"}),
    ("epic", {"players": 3, "mode": "ffa"}),
    ("boss", {"players": 3}),
    ("bluemoon", {"step": True}),
]


@pytest.mark.parametrize("game_id", game_ids())
def test_random_simulation_test_passes(game_id: str) -> None:
    game = pyspiel.load_game(f"python_cardtable_{game_id}")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize(("game_id", "setup"), MODES, ids=[f"{g}:{s}" for g, s in MODES])
def test_random_simulation_test_passes_in_other_modes(game_id: str, setup: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load_game(game_id, setup), num_sims=1, serialize=False, verbose=False)


def test_states_serialize_and_games_pickle() -> None:
    import pickle

    game = load_game("clash", max_game_length=500)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.max_game_length() == 500


def test_game_types_and_players() -> None:
    duel = pyspiel.load_game("python_cardtable_clash")
    kind = duel.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM and duel.num_players() == 2
    assert duel.max_chance_outcomes() == 1 << 16 and duel.new_initial_state().is_chance_node()
    solo = load_game("clash", {"mode": "solo"})
    assert solo.num_players() == 1  # the rulebook's AI is no player
    ffa = load_game("epic", {"players": 4, "mode": "ffa"})
    assert ffa.num_players() == 4
    assert ffa.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    with pytest.raises(SetupError, match="bogus"):
        load_game("clash", {"bogus": 1})


def dealt(game: Any, seed: int, steps: int) -> CardtableState:
    """A state ``steps`` random decisions after deal ``seed``."""
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert isinstance(state, CardtableState)
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_information_never_depends_on_what_a_player_cannot_see(game_id: str) -> None:
    game = pyspiel.load_game(f"python_cardtable_{game_id}")
    engine = get_game(game_id)
    for seed, steps in ((1, 0), (2, 7), (3, 25), (4, 60)):
        state = dealt(game, seed, steps)
        for player in range(game.num_players()):
            seat = state.table.rules.seats[player]
            other = game.state_from(engine.determinize(state.table.state, seat, Rng(seed)))
            resampled = state.resample_from_infostate(
                player, pyspiel.UniformProbabilitySampler(0.0, 1.0)
            )
            for twin in (other, resampled):
                assert twin.information_state_string(player) == state.information_state_string(
                    player
                )
                assert twin.observation_string(player) == state.observation_string(player)
                np.testing.assert_array_equal(
                    twin.information_state_tensor(player), state.information_state_tensor(player)
                )
                np.testing.assert_array_equal(
                    twin.observation_tensor(player), state.observation_tensor(player)
                )
            if not state.is_terminal() and state.current_player() == player:
                assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", game_ids())
def test_the_information_state_string_is_the_canonical_json_of_the_view(game_id: str) -> None:
    game = pyspiel.load_game(f"python_cardtable_{game_id}")
    engine = get_game(game_id)
    for seed, steps in ((1, 0), (2, 7), (3, 25), (4, 60), (5, 120)):
        state = dealt(game, seed, steps)
        for player in range(game.num_players()):
            seat = state.table.rules.seats[player]
            view = engine.observe(state.table.state, seat)
            assert state.information_state_string(player) == f"seat {seat} " + canonical_json(view)


def test_a_view_orjson_cannot_write_is_written_by_canonical_json() -> None:
    for view in ({"b": {2: "x", 1: "y"}, "a": 1}, {"big": 2**70, "text": "щит\n"}):
        assert view_text(view) == canonical_json(view)
    assert view_text({"b": [1, None], "a": "Тень"}) == canonical_json({"a": "Тень", "b": [1, None]})


def test_openspiel_ismcts_bot_runs_on_an_adapted_game() -> None:
    game = pyspiel.load_game("python_cardtable_clash")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        2.0,
        10,
        random_state=rng,
        allow_inconsistent_action_sets=True,
    )
    state = dealt(game, 5, 3)
    for _ in range(3):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_draws_are_the_legacy_generators_randint() -> None:
    """``Draws.below(n)`` answers what ``RandomState.randint(n)`` answers, call for call (n = 1
    draws nothing), and leaves the generator where those calls leave it, whatever is drawn
    from it next; ``legacy_generator`` is ``RandomState(seed)``."""
    rng = Rng(5)
    for seed in (0, 7, 2**32 - 1):
        reference = np.random.RandomState(seed)
        mine, bits = legacy_generator(seed)
        assert str(mine.get_state()) == str(reference.get_state())
        for _ in range(40):
            sizes = [
                (1, 2, 3, 5, 8, 9, 17, 100, 2**20 + 3, 2**32)[rng.randbelow(10)]
                for _ in range(rng.randbelow(300))
            ]
            expected = [int(reference.randint(n)) for n in sizes]
            draws = Draws(bits)
            assert [draws.below(n) for n in sizes] == expected
            assert str(mine.get_state()) == str(reference.get_state())
            assert mine.randint(6) == reference.randint(6)
            assert mine.uniform() == reference.uniform()


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("draws", ["randint", "Draws"])
def test_engine_rollouts_are_openspiels_rollouts(game_id: str, draws: str) -> None:
    """The agent's evaluator returns what ``RandomRolloutEvaluator`` returns from the same
    states and generator, leaves the generator where it leaves it, and numbers the actions
    it meets the same way (the agent's actions are numbered by text in order of sight),
    drawing with the generator's ``randint`` or, as the agent does, with ``Draws``."""
    game = get_game(game_id)
    seats = game.num_seats(game.new_game({}, 0))
    spiels = [GAME_CLASSES[game_id](None, TextCodec(), seats) for _ in range(2)]
    mine, bits = legacy_generator(11)
    gens = [np.random.RandomState(11), mine]
    theirs = mcts.RandomRolloutEvaluator(2, gens[0])
    ours = EngineRollouts(2, gens[1], bits if draws == "Draws" else None)
    state = game.new_game({}, 3)
    rng = Rng(4)
    values = 0
    while game.to_move(state) is not None and values < 12:
        a, b = (spiel.state_from(state.clone(), values) for spiel in spiels)
        expected = theirs.evaluate(a)
        got = ours.evaluate(b)
        assert got.tolist() == expected.tolist() and got.dtype == expected.dtype
        assert str(gens[0].get_state()) == str(gens[1].get_state())
        assert state_hash(a.table.state) == state_hash(b.table.state) == state_hash(state)
        values += 1
        for _ in range(1 + rng.randbelow(6)):  # on to a later state
            if game.to_move(state) is None:
                break
            legal = game.legal_actions(state)
            game.apply(state, legal[rng.randbelow(len(legal))])
    assert values >= 3
    codecs = [spiel.rules.codec for spiel in spiels]
    assert isinstance(codecs[0], TextCodec) and isinstance(codecs[1], TextCodec)
    assert codecs[0].texts == codecs[1].texts and len(codecs[0].texts) > 5


# Epic with two copies of each card: two legal actions can share a text (the same card
# in one discard pile as a target), the one case where the first of them must be chosen.
SHARED_TEXTS = {"players": 4, "mode": "hunter_last_survivor", "copies": 2}


@pytest.mark.parametrize(
    ("game_id", "setup"),
    [
        *(pytest.param(g, {}, id=g) for g in game_ids()),
        pytest.param("epic", SHARED_TEXTS, id="epic-copies"),
    ],
)
def test_text_ids_follow_the_order_of_first_sight(game_id: str, setup: dict[str, Any]) -> None:
    """The agent's codec numbers canonical texts in the order it first sees them, across
    every state it is asked about; of several legal actions with one text the first is
    the choice; a new text beyond the action space is refused."""
    game = get_game(game_id)
    codec = TextCodec()
    ids: dict[str, int] = {}
    rng = Rng(8)
    shared = 0
    for seed in range(3):
        state = game.new_game(setup, seed)
        while (seat := game.to_move(state)) is not None:
            legal = game.legal_actions(state)
            expected: dict[int, Action] = {}
            for action in legal:
                known = ids.setdefault(game.action_text(state, action), len(ids))
                expected.setdefault(known, action)
            shared += len(expected) < len(legal)
            got = codec.choices(game, state, seat)
            assert list(got.items()) == list(expected.items())
            assert codec.texts == list(ids)
            game.apply(state, legal[rng.randbelow(len(legal))])
    assert len(ids) > 10
    assert shared or setup is not SHARED_TEXTS, "no two actions shared a text"
    small = TextCodec()
    small.num_actions = 1
    state = game.new_game(setup, 0)
    while len({game.action_text(state, a) for a in game.legal_actions(state)}) < 2:
        game.apply(state, game.legal_actions(state)[0])
    with pytest.raises(RuntimeError, match="more distinct action texts"):
        small.choices(game, state, game.to_move(state))


def tree_of(nodes: dict[Any, Any]) -> dict[Any, Any]:
    """IS-MCTS nodes as plain data (per node: visits, then each child's record in order)."""
    return {
        key: (
            node.total_visits,
            [(a, c.visits, c.return_sum, c.prior) for a, c in node.child_info.items()],
        )
        for key, node in nodes.items()
    }


@pytest.mark.parametrize("game_id", game_ids())
def test_the_agents_bot_searches_as_openspiels_bot(game_id: str) -> None:
    """``FilteringIsmctsBot`` (no deep copies, one key per node, ``Draws``) builds the same tree, draws the same numbers
    and chooses the same actions as OpenSpiel's ``ISMCTSBot`` from the same states."""
    game = get_game(game_id)
    seats = game.num_seats(game.new_game({}, 0))
    bots = []
    for cls in (ismcts.ISMCTSBot, FilteringIsmctsBot):
        spiel = GAME_CLASSES[game_id](None, TextCodec(), seats)
        gen, bits = legacy_generator(21)  # as the agent makes it
        bot = cls(
            spiel,
            EngineRollouts(1, gen, bits) if cls is FilteringIsmctsBot else EngineRollouts(1, gen),
            2.0,
            40,
            random_state=gen,
            allow_inconsistent_action_sets=True,
        )
        rng = Rng(8)
        bot.set_resampler(lambda state, player, rng=rng: state.resample(player, rng))
        bots.append((spiel, bot, gen))
    state = game.new_game({}, 6)
    rng = Rng(2)
    searched = 0
    while game.to_move(state) is not None and searched < 8:
        legal = game.legal_actions(state)
        if len({game.action_text(state, a) for a in legal}) > 1:
            chosen = []
            for spiel, bot, _gen in bots:
                bot.reset()
                chosen.append(bot.step(spiel.state_from(state.clone())))
            assert chosen[0] == chosen[1]
            assert tree_of(bots[0][1]._nodes) == tree_of(bots[1][1]._nodes)
            assert len(bots[0][1]._node_pool) == len(bots[1][1]._node_pool)
            assert str(bots[0][2].get_state()) == str(bots[1][2].get_state())
            searched += 1
        game.apply(state, legal[rng.randbelow(len(legal))])
    assert searched >= 4


def test_the_agents_bot_filters_a_node_as_openspiels_bot() -> None:
    """The node a child is selected from, illegal children left out, is the node
    OpenSpiel's ``filter_illegals`` makes, and the original node is left as it was."""
    spiel = GAME_CLASSES["clash"](None, TextCodec(), 2)
    bots = [
        cls(spiel, EngineRollouts(1, np.random.RandomState(0)), 2.0, 10)
        for cls in (ismcts.ISMCTSBot, FilteringIsmctsBot)
    ]
    node = ismcts.ISMCTSNode()
    node.prior_map = {a: 0.2 for a in (3, 5, 8, 13, 21)}
    for a, visits, ret in ((5, 4, 1.5), (3, 2, -2.0), (21, 7, 3.0), (8, 1, 0.0)):
        node.child_info[a] = ismcts.ChildInfo(visits, ret, 0.2)
        node.total_visits += visits
    before = tree_of({0: node})
    for legal in ([3, 5, 8, 13, 21], [5, 21], [13], [8, 3, 2]):
        theirs, ours = (bot.filter_illegals(node, legal) for bot in bots)
        assert tree_of({0: ours}) == tree_of({0: theirs})
        assert ours.prior_map == theirs.prior_map
        assert [bots[1]._action_value(ours, c) for c in ours.child_info.values()] == [
            bots[0]._action_value(theirs, c) for c in theirs.child_info.values()
        ]
    assert tree_of({0: node}) == before


class StrictView:
    """A seat's window with nothing behind it: no true state for an agent to reach."""

    __slots__ = ("_view", "game", "seat")

    def __init__(self, view: SeatView) -> None:
        self._view = view
        self.game = view.game
        self.seat = view.seat

    @property
    def observation(self) -> dict[str, Any]:
        return dict(self._view.observation)

    @property
    def legal(self) -> list[Action]:
        return list(self._view.legal)

    def text(self, action: Action) -> str:
        return str(self._view.text(action))

    def sample_state(self, rng: Any) -> Any:
        return self._view.sample_state(rng)


class Checked:
    """The agent under test, handed strict views; each state its bot searched from must
    show the seat exactly what the seat saw, and must not be the true state."""

    def __init__(self, game: Game, spec: str, seed: int) -> None:
        self.inner = make_agent(spec, game, seed)
        self.name = self.inner.name
        self.game = game
        self.searched = 0

    def act(self, view: SeatView) -> Action:
        before = len(self.inner.roots)
        action = self.inner.act(StrictView(view))  # type: ignore[arg-type]
        if len(self.inner.roots) > before:
            root = self.inner.roots[-1]
            assert root is not view._state
            assert self.game.observe(root, view.seat) == view.observation
            self.searched += 1
        assert action in view.legal
        return action


def test_agent_plays_a_match_from_its_own_view_only() -> None:
    game = get_game("clash")
    agent = Checked(game, "openspiel-ismcts:iters=20", 1)
    result = play_match(game, {}, 7, [agent, make_agent("random", game, 2)])
    assert result.outcome.winners and agent.searched > 3
    replay = play_match(
        game, {}, 7, [Checked(game, "openspiel-ismcts:iters=20", 1), make_agent("random", game, 2)]
    )
    assert replay.replay.actions == result.replay.actions  # seeded: the same match again
    solo = Checked(game, "openspiel-ismcts:iters=10,seed=4", 0)
    play_match(game, {"mode": "solo"}, 3, [solo, make_agent("clash-solo", game, 5)])
    assert solo.searched > 0  # against the rulebook's AI, which the engine plays


def test_agent_spec_is_checked() -> None:
    game = get_game("clash")
    with pytest.raises(SetupError, match="bogus"):
        make_agent("openspiel-ismcts:bogus=1", game, 0)
    with pytest.raises(SetupError):
        make_agent("openspiel-ismcts:iters=0", game, 0)


def test_the_agent_names_its_extra_when_open_spiel_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the rl extra, seating openspiel-ismcts is refused with the pip command."""
    import sys

    from cardtable.agents import make_agent
    from cardtable.core import get_game
    from cardtable.core.errors import SetupError

    monkeypatch.setitem(sys.modules, "cardtable.rl.openspiel", None)  # import fails
    with pytest.raises(SetupError, match=r"cardtable\[rl\]"):
        make_agent("openspiel-ismcts:iters=5", get_game("clash"), 0)
