"""Buracco's house rules: the decisions tapete took beyond the printed rulebook."""

from __future__ import annotations

from tapete.engine.house_rules import HouseRule

HOUSE_RULES = (
    HouseRule(
        "Tras apartar los muertos y repartir, todas las fichas restantes forman el pozo de robo (las «5 pilas "
        "de 10» del reglamento no suman 106).",
        "After the muertos are set aside and the hands dealt, all the remaining tiles form the stock (the "
        "rulebook's “5 piles of 10” do not add up to 106).",
        "hand_size",
    ),
    HouseRule("Cada combinación lleva como mucho un comodín.", "Each meld holds at most one wild."),
    HouseRule(
        "Un equipo puede tener hasta 24 combinaciones en la mesa, más de las que reúne una mano real.",
        "A side may have up to 24 melds on the table, more than any real hand gathers.",
    ),
    HouseRule(
        "Si se acaba el pozo de robo, un muerto que nadie ha tomado pasa a ser el pozo: su equipo lo pierde y "
        "puntúa como si nunca lo hubiera tomado, pero aún puede cerrar con una canasta. Sin muertos, quien no "
        "puede robar ni toma el descarte termina la mano, sin premio de cierre.",
        "If the stock runs out, a muerto nobody has taken becomes the stock: its side loses it and scores as "
        "never having taken it, but may still go out with a canasta. With no muerto left, a player who cannot "
        "draw and does not take the discard pile ends the hand, with no closing bonus.",
    ),
)
