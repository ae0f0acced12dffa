"""How long a tapete match may last in OpenSpiel: `max_game_length` per game and options."""

from __future__ import annotations

from typing import Any

from tapete.engine import Game, LengthBound


def length_bound(game: Game, num_players: int, options: Any, simultaneous: bool = True) -> LengthBound:
    """The bound of `max_game_length` for a game, its player count and options, in
    the simultaneous form (one node for seats choosing at once) or not (one node a seat).
    Where the rules set no bound, the bridge allows a match as much as the game's own
    `study.length` says (decision nodes) and stops a match that reaches it; each allowance
    is far above what random and heuristic play need (docs/api.md)."""
    probe = game.new_match(num_players, 0, options)
    if game.study.length is not None:
        return game.study.length(probe, num_players, options, simultaneous)
    # a game that says nothing of it: an allowance by the size of its deck
    deck = len(probe.card_ids())
    return LengthBound(100 * max(deck, 1) * num_players, False, "an allowance of 100 decisions a card and seat")


__all__ = ["LengthBound", "length_bound"]
