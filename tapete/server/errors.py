"""Errors of the server's protocol, each with a stable code and es/en text.

An action that comes too late (`stale`) or is replaced by the same seat's
later one (`superseded`) is the table core's to say: tapete.engine.table."""

from __future__ import annotations

from tapete.engine import TapeteError


class ServerError(TapeteError):
    code = "server_error"
    status = 400


class BadRequest(ServerError):
    code = "bad_request"


class MalformedBody(BadRequest):
    """A body that cannot be read (not JSON, numbers beyond a double, nesting too deep)."""

    status = 422


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


def table_not_found(table_id: str) -> TableNotFound:
    return TableNotFound(f"No existe la mesa {table_id!r}.", f"There is no table {table_id!r}.", rule="table")


def bad_token() -> BadToken:
    return BadToken(
        "Ficha de asiento no válida para esta mesa.",
        "Invalid seat token for this table.",
        rule="seat-token",
    )


class TooManySockets(ServerError):
    code = "too_many_sockets"
    status = 409


class InternalError(ServerError):
    code = "internal_error"
    status = 500


class TableUnavailable(ServerError):
    code = "table_unavailable"
    status = 503


def storage_failed() -> StorageFailed:
    return StorageFailed(
        "No se pudo guardar la acción; no se ha aplicado. Inténtalo de nuevo.",
        "The action could not be stored and was not applied. Try again.",
        rule="storage",
    )


def internal_error() -> InternalError:
    return InternalError(
        "Error interno del juego; la acción no se ha aplicado.",
        "Internal error in the game; the action was not applied.",
        rule="internal",
    )


def table_unavailable(table_id: str) -> TableUnavailable:
    return TableUnavailable(
        f"La mesa {table_id!r} no se pudo reconstruir desde su registro.",
        f"Table {table_id!r} could not be rebuilt from its record.",
        rule="restore",
    )


class TooManyTables(ServerError):
    code = "too_many_tables"
    status = 429


class AlreadyStarted(ServerError):
    code = "already_started"
    status = 409


class Forbidden(ServerError):
    code = "forbidden"
    status = 403


def private_match() -> Forbidden:
    return Forbidden(
        "Esta partida se jugó en una mesa privada: solo sus jugadores la ven (con su identidad), salvo que la "
        "hagan pública.",
        "This match was played at a private table: only its players see it (with their identity), unless they "
        "make it public.",
        rule="private-match",
    )


class RequestTimeout(ServerError):
    code = "request_timeout"
    status = 408


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
