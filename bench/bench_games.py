"""Random-playout, clone and JSON round-trip speed of every registered game.

    python bench/bench_games.py [--seconds 5]

Figures drift with this machine's speed (up to 2x); for comparisons use
bench/vs_anchors.sh, which measures the anchors in the same pass.
"""

from __future__ import annotations

import argparse
import json

from tapete.games import game_ids, get_game
from tapete.sim.bench import bench

PLAYERS = {"bacan": 4, "buracco": 4, "nacho-loco": 4, "boon": 4, "wanted": 2}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for gid in game_ids():
        result = bench(get_game(gid), PLAYERS.get(gid, 4), args.seconds)
        print(json.dumps(result.to_json()), flush=True)


if __name__ == "__main__":
    main()
