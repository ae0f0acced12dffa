"""`tapete export`: finished matches as JSON lines that replay to their end and hold no secret."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tapete.cli import app
from tapete.engine.record import MatchRecord, replay
from tapete.server.settings import async_db_url
from tapete.server.storage.export import anonymous_id, export_matches

from .conftest import Server, lookup
from .test_history_ratings import open_two, play_two, settled
from .test_identity import new_player

KEY = b"k" * 32


async def exported(server: Server, **filters: Any) -> list[dict[str, Any]]:
    out = io.StringIO()
    await export_matches(async_db_url(server.settings.db_url), out, KEY, **filters)
    return [json.loads(line) for line in out.getvalue().splitlines()]


async def test_an_exported_match_replays_to_its_end_and_names_nobody(server: Server) -> None:
    ana, bea = await new_player(server, "Ana"), await new_player(server, "Bea")
    table_id, final = await play_two(server, ana, bea)
    await settled(server, table_id)
    waiting, _ = await open_two(server, ana, None)  # a second table, not finished
    lines = await exported(server, game="eco")
    ours = [line for line in lines if line["match"] == anonymous_id(KEY, "match", table_id)]
    assert len(ours) == 1
    line = ours[0]
    assert anonymous_id(KEY, "match", waiting["table"]["id"]) not in {x["match"] for x in lines}
    state = replay(lookup("eco"), MatchRecord.from_json(line))
    assert state.is_terminal() and state.outcome().to_json() == line["outcome"] == final["outcome"]
    served = (await server.http.get(f"/api/matches/{table_id}/record")).json()
    assert line["actions"] == served["actions"] and line["seed"] == served["seed"]
    assert len(line["action_ms"]) == len(line["actions"]) and all(ms >= 0 for ms in line["action_ms"])
    players = [seat["player"] for seat in line["seats"]]
    assert players == [anonymous_id(KEY, "player", ana["player_id"]), anonymous_id(KEY, "player", bea["player_id"])]
    text = json.dumps(lines)
    for secret in (
        table_id,
        waiting["invite_code"],
        waiting["token"],
        ana["player_id"],
        ana["secret"],
        bea["player_id"],
        bea["secret"],
        "Ana",
        "Bea",
    ):
        assert secret not in text


async def test_the_filters_select_by_game_and_day(server: Server) -> None:
    table_id, _ = await play_two(server, None, None)
    await settled(server, table_id)
    ours = anonymous_id(KEY, "match", table_id)
    assert ours in {x["match"] for x in await exported(server, game="eco")}
    assert ours not in {x["match"] for x in await exported(server, game="boon")}
    assert ours not in {x["match"] for x in await exported(server, since=4e9)}  # a day in 2096


def test_bad_arguments_get_one_sentence_and_exit_2(tmp_path: Path) -> None:
    runner = CliRunner()
    out = str(tmp_path / "games.jsonl")
    for args, words in (
        (["--db", f"sqlite:///{tmp_path / 'none.db'}", "--out", out], "no database"),
        (["--db", "sqlite:///x.db", "--out", out, "--since", "yesterday"], "YYYY-MM-DD"),
        (["--db", "sqlite:///x.db", "--out", out, "--game", "chess"], "chess"),
    ):
        result = runner.invoke(app, ["export", *args, "--lang", "en"])
        assert result.exit_code == 2 and words in result.output, result.output
        assert "Traceback" not in result.output
    assert not Path(out).exists()
