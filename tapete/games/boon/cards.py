"""The Boon deck as data (BOO-1, BOO-2, BOO-3).

Card ids 0..31: azul 1-6, verde 1-6, rojo 1-6, then oro 1-14. A card's face
token is "<suit>-<rank>", e.g. "oro-14", "azul-5". Every face is unique, so
a token names one physical card.
"""

from __future__ import annotations

AZUL, VERDE, ROJO, ORO = 0, 1, 2, 3
SUITS: tuple[str, ...] = ("azul", "verde", "rojo", "oro")
SUIT_NAMES: dict[str, tuple[str, ...]] = {
    "es": ("azul", "verde", "rojo", "oro"),
    "en": ("blue", "green", "red", "gold"),
}
SIDE_RANKS = 6
GOLD_RANKS = 14
NUM_CARDS = 3 * SIDE_RANKS + GOLD_RANKS  # 32
TOTAL_POINTS = 120
VICTORY_CARDS = 20
VICTORY_PER_PLAYER = 5


def _build() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    suits: list[int] = []
    ranks: list[int] = []
    for suit in (AZUL, VERDE, ROJO):
        for rank in range(1, SIDE_RANKS + 1):
            suits.append(suit)
            ranks.append(rank)
    for rank in range(1, GOLD_RANKS + 1):
        suits.append(ORO)
        ranks.append(rank)
    return tuple(suits), tuple(ranks), tuple(_points(s, r) for s, r in zip(suits, ranks, strict=True))


def _points(suit: int, rank: int) -> int:
    """BOO-2: 4 -> 4, 5 -> 10, 6 -> 11 in every suit; gold 7-10 -> 2, 11-14 -> 3."""
    if rank in (4, 5, 6):
        return {4: 4, 5: 10, 6: 11}[rank]
    if suit == ORO and 7 <= rank <= 10:
        return 2
    if suit == ORO and rank >= 11:
        return 3
    return 0


SUIT, RANK, POINTS = _build()
FACES: tuple[str, ...] = tuple(f"{SUITS[s]}-{r}" for s, r in zip(SUIT, RANK, strict=True))
FACE_TO_ID: dict[str, int] = {face: card for card, face in enumerate(FACES)}
# Trick-taking power (BOO-1, BOO-8): any gold beats any side card; within a
# suit the higher rank wins. Side cards only win when their suit was led.
POWER: tuple[int, ...] = tuple(100 + r if s == ORO else r for s, r in zip(SUIT, RANK, strict=True))
SUIT_BIT: tuple[int, ...] = tuple(1 << s for s in SUIT)


def card_id(suit: int, rank: int) -> int:
    """The id of the card of `suit` and `rank`."""
    return suit * SIDE_RANKS + rank - 1


# BOO-4: with 3 players verde 1 and rojo 1 leave the deck (both worth 0).
REMOVED_FOR_THREE: tuple[int, ...] = (card_id(VERDE, 1), card_id(ROJO, 1))


def card_face(card: int) -> str:
    """The face token of physical card `card` (e.g. "oro-14")."""
    if not 0 <= card < NUM_CARDS:
        raise ValueError(f"no Boon card has id {card}")
    return FACES[card]


def face_name(face: str, lang: str) -> str:
    """A face token as people read it: "oro-14" -> "oro 14" / "gold 14" (an unknown token as it is)."""
    card = FACE_TO_ID.get(face)
    if card is None:
        return face
    names = SUIT_NAMES["es" if lang == "es" else "en"]
    return f"{names[SUIT[card]]} {RANK[card]}"


def points_of(cards: list[int]) -> int:
    return sum(POINTS[c] for c in cards)
