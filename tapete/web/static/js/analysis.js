// The replay's "Análisis / Analysis" tab: one seat's decisions in a finished match, judged by the
// server from what that seat knew (GET /api/matches/{id}/analysis, docs/analysis.md). An
// advantage graph over the match (an inline SVG), the decisions with their labels in words, and
// the better move of the decision at the replay's step. Never an engine value on screen: the
// moves are the game's own sentences, the labels words.

import * as api from "./api.js";
import { h, s as svg } from "./dom.js";
import { addStrings, lang, t } from "./i18n.js";
import { errorText } from "./util.js";

addStrings({
  "analysis.tab": { es: "Análisis", en: "Analysis" },
  "analysis.stepTab": { es: "Este paso", en: "This step" },
  "analysis.open": { es: "Ver el análisis", en: "See the analysis" },
  "analysis.intro": { es: "El bot repasa cada decisión desde lo que sabías entonces y dice dónde había una jugada mejor.", en: "The bot goes over each decision from what you knew then and says where there was a better move." },
  "analysis.whose": { es: "Las decisiones de {name}", en: "{name}'s decisions" },
  "analysis.pick": { es: "¿De quién quieres ver las decisiones?", en: "Whose decisions do you want to see?" },
  "analysis.computing": { es: "El bot está revisando las decisiones de {name}… puede tardar un minuto.", en: "The bot is going over {name}'s decisions… it may take a minute." },
  "analysis.retry": { es: "Volver a intentarlo", en: "Try again" },
  "analysis.failed": { es: "No se pudo analizar la partida.", en: "The match could not be analysed." },
  "analysis.graph": { es: "Ventaja de {name} a lo largo de la partida (arriba: mejor)", en: "{name}'s advantage over the match (up: better)" },
  "analysis.roundMark": { es: "R{n}", en: "R{n}" },
  "analysis.none": { es: "No hubo decisiones que juzgar.", en: "There were no decisions to judge." },
  "analysis.allGood": { es: "Todas sus decisiones fueron buenas.", en: "Every decision was a good one." },
  "analysis.showGood": { es: "Mostrar también las buenas", en: "Show the good ones too" },
  "analysis.where": { es: "Ronda {round} · paso {step}", en: "Round {round} · step {step}" },
  "analysis.whereNoRound": { es: "Paso {step}", en: "Step {step}" },
  "analysis.played": { es: "Jugó: {move}", en: "Played: {move}" },
  "analysis.better": { es: "Mejor: {move}", en: "Better: {move}" },
  "analysis.bestWas": { es: "Era la mejor jugada.", en: "It was the best move." },
  "analysis.here": { es: "En este paso", en: "At this step" },
  "analysis.summary": { es: "{judged} decisiones juzgadas: {counts}.", en: "{judged} decisions judged: {counts}.", es1: "Una decisión juzgada: {counts}.", en1: "One decision judged: {counts}." },
  "analysis.label.good": { es: "bien", en: "good" },
  "analysis.label.inaccuracy": { es: "imprecisión", en: "inaccuracy" },
  "analysis.label.mistake": { es: "error", en: "mistake" },
  "analysis.label.blunder": { es: "error grave", en: "blunder" },
  "analysis.plural.good": { es: "bien", en: "good" },
  "analysis.plural.inaccuracy": { es: "imprecisiones", en: "inaccuracies" },
  "analysis.plural.mistake": { es: "errores", en: "mistakes" },
  "analysis.plural.blunder": { es: "errores graves", en: "blunders" },
});

const LABELS = ["good", "inaccuracy", "mistake", "blunder"];
// the search's budget per decision: "normal", or "easy" where a machine is slow (a test's server
// under load sets localStorage "tapete.analysisBudget")
function budget() {
  try {
    return localStorage.getItem("tapete.analysisBudget") === "easy" ? "easy" : "normal";
  } catch {
    return "normal";
  }
}

/** At a finished table: what the analysis is, and the way to it (the replay's Analysis tab, of `me`'s seat). */
export function analysisLink(tableId, me) {
  return h("div", { class: "analysis-link" },
    h("p", {}, t("analysis.intro")),
    h("a", { class: "button", href: `#/replay/${tableId}/analysis${me !== null ? `/${me}` : ""}`, "data-testid": "table-analysis" }, t("analysis.open")));
}

