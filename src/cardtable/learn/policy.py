"""A small numpy policy network: a seat's observation vector in, a score per action out.

The network is an MLP (``value.Mlp``: ReLU hidden layers) over the encoder's vector of
``game.observe(state, seat)`` with a linear output over the encoder's whole action space
(``encoder.num_actions``). The scores become a distribution only over the legal actions
of a decision: a softmax restricted to their indices (``masked_softmax``; the encoder's
``index_actions`` gives the indices), every other index getting zero. It is trained by
imitation: cross-entropy to the action the self-play agent chose (``selfplay``,
``train``).

``PolicyNet.probabilities(game, view, legal)`` is the call an agent or a search makes: the
legal actions' probabilities from what the seat is shown, nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardtable.core.game import Action, Game
from cardtable.learn.value import Mlp, ValueFileError
from cardtable.rl.episode import index_actions


def masked_log_softmax(logits: np.ndarray, mask: np.ndarray, temp: float = 1.0) -> np.ndarray:
    """The log-softmax of ``logits / temp`` over the entries where ``mask`` is true (each
    row of a batch, or one vector; float64), ``-inf`` elsewhere. Every row needs one entry
    in its mask."""
    z = np.where(mask, np.asarray(logits, np.float64) / temp, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    out: np.ndarray = z - np.log(np.exp(z).sum(axis=-1, keepdims=True))  # exp(-inf) = 0
    return out


def masked_softmax(logits: np.ndarray, mask: np.ndarray, temp: float = 1.0) -> np.ndarray:
    """The softmax of ``logits / temp`` over the entries where ``mask`` is true: zero
    elsewhere, each row summing to 1 (``masked_log_softmax``)."""
    out: np.ndarray = np.exp(masked_log_softmax(logits, mask, temp))
    return out


class PolicyNet(Mlp):
    """An MLP policy: one logit per index of the encoder's action space."""

    KIND = "policy"
    STREAM = (1,)

    def logits(self, batch: np.ndarray) -> np.ndarray:
        """The action scores of a batch of vectors (n × obs_size → n × num_actions)."""
        return self.forward(batch)

    def legal_logits(self, vector: np.ndarray, indices: Sequence[int]) -> np.ndarray:
        """The scores of one vector at ``indices`` (the first layer read only at the
        vector's non-zero entries, as ``ValueNet.predict_one``)."""
        return self.forward_one(vector)[np.asarray(indices, np.intp)]

    def probabilities(
        self, game: Game, view: Mapping[str, Any], legal: Sequence[Action], temp: float = 1.0
    ) -> np.ndarray:
        """The probability of each action of ``legal`` (in its order) at temperature
        ``temp``, from the seat's view ``game.observe(state, seat)`` alone."""
        logits = self._legal_logits(game, view, legal)
        return masked_softmax(logits, np.ones(len(logits), bool), temp)

    def best(self, game: Game, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """The most likely legal action (the first of equal ones, in ``legal``'s order)."""
        return legal[int(np.argmax(self._legal_logits(game, view, legal)))]

    def _legal_logits(
        self, game: Game, view: Mapping[str, Any], legal: Sequence[Action]
    ) -> np.ndarray:
        encoder = self.encoder(game)
        indices = list(index_actions(encoder, view, legal))  # in legal's order, distinct
        return self.legal_logits(encoder.observation(view), indices)

    def check(self, game: Game, setup: Mapping[str, Any] | None, path: str | Path) -> None:
        """Refuse a network trained for another game, setup, encoder size or action space."""
        super().check(game, setup, path)
        size = self.encoder(game).num_actions
        if size != self.meta.outputs:
            raise ValueFileError(path, "policy_actions", trained=self.meta.outputs, size=size)


def policy_gradients(
    net: PolicyNet, x: np.ndarray, mask: np.ndarray, chosen: np.ndarray, l2: float
) -> tuple[float, list[np.ndarray]]:
    """The batch's mean cross-entropy of the masked softmax to the ``chosen`` indices, and
    the gradients of it plus ``l2``·Σ‖W‖² (weights, then biases)."""
    inputs, z = net.layers(x)
    logp = masked_log_softmax(z, mask)
    rows = np.arange(len(chosen))
    loss = float(-np.mean(logp[rows, chosen]))
    dz = np.exp(logp)
    dz[rows, chosen] -= 1.0
    return loss, net.backward(inputs, (dz / len(chosen)).astype(np.float32), l2)


def scores(
    net: PolicyNet, x: np.ndarray, mask: np.ndarray, chosen: np.ndarray
) -> tuple[float, int]:
    """The summed cross-entropy of a batch and how many of its choices are the network's
    most likely legal action (top-1 agreement)."""
    z = net.logits(x)
    logp = masked_log_softmax(z, mask)
    top = np.argmax(logp, axis=1)
    return float(-np.sum(logp[np.arange(len(chosen)), chosen])), int(np.sum(top == chosen))
