"""How long a tapete match may last in OpenSpiel: `max_game_length` per game and options."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from tapete.engine import Game

# Where the rules set no bound, the bridge allows this much (decision nodes), and stops a match
# that reaches it. Each allowance is far above what random and heuristic play need (docs/api.md).
BOON_ROUNDS = 100  # rounds of Boon; heuristic bots: 18 at most in 40 matches
MOVES_PER_CARD = {"bacan": 1, "buracco": 12, "nacho-loco": 4}  # per card of the deck (per seat in Bacan), a round


@dataclass(frozen=True, slots=True)
class LengthBound:
    """The most decision nodes a match has: `hard` when the rules bound it, else
    the bridge's allowance, where it stops the match (a draw); `why` says how."""

    moves: int
    hard: bool
    why: str


def length_bound(game: Game, num_players: int, options: Any, simultaneous: bool = True) -> LengthBound:
    """The bound of `max_game_length` for a game, its player count and options, in
    the simultaneous form (one node for seats choosing at once) or not (one node a seat)."""
    n = num_players
    probe = game.new_match(n, 0, options)
    view = probe.view(0)
    deck = len(probe.card_ids())
    if game.id == "wanted":
        # WAN-4..WAN-12: every card and die is dealt up front; a stage is at most 5 battles
        # (Duelo, Tiroteo) or `deals` deals of one battle each (Pandillas), and at most
        # `replays` replay stages follow. Seats choosing at once: one node, or one a seat.
        each = 1 if simultaneous else n
        hand = len(view["hand"])
        if options.mode != "pandillas":
            moves = (1 + options.replays) * hand * each
            return LengthBound(moves, True, f"(1 + {options.replays} replays) stages x {hand} battles x {each}")
        # a battle: 3 picks, a leader choice after each of the <= 3 settlements, <= 2 tie discards
        battle = (3 + 3 + 2) * each
        moves = options.deals * battle + (options.deals - 1) + options.replays * (1 + battle)
        return LengthBound(moves, True, f"{options.deals} deals and {options.replays} replays of {battle}-node battles")
    if game.id == "boon":
        # A round: the deal, a bid a seat at most, the bury, every card played (BOO-4..BOO-8).
        # Rounds go on until a seat has no victory card (BOO-12): they pass back and forth, and a
        # payout table of zeros never ends, so the rounds have no bound.
        rnd = 1 + n + view["boon_size"] + n * len(view["hand"])
        return LengthBound(BOON_ROUNDS * rnd, False, f"{BOON_ROUNDS} rounds x {rnd} (a round's bound)")
    if game.id == "nacho-loco":
        # NAC-15, NAC-17: a round gives its winner a point for every card in the other hands
        # (>= n-1), so a match has at most n(target-1)/(n-1) + 1 rounds. A round has no bound:
        # a seat may draw and keep playable cards (NAC-12), and the pile refills (NAC-10).
        rounds = n * (options.target - 1) // (n - 1) + 1
        rnd = MOVES_PER_CARD[game.id] * deck
        return LengthBound(rounds * rnd, False, f"{rounds} rounds (the rules' bound) x {rnd}")
    if game.id == "bacan":
        # Scores may fall (BAC-26, comodines count -1) and the discard pile is reshuffled into
        # the deck (BAC-15): neither rounds nor turns have a bound. The allowance grows with the
        # limit: one round a point of it, each round every seat's pass through the deck.
        rounds = max(options.limit, 10)
        rnd = MOVES_PER_CARD[game.id] * deck * n
        return LengthBound(rounds * rnd, False, f"{rounds} rounds x {rnd}")
    if game.id == "buracco":
        # BUR-13: the pozo may pass back and forth while the stock lasts, and hands may score
        # below zero (BUR-22): neither hands nor turns have a bound.
        hands = max(math.ceil(options.target / 100), 5)
        rnd = MOVES_PER_CARD[game.id] * deck
        return LengthBound(hands * rnd, False, f"{hands} hands x {rnd}")
    # a game the bridge has no rule for: an allowance by the size of its deck
    return LengthBound(100 * max(deck, 1) * n, False, "an allowance of 100 decisions a card and seat")

