// Helpers shared by the table, the replay viewer and the game views.

import { t, tx } from "./i18n.js";

/** JSON values equal as data (action forms are small objects). */
export function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => same(a[k], b[k]));
}

/** Does `action` carry every field of `pattern` (a partial action form)? */
export function matches(action, pattern) {
  return Object.entries(pattern).every(([k, v]) => same(action[k], v));
}

/** A seat's name: the person's chosen name or the bot's, else "Jugador 2" (people count from 1). */
export function seatName(seats, seat) {
  return seats?.[seat]?.name || t("seat.n", { n: seat + 1 });
}

/** A bot's level as a player understands it (Fácil / Normal / Difícil). */
export function botLevel(info) {
  return t(`level.${info?.level || "heuristic"}`, {}, null) ?? t("level.heuristic");
}

/** How a bot plays, for a tooltip only ("búsqueda ISMCTS"). */
export function botAlgorithm(info) {
  return info?.kind === "bot" ? t(`bot.${info.level}`, {}, "") : "";
}

/** A seat's name on screen: "Ana", "Bruno · Normal" for a bot, "(tú)" for oneself. */
export function seatLabel(seats, seat, me, short = false) {
  const info = seats?.[seat];
  const you = seat === me ? ` (${t("seat.you")})` : "";
  const name = seatName(seats, seat);
  if (short || info?.kind !== "bot") return name + you;
  return `${name} · ${botLevel(info)}${you}`;
}

/** Short name for tight places: the player's name, "Tú" for oneself when unnamed. */
export function shortName(seats, seat, me) {
  const info = seats?.[seat];
  if (seat !== me) return seatName(seats, seat);
  return info?.name ? `${info.name} (${t("seat.you")})` : t("seat.youCap");
}

/** An error in words; its rule id stays out of the sentence (errorRule gives it for a "why?" detail). */
export function errorText(error) {
  return tx(error);
}

export function errorRule(error) {
  return error?.rule && /^[A-Z]{3}-\d+$/.test(error.rule) ? error.rule : null;
}


let longClock = null; // timewords.js
export const useLongClock = (say) => { longClock = say; };

/** A clock's text ("◔ 42 s"; an hour or more in words, "◔ 23 h"). */
export function clockText(key, seconds) {
  return longClock && seconds >= 3600 ? longClock(key, seconds) : t(key, { s: seconds });
}
