"""Buracco in words: rules text, action and event descriptions, terminal view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine import Event, State
from tapete.engine.messages import Card, Cards, Catalogue, Lines, Message, Num, Player, Side, Term, msg

from . import actions as act
from .cards import FACE_TO_ID, FACES, face_name
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


def _tiles(tokens: list[str], lang: str) -> str:
    return ", ".join(face_name(t, lang) for t in tokens) or ("nada" if lang == "es" else "nothing")


MESSAGES: dict[str, dict[str, str]] = {
    # moves
    "act.draw": {"es": "Robar del mazo", "en": "Draw from the stock"},
    "act.take_pozo": {"es": "Levantar el pozo", "en": "Pick up the pozo"},
    "act.keep": {"es": "Quedarme la ficha", "en": "Keep the tile"},
    "act.redraw": {"es": "Tirarla al pozo y robar otra", "en": "Throw it to the pozo and draw another"},
    "act.end_hand": {"es": "Terminar la mano (no quedan fichas)", "en": "End the hand (no tiles left)"},
    "act.commit": {"es": "Bajar el juego", "en": "Lay the meld down"},
    "act.commit_high": {"es": "Bajar el juego con el comodín arriba", "en": "Lay the meld down, wild at the high end"},
    "act.cancel": {"es": "Cancelar el juego", "en": "Cancel the meld"},
    "act.done": {"es": "Listo: pasar a descartar", "en": "Done: go on to discard"},
    "act.deal": {"es": "Repartir la mano siguiente", "en": "Deal the next hand"},
    "act.stage": {"es": "Poner {tile} en el juego nuevo", "en": "Add {tile} to the new meld"},
    "act.discard": {"es": "Descartar {tile}", "en": "Discard {tile}"},
    "act.extend_set": {"es": "Apoyar {tile} en {meld}", "en": "Add {tile} to {meld}"},
    "act.extend_moves": {
        "es": "Apoyar {tile} en {meld}; el comodín va {end}",
        "en": "Add {tile} to {meld}; the wild moves to the {end} end",
    },
    "act.extend": {"es": "Apoyar {tile} en {meld}, {end}", "en": "Add {tile} to {meld}, {end} end"},
    "meld.range": {"es": "el juego {first}…{last}", "en": "the meld {first}…{last}"},
    "meld.number": {"es": "el juego {n}", "en": "meld {n}"},
    # events
    "hand_start": {"es": "Mano {hand}: {p:empieza {p}|empiezas tú}.", "en": "Hand {hand}: {p} {p:starts|start}."},
    "dealt": {"es": "Tus fichas: {tiles}.", "en": "Your tiles: {tiles}."},
    "draw": {
        "es": "{p:{p} roba|Robas} del mazo ({stock:queda #|quedan #}).",
        "en": "{p} {p:draws|draw} from the stock ({stock} left).",
    },
    "drew": {"es": "Robaste {tile}.", "en": "You drew {tile}."},
    "keep": {"es": "{p:{p} se queda|Te quedas} la primera ficha.", "en": "{p} {p:keeps|keep} the first tile."},
    "redraw": {
        "es": "{p:{p} tira|Tiras} {tile} al pozo y {p:roba|robas} otra.",
        "en": "{p} {p:throws|throw} {tile} to the pozo and {p:draws|draw} again.",
    },
    "take_pozo": {"es": "{p:{p} levanta|Levantas} el pozo: {tiles}.", "en": "{p} {p:picks|pick} up the pozo: {tiles}."},
    "muerto_to_stock": {
        "es": "Se acabó el mazo: el muerto de {side} pasa a ser el mazo.",
        "en": "The stock ran out: the muerto of {side} becomes the stock.",
    },
    "stage": {"es": "Pones {tile} en el juego nuevo.", "en": "You add {tile} to the new meld."},
    "cancel": {"es": "Cancelas el juego nuevo.", "en": "You cancel the new meld."},
    "meld": {"es": "{p:{p} baja|Bajas} un juego: {tiles}.", "en": "{p} {p:lays|lay} down a meld: {tiles}."},
    "extend": {
        "es": "{p:{p} apoya|Apoyas} {tile} en un juego{moved}.",
        "en": "{p} {p:adds|add} {tile} to a meld{moved}.",
    },
    "extend.moved": {"es": " (el comodín se mueve)", "en": " (the wild moves)"},
    "done": {"es": "{p:{p} termina|Terminas} de bajar.", "en": "{p} {p:is|are} done melding."},
    "discard": {"es": "{p:{p} descarta|Descartas} {tile}.", "en": "{p} {p:discards|discard} {tile}."},
    "muerto.direct": {"es": "{p:{p} toma|Tomas} el muerto (directo).", "en": "{p} {p:takes|take} the muerto (direct)."},
    "muerto.indirect": {
        "es": "{p:{p} toma|Tomas} el muerto (indirecto).",
        "en": "{p} {p:takes|take} the muerto (indirect).",
    },
    "muerto_tiles": {"es": "Tu muerto: {tiles}.", "en": "Your muerto: {tiles}."},
    "go_out": {"es": "{p:{p} cierra|Cierras}.", "en": "{p} {p:goes|go} out."},
    "stock_out": {
        "es": "{p:{p} no puede|No puedes} robar: termina la mano.",
        "en": "{p} cannot draw: the hand ends.",
    },
    "hand_end": {"es": "Fin de la mano {hand}:", "en": "End of hand {hand}:"},
    "hand_end.side": {
        "es": "  {side}: {total:# punto|# puntos} en la mano (juegos {melded}, canastas {canastas}, "
        "muerto {muerto}, cierre {going_out}, en mano {in_hand})",
        "en": "  {side}: {total:# point|# points} this hand (melds {melded}, canastas {canastas}, "
        "muerto {muerto}, going out {going_out}, in hand {in_hand})",
    },
    "hand_end.total": {
        "es": "  {side}: {points:# punto|# puntos} en total",
        "en": "  {side}: {points:# point|# points} in all",
    },
    "match_end": {
        "es": "Fin de la partida: {side:gana {side}.|ganan {side}.|¡ganas tú!}",
        "en": "Match over: {side:{side} wins|{side} win|you win}!",
    },
}

CATALOGUE = Catalogue(
    MESSAGES, face_name, {"end.low": {"es": "abajo", "en": "low"}, "end.high": {"es": "arriba", "en": "high"}}
)

_SIMPLE = {
    act.DRAW: "act.draw",
    act.TAKE_POZO: "act.take_pozo",
    act.KEEP: "act.keep",
    act.REDRAW: "act.redraw",
    act.END_HAND: "act.end_hand",
    act.COMMIT: "act.commit",
    act.COMMIT_HIGH: "act.commit_high",
    act.CANCEL: "act.cancel",
    act.DONE: "act.done",
    act.DEAL: "act.deal",
}


def action_message(state: State, action: int) -> Message:
    if action in _SIMPLE:
        return msg(_SIMPLE[action])
    data = act.SPACE.to_json(action)
    tile = Card(data["tile"])
    if data["type"] == "stage":
        return msg("act.stage", tile=tile)
    if data["type"] == "discard":
        return msg("act.discard", tile=tile)
    slot = data["meld"]
    meld = _own_meld(state if isinstance(state, BuraccoState) else None, slot)
    where = _meld_label(meld, slot)
    end = Term(f"end.{data['end']}")
    if meld is not None and meld.kind == 1:
        return msg("act.extend_set", tile=tile, meld=where)
    if meld is not None and meld.relocates(FACE_TO_ID[data["tile"]]):
        return msg("act.extend_moves", tile=tile, meld=where, end=end)
    return msg("act.extend", tile=tile, meld=where, end=end)


def _own_meld(state: BuraccoState | None, slot: int) -> Any:
    if state is None:
        return None
    melds = state.melds[state.turn & 1]
    return melds[slot] if slot < len(melds) else None


def _meld_label(meld: Any, slot: int) -> Message:
    if meld is None:
        return msg("meld.number", n=slot + 1)
    return msg("meld.range", first=Card(FACES[meld.faces[0]]), last=Card(FACES[meld.faces[-1]]))


def event_message(event: Event) -> Message | Lines:
    d = event.data
    kind = event.kind
    who = Player(d["seat"]) if isinstance(d.get("seat"), int) else None
    if kind == "hand_start":
        return msg("hand_start", hand=d["hand"], p=Player(d["first"]))
    if kind in ("dealt", "muerto_tiles"):
        return msg(kind, tiles=Cards(tuple(d["tiles"])))
    if kind == "take_pozo":
        return msg(kind, "BUR-13", p=who, tiles=Cards(tuple(d["tiles"])))
    if kind == "meld":
        return msg(kind, "BUR-15", p=who, tiles=Cards(tuple(d["meld"]["tiles"])))
    if kind == "draw":
        return msg(kind, p=who, stock=d["stock"])
    if kind in ("drew", "stage"):
        return msg(kind, tile=Card(d["tile"]))
    if kind in ("redraw", "discard"):
        return msg(kind, "BUR-14" if kind == "redraw" else "BUR-16", p=who, tile=Card(d["tile"]))
    if kind in ("keep", "done", "go_out", "stock_out"):
        return msg(kind, p=who)
    if kind == "cancel":
        return msg(kind)
    if kind == "muerto_to_stock":
        return msg(kind, side=Side(d["side"]))
    if kind == "extend":
        moved = msg("extend.moved") if d["relocated"] else ""
        return msg(kind, "BUR-11", p=who, tile=Card(d["tile"]), moved=moved)
    if kind == "muerto":
        return msg("muerto.direct" if d["direct"] else "muerto.indirect", "BUR-17", p=who)
    if kind == "hand_end":
        return _hand_end(d)
    if kind == "match_end":
        return msg(kind, side=Side(d["winner_side"]))
    raise KeyError(f"no message for the Buracco event {kind!r}")


def _hand_end(d: Mapping[str, Any]) -> Lines:
    lines = [msg("hand_end", "BUR-20", hand=d["hand"])]
    for s, side in enumerate(d["sides"]):
        items = {k: Num(side[k], signed=True) for k in ("melded", "canastas", "muerto", "going_out", "in_hand")}
        lines.append(msg("hand_end.side", side=Side(s), total=side["total"], **items))
    for s, total in enumerate(d["totals"]):
        lines.append(msg("hand_end.total", side=Side(s), points=total))
    return Lines(tuple(lines))


def _side(side: int, lang: str) -> str:
    return f"equipo {side + 1}" if lang == "es" else f"side {side + 1}"


def _meld_line(meld: Mapping[str, Any], lang: str) -> str:
    tiles = []
    for i, token in enumerate(meld["tiles"]):
        text = face_name(token, lang)
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
