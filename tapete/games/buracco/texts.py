"""Buracco in words: rules text, action and event descriptions, terminal view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tapete.engine import Event

from . import actions as A
from .cards import FACE_TO_ID, FACES, face_name

if TYPE_CHECKING:
    from .rules import BuraccoState

RULES_ES = """\
# Buracco (Burako)

Juego de fichas de la familia del rummy, para **2 jugadores** o **4 en dos
parejas** (los compañeros se sientan enfrentados). Los juegos bajados, el
muerto y el puntaje son del equipo.

## Fichas (BUR-1, BUR-2)
- 106 fichas: del 1 al 13 en cuatro colores (rojo, negro, azul, amarillo),
  dos de cada una, y 2 comodines. Todo 2 es también comodín (ver BUR-9).
- Valores: 1 = 15; 2 = 20; 3 a 7 = 5; 8 a 13 = 10; comodín = 50.

## Preparación (BUR-4, BUR-5)
- Se mezclan las fichas y se apartan dos **muertos** de 11 fichas, uno por
  equipo. Se reparten 12 fichas a cada uno con 2 jugadores y 11 con 4
  (opción `hand_size`). El resto forma el **mazo**. El **pozo** empieza vacío.
- El primer jugador de la primera mano se sortea con el dado; en cada mano
  siguiente empieza el siguiente jugador. Se juega hacia la derecha.

## Juegos (BUR-6 a BUR-10)
- **Escalera**: 3 o más fichas de un color, seguidas. El 1 puede ir abajo
  (1-2-3) o arriba (12-13-1), sin dar la vuelta (13-1-2 no vale). Vale la
  escalera completa 1…13-1 de 14 fichas.
- **Pierna**: 3 o más fichas del mismo número, de cualquier color (se
  permiten repetidas).
- Como mucho **un comodín** por juego. Un 2 es natural solo en el lugar del
  2 de una escalera de su color; en cualquier otro lugar es comodín. No hay
  piernas de doses. Una escalera con su 2 natural puede llevar además un
  comodín.
- **Canasta**: juego de 7 o más fichas. **Pura** sin comodín (un 2 natural
  no cuenta como comodín); **impura** con comodín.

## Juegos en la mesa (BUR-11, BUR-12)
- Cualquiera de los dos compañeros puede **apoyar** (agregar fichas) en los
  juegos de su equipo; nadie toca los del otro equipo, y las fichas nunca
  cambian de juego ni vuelven a la mano.
- Quien agrega a una escalera la ficha natural que reemplaza el comodín
  mueve el comodín a un extremo libre de la misma escalera, a elección; la
  escalera sigue impura. Si el comodín es el 2 del color de la escalera y
  puede ir al lugar del 2, pasa a ser natural y la escalera queda pura
  (3-4-[2 como 5]-6 azul + 5 azul → 2-3-4-5-6 azul). Sin extremo libre, esa
  ficha no se puede poner ahí. El comodín de una pierna queda para siempre.

## El turno (BUR-13 a BUR-16)
1. **Robar**: la ficha de arriba del mazo, o **levantar todo el pozo** (no
   se puede levantar un pozo vacío).
2. **Privilegio del primero**: solo en el primer turno de la mano, quien
   empieza roba una ficha y elige quedársela o tirarla boca arriba al pozo y
   robar otra.
3. **Bajar** juegos nuevos y **apoyar** en los del equipo, todos los que
   quieras.
4. **Descartar** una ficha al pozo (cualquiera, también la recién robada),
   salvo que cortes bajando tu última ficha.

## El muerto y el corte (BUR-17 a BUR-20)
- El primero de un equipo que se queda sin fichas toma el muerto de su
  equipo. **Directo**: se quedó sin fichas bajando; toma el muerto y sigue
  jugando con él, y termina el turno descartando. **Indirecto**: se quedó
  sin fichas al descartar; toma el muerto y lo juega desde su próximo turno.
  Cada equipo toma un solo muerto.
- **Cortar** termina la mano: un jugador cuyo equipo ya tomó su muerto se
  queda sin fichas, y solo si su equipo tiene al menos una canasta. Sin
  canasta no se puede cortar: hay que descartar una y quedarse con otra
  hasta tener canasta. Se corta descartando la última ficha o bajándola sin
  descartar.
