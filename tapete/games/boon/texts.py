"""Boon in words: the rules (es/en), actions, events and a terminal rendering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine import Event

from . import actions as act
from .cards import FACE_TO_ID, card_label

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


def face_label(face: str, lang: str) -> str:
    """A face token as people read it ("oro-14" -> "oro 14" / "gold 14")."""
    return card_label(FACE_TO_ID[face], _lang(lang)) if face in FACE_TO_ID else face


def cards_label(faces: list[str], lang: str) -> str:
    return ", ".join(face_label(f, lang) for f in faces) or "—"


def rules_text(lang: str) -> str:
    return RULES_ES if _lang(lang) == "es" else RULES_EN


def describe_action(action: int, lang: str) -> str:
    es = _lang(lang) == "es"
    if action == act.DEAL:
        return "Repartir la siguiente ronda" if es else "Deal the next round"
    if action == act.PASS:
        return "Pasar la Bendición" if es else "Pass the Boon"
    if action == act.TAKE:
        return "Tomar la Bendición (sin verla)" if es else "Take the Boon (blind)"
    card = card_label(act.card_of(action), _lang(lang))
    if act.is_bury(action):
        return f"Enterrar {card}" if es else f"Bury {card}"
    return f"Jugar {card}" if es else f"Play {card}"


def describe_event(event: Event, lang: str) -> str:
    d = event.data
    es = _lang(lang) == "es"
    who = seat_name(d.get("seat"), lang)
    simple: dict[str, tuple[str, str]] = {
        "pass": (f"{who} pasa la Bendición.", f"{who} passes the Boon."),
        "take": (f"{who} toma la Bendición y jugará solo.", f"{who} takes the Boon and plays alone."),
        "buried": (f"{who} entierra una carta ({d.get('count')}).", f"{who} buries a card ({d.get('count')})."),
        "leaster": (
            "Todos pasan: Modo Menor. La Bendición queda apartada.",
            "Everyone passes: a Leaster. The Boon is set aside.",
        ),
    }
    if event.kind in simple:
        return simple[event.kind][0 if es else 1]
    if event.kind == "deal":
        dealer = seat_name(d["dealer"], lang)
        return f"Ronda {d['round']}: reparte {dealer}." if es else f"Round {d['round']}: {dealer} deals."
    if event.kind in ("hand", "boon"):
        cards = cards_label(d["cards"], lang)
        if event.kind == "hand":
            return f"Tu mano: {cards}." if es else f"Your hand: {cards}."
        return f"La Bendición tenía: {cards}." if es else f"The Boon held: {cards}."
    if event.kind in ("bury", "play"):
        card = face_label(d["card"], lang)
        verb = {"bury": ("entierra", "buries"), "play": ("juega", "plays")}[event.kind][0 if es else 1]
        return f"{who} {verb} {card}."
    if event.kind == "trick":
        winner = seat_name(d["winner"], lang)
        if es:
            return f"{winner} gana la baza ({d['points']} puntos)."
        return f"{winner} wins the trick ({d['points']} points)."
    if event.kind == "round_end":
        return describe_result(d, lang)
    if event.kind == "match_end":
        names = ", ".join(seat_name(w, lang) for w in d["winners"])
        return f"Fin de la partida. Gana: {names}." if es else f"The match is over. Winner: {names}."
    return event.kind


def _transfers(transfers: list[list[int]], lang: str) -> str:
    parts = [f"{seat_name(a, lang)} → {seat_name(b, lang)}: {c}" for a, b, c in transfers]
    return "; ".join(parts) or ("nadie paga" if _lang(lang) == "es" else "nobody pays")


def describe_result(r: Mapping[str, Any], lang: str) -> str:
    """A round's count and payouts in one paragraph."""
    es = _lang(lang) == "es"
    pays = _transfers(r["transfers"], lang)
    if r["leaster"]:
        points = ", ".join(f"{s}: {p}" for s, p in enumerate(r["points"]))
        if r["winner"] is None:
            if es:
                return f"Modo Menor (puntos {points}): empate, nadie cobra."
            return f"Leaster (points {points}): tied, nobody is paid."
        winner = seat_name(r["winner"], lang)
        if es:
            return f"Modo Menor (puntos {points}): gana {winner}. {pays}."
        return f"Leaster (points {points}): {winner} wins. {pays}."
    taker = seat_name(r["taker"], lang)
    band = BANDS[_lang(lang)][r["band"]]
    if es:
        return (
            f"{taker} (solitario) hace {r['taker_points']} puntos ({r['buried_points']} enterrados) y "
            f"{r['taker_tricks']} bazas; la defensa {r['defender_points']}. Franja: {band}. {pays}."
        )
    return (
        f"{taker} (taker) makes {r['taker_points']} points ({r['buried_points']} buried) and "
        f"{r['taker_tricks']} tricks; the defenders {r['defender_points']}. Band: {band}. {pays}."
    )


def _plays(plays: list[dict[str, Any]], lang: str) -> str:
    return ", ".join(f"{face_label(p['card'], lang)} ({p['seat']})" for p in plays) or "—"


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
