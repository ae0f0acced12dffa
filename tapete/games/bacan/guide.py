"""Bacan as a player's guide (es/en): what the rules pages and `tapete rules` teach first."""

from __future__ import annotations

from tapete.games.guide import Bullets, Cards, Example, Guide, OptionGuide, Para, Steps, Words

W = Words

GUIDE = Guide(
    summary=W(
        "Juego de memoria y velocidad para 2 a 8 jugadores, con cartas boca abajo que casi nunca ves.",
        "A memory and speed game for 2 to 8 players, with face-down cards you hardly ever see.",
    ),
    goal=(
        Para(
            W(
                "Cada jugador tiene una fila de cartas boca abajo. Quieres que sumen los menos puntos posible: "
                "los puntos de tu fila se acumulan ronda a ronda, y quien llega al límite de la partida (150 "
                "puntos si no se elige otro) queda eliminado. Gana el último jugador que queda en juego.",
                "Each player has a row of face-down cards. You want them to add up to as few points as "
                "possible: your row's points add up round after round, and whoever reaches the match's limit "
                "(150 points unless another is chosen) is eliminated. The last player still in wins.",
            )
        ),
        Para(
            W(
                "Una ronda termina cuando alguien, al empezar su turno, canta «Bacan»: cree que su fila suma "
                "5 puntos o menos y que nadie tiene menos.",
                "A round ends when someone, at the start of their turn, calls “Bacan”: they believe their row "
                "adds up to 5 points or less and nobody has less.",
            )
        ),
    ),
    cards_title=W("Las cartas", "The cards"),
    cards=(
        Para(
            W(
                "58 cartas en cinco palos (rojo, azul, verde, amarillo y violeta). El palo no cambia nada: solo "
                "distingue las cartas. Cada palo tiene los números del 1 al 7 y cuatro cartas de poder; además "
                "hay 3 comodines.",
                "58 cards in five suits, one per colour (red, blue, green, yellow and purple). The suit changes "
                "nothing: it only tells the cards apart. Each suit has the numbers 1 to 7 and four power cards; "
                "there are also 3 comodines (jokers).",
            )
        ),
        Cards(
            ("rojo-1", "azul-4", "verde-7"),
            W("Los números valen su número: del 1 al 7.", "Numbers are worth their number: 1 to 7."),
        ),
        Cards(
            ("amarillo-secreto", "violeta-espia", "rojo-intercambio", "azul-mas1"),
            W(
                "Las cartas de poder valen 10 puntos. Su poder solo sirve en el momento de robarlas del mazo.",
                "Power cards are worth 10 points. Their power works only the moment you draw them from the deck.",
            ),
        ),
        Bullets(
            (
                W("Secreto: mira una de tus cartas.", "Secreto: look at one of your own cards."),
                W("Espía: mira una carta de otro jugador.", "Espía: look at another player's card."),
                W(
                    "Intercambio: cambia de sitio dos cartas de dos jugadores distintos (una puede ser tuya), "
                    "sin mirarlas.",
                    "Intercambio: swap two cards of two different players (one may be yours), without looking at them.",
                ),
                W(
                    "+1: otro jugador, a tu elección, recibe la carta de arriba del mazo al final de su fila, "
                    "sin mirarla.",
                    "+1: another player of your choice gets the top card of the deck at the end of their row, "
                    "without looking at it.",
                ),
            )
        ),
        Cards(
            ("comodin",),
            W(
                "El comodín vale −1 punto. Puede imitar cualquiera de los cuatro poderes; una vez usado queda "
                "gastado y es solo un −1.",
                "The comodín is worth −1 point. It can imitate any of the four powers; once used it is spent "
                "and is just a −1.",
            ),
        ),
    ),
    turn=(
        Para(
            W(
                "Al empezar la ronda se reparten 4 cartas boca abajo a cada uno. Quien reparte dice cuántas "
                "(de 0 a 4) puede mirar cada jugador de su propia fila; cada uno elige cuáles y las mira en "
                "secreto. Después, recuérdalas: las cartas no cambian de sitio solas.",
                "At the start of the round everyone is dealt 4 face-down cards. The dealer says how many (0 to "
                "4) each player may look at in their own row; each player picks which and looks in secret. "
                "Then remember them: cards never move by themselves.",
            )
        ),
        Steps(
            (
                W(
                    "Si crees que tu fila suma 5 o menos, canta «Bacan» ahora, antes de robar.",
                    "If you think your row adds up to 5 or less, call “Bacan” now, before drawing.",
                ),
                W(
                    "Roba la carta de arriba del mazo y mírala en secreto. Desde tu segundo turno de la ronda "
                    "también puedes tomar la carta de arriba del descarte.",
                    "Draw the top card of the deck and look at it in secret. From your second turn of the round "
                    "you may instead take the top card of the discard pile.",
                ),
                W(
                    "Con la carta del mazo: cámbiala por una de tu fila (la que sale va boca arriba al "
                    "descarte), descártala sin más, o, si es de poder o un comodín, usa su poder y descártala.",
                    "With the deck card: swap it for one in your row (the card it replaces goes face up to the "
                    "discard pile), discard it as it is, or, if it is a power card or a comodín, use its power "
                    "and discard it.",
                ),
                W(
                    "La carta tomada del descarte siempre se cambia por una de tu fila; si es de poder, ahí no "
                    "tiene poder.",
                    "A card taken from the discard pile is always swapped into your row; a power card taken "
                    "that way has no power.",
                ),
                W(
                    "Le toca al siguiente jugador. Si se acaba el mazo, se mezcla el descarte y se forma uno nuevo.",
                    "The next player's turn. If the deck runs out, the discard pile is shuffled into a new one.",
                ),
            )
        ),
        Para(
            W(
                "Espejos, la parte de velocidad: mientras una carta está arriba del descarte, cualquiera puede "
                "tirar encima una carta de su fila que sea igual (el mismo número, el mismo poder, o comodín "
                "con comodín), aunque no sea su turno, hasta que el siguiente jugador robe. Tu fila queda con "
                "una carta menos. Con el espejo ajeno descartas una carta de otro jugador y le das una tuya a "
                "cambio. Si fallas, la carta se enseña a todos, vuelve a su sitio y robas una carta de castigo "
                "al final de tu fila.",
                "Mirrors, the speed part: while a card is on top of the discard pile, anyone may throw onto it "
                "an equal card from their row (the same number, the same power, or comodín on comodín), even "
                "out of turn, until the next player draws. Your row is one card shorter. With a steal-mirror "
                "you discard another player's card and give them one of yours in exchange. If you are wrong, "
                "the card is shown to everyone, goes back, and you take a penalty card at the end of your row.",
            )
        ),
    ),
    scoring=(
        Para(
            W(
                "Cuando alguien canta Bacan, todos revelan su fila y la suman: números su número, cartas de "
                "poder 10, comodín −1.",
                "When someone calls Bacan, everyone reveals their row and adds it up: numbers their number, "
                "power cards 10, comodín −1.",
            )
        ),
        Bullets(
            (
                W(
                    "Bacan exitoso: tu fila suma 5 o menos y es la más baja de todas. Restas 5 puntos (puedes "
                    "quedar por debajo de 0) y no sumas tu fila; los demás suman la suya.",
                    "Successful Bacan: your row adds up to 5 or less and is the lowest of all. You subtract 5 "
                    "points (you may go below 0) and do not add your row; everyone else adds theirs.",
                ),
                W(
                    "Empatado o superado: tu fila suma 5 o menos, pero alguien tiene lo mismo o menos. Todos "
                    "suman su fila, tú también.",
                    "Tied or beaten: your row adds up to 5 or less, but someone has as much or less. Everyone "
                    "adds their row, you too.",
                ),
                W(
                    "Bacan fallido: tu fila suma más de 5. Sumas tu fila más una carta de castigo robada del "
                    "mazo; los demás suman la suya.",
                    "Failed Bacan: your row adds up to more than 5. You add your row plus a penalty card drawn "
                    "from the deck; everyone else adds theirs.",
                ),
                W(
                    "Super Bacan: si cantas con una fila de exactamente los tres comodines, ganas la partida "
                    "en el acto.",
                    "Super Bacan: if you call with a row of exactly the three comodines, you win the match on "
                    "the spot.",
                ),
            )
        ),
        Para(
            W(
                "Quien llega al límite queda eliminado; la siguiente ronda la reparte el siguiente jugador. Si "
                "todos los que quedan caen en la misma ronda, gana quien tenga menos puntos.",
                "Whoever reaches the limit is eliminated; the next round is dealt by the next player. If all "
                "the players still in fall in the same round, the lowest score wins.",
            )
        ),
    ),
    examples=(
        Example(
            title=W("Un Bacan que sale bien", "A Bacan that works"),
            blocks=(
                Cards(
                    ("amarillo-2", "comodin", "rojo-3"),
                    W("La fila de Ana: suma {fig:ana_row}.", "Ana's row: it adds up to {fig:ana_row}."),
                ),
                Cards(
                    ("azul-7", "verde-espia", "rojo-1"),
                    W("La fila de Beto: suma {fig:beto_row}.", "Beto's row: it adds up to {fig:beto_row}."),
                ),
                Cards(
                    ("violeta-5", "azul-4", "verde-2", "amarillo-6"),
                    W("La fila de Carla: suma {fig:carla_row}.", "Carla's row: it adds up to {fig:carla_row}."),
                ),
                Para(
                    W(
                        "Ana tiene 20 puntos y canta Bacan al empezar su turno. Su fila suma {fig:ana_row}: 5 o "
                        "menos, y menos que la de cada uno de los demás. Resta 5 y queda con {fig:ana_score}. "
                        "Beto suma {fig:beto_row} y Carla {fig:carla_row}.",
                        "Ana has 20 points and calls Bacan at the start of her turn. Her row adds up to "
                        "{fig:ana_row}: 5 or less, and less than each of the others. She subtracts 5 and ends on "
                        "{fig:ana_score}. Beto "
                        "adds {fig:beto_row} and Carla {fig:carla_row}.",
                    )
                ),
            ),
            position={
                "rows": [
                    ["amarillo-2", "comodin", "rojo-3"],
                    ["azul-7", "verde-espia", "rojo-1"],
                    ["violeta-5", "azul-4", "verde-2", "amarillo-6"],
                ],
                "scores": [20, 35, 12],
                "current": 0,
            },
            moves=((0, {"type": "call_bacan"}),),
            figures={"ana_row": 4, "beto_row": 18, "carla_row": 17, "ana_score": 15},
        ),
        Example(
            title=W("Un Bacan empatado", "A tied Bacan"),
            blocks=(
                Cards(
                    ("rojo-1", "verde-2"),
                    W("La fila de Ana: suma {fig:ana_row}.", "Ana's row: it adds up to {fig:ana_row}."),
                ),
                Cards(
                    ("azul-1", "comodin", "amarillo-3"),
                    W("La fila de Beto: suma {fig:beto_row}.", "Beto's row: it adds up to {fig:beto_row}."),
                ),
                Para(
                    W(
                        "Ana canta Bacan con {fig:ana_row}, pero Beto tiene lo mismo: nadie se libra. Ana suma "
                        "{fig:ana_change} y Beto {fig:beto_change}.",
                        "Ana calls Bacan with {fig:ana_row}, but Beto has the same: nobody is spared. Ana adds "
                        "{fig:ana_change} and Beto {fig:beto_change}.",
                    )
                ),
            ),
            position={"rows": [["rojo-1", "verde-2"], ["azul-1", "comodin", "amarillo-3"]], "current": 0},
            moves=((0, {"type": "call_bacan"}),),
            figures={"ana_row": 3, "beto_row": 3, "ana_change": 3, "beto_change": 3},
        ),
        Example(
            title=W("Un espejo", "A mirror"),
            blocks=(
                Cards(("azul-5",), W("Arriba del descarte.", "On top of the discard pile.")),
                Cards(
                    (None, "verde-5", None, None),
                    W(
                        "La fila de Beto: él recuerda que su segunda carta es el {card:verde-5}.",
                        "Beto's row: he remembers that his second card is the {card:verde-5}.",
                    ),
                ),
                Para(
                    W(
                        "Antes de que Carla robe, Beto tira su {card:verde-5} encima del {card:azul-5}: es el "
                        "mismo número, así que acierta. Su fila pasa de {fig:before} a {fig:after} cartas y "
                        "pierde 5 puntos. Si se hubiera equivocado, la carta volvería a su sitio y robaría una "
                        "carta de castigo.",
                        "Before Carla draws, Beto throws his {card:verde-5} onto the {card:azul-5}: the same "
                        "number, so he is right. His row goes from {fig:before} to {fig:after} cards and loses "
                        "5 points. Had he been wrong, the card would go back and he would take a penalty card.",
                    )
                ),
            ),
            position={
                "rows": [
                    ["rojo-2", "azul-3", "verde-4", "amarillo-1"],
                    ["rojo-6", "verde-5", "violeta-7", "amarillo-2"],
                    ["azul-6", "rojo-4", "verde-1", "violeta-3"],
                ],
                "discard": ["azul-5"],
                "current": 2,
                "peeked": {1: [1]},
            },
            moves=((1, {"type": "mirror", "slot": 1}),),
            figures={"before": 4, "after": 3},
        ),
    ),
    options=(
        OptionGuide(
            "limit",
            W(
                "Los puntos a los que un jugador queda eliminado: 150 es la partida normal, 100 la intermedia "
                "y 50 la rápida.",
                "The points at which a player is eliminated: 150 is the normal match, 100 the intermediate "
                "and 50 the quick one.",
            ),
        ),
        OptionGuide(
            "anti_bacan",
            W(
                "Quien cae justo en el límite gana la partida en lugar de quedar eliminado.",
                "A player who lands exactly on the limit wins the match instead of being eliminated.",
            ),
        ),
        OptionGuide(
            "memory",
            W(
                "Clásica: una carta que miras se enseña un momento y vuelve boca abajo; recordarla es el "
                "juego. Asistida: tu pantalla sigue mostrando las cartas que has visto, salvo las que otro "
                "haya movido.",
                "Classic: a card you look at is shown for a moment and turns face down again; remembering it "
                "is the game. Assisted: your screen keeps showing the cards you have seen, except those "
                "someone else has moved.",
            ),
        ),
        OptionGuide(
            "discard_draw_from_lap",
            W(
                "Desde qué turno de la ronda se puede tomar la carta del descarte: con 2, desde tu segundo "
                "turno; con 1, siempre que haya descarte.",
                "From which turn of the round the discard may be taken: with 2, from your second turn; with 1, "
                "whenever there is a discard.",
            ),
        ),
        OptionGuide(
            "joker_power",
            W(
                "En cualquier lugar: el comodín conserva su poder en tu fila y en el descarte, y puedes usar "
                "uno de tu fila al empezar tu turno en vez de robar. Solo al robar: como las cartas de poder, "
                "solo al sacarlo del mazo.",
                "Anywhere: the comodín keeps its power in your row and on the discard pile, and you may use "
                "one from your row at the start of your turn instead of drawing. Only when drawn: like the "
                "power cards, only when it comes from the deck.",
            ),
        ),
        OptionGuide(
            "mirror_match",
            W(
                "Por cara: el espejo pide el mismo número o el mismo poder. Por puntos: basta con que valgan "
                "lo mismo, así que cualquier carta de poder espeja a otra.",
                "By face: a mirror needs the same number or the same power. By points: being worth the same is "
                "enough, so any power card mirrors any other.",
            ),
        ),
    ),
)
