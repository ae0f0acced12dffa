"""Every error the table server answers with, by id: its code, the rule it names, its words.

An entry's `code` is the protocol's stable code (docs/protocol.md, "Error codes"), the one a
client acts on; `rule` the rule broken, shown with the words, or None; `es` and `en` templates
in `str.format`'s syntax, filled with the raise site's parameters. A parameter given as `Words`
(a game's name) is read in each template's own language. `status`, when set, is the HTTP status
of this error where its code's usual one does not fit (a body that cannot be read is a 422, not
the 400 of other bad requests).

The players' errors (identities, names, passwords, sign-ins) are kept in `player_errors` and
merged in here: one catalogue.

The server raises them by id (`tapete.server.errors.error`); tests/server/test_error_texts.py
checks that every id is raised somewhere, every template fills, and docs/protocol.md names
every code.
"""

from __future__ import annotations

from .player_errors import PLAYER_ERRORS
from .words import ErrorText

E = ErrorText

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
    "too_many_address_spectators": E(
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
    # -- tables and seats ---------------------------------------------------------------------
    "table_not_found": E("table_not_found", "table", "No existe la mesa {table!r}.", "There is no table {table!r}."),
    "table_unavailable": E(
        "table_unavailable",
        "restore",
        "La mesa {table!r} no se pudo reconstruir desde su registro.",
        "Table {table!r} could not be rebuilt from its record.",
    ),
    "table_moved": E(
        "table_moved",
        "table-owner",
        "La mesa {table!r} ha pasado a otro proceso del servidor; vuelve a conectar.",
        "Table {table!r} moved to another server process; connect again.",
    ),
    "invite_unknown": E(
        "bad_request",
        "invite-code",
        "Código de invitación desconocido o de una partida terminada.",
        "Unknown invitation code, or one of a finished match.",
    ),
    "seat_type_unknown": E(
        "bad_request",
        "seats",
        "Tipo de asiento desconocido: {kind!r} (human o bot).",
        "Unknown seat type: {kind!r} (human or bot).",
    ),
    "bot_level_unknown": E(
        "unknown_bot",
        "seats",
        "Nivel de bot desconocido: {level!r}. Niveles: {known}.",
        "Unknown bot level: {level!r}. Levels: {known}.",
    ),
    "bot_level_not_offered": E(
        "unknown_bot",
        "seats",
        "Este juego no ofrece el nivel {level!r}: aún no tiene modelo entrenado. Niveles: {known}.",
        "This game does not offer the level {level!r}: it has no trained model yet. Levels: {known}.",
    ),
    "stand_in_not_offered": E(
        "unknown_bot",
        "table-options",
        "Este juego no ofrece el suplente {level!r}: aún no tiene modelo entrenado. Bots: {known}.",
        "This game does not offer the stand-in {level!r}: it has no trained model yet. Bots: {known}.",
    ),
    "tournament_not_joined": E(
        "bad_request",
        "tournament",
        "No estás inscrito en este torneo.",
        "You have not joined this tournament.",
    ),
    "tournament_cluster": E(
        "bad_request",
        "tournament",
        "Los torneos aún no se pueden jugar en un servidor de varios procesos.",
        "Tournaments cannot be played yet on a server of several processes.",
    ),
    "tournament_kind_unknown": E(
        "bad_request",
        "tournament",
        "Tipo de torneo desconocido: {kind!r} (swiss o arena).",
        "Unknown kind of tournament: {kind!r} (swiss or arena).",
    ),
    "tournament_rounds_missing": E(
        "bad_request",
        "tournament",
        "Un torneo suizo necesita su número de rondas (rounds).",
        "A Swiss tournament needs its number of rounds (rounds).",
    ),
    "tournament_seconds_missing": E(
        "bad_request",
        "tournament",
        "Una arena necesita su duración en segundos (seconds).",
        "An arena needs its length in seconds (seconds).",
    ),
    "tournament_bot_names": E(
        "bad_request",
        "tournament",
        "Dos bots del torneo se llamarían igual: {name!r}.",
        "Two of the tournament's bots would have the same name: {name!r}.",
    ),
    "tournament_search_bots": E(
        "bad_request",
        "tournament",
        "Una mesa del torneo podría juntar {most} bots de búsqueda (este servidor admite {limit}).",
        "A table of the tournament could seat {most} search bots (this server allows {limit}).",
    ),
    "tournament_joined_already": E(
        "bad_request",
        "tournament",
        "Ya estás inscrito en este torneo.",
        "You have already joined this tournament.",
    ),
    "tournament_no_partners": E(
        "bad_request",
        "tournament",
        "En este torneo se juega sin pareja: inscríbete sin side.",
        "This tournament is played without partners: join without side.",
    ),
    "tournament_partnership_unknown": E(
        "bad_request",
        "tournament",
        "No hay ninguna pareja {side} de personas en este torneo.",
        "There is no partnership {side} of people in this tournament.",
    ),
    "tournament_partnership_full": E(
        "bad_request",
        "tournament",
        "La pareja {side} ya está completa.",
        "Partnership {side} is already complete.",
    ),
    "tournament_too_few": E(
        "bad_request",
        "tournament",
        "Hacen falta al menos {needed} inscripciones para empezar (hay {entries}).",
        "At least {needed} entries are needed to start (there are {entries}).",
    ),
    "tournament_partner_missing": E(
        "bad_request",
        "tournament",
        "A la pareja {side} le falta quien juegue con ella.",
        "Partnership {side} still lacks a partner.",
    ),
    "tournament_over": E(
        "already_started",
        "tournament",
        "El torneo ya ha terminado.",
        "The tournament is over.",
    ),
    "tournament_swiss_closed": E(
        "already_started",
        "tournament",
        "Un torneo suizo no admite inscripciones una vez empezado.",
        "A Swiss tournament takes no entries once it has started.",
    ),
    "tournament_organiser_only": E(
        "forbidden",
        "tournament",
        "Solo quien organiza el torneo puede empezarlo.",
        "Only the tournament's organiser can start it.",
    ),
    "tournament_started": E(
        "already_started",
        "tournament",
        "El torneo ya ha empezado.",
        "The tournament has already started.",
    ),
    "tournament_not_found": E(
        "tournament_not_found",
        "tournament",
        "No existe el torneo {tournament!r}.",
        "There is no tournament {tournament!r}.",
    ),
    "stand_in_unknown": E(
        "bad_request",
        "table-options",
        "Bot suplente desconocido: {bot!r}. Bots: {known}.",
        "Unknown stand-in bot: {bot!r}. Bots: {known}.",
    ),
    "option_type": E(
        "bad_option", None, "La opción {key} debe ser de tipo {type}.", "Option {key} must be of type {type}."
    ),
    "close_not_waiting": E(
        "already_started",
        "close-table",
        "Solo se puede cerrar una mesa que aún espera jugadores.",
        "Only a table still waiting for players can be closed.",
    ),
    "no_free_seat": E(
        "no_free_seat",
        "seat-free",
        "No hay asiento libre para ti en esta mesa.",
        "There is no free seat for you at this table.",
    ),
    "seat_not_free": E("no_free_seat", "seat-free", "El asiento {seat} no está libre.", "Seat {seat} is not free."),
    "rated_seat_kept": E(
        "no_free_seat",
        "fair-play",
        "En una mesa puntuable, un asiento es de quien se sentó primero durante toda la partida: nadie más "
        "puede ocuparlo (si se va, lo juega su reemplazo automático).",
        "At a rated table a seat belongs to whoever sat first, for the whole match: nobody else may take it "
        "(if they leave, their stand-in bot plays it).",
    ),
    "one_rated_seat": E(
        "no_free_seat",
        "fair-play",
        "Ya tienes un asiento en esta mesa puntuable: una identidad juega un solo asiento.",
        "You already hold a seat at this rated table: one identity plays one seat.",
    ),
    "bad_token": E(
        "bad_token", "seat-token", "Ficha de asiento no válida para esta mesa.", "Invalid seat token for this table."
    ),
    "wrong_seat": E(
        "wrong_seat",
        "seat-token",
        "Esta conexión no puede actuar por ese asiento.",
        "This connection may not act for that seat.",
    ),
    "not_started": E(
        "not_started",
        "match-start",
        "La partida aún no ha empezado: faltan jugadores.",
        "The match has not started yet: seats are still free.",
    ),
    "match_abandoned": E(
        "match_abandoned",
        "match-abandoned",
        "La partida se dio por terminada: todos se habían ido de la mesa.",
        "The match was called off: everyone had left the table.",
    ),
    "action_index_outside": E(
        "bad_action",
        "action-space",
        "Índice de acción fuera del espacio de acciones (0..{last}).",
        "Action index outside the action space (0..{last}).",
    ),
    "storage_failed": E(
        "storage_error",
        "storage",
        "No se pudo guardar la acción; no se ha aplicado. Inténtalo de nuevo.",
        "The action could not be stored and was not applied. Try again.",
    ),
    "internal_error": E(
        "internal_error",
        "internal",
        "Error interno del juego; la acción no se ha aplicado.",
        "Internal error in the game; the action was not applied.",
    ),
    "remote_failed": E("server_error", "internal", "Error interno.", "Internal error."),
    # -- records and replays --------------------------------------------------------------------
    "record_unfinished": E(
        "not_finished",
        "record-finished",
        "El registro de una partida solo se publica cuando ha terminado.",
        "A match's record is served only once the match is over.",
    ),
    "private_match": E(
        "forbidden",
        "private-match",
        "Esta partida se jugó en una mesa privada: solo sus jugadores la ven (con su identidad), salvo que la "
        "hagan pública.",
        "This match was played at a private table: only its players see it (with their identity), unless they "
        "make it public.",
    ),
    "share_unfinished": E(
        "not_finished",
        "record-finished",
        "Solo una partida terminada se hace pública.",
        "Only a finished match is made public.",
    ),
    "replay_seat": E(
        "bad_request",
        "replay",
        "Asiento fuera de la mesa: {seat} (0..{last}).",
        "Seat outside the table: {seat} (0..{last}).",
    ),
    "analysis_seat": E(
        "bad_request",
        "analysis",
        "Asiento fuera de la mesa: {seat} (0..{last}).",
        "Seat outside the table: {seat} (0..{last}).",
    ),
    "no_deck_data": E(
        "no_deck_data", "deck-data", "{game} no guarda su mazo como datos.", "{game} keeps no deck data file."
    ),
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
    "chat_table_flood": E(
        "rate_limited",
        "chat",
        "Demasiados mensajes de chat en esta mesa; este no se ha enviado.",
        "Too many chat messages at this table; this one was not sent.",
    ),
    "rematch_table_flood": E(
        "rate_limited",
        "rematch",
        "Demasiadas respuestas a la revancha en esta mesa; espera un momento.",
        "Too many rematch answers at this table; wait a moment.",
    ),
    "rematch_flood": E(
        "rate_limited",
        "rematch",
        "Demasiadas respuestas a la revancha; espera un momento.",
        "Too many rematch answers; wait a moment.",
    ),
    **PLAYER_ERRORS,
}

__all__ = ["ERRORS", "ErrorText"]
