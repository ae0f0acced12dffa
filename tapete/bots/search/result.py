"""What a search found at one decision, for studies, training and analysis.

`search(...)` (exported by `tapete.api`) runs one of tapete's search levels
at one position for one seat and returns every legal move's standing, not
only the move played: the `SearchResult`. The search reads only what the
seat may know (worlds from `State.determinize`, the seat's view, the events
it was told), never the position's hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tapete.engine import Event, Game, Observation, State, TapeteError

from .bots import ISMCTSBot, PolicyImprovementBot, SearchBot, make_search_bot
from .config import LEVELS, SearchConfig, level_config
from .paired import paired_choice


@dataclass(frozen=True)
class SearchResult:
    """One decision as the search saw it.

    - `action`: the move the level plays;
    - `policy`: action -> probability the level plays it (visit shares for the
      tree search; the chosen move alone for the paired levels, which decide
      by a rule, not by chance);
    - `value`: the seat's value of the position in [0, 1] (the chosen move's
      mean: a win share, blended with the round's score margin);
    - `values`: action -> mean value of the move;
    - `visits`: action -> rollouts spent on the move.
    """

    action: int
    policy: Mapping[int, float]
    value: float
    values: Mapping[int, float]
    visits: Mapping[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "policy": {str(a): p for a, p in self.policy.items()},
            "value": self.value,
            "values": {str(a): v for a, v in self.values.items()},
            "visits": {str(a): n for a, n in self.visits.items()},
        }


class BadBudget(TapeteError):
    code = "bad_budget"


def analyse(bot: SearchBot, obs: Observation) -> SearchResult:
    """Every legal move's standing at `obs`, by the bot's own search."""
    legal = obs.legal
    if not legal:
        raise ValueError("the seat has no decision to make here")
    if isinstance(bot, PolicyImprovementBot):
        return _paired(bot, obs)
    assert isinstance(bot, ISMCTSBot)
    arms = bot.tree.search(obs, bot.config)
    visits = {a: int(arms[a][0]) if a in arms else 0 for a in legal}
    values = {a: (arms[a][1] / arms[a][0] if a in arms and arms[a][0] else 0.0) for a in legal}
    total = sum(visits.values()) or 1
    policy = {a: visits[a] / total for a in legal}
    action = max(legal, key=lambda a: (visits[a], values[a]))
    return SearchResult(action, policy, values[action], values, visits)


def _paired(bot: PolicyImprovementBot, obs: Observation) -> SearchResult:
    cfg = bot.config
    legal = obs.legal
    assert bot.guide is not None
    proposal = bot.guide.decide(obs)
    guided = proposal.action if proposal is not None else legal[0]
    worlds = cfg.worlds or max(2, cfg.iterations // len(legal))
    samples = bot._paired(obs, legal, cfg, worlds)
    values = {a: sum(v) / len(v) if v else 0.0 for a, v in samples.items()}
    visits = {a: len(v) for a, v in samples.items()}
    action = paired_choice(samples, guided, cfg.override_margin) if len(legal) > 1 else legal[0]
    return SearchResult(action, {action: 1.0}, values[action], values, visits)


def search(
    game: Game,
    position: State | Observation,
    seat: int | None = None,
    budget: str | SearchConfig = "normal",
    *,
    seed: int = 0,
    history: Sequence[Event] = (),
) -> SearchResult:
    """Search one decision of `seat` (the observation's seat when given one).

    `budget` is a level ("easy", "normal", "hard") or a `SearchConfig`.
    `history` are earlier events of the match; those the seat may see are told
    to the search's heuristic players, who remember as the seat would (without
    them they start from the seat's view, as a bot taking over a seat does)."""
    if isinstance(position, Observation):
        obs = position
    else:
        if seat is None:
            raise ValueError("search(game, state, seat, ...): which seat decides?")
        obs = Observation(position, seat)
    rng = random.Random(seed)
    if isinstance(budget, SearchConfig):
        bot = make_search_bot(game, rng, budget)
    elif budget in LEVELS:
        bot = make_search_bot(game, rng, level_config(game, budget), budget)
    else:
        levels = ", ".join(LEVELS)
        raise BadBudget(f"Presupuesto desconocido: {budget!r} ({levels}).", f"Unknown budget: {budget!r} ({levels}).")
    bot.start(obs.seat, obs.num_players, obs.options)
    seen = [e for e in history if e.visible_to(obs.seat)]
    if seen:
        bot.observe(seen)
    if isinstance(budget, SearchConfig):
        bot.config = replace(budget)
    return analyse(bot, obs)
