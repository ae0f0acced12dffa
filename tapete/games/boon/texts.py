"""Boon in words: the rules (es/en), actions, events and a terminal rendering."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine import Event, State
from tapete.engine.messages import Card, Cards, Catalogue, Lines, Message, Player, Players, Reader, Term, msg

from . import actions as act
from .cards import FACES, face_name

RULES_ES = """\
# Boon

Juego de bazas para **3 o 4 jugadores**, basado en el Sheepshead. Quien toma
la Bendición (el *Boon*) juega solo contra todos los demás; se gana la
partida teniendo más cartas de victoria cuando alguien se queda sin ellas.

## Cartas
- **BOO-1** 32 cartas de juego en cuatro palos: azul, verde y rojo (palos
  comunes, 6 cartas cada uno, rangos 1–6) y **oro**, el triunfo, con 14
  cartas (rangos 1–14). Cualquier oro gana a cualquier otra carta; el oro 14
  es la carta más alta del juego.
- **BOO-2** Puntos: en cada palo común, 1, 2 y 3 valen 0; 4 vale 4; 5 vale 10;
  6 vale 11. En oro: 1–3 valen 0; 4 vale 4; 5 vale 10; 6 vale 11; 7–10 valen
  2 cada uno; 11–14 valen 3 cada uno. La baraja suma **120** puntos.
- **BOO-3** Hay 20 cartas de victoria; cada jugador empieza con 5.

## Una ronda
- **BOO-4** Con 3 jugadores se retiran el verde 1 y el rojo 1 (valen 0) y se
  reparten 9 cartas a cada uno: las 3 restantes forman la Bendición. Con 4
  jugadores se reparten 7 a cada uno y la Bendición tiene 4 cartas. El primer
  repartidor se sortea; luego el reparto pasa al siguiente jugador.
- **BOO-5** Empezando por el jugador a la izquierda del repartidor, cada uno
  toma la Bendición o pasa, **sin verla**. El primero que la toma la añade a
  su mano y entierra (boca abajo, en su pila de puntos) tantas cartas como
  tenía la Bendición: cualesquiera, también oros. Los puntos enterrados
  cuentan para él. Quien la toma juega solo contra los demás, que forman la
  defensa.
- **BOO-6** Si todos pasan, la ronda se juega en **Modo Menor** (BOO-11).
- **BOO-7** Sale a la primera baza el jugador a la izquierda del repartidor.
  Cada uno juega una carta por turno. Hay que **seguir el palo** de salida (el
  oro también es un palo) si se puede; si no, se juega cualquier carta. No es
  obligatorio fallar con oro ni superar.
- **BOO-8** Gana la baza el oro más alto; si no hay oro, la carta más alta del
  palo de salida. El ganador se lleva la baza a su pila de puntos y sale a la
  siguiente.

## Pagos
- **BOO-9** Tras la última baza, los puntos del solitario (bazas + enterradas)
  y los de la defensa (juntos) suman 120. Cada defensor liquida con el
  solitario según la tabla (opción `payouts`, por defecto `3,2,1,-1,-2,-3`):
  si el solitario ganó **todas** las bazas, cada defensor le da 3 cartas de
  victoria; con 91 o más, 2; con 61–90, 1; con 31–60 el solitario da 1 a cada
  defensor; con 30 o menos, 2; si no ganó **ninguna** baza, 3. Los casos de
  todas y ninguna baza se miran primero. Hacer 60 es perder.
- **BOO-10** Quien debe más cartas de victoria de las que tiene paga todas las
  que tiene; el solitario que paga a varios defensores entrega una carta cada
  vez, en orden de turno empezando por su izquierda.

## Modo Menor
- **BOO-11** La Bendición se aparta y no cuenta para nadie; cada uno juega
  solo. Gana quien tenga menos puntos entre los que ganaron al menos una baza;
  si empatan, quien ganó menos bazas; si siguen empatados, nadie cobra. Cada
  uno de los demás le da 1 carta de victoria al ganador.

## Fin
- **BOO-12** Se juegan rondas hasta que, tras los pagos, algún jugador se
  queda sin cartas de victoria. Gana quien tenga más cartas de victoria; un
  empate comparte la victoria.

## Aclaraciones de tapete
- Entre rondas, el siguiente repartidor reparte con la acción *repartir*, de
  modo que se puede ver la última baza y el recuento.
- Las cartas enterradas se muestran a todos en el recuento, al final de la
  ronda; la Bendición apartada en Modo Menor sigue boca abajo.
- Con 3 jugadores hay 15 cartas de victoria en juego (5 cada uno); las otras
  5 se quedan en la caja.