/** One seat's analysis as the replay shows it; `replay` is the ReplayScreen (its seat, step, go). */
export class AnalysisPanel {
  constructor(replay) {
    this.replay = replay;
    this.budget = budget();
    this.results = new Map(); // seat -> {status: "loading"|"ready"|"error", data, error}
    this.showGood = false;
  }

  /** The analysis of `seat`, asked once (again after an error, with `again`). */
  load(seat, again = false) {
    const known = this.results.get(seat);
    if (known && !(again && known.status === "error")) return known;
    const entry = { status: "loading" };
    this.results.set(seat, entry);
    api.matchAnalysis(this.replay.matchId, seat, this.budget).then((data) => {
      entry.status = "ready";
      entry.data = data;
    }, (err) => {
      entry.status = "error";
      entry.error = err.error || null;
    }).finally(() => this.replay.render());
    return entry;
  }

  /** The decision judged at the replay's step (the position before it), if any. */
  decisionAt(step) {
    const seat = this.replay.seat;
    const entry = seat === null ? null : this.results.get(seat);
    if (entry?.status !== "ready") return null;
    return entry.data.decisions.find((d) => d.step === step) || null;
  }

  /** Above the board: the decision of this step and the better move, in words. */
  betterBox(step) {
    const d = this.decisionAt(step);
    if (!d) return null;
    const words = moveWords(d);
    const best = d.label !== "good" && !sameMove(d);
    return h("p", { class: `analysis-better label-${d.label}`, "data-testid": "analysis-better", role: "status" },
      h("strong", {}, `${t("analysis.here")}: `), labelChip(d.label), " ",
      t("analysis.played", { move: quoted(words.played) }), ". ",
      best ? h("strong", {}, t("analysis.better", { move: quoted(words.best) })) : t("analysis.bestWas"));
  }

  /** On the board: the card of the better move lit, where the game's board names its cards
   * (data-testid "card-<card>"); elsewhere the move is said in words only (betterBox). */
  markBoard(board, step) {
    const d = this.decisionAt(step);
    if (!d || d.label === "good" || sameMove(d)) return;
    for (const action of d.best.json) {
      if (action?.card === undefined) continue;
      board.querySelector(`[data-testid="card-${CSS.escape(String(action.card))}"]`)?.classList.add("analysis-best");
    }
  }

  /** The tab's content. */
  panel(seats) {
    const seat = this.replay.seat;
    if (seat === null) {
      return h("div", { class: "analysis", "data-testid": "analysis" },
        h("p", {}, t("analysis.pick")),
        h("div", { class: "analysis-seats" }, seats.map((_, s) => h("button", {
          type: "button", "data-testid": `analysis-seat-${s}`, onclick: () => this.replay.setSeat(s),
        }, this.replay.seatName(s)))));
    }
    const name = this.replay.seatName(seat);
    const entry = this.load(seat);
    if (entry.status === "loading") {
      return h("div", { class: "analysis", "data-testid": "analysis", "aria-busy": "true" },
        h("p", { role: "status" }, t("analysis.computing", { name })),
        h("progress", { class: "analysis-progress", "data-testid": "analysis-progress", "aria-label": t("analysis.computing", { name }) }));
    }
    if (entry.status === "error") {
      return h("div", { class: "analysis", "data-testid": "analysis" },
        h("p", { class: "error", role: "alert", "data-testid": "analysis-error" }, entry.error ? errorText(entry.error) : t("analysis.failed")),
        h("button", { type: "button", "data-testid": "analysis-retry", onclick: () => { this.load(seat, true); this.replay.render(); } }, t("analysis.retry")));
    }
    const data = entry.data;
    const decisions = data.decisions;
    const shown = this.showGood ? decisions : decisions.filter((d) => d.label !== "good");
    const list = decisions.length === 0 ? h("p", { class: "muted" }, t("analysis.none"))
      : h("ol", { class: "analysis-list", "data-testid": "analysis-list" },
        shown.length ? shown.map((d) => this.item(d)) : h("li", { class: "muted" }, t("analysis.allGood")));
    return h("div", { class: "analysis", "data-testid": "analysis" },
      h("h3", {}, t("analysis.whose", { name })),
      h("p", { class: "analysis-summary", "data-testid": "analysis-summary" }, summaryText(data.summary)),
      graph(data, this.replay.data.steps, this.replay.step, t("analysis.graph", { name }), (step) => this.replay.goTo(step)),
      h("label", { class: "analysis-good" },
        h("input", { type: "checkbox", checked: this.showGood, "data-testid": "analysis-show-good",
          onchange: (e) => { this.showGood = e.target.checked; this.replay.render(); } }), " ", t("analysis.showGood")),
      list);
  }

