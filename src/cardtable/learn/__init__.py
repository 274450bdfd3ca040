"""Learned evaluation: value and policy networks trained by self-play on the encoders'
observation vectors (``cardtable.rl.encoding``).

- ``value.ValueNet``: a small numpy MLP, its ``.npz`` file, ``predict`` on a batch and
  ``value(game, state, seat)`` for a search cut-off (``value.Mlp``: what every network
  of the package shares);
- ``policy.PolicyNet``: an MLP scoring the encoder's action space, its masked softmax
  over the legal actions of a decision (``probabilities``, ``best``);
- ``selfplay.generate``: labelled observations (final results or TD(λ) returns) and the
  agent's choices from seeded games of a named agent;
- ``train.train``: deterministic, resumable minibatch training of both
  (``cardtable train GAME``);
- ``rounds.train_rounds``: training in generations, each round's games played by the
  last round's value network (``cardtable train GAME --rounds R``);
- ``nn_agent``: the ``ismcts-nn`` agent (the value at the cut-offs, the policy as the
  prior) and the ``nn`` agent (the policy alone);
- ``lookahead``: the ``nn-value`` agent (one move of lookahead scored by the value).
"""
