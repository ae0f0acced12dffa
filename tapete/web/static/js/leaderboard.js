// The leaderboard of one game (#/ratings/<game>): people and bot levels, best first, paged.

import * as api from "./api.js";
import { h } from "./dom.js";
import { topBar } from "./frame.js";
import { gameIds, gameName } from "./games/index.js";
import { t } from "./i18n.js";
import { ratingText } from "./profile.js";
import * as store from "./store.js";
import { botAlgorithm, botLevel, errorText } from "./util.js";

const PAGE = 20;

function who(item) {
  if (item.bot_level) {
    const info = { kind: "bot", level: item.bot_level };
    // the level's one name; how it plays is for the curious (a tooltip)
    return h("span", { title: botAlgorithm(info) || null, "data-testid": "bot-level" }, t("ratings.bot", { level: botLevel(info) }));
  }
  const name = item.name || t("profile.noName");
  return item.player_id ? h("a", { href: `#/player/${encodeURIComponent(item.player_id)}` }, name) : name;
}

export async function renderLeaderboard(root, game, offset = 0) {
  const gameId = gameIds().includes(game) ? game : gameIds()[0];
  const me = store.identity()?.player_id;
  const body = h("div", { class: "card-panel" }, h("p", { class: "muted" }, t("table.loading")));
  const gamesNav = h("nav", { class: "game-tabs", "aria-label": t("ratings.games") },
    gameIds().map((g) => h("a", { class: ["button", "small", g === gameId && "primary"], href: `#/ratings/${g}`, "aria-current": g === gameId ? "page" : null }, gameName(g))));
  root.replaceChildren(topBar(t("ratings.title")), h("main", { class: "page leaderboard" },
    h("h1", {}, t("ratings.of", { game: gameName(gameId) })), gamesNav, body,
    h("p", { class: "muted small-note" }, t("ratings.explain"), " ", h("a", { href: "#/me" }, t("profile.title")))));
  let data;
  try {
    data = await api.ratings(gameId, offset, PAGE);
  } catch (err) {
    body.replaceChildren(h("p", { class: "error" }, errorText(err.error)));
    return;
  }
  if (!data.items.length) {
    body.replaceChildren(h("p", { class: "muted" }, t("ratings.empty")));
    return;
  }
  const rows = data.items.map((item) => h("tr", { class: [item.player_id && item.player_id === me && "me", item.bot_level && "bot"] },
    h("td", {}, String(item.rank)),
    h("th", { scope: "row" }, who(item)),
    h("td", {}, ratingText(item.ordinal)),
    h("td", {}, String(item.matches))));
  const pager = h("div", { class: "pager" },
    offset > 0 ? h("button", { type: "button", class: "small", onclick: () => renderLeaderboard(root, gameId, Math.max(0, offset - PAGE)) }, t("ratings.prev")) : null,
    h("span", { class: "muted" }, t("ratings.range", { from: offset + 1, to: offset + data.items.length, total: data.total })),
    offset + data.items.length < data.total ? h("button", { type: "button", class: "small", onclick: () => renderLeaderboard(root, gameId, offset + PAGE) }, t("ratings.next")) : null);
  body.replaceChildren(h("div", { class: "table-scroll" }, h("table", { class: "ratings-table", "data-testid": "leaderboard" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, t("ratings.rank")), h("th", { scope: "col" }, t("ratings.player")),
      h("th", { scope: "col", class: "num" }, t("ratings.rating")), h("th", { scope: "col", class: "num" }, t("ratings.matches")))),
    h("tbody", {}, rows))), pager);
}
