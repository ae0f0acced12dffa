"""Boon on the terminal: the table around the trick, your hand in colour.

Digits play (or bury) the N-th card of your hand (space: the next ten);
`t` takes the Boon, `p` passes, `r` deals the next round. Cards you may not
play are dimmed; each suit has a shape as well as a colour.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tapete.games.boon.cards import SUIT_NAMES, SUITS
from tapete.games.boon.texts import PHASE_NAMES, describe_result

from ..boards import DIGITS, Painter
from ..match import Snapshot
from .common import (
    COLOUR_GLYPHS,
    PagedHandBoard,
    blank,
    box,
    cell,
    flow,
    hand_row,
    keyed_by_position,
    moves_of,
    say,
    stable_slots,
    wrapped,
)

SUIT_STYLES = {
    "azul": "bold white on blue3",
    "verde": "bold black on green3",
    "rojo": "bold white on red3",
    "oro": "bold black on gold3",
}
# A shape per suit (as on the web), so colour is never the only cue; gold (the trumps) a star
SUIT_SHAPES = COLOUR_GLYPHS
LETTERS = {"t": "take", "p": "pass", "r": "deal"}


def card_text(face: str) -> tuple[str, str]:
    """Label and style: the rank and its suit's shape (gold, the trumps, a star)."""
    suit, _, rank = face.partition("-")
    return f"{rank}{SUIT_SHAPES.get(suit, '')}", SUIT_STYLES.get(suit, "bold")


def trick_card(face: str | None, big: bool) -> list[Text]:
    if face is None:
        return blank(5 if big else 3, 3 if big else 1)
    label, style = card_text(face)
    return box(label, style) if big else [cell(label, style)]


