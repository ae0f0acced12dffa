"""Reinforcement-learning adapters (install the `rl` extra: pettingzoo, gymnasium, numpy).

- `pettingzoo_env(game_id, **options)`: a PettingZoo AEC environment, every
  seat an agent, action masks, observation vectors built from views only.
- `gym_env(game_id, seat=0, opponents="heuristic", **options)`: a Gymnasium
  single-agent environment against bots.
- `ObservationEncoder`: the generic view-to-vector encoder both use.
"""

from .aec import TapeteAEC, pettingzoo_env
from .encoding import ObservationEncoder, Schema
from .single import TapeteGym, gym_env

__all__ = ["ObservationEncoder", "Schema", "TapeteAEC", "TapeteGym", "gym_env", "pettingzoo_env"]
