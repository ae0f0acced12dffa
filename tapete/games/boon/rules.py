"""Boon's state and transitions (rules/boon.md, BOO-1..BOO-12).

A round: the deal (BOO-4), the Boon offered blind (BOO-5), burying, tricks
(BOO-7, BOO-8), then payouts (BOO-9, BOO-10) or a Leaster (BOO-6, BOO-11).
The match goes on until someone has no victory cards (BOO-12). Between
rounds the next dealer deals with an explicit `deal` action, so the last
trick and the revealed buried cards can be looked at before the cards are
shuffled again.

Hands are kept as ascending lists of card ids, so legal actions come out
sorted without sorting. `clone()` copies lists explicitly (no deepcopy):
ISMCTS clones and determinizes this state thousands of times a second.
"""

from __future__ import annotations

import random
from typing import Any, Self

from tapete.engine import LIST, LISTS, Event, Field, FieldState, Outcome, Rejection, Rng, private, public, redeal

from . import actions as act
from .cards import (
    FACES,
    NUM_CARDS,
    ORO,
    POINTS,
    POWER,
    REMOVED_FOR_THREE,
    SUIT,
    SUIT_BIT,
    TOTAL_POINTS,
    VICTORY_PER_PLAYER,
    points_of,
)
from .illegal import explain
from .legal import legal_actions
from .options import Options
from .phases import BID, BURY, OVER, PHASES, PLAY, ROUND_OVER
from .redeal import constrained_deal
from .views import copy_json, view

# BOO-4: cards per hand and Boon size by number of players.
HAND_SIZE = {3: 9, 4: 7}
BOON_SIZE = {3: 3, 4: 4}
DECKS = {
    3: tuple(c for c in range(NUM_CARDS) if c not in REMOVED_FOR_THREE),
    4: tuple(range(NUM_CARDS)),
}
REMOVED = {3: REMOVED_FOR_THREE, 4: ()}

# BOO-9 bands, in the order they are checked.
BAND_ALL_TRICKS, BAND_91, BAND_61, BAND_31, BAND_30, BAND_NO_TRICK = range(6)


