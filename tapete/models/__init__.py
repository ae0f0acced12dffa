"""The trained models shipped with tapete: one per game, numpy only.

A model is two files in this folder: `<game>.npz` (the network's weights)
and `<game>.json` (what it was trained on: the encoder's sizes, the
network's shape, the file's SHA-256, the training command). A model loads
only when its weights hash to the recorded value and its sizes match the
game's encoder today; otherwise `ModelError` says why in one sentence and
the `learned` level is not offered for that game. Model cards with the
method and measured strength are in docs/models/.

`TAPETE_MODELS=DIR` reads the models from another folder instead (a
training run's `--out`, to measure it with `tapete tournament` before it
is shipped).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from tapete.engine import TapeteError

SHIPPED = Path(__file__).resolve().parent
FOLDER = Path(os.environ.get("TAPETE_MODELS") or SHIPPED)
FORMAT = 1  # the layout of the weights file (QNetwork); bump when it changes


class ModelError(TapeteError):
    code = "model_unavailable"


@dataclass(frozen=True)
class ModelInfo:
    game: str
    state_size: int
    action_size: int
    hidden: tuple[int, ...]
    sha256: str
    meta: dict[str, Any]


def model_paths(game_id: str, folder: Path = FOLDER) -> tuple[Path, Path]:
    stem = game_id.replace("-", "_")
    return folder / f"{stem}.npz", folder / f"{stem}.json"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_info(game_id: str, folder: Path = FOLDER) -> ModelInfo:
    """The model's card, checked against its weights file (ModelError if anything is off)."""
    weights, card = model_paths(game_id, folder)
    if not weights.exists() or not card.exists():
        raise ModelError(
            f"No hay modelo entrenado de {game_id} ({weights.name}).",
            f"There is no trained model for {game_id} ({weights.name}).",
        )
    try:
        meta = json.loads(card.read_text(encoding="utf-8"))
        info = ModelInfo(
            game=str(meta["game"]),
            state_size=int(meta["state_size"]),
            action_size=int(meta["action_size"]),
            hidden=tuple(int(h) for h in meta["hidden"]),
            sha256=str(meta["sha256"]),
            meta=meta,
        )
    except (ValueError, KeyError, TypeError) as err:
        raise ModelError(
            f"La ficha del modelo de {game_id} está dañada ({card.name}: {err}).",
            f"The model card of {game_id} is damaged ({card.name}: {err}).",
        ) from None
    if meta.get("format") != FORMAT:
        raise ModelError(
            f"El modelo de {game_id} tiene otro formato ({meta.get('format')}, se espera {FORMAT}).",
            f"The model of {game_id} has another format ({meta.get('format')}, expected {FORMAT}).",
        )
    if file_hash(weights) != info.sha256:
        raise ModelError(
            f"Los pesos del modelo de {game_id} no coinciden con su huella ({weights.name}): el archivo está dañado.",
            f"The weights of the {game_id} model do not match their hash ({weights.name}): the file is damaged.",
        )
    return info


class QNetwork:
    """Scores candidate moves: q(s, a) = w3 · relu(W2 relu(Ws s + Wa a + b1) + b2) + b3.

    The state's first-layer product is computed once per decision and shared
    by every move, so a decision costs one small matrix product per layer."""

    KEYS = ("ws", "wa", "b1", "w2", "b2", "w3", "b3")

    def __init__(self, weights: dict[str, np.ndarray]) -> None:
        self.ws = weights["ws"].astype(np.float32)
        self.wa = weights["wa"].astype(np.float32)
        self.b1 = weights["b1"].astype(np.float32)
        self.w2 = weights["w2"].astype(np.float32)
        self.b2 = weights["b2"].astype(np.float32)
        self.w3 = weights["w3"].astype(np.float32).reshape(-1)
        self.b3 = float(np.asarray(weights["b3"]).reshape(-1)[0])

    @property
    def state_size(self) -> int:
        return int(self.ws.shape[0])

    @property
    def action_size(self) -> int:
        return int(self.wa.shape[0])

    def scores(self, state: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """q of each row of `actions` (k × A) in the state `state` (S,)."""
        h = actions @ self.wa
        h += state @ self.ws + self.b1
        np.maximum(h, 0.0, out=h)
        h2 = h @ self.w2
        h2 += self.b2
        np.maximum(h2, 0.0, out=h2)
        return h2 @ self.w3 + self.b3

    def batch_scores(self, states: np.ndarray, actions: np.ndarray, owner: np.ndarray) -> np.ndarray:
        """q of each action row, `owner[i]` naming the state row it belongs to."""
        h = actions @ self.wa
        h += (states @ self.ws)[owner] + self.b1
        np.maximum(h, 0.0, out=h)
        h2 = h @ self.w2 + self.b2
        np.maximum(h2, 0.0, out=h2)
        return h2 @ self.w3 + self.b3


def read_weights(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as data:
        return {key: data[key] for key in QNetwork.KEYS}


@functools.cache
def load(game_id: str) -> tuple[QNetwork, ModelInfo]:
    """The shipped model of a game, checked (ModelError when missing or damaged)."""
    info = read_info(game_id)
    weights, _ = model_paths(game_id)
    try:
        net = QNetwork(read_weights(weights))
    except (KeyError, ValueError, OSError) as err:
        raise ModelError(
            f"No se pueden leer los pesos del modelo de {game_id}: {err}.",
            f"The weights of the {game_id} model cannot be read: {err}.",
        ) from None
    if (net.state_size, net.action_size) != (info.state_size, info.action_size):
        raise ModelError(
            f"Los pesos del modelo de {game_id} no tienen el tamaño de su ficha.",
            f"The weights of the {game_id} model do not have the sizes its card gives.",
        )
    return net, info


def available(game_id: str) -> bool:
    """Whether the game's model loads (the `learned` level is offered only then)."""
    try:
        load(game_id)
    except ModelError:
        return False
    return True


def write_model(game_id: str, weights: dict[str, np.ndarray], meta: dict[str, Any], folder: Path = FOLDER) -> Path:
    """Save weights (float32) and their card with the hash (used by training)."""
    folder.mkdir(parents=True, exist_ok=True)
    path, card = model_paths(game_id, folder)
    arrays: dict[str, Any] = {k: np.asarray(weights[k], dtype=np.float32) for k in QNetwork.KEYS}
    np.savez_compressed(path, **arrays)
    meta = {**meta, "game": game_id, "format": FORMAT, "sha256": file_hash(path)}
    card.write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path
