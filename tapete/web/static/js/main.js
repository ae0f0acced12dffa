// The client's entry point: a hash router over the lobby, tables, replays and rules.

import { loadGames } from "./games/index.js";
import { onLang, t } from "./i18n.js";
import { renderLeaderboard } from "./leaderboard.js";
import { renderHome, renderJoin, renderNewTable } from "./lobby.js";
import { renderPlayer, renderProfile } from "./profile.js";
import { ReplayScreen } from "./replay.js";
import { renderRules } from "./rules.js";
import { TableScreen } from "./table.js";
import { renderTournament, renderTournaments, stopRefresh } from "./tournaments.js";

const root = document.getElementById("app");
let screen = null;

const ready = loadGames(); // each game's view, words and style, as /api/games lists them

async function route() {
  await ready;
  screen?.destroy?.();
  screen = null;
  stopRefresh();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [head, arg, view, seat] = parts;
  document.title = "tapete";
  window.scrollTo(0, 0);
  if (head === "table" && arg) {
    screen = new TableScreen(root, arg);
    screen.start();
  } else if (head === "watch" && arg) {
    location.replace(`#/table/${arg}`);
  } else if (head === "replay" && arg) {
    screen = new ReplayScreen(root, arg, view, seat); // #/replay/<id>/analysis[/<seat>]: the Analysis tab
    screen.start();
  } else if (head === "new" && arg) {
    renderNewTable(root, arg);
  } else if (head === "join" && arg) {
    renderJoin(root, arg.toUpperCase());
  } else if (head === "rules" && arg) {
    renderRules(root, arg);
  } else if (head === "me") {
    renderProfile(root);
  } else if (head === "player" && arg) {
    renderPlayer(root, arg);
  } else if (head === "ratings") {
    renderLeaderboard(root, arg);
  } else if (head === "tournaments") {
    renderTournaments(root);
  } else if (head === "tournament" && arg) {
    renderTournament(root, arg);
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
