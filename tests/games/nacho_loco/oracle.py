"""An independent judge of Nacho Loco's killer close (NAC-11), written from
the rules file and not from the game's geometry.

It reads only a view's field (cells and the segment each side shows) and the
deck's catalogue in designs.json. Cells are triangles of the plane: their
corners are points of a lattice, two cells touch when they share two
corners, and an empty cell touching the field is a place to play, however
far out (NAC-3). A design fits there in some rotation when it touches and
its contacts match (NAC-4): the same colour or the same action, an X
matching nothing. The field is dead when no design but The Closer fits any
such cell.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources
from typing import Any

Point = tuple[int, int]
Edge = frozenset[Point]


def corners(x: int, y: int) -> list[Point]:
    """The cell's corners clockwise from the start of side 0, in half-width
    columns and rows: an up triangle (x + y even) has its apex on top."""
    if (x + y) % 2 == 0:
        return [(x, y + 1), (x + 1, y), (x + 2, y + 1)]  # bottom-left, apex, bottom-right
    return [(x, y), (x + 2, y), (x + 1, y + 1)]  # top-left, top-right, bottom


def edges(x: int, y: int) -> list[Edge]:
    """Side k runs from corner k to corner k + 1."""
    c = corners(x, y)
    return [frozenset((c[k], c[(k + 1) % 3])) for k in range(3)]


def cell_across(x: int, y: int, side: int) -> tuple[tuple[int, int], int]:
    """The other cell sharing that side, and which of its sides it is: found
    by searching the cells around for the same two corners."""
    edge = edges(x, y)[side]
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx, dy) == (0, 0):
                continue
            theirs = edges(x + dx, y + dy)
            if edge in theirs:
                return (x + dx, y + dy), theirs.index(edge)
    raise AssertionError(f"no cell across side {side} of {(x, y)}")


@cache
def catalogue() -> tuple[tuple[str, str, str], ...]:
    """Every normal design (The Closer excepted), as three segment names."""
    text = resources.files("tapete.games.nacho_loco").joinpath("designs.json").read_text(encoding="utf-8")
    designs: set[tuple[str, str, str]] = set()
    for entry in json.loads(text)["cards"]:
        if entry["kind"] != "closer":
            first, second, third = entry["segments"]
            designs.add((first, second, third))
    return tuple(sorted(designs))


def empty_neighbours(field: Iterable[dict[str, Any]]) -> dict[tuple[int, int], list[str | None]]:
    """Every empty cell touching the field, with what each of its sides faces."""
    shown = {tuple(c["cell"]): c["sides"] for c in field}
    found: dict[tuple[int, int], list[str | None]] = {}
    for (x, y), sides in shown.items():
        for side in range(3):
            other, other_side = cell_across(x, y, side)
            if other in shown:
                continue
            found.setdefault(other, [None, None, None])[other_side] = sides[side]
    return found


@cache
def fits_somewhere(contacts: tuple[str | None, ...], all_must_match: bool) -> bool:
    """Some normal design fits a cell whose sides face `contacts` (NAC-4)."""
    touching = [c for c in contacts if c is not None]
    if not touching:
        return False
    for design in catalogue():
        for turn in range(3):
            shown = design[turn:] + design[:turn]  # a rotation keeps the clockwise order
            good = sum(1 for need, seg in zip(contacts, shown, strict=True) if need not in (None, "X") and need == seg)
            wanted = len(touching) if all_must_match else 1
            if good >= wanted:
                return True
    return False


def dead(field: Sequence[dict[str, Any]], all_must_match: bool) -> bool:
    """No normal design fits any empty cell next to the field (NAC-11)."""
    return not any(fits_somewhere(tuple(c), all_must_match) for c in empty_neighbours(field).values())


def live_cells(field: Sequence[dict[str, Any]], all_must_match: bool) -> list[tuple[int, int]]:
    """The empty cells next to the field where some normal design fits."""
    return [cell for cell, c in empty_neighbours(field).items() if fits_somewhere(tuple(c), all_must_match)]


def sides_of(token: str, rotation: int) -> list[str]:
    """What a placed card shows on sides 0, 1, 2: a design lists its segments
    clockwise and in rotation r side k shows segment (k - r) mod 3."""
    segments = token.split("/")
    if len(segments) != 3:  # The Closer: it closes the field at once (NAC-13)
        return ["cierre"] * 3
    return [segments[(k - rotation) % 3] for k in range(3)]


def judge_random_matches(
    game: Any, matches: int, players: int, options: dict[str, Any], *, first_seed: int = 0
) -> tuple[int, list[str]]:
    """Play seeded random matches; follow each field from the public events
    and judge every killer close. (killer closes seen, false ones described)."""
    all_must_match = bool(options.get("all_contacts_must_match", True))
    closes, wrong = 0, []
    for seed in range(first_seed, first_seed + matches):
        state = game.new_match(players, seed, options)
        rng = random.Random(seed)
        field: list[dict[str, Any]] = list(state.view(None)["field"])
        while not state.is_terminal():
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            events = state.apply(seat, legal[rng.randrange(len(legal))])
            for event in events:
                data = event.data
                if event.kind == "place":
                    field.append({"cell": data["cell"], "sides": sides_of(data["card"], data["rotation"])})
                elif event.kind == "close" and data["how"] == "killer":
                    closes += 1
                    if not dead(field, all_must_match):
                        wrong.append(f"seed {seed}: {len(field)} cards, open {live_cells(field, all_must_match)}")
                elif event.kind == "field_start":
                    field = list(state.view(None)["field"])  # the new field's first card (read once)
    return closes, wrong
