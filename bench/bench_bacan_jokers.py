"""Bacan's heuristic with and without comodín powers from its row (BAC-20).

Half the seats play the heuristic as it is, the other half the same bot
with `joker_powers=False`; every seed is played twice with the halves
swapped, so deals and seats even out. Prints the share of the wins taken by
the half that uses the powers (0.5: no difference) with a 95% interval, and
how often a comodín was brought out of a row per match.

    python bench/bench_bacan_jokers.py --players 4 --matches 1000 [--seed 20000]
        [--set row_exchange_gain=7] [--option limit=50]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from tapete.games import get_game
from tapete.games.bacan.bots import BacanBot
from tapete.sim.runner import next_move
from tapete.sim.stats import wilson

GAME = get_game("bacan")


def play(n: int, seed: int, options: dict[str, Any], powered: set[int], tuning: dict[str, float]) -> tuple[float, int]:
    """One match: the win share of the `powered` seats and the row comodines used."""
    state = GAME.new_match(n, seed, options)
    bots = []
    for seat in range(n):
        bot = BacanBot(random.Random(seed * 7919 + seat), joker_powers=seat in powered)
        if seat in powered:
            for key, value in tuning.items():
                setattr(bot, key, value)
        bot.start(seat, n, state.options)
        bots.append(bot)
    uses = 0
    while not state.is_terminal():
        seat, action = next_move(state, bots, 1.5)
        events = state.apply(seat, action)
        uses += sum(1 for e in events if e.kind == "row_joker" and e.data["ok"])
        for other, bot in enumerate(bots):
            seen = [e for e in events if e.visible_to(other)]
            if seen:
                bot.observe(seen)
    returns = state.outcome().returns(n)
    return sum(returns[s] for s in powered), uses


def _pairs(items: list[str] | None) -> dict[str, str]:
    return dict(item.split("=", 1) for item in items or [])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=1000, help="even: each seed twice")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--set", action="append", help="KEY=NUMBER, a tuning of the powered bot")
    parser.add_argument("--option", action="append", help="KEY=VALUE, a game option")
    args = parser.parse_args()
    n = args.players
    tuning = {k: float(v) for k, v in _pairs(args.set).items()}
    options = GAME.parse_options(_pairs(args.option))
    start = time.perf_counter()
    won = 0.0
    uses = 0
    for i in range(args.matches):
        powered = {s for s in range(n) if (s + i) % 2 == 0}
        share, used = play(n, args.seed + i // 2, options, powered, tuning)
        won += share
        uses += used
    lo, hi = wilson(won, args.matches)
    print(
        f"players={n} matches={args.matches} seeds={args.seed}.. tuning={tuning} "
        f"powered share={won / args.matches:.3f} 95% CI {lo:.3f}-{hi:.3f} "
        f"row comodines/match={uses / args.matches:.2f} ({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
