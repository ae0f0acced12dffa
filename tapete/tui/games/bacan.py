"""Bacan on the terminal: rows of face-down cards, the live discard, mirrors by key.

Digits act on a row's slots, your own unless `a` (`A`: backwards) moved
them to another player's row. On your row a digit claims a mirror while a
discard is live (the speed part: press before the bots), else swaps the
drawn card in, gives the card you owe (espejo ajeno) or picks the second
slot of an Intercambio; on another row it mirrors that slot (espejo
ajeno), spies on it or picks it for Intercambio, and `p` gives that player
+1. `c`, `s`, `e`, `i` make the digits use the comodín from your row,
Secreto, Espía or Intercambio (again: back to the usual). `m` draws from
the deck, `t` takes the discard, `d` discards the drawn card, `b` calls
Bacan; the dealer picks how many cards everyone peeks at with 0-4, then
each picks the slots to peek at digit by digit. In classic memory a card
you peek at shows for a few seconds, then turns face down again.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

from rich.text import Text

from ..boards import Board, Painter
from ..match import Move, Snapshot
from .common import COLOUR_GLYPHS

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
NAME_WIDTH = 8  # a longer name is cut with … beside its row (the scores panel has it whole)
RANK_LABELS = {"secreto": "Se", "espia": "Es", "intercambio": "In", "mas1": "+1", "comodin": "★"}
# A shape per suit (as on the web), so colour is never the only cue
SUIT_SHAPES = COLOUR_GLYPHS

PHASES = {
    "deal": ("{who} reparte: ¿cuántas mirar? (0-4)", "{who} deals: how many to peek at? (0-4)"),
    "peek": ("Cada uno elige qué cartas mirar.", "Everyone chooses which cards to peek at."),
    "turn": ("Turno de {who}.", "{who}'s turn."),
    "drawn": ("{who} tiene una carta en la mano.", "{who} holds a drawn card."),
    "exchange": ("Intercambio: falta la segunda posición.", "Intercambio: the second slot to pick."),
    "give": ("Espejo ajeno: {who} da una carta.", "Steal-mirror: {who} gives a card."),
    "over": ("Partida terminada.", "Match over."),
}
# The same hints when the seat they name is yours ("You deal", never "You deals").
MY_PHASES = {
    "deal": ("Repartes: ¿cuántas mirar? (0-4)", "You deal: how many to peek at? (0-4)"),
    "turn": ("Te toca.", "Your turn."),
    "drawn": ("Te toca.", "Your turn."),
    "give": ("Espejo ajeno: das una carta.", "Steal-mirror: you give a card."),
}
RESULTS = {
    "success": ("Bacan exitoso", "Successful Bacan"),
    "super_bacan": ("¡Super Bacan!", "Super Bacan!"),
    "failed": ("Bacan fallido", "Failed Bacan"),
    "tied": ("Bacan empatado o superado", "Bacan tied or beaten"),
    "exhausted": ("no queda nada que robar", "nothing left to draw"),
}
OWN_ROW_ORDER = ("mirror", "swap", "give", "exchange")  # what a digit does on your row, first legal wins
LETTERS = {"m": ("draw", "deck"), "t": ("draw", "discard"), "d": ("discard", None), "b": ("call_bacan", None)}
ROW_KEY = "a"  # moves the digits from row to row
PLUS_ONE_KEY = "p"  # +1 to the player whose row the digits are on
OTHER_ROW_ORDER = ("mirror_other", "spy", "exchange")  # what a digit does on another row, first legal wins
# Keys that make the digits use a power or the comodín from the row (BAC-17..20).
VERBS = {"c": "row_joker", "s": "secret", "e": "spy", "i": "exchange"}
VERB_NAMES = {
    "row_joker": ("comodín", "comodín"),
    "secret": ("Secreto", "Secreto"),
    "spy": ("Espía", "Espía"),
    "exchange": ("Intercambio", "Intercambio"),
}


def _say(lang: str, pair: tuple[str, str], **values: Any) -> str:
    return (pair[1] if lang == "en" else pair[0]).format(**values)


def card_label(face: str) -> tuple[str, str]:
    """The three-cell label and style of a face token ("rojo-7" -> "7● " on red)."""
    if face == "comodin":
        return " ★ ", JOKER_STYLE
    suit, _, rank = face.partition("-")
    label = RANK_LABELS.get(rank, rank) + SUIT_SHAPES.get(suit, "")
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
        self._verb: str | None = None  # a power (or the row's comodín) the digits use; None: the usual
        self._peeking: tuple[int, ...] = ()  # slots picked so far for the deal's peek

    # -- classic memory: a peek shows for a moment -------------------------------
    def show(self, snap: Snapshot, lang: str) -> None:
        self._collect_flashes(snap)
        if self._verb is not None and not _find(snap.moves, self._verb):
            self._verb = None  # the power was used (or the turn moved on)
        if self._row is not None and self._row not in self._rows_for(snap, self._verb):
            self._row = None  # nothing left to do on that row (the window closed)
        if not _peek_moves(snap):
            self._peeking = ()
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
        width = min(NAME_WIDTH, max(len(n) for n in snap.names)) + 1
        big = self.size.height >= 9 + 3 * len(rows) and self.size.width >= width + 14 + 6 * longest
        # the score column goes when the row would not fit (the scores panel has it too)
        scored = big or self.size.width == 0 or self.size.width - 2 >= 2 + width + 6 + 4 * longest + 4
        p = Painter()
        self._paint_piles(p, snap, lang, big)
        self._paint_hint(p, snap, lang)
        p.newline()
        p.add(" " * (width + (8 if scored else 1)))
        for i in range(longest):
            p.add(f"{i + 1:^5} " if big else f"{i + 1:^3} ", "dim")
        for row in rows:
            self._paint_row(p, snap, row, width, lang, big, scored)
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

    def _paint_row(
        self, p: Painter, snap: Snapshot, row: dict[str, Any], width: int, lang: str, big: bool, scored: bool = True
    ) -> None:
        view, seat = snap.view, row["seat"]
        turn = view.get("turn") == seat
        me = seat == snap.seat
        shown = snap.names[seat] if len(snap.names[seat]) < width else snap.names[seat][: width - 2] + "…"
        name = Text(f"{shown:<{width}}", style=(("bold " if me else "") + ("green" if turn else "")).strip())
        gap = " " if scored else ""  # a narrow board keeps one column for the marker
        marker = Text(("▶" if turn else " ") + gap, "bold green")
        if seat == self._row:
            marker = Text("»" + gap, "bold yellow")  # the digits act on this row
        score = Text(f"{view['scores'][seat]:>4}  ", "bold" if me else "") if scored else Text("")
        used = len(marker) + width + len(score) + 4 * row["size"]
        room = self.size.width - 2 - used if self.size.width else 99
        after = self._row_tail(view, row, room)
        if not row["in_play"]:
            p.newline()
            p.add(marker + name + score)
            p.add(_say(lang, ("eliminado", "eliminated")), "dim italic")
            return
        marked = _marked_slots(view, seat) | (set(self._peeking) if me else set())
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
            if slot:
                p.add(" ")
            p.add(card_cell(face, flash=flashed and face is not None, marked=slot in marked), hit=("slot", seat, slot))
        if after:
            p.add(" ")
            p.add(after)

    @staticmethod
    def _row_tail(view: dict[str, Any], row: dict[str, Any], room: int = 99) -> Text:
        """Penalty points, and the round's total once the rows are revealed, as
        much as `room` takes (the total first: the result panel has the rest)."""
        penalty = f"+{row['penalty_points']}" if row["penalty_points"] else ""
        last, seat = view.get("last_round"), row["seat"]
        tail = Text()
        if view.get("revealed") and last and last["totals"][seat] is not None:
            total, delta = f"={last['totals'][seat]}", f" ({last['deltas'][seat]:+d})"
            for parts in ((penalty, " " + total + delta), (penalty, total), ("", total)):
                if sum(len(x) for x in parts) <= room:
                    tail.append(parts[0], "red")
                    tail.append(parts[1], "cyan")
                    break
        elif len(penalty) <= room:
            tail.append(penalty, "red")
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
        if who_seat == snap.seat and phase in MY_PHASES:
            p.add(_say(lang, MY_PHASES[phase]), "bold green")
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
        hits = [m for m in moves if m.data.get("slot") == slot and _seat_of(m, snap) == seat]
        reactions = [m.action for m in hits if m.reaction]
        return reactions[:1] or [m.action for m in hits]

    def key_state(self) -> Hashable:
        return (self._row, self._verb, self._peeking)

    def set_key_state(self, state: Hashable) -> None:
        self._row, self._verb, self._peeking = state  # type: ignore[misc]

    def shortcuts(self, snap: Snapshot) -> dict[str, int]:
        """Keys that play a move at once: the letters, the digits on the row the digits are on."""
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
        row = self._row_seat(snap)
        if row is not None:
            keys.update(self._digit_keys(snap, row))
        plus_one = _find(snap.moves, "plus_one", seat=self._row) if self._row is not None else []
        if plus_one:
            keys[PLUS_ONE_KEY] = plus_one[0]
        return keys

    def key(self, key: str, snap: Snapshot) -> int | bool | None:
        if _peek_moves(snap):
            return self._peek_key(key, snap)
        return super().key(key, snap)

    def _row_seat(self, snap: Snapshot) -> int | None:
        """The seat whose row the digits act on (yours unless `a` moved them)."""
        return self._row if self._row is not None else snap.seat

    def _digit_keys(self, snap: Snapshot, seat: int) -> dict[str, int]:
        """Digit N acts on slot N of `seat`'s row: the chosen power, else the
        first legal of mirror, swap, give, spy, Intercambio."""
        order = (self._verb,) if self._verb else OWN_ROW_ORDER if seat == snap.seat else OTHER_ROW_ORDER
        keys: dict[str, int] = {}
        for kind in order:
            for move in snap.moves:
                if move.data.get("type") == kind and _seat_of(move, snap) == seat:
                    keys.setdefault(str(move.data["slot"] + 1), move.action)
        return keys

    def press(self, key: str, snap: Snapshot) -> bool:
        """`a` (`A`: backwards): the digits move on to the next row with something to do there;
        c, s, e, i: the digits use the comodín, Secreto, Espía, Intercambio (again: back)."""
        if key in (ROW_KEY, ROW_KEY.upper()):
            rows = self._rows_for(snap, self._verb)
            here = self._row_seat(snap)
            if key == ROW_KEY.upper():  # the other way round
                rows.reverse()
                later = [s for s in rows if here is None or s < here]
            else:
                later = [s for s in rows if here is None or s > here]
            following = later[0] if later else rows[0] if rows else here
            if following == here:
                return False
            self._row = None if following == snap.seat else following
            return True
        verb = VERBS.get(key)
        if verb is None or not _find(snap.moves, verb):
            return False
        if self._verb == verb:
            self._verb = None
        else:
            self._verb = verb
            rows = self._rows_for(snap, verb)
            if self._row_seat(snap) not in rows:
                self._row = None if rows[0] == snap.seat else rows[0]
        return True

    def _rows_for(self, snap: Snapshot, verb: str | None) -> list[int]:
        """Rows where the digits would do something (for `verb`, or any move naming a slot)."""
        seats = {_seat_of(m, snap) for m in snap.moves if "slot" in m.data and (verb is None or m.data["type"] == verb)}
        if verb is None:
            seats |= _target_seats(snap)
        return sorted(s for s in seats if s is not None)

    def _peek_key(self, key: str, snap: Snapshot) -> int | bool | None:
        """The peek: digits pick the slots to look at; the last one needed peeks."""
        moves = _peek_moves(snap)
        if not key.isdigit() or not 1 <= int(key) <= 4:
            return None
        slot = int(key) - 1
        if slot in self._peeking:
            self._peeking = tuple(s for s in self._peeking if s != slot)
            return True
        picked = tuple(sorted((*self._peeking, slot)))
        need = len(moves[0].data["slots"])
        if len(picked) < need:
            self._peeking = picked
            return True
        for move in moves:
            if tuple(move.data["slots"]) == picked:
                return move.action
        return None

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        peeks = _peek_moves(snap)
        if peeks:
            need = len(peeks[0].data["slots"])
            return _say(lang, ("1-4 elige {n} para mirar", "1-4 pick {n} to peek"), n=need)
        row = self._row_seat(snap)
        others = len(self._rows_for(snap, self._verb)) > 1
        row_help = _say(lang, (" · a fila", " · a row")) if others else ""
        if self._verb is not None:
            name = VERB_NAMES[self._verb]
            where = "" if row == snap.seat else f" » {snap.names[row] if row is not None else ''}"
            return f"{_say(lang, name)}{where} 1-8{row_help}"
        if self._row is not None:  # short: the line also holds F1, F2... at 80 columns
            plus = " · p +1" if _find(snap.moves, "plus_one", seat=self._row) else ""
            return _say(lang, ("» {who} 1-8", "» {who} 1-8"), who=snap.names[self._row]) + plus + row_help
        kinds = {m.data.get("type") for m in snap.moves}
        powers = [f"{k} {_say(lang, VERB_NAMES[verb])}" for k, verb in VERBS.items() if verb in kinds]
        if "plus_one" in kinds:
            powers.append(_say(lang, ("a·p +1", "a·p +1")))
        power_help = " · " + " ".join(powers) if powers else ""
        if "mirror" in kinds:
            return _say(lang, ("⚡ 1-8 espejo", "⚡ 1-8 mirror")) + row_help
        if "mirror_other" in kinds:
            return _say(lang, ("⚡ a espejo ajeno", "⚡ a steal-mirror"))
        if "swap" in kinds:
            return _say(lang, ("1-8 cambiar · d descartar", "1-8 swap · d discard")) + power_help
        if "give" in kinds:
            return _say(lang, ("1-8 dar", "1-8 give"))
        if "draw" in kinds:
            return _say(lang, ("m mazo · t descarte", "m deck · t discard")) + power_help
        if kinds & {"spy", "exchange", "plus_one"}:
            return _say(lang, ("1-8 elegir", "1-8 pick")) + row_help + power_help
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


def _seat_of(move: Move, snap: Snapshot) -> int | None:
    """The seat whose row a move names (yours for your own slots)."""
    seat = move.data.get("seat")
    return seat if isinstance(seat, int) else snap.seat


def _peek_moves(snap: Snapshot) -> list[Move]:
    if snap.view.get("phase") != "peek":
        return []
    return [m for m in snap.moves if m.data.get("type") == "peek"]


def _find(moves: list[Move], kind: str, **fields: Any) -> list[int]:
    return [
        m.action for m in moves if m.data.get("type") == kind and all(m.data.get(k) == v for k, v in fields.items())
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


def glyph(face: str, lang: str) -> Text:
    """A card as the table draws it (the rules guide's cards)."""
    return card_cell(face)
