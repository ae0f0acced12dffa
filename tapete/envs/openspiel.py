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

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyspiel

from tapete.engine import Event, Game, Rng, State
from tapete.engine.encoding import InfoEncoder
from tapete.engine.table import deliver
from tapete.games import game_ids, get_game

from .pettingzoo import TurnOrder

PREFIX = "tapete_"
DEFAULT_CHANCE_OUTCOMES = 4_096
SIMULTANEOUS = pyspiel.PlayerId.SIMULTANEOUS
CHANCE = pyspiel.PlayerId.CHANCE
TERMINAL = pyspiel.PlayerId.TERMINAL
PRIVATE = pyspiel.PrivateInfoType


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def class_name(game_id: str) -> str:
    """The name of a game's class here: `nacho-loco` -> `TapeteNachoLocoGame`."""
    return "Tapete" + "".join(word.capitalize() for word in game_id.replace("_", "-").split("-")) + "Game"


# -- how long a match may last ---------------------------------------------------------------
# Where the rules set no bound, the bridge allows this much (decision nodes), and stops a match
# that reaches it. Each allowance is far above what random and heuristic play need (docs/api.md).
BOON_ROUNDS = 100  # rounds of Boon; heuristic bots: 18 at most in 40 matches
MOVES_PER_CARD = {"bacan": 1, "buracco": 12, "nacho-loco": 4}  # per card of the deck (per seat in Bacan), a round


@dataclass(frozen=True, slots=True)
class LengthBound:
    """The most decision nodes a match has: `hard` when the rules bound it, else
    the bridge's allowance, where it stops the match (a draw); `why` says how."""

    moves: int
    hard: bool
    why: str


def length_bound(game: Game, num_players: int, options: Any, simultaneous: bool = True) -> LengthBound:
    """The bound of `max_game_length` for a game, its player count and options, in
    the simultaneous form (one node for seats choosing at once) or not (one node a seat)."""
    n = num_players
    probe = game.new_match(n, 0, options)
    view = probe.view(0)
    deck = len(probe.card_ids())
    if game.id == "wanted":
        # WAN-4..WAN-12: every card and die is dealt up front; a stage is at most 5 battles
        # (Duelo, Tiroteo) or `deals` deals of one battle each (Pandillas), and at most
        # `replays` replay stages follow. Seats choosing at once: one node, or one a seat.
        each = 1 if simultaneous else n
        hand = len(view["hand"])
        if options.mode != "pandillas":
            moves = (1 + options.replays) * hand * each
            return LengthBound(moves, True, f"(1 + {options.replays} replays) stages x {hand} battles x {each}")
        # a battle: 3 picks, a leader choice after each of the <= 3 settlements, <= 2 tie discards
        battle = (3 + 3 + 2) * each
        moves = options.deals * battle + (options.deals - 1) + options.replays * (1 + battle)
        return LengthBound(moves, True, f"{options.deals} deals and {options.replays} replays of {battle}-node battles")
    if game.id == "boon":
        # A round: the deal, a bid a seat at most, the bury, every card played (BOO-4..BOO-8).
        # Rounds go on until a seat has no victory card (BOO-12): they pass back and forth, and a
        # payout table of zeros never ends, so the rounds have no bound.
        rnd = 1 + n + view["boon_size"] + n * len(view["hand"])
        return LengthBound(BOON_ROUNDS * rnd, False, f"{BOON_ROUNDS} rounds x {rnd} (a round's bound)")
    if game.id == "nacho-loco":
        # NAC-15, NAC-17: a round gives its winner a point for every card in the other hands
        # (>= n-1), so a match has at most n(target-1)/(n-1) + 1 rounds. A round has no bound:
        # a seat may draw and keep playable cards (NAC-12), and the pile refills (NAC-10).
        rounds = n * (options.target - 1) // (n - 1) + 1
        rnd = MOVES_PER_CARD[game.id] * deck
        return LengthBound(rounds * rnd, False, f"{rounds} rounds (the rules' bound) x {rnd}")
    if game.id == "bacan":
        # Scores may fall (BAC-26, comodines count -1) and the discard pile is reshuffled into
        # the deck (BAC-15): neither rounds nor turns have a bound. The allowance grows with the
        # limit: one round a point of it, each round every seat's pass through the deck.
        rounds = max(options.limit, 10)
        rnd = MOVES_PER_CARD[game.id] * deck * n
        return LengthBound(rounds * rnd, False, f"{rounds} rounds x {rnd}")
    if game.id == "buracco":
        # BUR-13: the pozo may pass back and forth while the stock lasts, and hands may score
        # below zero (BUR-22): neither hands nor turns have a bound.
        hands = max(math.ceil(options.target / 100), 5)
        rnd = MOVES_PER_CARD[game.id] * deck
        return LengthBound(hands * rnd, False, f"{hands} hands x {rnd}")
    # a game the bridge has no rule for: an allowance by the size of its deck
    return LengthBound(100 * max(deck, 1) * n, False, "an allowance of 100 decisions a card and seat")


