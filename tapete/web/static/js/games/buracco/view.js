// Buracco: the rack, melds per side, the pozo, the stock and the muertos.

import { buraccoTile } from "./art.js";
import { h } from "../../dom.js";
import { cardName } from "../../faces.js";
import { t } from "../../i18n.js";
import { cardButton, pill, section, toolBar, toolButton } from "../common.js";

/** A tile's name as the server's catalogue says it (the log's words); face down when unknown. */
export function faceName(face) {
  return face ? cardName("buracco", face) : t("buracco.faceDown");
}

function selected(ctx) {
  const face = ctx.ui.sel;
  if (face && ctx.view.rack && ctx.view.rack.includes(face)) return face;
  ctx.ui.sel = null;
  return null;
}

function tapTile(ctx, face) {
  const view = ctx.view;
  const stage = { type: "stage", tile: face };
  if (view.phase === "meld" && view.pending?.length && ctx.isLegal(stage)) {
    ctx.act(stage);
    ctx.ui.sel = null;
    return;
  }
  ctx.ui.sel = ctx.ui.sel === face ? null : face;
  ctx.refresh();
}

function tapMeld(ctx, side, slot) {
  const face = selected(ctx);
  if (!face) {
    ctx.hint(() => t("buracco.pickTileFirst"));
    return;
  }
  const options = ctx.find({ type: "extend", meld: slot, tile: face });
  if (side !== ctx.view.side) {
    ctx.hint(() => t("buracco.notYourMeld")); // extend actions name the own side's melds only
    return;
  }
  if (options.length === 1) {
    ctx.act(options[0].action);
    ctx.ui.sel = null;
  } else if (options.length > 1) {
    ctx.ui.endChoice = { slot, face };
    ctx.refresh();
  } else {
    ctx.act({ type: "extend", meld: slot, tile: face, end: "high" });
  }
}

function tapPozo(ctx) {
  const view = ctx.view;
  const face = selected(ctx);
  if (view.phase === "discard" && face) {
    ctx.act({ type: "discard", tile: face });
    ctx.ui.sel = null;
  } else {
    ctx.act({ type: "take_pozo" });
  }
}

function tileRow(faces, opts = {}) {
  return faces.map((face, i) => h("span", { class: "mini-tile", "data-key": opts.key ? `${opts.key}-${i}` : null },
    buraccoTile(face, { label: faceName(face), wild: opts.wild === i })));
}

function meldBlock(ctx, side, meld) {
  const face = ctx.ui.sel;
  const legal = face && side === ctx.view.side && ctx.find({ type: "extend", meld: meld.slot, tile: face }).length > 0;
  const kind = meld.kind === "run" ? t("buracco.run") : t("buracco.set");
  const label = `${kind} ${meld.slot + 1}: ${meld.tiles.map(faceName).join(", ")}`;
  return h("button", {
    type: "button",
    class: ["meld", meld.canasta && `canasta canasta-${meld.canasta}`, legal && "legal"],
    "data-key": `meld-${side}-${meld.slot}`,
    "data-testid": `meld-${side}-${meld.slot}`,
    "aria-label": label,
    onclick: ctx.readOnly ? null : () => tapMeld(ctx, side, meld.slot),
  },
  h("span", { class: "meld-tiles" }, tileRow(meld.tiles, { wild: meld.wild })),
  meld.canasta ? h("span", { class: "meld-tag" }, t(`buracco.canasta.${meld.canasta}`)) : null);
}

function sideBlock(ctx, side) {
  const view = ctx.view;
  const mine = view.side === side;
  const seats = view.sides[side].map((s) => ctx.name(s)).join(" + ");
  const muerto = view.muertos[side];
  return h("div", { class: ["bur-side", mine && "mine"], "data-testid": `side-${side}` },
    h("div", { class: "row-head" },
      h("span", { class: "row-name" }, mine ? t("buracco.us") : view.side === null ? t("buracco.sideN", { n: side + 1 }) : t("buracco.them")),
      h("span", { class: "muted-light" }, seats),
      pill(t("buracco.points", { n: view.side_scores[side] }), "pill-quiet"),
      pill(t("buracco.muertoState", { state: t(`buracco.muerto.${muerto.state}`) }), muerto.state === "taken" ? "pill-turn" : "pill-quiet"),
      view.canasta[side] ? pill(t("buracco.hasCanasta"), "pill-turn") : null),
    h("div", { class: "melds" }, view.melds[side].length ? view.melds[side].map((m) => meldBlock(ctx, side, m)) : h("span", { class: "muted-light" }, t("buracco.noMelds"))));
}

