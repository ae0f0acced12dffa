"""Information-Set Monte Carlo Tree Search for any game (Cowling et al., 2012).

Single-observer ISMCTS: one tree for the searching seat, whose nodes are
action sequences from the current position. Every iteration samples a world
consistent with what the seat knows (`Observation.sample`, i.e.
`State.determinize`), walks the tree choosing among the actions legal in
that world by UCB with availability counts, adds one node, finishes with a
random rollout and backs up each seat's value into the arms it chose.

States with several actors are searched with decoupled choices (as in
decoupled UCT for simultaneous moves): every actor picks an arm from its own
statistics at the node, an optional actor (a reaction window) may pick PASS.
A reaction (an optional seat's action or `State.is_reaction`) races and is
applied alone, the winner of the race drawn at random; otherwise the required
seats' picks are applied together, so a simultaneous commit is chosen
without seeing the others' commits.

Rollouts are uniformly random (`rollout="random"`) or played by fresh copies
of the game's heuristic bot in every seat (`rollout="heuristic"`). They stop
at the end of the current round by default (`horizon="round"`) and the
position is then valued from the spectator's scores: a seat's gain since the
root minus the others' mean gain, squashed as 0.5 + 0.5 tanh(margin / scale)
with the scale the mean absolute margin this search has seen (`value=
"margin"`; `value="rank"` uses ranks instead). A finished match is valued by
its outcome (the win share). Whether higher scores are better is the game's
`score_sense` (+1 or -1) if it declares one, or else read from a few seeded
random matches.

With `guide=True` the game's heuristic bot, fed the seat's own events like
any bot, proposes each move, and the search overrides the proposal only when
an arm's mean beats it by `override_margin` standard errors; optional
windows follow the proposal unsearched (they come after every action in
Bacan, and searching each would cost more than the whole rest of the match).
A game may leave more decisions to the proposal (`ismcts_searches`) and
change a level's settings for itself (`ismcts_levels`, or per match options
`ismcts_settings`, read by `level_config`).
Where one decision starts several actions a seat takes in a row whose order
does not matter (WANTED's three cards of a gang), the game may offer the
whole sets (`ismcts_plans(view, legal)`): the guided search then compares
plans, not first steps, and plays the chosen plan out. Where the score
margin says little about who wins the match (a lead near the end is worth
more than the same lead early), the game may value a position at the
horizon itself (`ismcts_value(spectator view)`: each seat's chance to win).
A game whose heuristic is costly may give rollouts a cheaper one for the
other seats (`ismcts_rollout_bot(rng)`).

The search owns its `random.Random`; the real match is never touched.
"""

from __future__ import annotations

import copy
import math
import pickle
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tapete.engine import Bot, Decision, Event, Game, Observation, State

PASS = -1  # an optional actor lets the window go by
WINDOW = 1.5  # simulated seconds a required seat's plain action waits in a reaction window

Stat = list[float]  # [visits, total value, availability]
RoundReader = Callable[[State], Any]


@dataclass(frozen=True)
class ISMCTSConfig:
    """How long and how the bot thinks.

    `iterations` bounds a search; `millis`, when set, bounds it by wall time
    instead. An optional decision (a reaction the seat may skip) gets
    `optional_share` of the budget. `reaction_delay` is the simulated time
    the bot takes to claim a reaction.
    """

    iterations: int = 600
    millis: float | None = None
    exploration: float = 0.7
    horizon: str = "round"  # "round" | "match"
    max_rollout_actions: int = 2_000
    rollout_react_chance: float = 0.1
    optional_share: float = 0.25
    reaction_delay: float = 0.8
    turn_delay: float = 1.0
    value: str = "margin"  # "margin" | "rank"
    # A finished match is worth its win share, blended with this weight of
    # the score margin: a few worlds then tell close moves apart by more
    # than win or loss (WANTED ends in every rollout).
    terminal_margin: float = 0.0
    rollout: str = "random"  # "random" | "heuristic" (the game's own bot plays every seat)
    max_depth: int = 1_000  # tree levels below the root; 1 = flat Monte Carlo over the root's arms
    # The game's heuristic bot, fed the seat's own events, proposes a move; the
    # search overrides it only when an arm's mean beats it by `override_margin`
    # standard errors. Optional windows then follow the heuristic unsearched.
    guide: bool = False
    override_margin: float = 1.0
    # With a guide: compare the arms on the same worlds and rollout randomness
    # (common random numbers) instead of a UCB search.
    paired: bool = False
    # Paired comparisons sample this many worlds (each rolls out every legal
    # move); None: `iterations` rollouts in all, divided among the moves.
    worlds: int | None = None
    # Screened paired comparisons: every legal move is rolled out on `screen`
    # worlds, then only the best-scoring challenger meets the proposal on
    # `worlds` fresh ones (None: one set of worlds, split in halves).
    screen: int | None = None
    screen_rollouts: int = 10_000  # fewer screening worlds when there are many moves (at least 2)
    # More worlds (up to `max_screen` and `max_worlds`) while the decision has
    # used less than this much of its thread's CPU time: cheap rollouts buy
    # surer comparisons, expensive ones stop at the counts above.
    think_millis: float = 0.0
    max_screen: int = 16
    max_worlds: int = 32
    # A wall-time cap on one decision, whatever the iterations say (slow games:
    # a Bacan round is long); it makes play depend on the machine's speed.
    max_millis: float | None = None

    def __post_init__(self) -> None:
        if self.horizon not in ("round", "match"):
            raise ValueError(f"horizon must be 'round' or 'match', not {self.horizon!r}")
        if self.rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random' or 'heuristic', not {self.rollout!r}")
        if self.iterations < 1 and self.millis is None:
            raise ValueError("a search needs iterations >= 1 or a time budget")


