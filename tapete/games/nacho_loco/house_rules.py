"""Nacho Loco's house rules: the decisions tapete took beyond the printed rulebook."""

from __future__ import annotations

from tapete.engine.house_rules import HouseRule

HOUSE_RULES = (
    HouseRule(
        "La baraja es de tapete (la del reglamento se perdió): 6 colores; 20 cartas de tres colores, 30 de dos "
        "colores y una X, 12 de un color y dos X, 31 de acción y El Cerrador.",
        "The deck is tapete's (the rulebook's is lost): 6 colours; 20 cards of three colours, 30 of two colours "
        "and an X, 12 of one colour and two X, 31 action cards and The Closer.",
    ),
    HouseRule(
        "El campo no tiene borde: cualquier casilla vacía junto a las cartas es un sitio donde jugar, por mucho "
        "que crezca el campo.",
        "The field has no edge: any empty cell next to its cards is a place to play, however far the field grows.",
    ),
    HouseRule(
        "Un Saltar siguiente o un Otra vez pendiente se pierde si el campo se cierra: quien cierra juega primero "
        "en el campo nuevo.",
        "A Skip Next or Go Again still pending is lost when the field closes: the closer plays first on the new field.",
    ),
    HouseRule(
        "Quien roba puede quedarse la carta aunque quepa; cuenta como no haber podido jugar para cerrar el "
        "campo cuando nadie juega.",
        "A player who draws may keep the card even if it fits; that counts as not being able to play when "
        "nobody plays and the field closes.",
    ),
    HouseRule(
        "Tras robar siempre eliges entre colocar la carta o pasar, aunque no quepa en ninguna parte: así la "
        "mesa no sabe si podías jugarla.",
        "After drawing you always choose between placing the card and passing, even if it fits nowhere: so "
        "the table cannot tell whether you could play it.",
    ),
    HouseRule(
        "Saltar siguiente salta el siguiente turno que no sea el tuyo.",
        "Skip Next skips the next turn that is not your own.",
    ),
)