function others(ctx) {
  const view = ctx.view;
  const list = [];
  for (let seat = 0; seat < view.num_players; seat++) {
    if (seat === ctx.me) continue;
    const partner = ctx.me !== null && seat !== ctx.me && (seat & 1) === (ctx.me & 1);
    const known = view.known[seat] || [];
    const shown = view.racks ? view.racks[seat] : null;
    list.push(h("div", { class: ["bur-seat", view.turn === seat && "turn"], "data-key": `seat-${seat}` },
      h("div", { class: "row-head" },
        h("span", { class: "row-name" }, ctx.name(seat)),
        partner ? pill(t("buracco.partner"), "pill-quiet") : null,
        pill(t("buracco.tiles", { n: view.rack_counts[seat] }), "pill-quiet"),
        view.turn === seat && !view.over ? pill(`▶ ${t("badge.turn")}`, "pill-turn") : null),
      shown ? h("div", { class: "tile-row" }, tileRow(shown))
        : known.length ? h("div", { class: "tile-row" }, h("span", { class: "muted-light" }, t("buracco.known")), tileRow(known)) : null));
  }
  return section("bur-others", t("buracco.others"), list);
}

function centre(ctx) {
  const view = ctx.view;
  const face = selected(ctx);
  const drawLegal = ctx.isLegal({ type: "draw" });
  const pozoLegal = ctx.isLegal({ type: "take_pozo" }) || (view.phase === "discard" && face && ctx.isLegal({ type: "discard", tile: face }));
  const pozo = view.pozo;
  return section("bur-centre", t("buracco.centre"),
    h("div", { class: "pile" },
      cardButton({ key: "stock", face: "", art: buraccoTile(null), label: t("buracco.stockLabel", { n: view.stock }), legal: drawLegal, testid: "stock", onTap: ctx.readOnly ? null : () => ctx.act({ type: "draw" }) }),
      h("span", { class: "pile-label" }, t("buracco.stock", { n: view.stock }))),
    h("div", { class: "pozo-wrap" },
      h("button", {
        type: "button", class: ["pozo", pozoLegal && "legal"], "data-key": "pozo", "data-testid": "pozo",
        "aria-label": t("buracco.pozoLabel", { n: pozo.length }) + (pozo.length ? `: ${pozo.map(faceName).join(", ")}` : ""),
        onclick: ctx.readOnly ? null : () => tapPozo(ctx),
      }, pozo.length ? h("span", { class: "pozo-tiles", style: { "--n": pozo.length } }, tileRow(pozo)) : h("span", { class: "muted-light" }, t("buracco.pozoEmpty"))),
      h("span", { class: "pile-label" }, t("buracco.pozo", { n: pozo.length }))),
    h("div", { class: "muertos" }, view.muertos.map((m, side) => h("div", { class: ["muerto", `muerto-${m.state}`] },
      m.tiles ? h("span", { class: "muerto-tile" }, buraccoTile(null)) : null,
      h("span", { class: "muerto-text" },
        h("span", { class: "pile-label" }, view.side === null ? t("buracco.muertoSide", { side: side + 1, n: m.tiles })
          : t(view.side === side ? "buracco.muertoUs" : "buracco.muertoThem", { n: m.tiles })),
        h("span", { class: "pile-label muted-light" }, t(`buracco.muerto.${m.state}`)))))));
}

