"""A game: the factory of its states plus everything said about it in words."""

from __future__ import annotations

import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .describe import ClientFacts, StudyFacts
from .errors import BadPlayers
from .events import Event
from .house_rules import HouseRule, house_rules_text
from .options import options_schema, parse_options
from .standin import actor, made_for, standin_sentence
from .state import State
from .validate import check_state, parse_state
from .words import Catalogue, Lines, Message, Reader

if TYPE_CHECKING:
    from .bot import Bot
    from .encoding import InfoEncoder


@dataclass(frozen=True)
class LossThresholds:
    """The losses from which the post-game analysis (tapete.analysis) calls a
    decision an inaccuracy, a mistake or a blunder; below `inaccuracy` it is
    good. A loss is on the search's [0, 1] scale, in the game's loss measure
    (`SearchHints.loss_measure`): a share of a win, or a score margin given
    up as a share of twice the game's mean round margin (what it would cost
    an even round). A game declares its own (`SearchHints.loss_thresholds`),
    calibrated on seeded matches so that its heuristic bot's play is mostly
    good and a random player's mistakes show; the figures per game are in
    docs/analysis.md and beside each game's thresholds."""

    inaccuracy: float = 0.05
    mistake: float = 0.12
    blunder: float = 0.25

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder <= 1:
            raise ValueError(f"loss thresholds must rise within (0, 1]: {self}")

    def to_json(self) -> dict[str, float]:
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake, "blunder": self.blunder}


class SearchHints:
    """What a game tells the search bots (tapete.bots.search) about itself.

    Every hint has a default that asks nothing of the game, so a game without
    hints is searched as any other. A game that knows better subclasses this
    in `games/<g>/search.py` and sets `Game.search_hints` to an instance.
    """

    def level_settings(self, level: str, options: Any) -> Mapping[str, Any]:
        """Settings of a search level ("easy", "normal", "hard") for this game
        and these match options (None before they are known), as
        `SearchConfig` field -> value: budget and valuation fields only (more
        worlds where a game searches fewer decisions)."""
        return {}

    def rollout_bot(self, rng: random.Random) -> Bot | None:
        """The player of the other seats in heuristic rollouts, when a cheaper
        one than the game's heuristic bot serves; None: the heuristic bot."""
        return None

    def searches(self, view: Mapping[str, Any], legal: Sequence[int]) -> bool:
        """Whether a decision is worth a search; False leaves it to the
        heuristic's proposal (a step of a plan it already chose)."""
        return True

    def plans(self, view: Mapping[str, Any], legal: Sequence[int]) -> Sequence[tuple[int, ...]]:
        """Whole sets of actions the seat takes in a row, in any order, chosen
        as one (WANTED's three cards of a gang); empty: single actions."""
        return ()

    def horizon_value(self, spectator_view: Mapping[str, Any]) -> Sequence[float] | None:
        """Each seat's value (its chance to win the match) at the search's
        horizon, where the score margin says little about who wins; None:
        value the position by the score margin."""
        return None

    # -- the post-game analysis (tapete.analysis), which judges with the search's values
    def loss_thresholds(self, options: Any) -> LossThresholds:
        """The losses from which a decision is an inaccuracy, a mistake, a
        blunder in a match of these options (the shared default unless the
        game measured its own)."""
        return LossThresholds()

    def loss_measure(self, options: Any) -> str:
        """What the post-game analysis measures a decision's loss in: "value",
        the seat's share of a win at the search's horizon (the default);
        "margin", the score margin the move gives up against the best one
        (points, on the game's fixed margin scale), where the win share is
        too flat or too coarse to tell moves apart (a match decided only at
        its end by the margin itself); "value+margin", the larger of the two
        losses (a round already lost still costs points, a move may also lose
        the match) (docs/analysis.md)."""
        return "value"

    def decision_type(self, action: Mapping[str, Any]) -> str:
        """The kind of decision a move (its JSON form) stands for in the
        analysis' tables ("call_bacan"): its `type` unless the game groups them."""
        return str(action.get("type", "move"))

    def plan_message(self, state: State, plan: Sequence[int]) -> Message | None:
        """A plan (`plans`) as one move in words ("form the gang ..."); None:
        its actions' own sentences, one after the other."""
        return None


@cache
def rules_markdown(package: str, lang: str) -> str:
    """The rules of the game in `package`, in "es" (`rules.es.md`) or else in "en"
    (`rules.en.md`), without the house rules: package data, found installed or not."""
    name = "rules.es.md" if lang == "es" else "rules.en.md"
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


class GameTexts(Protocol):
    """A game's words: what its texts module (`games/<g>/texts.py`) gives.

    A game names the module in `Game.texts` and the base class says
    everything through it: its message catalogue, each move and event as a
    message, a view as text. The rules are Markdown files beside it
    (`rules_markdown`)."""

    @property
    def CATALOGUE(self) -> Catalogue:
        """The game's message catalogue (es/en)."""

    def action_message(self, state: State, action: int) -> Message:
        """A legal move of `state` as a message."""

    def event_message(self, event: Event) -> Message | Lines:
        """An event as a message (or lines of messages)."""

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        """A seat's view as plain text for a terminal (may hold Rich markup)."""


