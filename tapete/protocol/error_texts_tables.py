"""The error catalogue's sections on tables and seats, and on records
and replays: read into `tapete.protocol.error_texts.ERRORS` in their place (see there what an
entry holds and how the server raises one).
"""

from __future__ import annotations

from .words import ErrorText

E = ErrorText

TABLE_ERRORS: dict[str, ErrorText] = {
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
    "quota_replays": E(  # --replay-per-s, --replay-burst
        "rate_limited",
        "replay",
        "Demasiadas repeticiones pedidas (máximo {per_second:g} por segundo); espera.",
        "Too many replay requests (at most {per_second:g} a second); wait a little.",
    ),
    "replays_busy": E(  # --replays-waiting
        "busy",
        "replay",
        "El servidor está ocupado con otras repeticiones; inténtalo en un momento.",
        "The server is busy with other replays; try again in a moment.",
    ),
    "replay_gone": E(  # its thinking process ended
        "busy",
        "replay",
        "La repetición no se pudo calcular; inténtalo en un momento.",
        "The replay could not be computed; try again in a moment.",
    ),
    "replay_failed": E(
        "internal_error",
        "internal",
        "Error interno al calcular la repetición.",
        "Internal error while computing the replay.",
    ),
    "record_unfinished": E(
        "not_finished",
        "record-finished",
        "El registro de una partida solo se publica cuando ha terminado.",
        "A match's record is served only once the match is over.",
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
    "one_rated_seat": E(
        "no_free_seat",
        "fair-play",
        "Ya tienes un asiento en esta mesa puntuable: una identidad juega un solo asiento.",
        "You already hold a seat at this rated table: one identity plays one seat.",
    ),
    "rated_seat_kept": E(
        "no_free_seat",
        "fair-play",
        "En una mesa puntuable, un asiento es de quien se sentó primero durante toda la partida: nadie más "
        "puede ocuparlo (si se va, lo juega su reemplazo automático).",
        "At a rated table a seat belongs to whoever sat first, for the whole match: nobody else may take it "
        "(if they leave, their stand-in bot plays it).",
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
    "analyses_busy": E(
        "busy",
        "analysis",
        "El servidor está analizando otras partidas; inténtalo en un momento.",
        "The server is analysing other matches; try again in a moment.",
    ),
    # -- hints at casual tables ("¿Qué haría el bot?", table option `hints`) ----------------------------
    "pace_live_only": E(
        "bad_request",
        "pace",
        "{game} solo se juega en vivo: sus espejos son carreras que necesitan a todos en la mesa a la vez. "
        "Elige «En vivo» en «Ritmo».",
        "{game} is played live only: its mirrors are races that need everyone at the table at once. "
        "Choose “Live” under “Pace”.",
    ),
    "hints_rated": E(
        "bad_request",
        "hints",
        "Las pistas del bot solo se dan en partidas no puntuables: quita «Partida puntuable».",
        "The bot's hints are only for unrated matches: untick “Rated match”.",
    ),
    "hints_off": E(
        "bad_request", "hints", "En esta mesa no hay pistas del bot.", "This table gives no hints from the bot."
    ),
    "hints_seat": E(
        "wrong_seat", "hints", "Solo quien juega puede pedir una pista.", "Only a player may ask for a hint."
    ),
    "hints_too_soon": E(
        "rate_limited",
        "hints",
        "Espera unos segundos antes de pedir otra pista.",
        "Wait a few seconds before asking for another hint.",
    ),
    "hints_not_now": E(
        "bad_request",
        "hints",
        "Ahora no te toca decidir nada: pide la pista en tu turno.",
        "You have nothing to decide now: ask for a hint on your turn.",
    ),
    "hints_busy": E(
        "busy",
        "hints",
        "El bot no ha podido pensar la pista a tiempo; inténtalo en un momento.",
        "The bot could not think of a hint in time; try again in a moment.",
    ),
}
