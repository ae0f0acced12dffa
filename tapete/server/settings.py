"""Server-wide settings and the per-table options people choose in the lobby."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tapete.engine import option, options_schema, parse_options
from tapete.engine.table import REACTION_WINDOW_S, RESULT_PAUSE_S


@dataclass(frozen=True)
class TableOptions:
    """Options of one table (not of the game): clocks, bot speed, stand-ins."""

    reaction_window_ms: int = option(
        round(REACTION_WINDOW_S * 1000),
        es="Ventana de reacción (ms)",
        en="Reaction window (ms)",
        minimum=0,
        maximum=10_000,
        help_es="Tiempo mínimo en que los demás pueden reaccionar (espejos) antes de que el jugador de turno siga.",
        help_en="Minimum time the others may react (mirrors) before the player on turn may go on.",
    )
    turn_seconds: int = option(
        0,
        es="Reloj por turno (s; 0 = sin reloj)",
        en="Turn clock (s; 0 = no clock)",
        minimum=0,
        maximum=3600,
        help_es="Pasado este tiempo, un bot juega el turno del asiento ausente.",
        help_en="When it runs out, a bot plays the absent seat's turn.",
    )
    bot_delay_ms: int = option(
        700,
        es="Tiempo de pensar de los bots (ms)",
        en="Bots' thinking time (ms)",
        minimum=0,
        maximum=10_000,
    )
    result_pause_seconds: int = option(
        round(RESULT_PAUSE_S),
        es="Pausa tras cada ronda (s)",
        en="Pause after each round (s)",
        minimum=0,
        maximum=600,
        help_es="El resultado de la ronda queda a la vista hasta que todos lo cierran o pasa este tiempo.",
        help_en="The round's result stays on screen until everyone closes it or this time passes.",
    )
    stand_in: str = option(
        "heuristic",
        es="Bot suplente",
        en="Stand-in bot",
        help_es="Juega por un asiento desconectado, vacío o sin tiempo.",
        help_en="Plays for a seat that is disconnected, empty or out of time.",
    )
    rated: bool = option(
        True,
        es="Partida puntuable",
        en="Rated match",
        help_es="El resultado cambia la clasificación de los jugadores con identidad y de los bots.",
        help_en="The result changes the ratings of the players with an identity and of the bots.",
    )
    spectator_chat: bool = option(
        True,
        es="Los espectadores pueden escribir en el chat",
        en="Spectators may write in the chat",
        help_es="Si no, los espectadores solo leen el chat de la mesa.",
        help_en="If not, spectators only read the table's chat.",
    )
    rematch_bots: bool = option(
        False,
        es="Revancha: un bot ocupa los asientos que quedan libres",
        en="Rematch: a bot takes the seats left free",
        help_es="Si alguien no quiere la revancha (o se ha ido), un bot del nivel suplente juega su asiento; "
                "si no, el asiento queda libre para quien tenga el código de invitación.",
        help_en="If someone declines the rematch (or has left), a bot of the stand-in level plays their seat; "
                "if not, the seat stays open to whoever has the invitation code.",
    )


def parse_table_options(raw: Any) -> TableOptions:
    from tapete.bots import BOT_KINDS

    from .errors import BadRequest

    opts = parse_options(TableOptions, raw)
    if opts.stand_in not in BOT_KINDS:
        known = ", ".join(BOT_KINDS)
        raise BadRequest(
            f"Bot suplente desconocido: {opts.stand_in!r}. Bots: {known}.",
            f"Unknown stand-in bot: {opts.stand_in!r}. Bots: {known}.",
            rule="table-options",
        )
    return opts


def table_options_schema() -> list[dict[str, Any]]:
    from tapete.bots import BOT_KINDS

    schema = options_schema(TableOptions)
    for entry in schema:
        if entry["key"] == "stand_in":
            entry["choices"] = list(BOT_KINDS)
    return schema


def default_db_url() -> str:
    """SQLite in the user's data directory (created if missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("tapete", appauthor=False))
    folder.mkdir(parents=True, mode=0o700, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'tapete.db'}"


def async_db_url(url: str | None) -> str:
    """Accept plain `sqlite:///...` and `postgresql://...` and pick the async drivers."""
    if not url:
        return default_db_url()
    for plain, driver in (
        ("sqlite://", "sqlite+aiosqlite://"),
        ("postgresql://", "postgresql+asyncpg://"),
        ("postgres://", "postgresql+asyncpg://"),
    ):
        if url.startswith(plain):
            return driver + url[len(plain) :]
    return url


