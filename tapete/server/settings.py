"""Server-wide settings and the per-table options people choose in the lobby."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, get_type_hints

from tapete.engine import option, options_schema, parse_options
from tapete.engine.turns import REACTION_WINDOW_S, RESULT_PAUSE_S, TIMEOUTS_FOR_GOOD

PACES = ("live", "turn-based")
TIME_BANK_HOURS = (12, 24, 72, 168)  # a turn-based table's choices of time per move
MATCH_DAYS = (7, 14, 30)  # ... and of each player's total for the match


def hours_words(hours: int) -> tuple[str, str]:
    """A time bank in words, (es, en): "12 h", "1 día" / "1 day", "3 días" / "3 days"."""
    if hours % 24:
        return f"{hours} h", f"{hours} h"
    days = hours // 24
    return (f"{days} día", f"{days} day") if days == 1 else (f"{days} días", f"{days} days")


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
    pace: str = option(
        "live",
        es="Ritmo",
        en="Pace",
        choices=PACES,
        choice_labels={"live": ("En vivo", "Live"), "turn-based": ("Por turnos", "Turn-based")},
    )
    time_bank_hours: int = option(
        24,
        es="Tiempo por jugada",
        en="Time per move",
        choices=TIME_BANK_HOURS,
        choice_labels={h: hours_words(h) for h in TIME_BANK_HOURS},
        only_when={"pace": ("turn-based",)},
        help_es=f"Si se acaba, el reemplazo automático hace esa jugada por ti (y el registro lo dice); "
        f"tras {TIMEOUTS_FOR_GOOD} seguidas, se queda tu asiento hasta que vuelvas.",
        help_en=f"If it runs out, your stand-in bot makes that one move for you (and the log says so); "
        f"after {TIMEOUTS_FOR_GOOD} in a row, it keeps your seat until you are back.",
    )
    match_days: int = option(
        14,
        es="Tiempo total de cada uno",
        en="Each player's total time",
        choices=MATCH_DAYS,
        choice_labels={d: hours_words(24 * d) for d in MATCH_DAYS},
        only_when={"pace": ("turn-based",)},
        help_es="Tus jugadas lo gastan; si queda poco, es tu tiempo por jugada.",
        help_en="Your moves spend it; when little is left, that is your time per move.",
    )
    turn_seconds: int = option(
        0,
        es="Reloj por turno (s; 0 = sin reloj)",
        en="Turn clock (s; 0 = no clock)",
        minimum=0,
        maximum=3600,
        only_when={"pace": ("live",)},
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
        only_when={"pace": ("live",)},  # (a turn-based table does not wait: nobody is watching)
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
    hints: bool = option(
        False,
        es="Pistas: «¿Qué haría el bot?»",
        en="Hints: “What would the bot do?”",
        help_es="Cada jugador puede pedir al bot la jugada que él haría, solo para sí. Solo en partidas no puntuables.",
        help_en="Each player may ask the bot for the move it would make, for their eyes only. Unrated matches only.",
    )

    @property
    def turn_based(self) -> bool:
        """Played over days (`pace` = "turn-based"): clocks due by the database, people away by default."""
        return self.pace == "turn-based"


def parse_table_options(raw: Any) -> TableOptions:
    """The table's options, checked (the stand-in is a bot kind; whether this game offers it,
    the table registry checks)."""
    from tapete.bots import BOT_KINDS

    from .errors import error

    opts = parse_options(TableOptions, raw)
    if opts.stand_in not in BOT_KINDS:
        raise error("stand_in_unknown", bot=opts.stand_in, known=", ".join(everywhere_kinds()))
    if opts.hints and opts.rated:
        raise error("hints_rated")  # a rated match is played without help
    return opts


def everywhere_kinds() -> list[str]:
    """The bot kinds every game offers (a game's own list: `tapete.bots.kinds_for`)."""
    from tapete.bots import BOT_KINDS, NEEDS

    return [kind for kind in BOT_KINDS if kind not in NEEDS]


def table_options_schema() -> list[dict[str, Any]]:
    schema = options_schema(TableOptions)
    for entry in schema:
        if entry["key"] == "stand_in":
            entry["choices"] = everywhere_kinds()
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


ADMIN_TOKEN_ENV = "TAPETE_ADMIN_TOKEN"
SETTINGS_PANEL = "Settings (ServerSettings)"


def setting(default: Any, help: str, *, also: tuple[str, ...] = (), envvar: str | None = None) -> Any:
    """A ServerSettings field: its default, the help line of its flag, other names of the flag
    (`--db` beside `--db-url`) and an environment variable read when the flag is not given."""
    return field(default=default, metadata={"help": help, "also": also, "envvar": envvar})


@dataclass
class ServerSettings:
    """Knobs of one server process (the CLI and tests set them). Every field is a flag of `tapete serve`,
    `python -m tapete.server` and `python -m tapete.server.workers` (`setting_flags`)."""

    db_url: str | None = setting(
        None, "database URL: sqlite:///file.db or postgresql://... (default: user data dir)", also=("--db",)
    )
    disconnect_grace: float = setting(5.0, "seconds before a disconnected seat is played by its stand-in")
    tournament_tick: float = setting(
        1.0, "seconds between two looks at the running tournaments (results read, next games seated)"
    )
    due_sweep: float = setting(
        30.0, "seconds between two looks at the database for turn-based clocks that ran out (each table woken then)"
    )
    hello_timeout: float = setting(10.0, "seconds within which a socket's first message (hello) must arrive")
    max_message_bytes: int = setting(4096, "largest text message a client may send (bytes); larger ones get an error")
    max_frame_bytes: int = setting(65_536, "hard limit: the socket is closed (1009) on frames above this size")
    rate_per_s: float = setting(30.0, "messages per second a connection may send (sustained)")
    rate_burst: int = setting(60, "messages a connection may send in a burst")
    rate_strikes: int = setting(50, "a connection that breaks the rate this many times in a row is closed")
    chat_per_s: float = setting(0.5, "chat lines per second one socket may send (sustained)")
    chat_burst: int = setting(5, "chat lines one socket may send in a burst")
    outbox_limit: int = setting(512, "messages waiting to be sent to one client before it is dropped as too slow")
    max_sockets_per_seat: int = setting(4, "sockets one seat may hold at once (a phone and a laptop)")
    max_spectators: int = setting(200, "watchers per table")
    max_spectators_per_address: int = setting(
        20, "watchers one address may have at one table (so that filling a table takes many addresses)"
    )
    finished_ttl: float = setting(120.0, "seconds a finished table stays in memory after its last viewer left")
    abandoned_after: float = setting(
        120.0,
        "seconds a match goes on with every person away (stand-ins play for them) before it is called "
        "off; a match every person left is called off at once",
    )
    max_body_bytes: int = setting(65_536, "largest body accepted by the REST API (bytes)")
    # permessage-deflate: views shrink ~5x for phones, at some CPU.
    ws_compression: bool = setting(True, "permessage-deflate on the sockets (views shrink ~5x, at some CPU)")
    # tapete.server.wire.deflate: a person's state (~1.5 kB) took ~20 µs to compress alone, a tenth of a
    # process's work per action at a person's pace.
    ws_compress_min_bytes: int = setting(
        4096, "messages shorter than this (bytes) go uncompressed; 0 compresses every message"
    )
    # tapete.server.table.pacer. Measured at full speed (200 tables, bots at 0 ms, one quiet machine): 4 instead
    # of 16 gave p99 send -> view 18 ms instead of 53 (SQLite) and 30 instead of 103 (PostgreSQL), with as
    # many actions per second.
    bot_moves_per_turn: int = setting(
        4, "bot moves let into the tables per turn of the event loop: people's actions never wait behind more"
    )
    # Several processes (tapete.server.cluster).
    redis_url: str | None = setting(
        None, "Redis URL (redis://host:6379/0): several processes, sharing PostgreSQL", also=("--redis",)
    )
    lease_seconds: float = setting(
        10.0, "seconds a table's owner may go silent before another process takes the table over"
    )
    # tapete.server.cluster.handoff
    socket_handoff: bool = setting(
        True,
        "hand a table socket that reaches another process of this machine to the table's owner "
        "(instead of relaying it through Redis)",
    )
    # -- quotas and lifetimes (per client address: no player identity exists yet) --
    max_tables_per_address: int = setting(10, "open tables (waiting or playing) one address may have created")
    tables_per_minute: float = setting(10.0, "tables one address may create per minute")
    joins_per_minute: float = setting(30.0, "joins one address may make per minute (in bursts of as many)")
    identities_per_minute: float = setting(
        10.0, "new player identities one address may make per minute (in bursts of as many)"
    )  # people.players.IDENTITIES_PER_MINUTE
    waiting_ttl: float = setting(
        24 * 3600.0, "seconds after which a table still waiting for people is closed (its record stays)"
    )
    page_size: int = setting(50, "tables in a page of GET /api/tables, by default")
    page_max: int = setting(200, "the largest page of GET /api/tables")
    max_search_bots_per_table: int = setting(2, "search bots (ISMCTS) a table may seat; stand-ins are not counted")
    # tapete.server.http.replays
    replay_per_s: float = setting(4.0, "replay steps and records one address may ask for per second (sustained)")
    replay_burst: int = setting(20, "replay steps and records one address may ask for in a burst")
    replays_waiting: int = setting(
        8, "replay steps waiting at once, server-wide (computed one at a time off the event loop); more are busy (503)"
    )
    replay_cache_mb: float = setting(
        16.0, "memory for finished matches kept for replays (records and some states); least recently viewed go first"
    )
    max_search_tables_per_address: int = setting(
        2, "open tables of bots only, search bots among them, one address may have created (they think nonstop)"
    )
    # tapete.server.table.thinking
    thinking_processes: int = setting(
        0,
        "processes in which search bots think and replays are computed, shared by every table in turn "
        "(0: one fewer than the machine's cores, at least 1)",
    )
    think_wait_s: float = setting(
        0.5,
        "longest a search bot's turn waits for a thinking process; past it, its fallback plays "
        "(the game's learned bot where it has a model, else its heuristic bot)",
    )
    think_max_s: float = setting(5.0, "longest a search bot thinks once its turn started; past it, its fallback plays")
    # -- fair play at rated tables (tapete.server.people.ratings, docs/protocol.md) --
    rated_min_share: float = setting(
        0.5, "share of a seat's own decisions its person must make for a rated match to count as played by them"
    )
    rated_turn_seconds: str = setting(
        "", "turn clock of rated tables per game, GAME=SECONDS,... (a game not named: its own default)"
    )
    # -- connections --
    header_timeout: float = setting(
        10.0, "seconds within which a request's headers must be complete after its first byte (slowloris)"
    )
    http_idle_timeout: int = setting(5, "seconds after which an idle keep-alive connection is closed")
    body_timeout: float = setting(30.0, "seconds within which a request's body must arrive")
    max_connections_per_address: int = setting(
        64, "connections (HTTP and WebSocket together) one address may hold at once"
    )
    send_timeout: float = setting(
        10.0, "seconds after which a socket that does not take a message is cut off (it does not read)"
    )
    allowed_origins: str = setting(
        "",
        "other origins whose pages may open table sockets, comma-separated (e.g. https://example.org); "
        "the server's own origin always may, and clients that send no Origin",
    )
    # Empty: the header is ignored and every per-address limit counts the peer's own address, since anyone
    # may send the header.
    forwarded_allow_ips: str = setting(
        "",
        "load balancers whose X-Forwarded-For names the client, comma-separated addresses or networks "
        '(10.0.0.5,10.0.1.0/24; "*" trusts anyone who connects; default: none)',
    )
    # -- notifications of a turn-based table's turn (tapete.server.people.notify, docs/protocol.md) --
    notify_after: float = setting(
        4 * 3600.0,
        "seconds a person's turn at a turn-based table waits before they are notified, unless they chose another",
    )
    public_url: str = setting(
        "", "the server's address as people reach it (https://example.org): the links in e-mails and notifications"
    )
    vapid_contact: str = setting(
        "mailto:admin@localhost", "who runs this server, told to push services with each notification (VAPID sub)"
    )
    push_allow_http: bool = setting(
        False, "accept push subscriptions at http:// addresses of this machine (127.0.0.1, ::1, localhost; tests)"
    )
    smtp_host: str = setting("", "SMTP server that sends the e-mails of turns waiting (none: no e-mail is sent)")
    smtp_port: int = setting(587, "its port")
    smtp_from: str = setting("", "the From address of those e-mails")
    smtp_tls: str = setting("starttls", "how to reach it: starttls, ssl (TLS from the start) or none")
    smtp_user: str = setting("", "user name at the SMTP server (none: no login)")
    smtp_password: str | None = setting(None, "its password", envvar="TAPETE_SMTP_PASSWORD")
    admin_token: str | None = setting(
        None,
        "token for admin endpoints (Authorization: Bearer ...; /api/stats?reset=true); none: they are refused",
        envvar=ADMIN_TOKEN_ENV,
    )

    def rated_clock(self, game_id: str, default: int) -> int:
        """The turn clock (s) a rated table of `game_id` has: `rated_turn_seconds`'s, else `default`."""
        for entry in self.rated_turn_seconds.split(","):
            name, _, seconds = entry.partition("=")
            if name.strip() == game_id and seconds.strip().isdigit() and int(seconds) > 0:
                return int(seconds)
        return default

    def origins(self) -> frozenset[str]:
        return frozenset(o.strip().rstrip("/").lower() for o in self.allowed_origins.split(",") if o.strip())


@dataclass(frozen=True)
class SettingFlag:
    """One ServerSettings field as a command-line flag."""

    field: str
    flags: tuple[str, ...]  # `--db-url`, then its other names (`--db`)
    kind: type  # int, float, str or bool (a bool is `--x` / `--no-x`)
    default: Any
    help: str
    envvar: str | None = None


def setting_flags() -> list[SettingFlag]:
    """Every ServerSettings field as a flag, in the fields' order: the one list the flags of
    `tapete serve`, `python -m tapete.server` and `python -m tapete.server.workers` are made from."""
    hints = get_type_hints(ServerSettings)
    made = []
    for f in fields(ServerSettings):
        kinds = [k for k in (bool, int, float, str) if k == hints[f.name] or k | None == hints[f.name]]
        if not kinds or "help" not in f.metadata:
            raise TypeError(f"ServerSettings.{f.name}: a flag needs a bool, int, float or str and a help line")
        flags = (f"--{f.name.replace('_', '-')}", *f.metadata["also"])
        made.append(SettingFlag(f.name, flags, kinds[0], f.default, f.metadata["help"], f.metadata["envvar"]))
    return made


def add_setting_arguments(parser: argparse.ArgumentParser) -> None:
    """Every setting as an argparse flag, in a group of their own."""
    group = parser.add_argument_group(SETTINGS_PANEL)
    for flag in setting_flags():
        shown = f"{flag.help} (default: %(default)s)" if flag.default not in (None, "") else flag.help
        if flag.envvar:
            shown += f" (env: {flag.envvar})"
        if flag.kind is bool:
            group.add_argument(
                *flag.flags, dest=flag.field, action=argparse.BooleanOptionalAction, default=flag.default, help=shown
            )
        else:
            group.add_argument(*flag.flags, dest=flag.field, type=flag.kind, default=flag.default, help=shown)


def settings_from(values: dict[str, Any]) -> ServerSettings:
    """The settings among parsed flags (taken out of `values`, which keeps the others); a setting
    left unset takes its environment variable, if it has one and it is set."""
    chosen = {flag.field: values.pop(flag.field) for flag in setting_flags() if flag.field in values}
    for flag in setting_flags():
        if flag.envvar and chosen.get(flag.field) is None and os.environ.get(flag.envvar):
            chosen[flag.field] = os.environ[flag.envvar]
    return ServerSettings(**chosen)
