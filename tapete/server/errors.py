"""Errors of the server's protocol: one class per stable code (and its HTTP status), raised by id.

The words of every error live in the protocol's catalogue (`tapete.protocol.error_texts`), so
a raise site names the error and its parameters, never its sentences:
`raise error("chat_too_long", length=n, limit=CHAT_TEXT_MAX)` makes the class of the entry's
code (this module's, or the engine's and the bots' for codes they define) with the entry's rule
and its words filled in.

An action that comes too late (`stale`) or is replaced by the same seat's later one
(`superseded`) is the table core's to say: tapete.engine.turns."""

from __future__ import annotations

from typing import Any

from tapete.engine import TapeteError
from tapete.protocol import ERRORS


class ServerError(TapeteError):
    code = "server_error"
    status = 400


class RemoteError(ServerError):
    """An error another process answered (`error_json`), with its own code and status."""

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(str(data.get("es", "")), str(data.get("en", "")), rule=data.get("rule"))
        self.code = str(data.get("code", "error"))
        self.status = int(data.get("status") or 400)


def error_json(err: TapeteError) -> dict[str, Any]:
    """An error as data, to answer from another process (`RemoteError` reads it)."""
    return {**err.to_json(), "status": getattr(err, "status", 400)}


class BadRequest(ServerError):
    code = "bad_request"


class BadJson(ServerError):
    code = "bad_json"


class BadMessage(ServerError):
    code = "bad_message"


class UnknownMessage(ServerError):
    code = "unknown_type"


class TooLarge(ServerError):
    code = "too_large"
    status = 413


class RateLimited(ServerError):
    code = "rate_limited"
    status = 429


class BadToken(ServerError):
    code = "bad_token"
    status = 401


class WrongSeat(ServerError):
    code = "wrong_seat"
    status = 403


class NotStarted(ServerError):
    code = "not_started"
    status = 409


class MatchAbandoned(ServerError):
    code = "match_abandoned"
    status = 409


class NotFinished(ServerError):
    code = "not_finished"
    status = 409


class TableNotFound(ServerError):
    code = "table_not_found"
    status = 404


class NoFreeSeat(ServerError):
    code = "no_free_seat"
    status = 409


class StorageFailed(ServerError):
    code = "storage_error"
    status = 503


class TooManySockets(ServerError):
    code = "too_many_sockets"
    status = 409


class InternalError(ServerError):
    code = "internal_error"
    status = 500


class TableUnavailable(ServerError):
    code = "table_unavailable"
    status = 503


class Busy(ServerError):
    """The server is doing as much of this as it takes at once (replays): try again in a moment."""

    code = "busy"
    status = 503


class TableMoved(ServerError):
    """The table's owner is another process now (several server processes): connect again."""

    code = "table_moved"
    status = 503


class TooManyTables(ServerError):
    code = "too_many_tables"
    status = 429


class TooManyConnections(ServerError):
    code = "too_many_connections"
    status = 429


class AlreadyStarted(ServerError):
    code = "already_started"
    status = 409


class Forbidden(ServerError):
    code = "forbidden"
    status = 403


class RequestTimeout(ServerError):
    code = "request_timeout"
    status = 408


class NotFound(ServerError):
    """No such path (a route that does not exist)."""

    code = "not_found"
    status = 404


class MethodNotAllowed(ServerError):
    code = "method_not_allowed"
    status = 405


class HttpError(ServerError):
    """Any other HTTP error raised outside our handlers (its status is the instance's)."""

    code = "http_error"


class NoDeckData(ServerError):
    code = "no_deck_data"
    status = 404


class BadChat(ServerError):
    """A chat line with nothing readable in it, or too long."""

    code = "bad_chat"


class ChatOff(ServerError):
    """A spectator writing at a table whose spectators may not chat."""

    code = "chat_off"
    status = 403


class RematchRefused(ServerError):
    """A rematch answer that cannot be taken: not a seat's socket, not a finished match, too late."""

    code = "rematch_refused"
    status = 409


class BadIdentity(ServerError):
    code = "bad_identity"
    status = 401


class BadLogin(ServerError):
    code = "bad_login"
    status = 401


class NameTaken(ServerError):
    """A name that reads as one already held. `sign_in`: the holder is an identity protected by a
    password, so whoever it is may sign in with that name instead (the client offers it)."""

    code = "name_taken"
    status = 409
    sign_in = False

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "sign_in": self.sign_in}


class PlayerNotFound(ServerError):
    code = "player_not_found"
    status = 404


_CLASSES: dict[str, type[TapeteError]] = {}


def error_class(code: str) -> type[TapeteError]:
    """The class that defines protocol code `code`: one of this module's, or the engine's
    (`bad_action`, `bad_option`...) or the bots' (`unknown_bot`) once they are imported."""
    found = _CLASSES.get(code)
    if found is None:
        stack: list[type[TapeteError]] = [TapeteError]
        while stack and found is None:
            cls = stack.pop()
            if cls.__dict__.get("code") == code:
                found = cls
            stack.extend(cls.__subclasses__())
        if found is None:
            raise LookupError(f"no error class has the code {code!r}")
        _CLASSES[code] = found
    return found


def error(error_id: str, /, **params: object) -> TapeteError:
    """The error `error_id` of the catalogue, its words filled with `params`, as its code's class
    (with the entry's own HTTP status when it has one)."""
    text = ERRORS[error_id]
    words = text.words(**params)
    err = error_class(text.code)(words.es, words.en, rule=text.rule)
    if text.status is not None and isinstance(err, ServerError):
        err.status = text.status
    return err


class TournamentNotFound(ServerError):
    code = "tournament_not_found"
    status = 404


def tournament_not_found(tournament_id: str) -> TapeteError:
    return error("tournament_not_found", tournament=tournament_id)
