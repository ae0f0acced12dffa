"""`tapete tournament` as researchers run it (issue 33): `--matches N` plays N matches,
progress on stderr also in a pipe, Ctrl-C keeps what was played, and their own bots."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tapete.cli.output as output
from tapete.bots import kinds_for
from tapete.cli import app
from tapete.cli.output import PlainProgress, progress_bar
from tapete.games import game_ids, get_game
from tapete.sim.keeping import match_seed
from tapete.sim.tournament import seatings

ROOT = Path(__file__).resolve().parents[2]
OWN = "tests.cli.own_bots"
runner = CliRunner()


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _summary(stdout: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(stdout.strip().splitlines()[-1])
    return data


def test_matches_is_the_number_of_matches_played(tmp_path: Path) -> None:
    """Four distinct kinds at four seats are 24 seatings: --matches 5 plays 5 (the first 5 seatings
    of one deal), says so before it starts, and reports the plan."""
    rows = tmp_path / "rows.jsonl"
    bots = f"random,heuristic,{OWN}:FirstMoveBot,{OWN}:LastMoveBot"
    args = ["tournament", "boon", "--bots", bots, "--matches", "5", "--seed", "4", "--json", "--lang", "en"]
    result = runner.invoke(app, [*args, "--out", str(rows)])
    assert result.exit_code == 0, result.output
    data = _summary(result.stdout)
    assert (data["matches"], data["planned"], data["completed"], data["interrupted"]) == (5, 5, 5, False)
    assert (data["seatings"], data["whole_deals"], data["last_deal_seatings"]) == (24, 0, 5)
    kept = _rows(rows)
    order = seatings(bots.split(","), 4)
    assert [tuple(s["bot"] for s in r["seats"]) for r in sorted(kept, key=lambda r: r["index"])] == order[:5]
    assert {r["seed"] for r in kept} == {match_seed(4, 0)}
    note = " ".join(result.stderr.split())
    assert "24 seatings: --matches 5 plays the last deal in the first 5 of them only" in note


def test_a_multiple_of_the_seatings_plays_every_deal_in_every_seating() -> None:
    args = ["tournament", "boon", "--bots", "random,heuristic", "--matches", "12", "--lang", "en"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "12 of 12 matches" in result.stdout and "6 seatings × 2 deals" in result.stdout
    assert "last deal" not in result.stderr  # no partial deal, nothing to warn about


def test_plain_progress_lines_say_done_total_elapsed_and_time_left() -> None:
    stream = io.StringIO()
    with PlainProgress(stream, "en", interval=0.02) as bar:
        task = bar.add_task("boon (6 seatings)", total=4)
        bar.advance(task)
        time.sleep(0.1)
        bar.advance(task)
        time.sleep(0.1)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("boon (6 seatings): 1/4 matches · 0:00:00 elapsed · ETA 0:00:0")
    assert any(line.startswith("boon (6 seatings): 2/4 matches") for line in lines)
    assert len(lines) <= 4  # a line when the count changed, and the last one: not every tick
    es = PlainProgress(io.StringIO(), "es")
    es.add_task("boon", total=None)
    assert es.line() == "boon: 0 partidas · 0:00:00 transcurrido"


def test_the_bar_is_plain_lines_off_a_terminal_and_rich_on_one() -> None:
    assert isinstance(progress_bar(False, stream=io.StringIO()), PlainProgress)
    assert not isinstance(progress_bar(True, stream=io.StringIO()), PlainProgress)  # --no-progress


@pytest.mark.parametrize(
    ("flags", "shown"),
    [([], True), (["--no-progress"], False), (["--json"], False), (["--json", "--progress"], True)],
)
def test_progress_flags(flags: list[str], shown: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """CliRunner's stderr is no terminal: progress comes as plain lines, unless turned off."""
    monkeypatch.setattr(output, "PROGRESS_EVERY", 0.005)
    for command in (["tournament", "boon", "--bots", "random,heuristic"], ["simulate", "boon"]):
        result = runner.invoke(app, [*command, "--matches", "30", "--lang", "en", *flags])
        assert result.exit_code == 0, result.output
        assert ("matches · " in result.stderr) is shown, (command, flags, result.stderr)


