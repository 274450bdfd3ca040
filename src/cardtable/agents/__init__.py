"""Agents generic over games: random, greedy, ismcts, ismcts-nn, nn, openspiel-ismcts (and
scripted agents a game registers)."""

from cardtable.agents import greedy as _greedy  # noqa: F401  (registers "greedy")
from cardtable.agents import ismcts as _ismcts  # noqa: F401  (registers "ismcts")
from cardtable.agents import random_agent as _random  # noqa: F401  (registers "random")
from cardtable.agents.base import agent_names, make_agent, parse_spec, register_agent
from cardtable.agents.greedy import GreedyAgent
from cardtable.agents.ismcts import IsmctsAgent
from cardtable.agents.random_agent import RandomAgent
from cardtable.core.agent import Agent
from cardtable.core.errors import SetupError
from cardtable.core.game import Game


def _openspiel_ismcts(game: Game, seed: int, params: dict[str, str]) -> Agent:
    """OpenSpiel's own IS-MCTS bot (cardtable.rl.openspiel), loaded on first use."""
    try:
        from cardtable.rl.openspiel import make_openspiel_agent
    except ImportError:
        raise SetupError.msg("agent_needs_extra", name="openspiel-ismcts", extra="rl") from None
    return make_openspiel_agent(game, seed, params)


register_agent("openspiel-ismcts", _openspiel_ismcts)


def _ismcts_nn(game: Game, seed: int, params: dict[str, str]) -> Agent:
    """ISMCTS with a value network at its cut-offs and a policy network as its prior
    (cardtable.learn), loaded on first use."""
    from cardtable.learn.nn_agent import make

    return make(game, seed, params)


register_agent("ismcts-nn", _ismcts_nn)


def _nn(game: Game, seed: int, params: dict[str, str]) -> Agent:
    """The policy network's own choice, no search (cardtable.learn), loaded on first use."""
    from cardtable.learn.nn_agent import make_nn

    return make_nn(game, seed, params)


register_agent("nn", _nn)


def _nn_value(game: Game, seed: int, params: dict[str, str]) -> Agent:
    """One move of lookahead scored by the value network (cardtable.learn), loaded on
    first use."""
    from cardtable.learn.lookahead import make_value_agent

    return make_value_agent(game, seed, params)


register_agent("nn-value", _nn_value)

__all__ = [
    "GreedyAgent",
    "IsmctsAgent",
    "RandomAgent",
    "agent_names",
    "make_agent",
    "parse_spec",
    "register_agent",
]
