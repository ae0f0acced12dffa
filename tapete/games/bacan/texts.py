"""Bacan in words: the message catalogue (es/en), moves and events as messages, the
terminal view. The rules themselves are rules.es.md and rules.en.md beside this module."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tapete.engine import Event, State
from tapete.engine.words import Card, Cards, Catalogue, Lines, Message, Num, Nums, Player, Players, Term, msg

from .actions import (
    CALL,
    DEAL,
    DISCARD,
    DRAW_DECK,
    DRAW_DISCARD,
    EXCHANGE,
    GIVE,
    INITIAL_ROW,
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
    # a move the stand-in made for the reader (tapete.engine.standin): never "you peeked"
    "peek.by_standin": {
        "es": "Por ti, el reemplazo miró tus cartas {slots}.",
        "en": "Your stand-in looked at your cards {slots}.",
    },
    "draw.deck": {"es": "{p:{p} roba|robas} del mazo.", "en": "{p:{p} draws|you draw} from the deck."},
    "draw.discard": {
        "es": "{p:{p} toma|tomas} {card} del descarte.",
        "en": "{p} {p:takes|take} {card} from the discard pile.",
    },
    "drawn": {"es": "Tienes en la mano la carta robada.", "en": "You hold the drawn card."},
    "drawn.by_standin": {
        "es": "Por ti, el reemplazo tiene en la mano la carta robada.",
        "en": "Your stand-in holds the drawn card.",
    },
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
    "look.own.by_standin": {
        "es": "Por ti, el reemplazo miró tu carta {slot}.",
        "en": "Your stand-in looked at your card {slot}.",
    },
    "look.other.by_standin": {"es": "Por ti, el reemplazo miró {where}.", "en": "Your stand-in looked at {where}."},
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
