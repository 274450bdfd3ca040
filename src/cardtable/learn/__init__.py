"""Learned evaluation: value and policy networks trained by self-play on the encoders'
observation vectors (``cardtable.rl.encoding``).

- ``value.ValueNet``: a small numpy MLP, its ``.npz`` file, ``predict`` on a batch and
  ``value(game, state, seat)`` for a search cut-off (``value.Mlp``: what every network
  of the package shares);
- ``policy.PolicyNet``: an MLP scoring the encoder's action space, its masked softmax
  over the legal actions of a decision (``probabilities``, ``best``);
- ``selfplay.generate``: labelled observations and the agent's choices from seeded games
  of a named agent;
- ``train.train``: deterministic, resumable minibatch training of both
  (``cardtable train GAME``);
- ``nn_agent``: the ``ismcts-nn`` agent (the value at the cut-offs, the policy as the
  prior) and the ``nn`` agent (the policy alone).
"""
