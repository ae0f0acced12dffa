"""Search players for any game: ISMCTS (a tree search over sampled worlds)
and the rollout policy-improvement bot (paired comparisons against the
game's heuristic). A game tells them what it knows through `SearchHints`.

    config.py      SearchConfig, the named levels, a game's level settings
    tree.py        ISMCTS, with the evaluator injected
    evaluators.py  random and heuristic rollouts; margin, rank and win values
    paired.py      paired rollouts and the statistics that decide with them
    bots.py        ISMCTSBot, PolicyImprovementBot and the level factory
    rollouts.py    random moves, and bots' moves raced by the table core
    copies.py      cheap copies of a bot (pickled once, unpickled per rollout)
    result.py      SearchResult: every legal move's standing at one decision (tapete.api.search)
    scale.py       a game's fixed margin scale (values that compare across decisions)

Tuning history: docs/search-tuning.md.
"""

from .bots import ISMCTSBot, PolicyImprovementBot, SearchBot, make_search_bot, search_bot_factory
from .config import LEVELS, SearchConfig, level_config
from .evaluators import Evaluator, HeuristicRollouts, RandomRollouts, Valuer, make_evaluator, rank_values, view_scores
from .paired import MIN_WORLDS_TO_OVERRIDE, beats, paired_choice, paired_values, screen_winner
from .result import BadBudget, SearchResult, analyse, search
from .rollouts import policy_move, random_action
from .scale import round_margin_scale
from .tree import ISMCTS, PASS, best_arm, clearly_better

__all__ = [
    "ISMCTS",
    "LEVELS",
    "MIN_WORLDS_TO_OVERRIDE",
    "PASS",
    "BadBudget",
    "Evaluator",
    "HeuristicRollouts",
    "ISMCTSBot",
    "PolicyImprovementBot",
    "RandomRollouts",
    "SearchBot",
    "SearchConfig",
    "SearchResult",
    "Valuer",
    "analyse",
    "beats",
    "best_arm",
    "clearly_better",
    "level_config",
    "make_evaluator",
    "make_search_bot",
    "paired_choice",
    "paired_values",
    "policy_move",
    "random_action",
    "rank_values",
    "round_margin_scale",
    "screen_winner",
    "search",
    "search_bot_factory",
    "view_scores",
]
