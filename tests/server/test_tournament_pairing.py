"""A tournament's arithmetic by hand: Buchholz, Swiss seatings without rematches while one can
be avoided, byes, arena points and the arena's pool (tapete.server.tournaments.pairing)."""

from __future__ import annotations

import itertools
import random

from tapete.server.tournaments.pairing import (
    Played,
    Result,
    arena_groups,
    arena_points,
    arena_standings,
    last_opponents,
    met,
    results_of,
    swiss_pairs,
    swiss_standings,
    winning_sides,
)

W, D, L = "win", "draw", "loss"


def game(number: int, round_: int, results: dict[int, Result]) -> Played:
    return Played(number, round_, tuple(results), results)


def test_buchholz_of_a_small_field_by_hand() -> None:
    # round 1: 0 beats 1, 2 and 3 draw, 4 has a bye; round 2: 0 beats 2, 1 beats 3, 4 has a bye again
    games = [
        game(0, 1, {0: W, 1: L}),
        game(1, 1, {2: D, 3: D}),
        game(2, 2, {0: W, 2: L}),
        game(3, 2, {1: W, 3: L}),
        Played(4, 2, (4,), bye=True),
        Played(5, 1, (4,), bye=True),
    ]
    # scores: 0 -> 2, 1 -> 1, 2 -> 0.5, 3 -> 0.5, 4 -> 2 (two byes)
    # Buchholz: 0 met 1 and 2: 1 + 0.5 = 1.5;  1 met 0 and 3: 2 + 0.5 = 2.5;
    #           2 met 3 and 0: 0.5 + 2 = 2.5;  3 met 2 and 1: 0.5 + 1 = 1.5;  4 met nobody: 0
    lines = swiss_standings([0, 1, 2, 3, 4], games)
    got = [(x.entry, x.score, x.buchholz) for x in lines]
    assert got == [(0, 2.0, 1.5), (4, 2.0, 0.0), (1, 1.0, 2.5), (2, 0.5, 2.5), (3, 0.5, 1.5)]
    assert [x.byes for x in lines] == [0, 2, 0, 0, 0]


def test_buchholz_at_tables_of_four_counts_every_opponent() -> None:
    # a Boon table of four: 0 wins alone; then 0, 1 share a win (½ each) against 2 and 3
    games = [game(0, 1, {0: W, 1: L, 2: L, 3: L}), game(1, 2, {0: D, 1: D, 2: L, 3: L})]
    lines = {x.entry: x for x in swiss_standings([0, 1, 2, 3], games)}
    assert [lines[e].score for e in range(4)] == [1.5, 0.5, 0.0, 0.0]
    # 0 met 1, 2, 3 twice each: 2 * (0.5 + 0 + 0) = 1; 1 met 0, 2, 3 twice: 2 * 1.5 = 3; 2 and 3: 2 * (1.5 + 0.5)
    assert [lines[e].buchholz for e in range(4)] == [1.0, 3.0, 4.0, 4.0]


def test_neighbours_meet_unless_they_met_already() -> None:
    tables, byes = swiss_pairs([0, 1, 2, 3], 2, {frozenset((0, 1))}, set())
    assert (tables, byes) == ([(0, 2), (1, 3)], [])
    # 0 - 2 first, but then 1 and 3 met: the search goes back and seats 0 - 3, 1 - 2
    tables, _ = swiss_pairs([0, 1, 2, 3], 2, {frozenset((0, 1)), frozenset((1, 3))}, set())
    assert tables == [(0, 3), (1, 2)]


def test_a_rematch_only_when_none_can_be_avoided() -> None:
    # 0 met 2 and 3: it must meet 1, and then 2 meets 3 again (the only seating; one rematch)
    already = {frozenset((0, 2)), frozenset((0, 3)), frozenset((2, 3))}
    tables, _ = swiss_pairs([0, 1, 2, 3], 2, already, set())
    assert tables == [(0, 1), (2, 3)]


def no_rematch_exists(entries: list[int], per_table: int, already: set[frozenset[int]]) -> bool:
    if not entries:
        return True
    first, rest = entries[0], entries[1:]
    for others in itertools.combinations(rest, per_table - 1):
        table = (first, *others)
        if any(frozenset(p) in already for p in itertools.combinations(table, 2)):
            continue
        if no_rematch_exists([e for e in rest if e not in others], per_table, already):
            return True
    return False


