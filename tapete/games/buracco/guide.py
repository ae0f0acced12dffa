"""Buracco as a player's guide (es/en): what the rules pages and `tapete rules` teach first."""

from __future__ import annotations

from tapete.games.guide import Bullets, Cards, Example, Guide, OptionGuide, Para, Steps, Words

W = Words

GUIDE = Guide(
    summary=W(
        "Rummy de fichas rioplatense para 2 jugadores, cada uno por su cuenta, o 4 en dos parejas.",
        "A River Plate tile rummy for 2 players, each on their own, or 4 in two partnerships.",
    ),
    goal=(
        Para(
            W(
                "Forma juegos con tus fichas y bájalos a la mesa hasta quedarte sin fichas. Cada mano da puntos "
                "a cada equipo (o jugador); los puntos se suman mano a mano y gana el primero que llega a 2000 "
                "(si no se elige otra meta).",
                "Make melds with your tiles and lay them on the table until you run out of tiles. Each hand "
                "gives points to each side (a team, or a lone player); points add up hand after hand and the "
                "first side to reach 2000 wins (unless another target is chosen).",
            )
        ),
        Para(
            W(
                "Con 4 jugadores, los compañeros se sientan enfrente: los juegos, el muerto y los puntos son "
                "del equipo, y cualquiera de los dos puede añadir fichas a los juegos de su equipo.",
                "With 4 players, partners sit opposite: melds, the muerto and the points belong to the side, "
                "and either partner may add tiles to the side's melds.",
            )
        ),
    ),
    cards_title=W("Las fichas", "The tiles"),
    cards=(
        Para(
            W(
                "106 fichas: del 1 al 13 en cuatro colores (rojo, negro, azul y amarillo), dos de cada, y 2 "
                "comodines. Todo 2 es también un comodín, salvo cuando ocupa su propio lugar en una escalera "
                "de su color.",
                "106 tiles: 1 to 13 in four colours (red, black, blue and yellow), two of each, and 2 jokers "
                "(comodines). Every 2 is a wild too, except when it stands in its own place in a run of its "
                "colour.",
            )
        ),
        Cards(
            ("rojo-1", "negro-2", "azul-5", "amarillo-9", "comodin"),
            W(
                "Valores: el 1 vale 15, el 2 vale 20, del 3 al 7 valen 5, del 8 al 13 valen 10 y el comodín 50.",
                "Values: a 1 is worth 15, a 2 is 20, 3 to 7 are 5, 8 to 13 are 10 and the joker 50.",
            ),
        ),
        Cards(
            ("azul-3", "azul-4", "azul-5"),
            W(
                "Escalera: tres fichas o más del mismo color, seguidas. El 1 puede ir abajo (1-2-3) o arriba "
                "(12-13-1).",
                "Run (escalera): three or more tiles of one colour in a row. The 1 may be low (1-2-3) or high "
                "(12-13-1).",
            ),
        ),
        Cards(
            ("rojo-8", "negro-8", "amarillo-8"),
            W(
                "Pierna: tres fichas o más del mismo número, de cualquier color.",
                "Set (pierna): three or more tiles of the same number, any colours.",
            ),
        ),
        Bullets(
            (
                W(
                    "Cada juego lleva como mucho un comodín (un comodín o un 2 fuera de su sitio).",
                    "Each meld holds at most one wild (a joker, or a 2 out of its own place).",
                ),
                W(
                    "Canasta: un juego de 7 fichas o más. Pura si no tiene comodín; impura si lo tiene.",
                    "Canasta: a meld of 7 tiles or more. Clean (pura) without a wild; dirty (impura) with one.",
                ),
                W(
                    "El muerto: cada equipo tiene 11 fichas aparte. El primero del equipo que se queda sin "
                    "fichas lo toma y sigue jugando con él.",
                    "The muerto: each side has 11 tiles set aside. The first player of the side to run out of "
                    "tiles takes it and plays on with it.",
                ),
            )
        ),
    ),
    turn=(
        Para(
            W(
                "Cada jugador recibe 12 fichas (con 2 jugadores) u 11 (con 4). El resto es el mazo; el pozo "
                "empieza vacío.",
                "Each player gets 12 tiles (with 2 players) or 11 (with 4). The rest is the stock; the discard "
                "pile (pozo) starts empty.",
            )
        ),
        Steps(
            (
                W(
                    "Roba: la ficha de arriba del mazo, o el pozo entero (todas sus fichas, no solo la de arriba).",
                    "Draw: the top tile of the stock, or the whole pozo (every tile in it, not only the top one).",
                ),
                W(
                    "Baja juegos nuevos y añade fichas a los juegos de tu equipo, tantos como quieras.",
                    "Lay down new melds and add tiles to your side's melds, as many as you like.",
                ),
                W(
                    "Termina tirando una ficha al pozo.",
                    "End by throwing one tile onto the pozo.",
                ),
            )
        ),
        Bullets(
            (
                W(
                    "Privilegio del primero: en el primer turno de la mano, quien empieza puede tirar al pozo "
                    "la ficha que robó y robar otra.",
                    "First player's privilege: on the first turn of a hand, the first player may throw the "
                    "tile just drawn onto the pozo and draw another.",
                ),
                W(
                    "Si te quedas sin fichas al bajar, tomas el muerto y sigues en el mismo turno; si te quedas "
                    "sin fichas al tirar al pozo, lo tomas y lo juegas desde tu próximo turno.",
                    "If you run out of tiles by melding, you take the muerto and go on in the same turn; if you "
                    "run out by discarding, you take it and play it from your next turn.",
                ),
                W(
                    "Cortar: con el muerto ya tomado, quien se queda sin fichas termina la mano, pero solo si "
                    "su equipo tiene al menos una canasta. Sin canasta tienes que guardarte una ficha.",
                    "Going out: once the muerto is taken, a player who empties their hand ends it, but only if "
                    "their side has at least one canasta. Without one you must keep a tile.",
                ),
                W(
                    "Un comodín en una escalera se puede cambiar por la ficha que representa: el comodín pasa a "
                    "un extremo libre de la misma escalera.",
                    "A wild in a run can be replaced by the tile it stands for: the wild moves to a free end "
                    "of the same run.",
                ),
            )
        ),
    ),
    scoring=(
        Para(
            W(
                "Al terminar la mano, cada equipo suma:",
                "When the hand ends, each side scores:",
            )
        ),
        Bullets(
            (
                W("el valor de sus fichas bajadas;", "the value of its melded tiles;"),
                W("200 por cada canasta pura y 100 por cada impura;", "200 per clean canasta and 100 per dirty one;"),
                W(
                    "100 si tomó su muerto, o −100 si no lo tomó;",
                    "100 if it took its muerto, or −100 if it did not;",
                ),
                W("100 por cortar;", "100 for going out;"),
                W(
                    "y resta el valor de las fichas que le quedan en la mano.",
                    "and subtracts the value of the tiles still in its hands.",
                ),
            )
        ),
        Para(
            W(
                "Un equipo sin ninguna canasta cuenta todas sus fichas en contra, también las bajadas.",
                "A side with no canasta counts all its tiles against it, the melded ones too.",
            )
        ),
    ),
    examples=(
        Example(
            title=W("Cortar con una canasta pura", "Going out with a clean canasta"),
            blocks=(
                Cards(
                    ("rojo-3", "rojo-4", "rojo-5", "rojo-6", "rojo-7", "rojo-8", "rojo-9"),
                    W(
                        "Canasta pura de Ana: vale {fig:meld0_value} por sus fichas.",
                        "Ana's clean canasta: worth {fig:meld0_value} for its tiles.",
                    ),
                ),
                Cards(
                    ("negro-10", "azul-10", "amarillo-10"),
                    W("Una pierna de Ana: {fig:meld1_value}.", "One of Ana's sets: {fig:meld1_value}."),
                ),
                Cards(
                    ("azul-11", "azul-12", "azul-13"),
                    W(
                        "Lo único que bajó Beto: no llega a canasta.",
                        "All Beto laid down: no canasta.",
                    ),
                ),
                Cards(("rojo-1", "comodin"), W("Lo que le queda a Beto.", "What Beto still holds.")),
                Para(
                    W(
                        "Ana ya tomó su muerto y le queda una ficha: la tira al pozo y corta. Ana suma "
                        "{fig:ana_melded} de fichas bajadas, 200 por la canasta pura, 100 por el muerto y 100 "
                        "por cortar: {fig:ana_total}. Beto no tiene canasta, así que sus fichas bajadas "
                        "cuentan en contra ({fig:beto_melded}); además −100 por no tomar el muerto y "
                        "{fig:beto_in_hand} por lo que le queda: {fig:beto_total}.",
                        "Ana has taken her muerto and holds one tile: she throws it onto the pozo and goes out. "
                        "Ana scores {fig:ana_melded} for melded tiles, 200 for the clean canasta, 100 for the "
                        "muerto and 100 for going out: {fig:ana_total}. Beto has no canasta, so his melded "
                        "tiles count against him ({fig:beto_melded}); then −100 for the muerto he never took and "
                        "{fig:beto_in_hand} for what he holds: {fig:beto_total}.",
                    )
                ),
            ),
            position={
                "racks": [["azul-9"], ["rojo-1", "comodin"]],
                "melds": [
                    [
                        ["rojo-3", "rojo-4", "rojo-5", "rojo-6", "rojo-7", "rojo-8", "rojo-9"],
                        ["negro-10", "azul-10", "amarillo-10"],
                    ],
                    [["azul-11", "azul-12", "azul-13"]],
                ],
                "muertos_taken": [True, False],
                "turn": 0,
                "phase": "meld",
            },
            moves=((0, {"type": "done"}), (0, {"type": "discard", "tile": "azul-9"})),
            figures={
                "meld0_value": 45,
                "meld1_value": 30,
                "ana_melded": 75,
                "ana_total": 475,
                "beto_melded": -30,
                "beto_in_hand": -65,
                "beto_total": -195,
            },
        ),
        Example(
            title=W("Un 2 que vuelve a su sitio", "A 2 going back to its place"),
            blocks=(
                Cards(
                    ("azul-3", "azul-4", "azul-2", "azul-6"),
                    W(
                        "Escalera azul de Ana: el {card:azul-2} hace de 5, así que es impura.",
                        "Ana's blue run: the {card:azul-2} stands in for the 5, so it is dirty.",
                    ),
                ),
                Para(
                    W(
                        "Ana añade el {card:azul-5} en su sitio. El 2, que es azul como la escalera, pasa a su "
                        "propio lugar abajo del 3: la escalera queda de {fig:meld0_size} fichas y sin comodín, es "
                        "decir, pura. Vale {fig:meld0_value} puntos por sus fichas.",
                        "Ana adds the {card:azul-5} in its place. The 2, blue like the run, moves to its own place "
                        "below the 3: the run now has {fig:meld0_size} tiles and no wild, so it is clean. It is worth "
                        "{fig:meld0_value} points for its tiles.",
                    )
                ),
                Cards(
                    ("azul-2", "azul-3", "azul-4", "azul-5", "azul-6"),
                    W("La escalera después.", "The run afterwards."),
                ),
            ),
            position={
                "racks": [["azul-5", "negro-12", "rojo-7"], ["amarillo-4", "negro-3"]],
                "melds": [[["azul-3", "azul-4", "azul-2", "azul-6"]], []],
                "turn": 0,
                "phase": "meld",
            },
            moves=((0, {"type": "extend", "meld": 0, "tile": "azul-5", "end": "low"}),),
            figures={"meld0_size": 5, "meld0_value": 40, "meld0_pure": 1},
        ),
        Example(
            title=W("Levantar el pozo", "Picking up the pozo"),
            blocks=(
                Cards(
                    ("negro-9", "amarillo-12", "rojo-9", "azul-7"),
                    W(
                        "El pozo, con el {card:azul-7} arriba.",
                        "The pozo, with the {card:azul-7} on top.",
                    ),
                ),
                Cards(
                    ("azul-5", "azul-6", "rojo-9", "negro-1", "amarillo-3"),
                    W("El atril de Ana.", "Ana's rack."),
                ),
                Para(
                    W(
                        "Ana quiere el {card:azul-7} para su escalera {card:azul-5}, {card:azul-6}. Para "
                        "llevárselo tiene que levantar el pozo entero, las {fig:pozo} fichas. Después baja la "
                        "escalera ({fig:meld0_size} fichas) y una pierna de nueves ({fig:meld1_size} fichas); le "
                        "quedan {fig:ana_rack_after} en el atril, y termina tirando una.",
                        "Ana wants the {card:azul-7} for her run {card:azul-5}, {card:azul-6}. To get it she "
                        "must pick up the whole pozo, all {fig:pozo} tiles. Then she lays down the run "
                        "({fig:meld0_size} tiles) and a set of nines ({fig:meld1_size} tiles); {fig:ana_rack_after} "
                        "tiles are left on her rack, and she ends by throwing one.",
                    )
                ),
            ),
            position={
                "racks": [["azul-5", "azul-6", "rojo-9", "negro-1", "amarillo-3"], ["rojo-2", "negro-13"]],
                "pozo": ["negro-9", "amarillo-12", "rojo-9", "azul-7"],
                "turn": 0,
            },
            moves=(
                (0, {"type": "take_pozo"}),
                *((0, {"type": "stage", "tile": tile}) for tile in ("azul-5", "azul-6", "azul-7")),
                (0, {"type": "commit"}),
                *((0, {"type": "stage", "tile": tile}) for tile in ("rojo-9", "rojo-9", "negro-9")),
                (0, {"type": "commit"}),
            ),
            figures={"pozo": 4, "meld0_size": 3, "meld1_size": 3, "ana_rack_after": 3},
        ),
    ),
    options=(
        OptionGuide(
            "hand_size",
            W(
                "Cuántas fichas recibe cada jugador al empezar la mano. Con 0, las de siempre: 12 con 2 "
                "jugadores y 11 con 4.",
                "How many tiles each player gets at the start of a hand. With 0, the usual: 12 with 2 players "
                "and 11 with 4.",
            ),
        ),
        OptionGuide(
            "target",
            W(
                "Los puntos que hay que reunir para ganar. Si los dos equipos llegan en la misma mano, gana el "
                "que más tiene; con empate se juega otra mano.",
                "The points needed to win. If both sides reach them in the same hand, the higher total wins; "
                "on a tie another hand is played.",
            ),
        ),
    ),
)
