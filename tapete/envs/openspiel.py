"""tapete's games as OpenSpiel games (install the extra `openspiel`).

`register()` registers every game with `pyspiel` as a Python game named
`tapete_<id>` (`tapete_bacan`, `tapete_buracco`, `tapete_nacho_loco`,
`tapete_boon`, `tapete_wanted`), so OpenSpiel's own tools run on them:

    import pyspiel
    from tapete.envs.openspiel import register
    register()
    game = pyspiel.load_game("tapete_boon", {"players": 4})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

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
  choice): the sequential form OpenSpiel's IS-MCTS needs.
- **Information** comes from views only: the observation string is the
  seat's view (JSON), the information-state string adds what the seat saw
  happen (its visible events, its own moves); the tensors are the view's
  vector (`tapete.envs.ObservationEncoder`) for both.
- **Returns** are the win shares at the end (1 for a sole winner, 1/k for k
  sharing the win, 0 otherwise).

`resampler(state, player)` is a world consistent with what `player` knows
(`State.determinize`), for `open_spiel.python.algorithms.ismcts.ISMCTSBot
.set_resampler`.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from tapete.engine import Event, Game, Rng, State
from tapete.engine.turns import deliver
from tapete.games import game_ids, get_game

from .pettingzoo import TurnOrder, encoder_for

PREFIX = "tapete_"
DEFAULT_CHANCE_OUTCOMES = 4_096
MAX_GAME_LENGTH = 1_000_000
SIMULTANEOUS = pyspiel.PlayerId.SIMULTANEOUS
CHANCE = pyspiel.PlayerId.CHANCE
TERMINAL = pyspiel.PlayerId.TERMINAL


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


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


def _game_type(game: Game) -> pyspiel.GameType:
    simultaneous = _has_simultaneous_choices(game)
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"tapete {game.name['en']}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.default_players,
            "options": "{}",
            "simultaneous": simultaneous,
            "chance_outcomes": DEFAULT_CHANCE_OUTCOMES,
        },
    )


class TapeteSpielGame(pyspiel.Game):
    """One tapete game as an OpenSpiel game. Parameters: `players`, `options`
    (the game's options as a JSON object), `simultaneous`, `chance_outcomes`."""

    tapete_game: Game
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self.tapete_game
        self.num_seats = int(params.get("players", game.default_players))
        self.options = game.parse_options(json.loads(str(params.get("options", "{}"))))
        game.check_players(self.num_seats, self.options)
        self.simultaneous = bool(params.get("simultaneous", True))
        self.outcomes = int(params.get("chance_outcomes", DEFAULT_CHANCE_OUTCOMES))
        if self.outcomes < 1:
            raise ValueError("chance_outcomes must be at least 1")
        probe = game.new_match(self.num_seats, 0, self.options)
        self.num_game_actions = probe.num_actions()
        self.pass_action = self.num_game_actions
        self.encoder = encoder_for(game, self.num_seats, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.num_game_actions + 1,
            max_chance_outcomes=self.outcomes,
            num_players=self.num_seats,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        game_type = self.game_type
        if not self.simultaneous and game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
            game_type = _sequential(game_type)
        super().__init__(game_type, info, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> TapeteSpielGame:
        return self  # a game does not change: its states' copies share it

    def new_initial_state(self) -> TapeteSpielState:
        return TapeteSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ViewObserver(self, recall)


def _sequential(game_type: pyspiel.GameType) -> pyspiel.GameType:
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
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=game_type.parameter_specification,
    )


class Table:
    """Everything a match holds for OpenSpiel. OpenSpiel clones a Python state
    by deep-copying its attributes: this one copies itself with the engine's
    cheap `State.clone`."""

    def __init__(self, num_seats: int) -> None:
        self.match: State | None = None  # None until the root chance node deals
        self.waiting: tuple[int, int] | None = None  # (seat, action) waiting for a chance outcome
        self.turns = TurnOrder("once")
        self.seen: list[list[str]] = [[] for _ in range(num_seats)]  # each seat's story, for recall
        self.seat = 0
        self.may_pass = False
        self.offered: list[int] = []
        self.events: list[Event] = []  # what the last step made happen (for tapete bots at the table)

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        new = Table.__new__(Table)
        new.match = None if self.match is None else self.match.clone()
        new.waiting = self.waiting
        new.turns = TurnOrder("once")
        new.turns.asked = set(self.turns.asked)
        new.seen = [story[:] for story in self.seen]
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

    # -- who acts --------------------------------------------------------------------------
    def _simultaneous_node(self) -> bool:
        state = self.t.match
        assert state is not None
        if not self.spiel_game.simultaneous:
            return False
        required = state.required_actors()
        return len(required) > 1 and len(required) == len(state.actors())

    def current_player(self) -> int:
        if self.t.match is None or self.t.waiting is not None:
            return int(CHANCE)
        if self.t.match.is_terminal():
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
        if self.t.match is None:  # the root: the deal of the match
            game = self.spiel_game
            self.t.match = game.tapete_game.new_match(game.num_seats, _tape(action, 0), game.options)
            self._select()
            return
        if self.t.waiting is not None:
            seat, move = self.t.waiting
            self.t.waiting = None
            self.t.match.rng = Rng(_tape(action, len(self.history())))
            self._play(seat, move)
            return
        self._turn(self.t.seat, action)

    def _apply_actions(self, actions: list[int]) -> None:
        state = self.t.match
        assert state is not None
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
        self.t.events = []
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
        """Tell every seat's story what it saw (and its own move), and find the next turn."""
        self.t.turns.record_action(seat, reaction)
        self.t.events = events
        for viewer, story in enumerate(self.t.seen):
            if viewer == seat:
                story.append(f"I: {move}")
            story.extend(json.dumps(e.to_json(), sort_keys=True) for e in events if e.visible_to(viewer))
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
        return self.t.match is not None and self.t.waiting is None and self.t.match.is_terminal()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.spiel_game.num_seats
        assert self.t.match is not None
        return [float(r) for r in self.t.match.outcome().returns(self.spiel_game.num_seats)]

    def __str__(self) -> str:
        if self.t.match is None:
            return "(to deal)"
        return json.dumps(self.t.match.view(None), sort_keys=True)


def _tape(outcome: int, salt: int) -> int:
    """The seed of the random tape a chance outcome stands for."""
    return random.Random(outcome * 1_000_003 + salt).getrandbits(62)


class ViewObserver:
    """OpenSpiel's observer from a seat's view: the view's vector as the tensor
    (the same for the information state), the view as the observation
    string, plus the seat's story for the information-state string."""

    def __init__(self, game: TapeteSpielGame, recall: bool) -> None:
        self.game = game
        self.recall = recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: TapeteSpielState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.t.match is not None:
            self.tensor[:] = self.game.encoder.encode(state.t.match.view(player))

    def string_from(self, state: TapeteSpielState, player: int) -> str:
        if state.t.match is None:
            return f"seat {player}: to deal"
        view = json.dumps(state.t.match.view(player), sort_keys=True)
        turn = f"seat {player}; to act: {state.current_player()}"
        if not self.recall:
            return f"{turn}\n{view}"
        return f"{turn}\n{view}\n" + "\n".join(state.t.seen[player])


def resampler(state: TapeteSpielState, player: int) -> TapeteSpielState:
    """A world consistent with what `player` knows (for IS-MCTS)."""
    world = state.clone()
    assert state.t.match is not None
    world.t.match = state.t.match.determinize(player, random.Random())
    return world


_registered: set[str] = set()


def register() -> list[str]:
    """Register every tapete game with pyspiel (once); their short names."""
    names = []
    for game_id in game_ids():
        name = short_name(game_id)
        if name not in _registered:
            game = get_game(game_id)
            game_type = _game_type(game)
            cls = type(
                f"Spiel_{game_id.replace('-', '_')}", (TapeteSpielGame,), {"tapete_game": game, "game_type": game_type}
            )
            pyspiel.register_game(game_type, cls)
            _registered.add(name)
        names.append(name)
    return names


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
