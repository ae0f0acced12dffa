"""Why a Nacho Loco action is illegal now: the rule id and a sentence in es and en."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.engine import Rejection

from . import actions as act
from .cards import CARD_DESIGN, CLOSER
from .phases import CHOOSE, DRAWN, PLAY, ROUND_OVER

if TYPE_CHECKING:
    from .rules import NachoLocoState


def explain(state: NachoLocoState, seat: int, action: int) -> Rejection:
    """Why `seat` may not take `action` now: the rule it breaks, in es and en."""
    if not 0 <= action < act.NUM_ACTIONS:
        return Rejection("actions", f"La acción {action} no existe.", f"Action {action} does not exist.")
    if seat not in state.actors():
        return Rejection("NAC-6", "No es tu turno.", "It is not your turn.")
    if state.phase == ROUND_OVER:
        return Rejection("NAC-16", "La ronda terminó: reparte la siguiente.", "The round is over: deal the next.")
    if state.phase == CHOOSE:
        return Rejection("NAC-9", "Elige qué rival roba 3 cartas.", "Choose the opponent who draws 3 cards.")
    if act.is_target(action):
        return Rejection("NAC-9", "Ahora no hay que elegir rival.", "There is no opponent to choose now.")
    if action == act.NEXT_ROUND:
        return Rejection("NAC-16", "La ronda no ha terminado.", "The round is not over.")
    if act.is_place(action):
        return _why_not_place(state, seat, action)
    return _why_not_draw_or_pass(state, seat, action)


def _why_not_draw_or_pass(state: NachoLocoState, seat: int, action: int) -> Rejection:
    if state.phase != PLAY:
        if action == act.DRAW:
            return Rejection("NAC-7", "Ya no puedes robar en este turno.", "You may not draw again this turn.")
        return Rejection("NAC-7", "No puedes pasar ahora.", "You may not pass now.")
    if state.legal_actions(seat) and act.is_place(state.legal_actions(seat)[0]):
        return Rejection(
            "NAC-7",
            "Tienes una carta que puedes jugar: debes jugarla.",
            "You hold a card you can play: you must play it.",
        )
    if action == act.DRAW:
        return Rejection("NAC-10", "No queda nada que robar: pasa.", "There is nothing left to draw: pass.")
    return Rejection("NAC-7", "No puedes jugar: debes robar una carta.", "You cannot play: you must draw a card.")


def _why_not_place(state: NachoLocoState, seat: int, action: int) -> Rejection:
    slot, design, rotation = act.unplace(action)
    hand = state.hands[seat]
    if state.phase == DRAWN and CARD_DESIGN[hand[-1]] != design:
        return Rejection(
            "NAC-7",
            "Solo puedes colocar la carta que acabas de robar.",
            "You may only place the card you have just drawn.",
        )
    if all(CARD_DESIGN[c] != design for c in hand):
        return Rejection("NAC-7", "No tienes esa carta en la mano.", "You do not hold that card.")
    if slot >= len(state.field.slots()):
        return Rejection(
            "NAC-3",
            f"El campo de juego tiene {len(state.field.slots())} huecos junto a sus cartas, no {slot + 1}.",
            f"The playfield has {len(state.field.slots())} open cells next to its cards, not {slot + 1}.",
        )
    if design == CLOSER:
        if rotation:
            return Rejection("NAC-5", "El Cerrador se coloca en la rotación 0.", "The Closer is placed in rotation 0.")
        return Rejection(
            "NAC-5",
            "El Cerrador necesita al menos 2 contactos con X negra.",
            "The Closer needs at least 2 contacts with a black X.",
        )
    if state.options.all_contacts_must_match:
        return Rejection(
            "NAC-4",
            "Todos los contactos deben coincidir (mismo color o misma acción; la X no coincide).",
            "Every contact must match (same colour or same action; an X matches nothing).",
        )
    return Rejection(
        "NAC-4",
        "Al menos un contacto debe coincidir (la X no coincide).",
        "At least one contact must match (an X matches nothing).",
    )