# easy: a plain ISMCTS with random rollouts and a small budget. normal and
# hard: the game's heuristic proposes; legal moves are tried on the same
# sampled worlds with heuristic rollouts to the end of the round, and a move
# that beats the proposal by half a standard error of the paired differences
# replaces it (a rollout policy-improvement step). normal screens every move
# on 4 worlds (2 or 3 when there are more than 8 moves), then tests only the
# best challenger on 8 fresh worlds (stopping after 4 if it shows no
# advantage); while a decision has used under 100 ms of CPU it adds worlds
# (up to 16 screening, 32 testing). hard tries every move on 48 worlds.
LEVELS: dict[str, ISMCTSConfig] = {
    "easy": ISMCTSConfig(iterations=100, reaction_delay=1.2),
    "normal": ISMCTSConfig(
        iterations=60,
        worlds=8,
        screen=4,
        screen_rollouts=32,
        think_millis=100.0,
        terminal_margin=0.5,
        rollout="heuristic",
        max_depth=1,
        guide=True,
        paired=True,
        override_margin=0.5,
        max_millis=1_000.0,
    ),
    "hard": ISMCTSConfig(
        iterations=200,
        worlds=48,
        rollout="heuristic",
        max_depth=1,
        guide=True,
        paired=True,
        override_margin=0.5,
        reaction_delay=0.6,
        max_millis=4_000.0,
    ),
}


class _BotTemplate:
    """A shadow bot frozen for rollouts. Its own state is pickled once and
    unpickled for every copy (several times faster than `copy.deepcopy`);
    the objects it shares with any fresh bot (cached tables, the options) are
    attached as they are, and every copy gets a new `rng` of its own. A bot
    that cannot be pickled is deep-copied instead."""

    def __init__(self, bot: Bot, shared: dict[int, Any]) -> None:
        self.bot = bot
        self.shared = shared
        self.blob: bytes | None = None
        fields = getattr(bot, "__dict__", None)
        if fields is None:
            return
        rng = fields.get("rng")
        self.has_rng = isinstance(rng, random.Random)
        self.attached = {k: v for k, v in fields.items() if id(v) in shared}
        own = {k: v for k, v in fields.items() if k not in self.attached and not (k == "rng" and self.has_rng)}
        try:
            self.blob = pickle.dumps(own, pickle.HIGHEST_PROTOCOL)
        except Exception:  # a bot holding something unpicklable
            self.blob = None

    def make(self, rng: random.Random) -> Bot:
        if self.blob is None:
            memo = dict(self.shared)
            own_rng = getattr(self.bot, "rng", None)
            if isinstance(own_rng, random.Random):
                memo[id(own_rng)] = own_rng  # replaced: copying its 625 words is slow
            bot = copy.deepcopy(self.bot, memo)
            if isinstance(own_rng, random.Random):
                bot.rng = random.Random(rng.getrandbits(32))  # type: ignore[attr-defined]
            return bot
        cls = type(self.bot)
        bot = cls.__new__(cls)
        fields = bot.__dict__
        fields.update(pickle.loads(self.blob))
        fields.update(self.attached)
        if self.has_rng:
            fields["rng"] = random.Random(rng.getrandbits(32))
        return bot


class _Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        # seat -> arm -> [visits, total value, availability]
        self.stats: dict[int, dict[int, Stat]] = {}
        self.children: dict[Any, _Node] = {}


# -- valuing positions -----------------------------------------------------------


_SENSE_CACHE: dict[str, int] = {}


def score_sense(game: Game, seconds: float = 2.0, matches: int = 12) -> int:
    """+1 if a higher match score is better, -1 if lower is (Bacan's points).

    A game may declare `score_sense`; otherwise seeded random matches tell
    whether winners finish above or below the others. Cached per game id.
    """
    declared = getattr(game, "score_sense", None)
    if declared in (1, -1):
        return int(declared)
    cached = _SENSE_CACHE.get(game.id)
    if cached is not None:
        return cached
    rng = random.Random(20_241)
    evidence = 0.0
    deadline = time.perf_counter() + seconds
    for i in range(matches):
        state = game.new_match(game.default_players, 7_919 * (i + 1))
        steps = 0
        while not state.is_terminal() and steps < 50_000:
            random_action(state, rng, 0.1)
            steps += 1
        if state.is_terminal():
            evidence += _winner_margin(state)
        if time.perf_counter() > deadline:
            break
    sense = -1 if evidence < 0 else 1
    _SENSE_CACHE[game.id] = sense
    return sense


