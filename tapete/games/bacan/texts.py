"""Bacan in words: the rules (es/en), actions, events and a terminal view."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tapete.engine import Event, State
from tapete.engine.messages import Card, Cards, Catalogue, Lines, Message, Num, Nums, Player, Players, Term, msg

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


MESSAGES: dict[str, dict[str, str]] = {
    # moves
    "act.deal": {"es": "Que cada uno mire {n} de sus cartas", "en": "Everyone peeks at {n} of their cards"},
    "act.peek": {"es": "Mirar tus cartas {slots}", "en": "Peek at your cards {slots}"},
    "act.call": {"es": "¡Cantar Bacan!", "en": "Call Bacan!"},
    "act.draw_deck": {"es": "Robar del mazo", "en": "Draw from the deck"},
    "act.draw_discard": {"es": "Tomar {card} del descarte", "en": "Take {card} from the discard pile"},
    "act.discard": {"es": "Descartar la carta robada", "en": "Discard the drawn card"},
    "act.row_joker": {
        "es": "Usar el comodín de tu carta {slot} (si no lo es: castigo)",
        "en": "Use the comodín in your card {slot} (if it is not one: penalty)",
    },
    "act.swap": {
        "es": "Ponerla en el lugar de tu carta {slot} y descartar la que había",
        "en": "Put it in place of your card {slot}, discarding what was there",
    },
    "act.secret": {"es": "Secreto: mirar tu carta {slot}", "en": "Secreto: look at your card {slot}"},
    "act.spy": {"es": "Espía: mirar la carta {slot} de {p}", "en": "Espía: look at {p}'s card {slot}"},
    "act.exchange": {
        "es": "Intercambio: cambiarla con {p:la carta {slot} de {p}|tu carta {slot}}",
        "en": "Intercambio: swap it with {p:{p}'s|your} card {slot}",
    },
    "act.exchange_pick": {
        "es": "Intercambio: elegir {p:la carta {slot} de {p}|tu carta {slot}}",
        "en": "Intercambio: pick {p:{p}'s|your} card {slot}",
    },
    "act.plus_one": {"es": "+1: {p} roba una carta más", "en": "+1: {p} draws one more card"},
    "act.mirror": {"es": "Espejo: tu carta {slot} sobre {card}", "en": "Mirror: your card {slot} onto {card}"},
    "act.mirror_other": {
        "es": "Espejo ajeno: la carta {slot} de {p} sobre {card}",
        "en": "Steal-mirror: {p}'s card {slot} onto {card}",
    },
    "act.give": {"es": "Dar tu carta {slot} a {p}", "en": "Give your card {slot} to {p}"},
    # events
    "deal": {
        "es": "Ronda {round}: {p:{p} reparte|repartes}; cada uno mira {peek:# carta|# cartas}.",
        "en": "Round {round}: {p} {p:deals|deal}; everyone peeks at {peek:# card|# cards}.",
    },
    "peek": {"es": "Miraste tus cartas {slots}.", "en": "You peeked at your cards {slots}."},
    "draw.deck": {"es": "{p:{p} roba|robas} del mazo.", "en": "{p:{p} draws|you draw} from the deck."},
    "draw.discard": {
        "es": "{p:{p} toma|tomas} {card} del descarte.",
        "en": "{p} {p:takes|take} {card} from the discard pile.",
    },
    "drawn": {"es": "Tienes en la mano la carta robada.", "en": "You hold the drawn card."},
    "discard": {"es": "{p:{p} descarta|descartas} {card}.", "en": "{p:{p} discards|you discard} {card}."},
    "swap": {
        "es": "{p:{p} cambia su|cambias tu} carta {slot} y {p:descarta|descartas} {card}.",
        "en": "{p} {p:swaps|swap} into {p:their|your} card {slot} and {p:discards|discard} {card}.",
    },
    "row_joker.ok": {
        "es": "{p:{p} revela el comodín de su|revelas el comodín de tu} carta {slot}.",
        "en": "{p} {p:reveals|reveal} the comodín in {p:their|your} card {slot}.",
    },
    "row_joker.bad": {
        "es": "{p:{p} declara|declaras} un comodín en {p:su|tu} carta {slot}, pero es {card}.{penalty}",
        "en": "{p} {p:declares|declare} a comodín in {p:their|your} card {slot}, but it is {card}.{penalty}",
    },
    "exchange_pick": {
        "es": "{p:{p} usa|usas} Intercambio ({card}) sobre {where}.",
        "en": "{p} {p:uses|use} Intercambio ({card}) on {where}.",
    },
    "power.secret": {
        "es": "{p:{p} usa|usas} Secreto ({card}) y {p:mira su|miras tu} carta {slot}.",
        "en": "{p} {p:uses|use} Secreto ({card}) and {p:looks|look} at {p:their|your} card {slot}.",
    },
    "power.spy": {
        "es": "{p:{p} usa|usas} Espía ({card}) y {p:mira|miras} {where}.",
        "en": "{p} {p:uses|use} Espía ({card}) and {p:looks|look} at {where}.",
    },
    "power.exchange": {
        "es": "{p:{p} intercambia|intercambias} {where} con {where2}.",
        "en": "{p} {p:swaps|swap} {where} with {where2}.",
    },
    "power.plus_one": {
        "es": "{p:{p} usa|usas} +1 ({card}): {target:{target} roba|robas} una carta más.",
        "en": "{p} {p:uses|use} +1 ({card}): {target} {target:draws|draw} one more card.",
    },
    "look.own": {"es": "Miraste tu carta {slot}.", "en": "You looked at your card {slot}."},
    "look.other": {"es": "Miraste {where}.", "en": "You looked at {where}."},
    "mirror.ok": {
        "es": "¡{variant}! {p:{p} descarta|descartas} {where}: {card}.",
        "en": "{variant}! {p} {p:discards|discard} {where}: {card}.",
    },
    "mirror.bad": {
        "es": "{variant} fallido de {p}: {where} es {card} y vuelve a su sitio.{penalty}",
        "en": "Wrong {variant} by {p}: {where} is {card} and goes back.{penalty}",
    },
    "where.own": {"es": "{p:su|tu} carta {slot}", "en": "{p:their|your} card {slot}"},
    "where.other": {
        "es": "{target:la carta {slot} de {target}|tu carta {slot}}",
        "en": "{target:{target}'s card {slot}|your card {slot}}",
    },
    "give": {
        "es": "{p:{p} da su|das tu} carta {slot} "
        "{target:a {target} (a su lugar {to_slot})|a ti (a tu lugar {to_slot})}.",
        "en": "{p} {p:gives|give} {p:their|your} card {slot} to {target} (into place {to_slot}).",
    },
    "penalty.points": {
        "es": " Fila llena: {points:# punto|# puntos} de castigo.",
        "en": " Full row: {points:# penalty point|# penalty points}.",
    },
    "penalty.card": {"es": " Roba una carta de castigo.", "en": " Takes a penalty card."},
    "reshuffle": {
        "es": "Se mezcla el descarte: mazo nuevo de {size:# carta|# cartas}.",
        "en": "The discard pile is shuffled into a new deck of {size:# card|# cards}.",
    },
    "call_bacan": {"es": "¡{p:{p} canta|cantas} Bacan!", "en": "{p:{p} calls|you call} Bacan!"},
    "round_end": {"es": "Fin de la ronda {round}: {result}{caller}", "en": "End of round {round}: {result}{caller}"},
    "round_end.caller": {"es": " (canta {p})", "en": " (called by {p})"},
    "round_end.row": {
        "es": "  {p}: {cards} = {total} → {change}",
        "en": "  {p}: {cards} = {total} → {change}",
    },
    "round_end.empty_row": {
        "es": "  {p}: sin cartas = {total} → {change}",
        "en": "  {p}: no cards = {total} → {change}",
    },
    "round_end.penalty": {"es": "  Carta de castigo: {card}", "en": "  Penalty card: {card}"},
    "round_end.score": {"es": "  {p}: {points:# punto|# puntos}", "en": "  {p}: {points:# point|# points}"},
    "eliminated": {
        "es": "{players:Queda eliminado|Quedan eliminados|Quedas eliminado}: {players}.",
        "en": "{players:Eliminated|Eliminated|You are eliminated}: {players}.",
    },
}

TERMS: dict[str, dict[str, str]] = {
    "result.super_bacan": {"es": "¡Super Bacan! Gana la partida", "en": "Super Bacan! Wins the match"},
    "result.success": {"es": "Bacan exitoso (−5)", "en": "successful Bacan (−5)"},
    "result.failed": {
        "es": "Bacan fallido (suma su fila y una carta de castigo)",
        "en": "failed Bacan (adds the row and a penalty card)",
    },
    "result.tied": {"es": "Bacan empatado o superado: todos suman", "en": "Bacan tied or beaten: everyone adds"},
    "result.exhausted": {"es": "no queda nada que robar: todos suman", "en": "nothing left to draw: everyone adds"},
    "mirror": {"es": "espejo", "en": "mirror"},
    "self_mirror": {"es": "autoespejo", "en": "self-mirror"},
    "mirror_other": {"es": "espejo ajeno", "en": "steal-mirror"},
}

CATALOGUE = Catalogue(MESSAGES, face_name, TERMS)


def _slot(slot: int) -> int:
    return slot + 1  # people count a row's cards from 1


_SIMPLE_MOVES = {CALL: "act.call", DRAW_DECK: "act.draw_deck", DISCARD: "act.discard"}
_OWN_SLOT_MOVES = {ROW_JOKER: "act.row_joker", SWAP: "act.swap", SECRET: "act.secret"}


def _top(state: BacanState) -> Card:
    return Card(FACE[state.discard[-1]] if state.discard else None)


_MOVES_SAID: dict[tuple[Any, ...], Message] = {}  # a move's message by what it depends on


def moves_key(state: State) -> tuple[Any, ...]:
    """What a move's message depends on besides the move: the top of the discard pile, the
    phase and who is owed a card (and the action space, which says what each index is)."""
    assert isinstance(state, BacanState)
    return (
        state.space,
        state.discard[-1] if state.discard else -1,
        state.phase,
        state.pending[0] if state.pending else -1,
    )


def action_message(state: State, action: int) -> Message:
    """A move's message, made once for each move and `moves_key` (the legal list is told after
    every action)."""
    key = (moves_key(state), action)
    said = _MOVES_SAID.get(key)
    if said is None:
        if len(_MOVES_SAID) >= 50_000:
            _MOVES_SAID.clear()
        assert isinstance(state, BacanState)
        said = _MOVES_SAID[key] = _action_message(state, action)
    return said


def _action_message(state: BacanState, action: int) -> Message:
    kind, a, b = state.space.table[action]
    simple = _SIMPLE_MOVES.get(kind)
    if simple is not None:
        return Message(simple, {})
    own = _OWN_SLOT_MOVES.get(kind)
    if own is not None:
        return Message(own, {"slot": a + 1})
    if kind == DEAL:
        return msg("act.deal", n=a)
    if kind == PEEK:
        return msg("act.peek", slots=Nums(tuple(i for i in range(INITIAL_ROW) if a >> i & 1)))
    top = _top(state)
    if kind == DRAW_DISCARD:
        return msg("act.draw_discard", card=top)
    if kind == SPY:
        return msg("act.spy", slot=_slot(b), p=Player(a))
    if kind == EXCHANGE:
        mid = "act.exchange" if state.phase == "exchange" else "act.exchange_pick"
        return msg(mid, slot=_slot(b), p=Player(a))
    if kind == PLUS_ONE:
        return msg("act.plus_one", p=Player(a))
    if kind == MIRROR:
        return msg("act.mirror", slot=_slot(a), card=top)
    if kind == MIRROR_OTHER:
        return msg("act.mirror_other", slot=_slot(b), p=Player(a), card=top)
    if kind == GIVE:
        return msg("act.give", slot=_slot(a), p=Player(state.pending[0]))
    raise KeyError(f"no message for the Bacan move {action}")


def event_message(event: Event) -> Message | Lines:
    describe = _EVENT_MESSAGES.get(event.kind)
    if describe is None:
        raise KeyError(f"no message for the Bacan event {event.kind!r}")
    return describe(event.data)


def _ev_deal(d: Mapping[str, Any]) -> Message:
    return msg("deal", round=d["round"], p=Player(d["dealer"]), peek=d["peek"])


def _ev_peek(d: Mapping[str, Any]) -> Message:
    # Memory is the game: the log says which cards were seen, never their faces.
    return msg("peek", "BAC-8", slots=Nums(tuple(d["slots"])))


def _ev_draw(d: Mapping[str, Any]) -> Message:
    if d["source"] == "deck":
        return msg("draw.deck", "BAC-12", p=Player(d["seat"]))
    return msg("draw.discard", "BAC-12", p=Player(d["seat"]), card=Card(d["card"]))


def _ev_drawn(d: Mapping[str, Any]) -> Message:
    return msg("drawn", "BAC-12")


def _ev_discard(d: Mapping[str, Any]) -> Message:
    return msg("discard", p=Player(d["seat"]), card=Card(d["card"]))


def _ev_swap(d: Mapping[str, Any]) -> Message:
    return msg("swap", p=Player(d["seat"]), slot=_slot(d["slot"]), card=Card(d["card"]))


def _penalty(d: Mapping[str, Any]) -> Message | str:
    if d["penalty_points"]:
        return msg("penalty.points", points=d["penalty_points"])
    if d["penalty_slot"] is not None:
        return msg("penalty.card")
    return ""


def _ev_row_joker(d: Mapping[str, Any]) -> Message:
    who, slot = Player(d["seat"]), _slot(d["slot"])
    if d["ok"]:
        return msg("row_joker.ok", "BAC-20", p=who, slot=slot)
    return msg("row_joker.bad", "BAC-20", p=who, slot=slot, card=Card(d["card"]), penalty=_penalty(d))


def _ev_exchange_pick(d: Mapping[str, Any]) -> Message:
    where = _where(d["seat"], d["target"], d["slot"])
    return msg("exchange_pick", "BAC-18", p=Player(d["seat"]), card=Card(d["card"]), where=where)


_POWER_RULES = {"secret": "BAC-17", "spy": "BAC-17", "exchange": "BAC-18", "plus_one": "BAC-19"}


def _ev_power(d: Mapping[str, Any]) -> Message:
    power = d["power"]
    params: dict[str, Any] = {"p": Player(d["seat"]), "target": Player(d["target"]), "slot": _slot(d["slot"])}
    params["where"] = _where(d["seat"], d["target"], d["slot"])
    if power == "exchange":
        params["where2"] = _where(d["seat"], d["target2"], d["slot2"])
    else:
        params["card"] = Card(d["card"])
    return msg(f"power.{power}", _POWER_RULES.get(power), **params)


def _ev_look(d: Mapping[str, Any]) -> Message:
    # As with peeks: which card was seen, not its face (classic memory).
    if d["target"] == d["seat"]:
        return msg("look.own", slot=_slot(d["slot"]))
    return msg("look.other", where=_where(d["seat"], d["target"], d["slot"]))


def _where(actor: int, owner: int, slot: int) -> Message:
    """A card of a row: "su carta 2" when the actor's own, else "la carta 2 de Ana" ("tu carta 2" for the reader)."""
    if owner == actor:
        return msg("where.own", p=Player(actor), slot=_slot(slot))
    return msg("where.other", slot=_slot(slot), target=Player(owner))


