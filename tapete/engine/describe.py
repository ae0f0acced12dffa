"""What a game says about itself to the tools around it, beyond its rules.

`ClientFacts` is what a client (the browser, the terminal) must know to show a
game: the words of its score, which events close a round with a result panel,
its deck as data, which table options apply to it, and where its client
pieces are. `StudyFacts` is what the simulator's reports ask of it: the
option sets the balance report compares and what a match says beyond its
outcome (`tapete.sim.match_stats`), with the plots and tables made of that,
and how long a match may last (`LengthBound`, what a learner's bridge such as
OpenSpiel's `max_game_length` needs).

A game declares both on its `Game` class (`client = ClientFacts(...)`,
`study = StudyFacts(...)`), so no module outside its package names it; the
server serves `ClientFacts` in `/api/games` (`client_json`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .events import Event

if TYPE_CHECKING:
    from .state import State

Words = Mapping[str, str]  # {"es": ..., "en": ...}; "es1"/"en1": the same for n == 1

POINTS: Words = {"es": "pts", "en": "pts"}
POINTS_TEXT: Words = {"es": "{n} pts", "en": "{n} pts"}


@dataclass(frozen=True)
class ClientFacts:
    """What the clients need to know about a game to show it.

    - `score_unit`, `score_text`: a score's unit ("pts", "cartas de victoria")
      and a score in words ("{n} pts", "botín ${n}"), es/en.
    - `rounds_text`: "Rounds played: {n}" in the game's words (Buracco's hands);
      None: the clients' own.
    - `round_text`: the round under way, "round {n}", in the game's words
      (WANTED's deals, Buracco's hands); None: the clients' own.
    - `result_events`: kinds of the events a client shows in a panel that stays
      (a round's or a battle's breakdown); empty: the game's `round_result_events`.
    - `result_when`: event kinds shown there only when their data holds these
      values (WANTED's gangs: `{"gangs": {"status": "resolved"}}`).
    - `deck_file`: a data file of the game's package (its outlaws, its
      designs) served as `/api/games/<id>/deck`; None: no deck data.
    - `table_options_off`: the table options (`tapete.server.settings.TableOptions`)
      that do not apply to the game, each with the game options where it does
      not (`{"reaction_window_ms": {}}`: never, a game without reaction windows;
      `{"x": {"mode": ("a", "b")}}`: not in those modes); empty: every one applies.
    - `web`: the folder of its browser pieces (view.js, words.js, art.js,
      style.css) as `package:folder` (importlib.resources); None: the
      convention, `tapete/web/static/js/games/<package>/`.
    - `terminal`: the module of its terminal board (a `BOARD` and a `glyph`);
      None: the convention, `tapete.tui.games.<package>`.
    """

    score_unit: Words = field(default_factory=lambda: POINTS)
    score_text: Words = field(default_factory=lambda: POINTS_TEXT)
    rounds_text: Words | None = None
    round_text: Words | None = None
    result_events: frozenset[str] = frozenset()
    result_when: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    deck_file: str | None = None
    table_options_off: Mapping[str, Mapping[str, tuple[Any, ...]]] = field(default_factory=dict)
    web: str | None = None
    terminal: str | None = None

    def shows_result(self, kind: str, data: Mapping[str, Any], round_result_events: frozenset[str]) -> bool:
        """Whether an event of `kind` with `data` is a result panel's (see `result_events`)."""
        when = self.result_when.get(kind)
        if when is not None:
            return all(data.get(key) == value for key, value in when.items())
        return kind in (self.result_events or round_result_events)

    def applies(self, table_option: str, options: Mapping[str, Any]) -> bool:
        """Whether table option `table_option` applies to a match with these game options."""
        off = self.table_options_off.get(table_option)
        if off is None:
            return True
        return not all(options.get(key) in values for key, values in off.items())


# A game where nobody may act out of turn: the reaction window's minimum applies to nothing.
NO_REACTIONS: Mapping[str, Mapping[str, tuple[Any, ...]]] = {"reaction_window_ms": {}}


@dataclass(frozen=True)
class RateFacts:
    """A rate the balance report shows from what matches said (`StudyFacts.event_stats`):
    the items under `key`, grouped by their field `by`, each a success or not."""

    key: str  # the stats item key, also the plot's file name ("bacan_calls")
    by: str  # the item's field on the x axis ("total")
    success: Callable[[Mapping[str, Any]], bool]
    heading: str  # the report's paragraph above the table (Markdown)
    by_label: str  # the table's first column ("caller total")
    count_label: str  # the table's count column ("calls")
    axis_label: str  # the plot's x axis


@dataclass(frozen=True)
class ShareFacts:
    """A share of matches the balance report counts per variant: those where `holds`
    (options, final scores, winners) is true."""

    heading: str
    label: str
    holds: Callable[[Mapping[str, Any], Sequence[float], Sequence[int]], bool]


@dataclass(frozen=True, slots=True)
class LengthBound:
    """The most decision nodes a match has: `hard` when the rules bound it, else
    the allowance a tool gives it, where it stops the match (a draw); `why` says how."""

    moves: int
    hard: bool
    why: str


# A match's length bound from a fresh match of its options (`probe`, seed 0), its player count,
# its parsed options and whether seats choosing at once are one node (True) or one a seat.
LengthRule = Callable[["State", int, Any, bool], LengthBound]


@dataclass(frozen=True)
class StudyFacts:
    """What the simulator's statistics and reports ask of a game.

    - `variants`: option sets the balance report compares besides the defaults and
      the game's conformance option sets.
    - `event_stats`: a reader of one public event giving an item (a dict with its
      `key`) that `match_stats` collects (Bacan's calls), or None.
    - `rates`, `shares`: what the balance report makes of those (tables and plots).
    - `length`: how many decision nodes a match may take (`LengthRule`): the rules'
      bound, or an allowance far above what random and heuristic play need;
      None: an allowance by the size of the deck (tapete.envs.openspiel.length_bound).
    """

    variants: tuple[Mapping[str, Any], ...] = ()
    event_stats: Callable[[Event], dict[str, Any] | None] | None = None
    rates: tuple[RateFacts, ...] = ()
    shares: tuple[ShareFacts, ...] = ()
    length: LengthRule | None = None