- Todos saben qué palos le faltan a quien no siguió el palo; los bots que
  buscan (ISMCTS) lo respetan al imaginar las manos ajenas.
"""

RULES_EN = """\
# Boon

A trick-taking game for **3 or 4 players**, built on Sheepshead. Whoever
takes the Boon plays alone against everyone else; the match is won by having
the most victory cards when someone runs out of them.

## Cards
- **BOO-1** 32 play cards in four suits: azul (blue), verde (green) and rojo
  (red), the side suits with 6 cards each ranked 1–6, and **oro** (gold), the
  trump suit, with 14 cards ranked 1–14. Every gold card beats every other
  card; gold 14 is the highest card in the game.
- **BOO-2** Points: in each side suit 1, 2 and 3 are worth 0; 4 is 4; 5 is 10;
  6 is 11. In gold: 1–3 are 0; 4 is 4; 5 is 10; 6 is 11; 7–10 are 2 each;
  11–14 are 3 each. The deck totals **120** points.
- **BOO-3** There are 20 victory cards; each player starts with 5.

## A round
- **BOO-4** With 3 players verde 1 and rojo 1 are removed (both worth 0) and
  each player gets 9 cards: the 3 left over form the Boon. With 4 players
  each gets 7 and the Boon holds 4. The first dealer is drawn at random; the
  deal then passes to the next player.
- **BOO-5** Starting left of the dealer, each player in turn takes the Boon or
  passes, **without seeing it**. The first to take it adds it to their hand
  and buries (face down, into their own points pile) as many cards as the
  Boon held: any cards, gold included. Buried points count for them. The
  taker plays alone against everyone else as one defending side.
- **BOO-6** If all pass, the round is a **Leaster** (BOO-11).
- **BOO-7** The player left of the dealer leads the first trick. Each player
  in turn plays one card. You must **follow the suit led** (gold counts as a
  suit) if you can; if you cannot, play any card. There is no duty to trump
  or to beat.
- **BOO-8** The highest gold card wins the trick; with no gold in it, the
  highest card of the suit led. The winner takes the trick into their points
  pile and leads the next.

## Payouts
- **BOO-9** After the last trick the taker's points (tricks + buried) and the
  defenders' (pooled) sum to 120. Each defender settles with the taker by the
  table (option `payouts`, default `3,2,1,-1,-2,-3`): taker won **every**
  trick → each defender gives 3 victory cards; taker 91 or more → 2; 61–90 →
  1; 31–60 → the taker gives each defender 1; 30 or less → 2; taker won **no**
  trick → 3. The every-trick and no-trick cases are checked first. 60 is a
  loss for the taker.
- **BOO-10** A player who owes more victory cards than they hold pays all they
  have; a taker paying several defenders pays one card at a time, in turn
  order from their left.

## Leaster
- **BOO-11** The Boon is set aside and counts for nobody; everyone plays
  alone. The winner is the player with the fewest points among those who won
  at least one trick; ties go to fewer tricks; still tied, nobody is paid.
  Every other player gives the winner 1 victory card.

## End
- **BOO-12** Rounds go on until, after payouts, some player has no victory
  cards. The player with the most victory cards wins; a tie shares the win.

## tapete's clarifications
- Between rounds the next dealer deals with the *deal* action, so the last
  trick and the count can be looked at first.
- Buried cards are shown to everyone at the count, at the end of the round;
  a Leaster's set-aside Boon stays face down.
- With 3 players 15 victory cards are in play (5 each); the other 5 stay in
  the box.
- Everyone knows which suits a player lacks once they failed to follow suit;
  searching bots (ISMCTS) respect it when they imagine the others' hands.