# -- the game ----------------------------------------------------------------------------------
def _has_simultaneous_choices(game: Game) -> bool:
    """Whether any match of `game` asks several seats to choose at once
    (looked for along a few seeded random matches)."""
    rng = random.Random(0)
    for seed in range(3):
        state = game.new_match(game.default_players, seed)
        for _ in range(400):
            if state.is_terminal():
                break
            required = state.required_actors()
            if len(required) > 1:
                return True
            seat = required[0] if required else state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return False


def _game_type(game: Game, dynamics: Any) -> pyspiel.GameType:
    tensors = game.encoder_type is not None
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"tapete {game.name['en']}",
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification={
            "players": game.default_players,
            "options": "{}",
            "simultaneous": dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS,
            "chance_outcomes": DEFAULT_CHANCE_OUTCOMES,
            "max_game_length": 0,
        },
    )


class TapeteSpielGame(pyspiel.Game):
    """One tapete game as an OpenSpiel game. Parameters: `players`, `options`
    (the game's options as a JSON object), `simultaneous`, `chance_outcomes`,
    `max_game_length` (0: the game's `length_bound`). Each game has its own
    subclass here (`GAME_CLASSES`), registered by `register()`."""

    game_id: ClassVar[str]
    game_type: ClassVar[pyspiel.GameType | None] = None

    @classmethod
    def spiel_type(cls) -> pyspiel.GameType:
        """The game type (found once: whether the game has simultaneous choices)."""
        if cls.game_type is None:
            game = get_game(cls.game_id)
            simultaneous = _has_simultaneous_choices(game)
            dynamics = pyspiel.GameType.Dynamics
            cls.game_type = _game_type(game, dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL)
        return cls.game_type

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params = dict(params or {})
        params = self.params
        game = self.tapete_game = get_game(self.game_id)
        self.num_seats = int(params.get("players", game.default_players))
        self.options = game.parse_options(json.loads(str(params.get("options", "{}"))))
        game.check_players(self.num_seats, self.options)
        self.simultaneous = bool(params.get("simultaneous", True))
        self.outcomes = int(params.get("chance_outcomes", DEFAULT_CHANCE_OUTCOMES))
        if self.outcomes < 1:
            raise ValueError("chance_outcomes must be at least 1")
        game_type = self.spiel_type()
        sequential = not self.simultaneous or game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        if sequential and game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
            game_type = _sequential(game_type)
        self.simultaneous = not sequential
        bound = length_bound(game, self.num_seats, self.options, self.simultaneous)
        asked = int(params.get("max_game_length", 0))
        if asked < 0:
            raise ValueError("max_game_length must be at least 1 (0: the game's bound)")
        self.bound = bound
        self.max_moves = min(asked, bound.moves) if asked and bound.hard else (asked or bound.moves)
        probe = game.new_match(self.num_seats, 0, self.options)
        self.num_game_actions = probe.num_actions()
        self.pass_action = self.num_game_actions
        self.encoder_probe: InfoEncoder | None = (
            game.encoder(0, self.num_seats, probe.options) if game.encoder_type is not None else None
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.num_game_actions + 1,
            max_chance_outcomes=self.outcomes,
            num_players=self.num_seats,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.max_moves,
        )
        super().__init__(game_type, info, params)

    def __reduce__(self) -> tuple[Any, ...]:
        return _load_game, (self.game_id, self.params)

    def __copy__(self) -> TapeteSpielGame:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> TapeteSpielGame:
        return self  # a game does not change: its states' copies share it

    def new_initial_state(self) -> TapeteSpielState:
        return TapeteSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TapeteObserver:
        if iig_obs_type is None:  # OpenSpiel's default: the observation
            return TapeteObserver(self, recall=False, private=PRIVATE.SINGLE_PLAYER)
        if not iig_obs_type.public_info:
            raise ValueError("tapete's views mix public and private information: public_info=False is not offered")
        return TapeteObserver(self, recall=iig_obs_type.perfect_recall, private=iig_obs_type.private_info)


