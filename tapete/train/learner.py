"""The learner: fits the move-scoring network to the teacher's values (PyTorch).

The network is `tapete.models.QNetwork`'s, layer for layer, so its weights
export to the numpy file the package ships. The loss is the squared error
of each move's value plus the squared error of each move's advantage (its
value less the decision's mean): the second is what choosing needs, free of
the luck every move of a decision shares.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from torch import nn


class TorchQNetwork(nn.Module):
    def __init__(self, state_size: int, action_size: int, hidden: tuple[int, int] = (256, 256)) -> None:
        super().__init__()
        self.ws = nn.Linear(state_size, hidden[0], bias=False)
        self.wa = nn.Linear(action_size, hidden[0])
        self.l2 = nn.Linear(hidden[0], hidden[1])
        self.l3 = nn.Linear(hidden[1], 1)

    def forward(self, states: torch.Tensor, actions: torch.Tensor, owner: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.ws(states)[owner] + self.wa(actions))
        h = torch.relu(self.l2(h))
        return self.l3(h).squeeze(-1)

    def export(self) -> dict[str, np.ndarray]:
        """The weights as `tapete.models.QNetwork` reads them."""

        def arr(t: torch.Tensor) -> np.ndarray:
            return t.detach().cpu().numpy().astype(np.float32)

        return {
            "ws": arr(self.ws.weight.T),
            "wa": arr(self.wa.weight.T),
            "b1": arr(self.wa.bias),
            "w2": arr(self.l2.weight.T),
            "b2": arr(self.l2.bias),
            "w3": arr(self.l3.weight[0]),
            "b3": arr(self.l3.bias),
        }


class Buffer:
    """The most recent labelled decisions, up to `capacity` of them."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.chunks: list[dict[str, np.ndarray]] = []
        self._flat: dict[str, np.ndarray] | None = None

    def add(self, packed: dict[str, np.ndarray]) -> None:
        if not packed:
            return
        self.chunks.append(packed)
        while sum(len(c["states"]) for c in self.chunks) - len(self.chunks[0]["states"]) >= self.capacity:
            self.chunks.pop(0)
        self._flat = None

    def __len__(self) -> int:
        return sum(len(c["states"]) for c in self.chunks)

    def flat(self) -> dict[str, np.ndarray]:
        """Every chunk in one set of arrays, with each decision's first action row and count."""
        if self._flat is None:
            states, actions, owner, targets = [], [], [], []
            base = 0
            for c in self.chunks:
                states.append(c["states"])
                actions.append(c["actions"])
                owner.append(c["owner"] + base)
                targets.append(c["targets"])
                base += len(c["states"])
            own = np.concatenate(owner)
            counts = np.bincount(own, minlength=base)
            self._flat = {
                "states": np.concatenate(states),
                "actions": np.concatenate(actions),
                "targets": np.concatenate(targets),
                "counts": counts,
                "starts": np.concatenate([[0], np.cumsum(counts)[:-1]]),
            }
        return self._flat

    def batch(self, rng: np.random.Generator, size: int) -> tuple[np.ndarray, ...]:
        """A random minibatch: states, their action rows, owners (0..size-1), targets."""
        flat = self.flat()
        pick = rng.integers(0, len(flat["states"]), size=size)
        counts = flat["counts"][pick]
        owner = np.repeat(np.arange(size), counts)
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.repeat(flat["starts"][pick], counts) + offsets
        return flat["states"][pick], flat["actions"][rows], owner, flat["targets"][rows]

    def save(self, path: str) -> None:
        flat = self.flat() if self.chunks else {}
        if not flat:
            return
        owner = np.repeat(np.arange(len(flat["counts"]), dtype=np.int32), flat["counts"])
        np.savez(path, states=flat["states"], actions=flat["actions"], owner=owner, targets=flat["targets"])

    def load(self, path: str) -> None:
        with np.load(path) as data:
            self.add({k: data[k] for k in ("states", "actions", "owner", "targets")})


class Learner:
    def __init__(self, state_size: int, action_size: int, seed: int, lr: float = 1e-3, hidden: int = 256) -> None:
        torch.manual_seed(seed)
        torch.set_num_threads(1)
        self.net = TorchQNetwork(state_size, action_size, (hidden, hidden))
        self.opt = torch.optim.Adam(self.net.parameters(), lr=lr)
        self.rng = np.random.default_rng(seed)
        self.steps = 0
        self.last_loss = float("nan")

    def train(self, buffer: Buffer, steps: int, batch: int = 256) -> float:
        total = 0.0
        for _ in range(steps):
            states, actions, owner, targets = buffer.batch(self.rng, batch)
            s = torch.from_numpy(states.astype(np.float32))
            a = torch.from_numpy(actions.astype(np.float32))
            o = torch.from_numpy(owner.astype(np.int64))
            t = torch.from_numpy(targets.astype(np.float32))
            q = self.net(s, a, o)
            counts = torch.bincount(o, minlength=batch).clamp(min=1).float()
            q_mean = torch.zeros(batch).index_add_(0, o, q) / counts
            t_mean = torch.zeros(batch).index_add_(0, o, t) / counts
            loss = ((q - t) ** 2).mean() + (((q - q_mean[o]) - (t - t_mean[o])) ** 2).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.item()
            self.steps += 1
        self.last_loss = total / max(1, steps)
        return self.last_loss

    def state_dict(self) -> dict[str, Any]:
        return {"net": self.net.state_dict(), "opt": self.opt.state_dict(), "steps": self.steps}

    def load_state_dict(self, data: dict[str, Any]) -> None:
        self.net.load_state_dict(data["net"])
        self.opt.load_state_dict(data["opt"])
        self.steps = int(data["steps"])
