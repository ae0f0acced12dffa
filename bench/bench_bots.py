"""CPU per decision of the bot kinds, per game, measured in the same run.

    python bench/bench_bots.py [--games boon,wanted] [--kinds learned,ismcts,heuristic] [--matches 6] [--json]

One seat plays the kind, the game's heuristic the others (the acceptance
tables' settings: Bacan `limit=50`, Buracco 4 players `target=300`, Nacho
Loco and Boon 4 players, WANTED Pandillas 2 players); every decision the
kind is asked for is timed with the thread's CPU clock, whatever it decides
(a learned bot's heuristic steps included). Prints, per game, each kind's
mean and p90 CPU per decision, and each kind's ratio to `ismcts` (normal).
A kind the game does not offer (`learned` without a shipped model) is skipped.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from tapete.bots import kinds_for, make_bot
from tapete.engine import Bot, Decision, Observation
from tapete.engine.turns import REACTION_WINDOW_S, deliver
from tapete.games import get_game
from tapete.sim.runner import next_move

TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "bacan": (4, {"limit": 50}),
    "buracco": (4, {"target": 300}),
    "nacho-loco": (4, {}),
    "boon": (4, {}),
    "wanted": (2, {"mode": "pandillas"}),
}


class Timed(Bot):
    """A bot whose every decision is timed (thread CPU time)."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def start(self, seat: int, num_players: int, options: Any) -> None:
        self.inner.start(seat, num_players, options)

    def observe(self, events: Any) -> None:
        self.inner.observe(events)

    def decide(self, obs: Observation) -> Decision | None:
        before = time.thread_time()
        decision = self.inner.decide(obs)
        if obs.required:
            self.times.append(time.thread_time() - before)
        return decision


def measure(game_id: str, kind: str, matches: int, seed: int) -> list[float]:
    game = get_game(game_id)
    players, options = TABLES[game_id]
    times: list[float] = []
    for m in range(matches):
        state = game.new_match(players, seed + m, options)
        timed = Timed(make_bot(kind, game, seed * 13 + m))
        seat = m % players
        bots: list[Bot] = [
            timed if s == seat else make_bot("heuristic", game, seed + 97 * s + m) for s in range(players)
        ]
        for s, bot in enumerate(bots):
            bot.start(s, players, state.options)
        while not state.is_terminal():
            actor, action = next_move(state, bots, REACTION_WINDOW_S)
            deliver(state.apply(actor, action), bots)
        times += timed.times
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument("--kinds", default="learned,ismcts,heuristic")
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game_id in args.games.split(","):
        offered = kinds_for(get_game(game_id))
        means: dict[str, float] = {}
        for kind in args.kinds.split(","):
            if kind not in offered:
                continue
            times = measure(game_id, kind, args.matches, args.seed)
            if not times:
                continue
            means[kind] = statistics.fmean(times)
            p90 = statistics.quantiles(times, n=10)[-1] if len(times) >= 10 else max(times)
            rows.append(
                {
                    "game": game_id,
                    "kind": kind,
                    "decisions": len(times),
                    "mean_ms": means[kind] * 1e3,
                    "p90_ms": p90 * 1e3,
                }
            )
        for row in rows:
            if row["game"] == game_id and "ismcts" in means:
                row["ratio_to_ismcts"] = means[row["kind"]] / means["ismcts"]
    if args.json:
        print(json.dumps(rows))
        return
    for row in rows:
        ratio = f"{row['ratio_to_ismcts']:.4f}" if "ratio_to_ismcts" in row else "-"
        print(
            f"{row['game']:11} {row['kind']:12} {row['decisions']:6} decisions  "
            f"mean {row['mean_ms']:8.3f} ms  p90 {row['p90_ms']:8.3f} ms  ÷ ismcts {ratio}"
        )


if __name__ == "__main__":
    main()
