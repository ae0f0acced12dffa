"""A state's fields, declared once: clone and JSON follow from the declaration.

A game's state lists its fields (`FIELDS`, a tuple of `Field`) and inherits
`FieldState`: the engine derives `clone` (generated straight-line code, as
fast as a hand-written one: clone is on the hot path of every search),
`to_json` and `from_json`. A new field is one line in `FIELDS`. How a field
copies:

- `VALUE`: shared by the clone (a number, a string, a tuple, or an object the
  game replaces and never changes in place);
- `LIST`: a flat list, copied;
- `LISTS`: a list of lists, each copied (the elements themselves shared);
- `RESET`: a cache, None in a clone and in a state read from JSON.

`redeal(places, rng)` is the one "pool, shuffle, deal back" for
`determinize`: a game lists the places that hold what a seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Self

from .options import options_to_json
from .rng import Rng
from .state import State

VALUE, LIST, LISTS, RESET = "value", "list", "lists", "reset"
_COPY = {
    VALUE: "s.{0}",
    LIST: "s.{0}[:]",
    LISTS: "[x[:] for x in s.{0}]",
    RESET: "None",
}


def _list_json(value: list[Any]) -> list[Any]:
    return list(value)


def _lists_json(value: list[list[Any]]) -> list[list[Any]]:
    return [list(x) for x in value]


_DUMP: dict[str, Callable[[Any], Any]] = {LIST: _list_json, LISTS: _lists_json}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a state: its attribute, how it copies, its JSON form.

    `key` is its JSON key when that is not its name; `dump` and `load`
    convert a value that is not plain JSON (tuples, objects); `json=False`
    leaves a derived field out of the JSON (the state's `_after_load`
    rebuilds it)."""

    name: str
    copy: str = VALUE
    key: str | None = None
    dump: Callable[[Any], Any] | None = None
    load: Callable[[Any], Any] | None = None
    json: bool = True

    def __post_init__(self) -> None:
        if self.copy not in _COPY:
            raise ValueError(f"field {self.name!r}: copy must be one of {sorted(_COPY)}, not {self.copy!r}")


def _compile_copier(fields: Sequence[Field]) -> Callable[[Any, Any], None]:
    """`copy(s, n)`: every field of `s` onto `n`, as one generated function."""
    body = [f"    n.{f.name} = {_COPY[f.copy].format(f.name)}" for f in fields] or ["    pass"]
    namespace: dict[str, Any] = {}
    exec("def copy(s, n):\n" + "\n".join(body), namespace)  # code built from the field names only
    copier: Callable[[Any, Any], None] = namespace["copy"]
    return copier


class FieldState(State):
    """A state whose clone and JSON come from its declared `FIELDS`.

    Besides the fields, a clone shares the options and copies the RNG; its
    legal-action cache starts empty. `OPTIONS` is the options type (its JSON
    is its fields)."""

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    OPTIONS: ClassVar[type]

    @staticmethod
    def _copy_fields(s: Any, n: Any) -> None:
        """Replaced per subclass by the code generated from its FIELDS."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = [f.name for f in cls.FIELDS]
        if len(set(names)) != len(names):
            raise TypeError(f"{cls.__name__}.FIELDS names a field twice")
        cls._copy_fields = staticmethod(_compile_copier(cls.FIELDS))  # type: ignore[method-assign,assignment]

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.num_players = self.num_players
        new.options = self.options
        new.rng = self.rng.clone()
        new._legal = {}
        self._copy_fields(self, new)
        return new

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game_id,
            "num_players": self.num_players,
            "options": dict(_options_json(self.options)),
            "rng": self.rng.to_json(),
        }
        for f in self.FIELDS:
            if f.json:
                value = getattr(self, f.name)
                dump = f.dump or _DUMP.get(f.copy)
                data[f.key or f.name] = dump(value) if dump is not None and value is not None else value
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        state = object.__new__(cls)
        State.__init__(state, int(data["num_players"]), cls._options_from_json(data["options"]), 0)
        state.rng = Rng.from_json(data["rng"])
        for f in cls.FIELDS:
            if not f.json:
                setattr(state, f.name, None)
                continue
            value = data[f.key or f.name]
            if f.load is not None and value is not None:
                value = f.load(value)
            elif f.copy in (LIST, LISTS) and value is not None:
                value = _DUMP[f.copy](value)
            setattr(state, f.name, value)
        state._after_load()
        return state

    @classmethod
    def _options_from_json(cls, raw: Mapping[str, Any]) -> Any:
        return cls.OPTIONS(**raw)

    def _after_load(self) -> None:
        """Rebuild the derived fields (`json=False`) of a state read from JSON."""
        return None


@cache
def _options_json(options: Any) -> dict[str, Any]:
    return options_to_json(options)


def redeal(places: Sequence[list[int]], rng: random.Random) -> None:
    """Pool the cards of `places`, shuffle them with `rng` and deal them back
    into the same places, each keeping its size (a seat's hidden hands, the
    deck: what a determinization may not know)."""
    pool = [c for place in places for c in place]
    rng.shuffle(pool)
    start = 0
    for place in places:
        end = start + len(place)
        place[:] = pool[start:end]
        start = end