def _ev_mirror(d: Mapping[str, Any]) -> Message:
    who = Player(d["seat"])
    where = _where(d["seat"], d["target"], d["slot"])
    variant = Term(d["variant"])
    if d["ok"]:
        return msg("mirror.ok", "BAC-21", variant=variant, p=who, where=where, card=Card(d["card"]))
    return msg("mirror.bad", "BAC-23", variant=variant, p=who, where=where, card=Card(d["card"]), penalty=_penalty(d))


def _ev_give(d: Mapping[str, Any]) -> Message:
    return msg(
        "give",
        "BAC-21",
        p=Player(d["seat"]),
        slot=_slot(d["slot"]),
        target=Player(d["target"]),
        to_slot=_slot(d["to_slot"]),
    )


def _ev_reshuffle(d: Mapping[str, Any]) -> Message:
    return msg("reshuffle", size=d["size"])


def _ev_call(d: Mapping[str, Any]) -> Message:
    return msg("call_bacan", "BAC-24", p=Player(d["seat"]))


def _ev_round_end(d: Mapping[str, Any]) -> Lines:
    caller = "" if d["caller"] is None else msg("round_end.caller", p=Player(d["caller"]))
    lines = [msg("round_end", "BAC-24", round=d["round"], result=Term(f"result.{d['result']}"), caller=caller)]
    for seat, faces in d["rows"].items():
        who, total, change = Player(int(seat)), d["totals"][seat], Num(d["deltas"][seat], signed=True)
        if faces:
            lines.append(msg("round_end.row", p=who, cards=Cards(tuple(faces)), total=total, change=change))
        else:
            lines.append(msg("round_end.empty_row", p=who, total=total, change=change))
    if d["penalty_card"]:
        lines.append(msg("round_end.penalty", card=Card(d["penalty_card"])))
    lines.append(msg("heading.scores"))
    lines.extend(msg("round_end.score", p=Player(s), points=p) for s, p in enumerate(d["scores"]))
    return Lines(tuple(lines))


def _ev_eliminated(d: Mapping[str, Any]) -> Message:
    return msg("eliminated", "BAC-4", players=Players(tuple(d["seats"])))


def _ev_match_end(d: Mapping[str, Any]) -> Message:
    winners = Players(tuple(d["winners"]))
    return msg("match.shared" if len(winners.seats) > 1 else "match.over", "BAC-5", winners=winners)


_EVENT_MESSAGES: dict[str, Callable[[Mapping[str, Any]], Message | Lines]] = {
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
