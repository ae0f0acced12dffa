// Every text of the client in Spanish (the default) and English. Game and
// card names keep their Spanish originals. Texts from the server (events,
// moves, errors) arrive in both languages and are picked with tx().

export const STRINGS = {
  // -- navigation and frame
  "nav.home": { es: "Inicio de tapete", en: "tapete home" },
  "nav.switchLang": { es: "Switch to English", en: "Cambiar a español" },
  "nav.backHome": { es: "Volver al inicio", en: "Back to the start page" },
  "conn.connecting": { es: "conectando…", en: "connecting…" },
  "conn.open": { es: "conectado", en: "connected" },
  "conn.reconnecting": { es: "reconectando…", en: "reconnecting…" },
  "conn.closed": { es: "desconectado", en: "disconnected" },
  "unit.points": { es: "pts", en: "pts" },

  // -- seats
  "seat.n": { es: "Jugador {n}", en: "Player {n}" },
  "seat.place": { es: "Asiento {n}", en: "Seat {n}" },
  "seat.bot": { es: "bot {level}", en: "{level} bot" },
  "seat.botShort": { es: "Bot", en: "Bot" },
  "seat.you": { es: "tú", en: "you" },
  "seat.youCap": { es: "Tú", en: "You" },
  // a bot's level as players read it (by bot kind); the algorithm only in a tooltip
  // one name per bot level, everywhere (form, stand-in list, chip, leaderboard): tapete/engine/bot_names.py
  "level.random": { es: "Al azar", en: "Random" },
  "level.heuristic": { es: "Fácil", en: "Easy" },
  "level.ismcts-easy": { es: "Normal", en: "Normal" },
  "level.ismcts": { es: "Difícil", en: "Hard" },
  "level.ismcts-hard": { es: "Muy difícil", en: "Very hard" },
  "level.learned": { es: "Experto", en: "Expert" },
  "bot.random": { es: "Juega al azar", en: "Plays at random" },
  "bot.heuristic": { es: "Reglas del juego bien pensadas (heurística)", en: "Well-thought game rules (heuristic)" },
  "bot.ismcts": { es: "Búsqueda ISMCTS", en: "ISMCTS search" },
  "bot.ismcts-easy": { es: "Búsqueda ISMCTS, poco presupuesto", en: "ISMCTS search, small budget" },
  "bot.ismcts-hard": { es: "Búsqueda ISMCTS, mucho presupuesto", en: "ISMCTS search, large budget" },
  "bot.learned": { es: "Red neuronal entrenada jugando", en: "Neural network trained by play" },
  "badge.turn": { es: "turno", en: "to play" },
  "badge.mayReact": { es: "puede reaccionar", en: "may react" },
  "badge.winner": { es: "gana", en: "winner" },
  "badge.free": { es: "libre", en: "free" },
  "badge.standin": { es: "reemplazo automático", en: "stand-in bot" },
  "badge.away": { es: "desconectado", en: "away" },

  // -- home
  "home.bar": { es: "cartas y fichas", en: "cards and tiles" },
  "home.title": { es: "tapete — juegos de cartas y fichas", en: "tapete — card and tile games" },
  "home.tagline": { es: "{games}: juega con amigos o contra bots.", en: "{games}: play with friends or against bots." },
  "list.and": { es: "{most} y {last}", en: "{most} and {last}" },
  "home.yourName": { es: "Tu nombre", en: "Your name" },
  "home.namePlaceholder": { es: "cómo te verán los demás", en: "how the others will see you" },
  "home.code": { es: "¿Tienes un código de invitación?", en: "Got an invitation code?" },
  "home.join": { es: "Unirme", en: "Join" },
  "home.chooseGame": { es: "Elige un juego", en: "Choose a game" },
  "home.players": { es: "{n} jugadores", en: "{n} players" , es1: "{n} jugador", en1: "{n} player" },
  "home.playersList": { es: "{list} o {last} jugadores", en: "{list} or {last} players" },
  "home.playersRange": { es: "de {min} a {max} jugadores", en: "{min} to {max} players" },
  "home.play": { es: "Crear mesa", en: "New table" },
  "home.rules": { es: "Reglas", en: "Rules" },
  "home.openTables": { es: "Mesas abiertas", en: "Open tables" },
  "home.noTables": { es: "No hay mesas públicas ahora mismo.", en: "No public tables right now." },
  "home.seatsFree": { es: "asientos libres: {n}", en: "free seats: {n}" },
  "home.watch": { es: "Mirar", en: "Watch" },
  "home.sit": { es: "Sentarme", en: "Take a seat" },
  "home.recent": { es: "Tus mesas recientes", en: "Your recent tables" },
  "home.watching": { es: "(mirando)", en: "(watching)" },
  "home.playing": { es: "(jugando)", en: "(playing)" },
  "status.waiting": { es: "esperando jugadores", en: "waiting for players" },
  "status.playing": { es: "en juego", en: "being played" },
  "status.finished": { es: "terminada", en: "finished" },
  "status.abandoned": { es: "dada por terminada", en: "called off" },

  // -- new table
  "new.title": { es: "Nueva mesa", en: "New table" },
  "new.unknownGame": { es: "Ese juego no existe.", en: "There is no such game." },
  "new.inShort": { es: "En pocas palabras", en: "In a nutshell" },
  "new.fullRules": { es: "Reglas completas", en: "Full rules" },
  "new.players": { es: "Jugadores", en: "Players" },
  "new.seats": { es: "Asientos", en: "Seats" },
  "new.you": { es: "tú", en: "you" },
  "new.seatType": { es: "Quién ocupa el asiento {n}", en: "Who sits in seat {n}" },
  "new.friend": { es: "Amigo (por invitación)", en: "Friend (by invitation)" },
  "new.bot": { es: "Bot", en: "Bot" },
  "new.botLevel": { es: "Nivel del bot del asiento {n}", en: "Level of the bot in seat {n}" },
  "new.friendHint": { es: "recibirá tu enlace", en: "will get your link" },
  "new.options": { es: "Opciones del juego", en: "Game options" },
  "new.tableOptions": { es: "Opciones de la mesa (tiempos y bots)", en: "Table options (timing and bots)" },
  "new.public": { es: "Mesa pública (aparece en la lista)", en: "Public table (shown in the list)" },
  "new.create": { es: "Crear la mesa", en: "Create the table" },
  "opt.yes": { es: "sí", en: "yes" },
  "opt.no": { es: "no", en: "no" },
  "choice.memory.classic": { es: "clásica", en: "classic" },
  "choice.memory.assisted": { es: "asistida", en: "assisted" },
  "choice.joker_power.anywhere": { es: "en cualquier lugar", en: "anywhere" },
  "choice.joker_power.drawn_only": { es: "solo al robarlo", en: "only when drawn" },
  "choice.mirror_match.face": { es: "por cara", en: "by face" },
  "choice.mirror_match.points": { es: "por puntos", en: "by points" },
  "choice.mode.duelo": { es: "Duelo (2)", en: "Duelo — duel (2)" },
  "choice.mode.tiroteo": { es: "Tiroteo (3 a 10)", en: "Tiroteo — shootout (3 to 10)" },
  "choice.mode.pandillas": { es: "Pandillas (2 a 10)", en: "Pandillas — gangs (2 to 10)" },
  "choice.hand_size.0": { es: "según la mesa", en: "by table size" },

  // -- joining, rules
  "join.title": { es: "Unirse a una mesa", en: "Join a table" },
  "join.code": { es: "Código de invitación:", en: "Invitation code:" },
  "join.sit": { es: "Sentarme a la mesa", en: "Take my seat" },
  "rules.title": { es: "Reglas", en: "Rules" },
  "rules.play": { es: "Crear una mesa de este juego", en: "Start a table of this game" },

  // -- table
  "table.title": { es: "Mesa", en: "Table" },
  "table.loading": { es: "Cargando…", en: "Loading…" },
  "table.problem": { es: "No se puede abrir la mesa", en: "The table cannot be opened" },
  "table.round": { es: "ronda {n}", en: "round {n}" },
  "table.seats": { es: "Jugadores", en: "Players" },
  "table.panels": { es: "Registro, puntos y jugadas", en: "Log, scores and moves" },
  "table.tools": { es: "Acciones", en: "Actions" },
  "table.badToken": { es: "Tu asiento ya no es válido en esta mesa; la miras como espectador.", en: "Your seat is no longer valid at this table; you are watching." },
  "table.youLeft": { es: "Has dejado tu asiento.", en: "You left your seat." },
  "table.whileAway": {
    es: "Mientras no estabas, el reemplazo jugó {n} jugadas.", en: "While you were away your stand-in made {n} moves.",
    es1: "Mientras no estabas, el reemplazo jugó 1 jugada.", en1: "While you were away your stand-in made 1 move.",
  },
  "table.spectatorCannot": { es: "Estás mirando: solo los jugadores sentados pueden jugar.", en: "You are watching: only seated players can play." },
  "table.reconnecting": { es: "Se perdió la conexión con la mesa; reconectando…", en: "Lost the connection to the table; reconnecting…" },
  "table.offline": { es: "Sin conexión con la mesa; reintentando…", en: "No connection to the table; retrying…" },
  "table.options": { es: "Opciones de esta partida", en: "This match's options" },
  "table.rules": { es: "Ver las reglas", en: "Read the rules" },
  "table.leave": { es: "Dejar mi asiento", en: "Leave my seat" },
  "table.leaveConfirm": { es: "¿Dejar tu asiento? Un bot jugará por ti.", en: "Leave your seat? A bot will play for you." },
  "error.stale": { es: "Alguien jugó antes que tú y la mesa cambió: mira y vuelve a intentarlo.", en: "Someone moved first and the table changed: look again and retry." },
  "table.noView": { es: "Este juego aún no tiene tablero: usa la pestaña Jugadas.", en: "This game has no board yet: use the Moves tab." },
  "tab.log": { es: "Registro", en: "Log" },
  "tab.scores": { es: "Puntos", en: "Scores" },
  "tab.moves": { es: "Jugadas", en: "Moves" },
  "tab.table": { es: "Mesa", en: "Table" },
  "tab.close": { es: "Cerrar el panel", en: "Close the panel" },
  "log.empty": { es: "Aún no ha pasado nada.", en: "Nothing has happened yet." },
  "scores.round": { es: "Ronda", en: "Round" },
  "scores.now": { es: "Ahora ({round})", en: "Now ({round})" },
  "scores.final": { es: "Final ({round})", en: "Final ({round})" },
  "scores.unit": { es: "Puntuación en {unit}, ronda a ronda.", en: "Scores in {unit}, round by round." },
  "moves.none": { es: "Ahora no tienes jugadas.", en: "You have no moves right now." },
  "prompt.abandoned": { es: "La partida se dio por terminada: todos se habían ido de la mesa.", en: "The match was called off: everyone had left the table." },
  "home.sitting": { es: "en la mesa: {names}", en: "at the table: {names}" },
  "prompt.waitingPlayers": { es: "Esperando a que se sienten todos los jugadores.", en: "Waiting for every player to sit down." },
  "prompt.over": { es: "La partida ha terminado.", en: "The match is over." },
  "prompt.yourTurn": { es: "Te toca.", en: "Your turn." },
  "prompt.mayReact": { es: "Puedes reaccionar ahora.", en: "You may react now." },
  "prompt.waitingFor": { es: "Esperando a {who}.", en: "Waiting for {who}." },
  "prompt.window": { es: "Ventana de reacción", en: "Reaction window" },
  "prompt.clock": { es: "te quedan {s} s", en: "{s} s left" },
  "prompt.clockShort": { es: "◔ {s} s", en: "◔ {s} s" },
  "invite.none": { es: "Sin código de invitación a la vista.", en: "No invitation code to show." },
  "invite.share": { es: "Comparte este enlace o el código con tus amigos:", en: "Share this link or the code with your friends:" },
  "invite.link": { es: "Enlace de invitación", en: "Invitation link" },
  "invite.copy": { es: "Copiar", en: "Copy" },
  "invite.copied": { es: "Enlace copiado.", en: "Link copied." },
  "invite.copyFailed": { es: "No se pudo copiar: selecciona el enlace y cópialo a mano.", en: "Could not copy: select the link and copy it by hand." },
  "waiting.title": { es: "Esperando jugadores", en: "Waiting for players" },
  "waiting.free": { es: "Asientos libres: {n}. La partida empieza cuando estén todos.", en: "Free seats: {n}. The match starts when everyone is here." },
  "waiting.bot": { es: "bot", en: "bot" },
  "waiting.taken": { es: "sentado", en: "seated" },
  "waiting.freeSeat": { es: "libre", en: "free" },

  // -- end of match
  "result.title": { es: "Resultado", en: "Result" },
  "result.dismiss": { es: "Seguir", en: "Continue" },
  "result.more": {
    es: "Y {n} resultados anteriores en el historial.", en: "And {n} earlier results in the log.",
    es1: "Y 1 resultado anterior en el historial.", en1: "And 1 earlier result in the log.",
  },
  "summary.title": { es: "Fin de la partida", en: "Match over" },
  "summary.open": { es: "Resumen", en: "Summary" },
  "summary.youWin": { es: "¡Has ganado!", en: "You won!" },
  "summary.youShare": { es: "¡Compartes la victoria!", en: "You share the win!" },
  "summary.winners": { es: "Gana: {who}", en: "Winner: {who}" },
  "summary.noWinner": { es: "Nadie gana esta vez.", en: "Nobody wins this time." },
  "summary.seat": { es: "Jugador", en: "Player" },
  "summary.result": { es: "Resultado", en: "Result" },
  "summary.rounds": { es: "Rondas jugadas: {n}", en: "Rounds played: {n}" },
  "summary.byRound": { es: "Puntos ronda a ronda", en: "Scores round by round" },
  "summary.replay": { es: "Ver la repetición", en: "Watch the replay" },
  "summary.again": { es: "Otra partida", en: "Another match" },
  "summary.close": { es: "Cerrar", en: "Close" },

  // -- replay
  "replay.title": { es: "Repetición", en: "Replay" },
  "replay.backToTable": { es: "Volver a la mesa", en: "Back to the table" },
  "replay.start": { es: "Inicio de la partida.", en: "Start of the match." },
  "replay.slider": { es: "Paso de la repetición", en: "Replay step" },
  "replay.controls": { es: "Controles de la repetición", en: "Replay controls" },
  "replay.first": { es: "Al principio", en: "To the start" },
  "replay.prev": { es: "Paso anterior", en: "Previous step" },
  "replay.next": { es: "Paso siguiente", en: "Next step" },
  "replay.last": { es: "Al final", en: "To the end" },
  "replay.play": { es: "Reproducir", en: "Play" },
  "replay.pause": { es: "Pausa", en: "Pause" },
  "replay.step": { es: "paso {n} de {total}", en: "step {n} of {total}" },
  "replay.eyes": { es: "Ver con los ojos de", en: "See through the eyes of" },
  "replay.spectator": { es: "un espectador", en: "a spectator" },
  "replay.thisStep": { es: "En este paso", en: "In this step" },
  "replay.story": { es: "Toda la partida hasta aquí", en: "The whole match so far" },

  // -- the player's profile, history and leaderboards
  "home.more": { es: "Tu perfil y las clasificaciones", en: "Your profile and the leaderboards" },
  "profile.title": { es: "Mi perfil", en: "My profile" },
  "profile.player": { es: "Perfil de jugador", en: "Player profile" },
  "profile.noName": { es: "Sin nombre", en: "No name" },
  "profile.none": { es: "Aún no tienes perfil en este servidor. Elige un nombre: tus partidas y tu valoración se guardarán en este dispositivo.", en: "You have no profile on this server yet. Choose a name: your matches and rating will be kept on this device." },
  "profile.make": { es: "Crear mi perfil", en: "Create my profile" },
  "profile.nameEmpty": { es: "Escribe un nombre.", en: "Type a name." },
  "profile.serverSaysNo": { es: "El servidor no pudo crear tu perfil ahora; inténtalo más tarde.", en: "The server could not create your profile now; try again later." },
  "profile.rename": { es: "Cambiar el nombre", en: "Rename" },
  "profile.ratings": { es: "Valoración por juego", en: "Rating per game" },
  "profile.noRatings": { es: "Aún no hay partidas puntuables terminadas.", en: "No rated match finished yet." },
  "profile.wins": { es: "Victorias", en: "Wins" },
  "profile.history": { es: "Partidas jugadas", en: "Matches played" },
  "profile.matchesTotal": { es: "{n} partidas, de la más reciente a la más antigua.", en: "{n} matches, newest first.", es1: "1 partida.", en1: "1 match." },
  "profile.noMatches": { es: "Aún no hay partidas terminadas.", en: "No finished match yet." },
  "profile.more": { es: "Ver más", en: "Show more" },
  "profile.won": { es: "Ganaste", en: "You won" },
  "profile.lost": { es: "No ganaste", en: "You did not win" },
  "profile.wonThey": { es: "Ganó", en: "Won" },
  "profile.lostThey": { es: "No ganó", en: "Did not win" },
  "profile.unrated": { es: "sin puntuar", en: "unrated" },
  "profile.botSeat": { es: "{name} (bot {level})", en: "{name} ({level} bot)" },
  "profile.protect": { es: "Proteger con contraseña", en: "Protect with a password" },
  "profile.protectWhy": { es: "Sin contraseña, tu perfil vive solo en este navegador. Con una, puedes entrar desde otro dispositivo con tu nombre (que entonces nadie más puede usar).", en: "Without a password your profile lives only in this browser. With one you can sign in on another device with your name (which nobody else can then use)." },
  "profile.password": { es: "Contraseña", en: "Password" },
  "profile.oldPassword": { es: "Contraseña actual (si ya tienes una)", en: "Current password (if you have one)" },
  "profile.protectGo": { es: "Guardar la contraseña", en: "Save the password" },
  "profile.passwordSet": { es: "Listo: puedes entrar como «{name}» con esa contraseña.", en: "Done: you can sign in as “{name}” with that password." },
  "profile.passwordNeedsName": { es: "Ponte un nombre antes de proteger el perfil.", en: "Choose a name before protecting the profile." },
  "profile.login": { es: "Entrar en este dispositivo", en: "Sign in on this device" },
  "profile.loginWhy": { es: "¿Ya protegiste tu perfil con contraseña en otro dispositivo? Entra con tu nombre y esa contraseña.", en: "Did you protect your profile with a password on another device? Sign in with your name and that password." },
  "profile.loginGo": { es: "Entrar", en: "Sign in" },
  "name.signIn": { es: "¿Es tuyo? Entra con tu contraseña.", en: "Is it yours? Sign in with your password." },
  "name.pickAnother": { es: "Elegir otro nombre", en: "Choose another name" },
  "profile.loginReplaces": { es: "Este dispositivo dejará el perfil actual y usará el otro. Si el actual no tiene contraseña, no podrás volver a él. ¿Seguir?", en: "This device will leave the current profile and use the other one. If the current one has no password you cannot come back to it. Go on?" },
  // -- tournaments
  "tour.title": { es: "Torneos", en: "Tournaments" },
  "tour.explain": { es: "Suizos por rondas o arenas por tiempo, contra personas y bots. Las partidas cuentan para tu valoración.", en: "Swiss tournaments in rounds or arenas against the clock, with people and bots. The matches count for your rating." },
  "tour.list": { es: "Torneos recientes", en: "Recent tournaments" },
  "tour.none": { es: "Aún no hay torneos.", en: "No tournaments yet." },
  "tour.untitled": { es: "Torneo de {game}", en: "{game} tournament" },
  "tour.entries": { es: "{n} inscritos", en: "{n} entries", es1: "{n} inscrito", en1: "{n} entry" },
  "tour.swiss": { es: "Torneo suizo", en: "Swiss" },
  "tour.arena": { es: "Arena", en: "Arena" },
  "tour.status.open": { es: "inscripción abierta", en: "open for entries" },
  "tour.status.running": { es: "en juego", en: "being played" },
  "tour.status.finished": { es: "terminado", en: "finished" },
  "tour.new": { es: "Nuevo torneo", en: "New tournament" },
  "tour.kind": { es: "Tipo", en: "Kind" },
  "tour.game": { es: "Juego", en: "Game" },
  "tour.name": { es: "Nombre", en: "Name" },
  "tour.seats": { es: "Asientos por mesa", en: "Seats per table" },
  "tour.seatsDefault": { es: "los del juego", en: "the game's" },
  "tour.rounds": { es: "Rondas", en: "Rounds" },
  "tour.minutes": { es: "Duración (minutos)", en: "Length (minutes)" },
  "tour.bots": { es: "Bots inscritos", en: "Bots entered" },
  "tour.create": { es: "Crear e inscribirme", en: "Create and join" },
  "tour.join": { es: "Inscribirme", en: "Join" },
  "tour.start": { es: "Empezar el torneo", en: "Start the tournament" },
  "tour.toTable": { es: "¡Ir a mi mesa!", en: "Go to my table!" },
  "tour.endsIn": { es: "termina en {min} min", en: "ends in {min} min" },
  "tour.roundOf": { es: "ronda {n} de {of}", en: "round {n} of {of}" },
  "tour.swissRules": { es: "Cada ronda se sientan juntos quienes van igual, sin repetir rivales mientras se pueda. Ganar vale 1, un empate se reparte; el desempate es el Buchholz (la suma de los puntos de tus rivales).", en: "Each round, those level on points sit together, never meeting a rival again while it can be avoided. A win is worth 1, a draw is shared; ties are broken by Buchholz (the sum of your rivals' points)." },
  "tour.arenaRules": { es: "En cuanto acabas una partida te sientan en otra. Ganar vale 2 y empatar 1; tras dos victorias seguidas estás en racha y cada resultado vale el doble hasta que no ganes.", en: "As soon as you finish a match you are seated at another. A win is worth 2 and a draw 1; after two wins in a row you are on a streak and every result counts double until you fail to win." },
  "tour.standings": { es: "Clasificación", en: "Standings" },
  "tour.entry": { es: "Jugador o pareja", en: "Player or team" },
  "tour.score": { es: "Puntos", en: "Points" },
  "tour.points": { es: "Puntos", en: "Points" },
  "tour.buchholz": { es: "Buchholz", en: "Buchholz" },
  "tour.wins": { es: "Victorias", en: "Wins" },
  "tour.played": { es: "Jugadas", en: "Played" },
  "tour.streak": { es: "En racha: la próxima victoria vale el doble", en: "On a streak: the next win counts double" },
  "tour.games": { es: "Partidas", en: "Matches" },
  "tour.round": { es: "Ronda {n}", en: "Round {n}" },
  "tour.bye": { es: "{who} descansa (cuenta como victoria)", en: "{who} sits out (counts as a win)" },
  "tour.result.win": { es: "gana", en: "wins" },
  "tour.result.draw": { es: "empata", en: "draws" },
  "tour.result.loss": { es: "pierde", en: "loses" },
  "tour.replay": { es: "repetición", en: "replay" },
  "tour.watch": { es: "mirar", en: "watch" },
  "tour.all": { es: "Todos los torneos", en: "All tournaments" },
  "ratings.title": { es: "Clasificaciones", en: "Leaderboards" },
  "ratings.of": { es: "Clasificación de {game}", en: "{game} leaderboard" },
  "ratings.games": { es: "Juegos", en: "Games" },
  "ratings.game": { es: "Juego", en: "Game" },
  "ratings.rank": { es: "Puesto", en: "Rank" },
  "ratings.player": { es: "Jugador", en: "Player" },
  "ratings.rating": { es: "Valoración", en: "Rating" },
  "ratings.matches": { es: "Partidas", en: "Matches" },
  "ratings.bot": { es: "Bot {level}", en: "{level} bot" },
  "ratings.empty": { es: "Aún nadie tiene valoración en este juego.", en: "Nobody has a rating in this game yet." },
  "ratings.prev": { es: "Anteriores", en: "Previous" },
  "ratings.next": { es: "Siguientes", en: "Next" },
  "ratings.range": { es: "{from}–{to} de {total}", en: "{from}–{to} of {total}" },
  "ratings.explain": { es: "La valoración (OpenSkill) sube al ganar a rivales fuertes y baja al perder con débiles; solo cuentan las mesas puntuables.", en: "The rating (OpenSkill) rises when you beat strong rivals and falls when you lose to weak ones; only rated tables count." },

  // -- table chat
  "chat.open": { es: "Chat", en: "Chat" },
  "chat.unread": { es: "Chat, {n} mensajes sin leer", en: "Chat, {n} unread messages", es1: "Chat, 1 mensaje sin leer", en1: "Chat, 1 unread message" },
  "chat.title": { es: "Chat de la mesa", en: "Table chat" },
  "chat.close": { es: "Cerrar el chat", en: "Close the chat" },
  "chat.empty": { es: "Nadie ha escrito aún. Saluda, o toca una frase rápida.", en: "Nobody has written yet. Say hello, or tap a quick phrase." },
  "chat.placeholder": { es: "Escribe un mensaje…", en: "Write a message…" },
  "chat.send": { es: "Enviar", en: "Send" },
  "chat.quick": { es: "Frases rápidas", en: "Quick phrases" },
  "chat.spectator": { es: "espectador", en: "spectator" },
  "chat.you": { es: "tú", en: "you" },
  "chat.mute": { es: "Silenciar a…", en: "Mute…" },
  "chat.muteHint": { es: "Solo para ti: no verás lo que escriban.", en: "Only for you: you will not see what they write." },
  "chat.muted": { es: "{n} mensajes ocultos de personas silenciadas.", en: "{n} hidden messages from muted people.", es1: "1 mensaje oculto de una persona silenciada.", en1: "1 hidden message from a muted person." },
  "chat.nobodyToMute": { es: "Nadie más ha escrito.", en: "Nobody else has written." },
  "chat.offline": { es: "Sin conexión con la mesa: el mensaje no se envió.", en: "No connection to the table: the message was not sent." },

  // -- rematch
  "rematch.ask": { es: "Revancha", en: "Rematch" },
  "rematch.no": { es: "No, gracias", en: "No thanks" },
  "rematch.accepted": { es: "Quieren la revancha: {who}.", en: "Ready for a rematch: {who}." },
  "rematch.pending": { es: "Falta que respondan: {who}.", en: "Still to answer: {who}." },
  "rematch.declined": { es: "No juegan la revancha: {who}.", en: "Not playing the rematch: {who}." },
  "rematch.youAccepted": { es: "Has pedido la revancha: empieza cuando acepten todos.", en: "You asked for a rematch: it starts when everyone accepts." },
  "rematch.youDeclined": { es: "Has dicho que no a la revancha.", en: "You said no to the rematch." },
  "rematch.started": { es: "La revancha ya empezó.", en: "The rematch has started." },
  "rematch.go": { es: "Ir a la revancha", en: "Go to the rematch" },
  "rematch.watch": { es: "Mirar la revancha", en: "Watch the rematch" },
  "rematch.starting": { es: "¡Empieza la revancha!", en: "The rematch begins!" },

  "table.heldWindow": { es: "Tu jugada espera a que se cierre la ventana de espejos.", en: "Your move waits for the mirror window to close." },
  "table.heldPause": { es: "Tu jugada espera a que se lea el resultado de la ronda.", en: "Your move waits until the round result has been read." },

  // turn notices (js/notices.js), every seat's clock, the pick's confirmation
  "notice.yourTurn": { es: "¡Tu turno!", en: "Your turn!" },
  "notice.body": { es: "{game}: te toca jugar.", en: "{game}: it is your move." },
  "notice.title": { es: "Avisos de turno", en: "Turn notices" },
  "notice.sound": { es: "Sonido cuando te toca", en: "A sound when it is your turn" },
  "notice.notify": { es: "Aviso del navegador si esta pestaña no está a la vista", en: "A browser notification when this tab is hidden" },
  "notice.unsupported": { es: "Este navegador no da avisos.", en: "This browser gives no notifications." },
  "notice.denied": { es: "El navegador tiene los avisos bloqueados para esta página.", en: "The browser blocks notifications for this page." },
  "badge.clock": { es: "◔ {s} s", en: "◔ {s} s" },
  "badge.clockLabel": { es: "le quedan {s} segundos", en: "{s} seconds left" },


};

