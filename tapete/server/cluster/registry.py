"""Several server processes behind one address, sharing PostgreSQL and Redis.

Each table is owned by one process at a time: the owner holds a lease row
in PostgreSQL (`table_leases`: table, owner, expiry, on the database's
clock) and renews the leases of all its tables every third of the lease
time. A process that dies stops renewing; when a lease has expired, any
other process takes the table over: it acquires the lease and rebuilds the
table by replaying its record, as after a restart.

Writes are fenced: writes of tables (actions, seats, statuses) are
committed in batches, in a transaction that first locks the batch's lease
rows and checks that this process still owns them (a write of a table it
lost fails, the others commit). An owner that lost its lease (it paused
too long) cannot write any more, and a new owner that takes the lease waits
for such a transaction to end, so it replays every action that was stored.

Sockets and lobby calls may reach any process (see `fanout`): a process
that does not own a table relays them to the owner through Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import MutableMapping
from typing import Any

import sqlalchemy as sa

from tapete.engine import TapeteError

from ..errors import error
from ..ops import logs
from ..ops.stats import Stats
from ..people.names import clean_name
from ..settings import ServerSettings, async_db_url
from ..storage.store import actions, matches, seats
from ..table.clock import ServerClock
from ..table.connection import CLOSE_MOVED
from ..table.inbox import Chat, Detach, Dismiss, Hint, Rematch, Submit, Sync
from ..table.registry import ENDED_UNPLAYED, TableRegistry
from ..table.runner import RunnerStopped, TableRunner
from .fanout import Bus, RemoteConnection, RemoteRunner, answer_later, arrival_here, log_moved
from .handoff import HandoffPort, handed, opening_request, same_machine
from .leases import ClusterStore, new_owner_id

ORPHANS_PER_TICK = 200
LISTED_MAX = 200


class ClusterTableRegistry(TableRegistry):
    """The tables of one process of several: those it owns run here, the others are relayed."""

    store: ClusterStore

    def __init__(
        self, store: ClusterStore, settings: ServerSettings, stats: Stats, bus: Bus, clock: ServerClock | None = None
    ) -> None:
        super().__init__(store, settings, stats, clock)
        self.bus = bus
        self.leases = store.leases
        self.timeout = min(5.0, max(1.0, settings.lease_seconds / 2))
        self.remotes: dict[str, RemoteRunner] = {}
        # sockets of other processes attached to tables here: (process, connection id) -> (connection, runner)
        self.remote_conns: dict[tuple[str, str], tuple[RemoteConnection, TableRunner]] = {}
        self.broken: set[str] = set()
        self._elsewhere: list[dict[str, Any]] = []
        self._maintenance: asyncio.Task[None] | None = None
        self.handoffs = HandoffPort(store.leases.owner)  # listens once the server takes connections (workers)
        bus.on_request = self._on_request
        store.on_lost = lambda table_id: bus.spawn(self._lose(table_id))  # stop it now, not at the next renewal

    # -- lifecycle ----------------------------------------------------------------------
    async def restore(self) -> int:
        """Take the tables nobody owns (all of them, for the first process to start)."""
        count = await self._take_orphans()
        await self.finish_rematches()
        self._maintenance = asyncio.create_task(self._maintain(), name="tapete-cluster")
        return count

    async def close(self) -> None:
        if self._maintenance is not None:
            self._maintenance.cancel()
            await asyncio.gather(self._maintenance, return_exceptions=True)
        for remote in list(self.remotes.values()):
            remote.moved()
        for conn, _runner in list(self.remote_conns.values()):
            conn.close(CLOSE_MOVED, "table moved")
        self.remote_conns.clear()
        self.handoffs.close()
        await super().close()
        try:
            await self.leases.release(sorted(self.leases.held))  # the others may take them at once
        except Exception:
            logs.log.exception("could not release the leases")
        await self.bus.close()

    def _forget(self, runner: TableRunner) -> None:
        """A finished table left memory: its lease is free."""
        super()._forget(runner)
        if runner.id in self.leases.held:
            self.bus.spawn(self.leases.release([runner.id]))

    # -- finding a table -----------------------------------------------------------------
    async def get(self, table_id: str) -> TableRunner:
        for _ in range(3):
            runner = self.runners.get(table_id)
            if runner is not None and not runner.stopped:
                return runner
            remote = self.remotes.get(table_id)
            if remote is None or remote.stopped:
                return await super().get(table_id)
            try:
                await remote.refresh()
                return remote
            except RunnerStopped:
                self._drop_remote(table_id)
        raise error("table_unavailable", table=table_id)

    async def hand_off(self, table_id: str, scope: MutableMapping[str, Any]) -> bool:
        """A new socket for a table another process of this machine owns goes to that process
        (before its handshake is answered) instead of being relayed; False: it stays here."""
        give = scope.get("extensions", {}).get("tapete.hand_off")
        if give is None or not self.settings.socket_handoff or handed(scope):
            return False
        runner = self.runners.get(table_id)
        if runner is not None and not runner.stopped:
            return False
        owner = await self._owner_elsewhere(table_id)
        if owner is None or not same_machine(owner):
            return False
        request = opening_request(scope)
        return bool(give(lambda fd: self.handoffs.send(owner, fd, request)))

    async def _owner_elsewhere(self, table_id: str) -> str | None:
        """The process that owns the table, if it is another one and its lease is alive."""
        remote = self.remotes.get(table_id)
        if remote is not None and not remote.stopped:
            return remote.owner
        owner = (await self.leases.owners([table_id])).get(table_id)
        if owner is None or not owner[1] or owner[0] == self.leases.owner:
            return None
        return owner[0]

    def cluster_stats(self) -> dict[str, Any]:
        bus = self.bus
        return {
            "sockets_relayed": {"to_owners": len(bus.local), "for_others": len(self.remote_conns)},
            "sockets_handed": self.handoffs.counts(),
            "redis": {"published": bus.published, "items_out": bus.items_out, "items_in": bus.items_in},
        }

    def _drop_remote(self, table_id: str) -> None:
        """Forget a relayed table; its sockets here are told to reconnect."""
        remote = self.remotes.pop(table_id, None)
        if remote is not None:
            remote.moved()

    async def _load(self, table_id: str) -> TableRunner | None:
        status = await self.store.status(table_id)
        if status is None or status in ENDED_UNPLAYED:
            return None
        if table_id in self.broken:
            raise error("table_unavailable", table=table_id)
        for _ in range(3):
            # who owns it first (a plain read): a socket relayed to its owner costs no lock and no
            # load of the record, and waits for none of the owner's writes in flight
            owner = (await self.leases.owners([table_id])).get(table_id)
            if owner is None or not owner[1] or owner[0] == self.leases.owner:
                if await self.leases.acquire(table_id):
                    return await self._take(table_id)
                continue  # taken meanwhile: ask again who owns it
            remote = RemoteRunner(table_id, owner[0], self.bus, self.timeout)
            try:
                await remote.refresh()
            except RunnerStopped:
                raise error("table_moved", table=table_id) from None  # its owner does not answer (yet): connect again
            self.remotes[table_id] = remote
            return remote
        raise error("table_unavailable", table=table_id)

    async def _take(self, table_id: str) -> TableRunner | None:
        """Run a table whose lease this process just acquired, rebuilt from its record."""
        running = self.runners.get(table_id)
        if running is not None and not running.stopped:
            return running  # never two runners for one table
        row = await self.store.load(table_id)  # read under the lease: every earlier write is in
        if row is None:
            await self.leases.release([table_id])
            return None
        try:
            runner = self._from_row(row)
        except Exception:
            logs.log.exception("could not rebuild a table", extra={"table": table_id})
            self.broken.add(table_id)
            await self.leases.release([table_id])
            raise error("table_unavailable", table=table_id) from None
        self._drop_remote(table_id)  # sockets relayed to the former owner reconnect, to this process now
        if row.status == "playing" and runner.state.is_terminal():
            outcome = runner.state.outcome().to_json()
            await self.store.set_status(row.id, "finished", finished_at=time.time(), outcome=outcome)
            runner.status = "finished"
        elif row.status == "waiting" and not any(s.free for s in runner.seats):
            await runner.begin()  # every seat was taken but the start was not stored: start it now
        await self._finish_rematch(row)
        self._add(runner)
        logs.event("table taken", table=table_id, version=runner.version, status=runner.status)
        return runner

    async def _take_orphans(self) -> int:
        count = 0
        for table_id in await self.leases.orphans(ORPHANS_PER_TICK):
            if table_id in self.broken or table_id in self.runners:
                continue
            try:
                # through `get`, so that a socket loading the same table at the same moment shares the work
                if not isinstance(await self.get(table_id), RemoteRunner):
                    count += 1
            except (TapeteError, RunnerStopped):
                continue
        return count

    # -- the lobby -------------------------------------------------------------------------
    async def join(
        self, code: str, seat: int | None, name: str | None, player_id: str | None = None
    ) -> tuple[TableRunner, int, str]:
        code = code.strip().upper()
        table_id = self._codes.get(code) or await self.store.table_for_code(code)
        for _ in range(3):
            runner = await self.get(table_id) if table_id else None
            if runner is None or runner.status == "finished":
                raise error("invite_unknown")
            try:
                return runner, *(await runner.join(seat, clean_name(name), player_id))
            except RunnerStopped:
                continue
        raise error("table_unavailable", table=str(table_id))

    def listed(self) -> list[dict[str, Any]]:
        here = super().listed()
        known = {t["id"] for t in here}
        return here + [t for t in self._elsewhere if t["id"] not in known]

    async def _refresh_listed(self) -> None:
        """Public unfinished tables owned elsewhere, from the database (for `listed`)."""
        count = sa.select(sa.func.count()).where(actions.c.match_id == matches.c.id).scalar_subquery()
        query = (
            sa.select(matches, count.label("version"))
            .where(matches.c.public, matches.c.status.in_(("waiting", "playing")))
            .order_by(matches.c.created_at.desc())
            .limit(LISTED_MAX)
        )
        async with self.store.engine.connect() as conn:
            rows = [r for r in await conn.execute(query) if r.id not in self.runners]
            ids = [r.id for r in rows]
            seat_rows = list(await conn.execute(sa.select(seats).where(seats.c.match_id.in_(ids)))) if ids else []
        by_table: dict[str, list[dict[str, Any]]] = {}
        for s in sorted(seat_rows, key=lambda s: s.seat):
            entry: dict[str, Any] = {"seat": s.seat, "kind": s.kind, "name": s.name}
            if s.kind == "human":
                entry["taken"] = s.token_hash is not None
            else:
                entry["level"] = s.level
            by_table.setdefault(s.match_id, []).append(entry)
        self._elsewhere = [
            {
                "id": r.id,
                "game": r.game,
                "status": r.status,
                "num_players": r.num_players,
                "options": r.options,
                "table_options": r.table_options,
                "seats": by_table.get(r.id, []),
                "version": int(r.version),
                "invite_code": r.invite_code,
                "public": r.public,
            }
            for r in rows
        ]

    # -- what other processes ask of the tables owned here ---------------------------------
    def _on_request(self, item: dict[str, Any]) -> None:
        op, sender = item["op"], item["from"]
        runner = self.runners.get(item.get("table", ""))
        if runner is not None and runner.stopped:
            runner = None
        if op == "attach":
            self._remote_attach(item, runner)
        elif op in ("submit", "sync", "dismiss", "detach", "chat", "rematch", "hint"):
            self._remote_message(item)
        elif runner is None:
            self.bus.send(sender, {"rid": item["rid"], "moved": True})
        elif op == "summary":
            answer_later(self.bus, item, _now(runner.summary()))
        elif op == "join":
            answer_later(self.bus, item, _joined(runner, item.get("seat"), item.get("name"), item.get("player_id")))
        elif op == "leave":
            answer_later(self.bus, item, runner.leave(str(item.get("token"))))

    def _remote_attach(self, item: dict[str, Any], runner: TableRunner | None) -> None:
        sender, cid = item["from"], item["cid"]
        if runner is None:
            self.bus.send(sender, {"wait": cid, "moved": True})
            return
        conn = RemoteConnection(
            self.bus, sender, cid, item.get("lang", "es"), bool(item.get("texts", True)), self.settings.outbox_limit
        )
        player_id, player_name = item.get("player_id"), item.get("player_name")
        conn.player_id = player_id if isinstance(player_id, str) else None  # checked by the socket's process
        conn.omit_unchanged = item.get("omit_unchanged") is True
        conn.accepted_in_state = item.get("accepted_in_state") is True
        conn.player_name = player_name if isinstance(player_name, str) else None
        address = item.get("address")
        conn.address = address[:64] if isinstance(address, str) else "unknown"  # as the socket's process saw it
        self.remote_conns[sender, cid] = (conn, runner)

        async def attach() -> None:
            try:
                seat = await runner.attach(conn, item.get("token"))
            except RunnerStopped:
                self.remote_conns.pop((sender, cid), None)
                self.bus.send(sender, {"wait": cid, "moved": True})
            except TapeteError as err:
                self.remote_conns.pop((sender, cid), None)
                self.bus.send(sender, {"wait": cid, "error": {**err.to_json(), "status": getattr(err, "status", 400)}})
            else:
                self.bus.send(sender, {"wait": cid, "attached": seat})

        self.bus.spawn(attach())

    def _remote_message(self, item: dict[str, Any]) -> None:
        sender, cid, op = item["from"], item["cid"], item["op"]
        found = self.remote_conns.get((sender, cid))
        if found is None:
            if op != "detach":
                self.bus.send(sender, {"cid": cid, "close": [CLOSE_MOVED, "table moved"]})
            return
        conn, runner = found
        try:
            if op == "submit":
                runner.post(
                    Submit(
                        conn,
                        item["seq"],
                        item["version"],
                        item["payload"],
                        item.get("seat"),
                        arrival_here(item.get("at")),
                    )
                )
            elif op == "sync":
                runner.post(Sync(conn))
            elif op == "dismiss":
                runner.post(Dismiss(conn))
            elif op == "chat":
                text, phrase = item.get("text"), item.get("phrase")
                runner.post(
                    Chat(conn, text if isinstance(text, str) else None, phrase if isinstance(phrase, str) else None)
                )
            elif op == "rematch":
                runner.post(Rematch(conn, item.get("accept") is not False))
            elif op == "hint":
                runner.post(Hint(conn))
            else:
                del self.remote_conns[sender, cid]
                runner.post(Detach(conn))
        except RunnerStopped:
            self.remote_conns.pop((sender, cid), None)
            conn.close(CLOSE_MOVED, "table moved")

    # -- upkeep -------------------------------------------------------------------------------
    async def _maintain(self) -> None:
        period = self.settings.lease_seconds / 3
        while True:
            await asyncio.sleep(period)
            try:
                await self._tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                logs.log.exception("cluster upkeep failed")

    async def _tick(self) -> None:
        await self.bus.beat()
        for table_id in await self.leases.renew():
            await self._lose(table_id)
        await self._check_remotes()
        await self._check_relays()
        await self._take_orphans()
        await self._refresh_listed()

    async def _lose(self, table_id: str) -> None:
        """Another process took this table (this one stalled past its lease): stop it here at once."""
        runner = self.runners.get(table_id)
        if runner is None:
            return
        await runner.stop()
        TableRegistry._forget(self, runner)
        for conn in [*runner.spectators, *(c for info in runner.seats for c in info.conns)]:
            conn.close(CLOSE_MOVED, "table moved")
        for key, (_conn, owner) in list(self.remote_conns.items()):
            if owner is runner:
                del self.remote_conns[key]
        log_moved(table_id, "lease lost")

    async def _check_remotes(self) -> None:
        """Relayed tables whose owner died or changed: their sockets here reconnect."""
        owners = await self.leases.owners(list(self.remotes))
        for table_id, remote in list(self.remotes.items()):
            owner = owners.get(table_id)
            if owner is None or not owner[1] or owner[0] != remote.owner or remote.stopped:
                self._drop_remote(table_id)
                log_moved(table_id, "owner gone")

    async def _check_relays(self) -> None:
        """Sockets relayed from a process that died are gone: their seats are disconnected."""
        procs = sorted({proc for proc, _cid in self.remote_conns})
        alive = await self.bus.alive(procs)
        for (proc, cid), (conn, runner) in list(self.remote_conns.items()):
            if proc not in alive:
                del self.remote_conns[proc, cid]
                with contextlib.suppress(RunnerStopped):
                    runner.post(Detach(conn))
                logs.event("relay gone", logging.INFO, table=runner.id, seat=conn.seat)


async def _now(value: Any) -> Any:
    return value


async def _joined(runner: TableRunner, seat: Any, name: Any, player_id: Any) -> dict[str, Any]:
    chosen, token = await runner.join(
        seat if isinstance(seat, int) else None,
        clean_name(name if isinstance(name, str) else None),
        player_id if isinstance(player_id, str) else None,  # checked by the process the lobby call reached
    )
    return {"seat": chosen, "token": token, "summary": runner.summary()}


async def open_cluster(
    settings: ServerSettings, stats: Stats, clock: ServerClock | None = None
) -> tuple[ClusterStore, ClusterTableRegistry]:
    """The store and tables of one process of several (PostgreSQL and Redis are required)."""
    url = async_db_url(settings.db_url)
    if not url.startswith("postgresql") or not settings.redis_url:
        raise SystemExit(
            "several server processes need a PostgreSQL database (--db postgresql://...) and Redis "
            "(--redis redis://...)"
        )
    owner = new_owner_id()
    store = ClusterStore(url, owner, settings.lease_seconds)
    await store.open()
    bus = Bus(settings.redis_url, owner, alive_seconds=settings.lease_seconds)
    await bus.open()
    logs.event(f"cluster process {owner} ready")
    return store, ClusterTableRegistry(store, settings, stats, bus, clock)
