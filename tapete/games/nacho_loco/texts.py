"""Nacho Loco in words: rules (es/en), actions, events, terminal rendering."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine import Event, State
from tapete.engine.messages import Card, Cards, Catalogue, Lines, Message, Player, Players, Term, msg

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

RULES_ES = """\
# Nacho Loco

Juego de cartas triangulares para **2 a 6 jugadores**: se juntan por sus
lados formando un campo de juego, y gana la ronda quien se queda sin cartas.

## Cartas y campo
- **NAC-1** 94 cartas triangulares: 62 de colores, 31 de acción y 1
  **El Cerrador** (*The Closer*). Cada carta tiene 3 segmentos, uno por lado:
  un color, una acción (**Saltar siguiente**, **Otra vez**, **El rival roba
  3**) o una **X negra**.
- **NAC-2** Colores: rojo, naranja, amarillo, verde, azul y marrón.
  - 62 cartas de colores: 20 de tres colores distintos (cada trío una vez,
    en orden creciente de color en el sentido de las agujas del reloj); 30 de
    dos colores y una X (cada par ordenado a≠b: a, b, X); 12 de un color y
    dos X (cada color dos veces).
  - 31 cartas de acción: por acción, 6 cartas (acción, color, X), una por
    color; y además (acción, color, color): Saltar siguiente con (rojo,
    amarillo), (naranja, verde), (amarillo, azul), (verde, marrón); Otra vez
    con (rojo, verde), (naranja, azul), (amarillo, marrón), (rojo, azul),
    (naranja, marrón); El rival roba 3 con (rojo, naranja), (amarillo, verde),
    (azul, marrón), (naranja, amarillo).
  - 1 El Cerrador.
- **NAC-3** El campo de juego es una red triangular. Cada carta ocupa una
  casilla, en cualquiera de sus 3 rotaciones (nunca dada la vuelta). Un
  contacto es un lado que la carta nueva comparte con una carta ya colocada.
  El campo no tiene borde: cualquier casilla vacía junto al
  campo es un sitio donde jugar, por mucho que haya crecido.
- **NAC-4** Una carta normal se coloca en una casilla vacía con al menos un
  contacto si todos los contactos coinciden: mismo color o misma acción. La
  X no coincide con nada. «Coincidir k segmentos» es tener k contactos que
  coinciden. Opción `all_contacts_must_match` (por defecto sí; si no, basta
  con que coincida un contacto y los demás pueden no coincidir).
- **NAC-5** El Cerrador solo se coloca en una casilla con al menos 2
  contactos que sean X; cuenta como coincidencia con esas X.

## Juego
- **NAC-6** De 2 a 6 jugadores. Se reparten 6 cartas a cada uno; el resto es
  el mazo. Se da la vuelta a una carta para empezar el campo de juego (si es
  El Cerrador, se baraja de nuevo en el mazo y se da la vuelta a otra). El
  primer jugador se sortea; se juega en el sentido de las agujas del reloj.
- **NAC-7** En tu turno debes jugar una carta si puedes. Si no puedes, roba
  una; si esa carta se puede jugar, puedes colocarla en el acto; si no, el
  turno termina.
- **NAC-8** Si coinciden 2 segmentos a la vez, cada uno de los demás roba 1
  carta; si coinciden 3, cada uno de los demás roba 2 (no con El Cerrador).
- **NAC-9** Una acción se cumple cuando se empareja un segmento de acción:
  **Saltar siguiente** salta el turno del siguiente jugador (con 2 jugadores,
  vuelves a jugar); **Otra vez** te deja jugar una carta más (opcional; si no
  puedes, el turno termina sin robar); **El rival roba 3**: eliges un rival
  que roba 3 cartas. Cada pareja de acción cuenta una vez, en el orden de los
  contactos según las agujas del reloj.
- **NAC-10** Si el mazo se acaba, las cartas de los campos de juego ya
  retirados se barajan para formar un mazo nuevo (nunca las del campo
  actual). Si aun así no hay nada que robar, el jugador pasa.

## Cerrar el campo de juego
- **NAC-11** Cierre asesino: tras colocar una carta normal, ningún diseño de
  la baraja (salvo El Cerrador), en ninguna rotación, cabe legalmente en
  ninguna casilla junto al campo. Se comprueba con el catálogo de diseños, no
  con las manos, así que no revela nada oculto.