def _interrupted_run(tmp_path: Path, args: list[str], *, group: bool) -> tuple[int, str, str, list[dict[str, Any]]]:
    """Run a long tournament in a subprocess, Ctrl-C it once a few rows are written: to the process
    alone, or (`group`) to its process group as a terminal does, workers included."""
    rows = tmp_path / "rows.jsonl"
    command = [sys.executable, "-m", "tapete.cli", "tournament", "boon", *args, "--out", str(rows), "--lang", "en"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=group,
        # a test run in the background ignores SIGINT, and so would its children: restore it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if rows.exists() and len(rows.read_text(encoding="utf-8").splitlines()) >= 3:
                break
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()
        if group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc.returncode, out, err, _rows(rows)


def test_ctrl_c_prints_the_partial_table_and_keeps_every_row(tmp_path: Path) -> None:
    code, out, err, rows = _interrupted_run(tmp_path, ["--bots", "random,heuristic", "--matches", "20000"], group=False)
    assert code == 130, (out, err)
    assert "Traceback" not in out + err
    played = len(rows)
    assert f"PARTIAL: interrupted (Ctrl-C) after {played} of 20000 matches" in " ".join(out.split())
    assert f"of {played} matches, 4 seats (partial)" in out
    assert sorted(r["index"] for r in rows) == list(range(played))  # one process: in order, none lost


def test_ctrl_c_to_the_whole_group_stops_the_workers_too(tmp_path: Path) -> None:
    """A terminal's Ctrl-C reaches the worker processes as well: they leave it to the parent."""
    code, out, err, rows = _interrupted_run(
        tmp_path, ["--bots", "random,heuristic", "--matches", "20000", "--jobs", "2", "--json"], group=True
    )
    assert code == 130, (out, err)
    assert "Traceback" not in out + err and "KeyboardInterrupt" not in err
    data = _summary(out)
    assert data["interrupted"] is True and data["planned"] == 20000
    assert data["matches"] == len(rows) >= 3  # every match counted was written whole, and no other
    assert sum(r["kind"] == "heuristic" for r in data["results"]) == 1


def test_own_bots_play_in_simulate_and_tournament_in_worker_processes() -> None:
    """`--bots module:Class` is imported in the --jobs workers too (they share the parent's path)."""
    own = f"{OWN}:FirstMoveBot"
    result = runner.invoke(
        app, ["tournament", "boon", "--bots", f"{own},heuristic", "--matches", "6", "--jobs", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = _summary(result.stdout)
    assert data["completed"] == 6 and {r["kind"] for r in data["results"]} == {own, "heuristic"}
    args = ["simulate", "boon", "--bots", f"{own},random,{OWN}:LastMoveBot,heuristic", "--matches", "4", "--jobs", "2"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert _summary(result.stdout)["completed"] == 4


@pytest.mark.parametrize(
    ("spec", "en"),
    [
        ("no_such_module_here:Bot", "cannot import the module of no_such_module_here:Bot (ModuleNotFoundError"),
        (f"{OWN}:Missing", f"the module {OWN} has no Missing"),
        (f"{OWN}:NotABot", f"{OWN}:NotABot is not a bot class: it must subclass tapete.engine.Bot"),
        (f"{OWN}:NeedsASeat", "NeedsASeat(game, rng) fails for boon (TypeError"),
    ],
)
def test_an_own_bot_that_cannot_play_is_one_sentence(spec: str, en: str) -> None:
    for command in (["tournament", "boon", "--bots", f"{spec},heuristic"], ["simulate", "boon", "--bots", spec]):
        result = runner.invoke(app, [*command, "--lang", "en"])
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        assert en in " ".join(result.stderr.split()), result.stderr
        assert len(result.stderr.strip().splitlines()) <= 3  # one sentence (wrapped)


def test_the_import_hint_says_where_the_module_must_be() -> None:
    result = runner.invoke(app, ["simulate", "boon", "--bots", "nowhere_mod:Bot", "--lang", "en"])
    assert "importable here and in the --jobs worker processes (installed, or its folder on PYTHONPATH)" in (
        " ".join(result.stderr.split())
    )


def test_learned_is_refused_where_the_game_has_no_model() -> None:
    without = [g for g in game_ids() if "learned" not in kinds_for(get_game(g))]
    if not without:
        pytest.skip("every game ships a model")
    game = get_game(without[0])
    for command in (["tournament", game.id, "--bots", "learned,heuristic"], ["simulate", game.id, "--bots", "learned"]):
        for lang, text in (("en", f"{game.name['en']} has no trained model yet"), ("es", "no tiene aún un modelo")):
            result = runner.invoke(app, [*command, "--lang", lang])
            assert result.exit_code == 2, result.output
            assert text in " ".join(result.stderr.split()) and "learned" in result.stderr
