"""Hand-built positions with a clear blunder in each game, built with the game's position
builder (`tapete.api.position_builder`): the move played, and what a better move looks like.

- Bacan (2 players, limit 50, scores 40 and 10): calling Bacan with a known row of 9 against a
  row whose first two cards are a known 2: the call fails, the penalty card takes the caller past
  the limit and the match is lost; drawing from the deck keeps it going.
- Buracco (2 players): the opponent has taken its muerto, holds a canasta run black 5 to 11 and one
  tile; discarding black 12 lets them take the pozo, extend the run and go out; red 3 fits nothing.
- Boon (4 players): the taker led gold 14 and has 56 points; a defender holding gold 6 (11 points)
  and gold 1 (none) throws gold 6 on the trick: the taker passes 60 and the payouts turn.

`seed` deals what the seat cannot see otherwise (the deck, the stock, the others' hands).
- Nacho Loco (3 players): Go Again after the last card but one; passing instead of placing the
  last card (which wins the round) while both opponents hold two cards.
- WANTED Pandillas (2 players, the last deal, behind on bounty): the gang 2♥, 3♣, K♠ against
  whatever the rival commits, holding both Jokers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tapete.api import get_game, position_builder
from tapete.engine import Game, State
from tapete.games.wanted.actions import kind_of


@dataclass(frozen=True)
class Blunder:
    game: Game
    state: State
    seat: int
    played: int | tuple[int, ...]
    better: Callable[[list[dict[str, Any]]], bool]  # the best move's JSON forms: the expected better move?


def _action(state: State, seat: int, form: dict[str, Any]) -> int:
    return next(a for a in state.legal_actions(seat) if state.action_to_json(a) == form)


def bacan(seed: int = 0) -> Blunder:
    game = get_game("bacan")
    state = position_builder(game)(
        rows=[["rojo-3", "azul-4", "verde-2"], ["amarillo-1", "rojo-1", "verde-7", "azul-7"]],
        discard=["violeta-6"],
        current=0,
        peeked={0: [0, 1, 2], 1: [0, 1, 2, 3]},
        turns_played=2,
        scores=[40, 10],
        options={"limit": 50, "memory": "assisted"},
        seed=seed,
    )
    data = state.to_json()  # seat 0 saw the first two cards of seat 1's row (an Espía, say)
    for card in data["rows"][1][:2]:
        data["known"][card] |= 1 << 0
    state = game.state_from_json(data)
    call = _action(state, 0, {"type": "call_bacan"})
    return Blunder(game, state, 0, call, lambda best: best == [{"type": "draw", "source": "deck"}])


def buracco(seed: int = 0) -> Blunder:
    game = get_game("buracco")
    state = position_builder(game)(
        racks=[["negro-12", "rojo-3"], ["azul-9"]],
        melds=[
            [["amarillo-7", "amarillo-8", "amarillo-9", "amarillo-10"], ["rojo-11", "azul-11", "amarillo-11"]],
            [["negro-5", "negro-6", "negro-7", "negro-8", "negro-9", "negro-10", "negro-11"]],
        ],
        muertos_taken=(False, True),
        turn=0,
        phase="meld",
        seed=seed,
    )
    state.apply(0, _action(state, 0, {"type": "done"}))  # on to the discard
    discard = _action(state, 0, {"type": "discard", "tile": "negro-12"})
    return Blunder(game, state, 0, discard, lambda best: best == [{"type": "discard", "tile": "rojo-3"}])


def boon(seed: int = 0) -> Blunder:
    game = get_game("boon")
    # What the defender cannot see (the others' hands, the buried cards), dealt by `seed`.
    hidden = ["azul-1", "verde-1", "rojo-2", "verde-2", "rojo-3", "oro-2", "oro-3", "azul-2", "azul-3"]
    if seed:
        random.Random(seed).shuffle(hidden)
    state = position_builder(game)(
        hands=[hidden[:1], ["oro-6", "oro-1"], hidden[1:3], hidden[3:5]],
        trick=["oro-14"],
        leader=0,
        taker=0,
        buried=hidden[5:],
        piles=[
            ["azul-6", "verde-6", "rojo-6", "verde-5", "oro-11", "oro-12", "oro-13", "azul-4"],
            ["azul-5", "verde-3", "verde-4", "rojo-1"],
            ["rojo-4", "rojo-5", "oro-4", "oro-5"],
            ["oro-7", "oro-8", "oro-9", "oro-10"],
        ],
        tricks_won=[2, 1, 1, 1],
        seed=seed,
    )
    throw = _action(state, 1, {"type": "play", "card": "oro-6"})
    return Blunder(game, state, 1, throw, lambda best: best == [{"type": "play", "card": "oro-1"}])


def nacho_loco(seed: int = 0) -> Blunder:
    game = get_game("nacho-loco")
    state = position_builder(game)(
        hands=[["otravez/rojo/X", "rojo/X/X"], ["azul/X/X", "rojo/azul/X"], ["azul/rojo/X", "rojo/verde/X"]],
        field={(0, 0): "otravez/azul/X"},
        turn=0,
        seed=seed,
    )
    for action in state.legal_actions(0):  # the placement that matches Go Again
        after = state.clone()
        after.apply(0, action)
        kinds = {after.action_to_json(a)["type"] for a in after.legal_actions(0)} if 0 in after.actors() else set()
        if {"pass", "place"} <= kinds:
            state = after
            break
    else:
        raise AssertionError("no placement matches Go Again")
    return Blunder(
        game, state, 0, _action(state, 0, {"type": "pass"}), lambda best: [b["type"] for b in best] == ["place"]
    )


def wanted(seed: int = 0) -> Blunder:
    game = get_game("wanted")
    state = position_builder(game)(
        hands=[
            ["joker-rojo", "joker-negro", "K-picas", "2-corazones", "3-treboles"],
            ["5-diamantes", "7-corazones", "9-treboles", "Q-diamantes", "4-picas"],
        ],
        face_down=[["5-picas"], ["9-picas"]],
        options={"mode": "pandillas"},
        seed=seed,
    )
    data = state.to_json()  # the last of the three deals
    data.update(deal_no=3, rounds=3)
    state = game.state_from_json(data)
    commits = {state.action_to_json(a)["card"]: a for a in state.legal_actions(0) if kind_of(a) == "commit"}
    gang = (commits["2-corazones"], commits["3-treboles"], commits["K-picas"])

    def jokers(best: list[dict[str, Any]]) -> bool:
        return any(b["card"].startswith("joker") for b in best) and len(best) == 3

    return Blunder(game, state, 0, gang, jokers)


BLUNDERS: dict[str, Callable[[int], Blunder]] = {
    "bacan": bacan,
    "buracco": buracco,
    "nacho-loco": nacho_loco,
    "boon": boon,
    "wanted": wanted,
}
