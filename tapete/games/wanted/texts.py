"""WANTED in words: the message catalogue (es/en), moves and events as messages, the
terminal view. The rules themselves are rules.es.md and rules.en.md beside this module."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine import Event, State
from tapete.engine.words import Card, Cards, Catalogue, Lines, Message, Num, Player, Players, msg

from . import actions as act
from .cards import FACE_TO_ID, FACES, SKILL, face_name, short_face_name


def _t(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en


# -- the message catalogue --------------------------------------------------------------
MESSAGES: dict[str, dict[str, str]] = {
    # moves
    "act.deal": {"es": "Repartir una mano nueva", "en": "Deal a new hand"},
    "act.commit": {"es": "Jugar boca abajo: {card}", "en": "Commit face down: {card}"},
    "act.leader": {"es": "Nombrar líder a {card}", "en": "Make {card} the leader"},
    "act.discard": {"es": "Descartar {card}", "en": "Discard {card}"},
    "act.gang": {"es": "Formar la pandilla {cards}", "en": "Form the gang {cards}"},
    # events
    "pick": {"es": "Eliges {card} ({count} de 3).", "en": "You pick {card} ({count} of 3)."},
    "commit": {"es": "Juegas boca abajo: {cards}.", "en": "You commit face down: {cards}."},
    "pick.by_standin": {
        "es": "Por ti, el reemplazo elige {card} ({count} de 3).",
        "en": "Your stand-in picks {card} ({count} of 3).",
    },
    "commit.by_standin": {
        "es": "Por ti, el reemplazo juega boca abajo: {cards}.",
        "en": "Your stand-in commits face down: {cards}.",
    },
    "committed": {"es": "{p} ya {p:ha elegido|has elegido}.", "en": "{p:{p} has|you have} chosen."},
    "leader": {"es": "{p:{p} nombra|nombras} líder a {card}.", "en": "{p:{p} makes|you make} {card} the leader."},
    "discard_pick": {"es": "Descartarás {card}.", "en": "You will discard {card}."},
    "discard_pick.by_standin": {
        "es": "Por ti, el reemplazo descartará {card}.",
        "en": "Your stand-in will discard {card}.",
    },
    "discard_ready": {
        "es": "{p} ya {p:ha elegido|has elegido} su descarte.",
        "en": "{p} {p:has|have} chosen a discard.",
    },
    "deal": {"es": "{p:{p} reparte|repartes} una mano nueva.", "en": "{p:{p} deals|you deal} a new hand."},
    "hand": {"es": "Tu mano: {cards}.", "en": "Your hand: {cards}."},
    "deal_over": {
        "es": "Fin del reparto. Botín de cada uno:\n{lines}",
        "en": "Deal over. Each player's bounty:\n{lines}",
    },
    "stage_over": {"es": "Recompensas cobradas:\n{lines}", "en": "Rewards collected:\n{lines}"},
    "replay": {
        "es": "Empate: desempate {n} entre {players}.",
        "en": "Tie: replay {n} among {players}.",
    },
    "bounty": {"es": "  {p}: botín ${points}", "en": "  {p}: bounty ${points}"},
    # battles
    "battle.head": {"es": "Batalla {n}:", "en": "Battle {n}:"},
    "battle.seat": {
        "es": "  {p}: {card}, habilidad {skill} + dado {die}{mod} = {total}",
        "en": "  {p}: {card}, skill {skill} + die {die}{mod} = {total}",
    },
    "battle.mod": {"es": " + modificadores {m}", "en": " + modifiers {m}"},
    "battle.won": {"es": "  {p:Gana {p}|Ganas tú}.", "en": "  {p:{p} wins|you win}."},
    "battle.tie": {"es": "  Empate en el máximo: nadie gana.", "en": "  A tie for the highest: nobody wins."},
    "gangs.head": {"es": "Pandillas, batalla {n}:", "en": "Gangs, battle {n}:"},
    "gangs.seat": {"es": "  {p}: {cards}{leader}{gone}{total}", "en": "  {p}: {cards}{leader}{gone}{total}"},
    "gangs.leader": {"es": ", líder {card}", "en": ", leader {card}"},
    "gangs.gone": {"es": ", descartadas {cards}", "en": ", discarded {cards}"},
    "gangs.total": {"es": " = {total} (modificadores {m})", "en": " = {total} (modifiers {m})"},
    "gangs.choosing": {"es": "  Eligen líder: {players}.", "en": "  Choosing a leader: {players}."},
    "gangs.discards": {"es": "  Empate: descartan {players}.", "en": "  A tie: {players} discard."},
    "gangs.nobody": {"es": "  Nadie gana la batalla.", "en": "  Nobody wins the battle."},
}

CATALOGUE = Catalogue(MESSAGES, face_name, short_card_name=short_face_name)


def action_message(state: State, action: int) -> Message:
    """A move as a message: WANTED's moves say what they are by themselves."""
    kind = act.kind_of(action)
    if kind == "deal":
        return msg("act.deal")
    card = Card(FACES[act.card_of(action)])
    return msg({"commit": "act.commit", "leader": "act.leader"}.get(kind, "act.discard"), card=card)


