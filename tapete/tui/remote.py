"""A seat at a table on a running server, with the browser's protocol.

`tapete play --server http://HOST:PORT --code CODE` joins the table by its
invite code (POST /api/join gives the table, the seat and its secret token),
opens the table's WebSocket (/ws/tables/{id}), says hello with the token and
from then on shows every `state` the server sends and sends the person's
moves as `action` messages (index + the version they were chosen on). The
server owns the match, its clocks and the reaction window: a covering move
sent while the window is open is held there; if the table changes first the
server drops it, and this client sends it again when it is still legal.

The terminal keeps a player identity per server in its config file
(tui/config.py): made on the first join (POST /api/players), sent with the
join (X-Tapete-Player) and on hello, so the server counts the person's
matches and ratings across tables. The table chat arrives with the hello
(the last lines) and as `chat` messages; at a finished match the seat may ask
for a rematch, and `rematch_start` hands over the new match's seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from tapete.engine import Event, Game
from tapete.engine.standin import while_away
from tapete.engine.words import default_name
from tapete.protocol import CHAT_ERROR_CODES

from .config import Identity, load_identity, muted_senders, save_identity, save_seat
from .i18n import t
from .match import Move, Snapshot
from .remote_chat import RemoteChat

CLOSE_BAD_TOKEN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_LEFT = 4000
FATAL_CLOSES = (CLOSE_BAD_TOKEN, CLOSE_NOT_FOUND, CLOSE_LEFT)
RECONNECTS = 6  # attempts before giving up, with growing pauses
WINDOW_RULE = "reaction-window"  # the server dropped a held move because the table changed


class JoinError(Exception):
    """The server refused to seat us (or could not be reached), in es and en."""

    def __init__(self, es: str, en: str, code: str | None = None) -> None:
        super().__init__(en)
        self.es, self.en, self.code = es, en, code


@dataclass(frozen=True)
class Seat:
    """What joining a table gives: where it is and the secret that is our seat."""

    base_url: str
    table_id: str
    game_id: str
    seat: int
    token: str
    player: Identity | None = None  # who sits here across tables, when the server knows players

    @property
    def ws_url(self) -> str:
        scheme, _, rest = self.base_url.partition("://")
        ws = "wss" if scheme == "https" else "ws"
        return f"{ws}://{rest}/ws/tables/{self.table_id}"


def _call(base: str, method: str, path: str, body: dict[str, Any], player: Identity | None = None) -> Any:
    """One lobby request; the server's own error (es/en, with its code) as JoinError."""
    headers = {"Content-Type": "application/json"}
    if player is not None:
        headers["X-Tapete-Player"] = f"{player.player_id}:{player.secret}"
    request = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(), headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as err:
        raise _http_error(err) from None
    except (urllib.error.URLError, OSError) as err:
        raise JoinError(f"No se pudo conectar con {base}: {err}", f"Could not reach {base}: {err}") from None


def ensure_identity(base_url: str, name: str | None = None) -> Identity | None:
    """This terminal's identity on the server (from its config file), made first when there is none
    and renamed when another name is given. A name another player holds (or one that reads like it)
    is refused: the server's words as JoinError (code `name_taken`), never a seat under a look-alike.
    None when the server keeps no players: play goes on anonymously."""
    base = base_url.rstrip("/")
    clean = (name or "").strip() or None
    who = load_identity(base)
    try:
        if who is None:
            data = _call(base, "POST", "/api/players", {"name": clean})
            who = Identity(str(data["player_id"]), str(data["secret"]), data.get("name"))
            save_identity(base, who)
        elif clean and clean != who.name:  # another name given: the identity takes it
            _call(base, "PUT", f"/api/players/{who.player_id}/name", {"name": clean}, who)
            who = replace(who, name=clean)
            save_identity(base, who)
    except JoinError as err:
        if err.code == "bad_identity" and who is not None:  # the server forgot us: a fresh identity now
            save_identity(base, None)
            return ensure_identity(base, name)
        if err.code == "name_taken":
            raise
        return load_identity(base)
    except (KeyError, TypeError, ValueError):
        return None
    return who


