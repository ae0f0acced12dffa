"""A tapete game as an OpenSpiel game: the game, its states, one class per game."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import pyspiel

from tapete.engine import Event, Game, Rng, State
from tapete.engine.encoding import InfoEncoder
from tapete.games import game_ids, get_game

from ..pettingzoo import TurnOrder
from .bounds import length_bound
from .observer import PRIVATE, TapeteObserver

PREFIX = "tapete_"
DEFAULT_CHANCE_OUTCOMES = 4_096
SIMULTANEOUS = pyspiel.PlayerId.SIMULTANEOUS
CHANCE = pyspiel.PlayerId.CHANCE
TERMINAL = pyspiel.PlayerId.TERMINAL
PACKAGE = __name__.rpartition(".")[0]  # where the game classes are bound: tapete.envs.openspiel


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def class_name(game_id: str) -> str:
    """The name of a game's class here: `some-game` -> `TapeteSomeGameGame`."""
    return "Tapete" + "".join(word.capitalize() for word in game_id.replace("_", "-").split("-")) + "Game"


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


# -- one class per game, bound in the package under a stable name (pickle finds them) -------------
def _game_class(game_id: str) -> type[TapeteSpielGame]:
    name = class_name(game_id)
    cls = type(name, (TapeteSpielGame,), {"game_id": game_id, "__module__": PACKAGE, "__qualname__": name})
    return cls


GAME_CLASSES: dict[str, type[TapeteSpielGame]] = {game_id: _game_class(game_id) for game_id in game_ids()}

_registered: set[str] = set()


def register() -> list[str]:
    """Register every tapete game with pyspiel (once; importing the package
    already did, as OpenSpiel's own Python games do); their short names."""
    names = []
    for game_id, cls in GAME_CLASSES.items():
        name = short_name(game_id)
        if name not in _registered:
            pyspiel.register_game(cls.spiel_type(), cls)
            _registered.add(name)
        names.append(name)
    return names
