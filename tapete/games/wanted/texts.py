"""WANTED in words: rules (es/en), actions, events and the terminal table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine import Event, State
from tapete.engine.messages import Card, Cards, Catalogue, Lines, Message, Num, Player, Players, msg

from . import actions as act
from .cards import FACE_TO_ID, FACES, SKILL, face_name, short_face_name

RULES_ES = """\
# WANTED

Duelos, tiroteos y peleas de pandillas en el Salvaje Oeste. Cada carta es el
cartel «SE BUSCA» de un forajido: cobra las recompensas más altas.

## Las cartas (WAN-1, WAN-2)
54 cartas: baraja inglesa (picas ♠, corazones ♥, tréboles ♣, diamantes ♦;
A, 2–10, J, Q, K) y dos Jokers (rojo y negro). Cada forajido tiene un nombre,
una **habilidad**, un **decremento** (un palo ante el que es débil), un
**incremento** (un palo ante el que es fuerte) y una **recompensa**.

- Los palos se cazan en ciclo: ♣ caza ♦, ♦ caza ♠, ♠ caza ♥, ♥ caza ♣.
- Incremento de toda carta con palo: su presa, **+2**. Decremento de las
  cartas 2–10: el palo que la caza, **−1**. A, J, Q y K no tienen decremento.
  Los Jokers no tienen palo ni modificadores.
- Habilidad: 2–5 → 0, 6–9 → 1, 10 → 2, J y Q → 6, K y A → 7, Joker → 8.
- Recompensa: 2–10 su número, J 12, Q 13, K 14, A 15, Joker 25.

## El total de una carta (WAN-3)
Habilidad + su dado (d6) + sus modificadores. Un modificador cuenta una vez
por cada carta de **otro** jugador que lo active (+valor por cada carta del
palo de su incremento, −valor por cada una del palo de su decremento). El
total puede ser 0 o menos.

## Cada batalla (WAN-4)
Se baraja y se reparten 5 cartas a cada jugador. Fase I: todos eligen a la
vez, boca abajo; nadie ve nada hasta que todos han elegido. Fase II: un dado
por carta (lo tira el programa). Fase III: se revela y se calcula. Fase IV
(tras la última batalla): se cobran las recompensas.

## Duelo (2 jugadores; WAN-5, WAN-6)
Una carta cada uno. El mayor total gana: va boca arriba a la derecha de su
dueño; la perdedora va boca abajo a la derecha de su dueño. Empate: las dos
pierden, boca abajo junto a su dueño. Tras 5 batallas cada jugador toma las
cartas boca abajo de su rival y suma sus recompensas: gana la suma mayor.

## Tiroteo (3 a 10 jugadores; WAN-7, WAN-8)
Una carta cada uno; cada carta recibe modificadores de las cartas de todos
los demás. El mayor total gana: va boca arriba junto a su dueño y todas las
perdedoras van boca abajo a la derecha del ganador. Empate en el máximo:
todas las cartas de esa batalla salen del juego y nadie cobra. Tras 5
batallas cada uno suma las recompensas de las cartas boca abajo que tiene.

## Pandillas (2 a 10 jugadores; WAN-9 a WAN-11)
Cada jugador compromete 3 cartas (una a una, boca abajo), se tira un dado
por carta y se revela. En cada pandilla el **líder** es la carta de mayor
habilidad + dado (empate: mayor habilidad; si sigue el empate y cambia el
total, elige el dueño). Solo el líder recibe modificadores, de todas las
cartas de las demás pandillas. Total de la pandilla = habilidad + dado de sus
3 cartas + los modificadores del líder. Gana el mayor total y se lleva boca
abajo, como botín, todas las cartas de las pandillas perdedoras.

Empate entre pandillas: cada jugador empatado descarta a la vez una de sus
cartas jugadas (sale del juego) y se vuelven a calcular las pandillas
empatadas con las cartas que quedan: mismos dados, líder de nuevo,
modificadores solo de las otras pandillas empatadas. Si se acaban las cartas,
nadie gana la batalla y sus cartas salen del juego.

Una partida de Pandillas son `deals` repartos (opción, 3 por defecto), cada
uno una mano nueva y una batalla; el reparto siguiente lo hace el siguiente
jugador. Gana el mayor total de recompensas del botín.

## Empates finales (WAN-12)
Los empatados toman sus vencedores boca arriba como mano nueva y juegan otra
vez, en la misma modalidad, tantas batallas como la mano más pequeña,
contando solo las nuevas batallas (las cartas que sobran siguen siendo
vencedoras). Un empatado sin vencedores pierde ante uno que los tenga. En
Pandillas las cartas vuelven al mazo en cada reparto, así que el desempate es
un reparto nuevo entre los empatados; «sin vencedores» es no haber ganado
ninguna batalla. Tras `replays` desempates (3 por defecto) sin ganador, los
empatados comparten la victoria.

## Qué ve cada uno
Tu mano y tus cartas comprometidas solo las ves tú; de los demás ves cuántas
cartas tienen y si ya eligieron. La última batalla queda a la vista con
dados y totales. Los vencedores están boca arriba; de cada pila boca abajo
todos ven cuántas cartas y cuánta recompensa hay, y las caras solo quien la
tiene (todas se vieron al revelarse). En un desempate de Duelo o Tiroteo las
manos son vencedores conocidos y se ven.
"""

RULES_EN = """\
# WANTED

