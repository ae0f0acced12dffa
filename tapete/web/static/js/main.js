// The client's entry point: a hash router over the lobby, tables, replays and rules.

import { loadGames } from "./games/index.js";
import { onLang, t } from "./i18n.js";
import { renderLeaderboard } from "./leaderboard.js";
import { renderHome, renderJoin, renderNewTable } from "./lobby.js";
import { renderPlayer, renderProfile } from "./profile.js";

// A table, a replay, the rules and the tournaments are loaded when first opened: the home page
// stays small on a phone's first visit (docs/web.md, delivery).
const table = () => import("./table.js");
const replay = () => import("./replay.js");
const rules = () => import("./rules.js");
const tournaments = () => import("./tournaments.js");
let tournamentsLoaded = null; // the module once loaded: its refresh is stopped on every move

const root = document.getElementById("app");
let screen = null;

const ready = loadGames(); // each game's view, words and style, as /api/games lists them

let routing = 0; // the latest route: one still loading its module when the address moved on is dropped

async function route() {
  const mine = ++routing;
  await ready;
  if (mine !== routing) return;
  screen?.destroy?.();
  screen = null;
  tournamentsLoaded?.stopRefresh();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [head, arg, view, seat] = parts;
  document.title = "tapete";
  window.scrollTo(0, 0);
  if (head === "table" && arg) {
    const { TableScreen } = await table();
    if (mine !== routing) return;
    screen = new TableScreen(root, arg);
    screen.start();
  } else if (head === "watch" && arg) {
    location.replace(`#/table/${arg}`);
  } else if (head === "replay" && arg) {
    const { ReplayScreen } = await replay();
    if (mine !== routing) return;
    screen = new ReplayScreen(root, arg, view, seat); // #/replay/<id>/analysis[/<seat>]: the Analysis tab
    screen.start();
  } else if (head === "new" && arg) {
    renderNewTable(root, arg);
  } else if (head === "join" && arg) {
    renderJoin(root, arg.toUpperCase());
  } else if (head === "rules" && arg) {
    const { renderRules } = await rules();
    if (mine === routing) renderRules(root, arg);
  } else if (head === "me") {
    renderProfile(root);
  } else if (head === "player" && arg) {
    renderPlayer(root, arg);
  } else if (head === "ratings") {
    renderLeaderboard(root, arg);
  } else if (head === "tournaments") {
    tournamentsLoaded = await tournaments();
    if (mine === routing) tournamentsLoaded.renderTournaments(root);
  } else if (head === "tournament" && arg) {
    tournamentsLoaded = await tournaments();
    if (mine === routing) tournamentsLoaded.renderTournament(root, arg);
  } else {
    renderHome(root);
  }
}

function redraw() {
  document.documentElement.lang = document.documentElement.lang; // set by i18n
  if (screen?.onLang) screen.onLang();
  else if (screen?.render) screen.render();
  else if (screen) route();
  else route();
}

window.addEventListener("hashchange", route);
onLang(redraw);
document.title = t("home.title");
route();
