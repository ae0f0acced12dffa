// "Mi perfil": this device's player (name, ratings per game, match history with
// replays, a password to protect it, signing in from another device), and any
// player's public profile (#/player/<id>, linked from the leaderboards).

import "./analysis.js"; // its words (the history links to it)
import * as api from "./api.js";
import { h } from "./dom.js";
import { topBar } from "./frame.js";
import { gameIds, gameName } from "./games/index.js";
import { lang, t } from "./i18n.js";
import { ensureIdentity } from "./identity.js";
import { LIMITS } from "./protocol.js";
import * as store from "./store.js";
import { botLevel, errorText } from "./util.js";

const PAGE = 20;

function page(title, ...children) {
  return [topBar(title), h("main", { class: "page profile" }, ...children)];
}

/** A form's message line: the server's es/en error, or a short confirmation of ours. */
function messageLine() {
  return h("p", { class: "form-message", role: "status", "aria-live": "polite" });
}

function say(line, text, ok = false) {
  line.textContent = text;
  line.classList.toggle("error", !ok);
  line.classList.toggle("ok", ok);
}

/** When a match ended, as the reader's language writes dates. */
export function when(value) {
  if (value === null || value === undefined) return "";
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** A rating as people read it: the ordinal, one decimal. */
export function ratingText(value) {
  return typeof value === "number" ? value.toFixed(1) : "—";
}

/** Someone at a past match: the person's name, a bot's level, "tú" for the profile's own seats. */
function seatWho(seat, mine, self) {
  const name = seat.kind === "bot"
    ? t("profile.botSeat", { name: seat.name || t("seat.botShort"), level: botLevel({ level: seat.level }) })
    : seat.name || t("seat.n", { n: seat.seat + 1 });
  if (mine) return self ? `${name} (${t("seat.you")})` : name;
  if (seat.player_id && seat.kind !== "bot") return h("a", { href: `#/player/${encodeURIComponent(seat.player_id)}` }, name);
  return name;
}

function historyItem(item, self) {
  const mine = new Set(item.your_seats || []);
  const people = [];
  (item.seats || []).forEach((seat, i) => {
    if (i) people.push(", ");
    const who = seatWho(seat, mine.has(seat.seat), self);
    people.push(mine.has(seat.seat) ? h("strong", {}, who) : who);
  });
  const result = item.won ? t(self ? "profile.won" : "profile.wonThey") : t(self ? "profile.lost" : "profile.lostThey");
  return h("li", { class: "history-item", "data-match": item.match_id },
    h("div", { class: "history-head" },
      h("strong", {}, gameName(item.game)),
      h("span", { class: ["pill-result", item.won && "won"] }, result),
      item.rated ? null : h("span", { class: "muted" }, t("profile.unrated")),
      h("span", { class: "muted history-when" }, when(item.finished_at))),
    h("div", { class: "history-seats" }, people),
    h("a", { class: "button small", href: `#/replay/${encodeURIComponent(item.match_id)}`, "data-testid": "history-replay" }, t("summary.replay")),
    (item.your_seats || []).length ? h("a", { class: "button small", "data-testid": "history-analysis",
      href: `#/replay/${encodeURIComponent(item.match_id)}/analysis/${item.your_seats[0]}` }, t("analysis.open")) : null);
}

/** The paged match history, newest first; "more" fetches the next page. */
function historySection(playerId, self) {
  const list = h("ol", { class: "history", "data-testid": "history" });
  const more = h("button", { type: "button", class: "small", hidden: true, "data-testid": "history-more" }, t("profile.more"));
  const note = h("p", { class: "muted" }, t("table.loading"));
  let offset = 0;
  const load = async () => {
    more.disabled = true;
    try {
      const data = await api.playerMatches(playerId, offset, PAGE);
      list.append(...data.items.map((item) => historyItem(item, self)));
      offset += data.items.length;
      note.textContent = data.total ? t("profile.matchesTotal", { n: data.total }) : t("profile.noMatches");
      more.hidden = offset >= data.total || !data.items.length;
    } catch (err) {
      note.textContent = errorText(err.error);
    }
    more.disabled = false;
  };
  more.addEventListener("click", load);
  load();
  return h("section", { class: "card-panel" }, h("h2", {}, t("profile.history")), note, list, more);
}

/** Ratings and results per game, each game linking to its leaderboard. */
function ratingsSection(data) {
  const rows = gameIds().filter((g) => data.ratings?.[g] || data.games?.[g]).map((g) => {
    const rating = data.ratings?.[g];
    const played = data.games?.[g];
    return h("tr", { "data-game": g },
      h("th", { scope: "row" }, h("a", { href: `#/ratings/${g}` }, gameName(g))),
      h("td", {}, rating ? ratingText(rating.ordinal) : "—"),
      h("td", {}, rating?.rank ? `#${rating.rank}` : "—"),
      h("td", {}, String(played?.matches ?? rating?.matches ?? 0)),
      h("td", {}, String(played?.wins ?? 0)));
  });
  return h("section", { class: "card-panel" }, h("h2", {}, t("profile.ratings")),
    rows.length ? h("div", { class: "table-scroll" }, h("table", { class: "ratings-table", "data-testid": "profile-ratings" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("ratings.game")), h("th", { scope: "col", class: "num" }, t("ratings.rating")),
        h("th", { scope: "col", class: "num" }, t("ratings.rank")), h("th", { scope: "col", class: "num" }, t("ratings.matches")),
        h("th", { scope: "col", class: "num" }, t("profile.wins")))),
      h("tbody", {}, rows))) : h("p", { class: "muted" }, t("profile.noRatings")),
    h("p", { class: "muted small-note" }, t("ratings.explain")));
}

