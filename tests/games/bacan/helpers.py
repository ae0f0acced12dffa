"""Build Bacan states in exact situations for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tapete.engine import Event, parse_options
from tapete.games import get_game
from tapete.games.bacan.actions import action_space
from tapete.games.bacan.cards import FACE, JOKERS, NUM_CARDS
from tapete.games.bacan.options import Options
from tapete.games.bacan.rules import BacanState

GAME = get_game("bacan")
_FACE_ID = {f: c for c, f in enumerate(FACE) if f != "comodin"}


def cid(face: str) -> int:
    """The card id of a face token; "comodin1".."comodin3" name the three jokers."""
    if face.startswith("comodin"):
        return JOKERS[int(face[-1]) - 1] if face != "comodin" else JOKERS[0]
    return _FACE_ID[face]


def table(
    rows: Sequence[Sequence[str]],
    *,
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    current: int = 0,
    dealer: int | None = None,
    phase: str = "turn",
    options: dict[str, Any] | None = None,
    turns: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    in_play: Sequence[bool] | None = None,
    held: str | None = None,
    held_source: str = "",
    last_discarder: int = -1,
) -> BacanState:
    """A round in progress. `deck` lists cards top first; every card not
    placed anywhere goes below them, so all 58 cards are always present.
    Nobody knows any row card unless the test says so (`know`)."""
    n = len(rows)
    state = BacanState(n, parse_options(Options, options or {}), 12345)
    state.rows = [[cid(f) for f in row] for row in rows]
    top_first = [cid(f) for f in deck]
    state.discard = [cid(f) for f in discard]
    placed = {c for row in state.rows for c in row} | set(top_first) | set(state.discard)
    if held is not None:
        placed.add(cid(held))
    assert len(placed) == sum(map(len, state.rows)) + len(top_first) + len(state.discard) + (held is not None)
    rest = [c for c in range(NUM_CARDS) if c not in placed]
    state.deck = rest + top_first[::-1]
    state.known = [0] * NUM_CARDS
    for c in state.discard:
        state.known[c] = state.public
    state.phase = phase
    state.round = 1
    state.current = current
    state.dealer = (current - 1) % n if dealer is None else dealer
    state.turns = list(turns) if turns is not None else [0] * n
    state.scores = list(scores) if scores is not None else [0] * n
    state.in_play = list(in_play) if in_play is not None else [True] * n
    state.last_discarder = last_discarder
    if held is not None:
        state.held = cid(held)
        state.held_source = held_source or "deck"
        state.known[state.held] = state.public if held_source == "discard" else 1 << current
    state._legal = {}
    state._refresh()
    return state


def new_match(n: int, seed: int, options: dict[str, Any] | None = None) -> BacanState:
    """A fresh match (typed as Bacan's state)."""
    state = GAME.new_match(n, seed, options)
    assert isinstance(state, BacanState)
    return state


def know(state: BacanState, seat: int, face: str) -> None:
    """Make `seat` know the card `face` (as after a peek)."""
    state.known[cid(face)] |= 1 << seat


def act(state: BacanState, who: int, /, **action: Any) -> list[Event]:
    """Apply an action of seat `who`, given in its JSON form."""
    return state.apply(who, state.action_from_json(action))


def aid(state: BacanState, **action: Any) -> int:
    return state.action_from_json(action)


def faces(state: BacanState, seat: int) -> list[str]:
    return [FACE[c] for c in state.rows[seat]]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def space(n: int) -> Any:
    return action_space(n)
