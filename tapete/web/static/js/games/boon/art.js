// The game's cards drawn in SVG by code (the shared pieces in js/cards.js).

import { cardBack, cardBase, shape, text } from "../../cards.js";
import { s, svg } from "../../dom.js";

// -- Boon -------------------------------------------------------------------------------------
export const BOON_SUITS = {
  azul: { color: "#1f63c4", shape: "circle" },
  verde: { color: "#23884a", shape: "triangle" },
  rojo: { color: "#c62828", shape: "square" },
  oro: { color: "#b07d00", shape: "star" },
};
const BOON_POINTS = { 4: 4, 5: 10, 6: 11 };

export function boonPoints(face) {
  const [suit, rankText] = face.split("-");
  const rank = Number(rankText);
  if (BOON_POINTS[rank]) return BOON_POINTS[rank];
  if (suit === "oro" && rank >= 7 && rank <= 10) return 2;
  if (suit === "oro" && rank >= 11) return 3;
  return 0;
}

/** A Boon card: "oro-14", "azul-5", or null for its back. */
export function boonCard(face, opts = {}) {
  const w = 60;
  const h = 84;
  if (!face) return cardBack(w, h, opts.label || null, "#5b2a4f");
  const [suitName, rank] = face.split("-");
  const suit = BOON_SUITS[suitName] || { color: "#333", shape: "circle" };
  const gold = suitName === "oro";
  const points = boonPoints(face);
  return svg(w, h, opts.label || face,
    cardBase(w, h, gold ? "#fff6d8" : "#fffdf6"),
    gold ? s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: 5, fill: "none", stroke: "#d9b23a", "stroke-width": 2 }) : null,
    text(12, 14, rank, { "font-size": 12, "font-weight": 800, fill: suit.color }),
    shape(suit.shape, 12, 27, 4.5, suit.color),
    text(w / 2, 46, rank, { "font-size": 30, "font-weight": 800, fill: suit.color }),
    shape(suit.shape, w - 12, h - 13, 5, suit.color),
    points ? text(14, h - 13, `${points}`, { "font-size": 9, "font-weight": 700, fill: "#555" }) : null,
  );
}
