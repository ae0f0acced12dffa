// What every game's card art shares (each game's own in js/games/<game>/art.js):
// shapes, the card's base and back, dice, drawn in SVG by code. Every suit or
// colour also has a shape (circle, square, triangle, star, diamond, cross), so
// colour is never the only cue.

import { r2, s, svg } from "./dom.js";
import { t } from "./i18n.js";

// -- shapes --------------------------------------------------------------------
export function starPoints(cx, cy, r, points = 5) {
  const out = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / points;
    out.push(`${r2(cx + radius * Math.cos(angle))},${r2(cy + radius * Math.sin(angle))}`);
  }
  return out.join(" ");
}

/** A small filled shape centred on (cx, cy) with radius r. */
export function shape(kind, cx, cy, r, fill, stroke = "none") {
  const common = { fill, stroke, "stroke-width": r * 0.18 };
  switch (kind) {
    case "circle":
      return s("circle", { cx, cy, r: r * 0.85, ...common });
    case "square":
      return s("rect", { x: r2(cx - r * 0.75), y: r2(cy - r * 0.75), width: r2(r * 1.5), height: r2(r * 1.5), ...common });
    case "triangle":
      return s("polygon", { points: `${r2(cx)},${r2(cy - r)} ${r2(cx + r * 0.95)},${r2(cy + r * 0.75)} ${r2(cx - r * 0.95)},${r2(cy + r * 0.75)}`, ...common });
    case "diamond":
      return s("polygon", { points: `${r2(cx)},${r2(cy - r)} ${r2(cx + r * 0.8)},${r2(cy)} ${r2(cx)},${r2(cy + r)} ${r2(cx - r * 0.8)},${r2(cy)}`, ...common });
    case "star":
      return s("polygon", { points: starPoints(cx, cy, r * 1.05), ...common });
    case "cross": {
      const a = r * 0.32;
      const b = r * 0.9;
      return s("polygon", {
        points: [[-a, -b], [a, -b], [a, -a], [b, -a], [b, a], [a, a], [a, b], [-a, b], [-a, a], [-b, a], [-b, -a], [-a, -a]]
          .map(([x, y]) => `${r2(cx + x)},${r2(cy + y)}`).join(" "),
        ...common,
      });
    }
    case "hexagon": {
      const pts = [];
      for (let i = 0; i < 6; i++) pts.push(`${r2(cx + r * 0.9 * Math.cos((Math.PI / 3) * i))},${r2(cy + r * 0.9 * Math.sin((Math.PI / 3) * i))}`);
      return s("polygon", { points: pts.join(" "), ...common });
    }
    default:
      return s("circle", { cx, cy, r, ...common });
  }
}

export function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, content);
}

export function cardBase(w, h, fill = "#fffdf6", stroke = "#1b2a24") {
  return s("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: w * 0.1, fill, stroke, "stroke-width": 1.5 });
}

/** The back of a card: a quiet lattice, the same for every game. */
export function cardBack(w = 60, h = 84, label = null, tone = "#1f4e5f") {
  const lines = [];
  for (let i = -h; i < w + h; i += 9) {
    lines.push(s("line", { x1: i, y1: 4, x2: i + h, y2: h + 4 - 4, stroke: "rgba(255,255,255,.13)", "stroke-width": 2 }));
    lines.push(s("line", { x1: i + h, y1: 4, x2: i, y2: h, stroke: "rgba(255,255,255,.13)", "stroke-width": 2 }));
  }
  const clipId = `cb${w}x${h}`;
  return svg(w, h, label,
    s("defs", {}, s("clipPath", { id: clipId }, s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: w * 0.07 }))),
    cardBase(w, h, "#fdfaf0"),
    s("rect", { x: 4, y: 4, width: w - 8, height: h - 8, rx: w * 0.07, fill: tone }),
    s("g", { "clip-path": `url(#${clipId})` }, lines),
    s("circle", { cx: w / 2, cy: h / 2, r: w * 0.16, fill: "rgba(255,255,255,.18)", stroke: "rgba(255,255,255,.5)", "stroke-width": 1.2 }),
  );
}

// -- dice --------------------------------------------------------------------------------
const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** A six-sided die showing `n`. */
export function die(n, label = null) {
  return svg(30, 30, label || String(n),
    s("rect", { x: 1.5, y: 1.5, width: 27, height: 27, rx: 6, fill: "#fffef8", stroke: "#333", "stroke-width": 1.5 }),
    (PIPS[n] || []).map(([dx, dy]) => s("circle", { cx: 15 + dx * 7, cy: 15 + dy * 7, r: 2.6, fill: "#222" })));
}
