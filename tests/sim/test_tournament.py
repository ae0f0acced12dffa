"""Tournaments: fair seatings, shares with intervals, ratings, plots, stats."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from tapete.games import game_ids, get_game
from tapete.games.bacan.study import CALLS
from tapete.sim.keeping import match_seed
from tapete.sim.plots import position_gains, rates, write_plots
from tapete.sim.runner import MatchResult, play_match
from tapete.sim.tournament import plan, rate, run_tournament, seatings, summarize_tournament, tournament_jobs

os.environ.setdefault("MPLBACKEND", "Agg")


def test_every_kind_sits_in_every_seat_equally() -> None:
    order = seatings(["a", "b"], 4)
    assert len(order) == 6  # two of each, every distinct seating
    for seat in range(4):
        assert Counter(s[seat] for s in order) == {"a": 3, "b": 3}
    assert len(seatings(["a", "h", "h", "h"], 4)) == 4
    assert sorted(seatings(["a", "b", "c"], 2)) == sorted(
        [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    )


def test_seatings_come_in_rotation_groups_so_a_partial_cycle_stays_balanced() -> None:
    """Each seating is followed by its rotations: every aligned block of 4 seatings of 4 kinds
    at 4 seats puts every kind once in every seat."""
    order = seatings(["a", "b", "c", "d"], 4)
    assert len(order) == 24 == len(set(order))
    for block in range(0, 24, 4):
        for seat in range(4):
            assert sorted(s[seat] for s in order[block : block + 4]) == ["a", "b", "c", "d"]
    two = seatings(["a", "b"], 4)  # aabb's group has 4 rotations, abab's 2
    for group in (two[:4], two[4:]):
        for seat in range(4):
            assert Counter(s[seat] for s in group) == {"a": len(group) // 2, "b": len(group) // 2}


def test_matches_are_the_number_asked_seatings_rotated_on_shared_deals() -> None:
    """Match i is seating i mod S on deal i // S: 7 matches of 6 seatings are one deal in all six
    and the first seating of a second deal (issue 33: they were rounded up to 12)."""
    order = seatings(["a", "b"], 4)
    jobs = tournament_jobs("g", 4, ["a", "b"], 7, 10, {})
    assert len(jobs) == 7
    assert [j.seed for j in jobs] == [match_seed(10, 0)] * 6 + [match_seed(10, 1)]
    assert [j.bot_kinds for j in jobs] == [*order, order[0]]
    whole = tournament_jobs("g", 4, ["a", "b"], 12, 10, {})  # a multiple: every deal in every seating
    assert sorted((j.seed, j.bot_kinds) for j in whole) == sorted(
        (match_seed(10, k), s) for k in range(2) for s in order
    )
    assert [len(tournament_jobs("g", 4, list("abcd"), n, 1, {})) for n in (1, 5, 24, 30)] == [1, 5, 24, 30]


def test_the_plan_says_what_a_run_plays() -> None:
    assert plan(["a", "b", "c", "d"], 4, 30).to_json() == {"seatings": 24, "whole_deals": 1, "last_deal_seatings": 6}
    assert plan(["a", "b", "c", "d"], 4, 1).to_json() == {"seatings": 24, "whole_deals": 0, "last_deal_seatings": 1}
    assert plan(["a", "b"], 2, 10).to_json() == {"seatings": 2, "whole_deals": 5, "last_deal_seatings": 0}


def test_tournaments_with_different_seeds_share_no_deal() -> None:
    """Cycle seeds are hashed from (seed, cycle): seeds 1 and 2 no longer overlap (were seed + k)."""
    one = {j.seed for j in tournament_jobs("g", 2, ["a", "b"], 200, 1, {})}
    two = {j.seed for j in tournament_jobs("g", 2, ["a", "b"], 200, 2, {})}
    assert len(one) == len(two) == 100 and not one & two


def _result(bots: list[str], returns: list[float], seed: int) -> MatchResult:
    return MatchResult(seed=seed, bots=bots, returns=returns, winners=[returns.index(max(returns))])


def test_a_kind_that_always_wins_is_rated_higher() -> None:
    results = [_result(["a", "b", "b"], [1.0, 0.0, 0.0], s) for s in range(30)]
    ratings = rate(results, ["a", "b"])
    assert ratings["a"][0] > ratings["b"][0] + 5


@pytest.mark.parametrize("game_id", game_ids())
def test_heuristic_against_random_tournament(game_id: str) -> None:
    game = get_game(game_id)
    cycle = len(seatings(["heuristic", "random"], game.default_players))
    report = run_tournament(game_id, game.default_players, ["heuristic", "random"], cycle, seed=3, stats=True)
    assert not report.errors, report.errors[0].error
    assert report.completed == report.matches == report.planned == cycle and not report.interrupted
    shares = {r.kind: r for r in report.results}
    assert sum(r.share for r in report.results) == pytest.approx(1.0)
    for r in report.results:
        assert r.interval[0] <= r.share <= r.interval[1]
    assert shares["heuristic"].fair_share + shares["random"].fair_share == pytest.approx(1.0)
    data = report.to_json()
    assert data["results"][0]["rating"]["sigma"] > 0


def test_an_interrupted_report_counts_what_was_played() -> None:
    jobs = tournament_jobs("g", 2, ["a", "b"], 10, 1, {})
    results = [_result(list(j.bot_kinds), [1.0, 0.0], j.seed) for j in jobs[:3]]
    report = summarize_tournament("g", 2, ["a", "b"], jobs, results, 1.0, interrupted=True)
    data = report.to_json()
    assert (data["matches"], data["planned"], data["interrupted"], data["seatings"]) == (3, 10, True, 2)
    assert data["whole_deals"] == 5 and data["last_deal_seatings"] == 0


def test_call_rates_and_position_gains() -> None:
    r = MatchResult(seed=1, bots=["h"] * 2, returns=[1.0, 0.0])
    r.stats = {
        "bacan_calls": [{"total": 3, "result": "success"}, {"total": 3, "result": "failed"}],
        "rounds": [{"dealer": 1, "start_scores": [0.0, 0.0], "end_scores": [4.0, 1.0]}],
    }
    assert rates([r], CALLS)[0][:3] == (3, 2, 0.5)
    gains = position_gains([r], 2, sense=-1)
    assert gains[0][0] == -4.0  # seat 0 plays first after dealer 1; lower is better
    assert gains[1][0] == -1.0


@pytest.mark.skipif("bacan" not in game_ids(), reason="Bacan is not registered")
def test_plots_are_written(tmp_path: Path) -> None:
    game = get_game("bacan")
    results = [play_match(game, 3, ["heuristic"] * 3, seed, {"limit": 50}, stats=True) for seed in range(3)]
    assert all(r.error is None for r in results)
    assert results[0].stats["rounds"] and "end_scores" in results[0].stats["rounds"][0]
    paths = write_plots(results, 3, tmp_path, "Bacan", sense=-1, formats=("png", "svg"))
    names = {p.name for p in paths}
    assert {"seats.png", "seats.svg", "scores.png", "length.png", "position.png"} <= names
    if any(r.stats.get("bacan_calls") for r in results):
        assert "bacan_calls.png" in names
    assert all(p.stat().st_size > 1000 for p in paths)


@pytest.mark.skipif("boon" not in game_ids(), reason="Boon is not registered")
def test_tournament_and_simulate_commands(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from tapete.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["tournament", "boon", "--bots", "random,heuristic", "--matches", "6", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["matches"] == 6 and {r["kind"] for r in data["results"]} == {"random", "heuristic"}
    out = runner.invoke(app, ["simulate", "boon", "--matches", "4", "--plot", str(tmp_path), "--plot-format", "svg"])
    assert out.exit_code == 0, out.output
    assert (tmp_path / "seats.svg").exists()
    out = runner.invoke(app, ["tournament", "boon", "--bots", "random,nobody"])
    assert out.exit_code == 2