Duels, shootouts and gang fights in the Wild West. Every card is the WANTED
poster of an outlaw (forajido): collect the highest rewards.

## The cards (WAN-1, WAN-2)
54 cards: an English deck (picas ♠ spades, corazones ♥ hearts, tréboles ♣
clubs, diamantes ♦ diamonds; A, 2–10, J, Q, K) and two Jokers (rojo red,
negro black). Each outlaw has a name, a **skill**, a **weakness** (decrement:
a suit it is weak against), an **advantage** (increment: a suit it is strong
against) and a **reward**.

- Suits prey in a cycle: ♣ on ♦, ♦ on ♠, ♠ on ♥, ♥ on ♣.
- Every suited card's advantage is its prey suit, **+2**. Number cards 2–10
  are weak against the suit that preys on them, **−1**. A, J, Q and K have
  no weakness. Jokers have no suit and no modifiers.
- Skill: 2–5 → 0, 6–9 → 1, 10 → 2, J and Q → 6, K and A → 7, Joker → 8.
- Reward: 2–10 their number, J 12, Q 13, K 14, A 15, Joker 25.

## A card's total (WAN-3)
Skill + its die (d6) + its modifiers. A modifier counts once for every card
of **another** player that triggers it (+value for each card of its
advantage suit, −value for each card of its weakness suit). Totals may be 0
or less.

## Every battle (WAN-4)
Shuffle and deal 5 cards to each player. Phase I: everyone chooses at the
same time, face down; nobody sees anything until all have chosen. Phase II:
one die per card (rolled by the program). Phase III: reveal and compute.
Phase IV (after the last battle): collect rewards.

## Duelo — duel (2 players; WAN-5, WAN-6)
One card each. The higher total wins and goes face up to its owner's right;
the loser goes face down to its owner's right. A tie: both lose, face down by
their owners. After 5 battles each player takes the opponent's face-down
cards and adds their rewards: the higher sum wins.

## Tiroteo — shootout (3 to 10 players; WAN-7, WAN-8)
One card each; each card gets modifiers from every other player's card. The
highest total wins: it goes face up by its owner and all losing cards go
face down to the winner's right. A tie for the highest: every card of that
battle leaves the game and nobody collects. After 5 battles each player adds
the rewards of the face-down cards they hold.

## Pandillas — gangs (2 to 10 players; WAN-9 to WAN-11)
Each player commits 3 cards (one at a time, face down), a die is rolled for
each and all are revealed. In each gang the **leader** is the card with the
highest skill + die (tie: higher skill; still tied and it changes the total:
the owner chooses). Only the leader gets modifiers, from every card of every
other gang. Gang total = skill + die over its 3 cards + the leader's
modifiers. The highest total wins and takes all cards of the losing gangs
face down as bounty.

Tied gangs: each tied player discards one of their played cards at the same
time (it leaves the game) and the tied gangs are computed again with the
cards left: dice kept, leader chosen again, modifiers only from the other
tied gangs. If they run out of cards, nobody wins the battle and its cards
leave the game.

A Pandillas match is `deals` deals (option, default 3), each a fresh hand
and one battle; the next player deals the next one. The highest bounty
reward total wins.

## Final ties (WAN-12)
Tied players take their face-up winners as a new hand and play again, the
same mode, as many battles as the smallest such hand, counting only the new
battles (cards left over stay winners). A tied player with no winners loses
to one who has some. In Pandillas the cards go back to the deck every deal,
so the replay is a fresh deal among the tied players, and "no winners" means
having won no battle. After `replays` replays (default 3) still tied, the
tied players share the win.

## Who sees what
Only you see your hand and your committed cards; of the others you see how
many cards they hold and whether they have chosen. The latest battle stays
open with dice and totals. Winners lie face up; of every face-down pile
everybody sees the count and its reward, its faces only the seat holding it
(all were seen when revealed). In a Duelo or Tiroteo replay the hands are
known winners and are shown.
"""


def rules_text(lang: str) -> str:
    return RULES_ES if lang == "es" else RULES_EN


def _t(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en


# -- the message catalogue --------------------------------------------------------------
MESSAGES: dict[str, dict[str, str]] = {
    # moves
    "act.deal": {"es": "Repartir una mano nueva", "en": "Deal a new hand"},
    "act.commit": {"es": "Jugar boca abajo: {card}", "en": "Commit face down: {card}"},
    "act.leader": {"es": "Nombrar líder a {card}", "en": "Make {card} the leader"},
    "act.discard": {"es": "Descartar {card}", "en": "Discard {card}"},
    # events
    "pick": {"es": "Eliges {card} ({count} de 3).", "en": "You pick {card} ({count} of 3)."},
    "commit": {"es": "Juegas boca abajo: {cards}.", "en": "You commit face down: {cards}."},
    "committed": {"es": "{p} ya {p:ha elegido|has elegido}.", "en": "{p:{p} has|you have} chosen."},
    "leader": {"es": "{p:{p} nombra|nombras} líder a {card}.", "en": "{p:{p} makes|you make} {card} the leader."},
    "discard_pick": {"es": "Descartarás {card}.", "en": "You will discard {card}."},
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
    "bounty": {"es": "  {p}: {points:# punto|# puntos}", "en": "  {p}: {points:# point|# points}"},
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
    text = f"[bold]WANTED — {mode}[/bold] · " + _t(lang, "ronda", "round") + f" {view['round']}"
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


__all__ = ["CATALOGUE", "FACES", "action_message", "event_message", "render_text", "rules_text"]
