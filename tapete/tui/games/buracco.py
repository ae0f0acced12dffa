"""Buracco on the terminal: both sides' melds, the pozo and your rack as tiles.

Letters under your rack (a-z, then A-Z) stage a tile into the meld you are
building (or discard it, when discarding is what is left); a tile keeps its
letter while you pick (a staged tile leaves a gap). Digits are the other
moves (draw, take the pozo, lay the meld down...). Space starts adding a
tile to a meld on the table: a letter picks the tile, the meld's digit
(shown before it) the meld, and 1/2 the low or high end when both fit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any

from rich.text import Text

from ..boards import DIGITS, Board, Painter, number_moves
from ..match import Move, Snapshot
from .common import COLOUR_GLYPHS, box, cell, flow, say

TILE_STYLES = {
    "rojo": "bold white on red3",
    "negro": "bold white on grey15",
    "azul": "bold white on blue3",
    "amarillo": "bold black on yellow3",
}
JOKER_STYLE = "bold black on grey85"
# A shape per colour (as on the web), so colour is never the only cue
COLOUR_SHAPES = COLOUR_GLYPHS
RACK_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"  # a tile keeps its letter
EXTEND_KEY = "space"  # then a tile's letter, then the meld's digit (and 1/2 for the end)
ENDS = ("low", "high")
PHASES = {
    "draw": ("robar", "draw"),
    "privilege": ("privilegio", "privilege"),
    "meld": ("bajar", "meld"),
    "discard": ("descartar", "discard"),
    "hand_over": ("fin de la mano", "hand over"),
    "over": ("fin", "over"),
}
MUERTO_MARKS = {"waiting": "⏳", "taken": "✓", "lost": "✗"}  # waiting, taken, became the stock


def tile(face: str, *, wild: bool = False, dim: bool = False, width: int = 3) -> Text:
    """A tile one line tall: its number and its colour's shape (0 `width`: as wide as its label)."""
    if face == "comodin":
        text = cell("★", JOKER_STYLE, width)
    else:
        colour, _, number = face.partition("-")
        text = cell(number + COLOUR_SHAPES.get(colour, ""), TILE_STYLES.get(colour, "bold"), width)
    if wild:
        text.stylize("underline")
    if dim:
        text.stylize("dim")
    return text


