"""What one seat may see of a Buracco match (the observer, apart from the rules).

Everyone sees both sides' melds, the whole pozo (BUR-13), tile counts of
every rack, of the stock and of the muertos, and the tiles a player picked
up from the pozo while they stay in that rack (the whole table saw them).
A seat also sees its own rack and, apart, the tiles of the meld it is
building. Other racks
are shown only when the hand is over and they are counted (BUR-21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import FACES, MUERTO_STATES

if TYPE_CHECKING:
    from .rules import BuraccoState


def _faces(tiles: list[int]) -> list[str]:
    return [FACES[t >> 1] for t in tiles]


def _sorted_faces(tiles: list[int]) -> list[str]:
    return [FACES[f] for f in sorted(t >> 1 for t in tiles)]


def view(state: BuraccoState, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    over = state.is_terminal()
    winners = sorted(state.side_seats(state.winner)) if state.winner >= 0 else []
    out: dict[str, Any] = {
        "game": state.game_id,
        "seat": seat,
        "num_players": n,
        "phase": state.phase,
        "actors": list(state.actors()),
        "required": list(state.required_actors()),
        "round": state.hand,
        "scores": [state.scores[s & 1] for s in range(n)],
        "over": over,
        "winners": winners,
        "target": state.opts.target,
        "side": None if seat is None else seat & 1,
        "sides": [state.side_seats(0), state.side_seats(1)],
        "side_scores": list(state.scores),
        "turn": state.turn,
        "first_player": state.hand_first(),
        "privilege": state.privilege,
        "stock": len(state.stock),
        "pozo": _faces(state.pozo),
        "rack_counts": [len(r) for r in state.racks],
        # Tiles each rack got from the pozo; not repeated where racks are shown.
        "known": [[] if s == seat or state.revealed() else _sorted_faces(state.known[s]) for s in range(n)],
        "muertos": [
            {"tiles": len(state.muertos[side]), "state": MUERTO_STATES[state.muerto_state[side]]} for side in (0, 1)
        ],
        "melds": [[dict(m.described(), slot=i) for i, m in enumerate(state.melds[side])] for side in (0, 1)],
        "canasta": [state.has_canasta(0), state.has_canasta(1)],
        "last_hand": state.last_hand,
    }
    if seat is not None:
        pending = state.pending if seat == state.turn else []
        # The rack without the tiles being staged, which are listed apart.
        out["rack"] = _sorted_faces([t for t in state.racks[seat] if t not in pending])
        out["pending"] = _faces(pending)
    if state.revealed():
        # Every rack is counted in the open; the seat's own stays under "rack".
        out["racks"] = [[] if s == seat else _sorted_faces(r) for s, r in enumerate(state.racks)]
    return out
