"""WANTED on the terminal: your outlaws, the latest battle with its dice, the piles.

Digits commit the N-th outlaw of your hand face down (everyone chooses at
once; space: the next ten); when a gang's leader or a tied discard must be
chosen, digits name the cards of the list. Each outlaw in the list shows
its skill, what it is strong and weak against, and its reward. With many
players the seats take two a line and the battle shows its winner and you.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tapete.games.wanted.cards import (
    DEC_SUIT,
    DEC_VALUE,
    FACE_TO_ID,
    INC_SUIT,
    INC_VALUE,
    NO_SUIT,
    REWARD,
    SKILL,
    SUIT,
    SUIT_SYMBOLS,
    short_face_name,
)

from ..boards import Painter, number_moves
from ..match import Move, Snapshot
from .common import PagedHandBoard, cell, hand_row, keyed_by_position, say, stable_slots

RED = "bold red3 on grey93"
BLACK = "bold grey7 on grey93"
DICE = "⚀⚁⚂⚃⚄⚅"
MODES = {"duelo": ("Duelo", "Duel"), "tiroteo": ("Tiroteo", "Shootout"), "pandillas": ("Pandillas", "Gangs")}


def card_style(face: str) -> str:
    """Red suits and the red joker in red, the others in black, on a white card."""
    card = FACE_TO_ID[face]
    if SUIT[card] == NO_SUIT:
        return RED if face.endswith("rojo") else BLACK
    return RED if SUIT_SYMBOLS[SUIT[card]] in ("♥", "♦") else BLACK


# The jokers differ in colour only, so each also carries its colour's initial, as the
# texts name them ("JK rojo" / "JK red"): JKr / JKn in Spanish, JKr / JKb in English.
JOKER_INITIAL = {"es": {"rojo": "r", "negro": "n"}, "en": {"rojo": "r", "negro": "b"}}


def card_text(face: str, lang: str) -> tuple[str, str]:
    card = FACE_TO_ID[face]
    if SUIT[card] == NO_SUIT:
        colour = face.partition("-")[2]
        label = "JK" + JOKER_INITIAL.get(lang, JOKER_INITIAL["en"])[colour]
    else:
        label = short_face_name(face, lang)
    return label, card_style(face)


def outlaw_facts(face: str, lang: str) -> Text:
    """Skill, strong against, weak against, reward: what a choice weighs."""
    card = FACE_TO_ID[face]
    text = Text()
    text.append(say(lang, f"hab {SKILL[card]}", f"skill {SKILL[card]}"), "bold")
    if INC_SUIT[card] != NO_SUIT:
        text.append(f" +{INC_VALUE[card]}{SUIT_SYMBOLS[INC_SUIT[card]]}", "green")
    if DEC_SUIT[card] != NO_SUIT:
        text.append(f" −{DEC_VALUE[card]}{SUIT_SYMBOLS[DEC_SUIT[card]]}", "red")
    text.append(say(lang, f" · ${REWARD[card]}", f" · ${REWARD[card]}"), "yellow")
    return text


class WantedBoard(PagedHandBoard):
    PAGED_MOVES = ("commit",)

    def _arrange(self, snap: Snapshot) -> None:
        """Cards keep their digits while a gang is picked one by one; a new hand is laid out afresh."""
        hand: list[str] = snap.view.get("hand") or []
        self.slots = stable_slots(self.slots, hand) if snap.view.get("my_commit") else list(hand)

    def paint(self, snap: Snapshot, lang: str) -> Painter:
        picture = self._picture(snap, lang, compact=False)
        if self.size.height and len(picture.lines) > self.size.height:
            # many players: the battle's winner and you (the result panel had it all), two seats a line
            picture = self._picture(snap, lang, compact=True)
        return picture

    def _picture(self, snap: Snapshot, lang: str, *, compact: bool) -> Painter:
        view = snap.view
        p = Painter()
        self._header(p, snap, lang)
        battle = view.get("battle")
        if battle:
            self._battle(p, snap, battle, lang, compact)
        if compact:
            self._seats_compact(p, snap, lang)
        else:
            self._seats(p, snap, lang)
        if view.get("hand") is not None:
            self._hand(p, snap, lang, compact)
        return p

    def _header(self, p: Painter, snap: Snapshot, lang: str) -> None:
        view = snap.view
        p.add("WANTED — " + say(lang, *MODES.get(view["mode"], (view["mode"], view["mode"]))), "bold")
        if view["mode"] == "pandillas":
            p.add(say(lang, f" · reparto {view['deal']}/{view['deals']}", f" · deal {view['deal']}/{view['deals']}"))
        else:
            number = min(view["battle_number"], view["battles"])
            p.add(say(lang, f" · batalla {number}/{view['battles']}", f" · battle {number}/{view['battles']}"))
        if view.get("replay"):
            p.add(say(lang, f" · desempate {view['replay']}", f" · replay {view['replay']}"), "magenta")
        p.add(say(lang, f" · mazo {view['deck_count']}", f" · deck {view['deck_count']}"), "dim")

    def _battle(self, p: Painter, snap: Snapshot, battle: dict[str, Any], lang: str, compact: bool = False) -> None:
        if not compact:  # compact: the lines speak for themselves (the header has the battle's number)
            p.newline()
            p.add(say(lang, f"Batalla {battle['number']}", f"Battle {battle['number']}"), "bold underline")
        shown = {battle["winner"], snap.seat} if compact else None
        if battle["kind"] == "single":
            for entry in battle["seats"]:
                if shown is not None and entry["seat"] not in shown:
                    continue
                p.newline()
                won = entry["seat"] == battle["winner"]
                p.add(("★ " if won else "  ") + f"{snap.names[entry['seat']]:<7}", "bold yellow" if won else "")
                p.add(cell(*card_text(entry["card"], lang)))
                die = DICE[entry["die"] - 1] if 1 <= entry["die"] <= 6 else "?"
                p.add(f" {entry['skill']} + {die} {entry['die']} {entry['modifier']:+d} = ")
                p.add(str(entry["total"]), "bold")
            return
        for gang in battle["gangs"]:
            if shown is not None and gang["seat"] not in shown:
                continue
            p.newline()
            won = gang["seat"] == battle["winner"]
            p.add(("★ " if won else "  ") + f"{snap.names[gang['seat']]:<7}", "bold yellow" if won else "")
            for c in gang["cards"]:
                label, style = card_text(c["card"], lang)
                p.add(cell(label, style + (" underline" if c["leader"] else "")))
                die = DICE[c["die"] - 1] if 1 <= c["die"] <= 6 else "?"
                p.add(f" {die} ", "dim")
            if gang["total"] is not None:
                p.add(f"= {gang['total']}", "bold")
                if gang.get("modifier"):
                    p.add(f" ({gang['modifier']:+d})", "dim")

    def _seats(self, p: Painter, snap: Snapshot, lang: str) -> None:
        view = snap.view
        p.newline()
        for seat, pile in enumerate(view["piles"]):
            p.newline()
            chose = view["phase"] == "commit" and view["committed"][seat]
            style = "bold" if seat == snap.seat else ""
            p.add(("✔ " if chose else "  ") + f"{snap.names[seat]:<7}", (style + (" green" if chose else "")).strip())
            p.add(say(lang, f"{view['held'][seat]} en mano", f"{view['held'][seat]} in hand"), "dim")
            p.add(say(lang, f" · botín ${view['scores'][seat]}", f" · bounty ${view['scores'][seat]}"), "yellow")
            p.add(" · ✓")
            for face in pile["winners"]:
                p.add(cell(*card_text(face, lang)))
            if not pile["winners"]:
                p.add(str(pile["winners_count"]))
            p.add(say(lang, f" · ▼{pile['face_down_count']}", f" · ▼{pile['face_down_count']}"), "dim")

    def _seats_compact(self, p: Painter, snap: Snapshot, lang: str) -> None:
        """Two seats a line: cards in hand, bounty, battles won, cards face down."""
        view = snap.view
        p.newline()
        p.add(say(lang, "mano · botín · ✓ ganadas · ▼ abajo", "hand · bounty · ✓ won · ▼ down"), "dim")
        for seat, pile in enumerate(view["piles"]):
            if seat % 2 == 0:
                p.newline()
            else:
                p.add(" ")
            chose = view["phase"] == "commit" and view["committed"][seat]
            style = ("bold " if seat == snap.seat else "") + ("green" if chose else "")
            p.add(("✔" if chose else " ") + f"{snap.names[seat][:6]:<6}", style.strip())
            p.add(f"{view['held'][seat]:>2}", "dim")
            p.add(f" ${view['scores'][seat]:<4}", "yellow")
            p.add(f"✓{pile['winners_count']:<2}▼{pile['face_down_count']:<2}")

    def _hand(self, p: Painter, snap: Snapshot, lang: str, compact: bool = False) -> None:
        view = snap.view
        hand: list[str] = view["hand"]
        keys = {action: key for key, action in self.shortcuts(snap).items()}
        playable = {m.data["card"]: m.action for m in snap.moves if m.data.get("type") == "commit"}
        if not compact:
            p.newline()
        p.newline()
        p.add(say(lang, "Tu mano", "Your hand"), "bold")
        if view.get("my_commit"):
            p.add(say(lang, " · boca abajo: ", " · face down: "), "dim")
            for face in view["my_commit"]:
                p.add(cell(*card_text(face, lang)))
                p.add(" ")
        big = self.size.height >= 18 and self.size.width >= 6 * len(hand) + 2
        hand_row(p, self.slots, playable, keys, lambda face: card_text(face, lang), big, max(20, self.size.width - 2))

    # -- clicks and keys ---------------------------------------------------------
    def clicked(self, payload: Any, snap: Snapshot) -> list[int]:
        if payload[0] == "card":
            return [m.action for m in snap.moves if m.data.get("card") == payload[1]]
        return []

    def shortcuts(self, snap: Snapshot) -> dict[str, int]:
        keys = keyed_by_position(snap.moves, self.slots, ("commit",), self.page)
        if keys:
            return keys
        return number_moves(snap.moves, {})

    def move_label(self, move: Move, lang: str) -> Text | None:
        face = move.data.get("card")
        if face not in FACE_TO_ID:
            return None
        # the figures first: a long outlaw's name is what the one line a move has cuts
        text = outlaw_facts(face, lang)
        text.append("  ")
        text.append(move.text)
        return text

    def hotkeys_help(self, snap: Snapshot, lang: str) -> str:
        if any(m.data.get("type") == "commit" for m in snap.moves):
            more = say(lang, " · espacio: más", " · space: more") if len(snap.view.get("hand") or []) > 10 else ""
            return say(lang, "1-9 elegir forajido", "1-9 pick an outlaw") + more
        return ""


BOARD = WantedBoard


def glyph(face: str, lang: str) -> Text:
    """An outlaw as the hand draws it (the rules guide's cards)."""
    label, style = card_text(face, lang)
    return cell(label, style, width=4)
