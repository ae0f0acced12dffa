"""The Bacan deck as data (BAC-1, BAC-2).

58 cards: five suits (colours) x (numbers 1-7 + Secreto, Espía, Intercambio,
+1) and three comodines. Card ids 0..57: suit * 11 + rank - 1 for the 55
suited cards, then 55, 56, 57 for the comodines. Suits have no rules effect;
they only tell two cards of the same rank apart on screen.
"""

from __future__ import annotations

NUM_CARDS = 58

SUITS: tuple[str, ...] = ("rojo", "azul", "verde", "amarillo", "violeta")
SUIT_NAMES: dict[str, dict[str, str]] = {
    "rojo": {"es": "rojo", "en": "red"},
    "azul": {"es": "azul", "en": "blue"},
    "verde": {"es": "verde", "en": "green"},
    "amarillo": {"es": "amarillo", "en": "yellow"},
    "violeta": {"es": "violeta", "en": "purple"},
}

# Ranks: numbers 1..7, then the four powers and the comodín.
SECRETO = 8
ESPIA = 9
INTERCAMBIO = 10
MAS1 = 11
COMODIN = 12
POWER_RANKS = (SECRETO, ESPIA, INTERCAMBIO, MAS1)

RANK_TOKENS: dict[int, str] = {
    **{r: str(r) for r in range(1, 8)},
    SECRETO: "secreto",
    ESPIA: "espia",
    INTERCAMBIO: "intercambio",
    MAS1: "mas1",
}
RANK_NAMES: dict[int, dict[str, str]] = {
    **{r: {"es": str(r), "en": str(r)} for r in range(1, 8)},
    SECRETO: {"es": "Secreto", "en": "Secreto (peek)"},
    ESPIA: {"es": "Espía", "en": "Espía (spy)"},
    INTERCAMBIO: {"es": "Intercambio", "en": "Intercambio (swap)"},
    MAS1: {"es": "+1", "en": "+1"},
    COMODIN: {"es": "comodín", "en": "comodín (joker)"},
}

JOKER_FACE = "comodin"
JOKERS: tuple[int, ...] = (55, 56, 57)


def _build() -> tuple[list[int], list[int], list[str]]:
    ranks: list[int] = []
    values: list[int] = []
    faces: list[str] = []
    for suit in SUITS:
        for rank in range(1, 12):
            ranks.append(rank)
            values.append(rank if rank <= 7 else 10)
            faces.append(f"{suit}-{RANK_TOKENS[rank]}")
    for _ in JOKERS:
        ranks.append(COMODIN)
        values.append(-1)
        faces.append(JOKER_FACE)
    return ranks, values, faces


RANK, VALUE, FACE = _build()
"""Per card id: its rank (1..12), its value when scoring (BAC-2), its face token."""

FACES: frozenset[str] = frozenset(FACE)
FACE_RANK: dict[str, int] = {f: RANK[c] for c, f in enumerate(FACE)}
FACE_VALUE: dict[str, int] = {f: VALUE[c] for c, f in enumerate(FACE)}


def is_power(card: int) -> bool:
    """A power card proper (not the comodín)."""
    return SECRETO <= RANK[card] <= MAS1


def is_joker(card: int) -> bool:
    return RANK[card] == COMODIN


def card_face(card: int) -> str:
    """The face token of physical card `card` (e.g. "rojo-7")."""
    return FACE[card]


def face_name(face: str, lang: str) -> str:
    """A face token in words: "7 rojo" / "red 7", "Espía azul", "comodín"; "?" for no face."""
    if not face:
        return "?"
    if face == JOKER_FACE:
        return RANK_NAMES[COMODIN][lang]
    suit, _, _ = face.partition("-")
    rank = RANK_NAMES[FACE_RANK[face]][lang]
    colour = SUIT_NAMES[suit][lang]
    return f"{rank} {colour}" if lang == "es" else f"{colour} {rank}"
