"""The adapters: tapete's games in other libraries' shapes. They translate, never re-model a game.

- `pettingzoo.py`: the PettingZoo AEC environment; `gym.py`: the Gymnasium single-agent one
  (install the `rl` extra: pettingzoo, gymnasium, numpy);
- `openspiel.py`: every game as an OpenSpiel game (extra `openspiel`; imported on its own,
  `tapete.envs.openspiel`, as it needs pyspiel).

What this package gives:

- `pettingzoo_env(game_id, num_players=None, *, render_mode, max_steps, reward,
  reactions, lang, options=None, **game_options)`: a PettingZoo AEC
  environment, every seat an agent, action masks, observation vectors built
  from views only.
- `gym_env(game_id, seat=0, opponents="heuristic", ...)`: a Gymnasium
  single-agent environment against bots, with the same settings.
- `EnvSettings`: the environment's settings, kept apart from the game's options.
- `ObservationEncoder`: the generic view-to-vector encoder both use.
"""

from .encoding import ObservationEncoder, Schema
from .gym import TapeteGym, gym_env
from .pettingzoo import TapeteAEC, pettingzoo_env, render_ansi
from .settings import DEFAULT_MAX_STEPS, EnvSettings

__all__ = [
    "DEFAULT_MAX_STEPS",
    "EnvSettings",
    "ObservationEncoder",
    "Schema",
    "TapeteAEC",
    "TapeteGym",
    "gym_env",
    "pettingzoo_env",
    "render_ansi",
]
