// Nacho Loco: the triangular playfield, placement by tap and rotation.

import { cardBack } from "../../cards.js";
import { nachoCard, nachoSegments, nachoVertices, rotatedSides } from "./art.js";
import { h, r2, s } from "../../dom.js";
import { cardName as catalogueName } from "../../faces.js";
import { t } from "../../i18n.js";
import { cardButton, pill, section, toolBar, toolButton } from "../common.js";

const SCALE = 100;
const MAX_SIDE_PX = 120; // largest on-screen side of a triangle

function segmentsOf(token) {
  return token === "cerrador" ? ["cierre", "cierre", "cierre"] : token.split("/");
}

/** A card's name as the server's catalogue says it (the log's words). */
export function cardName(token) {
  return catalogueName("nacho-loco", token);
}

const cellKey = (cell) => `cell-${cell[0]}_${cell[1]}`;

/** A place action names its cell by slot: slot k is the view's k-th open cell. */
const slotOf = (ctx, cell) => ctx.view.open.findIndex((c) => c.cell[0] === cell[0] && c.cell[1] === cell[1]);

function selectedCard(ctx) {
  const view = ctx.view;
  const hand = view.hand || [];
  if (view.phase === "drawn" && view.drawn !== null && view.drawn !== undefined) return hand[view.drawn];
  const card = ctx.ui.card;
  return card && hand.includes(card) ? card : null;
}

/** Legal rotations of the selected card at `cell`. */
function rotationsAt(ctx, card, cell) {
  if (!card) return [];
  return ctx.find({ type: "place", card, slot: slotOf(ctx, cell) }).map((e) => e.action.rotation);
}

/** The cell chosen for the selected card (kept while it is still an open cell). */
function target(ctx, card) {
  const tg = ctx.ui.target;
  if (!tg || !card || !ctx.view.open.some((c) => c.cell[0] === tg[0] && c.cell[1] === tg[1])) {
    ctx.ui.target = null;
    return null;
  }
  return tg;
}

function place(ctx) {
  const card = selectedCard(ctx);
  const tg = target(ctx, card);
  if (!card || !tg) return;
  const action = { type: "place", card, slot: slotOf(ctx, tg), rotation: ctx.ui.rot };
  ctx.act(action); // a wrong rotation comes back explained (NAC-4), the choice stays
  if (ctx.isLegal(action)) {
    ctx.ui.target = null;
    ctx.ui.card = null;
  }
}

/** Any of the three rotations may be tried; the server explains one that does not fit. */
function rotate(ctx) {
  const card = selectedCard(ctx);
  if (!target(ctx, card) || card === "cerrador") return;
  ctx.ui.rot = ((ctx.ui.rot || 0) + 1) % 3;
  ctx.refresh();
}

function tapCell(ctx, cell) {
  const card = selectedCard(ctx);
  if (!card) {
    ctx.hint(() => t("nacho.pickCardFirst"));
    return;
  }
  const rots = rotationsAt(ctx, card, cell);
  if (!rots.length) {
    ctx.act({ type: "place", card, slot: slotOf(ctx, cell), rotation: 0 }); // not legal: the server says which rule
    return;
  }
  const tg = ctx.ui.target;
  if (tg && tg[0] === cell[0] && tg[1] === cell[1]) {
    place(ctx);
    return;
  }
  ctx.ui.target = cell;
  ctx.ui.rot = rots[0];
  ctx.refresh();
}

function tapCard(ctx, token) {
  if (ctx.view.phase === "drawn") return;
  ctx.ui.card = ctx.ui.card === token ? null : token;
  ctx.ui.target = null;
  ctx.refresh();
}

function bounds(cells) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of cells) {
    for (const [x, y] of nachoVertices(c[0], c[1])) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (minX === Infinity) return [0, 0, 1, 1];
  return [minX - 0.15, minY - 0.15, maxX - minX + 0.3, maxY - minY + 0.3];
}

function points(v) {
  return v.map(([x, y]) => `${r2(x * SCALE)},${r2(y * SCALE)}`).join(" ");
}

