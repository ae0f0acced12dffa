"""Buracco's 106 tiles as data (BUR-1, BUR-2).

A *face* is what is printed on a tile: colour and number, or the comodín.
Faces 0..51 are colour * 13 + (number - 1); face 52 is the comodín.
Each numbered face exists twice and the comodín twice, so physical tile id t
shows face t >> 1 (ids 0..103 numbered, 104 and 105 the comodines).
"""

from __future__ import annotations

COLOURS = ("rojo", "negro", "azul", "amarillo")
COLOURS_EN = ("red", "black", "blue", "yellow")
NUMBERS = 13
JOKER = 52
NUM_FACES = 53
NUM_TILES = 106
MUERTO_SIZE = 11


def face_of(tile: int) -> int:
    """The face shown by physical tile `tile`."""
    return tile >> 1


def make_face(colour: int, number: int) -> int:
    return colour * NUMBERS + number - 1


def colour_of(face: int) -> int:
    """Colour index of a numbered face (undefined for the comodín)."""
    return face // NUMBERS


def number_of(face: int) -> int:
    """Number 1..13 of a numbered face (undefined for the comodín)."""
    return face % NUMBERS + 1


def _value(face: int) -> int:
    """BUR-2: 1 -> 15; 2 -> 20; 3-7 -> 5; 8-13 -> 10; comodín -> 50."""
    if face == JOKER:
        return 50
    number = number_of(face)
    if number == 1:
        return 15
    if number == 2:
        return 20
    return 5 if number <= 7 else 10


def _token(face: int) -> str:
    if face == JOKER:
        return "comodin"
    return f"{COLOURS[colour_of(face)]}-{number_of(face)}"


# Every 2 and the comodín may act as a wild (BUR-1, BUR-9).
WILD_CAPABLE = tuple(f == JOKER or f % NUMBERS == 1 for f in range(NUM_FACES))
VALUES = tuple(_value(f) for f in range(NUM_FACES))
FACES = tuple(_token(f) for f in range(NUM_FACES))
FACE_TO_ID = {token: f for f, token in enumerate(FACES)}
TILE_VALUES = tuple(VALUES[face_of(t)] for t in range(NUM_TILES))


def card_face(tile: int) -> str:
    """The face token of physical tile `tile` (e.g. "rojo-7")."""
    return FACES[face_of(tile)]


def face_name(face: str, lang: str) -> str:
    """A face token for people: "rojo 7" / "red 7", "comodín" / "joker" (an unknown token as it is)."""
    index = FACE_TO_ID.get(face)
    if index is None:
        return face
    if index == JOKER:
        return "comodín" if lang == "es" else "joker"
    colours = COLOURS if lang == "es" else COLOURS_EN
    return f"{colours[colour_of(index)]} {number_of(index)}"


# Muerto states (BUR-17, BUR-20): their ids in a state, their names in a view.
WAITING = 0
TAKEN = 1
LOST = 2  # became the stock
MUERTO_STATES = ("waiting", "taken", "lost")
