// The registry of the games' browser pieces, discovered: `GET /api/games` lists every game
// with what the client must know of it (`client`: score words, result panels, deck data,
// table options, bot levels) and the paths of its pieces (js/games/<game>/view.js,
// words.js, style.css): its words and style are taken at start, its view (the board, with
// its art) when a table, a replay or the rules first draw it (`loadView`), so the home page
// loads no board. No module outside a game's folder names a game.

import * as api from "../api.js";
import { h } from "../dom.js";
import { addStrings, t, tx } from "../i18n.js";

const GAMES = new Map(); // id -> { info (the /api/games entry), view (its view module, once loaded) }
let ORDER = [];

/** A game with no view of its own: the moves list does the playing. */
function fallback(id) {
  return {
    id,
    render: () => h("div", { class: "card-panel" }, h("p", {}, t("table.noView"))),
    ghost: () => h("span"),
  };
}

function addStyle(href) {
  if (document.querySelector(`link[data-game-style="${href}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href, "data-game-style": href }));
}

async function loadOne(info) {
  const web = info.client?.web || {};
  const words = web.words ? await import(web.words).then((m) => m.default).catch(() => null) : null;
  if (words) addStrings(words);
  if (web.style) addStyle(web.style);
  GAMES.set(info.id, { info, view: null });
}

let loading = null;

/** Every game's pieces, loaded once (the same promise for every caller; a failure leaves the
 * registry empty: names and views fall back). */
export function loadGames() {
  loading ||= (async () => {
    try {
      const data = await api.games();
      await Promise.all(data.games.map(loadOne));
      ORDER = data.games.map((g) => g.id);
    } catch {
      /* the lobby says what went wrong when it asks again */
    }
  })();
  return loading;
}

/** Ids of every game, in the server's order. */
export function gameIds() {
  return ORDER;
}

const VIEWS = new Map(); // id -> the promise of its view module (null: none loads)

/** The game's view, imported once on first need; a game without one (or whose view does not
 * load) gets the fallback, where the moves list does the playing. */
export async function loadView(id) {
  await loadGames();
  const game = GAMES.get(id);
  const path = game?.info.client?.web?.view;
  if (!game || !path) return fallback(id);
  if (!VIEWS.has(id)) VIEWS.set(id, import(path).then((m) => m.default).catch(() => null));
  game.view = await VIEWS.get(id);
  return gameModule(id);
}

/** The game's view once `loadView` has brought it; the fallback before. */
export function gameModule(id) {
  return GAMES.get(id)?.view || fallback(id);
}

export function gameName(id) {
  const info = GAMES.get(id)?.info;
  return info ? tx(info.name) : id;
}

/** What the client knows of a game (`client` of its /api/games entry); {} for an unknown one. */
export function gameFacts(id) {
  return GAMES.get(id)?.info.client || {};
}
