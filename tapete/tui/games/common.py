"""Pieces the game boards share: words in two languages, card cells and boxes."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from rich.text import Text

from ..boards import DIGITS, Board, Painter
from ..match import Move, Snapshot

BACK_STYLE = "grey50"
# One shape per colour in every game, so colour is never the only cue and a shape means one
# colour on every board (gold, Boon's trumps, a star).
COLOUR_GLYPHS = {
    "rojo": "●", "azul": "■", "verde": "▲", "amarillo": "◆", "violeta": "▼", "naranja": "✦",
    "marron": "✚", "negro": "⬢", "oro": "★",
}  # fmt: skip


def say(lang: str, es: str, en: str) -> str:
    return en if lang == "en" else es


def cell(label: str, style: str, width: int = 3, *, dim: bool = False) -> Text:
    """A card one line tall: its label centred on the card's colour."""
    text = Text(f"{label:^{width}}", style=style)
    if dim:
        text.stylize("dim")
    return text


def back_cell(width: int = 3) -> Text:
    return Text("░" * width, style=BACK_STYLE)


def box(label: str | Text, style: str, width: int = 3, *, dim: bool = False, marked: bool = False) -> list[Text]:
    """A card three lines tall: a border in the card's colour around its label."""
    edge = style.split(" on ")[-1] if " on " in style else (style or "white")
    if dim:
        edge = "grey35"
    if marked:
        edge = "bold reverse " + edge
    middle = label if isinstance(label, Text) else Text(f"{label:^{width}}", style=style)
    if dim:
        middle.stylize("dim")
    return [
        Text("╭" + "─" * width + "╮", style=edge),
        Text("│", style=edge) + middle + Text("│", style=edge),
        Text("╰" + "─" * width + "╯", style=edge),
    ]


def back_box(width: int = 3) -> list[Text]:
    return box(Text("░" * width, style=BACK_STYLE), BACK_STYLE, width)


def blank(width: int, height: int = 3) -> list[Text]:
    return [Text(" " * width) for _ in range(height)]


def wrapped(p: Painter, text: str, width: int, style: str = "") -> None:
    """Text on new lines, each of its lines wrapped to the board's width (its indent kept)."""
    for given in text.splitlines():
        indent = given[: len(given) - len(given.lstrip())]
        for line in textwrap.wrap(given, max(20, width), subsequent_indent=indent) or [""]:
            p.newline()
            p.add(line, style)


def moves_of(snap: Snapshot, kind: str, **fields: Any) -> list[Move]:
    return [m for m in snap.moves if m.data.get("type") == kind and all(m.data.get(k) == v for k, v in fields.items())]


PAGE_KEY = "space"  # the digits move on to the next ten cards of a long hand


def keyed_by_position(
    moves: list[Move], faces: Sequence[str | None], kinds: tuple[str, ...], page: int = 0
) -> dict[str, int]:
    """Digit N plays the N-th card of the hand's page (1..9, then 0), if that is legal
    (a None is a gap a card left: its digit plays nothing)."""
    keys: dict[str, int] = {}
    first = page * len(DIGITS)
    for i, face in enumerate(faces[first : first + len(DIGITS)]):
        if face is None:
            continue
        for move in moves:
            if move.data.get("type") in kinds and move.data.get("card") == face:
                keys[DIGITS[i]] = move.action
                break
    return keys


