"""OpenSpiel's IS-MCTS against tapete's levels, on every game, through the OpenSpiel bridge.

    python bench/openspiel_vs_levels.py [--matches 6] [--simulations 16] [--rollout 60] [--games boon,wanted]
                                        [--options '{"target": 500}']

For each game, each contender (OpenSpiel's IS-MCTS, and tapete's `random`,
`heuristic`, `ismcts-easy`, `ismcts`) plays the same matches (same chance
outcomes) in a rotating seat against tapete's heuristic bots in the other
seats. Prints one JSON line per (game, contender): its win share, the fair
share (1 / players), and seconds per match. All bots play through
`tapete.envs.openspiel`, so every contender meets the same chance model.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import pyspiel

from tapete.envs.openspiel import TapeteSeat, ismcts_bot, play_match, register, short_name
from tapete.games import game_ids, get_game

CONTENDERS = ("openspiel-ismcts", "random", "heuristic", "ismcts-easy", "ismcts")
PLAYERS = {"bacan": 4, "buracco": 4, "nacho-loco": 4, "boon": 4, "wanted": 2}


def _contender(kind: str, game: Any, game_id: str, seat: int, seed: int, sims: int, rollout: int) -> Any:
    if kind == "openspiel-ismcts":
        return ismcts_bot(game, simulations=sims, rollout_steps=rollout, seed=seed)
    return TapeteSeat(kind, get_game(game_id), seat, seed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--simulations", type=int, default=16)
    parser.add_argument("--rollout", type=int, default=60)
    parser.add_argument("--games", default=",".join(game_ids()))
    parser.add_argument("--contenders", default=",".join(CONTENDERS))
    parser.add_argument("--options", default="{}", help="the game's options as a JSON object (one game)")
    parser.add_argument("--first", type=int, default=0, help="index of the first match (another batch of deals)")
    args = parser.parse_args()
    register()
    for game_id in args.games.split(","):
        n = PLAYERS[game_id]
        params = {"players": n, "simultaneous": False, "options": args.options}
        game = pyspiel.load_game(short_name(game_id), params)
        for kind in args.contenders.split(","):
            share = 0.0
            start = time.perf_counter()
            for match in range(args.first, args.first + args.matches):
                seat = match % n
                bots = [
                    _contender(kind, game, game_id, s, 1_000 * match + s, args.simulations, args.rollout)
                    if s == seat
                    else TapeteSeat("heuristic", get_game(game_id), s, 1_000 * match + s)
                    for s in range(n)
                ]
                share += play_match(game, bots, seed=match)[seat]
            seconds = (time.perf_counter() - start) / args.matches
            row = {
                "game": game_id,
                "contender": kind,
                "matches": args.matches,
                "first": args.first,
                "win_share": round(share / args.matches, 3),
                "fair_share": round(1 / n, 3),
                "seconds_per_match": round(seconds, 1),
                "simulations": args.simulations if kind == "openspiel-ismcts" else None,
                "options": json.loads(args.options),
            }
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
