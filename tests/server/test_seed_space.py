"""A match's seed cannot be searched from a seat's own cards, and never leaves the server early."""

from __future__ import annotations

from tapete.engine import Rng
from tapete.server.tables import new_match_seed

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


async def test_no_answer_carries_the_seed_before_the_match_ends(server: Server) -> None:
    created = await server.create(game="eco", seats=[{"type": "human"}, {"type": "human"}])
    table_id = created["table"]["id"]
    joined = await server.join(created["invite_code"])
    seed = server.runner(table_id).seed
    texts = [str(created), str(joined)]
    for path in ("/api/tables", f"/api/tables/{table_id}", f"/api/matches/{table_id}"):
        texts.append((await server.http.get(path)).text)
    for token in (created["token"], joined["token"]):
        client = await server.connect(table_id, token)
        texts.append(str(client.state))
        await client.close()
    for spelling in {str(seed), str(seed & ((1 << 64) - 1))}:
        assert not any(spelling in text for text in texts)
