"""Why a Boon action is illegal now: the rule id and a sentence in es and en."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.engine import Rejection

from . import actions as act
from .cards import SUIT, SUIT_NAMES
from .phases import BID, BURY, OVER, PLAY

if TYPE_CHECKING:
    from .rules import BoonState


def explain(state: BoonState, seat: int, action: int) -> Rejection:
    """Why `seat` may not take `action` now: the rule it breaks, in es and en."""
    if state.phase == OVER:
        return Rejection("BOO-12", "La partida ha terminado.", "The match is over.")
    if seat not in state.actors():
        return Rejection(state.turn_rule(), f"No es el turno del asiento {seat}.", f"It is not seat {seat}'s turn.")
    if not 0 <= action < act.NUM_ACTIONS:
        return Rejection("BOO-actions", f"La acción {action} no existe en Boon.", f"Action {action} does not exist.")
    if state.phase == BID:
        return Rejection("BOO-5", "Ahora hay que tomar o pasar la Bendición.", "Now you must take or pass the Boon.")
    if state.phase == BURY:
        return _why_not_bury(state, seat, action)
    if state.phase == PLAY:
        return _why_not_play(state, seat, action)
    return Rejection(
        "BOO-4",
        "La ronda terminó: el repartidor reparte la siguiente.",
        "The round is over: the dealer deals the next one.",
    )


def _why_not_bury(state: BoonState, seat: int, action: int) -> Rejection:
    if not act.is_bury(action):
        return Rejection(
            "BOO-5",
            f"Quien toma la Bendición debe enterrar {state.boon_size} cartas antes de jugar.",
            f"The taker must bury {state.boon_size} cards before play.",
        )
    return Rejection("BOO-5", "Solo puedes enterrar cartas de tu mano.", "You can only bury cards from your hand.")


def _why_not_play(state: BoonState, seat: int, action: int) -> Rejection:
    if not act.is_play(action):
        return Rejection("BOO-7", "Ahora se juegan cartas a la baza.", "Now cards are played to the trick.")
    card = act.card_of(action)
    if card not in state.hands[seat]:
        return Rejection("BOO-7", "No tienes esa carta.", "You do not hold that card.")
    led = SUIT[state.trick[0]]
    return Rejection(
        "BOO-7",
        f"Debes seguir el palo de salida ({SUIT_NAMES['es'][led]}; el oro también es un palo).",
        f"You must follow the suit led ({SUIT_NAMES['en'][led]}; gold counts as a suit).",
    )
