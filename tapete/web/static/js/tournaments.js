// Tournaments (#/tournaments: the list and a new one; #/tournament/<id>: standings, games, joining,
// starting, and the way to one's own table). Standings are read again every few seconds.

import * as api from "./api.js";
import { h } from "./dom.js";
import { toast, topBar } from "./frame.js";
import { gameIds, gameName } from "./games/index.js";
import { t } from "./i18n.js";
import { withIdentity } from "./identity.js";
import * as store from "./store.js";
import { errorText } from "./util.js";

const REFRESH_MS = 3000;
let timer = null;

function stopRefresh() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

const kindText = (kind) => t(kind === "arena" ? "tour.arena" : "tour.swiss");
const statusText = (status) => t(`tour.status.${status}`);

function fail(err) {
  toast(errorText(err.error || { es: String(err), en: String(err) }));
}

// -- the list and the form -----------------------------------------------------------------------
export async function renderTournaments(root) {
  stopRefresh();
  const list = h("div", { class: "card-panel" }, h("p", { class: "muted" }, t("table.loading")));
  root.replaceChildren(topBar(t("tour.title")), h("main", { class: "page tournaments" },
    h("h1", {}, t("tour.title")), h("p", { class: "muted small-note" }, t("tour.explain")),
    newForm(), h("h2", {}, t("tour.list")), list));
  let data;
  try {
    data = await api.tournaments();
  } catch (err) {
    list.replaceChildren(h("p", { class: "error" }, errorText(err.error)));
    return;
  }
  if (!data.tournaments.length) {
    list.replaceChildren(h("p", { class: "muted" }, t("tour.none")));
    return;
  }
  list.replaceChildren(h("ul", { class: "tournament-list", "data-testid": "tournaments" },
    data.tournaments.map((x) => h("li", {},
      h("a", { href: `#/tournament/${encodeURIComponent(x.id)}` }, x.name || t("tour.untitled", { game: gameName(x.game) })),
      " ", h("span", { class: "muted" }, `${kindText(x.kind)} · ${gameName(x.game)} · ${statusText(x.status)} · `,
        t("tour.entries", { n: x.entries }))))));
}

function newForm() {
  const kind = h("select", { name: "kind" },
    h("option", { value: "swiss" }, t("tour.swiss")), h("option", { value: "arena" }, t("tour.arena")));
  const game = h("select", { name: "game" }, gameIds().map((g) => h("option", { value: g }, gameName(g))));
  const name = h("input", { name: "name", maxlength: "64", autocomplete: "off" });
  const seats = h("input", { name: "seats", type: "number", min: "2", max: "8", placeholder: t("tour.seatsDefault") });
  const rounds = h("input", { name: "rounds", type: "number", min: "1", max: "30", value: "3" });
  const minutes = h("input", { name: "minutes", type: "number", min: "1", max: "10080", value: "30" });
  const bots = h("input", { name: "bots", type: "number", min: "0", max: "32", value: "0" });
  const roundsRow = h("label", {}, t("tour.rounds"), " ", rounds);
  const minutesRow = h("label", { hidden: true }, t("tour.minutes"), " ", minutes);
  kind.addEventListener("change", () => {
    roundsRow.hidden = kind.value !== "swiss";
    minutesRow.hidden = kind.value !== "arena";
  });
  const submit = async (event) => {
    event.preventDefault();
    const body = { kind: kind.value, game: game.value, name: name.value.trim() || null, join: true,
      bots: Array.from({ length: Number(bots.value) || 0 }, () => ({ level: "heuristic" })) };
    if (seats.value) body.seats = Number(seats.value);
    if (kind.value === "swiss") body.rounds = Number(rounds.value);
    else body.seconds = Number(minutes.value) * 60;
    try {
      const made = await withIdentity(store.playerName(), () => api.createTournament(body));
      location.hash = `#/tournament/${encodeURIComponent(made.id)}`;
    } catch (err) {
      fail(err);
    }
  };
  return h("form", { class: "card-panel tournament-form", onsubmit: submit, "data-testid": "new-tournament" },
    h("h2", {}, t("tour.new")),
    h("label", {}, t("tour.kind"), " ", kind), h("label", {}, t("tour.game"), " ", game),
    h("label", {}, t("tour.name"), " ", name), h("label", {}, t("tour.seats"), " ", seats),
    roundsRow, minutesRow, h("label", {}, t("tour.bots"), " ", bots),
    h("button", { type: "submit", class: "primary" }, t("tour.create")));
}

// -- one tournament -------------------------------------------------------------------------------
function names(line) {
  return line.names.map((n) => n || t("profile.noName")).join(" · ");
}

