"""How an environment runs, apart from the game's own options.

Game options (`BacanOptions`, ...) are the rules of the match; these are the
environment's: how it is drawn, how long an episode may run, how rewards
are shaped and how reaction windows are taken apart into turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

DEFAULT_MAX_STEPS = 5_000
RENDER_MODES = (None, "ansi")
REWARDS = ("win", "zero_sum")
REACTIONS = ("once", "all")
ILLEGAL = ("raise", "penalize")
LANGS = ("es", "en")


@dataclass(frozen=True)
class EnvSettings:
    """The environment's settings.

    - `render_mode`: None, or `"ansi"`: `render()` returns the seat to act's
      table drawn by the game, with the last events in the game's sentences.
    - `max_steps`: agent turns (PASS included) before an episode is truncated;
      None for no cap.
    - `reward`: `"win"`, each seat's win share at the end (1 for a sole
      winner, 1/k when k seats share it, 0 otherwise), or `"zero_sum"`, the
      win share minus the table's mean (the rewards of a match sum to 0).
    - `reactions`: `"once"` (default) offers each seat one reaction per
      window (one mirror claim or PASS in Bacan; see `TurnOrder`), so that
      agents who claim at random still let the match move on; `"all"` lets a
      seat claim again and again while the rules allow. The rules are the
      same either way: this only chooses what the environment offers.
    - `lang`: `"es"` or `"en"`, the language of `render()`.
    - `illegal`: what an action outside the mask does, in every environment.
      `"raise"` (default): `IllegalMove` (a ValueError naming the action, the
      seat and how many moves were legal), and nothing changes, so a bug in
      an agent's masking shows at once. `"penalize"`: the match ends there,
      the offending seat gets -1 and the others 0, and its info says
      `illegal: True` (the convention of checkers such as Gymnasium's
      `check_env`, which step with unmasked random actions). The match
      itself never sees the illegal action.
    """

    render_mode: str | None = None
    max_steps: int | None = DEFAULT_MAX_STEPS
    reward: str = "win"
    reactions: str = "once"
    lang: str = "es"
    illegal: str = "raise"

    def __post_init__(self) -> None:
        if self.render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or 'ansi', not {self.render_mode!r}")
        if self.max_steps is not None and (not isinstance(self.max_steps, int) or self.max_steps < 1):
            raise ValueError(f"max_steps must be a positive integer or None, not {self.max_steps!r}")
        if self.reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {self.reward!r}")
        if self.reactions not in REACTIONS:
            raise ValueError(f"reactions must be one of {', '.join(REACTIONS)}, not {self.reactions!r}")
        if self.illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {self.illegal!r}")
        if self.lang not in LANGS:
            raise ValueError(f"lang must be 'es' or 'en', not {self.lang!r}")


SETTING_NAMES = frozenset(f.name for f in fields(EnvSettings))


def settings_from(settings: EnvSettings | None, values: Mapping[str, Any]) -> EnvSettings:
    """`settings` (or the defaults) with `values` (setting names only) put in."""
    unknown = sorted(set(values) - SETTING_NAMES)
    if unknown:
        raise TypeError(f"unknown environment setting(s): {', '.join(unknown)} (game options go in `options`)")
    return replace(settings or EnvSettings(), **values)
