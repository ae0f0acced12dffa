"""A fixed-size observation vector built from a seat's JSON view, for any game.

The view (`State.view(seat)`) is the only input: what a seat may not see is
not in it, so it cannot reach the vector either. The vector has three parts:

1. **Face counts per zone.** A zone is a key path in the view with list
   indices dropped (`hand`, `trick`, `rows/slots`, ...). For every zone, one
   entry per face token of `Game.card_faces()`: how many times that face
   appears there.
2. **Numbers.** Every numeric or boolean leaf by its full path, list indices
   kept (`scores/0`, `hand_sizes/3`, `round`), squashed by
   sign(x)·log(1 + |x|) so that scores of hundreds and flags of 0/1 sit on
   similar scales.
3. **Words.** Every other string leaf (`phase` = `"bid"`) as a one-hot entry
   for that (path, value).

Which zones, paths and words exist is learned once per (game, players,
options) from the views of seeded random matches (the *schema*); anything a
later view shows outside the schema is dropped, never an error. Spectator
keys that name no seat (`game`) are skipped.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tapete.engine import Game, State

SKIP_KEYS = frozenset({"game"})
MAX_WORDS = 512
OBS_BOUND = 1_000.0  # face counts stay below the size of a deck; squashed numbers below 50
DISCOVERY_MATCHES = 3
DISCOVERY_ACTIONS = 400


def leaves(view: Any, zone: tuple[str, ...] = (), path: tuple[str, ...] = ()) -> Iterator[tuple[str, str, Any]]:
    """(zone, path, leaf) for every leaf of a JSON view."""
    if isinstance(view, dict):
        for key, value in view.items():
            if key in SKIP_KEYS:
                continue
            k = str(key)
            yield from leaves(value, (*zone, k), (*path, k))
    elif isinstance(view, list | tuple):
        for i, item in enumerate(view):
            yield from leaves(item, zone, (*path, str(i)))
    elif view is not None:
        yield "/".join(zone), "/".join(path), view


def squash(x: float) -> float:
    return math.copysign(math.log1p(abs(x)), x)


@dataclass(frozen=True)
class Schema:
    faces: tuple[str, ...]
    zones: tuple[str, ...]
    numbers: tuple[str, ...]
    words: tuple[tuple[str, str], ...]

    @property
    def size(self) -> int:
        return len(self.zones) * len(self.faces) + len(self.numbers) + len(self.words)

    def feature_names(self) -> list[str]:
        names = [f"{zone}#{face}" for zone in self.zones for face in self.faces]
        names += [f"{path}" for path in self.numbers]
        names += [f"{path}={word}" for path, word in self.words]
        return names


class ObservationEncoder:
    """Turns views of one (game, players, options) into float vectors."""

    def __init__(self, schema: Schema) -> None:
        self.schema = schema
        nf = len(schema.faces)
        self._face_col = {face: i for i, face in enumerate(schema.faces)}
        self._zone_base = {zone: i * nf for i, zone in enumerate(schema.zones)}
        base = len(schema.zones) * nf
        self._number_col = {path: base + i for i, path in enumerate(schema.numbers)}
        base += len(schema.numbers)
        self._word_col = {pw: base + i for i, pw in enumerate(schema.words)}

    @property
    def size(self) -> int:
        return self.schema.size

    def encode(self, view: dict[str, Any]) -> list[float]:
        out = [0.0] * self.size
        face_col = self._face_col
        for zone, path, leaf in leaves(view):
            if isinstance(leaf, bool):
                col = self._number_col.get(path)
                if col is not None:
                    out[col] = float(leaf)
            elif isinstance(leaf, int | float):
                col = self._number_col.get(path)
                if col is not None:
                    out[col] = squash(float(leaf))
            elif isinstance(leaf, str):
                face = face_col.get(leaf)
                if face is not None:
                    base = self._zone_base.get(zone)
                    if base is not None:
                        out[base + face] += 1.0
                else:
                    col = self._word_col.get((path, leaf))
                    if col is not None:
                        out[col] = 1.0
        return out

    @classmethod
    def discover(cls, game: Game, num_players: int, options: Any = None, seed: int = 0) -> ObservationEncoder:
        """Learn the schema from every seat's views along seeded random matches."""
        faces = game.card_faces()
        zones: set[str] = set()
        numbers: set[str] = set()
        words: Counter[tuple[str, str]] = Counter()
        rng = random.Random(seed)
        for m in range(DISCOVERY_MATCHES):
            state = game.new_match(num_players, seed * 1_000 + m, options)
            for _ in range(DISCOVERY_ACTIONS):
                _collect(state, faces, zones, numbers, words)
                if state.is_terminal():
                    break
                _random_step(state, rng)
        schema = Schema(
            faces=tuple(sorted(faces)),
            zones=tuple(sorted(zones)),
            numbers=tuple(sorted(numbers)),
            words=tuple(sorted(w for w, _ in words.most_common(MAX_WORDS))),
        )
        return cls(schema)


def _collect(
    state: State, faces: frozenset[str], zones: set[str], numbers: set[str], words: Counter[tuple[str, str]]
) -> None:
    for seat in range(state.num_players):
        for zone, path, leaf in leaves(state.view(seat)):
            if isinstance(leaf, bool | int | float):
                numbers.add(path)
            elif isinstance(leaf, str):
                if leaf in faces:
                    zones.add(zone)
                else:
                    words[(path, leaf)] += 1


def _random_step(state: State, rng: random.Random) -> None:
    actors = state.actors()
    required = state.required_actors()
    pool = list(required) if required and rng.random() < 0.75 else list(actors)
    seat = pool[rng.randrange(len(pool))]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.randrange(len(legal))])
