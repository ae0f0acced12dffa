"""Bacan in words: the rules (es/en), actions, events and a terminal view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tapete.engine import Event

from .actions import (
    CALL,
    DEAL,
    DISCARD,
    DRAW_DECK,
    DRAW_DISCARD,
    EXCHANGE,
    GIVE,
    INITIAL_ROW,
    MAX_ROW,
    MIRROR,
    MIRROR_OTHER,
    PEEK,
    PLUS_ONE,
    ROW_JOKER,
    SECRET,
    SPY,
    SWAP,
)
from .cards import FACE, JOKER_FACE, face_name

if TYPE_CHECKING:
    from .rules import BacanState

RULES_ES = f"""# Bacan

Juego de memoria y velocidad para 2 a 8 jugadores. Objetivo: quedarte con
pocos puntos en tus cartas boca abajo. Quien llega al límite queda eliminado;
gana quien quede en juego.

## Mazo y valores
- **BAC-1** 58 cartas: 5 palos (colores: rojo, azul, verde, amarillo,
  violeta) × (números 1–7 + cuatro cartas de poder: Secreto, Espía,
  Intercambio, +1) + 3 comodines. Los palos no tienen efecto.
- **BAC-2** Al sumar: un número vale su número, una carta de poder 10, un
  comodín −1.
- **BAC-3** De 2 a 8 jugadores.

## Partida
- **BAC-4** Los puntos empiezan en 0 y se acumulan ronda a ronda. Quien
  llega al límite (o lo supera) queda eliminado; gana el último en juego.
  Opción `limit`: 150 (normal), 100 (intermedia), 50 (rápida) u otro.
- **BAC-5** Si todos los que quedan se eliminan en la misma ronda, gana el
  de menos puntos; si empatan, comparten la victoria.
- **BAC-6** Opción `anti_bacan`: quien cae justo en el límite gana la
  partida en vez de quedar eliminado (varios a la vez comparten).

## Una ronda
- **BAC-7** El primer repartidor es al azar; cada ronda reparte el
  siguiente en juego (a la derecha). Se reparten 4 cartas boca abajo en fila
  a cada jugador. Las posiciones no cambian salvo por los efectos de abajo:
  una carta nueva (castigo, +1) se añade al final de la fila a la derecha, y
  una posición vaciada por un espejo desaparece. *Tope:* una fila tiene como
  mucho {MAX_ROW} cartas. No se puede dar +1 a una fila llena, y quien debe
  una carta de castigo con la fila llena suma en su lugar 10 puntos de
  castigo a su fila (cuentan en su total al final de la ronda).
- **BAC-8** Quien reparte elige N de 0 a 4; luego cada jugador, todos a la
  vez, elige N de sus posiciones y las mira en secreto (con N = 4 se miran
  todas sin elegir). Entre una ronda y otra, las filas de la ronda anterior
  quedan a la vista hasta que el nuevo repartidor elige N.
- **BAC-9** Empieza el jugador a la derecha del repartidor; los turnos
  siguen hacia la derecha.
- **BAC-10** Memoria: lo que viste es tuyo para recordar. Opción `memory`:
  `classic` (la carta mirada se muestra un momento y vuelve boca abajo) o
  `assisted` (tu vista sigue mostrando las cartas que conoces, salvo las que
  otro jugador haya movido desde entonces). Los movimientos (Intercambio,
  espejo ajeno) se hacen delante de todos: quien conocía una carta puede
  seguirla con la vista y recordarla en su nuevo lugar.

## Un turno
- **BAC-11** Solo se canta Bacan al empezar tu turno, antes de robar.
- **BAC-12** Roba la carta de arriba del mazo y mírala en secreto; o, desde
  tu segundo turno de la ronda, toma la carta de arriba del descarte.
  Opción `discard_draw_from_lap` (2; con 1 se puede siempre que haya
  descarte).
- **BAC-13** Con la carta robada del mazo: cámbiala por una de tus
  posiciones (boca abajo) y descarta boca arriba la reemplazada; o
  descártala directamente; o, si es de poder o comodín, usa su poder y va
  al descarte.
- **BAC-14** La carta tomada del descarte debe cambiarse por una de tus
  posiciones (se descarta la reemplazada), así que sin cartas en tu fila no
  puedes tomarla. Una carta de poder tomada así no tiene poder.