const LISTENERS = new Set();
let current = (() => {
  try {
    const saved = localStorage.getItem("tapete.lang");
    if (saved === "es" || saved === "en") return saved;
  } catch {
    /* storage disabled: Spanish */
  }
  return "es";
})();
document.documentElement.lang = current;

export function lang() {
  return current;
}

export function setLang(next) {
  if (next !== "es" && next !== "en") return;
  current = next;
  document.documentElement.lang = next;
  try {
    localStorage.setItem("tapete.lang", next);
  } catch {
    /* not remembered */
  }
  for (const listener of LISTENERS) listener(next);
}

export function onLang(listener) {
  LISTENERS.add(listener);
  return () => LISTENERS.delete(listener);
}

/** Add entries to the catalogue: a game's own words (js/games/<game>/words.js), when it loads. */
export function addStrings(entries) {
  Object.assign(STRINGS, entries);
}

/** An {es, en} entry (es1/en1: its form for n = 1) in the current language with {placeholders} filled in. */
export function say(entry, vars = {}) {
  const text = vars.n === 1 && entry[`${current}1`] ? entry[`${current}1`] : entry[current] ?? entry.es ?? "";
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/** The text of `key` in the current language with {placeholders} filled in. */
export function t(key, vars = {}, missing = undefined) {
  const entry = STRINGS[key];
  if (!entry) {
    if (missing !== undefined) return missing;
    console.warn(`tapete: missing string ${key}`);
    return key;
  }
  return say(entry, vars);
}

/** Pick the current language from an {es, en} pair (texts from the server). */
export function tx(pair) {
  if (!pair) return "";
  if (typeof pair === "string") return pair;
  return pair[current] ?? pair.es ?? pair.en ?? "";
}
