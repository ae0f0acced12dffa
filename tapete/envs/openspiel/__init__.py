"""tapete's games as OpenSpiel games (install the extra `openspiel`).

Importing this module registers every game with `pyspiel` as a Python game
named `tapete_<id>` (`tapete_bacan`, `tapete_buracco`, `tapete_nacho_loco`,
`tapete_boon`, `tapete_wanted`), as OpenSpiel's own Python games do;
`register()` (idempotent) returns the names. OpenSpiel's own tools run on them:

    import pyspiel
    from tapete.envs.openspiel import register
    register()
    game = pyspiel.load_game("tapete_boon", {"players": 4})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)

Each game is a class bound here under a stable name (`TapeteBoonGame`, ...,
`GAME_CLASSES`), so games and states pickle (a pickle loads in any process:
it imports this module), copy and go through `pyspiel.serialize_game_and_state`
like OpenSpiel's own games.

How a match maps onto OpenSpiel's model:

- **Chance nodes** stand where the match deals or rolls: the root deals the
  match, and any action that would draw on the state's random generator (a
  new round's shuffle, WANTED's dice, a Bacan penalty card from a fresh
  deck) waits at a chance node after it, whose outcome is the random tape
  that action then uses. Each chance node has `chance_outcomes` equally
  likely outcomes (a game parameter, 4,096 by default): a sample of the
  deals, not all of them, so OpenSpiel's sampling is exact but a full tree
  walk sees only those deals.
- **Actions** are the game's own action space plus one more, PASS
  (`num_actions`), for letting a reaction window go by. Windows are taken
  apart as in `tapete.envs` (`TurnOrder` with one reaction per seat and
  window), so a Bacan mirror window is a few ordinary turns.
- **Simultaneous moves**: when several seats must all choose (WANTED's
  commits, Bacan's peek), the node is an OpenSpiel simultaneous node. With
  the game parameter `simultaneous=False` those seats choose one after the
  other instead, each seeing only its own view (nobody sees another's hidden
  choice): the sequential form OpenSpiel's IS-MCTS and MCCFR need.
- **Information** comes from views and events only. The information state
  (`perfect_recall`) of a seat is its view plus its story (the events told
  to it, its own moves); its tensor is the game's information-state encoder
  (`Game.encoder`, tapete/engine/encoding.py) fed exactly those events,
  `information_state(view)`. The observation is the view alone, its tensor
  `observation(view)`. Observers honour `private_info`: `SINGLE_PLAYER` is
  the seat's own view, `NONE` the spectators' view and public events only
  (no card a seat holds), `ALL_PLAYERS` every seat's view side by side.
  A game without an encoder gives strings only (its game type says it
  provides no tensors).
- **Returns** are the win shares at the end (1 for a sole winner, 1/k for k
  sharing the win, 0 otherwise): a constant-sum game (`CONSTANT_SUM`,
  utility sum 1), as CFR and exploitability want; `zerosum(game=...)`, the
  OpenSpiel transform, subtracts the mean for algorithms that insist on
  zero-sum.
- **Length**: `max_game_length` (decision nodes) is a true bound for every
  game and options (`length_bound`): WANTED's rules bound a match; the other
  games' rules do not (see `length_bound`), so the bridge stops a match at
  the bound and scores it as a draw (1/n each). The game parameter
  `max_game_length` sets another bound.

`resampler(state, player)` is a world consistent with what `player` knows
(`State.determinize`), for `open_spiel.python.algorithms.ismcts.ISMCTSBot
.set_resampler`.
"""

from .bots import TapeteSeat, ismcts_bot, play_match
from .bounds import LengthBound, length_bound
from .game import (
    DEFAULT_CHANCE_OUTCOMES,
    GAME_CLASSES,
    PREFIX,
    Table,
    TapeteSpielGame,
    TapeteSpielState,
    class_name,
    register,
    short_name,
)
from .observer import TapeteObserver, resampler

globals().update({cls.__name__: cls for cls in GAME_CLASSES.values()})  # TapeteBacanGame ... TapeteWantedGame
register()

__all__ = [
    "DEFAULT_CHANCE_OUTCOMES",
    "GAME_CLASSES",
    "PREFIX",
    "LengthBound",
    "Table",
    "TapeteObserver",
    "TapeteSeat",
    "TapeteSpielGame",
    "TapeteSpielState",
    "class_name",
    "ismcts_bot",
    "length_bound",
    "play_match",
    "register",
    "resampler",
    "short_name",
]