def _sequential(game_type: pyspiel.GameType) -> pyspiel.GameType:
    params = dict(game_type.parameter_specification)
    params["simultaneous"] = False
    return pyspiel.GameType(
        short_name=game_type.short_name,
        long_name=game_type.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=game_type.chance_mode,
        information=game_type.information,
        utility=game_type.utility,
        reward_model=game_type.reward_model,
        max_num_players=game_type.max_num_players,
        min_num_players=game_type.min_num_players,
        provides_information_state_string=game_type.provides_information_state_string,
        provides_information_state_tensor=game_type.provides_information_state_tensor,
        provides_observation_string=game_type.provides_observation_string,
        provides_observation_tensor=game_type.provides_observation_tensor,
        parameter_specification=params,
    )


def _load_game(game_id: str, params: dict[str, Any]) -> TapeteSpielGame:
    """A pickled game, loaded again (registering the games first)."""
    register()
    game: TapeteSpielGame = pyspiel.load_game(short_name(game_id), params)
    return game


def _load_state(game: TapeteSpielGame, data: str) -> TapeteSpielState:
    """A pickled state, read again by its game."""
    state: TapeteSpielState = game.deserialize_state(data)
    return state


# -- a match ----------------------------------------------------------------------------------
class Table:
    """Everything a match holds for OpenSpiel. OpenSpiel clones a Python state
    by deep-copying its attributes: this one copies itself with the engine's
    cheap `State.clone` and `InfoEncoder.copy`."""

    def __init__(self, num_seats: int) -> None:
        self.match: State | None = None  # None until the root chance node deals
        self.waiting: tuple[int, int] | None = None  # (seat, action) waiting for a chance outcome
        self.turns = TurnOrder("once")
        self.seen: list[list[str]] = [[] for _ in range(num_seats)]  # each seat's story, for recall
        self.public: list[Event] = []  # the events everyone saw, for the public observer
        self.encoders: list[InfoEncoder] = []  # each seat's information-state encoder, fed its events
        self.moves = 0  # decision nodes so far
        self.seat = 0
        self.may_pass = False
        self.offered: list[int] = []
        self.events: list[Event] = []  # what the last node made happen (for tapete bots at the table)

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        new = Table.__new__(Table)
        new.match = None if self.match is None else self.match.clone()
        new.waiting = self.waiting
        new.turns = TurnOrder("once")
        new.turns.asked = set(self.turns.asked)
        new.seen = [story[:] for story in self.seen]
        new.public = self.public[:]
        new.encoders = [encoder.copy() for encoder in self.encoders]
        new.moves = self.moves
        new.seat, new.may_pass, new.offered = self.seat, self.may_pass, self.offered
        new.events = []
        return new


