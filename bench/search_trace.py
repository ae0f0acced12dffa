"""Seeded traces of what the search sees and decides, to compare two versions.

For each game (and WANTED mode) it plays seeded matches with heuristic bots
and, at fixed points, records (1) a digest of the worlds `determinize` deals
for every seat and (2) the decisions of a tree search (ISMCTS, fixed seed)
and of the "normal" level for every seat that may act. Run it before and
after a change that should not alter the search (a refactor of
determinize) and compare the printed digests:

    python bench/search_trace.py > before.txt
    ... change ...
    python bench/search_trace.py > after.txt && diff before.txt after.txt

The output is a digest per game plus the decisions themselves, so a
difference says where it starts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from dataclasses import replace
from typing import Any

from tapete.bots.search import ISMCTSBot, PolicyImprovementBot, SearchConfig, level_config
from tapete.engine import Observation, State
from tapete.engine.turns import deliver
from tapete.games import get_game
from tapete.sim.runner import next_move, seat_bots

# (game, options, players, most actions between two points: WANTED matches are short)
CASES: list[tuple[str, dict[str, Any], int, int]] = [
    ("bacan", {}, 4, 25),
    ("buracco", {}, 4, 25),
    ("wanted", {}, 2, 3),
    ("wanted", {"mode": "tiroteo"}, 3, 4),
    ("wanted", {"mode": "pandillas"}, 2, 5),
]


def trace(
    game_id: str, options: dict[str, Any], players: int, steps: int, seeds: int, points: int, levels: bool
) -> dict[str, Any]:
    game = get_game(game_id)
    worlds = hashlib.sha256()
    decisions: list[list[Any]] = []
    for seed in range(seeds):
        state: State = game.new_match(players, seed, options)
        bots = seat_bots(game, ["heuristic"] * state.num_players, seed)
        for seat, bot in enumerate(bots):
            bot.start(seat, state.num_players, state.options)
        rng = random.Random(seed)
        for point in range(points):
            for _ in range(rng.randrange(1, steps + 1)):
                if state.is_terminal():
                    break
                seat, action = next_move(state, bots, 1.5)
                deliver(state.apply(seat, action), bots)
            if state.is_terminal():
                break
            for seat in range(state.num_players):
                world = state.determinize(seat, random.Random(seed * 1_000 + point * 10 + seat))
                worlds.update(json.dumps(world.to_json(), sort_keys=True).encode())
            for seat in state.actors():
                tree_config = SearchConfig(iterations=30, max_rollout_actions=400)
                tree = ISMCTSBot(game, random.Random(seed + point), tree_config)
                tree.start(seat, state.num_players, state.options)
                picked = tree.decide(Observation(state, seat))
                row: list[Any] = [seed, point, seat, None if picked is None else picked.action]
                if levels:
                    # the normal level without its wall-clock parts (extra worlds while a
                    # decision is cheap, a time cap), which make play depend on the machine
                    config = replace(level_config(game, "normal", state.options), think_millis=0.0, max_millis=None)
                    normal = PolicyImprovementBot(game, random.Random(seed * 31 + point), config)
                    normal.start(seat, state.num_players, state.options)
                    chosen = normal.decide(Observation(state, seat))
                    row.append(None if chosen is None else chosen.action)
                decisions.append(row)
    digest = hashlib.sha256(json.dumps(decisions).encode()).hexdigest()[:16]
    return {"worlds": worlds.hexdigest()[:16], "decisions": digest, "rows": decisions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--points", type=int, default=4)
    parser.add_argument("--no-levels", action="store_true", help="tree search only (faster)")
    args = parser.parse_args()
    for game_id, options, players, steps in CASES:
        out = trace(game_id, options, players, steps, args.seeds, args.points, not args.no_levels)
        label = game_id + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{label}: worlds {out['worlds']} decisions {out['decisions']} ({len(out['rows'])} decisions)")
        print("  " + json.dumps(out["rows"]))


if __name__ == "__main__":
    main()
