// Cards, tiles and dice drawn in SVG by code. Every suit or colour also has a
// shape (circle, square, triangle, star, diamond, cross), so colour is never
// the only cue.

import { r2, s, svg } from "./dom.js";
import { t } from "./i18n.js";

// -- shapes --------------------------------------------------------------------
function starPoints(cx, cy, r, points = 5) {
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

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, content);
}

function cardBase(w, h, fill = "#fffdf6", stroke = "#1b2a24") {
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

// -- WANTED -------------------------------------------------------------------------------------
const WANTED_SUITS = {
  picas: { symbol: "♠", color: "#1d1d1d" },
  corazones: { symbol: "♥", color: "#c62828" },
  treboles: { symbol: "♣", color: "#1d1d1d" },
  diamantes: { symbol: "♦", color: "#c62828" },
};

export function wantedSuit(suit) {
  return WANTED_SUITS[suit] || { symbol: "★", color: "#6b3f12" };
}

/** Split a name into at most two lines that fit about `width` characters. */
function twoLines(name, width) {
  if (name.length <= width) return [name];
  const words = name.split(" ");
  let first = "";
  while (words.length && (first + " " + words[0]).trim().length <= width) first = (first + " " + words.shift()).trim();
  if (!first) first = words.shift();
  let second = words.join(" ");
  if (second.length > width) second = second.slice(0, width - 1) + "…";
  return [first, second];
}

/** A WANTED outlaw: face "A-picas" / "joker-rojo" and its data from the deck (may be missing). */
export function wantedCard(face, info, opts = {}) {
  const w = 90;
  const h = 126;
  if (!face) return cardBack(w, h, opts.label || null, "#6b3f12");
  const [rank, suitName] = face.split("-");
  const joker = rank === "joker";
  const suit = joker ? { symbol: "★", color: suitName === "rojo" ? "#c62828" : "#1d1d1d" } : wantedSuit(suitName);
  const children = [
    cardBase(w, h, "#f4e4c1", "#4a2f12"),
    s("rect", { x: 5, y: 5, width: w - 10, height: 16, rx: 3, fill: "#4a2f12" }),
    text(w / 2, 13.5, "WANTED", { "font-size": 10, "font-weight": 800, fill: "#f4e4c1", "letter-spacing": 1.5 }),
  ];
  if (joker) {
    // The two jokers differ in colour only; their colour's word says which one without it.
    children.push(text(w / 2, 36, "JOKER", { "font-size": 15, "font-weight": 800, fill: suit.color }));
    children.push(text(w / 2, 50, t(`wanted.joker.${suitName}`).toUpperCase(), { "font-size": 10, "font-weight": 800, "letter-spacing": 1, fill: suit.color }));
  } else {
    children.push(text(w / 2, 42, `${rank}${suit.symbol}`, { "font-size": 24, "font-weight": 800, fill: suit.color }));
  }
  if (info) {
    twoLines(info.name, 17).forEach((line, i) => {
      children.push(text(w / 2, 63 + i * 10, line, { "font-size": 8, "font-style": "italic", fill: "#3b2a14" }));
    });
    const mods = [];
    if (info.increment) mods.push({ sign: `+${info.increment.value}`, suit: info.increment.suit, color: "#1b6e2e" });
    if (info.decrement) mods.push({ sign: `−${info.decrement.value}`, suit: info.decrement.suit, color: "#9c1c1c" });
    mods.forEach((m, i) => {
      const x = mods.length === 1 ? w / 2 : w / 2 + (i === 0 ? -18 : 18);
      const target = wantedSuit(m.suit);
      children.push(text(x, 90, `${m.sign}${target.symbol}`, { "font-size": 11, "font-weight": 700, fill: m.color }));
    });
    children.push(s("rect", { x: 6, y: h - 25, width: 36, height: 18, rx: 3, fill: "#fff7e3", stroke: "#4a2f12", "stroke-width": 0.8 }));
    children.push(text(24, h - 16, `${t("wanted.skillShort")} ${info.skill}`, { "font-size": 9, "font-weight": 700, fill: "#3b2a14" }));
    children.push(s("rect", { x: w - 42, y: h - 25, width: 36, height: 18, rx: 3, fill: "#fff7e3", stroke: "#4a2f12", "stroke-width": 0.8 }));
    children.push(text(w - 24, h - 16, `$${info.reward}`, { "font-size": 10, "font-weight": 800, fill: "#1b6e2e" }));
  }
  return svg(w, h, opts.label || face, children);
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
