"""tapete random-play throughput, in the anchors' harness format.

Run it beside the anchors (same process conditions, same machine-speed
probe) so that our figures can be quoted as ratios to RLCard and OpenSpiel
measured in the same pass:

    python bench/bench_tapete.py bacan [--players 4] [--games N]

Prints `tapete <game> games_per_s steps_per_s avg_steps_per_game` on stdout
and the harness detail line (probe, norm_rate) on stderr. Needs
`../shared/anchors/_harness.py` (set TAPETE_ANCHORS to its folder otherwise).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

ANCHORS = Path(os.environ.get("TAPETE_ANCHORS", Path(__file__).resolve().parents[2] / "shared" / "anchors"))
sys.path.insert(0, str(ANCHORS))

from _harness import measure, parse_args  # type: ignore[import-not-found]  # noqa: E402

from tapete.games import get_game  # noqa: E402
from tapete.sim.bench import random_step  # noqa: E402

DEFAULT_GAMES = {"bacan": 300, "buracco": 20, "nacho-loco": 200, "boon": 400, "wanted": 4000}
DEFAULT_PLAYERS = {"bacan": 4, "buracco": 4, "nacho-loco": 4, "boon": 4, "wanted": 2}


def make_setup(game_id: str, players: int) -> Callable[[int], Callable[[], tuple[int, int]]]:
    game = get_game(game_id)

    def setup(seed: int) -> Callable[[], tuple[int, int]]:
        rng = random.Random(seed)

        def play() -> tuple[int, int]:
            state = game.new_match(players, rng.getrandbits(32), {})
            steps = 0
            while not state.is_terminal():
                random_step(state, rng)
                steps += 1
            return steps, 0

        return play

    return setup


def main() -> None:
    def extra(p: object) -> None:
        p.add_argument("--players", type=int, default=None)  # type: ignore[attr-defined]

    args = parse_args(lambda a: DEFAULT_GAMES.get(a.game, 100), extra)
    players = args.players or DEFAULT_PLAYERS.get(args.game, 4)
    measure("tapete", f"{args.game}-{players}p", make_setup(args.game, players), args.games, args.seed, args.repeats)


if __name__ == "__main__":
    main()
