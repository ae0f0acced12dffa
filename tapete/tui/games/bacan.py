"""Bacan on the terminal: rows of face-down cards, the live discard, mirrors by key.

Digits act on your own slots: while a discard is live they claim a mirror
(the speed part: press before the bots), with a drawn card they swap it in,
when you owe a card (espejo ajeno) they give it. `a` moves the digits to
another player's row (and on, back to yours): there a digit mirrors that
row's slot (espejo ajeno), spies on it or picks it for Intercambio, and `p`
gives that player +1. `m` draws from the deck,
`t` takes the discard, `d` discards the drawn card, `b` calls Bacan; the
dealer picks how many cards everyone peeks at with 0-4. In classic memory a
card you peek at shows for a few seconds, then turns face down again.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text

from ..boards import Board, Painter, number_moves
from ..table import Move, Snapshot

FLASH_SECONDS = 4.0  # how long a peeked card stays face up in classic memory (BAC-10)

SUIT_STYLES = {
    "rojo": "bold white on red3",
    "azul": "bold white on blue3",
    "verde": "bold black on green3",
    "amarillo": "bold black on yellow3",
    "violeta": "bold white on magenta3",
}
JOKER_STYLE = "bold black on grey85"
BACK = ("░░░", "grey50")
RANK_LABELS = {"secreto": "Sec", "espia": "Esp", "intercambio": "Int", "mas1": "+1", "comodin": "★"}

PHASES = {
    "deal": ("{who} reparte: ¿cuántas cartas mira cada uno? (0-4)", "{who} deals: how many cards to peek at? (0-4)"),
    "peek": ("Cada uno elige qué cartas mirar.", "Everyone chooses which cards to peek at."),
    "turn": ("Turno de {who}.", "{who}'s turn."),
    "drawn": ("{who} tiene una carta en la mano.", "{who} holds a drawn card."),
    "exchange": ("Intercambio: falta la segunda posición.", "Intercambio: the second slot to pick."),
    "give": ("Espejo ajeno: {who} da una carta.", "Steal-mirror: {who} gives a card."),
    "over": ("Partida terminada.", "Match over."),
}
RESULTS = {
    "success": ("¡Bacan!", "Bacan!"),
    "super_bacan": ("¡Super Bacan!", "Super Bacan!"),
    "failed": ("Bacan fallido", "Failed Bacan"),
    "tied": ("Bacan empatado o superado", "Bacan tied or beaten"),
    "exhausted": ("sin cartas que robar", "nothing left to draw"),
}
OWN_SLOT_ORDER = ("mirror", "swap", "give")  # what a digit does, first legal wins
LETTERS = {"m": ("draw", "deck"), "t": ("draw", "discard"), "d": ("discard", None), "b": ("call_bacan", None)}
ROW_KEY = "a"  # moves the digits from row to row
PLUS_ONE_KEY = "p"  # +1 to the player whose row the digits are on
OTHER_ROW_ORDER = ("mirror_other", "spy", "exchange")  # what a digit does on another row, first legal wins


def _say(lang: str, pair: tuple[str, str], **values: Any) -> str:
    return (pair[1] if lang == "en" else pair[0]).format(**values)


def card_label(face: str) -> tuple[str, str]:
    """The three-cell label and style of a face token ("rojo-7" -> " 7 " on red)."""
    if face == "comodin":
        return " ★ ", JOKER_STYLE
    suit, _, rank = face.partition("-")
    label = RANK_LABELS.get(rank, rank)
    return f"{label:^3}", SUIT_STYLES.get(suit, "bold")


def card_box(face: str | None, *, flash: bool = False, marked: bool = False) -> list[Text]:
    """A card three lines tall, for roomy terminals."""
    if face is None:
        edge, middle = BACK[1], Text(BACK[0], style=BACK[1])
    else:
        label, style = card_label(face)
        edge = style.split(" on ")[-1] if " on " in style else "white"
        middle = Text(label, style=style + (" underline" if flash else ""))
    if marked:
        edge = "bold reverse " + edge
    return [
        Text("╭───╮", style=edge),
        Text("│", style=edge) + middle + Text("│", style=edge),
        Text("╰───╯", style=edge),
    ]


def card_cell(face: str | None, *, flash: bool = False, marked: bool = False) -> Text:
    if face is None:
        text = Text(BACK[0], style=BACK[1])
    else:
        label, style = card_label(face)
        text = Text(label, style=style + (" underline" if flash else ""))
    if marked:
        text.stylize("reverse")
    return text


class BacanBoard(Board):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._seen = 0  # events already looked at for peeks
        self._flashes: dict[tuple[int, int], tuple[str, float]] = {}  # (seat, slot) -> (face, until)
        self._sizes: list[int] = []
        self._row: int | None = None  # another player's row the digits act on; None: your own

    # -- classic memory: a peek shows for a moment -------------------------------
    def show(self, snap: Snapshot, lang: str) -> None:
        self._collect_flashes(snap)
        if self._row is not None and self._row not in _target_seats(snap):
            self._row = None  # nothing left to do on that row (the window closed)
        super().show(snap, lang)

    def _collect_flashes(self, snap: Snapshot) -> None:
        sizes = [row["size"] for row in snap.view.get("rows", [])]
        if sizes != self._sizes:  # positions moved: what flashed there is no longer there
            self._flashes.clear()
            self._sizes = sizes
        until = time.monotonic() + FLASH_SECONDS
        for event in snap.events[self._seen :]:
            data = event.data
            if event.kind == "peek" and data.get("seat") == snap.seat:
                for slot, face in zip(data["slots"], data["cards"], strict=True):
                    self._flashes[(data["seat"], slot)] = (face, until)
            elif event.kind == "look" and data.get("seat") == snap.seat:
                self._flashes[(data["target"], data["slot"])] = (data["card"], until)
        if len(snap.events) > self._seen and self._flashes:
            self.set_timer(FLASH_SECONDS + 0.05, self.repaint)
        self._seen = len(snap.events)

    def _flash(self, seat: int, slot: int) -> str | None:
        face, until = self._flashes.get((seat, slot), (None, 0.0))
        return face if until > time.monotonic() else None

    # -- the picture ---------------------------------------------------------------
    def paint(self, snap: Snapshot, lang: str) -> Painter:
        view = snap.view
        rows = view["rows"]
        longest = max((row["size"] for row in rows), default=0)
        width = max(len(n) for n in snap.names) + 1
        big = self.size.height >= 9 + 3 * len(rows) and self.size.width >= width + 14 + 6 * longest
        p = Painter()
        self._paint_piles(p, snap, lang, big)
        self._paint_hint(p, snap, lang)
        p.newline()
        p.add(" " * (width + 8))
        for i in range(longest):
            p.add(f"{i + 1:^5} " if big else f"{i + 1:^3} ", "dim")
        for row in rows:
            self._paint_row(p, snap, row, width, lang, big)
        self._paint_held(p, snap, lang)
        return p

    def _paint_piles(self, p: Painter, snap: Snapshot, lang: str, big: bool) -> None:
        view = snap.view
        top = view["discard_top"]
        deck_label = _say(lang, ("Mazo", "Deck"))
        discard_label = _say(lang, ("Descarte", "Discard"))
        window = "  ⚡ " + _say(lang, ("¡espejo!", "mirror!")) if view.get("window") else ""
        spent = "·" if view.get("discard_top_spent") else ""
        if big:
            p.block(3)
            p.column(card_box(None), hit=("deck",))
            p.column([Text(""), Text(f" {deck_label}", "bold"), Text(f" {view['deck']}")])
            p.column([Text("   ")] * 3)
            if top is None:
                p.column([Text("     ")] * 3)
            else:
                p.column(card_box(top), hit=("discard",))
            p.column([Text(spent), Text(f" {discard_label}", "bold"), Text(f" {view['discard']}")])
            p.column([Text(""), Text(window, "bold yellow"), Text("")])
            return
        p.add(deck_label + " ", "bold")
        p.add(card_cell(None), hit=("deck",))
        p.add(f" {view['deck']:<3} ")
        p.add(discard_label + " ", "bold")
        if top is None:
            p.add(" — ", "dim")
        else:
            p.add(card_cell(top), hit=("discard",))
            p.add(spent, "dim")
        p.add(f" {view['discard']}")
        p.add(window, "bold yellow")

    def _paint_row(self, p: Painter, snap: Snapshot, row: dict[str, Any], width: int, lang: str, big: bool) -> None:
        view, seat = snap.view, row["seat"]
        turn = view.get("turn") == seat
        me = seat == snap.seat
        name = Text(f"{snap.names[seat]:<{width}}", style=(("bold " if me else "") + ("green" if turn else "")).strip())
        marker = Text("▶ " if turn else "  ", "bold green")
        if seat == self._row:
            marker = Text("» ", "bold yellow")  # the digits act on this row
        score = Text(f"{view['scores'][seat]:>4}  ", "bold" if me else "")
        after = self._row_tail(view, row)
        if not row["in_play"]:
            p.newline()
            p.add(marker + name + score)
            p.add(_say(lang, ("eliminado", "eliminated")), "dim italic")
            return
        marked = _marked_slots(view, seat)
        faces = [(face or self._flash(seat, slot), face is None) for slot, face in enumerate(row["cards"])]
        if big:
            p.block(3)
            p.column([Text(""), marker + name + score, Text("")], hit=("seat", seat))
            for slot, (face, flashed) in enumerate(faces):
                box = card_box(face, flash=flashed and face is not None, marked=slot in marked)
                p.column(box, hit=("slot", seat, slot))
                p.column([Text(" ")] * 3)
            p.column([Text(""), after, Text("")])
            return
        p.newline()
        p.add(marker)
        p.add(name + score, hit=("seat", seat))
        for slot, (face, flashed) in enumerate(faces):
            p.add(card_cell(face, flash=flashed and face is not None, marked=slot in marked), hit=("slot", seat, slot))
            p.add(" ")
        p.add(after)

    @staticmethod
    def _row_tail(view: dict[str, Any], row: dict[str, Any]) -> Text:
        """Penalty points, and the round's total once the rows are revealed."""
        tail = Text()
        if row["penalty_points"]:
            tail.append(f"+{row['penalty_points']}", "red")
        last, seat = view.get("last_round"), row["seat"]
        if view.get("revealed") and last and last["totals"][seat] is not None:
            tail.append(f" = {last['totals'][seat]} ({last['deltas'][seat]:+d})", "cyan")
        return tail

    def _paint_held(self, p: Painter, snap: Snapshot, lang: str) -> None:
        view = snap.view
        holder = view.get("holding")
        if holder is None:
            return
        p.newline()
        if holder == snap.seat:
            p.add(_say(lang, ("Tu carta: ", "Your card: ")), "bold")
        else:
            p.add(_say(lang, ("En la mano de {who}: ", "Held by {who}: "), who=snap.names[holder]))
        p.add(card_cell(view.get("held")), hit=("held",))
        source = view.get("held_source")
        if source:
            p.add(_say(lang, ("  (del mazo)", "  (from the deck)")) if source == "deck" else "", "dim")

    def _paint_hint(self, p: Painter, snap: Snapshot, lang: str) -> None:
        view = snap.view
        p.newline()
        phase = view["phase"]
        who_seat = view.get("turn")
        if phase == "deal":
            who_seat = view.get("dealer")
        elif phase == "give":
            who_seat = view.get("claimant")
        who = snap.names[who_seat] if isinstance(who_seat, int) else ""
        if phase in ("turn", "drawn") and who_seat == snap.seat:
            p.add(_say(lang, ("Te toca.", "Your turn.")), "bold green")
        elif phase in PHASES:
            p.add(_say(lang, PHASES[phase], who=who), "italic")
        last = view.get("last_round")
        if view.get("revealed") and last:
            p.newline()
            p.add(_say(lang, ("Ronda {r}: ", "Round {r}: "), r=last["round"]), "bold")
            p.add(_say(lang, RESULTS.get(last["result"], (last["result"], last["result"]))), "bold cyan")

    # -- clicks and keys ---------------------------------------------------------
    def clicked(self, payload: Any, snap: Snapshot) -> list[int]:
        moves = snap.moves
        kind = payload[0]
        if kind == "deck":
            return _find(moves, "draw", source="deck")
        if kind == "discard":
            return _find(moves, "draw", source="discard")
        if kind == "held":
            return _find(moves, "discard")
        if kind == "seat":
            return _find(moves, "plus_one", seat=payload[1])
        _, seat, slot = payload
        hits = [m for m in moves if m.data.get("slot") == slot and m.data.get("seat", snap.seat) == seat]
        reactions = [m.action for m in hits if m.reaction]
        return reactions[:1] or [m.action for m in hits]

    def shortcuts(self, snap: Snapshot) -> dict[str, int]:
        keys: dict[str, int] = {}
        for key, (kind, source) in LETTERS.items():
            found = _find(snap.moves, kind, source=source) if source else _find(snap.moves, kind)
            if found:
                keys[key] = found[0]
        if snap.view.get("phase") == "deal":
            for move in snap.moves:
                if move.data.get("type") == "peek_count":
                    keys[str(move.data["count"])] = move.action
            return keys
        if self._row is not None:
            keys.update(self._other_row_keys(snap, self._row))
        else:
            keys.update(self._slot_keys(snap))
        if snap.view.get("phase") in ("peek", "exchange"):  # choices with no key of their own
            return number_moves(snap.moves, keys)
        return keys

    @staticmethod
    def _slot_keys(snap: Snapshot) -> dict[str, int]:
        """Digit N acts on your slot N: mirror, else swap the drawn card in, else give it."""
        keys: dict[str, int] = {}
        for kind in OWN_SLOT_ORDER:
            for move in snap.moves:
                if move.data.get("type") == kind and "seat" not in move.data:
                    key = str(move.data["slot"] + 1)
                    keys.setdefault(key, move.action)
        return keys

    @staticmethod
    def _other_row_keys(snap: Snapshot, seat: int) -> dict[str, int]:
        """Digit N acts on slot N of `seat`'s row: mirror it, else spy on it, else pick it."""
        keys: dict[str, int] = {}
        for kind in OTHER_ROW_ORDER:
            for move in snap.moves:
                if move.data.get("type") == kind and move.data.get("seat") == seat:
                    keys.setdefault(str(move.data["slot"] + 1), move.action)
        plus_one = _find(snap.moves, "plus_one", seat=seat)
        if plus_one:
            keys[PLUS_ONE_KEY] = plus_one[0]
        return keys

    def press(self, key: str, snap: Snapshot) -> bool:
        """`a`: the digits move on to the next row with something to do there."""
        if key != ROW_KEY:
            return False
        seats = sorted(_target_seats(snap) - {snap.seat})
        if not seats:
            return False
        later = [s for s in seats if self._row is None or s > self._row]
        self._row = later[0] if later else None
        return True

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        kinds = {m.data.get("type") for m in snap.moves}
        if self._row is not None:  # short: the line also holds F1, F2... at 80 columns
            return _say(
                lang,
                ("» {who} 1-8 · a fila", "» {who} 1-8 · a row"),
                who=snap.names[self._row],
            )
        others = _target_seats(snap) - {snap.seat}
        row_help = _say(lang, (" · a fila", " · a row")) if others else ""
        if "mirror" in kinds:
            return _say(lang, ("⚡ 1-8 espejo", "⚡ 1-8 mirror")) + row_help
        if "mirror_other" in kinds:
            return _say(lang, ("⚡ a espejo ajeno", "⚡ a steal-mirror"))
        if "swap" in kinds:
            return _say(lang, ("1-8 cambiar · d descartar", "1-8 swap · d discard"))
        if "give" in kinds:
            return _say(lang, ("1-8 dar", "1-8 give"))
        if "draw" in kinds:
            return _say(lang, ("m mazo · t descarte", "m deck · t discard"))
        return ""

    def confirmation(self, move: Move, lang: str) -> str | None:
        """Calling Bacan ends the round for everyone: Enter asks first."""
        if move.data.get("type") != "call_bacan":
            return None
        return _say(lang, ("¿Cantar Bacan? Pulsa Enter otra vez.", "Call Bacan? Press Enter again."))

    def move_label(self, move: Move, lang: str) -> Text | None:
        if move.data.get("type") == "call_bacan":
            return Text(move.text, style="bold magenta")
        return None


def _find(moves: list[Move], kind: str, **fields: Any) -> list[int]:
    return [
        m.action
        for m in moves
        if m.data.get("type") == kind and all(m.data.get(k) == v for k, v in fields.items())
    ]


def _target_seats(snap: Snapshot) -> set[int]:
    """The seats some legal move names (a mirror of their row, a spy, +1...)."""
    return {m.data["seat"] for m in snap.moves if isinstance(m.data.get("seat"), int)}


def _marked_slots(view: dict[str, Any], seat: int) -> set[int]:
    """Slots picked half-way through a move (Intercambio's first pick, the hole to fill)."""
    marked = set()
    for key in ("exchange_first", "hole"):
        pick = view.get(key)
        if pick and pick[0] == seat:
            marked.add(pick[1])
    return marked


BOARD = BacanBoard
