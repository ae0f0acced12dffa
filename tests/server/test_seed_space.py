"""A match's seed cannot be searched from a seat's own cards, and never leaves the server early."""

from __future__ import annotations

import logging

import pytest

from tapete.engine import Rng
from tapete.server.table.registry import new_match_seed

from .conftest import Server


def test_seeds_span_64_bits_and_fit_a_bigint() -> None:
    seeds = [new_match_seed() for _ in range(2_000)]
    assert all(-(1 << 63) <= s < (1 << 63) for s in seeds)  # a signed BIGINT in every store
    assert len(set(seeds)) == len(seeds)
    # the high bits vary: a 31-bit space (2^31 seeds, ~42 CPU-minutes to search) would leave them all equal
    assert any(s < -(1 << 62) for s in seeds) and any(s > (1 << 62) for s in seeds)
    assert len({Rng(s).seed >> 32 for s in seeds}) > 1_900
    # Rng keeps all 64 bits: two seeds that differ only above bit 31 deal differently
    a, b = [*range(52)], [*range(52)]
    Rng(5).shuffle(a)
    Rng(5 + (1 << 40)).shuffle(b)
    assert a != b


async def test_no_answer_carries_the_seed_before_the_match_ends(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="tapete")
    created = await server.create(game="eco", seats=[{"type": "human"}, {"type": "human"}])
    table_id = created["table"]["id"]
    joined = await server.join(created["invite_code"])
    seed = server.runner(table_id).seed
    texts = [str(created), str(joined)]
    paths = (
        "/api/tables",
        f"/api/tables/{table_id}",
        f"/api/matches/{table_id}",
        f"/api/matches/{table_id}/record",
        f"/api/matches/{table_id}/replay",
        f"/api/matches/{table_id}/replay?step=0&seat=0",
        "/api/stats",
        "/api/games/eco/deck",
    )
    for path in paths:
        answer = await server.http.get(path)
        assert answer.status_code < 500, (path, answer.text)
        texts.append(answer.text)
    for token in (created["token"], joined["token"], None):
        client = await server.connect(table_id, token)
        await client.send({"type": "sync"})
        await client.send({"type": "action", "seq": 1, "version": 0, "index": 0})
        await client.drain(0.1)
        texts.extend(str(message) for message in client.seen)
        await client.close()
    texts.extend(record.getMessage() + str(record.__dict__) for record in caplog.records)
    assert any("table created" in text for text in texts)  # the log lines were read
    for spelling in {str(seed), str(seed & ((1 << 64) - 1)), hex(seed & ((1 << 64) - 1))[2:]}:
        assert not any(spelling in text for text in texts), spelling