class Game(ABC):
    """Static facts about a game and the factory of its matches.

    A game's words come from its texts module, named once in `texts`
    (`GameTexts`); its rules text from `rules.es.md` / `rules.en.md` beside
    its modules, ending with its house rules (named in `house_rules`). A
    game without these (a test's toy game) overrides `rules_text`,
    `render_text` and `describe_*` instead."""

    id: ClassVar[str]
    name: ClassVar[dict[str, str]]  # {"es": ..., "en": ...}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options_type: ClassVar[type]
    state_type: ClassVar[type[State]]
    # The version of the rules as coded (the package's RULES_VERSION). Bump it
    # whenever the same seed, options and actions would give another match
    # (rules, deck, dealing, action ids): old records then fail clearly.
    rules_version: ClassVar[int] = 1
    # Kinds of the events that close a round with a result people read (a
    # score sheet): after one, a table pauses for the result (tapete.engine.turns).
    round_result_events: ClassVar[frozenset[str]] = frozenset()
    # The turn clock (seconds) of a rated table of this game, when its table options leave it off: a
    # rated match never waits on a person forever (the server's fair play; a server may set another).
    rated_turn_seconds: ClassVar[int] = 60

    # -- players and options ----------------------------------------------
    def parse_options(self, raw: Mapping[str, Any] | Any | None) -> Any:
        return parse_options(self.options_type, raw)

    def options_schema(self) -> list[dict[str, Any]]:
        return options_schema(self.options_type)

    def allowed_players(self, options: Any) -> tuple[int, ...]:
        """Player counts allowed with these options."""
        return tuple(range(self.min_players, self.max_players + 1))

    def check_players(self, num_players: int, options: Any) -> None:
        allowed = self.allowed_players(options)
        if num_players not in allowed:
            listed = ", ".join(str(n) for n in allowed)
            raise BadPlayers(
                f"{self.name['es']} se juega con {listed} jugadores, no {num_players}.",
                f"{self.name['en']} is played by {listed} players, not {num_players}.",
            )

    def sides(self, num_players: int, options: Any) -> tuple[tuple[int, ...], ...]:
        """Who wins and loses together: the seats of each side. Each seat alone,
        unless the game has partnerships (Buracco for four). Ratings rate sides."""
        return tuple((seat,) for seat in range(num_players))

    # +1 when a higher match score is better, -1 when a lower one is (Bacan's
    # points): the search values margins, statistics rank seats by it.
    score_sense: ClassVar[int] = 1
    # What the search bots may use besides the contract (see SearchHints).
    search_hints: ClassVar[SearchHints] = SearchHints()

    # What the clients must know to show it (score words, result panels, deck data, table
    # options, where its client pieces are) and what the simulator's reports ask of it
    # (engine/describe.py); usually the package's `client.py` / `study.py`.
    client: ClassVar[ClientFacts] = ClientFacts()
    study: ClassVar[StudyFacts] = StudyFacts()

    @classmethod
    def package(cls) -> str:
        """The package the game's class is in (`tapete.games.<name>`, the class being in its
        `game.py` or its `__init__.py`): its data files, rules text and the conventional places
        of its client pieces follow from it."""
        module = sys.modules.get(cls.__module__)
        if module is not None and hasattr(module, "__path__"):
            return cls.__module__
        return cls.__module__.rpartition(".")[0]

    # The game's information-state encoder (games/<g>/encoding.py): what learners read.
    encoder_type: ClassVar[type[InfoEncoder] | None] = None

    def encoder(self, seat: int, num_players: int, options: Any) -> InfoEncoder:
        """A fresh encoder of `seat`'s information state for a match of these options."""
        if self.encoder_type is None:
            raise NotImplementedError(f"{self.id} has no information-state encoder")
        return self.encoder_type(seat, num_players, options)

    # Option sets the conformance suite plays besides the defaults.
    conformance_options: ClassVar[tuple[dict[str, Any], ...]] = ()

    # -- matches ----------------------------------------------------------
    def new_match(self, num_players: int, seed: int, options: Mapping[str, Any] | Any | None = None) -> State:
        opts = self.parse_options(options)
        self.check_players(num_players, opts)
        return self._new_state(num_players, opts, seed)

    def _new_state(self, num_players: int, options: Any, seed: int) -> State:
        """A new match's state with checked options and player count."""
        return self.state_type(num_players, options, seed)

    def state_from_json(self, data: Mapping[str, Any], *, check: bool = True) -> State:
        """Read a state and check it is one a match could be in (InvalidState
        names what is wrong: a card missing or duplicated, a phase, nobody to act).
        `check=False` skips the checks, for JSON this process wrote itself."""
        state = parse_state(self, data)
        return check_state(self, state) if check else state

    def state_problems(self, state: State) -> list[tuple[str, str]]:
        """What only this game can see is wrong with a state: (es, en) sentences.
        `state_from_json` and the position builders raise the first one."""
        return []

    # -- bots -------------------------------------------------------------
    @abstractmethod
    def heuristic_bot(self, rng: random.Random) -> Bot: ...

    # -- statistics ---------------------------------------------------------
    def match_stats(self, public_events: Sequence[Event]) -> dict[str, Any]:
        """Counts of a finished match from its public events, for
        `tapete simulate --stats` (Bacan: how often each comodín power was
        used); none by default."""
        return {}

    # -- words ------------------------------------------------------------
    # The game's texts module (GameTexts); None: the game overrides the words.
    # Set on the class; not declared ClassVar so that mypy checks the module
    # a game names against GameTexts.
    texts: GameTexts | None = None
    # The house rules its rules text ends with (engine/house_rules.py).
    house_rules: ClassVar[Sequence[HouseRule]] = ()

    # Events and moves in words come from the game's message catalogue
    # (engine/words.py): the game says which message and with what
    # parameters; the catalogue renders it for one reader (language, names,
    # who "you" is). Taken from `texts`; a game without one overrides describe_*.
    catalogue: ClassVar[Catalogue | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.texts is not None:
            cls.catalogue = cls.texts.CATALOGUE

    def _words(self) -> GameTexts:
        if self.texts is None:
            raise NotImplementedError(f"{self.id} names no texts module (Game.texts)")
        return self.texts

    def rules_text(self, lang: str) -> str:
        """The rules as Markdown, in "es" or "en", ending with the house rules: the
        files `rules.es.md` and `rules.en.md` of the package the game's class is in."""
        text = rules_markdown(self.package(), lang)
        if self.house_rules:
            text += house_rules_text(self.house_rules, self.options_schema(), lang)
        return text

    def event_message(self, event: Event) -> Message | Lines:
        return self._words().event_message(event)

    def action_message(self, state: State, action: int) -> Message:
        return self._words().action_message(state, action)

    def moves_key(self, state: State) -> Hashable | None:
        """What the words of a state's moves depend on besides each move, when the game can
        say it cheaply: two states of one match with equal keys give each action the same
        `action_message` and the same `is_reaction` flag. The server then words a seat's legal
        moves once for as long as the key holds. None (the default): each move is worded anew."""
        return None

    def tell_event(self, event: Event, reader: Reader) -> str:
        """An event as `reader` reads it in the log (a move made for a person says who made it)."""
        if self.catalogue is None:
            return self.describe_event(event, reader.lang)
        seat = actor(event) if event.by_standin is not None else None
        if seat is not None:
            return standin_sentence(self.catalogue, self.event_message(event), seat, reader)
        return self.catalogue.render(self.event_message(event), reader)

    def made_for(self, events: list[Event], marks: Mapping[int, str]) -> list[Event]:
        """The events of a move, those about a seat a stand-in holds (`marks`: seat -> "standin" or
        "clock", `tapete.engine.standin.Trail`) marked as the stand-in's."""
        return made_for(events, marks, self.round_result_events)

    def tell_action(self, state: State, action: int, reader: Reader) -> str:
        """A legal move as `reader` reads it."""
        if self.catalogue is None:
            return self.describe_action(state, action, reader.lang)
        return self.catalogue.render(self.action_message(state, action), reader)

    def describe_action(self, state: State, action: int, lang: str) -> str:
        if self.catalogue is None:
            raise NotImplementedError(f"{self.id} has no words for moves")
        return self.tell_action(state, action, Reader(lang))

    def describe_event(self, event: Event, lang: str) -> str:
        if self.catalogue is None:
            raise NotImplementedError(f"{self.id} has no words for events")
        return self.tell_event(event, Reader(lang))

    def render_text(self, view: Mapping[str, Any], lang: str) -> str:
        """A seat's view as plain text for a terminal (may hold Rich markup)."""
        return self._words().render_text(view, lang)

    def face_name(self, face: str, lang: str, *, short: bool = False) -> str:
        """The display name of face token `face` in "es" or "en" ("rojo-7" -> "7 rojo" / "red 7"):
        the game's `cards.face_name`, as its catalogue names a card in every message; `short`,
        the compact name where the game's catalogue has one (WANTED's "J♠")."""
        if self.catalogue is None:
            return face
        return self.catalogue.card(face, short, lang)

    @abstractmethod
    def card_faces(self) -> frozenset[str]:
        """Every token by which a view or event may name a visible card.
        The conformance suite scans views and events for these tokens."""

    @abstractmethod
    def card_face(self, card_id: int) -> str:
        """The token naming the face of physical card `card_id`."""
