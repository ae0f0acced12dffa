// The game's cards drawn in SVG by code (the shared pieces in js/cards.js).

import { cardBack, cardBase, shape, starPoints, text } from "../../cards.js";
import { s, svg } from "../../dom.js";

// -- Bacan -------------------------------------------------------------------------
export const BACAN_SUITS = {
  rojo: { color: "#d23c3c", shape: "circle" },
  azul: { color: "#2f6fd6", shape: "square" },
  verde: { color: "#23884a", shape: "triangle" },
  amarillo: { color: "#c99400", shape: "star" },
  violeta: { color: "#8a4fc9", shape: "diamond" },
};
const BACAN_POWERS = { secreto: "Secreto", espia: "Espía", intercambio: "Intercambio", mas1: "+1" };

function powerIcon(rank, cx, cy, color) {
  if (rank === "secreto") {
    return s("g", {},
      s("path", { d: `M${cx - 14} ${cy} Q${cx} ${cy - 12} ${cx + 14} ${cy} Q${cx} ${cy + 12} ${cx - 14} ${cy} Z`, fill: "none", stroke: color, "stroke-width": 2.5 }),
      s("circle", { cx, cy, r: 4.5, fill: color }));
  }
  if (rank === "espia") {
    return s("g", {},
      s("circle", { cx: cx - 3, cy: cy - 3, r: 8, fill: "none", stroke: color, "stroke-width": 2.8 }),
      s("line", { x1: cx + 3, y1: cy + 3, x2: cx + 11, y2: cy + 11, stroke: color, "stroke-width": 3.5, "stroke-linecap": "round" }));
  }
  if (rank === "intercambio") {
    return s("g", { stroke: color, "stroke-width": 2.6, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" },
      s("path", { d: `M${cx - 12} ${cy - 5} H${cx + 10} M${cx + 5} ${cy - 10} L${cx + 11} ${cy - 5} L${cx + 5} ${cy}` }),
      s("path", { d: `M${cx + 12} ${cy + 6} H${cx - 10} M${cx - 5} ${cy + 1} L${cx - 11} ${cy + 6} L${cx - 5} ${cy + 11}` }));
  }
  return text(cx, cy, "+1", { "font-size": 24, "font-weight": 800, fill: color });
}

/** A Bacan card: face token ("rojo-7", "azul-espia", "comodin") or null for its back. */
export function bacanCard(face, opts = {}) {
  const w = 60;
  const h = 84;
  if (!face) return cardBack(w, h, opts.label || null);
  const label = opts.label || face;
  if (face === "comodin") {
    const stripes = Object.values(BACAN_SUITS).map((suit, i) =>
      s("rect", { x: 6 + i * 9.6, y: 6, width: 9.6, height: 10, fill: suit.color }));
    return svg(w, h, label,
      cardBase(w, h),
      stripes,
      s("polygon", { points: starPoints(w / 2, 44, 15), fill: "#222", stroke: "#c99400", "stroke-width": 1.5 }),
      text(w / 2, 70, "comodín", { "font-size": 9.5, "font-weight": 700, fill: "#222" }),
      text(9, 25, "−1", { "font-size": 9, "font-weight": 700, fill: "#222", "text-anchor": "start" }),
      opts.spent ? s("line", { x1: 8, y1: 76, x2: 52, y2: 12, stroke: "#555", "stroke-width": 2.5, opacity: 0.6 }) : null,
    );
  }
  const [suitName, rank] = face.split("-");
  const suit = BACAN_SUITS[suitName] || { color: "#333", shape: "circle" };
  const isPower = rank in BACAN_POWERS;
  const children = [
    cardBase(w, h),
    s("rect", { x: 4, y: 4, width: w - 8, height: 15, rx: 4, fill: suit.color }),
    shape(suit.shape, 13, 11.5, 5, "#fff"),
    shape(suit.shape, w - 13, 11.5, 5, "#fff"),
  ];
  if (isPower) {
    children.push(powerIcon(rank, w / 2, 44, suit.color));
    children.push(text(w / 2, 71, BACAN_POWERS[rank], { "font-size": rank === "intercambio" ? 7.6 : 9.5, "font-weight": 700, fill: "#222" }));
    children.push(text(w / 2, 30, "10", { "font-size": 7, fill: "#666" }));
  } else {
    children.push(text(w / 2, 47, rank, { "font-size": 34, "font-weight": 800, fill: suit.color }));
    children.push(shape(suit.shape, w / 2, 72, 4.5, suit.color));
  }
  return svg(w, h, label, children);
}