def _winner_margin(state: State) -> float:
    outcome = state.outcome()
    winners = set(outcome.winners)
    won = [s for i, s in enumerate(outcome.scores) if i in winners]
    lost = [s for i, s in enumerate(outcome.scores) if i not in winners]
    if not won or not lost:
        return 0.0
    return sum(won) / len(won) - sum(lost) / len(lost)


def view_scores(view: dict[str, Any], num_players: int) -> list[float] | None:
    """The per-seat match scores of a view, if it shows them as numbers."""
    scores = view.get("scores")
    if not isinstance(scores, list | tuple) or len(scores) != num_players:
        return None
    if not all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores):
        return None
    return [float(s) for s in scores]


def rank_values(scores: Sequence[float]) -> list[float]:
    """Each seat's rank in [0, 1]: 1 above everyone, 0 below everyone, ties halved."""
    n = len(scores)
    if n < 2:
        return [0.5] * n
    values = []
    for s in scores:
        better = sum(1 for t in scores if s > t)
        tied = sum(1 for t in scores if s == t) - 1
        values.append((better + 0.5 * tied) / (n - 1))
    return values


def round_reader(state: State) -> RoundReader:
    """How to read the round number: the state's `round` if it keeps one as an
    int (cheap), else the spectator view's common `round` key."""
    if isinstance(getattr(state, "round", None), int):
        return lambda s: s.round  # type: ignore[attr-defined]
    return lambda s: s.view(None).get("round")


def rollout_bot(game: Game, rng: random.Random) -> Bot:
    """The player of the other seats in heuristic rollouts: the game's
    `ismcts_rollout_bot` (a cheaper heuristic) if it has one, else its
    heuristic bot."""
    make = getattr(game, "ismcts_rollout_bot", None)
    return make(rng) if make is not None else game.heuristic_bot(rng)


def random_action(state: State, rng: random.Random, react_chance: float) -> list[Event]:
    """Apply one random legal action; an optional actor reacts with `react_chance`."""
    actors = state.actors()
    if len(actors) == 1:
        seat = actors[0]
    else:
        required = state.required_actors()
        if len(required) < len(actors) and (not required or rng.random() < react_chance):
            optional = [s for s in actors if s not in required]
            seat = optional[rng.randrange(len(optional))]
        else:
            seat = required[rng.randrange(len(required))]
    legal = state.legal_actions(seat)
    return state.apply(seat, legal[rng.randrange(len(legal))])


def policy_move(state: State, bots: list[Bot | None], rng: random.Random) -> tuple[int, int]:
    """The next (seat, action) when bots play: the earliest decision wins a
    race; a required seat's plain action waits for the reactions. A seat
    without a bot (None) plays at random. A bot that fails, breaks the
    contract or chooses an illegal action is a bug and raises."""
    actors = state.actors()
    required = state.required_actors()
    best: tuple[float, int, int] | None = None
    for seat in actors:
        decision = _bot_decision(state, bots, seat, rng)
        if decision is None:
            continue
        delay = decision.delay
        if seat in required and len(actors) > len(required) and not state.is_reaction(seat, decision.action):
            delay = max(delay, WINDOW)
        if best is None or delay < best[0]:
            best = (delay, seat, decision.action)
    if best is None:
        raise RuntimeError(f"no actor acted: the bots of the required seats {required} passed")
    return best[1], best[2]


def _bot_decision(state: State, bots: list[Bot | None], seat: int, rng: random.Random) -> Decision | None:
    bot = bots[seat]
    if bot is not None:
        decision = bot.decide(Observation(state, seat))
        if decision is not None and decision.action not in state.legal_actions(seat):
            raise RuntimeError(f"{bot.name} bot of seat {seat} chose an illegal action: {decision.action}")
        return decision
    legal = state.legal_actions(seat)
    if seat not in state.required_actors() and rng.random() >= 0.1:
        return None
    return Decision(legal[rng.randrange(len(legal))], rng.uniform(0.2, 3.0))


def _tell(bots: Sequence[Bot | None], events: Sequence[Event]) -> None:
    """Every bot hears the events its seat may see."""
    for seat, bot in enumerate(bots):
        if bot is not None:
            seen = [e for e in events if e.audience is None or seat in e.audience]
            if seen:
                bot.observe(seen)


# -- the search -----------------------------------------------------------------------


