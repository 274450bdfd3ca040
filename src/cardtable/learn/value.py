"""A small numpy value network: a seat's observation vector in, its expected result out.

The network is an MLP (ReLU hidden layers, a tanh output) over the encoder's vector of
``game.observe(state, seat)`` (``cardtable.rl.encoding``), predicting that seat's final
result in [-1, 1] (+1 win, -1 loss, 0 draw). It only ever reads the seat's view, so it
knows no more than the seat does.

A ``.npz`` file holds the weights (float32, or float16 for shipped files) and one JSON
metadata string: format version, game id, setup, observation size, layer sizes and the
training seed (and, for a network other than a value network, its kind and output size).
Loading checks the file against the kind, game and setup it is meant for and names the
file in every refusal.

``Mlp`` is the part every network of the package shares (layers, file, checks, the sparse
first layer); ``ValueNet`` adds the tanh output, ``policy.PolicyNet`` the action logits.

``value(game, state, seat)`` is the call a search makes at its cut-off, in place of
``game.evaluate(state, seat)``: the exact result once the game is over, else the
network's prediction.
"""

from __future__ import annotations

import itertools
import json
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from cardtable.core.errors import CardtableError, Message
from cardtable.core.files import atomic_write_bytes
from cardtable.core.game import Game, Outcome, canonical_json
from cardtable.rl.encoding import Encoder, encoder_for

FORMAT = 1
"""The ``.npz`` layout version; a file of another version is refused."""

STORED = ("float32", "float16")
"""The dtypes weights may be stored as (each array says its own; loading gives float32)."""


class ValueFileError(CardtableError):
    """A value network file that cannot be used (malformed, or for another game/setup);
    the message names the file."""

    def __init__(self, path: str | Path, key: str, **params: Any) -> None:
        self.path = str(path)
        super().__init__(Message(key, params), where=(str(path),))


def result_for(outcome: Outcome, seat: int) -> float:
    """A seat's result: +1 if it is among the winners, 0 after a draw, else -1."""
    if not outcome.winners:
        return 0.0
    return 1.0 if seat in outcome.winners else -1.0


@dataclass(frozen=True, slots=True)
class NetMeta:
    """What a network was trained for and how it is shaped."""

    game: str
    setup: dict[str, Any]
    obs_size: int
    hidden: tuple[int, ...]
    seed: int
    format: int = FORMAT
    extra: dict[str, Any] = field(default_factory=dict)
    """Free training facts (agent, games, epochs, losses) kept with the weights."""
    kind: str = "value"
    """What the network computes: ``value`` (one output) or ``policy`` (one per action)."""
    outputs: int = 1

    @property
    def sizes(self) -> list[int]:
        """Layer widths from input to output."""
        return [self.obs_size, *self.hidden, self.outputs]

    def to_json(self) -> dict[str, Any]:
        doc = {
            "format": self.format,
            "game": self.game,
            "setup": self.setup,
            "obs_size": self.obs_size,
            "hidden": list(self.hidden),
            "seed": self.seed,
            "extra": self.extra,
        }
        if self.kind != "value":  # value files keep the layout they always had
            doc["kind"] = self.kind
            doc["outputs"] = self.outputs
        return doc


N = TypeVar("N", bound="Mlp")


