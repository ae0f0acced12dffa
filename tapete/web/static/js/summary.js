// The end-of-match summary: winners, final scores, rounds, and where to go next.

import "./analysis.js"; // its words (the summary links to it)
import { h } from "./dom.js";
import { scoreUnit, scoresPanel } from "./frame.js";
import { gameFacts } from "./games/index.js";
import { say, t } from "./i18n.js";
import { seatLabel } from "./util.js";

export function summaryDialog({ game, view, outcome, seats, me, history, tableId, close, rematch = null }) {
  const winners = outcome?.winners ?? view.winners ?? [];
  const scores = view.scores || outcome?.scores || [];
  const order = scores.map((score, seat) => ({ seat, score }));
  const facts = gameFacts(game);
  const lowWins = facts.score_sense < 0; // lower scores are better (Bacan's points)
  order.sort((a, b) => {
    const wa = winners.includes(a.seat) ? 0 : 1;
    const wb = winners.includes(b.seat) ? 0 : 1;
    if (wa !== wb) return wa - wb;
    return lowWins ? a.score - b.score : b.score - a.score;
  });
  const iWon = me !== null && winners.includes(me);
  const headline = winners.length === 0 ? t("summary.noWinner")
    : iWon ? (winners.length > 1 ? t("summary.youShare") : t("summary.youWin"))
      : t("summary.winners", { who: winners.map((s) => seatLabel(seats, s, me, true)).join(", ") });
  const dialog = h("div", { class: "overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": "summary-title", "data-testid": "summary" },
    h("div", { class: "dialog" },
      h("h2", { id: "summary-title" }, t("summary.title")),
      h("p", { class: ["headline", iWon && "won"] }, headline),
      h("table", { class: "final" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("summary.seat")), h("th", { scope: "col" }, scoreUnit(game)), h("th", { scope: "col" }, t("summary.result")))),
        h("tbody", {}, order.map(({ seat, score }) => h("tr", { class: winners.includes(seat) ? "winner" : "" },
          h("th", { scope: "row" }, seatLabel(seats, seat, me)),
          h("td", {}, String(score)),
          h("td", {}, winners.includes(seat) ? `★ ${t("badge.winner")}` : ""))))),
      h("p", { class: "muted" }, facts.rounds_text ? say(facts.rounds_text, { n: outcome?.rounds ?? view.round }) : t("summary.rounds", { n: outcome?.rounds ?? view.round })),
      history.filter((row) => !row.final).length ? h("details", {}, h("summary", {}, t("summary.byRound")),
        scoresPanel(game, seats, me, history, scores, view.round, true)) : null,
      rematch,
      h("div", { class: "dialog-buttons" },
        h("a", { class: "button primary", href: `#/replay/${tableId}`, "data-testid": "open-replay" }, t("summary.replay")),
        h("a", { class: "button", href: `#/replay/${tableId}/analysis${me !== null ? `/${me}` : ""}`, "data-testid": "open-analysis" }, t("analysis.open")),
        h("a", { class: "button", href: `#/new/${game}` }, t("summary.again")),
        h("button", { type: "button", onclick: close, "data-testid": "close-summary" }, t("summary.close")))));
  dialog.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
  requestAnimationFrame(() => dialog.querySelector(".button.primary")?.focus());
  return dialog;
}