class BuraccoBoard(Board):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._letters: list[str | None] = []  # the face each rack letter names (None: a gap)
        self._moves: tuple[int, ...] = ()
        self._extending = False  # space pressed: letters pick a tile to add to a meld
        self._tile: str | None = None  # the tile picked to add to a meld
        self._meld_slot: int | None = None  # the meld picked, when the tile fits at both ends

    def show(self, snap: Snapshot, lang: str) -> None:
        self._arrange(snap)
        moves = tuple(m.action for m in snap.moves)
        if moves != self._moves:  # something was played: a half-made choice no longer holds
            self._moves = moves
            self._extending, self._tile, self._meld_slot = False, None, None
        super().show(snap, lang)

    def _arrange(self, snap: Snapshot) -> None:
        """Give each rack tile a letter that stays put while the person picks:
        a staged tile leaves a gap, a tile back (or drawn) fills the first gap.
        The rack is laid out afresh, in the game's order, at the start of a turn."""
        rack: list[str] = snap.view.get("rack") or []
        fresh = snap.view.get("phase") == "draw" or snap.view.get("turn") != snap.seat
        if fresh or not self._letters:
            self._letters = list(rack)
            return
        wanted, held = Counter(rack), Counter(f for f in self._letters if f is not None)
        for i in reversed(range(len(self._letters))):  # tiles gone leave gaps
            face = self._letters[i]
            if face is not None and held[face] > wanted[face]:
                held[face] -= 1
                self._letters[i] = None
        for face in rack:  # tiles come in: the first gap
            if held[face] < wanted[face]:
                held[face] += 1
                gap = next((i for i, f in enumerate(self._letters) if f is None), len(self._letters))
                if gap == len(self._letters):
                    self._letters.append(face)
                else:
                    self._letters[gap] = face
        while self._letters and self._letters[-1] is None:
            self._letters.pop()

    def paint(self, snap: Snapshot, lang: str) -> Painter:
        picture = self._picture(snap, lang, compact=False)
        for short in (False, True):  # the rack without its title, then each meld in short
            if not self.size.height or len(picture.lines) <= self.size.height:
                break
            picture = self._picture(snap, lang, compact=True, short=short)
        return picture

    def _picture(self, snap: Snapshot, lang: str, *, compact: bool, short: bool = False) -> Painter:
        view = snap.view
        width = max(30, self.size.width - 2)
        p = Painter()
        self._header(p, snap, lang)
        for side in (0, 1):
            self._side(p, snap, side, lang, width, short)
        p.newline()
        p.add(say(lang, "Pozo ", "Pozo "), "bold")
        p.add(f"({len(view['pozo'])}) ", "dim")
        shown = view["pozo"][-max(1, (width - 12) // 4) :]
        if len(shown) < len(view["pozo"]):
            p.add("… ", "dim")
        for face in shown:
            p.add(tile(face), hit=("pozo",))
            p.add(" ")
        if view.get("pending"):
            p.newline()
            p.add(say(lang, "Preparando:", "Building:"), "bold yellow")
            for face in view["pending"]:
                flow(p, tile(face), width, " ")
        if "rack" in view:
            self._rack(p, snap, lang, width, compact, short)
        self._revealed(p, snap, lang, width)
        return p

    def _header(self, p: Painter, snap: Snapshot, lang: str) -> None:
        view = snap.view
        turn = view.get("turn")
        if turn is not None and not view["over"]:
            p.add("▶ " + snap.names[turn], "bold green" if turn == snap.seat else "bold")
            phase = PHASES.get(view["phase"], (view["phase"], view["phase"]))
            p.add(" · " + say(lang, *phase))
        p.add(say(lang, f" · mazo {view['stock']}", f" · stock {view['stock']}"), "dim")
        p.add(say(lang, f" · objetivo {view['target']}", f" · target {view['target']}"), "dim")

    def _side(self, p: Painter, snap: Snapshot, side: int, lang: str, width: int, short: bool) -> None:
        view = snap.view
        seats = view["sides"][side]
        mine = view.get("side") == side
        p.newline()
        p.add(say(lang, f"Equipo {side + 1}", f"Side {side + 1}"), "bold" + (" green" if mine else ""))
        p.add(f" {view['side_scores'][side]}", "bold")
        muerto = view["muertos"][side]
        p.add((" " if short else " · muerto ") + MUERTO_MARKS.get(muerto["state"], "?"), "dim")
        known_all = view.get("known") or []
        for seat in seats:  # each player, their tile count and the tiles all saw them take from the pozo
            flow(p, Text(f"{snap.names[seat]} {view['rack_counts'][seat]}"), width, " · ")
            known = known_all[seat] if seat < len(known_all) else []
            if known:
                flow(p, Text(say(lang, "con", "with"), "dim"), width, " ")
                for face in known:
                    flow(p, tile(face, width=0 if short else 3), width, " ")
        p.newline()
        digits = self._meld_digits(snap) if mine else {}
        fits = {m.data["meld"] for m in self._extends(snap, self._tile)} if self._tile else set()
        labels = {slot: digit for digit, slot in digits.items()}
        for meld in view["melds"][side]:  # melds flow side by side while they fit
            label = labels.get(meld["slot"], "")
            piece = self._meld(meld, lang, label, bold=meld["slot"] in fits, short=short)
            flow(p, piece, width, "  ", hit=("meld", side, meld["slot"]))

    @staticmethod
    def _meld(meld: dict[str, Any], lang: str, label: str, *, bold: bool, short: bool = False) -> Text:
        """A meld's tiles after its key (the digit that names it when adding a tile), a space
        between two (10 11 12, never 101112); `short`: a run from its first tile to its last, a
        set its number once and each tile's shape, the wild tile always whole."""
        text = Text(f"{label}:" if label else "", style="bold cyan reverse" if bold else "dim")
        tiles, wild = meld["tiles"], meld.get("wild")
        if short and meld.get("kind") == "run" and len(tiles) > 3:
            ends = [0, len(tiles) - 1]
            text.append_text(tile(tiles[0], wild=wild == 0, width=0))
            text.append("–")
            text.append_text(tile(tiles[-1], wild=wild == len(tiles) - 1, width=0))
            if wild is not None and wild not in ends:
                text.append(" ")
                text.append_text(tile(tiles[wild], wild=True, width=0))
        elif short and meld.get("kind") == "set":
            natural = next((f for i, f in enumerate(tiles) if i != wild), tiles[0])
            text.append(natural.partition("-")[2] + " ")
            for i, face in enumerate(tiles):
                colour = face.partition("-")[0]
                shown = (
                    tile(face, wild=True, width=0)
                    if i == wild
                    else cell(COLOUR_SHAPES.get(colour, "?"), TILE_STYLES.get(colour, "bold"), 1)
                )
                text.append_text(shown)
        else:
            for i, face in enumerate(tiles):
                text.append(" " if i else "")
                text.append_text(tile(face, wild=wild == i, width=0))
        if meld.get("canasta"):
            clean = meld["canasta"] == "pura"
            text.append(" ★" if clean else " ☆", "bold yellow")
            text.append(say(lang, "pura" if clean else "impura", "clean" if clean else "dirty"), "yellow")
        return text

    def _rack(
        self, p: Painter, snap: Snapshot, lang: str, width: int, compact: bool = False, short: bool = False
    ) -> None:
        usable = self._usable(snap)
        placed = [(i, face) for i, face in enumerate(self._letters) if face is not None]
        dim = bool(usable)
        if not compact:
            p.newline()
            p.add(say(lang, "Tu atril", "Your rack"), "bold")
        if self.size.height >= 24 and width >= 60:  # room for tall tiles
            per_line = max(4, (width - 1) // 6)
            for start in range(0, len(placed), per_line):
                p.block(4)
                for i, face in placed[start : start + per_line]:
                    label = RACK_LETTERS[i] if i in usable else ""
                    small = tile(face, dim=dim and i not in usable)
                    parts = box(
                        small.plain.strip() or " ",
                        str(small.style),
                        dim=dim and i not in usable,
                        marked=face == self._tile,
                    )
                    p.column([*parts, Text(f"{label:^5}", "bold cyan")], hit=("rack", i))
                    p.column([Text(" ")] * 4)
            return
        line: list[tuple[int, Text]] = []  # the tiles of one line, each as wide as its label when `short`
        for i, face in placed:
            shown = tile(face, dim=dim and i not in usable, width=0 if short else 3)
            if face == self._tile:
                shown.stylize("reverse")
            if line and sum(t.cell_len + 1 for _, t in line) + shown.cell_len > width:
                self._rack_line(p, line, usable)
                line = []
            line.append((i, shown))
        if line:
            self._rack_line(p, line, usable)

    @staticmethod
    def _rack_line(p: Painter, line: list[tuple[int, Text]], usable: set[int]) -> None:
        """One line of the rack, with each usable tile's letter under it."""
        p.newline()
        keys = Text()
        for i, shown in line:
            p.add(shown, hit=("rack", i))
            p.add(" ")
            keys.append(f"{RACK_LETTERS[i] if i in usable else '':^{shown.cell_len}} ", "bold cyan")
        if usable:
            p.newline()
            p.add(keys)

    def _revealed(self, p: Painter, snap: Snapshot, lang: str, width: int) -> None:
        view = snap.view
        racks = view.get("racks")
        if not racks:
            return
        for seat, rack in enumerate(racks):
            if not rack:
                continue
            p.newline()
            p.add(f"{snap.names[seat]}:", "dim")
            for face in rack:
                flow(p, tile(face), width, " ")
        last = view.get("last_hand")
        if last:
            p.newline()
            totals = " / ".join(str(s.get("total", "")) for s in last.get("sides", []))
            p.add(say(lang, f"Mano {last['hand']}: {totals}", f"Hand {last['hand']}: {totals}"), "bold cyan")

    # -- clicks and keys ---------------------------------------------------------
    def _letter_moves(self, snap: Snapshot) -> dict[int, int]:
        """Rack letter position -> the move its letter makes (stage, else discard)."""
        by_face: dict[str, int] = {}
        for kind in ("stage", "discard"):
            for move in snap.moves:
                if move.data.get("type") == kind:
                    by_face.setdefault(move.data["tile"], move.action)
        return {i: by_face[f] for i, f in enumerate(self._letters[: len(RACK_LETTERS)]) if f in by_face}

    def _extends(self, snap: Snapshot, tile_face: str | None = None) -> list[Move]:
        return [
            m
            for m in snap.moves
            if m.data.get("type") == "extend" and (tile_face is None or m.data["tile"] == tile_face)
        ]

    def _usable(self, snap: Snapshot) -> set[int]:
        """Letter positions that do something now (shown under the rack)."""
        if self._extending:
            faces = {m.data["tile"] for m in self._extends(snap)}
            return {i for i, f in enumerate(self._letters[: len(RACK_LETTERS)]) if f in faces}
        return set(self._letter_moves(snap))

    def _meld_digits(self, snap: Snapshot) -> dict[str, int]:
        """Digit -> the slot of your side's meld it names (1 for the first meld on the table)."""
        side = snap.view.get("side")
        melds = snap.view["melds"][side] if side is not None else []
        return {DIGITS[i]: meld["slot"] for i, meld in enumerate(melds[: len(DIGITS)])}

    def key_state(self) -> Hashable:
        return (self._extending, self._tile, self._meld_slot)

    def set_key_state(self, state: Hashable) -> None:
        self._extending, self._tile, self._meld_slot = state  # type: ignore[misc]

    def press(self, key: str, snap: Snapshot) -> bool:
        """Space starts (or drops) adding a tile to a meld; then a letter picks the tile,
        and a digit the meld when the tile fits both its ends."""
        if key == EXTEND_KEY and (self._extending or self._extends(snap)):
            self._extending, self._tile, self._meld_slot = not self._extending, None, None
            return True
        if not self._extending:
            return False
        if key in RACK_LETTERS:
            i = RACK_LETTERS.index(key)
            face = self._letters[i] if i < len(self._letters) else None
            if face is None or not self._extends(snap, face) or face == self._tile:
                return False
            self._tile, self._meld_slot = face, None
            return True
        if self._tile is not None and self._meld_slot is None and key in self._meld_digits(snap):
            slot = self._meld_digits(snap)[key]
            if len([m for m in self._extends(snap, self._tile) if m.data["meld"] == slot]) > 1:
                self._meld_slot = slot
                return True
        return False

    def shortcuts(self, snap: Snapshot) -> dict[str, int]:
        if self._extending:
            return self._extend_keys(snap)
        keys = {RACK_LETTERS[i]: a for i, a in self._letter_moves(snap).items()}
        others = [m for m in snap.moves if m.data.get("type") not in ("stage", "discard", "extend")]
        return number_moves(others, keys)

    def _extend_keys(self, snap: Snapshot) -> dict[str, int]:
        """With a tile picked: the digit of a meld it fits (one end), or 1/2 for the low/high end."""
        if self._tile is None:
            return {}
        fits = self._extends(snap, self._tile)
        if self._meld_slot is not None:
            return {str(ENDS.index(m.data["end"]) + 1): m.action for m in fits if m.data["meld"] == self._meld_slot}
        keys: dict[str, int] = {}
        for digit, slot in self._meld_digits(snap).items():
            here = [m for m in fits if m.data["meld"] == slot]
            if len(here) == 1:
                keys[digit] = here[0].action
        return keys

    def clicked(self, payload: Any, snap: Snapshot) -> list[int]:
        kind = payload[0]
        if kind == "rack":
            action = self._letter_moves(snap).get(payload[1])
            return [action] if action is not None else []
        if kind == "pozo":
            return [m.action for m in snap.moves if m.data.get("type") == "take_pozo"]
        if kind == "meld" and payload[1] == snap.view.get("side"):
            return [m.action for m in snap.moves if m.data.get("type") == "extend" and m.data["meld"] == payload[2]]
        return []

    def confirmation(self, move: Move, lang: str) -> str | None:
        """Ending the hand scores it for everyone: Enter asks first."""
        if move.data.get("type") != "end_hand":
            return None
        return say(lang, "¿Cerrar la mano? Pulsa Enter otra vez.", "End the hand? Press Enter again.")

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        if self._extending:
            if self._tile is None:
                return say(lang, "a-z ficha a ampliar · espacio no", "a-z tile to add · space cancel")
            if self._meld_slot is not None:
                return say(lang, "1 abajo · 2 arriba", "1 low end · 2 high end")
            return say(lang, "1-9 juego a ampliar", "1-9 meld to extend")
        kinds = {m.data.get("type") for m in snap.moves}
        extend = say(lang, " · espacio ampliar", " · space extend") if "extend" in kinds else ""
        if "stage" in kinds:
            return say(lang, "a-z al juego · 1-9 otras", "a-z to the meld · 1-9 others") + extend
        if "discard" in kinds:
            return say(lang, "a-z descartar", "a-z discard")
        return ""


BOARD = BuraccoBoard


def glyph(face: str, lang: str) -> Text:
    """A tile as the rack draws it (the rules guide's tiles)."""
    return tile(face)