"""

BANDS = {
    "es": ("todas las bazas", "91 o más", "61–90", "31–60", "30 o menos", "ninguna baza"),
    "en": ("every trick", "91 or more", "61–90", "31–60", "30 or less", "no trick"),
}
PHASE_NAMES = {
    "es": {"bid": "la Bendición", "bury": "enterrar", "play": "bazas", "round_over": "recuento", "over": "fin"},
    "en": {"bid": "the Boon", "bury": "burying", "play": "tricks", "round_over": "count", "over": "over"},
}


def _lang(lang: str) -> str:
    return "es" if lang == "es" else "en"


def seat_name(seat: int | None, lang: str) -> str:
    return f"{'Asiento' if _lang(lang) == 'es' else 'Seat'} {seat}"


def cards_label(faces: list[str], lang: str) -> str:
    return ", ".join(face_name(f, lang) for f in faces) or "—"


def rules_text(lang: str) -> str:
    return RULES_ES if _lang(lang) == "es" else RULES_EN


MESSAGES: dict[str, dict[str, str]] = {
    # moves
    "act.deal": {"es": "Repartir la siguiente ronda", "en": "Deal the next round"},
    "act.pass": {"es": "Pasar la Bendición", "en": "Pass the Boon"},
    "act.take": {"es": "Tomar la Bendición (sin verla)", "en": "Take the Boon (blind)"},
    "act.bury": {"es": "Enterrar {card}", "en": "Bury {card}"},
    "act.play": {"es": "Jugar {card}", "en": "Play {card}"},
    # events
    "pass": {"es": "{p:{p} pasa|Pasas} la Bendición.", "en": "{p} {p:passes|pass} the Boon."},
    "take": {
        "es": "{p:{p} toma|Tomas} la Bendición y {p:jugará|jugarás} solo.",
        "en": "{p} {p:takes|take} the Boon and {p:plays|play} alone.",
    },
    "buried": {
        "es": "{p:{p} entierra|Entierras} una carta ({count} de {of}).",
        "en": "{p} {p:buries|bury} a card ({count} of {of}).",
    },
    # the buryer also reads its private "bury" line with the card: its own public line counts instead
    "buried.n": {
        "es": "{p:{p} entierra una carta|Llevas {count:# carta enterrada|# cartas enterradas}}.",
        "en": "{p:{p} buries a card|You have buried {count:# card|# cards}}.",
    },
    "leaster": {
        "es": "Todos pasan: Modo Menor. La Bendición queda apartada.",
        "en": "Everyone passes: a Leaster. The Boon is set aside.",
    },
    "deal": {"es": "Ronda {round}: {p:reparte {p}|repartes tú}.", "en": "Round {round}: {p} {p:deals|deal}."},
    "hand": {"es": "Tu mano: {cards}.", "en": "Your hand: {cards}."},
    "boon": {"es": "La Bendición tenía: {cards}.", "en": "The Boon held: {cards}."},
    "bury": {"es": "Entierras {card}.", "en": "You bury {card}."},
    "play": {"es": "{p:{p} juega|Juegas} {card}.", "en": "{p} {p:plays|play} {card}."},
    "trick": {
        "es": "{p:{p} gana|Ganas} la baza ({points:# punto|# puntos}).",
        "en": "{p} {p:wins|win} the trick ({points:# point|# points}).",
    },
    "result.leaster_tie": {
        "es": "Modo Menor: empate, nadie cobra.",
        "en": "Leaster: a tie, nobody is paid.",
    },
    "result.leaster": {"es": "Modo Menor: {p:gana {p}|ganas tú}.", "en": "Leaster: {p} {p:wins|win}."},
    "result.side_points": {"es": "  {p}: {points:# punto|# puntos}", "en": "  {p}: {points:# point|# points}"},
    "result.taker": {
        "es": "{p} (solitario): {points:# punto|# puntos} ({buried} enterrados), {tricks:# baza|# bazas}.",
        "en": "{p} (taker): {points:# point|# points} ({buried} buried), {tricks:# trick|# tricks}.",
    },
    "result.defenders": {
        "es": "La defensa: {points:# punto|# puntos}.",
        "en": "The defenders: {points:# point|# points}.",
    },
    "result.band": {"es": "Franja: {band}.", "en": "Band: {band}."},
    "result.pays": {
        "es": "  {from:{from} paga|Pagas} {n:# ficha|# fichas} a {to:{to}|ti}.",
        "en": "  {from} {from:pays|pay} {to} {n:# chip|# chips}.",
    },
    "result.nobody_pays": {"es": "  Nadie paga.", "en": "  Nobody pays."},
    "result.payments": {"es": "Pagos:", "en": "Payments:"},
}

TERMS = {f"band.{i}": {"es": BANDS["es"][i], "en": BANDS["en"][i]} for i in range(len(BANDS["es"]))}

CATALOGUE = Catalogue(MESSAGES, face_name, TERMS)


def action_message(state: State, action: int) -> Message:
    """A move as a message: Boon's moves say what they are by themselves."""
    simple = {act.DEAL: "act.deal", act.PASS: "act.pass", act.TAKE: "act.take"}
    if action in simple:
        return msg(simple[action])
    card = Card(FACES[act.card_of(action)])
    return msg("act.bury" if act.is_bury(action) else "act.play", card=card)


