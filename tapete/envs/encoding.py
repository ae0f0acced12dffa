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

Transitional: the environments read a game's own encoder (`Game.encoder`,
tapete/engine/encoding.py). Until every game has one, `view_encoder_type`
serves a game without it: the learned view vector as its observation, no
memory (its information state is its observation), an action's features
the one-hot of its index. Learning the schema takes seconds (11 s for Nacho
Loco here); it is done once per process and table.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from tapete.engine import Game, State
from tapete.engine.encoding import InfoEncoder, Layout, Segment
from tapete.games import get_game

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


class ViewEncoder(InfoEncoder):
    """A game without an encoder of its own, seen through the schema-learned view
    vector (`ObservationEncoder`); no memory. Made per table by `view_encoder_type`."""

    schema_encoder: ClassVar[ObservationEncoder]
    LAYOUTS: ClassVar[tuple[Layout, Layout, Layout]]

    @classmethod
    def layouts(cls, num_players: int, options: Any) -> tuple[Layout, Layout, Layout]:
        return cls.LAYOUTS

    def write_observation(self, view: Mapping[str, Any], out: np.ndarray) -> None:
        out[:] = self.schema_encoder.encode(dict(view))

    def write_action(self, view: Mapping[str, Any], action: int, out: np.ndarray) -> None:
        out[action] = 1.0


@functools.cache
def _discovered(game_id: str, num_players: int, options: Any) -> ObservationEncoder:
    return ObservationEncoder.discover(get_game(game_id), num_players, options)


def encoder_for(game: Game, num_players: int, options: Any) -> ObservationEncoder:
    """The schema-learned view encoder of a game, cached for a registered one (what the
    OpenSpiel bridge reads until it moves to the games' encoders)."""
    try:
        if get_game(game.id) is game:
            return _discovered(game.id, num_players, options)
    except Exception:  # not a registered game (a test's toy game)
        pass
    return ObservationEncoder.discover(game, num_players, options)


def view_encoder_type(game: Game, num_players: int, options: Any, num_actions: int) -> type[InfoEncoder]:
    """The `ViewEncoder` of one (game, players, options): its schema learned once per
    process for a registered game, afresh for another (a test's toy game)."""
    schema = encoder_for(game, num_players, options)  # a game's parsed options are frozen: hashable
    layouts = (
        Layout([Segment("view", schema.size, "the view's face counts per zone, numbers and words (Schema)")]),
        Layout([]),
        Layout([Segment("action", num_actions, "1 at the action's index")]),
    )
    return type(f"{type(game).__name__}ViewEncoder", (ViewEncoder,), {"schema_encoder": schema, "LAYOUTS": layouts})