def next_page(page: int, hand_size: int) -> int | None:
    """The page space turns to, or None when the hand fits on one page."""
    if hand_size <= len(DIGITS):
        return None
    return (page + 1) % -(-hand_size // len(DIGITS))


def seat_label(snap: Snapshot, seat: int) -> str:
    return snap.names[seat] if 0 <= seat < len(snap.names) else str(seat)


def stable_slots(slots: list[str | None], hand: list[str]) -> list[str | None]:
    """`hand` laid on `slots` so that cards keep their places: a card gone leaves a
    gap (None), a card come in fills the first gap (or goes at the end)."""
    out = list(slots)
    wanted = Counter(hand)
    held = Counter(f for f in out if f is not None)
    for i in reversed(range(len(out))):
        face = out[i]
        if face is not None and held[face] > wanted[face]:
            held[face] -= 1
            out[i] = None
    for face in hand:
        if held[face] < wanted[face]:
            held[face] += 1
            gap = next((i for i, f in enumerate(out) if f is None), len(out))
            if gap == len(out):
                out.append(face)
            else:
                out[gap] = face
    while out and out[-1] is None:
        out.pop()
    return out


def hand_row(
    p: Painter,
    hand: Sequence[str | None],
    playable: dict[str, int],
    keys: dict[int, str],
    card_text: Any,
    big: bool,
    width: int = 80,
) -> None:
    """A hand of cards with each playable card's key under it; unplayable ones
    dimmed; as many lines as the width asks."""
    step = 6 if big else 4
    per_line = max(1, width // step)
    for start in range(0, len(hand), per_line):
        row = hand[start : start + per_line]
        if big:
            p.block(4)
            for face in row:
                if face is None:  # a gap a card left (its key stays free)
                    p.column(blank(5, 4))
                    p.column([Text(" ")] * 4)
                    continue
                label, style = card_text(face)
                action = playable.get(face)
                key = keys.get(action, "") if action is not None else ""
                parts = box(label, style, dim=bool(playable) and action is None)
                p.column([*parts, Text(f"{key:^5}", "bold cyan")], hit=("card", face))
                p.column([Text(" ")] * 4)
            continue
        p.newline()
        line_keys = Text()
        for face in row:
            if face is None:
                p.add("    ")
                line_keys.append("    ")
                continue
            label, style = card_text(face)
            action = playable.get(face)
            p.add(cell(label, style, dim=bool(playable) and action is None), hit=("card", face))
            p.add(" ")
            key = keys.get(action, "") if action is not None else ""
            line_keys.append(f"{key:^3} ", "bold cyan")
        p.newline()
        p.add(line_keys)


def flow(p: Painter, piece: Text, width: int, gap: str, hit: Any = None) -> None:
    """Add `piece` after `gap` on the current line, or on a new line when it would not fit;
    a piece wider than a whole line is cut into lines."""
    line = p.lines[-1]
    if line.cell_len and line.cell_len + len(gap) + piece.cell_len > width:
        p.newline()
    elif line.cell_len:
        p.add(gap)
    while piece.cell_len > width:
        head, piece = piece[:width], piece[width:]
        p.add(head, hit=hit)
        p.newline()
    p.add(piece, hit=hit)


class PagedHandBoard(Board):
    """A board whose hand keeps its cards' digits (`slots`: a card gone leaves a gap) and
    shows ten of them at a time: space turns to the next ten while a move of one of
    `PAGED_MOVES` is open. A subclass lays out `slots` in `_arrange`."""

    PAGED_MOVES: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.page = 0  # which ten cards of the hand the digits play (space: the next ten)
        self.slots: list[str | None] = []  # the hand as shown

    def _arrange(self, snap: Snapshot) -> None:
        raise NotImplementedError

    def show(self, snap: Snapshot, lang: str) -> None:
        self._arrange(snap)
        if next_page(self.page, len(self.slots)) is None or self.page * 10 >= len(self.slots):
            self.page = 0
        super().show(snap, lang)

    def key_state(self) -> Hashable:
        return self.page

    def set_key_state(self, state: Hashable) -> None:
        self.page = state  # type: ignore[assignment]

    def press(self, key: str, snap: Snapshot) -> bool:
        """Space: the digits move on to the next ten cards of a long hand."""
        turned = next_page(self.page, len(self.slots)) if key == PAGE_KEY else None
        if turned is None or not any(m.data.get("type") in self.PAGED_MOVES for m in snap.moves):
            return False
        self.page = turned
        return True
