// The lobby's REST API. Errors come back as ApiError with the server's es/en text.

export class ApiError extends Error {
  constructor(error, status) {
    super(error.en || error.es || "error");
    this.error = error; // {code, rule, es, en}
    this.status = status;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError({ code: "network", rule: null, es: "No hay conexión con el servidor.", en: "Cannot reach the server." }, 0);
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = data.error || { code: "http", rule: null, es: `Error ${response.status}.`, en: `Error ${response.status}.` };
    throw new ApiError(error, response.status);
  }
  return data;
}

let gamesCache = null;

/** Every game with its options schema, bot levels and table options (cached). */
export function games() {
  if (!gamesCache) gamesCache = call("GET", "/api/games").catch((err) => { gamesCache = null; throw err; });
  return gamesCache;
}

export const rules = (game, lang) => call("GET", `/api/games/${encodeURIComponent(game)}/rules?lang=${lang}`);
export const createTable = (body) => call("POST", "/api/tables", body);
export const joinTable = (code, name, seat) => call("POST", "/api/join", { code, name: name || null, seat: seat ?? null });
export const leaveTable = (tableId, token) => call("POST", `/api/tables/${encodeURIComponent(tableId)}/leave`, { token });
export const tableInfo = (tableId) => call("GET", `/api/tables/${encodeURIComponent(tableId)}`);
export const openTables = () => call("GET", "/api/tables");
export const allowedPlayers = (game, options) => call("POST", `/api/games/${encodeURIComponent(game)}/players`, { options });
export const describe = (game, lang, events, names, seat) =>
  call("POST", `/api/games/${encodeURIComponent(game)}/describe`, { lang, events, names, seat });
export const matchRecord = (id) => call("GET", `/api/matches/${encodeURIComponent(id)}/record`);

export function replayStep(id, step, seat) {
  const params = new URLSearchParams({ step: String(step) });
  if (seat !== null && seat !== undefined) params.set("seat", String(seat));
  return call("GET", `/api/matches/${encodeURIComponent(id)}/replay?${params}`);
}

const deckCache = new Map();

/** A game's deck as data (WANTED's outlaws), cached; null when the game keeps none. */
export function deck(game) {
  if (!deckCache.has(game)) {
    deckCache.set(game, call("GET", `/api/games/${encodeURIComponent(game)}/deck`).catch(() => null));
  }
  return deckCache.get(game);
}
