"""The writer's batches: several may be in flight, but a table's writes commit in the order they came."""

from __future__ import annotations

from pathlib import Path

from tapete.server.store import Store, Write, actions, matches


def action(table_id: str, idx: int) -> Write:
    return Write(actions, rows=[{"match_id": table_id, "idx": idx, "seat": 0, "action": 1, "at": 0.0}])


def test_a_batch_takes_one_write_per_table_and_none_of_a_table_in_flight(tmp_path: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}")
    store._pending.extend([action("a", 0), action("a", 1), action("b", 0),
                           Write(matches, values={"status": "finished"}, where={"id": "b"}), action("c", 0)])
    first = store._take_batch()
    assert [(w.key, w.rows[0]["idx"] if w.rows else "status") for w in first] == [("a", 0), ("b", 0), ("c", 0)]
    second = store._take_batch()
    assert second == []  # a, b and c each have a batch in flight: their next writes wait for it
    store._busy.difference_update({"a", "b"})
    third = store._take_batch()
    assert [(w.key, w.rows[0]["idx"] if w.rows else "status") for w in third] == [("a", 1), ("b", "status")]
    assert list(store._pending) == []
