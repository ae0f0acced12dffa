"""WANTED Pandillas: gangs of three outlaws, their leaders and the
discards of a tie (WAN-9, WAN-10). Functions of a WantedState."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tapete.engine import ALONE, Event, public

from .battle import gang_total, leader_candidates, modifier, suit_counts
from .cards import FACES
from .phases import DISCARD, LEADER

if TYPE_CHECKING:
    from .rules import WantedState


def reset_leaders(state: WantedState) -> None:
    for s in state.contenders:
        state.leader[s] = -1
        state.choices[s] = []


def others_counts(state: WantedState) -> dict[int, list[int]]:
    """Suit counts of every card of every *other* contending gang."""
    own = {s: suit_counts(state.table[s]) for s in state.contenders}
    a = b = c = d = 0
    for counts in own.values():
        a += counts[0]
        b += counts[1]
        c += counts[2]
        d += counts[3]
    return {s: [a - x[0], b - x[1], c - x[2], d - x[3]] for s, x in own.items()}


def settle_gangs(state: WantedState) -> list[Event]:
    """WAN-9, WAN-10: leaders, gang totals, and the tie loop. Every step
    publishes the battle record (each face once; leaders by position)."""
    others = others_counts(state)
    waiting = []
    for s in state.contenders:
        if state.leader[s] >= 0:
            continue
        cands = leader_candidates(state.table[s], state.dice[s])
        if len(cands) > 1 and len({modifier(c, others[s]) for c in cands}) > 1:
            state.choices[s] = cands  # the owner chooses (only when it changes the total)
            waiting.append(s)
        else:
            state.leader[s] = cands[0]
    if waiting:
        state.phase = LEADER
        state._actors = tuple(waiting)
        return [Event("gangs", gang_record(state, others, None, "leaders"))]
    totals = {s: gang_total(state.table[s], state.dice[s], state.leader[s], others[s]) for s in state.contenders}
    top = max(totals.values())
    best = [s for s in state.contenders if totals[s] == top]
    if len(best) == 1:
        winner = best[0]
    elif len(state.table[best[0]]) <= 1:
        winner = -1  # WAN-10: the last discards would run every tied gang out
    else:
        state.phase = DISCARD
        state.tied = best
        for s in best:
            state.discard[s] = -1
        state._actors = tuple(best)
        return [Event("gangs", gang_record(state, others, totals, "discards"))]
    event = Event("gangs", gang_record(state, others, totals, "resolved", winner))
    award_gangs(state, winner)
    state.battle += 1
    return [event, *state._after_battle()]


def award_gangs(state: WantedState, winner: int) -> None:
    """WAN-9: the winner takes its gang face up and every other gang's
    cards face down as bounty; nobody wins: every card leaves the game."""
    for s in state.participants:
        cards = state.table[s]
        if winner < 0:
            state.out.extend(cards)
        elif s == winner:
            state.winners[s].extend(cards)
        else:
            state.face_down[winner].extend(cards)
        state.table[s] = []
        state.dice[s] = []
    if winner >= 0:
        state.won[winner] += 1
    state.contenders = []
    state.tied = []


def gang_record(
    state: WantedState, others: dict[int, list[int]], totals: dict[int, int] | None, status: str, winner: int = -1
) -> dict[str, Any]:
    """The battle as views and events show it; it becomes `last`. The
    record is replaced at every step, never changed in place."""
    gangs = []
    for s in state.participants:
        table = state.table[s]
        lead = state.leader[s] if s in others else -1
        gangs.append(
            {
                "seat": s,
                "cards": [FACES[c] for c in table],
                "dice": list(state.dice[s]),
                "leader": table.index(lead) if lead >= 0 else None,
                "modifier": modifier(lead, others[s]) if lead >= 0 else None,
                "total": totals.get(s) if totals is not None else None,
                "discarded": [FACES[c] for c in state.gone[s]],
                "contending": s in others,
            }
        )
    record = {
        "round": state.rounds,
        "number": state.battle + 1,
        "status": status,
        "winner": winner if winner >= 0 else None,
        "tied": list(state.tied),
        "choosing": list(state._actors) if status == "leaders" else [],
        "gangs": gangs,
    }
    state.last = record
    return record


def choose_leader(state: WantedState, seat: int, card: int) -> list[Event]:
    """WAN-9: still tied on skill, the owner chooses the leader."""
    state.leader[seat] = card
    state.choices[seat] = []
    state._actors = tuple(s for s in state._actors if s != seat)
    if state._actors:
        gang_record(state, others_counts(state), None, "leaders")
        return [public("leader", seat=seat, card=FACES[card])]
    return settle_gangs(state)


def choose_discard(state: WantedState, seat: int, card: int) -> list[Event]:
    """WAN-10: each tied player discards one played card, all at once;
    the tied gangs are computed again with the cards left."""
    state.discard[seat] = card
    state._actors = tuple(s for s in state._actors if s != seat)
    if state._actors:
        return [
            Event("discard_pick", {"seat": seat, "card": FACES[card]}, ALONE[seat]),
            public("discard_ready", seat=seat),
        ]
    for s in state.tied:
        c = state.discard[s]
        i = state.table[s].index(c)
        del state.table[s][i]
        del state.dice[s][i]
        state.out.append(c)
        state.gone[s].append(c)
        state.discard[s] = -1
    state.contenders = list(state.tied)
    state.tied = []
    reset_leaders(state)
    return [public("discard_ready", seat=seat), *settle_gangs(state)]
