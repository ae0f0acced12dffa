"""Bacan's house rules: the decisions tapete took beyond the printed rulebook."""

from __future__ import annotations

from tapete.engine.house_rules import HouseRule

HOUSE_RULES = (
    HouseRule(
        "Los palos no cambian nada: son cinco colores para distinguir las cartas.",
        "Suits change nothing: they are five colours to tell the cards apart.",
    ),
    HouseRule("Juegan de 2 a 8 personas.", "2 to 8 people play."),
    HouseRule(
        "Si todos los que quedan quedan eliminados en la misma ronda, gana la puntuación más baja; "
        "si hay empate, comparten la victoria.",
        "If everyone still in is eliminated in the same round, the lowest score wins; tied players share the win.",
    ),
    HouseRule(
        "Una carta nueva en tu fila (castigo, +1) va al final, a la derecha; el hueco que deja un espejo "
        "desaparece. Una fila tiene como mucho 8 cartas: no se le puede dar un +1, y quien falla un espejo "
        "con la fila llena suma 10 puntos en lugar de robar una carta de castigo (esos puntos cuentan en su "
        "fila y le impiden el Super Bacan).",
        "A new card in your row (penalty, +1) goes at the right end; the gap a mirror leaves closes. A row "
        "holds at most 8 cards: it cannot be given a +1, and a player whose full row mirrors wrongly adds 10 "
        "points instead of taking a penalty card (those points count in the row and rule out a Super Bacan).",
    ),
    HouseRule(
        "Al empezar, cada jugador mira en secreto tantas cartas de su propia fila como diga quien reparte.",
        "At the start each player looks in secret at as many cards of their own row as the dealer says.",
    ),
    HouseRule(
        "Robar del descarte «a partir de la segunda ronda» se entiende desde tu segundo turno de la ronda.",
        "Taking the discard “from the second round” is read as from your second turn of the round.",
        "discard_draw_from_lap",
    ),
    HouseRule(
        "La carta que tomas del descarte se cambia siempre por una de tu fila, y la que sale va al descarte.",
        "A card taken from the discard is always swapped into your row, and the card it replaces is discarded.",
    ),
    HouseRule(
        "Si el mazo y el descarte se acaban, la ronda termina y todos suman su fila, sin premio de Bacan.",
        "If the deck and the discard pile run out, the round ends and everyone adds their row, with no Bacan bonus.",
    ),
    HouseRule(
        "El comodín conserva su poder en una fila o en el descarte hasta que se usa; puedes usar uno de tu "
        "fila al empezar tu turno en vez de robar.",
        "A comodín keeps its power in a row or on the discard pile until it is used; you may use one from your "
        "row at the start of your turn instead of drawing.",
        "joker_power",
    ),
    HouseRule(
        "Declarar como comodín una carta de tu fila que no lo es cuenta como un espejo fallido: la carta se "
        "enseña a todos y robas una carta de castigo.",
        "Declaring a card of your row as a comodín when it is not one counts as a wrong mirror: the card is "
        "shown to everyone and you take a penalty card.",
    ),
    HouseRule(
        "Se puede hacer espejo sobre la carta de arriba del descarte hasta que quien tiene el turno roba; "
        "vuelve a poderse cuando descarta.",
        "The top card of the discard pile can be mirrored until the player on turn draws; it can again once "
        "they discard.",
    ),
    HouseRule(
        "El espejo se hace por cara: el mismo número, el mismo poder o comodín con comodín.",
        "A mirror goes by face: the same number, the same power, or comodín with comodín.",
        "mirror_match",
    ),
    HouseRule(
        "Quien canta Bacan y falla suma su fila más la carta de castigo.",
        "A player who calls Bacan and fails adds their row plus the penalty card.",
    ),
)