class Mlp:
    """The shared part of the project's numpy networks: ReLU hidden layers over an
    observation vector, float32 weights (``weights[i]`` is in × out), the ``.npz`` file and
    its checks. A subclass names its ``KIND`` and reads the last layer its own way."""

    KIND = "value"
    STREAM: tuple[int, ...] = ()
    """Added to the seed for the initial weights, so that two kinds trained from one seed
    do not start from the same first layer."""

    def __init__(
        self, meta: NetMeta, weights: Sequence[np.ndarray], biases: Sequence[np.ndarray]
    ) -> None:
        self.meta = meta
        self.weights = [np.ascontiguousarray(w, dtype=np.float32) for w in weights]
        self.biases = [np.ascontiguousarray(b, dtype=np.float32) for b in biases]
        self._encoder: Encoder | None = None

    @classmethod
    def initial(
        cls: type[N],
        game_id: str,
        setup: Mapping[str, Any] | None,
        obs_size: int,
        hidden: Sequence[int],
        seed: int,
        outputs: int = 1,
    ) -> N:
        """A fresh network, He-initialised from ``np.random.default_rng(seed)``."""
        meta = NetMeta(
            game_id,
            dict(setup or {}),
            obs_size,
            tuple(hidden),
            seed,
            kind=cls.KIND,
            outputs=outputs,
        )
        rng = np.random.default_rng((seed, *cls.STREAM) if cls.STREAM else seed)
        sizes = meta.sizes
        weights = [
            rng.normal(0.0, np.sqrt(2.0 / n_in), (n_in, n_out)).astype(np.float32)
            for n_in, n_out in itertools.pairwise(sizes)
        ]
        biases = [np.zeros(n, dtype=np.float32) for n in sizes[1:]]
        return cls(meta, weights, biases)

    # --- inference -------------------------------------------------------------------
    def forward(self, batch: np.ndarray) -> np.ndarray:
        """The last layer's pre-activations of a batch of vectors (n × obs_size → n × out)."""
        h = np.asarray(batch, dtype=np.float32)
        if h.ndim == 1:
            h = h[None, :]
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i != last:
                h = np.maximum(h, 0.0)
        return h

    def forward_one(self, vector: np.ndarray) -> np.ndarray:
        """``forward`` of one vector up to float rounding, the first layer read only at the
        vector's non-zero entries (a few hundred of the thousands: a search's call)."""
        nz = np.flatnonzero(vector)
        h = vector[nz] @ self.weights[0][nz] + self.biases[0]
        for i in range(1, len(self.weights)):
            h = np.maximum(h, 0.0) @ self.weights[i] + self.biases[i]
        return h

    # --- training ----------------------------------------------------------------------
    def layers(self, batch: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
        """Each layer's input (the batch, then each hidden layer's ReLU output) and the last
        layer's pre-activations: what ``backward`` needs."""
        inputs = [batch]
        last = len(self.weights) - 1
        z = batch
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            z = inputs[-1] @ w + b
            if i != last:
                inputs.append(np.maximum(z, 0.0))
        return inputs, z

    def backward(self, inputs: list[np.ndarray], dz: np.ndarray, l2: float) -> list[np.ndarray]:
        """The gradients (weights, then biases) of a loss plus ``l2``·Σ‖W‖², given the
        loss's gradient ``dz`` with respect to the last layer's pre-activations."""
        n = len(self.weights)
        gw: list[np.ndarray] = [np.empty(0)] * n
        gb: list[np.ndarray] = [np.empty(0)] * n
        for i in range(n - 1, -1, -1):
            gw[i] = inputs[i].T @ dz + np.float32(2 * l2) * self.weights[i]
            gb[i] = dz.sum(axis=0)
            if i:
                dz = (dz @ self.weights[i].T) * (inputs[i] > 0)
        return [*gw, *gb]

    def encoder(self, game: Game) -> Encoder:
        """The encoder of the network's game and setup (built once)."""
        if game.id != self.meta.game:
            raise ValueError(f"{self.KIND} network for {self.meta.game!r} used on {game.id!r}")
        if self._encoder is None or self._encoder.game is not game:
            self._encoder = encoder_for(game, self.meta.setup)
        return self._encoder

    # --- files -----------------------------------------------------------------------
    def arrays(self, dtype: str = "float32") -> dict[str, np.ndarray]:
        """The arrays of the ``.npz`` file, the weights stored as ``dtype`` (``STORED``)."""
        if dtype not in STORED:
            raise ValueError(f"weights are stored as one of {STORED}, not {dtype!r}")
        out: dict[str, np.ndarray] = {"meta": np.array(json.dumps(self.meta.to_json()))}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            out[f"w{i}"] = w.astype(dtype)
            out[f"b{i}"] = b.astype(dtype)
        return out

    def save(self, path: str | Path, dtype: str = "float32") -> Path:
        """Write the network to ``path`` (``.npz``, compressed, atomically); ``float16``
        halves the file (shipped weights) at a precision loss far below the net's error."""
        import io

        buffer = io.BytesIO()
        np.savez_compressed(buffer, **self.arrays(dtype))  # type: ignore[arg-type]
        return atomic_write_bytes(Path(path), buffer.getvalue())

    @classmethod
    def load(
        cls: type[N],
        path: str | Path,
        game: Game | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> N:
        """Read a network; with ``game`` (and ``setup``), refuse one trained for another
        game, setup or observation size. Every refusal names the file."""
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                arrays = {k: np.array(data[k]) for k in data.files}
        except FileNotFoundError:
            raise ValueFileError(path, "value_no_file") from None
        except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
            raise ValueFileError(path, "value_not_net", reason=str(exc)) from None
        net = cls.from_arrays(arrays, path)
        if game is not None:
            net.check(game, setup, path)
        return net

    @classmethod
    def from_arrays(
        cls: type[N], arrays: Mapping[str, np.ndarray], path: str | Path = "<arrays>"
    ) -> N:
        """A network from the arrays of its file (``arrays``), checked for kind and shape."""
        try:
            raw = json.loads(str(arrays["meta"]))
            if raw.get("format") != FORMAT:
                raise ValueFileError(path, "value_format", got=repr(raw.get("format")), want=FORMAT)
            meta = NetMeta(
                game=str(raw["game"]),
                setup=dict(raw["setup"]),
                obs_size=int(raw["obs_size"]),
                hidden=tuple(int(h) for h in raw["hidden"]),
                seed=int(raw["seed"]),
                extra=dict(raw.get("extra", {})),
                kind=str(raw.get("kind", "value")),
                outputs=int(raw.get("outputs", 1)),
            )
            if meta.kind != cls.KIND:
                raise ValueFileError(path, "value_kind", kind=meta.kind, want=cls.KIND)
            sizes = meta.sizes
            weights, biases = [], []
            for i, (n_in, n_out) in enumerate(itertools.pairwise(sizes)):
                w, b = arrays[f"w{i}"], arrays[f"b{i}"]
                if str(w.dtype) not in STORED or str(b.dtype) not in STORED:
                    raise ValueFileError(
                        path, "value_layer", i=i, got=f"{w.dtype}/{b.dtype}", want=str(STORED)
                    )
                if w.shape != (n_in, n_out) or b.shape != (n_out,):
                    raise ValueFileError(
                        path,
                        "value_layer",
                        i=i,
                        got=f"{w.shape}/{b.shape}",
                        want=str((n_in, n_out)),
                    )
                weights.append(w)
                biases.append(b)
        except ValueFileError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueFileError(path, "value_malformed", reason=repr(exc)) from None
        return cls(meta, weights, biases)

    def check(self, game: Game, setup: Mapping[str, Any] | None, path: str | Path) -> None:
        """Refuse a network trained for another game, setup or encoder size."""
        if self.meta.game != game.id:
            raise ValueFileError(path, "value_game", trained=self.meta.game, game=game.id)
        wanted = dict(setup or {})
        if canonical_json(self.meta.setup) != canonical_json(wanted):
            raise ValueFileError(
                path,
                "value_setup",
                trained=canonical_json(self.meta.setup),
                setup=canonical_json(wanted),
            )
        size = self.encoder(game).obs_size
        if size != self.meta.obs_size:
            raise ValueFileError(path, "value_obs_size", trained=self.meta.obs_size, size=size)


class ValueNet(Mlp):
    """An MLP value function: a tanh output, the seat's expected result in [-1, 1]."""

    KIND = "value"

    def predict(self, batch: np.ndarray) -> np.ndarray:
        """Values in [-1, 1] of a batch of observation vectors (shape n × obs_size → n)."""
        out: np.ndarray = np.tanh(self.forward(batch))
        return out[:, 0]

    def value(self, game: Game, state: Any, seat: int) -> float:
        """The value of ``state`` for ``seat`` in [-1, 1] from what that seat is shown:
        the exact result once the game is over (a search's cut-off call)."""
        outcome = game.outcome(state)
        if outcome is not None:
            return result_for(outcome, seat)
        return self.predict_one(self.encoder(game).observation(game.observe(state, seat)))

    def predict_one(self, vector: np.ndarray) -> float:
        """The value of one observation vector: ``predict`` up to float rounding, with the
        first layer read only at the vector's non-zero entries (``forward_one``: the search
        calls this at every cut-off)."""
        return float(np.tanh(self.forward_one(vector)[0]))
