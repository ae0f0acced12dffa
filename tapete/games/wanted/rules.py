"""WANTED's match: deals, simultaneous commits, battles, bounty and replays.

A match is one stage of battles (WAN-4..WAN-11) and, while the top players
are tied, up to `replays` replay stages (WAN-12). Seats are numbered in turn
order; "to the owner's right" is the owner's pile.

Where each card lies:
  deck          undealt, face down (nobody knows it)
  hands         each seat's hand (only its owner knows it; in a Duelo or
                Tiroteo replay the hands are the former face-up winners,
                known to all)
  pending       committed face down this battle (only the owner knows which)
  table         Pandillas: the gangs in play while leaders and ties are settled
  winners       face-up winners in front of their owner
  face_down     face-down pile in front of a seat: in Duelo its own lost
                cards (the opponent collects them), in Tiroteo and Pandillas
                the bounty it won. Only the holder's view lists the faces;
                every card in it was revealed in a battle, so nothing is
                secret, only not shown again (rulings in views.py)
  out           out of play: Tiroteo ties, Pandillas discards and battles
                nobody won, piles of a finished stage
  rolls         the dice of this deal not used yet: rolled with the deal by
                the state's Rng and kept face down (nobody sees them before
                their battle; determinize rolls them again)

Phases: "commit" (every seat still to commit acts at once), "leader" (owners
settle a leader tie), "discard" (tied Pandillas players discard at once),
"deal" (the Pandillas dealer deals the next deal), "over".
"""

from __future__ import annotations

import math
import random
from typing import Any, Self

from tapete.engine import ALONE, LIST, LISTS, Event, Field, FieldState, Outcome, Rejection, Rng, public, redeal

from . import actions as act
from .battle import single_battle
from .cards import FACES, NUM_CARDS, REWARD
from .gangs import choose_discard, choose_leader, reset_leaders, settle_gangs
from .illegal import explain
from .legal import legal_actions
from .options import MODES, Options
from .phases import COMMIT, DEAL, DISCARD, LEADER, OVER
from .views import view

DUELO, TIROTEO, PANDILLAS = 0, 1, 2
HAND = 5
GANG = 3
# Where a battle card went, in battle records.
TO_WINNERS, TO_FACE_DOWN, TO_OUT = "winners", "face_down", "out"

# P(54, k): the ordered ways to deal k cards of 54.
_ARRANGEMENTS = [math.perm(NUM_CARDS, k) for k in range(NUM_CARDS + 1)]


def _rewards(cards: list[int]) -> int:
    total = 0
    for c in cards:
        total += REWARD[c]
    return total


