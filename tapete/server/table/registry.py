"""The tables a server process holds: creating, finding, restoring, records."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import MutableMapping
from dataclasses import dataclass, replace
from typing import Any

from tapete.bots import BOT_KINDS, kinds_for
from tapete.engine import Game, MatchRecord, WrongRulesVersion, check_rules_version, options_to_json
from tapete.games import get_game
from tapete.protocol import Words

from ..errors import error
from ..ops import logs
from ..ops.stats import Stats
from ..people.names import clean_name
from ..settings import ServerSettings, parse_table_options, table_options_schema
from ..storage.store import MatchRow, SeatRow, Store
from .chat import ChatLine, TableChat
from .clock import ServerClock
from .codes import new_code
from .connection import CLOSE_NOT_FOUND
from .option_types import check_option_types
from .pace import DueSweep, resume_turn
from .pacer import BotPacer
from .rematch import RematchVotes, rotated_seed
from .runner import RunnerStopped, TableContext, TableRunner
from .seatbot import INLINE_KINDS
from .seats import SeatInfo, hash_token
from .thinking import ThinkingPool

# A table that never started and never will: closed by its creator, or expired while waiting.
ENDED_UNPLAYED = ("closed", "expired")


def new_match_seed() -> int:
    """64 random bits from `secrets`, stored as a signed BIGINT (Rng masks it back to 64 bits).

    The deal follows from the seed, so a seat that could search the seed space from its own cards
    would know every hidden card: 2^64 cannot be searched."""
    return secrets.randbits(64) - (1 << 63)


@dataclass
class SeatSpec:
    kind: str  # "human" | "bot"
    level: str | None = None
    name: str | None = None


class TableRegistry:
    """Every table this process owns, by id and by invitation code."""

    def __init__(
        self, store: Store, settings: ServerSettings, stats: Stats | None = None, clock: ServerClock | None = None
    ) -> None:
        self.store = store
        self.clock = clock or ServerClock()  # every table's (tests move it on: turn-based clocks over days)
        self.settings = settings
        self.stats = stats or Stats()
        self.runners: dict[str, TableRunner] = {}
        self._codes: dict[str, str] = {}
        self._loading: dict[str, asyncio.Task[TableRunner | None]] = {}
        self.pacer = BotPacer(settings.bot_moves_per_turn)
        # where search bots think and replays are computed (its processes start when first needed)
        self.thinking = ThinkingPool(
            settings.thinking_processes,
            settings.think_wait_s,
            settings.think_max_s,
            int(settings.replay_cache_mb * 2**20),
        )
        self.due = DueSweep(store, self.clock)  # turn-based tables' clocks, due by the database (pace.py)
        context = TableContext(store, settings, self.stats, self.pacer, self._forget, self.thinking, self.group_of)
        self.context = replace(context, clock=self.clock, on_due=self.due.store_due)  # every runner's
        # when each table in memory was made, and by which address (quotas; not kept across restarts)
        self.created_at: dict[str, float] = {}
        self.creator: dict[str, str] = {}
        self.created_by: dict[str, set[str]] = {}  # an address's tables in memory (the quota's count)
        self.search_tables: set[str] = set()  # those of bots only, search bots among them
        self._sweeper: asyncio.Task[None] | None = None

    # -- lifecycle ------------------------------------------------------------
    async def restore(self) -> int:
        """Rebuild every unfinished table from its record; return how many."""
        count = 0
        for row in await self.store.load_unfinished():
            if row.status == "waiting" and row.created_at + self.settings.waiting_ttl <= time.time():
                await self.store.set_status(row.id, "expired", finished_at=time.time())
                logs.event("waiting table expired", table=row.id, status="expired")
                continue
            try:
                runner = self._from_row(row)
            except WrongRulesVersion:
                logs.event(
                    "table not restored: its record is of other rules", logging.WARNING, table=row.id, status=row.status
                )
                continue
            except Exception:
                logs.log.exception("could not restore a table", extra={"table": row.id})
                continue
            if row.status == "playing" and runner.state.is_terminal():
                # the last action was stored but the end was not: finish it now
                outcome = runner.state.outcome().to_json()
                await self.store.set_status(row.id, "finished", finished_at=time.time(), outcome=outcome)
                runner.status = "finished"
            elif row.status == "waiting" and not any(s.free for s in runner.seats):
                # killed between the last join and storing the start: start it now
                await runner.begin()
            self._add(runner)
            count += 1
            logs.event("table restored", table=row.id, version=runner.version, status=runner.status)
        await self.finish_rematches()
        return count

    async def finish_rematches(self) -> None:
        """Rematches decided but never made (the server was killed between the two): make them now."""
        for old_id in await self.store.rematches_due():
            try:
                await self.get(old_id)  # loading the finished match makes its rematch
            except Exception:
                logs.log.exception("could not make a pending rematch", extra={"table": old_id})

    def start_housekeeping(self) -> None:
        """Close waiting tables that outlived `waiting_ttl`, and play turn-based clocks due, now and then."""
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="tapete-housekeeping")
        self.due.start(self.runners, self.settings.due_sweep)

    async def _sweep_forever(self) -> None:
        period = min(60.0, max(0.05, self.settings.waiting_ttl / 10))
        while True:
            await asyncio.sleep(period)
            try:
                await self.expire_waiting()
            except Exception:
                logs.log.exception("housekeeping failed")

    async def expire_waiting(self) -> int:
        now = time.time()
        old = [
            r
            for r in list(self.runners.values())
            if r.status == "waiting" and self.created_at.get(r.id, now) + self.settings.waiting_ttl <= now
        ]
        for runner in old:
            await self._end_waiting(runner, "expired")
        return len(old)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        for task in self._loading.values():
            task.cancel()
        await asyncio.gather(*(r.stop() for r in list(self.runners.values())), return_exceptions=True)
        await self.due.close()
        self.runners.clear()
        self._codes.clear()
        self.thinking.close()

    async def hand_off(self, table_id: str, scope: MutableMapping[str, Any]) -> bool:
        """Give a new table socket to the process that runs its table (one process: never)."""
        return False

    def group_of(self, table_id: str) -> str:
        """Whose turns a table's decisions take in the thinking processes: its creator's address
        (a table of unknown origin, restored or a rematch, takes turns of its own)."""
        return self.creator.get(table_id) or f"table:{table_id}"

    def cluster_stats(self) -> dict[str, Any]:
        """What /api/stats adds for one process of several."""
        return {}

    def _add(self, runner: TableRunner) -> None:
        self.runners[runner.id] = runner
        self._codes[runner.invite_code] = runner.id
        runner.start()

    def _forget(self, runner: TableRunner) -> None:
        if self.runners.get(runner.id) is runner:
            del self.runners[runner.id]
            self._codes.pop(runner.invite_code, None)
            self.created_at.pop(runner.id, None)
            self.search_tables.discard(runner.id)
            client = self.creator.pop(runner.id, None)
            if client is not None and (made := self.created_by.get(client)) is not None:
                made.discard(runner.id)
                if not made:
                    del self.created_by[client]

    def _from_row(self, row: MatchRow) -> TableRunner:
        game = get_game(row.game)
        check_rules_version(game, row.rules_version)  # never replay a record under other rules
        runner = TableRunner(
            self.context,
            table_id=row.id,
            game=game,
            seed=row.seed,
            options=row.options,
            table_options=parse_table_options(row.table_options),
            seats=[SeatInfo(s.seat, s.kind, s.level, clean_name(s.name), s.token_hash, s.player_id) for s in row.seats],
            status=row.status,
            invite_code=row.invite_code,
            public=row.public,
            chat=TableChat(row.id, row.chat_room, [ChatLine.from_json(line) for line in row.chat], self.store),
        )
        resume_turn(runner.turn_based, row.waiting_on, row.turn_at)  # its notifications were sent (pace.py)
        runner.rematch.restore(row.rematch, row.next_match, make=self._rematch_of)
        runner.replay(row.actions, row.action_times, row.by_standin, row.started_at)
        self.created_at[row.id] = row.created_at
        return runner

    # -- creating and finding ------------------------------------------------------
    async def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seat_specs: list[SeatSpec] | None,
        table_options: dict[str, Any],
        public: bool,
        client: str | None = None,
        shared: bool = False,
    ) -> TableRunner:
        """A new table. `public`: listed in the lobby; `shared`: its finished match is anyone's to see even
        so (a tournament's games, shown on its page), as if one of its players had made it public."""
        if client is not None:
            self._check_quota(client)
        game = get_game(game_id)
        check_option_types(game.options_schema(), options)
        check_option_types(table_options_schema(), table_options)
        opts = game.parse_options(options)
        specs = seat_specs or self._default_seats(game)
        game.check_players(len(specs), opts)
        offered = kinds_for(game)
        for spec in specs:
            self._check_seat(spec, offered)
        self._check_search_bots(specs)
        if client is not None:
            self._check_search_tables(client, specs)
        topts = parse_table_options(table_options)
        self._check_level(topts.stand_in, offered, "table-options")
        if topts.turn_based and not game.client.applies("pace", opts):  # Bacan's mirrors need everyone at once
            raise error("pace_live_only", game=Words(game.name["es"], game.name["en"]))
        if topts.rated and topts.turn_seconds == 0 and not topts.turn_based:  # never waits on a person forever
            topts = replace(topts, turn_seconds=self.settings.rated_clock(game.id, game.rated_turn_seconds))
        row = MatchRow(
            id=secrets.token_urlsafe(9),
            game=game.id,
            options=options_to_json(opts),
            table_options=options_to_json(topts),
            seed=new_match_seed(),
            num_players=len(specs),
            status="waiting",
            invite_code=new_code(),
            public=public,
            created_at=self.clock.time(),
            rules_version=game.rules_version,
            rated=topts.rated,
            shared=shared,
            seats=[
                SeatRow(i, s.kind, *((s.level, clean_name(s.name)) if s.kind == "bot" else (None, None)), None)
                for i, s in enumerate(specs)
            ],
        )
        await self.store.create_match(row)
        runner = self._from_row(row)
        self._add(runner)
        if client is not None:
            self.creator[row.id] = client
            self.created_by.setdefault(client, set()).add(row.id)
            if self._searching_bots_only(specs):
                self.search_tables.add(row.id)
        logs.event("table created", table=row.id, status="waiting")
        return runner

    def _check_quota(self, client: str) -> None:
        limit = self.settings.max_tables_per_address
        made = self.created_by.get(client, ())
        if len(made) < limit:  # fewer in memory than the limit: fewer open too, without a look at each
            return
        mine = sum(1 for table_id in made if self.runners[table_id].status != "finished")
        if mine >= limit:
            raise error("quota_open_tables", open=mine, limit=limit)

    def _check_search_tables(self, client: str, specs: list[SeatSpec]) -> None:
        """Tables of bots only, search bots among them, think without pause: an address may have a few."""
        if not self._searching_bots_only(specs):
            return
        limit = self.settings.max_search_tables_per_address
        mine = sum(
            1
            for table_id in self.created_by.get(client, ())
            if self.runners[table_id].status != "finished" and table_id in self.search_tables
        )
        if mine >= limit:
            raise error("quota_search_tables", open=mine, limit=limit)

    @staticmethod
    def _searching_bots_only(specs: list[SeatSpec]) -> bool:
        return all(s.kind == "bot" for s in specs) and any(s.level not in INLINE_KINDS for s in specs)

    def _check_search_bots(self, specs: list[SeatSpec]) -> None:
        limit = self.settings.max_search_bots_per_table
        searching = sum(1 for s in specs if s.kind == "bot" and s.level not in INLINE_KINDS)
        if searching > limit:
            raise error("too_many_search_bots", searching=searching, limit=limit)

    async def close_table(self, table_id: str, token: str) -> int:
        """The creator (the holder of the first human seat) closes a table still waiting for people."""
        runner = await self.get(table_id)
        first = next((s for s in runner.seats if s.human), None)
        if first is None or first.token_hash is None or not secrets.compare_digest(first.token_hash, hash_token(token)):
            raise error("bad_token")
        if runner.status != "waiting":
            raise error("close_not_waiting")
        await self._end_waiting(runner, "closed")
        return first.index

    async def _end_waiting(self, runner: TableRunner, status: str) -> None:
        """A waiting table leaves for good: its sockets are told and closed, its record stays."""
        self._forget(runner)
        await runner.stop()
        await self.store.set_status(runner.id, status, finished_at=time.time())
        for conn in [*runner.spectators, *(c for s in runner.seats for c in s.conns)]:
            conn.send({"type": "closed", "table": runner.id, "reason": status})
            conn.close(CLOSE_NOT_FOUND, f"table {status}")
        while not runner.queue.empty():  # requests that reached it meanwhile get an answer
            done = getattr(runner.queue.get_nowait(), "done", None)
            if isinstance(done, asyncio.Future) and not done.done():
                done.set_exception(error("table_not_found", table=runner.id))
        logs.event(f"table {status}", table=runner.id, status=status)

    @staticmethod
    def _default_seats(game: Game) -> list[SeatSpec]:
        return [SeatSpec("human")] + [SeatSpec("bot", "heuristic") for _ in range(game.default_players - 1)]

    @classmethod
    def _check_seat(cls, spec: SeatSpec, offered: list[str]) -> None:
        if spec.kind not in ("human", "bot"):
            raise error("seat_type_unknown", kind=spec.kind)
        if spec.kind == "bot":
            cls._check_level(spec.level, offered, "seats")

    @staticmethod
    def _check_level(level: str | None, offered: list[str], rule: str) -> None:
        """A bot level this game offers (`learned` only where its model loads)."""
        if level in offered:
            return
        known = ", ".join(offered)
        stand_in = rule == "table-options"
        if level is not None and level in BOT_KINDS:
            raise error("stand_in_not_offered" if stand_in else "bot_level_not_offered", level=level, known=known)
        if stand_in:
            raise error("stand_in_unknown", bot=level, known=known)
        raise error("bot_level_unknown", level=level, known=known)

    async def get(self, table_id: str) -> TableRunner:
        """The table's runner, loading a finished table back into memory if needed."""
        runner = self.runners.get(table_id)
        if runner is not None and not runner.stopped:
            return runner
        task = self._loading.get(table_id)
        if task is None:
            task = asyncio.create_task(self._load(table_id))
            self._loading[table_id] = task
            task.add_done_callback(lambda _t: self._loading.pop(table_id, None))
        loaded = await asyncio.shield(task)
        if loaded is None:
            raise error("table_not_found", table=table_id)
        return loaded

    async def _load(self, table_id: str) -> TableRunner | None:
        row = await self.store.load(table_id)
        if row is None or row.status in ENDED_UNPLAYED:
            return None
        try:
            runner = self._from_row(row)
        except Exception:
            # e.g. a game whose rules changed under an old record
            logs.log.exception("could not rebuild a table", extra={"table": table_id})
            raise error("table_unavailable", table=table_id) from None
        await self._finish_rematch(row)
        self._add(runner)
        return runner

    # -- rematches --------------------------------------------------------------------
    async def _rematch_of(self, table_id: str) -> None:
        """Make the rematch of a finished table whose every person answered (its answers are stored)."""
        row = await self.store.load(table_id)
        if row is None or not row.next_match:
            raise RuntimeError(f"table {table_id}: no rematch decided in the store")
        if not await self.store.match_exists(row.next_match):  # (an earlier try may have made it)
            await self._make_rematch(row)

    async def _finish_rematch(self, row: MatchRow) -> None:
        """A finished match loaded whose rematch was decided but not made (a crash between): make it."""
        if row.next_match and not await self.store.match_exists(row.next_match):
            await self._make_rematch(row)

    async def _make_rematch(self, old: MatchRow) -> TableRunner:
        """The next match at the same table: same game, options, table options, seats, names and
        bot levels, the first player rotated; a seat whose person declined or left is free (or,
        with the table option `rematch_bots`, a stand-in level bot's)."""
        votes = RematchVotes.from_json(old.rematch, started=True)
        assert votes is not None and old.next_match == votes.next_match
        game = get_game(old.game)
        table_options = parse_table_options(old.table_options)
        seats: list[SeatRow] = []
        for s in old.seats:
            if s.kind == "bot":
                seats.append(SeatRow(s.seat, "bot", s.level, s.name, None))
            elif votes.accepted.get(s.seat):  # the person plays on: their name and player link go along
                seats.append(SeatRow(s.seat, "human", None, s.name, votes.accepted[s.seat], s.player_id))
            elif table_options.rematch_bots:
                seats.append(SeatRow(s.seat, "bot", table_options.stand_in, None, None))
            else:
                seats.append(SeatRow(s.seat, "human", None, None, None))
        row = MatchRow(
            id=votes.next_match,
            game=game.id,
            options=old.options,
            table_options=old.table_options,
            seed=rotated_seed(game, old.num_players, old.seed, game.parse_options(old.options), new_match_seed),
            num_players=old.num_players,
            status="waiting",
            invite_code=votes.invite_code,
            public=old.public,
            created_at=time.time(),
            rules_version=game.rules_version,
            rated=table_options.rated,
            room=old.chat_room,
            seats=seats,
            chat=old.chat,
        )
        await self.store.create_match(row)
        runner = self._from_row(row)
        if not any(s.free for s in runner.seats):
            await runner.begin()
        self._add(runner)
        logs.event("rematch made", table=row.id, status=runner.status, detail=old.id)
        return runner

    async def join(
        self, code: str, seat: int | None, name: str | None, player_id: str | None = None
    ) -> tuple[TableRunner, int, str]:
        table_id = self._codes.get(code.strip().upper())
        runner = self.runners.get(table_id) if table_id else None
        if runner is None or runner.status == "finished":
            raise error("invite_unknown")
        return runner, *(await runner.join(seat, clean_name(name), player_id))

    async def leave(self, table_id: str, token: str) -> int:
        for _ in range(2):
            runner = await self.get(table_id)
            try:
                return await runner.leave(token)
            except RunnerStopped:
                continue
        raise error("table_not_found", table=table_id)

    def listed(self) -> list[dict[str, Any]]:
        """Public tables that are waiting for players or being played (not ended, nor abandoned)."""
        return [r.summary() for r in self.runners.values() if r.public and r.status in ("waiting", "playing")]

    def page(self, offset: int, limit: int) -> dict[str, Any]:
        """One page of `listed()`, oldest first, with the total and where the next page starts."""
        listed = self.listed()
        shown = listed[offset : offset + limit]
        following = offset + len(shown)
        return {
            "tables": shown,
            "total": len(listed),
            "offset": offset,
            "limit": limit,
            "next": following if following < len(listed) else None,
        }

    # -- records ---------------------------------------------------------------------
    async def record(self, table_id: str, viewer: str | None = None) -> dict[str, Any]:
        """A finished match's record, for `viewer` (the caller's player id, or None): a private table's
        is its players' only, unless one of them made it public."""
        record, viewers = await self.record_and_viewers(table_id)
        check_viewer(viewers, viewer)
        return record

    async def record_and_viewers(self, table_id: str) -> tuple[dict[str, Any], Viewers]:
        """A finished match's record, and who may see it (`Viewers`)."""
        row = await self.store.load(table_id, with_actions=False)
        if row is None or row.status in ENDED_UNPLAYED:
            raise error("table_not_found", table=table_id)
        viewers = None if row.public or row.shared else frozenset(s.player_id for s in row.seats if s.player_id)
        if row.status != "finished":
            # an unfinished record holds the seed, which would reveal every hidden card
            raise error("record_unfinished")
        seats = [{"bot": s.level} if s.kind == "bot" else {"human": clean_name(s.name) or ""} for s in row.seats]
        # a page at a time: a long record does not hold the loop
        played, made = await self.store.actions_of(table_id)
        record = MatchRecord(row.game, row.options, row.seed, seats, played, row.rules_version, made).to_json()
        record.update(
            id=row.id,
            table_options=row.table_options,
            outcome=row.outcome,
            created_at=row.created_at,
            started_at=row.started_at,
            finished_at=row.finished_at,
        )
        return record, viewers


Viewers = frozenset[str] | None  # a match's: None anyone, else the player ids of a private table's seats


def check_viewer(viewers: Viewers, viewer: str | None) -> None:
    """403 for a private table's match the caller (`viewer`, a player id or None) did not play."""
    if viewers is not None and viewer not in viewers:
        raise error("private_match")
