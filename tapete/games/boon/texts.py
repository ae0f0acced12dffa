"""Boon in words: the message catalogue (es/en), moves and events as messages, the
terminal view. The rules themselves are rules.es.md and rules.en.md beside this module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine import Event, State
from tapete.engine.words import Card, Cards, Catalogue, Lines, Message, Player, Players, Reader, Term, msg

from . import actions as act
from .cards import FACES, face_name

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
    "bury.by_standin": {"es": "Por ti, el reemplazo entierra {card}.", "en": "Your stand-in buries {card}."},
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
        "es": "  {from:{from} paga|Pagas} {n:# carta de victoria|# cartas de victoria} a {to:{to}|ti}.",
        "en": "  {from} {from:pays|pay} {to} {n:# victory card|# victory cards}.",
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
