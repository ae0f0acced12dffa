"""Buracco in words: the message catalogue (es/en), moves and events as messages, the
terminal view. The rules themselves are rules.es.md and rules.en.md beside this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine import Event, State
from tapete.engine.words import Card, Cards, Catalogue, Lines, Message, Num, Player, Side, Term, msg

from . import actions as act
from .cards import FACE_TO_ID, FACES, face_name
from .rules import BuraccoState


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
    "drew.by_standin": {"es": "Por ti, el reemplazo robó {tile}.", "en": "Your stand-in drew {tile}."},
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
    "stage.by_standin": {
        "es": "Por ti, el reemplazo pone {tile} en el juego nuevo.",
        "en": "Your stand-in adds {tile} to the new meld.",
    },
    "cancel.by_standin": {
        "es": "Por ti, el reemplazo cancela el juego nuevo.",
        "en": "Your stand-in cancels the new meld.",
    },
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
