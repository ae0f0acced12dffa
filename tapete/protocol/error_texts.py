"""Every error the table server answers with, by id: its code, the rule it names, its words.

An entry's `code` is the protocol's stable code (docs/protocol.md, "Error codes"), the one a
client acts on; `rule` the rule broken, shown with the words, or None; `es` and `en` templates
in `str.format`'s syntax, filled with the raise site's parameters. A parameter given as `Words`
(a game's name) is read in each template's own language. `status`, when set, is the HTTP status
of this error where its code's usual one does not fit (a body that cannot be read is a 422, not
the 400 of other bad requests).

The entries of tables and seats, and of records and replays, are kept in `error_texts_tables.py`,
and the players' (identities, names, passwords, sign-ins) in `player_errors.py`: both are read
into `ERRORS` here, one catalogue.

The server raises them by id (`tapete.server.errors.error`); tests/server/test_error_texts.py
checks that every id is raised somewhere, every template fills, and docs/protocol.md names
every code.
"""

from __future__ import annotations

from .error_texts_tables import TABLE_ERRORS
from .player_errors import PLAYER_ERRORS
from .words import ErrorText

E = ErrorText

__all__ = ["ERRORS", "E", "ErrorText"]

ERRORS: dict[str, ErrorText] = {
    # -- the socket: what arrives ------------------------------------------------------------
    "json_not_text": E("bad_json", "protocol", "Se esperan mensajes de texto JSON.", "Messages must be JSON text."),
    "json_invalid": E("bad_json", "protocol", "El mensaje no es JSON válido.", "The message is not valid JSON."),
    "message_too_large": E(
        "too_large",
        "limits",
        "Mensaje demasiado grande (máximo {limit} bytes).",
        "Message too large (at most {limit} bytes).",
    ),
    "message_not_object": E(
        "bad_message",
        "protocol",
        'El mensaje debe ser un objeto JSON con un campo "type".',
        'The message must be a JSON object with a "type" field.',
    ),
    "message_type_unknown": E(
        "unknown_type",
        "protocol",
        "Tipo de mensaje desconocido: {kind!r} ({listed}).",
        "Unknown message type: {kind!r} ({listed}).",
    ),
    "message_malformed": E(
        "bad_message", "protocol", "Mensaje {kind} mal formado ({why}).", "Malformed {kind} message ({why})."
    ),
    "hello_first": E(
        "bad_message",
        "protocol",
        'El primer mensaje debe ser {{"type": "hello", "token": ..., "lang": "es" o "en"}}.',
        'The first message must be {{"type": "hello", "token": ..., "lang": "es" or "en"}}.',
    ),
    "hello_again": E(
        "bad_message", "protocol", "Ya has saludado (hello) en este socket.", "This socket has already said hello."
    ),
    "hello_missing": E("bad_message", "protocol", "Falta el saludo (hello).", "No hello arrived in time."),
    "socket_flood": E(
        "rate_limited",
        "limits",
        "Demasiados mensajes (máximo {per_second:g} por segundo); este se ha ignorado.",
        "Too many messages (at most {per_second:g} per second); this one was ignored.",
    ),
    "too_many_spectators": E(
        "too_many_sockets",
        "limits",
        "Demasiados espectadores (máximo {limit}).",
        "Too many spectators (at most {limit}).",
    ),
    "too_many_spectators_here": E(  # --max-spectators-per-address
        "too_many_sockets",
        "limits",
        "Demasiados espectadores desde tu dirección en esta mesa (máximo {limit}).",
        "Too many spectators from your address at this table (at most {limit}).",
    ),
    "too_many_seat_sockets": E(
        "too_many_sockets",
        "limits",
        "Demasiadas conexiones para este asiento (máximo {limit}).",
        "Too many sockets for this seat (at most {limit}).",
    ),
    # -- HTTP: what arrives --------------------------------------------------------------------
    "body_too_large": E(
        "too_large",
        "limits",
        "Cuerpo demasiado grande (máximo {limit} bytes).",
        "Body too large (at most {limit} bytes).",
    ),
    "body_too_slow": E(
        "request_timeout",
        "limits",
        "El cuerpo de la petición no llegó a tiempo ({seconds:g} s).",
        "The request body did not arrive in time ({seconds:g} s).",
    ),
    "body_not_json": E(
        "bad_request",
        "request",
        "El cuerpo no es JSON válido ({detail}).",
        "The body is not valid JSON ({detail}).",
        status=422,
    ),
    "body_unreadable": E(
        "bad_request", "request", "El cuerpo de la petición no se puede leer.", "The request body cannot be read."
    ),
    "request_malformed": E(
        "bad_request", "request", "Petición mal formada ({where}).", "Malformed request ({where}).", status=422
    ),
    "not_found": E("not_found", "request", "No hay nada en esta dirección.", "There is nothing at this address."),
    "method_not_allowed": E(
        "method_not_allowed",
        "request",
        "Esta dirección no admite ese método.",
        "This address does not take that method.",
    ),
    "http_error": E("http_error", "request", "Error HTTP {status}.", "HTTP error {status}."),
    "too_many_connections": E(
        "too_many_connections",
        "limits",
        "Demasiadas conexiones desde tu dirección (máximo {limit}).",
        "Too many connections from your address (at most {limit}).",
    ),
    "admin_only": E(
        "forbidden",
        "admin",
        "Hace falta la ficha de administración (Authorization: Bearer ...).",
        "This needs the admin token (Authorization: Bearer ...).",
    ),
    # -- quotas ------------------------------------------------------------------------------------
    "quota_open_tables": E(
        "too_many_tables",
        "quota",
        "Ya tienes {open} mesas abiertas (máximo {limit}); cierra o termina alguna antes.",
        "You already have {open} open tables (at most {limit}); close or finish one first.",
    ),
    "quota_search_tables": E(  # --max-search-tables-per-address
        "too_many_tables",
        "search-bots",
        "Ya tienes {open} mesas solo de bots con bots de búsqueda (máximo {limit}); espera a que acabe alguna.",
        "You already have {open} tables of bots only with search bots (at most {limit}); wait for one to finish.",
    ),
    "quota_new_tables": E(
        "rate_limited",
        "quota",
        "Demasiadas mesas nuevas (máximo {per_minute:g} por minuto); espera un poco.",
        "Too many new tables (at most {per_minute:g} a minute); wait a little.",
    ),
    "quota_joins": E(
        "rate_limited",
        "quota",
        "Demasiados intentos de unirse (máximo {per_minute:g} por minuto); espera un poco.",
        "Too many joins (at most {per_minute:g} a minute); wait a little.",
    ),
    "quota_identities": E(
        "rate_limited",
        "quota",
        "Demasiadas identidades nuevas (máximo {per_minute:g} por minuto); espera un poco.",
        "Too many new identities (at most {per_minute:g} a minute); wait a little.",
    ),
    "too_many_search_bots": E(
        "bad_request",
        "search-bots",
        "Demasiados bots de búsqueda en una mesa: {searching} (este servidor admite {limit}).",
        "Too many search bots at one table: {searching} (this server allows {limit}).",
    ),
    **TABLE_ERRORS,  # tables and seats, records and replays (error_texts_tables.py)
    # -- chat and rematch ---------------------------------------------------------------------------
    "chat_empty": E(
        "bad_chat",
        "chat",
        "Ese mensaje no se puede enviar: está vacío (escribe entre 1 y {limit} caracteres).",
        "That message cannot be sent: it is empty (write between 1 and {limit} characters).",
    ),
    "chat_too_long": E(
        "bad_chat",
        "chat",
        "Ese mensaje no se puede enviar: es demasiado largo ({length} caracteres; máximo {limit}).",
        "That message cannot be sent: it is too long ({length} characters; at most {limit}).",
    ),
    "chat_off": E(
        "chat_off",
        "chat",
        "En esta mesa los espectadores no pueden escribir en el chat.",
        "Spectators may not write in this table's chat.",
    ),
    "chat_flood": E(
        "rate_limited",
        "chat",
        "Vas muy rápido: como mucho {per_minute:g} mensajes de chat por minuto; este no se ha enviado.",
        "Too fast: at most {per_minute:g} chat messages a minute; this one was not sent.",
    ),
    "chat_table_busy": E(  # the table's ceiling, over every address
        "rate_limited",
        "chat",
        "Demasiados mensajes de chat en esta mesa; este no se ha enviado.",
        "Too many chat messages at this table; this one was not sent.",
    ),
    "rematch_spectator": E(
        "wrong_seat", "rematch", "Solo quien juega puede pedir la revancha.", "Only a player may ask for a rematch."
    ),
    "rematch_too_soon": E(
        "not_finished",
        "rematch",
        "La revancha se pide cuando la partida ha terminado.",
        "A rematch is asked for once the match is over.",
    ),
    "rematch_started": E(
        "rematch_refused", "rematch", "La revancha ya ha empezado.", "The rematch has already started."
    ),
    "rematch_not_stored": E(
        "storage_error",
        "storage",
        "No se pudo guardar tu respuesta; inténtalo de nuevo.",
        "Your answer could not be stored; try again.",
    ),
    "rematch_flood": E(
        "rate_limited",
        "rematch",
        "Demasiadas respuestas a la revancha; espera un momento.",
        "Too many rematch answers; wait a moment.",
    ),
    "rematch_table_busy": E(  # the table's ceiling, over every address
        "rate_limited",
        "rematch",
        "Demasiadas respuestas a la revancha en esta mesa; espera un momento.",
        "Too many rematch answers at this table; wait a moment.",
    ),
    **PLAYER_ERRORS,  # identities, names, passwords, sign-ins (player_errors.py)
}