- Si se acaba el mazo, un muerto sin tomar pasa a ser el mazo (primero el del
  equipo que roba); ese equipo lo pierde y cuenta como no tomado. Sin mazo
  ni muertos, quien no puede robar y no levanta el pozo termina la mano sin
  premio de corte.

## Puntaje (BUR-21 a BUR-23)
- Al final de cada mano, cada equipo suma: el valor de sus fichas bajadas;
  +200 por canasta pura; +100 por canasta impura; +100 si tomó su muerto;
  +100 por cortar; y resta el valor de las fichas que quedan en las manos
  (también un muerto tomado sin jugar). Si nunca tomó su muerto, −100 (sus
  fichas no se cuentan).
- Un equipo **sin canasta** al terminar la mano cuenta todas sus fichas,
  bajadas y en la mano, en contra (los premios como arriba).
- Los puntos se suman de mano en mano; gana el primer equipo que llega al
  objetivo (opción `target`, 2000). Si los dos llegan en la misma mano gana
  el total mayor; con empate se juega otra mano.

## En tapete
- Un juego nuevo se baja paso a paso: se eligen sus fichas una a una
  («poner en el juego»), y se baja («bajar») o se cancela. Si un comodín
  puede ir a cualquiera de los dos extremos, se elige cuál.
- Para apoyar se elige el juego, la ficha y, en una escalera, el extremo.
- Al bajar una escalera, un 2 de su color va al lugar del 2 (natural) siempre
  que puede.
- Un equipo cuyo muerto pasó a ser el mazo corta con canasta como si lo
  hubiera tomado (y cuenta −100 por no tomarlo).
- Cada equipo puede tener hasta 24 juegos en la mesa.
"""

RULES_EN = """\
# Buracco (Burako)

A tile game of the rummy family for **2 players** or **4 in two
partnerships** (partners sit opposite). Melds, the muerto and the score
belong to the side.

## Tiles (BUR-1, BUR-2)
- 106 tiles: 1 to 13 in four colours (rojo/red, negro/black, azul/blue,
  amarillo/yellow), two of each, and 2 comodines (jokers). Every 2 is also a
  wild (see BUR-9).
- Values: 1 = 15; 2 = 20; 3 to 7 = 5; 8 to 13 = 10; comodín = 50.

## Set-up (BUR-4, BUR-5)
- Shuffle and set aside two **muertos** of 11 tiles, one per side. Deal 12
  tiles each with 2 players and 11 with 4 (option `hand_size`). The rest is
  the **stock**. The **pozo** (discard pile) starts empty.
- The first player of the first hand is drawn by the die; each later hand
  starts with the next player. Play passes to the right.

## Melds (BUR-6 to BUR-10)
- **Escalera** (run): 3 or more tiles of one colour in sequence. The 1 may
  be low (1-2-3) or high (12-13-1), with no wrapping (13-1-2 is not a run).
  The full 14-tile run 1…13-1 is allowed.
- **Pierna** (set): 3 or more tiles of one number, any colours (duplicates
  allowed).
- At most **one wild** per meld. A 2 is natural only at the 2's place of a
  run of its own colour; anywhere else it is a wild. No pierna of 2s. A run
  with its natural 2 may also hold one wild.
- **Canasta**: a meld of 7 or more tiles. **Pura** (clean) with no wild (a
  natural 2 is no wild); **impura** (dirty) with a wild.

## Melds on the table (BUR-11, BUR-12)
- Either partner may **extend** their side's melds; nobody touches the other
  side's melds, and tiles never move between melds nor go back to a hand.
- Whoever adds to a run the natural tile a wild stands for moves the wild to
  a free end of the same run, at their choice; the run stays impura. If the
  wild is the 2 of the run's colour and can go to the 2's place, it becomes
  natural and the run is pura (3-4-[2 as 5]-6 blue + 5 blue → 2-3-4-5-6
  blue). With no free end that tile cannot be placed there. A wild in a
  pierna stays for good.