function pendingBlock(ctx) {
  const view = ctx.view;
  if (!view.pending || !view.pending.length) return null;
  return h("div", { class: "pending", "data-testid": "pending" },
    h("span", { class: "row-name" }, t("buracco.building")),
    h("span", { class: "meld-tiles" }, tileRow(view.pending, { key: "pending" })));
}

function tools(ctx) {
  if (ctx.readOnly) return null;
  const view = ctx.view;
  const face = selected(ctx);
  const b = [];
  const add = (action, label, opts = {}) => ctx.isLegal(action) && b.push(toolButton(label, () => { ctx.act(action); ctx.ui.sel = null; ctx.ui.endChoice = null; }, opts));
  add({ type: "draw" }, t("buracco.draw"), { primary: true, testid: "draw" });
  add({ type: "take_pozo" }, t("buracco.takePozo"), { testid: "take-pozo" });
  add({ type: "keep" }, t("buracco.keep"), { primary: true, testid: "keep" });
  add({ type: "redraw" }, t("buracco.redraw"), { testid: "redraw" });
  add({ type: "end_hand" }, t("buracco.endHand"), { testid: "end-hand" });
  add({ type: "commit" }, t("buracco.commit"), { primary: true, testid: "commit" });
  add({ type: "commit", wild_end: "high" }, t("buracco.commitHigh"), { testid: "commit-high" });
  add({ type: "cancel" }, t("buracco.cancel"), { testid: "cancel" });
  if (face) {
    add({ type: "stage", tile: face }, t("buracco.stage", { tile: faceName(face) }), { primary: !view.pending?.length, testid: "stage" });
    add({ type: "discard", tile: face }, t("buracco.discard", { tile: faceName(face) }), { primary: true, testid: "discard" });
    const choice = ctx.ui.endChoice;
    if (choice && choice.face === face) {
      for (const entry of ctx.find({ type: "extend", meld: choice.slot, tile: face })) {
        add(entry.action, t(entry.action.end === "low" ? "buracco.extendLow" : "buracco.extendHigh", { n: choice.slot + 1 }), { testid: `extend-${entry.action.end}` });
      }
    }
  }
  add({ type: "done" }, t("buracco.done"), { testid: "done", primary: !ctx.legal.some((e) => e.action.tile) });
  add({ type: "deal" }, t("buracco.deal"), { primary: true, testid: "deal" });
  return toolBar(b);
}

function rack(ctx) {
  const view = ctx.view;
  if (ctx.me === null) return null;
  const face = selected(ctx);
  const usable = new Set(ctx.legal.map((e) => e.action.tile).filter(Boolean));
  return section("bur-rack", t("buracco.yourRack"),
    h("div", { class: "row-head" }, h("span", { class: "row-name" }, t("buracco.yourRack")), pill(t("buracco.tiles", { n: view.rack.length }), "pill-quiet")),
    h("div", { class: "rack-tiles" }, view.rack.map((tile, i) => cardButton({
      key: `rack-${i}`, face: tile, art: buraccoTile(tile), label: faceName(tile),
      legal: !ctx.readOnly && usable.has(tile) && face !== tile, selected: face === tile, testid: `tile-${i}`,
      cls: usable.has(tile) || ctx.readOnly ? null : "dim-soft",
      onTap: ctx.readOnly ? null : () => tapTile(ctx, tile),
    }))));
}

// Where the board is wide (app.css shows one of the two), the hand's score table lies down: a row per
// side and a column per line of the count, three rows instead of seven, so the melds keep their room
// beside a round result. Both are built, so a resized window needs no new render.
function handBanner(ctx) {
  const view = ctx.view;
  const last = view.last_hand;
  if (!last || (view.phase !== "hand_over" && view.phase !== "over")) return null;
  const rows = ["melded", "canastas", "muerto", "going_out", "in_hand", "total"];
  const sideName = (side) => view.side === side ? t("buracco.us") : view.side === null ? t("buracco.sideN", { n: side + 1 }) : t("buracco.them");
  const total = (key) => key === "total" ? "total" : "";
  const upright = h("table", { class: "mini-table upright" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), [0, 1].map((side) => h("th", { scope: "col" }, sideName(side))))),
    h("tbody", {}, rows.map((key) => h("tr", { class: total(key) }, h("th", { scope: "row" }, t(`buracco.score.${key}`)),
      last.sides.map((s) => h("td", {}, String(s[key])))))));
  const lying = h("table", { class: "mini-table lying" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), rows.map((key) => h("th", { scope: "col", class: total(key) }, t(`buracco.score.${key}`))))),
    h("tbody", {}, last.sides.map((s, side) => h("tr", {}, h("th", { scope: "row" }, sideName(side)),
      rows.map((key) => h("td", { class: total(key) }, String(s[key])))))));
  return h("div", { class: "banner bur-hand", role: "status" }, h("div", {}, t("buracco.handOver", { n: last.hand })), upright, lying);
}