def trick_winner_index(trick: list[int]) -> int:
    """BOO-8: the highest gold wins; with no gold, the highest card of the suit led."""
    best = 0
    led = SUIT[trick[0]]
    best_power = POWER[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        if (SUIT[card] == led or SUIT[card] == ORO) and POWER[card] > best_power:
            best, best_power = i, POWER[card]
    return best


def payout_band(taker_points: int, taker_tricks: int, total_tricks: int) -> int:
    """BOO-9: every trick and no trick are checked before the point bands."""
    if taker_tricks == total_tricks:
        return BAND_ALL_TRICKS
    if taker_tricks == 0:
        return BAND_NO_TRICK
    if taker_points >= 91:
        return BAND_91
    if taker_points >= 61:
        return BAND_61
    if taker_points >= 31:
        return BAND_31
    return BAND_30


class BoonState(FieldState):
    """A Boon match: every round until someone runs out of victory cards."""

    game_id = "boon"
    OPTIONS = Options
    FIELDS = (
        Field("round"), Field("dealer"), Field("phase"), Field("victory", LIST), Field("hands", LISTS),
        Field("boon", LIST), Field("buried", LIST), Field("taker"), Field("leaster"), Field("passed", LIST),
        Field("turn"), Field("leader"), Field("trick", LIST), Field("piles", LISTS), Field("tricks_won", LIST),
        Field("last_trick", dump=copy_json, load=copy_json),  # replaced, never changed in place
        Field("last_leader"), Field("last_winner"), Field("voids", LIST),
        Field("last_result", dump=copy_json, load=copy_json),  # replaced, never changed in place
        Field("_actors", json=False),
    )  # fmt: skip
    space = act.SPACE

    def __init__(self, num_players: int, options: Options, seed: int) -> None:
        super().__init__(num_players, options, seed)
        self.victory = [VICTORY_PER_PLAYER] * num_players  # BOO-3
        self.round = 0
        self.dealer = self.rng.randint(0, num_players - 1)  # BOO-4: the first dealer is random
        self.last_result: dict[str, Any] | None = None
        self._deal()

    # -- the deal (BOO-4) -----------------------------------------------------
    def _deal(self) -> list[Event]:
        n = self.num_players
        deck = list(DECKS[n])
        self.rng.shuffle(deck)
        size = HAND_SIZE[n]
        self.round += 1
        self.hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(n)]
        self.boon = deck[n * size :]
        self.buried: list[int] = []
        self.taker = -1
        self.leaster = False
        self.passed: list[int] = []
        self.trick: list[int] = []
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.tricks_won = [0] * n
        self.last_trick: list[int] = []
        self.last_leader = -1
        self.last_winner = -1
        self.voids = [0] * n
        self.phase = BID
        self.leader = (self.dealer + 1) % n
        self._set_turn(self.leader)
        events = [public("deal", round=self.round, dealer=self.dealer, hand_size=size, boon_size=BOON_SIZE[n])]
        events.extend(private((s,), "hand", seat=s, cards=[FACES[c] for c in self.hands[s]]) for s in range(n))
        return events

    def _set_turn(self, seat: int) -> None:
        self.turn = seat
        self._actors: tuple[int, ...] = (seat,)

    # -- who acts -----------------------------------------------------------
    def round_index(self) -> int:
        return self.round

    def actors(self) -> tuple[int, ...]:
        return self._actors

    def turn_rule(self) -> str:
        if self.phase in (BID, BURY):
            return "BOO-5"
        if self.phase == PLAY:
            return "BOO-8" if self.last_winner >= 0 and not self.trick else "BOO-7"
        if self.phase == ROUND_OVER:
            return "BOO-4"
        return "BOO-12"

    @property
    def boon_size(self) -> int:
        return BOON_SIZE[self.num_players]

    @property
    def total_tricks(self) -> int:
        return HAND_SIZE[self.num_players]

    # -- legal actions --------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[int]:
        return legal_actions(self, seat)

    def why_illegal(self, seat: int, action: int) -> Rejection:
        return explain(self, seat, action)

    # -- transitions ------------------------------------------------------------
    def _apply(self, seat: int, action: int) -> list[Event]:
        if action >= act.PLAY_BASE:
            return self._play(seat, action - act.PLAY_BASE)
        if action >= act.BURY_BASE:
            return self._bury(seat, action - act.BURY_BASE)
        if action == act.PASS:
            return self._pass(seat)
        if action == act.TAKE:
            return self._take(seat)
        self.dealer = (self.dealer + 1) % self.num_players  # BOO-4: the deal passes to the left
        return self._deal()

    def _pass(self, seat: int) -> list[Event]:
        """BOO-5/BOO-6: pass the Boon; when all have passed, a Leaster."""
        self.passed.append(seat)
        events = [public("pass", seat=seat)]
        if len(self.passed) == self.num_players:
            self.leaster = True
            self.phase = PLAY
            self._set_turn(self.leader)
            events.append(public("leaster", leader=self.leader))
        else:
            self._set_turn((seat + 1) % self.num_players)
        return events

    def _take(self, seat: int) -> list[Event]:
        """BOO-5: take the Boon blind into the hand, then bury as many cards."""
        self.taker = seat
        boon = self.boon
        self.hands[seat] = sorted(self.hands[seat] + boon)
        self.boon = []
        self.phase = BURY
        return [
            public("take", seat=seat, boon_size=len(boon)),
            private((seat,), "boon", seat=seat, cards=[FACES[c] for c in sorted(boon)]),
        ]

    def _bury(self, seat: int, card: int) -> list[Event]:
        """BOO-5: buried cards go face down to the taker's points pile."""
        self.hands[seat].remove(card)
        self.buried.append(card)
        events = [
            private((seat,), "bury", seat=seat, card=FACES[card]),
            public("buried", seat=seat, count=len(self.buried)),
        ]
        if len(self.buried) == self.boon_size:
            self.phase = PLAY
            self._set_turn(self.leader)
        return events

    def _play(self, seat: int, card: int) -> list[Event]:
        """BOO-7: play one card, following the suit led if possible."""
        self.hands[seat].remove(card)
        trick = self.trick
        if trick and SUIT[card] != SUIT[trick[0]]:
            self.voids[seat] |= SUIT_BIT[trick[0]]  # public: the seat showed it has none
        trick.append(card)
        events = [public("play", seat=seat, card=FACES[card])]
        if len(trick) < self.num_players:
            self._set_turn((seat + 1) % self.num_players)
            return events
        return self._close_trick(events)

    def _close_trick(self, events: list[Event]) -> list[Event]:
        """BOO-8: the winner takes the trick and leads the next."""
        trick = self.trick
        winner = (self.leader + trick_winner_index(trick)) % self.num_players
        self.piles[winner].extend(trick)
        self.tricks_won[winner] += 1
        self.last_trick, self.last_leader, self.last_winner = trick, self.leader, winner
        self.trick = []
        self.leader = winner
        # The cards were shown by the play events; naming them again would count twice.
        events.append(public("trick", winner=winner, points=sum(POINTS[c] for c in trick)))
        if self.hands[winner]:
            self._set_turn(winner)
            return events
        return self._end_round(events)

    # -- the end of a round (BOO-9..BOO-12) ----------------------------------------
    def _end_round(self, events: list[Event]) -> list[Event]:
        if self.leaster:
            result = self._settle_leaster()
            events.append(public("round_end", **result))
        else:
            result = self._settle_taker()
            events.append(public("round_end", buried=[FACES[c] for c in self.buried], **result))
        self.last_result = result
        if min(self.victory) == 0:  # BOO-12
            self.phase = OVER
            self._actors = ()
            events.append(public("match_end", winners=list(self.winners()), victory=list(self.victory)))
        else:
            self.phase = ROUND_OVER
            self._set_turn((self.dealer + 1) % self.num_players)
        return events

    def _settle_taker(self) -> dict[str, Any]:
        """BOO-9: the taker settles with each defender by the payout table."""
        taker = self.taker
        buried_points = points_of(self.buried)
        taker_points = points_of(self.piles[taker]) + buried_points
        band = payout_band(taker_points, self.tricks_won[taker], self.total_tricks)
        amount = self.options.payout_table[band]
        defenders = [(taker + i) % self.num_players for i in range(1, self.num_players)]
        if amount >= 0:
            transfers = [[d, taker, self._pay(d, taker, amount)] for d in defenders]
        else:
            transfers = self._taker_pays(taker, defenders, -amount)
        return {
            "leaster": False,
            "taker": taker,
            "taker_points": taker_points,
            "defender_points": TOTAL_POINTS - taker_points,
            "buried_points": buried_points,
            "taker_tricks": self.tricks_won[taker],
            "band": band,
            "amount": amount,
            "transfers": [t for t in transfers if t[2] > 0],
            "victory": list(self.victory),
        }

    def _pay(self, payer: int, payee: int, count: int) -> int:
        """BOO-10: whoever owes more than they hold pays all they have."""
        paid = min(count, self.victory[payer])
        self.victory[payer] -= paid
        self.victory[payee] += paid
        return paid

    def _taker_pays(self, taker: int, defenders: list[int], each: int) -> list[list[int]]:
        """BOO-10: one card at a time, in turn order from the taker's left."""
        paid = dict.fromkeys(defenders, 0)
        for _ in range(each):
            for d in defenders:
                if self.victory[taker] == 0:
                    break
                paid[d] += self._pay(taker, d, 1)
        return [[taker, d, paid[d]] for d in defenders]

    def _settle_leaster(self) -> dict[str, Any]:
        """BOO-11: fewest points among trick winners, then fewest tricks; each other player pays 1."""
        points = [points_of(p) for p in self.piles]
        keys = {s: (points[s], self.tricks_won[s]) for s in range(self.num_players) if self.tricks_won[s] > 0}
        best = min(keys.values())
        leaders = [s for s, k in keys.items() if k == best]
        winner = leaders[0] if len(leaders) == 1 else None
        transfers = []
        if winner is not None:
            for i in range(1, self.num_players):
                payer = (winner + i) % self.num_players
                transfers.append([payer, winner, self._pay(payer, winner, 1)])
        return {
            "leaster": True,
            "points": points,
            "tricks": list(self.tricks_won),
            "winner": winner,
            "transfers": [t for t in transfers if t[2] > 0],
            "victory": list(self.victory),
        }

    def winners(self) -> tuple[int, ...]:
        """BOO-12: the most victory cards win; a tie shares the win."""
        top = max(self.victory)
        return tuple(s for s in range(self.num_players) if self.victory[s] == top)

    # -- the end -----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        return Outcome(self.winners(), tuple(float(v) for v in self.victory), self.round)

    # -- information -----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def card_ids(self) -> list[int]:
        cards = [c for hand in self.hands for c in hand]
        cards += self.boon + self.buried + self.trick + list(REMOVED[self.num_players])
        for pile in self.piles:
            cards += pile
        return cards

    def buried_hidden_from(self, seat: int | None) -> bool:
        """Buried cards are face down until the round's count (BOO-5, BOO-9)."""
        return self.phase not in (ROUND_OVER, OVER) and seat != self.taker

    def hidden_cards(self, seat: int | None) -> list[int]:
        hidden = [c for s, hand in enumerate(self.hands) if s != seat for c in hand]
        hidden += self.boon  # untaken, or set aside in a Leaster: nobody sees it
        if self.buried and self.buried_hidden_from(seat):
            hidden += self.buried
        return hidden

    def determinize(self, seat: int, rng: random.Random) -> Self:
        world = self.clone()
        world._redeal_hidden(seat, rng)
        world.rng = Rng(rng.getrandbits(63))
        return world

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Redeal what `seat` does not know into the same places, keeping the
        suits each seat has shown it lacks (BOO-7) out of its hand."""
        places: list[list[int]] = [h for s, h in enumerate(self.hands) if s != seat and h]
        banned = [self.voids[s] for s, h in enumerate(self.hands) if s != seat and h]
        if self.boon:
            places.append(self.boon)
            banned.append(0)
        if self.buried and self.buried_hidden_from(seat):
            places.append(self.buried)
            banned.append(0)
        if not any(banned):
            redeal(places, rng)
        else:
            pool = [c for p in places for c in p]
            dealt = constrained_deal(pool, [len(p) for p in places], banned, rng)
            for place, cards in zip(places, dealt, strict=True):
                place[:] = cards
        for s, hand in enumerate(self.hands):
            if s != seat:
                hand.sort()

    def _after_load(self) -> None:
        if self.phase not in PHASES:
            raise ValueError(f"unknown Boon phase {self.phase!r}")
        self._actors = () if self.phase == OVER else (self.turn,)
