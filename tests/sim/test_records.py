"""Every match kept on request (issue 19, point 2): records that `tapete replay`
reproduces exactly, one JSON row per match, summaries that say how they were
made, and runs with different seeds that share no deal."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tapete.cli import app
from tapete.engine import MatchRecord, State, replay
from tapete.games import get_game
from tapete.sim.keeping import held_interrupts, match_seed
from tapete.sim.runner import play_match
from tapete.tui import write_records
from tapete.tui.config import MatchConfig
from tapete.tui.match import LocalTable, Timing
from tests.tui.helpers import FakeClock, InlineThinker

runner = CliRunner()


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _final_state(game_id: str, row: dict[str, Any]) -> State:
    """The match of a row played again from scratch, independently of its record."""
    game = get_game(game_id)
    kinds = [s["bot"] for s in row["seats"]]
    last: list[State] = []
    result = play_match(game, len(kinds), kinds, row["seed"], row["options"], on_state=last.append)
    assert result.error is None and result.scores == row["scores"] and result.winners == row["winners"]
    return last[-1]


def test_simulate_keeps_every_match_and_replay_reproduces_them(tmp_path: Path) -> None:
    records, rows_file = tmp_path / "r", tmp_path / "m.jsonl"
    args = ["simulate", "bacan", "--matches", "20", "--records", str(records), "--out", str(rows_file)]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    game = get_game("bacan")
    assert summary["seed"] == 1 and summary["options"]["limit"] == 150
    assert summary["rules_version"] == game.rules_version and summary["tapete_version"]
    rows = sorted(_rows(rows_file), key=lambda r: r["index"])
    assert [r["index"] for r in rows] == list(range(20))
    assert [r["seed"] for r in rows] == [match_seed(1, i) for i in range(20)]
    files = sorted(records.iterdir())
    assert [f.name for f in files] == sorted(r["record"] for r in rows) and len(files) == 20
    for row in rows:
        assert set(row) >= {"seed", "options", "seats", "scores", "winners", "rounds", "actions", "seconds"}
        assert row["seats"] == [{"seat": s, "bot": "random"} for s in range(4)]
        assert row["rules_version"] == game.rules_version and row["error"] is None
        record = MatchRecord.from_json(json.loads((records / row["record"]).read_text()))
        assert len(record.actions) == row["actions"] and record.seed == row["seed"]
        outcome = replay(game, record).outcome()
        assert list(outcome.scores) == row["scores"] and list(outcome.winners) == row["winners"]
    for row in rows[:3]:  # through the command, step by step to the end, in every seat's eyes
        final = _final_state("bacan", row)
        for seat in (None, 0, 3):
            keys = f"{'v ' + str(seat) if seat is not None else 'v'}\ne\nq\n"
            shown = runner.invoke(app, ["replay", str(records / row["record"]), "--step", "--json"], input=keys)
            assert shown.exit_code == 0, shown.output
            data = json.loads(shown.stdout.strip().splitlines()[-1])
            assert data["step"] == data["steps"] == row["actions"] and data["seat"] == seat
            assert data["view"] == json.loads(json.dumps(final.view(seat)))
            assert data["outcome"]["scores"] == row["scores"]


def test_runs_with_seeds_1_and_2_share_no_deal(tmp_path: Path) -> None:
    game = get_game("boon")
    deals: list[set[str]] = []
    for seed in (1, 2):
        out = tmp_path / f"{seed}.jsonl"
        args = ["simulate", "boon", "--matches", "30", "--seed", str(seed), "--out", str(out)]
        assert runner.invoke(app, args).exit_code == 0
        deals.append({json.dumps(game.new_match(4, r["seed"]).to_json(), sort_keys=True) for r in _rows(out)})
    assert len(deals[0]) == len(deals[1]) == 30 and not deals[0] & deals[1]


def test_tournament_keeps_every_match(tmp_path: Path) -> None:
    records, rows_file = tmp_path / "t", tmp_path / "t.jsonl"
    args = ["tournament", "boon", "--bots", "random,heuristic", "--matches", "6", "--seed", "9", "--json"]
    result = runner.invoke(app, [*args, "--records", str(records), "--out", str(rows_file)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["seed"] == 9 and "options" in summary and summary["rules_version"] == 1
    rows = _rows(rows_file)
    assert len(rows) == 6 == len(list(records.iterdir()))
    assert {r["seed"] for r in rows} == {match_seed(9, 0)}  # one cycle: every seating on one deal
    assert len({tuple(s["bot"] for s in r["seats"]) for r in rows}) == 6
    game = get_game("boon")
    for row in rows:
        record = MatchRecord.from_json(json.loads((records / row["record"]).read_text()))
        assert [s["bot"] for s in record.seats] == [s["bot"] for s in row["seats"]]
        assert list(replay(game, record).outcome().scores) == row["scores"]


def test_a_match_played_in_the_terminal_is_written_as_a_replayable_record(tmp_path: Path) -> None:
    game = get_game("boon")
    clock = FakeClock()
    config = MatchConfig("boon", 4, ["heuristic"] * 4, seed=21)
    table = LocalTable(game, game.new_match(4, 21), config.kinds, 21, clock, InlineThinker(), Timing(pace=0.01))
    table.start()
    while not table.state.is_terminal():
        clock.advance(0.5)
    [path] = write_records(tmp_path, [(config, table)])
    shown = runner.invoke(app, ["replay", str(path), "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout.strip().splitlines()[-1])
    assert data["view"] == json.loads(json.dumps(table.state.view(None)))
    assert data["outcome"] == table.state.outcome().to_json()


def test_report_writes_beside_the_current_folder_not_into_docs(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "balance.md").write_text("the checkout's own report")
    result = runner.invoke(app, ["report", "--matches", "2", "--games", "wanted"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "docs" / "balance.md").read_text() == "the checkout's own report"
    assert "WANTED" in (tmp_path / "tapete-report" / "balance.md").read_text()
    assert "tapete-report/balance.md" in " ".join(runner.invoke(app, ["report", "--help"]).output.split())


def test_the_seed_rule_is_said_in_the_help() -> None:
    for command in ("tournament", "simulate"):
        text = " ".join(runner.invoke(app, [command, "--help"]).output.split())
        assert "hash of (seed" in text and "never share a deal" in text


def test_a_ctrl_c_while_a_match_is_kept_waits_for_its_row() -> None:
    """`held_interrupts`: a SIGINT inside the block is raised when the block ends, not inside it."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # even when run in the background
    try:
        reached = []
        with pytest.raises(KeyboardInterrupt), held_interrupts():
            os.kill(os.getpid(), signal.SIGINT)
            reached.append("the row is written")
        assert reached == ["the row is written"]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # restored
        with held_interrupts():
            pass  # no Ctrl-C: nothing raised
    finally:
        signal.signal(signal.SIGINT, previous)