def event_message(event: Event) -> Message | Lines:
    d = event.data
    kind = event.kind
    who = Player(d["seat"]) if isinstance(d.get("seat"), int) else None
    if kind in ("pass", "take"):
        return msg(kind, p=who)
    if kind == "buried":
        return msg("buried.n", p=who, count=d["count"])
    if kind == "leaster":
        return msg(kind)
    if kind == "deal":
        return msg("deal", round=d["round"], p=Player(d["dealer"]))
    if kind in ("hand", "boon"):
        return msg(kind, cards=Cards(tuple(d["cards"])))
    if kind in ("bury", "play"):
        return msg(kind, p=who, card=Card(d["card"]))
    if kind == "trick":
        return msg("trick", p=Player(d["winner"]), points=d["points"])
    if kind == "round_end":
        return result_lines(d)
    if kind == "match_end":
        winners = Players(tuple(d["winners"]))
        return msg("match.shared" if len(winners.seats) > 1 else "match.over", winners=winners)
    raise KeyError(f"no message for the Boon event {kind!r}")


def result_lines(r: Mapping[str, Any]) -> Lines:
    """A round's count and each payment, one line each."""
    lines: list[Message] = []
    if r["leaster"]:
        if r["winner"] is None:
            lines.append(msg("result.leaster_tie"))
        else:
            lines.append(msg("result.leaster", p=Player(r["winner"])))
        lines.extend(msg("result.side_points", p=Player(s), points=p) for s, p in enumerate(r["points"]))
    else:
        lines.append(
            msg(
                "result.taker",
                p=Player(r["taker"]),
                points=r["taker_points"],
                buried=r["buried_points"],
                tricks=r["taker_tricks"],
            )
        )
        lines.append(msg("result.defenders", points=r["defender_points"]))
        lines.append(msg("result.band", band=Term(f"band.{r['band']}")))
    lines.append(msg("result.payments"))
    if r["transfers"]:
        lines.extend(msg("result.pays", n=c, **{"from": Player(a), "to": Player(b)}) for a, b, c in r["transfers"])
    else:
        lines.append(msg("result.nobody_pays"))
    return Lines(tuple(lines))


def describe_result(
    r: Mapping[str, Any], lang: str, names: Sequence[str] | None = None, seat: int | None = None
) -> str:
    """A round's result as the catalogue says it, for one reader."""
    return CATALOGUE.render(result_lines(r), Reader(lang, names, seat))


def _plays(plays: list[dict[str, Any]], lang: str) -> str:
    return ", ".join(f"{face_name(p['card'], lang)} ({p['seat']})" for p in plays) or "—"


def render_text(view: Mapping[str, Any], lang: str) -> str:
    es = _lang(lang) == "es"
    n = view["num_players"]
    phase = PHASE_NAMES[_lang(lang)][view["phase"]]
    lines = [
        f"Boon — {'ronda' if es else 'round'} {view['round']} · {'reparte' if es else 'dealer'}: "
        f"{seat_name(view['dealer'], lang)} · {'fase' if es else 'phase'}: {phase}",
        f"{'Cartas de victoria' if es else 'Victory cards'}: "
        + "  ".join(f"{s}: {view['scores'][s]}" for s in range(n)),
    ]
    if view["taker"] is not None:
        lines.append(f"{'Solitario' if es else 'Taker'}: {seat_name(view['taker'], lang)}")
    elif view["leaster"]:
        lines.append("Modo Menor" if es else "Leaster")
    elif view["passed"]:
        lines.append(f"{'Pasan' if es else 'Passed'}: " + ", ".join(str(s) for s in view["passed"]))
    lines.append(
        f"{'Bazas ganadas' if es else 'Tricks won'}: " + "  ".join(f"{s}: {view['tricks_won'][s]}" for s in range(n))
    )
    if view["last_trick"]:
        last = view["last_trick"]
        lines.append(f"{'Última baza' if es else 'Last trick'}: {_plays(last['cards'], lang)} → {last['winner']}")
    if view["phase"] == "play":
        lines.append(f"{'Baza' if es else 'Trick'}: {_plays(view['trick'], lang)}")
    if view.get("buried"):
        lines.append(f"{'Enterradas' if es else 'Buried'}: {cards_label(view['buried'], lang)}")
    if view["seat"] is not None:
        lines.append(f"{'Tu mano' if es else 'Your hand'}: {cards_label(view['hand'], lang)}")
    if view["last_result"] and view["phase"] in ("round_over", "over"):
        lines.append(describe_result(view["last_result"], lang))
    if view["over"]:
        names = ", ".join(seat_name(w, lang) for w in view["winners"])
        lines.append(f"{'Ganadores' if es else 'Winners'}: {names}")
    elif view["turn"] is not None:
        lines.append(f"{'Turno' if es else 'Turn'}: {seat_name(view['turn'], lang)}")
    return "\n".join(lines)