def join_table(
    base_url: str, code: str, seat: int | None = None, name: str | None = None, *, identity: bool = True
) -> Seat:
    """POST /api/join (with this terminal's identity); the server's own error (es/en) on refusal."""
    base = base_url.rstrip("/")
    body = {"code": code, "seat": seat, "name": name}
    player = ensure_identity(base, name) if identity else None
    try:
        data = _call(base, "POST", "/api/join", body, player)
    except JoinError as err:
        if err.code != "bad_identity":
            raise
        save_identity(base, None)  # unknown to the server now: once more with a fresh identity
        player = ensure_identity(base, name)
        data = _call(base, "POST", "/api/join", body, player)
    joined = Seat(base, data["table"]["id"], data["table"]["game"], int(data["seat"]), str(data["token"]), player)
    save_seat(base, joined.table_id, joined.seat, joined.token)  # "My games" opens it again (mygames.py)
    return joined


def _http_error(err: urllib.error.HTTPError) -> JoinError:
    try:
        detail = json.loads(err.read())["error"]
        return JoinError(str(detail["es"]), str(detail["en"]), str(detail["code"]))
    except (ValueError, KeyError, TypeError):
        return JoinError(f"El servidor respondió {err.code}.", f"The server answered {err.code}.", "http")


class RemoteTable(RemoteChat):
    """The table screen's source for a seat on a server."""

    def __init__(self, game: Game, seat: Seat, connect: Callable[[str], Any] | None = None, lang: str = "es") -> None:
        self.game = game
        self.lang = lang  # the server words moves and events in the hello's language
        self._ws: Any = None
        self.where = seat
        self.seat = seat.seat
        self.on_change: Callable[[], None] = lambda: None
        self.state: dict[str, Any] | None = None  # the latest `state` message
        self._told: dict[str, Any] = {}  # `legal` and `seats` as last told (a state leaves them out while they hold)
        self.events: list[Event] = []
        self.texts: list[dict[str, str]] = []  # each event in es and en, as the server words it
        self._connect = connect
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._seq = 0
        self._pending: tuple[int, int] | None = None  # (seq, action) sent and not yet answered
        self._notice: tuple[str, str] | None = None  # (es, en)
        self._fatal: tuple[str, str] | None = None
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._welcomed = False  # the current socket's hello was answered
        self._refusal: str | None = None  # the code of an error that refused our hello
        self.player = seat.player  # sent on hello; dropped when the server refuses it
        self.chat: list[dict[str, Any]] = []  # the table's chat lines, oldest first
        self.feed: list[tuple[str, int]] = []  # ("event" | "chat", index) in the order they arrived
        self.rematch: dict[str, Any] | None = None  # who answered the rematch (at a finished match)
        self.next_match: str | None = None  # the rematch's match, once it started
        self.rematch_seat: Seat | None = None  # our seat at the rematch: the screen moves there
        # people whose chat lines this person does not want to read, by sender key (docs/protocol.md)
        self.muted = set(muted_senders())
        self.seat_mutes: set[int] = set()  # seats muted before they wrote: keyed by their first line

    # -- the connection ------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def set_lang(self, lang: str) -> None:
        """Reconnect so that the server words what follows in `lang`."""
        self.lang = lang
        if self._ws is not None:
            asyncio.get_running_loop().create_task(self._ws.close())

    def close(self) -> None:
        self._closed = True
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        connect = self._connect or _websockets_connect
        failures = 0
        while not self._closed:
            try:
                async with connect(self.where.ws_url) as ws:
                    self._ws = ws
                    self._welcomed, self._refusal = False, None
                    await ws.send(json.dumps(self._hello()))
                    failures = 0
                    self._notice = None
                    await self._session(ws)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # the network: say so and try again
                if self._refusal in ("bad_identity", "bad_message") and self.player is not None:
                    self._drop_player()  # the seat's token still holds: again at once, without the player
                    continue
                code = getattr(getattr(err, "rcvd", None), "code", None)
                if code in FATAL_CLOSES:
                    reason = getattr(getattr(err, "rcvd", None), "reason", "")
                    self._fatal = (
                        f"La mesa cerró la conexión ({code} {reason}).",
                        f"The table closed the connection ({code} {reason}).",
                    )
                    self.on_change()
                    return
                failures += 1
                text = str(err) or type(err).__name__
                es, en = t("remote.lost", "es", error=text), t("remote.lost", "en", error=text)
                if failures > RECONNECTS:
                    self._fatal = (es, en)
                    self.on_change()
                    return
                self._notice = (es, en)
                self.on_change()
                await asyncio.sleep(min(8.0, 0.5 * 2**failures))

    def _hello(self) -> dict[str, Any]:
        # a state leaves out `legal` and `seats` while they are as last told (`_on_state` keeps them),
        # and answers an accepted action of this socket's (`_receive`)
        hello: dict[str, Any] = {
            "type": "hello",
            "token": self.where.token,
            "lang": self.lang,
            "omit_unchanged": True,
            "accepted_in_state": True,
        }
        if self.player is not None:
            hello["player"] = {"id": self.player.player_id, "secret": self.player.secret}
        return hello

    def _drop_player(self) -> None:
        """The server refused our identity: forget it if it no longer knows it, and go on without."""
        if self._refusal == "bad_identity":
            save_identity(self.where.base_url, None)
        self.player = None

    async def _session(self, ws: Any) -> None:
        sender = asyncio.get_running_loop().create_task(self._send_loop(ws))
        try:
            async for text in ws:
                self._receive(json.loads(text))
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
        raise ConnectionError("closed")

    async def _send_loop(self, ws: Any) -> None:
        while True:
            message = await self._outbox.get()
            await ws.send(json.dumps(message))

    # -- what the server says --------------------------------------------------------
    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            if "accepted" in message:  # this socket's action, answered in the state that follows it
                self._on_accepted(message["accepted"])
            self._on_state(message)
        elif kind == "welcome":
            self._welcomed = True
        elif kind == "chat":
            self._add_chat(message)
        elif kind == "rematch":
            self.rematch = {key: list(message.get(key) or []) for key in ("accepted", "declined", "pending")}
        elif kind == "rematch_start":
            self._on_rematch_start(message)
        elif kind == "accepted":
            self._on_accepted(message)
        elif kind == "error":
            self._on_error(message)
        elif kind == "left":
            self._fatal = ("Has dejado la mesa.", "You left the table.")
        else:
            return
        self.on_change()

    def _on_accepted(self, answer: dict[str, Any]) -> None:
        if self._pending is not None and answer.get("seq") == self._pending[0]:
            self._pending = None

    def _on_state(self, message: dict[str, Any]) -> None:
        for key in ("legal", "seats"):  # left out while as last told (the hello asks for it)
            if key in message:
                self._told[key] = message[key]
            else:
                message[key] = self._told.get(key, [])
        self.state = message
        away = message.get("while_away")  # on coming back: what the stand-in did meanwhile
        if isinstance(away, dict) and isinstance(moves := away.get("moves"), int) and moves > 0:
            self._notice = (while_away(moves, "es"), while_away(moves, "en"))
        self._add_history(message.get("chat") or [])
        if "rematch" in message:
            self.rematch = message.get("rematch")
        if message.get("next_match"):
            self.next_match = str(message["next_match"])
        for data in message.get("events") or []:
            fields = dict(data)
            text = _texts(fields.pop("text", None))
            kind = str(fields.pop("kind", ""))
            self.events.append(Event(kind, fields, frozenset({self.seat})))
            self.texts.append({"es": text.get("es", kind), "en": text.get("en", kind)})
            self.feed.append(("event", len(self.texts) - 1))

    def _on_rematch_start(self, message: dict[str, Any]) -> None:
        token = message.get("token")
        self.next_match = str(message["match_id"])
        if token:
            self.rematch_seat = replace(self.where, table_id=self.next_match, token=str(token), player=self.player)
            save_seat(self.where.base_url, self.next_match, self.seat, str(token))

    def _on_error(self, message: dict[str, Any]) -> None:
        if not self._welcomed:
            self._refusal = str(message.get("code"))  # the hello was refused: the close follows
        if message.get("code") in CHAT_ERROR_CODES and message.get("seq") is None:
            self._notice = (str(message.get("es") or ""), str(message.get("en") or ""))  # in the server's words
            return
        pending = self._pending
        mine = pending is not None and message.get("seq") == pending[0]
        if mine and pending is not None:
            self._pending = None
            if message.get("rule") == WINDOW_RULE and self._legal(pending[1]):
                self._send(pending[1])  # the table moved on but the move still stands: offer it again
                return
        # the server's sentence only: its rule id and code are for the program, not the player
        self._notice = (
            t("remote.error", "es", text=message.get("es") or t("remote.refused", "es")),
            t("remote.error", "en", text=message.get("en") or t("remote.refused", "en")),
        )

    def _legal(self, action: int) -> bool:
        return any(entry["index"] == action for entry in (self.state or {}).get("legal", []))

    # -- the screen's side ---------------------------------------------------------
    @property
    def awaiting_reply(self) -> bool:
        """A move was sent and the server has not yet applied or refused it."""
        return self._pending is not None

    def choose(self, action: int) -> bool:
        """Send the move; False when the server will hold it for the reaction window."""
        self._notice = None
        self._send(action)
        move = next((m for m in self._moves("es") if m.action == action), None)
        return not (move is not None and not move.reaction and self._race() and self.seat in self._required())

    def answer_rematch(self, accept: bool) -> None:
        self._outbox.put_nowait({"type": "rematch"} if accept else {"type": "rematch", "accept": False})

    def rematch_text(self, lang: str) -> str:
        """Who has answered the rematch, by name; empty before anyone has."""
        if self.next_match:
            return t("rematch.started", lang)
        answers = self.rematch or {}
        names = self.names(lang)

        def who(seats: list[int]) -> str:
            return ", ".join(names[s] if 0 <= s < len(names) else default_name(s, lang) for s in seats)

        parts = []
        for key in ("accepted", "pending", "declined"):
            if answers.get(key) and (key != "pending" or answers.get("accepted")):
                parts.append(t(f"rematch.{key}", lang, who=who(answers[key])))
        return " ".join(parts)

    def dismiss(self) -> None:
        """The person has read the round's result: the table's round pause need not wait for them."""
        self._outbox.put_nowait({"type": "dismiss"})

    def _send(self, action: int) -> None:
        self._seq += 1
        version = (self.state or {}).get("version", 0)
        self._pending = (self._seq, action)
        self._outbox.put_nowait({"type": "action", "seq": self._seq, "version": version, "index": action})

    def _moves(self, lang: str) -> list[Move]:
        out = []
        for entry in (self.state or {}).get("legal", []):
            text = _texts(entry.get("text"))
            out.append(Move(entry["index"], entry["action"], text.get(lang) or text.get("es", ""), entry["reaction"]))
        return out

    def _required(self) -> tuple[int, ...]:
        return tuple((self.state or {}).get("required", []))

    def _race(self) -> bool:
        state = self.state or {}
        actors, required = state.get("actors", []), state.get("required", [])
        return len(actors) > 1 and len(required) < len(actors)

    def names(self, lang: str) -> list[str]:
        seats = (self.state or {}).get("seats") or []
        out = []
        for entry in seats:
            index = entry["seat"]
            if index == self.seat:
                out.append(t("seat.you", lang))
            elif entry.get("name"):
                out.append(str(entry["name"])[:12])
            else:
                out.append(default_name(index, lang))  # as the server's log names an unnamed seat
        return out

    def snapshot(self, lang: str) -> Snapshot:
        state = self.state
        if state is None:
            return Snapshot(
                view={"game": self.game.id, "seat": self.seat, "scores": [], "round": None},
                seat=self.seat,
                names=[],
                moves=[],
                actors=(),
                required=(),
                race=False,
                queued=None,
                over=False,
                notice=t("remote.connecting", lang, url=self.where.base_url),
                error=self._pick(self._fatal, lang),
                ready=False,
            )
        view = state["view"]
        outcome = state.get("outcome")
        abandoned = state.get("status") == "abandoned"  # called off (nobody was at the table): no result
        over = bool(view.get("over")) or outcome is not None
        moves = [] if over or abandoned else self._moves(lang)
        pending = self._pending
        queued = next((m for m in moves if pending is not None and m.action == pending[1] and not m.reaction), None)
        notice = self._pick(self._notice, lang)
        if state.get("status") == "waiting":
            notice = t("remote.waiting_start", lang)
        elif abandoned:
            notice = t("remote.abandoned", lang)
        snap = Snapshot(
            view=view,
            seat=self.seat,
            names=self.names(lang),
            moves=moves,
            actors=() if over or abandoned else tuple(state.get("actors", [])),
            required=() if over or abandoned else self._required(),
            race=not over and self._race(),
            queued=queued if self._race() else None,
            over=over,
            notice=notice,
            error=self._pick(self._fatal, lang),
            kinds=[entry.get("level") if entry.get("kind") == "bot" else None for entry in state.get("seats") or []],
            events=self.events,
        )
        if outcome is not None:
            snap.winners = tuple(outcome["winners"])
            snap.scores = tuple(outcome["scores"])
            snap.rounds = int(outcome["rounds"])
        return snap

    def log(self, lang: str) -> list[str]:
        return [text["en" if lang == "en" else "es"] for text in self.texts]

    @staticmethod
    def _pick(pair: tuple[str, str] | None, lang: str) -> str | None:
        if pair is None:
            return None
        return pair[1] if lang == "en" else pair[0]


def _websockets_connect(url: str) -> Any:
    import websockets

    return websockets.connect(url, max_size=2**22)


def _texts(text: Any) -> dict[str, str]:
    """The server words moves and events in the hello's language (a string; es by default)."""
    if isinstance(text, str):
        return {"es": text, "en": text}
    return dict(text or {})