class TapeteSpielState(pyspiel.State):
    """A match seen by OpenSpiel: the tapete state, the serialized turns, and
    an action waiting for its chance outcome."""

    def __init__(self, game: TapeteSpielGame) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.t = Table(game.num_seats)

    def __reduce__(self) -> tuple[Any, ...]:
        return _load_state, (self.spiel_game, self.serialize())

    def __copy__(self) -> TapeteSpielState:
        copied: TapeteSpielState = self.clone()
        return copied

    def __deepcopy__(self, memo: dict[int, Any]) -> TapeteSpielState:
        return self.__copy__()

    # -- who acts --------------------------------------------------------------------------
    def _simultaneous_node(self) -> bool:
        state = self.t.match
        assert state is not None
        if not self.spiel_game.simultaneous:
            return False
        required = state.required_actors()
        return len(required) > 1 and len(required) == len(state.actors())

    def is_cut(self) -> bool:
        """Whether the match reached `max_game_length` unfinished (the bridge ends it: a draw)."""
        t = self.t
        return (
            t.match is not None
            and t.waiting is None
            and t.moves >= self.spiel_game.max_moves
            and not t.match.is_terminal()
        )

    def current_player(self) -> int:
        if self.t.match is None or self.t.waiting is not None:
            return int(CHANCE)
        if self.is_terminal():
            return int(TERMINAL)
        if self._simultaneous_node():
            return int(SIMULTANEOUS)
        return self.t.seat

    def _select(self) -> None:
        state = self.t.match
        assert state is not None
        if state.is_terminal() or self._simultaneous_node():
            return
        self.t.seat, self.t.may_pass = self.t.turns.next(state)
        self.t.offered = self.t.turns.allowed(state, self.t.seat)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.t.match
        assert state is not None
        if self.is_terminal():
            return []
        if self._simultaneous_node():
            legal = state.legal_actions(player)
            return list(legal) if legal else [self.spiel_game.pass_action]
        if player != self.t.seat:
            return []
        return [*self.t.offered, self.spiel_game.pass_action] if self.t.may_pass else list(self.t.offered)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        k = self.spiel_game.outcomes
        return [(o, 1.0 / k) for o in range(k)]

    # -- applying --------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        t = self.t
        t.events = []
        if t.match is None:  # the root: the deal of the match
            game = self.spiel_game
            t.match = game.tapete_game.new_match(game.num_seats, _tape(action, 0), game.options)
            if game.tapete_game.encoder_type is not None:
                t.encoders = [
                    game.tapete_game.encoder(seat, game.num_seats, t.match.options) for seat in range(game.num_seats)
                ]
            self._select()
            return
        if t.waiting is not None:
            seat, move = t.waiting
            t.waiting = None
            t.match.rng = Rng(_tape(action, len(self.history())))
            self._play(seat, move)
            return
        t.moves += 1
        self._turn(t.seat, action)

    def _apply_actions(self, actions: list[int]) -> None:
        state = self.t.match
        assert state is not None
        self.t.moves += 1
        self.t.events = []
        movers = list(state.required_actors())
        # Every choice but the last only waits for the others (a commit, a peek); the
        # last one may reveal and draw on chance, so it alone may lead to a chance node.
        for seat in movers[:-1]:
            self._turn(seat, actions[seat], select=False)
        self._turn(movers[-1], actions[movers[-1]])

    def _turn(self, seat: int, action: int, select: bool = True) -> None:
        """A decision: PASS, or an action that is played now or waits for chance."""
        state = self.t.match
        assert state is not None
        if action == self.spiel_game.pass_action:
            self.t.turns.record_pass(seat)
            self._select()
            return
        before = state.clone()
        counter = state.rng.counter
        reaction = state.is_reaction(seat, action)
        move = json.dumps(state.action_to_json(action), sort_keys=True)
        events = state.apply(seat, action)
        if state.rng.counter != counter:  # it drew on chance: undo, and let a chance node decide the draw
            self.t.match = before
            self.t.waiting = (seat, action)
            return
        self._after(seat, move, reaction, events, select)

    def _play(self, seat: int, action: int) -> None:
        state = self.t.match
        assert state is not None
        reaction = state.is_reaction(seat, action)
        move = json.dumps(state.action_to_json(action), sort_keys=True)
        events = state.apply(seat, action)
        self._after(seat, move, reaction, events, True)

    def _after(self, seat: int, move: str, reaction: bool, events: list[Event], select: bool) -> None:
        """Tell every seat's story and encoder what it saw (and its own move), and find the next turn."""
        t = self.t
        t.turns.record_action(seat, reaction)
        t.events.extend(events)  # a simultaneous node's: every mover's
        texts = [json.dumps(e.to_json(), sort_keys=True) for e in events]
        for viewer, story in enumerate(t.seen):
            if viewer == seat:
                story.append(f"I: {move}")
            seen = [e for e in events if e.visible_to(viewer)]
            story.extend(text for e, text in zip(events, texts, strict=True) if e.visible_to(viewer))
            if t.encoders and seen:
                t.encoders[viewer].observe(seen)
        t.public.extend(e for e in events if e.audience is None)
        if select:
            self._select()

    # -- words -----------------------------------------------------------------------------
    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"chance tape {action}"
        if action == self.spiel_game.pass_action:
            return "pass"
        state = self.t.match
        assert state is not None
        return json.dumps(state.action_to_json(action), sort_keys=True)

    def is_terminal(self) -> bool:
        t = self.t
        return t.match is not None and t.waiting is None and (t.match.is_terminal() or self.is_cut())

    def returns(self) -> list[float]:
        n = self.spiel_game.num_seats
        if not self.is_terminal():
            return [0.0] * n
        assert self.t.match is not None
        if self.is_cut():
            return [1.0 / n] * n
        return [float(r) for r in self.t.match.outcome().returns(n)]

    def __str__(self) -> str:
        if self.t.match is None:
            return "(to deal)"
        cut = " (cut at max_game_length)" if self.is_cut() else ""
        return json.dumps(self.t.match.view(None), sort_keys=True) + cut


