"""What is legal now in Bacan: each phase's actions (BAC-8..21). Functions
of BacanState, which caches the turn-start lists (`turn_legal`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as act
from .cards import COMODIN, RANK
from .phases import DEAL, DRAWN, EXCHANGE, GIVE, PEEK, TURN

if TYPE_CHECKING:
    from .rules import BacanState

# The power each power-card rank gives (BAC-17..19); the comodín gives any (BAC-20).
RANK_POWER = {8: act.SECRET, 9: act.SPY, 10: act.EXCHANGE, 11: act.PLUS_ONE}
ALL_POWERS = frozenset(act.POWER_KINDS)
NO_POWERS: frozenset[int] = frozenset()
# The peek masks (bits over the first slots) that name n slots (BAC-8).
PEEK_MASKS: dict[int, list[int]] = {
    n: [m for m in range(1 << act.INITIAL_ROW) if bin(m).count("1") == n] for n in range(act.INITIAL_ROW + 1)
}


def legal_actions(state: BacanState, seat: int) -> list[int]:
    """The legal actions of `seat`, one of the actors, ascending."""
    phase = state.phase
    if phase == TURN:
        turn_legal = state._turn_legal[seat]
        assert turn_legal is not None
        return turn_legal[:]
    if phase == DRAWN:
        return legal_drawn(state, seat)
    base = state.space.base
    if phase == DEAL:
        return list(range(base[act.DEAL], base[act.DEAL] + act.INITIAL_ROW + 1))
    if phase == PEEK:
        return [base[act.PEEK] + m for m in PEEK_MASKS[state.peek_n]]
    if phase == EXCHANGE:
        return exchange_targets(state, state.pending[0])
    if phase == GIVE:
        return list(range(base[act.GIVE], base[act.GIVE] + len(state.rows[seat])))
    return []


def turn_legal(state: BacanState, seat: int, flags: int, sizes: tuple[int, ...]) -> list[int]:
    """Start of a turn (BAC-11, BAC-12, BAC-20) for flag 1 (2: the discard
    may be taken, 8: a comodín may be used from the row) and mirror
    claims (BAC-21) for flag 4 (a live discard)."""
    base = state.space.base
    own = sizes[seat]
    out: list[int] = []
    if flags & 1:
        out.append(base[act.CALL])
        out.append(base[act.DRAW_DECK])
        if flags & 2:
            out.append(base[act.DRAW_DISCARD])
        if flags & 8:
            out.extend(range(base[act.ROW_JOKER], base[act.ROW_JOKER] + own))
    if flags & 4 and own:
        out.extend(range(base[act.MIRROR], base[act.MIRROR] + own))
        first = base[act.MIRROR_OTHER]
        for target, size in enumerate(sizes):
            if target != seat and size:
                start = first + target * act.MAX_ROW
                out.extend(range(start, start + size))
    return out


def legal_drawn(state: BacanState, seat: int) -> list[int]:
    base = state.space.base
    own = len(state.rows[seat])
    out: list[int] = []
    source = state.held_source
    if source == "deck":
        out.append(base[act.DISCARD])
    if source != "row":
        out.extend(range(base[act.SWAP], base[act.SWAP] + own))
    powers = held_powers(state)
    if powers:
        if act.SECRET in powers:
            out.extend(range(base[act.SECRET], base[act.SECRET] + own))
        if act.SPY in powers:
            first = base[act.SPY]
            for target, row in enumerate(state.rows):
                if target != seat and row:
                    out.extend(range(first + target * act.MAX_ROW, first + target * act.MAX_ROW + len(row)))
        if act.EXCHANGE in powers:
            out.extend(exchange_targets(state, -1))
        if act.PLUS_ONE in powers:
            first = base[act.PLUS_ONE]
            out.extend(
                first + t
                for t in range(state.num_players)
                if t != seat and state.in_play[t] and len(state.rows[t]) < act.MAX_ROW
            )
    return out


def exchange_targets(state: BacanState, exclude: int) -> list[int]:
    """Slots an Intercambio may pick: any seat's but `exclude`'s (BAC-18).
    A first pick needs a card in some other row to pair with."""
    rows = state.rows
    with_cards = [t for t, row in enumerate(rows) if row and t != exclude]
    if exclude < 0 and len(with_cards) < 2:
        return []
    first = state.space.base[act.EXCHANGE]
    out: list[int] = []
    for t in with_cards:
        out.extend(range(first + t * act.MAX_ROW, first + t * act.MAX_ROW + len(rows[t])))
    return out


def held_powers(state: BacanState) -> frozenset[int]:
    """Powers the held card may use now (BAC-16, BAC-20)."""
    card = state.held
    if card < 0:
        return NO_POWERS
    rank = RANK[card]
    source = state.held_source
    if rank == COMODIN:
        if state.spent >> card & 1:
            return NO_POWERS
        if source == "deck" or state.options.joker_power == "anywhere":
            return ALL_POWERS
        return NO_POWERS
    power = RANK_POWER.get(rank)
    if power is not None and source == "deck":
        return frozenset((power,))
    return NO_POWERS
