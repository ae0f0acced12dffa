// The game's cards drawn in SVG by code (the shared pieces in js/cards.js).

import { cardBack, cardBase, text } from "../../cards.js";
import { s, svg } from "../../dom.js";
import { t } from "../../i18n.js";

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
