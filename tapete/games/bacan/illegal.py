"""Why a Bacan action is illegal now: the rule id and a sentence in es and en."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.engine import Rejection

from . import actions as act
from .cards import COMODIN, RANK

if TYPE_CHECKING:
    from .rules import BacanState


def explain(state: BacanState, seat: int, action: int) -> Rejection:
    """Why `seat` may not take `action` now: the rule it breaks, in es and en."""
    if not 0 <= action < state.num_actions():
        return Rejection(
            "actions",
            f"La acción {action} no existe en Bacan con {state.num_players} jugadores.",
            f"Action {action} does not exist in Bacan with {state.num_players} players.",
        )
    if state.phase == "over":
        return Rejection("BAC-4", "La partida ha terminado.", "The match is over.")
    if seat not in state.actors():
        return Rejection(state.turn_rule(), "No te toca actuar ahora.", "It is not your turn to act.")
    kind, a, b = state.space.table[action]
    for check in _CHECKS.get(kind, ()):
        why = check(state, seat, kind, a, b)
        if why is not None:
            return why
    return Rejection("legal-actions", "Esa acción no es legal ahora.", "That action is not legal now.")


def _deal(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if state.phase != "deal":
        return Rejection(
            "BAC-8",
            "Solo quien reparte elige cuántas cartas se miran, al empezar la ronda.",
            "Only the dealer chooses how many cards are peeked at, when the round starts.",
        )
    return None


def _peek(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if state.phase != "peek" or not state.peek_pending >> seat & 1:
        return Rejection("BAC-8", "Ahora no toca mirar tus cartas.", "This is not the moment to peek at your cards.")
    if bin(a).count("1") != state.peek_n:
        return Rejection(
            "BAC-8",
            f"Debes elegir exactamente {state.peek_n} de tus posiciones.",
            f"You must choose exactly {state.peek_n} of your slots.",
        )
    return None


def _turn_start(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if state.phase != "turn" or seat != state.current:
        rule = "BAC-11" if kind == act.CALL else "BAC-12"
        if kind == act.ROW_JOKER:
            rule = "BAC-20"
        return Rejection(
            rule,
            "Eso solo se hace al empezar tu propio turno, antes de robar.",
            "That is only done at the start of your own turn, before drawing.",
        )
    return None


def _discard_draw(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if not state.discard:
        return Rejection("BAC-12", "El descarte está vacío.", "The discard pile is empty.")
    lap = state.options.discard_draw_from_lap
    if state.turns[seat] + 1 < lap:
        return Rejection(
            "BAC-12",
            f"Solo puedes tomar del descarte a partir de tu turno {lap} de la ronda.",
            f"You may take from the discard pile only from your turn {lap} of the round on.",
        )
    if not state.rows[seat]:
        return Rejection(
            "BAC-14",
            "La carta del descarte debe cambiarse por una tuya, y no te quedan cartas.",
            "A card taken from the discard must be swapped in, and you have no cards left.",
        )
    return None


def _row_joker(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if state.options.joker_power != "anywhere":
        return Rejection(
            "BAC-20",
            "Con esta opción el comodín solo tiene poder al robarlo del mazo.",
            "With this option the comodín has its power only when drawn from the deck.",
        )
    return _slot(state, seat, a, "BAC-20")


def _holding(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if state.phase != "drawn":
        if kind == act.EXCHANGE and state.phase == "exchange":
            return None
        return Rejection(
            "BAC-13",
            "No tienes ninguna carta robada en la mano.",
            "You are not holding a drawn card.",
        )
    if kind == act.DISCARD and state.held_source != "deck":
        return Rejection(
            "BAC-14",
            "Una carta tomada del descarte debe cambiarse por una de tus cartas.",
            "A card taken from the discard pile must be swapped into your row.",
        )
    if kind == act.SWAP and state.held_source == "row":
        return Rejection(
            "BAC-20",
            "El comodín revelado de tu fila debe usarse como poder.",
            "The comodín revealed from your row must be used as a power.",
        )
    if kind == act.SWAP:
        return _slot(state, seat, a, "BAC-13")
    return None


def _power(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if state.phase == "exchange":
        return None
    if kind in state.held_powers():
        return None
    held = state.held
    if RANK[held] == COMODIN:
        return Rejection(
            "BAC-20",
            "Este comodín ya no tiene poder aquí (gastado, o solo vale al robarlo del mazo).",
            "This comodín has no power here (spent, or usable only when drawn from the deck).",
        )
    if state.held_source != "deck":
        return Rejection(
            "BAC-14",
            "Una carta de poder tomada del descarte no tiene poder.",
            "A power card taken from the discard pile has no power.",
        )
    return Rejection(
        "BAC-16",
        "La carta que tienes no tiene ese poder.",
        "The card you hold does not have that power.",
    )


def _targets(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if kind == act.SECRET:
        return _slot(state, seat, a, "BAC-17")
    if kind == act.SPY:
        if a == seat:
            return Rejection("BAC-17", "Espía mira una carta de otro jugador.", "Espía looks at another player's card.")
        return _slot(state, a, b, "BAC-17")
    if kind == act.EXCHANGE:
        if state.phase == "exchange" and a == state.pending[0]:
            return Rejection(
                "BAC-18",
                "Intercambio cambia cartas de dos jugadores distintos.",
                "Intercambio swaps the cards of two different players.",
            )
        return _slot(state, a, b, "BAC-18")
    if a == seat or a >= state.num_players or not state.in_play[a]:
        return Rejection("BAC-19", "+1 se da a otro jugador en juego.", "+1 goes to another player in play.")
    if len(state.rows[a]) >= act.MAX_ROW:
        return Rejection(
            "BAC-19",
            f"La fila de ese jugador ya tiene {act.MAX_ROW} cartas, el máximo.",
            f"That player's row already holds {act.MAX_ROW} cards, the maximum.",
        )
    return None


def _window(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if state.phase != "turn" or not state.discard:
        return Rejection(
            "BAC-21",
            "No hay ninguna carta viva en el descarte para espejar.",
            "There is no live discard to mirror.",
        )
    if kind == act.MIRROR:
        return _slot(state, seat, a, "BAC-21")
    if a == seat:
        return Rejection("BAC-21", "El espejo ajeno es sobre otro jugador.", "A steal-mirror targets another player.")
    if not state.rows[seat]:
        return Rejection(
            "BAC-21",
            "Para un espejo ajeno debes tener una carta que dar.",
            "A steal-mirror needs a card of yours to give.",
        )
    return _slot(state, a, b, "BAC-21")


def _give(state: BacanState, seat: int, kind: int, a: int, b: int) -> Rejection | None:
    if state.phase != "give":
        return Rejection("BAC-21", "No debes dar ninguna carta ahora.", "You owe no card now.")
    return _slot(state, seat, a, "BAC-21")


def _slot(state: BacanState, owner: int, slot: int, rule: str) -> Rejection | None:
    size = len(state.rows[owner])
    if slot >= size:
        return Rejection(
            "BAC-7",
            f"Esa posición no existe: la fila del asiento {owner} tiene {size} cartas.",
            f"That slot does not exist: seat {owner}'s row holds {size} cards.",
        )
    if state.rows[owner][slot] < 0:
        return Rejection(rule, "Esa posición está vacía.", "That slot is empty.")
    return None


_CHECKS = {
    act.DEAL: (_deal,),
    act.PEEK: (_peek,),
    act.CALL: (_turn_start,),
    act.DRAW_DECK: (_turn_start,),
    act.DRAW_DISCARD: (_turn_start, _discard_draw),
    act.ROW_JOKER: (_turn_start, _row_joker),
    act.DISCARD: (_holding,),
    act.SWAP: (_holding,),
    act.SECRET: (_holding, _power, _targets),
    act.SPY: (_holding, _power, _targets),
    act.EXCHANGE: (_holding, _power, _targets),
    act.PLUS_ONE: (_holding, _power, _targets),
    act.MIRROR: (_window,),
    act.MIRROR_OTHER: (_window,),
    act.GIVE: (_give,),
}
