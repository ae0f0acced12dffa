"""What one seat (or a spectator, seat None) may see of a WANTED match.

Rulings on who sees what:
- Your hand and the cards you committed: only you. Other seats' hands are
  counts, and of their commits only whether they are done (WAN-4).
- In a Duelo or Tiroteo replay (WAN-12) the hands are the face-up winners
  everybody saw, so every hand is listed (not which card was committed).
- The latest battle lies open: cards, dice, modifiers, totals, leaders,
  discards and where each card went.
- Face-up winners: everybody. Face-down piles: the count and its reward
  (the bounty) for everybody, the faces only to the seat that holds the
  pile, and to everybody once the match is over (phase IV counts them
  openly). Every card in them was revealed in a battle, so this hides
  nothing anyone could not remember; it keeps the table as the rules lay it.
- Cards out of play: everybody.
Each visible card is named once per view: cards of the latest battle are
listed in `battle` only, not again in the piles (the counts include them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import FACE_TO_ID, FACES, REWARD, SKILL
from .options import DUELO

if TYPE_CHECKING:
    from .rules import WantedState


def view(state: WantedState, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    shown = _record_cards(state)
    over = state.phase == "over"
    data: dict[str, Any] = {
        "game": "wanted",
        "seat": seat,
        "num_players": n,
        "phase": state.phase,
        "actors": list(state.actors()),
        "required": list(state.required_actors()),
        "round": state.rounds,
        "scores": state.scores(),
        "over": over,
        "winners": list(state.result),
        "mode": state.options.mode,
        "replay": state.stage,
        "players": list(state.participants),
        "stage_scores": state.stage_scores(),
        "battle_number": state.battle + (0 if over else 1),
        "battles": state.battles,
        "deal": state.deal_no,
        "deals": state.deals,
        "dealer": state.dealer if state.phase == "deal" else None,
        "deck_count": len(state.deck),
        "held": [len(state.hands[s]) + len(state.pending[s]) for s in range(n)],
        "committed": [len(state.pending[s]) == state.per for s in range(n)],
        "hand": None,
        "my_commit": None,
        "battle": _battle(state, seat),
        "piles": [_piles(state, s, seat, shown, over) for s in range(n)],
        "bounty": _bounty(state),
        "out": [FACES[c] for c in state.out if c not in shown],
        "out_count": len(state.out),
        "tied": list(state.tied),
        "discard_ready": [s for s in state.tied if state.discard[s] >= 0],
    }
    if seat is not None:
        data["hand"] = [FACES[c] for c in state.hands[seat]]
        data["my_commit"] = [FACES[c] for c in sorted(state.pending[seat])]
    if state.hands_public():
        data["public_hands"] = [
            None if s == seat else [FACES[c] for c in sorted(state.hands[s] + state.pending[s])] for s in range(n)
        ]
    return data


def _record_cards(state: WantedState) -> frozenset[int]:
    """Ids of the cards the latest battle shows (listed there only)."""
    record = state.last
    if record is None:
        return frozenset()
    if "seats" in record:
        return frozenset(FACE_TO_ID[e["card"]] for e in record["seats"])
    faces = [f for g in record["gangs"] for f in (*g["cards"], *g["discarded"])]
    return frozenset(FACE_TO_ID[f] for f in faces)


def _piles(state: WantedState, s: int, seat: int | None, shown: frozenset[int], over: bool) -> dict[str, Any]:
    down = state.face_down[s]
    open_down = over or seat == s
    return {
        "winners": [FACES[c] for c in state.winners[s] if c not in shown],
        "winners_count": len(state.winners[s]),
        "face_down": [FACES[c] for c in down if c not in shown] if open_down else None,
        "face_down_count": len(down),
        "face_down_reward": sum(REWARD[c] for c in down),
    }


def _bounty(state: WantedState) -> list[dict[str, Any]]:
    """What each seat collects in this stage, as the rules count it: the face-down cards it
    will take and their reward (`stage_scores`). In Duelo a player takes the rival's lost cards
    (WAN-6), never their own; in Tiroteo the losers' cards they hold (WAN-8); in Pandillas the
    cards taken this deal, the reward with the earlier deals' (WAN-11)."""
    n = state.num_players
    rewards = state.stage_scores()
    if state.options.mode == DUELO and n == 2:
        cards = [len(state.face_down[1 - s]) for s in range(n)]
    else:
        cards = [len(state.face_down[s]) for s in range(n)]
    return [{"cards": cards[s], "reward": rewards[s]} for s in range(n)]


def _battle(state: WantedState, seat: int | None) -> dict[str, Any] | None:
    record = state.last
    if record is None:
        return None
    if "seats" in record:
        seats = [{**e, "skill": SKILL[FACE_TO_ID[e["card"]]]} for e in record["seats"]]
        return {"kind": "single", **record, "seats": seats}
    mine = seat is not None and state.phase in ("leader", "discard")
    gangs = []
    for g in record["gangs"]:
        own = mine and g["seat"] == seat
        choices = {FACES[c] for c in state.choices[g["seat"]]} if own else set()
        chosen = FACES[state.discard[g["seat"]]] if own and state.discard[g["seat"]] >= 0 else None
        cards = []
        for i, (face, die) in enumerate(zip(g["cards"], g["dice"], strict=True)):
            entry: dict[str, Any] = {"card": face, "skill": SKILL[FACE_TO_ID[face]], "die": die}
            entry["leader"] = i == g["leader"]
            if face in choices:
                entry["may_lead"] = True
            if face == chosen:
                entry["my_discard"] = True
            cards.append(entry)
        gangs.append({**g, "cards": cards})
    return {"kind": "gangs", **record, "gangs": gangs}
