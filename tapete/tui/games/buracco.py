"""Buracco on the terminal: both sides' melds, the pozo and your rack as tiles.

Letters under your rack stage a tile into the meld you are building (or
discard it, when discarding is what is left); digits are the other moves
(draw, take the pozo, lay the meld down...). A click on a meld shows the
ways to extend it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..boards import Board, Painter, number_moves
from ..table import Snapshot
from .common import box, cell, say

TILE_STYLES = {
    "rojo": "bold white on red3",
    "negro": "bold white on grey15",
    "azul": "bold white on blue3",
    "amarillo": "bold black on yellow3",
}
JOKER_STYLE = "bold black on grey85"
RACK_LETTERS = "abcdefghijklmnopqrstuvwxyz"
PHASES = {
    "draw": ("robar", "draw"),
    "privilege": ("privilegio", "privilege"),
    "meld": ("bajar", "meld"),
    "discard": ("descartar", "discard"),
    "hand_over": ("fin de la mano", "hand over"),
    "over": ("fin", "over"),
}
MUERTO_MARKS = {"waiting": "⏳", "taken": "✓", "lost": "✗"}  # waiting, taken, became the stock


def tile(face: str, *, wild: bool = False, dim: bool = False) -> Text:
    if face == "comodin":
        text = cell("★", JOKER_STYLE)
    else:
        colour, _, number = face.partition("-")
        text = cell(number, TILE_STYLES.get(colour, "bold"))
    if wild:
        text.stylize("underline")
    if dim:
        text.stylize("dim")
    return text


class BuraccoBoard(Board):
    def paint(self, snap: Snapshot, lang: str) -> Painter:
        view = snap.view
        width = max(40, self.size.width - 1)
        p = Painter()
        self._header(p, snap, lang)
        for side in (0, 1):
            self._side(p, snap, side, lang, width)
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
            p.add(say(lang, "Preparando: ", "Building: "), "bold yellow")
            for face in view["pending"]:
                p.add(tile(face))
                p.add(" ")
        if "rack" in view:
            self._rack(p, snap, lang, width)
        self._revealed(p, snap, lang)
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

    def _side(self, p: Painter, snap: Snapshot, side: int, lang: str, width: int) -> None:
        view = snap.view
        seats = view["sides"][side]
        mine = view.get("side") == side
        p.newline()
        p.add(say(lang, f"Equipo {side}", f"Side {side}"), "bold" + (" green" if mine else ""))
        p.add(f" {view['side_scores'][side]:>5}", "bold")
        muerto = view["muertos"][side]
        p.add(" · muerto " + MUERTO_MARKS.get(muerto["state"], "?"), "dim")
        names = ", ".join(f"{snap.names[s]} {view['rack_counts'][s]}" for s in seats)
        p.add(f" · {names}")
        p.newline()
        for meld in view["melds"][side]:  # melds flow side by side while they fit
            piece = self._meld(meld, lang)
            line = p.lines[-1]
            if line.cell_len and line.cell_len + piece.cell_len + 2 > width:
                p.newline()
            p.add("  " if p.lines[-1].cell_len else " ")
            p.add(piece, hit=("meld", side, meld["slot"]))
        for seat in seats:
            known = (view.get("known") or [])[seat] if seat < len(view.get("known") or []) else []
            if known:  # tiles this player picked up from the pozo, seen by the whole table
                p.newline()
                p.add(say(lang, f"   {snap.names[seat]} tiene: ", f"   {snap.names[seat]} holds: "), "dim")
                for face in known:
                    p.add(tile(face))

    @staticmethod
    def _meld(meld: dict[str, Any], lang: str) -> Text:
        text = Text(f"{meld['slot']}:", style="dim")
        for i, face in enumerate(meld["tiles"]):
            text.append_text(tile(face, wild=meld.get("wild") == i))
        if meld.get("canasta"):
            clean = meld["canasta"] == "pura"
            text.append(" ★" if clean else " ☆", "bold yellow")
            text.append(say(lang, "pura" if clean else "impura", "clean" if clean else "dirty"), "yellow")
        return text

    def _rack(self, p: Painter, snap: Snapshot, lang: str, width: int) -> None:
        rack: list[str] = snap.view["rack"]
        letters = self._rack_keys(snap)
        p.newline()
        p.add(say(lang, "Tu atril", "Your rack"), "bold")
        if self.size.height >= 20 and width >= 60:  # room for tall tiles
            per_line = max(4, (width - 1) // 6)
            for start in range(0, len(rack), per_line):
                p.block(4)
                for i in range(start, min(len(rack), start + per_line)):
                    face = rack[i]
                    usable = letters.get(i) is not None
                    label = RACK_LETTERS[i] if usable and i < len(RACK_LETTERS) else ""
                    small = tile(face, dim=bool(letters) and not usable)
                    parts = box(small.plain.strip() or " ", str(small.style), dim=bool(letters) and not usable)
                    p.column([*parts, Text(f"{label:^5}", "bold cyan")], hit=("rack", i))
                    p.column([Text(" ")] * 4)
            return
        per_line = max(4, (width - 1) // 4)
        for start in range(0, len(rack), per_line):
            p.newline()
            keys = Text()
            for i in range(start, min(len(rack), start + per_line)):
                face = rack[i]
                usable = letters.get(i) is not None
                p.add(tile(face, dim=bool(letters) and not usable), hit=("rack", i))
                p.add(" ")
                keys.append(f"{RACK_LETTERS[i] if usable and i < len(RACK_LETTERS) else '':^3} ", "bold cyan")
            if letters:
                p.newline()
                p.add(keys)

    def _revealed(self, p: Painter, snap: Snapshot, lang: str) -> None:
        view = snap.view
        racks = view.get("racks")
        if not racks:
            return
        for seat, rack in enumerate(racks):
            if not rack:
                continue
            p.newline()
            p.add(f"{snap.names[seat]}: ", "dim")
            for face in rack:
                p.add(tile(face))
        last = view.get("last_hand")
        if last:
            p.newline()
            totals = " / ".join(str(s.get("total", "")) for s in last.get("sides", []))
            p.add(say(lang, f"Mano {last['hand']}: {totals}", f"Hand {last['hand']}: {totals}"), "bold cyan")

    # -- clicks and keys ---------------------------------------------------------
    @staticmethod
    def _rack_keys(snap: Snapshot) -> dict[int, int]:
        """Rack position -> the move a letter makes with that tile (stage, else discard)."""
        by_face: dict[str, int] = {}
        for kind in ("stage", "discard"):
            for move in snap.moves:
                if move.data.get("type") == kind:
                    by_face.setdefault(move.data["tile"], move.action)
        rack: list[str] = snap.view.get("rack") or []
        return {i: by_face[face] for i, face in enumerate(rack) if face in by_face}

    def clicked(self, payload: Any, snap: Snapshot) -> list[int]:
        kind = payload[0]
        if kind == "rack":
            action = self._rack_keys(snap).get(payload[1])
            return [action] if action is not None else []
        if kind == "pozo":
            return [m.action for m in snap.moves if m.data.get("type") == "take_pozo"]
        if kind == "meld" and payload[1] == snap.view.get("side"):
            return [m.action for m in snap.moves if m.data.get("type") == "extend" and m.data["meld"] == payload[2]]
        return []

    def shortcuts(self, snap: Snapshot) -> dict[str, int]:
        keys = {RACK_LETTERS[i]: a for i, a in self._rack_keys(snap).items() if i < len(RACK_LETTERS)}
        others = [m for m in snap.moves if m.data.get("type") not in ("stage", "discard", "extend")]
        return number_moves(others, keys)

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        kinds = {m.data.get("type") for m in snap.moves}
        if "stage" in kinds:
            return say(lang, "a-z ficha al juego · 1-9 otras", "a-z tile to the meld · 1-9 others")
        if "discard" in kinds:
            return say(lang, "a-z descartar", "a-z discard")
        return ""


BOARD = BuraccoBoard
