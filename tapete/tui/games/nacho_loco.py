"""Nacho Loco on the terminal: the triangular playfield drawn edge by edge.

Each card is a triangle whose three edges carry its segments' colours (and,
when there is room, their shapes); a shared edge is drawn once, at the
largest scale that fits (the smallest: one line per row of triangles).
Digits pick a card of your hand (space: the next ten cards); the cells
where it fits then show letters: a letter places it, or, for a cell marked
+ where it fits in several turns, picks the cell and a digit the turn.
`d` draws, `p` passes, `n` deals the next round.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from tapete.games.nacho_loco.cards import short_face_name
from tapete.games.nacho_loco.texts import PHASE_NAMES

from ..boards import DIGITS, Board, Painter, number_moves
from ..match import Move, Snapshot
from .common import COLOUR_GLYPHS, flow, moves_of, say

SEGMENT_STYLES = {
    "rojo": "bold red",
    "naranja": "bold dark_orange",
    "amarillo": "bold yellow",
    "verde": "bold green3",
    "azul": "bold dodger_blue1",
    "marron": "bold #b5651d",
    "saltar": "bold bright_cyan",
    "otravez": "bold bright_magenta",
    "roba3": "bold bright_white",
    "X": "grey42",
    "cierre": "bold white",
}
# A shape per colour (as on the web), so colour is never the only cue
SEGMENT_GLYPHS = {
    **COLOUR_GLYPHS,
    "saltar": "»",
    "otravez": "↺",
    "roba3": "3",
    "X": "×",
    "cierre": "▣",
}
OPEN_STYLE = "grey37"
# A letter per cell the picked card fits (d, n, p are draw, next round, pass)
PLACE_LETTERS = "abcefghijklmoqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
PAGE_KEY = "space"  # the digits move on to the next ten cards of a long hand
LETTERS = {"d": "draw", "p": "pass", "n": "next_round"}


def _cell_of(snap: Snapshot, move: Move) -> tuple[int, int]:
    """The cell a place move names: its slot k is the view's k-th open cell."""
    x, y = snap.view["open"][move.data["slot"]]["cell"]
    return x, y


