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

/** A seat's name on screen: "Asiento 2 · Ana", "Asiento 1 · bot (heurístico)". */
export function seatLabel(seats, seat, me, short = false) {
  const info = seats?.[seat];
  const base = t("seat.n", { n: seat });
  let who = "";
  if (info?.kind === "bot") who = t("seat.bot", { level: t(`bot.${info.level}`) });
  else if (info?.name) who = info.name;
  const you = seat === me ? ` (${t("seat.you")})` : "";
  if (short) return (info?.name || base) + you;
  return (who ? `${base} · ${who}` : base) + you;
}

/** Short name for tight places: the player's name or "Asiento 2", and "(tú)" for oneself. */
export function shortName(seats, seat, me) {
  const info = seats?.[seat];
  const name = info?.name || t("seat.n", { n: seat });
  return seat === me ? (info?.name ? `${name} (${t("seat.you")})` : t("seat.youCap")) : name;
}

export function errorText(error) {
  const body = tx(error);
  return error.rule ? `${body} (${error.rule})` : body;
}
