// Sexto's cards: a round chip with the card's value.

import { cardBase, shape, text } from "../../cards.js";
import { svg } from "../../dom.js";

/** A card ("e3") or null for its back. */
export function chip(face, opts = {}) {
  const [w, h] = [60, 84];
  if (!face) return svg(w, h, opts.label || null, cardBase(w, h, "#1b5e20"));
  return svg(w, h, opts.label || face, cardBase(w, h),
    shape("circle", w / 2, h / 2, 22, "#2e7d32"),
    text(w / 2, h / 2, face.slice(1), { "font-size": 22, "font-weight": 800, fill: "#fff" }));
}
