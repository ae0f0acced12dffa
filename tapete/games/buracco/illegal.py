"""Why a Buracco action is illegal now: the rule id and a sentence in es and en."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tapete.engine import Rejection

from . import actions as act
from .cards import FACES, NUMBERS, WILD_CAPABLE, face_name
from .legal import can_draw
from .melds import RUN, build_options
from .phases import DISCARD, DRAW, HAND_OVER, MELD, OVER, PRIVILEGE
from .rack import RackInfo, completable

if TYPE_CHECKING:
    from .rules import BuraccoState


def explain(state: BuraccoState, seat: int, action: int) -> Rejection:
    """Why `seat` may not take `action` now: the rule it breaks, in es and en."""
    if not 0 <= action < act.NUM_ACTIONS:
        return Rejection(
            "BUR-15", f"La acción {action} no existe en Buracco.", f"Action {action} does not exist in Buracco."
        )
    if state.phase == OVER:
        return Rejection("BUR-23", "La partida ha terminado.", "The match is over.")
    if seat not in state.actors():
        return Rejection(
            "BUR-5",
            f"No es tu turno: juega el asiento {state.turn}.",
            f"It is not your turn: seat {state.turn} plays.",
        )
    phase = state.phase
    if action == act.DEAL or phase == HAND_OVER:
        if phase == HAND_OVER:
            return Rejection("BUR-4", "La mano terminó: reparte la siguiente.", "The hand is over: deal the next one.")
        return Rejection("BUR-4", "Solo se reparte cuando termina la mano.", "Deal only when the hand is over.")
    if action in (act.DRAW, act.TAKE_POZO, act.END_HAND):
        return _draw_problem(state, action, phase == DRAW)
    if phase == DRAW:
        return Rejection(
            "BUR-13",
            "Primero roba del mazo o levanta el pozo.",
            "First draw from the stock or pick up the pozo.",
        )
    if action in (act.KEEP, act.REDRAW) or phase == PRIVILEGE:
        if phase == PRIVILEGE:
            return Rejection(
                "BUR-14",
                "Decide primero: quedarte la ficha o tirarla al pozo y robar otra.",
                "Decide first: keep the tile, or throw it to the pozo and draw another.",
            )
        return Rejection(
            "BUR-14",
            "Ese privilegio es solo del primer jugador, en su primer robo de la mano.",
            "That privilege is only the first player's, on their first draw of the hand.",
        )
    if act.is_discard(action):
        return _discard_problem(state, seat, action - act.DISCARD_BASE, phase == MELD)
    if phase == DISCARD:
        return Rejection("BUR-16", "Ahora descarta una ficha al pozo.", "Now discard a tile onto the pozo.")
    return _meld_problem(state, seat, action)


def _draw_problem(state: BuraccoState, action: int, drawing: bool) -> Rejection:
    if not drawing:
        return Rejection("BUR-13", "Ya robaste en este turno.", "You have already drawn this turn.")
    if action != act.END_HAND and not can_draw(state):
        return Rejection(
            "BUR-20",
            "No quedan fichas en el mazo ni muertos: la mano termina (ya no se puede levantar el pozo).",
            "No tiles are left in the stock nor muertos: the hand ends (the pozo can no longer be taken).",
        )
    if action == act.TAKE_POZO:
        return Rejection(
            "BUR-13", "El pozo está vacío: no se puede levantar.", "The pozo is empty: it cannot be taken."
        )
    return Rejection(
        "BUR-20",
        "Todavía se puede robar: la mano solo termina así cuando no quedan fichas.",
        "You can still draw: the hand ends this way only when no tiles are left.",
    )


def _discard_problem(state: BuraccoState, seat: int, face: int, melding: bool) -> Rejection:
    if melding:
        return Rejection(
            "BUR-16",
            'Termina de bajar juegos ("listo") antes de descartar.',
            'Finish melding ("done") before discarding.',
        )
    if not any(t >> 1 == face for t in state.racks[seat]):
        return _no_tile("BUR-16", face)
    return Rejection(
        "BUR-18",
        "Sin canasta tu equipo no puede cortar: quédate con una ficha.",
        "Without a canasta your side may not go out: keep one tile.",
    )


def _no_tile(rule: str, face: int) -> Rejection:
    token = FACES[face]
    return Rejection(rule, f"No tienes ficha {face_name(token, 'es')}.", f"You have no {face_name(token, 'en')} tile.")


def _meld_problem(state: BuraccoState, seat: int, action: int) -> Rejection:
    side = seat & 1
    rack = state.racks[seat]
    pending = state.pending
    if action == act.DONE:
        if pending:
            return _building()
        return Rejection(
            "BUR-18",
            "Sin canasta tu equipo no puede cortar: debes quedarte con una ficha tras descartar.",
            "Without a canasta your side may not go out: you must keep a tile after discarding.",
        )
    if action == act.CANCEL:
        return Rejection("BUR-15", "No estás formando ningún juego.", "You are not building a meld.")
    if action in (act.COMMIT, act.COMMIT_HIGH):
        return _commit_problem(state, side, action == act.COMMIT_HIGH)
    if act.is_stage(action):
        face = action - act.STAGE_BASE
        if sum(1 for t in rack if t >> 1 == face) <= sum(1 for t in pending if t >> 1 == face):
            return _no_tile("BUR-15", face)
        if len(state.melds[side]) >= act.MAX_MELDS:
            return _too_many()
        staged = [t >> 1 for t in pending]
        if not completable([*staged, face], RackInfo.of_tiles(rack)):
            return _shape_problem([*staged, face], with_rack=True)
        return _generic()
    slot, face, end = act.extend_parts(action)
    return _extend_problem(state, seat, slot, face, end)


def _building() -> Rejection:
    return Rejection(
        "BUR-15",
        "Primero baja o cancela el juego que estás formando.",
        "First lay down or cancel the meld you are building.",
    )


def _too_many() -> Rejection:
    return Rejection(
        "BUR-15",
        f"Tu equipo ya tiene {act.MAX_MELDS} juegos en la mesa (límite de tapete).",
        f"Your side already has {act.MAX_MELDS} melds on the table (tapete's limit).",
    )


def _generic() -> Rejection:
    return Rejection("BUR-15", "Esa jugada no es posible ahora.", "That move is not possible now.")


def _commit_problem(state: BuraccoState, side: int, high: bool) -> Rejection:
    pending = state.pending
    if not pending:
        return Rejection("BUR-15", "No estás formando ningún juego.", "You are not building a meld.")
    meld, other = build_options(pending)
    if meld is None:
        return _shape_problem([t >> 1 for t in pending], with_rack=False)
    if high and other is None:
        return Rejection(
            "BUR-12",
            "Este juego no tiene un comodín libre que poner en el extremo alto.",
            "This meld has no free wild to place at the high end.",
        )
    if len(state.melds[side]) >= act.MAX_MELDS:
        return _too_many()
    return _last_tiles()


def _last_tiles() -> Rejection:
    return Rejection(
        "BUR-18",
        "Sin canasta (y con el muerto ya tomado) no puedes quedarte sin fichas ni con una sola.",
        "Without a canasta (and the muerto already taken) you may not end with no tile or a single one.",
    )


def _shape_problem(faces: Sequence[int], with_rack: bool) -> Rejection:
    """The rule a group of tiles breaks as a meld."""
    wild = [f for f in faces if WILD_CAPABLE[f]]
    naturals = [f for f in faces if not WILD_CAPABLE[f]]
    if not naturals and wild and all(f % NUMBERS == 1 for f in wild) and (len(wild) >= 2 or with_rack):
        return Rejection(
            "BUR-9",
            "No hay piernas de doses: un 2 solo es natural en su escalera; si no, es el comodín de un juego.",
            "No pierna of 2s: a 2 is natural only in its own run; otherwise it is a meld's wild.",
        )
    numbers = {f % NUMBERS for f in naturals}
    colours = {f // NUMBERS for f in naturals}
    if len(numbers) > 1 and len(colours) > 1:
        return Rejection(
            "BUR-6",
            "Un juego es de un mismo número (pierna) o de un mismo color en orden (escalera).",
            "A meld is one number (pierna) or one colour in sequence (escalera).",
        )
    twos_of_colour = sum(1 for f in wild if colours and f == min(colours) * NUMBERS + 1)
    if len(wild) - min(twos_of_colour, 1 if len(numbers) > 1 else 0) > 1:
        return Rejection(
            "BUR-8",
            "Un juego lleva como mucho un comodín (un 2 solo es natural en su escalera, en el lugar del 2).",
            "A meld holds at most one wild (a 2 is natural only in its own run, at rank 2).",
        )
    if with_rack:
        return Rejection(
            "BUR-6",
            "Con esas fichas y las de tu atril no se puede completar ningún juego.",
            "No meld can be completed from those tiles and the rest of your rack.",
        )
    if len(faces) < 3:
        return Rejection("BUR-6", "Un juego tiene al menos 3 fichas.", "A meld has at least 3 tiles.")
    return Rejection(
        "BUR-6",
        "Esas fichas no forman una escalera (mismo color, en orden, el 1 bajo o alto) ni una pierna.",
        "Those tiles make neither a run (one colour, in order, the 1 low or high) nor a pierna.",
    )


def _extend_problem(state: BuraccoState, seat: int, slot: int, face: int, end: int) -> Rejection:
    side = seat & 1
    if state.pending:
        return _building()
    melds = state.melds[side]
    if slot >= len(melds):
        return Rejection(
            "BUR-11",
            f"Tu equipo no tiene el juego {slot}: solo se apoya en los juegos propios.",
            f"Your side has no meld {slot}: only your own side's melds can be extended.",
        )
    if not any(t >> 1 == face for t in state.racks[seat]):
        return _no_tile("BUR-11", face)
    meld = melds[slot]
    if meld.can_add(face, end):
        return _last_tiles()
    if meld.relocates(face):
        return Rejection(
            "BUR-12",
            "El comodín no tiene un extremo libre al que moverse: la ficha no se puede poner.",
            "The wild has no free end to move to: the tile cannot be placed.",
        )
    if WILD_CAPABLE[face] and meld.wild >= 0 and (meld.kind != RUN or not meld.can_add(face, 1 - end)):
        return Rejection("BUR-8", "Ese juego ya tiene un comodín.", "That meld already holds a wild.")
    if meld.kind != RUN:
        return Rejection(
            "BUR-7",
            f"Esa pierna es de {meld.key}: {FACES[face]} no va.",
            f"That pierna is of {meld.key}s: {FACES[face]} does not fit.",
        )
    if any(o[0] == face for o in meld.options()):
        return Rejection(
            "BUR-6",
            "Esa ficha va en el otro extremo de la escalera.",
            "That tile goes at the other end of the run.",
        )
    return Rejection(
        "BUR-6",
        "Esa ficha no continúa la escalera (mismo color, en orden, sin dar la vuelta).",
        "That tile does not continue the run (same colour, in order, no wrapping).",
    )