function renameForm(who, redraw) {
  const input = h("input", { type: "text", maxlength: LIMITS.nameInput, value: who.name || "", autocomplete: "nickname", "aria-label": t("home.yourName"), "data-testid": "rename-input" });
  const line = messageLine();
  const submit = async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return say(line, t("profile.nameEmpty"));
    try {
      await api.renamePlayer(who.player_id, name);
      store.saveIdentity({ ...who, name });
      store.savePlayerName(name);
      redraw();
    } catch (err) {
      say(line, errorText(err.error));
    }
  };
  return h("form", { class: "inline-form", onsubmit: submit, "data-testid": "rename" },
    h("label", { class: "field" }, h("span", {}, t("home.yourName")), input),
    h("button", { type: "submit" }, t("profile.rename")), line);
}

function passwordForm(who) {
  const input = h("input", { type: "password", minlength: LIMITS.passwordMin, maxlength: LIMITS.passwordMax, autocomplete: "new-password", "aria-label": t("profile.password"), "data-testid": "password-input" });
  const old = h("input", { type: "password", maxlength: LIMITS.passwordMax, autocomplete: "current-password", "aria-label": t("profile.oldPassword"), "data-testid": "old-password-input" });
  const line = messageLine();
  const submit = async (event) => {
    event.preventDefault();
    if (!who.name) return say(line, t("profile.passwordNeedsName"));
    try {
      await api.setPassword(who.player_id, input.value, old.value);
      input.value = "";
      old.value = "";
      say(line, t("profile.passwordSet", { name: who.name }), true);
    } catch (err) {
      say(line, errorText(err.error));
    }
  };
  return h("section", { class: "card-panel" }, h("h2", {}, t("profile.protect")),
    h("p", {}, t("profile.protectWhy")),
    h("form", { class: "inline-form", onsubmit: submit, "data-testid": "password" },
      h("label", { class: "field" }, h("span", {}, t("profile.oldPassword")), old),
      h("label", { class: "field" }, h("span", {}, t("profile.password")), input),
      h("button", { type: "submit" }, t("profile.protectGo")), line));
}