def test_random_histories_never_rematch_while_avoidable() -> None:
    rng = random.Random(7)
    for trial in range(200):
        per_table = rng.choice((2, 3, 4))
        n = per_table * rng.choice((2, 3)) + rng.randrange(per_table)
        ranking = rng.sample(range(n), n)
        already = {frozenset(p) for p in itertools.combinations(range(n), 2) if rng.random() < 0.3}
        tables, byes = swiss_pairs(ranking, per_table, already, set())
        assert len(byes) == n % per_table
        seated = sorted(e for t in tables for e in t)
        assert seated == sorted(set(range(n)) - set(byes)), trial
        playing = [e for e in ranking if e not in byes]
        rematches = sum(frozenset(p) in already for t in tables for p in itertools.combinations(t, 2))
        if no_rematch_exists(playing, per_table, already):
            assert rematches == 0, (trial, ranking, already, tables)


def test_byes_go_to_the_lowest_score_without_a_bye() -> None:
    ranking = [3, 0, 4, 1, 2]  # 2 is last
    assert swiss_pairs(ranking, 2, set(), set())[1] == [2]
    assert swiss_pairs(ranking, 2, set(), {2})[1] == [1]
    assert swiss_pairs(ranking, 2, set(), {2, 1, 4})[1] == [0]
    assert swiss_pairs(ranking, 2, set(), set(ranking))[1] == [2]  # everybody had one: the last again
    # tables of three for seven: one bye; of four for seven: three, the lowest without one
    assert swiss_pairs(list(range(7)), 3, set(), set())[1] == [6]
    assert swiss_pairs(list(range(7)), 4, set(), {5})[1] == [3, 4, 6]


def test_results_of_sides_and_partnerships() -> None:
    buracco4 = ((0, 2), (1, 3))
    assert winning_sides([1, 3], buracco4) == {1}
    assert results_of({1}, 2) == {0: L, 1: W}
    assert results_of({0, 2}, 4) == {0: D, 1: L, 2: D, 3: L}
    assert results_of(set(), 2) == {0: D, 1: D}


def test_arena_points_double_on_a_streak() -> None:
    results: list[Result] = [W, W, W, D, W, W, W, L, W]
    assert arena_points(results) == [2, 2, 4, 2, 2, 2, 4, 0, 2]
    assert arena_points([D, D, W]) == [1, 1, 2]
    games = [
        game(0, 0, {0: W, 1: L}),
        game(1, 0, {0: W, 1: L}),
        game(2, 0, {0: W, 1: L}),
        Played(3, 0, (0, 1)),
    ]  # the fourth is being played: it counts nothing yet
    lines = arena_standings([0, 1], games)
    assert [(x.entry, x.points, x.played, x.wins, x.streak) for x in lines] == [(0, 8, 3, 3, True), (1, 0, 3, 0, False)]


def test_arena_pool_avoids_the_last_game_while_others_are_free() -> None:
    last = last_opponents([game(0, 0, {0: W, 1: L}), game(1, 0, {2: W, 3: L}), game(2, 0, {0: W, 2: L})])
    assert last == {0: {2}, 1: {0}, 2: {0}, 3: {2}}
    assert arena_groups([0, 2, 1, 3], 2, last) == [(0, 3), (2, 1)]
    # the two just finished alone in the pool meet again at once
    assert arena_groups([0, 2], 2, last) == [(0, 2)]
    assert arena_groups([0, 2, 1], 3, last) == [(0, 2, 1)]
    assert arena_groups([5], 2, last) == []


def test_met_ignores_byes() -> None:
    assert met([game(0, 1, {0: W, 1: L, 2: L}), Played(1, 1, (3,), bye=True)]) == {
        frozenset((0, 1)),
        frozenset((0, 2)),
        frozenset((1, 2)),
    }


def test_a_called_off_game_is_won_by_the_entries_still_there() -> None:
    from tapete.server.tournaments.service import forfeit

    person, bot = [{"player": "p", "name": "Ana"}], [{"bot": "random", "name": "Robot"}]
    assert forfeit([person, bot]) == {0: "loss", 1: "win"}
    assert forfeit([bot, person, bot]) == {0: "draw", 1: "loss", 2: "draw"}  # a shared win
    assert forfeit([person, person + person]) == {0: "loss", 1: "loss"}  # nobody there: nobody won it