  item(d) {
    const words = moveWords(d);
    const where = d.round !== null && d.round !== undefined
      ? t("analysis.where", { round: d.round, step: d.step }) : t("analysis.whereNoRound", { step: d.step }); // the replay's step: the position before it
    const current = d.step === this.replay.step;
    return h("li", {},
      h("button", {
        type: "button", class: ["analysis-item", `label-${d.label}`, current && "current"], "data-testid": "analysis-item",
        "data-step": String(d.step), "aria-current": current ? "step" : null, onclick: () => this.replay.goTo(d.step),
      },
      h("span", { class: "analysis-where" }, where), " ", labelChip(d.label),
      h("span", { class: "analysis-move" }, t("analysis.played", { move: quoted(words.played) })),
      d.label !== "good" && !sameMove(d) ? h("span", { class: "analysis-move better" }, t("analysis.better", { move: quoted(words.best) })) : null));
  }
}

function moveWords(d) {
  return d.words[lang()] || d.words.es;
}

function sameMove(d) {
  return JSON.stringify(d.best.json) === JSON.stringify(d.played.json);
}

function quoted(text) {
  return lang() === "es" ? `«${text}»` : `“${text}”`;
}

function labelChip(label) {
  return h("span", { class: `label-chip label-${label}`, "data-label": label }, t(`analysis.label.${label}`));
}

function summaryText(summary) {
  const parts = LABELS.filter((l) => summary.counts[l]).map((l) => `${summary.counts[l]} ${t(summary.counts[l] === 1 ? `analysis.label.${l}` : `analysis.plural.${l}`)}`);
  return t("analysis.summary", { judged: summary.judged, n: summary.judged, counts: parts.join(", ") });
}

/** The seat's advantage before each of its judged decisions, over the match's steps: a line,
 * a dot per decision coloured by its label (a tap steps the replay there), the rounds' starts
 * marked, the replay's step a line across. */
function graph(data, steps, current, title, goTo) {
  const W = 320, H = 120, PAD = 6;
  const decisions = data.decisions;
  const top = Math.max(0.25, ...decisions.map((d) => Math.abs(d.value)));
  const x = (step) => PAD + (W - 2 * PAD) * (steps > 0 ? step / steps : 0);
  const y = (value) => H / 2 - (H / 2 - PAD) * (value / top);
  const rounds = [];
  let last = null;
  for (const d of decisions) {
    if (d.round !== null && d.round !== last) {
      if (last !== null) rounds.push({ round: d.round, step: d.step });
      last = d.round;
    }
  }
  const points = decisions.map((d) => `${x(d.step).toFixed(1)},${y(d.value).toFixed(1)}`).join(" ");
  return svg("svg", { class: "analysis-graph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, "data-testid": "analysis-graph", preserveAspectRatio: "none" },
    svg("title", {}, title),
    svg("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }),
    svg("line", { x1: PAD, x2: W - PAD, y1: H / 2, y2: H / 2, class: "graph-zero" }),
    rounds.map((r) => [
      svg("line", { x1: x(r.step), x2: x(r.step), y1: 0, y2: H, class: "graph-round" }),
      svg("text", { x: x(r.step) + 2, y: 11, class: "graph-round-text" }, t("analysis.roundMark", { n: r.round })),
    ]),
    svg("line", { x1: x(current), x2: x(current), y1: 0, y2: H, class: "graph-now", "data-testid": "analysis-now" }),
    decisions.length > 1 ? svg("polyline", { points, class: "graph-line" }) : null,
    decisions.filter((d) => d.label !== "good").map((d) => svg("circle", {
      cx: x(d.step), cy: y(d.value), r: d.label === "inaccuracy" ? 3 : 4.5, class: `graph-dot label-${d.label}`,
      onclick: () => goTo(d.step),
    }, svg("title", {}, t(`analysis.label.${d.label}`)))));
}
