// The game's cards drawn in SVG by code (the shared pieces in js/cards.js).

import { shape, starPoints, text } from "../../cards.js";
import { s, svg } from "../../dom.js";

// -- Buracco ---------------------------------------------------------------------------
export const BURACCO_COLOURS = {
  rojo: { color: "#c62828", shape: "circle" },
  negro: { color: "#1d1d1d", shape: "square" },
  azul: { color: "#1560bd", shape: "triangle" },
  amarillo: { color: "#c98a00", shape: "diamond" },
};

/** A Buracco tile: "rojo-7", "comodin", or null for a face-down tile. */
export function buraccoTile(face, opts = {}) {
  const w = 40;
  const h = 56;
  const base = [
    s("rect", { x: 1, y: 2.5, width: w - 2, height: h - 3.5, rx: 5, fill: "#c9bd9b" }),
    s("rect", { x: 1, y: 1, width: w - 2, height: h - 4, rx: 5, fill: face ? "#fffaf0" : "#e6dcc3", stroke: "#5a5140", "stroke-width": 1 }),
  ];
  if (!face) return svg(w, h, opts.label || null, base, s("rect", { x: 9, y: 12, width: 22, height: 28, rx: 4, fill: "#2c6e49", opacity: 0.55 }));
  if (face === "comodin") {
    return svg(w, h, opts.label || face, base,
      s("polygon", { points: starPoints(w / 2, 23, 12), fill: "#c62828", stroke: "#1d1d1d", "stroke-width": 1.2 }),
      text(w / 2, 44, "★", { "font-size": 9, fill: "#1d1d1d" }),
      opts.wild ? s("rect", { x: 3, y: 3, width: w - 6, height: h - 8, rx: 4, fill: "none", stroke: "#c98a00", "stroke-width": 2, "stroke-dasharray": "3 2" }) : null);
  }
  const [colourName, number] = face.split("-");
  const colour = BURACCO_COLOURS[colourName] || { color: "#333", shape: "circle" };
  return svg(w, h, opts.label || face, base,
    text(w / 2, 22, number, { "font-size": number.length > 1 ? 21 : 25, "font-weight": 800, fill: colour.color }),
    shape(colour.shape, w / 2, 42, 5, colour.color),
    opts.wild ? s("rect", { x: 3, y: 3, width: w - 6, height: h - 8, rx: 4, fill: "none", stroke: "#c98a00", "stroke-width": 2, "stroke-dasharray": "3 2" }) : null);
}