function standingsTable(x) {
  const swiss = x.kind === "swiss";
  const head = swiss
    ? [t("ratings.rank"), t("tour.entry"), t("tour.score"), t("tour.buchholz"), t("tour.played")]
    : [t("ratings.rank"), t("tour.entry"), t("tour.points"), t("tour.wins"), t("tour.played")];
  const rows = x.standings.map((line) => h("tr", {},
    h("td", { class: "num" }, String(line.rank)),
    h("th", { scope: "row" }, names(line), line.streak ? h("span", { title: t("tour.streak") }, " 🔥") : null),
    ...(swiss ? [line.score, line.buchholz, line.played] : [line.points, line.wins, line.played])
      .map((n) => h("td", { class: "num" }, String(n)))));
  return h("div", { class: "table-scroll" }, h("table", { class: "ratings-table", "data-testid": "standings" },
    h("thead", {}, h("tr", {}, head.map((label) => h("th", { scope: "col" }, label)))), h("tbody", {}, rows)));
}

function resultText(result) {
  return t(`tour.result.${result}`);
}

function gamesList(x) {
  const entryNames = Object.fromEntries(x.standings.map((line) => [line.entry, names(line)]));
  const shown = [...x.games].reverse().slice(0, 40);
  return h("ul", { class: "tournament-games" }, shown.map((g) => h("li", {},
    x.kind === "swiss" ? `${t("tour.round", { n: g.round })}: ` : "",
    g.bye ? t("tour.bye", { who: entryNames[g.entries[0]] })
      : g.entries.map((e) => `${entryNames[e]}${g.results ? ` (${resultText(g.results[String(e)])})` : ""}`).join(" — "),
    g.table && !g.bye ? [" ", h("a", { href: g.results ? `#/replay/${g.table}` : `#/table/${g.table}` },
      g.results ? t("tour.replay") : t("tour.watch"))] : null)));
}

export async function renderTournament(root, id) {
  stopRefresh();
  let x;
  try {
    x = await api.tournament(id);
  } catch (err) {
    root.replaceChildren(topBar(t("tour.title")), h("main", { class: "page" }, h("p", { class: "error" }, errorText(err.error))));
    return;
  }
  const me = store.identity();
  const mine = me && x.entries.some((e) => e.members.some((m) => m.player === me.player_id));
  let playing = null;
  if (mine && x.status === "running") {
    try {
      playing = (await api.tournamentSeat(id)).playing;
    } catch {
      playing = null;
    }
  }
  const actions = [];
  if (!mine && (x.status === "open" || (x.status === "running" && x.kind === "arena"))) {
    actions.push(h("button", { type: "button", class: "primary", "data-testid": "join-tournament", onclick: async () => {
      try {
        await withIdentity(store.playerName(), () => api.joinTournament(id));
        renderTournament(root, id);
      } catch (err) {
        fail(err);
      }
    } }, t("tour.join")));
  }
  if (me && x.organiser === me.player_id && x.status === "open") {
    actions.push(h("button", { type: "button", "data-testid": "start-tournament", onclick: async () => {
      try {
        await api.startTournament(id);
        renderTournament(root, id);
      } catch (err) {
        fail(err);
      }
    } }, t("tour.start")));
  }
  if (playing) {
    actions.push(h("button", { type: "button", class: "primary", "data-testid": "my-tournament-table", onclick: () => {
      store.saveSeat(playing.table, playing.seat, playing.token);
      store.rememberTable(playing.table, x.game, "player");
      location.hash = `#/table/${encodeURIComponent(playing.table)}`;
    } }, t("tour.toTable")));
  }
  const when = x.kind === "arena" && x.ends_at && x.status === "running"
    ? t("tour.endsIn", { min: Math.max(0, Math.ceil((x.ends_at * 1000 - Date.now()) / 60000)) })
    : x.kind === "swiss" ? t("tour.roundOf", { n: x.round, of: x.plan.rounds }) : "";
  root.replaceChildren(topBar(x.name || t("tour.title")), h("main", { class: "page tournament" },
    h("h1", {}, x.name || t("tour.untitled", { game: gameName(x.game) })),
    h("p", { class: "muted", "data-testid": "tournament-status" },
      `${kindText(x.kind)} · ${gameName(x.game)} · ${statusText(x.status)}${when ? ` · ${when}` : ""}`),
    h("p", { class: "muted small-note" }, t(x.kind === "arena" ? "tour.arenaRules" : "tour.swissRules")),
    actions.length ? h("div", { class: "actions" }, actions) : null,
    h("h2", {}, t("tour.standings")), standingsTable(x),
    x.games.length ? [h("h2", {}, t("tour.games")), gamesList(x)] : null,
    h("p", {}, h("a", { href: "#/tournaments" }, t("tour.all")))));
  if (x.status !== "finished") {
    timer = setTimeout(() => {
      if (location.hash.startsWith(`#/tournament/${encodeURIComponent(id)}`) || location.hash.startsWith(`#/tournament/${id}`)) {
        renderTournament(root, id);
      }
    }, REFRESH_MS);
  }
}

export { stopRefresh };