/** Sign in with name + password: this device takes that identity (a new device secret). */
function loginForm(redraw, replaces) {
  const name = h("input", { type: "text", maxlength: LIMITS.nameInput, autocomplete: "username", "aria-label": t("home.yourName"), "data-testid": "login-name" });
  const password = h("input", { type: "password", maxlength: LIMITS.passwordMax, autocomplete: "current-password", "aria-label": t("profile.password"), "data-testid": "login-password" });
  const line = messageLine();
  const submit = async (event) => {
    event.preventDefault();
    if (replaces && !window.confirm(t("profile.loginReplaces"))) return;
    try {
      const who = await api.login(name.value.trim(), password.value);
      store.saveIdentity(who);
      if (who.name) store.savePlayerName(who.name);
      redraw();
    } catch (err) {
      say(line, errorText(err.error));
    }
  };
  return h("section", { class: "card-panel" }, h("h2", {}, t("profile.login")),
    h("p", {}, t("profile.loginWhy")),
    h("form", { class: "login-form", onsubmit: submit, "data-testid": "login" },
      h("label", { class: "field" }, h("span", {}, t("home.yourName")), name),
      h("label", { class: "field" }, h("span", {}, t("profile.password")), password),
      h("button", { type: "submit" }, t("profile.loginGo")), line));
}

/** No identity on this device yet: make one with a name, or sign in with a password. */
function newcomer(root) {
  const input = h("input", { type: "text", maxlength: LIMITS.nameInput, value: store.playerName(), autocomplete: "nickname", "aria-label": t("home.yourName"), "data-testid": "profile-name" });
  const line = messageLine();
  const submit = async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return say(line, t("profile.nameEmpty"));
    store.savePlayerName(name);
    try {
      if (!(await ensureIdentity(name))) return say(line, t("profile.serverSaysNo"));
    } catch (err) {
      return say(line, errorText(err.error)); // a name another player holds, in words where it was typed
    }
    renderProfile(root);
  };
  root.replaceChildren(...page(t("profile.title"),
    h("section", { class: "card-panel" }, h("h1", {}, t("profile.title")),
      h("p", {}, t("profile.none")),
      h("form", { class: "inline-form", onsubmit: submit, "data-testid": "make-profile" },
        h("label", { class: "field" }, h("span", {}, t("home.yourName")), input),
        h("button", { type: "submit", class: "primary" }, t("profile.make")), line)),
    loginForm(() => renderProfile(root), false)));
}

/** Turn notifications (push, e-mail): their module is loaded only here, not with the home page. */
function notifyPanel(playerId) {
  const slot = h("div", { "data-testid": "notify-slot" });
  import("./notify.js").then(async (m) => slot.replaceChildren(await m.notifySection(playerId))).catch(() => {});
  return slot;
}

/** #/me: this device's own profile. */
export async function renderProfile(root) {
  const who = store.identity();
  if (!who) return newcomer(root);
  const redraw = () => renderProfile(root);
  const body = h("div", {}, h("p", { class: "muted" }, t("table.loading")));
  root.replaceChildren(...page(t("profile.title"), body));
  let data;
  try {
    data = await api.player(who.player_id);
  } catch (err) {
    if (err.error?.code === "player_not_found") {
      store.forgetIdentity(); // this server does not know the player (say, a fresh database)
      return newcomer(root);
    }
    body.replaceChildren(h("p", { class: "error" }, errorText(err.error)));
    return;
  }
  if (data.name !== undefined && data.name !== who.name) store.saveIdentity({ ...who, name: data.name });
  const current = store.identity();
  body.replaceChildren(
    h("section", { class: "card-panel profile-head" },
      h("h1", { "data-testid": "profile-title" }, current.name || t("profile.noName")),
      renameForm(current, redraw)),
    ratingsSection(data),
    historySection(who.player_id, true),
    notifyPanel(who.player_id),
    passwordForm(current),
    loginForm(redraw, true));
}

/** #/player/<id>: someone's public profile (name, ratings, history). */
export async function renderPlayer(root, playerId) {
  if (store.identity()?.player_id === playerId) return renderProfile(root);
  const body = h("div", {}, h("p", { class: "muted" }, t("table.loading")));
  root.replaceChildren(...page(t("profile.player"), body));
  try {
    const data = await api.player(playerId);
    body.replaceChildren(
      h("section", { class: "card-panel profile-head" }, h("h1", { "data-testid": "profile-title" }, data.name || t("profile.noName"))),
      ratingsSection(data),
      historySection(playerId, false));
  } catch (err) {
    body.replaceChildren(h("p", { class: "error" }, errorText(err.error)), h("a", { class: "button", href: "#/" }, t("nav.backHome")));
  }
}
