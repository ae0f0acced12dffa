"""The errors of players' identities, names, passwords and sign-ins: the part of the server's
catalogue (`error_texts.ERRORS`) that `tapete.server.people` raises, in the same form."""

from __future__ import annotations

from .words import ErrorText

E = ErrorText

PLAYER_ERRORS: dict[str, ErrorText] = {
    "bad_identity": E(
        "bad_identity",
        "identity",
        "Identidad de jugador no válida (id o secreto desconocidos).",
        "Invalid player identity (unknown id or secret).",
    ),
    "bad_login": E("bad_login", "login", "Nombre o contraseña incorrectos.", "Wrong name or password."),
    "player_not_found": E("player_not_found", "identity", "No existe ese jugador.", "There is no such player."),
    "not_your_identity": E(
        "forbidden",
        "identity",
        "Solo el propio jugador puede cambiar su identidad.",
        "Only the player themselves may change their identity.",
    ),
    "name_taken": E(
        "name_taken",
        "identity",
        "Ese nombre (u otro que se lee igual) ya lo usa otro jugador; elige otro.",
        "Another player already uses that name (or one that reads the same); choose another.",
    ),
    "seat_name_taken": E(
        "name_taken",
        "seat-name",
        "Ese nombre (u otro que se lee igual) ya lo lleva otro asiento de esta mesa; elige otro.",
        "Another seat at this table already has that name (or one that reads the same); choose another.",
    ),
    "name_needed": E(
        "bad_request",
        "identity",
        "Para proteger tu identidad con contraseña necesitas un nombre.",
        "To protect your identity with a password you need a name.",
    ),
    "password_length": E(
        "bad_request",
        "password",
        "La contraseña debe tener entre {least} y {most} caracteres.",
        "The password must have {least} to {most} characters.",
    ),
    "password_flood": E(
        "rate_limited",
        "password",
        "Demasiados cambios de contraseña; espera un minuto.",
        "Too many password changes; wait a minute.",
    ),
    "login_flood": E(
        "rate_limited",
        "login",
        "Demasiados intentos de entrar; espera un minuto.",
        "Too many sign-in attempts; wait a minute.",
    ),
    "name_taken_protected": E(
        "name_taken",
        "identity",
        "Ese nombre (u otro que se lee igual) es de un jugador protegido con contraseña. Si es el tuyo, "
        "entra con tu nombre y tu contraseña; si no, elige otro.",
        "That name (or one that reads the same) belongs to a player protected by a password. If it is "
        "yours, sign in with your name and password; if not, choose another.",
    ),
    "wrong_password": E(
        "forbidden",
        "password",
        "Falta la contraseña actual de este jugador, o no es esa.",
        "This player's current password is missing or wrong.",
    ),
    "login_backoff": E(
        "rate_limited",
        "login",
        "Demasiadas contraseñas incorrectas desde tu dirección; espera {seconds} s.",
        "Too many wrong passwords from your address; wait {seconds} s.",
    ),
    "login_busy": E(
        "rate_limited",
        "login",
        "El servidor está comprobando muchas contraseñas; inténtalo de nuevo en un momento.",
        "The server is checking many passwords; try again in a moment.",
    ),
    # notifications of a turn-based table's turn (people/notify.py)
    "push_off": E(
        "bad_request",
        "notify",
        "Este servidor no envía notificaciones push.",
        "This server does not send push notifications.",
        status=503,
    ),
    "push_endpoint_bad": E(
        "bad_request",
        "notify",
        "La suscripción push no vale: su dirección debe ser https:// de un servicio en internet "
        "(hasta {limit} caracteres).",
        "The push subscription is not valid: its address must be https:// of a service on the internet "
        "(up to {limit} characters).",
        status=422,
    ),
    "push_keys_bad": E(
        "bad_request",
        "notify",
        "La suscripción push no vale: sus claves (p256dh y auth) no son de un navegador.",
        "The push subscription is not valid: its keys (p256dh and auth) are not a browser's.",
        status=422,
    ),
    "push_too_many": E(
        "bad_request",
        "notify",
        "Ya hay {limit} dispositivos con notificaciones; quita uno antes de añadir otro.",
        "{limit} devices already get notifications; remove one before adding another.",
        status=409,
    ),
    "email_bad": E(
        "bad_request",
        "notify",
        "Esa dirección de correo no vale.",
        "That e-mail address is not valid.",
        status=422,
    ),
    "email_needed": E(
        "bad_request",
        "notify",
        "Para recibir correos, escribe tu dirección de correo.",
        "To get e-mails, give your e-mail address.",
        status=422,
    ),
    "email_off": E(
        "bad_request",
        "notify",
        "Este servidor no envía correos.",
        "This server does not send e-mails.",
        status=409,
    ),
}