@dataclass
class ServerSettings:
    """Knobs of one server process (the CLI and tests set them)."""

    db_url: str | None = None
    # A disconnected seat is played by its stand-in after this many seconds.
    disconnect_grace: float = 5.0
    # The first WebSocket message (hello) must arrive within this time.
    hello_timeout: float = 10.0
    # Largest text message a client may send (bytes); larger ones get an error.
    max_message_bytes: int = 4096
    # Hard limit: the socket is closed (1009) on frames above this size.
    max_frame_bytes: int = 65_536
    # Messages per second a connection may send, with bursts of `rate_burst`.
    rate_per_s: float = 30.0
    rate_burst: int = 60
    # A connection that breaks the rate this many times in a row is closed.
    rate_strikes: int = 50
    # Chat lines per second one socket may send (sustained), with bursts of `chat_burst`.
    chat_per_s: float = 0.5
    chat_burst: int = 5
    # Messages waiting to be sent to one client before it is dropped as too slow.
    outbox_limit: int = 512
    # Sockets one seat may hold at once (a phone and a laptop), and watchers per table.
    max_sockets_per_seat: int = 4
    max_spectators: int = 200
    # Finished tables leave memory this long after their last viewer left.
    finished_ttl: float = 120.0
    # Largest body accepted by the REST API.
    max_body_bytes: int = 65_536
    # permessage-deflate on the sockets: views shrink ~5x for phones, at some CPU.
    ws_compression: bool = True
    # Messages shorter than this go uncompressed (tapete.server.wire.deflate): a person's state (~1.5 kB)
    # took ~20 µs to compress alone, a tenth of a process's work per action at a person's pace.
    # 0 compresses every message.
    ws_compress_min_bytes: int = 4096
    # Bot moves let into the tables per turn of the event loop (tapete.server.table.pacer):
    # people's actions never wait behind more than this many. Measured at full speed (200 tables,
    # bots at 0 ms, one quiet machine): 4 instead of 16 gave p99 send -> view 18 ms instead of 53 (SQLite)
    # and 30 instead of 103 (PostgreSQL), with as many actions per second.
    bot_moves_per_turn: int = 4
    # Several processes (tapete.server.cluster): Redis for their messages, and how long
    # a table's owner may go silent before another process takes the table over.
    redis_url: str | None = None
    lease_seconds: float = 10.0
    # A table socket that reaches a process of this machine other than its table's owner is handed
    # to the owner (tapete.server.cluster.handoff) instead of relayed through Redis.
    socket_handoff: bool = True
    # -- quotas and lifetimes (per client address: no player identity exists yet) --
    # Open tables (waiting or playing) one address may have created, and how fast it may create them.
    max_tables_per_address: int = 10
    tables_per_minute: float = 10.0
    # Joins one address may make per minute (in bursts of as many).
    joins_per_minute: float = 30.0
    # A table still waiting for people this long after it was made is closed (its record stays).
    waiting_ttl: float = 24 * 3600.0
    # `GET /api/tables` pages: the default and largest page.
    page_size: int = 50
    page_max: int = 200
    # Search bots (ISMCTS) a table may seat; stand-ins are not counted. More only if the server allows.
    max_search_bots_per_table: int = 2
    # Search bots think in this many worker threads shared by every table, in turn (tapete.server.table.pacer),
    # and may use at most this share of those threads' time: people's moves and pings keep the rest.
    thinking_threads: int = 1
    thinking_share: float = 0.5
    # -- connections --
    # A request's headers must be complete this long after its first byte (slowloris);
    # an idle keep-alive connection is closed after `http_idle_timeout`; a body must arrive within `body_timeout`.
    header_timeout: float = 10.0
    http_idle_timeout: int = 5
    body_timeout: float = 30.0
    # Connections (HTTP and WebSocket together) one address may hold at once.
    max_connections_per_address: int = 64
    # A socket that does not take a message within this time is cut off (it does not read).
    send_timeout: float = 10.0
    # Pages of other origins allowed to open table sockets (comma-separated, e.g.
    # "https://example.org"); the server's own origin always is, and clients that send no Origin.
    allowed_origins: str = ""
    # Proxies (load balancers) whose `X-Forwarded-For` names the client, comma-separated addresses or
    # networks ("10.0.0.5,10.0.1.0/24"; "*" trusts anyone who connects). Empty: the header is ignored and
    # every per-address limit counts the peer's own address, since anyone may send the header.
    forwarded_allow_ips: str = ""
    # The token that admin endpoints ask for (`Authorization: Bearer ...`); none: they are refused.
    admin_token: str | None = None

    def origins(self) -> frozenset[str]:
        return frozenset(o.strip().rstrip("/").lower() for o in self.allowed_origins.split(",") if o.strip())
