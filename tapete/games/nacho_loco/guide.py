"""Nacho Loco as a player's guide (es/en): what the rules pages and `tapete rules` teach first."""

from __future__ import annotations

from tapete.games.guide import Bullets, Cards, Example, Guide, OptionGuide, Para, Playfield, Steps, Words

W = Words

# The field of the first example: five cards around an empty cell that touches two of them.
_RING = {
    (0, 0): ("rojo/verde/azul", "right"),
    (0, 1): ("verde/azul/X", "top"),
    (1, 1): ("azul/marron/X", "left"),
    (2, 1): ("marron/rojo/X", "left"),
    (2, 0): ("rojo/amarillo/X", "bottom"),
}

GUIDE = Guide(
    summary=W(
        "Juego de cartas triangulares para 2 a 6 jugadores: se juntan lados iguales en un campo que crece.",
        "A game of triangular cards for 2 to 6 players: equal sides are put together on a growing field.",
    ),
    goal=(
        Para(
            W(
                "Sé el primero en quedarte sin cartas. Quien coloca su última carta gana la ronda y se lleva un "
                "punto por cada carta que les queda a los demás. Gana la partida el primero que llega a 20 "
                "puntos (si no se elige otra meta).",
                "Be the first to run out of cards. Whoever places their last card wins the round and scores a "
                "point for each card the others still hold. The first to reach 20 points wins the match "
                "(unless another target is chosen).",
            )
        ),
    ),
    cards_title=W("Las cartas", "The cards"),
    cards=(
        Para(
            W(
                "94 cartas triangulares. Cada lado de una carta es un segmento: un color (rojo, naranja, "
                "amarillo, verde, azul o marrón), una acción, o una X negra (en blanco), que no coincide con "
                "nada.",
                "94 triangular cards. Each side of a card is a segment: a colour (red, orange, yellow, green, "
                "blue or brown), an action, or a black X (blank), which matches nothing.",
            )
        ),
        Cards(
            ("rojo/verde/azul", "amarillo/rojo/X", "marron/X/X"),
            W(
                "Cartas de colores: tres colores, dos colores y una X, o un color y dos X.",
                "Colour cards: three colours, two colours and an X, or one colour and two X.",
            ),
        ),
        Cards(
            ("saltar/rojo/X", "otravez/verde/X", "roba3/azul/X"),
            W(
                "Cartas de acción: Saltar siguiente, Otra vez y El rival roba 3.",
                "Action cards: Skip Next (Saltar siguiente), Go Again (Otra vez) and Opponent Draws 3 (El "
                "rival roba 3).",
            ),
        ),
        Bullets(
            (
                W(
                    "Saltar siguiente: el siguiente jugador pierde su turno.",
                    "Skip Next: the next player loses their turn.",
                ),
                W(
                    "Otra vez: puedes colocar otra carta.",
                    "Go Again: you may place one more card.",
                ),
                W(
                    "El rival roba 3: eliges un rival y roba tres cartas.",
                    "Opponent Draws 3: you choose an opponent, who draws three cards.",
                ),
            )
        ),
        Cards(
            ("cerrador",),
            W(
                "El Cerrador: solo entra donde toca al menos dos X, y cierra el campo en el acto (sin robos "
                "por esas coincidencias).",
                "The Closer: it only goes where it touches at least two X, and it closes the field at once (no "
                "draws for those matches).",
            ),
        ),
    ),
    turn=(
        Para(
            W(
                "Cada jugador recibe 6 cartas; se da la vuelta a una carta del mazo para empezar el campo de juego.",
                "Each player gets 6 cards; one card of the pile is turned up to start the playfield.",
            )
        ),
        Steps(
            (
                W(
                    "Coloca una carta de tu mano junto al campo, girada como quieras, de modo que cada lado que "
                    "toque el campo coincida con el lado que toca: el mismo color o la misma acción. Si puedes "
                    "colocar una carta, tienes que hacerlo.",
                    "Place a card from your hand next to the field, turned any way you like, so that every side "
                    "touching the field matches the side it touches: the same colour or the same action. If you "
                    "can place a card, you must.",
                ),
                W(
                    "Si coincides con dos lados a la vez, cada rival roba 1 carta; con tres lados, 2 cartas.",
                    "If you match two sides at once, every opponent draws 1 card; three sides, 2 cards.",
                ),
                W(
                    "Si emparejaste una acción, se cumple ahora.",
                    "If you matched an action, it happens now.",
                ),
                W(
                    "Si no puedes colocar ninguna carta, roba una. Si esa carta se puede colocar, puedes "
                    "colocarla enseguida; si no, pasa el turno.",
                    "If you cannot place any card, draw one. If that card fits, you may place it at once; if "
                    "not, your turn ends.",
                ),
            )
        ),
        Para(
            W(
                "El campo se cierra cuando ya no cabe ninguna carta del juego en ningún hueco, cuando todos "
                "roban seguidos sin poder jugar, o con el Cerrador. Quien colocó la última carta da una carta "
                "del mazo a cada rival, se empieza un campo nuevo y esa persona juega primero.",
                "The field closes when no card of the game fits any gap, when everyone draws in a row without "
                "playing, or with the Closer. Whoever placed the last card gives every opponent a card from "
                "the pile, a new field is started, and that player plays first.",
            )
        ),
    ),
    scoring=(
        Para(
            W(
                "La ronda termina en cuanto alguien coloca su última carta (antes se cumple todo lo que esa "
                "jugada provoca: robos, El rival roba 3, regalos del cierre). Esa persona suma un punto por "
                "cada carta que quede en las manos de los demás.",
                "The round ends as soon as someone places their last card (everything that play causes comes "
                "first: draws, Opponent Draws 3, a close's gifts). That player scores a point for each card "
                "left in the other hands.",
            )
        ),
        Para(
            W(
                "Se recogen todas las cartas, se reparten otra vez 6 a cada uno y empieza quien ganó la ronda. "
                "El primero en llegar a 20 puntos gana la partida.",
                "All cards are gathered, 6 are dealt to each player again, and the round's winner starts. The "
                "first to reach 20 points wins the match.",
            )
        ),
    ),
    examples=(
        Example(
            title=W("Dos lados a la vez", "Two sides at once"),
            blocks=(
                Playfield(
                    W(
                        "En el campo queda un hueco arriba, en el centro, con un lado rojo a su izquierda y uno "
                        "amarillo a su derecha.",
                        "The field has a gap at the top, in the middle, with a red side on its left and a yellow "
                        "one on its right.",
                    ),
                    after=False,
                ),
                Cards(
                    ("amarillo/rojo/X",),
                    W("La carta de Ana.", "Ana's card."),
                ),
                Para(
                    W(
                        "Ana gira su carta para que el rojo toque el rojo y el amarillo el amarillo: coincide "
                        "con {fig:matches} lados a la vez, así que Beto y Carla roban {fig:beto_drew} carta cada "
                        "uno.",
                        "Ana turns her card so that red touches red and yellow touches yellow: it matches "
                        "{fig:matches} sides at once, so Beto and Carla draw {fig:beto_drew} card each.",
                    )
                ),
                Playfield(W("El campo después, con la carta de Ana.", "The field afterwards, with Ana's card.")),
            ),
            position={
                "hands": [
                    ["amarillo/rojo/X", "verde/X/X", "azul/naranja/X"],
                    ["rojo/X/X", "naranja/verde/X", "azul/X/X"],
                    ["marron/X/X", "amarillo/X/X"],
                ],
                "field": _RING,
                "turn": 0,
            },
            moves=((0, {"type": "place", "card": "amarillo/rojo/X", "cell": [1, 0], "rotation": 1}),),
            figures={"matches": 2, "beto_drew": 1, "carla_drew": 1},
        ),
        Example(
            title=W("La última carta", "The last card"),
            blocks=(
                Cards(("azul/X/X",), W("La única carta de Ana.", "Ana's only card.")),
                Para(
                    W(
                        "Ana coloca su carta con el azul contra el azul y se queda sin cartas. Beto tiene "
                        "{fig:beto_cards} cartas y Carla {fig:carla_cards}: Ana gana la ronda y suma "
                        "{fig:ana_points} puntos.",
                        "Ana places her card blue against blue and runs out of cards. Beto holds "
                        "{fig:beto_cards} cards and Carla {fig:carla_cards}: Ana wins the round and scores "
                        "{fig:ana_points} points.",
                    )
                ),
                Playfield(W("El campo al final de la ronda.", "The field at the end of the round.")),
            ),
            position={
                "hands": [
                    ["azul/X/X"],
                    ["rojo/X/X", "naranja/verde/X", "marron/X/X"],
                    ["amarillo/X/X", "verde/X/X", "naranja/X/X", "saltar/rojo/X", "roba3/azul/X"],
                ],
                "field": {(0, 0): "rojo/verde/azul"},
                "turn": 0,
            },
            moves=((0, {"type": "place", "card": "azul/X/X", "cell": [0, 1], "rotation": 0}),),
            figures={"beto_cards": 3, "carla_cards": 5, "ana_points": 8},
        ),
        Example(
            title=W("El rival roba 3", "Opponent Draws 3"),
            blocks=(
                Cards(("roba3/rojo/X",), W("El campo.", "The field.")),
                Cards(("roba3/verde/X",), W("La carta de Ana.", "Ana's card.")),
                Para(
                    W(
                        "Ana junta su acción El rival roba 3 con la del campo. Elige a Carla, que roba "
                        "{fig:carla_drew} cartas.",
                        "Ana puts her Opponent Draws 3 against the one on the field. She picks Carla, who draws "
                        "{fig:carla_drew} cards.",
                    )
                ),
            ),
            position={
                "hands": [
                    ["roba3/verde/X", "verde/X/X"],
                    ["rojo/X/X", "naranja/verde/X"],
                    ["amarillo/X/X", "azul/X/X"],
                ],
                "field": {(0, 0): ("roba3/rojo/X", "bottom")},
                "turn": 0,
            },
            moves=(
                (0, {"type": "place", "card": "roba3/verde/X", "cell": [0, 1], "rotation": 0}),
                (0, {"type": "target", "seat": 2}),
            ),
            figures={"carla_drew": 3},
        ),
    ),
    options=(
        OptionGuide(
            "all_contacts_must_match",
            W(
                "Sí: cada lado que toca el campo tiene que coincidir. No: basta con que coincida uno; los "
                "demás pueden no coincidir.",
                "Yes: every side touching the field must match. No: one matching side is enough; the others "
                "may mismatch.",
            ),
        ),
        OptionGuide(
            "target",
            W("Los puntos que hay que reunir para ganar la partida.", "The points needed to win the match."),
        ),
    ),
)
