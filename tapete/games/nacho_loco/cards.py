"""The Nacho Loco deck as data (NAC-1, NAC-2), loaded from `designs.json`.

A *card* is one of the 94 physical cards (ids 0..93, in the file's order).
A *design* is a distinct face: the single-colour cards come twice, so the 94
cards show 88 designs (ids 0..87, in order of first appearance; The Closer
is the last). A design lists its three segments clockwise.

Segment codes (small ints so the geometry tables stay cheap): 0 is "no
contact" (never on a card), 1..6 the colours, 7..9 the actions, 10 the black
X, 11 The Closer's sides.
"""

from __future__ import annotations

import json
from importlib import resources

_DATA = json.loads(resources.files(__package__).joinpath("designs.json").read_text(encoding="utf-8"))

COLOURS: tuple[str, ...] = tuple(_DATA["colours"])
ACTIONS: tuple[str, ...] = tuple(_DATA["actions"])
BLANK: str = _DATA["blank"]
CLOSER_NAME: str = _DATA["closer"]  # the face token of The Closer
CLOSER_SIDE: str = _DATA["closer_segment"]  # the name of its sides

NONE = 0
SKIP_NEXT, GO_AGAIN, DRAW3 = 7, 8, 9  # Saltar siguiente, Otra vez, El rival roba 3
X = 10
CLOSER_SEGMENT = 11
NUM_CODES = 11  # codes that may face an empty cell: 0..10

SEGMENT_NAMES: tuple[str, ...] = ("", *COLOURS, *ACTIONS, BLANK, CLOSER_SIDE)
SEGMENT_CODE: dict[str, int] = {name: code for code, name in enumerate(SEGMENT_NAMES) if name}


def is_colour(code: int) -> bool:
    return 1 <= code <= 6


def is_action(code: int) -> bool:
    return SKIP_NEXT <= code <= DRAW3


def _load() -> tuple[list[tuple[int, int, int]], list[str], list[int], list[str]]:
    designs: list[tuple[int, int, int]] = []
    tokens: list[str] = []
    card_design: list[int] = []
    kinds: list[str] = []
    for entry in _DATA["cards"]:
        segments = tuple(SEGMENT_CODE[s] for s in entry["segments"])
        if len(segments) != 3:
            raise ValueError(f"designs.json: a card has 3 segments, not {entry['segments']}")
        if segments not in designs:
            designs.append(segments)
            tokens.append("/".join(entry["segments"]) if entry["kind"] != "closer" else CLOSER_NAME)
            kinds.append(entry["kind"])
        card_design.append(designs.index(segments))
    return designs, tokens, card_design, kinds


DESIGNS, DESIGN_TOKENS, CARD_DESIGN, DESIGN_KINDS = _load()
NUM_DESIGNS = len(DESIGNS)
NUM_CARDS = len(CARD_DESIGN)
CLOSER = DESIGN_KINDS.index("closer")  # The Closer's design id
CLOSER_CARD = CARD_DESIGN.index(CLOSER)  # and its card id
TOKEN_DESIGN: dict[str, int] = {tok: d for d, tok in enumerate(DESIGN_TOKENS)}


CARD_FACES = tuple(DESIGN_TOKENS[d] for d in CARD_DESIGN)  # card id -> its face token


def card_face(card: int) -> str:
    """The face token of physical card `card` (e.g. "rojo/verde/X")."""
    return CARD_FACES[card]


def design_names(design: int) -> list[str]:
    """The segment names of a design, clockwise."""
    return [SEGMENT_NAMES[c] for c in DESIGNS[design]]


SEGMENT_LABELS = {
    "es": dict(
        zip(
            (*COLOURS, *ACTIONS, BLANK, CLOSER_SIDE),
            (
                "rojo",
                "naranja",
                "amarillo",
                "verde",
                "azul",
                "marrón",
                "Saltar siguiente",
                "Otra vez",
                "El rival roba 3",
                "X",
                "cierre",
            ),
            strict=True,
        )
    ),
    "en": dict(
        zip(
            (*COLOURS, *ACTIONS, BLANK, CLOSER_SIDE),
            (
                "red",
                "orange",
                "yellow",
                "green",
                "blue",
                "brown",
                "Skip Next",
                "Go Again",
                "Opponent Draws 3",
                "X",
                "closer",
            ),
            strict=True,
        )
    ),
}


def segment_name(name: str | None, lang: str) -> str:
    """A segment as people read it ("—" for none)."""
    if not name:
        return "—"
    return SEGMENT_LABELS["es" if lang == "es" else "en"].get(name, name)


def face_name(face: str, lang: str) -> str:
    """A face token in a sentence: "rojo · verde · en blanco", "El Cerrador" (never the token)."""
    if face == CLOSER_NAME:
        return short_face_name(face, lang)
    blank = "en blanco" if lang == "es" else "blank"
    return " · ".join(blank if part == BLANK else segment_name(part, lang) for part in face.split("/"))


def short_face_name(face: str, lang: str) -> str:
    """A face token in short, segment by segment: "rojo/verde/X" -> "red/green/X", "The Closer"."""
    if face == CLOSER_NAME:
        return "El Cerrador" if lang == "es" else "The Closer"
    return "/".join(segment_name(part, lang) for part in face.split("/"))