def gang_message(commits: Sequence[int]) -> Message:
    """A Pandillas gang chosen as one (its three commits, `SearchHints.plans`) as a message."""
    return msg("act.gang", "WAN-9", cards=Cards(tuple(FACES[act.card_of(a)] for a in commits)))


def event_message(event: Event) -> Message | Lines:
    d = event.data
    kind = event.kind
    if kind == "pick":
        return msg("pick", card=Card(d["card"]), count=d["count"])
    if kind == "commit":
        return msg("commit", cards=Cards(tuple(d["cards"])))
    if kind in ("committed", "discard_ready"):
        return msg(kind, p=Player(d["seat"]))
    if kind == "leader":
        return msg("leader", "WAN-9", p=Player(d["seat"]), card=Card(d["card"]))
    if kind == "discard_pick":
        return msg("discard_pick", "WAN-10", card=Card(d["card"]))
    if kind == "deal":
        return msg("deal", p=Player(d["dealer"]))
    if kind == "hand":
        return msg("hand", cards=Cards(tuple(d["cards"])))
    if kind in ("deal_over", "stage_over"):
        return msg(kind, lines=_bounty_lines(d["scores"]))
    if kind == "replay":
        return msg("replay", "WAN-12", n=d["replay"], players=Players(tuple(d["players"])))
    if kind == "match_over":
        winners = Players(tuple(d["winners"]))
        return msg("match.shared" if len(winners.seats) > 1 else "match.over", d.get("rule"), winners=winners)
    if kind == "battle":
        return _battle(d)
    if kind == "gangs":
        return _gangs(d)
    raise KeyError(f"no message for the WANTED event {kind!r}")


def _bounty_lines(scores: list[int]) -> Lines:
    return Lines(tuple(msg("bounty", p=Player(s), points=points) for s, points in enumerate(scores)))


def _mod(value: int | None) -> Message | str:
    return msg("battle.mod", m=Num(value, signed=True)) if value else ""


def _battle(d: Mapping[str, Any]) -> Lines:
    lines = [msg("battle.head", n=d["number"])]
    for e in d["seats"]:
        skill = SKILL[FACE_TO_ID[e["card"]]]
        lines.append(
            msg(
                "battle.seat",
                p=Player(e["seat"]),
                card=Card(e["card"], short=True),
                skill=skill,
                die=e["die"],
                mod=_mod(e["modifier"]),
                total=e["total"],
            )
        )
    lines.append(msg("battle.tie", "WAN-8") if d["winner"] is None else msg("battle.won", p=Player(d["winner"])))
    return Lines(tuple(lines))


def _gangs(d: Mapping[str, Any]) -> Lines:
    lines = [msg("gangs.head", n=d["number"])]
    for g in d["gangs"]:
        if not g["contending"]:
            continue
        leader = "" if g["leader"] is None else msg("gangs.leader", card=Card(g["cards"][g["leader"]], short=True))
        gone = msg("gangs.gone", cards=Cards(tuple(g["discarded"]), short=True)) if g["discarded"] else ""
        total = (
            "" if g["total"] is None else msg("gangs.total", total=g["total"], m=Num(g["modifier"] or 0, signed=True))
        )
        cards = Cards(tuple(g["cards"]), short=True)
        lines.append(msg("gangs.seat", p=Player(g["seat"]), cards=cards, leader=leader, gone=gone, total=total))
    status = d["status"]
    if status == "leaders":
        lines.append(msg("gangs.choosing", "WAN-9", players=Players(tuple(d["choosing"]))))
    elif status == "discards":
        lines.append(msg("gangs.discards", "WAN-10", players=Players(tuple(d["tied"]))))
    elif d["winner"] is None:
        lines.append(msg("gangs.nobody", "WAN-10"))
    else:
        lines.append(msg("battle.won", p=Player(d["winner"])))
    return Lines(tuple(lines))