function field(ctx) {
  const view = ctx.view;
  const card = selectedCard(ctx);
  const tg = target(ctx, card);
  const legalCells = new Set(card ? ctx.find({ type: "place", card }).map((e) => cellKey(view.open[e.action.slot].cell)) : []);
  const all = [...view.field.map((c) => c.cell), ...view.open.map((c) => c.cell)];
  const [bx, by, bw, bh] = bounds(all);
  const children = [];
  for (const c of view.field) {
    const v = nachoVertices(c.cell[0], c.cell[1]);
    children.push(s("g", { "data-key": cellKey(c.cell), class: "placed", role: "img", "aria-label": t("nacho.placed", { card: cardName(c.card) }) },
      nachoSegments(v, c.sides, SCALE)));
  }
  for (const c of view.open) {
    const v = nachoVertices(c.cell[0], c.cell[1]);
    const key = cellKey(c.cell);
    const legal = legalCells.has(key);
    const isTarget = tg && tg[0] === c.cell[0] && tg[1] === c.cell[1];
    const needs = c.needs.filter(Boolean).map((n) => t(`nacho.seg.${n}`)).join(", ");
    const label = t(legal ? "nacho.openFits" : c.live ? "nacho.open" : "nacho.openDead", { needs });
    const g = s("g", {
      class: ["open", c.live ? "live" : "dead", legal && "legal", isTarget && "target"].filter(Boolean).join(" "),
      "data-key": key, "data-testid": key, role: "button", tabindex: ctx.readOnly ? null : (legal ? "0" : "-1"), "aria-label": label,
      onclick: ctx.readOnly ? null : () => tapCell(ctx, c.cell),
      onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); tapCell(ctx, c.cell); } },
    }, s("polygon", { points: points(v), class: "open-shape" }));
    if (isTarget) {
      const fits = rotationsAt(ctx, card, c.cell).includes(ctx.ui.rot);
      g.append(s("g", { class: fits ? "preview" : "preview misfit" }, nachoSegments(v, rotatedSides(segmentsOf(card), ctx.ui.rot), SCALE)));
    }
    children.push(g);
  }
  return h("div", { class: "nacho-field", "data-testid": "playfield" },
    s("svg", {
      class: "svg field-svg", viewBox: `${r2(bx * SCALE)} ${r2(by * SCALE)} ${r2(bw * SCALE)} ${r2(bh * SCALE)}`,
      style: { maxWidth: `${Math.round(bw * MAX_SIDE_PX)}px` }, // a small field stays card-sized
      role: "group", "aria-label": t("nacho.field", { n: view.field.length }),
    }, children));
}

function hand(ctx) {
  const view = ctx.view;
  if (ctx.me === null) return null;
  const card = selectedCard(ctx);
  const playable = new Set(ctx.find({ type: "place" }).map((e) => e.action.card));
  return section("nacho-hand", t("nacho.yourHand"),
    h("div", { class: "row-head" }, h("span", { class: "row-name" }, t("nacho.yourHand")), pill(t("nacho.cards", { n: view.hand.length }), "pill-quiet")),
    h("div", { class: "nacho-cards" }, view.hand.map((token, i) => cardButton({
      key: `hand-${i}`, face: token, art: nachoCard(token, { label: cardName(token) }), label: cardName(token),
      legal: !ctx.readOnly && playable.has(token) && card !== token, selected: card === token,
      cls: ["tri", view.drawn === i && "drawn", !playable.has(token) && !ctx.readOnly && "dim-soft"].filter(Boolean).join(" "),
      testid: `hand-${i}`, onTap: ctx.readOnly ? null : () => tapCard(ctx, token),
    }))));
}

function tools(ctx) {
  if (ctx.readOnly) return null;
  const view = ctx.view;
  const card = selectedCard(ctx);
  const tg = target(ctx, card);
  const b = [];
  if (tg) {
    const fits = rotationsAt(ctx, card, tg).includes(ctx.ui.rot);
    if (card !== "cerrador") b.push(toolButton(t("nacho.rotate"), () => rotate(ctx), { testid: "rotate" }));
    b.push(toolButton(t(fits ? "nacho.place" : "nacho.placeAnyway"), () => place(ctx), { primary: fits, testid: "place" }));
  }
  if (ctx.isLegal({ type: "draw" })) b.push(toolButton(t("nacho.draw"), () => ctx.act({ type: "draw" }), { primary: true, testid: "draw" }));
  if (ctx.isLegal({ type: "pass" })) {
    // Keeping a drawn card that fits nowhere is then the only move: say so.
    const onlyMove = !ctx.find({ type: "place" }).length;
    b.push(toolButton(view.phase === "drawn" ? t("nacho.keep") : t("nacho.pass"), () => ctx.act({ type: "pass" }), { testid: "pass", primary: onlyMove }));
  }
  for (const entry of ctx.find({ type: "target" })) {
    b.push(toolButton(t("nacho.makeDraw", { who: ctx.name(entry.action.seat) }), () => ctx.act(entry.action), { testid: `target-${entry.action.seat}`, primary: true }));
  }
  if (ctx.isLegal({ type: "next_round" })) b.push(toolButton(t("nacho.nextRound"), () => ctx.act({ type: "next_round" }), { primary: true, testid: "next-round" }));
  return toolBar(b);
}

