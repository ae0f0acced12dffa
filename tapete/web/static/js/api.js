// The lobby's REST API. Errors come back as ApiError with the server's es/en text.

import * as store from "./store.js";

export class ApiError extends Error {
  constructor(error, status) {
    super(error.en || error.es || "error");
    this.error = error; // {code, rule, es, en}
    this.status = status;
  }
}

/** The header that says who is calling (docs/protocol.md): "<player_id>:<secret>", or none. */
function identityHeader() {
  const who = store.identity();
  return who ? { "X-Tapete-Player": `${who.player_id}:${who.secret}` } : {};
}

async function call(method, path, body, { auth = false } = {}) {
  const init = { method, headers: auth ? identityHeader() : {} };
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
    // the server no longer knows this device's identity: forget it (a new one is made when needed)
    if (auth && error.code === "bad_identity") store.forgetIdentity();
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
export const createTable = (body) => call("POST", "/api/tables", body, { auth: true });
export const joinTable = (code, name, seat) => call("POST", "/api/join", { code, name: name || null, seat: seat ?? null }, { auth: true });
export const leaveTable = (tableId, token) => call("POST", `/api/tables/${encodeURIComponent(tableId)}/leave`, { token }, { auth: true });
export const tableInfo = (tableId) => call("GET", `/api/tables/${encodeURIComponent(tableId)}`);
export const openTables = () => call("GET", "/api/tables");
export const allowedPlayers = (game, options) => call("POST", `/api/games/${encodeURIComponent(game)}/players`, { options });
export const describe = (game, lang, events, names, seat) =>
  call("POST", `/api/games/${encodeURIComponent(game)}/describe`, { lang, events, names, seat });
export const matchRecord = (id) => call("GET", `/api/matches/${encodeURIComponent(id)}/record`, undefined, { auth: true });

export function replayStep(id, step, seat) {
  const params = new URLSearchParams({ step: String(step) });
  if (seat !== null && seat !== undefined) params.set("seat", String(seat));
  return call("GET", `/api/matches/${encodeURIComponent(id)}/replay?${params}`, undefined, { auth: true });
}

/** A finished match's whole log as `seat` read it (null: a spectator), each line with its step. */
export function matchStory(id, seat) {
  const params = new URLSearchParams();
  if (seat !== null && seat !== undefined) params.set("seat", String(seat));
  return call("GET", `/api/matches/${encodeURIComponent(id)}/story?${params}`);
}

const deckCache = new Map();

/** A game's deck as data (WANTED's outlaws), cached; null when the game keeps none. */
export function deck(game) {
  if (!deckCache.has(game)) {
    deckCache.set(game, call("GET", `/api/games/${encodeURIComponent(game)}/deck`).catch(() => null));
  }
  return deckCache.get(game);
}

/** The names of a game's cards in es and en, as the server's catalogue says them (faces.js caches them). */
export const faces = (game) => call("GET", `/api/games/${encodeURIComponent(game)}/faces`);

// -- players, history and ratings (docs/protocol.md) --------------------------------------------
const pid = (id) => encodeURIComponent(id);
const page = (offset, limit) => new URLSearchParams({ offset: String(offset), limit: String(limit) });
export const newPlayer = (name) => call("POST", "/api/players", { name: name || null });
export const renamePlayer = (id, name) => call("PUT", `/api/players/${pid(id)}/name`, { name }, { auth: true });
export const setPassword = (id, password, oldPassword) => call("POST", `/api/players/${pid(id)}/password`,
  oldPassword ? { password, old_password: oldPassword } : { password }, { auth: true });
export async function login(name, password) {
  const device = store.device();
  const who = await call("POST", "/api/login", device ? { name, password, device } : { name, password });
  store.saveDevice(who.device);
  return who;
}
export const player = (id) => call("GET", `/api/players/${pid(id)}`);
export const myTables = (id) => call("GET", `/api/players/${pid(id)}/tables`, undefined, { auth: true });
export const playerMatches = (id, offset = 0, limit = 20) => call("GET", `/api/players/${pid(id)}/matches?${page(offset, limit)}`, undefined, { auth: true });
export const ratings = (game, offset = 0, limit = 20) => call("GET", `/api/ratings/${encodeURIComponent(game)}?${page(offset, limit)}`);

// -- tournaments (docs/protocol.md) ----------------------------------------------------------------
const tid = (id) => encodeURIComponent(id);
export const tournaments = (offset = 0, limit = 20) => call("GET", `/api/tournaments?${page(offset, limit)}`);
export const tournament = (id) => call("GET", `/api/tournaments/${tid(id)}`);
export const createTournament = (body) => call("POST", "/api/tournaments", body, { auth: true });
export const joinTournament = (id) => call("POST", `/api/tournaments/${tid(id)}/join`, {}, { auth: true });
export const startTournament = (id) => call("POST", `/api/tournaments/${tid(id)}/start`, undefined, { auth: true });
export const tournamentSeat = (id) => call("GET", `/api/tournaments/${tid(id)}/me`, undefined, { auth: true });

/** One seat's decisions in a finished match, judged by the server (docs/analysis.md); it may take a while. */
export function matchAnalysis(id, seat, budget = "normal") {
  const params = new URLSearchParams({ seat: String(seat), budget });
  return call("GET", `/api/matches/${encodeURIComponent(id)}/analysis?${params}`);
}
