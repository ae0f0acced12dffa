"""What a Boon state must hold beyond its cards (`Game.state_problems`). Apart from
the position builder, which imports the game's instance: the game imports this."""

from __future__ import annotations

from .phases import PHASES, PLAY
from .rules import BoonState


def problems(state: BoonState) -> list[tuple[str, str]]:
    """What is wrong with a Boon state beyond its cards, as (es, en) sentences."""
    n = state.num_players
    if state.phase not in PHASES:
        return [(f"Fase desconocida «{state.phase}».", f"Unknown phase '{state.phase}'.")]
    if not 0 <= state.turn < n or not 0 <= state.dealer < n:
        return [("El asiento en turno o el que reparte no existe.", "The seat on turn or the dealer does not exist.")]
    if len(state.hands) != n or len(state.piles) != n or len(state.victory) != n:
        return [
            (
                "Hace falta una mano, un montón y unas cartas de victoria por asiento.",
                "One hand, pile and victory count per seat.",
            )
        ]
    if state.phase == PLAY:
        if not 0 <= state.leader < n or len(state.trick) >= n:
            return [("La baza en juego no cuadra con quien la abrió.", "The trick in play does not fit its leader.")]
        if state.turn != (state.leader + len(state.trick)) % n:
            return [
                (
                    "Le toca a quien sigue en la baza, no a otro asiento.",
                    "The turn belongs to the next seat in the trick, not another.",
                )
            ]
        played = {(state.leader + i) % n for i in range(len(state.trick))}
        sizes = {len(hand) + (seat in played) for seat, hand in enumerate(state.hands)}
        if len(sizes) != 1:
            return [
                (
                    "Las manos no tienen las cartas que la baza deja: alguien tiene de más o de menos.",
                    "The hands do not hold what the trick leaves: someone has too many or too few cards.",
                )
            ]
        if sum(state.tricks_won) * n != sum(len(p) for p in state.piles):
            return [
                (
                    "Las cartas ganadas no cuadran con las bazas ganadas.",
                    "The cards won do not match the tricks won.",
                )
            ]
        if state.boon and not state.leaster:  # in a Leaster the Boon waits for the last trick (BOO-6)
            return [
                ("En las bazas el Boon ya no está en la mesa.", "During the tricks the Boon is no longer on the table.")
            ]
    return []
