"""A tournament's arithmetic, with nothing stored and nothing sent: results, points, standings,
and who meets whom (Swiss rounds and an arena's pool).

An *entry* is what a tournament ranks: one person or bot, or a partnership (Buracco for four:
both partners play every game together). A *game* seats `len(entries)` entries, each on one side
of the table (`Game.sides`). Entries are numbered from 0 in the order they joined; that order
breaks the last ties.

Swiss (`swiss_pairs`): every round, entries ordered by score (then by Buchholz, then number)
sit with their neighbours in that order (Monrad style), never with an entry they already met
while some other seating avoids it. When the field does not divide into tables, the lowest-ranked
entries without a bye yet sit the round out (a bye: a full point, and nothing to Buchholz).

Arena (`arena_groups`): whoever is free is seated at once with the free entries nearest in
points, avoiding the entries of their last game while others are free; points as lichess's
arenas count them (`arena_points`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

Result = Literal["win", "draw", "loss"]

BYE_POINTS = 1.0  # a Swiss bye counts as a win
SEARCH_BUDGET = 50_000  # seatings tried before rematches are allowed (a field too large to search whole)


@dataclass(frozen=True)
class Played:
    """One game of a tournament: the entries at its table (in side order), and each entry's result
    once it is over (`None` while it is being played). A bye has one entry and no table."""

    number: int
    round: int
    entries: tuple[int, ...]
    results: Mapping[int, Result] | None = None
    bye: bool = False

    @property
    def over(self) -> bool:
        return self.bye or self.results is not None


def results_of(winning_sides: Iterable[int], sides: int) -> dict[int, Result]:
    """Each side's result from the sides among the winners: a lone winner wins and the others
    lose; several winners draw (they share the win) and the others lose; no winner: all draw."""
    winners = set(winning_sides)
    if not winners:
        return dict.fromkeys(range(sides), "draw")
    shared: Result = "win" if len(winners) == 1 else "draw"
    return {side: shared if side in winners else "loss" for side in range(sides)}


def winning_sides(winner_seats: Iterable[int], sides: Sequence[Sequence[int]]) -> set[int]:
    """The sides (indices into `sides`) that hold a winning seat."""
    seats = set(winner_seats)
    return {i for i, side in enumerate(sides) if seats & set(side)}


# -- Swiss -------------------------------------------------------------------------------
def swiss_points(game: Played, entry: int) -> float:
    """An entry's points from one game: a win 1, a bye 1, a draw shared among the drawn entries
    (½ each of two), a loss 0."""
    if game.bye:
        return BYE_POINTS
    if game.results is None:
        return 0.0
    result = game.results[entry]
    if result == "win":
        return 1.0
    if result == "draw":
        return 1.0 / sum(1 for r in game.results.values() if r == "draw")
    return 0.0


@dataclass
class SwissLine:
    entry: int
    score: float = 0.0
    buchholz: float = 0.0
    played: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)  # every entry met, once per game


def swiss_standings(entries: Sequence[int], games: Iterable[Played]) -> list[SwissLine]:
    """Entries by score, then Buchholz (the sum of the final scores of every opponent met, once per
    game; a bye adds nothing), then number. Games not over count nothing yet."""
    lines = {e: SwissLine(e) for e in entries}
    for game in games:
        if not game.over:
            continue
        for entry in game.entries:
            line = lines[entry]
            line.score += swiss_points(game, entry)
            if game.bye:
                line.byes += 1
                continue
            line.played += 1
            line.opponents.extend(other for other in game.entries if other != entry)
    for line in lines.values():
        line.buchholz = sum(lines[o].score for o in line.opponents)
    return sorted(lines.values(), key=lambda x: (-x.score, -x.buchholz, x.entry))


def met(games: Iterable[Played]) -> set[frozenset[int]]:
    """Every pair of entries that have sat at one table."""
    pairs: set[frozenset[int]] = set()
    for game in games:
        if game.bye:
            continue
        pairs.update(frozenset((a, b)) for a in game.entries for b in game.entries if a < b)
    return pairs


def swiss_pairs(
    ranking: Sequence[int], per_table: int, already_met: set[frozenset[int]], had_bye: set[int]
) -> tuple[list[tuple[int, ...]], list[int]]:
    """The next round: tables of `per_table` entries, and the entries with a bye.

    `ranking` is the standings' order (best first). The byes go to the lowest-ranked entries that
    had none (the lowest-ranked of all, once everybody had one). The others are seated from the top
    down, each table the best-ranked entry left with the next ones that met none of its table;
    when a round cannot avoid every rematch (or the search runs past its budget) the seating with
    the fewest is taken, neighbours first."""
    if per_table < 2:
        raise ValueError("a table seats at least two entries")
    byes_needed = len(ranking) % per_table
    fresh = [e for e in reversed(ranking) if e not in had_bye]
    ordered_for_bye = fresh + [e for e in reversed(ranking) if e in had_bye]
    byes = ordered_for_bye[:byes_needed]
    playing = [e for e in ranking if e not in byes]
    budget = [SEARCH_BUDGET]
    tables = _seat(playing, per_table, already_met, budget)
    if tables is None:
        tables = _fewest_rematches(playing, per_table, already_met)
    return tables, sorted(byes, key=ranking.index)


def _seat(
    left: list[int], per_table: int, already_met: set[frozenset[int]], budget: list[int]
) -> list[tuple[int, ...]] | None:
    """TableRegistry for `left` (in ranking order) without a rematch, or None (none exists, or out of budget)."""
    if not left:
        return []
    first, rest = left[0], left[1:]

    def groups(start: int, chosen: list[int]) -> Iterable[list[int]]:
        if len(chosen) == per_table - 1:
            yield chosen
            return
        for i in range(start, len(rest)):
            candidate = rest[i]
            if any(frozenset((candidate, other)) in already_met for other in (first, *chosen)):
                continue
            yield from groups(i + 1, [*chosen, candidate])

    for chosen in groups(0, []):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        remaining = [e for e in rest if e not in chosen]
        seated = _seat(remaining, per_table, already_met, budget)
        if seated is not None:
            return [(first, *chosen), *seated]
        if budget[0] < 0:
            return None
    return None


def _fewest_rematches(left: list[int], per_table: int, already_met: set[frozenset[int]]) -> list[tuple[int, ...]]:
    """Greedy: each table the best-ranked entry left with the companions adding the fewest rematches."""
    tables: list[tuple[int, ...]] = []
    left = list(left)
    while left:
        table = [left.pop(0)]
        while len(table) < per_table:
            best = min(left, key=lambda e: (sum(frozenset((e, o)) in already_met for o in table), left.index(e)))
            left.remove(best)
            table.append(best)
        tables.append(tuple(table))
    return tables


# -- Arena -------------------------------------------------------------------------------
def arena_points(results: Sequence[Result]) -> list[int]:
    """The points of each result of one entry, in the order its games ended: a win 2, a draw 1,
    a loss 0; after two wins in a row the entry is on a streak and every result counts double
    (a win 4, a draw 2) until one is not a win."""
    points = []
    for i, result in enumerate(results):
        streak = i >= 2 and results[i - 1] == results[i - 2] == "win"
        base = {"win": 2, "draw": 1, "loss": 0}[result]
        points.append(base * 2 if streak else base)
    return points


def on_streak(results: Sequence[Result]) -> bool:
    """Whether the entry's next win counts double."""
    return len(results) >= 2 and results[-1] == results[-2] == "win"


