"""Bacan's fixed integer action space.

Every action id decodes to (kind, a, b). Ids are laid out so that building
a legal list block by block, in the order below, yields ascending ids:

| kind | JSON form | ids |
| --- | --- | --- |
| DEAL | {"type": "peek_count", "count": N} | 5 (N = 0..4) |
| PEEK | {"type": "peek", "slots": [...]} | 16 (a mask over slots 0..3) |
| CALL | {"type": "call_bacan"} | 1 |
| DRAW_DECK | {"type": "draw", "source": "deck"} | 1 |
| DRAW_DISCARD | {"type": "draw", "source": "discard"} | 1 |
| DISCARD | {"type": "discard"} | 1 |
| ROW_JOKER | {"type": "row_joker", "slot": i} | MAX_ROW |
| SWAP | {"type": "swap", "slot": i} | MAX_ROW |
| SECRET | {"type": "secret", "slot": i} | MAX_ROW |
| SPY | {"type": "spy", "seat": s, "slot": i} | n * MAX_ROW |
| EXCHANGE | {"type": "exchange", "seat": s, "slot": i} | n * MAX_ROW (picked twice) |
| PLUS_ONE | {"type": "plus_one", "seat": s} | n |
| MIRROR | {"type": "mirror", "slot": i} | MAX_ROW |
| MIRROR_OTHER | {"type": "mirror_other", "seat": s, "slot": i} | n * MAX_ROW |
| GIVE | {"type": "give", "slot": i} | MAX_ROW |

The size depends only on the number of players (the row cap MAX_ROW is a
constant of the game: rules text, BAC-7).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from tapete.engine import ActionSpace, BadAction

MAX_ROW = 8
"""No row ever holds more than 8 slots (ruling under BAC-7)."""

INITIAL_ROW = 4

(
    DEAL,
    PEEK,
    CALL,
    DRAW_DECK,
    DRAW_DISCARD,
    DISCARD,
    ROW_JOKER,
    SWAP,
    SECRET,
    SPY,
    EXCHANGE,
    PLUS_ONE,
    MIRROR,
    MIRROR_OTHER,
    GIVE,
) = range(15)

KIND_NAMES = (
    "peek_count",
    "peek",
    "call_bacan",
    "draw",
    "draw",
    "discard",
    "row_joker",
    "swap",
    "secret",
    "spy",
    "exchange",
    "plus_one",
    "mirror",
    "mirror_other",
    "give",
)
REACTIONS = frozenset((MIRROR, MIRROR_OTHER))
POWER_KINDS = (SECRET, SPY, EXCHANGE, PLUS_ONE)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("integer expected")
    return value


class BacanActions(ActionSpace):
    """The action table of an n-player match: bases per kind and decoding."""

    def __init__(self, num_players: int) -> None:
        n = num_players
        r = MAX_ROW
        sizes = (5, 16, 1, 1, 1, 1, r, r, r, n * r, n * r, n, r, n * r, r)
        self.num_players = n
        self.base: list[int] = []
        total = 0
        for size in sizes:
            self.base.append(total)
            total += size
        super().__init__(total)
        self.table: list[tuple[int, int, int]] = []
        for kind, size in enumerate(sizes):
            for i in range(size):
                self.table.append((kind, *self._params(kind, i)))
        self.index = {entry: action for action, entry in enumerate(self.table)}
        # Memo filled by the rules: actors and legal lists at a turn's start
        # depend on a few small facts (row sizes, flags), not on the cards.
        self.turn_tables: dict[tuple[int, int, tuple[int, ...]], Any] = {}

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        # Pickled as a reference to the one space per player count: a copied bot (a search's
        # rollout, a training fork) shares the table and its memo instead of carrying them
        # (their pickle grows with every turn's memo: 276 KB after a few hundred matches).
        return (action_space, (self.num_players,))

    @staticmethod
    def _params(kind: int, i: int) -> tuple[int, int]:
        if kind in (SPY, EXCHANGE, MIRROR_OTHER):
            return divmod(i, MAX_ROW)  # (seat, slot)
        if kind in (DEAL, PEEK, ROW_JOKER, SWAP, SECRET, PLUS_ONE, MIRROR, GIVE):
            return i, 0
        return 0, 0

    def encode(self, kind: int, a: int = 0, b: int = 0) -> int:
        return self.index[(kind, a, b)]

    def block(self, kind: int, count: int, seat: int = 0) -> range:
        """Ids of `kind` for slots 0..count-1 (of `seat` for per-seat kinds)."""
        start = self.base[kind] + (seat * MAX_ROW if kind in (SPY, EXCHANGE, MIRROR_OTHER) else 0)
        return range(start, start + count)

    # -- JSON ---------------------------------------------------------------
    def to_json(self, action: int) -> dict[str, Any]:
        kind, a, b = self.table[action]
        name = KIND_NAMES[kind]
        if kind == DEAL:
            return {"type": name, "count": a}
        if kind == PEEK:
            return {"type": name, "slots": [i for i in range(INITIAL_ROW) if a >> i & 1]}
        if kind in (DRAW_DECK, DRAW_DISCARD):
            return {"type": name, "source": "deck" if kind == DRAW_DECK else "discard"}
        if kind in (CALL, DISCARD):
            return {"type": name}
        if kind in (SPY, EXCHANGE, MIRROR_OTHER):
            return {"type": name, "seat": a, "slot": b}
        if kind == PLUS_ONE:
            return {"type": name, "seat": a}
        return {"type": name, "slot": a}

    def from_json(self, data: Mapping[str, Any]) -> int:
        try:
            return self._from_json(data)
        except (KeyError, TypeError, ValueError):
            raise BadAction(
                f"Acción de Bacan mal formada: {dict(data)!r}.",
                f"Malformed Bacan action: {dict(data)!r}.",
                rule="actions",
            ) from None

    def _from_json(self, data: Mapping[str, Any]) -> int:
        name = data["type"]
        if name == "peek_count":
            return self.encode(DEAL, _int(data["count"]))
        if name == "peek":
            slots = [_int(s) for s in data["slots"]]
            if len(set(slots)) != len(slots) or any(not 0 <= s < INITIAL_ROW for s in slots):
                raise ValueError("slots")
            return self.encode(PEEK, sum(1 << s for s in slots))
        if name == "draw":
            return self.encode({"deck": DRAW_DECK, "discard": DRAW_DISCARD}[data.get("source", "deck")])
        kind = {"call_bacan": CALL, "discard": DISCARD}.get(name)
        if kind is not None:
            return self.encode(kind)
        kind = KIND_NAMES.index(name)
        if kind in (SPY, EXCHANGE, MIRROR_OTHER):
            return self.encode(kind, _int(data["seat"]), _int(data["slot"]))
        if kind == PLUS_ONE:
            return self.encode(kind, _int(data["seat"]))
        return self.encode(kind, _int(data["slot"]))


@cache
def action_space(num_players: int) -> BacanActions:
    """The space of an n-player match (its size depends on n), one per n."""
    return BacanActions(num_players)
