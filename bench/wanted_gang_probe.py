"""Where the skill in WANTED Pandillas lies: a probe bot against the heuristic.

    python bench/wanted_gang_probe.py [--matches 400] [--seed 1000] [--worlds 200]
                                      [--spread 30] [--rivals random|heuristic]

The probe plays the heuristic in every decision but the choice of a gang
(3 of 5, WAN-9), which it makes by sampling `--worlds` rival hands from the
unseen outlaws, the rival's gang (at random, or as the heuristic would pick
it) and the dice, and valuing each of its 10 gangs by the chance to win the
match afterwards: the bounty lead against a normal spread of `--spread` per
deal left (0: the bounty swing itself, as the heuristic does), or the win
itself in the last deal. It prints one JSON line: the probe's share of the
win against the heuristic, every seating rotated, with its 95% interval.

Figures (docs/wanted-strategy.md): valuing by the chance to win is what
beats the heuristic, not modelling the rival's gang better.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from itertools import combinations
from typing import Any

from tapete.bots import BOT_KINDS
from tapete.games.wanted.battle import gang_base, leader_candidates, modifier, suit_counts
from tapete.games.wanted.bots import WantedBot
from tapete.games.wanted.cards import REWARD
from tapete.games.wanted.search import lead_holds
from tapete.sim.tournament import run_tournament

HAND, GANG = 5, 3


def heuristic_gang(held: list[int], pool: list[int], rng: random.Random, samples: int = 24) -> list[int]:
    """The heuristic's gang for `held` when `pool` is what it has not seen (2 players)."""
    combos = [list(c) for c in combinations(sorted(held), GANG)]
    values = [0.0] * len(combos)
    scorer = WantedBot(rng)
    for _ in range(samples):
        rival = [rng.sample(pool, GANG)]
        dice = [[rng.randint(1, 6) for _ in range(GANG)]]
        mine = {c: rng.randint(1, 6) for c in held}
        scorer._score_gangs(combos, mine, rival, dice, values)
    return combos[max(range(len(combos)), key=lambda i: values[i])]


def gang_total(gang: list[int], dice: list[int], rival: list[int]) -> int:
    """WAN-9 with two gangs: the leader (best modifier among the candidates) gets the rival's suits."""
    counts = suit_counts(rival)
    return gang_base(gang, dice) + max(modifier(c, counts) for c in leader_candidates(gang, dice))


def win_chance(lead: float, deals_left: int, spread: float) -> float:
    if deals_left == 0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    return lead_holds(lead, deals_left, spread)


class GangProbe(WantedBot):
    name = "wanted-gang-probe"

    def __init__(self, rng: random.Random, worlds: int, spread: float, rivals: str) -> None:
        super().__init__(rng)
        self.worlds, self.spread, self.rivals = worlds, spread, rivals

    def _best_gang(self, view: dict[str, Any], held: list[int]) -> list[int]:
        rivals = [s for s in view["players"] if s != self.seat]
        if len(held) <= GANG or len(rivals) != 1 or view["replay"]:
            return super()._best_gang(view, held)
        rng = self.rng
        pool = self._unseen(view)
        combos = [list(c) for c in combinations(sorted(held), GANG)]
        scores = view["scores"]
        lead = scores[self.seat] - scores[rivals[0]]
        left = view["deals"] - view["deal"]
        values = [0.0] * len(combos)
        for _ in range(self.worlds):
            hand = rng.sample(pool, HAND)
            if self.rivals == "random":
                rival = rng.sample(hand, GANG)
            else:
                rival = heuristic_gang(hand, [c for c in pool if c not in hand] + held, rng)
            rival_dice = [rng.randint(1, 6) for _ in range(GANG)]
            my_dice = {c: rng.randint(1, 6) for c in held}
            at_stake = sum(REWARD[c] for c in rival)
            for i, gang in enumerate(combos):
                mine = gang_total(gang, [my_dice[c] for c in gang], rival)
                theirs = gang_total(rival, rival_dice, gang)
                swing = at_stake if mine > theirs else -sum(REWARD[c] for c in gang) if mine < theirs else 0
                values[i] += swing if self.spread <= 0 else win_chance(lead + swing, left, self.spread)
        return combos[max(range(len(combos)), key=lambda i: values[i])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--spread", type=float, default=30.0)
    parser.add_argument("--rivals", choices=("random", "heuristic"), default="random")
    args = parser.parse_args()
    BOT_KINDS["probe"] = lambda game, rng: GangProbe(rng, args.worlds, args.spread, args.rivals)
    start = time.process_time()
    report = run_tournament(
        "wanted", 2, ["probe", "heuristic"], args.matches, seed=args.seed, options={"mode": "pandillas"}
    )
    probe = report.results[0]
    print(
        json.dumps(
            {
                **vars(args),
                "share": round(probe.share, 4),
                "interval_95": [round(x, 4) for x in probe.interval],
                "matches": probe.matches,
                "cpu_per_match": round((time.process_time() - start) / args.matches, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