@dataclass
class Grid:
    """Characters with styles, written cell by cell, then read as lines."""

    width: int
    height: int
    chars: list[list[str]] = field(init=False)
    styles: list[list[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]

    def put(self, col: int, line: int, char: str, style: str, *, only_empty: bool = False) -> None:
        if 0 <= line < self.height and 0 <= col < self.width:
            if only_empty and self.chars[line][col] != " ":
                return
            self.chars[line][col] = char
            self.styles[line][col] = style

    def lines(self) -> list[Text]:
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            text = Text()
            for char, style in zip(chars, styles, strict=True):
                text.append(char, style)
            out.append(text)
        return out


@dataclass
class Frame:
    """Where the field's cells land on the grid at one scale."""

    scale: int
    min_x: int
    min_y: int

    @property
    def w(self) -> int:  # columns per half triangle
        return max(2, 2 * self.scale)

    @property
    def h(self) -> int:  # lines per row of triangles (scale 0: one line, ╱▁╲ and ╲▔╱)
        return max(1, 2 * self.scale)

    def edges(self, x: int, y: int, up: bool) -> list[tuple[int, int, int, str]]:
        """(side, col, line, char) of every edge character of the cell."""
        w, h = self.w, self.h
        base_col, top = w * (x - self.min_x) + 1, h * (y - self.min_y)
        if self.scale == 0:
            if up:
                return [(0, base_col, top, "╱"), (2, base_col + 1, top, "▁"), (1, base_col + 2, top, "╲")]
            return [(2, base_col, top, "╲"), (0, base_col + 1, top, "▔"), (1, base_col + 2, top, "╱")]
        out = []
        for i in range(h):
            if up:
                left, right = base_col + h - 1 - i, base_col + w + i
                out += [(0, left, top + i, "╱"), (1, right, top + i, "╲")]
                if i == h - 1:
                    out += [(2, c, top + i, "▁") for c in range(left + 1, right)]
            else:
                left, right = base_col + i, base_col + 2 * h - 1 - i
                out += [(2, left, top + i, "╲"), (1, right, top + i, "╱")]
                if i == 0:
                    out += [(0, c, top + i, "▔") for c in range(left + 1, right)]
        return out

    def label_spot(self, x: int, y: int, up: bool) -> tuple[int, int]:
        """The column and line of a two-character label inside the cell."""
        col = self.w * (x - self.min_x) + 1 + self.w - 1
        top = self.h * (y - self.min_y)
        if self.scale == 0:
            return self.w * (x - self.min_x) + 2, top
        if up:
            return col, top + (self.h - 1 if self.scale == 1 else self.h - 2)
        return col, top + (0 if self.scale == 1 else 1)

    def span(self, x: int, y: int, up: bool, line: int) -> tuple[int, int] | None:
        """Columns of the cell on one of its lines (for clicks)."""
        cols = [c for _, c, ln, _ in self.edges(x, y, up) if ln == line]
        return (min(cols), max(cols) + 1) if cols else None


def rotated_face(face: str, rotation: int) -> str:
    """The face as it lies in a rotation: its segments on sides 0, 1, 2 (geometry.rotated)."""
    parts = face.split("/")
    if len(parts) != 3:
        return face
    return "/".join(parts[(k - rotation) % 3] for k in range(3))


def hand_token(face: str, lang: str) -> Text:
    """A card of the hand as three coloured marks, clockwise."""
    if face == "cerrador":
        return Text("[▣▣▣]", style="bold white")
    text = Text("[")
    for part in face.split("/"):
        text.append(SEGMENT_GLYPHS.get(part, "█"), SEGMENT_STYLES.get(part, ""))
    text.append("]")
    return text


class NachoLocoBoard(Board):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.selected: str | None = None  # the hand card whose placements are lettered
        self.page = 0  # which ten cards of the hand the digits pick
        self.cell: tuple[int, int] | None = None  # a cell the card fits in several ways: digits turn it

    # -- selection -------------------------------------------------------------
    def _placements(self, snap: Snapshot) -> dict[str, list[Move]]:
        out: dict[str, list[Move]] = {}
        for move in snap.moves:
            if move.data.get("type") == "place":
                out.setdefault(move.data["card"], []).append(move)
        return out

    def _current(self, snap: Snapshot) -> str | None:
        """The selected card if it can still be placed; the only playable one otherwise."""
        placements = self._placements(snap)
        if self.selected in placements:
            return self.selected
        return next(iter(placements)) if len(placements) == 1 else None

    def _cells(self, snap: Snapshot) -> list[tuple[str, tuple[int, int], list[Move]]]:
        """(letter, cell, its placements by rotation) for the picked card, cells in reading order."""
        card = self._current(snap)
        if card is None:
            return []
        by_cell: dict[tuple[int, int], list[Move]] = {}
        for move in self._placements(snap)[card]:
            by_cell.setdefault(_cell_of(snap, move), []).append(move)
        cells = sorted(by_cell, key=lambda c: (c[1], c[0]))
        return [
            (letter, cell, sorted(by_cell[cell], key=lambda m: m.data["rotation"]))
            for letter, cell in zip(PLACE_LETTERS, cells, strict=False)
        ]

    def show(self, snap: Snapshot, lang: str) -> None:
        placements = self._placements(snap)
        if self.selected not in placements:
            self.selected = None
        if self.cell not in {cell for _, cell, _ in self._cells(snap)}:
            self.cell = None
        hand = snap.view.get("hand") or []
        if self.page * len(DIGITS) >= len(hand):
            self.page = 0
        super().show(snap, lang)

    def key_state(self) -> Hashable:
        return (self.selected, self.page, self.cell)

    def set_key_state(self, state: Hashable) -> None:
        self.selected, self.page, self.cell = state  # type: ignore[misc]

    def press(self, key: str, snap: Snapshot) -> bool:
        """Digits pick a card of the hand (space: the next ten); a letter picks a
        cell the card fits in more than one way (then digits turn it)."""
        hand: list[str] = snap.view.get("hand") or []
        placements = self._placements(snap)
        if not placements:
            return False
        if key == PAGE_KEY and len(hand) > len(DIGITS):
            self.page = (self.page + 1) % -(-len(hand) // len(DIGITS))
            self.cell = None
            return True
        if key in DIGITS and self.cell is None:
            index = self.page * len(DIGITS) + DIGITS.index(key)
            if index >= len(hand) or hand[index] not in placements:
                return False
            self.selected = None if self.selected == hand[index] else hand[index]
            return True
        for letter, cell, moves in self._cells(snap):
            if key == letter and len(moves) > 1:
                self.cell = None if self.cell == cell else cell
                return True
        return False

    # -- the picture -----------------------------------------------------------
    def paint(self, snap: Snapshot, lang: str) -> Painter:
        p = Painter()
        self._header(p, snap, lang)
        below = Painter()  # the hand, measured first: the field gets the lines left
        self._hand(below, snap, lang)
        self._field(p, snap, self.size.height - len(p.lines) - (len(below.lines) - 1))
        self._hand(p, snap, lang)
        return p

    def _header(self, p: Painter, snap: Snapshot, lang: str) -> None:
        view = snap.view
        phase = PHASE_NAMES["en" if lang == "en" else "es"].get(view["phase"], view["phase"])
        turn = view.get("turn")
        width = max(30, self.size.width - 2)
        if turn is not None and 0 <= turn < len(snap.names):
            p.add(("▶ " + snap.names[turn]), "bold green" if turn == snap.seat else "bold")
            flow(p, Text(phase), width, " · ")
        flow(p, Text(say(lang, f"mazo {view['draw_pile']}", f"pile {view['draw_pile']}"), "dim"), width, " · ")
        flow(p, Text(say(lang, f"meta {view['target']}", f"target {view['target']}"), "dim"), width, " · ")
        pending = view.get("pending") or {}
        if pending.get("again"):
            flow(p, Text(say(lang, "¡otra vez!", "go again!"), "bold bright_magenta"), width, " · ")

    def _frame(self, cells: list[tuple[int, int]], lines_left: int) -> Frame:
        """The largest scale at which the field fits: 2, 1, or 0 (a line per row of triangles)."""
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        min_x, min_y = min(xs), min(ys)
        for scale in (2, 1):
            frame = Frame(scale, min_x, min_y)
            wide = frame.w * (max(xs) - min_x + 2) + 2
            tall = frame.h * (max(ys) - min_y + 1)
            if wide <= self.size.width - 2 and tall <= lines_left:
                return frame
        return Frame(0, min_x, min_y)

    def _field(self, p: Painter, snap: Snapshot, lines_left: int) -> None:
        view = snap.view
        placed = view.get("field") or []
        open_cells = view.get("open") or []
        cells = [(c["cell"][0], c["cell"][1]) for c in [*placed, *open_cells]]
        if not cells:
            return
        frame = self._frame(cells, lines_left)
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        grid = Grid(frame.w * (max(xs) - frame.min_x + 2) + 2, frame.h * (max(ys) - frame.min_y + 1))
        for i, cell in enumerate(placed):
            x, y = cell["cell"]
            for side, col, line, char in frame.edges(x, y, cell["up"]):
                grid.put(col, line, char, SEGMENT_STYLES.get(cell["sides"][side], ""))
            if i == len(placed) - 1:  # the last card played
                col, line = frame.label_spot(x, y, cell["up"])
                if frame.scale > 1:
                    grid.put(col, line, "•", "bold white")
        if frame.scale > 1:  # each edge also carries its segment's shape (smaller: the move list says them)
            for cell in placed:
                x, y = cell["cell"]
                edges = frame.edges(x, y, cell["up"])
                for side in range(3):
                    spots = [(col, line) for s, col, line, _ in edges if s == side]
                    segment = cell["sides"][side]
                    col, line = spots[len(spots) // 2]
                    grid.put(col, line, SEGMENT_GLYPHS.get(segment, "·"), SEGMENT_STYLES.get(segment, ""))
        for cell in open_cells:
            if not cell.get("live"):
                continue
            x, y = cell["cell"]
            for side, col, line, char in frame.edges(x, y, cell["up"]):
                if cell["needs"][side] is None:
                    grid.put(col, line, char, OPEN_STYLE, only_empty=True)
        up_of = {(c["cell"][0], c["cell"][1]): c["up"] for c in [*placed, *open_cells]}
        for letter, (x, y), moves in self._cells(snap):
            col, line = frame.label_spot(x, y, up_of.get((x, y), (x + y) % 2 == 0))
            label = letter + ("+" if len(moves) > 1 else "")  # +: it fits there in several turns
            style = "bold black on bright_cyan" if (x, y) == self.cell else "bold black on bright_yellow"
            for k, char in enumerate(label):
                grid.put(col + k, line, char, style)
        top = len(p.lines)
        for picture_line in grid.lines():
            p.newline()
            p.add(picture_line)
        for (x, y), up in up_of.items():
            for ln in range(frame.h):
                row = frame.h * (y - frame.min_y) + ln
                span = frame.span(x, y, up, row)
                if span is not None:
                    p.hits.append((top + row, span[0], span[1], ("cell", x, y)))

    def _hand(self, p: Painter, snap: Snapshot, lang: str) -> None:
        """The hand, wrapped to the board's width, each playable card's digit under it."""
        hand: list[str] = snap.view.get("hand") or []
        if snap.seat is None:
            return
        playable = self._placements(snap)
        current = self._current(snap)
        drawn = snap.view.get("drawn")
        p.newline()
        p.add(say(lang, "Tu mano", "Your hand"), "bold")
        if len(hand) > len(DIGITS) and playable:
            first = self.page * len(DIGITS)
            p.add(
                say(lang, f" · 1-0: {first + 1}-{first + len(DIGITS)}", f" · 1-0: {first + 1}-{first + len(DIGITS)}"),
                "dim",
            )
        per_line = max(1, (max(20, self.size.width - 3)) // 6)
        for start in range(0, len(hand), per_line):
            p.newline()
            keys = Text()
            for i in range(start, min(len(hand), start + per_line)):
                face = hand[i]
                token = hand_token(face, lang)
                if face == current:
                    token.stylize("reverse")
                elif playable and face not in playable:
                    token.stylize("dim")
                p.add(token, hit=("hand", face))
                p.add(" ")
                on_page = i // len(DIGITS) == self.page
                key = DIGITS[i % len(DIGITS)] if on_page and face in playable else ""
                keys.append(f"{key + ('*' if drawn == i else ''):^5} ", "bold cyan")
            if playable or drawn is not None:
                p.newline()
                p.add(keys)
        if current is not None:
            p.newline()
            p.add(short_face_name(current, lang), "italic")
            turns = next((m for _, c, m in self._cells(snap) if c == self.cell), [])
            for i, move in enumerate(turns):  # the ways the card fits the picked cell, by digit
                p.newline() if i == 0 else p.add("  ")
                p.add(f"{DIGITS[i]} ", "bold cyan")
                p.add(hand_token(rotated_face(current, move.data["rotation"]), lang))

    # -- clicks and keys -------------------------------------------------------
    def clicked(self, payload: Any, snap: Snapshot) -> list[int]:
        if payload[0] == "hand":
            if payload[1] in self._placements(snap):
                self.selected, self.cell = payload[1], None
                self.repaint()
                self.post_message(self.KeysChanged())
            return []
        _, x, y = payload
        for _, cell, moves in self._cells(snap):
            if cell == (x, y):
                return [m.action for m in moves]
        return [m.action for m in snap.moves if m.data.get("type") == "place" and _cell_of(snap, m) == (x, y)]

    def shortcuts(self, snap: Snapshot) -> dict[str, int]:
        keys: dict[str, int] = {}
        for letter, cell, moves in self._cells(snap):
            if len(moves) == 1:
                keys[letter] = moves[0].action
            elif cell == self.cell:
                keys.update({DIGITS[i]: m.action for i, m in enumerate(moves)})
        for key, kind in LETTERS.items():
            found = moves_of(snap, kind)
            if found:
                keys[key] = found[0].action
        if not self._placements(snap):
            return number_moves([m for m in snap.moves if m.action not in keys.values()], keys)
        return keys

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        if self._placements(snap):
            hand = snap.view.get("hand") or []
            more = say(lang, " · espacio +10", " · space +10") if len(hand) > len(DIGITS) else ""
            if self._current(snap) is None:
                return say(lang, "1-9 elegir carta", "1-9 pick a card") + more
            if self.cell is not None:
                turns = next((m for _, c, m in self._cells(snap) if c == self.cell), [])
                return say(lang, f"1-{len(turns)} girar", f"1-{len(turns)} turn")
            return say(lang, "a-z colocar · 1-9 otra", "a-z place · 1-9 other") + more
        if moves_of(snap, "draw"):
            return say(lang, "d robar", "d draw")
        return ""


BOARD = NachoLocoBoard


def glyph(face: str, lang: str) -> Text:
    """A card as the hand draws it (the rules guide's cards)."""
    return hand_token(face, lang)