- **NAC-12** Si todos los jugadores, uno tras otro, roban y no juegan, el
  campo se cierra, y lo cierra el último jugador que emparejó una carta. Si
  nadie ha emparejado aún en este campo, se retira, se da la vuelta a otra
  carta, sin regalos, y sigue el siguiente jugador.
- **NAC-13** Jugar El Cerrador cierra el campo en el acto; no hay robos extra
  por sus coincidencias.
- **NAC-14** Tras un cierre, quien emparejó la última carta da a cada uno de
  los demás 1 carta del mazo; el campo se retira, se da la vuelta a una carta
  nueva y ese jugador juega primero.

## Ronda y partida
- **NAC-15** La ronda termina cuando un jugador coloca su última carta; antes
  se resuelve todo lo que provoca esa jugada (robos por 2 o 3 coincidencias,
  El rival roba 3, regalos de un cierre). Ese jugador gana 1 punto por cada
  carta que quede en las manos de los demás (El Cerrador cuenta 1).
- **NAC-16** Después se recogen todas las cartas, se barajan, se reparten 6 a
  cada uno y se empieza un campo nuevo; empieza el ganador de la ronda.
- **NAC-17** Gana la partida el primero en llegar a 20 puntos (opción
  `target`).

## Aclaraciones de tapete
- **Geometría.** Las casillas son (x, y), con y hacia abajo; la casilla es un
  triángulo hacia arriba (▲) si x + y es par y hacia abajo (▼) si no. Lados en
  el sentido de las agujas del reloj: ▲ 0 izquierda, 1 derecha, 2 abajo; ▼ 0
  arriba, 1 derecha, 2 izquierda. En la rotación r, el lado k muestra el
  segmento (k − r) mód 3 de la carta. La primera carta de cada campo va en
  (0, 0), en rotación 0.
- Tras robar (NAC-7) siempre decides: colocar la carta robada o pasar
  (aunque no quepa en ninguna parte); así la mesa no sabe si podías jugarla.
  Lo mismo con Otra vez.
- Para NAC-12 cuentan los turnos seguidos que terminan sin colocar carta
  (robar y pasar, o pasar sin nada que robar).
- Un cierre termina el turno de quien cierra: los Otra vez y Saltar
  siguiente pendientes se pierden (ese jugador empieza el campo nuevo).
- Saltar siguiente salta el siguiente turno que no sea el tuyo.
- La carta del campo nuevo se descubre antes de que el campo cerrado pase a
  las cartas retiradas; solo si no queda nada más, el campo cerrado forma el
  mazo nuevo.
- Entre rondas, el ganador reparte con la acción *siguiente ronda*, para que
  se pueda ver el recuento.
"""

RULES_EN = """\
# Nacho Loco

A game of triangular cards for **2 to 6 players**: they join side to side
into a playfield, and the round goes to whoever runs out of cards.

## Cards and field
- **NAC-1** 94 triangular cards: 62 colour cards, 31 action cards and 1
  **The Closer**. Each card has 3 segments, one per side: a colour, an action
  (**Skip Next**, **Go Again**, **Opponent Draws 3**) or a **black X**.
- **NAC-2** Colours: red (rojo), orange (naranja), yellow (amarillo), green
  (verde), blue (azul) and brown (marrón).
  - 62 colour cards: 20 with three different colours (every 3-colour set
    once, clockwise in increasing colour order); 30 with two colours and an X
    (every ordered pair a≠b, clockwise a, b, X); 12 with one colour and two X
    (each colour twice).
  - 31 action cards: for each action, 6 cards (action, colour, X), one per
    colour; plus (action, colour, colour): Skip Next with (red, yellow),
    (orange, green), (yellow, blue), (green, brown); Go Again with (red,
    green), (orange, blue), (yellow, brown), (red, blue), (orange, brown);
    Opponent Draws 3 with (red, orange), (yellow, green), (blue, brown),
    (orange, yellow).
  - 1 The Closer.
- **NAC-3** The playfield is a triangular lattice. A card fills one cell, in
  any of its 3 rotations (never flipped). A contact is a side the new card
  shares with a card already placed. The field has no edge: any
  empty cell next to the field is a place to play, however far the field
  has grown.
- **NAC-4** A normal card may be placed in an empty cell with at least one
  contact when every contact matches: the same colour, or the same action.
  An X matches nothing. "Matching k segments" means k matching contacts.
  Option `all_contacts_must_match` (default true; false: one matching
  contact suffices and others may mismatch).
