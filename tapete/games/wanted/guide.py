"""WANTED as a player's guide (es/en): what the rules pages and `tapete rules` teach first."""

from __future__ import annotations

from tapete.games.guide import Bullets, Cards, Example, Guide, OptionGuide, Para, Steps, Words

W = Words

GUIDE = Guide(
    summary=W(
        "Duelos del Salvaje Oeste con cartas y dados, de 2 a 10 jugadores, en tres modalidades: Duelo, "
        "Tiroteo y Pandillas.",
        "Wild West fights with cards and dice, for 2 to 10 players, in three modes: Duelo (duel), Tiroteo "
        "(shootout) and Pandillas (gangs).",
    ),
    goal=(
        Para(
            W(
                "Cada carta es un forajido buscado. Enfrenta a los tuyos con los de los demás y quédate con los "
                "forajidos derrotados: al final, gana quien suma la mayor recompensa por ellos.",
                "Every card is a wanted outlaw. Pit yours against the others' and keep the outlaws you defeat: "
                "at the end, the highest total reward for them wins.",
            )
        ),
    ),
    cards_title=W("Los forajidos", "The outlaws"),
    cards=(
        Para(
            W(
                "54 cartas: una baraja inglesa (picas ♠, corazones ♥, tréboles ♣ y diamantes ♦) y dos Jokers. "
                "Cada forajido tiene un nombre, una habilidad, una recompensa y, casi todos, un incremento (un "
                "palo contra el que es fuerte) y un decremento (un palo contra el que es débil).",
                "54 cards: an English deck (spades ♠, hearts ♥, clubs ♣ and diamonds ♦) and two Jokers. "
                "Each outlaw has a name, a skill, a reward and, most of them, an advantage (a suit it is strong "
                "against) and a weakness (a suit it is weak against).",
            )
        ),
        Cards(
            ("2-diamantes", "10-treboles", "J-picas", "K-corazones", "joker-rojo"),
            W(
                "Habilidad: del 2 al 5 tienen 0, del 6 al 9 tienen 1, el 10 tiene 2, J y Q 6, K y A 7, el Joker "
                "8. Recompensa: el número de la carta; J 12, Q 13, K 14, A 15 y el Joker 25.",
                "Skill: 2 to 5 have 0, 6 to 9 have 1, the 10 has 2, J and Q 6, K and A 7, the Joker 8. Reward: "
                "the card's number; J 12, Q 13, K 14, A 15 and the Joker 25.",
            ),
        ),
        Bullets(
            (
                W(
                    "Los palos se cazan en círculo: ♣ caza a ♦, ♦ a ♠, ♠ a ♥ y ♥ a ♣.",
                    "Suits hunt each other in a circle: ♣ hunts ♦, ♦ hunts ♠, ♠ hunts ♥ and ♥ hunts ♣.",
                ),
                W(
                    "Incremento: +2 por cada carta rival del palo que tu carta caza.",
                    "Advantage: +2 for each rival card of the suit your card hunts.",
                ),
                W(
                    "Decremento (solo las cartas del 2 al 10): −1 por cada carta rival del palo que caza al tuyo.",
                    "Weakness (only cards 2 to 10): −1 for each rival card of the suit that hunts yours.",
                ),
                W(
                    "Los Jokers no tienen palo, ni incremento ni decremento.",
                    "Jokers have no suit, no advantage and no weakness.",
                ),
            )
        ),
    ),
    turn=(
        Para(
            W(
                "Se reparten 5 cartas a cada uno. Cada batalla tiene cuatro fases:",
                "Everyone is dealt 5 cards. Each battle has four phases:",
            )
        ),
        Steps(
            (
                W(
                    "Preparar al forajido: todos eligen a la vez, boca abajo, su carta (en Pandillas, tres). "
                    "Nadie ve lo que eligen los demás hasta que todos han elegido.",
                    "Ready the outlaw: everyone chooses at the same time, face down, their card (three in "
                    "Pandillas). Nobody sees another's choice until all have chosen.",
                ),
                W(
                    "Preparar revólveres: se tira un dado de seis caras por cada carta.",
                    "Ready the revolvers: one six-sided die is rolled for each card.",
                ),
                W(
                    "Disparos: se revelan las cartas. El total de cada carta es su habilidad más su dado más "
                    "sus incrementos y decrementos.",
                    "Shots: the cards are revealed. Each card's total is its skill plus its die plus its "
                    "advantages and weaknesses.",
                ),
                W(
                    "Cobrar recompensa: al acabar las batallas, cada uno suma las recompensas de los forajidos "
                    "derrotados que se llevó.",
                    "Collect the reward: after the last battle, each player adds up the rewards of the defeated "
                    "outlaws they took.",
                ),
            )
        ),
        Bullets(
            (
                W(
                    "Duelo (2 jugadores, 5 batallas): gana el total más alto. Cada uno guarda su carta: la "
                    "ganadora boca arriba y la perdedora boca abajo. Al final cada uno cobra las cartas boca "
                    "abajo de su rival. En un empate las dos pierden.",
                    "Duel (2 players, 5 battles): the higher total wins. Each keeps their own card: the winner "
                    "face up and the loser face down. At the end each player collects the rival's face-down "
                    "cards. On a tie both lose.",
                ),
                W(
                    "Tiroteo (3 a 10 jugadores, 5 batallas): gana el total más alto y se lleva boca abajo todas "
                    "las cartas perdedoras. Si empatan los totales más altos, todas las cartas de esa batalla "
                    "salen del juego.",
                    "Shootout (3 to 10 players, 5 battles): the highest total wins and takes every losing card "
                    "face down. If the highest totals tie, all the cards of that battle leave the game.",
                ),
                W(
                    "Pandillas (2 a 10 jugadores): cada uno juega tres cartas. En cada pandilla, la carta con "
                    "más habilidad más dado es el líder, y solo el líder recibe incrementos y decrementos. Gana "
                    "la pandilla con el total más alto y se lleva todas las cartas de las demás. Cada reparto es "
                    "una sola batalla; se juegan 3 repartos (si no se elige otro número). Si empatan "
                    "pandillas, cada empatado descarta una de "
                    "sus cartas y se vuelve a contar.",
                    "Gangs (2 to 10 players): everyone plays three cards. In each gang, the card with the "
                    "highest skill plus die is the leader, and only the leader gets advantages and weaknesses. "
                    "The highest gang total wins and takes every card of the other gangs. Each deal is a single "
                    "battle; 3 deals are played (unless another number is chosen). If gangs tie, each tied "
                    "player discards one of their cards and "
                    "the totals are counted again.",
                ),
            )
        ),
    ),
    scoring=(
        Para(
            W(
                "Gana quien suma más recompensa con los forajidos que cobró. Si hay empate, los empatados "
                "toman sus cartas ganadoras (las que quedaron boca arriba) como mano nueva y juegan otra vez, "
                "contando solo las batallas nuevas; en Pandillas, donde cada reparto junta otra vez las cartas, "
                "el desempate es un reparto nuevo entre los empatados. Tras 3 desempates sin resolver, "
                "comparten la victoria.",
                "The highest total reward for the outlaws collected wins. On a tie, the tied players take "
                "their winning cards (those left face up) as a new hand and play again, counting only the new "
                "battles; in Gangs, where every deal gathers the cards again, the replay is a fresh deal among "
                "the tied players. After 3 replays still tied, they share the win.",
            )
        ),
    ),
    examples=(
        Example(
            title=W("Un duelo", "A duel"),
            blocks=(
                Cards(
                    ("2-picas", "2-diamantes"),
                    W(
                        "Ana juega el {card:2-picas} y saca un {fig:ana_die}; Beto juega el {card:2-diamantes} "
                        "y saca un {fig:beto_die}.",
                        "Ana plays the {card:2-picas} and rolls {fig:ana_die}; Beto plays the "
                        "{card:2-diamantes} and rolls {fig:beto_die}.",
                    ),
                ),
                Para(
                    W(
                        "Los dos tienen habilidad 0. Los diamantes cazan a las picas: el 2 de Ana pierde 1 "
                        "({fig:ana_modifier}) y el de Beto gana 2 (+{fig:beto_modifier}). Ana suma "
                        "{fig:ana_total} y Beto {fig:beto_total}: gana Beto. Su carta queda boca arriba y la de "
                        "Ana boca abajo, que Beto cobrará al final.",
                        "Both have skill 0. Diamonds hunt spades: Ana's 2 loses 1 ({fig:ana_modifier}) and "
                        "Beto's gains 2 (+{fig:beto_modifier}). Ana totals {fig:ana_total} and Beto "
                        "{fig:beto_total}: Beto wins. His card stays face up and Ana's goes face down, for Beto "
                        "to collect at the end.",
                    )
                ),
            ),
            position={
                "hands": [
                    ["2-picas", "K-corazones", "7-treboles", "Q-diamantes", "4-picas"],
                    ["2-diamantes", "A-treboles", "9-corazones", "5-picas", "J-diamantes"],
                ],
                "dice": [[2, 1], [3, 4], [5, 2], [1, 6], [4, 3]],
                "options": {"mode": "duelo"},
            },
            moves=((0, {"type": "commit", "card": "2-picas"}), (1, {"type": "commit", "card": "2-diamantes"})),
            figures={
                "ana_die": 2,
                "beto_die": 1,
                "ana_modifier": -1,
                "beto_modifier": 2,
                "ana_total": 1,
                "beto_total": 3,
            },
        ),
        Example(
            title=W("Un tiroteo", "A shootout"),
            blocks=(
                Cards(
                    ("2-diamantes", "J-picas", "2-picas", "10-treboles"),
                    W(
                        "Ana, Beto, Carla y Dani juegan estas cartas y sacan {fig:ana_die}, {fig:beto_die}, "
                        "{fig:carla_die} y {fig:dani_die}.",
                        "Ana, Beto, Carla and Dani play these cards and roll {fig:ana_die}, {fig:beto_die}, "
                        "{fig:carla_die} and {fig:dani_die}.",
                    ),
                ),
                Para(
                    W(
                        "El {card:2-diamantes} de Ana gana 2 por cada pica (+4) y pierde 1 por el trébol: "
                        "+{fig:ana_modifier}, total {fig:ana_total}. La {card:J-picas} de Beto ni gana ni "
                        "pierde: 6 + {fig:beto_die} = {fig:beto_total}. El {card:2-picas} de Carla pierde 1 "
                        "por el diamante: {fig:carla_total}. El {card:10-treboles} de Dani gana 2 por el "
                        "diamante: 2 + {fig:dani_die} + 2 = {fig:dani_total}. Gana Ana y se lleva boca abajo "
                        "las otras tres cartas.",
                        "Ana's {card:2-diamantes} gains 2 for each spade (+4) and loses 1 to the club: "
                        "+{fig:ana_modifier}, total {fig:ana_total}. Beto's {card:J-picas} neither gains nor "
                        "loses: 6 + {fig:beto_die} = {fig:beto_total}. Carla's {card:2-picas} loses 1 to the "
                        "diamond: {fig:carla_total}. Dani's {card:10-treboles} gains 2 from the diamond: 2 + "
                        "{fig:dani_die} + 2 = {fig:dani_total}. Ana wins and takes the other three cards face "
                        "down.",
                    )
                ),
            ),
            position={
                "hands": [
                    ["2-diamantes", "3-corazones", "4-treboles", "5-diamantes", "6-picas"],
                    ["J-picas", "3-treboles", "4-corazones", "5-treboles", "6-diamantes"],
                    ["2-picas", "3-diamantes", "4-picas", "5-corazones", "6-treboles"],
                    ["10-treboles", "3-picas", "4-diamantes", "5-picas", "6-corazones"],
                ],
                "dice": [[6, 1, 5, 3], [2, 4, 6, 1], [3, 3, 2, 5], [4, 6, 1, 2], [5, 2, 4, 6]],
                "options": {"mode": "tiroteo"},
            },
            moves=(
                (0, {"type": "commit", "card": "2-diamantes"}),
                (1, {"type": "commit", "card": "J-picas"}),
                (2, {"type": "commit", "card": "2-picas"}),
                (3, {"type": "commit", "card": "10-treboles"}),
            ),
            figures={
                "ana_die": 6,
                "beto_die": 1,
                "carla_die": 5,
                "dani_die": 3,
                "ana_modifier": 3,
                "ana_total": 9,
                "beto_total": 7,
                "carla_total": 4,
                "dani_total": 7,
                "winner": 0,
            },
        ),
        Example(
            title=W("Pandillas", "Gangs"),
            blocks=(
                Cards(("Q-treboles", "3-corazones", "5-picas"), W("La pandilla de Ana.", "Ana's gang.")),
                Cards(("J-picas", "10-treboles", "2-diamantes"), W("La pandilla de Beto.", "Beto's gang.")),
                Para(
                    W(
                        "Ana saca {fig:die_Q-treboles} con la {card:Q-treboles}, {fig:die_3-corazones} con el "
                        "{card:3-corazones} y {fig:die_5-picas} con el {card:5-picas}. Su líder es la "
                        "{card:Q-treboles}, que tiene la mayor habilidad más dado (6 + {fig:die_Q-treboles}), y "
                        "solo ella recibe incrementos: +{fig:ana_modifier} por el {card:2-diamantes} de Beto. "
                        "Total de Ana: {fig:ana_total}.",
                        "Ana rolls {fig:die_Q-treboles} for the {card:Q-treboles}, {fig:die_3-corazones} for the "
                        "{card:3-corazones} and {fig:die_5-picas} for the {card:5-picas}. Her leader is the "
                        "{card:Q-treboles}, with the highest skill plus die (6 + {fig:die_Q-treboles}), and only "
                        "it gets advantages: +{fig:ana_modifier} for Beto's {card:2-diamantes}. Ana's total: "
                        "{fig:ana_total}.",
                    )
                ),
                Para(
                    W(
                        "Beto saca {fig:die_J-picas} con la {card:J-picas}, {fig:die_10-treboles} con el "
                        "{card:10-treboles} y {fig:die_2-diamantes} con el {card:2-diamantes}. Su líder es la "
                        "{card:J-picas} (6 + {fig:die_J-picas}), que gana +{fig:beto_modifier} por el "
                        "{card:3-corazones} de Ana. El {card:10-treboles} cazaría al {card:2-diamantes}, pero "
                        "no es líder y no recibe nada. Total de Beto: {fig:beto_total}. Gana Beto y se lleva "
                        "las tres cartas de Ana.",
                        "Beto rolls {fig:die_J-picas} for the {card:J-picas}, {fig:die_10-treboles} for the "
                        "{card:10-treboles} and {fig:die_2-diamantes} for the {card:2-diamantes}. His leader is "
                        "the {card:J-picas} (6 + {fig:die_J-picas}), which gains +{fig:beto_modifier} for Ana's "
                        "{card:3-corazones}. The {card:10-treboles} would hunt a diamond, but it is not the leader "
                        "and gets nothing. Beto's total: {fig:beto_total}. Beto wins and takes Ana's three cards.",
                    )
                ),
            ),
            position={
                "hands": [
                    ["Q-treboles", "3-corazones", "5-picas", "7-diamantes", "9-corazones"],
                    ["J-picas", "2-diamantes", "10-treboles", "4-corazones", "8-picas"],
                ],
                "dice": [[2, 4, 1, 6, 3, 4]],
                "options": {"mode": "pandillas", "deals": 1},
            },
            moves=(
                (0, {"type": "commit", "card": "Q-treboles"}),
                (0, {"type": "commit", "card": "3-corazones"}),
                (0, {"type": "commit", "card": "5-picas"}),
                (1, {"type": "commit", "card": "J-picas"}),
                (1, {"type": "commit", "card": "2-diamantes"}),
                (1, {"type": "commit", "card": "10-treboles"}),
            ),
            figures={
                "die_Q-treboles": 1,
                "die_3-corazones": 4,
                "die_5-picas": 2,
                "die_J-picas": 6,
                "die_10-treboles": 3,
                "die_2-diamantes": 4,
                "ana_modifier": 2,
                "ana_total": 15,
                "beto_modifier": 2,
                "beto_total": 23,
                "winner": 1,
            },
        ),
    ),
    options=(
        OptionGuide(
            "mode",
            W(
                "Duelo: dos jugadores, carta contra carta. Tiroteo: de 3 a 10 jugadores, todos contra todos. "
                "Pandillas: de 2 a 10 jugadores, tres cartas cada uno.",
                "Duel: two players, card against card. Shootout: 3 to 10 players, everyone against everyone. "
                "Gangs: 2 to 10 players, three cards each.",
            ),
        ),
        OptionGuide(
            "deals",
            W(
                "Solo en Pandillas: cuántos repartos (de una batalla cada uno) dura la partida.",
                "Pandillas only: how many deals (one battle each) the match lasts.",
            ),
        ),
        OptionGuide(
            "replays",
            W(
                "Cuántas veces, como mucho, se desempata jugando otra vez; si sigue el empate, los empatados "
                "comparten la victoria.",
                "At most how many times a tie is played off again; if still tied, the tied players share the win.",
            ),
        ),
    ),
)