- **BAC-15** Si hay que robar y el mazo está vacío, todo el descarte se
  mezcla y forma el mazo nuevo. Si aun así no hay nada, la ronda termina y
  todos suman su fila (sin bonificación de Bacan).

## Poderes
- **BAC-16** Una carta de poder solo tiene poder si se usa nada más robarla
  del mazo; en una fila o en el descarte es una carta de 10. Usada, va al
  descarte (boca arriba, a la vista de todos).
- **BAC-17** Secreto: mira una de tus posiciones. Espía: mira una posición
  de otro jugador.
- **BAC-18** Intercambio: cambia dos posiciones de dos jugadores distintos
  (una puede ser tuya), sin mirarlas. Se eligen una y después la otra.
- **BAC-19** +1: otro jugador, a tu elección, roba la carta de arriba del
  mazo a una posición nueva sin mirarla.
- **BAC-20** Comodín: imita cualquiera de los cuatro poderes o se queda como
  carta de −1. Mantiene su poder en la fila o en el descarte: se puede usar
  al robarlo del mazo, al tomarlo del descarte (si no está gastado), o desde
  tu fila al empezar tu turno en lugar de robar (lo muestras, usas el poder
  y va al descarte; tu fila pierde esa posición). Usado como poder queda
  gastado (un −1 normal). Al mezclarse en un mazo nuevo vuelve a estar
  fresco. Si declaras un comodín de tu fila y no lo es (o está gastado), se
  muestra a todos, vuelve a su sitio y robas una carta de castigo, como en
  un espejo fallido; tu turno sigue. Opción `joker_power` = `anywhere` |
  `drawn_only` (solo al robarlo del mazo).

## Espejos — la parte de velocidad
- **BAC-21** Mientras una carta está viva arriba del descarte, cualquier
  jugador en juego puede espejarla, aunque no sea su turno. Coinciden la
  misma cara: el mismo número, el mismo poder, o comodín con comodín
  (opción `mirror_match` = `points`: coinciden los mismos puntos, así que
  todas las cartas de poder coinciden entre sí). La carta espejada queda
  arriba y la ventana sigue abierta. La ventana se cierra cuando el jugador
  de turno roba (o canta Bacan).
  - Espejo: descarta una de tus posiciones encima. Tu fila pierde una.
  - Autoespejo: lo mismo, hecho por quien acaba de descartar.
  - Espejo ajeno: descarta una posición de otro jugador; si acertaste, le
    das una de tus posiciones (a tu elección) boca abajo en el hueco. Tu
    fila pierde una; la suya conserva el tamaño.
- **BAC-22** Varios jugadores pueden reclamar la misma ventana: se resuelve
  primero el primero en llegar, y los siguientes se juzgan contra la carta
  que esté arriba en ese momento.
- **BAC-23** Espejo fallido: la carta se muestra a todos y vuelve a su sitio
  (el de su dueño en el espejo ajeno); quien reclamó roba una carta de
  castigo del mazo a una posición nueva sin mirarla (con la fila llena: 10
  puntos de castigo, BAC-7).

## Cantar Bacan y puntuar
- **BAC-24** Al empezar tu turno puedes cantar «Bacan». Se revelan todas las
  filas y se suman (BAC-2, más los puntos de castigo).
- **BAC-25** Super Bacan: si tu fila es exactamente los tres comodines y
  nada más, ganas la partida en el acto.
- **BAC-26** Bacan exitoso: tu total es ≤ 5 y menor que el de todos los
  demás. Restas 5 puntos (puedes bajar de 0) y no sumas tu fila; los demás
  suman la suya.
- **BAC-27** Bacan fallido: tu total es > 5. Sumas tu fila más el valor de
  una carta de castigo robada del mazo (se muestra y va al descarte); los
  demás suman la suya.
- **BAC-28** Empate o superado: tu total es ≤ 5 pero alguien tiene igual o
  menos. Todos suman su fila, tú también.
- **BAC-29** Después de puntuar se comprueban eliminaciones y el final de la
  partida (BAC-4..6), y se reparte una ronda nueva.
