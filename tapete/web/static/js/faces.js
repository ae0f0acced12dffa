// The names of a game's cards as the server's catalogue says them (GET /api/games/{game}/faces):
// a card on the board reads as it does in the log, in the reader's language, and no game view
// formats a face token itself. Loaded once per game before the game's first drawing.

import * as api from "./api.js";
import { lang } from "./i18n.js";

const loaded = new Map(); // game id -> {faces, short}, or a promise of it

/** Fetch the game's card names once (a screen awaits this before it draws the game). */
export async function loadCardNames(game) {
  if (!loaded.has(game)) {
    loaded.set(game, api.faces(game).catch(() => ({ faces: {}, short: {} })).then((names) => {
      loaded.set(game, names);
      return names;
    }));
  }
  return loaded.get(game);
}

/** The name of card `face` of `game` in the current language (`short`: the compact one where the
 * game has it); the token itself when the names are not here. */
export function cardName(game, face, { short = false } = {}) {
  const names = loaded.get(game);
  const entry = names && !(names instanceof Promise) ? (short && names.short[face]) || names.faces[face] : null;
  return entry ? entry[lang()] ?? entry.es : face;
}
