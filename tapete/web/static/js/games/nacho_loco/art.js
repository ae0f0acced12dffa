// The game's cards drawn in SVG by code (the shared pieces in js/cards.js).

import { shape, text } from "../../cards.js";
import { r2, s, svg } from "../../dom.js";

// -- Nacho Loco ----------------------------------------------------------------------------
export const NACHO_SEGMENTS = {
  rojo: { color: "#e53935", shape: "circle" },
  naranja: { color: "#f57c00", shape: "square" },
  amarillo: { color: "#fbc02d", shape: "triangle" },
  verde: { color: "#43a047", shape: "diamond" },
  azul: { color: "#1e88e5", shape: "star" },
  marron: { color: "#795548", shape: "cross" },
  saltar: { color: "#37234f", icon: "skip" },
  otravez: { color: "#1d3f54", icon: "again" },
  roba3: { color: "#5b1e2d", icon: "draw3" },
  X: { color: "#111", icon: "x" },
  cierre: { color: "#b8860b", icon: "closer" },
};

const HEIGHT = Math.sqrt(3) / 2;

/** Corners of cell (x, y) on a lattice of side 1 (y down), as geometry.py defines them. */
export function nachoVertices(x, y) {
  const left = x / 2;
  const top = y * HEIGHT;
  const bottom = (y + 1) * HEIGHT;
  if ((x + y) % 2 === 0) return [[left, bottom], [left + 0.5, top], [left + 1, bottom]];
  return [[left, top], [left + 1, top], [left + 0.5, bottom]];
}

function segmentIcon(info, cx, cy, r) {
  const white = "#fff";
  switch (info.icon) {
    case "skip":
      return s("g", { stroke: white, "stroke-width": r * 0.22, fill: "none" },
        s("circle", { cx, cy, r: r * 0.75 }),
        s("line", { x1: cx - r * 0.52, y1: cy + r * 0.52, x2: cx + r * 0.52, y2: cy - r * 0.52 }));
    case "again":
      return s("g", { stroke: white, "stroke-width": r * 0.22, fill: "none", "stroke-linecap": "round" },
        s("path", { d: `M${r2(cx + r * 0.7)} ${r2(cy)} A${r2(r * 0.7)} ${r2(r * 0.7)} 0 1 1 ${r2(cx)} ${r2(cy - r * 0.7)}` }),
        s("path", { d: `M${r2(cx - r * 0.1)} ${r2(cy - r * 1.05)} L${r2(cx + r * 0.2)} ${r2(cy - r * 0.7)} L${r2(cx - r * 0.15)} ${r2(cy - r * 0.35)}` }));
    case "draw3":
      return text(cx, cy, "+3", { "font-size": r * 1.25, "font-weight": 800, fill: white });
    case "x":
      return s("g", { stroke: white, "stroke-width": r * 0.25, "stroke-linecap": "round" },
        s("line", { x1: cx - r * 0.55, y1: cy - r * 0.55, x2: cx + r * 0.55, y2: cy + r * 0.55 }),
        s("line", { x1: cx + r * 0.55, y1: cy - r * 0.55, x2: cx - r * 0.55, y2: cy + r * 0.55 }));
    case "closer":
      return shape("star", cx, cy, r * 0.9, "#fff8dc");
    default:
      return shape(info.shape, cx, cy, r * 0.62, "rgba(255,255,255,.92)", "rgba(0,0,0,.35)");
  }
}

/**
 * The three segments of a triangle with corners `v` (side k runs from corner k
 * to k+1) showing `sides[k]`, as SVG polygons with a shape or icon on each.
 */
export function nachoSegments(v, sides, scale = 1) {
  const cx = (v[0][0] + v[1][0] + v[2][0]) / 3;
  const cy = (v[0][1] + v[1][1] + v[2][1]) / 3;
  const out = [];
  for (let k = 0; k < 3; k++) {
    const a = v[k];
    const b = v[(k + 1) % 3];
    const info = NACHO_SEGMENTS[sides[k]] || { color: "#999", shape: "circle" };
    out.push(s("polygon", {
      points: `${r2(cx * scale)},${r2(cy * scale)} ${r2(a[0] * scale)},${r2(a[1] * scale)} ${r2(b[0] * scale)},${r2(b[1] * scale)}`,
      fill: info.color, stroke: "rgba(0,0,0,.35)", "stroke-width": 0.012 * scale,
    }));
    const mx = (cx + a[0] + b[0]) / 3;
    const my = (cy + a[1] + b[1]) / 3;
    out.push(segmentIcon(info, r2(mx * scale), r2(my * scale), 0.095 * scale));
  }
  out.push(s("polygon", {
    points: v.map(([x, y]) => `${r2(x * scale)},${r2(y * scale)}`).join(" "),
    fill: "none", stroke: "#1b1b1b", "stroke-width": 0.03 * scale, "stroke-linejoin": "round",
  }));
  return out;
}

/** The segments a design shows on sides 0, 1, 2 of a cell in rotation r. */
export function rotatedSides(segments, rotation) {
  return [0, 1, 2].map((k) => segments[(((k - rotation) % 3) + 3) % 3]);
}

/** A Nacho Loco card as an up triangle in rotation 0 ("rojo/verde/X" or "cerrador"). */
export function nachoCard(token, opts = {}) {
  const segments = token === "cerrador" ? ["cierre", "cierre", "cierre"] : token.split("/");
  const size = 100;
  const v = [[0.04, HEIGHT - 0.02], [0.5, 0.02 + 0.02], [0.96, HEIGHT - 0.02]];
  return svg(size, Math.ceil(HEIGHT * size), opts.label || token, nachoSegments(v, segments, size));
}
