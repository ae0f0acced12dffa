"""Build Buracco positions by hand for the rule tests.

Tiles are given by face token; each gets a free physical id of that face.
Every tile not placed explicitly goes to the muertos (11 each while they
wait) and then to the stock, so the 106 tiles are always all there.
"""

from __future__ import annotations

from collections.abc import Sequence

from tapete.engine import Event
from tapete.games.buracco.cards import FACE_TO_ID, FACES, NUM_TILES, WILD_CAPABLE
from tapete.games.buracco.melds import RUN, SET, Meld, build, natural_face
from tapete.games.buracco.options import Options
from tapete.games.buracco.rules import LOST, TAKEN, WAITING, BuraccoState

STATES = {"waiting": WAITING, "taken": TAKEN, "lost": LOST}


class Tiles:
    """Hands out physical tile ids by face, each id once."""

    def __init__(self) -> None:
        self.free = list(range(NUM_TILES))

    def take(self, token: str) -> int:
        face = FACE_TO_ID[token]
        for t in self.free:
            if t >> 1 == face:
                self.free.remove(t)
                return t
        raise ValueError(f"no more {token} tiles")

    def many(self, tokens: Sequence[str]) -> list[int]:
        return [self.take(tok) for tok in tokens]


def run(tiles: Tiles, lo: int, *tokens: str) -> Meld:
    """A run laid out exactly as given, lowest rank `lo`."""
    ids = tiles.many(tokens)
    colour = next(FACE_TO_ID[tok] // 13 for tok in tokens if not WILD_CAPABLE[FACE_TO_ID[tok]])
    wild = next((i for i, t in enumerate(ids) if t >> 1 != natural_face(colour, lo + i)), -1)
    return Meld(RUN, colour, lo, tuple(ids), wild)


def pierna(tiles: Tiles, *tokens: str) -> Meld:
    meld = build(tiles.many(tokens))
    assert meld is not None and meld.kind == SET, tokens
    return meld


def table(
    *,
    players: int = 2,
    racks: Sequence[Sequence[str]],
    melds: tuple[Sequence[Meld], Sequence[Meld]] = ((), ()),
    tiles: Tiles | None = None,
    pozo: Sequence[str] = (),
    stock_top: Sequence[str] = (),
    stock_size: int | None = None,
    muertos: tuple[str, str] = ("waiting", "waiting"),
    muerto_tiles: tuple[Sequence[str], Sequence[str]] | None = None,
    phase: str = "meld",
    turn: int = 0,
    scores: tuple[int, int] = (0, 0),
    target: int = 2000,
    hand: int = 1,
    privilege: bool = False,
) -> BuraccoState:
    """A position; `melds` must be built with the same `tiles`."""
    tiles = tiles or Tiles()
    state = BuraccoState(players, Options(target=target), seed=99, deal=False)
    state.racks = [tiles.many(r) for r in racks]
    state.melds = [list(melds[0]), list(melds[1])]
    state.pozo = tiles.many(pozo)
    top = tiles.many(stock_top)
    state.muerto_state = [STATES[m] for m in muertos]
    state.muertos = [[], []]
    for side in (0, 1):
        if state.muerto_state[side] == WAITING:
            given = muerto_tiles[side] if muerto_tiles else ()
            state.muertos[side] = tiles.many(given) if given else [tiles.free.pop() for _ in range(11)]
    rest = list(tiles.free)
    tiles.free.clear()
    if stock_size is not None:
        extra, rest = rest[: len(rest) - stock_size], rest[len(rest) - stock_size :]
        # tiles that fit nowhere else sit in the pozo's bottom (already played)
        state.pozo = extra + state.pozo
    state.stock = rest + top
    state.phase = phase
    state.turn = turn
    state.scores = list(scores)
    state.hand = hand
    state.first_seat = 0
    state.privilege = privilege
    state._actors = (turn,)
    return state


def new_match(players: int, seed: int, options: dict[str, object] | None = None) -> BuraccoState:
    """A fresh match, typed as Buracco's state."""
    from tapete.games.buracco import GAME

    state = GAME.new_match(players, seed, options)
    assert isinstance(state, BuraccoState)
    return state


def faces(tiles: Sequence[int]) -> list[str]:
    """Face tokens in face order, as views list them."""
    return [FACES[f] for f in sorted(t >> 1 for t in tiles)]


def play(state: BuraccoState, seat: int, *steps: dict[str, object]) -> list[Event]:
    """Apply actions given in their JSON form; return all events."""
    events: list[Event] = []
    for step in steps:
        events.extend(state.apply(seat, state.action_from_json(step)))
    return events


def lay(state: BuraccoState, seat: int, *tokens: str, high: bool = False) -> list[Event]:
    """Stage the tiles one by one and commit them as a new meld."""
    steps: list[dict[str, object]] = [{"type": "stage", "tile": t} for t in tokens]
    steps.append({"type": "commit", "wild_end": "high" if high else "low"})
    return play(state, seat, *steps)


def extend(slot: int, token: str, end: str = "low") -> dict[str, object]:
    return {"type": "extend", "meld": slot, "tile": token, "end": end}


def total_tiles(state: BuraccoState) -> int:
    return len(state.card_ids())


__all__ = ["Tiles", "extend", "faces", "lay", "new_match", "pierna", "play", "run", "table", "total_tiles"]