class WantedState(FieldState):
    game_id = "wanted"
    OPTIONS = Options
    FIELDS = (
        Field("mode", json=False), Field("per", json=False),
        Field("deck", LIST), Field("rolls", LIST), Field("hands", LISTS), Field("pending", LISTS),
        Field("table", LISTS), Field("dice", LISTS), Field("winners", LISTS), Field("face_down", LISTS),
        Field("out", LIST), Field("bank", LIST), Field("won", LIST),
        Field("main", dump=list, load=list),  # replaced, never changed in place
        Field("participants", LIST), Field("contenders", LIST), Field("tied", LIST), Field("choices", LISTS),
        Field("leader", LIST), Field("discard", LIST), Field("gone", LISTS), Field("phase"), Field("battle"),
        Field("battles"), Field("deal_no"), Field("deals"), Field("stage"), Field("rounds"), Field("dealer"),
        Field("last"),  # records are replaced, never changed in place
        Field("result", LIST), Field("result_rule"),
        Field("_actors", key="actors", dump=list, load=tuple),
    )  # fmt: skip
    space = act.SPACE

    def __init__(self, num_players: int, options: Options, seed: int) -> None:
        super().__init__(num_players, options, seed)
        n = num_players
        self.mode = MODES.index(options.mode)
        self.per = GANG if self.mode == PANDILLAS else 1
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pending: list[list[int]] = [[] for _ in range(n)]
        self.table: list[list[int]] = [[] for _ in range(n)]
        self.dice: list[list[int]] = [[] for _ in range(n)]
        self.winners: list[list[int]] = [[] for _ in range(n)]
        self.face_down: list[list[int]] = [[] for _ in range(n)]
        self.out: list[int] = []
        self.bank = [0] * n  # Pandillas: bounty of earlier deals of this stage
        self.won = [0] * n  # battles won in this stage
        self.main: list[int] | None = None  # the main stage's bounty, once it ended
        self.participants = list(range(n))
        self.contenders: list[int] = []
        self.tied: list[int] = []
        self.choices: list[list[int]] = [[] for _ in range(n)]
        self.leader = [-1] * n
        self.discard = [-1] * n
        self.gone: list[list[int]] = [[] for _ in range(n)]  # this battle's discards (WAN-10), in `out`
        self.phase = COMMIT
        self.battle = 0  # battles fought in this deal
        self.battles = HAND
        self.deal_no = 1
        self.deals = options.deals if self.mode == PANDILLAS else 1
        self.stage = 0  # 0: the match proper; k: the k-th replay (WAN-12)
        self.rounds = 1  # deals dealt in the match, replays included
        self.dealer = 0
        self.last: dict[str, Any] | None = None  # the latest battle, for views
        self.rolls: list[int] = []  # this deal's dice still to be used, face down
        self.result: list[int] = []
        self.result_rule = ""
        self._actors: tuple[int, ...] = ()

    @classmethod
    def new(cls, num_players: int, options: Options, seed: int) -> WantedState:
        """WAN-4: shuffle and deal 5 cards to every player."""
        state = cls(num_players, options, seed)
        state._deal()
        return state

    def round_index(self) -> int:
        """The deal number (the spectator view's `round`)."""
        return self.rounds

    # -- who acts ------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return self._actors

    def turn_rule(self) -> str:
        return {COMMIT: "WAN-4", LEADER: "WAN-9", DISCARD: "WAN-10", DEAL: "WAN-11"}.get(self.phase, "WAN-12")

    # -- legal actions -------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[int]:
        return legal_actions(self, seat)

    def why_illegal(self, seat: int, action: int) -> Rejection:
        return explain(self, seat, action)

    # -- applying ------------------------------------------------------------
    def _apply(self, seat: int, action: int) -> list[Event]:
        if action < act.LEADER_BASE:
            return self._commit(seat, action)
        if action < act.DISCARD_BASE:
            return choose_leader(self, seat, action - act.LEADER_BASE)
        if action < act.DEAL:
            return choose_discard(self, seat, action - act.DISCARD_BASE)
        return self._deal_next(seat)

    def _commit(self, seat: int, card: int) -> list[Event]:
        """WAN-4 phase I: a card goes face down; nobody else learns which."""
        self.hands[seat].remove(card)
        pend = self.pending[seat]
        pend.append(card)
        if len(pend) < self.per:
            return [Event("pick", {"seat": seat, "card": FACES[card], "count": len(pend)}, ALONE[seat])]
        actors = list(self._actors)
        actors.remove(seat)
        self._actors = tuple(actors)
        done = Event("committed", {"seat": seat})
        if actors:
            mine = Event(
                "commit",
                {"seat": seat, "cards": [FACES[c] for c in pend] if self.per > 1 else [FACES[card]]},
                ALONE[seat],
            )
            return [mine, done]
        return [done, *self._reveal()]

    def _reveal(self) -> list[Event]:
        """WAN-4 phases II and III: a die per committed card, then reveal.
        The dice of a deal are rolled by the state's Rng when it is dealt
        and kept face down until used (determinize rolls them again)."""
        seats = self.participants
        k = self.per * len(seats)
        rolls = self.rolls
        rolled = rolls[-k:]
        del rolls[-k:]
        if self.mode != PANDILLAS:
            pending = self.pending
            cards = []
            for s in seats:
                cards.append(pending[s][0])
                pending[s] = []
            return self._single_battle(cards, rolled)
        i = 0
        for s in seats:
            gang = sorted(self.pending[s])
            self.pending[s] = []
            self.table[s] = gang
            self.dice[s] = rolled[i : i + GANG]
            self.gone[s] = []
            i += GANG
        self.contenders = list(seats)
        reset_leaders(self)
        return settle_gangs(self)

    # -- Duelo and Tiroteo -----------------------------------------------------
    def _single_battle(self, cards: list[int], rolled: list[int]) -> list[Event]:
        """WAN-5 (Duelo) and WAN-7 (Tiroteo): the highest total wins."""
        seats = self.participants
        mods, totals = single_battle(cards, rolled)
        top = max(totals)
        winner = seats[totals.index(top)] if totals.count(top) == 1 else -1
        entries = []
        for i, s in enumerate(seats):
            to, holder = self._send_single(s, cards[i], winner)
            entries.append(
                {
                    "seat": s,
                    "card": FACES[cards[i]],
                    "die": rolled[i],
                    "modifier": mods[i],
                    "total": totals[i],
                    "to": to,
                    "holder": holder,
                }
            )
        if winner >= 0:
            self.won[winner] += 1
        self.battle += 1
        record: dict[str, Any] = {"round": self.rounds, "number": self.battle}
        record["winner"] = winner if winner >= 0 else None
        record["seats"] = entries
        self.last = record  # the record is the event's data: neither is ever changed
        event = Event("battle", record)
        if self.battle < self.battles:
            self._actors = tuple(seats)
            return [event]
        return [event, *self._after_battle()]

    def _send_single(self, seat: int, card: int, winner: int) -> tuple[str, int | None]:
        """Where a Duelo / Tiroteo card goes (WAN-5, WAN-7)."""
        if seat == winner:
            self.winners[seat].append(card)
            return TO_WINNERS, seat
        if self.mode == DUELO:
            self.face_down[seat].append(card)  # lost or tied: face down by its owner
            return TO_FACE_DOWN, seat
        if winner >= 0:
            self.face_down[winner].append(card)  # losers go to the winner's right
            return TO_FACE_DOWN, winner
        self.out.append(card)  # a tie for the highest: the cards leave the game
        return TO_OUT, None

    # -- deals, stages and the end ----------------------------------------------
    def _deal(self) -> None:
        """WAN-4: shuffle, deal 5 cards to every participant, and roll every
        die this deal will need (phase II; kept face down until used).

        One draw of the state's Rng decides it all: a uniform integer below
        P(54, dealt) * 6**dice, read in mixed radix as the first steps of a
        Fisher-Yates shuffle and then as the dice. The undealt cards are never
        drawn from, so their order needs no more randomness."""
        dealt = HAND * len(self.participants)
        self.battle = 0
        self.battles = 1 if self.mode == PANDILLAS else HAND
        count = self.per * len(self.participants) * self.battles
        r = self.rng.randint(0, _ARRANGEMENTS[dealt] * 6**count - 1)
        deck = list(range(NUM_CARDS))
        for i in range(dealt):
            r, j = divmod(r, NUM_CARDS - i)
            j += i
            deck[i], deck[j] = deck[j], deck[i]
        rolls = []
        for _ in range(count):
            r, d = divmod(r, 6)
            rolls.append(d + 1)
        self.rolls = rolls
        for i, s in enumerate(self.participants):
            self.hands[s] = sorted(deck[i * HAND : (i + 1) * HAND])
        self.deck = deck[dealt:]
        self.phase = COMMIT
        self._actors = tuple(self.participants)

    def _deal_next(self, seat: int) -> list[Event]:
        """WAN-11: bank the bounty, gather every card and deal afresh."""
        for s in range(self.num_players):
            self.bank[s] += _rewards(self.face_down[s])
            self.hands[s] = []
            self.pending[s] = []
            self.table[s] = []
            self.dice[s] = []
            self.winners[s] = []
            self.face_down[s] = []
            self.gone[s] = []
        self.out = []
        self.last = None
        self.deal_no += 1
        self.rounds += 1
        self._deal()
        events = [public("deal", dealer=seat, round=self.rounds, players=list(self.participants))]
        for s in self.participants:
            events.append(Event("hand", {"seat": s, "cards": [FACES[c] for c in self.hands[s]]}, ALONE[s]))
        return events

    def _after_battle(self) -> list[Event]:
        if self.battle < self.battles:
            self.phase = COMMIT
            self._actors = tuple(self.participants)
            return []
        if self.mode == PANDILLAS and self.deal_no < self.deals:
            self.phase = DEAL
            self.dealer = self.participants[self.deal_no % len(self.participants)]
            self._actors = (self.dealer,)
            return [public("deal_over", round=self.rounds, scores=self.stage_scores())]
        return self._end_stage()

    def stage_scores(self) -> list[int]:
        """Bounty of this stage per seat (WAN-6, WAN-8, WAN-11)."""
        n = self.num_players
        if self.mode == DUELO:
            return [_rewards(self.face_down[1 - s]) if n == 2 else 0 for s in range(n)]
        if self.mode == TIROTEO:
            return [_rewards(self.face_down[s]) for s in range(n)]
        return [self.bank[s] + _rewards(self.face_down[s]) for s in range(n)]

    def scores(self) -> list[int]:
        """The match's figures: the main stage's bounty."""
        return list(self.main) if self.main is not None else self.stage_scores()

    def _end_stage(self) -> list[Event]:
        """WAN-6, WAN-8, WAN-11: collect; WAN-12: replay or share a tie."""
        if self.mode != PANDILLAS:
            for s in self.participants:  # replay cards left unplayed stay winners
                self.winners[s].extend(self.hands[s])
                self.hands[s] = []
        stage = self.stage_scores()
        if self.main is None:
            self.main = list(stage)
        top = max(stage[s] for s in self.participants)
        tied = [s for s in self.participants if stage[s] == top]
        events = [public("stage_over", stage=self.stage, scores=stage, tied=tied)]
        if len(tied) == 1:
            rule = "WAN-12" if self.stage else {DUELO: "WAN-6", TIROTEO: "WAN-8", PANDILLAS: "WAN-11"}[self.mode]
            return events + self._finish(tied, rule)
        able = [s for s in tied if self._has_winners(s)]
        if not able:
            return events + self._finish(tied, "WAN-12")
        if len(able) == 1 or self.stage >= self.options.replays:
            return events + self._finish(able, "WAN-12")
        return events + self._start_replay(able)

    def _has_winners(self, seat: int) -> bool:
        """WAN-12: a tied player with no winners loses to one who has some."""
        if self.mode == PANDILLAS:
            return self.won[seat] > 0  # the cards went back to the deck each deal
        return bool(self.winners[seat])

    def _finish(self, winners: list[int], rule: str) -> list[Event]:
        self.result = sorted(winners)
        self.result_rule = rule
        self.phase = OVER
        self._actors = ()
        return [public("match_over", winners=self.result, scores=self.scores(), rule=rule)]

    def _start_replay(self, players: list[int]) -> list[Event]:
        """WAN-12: the tied players play again, counting only the new battles.
        Duelo / Tiroteo: each takes its face-up winners as a new hand and they
        fight as many battles as the smallest hand. Pandillas: the cards went
        back to the deck at every deal, so the replay is one fresh deal."""
        self.stage += 1
        self.participants = sorted(players)
        self.won = [0] * self.num_players
        self.bank = [0] * self.num_players
        self.last = None
        for s in range(self.num_players):
            self.out.extend(self.face_down[s])
            self.face_down[s] = []
            if s not in players or self.mode == PANDILLAS:
                self.out.extend(self.winners[s])
                self.winners[s] = []
        event = public("replay", replay=self.stage, players=list(self.participants))
        if self.mode == PANDILLAS:
            self.deal_no = 0
            self.deals = 1
            self.phase = DEAL
            self.dealer = self.participants[0]
            self._actors = (self.dealer,)
            return [event]
        self.rounds += 1
        for s in self.participants:
            self.hands[s] = sorted(self.winners[s])
            self.winners[s] = []
        self.battle = 0
        self.battles = min(len(self.hands[s]) for s in self.participants)
        self.rolls = self.rng.dice(len(self.participants) * self.battles)
        self.phase = COMMIT
        self._actors = tuple(self.participants)
        return [event]

    # -- the end -------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        return Outcome(tuple(self.result), tuple(float(x) for x in self.scores()), self.rounds)

    # -- information ---------------------------------------------------------------
    def hands_public(self) -> bool:
        """In a Duelo / Tiroteo replay every hand is former face-up winners."""
        return self.stage > 0 and self.mode != PANDILLAS

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def card_ids(self) -> list[int]:
        cards = list(self.deck)
        cards.extend(self.out)
        for piles in (self.hands, self.pending, self.table, self.winners, self.face_down):
            for pile in piles:
                cards.extend(pile)
        return cards

    def hidden_cards(self, seat: int | None) -> list[int]:
        hidden = list(self.deck)
        if self.hands_public():
            return hidden  # which card of a known hand is committed is not a card identity
        for s in range(self.num_players):
            if s != seat:
                hidden.extend(self.hands[s])
                hidden.extend(self.pending[s])
        return hidden

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal what `seat` does not know; reseed future chance. When the
        hands are known (`hands_public`) that is which of its cards each other
        seat committed, and the deck; otherwise the others' hands, their
        commits and the deck."""
        world = self.clone()
        world.rng = Rng(rng.getrandbits(64))
        others = [s for s in range(self.num_players) if s != seat]
        if self.hands_public():
            for s in others:
                redeal([world.pending[s], world.hands[s]], rng)
            redeal([world.deck], rng)
        else:
            redeal([*(place for s in others for place in (world.pending[s], world.hands[s])), world.deck], rng)
        for s in others:
            world.hands[s].sort()
        world.rolls = world.rng.dice(len(self.rolls)) if self.rolls else []
        for s in others:  # a tied player's hidden discard (WAN-10)
            if self.discard[s] >= 0:
                world.discard[s] = rng.choice(self.table[s])
        return world

    def _after_load(self) -> None:
        self.mode = MODES.index(self.options.mode)
        self.per = GANG if self.mode == PANDILLAS else 1


__all__ = ["WantedState"]