def _tape(outcome: int, salt: int) -> int:
    """The seed of the random tape a chance outcome stands for."""
    return random.Random(outcome * 1_000_003 + salt).getrandbits(62)


# -- what a seat knows --------------------------------------------------------------------------
class TapeteObserver:
    """OpenSpiel's observer (`make_py_observer`) from views, events and the
    game's encoder:

    - `private_info=SINGLE_PLAYER`: the seat's view; with `perfect_recall` its
      story too, and the encoder's `information_state(view)` as the tensor, else
      its `observation(view)`;
    - `NONE`: the spectators' view (`view(None)`) and, with `perfect_recall`,
      the public events; the tensor is the seat's encoder fed only those;
    - `ALL_PLAYERS`: every seat's own, one after the other (seat 0 first).

    A game without an encoder has no tensor (`tensor` is None)."""

    def __init__(self, game: TapeteSpielGame, recall: bool, private: Any) -> None:
        self.game = game
        self.recall = recall
        self.private = private
        probe = game.encoder_probe
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if probe is not None:
            one = probe.size if recall else probe.observation_size
            seats = game.num_seats if private == PRIVATE.ALL_PLAYERS else 1
            self.tensor = np.zeros(one * seats, np.float32)
            self.dict = {"information_state" if recall else "observation": self.tensor}

    def _encode(self, encoder: InfoEncoder, view: Mapping[str, Any]) -> np.ndarray:
        return encoder.information_state(view) if self.recall else encoder.observation(view)

    def set_from(self, state: TapeteSpielState, player: int) -> None:
        tensor = self.tensor
        if tensor is None:
            return
        tensor.fill(0.0)
        match = state.t.match
        if match is None:
            return
        if self.private == PRIVATE.SINGLE_PLAYER:
            tensor[:] = self._encode(state.t.encoders[player], match.view(player))
        elif self.private == PRIVATE.NONE:
            encoder = self.game.tapete_game.encoder(player, self.game.num_seats, match.options)
            if self.recall:
                encoder.observe(state.t.public)
            tensor[:] = self._encode(encoder, match.view(None))
        else:
            size = len(tensor) // self.game.num_seats
            for seat, encoder in enumerate(state.t.encoders):
                tensor[seat * size : (seat + 1) * size] = self._encode(encoder, match.view(seat))

    def string_from(self, state: TapeteSpielState, player: int) -> str:
        match = state.t.match
        if match is None:
            return "to deal" if self.private == PRIVATE.NONE else f"seat {player}: to deal"
        turn = f"to act: {state.current_player()}"
        if self.private == PRIVATE.NONE:
            text = f"public; {turn}\n{json.dumps(match.view(None), sort_keys=True)}"
            if self.recall:
                text += "".join("\n" + json.dumps(e.to_json(), sort_keys=True) for e in state.t.public)
            return text
        seats = [player] if self.private == PRIVATE.SINGLE_PLAYER else list(range(self.game.num_seats))
        parts = []
        for seat in seats:
            text = f"seat {seat}; {turn}\n{json.dumps(match.view(seat), sort_keys=True)}"
            if self.recall:
                text += "".join("\n" + line for line in state.t.seen[seat])
            parts.append(text)
        return "\n\n".join(parts)


def resampler(state: TapeteSpielState, player: int) -> TapeteSpielState:
    """A world consistent with what `player` knows (for IS-MCTS)."""
    world: TapeteSpielState = state.clone()
    assert state.t.match is not None
    world.t.match = state.t.match.determinize(player, random.Random())
    return world


