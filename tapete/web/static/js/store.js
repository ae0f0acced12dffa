// What the browser remembers: seat tokens per table, the player's name,
// recent tables and the scores of past rounds (for the scores table).

const PREFIX = "tapete.";

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the table still works, only memory is lost */
  }
}

export const seatFor = (tableId) => read(`seat.${tableId}`, null);
export const saveSeat = (tableId, seat, token) => write(`seat.${tableId}`, { seat, token });
export const forgetSeat = (tableId) => localStorage.removeItem(PREFIX + `seat.${tableId}`);

export const playerName = () => read("name", "");
export const savePlayerName = (name) => write("name", name);

export function recentTables() {
  return read("recent", []);
}

export function rememberTable(tableId, game, role) {
  const list = recentTables().filter((t) => t.id !== tableId);
  list.unshift({ id: tableId, game, role, at: Date.now() });
  write("recent", list.slice(0, 12));
}

/** Scores per finished round of a table: [{round, scores}], kept across reloads. */
export const scoreHistory = (tableId) => read(`scores.${tableId}`, []);
export const saveScoreHistory = (tableId, rows) => write(`scores.${tableId}`, rows.slice(-200));

export const inviteCode = (tableId) => read(`code.${tableId}`, null);
export const saveInviteCode = (tableId, code) => code && write(`code.${tableId}`, code);

// The player's identity on this server: {player_id, secret, name}; the secret is this device's key.
export const identity = () => read("identity", null);
export const saveIdentity = (who) => write("identity", { player_id: who.player_id, secret: who.secret, name: who.name ?? null });
export const forgetIdentity = () => localStorage.removeItem(PREFIX + "identity");
// This device's device token (POST /api/login answers it): its next sign-ins are counted apart from guesses.
export const device = () => read("device", null);
export const saveDevice = (token) => token && write("device", token);

/** The people this person muted at the table chat, by the lines' `sender` keys (the same in every
 * language and told apart across tables, so the list is kept for every table). */
export const mutedSenders = () => read("mutedSenders", []);
export const saveMutedSenders = (keys) => write("mutedSenders", keys.slice(-200));
