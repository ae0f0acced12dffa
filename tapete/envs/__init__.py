"""The adapters: tapete's games in other libraries' shapes. They translate, never re-model a game.

- `pettingzoo.py`: the PettingZoo AEC environment; `parallel.py`: the
  PettingZoo Parallel one (simultaneous choices at once); `gym.py`: the
  Gymnasium single-agent one; `batch.py`: N self-play matches stepped
  together for learners (numpy only; the others need the `rl` extra:
  pettingzoo, gymnasium);
- `openspiel/`: every game as an OpenSpiel game (extra `openspiel`; imported on its own,
  `tapete.envs.openspiel`, as it needs pyspiel).

All of them drive `EnvMatch` (match.py): the serialized turns (`TurnOrder`,
turns.py), each seat's information-state encoder (`Game.encoder`) fed the
events it may see, and one rule for illegal moves (`IllegalMove`, or
`illegal="penalize"`).

What this package gives:

- `pettingzoo_env(game_id, num_players=None, *, render_mode, max_steps, reward,
  reactions, lang, illegal, options=None, **game_options)`: a PettingZoo AEC
  environment, every seat an agent; observations are dicts with
  `observation`, `information_state` and `action_mask`.
- `parallel_env(game_id, ...)`: the same as a PettingZoo ParallelEnv: every
  seat of a simultaneous choice acts at once.
- `gym_env(game_id, seat=0, opponents="heuristic", observation_key=None, ...)`:
  a Gymnasium single-agent environment against bots, with the same settings.
- `batch(game, n, players=None, options=None, seed=0, ...)`: `SelfPlay`, n
  matches stepped together, stacked information states and masks.
- `EnvSettings`: the environment's settings, kept apart from the game's options.
"""

from typing import TYPE_CHECKING, Any

from .match import EnvMatch, IllegalMove
from .selfplay import SelfPlay, Turn, batch, match_seed
from .settings import DEFAULT_MAX_STEPS, EnvSettings
from .turns import TurnOrder

if TYPE_CHECKING:
    from .gym import TapeteGym, gym_env
    from .parallel import TapeteParallel, parallel_env
    from .pettingzoo import TapeteAEC, pettingzoo_env, render_ansi

# The PettingZoo and Gymnasium adapters load when first named (they need the `rl`
# extra); `batch` needs numpy alone.
_LAZY = {
    "TapeteGym": "gym",
    "gym_env": "gym",
    "TapeteParallel": "parallel",
    "parallel_env": "parallel",
    "TapeteAEC": "pettingzoo",
    "pettingzoo_env": "pettingzoo",
    "render_ansi": "pettingzoo",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tapete.envs' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "DEFAULT_MAX_STEPS",
    "EnvMatch",
    "EnvSettings",
    "IllegalMove",
    "SelfPlay",
    "TapeteAEC",
    "TapeteGym",
    "TapeteParallel",
    "Turn",
    "TurnOrder",
    "batch",
    "gym_env",
    "match_seed",
    "parallel_env",
    "pettingzoo_env",
    "render_ansi",
]
