"""Every string the terminal client shows, in Spanish (first) and English.

Game texts (rules, moves, events, boards) come from each game, and the
server's words (errors, the chat's quick phrases) from the server or from
`tapete.protocol`; these are the client's own words: menus, buttons, status
lines.
"""

from __future__ import annotations

LANGS = ("es", "en")

STRINGS: dict[str, tuple[str, str]] = {
    # a tournament on a server (tournament.py)
    "tour.title": ("Torneo", "Tournament"),
    "tour.swiss": ("Torneo suizo", "Swiss"),
    "tour.arena": ("Arena", "Arena"),
    "tour.status.open": ("inscripción abierta", "open for entries"),
    "tour.status.running": ("en juego", "being played"),
    "tour.status.finished": ("terminado", "finished"),
    "tour.round_of": ("ronda {n} de {of}", "round {n} of {of}"),
    "tour.rank": ("Puesto", "Rank"),
    "tour.entry": ("Jugador o pareja", "Player or team"),
    "tour.score": ("Puntos", "Points"),
    "tour.points": ("Puntos", "Points"),
    "tour.buchholz": ("Buchholz", "Buchholz"),
    "tour.wins": ("Victorias", "Wins"),
    "tour.played": ("Jugadas", "Played"),
    "tour.streak": ("(en racha)", "(on a streak)"),
    "tour.no_name": ("sin nombre", "no name"),
    "tour.your_table": ("¡Te toca! Intro: a tu mesa.", "Your turn! Enter: to your table."),
    "tour.join_hint": ("j: inscribirte en este torneo.", "j: join this tournament."),
    # "My games" on a server (mygames.py): the tables where this terminal's identity sits
    "mine.title": ("Mis partidas", "My games"),
    "mine.server": ("Servidor {url}", "Server {url}"),
    "mine.as": ("Servidor {url} · juegas como {name}", "Server {url} · you play as {name}"),
    "mine.loading": ("Cargando tus partidas…", "Loading your games…"),
    "mine.none": ("No estás sentado en ninguna mesa ahora mismo.", "You are not sitting at any table right now."),
    "mine.join_hint": (
        "Para sentarte en una mesa: tapete play --server URL --code CÓDIGO.",
        "To sit at a table: tapete play --server URL --code CODE.",
    ),
    "mine.no_players": (
        "Este servidor no guarda jugadores: no hay lista de partidas.",
        "This server keeps no players: there is no list of games.",
    ),
    "mine.your_turn": ("¡Te toca!", "Your turn!"),
    "mine.their_turn": ("Turno de {names}", "{names} to play"),
    "mine.waiting": ("Esperando jugadores", "Waiting for players"),
    "mine.live": ("En vivo", "Live"),
    "mine.turn_based": ("Por turnos · {bank} por jugada", "Turn-based · {bank} per move"),
    "mine.left": ("quedan {time}", "{time} left"),
    "mine.with": ("con {names}", "with {names}"),
    "mine.free": ("{n} asientos libres", "{n} free seats"),
    "mine.free1": ("1 asiento libre", "1 free seat"),
    "mine.seat": ("Asiento {n}", "Seat {n}"),
    "mine.elsewhere": (
        "Te sentaste en esa mesa desde otro dispositivo: ábrela allí.",
        "You sat at that table from another device: open it there.",
    ),
    "mine.unknown_game": ("Este terminal no sabe mostrar {game}.", "This terminal cannot show {game}."),
    "mine.keys": (
        "Intro: abrir la mesa · r: actualizar · F2: English · q: salir",
        "Enter: open the table · r: refresh · F2: español · q: quit",
    ),
    "time.minutes": ("{n} min", "{n} min"),
    "time.hours": ("{n} h", "{n} h"),
    "time.day": ("1 día", "1 day"),
    "time.days": ("{n} días", "{n} days"),
    # a name another player holds, refused (the server's words say so): the way on
    "name.taken_hint": (
        "Para jugar con otro nombre, vuelve a abrir con --name «otro nombre». La terminal no entra con "
        "contraseña: un nombre protegido se usa en el navegador donde entraste.",
        'To play under another name, open again with --name "another name". The terminal does not sign in '
        "with a password: a protected name is used in the browser where you signed in.",
    ),
    # setup screen
    "setup.title": ("Nueva partida", "New match"),
    "setup.game": ("Juego", "Game"),
    "setup.players": ("Jugadores", "Players"),
    "setup.seats": ("Asientos", "Seats"),
    "setup.options": ("Opciones", "Options"),
    "setup.no_options": ("Sin opciones.", "No options."),
    "setup.seed": ("Semilla", "Seed"),
    "setup.seed_hint": ("vacía = al azar", "empty = random"),
    "setup.lang": ("Idioma", "Language"),
    "setup.speed": ("Reflejos de los bots", "Bot reflexes"),
    "setup.pace": ("Ritmo de los bots", "Bot pace"),
    "setup.play": ("Jugar", "Play"),
    "setup.rules": ("Reglas", "Rules"),
    "setup.quit": ("Salir", "Quit"),
    "setup.one_human": ("Como mucho un asiento puede ser «tú».", "At most one seat can be “you”."),
    "setup.bad_seed": ("La semilla debe ser un número entero.", "The seed must be an integer."),
    "seat.human": ("tú", "you"),
    "speed.slow": ("lentos", "slow"),
    "speed.normal": ("normales", "normal"),
    "speed.fast": ("rápidos", "fast"),
    "pace.slow": ("pausado", "relaxed"),
    "pace.normal": ("normal", "normal"),
    "pace.fast": ("rápido", "quick"),
    "yes": ("sí", "yes"),
    "no": ("no", "no"),
    # table screen
    "table.moves": ("Tus jugadas", "Your moves"),
    "table.log": ("Historial", "Log"),
    "table.scores": ("Puntos", "Scores"),
    "table.round": ("Ronda {round}", "Round {round}"),
    "table.your_turn": ("Te toca: elige una jugada.", "Your turn: choose a move."),
    "table.you_may": (
        "Puedes reaccionar ahora (no es obligatorio).",
        "You may react now (optional).",
    ),
    "table.waiting": ("Esperando a {who}…", "Waiting for {who}…"),
    "table.queued": (
        "Jugada en cola hasta que cierre la ventana de reacción: {move}",
        "Move queued until the reaction window closes: {move}",
    ),
    "table.queue_kept": ("Tu jugada sigue en cola: {move}", "Your move is still queued: {move}"),
    "table.queue_dropped": (
        "La mesa cambió: tu jugada en cola ya no es legal.",
        "The table changed: your queued move is no longer legal.",
    ),
    "table.no_moves": ("No puedes jugar ahora.", "You cannot move now."),
    "table.spectator": ("Miras una partida entre bots.", "You are watching bots play."),
    "table.illegal": ("Jugada no válida: {text}", "Illegal move: {text}"),
    "table.bot_error": (
        "El bot {name} ha fallado y la partida se para: {error}",
        "The bot {name} failed and the match stops: {error}",
    ),
    "table.bot_illegal": (
        "{name} ha propuesto una jugada que no vale y la partida se para: {error}",
        "{name} proposed a move that is not allowed and the match stops: {error}",
    ),
    "table.bot_passed": (
        "{name} tenía que jugar y no ha jugado: la partida se para.",
        "{name} had to play and did not: the match stops.",
    ),
    "table.lang_set": ("Idioma: español", "Language: English"),
    "table.speed_set": ("Reflejos de los bots ×{scale}", "Bot reflexes ×{scale}"),
    "seat.you": ("Tú", "You"),
    "seat.bot": ("Bot {seat}", "Bot {seat}"),
    "seat.name": ("Asiento {seat}", "Seat {seat}"),
    "side.name": ("Equipo {side}", "Side {side}"),
    "result.title": ("Resultado", "Result"),
    "result.hint": ("Pulsa una tecla para seguir.", "Press a key to go on."),
    # keys
    "key.rules": ("reglas", "rules"),
    "key.quit": ("salir", "quit"),
    "key.menu": ("menú", "menu"),
    # game over
    "over.title": ("Fin de la partida", "Match over"),
    "over.winners": ("Gana: {who}", "Winner: {who}"),
    "over.winners_many": ("Ganan: {who}", "Winners: {who}"),
    "over.nobody": ("Nadie gana.", "Nobody wins."),
    "over.you_win": ("¡Has ganado!", "You won!"),
    "over.you_lose": ("Esta vez no ha podido ser.", "Not this time."),
    "over.rounds": ("Rondas: {rounds}", "Rounds: {rounds}"),
    "over.again": ("Otra partida", "Play again"),
    "over.menu": ("Menú", "Menu"),
    "over.quit": ("Salir", "Quit"),
    # rules
    "rules.title": ("Reglas de {game}   (Esc cerrar · F2 English)", "Rules of {game}   (Esc close · F2 español)"),
    # remote
    "remote.connecting": ("Conectando con {url}…", "Connecting to {url}…"),
    "remote.lost": ("Se perdió la conexión: {error}", "Connection lost: {error}"),
    "remote.error": ("El servidor dice: {text}", "The server says: {text}"),
    "remote.refused": ("no se ha podido hacer.", "that could not be done."),
    "remote.waiting_start": ("Esperando a que empiece la partida…", "Waiting for the match to start…"),
    "remote.abandoned": (
        "La partida se dio por terminada: todos se habían ido de la mesa.",
        "The match was called off: everyone had left the table.",
    ),
    # table chat and rematch (a seat on a server)
    "key.chat": ("chat", "chat"),
    "chat.title": ("Chat de la mesa", "Table chat"),
    "chat.hint": (
        "Intro envía · Tab: frases (1-5) · /silenciar Nombre · Esc cierra",
        "Enter sends · Tab: phrases (1-5) · /mute Name · Esc closes",
    ),
    "chat.muted": (
        "Silenciados (solo para ti; /escuchar Nombre los vuelve a mostrar): {who}",
        "Muted (for you only; /unmute Name shows them again): {who}",
    ),
    "chat.nobody": ("Nadie se llama «{name}» en esta mesa.", "Nobody at this table is called “{name}”."),
    "chat.placeholder": ("Escribe un mensaje…", "Write a message…"),
    "chat.empty": ("Nadie ha escrito aún.", "Nobody has written yet."),
    "chat.spectator": ("espectador", "spectator"),
    "chat.unread": ("{n} sin leer", "{n} unread"),
    "rematch.ask": ("Revancha", "Rematch"),
    "rematch.no": ("No, gracias", "No thanks"),
    "rematch.accepted": ("Quieren la revancha: {who}.", "Ready for a rematch: {who}."),
    "rematch.pending": ("Falta que respondan: {who}.", "Still to answer: {who}."),
    "rematch.declined": ("No juegan la revancha: {who}.", "Not playing the rematch: {who}."),
    "rematch.started": ("La revancha ya empezó.", "The rematch has started."),
    "rematch.keys": ("r revancha · n no, gracias · F3 chat · q salir", "r rematch · n no thanks · F3 chat · q quit"),
}


def t(key: str, lang: str, **values: object) -> str:
    """The string `key` in `lang`, with `{names}` filled in."""
    es, en = STRINGS[key]
    text = en if lang == "en" else es
    return text.format(**values) if values else text


def other_lang(lang: str) -> str:
    return "en" if lang == "es" else "es"
