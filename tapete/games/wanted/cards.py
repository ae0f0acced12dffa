"""The 54 WANTED outlaws as data (WAN-1, WAN-2), loaded from `outlaws.json`.

Card ids 0..53 are positions in the file: picas A..K (0-12), corazones
(13-25), tréboles (26-38), diamantes (39-51), then joker-rojo (52) and
joker-negro (53). A face token is "<rank>-<suit>" ("A-picas",
"10-corazones") or "joker-<color>"; every face is unique, so a token names
one physical card. The figures (skill, modifiers, reward) are tapete's
ruling WAN-2, kept as data so a group can print its own deck.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from typing import Any

NUM_CARDS = 54
NO_SUIT = -1

SUIT_NAMES: dict[str, tuple[str, ...]] = {
    "es": ("picas", "corazones", "tréboles", "diamantes"),
    "en": ("spades", "hearts", "clubs", "diamonds"),
}
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")


def _load() -> dict[str, Any]:
    text = resources.files(__name__.rpartition(".")[0]).joinpath("outlaws.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


_DATA = _load()
SUITS: tuple[str, ...] = tuple(_DATA["suits"])
OUTLAWS: tuple[dict[str, Any], ...] = tuple(_DATA["outlaws"])
assert len(OUTLAWS) == NUM_CARDS, "outlaws.json must hold 54 outlaws (WAN-1)"


def _suit_index(name: str | None) -> int:
    return NO_SUIT if name is None else SUITS.index(name)


def _modifier(entry: dict[str, Any] | None) -> tuple[int, int]:
    if entry is None:
        return NO_SUIT, 0
    return _suit_index(entry["suit"]), int(entry["value"])


FACES: tuple[str, ...] = tuple(o["face"] for o in OUTLAWS)
FACE_TO_ID: dict[str, int] = {face: card for card, face in enumerate(FACES)}
NAMES: tuple[str, ...] = tuple(o["name"] for o in OUTLAWS)
RANKS: tuple[str, ...] = tuple(o["rank"] for o in OUTLAWS)
SUIT: tuple[int, ...] = tuple(_suit_index(o["suit"]) for o in OUTLAWS)
SKILL: tuple[int, ...] = tuple(int(o["skill"]) for o in OUTLAWS)
REWARD: tuple[int, ...] = tuple(int(o["reward"]) for o in OUTLAWS)
INC_SUIT: tuple[int, ...] = tuple(_modifier(o["increment"])[0] for o in OUTLAWS)
INC_VALUE: tuple[int, ...] = tuple(_modifier(o["increment"])[1] for o in OUTLAWS)
DEC_SUIT: tuple[int, ...] = tuple(_modifier(o["decrement"])[0] for o in OUTLAWS)
DEC_VALUE: tuple[int, ...] = tuple(_modifier(o["decrement"])[1] for o in OUTLAWS)
assert len(set(FACES)) == NUM_CARDS, "face tokens must be unique"


def card_id(face: str) -> int:
    """The id of the card named by `face` (KeyError if none)."""
    return FACE_TO_ID[face]


def reward_of(cards: Iterable[int]) -> int:
    return sum(REWARD[c] for c in cards)


def card_face(card: int) -> str:
    """The face token of physical card `card` (e.g. "A-picas")."""
    if not 0 <= card < NUM_CARDS:
        raise ValueError(f"no WANTED card has id {card}")
    return FACES[card]


def face_name(face: str, lang: str) -> str:
    """A face token as people read it: "J♠ Jacinto «el Lobo» Carrasco"; "?" for an unknown one."""
    if face not in FACE_TO_ID:
        return "?"
    card = FACE_TO_ID[face]
    if SUIT[card] == NO_SUIT:
        color = FACES[card].split("-", 1)[1]
        joker = {"es": f"Joker {color}", "en": "Red Joker" if color == "rojo" else "Black Joker"}
        return f"{joker.get(lang, joker['en'])} ({NAMES[card]})"
    return f"{RANKS[card]}{SUIT_SYMBOLS[SUIT[card]]} {NAMES[card]}"


def short_face_name(face: str, lang: str) -> str:
    """A face token in short, for tables and recaps: "J♠", "10♦", "JK rojo" / "JK red"."""
    rank, _, colour = face.partition("-")
    if rank == "joker":
        return f"JK {colour if lang == 'es' else {'rojo': 'red', 'negro': 'black'}.get(colour, colour)}"
    card = FACE_TO_ID[face]
    return f"{RANKS[card]}{SUIT_SYMBOLS[SUIT[card]]}"
