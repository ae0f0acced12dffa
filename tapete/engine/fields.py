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
- `CLONE`: an object with its own `clone()` (Nacho Loco's playfield);
- `RESET`: a cache, None in a clone and in a state read from JSON;
- `FRESH`: a scratch list, empty in a clone and in a state read from JSON.

`redeal(places, rng)` is the one "pool, shuffle, deal back" for
`determinize`: a game lists the places that hold what a seat cannot see.
Where hidden cards lie among known ones (a row where some cards were seen,
a rack with tiles taken from a public pile), it deals single slots too.
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

VALUE, LIST, LISTS, CLONE, RESET, FRESH = "value", "list", "lists", "clone", "reset", "fresh"
_COPY = {
    VALUE: "s.{0}",
    LIST: "list(s.{0})",
    LISTS: "[list(x) for x in s.{0}]",
    CLONE: "s.{0}.clone()",
    RESET: "None",
    FRESH: "[]",
}


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


def _compile(name: str, lines: Sequence[str], namespace: dict[str, Any]) -> Callable[..., Any]:
    exec("\n".join(lines), namespace)  # code built from the declared field names only
    function: Callable[..., Any] = namespace[name]
    return function


def _compile_clone(cls: type, fields: Sequence[Field]) -> Callable[[Any], Any]:
    """`clone(s)`: the engine's fields and every declared field, as one
    straight-line function (clone is on the search's hot path)."""
    lines = [
        "def clone(s):",
        "    n = _new(_cls)",
        "    n.num_players = s.num_players",
        "    n.options = s.options",
        "    n.rng = s.rng.clone()",
        "    n._legal = {}",
        *(f"    n.{f.name} = {_COPY[f.copy].format(f.name)}" for f in fields),
        "    return n",
    ]
    return _compile("clone", lines, {"_new": object.__new__, "_cls": cls})


def _compile_to_json(fields: Sequence[Field]) -> Callable[[Any], dict[str, Any]]:
    namespace: dict[str, Any] = {"_options_json": _options_json}
    lines = [
        "def to_json(s):",
        "    return {",
        '        "game": s.game_id,',
        '        "num_players": s.num_players,',
        '        "options": dict(_options_json(s.options)),',
        '        "rng": s.rng.to_json(),',
    ]
    for i, f in enumerate(fields):
        if not f.json:
            continue
        value = f"s.{f.name}"
        if f.dump is not None:
            namespace[f"_dump{i}"] = f.dump
            value = f"(None if (v{i} := s.{f.name}) is None else _dump{i}(v{i}))"
        elif f.copy == LIST:
            value = f"list(s.{f.name})"
        elif f.copy == LISTS:
            value = f"[list(x) for x in s.{f.name}]"
        lines.append(f"        {f.key or f.name!r}: {value},")
    lines.append("    }")
    return _compile("to_json", lines, namespace)


def _compile_from_json(cls: type, fields: Sequence[Field]) -> Callable[[Mapping[str, Any]], Any]:
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_init": State.__init__, "_rng": Rng.from_json}
    lines = [
        "def from_json(data):",
        "    s = _new(_cls)",
        '    _init(s, int(data["num_players"]), _cls._options_from_json(data["options"]), 0)',
        '    s.rng = _rng(data["rng"])',
    ]
    for i, f in enumerate(fields):
        item = f"data[{f.key or f.name!r}]"
        if not f.json:
            value = "[]" if f.copy == FRESH else "None"
        elif f.load is not None:
            namespace[f"_load{i}"] = f.load
            value = f"(None if (v{i} := {item}) is None else _load{i}(v{i}))"
        elif f.copy == LIST:
            value = f"list({item})"
        elif f.copy == LISTS:
            value = f"[list(x) for x in {item}]"
        else:
            value = item
        lines.append(f"    s.{f.name} = {value}")
    lines += ["    s._after_load()", "    return s"]
    return _compile("from_json", lines, namespace)


class FieldState(State):
    """A state whose clone and JSON come from its declared `FIELDS`.

    Besides the fields, a clone shares the options and copies the RNG; its
    legal-action cache starts empty. `OPTIONS` is the options type (its JSON
    is its fields)."""

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    OPTIONS: ClassVar[type]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = [f.name for f in cls.FIELDS]
        if len(set(names)) != len(names):
            raise TypeError(f"{cls.__name__}.FIELDS names a field twice")
        # generated once per class: as fast as hand-written code, written once
        cls.clone = _compile_clone(cls, cls.FIELDS)  # type: ignore[method-assign,assignment]
        cls.to_json = _compile_to_json(cls.FIELDS)  # type: ignore[method-assign,assignment]
        cls.from_json = staticmethod(_compile_from_json(cls, cls.FIELDS))  # type: ignore[method-assign,assignment]

    def clone(self) -> Self:
        """Replaced in every subclass by the code generated from its FIELDS."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """Replaced in every subclass by the code generated from its FIELDS."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Replaced in every subclass by the code generated from its FIELDS."""
        raise NotImplementedError

    @classmethod
    def _options_from_json(cls, raw: Mapping[str, Any]) -> Any:
        return cls.OPTIONS(**raw)

    def _after_load(self) -> None:
        """Rebuild the derived fields (`json=False`) of a state read from JSON."""
        return None


@cache
def _options_json(options: Any) -> dict[str, Any]:
    return options_to_json(options)


def redeal(places: Sequence[list[int]], rng: random.Random, slots: Sequence[tuple[list[int], int]] = ()) -> list[int]:
    """Pool the cards of `places` and of single `slots` (place, index: a
    hidden card among known ones), shuffle them with `rng` and deal them back
    into the same places, each keeping its size, then into the slots: what a
    determinization may not know (a seat's hidden hand, the deck). Returns
    the cards dealt into `slots`, in order, so a game can carry what belongs
    to a position (who has seen it) to the card dealt there."""
    pool = [c for place in places for c in place]
    if slots:
        pool += [place[i] for place, i in slots]
    rng.shuffle(pool)
    start = 0
    for place in places:
        end = start + len(place)
        place[:] = pool[start:end]
        start = end
    dealt = pool[start:] if start else pool
    for (place, i), card in zip(slots, dealt, strict=True):
        place[i] = card
    return dealt