- **BAC-30** «Bacan a una mano» necesita manos y una mesa: no se juega.
"""

RULES_EN = f"""# Bacan

A memory and speed game for 2 to 8 players. Aim: keep the points of your
face-down cards low. A player reaching the limit is eliminated; the last one
left wins.

## Deck and values
- **BAC-1** 58 cards: 5 suits (colours: red, blue, green, yellow, purple) ×
  (numbers 1–7 + four power cards: Secreto, Espía, Intercambio, +1) + 3
  comodines (jokers). Suits have no effect.
- **BAC-2** When scoring: a number is worth its number, a power card 10, a
  comodín −1.
- **BAC-3** 2 to 8 players.

## Match
- **BAC-4** Scores start at 0 and add up round by round. A player reaching
  the limit (or more) is eliminated; the last one left wins. Option `limit`:
  150 (normal), 100 (intermediate), 50 (quick) or any other.
- **BAC-5** If everyone left is eliminated in the same round, the lowest
  score wins; equal lowest scores share the win.
- **BAC-6** Option `anti_bacan`: a player landing exactly on the limit wins
  the match instead of being eliminated (several at once share).

## A round
- **BAC-7** The first dealer is random; each round the deal passes to the
  next seat in play (to the right). Everyone gets 4 cards face down in a
  row. Slots never move except through the effects below: a new card
  (penalty, +1) is added at the right end of the row, and a slot emptied by
  a mirror disappears. *Cap:* a row holds at most {MAX_ROW} cards. +1 cannot
  target a full row, and a player owing a penalty card with a full row owes
  10 penalty points instead, counted in their row total at the end of the
  round.
- **BAC-8** The dealer chooses N from 0 to 4; then every player, all at
  once, picks N of their own slots and looks at them privately (with N = 4
  everyone sees their whole row, no choice). Between rounds the last round's
  rows stay revealed until the new dealer chooses N.
- **BAC-9** The player to the dealer's right plays first; turns go right.
- **BAC-10** Memory: what you saw is yours to remember. Option `memory`:
  `classic` (a peeked card is shown for a moment, then face down again) or
  `assisted` (your view keeps showing the cards you know, except those
  another player has moved since). Moves (Intercambio, steal-mirror) happen
  in front of everyone: whoever knew a card may follow it with their eyes
  and remember it in its new place.

## A turn
- **BAC-11** Bacan may only be called at the start of your turn, before
  drawing.
- **BAC-12** Draw the top card of the deck and look at it privately; or,
  from your second turn of the round on, take the top card of the discard
  pile. Option `discard_draw_from_lap` (2; 1 allows it whenever the pile is
  not empty).
- **BAC-13** With a card drawn from the deck: swap it into one of your
  slots (face down) and discard the replaced card face up; or discard it
  directly; or, if it is a power card or a comodín, use its power and it goes
  to the discard pile.
- **BAC-14** A card taken from the discard pile must be swapped into one of
  your slots (the replaced card is discarded), so with an empty row you
  cannot take it. A power card taken this way has no power.
- **BAC-15** When a card must be drawn and the deck is empty, the whole
  discard pile is shuffled into a new deck. If there is still nothing to
  draw, the round ends and everyone adds their row (no Bacan bonus).

## Powers
- **BAC-16** A power card has its power only when used right after being
  drawn from the deck; in a row or on the discard pile it is a 10-point
  card. Used, it goes to the discard pile (face up, seen by all).
- **BAC-17** Secreto: look at one of your own slots. Espía: look at one slot
  of another player.
- **BAC-18** Intercambio: swap two slots of two different players (one may
  be yours) without looking. Pick one slot, then the other.
- **BAC-19** +1: another player of your choice draws the top deck card into
  a new slot without looking.
- **BAC-20** Comodín: imitates any of the four powers or stays as a −1
  card. It keeps its power in a row or on the discard pile: it can be used
  when drawn from the deck, when taken from the discard pile (if not spent),
  or from your row at the start of your turn instead of drawing (show it,
  use the power, discard it; your row loses that slot). Used as a power it
  is spent (a plain −1). A shuffle into a new deck makes it fresh again. If
  you declare a comodín in your row and it is not one (or is spent), it is
  shown to everyone, goes back, and you take a penalty card as for a wrong
  mirror; your turn goes on. Option `joker_power` = `anywhere` |
  `drawn_only` (only when drawn from the deck).

