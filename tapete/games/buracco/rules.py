"""Buracco's state and transitions (rules file: rules/buracco.md).

A match is hands until a side reaches the target (BUR-23). A turn is
phases: draw (or, on the first turn of a hand, draw with the privilege),
meld (lay down and extend, a new meld built step by step), discard. Seats
0..n-1 play in turn order; with 4 players seats 0 and 2 are one side and
1 and 3 the other (partners opposite, BUR-3); with 2 the side is the seat.
Melds, the muerto and the score belong to the side.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Self

from tapete.engine import (
    ALONE,
    LIST,
    LISTS,
    RESET,
    Event,
    Field,
    FieldState,
    Outcome,
    Rejection,
    Rng,
    private,
    public,
    redeal,
)

from . import actions as act
from .cards import FACES, LOST, MUERTO_SIZE, NUM_TILES, TAKEN, WAITING
from .illegal import explain
from .legal import legal_actions
from .melds import CANASTA, Meld, build
from .options import Options
from .phases import DISCARD, DRAW, HAND_OVER, MELD, OVER, PRIVILEGE
from .rack import RackInfo
from .scoring import HandScore, match_winner, score_side
from .views import view


def _melds_json(melds: list[list[Meld]]) -> list[list[Any]]:
    return [[m.to_json() for m in side] for side in melds]


def _melds_from_json(data: list[list[Any]]) -> list[list[Meld]]:
    return [[Meld.from_json(m) for m in side] for side in data]


class BuraccoState(FieldState):
    game_id = "buracco"
    OPTIONS = Options
    FIELDS = (
        Field("hand"), Field("first_seat"), Field("turn"), Field("phase"), Field("privilege"),
        Field("racks", LISTS), Field("known", LISTS), Field("stock", LIST), Field("pozo", LIST),
        Field("muertos", LISTS), Field("muerto_state", LIST),
        Field("melds", LISTS, dump=_melds_json, load=_melds_from_json),  # the Melds are never changed
        Field("pending", LIST), Field("scores", LIST),
        Field("last_hand"),  # replaced, never changed in place
        Field("winner"), Field("_actors", json=False), Field("_info", RESET, json=False),
    )  # fmt: skip
    space = act.SPACE

    def __init__(self, num_players: int, options: Options, seed: int, *, deal: bool = True) -> None:
        super().__init__(num_players, options, seed)
        self.hand = 0
        self.first_seat = 0  # first player of the first hand (BUR-5)
        self.turn = 0
        self.phase = DRAW
        self.privilege = False  # BUR-14 still to be used this hand
        self.racks: list[list[int]] = [[] for _ in range(num_players)]
        self.known: list[list[int]] = [[] for _ in range(num_players)]  # rack tiles everyone saw (from the pozo)
        self.stock: list[int] = []
        self.pozo: list[int] = []
        self.muertos: list[list[int]] = [[], []]
        self.muerto_state = [WAITING, WAITING]
        self.melds: list[list[Meld]] = [[], []]
        self.pending: list[int] = []
        self.scores = [0, 0]
        self.last_hand: dict[str, Any] | None = None
        self.winner = -1  # winning side once the match is over
        self._actors: tuple[int, ...] = ()
        self._info: RackInfo | None = None  # the acting rack's RackInfo while it does not change
        if deal:
            self.first_seat = self.rng.randint(0, num_players - 1)  # the die (BUR-5)
            self._deal()

    def round_index(self) -> int:
        """The hand number (the spectator view's `round`)."""
        return self.hand

    # -- facts -------------------------------------------------------------------
    @property
    def opts(self) -> Options:
        return self.options

    @staticmethod
    def side_of(seat: int) -> int:
        """BUR-3: partners sit opposite, so the side is the seat's parity."""
        return seat & 1

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.num_players) if s & 1 == side]

    def has_canasta(self, side: int) -> bool:
        return any(len(m.tiles) >= CANASTA for m in self.melds[side])

    def can_empty(self, side: int, canasta_after: bool = False) -> bool:
        """May a player of `side` run out of tiles? Yes to take the waiting
        muerto (BUR-17), or to go out with a canasta (BUR-18). A side whose
        muerto became the stock goes out like one that took it (BUR-20)."""
        return self.muerto_state[side] == WAITING or canasta_after or self.has_canasta(side)

    def hand_first(self) -> int:
        """BUR-5: the first player rotates to the next seat each hand."""
        return (self.first_seat + self.hand - 1) % self.num_players

    # -- set-up (BUR-4) -------------------------------------------------------------
    def _deal(self) -> list[Event]:
        tiles = list(range(NUM_TILES))
        self.rng.shuffle(tiles)
        self.hand += 1
        self.muertos = [tiles[:MUERTO_SIZE], tiles[MUERTO_SIZE : 2 * MUERTO_SIZE]]
        size = self.opts.tiles_per_player(self.num_players)
        start = 2 * MUERTO_SIZE
        self.racks = [tiles[start + i * size : start + (i + 1) * size] for i in range(self.num_players)]
        self.stock = tiles[start + self.num_players * size :]
        self.known = [[] for _ in range(self.num_players)]
        self.pozo = []
        self.muerto_state = [WAITING, WAITING]
        self.melds = [[], []]
        self.pending = []
        self.turn = self.hand_first()
        self.phase = DRAW
        self.privilege = True
        self._actors = (self.turn,)
        events = [public("hand_start", hand=self.hand, first=self.turn, stock=len(self.stock))]
        for seat, rack in enumerate(self.racks):
            events.append(private((seat,), "dealt", seat=seat, tiles=_sorted_faces(rack)))
        return events

    # -- who acts ---------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return self._actors

    def turn_rule(self) -> str:
        return "BUR-5"

    # -- legal actions -----------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[int]:
        return legal_actions(self, seat)

    def why_illegal(self, seat: int, action: int) -> Rejection:
        return explain(self, seat, action)

    # -- applying ---------------------------------------------------------------------
    def _apply(self, seat: int, action: int) -> list[Event]:
        if act.STAGE_BASE <= action < act.DISCARD_BASE:  # the most frequent, and the rack stays
            return self._stage(seat, action - act.STAGE_BASE)
        if action == act.CANCEL:
            self.pending = []
            return [Event("cancel", {"seat": seat}, ALONE[seat])]
        self._info = None  # the rack may change
        if action == act.DRAW:
            return self._draw(seat)
        if action == act.TAKE_POZO:
            return self._take_pozo(seat)
        if action == act.KEEP:
            self.phase = MELD
            return [public("keep", seat=seat)]
        if action == act.REDRAW:
            return self._redraw(seat)
        if action == act.END_HAND:
            return [public("stock_out", seat=seat), *self._end_hand(-1)]
        if action in (act.COMMIT, act.COMMIT_HIGH):
            return self._commit(seat, action == act.COMMIT_HIGH)
        if action == act.DONE:
            self.phase = DISCARD
            return [Event("done", {"seat": seat})]
        if action == act.DEAL:
            return self._deal()
        if action < act.EXTEND_BASE:
            return self._discard(seat, action - act.DISCARD_BASE)
        slot, face, end = act.extend_parts(action)
        return self._extend(seat, slot, face, end)

    def _pick(self, seat: int, face: int, skip: list[int] | None = None) -> int:
        """A tile of `face` from the rack: one everyone saw first, so what
        the others know stays true."""
        known = self.known[seat]
        for t in known:
            if t >> 1 == face and (skip is None or t not in skip):
                return t
        for t in self.racks[seat]:
            if t >> 1 == face and (skip is None or t not in skip):
                return t
        raise AssertionError(f"no {FACES[face]} in rack")  # legal_actions guarantees one

    def _remove(self, seat: int, tile: int) -> None:
        self.racks[seat].remove(tile)
        if tile in self.known[seat]:
            self.known[seat].remove(tile)

    def _draw(self, seat: int) -> list[Event]:
        """BUR-13 (draw from the stock), BUR-20 (an untaken muerto becomes
        the stock when it runs out), BUR-14 (the privilege)."""
        events: list[Event] = []
        if not self.stock:
            events.append(self._muerto_to_stock(seat & 1))
        tile = self.stock.pop()
        self.racks[seat].append(tile)
        events.append(Event("draw", {"seat": seat, "stock": len(self.stock)}))
        events.append(Event("drew", {"seat": seat, "tile": FACES[tile >> 1]}, ALONE[seat]))
        if self.privilege:
            self.privilege = False
            self.phase = PRIVILEGE
        else:
            self.phase = MELD
        return events

    def _muerto_to_stock(self, side: int) -> Event:
        """BUR-20 (ruling): the drawing side's own muerto goes first."""
        which = side if self.muerto_state[side] == WAITING else 1 - side
        self.stock = self.muertos[which]
        self.muertos[which] = []
        self.muerto_state[which] = LOST
        return public("muerto_to_stock", side=which, stock=len(self.stock))

    def _redraw(self, seat: int) -> list[Event]:
        """BUR-14: the first tile goes face up to the pozo; draw another."""
        tile = self.racks[seat].pop()
        self.pozo.append(tile)
        new = self.stock.pop()
        self.racks[seat].append(new)
        self.phase = MELD
        return [
            public("redraw", seat=seat, tile=FACES[tile >> 1], stock=len(self.stock)),
            private((seat,), "drew", seat=seat, tile=FACES[new >> 1]),
        ]

    def _take_pozo(self, seat: int) -> list[Event]:
        """BUR-13: the whole pozo, seen by everyone."""
        taken = self.pozo
        self.pozo = []
        self.racks[seat].extend(taken)
        self.known[seat].extend(taken)
        self.privilege = False
        self.phase = MELD
        return [public("take_pozo", seat=seat, tiles=[FACES[t >> 1] for t in taken])]

    def _stage(self, seat: int, face: int) -> list[Event]:
        self.pending.append(self._pick(seat, face, self.pending))
        return [Event("stage", {"seat": seat, "tile": FACES[face]}, ALONE[seat])]

    def _commit(self, seat: int, high: bool) -> list[Event]:
        """BUR-15: the pending tiles become a meld of the side."""
        meld = build(self.pending, wild_high=high)
        assert meld is not None
        side = seat & 1
        for t in self.pending:
            self._remove(seat, t)
        self.pending = []
        self.melds[side].append(meld)
        slot = len(self.melds[side]) - 1
        events = [public("meld", seat=seat, side=side, slot=slot, meld=meld.describe())]
        return events + self._after_melding(seat)

    def _extend(self, seat: int, slot: int, face: int, end: int) -> list[Event]:
        """BUR-11/12: add a tile to a meld of the own side."""
        side = seat & 1
        tile = self._pick(seat, face)
        self._remove(seat, tile)
        old = self.melds[side][slot]
        relocated = old.relocates(face)
        new = old.extend(tile, end)
        self.melds[side][slot] = new
        events = [
            public(
                "extend",
                seat=seat,
                side=side,
                slot=slot,
                tile=FACES[face],
                end=act.ENDS[end],
                relocated=relocated,
                size=len(new.tiles),
                canasta=("pura" if new.is_pure() else "impura") if new.is_canasta() else None,
            )
        ]
        return events + self._after_melding(seat)

    def _after_melding(self, seat: int) -> list[Event]:
        """BUR-17 direct: out of tiles by melding takes the waiting muerto and
        plays on; BUR-18/19: otherwise the player goes out."""
        if self.racks[seat]:
            return []
        side = seat & 1
        if self.muerto_state[side] == WAITING:
            return self._take_muerto(seat, direct=True)
        return [public("go_out", seat=seat, side=side, by="meld"), *self._end_hand(side)]

    def _take_muerto(self, seat: int, direct: bool) -> list[Event]:
        side = seat & 1
        self.racks[seat] = self.muertos[side]
        self.muertos[side] = []
        self.muerto_state[side] = TAKEN
        return [
            public("muerto", seat=seat, side=side, direct=direct),
            private((seat,), "muerto_tiles", seat=seat, tiles=_sorted_faces(self.racks[seat])),
        ]

    def _discard(self, seat: int, face: int) -> list[Event]:
        """BUR-16, BUR-17 indirect, BUR-18/19 going out by discarding."""
        tile = self._pick(seat, face)
        self._remove(seat, tile)
        self.pozo.append(tile)
        events = [Event("discard", {"seat": seat, "tile": FACES[face]})]
        side = seat & 1
        if not self.racks[seat]:
            if self.muerto_state[side] != WAITING:
                events.append(public("go_out", seat=seat, side=side, by="discard"))
                return events + self._end_hand(side)
            events.extend(self._take_muerto(seat, direct=False))
        self.turn = (seat + 1) % self.num_players
        self.phase = DRAW
        self._actors = (self.turn,)
        return events

    # -- the end of a hand and of the match ------------------------------------------------
    def hand_scores(self, closing_side: int) -> list[HandScore]:
        """BUR-21/22 for both sides, as the hand stands now."""
        out = []
        for side in (0, 1):
            in_hand = [t for s in self.side_seats(side) for t in self.racks[s]]
            out.append(score_side(self.melds[side], in_hand, self.muerto_state[side] == TAKEN, closing_side == side))
        return out

    def _end_hand(self, closing_side: int) -> list[Event]:
        scores = self.hand_scores(closing_side)
        for side in (0, 1):
            self.scores[side] += scores[side].total
        self.pending = []
        self.last_hand = {
            "hand": self.hand,
            "closing_side": closing_side if closing_side >= 0 else None,
            "sides": [s.to_json() for s in scores],
        }
        self.winner = match_winner(self.scores, self.opts.target)
        if self.winner >= 0:
            self.phase = OVER
            self._actors = ()
        else:
            self.phase = HAND_OVER
            self.turn = (self.hand_first() + 1) % self.num_players
            self._actors = (self.turn,)
        racks = [_sorted_faces(rack) for rack in self.racks]
        events = [public("hand_end", **self.last_hand, totals=list(self.scores), racks=racks)]
        if self.winner >= 0:
            events.append(public("match_end", winner_side=self.winner, seats=self.side_seats(self.winner)))
        return events

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        winners = tuple(self.side_seats(self.winner)) if self.winner >= 0 else ()
        scores = tuple(float(self.scores[s & 1]) for s in range(self.num_players))
        return Outcome(winners, scores, self.hand)

    # -- information ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def revealed(self) -> bool:
        """Racks are shown to everyone once the hand is over (BUR-21)."""
        return self.phase in (HAND_OVER, OVER)

    def card_ids(self) -> list[int]:
        out = [t for rack in self.racks for t in rack]
        out.extend(self.stock)
        out.extend(self.pozo)
        for side in (0, 1):
            out.extend(self.muertos[side])
            for meld in self.melds[side]:
                out.extend(meld.tiles)
        return out

    def hidden_cards(self, seat: int | None) -> list[int]:
        out = list(self.stock)
        out.extend(self.muertos[0])
        out.extend(self.muertos[1])
        if self.revealed():
            return out
        for other, rack in enumerate(self.racks):
            if other != seat:
                known = self.known[other]
                out.extend(t for t in rack if t not in known)
        return out

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal the stock, the muertos and, until the hand is over, the
        others' rack tiles nobody saw taken from the pozo (the order of
        `hidden_cards`)."""
        world = self.clone()
        slots: list[tuple[list[int], int]] = []
        if not self.revealed():
            for other, rack in enumerate(world.racks):
                if other != seat:
                    known = self.known[other]
                    slots.extend((rack, i) for i, t in enumerate(rack) if t not in known)
            if self.turn != seat:
                world.pending = []  # what the player is building is their secret
        redeal([world.stock, *world.muertos], rng, slots)
        world.rng = Rng(rng.getrandbits(63))
        world._legal = {}
        world._info = None
        return world

    def _after_load(self) -> None:
        self._actors = () if self.phase == OVER else (self.turn,)


def _sorted_faces(tiles: Iterable[int]) -> list[str]:
    return [FACES[f] for f in sorted(t >> 1 for t in tiles)]