## A turn (BUR-13 to BUR-16)
1. **Draw** the top tile of the stock, or **pick up the whole pozo** (an
   empty pozo cannot be taken).
2. **First player's privilege**: on the first turn of a hand only, the first
   player draws a tile and either keeps it or throws it face up to the pozo
   and draws another.
3. **Lay down** new melds and **extend** your side's melds, as many as you
   like.
4. **Discard** one tile onto the pozo (any tile, the one just drawn
   included), unless you go out by melding your last tile.

## The muerto and going out (BUR-17 to BUR-20)
- The first player of a side to run out of tiles takes the side's muerto.
  **Direct**: out of tiles by melding; they take the muerto, play on with it
  and end the turn with a discard. **Indirect**: out of tiles by
  discarding; they take the muerto and play it from their next turn. A side
  takes one muerto.
- **Going out** (cortar) ends the hand: a player whose side has already
  taken its muerto runs out of tiles, and only if the side has at least one
  canasta. Without a canasta you may not go out: discard one tile and keep
  one until you have a canasta. You go out by discarding your last tile or
  by melding it with no discard.
- When the stock runs out, an untaken muerto becomes the stock (first the
  drawing side's own); that side loses it and scores as never having taken
  it. With no stock and no muerto, a player who cannot draw and does not take
  the pozo ends the hand with no going-out bonus.

## Scoring (BUR-21 to BUR-23)
- At the end of a hand each side scores: the value of its melded tiles;
  +200 per canasta pura; +100 per canasta impura; +100 if it took its muerto;
  +100 for going out; minus the value of the tiles left in its players'
  hands (a muerto taken and not played included). A side that never took its
  muerto scores −100 (its tiles are not counted).
- A side with **no canasta** when the hand ends scores all its tiles, melded
  and in hand, as negative (bonuses as above).
- Scores add up across hands; the first side to reach the target (option
  `target`, 2000) wins. If both reach it in the same hand, the higher total
  wins; equal totals play another hand.

## In tapete
- A new meld is laid down step by step: pick its tiles one by one ("add to
  the meld"), then lay it down ("meld") or cancel. When a wild could go to
  either end, you choose which.
- To extend, choose the meld, the tile and, for a run, the end.
- When a run is laid down, a 2 of its colour takes the 2's place (natural)
  whenever it can.
- A side whose muerto became the stock goes out, with a canasta, as if it had
  taken it (and scores −100 for not taking it).
- Each side may have up to 24 melds on the table.
"""


def rules_text(lang: str) -> str:
    return RULES_ES if lang == "es" else RULES_EN


def _tile(token: str, lang: str) -> str:
    face = FACE_TO_ID.get(token)
    return token if face is None else face_name(face, lang)


def _tiles(tokens: list[str], lang: str) -> str:
    return ", ".join(_tile(t, lang) for t in tokens) or ("nada" if lang == "es" else "nothing")


_SIMPLE_ES = {
    A.DRAW: "Robar del mazo",
    A.TAKE_POZO: "Levantar el pozo",
    A.KEEP: "Quedarme la ficha",
    A.REDRAW: "Tirarla al pozo y robar otra",
    A.END_HAND: "Terminar la mano (no quedan fichas)",
    A.COMMIT: "Bajar el juego",
    A.COMMIT_HIGH: "Bajar el juego con el comodín arriba",
    A.CANCEL: "Cancelar el juego",
    A.DONE: "Listo: pasar a descartar",
    A.DEAL: "Repartir la mano siguiente",
}
_SIMPLE_EN = {
    A.DRAW: "Draw from the stock",
    A.TAKE_POZO: "Pick up the pozo",
    A.KEEP: "Keep the tile",
    A.REDRAW: "Throw it to the pozo and draw another",
    A.END_HAND: "End the hand (no tiles left)",
    A.COMMIT: "Lay the meld down",
    A.COMMIT_HIGH: "Lay the meld down, wild at the high end",
    A.CANCEL: "Cancel the meld",
    A.DONE: "Done: go on to discard",
    A.DEAL: "Deal the next hand",
}


def describe_action(state: BuraccoState | None, action: int, lang: str) -> str:
    es = lang == "es"
    simple = _SIMPLE_ES if es else _SIMPLE_EN
    if action in simple:
        return simple[action]
    data = A.to_json(action)
    tile = _tile(data["tile"], lang)
    if data["type"] == "stage":
        return f"Poner {tile} en el juego nuevo" if es else f"Add {tile} to the new meld"
    if data["type"] == "discard":
        return f"Descartar {tile}" if es else f"Discard {tile}"
    slot = data["meld"]
    where = _meld_label(state, slot, lang)
    end = data["end"]
    meld = _own_meld(state, slot)
    if meld is not None and meld.kind == 1:
        return f"Apoyar {tile} en {where}" if es else f"Add {tile} to {where}"
    if meld is not None and meld.relocates(FACE_TO_ID[data["tile"]]):
        if es:
            return f"Apoyar {tile} en {where}; el comodín va {'abajo' if end == 'low' else 'arriba'}"
        return f"Add {tile} to {where}; the wild moves to the {end} end"
    if es:
        return f"Apoyar {tile} en {where}, {'abajo' if end == 'low' else 'arriba'}"
    return f"Add {tile} to {where}, {end} end"


def _own_meld(state: BuraccoState | None, slot: int) -> Any:
    if state is None:
        return None
    melds = state.melds[state.turn & 1]
    return melds[slot] if slot < len(melds) else None


def _meld_label(state: BuraccoState | None, slot: int, lang: str) -> str:
    meld = _own_meld(state, slot)
    prefix = "juego" if lang == "es" else "meld"
    if meld is None:
        return f"{prefix} {slot}"
    first, last = meld.faces[0], meld.faces[-1]
    return f"{prefix} {slot} ({_tile(FACES[first], lang)}…{_tile(FACES[last], lang)})"


def _side(side: int, lang: str) -> str:
    return f"equipo {side}" if lang == "es" else f"side {side}"


# Event sentences: {who} is the seat, {tile}/{tiles} name faces in the language.
_EVENTS: dict[str, tuple[str, str]] = {
    "hand_start": ("Mano {hand}: empieza el asiento {first}.", "Hand {hand}: seat {first} starts."),
    "dealt": ("Tus fichas: {tiles}.", "Your tiles: {tiles}."),
    "draw": ("{who} roba del mazo ({stock} quedan).", "{who} draws from the stock ({stock} left)."),
    "drew": ("Robaste {tile}.", "You drew {tile}."),
    "keep": ("{who} se queda la primera ficha.", "{who} keeps the first tile."),
    "redraw": ("{who} tira {tile} al pozo y roba otra.", "{who} throws {tile} to the pozo and draws again."),
    "take_pozo": ("{who} levanta el pozo: {tiles}.", "{who} picks up the pozo: {tiles}."),
    "muerto_to_stock": (
        "Se acabó el mazo: el muerto del {side} pasa a ser el mazo.",
        "The stock ran out: the muerto of {side} becomes the stock.",
    ),
    "stage": ("Pones {tile} en el juego nuevo.", "You add {tile} to the new meld."),
    "cancel": ("Cancelas el juego nuevo.", "You cancel the new meld."),
    "meld": ("{who} baja un juego: {tiles}.", "{who} lays down a meld: {tiles}."),
    "extend": ("{who} apoya {tile} en el juego {slot}{moved}.", "{who} adds {tile} to meld {slot}{moved}."),
    "done": ("{who} termina de bajar.", "{who} is done melding."),
    "discard": ("{who} descarta {tile}.", "{who} discards {tile}."),
    "muerto": ("{who} toma el muerto ({how}).", "{who} takes the muerto ({how})."),
    "muerto_tiles": ("Tu muerto: {tiles}.", "Your muerto: {tiles}."),
    "go_out": ("{who} corta.", "{who} goes out."),
    "stock_out": ("{who} no puede robar: termina la mano.", "{who} cannot draw: the hand ends."),
    "hand_end": ("Fin de la mano {hand}: {parts}. Total: {totals}.", "End of hand {hand}: {parts}. Totals: {totals}."),
    "match_end": ("¡Gana el {side}!", "The {side} wins!"),
}


def describe_event(event: Event, lang: str) -> str:
    es = lang == "es"
    d = event.data
    template = _EVENTS.get(event.kind)
    if template is None:
        return event.kind
    words: dict[str, Any] = dict(d)
    words["who"] = f"Asiento {d.get('seat')}" if es else f"Seat {d.get('seat')}"
    if "tile" in d:
        words["tile"] = _tile(d["tile"], lang)
    if "tiles" in d:
        words["tiles"] = _tiles(d["tiles"], lang)
    if event.kind == "meld":
        words["tiles"] = _tiles(d["meld"]["tiles"], lang)
    if "side" in d or "winner_side" in d:
        words["side"] = _side(d.get("side", d.get("winner_side", 0)), lang)
    if event.kind == "extend":
        words["moved"] = (" (el comodín se mueve)" if es else " (the wild moves)") if d["relocated"] else ""
    if event.kind == "muerto":
        words["how"] = ("directo" if es else "direct") if d["direct"] else ("indirecto" if es else "indirect")
    if event.kind == "hand_end":
        words["parts"] = ", ".join(f"{_side(s, lang)} {side['total']:+d}" for s, side in enumerate(d["sides"]))
        words["totals"] = " / ".join(str(t) for t in d["totals"])
    return template[0 if es else 1].format(**words)


def _meld_line(meld: Mapping[str, Any], lang: str) -> str:
    tiles = []
    for i, token in enumerate(meld["tiles"]):
        text = _tile(token, lang)
        tiles.append(f"[{text}]" if meld["wild"] == i else text)
    mark = ""
    if meld["canasta"]:
        kind = meld["canasta"] if lang == "es" else {"pura": "clean", "impura": "dirty"}[meld["canasta"]]
        mark = f"  ★ canasta {kind}"
    return f"  {meld['slot']}: " + " ".join(tiles) + mark


_WORDS = {
    "es": {
        "hand": "Mano",
        "score": "puntos",
        "target": "objetivo",
        "stock": "Mazo",
        "tiles": "fichas",
        "waiting": "esperando",
        "taken": "tomado",
        "lost": "pasó al mazo",
        "rack": "Tu atril",
        "new": "Juego nuevo",
        "winners": "Ganan",
        "revealed": "Atriles",
    },
    "en": {
        "hand": "Hand",
        "score": "score",
        "target": "target",
        "stock": "Stock",
        "tiles": "tiles",
        "waiting": "waiting",
        "taken": "taken",
        "lost": "became the stock",
        "rack": "Your rack",
        "new": "New meld",
        "winners": "Winners",
        "revealed": "Racks",
    },
}


def render_text(view: Mapping[str, Any], lang: str) -> str:
    w = _WORDS["es" if lang == "es" else "en"]
    scores = " / ".join(str(s) for s in view["side_scores"])
    counts = ", ".join(f"{s}: {c}" for s, c in enumerate(view["rack_counts"]))
    lines = [
        f"{w['hand']} {view['round']} · {w['score']} {scores} · {w['target']} {view['target']}",
        f"{w['stock']} {view['stock']} · {w['tiles']} {counts}",
    ]
    for side in (0, 1):
        seats = ",".join(str(s) for s in view["sides"][side])
        lines.append(f"{_side(side, lang)} ({seats}) · muerto {w[view['muertos'][side]['state']]}")
        lines.extend(_meld_line(meld, lang) for meld in view["melds"][side])
    lines.append(f"Pozo: {_tiles(view['pozo'], lang)}")
    if "rack" in view:
        lines.append(f"{w['rack']}: {_tiles(view['rack'], lang)}")
        if view.get("pending"):
            lines.append(f"{w['new']}: {_tiles(view['pending'], lang)}")
    if view.get("racks"):
        lines.append(f"{w['revealed']}:")
        lines.extend(f"  {s}: {_tiles(rack, lang)}" for s, rack in enumerate(view["racks"]) if rack)
    if view.get("over"):
        lines.append(f"{w['winners']}: {', '.join(str(x) for x in view['winners'])}")
    return "\n".join(lines)
