"""`tapete replay --step`: any step, forward or back, any seat's eyes, the
story of each step in the game's words (issue 19, point 3)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tapete.cli import app
from tapete.engine import MatchRecord, replay
from tapete.engine.bot_names import with_bot_names
from tapete.engine.replay_cursor import CHECKPOINT_EVERY, ReplayCursor, ReplayError
from tapete.engine.words import Reader
from tapete.games import get_game
from tapete.sim.runner import play_match

runner = CliRunner()


def _record(game_id: str = "bacan", seed: int = 3, options: dict[str, object] | None = None) -> MatchRecord:
    game = get_game(game_id)
    n = game.default_players
    chosen = options if options is not None else {"limit": 40}
    result = play_match(game, n, ["heuristic"] * n, seed, chosen, keep_record=True)
    assert result.record is not None and result.error is None
    return MatchRecord.from_json(result.record)


def test_any_step_forward_or_back_is_the_replayed_position() -> None:
    record = _record()
    game = get_game(record.game)
    assert len(record.actions) > 2 * CHECKPOINT_EVERY  # going back crosses kept states
    cursor = ReplayCursor(game, record)
    rng = random.Random(1)
    for step in [len(record.actions), 0, 5, 4, *rng.sample(range(len(record.actions)), 12), 1]:
        cursor.goto(step)
        assert cursor.step == step
        assert cursor.state.to_json() == replay(game, record, upto=step).to_json()


def test_the_story_of_a_step_is_its_events_seen_by_the_chosen_eyes() -> None:
    record = _record()
    game = get_game(record.game)
    cursor = ReplayCursor(game, record)
    state = game.new_match(record.num_players, record.seed, record.options)
    private_seen = 0
    for index, (seat, action) in enumerate(record.actions[:150]):
        events = state.apply(seat, action)
        cursor.goto(index + 1)
        for eyes in (None, 0, 2):
            cursor.set_seat(eyes)
            reader = Reader("en", with_bot_names([None] * record.num_players), eyes)
            expected = [game.tell_event(e, reader) for e in events if e.visible_to(eyes)]
            assert cursor.story("en") == expected
        private_seen += sum(1 for e in events if e.audience is not None)
    assert private_seen  # some events were for one seat only, and stayed with it


def test_rounds_are_found_and_jumped_to() -> None:
    record = _record()
    cursor = ReplayCursor(get_game(record.game), record)
    rounds = cursor.rounds()
    assert len(rounds) >= 2 and rounds[0][1] == 0
    number, start = rounds[1]
    cursor.goto_round(number)
    assert cursor.step == start and cursor.round_now() == number
    with pytest.raises(ReplayError):
        cursor.goto_round(999)


def _save(record: MatchRecord, tmp_path: Path) -> Path:
    path = tmp_path / "m.json"
    path.write_text(json.dumps(record.to_json()))
    return path


def _last_json(output: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(output.strip().splitlines()[-1])
    return data


def test_the_command_steps_with_keys_from_stdin(tmp_path: Path) -> None:
    record = _record()
    game = get_game(record.game)
    path = _save(record, tmp_path)
    cursor = ReplayCursor(game, record)

    def run(keys: str, *extra: str) -> dict[str, object]:
        result = runner.invoke(app, ["replay", str(path), "--step", "--json", *extra], input=keys)
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output
        return _last_json(result.stdout)

    assert run("n\nn\nn\np\nq\n")["step"] == 2
    assert run("n 10\np 3\n")["step"] == 7  # the end of input quits too
    assert run("g 40\n", "--to", "5")["step"] == 40
    number, start = cursor.rounds()[1]
    shown = run(f"r {number}\nv 2\n")
    assert shown["step"] == start and shown["seat"] == 2
    assert shown["view"] == json.loads(json.dumps(replay(game, record, upto=start).view(2)))
    assert run("e\nv\n")["view"] == json.loads(json.dumps(replay(game, record).view(None)))
    # a bad command is said and the loop goes on
    result = runner.invoke(app, ["replay", str(path), "--step", "--lang", "en"], input="zz\nv 9\nn\nq\n")
    assert result.exit_code == 0
    assert "Unknown command: 'zz'" in result.stdout and "there is no seat 9" in result.stdout
    assert "Action 1 of" in result.stdout


def test_to_shows_one_position_in_the_chosen_language(tmp_path: Path) -> None:
    record = _record()
    path = _save(record, tmp_path)
    for lang, word in (("es", "Acción 12 de"), ("en", "Action 12 of")):
        result = runner.invoke(app, ["replay", str(path), "--to", "12", "--seat", "1", "--lang", lang])
        assert result.exit_code == 0 and word in result.stdout


def test_a_server_record_replays_too(tmp_path: Path) -> None:
    """The server's /api/matches/{id}/record adds id, names and times to the same MatchRecord JSON."""
    record = _record("boon", 4, {})
    data = {
        **record.to_json(),
        "seats": [{"human": "Ana"}, {"bot": "heuristic"}, {"bot": "heuristic"}, {"human": "Luis"}],
        "id": "t-1",
        "table_options": {"public": False},
        "outcome": None,
        "created_at": 1.0,
        "started_at": 2.0,
        "finished_at": 3.0,
    }
    path = tmp_path / "server.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path), "--to", "3", "--lang", "en"])
    assert result.exit_code == 0, result.output
    actor = record.actions[2][0]
    name = ["Ana", "heuristic", "heuristic", "Luis"][actor]
    assert "Action 3 of" in result.stdout and f"played by seat {actor} ({name})" in result.stdout
    shown = runner.invoke(app, ["replay", str(path), "--json", "--seat", "3"])
    assert _last_json(shown.stdout)["view"] == json.loads(json.dumps(replay(get_game("boon"), record).view(3)))


def test_the_analysis_says_the_judged_decision_at_its_step(tmp_path: Path) -> None:
    from tapete.analysis import analyze

    game = get_game("boon")
    result = play_match(game, 3, ["random", "heuristic", "heuristic"], 5, {}, keep_record=True)
    assert result.record is not None
    record = MatchRecord.from_json(result.record)
    path = _save(record, tmp_path)
    first = analyze(result.record, 0, "easy").decisions[0]
    shown = runner.invoke(
        app,
        ["replay", str(path), "--step", "--analysis", "--seat", "0", "--budget", "easy", "--lang", "en"],
        input=f"g {first.step}\nq\n",
    )
    assert shown.exit_code == 0, shown.stdout
    assert "decisions judged" in shown.stdout and first.words["en"]["played"] in shown.stdout
    alone = runner.invoke(app, ["replay", str(path), "--step", "--analysis", "--lang", "en"], input="q\n")
    assert alone.exit_code == 2 and "--analysis needs --seat K" in alone.output