# -- one class per game, bound here under a stable name (pickle finds them) ---------------------
def _game_class(game_id: str) -> type[TapeteSpielGame]:
    name = class_name(game_id)
    cls = type(name, (TapeteSpielGame,), {"game_id": game_id, "__module__": __name__, "__qualname__": name})
    return cls


GAME_CLASSES: dict[str, type[TapeteSpielGame]] = {game_id: _game_class(game_id) for game_id in game_ids()}
globals().update({cls.__name__: cls for cls in GAME_CLASSES.values()})

_registered: set[str] = set()


def register() -> list[str]:
    """Register every tapete game with pyspiel (once; importing this module
    already did, as OpenSpiel's own Python games do); their short names."""
    names = []
    for game_id, cls in GAME_CLASSES.items():
        name = short_name(game_id)
        if name not in _registered:
            pyspiel.register_game(cls.spiel_type(), cls)
            _registered.add(name)
        names.append(name)
    return names


register()


# -- tapete's bots and OpenSpiel's at one table ------------------------------------------------
class TapeteSeat(pyspiel.Bot):
    """A tapete bot (a `make_bot` kind) as an OpenSpiel bot, for OpenSpiel's
    `evaluate_bots`: it sees its seat's observation and the events addressed
    to it, as anywhere (the events of each step reach it at its next call)."""

    def __init__(self, kind: str, game: Game, seat: int, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        from tapete.bots import make_bot

        self.kind, self.game, self.seat, self.seed = kind, game, seat, seed
        self.bot = make_bot(kind, game, seed)
        self.started = False
        self.told = -1  # the history length whose events the bot has heard

    def restart_at(self, state: TapeteSpielState) -> None:
        from tapete.bots import make_bot

        self.bot = make_bot(self.kind, self.game, self.seed)
        self.started = False
        self.told = -1

    def _catch_up(self, state: TapeteSpielState) -> None:
        match = state.t.match
        if match is None:
            return
        if not self.started:
            self.bot.start(self.seat, match.num_players, match.options)
            self.started = True
        moment = len(state.history())
        if moment != self.told:
            self.told = moment
            deliver(state.t.events, {self.seat: self.bot})

    def inform_action(self, state: TapeteSpielState, player: int, action: int) -> None:
        self._catch_up(state)

    def inform_actions(self, state: TapeteSpielState, actions: list[int]) -> None:
        self._catch_up(state)

    def step(self, state: TapeteSpielState) -> int:
        from tapete.engine import Observation

        self._catch_up(state)
        match = state.t.match
        assert match is not None
        legal = state.legal_actions(self.seat)
        pass_action = state.spiel_game.pass_action
        offered = [a for a in legal if a != pass_action]
        decision = None
        if offered:
            obs = Observation(match, self.seat)
            obs.legal = offered  # the bot chooses among what the table offers (one reaction a window)
            decision = self.bot.decide(obs)
        if decision is not None and decision.action in legal:
            return decision.action
        return pass_action if pass_action in legal else legal[0]


def ismcts_bot(game: pyspiel.Game, simulations: int, rollout_steps: int | None, seed: int) -> Any:
    """OpenSpiel's own IS-MCTS (`open_spiel.python.algorithms.ismcts`) with its
    random-rollout evaluator (a rollout cut after `rollout_steps` moves is
    valued 0 for everyone) and worlds from `resampler`. The game must be
    loaded with `simultaneous=False` (IS-MCTS searches sequential games)."""
    from open_spiel.python.algorithms import ismcts, mcts

    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state, max_length=rollout_steps)

    class SearchBot(ismcts.ISMCTSBot):
        """What evaluate_bots asks of a bot and this one lacks: starting a match."""

        def restart_at(self, state: Any) -> None:
            self.reset()

        def inform_action(self, state: Any, player: int, action: int) -> None:
            return None

    bot = SearchBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=random_state,
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(resampler)
    return bot


def play_match(game: pyspiel.Game, bots: list[Any], seed: int) -> list[float]:
    """One match to the end by OpenSpiel's `evaluate_bots`; the returns."""
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
    return [float(r) for r in returns]
