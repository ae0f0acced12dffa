"""Boon as a player's guide (es/en): what the rules pages and `tapete rules` teach first."""

from __future__ import annotations

from tapete.games.guide import Bullets, Cards, Example, Guide, OptionGuide, Para, Steps, Words

W = Words

GUIDE = Guide(
    summary=W(
        "Juego de bazas para 3 o 4 jugadores, basado en el Sheepshead: quien toma la Bendición (Boon) juega "
        "solo contra todos los demás.",
        "A trick-taking game for 3 or 4 players, built on Sheepshead: whoever takes the Boon plays alone "
        "against everyone else.",
    ),
    goal=(
        Para(
            W(
                "Cada jugador empieza con 5 cartas de victoria, que pasan de mano en mano según el resultado de "
                "cada ronda. La partida termina cuando alguien se queda sin cartas de victoria: gana quien tiene "
                "más en ese momento.",
                "Each player starts with 5 victory cards, which change hands by each round's result. The match "
                "ends when someone runs out of victory cards: whoever has the most at that moment wins.",
            )
        ),
    ),
    cards_title=W("Las cartas", "The cards"),
    cards=(
        Para(
            W(
                "32 cartas de juego en cuatro palos. Azul, verde y rojo tienen 6 cartas cada uno (del 1 al 6). "
                "Oro es el palo de triunfo: 14 cartas (del 1 al 14), y cualquier oro gana a cualquier carta de "
                "otro palo. El rango decide quién gana la baza; los puntos son otra cosa.",
                "32 play cards in four suits. Blue, green and red have 6 cards each (1 to 6). Gold (oro) is the "
                "trump suit: 14 cards (1 to 14), and any gold card beats any card of another suit. Rank decides "
                "who wins a trick; points are another matter.",
            )
        ),
        Cards(
            ("azul-4", "verde-5", "rojo-6"),
            W(
                "Puntos: el 4 vale 4, el 5 vale 10 y el 6 vale 11, en todos los palos; el 1, el 2 y el 3 no "
                "valen nada.",
                "Points: a 4 is worth 4, a 5 is 10 and a 6 is 11, in every suit; 1, 2 and 3 are worth nothing.",
            ),
        ),
        Cards(
            ("oro-7", "oro-11", "oro-14"),
            W(
                "En oro, además, del 7 al 10 valen 2 y del 11 al 14 valen 3. El oro 14 es la carta más alta "
                "del juego. En total hay 120 puntos.",
                "In gold, also, 7 to 10 are worth 2 and 11 to 14 are worth 3. Gold 14 is the highest card of "
                "the game. There are 120 points in all.",
            ),
        ),
    ),
    turn=(
        Para(
            W(
                "Con 3 jugadores se quitan el verde 1 y el rojo 1 y se reparten 9 cartas a cada uno; sobran 3, "
                "que forman la Bendición. Con 4 jugadores se reparten 7 a cada uno y la Bendición tiene 4.",
                "With 3 players the green 1 and red 1 are removed and everyone gets 9 cards; 3 are left over "
                "and form the Boon. With 4 players everyone gets 7 and the Boon holds 4.",
            )
        ),
        Steps(
            (
                W(
                    "La Bendición: empezando por el jugador que sigue al que reparte, cada uno la toma o pasa, "
                    "sin verla. Quien la toma la añade a su mano y entierra tantas cartas como tenía (boca "
                    "abajo, en su montón de puntos: cuentan para él). Ahora juega solo contra los demás, que "
                    "forman la defensa.",
                    "The Boon: starting with the player after the dealer, each takes it or passes, without "
                    "seeing it. Whoever takes it adds it to their hand and buries as many cards as it held (face "
                    "down, into their points pile: they count for them). They now play alone against the others, "
                    "who form the defence.",
                ),
                W(
                    "Sale a la primera baza el jugador que sigue al que reparte; después, quien ganó la baza anterior.",
                    "The player after the dealer leads the first trick; after that, whoever won the last trick.",
                ),
                W(
                    "Cada uno juega una carta. Tienes que seguir el palo de la primera carta si puedes (el oro "
                    "cuenta como un palo); si no puedes, juega la que quieras. No estás obligado a fallar con "
                    "oro ni a ganar.",
                    "Each player plays one card. You must follow the suit of the first card if you can (gold "
                    "counts as a suit); if you cannot, play any card. You need not trump or beat.",
                ),
                W(
                    "Gana la baza el oro más alto; si no hay oro, la carta más alta del palo de salida. Quien "
                    "gana se lleva las cartas a su montón de puntos.",
                    "The highest gold card wins the trick; with no gold, the highest card of the suit led. The "
                    "winner takes the cards into their points pile.",
                ),
            )
        ),
        Para(
            W(
                "Si todos pasan la Bendición, la ronda es de Modo Menor: la Bendición no cuenta para nadie y "
                "cada uno juega por su cuenta, intentando sumar los menos puntos, pero ganando al menos una baza.",
                "If everyone passes the Boon, the round is a Leaster: the Boon counts for nobody and everyone "
                "plays alone, trying to score the fewest points while winning at least one trick.",
            )
        ),
    ),
    scoring=(
        Para(
            W(
                "Al final de la ronda se cuentan los puntos del jugador solitario (sus bazas y lo que enterró) "
                "y los de la defensa, juntos; suman 120. Cada defensor paga o cobra cartas de victoria al "
                "solitario según su puntuación:",
                "At the end of the round the taker's points (their tricks and what they buried) and the "
                "defenders' points, pooled, are counted; they add up to 120. Each defender pays or collects "
                "victory cards from the taker by the taker's score:",
            )
        ),
        Bullets(
            (
                W(
                    "el solitario ganó todas las bazas: cada defensor le da 3;",
                    "the taker won every trick: each defender gives them 3;",
                ),
                W("91 o más: cada defensor le da 2;", "91 or more: each defender gives them 2;"),
                W("de 61 a 90: cada defensor le da 1;", "61 to 90: each defender gives them 1;"),
                W(
                    "de 31 a 60: el solitario da 1 a cada defensor (60 es una derrota);",
                    "31 to 60: the taker gives each defender 1 (60 is a loss);",
                ),
                W("30 o menos: les da 2 a cada uno;", "30 or less: they give each 2;"),
                W("ninguna baza: les da 3 a cada uno.", "no trick at all: they give each 3."),
            )
        ),
        Para(
            W(
                "En el Modo Menor gana quien menos puntos tiene entre los que ganaron alguna baza (con empate, "
                "quien ganó menos bazas), y cada uno de los demás le da 1 carta de victoria. Quien debe más "
                "cartas de las que tiene, paga las que tiene.",
                "In a Leaster the winner is the player with the fewest points among those who won a trick (on "
                "a tie, fewer tricks), and each other player gives them 1 victory card. A player who owes more "
                "cards than they have pays what they have.",
            )
        ),
    ),
    examples=(
        Example(
            title=W("El oro manda", "Gold rules"),
            blocks=(
                Cards(
                    ("verde-5", "verde-6"),
                    W(
                        "Ana sale con el {card:verde-5} y Beto sigue el palo con el {card:verde-6}.",
                        "Ana leads the {card:verde-5} and Beto follows suit with the {card:verde-6}.",
                    ),
                ),
                Cards(("oro-2", "rojo-6"), W("La mano de Carla.", "Carla's hand.")),
                Para(
                    W(
                        "Carla no tiene verde, así que puede jugar cualquier carta. Juega el {card:oro-2}: el "
                        "oro más bajo gana al verde más alto, y Carla se lleva la baza con sus {fig:points} "
                        "puntos (10 + 11 + 0).",
                        "Carla has no green, so she may play any card. She plays the {card:oro-2}: the lowest "
                        "gold beats the highest green, and Carla takes the trick with its {fig:points} points "
                        "(10 + 11 + 0).",
                    )
                ),
            ),
            position={
                "hands": [["rojo-2"], ["azul-2"], ["oro-2", "rojo-6"]],
                "trick": ["verde-5", "verde-6"],
                "leader": 0,
                "taker": 1,
                "buried": ["azul-1", "azul-3", "oro-1"],
                "tricks_won": [3, 2, 2],
            },
            moves=((2, {"type": "play", "card": "oro-2"}),),
            figures={"points": 21, "winner": 2},
        ),
        Example(
            title=W("Los pagos de una ronda", "A round's payments"),
            blocks=(
                Cards(
                    ("azul-5", "rojo-5", "verde-5"),
                    W(
                        "Ana tomó la Bendición y enterró estas tres cartas: {fig:buried} puntos.",
                        "Ana took the Boon and buried these three cards: {fig:buried} points.",
                    ),
                ),
                Cards(
                    ("oro-14", "azul-6", "verde-4"),
                    W(
                        "La última baza: Ana la gana con el {card:oro-14}.",
                        "The last trick: Ana wins it with the {card:oro-14}.",
                    ),
                ),
                Para(
                    W(
                        "Con sus bazas y lo enterrado, Ana suma {fig:taker_points} puntos y la defensa "
                        "{fig:defence_points}. Eso está entre 61 y 90: Beto y Carla le dan 1 carta de victoria "
                        "cada uno. Ana pasa de 5 a {fig:ana_victory}; Beto y Carla se quedan con "
                        "{fig:beto_victory}.",
                        "With her tricks and what she buried, Ana has {fig:taker_points} points and the defence "
                        "{fig:defence_points}. That is between 61 and 90: Beto and Carla each give her 1 victory "
                        "card. Ana goes from 5 to {fig:ana_victory}; Beto and Carla are left with "
                        "{fig:beto_victory}.",
                    )
                ),
            ),
            position={
                "hands": [[], [], ["verde-4"]],
                "trick": ["oro-14", "azul-6"],
                "leader": 0,
                "taker": 0,
                "buried": ["azul-5", "rojo-5", "verde-5"],
                "piles": [
                    ["oro-6", "oro-5", "oro-4", "oro-7", "azul-2", "azul-3"],
                    ["azul-1", "azul-4", "verde-2", "verde-3", "verde-6", "rojo-2", "rojo-3", "rojo-4", "rojo-6"],
                    ["oro-1", "oro-2", "oro-3", "oro-8", "oro-9", "oro-10", "oro-11", "oro-12", "oro-13"],
                ],
                "tricks_won": [2, 3, 3],
            },
            moves=((2, {"type": "play", "card": "verde-4"}),),
            figures={"buried": 30, "taker_points": 75, "defence_points": 45, "ana_victory": 7, "beto_victory": 4},
        ),
        Example(
            title=W("Un Modo Menor", "A Leaster"),
            blocks=(
                Cards(
                    ("azul-5", "verde-5", "rojo-5"),
                    W(
                        "Todos pasaron: la Bendición queda aparte y no cuenta para nadie.",
                        "Everyone passed: the Boon is set aside and counts for nobody.",
                    ),
                ),
                Cards(
                    ("azul-1", "azul-2", "azul-3"),
                    W("La única baza que ganó Ana.", "The only trick Ana won."),
                ),
                Cards(
                    ("oro-1", "oro-14", "oro-2"),
                    W(
                        "La última baza: Beto la gana con el {card:oro-14}.",
                        "The last trick: Beto wins it with the {card:oro-14}.",
                    ),
                ),
                Para(
                    W(
                        "Al final Ana tiene {fig:ana_points} puntos en {fig:ana_tricks} baza, Beto "
                        "{fig:beto_points} y Carla {fig:carla_points}. Ana tiene menos puntos y ganó al menos una "
                        "baza: gana la ronda, y Beto y Carla le dan 1 carta de victoria cada uno. Ana pasa a "
                        "{fig:ana_victory}.",
                        "In the end Ana has {fig:ana_points} points from {fig:ana_tricks} trick, Beto "
                        "{fig:beto_points} and Carla {fig:carla_points}. Ana has the fewest points and won at least "
                        "one trick: she wins the round, and Beto and Carla each give her 1 victory card. Ana goes "
                        "up to {fig:ana_victory}.",
                    )
                ),
            ),
            position={
                "hands": [[], [], ["oro-2"]],
                "trick": ["oro-1", "oro-14"],
                "leader": 0,
                "leaster": True,
                "buried": ["azul-5", "verde-5", "rojo-5"],
                "piles": [
                    ["azul-1", "azul-2", "azul-3"],
                    ["azul-4", "azul-6", "verde-2", "verde-3", "verde-4", "verde-6", "rojo-2", "rojo-3", "rojo-4"],
                    ["rojo-6", *(f"oro-{rank}" for rank in range(3, 14))],
                ],
                "tricks_won": [1, 3, 4],
            },
            moves=((2, {"type": "play", "card": "oro-2"}),),
            figures={"ana_points": 0, "ana_tricks": 1, "beto_points": 37, "carla_points": 53, "ana_victory": 7},
        ),
    ),
    options=(
        OptionGuide(
            "payouts",
            W(
                "Cuántas cartas de victoria pasan entre el solitario y cada defensor en cada franja de puntos: "
                "todas las bazas, 91 o más, de 61 a 90, de 31 a 60, 30 o menos y ninguna baza. Un número "
                "positivo lo paga cada defensor; uno negativo lo paga el solitario.",
                "How many victory cards pass between the taker and each defender in each band of points: every "
                "trick, 91 or more, 61 to 90, 31 to 60, 30 or less and no trick. A positive number is paid by "
                "each defender; a negative one by the taker.",
            ),
        ),
    ),
)
