"""Finished matches as a dataset (`tapete export`): one JSON object a line.

A line is a match record that `tapete replay` and `tapete.engine.replay`
read as they are (game, rules_version, options, seed, seats, actions), plus
what a study of people's play needs: how long each action took
(`action_ms`, since the previous action or the match's start), the outcome,
and the day it finished. Nothing in it belongs to a player alone: people
are `player` ids made with a keyed hash (HMAC-SHA256) of their identity, so
one person keeps one id across the file (and across files made with the
same `--key`) while the identity, name, tokens, invitation code, chat and
addresses stay on the server. The seed is kept: the match is over, and
replaying needs it. Unfinished matches are left out and counted.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any, TextIO

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from .schema import actions, matches, seats
from .store import make_engine

FORMAT = 1


@dataclass
class ExportSummary:
    written: int = 0
    unfinished: int = 0  # matches the filters matched but that have not ended


def anonymous_id(key: bytes, kind: str, identity: str) -> str:
    """A stable stand-in for an identity: the same key and identity give the same id."""
    digest = hmac.new(key, f"{kind}:{identity}".encode(), hashlib.sha256).hexdigest()
    return f"{kind[0]}{digest[:16]}"


def _filters(game: str | None, since: float | None) -> list[sa.ColumnElement[bool]]:
    found: list[sa.ColumnElement[bool]] = []
    if game is not None:
        found.append(matches.c.game == game)
    if since is not None:
        found.append(sa.or_(matches.c.finished_at >= since, matches.c.finished_at.is_(None)))
    return found


async def _seat_list(conn: AsyncConnection, match_id: str, key: bytes) -> list[dict[str, Any]]:
    rows = await conn.execute(sa.select(seats).where(seats.c.match_id == match_id).order_by(seats.c.seat))
    out: list[dict[str, Any]] = []
    for row in rows:
        seat: dict[str, Any] = {"kind": row.kind}
        if row.kind == "bot":
            seat["bot"] = row.level
        else:
            seat["player"] = anonymous_id(key, "player", row.player_id) if row.player_id else None
        out.append(seat)
    return out


async def _action_list(
    conn: AsyncConnection, match_id: str, started: float | None
) -> tuple[list[list[int]], list[int]]:
    rows = list(
        await conn.execute(
            sa.select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.at)
            .where(actions.c.match_id == match_id)
            .order_by(actions.c.idx)
        )
    )
    if any(r.idx != i for i, r in enumerate(rows)):
        raise RuntimeError(f"a finished match's action record has a gap ({anonymous_id(b'', 'match', match_id)})")
    moves = [[int(r.seat), int(r.action)] for r in rows]
    times: list[int] = []
    previous = started if started is not None else (rows[0].at if rows else 0.0)
    for r in rows:
        times.append(max(0, round((r.at - previous) * 1000)))
        previous = r.at
    return moves, times


async def export_matches(
    url: str, out: TextIO, key: bytes, game: str | None = None, since: float | None = None
) -> ExportSummary:
    """Write every finished match the filters select to `out`, oldest first."""
    summary = ExportSummary()
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            query = (
                sa.select(matches)
                .where(*_filters(game, since))
                .order_by(matches.c.finished_at, matches.c.created_at, matches.c.id)
            )
            for row in list(await conn.execute(query)):
                if row.status != "finished":
                    summary.unfinished += 1
                    continue
                out.write(json.dumps(await _line(conn, row, key), ensure_ascii=False, sort_keys=True) + "\n")
                summary.written += 1
    finally:
        await engine.dispose()
    return summary


async def _line(conn: AsyncConnection, row: Any, key: bytes) -> dict[str, Any]:
    moves, times = await _action_list(conn, row.id, row.started_at)
    finished = dt.datetime.fromtimestamp(row.finished_at, dt.UTC).date().isoformat() if row.finished_at else None
    return {
        "format": FORMAT,
        "match": anonymous_id(key, "match", row.id),
        "game": row.game,
        "rules_version": row.rules_version,
        "options": row.options,
        "seed": row.seed,
        "seats": await _seat_list(conn, row.id, key),
        "actions": moves,
        "action_ms": times,
        "outcome": row.outcome,
        "rated": bool(row.rated),
        "finished_on": finished,
    }
