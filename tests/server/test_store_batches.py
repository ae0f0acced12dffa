"""The writer's batches: several may be in flight, but a table's writes commit in the order they came."""

from __future__ import annotations

from pathlib import Path

from tapete.server.storage.store import Store, Write, actions, matches


def action(table_id: str, idx: int) -> Write:
    return Write(actions, rows=[{"match_id": table_id, "idx": idx, "seat": 0, "action": 1, "at": 0.0}])


def test_a_batch_takes_one_write_per_table_and_none_of_a_table_in_flight(tmp_path: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}")
    store._pending.extend(
        [
            [action("a", 0)],
            [action("a", 1)],
            [action("b", 0)],
            [Write(matches, values={"status": "finished"}, where={"id": "b"})],
            [action("c", 0)],
        ]
    )
    first = store._take_batch()
    assert [(w.key, w.rows[0]["idx"] if w.rows else "status") for w in first] == [("a", 0), ("b", 0), ("c", 0)]
    second = store._take_batch()
    assert second == []  # a, b and c each have a batch in flight: their next writes wait for it
    store._busy.difference_update({"a", "b"})
    third = store._take_batch()
    assert [(w.key, w.rows[0]["idx"] if w.rows else "status") for w in third] == [("a", 1), ("b", "status")]
    assert list(store._pending) == []


def test_writes_submitted_together_stay_in_one_batch(tmp_path: Path) -> None:
    from tapete.server.storage.store import seats

    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}")
    match = Write(matches, rows=[{"id": "a"}])
    seat = Write(seats, rows=[{"match_id": "a", "seat": 0}])
    later = action("a", 0)
    store._pending.extend([[action("b", 0)], [match, seat], [later]])
    first = store._take_batch()
    assert first[1:] == [match, seat] and first[0].key == "b"  # one batch: one transaction
    assert store._take_batch() == []  # table a's next write waits for that batch
    store._busy.clear()
    assert store._take_batch() == [later]


def test_updates_of_the_same_columns_become_one_executemany(tmp_path: Path) -> None:
    import sqlalchemy as sa

    from tapete.server.storage.store import plan, seats

    writes = [
        Write(seats, values={"name": f"P{i}", "token_hash": None}, where={"match_id": f"m{i}", "seat": 1})
        for i in range(3)
    ]
    writes.append(Write(matches, values={"status": "playing"}, where={"id": "m0"}))
    steps = plan(writes)
    assert len(steps) == 2 and steps[0].rows is not None and len(steps[0].rows) == 3
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'u.db'}")
    seats.metadata.create_all(engine, tables=[matches, seats])
    with engine.begin() as conn:
        for i in range(3):
            conn.execute(
                matches.insert(),
                {
                    "id": f"m{i}",
                    "game": "boon",
                    "options": {},
                    "table_options": {},
                    "seed": 1,
                    "num_players": 2,
                    "status": "waiting",
                    "invite_code": f"C{i}",
                    "public": False,
                    "created_at": 0.0,
                },
            )
            conn.execute(seats.insert(), {"match_id": f"m{i}", "seat": 1, "kind": "human"})
        for step in steps:
            conn.execute(step.statement, step.rows)
        names = dict(conn.execute(sa.select(seats.c.match_id, seats.c.name)).all())
        assert names == {"m0": "P0", "m1": "P1", "m2": "P2"}
        assert conn.execute(sa.select(matches.c.status).where(matches.c.id == "m0")).scalar() == "playing"


def test_moves_have_lanes_of_their_own_but_a_table_keeps_its_order(tmp_path: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}")
    status_b = Write(matches, values={"status": "playing"}, where={"id": "b"})
    status_c = Write(matches, values={"status": "finished"}, where={"id": "c"})
    store._pending.extend([[action("a", 0)], [status_b], [status_c], [action("c", 5)], [action("d", 0)]])
    moves = store._take_batch("actions")
    assert [w.key for w in moves] == ["a", "d"]  # c's action waits for c's earlier status
    assert store._take_batch("other") == [status_b, status_c]
    store._busy.clear()
    assert [w.key for w in store._take_batch("actions")] == ["c"]
