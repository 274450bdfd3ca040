"""Learned evaluation: value networks trained by self-play on the encoders' observation
vectors (``cardtable.rl.encoding``).

- ``value.ValueNet``: a small numpy MLP, its ``.npz`` file, ``predict`` on a batch and
  ``value(game, state, seat)`` for a search cut-off;
- ``selfplay.generate``: labelled observations from seeded games of a named agent;
- ``train.train``: deterministic, resumable minibatch training (``cardtable train GAME``).
"""