## Mirrors — the speed part
- **BAC-21** While a card is live on top of the discard pile, any player in
  play may mirror it, even out of turn. Cards match by face: the same
  number, the same power, or comodín with comodín (option `mirror_match` =
  `points`: the same points, so all power cards match each other). The
  mirrored card becomes the top and the window stays open. The window
  closes when the player whose turn it is draws (or calls Bacan).
  - Mirror (espejo): discard one of your slots onto it. Your row shrinks.
  - Self-mirror (autoespejo): the same, by the player who just discarded.
  - Steal-mirror (espejo ajeno): discard another player's slot; if right,
    give them one of your slots (your choice) face down into the gap. Your
    row shrinks; theirs keeps its size.
- **BAC-22** Several players may claim the same window: the first claim to
  arrive is resolved first, and later ones are judged against the top of the
  pile as it then stands.
- **BAC-23** A wrong mirror: the card is shown to everyone and goes back to
  its slot (its owner's, for a steal-mirror); the claimant takes a penalty
  card from the deck into a new slot without looking (with a full row: 10
  penalty points, BAC-7).

## Calling Bacan and scoring
- **BAC-24** At the start of your turn you may call "Bacan". Every row is
  revealed and totalled (BAC-2, plus penalty points).
- **BAC-25** Super Bacan: if your row is exactly the three comodines and
  nothing else, you win the match at once.
- **BAC-26** Successful Bacan: your total is ≤ 5 and strictly lower than
  everyone else's. Your score drops by 5 (it may go below 0) and you do not
  add your row; everyone else adds theirs.
- **BAC-27** Failed Bacan: your total is > 5. You add your row plus the
  value of a penalty card drawn from the deck (shown, then discarded);
  everyone else adds theirs.
- **BAC-28** Tied or beaten: your total is ≤ 5 but someone has as much or
  less. Everyone adds their row, you included.
- **BAC-29** After scoring, eliminations and the end of the match are
  checked (BAC-4..6), then a new round is dealt.
- **BAC-30** "Bacan a una mano" (one-handed Bacan) needs hands and a table:
  not played.
"""


def rules_text(lang: str) -> str:
    return RULES_ES if lang == "es" else RULES_EN


# -- words ---------------------------------------------------------------------
def _t(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en


def _seat(lang: str, seat: Any) -> str:
    return _t(lang, f"asiento {seat}", f"seat {seat}")


def _card(face: str | None, lang: str) -> str:
    return face_name(face, lang) if face else "?"


def _slots(slots: list[int], lang: str) -> str:
    words = [str(s + 1) for s in slots]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + _t(lang, " y ", " and ") + words[-1]


def describe_action(state: BacanState, action: int, lang: str) -> str:
    kind, a, b = state.space.table[action]
    top = FACE[state.discard[-1]] if state.discard else None
    if kind == DEAL:
        return _t(lang, f"Que cada uno mire {a} de sus cartas", f"Everyone peeks at {a} of their cards")
    if kind == PEEK:
        slots = [i for i in range(INITIAL_ROW) if a >> i & 1]
        return _t(lang, f"Mirar tus posiciones {_slots(slots, lang)}", f"Peek at your slots {_slots(slots, lang)}")
    if kind == CALL:
        return _t(lang, "¡Cantar Bacan!", "Call Bacan!")
    if kind == DRAW_DECK:
        return _t(lang, "Robar del mazo", "Draw from the deck")
    if kind == DRAW_DISCARD:
        return _t(lang, f"Tomar {_card(top, lang)} del descarte", f"Take {_card(top, lang)} from the discard pile")
    if kind == DISCARD:
        return _t(lang, "Descartar la carta robada", "Discard the drawn card")
    if kind == ROW_JOKER:
        return _t(
            lang,
            f"Usar el comodín de tu posición {a + 1} (si no lo es: castigo)",
            f"Use the comodín in your slot {a + 1} (if it is not one: penalty)",
        )
    if kind == SWAP:
        return _t(
            lang,
            f"Ponerla en tu posición {a + 1} y descartar la que había",
            f"Put it in your slot {a + 1}, discarding what was there",
        )
    if kind == SECRET:
        return _t(lang, f"Secreto: mirar tu posición {a + 1}", f"Secreto: look at your slot {a + 1}")
    if kind == SPY:
        return _t(
            lang,
            f"Espía: mirar la posición {b + 1} del {_seat(lang, a)}",
            f"Espía: look at slot {b + 1} of {_seat(lang, a)}",
        )
    if kind == EXCHANGE:
        if state.phase == "exchange":
            return _t(
                lang,
                f"Intercambio: cambiarla con la posición {b + 1} del {_seat(lang, a)}",
                f"Intercambio: swap it with slot {b + 1} of {_seat(lang, a)}",
            )
        return _t(
            lang,
            f"Intercambio: elegir la posición {b + 1} del {_seat(lang, a)}",
            f"Intercambio: pick slot {b + 1} of {_seat(lang, a)}",
        )
    if kind == PLUS_ONE:
        return _t(lang, f"+1: el {_seat(lang, a)} roba una carta más", f"+1: {_seat(lang, a)} draws one more card")
    if kind == MIRROR:
        return _t(
            lang,
            f"Espejo: tu posición {a + 1} sobre {_card(top, lang)}",
            f"Mirror: your slot {a + 1} onto {_card(top, lang)}",
        )
    if kind == MIRROR_OTHER:
        return _t(
            lang,
            f"Espejo ajeno: la posición {b + 1} del {_seat(lang, a)} sobre {_card(top, lang)}",
            f"Steal-mirror: slot {b + 1} of {_seat(lang, a)} onto {_card(top, lang)}",
        )
    if kind == GIVE:
        target = state.pending[0]
        return _t(
            lang,
            f"Dar tu posición {a + 1} al {_seat(lang, target)}",
            f"Give your slot {a + 1} to {_seat(lang, target)}",
        )
    return str(action)


_POWER_NAMES = {
    "secret": {"es": "Secreto", "en": "Secreto"},
    "spy": {"es": "Espía", "en": "Espía"},
    "exchange": {"es": "Intercambio", "en": "Intercambio"},
    "plus_one": {"es": "+1", "en": "+1"},
}
_RESULTS = {
    "super_bacan": {"es": "¡Super Bacan! Gana la partida", "en": "Super Bacan! Wins the match"},
    "success": {"es": "Bacan exitoso (−5)", "en": "successful Bacan (−5)"},
    "failed": {
        "es": "Bacan fallido (suma su fila y una carta de castigo)",
        "en": "failed Bacan (adds row and a penalty card)",
    },
    "tied": {"es": "Bacan empatado o superado: todos suman", "en": "Bacan tied or beaten: everyone adds"},
    "exhausted": {"es": "no queda nada que robar: todos suman", "en": "nothing left to draw: everyone adds"},
}


def describe_event(event: Event, lang: str) -> str:
    d = event.data
    describe = _EVENT_TEXTS.get(event.kind)
    if describe is None:
        return f"{event.kind} {d}"
    return describe(d, lang)


def _ev_deal(d: Mapping[str, Any], lang: str) -> str:
    return _t(
        lang,
        f"Ronda {d['round']}: reparte el {_seat(lang, d['dealer'])}; cada uno mira {d['peek']} cartas.",
        f"Round {d['round']}: {_seat(lang, d['dealer'])} deals; everyone peeks at {d['peek']} cards.",
    )


def _ev_peek(d: Mapping[str, Any], lang: str) -> str:
    seen = ", ".join(f"{s + 1}: {_card(c, lang)}" for s, c in zip(d["slots"], d["cards"], strict=True))
    return _t(lang, f"Miras tus cartas — {seen}", f"You peek at your cards — {seen}")


def _ev_draw(d: Mapping[str, Any], lang: str) -> str:
    if d["source"] == "deck":
        return _t(
            lang,
            f"El {_seat(lang, d['seat'])} roba del mazo.",
            f"{_seat(lang, d['seat']).capitalize()} draws from the deck.",
        )
    card = _card(d["card"], lang)
    return _t(
        lang,
        f"El {_seat(lang, d['seat'])} toma {card} del descarte.",
        f"{_seat(lang, d['seat']).capitalize()} takes {card} from the discard pile.",
    )


def _ev_drawn(d: Mapping[str, Any], lang: str) -> str:
    return _t(lang, f"Has robado: {_card(d['card'], lang)}", f"You drew: {_card(d['card'], lang)}")


def _ev_discard(d: Mapping[str, Any], lang: str) -> str:
    card = _card(d["card"], lang)
    return _t(
        lang, f"El {_seat(lang, d['seat'])} descarta {card}.", f"{_seat(lang, d['seat']).capitalize()} discards {card}."
    )


def _ev_swap(d: Mapping[str, Any], lang: str) -> str:
    card = _card(d["card"], lang)
    return _t(
        lang,
        f"El {_seat(lang, d['seat'])} cambia su posición {d['slot'] + 1} y descarta {card}.",
        f"{_seat(lang, d['seat']).capitalize()} swaps into slot {d['slot'] + 1} and discards {card}.",
    )


def _ev_row_joker(d: Mapping[str, Any], lang: str) -> str:
    who = _seat(lang, d["seat"])
    if d["ok"]:
        return _t(
            lang,
            f"El {who} revela el comodín de su posición {d['slot'] + 1}.",
            f"{who.capitalize()} reveals the comodín in slot {d['slot'] + 1}.",
        )
    card = _card(d["card"], lang)
    return _t(
        lang,
        f"El {who} declara un comodín en su posición {d['slot'] + 1}, pero es {card}.",
        f"{who.capitalize()} declares a comodín in slot {d['slot'] + 1}, but it is {card}.",
    ) + _penalty_text(d, lang)


def _ev_exchange_pick(d: Mapping[str, Any], lang: str) -> str:
    who, card, slot, target = _seat(lang, d["seat"]), _card(d["card"], lang), d["slot"] + 1, _seat(lang, d["target"])
    return _t(
        lang,
        f"El {who} usa Intercambio ({card}) sobre la posición {slot} del {target}.",
        f"{who.capitalize()} uses Intercambio ({card}) on slot {slot} of {target}.",
    )


def _ev_power(d: Mapping[str, Any], lang: str) -> str:
    who = _seat(lang, d["seat"])
    power = _POWER_NAMES[d["power"]][lang]
    card = _card(d["card"], lang)
    target = _seat(lang, d["target"])
    slot = d["slot"] + 1
    if d["power"] == "secret":
        return _t(
            lang,
            f"El {who} usa {power} ({card}) y mira su posición {slot}.",
            f"{who.capitalize()} uses {power} ({card}) and looks at slot {slot}.",
        )
    if d["power"] == "spy":
        return _t(
            lang,
            f"El {who} usa {power} ({card}) y mira la posición {slot} del {target}.",
            f"{who.capitalize()} uses {power} ({card}) and looks at slot {slot} of {target}.",
        )
    if d["power"] == "exchange":
        other = _seat(lang, d["target2"])
        slot2 = d["slot2"] + 1
        return _t(
            lang,
            f"El {who} intercambia la posición {slot} del {target} con la posición {slot2} del {other}.",
            f"{who.capitalize()} swaps slot {slot} of {target} with slot {slot2} of {other}.",
        )
    return _t(
        lang,
        f"El {who} usa {power} ({card}): el {target} roba una carta más.",
        f"{who.capitalize()} uses {power} ({card}): {target} draws one more card.",
    )


def _ev_look(d: Mapping[str, Any], lang: str) -> str:
    card = _card(d["card"], lang)
    if d["target"] == d["seat"]:
        return _t(lang, f"Tu posición {d['slot'] + 1} es {card}.", f"Your slot {d['slot'] + 1} is {card}.")
    return _t(
        lang,
        f"La posición {d['slot'] + 1} del {_seat(lang, d['target'])} es {card}.",
        f"Slot {d['slot'] + 1} of {_seat(lang, d['target'])} is {card}.",
    )


def _ev_mirror(d: Mapping[str, Any], lang: str) -> str:
    names = {
        "mirror": {"es": "espejo", "en": "mirror"},
        "self_mirror": {"es": "autoespejo", "en": "self-mirror"},
        "mirror_other": {"es": "espejo ajeno", "en": "steal-mirror"},
    }
    who = _seat(lang, d["seat"])
    name = names[d["variant"]][lang]
    card = _card(d["card"], lang)
    where = (
        _t(lang, f"su posición {d['slot'] + 1}", f"their slot {d['slot'] + 1}")
        if d["target"] == d["seat"]
        else _t(
            lang,
            f"la posición {d['slot'] + 1} del {_seat(lang, d['target'])}",
            f"slot {d['slot'] + 1} of {_seat(lang, d['target'])}",
        )
    )
    if d["ok"]:
        return _t(
            lang,
            f"¡{name.capitalize()}! El {who} descarta {where}: {card}.",
            f"{name.capitalize()}! {who.capitalize()} discards {where}: {card}.",
        )
    return _t(
        lang,
        f"{name.capitalize()} fallido del {who}: {where} es {card} y vuelve a su sitio.",
        f"Wrong {name} by {who}: {where} is {card} and goes back.",
    ) + _penalty_text(d, lang)


def _ev_give(d: Mapping[str, Any], lang: str) -> str:
    who, slot, target, to_slot = _seat(lang, d["seat"]), d["slot"] + 1, _seat(lang, d["target"]), d["to_slot"] + 1
    return _t(
        lang,
        f"El {who} da su posición {slot} al {target} (a su posición {to_slot}).",
        f"{who.capitalize()} gives their slot {slot} to {target} (into slot {to_slot}).",
    )


def _penalty_text(d: Mapping[str, Any], lang: str) -> str:
    if d["penalty_points"]:
        points = d["penalty_points"]
        return _t(lang, f" Fila llena: {points} puntos de castigo.", f" Full row: {points} penalty points.")
    if d["penalty_slot"] is not None:
        return _t(lang, " Roba una carta de castigo.", " Takes a penalty card.")
    return ""


def _ev_reshuffle(d: Mapping[str, Any], lang: str) -> str:
    return _t(
        lang,
        f"Se mezcla el descarte: mazo nuevo de {d['size']} cartas.",
        f"The discard pile is shuffled into a new deck of {d['size']} cards.",
    )


def _ev_call(d: Mapping[str, Any], lang: str) -> str:
    return _t(lang, f"¡El {_seat(lang, d['seat'])} canta Bacan!", f"{_seat(lang, d['seat']).capitalize()} calls Bacan!")


def _ev_round_end(d: Mapping[str, Any], lang: str) -> str:
    lines = [_t(lang, f"Fin de la ronda {d['round']}: ", f"End of round {d['round']}: ") + _RESULTS[d["result"]][lang]]
    if d["caller"] is not None:
        lines[0] += _t(lang, f" (canta el {_seat(lang, d['caller'])})", f" (called by {_seat(lang, d['caller'])})")
    for seat, faces in d["rows"].items():
        cards = ", ".join(_card(f, lang) for f in faces) or "—"
        lines.append(f"  {_seat(lang, seat)}: {cards} = {d['totals'][seat]} → {d['deltas'][seat]:+d}")
    if d["penalty_card"]:
        lines.append(
            _t(
                lang,
                f"  Carta de castigo: {_card(d['penalty_card'], lang)}",
                f"  Penalty card: {_card(d['penalty_card'], lang)}",
            )
        )
    lines.append(_t(lang, "  Puntos: ", "  Scores: ") + ", ".join(f"{s}: {p}" for s, p in enumerate(d["scores"])))
    return "\n".join(lines)


def _ev_eliminated(d: Mapping[str, Any], lang: str) -> str:
    seats = ", ".join(str(s) for s in d["seats"])
    return _t(lang, f"Eliminados: {seats}.", f"Eliminated: {seats}.")


def _ev_match_end(d: Mapping[str, Any], lang: str) -> str:
    seats = ", ".join(str(s) for s in d["winners"])
    return _t(lang, f"Fin de la partida. Gana: {seats}.", f"Match over. Winner: {seats}.")


_EVENT_TEXTS = {
    "deal": _ev_deal,
    "peek": _ev_peek,
    "call_bacan": _ev_call,
    "draw": _ev_draw,
    "drawn": _ev_drawn,
    "discard": _ev_discard,
    "swap": _ev_swap,
    "row_joker": _ev_row_joker,
    "exchange_pick": _ev_exchange_pick,
    "power": _ev_power,
    "look": _ev_look,
    "mirror": _ev_mirror,
    "give": _ev_give,
    "reshuffle": _ev_reshuffle,
    "round_end": _ev_round_end,
    "eliminated": _ev_eliminated,
    "match_end": _ev_match_end,
}


# -- terminal -------------------------------------------------------------------------
_COLOURS = {"rojo": "red", "azul": "blue", "verde": "green", "amarillo": "yellow", "violeta": "magenta"}
_PHASES = {
    "deal": {"es": "reparto: se elige cuántas cartas mirar", "en": "deal: choosing how many cards to peek at"},
    "peek": {"es": "cada uno mira sus cartas", "en": "everyone peeks at their cards"},
    "turn": {"es": "inicio del turno", "en": "start of the turn"},
    "drawn": {"es": "carta en la mano", "en": "holding a card"},
    "exchange": {"es": "Intercambio: falta la segunda posición", "en": "Intercambio: second slot to pick"},
    "give": {"es": "espejo ajeno: dar una carta", "en": "steal-mirror: giving a card"},
    "over": {"es": "partida terminada", "en": "match over"},
}


def _styled(face: str | None, lang: str) -> str:
    if face is None:
        return "[dim]▮[/dim]"
    if face == JOKER_FACE:
        return f"[bold]{face_name(face, lang)}[/bold]"
    colour = _COLOURS[face.partition("-")[0]]
    return f"[{colour}]{face_name(face, lang)}[/{colour}]"


def render_text(view: Mapping[str, Any], lang: str) -> str:
    me = view["seat"]
    lines = [
        _t(
            lang,
            f"[bold]Bacan[/bold] — ronda {view['round']} · límite {view['limit']} · reparte: asiento {view['dealer']}",
            f"[bold]Bacan[/bold] — round {view['round']} · limit {view['limit']} · dealer: seat {view['dealer']}",
        )
    ]
    top = view["discard_top"]
    lines.append(
        _t(
            lang,
            f"Mazo: {view['deck']} · Descarte: {view['discard']}",
            f"Deck: {view['deck']} · Discard: {view['discard']}",
        )
        + (_t(lang, f" (arriba: {_styled(top, lang)})", f" (top: {_styled(top, lang)})") if top else "")
        + (
            _t(
                lang,
                " · [bold yellow]¡ventana de espejo abierta![/bold yellow]",
                " · [bold yellow]mirror window open![/bold yellow]",
            )
            if view["window"]
            else ""
        )
    )
    for row in view["rows"]:
        s = row["seat"]
        name = _t(lang, f"asiento {s}", f"seat {s}") + (_t(lang, " (tú)", " (you)") if s == me else "")
        marker = "▶ " if view["turn"] == s else "  "
        score = _t(lang, f"{view['scores'][s]} pts", f"{view['scores'][s]} pts")
        if not row["in_play"]:
            lines.append(f"{marker}{name} · {score} · " + _t(lang, "eliminado", "eliminated"))
            continue
        cards = " ".join(f"{i + 1}:{_styled(c, lang)}" for i, c in enumerate(row["cards"])) or "—"
        extra = (
            _t(lang, f" · castigo +{row['penalty_points']}", f" · penalty +{row['penalty_points']}")
            if row["penalty_points"]
            else ""
        )
        lines.append(f"{marker}{name} · {score}{extra} · {cards}")
    if view["holding"] is not None:
        held = _styled(view["held"], lang) if view["held"] else "?"
        lines.append(
            _t(lang, f"En la mano del asiento {view['holding']}: {held}", f"Held by seat {view['holding']}: {held}")
        )
    if view["exchange_first"]:
        s, slot = view["exchange_first"]
        lines.append(
            _t(
                lang,
                f"Intercambio: primera posición {slot + 1} del asiento {s}",
                f"Intercambio: first slot {slot + 1} of seat {s}",
            )
        )
    lines.append(_t(lang, "Fase: ", "Phase: ") + _PHASES[view["phase"]][lang])
    if view["over"]:
        lines.append(_t(lang, "Ganan: ", "Winners: ") + ", ".join(str(w) for w in view["winners"]))
    return "\n".join(lines)
