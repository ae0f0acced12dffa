"""The kept log: a seat gets public events and its own, a spectator public ones, words only."""

from __future__ import annotations

from tapete.games import get_game
from tapete.server.table.log import TableLog
from tapete.story import play_events


def _log(game_id: str, players: int, seed: int, options: dict | None = None) -> TableLog:
    game = get_game(game_id)
    log = TableLog(game)
    for version, event in play_events(game, players, seed, options):
        log.extend(version, [event])
    return log


def test_seat_and_spectator_logs() -> None:
    log = _log("bacan", 3, 5, {"memory": "classic"})
    names = ["Ana", "Bruno", "Carmen"]
    mine = log.entries(0, "es", names)
    public = log.entries(None, "es", names)
    assert len(public) < len(mine) < len(log)  # private events: each seat's own only
    kinds = {e["kind"] for e in public}
    assert "peek" not in kinds and "drawn" not in kinds
    assert {"deal", "round_end"} <= kinds
    assert all(set(e) == {"version", "kind", "text"} for e in mine)  # words only, no private data
    peeks = [e["text"] for e in mine if e["kind"] == "peek"]
    assert peeks and all(t.startswith("Miraste tus cartas") for t in peeks)
    assert [e["version"] for e in mine] == sorted(e["version"] for e in mine)
    assert any("Bruno" in e["text"] for e in public)


def test_log_keeps_the_latest_past_its_limit() -> None:
    game = get_game("wanted")
    log = TableLog(game, limit=10)
    events = play_events(game, 2, 1, {"mode": "duelo"})
    for version, event in events:
        log.extend(version, [event])
    assert len(log) == 10
    assert log.visible(0)[-1][1] is [e for _, e in events if e.visible_to(0)][-1]