@dataclass
class ArenaLine:
    entry: int
    points: int = 0
    played: int = 0
    wins: int = 0
    streak: bool = False
    results: list[Result] = field(default_factory=list)


def arena_standings(entries: Sequence[int], games: Iterable[Played]) -> list[ArenaLine]:
    """Entries by points, then wins, then number; results taken in the order of the games' numbers
    (the order they were seated; a game counts once it is over)."""
    lines = {e: ArenaLine(e) for e in entries}
    for game in sorted(games, key=lambda g: g.number):
        if game.results is None:
            continue
        for entry in game.entries:
            lines[entry].results.append(game.results[entry])
    for line in lines.values():
        line.points = sum(arena_points(line.results))
        line.played = len(line.results)
        line.wins = line.results.count("win")
        line.streak = on_streak(line.results)
    return sorted(lines.values(), key=lambda x: (-x.points, -x.wins, x.entry))


def last_opponents(games: Iterable[Played]) -> dict[int, set[int]]:
    """For each entry, the entries at its latest game (by number)."""
    latest: dict[int, Played] = {}
    for game in games:
        for entry in game.entries:
            if entry not in latest or latest[entry].number < game.number:
                latest[entry] = game
    return {entry: set(game.entries) - {entry} for entry, game in latest.items()}


def arena_groups(free: Sequence[int], per_table: int, last: Mapping[int, set[int]]) -> list[tuple[int, ...]]:
    """TableRegistry for the free entries (given best-ranked first): each table the best-ranked one left
    with the nearest-ranked others that were not at its last game, or nearest-ranked anyway when
    no others are free. Fewer than `per_table` left: they wait for the next game to end."""
    left = list(free)
    tables: list[tuple[int, ...]] = []
    while len(left) >= per_table:
        table = [left.pop(0)]
        while len(table) < per_table:
            fresh = [e for e in left if not any(e in last.get(t, ()) or t in last.get(e, ()) for t in table)]
            pick = (fresh or left)[0]
            left.remove(pick)
            table.append(pick)
        tables.append(tuple(table))
    return tables
