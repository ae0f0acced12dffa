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
from tapete.sim.tournament import rate, run_tournament, seatings, tournament_jobs

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


def test_matches_round_up_to_whole_cycles_on_shared_deals() -> None:
    jobs = tournament_jobs("g", 4, ["a", "b"], 7, 10, {})
    assert len(jobs) == 12
    assert [j.seed for j in jobs] == [match_seed(10, 0)] * 6 + [match_seed(10, 1)] * 6


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
    report = run_tournament(game_id, game.default_players, ["heuristic", "random"], 1, seed=3, stats=True)
    assert not report.errors, report.errors[0].error
    assert report.completed == len(seatings(["heuristic", "random"], game.default_players))
    shares = {r.kind: r for r in report.results}
    assert sum(r.share for r in report.results) == pytest.approx(1.0)
    for r in report.results:
        assert r.interval[0] <= r.share <= r.interval[1]
    assert shares["heuristic"].fair_share + shares["random"].fair_share == pytest.approx(1.0)
    data = report.to_json()
    assert data["results"][0]["rating"]["sigma"] > 0


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