def render_text(view: Mapping[str, Any], lang: str) -> str:
    lines = [_header(view, lang)]
    battle = view.get("battle")
    if battle:
        lines.extend(_render_battle(battle, lang))
    for s, pile in enumerate(view["piles"]):
        lines.append(_render_seat(view, s, pile, lang))
    if view["out"]:
        lines.append(
            _t(lang, "Fuera del juego: ", "Out of play: ") + " ".join(short_face_name(f, lang) for f in view["out"])
        )
    if view.get("hand") is not None:
        lines.append(_t(lang, "Tu mano: ", "Your hand: ") + ", ".join(face_name(f, lang) for f in view["hand"]))
        if view["my_commit"]:
            committed = ", ".join(short_face_name(f, lang) for f in view["my_commit"])
            lines.append(_t(lang, "Boca abajo: ", "Committed: ") + committed)
    if view["over"]:
        winners = ", ".join(str(s) for s in view["winners"])
        lines.append(_t(lang, f"[bold]Ganador: {winners}[/bold]", f"[bold]Winner: {winners}[/bold]"))
    return "\n".join(lines)


_MODE = {"duelo": ("Duelo", "Duel"), "tiroteo": ("Tiroteo", "Shootout"), "pandillas": ("Pandillas", "Gangs")}


def _header(view: Mapping[str, Any], lang: str) -> str:
    es, en = _MODE[view["mode"]]
    mode = _t(lang, es, en)
    text = f"[bold]WANTED — {mode}[/bold]"  # WANTED counts battles and deals, not rounds
    if view["mode"] == "pandillas":
        text += " · " + _t(lang, "reparto", "deal") + f" {view['deal']}/{view['deals']}"
    else:
        number = min(view["battle_number"], view["battles"])
        text += " · " + _t(lang, "batalla", "battle") + f" {number}/{view['battles']}"
    if view["replay"]:
        text += " · " + _t(lang, "desempate", "replay") + f" {view['replay']}"
    return text


def _render_battle(b: Mapping[str, Any], lang: str) -> list[str]:
    lines = [_t(lang, f"Última batalla ({b['number']}):", f"Latest battle ({b['number']}):")]
    if b["kind"] == "single":
        for e in b["seats"]:
            mark = " ★" if e["seat"] == b["winner"] else ""
            lines.append(
                f"  {e['seat']}: {short_face_name(e['card'], lang)}  "
                f"{e['skill']}+{e['die']}{e['modifier']:+d} = {e['total']}{mark}"
            )
        return lines
    for g in b["gangs"]:
        cards = " ".join(
            ("*" if c["leader"] else "") + f"{short_face_name(c['card'], lang)}({c['skill']}+{c['die']})"
            for c in g["cards"]
        )
        gone = (" −" + " ".join(short_face_name(f, lang) for f in g["discarded"])) if g["discarded"] else ""
        total = "" if g["total"] is None else f" = {g['total']} ({g['modifier'] or 0:+d})"
        mark = " ★" if g["seat"] == b["winner"] else ""
        lines.append(f"  {g['seat']}: {cards}{gone}{total}{mark}")
    return lines


def _render_seat(view: Mapping[str, Any], s: int, pile: Mapping[str, Any], lang: str) -> str:
    me = " ←" if s == view["seat"] else ""
    done = _t(lang, " (eligió)", " (chosen)") if view["committed"][s] and view["phase"] == "commit" else ""
    winners = " ".join(short_face_name(f, lang) for f in pile["winners"])
    down = f"{pile['face_down_count']}"
    if pile["face_down"]:
        down += " [" + " ".join(short_face_name(f, lang) for f in pile["face_down"]) + "]"
    return _t(
        lang,
        f"Asiento {s}{me}: {view['held'][s]} en mano{done} · botín {view['scores'][s]} · "
        f"vencedores {pile['winners_count']} {winners} · boca abajo {down}",
        f"Seat {s}{me}: {view['held'][s]} in hand{done} · bounty {view['scores'][s]} · "
        f"winners {pile['winners_count']} {winners} · face down {down}",
    )


__all__ = ["CATALOGUE", "FACES", "action_message", "event_message", "render_text"]