- **NAC-5** The Closer may be placed only in a cell where at least 2 contacts
  are X; it counts as matching those X contacts.

## Play
- **NAC-6** 2–6 players. Deal 6 cards each; the rest is the draw pile. Turn
  one card up to start the playfield (if it is The Closer, shuffle it back
  and turn another). The first player is chosen at random; play goes
  clockwise.
- **NAC-7** On your turn you must play one card if you can. If you cannot,
  draw one; if that card is playable you may place it at once; otherwise the
  turn ends.
- **NAC-8** Matching 2 segments at once: every other player draws 1 card.
  Matching 3: every other player draws 2. (Not for The Closer.)
- **NAC-9** An action takes effect when an action segment is matched:
  **Skip Next** skips the next player's turn (with 2 players: you play
  again); **Go Again** lets you play one more card (optional; if you cannot,
  the turn ends without drawing); **Opponent Draws 3**: you choose an
  opponent who draws 3. Each matched action pair takes effect once, in
  clockwise contact order.
- **NAC-10** When the draw pile is empty, the cards of cleared playfields are
  shuffled into a new pile (never the current field). If there is still
  nothing to draw, the player passes.

## Closing the playfield
- **NAC-11** Killer close: after a normal card is placed, no card design of
  the deck (The Closer excepted), in any rotation, can legally go into any
  cell next to the field. The test uses the catalogue of designs, not the
  players' hands, so it reveals nothing hidden.
- **NAC-12** If every player in turn draws and cannot play, the field is
  closed, by the last player who matched a card. If nobody matched on this
  field yet, it is cleared and a new card turned up, with no gifts, and play
  goes on with the next player.
- **NAC-13** Playing The Closer closes the field at once; no extra draws for
  its matches.
- **NAC-14** After a close, the player who matched the last card gives every
  other player 1 card from the draw pile; the field is cleared, a new card
  is turned up, and that player plays first.

## Round and match
- **NAC-15** A round ends when a player places their last card; every
  consequence of that play (draws for 2/3 matches, Opponent Draws 3, gifts
  of a close) is resolved first. That player scores 1 point per card left in
  all other hands (The Closer counts 1).
- **NAC-16** Then all cards are gathered and shuffled, 6 dealt each, a new
  field turned up; the previous round's winner plays first.
- **NAC-17** The first player to reach 20 points wins (option `target`).

## tapete's clarifications
- **Geometry.** Cells are (x, y), y growing downwards; a cell is an up
  triangle (▲) when x + y is even, a down triangle (▼) otherwise. Sides
  clockwise: ▲ 0 left, 1 right, 2 bottom; ▼ 0 top, 1 right, 2 left. In
  rotation r side k shows the card's segment (k − r) mod 3. Every field's
  first card lies at (0, 0), in rotation 0.
- After drawing (NAC-7) you always decide: place the drawn card or pass
  (even if it fits nowhere), so the table cannot tell whether you could
  play it. The same for Go Again.
- NAC-12 counts consecutive turns that end without a card placed (a draw
  then a pass, or a pass with nothing to draw).
- A close ends the closer's turn: pending Go Again and Skip Next lapse (that
  player starts the new field).
- Skip Next skips the next turn that is not your own.
- The new field's card is turned up before the closed field joins the
  cleared cards; only when nothing else is left does the closed field make
  the new pile.
- Between rounds the winner deals with the *next round* action, so the count
  can be looked at first.
"""

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


def rules_text(lang: str) -> str:
    return RULES_ES if _lang(lang) == "es" else RULES_EN


def _sides_label(up: bool, sides: Sequence[str | None], lang: str, markup: bool = False) -> str:
    names = SIDE_NAMES[_lang(lang)][up]
    return " · ".join(f"{names[k]} {segment_label(sides[k], lang, markup)}" for k in range(3))


MESSAGES: dict[str, dict[str, str]] = {
    # moves
    "act.place": {
        "es": "Colocar {card} en el hueco {spot}{sides}{matches}",
        "en": "Place {card} in gap {spot}{sides}{matches}",
    },
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
        # the gap is counted from 1 in the field's own order: people never read coordinates
        return msg("act.place", card=card, spot=slot + 1, sides=sides, matches=matches)
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