class BoonBoard(PagedHandBoard):
    PAGED_MOVES = ("play", "bury")

    def _arrange(self, snap: Snapshot) -> None:
        """Cards keep their digits while the taker buries one by one; otherwise the hand as dealt."""
        hand: list[str] = snap.view.get("hand") or []
        burying = snap.view.get("phase") == "bury" and snap.view.get("taker") == snap.seat
        self.slots = stable_slots(self.slots, hand) if burying and self.slots else list(hand)

    def paint(self, snap: Snapshot, lang: str) -> Painter:
        picture = self._picture(snap, lang, compact=False)
        if self.size.height and len(picture.lines) > self.size.height:
            picture = self._picture(snap, lang, compact=True)  # no blank line, no labels the eye can spare
        return picture

    def _picture(self, snap: Snapshot, lang: str, *, compact: bool) -> Painter:
        view = snap.view
        width = max(30, self.size.width - 2)
        hand = view.get("hand") or []
        big = self.size.height >= 21 and width >= 6 * len(hand) + 2
        p = Painter()
        self._header(p, snap, lang, width)
        if not compact:
            p.newline()
        self._table(p, snap, lang, width, big)
        p.newline()
        self._last_trick(p, snap, lang, width)
        if view.get("buried"):
            flow(p, Text(say(lang, "Enterradas:", "Buried:"), "bold"), width, "  ")
            for face in view["buried"]:
                flow(p, cell(*card_text(face)), width, " ")
        if not p.lines[-1].cell_len:
            p.lines.pop()
        if snap.seat is not None:
            self._hand(p, snap, lang, big, compact)
        result = view.get("last_result")
        if result and view["phase"] in ("round_over", "over"):
            wrapped(p, describe_result(result, lang, snap.names, snap.seat), width, "cyan")
        return p

    def _header(self, p: Painter, snap: Snapshot, lang: str, width: int) -> None:
        view = snap.view
        phase = PHASE_NAMES["en" if lang == "en" else "es"].get(view["phase"], view["phase"])
        p.add(say(lang, "Reparte ", "Dealer ") + snap.names[view["dealer"]], "dim")
        flow(p, Text(phase, "bold"), width, " · ")
        if view.get("taker") is not None:
            flow(p, Text(say(lang, "solitario: ", "taker: ") + snap.names[view["taker"]], "magenta"), width, " · ")
        elif view.get("leaster"):
            flow(p, Text(say(lang, "Modo Menor", "Leaster"), "magenta"), width, " · ")
        if view.get("led_suit"):
            led = view["led_suit"]
            name = SUIT_NAMES[lang if lang in SUIT_NAMES else "es"][SUITS.index(led)] if led in SUITS else led
            piece = Text(say(lang, "palo: ", "led: "))
            piece.append_text(cell(f"{SUIT_SHAPES.get(led, '')} {name}", SUIT_STYLES.get(led, ""), 0))
            flow(p, piece, width, " · ")

    def _seat_info(self, snap: Snapshot, seat: int, lang: str) -> Text:
        view = snap.view
        style = "bold" if seat == snap.seat else ""
        if view.get("turn") == seat:
            style += " green"
        if view.get("taker") == seat:
            style += " magenta"
        text = Text(("▶ " if view.get("turn") == seat else "") + snap.names[seat], style=style.strip())
        text.append(f" [{view['hand_sizes'][seat]}]", "dim")
        text.append(f" ✓{view['tricks_won'][seat]}", "cyan")
        return text

    def _table(self, p: Painter, snap: Snapshot, lang: str, width: int, big: bool) -> None:
        """The seats around the table, each with the card it played to the trick."""
        view = snap.view
        n, me = view["num_players"], snap.seat if snap.seat is not None else 0
        order = [(me + k) % n for k in range(n)]  # bottom, then on round (to the left)
        spots = dict(zip(("bottom", "left", "top", "right"), order, strict=False)) if n == 4 else {}
        if n == 3:
            spots = {"bottom": order[0], "left": order[1], "right": order[2]}
        played = {play["seat"]: play["card"] for play in view.get("trick") or []}
        centre = width // 2
        card_w = 5 if big else 3

        def centred(text: Text) -> None:
            p.newline()
            p.add(" " * max(0, centre - text.cell_len // 2))
            p.add(text)

        def card_rows(parts: list[Text], x: int) -> None:
            p.block(len(parts))
            p.column([Text(" " * x)] * len(parts))
            p.column(parts)

        if "top" in spots:
            centred(self._seat_info(snap, spots["top"], lang))
            card_rows(trick_card(played.get(spots["top"]), big), centre - card_w // 2)
        left_info, right_info = self._seat_info(snap, spots["left"], lang), self._seat_info(snap, spots["right"], lang)
        left_card, right_card = trick_card(played.get(spots["left"]), big), trick_card(played.get(spots["right"]), big)
        rows = len(left_card)
        mid = rows // 2
        p.block(rows)
        gap = max(1, centre - 4 - card_w - left_info.cell_len)
        p.column([left_info if i == mid else Text("") for i in range(rows)])
        p.column([Text(" " * gap)] * rows)
        p.column(left_card)
        p.column([Text(" " * 7)] * rows)
        p.column(right_card)
        p.column([Text(" ")] * rows)
        p.column([right_info if i == mid else Text("") for i in range(rows)])
        card_rows(trick_card(played.get(spots["bottom"]), big), centre - card_w // 2)
        centred(self._seat_info(snap, spots["bottom"], lang))

    def _last_trick(self, p: Painter, snap: Snapshot, lang: str, width: int) -> None:
        last = snap.view.get("last_trick")
        if not last:
            return
        p.add(say(lang, "Última baza: ", "Last trick: "), "dim")
        for play in last["cards"]:
            p.add(cell(*card_text(play["card"])))
            p.add(" ")
        p.add("→ " + snap.names[last["winner"]], "dim")

    def _hand(self, p: Painter, snap: Snapshot, lang: str, big: bool, compact: bool = False) -> None:
        keys = {action: key for key, action in self.shortcuts(snap).items()}
        playable = {m.data["card"]: m.action for m in snap.moves if m.data.get("type") in ("play", "bury")}
        if not compact:
            p.newline()
            p.add(say(lang, "Tu mano", "Your hand"), "bold")
        hand_row(p, self.slots, playable, keys, card_text, big, max(20, self.size.width - 2))

    # -- clicks and keys ---------------------------------------------------------
    def clicked(self, payload: Any, snap: Snapshot) -> list[int]:
        if payload[0] == "card":
            return [m.action for m in snap.moves if m.data.get("card") == payload[1]]
        return []

    def shortcuts(self, snap: Snapshot) -> dict[str, int]:
        keys = keyed_by_position(snap.moves, self.slots, ("play", "bury"), self.page)
        for key, kind in LETTERS.items():
            found = moves_of(snap, kind)
            if found:
                keys[key] = found[0].action
        return keys

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        kinds = {m.data.get("type") for m in snap.moves}
        if kinds & {"play", "bury"}:
            size = len(self.slots)
            last = min(size, len(DIGITS))
            more = say(lang, " · espacio: más", " · space: more") if size > len(DIGITS) else ""
            return say(lang, f"1-{DIGITS[last - 1]} carta", f"1-{DIGITS[last - 1]} card") + more
        if "take" in kinds:
            return say(lang, "t tomar · p pasar", "t take · p pass")
        if "deal" in kinds:
            return say(lang, "r repartir", "r deal")
        return ""


BOARD = BoonBoard


def glyph(face: str, lang: str) -> Text:
    """A card as the hand draws it (the rules guide's cards)."""
    return cell(*card_text(face))
