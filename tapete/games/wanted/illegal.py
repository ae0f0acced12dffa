"""Why a WANTED action is illegal now: the rule id and a sentence in es and en."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.engine import Rejection

from . import actions as act
from .cards import FACES
from .phases import COMMIT, DEAL, DISCARD, LEADER, OVER

if TYPE_CHECKING:
    from .rules import WantedState

_KIND_ES = {"commit": "comprometer una carta", "leader": "elegir líder", "discard": "descartar", "deal": "repartir"}
_KIND_EN = {"commit": "commit a card", "leader": "choose a leader", "discard": "discard", "deal": "deal"}
_PHASE_ES = {
    COMMIT: "elegir carta",
    LEADER: "elegir líder",
    DISCARD: "descartar",
    DEAL: "repartir",
    OVER: "partida terminada",
}


def explain(state: WantedState, seat: int, action: int) -> Rejection:
    """Why `seat` may not take `action` now: the rule it breaks, in es and en."""
    if not isinstance(action, int) or not 0 <= action < act.NUM_ACTIONS:
        return Rejection("WAN-4", f"La acción {action!r} no existe.", f"Action {action!r} does not exist.")
    kind = act.kind_of(action)
    wanted_phase = {"commit": COMMIT, "leader": LEADER, "discard": DISCARD, "deal": DEAL}[kind]
    if state.phase != wanted_phase:
        return Rejection(
            state.turn_rule(),
            f"Ahora no toca {_KIND_ES[kind]}: la fase es «{_PHASE_ES[state.phase]}».",
            f"This is not the time to {_KIND_EN[kind]}: the phase is '{state.phase}'.",
        )
    card = act.card_of(action)
    if kind == "commit":
        return Rejection(
            "WAN-4", f"La carta {FACES[card]} no está en tu mano.", f"Card {FACES[card]} is not in your hand."
        )
    if kind == "leader":
        return Rejection(
            "WAN-9",
            f"{FACES[card]} no puede ser líder: el líder es la carta de mayor habilidad + dado "
            "(empate: mayor habilidad).",
            f"{FACES[card]} cannot lead: the leader is the card with the highest skill + die (tie: higher skill).",
        )
    if kind == "discard":
        return Rejection(
            "WAN-10",
            f"{FACES[card]} no es una carta de tu pandilla empatada.",
            f"{FACES[card]} is not a card of your tied gang.",
        )
    return Rejection("WAN-11", "Reparte quien tiene el mazo.", "The dealer deals.")