function info(ctx) {
  const view = ctx.view;
  const items = [pill(t("nacho.pile", { n: view.draw_pile }), "pill-quiet")];
  for (let seat = 0; seat < view.num_players; seat++) {
    if (seat === ctx.me) continue;
    items.push(h("span", { class: ["nacho-seat", view.turn === seat && "turn"], "data-key": `seat-${seat}` },
      `${ctx.name(seat)}: `, t("nacho.cards", { n: view.hand_sizes[seat] }), view.turn === seat ? " ▶" : ""));
  }
  if (view.pending?.again) items.push(pill(t("nacho.againPending"), "pill-turn"));
  return h("div", { class: "nacho-info" }, items);
}

/** A playfield of the rules page's examples, drawn with the table's segments; the card just placed outlined. */
const FIELD_SCALE = 100;

function fieldFigure(item) {
  const corners = item.cells.flatMap((c) => nachoVertices(c.cell[0], c.cell[1]));
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const [x0, y0] = [Math.min(...xs) - 0.1, Math.min(...ys) - 0.1];
  const [w, hgt] = [Math.max(...xs) - x0 + 0.1, Math.max(...ys) - y0 + 0.1];
  const cells = item.cells.map((c) => {
    const v = nachoVertices(c.cell[0], c.cell[1]);
    const outline = c.new ? s("polygon", {
      points: v.map(([x, y]) => `${r2(x * FIELD_SCALE)},${r2(y * FIELD_SCALE)}`).join(" "),
      class: "guide-new", fill: "none",
    }) : null;
    return s("g", { role: "img", "aria-label": c.name }, nachoSegments(v, c.sides, FIELD_SCALE), outline);
  });
  const picture = s("svg", {
    class: "svg guide-field-svg", role: "group", "aria-label": item.caption,
    viewBox: `${r2(x0 * FIELD_SCALE)} ${r2(y0 * FIELD_SCALE)} ${r2(w * FIELD_SCALE)} ${r2(hgt * FIELD_SCALE)}`,
    style: { maxWidth: `${Math.round(w * 90)}px` },
  }, cells);
  return h("div", { class: "guide-figure guide-field", "data-testid": "guide-field" },
    picture, h("p", { class: "guide-caption" }, item.caption));
}

export default {
  id: "nacho-loco",
  // a card of the rules page's guide, drawn as the table draws it; a playfield of an example
  guideCard: (face, name) => (face ? nachoCard(face, { label: name }) : cardBack(100, 87, name)),
  guideBlock: (item) => (item.type === "field" ? fieldFigure(item) : null),

  render(ctx) {
    return h("div", { class: "nacho" }, info(ctx), field(ctx), tools(ctx), hand(ctx));
  },

  prompt(ctx) {
    const view = ctx.view;
    if (ctx.me === null || !ctx.required.includes(ctx.me)) return null;
    const card = selectedCard(ctx);
    if (view.phase === "play") {
      if (ctx.isLegal({ type: "draw" })) return t("nacho.prompt.draw");
      if (ctx.ui.target) {
        return rotationsAt(ctx, card, ctx.ui.target).includes(ctx.ui.rot) ? t("nacho.prompt.confirm") : t("nacho.prompt.misfit");
      }
      return card ? t("nacho.prompt.cell") : t("nacho.prompt.play");
    }
    if (view.phase === "drawn") return ctx.find({ type: "place" }).length ? t("nacho.prompt.drawn") : t("nacho.prompt.drawnNo");
    if (view.phase === "again") return t("nacho.prompt.again");
    if (view.phase === "choose") return t("nacho.prompt.choose");
    if (view.phase === "round_over") return t("nacho.prompt.next");
    return null;
  },

  observe(events, ctx) {
    for (const e of events) if (e.kind === "place" || e.kind === "field_start") ctx.ui.target = null;
  },

  animations(events, ctx) {
    const out = [];
    for (const e of events) {
      if (e.kind === "place") out.push({ from: e.seat === ctx.me ? "hand-0" : `seat-${e.seat}`, to: cellKey(e.cell), face: e.card });
    }
    return out;
  },

  ghost(face) {
    return face ? nachoCard(face) : h("span");
  },

  key(event, ctx) {
    if (ctx.readOnly) return false;
    const k = event.key.toLowerCase();
    if (k === "r" && ctx.ui.target) { rotate(ctx); return true; }
    if (k === "enter" && ctx.ui.target && !(event.target instanceof HTMLButtonElement) && !(event.target instanceof SVGElement)) { place(ctx); return true; }
    if (k === "escape") { ctx.ui.target = null; ctx.ui.card = null; ctx.refresh(); return true; }
    return false;
  },
};