export default {
  id: "buracco",
  // a tile of the rules page's guide, drawn as the table draws it
  guideCard: (face, name) => buraccoTile(face, { label: name }),

  render(ctx) {
    const view = ctx.view;
    const order = view.side === null ? [0, 1] : [1 - view.side, view.side];
    return h("div", { class: "buracco" },
      others(ctx),
      section("bur-melds", t("buracco.melds"), order.map((side) => sideBlock(ctx, side))),
      handBanner(ctx),
      centre(ctx),
      pendingBlock(ctx),
      tools(ctx),
      rack(ctx));
  },

  prompt(ctx) {
    const view = ctx.view;
    if (ctx.me === null || !ctx.required.includes(ctx.me)) return null;
    if (view.phase === "draw") return t("buracco.prompt.draw");
    if (view.phase === "privilege") return t("buracco.prompt.privilege");
    if (view.phase === "meld") return view.pending?.length ? t("buracco.prompt.building", { n: view.pending.length }) : t("buracco.prompt.meld");
    if (view.phase === "discard") return t("buracco.prompt.discard");
    if (view.phase === "hand_over") return t("buracco.prompt.deal");
    return null;
  },

  observe(events, ctx) {
    for (const e of events) if (e.kind === "meld" || e.kind === "extend" || e.kind === "discard" || e.kind === "cancel") ctx.ui.endChoice = null;
  },

  animations(events, ctx) {
    // a tile flies from the tile itself (this seat's rack: by its face) to the tile it becomes
    const out = [];
    const me = ctx.me;
    for (const e of events) {
      const mine = e.seat === me;
      const seatKey = mine ? "rack-0" : `seat-${e.seat}`;
      const held = (face) => (mine && face ? { fromFace: face } : {});
      if (e.kind === "draw") out.push({ from: "stock", to: seatKey, face: null, ...(mine && e.tile ? { toFace: e.tile } : {}) });
      else if (e.kind === "take_pozo") out.push({ from: "pozo", to: seatKey, face: e.tiles?.[e.tiles.length - 1] ?? null });
      else if (e.kind === "discard") out.push({ from: seatKey, to: "pozo", face: e.tile, ...held(e.tile) });
      else if (e.kind === "meld") out.push({ from: seatKey, to: `meld-${e.side}-${e.slot}`, face: e.meld?.tiles?.[0] ?? null, ...held(e.meld?.tiles?.[0]) });
      else if (e.kind === "extend") out.push({ from: seatKey, to: `meld-${e.side}-${e.slot}`, face: e.tile, ...held(e.tile) });
    }
    return out;
  },

  ghost(face) {
    return buraccoTile(face);
  },

  key(event, ctx) {
    if (ctx.readOnly) return false;
    const k = event.key.toLowerCase();
    if (k === "d" && ctx.isLegal({ type: "draw" })) { ctx.act({ type: "draw" }); return true; }
    if (k === "escape" && ctx.ui.sel) { ctx.ui.sel = null; ctx.refresh(); return true; }
    if (k === "p" && ctx.isLegal({ type: "take_pozo" })) { ctx.act({ type: "take_pozo" }); return true; }
    if (k === "f" && ctx.isLegal({ type: "done" })) { ctx.act({ type: "done" }); return true; }
    return false;
  },
};