class ISMCTS:
    """One search per decision, from one seat's observation."""

    def __init__(self, config: ISMCTSConfig, rng: random.Random, sense: int = 1, game: Game | None = None) -> None:
        self.config = config
        self.rng = rng
        self.sense = sense
        self.game = game
        # Heuristic bots that followed the match from the searching seat's
        # side: its own (every event it saw) and one per other seat (public
        # events only). Rollouts start from copies of them, so the rollout
        # bots remember the match; None where a bot could not follow.
        self.shadows: list[Bot | None] = []
        # per shadow, the objects it shares with any freshly started bot (cached
        # tables, the options): copies of the shadow share them too
        self.shared: list[dict[int, Any]] = []
        if config.rollout == "heuristic" and game is None:
            raise ValueError("heuristic rollouts need the game")
        self._templates: list[_BotTemplate | None] = []
        self.iterations_done = 0

    def _freeze_shadows(self) -> None:
        """Snapshot the shadows once per search: rollouts start from copies."""
        if self.config.rollout != "heuristic":
            return
        self._templates = [
            _BotTemplate(shadow, shared) if shadow is not None else None
            for shadow, shared in zip(self.shadows, self.shared, strict=True)
        ]

    def search(self, obs: Observation, budget: ISMCTSConfig | None = None) -> dict[int, Stat]:
        """The observer's arm statistics at the root after a search."""
        cfg = budget or self.config
        root = _Node()
        self._observer = obs.seat
        self._freeze_shadows()
        self._margin_sum = 0.0
        self._margin_count = 0
        num = obs.num_players
        root_scores = view_scores(obs.view, num)
        reader: RoundReader | None = None
        root_round: Any = None
        self._stride = 0
        start = time.perf_counter()
        deadline = start + cfg.millis / 1000.0 if cfg.millis is not None else math.inf
        done = 0
        while True:
            world = obs.sample(self.rng)
            if reader is None:
                self._stride = world.num_actions() + 1
                if cfg.horizon == "round":
                    reader = round_reader(world)
                    root_round = reader(world)
            self._iterate(root, world, reader, root_round, root_scores, cfg)
            done += 1
            if cfg.max_millis is not None and done % 8 == 0:
                deadline = min(deadline, start + cfg.max_millis / 1000.0)
            if cfg.millis is None:
                if done >= cfg.iterations or (done % 8 == 0 and time.perf_counter() >= deadline):
                    break
            elif done % 8 == 0 and time.perf_counter() >= deadline:
                break
        self.iterations_done += done
        return root.stats.get(obs.seat, {})

    def paired(
        self,
        obs: Observation,
        arms: Sequence[int],
        budget: ISMCTSConfig,
        worlds: int | None = None,
        keep_scale: bool = False,
        more: Callable[[int], bool] | None = None,
        plans: Sequence[Sequence[int]] | None = None,
    ) -> dict[int, list[float]]:
        """The observer's value of every arm on the same sampled worlds with the
        same rollout randomness (common random numbers), for paired comparisons.
        `worlds` defaults to `budget.worlds`, else `budget.iterations` rollouts
        divided among the arms. `keep_scale` goes on valuing margins on the
        scale of the previous call's (a second stage of one decision). After
        `worlds` worlds, `more(worlds done)` may ask for further ones. With
        `plans`, arm i stands for the actions `plans[i]` applied in a row."""
        cfg = budget
        self._observer = obs.seat
        self._freeze_shadows()
        if not keep_scale:
            self._margin_sum = 0.0
            self._margin_count = 0
        root_scores = view_scores(obs.view, obs.num_players)
        if worlds is None:
            worlds = cfg.worlds if cfg.worlds is not None else max(2, cfg.iterations // max(1, len(arms)))
        values: dict[int, list[float]] = {a: [] for a in arms}
        reader: RoundReader | None = None
        root_round: Any = None
        deadline = time.perf_counter() + cfg.max_millis / 1000.0 if cfg.max_millis is not None else math.inf
        w = 0
        while w < worlds or (more is not None and more(w)):
            if w >= 2 and time.perf_counter() > deadline:
                break
            w += 1
            world = obs.sample(self.rng)
            if reader is None and cfg.horizon == "round":
                reader = round_reader(world)
                root_round = reader(world)
            seed = self.rng.getrandbits(32)
            templates = self._others_first(world, obs.seat, random.Random(seed)) if cfg.rollout == "heuristic" else None
            for arm in arms:
                state = world.clone()
                events: list[Event] = []
                for action in plans[arm] if plans is not None else (arm,):
                    events += state.apply(obs.seat, action)
                rng = random.Random(seed)
                if cfg.rollout == "heuristic":
                    self._policy_rollout(state, reader, root_round, cfg, events, rng, templates)
                else:
                    for _ in range(cfg.max_rollout_actions):
                        if state.is_terminal() or (reader is not None and reader(state) != root_round):
                            break
                        random_action(state, rng, cfg.rollout_react_chance)
                values[arm].append(self._value(state, root_scores)[obs.seat])
        self.iterations_done += len(values[arms[0]]) * len(arms)
        return values

    # one iteration: select and expand, roll out, back up
    def _iterate(
        self,
        root: _Node,
        state: State,
        reader: RoundReader | None,
        root_round: Any,
        root_scores: list[float] | None,
        cfg: ISMCTSConfig,
    ) -> None:
        path: list[tuple[Stat, int]] = []
        events: list[Event] = []  # since the root: rollout bots must hear them
        node = root
        stride = self._stride
        depth = cfg.max_depth
        while not state.is_terminal():
            actors = state.actors()
            if len(actors) == 1:
                seat = actors[0]
                arm, stat = self._choose(node, seat, state.legal_actions(seat), False, cfg.exploration)
                events += state.apply(seat, arm)
                path.append((stat, seat))
                key: Any = seat * stride + arm
            else:
                key = self._joint_step(node, state, actors, path, cfg.exploration, events)
            depth -= 1
            if depth <= 0:
                break
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        values = self._rollout(state, reader, root_round, root_scores, cfg, events)
        for stat, seat in path:
            stat[0] += 1
            stat[1] += values[seat]

    def _choose(self, node: _Node, seat: int, legal: Sequence[int], optional: bool, c: float) -> tuple[int, Stat]:
        """UCB over the arms legal in this world; an untried arm first."""
        arms = node.stats.get(seat)
        if arms is None:
            arms = node.stats[seat] = {}
        untried: list[int] = []
        options = [*legal, PASS] if optional else legal
        for a in options:
            st = arms.get(a)
            if st is None:
                untried.append(a)
            else:
                st[2] += 1
                if st[0] == 0:  # chosen before but pre-empted by a reaction
                    untried.append(a)
        if untried:
            arm = untried[self.rng.randrange(len(untried))]
            stat = arms.get(arm)
            if stat is None:
                stat = arms[arm] = [0.0, 0.0, 1.0]
            return arm, stat
        log = math.log
        sqrt = math.sqrt
        best_arm = PASS
        best_stat: Stat = []
        best = -math.inf
        for a in legal:
            st = arms[a]
            ucb = st[1] / st[0] + c * sqrt(log(st[2]) / st[0])
            if ucb > best:
                best, best_arm, best_stat = ucb, a, st
        if optional:
            st = arms[PASS]
            if st[1] / st[0] + c * sqrt(log(st[2]) / st[0]) > best:
                best_arm, best_stat = PASS, st
        return best_arm, best_stat

    def _joint_step(
        self,
        node: _Node,
        state: State,
        actors: Sequence[int],
        path: list[tuple[Stat, int]],
        c: float,
        events: list[Event],
    ) -> Any:
        """Every actor picks; a reaction races alone, else required picks apply
        together. The events of what was applied go to `events`."""
        required = state.required_actors()
        picks: list[tuple[int, int, Stat, bool]] = []
        for seat in actors:
            optional = seat not in required
            arm, stat = self._choose(node, seat, state.legal_actions(seat), optional, c)
            picks.append((seat, arm, stat, optional))
        stride = self._stride
        for seat, arm, stat, _ in picks:
            if arm == PASS:
                path.append((stat, seat))
        reactions = [p for p in picks if p[1] != PASS and (p[3] or state.is_reaction(p[0], p[1]))]
        if reactions:
            seat, arm, stat, _ = reactions[self.rng.randrange(len(reactions))]
            events += state.apply(seat, arm)
            path.append((stat, seat))
            return seat * stride + arm
        applied: list[int] = []
        for seat, arm, stat, _ in picks:
            if arm != PASS and arm in state.legal_actions(seat):
                events += state.apply(seat, arm)
                path.append((stat, seat))
                applied.append(seat * stride + arm)
        if not applied:  # nobody had to act and everyone passed: someone must
            events += random_action(state, self.rng, 1.0)
            return None
        return tuple(applied)

    def _rollout(
        self,
        state: State,
        reader: RoundReader | None,
        root_round: Any,
        root_scores: list[float] | None,
        cfg: ISMCTSConfig,
        events: list[Event],
    ) -> list[float]:
        rng = self.rng
        if cfg.rollout == "heuristic":
            self._policy_rollout(state, reader, root_round, cfg, events)
            return self._value(state, root_scores)
        react = cfg.rollout_react_chance
        for _ in range(cfg.max_rollout_actions):
            if state.is_terminal() or (reader is not None and reader(state) != root_round):
                break
            random_action(state, rng, react)
        return self._value(state, root_scores)

    def _rollout_bots(
        self, state: State, rng: random.Random, templates: Sequence[_BotTemplate | None] | None = None
    ) -> list[Bot | None]:
        """A heuristic bot per seat: a copy of the seat's template (its shadow,
        which remembers the match) or a fresh one (which starts from its
        seat's view, as heuristics can mid-match)."""
        assert self.game is not None
        templates = self._templates if templates is None else templates
        n = state.num_players
        bots: list[Bot | None] = []
        for seat in range(n):
            template = templates[seat] if seat < len(templates) else None
            if template is not None:
                bot = template.make(rng)
            else:
                bot = rollout_bot(self.game, random.Random(rng.getrandbits(32)))
                bot.start(seat, n, state.options)
            bots.append(bot)
        return bots

    def _others_first(self, world: State, seat: int, rng: random.Random) -> list[_BotTemplate | None] | None:
        """In a simultaneous choice (several required seats, no reaction
        window) the others cannot see what `seat` chooses, so their rollout
        bots choose first, once per world, and every arm starts from there:
        paired arms then differ only by what follows the seat's own choice,
        at a fraction of the cost. Returns the bots frozen after choosing (the
        world is advanced in place), or None when nobody else had to choose."""
        bots: list[Bot | None] | None = None
        while not world.is_terminal():
            required = world.required_actors()
            if seat not in required or len(required) < 2 or len(world.actors()) != len(required):
                break
            bots = bots or self._rollout_bots(world, rng)
            other = next(s for s in required if s != seat)
            decision = _bot_decision(world, bots, other, rng)
            if decision is None:
                break
            _tell(bots, world.apply(other, decision.action))
        if bots is None:
            return None
        shared = self.shared or [{} for _ in bots]
        return [_BotTemplate(b, sh) if b is not None else None for b, sh in zip(bots, shared, strict=True)]

    def _policy_rollout(
        self,
        state: State,
        reader: RoundReader | None,
        root_round: Any,
        cfg: ISMCTSConfig,
        since_root: Sequence[Event] = (),
        rng: random.Random | None = None,
        templates: Sequence[_BotTemplate | None] | None = None,
    ) -> None:
        """Every seat played by the game's heuristic bot (`_rollout_bots`). The
        bots first hear what happened between the root (or the `templates`'
        moment) and `state` (`since_root`: the tree's or the paired arm's
        actions), then the rollout's events."""
        rng = rng or self.rng
        bots = self._rollout_bots(state, rng, templates)
        _tell(bots, since_root)
        for _ in range(cfg.max_rollout_actions):
            if state.is_terminal() or (reader is not None and reader(state) != root_round):
                break
            seat, action = policy_move(state, bots, rng)
            _tell(bots, state.apply(seat, action))

    def _value(self, state: State, root_scores: list[float] | None) -> list[float]:
        n = state.num_players
        if state.is_terminal():
            returns = state.outcome().returns(n)
            weight = self.config.terminal_margin
            margins = self._score_values(state, root_scores) if weight > 0 else None
            if margins is None:
                return returns
            return [(1 - weight) * r + weight * m for r, m in zip(returns, margins, strict=True)]
        judge = getattr(self.game, "ismcts_value", None)
        if judge is not None:
            chances = judge(state.view(None))
            if chances is not None:
                return list(chances)
        return self._score_values(state, root_scores) or [0.5] * n

    def _score_values(self, state: State, root_scores: list[float] | None) -> list[float] | None:
        """Each seat's value from the spectator's scores, or None if the view shows none."""
        n = state.num_players
        scores = view_scores(state.view(None), n)
        if scores is None:
            return None
        sense = self.sense
        if root_scores is None:
            return rank_values([sense * s for s in scores])
        gained = [sense * (s - r) for s, r in zip(scores, root_scores, strict=True)]
        if self.config.value == "rank":
            standing = rank_values([sense * s for s in scores])
            return [(a + b) / 2 for a, b in zip(standing, rank_values(gained), strict=True)]
        return self._margin_values(gained)

    def _margin_values(self, gained: list[float]) -> list[float]:
        """0.5 + 0.5 tanh(margin / scale): a seat's gain over the others' mean gain,
        on the scale of the margins this search has seen so far."""
        n = len(gained)
        if n < 2:
            return [0.5] * n
        total = sum(gained)
        margins = [g - (total - g) / (n - 1) for g in gained]
        self._margin_sum += sum(abs(m) for m in margins)
        self._margin_count += n
        scale = self._margin_sum / self._margin_count or 1.0
        tanh = math.tanh
        return [0.5 + 0.5 * tanh(m / scale) for m in margins]


# -- the player -------------------------------------------------------------------------


class ISMCTSBot(Bot):
    """A player that searches with ISMCTS at every decision."""

    name = "ismcts"

    def __init__(
        self, game: Game, rng: random.Random, config: ISMCTSConfig | None = None, level: str | None = None
    ) -> None:
        self.game = game
        self.level = level  # a named level takes the game's settings for the match's options at start
        self.config = config or LEVELS["normal"]
        sense = score_sense(game) if self.config.horizon == "round" else 1
        self.search = ISMCTS(self.config, rng, sense, game)
        self.guide = game.heuristic_bot(random.Random(rng.getrandbits(32))) if self.config.guide else None
        self._plan: list[int] = []  # the rest of a plan being played out

    def start(self, seat: int, num_players: int, options: Any) -> None:
        super().start(seat, num_players, options)
        self._plan = []
        if self.level is not None:
            self.config = self.search.config = level_config(self.game, self.level, options)
        if self.guide is not None:
            self.guide.start(seat, num_players, options)
        if self.config.rollout == "heuristic":
            shadows: list[Bot | None] = []
            shared: list[dict[int, Any]] = []
            for other in range(num_players):
                if other == seat and self.guide is not None:
                    shadow = self.guide
                else:
                    shadow = rollout_bot(self.game, random.Random(self.search.rng.getrandbits(32)))
                    shadow.start(other, num_players, options)
                reference = rollout_bot(self.game, random.Random(0))
                reference.start(other, num_players, options)
                theirs = vars(reference)
                shared.append({id(v): v for k, v in vars(shadow).items() if k in theirs and theirs[k] is v})
                shadows.append(shadow)
            self.search.shadows = shadows
            self.search.shared = shared

    def observe(self, events: Sequence[Event]) -> None:
        if self.guide is not None:
            self.guide.observe(events)
        public = [e for e in events if e.audience is None]
        shadows = self.search.shadows
        for shadow in shadows:
            if shadow is None or shadow is self.guide:
                continue
            if public:
                shadow.observe(public)

    def decide(self, obs: Observation) -> Decision | None:
        legal = obs.legal
        if not legal:
            return None
        cfg = self.config
        step = self._plan_step(obs)
        if step is not None:
            return Decision(step, cfg.turn_delay)
        if obs.required and len(legal) == 1:
            return Decision(legal[0], cfg.turn_delay)
        proposal: Decision | None = None
        if self.guide is not None:
            proposal = self.guide.decide(obs)
            if not obs.required or not self._worth_searching(obs):
                return proposal
        budget = cfg
        if not obs.required:
            budget = replace(
                cfg,
                iterations=max(1, int(cfg.iterations * cfg.optional_share)),
                millis=cfg.millis * cfg.optional_share if cfg.millis is not None else None,
            )
        if proposal is not None and cfg.paired:
            plans = self._plans(obs)
            if plans:
                action = self._plan_decision(obs, plans, proposal.action, budget)
            else:
                action = self._paired_decision(obs, legal, proposal.action, budget)
            if action == proposal.action:
                return proposal  # with the heuristic's own timing
            return Decision(action, cfg.turn_delay)
        arms = self.search.search(obs, budget)
        action = best_arm(arms, legal, obs.required, self.search.rng)
        if proposal is not None and not clearly_better(arms, action, proposal.action, cfg.override_margin):
            action = proposal.action
        if action == PASS:
            return None
        delay = cfg.reaction_delay if not obs.required else cfg.turn_delay
        return Decision(action, delay)

    def _worth_searching(self, obs: Observation) -> bool:
        """A game may name the decisions its heuristic's proposal settles
        (`ismcts_searches(view, legal)` false: a step of a plan already
        chosen); the rest, and every decision of a game without it, are searched."""
        searches = getattr(self.game, "ismcts_searches", None)
        return searches is None or bool(searches(obs.view, obs.legal))

    # -- plans: several actions in a row, chosen as one --------------------------------
    def _plans(self, obs: Observation) -> list[tuple[int, ...]]:
        offer = getattr(self.game, "ismcts_plans", None)
        if offer is None:
            return []
        return [tuple(p) for p in offer(obs.view, obs.legal) or ()]

    def _plan_step(self, obs: Observation) -> int | None:
        """The next action of the plan being played out, while the game says
        the seat is still inside it (it offers no new plans) and it is legal."""
        if not self._plan:
            return None
        if obs.required and self._plan[0] in obs.legal and not self._plans(obs):
            return self._plan.pop(0)
        self._plan = []
        return None

    def _plan_decision(self, obs: Observation, plans: list[tuple[int, ...]], proposal: int, cfg: ISMCTSConfig) -> int:
        """Compare whole plans, the guide's own among them; keep the chosen
        plan's other actions to play out, and return its first action (the
        proposal first when the plan holds it, to keep the guide's timing)."""
        own = self._guide_plan(obs, proposal, len(plans[0]))
        known = {tuple(sorted(p)): i for i, p in enumerate(plans)}
        incumbent = known.get(tuple(sorted(own)))
        if incumbent is None:
            plans = [*plans, own]
            incumbent = len(plans) - 1
        arms = list(range(len(plans)))
        chosen = plans[self._paired_decision(obs, arms, incumbent, cfg, plans)]
        if proposal in chosen:
            chosen = (proposal, *(a for a in chosen if a != proposal))
        self._plan = list(chosen[1:])
        return chosen[0]

    def _guide_plan(self, obs: Observation, proposal: int, length: int) -> tuple[int, ...]:
        """What the guide would play in a row after `proposal`, asked on a
        sampled world (a plan's actions do not depend on what it cannot see)."""
        self.search._freeze_shadows()
        template = self.search._templates[obs.seat] if self.search._templates else None
        if template is None:
            return (proposal,)
        world = obs.sample(self.search.rng)
        bots: list[Bot | None] = [None] * obs.num_players
        bot = bots[obs.seat] = template.make(self.search.rng)
        steps = [proposal]
        _tell(bots, world.apply(obs.seat, proposal))
        while len(steps) < length and obs.seat in world.required_actors():
            decision = bot.decide(Observation(world, obs.seat))
            if decision is None or decision.action not in world.legal_actions(obs.seat):
                break
            steps.append(decision.action)
            _tell(bots, world.apply(obs.seat, decision.action))
        return tuple(steps)

    def _paired_decision(
        self,
        obs: Observation,
        legal: Sequence[int],
        proposal: int,
        cfg: ISMCTSConfig,
        plans: Sequence[Sequence[int]] | None = None,
    ) -> int:
        """The proposal, or a legal move (with `plans`: a plan's index) that
        beats it on paired worlds."""
        if cfg.screen is None:
            return paired_choice(self.search.paired(obs, legal, cfg, plans=plans), proposal, cfg.override_margin)
        start = time.thread_time()
        think = cfg.think_millis / 1000.0

        def more(share: float, cap: int, before: int = 0) -> Callable[[int], bool]:
            return lambda done: before + done < cap and time.thread_time() - start < think * share

        screen = max(2, min(cfg.screen, cfg.screen_rollouts // len(legal)))
        screened = self.search.paired(obs, legal, cfg, screen, more=more(0.5, cfg.max_screen), plans=plans)
        challenger = screen_winner(screened, proposal, screen)
        if challenger is None:
            return proposal
        pair = [proposal, challenger]
        test = cfg.worlds or MIN_WORLDS_TO_OVERRIDE
        first = self.search.paired(obs, pair, cfg, test // 2, keep_scale=True, plans=plans)
        if sum(first[challenger]) <= sum(first[proposal]):
            return proposal  # no sign of an advantage on the first half
        rest = test - test // 2
        second = self.search.paired(obs, pair, cfg, rest, True, more(1.0, cfg.max_worlds, test // 2), plans)
        tested = {a: first[a] + second[a] for a in pair}
        return challenger if beats(tested[challenger], tested[proposal], cfg.override_margin) else proposal


MIN_WORLDS_TO_OVERRIDE = 8  # fewer paired samples tell too little to overrule the heuristic


def paired_choice(values: dict[int, list[float]], proposal: int, margin: float) -> int:
    """Split the worlds in two: the first half picks the best arm, the second
    half tests it against the proposal (so the best of many noisy arms is not
    favoured by its luck); it wins if its paired advantage there exceeds
    `margin` standard errors. The proposal stands otherwise, or with too few worlds."""
    worlds = len(values.get(proposal, ()))
    if worlds < MIN_WORLDS_TO_OVERRIDE:
        return proposal
    half = worlds // 2
    best = max(values, key=lambda a: (sum(values[a][:half]), a == proposal))
    if best == proposal:
        return proposal
    diffs = [x - y for x, y in zip(values[best][half:], values[proposal][half:], strict=True)]
    m = len(diffs)
    mean = sum(diffs) / m
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1) if m > 1 else 0.0
    return best if mean > margin * math.sqrt(var / m) else proposal


def screen_winner(values: dict[int, list[float]], proposal: int, worlds: int) -> int | None:
    """The arm with the best total on the screening worlds if it is not the
    proposal (which wins ties); None also when the time cap cut the screen short."""
    if len(values.get(proposal, ())) < worlds:
        return None
    best = max(values, key=lambda a: (sum(values[a]), a == proposal))
    return None if best == proposal else best


def beats(challenger: Sequence[float], proposal: Sequence[float], margin: float) -> bool:
    """Does the challenger's mean paired advantage exceed `margin` standard
    errors, on at least MIN_WORLDS_TO_OVERRIDE worlds?"""
    diffs = [x - y for x, y in zip(challenger, proposal, strict=True)]
    m = len(diffs)
    if m < MIN_WORLDS_TO_OVERRIDE:
        return False
    mean = sum(diffs) / m
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
    return mean > margin * math.sqrt(var / m)


def clearly_better(arms: dict[int, Stat], challenger: int, incumbent: int, margin: float) -> bool:
    """Does `challenger`'s mean beat `incumbent`'s by `margin` standard errors?
    (Values lie in [0, 1], so m(1 - m) bounds each arm's variance.)"""
    a, b = arms.get(challenger), arms.get(incumbent)
    if challenger == incumbent or a is None or a[0] == 0:
        return False
    if b is None or b[0] == 0:
        return True
    ma, mb = a[1] / a[0], b[1] / b[0]
    se = math.sqrt(ma * (1 - ma) / a[0] + mb * (1 - mb) / b[0])
    return ma - mb > margin * se


def best_arm(arms: dict[int, Stat], legal: Sequence[int], required: bool, rng: random.Random) -> int:
    """The most visited arm (ties to the higher mean); random if none was tried."""
    candidates = [(st[0], st[1] / st[0], a) for a, st in arms.items() if st[0] > 0 and (a != PASS or not required)]
    if not candidates:
        return legal[rng.randrange(len(legal))] if required else PASS
    return max(candidates)[2]


def level_config(game: Game, level: str, options: Any = None) -> ISMCTSConfig:
    """The level's config with the game's own settings for it, if the game
    declares any: `ismcts_levels` (level -> {field: value}), e.g. more worlds
    where a game searches fewer decisions, then, once the match's options are
    known, `ismcts_settings(level, options)` (the same, for one mode: WANTED
    Pandillas buys worlds that Duelo would waste). Budget and valuation
    fields only: the horizon and the guide are fixed when the bot is made."""
    overrides = dict(getattr(game, "ismcts_levels", {}).get(level) or {})
    settings = getattr(game, "ismcts_settings", None)
    if settings is not None and options is not None:
        overrides.update(settings(level, options) or {})
    return replace(LEVELS[level], **overrides) if overrides else LEVELS[level]


def ismcts_factory(level: str) -> Callable[[Game, random.Random], Bot]:
    return lambda game, rng: ISMCTSBot(game, rng, level_config(game, level), level)
