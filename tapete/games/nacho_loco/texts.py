"""Nacho Loco in words: the message catalogue (es/en), moves and events as messages, the
terminal view. The rules themselves are rules.es.md and rules.en.md beside this module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine import Event, State
from tapete.engine.words import Card, Cards, Catalogue, Lines, Message, Player, Players, Term, msg

from . import actions as act
from .cards import (
    BLANK,
    CLOSER,
    CLOSER_NAME,
    DESIGN_TOKENS,
    SEGMENT_LABELS,
    SEGMENT_NAMES,
    face_name,
    segment_name,
    short_face_name,
)
from .geometry import SIDES, cell_coords, is_up, pattern_needs
from .rules import NachoLocoState

SIDE_NAMES = {
    "es": {True: ("izq", "der", "abajo"), False: ("arriba", "der", "izq")},
    "en": {True: ("left", "right", "bottom"), False: ("top", "right", "left")},
}
PHASE_NAMES = {
    "es": {
        "play": "jugar",
        "drawn": "carta robada",
        "again": "Otra vez",
        "choose": "elegir rival",
        "round_over": "fin de ronda",
        "over": "fin de la partida",
    },
    "en": {
        "play": "play",
        "drawn": "drawn card",
        "again": "Go Again",
        "choose": "choose opponent",
        "round_over": "round over",
        "over": "match over",
    },
}


def _lang(lang: str) -> str:
    return "es" if lang == "es" else "en"


def seat_name(seat: int | None, lang: str) -> str:
    return f"{'Asiento' if _lang(lang) == 'es' else 'Seat'} {seat}"


STYLES = {
    "rojo": "red",
    "naranja": "dark_orange",
    "amarillo": "yellow",
    "verde": "green",
    "azul": "blue",
    "marron": "#a0522d",
    "saltar": "bold magenta",
    "otravez": "bold magenta",
    "roba3": "bold magenta",
    "X": "dim",
}


def segment_label(name: str | None, lang: str, markup: bool = False) -> str:
    """A segment as people read it; with `markup`, in its colour (Rich)."""
    label = segment_name(name, lang)
    style = STYLES.get(name) if markup and name else None
    return f"[{style}]{label}[/]" if style else label


def _styled_card(face: str, lang: str) -> str:
    """`short_face_name`, each segment in its colour (Rich)."""
    if face == CLOSER_NAME:
        return f"[bold]{short_face_name(face, lang)}[/]"
    return "/".join(segment_label(part, lang, True) for part in face.split("/"))


def _sides_label(up: bool, sides: Sequence[str | None], lang: str, markup: bool = False) -> str:
    names = SIDE_NAMES[_lang(lang)][up]
    return " · ".join(f"{names[k]} {segment_label(sides[k], lang, markup)}" for k in range(3))


MESSAGES: dict[str, dict[str, str]] = {
    # moves
    "act.place": {
        "es": "Colocar {card} en la casilla libre {where}{sides}{matches}",
        "en": "Place {card} in the open cell {where}{sides}{matches}",
    },
    # an open cell named as the board shows it: by the sides it touches (never a number)
    "act.at1": {"es": "junto a {a}", "en": "next to {a}"},
    "act.at2": {"es": "junto a {a} y {b}", "en": "next to {a} and {b}"},
    "act.at3": {"es": "junto a {a}, {b} y {c}", "en": "next to {a}, {b} and {c}"},
    "act.place_anywhere": {"es": "Colocar {card}", "en": "Place {card}"},
    "act.sides": {"es": ": {a} {sa} · {b} {sb} · {c} {sc}", "en": ": {a} {sa} · {b} {sb} · {c} {sc}"},
    "act.matches": {
        "es": " — {k:# coincidencia|# coincidencias}",
        "en": " — {k:# match|# matches}",
    },
    "act.draw": {"es": "Robar una carta", "en": "Draw a card"},
    "act.pass": {"es": "Pasar", "en": "Pass"},
    "act.next_round": {"es": "Repartir la siguiente ronda", "en": "Deal the next round"},
    "act.target": {"es": "{p:{p} roba|Robas} 3 cartas", "en": "{p} {p:draws|draw} 3 cards"},
    # events
    "place": {
        "es": "{p:{p} coloca|Colocas} {card}: {k:# coincidencia|# coincidencias}.",
        "en": "{p} {p:places|place} {card}: {k:# match|# matches}.",
    },
    "close.nobody": {
        "es": "Nadie ha emparejado en este campo: se retira.",
        "en": "Nobody matched on this field: it is cleared.",
    },
    "close": {"es": "{p:{p} cierra|Cierras} el campo ({how}).", "en": "{p} {p:closes|close} the field ({how})."},
    "effect": {"es": "{p:{p} empareja|Emparejas} {act}.", "en": "{p} {p:matches|match} {act}."},
    "draw": {
        "es": "{p:{p} roba|Robas} {count:# carta|# cartas}{reason}{short}.",
        "en": "{p} {p:draws|draw} {count:# card|# cards}{reason}{short}.",
    },
    "draw.short": {"es": " (no quedan más)", "en": " (no more left)"},
    "drew": {"es": "Robaste: {cards}.", "en": "You drew: {cards}."},
    "drew.by_standin": {"es": "Por ti, el reemplazo robó: {cards}.", "en": "Your stand-in drew: {cards}."},
    "target": {
        "es": "{p:{p} elige|Eliges} a {target:{target}|ti}: {target:roba|robas} 3.",
        "en": "{p} {p:chooses|choose} {target} to draw 3.",
    },
    "round_end": {
        "es": "{p:{p} se queda|Te quedas} sin cartas y {p:gana|ganas} {points:# punto|# puntos}.",
        "en": "{p} {p:runs|run} out of cards and {p:scores|score} {points:# point|# points}.",
    },
    "round_end.head": {"es": "Puntos tras la ronda:", "en": "Points after the round:"},
    "round_end.score": {"es": "  {p}: {points:# punto|# puntos}", "en": "  {p}: {points:# point|# points}"},
    "round_start": {"es": "Ronda {round}: {p:empieza {p}|empiezas tú}.", "en": "Round {round}: {p} {p:starts|start}."},
    "field_start": {"es": "Nuevo campo de juego: {card}.", "en": "New playfield: {card}."},
    "pass": {"es": "{p:{p} pasa|Pasas}.", "en": "{p} {p:passes|pass}."},
    "skipped": {"es": "{p:{p} pierde|Pierdes} el turno.", "en": "{p} {p:is|are} skipped."},
    "refill": {
        "es": "Se baraja un mazo nuevo de {count:# carta|# cartas}.",
        "en": "A new draw pile of {count:# card|# cards} is shuffled.",
    },
    "closer_back": {
        "es": "Sale El Cerrador: vuelve al mazo.",
        "en": "The Closer is turned up: it goes back into the pile.",
    },
    "field_cleared": {
        "es": "Se retira el campo ({cards:# carta|# cartas}).",
        "en": "The field is cleared ({cards:# card|# cards}).",
    },
}

TERMS: dict[str, dict[str, str]] = {
    "how.killer": {"es": "cierre asesino", "en": "killer close"},
    "how.stalled": {"es": "todos robaron sin jugar", "en": "everyone drew without playing"},
    "how.closer": {"es": "El Cerrador", "en": "The Closer"},
    "reason.turn": {"es": "", "en": ""},
    "reason.match": {"es": " por la coincidencia múltiple", "en": " for the multiple match"},
    "reason.draw3": {"es": " (El rival roba 3)", "en": " (Opponent Draws 3)"},
    "reason.gift": {"es": " de regalo", "en": " as a gift"},
    **{
        f"side.{int(up)}.{i}": {lang: SIDE_NAMES[lang][up][i] for lang in ("es", "en")}
        for up in (True, False)
        for i in range(3)
    },
    **{f"segment.{name}": {lang: SEGMENT_LABELS[lang][name] for lang in ("es", "en")} for name in SEGMENT_LABELS["es"]},
}

TERMS[f"segment.{BLANK}"] = {"es": "en blanco", "en": "blank"}

# Sentences name a card in full even where a short name is asked: the short one
# (short_face_name, for the terminal's tables) reads like its token in Spanish.
CATALOGUE = Catalogue(MESSAGES, face_name, TERMS)


def _touching(own: NachoLocoState | None, cell: int) -> Message | str:
    """ "junto a rojo y verde": the segments an open cell touches, as its label on the board says."""
    if own is None:
        return ""
    touched = [SEGMENT_NAMES[s] for s in pattern_needs(own.field.open[cell])]
    terms = [Term(f"segment.{name}") for name in touched if name]
    if not terms:
        return ""
    return msg(f"act.at{len(terms)}", **dict(zip("abc", terms, strict=False)))


def action_message(state: State, action: int) -> Message:
    own = state if isinstance(state, NachoLocoState) else None
    if act.is_place(action):
        slot, design, rotation = act.unplace(action)
        slots = own.field.slots() if own is not None else []
        if slot >= len(slots):
            return msg("act.place_anywhere", card=Card(DESIGN_TOKENS[design]))
        cell = slots[slot]
        x, y = cell_coords(cell)
        up = is_up(x, y)
        sides: Message | str = ""
        if design != CLOSER:
            named = [SEGMENT_NAMES[s] for s in SIDES[design * 3 + rotation]]
            where = {k: Term(f"side.{int(up)}.{i}") for i, k in enumerate("abc")}
            segments = {f"s{k}": Term(f"segment.{named[i]}") if named[i] else "—" for i, k in enumerate("abc")}
            sides = msg("act.sides", **where, **segments)
        matched = _matches(own, cell, design, rotation)
        matches = msg("act.matches", k=matched) if matched else ""
        card = Card(DESIGN_TOKENS[design])
        # the cell as the board shows it, by what it touches: people never read coordinates or slot numbers
        return msg("act.place", card=card, where=_touching(own, cell), sides=sides, matches=matches)
    simple = {act.DRAW: "act.draw", act.PASS: "act.pass", act.NEXT_ROUND: "act.next_round"}
    if action in simple:
        return msg(simple[action])
    if act.is_target(action):
        return msg("act.target", p=Player(action - act.TARGET))
    raise KeyError(f"no message for the Nacho Loco move {action}")


def _matches(state: NachoLocoState | None, cell: int, design: int, rotation: int) -> int:
    if state is None or cell not in state.field.open:
        return 0
    return state.table.matches(state.field.open[cell], design, rotation)


def event_message(event: Event) -> Message | Lines:
    d = event.data
    kind = event.kind
    who = Player(d["seat"]) if isinstance(d.get("seat"), int) else None
    if kind == "place":
        return msg("place", p=who, card=Card(d["card"]), k=d["matches"])
    if kind == "close":
        if who is None:
            return msg("close.nobody")
        return msg("close", p=who, how=Term(f"how.{d['how']}"))
    if kind == "effect":
        return msg("effect", p=who, act=Term(f"segment.{d['action']}"))
    if kind == "draw":
        short = "" if d["count"] == d["wanted"] else msg("draw.short")
        return msg("draw", p=who, count=d["count"], reason=Term(f"reason.{d['reason']}"), short=short)
    if kind == "drew":
        return msg("drew", cards=Cards(tuple(d["cards"])))
    if kind == "target":
        return msg("target", p=who, target=Player(d["target"]))
    if kind == "round_end":
        lines = [msg("round_end", p=who, points=d["points"]), msg("round_end.head")]
        lines.extend(msg("round_end.score", p=Player(s), points=p) for s, p in enumerate(d["scores"]))
        if d["over"]:
            lines.append(msg("match.over", "NAC-16", winners=Players((d["seat"],))))
        return Lines(tuple(lines))
    if kind == "round_start":
        return msg("round_start", round=d["round"], p=Player(d["first"]))
    if kind == "field_start":
        return msg("field_start", card=Card(d["card"]))
    if kind in ("pass", "skipped", "closer_back"):
        return msg(kind, p=who) if who is not None else msg(kind)
    if kind == "refill":
        return msg(kind, count=d["count"])
    if kind == "field_cleared":
        return msg(kind, cards=d["cards"])
    raise KeyError(f"no message for the Nacho Loco event {kind!r}")


# -- terminal ---------------------------------------------------------------------
def render_text(view: Mapping[str, Any], lang: str) -> str:
    es = _lang(lang) == "es"
    lines = [_header(view, es, lang), *_field_map(view)]
    lines.append("Campo de juego:" if es else "Playfield:")
    for cell in view["field"]:
        x, y = cell["cell"]
        mark = "▲" if cell["up"] else "▼"
        sides = _sides_label(cell["up"], cell["sides"], lang, True)
        lines.append(f"  ({x},{y}){mark} {_styled_card(cell['card'], lang)}: {sides}")
    lines.append("Casillas abiertas:" if es else "Open cells:")
    for cell in view["open"]:
        x, y = cell["cell"]
        mark = ("△" if cell["up"] else "▽") if cell["live"] else "×"
        dead = "" if cell["live"] else (" — no cabe ninguna carta normal" if es else " — no normal card fits")
        lines.append(f"  ({x},{y}){mark} {_sides_label(cell['up'], cell['needs'], lang, True)}{dead}")
    if view.get("seat") is not None:
        drawn = view.get("drawn")
        hand = [_styled_card(t, lang) + (" ← *" if i == drawn else "") for i, t in enumerate(view["hand"])]
        lines.append(("Tu mano: " if es else "Your hand: ") + (", ".join(hand) or "—"))
    return "\n".join(lines)


def _header(view: Mapping[str, Any], es: bool, lang: str) -> str:
    phase = PHASE_NAMES[_lang(lang)].get(view["phase"], view["phase"])
    scores = " ".join(f"{s}:{p}" for s, p in enumerate(view["scores"]))
    sizes = " ".join(f"{s}:{n}" for s, n in enumerate(view["hand_sizes"]))
    if es:
        return (
            f"Nacho Loco — ronda {view['round']} · turno de {seat_name(view['turn'], lang)} ({phase}) · "
            f"puntos {scores} (meta {view['target']}) · manos {sizes} · mazo {view['draw_pile']} · "
            f"retiradas {len(view['cleared'])}"
        )
    return (
        f"Nacho Loco — round {view['round']} · {seat_name(view['turn'], lang)} to act ({phase}) · "
        f"points {scores} (target {view['target']}) · hands {sizes} · pile {view['draw_pile']} · "
        f"cleared {len(view['cleared'])}"
    )


def _field_map(view: Mapping[str, Any]) -> list[str]:
    """A small map: ▲▼ cards, △▽ open cells, × cells nothing fits, one
    character per cell."""
    marks: dict[tuple[int, int], str] = {}
    for cell in view["open"]:
        marks[tuple(cell["cell"])] = ("△" if cell["up"] else "▽") if cell["live"] else "×"
    for cell in view["field"]:
        marks[tuple(cell["cell"])] = "▲" if cell["up"] else "▼"
    if not marks:
        return []
    xs = [x for x, _ in marks]
    ys = [y for _, y in marks]
    lines = []
    for y in range(min(ys), max(ys) + 1):
        row = "".join(marks.get((x, y), " ") for x in range(min(xs), max(xs) + 1))
        lines.append(f"  {y:>3} {row}")
    lines.append(f"      x {min(xs)}..{max(xs)}")
    return lines


def pattern_label(pattern: int, up: bool, lang: str) -> str:
    """What an open cell needs, side by side (for tests and debugging)."""
    return _sides_label(up, [SEGMENT_NAMES[s] or None for s in pattern_needs(pattern)], lang)
