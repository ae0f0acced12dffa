// Pieces shared by every screen: the top bar with the language switch, toasts,
// the seat chips, the event log, the scores table and the moves list.

import { h } from "./dom.js";
import { gameFacts } from "./games/index.js";
import { lang, onLang, say, setLang, t, tx } from "./i18n.js";
import { botAlgorithm, clockText, seatLabel } from "./util.js";

export function topBar(title, extra = []) {
  const next = lang() === "es" ? "en" : "es";
  return h("header", { class: "topbar" },
    h("a", { class: "brand", href: "#/", "aria-label": t("nav.home") }, h("span", { class: "brand-mark", "aria-hidden": "true" }), "tapete"),
    h("div", { class: "topbar-title" }, title || ""),
    ...extra,
    h("button", {
      class: "lang-switch",
      type: "button",
      "data-testid": "lang-switch",
      lang: next,
      "aria-label": t("nav.switchLang"),
      title: t("nav.switchLang"),
      onclick: () => setLang(next),
    }, next === "en" ? "EN" : "ES"),
  );
}

/** A passing message. `message` is a function of nothing that says it in the
 * current language, so a toast still on screen follows a language switch. */
export function toast(message, kind = "error") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const say = typeof message === "function" ? message : () => message;
  const el = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, say());
  const forget = onLang(() => { el.textContent = say(); });
  box.append(el);
  // at the top of the screen (never over the hand), for a short while; a tap closes it at once
  const gone = () => { forget(); el.remove(); };
  el.addEventListener("click", gone);
  setTimeout(() => el.classList.add("fade"), 2800);
  setTimeout(gone, 3400);
}

/** A score's unit in the game's words (its `score_unit`): "pts", "cartas de victoria", "botín". */
export function scoreUnit(game) {
  const unit = gameFacts(game).score_unit;
  return unit ? say(unit) : t("unit.points");
}

/** A score as people read it (the game's `score_text`): "12 pts", "4 cartas de victoria", "botín $25". */
export function scoreText(game, n) {
  const text = gameFacts(game).score_text;
  return text ? say(text, { n }) : `${n}`;
}

/** One chip per seat: name, score, whose turn, bot level, connection. */
export function seatChips(state, me) {
  const view = state.view;
  const required = new Set(state.required || []);
  const actors = new Set(state.actors || []);
  const winners = new Set(view.winners || []);
  return h("ol", { class: "seat-chips", "aria-label": t("table.seats") },
    (state.seats || []).map((info, seat) => {
      const badges = [];
      if (required.has(seat) && state.status === "playing") badges.push(h("span", { class: "badge badge-turn" }, "▶ ", t("badge.turn")));
      else if (actors.has(seat) && state.status === "playing") badges.push(h("span", { class: "badge badge-react" }, t("badge.mayReact")));
      if (view.over && winners.has(seat)) badges.push(h("span", { class: "badge badge-win" }, "★ ", t("badge.winner")));
      if (info.kind === "human") {
        if (!info.taken) badges.push(h("span", { class: "badge badge-free" }, t("badge.free")));
        else if (info.stand_in) badges.push(h("span", { class: "badge badge-standin" }, t("badge.standin")));
        else if (!info.connected) badges.push(h("span", { class: "badge badge-away" }, t("badge.away")));
      }
      // a seat's running turn clock, seen by everyone at the table (table.js's tick counts it down)
      const clock = (state.clocks || []).find((c) => c.seat === seat);
      if (clock && state.status === "playing") {
        const s = Math.ceil(clock.remaining_ms / 1000);
        badges.push(h("span", { class: "badge badge-clock", role: "timer", "data-seat-clock": seat, "aria-label": clockText("badge.clockLabel", s) }, clockText("badge.clock", s)));
      }
      const score = view.scores?.[seat];
      return h("li", {
        class: ["seat-chip", seat === me && "me", required.has(seat) && "turn", view.over && winners.has(seat) && "winner"],
        "data-seat": seat,
      },
      h("span", { class: "seat-name", title: botAlgorithm(info) || null }, seatLabel(state.seats, seat, me)),
      h("span", { class: "seat-score" }, score === undefined ? "" : scoreText(view.game, score)),
      badges.length ? h("span", { class: "seat-badges" }, badges) : null);
    }));
}

/** An entry's words in the current language; "…" while they are being fetched. */
function logText(entry) {
  const text = entry.text;
  if (typeof text === "string") return text;
  return text?.[lang()] ?? "…";
}

/** The event log in words, newest last. */
export function logPanel(entries) {
  const list = h("ol", { class: "log", "aria-label": t("tab.log"), "data-testid": "log" },
    entries.length ? entries.map((e) => h("li", { class: ["log-entry", e.round && "log-round"] }, logText(e))) : h("li", { class: "muted" }, t("log.empty")));
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return list;
}

/** Scores across rounds: one row per finished round, then the current totals (the final ones once
 * the match is `over`). */
export function scoresPanel(game, seats, me, history, current, round, over = false) {
  const n = seats.length;
  const head = h("tr", {}, h("th", { scope: "col" }, t("scores.round")),
    Array.from({ length: n }, (_, s) => h("th", { scope: "col" }, seatLabel(seats, s, me, true))));
  const rows = history.filter((row) => !row.final).map((row) => h("tr", {},
    h("th", { scope: "row" }, String(row.round)),
    row.scores.map((v) => h("td", {}, String(v)))));
  const now = h("tr", { class: "scores-now" }, h("th", { scope: "row" }, t(over ? "scores.final" : "scores.now", { round })),
    (current || []).map((v) => h("td", {}, String(v))));
  return h("div", { class: "scores-wrap" },
    h("p", { class: "muted" }, t("scores.unit", { unit: scoreUnit(game) })),
    h("table", { class: "scores", "data-testid": "scores" }, h("thead", {}, head), h("tbody", {}, rows, now)));
}

/** Every legal move as a button (keyboard play, and the truth behind the board). */
export function movesPanel(legal, act, disabled, game = null) {
  const keys = game ? h("p", { class: "muted keys-hint" }, t(`keys.${game}`, {}, "")) : null;
  if (!legal.length) return h("div", {}, h("p", { class: "muted" }, t("moves.none")), keys);
  return h("div", { class: "moves", role: "group", "aria-label": t("tab.moves"), "data-testid": "moves" },
    keys,
    legal.map((entry) => h("button", {
      type: "button",
      class: ["move", entry.reaction && "move-reaction"],
      disabled,
      "data-index": entry.index,
      onclick: () => act(entry.action),
    }, tx(entry.text))));
}

export function tabs(current, choose, names) {
  return h("div", { class: "tabs", role: "tablist" },
    names.map(([key, label]) => h("button", {
      type: "button",
      role: "tab",
      class: ["tab", current === key && "active"],
      "aria-selected": current === key ? "true" : "false",
      "data-tab": key,
      onclick: () => choose(key),
    }, label)));
}
