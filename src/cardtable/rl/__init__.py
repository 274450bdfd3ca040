"""Research interfaces: every game as a PettingZoo, Gymnasium and OpenSpiel environment,
built on fixed-size encodings of what a seat is shown (``encoding.py``).

- ``cardtable.rl.env(game_id, setup=None, **options)`` / ``raw_env``: PettingZoo AEC
  environments (``pz.py``);
- ``cardtable.rl.gym.CardtableEnv`` and ``gymnasium.make("cardtable/Clash-v0")``: one seat
  against named agents (``gym.py``);
- ``cardtable.rl.vector.VectorRunner``: many games stepped together (``vector.py``);
- ``cardtable.rl.openspiel``: ``python_cardtable_<game>`` for ``pyspiel.load_game`` and the
  ``openspiel-ismcts`` agent.

PettingZoo, Gymnasium and OpenSpiel are optional: ``env`` and ``raw_env`` import
PettingZoo when first used, so the encoders work without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.rl.pz import env, raw_env

__all__ = ["env", "raw_env"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from cardtable.rl import pz

        return getattr(pz, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
